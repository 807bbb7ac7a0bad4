"""Weiss Schwarz card text, session 12 pieces: made-up lines in the card language compiled, and on a
small imported list what the engine does with them ("look at up to N cards" one card at a time, CR
3.2.3.1; ...)."""

from __future__ import annotations

import numpy as np
import pytest

from tcg_env.engine.header import H_DECIDER, H_DECISION
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.observation import CARD_FEATURES, OBS_CANDIDATES
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, **card):
    return compile_line(line, {"type": "character", "name": "Tester", "traits": ["Glass"], **card})


PLAIN, FLARE, PEEKER, SORTER, RECALLER, HEALER, RESTER, MILLER, TAKER = range(9)
RECORDS = [
    _rec("T/S12-001", "Plain"),
    _rec("T/S12-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S12-003", "Peeker", ["【AUTO】 When this card attacks, look at up to 3 cards from the top of your deck, "
                                 "choose up to 1 climax from among them, put it into your hand, and put the rest into "
                                 "your waiting room."]),
    _rec("T/S12-004", "Sorter", ["【AUTO】 When this card attacks, look at up to 2 cards from the top of your deck, and "
                                 "put them on the top of your deck in any order."]),
    _rec("T/S12-005", "Recaller", ["【AUTO】 When this card attacks, you may choose 1 card in your clock, and return it "
                                   "to your hand. If you do, choose 1 card in your hand, and put it into your waiting "
                                   "room."]),
    _rec("T/S12-006", "Healer", ["【AUTO】 When this card attacks, you may put the top card of your opponent's clock into "
                                 "their waiting room. If you do, draw 1 card."]),
    _rec("T/S12-007", "Rester", ["【ACT】 [【REST】 1 of your other 《Wood》 characters] Draw 1 card."]),
    _rec("T/S12-008", "Miller", ["【AUTO】 When this card attacks, put the top 2 cards of your deck into your waiting room. "
                                 "If there is a climax among those cards, this card gets +1000 power until end of turn."]),
    _rec("T/S12-009", "Taker", ["【AUTO】 When this card attacks, look at up to 2 cards from the top of your deck, choose 1 "
                                "card from among them, put it into your hand, and put the rest into your waiting room."]),
]  # fmt: skip
# vanilla fillers: a deck has at most 4 cards of a name (CR 5.1.2.2)
RECORDS += [_rec(f"T/S12-F{i:02d}", f"Filler {i}", traits=("Wood",)) for i in range(12)]
FILLER = 9


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws12", RECORDS)


def _scenario(pool, **kw):
    deck = kit.deck_of(len(RECORDS), FLARE)
    return Scenario.main_phase(pool, decks=(deck, deck), **kw)


_n, _labels, _act = kit.count, kit.labels, kit.act


def _zone(g, slot) -> int:
    return int(g.state[S.ZONE + slot * S.CARD_W])


def _deck_top(g, p, k) -> list[int]:
    """Player ``p``'s top ``k`` deck slots, top first."""
    n = int(g.state[S.DECK_N + p])
    return [int(g.state[S.DECK_L + p * K.MAX_DECK + n - 1 - i]) for i in range(k)]


def _candidate_rows(g, viewer) -> np.ndarray:
    return g.observe(viewer)[OBS_CANDIDATES: OBS_CANDIDATES + 4 * CARD_FEATURES].reshape(4, CARD_FEATURES)


# ---------------------------------------------------------------------------- look at up to N cards (CR 3.2.3.1)
def test_look_at_up_to_n_cards_compiles_exact_one_card_at_a_time():
    r = _c(RECORDS[PEEKER]["ability"][0])
    assert r.verdict == "exact", r.approximations
    (look,) = r.abilities[0]["effect"]
    assert look["op"] == "look_top" and look["up_to"] and look["count"] == 3
    r = _c(RECORDS[SORTER]["ability"][0])
    assert r.verdict == "exact", r.approximations
    # "you may reveal up to N cards": an up-to look that reveals each card (exact since session 21)
    r = _c("【AUTO】 When this card attacks, you may reveal up to 2 cards from the top of your deck. If you reveal 1 or "
           "more cards, choose up to 1 climax from among them, put it into your hand, and put the rest into your "
           "waiting room.")
    assert r.verdict == "exact" and r.abilities[0]["effect"][0]["reveal"]


