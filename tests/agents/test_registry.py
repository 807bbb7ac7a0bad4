"""make_agent / list_agents and the Agent contract of each agent."""

from __future__ import annotations

import numpy as np
import pytest

import tcg_env
from agents import Agent, list_agents, make_agent
from tcg_env.registry import get_spec

P = get_spec("fftcg").kernels  # the shared core's policy kernels bound to the game


def test_list_agents_names_every_agent():
    assert list_agents() == ["random", "heuristic", "search", "neural"]


def test_make_agent_builds_each_kind_with_its_kernel_code():
    r = make_agent("random", seed=1)
    h = make_agent("heuristic", seed=1)
    s = make_agent("search", simulations=4)
    m = make_agent("MCTS", simulations=4)  # alias, any case
    assert all(isinstance(a, Agent) for a in (r, h, s, m))
    assert r.kernel_code == P.AGENT_RANDOM and h.kernel_code == P.AGENT_HEURISTIC
    assert s.kernel_code is None and type(m) is type(s)
    assert h.needs_game and s.needs_game and not r.needs_game


def test_make_agent_rejects_unknown_names_and_games():
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("alphazero")
    with pytest.raises(ValueError):
        make_agent("heuristic", game="wsch")


def test_random_agent_is_reproducible_and_legal():
    g = tcg_env.make_game("fftcg", seed=2)
    a, b = make_agent("random", seed=7), make_agent("random", seed=7)
    for _ in range(100):
        m = g.action_mask()
        x = a.act(g.observe(), m)
        assert x == b.act(g.observe(), m) and m[x] == 1
        g.step(x)


def test_heuristic_agent_needs_the_game_and_refuses_an_empty_mask():
    h = make_agent("heuristic")
    with pytest.raises(ValueError):
        h.act(None, np.ones(97, np.int8))
    g = tcg_env.make_game("fftcg", seed=2)
    with pytest.raises(ValueError):
        h.act(None, np.zeros(97, np.int8), game=g)
