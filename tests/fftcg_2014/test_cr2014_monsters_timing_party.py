"""2014 CR 5.2.3.1.1.4 / 11.7.2.1.2 (Monsters), 9.4.1.6-7 (when Summons and abilities are used),
10.1.2 / 15.2.8 (Parties and the party icon)."""

from fftcg14_helpers import D, break_zone, do, field, hand, is_dull, is_legal, legal, pass_until, zone_of

from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014 import state as S

Z = K.Zone


def to_declaration(g):
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, D.DECLARE_ATTACK)


def dmg(g, slot):
    return int(g.state[S.DMG + slot * S.CARD_W])


# ---- Monsters ---------------------------------------------------------------------------------
def test_cr2014_5_2_3_1_1_4_a_monster_cannot_attack(scenario):
    sc = scenario()
    sc.field(0, ["U-006", "T-001"])  # Ash Hound (Monster), Fire Grunt
    g = sc.game()
    to_declaration(g)
    assert is_legal(g, "Attack with Fire Grunt")
    assert not any("Ash Hound" in a for a in legal(g))


def test_cr2014_5_2_3_1_1_4_a_monster_cannot_block(scenario):
    sc = scenario()
    sc.field(0, ["T-001"])
    sc.field(1, ["U-006", "T-002"])  # Ash Hound, Ice Grunt
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Fire Grunt")
    pass_until(g, D.DECLARE_BLOCK)
    assert g.current_player == 1
    assert is_legal(g, "Block with Ice Grunt")
    assert not any("Ash Hound" in a for a in legal(g))


def test_cr2014_11_7_2_1_2_a_monster_uses_its_dull_ability_the_turn_it_arrives(scenario):
    sc = scenario()
    sc.hand(0, ["U-006"])  # Ash Hound (2): Dull, 1 CP: 1000 damage to a Forward opponent controls
    sc.field(0, ["T-003", "T-003", "T-003"])
    (ice,) = sc.field(1, ["T-002"])
    g = sc.game()
    do(g, "Play Ash Hound")
    if g.decision == D.OPTIONAL_EFFECT:  # use its Blue Magic instead? no: play it
        do(g, "Play Ash Hound")
    do(g, "Pay: dull Fire Squire", "Pay: dull Fire Squire")
    assert field(g, 0)[-1] == "Ash Hound"
    do(g, "Use ability: Ash Hound: action: choose 1 -> damage 1000")
    do(g, "Choose opponent's Ice Grunt", "Pay: dull Fire Squire")
    do(g, "Pass priority", "Pass priority")
    assert dmg(g, ice) == 1000


def test_cr2014_11_7_2_1_2_a_backup_cannot_use_a_dull_ability_the_turn_it_arrives(scenario):
    sc = scenario()
    sc.field(0, ["U-013"], entered_this_turn=True)  # Kiln Steward: Job Change - Dull, 1 CP
    sc.field(0, ["T-003"])
    sc.hand(0, ["T-003"])
    g = sc.game()
    assert not any(a.startswith("Use ability: Kiln Steward") for a in legal(g))


# ---- 9.4.1.6 / 9.4.1.7 --------------------------------------------------------------------------
def test_cr2014_9_4_1_6_summons_in_the_opponents_main_phase(scenario):
    sc = scenario()
    sc.hand(1, ["T-009"])  # Fire Bolt: 5000 damage to a Forward opponent controls
    sc.field(1, ["T-003", "T-003"])
    (grunt,) = sc.field(0, ["T-001"])
    g = sc.game()
    do(g, "Pass priority")
    assert g.current_player == 1 and int(g.state[S.PHASE]) == K.Phase.MAIN1
    do(g, "Cast Fire Bolt", "Choose opponent's Fire Grunt", "Pay: dull Fire Squire", "Pay: dull Fire Squire")
    do(g, "Pass priority", "Pass priority")
    assert zone_of(g, grunt) == Z.BREAK and break_zone(g, 1) == ["Fire Bolt"]


def test_cr2014_9_4_1_6_summons_in_the_attack_phase(scenario):
    sc = scenario()
    sc.hand(1, ["T-009"])
    sc.field(1, ["T-003", "T-003"])
    (grunt,) = sc.field(0, ["T-001"])
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Fire Grunt")
    pass_until(g, D.PRIORITY)
    while g.current_player != 1:
        g.step(K.PASS)
    assert int(g.state[S.PHASE]) == K.Phase.ATTACK
    do(g, "Cast Fire Bolt", "Choose opponent's Fire Grunt", "Pay: dull Fire Squire", "Pay: dull Fire Squire")
    do(g, "Pass priority", "Pass priority")
    assert zone_of(g, grunt) == Z.BREAK


