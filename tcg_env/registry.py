"""Game registry: name -> :class:`tcg_env.spec.GameSpec` (imported lazily)."""

from __future__ import annotations

import importlib

from tcg_env.spec import GameSpec

_GAMES = {
    "fftcg": "tcg_env.games.fftcg",
    "weiss_schwarz": "tcg_env.games.weiss_schwarz",
}


def list_games() -> list[str]:
    return sorted(_GAMES)


def get_spec(name: str) -> GameSpec:
    if name not in _GAMES:
        raise ValueError(f"unknown game {name!r}; available: {', '.join(list_games())}")
    return importlib.import_module(_GAMES[name]).SPEC
