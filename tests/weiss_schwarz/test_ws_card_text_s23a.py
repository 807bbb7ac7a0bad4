"""Weiss Schwarz card text, session 23 (branch s23-wsa): made-up lines in the card language compiled, and on a small
imported list what the engine does with them: a player's rules of a [CONT] ability (the hand limit, CR 3.3.3.1 /
6.8.1.2; a climax / events played without their colour requirement, CR 8.6.2.1.1; no return of waiting-room characters
to the hand during the attack phase), an event's [CONT] Memory ability working from the memory (CR 10.9.1), and Change
taking a marker underneath this card (CR 10.8.1 / 3.7)."""

from __future__ import annotations

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


_LIMIT_TEXT = "【CONT】 You get +1 to the limit on the number of cards in your hand."
_CX_FREE_TEXT = "【CONT】 Your climax can be played from your hand without fulfilling color requirements."
_EV_FREE_TEXT = "【CONT】 Your events can be played from your hand without fulfilling color requirements."
_LOCK_TEXT = ("【CONT】 During the attack phase, you cannot return characters from your waiting room to your hand by your "
              "card's effects.")
_RETURN_TEXT = "【AUTO】 When this card attacks, choose 1 character in your waiting room, and return it to your hand."
_CHANGE_TEXT = ("【AUTO】 Change At the beginning of your encore step, if this card is 【REST】, you may choose 1 marker "
                "underneath this card or 1 \"Target\" in your waiting room, and put it in the stage position that this "
                "card is on as 【REST】. If you do, put this card face up underneath that character as a marker.")
_MEMORY_TEXT = "【CONT】 Memory During your turn, if this card is in your memory, all of your 《Glass》 characters get +500 power."
_ALL_ENCORE_TEXT = "【CONT】 All players cannot use \"【AUTO】 Encore\". (The \"【AUTO】 Encore [(3)]\" rule cannot be used either)"
_MIDDLE_TEXT = ("【CONT】 Memory If this card is in your memory, your 《Glass》 character in the middle position of the center "
                "stage gets +2000 power.")
_ASSIST_TEXT = ("【CONT】 Assist During your turn, if there is a marker underneath this card, all of your characters in front "
                "of this card get +1500 power.")
_ASSIST_PART_TEXT = ("【CONT】 Assist All of your characters in front of this card with \"Pla\" in their card names get +2500 "
                     "power.")
(PLAIN, LIMITER, CX_FREE, EV_FREE, LOCKER, RETURNER, CHANGER, TARGET, MEMO, RED_CX, RED_EVENT, RED_CHAR,
 NO_ENCORE, MIDDLE, ASSIST, ASSIST_PART) = range(16)
RECORDS = [
    _rec("T/S23-001", "Plain"),
    _rec("T/S23-002", "Limiter", [_LIMIT_TEXT]),
    _rec("T/S23-003", "Cx Free", [_CX_FREE_TEXT]),
    _rec("T/S23-004", "Ev Free", [_EV_FREE_TEXT]),
    _rec("T/S23-005", "Locker", [_LOCK_TEXT]),
    _rec("T/S23-006", "Returner", [_RETURN_TEXT]),
    _rec("T/S23-007", "Changer", [_CHANGE_TEXT]),
    _rec("T/S23-008", "Target"),
    _rec("T/S23-009", "Memo", [_MEMORY_TEXT, "Put this card into your memory."], type="Event"),
    _rec("T/S23-010", "Red Climax", type="Climax", trigger=("SOUL",), color="RED"),
    _rec("T/S23-011", "Red Event", ["Draw up to 1 card."], type="Event", level="1", color="RED"),
    _rec("T/S23-012", "Red Char", level="1", color="RED"),
    _rec("T/S23-013", "No Encore", [_ALL_ENCORE_TEXT]),
    _rec("T/S23-014", "Middle", [_MIDDLE_TEXT]),
    _rec("T/S23-015", "Assist", [_ASSIST_TEXT]),
    _rec("T/S23-016", "Assist Part", [_ASSIST_PART_TEXT]),
]  # fmt: skip
RECORDS += [_rec(f"T/S23-F{i:02d}", f"Filler {i}", traits=("Sand",)) for i in range(12)]
FILLER = len(RECORDS) - 12


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws23a", RECORDS)


def _scenario(pool, **kw):
    return kit.main_phase(pool, len(RECORDS), FILLER, extra=(PLAIN, PLAIN), **kw)


_labels, _act, _power = kit.labels, kit.act, kit.power


# ---------------------------------------------------------------------------- a player's rules: compiled
@pytest.mark.parametrize("text, rule", [(_LIMIT_TEXT, "hand_limit_up"), (_CX_FREE_TEXT, "cx_any_color_you"),
                                        (_EV_FREE_TEXT, "event_any_color_you")])
