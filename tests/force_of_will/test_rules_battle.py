"""CR 800s (battle) and the battle keywords (CR 1100s)."""

import pytest
from fow_tables import rune_row
from helpers import D, St, Z, attack, life, main_row, pass_both, step, turn_player, will
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S


def battle_row(pool, seed=0):
    r = main_row(pool, seed=seed)
    return r, turn_player(r)


def to_block(r):
    r.pass_until(lambda x: x.decision == D.BLOCK)


def finish_battle(r):
    r.pass_until(lambda x: step(x) == St.MAIN)


def test_cr_802_to_807_the_battle_steps_each_give_the_turn_player_priority(pool):
    r, tp = battle_row(pool)
    imp = r.put(tp, "Imp", Z.FIELD)
    r.act(K.BATTLE)
    seen = [step(r)]
    assert r.decider == tp
    r.pass_until(lambda x: x.decision == D.ATTACKER)
    r.act(K.OWN_FIELD_BASE + r.field_index(tp, imp))
    r.act(K.ATTACK_PLAYER)
    while step(r) != St.MAIN:
        if r.decision == D.PRIORITY and step(r) not in seen:
            seen.append(step(r))
            assert r.decider == tp
        r.act(K.PASS)
    assert seen == [St.BATTLE_BEGIN, St.ATTACK_DECLARED, St.BLOCK_STEP, St.BLOCK_DECLARED, St.FIRST_STRIKE,
                    St.NORMAL_DAMAGE, St.BATTLE_END]


def test_cr_803_3b_an_unblocked_attack_on_the_player_deals_damage_to_life(pool):
    r, tp = battle_row(pool)
    knight = r.put(tp, "Knight", Z.FIELD)
    attack(r, knight)
    assert r.rec(S.RESTED, knight) == 1  # CR 803.5
    to_block(r)
    r.act(K.PASS)
    finish_battle(r)
    assert life(r, 1 - tp) == 3200  # CR 1007.2


def test_cr_803_3a_a_resonator_that_entered_this_turn_cannot_attack(pool):
    r, tp = battle_row(pool)
    imp = r.put(tp, "Imp", Z.FIELD, entered=int(r.s[9]))
    r.act(K.BATTLE)
    r.pass_until(lambda x: x.decision == D.ATTACKER)
    assert K.OWN_FIELD_BASE + r.field_index(tp, imp) not in r.legal()
    assert r.legal() == [K.PASS]


def test_cr_1107_2_swiftness_attacks_the_turn_it_entered(pool):
    r, tp = battle_row(pool)
    runner = r.put(tp, "Runner", Z.FIELD, entered=int(r.s[9]))
    r.act(K.BATTLE)
    r.pass_until(lambda x: x.decision == D.ATTACKER)
    assert K.OWN_FIELD_BASE + r.field_index(tp, runner) in r.legal()


def test_cr_803_3a_a_rested_resonator_cannot_attack(pool):
    r, tp = battle_row(pool)
    imp = r.put(tp, "Imp", Z.FIELD, rested=True)
    r.act(K.BATTLE)
    r.pass_until(lambda x: x.decision == D.ATTACKER)
    assert K.OWN_FIELD_BASE + r.field_index(tp, imp) not in r.legal()


def test_cr_803_3b_only_a_rested_j_resonator_can_be_attacked(pool):
    r, tp = battle_row(pool)
    imp = r.put(tp, "Imp", Z.FIELD)
    up = r.put(1 - tp, "Knight", Z.FIELD)
    down = r.put(1 - tp, "Knight", Z.FIELD, rested=True)
    r.act(K.BATTLE)
    r.pass_until(lambda x: x.decision == D.ATTACKER)
    r.act(K.OWN_FIELD_BASE + r.field_index(tp, imp))
    legal = r.legal()
    assert K.ATTACK_PLAYER in legal
    assert K.OPP_FIELD_BASE + r.field_index(1 - tp, down) in legal
    assert K.OPP_FIELD_BASE + r.field_index(1 - tp, up) not in legal


def test_cr_1103_2_precision_attacks_a_recovered_j_resonator(pool):
    r, tp = battle_row(pool)
    sniper = r.put(tp, "Sniper", Z.FIELD)
    up = r.put(1 - tp, "Imp", Z.FIELD)
    attack(r, sniper, up)
    to_block(r)
    r.act(K.PASS)
    finish_battle(r)
    # CR 806.2: both deal 500: both destroyed by rule process (CR 1204.1)
    assert "Imp" in r.names(Z.GRAVEYARD, 1 - tp) and "Sniper" in r.names(Z.GRAVEYARD, tp)
    assert life(r, 1 - tp) == 4000


