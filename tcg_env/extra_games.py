"""A game that is not in :mod:`tcg_env.registry`, plugged in for a while.

The registry lists the games every user gets (``tcg``, the envs, Gymnasium ids). A game that is
not one of them yet, or never will be (the template game, ``tcg_env/games/template``, which is
there to be copied), still needs everything that reaches a game by its name (``make_game``,
``Game.from_dict``, the envs, the conformance kit) while its tests run::

    with registered("template"):
        game = tcg_env.make_game("template", seed=1)

does, for the block, what ``tcg_env/registry.py``'s line and ``import tcg_env`` do for a
registered game: the name in the registry, its PettingZoo module as ``tcg_env.envs.<env_name>``
(and in ``ENV_MODULES``), its Gymnasium id in ``tcg_env.GYM_IDS`` and Gymnasium's registry. All of
it is undone afterwards, so the rest of a test session sees the registered games only.
"""

from __future__ import annotations

import importlib
import sys
from contextlib import contextmanager

from tcg_env import registry

# the games tcg_env ships and does not register: name -> (package, Gymnasium id)
EXTRA_GAMES = {"template": ("tcg_env.games.template", "tcg_env/Template-v0")}


def extra_spec(name: str):
    """The spec of a registered or an extra game, without registering it."""
    return importlib.import_module(EXTRA_GAMES[name][0]).SPEC if name in EXTRA_GAMES else registry.get_spec(name)


@contextmanager
def registered(name: str):
    """Game ``name`` registered while the block runs (a game of :data:`EXTRA_GAMES`; a registered
    game is left as it is); yields its spec."""
    if name not in EXTRA_GAMES or name in registry.list_games():
        yield registry.get_spec(name)
        return
    package, gym_id = EXTRA_GAMES[name]
    spec = importlib.import_module(package).SPEC
    import tcg_env
    import tcg_env.envs as envs

    alias = f"tcg_env.envs.{spec.env_name}"
    registry._GAMES[spec.name] = (package, gym_id)
    sys.modules[alias] = importlib.import_module(f"{package}.env")
    setattr(envs, spec.env_name, sys.modules[alias])
    envs.ENV_MODULES[spec.name] = alias
    tcg_env.GYM_IDS[spec.name] = gym_id
    gym = _gymnasium()
    if gym is not None:
        gym.register(id=gym_id, entry_point="tcg_env.envs.gym_wrapper:TCGSingleAgentEnv", kwargs={"game": spec.name})
    try:
        yield spec
    finally:
        if gym is not None:
            gym.registry.pop(gym_id, None)
        del tcg_env.GYM_IDS[spec.name], envs.ENV_MODULES[spec.name], sys.modules[alias], registry._GAMES[spec.name]
        delattr(envs, spec.env_name)


def _gymnasium():
    try:
        import gymnasium
    except ImportError:  # a dependency; without it only the Gymnasium env is missing
        return None
    return gymnasium
