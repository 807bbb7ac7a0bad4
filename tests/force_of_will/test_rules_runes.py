"""Runes (CR 711), the rune area (CR 315), [Divinity] (CR 209, 1136), [Rune] (CR 1137), copies
(CR 1017.3) and chant/runes (CR 201.2c), on the hand-built ``fow_tables.rune_pool``."""

import numpy as np
import pytest
from numba import njit

from fow_tables import Row, W, D as DARK, current_values, rune_deck, rune_row
from helpers import D, St, Z, pass_both, play, step, to_hand, turn_player, will
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import observation as O
from tcg_env.games.force_of_will import state as S
from tcg_env.engine.batch import seed_agent_rng
from tcg_env.engine.zones import deal_hidden
from tcg_env.games.force_of_will.observation import observe_row
from tcg_env.games.force_of_will.policy_kernels import resample_hidden



def rune_index(r, p, name):
    return r.names(Z.RUNE_AREA, p).index(name)


def rune_action(r, p, name):
    return K.PLAY_RUNE_BASE + rune_index(r, p, name)


def rune_of(r, p, name):
    return r.zone(Z.RUNE_AREA, p)[rune_index(r, p, name)]


def ruler(p):
    return p * K.PLAYER_SLOTS + K.RULER_SLOT


def test_cr_403_1_the_rune_deck_is_dealt_to_the_rune_area_face_down(rpool):
    r = Row(rpool, rune_deck(rpool), rune_deck(rpool))
    for p in (0, 1):
        assert sorted(r.names(Z.RUNE_AREA, p)) == ["Grand Rune", "Night Rune", "Quick Rune", "Tide Rune"]
        assert all(r.rec(S.REVEALED, s) == 0 for s in r.zone(Z.RUNE_AREA, p))
        assert not any(n.endswith(" Rune") for n in r.names(Z.MAIN_DECK, p) + r.names(Z.HAND, p))


def test_cr_711_1_no_rune_without_a_j_ruler_with_divinity(rpool):
    r = rune_row(rpool, ruler="Flame Ruler")
    tp = turn_player(r)
    r.give_will(tp, W, 3)
    r.give_will(tp, DARK, 3)
    assert not any(a >= K.PLAY_RUNE_BASE for a in r.legal())


def test_cr_711_2_a_rune_is_revealed_copied_paid_and_its_copy_resolves_and_ceases_to_exist(rpool):
    r = rune_row(rpool)
    tp = turn_player(r)
    tide = rune_of(r, tp, "Tide Rune")
    a = rune_action(r, tp, "Tide Rune")
    assert a not in r.legal()  # no will to pay {W}
    r.give_will(tp, W)
    hand = len(r.zone(Z.HAND, tp))
    r.act(a)
    # revealed, and still in the rune area (CR 711.2, 711.2a); its copy is the spell on the chase
    assert r.rec(S.REVEALED, tide) == 1 and tide in r.zone(Z.RUNE_AREA, tp)
    chase = r.zone(Z.CHASE, tp)
    assert len(chase) == 1 and chase[0] != tide
    copy = chase[0]
    assert r.cid(copy) == r.cid(tide) and r.rec(S.PSEUDO, copy) == 1 and copy // K.PLAYER_SLOTS == tp
    assert will(r, tp) == [0] * K.N_WILL and r.decider == tp  # paid; the player keeps priority
    pass_both(r)
    # CR 711.3: the text is performed (draw, a mana counter on the J/ruler), the copy is removed
    # from the chase and ceases to exist (CR 1017.3a): no card in any graveyard, its slot free
    assert len(r.zone(Z.HAND, tp)) == hand + 1 and r.rec(S.MANA, ruler(tp)) == 3
    assert int(r.s[S.CHASE_N]) == 0 and r.cid(copy) == -1 and r.rec(S.PSEUDO, copy) == 0
    assert r.rec(S.ZONE, copy) == Z.NONE and "Tide Rune" not in r.names(Z.GRAVEYARD, tp)
    assert r.rec(S.REVEALED, tide) == 1 and r.zone(Z.RUNE_AREA, tp).count(tide) == 1
    # CR 711.2: only face-down runes are played
    r.give_will(tp, W, 2)
    assert a not in r.legal()


