"""Opt-in wrappers for the AEC envs."""

from __future__ import annotations

from pettingzoo.utils.wrappers import BaseWrapper

from tcg_env.game import IllegalActionError


class IllegalActionLosesWrapper(BaseWrapper):
    """PettingZoo's convention for illegal moves: the offending player gets -1, the other +1,
    and the game terminates (instead of the default IllegalActionError)."""

    def step(self, action):
        env = self.unwrapped
        agent = getattr(env, "agent_selection", None)
        if env.game is None or not env.agents or env.terminations[agent] or env.truncations[agent]:
            return super().step(action)
        try:
            env.step(action)
        except IllegalActionError:
            env.end_by_illegal_action(agent)
