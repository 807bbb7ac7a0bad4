"""Dragon Ball Super Card Game rule tests: the game's flow (loss conditions 1-2 / 9-2, preparation
5-2, the Charge, Main and End Phases 6-2 .. 6-4), energy costs (2-11), the counter timing (4-7,
[Counter] 10-10, [Deflect] 10-22), rule processing (9-3, 9-5), checkpoints (4-5) and hidden
information (3-9-2, 3-3-2). Rule numbers: /work/shared/rules/dbscg-rules-1.073.txt."""

from __future__ import annotations

import numpy as np
import pytest
from dbscg_helpers import area_of, numbers, rested, zone

import tcg_env
from tcg_env.games.dbscg.constants import (
    ATTACK_BASE, C_BACK, C_TYPE, FIELD_SLOTS, HAND_BASE, HAND_SKILL_BASE, PASS, PLAYER_SLOTS, SELECT_BASE, START_HAND,
    START_LIFE, YES, CardType, Decision, Zone,
)
from tcg_env.games.dbscg.state import CARD, CARD_W, FIRST_PLAYER, POWER_EOT, REDRAWN, RESTED, TURN_PLAYER


def attack(i, j):
    """ATTACK: my field card ``i`` (0: the Leader) attacks the opponent's field card ``j``."""
    return ATTACK_BASE + i * FIELD_SLOTS + j


def legal(game):
    return {int(a) for a in game.legal_actions()}


def leader(p):
    return p * PLAYER_SLOTS


def pass_until(game, decision):
    """PASS until ``decision`` is pending (at most 20 times)."""
    for _ in range(20):
        if game.decision == decision or game.done:
            return
        game.step(PASS)
    raise AssertionError(f"{decision!r} never came (now {game.decision!r})")


# ---- 1-2 / 9-2: loss conditions, at rule processing ---------------------------------------------------
def test_cr_9_2_3_a_player_with_no_life_loses(scenario):
    sc = scenario(0, life=(START_LIFE, 1))
    game = sc.game()
    game.step(attack(0, 0))  # the Leader attacks the opponent's Leader: 1 damage (4-10)
    for _ in range(5):
        if game.done:
            break
        assert game.decision in (Decision.OFFENCE, Decision.DEFENCE)
        game.step(PASS)
    assert game.done and game.winner == 0
    assert len(zone(game, 1, Zone.LIFE)) == 0


def test_cr_9_2_4_a_player_with_no_deck_loses(scenario):
    sc = scenario(0)
    for slot in sc.zone(1, Zone.DECK)[1:]:  # one card left: the Charge Phase draws it (6-2-3)
        sc.move(slot, Zone.DROP)
    game = sc.game()
    game.step(PASS)  # end of player 0's Main Phase, its turn, player 1 draws its last card
    assert game.done and game.winner == 0


def test_cr_1_2_2_2_a_player_who_draws_its_last_card_loses_at_the_next_rule_processing(scenario):
    sc = scenario(0)
    sc.hand(0, ["DS1-023"])  # when played: draw 1
    sc.energy(0, ["DS1-022", "DS1-022"])
    for slot in sc.zone(0, Zone.DECK)[1:]:
        sc.move(slot, Zone.DROP)
    game = sc.game()
    game.step(HAND_BASE + 0)
    while not game.done and game.decision == Decision.OPTIONAL:
        game.step(YES)
    assert game.done and game.winner == 1


def test_cr_9_2_1_loss_judgement_interrupts_a_resolving_skill(scenario):
    # TST-003 puts its master's last deck card into the Drop Area, then deals 1 damage: the loss
    # (1-2-1-1-2) is judged at once, so the damage is never dealt
    sc = scenario(0)
    sc.hand(0, ["TST-003"])
    sc.energy(0, ["DS1-003"])  # a red card
    for slot in sc.zone(0, Zone.DECK)[1:]:
        sc.move(slot, Zone.DROP)
    game = sc.game()
    life = len(zone(game, 1, Zone.LIFE))
    game.step(HAND_BASE + 0)
    assert game.done and game.winner == 1
    assert len(zone(game, 1, Zone.LIFE)) == life


