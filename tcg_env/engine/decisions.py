"""The pending decision in the row header (:mod:`tcg_env.engine.header`), and the end of a game.

A game asks a player by writing the decision kind (its ``Decision`` enum, 0 = none) and the
deciding player into the header; the core's kernels read them (masks, agents, the batch step).
"""

from tcg_env.engine.header import H_DECIDER, H_DECISION, H_DONE, H_WINNER
from tcg_env.engine.jit import internal

DECISION_NONE = 0  # no decision pending: the game is over (every game's Decision.NONE)


@internal
def set_decision(s, kind, player):
    s[H_DECISION] = kind
    s[H_DECIDER] = player


@internal
def end_game(s, winner):
    """The game is over: ``winner`` 0 / 1, or ``header.WINNER_DRAW``; nobody is asked anything."""
    s[H_DONE] = 1
    s[H_WINNER] = winner
    s[H_DECISION] = DECISION_NONE
    s[H_DECIDER] = -1
