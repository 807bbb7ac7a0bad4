"""Batched interface: B games stepped in one call, numpy in and out, with auto-reset.

``step(actions)`` applies one action per row (each row's player to move acts), then returns the
observation of each row's next player to move, its mask, the rewards of both seats, termination,
truncation (at ``max_turns``) and who moves next. A finished or truncated row restarts at once
with seed ``seed + b + episode * EPISODE_SEED_STRIDE`` (see ``BatchGame``); its terminal reward is in
the returned ``rewards`` and the observation is already the new game's.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import tcg_env
from tcg_env.engine.header import H_DECIDER, H_TURN
from tcg_env.engine.batch import EPISODE_SEED_STRIDE
from tcg_env.game import check_seed
from tcg_env.registry import resolve_rules

def _integer_option(name: str, value: Any, lo: int, hi: int | None = None) -> int:
    """``value`` as an int in [lo, hi), or a ValueError naming the option (2.5, True, "3" and -1
    are refused, not rounded or wrapped)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    value = int(value)
    if value < lo or (hi is not None and value >= hi):
        bound = f">= {lo}" if hi is None else f"in [{lo}, {hi})"
        raise ValueError(f"{name} must be an integer {bound}, got {value}")
    return value


class TCGVectorEnv:
    def __init__(
        self,
        game: str = "fftcg",
        num_envs: int = 1024,
        decks: Any = None,
        variant: str | None = None,
        auto_single: bool = False,
        max_turns: int = 100,
        seed: int = 0,
        rules: str | None = None,
        pool: Any = None,
    ):
        self.num_envs = _integer_option("num_envs", num_envs, 1)
        # pool: a card pool, or a card pool file's path (tcg_env.load_pool); the decks name its cards
        # rules: a rule set the game names (FF-TCG: "2016", "2014": the env plays that game) or a
        # rules variant's hooks module (tcg_env.make_game's rules)
        game, rules = resolve_rules(game, rules)
        self.game_name = game
        self.max_turns = _integer_option("max_turns", max_turns, 1)
        seed = self._seed = check_seed(seed, span=self.num_envs)  # row b uses seed + b
        self.batch = tcg_env.make_batch(game, self.num_envs, decks=decks, seed=seed, variant=variant,
                                        auto_single=auto_single, auto_reset=True, rules=rules, pool=pool)
        self.spec = self.batch.spec
        self.num_actions = self.spec.num_actions
        self.obs_size = self.spec.obs_size
        self.truncated = np.zeros(self.num_envs, bool)
        # states of the rows the last step() truncated, taken before they restarted (row order as
        # np.flatnonzero(truncated)): a learner bootstraps its value from them (see training/)
        self.truncated_states = np.zeros((0, self.spec.state_size), np.int32)
        self._agent_rng = None  # made on the first sample_actions()

    def reset(self, seed: int | None = None):
        if seed is not None:
            seed = self._seed = check_seed(seed, span=self.num_envs)  # row b uses seed + b
            self._agent_rng = None
            self.batch.seeds[:] = np.arange(self.num_envs, dtype=np.int64) + int(seed)
        obs, masks = self.batch.reset()
        return obs, masks, self.batch.states[:, H_DECIDER].copy()

    def step(self, actions: np.ndarray):
        obs, masks, rewards, terminated = self.batch.step(actions)
        truncated = (self.batch.states[:, H_TURN] > self.max_turns) & (terminated == 0)
        if truncated.any():
            rows = np.flatnonzero(truncated)
            self.truncated_states = self.batch.states[rows].copy()
            self._restart_rows(rows)
        elif len(self.truncated_states):
            self.truncated_states = self.truncated_states[:0]
        return obs, masks, rewards, terminated.astype(bool), truncated, self.batch.states[:, H_DECIDER].copy()

    def _restart_rows(self, rows: np.ndarray) -> None:
        """Start new games in ``rows`` (truncation); other rows are untouched."""
        b = self.batch
        b.episodes[rows] += 1
        sub_states = b.states[rows]
        sub_obs = b.obs[rows]
        sub_masks = b.masks[rows]
        b.spec.kernels.reset_batch(sub_states, b.decks[rows], b.deck_lens[rows], (b.seeds[rows] + b.episodes[rows] * EPISODE_SEED_STRIDE) & 0x7FFFFFFFFFFFFFFF,
                                   b.variant_index, b.auto_single, b._T, sub_obs, sub_masks)
        b.states[rows] = sub_states
        b.obs[rows] = sub_obs
        b.masks[rows] = sub_masks

    def sample_actions(self, out: np.ndarray | None = None) -> np.ndarray:
        """A uniformly random legal action for every row (a random policy / exploration), drawn in
        a kernel from the vector env's own seeded agent RNG (independent of the games' RNG)."""
        from tcg_env.engine.masks import sample_legal_actions

        if self._agent_rng is None:
            seed_agent_rng = self.spec.kernels.seed_agent_rng

            self._agent_rng = seed_agent_rng(self.num_envs, self._seed + 0x5EED)
        if out is None:
            out = np.empty(self.num_envs, np.int32)
        sample_legal_actions(self.batch.masks, self._agent_rng, out)
        return out

    @property
    def masks(self) -> np.ndarray:
        return self.batch.masks

    def close(self):
        pass