def test_cr_1_2_3_both_players_meeting_a_loss_condition_is_a_draw(scenario):
    sc = scenario(0, life=(0, START_LIFE))
    for slot in sc.zone(1, Zone.DECK):
        sc.move(slot, Zone.DROP)
    game = sc.game()
    assert not game.done  # 1-2-2: the loss waits for the next rule processing
    game.step(PASS)
    assert game.done and game.winner == -1


# ---- 5-2: before the game ---------------------------------------------------------------------------------
def test_cr_5_2_1_2_leaders_front_side_up_and_6_card_hands_before_the_redraw():
    game = tcg_env.make_game("dbscg", seed=5)
    cards = game.pool.cards
    for p in range(2):
        (ld,) = zone(game, p, Zone.LEADER)
        cid = int(game.state[CARD + ld * CARD_W])
        assert cards[cid, C_TYPE] == CardType.LEADER and cards[cid, C_BACK] >= 0  # a front side (2-3-2-1-2)
        assert len(zone(game, p, Zone.HAND)) == START_HAND  # 5-2-1-6
        assert len(zone(game, p, Zone.LIFE)) == 0  # life comes after the redraws (5-2-1-7)
    assert game.decision == Decision.REDRAW and game.current_player == int(game.state[FIRST_PLAYER])


def test_cr_5_2_1_5_the_first_player_is_chosen_at_random():
    firsts = {int(tcg_env.make_game("dbscg", seed=s).state[FIRST_PLAYER]) for s in range(16)}
    assert firsts == {0, 1}


def test_cr_5_2_1_6_redraw_puts_back_any_number_shuffles_and_draws_as_many_first_player_first_once_each():
    game = tcg_env.make_game("dbscg", seed=11)
    fp = game.current_player
    hand0, deck0 = zone(game, fp, Zone.HAND), zone(game, fp, Zone.DECK)
    for i in (0, 1):  # hand cards 0 and 1 chosen, each once (a chosen card is not offered again)
        game.step(HAND_BASE + i)
        assert game.decision == Decision.REDRAW and game.current_player == fp
        assert not game.action_mask()[HAND_BASE + i]
    other_hand = zone(game, 1 - fp, Zone.HAND)
    game.step(PASS)
    hand1 = zone(game, fp, Zone.HAND)
    assert len(hand1) == START_HAND and set(hand0[2:]) <= set(hand1)
    assert len(zone(game, fp, Zone.DECK)) == len(deck0)
    assert zone(game, fp, Zone.DECK) != deck0  # shuffled (5-2-1-6-1)
    assert game.state[REDRAWN + fp] == 1
    assert game.decision == Decision.REDRAW and game.current_player == 1 - fp  # then the other player's chance
    game.step(PASS)  # puts back none
    assert zone(game, 1 - fp, Zone.HAND) == other_hand
    assert game.decision != Decision.REDRAW  # once each: the game begins (5-2-1-8)
    assert int(game.state[TURN_PLAYER]) == fp and game.current_player == fp


def test_cr_5_2_1_7_eight_life_cards_from_the_top_of_the_deck():
    game = tcg_env.make_game("dbscg", seed=2)
    decks = [zone(game, p, Zone.DECK) for p in range(2)]
    game.step(PASS)
    game.step(PASS)
    for p in range(2):
        assert zone(game, p, Zone.LIFE) == decks[p][-START_LIFE:][::-1]  # the top 8, one by one
        assert len(zone(game, p, Zone.DECK)) == len(decks[p]) - START_LIFE


# ---- 6-2: the Charge Phase ----------------------------------------------------------------------------------
def test_cr_6_2_3_first_player_does_not_draw_on_first_turn():
    game = tcg_env.make_game("dbscg", seed=4)
    fp = game.current_player
    game.step(PASS)
    game.step(PASS)
    assert game.turn == 1 and len(zone(game, fp, Zone.HAND)) == START_HAND
    assert game.decision == Decision.CHARGE and game.current_player == fp
    game.step(PASS)  # no energy (6-2-5)
    assert game.decision == Decision.MAIN
    game.step(PASS)  # the Main Phase ends: the End Phase, the other player's turn
    assert game.turn == 2 and int(game.state[TURN_PLAYER]) == 1 - fp
    assert len(zone(game, 1 - fp, Zone.HAND)) == START_HAND + 1  # 6-2-3: it draws


