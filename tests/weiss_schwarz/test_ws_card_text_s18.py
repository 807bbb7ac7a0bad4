"""Weiss Schwarz card text, session 18 (branch s18-ws): made-up lines in the card language compiled, and on a
small imported list what the engine does with them: clauses many printed sentences share (an event's several
lines, markers underneath a card, ...)."""

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


(PLAIN, FLARE, WOOD, BARE, FEW, MEMO, GREEN, LEAFY, PEEK, SINK, SEEKER, NAMER, TRIO, RAINBOW, GREY) = range(15)
RECORDS = [
    _rec("T/S18-001", "Plain"),
    _rec("T/S18-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S18-003", "Wood", [], traits=("Wood",)),
    # markers underneath this card (CR 3.5.3): none, N or less
    _rec("T/S18-004", "Bare", ["【CONT】 If there are no markers underneath this card, this card gets +1000 power."]),
    _rec("T/S18-005", "Few", ["【CONT】 If there are 1 or less markers underneath this card, this card gets +1000 "
                              "power."]),
    # an event printed over two lines, each choosing its own cards (CR 6.5.1.2.2)
    _rec("T/S18-006", "Memo", ["Choose 1 of your characters, and that character gets +2000 power until end of turn.",
                               "Put this card into your memory."], type="Event"),
    _rec("T/S18-007", "Green", [], color="GREEN"),
    # OR across a filter's fields: a colour or a trait or another trait
    _rec("T/S18-008", "Leafy", ["【CONT】 All of your other green or 《Wood》 or 《Sand》 characters get +500 power."],
         color="RED", traits=("Wood",)),
    # the top of the opponent's deck (CR 3.2.3)
    _rec("T/S18-009", "Peek", ["【ACT】 [【REST】 this card] Look at up to 2 cards from the top of your opponent's deck, "
                               "choose up to 2 cards from among them, put them on the top of their deck in any order, "
                               "and put the rest into their waiting room."]),
    _rec("T/S18-010", "Sink", ["【ACT】 [【REST】 this card] Look at the top card of your opponent's deck, and put it on "
                               "the top or at the bottom of their deck."]),
    # a search putting the card found on the stage (CR 3.2.4)
    _rec("T/S18-011", "Seeker", ["【ACT】 [【REST】 this card] Search your deck for up to 1 level 0 or lower 《Wood》 "
                                 "character, put it in any position of your stage as 【REST】, and shuffle your deck."]),
    # OR across a name and a trait
    _rec("T/S18-012", "Namer", ["【CONT】 All of your other \"Green\" or 《Wood》 characters get +500 power."]),
    # three conditions
    _rec("T/S18-013", "Trio", ["【ACT】 [【REST】 this card] If this card is in your center stage, there are no markers "
                               "underneath this card, and your hand has 3 or less cards, draw 1 card."]),
    # the colour requirement waived by a line printed without its [CONT] mark (CR 8.6.2.1.1)
    _rec("T/S18-014", "Rainbow", ["This card can be played from your hand without fulfilling color requirements.",
                                  "Draw 1 card."], type="Event", level="1", color="BLUE"),
    _rec("T/S18-015", "Grey", ["Draw 1 card."], type="Event", level="1", color="BLUE"),
]  # fmt: skip
RECORDS += [_rec(f"T/S18-F{i:02d}", f"Filler {i}", traits=("Sand",)) for i in range(12)]
FILLER = len(RECORDS) - 12


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws18", RECORDS)


def _scenario(pool, **kw):
    deck = kit.deck_of(len(RECORDS), FLARE, extra=(WOOD, WOOD, PLAIN, PLAIN))
    return Scenario.main_phase(pool, decks=(deck, deck), **kw)


_n, _labels, _act = kit.count, kit.labels, kit.act
_zone = kit.zone_of
_resolved = kit.resolved
_answer = kit.answer_picks


_marker = kit.put_marker  # a marker underneath a character (CR 3.5.3)


# ---------------------------------------------------------------------------- markers (CR 3.5.3)
def test_no_markers_underneath_this_card_compiles_to_markers_at_most():
    r = _c(RECORDS[BARE]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "markers_at_most", "value": 0}
    r = _c(RECORDS[FEW]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "markers_at_most", "value": 1}


