"""Readers for the Dragon Ball Super Card Game's rule tests (tests/dbscg)."""

from __future__ import annotations

from pathlib import Path

from tcg_env.engine.zones import zone_list
from tcg_env.games.dbscg.constants import Zone
from tcg_env.games.dbscg.state import CARD, CARD_W, RESTED, ZONE, ZONES

FLOW_CARDS = Path(__file__).parent / "data" / "flow_cards.toml"


def zone(game, player, area):
    """``player``'s card slots in ``area`` (a Zone), bottom .. top."""
    return zone_list(game.state, ZONES, int(area), player)


def numbers(game, player, area):
    """The card numbers of ``player``'s ``area``, bottom .. top."""
    number = {i: n for n, i in game.pool.index.items()}
    return [number[int(game.state[CARD + s * CARD_W])] for s in zone(game, player, area)]


def rested(game, slot):
    return bool(game.state[RESTED + slot * CARD_W])


def area_of(game, slot):
    return Zone(int(game.state[ZONE + slot * CARD_W]))
