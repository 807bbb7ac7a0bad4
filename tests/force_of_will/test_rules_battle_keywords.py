"""The battle keywords that are automatic abilities, [Explode] (CR 1105), [Drain] (CR 1135) and
[Bane] (CR 1138): they trigger when the damage is dealt and are played at the next priority
sequence onto the chase (CR 906.5); [Pierce]'s assignment of damage (CR 1102.2); removal from
battle (CR 1029)."""

from types import SimpleNamespace

from helpers import D, St, Z, attack, life, main_row, pass_both, step, to_hand, turn_player
from tcg_env.games.force_of_will import adapter
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S

KA = K.KeywordAbility


def battle_row(pool, seed=0):
    r = main_row(pool, seed=seed)
    return r, turn_player(r)


def to_block(r):
    r.pass_until(lambda x: x.decision == D.BLOCK)


def block(r, p, slot):
    r.act(K.OWN_FIELD_BASE + r.field_index(p, slot))


def blocked_attack(pool, attacker, blocker):
    """The turn player's ``attacker`` attacks the opponent and the opponent's ``blocker`` blocks:
    (row, turn player, attacker slot, blocker slot)."""
    r, tp = battle_row(pool)
    a = r.put(tp, attacker, Z.FIELD)
    b = r.put(1 - tp, blocker, Z.FIELD)
    attack(r, a)
    to_block(r)
    block(r, 1 - tp, b)
    return r, tp, a, b


def to_priority_in(r, st):
    r.pass_until(lambda x: step(x) == st and x.decision == D.PRIORITY)


def chase(r):
    """The chase entries, bottom first: (kind, source slot, ability row, controller, aux)."""
    out = []
    for i in range(int(r.s[S.CHASE_N])):
        e = S.CHASE + i * S.ENTRY_W
        out.append(tuple(int(r.s[e + k]) for k in (S.E_KIND, S.E_SLOT, S.E_ABIL, S.E_CTRL, S.E_AUX)))
    return out


def finish_battle(r):
    r.pass_until(lambda x: step(x) == St.MAIN)


# ---- [Explode] (CR 1105) ------------------------------------------------------------------------
def test_cr_1105_1_explode_is_an_automatic_ability_played_onto_the_chase(pool):
    r, tp, bomber, knight = blocked_attack(pool, "Bomber", "Knight")  # 200 / 200, [Explode]; 800 / 800
    to_priority_in(r, St.NORMAL_DAMAGE)
    # CR 602.1a: the rule process destroyed the Bomber first; CR 602.1b / 906.5: then its
    # triggered [Explode] was played; the Knight is still in the field while it waits on the chase
    assert "Bomber" in r.names(Z.GRAVEYARD, tp) and "Knight" in r.names(Z.FIELD, 1 - tp)
    assert chase(r) == [(K.EntryKind.ABILITY, bomber, KA.EXPLODE, tp, knight)]
    assert r.decider == tp
    r.act(K.PASS)
    assert r.decider == 1 - tp and r.decision == D.PRIORITY  # the opponent may respond (CR 605.1a)
    r.act(K.PASS)
    # CR 906.10 / 1105.2: it resolves although its card left the field
    assert "Knight" in r.names(Z.GRAVEYARD, 1 - tp) and chase(r) == []


def test_cr_1105_1_a_player_responds_to_explode_before_it_resolves(pool):
    r, tp = battle_row(pool)
    bomber = r.put(tp, "Bomber", Z.FIELD)
    knight = r.put(1 - tp, "Knight", Z.FIELD)
    r.put(1 - tp, "Imp", Z.FIELD)
    r.give_will(1 - tp, K.Attribute.FIRE)
    to_hand(r, 1 - tp, "Rally")
    attack(r, bomber)
    to_block(r)
    block(r, 1 - tp, knight)
    to_priority_in(r, St.NORMAL_DAMAGE)
    r.act(K.PASS)
    play = K.PLAY_HAND_BASE + r.hand_index(1 - tp, "Rally")
    assert r.decider == 1 - tp and play in r.legal()  # [Quickcast] on top of the [Explode]
    r.act(play)
    r.act(K.OPTION_BASE + 0)
    assert [e[0] for e in chase(r)] == [K.EntryKind.ABILITY, K.EntryKind.CARD]


