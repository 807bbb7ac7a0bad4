"""2014 CR 3.1 (ending the game), 7.13.2 / 6.5 (damage), 12.4.1-12.4.7 (rule processes)."""

from fftcg14_helpers import D, break_zone, do, field, is_legal, pass_until, power, zone_of

from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014 import state as S

Z = K.Zone


def to_declaration(g):
    g.step(K.PASS)  # the turn player passes Main Phase 1
    g.step(K.PASS)  # the opponent passes: Attack Phase
    pass_until(g, D.DECLARE_ATTACK)


def attack_unblocked(g, name):
    do(g, f"Attack with {name}")
    if g.decision == D.ADD_TO_PARTY:
        g.step(K.PASS)
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Don't block")


# ---- 3.1.1 / 7.13.2 / 12.4.1 ----------------------------------------------------------------------
def test_cr2014_12_4_1_the_7th_damage_card_ex_burst_resolves_before_the_loss(scenario):
    sc = scenario()
    sc.damage(1, 6)
    sc.deck_top(1, ["T-010"])  # Ice Burst (EX Burst: dull and Freeze up to 1 Forward) is the 7th card
    (bold,) = sc.field(0, ["T-006"])  # Bold Blade (Brave: stays active when attacking)
    g = sc.game()
    to_declaration(g)
    attack_unblocked(g, "Bold Blade")
    pass_until(g, D.EX_BURST)
    assert not g.done and g.current_player == 1  # 6.5.2.1: the 7th card's EX Burst is still offered
    assert int(g.state[S.DAMAGE_N + 1]) == 7
    do(g, "Use the EX Burst of Ice Burst", "Choose opponent's Bold Blade")
    for _ in range(6):
        if g.done:
            break
        g.step(K.PASS)  # it resolves, then the game ends by 12.4.1
    assert g.done and g.winner == 0
    assert int(g.state[S.FROZEN + bold * S.CARD_W]) == 1 and int(g.state[S.DULL + bold * S.CARD_W]) == 1


def test_cr2014_3_1_1_seven_damage_from_an_effect_loses(scenario):
    sc = scenario()
    sc.damage(1, 5)
    sc.hand(0, ["T-030"])  # Crushing Blow: 2 damage to the opponent
    sc.field(0, ["T-025", "T-025"])  # Earth Squires pay 2
    g = sc.game()
    do(g, "Cast Crushing Blow", "Pay: dull Earth Squire", "Pay: dull Earth Squire")
    for _ in range(8):
        if g.done:
            break
        g.step(K.PASS)  # both pass: it resolves (EX Bursts declined)
    assert g.done and g.winner == 0


def test_cr2014_12_4_1_six_damage_does_not_lose(scenario):
    sc = scenario()
    sc.damage(1, 6)
    g = sc.game()
    g.step(K.PASS)
    assert not g.done


# ---- 3.1.2 / 12.4.2, 3.1.3 / 12.4.3 -----------------------------------------------------------------
def test_cr2014_12_4_2_drawing_from_an_empty_deck_in_the_draw_phase_loses(scenario):
    sc = scenario()
    sc.empty_deck(1)
    g = sc.game()
    for _ in range(80):
        if g.done:
            break
        g.step(int(g.legal_actions()[0]))
    assert g.done and g.winner == 0 and g.turn == 4


def test_cr2014_12_4_2_a_draw_effect_from_an_empty_deck_loses(scenario):
    sc = scenario()
    sc.hand(0, ["T-031"])  # Study: draw 2, then discard 1
    sc.field(0, ["T-025", "T-025"])
    sc.empty_deck(0)
    g = sc.game()
    do(g, "Cast Study", "Pay: dull Earth Squire", "Pay: dull Earth Squire")
    for _ in range(8):
        if g.done:
            break
        g.step(int(g.legal_actions()[0]))
    assert g.done and g.winner == 1


def test_cr2014_12_4_3_damage_with_an_empty_deck_loses(scenario):
    sc = scenario()
    sc.empty_deck(1)
    sc.field(0, ["T-005"])
    g = sc.game()
    to_declaration(g)
    attack_unblocked(g, "Swift Blade")
    for _ in range(6):
        if g.done:
            break
        g.step(K.PASS)
    assert g.done and g.winner == 0


# ---- 12.4.4 / 12.4.5 --------------------------------------------------------------------------------
def test_cr2014_12_4_4_a_forward_with_power_0_or_less_goes_to_the_break_zone(scenario):
    sc = scenario()
    sc.hand(0, ["T-021", "T-020"])  # Weaken (-6000 until end of turn), Ex Knight to discard (lightning)
    (grunt,) = sc.field(1, ["T-002"])  # Ice Grunt 5000
    g = sc.game()
    do(g, "Cast Weaken", "Choose opponent's Ice Grunt", "Pay: discard Ex Knight")
    do(g, "Pass priority", "Pass priority")
    pass_until(g, D.PRIORITY)
    assert zone_of(g, grunt) == Z.BREAK and field(g, 1) == [] and break_zone(g, 1) == ["Ice Grunt"]


def test_cr2014_12_4_5_damage_equal_to_power_breaks(scenario):
    sc = scenario()
    a, b = sc.field(1, ["T-002", "T-022"], damage=5000)  # 5000 damage on 5000
    (c,) = sc.field(1, ["T-008"], damage=5000)  # Big Brute 9000 survives it
    g = sc.game()
    g.step(K.PASS)
    assert zone_of(g, a) == Z.BREAK and zone_of(g, b) == Z.BREAK and zone_of(g, c) == Z.FIELD


