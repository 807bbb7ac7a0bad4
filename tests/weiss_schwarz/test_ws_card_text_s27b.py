"""Weiss Schwarz card text, session 27 (branch s27-wsb): conditions on the opponent's zones and stage (Condition
OPPONENTS: the condition of a player's zone tested for the master's opponent), the master's clock (N or more cards)
and deck (N or less cards, CR 3.2): made-up lines compiled, and on a small imported list what the engine does with
them (CONT auras, an [AUTO] ability's condition, a level in the hand)."""

from __future__ import annotations

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, type="character", name="Tester"):
    return compile_line(line, {"type": type, "name": name, "traits": ["Glass"]})


_OPP_CLOCK_TEXT = "【CONT】 If the number of cards in your opponent's clock is 2 or more, this card gets +1000 power."
_OPP_WR_REST_TEXT = ("【AUTO】 When this card is placed on the stage from your hand, if your opponent's waiting room has 2 or "
                     "more climax, 【REST】 this card.")
_OPP_WR_HAND_TEXT = "【CONT】 If your opponent's waiting room has 2 or more climax, this card gets -1 level while in your hand."
_OPP_ALL_TEXT = "【CONT】 If all of your opponent's characters are 《Sand》, this card gets +2000 power."
_OPP_CX_TEXT = "【CONT】 If there is a climax in your opponent's climax area, this card gets +1000 power."
_OPP_NUMBER_TEXT = "【CONT】 If the number of characters your opponent has is 2 or more, this card gets +1000 power."
_CLOCK_TEXT = "【CONT】 If your clock has 2 or more cards, this card gets +1000 power."
_DECK_TEXT = "【CONT】 If the number of cards in your deck is 5 or less, this card gets -1 level while in your hand."
_LEFT_TEXT = "【CONT】 If this card is in the left position of your center stage, this card gets +3000 power."
_SELF_LV_TEXT = "【CONT】 If this card is level 1 or higher, this card gets +1500 power."
_COLORS_TEXT = "【CONT】 Experience If your level has a yellow card and a blue card, this card gets +2000 power."
_FACING_TEXT = "【CONT】 This card gets +X power. X is equal to 1000 multiplied by the level of the character facing this card."
_FEWER_TEXT = "【CONT】 If your hand has less cards than your opponent's hand, this card gets +1000 power."
_MEM_NAMES_TEXT = "【CONT】 Memory If your memory has 2 or more cards with different card names, this card gets +1000 power."
_ASSISTS_TEXT = ("【CONT】 Assist All of your characters in front of this card get +X power. X is equal to 500 multiplied "
                 "by the number of characters you have with \"Assist\".")
_HUES_TEXT = "【CONT】 This card gets +X power. X is equal to the total number of colors your characters on stage have ×1000."
_FACING_ACT_TEXT = ("【ACT】 [【REST】 this card] This card gets +X power until end of turn. X is equal to 1000 multiplied "
                    "by the level of the character facing this card.")
_HUES_ACT_TEXT = ("【ACT】 [【REST】 this card] This card gets +X power until end of turn. X is equal to the total number of "
                  "colors your characters on stage have ×500.")
_ALARMED_TEXT = "【CONT】 If the top card of your clock is a card with \"Alarm\", this card gets +1000 power."
_ALARM_TEXT = "【CONT】 【CLOCK】 Alarm If this card is the top card of your clock, all of your characters get +500 power."
_ALL_SAND_TEXT = ("【ACT】 [【REST】 this card] Put the top 2 cards of your deck into your waiting room. If all of those cards "
                  "are 《Sand》 characters, draw 1 card.")
_COLORS_HAND_TEXT = "【CONT】 Experience If your level has a blue card, this card gets -1 level while in your hand."
(PLAIN, OPP_CLOCK, OPP_WR_REST, OPP_WR_HAND, OPP_ALL, OPP_CX, OPP_NUMBER, CLOCK, DECK, SAND, CX, LEFT, SELF_LV, COLORS,
 COLORS_HAND, BLUE, SELF_LV1, FACING, TWO, FEWER, MEM_NAMES, ASSISTS, HUES, FACING_ACT, HUES_ACT, ALARMED, ALARM,
 ALL_SAND, DUNE, LOW_LV) = range(30)
