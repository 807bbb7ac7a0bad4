"""Gymnasium single-agent view: the learner plays one seat, a given policy plays the other.

Rewards are the learner seat's (+1 / -1 / 0 at the end): the wrapper never hands the learner the
opponent's reward, the usual pitfall when a two-player PettingZoo game is trained with SB3.
``action_masks()`` serves sb3-contrib's MaskablePPO, and ``step`` takes what its ``predict``
returns (a 0-d or one-element array; torch scalars too: see :func:`tcg_env.game.as_action`). The
opponent is "random", "heuristic", "search", an agent from ``agents.make_agent``, or a policy of
your own (docs/envs.md).
"""

from __future__ import annotations

import sys
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

import tcg_env
from tcg_env.game import as_action, check_seed
from tcg_env.registry import get_spec, resolve_rules


class RandomPolicy:
    """Uniform over the legal actions, seeded."""

    def __init__(self, seed: int | None = None):
        self.rng = np.random.default_rng(seed)

    def act(self, obs, mask) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[self.rng.integers(len(legal))])


class _AgentOpponent:
    """An :class:`agents.base.Agent` as the opponent: it gets the flat observation, the mask and
    the game (the heuristic reads the state, the search agent clones the game), and is reseeded
    from the env's ``reset(seed)``."""

    def __init__(self, agent):
        self.agent = self.source = agent

    def reseed(self, seed: int) -> None:
        self.agent.reset(seed)

    def play(self, game, seat: int, obs_encoding: str) -> int:
        return self.agent.act(game.observe(seat), game.action_mask(), game=game)


class _PolicyOpponent:
    """A callable ``(obs, mask) -> action`` or an object with ``.act(obs, mask)``: it gets the
    observation in the env's encoding and the mask, nothing else."""

    def __init__(self, act, source=None):
        self.act = act
        self.source = act if source is None else source

    def reseed(self, seed: int) -> None:
        pass

    def play(self, game, seat: int, obs_encoding: str) -> int:
        return self.act(game.observe(seat, encoding=obs_encoding), game.action_mask())


class _RandomOpponent(_PolicyOpponent):
    def __init__(self):
        self.policy = RandomPolicy(None)
        super().__init__(self.policy.act, self.policy)

    def reseed(self, seed: int) -> None:
        self.policy.rng = np.random.default_rng(seed)


_AGENT_NAMES = ("random", "heuristic", "search", "mcts")


def _as_opponent(opponent: Any, game: str):
    """The opponent option as an object with ``reseed(seed)`` and ``play(game, seat, encoding)``.

    The ``agents`` package lives beside tcg_env: it is imported only when a name other than
    "random" asks for one of its agents."""
    if opponent is None or (isinstance(opponent, str) and opponent.lower() == "random"):
        return _RandomOpponent()
    if isinstance(opponent, str):
        if opponent.lower() not in _AGENT_NAMES:
            raise ValueError(f"opponent must be one of {list(_AGENT_NAMES[:3])}, an agent from agents.make_agent, a "
                             f"callable (obs, mask) -> action, or an object with .act(obs, mask); got {opponent!r}")
        try:
            from agents import make_agent
        except ImportError as exc:
            raise ValueError(f"opponent {opponent!r} needs the agents package (installed with tcg_env): {exc}") from None
        return _AgentOpponent(make_agent(opponent, game=game))
    base = sys.modules.get("agents.base")  # an Agent object means its package is imported already
    if base is not None and isinstance(opponent, base.Agent):
        agent_game = getattr(opponent, "game", game)
        if isinstance(agent_game, str) and agent_game != game:
            raise ValueError(f"opponent {opponent!r} plays {agent_game!r}, this env plays {game!r} "
                             f"(make it with make_agent(..., game={game!r}))")
        return _AgentOpponent(opponent)
    if hasattr(opponent, "act"):
        return _PolicyOpponent(opponent.act, opponent)
    if callable(opponent):
        return _PolicyOpponent(opponent)
    raise ValueError(f"opponent must be one of {list(_AGENT_NAMES[:3])}, an agent from agents.make_agent, a "
                     f"callable (obs, mask) -> action, or an object with .act(obs, mask); got {opponent!r}")