@pytest.mark.parametrize("looks", [0, 1, 2, 3])
def test_cr_3_2_3_1_look_at_up_to_n_cards_the_player_stops_before_any_card(pool, looks):
    sc = _scenario(pool)
    sc.put(0, PEEKER, "stage", pos=0)
    sc.stack_deck(0, [PLAIN, FILLER, FLARE, FILLER + 1])  # the climax is the third card
    g = sc.game()
    top = _deck_top(g, 0, 4)
    _act(g, "End the main phase")
    hand, wr = _n(g, "HAND"), _n(g, "WR")
    _act(g, "Direct attack with Peeker")
    for k in range(looks):
        # the looking player decides before each card (CR 3.2.3.1; before the first too, 3.2.3.1.1) and sees the
        # cards looked at so far; the opponent's observation shows none of them (CR 3.2.2: a hidden zone)
        assert int(g.state[H_DECISION]) == K.Decision.OPTIONAL_EFFECT and int(g.state[H_DECIDER]) == 0
        assert "Look at one more card" in _labels(g) and "Stop looking at cards" in _labels(g)
        assert [int(g.state[S.CAND + i]) for i in range(int(g.state[S.CAND_N]))] == top[:k]
        assert np.count_nonzero(_candidate_rows(g, 0)[:, 0]) == k
        assert not _candidate_rows(g, 1).any()
        _act(g, "Look at one more card")
    if looks < 3:
        _act(g, "Stop looking at cards")
    if looks == 3:  # the climax was looked at: the player may take it
        _act(g, "Choose Flare")
        assert _zone(g, top[2]) == K.Zone.HAND
    # only the cards looked at go to the waiting room; the others stay on top of the deck
    assert _n(g, "HAND") == hand + (1 if looks == 3 else 0)
    assert _n(g, "WR") == wr + (looks - 1 if looks == 3 else looks)
    for i in range(4):
        if i < looks:
            assert _zone(g, top[i]) == (K.Zone.HAND if i == 2 else K.Zone.WAITING_ROOM)
        else:  # the first card not looked at is the attack's trigger check (CR 7.3.1.2), into the stock
            assert _zone(g, top[i]) == (K.Zone.STOCK if i == looks else K.Zone.DECK)


def test_cr_3_2_3_3_look_at_up_to_n_cards_ends_with_the_deck(pool):
    sc = _scenario(pool)
    sc.put(0, PEEKER, "stage", pos=0)
    sc.empty_deck_to(0, "waiting_room", keep=2)
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Direct attack with Peeker")
    _act(g, "Look at one more card")
    _act(g, "Look at one more card")
    # 2 cards in the deck: no third "one more?" (a look moves no card, CR 3.2.3.3)
    assert "Look at one more card" not in _labels(g)


def test_look_at_up_to_n_cards_and_put_them_back_in_any_order(pool):
    sc = _scenario(pool)
    sc.put(0, SORTER, "stage", pos=0)
    sc.stack_deck(0, [PLAIN, FILLER, FILLER + 1])
    g = sc.game()
    top = _deck_top(g, 0, 3)
    _act(g, "End the main phase")
    _act(g, "Direct attack with Sorter")
    _act(g, "Look at one more card")
    _act(g, "Look at one more card")
    # both looked at: the player takes them one by one, the last taken on top
    _act(g, "Choose Plain")
    _act(g, "Choose Filler 0")
    # Filler 0 went on top: the attack's trigger check (CR 7.3.1.2) took it, Plain is under it
    assert _zone(g, top[1]) == K.Zone.STOCK
    assert _deck_top(g, 0, 2) == [top[0], top[2]]


# ---------------------------------------------------------------------------- "you may A. If you do, B" (IF_DONE)
def test_if_you_do_compiles_to_the_cores_if_done():
    r = _c(RECORDS[RECALLER]["ability"][0])
    assert r.verdict == "exact", r.approximations
    (may,) = r.abilities[0]["effect"]
    assert [o["op"] for o in may["then"]] == ["choose", "to_hand", "if_done", "choose", "to_waiting_room"]
    assert may["then"][2]["rows"] == 2
    r = _c(RECORDS[HEALER]["ability"][0])
    assert r.verdict == "exact" and [o["op"] for o in r.abilities[0]["effect"][0]["then"]] == ["heal", "if_done", "draw"]
    # a choice of 2 cards (done in part?) keeps the declared approximation
    r = _c("【AUTO】 When this card attacks, you may choose 2 cards in your clock, and return them to your hand. If you "
           "do, draw 1 card.")
    assert r.approximations == ("if_you_do",)


