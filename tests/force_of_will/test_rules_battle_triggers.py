"""The trigger conditions of battle (CR 800s, 906): "at the beginning of battle" (802.1), "at the
beginning of the declare attack step" (803.1), "when / whenever ... attacks" (803.5), "at the
beginning of the declare block step" (804.1), "at the end of battle" (807.1), and the damage
triggers "when this card deals (battle) damage" (1007.5)."""

from helpers import D, St, Z, attack, life, main_row, pass_both, step, turn_player
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S


def battle_row(pool, seed=0):
    r = main_row(pool, seed=seed)
    return r, turn_player(r)


def chase_sources(r):
    return [int(r.s[S.CHASE + i * S.ENTRY_W + S.E_SLOT]) for i in range(int(r.s[S.CHASE_N]))]


def hand_n(r, p):
    return int(r.s[S.HAND_N + p])


def finish_battle(r):
    r.pass_until(lambda x: step(x) == St.MAIN)


def test_cr_802_1_at_the_beginning_of_battle_triggers_before_its_priority_sequence(pool):
    r, tp = battle_row(pool)
    drummer = r.put(tp, "Drummer", Z.FIELD)  # "at the beginning of battle on your turn => draw a card"
    hand = hand_n(r, tp)
    r.act(K.BATTLE)
    # CR 802.1-802.2: the ability triggered, then the priority sequence played it onto the chase
    assert step(r) == St.BATTLE_BEGIN and r.decision == D.PRIORITY and chase_sources(r) == [drummer]
    pass_both(r)
    assert hand_n(r, tp) == hand + 1 and step(r) == St.BATTLE_BEGIN and r.decider == tp


def test_cr_802_1_a_your_turn_battle_trigger_does_not_trigger_in_the_opponents_battle(pool):
    r, tp = battle_row(pool)
    r.put(1 - tp, "Drummer", Z.FIELD)
    r.act(K.BATTLE)
    assert chase_sources(r) == [] and int(r.s[S.PT_N + 1 - tp]) == 0


def test_cr_803_1_at_the_beginning_of_the_declare_attack_step(pool):
    r, tp = battle_row(pool)
    herald = r.put(1 - tp, "Herald", Z.FIELD)  # "... declare attack step => 100 damage to your opponent"
    r.act(K.BATTLE)
    assert chase_sources(r) == []
    pass_both(r)  # the beginning of battle step ends (CR 605.1b)
    assert step(r) == St.ATTACK_STEP and chase_sources(r) == [herald]
    pass_both(r)
    assert life(r, tp) == 3900 and step(r) == St.ATTACK_STEP
    pass_both(r)
    assert r.decision == D.ATTACKER  # CR 803.3 after the step's priority sequence


def test_cr_804_1_at_the_beginning_of_the_declare_block_step(pool):
    r, tp = battle_row(pool)
    knight = r.put(tp, "Knight", Z.FIELD)
    sentry = r.put(1 - tp, "Sentry", Z.FIELD, rested=True)  # "... block step of your opponent's turn => recover this"
    attack(r, knight)
    assert step(r) == St.ATTACK_DECLARED and chase_sources(r) == []
    pass_both(r)
    assert step(r) == St.BLOCK_STEP and chase_sources(r) == [sentry]
    pass_both(r)
    assert r.rec(S.RESTED, sentry) == 0
    r.pass_until(lambda x: x.decision == D.BLOCK)
    assert K.OWN_FIELD_BASE + r.field_index(1 - tp, sentry) in r.legal()  # recovered in time (CR 804.3)


def test_cr_804_1_no_block_step_trigger_after_a_forfeited_attack(pool):
    r, tp = battle_row(pool)
    r.put(tp, "Imp", Z.FIELD)
    r.put(1 - tp, "Sentry", Z.FIELD, rested=True)
    r.act(K.BATTLE)
    r.pass_until(lambda x: x.decision == D.ATTACKER)
    r.act(K.PASS)  # CR 803.3: straight to the end of battle step
    finish_battle(r)
    assert "Sentry" in r.names(Z.FIELD, 1 - tp) and all(
        r.rec(S.RESTED, s) == 1 for s in r.zone(Z.FIELD, 1 - tp))


def test_cr_807_1_at_the_end_of_battle(pool):
    r, tp = battle_row(pool)
    knight = r.put(tp, "Knight", Z.FIELD)
    mourner = r.put(1 - tp, "Mourner", Z.FIELD)  # "at the end of battle => gain 200 life"
    attack(r, knight)
    r.pass_until(lambda x: step(x) == St.BATTLE_END)
    assert chase_sources(r) == [mourner] and life(r, 1 - tp) == 3200
    finish_battle(r)
    assert life(r, 1 - tp) == 3400