def test_cr_1105_2_explode_triggers_on_battle_damage_only(pool):
    r, tp = battle_row(pool)
    archer = r.put(tp, "Archer", Z.FIELD)  # [Rest]: 300 damage to target J/resonator
    r.set_rec(S.KW_PERM, archer, K.KW_EXPLODE)
    imp = r.put(1 - tp, "Imp", Z.FIELD)
    r.act(K.ACTIVATE_BASE + r.field_index(tp, archer) * K.ABILITIES_PER_CARD)
    r.act(K.OPTION_BASE + r.s[S.CAND: S.CAND + int(r.s[S.CAND_N])].tolist().index(imp))
    pass_both(r)
    assert r.rec(S.DAMAGE, imp) == 300 and chase(r) == [] and int(r.s[S.PT_N + tp]) == 0
    assert "Archer" in r.names(Z.FIELD, tp) and "Imp" in r.names(Z.FIELD, 1 - tp)


def test_cr_1105_2_explode_does_not_trigger_on_damage_to_a_j_ruler(pool):
    r, tp = battle_row(pool)
    bomber = r.put(tp, "Bomber", Z.FIELD)
    r.set_rec(S.DEF_PERM, bomber, 2000)  # it survives the J-ruler's 1000
    ruler = (1 - tp) * K.PLAYER_SLOTS
    r.move(ruler, Z.FIELD)
    r.s[S.CARD + ruler * S.CARD_W] = pool.ids["Flame J-Ruler"]
    r.set_rec(S.RESTED, ruler, 1)
    attack(r, bomber, ruler)
    to_block(r)
    r.act(K.PASS)
    to_priority_in(r, St.NORMAL_DAMAGE)
    assert chase(r) == [] and r.rec(S.DAMAGE, ruler) == 200 and r.rec(S.ZONE, ruler) == Z.FIELD


def test_cr_1105_3_explode_does_not_apply_to_j_rulers(pool):
    r, tp = battle_row(pool)
    ruler = tp * K.PLAYER_SLOTS
    r.move(ruler, Z.FIELD)
    r.s[S.CARD + ruler * S.CARD_W] = pool.ids["Flame J-Ruler"]  # 1000 / 1000
    r.set_rec(S.KW_PERM, ruler, K.KW_EXPLODE)
    knight = r.put(1 - tp, "Knight", Z.FIELD, rested=True)
    r.set_rec(S.DEF_PERM, knight, 1000)  # 800 / 1800: survives
    attack(r, ruler, knight)
    to_block(r)
    r.act(K.PASS)
    to_priority_in(r, St.NORMAL_DAMAGE)
    assert chase(r) == [] and int(r.s[S.PT_N]) == 0 and int(r.s[S.PT_N + 1]) == 0
    finish_battle(r)
    assert r.rec(S.ZONE, ruler) == Z.FIELD and "Knight" in r.names(Z.FIELD, 1 - tp)


def test_cr_906_5_the_turn_players_explode_is_played_first(pool):
    r, tp, bomber, other = blocked_attack(pool, "Bomber", "Bomber")
    to_priority_in(r, St.NORMAL_DAMAGE)
    # the turn player's is put into the chase area first, so the other's resolves first (CR 605.1b)
    assert [(e[1], e[3]) for e in chase(r)] == [(bomber, tp), (other, 1 - tp)]
    finish_battle(r)
    assert "Bomber" in r.names(Z.GRAVEYARD, tp) and "Bomber" in r.names(Z.GRAVEYARD, 1 - tp)