RECORDS = [
    _rec("T/S27-001", "Plain"),
    _rec("T/S27-002", "Opp Clock", [_OPP_CLOCK_TEXT]),
    _rec("T/S27-003", "Opp Wr Rest", [_OPP_WR_REST_TEXT]),
    _rec("T/S27-004", "Opp Wr Hand", [_OPP_WR_HAND_TEXT], level="1"),
    _rec("T/S27-005", "Opp All", [_OPP_ALL_TEXT]),
    _rec("T/S27-006", "Opp Cx", [_OPP_CX_TEXT]),
    _rec("T/S27-007", "Opp Number", [_OPP_NUMBER_TEXT]),
    _rec("T/S27-008", "Clock", [_CLOCK_TEXT]),
    _rec("T/S27-009", "Deck", [_DECK_TEXT], level="1"),
    _rec("T/S27-010", "Sand", traits=("Sand",)),
    _rec("T/S27-011", "Storm", type="Climax"),
    _rec("T/S27-012", "Left", [_LEFT_TEXT]),
    _rec("T/S27-013", "Self Lv", [_SELF_LV_TEXT]),
    _rec("T/S27-014", "Colors", [_COLORS_TEXT]),
    _rec("T/S27-015", "Colors Hand", [_COLORS_HAND_TEXT], level="2"),
    _rec("T/S27-016", "Blue", color="BLUE"),
    _rec("T/S27-017", "Self Lv One", [_SELF_LV_TEXT], level="1"),
    _rec("T/S27-018", "Facing", [_FACING_TEXT]),
    _rec("T/S27-019", "Two", level="2"),
    _rec("T/S27-020", "Fewer", [_FEWER_TEXT]),
    _rec("T/S27-021", "Mem Names", [_MEM_NAMES_TEXT]),
    _rec("T/S27-022", "Assists", [_ASSISTS_TEXT]),
    _rec("T/S27-023", "Hues", [_HUES_TEXT]),
    _rec("T/S27-024", "Facing Act", [_FACING_ACT_TEXT]),
    _rec("T/S27-025", "Hues Act", [_HUES_ACT_TEXT]),
    _rec("T/S27-026", "Alarmed", [_ALARMED_TEXT]),
    _rec("T/S27-027", "Alarm", [_ALARM_TEXT]),
    _rec("T/S27-028", "All Sand", [_ALL_SAND_TEXT]),
    _rec("T/S27-029", "Dune", traits=("Sand",)),
    _rec("T/S27-030", "Low Lv", ["【CONT】 If your level is 1 or lower, this card gets +1000 power."]),
]  # fmt: skip
RECORDS += [_rec(f"T/S27-F{i:02d}", f"Filler {i}") for i in range(12)]
FILLER = len(RECORDS) - 12


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws27b", RECORDS)


def _scenario(pool, **kw):
    return kit.main_phase(pool, len(RECORDS), FILLER, extra=(PLAIN, PLAIN, SAND, SAND, CX, CX, CX, ASSISTS), **kw)


_labels, _act, _power, _orient = kit.labels, kit.act, kit.power, kit.orient


