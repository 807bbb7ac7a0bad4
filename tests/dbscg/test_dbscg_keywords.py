"""The Dragon Ball Super Card Game's keyword skills (rules chapter 10), skills (8-5), cards under
cards (11-3) and the Warp (11-4), one test per rule, on positions built with DbscgScenario."""

from __future__ import annotations


from dbscg_helpers import (
    act, attack, can, card, count, edited, extra_pool, leader, names, offered, power, rested, scenario, slots, to_main,
    where, word,
)

from tcg_env.engine.header import H_DECIDER
from tcg_env.games.dbscg import state as S
from tcg_env.games.dbscg.constants import Decision, Zone
from tcg_env.games.dbscg.scenario import DbscgScenario


# ---- battle keywords ------------------------------------------------------------------------------------
def test_cr_10_4_1_blocker_rests_and_becomes_the_guard_card():
    sc = scenario()
    blocker = sc.battle(1, ["DS1-024"])[0]  # Coral Guardian [Blocker], 15000
    g = sc.game()
    attack(g, "Solenne")
    assert g.decision == Decision.BLOCKER and g.current_player == 1
    act(g, "[Blocker]: guard with Coral Guardian")
    assert rested(g, blocker) and g.state[S.GUARD] == blocker
    to_main(g)
    assert count(g, 1, "life") == 8 and where(g, blocker) == Zone.BATTLE  # 10000 against 15000


def test_cr_10_4_1_a_rest_mode_blocker_cannot_block():
    sc = scenario()
    sc.battle(1, ["DS1-024"], rested=True)
    g = sc.game()
    attack(g, "Solenne")
    assert g.decision == Decision.OFFENCE


def test_cr_10_6_critical_sends_life_to_the_drop_area():
    sc = scenario()
    sc.battle(0, ["DS1-005"])  # Kazan - Young Striker [Critical]
    g = sc.game()
    hand = count(g, 1, "hand")
    attack(g, "Kazan - Young Striker")
    to_main(g)
    assert count(g, 1, "life") == 7 and count(g, 1, "drop") == 1 and count(g, 1, "hand") == hand


def test_cr_10_7_1_1_double_strike_deals_2_damage():
    sc = scenario()
    sc.battle(0, ["DS1-006"])
    g = sc.game()
    attack(g, "Blazing Charger")
    to_main(g)
    assert count(g, 1, "life") == 6


def test_cr_10_7_1_2_triple_strike_deals_3_damage():
    sc = scenario()
    sc.battle(0, ["DS1-017"])
    g = sc.game()
    attack(g, "Kazan - Sunfire Apex")
    to_main(g)
    assert count(g, 1, "life") == 5


def test_cr_10_7_strike_does_nothing_against_a_battle_card():
    sc = scenario()
    sc.battle(0, ["DS1-006"])
    sc.battle(1, ["DS1-022"], rested=True)
    g = sc.game()
    attack(g, "Blazing Charger", "Tide Apprentice")
    to_main(g)
    assert count(g, 1, "life") == 8 and names(g, 1, "drop") == ["Tide Apprentice"]


def test_cr_10_8_1_1_dual_attack_stands_up_after_the_first_battle_only():
    sc = scenario()
    rider = sc.battle(0, ["DS1-034"])[0]
    g = sc.game()
    attack(g, "Wave Rider")
    to_main(g)
    assert not rested(g, rider) and count(g, 1, "life") == 7
    attack(g, "Wave Rider")
    to_main(g)
    assert rested(g, rider) and count(g, 1, "life") == 6


def test_cr_10_9_1_revenge_kos_the_attacking_battle_card_that_kos_it():
    sc = scenario()
    brute = sc.battle(0, ["DS1-009"])[0]  # 25000
    avenger = sc.battle(1, ["DS1-048"], rested=True)[0]  # Thorn Avenger [Revenge], 20000
    g = sc.game()
    attack(g, "Rampaging Brute", "Thorn Avenger")
    to_main(g)
    assert where(g, avenger) == Zone.DROP and where(g, brute) == Zone.DROP