# ---- [Drain] (CR 1135) --------------------------------------------------------------------------
def test_cr_1135_2_drain_gains_that_much_life_when_it_resolves(pool):
    r, tp = battle_row(pool)
    leech = r.put(tp, "Leech", Z.FIELD)  # 400, [Drain]
    r.s[S.LIFE + tp] = 3000
    attack(r, leech)
    to_block(r)
    r.act(K.PASS)
    to_priority_in(r, St.NORMAL_DAMAGE)
    assert life(r, 1 - tp) == 3600 and life(r, tp) == 3000
    assert chase(r) == [(K.EntryKind.ABILITY, leech, KA.DRAIN, tp, 400)]
    pass_both(r)
    assert life(r, tp) == 3400


def test_cr_1135_2_drain_triggers_on_any_damage_its_card_deals(pool):
    r, tp = battle_row(pool)
    archer = r.put(tp, "Archer", Z.FIELD)  # [Rest]: 300 damage to target J/resonator
    r.set_rec(S.KW_PERM, archer, K.KW_DRAIN)
    knight = r.put(1 - tp, "Knight", Z.FIELD)
    r.s[S.LIFE + tp] = 3000
    r.act(K.ACTIVATE_BASE + r.field_index(tp, archer) * K.ABILITIES_PER_CARD)
    r.act(K.OPTION_BASE + r.s[S.CAND: S.CAND + int(r.s[S.CAND_N])].tolist().index(knight))
    pass_both(r)  # the ability resolves: 300 damage; [Drain] is played
    assert chase(r) == [(K.EntryKind.ABILITY, archer, KA.DRAIN, tp, 300)]
    pass_both(r)
    assert life(r, tp) == 3300


def test_cr_1007_5_damage_to_two_objects_triggers_drain_twice(pool):
    r, tp = battle_row(pool)
    piercer = r.put(tp, "Piercer", Z.FIELD)  # 900, [Pierce]
    r.set_rec(S.KW_PERM, piercer, K.KW_DRAIN)
    imp = r.put(1 - tp, "Imp", Z.FIELD)  # 500 / 500
    r.s[S.LIFE + tp] = 2000
    attack(r, piercer)
    to_block(r)
    block(r, 1 - tp, imp)
    r.pass_until(lambda x: x.decision == D.PIERCE)
    r.act(K.PASS)  # 500 to the Imp, 400 pierce
    # two triggered [Drain]s of one player: its controller chooses which is played first (CR 603.2)
    assert r.decision == D.ORDER_AUTOMATIC and r.decider == tp
    r.act(K.OPTION_BASE + 1)
    r.pass_until(lambda x: int(x.s[S.CHASE_N]) == 2)
    assert sorted(e[4] for e in chase(r)) == [400, 500]
    finish_battle(r)
    assert life(r, tp) == 2900 and life(r, 1 - tp) == 3600


# ---- [Bane] (CR 1138) ---------------------------------------------------------------------------
def test_cr_1138_2_bane_destroys_when_it_resolves_not_when_the_damage_is_dealt(pool):
    r, tp = battle_row(pool)
    viper = r.put(tp, "Viper", Z.FIELD)  # 100 / 300, [Bane]
    knight = r.put(1 - tp, "Knight", Z.FIELD, rested=True)  # 800 / 800
    attack(r, viper, knight)
    to_block(r)
    r.act(K.PASS)
    to_priority_in(r, St.NORMAL_DAMAGE)
    assert "Knight" in r.names(Z.FIELD, 1 - tp) and r.rec(S.DAMAGE, knight) == 100
    assert chase(r) == [(K.EntryKind.ABILITY, viper, KA.BANE, tp, knight)]
    pass_both(r)
    assert "Knight" in r.names(Z.GRAVEYARD, 1 - tp)


