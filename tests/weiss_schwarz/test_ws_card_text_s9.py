"""Weiss Schwarz card text, session 9 pieces: the compiled abilities of made-up lines in the card
language (verdicts, programs) and, on a small imported list, what the engine does with them
(parts of card names, re-ordering the top of the deck, Change, "when you use an [ACT]", ...)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.cards import compile_ws_pool
from tcg_env.games.weiss_schwarz.importer import import_ws_json
from tcg_env.games.weiss_schwarz.scenario import Scenario

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "conformance"))


def _rec(code, name, ability=(), type="Character", level="0", power="3000", traits=("Glass",), trigger=(), cost="0"):
    char = type == "Character"
    return {"code": code, "name": name, "type": type, "color": "YELLOW", "level": level if type != "Climax" else "-",
            "cost": cost if type != "Climax" else "-", "power": power if char else "-", "soul": 1 if char else 0,
            "trigger": list(trigger), "attributes": list(traits) if char else [], "ability": list(ability), "side": "W"}  # fmt: skip


def _c(line, **card):
    return compile_line(line, {"type": "character", "name": "Tester", "traits": ["Glass"], **card})


# ---------------------------------------------------------------------------- compiled lines
def test_with_a_part_of_a_card_name_is_a_name_contains_filter():
    r = _c('【CONT】 All of your other characters with "Rin" or "Len" in their card names get +500 power.')
    assert r.verdict.value == "exact"
    assert r.abilities[0]["effect"][0]["filter"] == {"type": "character", "name_contains": ["Rin", "Len"],
                                                     "relation": "other"}  # fmt: skip
    r = _c('【CONT】 If you have another character with "Rin" in its card name, this card gets +1000 power.')
    assert r.verdict.value == "exact"
    assert r.abilities[0]["condition"]["kind"] == "filter_count_at_least"


BRIGHT, RINA, LENA, PLAIN, ORACLE, GRUB, MOTH, TINKER, FAN, SHY, SAGE = range(11)
RECORDS = [
    _rec("T/S09-001", "Bright", ['【CONT】 All of your other characters with "Rin" or "Len" in their card names get '
                                 '+500 power.']),
    _rec("T/S09-002", "Kagamine Rina"),
    _rec("T/S09-003", "Lena Len"),
    _rec("T/S09-004", "Plain"),
    _rec("T/S09-005", "Oracle", ["【AUTO】 When this card is placed on the stage from your hand, look at up to 3 cards "
                                 "from the top of your deck, and put them on the top of your deck in any order."]),
    _rec("T/S09-006", "Grub", ["【AUTO】 Change [(1) Return this card to your hand] At the beginning of your climax "
                               "phase, you may pay the cost. If you do, choose a card named \"Moth\" in your waiting "
                               "room, and put it on the stage position that this card was on."]),
    _rec("T/S09-007", "Moth", level="1", power="7000"),
    _rec("T/S09-008", "Tinker", ["【ACT】 [【REST】 this card] This card gets +500 power until end of turn."]),
    _rec("T/S09-009", "Fan", ["【AUTO】 When you use an 【ACT】, this card gets +1000 power until end of turn.",
                              "【AUTO】 When your opponent uses an 【ACT】, this card gets +2000 power until end of "
                              "turn."]),
    _rec("T/S09-010", "Shy", ["【AUTO】 [Return this card to your hand] When this card attacks, you may pay the cost. "
                              "If you do, draw 1 card."]),
    _rec("T/S09-011", "Sage", ['【CONT】 Memory If "Moth" is in your memory, this card gets +1000 power.']),
]  # fmt: skip
# vanilla fillers: a deck has at most 4 cards of a name (CR 5.1.2.2)
RECORDS += [_rec(f"T/S09-F{i:02d}", f"Filler {i}", traits=("Wood",)) for i in range(13)]


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    p = tmp_path_factory.mktemp("ws9") / "list.json"
    p.write_text(json.dumps(RECORDS))
    res = import_ws_json(p)
    assert not res.unsupported, res.unsupported
    return compile_ws_pool(res.cards)


def _deck():
    return np.array([i % len(RECORDS) for i in range(len(RECORDS) * 4)][:50], np.int32)


def _scenario(pool, **kw):
    return Scenario.main_phase(pool, decks=(_deck(), _deck()), **kw)


def _power(g, slot):
    return int(g.state[S.D_POWER + slot * S.CARD_W])


def test_a_part_of_a_card_name_matches_the_names_that_contain_it(pool):
    sc = _scenario(pool)
    sc.put(0, BRIGHT, "stage", pos=0)
    rina = sc.put(0, RINA, "stage", pos=1)
    lena = sc.put(0, LENA, "stage", pos=2)
    plain = sc.put(0, PLAIN, "stage", pos=3)
    g = sc.game()
    assert (_power(g, rina), _power(g, lena), _power(g, plain)) == (3500, 3500, 3000)


def _n(g, zone, p=0):
    return int(g.state[getattr(S, zone + "_N") + p])


def _act(g, text):
    for a in g.legal_actions():
        if g.describe_action(int(a)).startswith(text):
            g.step(int(a))
            return
    raise AssertionError(f"no action {text!r}: {[g.describe_action(int(a)) for a in g.legal_actions()]}")


def _top(g, k, p=0):
    """The names of the top k cards of p's deck, top first."""
    n = _n(g, "DECK", p)
    return [g.pool.names[int(g.state[S.CARD + int(g.state[S.DECK_L + p * K.MAX_DECK + n - 1 - i]) * S.CARD_W])]
            for i in range(k)]


