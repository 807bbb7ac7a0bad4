"""Uniformly random legal play: the baseline every other agent must beat."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from agents.base import Agent, check_mask


class RandomAgent(Agent):
    """Picks one of the legal actions uniformly at random (works for every game: it reads only the
    mask). Inside the kernels the same agent is ``AGENT_RANDOM``; ``kernel_code`` says so."""

    name = "random"
    kernel_code = 0  # AGENT_RANDOM of every game's policy_kernels

    def __init__(self, seed: Optional[int] = None, game: str = "fftcg"):
        import tcg_env

        if game not in tcg_env.list_games():
            raise ValueError(f"the random agent: unknown game {game!r}; available: {', '.join(tcg_env.list_games())}")
        self.game = game
        self._rng = np.random.default_rng(seed)

    def reset(self, seed: Optional[int] = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)

    def act(self, observation: Any, action_mask: np.ndarray, game: Any = None) -> int:
        legal = check_mask(action_mask)
        return int(legal[self._rng.integers(legal.size)])
