"""Replacement and prevention effects (CR 910, 1018): the shield table of one-time effects and the
continuous replacement effects of cards in the field."""

from fow_tables import current_values, kernel_move
from helpers import D, St, Z, life, main_row, pass_both, play, to_hand, turn_player
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S

F, L = K.Attribute.FIRE, K.Attribute.LIGHT


def cast(r, p, name, attr, *targets):
    """``p`` plays chant ``name`` from its hand (given the will), its targets by candidate index."""
    to_hand(r, p, name)
    r.give_will(p, attr)
    play(r, p, name)
    for k in targets:
        r.act(K.OPTION_BASE + k)


def candidate(r, slot):
    return [int(r.s[S.CAND + k]) for k in range(int(r.s[S.CAND_N]))].index(slot)


def bolt(r, p, target):
    """``p`` plays Fire Bolt (500 damage) at ``target``; both pass: it resolves."""
    to_hand(r, p, "Fire Bolt")
    r.give_will(p, F)
    play(r, p, "Fire Bolt")
    r.act(K.OPTION_BASE + candidate(r, target))
    pass_both(r)


def shields(r):
    return int(r.s[S.SHIELD_N])


def test_cr_1018_1a_the_next_damage_is_reduced_by_the_amount_prevented(pool):
    r = main_row(pool)
    tp = turn_player(r)
    knight = r.put(1 - tp, "Knight", Z.FIELD)  # 800 / 800
    cast(r, tp, "Ward", L, 0)  # prevent the next 600 damage to target J/resonator this turn
    pass_both(r)
    assert shields(r) == 1
    bolt(r, tp, knight)
    assert r.rec(S.DAMAGE, knight) == 0 and shields(r) == 1  # 100 left to prevent
    bolt(r, tp, knight)
    assert r.rec(S.DAMAGE, knight) == 400 and shields(r) == 0  # used up


def test_cr_1018_1b_prevent_all_damage_to_a_card_battle_damage_too(pool):
    r = main_row(pool)
    tp = turn_player(r)
    piercer = r.put(tp, "Piercer", Z.FIELD)  # 900 / 400
    knight = r.put(1 - tp, "Knight", Z.FIELD, rested=True)  # 800 / 800
    to_hand(r, tp, "Sanctuary")  # prevent all damage that would be dealt to target J/resonator this turn
    r.give_will(tp, L)
    play(r, tp, "Sanctuary")
    r.act(K.OPTION_BASE + candidate(r, knight))
    pass_both(r)
    r.act(K.BATTLE)
    r.pass_until(lambda x: x.decision == D.ATTACKER)
    r.act(K.OWN_FIELD_BASE + r.field_index(tp, piercer))
    r.act(K.OPP_FIELD_BASE + r.field_index(1 - tp, knight))
    r.pass_until(lambda x: int(x.s[S.STEP]) == St.MAIN)
    assert r.rec(S.ZONE, knight) == Z.FIELD and r.rec(S.DAMAGE, knight) == 0
    assert r.rec(S.ZONE, piercer) == Z.GRAVEYARD  # the Knight's 800 back is not prevented


def test_cr_1018_1b_prevent_all_damage_to_a_player(pool):
    r = main_row(pool)
    tp = turn_player(r)
    r.act(K.PASS)
    cast(r, 1 - tp, "Haven", L)  # the opponent: prevent all damage that would be dealt to you this turn
    pass_both(r)
    to_hand(r, tp, "Blast")  # 400 damage to the opponent
    r.give_will(tp, F)
    play(r, tp, "Blast")
    pass_both(r)
    assert life(r, 1 - tp) == K.STARTING_LIFE and shields(r) == 1  # "all" is not used up


def test_cr_1018_1a_several_prevention_effects_apply_one_after_the_other(pool):
    r = main_row(pool)
    tp = turn_player(r)
    for _ in range(2):
        r.act(K.PASS)
        cast(r, 1 - tp, "Buckler", L)  # prevent the next 300 damage to you
        pass_both(r)
    to_hand(r, tp, "Blast")
    r.give_will(tp, F)
    play(r, tp, "Blast")
    pass_both(r)
    # CR 910.2a (simplified: in the order made): 300 by the first, 100 by the second, 200 left of it
    assert life(r, 1 - tp) == K.STARTING_LIFE and shields(r) == 1
    assert int(r.s[S.SHIELDS + S.SH_AMOUNT]) == 200


