"""The Dragon Ball Super Card Game's side of the engine core's contract (docs/architecture.md, "The
contract"): the kernels the core calls, the row offsets its counter timing, pending [Auto] skills
and effect frames read, the counter timing's declarations, and :data:`RULES_MODULES`, where a rules
kernel called through the tag (``game.draw(s, p, n)``) is found."""

from tcg_env.engine.chase import WindowClose
from tcg_env.games.dbscg import battle, effects, kernels, observation, play, policy_kernels, turn
from tcg_env.games.dbscg.constants import (  # noqa: F401
    A_CODE_LEN, A_CODE_START, CHASE_MAX, FRAME_MAX, N_REGS, NUM_ACTIONS, PASS, PENDING_MAX, RULES, TARGET_MAX,
    Decision,
)
from tcg_env.games.dbscg.effects import (  # noqa: F401
    add_power, add_restrictions, ask_discard, choose_candidates, discard_hand_index, draw_cards, each_target,
    exec_op, filter_match, grant_keywords, hand_count, in_play_count, in_play_slot, order_pending, play_pending,
    target_affected,
)
from tcg_env.games.dbscg.kernels import advance_row, apply_unchecked, legal_mask_row, setup_row  # noqa: F401
from tcg_env.games.dbscg.observation import OBS_SIZE, observe_into, observe_row  # noqa: F401
from tcg_env.games.dbscg.play import response_allowed  # noqa: F401
from tcg_env.games.dbscg.policy_kernels import heuristic_action, resample_hidden  # noqa: F401
from tcg_env.games.dbscg.state import (  # noqa: F401
    CARD, CARD_W, CHASE, CHASE_COUNT, CHASE_ENTRY_W, DEC_ARG, FRAME_ABILITY, FRAME_AUX, FRAME_CARD, FRAME_CONTROLLER,
    FRAME_COUNT, FRAME_KIND, FRAME_MODE, FRAME_N, FRAME_PC, FRAME_PURPOSE, FRAME_REG_COUNTS, FRAME_REGS, FRAME_SOURCE,
    FRAME_STORE, FRAME_W, FRAMES, PASSES, PENDING, PENDING_COUNT, PRIORITY_PLAYER, STATE_SIZE, TURN_PLAYER, WINDOW,
)
from tcg_env.games.dbscg.turn import condition_holds, interrupt_due, keeps_modifiers, rule_processes  # noqa: F401

# the counter timing (engine.chase, "Response windows"): 4-7
PRIORITY_DECISION = Decision.COUNTER
PASS_ACTION = PASS
WINDOW_CLOSING_PASSES = 1  # 4-7-3-2 .. 4-7-3-4: one decline closes it
WINDOW_ON_CLOSE = WindowClose.RESOLVE_ALL  # 4-7-3-5: every [Counter] resolves, the last activated first
WINDOW_COMPLETES_ORIGINAL = 1  # 4-7-3-6: then the play or attack is carried out, if it still can be
WINDOW_RESPONDER_KEEPS_PRIORITY = 0  # 4-7-3-3: the other player may answer a [Counter]
WINDOW_PLAYS_PENDING_ABILITIES = 0  # 4-7-3-1: [Auto] skills wait for the checkpoint after it
DECISION_CHOOSE_TARGET = Decision.SELECT  # the core's CHOOSE asks with it (engine.effects)

RULES_MODULES = (turn, play, battle, effects, kernels, observation, policy_kernels)