@pytest.mark.parametrize("markers", [0, 1, 2])
def test_cr_3_5_3_markers_underneath_this_card_at_most(pool, markers):
    sc = _scenario(pool)
    bare = sc.put(0, BARE, "stage", pos=0)
    few = sc.put(0, FEW, "stage", pos=1)
    for k in range(markers):
        _marker(sc, FILLER + 2 * k, 0)
        _marker(sc, FILLER + 2 * k + 1, 1)
    _marker(sc, FILLER + 5, 2)  # under another position: not this card's
    _marker(sc, FILLER + 6, 0, player=1)  # the opponent's marker at the same position: not this card's
    g = sc.game()
    assert kit.power(g, bare) == 3000 + 1000 * (markers == 0)
    assert kit.power(g, few) == 3000 + 1000 * (markers <= 1)


# ---------------------------------------------------------------------------- an event's lines (CR 6.5.1.2.2)
def test_an_events_second_line_takes_the_next_target_register(tmp_path):
    from tcg_env.games.weiss_schwarz.importer import import_ws_json
    import json

    p = tmp_path / "list.json"
    p.write_text(json.dumps(RECORDS))
    res = import_ws_json(p)
    (memo,) = [c for c in res.cards if c.name == "Memo"]
    (ev,) = memo.abilities
    assert [(op.op, getattr(op, "reg", None)) for op in ev.effect] == [
        ("choose", 0), ("power", 0), ("target_self", 1), ("to_memory", 1)]


def test_cr_6_5_1_2_2_an_event_over_two_lines_performs_both(pool):
    sc = _scenario(pool)
    plain = sc.put(0, PLAIN, "stage", pos=0)
    ev = sc.put(0, MEMO, "hand")
    g = sc.game()
    _act(g, "Play event Memo")
    _answer(g, [])
    assert kit.power(g, plain) == 5000
    assert _zone(g, ev) == K.Zone.MEMORY and _n(g, "MEMORY", 0) == 1


# ---------------------------------------------------------------------------- OR across a filter's fields
def test_a_colour_or_traits_compiles_to_one_filter_of_alternatives():
    r = _c(RECORDS[LEAFY]["ability"][0])
    assert r.verdict == "exact", r.reason
    (op,) = r.abilities[0]["effect"]
    assert op["filter"] == {"type": "character", "color": ["green"], "color_or_trait": True, "trait": "Wood",
                            "trait_or": "Sand", "relation": "other"}  # fmt: skip
    r = _c("【AUTO】 When this card attacks, choose 1 green or 《Wood》 character in your waiting room, and return it to "
           "your hand.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"]["color_or_trait"] is True
    # two colour qualities in one description: refused
    assert _c("【CONT】 All of your other red green or 《Wood》 characters get +500 power.").verdict == "unsupported"


def test_a_character_of_the_colour_or_with_one_of_the_traits_matches(pool):
    sc = _scenario(pool)
    leafy = sc.put(0, LEAFY, "stage", pos=0)  # red, <<Wood>>: "other" - not itself
    green = sc.put(0, GREEN, "stage", pos=1)  # green, <<Glass>>: the colour
    wood = sc.put(0, WOOD, "stage", pos=2)  # yellow, <<Wood>>: the first trait
    sand = sc.put(0, FILLER, "stage", pos=3)  # yellow, <<Sand>>: the second trait
    plain = sc.put(0, PLAIN, "stage", pos=4)  # yellow, <<Glass>>: none of them
    opp = sc.put(1, GREEN, "stage", pos=1)  # the opponent's: not yours
    g = sc.game()
    assert [kit.power(g, x) for x in (leafy, green, wood, sand, plain, opp)] == [3000, 3500, 3500, 3500, 3000, 3000]


# ---------------------------------------------------------------------------- the opponent's deck (CR 3.2.3)
def test_looking_at_the_top_of_the_opponents_deck_compiles_to_look_top_of_the_opponent():
    r = _c(RECORDS[PEEK]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "look_top", "count": 2, "take": 2, "up_to": True, "rest": "waiting_room",
                                         "to": "deck_top", "who": "opponent"}]  # fmt: skip
    r = _c(RECORDS[SINK]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "look_top", "count": 1, "take": 1, "to": "deck_bottom", "who": "opponent"}]
    # the rest back on top "in any order": the order is kept (look_order_kept)
    r = _c("【AUTO】 When this card attacks, look at up to 2 cards from the top of your opponent's deck, choose up to 1 "
           "card from among them, put it at the bottom of their deck, and put the rest on top of their deck in any order.")
    assert r.verdict == "approximate" and r.approximations == ("look_order_kept",)
    # "in the original order": a look that moves nothing (own deck and the opponent's)
    for deck, their in (("your", "your"), ("your opponent's", "their")):
        r = _c(f"【AUTO】 When this card attacks, look at up to 2 cards from the top of {deck} deck, and put them on the "
               f"top of {their} deck in the original order.")
        assert r.verdict == "exact", r.reason
        assert r.abilities[0]["effect"][0]["take"] == 0
    # the top card of the opponent's deck looked at, then something else done with it: refused
    assert _c("【AUTO】 When this card attacks, look at the top card of your opponent's deck, and put it into your "
              "hand.").verdict == "unsupported"


