"""Weiss Schwarz card text, session 19 (branch s19-ws): made-up lines in the card language compiled, and on a
small imported list what the engine does with them: levels in the hand under counts of the waiting room / the
clock / the opponent's characters, a character whose soul does not decrease by side attacking, ..."""

from __future__ import annotations

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


(PLAIN, WOOD, BIG, TALE, WRNAMED, CLOCKED, FLEET, SLIDER, SLIDE_ACT, KEEPSAKE, LETTER, STORM, FLARE, FLARE2, REVIVER, COMBO) = range(16)
RECORDS = [
    _rec("T/S19-001", "Plain"),
    _rec("T/S19-002", "Wood", traits=("Wood",)),
    _rec("T/S19-003", "Big", level="2", power="9000"),
    _rec("T/S19-004", "Tale", ["Draw 1 card."], type="Event"),
    # levels in the hand (CR 8.6.2.1) under counts of the waiting room, the clock, the opponent's characters
    _rec("T/S19-005", "Wr Named", ["【CONT】 If you have 2 or more \"Plain\" in your waiting room, this card gets -1 "
                                   "level while in your hand."], level="1"),
    _rec("T/S19-006", "Clocked", ["【CONT】 If a card named \"Wood\" is in your clock, this card gets -1 level while in "
                                  "your hand."], level="1"),
    _rec("T/S19-007", "Fleet", ["【CONT】 If your opponent has a 《Wood》 character, this card gets -1 level while in "
                                "your hand."], level="1"),
    # the soul penalty of a side attack (CR 7.2.1.4.2) waived
    _rec("T/S19-008", "Slider", ["【CONT】 This card's soul does not decrease by side attacking."], soul=2),
    _rec("T/S19-009", "Slide Act", ["【ACT】 [(1)] Until end of turn, this card's soul does not decrease by side "
                                    "attacking."], soul=2),
    # an event's [AUTO] abilities working from the memory (CR 10.9.1)
    _rec("T/S19-010", "Keepsake", ["Draw 1 card, and put this card into your memory.",
                                   "【AUTO】 Memory If this card is in your memory, at the beginning of your climax phase, "
                                   "put this card into your waiting room."], type="Event"),
    _rec("T/S19-011", "Letter", ["Draw 1 card, and put this card into your memory.",
                                 "【AUTO】 Memory [Put 1 card from your hand into your waiting room] If this card is in "
                                 "your memory, at the beginning of your climax phase, you may pay the cost. If you do, "
                                 "return this card to your hand."], type="Event"),
    # Brainstorm dealing X damage, X the climax flipped (CR 10.7.3)
    _rec("T/S19-012", "Storm", ["【ACT】 Brainstorm [(1)] Flip over 4 cards from the top of your deck, and put them into "
                                "your waiting room. Deal X damage to your opponent. X is equal to the number of climax "
                                "among those cards. (Damage may be canceled)"]),
    _rec("T/S19-013", "Flare", [], type="Climax"),
    _rec("T/S19-014", "Flare Two", [], type="Climax"),
    # a delayed move at the end of the turn (CR 8.1.1.2, 6.8.1.1)
    _rec("T/S19-015", "Reviver", ["【ACT】 [(1)] Choose 1 《Wood》 character in your waiting room, put it on any position of "
                                  "your stage, and at the end of the turn, put that character into your memory."]),
    # the climax combo icon on a [CONT] ability (CR 8.12.1)
    _rec("T/S19-016", "Combo", ["【CONT】 【CXCOMBO】 If \"Flare\" is in your climax area, all of your characters get "
                                "+1500 power."]),
]  # fmt: skip
RECORDS += [_rec(f"T/S19-F{i:02d}", f"Filler {i}", traits=("Sand",)) for i in range(12)]
FILLER = len(RECORDS) - 12
NO_CLIMAX = [FILLER + 8, FILLER + 9, FILLER + 10, FILLER + 11]  # four different cards (Scenario.stack_deck)


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws19", RECORDS)


def _scenario(pool, **kw):
    deck = kit.deck_of(len(RECORDS), FILLER, extra=(WOOD, WOOD, PLAIN, PLAIN))
    return Scenario.main_phase(pool, decks=(deck, deck), **kw)


_n, _labels, _act = kit.count, kit.labels, kit.act


