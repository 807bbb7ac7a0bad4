"""Weiss Schwarz card text, session 17: made-up lines in the card language compiled, and on a small imported list what
the engine does with them: the top card of the opponent's stock ("If you do, ..."), a delayed "at the beginning of
your next encore step" about this card (CR 8.1.1.2 / 3.1.4), the cost alone putting this card into the memory before
"at the beginning of your next draw phase", and "during your climax phase, when ..." (CR 6.6)."""

from __future__ import annotations

import pytest

from tcg_env.engine.header import H_TURN
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, type="character", name="Tester"):
    return compile_line(line, {"type": type, "name": name, "traits": ["Glass"]})


(PLAIN, FLARE, THIEF, STOIC, SUB, RISER, BRUTE, SWAPPER, RAINBOW, PAINTER, GREEN, RED, BLUE, LONER, SEEKER,
 HIGH, SOULFUL, WATCHER) = range(18)
RECORDS = [
    _rec("T/S17-001", "Plain"),
    # a climax whose placement puts a character of the waiting room on the stage
    _rec("T/S17-002", "Flare", ["【AUTO】 When this card is placed on your climax area from your hand, choose 1 character "
                                "in your waiting room, and put it on any position of your stage as 【REST】."],
         type="Climax", trigger=("SOUL",)),
    # the top card of the opponent's stock, then "If you do"
    _rec("T/S17-003", "Thief", ["【AUTO】 When this card is placed on the stage from your hand, you may put the top card "
                                "of your opponent's stock into their waiting room. If you do, choose 1 card in your "
                                "opponent's waiting room and put it into their stock."]),
    # a delayed ability about this card at the beginning of the master's next encore step
    _rec("T/S17-004", "Stoic", ["【AUTO】 [(1)] During your opponent's turn, when this card becomes 【REVERSE】 in battle, "
                                "you may pay the cost. If you do, 【REST】 this card, and at the beginning of your next "
                                "encore step, put this card into your memory."], power="500"),
    # the cost alone puts this card into the memory (approximation delayed_from_memory)
    _rec("T/S17-005", "Sub", ["【AUTO】 [Put 1 card from your hand into your waiting room & Put this card into your "
                              "memory] When this card attacks, you may pay the cost. If you do, at the beginning of "
                              "your next draw phase, choose a card named \"Sub\" in your memory and put it on any "
                              "position of your stage."]),
    # "during your climax phase, when this card is placed on the stage by the effect of "X""
    _rec("T/S17-006", "Riser", ["【AUTO】 【CXCOMBO】 [Put 1 \"Flare\" from your climax area into your waiting room] During "
                                "your climax phase, when this card is placed on the stage from your waiting room by the "
                                "effect of \"Flare\", you may pay the cost. If you do, 【STAND】 this card, and this card "
                                "gets +1000 power until end of turn."]),
    _rec("T/S17-007", "Brute", power="6000"),
    # a card of the level and a card of the waiting room exchanged
    _rec("T/S17-008", "Swapper", ["【AUTO】 When this card is placed on the stage from your hand, you may choose 1 card in "
                                  "your level and 1 《Glass》 character in your waiting room, and exchange them."]),
    # the number of colors on the stage / in the waiting room (CR 2.4)
    _rec("T/S17-009", "Rainbow", ["【CONT】 If your characters on stage have 4 or more colors in total, this card gets "
                                  "+1500 power."]),
    _rec("T/S17-010", "Painter", ["【AUTO】 When this card is placed on the stage from your hand, if the total number of "
                                  "colors of the cards in your waiting room is 2 or more, this card gets +1500 power "
                                  "until end of turn."]),
    _rec("T/S17-011", "Green", color="GREEN"),
    _rec("T/S17-012", "Red", color="RED"),
    _rec("T/S17-013", "Blue", color="BLUE"),
    # a [CONT] restriction on the stand phase (CR 6.2.1.2)
    _rec("T/S17-014", "Loner", ["【CONT】 If you do not have another 《Glass》 character, this card cannot 【STAND】 during "
                                "your stand phase."], traits=("Sand",)),
    # X counted in the waiting room; the [CXCOMBO] icon of an [ACT] ability (CR 8.12.1: no meaning in the rules)
    _rec("T/S17-015", "Seeker", ["【ACT】 【CXCOMBO】 [【REST】 this card] Choose 1 level X or lower character in your "
                                 "waiting room, and return it to your hand. X is equal to the number of \"Flare\" in "
                                 "your waiting room."]),
    _rec("T/S17-016", "High", level="1", traits=("Sand",)),
    # +X power, X the chosen character's own soul
    _rec("T/S17-017", "Soulful", ["【AUTO】 When this card attacks, choose 1 of your other 《Glass》 characters, and that "
                                  "character gets +X power until end of turn. X is equal to that character's soul "
                                  "×1000."]),
    # two triggers: this card, or another character, placed from the hand
    _rec("T/S17-018", "Watcher", ["【AUTO】 When this card or your other 《Glass》 character is placed on the stage from "
                                  "your hand, this card gets +1000 power until end of turn."], traits=("Sand",)),
]  # fmt: skip
RECORDS += [_rec(f"T/S17-F{i:02d}", f"Filler {i}", traits=("Sand",)) for i in range(12)]
FILLER = 18


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws17", RECORDS)