def test_reorder_the_top_of_the_deck_compiles_to_look_top_deck_top():
    r = _c("【AUTO】 When this card is placed on the stage from your hand, look at up to two cards from the top of "
           "your deck, and put them on the top of your deck in any order.")
    assert r.verdict.value == "approximate" and r.approximations == ("look_exactly_n",)
    assert r.abilities[0]["effect"] == [{"op": "look_top", "count": 2, "take": 2, "to": "deck_top"}]


@pytest.mark.parametrize("order", [("Plain", "Lena Len", "Kagamine Rina"), ("Lena Len", "Kagamine Rina", "Plain")])
def test_cr_3_2_2_put_them_on_the_top_of_your_deck_in_any_order(pool, order):
    # the cards taken go on top in the order taken (the last taken on top); any order can be made
    sc = _scenario(pool)
    sc.put(0, ORACLE, "hand")
    sc.stack_deck(0, [RINA, LENA, PLAIN])
    g = sc.game()
    deck = _n(g, "DECK")
    assert _top(g, 3) == ["Kagamine Rina", "Lena Len", "Plain"]
    _act(g, "Play Oracle to center left")
    for name in reversed(order):
        _act(g, f"Choose {name}")
    assert _n(g, "DECK") == deck and _top(g, 3) == list(order)


def test_cr_3_2_2_cards_not_taken_stay_under_those_taken(pool):
    sc = _scenario(pool)
    sc.put(0, ORACLE, "hand")
    sc.stack_deck(0, [RINA, LENA, PLAIN])
    g = sc.game()
    _act(g, "Play Oracle to center left")
    _act(g, "Choose Plain")
    _act(g, "Pass")
    assert _top(g, 3) == ["Plain", "Kagamine Rina", "Lena Len"]


def test_cr_10_8_change_compiles_to_the_change_op():
    r = _c('【AUTO】 Change [(1) Put this card into your memory] At the beginning of your encore step, if this card is '
           '【REST】, you may pay the cost. If you do, choose a card named "Moth" in your waiting room, and put it on '
           'the stage position that this card was on.')
    assert r.verdict.value == "approximate" and r.approximations == ("change_on_resolution",)
    ab = r.abilities[0]
    assert ab["keyword"] == "change" and ab["condition"] == {"kind": "self_rested"} and ab["cost"] == {"stock": 1}
    assert ab["effect"] == [{"op": "change", "filter": {"name": "Moth", "zone": "waiting_room", "type": "character"},
                             "to": "memory"}]  # fmt: skip


@pytest.mark.parametrize("take", [True, False])
def test_cr_10_8_change_puts_the_chosen_character_on_this_cards_position(pool, take):
    sc = _scenario(pool)
    grub = sc.put(0, GRUB, "stage", pos=1)
    moth = sc.put(0, MOTH, "waiting_room")
    sc.put(0, PLAIN, "stock")
    g = sc.game()
    stock = _n(g, "STOCK")
    _act(g, "End the main phase")
    _act(g, "Use Grub")
    _act(g, "Choose Moth" if take else "Pass")
    zone = lambda sl: int(g.state[S.ZONE + sl * S.CARD_W])  # noqa: E731
    if take:
        assert zone(moth) == K.Zone.STAGE and int(g.state[S.POS + moth * S.CARD_W]) == 1
        assert zone(grub) == K.Zone.HAND and _n(g, "STOCK") == stock - 1
    else:
        assert zone(moth) == K.Zone.WAITING_ROOM and zone(grub) == K.Zone.STAGE