@pytest.mark.parametrize("clock", [True, False])
def test_cr_1_3_3_if_you_do_after_a_choice_that_found_nothing(pool, clock):
    sc = _scenario(pool)
    sc.put(0, RECALLER, "stage", pos=0)
    c = sc.put(0, FILLER, "clock") if clock else -1
    g = sc.game()
    _act(g, "End the main phase")
    hand, wr = _n(g, "HAND"), _n(g, "WR")
    _act(g, "Direct attack with Recaller")
    _act(g, "Use Recaller")
    if clock:  # the clock card returned: "if you do" holds, a hand card goes to the waiting room
        _act(g, "Choose Filler 0")
        assert _zone(g, c) == K.Zone.HAND
        _act(g, "Choose Filler 0")
        assert _n(g, "HAND") == hand and _n(g, "WR") == wr + 1
    else:  # nothing to return (CR 1.3.3): nothing done, so nothing of "if you do" either
        assert not any(t.startswith("Choose") for t in _labels(g))
        assert _n(g, "HAND") == hand and _n(g, "WR") == wr


@pytest.mark.parametrize("clock", [True, False])
def test_cr_1_3_3_if_you_do_after_an_empty_clock(pool, clock):
    sc = _scenario(pool)
    sc.put(0, HEALER, "stage", pos=0)
    c = sc.put(1, FILLER, "clock") if clock else -1
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Direct attack with Healer")
    hand = _n(g, "HAND")
    _act(g, "Use Healer")
    assert _n(g, "HAND") == hand + (1 if clock else 0)  # the draw only when the clock card went
    if clock:
        assert _zone(g, c) == K.Zone.WAITING_ROOM


# ---------------------------------------------------------------------------- the stage characters of a cost (CR 8.4)
def test_cr_8_4_the_player_chooses_the_character_a_cost_rests(pool):
    assert _c(RECORDS[RESTER]["ability"][0]).verdict == "exact"
    sc = _scenario(pool)
    rester = sc.put(0, RESTER, "stage", pos=0)
    first = sc.put(0, FILLER, "stage", pos=1)
    second = sc.put(0, FILLER + 1, "stage", pos=3)
    g = sc.game()
    hand = _n(g, "HAND")
    _act(g, "Use ability 0 of Rester")
    assert int(g.state[H_DECISION]) == K.Decision.PAY_COST
    offered = sorted(_labels(g))
    assert len(offered) == 2 and "Filler 0" in offered[0] + offered[1] and "Filler 1" in offered[0] + offered[1]
    _act(g, "Choose own back left")  # not the first in stage-position order
    orient = lambda sl: int(g.state[S.ORIENT + sl * S.CARD_W])  # noqa: E731
    assert orient(second) == K.Orientation.REST and orient(first) == K.Orientation.STAND
    assert orient(rester) == K.Orientation.STAND and _n(g, "HAND") == hand + 1


# ---------------------------------------------------------------------------- a climax among the cards milled
@pytest.mark.parametrize("climax", [True, False])
def test_cr_3_2_3_if_there_is_a_climax_among_the_cards_put_into_your_waiting_room(pool, climax):
    assert _c(RECORDS[MILLER]["ability"][0]).verdict == "exact"
    sc = _scenario(pool)
    miller = sc.put(0, MILLER, "stage", pos=0)
    sc.put(0, FILLER, "stage", pos=1)  # a second attacker: the attack phase waits after Miller's attack
    sc.stack_deck(0, [PLAIN, FLARE if climax else FILLER + 1])
    g = sc.game()
    top = _deck_top(g, 0, 2)
    _act(g, "End the main phase")
    _act(g, "Direct attack with Miller")
    assert [_zone(g, sl) for sl in top] == [K.Zone.WAITING_ROOM] * 2  # straight to the waiting room
    assert kit.power(g, miller) == 3000 + (1000 if climax else 0)


# ---------------------------------------------------------------------------- choose N cards from among them
def test_cr_8_6_3_1_choose_1_card_from_among_them_cannot_be_declined(pool):
    assert _c(RECORDS[TAKER]["ability"][0]).verdict == "exact"
    sc = _scenario(pool)
    sc.put(0, TAKER, "stage", pos=0)
    sc.stack_deck(0, [PLAIN, FILLER])
    g = sc.game()
    top = _deck_top(g, 0, 2)
    _act(g, "End the main phase")
    _act(g, "Direct attack with Taker")
    assert kit.look_all(g) == 2
    labels = _labels(g)
    assert not any(t.startswith("Pass") for t in labels) and len(labels) == 2, labels  # no stopping (CR 8.6.3.1)
    _act(g, "Choose Filler 0")
    assert _zone(g, top[1]) == K.Zone.HAND and _zone(g, top[0]) == K.Zone.WAITING_ROOM
