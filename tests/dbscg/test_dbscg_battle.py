"""The Dragon Ball Super Card Game's attacks and battles (rules chapter 7, damage 4-10), one test
per rule, on positions built with DbscgScenario and played through the facade."""

from __future__ import annotations

from dbscg_helpers import (
    act, attack, can, count, leader, names, offered, power, rested, scenario, slots, to_main, where, word,
)

from tcg_env.games.dbscg import state as S
from tcg_env.games.dbscg.constants import Decision, Zone
from tcg_env.games.dbscg.state import Phase


def test_cr_7_1_the_leader_or_a_rest_mode_battle_card_can_be_attacked():
    sc = scenario()
    sc.battle(1, ["DS1-022"])  # Active Mode: not a target
    sc.battle(1, ["DS1-042"], rested=True)
    g = sc.game()
    targets = [d for d in offered(g) if d.startswith("Attack")]
    assert targets == ["Attack the Leader with Solenne - Star Seeker", "Attack Sprout Ranger with Solenne - Star Seeker"]


def test_cr_7_1_the_attack_card_switches_to_rest_mode_and_a_rest_mode_card_cannot_attack():
    sc = scenario()
    rook = sc.battle(0, ["DS1-003"])[0]
    sc.battle(0, ["DS1-022"], rested=True)
    g = sc.game()
    assert not can(g, "Attack the Leader with Tide Apprentice")
    attack(g, "Rook - Ember Cadet")
    assert rested(g, rook) and g.state[S.ATTACKER] == rook
    assert g.decision == Decision.OFFENCE and g.state[S.PHASE] == Phase.OFFENCE
    to_main(g)
    assert rested(g, rook) and not can(g, "Attack the Leader with Rook")


def test_cr_7_2_1_2_the_offence_step_combos_from_the_hand_and_active_battle_cards_other_than_the_attack_card():
    sc = scenario()
    sc.hand(0, ["DS1-003"])
    sc.battle(0, ["DS1-011", "DS1-042"])
    sc.battle(0, ["DS1-022"], rested=True)
    g = sc.game()
    attack(g, "Flare Striker")
    assert g.decision == Decision.OFFENCE and g.current_player == 0
    combos = [d for d in offered(g) if d.startswith("Combo")]
    assert combos == ["Combo with Rook - Ember Cadet from the hand (+5000)", "Combo with Sprout Ranger"]


def test_cr_7_2_1_2_1_1_a_combo_rests_its_combo_cost_in_energy_and_cannot_be_declared_without_it():
    sc = scenario()
    sc.hand(0, ["DS1-006", "DS1-006"])  # combo cost 1
    energy = sc.energy(0, ["DS1-003"])
    g = sc.game()
    attack(g, "Solenne")
    act(g, "Combo with Blazing Charger")
    assert rested(g, energy[0]) and names(g, 0, "combo") == ["Blazing Charger"]
    assert not can(g, "Combo with")  # no Active energy left for the second


def test_cr_3_7_3_1_only_a_card_with_a_combo_cost_and_combo_power_combos():
    sc = scenario()
    sc.battle(0, ["DS1-015"])  # a token: no combo cost, no combo power
    sc.hand(0, ["DS1-010"])  # an Extra Card
    g = sc.game()
    attack(g, "Solenne")
    assert offered(g) == ["No more combos"]


def test_cr_7_3_1_2_the_defence_step_combos_from_the_hand_and_active_battle_cards_other_than_the_guard_card():
    sc = scenario()
    sc.hand(1, ["DS1-022"])
    sc.battle(1, ["DS1-042"])
    guard = sc.battle(1, ["DS1-045"], rested=True)[0]
    g = sc.game()
    attack(g, "Solenne", "Torvo - Sapling Guardian")
    act(g, "No more combos")
    assert g.decision == Decision.DEFENCE and g.current_player == 1 and g.state[S.GUARD] == guard
    assert [d for d in offered(g) if d.startswith("Combo")] == [
        "Combo with Tide Apprentice from the hand (+5000)", "Combo with Sprout Ranger"]


def test_cr_7_4_1_4_a_tie_goes_to_the_attacker_and_4_10_2_1_a_life_card_goes_to_the_hand():
    sc = scenario()
    g = sc.game()
    hand = count(g, 1, "hand")
    attack(g, "Solenne")
    to_main(g)
    assert count(g, 1, "life") == 7 and count(g, 1, "hand") == hand + 1 and count(g, 1, "drop") == 0


def test_cr_7_4_1_4_a_weaker_attack_card_does_nothing():
    sc = scenario()
    sc.hand(1, ["DS1-022"])
    g = sc.game()
    attack(g, "Solenne")
    act(g, "No more combos")
    act(g, "Combo with Tide Apprentice")  # 10000 + 5000 against 10000
    to_main(g)
    assert count(g, 1, "life") == 8


