"""2014 CR 11.4 (Items), 5.2.3.1.3 (equipping), 15.2.12 (Remove), 7.12 / 11.5 (Formations)."""

from fftcg14_helpers import (D, Ask, ask, break_zone, do, equips, field, hand, is_legal, legal, pass_until, power,
                             zone_of)

from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014 import state as S

Z = K.Zone


def test_cr2014_11_4_7_the_character_is_chosen_before_paying_and_the_item_equips_it(scenario):
    sc = scenario()
    sc.hand(0, ["U-001"])  # Bronze Blade: weapon (Forward), +2000 to the equipped character
    grunt, _, _ = sc.field(0, ["T-001", "T-003", "T-003"])  # Fire Grunt 5000, two Fire Squires
    g = sc.game()
    do(g, "Play Bronze Blade")
    assert g.decision == D.CHOOSE_TARGET and ask(g) == Ask.EQUIP  # before any CP is paid
    do(g, "Equip Bronze Blade to your Fire Grunt")
    assert g.decision == D.PAY_CP
    do(g, "Pay: dull Fire Squire", "Pay: dull Fire Squire")
    assert g.decision == D.PRIORITY and g.current_player == 0
    assert field(g, 0) == ["Fire Grunt", "Fire Squire", "Fire Squire", "Bronze Blade"]
    blade = _slot_on_field(g, 0, "Bronze Blade")
    assert equips(g, blade) == grunt
    assert power(g, grunt) == 7000  # 15.1.1.11: the Item's ability applies to the equipped character


def _slot_on_field(g, player, name):
    from tcg_env.engine.zones import zone_list
    from tcg_env.games.fftcg_2014 import state as S

    hits = [s for s in zone_list(g.state, S.ZONES, int(Z.FIELD), player)
            if g.pool.names[int(g.state[S.CARD + s * S.CARD_W])] == name]
    assert len(hits) == 1, hits
    return hits[0]


def test_cr2014_11_4_7_the_item_aura_applies_to_the_equipped_character_only(scenario):
    sc = scenario()
    a, b, blade = sc.field(0, ["T-001", "T-013", "U-001"])  # Fire Grunt, Unique Knight (5000 each)
    sc.equip(blade, b)
    g = sc.game()
    assert power(g, a) == 5000 and power(g, b) == 7000


def test_cr2014_5_2_3_1_3_2_only_characters_of_the_allowed_types_can_equip(scenario):
    sc = scenario()
    sc.hand(0, ["U-001", "U-002"])  # Bronze Blade (Forwards only), Hide Vest (any character)
    sc.field(0, ["T-003", "T-003", "T-003", "U-006"])  # Fire Squires (Backups) and Ash Hound (Monster)
    g = sc.game()
    assert not is_legal(g, "Play Bronze Blade")  # no Forward to equip
    do(g, "Play Hide Vest")
    assert sorted(legal(g)) == ["Equip Hide Vest to your Ash Hound"] + ["Equip Hide Vest to your Fire Squire"] * 3
    assert "Pass priority" not in legal(g)  # no pass: an Item is played onto a character (11.4.7)


def test_cr2014_11_4_1_items_only_in_your_main_phase_with_an_empty_stack(scenario):
    sc = scenario()
    sc.hand(0, ["U-002", "T-009"])  # Hide Vest; Fire Bolt (a Summon to make the stack non-empty)
    sc.field(0, ["T-001", "T-003", "T-003", "T-003"])
    sc.field(1, ["T-002"])
    sc.hand(1, ["U-002"])
    g = sc.game()
    assert is_legal(g, "Play Hide Vest")
    do(g, "Cast Fire Bolt", "Choose opponent's Ice Grunt", "Pay: dull Fire Squire", "Pay: dull Fire Squire")
    assert g.decision == D.PRIORITY and g.current_player == 0 and int(g.state[S.STACK_N]) == 1
    assert not is_legal(g, "Play Hide Vest")  # the stack is not empty
    do(g, "Pass priority")
    assert g.current_player == 1
    assert not is_legal(g, "Play Hide Vest")  # not the turn player


def test_cr2014_5_2_3_1_3_4_one_item_of_each_type_per_character(scenario):
    sc = scenario()
    sc.hand(0, ["U-003", "U-002"])  # Spare Blade (weapon), Hide Vest (armor)
    grunt, blade, _, _ = sc.field(0, ["T-001", "U-001", "T-003", "T-003"])  # Fire Grunt wields Bronze Blade
    sc.equip(blade, grunt)
    g = sc.game()
    assert not is_legal(g, "Play Spare Blade")  # its only Forward already has a weapon
    do(g, "Play Hide Vest", "Equip Hide Vest to your Fire Grunt", "Pay: dull Fire Squire")
    assert g.decision == D.PRIORITY
    assert power(g, grunt) == 5000 + 2000 + 1000


def test_cr2014_15_2_12_remove_returns_the_item_to_its_owners_hand(scenario):
    sc = scenario()
    grunt, blade, _ = sc.field(0, ["T-001", "U-001", "T-003"])
    sc.equip(blade, grunt)
    g = sc.game()
    assert power(g, grunt) == 7000
    do(g, "Use ability: Bronze Blade")
    while g.decision == D.PAY_CP:
        do(g, "Pay: dull Fire Squire")
    pass_until(g, D.PRIORITY)
    while zone_of(g, blade) == Z.FIELD and g.decision == D.PRIORITY:
        g.step(K.PASS)
    assert hand(g, 0) == ["Bronze Blade"]
    assert field(g, 0) == ["Fire Grunt", "Fire Squire"]
    assert power(g, grunt) == 5000


