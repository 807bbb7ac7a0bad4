"""Fixtures for Force of Will rule tests: the tiny hand-built pool of ``fow_tables.py``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from fow_tables import basic_deck, basic_pool  # noqa: E402


@pytest.fixture(scope="session")
def pool():
    return basic_pool()


@pytest.fixture(scope="session")
def deck(pool):
    return basic_deck(pool)
