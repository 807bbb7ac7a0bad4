"""Environments for the ecosystem's APIs.

* PettingZoo AEC: ``tcg_env.envs.fftcg_v0.env(**options)`` (and ``make_env("fftcg", ...)``);
* Gymnasium single agent: ``gymnasium.make("tcg_env/FFTCG-v0", opponent="random")`` or
  :class:`TCGSingleAgentEnv`;
* batched: :class:`TCGVectorEnv` (B games per call, numpy in and out).

A new game plugs in with a 5-line module like ``fftcg_v0.py`` plus an entry in ``ENV_MODULES``
and in ``tcg_env.GYM_IDS`` (registered with Gymnasium by ``import tcg_env``).
"""

from __future__ import annotations

import importlib

from tcg_env.envs import fftcg_v0, weiss_schwarz_v0
from tcg_env.envs.aec import TCGAECEnv
from tcg_env.envs.gym_wrapper import RandomPolicy, TCGSingleAgentEnv
from tcg_env.envs.vector import TCGVectorEnv
from tcg_env.envs.wrappers import IllegalActionLosesWrapper

ENV_MODULES = {"fftcg": "tcg_env.envs.fftcg_v0", "weiss_schwarz": "tcg_env.envs.weiss_schwarz_v0"}
from tcg_env import GYM_IDS  # registered with Gymnasium by `import tcg_env`

__all__ = [
    "fftcg_v0",
    "weiss_schwarz_v0",
    "make_env",
    "TCGAECEnv",
    "TCGSingleAgentEnv",
    "TCGVectorEnv",
    "RandomPolicy",
    "IllegalActionLosesWrapper",
    "ENV_MODULES",
    "GYM_IDS",
]


def make_env(game: str, **kwargs) -> TCGAECEnv:
    """The PettingZoo AEC env of ``game`` ("fftcg", ...)."""
    if game not in ENV_MODULES:
        raise ValueError(f"no env for game {game!r}; available: {sorted(ENV_MODULES)}")
    return importlib.import_module(ENV_MODULES[game]).env(**kwargs)

