"""RLlib bridge: every registered tcg_env game as an RLlib multi-agent env (extra ``rllib``).

::

    import tcg_env.rllib as tr
    from ray.rllib.algorithms.ppo import PPOConfig

    tr.register_all()  # "tcg_env_<game>" for every registered game (ray.tune.registry.register_env)
    # disable_env_checking: RLlib's check steps action_space.sample(), which the env refuses as illegal
    config = (PPOConfig().environment("tcg_env_fftcg", env_config={"seed": 1}, disable_env_checking=True)
              .multi_agent(policies={"main"}, policy_mapping_fn=lambda agent_id, episode, **kw: "main")
              .rl_module(rl_module_spec=tr.masking_module_spec()))

:class:`TCGMultiAgentEnv` is a ``ray.rllib.env.multi_agent_env.MultiAgentEnv`` over the facade
(:func:`tcg_env.make_game`), generic over the game's spec like the PettingZoo env:

* agents ``player_0`` / ``player_1`` (the AEC env's names); turn based: a step's observation dict
  holds only the player to decide (the action dict must name that player);
* observation ``Dict({"action_mask": Box(0, 1, (A,), float32), "observations": Box(-inf, inf, (O,),
  float32)})``, the layout of RLlib's ``ActionMaskingTorchRLModule``; ``observations`` is the
  engine's flat observation times the spec's per-column ``obs_scale`` (the network input scale
  the suite's own trainer uses; ``scale_obs=False`` gives the raw observation);
* +1 / -1 to both agents when the game ends (0 / 0 for a draw), the AEC env's rewards; a game
  past ``max_turns`` is truncated with 0 / 0. At the end both agents get their final observation
  (all-zero mask) so a truncated game can bootstrap its value, and ``__all__`` is set in
  ``terminateds`` / ``truncateds``;
* an illegal action raises :class:`tcg_env.IllegalActionError` (listing the legal actions) and
  changes nothing: it is never replaced by a legal one.

Seeds: the env's ``seed`` option (or ``reset(seed=...)``) seeds a numpy generator from which each
reset draws its game's seed, so a seeded env replays the same games; with RLlib the option is
offset by the env runner's and sub-env's index (:func:`make_env`), so runners play different games.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

try:
    import gymnasium as gym
    from ray.rllib.env.multi_agent_env import MultiAgentEnv
except ImportError as exc:  # the extra is not installed
    raise ImportError('tcg_env.rllib needs Ray RLlib: pip install -e ".[rllib]" (ray[rllib]==2.60.0, torch)') from exc

import tcg_env
from tcg_env.game import check_seed
from tcg_env.registry import get_spec, list_games, resolve_rules

AGENTS = ("player_0", "player_1")  # the PettingZoo AEC env's agent names (tcg_env.envs.aec)
ENV_PREFIX = "tcg_env_"
# env_config keys of make_env (besides RLlib's own worker_index / vector_index)
# ("pool": the path of a card pool file, e.g. one `tcg cards import` wrote; the decks then name its cards)
OPTIONS = ("game", "decks", "variant", "rules", "max_turns", "auto_single", "seed", "scale_obs", "pool")


def obs_scale(spec) -> np.ndarray:
    """The spec's per-column network input scale (ones where the game has none)."""
    if spec.obs_scale is None:
        return np.ones(spec.obs_size, np.float32)
    return np.asarray(spec.obs_scale(), np.float32)