def test_cr_10_9_1_revenge_kos_the_attacking_battle_card_when_it_survives():
    sc = scenario()
    rook = sc.battle(0, ["DS1-003"])[0]  # 10000
    avenger = sc.battle(1, ["DS1-048"], rested=True)[0]
    g = sc.game()
    attack(g, "Rook", "Thorn Avenger")
    to_main(g)
    assert where(g, avenger) == Zone.BATTLE and where(g, rook) == Zone.DROP


def test_cr_10_9_1_revenge_does_not_answer_a_leader():
    sc = scenario()
    sc.hand(0, ["DS1-006"])
    sc.energy(0, ["DS1-003"])
    avenger = sc.battle(1, ["DS1-048"], rested=True)[0]
    g = sc.game()
    attack(g, "Solenne", "Thorn Avenger")
    act(g, "Combo with Blazing Charger")
    to_main(g)
    assert where(g, avenger) == Zone.DROP and where(g, leader(g, 0)) == Zone.LEADER


def test_cr_10_12_1_indestructible_is_not_ko_ed_by_battle():
    sc = scenario()
    sc.battle(0, ["DS1-017"])  # 35000
    ironbark = sc.battle(1, ["DS1-047"], rested=True)[0]  # [Indestructible], 30000
    g = sc.game()
    attack(g, "Kazan - Sunfire Apex", "Ironbark Colossus")
    to_main(g)
    assert where(g, ironbark) == Zone.BATTLE


def test_cr_10_16_1_barrier_cannot_be_chosen_by_the_opponents_skills():
    sc = scenario()
    sc.hand(0, ["DS1-035"])  # Kelp Sage: choose up to 1 of your opponent's Battle Cards: Rest Mode
    sc.energy(0, ["DS1-022", "DS1-022", "DS1-022"])
    sc.battle(1, ["DS1-026", "DS1-022"])  # Riptide Warden [Barrier], Tide Apprentice
    g = sc.game()
    act(g, "Play Kelp Sage")
    assert g.decision == Decision.SELECT
    assert offered(g) == ["Choose no more", "Choose Tide Apprentice"]


def test_cr_10_16_1_barrier_can_be_chosen_by_its_masters_skills():
    sc = scenario()
    sc.hand(0, ["DS1-010"])  # Burning Resolve: choose 1 of your cards: +10000
    sc.energy(0, ["DS1-003"])
    sc.battle(0, ["DS1-026"])
    g = sc.game()
    act(g, "Activate Burning Resolve")
    assert "Choose Riptide Warden" in offered(g)


def test_cr_10_20_1_victory_strike_wins_when_it_deals_damage():
    sc = scenario(pool=extra_pool())
    sc.battle(0, ["TST-002"])
    g = sc.game()
    attack(g, "Test Finisher")
    to_main(g)
    assert g.done and g.winner == 0 and count(g, 1, "life") == 8


# ---- playing another way: Evolve, Union, Over Realm (10-5, 10-13, 10-15, 10-25) ---------------------------
def test_cr_10_5_4_evolve_goes_on_top_keeping_position_and_power_effects():
    sc = scenario()
    sc.hand(0, ["DS1-007"])  # [Evolve] 2 (1 red): Kazan
    sc.energy(0, ["DS1-003", "DS1-003"])
    base = sc.battle(0, ["DS1-005"], rested=True)[0]
    sc.set(S.POWER_EOT + base * S.CARD_W, 5000)
    g = sc.game()
    act(g, "Play Kazan - Crimson Blaze with [Evolve]")
    top = slots(g, 0, "battle")[0]
    assert names(g, 0, "battle") == ["Kazan - Crimson Blaze"] and where(g, base) == Zone.UNDER
    assert word(g, S.UNDER, base) == top and rested(g, top) and power(g, top) == 30000
    assert count(g, 0, "energy") == 2 and all(rested(g, e) for e in slots(g, 0, "energy"))


