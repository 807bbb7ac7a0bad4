"""Agents for tcg_env games: random, heuristic, search (MCTS) and neural policies.

``make_agent(name, game="fftcg", **kwargs)`` builds one by name; ``list_agents()`` lists the names.
random, heuristic and search play "fftcg" and "weiss_schwarz" (through each game's
``policy_kernels``); neural plays both (a network trained on one game refuses the other).
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
    game = kw.get("game", "fftcg")
    if game not in NEURAL_GAMES:  # agents.neural.obs_scale_for knows these observations
        raise ValueError(f"the neural agent plays {', '.join(NEURAL_GAMES)}, not {game!r}")
    from agents.neural import NeuralAgent  # needs torch: imported only when asked for

    return NeuralAgent(**kw)


NEURAL_GAMES = ("fftcg", "weiss_schwarz")

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