def test_cr2014_9_4_1_7_action_abilities_in_the_opponents_turn(scenario):
    sc = scenario()
    sc.field(1, ["U-006", "T-003"])  # Ash Hound, a Fire Squire
    (grunt,) = sc.field(0, ["T-001"])
    g = sc.game()
    do(g, "Pass priority")
    assert g.current_player == 1
    do(g, "Use ability: Ash Hound: action: choose 1 -> damage 1000", "Choose opponent's Fire Grunt", "Pay: dull Fire Squire")
    do(g, "Pass priority", "Pass priority")
    assert dmg(g, grunt) == 1000


def test_cr2014_9_4_1_6_no_summons_outside_the_main_and_attack_phases(scenario):
    sc = scenario()
    sc.hand(0, ["T-009"])
    sc.hand(1, ["T-009"])
    sc.field(0, ["T-003", "T-003"])
    sc.field(1, ["T-003", "T-003", "T-001"])
    g = sc.game()
    for _ in range(200):  # play on to the next turn; every priority must be in a Main or Attack Phase
        if g.turn != 3:
            break
        if g.decision == D.PRIORITY and any(a.startswith("Cast Fire Bolt") for a in legal(g)):
            assert int(g.state[S.PHASE]) in (K.Phase.MAIN1, K.Phase.MAIN2, K.Phase.ATTACK)
        g.step(K.PASS if K.PASS in [int(a) for a in g.legal_actions()] else int(g.legal_actions()[0]))
    assert g.turn == 4


# ---- Parties: 10.1.2, 15.2.8 -----------------------------------------------------------------------
def test_cr2014_15_2_8_1_party_icons_form_a_party_of_different_elements(scenario):
    sc = scenario()
    fire, ice = sc.field(0, ["U-007", "U-015"])  # Ember Squire (fire), Frost Squire (ice): party icons
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Ember Squire")
    assert g.decision == D.ADD_TO_PARTY
    do(g, "Add Frost Squire to the party")
    if g.decision == D.ADD_TO_PARTY:
        do(g, "Attack with the Forwards declared")
    assert is_dull(g, fire) and is_dull(g, ice)
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Don't block")
    pass_until(g, D.DECLARE_ATTACK)
    assert int(g.state[S.DAMAGE_N + 1]) == 1  # a Party deals 1 damage to the player


def test_cr2014_15_2_8_2_a_forward_without_the_icon_cannot_join_a_mixed_party(scenario):
    sc = scenario()
    sc.field(0, ["U-007", "T-002", "T-001"])  # Ember Squire (fire, icon), Ice Grunt, Fire Grunt (no icon)
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Ember Squire")
    assert is_legal(g, "Add Fire Grunt to the party")  # same element: a Party (10.1.2)
    assert not is_legal(g, "Add Ice Grunt to the party")  # 15.2.8.2


def test_cr2014_15_2_8_2_no_icon_forward_first_keeps_out_other_elements(scenario):
    sc = scenario()
    sc.field(0, ["T-001", "U-015", "U-007"])  # Fire Grunt (no icon), Frost Squire (ice, icon), Ember Squire
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Fire Grunt")
    assert is_legal(g, "Add Ember Squire to the party")
    assert not is_legal(g, "Add Frost Squire to the party")


def test_cr2014_10_1_2_forwards_of_different_elements_without_icons_attack_alone(scenario):
    sc = scenario()
    sc.field(0, ["T-001", "T-002"])
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Fire Grunt")
    assert g.decision != D.ADD_TO_PARTY or not is_legal(g, "Add Ice Grunt to the party")


def test_cr2014_15_2_8_1_after_a_mixed_pair_no_icon_forward_may_join(scenario):
    sc = scenario()
    sc.field(0, ["U-007", "U-015", "T-001"])  # Ember Squire + Frost Squire, then Fire Grunt (no icon)
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Ember Squire", "Add Frost Squire to the party")
    assert not is_legal(g, "Add Fire Grunt to the party")
    assert hand(g, 0) == []


def test_cr2014_15_2_11_4_blue_magic_is_not_used_from_the_field(scenario):
    sc = scenario()
    sc.field(0, ["U-006", "T-003", "T-003"])  # Ash Hound on the field; its Blue Magic is a hand ability
    sc.field(1, ["T-002"])
    g = sc.game()
    uses = [a for a in legal(g) if a.startswith("Use ability: Ash Hound")]
    assert uses == ["Use ability: Ash Hound: action: choose 1 -> damage 1000"]


def test_cr2014_15_2_14_5_flash_is_not_used_from_the_field(scenario):
    sc = scenario()
    sc.field(0, ["U-011", "T-003", "T-003"])  # Cinder Vanguard on the field; Flash only from the hand
    g = sc.game()
    assert not any(a.startswith("Use ability: Cinder Vanguard") for a in legal(g))