class TCGMultiAgentEnv(MultiAgentEnv):
    """One game of ``game`` as an RLlib ``MultiAgentEnv`` (module doc)."""

    def __init__(self, game: str = "fftcg", decks: Any = None, variant: Optional[str] = None, rules: Optional[str] = None,
                 max_turns: int = 100, auto_single: bool = True, seed: Optional[int] = None, scale_obs: bool = True,
                 pool: Any = None, seed_key: tuple = ()):
        super().__init__()
        game, rules = resolve_rules(game, rules)
        self.spec = get_spec(game, rules)
        if isinstance(max_turns, bool) or not isinstance(max_turns, (int, np.integer)) or int(max_turns) < 1:
            raise ValueError(f"max_turns must be an integer >= 1, got {max_turns!r}")
        self.game_name, self.rules, self.decks, self.variant = game, rules, decks, variant
        self.max_turns = int(max_turns)
        self.auto_single = bool(auto_single)
        self.pool = tcg_env._load_pool(self.spec, pool)  # a path: the card pool file there
        # validate decks / variant now, so a bad option fails at construction, not in a runner's first reset
        tcg_env.make_game(game, decks=decks, seed=0, variant=variant, pool=self.pool, rules=rules)
        # seed_key: extra entropy that tells apart envs given the same seed (make_env: RLlib seeds
        # sub-env i of runner w with seed + w + i, so runner 1's env 1 and runner 2's env 0 would share it)
        self._seed_key = tuple(int(k) for k in seed_key)
        self._rng = self._new_rng(seed)
        self._scale = obs_scale(self.spec) if scale_obs else None
        A, O = self.spec.num_actions, self.spec.obs_size
        one = gym.spaces.Dict({"action_mask": gym.spaces.Box(0.0, 1.0, (A,), np.float32),
                               "observations": gym.spaces.Box(-np.inf, np.inf, (O,), np.float32)})
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.observation_spaces = {a: one for a in AGENTS}
        self.action_spaces = {a: gym.spaces.Discrete(A) for a in AGENTS}
        # RLlib's multi-agent env runner reads these dict spaces (one entry per agent)
        self.observation_space = gym.spaces.Dict(self.observation_spaces)
        self.action_space = gym.spaces.Dict(self.action_spaces)
        self._zero_mask = np.zeros(A, np.float32)
        self.game = None

    def _new_rng(self, seed: Optional[int]) -> np.random.Generator:
        if seed is None:
            return np.random.default_rng()
        return np.random.default_rng([check_seed(seed), *self._seed_key] if self._seed_key else check_seed(seed))

    # ---- observations ---------------------------------------------------------------------------
    def _obs(self, seat: int, mask: np.ndarray) -> dict:
        # a fresh array per call (RLlib keeps it in its episode); scaled in place, no second copy
        o = self.game.observe(seat)
        if self._scale is not None:
            np.multiply(o, self._scale, out=o)
        return {"action_mask": mask, "observations": o}

    def _decider_obs(self) -> dict:
        g = self.game
        seat = int(g.current_player)
        return {AGENTS[seat]: self._obs(seat, g._mask.astype(np.float32))}

    # ---- the MultiAgentEnv API ------------------------------------------------------------------
    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        if seed is not None:
            self._rng = self._new_rng(seed)
        self.game = tcg_env.make_game(self.game_name, decks=self.decks, seed=int(self._rng.integers(2**62)),
                                      variant=self.variant, auto_single=self.auto_single, pool=self.pool, rules=self.rules)
        return self._decider_obs(), {}

    def step(self, action_dict: dict):
        g = self.game
        if g is None:
            raise RuntimeError("reset() must be called before step()")
        if g.done or g.turn > self.max_turns:
            raise RuntimeError("the episode is over: call reset() before step()")
        agent = AGENTS[g.current_player]
        if agent not in action_dict or len(action_dict) != 1:
            raise ValueError(f"it is {agent}'s decision: the action dict must hold exactly {agent!r}, "
                             f"got {sorted(map(str, action_dict))}")
        g.step(action_dict[agent])  # IllegalActionError (nothing changes) if illegal; never replaced
        if g.done:
            r0, r1 = g.returns()
            return self._final(), {AGENTS[0]: r0, AGENTS[1]: r1}, self._flags(True), self._flags(False), {}
        if g.turn > self.max_turns:
            return self._final(), {AGENTS[0]: 0.0, AGENTS[1]: 0.0}, self._flags(False), self._flags(True), {}
        obs = self._decider_obs()
        # RLlib wants a reward with every observation of an agent that acted before (0 until the end)
        return obs, dict.fromkeys(obs, 0.0), {"__all__": False}, {"__all__": False}, {}

    def _final(self) -> dict:
        return {a: self._obs(i, self._zero_mask) for i, a in enumerate(AGENTS)}

    @staticmethod
    def _flags(value: bool) -> dict:
        return {AGENTS[0]: value, AGENTS[1]: value, "__all__": value}

    def render(self) -> str:
        return self.game.render()


def make_env(env_config: Optional[dict] = None, game: Optional[str] = None) -> TCGMultiAgentEnv:
    """The env creator :func:`register` registers: ``env_config`` holds the env's options
    (:data:`OPTIONS`); RLlib's ``EnvContext`` also carries the runner's ``worker_index`` and
    ``worker_index``, which keys the seeds with the sub-env's number so that every sub-env of every
    runner plays its own games."""
    cfg = dict(env_config or {})
    unknown = sorted(set(cfg) - set(OPTIONS))
    if unknown:
        raise ValueError(f"unknown tcg_env RLlib env option(s) {', '.join(map(repr, unknown))}; known: {', '.join(OPTIONS)}")
    if game is not None:
        cfg.setdefault("game", game)
    # RLlib builds a runner's sub-envs from one EnvContext (vector_index is 0 for all of them), so
    # the sub-env's number in this process, with the runner's index, keys its seed
    global _made
    _made += 1
    worker = int(getattr(env_config, "worker_index", 0) or 0)
    return TCGMultiAgentEnv(**cfg, seed_key=(worker, _made))


_made = 0  # envs make_env built in this process


def env_name(game: str) -> str:
    return ENV_PREFIX + game


def register(game: str = "fftcg") -> str:
    """Registers ``tcg_env_<game>`` with ``ray.tune.registry.register_env`` (its ``env_config``:
    the options of :class:`TCGMultiAgentEnv`); returns the name."""
    from functools import partial

    from ray.tune.registry import register_env

    if game not in list_games():
        raise ValueError(f"unknown game {game!r}; available: {', '.join(list_games())}")
    name = env_name(game)
    register_env(name, partial(make_env, game=game))
    return name


def register_all() -> list[str]:
    """:func:`register` for every registered game; returns the names."""
    return [register(g) for g in list_games()]


def masking_module_spec(hidden: tuple = (256, 256), activation: str = "relu", vf_share_layers: bool = False):
    """An ``RLModuleSpec`` of RLlib's ``ActionMaskingTorchRLModule`` (PPO, masked logits) with an MLP
    of widths ``hidden``."""
    from ray.rllib.core.rl_module.default_model_config import DefaultModelConfig
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    return RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                        model_config=DefaultModelConfig(fcnet_hiddens=list(hidden), fcnet_activation=activation,
                                                        vf_share_layers=vf_share_layers))
