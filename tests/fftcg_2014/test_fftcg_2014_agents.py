"""FF-TCG 2014's in-kernel agents: the heuristic against random play (issue 28: at least 80% of 400
games), its actions legal through the facade, and the search agent on the variant."""

from __future__ import annotations

import numpy as np

import tcg_env
from agents.arena import kernel_match
from tcg_env.registry import get_spec

P = get_spec("fftcg_2014").kernels


def test_heuristic_beats_random_in_at_least_80_percent_of_400_games():
    # mirrored pairs over the ordered pairs of the built-in decks, both seat orders
    r = kernel_match(P.AGENT_HEURISTIC, P.AGENT_RANDOM, 400, seed=2014, game="fftcg_2014")
    assert r.games == 400 and r.draws + r.wins_a + r.wins_b == 400
    assert r.score_a >= 0.80, str(r)


def test_heuristic_actions_are_always_legal_through_the_facade():
    rng = P.seed_agent_rng(1, 3)[0]
    decks = get_spec("fftcg_2014").list_decks()
    for seed in range(4):
        g = tcg_env.make_game("fftcg_2014", seed=seed, decks=(decks[seed % len(decks)], decks[(seed + 1) % len(decks)]))
        while not g.done:
            m = g.action_mask()
            a = int(P.choose_action_row(g._row.copy(), g._T, m, int(m.sum()), P.AGENT_HEURISTIC, rng))
            assert m[a] == 1, g.describe_action(a)
            g.step(a)


def test_search_agent_plays_legal_moves_on_the_variant():
    from agents import make_agent

    g = tcg_env.make_game("fftcg_2014", seed=1)
    bot = make_agent("search", game="fftcg_2014", simulations=8, seed=0)
    n = 0
    while not g.done and n < 40:
        m = g.action_mask()
        a = bot.act(g.observe(g.current_player), m, game=g)
        assert m[a] == 1
        g.step(a)
        n += 1
    assert n == 40 or g.done
    assert np.isfinite(g.observe(0)).all()
