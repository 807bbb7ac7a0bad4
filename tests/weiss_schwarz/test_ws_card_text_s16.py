"""Weiss Schwarz card text, session 16 pieces: made-up lines in the card language compiled, and on a small
imported list what the engine does with them: deck construction abilities (CR 5.1.2.4) and [AUTO] costs that
take cards from the waiting room (to the bottom of the clock, or back into the deck; CR 8.4, 8.7.3.1.1)."""

from __future__ import annotations

import numpy as np
import pytest

from tcg_env.cards.decks import Deck, DeckError
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.decks import validate_deck
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


(PLAIN, FLARE, MANY, CLOCKER, RECYCLER, WOOD, GAMBLER, KEEPER, PHOENIX, SIX, PEEKER, TRIMMER) = range(12)
RECORDS = [
    _rec("T/S16-001", "Plain"),
    _rec("T/S16-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    # CR 5.1.2.4: a deck-construction ability
    _rec("T/S16-003", "Many", ["【CONT】 You can put any number of cards with the same card name as this card into "
                               "your deck."]),
    # a cost putting a waiting-room character at the bottom of the clock
    _rec("T/S16-004", "Clocker", ["【AUTO】 [(1) Put 1 《Wood》 character from your waiting room at the bottom of your "
                                  "clock] When this card is placed on the stage from your hand, you may pay the cost. "
                                  "If you do, draw 2 cards."]),
    # a cost returning waiting-room characters to the deck
    _rec("T/S16-005", "Recycler", ["【AUTO】 [Return 2 characters from your waiting room to your deck & Shuffle your "
                                   "deck] When this card is placed on the stage from your hand, you may pay the cost. "
                                   "If you do, this card gets +1500 power until end of turn."]),
    _rec("T/S16-006", "Wood", [], traits=("Wood",)),
    # "if that card is not ...": the revealed card counts when it does not match
    _rec("T/S16-007", "Gambler", ["【AUTO】 When this card is placed on the stage from your hand, reveal the top card of "
                                  "your deck. If that card is not a 《Wood》 character, put it into your clock. (If it "
                                  "is, return the revealed card to its original place)"]),
    # a cost moving this card that it pays only while it stands
    _rec("T/S16-008", "Keeper", ["【ACT】 [(1) Put this 【STAND】 card into your memory] Draw 1 card."]),
    # Encore with a waiting-room cost (CR 10.2.2)
    _rec("T/S16-009", "Phoenix", ["【AUTO】 Encore [Put 1 《Wood》 character from your waiting room at the bottom of your "
                                  "clock] (When this card is put into your waiting room from the stage, you may pay the "
                                  "cost. If you do, return this card to its previous stage position as 【REST】)"]),
    _rec("T/S16-010", "Six", ["【CONT】 You can put up to six cards with the same card name as this card in your deck."]),
    # looking at the top card alone (its master sees it; it stays where it is)
    _rec("T/S16-011", "Peeker", ["【ACT】 [【REST】 this card] Look at the top card of your deck. (Return the card you saw "
                                 "to its original place)"]),
    # an action all players perform (approximation memory_kept_last)
    _rec("T/S16-012", "Trimmer", ["【AUTO】 When this card is placed on the stage from your hand, all players perform the "
                                  "following action. \"If your memory has 5 or more cards, choose 4 cards in your memory, "
                                  "and put all cards in your memory except those cards into your waiting room.\""]),
]  # fmt: skip
RECORDS += [_rec(f"T/S16-F{i:02d}", f"Filler {i}", traits=("Sand",)) for i in range(12)]
FILLER = 12


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws16", RECORDS)


def _scenario(pool, **kw):
    deck = kit.deck_of(len(RECORDS), FLARE)
    return Scenario.main_phase(pool, decks=(deck, deck), **kw)


_n, _labels, _act = kit.count, kit.labels, kit.act
_zone = kit.zone_of
_resolved = kit.resolved
_answer = kit.answer_yes


# ---------------------------------------------------------------------------- CR 5.1.2.4 deck construction
def test_a_deck_construction_ability_compiles_to_the_card_field():
    for verb in ("can", "may"):
        r = _c(f"【CONT】 You {verb} put any number of cards with the same card name as this card into your deck.")
        assert r.verdict == "exact", r.reason
        assert r.abilities == [] and r.fields == {"any_copies": True}
    r = _c("【CONT】 You can put up to 6 cards with the same card name as this card into your deck.")
    assert r.verdict == "exact" and r.fields == {"max_copies": 6}


def test_cr_5_1_2_4_any_number_of_copies_of_a_card_that_says_so(pool):
    ids = np.array([MANY] * 10 + [FILLER + k for k in range(12) for _ in range(3)] + [PLAIN] * 4, np.int32)
    assert len(ids) == 50
    validate_deck(pool, Deck("t", ids))  # 10 "Many": its ability replaces 5.1.2.2
    ids[:10] = PLAIN  # 14 "Plain": at most 4 (CR 5.1.2.2)
    with pytest.raises(DeckError, match="5.1.2.2"):
        validate_deck(pool, Deck("t", ids))
    ids[:10] = [SIX] * 6 + [MANY] * 4  # "up to six" (CR 5.1.2.4)
    validate_deck(pool, Deck("t", ids))
    ids[6] = SIX
    with pytest.raises(DeckError, match="5.1.2.4"):
        validate_deck(pool, Deck("t", ids))


# ---------------------------------------------------------------------------- waiting-room costs (CR 8.4)
def test_waiting_room_costs_compile_to_a_program_that_checks_then_pays():
    r = _c(RECORDS[CLOCKER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert "cost" not in ab and not ab.get("optional")
    (stock_if,) = ab["effect"]
    assert stock_if["condition"] == {"kind": "stock_at_least", "value": 1}
    (wr_if,) = stock_if["then"]
    assert wr_if["condition"]["kind"] == "wr_filter_at_least" and wr_if["condition"]["value"] == 1
    (may,) = wr_if["then"]
    assert [o["op"] for o in may["then"]] == ["pay_stock", "choose", "to_clock", "draw"]
    assert may["then"][2] == {"op": "to_clock", "bottom": True}
    r = _c(RECORDS[RECYCLER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (wr_if,) = r.abilities[0]["effect"]
    assert [o["op"] for o in wr_if["then"][0]["then"]] == ["choose", "to_deck_top", "shuffle_deck", "target_self", "power"]
    # [ACT] abilities keep their costs in the cost columns (paid before they are played): refused there
    r = _c("【ACT】 [Put 1 《Wood》 character from your waiting room at the bottom of your clock] Draw 1 card.")
    assert r.verdict == "unsupported"


@pytest.mark.parametrize("woods", [0, 1, 2])
def test_cr_8_4_a_waiting_room_character_to_the_bottom_of_the_clock(pool, woods):
    sc = _scenario(pool)
    sc.put(0, CLOCKER, "hand")
    wood = [sc.put(0, WOOD, "waiting_room") for _ in range(woods)]
    sc.put(0, PLAIN, "waiting_room")  # not a <<Wood>> character: no part of the cost
    top = sc.put(0, FILLER, "clock")
    for k in range(2):
        sc.put(0, FILLER + 1 + k, "stock")
    g = sc.game()
    hand, clock, stock = _n(g, "HAND", 0), _n(g, "CLOCK", 0), _n(g, "STOCK", 0)
    _act(g, "Play Clocker")
    _answer(g, yes=True)
    paid = woods > 0  # CR 8.4.2.2: no <<Wood>> character, no part of the cost is paid
    assert _n(g, "CLOCK", 0) == clock + paid
    assert _n(g, "STOCK", 0) == stock - paid  # the ability's (1); Clocker costs 0
    assert _n(g, "HAND", 0) == hand - 1 + 2 * paid  # Clocker played, 2 drawn
    if paid:
        bottom = int(g.state[S.CLOCK_L + 0])
        assert bottom in wood and _zone(g, bottom) == K.Zone.CLOCK  # at the bottom, under the clock's top card
        assert int(g.state[S.CLOCK_L + _n(g, "CLOCK", 0) - 1]) == top


@pytest.mark.parametrize("yes", [True, False])
def test_cr_8_7_3_1_1_the_waiting_room_cost_may_be_declined(pool, yes):
    sc = _scenario(pool)
    me = sc.put(0, RECYCLER, "hand")
    wr = [sc.put(0, FILLER + k, "waiting_room") for k in range(3)]
    g = sc.game()
    deck = _n(g, "DECK", 0)
    _act(g, "Play Recycler")
    _answer(g, yes=yes)
    assert _n(g, "WR", 0) == 3 - 2 * yes and _n(g, "DECK", 0) == deck + 2 * yes
    assert sum(_zone(g, sl) == K.Zone.DECK for sl in wr) == 2 * yes
    assert kit.power(g, me) == 3000 + 1500 * yes


# ---------------------------------------------------------------------------- "if that card is not ..."
def test_if_that_card_is_not_compiles_to_a_negated_reveal():
    r = _c(RECORDS[GAMBLER]["ability"][0])
    assert r.verdict == "exact", r.reason
    reveal, block = r.abilities[0]["effect"]
    assert reveal["op"] == "reveal_top" and reveal["negate"] is True and block["op"] == "if_stored"


@pytest.mark.parametrize("top_card", [WOOD, PLAIN])
def test_the_revealed_card_that_is_not_a_trait_character_goes_to_the_clock(pool, top_card):
    sc = _scenario(pool)
    sc.put(0, GAMBLER, "hand")
    sc.stack_deck(0, [top_card])
    g = sc.game()
    top = int(g.state[S.DECK_L + _n(g, "DECK", 0) - 1])
    clock = _n(g, "CLOCK", 0)
    _act(g, "Play Gambler")
    _answer(g, yes=True)
    moved = top_card != WOOD  # a <<Wood>> character stays on top of the deck
    assert _n(g, "CLOCK", 0) == clock + moved
    assert _zone(g, top) == (K.Zone.CLOCK if moved else K.Zone.DECK)


# ---------------------------------------------------------------------------- "[put this [STAND] card into ...]"
@pytest.mark.parametrize("orient", [K.Orientation.STAND, K.Orientation.REST])
def test_cr_8_4_2_2_put_this_standing_card_into_your_memory_only_while_it_stands(pool, orient):
    sc = _scenario(pool)
    me = sc.put(0, KEEPER, "stage", pos=0, orient=orient)
    sc.put(0, FILLER, "stock")
    g = sc.game()
    usable = any(t.startswith("Use ability 0 of Keeper") for t in _labels(g))
    assert usable == (orient == K.Orientation.STAND), _labels(g)
    if usable:
        hand = _n(g, "HAND", 0)
        _act(g, "Use ability 0 of Keeper")
        _answer(g, yes=True)
        assert _zone(g, me) == K.Zone.MEMORY and _n(g, "HAND", 0) == hand + 1 and _n(g, "STOCK", 0) == 0


# ---------------------------------------------------------------------------- Encore with a waiting-room cost
@pytest.mark.parametrize("woods", [0, 1])
def test_cr_10_2_2_encore_paid_with_a_waiting_room_character(pool, woods):
    r = _c(RECORDS[PHOENIX]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["keyword"] == "encore"  # "cannot use Encore" applies to it (CR 10.2)
    sc = _scenario(pool)
    me = sc.put(0, PHOENIX, "stage", pos=1, orient=K.Orientation.REVERSE)
    wood = [sc.put(0, WOOD, "waiting_room") for _ in range(woods)]
    sc.flow("encore")
    g = sc.game()
    _act(g, "Put reversed Phoenix")  # CR 7.7.1.2: the encore step's rule action
    assert _zone(g, me) == K.Zone.WAITING_ROOM and (_resolved(g) != bool(woods))  # Encore stands by with a <<Wood>>
    _answer(g, yes=True)
    if woods:
        assert _zone(g, me) == K.Zone.STAGE and int(g.state[S.ORIENT + me * S.CARD_W]) == K.Orientation.REST
        assert int(g.state[S.POS + me * S.CARD_W]) == 1
        assert _zone(g, wood[0]) == K.Zone.CLOCK and int(g.state[S.CLOCK_L + 0]) == wood[0]
    else:
        assert _zone(g, me) == K.Zone.WAITING_ROOM and _n(g, "CLOCK", 0) == 0


# ---------------------------------------------------------------------------- looking at the top card alone
def test_looking_at_the_top_card_alone_compiles_only_at_the_programs_end():
    r = _c(RECORDS[PEEKER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "look_top", "count": 1, "take": 1, "to": "deck_top"}]
    r = _c("【AUTO】 When this card's battle opponent becomes 【REVERSE】, you may look at the top card of your deck. If "
           "you do, put that card face down underneath this card as a marker.")
    # "that card" is the looked-at card: no register holds it; since session 22 (s22-wsb) the sentence pair is the top
    # card put underneath this card unseen (approximation looked_marker_unseen)
    assert r.verdict == "approximate" and r.approximations == ("looked_marker_unseen",), r.reason


def test_cr_3_2_3_the_master_looks_at_the_top_card_and_it_stays_on_top(pool):
    sc = _scenario(pool)
    sc.put(0, PEEKER, "stage", pos=0)
    sc.stack_deck(0, [WOOD])
    g = sc.game()
    top, deck = int(g.state[S.DECK_L + _n(g, "DECK", 0) - 1]), _n(g, "DECK", 0)
    _act(g, "Use ability 0 of Peeker")
    seen = False
    for _ in range(10):
        if _resolved(g):
            break
        seen = seen or any("Wood" in t for t in _labels(g))  # the looked-at card is the master's to see
        g.step(int(g.legal_actions()[0]))
    assert seen and _resolved(g)
    assert _n(g, "DECK", 0) == deck and int(g.state[S.DECK_L + deck - 1]) == top


# ---------------------------------------------------------------------------- compiled only
def test_cxcombo_experience_with_the_level_sum_as_the_second_condition():
    r = _c("【AUTO】 【CXCOMBO】 Experience When this card attacks, if \"Moon\" is in your climax area, and the total level "
           "of cards in your level is 2 or higher, you may choose 1 《Glass》 character in your waiting room, and return it "
           "to your hand.")
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["combo"] == "Moon" and ab["keyword"] == "experience"  # CR 8.12, 10.10.1
    assert ab["effect"][0]["op"] == "if" and ab["effect"][0]["condition"] == {"kind": "level_sum_at_least", "value": 2}


def test_during_your_opponents_turn_when_is_the_abilitys_whose():
    r = _c("【AUTO】 During your opponent's turn, when this card's battle opponent becomes 【REVERSE】, you may draw a card.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["whose"] == "opponents" and r.abilities[0]["trigger"] == "battle_opp_reversed"
    r = _c("【AUTO】 During your opponent's turn, at the beginning of your climax phase, draw 1 card.")
    assert r.verdict == "unsupported"  # a phase of one player's turn: the two turns disagree


# ---------------------------------------------------------------------------- "all players perform the following action"
def test_all_players_keep_four_cards_of_their_memory(pool):
    r = _c(RECORDS[TRIMMER]["ability"][0])
    # exact since session 34 (s34d): each player chooses the 4 cards kept (Op.MEMORY_KEEP; before: the last 4 put
    # there, approximation memory_kept_last)
    assert r.verdict == "exact", r.reason
    sc = _scenario(pool)
    sc.put(0, TRIMMER, "hand")
    mine = [sc.put(0, FILLER + k, "memory") for k in range(6)]
    theirs = [sc.put(1, FILLER + k, "memory") for k in range(4)]
    g = sc.game()
    wr = _n(g, "WR", 0)
    _act(g, "Play Trimmer")
    _answer(g, yes=True)
    assert _n(g, "MEMORY", 0) == 4 and _n(g, "WR", 0) == wr + 2
    assert sorted(_zone(g, sl) for sl in mine) == sorted([K.Zone.WAITING_ROOM] * 2 + [K.Zone.MEMORY] * 4)  # 4 chosen
    assert _n(g, "MEMORY", 1) == 4 and all(_zone(g, sl) == K.Zone.MEMORY for sl in theirs)  # 4: fewer than 5


def test_a_link_label_compiles_to_nothing_approximately():
    r = _c("【CONT】 LINK@ Super Dimension Venus", type="climax")
    assert r.verdict == "approximate" and r.approximations == ("link_label",)
    assert r.abilities == [] and r.fields == {}