def test_cr_6_2_2_the_turn_players_cards_switch_to_active_mode(scenario):
    sc = scenario(0)
    mine = sc.battle(1, ["DS1-022"], rested=True) + sc.energy(1, ["DS1-022"], rested=True) + [leader(1)]
    theirs = sc.battle(0, ["DS1-003"], rested=True) + sc.energy(0, ["DS1-003", "DS1-003"], rested=True) + [leader(0)]
    for ld in (leader(0), leader(1)):
        sc.set(RESTED + ld * CARD_W, 1)
    game = sc.game()
    game.step(PASS)  # player 1's turn: its Charge Phase
    assert int(game.state[TURN_PLAYER]) == 1 and game.decision == Decision.CHARGE
    assert not any(rested(game, s) for s in mine)
    # the other player's cards stay in Rest Mode: its Battle Card that attacked can be attacked (7-1)
    assert all(rested(game, s) for s in theirs)
    game.step(PASS)
    assert attack(0, 1) in legal(game)


def test_cr_6_2_5_the_turn_player_may_place_one_hand_card_into_the_energy_area(scenario):
    game = scenario(0).game()
    game.step(PASS)
    assert game.decision == Decision.CHARGE and game.current_player == 1
    (card,) = zone(game, 1, Zone.HAND)
    game.step(HAND_BASE + 0)
    assert zone(game, 1, Zone.ENERGY) == [card] and not rested(game, card)
    assert game.decision == Decision.MAIN  # one card only


def test_cr_6_2_5_placing_no_card_into_the_energy_area(scenario):
    game = scenario(0).game()
    game.step(PASS)
    game.step(PASS)
    assert zone(game, 1, Zone.ENERGY) == [] and len(zone(game, 1, Zone.HAND)) == 1
    assert game.decision == Decision.MAIN and game.current_player == 1  # 6-3: the Main Phase


# ---- 6-4: the End Phase ----------------------------------------------------------------------------------------
def test_cr_6_4_1_2_until_end_of_turn_effects_end(scenario):
    sc = scenario(0)
    sc.hand(0, ["DS1-004"])  # when played: the Leader gets +5000 power for the turn
    sc.energy(0, ["DS1-003"])
    game = sc.game()
    game.step(HAND_BASE + 0)
    while game.decision == Decision.SELECT:
        game.step(SELECT_BASE + 0)
    assert game.decision == Decision.MAIN and game.state[POWER_EOT + leader(0) * CARD_W] == 5000
    game.step(PASS)
    assert int(game.state[TURN_PLAYER]) == 1 and game.state[POWER_EOT + leader(0) * CARD_W] == 0


def test_cr_10_15_4_over_realm_card_goes_to_the_warp_at_the_end_of_the_turn(scenario):
    sc = scenario(0)
    (card,) = sc.hand(0, ["DS1-085"])  # [Over Realm 6]
    sc.put_many(0, ["DS1-003"] * 6, Zone.DROP)
    game = sc.game()
    assert HAND_SKILL_BASE + 0 in legal(game)
    game.step(HAND_SKILL_BASE + 0)
    assert area_of(game, card) == Zone.BATTLE and len(zone(game, 0, Zone.WARP)) == 6  # 10-15-3
    game.step(PASS)
    assert area_of(game, card) == Zone.WARP


# ---- 2-11: energy costs -----------------------------------------------------------------------------------------
def playable(scenario, card, energy, rested_energy=()):
    """Whether ``card`` in player 0's hand may be played with these Active (and rested) energy cards."""
    sc = scenario(0)
    sc.hand(0, [card])
    sc.energy(0, energy)
    sc.energy(0, rested_energy, rested=True)
    return HAND_BASE + 0 in legal(sc.game())


