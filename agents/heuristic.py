"""The rule-based heuristic of a game (``tcg_env.games.<game>.policy_kernels.heuristic_action``:
FF-TCG and Weiss Schwarz) as an :class:`Agent`.

It reads the engine state, not the observation, so ``act`` needs ``game=``. The same policy runs
inside the kernels as ``AGENT_HEURISTIC`` (``kernel_code``) for fast matchups and opponents; see
docs/agents.md for how it decides.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from agents.base import Agent, check_mask, policy_kernels_for, seed_agent_rng_for


class HeuristicAgent(Agent):
    name = "heuristic"
    kernel_code = 1  # AGENT_HEURISTIC of every game's policy_kernels
    needs_game = True

    def __init__(self, seed: Optional[int] = None, game: str = "fftcg"):
        self._P = policy_kernels_for(game, "heuristic")  # a clear error for a game without one
        self.game = game
        seed_agent_rng = seed_agent_rng_for(game)
        self._seed_rng = seed_agent_rng
        self._rng = seed_agent_rng(1, 0 if seed is None else int(seed))[0]

    def reset(self, seed: Optional[int] = None) -> None:
        if seed is not None:
            self._rng = self._seed_rng(1, int(seed))[0]  # ties are broken with this stream

    def act(self, observation: Any, action_mask: np.ndarray, game: Any = None) -> int:
        if game is None:
            raise ValueError("HeuristicAgent.act needs game= (it reads the engine state)")
        spec = getattr(game, "spec", None)
        if spec is not None and spec.name != self.game:
            raise ValueError(f"HeuristicAgent for {self.game!r} was given a {spec.name!r} game")
        P = self._P
        legal = check_mask(action_mask)
        mask = np.ascontiguousarray(action_mask, dtype=np.int8)
        row = np.array(game.state, dtype=np.int32)  # a writable copy: the kernels take one type
        a = int(P.choose_action_row(row, game.pool.kernel_tables, mask, int(legal.size), P.AGENT_HEURISTIC, self._rng))
        if a < 0 or not mask[a]:
            raise RuntimeError(f"heuristic chose illegal action {a} (a bug)")
        return a
