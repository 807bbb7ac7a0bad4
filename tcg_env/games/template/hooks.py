"""The template game's side of the engine core's contract (docs/architecture.md, "The contract"):
the kernels the core calls, by the contract's names, the row offsets its chase and pending
abilities read, the counter window's declarations, and :data:`RULES_MODULES`, where a rules kernel
called through the tag (``game.draw(s, p)``) is found."""

from tcg_env.engine.chase import WindowClose
from tcg_env.games.template import kernels, observation, play, policy_kernels, turn
from tcg_env.games.template.constants import CHASE_MAX, NUM_ACTIONS, PASS, PENDING_MAX, RULES, Decision  # noqa: F401
from tcg_env.games.template.kernels import advance_row, apply_unchecked, legal_mask_row, setup_row  # noqa: F401
from tcg_env.games.template.observation import OBS_SIZE, observe_into, observe_row  # noqa: F401
from tcg_env.games.template.play import (  # noqa: F401
    condition_holds, filter_match, order_pending, play_pending, response_allowed,
)
from tcg_env.games.template.policy_kernels import heuristic_action, resample_hidden  # noqa: F401
from tcg_env.games.template.state import (  # noqa: F401
    CHASE, CHASE_COUNT, CHASE_ENTRY_W, PASSES, PENDING, PENDING_COUNT, PRIORITY_PLAYER, STATE_SIZE, TURN_PLAYER,
    WINDOW,
)
from tcg_env.games.template.turn import rule_processes  # noqa: F401

# the counter window (engine.chase, "Response windows"): R 8
PRIORITY_DECISION = Decision.COUNTER
PASS_ACTION = PASS
WINDOW_CLOSING_PASSES = 1  # R 8.3: one decline closes it
WINDOW_ON_CLOSE = WindowClose.RESOLVE_ALL  # R 8.3: every Negate resolves, the last first
WINDOW_COMPLETES_ORIGINAL = 1  # R 8.4: then the card being played completes, if it still can
WINDOW_RESPONDER_KEEPS_PRIORITY = 0  # R 8.2: the other player may answer a Negate
WINDOW_PLAYS_PENDING_ABILITIES = 0  # R 11.2: abilities wait for the turn player's next decision

RULES_MODULES = (turn, play, kernels, observation, policy_kernels)
