"""Weiss Schwarz card text, session 29 (branch s29-wsother): lines other than [AUTO] ones. A character's "[CONT] If A,
this card cannot be played from your hand." and a play restriction beside the colour waiver (CR 8.6.2.1 /
8.6.2.1.1); the hand conditions on the master's zone counts, a colour and the center / back stage; an event's own card
put into the clock / at the bottom of the deck (CR 6.5.1.2.2); "choose 1 of your [STAND] characters, and [REST] it. If
you do, ..." ([REST] of a card already [REST] is not done, CR 1.3.3; a sentence after the "if you do"); an event's
lines sharing the engine's target registers; the database's "COUNTER@", a lost cost bracket, "all your" and "from
hand". Made-up lines in the card language, imported, and what the engine does with them."""

from __future__ import annotations

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.card_text import compile_line, normalise

import ws_card_text_kit as kit

_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


(PLAIN, FLARE, CORPS, GREENLOCK, MEMOLOCK, CENTERLOCK, CLOCKER, BOTTOMER, RESTER, GREEN, SHARED, NODIRECT,
 LEVELLER) = range(13)
RECORDS = [
    _rec("T/S29O-001", "Plain"),  # <<Glass>>, yellow, level 0
    _rec("T/S29O-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S29O-003", "Corps", ["【CONT】 If the number of 《Glass》 characters you have is 1 or less, this card cannot be "
                                 "played from your hand."]),
    _rec("T/S29O-004", "Green Lock", ["If you have 2 or less green characters, this card cannot be played from your "
                                      "hand. This card can be played from your hand without fulfilling color "
                                      "requirements. Draw 1 card."], type="Event"),
    _rec("T/S29O-005", "Memo Lock", ["If the number of cards in your memory is 1 or less, this card cannot be played "
                                     "from hand. Draw 1 card."], type="Event"),
    _rec("T/S29O-006", "Center Lock", ["If the number of characters in your center stage is 3 or more, this card "
                                       "cannot be played from your hand. Draw 1 card."], type="Event"),
    _rec("T/S29O-007", "Clocker", ["Draw 1 card. Put this card into your clock."], type="Event"),
    _rec("T/S29O-008", "Bottomer", ["Draw 1 card. Put this card at the bottom of your deck."], type="Event"),
    _rec("T/S29O-009", "Rester", ["Choose 1 of your 【STAND】 《Glass》 characters, and 【REST】 it. If you do, draw 1 card. "
                                  "Put this card into your memory."], type="Event"),
    _rec("T/S29O-010", "Green", [], color="GREEN", traits=("Reed",)),
    _rec("T/S29O-011", "Shared", ["Choose 1 character in your waiting room, and return it to your hand.",
                                  "Choose 1 card in your clock, and put it into your waiting room.",
                                  "Choose 1 of your characters, and that character gets +1000 power until end of turn."],
         type="Event"),
    _rec("T/S29O-012", "No Direct", ["【CONT】 This card cannot direct attack and side attack."]),
    _rec("T/S29O-013", "Leveller", ["【CONT】 All of your other 《Glass》 characters get +X power. X is equal to your level "
                                    "×500."]),
]  # fmt: skip
RECORDS += [_rec(f"T/S29O-F{i:02d}", f"Filler {i}", traits=("Reed",)) for i in range(12)]


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws29o", RECORDS)


def _scenario(pool, **kw):
    deck = kit.deck_of(len(RECORDS), FLARE, extra=(PLAIN, PLAIN, GREEN, GREEN, GREEN))
    return kit.Scenario.main_phase(pool, decks=(deck, deck), **kw)


def _playable(g, name) -> bool:
    return any(t.startswith("Play") and name in t for t in kit.labels(g))


# ---------------------------------------------------------------------------- play restrictions (CR 8.6.2.1)
def test_cr_8_6_2_1_a_cont_play_restriction_compiles_to_a_hand_ability():
    r = _c(RECORDS[CORPS]["ability"][0])
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["zone"] == "hand" and ab["effect"][0]["restrictions"] == ["cant_play"]
    assert ab["condition"] == {"kind": "own_filter_at_most", "value": 1, "filter": {"type": "character",
                                                                                  "trait": "Glass"}}
    # with the colour waiver after it: two abilities working from the hand, then the event's
    r = _c(RECORDS[GREENLOCK]["ability"][0], type="event")
    assert r.verdict == "exact", r.reason
    restr, waiver, event = r.abilities
    assert restr["condition"]["filter"] == {"type": "character", "color": ["green"]}
    assert waiver["effect"][0]["restrictions"] == ["no_color_requirement"] and event["kind"] == "event"


@pytest.mark.parametrize("n_glass, ok", [(1, False), (2, True)])
def test_cr_8_6_2_1_a_character_that_cannot_be_played_with_one_trait_character(pool, n_glass, ok):
    sc = _scenario(pool)
    for pos in range(n_glass):
        sc.put(0, PLAIN, "stage", pos=pos)
    sc.put(0, CORPS, "hand")
    assert _playable(sc.game(), "Corps") == ok


