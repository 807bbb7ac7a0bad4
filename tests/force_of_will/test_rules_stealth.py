"""[Stealth] (CR 1114): a resonator in the standby area played without paying its cost when its
condition is fulfilled, also on the turn it was put there (1114.3); read like [Trigger] (CR
1416.1a: an event is an automatic object, 1416.2a; a state is played like an activate ability,
1416.2b). On the hand-built ``fow_tables.rune_pool``."""

import pytest

from fow_tables import G, rune_row
from helpers import D, St, Z, pass_both, step, to_hand, turn_player, will
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S



def stealth_row(rpool):
    r = rune_row(rpool)
    return r, turn_player(r)


def attack_with_knight(r, tp):
    knight = r.put(tp, "Knight", Z.FIELD)
    r.act(K.BATTLE)
    r.pass_until(lambda x: x.decision == D.ATTACKER)
    r.act(K.OWN_FIELD_BASE + r.field_index(tp, knight))
    r.act(K.ATTACK_PLAYER)
    return knight


@pytest.mark.parametrize("same_turn", [False, True])
def test_cr_1114_2_a_triggered_stealth_card_may_be_played_without_its_cost_and_1114_3_on_the_same_turn(rpool, same_turn):
    r, tp = stealth_row(rpool)
    op = 1 - tp
    amb = r.put(op, "Ambusher", Z.STANDBY)
    if same_turn:  # CR 1114.3: unlike a [Trigger] chant (CR 708.5)
        r.set_rec(S.STANDBY_TURN, amb, int(r.s[9]))
    knight = attack_with_knight(r, tp)
    # CR 1114.2: "you may play it": its controller is asked, the card still face down
    assert r.decision == D.OPTIONAL and r.decider == op and r.rec(S.ZONE, amb) == Z.STANDBY
    r.act(K.OPTION_BASE)
    assert r.rec(S.ZONE, amb) == Z.CHASE and will(r, op) == [0] * K.N_WILL  # no cost paid
    assert int(r.s[S.PLAYED_CARDS + op]) == 1 and int(r.s[S.OPP_ACTED]) == 1  # played (CR 803.6, 1124)
    pass_both(r)
    assert r.rec(S.ZONE, amb) == Z.FIELD and r.rec(S.RESTED, amb) == 0
    # it entered before the block: it may block the attacker (CR 804)
    r.pass_until(lambda x: x.decision == D.BLOCK)
    r.act(K.OWN_FIELD_BASE + r.field_index(op, amb))
    r.pass_until(lambda x: step(x) == St.MAIN)
    assert r.rec(S.ZONE, knight) == Z.GRAVEYARD  # 800 damage on an 800 DEF Knight


def test_cr_1114_2_a_triggered_stealth_card_may_be_kept_face_down(rpool):
    r, tp = stealth_row(rpool)
    op = 1 - tp
    amb = r.put(op, "Ambusher", Z.STANDBY)
    attack_with_knight(r, tp)
    assert r.decision == D.OPTIONAL
    r.act(K.PASS)
    assert r.rec(S.ZONE, amb) == Z.STANDBY and int(r.s[S.CHASE_N]) == 0 and r.decision == D.PRIORITY


def test_cr_1114_2_an_automatic_stealth_card_does_not_trigger_on_its_controllers_own_attack(rpool):
    r, tp = stealth_row(rpool)
    amb = r.put(tp, "Ambusher", Z.STANDBY)
    attack_with_knight(r, tp)
    assert r.decision == D.PRIORITY and r.rec(S.ZONE, amb) == Z.STANDBY


def test_cr_1416_2b_a_state_stealth_is_played_while_its_condition_holds_1114_3_the_turn_it_was_put(rpool):
    r, tp = stealth_row(rpool)
    to_hand(r, tp, "Lurker")
    r.give_will(tp, G, 2)
    r.act(K.STANDBY_BASE + r.hand_index(tp, "Lurker"))  # CR 706: [2], face down, this turn
    lurker = r.zone(Z.STANDBY, tp)[0]
    assert K.PLAY_STANDBY_BASE + 0 not in r.legal()  # life 4000: the condition is not met
    r.s[S.LIFE + tp] = 2000
    assert K.PLAY_STANDBY_BASE + 0 in r.legal()
    r.act(K.PLAY_STANDBY_BASE + 0)
    assert r.rec(S.ZONE, lurker) == Z.CHASE and will(r, tp) == [0] * K.N_WILL
    pass_both(r)
    assert r.rec(S.ZONE, lurker) == Z.FIELD and r.names(Z.FIELD, tp)[-1] == "Lurker"


def test_cr_1416_2b_a_state_stealth_card_is_played_at_any_priority(rpool):
    r, tp = stealth_row(rpool)
    op = 1 - tp
    lurker = r.put(op, "Lurker", Z.STANDBY)
    r.s[S.LIFE + op] = 1500
    r.act(K.PASS)  # the turn player passes in its main phase: the opponent has priority
    assert r.decider == op and K.PLAY_STANDBY_BASE + 0 in r.legal()
    r.act(K.PLAY_STANDBY_BASE + 0)
    pass_both(r)
    assert r.rec(S.ZONE, lurker) == Z.FIELD and r.rec(S.CONTROLLER, lurker) == op