# ---------------------------------------------------------------------------- levels in the hand (CR 8.6.2.1)
def test_levels_in_the_hand_under_waiting_room_clock_and_opponent_counts_compile_exact():
    want = {WRNAMED: {"kind": "wr_filter_at_least", "value": 2, "filter": {"name": "Plain", "zone": "waiting_room"}},
            CLOCKED: {"kind": "named_in_clock", "name": "Wood"},
            FLEET: {"kind": "opp_filter_at_least", "value": 1,
                    "filter": {"type": "character", "trait": "Wood", "side": "opponent"}}}
    for card, cond in want.items():
        r = _c(RECORDS[card]["ability"][0])
        assert r.verdict == "exact", (RECORDS[card]["name"], r.reason)
        (ab,) = r.abilities
        assert ab["zone"] == "hand" and ab["condition"] == cond
    # the same counts in the other wordings
    for line, cond in (
            ("If your waiting room has 2 or more \"Plain\"", want[WRNAMED]),
            ("If the number of \"Plain\" in your waiting room is 2 or more", want[WRNAMED]),
            ("If you have 6 or more events in your waiting room",
             {"kind": "wr_filter_at_least", "value": 6, "filter": {"type": "event", "zone": "waiting_room"}}),
            ("If you have a card named \"Wood\" in your clock", want[CLOCKED]),
            ("If your waiting room has 2 or more climax", {"kind": "wr_climax_at_least", "value": 2}),
            ("If the number of climax in your waiting room is 2 or less", {"kind": "wr_climax_at_most", "value": 2})):
        r = _c(f"【CONT】 {line}, this card gets -1 level while in your hand.")
        assert r.verdict == "exact", (line, r.reason)
        assert r.abilities[0]["condition"] == cond, line
    # the neighbouring wording of the memory keeps its meaning
    r = _c("【CONT】 Memory During your turn, if you have a card in your memory, this card gets +1500 power.")
    assert r.verdict == "exact" and r.abilities[0]["condition"] == {"kind": "memory_at_least", "value": 1}
    # cards by colour in the waiting room (session 29, s29-wsother: a colour in a hand condition's filter)
    r = _c("【CONT】 If you have 4 or more green characters in your waiting room, this card gets -1 level while in "
           "your hand.")
    assert r.verdict == "exact" and r.abilities[0]["condition"] == {
        "kind": "wr_filter_at_least", "value": 4,
        "filter": {"type": "character", "color": ["green"], "zone": "waiting_room"}}


@pytest.mark.parametrize("card, holds", [(WRNAMED, True), (WRNAMED, False), (CLOCKED, True), (CLOCKED, False),
                                         (FLEET, True), (FLEET, False)])
def test_cr_8_6_2_1_a_level_in_the_hand_under_waiting_room_clock_and_opponent_counts(pool, card, holds):
    sc = _scenario(pool)
    sc.put(0, card, "hand")
    if card == WRNAMED:  # two "Plain" in the waiting room, or one "Plain" and another card
        sc.put(0, PLAIN, "waiting_room")
        sc.put(0, PLAIN if holds else WOOD, "waiting_room")
    elif card == CLOCKED:  # "Wood" in the clock, or another card
        sc.put(0, WOOD if holds else PLAIN, "clock")
    else:  # the opponent's <<Wood>> character, or a <<Glass>> one
        sc.put(1, WOOD if holds else PLAIN, "stage", pos=0)
    g = sc.game()
    assert int(g.state[S.LEVEL_N]) == 0
    # level 1 at level 0: playable only with the -1 (CR 8.6.2.1)
    assert any(t.startswith(f"Play {RECORDS[card]['name']}") for t in _labels(g)) == holds


# ---------------------------------------------------------------------------- side attacks (CR 7.2.1.4.2)
def test_soul_does_not_decrease_by_side_attacking_compiles_to_a_restriction():
    r = _c(RECORDS[SLIDER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "aura_restrict", "restrictions": ["no_side_soul"],
                                         "filter": {"type": "character", "relation": "self"}}]
    r = _c(RECORDS[SLIDE_ACT]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "target_self"}, {"op": "restrict", "restrictions": ["no_side_soul"]}]
    r2 = _c("【ACT】 [(1)] This card's soul does not decrease by side attacking until end of turn.")
    assert r2.abilities == r.abilities
    r = _c("Choose 1 of your characters, and that character gets the following ability until end of turn. "
           "\"【CONT】 This card's soul does not decrease by side attacking.\"", type="event")
    assert r.verdict == "exact", r.reason


@pytest.mark.parametrize("card", [PLAIN, SLIDER, SLIDE_ACT])
def test_cr_7_2_1_4_2_a_side_attack_without_the_soul_penalty(pool, card):
    sc = _scenario(pool)
    me = sc.put(0, card, "stage", pos=0)
    sc.put(1, BIG, "stage", pos=2)  # level 2, facing it (CR 3.6.5)
    for k in range(2):
        sc.put(0, FILLER + k, "stock")
    sc.stack_deck(0, NO_CLIMAX)  # no climax: the damage is the attacker's soul, not canceled (CR 4.10.1.2)
    sc.stack_deck(1, NO_CLIMAX)
    g = sc.game()
    if card == SLIDE_ACT:
        _act(g, "Use ability 0 of Slide Act")
        kit.answer_yes(g, True)
    _act(g, "End the main phase")
    clock = _n(g, "CLOCK", 1)
    _act(g, "Side attack")
    soul = RECORDS[card]["soul"]
    assert _n(g, "CLOCK", 1) - clock == (soul if card != PLAIN else max(soul - 2, 0))
    assert int(g.state[S.ORIENT + me * S.CARD_W]) == K.Orientation.REST