def test_cr_711_2a_remaining_divinity_is_the_j_rulers_minus_the_revealed_runes(rpool):
    r = rune_row(rpool)
    tp = turn_player(r)
    r.give_will(tp, W, 4)
    r.give_will(tp, DARK, 2)
    legal = r.legal()
    assert rune_action(r, tp, "Grand Rune") in legal and rune_action(r, tp, "Night Rune") not in legal  # no target
    r.set_rec(S.REVEALED, rune_of(r, tp, "Night Rune"), 1)  # divinity 2 of the ruler's 3 used
    legal = r.legal()
    assert rune_action(r, tp, "Tide Rune") in legal and rune_action(r, tp, "Grand Rune") not in legal
    # CR 1136.3: the J-ruler's [Divinity] 6 once judgment resolves: 6 - 2 = 4 left
    r.act(K.JUDGMENT)
    pass_both(r)
    assert r.rec(S.ZONE, ruler(tp)) == Z.FIELD and r.decider == tp
    assert rune_action(r, tp, "Grand Rune") in r.legal()
    r.act(rune_action(r, tp, "Grand Rune"))
    pass_both(r)
    # 4 - 3 = 1: a divinity 1 rune is still playable
    assert rune_action(r, tp, "Tide Rune") in r.legal()


def test_cr_711_1_runes_at_main_timing_and_709_3c_a_rune_with_quickcast_at_any_priority(rpool):
    r = rune_row(rpool)
    tp = turn_player(r)
    op = 1 - tp
    r.give_will(op, W, 2)
    r.act(K.PASS)  # the turn player passes in its main phase: the opponent has priority
    assert r.decider == op
    legal = r.legal()
    assert rune_action(r, op, "Quick Rune") in legal and rune_action(r, op, "Tide Rune") not in legal
    life = int(r.s[S.LIFE + tp])
    r.act(rune_action(r, op, "Quick Rune"))
    pass_both(r)
    assert int(r.s[S.LIFE + tp]) == life - 300
    # the turn player with a spell on the chase: not main timing (CR 701.2)
    r.give_will(tp, W, 3)
    to_hand(r, tp, "Imp")
    r.give_will(tp, K.Attribute.FIRE)
    play(r, tp, "Imp")
    assert rune_action(r, tp, "Tide Rune") not in r.legal() and rune_action(r, tp, "Quick Rune") in r.legal()


def test_cr_1017_3a_a_cancelled_rune_copy_ceases_to_exist_and_201_2c_a_chant_rune_is_a_chant(rpool):
    r = rune_row(rpool)
    tp = turn_player(r)
    op = 1 - tp
    imp = r.put(op, "Imp", Z.FIELD)
    to_hand(r, op, "Chant Counter")
    r.give_will(op, W)
    r.give_will(tp, DARK, 2)
    r.act(rune_action(r, tp, "Night Rune"))
    r.act(K.OPTION_BASE + r.s[S.CAND:S.CAND + int(r.s[S.CAND_N])].tolist().index(imp))
    copy = r.zone(Z.CHASE, tp)[0]
    r.act(K.PASS)
    assert r.decider == op
    play(r, op, "Chant Counter")  # CR 201.2c-i: the chant/rune's copy is a chant spell
    r.act(K.OPTION_BASE + 0)
    pass_both(r)  # the counter resolves: the copy leaves the chase and ceases to exist
    assert r.cid(copy) == -1 and r.zone(Z.CHASE, tp) == [] and "Night Rune" not in r.names(Z.GRAVEYARD, tp)
    assert r.rec(S.ZONE, imp) == Z.FIELD and r.rec(S.REVEALED, rune_of(r, tp, "Night Rune")) == 1
    # a rune without the chant type is no chant: the counter has no target
    to_hand(r, op, "Chant Counter")
    r.give_will(op, W)
    r.give_will(tp, W, 2)
    r.pass_until(lambda x: x.decision == D.PRIORITY and x.decider == tp and int(x.s[S.CHASE_N]) == 0)
    r.act(rune_action(r, tp, "Tide Rune"))
    r.act(K.PASS)
    assert r.decider == op and K.PLAY_HAND_BASE + r.hand_index(op, "Chant Counter") not in r.legal()


def test_cr_1137_2b_rune_number_an_enter_ability_needs_revealed_runes(rpool):
    r = rune_row(rpool)
    tp = turn_player(r)
    for revealed in (False, True):
        if revealed:
            r.set_rec(S.REVEALED, rune_of(r, tp, "Tide Rune"), 1)
        to_hand(r, tp, "Glyph Adept")
        r.give_will(tp, W)
        play(r, tp, "Glyph Adept")
        hand = len(r.zone(Z.HAND, tp))
        pass_both(r)  # it resolves; a triggered [Enter] goes onto the chase
        assert int(r.s[S.CHASE_N]) == int(revealed) and step(r) == St.MAIN
        if revealed:
            pass_both(r)
            assert len(r.zone(Z.HAND, tp)) == hand + 1


