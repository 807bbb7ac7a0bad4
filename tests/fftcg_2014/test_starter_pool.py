"""The FF-TCG 2014 starter pool and built-in decks (issue 28): an original pool that uses every card
type, element and keyword of the 2014 rules, legal decks, and the pool's cards under the rules."""

from __future__ import annotations

import pytest

from tcg_env.games import fftcg_2014
from tcg_env.games.fftcg_2014 import decks
from tcg_env.games.fftcg_2014.cards import default_pool_path, load_cards, load_pool
from tcg_env.games.fftcg_2014.scenario import Scenario

ELEMENTS = {"fire", "ice", "wind", "lightning", "water", "earth", "light", "dark"}
TYPES = {"forward", "backup", "summon", "monster", "weapon", "armor", "accessory", "formation"}
ABILITY_KEYWORDS = {"assist", "awakening", "blue_magic", "remove", "job_change", "flash", "junction"}


@pytest.fixture(scope="module")
def cards():
    return load_cards(default_pool_path())


def test_the_pool_has_every_element_type_and_keyword(cards):
    assert 100 <= len(cards) <= 130
    assert {c.type for c in cards} == TYPES
    assert {c.element for c in cards} == ELEMENTS
    kws = {k for c in cards for k in c.keywords}
    assert {"party", "level_up", "haste", "brave", "first_strike"} <= kws
    assert {a.keyword for c in cards for a in c.abilities} - {None} == ABILITY_KEYWORDS
    assert all(any(getattr(c, f) for c in cards) for f in ("link", "war_god", "overdrive", "combination",
                                                              "formation_condition", "ex_burst"))
    conditions = {a.condition.kind for c in cards for a in c.abilities if a.condition is not None}
    assert {"overdrive_paid", "junctioned", "equipped", "monsters_at_least"} <= conditions
    ops = {op.op for c in cards for a in c.abilities for op in a.effect}
    assert "freeze" in ops
    assert any(op.filter is not None and op.filter.equipped_by_source
               for c in cards for a in c.abilities for op in a.effect if hasattr(op, "filter"))
    assert all(c.text for c in cards)


def test_cr2014_15_2_4_level_up_and_awakening_cards_are_common_soldiers_with_a_same_name_card(cards):
    """Level UP searches a same-name Forward (15.2.4.2) and Awakening a same-name card (15.2.10.2);
    without the Common Soldier icon two of a name on the field all go (12.4.6)."""
    names = [c.name for c in cards]
    for c in cards:
        if "level_up" in c.keywords or any(a.keyword == "awakening" for a in c.abilities):
            assert c.generic, c.name
            if "level_up" in c.keywords:
                assert names.count(c.name) == 2, c.name


def test_the_built_in_decks_are_legal_and_the_defaults_are_among_them():
    table = load_pool()
    names = decks.list_decks()
    assert len(names) >= 4
    assert set(fftcg_2014.DEFAULT_DECKS) <= set(names)
    for name in names:
        deck = decks.load_checked_deck(table, name)
        assert len(deck.card_ids) == 50


def test_cr2014_15_2_11_4_blue_magic_is_used_from_the_hand_only():
    """Cloudhopper's Blue Magic (draw 2) is not an ability of the card on the field; Zephyr Imp's
    field action ability is."""
    sc = Scenario.main_phase(load_pool(), decks=("wind_earth_beasts", "wind_earth_beasts"))
    sc.field(0, ["S14-041", "S14-041", "S14-041", "S14-035", "S14-033", "S14-036"])
    g = sc.game()
    uses = [g.describe_action(int(a)) for a in g.legal_actions()]
    assert any("Zephyr Imp" in u for u in uses)
    assert not any("Cloudhopper" in u for u in uses)
