"""CR 500s (the turn) and CR 600s (priority sequences on the chase)."""

from helpers import D, St, Z, main_row, pass_both, play, step, to_hand, turn_player, will
from fow_tables import Row
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S


def test_cr_502_3_no_draw_on_the_first_turn(pool):
    r = Row(pool, seed=0)
    r.skip_mulligans()
    tp = turn_player(r)
    pass_both(r)  # CR 502.2's priority sequence ends
    assert step(r) == St.DRAW_AFTER and len(r.zone(Z.HAND, tp)) == 5


def test_cr_502_3_the_turn_player_draws_on_later_turns(pool):
    r = Row(pool, seed=0)
    r.skip_mulligans()
    r.pass_until(lambda x: int(x.s[9]) == 2)
    tp = turn_player(r)
    assert step(r) == St.DRAW_BEGIN
    top = r.zone(Z.MAIN_DECK, tp)[-1]
    pass_both(r)
    assert step(r) == St.DRAW_AFTER and top in r.zone(Z.HAND, tp) and len(r.zone(Z.HAND, tp)) == 6


def test_cr_502_2_and_502_4_the_draw_phase_has_two_priority_sequences_of_the_turn_player(pool):
    r = Row(pool, seed=3)
    r.skip_mulligans()
    tp = turn_player(r)
    assert (step(r), r.decider) == (St.DRAW_BEGIN, tp)
    r.act(K.PASS)
    assert r.decider == 1 - tp  # CR 605.1c
    r.act(K.PASS)
    assert (step(r), r.decider) == (St.DRAW_AFTER, tp)


def test_cr_503_1_the_recovery_phase_is_skipped_on_a_players_first_turn(pool):
    r = Row(pool, seed=0)
    r.skip_mulligans()
    tp = turn_player(r)
    r.pass_until(lambda x: step(x) == St.DRAW_AFTER)
    stone = r.put(tp, "Fire Stone", Z.FIELD, rested=True)
    pass_both(r)
    assert step(r) == St.MAIN and r.rec(S.RESTED, stone) == 1
    # the second player's first turn skips it too
    other_stone = r.put(1 - tp, "Fire Stone", Z.FIELD, rested=True)
    r.pass_until(lambda x: int(x.s[9]) == 2 and step(x) == St.MAIN)
    assert r.rec(S.RESTED, other_stone) == 1


def test_cr_503_5_the_turn_player_recovers_its_cards_on_later_turns(pool):
    r = Row(pool, seed=0)
    r.skip_mulligans()
    tp = turn_player(r)
    stone = r.put(tp, "Fire Stone", Z.FIELD, rested=True)
    foe = r.put(1 - tp, "Fire Stone", Z.FIELD, rested=True)
    r.pass_until(lambda x: int(x.s[9]) == 3 and step(x) == St.RECOVERY_BEGIN)
    assert r.rec(S.RESTED, stone) == 1
    pass_both(r)
    assert step(r) == St.RECOVERY_END and r.rec(S.RESTED, stone) == 0 and r.rec(S.RESTED, foe) == 1


def test_cr_503_4_produced_will_ceases_in_the_recovery_phase(pool):
    r = Row(pool, seed=0)
    r.skip_mulligans()
    r.pass_until(lambda x: int(x.s[9]) == 3 and step(x) == St.RECOVERY_BEGIN)
    tp = turn_player(r)
    r.give_will(tp, K.Attribute.FIRE, 2)
    pass_both(r)
    assert will(r, tp) == [0] * K.N_WILL


def test_cr_505_5c_produced_will_ceases_at_the_end_of_turn(pool):
    r = main_row(pool)
    tp = turn_player(r)
    r.put(tp, "Fire Stone", Z.FIELD)
    r.act(K.WILL_A_BASE + 0)
    assert will(r, tp)[K.Attribute.FIRE] == 1
    r.pass_until(lambda x: step(x) == St.MAIN and x.decider == turn_player(x) and turn_player(x) != tp)
    assert will(r, tp) == [0] * K.N_WILL