def test_cr_2_11_1_1_playable_exactly_when_the_active_energy_pays_the_specified_cost(scenario):
    card = "DS1-006"  # 3 energy, 2 of them red
    assert playable(scenario, card, ["DS1-003", "DS1-003", "DS1-022"])
    assert not playable(scenario, card, ["DS1-003", "DS1-022", "DS1-022"])  # one red
    assert not playable(scenario, card, ["DS1-003", "DS1-003"])  # the total
    assert not playable(scenario, card, ["DS1-003", "DS1-022", "DS1-022"], ["DS1-003"])  # a rested red does not pay


def test_cr_2_11_1_1_1_a_specified_cost_larger_than_the_total_rests_that_many(scenario):
    card = "TST-001"  # total 1, 2 red specified
    assert not playable(scenario, card, ["DS1-003"])
    assert not playable(scenario, card, ["DS1-003", "DS1-022"])
    sc = scenario(0)
    sc.hand(0, [card])
    red = sc.energy(0, ["DS1-003", "DS1-003"])
    (blue,) = sc.energy(0, ["DS1-022"])
    game = sc.game()
    game.step(HAND_BASE + 0)
    assert all(rested(game, e) for e in red) and not rested(game, blue)
    assert numbers(game, 0, Zone.BATTLE) == [card]


def test_cr_2_11_1_1_a_multicoloured_energy_card_pays_one_of_its_colours(scenario):
    card = "DS1-100"  # 3 energy: 1 red, 1 blue
    assert not playable(scenario, card, ["DS1-100", "DS1-042", "DS1-042"])  # red / blue is one card
    assert playable(scenario, card, ["DS1-100", "DS1-042", "DS1-103"])
    sc = scenario(0)
    sc.hand(0, [card])
    red_blue, red_black = sc.energy(0, ["DS1-100", "DS1-103"])
    greens = sc.energy(0, ["DS1-042"] * 3)
    game = sc.game()
    game.step(HAND_BASE + 0)
    assert numbers(game, 0, Zone.BATTLE) == [card]
    # the red / blue card must pay the blue, the red / black card the red; one green the rest
    assert rested(game, red_blue) and rested(game, red_black) and sum(rested(game, g) for g in greens) == 1


def test_cr_10_5_2_a_hand_keywords_coloured_cost_is_paid_like_a_specified_cost(scenario):
    sc = scenario(0)
    sc.hand(0, ["DS1-007"])  # [Evolve] 2 (1 red): Kazan
    sc.battle(0, ["DS1-005"])  # a Kazan
    red_blue, red_black, blue = sc.energy(0, ["DS1-100", "DS1-103", "DS1-022"])
    game = sc.game()
    assert HAND_SKILL_BASE + 0 in legal(game)
    game.step(HAND_SKILL_BASE + 0)
    assert numbers(game, 0, Zone.BATTLE) == ["DS1-007"]
    paid = [e for e in (red_blue, red_black, blue) if rested(game, e)]
    assert len(paid) == 2 and paid != [blue] and (red_blue in paid or red_black in paid)  # 2, one red


def test_cr_3_8_2_energy_rested_specified_colour_one_coloured_first_then_the_most_active_colour(scenario):
    sc = scenario(0)
    sc.hand(0, ["DS1-005"])  # 2 energy, 1 red
    red_blue, red, blue = sc.energy(0, ["DS1-100", "DS1-003", "DS1-022"])
    greens = sc.energy(0, ["DS1-042"] * 3)
    game = sc.game()
    game.step(HAND_BASE + 0)
    assert rested(game, red) and not rested(game, red_blue) and not rested(game, blue)
    assert sum(rested(game, g) for g in greens) == 1


def test_cr_2_11_1_2_an_extra_card_is_activated_exactly_when_the_active_energy_pays_its_cost(scenario):
    card = "DS1-010"  # [Activate: Main], 1 energy, 1 red
    assert playable(scenario, card, ["DS1-003"])
    assert playable(scenario, card, ["DS1-100"])  # red / blue
    assert not playable(scenario, card, ["DS1-022", "DS1-042"])
    assert not playable(scenario, card, ["DS1-022"], ["DS1-003"])