def _scenario(pool, **kw):
    deck = kit.deck_of(len(RECORDS), FLARE)
    return Scenario.main_phase(pool, decks=(deck, deck), **kw)


_n, _labels, _act = kit.count, kit.labels, kit.act
_zone = kit.zone_of
_resolved = kit.resolved
_answer = kit.answer_yes


def _turn(g) -> int:
    return int(g.state[H_TURN])


def _pass_until(g, done, limit=150):
    """Take the declining choice (end a phase, skip the clock, no counter ...) until ``done(g)``."""
    for _ in range(limit):
        if done(g):
            return
        d = _labels(g)
        g.step(int(g.legal_actions()[d.index(next((x for x in d if x.startswith(
            ("End", "Pass", "Do not", "Don't", "No ", "Skip", "Decline"))), d[0]))]))
    raise AssertionError(f"not reached: {_labels(g)}")


# ---------------------------------------------------------------------------- the opponent's stock
def test_the_top_card_of_the_opponents_stock_compiles_to_a_move_that_reports_whether_it_was_done():
    r = _c(RECORDS[THIEF]["ability"][0])
    assert r.verdict == "exact", r.reason
    (may,) = r.abilities[0]["effect"]
    assert may["then"] == [{"op": "stock_top_to_wr", "count": 1, "who": "opponent"}, {"op": "if_done", "rows": 2},
                           {"op": "choose", "filter": {"zone": "waiting_room", "side": "opponent"}, "count": 1},
                           {"op": "to_stock"}]
    # "your opponent puts the bottom card ...": the same move (no choice in it)
    r = _c("【AUTO】 When this card becomes 【REVERSE】, if this card's battle opponent is cost 0 or lower, you may put "
           "that character into your opponent's stock. If you do, your opponent puts the bottom card of their stock "
           "into their waiting room.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][-1]["then"][-1] == {"op": "stock_bottom_to_wr", "count": 1, "who": "opponent"}
    # the event form of the opponent's stock renewed
    r = _c("Put all cards in your opponent's stock into your opponent's waiting room, and your opponent puts the same "
           "number of cards from the top of your opponent's deck into his or her stock.", type="event")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "stock_renew", "who": "opponent"}]


@pytest.mark.parametrize("stock", [0, 2])
def test_cr_1_3_3_the_top_card_of_the_opponents_stock_then_if_you_do(pool, stock):
    sc = _scenario(pool)
    sc.put(0, THIEF, "hand")
    cards = [sc.put(1, FILLER + k, "stock") for k in range(stock)]
    old = sc.put(1, PLAIN, "waiting_room")
    g = sc.game()
    wr1 = _n(g, "WR", 1)
    _act(g, "Play Thief")
    _answer(g, yes=True)
    if stock:
        top = cards[-1]  # the stock's top card is the one put there last
        assert _zone(g, cards[0]) == K.Zone.STOCK
        assert _zone(g, top) == K.Zone.WAITING_ROOM or _zone(g, top) == K.Zone.STOCK and _zone(g, old) == K.Zone.WAITING_ROOM
        # one card of the waiting room (the first choosable: the one just moved, or the other) back into the stock
        assert _n(g, "STOCK", 1) == stock and _n(g, "WR", 1) == wr1
    else:  # nothing moved: "If you do" is not done, no card of the waiting room goes into the stock
        assert _n(g, "STOCK", 1) == 0 and _zone(g, old) == K.Zone.WAITING_ROOM and _n(g, "WR", 1) == wr1


