"""Agents for tcg_env games: random, heuristic, search (MCTS) and neural policies.

``make_agent(name, game="fftcg", **kwargs)`` builds one by name; ``list_agents()`` lists the names.
random, heuristic and search play every registered game whose spec has policy kernels ("fftcg" and
"weiss_schwarz"); neural plays every registered game (a network trained on one game refuses another).
Every agent implements :class:`agents.base.Agent` (``act(observation, action_mask, game=None)``).
See docs/agents.md.
"""

from __future__ import annotations

from typing import Any

from agents.base import Agent, check_mask


def _random(**kw):
    from agents.random_agent import RandomAgent

    return RandomAgent(**kw)


def _heuristic(**kw):
    from agents.heuristic import HeuristicAgent

    return HeuristicAgent(**kw)


def _search(**kw):
    from agents.search import SearchAgent

    return SearchAgent(**kw)


def _neural(**kw):
    import tcg_env

    game = kw.get("game", "fftcg")
    if game not in tcg_env.list_games():  # every registered game's observation (its spec's obs_scale)
        raise ValueError(f"the neural agent plays {', '.join(tcg_env.list_games())}, not {game!r}")
    from agents.neural import NeuralAgent  # needs torch: imported only when asked for

    return NeuralAgent(**kw)


_REGISTRY = {"random": _random, "heuristic": _heuristic, "search": _search, "neural": _neural}
_ALIASES = {"mcts": "search"}


def list_agents() -> list[str]:
    """Agent names accepted by :func:`make_agent` (aliases not included: "mcts" = "search")."""
    return list(_REGISTRY)


def make_agent(name: str, game: str = "fftcg", **kwargs: Any) -> Agent:
    """A new agent by name ("random", "heuristic", "search" / "mcts", "neural") for ``game``;
    ``kwargs`` go to its constructor (e.g. ``seed=``, ``simulations=``)."""
    key = _ALIASES.get(str(name).lower(), str(name).lower())
    if key not in _REGISTRY:
        raise ValueError(f"unknown agent {name!r}; choose from {list_agents()} (alias: 'mcts' = 'search')")
    return _REGISTRY[key](game=game, **kwargs)


__all__ = ["Agent", "check_mask", "make_agent", "list_agents"]
