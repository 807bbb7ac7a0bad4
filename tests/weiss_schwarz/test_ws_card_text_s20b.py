"""Weiss Schwarz card text, session 20 part B (branch s20-wsb): costs and choices. Made-up lines in the card language
compiled, and on a small imported list what the engine does with them: descriptions naming two cards ('"A" or "B"',
a name group of whole names), names no card of the list has (a climax of another set: a name group too, so the
line compiles and matches the cards of that name in whatever pool holds them), a Backup whose cost puts the card at
the bottom of the deck."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.cards import compile_ws_pool
from tcg_env.games.weiss_schwarz.importer import import_ws_json
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


(PLAIN, BIG, FLARE, SPARK, EMBER, PICKER, GHOSTLY, GUARD, COMBO_GONE, MARKED, NAMED, DOOR, WAITER, CENTERED) = range(14)
RECORDS = [
    _rec("T/S20B-001", "Plain"),
    _rec("T/S20B-002", "Big", level="2", power="9000"),
    _rec("T/S20B-003", "Flare", type="Climax"),
    _rec("T/S20B-004", "Spark", type="Climax"),
    _rec("T/S20B-005", "Ember", type="Climax"),
    # '"A" or "B"' in a cost and a choice (a name group of whole names); the combo icon with the names (CR 8.12.1)
    _rec("T/S20B-006", "Picker", ["【AUTO】 【CXCOMBO】 [Put 1 \"Flare\" or \"Spark\" from your hand into your waiting room] "
                                  "When this card is placed on the stage from your hand, you may pay the cost. If you "
                                  "do, choose 1 \"Flare\" or \"Spark\" in your waiting room, and return it to your "
                                  "hand."]),
    # a card no card of the list has ("Ghost Flare", a climax of another set): a name group of that one name
    _rec("T/S20B-007", "Ghostly", ["【AUTO】 [Put 1 card from your hand into your waiting room] When this card is placed "
                                   "on the stage from your hand, you may pay the cost. If you do, choose 1 \"Ghost "
                                   "Flare\" in your waiting room, and return it to your hand."]),
    # a Backup whose cost puts the card at the bottom of the deck (CR 10.5.2: the cost in the brackets)
    _rec("T/S20B-008", "Guard", ["【ACT】 【COUNTER】 Backup 2000, Level 0 [(1) Reveal this card in your hand & Put it at the "
                                 "bottom of your deck] (Choose 1 of your characters that is being frontal attacked, and "
                                 "that character gets +2000 power until end of turn)"]),
    # a combo naming a climax no card of the list has (CR 8.12)
    _rec("T/S20B-009", "Combo Gone", ["【AUTO】 【CXCOMBO】 When this card attacks, if \"Ghost Flare\" is in your climax "
                                      "area, this card gets +1 soul until end of turn."]),
    # "characters with markers" (CR 3.5.3)
    _rec("T/S20B-010", "Marked", ["【CONT】 All of your other 《Glass》 characters with markers get +500 power."]),
    # 'all of your "X"': the characters of that name (the stage holds characters only, CR 3.6.1)
    _rec("T/S20B-011", "Named", ["【CONT】 All of your \"Big\" get +1500 power."], traits=("Sand",)),
    # a climax with an icon placed on your climax area (the icon the placed climax's filter)
    _rec("T/S20B-012", "Door", [], type="Climax", trigger=("STANDBY",)),
    _rec("T/S20B-013", "Waiter", ["【AUTO】 When your climax with [[standby.gif]] in its trigger icon is placed on your "
                                  "climax area, this card gets +1000 power until end of turn."]),
    # another "X" in your center stage (CR 3.6.1)
    _rec("T/S20B-014", "Centered", ["【CONT】 If you have another \"Big\" in your center stage, this card gets +2000 "
                                    "power."]),
]  # fmt: skip
RECORDS += [_rec(f"T/S20B-F{i:02d}", f"Filler {i}", traits=("Sand",)) for i in range(12)]
FILLER = len(RECORDS) - 12
NO_CLIMAX = [FILLER + 8, FILLER + 9, FILLER + 10, FILLER + 11]  # four different cards (Scenario.stack_deck)
GHOST = [_rec("T/S20B-X01", "Ghost Flare", type="Climax")]  # the other set's climax


def _import(tmp_path_factory, name, records):
    p = tmp_path_factory.mktemp(name) / "list.json"
    p.write_text(json.dumps(records))
    res = import_ws_json(p)
    assert not res.unsupported, res.unsupported
    return res


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    return _import(tmp_path_factory, "ws20b", RECORDS)


@pytest.fixture(scope="module")
def pool(imported):
    return compile_ws_pool(imported.cards)


@pytest.fixture(scope="module")
def merged(imported, tmp_path_factory):
    """The list's cards and the other set's climax in one pool (its cards first: the same ids)."""
    return compile_ws_pool(list(imported.cards) + list(_import(tmp_path_factory, "ws20b_ghost", GHOST).cards))


def _deck(ghost: bool) -> np.ndarray:
    """50 cards: the climax (one of the other set's where the pool has it, card id len(RECORDS)), then the characters
    in turn (at most 4 of a name, CR 5.1.2.2; at most 8 climax, 5.1.2.3)."""
    ids = [FLARE, FLARE, SPARK, SPARK, EMBER, EMBER, DOOR] + [len(RECORDS)] * ghost
    chars = [i for i, r in enumerate(RECORDS) if r["type"] == "Character"]
    k = 0
    while len(ids) < 50:
        if ids.count(chars[k % len(chars)]) < 4:
            ids.append(chars[k % len(chars)])
        k += 1
    return np.array(ids, np.int32)


def _scenario(pool, **kw):
    deck = _deck(len(pool.cards) > len(RECORDS))
    return Scenario.main_phase(pool, decks=(deck, deck), **kw)


_n, _labels, _act = kit.count, kit.labels, kit.act


# ---------------------------------------------------------------------------- '"A" or "B"': whole names
def test_two_card_names_compile_to_a_name_group_of_whole_names():
    r = _c(RECORDS[PICKER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["cost"]["discard_filter"] == {"name_any": ["Flare", "Spark"], "zone": "hand"}
    assert ab["effect"][0]["filter"]["name_any"] == ["Flare", "Spark"]
    assert "combo" not in ab  # the icon has no meaning in terms of rules (CR 8.12.1): no combo condition
    r = _c("【ACT】 [(1)] Choose 1 \"Flare\" or \"Spark\" or \"Ember\" in your waiting room, and return it to your hand.")
    assert r.verdict == "exact" and r.abilities[0]["effect"][0]["filter"]["name_any"] == ["Flare", "Spark", "Ember"]
    # the search of either name
    r = _c("【AUTO】 When this card is placed on the stage from your hand, search your deck for up to 1 \"Flare\" or "
           "\"Spark\", reveal it to your opponent, put it into your hand, and shuffle your deck.")
    assert r.verdict == "exact", r.reason


@pytest.mark.parametrize("paid_with", [SPARK, EMBER])
def test_cr_8_4_a_cost_and_a_choice_of_either_of_two_names(pool, paid_with):
    sc = _scenario(pool)
    picker = sc.put(0, PICKER, "hand")
    payer = sc.put(0, paid_with, "hand")
    wr_flare = sc.put(0, FLARE, "waiting_room")
    wr_ember = sc.put(0, EMBER, "waiting_room")
    g = sc.game()
    _act(g, "Play Picker")
    kit.answer_yes(g, True)
    for _ in range(10):  # the cost (a "Flare" or "Spark" from the hand), the choice in the waiting room
        labels = _labels(g)
        if any(t.startswith("Pay with") for t in labels):
            # only the named cards pay (CR 8.4): Ember is not one
            pays = [t for t in labels if t.startswith("Pay with")]
            assert paid_with == SPARK and len(pays) == 1 and pays[0].startswith("Pay with Spark"), labels
            _act(g, "Pay with")
        elif any("Flare" in t for t in labels):
            assert not any("Ember" in t for t in labels), labels  # only "Flare" or "Spark" are chosen
            _act(g, next(t for t in labels if "Flare" in t))
        else:
            break
    assert kit.zone_of(g, picker) == K.Zone.STAGE
    if paid_with == SPARK:  # paid: Spark in the waiting room, Flare back in the hand, Ember stays
        assert kit.zone_of(g, payer) == K.Zone.WAITING_ROOM and kit.zone_of(g, wr_flare) == K.Zone.HAND
    else:  # Ember cannot pay: nothing happens
        assert kit.zone_of(g, payer) == K.Zone.HAND and kit.zone_of(g, wr_flare) == K.Zone.WAITING_ROOM
    assert kit.zone_of(g, wr_ember) == K.Zone.WAITING_ROOM


# ---------------------------------------------------------------------------- names no card of the list has
def test_a_name_no_card_of_the_list_has_compiles_to_a_name_group(imported):
    (ab,) = imported.cards[GHOSTLY].abilities
    assert ab.effect[0].filter.name_any == ["Ghost Flare"] and ab.effect[0].filter.name is None
    # a combo naming such a climax: its condition (CR 8.12), on the name group
    (ab,) = imported.cards[COMBO_GONE].abilities
    assert ab.combo is None and ab.condition.kind == "climax_named" and ab.condition.name_any == ["Ghost Flare"]


@pytest.mark.parametrize("with_ghost", [False, True])
def test_a_choice_of_a_card_of_another_set_takes_it_where_the_pool_has_it(pool, merged, with_ghost):
    sc = _scenario(merged if with_ghost else pool)
    ghostly = sc.put(0, GHOSTLY, "hand")
    payer = sc.put(0, PLAIN, "hand")
    ghost = sc.put(0, len(RECORDS) if with_ghost else FLARE, "waiting_room")  # the other set's climax / another
    g = sc.game()
    _act(g, "Play Ghostly")
    kit.answer_yes(g, True)
    _act(g, "Pay with Plain")
    for _ in range(5):
        labels = _labels(g)
        if not any("Ghost Flare" in t for t in labels):
            break
        _act(g, next(t for t in labels if "Ghost Flare" in t))
    assert kit.zone_of(g, ghostly) == K.Zone.STAGE and kit.zone_of(g, payer) == K.Zone.WAITING_ROOM
    assert kit.zone_of(g, ghost) == (K.Zone.HAND if with_ghost else K.Zone.WAITING_ROOM)


@pytest.mark.parametrize("climax", ["ghost", "flare", None])
def test_cr_8_12_a_combo_on_a_climax_of_another_set(merged, climax):
    sc = _scenario(merged)
    sc.put(0, COMBO_GONE, "stage", pos=0)
    if climax is not None:
        sc.put(0, len(RECORDS) if climax == "ghost" else FLARE, "climax_area")
    sc.stack_deck(0, NO_CLIMAX)
    sc.stack_deck(1, NO_CLIMAX)
    g = sc.game()
    clock = _n(g, "CLOCK", 1)
    _act(g, "End the main phase")
    _act(g, "Direct attack with Combo Gone")  # the attack, its damage (no climax revealed: not canceled)
    # soul 1, +1 for the direct attack (CR 7.2.1.4.1), +1 with the combo's climax there
    assert _n(g, "CLOCK", 1) - clock == 2 + (climax == "ghost")


# ---------------------------------------------------------------------------- Backup to the bottom of the deck
def test_backup_whose_cost_puts_the_card_at_the_bottom_of_the_deck_compiles():
    r = _c(RECORDS[GUARD]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.fields["backup"] == {"power": 2000, "level": 0, "cost": 1, "to_deck_bottom": True}
    r = _c("【ACT】 【COUNTER】 Backup 1500, Level 1 [Reveal this card in your hand & Put this card at the bottom of your "
           "deck]")
    assert r.verdict == "exact" and r.fields["backup"] == {"power": 1500, "level": 1, "cost": 0, "to_deck_bottom": True}
    # the usual cost keeps the waiting room
    r = _c("【ACT】 【COUNTER】 Backup 1500, Level 1 [Put this card from your hand into your waiting room]")
    assert r.verdict == "exact" and "to_deck_bottom" not in r.fields["backup"]


def test_cr_10_5_2_backup_puts_the_card_at_the_bottom_of_the_deck(pool):
    sc = _scenario(pool, turn_player=1)
    sc.put(1, PLAIN, "stage", pos=0)
    defender = sc.put(0, PLAIN, "stage", pos=2)  # faces the opponent's center left (CR 3.6.5)
    guard = sc.put(0, GUARD, "hand")
    sc.put(0, FILLER, "stock")
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Frontal attack with Plain")
    _act(g, "Counter with Guard")
    assert kit.power(g, defender) == 3000 + 2000  # Backup 2000 (CR 10.5.2)
    assert kit.zone_of(g, guard) == K.Zone.DECK  # (the damage then takes cards from the deck's top)
    assert int(g.state[kit.S.DECK_L]) == guard  # the bottom of the deck (the deck list's first card)
    assert _n(g, "STOCK", 0) == 0  # the (1) paid


def test_backup_to_the_deck_needs_its_stock(pool):
    sc = _scenario(pool, turn_player=1)
    sc.put(1, PLAIN, "stage", pos=0)
    sc.put(0, PLAIN, "stage", pos=2)
    sc.put(0, GUARD, "hand")
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Frontal attack with Plain")
    assert not any(t.startswith("Counter with Guard") for t in _labels(g))  # no stock for the (1) (CR 8.4.2.2)


# ---------------------------------------------------------------------------- characters with markers (CR 3.5.3)
def test_characters_with_markers_compile_to_a_filter_bit():
    r = _c(RECORDS[MARKED]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "aura_power", "amount": 500, "filter": {
        "type": "character", "trait": "Glass", "relation": "other", "with_markers": True}}]


def test_cr_3_5_3_an_aura_on_the_characters_with_markers(pool):
    sc = _scenario(pool)
    sc.put(0, MARKED, "stage", pos=0)
    with_marker = sc.put(0, PLAIN, "stage", pos=1)
    without = sc.put(0, PLAIN, "stage", pos=2)
    sand = sc.put(0, FILLER, "stage", pos=3)  # <<Sand>>: not the trait
    theirs = sc.put(1, PLAIN, "stage", pos=1)  # the opponent's, with a marker: not "your"
    kit.put_marker(sc, FILLER + 1, 1)
    kit.put_marker(sc, FILLER + 2, 3)
    kit.put_marker(sc, FILLER + 3, 1, player=1)
    g = sc.game()
    assert [kit.power(g, x) for x in (with_marker, without, sand, theirs)] == [3500, 3000, 3000, 3000]


# ---------------------------------------------------------------------------- 'all of your "X"'
def test_all_of_your_named_cards_compile_to_characters_of_that_name():
    r = _c(RECORDS[NAMED]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == {"name": "Big", "type": "character"}
    r = _c("【CONT】 All of your other \"Big\" or \"Plain\" get +1500 power.")
    assert r.verdict == "exact" and r.abilities[0]["effect"][0]["filter"] == {
        "name_any": ["Big", "Plain"], "type": "character", "relation": "other"}


def test_an_aura_on_all_of_your_named_characters(pool):
    sc = _scenario(pool)
    sc.put(0, NAMED, "stage", pos=0)
    big = sc.put(0, BIG, "stage", pos=1)
    plain = sc.put(0, PLAIN, "stage", pos=2)
    g = sc.game()
    assert (kit.power(g, big), kit.power(g, plain)) == (9000 + 1500, 3000)


# ---------------------------------------------------------------------------- a climax with an icon placed
def test_your_climax_with_an_icon_placed_compiles_to_a_climax_area_filter():
    r = _c(RECORDS[WAITER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["trigger_filter"] == {"type": "climax", "trigger_icon": "standby", "zone": "climax_area"}


@pytest.mark.parametrize("climax", [DOOR, FLARE])
def test_cr_8_1_1_2_when_your_climax_with_an_icon_is_placed(pool, climax):
    sc = _scenario(pool)
    waiter = sc.put(0, WAITER, "stage", pos=0)
    sc.put(0, climax, "hand")
    sc.put(0, PLAIN, "clock")  # a yellow card in the clock: the climax's colour (CR 6.6.1.2.1)
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, next(t for t in _labels(g) if RECORDS[climax]["name"] in t))  # the climax phase: play it
    for _ in range(5):
        if kit.resolved(g):
            break
        g.step(int(g.legal_actions()[0]))
    assert kit.power(g, waiter) == 3000 + (1000 if climax == DOOR else 0)


# ---------------------------------------------------------------------------- conditions on your stage / the facing card
def test_another_named_character_in_your_center_stage_and_the_facing_level_compile():
    r = _c(RECORDS[CENTERED]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "filter_count_at_least", "value": 1, "filter": {
        "name": "Big", "type": "character", "relation": "other", "positions": ["center"]}}
    r = _c("【AUTO】 When this card attacks, if the level of the character facing this card is 2, this card gets +6000 "
           "power until end of turn.")
    assert r.verdict == "exact" and r.abilities[0]["condition"] == {"kind": "facing_level_is", "value": 2}


@pytest.mark.parametrize("big_at, holds", [(1, True), (3, False), (None, False)])
def test_cr_3_6_1_another_named_character_in_your_center_stage(pool, big_at, holds):
    sc = _scenario(pool)
    me = sc.put(0, CENTERED, "stage", pos=0)
    if big_at is not None:
        sc.put(0, BIG, "stage", pos=big_at)  # center (0..2) or back stage (3, 4)
    g = sc.game()
    assert kit.power(g, me) == 3000 + 2000 * holds
