"""The Weiss Schwarz scenario builder (tcg_env.games.weiss_schwarz.scenario, on the shared
tcg_env.scenario.Scenario): a built position is one the engine plays, the stage positions are kept
as the kernels keep them, and a bad zone, card or position is a ValueError naming it."""

from __future__ import annotations

import pytest
from ws_helpers import GUARD, SCOUT

from tcg_env.engine.header import H_DECIDER, H_DECISION, H_TURN
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.adapter import POS_NAMES, card_name, check_snapshot
from tcg_env.games.weiss_schwarz.scenario import Scenario


def _on_stage(row, player):
    return [int(row[S.STAGE + player * K.N_POSITIONS + pos]) for pos in range(K.N_POSITIONS)]


@pytest.mark.parametrize("turn_player, turn", [(0, 3), (1, 3), (1, 4)])
def test_cr_6_5_main_phase_is_the_turn_players_main_phase_decision(pool, deck, turn_player, turn):
    sc = Scenario.main_phase(pool, decks=(deck, deck), turn_player=turn_player, turn=turn, seed=2)
    for p in (0, 1):
        assert len(sc.zone(p, "deck")) == len(deck)  # every card back in its owner's deck
        assert sc.zone(p, "hand") == [] and _on_stage(sc.row, p) == [-1] * K.N_POSITIONS
    g = sc.game()
    r = g.state
    assert int(r[H_DECISION]) == K.Decision.MAIN and int(r[H_DECIDER]) == turn_player
    assert int(r[S.TURN_PLAYER]) == turn_player and int(r[H_TURN]) == turn
    # the first player plays the odd turns
    assert int(r[S.FIRST_PLAYER]) == (turn_player if turn % 2 == 1 else 1 - turn_player)
    check_snapshot(r, pool)  # the full snapshot check: values, lists, a legal action


def test_cr_3_6_a_character_put_on_a_position_is_on_the_stage_as_the_kernels_keep_it(scenario):
    sc = scenario()
    scout = sc.put(0, SCOUT, "stage", pos=1, orient=K.Orientation.REST)
    w = scout * S.CARD_W
    assert _on_stage(sc.row, 0)[1] == scout
    assert int(sc.row[S.ZONE + w]) == K.Zone.STAGE and int(sc.row[S.POS + w]) == 1
    assert int(sc.row[S.ORIENT + w]) == K.Orientation.REST
    g = sc.game()
    assert int(g.state[S.D_POWER + w]) > 0  # the engine derived its power at its check timing (CR 8.9)
    # another character on the same position sends the first back on top of the deck; off the
    # stage it has no position and stands
    guard = sc.put(0, GUARD, "stage", pos=1)
    assert _on_stage(sc.row, 0)[1] == guard
    assert sc.zone(0, "deck")[-1] == scout
    assert int(sc.row[S.POS + w]) == -1 and int(sc.row[S.ORIENT + w]) == K.Orientation.STAND
    sc.move(guard, "waiting_room")
    assert _on_stage(sc.row, 0) == [-1] * K.N_POSITIONS and sc.zone(0, "waiting_room") == [guard]
    check_snapshot(sc.game().state, sc.pool)


def test_cards_are_copies_from_the_deck_stacked_and_emptied_in_order(scenario, deck):
    sc = scenario()
    n_scouts = sum(1 for slot in sc.zone(0, "deck") if int(sc.row[S.CARD + slot * S.CARD_W]) == SCOUT)
    assert n_scouts >= 2
    top = sc.deck_slot(0, SCOUT)
    assert sc.put(0, SCOUT, "hand") == top  # the topmost copy
    sc.stack_deck(0, [GUARD, SCOUT])
    deck_now = sc.zone(0, "deck")
    assert [int(sc.row[S.CARD + s * S.CARD_W]) for s in deck_now[-2:]] == [SCOUT, GUARD]  # GUARD on top
    sc.empty_deck_to(0, "stock", keep=5)
    assert sc.zone(0, "deck") == deck_now[-5:] and len(sc.zone(0, "stock")) == len(deck_now) - 5
    g = sc.game()
    check_snapshot(g.state, g.pool)


def test_bad_zone_card_and_position_are_a_value_error_naming_them(scenario):
    sc = scenario()
    with pytest.raises(ValueError, match="no zone 'battlefield'"):
        sc.put(0, SCOUT, "battlefield")
    with pytest.raises(ValueError, match="the stage needs pos=0..4"):
        sc.put(0, SCOUT, "stage")
    with pytest.raises(ValueError, match="the stage needs pos=0..4"):
        sc.put(0, SCOUT, "stage", pos=5)
    for _ in range(sum(1 for s in sc.zone(0, "deck") if int(sc.row[S.CARD + s * S.CARD_W]) == SCOUT)):
        sc.put(0, SCOUT, "waiting_room")
    with pytest.raises(ValueError, match="player 0 has no 0 left in the deck"):
        sc.put(0, SCOUT, "hand")


def test_two_copies_in_hand_are_described_apart_by_their_hand_position(scenario, pool):
    """Two copies of a card in hand are two different actions (the action's hand index), and
    their descriptions say which (the position in the hand as listed, 1 = the first); a card
    with no other copy in hand is described by its name alone. Each description still starts
    with the words a single copy's has."""
    sc = scenario()
    sc.put_many(0, [SCOUT, GUARD, SCOUT], "hand")
    g = sc.game()
    scout, guard = (card_name(pool, c) for c in (SCOUT, GUARD))
    texts = {g.describe_action(int(a)) for a in g.legal_actions()}
    pos = POS_NAMES[0]
    assert f"Play {scout} to {pos} (hand card 1)" in texts and f"Play {scout} to {pos} (hand card 3)" in texts
    assert f"Play {guard} to {pos}" in texts
    plays = [t for t in texts if t.startswith(f"Play {scout} to {pos}")]
    assert len(plays) == 2  # one description per action, none the same
    # the other player's log reads the play without the position (it would tell a copy is left)
    public = {g.describe_action(int(a), public=True) for a in g.legal_actions()}
    assert f"Play {scout} to {pos}" in public and not any("hand card" in t for t in public)
