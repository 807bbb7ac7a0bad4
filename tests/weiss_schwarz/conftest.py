"""Fixtures for Weiss Schwarz rule tests: the tiny hand-built pool of ``ws_tables.py`` and scenarios."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from ws_tables import basic_deck, basic_pool  # noqa: E402
from ws_helpers import CHANGELING, FUSER, RESONATOR, SCHOLAR, SENTINEL, SHIFTER, TITAN  # noqa: E402

from tcg_env.games.weiss_schwarz.scenario import Scenario  # noqa: E402


@pytest.fixture(scope="session")
def pool():
    return basic_pool()


@pytest.fixture(scope="session")
def deck(pool):
    return basic_deck(pool)


@pytest.fixture
def scenario(pool, deck):
    def make(turn_player=0, turn=3, seed=0):
        # both decks carry the keyword cards (ids 20..25) in place of three Insight and three Parry
        d1 = deck.copy()
        d1[[34, 35, 38, 39]] = [SHIFTER, CHANGELING, SENTINEL, RESONATOR]  # 2 Insight, 2 Parry remain
        d1[[36, 40]] = [FUSER, TITAN]  # one Insight, one Parry remain
        d1[28] = SCHOLAR  # two Captains remain
        return Scenario.main_phase(pool, decks=(d1, d1), turn_player=turn_player, turn=turn, seed=seed)

    return make