def test_cr_505_5a_damage_on_resonators_becomes_zero_at_the_end_of_turn(pool):
    r = main_row(pool)
    tp = turn_player(r)
    imp = r.put(1 - tp, "Knight", Z.FIELD)
    r.set_rec(S.DAMAGE, imp, 300)
    r.pass_until(lambda x: turn_player(x) != tp)
    assert r.rec(S.DAMAGE, imp) == 0


def test_cr_505_5d_the_turn_player_discards_down_to_seven(pool):
    r = main_row(pool)
    tp = turn_player(r)
    for _ in range(4):
        to_hand(r, tp, "Imp")
    assert len(r.zone(Z.HAND, tp)) == 9
    r.pass_until(lambda x: x.decision == D.DISCARD)
    assert r.decider == tp and step(r) == St.END_OF_TURN
    r.act(K.SELECT_HAND_BASE + 0)
    assert r.decision == D.DISCARD
    r.act(K.SELECT_HAND_BASE + 0)
    assert len(r.zone(Z.HAND, tp)) == 7 and len(r.zone(Z.GRAVEYARD, tp)) == 2
    assert turn_player(r) == 1 - tp  # CR 505.6: the next turn


def test_cr_505_the_end_phase_has_two_priority_sequences_then_the_other_player_turns(pool):
    r = main_row(pool)
    tp = turn_player(r)
    pass_both(r)
    assert step(r) == St.END_BEGIN and r.decider == tp
    pass_both(r)
    assert step(r) == St.END_OF_TURN and r.decider == tp
    pass_both(r)
    assert turn_player(r) == 1 - tp and step(r) == St.DRAW_BEGIN and int(r.s[9]) == 2


def test_cr_605_1c_a_first_pass_gives_priority_to_the_other_player(pool):
    r = main_row(pool)
    tp = turn_player(r)
    r.act(K.PASS)
    assert r.decision == D.PRIORITY and r.decider == 1 - tp and step(r) == St.MAIN


def test_cr_605_1b_after_a_resolution_the_turn_player_gains_priority(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Imp")
    r.give_will(tp, K.Attribute.FIRE)
    play(r, tp, "Imp")
    assert r.decider == tp  # CR 605.1a: the player who acted keeps priority
    r.act(K.PASS)
    assert r.decider == 1 - tp
    r.act(K.PASS)  # both passed: the Imp resolves
    assert "Imp" in r.names(Z.FIELD, tp)
    assert r.decision == D.PRIORITY and r.decider == tp and step(r) == St.MAIN


def test_cr_605_1b_the_turn_player_gains_priority_even_when_the_non_turn_player_passed_last(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Imp")
    to_hand(r, 1 - tp, "Rally")
    r.give_will(tp, K.Attribute.FIRE)
    r.give_will(1 - tp, K.Attribute.FIRE)
    r.put(1 - tp, "Knight", Z.FIELD)
    play(r, tp, "Imp")
    r.act(K.PASS)
    play(r, 1 - tp, "Rally")  # [Quickcast] on the chase (CR 1111.2)
    r.act(K.OPTION_BASE + 0)
    assert r.decider == 1 - tp
    r.act(K.PASS)
    r.act(K.PASS)  # Rally resolves
    assert r.decider == tp and int(r.s[S.CHASE_N]) == 1


def test_cr_602_1a_rule_processes_before_priority(pool):
    r = main_row(pool)
    tp = turn_player(r)
    knight = r.put(1 - tp, "Knight", Z.FIELD)
    r.set_rec(S.DAMAGE, knight, 800)
    r.act(K.PASS)  # the next priority sequence performs the rule process (CR 1204.1)
    assert "Knight" in r.names(Z.GRAVEYARD, 1 - tp)