def test_cr_804_4_the_blocker_rests_and_the_two_battle(pool):
    r, tp = battle_row(pool)
    knight = r.put(tp, "Knight", Z.FIELD)  # 800 / 800
    imp = r.put(1 - tp, "Imp", Z.FIELD)  # 500 / 500
    attack(r, knight)
    to_block(r)
    assert r.decider == 1 - tp
    r.act(K.OWN_FIELD_BASE + r.field_index(1 - tp, imp))
    assert r.rec(S.RESTED, imp) == 1
    finish_battle(r)
    assert "Imp" in r.names(Z.GRAVEYARD, 1 - tp)
    assert r.rec(S.DAMAGE, knight) == 500 and life(r, 1 - tp) == 4000  # CR 806.2b


def test_cr_804_3_a_rested_j_resonator_cannot_block(pool):
    r, tp = battle_row(pool)
    knight = r.put(tp, "Knight", Z.FIELD)
    r.put(1 - tp, "Imp", Z.FIELD, rested=True)
    attack(r, knight)
    to_block(r)
    assert r.legal() == [K.PASS]


def test_cr_1106_2_flying_is_blocked_only_by_flying(pool):
    r, tp = battle_row(pool)
    flier = r.put(tp, "Flier", Z.FIELD)
    imp = r.put(1 - tp, "Imp", Z.FIELD)
    other = r.put(1 - tp, "Flier", Z.FIELD)
    attack(r, flier)
    to_block(r)
    legal = r.legal()
    assert K.OWN_FIELD_BASE + r.field_index(1 - tp, imp) not in legal
    assert K.OWN_FIELD_BASE + r.field_index(1 - tp, other) in legal


def test_cr_1104_2_first_strike_destroys_the_blocker_before_it_strikes_back(pool):
    r, tp = battle_row(pool)
    fencer = r.put(tp, "Fencer", Z.FIELD)  # 600 / 400, [First Strike]
    imp = r.put(1 - tp, "Imp", Z.FIELD)  # 500 / 500
    attack(r, fencer)
    to_block(r)
    r.act(K.OWN_FIELD_BASE + r.field_index(1 - tp, imp))
    r.pass_until(lambda x: step(x) == St.FIRST_STRIKE)
    # CR 805.2 then 805.3: the priority sequence's rule process destroyed the Imp already
    assert "Imp" in r.names(Z.GRAVEYARD, 1 - tp) and r.rec(S.DAMAGE, fencer) == 0
    finish_battle(r)
    assert "Imp" in r.names(Z.GRAVEYARD, 1 - tp) and "Fencer" in r.names(Z.FIELD, tp)
    assert r.rec(S.DAMAGE, fencer) == 0 and life(r, 1 - tp) == 4000


def test_cr_806_2_without_first_strike_both_deal_damage_at_once(pool):
    r, tp = battle_row(pool)
    knight = r.put(tp, "Knight", Z.FIELD)  # 800 / 800
    other = r.put(1 - tp, "Knight", Z.FIELD)
    attack(r, knight)
    to_block(r)
    r.act(K.OWN_FIELD_BASE + r.field_index(1 - tp, other))
    finish_battle(r)
    assert r.names(Z.FIELD, tp) == [] and r.names(Z.FIELD, 1 - tp) == []


def test_cr_1102_2_pierce_deals_the_excess_to_the_attacked_player(pool):
    r, tp = battle_row(pool)
    piercer = r.put(tp, "Piercer", Z.FIELD)  # 900, [Pierce]
    imp = r.put(1 - tp, "Imp", Z.FIELD)  # DEF 500
    attack(r, piercer)
    to_block(r)
    r.act(K.OWN_FIELD_BASE + r.field_index(1 - tp, imp))
    finish_battle(r)
    assert life(r, 1 - tp) == 3600 and "Imp" in r.names(Z.GRAVEYARD, 1 - tp)


