"""Weiss Schwarz card text, session 24 (branch s24-wsa): made-up lines in the card language compiled, and on a small
imported list what the engine does with them: characters put on separate positions of the stage (CR 9.6), an
opponent's character that cannot [STAND] during their next stand phase (CR 6.2.1.2), the level filter "with level
higher than your opponent's level" in a stage part, two named characters as one condition (NAMED_PAIR_ON_STAGE, also
for a level in the hand), a mandatory instruction's "If you do" (CR 1.3.3), "<<T>> or card with "X" in its card name"
counted, "another character with "X" in its card name" absent, a trait gained on the stage and a name not regarded."""

from __future__ import annotations

import pytest

from tcg_env.engine.header import H_DECIDER
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, type="character", name="Tester"):
    return compile_line(line, {"type": type, "name": name, "traits": ["Glass"]})


_LOCK_TEXT = ("【ACT】 [【REST】 this card] Choose 1 character in your opponent's back stage with level higher than your "
              "opponent's level. That character cannot 【STAND】 during your opponent's next stand phase.")
_PLACE_TEXT = ("【ACT】 [【REST】 this card] Choose up to 2 level 0 or lower characters in your waiting room, and put them on "
               "separate positions of your stage.")
_SEARCH_TEXT = ("【ACT】 [【REST】 this card] Search your deck for up to 2 \"Kitten\", put them on separate positions of your "
                "stage, and shuffle your deck.")
_PAIR_TEXT = "【CONT】 If you have another \"Finn\" and another \"Jake\", all of your characters get +1000 power."
_HAND_TEXT = "【CONT】 If you have \"Finn\" and \"Jake\", this card gets -1 level while in your hand."
_TRADE_TEXT = ("Choose 1 of your characters, and put it into your waiting room. If you do, choose up to 1 of your "
               "opponent's characters, and return them to his or her hand.")
_PER_TEXT = ("【CONT】 This card gets +1000 power for each of your other 《Fan》 or card with \"Ice\" in its card name in "
             "your back stage.")
_STUBBORN_TEXT = ("【CONT】 If you do not have another character with \"Ice\" in its card name, this card cannot 【STAND】 "
                  "during your stand phase.")
_TRAIT_TEXT = "【CONT】 If this card is in your stage, this card gets 《Sleuth》."
_NOT_NAMED_TEXT = "【CONT】 This card's card name will not be regarded as \"Yotsuba Nakano\"."
_MEM_COST_TEXT = ("【AUTO】 [Put 1 \"Memo\" from your memory into your waiting room] When this card attacks, you may pay the "
                  "cost. If you do, return this card to your hand.")
_SHUFFLE_TEXT = ("【ACT】 [【REST】 this card] Choose up to 2 of your opponent's characters, put them into their memory, and your "
                 "opponent puts those characters from their memory on separate positions of their stage.")
_SEARCH_LV_TEXT = ("【ACT】 [【REST】 this card] Search your deck for up to 1 character with level equal to or lower than "
                   "your level, put it on any position of your stage, and shuffle your deck.")
(PLAIN, LOCKER, BIG, PLACER, SEARCHER, KITTEN, PAIR, FINN, JAKE, HAND_LV, TRADE, PER, ICE, FAN, STUBBORN, SLEUTH,
 NOT_NAMED, SLEUTH_FAN, MEMO, MEM_COST, SHUFFLER, SEARCH_LV) = range(22)
RECORDS = [
    _rec("T/S24-001", "Plain"),
    _rec("T/S24-002", "Locker", [_LOCK_TEXT]),
    _rec("T/S24-003", "Big", level="1", power="5000"),
    _rec("T/S24-004", "Placer", [_PLACE_TEXT]),
    _rec("T/S24-005", "Searcher", [_SEARCH_TEXT]),
    _rec("T/S24-006", "Kitten"),
    _rec("T/S24-007", "Pair", [_PAIR_TEXT]),
    _rec("T/S24-008", "Finn"),
    _rec("T/S24-009", "Jake"),
    _rec("T/S24-010", "Hand Lv", [_HAND_TEXT], level="2"),
    _rec("T/S24-011", "Trade", [_TRADE_TEXT], type="Event"),
    _rec("T/S24-012", "Per", [_PER_TEXT]),
    _rec("T/S24-013", "Ice Queen", traits=("Sand",)),
    _rec("T/S24-014", "Fan", traits=("Fan",)),
    _rec("T/S24-015", "Stubborn", [_STUBBORN_TEXT]),
    _rec("T/S24-016", "Sleuth", [_TRAIT_TEXT]),
    _rec("T/S24-017", "Operation Doppelganger, Futaro", [_NOT_NAMED_TEXT]),
    _rec("T/S24-018", "Sleuth Fan", traits=("Sleuth",)),
    _rec("T/S24-019", "Memo"),
    _rec("T/S24-020", "Mem Cost", [_MEM_COST_TEXT]),
    _rec("T/S24-021", "Shuffler", [_SHUFFLE_TEXT]),
    _rec("T/S24-022", "Search Lv", [_SEARCH_LV_TEXT]),
]  # fmt: skip
RECORDS += [_rec(f"T/S24-F{i:02d}", f"Filler {i}", traits=("Sand",)) for i in range(12)]
FILLER = len(RECORDS) - 12


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws24a", RECORDS)