def test_cr_8_1_1_1_2_when_you_use_an_act_triggers_when_it_has_resolved(pool):
    sc = _scenario(pool)
    tinker = sc.put(0, TINKER, "stage", pos=0)
    fan = sc.put(0, FAN, "stage", pos=1)
    their_fan = sc.put(1, FAN, "stage", pos=1)
    g = sc.game()
    _act(g, "Use ability 0 of Tinker")
    assert _power(g, tinker) == 3500
    assert _power(g, fan) == 4000 and _power(g, their_fan) == 5000  # "you use" / "your opponent uses"


def test_cr_8_4_a_cost_returning_this_card_to_your_hand():
    r = _c("【AUTO】 [Return this card to your hand] When your climax is placed on your climax area, you may pay the "
           "cost. If you do, choose 1 of your characters, and that character gets +1 soul until end of turn.")
    assert r.verdict.value == "exact" and r.abilities[0]["cost"] == {"self_to": "hand"}


def test_placed_from_your_hand_or_by_an_effect_is_placed_self_approximately():
    r = _c('【AUTO】 When this card is placed on the stage from your hand or by a "Foo" effect, draw 1 card.')
    assert r.verdict.value == "approximate" and r.approximations == ("placed_any_way",)
    assert r.abilities[0]["trigger"] == "placed_self"
    r = _c("【AUTO】 When this card is placed on the stage from your hand or put into your waiting room from the stage, "
           "draw 1 card.")
    assert [a["trigger"] for a in r.abilities] == ["played_self", "to_wr_from_stage_self"]


def test_you_may_mill_one_and_if_that_card_is_x():
    r = _c("【AUTO】 At the beginning of your opponent's attack phase, you may put the top card of your deck into your "
           "waiting room. If that card is a 《Glass》 character, this card gets +1000 power until end of turn.")
    assert r.verdict.value == "exact"
    eff = r.abilities[0]["effect"]
    assert eff[0] == {"op": "may", "then": [{"op": "reveal_top", "filter": {"type": "character", "trait": "Glass",
                                                                             "zone": "deck"}}, {"op": "mill", "count": 1}]}
    assert eff[1]["op"] == "if_stored"


@pytest.mark.parametrize("line, cond", [
    ('【CONT】 Memory If "Moth" is in your memory, this card gets +1000 power.',
     {"kind": "memory_filter_at_least", "value": 1, "filter": {"name": "Moth", "zone": "memory"}}),
    ("【CONT】 If your memory has 2 or less cards, this card gets +1000 power.", {"kind": "memory_at_most", "value": 2}),
    ("【CONT】 If the number of 《Glass》 characters in your memory is 2 or more, this card gets +1000 power.",
     {"kind": "memory_filter_at_least", "value": 2, "filter": {"type": "character", "trait": "Glass",
                                                               "zone": "memory"}}),
])  # fmt: skip
def test_cr_10_9_conditions_on_the_memory(line, cond):
    r = _c(line)
    assert r.verdict.value == "exact" and r.abilities[0]["condition"] == cond


@pytest.mark.parametrize("pay", [True, False])
def test_cr_8_4_the_cost_returns_this_card_to_the_hand(pool, pay):
    sc = _scenario(pool)
    shy = sc.put(0, SHY, "stage", pos=0)
    g = sc.game()
    _act(g, "End the main phase")
    hand = _n(g, "HAND")
    _act(g, "Direct attack with Shy")
    _act(g, "Use Shy" if pay else "Decline Shy")
    zone = int(g.state[S.ZONE + shy * S.CARD_W])
    assert zone == (K.Zone.HAND if pay else K.Zone.STAGE)
    assert _n(g, "HAND") == hand + (2 if pay else 0)  # this card and the card drawn


@pytest.mark.parametrize("in_memory", [True, False])
def test_cr_10_9_a_name_in_your_memory(pool, in_memory):
    sc = _scenario(pool)
    sage = sc.put(0, SAGE, "stage", pos=0)
    sc.put(0, MOTH if in_memory else PLAIN, "memory")
    g = sc.game()
    assert _power(g, sage) == 3000 + (1000 if in_memory else 0)