def test_cr_1102_without_pierce_a_blocked_attack_deals_nothing_to_the_player(pool):
    r, tp = battle_row(pool)
    knight = r.put(tp, "Knight", Z.FIELD)
    imp = r.put(1 - tp, "Imp", Z.FIELD)
    attack(r, knight)
    to_block(r)
    r.act(K.OWN_FIELD_BASE + r.field_index(1 - tp, imp))
    finish_battle(r)
    assert life(r, 1 - tp) == 4000


def test_cr_1139_2_eternal_is_not_destroyed_by_damage(pool):
    r, tp = battle_row(pool)
    knight = r.put(tp, "Knight", Z.FIELD)
    golem = r.put(1 - tp, "Golem", Z.FIELD)  # 300 / 300, [Eternal]
    attack(r, knight)
    to_block(r)
    r.act(K.OWN_FIELD_BASE + r.field_index(1 - tp, golem))
    finish_battle(r)
    assert "Golem" in r.names(Z.FIELD, 1 - tp) and r.rec(S.DAMAGE, golem) == 800


def test_cr_712_2_no_pass_while_a_bloodlust_resonator_can_attack(pool):
    r, tp = battle_row(pool)
    berserker = r.put(tp, "Berserker", Z.FIELD)
    r.put(tp, "Imp", Z.FIELD)
    assert K.PASS not in r.legal() and K.BATTLE in r.legal()
    r.act(K.BATTLE)
    r.pass_until(lambda x: x.decision == D.ATTACKER)
    assert r.legal() == [K.OWN_FIELD_BASE + r.field_index(tp, berserker)]  # CR 803.3a: it must attack


def test_cr_803_6_a_forfeit_the_opponent_did_not_answer_ends_battles_this_turn(pool):
    r, tp = battle_row(pool)
    r.put(tp, "Imp", Z.FIELD)
    r.act(K.BATTLE)
    r.pass_until(lambda x: x.decision == D.ATTACKER)
    r.act(K.PASS)  # forfeit: straight to the end of battle step (CR 803.3)
    assert step(r) == St.BATTLE_END
    finish_battle(r)
    assert K.BATTLE not in r.legal()


def test_cr_1010_1_a_destroyed_j_ruler_returns_to_the_ruler_area_astral(pool):
    r, tp = battle_row(pool)
    knight = r.put(tp, "Knight", Z.FIELD)
    ruler = (1 - tp) * K.PLAYER_SLOTS
    r.move(ruler, Z.FIELD)
    r.s[S.CARD + ruler * S.CARD_W] = pool.ids["Flame J-Ruler"]  # 1000 / 1000
    r.set_rec(S.RESTED, ruler, 1)
    r.set_rec(S.DAMAGE, ruler, 300)
    attack(r, knight, ruler)
    to_block(r)
    r.act(K.PASS)
    finish_battle(r)
    assert r.names(Z.RULER_AREA, 1 - tp) == ["Flame Ruler"] and int(r.s[S.ASTRAL + 1 - tp]) == 1
    assert r.rec(S.DAMAGE, ruler) == 0  # CR 1007.7
    assert r.rec(S.RESTED, ruler) == 1  # CR 302.3: the same card, its orientation kept


def test_cr_1108_2_an_imperishable_j_ruler_gets_no_astral_counter(pool):
    r, tp = battle_row(pool)
    knight = r.put(tp, "Knight", Z.FIELD)
    ruler = (1 - tp) * K.PLAYER_SLOTS
    r.move(ruler, Z.FIELD)
    r.s[S.CARD + ruler * S.CARD_W] = pool.ids["Flame J-Ruler"]
    r.set_rec(S.RESTED, ruler, 1)
    r.set_rec(S.KW_PERM, ruler, K.KW_IMPERISHABLE)
    r.set_rec(S.DAMAGE, ruler, 300)
    attack(r, knight, ruler)
    to_block(r)
    r.act(K.PASS)
    finish_battle(r)
    assert r.names(Z.RULER_AREA, 1 - tp) == ["Flame Ruler"] and int(r.s[S.ASTRAL + 1 - tp]) == 0