class TCGSingleAgentEnv(gym.Env):
    # render_fps: Gymnasium asks every env with render modes for one; the board is text, printed
    # (human) at each reset and step, so it is only a nominal rate
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

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
        rules: str | None = None,
    ):
        # rules: a rule set the game names (FF-TCG: "2016", "2014": the env plays that game, its
        # opponent too) or a rules variant's hooks module (tcg_env.make_game's rules)
        game, rules = resolve_rules(game, rules)
        self.game_spec = get_spec(game, rules)
        if illegal_action not in ("raise", "lose"):
            raise ValueError(f"illegal_action must be 'raise' or 'lose', got {illegal_action!r}")
        self.illegal_action = illegal_action
        if learner_seat not in (0, 1, "random"):
            raise ValueError(f"learner_seat must be 0, 1 or 'random', got {learner_seat!r}")
        if obs_encoding not in ("flat", "dict"):
            raise ValueError(f"obs_encoding must be 'flat' or 'dict', got {obs_encoding!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', got {render_mode!r}")
        self.game_name = game
        self.opponent_spec = opponent
        self.learner_seat_option = learner_seat
        self.decks = decks
        self.variant = variant
        self.rules = rules
        self.obs_encoding = obs_encoding
        self.auto_single = auto_single
        self.max_turns = int(max_turns)
        self.render_mode = render_mode
        self.pool = tcg_env._load_pool(self.game_spec, pool)  # a path: the card pool file there
        tcg_env.make_game(game, decks=decks, seed=0, variant=variant, pool=self.pool, rules=rules)  # validate options
        if obs_encoding == "flat":
            self.observation_space = spaces.Box(-np.inf, np.inf, (self.game_spec.obs_size,), np.float32)
        else:
            self.observation_space = spaces.Dict(self.game_spec.entity_spaces())
        self.action_space = spaces.Discrete(self.game_spec.num_actions)
        self.game = None
        self.seat = 0
        self.opponent = opponent  # checked and wrapped by the setter

    @property
    def opponent(self):
        """The opponent's policy: the agent or object given (the one built for a name); setting it
        takes any value the ``opponent`` option takes, e.g. a refreshed policy snapshot."""
        return self._opponent.source

    @opponent.setter
    def opponent(self, value) -> None:
        self._opponent = _as_opponent(value, self.game_name)
        self.opponent_spec = value

    def _obs(self):
        return self.game.observe(self.seat, encoding=self.obs_encoding)

    def _play_opponent(self):
        g = self.game
        while not g.done and g.current_player != self.seat and g.turn <= self.max_turns:
            g.step(self._opponent.play(g, 1 - self.seat, self.obs_encoding))

    def _info(self):
        g = self.game
        mask = g.action_mask() if (not g.done and g.current_player == self.seat) else np.zeros(self.game_spec.num_actions, np.int8)
        return {"legal_mask": mask, "winner": g.winner, "seat": self.seat}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        # the one seed check of the suite (docs/cli.md): Gymnasium's own takes any non-negative int
        # (2**64 too) and names numpy integers "not a python integer"; a checked seed is a Python int
        super().reset(seed=None if seed is None else check_seed(seed))
        game_seed = int(self.np_random.integers(2**62))
        if self.learner_seat_option == "random":
            self.seat = int(self.np_random.integers(2))
        else:
            self.seat = int(self.learner_seat_option)
        # 31 bits: every agent takes such a seed (the in-kernel agents' RNG seeding multiplies it)
        self._opponent.reseed(int(self.np_random.integers(2**31)))
        self.game = tcg_env.make_game(
            self.game_name, decks=self.decks, seed=game_seed, variant=self.variant, auto_single=self.auto_single, pool=self.pool,
            rules=self.rules,
        )
        self._play_opponent()
        if self.render_mode == "human":
            self.render()
        return self._obs(), self._info()

    def step(self, action):
        g = self._game_or_raise()
        # an int, numpy integer, 0-d or one-element array (SB3's predict), torch scalar or whole
        # float; anything else (2.5, True, a vector) is refused by name, in both illegal_action modes
        if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
            a = int(action)
        else:
            a = as_action(action, g.legal_actions())
        if self.illegal_action == "lose" and not self._is_legal(a):
            # PettingZoo's convention, opt-in: an illegal action loses the episode
            return self._obs(), -1.0, True, False, dict(self._info(), illegal_action=a)
        g.step(a)  # raises IllegalActionError (nothing changes) if illegal
        self._play_opponent()
        terminated = g.done
        truncated = (not terminated) and g.turn > self.max_turns
        reward = 0.0
        if terminated:
            reward = float(g.returns()[self.seat])
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, terminated, truncated, self._info()

    def _is_legal(self, a: int) -> bool:
        return 0 <= a < self.game_spec.num_actions and bool(self.action_masks()[a])

    def _game_or_raise(self):
        if self.game is None:
            raise gym.error.ResetNeeded("call reset() before step(), action_masks() or render()")
        return self.game

    def action_masks(self) -> np.ndarray:
        g = self._game_or_raise()
        if g.done or g.current_player != self.seat:
            return np.zeros(self.game_spec.num_actions, bool)
        return g._mask.astype(bool)

    def render(self):
        """Gymnasium's render modes: "ansi" returns the text board (``Game.render()``), "human"
        prints it and returns None (it is also printed at every reset and step); without a render
        mode nothing is rendered (a warning, as Gymnasium's own envs give)."""
        if self.render_mode is None:
            gym.logger.warn("You are calling render method without specifying any render mode: "
                            "make the env with render_mode='ansi' (the text) or 'human' (printed).")
            return None
        text = self._game_or_raise().render()
        if self.render_mode == "human":
            print(text)
            return None
        return text
