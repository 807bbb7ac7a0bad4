"""Weiss Schwarz agents: the heuristic beats uniformly random play."""

from __future__ import annotations

import tcg_env
from agents import make_agent


def test_heuristic_beats_random(pool, deck):
    wins = 0
    n = 12
    for i in range(n):
        h = make_agent("heuristic", game="weiss_schwarz", seed=i)
        r = make_agent("random", game="weiss_schwarz", seed=i)
        hp = i % 2  # alternate seats
        g = tcg_env.make_game("weiss_schwarz", decks=(deck, deck), seed=i, pool=pool)
        while not g.done:
            agent = h if g.current_player == hp else r
            g.step(agent.act(None, g.action_mask(), game=g))
        wins += g.winner == hp
    assert wins >= 9, f"heuristic won {wins}/{n} against random"


def test_heuristic_needs_the_game():
    import numpy as np
    import pytest

    h = make_agent("heuristic", game="weiss_schwarz")
    with pytest.raises(ValueError, match="game="):
        h.act(None, np.ones(4, np.int8))
