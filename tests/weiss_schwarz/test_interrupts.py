"""Weiss Schwarz interrupt-type rule actions (CR 9.1.2.1): a level up (9.3.1) suspends whatever is
being done and the action resumes after it; a cost is paid to its end first (8.4.2.1, 9.2.3, 9.3.3).

Numbers: clock 6 (one card short of a level up), a short deck and a few waiting-room cards, so the
order of the level up and the refresh (9.2) shows in the zone counts.
"""

from __future__ import annotations

import pytest
from ws_helpers import BRAWLER, GUARD, INSIGHT, MESSENGER, SCOUT, descriptions, find_action
from ws_tables import basic_deck, basic_pool

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.scenario import Scenario

D = K.Decision


def zone_n(g, name, p):
    return int(g.state[getattr(S, name + "_N") + p])


def six_clock_short_deck(sc, deck_left, wr):
    """Player 0: clock 6 (Guards and Scouts), ``deck_left`` cards in the deck, ``wr`` in the
    waiting room; every other card goes to the stock, out of the way."""
    sc.put_many(0, [GUARD] * 3 + [SCOUT] * 3, "clock")
    sc.empty_deck_to(0, "stock", keep=deck_left + wr)
    sc.empty_deck_to(0, "waiting_room", keep=deck_left)


def test_cr_9_1_2_1_level_up_interrupts_clock_phase_draws(scenario):
    """CR 6.4.1.2 / 9.1.2.1 / 9.3.1, the issue's example: clock 6, deck 1, waiting room 4. The
    clocked card makes 7: the level up comes before the two draws, its six cards go to the waiting
    room, and the refresh on the draws shuffles them into the deck (10 cards, not 4)."""
    sc = scenario()
    sc.put_many(0, [MESSENGER, MESSENGER], "hand")
    six_clock_short_deck(sc, deck_left=1, wr=4)
    sc.flow("clock")
    g = sc.game()
    assert g.decision == D.CLOCK
    g.step(find_action(g, "Clock (then draw 2) Messenger"))
    # the level up is asked before anything is drawn
    assert g.decision == D.LEVEL_UP and g.current_player == 0
    assert zone_n(g, "HAND", 0) == 1 and zone_n(g, "DECK", 0) == 1 and zone_n(g, "WR", 0) == 4
    g.step(find_action(g, "Level up with Guard"))
    # then the draws: the first empties the deck, the refresh takes all ten waiting-room cards
    # (4 + the level up's 6), the second draws from them; at the check timing the refresh point
    # puts the top card into the clock (9.9)
    assert g.decision == D.MAIN
    assert zone_n(g, "HAND", 0) == 3 and zone_n(g, "LEVEL", 0) == 1
    assert zone_n(g, "WR", 0) == 0 and zone_n(g, "DECK", 0) == 10 - 1 - 1 and zone_n(g, "CLOCK", 0) == 1
    assert int(g.state[S.REFRESH_POINT]) == 0


def _pool_with(program, **cost):
    """basic_pool plus one level-0 character whose ACT ability runs ``program`` (id 27); the
    scenario decks carry four of it in place of four Insight."""
    P = basic_pool()
    a = P.ability(K.AbilityKind.ACT, program, **cost)
    cid = P.card("Tester", level=0, cost=0, power=1000, abilities=[a])
    deck = basic_deck(P).copy()
    deck[deck == INSIGHT] = cid
    return P, deck, cid


@pytest.mark.parametrize("op", [K.Op.CLOCK_TOP, K.Op.DAMAGE], ids=["clock_top", "damage"])
def test_cr_9_1_2_1_level_up_interrupts_an_effect_between_its_instructions(op):
    """CR 9.1.2.1 / 9.3.1: "put the top card of your deck into your clock" (or 1 damage to
    yourself), then "draw a card": the level up comes between the two instructions, so the draw's
    refresh finds the level up's six cards in the waiting room."""
    P, deck, tester = _pool_with([(int(op), 0, 1, 0), (int(K.Op.DRAW), 0, 1, 0)])
    sc = Scenario.main_phase(P, decks=(deck, deck), turn_player=0)
    sc.put(0, tester, "stage", pos=0)
    sc.stack_deck(0, [BRAWLER, BRAWLER])  # no climax: the damage is not canceled (4.10.1.2)
    six_clock_short_deck(sc, deck_left=2, wr=4)
    g = sc.game()
    g.step(find_action(g, "Use ability 0 of Tester"))
    assert g.decision == D.LEVEL_UP  # before the draw
    assert zone_n(g, "HAND", 0) == 0 and zone_n(g, "DECK", 0) == 1 and zone_n(g, "WR", 0) == 4
    g.step(find_action(g, "Level up with Guard"))
    assert g.decision == D.MAIN
    assert zone_n(g, "HAND", 0) == 1  # the program resumed: the draw
    # the draw emptied the deck: refresh of 4 + 6; the refresh point's card to the clock
    assert zone_n(g, "WR", 0) == 0 and zone_n(g, "DECK", 0) == 10 - 1 and zone_n(g, "CLOCK", 0) == 1


