"""Costs of playing (CR 903.2, 203.5b): discard costs (903.2j), X (903.2f), [Trigger] cards played
from the hand (CR 708.2-708.4)."""

import pytest

from helpers import D, Z, main_row, pass_both, play, to_hand, turn_player, will
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S

F, W, L = K.Attribute.FIRE, K.Attribute.WATER, K.Attribute.LIGHT


def hand_of(r, p, names):
    """``p``'s hand becomes exactly ``names`` (the cards it held go to the removed area)."""
    for slot in r.zone(Z.HAND, p):
        r.move(slot, Z.REMOVED)
    return [to_hand(r, p, n) for n in names]


def activate_index(r, p, slot, j=0):
    return K.ACTIVATE_BASE + r.field_index(p, slot) * K.ABILITIES_PER_CARD + j


def select_actions(r):
    return [a for a in r.legal() if K.SELECT_HAND_BASE <= a < K.OWN_FIELD_BASE]


# ---- discard costs (CR 903.2j, 1019) ------------------------------------------------------------------
def test_cr_903_2j_an_ability_with_a_discard_cost_is_offered_only_when_the_hand_can_pay(pool):
    r = main_row(pool)
    tp = turn_player(r)
    pyro = r.put(tp, "Pyromancer", Z.FIELD)  # {F}, discard two cards
    r.put(1 - tp, "Knight", Z.FIELD)
    r.give_will(tp, F)
    hand_of(r, tp, ["Imp"])
    assert activate_index(r, tp, pyro) not in r.legal()
    to_hand(r, tp, "Imp")
    assert activate_index(r, tp, pyro) in r.legal()


def test_cr_903_2j_the_discards_are_chosen_one_at_a_time_after_the_targets(pool):
    r = main_row(pool)
    tp = turn_player(r)
    pyro = r.put(tp, "Pyromancer", Z.FIELD)
    knight = r.put(1 - tp, "Knight", Z.FIELD)
    r.give_will(tp, F)
    imp, blast, rally = hand_of(r, tp, ["Imp", "Blast", "Rally"])
    r.act(activate_index(r, tp, pyro))
    assert will(r, tp)[F] == 0
    assert r.decision == D.CHOOSE_TARGET  # CR 903.2g before 903.2j
    r.act(K.OPTION_BASE + 0)
    assert r.decision == D.DISCARD_COST and r.decider == tp
    assert select_actions(r) == [K.SELECT_HAND_BASE + i for i in range(3)]  # every hand card, exactly
    assert int(r.s[S.CHASE_N]) == 0  # not played until the cost is paid
    r.act(K.SELECT_HAND_BASE + r.hand_index(tp, "Blast"))
    assert r.decision == D.DISCARD_COST and select_actions(r) == [K.SELECT_HAND_BASE + i for i in range(2)]
    r.act(K.SELECT_HAND_BASE + r.hand_index(tp, "Imp"))
    assert r.rec(S.ZONE, blast) == Z.GRAVEYARD and r.rec(S.ZONE, imp) == Z.GRAVEYARD
    assert r.zone(Z.HAND, tp) == [rally]
    assert r.decision == D.PRIORITY and r.decider == tp and int(r.s[S.CHASE_N]) == 1
    pass_both(r)
    assert r.rec(S.DAMAGE, knight) == 400


def test_cr_903_2j_a_discard_cost_with_no_target_needed(pool):
    r = main_row(pool)
    tp = turn_player(r)
    ch = r.put(tp, "Channeler", Z.FIELD)
    hand_of(r, tp, ["Imp"])
    r.act(activate_index(r, tp, ch))
    assert r.decision == D.DISCARD_COST
    r.act(K.SELECT_HAND_BASE + 0)
    assert r.zone(Z.HAND, tp) == [] and int(r.s[S.CHASE_N]) == 1
    pass_both(r)
    assert r.rec(S.ATK_EOT, ch) == 300
    assert activate_index(r, tp, ch) not in r.legal()  # an empty hand cannot pay