# ---------------------------------------------------------------------------- compiled
@pytest.mark.parametrize("text, cond", [
    (_OPP_CLOCK_TEXT, {"kind": "clock_at_least", "value": 2, "opponent": True}),
    ("【CONT】 If your opponent's clock has 3 or more cards, this card gets +1000 power.",
     {"kind": "clock_at_least", "value": 3, "opponent": True}),
    ("【CONT】 If the number of cards in your opponent's hand is 4 or less, this card gets +1000 power.",
     {"kind": "hand_at_most", "value": 4, "opponent": True}),
    ("【CONT】 If the number of cards in your opponent's stock is three or less, this card gets +1000 power.",
     {"kind": "stock_at_most", "value": 3, "opponent": True}),
    ("【CONT】 If the number of cards in your opponent's clock is zero, this card gets +1000 power.",
     {"kind": "clock_at_most", "value": 0, "opponent": True}),
    ("【CONT】 If your opponent has 2 or more cards in their memory, this card gets +1000 power.",
     {"kind": "memory_at_least", "value": 2, "opponent": True}),
    ("【CONT】 If your opponent's memory has 4 or more cards, this card gets +1000 power.",
     {"kind": "memory_at_least", "value": 4, "opponent": True}),
    (_OPP_WR_HAND_TEXT, {"kind": "wr_climax_at_least", "value": 2, "opponent": True}),
    ("【CONT】 If the number of climax in your opponent's waiting room is 3 or less, this card gets +1000 power.",
     {"kind": "wr_climax_at_most", "value": 3, "opponent": True}),
    ("【CONT】 If there are 3 or more climax in your opponent's waiting room, this card gets +1000 power.",
     {"kind": "wr_climax_at_least", "value": 3, "opponent": True}),
    ("【CONT】 If there are no climax in your opponent's waiting room, this card gets +1000 power.",
     {"kind": "wr_climax_at_most", "value": 0, "opponent": True}),
    ("【CONT】 If your opponent does not have any climax in the waiting room, this card gets +1 soul.",
     {"kind": "wr_climax_at_most", "value": 0, "opponent": True}),
    (_OPP_CX_TEXT, {"kind": "climax_any", "opponent": True}),
    (_OPP_ALL_TEXT, {"kind": "all_chars_filter", "opponent": True,
                     "filter": {"type": "character", "trait": "Sand", "side": "opponent"}}),
    ("【CONT】 If all of your opponent's characters are 【REST】, this card gets +1000 power.",
     {"kind": "all_chars_filter", "opponent": True,
      "filter": {"type": "character", "orientation": ["rest"], "side": "opponent"}}),
    (_OPP_NUMBER_TEXT, {"kind": "opp_filter_at_least", "value": 2, "filter": {"type": "character", "side": "opponent"}}),
    ("【CONT】 If the number of characters your opponent has is 3 or less, this card gets +1000 power.",
     {"kind": "opp_filter_at_most", "value": 3, "filter": {"type": "character", "side": "opponent"}}),
    ("【CONT】 If your opponent does not have any 【STAND】 characters, this card gets +1000 power.",
     {"kind": "opp_filter_at_most", "value": 0,
      "filter": {"type": "character", "orientation": ["stand"], "side": "opponent"}}),
    (_CLOCK_TEXT, {"kind": "clock_at_least", "value": 2}),
    ("【CONT】 If the number of cards in your clock is 4 or more, this card gets +1000 power.",
     {"kind": "clock_at_least", "value": 4}),
    (_DECK_TEXT, {"kind": "deck_at_most", "value": 5}),
    (_LEFT_TEXT, {"kind": "in_position", "value": K.POS_CENTER_LEFT}),
    (_FEWER_TEXT, {"kind": "fewer_than_opp", "zone": "hand"}),
    (_MEM_NAMES_TEXT, {"kind": "memory_names_at_least", "value": 2}),
    (_ALARMED_TEXT, {"kind": "clock_top_alarm"}),
    ("【CONT】 If your level is 1 or lower, this card gets +1000 power.", {"kind": "level_at_most", "value": 1}),
    ("【CONT】 If your opponent's level is 1 or lower, this card gets +1000 power.",
     {"kind": "level_at_most", "value": 1, "opponent": True}),
    ("【CONT】 If the number of characters in your back stage is one or less, this card cannot attack.",
     {"kind": "own_filter_at_most", "value": 1, "filter": {"type": "character", "positions": ["back"]}}),
    ("【CONT】If this card in on your center stage, all of your 《Glass》 characters get +1500 power.",
     {"kind": "in_center_stage"}),
    ("【CONT】 If the number of cards in your hand is less than your opponent's hand, this card gets +1000 power.",
     {"kind": "fewer_than_opp", "zone": "hand"}),
    ("【CONT】 If your stock has less cards than your opponent's stock, this card gets +1000 power.",
     {"kind": "fewer_than_opp", "zone": "stock"}),
    ("【CONT】 If this card is on the right position of your back stage, this card gets +3000 power.",
     {"kind": "in_position", "value": K.POS_BACK_RIGHT}),
    (_SELF_LV_TEXT, {"kind": "self_level_at_least", "value": 1}),
    ("【CONT】 If your level has a yellow card, a red card, and a blue card, this card gets +1 soul.",
     {"kind": "level_colors", "colors": ["yellow", "red", "blue"]}),
    ("【CONT】 If the number of your other characters is one or less, this card gets +1500 power.",
     {"kind": "other_chars_at_most", "value": 1}),
    ("【CONT】 If you do not have any other characters on your center stage, this card gets +1500 power.",
     {"kind": "own_filter_at_most", "value": 0,
      "filter": {"type": "character", "relation": "other", "positions": ["center"]}}),
    ("【CONT】 If the number of climax cards in your waiting room is six or more, this card gets +1 soul.",
     {"kind": "wr_climax_at_least", "value": 6}),
    ("【CONT】 If there are 2 or less climax in your waiting room, this card gets -1 level while in your hand.",
     {"kind": "wr_climax_at_most", "value": 2}),
    ("【CONT】 If your deck has 5 or less cards, this card gets -1 level while in your hand.",
     {"kind": "deck_at_most", "value": 5}),
])  # fmt: skip
def test_cr_3_1_3_conditions_on_the_opponents_zones_clock_and_deck_compile_exact(text, cond):
    r = _c(text)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == cond