def test_cr_505_5b_prevention_effects_end_at_the_end_of_the_turn(pool):
    r = main_row(pool)
    tp = turn_player(r)
    cast(r, tp, "Haven", L)
    pass_both(r)
    assert shields(r) == 1
    r.pass_until(lambda x: turn_player(x) != tp)
    assert shields(r) == 0


def test_cr_302_3_a_prevention_effect_on_a_card_ends_when_it_leaves_the_field(pool):
    r = main_row(pool)
    tp = turn_player(r)
    knight = r.put(1 - tp, "Knight", Z.FIELD)
    cast(r, tp, "Ward", L, 0)
    pass_both(r)
    assert shields(r) == 1
    kernel_move(r.s, r.T, knight, Z.HAND)
    assert shields(r) == 0


def test_cr_910_1_a_destruction_shield_replaces_the_next_destruction(pool):
    r = main_row(pool)
    tp = turn_player(r)
    imp = r.put(tp, "Imp", Z.FIELD)  # 500 / 500
    cast(r, tp, "Second Wind", L, 0)  # the next time it would be destroyed, instead rest it and heal it
    pass_both(r)
    bolt(r, tp, imp)
    assert r.rec(S.ZONE, imp) == Z.FIELD and r.rec(S.RESTED, imp) == 1 and r.rec(S.DAMAGE, imp) == 0
    assert shields(r) == 0  # CR 910.3: once
    bolt(r, tp, imp)
    assert r.rec(S.ZONE, imp) == Z.GRAVEYARD


def test_cr_910_1_a_continuous_replacement_removes_instead_of_the_graveyard(pool):
    r = main_row(pool)
    tp = turn_player(r)
    r.put(tp, "Warden", Z.FIELD)  # the opponent's resonators: removed instead of the graveyard
    foe = r.put(1 - tp, "Imp", Z.FIELD)
    mine = r.put(tp, "Imp", Z.FIELD)
    bolt(r, tp, foe)
    assert r.rec(S.ZONE, foe) == Z.REMOVED
    bolt(r, tp, mine)
    assert r.rec(S.ZONE, mine) == Z.GRAVEYARD


def imp_with_aegis(pool):
    """The turn player's Imp with an Aegis added to it: (row, turn player, Imp, Aegis)."""
    r = main_row(pool)
    tp = turn_player(r)
    imp = r.put(tp, "Imp", Z.FIELD)
    cast(r, tp, "Aegis", L, 0)
    pass_both(r)
    aegis = r.zone(Z.FIELD, tp)[-1]
    assert r.rec(S.ATTACHED, aegis) == imp
    return r, tp, imp, aegis


def test_cr_910_1_an_addition_is_put_into_the_graveyard_instead_of_the_added_resonator(pool):
    r, tp, imp, aegis = imp_with_aegis(pool)
    bolt(r, tp, imp)
    assert r.rec(S.ZONE, imp) == Z.FIELD and r.rec(S.DAMAGE, imp) == 0 and r.rec(S.RESTED, imp) == 0
    assert r.rec(S.ZONE, aegis) == Z.GRAVEYARD
    bolt(r, tp, imp)  # CR 910.3: applied once, its source is gone
    assert r.rec(S.ZONE, imp) == Z.GRAVEYARD


def test_cr_910_2_with_two_replacements_the_shield_of_the_one_time_effect_applies_first(pool):
    r, tp, imp, aegis = imp_with_aegis(pool)
    cast(r, tp, "Second Wind", L, 0)
    pass_both(r)
    bolt(r, tp, imp)
    assert r.rec(S.ZONE, imp) == Z.FIELD and r.rec(S.RESTED, imp) == 1 and r.rec(S.ZONE, aegis) == Z.FIELD
    assert current_values(r.s, r.T, imp)[1] == 500
