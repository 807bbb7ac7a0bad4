"""Weiss Schwarz card text, session 33 (branch s33d): shapes common across the sets. "cost N or higher" (the filter's
F_COST_MIN, CR 2.5); "if a blue climax is in your climax area" (Condition.CLIMAX_FILTER_AT_LEAST, CR 3.11); "when this
card is placed on stage from hand" (the trigger without "your"). Made-up lines in the card language, imported, and
what the engine does with them."""

from __future__ import annotations

import pytest

from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit

_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


_SHRINKER = ("【ACT】 [【REST】 this card] Choose 1 of your opponent's cost 1 or higher characters, and that character gets "
             "-1000 power until end of turn.")
_BLUE_FAN = "【CONT】 If a blue climax is in your climax area, this card gets +2000 power."
(PLAIN, FLARE, BLUE_FLARE, SHRINKER, PRICEY, BLUE_FAN) = range(6)
RECORDS = [
    _rec("T/S33D-001", "Plain"),
    _rec("T/S33D-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S33D-003", "Blue Flare", [], type="Climax", trigger=("SOUL",), color="BLUE"),
    _rec("T/S33D-004", "Shrinker", [_SHRINKER]),
    _rec("T/S33D-005", "Pricey", cost="1"),
    _rec("T/S33D-006", "Blue Fan", [_BLUE_FAN]),
]  # fmt: skip
RECORDS += [_rec(f"T/S33D-F{i:02d}", f"Filler {i}", traits=("Reed",)) for i in range(12)]


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws33d", RECORDS)


# ---------------------------------------------------------------------------- CR 2.5: cost N or higher
@pytest.mark.parametrize("line", [
    _SHRINKER,
    "【AUTO】 When this card attacks, choose 1 cost 1 or higher character in your opponent's waiting room, and put it "
    "into your opponent's stock.",
])
def test_cr_2_5_cost_n_or_higher_compiles_to_the_filters_cost_min(line):
    r = _c(line)
    assert r.verdict in ("exact", "approximate"), r.reason
    (ch,) = [o for o in r.abilities[0]["effect"] if o["op"] == "choose"]
    assert ch["filter"]["cost_min"] == 1


def test_cr_2_5_cost_n_or_higher_chooses_only_the_cards_of_that_cost(pool):
    """The opponent has a cost 0 Plain and a cost 1 Pricey: Shrinker's choice offers Pricey alone."""
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck))
    sc.put(0, SHRINKER, "stage", pos=0)
    cheap = sc.put(1, PLAIN, "stage", pos=0)
    pricey = sc.put(1, PRICEY, "stage", pos=1)
    g = sc.game()
    before = (kit.power(g, cheap), kit.power(g, pricey))
    kit.act(g, "Use ability 0 of Shrinker")
    for _ in range(6):
        if kit.resolved(g):
            break
        d = kit.labels(g)
        assert not any("Plain" in x for x in d), d
        kit.act(g, d[0])
    assert kit.power(g, cheap) == before[0]
    assert kit.power(g, pricey) == before[1] - 1000


# ---------------------------------------------------------------------------- CR 3.11: a climax of a colour
@pytest.mark.parametrize("line", [
    _BLUE_FAN,
    "【CONT】 If there is a blue climax in your climax area, this card gets +2000 power.",
    "【CONT】 If you have a blue climax in your climax area, this card gets +2000 power.",
    "【AUTO】 When this card attacks, if a blue climax is in your climax area, draw 1 card.",
])
def test_cr_3_11_a_climax_of_a_colour_in_your_climax_area_is_a_filter_condition(line):
    r = _c(line)
    assert r.verdict == "exact", r.reason
    cond = r.abilities[0]["condition"]
    assert cond["kind"] == "climax_filter_at_least" and cond["value"] == 1
    assert cond["filter"] == {"type": "climax", "color": ["blue"], "zone": "climax_area"}


@pytest.mark.parametrize("climax", [None, FLARE, BLUE_FLARE])
def test_cr_3_11_the_colour_condition_holds_with_a_climax_of_that_colour_only(pool, climax):
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck))
    fan = sc.put(0, BLUE_FAN, "stage", pos=0)
    if climax is not None:
        sc.put(0, climax, "climax_area")
    g = sc.game()
    assert kit.power(g, fan) == 3000 + (2000 if climax == BLUE_FLARE else 0)


def test_cr_3_11_a_climax_of_the_colour_in_the_opponents_climax_area_does_not_count(pool):
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck))
    fan = sc.put(0, BLUE_FAN, "stage", pos=0)
    sc.put(1, BLUE_FLARE, "climax_area")
    g = sc.game()
    assert kit.power(g, fan) == 3000


# ---------------------------------------------------------------------------- CR 8.7: "placed on stage from hand"
@pytest.mark.parametrize("line", [
    "【AUTO】 When this card is placed on stage from hand, draw 1 card.",
    "【AUTO】 When your other 《Glass》 character is placed on stage from hand, this card gets +500 power until end of "
    "turn.",
])
def test_cr_8_7_placed_on_stage_from_hand_without_your_is_the_played_trigger(line):
    r = _c(line)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["trigger"] in ("played_self", "other_played")


@pytest.mark.parametrize("trait", ["", "《Glass》 "])
def test_cr_7_8_your_other_character_in_battle_becomes_reverse_is_the_in_battle_trigger(trait):
    r = _c(f"【AUTO】 When your other {trait}character in battle becomes 【REVERSE】, choose 1 of your characters, and "
           "that character gets +1000 power until end of turn.")
    assert r.verdict == "exact", r.reason
    ab = r.abilities[0]
    assert ab["trigger"] == "other_reversed" and ab["trigger_filter"]["relation"] == "in_battle"
    assert (ab["trigger_filter"].get("trait") == "Glass") == bool(trait)