def test_opponents_wr_climax_rests_this_card_compiles_exact():
    r = _c(_OPP_WR_REST_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "wr_climax_at_least", "value": 2, "opponent": True}
    assert [o["op"] for o in r.abilities[0]["effect"]] == ["target_self", "rest"]


def test_the_opponents_condition_compiles_to_condition_opponents(pool):
    # the ability row: OPPONENTS with the condition and its argument packed (filters.condition_holds)
    A = pool.abilities
    rows = [r for r in range(A.shape[0]) if A[r, K.A_CARD] == OPP_CLOCK]
    assert [(int(A[r, K.A_COND]), int(A[r, K.A_COND_ARG])) for r in rows] == [
        (int(K.Condition.OPPONENTS), (int(K.Condition.CLOCK_AT_LEAST) << 24) | 2)]


# ---------------------------------------------------------------------------- in play
@pytest.mark.parametrize("opp_clock", [1, 2])
def test_cr_3_8_the_opponents_clock_counts_not_yours(pool, opp_clock):
    sc = _scenario(pool)
    me = sc.put(0, OPP_CLOCK, "stage", pos=0)
    for _ in range(3):
        sc.put(0, PLAIN, "clock")  # your own clock: not counted
    for _ in range(opp_clock):
        sc.put(1, PLAIN, "clock")
    g = sc.game()
    assert _power(g, me) == 3000 + (1000 if opp_clock >= 2 else 0)


@pytest.mark.parametrize("own_clock", [1, 2])
def test_cr_3_8_your_clock_has_n_or_more_cards(pool, own_clock):
    sc = _scenario(pool)
    me = sc.put(0, CLOCK, "stage", pos=0)
    for _ in range(3):
        sc.put(1, PLAIN, "clock")  # the opponent's: not counted
    for _ in range(own_clock):
        sc.put(0, PLAIN, "clock")
    g = sc.game()
    assert _power(g, me) == 3000 + (1000 if own_clock >= 2 else 0)


