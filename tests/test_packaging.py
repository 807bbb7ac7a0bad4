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


def _install_line(text: str) -> str:
    """The ``pip install -e ".[...]"`` extras of a README / CI command line."""
    import re

    found = re.findall(r'pip install -e "\.\[([a-z0-9_,]+)\]" && \.venv/bin/python -m pytest', text)
    assert len(found) == 1, f"expected one test command installing extras, found {found}"
    return found[0]


def test_readme_test_command_is_what_ci_runs():
    """The README's test command and ``.ci/run`` install the same extras, and those are the extras
    the test suite imports (the OpenSpiel and RLlib bridges' smoke tests run in CI, not skipped):
    one consistent set (ray[rllib] 2.60 pins gymnasium 1.2.2; pip resolves the whole set at once)."""
    readme = _install_line((ROOT / "README.md").read_text())
    ci = _install_line((ROOT / ".ci" / "run").read_text())
    assert readme == ci
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    for name in readme.split(","):
        assert name in extras, f"README installs the extra {name!r}, which pyproject.toml does not define"
    assert {"test", "train", "openspiel", "rllib"} <= set(readme.split(","))
