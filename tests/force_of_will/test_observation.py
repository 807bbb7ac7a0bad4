"""What the observation shows of a choice, of X and of shields: the candidates of the decider's
choice (CR 1014.2 search, 1034.1 foresee, 903.2g targets, 906.5 automatic abilities), hidden from
the opponent (CR 302.2); X (CR 903.2f); prevention and destruction shields (CR 1018, 910)."""

import numpy as np
from helpers import D, Z, main_row, pass_both, play, search_row, to_hand, turn_player
from tcg_env.engine.batch import seed_agent_rng
from tcg_env.engine.tables import unpack_obs_rows
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import observation as O
from tcg_env.games.force_of_will import state as S
from tcg_env.games.force_of_will.observation import observe_row
from tcg_env.games.force_of_will.policy_kernels import resample_hidden

F, G, L, W = K.Attribute.FIRE, K.Attribute.WIND, K.Attribute.LIGHT, K.Attribute.WATER
DYN = K.CARD_OBS_FEATURES  # the first dynamic column of a card row


def obs_of(r, p):
    out = np.full(O.OBS_SIZE, np.nan, np.float32)  # observe_row writes every column
    observe_row(K.RULES, r.s, r.T, p, out)
    return out


def cand_row(obs, k):
    return obs[O.B_CAND + k * O.CARD_ROW_W : O.B_CAND + (k + 1) * O.CARD_ROW_W]


def candidates(r):
    return [int(r.s[S.CAND + k]) for k in range(int(r.s[S.CAND_N]))]


def card_rows_of(obs, base, rows):
    return obs[base : base + rows * O.CARD_ROW_W].reshape(rows, O.CARD_ROW_W)


def test_cr_1014_2_the_searcher_sees_the_cards_it_may_find_and_its_opponent_does_not(pool):
    r, tp = search_row(pool)  # Tracker: search your main deck for a resonator
    assert r.decision == D.SEARCH and r.decider == tp
    ids = candidates(r)  # card ids
    mine, theirs = obs_of(r, tp), obs_of(r, 1 - tp)
    static = unpack_obs_rows(r.T)
    for k, cid in enumerate(ids):
        row = cand_row(mine, k)
        assert np.array_equal(row[:DYN], static[cid, :DYN])  # the card's own columns (its id among them)
        assert row[DYN + O.DYN_PRESENT] == 1.0 and not row[DYN + 1 :].any()  # a card id has no state
    for k in range(len(ids), K.OPTION_SLOTS):
        assert not cand_row(mine, k).any()
    assert not theirs[O.B_CAND : O.OBS_SIZE].any()  # CR 302.2: hidden from the opponent
    # row k is OPTION k's card: choosing it puts that card id into the hand
    r.act(K.OPTION_BASE + 1)
    assert ids[1] in [r.cid(c) for c in r.zone(Z.HAND, tp)]
    assert not obs_of(r, tp)[O.B_CAND : O.OBS_SIZE].any()  # no choice pending: no candidates


