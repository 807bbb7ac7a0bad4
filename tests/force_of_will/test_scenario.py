"""The Force of Will scenario builder (tcg_env.games.force_of_will.scenario): a built position is a
position the engine plays, and a bad zone or card is a ValueError naming it."""

from __future__ import annotations

import pytest

from tcg_env import SnapshotError
from tcg_env.engine.header import H_DECIDER, H_DECISION, H_TURN
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from tcg_env.games.force_of_will.adapter import check_snapshot
from tcg_env.games.force_of_will.scenario import Scenario
from tcg_env.registry import get_spec

EMBER_CRYSTAL = "FOW1-079"  # a fire magic stone
CINDER_WHELP = "FOW1-024"  # a {R} resonator with [Swiftness]


@pytest.fixture(scope="module")
def pool():
    return get_spec("force_of_will").load_tables()


@pytest.mark.parametrize("turn_player, turn", [(0, 3), (1, 3), (1, 4)])
def test_cr_504_main_phase_is_the_turn_players_main_timing_with_priority(pool, turn_player, turn):
    sc = Scenario.main_phase(pool, turn_player=turn_player, turn=turn, seed=2)
    r = sc.row
    assert int(r[S.TURN_PLAYER]) == turn_player and int(r[H_TURN]) == turn
    assert int(r[S.STEP]) == K.Step.MAIN
    assert int(r[H_DECISION]) == K.Decision.PRIORITY and int(r[H_DECIDER]) == turn_player
    for p in (0, 1):
        assert sc.zone(p, "hand") == [] and sc.zone(p, "field") == []
        assert len(sc.zone(p, "ruler_area")) == 1  # CR 316.1: the ruler stays
        assert len(sc.zone(p, "main_deck")) == 40 and len(sc.zone(p, "stone_deck")) == 10
    g = sc.game()
    check_snapshot(g.state, pool)  # the full snapshot check: values, lists, a legal action


def test_cr_907_a_stone_put_in_play_pays_for_a_card_put_in_hand(pool):
    """The scenario's magic stone produces {R} (CR 907) and the Whelp put in the hand is played with
    it, resolves and enters the field (CR 702, 1016)."""
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    stone = sc.put(0, EMBER_CRYSTAL, "field")
    (whelp,) = sc.hand(0, [CINDER_WHELP])
    g = sc.game()
    legal = set(g.legal_actions().tolist())
    produce = K.WILL_A_BASE + sc.zone(0, "field").index(stone)
    assert produce in legal
    assert K.PLAY_HAND_BASE not in legal  # no will yet: the Whelp cannot be paid
    g.step(produce)
    assert K.PLAY_HAND_BASE in set(g.legal_actions().tolist())
    g.step(K.PLAY_HAND_BASE)
    for _ in range(4):
        if int(g.state[S.ZONE + whelp * S.CARD_W]) == K.Zone.FIELD:
            break
        g.step(K.PASS)
    assert int(g.state[S.ZONE + whelp * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.RESTED + stone * S.CARD_W]) == 1


def test_a_card_without_a_stone_is_not_playable(pool):
    sc = Scenario.main_phase(pool, turn_player=1, seed=1)
    sc.hand(1, [CINDER_WHELP])
    assert K.PLAY_HAND_BASE not in set(sc.game().legal_actions().tolist())


def test_cr_803_3a_entered_this_turn_cannot_attack_the_turn_before_can(pool):
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    fresh = sc.put(0, "FOW1-025", "field", entered_this_turn=True)  # Ashen Duelist: no [Swiftness]
    g = sc.game()
    assert int(g.state[S.ENTERED + fresh * S.CARD_W]) == int(g.state[H_TURN])
    sc2 = Scenario.main_phase(pool, turn_player=0, seed=1)
    old = sc2.put(0, "FOW1-025", "field")
    assert int(sc2.row[S.ENTERED + old * S.CARD_W]) == int(sc2.row[H_TURN]) - 1


def test_bad_zone_and_card_are_a_value_error_naming_them(pool):
    sc = Scenario.main_phase(pool, seed=1)
    with pytest.raises(ValueError, match="no zone 'battlefield'"):
        sc.put(0, CINDER_WHELP, "battlefield")
    with pytest.raises(ValueError, match="no card 'FOW9-999'"):
        sc.hand(0, ["FOW9-999"])
    with pytest.raises(ValueError, match="card id 99999 is outside"):
        sc.hand(0, [99999])


def test_moves_keep_the_lists_consistent_and_a_broken_row_fails_the_check(pool):
    sc = Scenario.main_phase(pool, seed=3)
    top = sc.zone(0, "main_deck")[-1]
    sc.move(top, "graveyard")
    sc.move(top, "hand")
    assert sc.zone(0, "hand") == [top] and top not in sc.zone(0, "graveyard")
    sc.game()  # consistent
    sc.row[S.ZONE + top * S.CARD_W] = K.Zone.GRAVEYARD  # listed in the hand, recorded elsewhere
    with pytest.raises(SnapshotError, match=f"slot {top} is listed in hand"):
        sc.game()
