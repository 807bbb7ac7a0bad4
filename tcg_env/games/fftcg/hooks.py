"""FF-TCG's side of the engine core's contract (``tcg_env.engine.hooks``): the kernels the shared
row, batch and policy kernels call, by the contract's names, and :data:`RULES`, the tag that makes
the core compile them for this game.

The game's rules kernels call each other through the tag, ``game.refresh_derived(s, T)``
(docs/architecture.md, "Rules variants"): ``game.name`` is the function ``name`` of this module,
else of the one module of :data:`RULES_MODULES` that defines it. A variant's hooks module imports
this one (``from tcg_env.games.fftcg.hooks import *``), sets its own ``RULES`` and replaces any of
those rules, however deep (``tests/fftcg/variant_example.py``)."""

from importlib import import_module

from tcg_env.engine.jit import internal
from tcg_env.engine.memory import prefetch
from tcg_env.games.fftcg.constants import FIELD_SLOTS, HAND_SLOTS, MAX_DECK, NUM_ACTIONS  # noqa: F401
from tcg_env.games.fftcg.turn import advance as advance_row  # noqa: F401
from tcg_env.games.fftcg.kernels import apply_unchecked, legal_mask_row, setup_row  # noqa: F401
from tcg_env.games.fftcg.observation import OBS_SIZE, observe_into, observe_row  # noqa: F401
from tcg_env.games.fftcg.policy_kernels import heuristic_action, resample_hidden  # noqa: F401
from tcg_env.games.fftcg.constants import RULES, TARGET_MAX, A_CODE_LEN, A_CODE_START  # noqa: F401
from tcg_env.games.fftcg.filters import condition_holds, filter_match  # noqa: F401
from tcg_env.games.fftcg.zones import discard_hand_index, draw_cards  # noqa: F401
from tcg_env.games.fftcg.triggers import after_draw  # noqa: F401 - the effect interpreter's DRAW (Trigger.DRAW)
from tcg_env.games.fftcg.effects import (  # noqa: F401 - the effect interpreter's hooks (tcg_env.engine.effects)
    add_power,
    add_restrictions,
    after_each_target,
    ask_discard,
    choose_candidates,
    each_target,
    exec_op,
    grant_keywords,
    hand_count,
    in_play_count,
    in_play_slot,
    target_affected,
)
from tcg_env.games.fftcg.constants import Decision
from tcg_env.games.fftcg.state import (ATK_N, CARD, CARD_W, D_COUNTS, ENTRY_W, FA_FIELD_N, FA_HEAD, FA_POS, FA_W,
                                       FIELD_L, FIELD_N, FRAME_N, FRAME_W, FRAMES, HAND_L, HAND_N, PT, PT_N, STACK,
                                       STACK_N)
from tcg_env.games.fftcg.state import STATE_SIZE  # noqa: F401 - the engine contract's
from tcg_env.games.fftcg.state import DEC_ARG, E_ABIL, E_CTRL, E_REG, E_REGN, E_SLOT, FR_CNT, FR_PC  # noqa: F401
from tcg_env.games.fftcg.state import E_AUX, E_CARD, E_KIND, FR_MODE, FR_PURPOSE  # the core's push_frame
from tcg_env.games.fftcg.constants import N_REGS  # noqa: F401

# the chase and the pending automatic abilities' rules (tcg_env.engine.chase, .triggers)
from tcg_env.games.fftcg.constants import PENDING_TRIGGER_MAX, STACK_MAX
from tcg_env.games.fftcg.rule_processes import rule_processes  # noqa: F401
from tcg_env.games.fftcg.priority import actions_allowed_now as actions_allowed  # noqa: F401
from tcg_env.games.fftcg.priority import order_triggers as order_pending, place_trigger as play_pending  # noqa: F401
from tcg_env.games.fftcg.state import PASSES, PRIORITY_PLAYER, TURN_PLAYER  # noqa: F401