# ---------------------------------------------------------------------------- "at the beginning of your next encore step"
def test_the_next_encore_step_compiles_to_a_grant_until_the_end_of_the_opponents_next_turn():
    r = _c(RECORDS[STOIC]["ability"][0])
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["whose"] == "opponents" and ab["cost"] == {"stock": 1}
    assert ab["effect"] == [{"op": "target_self"}, {"op": "rest"}, {"op": "grant_ability", "duration": "next_opp_turn_end",
                            "ability": {"kind": "auto", "trigger": "begin_encore", "whose": "yours",
                                        "effect": [{"op": "target_self"}, {"op": "to_memory"}]}}]
    # outside the opponent's turn the grant would not reach exactly the next encore step; another effect than moving
    # this card: refused
    for line in ("【AUTO】 [(1)] When this card becomes 【REVERSE】 in battle, you may pay the cost. If you do, 【REST】 this "
                 "card, and at the beginning of your next encore step, put this card into your memory.",
                 "【AUTO】 [(1)] During your opponent's turn, when this card becomes 【REVERSE】 in battle, you may pay the "
                 "cost. If you do, 【REST】 this card, and at the beginning of your next encore step, draw 1 card.",
                 "【ACT】 [(1)] 【REST】 this card, and at the beginning of your next encore step, put this card into your "
                 "memory."):
        assert _c(line).verdict == "unsupported"


@pytest.mark.parametrize("pay", [True, False])
def test_cr_8_1_1_2_the_delayed_move_happens_at_the_masters_next_encore_step(pool, pay):
    sc = _scenario(pool, turn_player=1)
    me = sc.put(0, STOIC, "stage", pos=1)
    sc.put(0, FILLER, "stock")
    sc.put(1, BRUTE, "stage", pos=1)  # faces Stoic (CR 3.6.5) and reverses it in the battle
    g = sc.game()
    t = _turn(g)
    _pass_until(g, lambda x: any(d.startswith("Frontal attack") for d in _labels(x)))
    _act(g, "Frontal attack")
    _pass_until(g, lambda x: any(d.startswith("Use Stoic") for d in _labels(x)))
    if pay:
        _act(g, "Use Stoic")  # the stock pays (1); [REST]: no longer [REVERSE]
        assert int(g.state[S.STOCK_N]) == 0
    # the opponent's encore step: a [REST] character stays (CR 7.7), and the delayed move waits for the master's
    _pass_until(g, lambda x: _turn(x) == t + 1 and int(x.state[S.PHASE]) == K.Phase.MAIN)
    if not pay:  # [REVERSE]: to the waiting room at the opponent's encore step (no Encore taken)
        assert _zone(g, me) == K.Zone.WAITING_ROOM
        return
    assert _zone(g, me) == K.Zone.STAGE
    assert int(g.state[S.KWMOD_LONG + me * S.CARD_W]) >> K.GRANT_BIT0 != 0
    _pass_until(g, lambda x: int(x.state[S.PHASE]) == K.Phase.ATTACK)
    assert _zone(g, me) == K.Zone.STAGE  # not at another phase's beginning
    _act(g, "End the attack phase")  # the encore step and the end phase ask nothing: the opponent's turn comes
    assert _zone(g, me) == K.Zone.MEMORY and _turn(g) == t + 2  # moved at the master's encore step


# ---------------------------------------------------------------------------- the cost alone puts this card into the memory
def test_the_next_draw_phase_after_a_cost_putting_this_card_into_the_memory():
    r = _c(RECORDS[SUB]["ability"][0], name="Sub")
    assert r.verdict == "exact", r.reason  # session 34: the mark (before: approximation delayed_from_memory)
    now, later = r.abilities
    assert now["cost"] == {"discard": 1, "self_to_memory": True} and now["optional"]
    assert now["effect"] == [{"op": "memory_mark"}]  # the program after the cost marks this card in the memory
    assert later["zone"] == "memory" and later["trigger"] == "begin_draw"


