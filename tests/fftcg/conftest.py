"""Fixtures for FF-TCG rule tests: a small test card pool and scenario helpers."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.scenario import Scenario

DATA = Path(__file__).parent / "data"
# a legal 50-card constructed deck of test cards (3 copies each, plus two more)
TEST_DECK = [f"T-{i:03d}" for i in range(1, 17) for _ in range(3)] + ["T-022", "T-022"]


@pytest.fixture(scope="session")
def pool():
    from tcg_env.cards.fftcg import load_fftcg_pool

    return load_fftcg_pool(DATA / "rules_pool.toml")


@pytest.fixture
def scenario(pool):
    """scenario(turn_player=0, turn=3) -> a Scenario at Main Phase 1 priority with empty hands."""

    def make(turn_player=0, turn=3, seed=0):
        return Scenario.main_phase(pool, turn_player=turn_player, turn=turn, seed=seed, decks=(TEST_DECK, TEST_DECK))

    return make


def find_action(game, text: str) -> int:
    """The legal action whose description starts with ``text`` (one description must match)."""
    hits = [int(a) for a in game.legal_actions() if game.describe_action(int(a)).startswith(text)]
    if len({game.describe_action(a) for a in hits}) == 1:
        return hits[0]  # copies of the same card are interchangeable: take the first
    if len(hits) != 1:
        legal = [game.describe_action(int(a)) for a in game.legal_actions()]
        raise AssertionError(f"{len(hits)} legal actions start with {text!r}; legal: {legal}")
    return hits[0]


def do(game, *texts: str):
    for t in texts:
        game.step(find_action(game, t))


def is_legal(game, text: str) -> bool:
    return any(game.describe_action(int(a)).startswith(text) for a in game.legal_actions())


def pass_until(game, decision: K.Decision, limit=50):
    """Pass (action 0) until the pending decision is ``decision``."""
    for _ in range(limit):
        if game.decision == decision:
            return
        game.step(K.PASS)
    raise AssertionError(f"never reached {decision.name}; now {game.decision.name}")