# the modules whose kernels are the game's rules, reached as ``game.name`` (engine.hooks.find_rule;
# imported by path, so that no module name shadows a kernel of the same name, ``rule_processes``)
RULES_MODULES = tuple(import_module(f"tcg_env.games.fftcg.{name}") for name in (
    "filters", "characteristics", "triggers", "zones", "rule_processes", "effects", "priority", "costs",
    "play", "battle", "turn", "kernels"))

# the effect interpreter's frame words (tcg_env.engine.effects): a frame is a stack entry plus the
# interpreter's registers (state.py)
FRAME_SOURCE = E_SLOT
FRAME_ABILITY = E_ABIL
FRAME_CONTROLLER = E_CTRL
FRAME_PC = FR_PC
FRAME_COUNT = FR_CNT
FRAME_REG_COUNTS = E_REGN
FRAME_REGS = E_REG
FRAME_KIND, FRAME_CARD, FRAME_AUX, FRAME_MODE, FRAME_PURPOSE = E_KIND, E_CARD, E_AUX, FR_MODE, FR_PURPOSE
DECISION_CHOOSE_TARGET = Decision.CHOOSE_TARGET

# the engine core's chase and pending automatic abilities (tcg_env.engine.chase, .triggers): the
# layout (the rules they run are imported above)
PENDING_COUNT, PENDING, PENDING_MAX = PT_N, PT, PENDING_TRIGGER_MAX
CHASE_COUNT, CHASE, CHASE_MAX, CHASE_ENTRY_W = STACK_N, STACK, STACK_MAX, ENTRY_W
PRIORITY_DECISION = Decision.PRIORITY


@internal
def _prefetch_hot_lines(s):
    """The lines of a row that nearly every step reads (measured by tracing which words one step
    touches: ~36 of the row's 256 lines, most of them these plus the card records)."""
    prefetch(s, 0, HAND_L + 2 * MAX_DECK, False)  # header, flow, counts, deck tops, both hands
    prefetch(s, FIELD_L, FIELD_L + 2 * FIELD_SLOTS, False)
    prefetch(s, D_COUNTS, STACK + ENTRY_W, False)  # derived counts, payment, stack count and top
    prefetch(s, PT_N, PT + 6, False)
    prefetch(s, FRAME_N, FRAMES + FRAME_W, False)
    prefetch(s, ATK_N, FA_HEAD, False)  # (not the field part kept: read only with field abilities on the field)


@internal
def _prefetch_cards(s):
    """The records of the cards in both hands and on both fields, and the top stack entry."""
    for p in range(2):
        for i in range(min(s[HAND_N + p], HAND_SLOTS)):
            slot = s[HAND_L + p * MAX_DECK + i]
            prefetch(s, CARD + slot * CARD_W, CARD + slot * CARD_W + CARD_W, False)
        for i in range(s[FIELD_N + p]):
            slot = s[FIELD_L + p * FIELD_SLOTS + i]
            prefetch(s, CARD + slot * CARD_W, CARD + slot * CARD_W + CARD_W, False)
    n = s[STACK_N]
    if n > 0:
        prefetch(s, STACK + (n - 1) * ENTRY_W, STACK + n * ENTRY_W, False)
    if s[FA_HEAD + FA_FIELD_N] > 0:  # a field part kept (its head came with the hot lines): its places' records
        m = max(s[FIELD_N], s[FIELD_N + 1])
        prefetch(s, FA_POS, FA_POS + 2 * m * FA_W, False)


@internal
def prefetch_rows(states, b, hi):
    """Before the step of row ``b`` (measured: a row is touched once per batch step, so the next
    rows are cold): fetch row b+2's always-read lines and row b+1's hand / field card records (its
    lists arrived last iteration) while this row runs."""
    if b + 2 < hi:
        _prefetch_hot_lines(states[b + 2])
    if b + 1 < hi:
        _prefetch_cards(states[b + 1])
