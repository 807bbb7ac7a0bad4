"""Fixtures for the agent tests: scenario positions on the FF-TCG starter pool (the helpers that
act on them are in agent_helpers.py)."""

from __future__ import annotations

import pytest

from tcg_env.games.fftcg.scenario import Scenario


@pytest.fixture
def scenario():
    """scenario(turn_player=0, turn=3) -> a Scenario at Main Phase 1 priority, empty hands/fields,
    with the starter pool's default decks."""

    def make(turn_player=0, turn=3, seed=0):
        return Scenario.main_phase(turn_player=turn_player, turn=turn, seed=seed)

    return make