# ---- 4-7 / 10-10: the counter timing --------------------------------------------------------------------------
def counter_scene(scenario, hand1, energy1, hand0=("DS1-003",), energy0=("DS1-003",)):
    """Player 0 in its Main Phase with ``hand0`` / ``energy0``; player 1 with ``hand1`` / ``energy1``."""
    sc = scenario(0)
    sc.hand(0, list(hand0))
    sc.energy(0, list(energy0))
    sc.hand(1, list(hand1))
    sc.energy(1, list(energy1))
    return sc


def test_cr_4_7_2_1_a_play_opens_a_counter_timing_for_the_opponents_counter_play(scenario):
    game = counter_scene(scenario, ["DS1-033", "DS1-027"], ["DS1-022", "DS1-022"]).game()
    (card,) = zone(game, 0, Zone.HAND)
    game.step(HAND_BASE + 0)
    assert game.decision == Decision.COUNTER and game.current_player == 1
    assert legal(game) == {PASS, HAND_BASE + 0}  # [Counter: Play]; not [Counter: Attack] (10-10-3)
    assert area_of(game, card) == Zone.PLAYING


def test_cr_4_7_3_2_one_decline_closes_the_counter_timing_and_the_play_completes(scenario):
    game = counter_scene(scenario, ["DS1-033"], ["DS1-022", "DS1-022"]).game()
    (card,) = zone(game, 0, Zone.HAND)
    game.step(HAND_BASE + 0)
    game.step(PASS)
    assert area_of(game, card) == Zone.BATTLE and not rested(game, card)
    assert game.decision == Decision.MAIN and game.current_player == 0
    assert numbers(game, 1, Zone.HAND) == ["DS1-033"]
    assert not any(rested(game, e) for e in zone(game, 1, Zone.ENERGY))  # declining costs nothing


def test_cr_4_7_3_2_a_player_who_cannot_pay_its_counter_declines_at_once(scenario):
    game = counter_scene(scenario, ["DS1-033"], ["DS1-003", "DS1-003"]).game()  # no blue energy
    (card,) = zone(game, 0, Zone.HAND)
    game.step(HAND_BASE + 0)
    assert area_of(game, card) == Zone.BATTLE  # no COUNTER decision was offered (the rules coverage table)
    assert game.decision == Decision.MAIN and game.current_player == 0


def test_cr_10_10_3_4_counter_skills_leave_pending_when_the_counter_timing_ends(scenario):
    game = counter_scene(scenario, ["DS1-033"], ["DS1-022", "DS1-022"]).game()
    game.step(HAND_BASE + 0)
    game.step(PASS)
    game.step(PASS)  # player 1's turn: the [Counter: Play] card cannot be used in its Main Phase
    pass_until(game, Decision.MAIN)
    assert game.current_player == 1 and HAND_BASE + 0 not in legal(game)
    assert numbers(game, 1, Zone.HAND)[0] == "DS1-033"


def test_cr_10_10_4_a_negated_play_and_the_counter_card_go_to_the_drop_area(scenario):
    game = counter_scene(scenario, ["DS1-033"], ["DS1-022", "DS1-022"]).game()
    (card,) = zone(game, 0, Zone.HAND)
    (counter,) = zone(game, 1, Zone.HAND)
    game.step(HAND_BASE + 0)
    game.step(HAND_BASE + 0)  # [Counter: Play] negate; player 0 has no [Counter: Counter]: it declines
    assert area_of(game, card) == Zone.DROP and area_of(game, counter) == Zone.DROP
    assert all(rested(game, e) for e in zone(game, 0, Zone.ENERGY) + zone(game, 1, Zone.ENERGY))  # costs stay paid
    assert zone(game, 0, Zone.BATTLE) == []
    assert game.decision == Decision.MAIN and game.current_player == 0