def _scenario(pool, **kw):
    return kit.main_phase(pool, len(RECORDS), FILLER, extra=(PLAIN, PLAIN, FAN, ICE, KITTEN), **kw)


_labels, _act, _power, _orient = kit.labels, kit.act, kit.power, kit.orient


# ---------------------------------------------------------------------------- separate positions (CR 9.6)
def test_separate_positions_compile_exact():
    r = _c(_PLACE_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][-1] == {"op": "to_stage", "any_position": True, "separate": True}
    r = _c(_SEARCH_TEXT.replace("【ACT】 [【REST】 this card] ", ""), type="event")
    assert r.verdict == "exact", r.reason
    search, put, shuffle = r.abilities[0]["effect"]
    assert search["count"] == 2 and search["keep"] and put["separate"] and shuffle["op"] == "shuffle_deck"
    # "Put this card into your memory." after it: a register of its own
    r = _c(_SEARCH_TEXT.replace("【ACT】 [【REST】 this card] ", "") + " Put this card into your memory.", type="event")
    assert r.verdict == "exact" and r.abilities[0]["effect"][-1] == {"op": "to_memory", "reg": 1}


def test_cr_9_6_separate_positions_the_second_card_not_on_the_first_ones_position(pool):
    sc = _scenario(pool)
    sc.put(0, PLACER, "stage", pos=0)
    a = sc.put(0, PLAIN, "waiting_room")
    b = sc.put(0, KITTEN, "waiting_room")
    g = sc.game()
    _act(g, "Use ability 0 of Placer")
    _act(g, "Choose Plain")
    _act(g, "Choose Kitten")
    _act(g, "Choose own center middle")
    labels = _labels(g)
    assert not any("center middle" in x for x in labels), labels  # the first card's position
    assert any("center left (Placer)" in x for x in labels), labels  # a position of another character: any position
    _act(g, "Choose own back left")
    assert kit.resolved(g)
    assert (int(g.state[S.POS + a * S.CARD_W]), int(g.state[S.POS + b * S.CARD_W])) == (1, 3)
    assert kit.zone_of(g, a) == kit.zone_of(g, b) == K.Zone.STAGE


def test_cr_9_6_a_search_puts_the_cards_found_on_separate_positions(pool):
    sc = _scenario(pool)
    me = sc.put(0, SEARCHER, "stage", pos=0)
    g = sc.game()
    _act(g, "Use ability 0 of Searcher")
    for _ in range(2):
        _act(g, "Choose Kitten")
    _act(g, "Choose own center left")  # over this card: it goes to the waiting room (CR 9.6)
    assert not any("center left" in x for x in _labels(g)), _labels(g)
    _act(g, "Choose own center right")
    kit.answer_picks(g, [])
    assert kit.zone_of(g, me) == K.Zone.WAITING_ROOM


def test_cr_9_6_the_opponent_puts_its_characters_on_separate_positions_of_its_stage(pool):
    r = _c(_SHUFFLE_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][-1] == {"op": "to_stage", "any_position": True, "by_owner": True, "separate": True}
    sc = _scenario(pool)
    sc.put(0, SHUFFLER, "stage", pos=0)
    a = sc.put(1, PLAIN, "stage", pos=0)
    b = sc.put(1, BIG, "stage", pos=1)
    g = sc.game()
    _act(g, "Use ability 0 of Shuffler")
    _act(g, "Choose opponent's center left")
    _act(g, "Choose opponent's center middle")
    assert int(g.state[H_DECIDER]) == 1  # the owner places its characters (TO_STAGE_BY_OWNER)
    _act(g, "Choose own back right")  # the opponent's own stage
    labels = _labels(g)
    assert not any("back right" in x for x in labels) and any("back left" in x for x in labels), labels
    _act(g, "Choose own back left")
    assert kit.resolved(g)
    assert sorted((int(g.state[S.POS + x * S.CARD_W]) for x in (a, b))) == [3, 4]


