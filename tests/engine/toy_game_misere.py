"""A rules variant of toy_game.py: misère Nim, where whoever takes the last token loses.

It shows how a variant plugs in (docs/architecture.md, "Rules variants"): its own hooks module
and :class:`~tcg_env.engine.hooks.Rules`, replacing the kernels that change and importing the rest
from the base game. Here it replaces ``last_token_taken``, which the base game's
``apply_unchecked`` reaches through ``game.take_tokens``, and the heuristic. The core compiles a
separate engine per variant, so neither variant's code has a branch on the other."""

from numba import njit

from tcg_env.engine.decisions import end_game
from tcg_env.engine.header import H_DECIDER
from tcg_env.engine.hooks import Rules
from toy_game import (  # noqa: F401  (the base game's kernels that the variant keeps)
    NUM_ACTIONS,
    OBS_SIZE,
    PILE,
    STATE_SIZE,
    advance_row,
    apply_unchecked,
    legal_mask_row,
    observe_into,
    observe_row,
    resample_hidden,
    setup_row,
    take_tokens,
)

RULES = Rules(__name__)


@njit(cache=True)
def last_token_taken(s):
    end_game(s, 1 - s[H_DECIDER])  # the player who took the last token loses


@njit(cache=True)
def heuristic_action(s, T, mask, n_legal, rng_row):
    """Leave a pile of 1 modulo 3 (the opponent then takes the last token), else take one."""
    r = (s[PILE] - 1) % 3
    return r - 1 if r > 0 and mask[r - 1] != 0 else 0