@pytest.mark.parametrize("yes", [True, False])
def test_cr_8_4_an_auto_ability_that_is_its_cost_alone(pool, yes):
    sc = _scenario(pool)
    me = sc.put(0, SUB, "stage", pos=1)
    sc.put(0, FILLER, "hand")
    sc.put(1, PLAIN, "stage", pos=1)
    g = sc.game()
    hand, wr = _n(g, "HAND", 0), _n(g, "WR", 0)
    _pass_until(g, lambda x: any(d.startswith("Frontal attack") for d in _labels(x)))
    _act(g, "Frontal attack")
    _pass_until(g, lambda x: any(d.startswith("Use Sub") for d in _labels(x)))
    if yes:
        _act(g, "Use Sub")
        _act(g, "Pay with Filler 0")  # the hand card of the cost (CR 8.4), then this card into the memory
        _answer(g, yes=True)
        assert _zone(g, me) == K.Zone.MEMORY and _n(g, "HAND", 0) == hand - 1 and _n(g, "WR", 0) == wr + 1
    else:
        _answer(g, yes=False)
        assert _zone(g, me) == K.Zone.STAGE and _n(g, "HAND", 0) == hand


# ---------------------------------------------------------------------------- "during your climax phase, when ..." (CR 6.6)
def test_during_your_climax_phase_compiles_to_a_condition():
    r = _c(RECORDS[RISER]["ability"][0])
    assert r.verdict == "approximate" and r.approximations == ("placed_by_any_effect",), r.reason
    (ab,) = r.abilities
    assert ab["trigger"] == "placed_self" and ab["condition"] == {"kind": "your_climax_phase"}
    r = _c("【AUTO】 During your climax phase, when this card is placed on the stage, draw 1 card.")
    assert r.verdict == "exact" and r.abilities[0]["condition"] == {"kind": "your_climax_phase"}
    # "by the effect of "X"" needs the climax phase (else it would trigger on a play from the hand)
    assert _c("【AUTO】 When this card is placed on the stage by the effect of \"Flare\", draw 1 card.").verdict == \
        "unsupported"


def test_cr_6_6_placed_by_the_climaxs_effect_during_the_climax_phase(pool):
    sc = _scenario(pool)
    me = sc.put(0, RISER, "waiting_room")
    sc.put(0, FLARE, "hand")
    sc.put(0, FILLER, "clock")  # a yellow card for the climax's colour (CR 6.6.1.1)
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Play climax Flare")
    for _ in range(40):  # Flare's ability: Riser onto the stage as [REST]; then Riser's: pay the cost (Flare)
        if _resolved(g):
            break
        d = _labels(g)
        g.step(int(g.legal_actions()[d.index(next((x for x in d if x.startswith(("Use Riser", "Yes", "Pay"))), d[0]))]))
    assert _zone(g, me) == K.Zone.STAGE
    assert int(g.state[S.ORIENT + me * S.CARD_W]) == K.Orientation.STAND  # [STAND] this card
    assert kit.power(g, me) == 3000 + 1000
    assert _n(g, "CX", 0) == 0  # the cost: Flare from the climax area into the waiting room


def test_cr_6_6_not_placed_during_the_climax_phase(pool):
    sc = _scenario(pool)
    me = sc.put(0, RISER, "hand")
    sc.put(0, FLARE, "climax_area")  # the named climax is there, but the main phase is not the climax phase
    g = sc.game()
    _act(g, "Play Riser")
    assert _resolved(g) and _zone(g, me) == K.Zone.STAGE
    assert kit.power(g, me) == 3000 and _n(g, "CX", 0) == 1


