"""Weiss Schwarz card text, session 21 (branch s21-wsa): made-up lines in the card language compiled, and on a
small imported list what the engine does with them: another character returned to the stage position it left
(CR 10.2.2's action without the keyword), Change whose cost moves this card (CR 10.8.1), choices the opponent makes
(CR 8.6.3), Resonate's reveal of a named card shown to both players (CR 10.13.1)."""

from __future__ import annotations

import pytest

from tcg_env.engine.header import H_DECIDER
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


_SAVER_TEXT = ("【AUTO】 [Put this card into your waiting room] When your other 《Glass》 character is put into your "
               "waiting room from the stage, if this card is in your back stage, you may pay the cost. If you do, "
               "return that character to its previous stage position as 【REST】.")
_CHANGER_TEXT = ("【AUTO】 Change [(1) Put this card into your waiting room] At the beginning of your climax phase, you "
                 "may pay the cost. If you do, choose a card named \"Plain\" in your waiting room, and put it on the "
                 "stage position that this card was on.")
_HANDER_TEXT = ("【AUTO】 Change [Return this card to your hand] At the beginning of your climax phase, you may pay the "
                "cost. If you do, choose up to 1 《Glass》 character in your hand, and put it in the stage position that "
                "this card was in.")
_TOPPER_TEXT = ("【ACT】 [【REST】 this card] Your opponent may choose a character in your waiting room, and put it on the "
                "top of your deck.")
_KEEPER_TEXT = ("【ACT】 [【REST】 this card] Your opponent chooses 1 climax in their waiting room, returns all cards "
                "except that card from their waiting room to their deck, and shuffles their deck.")
_RESONATOR_TEXT = ("【AUTO】 Resonate [Reveal 1 \"Plain\" in your hand] At the beginning of your climax phase, you may "
                   "pay the cost. If you do, this card gets +2000 power until end of turn.")
_SWAPPER_TEXT = ("【AUTO】 [Put this card into your waiting room] At the beginning of your climax phase, you may pay the "
                 "cost. If you do, choose 1 \"Plain\" in your waiting room, and put it on the stage position that this "
                 "card was on.")
_GIVER_TEXT = ("【ACT】 [【REST】 this card] Your opponent may choose a cost 0 or lower character in your opponent's "
               "waiting room, and put it on any position of his or her stage.")
(PLAIN, SAVER, DROPPER, CHANGER, HANDER, TOPPER, KEEPER, CLIMAX, RESONATOR, SWAPPER, GIVER) = range(11)
RECORDS = [
    _rec("T/S21-001", "Plain"),
    # another character back to the position it left (CR 10.2.2's action, written without Encore)
    _rec("T/S21-002", "Saver", [_SAVER_TEXT]),
    _rec("T/S21-003", "Dropper", ["【ACT】 [【REST】 this card] Choose 1 of your other characters, and put it into your "
                                  "waiting room."]),
    # Change (CR 10.8.1): the cost moves this card, then the chosen card takes the position it left
    _rec("T/S21-004", "Changer", [_CHANGER_TEXT], traits=("Sand",)),
    _rec("T/S21-005", "Hander", [_HANDER_TEXT]),
    # the opponent chooses (CR 8.6.3)
    _rec("T/S21-006", "Topper", [_TOPPER_TEXT]),
    _rec("T/S21-007", "Keeper", [_KEEPER_TEXT]),
    _rec("T/S21-008", "Climax", type="Climax", trigger=("SOUL",)),
    # Resonate's reveal of a named card, shown to both players (CR 10.13.1)
    _rec("T/S21-009", "Resonator", [_RESONATOR_TEXT], traits=("Sand",)),
    # the same swap printed without the keyword (its cost moves this card too)
    _rec("T/S21-010", "Swapper", [_SWAPPER_TEXT], traits=("Sand",)),
    _rec("T/S21-011", "Giver", [_GIVER_TEXT]),
]  # fmt: skip
RECORDS += [_rec(f"T/S21-F{i:02d}", f"Filler {i}", traits=("Sand",)) for i in range(12)]
FILLER = len(RECORDS) - 12
NO_CLIMAX = [FILLER + 8, FILLER + 9, FILLER + 10, FILLER + 11]  # four different cards (Scenario.stack_deck)


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws21a", RECORDS)


def _scenario(pool, **kw):
    return kit.main_phase(pool, len(RECORDS), FILLER, extra=(PLAIN, PLAIN), **kw)


_labels, _act, _orient = kit.labels, kit.act, kit.orient


def _pos(g, slot):
    return int(g.state[S.POS + slot * S.CARD_W])