def test_cr2014_12_4_8_the_item_leaves_when_its_character_leaves(scenario):
    sc = scenario()
    sc.hand(0, ["T-027"])  # Recall: return a character to its owner's hand (earth)
    grunt, blade, _ = sc.field(0, ["T-001", "U-001", "T-025"])  # Earth Squire pays
    sc.equip(blade, grunt)
    g = sc.game()
    do(g, "Cast Recall", "Choose your Fire Grunt", "Pay: dull Earth Squire")
    do(g, "Pass priority", "Pass priority")  # both pass: Recall resolves
    assert zone_of(g, grunt) == Z.HAND
    assert zone_of(g, blade) == Z.BREAK  # unequipped: a rule process (12.4.8)
    assert break_zone(g, 0) == ["Recall", "Bronze Blade"]


def test_cr2014_12_4_8_an_unequipped_item_goes_to_the_break_zone(scenario):
    sc = scenario()
    (blade,) = sc.field(0, ["U-001"])  # equips nothing
    g = sc.game()
    g.step(K.PASS)  # a rule-process check whenever a player would receive priority (12.3)
    assert zone_of(g, blade) == Z.BREAK
    assert field(g, 0) == [] and break_zone(g, 0) == ["Bronze Blade"]


def test_cr2014_12_4_9_two_items_of_one_type_on_a_character_both_go(scenario):
    sc = scenario()
    grunt, a, b, vest = sc.field(0, ["T-001", "U-001", "U-003", "U-002"])
    for item in (a, b, vest):
        sc.equip(item, grunt)
    g = sc.game()
    g.step(K.PASS)  # a rule-process check whenever a player would receive priority (12.3)
    assert field(g, 0) == ["Fire Grunt", "Hide Vest"]  # the armor stays
    assert sorted(break_zone(g, 0)) == ["Bronze Blade", "Spare Blade"]
    assert power(g, grunt) == 6000


def test_cr2014_12_4_9_items_of_one_type_on_different_characters_stay(scenario):
    sc = scenario()
    x, y, a, b = sc.field(0, ["T-001", "T-013", "U-001", "U-003"])
    sc.equip(a, x)
    sc.equip(b, y)
    g = sc.game()
    g.step(K.PASS)  # a rule-process check whenever a player would receive priority (12.3)
    assert len(field(g, 0)) == 4 and power(g, x) == 7000 and power(g, y) == 6000


# ---- Formations ---------------------------------------------------------------------------------
def test_cr2014_7_12_1_3_a_formation_needs_its_condition(scenario):
    sc = scenario()
    sc.hand(0, ["U-005", "U-004"])  # Coal Banner (2 Forwards), Ember Banner (1 Forward)
    sc.field(0, ["T-001", "T-003", "T-003"])
    g = sc.game()
    assert not is_legal(g, "Play Coal Banner")
    assert is_legal(g, "Play Ember Banner")


def test_cr2014_11_5_9_a_new_formation_returns_the_old_one_to_the_hand(scenario):
    sc = scenario()
    sc.hand(0, ["U-005"])  # Coal Banner: Forwards +2000
    grunt, ice, old, _ = sc.field(0, ["T-001", "T-002", "U-004", "T-003"])  # Ember Banner: Fire Forwards +1000
    g = sc.game()
    assert power(g, grunt) == 6000 and power(g, ice) == 5000
    do(g, "Play Coal Banner", "Pay: dull Fire Squire")
    assert g.decision == D.PRIORITY
    assert zone_of(g, old) == Z.HAND and hand(g, 0) == ["Ember Banner"]
    assert field(g, 0) == ["Fire Grunt", "Ice Grunt", "Fire Squire", "Coal Banner"]
    assert power(g, grunt) == 7000 and power(g, ice) == 7000


def test_cr2014_11_5_1_formations_only_in_your_main_phase(scenario):
    sc = scenario(turn_player=1)
    sc.hand(0, ["U-004"])
    sc.field(0, ["T-001", "T-003"])
    g = sc.game()
    do(g, "Pass priority")
    assert g.current_player == 0
    assert not is_legal(g, "Play Ember Banner")


def test_cr2014_12_4_10_two_formations_both_go(scenario):
    sc = scenario()
    sc.field(0, ["T-001", "U-004", "U-005"])
    g = sc.game()
    g.step(K.PASS)  # a rule-process check whenever a player would receive priority (12.3)
    assert field(g, 0) == ["Fire Grunt"]
    assert sorted(break_zone(g, 0)) == ["Coal Banner", "Ember Banner"]


def test_cr2014_12_4_10_one_formation_each_player_stays(scenario):
    sc = scenario()
    sc.field(0, ["T-001", "U-004"])
    sc.field(1, ["T-002", "U-005"])
    g = sc.game()
    g.step(K.PASS)  # a rule-process check whenever a player would receive priority (12.3)
    assert field(g, 0) == ["Fire Grunt", "Ember Banner"] and field(g, 1) == ["Ice Grunt", "Coal Banner"]