def test_cr_1138_2_bane_destroys_nothing_that_left_the_field(pool):
    r, tp = battle_row(pool)
    viper = r.put(tp, "Viper", Z.FIELD)
    knight = r.put(1 - tp, "Knight", Z.FIELD, rested=True)
    attack(r, viper, knight)
    to_block(r)
    r.act(K.PASS)
    to_priority_in(r, St.NORMAL_DAMAGE)
    r.move(knight, Z.HAND)  # it left the field before [Bane] resolved
    pass_both(r)
    assert r.rec(S.ZONE, knight) == Z.HAND


def test_cr_1139_2_bane_does_not_destroy_an_eternal_j_resonator(pool):
    r, tp = battle_row(pool)
    viper = r.put(tp, "Viper", Z.FIELD)
    golem = r.put(1 - tp, "Golem", Z.FIELD, rested=True)  # [Eternal]
    attack(r, viper, golem)
    to_block(r)
    r.act(K.PASS)
    finish_battle(r)
    assert "Golem" in r.names(Z.FIELD, 1 - tp)


# ---- [Pierce] (CR 1102) -------------------------------------------------------------------------
def pierce_row(pool, blocker="Imp", attacked=None):
    r, tp = battle_row(pool)
    piercer = r.put(tp, "Piercer", Z.FIELD)  # 900 / 400, [Pierce]
    target = r.put(1 - tp, attacked, Z.FIELD, rested=True) if attacked else None
    b = r.put(1 - tp, blocker, Z.FIELD)
    attack(r, piercer, target)
    to_block(r)
    block(r, 1 - tp, b)
    r.pass_until(lambda x: x.decision == D.PIERCE)
    return r, tp, piercer, b, target


def test_cr_1102_2b_the_attacking_player_assigns_the_damage_100_at_a_time(pool):
    r, tp, piercer, golem, _ = pierce_row(pool, blocker="Golem")  # DEF 300, [Eternal]: keeps its damage
    assert r.decision == D.PIERCE and r.decider == tp and step(r) == St.NORMAL_DAMAGE
    # at least the capacity (300) is assigned to the blocker; then 100 more, all, or done
    assert (int(r.s[S.DEC_ARG]), int(r.s[S.DEC_ARG + 1])) == (300, 900)
    assert r.legal() == [K.PASS, K.OPTION_BASE + K.PIERCE_MORE, K.OPTION_BASE + K.PIERCE_ALL]
    r.act(K.OPTION_BASE + K.PIERCE_MORE)
    assert r.decision == D.PIERCE and int(r.s[S.DEC_ARG]) == 400
    for _ in range(4):
        r.act(K.OPTION_BASE + K.PIERCE_MORE)
    # 100 left: "all the rest" is the same as "100 more" and is not offered
    assert int(r.s[S.DEC_ARG]) == 800 and r.legal() == [K.PASS, K.OPTION_BASE + K.PIERCE_MORE]
    r.act(K.PASS)  # CR 1102.2c: 800 to the blocker, 100 piercing damage to the attacked player
    assert r.decision == D.PRIORITY and r.rec(S.DAMAGE, golem) == 800 and life(r, 1 - tp) == 3900


def test_cr_1102_2b_the_least_to_the_blocker_and_the_rest_pierces(pool):
    r, tp, piercer, imp, _ = pierce_row(pool)  # Imp: DEF 500
    assert int(r.s[S.DEC_ARG]) == 500
    r.act(K.PASS)
    assert life(r, 1 - tp) == 3600 and "Imp" in r.names(Z.GRAVEYARD, 1 - tp)


def test_cr_1102_2b_all_the_damage_may_be_assigned_to_the_blocker(pool):
    r, tp, piercer, golem, _ = pierce_row(pool, blocker="Golem")
    r.act(K.OPTION_BASE + K.PIERCE_ALL)
    assert r.decision == D.PRIORITY and r.rec(S.DAMAGE, golem) == 900 and life(r, 1 - tp) == 4000