def test_cr_10_5_1_evolve_needs_a_battle_card_of_the_named_character():
    sc = scenario()
    sc.hand(0, ["DS1-007"])
    sc.energy(0, ["DS1-003", "DS1-003"])
    sc.battle(0, ["DS1-003"])
    g = sc.game()
    assert not can(g, "Play Kazan - Crimson Blaze with")


def test_cr_10_5_1_ex_evolve_needs_the_energy_cost_condition():
    sc = scenario()
    sc.hand(0, ["DS1-046"])  # [EX-Evolve] 3 (2 green): Torvo with energy cost 2 or more
    sc.energy(0, ["DS1-042", "DS1-042", "DS1-042"])
    sc.battle(0, ["DS1-045"])  # Torvo, energy cost 2
    g = sc.game()
    act(g, "Play Torvo - Thornlord with [Evolve]")
    assert names(g, 0, "battle") == ["Torvo - Thornlord"] and names(g, 0, "under") == ["Torvo - Sapling Guardian"]


def test_cr_11_3_5_the_cards_under_a_card_go_to_the_drop_area_with_it():
    sc = scenario()
    sc.hand(0, ["DS1-007"])
    sc.energy(0, ["DS1-003", "DS1-003"])
    base = sc.battle(0, ["DS1-005"], rested=True)[0]
    g = sc.game()
    act(g, "Play Kazan - Crimson Blaze with [Evolve]")
    act(g, "End the Main Phase")
    to_main(g)  # player 1's Main Phase
    top = slots(g, 0, "battle")[0]
    g = edited(g, (S.RESTED + top * S.CARD_W, 1), (S.POWER_EOT + leader(g, 1) * S.CARD_W, 30000))
    attack(g, "Solenne", "Kazan - Crimson Blaze")
    to_main(g)
    assert where(g, top) == Zone.DROP and where(g, base) == Zone.DROP and word(g, S.UNDER, base) == -1


def test_cr_10_5_5_xeno_evolve_sends_the_card_to_the_warp_and_plays_in_active_mode():
    sc = scenario()
    sc.hand(0, ["DS1-087"])  # [Xeno-Evolve] 2 (1 black): Vexor
    sc.energy(0, ["DS1-082", "DS1-082"])
    base = sc.battle(0, ["DS1-088"], rested=True)[0]
    g = sc.game()
    act(g, "Play Vexor - Shadow Form with [Xeno-Evolve]")
    to_main(g)  # its "when played" KO finds no target
    top = slots(g, 0, "battle")[0]
    assert where(g, base) == Zone.WARP and names(g, 0, "battle") == ["Vexor - Shadow Form"] and not rested(g, top)


def test_cr_10_13_4_union_potara_goes_on_top_of_both_in_active_mode():
    sc = scenario()
    sc.hand(0, ["DS1-036"])  # [Union-Potara] 3 (1 blue): Mirel and Coralin
    sc.energy(0, ["DS1-022"] * 3)
    mirel = sc.battle(0, ["DS1-025"], rested=True)[0]
    coralin = sc.battle(0, ["DS1-037"])[0]
    sc.set(S.POWER_EOT + mirel * S.CARD_W, 5000)
    g = sc.game()
    act(g, "Play Mireline - Tide Union with [Union-Potara]")
    to_main(g)
    top = slots(g, 0, "battle")[0]
    assert names(g, 0, "battle") == ["Mireline - Tide Union"] and not rested(g, top)
    assert where(g, mirel) == Zone.UNDER and where(g, coralin) == Zone.UNDER and power(g, top) == 40000


def test_cr_10_13_3_4_union_fusion_puts_the_two_from_the_hand_into_the_drop_area():
    sc = scenario()
    sc.hand(0, ["DS1-102", "DS1-003", "DS1-011"])  # Rookstrike; Rook and Striker, 10000 each
    sc.energy(0, ["DS1-003", "DS1-003"])
    g = sc.game()
    act(g, "Play Rookstrike - Fused Blaze with [Union-Fusion]")
    assert names(g, 0, "battle") == ["Rookstrike - Fused Blaze"] and not rested(g, slots(g, 0, "battle")[0])
    assert sorted(names(g, 0, "drop")) == ["Flare Striker", "Rook - Ember Cadet"] and count(g, 0, "hand") == 0


