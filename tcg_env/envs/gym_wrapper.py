"""Gymnasium single-agent view: the learner plays one seat, a given policy plays the other.

Rewards are the learner seat's (+1 / -1 / 0 at the end): the wrapper never hands the learner the
opponent's reward, the usual pitfall when a two-player PettingZoo game is trained with SB3.
``action_masks()`` serves sb3-contrib's MaskablePPO.
"""

from __future__ import annotations

from typing import Any, Callable

import gymnasium as gym
import numpy as np
from gymnasium import spaces

import tcg_env
from tcg_env.registry import get_spec


class RandomPolicy:
    """Uniform over the legal actions, seeded."""

    def __init__(self, seed: int | None = None):
        self.rng = np.random.default_rng(seed)

    def act(self, obs, mask) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[self.rng.integers(len(legal))])


def _as_policy(opponent: Any, seed: int | None):
    if opponent is None or opponent == "random":
        return RandomPolicy(seed)
    if hasattr(opponent, "act"):
        return opponent
    if callable(opponent):
        class _Callable:
            def act(self, obs, mask, _f=opponent):
                return int(_f(obs, mask))

        return _Callable()
    raise ValueError(f"opponent must be 'random', a callable (obs, mask) -> action, or an object with .act; got {opponent!r}")


class TCGSingleAgentEnv(gym.Env):
    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        game: str = "fftcg",
        opponent: Any = "random",
        learner_seat: int | str = 0,
        decks: Any = None,
        variant: str | None = None,
        obs_encoding: str = "flat",
        auto_single: bool = False,
        max_turns: int = 100,
        render_mode: str | None = None,
        pool: Any = None,
        illegal_action: str = "raise",
    ):
        self.game_spec = get_spec(game)
        if illegal_action not in ("raise", "lose"):
            raise ValueError(f"illegal_action must be 'raise' or 'lose', got {illegal_action!r}")
        self.illegal_action = illegal_action
        if learner_seat not in (0, 1, "random"):
            raise ValueError(f"learner_seat must be 0, 1 or 'random', got {learner_seat!r}")
        if obs_encoding not in ("flat", "dict"):
            raise ValueError(f"obs_encoding must be 'flat' or 'dict', got {obs_encoding!r}")
        self.game_name = game
        self.opponent_spec = opponent
        self.learner_seat_option = learner_seat
        self.decks = decks
        self.variant = variant
        self.obs_encoding = obs_encoding
        self.auto_single = auto_single
        self.max_turns = int(max_turns)
        self.render_mode = render_mode
        self.pool = pool if pool is not None else self.game_spec.load_tables()
        tcg_env.make_game(game, decks=decks, seed=0, variant=variant, pool=self.pool)  # validate options
        if obs_encoding == "flat":
            self.observation_space = spaces.Box(-np.inf, np.inf, (self.game_spec.obs_size,), np.float32)
        else:
            self.observation_space = spaces.Dict(self.game_spec.entity_spaces())
        self.action_space = spaces.Discrete(self.game_spec.num_actions)
        self.game = None
        self.seat = 0
        self.opponent = _as_policy(opponent, None)

    def _obs(self):
        return self.game.observe(self.seat, encoding=self.obs_encoding)

    def _play_opponent(self):
        g = self.game
        while not g.done and g.current_player != self.seat and g.turn <= self.max_turns:
            o = 1 - self.seat
            g.step(self.opponent.act(g.observe(o, encoding=self.obs_encoding), g.action_mask()))

    def _info(self):
        g = self.game
        mask = g.action_mask() if (not g.done and g.current_player == self.seat) else np.zeros(self.game_spec.num_actions, np.int8)
        return {"legal_mask": mask, "winner": g.winner, "seat": self.seat}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        if self.learner_seat_option == "random":
            self.seat = int(self.np_random.integers(2))
        else:
            self.seat = int(self.learner_seat_option)
        if isinstance(self.opponent, RandomPolicy):
            self.opponent = RandomPolicy(int(self.np_random.integers(2**62)))
        self.game = tcg_env.make_game(
            self.game_name, decks=self.decks, seed=game_seed, variant=self.variant, auto_single=self.auto_single, pool=self.pool
        )
        self._play_opponent()
        return self._obs(), self._info()

    def step(self, action):
        g = self.game
        if self.illegal_action == "lose" and not self._is_legal(action):
            # PettingZoo's convention, opt-in: an illegal action loses the episode
            return self._obs(), -1.0, True, False, dict(self._info(), illegal_action=int(action))
        g.step(action)  # raises IllegalActionError (nothing changes) if illegal
        self._play_opponent()
        terminated = g.done
        truncated = (not terminated) and g.turn > self.max_turns
        reward = 0.0
        if terminated:
            reward = float(g.returns()[self.seat])
        if self.render_mode == "human":
            print(g.render())
        return self._obs(), reward, terminated, truncated, self._info()

    def _is_legal(self, action) -> bool:
        try:
            a = int(action)
        except (TypeError, ValueError):
            return False
        return 0 <= a < self.game_spec.num_actions and bool(self.action_masks()[a])

    def action_masks(self) -> np.ndarray:
        g = self.game
        if g.done or g.current_player != self.seat:
            return np.zeros(self.game_spec.num_actions, bool)
        return g._mask.astype(bool)

    def render(self):
        return self.game.render() if self.game is not None else None
