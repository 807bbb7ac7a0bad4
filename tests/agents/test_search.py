"""The search agent (determinized Monte Carlo search with heuristic rollouts)."""

from __future__ import annotations

import numpy as np
import pytest

import tcg_env
from agents import make_agent
from agents.arena import python_match


def test_search_plays_legal_moves_and_beats_random_in_a_short_match():
    # CI form: a small budget; every move goes through Game.step, which raises on an illegal one
    search = make_agent("search", simulations=12, seed=3)
    rnd = make_agent("random", seed=4)
    r = python_match(search, rnd, 4, seed=31)
    assert r.wins_a >= 3, str(r)


@pytest.mark.parametrize("game", ["dbscg", "fftcg_2014"])  # (FF-TCG: above; Weiss Schwarz: its agent tests)
def test_search_agent_plays_legal_moves_on_other_games(game):
    # Game.step raises on an illegal move; 40 decisions of a small budget
    g = tcg_env.make_game(game, seed=1)
    bot = make_agent("search", game=game, simulations=8, seed=0)
    while not g.done and g.num_decisions < 40:
        m = g.action_mask()
        a = bot.act(g.observe(g.current_player), m, game=g)
        assert m[a] == 1
        g.step(a)
    assert g.done or g.num_decisions == 40
    assert np.isfinite(g.observe(0)).all()


def test_ismcts_method_plays_legal_moves_and_beats_random():
    search = make_agent("mcts", method="ismcts", simulations=12, wave=6, seed=5)
    r = python_match(search, make_agent("random", seed=6), 2, seed=57)
    assert r.wins_a >= 1, str(r)


def test_search_is_reproducible_with_a_seed_and_leaves_the_game_untouched():
    g = tcg_env.make_game("fftcg", seed=8)
    h = make_agent("heuristic", seed=1)
    while g.num_decisions < 60:
        g.step(h.act(None, g.action_mask(), g))
    while g.action_mask().sum() < 2:
        g.step(h.act(None, g.action_mask(), g))
    before = g.state.copy()
    a1 = make_agent("search", simulations=24, seed=11).act(None, g.action_mask(), g)
    a2 = make_agent("search", simulations=24, seed=11).act(None, g.action_mask(), g)
    assert a1 == a2 and g.action_mask()[a1] == 1
    assert np.array_equal(before, g.state)


def test_search_needs_the_game():
    with pytest.raises(ValueError):
        make_agent("search").act(None, np.ones(97, np.int8))


@pytest.mark.slow
def test_search_beats_the_heuristic_in_more_than_half_of_100_games():
    # the default budget; 50 mirrored pairs over every ordered pair of built-in decks
    r = python_match(make_agent("search", seed=1), make_agent("heuristic", seed=2), 100, seed=1000)
    assert r.score_a > 0.5, str(r)
