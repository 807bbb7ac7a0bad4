"""Force of Will's side of the engine core's contract (``tcg_env.engine.hooks``): the kernels the
shared row, batch and policy kernels call, by the contract's names, and :data:`RULES`, the tag
that makes the core compile them for this game (docs/architecture.md, "The contract").

:data:`RULES_MODULES`: every module of the game's kernels. The kernels call each other's rules
through the tag, ``game.destroy(s, T, slot)``, which resolves to the function of that name here or
in one of these modules (docs/architecture.md, "Rules variants"): a variant's hooks module that
replaces ``destroy`` is then reached from every kernel of the game that destroys a card."""

import importlib

from tcg_env.games.force_of_will.constants import (  # noqa: F401
    A_CODE_LEN, A_CODE_START, CHASE_MAX, NUM_ACTIONS, PENDING_MAX, RULES, TARGET_MAX, Decision
)
from tcg_env.games.force_of_will.kernels import advance_row, apply_unchecked, legal_mask_row, setup_row  # noqa: F401
from tcg_env.games.force_of_will.observation import OBS_SIZE, observe_into, observe_row  # noqa: F401
from tcg_env.games.force_of_will.policy_kernels import heuristic_action, resample_hidden  # noqa: F401
from tcg_env.games.force_of_will.rule_processes import rule_processes  # noqa: F401
# the effect interpreter's hooks
from tcg_env.games.force_of_will.filters import condition_holds, filter_match  # noqa: F401
from tcg_env.games.force_of_will.zones import discard_hand_index, draw_cards, hand_count  # noqa: F401
from tcg_env.games.force_of_will.effects import (  # noqa: F401
    add_power, add_power_second, add_restrictions, after_each_target, ask_discard, choose_candidates,
    each_target, exec_op, grant_keywords, in_play_count, in_play_slot, target_affected, target_done
)
from tcg_env.games.force_of_will.effects import interrupt_due  # noqa: F401  (session 34, s34b)
from tcg_env.games.force_of_will.priority import order_pending, play_pending  # noqa: F401
from tcg_env.games.force_of_will.state import (  # noqa: F401
    CHASE, CHASE_N, DEC_ARG, E_ABIL, E_CTRL, E_REG, E_REGN, E_SLOT, ENTRY_W, FR_CNT, FR_PC, PASSES,
    PRIORITY_PLAYER, PT, PT_N, STATE_SIZE, TURN_PLAYER
)
# the core's frame stack (engine.effects.push_frame ...)
from tcg_env.games.force_of_will.constants import FRAME_MAX, N_REGS  # noqa: F401
from tcg_env.games.force_of_will.state import (  # noqa: F401
    CARD, CARD_W, E_AUX, E_CARD, E_KIND, E_X, FR_MODE, FR_PURPOSE, FRAME_N, FRAME_W, FRAMES
)

# the effect interpreter's frame words (tcg_env.engine.effects): a frame is a chase entry plus
# the interpreter's words (state.py)
FRAME_SOURCE, FRAME_ABILITY, FRAME_CONTROLLER = E_SLOT, E_ABIL, E_CTRL
FRAME_PC, FRAME_COUNT, FRAME_REG_COUNTS, FRAME_REGS = FR_PC, FR_CNT, E_REGN, E_REG
FRAME_KIND, FRAME_CARD, FRAME_AUX, FRAME_MODE, FRAME_PURPOSE = E_KIND, E_CARD, E_AUX, FR_MODE, FR_PURPOSE
FRAME_STORE = E_X  # the X chosen when the card was played (CR 903.2f): the core's count operand -1
FRAME_REG_EMPTY = -1  # a register slot no card fills
DECISION_CHOOSE_TARGET = Decision.CHOOSE_TARGET

# the core's chase and pending automatic abilities (tcg_env.engine.chase, .triggers)
PENDING_COUNT, PENDING = PT_N, PT
CHASE_COUNT, CHASE_ENTRY_W = CHASE_N, ENTRY_W
PRIORITY_DECISION = Decision.PRIORITY

# the modules of the game's kernels, in the order of kernels.py's reading guide (engine.hooks.find_rule;
# imported by path: the module rule_processes and the kernel rule_processes share a name here)
RULES_MODULES = tuple(importlib.import_module(f"tcg_env.games.force_of_will.{name}") for name in (
    "characteristics", "filters", "costs", "replacement", "triggers", "zones", "rule_processes", "keywords", "effects",
    "priority", "play", "battle", "turn", "kernels", "observation", "policy_kernels"))
