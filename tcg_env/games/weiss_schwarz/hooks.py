"""Weiss Schwarz's side of the engine core's contract (``tcg_env.engine.hooks``): the kernels the
shared row, batch and policy kernels call, by the contract's names, and :data:`RULES`, the tag that
makes the core compile them for this game.

The game's rules kernels are methods of that tag (docs/architecture.md, "Rules variants"): a
kernel calls another rule as ``game.name(...)``, which is the function ``name`` of this module,
else of the one module of :data:`RULES_MODULES` that defines it. A variant's hooks module
(``from tcg_env.games.weiss_schwarz.hooks import *`` and its own ``RULES``) replaces a rule by
defining a function of the same name, and every kernel of this game compiled for the variant's
tag calls it."""

from tcg_env.games.weiss_schwarz import (battle, characteristics, costs, effects, filters, kernels, play, rule_processes,
                                         triggers, turn, zones)
from tcg_env.games.weiss_schwarz.constants import NUM_ACTIONS  # noqa: F401
from tcg_env.games.weiss_schwarz.kernels import advance_row, apply_unchecked, legal_mask_row, setup_row  # noqa: F401
from tcg_env.games.weiss_schwarz.observation import OBS_SIZE, observe_into, observe_row  # noqa: F401
from tcg_env.games.weiss_schwarz.policy_kernels import heuristic_action, resample_hidden  # noqa: F401
from tcg_env.games.weiss_schwarz.state import STATE_SIZE  # noqa: F401
from tcg_env.games.weiss_schwarz.constants import Decision
from tcg_env.games.weiss_schwarz.constants import A_CODE_LEN, A_CODE_START, RULES, TARGET_MAX  # noqa: F401
from tcg_env.games.weiss_schwarz.state import DEC_ARG, FR_ABIL, FR_CNT, FR_MASTER, FR_PC, FR_REG, FR_REGN, FR_SLOT  # noqa: F401
from tcg_env.games.weiss_schwarz.state import FR_STORE
from tcg_env.games.weiss_schwarz.filters import condition_holds, filter_match  # noqa: F401
from tcg_env.games.weiss_schwarz.zones import draw_cards  # noqa: F401
from tcg_env.games.weiss_schwarz.effects import (  # noqa: F401 - the effect interpreter's hooks (tcg_env.engine.effects)
    add_power,
    add_restrictions,
    ask_discard,
    choose_candidates,
    chosen_so_far,
    discard_hand_index,
    each_target,
    exec_op,
    grant_keywords,
    hand_count,
    in_play_count,
    in_play_slot,
    interrupt_due,
    target_affected,
)

# the engine core's pending automatic abilities (tcg_env.engine.triggers): the layout and the rules
# that play them
from tcg_env.games.weiss_schwarz.triggers import order_pending, play_pending  # noqa: F401
from tcg_env.games.weiss_schwarz.constants import PENDING_MAX  # noqa: F401
from tcg_env.games.weiss_schwarz.state import PT as PENDING, PT_N as PENDING_COUNT, TURN_PLAYER  # noqa: F401

# the effect interpreter's frame words (tcg_env.engine.effects): state.py's frame layout
FRAME_SOURCE = FR_SLOT
FRAME_ABILITY = FR_ABIL
FRAME_CONTROLLER = FR_MASTER
FRAME_PC = FR_PC
FRAME_COUNT = FR_CNT
FRAME_REG_COUNTS = FR_REGN
FRAME_REGS = FR_REG
FRAME_STORE = FR_STORE  # the value COUNT / BRAINSTORM stored: the core's count operand -1
DECISION_CHOOSE_TARGET = Decision.CHOOSE_TARGET

# the game's rules modules, where ``game.name`` finds a rule this module does not define
RULES_MODULES = (zones, filters, characteristics, costs, triggers, play, battle, rule_processes, effects, turn, kernels)