def test_cr_1034_1_the_foreseen_cards_are_shown_to_their_player_and_stay_through_a_redeal(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Oracle")  # foresee 3
    r.give_will(tp, W)
    play(r, tp, "Oracle")
    pass_both(r)
    assert r.decision == D.FORESEE and r.decider == tp
    top3 = candidates(r)
    mine = obs_of(r, tp)
    static = unpack_obs_rows(r.T)
    for k, slot in enumerate(top3):
        row = cand_row(mine, k)
        assert np.array_equal(row[:DYN], static[r.cid(slot), :DYN])  # OPTION k / BOTTOM k's card
        assert row[DYN + O.DYN_PRESENT] == 1.0 and row[DYN + O.DYN_MINE] == 1.0
    assert not obs_of(r, 1 - tp)[O.B_CAND : O.OBS_SIZE].any()
    # redealing what the player cannot see (its deck's order) keeps the cards it looks at
    ids = [r.cid(c) for c in top3]
    for seed in range(5):
        resample_hidden(K.RULES, r.s, r.T, tp, seed_agent_rng(1, seed)[0])
        assert [r.cid(c) for c in candidates(r)] == ids
        assert np.array_equal(obs_of(r, tp), mine)


def test_cr_903_2g_the_target_candidates_are_the_cards_option_k_names(pool):
    r = main_row(pool)
    tp = turn_player(r)
    knight = r.put(1 - tp, "Knight", Z.FIELD)
    to_hand(r, tp, "Fire Bolt")
    r.give_will(tp, F)
    play(r, tp, "Fire Bolt")
    assert r.decision == D.CHOOSE_TARGET
    k = candidates(r).index(knight)
    obs = obs_of(r, tp)
    i = r.field_index(1 - tp, knight)
    # the same row as the opponent's field shows for that card
    assert np.array_equal(cand_row(obs, k), card_rows_of(obs, O.B_OPP_FIELD, K.FIELD_SLOTS)[i])
    assert not obs_of(r, 1 - tp)[O.B_CAND : O.OBS_SIZE].any()


def test_cr_903_2f_the_largest_x_while_choosing_and_the_chosen_x_on_the_chase(pool):
    r = main_row(pool)
    tp = turn_player(r)
    r.put(1 - tp, "Knight", Z.FIELD)
    to_hand(r, tp, "Surge")  # {F}{X}: X00 damage to target J/resonator
    r.give_will(tp, F, 2)
    r.give_will(tp, W, 2)
    play(r, tp, "Surge")
    assert r.decision == D.CHOOSE_X
    assert obs_of(r, tp)[O.G_X_MAX] == np.float32(0.3)  # X = 0 .. 3
    r.act(K.OPTION_BASE + 3)
    r.act(K.OPTION_BASE + 0)
    obs = obs_of(r, tp)
    assert obs[O.G_X_MAX] == 0.0
    assert obs[O.B_CHASE + DYN + O.DYN_X] == np.float32(0.3)  # the entry's X = 3


def test_cr_1018_a_prevention_shield_shows_on_its_card_and_on_its_player(pool):
    r = main_row(pool)
    tp = turn_player(r)
    knight = r.put(1 - tp, "Knight", Z.FIELD)
    to_hand(r, tp, "Ward")  # prevent the next 600 damage to target J/resonator this turn
    r.give_will(tp, L)
    play(r, tp, "Ward")
    r.act(K.OPTION_BASE + candidates(r).index(knight))
    pass_both(r)
    i = r.field_index(1 - tp, knight)
    for viewer, base in ((tp, O.B_OPP_FIELD), (1 - tp, O.B_FIELD)):
        obs = obs_of(r, viewer)
        assert obs[base + i * O.CARD_ROW_W + DYN + O.DYN_PREVENT] == np.float32(0.6)  # public (CR 302.2)
    r.act(K.PASS)
    to_hand(r, 1 - tp, "Haven")  # prevent all damage that would be dealt to you this turn
    r.give_will(1 - tp, L)
    play(r, 1 - tp, "Haven")
    pass_both(r)
    assert obs_of(r, 1 - tp)[O.G_PREVENT] == O.SHIELD_PREVENT_ALL
    assert obs_of(r, tp)[O.G_PREVENT + 1] == O.SHIELD_PREVENT_ALL
    r.pass_until(lambda x: turn_player(x) != tp)  # CR 505.5b: they end with the turn
    obs = obs_of(r, tp)
    assert obs[O.G_PREVENT + 1] == 0.0 and obs[O.B_OPP_FIELD + i * O.CARD_ROW_W + DYN + O.DYN_PREVENT] == 0.0


def test_cr_1112_2a_a_played_gods_art_shows_on_every_card_of_that_name_of_its_player(pool):
    r = main_row(pool)
    tp = turn_player(r)
    glass, same, other = (r.put(tp, n, Z.FIELD) for n in ("Hourglass", "Sandglass", "Astrolabe"))
    theirs = r.put(1 - tp, "Hourglass", Z.FIELD)
    in_hand = to_hand(r, tp, "Sandglass")
    col = DYN + O.DYN_GODS_ART_USED

    def used(obs, base, p, slots):
        return [float(obs[base + r.field_index(p, x) * O.CARD_ROW_W + col]) for x in slots]

    assert not card_rows_of(obs_of(r, tp), O.B_HAND, K.HAND_SLOTS)[:, col].any()
    assert used(obs_of(r, tp), O.B_FIELD, tp, (glass, same, other)) == [0, 0, 0]
    r.act(K.ACTIVATE_BASE + r.field_index(tp, glass) * K.ABILITIES_PER_CARD)  # Turning Sands
    pass_both(r)
    for viewer, mine, opp in ((tp, O.B_FIELD, O.B_OPP_FIELD), (1 - tp, O.B_OPP_FIELD, O.B_FIELD)):
        obs = obs_of(r, viewer)
        assert used(obs, mine, tp, (glass, same, other)) == [1, 1, 0]  # public (CR 302.2)
        assert used(obs, opp, 1 - tp, (theirs,)) == [0]  # its controller has not played the name
    i = r.zone(Z.HAND, tp).index(in_hand)
    assert obs_of(r, tp)[O.B_HAND + i * O.CARD_ROW_W + col] == 1.0  # its owner would play it