# ---------------------------------------------------------------------------- an event in the memory (CR 10.9.1)
def test_an_events_auto_ability_from_the_memory_compiles_exact():
    for card in (KEEPSAKE, LETTER):
        r = _c(RECORDS[card]["ability"][1], type="event")
        assert r.verdict == "exact", r.reason
        (ab,) = r.abilities
        assert ab["zone"] == "memory" and ab["trigger"] == "begin_climax" and ab["keyword"] == "memory"
    assert _c(RECORDS[KEEPSAKE]["ability"][1], type="event").abilities[0]["effect"] == [
        {"op": "target_self"}, {"op": "to_waiting_room"}]
    # on an event, an [AUTO] ability working from another zone than the memory: refused
    assert _c("【AUTO】 When this card is put into your waiting room from the stage, draw 1 card.",
              type="event").verdict == "unsupported"


@pytest.mark.parametrize("card, pay", [(KEEPSAKE, None), (LETTER, True), (LETTER, False)])
def test_cr_10_9_1_an_event_in_the_memory_acts_at_the_beginning_of_a_phase(pool, card, pay):
    sc = _scenario(pool)
    ev = sc.put(0, card, "memory")
    paid = sc.put(0, PLAIN, "hand")
    g = sc.game()
    _act(g, "End the main phase")  # the climax phase begins (CR 6.6)
    if pay is not None:
        _act(g, "Use" if pay else "Decline")
    if pay:
        _act(g, "Pay with Plain")  # the cost (CR 8.4)
    # (the turn goes on to its end: nobody attacks)
    if card == KEEPSAKE:
        assert kit.zone_of(g, ev) == K.Zone.WAITING_ROOM
    elif pay:  # the hand card paid, this card back in the hand
        assert kit.zone_of(g, ev) == K.Zone.HAND and kit.zone_of(g, paid) == K.Zone.WAITING_ROOM
    else:
        assert kit.zone_of(g, ev) == K.Zone.MEMORY and kit.zone_of(g, paid) == K.Zone.HAND


def test_an_event_played_to_the_memory_keeps_its_ability_there(pool):
    sc = _scenario(pool)
    ev = sc.put(0, KEEPSAKE, "hand")
    g = sc.game()
    _act(g, "Play event Keepsake")
    kit.answer_yes(g, True)
    assert kit.zone_of(g, ev) == K.Zone.MEMORY
    _act(g, "End the main phase")
    assert kit.zone_of(g, ev) == K.Zone.WAITING_ROOM