def test_players_rules_of_a_cont_ability_compile_exact(text, rule):
    r = _c(text)
    assert r.verdict == "exact", r.reason
    assert r.abilities == [{"kind": "cont", "effect": [{"op": "aura_restrict", "restrictions": [rule],
                                                        "filter": {"type": "character", "relation": "self"}}]}]


def test_the_waiting_room_lock_of_the_attack_phase_is_approximate():
    r = _c(_LOCK_TEXT)
    assert r.verdict == "approximate" and r.approximations == ("wr_to_hand_lock_icon_kept",)
    assert r.abilities[0]["effect"][0]["restrictions"] == ["no_wr_to_hand_atk_you"]
    # a hand limit raised by 2 is not (the rule counts one per character)
    assert _c("【CONT】 You get +2 to the limit on the number of cards in your hand.").verdict == "unsupported"


# ---------------------------------------------------------------------------- the hand limit (CR 3.3.3.1 / 6.8.1.2)
@pytest.mark.parametrize("limiters, hand, discards", [(0, 8, True), (1, 8, False), (1, 9, True), (2, 9, False)])
def test_cr_6_8_1_2_the_hand_limit_is_raised_by_one_per_character(pool, limiters, hand, discards):
    sc = _scenario(pool)
    for i in range(limiters):
        sc.put(0, LIMITER, "stage", pos=3 + i)
    sc.put(1, LIMITER, "stage", pos=0)  # the opponent's does not raise the turn player's limit
    g = sc.game()
    for i in range(hand - kit.count(g, "HAND")):
        sc.put(0, FILLER + i % 12, "hand")
    g = sc.game()
    assert kit.count(g, "HAND") == hand
    _act(g, "End the main phase")
    assert ("Discard" in " ".join(_labels(g))) == discards


# ---------------------------------------------------------------------------- colour requirements (CR 8.6.2.1.1)
def test_cr_8_6_2_1_1_your_climax_without_colour_requirements(pool):
    for free in (False, True):
        sc = _scenario(pool)
        sc.put(0, PLAIN, "stage", pos=1)
        if free:
            sc.put(0, CX_FREE, "stage", pos=0)
        sc.put(1, CX_FREE, "stage", pos=0)  # the opponent's rule is not yours
        sc.put(0, RED_CX, "hand")
        sc.put(0, PLAIN, "clock")  # yellow only: a red climax has no colour of the clock or the level
        g = sc.game()
        _act(g, "End the main phase")
        assert any("Red Climax" in x for x in _labels(g)) == free, _labels(g)


def test_cr_8_6_2_1_1_your_events_without_colour_requirements(pool):
    for free in (False, True):
        sc = _scenario(pool)
        if free:
            sc.put(0, EV_FREE, "stage", pos=0)
        sc.put(0, CX_FREE, "stage", pos=1)  # a climax's permission is not an event's
        sc.put(0, PLAIN, "level")  # level 1, yellow
        sc.put(0, RED_EVENT, "hand")
        sc.put(0, RED_CHAR, "hand")  # a character keeps its colour requirement
        g = sc.game()
        labels = _labels(g)
        assert any("Red Event" in x for x in labels) == free, labels
        assert not any("Red Char" in x for x in labels), labels


# ---------------------------------------------------------------------------- waiting room to hand, attack phase
@pytest.mark.parametrize("locked", [False, True])
def test_during_the_attack_phase_your_effects_cannot_return_waiting_room_characters(pool, locked):
    sc = _scenario(pool)
    returner = sc.put(0, RETURNER, "stage", pos=1)
    if locked:
        sc.put(0, LOCKER, "stage", pos=3)
    sc.put(1, LOCKER, "stage", pos=3)  # the opponent's rule binds the opponent only
    back = sc.put(0, PLAIN, "waiting_room")
    g = sc.game()
    hand = kit.count(g, "HAND")
    _act(g, "End the main phase")
    _act(g, "Direct attack with Returner" if "Direct" in " ".join(_labels(g)) else "Frontal attack with Returner")
    kit.answer_picks(g, ["Choose"])
    assert kit.zone_of(g, back) == (K.Zone.WAITING_ROOM if locked else K.Zone.HAND)
    assert kit.zone_of(g, returner) == K.Zone.STAGE
    assert kit.count(g, "HAND") >= hand + (0 if locked else 1)


# ---------------------------------------------------------------------------- an event's Memory (CR 10.9.1)
def test_an_events_cont_memory_ability_compiles_exact():
    r = _c(_MEMORY_TEXT, type="event")
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["zone"] == "memory" and ab["keyword"] == "memory" and ab["whose"] == "yours"
    # a [CONT] ability of an event working elsewhere stays unsupported
    assert _c("【CONT】 All of your 《Glass》 characters get +500 power.", type="event").verdict == "unsupported"