def test_cr_10_13_5_union_absorb_places_a_drop_area_battle_card_under_it():
    sc = scenario()
    horror = sc.battle(0, ["DS1-053"])[0]  # [Union-Absorb] 1: a Battle Card of your Drop Area under it
    sc.energy(0, ["DS1-042"])
    dropped = sc.put(0, "DS1-042", "drop")
    g = sc.game()
    act(g, "Activate skill 1 of Vine Horror")
    act(g, "Choose Sprout Ranger")
    assert where(g, dropped) == Zone.UNDER and word(g, S.UNDER, dropped) == horror


def test_cr_10_15_over_realm_sends_the_drop_area_to_the_warp_and_the_card_at_the_end_of_the_turn():
    sc = scenario()
    sc.hand(0, ["DS1-085"])  # [Over Realm 6]
    for _ in range(6):
        sc.put(0, "DS1-022", "drop")
    g = sc.game()
    act(g, "Play Abyssal Revenant with [Over-Realm]")
    revenant = slots(g, 0, "battle")[0]
    assert count(g, 0, "drop") == 0 and count(g, 0, "warp") == 6 and names(g, 0, "battle") == ["Abyssal Revenant"]
    act(g, "End the Main Phase")
    assert where(g, revenant) == Zone.WARP


def test_cr_10_15_1_over_realm_needs_x_cards_in_the_drop_area():
    sc = scenario()
    sc.hand(0, ["DS1-085"])
    for _ in range(5):
        sc.put(0, "DS1-022", "drop")
    assert not can(sc.game(), "Play Abyssal Revenant with")


def test_cr_10_25_dark_over_realm_counts_black_cards_and_10_25_4_once_a_turn_with_over_realm():
    sc = scenario()
    sc.hand(0, ["DS1-086", "DS1-085"])  # [Dark Over Realm 4], [Over Realm 6]
    for _ in range(3):
        sc.put(0, "DS1-082", "drop")
    sc.put(0, "DS1-022", "drop")
    assert not can(sc.game(), "Play Dark Realm Tyrant with")  # 3 black cards
    sc.put(0, "DS1-082", "drop")
    g = sc.game()
    act(g, "Play Dark Realm Tyrant with [Dark-Over-Realm]")
    assert names(g, 0, "battle") == ["Dark Realm Tyrant"] and count(g, 0, "warp") == 5
    sc = DbscgScenario(g)
    for _ in range(6):
        sc.put(0, "DS1-082", "drop")
    assert not can(sc.game(), "Play Abyssal Revenant with")


# ---- [Activate] keywords: Awaken, Wish, Swap (10-2, 10-28, 10-24) ----------------------------------------
def test_cr_10_2_awaken_flips_the_leader_keeping_it_the_same_card_its_position_and_power():
    sc = scenario(leaders=("DS1-001", None), life=(3, 8))  # [Awaken] life 3 or less: draw 2, flip
    kazan = sc.zone(0, "leader")[0]
    sc.set(S.RESTED + kazan * S.CARD_W, 1)
    sc.set(S.POWER_EOT + kazan * S.CARD_W, 5000)
    g = sc.game()
    hand = count(g, 0, "hand")
    act(g, "Activate skill 1 of Kazan - Ember Fist")
    assert slots(g, 0, "leader") == [kazan] and g.pool.names[card(g, kazan)] == "Kazan - Blazing Ascension"
    assert rested(g, kazan) and power(g, kazan) == 15000 and count(g, 0, "hand") == hand + 2


def test_cr_10_2_awaken_needs_its_condition():
    g = scenario(leaders=("DS1-001", None), life=(5, 8)).game()
    assert not can(g, "Activate skill 1 of Kazan")