def test_cr_1102_2b_the_last_100_to_the_blocker_ends_the_assignment(pool):
    r, tp, piercer, knight, _ = pierce_row(pool, blocker="Knight")  # capacity 800 of 900
    assert r.legal() == [K.PASS, K.OPTION_BASE + K.PIERCE_MORE]
    r.act(K.OPTION_BASE + K.PIERCE_MORE)
    assert r.decision == D.PRIORITY and "Knight" in r.names(Z.GRAVEYARD, 1 - tp) and life(r, 1 - tp) == 4000


def test_cr_1102_2a_the_capacity_is_def_minus_the_damage_on_it(pool):
    r, tp = battle_row(pool)
    piercer = r.put(tp, "Piercer", Z.FIELD)
    golem = r.put(1 - tp, "Golem", Z.FIELD)  # DEF 300, [Eternal]
    r.set_rec(S.DEF_PERM, golem, 500)  # DEF 800
    r.set_rec(S.DAMAGE, golem, 300)  # capacity 500
    attack(r, piercer)
    to_block(r)
    block(r, 1 - tp, golem)
    r.pass_until(lambda x: x.decision == D.PIERCE)
    assert int(r.s[S.DEC_ARG]) == 500
    r.act(K.PASS)
    assert r.rec(S.DAMAGE, golem) == 800 and life(r, 1 - tp) == 3600


def test_cr_1102_2b_no_choice_when_the_damage_does_not_exceed_the_capacity(pool):
    r, tp = battle_row(pool)
    piercer = r.put(tp, "Piercer", Z.FIELD)
    golem = r.put(1 - tp, "Golem", Z.FIELD)
    r.set_rec(S.DEF_PERM, golem, 600)  # DEF 900 = the Piercer's ATK
    attack(r, piercer)
    to_block(r)
    block(r, 1 - tp, golem)
    to_priority_in(r, St.NORMAL_DAMAGE)
    assert r.rec(S.DAMAGE, golem) == 900 and life(r, 1 - tp) == 4000


def test_cr_1102_2b_piercing_damage_goes_to_the_original_attacked_j_resonator(pool):
    r, tp, piercer, golem, knight = pierce_row(pool, blocker="Golem", attacked="Knight")
    assert r.decision == D.PIERCE
    r.act(K.PASS)
    assert r.rec(S.DAMAGE, golem) == 300 and r.rec(S.DAMAGE, knight) == 600 and life(r, 1 - tp) == 4000
    assert r.rec(S.DAMAGE, piercer) == 300  # only the blocker strikes back (CR 806.2b)


def test_cr_1102_2_first_strike_pierce_is_assigned_in_the_first_strike_step(pool):
    r, tp = battle_row(pool)
    piercer = r.put(tp, "Piercer", Z.FIELD)
    r.set_rec(S.KW_PERM, piercer, K.KW_FIRST_STRIKE)
    imp = r.put(1 - tp, "Imp", Z.FIELD)
    attack(r, piercer)
    to_block(r)
    block(r, 1 - tp, imp)
    r.pass_until(lambda x: x.decision == D.PIERCE)
    assert step(r) == St.FIRST_STRIKE
    r.act(K.PASS)
    assert step(r) == St.FIRST_STRIKE and r.decision == D.PRIORITY and life(r, 1 - tp) == 3600
    finish_battle(r)
    assert r.rec(S.DAMAGE, piercer) == 0 and "Imp" in r.names(Z.GRAVEYARD, 1 - tp)


def test_the_pierce_decision_is_described_with_its_amounts(pool):
    r, tp, piercer, imp, _ = pierce_row(pool)
    game = SimpleNamespace(_row=r.s, pool=SimpleNamespace(names=pool.names))
    assert adapter.describe_action(game, K.PASS) == "Assign 500 damage to Imp and pierce with 400 to the opponent"
    assert adapter.describe_action(game, K.OPTION_BASE + K.PIERCE_MORE) == "Assign 100 more damage to Imp (600 of 900)"
    assert adapter.describe_action(game, K.OPTION_BASE + K.PIERCE_ALL) == "Assign all 900 damage to Imp"