# ---------------------------------------------------------------------------- "... and exchange them"
def test_exchange_compiles_to_two_choices_and_the_exchange():
    r = _c(RECORDS[SWAPPER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (may,) = r.abilities[0]["effect"]
    assert may["then"] == [{"op": "choose", "filter": {"zone": "level"}, "count": 1},
                           {"op": "choose", "filter": {"type": "character", "trait": "Glass", "zone": "waiting_room"},
                            "count": 1, "reg": 1},
                           {"op": "exchange", "other": 1}]
    # two cards of one zone, up to, or the opponent's: refused
    for line in ("【ACT】 [【REST】 this card] Choose 1 card in your waiting room and 1 card in your waiting room, and "
                 "exchange them.",
                 "【ACT】 [【REST】 this card] Choose up to 1 card in your level and 1 card in your waiting room, and "
                 "exchange them.",
                 "【ACT】 [【REST】 this card] Choose 1 card in your level and 1 card in your opponent's waiting room, and "
                 "exchange them."):
        assert _c(line).verdict == "unsupported", line


@pytest.mark.parametrize("glass", [True, False])
def test_a_level_card_and_a_waiting_room_card_exchanged(pool, glass):
    sc = _scenario(pool)
    sc.put(0, SWAPPER, "hand")
    lv = sc.put(0, FILLER, "level")  # a Sand character
    wr = sc.put(0, PLAIN if glass else FILLER + 1, "waiting_room")  # a Glass character, or none
    g = sc.game()
    _act(g, "Play Swapper")
    _answer(g, yes=True)
    if glass:
        assert _zone(g, lv) == K.Zone.WAITING_ROOM and _zone(g, wr) == K.Zone.LEVEL
    else:  # no Glass character to choose: nothing is exchanged (CR 10.11.3 as for Shift)
        assert _zone(g, lv) == K.Zone.LEVEL and _zone(g, wr) == K.Zone.WAITING_ROOM
    assert _n(g, "LEVEL", 0) == 1


# ---------------------------------------------------------------------------- the number of colors (CR 2.4)
def test_the_number_of_colors_compiles_to_conditions():
    r = _c(RECORDS[RAINBOW]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "stage_colors_at_least", "value": 4}
    r = _c(RECORDS[PAINTER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "wr_colors_at_least", "value": 2}
    r = _c("【CONT】 If the number of colors of your characters on stage is four or more, this card gets +1500 power.")
    assert r.verdict == "exact" and r.abilities[0]["condition"] == {"kind": "stage_colors_at_least", "value": 4}


@pytest.mark.parametrize("colors", [3, 4])
def test_cr_2_4_the_colors_of_your_characters_on_stage(pool, colors):
    sc = _scenario(pool)
    me = sc.put(0, RAINBOW, "stage", pos=1)  # yellow
    for pos, card in zip((0, 2, 3), (GREEN, RED, BLUE)[:colors - 1]):
        sc.put(0, card, "stage", pos=pos)
    sc.put(0, PLAIN, "stage", pos=4)  # a second yellow one: a color counts once
    sc.put(1, BLUE, "stage", pos=0)  # the opponent's colors do not count
    g = sc.game()
    assert kit.power(g, me) == 3000 + 1500 * (colors >= 4)


@pytest.mark.parametrize("colors", [1, 2])
def test_cr_2_4_the_colors_of_the_cards_in_your_waiting_room(pool, colors):
    sc = _scenario(pool)
    sc.put(0, PAINTER, "hand")
    sc.put(0, PLAIN, "waiting_room")
    sc.put(0, FILLER, "waiting_room")  # yellow as well
    if colors == 2:
        sc.put(0, RED, "waiting_room")
    g = sc.game()
    _act(g, "Play Painter")
    _answer(g, yes=True)
    me = int(g.state[S.STAGE + 0]) if int(g.state[S.STAGE + 0]) >= 0 else int(g.state[S.STAGE + 1])
    assert kit.power(g, me) == 3000 + 1500 * (colors >= 2)


# ---------------------------------------------------------------------------- "cannot [STAND] during your stand phase"
def test_cannot_stand_during_your_stand_phase_compiles_to_a_cont_restriction():
    r = _c(RECORDS[LONER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["condition"] == {"kind": "own_filter_at_most", "value": 0,
                               "filter": {"type": "character", "trait": "Glass", "relation": "other"}}
    assert ab["effect"] == [{"op": "aura_restrict", "restrictions": ["cant_stand_phase"],
                             "filter": {"type": "character", "relation": "self"}}]
    # an effect's, or under a condition the turn's change changes: refused
    for line in ("【ACT】 [(1)] Choose 1 of your opponent's characters, and that character cannot 【STAND】 during your "
                 "stand phase until end of turn.",
                 "【CONT】 During your opponent's turn, this card cannot 【STAND】 during your stand phase."):
        assert _c(line).verdict == "unsupported", line


@pytest.mark.parametrize("friend", [True, False])
def test_cr_6_2_1_2_a_character_that_cannot_stand_in_the_stand_phase(pool, friend):
    sc = _scenario(pool, turn_player=1)
    me = sc.put(0, LONER, "stage", pos=1, orient=K.Orientation.REST)
    other = sc.put(0, PLAIN if friend else FILLER, "stage", pos=0, orient=K.Orientation.REST)  # Glass, or Sand
    sc.flow("end")  # the opponent's turn ends; the master's begins with its stand phase
    g = sc.game()
    _pass_until(g, lambda x: _turn(x) > 3 and int(x.state[S.TURN_PLAYER]) == 0)
    assert int(g.state[S.ORIENT + other * S.CARD_W]) == K.Orientation.STAND
    assert int(g.state[S.ORIENT + me * S.CARD_W]) == (K.Orientation.STAND if friend else K.Orientation.REST)


# ---------------------------------------------------------------------------- X counted in the waiting room
def test_x_counted_in_a_zone_compiles_to_a_count_before_its_use():
    r = _c(RECORDS[SEEKER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [
        {"op": "count", "filter": {"name": "Flare", "zone": "waiting_room"}},
        {"op": "choose", "filter": {"type": "character", "level_max_x": True, "level_max": 0, "zone": "waiting_room"},
         "count": 1},
        {"op": "to_hand"}]
    r = _c("【AUTO】 When this card attacks, this card gets +X power until end of turn. X is equal to the number of "
           "climax in your waiting room ×1000.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "target_self"},
                                        {"op": "count", "filter": {"type": "climax", "zone": "waiting_room"}},
                                        {"op": "power_x", "amount": 1000}]


@pytest.mark.parametrize("flares", [0, 1])
def test_level_x_or_lower_with_x_the_named_cards_in_the_waiting_room(pool, flares):
    sc = _scenario(pool)
    sc.put(0, SEEKER, "stage", pos=1)
    high = sc.put(0, HIGH, "waiting_room")  # level 1: choosable only when X >= 1
    for _ in range(flares):
        sc.put(0, FLARE, "waiting_room")
    g = sc.game()
    _act(g, "Use ability 0 of Seeker")
    _answer(g, yes=True)
    assert _zone(g, high) == (K.Zone.HAND if flares else K.Zone.WAITING_ROOM)


# ---------------------------------------------------------------------------- X: the chosen character's soul
def test_x_the_chosen_characters_soul_compiles_to_power_x_per_soul():
    r = _c(RECORDS[SOULFUL]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][-1] == {"op": "power_x", "amount": 1000, "per": "soul"}
    # "this card gets +X power, X is equal to that character's soul": not the chosen one's; refused
    assert _c("【AUTO】 When this card attacks, this card gets +X power until end of turn. X is equal to that "
              "character's soul ×1000.").verdict == "unsupported"


def test_plus_x_power_from_the_chosen_characters_own_soul(pool):
    sc = _scenario(pool)
    me = sc.put(0, SOULFUL, "stage", pos=1)
    friend = sc.put(0, PLAIN, "stage", pos=0)  # soul 1
    g = sc.game()
    _pass_until(g, lambda x: any(d.startswith("Direct attack") for d in _labels(x)))
    _act(g, "Direct attack with Soulful")
    _answer(g, yes=True)
    assert kit.power(g, friend) == 3000 + 1000 * int(g.state[S.D_SOUL + friend * S.CARD_W])
    assert kit.power(g, friend) == 4000 and kit.power(g, me) == 3000


# ---------------------------------------------------------------------------- two triggers, other zones
def test_placed_from_the_hand_or_another_zone_compiles():
    r = _c("【AUTO】 When this card is placed on the stage from your hand or memory, this card gets +4500 power until end "
           "of turn.")
    assert r.verdict == "approximate" and r.approximations == ("placed_any_way",), r.reason
    assert r.abilities[0]["trigger"] == "placed_self"
    r = _c("【AUTO】 When this card is placed on the stage from your hand or when this card attacks, this card gets +500 "
           "power until end of turn.")
    assert r.verdict == "exact" and [a["trigger"] for a in r.abilities] == ["played_self", "attacks_self"]
    r = _c(RECORDS[WATCHER]["ability"][0])
    assert r.verdict == "exact", r.reason  # since session 22: Trigger.OTHER_PLAYED
    assert [a["trigger"] for a in r.abilities] == ["played_self", "other_played"]


@pytest.mark.parametrize("who", ["self", "glass", "sand"])
def test_this_card_or_your_other_character_placed_from_the_hand(pool, who):
    sc = _scenario(pool)
    if who == "self":
        sc.put(0, WATCHER, "hand")
    else:
        sc.put(0, WATCHER, "stage", pos=1)
        sc.put(0, PLAIN if who == "glass" else FILLER, "hand")
    g = sc.game()
    _act(g, "Play " + ("Watcher" if who == "self" else "Plain" if who == "glass" else "Filler 0") + " to center left")
    _answer(g, yes=True)
    me = next(int(g.state[S.STAGE + p]) for p in range(2) if int(g.state[S.STAGE + p]) >= 0
              and int(g.state[S.CARD + int(g.state[S.STAGE + p]) * S.CARD_W]) == WATCHER)
    assert kit.power(g, me) == 3000 + 1000 * (who != "sand")