def test_cr_10_28_wish_sends_the_dragon_balls_to_the_warp_and_flips_the_leader():
    sc = scenario()
    orbs = sc.battle(0, ["DS1-111", "DS1-112", "DS1-113"])
    g = sc.game()
    hand = count(g, 0, "hand")
    act(g, "Activate skill 1 of Solenne")
    assert all(where(g, o) == Zone.WARP for o in orbs) and count(g, 0, "hand") == hand + 2
    assert g.pool.names[card(g, leader(g, 0))] == "Solenne - Wish Granted"


def test_cr_10_28_wish_needs_x_dragon_balls():
    sc = scenario()
    sc.battle(0, ["DS1-111", "DS1-112"])
    assert not can(sc.game(), "Activate skill 1 of Solenne")


def test_cr_10_24_3_swap_plays_a_hand_card_of_cost_x_and_returns_itself_to_the_hand():
    sc = scenario()
    swapper = sc.battle(0, ["DS1-039"])[0]  # [Swap 3] rest 1 energy
    sc.hand(0, ["DS1-029"])  # Tidal Oracle, energy cost 3
    sc.energy(0, ["DS1-022"])
    g = sc.game()
    act(g, "Activate skill 1 of Tide Swapper")
    act(g, "Choose Tidal Oracle")
    to_main(g)
    assert names(g, 0, "battle") == ["Tidal Oracle"] and where(g, swapper) == Zone.HAND


# ---- skill modifiers: Sparking, Bond, Burst, Once per Turn (10-29, 10-23, 10-30, 10-11) -------------------
def test_cr_10_29_sparking_needs_x_cards_in_the_drop_area():
    for dropped, gain in ((4, 0), (5, 10000)):
        sc = scenario()
        veteran = sc.battle(0, ["DS1-019"])[0]  # [Sparking 5] when it attacks: +10000
        for _ in range(dropped):
            sc.put(0, "DS1-022", "drop")
        g = sc.game()
        attack(g, "Blaze Veteran")
        assert power(g, veteran) == 15000 + gain


def test_cr_10_23_bond_needs_x_battle_cards():
    for others, life in ((0, 7), (1, 6)):
        sc = scenario()
        sc.battle(0, ["DS1-065"] + ["DS1-022"] * others)  # Solar Templar [Bond 2]: [Double Strike]
        g = sc.game()
        attack(g, "Solar Templar")
        to_main(g)
        assert count(g, 1, "life") == life


def test_cr_10_30_burst_puts_x_deck_cards_into_the_drop_area_and_10_11_once_per_turn():
    sc = scenario()
    sc.battle(0, ["DS1-052"])  # Seed Diviner [Activate: Main][Once per Turn][Burst 3] draw 1
    g = sc.game()
    deck, hand = count(g, 0, "deck"), count(g, 0, "hand")
    act(g, "Activate skill 1 of Seed Diviner")
    assert count(g, 0, "drop") == 3 and count(g, 0, "deck") == deck - 4 and count(g, 0, "hand") == hand + 1
    assert not can(g, "Activate skill 1 of Seed Diviner")


def test_cr_10_11_2_once_per_turn_is_per_card():
    sc = scenario()
    sc.battle(0, ["DS1-029", "DS1-029"])  # Tidal Oracle [Once per Turn]: rest 1 energy: draw 1
    sc.energy(0, ["DS1-022", "DS1-022"])
    g = sc.game()
    act(g, "Activate skill 1 of Tidal Oracle")
    assert can(g, "Activate skill 1 of Tidal Oracle")
    act(g, "Activate skill 1 of Tidal Oracle")
    assert not can(g, "Activate skill 1 of Tidal Oracle")


# ---- [Activate: Main] and [Auto] skills (8-4, 8-5, 8-6) ------------------------------------------------
def test_cr_8_4_activate_main_pays_its_energy_and_needs_it():
    sc = scenario()
    sc.battle(0, ["DS1-029"])
    g = sc.game()
    assert not can(g, "Activate skill 1 of Tidal Oracle")
    sc.energy(0, ["DS1-022"])
    g = sc.game()
    hand = count(g, 0, "hand")
    act(g, "Activate skill 1 of Tidal Oracle")
    assert rested(g, slots(g, 0, "energy")[0]) and count(g, 0, "hand") == hand + 1