def test_cr_9_3_3_level_up_waits_for_the_cost_then_comes_before_the_effect():
    """CR 8.4.2.1 / 9.3.3: a cost that puts cards into the clock (Accelerate, 10.12) is paid to its
    end (here two cards, 6 -> 8) before the level up; the level up then comes before the effect
    (a draw), which resumes after it."""
    P, deck, tester = _pool_with([(int(K.Op.DRAW), 0, 1, 0)], cost_clock_top=2)
    sc = Scenario.main_phase(P, decks=(deck, deck), turn_player=0)
    sc.put(0, tester, "stage", pos=0)
    six_clock_short_deck(sc, deck_left=4, wr=4)
    g = sc.game()
    g.step(find_action(g, "Use ability 0 of Tester"))
    assert g.decision == D.LEVEL_UP
    assert zone_n(g, "CLOCK", 0) == 8 and zone_n(g, "HAND", 0) == 0
    g.step(find_action(g, "Level up with Guard"))
    assert zone_n(g, "CLOCK", 0) == 1 and zone_n(g, "WR", 0) == 4 + 6
    assert zone_n(g, "HAND", 0) == 1 and zone_n(g, "DECK", 0) == 1
    assert g.decision == D.MAIN


def test_cr_9_2_3_no_refresh_while_a_cost_is_paid():
    """CR 9.2.3 / 8.4.2.2: with one card in the deck, a cost of "the top two cards of your deck
    into your clock" cannot be paid: the refresh that would supply the second card waits for the
    end of the payment. One card is enough for a cost of one; the refresh follows the payment."""
    P, deck, tester = _pool_with([(int(K.Op.DRAW), 0, 1, 0)], cost_clock_top=2)
    sc = Scenario.main_phase(P, decks=(deck, deck), turn_player=0)
    sc.put(0, tester, "stage", pos=0)
    sc.empty_deck_to(0, "stock", keep=6)
    sc.empty_deck_to(0, "waiting_room", keep=1)
    g = sc.game()
    assert not any(x.startswith("Use ability 0 of Tester") for x in descriptions(g))

    P, deck, tester = _pool_with([(int(K.Op.DRAW), 0, 1, 0)], cost_clock_top=1)
    sc = Scenario.main_phase(P, decks=(deck, deck), turn_player=0)
    sc.put(0, tester, "stage", pos=0)
    sc.empty_deck_to(0, "stock", keep=6)
    sc.empty_deck_to(0, "waiting_room", keep=1)
    g = sc.game()
    g.step(find_action(g, "Use ability 0 of Tester"))
    # cost: the last card to the clock; then the refresh (5 cards), the draw, the refresh point
    assert zone_n(g, "HAND", 0) == 1 and zone_n(g, "WR", 0) == 0
    assert zone_n(g, "DECK", 0) == 5 - 1 - 1 and zone_n(g, "CLOCK", 0) == 2


def test_cr_9_1_2_2_level_four_in_the_middle_of_an_effect_loses_at_the_check_timing():
    """CR 9.1.2.2 / 9.4.1.1: the losing verdict is a check-type rule action. An effect "put the
    top card of your deck into your clock, choose one of your characters, draw a card" at level 3,
    clock 6: the level up to level 4 interrupts it (9.3.1), the effect goes on (the choice is
    still asked, the card still drawn), and the player loses at the check timing after it."""
    P = basic_pool()
    own_char = P.filter(side=1)
    a = P.ability(K.AbilityKind.ACT, [(int(K.Op.CLOCK_TOP), 0, 1, 0), (int(K.Op.CHOOSE), 0, own_char, 1, 0),
                                      (int(K.Op.DRAW), 0, 1, 0)])
    tester = P.card("Tester", level=0, cost=0, power=1000, abilities=[a])
    deck = basic_deck(P).copy()
    deck[deck == INSIGHT] = tester
    sc = Scenario.main_phase(P, decks=(deck, deck), turn_player=0)
    sc.put(0, tester, "stage", pos=0)
    sc.put_many(0, [MESSENGER] * 3, "level")
    six_clock_short_deck(sc, deck_left=5, wr=4)
    g = sc.game()
    g.step(find_action(g, "Use ability 0 of Tester"))
    assert g.decision == D.LEVEL_UP  # at once, before the choice
    g.step(find_action(g, "Level up with Guard"))
    assert not g.done and g.decision == D.CHOOSE_TARGET  # level 4, but no check timing yet
    g.step(find_action(g, "Choose own"))
    assert zone_n(g, "HAND", 0) == 1  # the effect was resolved to its end
    assert g.done and g.winner == 1