# ---------------------------------------------------------------------------- another character back to its position
def test_other_character_put_into_the_waiting_room_from_the_stage_compiles_exact():
    r = _c(_SAVER_TEXT)
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["trigger"] == "other_to_wr_from_stage" and ab["trigger_filter"] == {"type": "character", "trait": "Glass"}
    assert ab["condition"] == {"kind": "in_back_stage"} and ab["cost"] == {"self_to_wr": True} and ab["optional"]
    assert ab["effect"] == [{"op": "encore_self", "triggering": True}]
    r = _c("【AUTO】 [Put this card into your waiting room] When your other character is put into your waiting room from "
           "the stage, if this card is in your back stage, you may pay the cost. If you do, put that character on the "
           "stage position it was on as 【REST】.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "encore_self", "triggering": True}]
    # "that character" is the triggering card only after this trigger
    assert _c("【AUTO】 When your other character attacks, return that character to its previous stage position as "
              "【REST】.").verdict == "unsupported"


@pytest.mark.parametrize("dropped, saver_pos, pay", [(PLAIN, 3, True), (PLAIN, 3, False), (FILLER, 3, True),
                                                     (PLAIN, 0, True)])
def test_cr_10_2_2_another_character_returns_to_the_position_it_left(pool, dropped, saver_pos, pay):
    sc = _scenario(pool)
    saver = sc.put(0, SAVER, "stage", pos=saver_pos)
    sc.put(0, DROPPER, "stage", pos=4 if saver_pos == 3 else 3)
    other = sc.put(0, dropped, "stage", pos=1)
    g = sc.game()
    _act(g, "Use ability 0 of Dropper")
    kit.answer_picks(g, ["Choose own center middle", "Use" if pay else "Decline"])
    fires = dropped == PLAIN and saver_pos == 3  # a <<Glass>> character; the saver in the back stage
    if fires and pay:
        assert kit.zone_of(g, saver) == K.Zone.WAITING_ROOM  # the cost
        assert kit.zone_of(g, other) == K.Zone.STAGE and _pos(g, other) == 1 and _orient(g, other) == K.Orientation.REST
    else:
        assert kit.zone_of(g, saver) == K.Zone.STAGE and kit.zone_of(g, other) == K.Zone.WAITING_ROOM


# ---------------------------------------------------------------------------- Change (CR 10.8.1)
def test_change_whose_cost_moves_this_card_compiles_exact():
    r = _c(_CHANGER_TEXT)
    assert r.verdict == "exact" and not r.approximations, r.reason
    (ab,) = r.abilities
    assert ab["keyword"] == "change" and ab["cost"] == {"stock": 1, "self_to_wr": True} and ab["optional"]
    assert ab["effect"] == [{"op": "change", "filter": {"name": "Plain", "zone": "waiting_room", "type": "character"},
                             "to": "waiting_room", "by_cost": True}]
    r = _c(_HANDER_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["cost"] == {"self_to": "hand"}
    assert r.abilities[0]["effect"][0]["up_to"] and r.abilities[0]["effect"][0]["to"] == "hand"
    r = _c(_SWAPPER_TEXT)  # without the keyword: the same (CR 10.8.1 describes the action)
    assert r.verdict == "exact" and "keyword" not in r.abilities[0], r.reason
    assert r.abilities[0]["cost"] == {"self_to_wr": True} and r.abilities[0]["effect"][0]["by_cost"]
    # an [ACT] Change keeps the approximation (the move is the change op's)
    r = _c("【ACT】 Change [(1) Put this card into your waiting room] Choose a card named \"Plain\" in your waiting room, "
           "and put it on the stage position that this card was on.")
    assert r.verdict != "exact"


@pytest.mark.parametrize("card, plain_in_wr", [(CHANGER, True), (CHANGER, False), (SWAPPER, True)])
def test_cr_10_8_1_change_cost_moves_this_card_then_the_chosen_card_takes_its_position(pool, card, plain_in_wr):
    sc = _scenario(pool)
    me = sc.put(0, card, "stage", pos=0)
    if card == CHANGER:
        sc.put(0, FILLER, "stock")
    plain = sc.put(0, PLAIN, "waiting_room") if plain_in_wr else None
    g = sc.game()
    _act(g, "End the main phase")
    kit.answer_picks(g, ["Use", "Choose"])
    assert kit.zone_of(g, me) == K.Zone.WAITING_ROOM and kit.count(g, "STOCK") == 0  # the whole cost is paid
    if plain_in_wr:
        assert kit.zone_of(g, plain) == K.Zone.STAGE and _pos(g, plain) == 0
    else:  # nothing to choose: the cost stays paid (CR 10.8.1: it is no exchange)
        assert int(g.state[S.STAGE + 0]) == -1


def test_cr_10_8_1_change_may_choose_the_card_its_cost_returned_to_the_hand(pool):
    sc = _scenario(pool)
    me = sc.put(0, HANDER, "stage", pos=2)
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Use")
    labels = _labels(g)
    assert kit.zone_of(g, me) == K.Zone.HAND and any(t.startswith("Choose Hander") for t in labels), labels
    _act(g, "Choose Hander")
    assert kit.zone_of(g, me) == K.Zone.STAGE and _pos(g, me) == 2


# ---------------------------------------------------------------------------- the opponent chooses (CR 8.6.3)
def test_the_opponent_chooses_compiles_exact():
    r = _c(_TOPPER_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [
        {"op": "opp_choose", "filter": {"type": "character", "zone": "waiting_room"}, "count": 1, "up_to": True},
        {"op": "to_deck_top"}]
    r = _c(_KEEPER_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [
        {"op": "opp_choose", "filter": {"type": "climax", "zone": "waiting_room", "side": "opponent"}, "count": 1},
        {"op": "wr_to_deck", "who": "opponent", "keep_reg": True}, {"op": "shuffle_deck", "who": "opponent"}]
    r = _c("【ACT】 [【REST】 this card] Your opponent chooses two climax in your opponent's waiting room, returns all cards "
           "in your opponent's waiting room except those cards into your opponent's deck, and your opponent shuffles "
           "his or her deck.")
    assert r.verdict == "exact", r.reason and r.abilities[0]["effect"][0]["count"] == 2


@pytest.mark.parametrize("take", [True, False])
def test_cr_8_6_3_the_opponent_may_choose_a_card_of_your_waiting_room(pool, take):
    sc = _scenario(pool)
    sc.put(0, TOPPER, "stage", pos=0)
    plain = sc.put(0, PLAIN, "waiting_room")
    g = sc.game()
    _act(g, "Use ability 0 of Topper")
    assert int(g.state[H_DECIDER]) == 1  # the opponent decides
    _act(g, "Choose" if take else "Pass")
    deck_top = int(g.state[S.DECK_L + int(g.state[S.DECK_N]) - 1])
    assert (deck_top == plain) == take and (kit.zone_of(g, plain) == K.Zone.WAITING_ROOM) != take


def test_cr_8_6_3_the_opponent_chooses_the_climax_kept_in_their_waiting_room(pool):
    sc = _scenario(pool)
    sc.put(0, KEEPER, "stage", pos=0)
    cx = sc.put(1, CLIMAX, "waiting_room")
    others = [sc.put(1, FILLER + i, "waiting_room") for i in range(2)]
    g = sc.game()
    deck = kit.count(g, "DECK", 1)
    _act(g, "Use ability 0 of Keeper")
    assert int(g.state[H_DECIDER]) == 1 and len(_labels(g)) == 1  # the one climax, no pass
    _act(g, "Choose")
    assert kit.zone_of(g, cx) == K.Zone.WAITING_ROOM and kit.count(g, "WR", 1) == 1
    assert all(kit.zone_of(g, o) == K.Zone.DECK for o in others) and kit.count(g, "DECK", 1) == deck + 2


def test_cr_8_6_3_the_opponent_may_put_a_character_of_their_waiting_room_on_their_stage(pool):
    r = _c(_GIVER_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][1] == {"op": "to_stage", "any_position": True, "by_owner": True}
    sc = _scenario(pool)
    sc.put(0, GIVER, "stage", pos=0)
    plain = sc.put(1, PLAIN, "waiting_room")
    g = sc.game()
    _act(g, "Use ability 0 of Giver")
    assert int(g.state[H_DECIDER]) == 1  # the opponent chooses the card, then its position
    _act(g, "Choose")
    assert int(g.state[H_DECIDER]) == 1
    kit.answer_picks(g, [])
    assert kit.zone_of(g, plain) == K.Zone.STAGE and kit.count(g, "WR", 1) == 0


# ---------------------------------------------------------------------------- Resonate (CR 10.13.1)
def test_resonate_revealing_a_named_card_compiles_exact():
    r = _c(_RESONATOR_TEXT)
    assert r.verdict == "exact" and not r.approximations, r.reason
    assert r.abilities[0]["cost"] == {"reveal": {"name": "Plain", "zone": "hand"}, "reveal_shown": True}
    # another description: which card is revealed would be a choice (not asked): approximate as before
    r = _c("【AUTO】 Resonate [Reveal 1 《Glass》 character in your hand] At the beginning of your climax phase, you may "
           "pay the cost. If you do, this card gets +2000 power until end of turn.")
    assert r.approximations == ("reveal_cost_unseen",) and "reveal_shown" not in r.abilities[0]["cost"]
    # beside a discard (paid first, it could take the card the reveal needs): approximate as before
    r = _c("【AUTO】 Resonate [Put 1 card from your hand into your waiting room & Reveal 1 \"Plain\" in your hand] At "
           "the beginning of your climax phase, you may pay the cost. If you do, this card gets +2000 power until end "
           "of turn.")
    assert r.approximations == ("reveal_cost_unseen",) and "reveal_shown" not in r.abilities[0]["cost"]


@pytest.mark.parametrize("in_hand", [True, False])
def test_cr_10_13_1_resonate_shows_the_revealed_card_to_both_players(pool, in_hand):
    sc = _scenario(pool)
    me = sc.put(0, RESONATOR, "stage", pos=0)
    plain = sc.put(0, PLAIN, "hand") if in_hand else None  # the scenario's hand is empty (Scenario.main_phase)
    g = sc.game()
    power = kit.power(g, me)
    _act(g, "End the main phase")
    if in_hand:
        _act(g, "Use")
        assert kit.power(g, me) == power + 2000
        assert int(g.state[S.REVEALED_N]) == 1 and int(g.state[S.REVEALED]) == int(g.state[S.CARD + plain * S.CARD_W])
    else:  # CR 8.7.3.2: the cost cannot be paid, the ability is not played
        assert not any(t.startswith("Use") for t in _labels(g)) and int(g.state[S.REVEALED_N]) == 0