# ---- removal from battle (CR 1029) --------------------------------------------------------------
def retreat(r, p, target):
    """``p`` plays Retreat ([Quickcast]: remove target J/resonator from battle) on ``target``."""
    r.give_will(p, K.Attribute.WATER)
    to_hand(r, p, "Retreat")
    if r.decider != p:
        r.act(K.PASS)
    r.act(K.PLAY_HAND_BASE + r.hand_index(p, "Retreat"))
    r.act(K.OPTION_BASE + r.s[S.CAND: S.CAND + int(r.s[S.CAND_N])].tolist().index(target))
    pass_both(r)


def test_cr_1029_1a_an_attacker_removed_from_battle_deals_no_damage(pool):
    r, tp = battle_row(pool)
    knight = r.put(tp, "Knight", Z.FIELD)
    attack(r, knight)
    assert step(r) == St.ATTACK_DECLARED
    r.act(K.PASS)
    retreat(r, 1 - tp, knight)
    assert int(r.s[S.ATTACKER]) == -1
    seen = set()
    while step(r) != St.MAIN:
        assert r.decision != D.BLOCK  # CR 804.3: no attacking J/resonator, no block
        seen.add(step(r))
        r.act(K.PASS)
    assert St.FIRST_STRIKE not in seen and life(r, 1 - tp) == 4000  # CR 805.1: to the end of battle


def test_cr_1029_1b_with_its_blocker_removed_the_attacker_damages_the_attacked_object(pool):
    r, tp, knight, imp = blocked_attack(pool, "Knight", "Imp")  # 800
    assert step(r) == St.BLOCK_DECLARED and r.decider == tp
    retreat(r, tp, imp)
    finish_battle(r)
    # CR 804.5b / 806.2a-ii: no blocking J/resonator: the damage is dealt to the attacked player
    assert life(r, 1 - tp) == 3200 and r.rec(S.DAMAGE, imp) == 0 and r.rec(S.DAMAGE, knight) == 0


def test_cr_1029_1c_the_attacked_object_removed_from_battle_is_dealt_no_damage(pool):
    r, tp = battle_row(pool)
    knight = r.put(tp, "Knight", Z.FIELD)
    imp = r.put(1 - tp, "Imp", Z.FIELD, rested=True)
    attack(r, knight, imp)
    r.act(K.PASS)
    retreat(r, 1 - tp, imp)
    assert int(r.s[S.ATTACKED]) == K.ATTACKED_NONE
    finish_battle(r)
    assert r.rec(S.DAMAGE, imp) == 0 and r.rec(S.DAMAGE, knight) == 0 and life(r, 1 - tp) == 4000


def test_cr_804_5b_a_blocker_removed_after_first_strike_damage_leaves_no_battle(pool):
    r, tp = battle_row(pool)
    fencer = r.put(tp, "Fencer", Z.FIELD)  # 600 / 400, [First Strike]
    knight = r.put(1 - tp, "Knight", Z.FIELD, rested=True)  # the attacked object, 800 / 800
    sentry = r.put(1 - tp, "Golem", Z.FIELD)  # blocker: [Eternal], survives
    attack(r, fencer, knight)
    to_block(r)
    block(r, 1 - tp, sentry)
    to_priority_in(r, St.FIRST_STRIKE)
    assert r.rec(S.DAMAGE, sentry) == 600
    retreat(r, 1 - tp, sentry)
    finish_battle(r)
    # the blocker stopped blocking after the attacker dealt its damage: the attacker and the
    # attacked object do not battle (CR 804.5b)
    assert r.rec(S.DAMAGE, knight) == 0 and r.rec(S.DAMAGE, fencer) == 0
