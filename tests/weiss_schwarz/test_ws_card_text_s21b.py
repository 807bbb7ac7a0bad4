"""Weiss Schwarz card text, session 21 part B (branch s21-wsb): "in battle" beside another condition, card names
regarded as another, revealing up to N cards. Made-up lines in the card language compiled, and on a small imported
list what the engine does with them."""

from __future__ import annotations

import json

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.importer import import_ws_json

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


(PLAIN, BIG, KEEPER, REVERSER, REVEALER, DOPPEL, STAR, FAN, FETCHER, LOOKER, HIGH) = range(11)
RECORDS = [
    _rec("T/S21B-001", "Plain"),
    _rec("T/S21B-002", "Big", level="0", power="9000"),
    # "in battle" and a condition on the memory (CR 7.7.1.1: reversed in battle)
    _rec("T/S21B-003", "Keeper", ["【AUTO】 When this card becomes 【REVERSE】 in battle, if you have 1 or less cards "
                                  "in your memory, you may put this card into your memory."]),
    # reverses a character outside any battle
    _rec("T/S21B-004", "Reverser", ["【ACT】 [【REST】 this card] Choose 1 of your other characters, and 【REVERSE】 it."]),
    # revealing up to N cards (CR 3.2.3.1: one at a time, the master may stop before each)
    _rec("T/S21B-005", "Revealer", ["【ACT】 [【REST】 this card] You may reveal up to 3 cards from the top of your deck. "
                                    "If you revealed 1 or more cards, choose up to 1 《Glass》 character from among "
                                    "them, put it into your hand, put the rest into your waiting room, choose 1 card "
                                    "in your hand, and put it into your waiting room."]),
    # a card name also regarded as another on the stage (CR 2.1.2.2: a part of a card name)
    _rec("T/S21B-006", "Doppel, Mika", ["【CONT】 If this card is in the stage, this card's card name will also be "
                                        "regarded as \"Star Nova\"."]),
    _rec("T/S21B-007", "Bright Star, Rin"),
    _rec("T/S21B-008", "Fan", ["【CONT】 If you have another character with \"Star\" in its card name, this card gets "
                               "+1000 power."]),
    _rec("T/S21B-009", "Fetcher", ["【ACT】 [【REST】 this card] Choose 1 character with \"Star\" in its card name in "
                                   "your waiting room, and return it to your hand."]),
    # the facing character's level below this card's (CR 3.6.5); "+N" without "power" (the database drops the word)
    _rec("T/S21B-010", "Looker", ["【CONT】 If the character facing this card is a lower level than this card, this "
                                  "card gets +1000."], level="1"),
    _rec("T/S21B-011", "High", level="2"),
]  # fmt: skip
RECORDS += [_rec(f"T/S21B-F{i:02d}", f"Filler {i}", traits=("Sand",)) for i in range(12)]
FILLER = len(RECORDS) - 12
NO_CLIMAX = [FILLER + 8, FILLER + 9, FILLER + 10, FILLER + 11]  # four different cards (Scenario.stack_deck)


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws21b", RECORDS)


def _scenario(pool, **kw):
    return kit.main_phase(pool, len(RECORDS), FILLER, extra=(PLAIN, PLAIN), **kw)


_n, _labels, _act, _orient = kit.count, kit.labels, kit.act, kit.orient


def _battle(g, until, limit=40):
    """Plays the attack on: uses / accepts what is offered, passes the counter step, until ``until(g)``."""
    for _ in range(limit):
        if until(g) or g.done:
            return
        labels = _labels(g)
        pick = [t for t in labels if t.startswith(("Use", "Yes"))] or [t for t in labels if t.startswith(
            ("Pass", "No counter", "Decline"))] or labels
        _act(g, pick[0])


# ---------------------------------------------------------------------------- "in battle" and another condition
def test_in_battle_beside_another_condition_compiles_exact():
    for line in (RECORDS[KEEPER]["ability"][0],
                 RECORDS[KEEPER]["ability"][0].replace("you have 1 or less cards in your memory",
                                                       "your memory has 1 or less cards")):
        r = _c(line)
        assert r.verdict == "exact", r.reason
        (ab,) = r.abilities
        assert ab["trigger"] == "reversed_self"
        assert ab["condition"] == {"kind": "memory_at_most", "value": 1, "in_battle": True}


