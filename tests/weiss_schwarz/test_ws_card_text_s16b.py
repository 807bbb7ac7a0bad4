"""Weiss Schwarz card text, session 16 (second round): made-up lines in the card language compiled, and on a small
imported list what the engine does with them: the [AUTO] cost "[put the top card of your stock into your clock]"
(CR 8.4, paid on resolution: 8.7.3.1.1)."""

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


(PLAIN, FLARE, BANKER, BANKER2, SLEEPER, MINER, DIGGER) = range(7)
RECORDS = [
    _rec("T/S16B-001", "Plain"),
    _rec("T/S16B-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    # the top card of the stock into the clock as an [AUTO] ability's cost
    _rec("T/S16B-003", "Banker", ["【AUTO】 [Put the top card of your stock into your clock] When this card is placed on "
                                  "the stage from your hand, you may pay the cost. If you do, draw 2 cards."]),
    # with a stock cost before it (CR 8.4.2.1: paid in the order written)
    _rec("T/S16B-004", "Banker Two", ["【AUTO】 [(1) Put the top card of your stock into your clock] When this card is "
                                      "placed on the stage from your hand, you may pay the cost. If you do, this card "
                                      "gets +1500 power until end of turn."]),
    # a delayed ability created by putting this card into the memory (approximation delayed_from_memory)
    _rec("T/S16B-005", "Sleeper", ["【AUTO】 At the beginning of your climax phase, if this card is 【REST】, put this card "
                                   "into your memory. If you do, at the beginning of your next draw phase, choose 1 "
                                   "\"Sleeper\" in your memory, and put it in any position of your stage."]),
    # the bottom of the opponent's deck, and X counted among those cards
    _rec("T/S16B-006", "Miner", ["【AUTO】 When this card is placed on the stage from your hand, put the bottom 4 cards of "
                                 "your opponent's deck into their waiting room, and deal X damage to your opponent. X is "
                                 "equal to the number of climax among those cards."]),
    # the top of the opponent's deck, and a block run when a climax is among those cards
    _rec("T/S16B-007", "Digger", ["【AUTO】 When this card is placed on the stage from your hand, put the top 3 cards of "
                                  "your opponent's deck into their waiting room. If there is a climax among those cards, "
                                  "this card gets +1000 power until end of turn."]),
]  # fmt: skip
RECORDS += [_rec(f"T/S16B-F{i:02d}", f"Filler {i}", traits=("Sand",)) for i in range(12)]
FILLER = 7


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws16b", RECORDS)


def _scenario(pool, **kw):
    deck = kit.deck_of(len(RECORDS), FLARE)
    return Scenario.main_phase(pool, decks=(deck, deck), **kw)


_n, _labels, _act = kit.count, kit.labels, kit.act
_zone = kit.zone_of
_resolved = kit.resolved
_answer = kit.answer_yes


# ---------------------------------------------------------------------------- the stock's top card as a cost (CR 8.4)
def test_the_stock_to_clock_cost_compiles_to_a_program_that_checks_then_pays():
    r = _c(RECORDS[BANKER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert "cost" not in ab and not ab.get("optional")
    (stock_if,) = ab["effect"]
    assert stock_if["condition"] == {"kind": "stock_at_least", "value": 1}
    (may,) = stock_if["then"]
    assert may["op"] == "may" and [o["op"] for o in may["then"]] == ["stock_top_to_clock", "draw"]
    r = _c(RECORDS[BANKER2]["ability"][0])
    assert r.verdict == "exact", r.reason
    (stock_if,) = r.abilities[0]["effect"]
    assert stock_if["condition"] == {"kind": "stock_at_least", "value": 2}  # CR 8.4.2.2: all of it, or nothing
    assert [o["op"] for o in stock_if["then"][0]["then"]][:2] == ["pay_stock", "stock_top_to_clock"]
    # [ACT] abilities keep their costs in the cost columns (paid before they are played): refused there, and beside
    # another cost of an [AUTO] ability
    for line in ("【ACT】 [Put the top card of your stock into your clock & 【REST】 this card] Draw 1 card.",
                 "【AUTO】 [Put the top card of your stock into your clock & Put this card into your memory] When this "
                 "card is placed on the stage from your hand, you may pay the cost. If you do, draw 1 card."):
        assert _c(line).verdict == "unsupported"


@pytest.mark.parametrize("stock", [0, 1, 2])
def test_cr_8_4_the_top_card_of_the_stock_into_the_clock(pool, stock):
    sc = _scenario(pool)
    sc.put(0, BANKER, "hand")
    cards = [sc.put(0, FILLER + k, "stock") for k in range(stock)]
    g = sc.game()
    hand, clock = _n(g, "HAND", 0), _n(g, "CLOCK", 0)
    _act(g, "Play Banker")
    _answer(g, yes=True)
    paid = stock > 0  # CR 8.4.2.2: an empty stock pays nothing, and "if you do" is not done
    assert _n(g, "STOCK", 0) == stock - paid and _n(g, "CLOCK", 0) == clock + paid
    assert _n(g, "HAND", 0) == hand - 1 + 2 * paid
    if paid:
        top = cards[-1]  # the stock's top card is the one put there last
        assert _zone(g, top) == K.Zone.CLOCK and int(g.state[S.CLOCK_L + _n(g, "CLOCK", 0) - 1]) == top
        assert all(_zone(g, sl) == K.Zone.STOCK for sl in cards[:-1])
        assert _n(g, "WR", 0) == 0  # not a stock payment (CR 8.4.3): nothing goes to the waiting room


@pytest.mark.parametrize("stock,yes", [(1, True), (2, True), (2, False)])
def test_cr_8_4_2_1_a_stock_cost_then_the_stock_top_into_the_clock(pool, stock, yes):
    sc = _scenario(pool)
    me = sc.put(0, BANKER2, "hand")
    cards = [sc.put(0, FILLER + k, "stock") for k in range(stock)]
    g = sc.game()
    clock = _n(g, "CLOCK", 0)
    _act(g, "Play Banker Two")
    _answer(g, yes=yes)
    paid = yes and stock >= 2
    assert _n(g, "STOCK", 0) == stock - 2 * paid and _n(g, "CLOCK", 0) == clock + paid
    assert _n(g, "WR", 0) == int(paid)  # the (1): the stock's top card to the waiting room, the next into the clock
    if paid:
        assert _zone(g, cards[1]) == K.Zone.WAITING_ROOM and _zone(g, cards[0]) == K.Zone.CLOCK
    assert kit.power(g, me) == 3000 + 1500 * paid


# ---------------------------------------------------------------------------- "at the beginning of your next draw phase"
def test_the_next_draw_phase_compiles_to_an_ability_working_from_the_memory():
    r = _c(RECORDS[SLEEPER]["ability"][0].replace("Sleeper", "Tester"))
    # exact since session 34 (s34d): the move marks this card, and the delayed ability acts only on a marked card, once
    # (Op.MEMORY_MARK, Condition.MEMORY_MARKED; before: approximation delayed_from_memory)
    assert r.verdict == "exact", r.reason
    now, later = r.abilities
    assert now["trigger"] == "begin_climax" and now["condition"] == {"kind": "self_rested"}
    assert [o["op"] for o in now["effect"]] == ["target_self", "to_memory", "memory_mark"]
    assert later == {"kind": "auto", "trigger": "begin_draw", "whose": "yours", "zone": "memory",
                     "condition": {"kind": "memory_marked"},
                     "effect": [{"op": "memory_mark", "set": False},
                                {"op": "choose", "filter": {"name": "Tester", "zone": "memory"}, "count": 1},
                                {"op": "to_stage", "any_position": True}]}
    # another card's name, or another instruction before: refused (after a cost putting this card into the memory:
    # supported since session 17, test_ws_card_text_s17)
    for line in ("【AUTO】 When this card's battle opponent becomes 【REVERSE】, you may put this card into your memory. If "
                 "you do, at the beginning of your next draw phase, choose 1 \"Other\" in your memory, and put it in "
                 "any position of your stage.",
                 "【AUTO】 When this card's battle opponent becomes 【REVERSE】, you may draw 1 card. If you do, at the "
                 "beginning of your next draw phase, choose 1 \"Tester\" in your memory, and put it in any position "
                 "of your stage.",
                 "【AUTO】 [(1)] When this card becomes 【REVERSE】 in battle, you may pay the cost. If you do, at the "
                 "beginning of your next draw phase, choose 1 \"Tester\" in your memory, and put it in any position "
                 "of your stage."):
        assert _c(line).verdict == "unsupported"


@pytest.mark.parametrize("orient", [K.Orientation.REST, K.Orientation.STAND])
def test_cr_6_6_1_1_this_card_goes_to_the_memory_at_the_beginning_of_the_climax_phase(pool, orient):
    sc = _scenario(pool)
    me = sc.put(0, SLEEPER, "stage", pos=0, orient=orient)
    g = sc.game()
    _act(g, "End the main phase")
    _answer(g, yes=True)
    rested = orient == K.Orientation.REST
    assert _zone(g, me) == (K.Zone.MEMORY if rested else K.Zone.STAGE)


@pytest.mark.parametrize("where", ["marked", "memory", "waiting_room"])
def test_cr_6_3_1_1_at_the_beginning_of_the_next_draw_phase_it_comes_back_from_the_memory(pool, where):
    # "marked": put into the memory by its own ability (state.MEMORY_MARK, session 34); "memory": put there another
    # way, which creates no delayed ability (CR 8.7.5): it stays
    sc = _scenario(pool, turn_player=1)
    me = sc.put(0, SLEEPER, "memory" if where == "marked" else where)
    if where == "marked":
        sc.row[S.MEMORY_MARK + me // S.MARK_BITS] |= 1 << (me % S.MARK_BITS)  # player 0's slots 0..MAX_DECK - 1
    sc.flow("end")  # the opponent's turn ends; this card's master's turn begins (CR 6.2, 6.3)
    g = sc.game()
    for _ in range(40):  # to this card's master's main phase (the position chosen first)
        if int(g.state[S.PHASE]) == K.Phase.MAIN and int(g.state[S.TURN_PLAYER]) == 0 and _resolved(g):
            break
        g.step(int(g.legal_actions()[0]))
    assert int(g.state[S.TURN_PLAYER]) == 0
    assert _zone(g, me) == {"marked": K.Zone.STAGE, "memory": K.Zone.MEMORY, "waiting_room": K.Zone.WAITING_ROOM}[where]


# ---------------------------------------------------------------------------- the opponent's deck, its bottom
def test_milling_the_opponents_deck_counts_their_cards():
    r = _c(RECORDS[MINER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [
        {"op": "mill_count", "count": 4, "filter": {"type": "climax", "zone": "waiting_room", "side": "opponent"},
         "who": "opponent", "bottom": True},
        {"op": "damage", "amount": "x"}]
    r = _c(RECORDS[DIGGER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0] == {"op": "mill_count", "count": 3, "who": "opponent",
                                           "filter": {"type": "climax", "zone": "waiting_room", "side": "opponent"}}
    r = _c("【AUTO】 When you use this card's \"Backup\", put the bottom X cards of your opponent's deck into their waiting "
           "room. X is equal to the number of 《Glass》 characters you have.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][1] == {"op": "mill", "count": "x", "who": "opponent", "bottom": True}
    # REVEAL_TOP / MILL_LEVEL read the master's own top card: refused after milling the opponent's deck
    for line in ("【AUTO】 When this card attacks, put the top card of your opponent's deck into their waiting room. If "
                 "that card is a level 1 or higher character, this card gets +1000 power until end of turn.",
                 "【AUTO】 When this card attacks, put the top 2 cards of your opponent's deck into their waiting room, "
                 "choose a level X or lower character in your waiting room, and return it to your hand. X is equal to "
                 "the total level of the cards put into your waiting room by this effect."):
        assert _c(line).verdict == "unsupported"


def _opponent_deck(sc, top_first, bottom_first=()):
    """The opponent's deck: the cards ``top_first`` (distinct cards), the first on top, then copies of the cards
    ``bottom_first`` under them, the first at the very bottom (the rest of the deck to the memory, out of the way)."""
    zt = sc.ZONES
    slots, free = [], list(sc.zone(1, sc.DECK))
    for c in bottom_first:  # copies taken from the deck (deck_slot gives the topmost copy each time)
        sl = next(x for x in free if int(sc.row[zt.card + x * zt.card_w]) == sc.card_id(c))
        free.remove(sl)
        slots.append(sl)
    sc.stack_deck(1, top_first)
    sc.empty_deck_to(1, "memory", keep=len(top_first))
    for sl in reversed(slots):
        sc.move(sl, "deck", top=False)


def test_the_bottom_cards_of_the_opponents_deck_and_x_climaxes_among_them(pool):
    sc = _scenario(pool)
    sc.put(0, MINER, "hand")
    _opponent_deck(sc, [FILLER + k for k in range(6)], [FLARE, PLAIN, FLARE, PLAIN])  # the bottom 4: 2 climaxes
    g = sc.game()
    deck0, wr1, clock1 = _n(g, "DECK", 0), _n(g, "WR", 1), _n(g, "CLOCK", 1)
    bottom = [int(g.state[S.DECK_L + K.MAX_DECK + i]) for i in range(4)]
    _act(g, "Play Miner")
    _answer(g, yes=True)
    assert all(_zone(g, sl) == K.Zone.WAITING_ROOM for sl in bottom)
    assert _n(g, "DECK", 0) == deck0  # the master's own deck is untouched
    assert _n(g, "CLOCK", 1) == clock1 + 2  # X = 2: two damage from the top (two fillers, no cancel)
    assert _n(g, "WR", 1) == wr1 + 4 and _n(g, "DECK", 1) == 4


@pytest.mark.parametrize("climax", [True, False])
def test_a_climax_among_the_opponents_milled_cards(pool, climax):
    sc = _scenario(pool)
    me = sc.put(0, DIGGER, "hand")
    _opponent_deck(sc, [PLAIN, FLARE if climax else FILLER + 3, FILLER] + [FILLER + k for k in range(1, 3)])
    sc.stack_deck(0, [FLARE])  # the master's top card: a climax, which must not count
    g = sc.game()
    deck0 = _n(g, "DECK", 0)
    _act(g, "Play Digger")
    _answer(g, yes=True)
    assert _n(g, "DECK", 1) == 2 and _n(g, "DECK", 0) == deck0
    assert kit.power(g, me) == 3000 + 1000 * climax
