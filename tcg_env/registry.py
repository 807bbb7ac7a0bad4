"""Game registry: name -> :class:`tcg_env.spec.GameSpec` (imported lazily).

A game plugs in with its folder ``tcg_env/games/<game>/`` (whose package defines ``SPEC``) and one
line here: its package and its Gymnasium id (registered by ``import tcg_env`` without importing the
game). Everything else (the CLI, agents, matchups, envs, training) asks the spec.
"""

from __future__ import annotations

import importlib

from tcg_env.spec import GameSpec

_GAMES = {  # name: (the game's package, its Gymnasium id)
    "fftcg": ("tcg_env.games.fftcg", "tcg_env/FFTCG-v1"),
    "force_of_will": ("tcg_env.games.force_of_will", "tcg_env/ForceOfWill-v2"),
    "weiss_schwarz": ("tcg_env.games.weiss_schwarz", "tcg_env/WeissSchwarz-v1"),
    "dbscg": ("tcg_env.games.dbscg", "tcg_env/DragonBallSuper-v0"),
    "fftcg_2014": ("tcg_env.games.fftcg_2014", "tcg_env/FFTCG2014-v0"),
}


def list_games() -> list[str]:
    return sorted(_GAMES)


def gym_ids() -> dict[str, str]:
    """Game name -> its Gymnasium id (``gymnasium.make(id)`` after ``import tcg_env``)."""
    return {name: gym_id for name, (_, gym_id) in sorted(_GAMES.items())}


def game_package(name: str) -> str:
    """The game's package (``tcg_env.games.<game>``); its ``env`` module is the PettingZoo env."""
    get_spec(name)  # the unknown-game error
    return _GAMES[name][0]


def get_spec(name: str) -> GameSpec:
    if name not in _GAMES:
        raise ValueError(f"unknown game {name!r}; available: {', '.join(list_games())}")
    return importlib.import_module(_GAMES[name][0]).SPEC