def test_cr_10_10_3_3_counter_counter_answers_a_counter_and_counters_resolve_last_first(scenario):
    sc = counter_scene(scenario, ["DS1-033"], ["DS1-022", "DS1-022"], hand0=("DS1-003", "DS1-038"),
                       energy0=("DS1-003", "DS1-022"))
    game = sc.game()
    card, counter0 = zone(game, 0, Zone.HAND)
    (counter1,) = zone(game, 1, Zone.HAND)
    game.step(HAND_BASE + 0)
    game.step(HAND_BASE + 0)  # player 1: [Counter: Play] negate the play
    assert game.decision == Decision.COUNTER and game.current_player == 0  # 4-7-3-3
    assert legal(game) == {PASS, HAND_BASE + 0}
    game.step(HAND_BASE + 0)  # player 0: [Counter: Counter] negate that [Counter]; player 1 declines
    # 4-7-3-5: the [Counter: Counter] first (it negates the [Counter: Play]); 4-7-3-6: the play completes
    assert area_of(game, card) == Zone.BATTLE
    assert area_of(game, counter0) == Zone.DROP and area_of(game, counter1) == Zone.DROP
    assert game.decision == Decision.MAIN and game.current_player == 0


def test_cr_10_22_deflect_a_card_with_deflect_is_not_negated_by_counter_play(scenario):
    sc = counter_scene(scenario, ["DS1-033"], ["DS1-022", "DS1-022"], hand0=("DS1-031",), energy0=["DS1-022"] * 6)
    game = sc.game()
    (card,) = zone(game, 0, Zone.HAND)
    game.step(HAND_BASE + 0)
    assert game.decision == Decision.COUNTER  # the [Counter: Play] may be activated; it does not affect it
    game.step(HAND_BASE + 0)
    assert area_of(game, card) == Zone.BATTLE
    assert numbers(game, 1, Zone.DROP) == ["DS1-033"]


def test_cr_4_7_2_2_an_attack_opens_a_counter_timing_for_the_opponents_counter_attack(scenario):
    game = counter_scene(scenario, ["DS1-033", "DS1-027"], ["DS1-022", "DS1-022"]).game()
    game.step(attack(0, 0))
    assert game.decision == Decision.COUNTER and game.current_player == 1
    assert legal(game) == {PASS, HAND_BASE + 1}  # [Counter: Attack]; not [Counter: Play]
    game.step(HAND_BASE + 1)  # negate the attack
    assert numbers(game, 1, Zone.DROP) == ["DS1-027"]
    assert len(zone(game, 1, Zone.LIFE)) == START_LIFE
    assert game.decision == Decision.MAIN and game.current_player == 0  # the battle ended (7-1-4)


def test_cr_4_7_3_6_the_attack_goes_on_after_the_counter_resolved(scenario):
    game = counter_scene(scenario, ["DS1-067"], ["DS1-062"]).game()
    game.step(attack(0, 0))  # the Leader attacks: DS1-067 has no Battle Card to weaken
    assert game.decision == Decision.COUNTER
    game.step(HAND_BASE + 0)
    while game.decision == Decision.SELECT:
        game.step(PASS)
    assert numbers(game, 1, Zone.DROP) == ["DS1-067"]
    assert game.decision == Decision.OFFENCE and game.current_player == 0  # 7-2: the battle goes on
    pass_until(game, Decision.MAIN)
    assert len(zone(game, 1, Zone.LIFE)) == START_LIFE - 1


# ---- 9-3, 9-5: rule processing -----------------------------------------------------------------------------------
def test_cr_9_3_2_battle_cards_in_a_combo_area_outside_a_battle_go_to_the_drop_area(scenario):
    sc = scenario(0)
    combo = sc.put(1, "DS1-022", Zone.COMBO)
    sc.hand(0, ["DS1-003"])
    sc.energy(0, ["DS1-003"])
    game = sc.game()
    game.step(HAND_BASE + 0)
    assert area_of(game, combo) == Zone.DROP


