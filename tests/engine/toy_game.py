"""A toy game written against the engine core's contract (``tcg_env.engine.hooks``), so the core's
own behaviour is tested apart from any real game's rules (tests/engine/test_core.py).

Nim: a pile of as many tokens as the two decks have cards; the players take 1 or 2 tokens in turn
(action 0: one, action 1: two); whoever takes the last token wins. Each player also holds a secret,
the first card id of its deck, that the other player does not see.
"""

import numpy as np
from numba import njit

from tcg_env.engine.header import H_DECIDER, H_DECISION, H_DONE, H_NUM_DECISIONS, H_WINNER, HEADER_SIZE
from tcg_env.engine.hooks import Rules
from tcg_env.engine.rng import rng_below

NUM_ACTIONS = 2  # take one token, take two
PILE = HEADER_SIZE  # tokens left
SECRET = HEADER_SIZE + 1  # two words: each player's secret
STATE_SIZE = HEADER_SIZE + 3
OBS_SIZE = 3  # pile, "my turn", my secret
DECISION_TAKE = 1

RULES = Rules(__name__)


@njit(cache=True)
def setup_row(s, deck0, deck1, T):
    s[PILE] = deck0.shape[0] + deck1.shape[0]
    s[SECRET] = deck0[0] if deck0.shape[0] > 0 else 0
    s[SECRET + 1] = deck1[0] if deck1.shape[0] > 0 else 0
    s[H_DECISION] = DECISION_TAKE
    s[H_DECIDER] = rng_below(s, 2)


@njit(cache=True)
def legal_mask_row(s, T, mask):
    n = 0
    for a in range(NUM_ACTIONS):
        mask[a] = 1 if s[H_DONE] == 0 and s[PILE] >= a + 1 else 0
        n += mask[a]
    return n


@njit(cache=True)
def apply_unchecked(s, T, a):
    s[PILE] -= a + 1
    s[H_NUM_DECISIONS] += 1
    if s[PILE] == 0:
        s[H_DONE] = 1
        s[H_WINNER] = s[H_DECIDER]
        s[H_DECIDER] = -1
        s[H_DECISION] = 0
    else:
        s[H_DECIDER] = 1 - s[H_DECIDER]


@njit(cache=True)
def advance_row(s, T):
    """Nothing runs between decisions in this game: a decision is pending until the end."""
    return None


@njit(cache=True)
def observe_into(s, T, player, obs, over_previous):
    obs[0] = s[PILE]
    obs[1] = 1.0 if s[H_DECIDER] == player else 0.0
    obs[2] = s[SECRET + player]


@njit(cache=True)
def observe_row(s, T, player, obs):
    observe_into(s, T, player, obs, False)


@njit(cache=True)
def heuristic_action(s, T, mask, n_legal, rng_row):
    """The winning move (leave a multiple of three), else take one."""
    r = s[PILE] % 3
    return r - 1 if r > 0 and mask[r - 1] != 0 else 0


@njit(cache=True)
def resample_hidden(s, T, player, rng_row):
    s[SECRET + 1 - player] = rng_below(rng_row, 1000)
