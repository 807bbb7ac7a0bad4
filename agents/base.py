"""The common policy interface every agent implements.

An agent maps (observation, action mask) to an action, one game at a time (``act``) or many at once
(``act_batch``). Agents that need more than the observation (the heuristic reads the engine state,
the search agent clones the game) take the :class:`tcg_env.game.Game` as ``game=``; they raise a
clear error when it is missing.

Agents that run *inside* the engine's kernels (no Python call per decision: the matchup simulator
and the vector env's opponents use them) expose ``kernel_code``, an ``int`` the game's policy
kernels understand (``tcg_env.engine.policy``: ``AGENT_RANDOM = 0``, ``AGENT_HEURISTIC = 1``,
the game's heuristic hook). Python-only agents (search, neural) have ``kernel_code = None``.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy as np


class Agent:
    """Base class. Subclasses override :meth:`act` (and :meth:`act_batch` when they can do better
    than a loop)."""

    name: str = "agent"
    kernel_code: Optional[int] = None  # set by agents the kernels can run themselves
    needs_game: bool = False  # True: act() needs game= (state-reading agents)

    def reset(self, seed: Optional[int] = None) -> None:
        """Start a new episode / reseed the agent's own randomness."""

    def act(self, observation: np.ndarray, action_mask: np.ndarray, game: Any = None) -> int:
        raise NotImplementedError

    def act_batch(
        self, observations: np.ndarray, action_masks: np.ndarray, games: Optional[Sequence[Any]] = None
    ) -> np.ndarray:
        n = action_masks.shape[0]
        out = np.empty(n, np.int64)
        for i in range(n):
            out[i] = self.act(observations[i], action_masks[i], None if games is None else games[i])
        return out

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def check_mask(action_mask: np.ndarray) -> np.ndarray:
    """The indices of the legal actions; a clear error if there are none."""
    legal = np.flatnonzero(np.asarray(action_mask))
    if legal.size == 0:
        raise ValueError("action mask has no legal action (is the game over, or is it the other player's turn?)")
    return legal


def kernel_agent_games() -> list[str]:
    """The registered games: every game's ``spec.kernels`` runs the in-kernel random and heuristic
    agents, kernel matchups and the search agent (the engine core's policy kernels over the game's
    ``heuristic_action`` and ``resample_hidden`` hooks, which the contract requires)."""
    import tcg_env

    return tcg_env.list_games()


def policy_kernels_for(game: str, agent: str = "heuristic"):
    """The game's kernels (``spec.kernels``) with its policy kernels (random / heuristic in-kernel
    agents and their ``playout_batch``); a clear error naming the game and the agent when it has none."""
    import tcg_env

    games = kernel_agent_games()
    if game not in games:
        what = "unknown game" if game not in tcg_env.list_games() else "no in-kernel agents for"
        raise ValueError(f"the {agent} agent: {what} {game!r}; it plays {', '.join(games)}")
    return tcg_env.get_spec(game).kernels


def seed_agent_rng_for(game: str):
    """The game's ``seed_agent_rng(batch, seed)`` (RNG rows of the in-kernel agents)."""
    import tcg_env

    return tcg_env.get_spec(game).kernels.seed_agent_rng