def test_cr_8_4_2_4_a_coloured_cost_and_resting_this_card():
    sc = scenario(pool=extra_pool())
    meditator = sc.battle(0, ["TST-003"])[0]  # 1 (1 blue), rest this card: draw 1
    sc.energy(0, ["DS1-003"])
    assert not can(sc.game(), "Activate skill 1 of Test Meditator")  # red energy only
    sc.energy(0, ["DS1-022"])
    g = sc.game()
    act(g, "Activate skill 1 of Test Meditator")
    assert rested(g, meditator) and [rested(g, e) for e in slots(g, 0, "energy")] == [False, True]
    assert not can(g, "Activate skill 1 of Test Meditator")


def test_cr_10_3_3_field_stays_in_the_battle_area_and_replaces_the_other_field():
    sc = scenario(pool=extra_pool())
    first = sc.put(0, "TST-001", "battle")
    sc.hand(0, ["TST-001"])
    sc.energy(0, ["DS1-003"])
    g = sc.game()
    act(g, "Activate Test Arena")
    assert names(g, 0, "battle") == ["Test Arena"] and where(g, first) == Zone.DROP


def test_cr_6_3_1_2_1_4_when_you_play_this_card():
    sc = scenario()
    sc.hand(0, ["DS1-023"])  # Wave Scholar: draw 1
    sc.energy(0, ["DS1-022", "DS1-022"])
    g = sc.game()
    hand = count(g, 0, "hand")
    act(g, "Play Wave Scholar")
    assert count(g, 0, "hand") == hand - 1 + 1 and names(g, 0, "battle") == ["Wave Scholar"]


def test_cr_7_1_1_when_this_card_attacks():
    sc = scenario()
    striker = sc.battle(0, ["DS1-011"])[0]  # +5000 for the turn
    g = sc.game()
    attack(g, "Flare Striker")
    assert power(g, striker) == 15000
    to_main(g)
    assert power(g, striker) == 15000 and count(g, 1, "life") == 7


def test_cr_8_6_you_may_asks_the_master():
    for answer, drawn in (("No", 0), ("Yes", 1)):
        sc = scenario()
        sc.battle(1, ["DS1-032"], rested=True)  # Frost Petitioner: when attacked, you may draw 1
        g = sc.game()
        hand = count(g, 1, "hand")
        attack(g, "Solenne", "Frost Petitioner")
        assert g.decision == Decision.OPTIONAL and g.current_player == 1
        act(g, answer)
        assert count(g, 1, "hand") == hand + drawn


def test_cr_8_5_3_2_up_to_may_choose_fewer():
    sc = scenario()
    sc.hand(0, ["DS1-009"])  # Rampaging Brute: up to 1 opponent's 20000 or less: KO
    sc.energy(0, ["DS1-003"] * 4)
    target = sc.battle(1, ["DS1-022"])[0]
    g = sc.game()
    act(g, "Play Rampaging Brute")
    assert g.decision == Decision.SELECT and "Choose no more" in offered(g)
    act(g, "Choose no more")
    assert where(g, target) == Zone.BATTLE and g.decision == Decision.MAIN


def test_cr_8_5_3_1_a_number_chooses_as_many_as_it_can():
    sc = scenario()
    sc.hand(0, ["DS1-010"])  # Burning Resolve: choose 1 of your cards: +10000
    sc.energy(0, ["DS1-003"])
    g = sc.game()
    act(g, "Activate Burning Resolve")
    assert offered(g) == ["Choose Solenne - Star Seeker"]
    act(g, "Choose Solenne")
    assert power(g, leader(g, 0)) == 20000


