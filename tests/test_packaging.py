"""Packaging: a non-editable install (``pip install .``, a wheel) carries every game's data."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_games_data_folder_is_package_data():
    """Each ``tcg_env/games/<game>/data`` folder (card pool, decks) is listed in pyproject's
    package-data: without it a wheel has a game whose built-in decks cannot be loaded."""
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    for data in sorted((ROOT / "tcg_env" / "games").glob("*/data")):
        package = f"tcg_env.games.{data.parent.name}"
        patterns = package_data.get(package, [])
        assert patterns, f"pyproject.toml: no [tool.setuptools.package-data] entry for {package}"
        for f in data.rglob("*"):
            if f.is_file():
                rel = f.relative_to(data.parent).as_posix()
                assert any(Path(rel).match(p) for p in patterns), f"{package}: {rel} is not package data"