@pytest.mark.parametrize("opp_cx", [1, 2])
def test_cr_3_4_placed_from_hand_rests_itself_when_the_opponents_waiting_room_has_climax(pool, opp_cx):
    sc = _scenario(pool)
    me = sc.put(0, OPP_WR_REST, "hand")
    for _ in range(2):
        sc.put(0, CX, "waiting_room")  # your own climax: not counted
    for _ in range(opp_cx):
        sc.put(1, CX, "waiting_room")
    g = sc.game()
    _act(g, "Play Opp Wr Rest")
    for _ in range(6):
        if kit.resolved(g):
            break
        _act(g, _labels(g)[0])
    assert kit.zone_of(g, me) == K.Zone.STAGE
    assert _orient(g, me) == (K.Orientation.REST if opp_cx >= 2 else K.Orientation.STAND)


@pytest.mark.parametrize("opp_cx", [1, 2])
def test_cr_8_6_2_1_a_level_in_the_hand_by_the_opponents_waiting_room(pool, opp_cx):
    sc = _scenario(pool)
    sc.put(0, OPP_WR_HAND, "hand")  # level 1; at level 0 playable only at -1 level
    for _ in range(2):
        sc.put(0, CX, "waiting_room")
    for _ in range(opp_cx):
        sc.put(1, CX, "waiting_room")
    g = sc.game()
    assert any(x.startswith("Play Opp Wr Hand") for x in _labels(g)) == (opp_cx >= 2), _labels(g)


@pytest.mark.parametrize("keep", [5, 6])
def test_cr_3_2_a_level_in_the_hand_by_the_number_of_cards_in_your_deck(pool, keep):
    sc = _scenario(pool)
    sc.put(0, DECK, "hand")  # level 1
    sc.empty_deck_to(1, "waiting_room", keep=3)  # the opponent's deck: not counted
    sc.empty_deck_to(0, "waiting_room", keep=keep)
    g = sc.game()
    assert any(x.startswith("Play Deck") for x in _labels(g)) == (keep <= 5), _labels(g)


@pytest.mark.parametrize("all_sand", [False, True])
def test_all_of_your_opponents_characters_have_the_trait(pool, all_sand):
    sc = _scenario(pool)
    me = sc.put(0, OPP_ALL, "stage", pos=0)
    sc.put(0, PLAIN, "stage", pos=1)  # your own characters: not asked
    sc.put(1, SAND, "stage", pos=0)
    sc.put(1, SAND if all_sand else PLAIN, "stage", pos=1)
    g = sc.game()
    assert _power(g, me) == 3000 + (2000 if all_sand else 0)


@pytest.mark.parametrize("opp_cx", [False, True])
def test_cr_3_11_a_climax_in_your_opponents_climax_area(pool, opp_cx):
    sc = _scenario(pool)
    me = sc.put(0, OPP_CX, "stage", pos=0)
    if opp_cx:
        sc.put(1, CX, "climax_area")
    else:
        sc.put(0, CX, "climax_area")  # your own: not asked
    g = sc.game()
    assert _power(g, me) == 3000 + (1000 if opp_cx else 0)


@pytest.mark.parametrize("n", [1, 2])
def test_the_number_of_characters_your_opponent_has(pool, n):
    sc = _scenario(pool)
    me = sc.put(0, OPP_NUMBER, "stage", pos=0)
    sc.put(0, PLAIN, "stage", pos=1)
    for i in range(n):
        sc.put(1, PLAIN, "stage", pos=i)
    g = sc.game()
    assert _power(g, me) == 3000 + (1000 if n >= 2 else 0)