def test_in_battle_and_a_condition_pack_into_one_condition_slot(pool):
    A = pool.abilities
    (row,) = [r for r in range(A.shape[0]) if A[r, K.A_CARD] == KEEPER]
    assert A[row, K.A_COND] == K.Condition.IN_BATTLE_AND
    assert A[row, K.A_COND_ARG] >> 24 == K.Condition.MEMORY_AT_MOST and A[row, K.A_COND_ARG] & 0xFFFFFF == 1


@pytest.mark.parametrize("in_memory", [0, 2])
def test_cr_7_7_1_1_reversed_in_battle_with_the_memory_condition(pool, in_memory):
    sc = _scenario(pool)
    me = sc.put(0, KEEPER, "stage", pos=0)
    sc.put(1, BIG, "stage", pos=2)  # faces it (CR 3.6.5)
    for _ in range(in_memory):
        sc.put(0, FILLER, "memory")
    sc.stack_deck(0, NO_CLIMAX)
    sc.stack_deck(1, NO_CLIMAX)
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Frontal attack")  # 3000 against 9000: this card becomes [REVERSE] in battle (CR 7.7.1.1)
    _battle(g, lambda g: _orient(g, me) == K.Orientation.REVERSE and kit.resolved(g)
            or kit.zone_of(g, me) != K.Zone.STAGE)
    kit.answer_yes(g, True)
    # 1 or less cards in the memory: it may go there; 2: the condition fails, it stays [REVERSE]
    assert kit.zone_of(g, me) == (K.Zone.MEMORY if in_memory == 0 else K.Zone.STAGE)


def test_reversed_outside_a_battle_the_ability_does_not_trigger(pool):
    sc = _scenario(pool)
    me = sc.put(0, KEEPER, "stage", pos=0)
    sc.put(0, REVERSER, "stage", pos=1)
    g = sc.game()
    _act(g, "Use")  # the [ACT] of Reverser: Keeper becomes [REVERSE] in the main phase
    kit.answer_picks(g, ["Choose"])
    assert _orient(g, me) == K.Orientation.REVERSE
    assert kit.resolved(g) and kit.zone_of(g, me) == K.Zone.STAGE  # no battle: nothing triggered


# ---------------------------------------------------------------------------- revealing up to N cards (CR 3.2.3.1)
def test_reveal_up_to_n_cards_compiles_exact():
    r = _c(RECORDS[REVEALER]["ability"][0])
    assert r.verdict == "exact", r.reason
    look, after = r.abilities[0]["effect"]
    assert look["op"] == "look_top" and look["up_to"] and look["reveal"] and look["count"] == 3 and look["take"] == 1
    assert after["op"] == "if_stored" and after["at_least"] == 1  # "if you revealed 1 or more cards"
    assert [o["op"] for o in after["then"]] == ["choose", "to_waiting_room"]
    # "if you revealed 2 or more cards": not compiled
    assert _c(RECORDS[REVEALER]["ability"][0].replace("1 or more", "2 or more")).verdict == "unsupported"


def _revealed(g, p=0) -> list[int]:
    n = int(g.state[S.REVEALED_N + p])
    return [int(g.state[S.REVEALED + p * K.REVEAL_ROWS + i]) for i in range(n)]


@pytest.mark.parametrize("n", [0, 2])
def test_cr_3_2_3_1_reveal_up_to_n_cards_one_at_a_time(pool, n):
    sc = _scenario(pool)
    sc.put(0, REVEALER, "stage", pos=3)
    for c in (FILLER, FILLER + 1, FILLER + 4):
        sc.put(0, c, "hand")
    sc.stack_deck(0, [PLAIN, FILLER + 2, FILLER + 3])  # the top card first
    g = sc.game()
    hand, wr = _n(g, "HAND"), _n(g, "WR")
    _act(g, "Use")
    for _ in range(n):
        _act(g, "Look at one more card")
    assert _revealed(g) == [PLAIN, FILLER + 2][:n]  # each card looked at is revealed: both observations show it
    _act(g, "Stop looking at cards")
    kit.answer_picks(g, ["Choose"])
    if n == 0:  # nothing revealed: nothing taken, no card of the hand put into the waiting room
        assert (_n(g, "HAND"), _n(g, "WR")) == (hand, wr)
    else:  # the Glass character to the hand, the other revealed card to the waiting room, then a hand card
        assert (_n(g, "HAND"), _n(g, "WR")) == (hand, wr + 2)
        held = [int(g.state[S.CARD + int(g.state[S.HAND_L + i]) * S.CARD_W]) for i in range(_n(g, "HAND"))]
        assert PLAIN in held


