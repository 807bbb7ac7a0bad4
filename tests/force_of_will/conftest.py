"""Force of Will rule tests: the tiny hand-built pool of ``fow_tables.py`` (the game has no card
compiler of its own yet in this branch) and a deck of it, shared by the session."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import fow_tables  # noqa: E402


@pytest.fixture(scope="session")
def pool():
    return fow_tables.basic_pool()


@pytest.fixture(scope="session")
def deck(pool):
    return fow_tables.basic_deck(pool)


@pytest.fixture(scope="session")
def rpool():
    """``fow_tables.rune_pool``: runes, [Divinity], [Mana], [Stealth], the extra deck."""
    return fow_tables.rune_pool()
