"""Dragon Ball Super Card Game rule tests: the starter pool with the TEST cards of
``data/flow_cards.toml`` added, and Main Phase scenario rows (``tcg_env.games.dbscg.scenario``)."""

from __future__ import annotations

import pytest
from dbscg_helpers import FLOW_CARDS

from tcg_env.games.dbscg.cards import _default_path, load_dbscg_pool
from tcg_env.games.dbscg.scenario import DbscgScenario


@pytest.fixture(scope="session")
def pool():
    """The starter pool and the TEST cards (the starter pool's card ids unchanged)."""
    return load_dbscg_pool([_default_path(), FLOW_CARDS])


@pytest.fixture
def scenario(pool):
    """``scenario(turn_player=0, **options)``: a Main Phase free timing (DbscgScenario.main_phase)."""
    return lambda turn_player=0, **options: DbscgScenario.main_phase(turn_player=turn_player, pool=pool, **options)