def test_cr_7_4_1_2_the_combo_power_is_added_and_7_4_1_4_2_the_guard_battle_card_is_ko_ed():
    sc = scenario()
    sc.hand(0, ["DS1-003"])
    guard = sc.battle(1, ["DS1-045"], rested=True)[0]  # 15000
    g = sc.game()
    attack(g, "Solenne", "Torvo - Sapling Guardian")
    act(g, "Combo with Rook")
    to_main(g)
    assert where(g, guard) == Zone.DROP and count(g, 1, "life") == 8


def test_cr_7_4_1_6_the_combo_cards_go_to_the_drop_area_after_the_battle():
    sc = scenario()
    sc.hand(0, ["DS1-003"])
    mine = sc.battle(0, ["DS1-042"])[0]
    sc.hand(1, ["DS1-022"])
    g = sc.game()
    attack(g, "Solenne")
    act(g, "Combo with Rook")
    act(g, "Combo with Sprout Ranger")
    act(g, "No more combos")
    act(g, "Combo with Tide Apprentice")
    act(g, "No more combos")
    assert g.decision == Decision.MAIN
    assert names(g, 0, "drop") == ["Rook - Ember Cadet", "Sprout Ranger"] and where(g, mine) == Zone.DROP
    assert names(g, 1, "drop") == ["Tide Apprentice"] and count(g, 0, "combo") == count(g, 1, "combo") == 0
    assert count(g, 1, "life") == 7  # 20000 against 15000


def test_cr_7_4_1_9_power_for_the_battle_ends_with_the_battle():
    sc = scenario()
    sc.hand(1, ["DS1-051"])  # [Counter: Attack] your card +10000 for the battle
    sc.energy(1, ["DS1-042", "DS1-042"])
    g = sc.game()
    attack(g, "Solenne")
    act(g, "[Counter] Grove's Embrace")
    act(g, "Choose Solenne")
    assert power(g, leader(g, 1)) == 20000
    to_main(g)
    assert count(g, 1, "life") == 8 and power(g, leader(g, 1)) == 10000
    assert word(g, S.POWER_EOB, leader(g, 1)) == 0


def test_cr_7_1_4_a_negated_attack_ends_the_battle():
    sc = scenario()
    sc.hand(1, ["DS1-027"])  # [Counter: Attack] negate the attack
    sc.energy(1, ["DS1-022", "DS1-022"])
    g = sc.game()
    attack(g, "Solenne")
    act(g, "[Counter]")
    assert g.decision == Decision.MAIN and g.state[S.ATTACKER] == -1
    assert count(g, 1, "life") == 8 and rested(g, leader(g, 0))


def test_cr_7_1_4_the_battle_ends_when_the_attack_card_leaves_the_battle_area():
    sc = scenario()
    rook = sc.battle(0, ["DS1-003"])[0]
    sc.hand(1, ["DS1-013"])  # [Counter: Attack] KO an opponent's Battle Card with 15000 power or less
    sc.energy(1, ["DS1-003", "DS1-003"])
    g = sc.game()
    attack(g, "Rook")
    act(g, "[Counter]")
    act(g, "Choose Rook")
    assert where(g, rook) == Zone.DROP
    assert g.decision == Decision.MAIN and count(g, 1, "life") == 8


def test_cr_7_4_1_4_1_2_when_this_card_deals_damage():
    sc = scenario()
    sc.battle(0, ["DS1-091"])  # Night Stalker: when it deals damage, the opponent discards 1 at random
    sc.hand(1, ["DS1-022", "DS1-022"])
    g = sc.game()
    hand = count(g, 1, "hand")
    attack(g, "Night Stalker")
    to_main(g)
    assert count(g, 1, "life") == 7 and count(g, 1, "hand") == hand + 1 - 1 and count(g, 1, "drop") == 1


def test_cr_7_4_1_4_2_1_when_this_card_kos_a_card_in_battle():
    sc = scenario()
    sc.battle(0, ["DS1-103"])  # Reaver: when it KOs a card in battle, draw 1
    sc.battle(1, ["DS1-022"], rested=True)
    g = sc.game()
    hand = count(g, 0, "hand")
    attack(g, "Crimson Void Reaver", "Tide Apprentice")
    to_main(g)
    assert count(g, 0, "hand") == hand + 1 and names(g, 1, "drop") == ["Tide Apprentice"]


def test_cr_9_3_combo_cards_outside_a_battle_go_to_the_drop_area():
    sc = scenario()
    combo = sc.put(0, "DS1-003", "combo")
    g = sc.game()
    act(g, "End the Main Phase")  # the next checkpoint
    assert where(g, combo) == Zone.DROP and slots(g, 0, "combo") == []