def test_cr_803_6_after_the_opponent_answered_the_turn_player_may_battle_again(pool):
    r, tp = battle_row(pool)
    r.put(tp, "Imp", Z.FIELD)
    r.put(1 - tp, "Knight", Z.FIELD)
    r.give_will(1 - tp, K.Attribute.FIRE)
    from helpers import to_hand
    to_hand(r, 1 - tp, "Rally")
    r.act(K.BATTLE)
    r.act(K.PASS)  # the turn player passes in the beginning of battle step
    assert r.decider == 1 - tp
    r.act(K.PLAY_HAND_BASE + r.hand_index(1 - tp, "Rally"))  # [Quickcast] in this battle
    r.act(K.OPTION_BASE + 0)
    r.pass_until(lambda x: x.decision == D.ATTACKER)
    r.act(K.PASS)  # forfeit
    finish_battle(r)
    assert K.BATTLE in r.legal()


@pytest.mark.parametrize("source", ["magic stone", "resonator", "ruler"])
def test_cr_803_6_producing_will_in_the_battle_is_playing_an_ability(rpool, source):
    """CR 907.1 / 707.2: a will ability is an activate ability, played: the non-turn player who only
    produced will in this battle played an ability in it, and a forfeit leaves battles open."""
    r = rune_row(rpool)  # both rulers: Rune Ruler, "remove a mana counter from this card: produce {W}"
    tp = turn_player(r)
    r.put(tp, "Imp", Z.FIELD)
    if source == "magic stone":
        a = K.WILL_A_BASE + r.field_index(1 - tp, r.put(1 - tp, "Fire Stone", Z.FIELD))
    elif source == "resonator":
        a = K.ACTIVATE_BASE + r.field_index(1 - tp, r.put(1 - tp, "Fairy", Z.FIELD)) * K.ABILITIES_PER_CARD
    else:
        a = K.RULER_ACTIVATE_BASE
    r.act(K.BATTLE)
    r.act(K.PASS)  # the turn player passes in the beginning of battle step
    assert r.decider == 1 - tp and a in r.legal()
    r.act(a)  # resolved at once (CR 907.3), nothing else done in this battle
    assert sum(will(r, 1 - tp)) == 1
    r.pass_until(lambda x: x.decision == D.ATTACKER)
    r.act(K.PASS)  # forfeit
    finish_battle(r)
    assert K.BATTLE in r.legal()


def test_cr_708_2_a_trigger_chant_in_the_standby_area_triggers_and_is_played_as_a_spell(pool):
    r, tp = battle_row(pool)
    knight = r.put(tp, "Knight", Z.FIELD)  # 800 / 800
    ambush = r.put(1 - tp, "Ambush", Z.STANDBY)  # put there on an earlier turn
    r.act(K.BATTLE)
    r.pass_until(lambda x: x.decision == D.ATTACKER)
    r.act(K.OWN_FIELD_BASE + r.field_index(tp, knight))
    r.act(K.ATTACK_PLAYER)
    # CR 708.3: played at the next priority sequence, by its controller, who chooses the target
    assert r.decision == D.CHOOSE_TARGET and r.decider == 1 - tp and r.rec(S.ZONE, ambush) == Z.CHASE
    r.act(K.OPTION_BASE + 0)
    pass_both(r)
    assert r.rec(S.DAMAGE, knight) == 500 and "Ambush" in r.names(Z.GRAVEYARD, 1 - tp)  # CR 708.6


def test_cr_708_5_a_trigger_chant_does_not_trigger_the_turn_it_was_put_into_standby(pool):
    r, tp = battle_row(pool)
    knight = r.put(tp, "Knight", Z.FIELD)
    ambush = r.put(1 - tp, "Ambush", Z.STANDBY)
    r.set_rec(S.STANDBY_TURN, ambush, int(r.s[9]))
    attack(r, knight)
    assert r.rec(S.ZONE, ambush) == Z.STANDBY and r.decision == D.PRIORITY


def test_cr_803_6_the_non_turn_players_automatic_ability_played_in_the_battle_counts(pool):
    """CR 906.1: an automatic ability is played when it triggers. The non-turn player's Herald ("at
    the beginning of the declare attack step, 100 damage to your opponent", CR 803.1) is an ability
    they played in this battle: after the turn player forfeits, battles stay open (CR 803.6)."""
    r, tp = battle_row(pool)
    r.put(tp, "Imp", Z.FIELD)
    r.put(1 - tp, "Herald", Z.FIELD)
    r.act(K.BATTLE)
    r.pass_until(lambda x: x.decision == D.ATTACKER)
    assert int(r.s[S.LIFE + tp]) == 3900  # the Herald's ability was played and resolved
    r.act(K.PASS)  # forfeit
    finish_battle(r)
    assert K.BATTLE in r.legal()
