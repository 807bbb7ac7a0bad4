"""Environments for the ecosystem's APIs.

* PettingZoo AEC: ``tcg_env.envs.fftcg_v8.env(**options)`` (and ``make_env("fftcg", ...)``);
* Gymnasium single agent: ``gymnasium.make("tcg_env/FFTCG-v8", opponent="random")`` or
  :class:`TCGSingleAgentEnv`;
* batched: :class:`TCGVectorEnv` (B games per call, numpy in and out).

Every registered game gets them by registering (``tcg_env.registry``): its PettingZoo module
``tcg_env.games.<game>.env`` is importable as ``tcg_env.envs.<spec.env_name>`` (the PettingZoo
convention, e.g. ``tcg_env.envs.weiss_schwarz_v6``), listed in ``ENV_MODULES``, and its Gymnasium
id is in ``tcg_env.GYM_IDS``. The version is bumped when a game's behaviour or observation changes
(PettingZoo's convention; docs/envs.md, "Versions"): an older name is refused, naming the current one.
"""

from __future__ import annotations

import importlib
import sys

from tcg_env import GYM_IDS  # registered with Gymnasium by `import tcg_env`
from tcg_env.envs.aec import TCGAECEnv
from tcg_env.envs.gym_wrapper import RandomPolicy, TCGSingleAgentEnv
from tcg_env.envs.vector import TCGVectorEnv
from tcg_env.envs.wrappers import IllegalActionLosesWrapper
from tcg_env.registry import game_package, get_spec, list_games


def _env_modules() -> dict[str, str]:
    """Each game's ``env`` module, importable as ``tcg_env.envs.<env_name>``: game -> that name."""
    names = {}
    for game in list_games():
        env_name = get_spec(game).env_name
        module = importlib.import_module(f"{game_package(game)}.env")
        sys.modules[f"{__name__}.{env_name}"] = module  # `import tcg_env.envs.fftcg_v0` finds it
        globals()[env_name] = module  # `from tcg_env.envs import fftcg_v0`
        names[game] = f"{__name__}.{env_name}"
    return names


ENV_MODULES = _env_modules()


def __getattr__(name: str):
    """``from tcg_env.envs import fftcg_v0``, an older version's name: refused with the current
    name (an env of another version would not be the env the caller's code was written for)."""
    base, sep, version = name.rpartition("_v")
    if sep and version.isdigit():
        for module in ENV_MODULES.values():
            current = module.rsplit(".", 1)[1]
            if current.rpartition("_v")[0] == base:
                raise ImportError(f"{__name__}.{name} is not provided: the current version is {module} "
                                  "(docs/envs.md, 'Versions', says what changed)")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    *(name.rsplit(".", 1)[1] for name in ENV_MODULES.values()),
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