def test_cr_10_9_1_an_event_in_your_memory_gives_its_power(pool):
    sc = _scenario(pool)
    glass = sc.put(0, PLAIN, "stage", pos=1)
    sand = sc.put(0, FILLER, "stage", pos=0)
    g = sc.game()
    p0, s0 = _power(g, glass), _power(g, sand)
    sc.put(0, MEMO, "memory")
    g = sc.game()
    assert _power(g, glass) == p0 + 500 and _power(g, sand) == s0  # <<Glass>> only
    sc = _scenario(pool)
    glass = sc.put(0, PLAIN, "stage", pos=1)
    sc.put(0, MEMO, "hand")
    g = sc.game()
    _act(g, "Play event Memo")
    kit.answer_picks(g, [])
    assert kit.count(g, "MEMORY") == 1
    assert _power(g, glass) == p0 + 500


def test_cr_10_9_1_an_events_memory_ability_is_your_turns(pool):
    sc = _scenario(pool, turn_player=1)
    glass = sc.put(0, PLAIN, "stage", pos=1)
    g = sc.game()
    p0 = _power(g, glass)
    sc.put(0, MEMO, "memory")
    g = sc.game()
    assert _power(g, glass) == p0  # "during your turn"


# ---------------------------------------------------------------------------- Change from a marker (CR 10.8.1)
def test_change_choosing_a_marker_compiles_approximate():
    r = _c(_CHANGE_TEXT)
    assert r.verdict == "approximate" and r.approximations == ("change_markers_kept",), r.reason
    (ab,) = r.abilities
    assert ab["keyword"] == "change" and ab["trigger"] == "begin_encore" and ab["condition"] == {"kind": "self_rested"}
    assert ab["effect"] == [{"op": "change", "filter": {"type": "character", "name": "Target", "zone": "waiting_room"},
                             "to": "marker", "orientation": "rest"}]


def _encore_game(pool, rested=True, marker=None, wr_target=False):
    sc = _scenario(pool)
    changer = sc.put(0, CHANGER, "stage", pos=1, orient=K.Orientation.REST if rested else K.Orientation.STAND)
    slots = {"changer": changer}
    if marker is not None:
        slots["marker"] = kit.put_marker(sc, marker, 1)
        slots["other_marker"] = kit.put_marker(sc, FILLER + 1, 1)
    if wr_target:
        slots["target"] = sc.put(0, TARGET, "waiting_room")
    sc.flow("attack")  # no attack (a standing Changer's is declined): on to the encore step (CR 7.7.1.1)
    g = sc.game()
    if "End the attack phase" in _labels(g):
        _act(g, "End the attack phase")
    return g, slots


def _pos1(g):
    return int(g.state[S.STAGE + 1])


def test_change_puts_the_marker_on_this_cards_position_and_this_card_underneath(pool):
    g, sl = _encore_game(pool, marker=PLAIN)
    kit.answer_picks(g, ["Choose Plain"])
    assert _pos1(g) == sl["marker"] and kit.orient(g, sl["marker"]) == K.Orientation.REST
    assert kit.zone_of(g, sl["changer"]) == K.Zone.MARKER
    # this card and the other marker under the new character (approximation change_markers_kept)
    assert kit.zone_of(g, sl["other_marker"]) == K.Zone.MARKER
    assert int(g.state[S.MARKER_N + 1]) == 2


def test_change_puts_the_named_card_from_the_waiting_room(pool):
    g, sl = _encore_game(pool, wr_target=True)
    kit.answer_picks(g, ["Choose Target"])
    assert _pos1(g) == sl["target"] and kit.orient(g, sl["target"]) == K.Orientation.REST
    assert kit.zone_of(g, sl["changer"]) == K.Zone.MARKER and int(g.state[S.MARKER_N + 1]) == 1


def test_change_may_be_declined_and_needs_this_card_rested(pool):
    g, sl = _encore_game(pool, wr_target=True)
    kit.answer_yes(g, False)
    assert _pos1(g) == sl["changer"] and kit.zone_of(g, sl["target"]) == K.Zone.WAITING_ROOM
    g, sl = _encore_game(pool, rested=False, wr_target=True)  # "if this card is [REST]"
    kit.answer_picks(g, ["Choose Target"])
    assert _pos1(g) == sl["changer"] and kit.zone_of(g, sl["target"]) == K.Zone.WAITING_ROOM


