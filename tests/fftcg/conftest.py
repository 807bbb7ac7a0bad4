"""Fixtures for FF-TCG rule tests: a small test card pool and scenario helpers."""

from __future__ import annotations

import pytest
from fftcg_helpers import DATA, TEST_DECK

from tcg_env.games.fftcg.scenario import Scenario


@pytest.fixture(scope="session")
def pool():
    from tcg_env.games.fftcg.cards import load_fftcg_pool

    return load_fftcg_pool(DATA / "rules_pool.toml")


@pytest.fixture
def scenario(pool):
    """scenario(turn_player=0, turn=3) -> a Scenario at Main Phase 1 priority with empty hands."""

    def make(turn_player=0, turn=3, seed=0):
        return Scenario.main_phase(pool, turn_player=turn_player, turn=turn, seed=seed, decks=(TEST_DECK, TEST_DECK))

    return make


@pytest.fixture(params=["shortcut", "full"])
def priority_path(request):
    """Run a rule test on the priority shortcut and on the full path (``fftcg_helpers.on_path``)."""
    return request.param