def test_cr_907_3_a_will_ability_with_a_discard_cost_discards_before_the_will(pool):
    r = main_row(pool)
    tp = turn_player(r)
    kindler = r.put(tp, "Kindler", Z.FIELD)
    hand_of(r, tp, ["Imp", "Blast"])
    r.act(activate_index(r, tp, kindler))
    assert r.decision == D.DISCARD_COST and will(r, tp)[F] == 0
    r.act(K.SELECT_HAND_BASE + 1)
    assert will(r, tp)[F] == 1 and r.names(Z.HAND, tp) == ["Imp"] and int(r.s[S.CHASE_N]) == 0
    assert r.decision == D.PRIORITY and r.decider == tp


# ---- X (CR 203.5b, 903.2f) ----------------------------------------------------------------------------
def test_cr_903_2f_the_player_chooses_x_within_the_will_it_can_pay(pool):
    r = main_row(pool)
    tp = turn_player(r)
    knight = r.put(1 - tp, "Knight", Z.FIELD)  # 800 / 800
    to_hand(r, tp, "Surge")  # {F}{X}: X00 damage to target J/resonator
    r.give_will(tp, F, 2)
    r.give_will(tp, W, 2)
    play(r, tp, "Surge")
    assert r.decision == D.CHOOSE_X and r.decider == tp
    assert r.legal() == [K.OPTION_BASE + x for x in range(4)]  # X = 0 .. 3: exactly what it can pay
    assert r.zone(Z.CHASE, tp) != [] and will(r, tp)[F] == 2  # CR 903.2d then f: nothing paid yet
    r.act(K.OPTION_BASE + 3)
    assert sum(will(r, tp)) == 0  # {F} + 3
    assert r.decision == D.CHOOSE_TARGET  # CR 903.2g after f
    r.act(K.OPTION_BASE + 0)
    entry = S.CHASE + 0 * S.ENTRY_W
    assert int(r.s[entry + S.E_X]) == 3  # kept on the chase entry
    pass_both(r)
    assert r.rec(S.ZONE, knight) == Z.FIELD and r.rec(S.DAMAGE, knight) == 300  # CR 903.3c: X00


@pytest.mark.parametrize("will_n, x", [(1, 0), (3, 2), (40, 15)])
def test_cr_903_2f_x_from_zero_to_what_can_be_paid_and_programs_read_it(pool, will_n, x):
    """X = 0 is always a choice; X is at most OPTION_SLOTS - 1; a count of X reads the entry's X."""
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Insight")  # {W}{X}: draw X cards
    r.give_will(tp, W, will_n)
    play(r, tp, "Insight")
    assert r.legal() == [K.OPTION_BASE + k for k in range(min(will_n - 1, K.OPTION_SLOTS - 1) + 1)]
    r.act(K.OPTION_BASE + x)
    n = len(r.zone(Z.HAND, tp))
    pass_both(r)
    assert len(r.zone(Z.HAND, tp)) == n + x


def test_cr_203_5b_x_counts_in_the_total_cost_while_the_card_is_on_the_chase(pool):
    for x, cancelled in ((1, True), (2, False)):
        r = main_row(pool)
        tp = turn_player(r)
        r.put(1 - tp, "Knight", Z.FIELD)
        to_hand(r, tp, "Surge")
        to_hand(r, 1 - tp, "Snuff")  # cancel target spell with total cost 2 or less
        r.give_will(tp, F, 1 + x)
        r.give_will(1 - tp, W)
        play(r, tp, "Surge")
        r.act(K.OPTION_BASE + x)
        r.act(K.OPTION_BASE + 0)
        r.act(K.PASS)
        snuff = K.PLAY_HAND_BASE + r.hand_index(1 - tp, "Snuff")
        assert (snuff in r.legal()) == cancelled  # total cost 1 + X


# ---- [Trigger] cards from the hand (CR 708.2-708.4) -----------------------------------------------------
def attack_with(r, tp, attacker):
    r.act(K.BATTLE)
    r.pass_until(lambda x: x.decision == D.ATTACKER)
    r.act(K.OWN_FIELD_BASE + r.field_index(tp, attacker))
    r.act(K.ATTACK_PLAYER)


