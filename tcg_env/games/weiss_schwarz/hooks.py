"""Weiss Schwarz's side of the engine core's contract (``tcg_env.engine.hooks``): the kernels the
shared row, batch and policy kernels call, by the contract's names, and :data:`RULES`, the tag that
makes the core compile them for this game."""

from tcg_env.engine.hooks import Rules
from tcg_env.games.weiss_schwarz.constants import NUM_ACTIONS  # noqa: F401
from tcg_env.games.weiss_schwarz.kernels import advance_row, apply_unchecked, legal_mask_row, setup_row  # noqa: F401
from tcg_env.games.weiss_schwarz.observation import OBS_SIZE, observe_into, observe_row  # noqa: F401
from tcg_env.games.weiss_schwarz.policy_kernels import heuristic_action, resample_hidden  # noqa: F401
from tcg_env.games.weiss_schwarz.state import STATE_SIZE  # noqa: F401

RULES = Rules(__name__)