# ---------------------------------------------------------------------------- a [CONT] Encore lock (CR 10.2)
def test_a_cont_encore_lock_of_all_players_or_your_other_characters_compiles_exact():
    r = _c(_ALL_ENCORE_TEXT)
    assert r.verdict == "exact", r.reason
    assert [op["filter"] for op in r.abilities[0]["effect"]] == [{"type": "character", "side": "own"},
                                                                 {"type": "character", "side": "opponent"}]
    r = _c("【CONT】 Memory If this card is in your memory, all players cannot use \"【AUTO】 Encore\". (The \"【AUTO】 "
           "Encore [(3)]\" rule cannot be used either)")
    assert r.verdict == "exact" and r.abilities[0]["zone"] == "memory", r.reason
    r = _c("【CONT】 You cannot use the \"【AUTO】 Encore\" of your other characters. (You cannot use the \"【AUTO】 Encore "
           "[(3)]\" rule either.)")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "aura_restrict", "restrictions": ["no_encore"],
                                         "filter": {"type": "character", "relation": "other"}}]
    assert _c("【CONT】 All players cannot use \"Backup\".").verdict == "unsupported"


@pytest.mark.parametrize("locked", [False, True])
def test_cr_10_2_3_all_players_cannot_use_encore(pool, locked):
    sc = _scenario(pool)
    sc.put(0, NO_ENCORE if locked else PLAIN, "stage", pos=3, orient=K.Orientation.REST)
    sc.put(0, PLAIN, "stage", pos=1, orient=K.Orientation.REVERSE)
    sc.put(1, PLAIN, "stage", pos=1, orient=K.Orientation.REVERSE)
    for p in range(2):
        for i in range(3):
            sc.put(p, FILLER + i, "stock")
    sc.flow("attack")  # nobody can attack: the encore step (CR 7.7)
    g = sc.game()
    for _ in range(2):  # the turn player's reversed character, then the other player's (CR 7.7.1.2 / 7.7.1.3)
        _act(g, "Put reversed Plain")
        assert ("Pay Encore [3]" in _labels(g)) != locked  # CR 10.2.3: the rules' Encore cannot be used either
        if not locked:
            _act(g, "Decline Encore")


# ---------------------------------------------------------------------------- smaller clauses (session 23)
def test_your_trait_character_in_the_middle_position_and_his_or_her_memory_compile_exact():
    r = _c(_MIDDLE_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["zone"] == "memory" and r.abilities[0]["effect"][0]["filter"] == {
        "type": "character", "positions": ["center_middle"], "trait": "Glass"}
    r = _c("【AUTO】 When this card attacks, choose a card in your opponent's waiting room, and put it into his or her "
           "memory.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][-1] == {"op": "to_memory"}


def test_cr_10_9_1_a_memory_aura_on_your_trait_character_in_the_middle_position(pool):
    sc = _scenario(pool)
    mid = sc.put(0, PLAIN, "stage", pos=1)
    left = sc.put(0, PLAIN, "stage", pos=0)
    g = sc.game()
    p_mid, p_left = _power(g, mid), _power(g, left)
    sc.put(0, MIDDLE, "memory")
    g = sc.game()
    assert _power(g, mid) == p_mid + 2000 and _power(g, left) == p_left


# ---------------------------------------------------------------------------- Assist with a condition (CR 10.3.2)
def test_assist_with_another_condition_compiles_exact():
    r = _c(_ASSIST_TEXT)
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["keyword"] == "assist" and ab["whose"] == "yours"
    assert ab["condition"] == {"kind": "markers_at_least", "value": 1}


@pytest.mark.parametrize("pos, marker, boost", [(3, True, 1500), (3, False, 0), (1, True, 0)])
def test_cr_10_3_2_assist_under_its_condition_and_from_the_back_stage_only(pool, pos, marker, boost):
    sc = _scenario(pool)
    front = sc.put(0, PLAIN, "stage", pos=0)  # in front of back position 3 (CR 10.3.2)
    sc.put(0, ASSIST, "stage", pos=pos)
    g = sc.game()
    p0 = _power(g, front)
    if marker:
        kit.put_marker(sc, FILLER, pos)
    g = sc.game()
    assert _power(g, front) == p0 + boost


def test_assist_on_the_characters_in_front_with_a_name_part(pool):
    r = _c(_ASSIST_PART_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == {"type": "character", "name_contains": ["Pla"],
                                                     "relation": "in_front"}
    sc = _scenario(pool)
    named = sc.put(0, PLAIN, "stage", pos=0)
    other = sc.put(0, FILLER, "stage", pos=1)
    g = sc.game()
    p_named, p_other = _power(g, named), _power(g, other)
    sc.put(0, ASSIST_PART, "stage", pos=3)  # behind positions 0 and 1 (CR 10.3.2)
    g = sc.game()
    assert _power(g, named) == p_named + 2500 and _power(g, other) == p_other
