"""PettingZoo AEC environment over any registered game (see ``tcg_env.registry``).

Follows PettingZoo's classic conventions (connect_four): agents ``player_0`` / ``player_1``,
observations ``{"observation": ..., "action_mask": int8}`` with an all-zero mask for the agent not
on move, ``Discrete(A)`` actions, +1 / -1 at the end (0 for a draw or a truncated game).

The order, bounds and illegal-action checks live here and in the facade, so ``env()`` needs none
of PettingZoo's generic wrappers (they cost ~7x on this engine). The default answer to an
illegal action is :class:`tcg_env.IllegalActionError` listing the legal actions, with the game
unchanged; :class:`tcg_env.envs.wrappers.IllegalActionLosesWrapper` gives PettingZoo's
behaviour (the offending player loses) instead.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

import tcg_env
from tcg_env.registry import get_spec, resolve_rules

AGENTS = ("player_0", "player_1")


class TCGAECEnv(AECEnv):
    # render_fps: a nominal rate (the text board is printed at each reset and step in "human" mode)
    metadata = {"render_modes": ["human", "ansi"], "name": "tcg_env", "is_parallelizable": False, "render_fps": 4}

    def __init__(
        self,
        game: str = "fftcg",
        decks: Any = None,
        variant: str | None = None,
        obs_encoding: str = "flat",
        auto_single: bool = False,
        max_turns: int = 100,
        render_mode: str | None = None,
        pool: Any = None,
        rules: str | None = None,
    ):
        super().__init__()
        # rules: a rule set the game names (FF-TCG: "2016", "2014": the env plays that game) or a
        # rules variant's hooks module (tcg_env.make_game's rules)
        game, rules = resolve_rules(game, rules)
        self.spec = get_spec(game, rules)
        self.metadata = dict(self.metadata, name=self.spec.env_name)
        if obs_encoding not in ("flat", "dict"):
            raise ValueError(f"obs_encoding must be 'flat' or 'dict', got {obs_encoding!r}")
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        if int(max_turns) < 1:
            raise ValueError(f"max_turns must be >= 1, got {max_turns}")
        self.game_name = game
        self.decks = decks
        self.variant = variant
        self.rules = rules
        self.obs_encoding = obs_encoding
        self.auto_single = bool(auto_single)
        self.max_turns = int(max_turns)
        self.render_mode = render_mode
        self.pool = tcg_env._load_pool(self.spec, pool)  # a path: the card pool file there
        # validate decks / variant now, so a bad option fails at construction
        tcg_env.make_game(game, decks=decks, seed=0, variant=variant, pool=self.pool, rules=rules)
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        A = self.spec.num_actions
        if obs_encoding == "flat":
            inner = spaces.Box(-np.inf, np.inf, (self.spec.obs_size,), np.float32)
        else:
            inner = spaces.Dict(self.spec.entity_spaces())
        self._obs_spaces = {
            a: spaces.Dict({"observation": inner, "action_mask": spaces.Box(0, 1, (A,), np.int8)}) for a in AGENTS
        }
        self._act_spaces = {a: spaces.Discrete(A) for a in AGENTS}
        self._zero_mask = np.zeros(A, np.int8)
        self.game = None

    # ---- spaces -----------------------------------------------------------------------------------
    def observation_space(self, agent):
        return self._obs_spaces[agent]

    def action_space(self, agent):
        return self._act_spaces[agent]

    # ---- lifecycle --------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        self.game = tcg_env.make_game(
            self.game_name, decks=self.decks, seed=seed, variant=self.variant, auto_single=self.auto_single, pool=self.pool,
            rules=self.rules,
        )
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = AGENTS[self.game.current_player]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent):
        if self.game is None:
            EnvLogger.error_observe_before_reset()  # PettingZoo's own error (its OrderEnforcingWrapper)
        i = AGENTS.index(agent)
        g = self.game
        obs = g.observe(i, encoding=self.obs_encoding)
        mask = g._mask.copy() if (g.current_player == i and not g.done) else self._zero_mask.copy()
        return {"observation": obs, "action_mask": mask}

    def action_masks(self) -> np.ndarray:
        """The legal actions of the agent to move (for sb3-contrib's MaskablePPO)."""
        if self.game is None:
            raise AssertionError("reset() needs to be called before action_masks.")
        return self.game._mask.astype(bool)

    def describe_action(self, action: int) -> str:
        return self.game.describe_action(int(action))

    def step(self, action):
        # what PettingZoo's OrderEnforcingWrapper does (env() does not wrap: see the module doc)
        if self.game is None:
            EnvLogger.error_step_before_reset()  # AssertionError: reset() needs to be called before step.
        if not self.agents:  # every agent was terminated or truncated and has stepped out
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.game.step(action)  # raises IllegalActionError and changes nothing if illegal
        self._cumulative_rewards[agent] = 0
        g = self.game
        if g.done:
            r0, r1 = g.returns()
            self.rewards = {"player_0": r0, "player_1": r1}
            self.terminations = {a: True for a in self.agents}
            w = g.winner
            self.infos = {a: {"winner": w} for a in self.agents}
        elif g.turn > self.max_turns:
            self.rewards = {a: 0 for a in self.agents}
            self.truncations = {a: True for a in self.agents}
        else:
            self.rewards = {a: 0 for a in self.agents}
            self.agent_selection = AGENTS[g.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def end_by_illegal_action(self, agent: str) -> None:
        """Used by IllegalActionLosesWrapper: ``agent`` loses, the game ends."""
        other = AGENTS[1 - AGENTS.index(agent)]
        self._cumulative_rewards[agent] = 0
        self.rewards = {agent: -1, other: 1}
        self.terminations = {a: True for a in self.agents}
        self.infos = {a: {"illegal_action_by": agent} for a in self.agents}
        self._accumulate_rewards()

    def render(self):
        """PettingZoo's render modes: "ansi" returns the text board (``Game.render()``), "human"
        prints it and returns None (it is also printed at every reset and step); without a render
        mode nothing is rendered (the warning PettingZoo's own envs give)."""
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode: "
                                  "make the env with render_mode='ansi' (the text) or 'human' (printed).")
            return None
        if self.game is None:
            EnvLogger.error_render_before_reset()  # PettingZoo's own error (its OrderEnforcingWrapper)
        text = self.game.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