def _deck(g, p) -> list[int]:
    n = _n(g, "DECK", p)
    return [int(g.state[S.DECK_L + p * K.MAX_DECK + n - 1 - i]) for i in range(n)]  # top first


def test_cr_3_2_3_the_cards_of_the_opponents_deck_taken_go_back_on_top_the_rest_to_their_waiting_room(pool):
    sc = _scenario(pool)
    sc.put(0, PEEK, "stage", pos=0)
    sc.stack_deck(1, [WOOD, PLAIN, GREEN])
    g = sc.game()
    wood, plain, green = _deck(g, 1)[:3]
    my_deck, my_wr = _deck(g, 0), _n(g, "WR", 0)
    _act(g, "Use ability 0 of Peek")
    assert kit.look_all(g) == 2  # the master looks at up to 2 cards, one at a time (CR 3.2.3.1)
    _act(g, "Choose Plain")
    _answer(g, ["Pass", "Stop", "Done"])  # Wood is not taken
    assert _deck(g, 1)[:2] == [plain, green]  # Plain back on top; Green was not looked at
    assert _zone(g, wood) == K.Zone.WAITING_ROOM and _n(g, "WR", 1) == 1  # into its owner's waiting room
    assert _deck(g, 0) == my_deck and _n(g, "WR", 0) == my_wr  # the master's own deck is untouched


@pytest.mark.parametrize("bottom", [True, False])
def test_cr_3_2_3_the_top_card_of_the_opponents_deck_on_the_top_or_at_the_bottom(pool, bottom):
    sc = _scenario(pool)
    sc.put(0, SINK, "stage", pos=0)
    sc.stack_deck(1, [WOOD, PLAIN])
    g = sc.game()
    wood, plain = _deck(g, 1)[:2]
    n = _n(g, "DECK", 1)
    _act(g, "Use ability 0 of Sink")
    _answer(g, ["Choose Wood" if bottom else "Pass"])
    assert _n(g, "DECK", 1) == n
    if bottom:
        assert _deck(g, 1)[0] == plain and _deck(g, 1)[-1] == wood
    else:
        assert _deck(g, 1)[:2] == [wood, plain]