def test_cr_1137_2a_rune_will_symbols_need_a_revealed_rune_of_each_attribute(rpool):
    r = rune_row(rpool)
    tp = turn_player(r)
    adept = r.put(tp, "Glyph Adept", Z.FIELD)
    a = K.ACTIVATE_BASE + r.field_index(tp, adept) * K.ABILITIES_PER_CARD  # its only activate ability
    r.set_rec(S.REVEALED, rune_of(r, tp, "Tide Rune"), 1)  # a water rune
    r.set_rec(S.REVEALED, rune_of(r, tp, "Quick Rune"), 1)  # a second water rune: still no darkness one
    assert a not in r.legal()
    r.set_rec(S.REVEALED, rune_of(r, tp, "Night Rune"), 1)
    assert a in r.legal()
    r.act(a)  # its cost: a mana counter from the J/ruler (CR 1122)
    assert r.rec(S.MANA, ruler(tp)) == 1
    pass_both(r)
    assert current_values(r.s, r.T, adept)[:2] == (700, 700)


def _obs(r, player):
    obs = np.zeros(O.OBS_SIZE, np.float32)
    observe_row(K.RULES, r.s, r.T, player, obs)
    return obs


def _rune_rows(obs, first):
    rows = obs[O.B_RUNES + first * O.CARD_ROW_W: O.B_RUNES + (first + K.RUNE_SLOTS) * O.CARD_ROW_W]
    return rows.reshape(K.RUNE_SLOTS, O.CARD_ROW_W)


def test_cr_315_2_and_711_2_the_owner_sees_its_runes_the_opponent_only_the_revealed_ones(rpool):
    r = rune_row(rpool)
    tp = turn_player(r)
    op = 1 - tp
    present = K.CARD_OBS_FEATURES + O.DYN_PRESENT
    revealed = K.CARD_OBS_FEATURES + O.DYN_REVEALED
    own, theirs = _rune_rows(_obs(r, tp), 0), _rune_rows(_obs(r, op), K.RUNE_SLOTS)
    assert own[:4, present].tolist() == [1] * 4 and own[:4, revealed].tolist() == [0] * 4
    assert not theirs.any()  # CR 315.2: hidden
    night = rune_index(r, tp, "Night Rune")
    r.set_rec(S.REVEALED, rune_of(r, tp, "Night Rune"), 1)
    theirs = _rune_rows(_obs(r, op), K.RUNE_SLOTS)
    assert [i for i in range(K.RUNE_SLOTS) if theirs[i, present]] == [night] and theirs[night, revealed] == 1
    # remaining divinity is public (the J/ruler's [Divinity] minus the revealed runes'): 3 - 2
    assert _obs(r, op)[O.G_DIVINITY + 1] == pytest.approx(0.1)
    assert _obs(r, tp)[O.G_DIVINITY] == pytest.approx(0.1)


@njit
def _deal_hidden(s, player, rng_row):
    deal_hidden(s, S.ZT, player, rng_row)


def test_cr711_2_revealed_rune_stays_public_in_determinization(rpool):
    """CR 315.2: the rune area is hidden from the opponent, but a rune revealed there is public (CR
    711.2; its divinity counts, 711.2a): the zone table leaves it out of the pile a determinization
    deals (state.ZONES, ``revealed=REVEALED``), and neither the game's ``resample_hidden`` nor the
    core's ``deal_hidden`` moves its card id; the face-down runes are dealt among themselves."""
    r = rune_row(rpool)
    tp = turn_player(r)
    op = 1 - tp
    night = rune_of(r, tp, "Night Rune")
    r.set_rec(S.REVEALED, night, 1)
    runes = r.zone(Z.RUNE_AREA, tp)
    down = [s for s in runes if s != night]
    assert S.ZONES.pile_slots(r.s, tp, (Z.RUNE_AREA,)) == down
    ids = {s: r.cid(s) for s in runes}
    seen = _obs(r, op)
    dealt = set()
    for seed in range(8):
        for deal in (lambda s, rng: resample_hidden(K.RULES, s, r.T, op, rng), lambda s, rng: _deal_hidden(s, op, rng)):
            before = r.s.copy()
            deal(r.s, seed_agent_rng(1, seed)[0])
            assert r.cid(night) == ids[night] and r.zone(Z.RUNE_AREA, tp) == runes
            assert sorted(r.cid(s) for s in down) == sorted(ids[s] for s in down)
            assert np.array_equal(_obs(r, op), seen)  # what the opponent sees stays
            dealt.add(tuple(r.cid(s) for s in down))
            r.s[:] = before
    assert len(dealt) > 2