def test_cr_8_5_3_4_no_target_no_choice():
    sc = scenario()
    sc.hand(0, ["DS1-009"])
    sc.energy(0, ["DS1-003"] * 4)
    sc.battle(1, ["DS1-047"])  # 30000: not a target
    g = sc.game()
    act(g, "Play Rampaging Brute")
    assert g.decision == Decision.MAIN


# ---- tokens and the Warp (10-18, 11-4) ----------------------------------------------------------------------
def test_cr_10_18_a_token_is_created_in_the_battle_area_and_gone_when_it_leaves():
    sc = scenario()
    sc.hand(0, ["DS1-016"])  # Spirit Summoner: play 1 Ember Spirit Token
    sc.energy(0, ["DS1-003"] * 3)
    g = sc.game()
    act(g, "Play Spirit Summoner")
    assert names(g, 0, "battle") == ["Spirit Summoner", "Ember Spirit Token"]
    token = slots(g, 0, "battle")[1]
    act(g, "End the Main Phase")
    to_main(g)
    g = edited(g, (S.RESTED + token * S.CARD_W, 1))
    attack(g, "Solenne", "Ember Spirit Token")
    to_main(g)
    assert word(g, S.ZONE, token) == Zone.NONE and card(g, token) == -1 and count(g, 0, "drop") == 0


def test_cr_11_4_the_warp():
    sc = scenario()
    sc.hand(0, ["DS1-089"])  # Warp Gate: up to 1 opponent's Battle Card, energy cost 4 or less, to the Warp
    sc.energy(0, ["DS1-082", "DS1-082"])
    target = sc.battle(1, ["DS1-022"])[0]
    g = sc.game()
    act(g, "Activate Warp Gate")
    act(g, "Choose Tide Apprentice")
    assert where(g, target) == Zone.WARP and names(g, 1, "warp") == ["Tide Apprentice"]





# ---- more: strikes with [Critical], KO triggers, choices, timings -------------------------------------------
def test_cr_10_6_critical_with_double_strike_sends_2_life_cards_to_the_drop_area():
    sc = scenario()
    sc.battle(0, ["DS1-055"])  # Canopy Titan [Critical] [Double Strike]
    g = sc.game()
    hand = count(g, 1, "hand")
    attack(g, "Canopy Titan")
    to_main(g)
    assert count(g, 1, "life") == 6 and count(g, 1, "drop") == 2 and count(g, 1, "hand") == hand


def test_cr_10_12_1_indestructible_is_not_ko_ed_by_the_opponents_skills():
    sc = scenario()
    sc.hand(0, ["DS1-009"])  # Rampaging Brute: up to 1 opponent's 20000 or less: KO
    sc.energy(0, ["DS1-003"] * 4)
    ironbark = sc.battle(1, ["DS1-047"])[0]
    sc.set(S.POWER_EOT + ironbark * S.CARD_W, -15000)  # 15000: a target
    g = sc.game()
    act(g, "Play Rampaging Brute")
    act(g, "Choose Ironbark Colossus")
    assert where(g, ironbark) == Zone.BATTLE


def test_cr_10_5_1_evolve_asks_which_battle_card_when_several_can_be_chosen():
    sc = scenario()
    sc.hand(0, ["DS1-007"])
    sc.energy(0, ["DS1-003", "DS1-003"])
    first, second = sc.battle(0, ["DS1-005", "DS1-005"])
    g = sc.game()
    act(g, "Play Kazan - Crimson Blaze with [Evolve]")
    assert g.decision == Decision.SELECT and offered(g) == ["Choose Kazan - Young Striker"] * 2
    g.step(int(g.legal_actions()[1]))
    assert where(g, second) == Zone.UNDER and where(g, first) == Zone.BATTLE


def test_cr_7_2_1_2_3_2_awaken_in_the_offence_step_and_no_activate_main_there():
    sc = scenario(leaders=("DS1-001", None), life=(3, 8))
    sc.battle(0, ["DS1-029"])  # Tidal Oracle: [Activate: Main]
    sc.energy(0, ["DS1-022"])
    g = sc.game()
    attack(g, "Kazan - Ember Fist")
    assert g.decision == Decision.OFFENCE
    assert can(g, "Activate skill 1 of Kazan - Ember Fist") and not can(g, "Activate skill 1 of Tidal Oracle")