def test_cr_708_2_an_automatic_trigger_chant_in_the_hand_is_revealed_and_played_paying_its_cost(pool):
    r = main_row(pool)
    tp = turn_player(r)
    knight = r.put(tp, "Knight", Z.FIELD)
    ambush = to_hand(r, 1 - tp, "Ambush")  # {W}; [Trigger] when an opponent's J/resonator attacks
    r.give_will(1 - tp, W)
    attack_with(r, tp, knight)
    assert r.decision == D.REVEAL_TRIGGER and r.decider == 1 - tp
    assert sorted(r.legal()) == [K.PASS, K.OPTION_BASE]
    r.act(K.OPTION_BASE)
    assert r.rec(S.ZONE, ambush) == Z.CHASE and will(r, 1 - tp)[W] == 0  # CR 708.4: the card's cost too
    assert r.decision == D.CHOOSE_TARGET
    r.act(K.OPTION_BASE + 0)
    pass_both(r)
    assert r.rec(S.DAMAGE, knight) == 500 and r.rec(S.ZONE, ambush) == Z.GRAVEYARD


def test_cr_708_2_a_trigger_chant_in_the_hand_may_stay_hidden(pool):
    r = main_row(pool)
    tp = turn_player(r)
    knight = r.put(tp, "Knight", Z.FIELD)
    ambush = to_hand(r, 1 - tp, "Ambush")
    r.give_will(1 - tp, W)
    attack_with(r, tp, knight)
    r.act(K.PASS)
    assert r.rec(S.ZONE, ambush) == Z.HAND and will(r, 1 - tp)[W] == 1 and r.decision == D.PRIORITY


def test_cr_708_4_a_trigger_chant_in_the_hand_that_cannot_be_paid_is_not_revealed(pool):
    r = main_row(pool)
    tp = turn_player(r)
    knight = r.put(tp, "Knight", Z.FIELD)
    ambush = to_hand(r, 1 - tp, "Ambush")
    attack_with(r, tp, knight)
    assert r.decision == D.PRIORITY and r.rec(S.ZONE, ambush) == Z.HAND


def test_cr_708_4_an_activate_like_trigger_chant_is_played_from_the_hand_paying_both_costs(pool):
    r = main_row(pool)
    tp = turn_player(r)
    knight = r.put(tp, "Knight", Z.FIELD)
    hand_of(r, 1 - tp, ["Trap"])  # {W}{W}; [Trigger] [1]: 300 damage to target J/resonator
    r.give_will(1 - tp, W, 2)
    r.act(K.PASS)  # CR 604.1b: at any priority
    assert r.decider == 1 - tp and K.PLAY_HAND_BASE + 0 not in r.legal()  # [1] more to pay
    r.give_will(1 - tp, F)
    for a in (K.PLAY_HAND_BASE + 0, K.OPTION_BASE + 0, K.PASS, K.PASS):  # play it, its target; it resolves
        r.act(a)
        assert sum(will(r, 1 - tp)) == 0  # {W}{W} and [1]
    assert r.rec(S.DAMAGE, knight) == 300 and "Trap" in r.names(Z.GRAVEYARD, 1 - tp)


def test_cr_708_4_a_trigger_discard_cost_from_the_standby_area_and_from_the_hand(pool):
    # from the standby area: the [Trigger]'s cost only (a discard)
    r = main_row(pool)
    tp = turn_player(r)
    knight = r.put(1 - tp, "Knight", Z.FIELD)
    snare = r.put(tp, "Snare", Z.STANDBY)  # put there on an earlier turn
    hand_of(r, tp, [])
    assert K.PLAY_STANDBY_BASE + 0 not in r.legal()  # nothing to discard
    to_hand(r, tp, "Imp")
    r.act(K.PLAY_STANDBY_BASE + 0)
    r.act(K.OPTION_BASE + 0)  # the target
    assert r.decision == D.DISCARD_COST
    r.act(K.SELECT_HAND_BASE + 0)
    pass_both(r)
    assert r.rec(S.ZONE, knight) == Z.HAND and r.rec(S.ZONE, snare) == Z.GRAVEYARD
    # from the hand: the card's cost {W} too, and a discard other than itself (CR 903.2d)
    r = main_row(pool)
    tp = turn_player(r)
    r.put(1 - tp, "Knight", Z.FIELD)
    hand_of(r, tp, ["Snare"])
    r.give_will(tp, W)
    assert K.PLAY_HAND_BASE + 0 not in r.legal()
    to_hand(r, tp, "Imp")
    r.act(K.PLAY_HAND_BASE + r.hand_index(tp, "Snare"))
    assert will(r, tp)[W] == 0
    r.act(K.OPTION_BASE + 0)
    assert r.decision == D.DISCARD_COST and select_actions(r) == [K.SELECT_HAND_BASE]