@pytest.mark.parametrize("n_green, ok", [(2, False), (3, True)])
def test_cr_8_6_2_1_a_colour_counted_from_the_hand(pool, n_green, ok):
    sc = _scenario(pool)
    for pos in range(n_green):
        sc.put(0, GREEN, "stage", pos=pos)
    sc.put(0, PLAIN, "stage", pos=4)  # yellow: not counted
    sc.put(0, GREENLOCK, "hand")
    assert _playable(sc.game(), "Green Lock") == ok


@pytest.mark.parametrize("memory, ok", [(1, False), (2, True)])
def test_cr_8_6_2_1_the_memory_count_from_the_hand(pool, memory, ok):
    sc = _scenario(pool)
    for _ in range(memory):
        sc.put(0, PLAIN, "memory")
    sc.put(0, MEMOLOCK, "hand")
    assert _playable(sc.game(), "Memo Lock") == ok


def test_center_stage_count_and_the_counter_mark_compile():
    r = _c("COUNTER@ If the number of characters in your center stage is 3 or more, this card cannot be played from "
           "your hand. All of your characters get +1000 power until end of turn.", type="event")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "filter_count_at_least", "value": 3,
                                           "filter": {"type": "character", "positions": ["center"]}}
    assert r.fields.get("counter")


@pytest.mark.parametrize("n_center, ok", [(2, True), (3, False)])
def test_cr_8_6_2_1_the_center_stage_counted_from_the_hand(pool, n_center, ok):
    sc = _scenario(pool)
    for pos in range(n_center):
        sc.put(0, PLAIN, "stage", pos=pos)
    sc.put(0, PLAIN, "stage", pos=3)  # the back stage: not counted
    sc.put(0, CENTERLOCK, "hand")
    assert _playable(sc.game(), "Center Lock") == ok


# ---------------------------------------------------------------------------- an event's own card (CR 6.5.1.2.2)
@pytest.mark.parametrize("card, zone", [(CLOCKER, K.Zone.CLOCK), (BOTTOMER, K.Zone.DECK)])
def test_cr_6_5_1_2_2_the_event_card_goes_where_its_text_says(pool, card, zone):
    sc = _scenario(pool)
    slot = sc.put(0, card, "hand")
    g = sc.game()
    hand = kit.count(g, "HAND")
    kit.act(g, f"Play event {RECORDS[card]['name']}")
    kit.answer_yes(g, True)
    assert kit.zone_of(g, slot) == zone
    assert kit.count(g, "HAND") == hand  # the event left, the draw came in
    if zone == K.Zone.DECK:
        from tcg_env.games.weiss_schwarz import state as S
        assert int(g.state[S.DECK_L]) == slot  # the deck list's first card: its bottom


# ---------------------------------------------------------------------------- [REST] it. If you do (CR 1.3.3)
def test_rest_it_if_you_do_compiles_to_if_done_with_the_sentence_after_outside():
    r = _c(RECORDS[RESTER]["ability"][0], type="event")
    assert r.verdict == "exact", r.reason
    ops = r.abilities[0]["effect"]
    assert [o["op"] for o in ops] == ["choose", "rest", "if_done", "draw", "target_self", "to_memory"]
    assert ops[2]["rows"] == 1  # the draw only: the event goes to the memory either way
    # the database's "[REST] 1 of your [STAND] ... characters. If you do, ...": the same program
    r2 = _c("【REST】 1 of your 【STAND】 《Glass》 characters. If you do, draw 1 card. Put this card into your memory.",
            type="event")
    assert r2.verdict == "exact", r2.reason
    assert r2.abilities == r.abilities


@pytest.mark.parametrize("orient, drew", [(K.Orientation.STAND, True), (K.Orientation.REST, False)])
def test_cr_1_3_3_rest_of_a_rested_character_is_not_done(pool, orient, drew):
    sc = _scenario(pool)
    glass = sc.put(0, PLAIN, "stage", pos=0, orient=orient)
    slot = sc.put(0, RESTER, "hand")
    g = sc.game()
    hand = kit.count(g, "HAND")
    kit.act(g, "Play event Rester")
    kit.answer_yes(g, True)
    assert kit.orient(g, glass) == K.Orientation.REST
    assert kit.count(g, "HAND") == hand - 1 + drew
    assert kit.zone_of(g, slot) == K.Zone.MEMORY  # after the "if you do", done either way


# ---------------------------------------------------------------------------- an event's lines and registers
def test_an_event_s_three_lines_share_the_two_registers(pool):
    sc = _scenario(pool)
    char = sc.put(0, PLAIN, "stage", pos=0)
    back = sc.put(0, PLAIN, "waiting_room")
    clock = sc.put(0, FLARE, "clock")
    sc.put(0, SHARED, "hand")
    g = sc.game()
    kit.act(g, "Play event Shared")
    kit.answer_yes(g, True)
    assert kit.zone_of(g, back) == K.Zone.HAND
    assert kit.zone_of(g, clock) == K.Zone.WAITING_ROOM
    assert kit.power(g, char) == 4000