def test_cr_3_6_4_a_battle_card_is_played_in_active_mode_and_can_attack():
    sc = scenario()
    sc.hand(0, ["DS1-003"])
    sc.energy(0, ["DS1-003"])
    g = sc.game()
    act(g, "Play Rook")
    assert not rested(g, slots(g, 0, "battle")[0]) and can(g, "Attack the Leader with Rook")


def test_cr_10_1_a_battle_card_ko_ed_in_battle_triggers_when_ko_ed():
    sc = scenario()
    sc.battle(1, ["DS1-014"], rested=True)  # Ember Scout: when KO-ed, draw 1
    sc.hand(0, ["DS1-003"])
    g = sc.game()
    hand = count(g, 1, "hand")
    attack(g, "Solenne", "Ember Scout")
    act(g, "Combo with Rook")
    to_main(g)
    assert names(g, 1, "drop") == ["Ember Scout"] and count(g, 1, "hand") == hand + 1


def test_cr_10_24_3_swap_may_play_no_card_and_still_returns_to_the_hand():
    sc = scenario()
    swapper = sc.battle(0, ["DS1-039"])[0]
    sc.hand(0, ["DS1-029", "DS1-022"])  # Tidal Oracle (3), Tide Apprentice (1): only the Oracle is offered
    sc.energy(0, ["DS1-022"])
    g = sc.game()
    act(g, "Activate skill 1 of Tide Swapper")
    assert offered(g) == ["Choose no more", "Choose Tidal Oracle"]
    act(g, "Choose no more")
    assert where(g, swapper) == Zone.HAND and names(g, 0, "battle") == []


def test_cr_11_3_5_an_absorbed_card_goes_to_the_drop_area_with_its_card():
    sc = scenario()
    horror = sc.battle(0, ["DS1-053"])[0]
    sc.energy(0, ["DS1-042"])
    dropped = sc.put(0, "DS1-042", "drop")
    g = sc.game()
    act(g, "Activate skill 1 of Vine Horror")
    act(g, "Choose Sprout Ranger")
    g = edited(g, (S.RESTED + horror * S.CARD_W, 1), (S.TURN_PLAYER, 1), (H_DECIDER, 1),
               (S.POWER_EOT + leader(g, 1) * S.CARD_W, 30000))  # 40000 >= 25000 + 10000
    attack(g, "Solenne", "Vine Horror")
    to_main(g)
    assert where(g, horror) == Zone.DROP and where(g, dropped) == Zone.DROP


def test_cr_10_11_5_an_auto_skill_with_once_per_turn_resolves_once_a_turn():
    sc = scenario(leaders=("DS1-001", None))  # Kazan: [Once per Turn] when it attacks, a red Battle Card +5000
    rook = sc.battle(0, ["DS1-003"])[0]
    g = sc.game()
    attack(g, "Kazan - Ember Fist")
    act(g, "Choose Rook")
    to_main(g)
    g = edited(g, (S.RESTED + leader(g, 0) * S.CARD_W, 0))
    attack(g, "Kazan - Ember Fist")
    assert g.decision == Decision.OFFENCE and power(g, rook) == 15000


def test_cr_8_5_3_7_a_card_chosen_from_the_deck_is_searched_face_up():
    sc = scenario()
    sc.hand(0, ["DS1-072"])  # Orb Seeker: you may look through your deck for up to 1 Wishing Orb: to the hand
    sc.energy(0, ["DS1-062", "DS1-062"])
    orb = sc.put(0, "DS1-113", "deck", top=False)
    g = sc.game()
    act(g, "Play Orb Seeker")
    act(g, "Yes")
    assert "Choose Wishing Orb - Four Star" in offered(g) and "Choose no more" in offered(g)
    act(g, "Choose Wishing Orb - Four Star")
    assert where(g, orb) == Zone.HAND