# ---------------------------------------------------------------------------- a search onto the stage (CR 3.2.4)
def test_a_search_putting_the_card_on_the_stage_compiles_to_search_keep_and_to_stage():
    r = _c(RECORDS[SEEKER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [
        {"op": "search", "filter": {"type": "character", "level_max": 0, "trait": "Wood", "zone": "deck"}, "count": 1,
         "keep": True},
        {"op": "to_stage", "any_position": True, "orientation": "rest"}, {"op": "shuffle_deck"}]  # fmt: skip
    # "that character gets ..." after it: the card found
    r = _c("【AUTO】 When this card attacks, search your deck for up to 1 《Wood》 character, put it in any position of "
           "your stage, shuffle your deck, and that character gets +1000 power until end of turn.")
    assert r.verdict == "exact", r.reason
    assert [o["op"] for o in r.abilities[0]["effect"]] == ["search", "to_stage", "shuffle_deck", "power"]
    # more than one card, or a card that is no character: refused
    assert _c("【AUTO】 When this card attacks, search your deck for up to 2 《Wood》 characters, put them in any position "
              "of your stage, and shuffle your deck.").verdict == "unsupported"
    assert _c("【AUTO】 When this card attacks, search your deck for up to 1 climax, put it in any position of your "
              "stage, and shuffle your deck.").verdict == "unsupported"


def test_cr_3_2_4_the_card_found_is_put_on_the_chosen_position_and_the_deck_shuffled(pool):
    sc = _scenario(pool)
    sc.put(0, SEEKER, "stage", pos=0)
    g = sc.game()
    woods = [sl for sl in _deck(g, 0) if int(g.state[S.CARD + sl * S.CARD_W]) == WOOD]
    n, hand = _n(g, "DECK", 0), _n(g, "HAND", 0)
    _act(g, "Use ability 0 of Seeker")
    assert any(t.startswith("Choose Wood") for t in _labels(g)) and not any(t.startswith("Choose Plain")
                                                                          for t in _labels(g))  # fmt: skip
    _act(g, "Choose Wood")
    labels = _labels(g)
    _answer(g, [x for x in labels if "back" in x.lower()][:1])
    on_stage = [sl for sl in woods if _zone(g, sl) == K.Zone.STAGE]
    assert len(on_stage) == 1 and _n(g, "DECK", 0) == n - 1 and _n(g, "HAND", 0) == hand
    assert int(g.state[S.ORIENT + on_stage[0] * S.CARD_W]) == K.Orientation.REST


def test_a_name_or_a_trait_compiles_to_one_filter_of_alternatives():
    r = _c(RECORDS[NAMER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == {"name": "Green", "trait": "Wood", "name_or_trait": True,
                                                     "relation": "other"}  # fmt: skip
    r = _c("【AUTO】 When this card attacks, choose 1 \"Plain\" or 《Wood》 character in your waiting room, and return it "
           "to your hand.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"]["name_or_trait"] is True


def test_cr_2_5_1_the_card_named_or_a_character_with_the_trait_matches(pool):
    sc = _scenario(pool)
    namer = sc.put(0, NAMER, "stage", pos=0)
    green = sc.put(0, GREEN, "stage", pos=1)  # the name
    wood = sc.put(0, WOOD, "stage", pos=2)  # the trait
    plain = sc.put(0, PLAIN, "stage", pos=3)  # neither
    opp = sc.put(1, WOOD, "stage", pos=1)  # the opponent's: not yours
    g = sc.game()
    assert [kit.power(g, x) for x in (namer, green, wood, plain, opp)] == [3000, 3500, 3500, 3000, 3000]


# ---------------------------------------------------------------------------- three conditions
def test_three_conditions_compile_to_nested_ifs():
    r = _c(RECORDS[TRIO]["ability"][0])
    assert r.verdict == "exact", r.reason
    (a,) = r.abilities[0]["effect"]
    (b,) = a["then"]
    (c,) = b["then"]
    assert [x["condition"]["kind"] for x in (a, b, c)] == ["in_center_stage", "markers_at_most", "hand_at_most"]
    assert c["then"] == [{"op": "draw", "count": 1}]
    # on an [AUTO] ability the first is the ability's condition, the others are checked on resolution
    r = _c("【AUTO】 At the beginning of your encore step, if your level is 2 or higher, this card is in your center "
           "stage, and your hand has 6 or less cards, draw 1 card.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "level_at_least", "value": 2}


@pytest.mark.parametrize("pos, hand, draws", [(1, 3, True), (3, 3, False), (1, 4, False)])
def test_all_three_conditions_must_hold(pool, pos, hand, draws):
    sc = _scenario(pool)
    sc.put(0, TRIO, "stage", pos=pos)
    for k in range(hand):
        sc.put(0, FILLER + k, "hand")
    g = sc.game()
    n = _n(g, "HAND", 0)
    _act(g, "Use ability 0 of Trio")
    _answer(g, [])
    assert _n(g, "HAND", 0) == n + draws


# ---------------------------------------------------------------------------- colour requirements (CR 8.6.2.1.1)
def test_a_plain_line_waiving_the_colour_requirement_compiles_to_a_hand_ability():
    for typ in ("event", "character"):
        r = _c(RECORDS[RAINBOW]["ability"][0], type=typ)
        assert r.verdict == "exact", r.reason
        assert r.abilities[0]["zone"] == "hand"
        assert r.abilities[0]["effect"][0]["restrictions"] == ["no_color_requirement"]
    assert _c(RECORDS[RAINBOW]["ability"][0], type="climax").verdict == "unsupported"


def test_cr_8_6_2_1_1_an_event_without_colour_requirements_is_played_without_its_colour(pool):
    sc = _scenario(pool)
    sc.put(0, PLAIN, "level")  # level 1, yellow: no blue card in the level or the clock
    sc.put(0, RAINBOW, "hand")
    sc.put(0, GREY, "hand")
    g = sc.game()
    labels = _labels(g)
    assert "Play event Rainbow" in labels and "Play event Grey" not in labels
    hand = _n(g, "HAND", 0)
    _act(g, "Play event Rainbow")
    _answer(g, [])
    assert _n(g, "HAND", 0) == hand  # Rainbow left the hand, 1 card drawn
