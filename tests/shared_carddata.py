"""The real card lists of ``../shared/carddata``, imported once per test process.

Importing a large list takes seconds (the FF-TCG simulator list and the Force of Will fow-sim
list: 3-6 s each on CI's machine), and many tests of a game read the same list: they share one
import and one loaded pool here (a test worker runs a game's tests together, ``conftest.py``). The
results are shared, so a test must not change them: it copies what it edits (``list(res)``).
Tests that check the import itself (its time, its report, the command line) import on their own.
Every helper skips the test when the file is absent (the lists never enter the project).
"""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path

import pytest

CARDDATA = Path(__file__).resolve().parents[1].parent / "shared" / "carddata"


def need(sub: str, name: str) -> Path:
    """``../shared/carddata/<sub>/<name>``, or skip the test."""
    path = CARDDATA / sub / name
    if not path.is_file():
        pytest.skip(f"card data not available: {path}")
    return path


@functools.cache
def _imported(game: str, path: str):
    from tcg_env.cards.files import import_card_file

    return import_card_file(game, path)


def imported(game: str, sub: str, name: str):
    """The game's importer's result (``ImportResult``) for the list, computed once per process."""
    return _imported(game, str(need(sub, name)))


@functools.cache
def _pool(game: str, path: str):
    from tcg_env.cards.files import load_game_pool, write_pool

    with tempfile.TemporaryDirectory() as d:
        return load_game_pool(game, write_pool(game, list(_imported(game, path)), Path(d) / "imported.json",
                                               source=path))


def imported_pool(game: str, sub: str, name: str):
    """The list's cards as a loaded pool (written and read back as ``tcg cards import`` does), once
    per process."""
    return _pool(game, str(need(sub, name)))