@pytest.mark.parametrize("level", [0, 1])
def test_a_search_for_a_character_of_level_at_most_yours(pool, level):
    r = _c(_SEARCH_LV_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == {"type": "character", "zone": "deck", "level_max": 0,
                                                     "level_max_rel": True}
    r = _c(_SEARCH_LV_TEXT.replace("of your stage,", "of your stage as 【REST】,"))
    assert r.verdict == "exact" and r.abilities[0]["effect"][1]["orientation"] == "rest", r.reason
    sc = _scenario(pool)
    sc.put(0, SEARCH_LV, "stage", pos=0)
    for _ in range(level):
        sc.put(0, PLAIN, "level")
    g = sc.game()
    _act(g, "Use ability 0 of Search Lv")
    labels = _labels(g)
    assert any("Choose Plain" in x for x in labels), labels
    assert any("Choose Big" in x for x in labels) == (level >= 1), labels  # Big is level 1


# ---------------------------------------------------------------------------- the opponent's next stand phase
@pytest.mark.parametrize("text", [_LOCK_TEXT, "【AUTO】 When this card is placed on the stage from your hand, choose 1 "
                                  "character with level higher than your opponent's level in his or her back stage. "
                                  "That character cannot 【STAND】 during your opponent's next stand phase."])
def test_a_back_stage_character_above_the_opponents_level_that_cannot_stand_compiles_exact(text):
    r = _c(text)
    assert r.verdict == "exact", r.reason
    choose, restrict = r.abilities[0]["effect"]
    assert choose["filter"] == {"type": "character", "side": "opponent", "positions": ["back"], "level_above_opp": True}
    assert restrict == {"op": "restrict", "restrictions": ["cant_stand_phase"], "duration": "next_opp_turn_end"}
    # of your own characters (your opponent's stand phase does not stand them): not compiled
    r = _c("【ACT】 [【REST】 this card] Choose 1 of your characters. That character cannot 【STAND】 during your "
           "opponent's next stand phase.")
    assert r.verdict == "unsupported"


def test_cr_6_2_1_2_the_chosen_character_stays_rested_in_its_masters_next_stand_phase_only(pool):
    sc = _scenario(pool)
    sc.put(0, LOCKER, "stage", pos=0)
    big = sc.put(1, BIG, "stage", pos=3, orient=K.Orientation.REST)  # level 1, above the opponent's level 0
    plain = sc.put(1, PLAIN, "stage", pos=4, orient=K.Orientation.REST)  # level 0: not a choice
    g = sc.game()
    _act(g, "Use ability 0 of Locker")
    assert _labels(g) == ["Choose opponent's back left (Big) for Locker's ability (act: choose 1 -> restrict)"]
    kit.answer_picks(g, [])
    seen = []
    last = 0
    for _ in range(60):
        tp = int(g.state[S.TURN_PLAYER])
        if tp != last:
            last = tp
            seen.append((tp, _orient(g, big), _orient(g, plain)))
            if len(seen) == 3:
                break
        labels = _labels(g)
        _act(g, next((x for p in ("End the", "Skip the clock", "Pass") for x in labels if x.startswith(p)), labels[0]))
    R, St = K.Orientation.REST, K.Orientation.STAND
    # the opponent's next stand phase: Big stays [REST]; the one after: it stands
    assert seen == [(1, R, St), (0, R, St), (1, St, St)], seen


# ---------------------------------------------------------------------------- two named characters (NAMED_PAIR_ON_STAGE)
def test_two_named_characters_compile_exact():
    for text in (_PAIR_TEXT, _HAND_TEXT, _HAND_TEXT.replace("have \"Finn\"", "have cards named \"Finn\""),
                 _HAND_TEXT.replace("have \"Finn\"", "have a card named \"Finn\"")):
        r = _c(text)
        assert r.verdict == "exact", (text, r.reason)
        assert r.abilities[0]["condition"] == {"kind": "named_pair_on_stage", "name": "Finn", "name2": "Jake"}
    # "a card named X in your clock" keeps its meaning
    r = _c("【CONT】 If you have a card named \"Finn\" in your clock, this card gets -1 level while in your hand.")
    assert r.abilities[0]["condition"] == {"kind": "named_in_clock", "name": "Finn"}
    # this card named one of them: "you have X" would count it
    assert _c(_HAND_TEXT, name="Finn").verdict == "unsupported"


@pytest.mark.parametrize("jake", [False, True])
def test_both_named_characters_on_the_stage_the_aura_holds(pool, jake):
    sc = _scenario(pool)
    pair = sc.put(0, PAIR, "stage", pos=0)
    sc.put(0, FINN, "stage", pos=1)
    if jake:
        sc.put(0, JAKE, "stage", pos=2)
    sc.put(1, FINN, "stage", pos=3)
    sc.put(1, JAKE, "stage", pos=4)  # the opponent's are not yours
    g = sc.game()
    assert _power(g, pair) == 3000 + (1000 if jake else 0)


@pytest.mark.parametrize("jake", [False, True])
def test_both_named_characters_lower_the_level_in_the_hand(pool, jake):
    sc = _scenario(pool)
    sc.put(0, FINN, "stage", pos=0)
    if jake:
        sc.put(0, JAKE, "stage", pos=1)
    sc.put(0, PLAIN, "level")  # level 1: a level 2 card at -1 can be played
    sc.put(0, HAND_LV, "hand")
    g = sc.game()
    assert any(x.startswith("Play Hand Lv") for x in _labels(g)) == jake, _labels(g)


# ---------------------------------------------------------------------------- "If you do" after a mandatory instruction
def test_if_you_do_after_a_mandatory_choice_compiles_exact():
    r = _c(_TRADE_TEXT, type="event")
    assert r.verdict == "exact", r.reason
    ops = [o["op"] for o in r.abilities[0]["effect"]]
    assert ops == ["choose", "to_waiting_room", "if_done", "choose", "to_hand"]
    assert r.abilities[0]["effect"][2]["rows"] == 2
    # a sentence after it (session 29): outside the "If you do" (IF_DONE's rows end before it); of 2 characters: done
    # in part (refused)
    r = _c(_TRADE_TEXT + " Draw 1 card.", type="event")
    assert r.verdict == "exact", r.reason
    assert [o["op"] for o in r.abilities[0]["effect"]] == ops + ["draw"] and r.abilities[0]["effect"][2]["rows"] == 2
    assert _c(_TRADE_TEXT.replace("Choose 1 of your", "Choose 2 of your"), type="event").verdict == "unsupported"


@pytest.mark.parametrize("mine", [False, True])
def test_cr_1_3_3_nothing_put_into_the_waiting_room_nothing_returned(pool, mine):
    sc = _scenario(pool)
    own = sc.put(0, PLAIN, "stage", pos=0) if mine else None
    theirs = sc.put(1, BIG, "stage", pos=0)
    sc.put(0, TRADE, "hand")
    g = sc.game()
    _act(g, "Play event Trade")
    kit.answer_picks(g, ["Choose own", "Choose opp"])
    assert kit.zone_of(g, theirs) == (K.Zone.HAND if mine else K.Zone.STAGE)
    if mine:
        assert kit.zone_of(g, own) == K.Zone.WAITING_ROOM


# ---------------------------------------------------------------------------- names and traits
def test_trait_or_name_part_counted_and_another_with_a_name_part_compile_exact():
    r = _c(_PER_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["counted"] == {"trait": "Fan", "name_contains": ["Ice"], "name_or_trait": True,
                                                      "relation": "other", "positions": ["back"]}
    r = _c(_STUBBORN_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "own_filter_at_most", "value": 0, "filter": {
        "type": "character", "name_contains": ["Ice"], "relation": "other"}}


def test_you_do_not_have_another_named_character_compiles_exact():
    r = _c("【CONT】 If you do not have another \"Finn\", this card gets +1000 power.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "own_filter_at_most", "value": 0, "filter": {
        "type": "character", "name": "Finn", "relation": "other"}}


def test_each_fan_or_ice_card_in_the_back_stage_counts(pool):
    sc = _scenario(pool)
    per = sc.put(0, PER, "stage", pos=0)
    sc.put(0, FAN, "stage", pos=3)
    sc.put(0, ICE, "stage", pos=4)
    sc.put(0, FAN, "stage", pos=1)  # the center stage: not counted
    sc.put(1, ICE, "stage", pos=3)  # the opponent's: not counted
    g = sc.game()
    assert _power(g, per) == 3000 + 2000


@pytest.mark.parametrize("ice", [False, True])
def test_cr_6_2_1_2_without_another_ice_character_it_cannot_stand(pool, ice):
    sc = _scenario(pool)
    me = sc.put(0, STUBBORN, "stage", pos=0)
    sc.put(0, ICE if ice else PLAIN, "stage", pos=1)
    g = sc.game()
    assert (int(g.state[S.D_RST + me * S.CARD_W]) & K.RESTRICT_CANT_STAND_PHASE != 0) == (not ice)


def test_a_trait_on_the_stage_is_approximate_and_a_name_not_regarded_exact(tmp_path):
    r = _c(_TRAIT_TEXT)
    assert r.verdict == "approximate" and r.approximations == ("trait_on_stage_everywhere",)
    assert r.fields == {"trait_on_stage": "Sleuth"} and not r.abilities
    r = _c(_NOT_NAMED_TEXT, name="Operation Doppelganger, Futaro")
    assert r.verdict == "exact" and not r.abilities and not r.fields
    assert _c(_NOT_NAMED_TEXT, name="Nakano Sisters").verdict == "unsupported"
    import json
    from tcg_env.games.weiss_schwarz.importer import import_ws_json
    p = tmp_path / "list.json"
    p.write_text(json.dumps(RECORDS))
    res = import_ws_json(p)
    assert not res.unsupported, res.unsupported
    sleuth = next(c for c in res.cards if c.name == "Sleuth")
    assert list(sleuth.traits) == ["Glass", "Sleuth"]


# ---------------------------------------------------------------------------- memory and quoted names
def test_n_or_more_characters_and_n_or_less_cards_in_your_memory():
    r = _c("【AUTO】 [Put 1 《Glass》 character from your hand into your waiting room & Put this card into your memory] "
           "When this card becomes 【REVERSE】 in battle, if you have 2 or more other 《Glass》 characters and 2 or less "
           "cards in your memory, you may pay the cost. If you do, draw 1 card.")
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    # both before the cost (which puts this card into the memory), as the text says (all_of, session 28)
    assert ab["condition"] == {"kind": "all_of", "parts": [
        {"kind": "in_battle"}, {"kind": "memory_at_most", "value": 2},
        {"kind": "trait_count_at_least", "trait": "Glass", "value": 2}]}
    assert ab["cost"]["self_to_memory"] and ab["effect"] == [{"op": "draw", "count": 1}]
    # without the cost's "you may pay": not compiled
    r = _c("【AUTO】 When this card attacks, if you have 2 or more other 《Glass》 characters and 2 or less cards in your "
           "memory, draw 1 card.")
    assert r.verdict == "unsupported"


def test_a_quoted_name_ending_in_a_parenthesis_inside_a_granted_ability():
    r = _c("【CONT】 If all of your characters have \"Yot(四葉)\" in their card names, this card gets +1500 power and the "
           "following ability. \"【AUTO】 When this card attacks, choose up to 1 character with \"Yot(四葉)\" in its card "
           "name in your waiting room, and return it to your hand.\"")
    assert r.verdict == "approximate" and r.approximations == ("name_part_english",), r.reason
    grant = r.abilities[0]["effect"][1]["ability"]
    assert grant["effect"][0]["filter"]["name_contains"] == ["Yot"]


def test_a_cost_of_the_memory_compiles_exact():
    r = _c(_MEM_COST_TEXT)
    assert r.verdict == "exact", r.reason
    (guard,) = r.abilities[0]["effect"]
    assert guard["condition"] == {"kind": "memory_filter_at_least", "value": 1, "filter": {"name": "Memo",
                                                                                           "zone": "memory"}}
    # the cost's register is not this card's: "return this card" moves this card only
    ops = guard["then"][0]["then"]
    assert [(o["op"], o.get("reg", 0)) for o in ops] == [("choose", 0), ("to_waiting_room", 0), ("target_self", 1),
                                                         ("to_hand", 1)]
    # "..., you may pay the cost. If you do, X" inside the effect: the cost paid there, IF_DONE after it
    r = _c("【AUTO】 [Put 1 \"Memo\" from your memory into your waiting room] When this card attacks, reveal the top card "
           "of your deck. If that card is a 《Glass》 character, you may pay the cost. If you do, draw 1 card.")
    assert r.verdict == "exact", r.reason
    may = r.abilities[0]["effect"][1]["then"][0]
    assert [o["op"] for o in may["then"]] == ["choose", "to_waiting_room", "if_done", "draw"]


@pytest.mark.parametrize("memo", [False, True])
def test_cr_8_4_2_2_the_memory_cost_paid_then_only_this_card_returns(pool, memo):
    sc = _scenario(pool)
    me = sc.put(0, MEM_COST, "stage", pos=0)
    m = sc.put(0, MEMO, "memory") if memo else None
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Direct attack")
    kit.answer_yes(g, True)
    # no "Memo" in the memory: the cost cannot be paid, nothing happens
    assert kit.zone_of(g, me) == (K.Zone.HAND if memo else K.Zone.STAGE)
    if memo:
        assert kit.zone_of(g, m) == K.Zone.WAITING_ROOM