# ---------------------------------------------------------------------------- a card name also regarded as another
def test_also_regarded_as_a_card_name_on_the_stage_compiles_to_a_card_field(tmp_path_factory):
    for where in ("the", "your"):
        r = _c(f"【CONT】 If this card is in {where} stage, this card's card name will also be regarded as \"Star Nova\".")
        assert r.verdict == "exact", r.reason
        assert r.abilities == [] and r.fields == {"also_named_on_stage": "Star Nova"}
    # the name of a card of the list: its exact name checks would not see it, unsupported
    p = tmp_path_factory.mktemp("ws21b_alias") / "list.json"
    p.write_text(json.dumps(RECORDS[:2] + [_rec("T/S21B-X01", "Twin", ["【CONT】 If this card is in the stage, this "
                                                                      "card's card name will also be regarded as "
                                                                      "\"Plain\"."])]))
    (rec,) = [t for t in import_ws_json(p).text_records if t.number == "T/S21B-X01"]
    assert rec.lines[0].verdict.value == "unsupported"


def test_the_second_name_sets_its_name_groups_in_c_name(pool):
    name = int(pool.cards[DOPPEL, K.C_NAME])
    assert name & K.NAME_MASK != 0 and name >> K.ALIAS_GROUP_BIT0 != 0  # "Star Nova" has "Star"
    assert int(pool.cards[STAR, K.C_NAME]) >> K.ALIAS_GROUP_BIT0 == 0


@pytest.mark.parametrize("doppel_zone", ["stage", "hand"])
def test_cr_2_1_2_2_a_name_regarded_on_the_stage_counts_for_the_part_of_a_name(pool, doppel_zone):
    sc = _scenario(pool)
    fan = sc.put(0, FAN, "stage", pos=0)
    sc.put(0, DOPPEL, doppel_zone, **({"pos": 1} if doppel_zone == "stage" else {}))
    g = sc.game()
    # on the stage "Doppel, Mika" is also "Star Nova": another character with "Star" in its card name
    assert kit.power(g, fan) == 3000 + (1000 if doppel_zone == "stage" else 0)


def test_off_the_stage_the_card_has_its_printed_name_only(pool):
    sc = _scenario(pool)
    sc.put(0, FETCHER, "stage", pos=0)
    sc.put(0, DOPPEL, "waiting_room")
    sc.put(0, STAR, "waiting_room")
    g = sc.game()
    _act(g, "Use")
    offered = [t for t in _labels(g) if t.startswith("Choose")]
    assert any("Bright Star, Rin" in t for t in offered) and not any("Doppel" in t for t in offered), offered


# ---------------------------------------------------------------------------- the facing character's level; "+N"
def test_facing_lower_level_and_a_bare_amount_compile_exact():
    r = _c(RECORDS[LOOKER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["condition"] == {"kind": "facing_level_below_self"}
    assert _c("【CONT】 This card gets +1.").verdict == "unsupported"  # soul or level: the text does not say


@pytest.mark.parametrize("facing, bonus", [(None, 0), (PLAIN, 1000), (HIGH, 0)])
def test_cr_3_6_5_power_when_the_character_facing_this_card_is_a_lower_level(pool, facing, bonus):
    sc = _scenario(pool)
    me = sc.put(0, LOOKER, "stage", pos=0)
    if facing is not None:
        sc.put(1, facing, "stage", pos=2)  # faces position 0 (CR 3.6.5)
    g = sc.game()
    assert kit.power(g, me) == 3000 + bonus