def test_cr_9_5_2_a_battle_card_with_power_0_or_less_goes_to_the_drop_area(scenario):
    sc = scenario(0)
    weak, alive = sc.battle(1, ["DS1-030", "DS1-030"])  # 5000 power each
    sc.set(POWER_EOT + weak * CARD_W, -5000)
    sc.set(POWER_EOT + alive * CARD_W, -4000)
    sc.hand(0, ["DS1-003"])
    sc.energy(0, ["DS1-003"])
    game = sc.game()
    game.step(HAND_BASE + 0)
    assert area_of(game, weak) == Zone.DROP and area_of(game, alive) == Zone.BATTLE


# ---- 4-5: checkpoints ---------------------------------------------------------------------------------------------
def test_cr_4_5_3_2_the_turn_players_auto_skills_before_the_non_turn_players(scenario):
    sc = scenario(0)  # player 0's Leader DS1-001: when it attacks, choose 1 of your red Battle Cards
    sc.battle(0, ["DS1-003"])
    sc.battle(1, ["DS1-032"], rested=True)  # when this card is attacked: draw 1
    game = sc.game()
    game.step(attack(0, 1))
    assert game.decision == Decision.SELECT and game.current_player == 0  # 4-5-3-2
    assert zone(game, 1, Zone.HAND) == []  # 4-5-3-3 waits
    game.step(SELECT_BASE + 0)
    assert game.decision == Decision.OPTIONAL and game.current_player == 1  # "you may draw"
    game.step(YES)
    assert len(zone(game, 1, Zone.HAND)) == 1


def test_cr_4_5_3_2_the_turn_player_orders_several_pending_auto_skills(scenario):
    sc = scenario(0)
    attacker, _drummer = sc.battle(0, ["DS1-011", "TST-002"])  # when it attacks: +power; when one of yours attacks: draw
    game = sc.game()
    game.step(attack(1, 0))
    assert game.decision == Decision.ORDER_AUTO and game.current_player == 0
    assert legal(game) == {SELECT_BASE + 0, SELECT_BASE + 1}
    game.step(SELECT_BASE + 1)
    assert game.decision != Decision.ORDER_AUTO  # the other one resolves without a choice
    assert len(zone(game, 0, Zone.HAND)) == 1 and game.state[POWER_EOT + attacker * CARD_W] > 0


# ---- hidden information: 3-9-2, 3-2-2, 3-3-2 ----------------------------------------------------------------------
def swap_cards(sc, a, b):
    ca, cb = int(sc.row[CARD + a * CARD_W]), int(sc.row[CARD + b * CARD_W])
    assert ca != cb
    sc.set(CARD + a * CARD_W, cb)
    sc.set(CARD + b * CARD_W, ca)


def other_card(sc, player, slot):
    """A deck card of ``player`` whose card differs from ``slot``'s."""
    return next(d for d in sc.zone(player, Zone.DECK) if sc.row[CARD + d * CARD_W] != sc.row[CARD + slot * CARD_W])


@pytest.mark.parametrize("player", [0, 1])
def test_cr_3_9_2_own_life_and_deck_dealt_anew_do_not_change_any_observation(scenario, player):
    sc = scenario(0)
    before = sc.game()
    life = sc.zone(player, Zone.LIFE)[-1]
    swap_cards(sc, life, other_card(sc, player, life))
    deck = sc.zone(player, Zone.DECK)
    swap_cards(sc, deck[-1], other_card(sc, player, deck[-1]))
    after = sc.game()
    assert not np.array_equal(before.state, after.state)
    for viewer in range(2):
        assert np.array_equal(before.observe(viewer), after.observe(viewer))


def test_cr_3_3_2_the_opponents_hand_is_hidden(scenario):
    sc = scenario(0)
    hand = sc.hand(1, ["DS1-022", "DS1-024"])
    before = sc.game()
    swap_cards(sc, hand[0], other_card(sc, 1, hand[0]))
    after = sc.game()
    assert np.array_equal(before.observe(0), after.observe(0))
    assert not np.array_equal(before.observe(1), after.observe(1))  # its holder sees it