def test_cr_807_1_the_end_of_battle_after_a_forfeit(pool):
    r, tp = battle_row(pool)
    r.put(tp, "Mourner", Z.FIELD)
    r.act(K.BATTLE)
    r.pass_until(lambda x: x.decision == D.ATTACKER)
    r.act(K.PASS)  # CR 803.3: forfeit, the end of battle step (807.1 happens)
    assert step(r) == St.BATTLE_END and len(chase_sources(r)) == 1
    finish_battle(r)
    assert life(r, tp) == 4200


def test_cr_803_5_whenever_a_j_resonator_you_control_attacks(pool):
    r, tp = battle_row(pool)
    horn = r.put(tp, "Warhorn", Z.FIELD)  # "whenever a J/resonator you control attacks => 100 damage"
    r.put(1 - tp, "Warhorn", Z.FIELD)  # the opponent's: not its controller's J/resonator
    knight = r.put(tp, "Knight", Z.FIELD)
    attack(r, knight)
    assert chase_sources(r) == [horn]
    pass_both(r)
    assert life(r, 1 - tp) == 3900 and life(r, tp) == 4000


def test_cr_906_4_deals_battle_damage_to_a_player_triggers_only_on_the_player(pool):
    r, tp = battle_row(pool)
    raider = r.put(tp, "Raider", Z.FIELD)  # "when this card deals battle damage to your opponent => draw"
    hand = hand_n(r, tp)
    attack(r, raider)
    r.pass_until(lambda x: x.decision == D.BLOCK)
    r.act(K.PASS)
    r.pass_until(lambda x: step(x) == St.NORMAL_DAMAGE)
    assert chase_sources(r) == [raider]
    finish_battle(r)
    assert hand_n(r, tp) == hand + 1

    r, tp = battle_row(pool, seed=1)
    raider = r.put(tp, "Raider", Z.FIELD)
    imp = r.put(1 - tp, "Imp", Z.FIELD)
    attack(r, raider)
    r.pass_until(lambda x: x.decision == D.BLOCK)
    r.act(K.OWN_FIELD_BASE + r.field_index(1 - tp, imp))
    r.pass_until(lambda x: step(x) == St.NORMAL_DAMAGE)
    assert chase_sources(r) == []


def test_cr_1007_5_deals_damage_triggers_once_per_object_damaged(pool):
    r, tp = battle_row(pool)
    stinger = r.put(tp, "Stinger", Z.FIELD)  # 300, "when this card deals damage => gain 100 life"
    r.set_rec(S.KW_PERM, stinger, K.KW_PIERCE)
    imp = r.put(1 - tp, "Imp", Z.FIELD)
    r.set_rec(S.DAMAGE, imp, 400)  # capacity 100
    attack(r, stinger)
    r.pass_until(lambda x: x.decision == D.BLOCK)
    r.act(K.OWN_FIELD_BASE + r.field_index(1 - tp, imp))
    r.pass_until(lambda x: x.decision == D.PIERCE)
    r.act(K.PASS)  # 100 to the Imp, 200 to the player: two objects damaged
    assert r.decision == D.ORDER_AUTOMATIC and r.legal() == [K.OPTION_BASE, K.OPTION_BASE + 1]
    r.act(K.OPTION_BASE)
    finish_battle(r)
    assert life(r, tp) == 4200 and life(r, 1 - tp) == 3800


def test_cr_708_2_a_trigger_chant_with_an_end_of_battle_condition(pool):
    r, tp = battle_row(pool)
    knight = r.put(tp, "Knight", Z.FIELD)  # 800 / 800
    golem = r.put(1 - tp, "Golem", Z.FIELD)  # [Eternal]: survives the block
    trap = r.put(1 - tp, "Dusk Trap", Z.STANDBY)  # "[Trigger] at the end of battle on your opponent's turn => recover"
    r.give_will(1 - tp, K.Attribute.WATER)
    attack(r, knight)
    r.pass_until(lambda x: x.decision == D.BLOCK)
    r.act(K.OWN_FIELD_BASE + r.field_index(1 - tp, golem))
    r.pass_until(lambda x: step(x) == St.BATTLE_END)
    # CR 708.3: revealed and played by its controller at the priority sequence, targets chosen
    assert r.decision == D.CHOOSE_TARGET and r.decider == 1 - tp and r.rec(S.ZONE, trap) == Z.CHASE
    r.act(K.OPTION_BASE + r.s[S.CAND: S.CAND + int(r.s[S.CAND_N])].tolist().index(golem))
    pass_both(r)
    assert r.rec(S.RESTED, golem) == 0 and "Dusk Trap" in r.names(Z.GRAVEYARD, 1 - tp)