# ---------------------------------------------------------------------------- the database's misprints
def test_counter_mark_lost_cost_bracket_all_your_and_from_hand_normalised():
    assert normalise("COUNTER@ Draw 1 card.") == "[counter] draw 1 card ."
    a = _c("【ACT】 [【REST】 this card] This card gets +1000 power until end of turn.")
    b = _c("[ACT] [REST] this card] This card gets +1000 power until end of turn.")
    assert a.verdict == b.verdict == "exact" and a.abilities == b.abilities
    c = _c("【ACT】 [REST two of your characters] This card gets +1000 power until end of turn.")
    assert c.verdict == "exact" and c.abilities[0]["cost"]["rest_other"] == 2
    assert _c("【CONT】 All your other 《Glass》 characters get +500 power.").abilities == \
        _c("【CONT】 All of your other 《Glass》 characters get +500 power.").abilities
    r = _c("【ACT】 COUNTER@ Backup 1500, Level 1 [(1) Put this card from your hand into your waiting room]")
    assert r.verdict == "exact" and r.fields["backup"]["power"] == 1500


# ---------------------------------------------------------------------------- "cannot direct attack" (CR 7.2.1.4.1)
@pytest.mark.parametrize("card, ok", [(NODIRECT, False), (PLAIN, True)])
def test_cr_7_2_1_4_1_a_character_that_cannot_direct_attack(pool, card, ok):
    sc = _scenario(pool)
    sc.put(0, card, "stage", pos=0)
    g = sc.game()
    kit.act(g, "End the main phase")
    if any(t.startswith("Play no climax") for t in kit.labels(g)):
        kit.act(g, "Play no climax")
    name = RECORDS[card]["name"]
    assert any(t.startswith(f"Direct attack with {name}") for t in kit.labels(g)) == ok, kit.labels(g)


# ---------------------------------------------------------------------------- "X is equal to your level" (CR 3.9)
@pytest.mark.parametrize("level", [0, 2])
def test_a_group_gets_500_per_card_in_your_level(pool, level):
    sc = _scenario(pool)
    sc.put(0, LEVELLER, "stage", pos=0)
    a = sc.put(0, PLAIN, "stage", pos=1)
    b = sc.put(0, GREEN, "stage", pos=2)  # <<Reed>>: not in the group
    for _ in range(level):
        sc.put(0, PLAIN, "level")
    g = sc.game()
    assert kit.power(g, a) == 3000 + 500 * level
    assert kit.power(g, b) == 3000


def test_middle_position_descriptions_and_a_counter_event_s_character_in_battle_compile():
    r = _c("【CONT】 Your other level 3 or higher character in the middle position of your center stage gets +1000 power.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == {"type": "character", "level_min": 3, "relation": "other",
                                                     "positions": ["center_middle"]}
    r = _c('【CONT】 Your other "Plain" in the middle position of your center stage gets +1000 power.')
    assert r.verdict == "exact" and r.abilities[0]["effect"][0]["filter"]["name"] == "Plain"
    # a counter event (CR 7.4.1.2.1): "your character in battle" is the defending one; without the icon it is not
    # known which (refused)
    r = _c("【COUNTER】 Choose 1 of your characters in battle, and that character gets +2000 power until end of turn.",
           type="event")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"]["relation"] == "defending"
    assert _c("Choose 1 of your characters in battle, and that character gets +2000 power until end of turn.",
              type="event").verdict == "unsupported"


def test_two_name_parts_and_other_wordings_compile():
    r = _c('【CONT】 If you have a character with "Aa" in its card name and a character with "Bb" in its card name, '
           'this card gets +1000 power.')
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"]["kind"] == "all_of"
    assert [p["filter"]["name_contains"] for p in r.abilities[0]["condition"]["parts"]] == [["Aa"], ["Bb"]]
    r = _c('【CONT】 If this card is in the stage, this card\'s card name is also regarded as "Other Name".')
    assert r.verdict == "exact" and r.fields == {"also_named_on_stage": "Other Name"}
    r = _c('【CONT】 All of your other cards named "Aa" and "Bb" get +1000 power.')
    assert r.verdict == "exact" and [o["filter"]["name"] for o in r.abilities[0]["effect"]] == ["Aa", "Bb"]
    r = _c("【ACT】 Brainstorm [(1) 【REST】 this card] Flip over the top 4 cards of your deck, and put them into your "
           "waiting room. For each climax card revealed among them, draw up to 1 card.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0] == {"op": "brainstorm", "count": 4}


def test_cr_8_6_2_1_a_character_s_play_restriction_counts_without_itself():
    # the card is in the hand when the condition is tested: "2 or more <<Glass>>" are 2 on the stage (on the stage a
    # <<Glass>> card counts itself: 1 other)
    r = _c("【CONT】 If you have 2 or more 《Glass》 characters, this card cannot be played from your hand.")
    assert r.abilities[0]["condition"] == {"kind": "trait_count_at_least", "trait": "Glass", "value": 2}
    r = _c("【CONT】 If you have 2 or more 《Glass》 characters, this card gets +1000 power.")
    assert r.abilities[0]["condition"]["value"] == 1