# ---------------------------------------------------------------------------- Brainstorm (CR 10.7.3)
def test_brainstorm_deal_x_damage_compiles_to_the_flipped_climax_count():
    r = _c(RECORDS[STORM]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "brainstorm", "count": 4}, {"op": "damage", "amount": "x"}]
    # the other wordings of the same ability
    for a, b in (("put them into your waiting room", "put them in your waiting room"),
                 ("number of climax among", "number of climax revealed among"),
                 ("Flip over 4 cards", "Reveal 4 cards")):
        r2 = _c(RECORDS[STORM]["ability"][0].replace(a, b))
        assert r2.verdict == "exact" and r2.abilities == r.abilities, (b, r2.reason)
    r = _c("【ACT】 Brainstorm [(1)] Flip over 4 cards from the top of your deck, and put them into your waiting room. For "
           "each climax card revealed among those cards, draw up to 1 card.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "brainstorm", "count": 4}, {"op": "draw", "count": "x", "up_to": True}]
    # another count than the climax flipped: the flip counts it (MILL_COUNT_BRAINSTORM, session 24)
    r = _c(RECORDS[STORM]["ability"][0].replace("number of climax", "number of characters"))
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [
        {"op": "mill_count", "count": 4, "filter": {"type": "character", "zone": "waiting_room"}, "brainstorm": True},
        {"op": "damage", "amount": "x"}]


@pytest.mark.parametrize("climax", [0, 2])
def test_cr_10_7_3_brainstorm_deals_a_damage_per_climax_flipped(pool, climax):
    sc = _scenario(pool)
    sc.put(0, STORM, "stage", pos=0)
    sc.put(0, FILLER, "stock")
    sc.stack_deck(0, [FLARE, FLARE2][:climax] + NO_CLIMAX[:4 - climax])
    sc.stack_deck(1, NO_CLIMAX)  # the damage is not canceled (CR 4.10.1.2)
    g = sc.game()
    clock = _n(g, "CLOCK", 1)
    _act(g, "Use ability 0 of Storm")
    kit.answer_yes(g, True)
    assert _n(g, "CLOCK", 1) - clock == climax


def test_search_then_a_discard_then_the_shuffle_compiles_to_the_search_and_the_discard():
    r = _c("【AUTO】 When this card is placed on the stage from your hand, search your deck for up to 1 《Glass》 "
           "character, reveal it to your opponent, put it into your hand, choose 1 card in your hand, put it into your "
           "waiting room, and shuffle your deck.")
    assert r.verdict == "exact", r.reason
    assert [o["op"] for o in r.abilities[0]["effect"]] == ["search", "choose", "to_waiting_room"]


# ---------------------------------------------------------------------------- at the end of the turn (CR 6.8.1.1)
def test_at_the_end_of_the_turn_put_that_character_compiles_to_a_grant_until_end_of_turn():
    r = _c(RECORDS[REVIVER]["ability"][0])
    assert r.verdict == "exact", r.reason
    eff = r.abilities[0]["effect"]
    assert [o["op"] for o in eff] == ["choose", "to_stage", "grant_ability"]
    assert eff[2]["ability"] == {"kind": "auto", "trigger": "begin_end",
                                 "effect": [{"op": "target_self"}, {"op": "to_memory"}]}
    # made when the end phase may have begun (an attack's trigger), or about the opponent's character: refused
    assert _c("【AUTO】 When this card attacks, choose 1 character in your waiting room, put it on any position of your "
              "stage, and at the end of the turn, put that character into your memory.").verdict == "unsupported"
    assert _c("【ACT】 [(1)] Choose 1 of your opponent's characters, and at the end of the turn, put that character into "
              "your memory.").verdict == "unsupported"


def test_cr_8_1_1_2_the_character_put_on_the_stage_goes_to_the_memory_at_the_end_of_the_turn(pool):
    sc = _scenario(pool)
    sc.put(0, REVIVER, "stage", pos=0)
    stays = sc.put(0, WOOD, "stage", pos=1)  # another <<Wood>> character: not chosen
    back = sc.put(0, WOOD, "waiting_room")
    sc.put(0, FILLER, "stock")
    g = sc.game()
    _act(g, "Use ability 0 of Reviver")
    kit.answer_picks(g, ["Use", "Wood", "center right"])
    assert kit.zone_of(g, back) == K.Zone.STAGE
    _act(g, "End the main phase")  # nobody attacks: the end phase (CR 6.8.1.1)
    for _ in range(10):
        if int(g.state[S.TURN_PLAYER]) == 1:
            break
        _act(g, _labels(g)[0])
    assert kit.zone_of(g, back) == K.Zone.MEMORY
    assert kit.zone_of(g, stays) == K.Zone.STAGE


# ---------------------------------------------------------------------------- the climax combo icon (CR 8.12.1)
def test_the_climax_combo_icon_on_cont_abilities_and_on_abilities_naming_a_card_compiles():
    r = _c(RECORDS[COMBO]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "climax_named", "name": "Flare"}
    assert r.abilities == _c(RECORDS[COMBO]["ability"][0].replace(" 【CXCOMBO】", "")).abilities
    # an [AUTO] ability naming the climax in its cost or its choice: the icon has no meaning of its own
    r = _c("【AUTO】 【CXCOMBO】 [Put 1 \"Flare\" from your hand into your waiting room] When this card is placed on the "
           "stage from your hand, you may pay the cost. If you do, choose 1 \"Flare\" in your waiting room, and return "
           "it to your hand.")
    assert r.verdict == "exact", r.reason
    assert "combo" not in r.abilities[0] and r.abilities[0]["cost"]["discard_filter"] == {"name": "Flare", "zone": "hand"}
    # naming no card: refused
    assert _c("【CONT】 【CXCOMBO】 During your turn, all of your characters get +1500 power.").verdict == "unsupported"
    assert _c("【AUTO】 【CXCOMBO】 When this card is placed on the stage from your hand, draw 1 card.").verdict == \
        "unsupported"


@pytest.mark.parametrize("climax", [FLARE, FLARE2, None])
def test_cr_8_12_1_a_cont_ability_with_the_combo_icon_under_its_named_climax(pool, climax):
    sc = _scenario(pool)
    me = sc.put(0, COMBO, "stage", pos=0)
    other = sc.put(0, PLAIN, "stage", pos=1)
    if climax is not None:
        sc.put(0, climax, "climax_area")
    g = sc.game()
    bonus = 1500 if climax == FLARE else 0
    assert kit.power(g, me) == 3000 + bonus and kit.power(g, other) == 3000 + bonus
