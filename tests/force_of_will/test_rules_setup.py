"""CR 403: setting up the game, the mulligan, the first turn."""

import numpy as np

from helpers import D, St, Z, life, step, turn_player
from fow_tables import Row
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import observation as O
from tcg_env.games.force_of_will import state as S
from tcg_env.games.force_of_will.observation import observe_row


def test_cr_403_1_the_ruler_starts_in_the_ruler_area_and_the_decks_in_their_zones(pool):
    r = Row(pool)
    for p in range(2):
        assert r.names(Z.RULER_AREA, p) == ["Flame Ruler"]
        assert len(r.zone(Z.MAIN_DECK, p)) + len(r.zone(Z.HAND, p)) == 40
        assert len(r.zone(Z.STONE_DECK, p)) == 10
        assert set(r.names(Z.STONE_DECK, p)) == {"Fire Stone", "Dual Stone"}


def test_cr_403_2_the_main_decks_are_shuffled(pool):
    orders = {tuple(Row(pool, seed=s).names(Z.MAIN_DECK, 0)) for s in range(4)}
    assert len(orders) > 1


def test_cr_403_3_each_player_starts_with_4000_life(pool):
    r = Row(pool)
    assert life(r, 0) == life(r, 1) == 4000


def test_cr_403_4_the_first_player_is_chosen_at_random(pool):
    firsts = {int(Row(pool, seed=s).s[S.FIRST_PLAYER]) for s in range(12)}
    assert firsts == {0, 1}


def test_cr_403_5_five_cards_each_and_the_first_player_chooses_first(pool):
    for seed in range(3):
        r = Row(pool, seed=seed)
        assert [len(r.zone(Z.HAND, p)) for p in range(2)] == [5, 5]
        assert r.decision == D.MULLIGAN and r.decider == int(r.s[S.FIRST_PLAYER])
        r.act(K.PASS)
        assert r.decision == D.MULLIGAN and r.decider == 1 - int(r.s[S.FIRST_PLAYER])


def test_cr_403_5_chosen_cards_go_to_the_bottom_and_as_many_are_drawn(pool):
    r = Row(pool, seed=1)
    p = r.decider
    hand = r.zone(Z.HAND, p)
    r.act(K.SELECT_HAND_BASE + 0)
    r.act(K.SELECT_HAND_BASE + 3)
    assert K.SELECT_HAND_BASE + 0 not in r.legal()  # chosen once
    top_two = r.zone(Z.MAIN_DECK, p)[-2:]
    r.act(K.PASS)
    r.act(K.PASS)
    new_hand = r.zone(Z.HAND, p)
    assert len(new_hand) == 5
    assert set(r.zone(Z.MAIN_DECK, p)[:2]) == {hand[0], hand[3]}  # on the bottom (any order)
    assert set(top_two) <= set(new_hand)
    assert hand[0] not in new_hand and hand[3] not in new_hand


def _obs(r, player):
    out = np.full(O.OBS_SIZE, np.nan, np.float32)  # observe_row writes every column
    observe_row(K.RULES, r.s, r.T, player, out)
    return out


def test_cr_403_5_the_chooser_sees_the_cards_it_chose_to_change_and_its_opponent_does_not(pool):
    """CR 403.5: a player chooses the hand cards to change one at a time, and they move only after
    both players chose. The chooser's observation shows what it chose so far (the own hand rows'
    ``put_back`` column; the mask alone showed it before, a state its observation did not tell
    apart); the hand is its owner's (CR 306.2), so the opponent's observation is the same whatever
    was chosen, while the first player chooses and while the second does."""
    col = K.CARD_OBS_FEATURES + O.DYN_PUT_BACK
    chose, nothing = Row(pool, seed=1), Row(pool, seed=1)
    p = chose.decider
    chose.act(K.SELECT_HAND_BASE + 2)
    assert chose.decision == nothing.decision == D.MULLIGAN and chose.decider == nothing.decider == p
    mine = _obs(chose, p)
    assert not np.array_equal(mine, _obs(nothing, p))
    hand = mine[O.B_HAND : O.B_HAND + K.HAND_SLOTS * O.CARD_ROW_W].reshape(K.HAND_SLOTS, O.CARD_ROW_W)
    assert hand[:5, col].tolist() == [0, 0, 1, 0, 0]
    assert not _obs(nothing, p)[O.B_HAND + col :: O.CARD_ROW_W].any()
    assert np.array_equal(_obs(chose, 1 - p), _obs(nothing, 1 - p))  # hidden from the opponent
    for r in (chose, nothing):
        r.act(K.PASS)  # the other player chooses now
    assert chose.decider == nothing.decider == 1 - p
    assert np.array_equal(_obs(chose, 1 - p), _obs(nothing, 1 - p))
    for r in (chose, nothing):  # both done: the chosen card went to the bottom, one drawn (public counts)
        r.act(K.PASS)
    assert not _obs(chose, p)[O.B_HAND + col :: O.CARD_ROW_W][: K.HAND_SLOTS].any()


def test_cr_403_6_the_first_player_begins_the_first_turn(pool):
    r = Row(pool, seed=2)
    r.skip_mulligans()
    assert int(r.s[9]) == 1 and turn_player(r) == int(r.s[S.FIRST_PLAYER])
    assert step(r) == St.DRAW_BEGIN and r.decision == D.PRIORITY and r.decider == turn_player(r)