# ---------------------------------------------------------------------------- this card's position and level, your level
def test_cr_10_10_1_a_condition_on_the_colours_of_your_level_is_experiences():
    for text in (_COLORS_TEXT, _COLORS_HAND_TEXT):
        r = _c(text)
        assert r.verdict == "exact", r.reason
        assert r.abilities[0]["keyword"] == "experience"
    r = _c("【AUTO】 Experience When this card attacks, if your level has a yellow card, and the character facing this "
           "card is level 2, this card gets +6000 power until end of turn.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "level_colors", "colors": ["yellow"]}
    assert r.abilities[0]["effect"][0]["condition"] == {"kind": "facing_level_is", "value": 2}


@pytest.mark.parametrize("pos", [K.POS_CENTER_LEFT, K.POS_CENTER_MIDDLE])
def test_cr_3_6_3_this_card_in_the_left_position_of_your_center_stage(pool, pos):
    sc = _scenario(pool)
    me = sc.put(0, LEFT, "stage", pos=pos)
    g = sc.game()
    assert _power(g, me) == 3000 + (3000 if pos == K.POS_CENTER_LEFT else 0)


@pytest.mark.parametrize("card, level", [(SELF_LV, 0), (SELF_LV1, 1)])
def test_this_card_is_level_n_or_higher_its_level_on_the_stage(pool, card, level):
    sc = _scenario(pool)
    me = sc.put(0, card, "stage", pos=0)
    g = sc.game()
    assert int(g.state[S.D_LEVEL + me * S.CARD_W]) == level
    assert _power(g, me) == 3000 + (1500 if level >= 1 else 0)


@pytest.mark.parametrize("blue", [False, True])
def test_cr_3_9_your_level_has_a_yellow_card_and_a_blue_card(pool, blue):
    sc = _scenario(pool)
    me = sc.put(0, COLORS, "stage", pos=0)
    sc.put(0, PLAIN, "level")  # yellow
    sc.put(1, BLUE, "level")  # the opponent's: not yours
    if blue:
        sc.put(0, BLUE, "level")
    g = sc.game()
    assert _power(g, me) == 3000 + (2000 if blue else 0)


@pytest.mark.parametrize("blue", [False, True])
def test_cr_8_6_2_1_a_level_in_the_hand_by_the_colours_of_your_level(pool, blue):
    sc = _scenario(pool)
    sc.put(0, COLORS_HAND, "hand")  # level 2; at level 1 playable only at -1 level
    sc.put(0, BLUE if blue else PLAIN, "level")
    sc.put(0, PLAIN, "clock")  # its colour (yellow) in the clock (CR 8.6.2.1.1)
    g = sc.game()
    assert any(x.startswith("Play Colors Hand") for x in _labels(g)) == blue, _labels(g)


# ---------------------------------------------------------------------------- X: the level of the character facing this card
def test_x_the_level_of_the_character_facing_this_card_compiles_exact():
    for text in (_FACING_TEXT, "【CONT】 This card gets +X power. X is equal to the level of the character facing this "
                               "card ×1000."):
        r = _c(text)
        assert r.verdict == "exact", r.reason
        assert r.abilities[0]["effect"] == [{"op": "aura_power_per", "amount": 1000, "counted": "facing_level",
                                             "filter": {"type": "character", "relation": "self"}}]
    # a group's +X: not compiled
    r = _c("【CONT】 All of your characters get +X power. X is equal to 1000 multiplied by the level of the character "
           "facing this card.")
    assert r.verdict == "unsupported"


@pytest.mark.parametrize("facing", [None, PLAIN, TWO])
def test_cr_3_6_5_x_the_level_of_the_character_facing_this_card(pool, facing):
    sc = _scenario(pool)
    me = sc.put(0, FACING, "stage", pos=K.POS_CENTER_LEFT)
    sc.put(1, SAND, "stage", pos=K.POS_CENTER_LEFT)  # not facing it
    if facing is not None:
        sc.put(1, facing, "stage", pos=K.POS_CENTER_RIGHT)  # the opponent's (3) faces my (1)
    g = sc.game()
    assert _power(g, me) == 3000 + (2000 if facing == TWO else 0)


# ---------------------------------------------------------------------------- fewer cards than your opponent
@pytest.mark.parametrize("opp_hand", [2, 3])
def test_cr_3_3_your_hand_has_less_cards_than_your_opponents_hand(pool, opp_hand):
    sc = _scenario(pool)
    me = sc.put(0, FEWER, "stage", pos=0)
    for _ in range(2):
        sc.put(0, PLAIN, "hand")
    for _ in range(opp_hand):
        sc.put(1, PLAIN, "hand")
    g = sc.game()
    assert kit.count(g, "HAND", 0) == 2 and kit.count(g, "HAND", 1) == opp_hand
    assert _power(g, me) == 3000 + (1000 if opp_hand > 2 else 0)


# ---------------------------------------------------------------------------- cards of different names in your memory
@pytest.mark.parametrize("second", [PLAIN, SAND])
def test_cr_10_9_1_your_memory_has_n_or_more_cards_with_different_card_names(pool, second):
    assert _c(_MEM_NAMES_TEXT).abilities[0]["keyword"] == "memory"
    sc = _scenario(pool)
    me = sc.put(0, MEM_NAMES, "stage", pos=0)
    sc.put(0, PLAIN, "memory")
    sc.put(0, second, "memory")
    sc.put(1, SAND, "memory")  # the opponent's: not yours
    g = sc.game()
    assert _power(g, me) == 3000 + (1000 if second == SAND else 0)


# ---------------------------------------------------------------------------- X: your characters with Assist, colours
def test_x_the_characters_with_assist_and_the_colours_of_your_characters_compile_exact():
    r = _c(_ASSISTS_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "aura_power_per", "amount": 500, "counted": "with_assist",
                                         "filter": {"type": "character", "relation": "in_front"}}]
    r = _c(_HUES_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["counted"] == "stage_colors"
    r = _c("【CONT】 Assist All of your characters in front of this card get +X power. X is equal to the level of that "
           "character ×500.")
    assert r.verdict == "exact" and r.abilities[0]["effect"][0]["op"] == "aura_power_level", r.reason
    # another named ability: not compiled
    assert _c(_ASSISTS_TEXT.replace("Assist\".", "Encore\".")).verdict == "unsupported"


@pytest.mark.parametrize("second", [False, True])
def test_cr_10_3_x_the_number_of_characters_you_have_with_assist(pool, second):
    sc = _scenario(pool)
    front = sc.put(0, PLAIN, "stage", pos=K.POS_CENTER_LEFT)
    sc.put(0, ASSISTS, "stage", pos=K.POS_BACK_LEFT)  # in front of it: (1) and (2) (CR 3.6.4)
    if second:
        sc.put(0, ASSISTS, "stage", pos=K.POS_BACK_RIGHT)  # not in front of (1); it counts
    sc.put(1, ASSISTS, "stage", pos=K.POS_BACK_LEFT)  # the opponent's: not yours
    g = sc.game()
    assert _power(g, front) == 3000 + (1000 if second else 500)


@pytest.mark.parametrize("blue", [False, True])
def test_cr_2_4_x_the_total_number_of_colors_of_your_characters(pool, blue):
    sc = _scenario(pool)
    me = sc.put(0, HUES, "stage", pos=0)  # yellow
    sc.put(0, PLAIN, "stage", pos=1)  # yellow: one colour
    if blue:
        sc.put(0, BLUE, "stage", pos=2)
    sc.put(1, BLUE, "stage", pos=0)  # the opponent's: not yours
    g = sc.game()
    assert _power(g, me) == 3000 + (2000 if blue else 1000)


# ---------------------------------------------------------------------------- an effect's +X: facing level, colours
def test_an_effects_x_by_the_facing_character_or_the_colours_compiles_exact():
    for text, per in ((_FACING_ACT_TEXT, "facing_level"), (_HUES_ACT_TEXT, "stage_colors")):
        r = _c(text)
        assert r.verdict == "exact", r.reason
        assert r.abilities[0]["effect"][-1] == {"op": "power_x", "amount": 1000 if per == "facing_level" else 500,
                                                "per": per}
    # another card's +X by the level of the character facing this card: not compiled
    r = _c("【AUTO】 When this card attacks, choose 1 of your characters, and that character gets +X power until end of "
           "turn. X is equal to 1000 multiplied by the level of the character facing this card.")
    assert r.verdict == "unsupported"


@pytest.mark.parametrize("facing", [None, TWO])
def test_cr_3_6_5_an_effects_x_the_level_of_the_character_facing_this_card(pool, facing):
    sc = _scenario(pool)
    me = sc.put(0, FACING_ACT, "stage", pos=K.POS_CENTER_MIDDLE)
    if facing is not None:
        sc.put(1, facing, "stage", pos=K.POS_CENTER_MIDDLE)
    g = sc.game()
    _act(g, "Use ability 0 of Facing Act")
    kit.answer_picks(g, [])
    assert kit.resolved(g)
    assert _power(g, me) == 3000 + (2000 if facing == TWO else 0)


@pytest.mark.parametrize("blue", [False, True])
def test_cr_2_4_an_effects_x_the_colours_of_your_characters(pool, blue):
    sc = _scenario(pool)
    me = sc.put(0, HUES_ACT, "stage", pos=0)
    if blue:
        sc.put(0, BLUE, "stage", pos=1)
    g = sc.game()
    _act(g, "Use ability 0 of Hues Act")
    kit.answer_picks(g, [])
    assert kit.resolved(g)
    assert _power(g, me) == 3000 + (1000 if blue else 500)


# ---------------------------------------------------------------------------- the top card of your clock with Alarm
@pytest.mark.parametrize("top", [PLAIN, ALARM])
def test_cr_10_1_the_top_card_of_your_clock_is_a_card_with_alarm(pool, top):
    sc = _scenario(pool)
    me = sc.put(0, ALARMED, "stage", pos=0)
    sc.put(0, ALARM if top == PLAIN else PLAIN, "clock")  # under the top card: not asked
    sc.put(0, top, "clock")
    sc.put(1, ALARM, "clock")  # the opponent's: not yours
    g = sc.game()
    assert _power(g, me) == 3000 + (1000 if top == ALARM else 0) + (500 if top == ALARM else 0)


# ---------------------------------------------------------------------------- all of the milled cards
def test_if_all_of_those_cards_and_a_card_revealed_among_them_compile_exact():
    r = _c(_ALL_SAND_TEXT)
    assert r.verdict == "exact", r.reason
    mill, cond = r.abilities[0]["effect"]
    assert mill == {"op": "mill_count", "count": 2, "filter": {"type": "character", "trait": "Sand",
                                                               "zone": "waiting_room"}}
    assert cond == {"op": "if_stored", "at_least": 2, "then": [{"op": "draw", "count": 1}]}
    r = _c("【ACT】 [【REST】 this card] Put the top 2 cards of your deck into your waiting room. If there is a level 0 or "
           "lower character revealed among those cards, draw 1 card.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][1] == {"op": "if_stored", "then": [{"op": "draw", "count": 1}]}


@pytest.mark.parametrize("second", [PLAIN, DUNE])
def test_if_all_of_those_cards_are_the_trait_every_milled_card_counts(pool, second):
    sc = _scenario(pool)
    sc.put(0, ALL_SAND, "stage", pos=0)
    sc.stack_deck(0, [SAND, second])
    g = sc.game()
    hand = kit.count(g, "HAND")
    _act(g, "Use ability 0 of All Sand")
    kit.answer_picks(g, [])
    assert kit.resolved(g)
    assert kit.count(g, "HAND") == hand + (1 if second == DUNE else 0)


def test_a_card_from_the_bottom_of_your_opponents_stock_is_its_bottom_card():
    r = _c("【AUTO】 When this card becomes 【REVERSE】, if the level of this card's battle opponent is higher than your "
           "opponent's level, you may put that character into your opponent's stock. If you do, put a card from the "
           "bottom of your opponent's stock into his or her waiting room.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["then"][-1] == {"op": "stock_bottom_to_wr", "count": 1, "who": "opponent"}


@pytest.mark.parametrize("level", [1, 2])
def test_cr_3_9_your_level_is_n_or_lower(pool, level):
    sc = _scenario(pool)
    me = sc.put(0, LOW_LV, "stage", pos=0)
    for _ in range(level):
        sc.put(0, PLAIN, "level")
    sc.put(1, PLAIN, "level")
    sc.put(1, PLAIN, "level")  # the opponent's level 2: not yours
    g = sc.game()
    assert _power(g, me) == 3000 + (1000 if level <= 1 else 0)