def test_cr2014_12_4_5_removing_an_item_can_break_its_damaged_character(scenario):
    sc = scenario()
    grunt, blade, _ = sc.field(0, ["T-001", "U-001", "T-003"])
    sc.equip(blade, grunt)
    sc.set(S.DMG + grunt * S.CARD_W, 6000)  # 6000 damage: alive at 7000 with the Blade
    g = sc.game()
    assert power(g, grunt) == 7000
    do(g, "Use ability: Bronze Blade", "Pay: dull Fire Squire")
    assert zone_of(g, grunt) == Z.FIELD
    do(g, "Pass priority", "Pass priority")  # Remove resolves: the Blade to the hand, 5000 power < 6000
    assert zone_of(g, blade) == Z.HAND and zone_of(g, grunt) == Z.BREAK


def test_cr2014_12_4_5_damage_below_power_does_not_break(scenario):
    sc = scenario()
    (a,) = sc.field(1, ["T-002"], damage=4000)
    g = sc.game()
    g.step(K.PASS)
    assert zone_of(g, a) == Z.FIELD and power(g, a) == 5000


# ---- 12.4.6 ---------------------------------------------------------------------------------------
def test_cr2014_12_4_6_same_name_characters_all_go(scenario):
    sc = scenario()
    a, b = sc.field(0, ["T-001", "T-001"])
    g = sc.game()
    g.step(K.PASS)
    assert zone_of(g, a) == Z.BREAK and zone_of(g, b) == Z.BREAK


def test_cr2014_12_4_6_common_soldiers_may_share_a_name(scenario):
    sc = scenario()
    a, b = sc.field(0, ["U-007", "U-008"])  # two Ember Squires (Common Soldier)
    c, d = sc.field(0, ["U-021", "U-022"])  # two Stone Sentries (Common Soldier)
    g = sc.game()
    g.step(K.PASS)
    assert [zone_of(g, x) for x in (a, b, c, d)] == [Z.FIELD] * 4


def test_cr2014_12_4_6_same_name_on_different_sides_stays(scenario):
    sc = scenario()
    (a,) = sc.field(0, ["T-001"])
    (b,) = sc.field(1, ["T-001"])
    g = sc.game()
    g.step(K.PASS)
    assert zone_of(g, a) == Z.FIELD and zone_of(g, b) == Z.FIELD


# ---- 12.4.7 ---------------------------------------------------------------------------------------
def test_cr2014_12_4_7_a_shine_and_a_dark_card_of_any_types_both_go(scenario):
    sc = scenario()
    hero, imp, grunt = sc.field(0, ["T-011", "U-023", "T-001"])  # Light Hero (Forward), Umbral Imp (Dark Monster)
    g = sc.game()
    g.step(K.PASS)
    assert zone_of(g, hero) == Z.BREAK and zone_of(g, imp) == Z.BREAK and zone_of(g, grunt) == Z.FIELD
    assert sorted(break_zone(g, 0)) == ["Light Hero", "Umbral Imp"]


def test_cr2014_12_4_7_a_second_shine_or_dark_card_may_be_played_then_both_go(scenario):
    sc = scenario()
    sc.hand(0, ["T-012"])  # Dark Hero (3)
    (hero,) = sc.field(0, ["T-011"])  # Light Hero
    sc.field(0, ["T-003", "T-003", "T-003"])
    g = sc.game()
    assert is_legal(g, "Play Dark Hero")  # no rule forbids it in 2014
    do(g, "Play Dark Hero", "Pay: dull Fire Squire", "Pay: dull Fire Squire", "Pay: dull Fire Squire")
    assert g.decision == D.PRIORITY
    assert zone_of(g, hero) == Z.BREAK
    assert sorted(break_zone(g, 0)) == ["Dark Hero", "Light Hero"]
    assert field(g, 0) == ["Fire Squire"] * 3


def test_cr2014_12_4_7_one_shine_card_each_player_stays(scenario):
    sc = scenario()
    (a,) = sc.field(0, ["T-011"])
    (b,) = sc.field(1, ["T-012"])
    g = sc.game()
    g.step(K.PASS)
    assert zone_of(g, a) == Z.FIELD and zone_of(g, b) == Z.FIELD


def test_cr2014_12_4_7_a_shine_item_counts_with_a_shine_character(scenario):
    sc = scenario()
    hero, grunt, charm = sc.field(0, ["T-011", "T-001", "U-026"])  # Light Hero; Halo Charm (Shine) on Fire Grunt
    sc.equip(charm, grunt)
    g = sc.game()
    g.step(K.PASS)
    assert zone_of(g, hero) == Z.BREAK and zone_of(g, charm) == Z.BREAK and zone_of(g, grunt) == Z.FIELD
    assert power(g, grunt) == 5000


def test_cr2014_12_4_7_one_shine_item_alone_stays(scenario):
    sc = scenario()
    grunt, charm = sc.field(0, ["T-001", "U-026"])
    sc.equip(charm, grunt)
    g = sc.game()
    g.step(K.PASS)
    assert zone_of(g, charm) == Z.FIELD and power(g, grunt) == 6000
