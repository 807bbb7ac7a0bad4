"""Fixtures for the FF-TCG 2014 rule tests: FF-TCG's test pool with the 2014 test cards, and the
scenario builder (``tcg_env.games.fftcg_2014.scenario``)."""

from __future__ import annotations

import pytest
from fftcg14_helpers import POOL_FILES, TEST_DECK, on_path

from tcg_env.games.fftcg_2014.scenario import Scenario


@pytest.fixture(scope="session")
def pool():
    from tcg_env.games.fftcg_2014.cards import load_pool

    return load_pool(list(POOL_FILES))


@pytest.fixture(params=["shortcut", "full"])
def scenario(pool, request):
    """scenario(turn_player=0, turn=3) -> a Scenario at Main Phase 1 priority with empty hands; its
    game is played on the priority shortcut and on the full path (``fftcg14_helpers.on_path``)."""

    def make(turn_player=0, turn=3, seed=0):
        sc = Scenario.main_phase(pool, turn_player=turn_player, turn=turn, seed=seed, decks=(TEST_DECK, TEST_DECK))
        game = sc.game
        sc.game = lambda: on_path(game(), request.param)
        return sc

    return make
