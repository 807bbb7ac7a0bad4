"""The Dragon Ball Super Card Game's in-kernel agents: the heuristic against random play, its
actions legal through the facade, determinization keeping what a player sees."""

from __future__ import annotations

import numpy as np

import tcg_env
from agents.arena import kernel_match
from tcg_env.registry import get_spec

P = get_spec("dbscg").kernels


def test_heuristic_beats_random_in_at_least_80_percent_of_400_games():
    # mirrored pairs over the ordered pairs of the built-in decks, both seat orders
    r = kernel_match(P.AGENT_HEURISTIC, P.AGENT_RANDOM, 400, seed=2027, game="dbscg")
    assert r.games == 400 and r.draws + r.wins_a + r.wins_b == 400
    assert r.score_a >= 0.80, str(r)


def test_heuristic_games_end_well_before_the_decision_cap():
    # a heuristic that repeats a free choice forever (the redraw toggling one card) would draw here
    r = kernel_match(P.AGENT_HEURISTIC, P.AGENT_HEURISTIC, 100, seed=5, game="dbscg")
    assert r.draws == 0, str(r)


def test_heuristic_actions_are_always_legal_through_the_facade():
    rng = P.seed_agent_rng(1, 3)[0]
    for seed in range(3):
        g = tcg_env.make_game("dbscg", seed=seed, decks=("green_ramp", "yellow_wish"))
        while not g.done:
            m = g.action_mask()
            a = int(P.choose_action_row(g._row.copy(), g._T, m, int(m.sum()), P.AGENT_HEURISTIC, rng))
            assert m[a] == 1, g.describe_action(a)
            g.step(a)


def test_search_agent_plays_legal_moves_to_the_end():
    from agents import make_agent

    g = tcg_env.make_game("dbscg", seed=1)
    bot = make_agent("search", game="dbscg", simulations=8, seed=0)
    n = 0
    while not g.done and n < 40:
        m = g.action_mask()
        a = bot.act(g.observe(g.current_player), m, game=g)
        assert m[a] == 1
        g.step(a)
        n += 1
    assert n == 40 or g.done
    assert np.isfinite(g.observe(0)).all()
