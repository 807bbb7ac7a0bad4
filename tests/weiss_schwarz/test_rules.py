"""Weiss Schwarz rule tests from scripted scenarios (rule numbers: weiss-schwarz-comprehensive.md)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from ws_helpers import (
    ACE, BRAWLER, CAPTAIN, CX_COMEBACK, CX_DRAW, CX_GATE, CX_POOL, CX_SHOT, CX_STANDBY, CX_TREASURE, FINALE, GUARD,
    HELPER, IDOL, INSIGHT, MESSENGER, PARRY, SCOUT, SUPPORTER, descriptions, find_action,
)

import tcg_env
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S

D = K.Decision


def zone_n(g, name, p):
    return int(g.state[getattr(S, name + "_N") + p])


def stage_slot(g, p, pos):
    return int(g.state[S.STAGE + p * K.N_POSITIONS + pos])


def card_attr(g, slot, attr):
    return int(g.state[getattr(S, attr) + slot * S.CARD_W])


def to_attack(g):
    """From the main phase: end it, play no climax."""
    g.step(find_action(g, "End the main phase"))
    if g.decision == D.CLIMAX:
        g.step(find_action(g, "Play no climax"))
    assert g.decision == D.ATTACK


# ---- setup ---------------------------------------------------------------------------------------
def test_cr_5_2_1_4_mulligan_discards_any_number_and_draws_as_many(pool, deck):
    g = tcg_env.make_game("weiss_schwarz", decks=(deck, deck), seed=4, pool=pool)
    first = g.current_player
    assert g.decision == D.MULLIGAN and zone_n(g, "HAND", first) == 5
    g.step(find_action(g, "Mulligan away"))
    g.step(find_action(g, "Mulligan away"))
    assert zone_n(g, "HAND", first) == 3 and zone_n(g, "WR", first) == 2
    g.step(find_action(g, "Mulligan done"))
    assert zone_n(g, "HAND", first) == 5
    assert g.decision == D.MULLIGAN and g.current_player == 1 - first  # then the other player, once
    g.step(find_action(g, "Mulligan done"))
    assert g.decision == D.CLOCK and g.current_player == first  # 5.2.1.6 the starting player begins
    assert zone_n(g, "HAND", first) == 6  # 6.3.1.2 draw phase


def test_cr_6_4_1_2_clock_phase_puts_a_card_into_clock_and_draws_two(scenario):
    sc = scenario()
    sc.put_many(0, [SCOUT, GUARD, MESSENGER], "hand")
    sc.flow("clock")
    g = sc.game()
    assert g.decision == D.CLOCK
    g.step(find_action(g, "Clock (then draw 2) Guard"))
    assert zone_n(g, "CLOCK", 0) == 1 and zone_n(g, "HAND", 0) == 4
    assert g.decision == D.MAIN


# ---- playing cards (CR 8.6.2.1) -------------------------------------------------------------------
def test_cr_8_6_2_1_and_8_6_2_3_level_colour_and_cost_requirements(scenario):
    sc = scenario()
    sc.put_many(0, [MESSENGER, BRAWLER, GUARD], "hand")
    g = sc.game()
    d = descriptions(g)
    assert any(x.startswith("Play Guard") for x in d)  # 8.6.2.1.1.1 level 0: no colour needed
    assert not any(x.startswith("Play Messenger") for x in d)  # 8.6.2.1.2 level 1 > level 0
    sc.put(0, SCOUT, "level")  # level 1, yellow
    g = sc.game()
    d = descriptions(g)
    assert any(x.startswith("Play Messenger") for x in d)
    assert not any(x.startswith("Play Brawler") for x in d)  # red, cost 1: no red, no stock
    sc.put(0, GUARD, "clock")  # red in clock
    g = sc.game()
    assert not any(x.startswith("Play Brawler") for x in descriptions(g))  # still no stock
    sc.put(0, SCOUT, "stock")
    g = sc.game()
    g.step(find_action(g, "Play Brawler to center middle"))
    assert zone_n(g, "STOCK", 0) == 0 and zone_n(g, "WR", 0) == 1  # 8.4.3 stock paid to waiting room
    assert card_attr(g, stage_slot(g, 0, 1), "CARD") == BRAWLER


def test_cr_9_6_1_playing_onto_an_occupied_position_sends_the_old_character_away(scenario):
    sc = scenario()
    old = sc.put(0, SCOUT, "stage", pos=0)
    sc.put(0, GUARD, "hand")
    g = sc.game()
    g.step(find_action(g, "Play Guard to center left"))
    assert card_attr(g, old, "ZONE") == K.Zone.WAITING_ROOM
    assert card_attr(g, stage_slot(g, 0, 0), "CARD") == GUARD


def test_cr_6_5_1_2_4_move_exchanges_two_positions(scenario):
    sc = scenario()
    a = sc.put(0, SCOUT, "stage", pos=0)
    g = sc.game()
    g.step(find_action(g, "Swap center left and back left"))
    assert stage_slot(g, 0, 3) == a and stage_slot(g, 0, 0) == -1


def test_cr_11_1_1_2_a_run_of_moves_may_not_return_to_an_arrangement_it_has_seen(scenario):
    """Moves cost nothing (CR 6.5.1.2.4): moving back and forth is an infinite loop only the turn
    player can stop, and once the stage is exactly as before, the loop may not be chosen again
    (CR 11.1.1.2). A run of moves is never offered a move back to an arrangement seen in the run;
    any other action ends the run."""
    sc = scenario()
    a = sc.put(0, SCOUT, "stage", pos=0)
    b = sc.put(0, GUARD, "stage", pos=1)
    sc.put(0, SCOUT, "hand")
    sc.put(0, SCOUT, "level")
    g = sc.game()

    def arrangement(game):
        return tuple(stage_slot(game, 0, q) for q in range(5))

    def swaps(game):
        return [d for d in descriptions(game) if d.startswith("Swap")]

    seen = {arrangement(g)}
    assert len(swaps(g)) == 7  # every pair with a card in it (CR 6.5.1.2.4); none seen yet
    for d in ("Swap center left and center middle", "Swap center middle and center right",
              "Swap center left and center middle"):
        g.step(find_action(g, d))
        seen.add(arrangement(g))
        for offered in swaps(g):  # no offered move leads back into the run
            h = g.clone()
            h.step(find_action(h, offered))
            assert arrangement(h) not in seen, offered
    assert arrangement(g) == (-1, b, a, -1, -1) and len(seen) == 4
    assert "Swap center left and center middle" not in swaps(g)  # back to (b, -1, a)
    # another action ends the run: the swap back is offered again
    g.step(find_action(g, "Play Scout to"))
    assert "Swap center left and center middle" in swaps(g)


def test_cr_11_1_1_2_moves_stop_in_at_most_119_steps_without_another_action(scenario):
    """Five positions have at most 5! = 120 arrangements: a run of moves picked at random ends
    (no move left) within 119 moves, and every arrangement in it is new."""
    sc = scenario()
    for q, c in enumerate((SCOUT, GUARD, SUPPORTER, SCOUT, GUARD)):
        sc.put(0, c, "stage", pos=q)
    g = sc.game()
    rng = np.random.default_rng(5)
    seen = {tuple(stage_slot(g, 0, q) for q in range(5))}
    for _ in range(200):
        moves = [int(x) for x in g.legal_actions() if g.describe_action(int(x)).startswith("Swap")]
        if not moves:
            break
        g.step(int(rng.choice(moves)))
        arrangement = tuple(stage_slot(g, 0, q) for q in range(5))
        assert arrangement not in seen
        seen.add(arrangement)
    assert not moves and 2 <= len(seen) <= 120


@pytest.mark.parametrize("cards", [(SCOUT, GUARD, SUPPORTER, SCOUT, GUARD), (SCOUT, None, GUARD, None, SUPPORTER)])
def test_cr_11_1_1_2_a_run_of_moves_offers_exactly_the_moves_to_unseen_arrangements(scenario, cards):
    """CR 11.1.1.2 with CR 6.5.1.2.4: in a run of moves, a move is offered if and only if it leads
    to an arrangement not yet seen in the run (the legal mask ranks each exchange from the current
    arrangement; checked against every exchange played out on a clone), with empty positions too."""
    sc = scenario()
    for q, c in enumerate(cards):
        if c is not None:
            sc.put(0, c, "stage", pos=q)
    g = sc.game()
    rng = np.random.default_rng(11)

    def arrangement(game):
        return tuple(stage_slot(game, 0, q) for q in range(5))

    seen = {arrangement(g)}
    steps = 0
    while True:
        offered = set()
        unseen = set()
        for x in g.legal_actions():
            d = g.describe_action(int(x))
            if d.startswith("Swap"):
                offered.add(int(x))
        for k in range(K.N_MOVE_PAIRS):  # every exchange of a pair with a card in it, legal or not
            i, j = K.MOVE_PAIRS[k]
            before = arrangement(g)
            if before[i] < 0 and before[j] < 0:
                continue
            after = list(before)
            after[i], after[j] = after[j], after[i]
            if tuple(after) not in seen:
                unseen.add(int(K.MOVE_BASE + k))
        assert offered == unseen, (steps, sorted(offered), sorted(unseen))
        if not offered:
            break
        g.step(int(rng.choice(sorted(offered))))
        seen.add(arrangement(g))
        steps += 1
    assert steps >= 2


def test_cr_11_1_1_2_move_ranks_from_the_table_equal_the_direct_ranking(scenario):
    """The legal mask and the move itself rank an exchange with one lookup in MOVE_RANK_AFTER when
    every stage card is one of the run's, and with move_rank_swapped otherwise. On random stage
    arrangements, run starts (odd ones too: cards left the stage, or entered it during the run),
    seen sets and can't-move restrictions, the offered moves and the arrangement a move marks as
    seen are those of ranking every exchange directly."""
    from tcg_env.games.weiss_schwarz import kernels as KR
    from tcg_env.games.weiss_schwarz.constants import RULES
    from tcg_env.games.weiss_schwarz.play import move_rank_swapped

    rank = getattr(move_rank_swapped, "py_func", move_rank_swapped)
    sc = scenario()
    slots = [sc.put(0, c, "stage", pos=q) for q, c in enumerate((SCOUT, GUARD, SUPPORTER, SCOUT, GUARD))]
    sc.put(0, SCOUT, "hand")
    g = sc.game()
    assert g.decision == D.MAIN
    base, T = g.state.copy(), g.pool.kernel_tables
    npos, st = K.N_POSITIONS, S.STAGE
    rng = np.random.default_rng(7)

    def now(row):  # move_run_now, in Python
        packed = n = occ = 0
        for x in range(npos):
            if row[st + x] >= 0:
                occ |= 1 << x
        for q in range(npos):
            c = row[S.MOVE_RUN_START + q]
            for x in range(npos):
                if c >= 0 and row[st + x] == c:
                    packed |= x << (3 * n)
                    n += 1
                    break
        return packed, n, occ

    def seen(row, r):
        return (int(row[S.MOVE_RUN_SEEN + r // 30]) >> (r % 30)) & 1

    fast = odd = applied = 0
    for trial in range(4000):
        row = base.copy()
        full = trial % 2 == 0  # every position's card where the rules keep it (the move is applied)
        arrangement = list(rng.permutation(slots)) if full else [int(x) if rng.random() < 0.6 else -1 for x in rng.permutation(slots)]
        for x, sl in enumerate(arrangement):
            row[st + x] = sl
            if sl >= 0:
                row[S.POS + sl * S.CARD_W] = x
                row[S.D_RST + sl * S.CARD_W] = K.RESTRICT_CANT_MOVE if rng.random() < 0.05 else 0
        on_stage = [sl for sl in arrangement if sl >= 0]
        start = [sl for sl in rng.permutation(slots) if (sl in on_stage) == (rng.random() < 0.85)]
        start = (start + [-1] * npos)[:npos]
        rng.shuffle(start)
        row[S.MOVE_RUN_START : S.MOVE_RUN_START + npos] = start
        row[S.MOVE_RUN_OPEN] = int(rng.random() < 0.9)
        row[S.MOVE_RUN_SEEN : S.MOVE_RUN_SEEN + 4] = rng.integers(0, 1 << 30, 4) & rng.integers(0, 1 << 30, 4)
        packed, n, occ = now(row)
        fast += n == bin(occ).count("1")
        odd += n != bin(occ).count("1")
        expected = []
        for k in range(K.N_MOVE_PAIRS):
            i, j = K.MOVE_PAIRS[k]
            a, b = row[st + i], row[st + j]
            ok = (a >= 0 or b >= 0) and not any(
                sl >= 0 and row[S.D_RST + sl * S.CARD_W] & K.RESTRICT_CANT_MOVE for sl in (a, b))
            if ok and row[S.MOVE_RUN_OPEN] and seen(row, rank(packed, n, occ, i, j)):
                ok = False
            expected.append(int(ok))
        mask = np.zeros(K.NUM_ACTIONS, np.int8)
        KR.legal_mask_row(RULES, row, T, mask)
        assert list(mask[K.MOVE_BASE : K.MOVE_BASE + K.N_MOVE_PAIRS]) == expected, trial
        moves = [k for k in range(K.N_MOVE_PAIRS) if expected[k]]
        if full and moves:
            k = moves[rng.integers(len(moves))]
            i, j = K.MOVE_PAIRS[k]
            words = [int(w) for w in row[S.MOVE_RUN_SEEN : S.MOVE_RUN_SEEN + 4]]
            if not row[S.MOVE_RUN_OPEN]:  # a new run starts here
                row2 = row.copy()
                row2[S.MOVE_RUN_START : S.MOVE_RUN_START + npos] = row[st : st + npos]
                r0 = rank(*now(row2), -1, -1)
                words = [0, 0, 0, 0]
                words[r0 // 30] |= 1 << (r0 % 30)
                packed, n, occ = now(row2)
            r = rank(packed, n, occ, i, j)
            words[r // 30] |= 1 << (r % 30)
            KR.apply_unchecked(RULES, row, T, K.MOVE_BASE + k)
            assert [int(w) for w in row[S.MOVE_RUN_SEEN : S.MOVE_RUN_SEEN + 4]] == words, trial
            assert row[st + i] == arrangement[j] and row[st + j] == arrangement[i]
            applied += 1
    assert fast > 1000 and odd > 1000 and applied > 1000


def test_cr_6_5_1_2_2_event_resolves_then_goes_to_waiting_room(scenario):
    sc = scenario()
    ev = sc.put(0, INSIGHT, "hand")
    sc.put(0, SCOUT, "level")
    sc.put(0, SCOUT, "stock")
    g = sc.game()
    g.step(find_action(g, "Play event Insight"))
    assert zone_n(g, "HAND", 0) == 2 and card_attr(g, ev, "ZONE") == K.Zone.WAITING_ROOM


def test_cr_8_7_auto_ability_when_played_draws(scenario):
    sc = scenario()
    sc.put(0, MESSENGER, "hand")
    sc.put(0, SCOUT, "level")
    g = sc.game()
    g.step(find_action(g, "Play Messenger to center left"))
    assert zone_n(g, "HAND", 0) == 1


def test_cr_8_1_1_1_activated_ability_pays_stock_and_pumps(scenario):
    sc = scenario()
    b = sc.put(0, BRAWLER, "stage", pos=0)
    sc.put(0, SCOUT, "stock")
    g = sc.game()
    g.step(find_action(g, "Use ability 0 of Brawler"))
    assert card_attr(g, b, "D_POWER") == 7500 and zone_n(g, "STOCK", 0) == 0
    assert not any(x.startswith("Use ability") for x in descriptions(g))  # no stock left


def test_cr_10_3_assist_gives_power_to_characters_in_front(scenario):
    sc = scenario()
    a = sc.put(0, SCOUT, "stage", pos=0)
    b = sc.put(0, SCOUT, "stage", pos=1)
    c = sc.put(0, SCOUT, "stage", pos=2)
    sc.put(0, SUPPORTER, "stage", pos=3)  # behind (1) and (2) (CR 3.6.4)
    g = sc.game()
    assert [card_attr(g, x, "D_POWER") for x in (a, b, c)] == [3000, 3000, 2500]


def test_cr_2_12_2_2_climax_continuous_ability_applies_while_in_climax_area(scenario):
    sc = scenario()
    a = sc.put(0, SCOUT, "stage", pos=0)
    sc.put(0, FINALE, "hand")
    g = sc.game()
    g.step(find_action(g, "End the main phase"))
    assert g.decision == D.ATTACK  # 8.6.2.1.1: a (yellow) climax needs its colour in level or clock
    sc.put(0, SCOUT, "clock")
    g = sc.game()
    g.step(find_action(g, "End the main phase"))
    assert g.decision == D.CLIMAX  # 6.6.1.2
    g.step(find_action(g, "Play climax Finale"))
    assert card_attr(g, a, "D_POWER") == 3500 and card_attr(g, a, "D_SOUL") == 2


# ---- attacks (CR 7) --------------------------------------------------------------------------------
def test_cr_7_2_1_4_1_direct_attack_gets_plus_one_soul_and_deals_damage(scenario):
    sc = scenario()
    sc.put(0, SCOUT, "stage", pos=0)
    sc.stack_deck(0, [SCOUT])  # trigger check: no icon
    sc.stack_deck(1, [GUARD, GUARD, GUARD])
    g = sc.game()
    to_attack(g)
    d = descriptions(g)
    assert "Direct attack with Scout" in d and not any(x.startswith(("Frontal", "Side")) for x in d)
    g.step(find_action(g, "Direct attack with Scout"))
    assert zone_n(g, "CLOCK", 1) == 2 and zone_n(g, "STOCK", 0) == 1  # 7.3.1.2 trigger card to stock


def test_cr_7_2_1_4_2_side_attack_loses_soul_equal_to_the_facing_level(scenario):
    sc = scenario()
    sc.put(0, CAPTAIN, "stage", pos=0)  # soul 2
    sc.put(1, MESSENGER, "stage", pos=2)  # faces (1): level 1
    sc.stack_deck(0, [SCOUT])
    sc.stack_deck(1, [GUARD, GUARD, GUARD])
    g = sc.game()
    to_attack(g)
    g.step(find_action(g, "Side attack with Captain"))
    if g.decision == D.OPTIONAL_EFFECT:  # Captain's "when this attacks" pool ability
        g.step(find_action(g, "Decline"))
    assert zone_n(g, "CLOCK", 1) == 1


def test_cr_7_6_1_2_and_10_2_2_frontal_battle_reverses_the_weaker_and_encore_returns_it(scenario):
    sc = scenario()
    sc.put(0, BRAWLER, "stage", pos=1)  # 6000
    m = sc.put(1, MESSENGER, "stage", pos=1)  # 5000, faces (2)
    sc.put_many(1, [SCOUT, SCOUT, SCOUT], "stock")
    sc.stack_deck(0, [SCOUT])
    sc.stack_deck(1, [GUARD, GUARD])
    g = sc.game()
    to_attack(g)
    g.step(find_action(g, "Frontal attack with Brawler"))
    assert card_attr(g, m, "ORIENT") == K.Orientation.REVERSE and zone_n(g, "CLOCK", 1) == 1
    # no other standing center character: the attack phase ends by itself (7.2.1.3)
    assert g.decision == D.ENCORE and g.current_player == 1  # 7.7.1.3
    g.step(find_action(g, "Put reversed Messenger"))
    assert g.decision == D.ENCORE_PAY
    g.step(find_action(g, "Pay Encore [3]"))
    assert stage_slot(g, 1, 1) == m and zone_n(g, "STOCK", 1) == 0
    assert g.turn == 4 and card_attr(g, m, "ORIENT") == K.Orientation.STAND  # rested, then stood (6.2.1.2)


def test_cr_7_6_1_2_equal_power_reverses_both(scenario):
    sc = scenario()
    a = sc.put(0, SCOUT, "stage", pos=0)
    d = sc.put(1, SCOUT, "stage", pos=2)
    sc.stack_deck(0, [SCOUT])
    sc.stack_deck(1, [GUARD, GUARD])
    g = sc.game()
    to_attack(g)
    g.step(find_action(g, "Frontal attack with Scout"))
    assert card_attr(g, a, "ORIENT") == K.Orientation.REVERSE and card_attr(g, d, "ORIENT") == K.Orientation.REVERSE


def test_cr_4_10_1_2_damage_is_canceled_by_a_climax(scenario):
    sc = scenario()
    sc.put(0, CAPTAIN, "stage", pos=0)
    sc.stack_deck(0, [SCOUT])
    sc.stack_deck(1, [GUARD, CX_POOL, GUARD])  # 3 damage (soul 2 + direct 1): second card cancels
    g = sc.game()
    to_attack(g)
    g.step(find_action(g, "Direct attack with Captain"))
    if g.decision == D.OPTIONAL_EFFECT:
        g.step(find_action(g, "Decline"))
    assert zone_n(g, "CLOCK", 1) == 0 and zone_n(g, "WR", 1) == 2


def test_cr_7_2_1_3_1_starting_player_first_turn_allows_one_attack(scenario):
    sc = scenario(turn=1)
    sc.put(0, SCOUT, "stage", pos=0)
    sc.put(0, SCOUT, "stage", pos=1)
    sc.stack_deck(0, [SCOUT])
    sc.stack_deck(1, [GUARD, GUARD])
    g = sc.game()
    to_attack(g)
    g.step(find_action(g, "Direct attack with Scout"))
    assert g.decision != D.ATTACK  # no second attack sub-phase
    assert not (g.turn == 1 and g.decision == D.ATTACK)


def test_cr_10_5_2_backup_gives_power_in_the_counter_step(scenario):
    sc = scenario()
    b = sc.put(0, BRAWLER, "stage", pos=1)  # 6000
    m = sc.put(1, MESSENGER, "stage", pos=1)  # 5000
    sc.put(1, HELPER, "hand")  # Backup 3000, Level 1, cost 1
    sc.put(1, SCOUT, "level")
    sc.put(1, SCOUT, "stock")
    sc.stack_deck(0, [SCOUT])
    sc.stack_deck(1, [GUARD, GUARD])
    g = sc.game()
    to_attack(g)
    g.step(find_action(g, "Frontal attack with Brawler"))
    assert g.decision == D.COUNTER and g.current_player == 1  # 7.4.1.2.1
    g.step(find_action(g, "Counter with Helper"))
    assert card_attr(g, b, "ORIENT") == K.Orientation.REVERSE
    assert card_attr(g, m, "ORIENT") != K.Orientation.REVERSE


def test_cr_7_4_1_2_1_counter_event_in_the_counter_step(scenario):
    sc = scenario()
    b = sc.put(0, BRAWLER, "stage", pos=1)
    sc.put(1, MESSENGER, "stage", pos=1)
    sc.put(1, PARRY, "hand")
    sc.stack_deck(0, [SCOUT])
    sc.stack_deck(1, [GUARD, GUARD])
    g = sc.game()
    to_attack(g)
    g.step(find_action(g, "Frontal attack with Brawler"))
    g.step(find_action(g, "Counter with Parry"))
    if g.decision == D.CHOOSE_TARGET:
        g.step(find_action(g, "Choose own center middle"))
    assert card_attr(g, b, "ORIENT") == K.Orientation.REVERSE  # 5000 + 2500 beats 6000


def test_cr_10_6_2_great_performance_makes_attacks_frontal_on_it(scenario):
    sc = scenario()
    sc.put(0, SCOUT, "stage", pos=0)  # faces (3): empty
    idol = sc.put(1, IDOL, "stage", pos=1)
    sc.stack_deck(0, [SCOUT])
    sc.stack_deck(1, [GUARD, GUARD])
    g = sc.game()
    to_attack(g)
    assert descriptions(g) == ["End the attack phase", "Frontal attack with Scout"]
    g.step(find_action(g, "Frontal attack with Scout"))
    # Idol (8000) was the defending character: the Scout lost the battle
    assert card_attr(g, stage_slot(g, 0, 0), "ORIENT") == K.Orientation.REVERSE
    assert card_attr(g, idol, "ORIENT") == K.Orientation.STAND and g.decision == D.ENCORE


# ---- triggers (CR 4.12) ----------------------------------------------------------------------------
@pytest.mark.parametrize("icon_card,check", [
    (CX_POOL, lambda g: zone_n(g, "STOCK", 0) == 2),  # trigger card + pool
    (CX_DRAW, lambda g: zone_n(g, "HAND", 0) == 1),
    (CX_TREASURE, lambda g: zone_n(g, "HAND", 0) == 1 and zone_n(g, "STOCK", 0) == 1),
])
def test_cr_4_12_2_optional_trigger_icons(scenario, icon_card, check):
    sc = scenario()
    sc.put(0, SCOUT, "stage", pos=0)
    sc.stack_deck(0, [icon_card])
    sc.stack_deck(1, [GUARD, GUARD, GUARD])
    g = sc.game()
    to_attack(g)
    g.step(find_action(g, "Direct attack with Scout"))
    assert g.decision == D.TRIGGER_OPTION
    g.step(find_action(g, "Use the"))
    assert check(g)


def test_cr_4_12_2_2_soul_trigger_adds_one_soul(scenario):
    sc = scenario()
    sc.put(0, SCOUT, "stage", pos=0)
    sc.stack_deck(0, [FINALE])  # soul icon
    sc.stack_deck(1, [GUARD, GUARD, GUARD, GUARD])
    g = sc.game()
    to_attack(g)
    g.step(find_action(g, "Direct attack with Scout"))
    assert zone_n(g, "CLOCK", 1) == 3  # 1 + direct 1 + soul trigger 1


def test_cr_4_12_2_5_and_4_12_2_9_comeback_and_gate_take_cards_from_the_waiting_room(scenario):
    for icon, wr_card, name in ((CX_COMEBACK, GUARD, "Guard"), (CX_GATE, CX_SHOT, "Climax Shot")):
        sc = scenario()
        sc.put(0, SCOUT, "stage", pos=0)
        sc.put(0, wr_card, "waiting_room")
        sc.stack_deck(0, [icon])
        sc.stack_deck(1, [GUARD, GUARD, GUARD])
        g = sc.game()
        to_attack(g)
        g.step(find_action(g, "Direct attack with Scout"))
        assert g.decision == D.CHOOSE_TARGET
        g.step(find_action(g, f"Choose {name}"))
        assert zone_n(g, "HAND", 0) == 1


def test_cr_4_12_2_10_standby_puts_a_character_on_stage_rested(scenario):
    sc = scenario()
    sc.put(0, SCOUT, "stage", pos=0)
    w = sc.put(0, MESSENGER, "waiting_room")  # level 1 <= level 0 + 1
    sc.stack_deck(0, [CX_STANDBY])
    sc.stack_deck(1, [GUARD, GUARD, GUARD])
    g = sc.game()
    to_attack(g)
    g.step(find_action(g, "Direct attack with Scout"))
    g.step(find_action(g, "Choose Messenger"))
    assert g.decision == D.CHOOSE_POSITION
    g.step(find_action(g, "Choose own back left"))
    assert stage_slot(g, 0, 3) == w and card_attr(g, w, "ORIENT") == K.Orientation.REST


def test_cr_4_12_2_7_shot_deals_one_damage_when_the_damage_is_canceled(scenario):
    sc = scenario()
    sc.put(0, SCOUT, "stage", pos=0)
    sc.stack_deck(0, [CX_SHOT])
    sc.stack_deck(1, [CX_POOL, GUARD, GUARD])  # first damage card cancels; the shot's damage sticks
    g = sc.game()
    to_attack(g)
    g.step(find_action(g, "Direct attack with Scout"))
    assert zone_n(g, "CLOCK", 1) == 1 and zone_n(g, "WR", 1) == 1


# ---- level up, refresh, losing (CR 9) --------------------------------------------------------------
def test_cr_9_3_level_up_at_seven_clock_chooses_the_card(scenario):
    sc = scenario()
    sc.put(0, SCOUT, "stage", pos=0)
    sc.put_many(1, [GUARD] * 4 + [SUPPORTER] * 2, "clock")
    sc.stack_deck(0, [SCOUT])
    sc.stack_deck(1, [MESSENGER, SCOUT, SCOUT])
    g = sc.game()
    to_attack(g)
    g.step(find_action(g, "Direct attack with Scout"))
    assert g.decision == D.LEVEL_UP and g.current_player == 1
    assert len(g.legal_actions()) == 7
    g.step(find_action(g, "Level up with Supporter"))
    assert zone_n(g, "LEVEL", 1) == 1 and zone_n(g, "CLOCK", 1) == 1 and zone_n(g, "WR", 1) == 6


def test_cr_1_2_2_1_level_four_loses(scenario):
    sc = scenario()
    sc.put(0, SCOUT, "stage", pos=0)
    sc.put_many(1, [GUARD, GUARD, GUARD], "level")
    sc.put_many(1, [SUPPORTER] * 4 + [HELPER] * 2, "clock")
    sc.stack_deck(0, [SCOUT])
    sc.stack_deck(1, [SCOUT, SCOUT])
    g = sc.game()
    to_attack(g)
    g.step(find_action(g, "Direct attack with Scout"))
    g.step(find_action(g, "Level up"))
    assert g.done and g.winner == 0


def test_cr_9_2_2_and_9_9_1_refresh_moves_waiting_room_to_deck_and_clocks_the_top_card(scenario):
    sc = scenario()
    sc.put(0, MESSENGER, "hand")
    sc.put(0, SCOUT, "level")
    sc.empty_deck_to(0, "waiting_room", keep=1)
    n_wr = len(sc.zone(0, "waiting_room"))
    g = sc.game()
    g.step(find_action(g, "Play Messenger"))  # draws the last card: refresh
    assert zone_n(g, "CLOCK", 0) == 1  # 9.9 refresh point: top card to clock
    assert zone_n(g, "DECK", 0) == n_wr - 1 and zone_n(g, "WR", 0) == 0
    assert int(g.state[S.REFRESH_POINT]) == 0


def test_cr_1_2_2_2_empty_deck_and_waiting_room_loses(scenario):
    sc = scenario()
    sc.put(0, MESSENGER, "hand")
    sc.put(0, SCOUT, "level")
    sc.empty_deck_to(0, "stock", keep=1)
    g = sc.game()
    g.step(find_action(g, "Play Messenger"))
    assert g.done and g.winner == 1


def test_cr_6_8_1_2_hand_limit_seven_at_end_phase(scenario):
    sc = scenario()
    sc.put_many(0, [GUARD] * 4 + [SCOUT] * 4 + [CX_POOL], "hand")
    g = sc.game()
    g.step(find_action(g, "End the main phase"))  # no castable climax, no attacker
    assert g.decision == D.HAND_LIMIT
    g.step(find_action(g, "Discard Guard"))
    g.step(find_action(g, "Discard Guard"))
    assert zone_n(g, "HAND", 0) == 7 and g.turn == 4  # then the next turn


# ---- keyword abilities (CR 10) ---------------------------------------------------------------------
def test_cr_10_11_shift_exchanges_a_clock_card_with_a_same_colour_hand_card(scenario):
    from ws_helpers import SHIFTER

    sc = scenario()
    sh = sc.put(0, SHIFTER, "clock")
    sc.put(0, SCOUT, "level")  # level 1 reached
    sc.put(0, GUARD, "hand")  # red: not the Shifter's colour (yellow)
    yel = sc.put(0, MESSENGER, "hand")
    sc.put(0, GUARD, "hand")
    sc.flow("clock")
    g = sc.game()
    g.step(find_action(g, "Clock (then draw 2) Guard"))  # then the main phase begins: Shift asks
    assert g.decision == D.CHOOSE_TARGET
    assert "Choose Guard" not in descriptions(g)  # 10.11.3.2 same colour only
    g.step(find_action(g, "Choose Messenger"))
    assert card_attr(g, sh, "ZONE") == K.Zone.HAND and card_attr(g, yel, "ZONE") == K.Zone.CLOCK
    assert g.decision == D.MAIN


def test_cr_10_8_change_puts_the_named_character_on_this_position(scenario):
    from ws_helpers import CHANGELING

    sc = scenario()
    ch = sc.put(0, CHANGELING, "stage", pos=2)
    ace = sc.put(0, ACE, "waiting_room")
    g = sc.game()
    g.step(find_action(g, "Use ability 0 of Changeling"))
    g.step(find_action(g, "Choose Ace"))
    assert card_attr(g, ch, "ZONE") == K.Zone.WAITING_ROOM and stage_slot(g, 0, 2) == ace


def test_cr_7_4_1_2_1_counter_ability_of_a_stage_character(scenario):
    from ws_helpers import SENTINEL

    sc = scenario()
    b = sc.put(0, BRAWLER, "stage", pos=1)  # 6000
    sen = sc.put(1, SENTINEL, "stage", pos=1)  # 4000, counter: +3000 for 1 stock
    sc.put(1, SCOUT, "stock")
    sc.stack_deck(0, [SCOUT])
    sc.stack_deck(1, [GUARD, GUARD])
    g = sc.game()
    to_attack(g)
    g.step(find_action(g, "Frontal attack with Brawler"))
    assert g.decision == D.COUNTER
    g.step(find_action(g, "Use ability 0 of Sentinel"))
    assert card_attr(g, b, "ORIENT") == K.Orientation.REVERSE and card_attr(g, sen, "ORIENT") == K.Orientation.STAND


def test_cr_10_13_resonate_needs_the_named_card_in_hand(scenario):
    from ws_helpers import RESONATOR

    sc = scenario()
    sc.put(0, RESONATOR, "stage", pos=0)
    g = sc.game()
    assert not any(x.startswith("Use ability 0 of Resonator") for x in descriptions(g))
    sc.put(0, SCOUT, "hand")  # Scout: name id 1
    g = sc.game()
    g.step(find_action(g, "Use ability 0 of Resonator"))
    assert zone_n(g, "HAND", 0) == 2


def test_cr_10_14_and_10_15_fusion_then_sunder_move_characters_through_markers(scenario):
    from ws_helpers import FUSER, TITAN

    sc = scenario()
    fuser = sc.put(0, FUSER, "stage", pos=0)
    scout = sc.put(0, SCOUT, "stage", pos=3)
    titan_deck = sc.deck_slot(0, TITAN)
    sc.stack_deck(1, [GUARD, GUARD, GUARD])
    g = sc.game()
    g.step(find_action(g, "Use ability 0 of Fuser"))  # cost: the Scout goes under Fuser
    g.step(find_action(g, "Choose Titan"))  # search: Titan takes the position, Fuser + Scout under it
    assert stage_slot(g, 0, 0) == titan_deck and stage_slot(g, 0, 3) == -1
    assert int(g.state[S.MARKER_N + 0]) == 2
    assert card_attr(g, fuser, "ZONE") == K.Zone.MARKER and card_attr(g, scout, "ZONE") == K.Zone.MARKER
    to_attack(g)
    g.step(find_action(g, "Direct attack with Titan"))
    assert g.decision == D.OPTIONAL_EFFECT  # Sunder at the end of the attack
    g.step(find_action(g, "Use Titan's ability"))
    g.step(find_action(g, "Choose Fuser"))
    assert g.decision == D.CHOOSE_POSITION
    g.step(find_action(g, "Choose own center right"))
    assert stage_slot(g, 0, 2) == fuser and stage_slot(g, 0, 0) == -1
    assert int(g.state[S.MARKER_N + 2]) == 2 and int(g.state[S.MARKER_N + 0]) == 0
    assert card_attr(g, titan_deck, "ZONE") == K.Zone.MARKER


def test_cr_8_4_2_a_discard_cost_is_paid_one_chosen_hand_card_at_a_time(scenario):
    from ws_helpers import SCHOLAR

    sc = scenario()
    sc.put(0, SCHOLAR, "stage", pos=0)
    sc.put(0, GUARD, "hand")
    g = sc.game()
    assert not any(x.startswith("Use ability 0 of Scholar") for x in descriptions(g))  # no climax to discard
    sc.put(0, CX_POOL, "hand")
    g = sc.game()
    g.step(find_action(g, "Use ability 0 of Scholar"))
    assert g.decision == D.PAY_COST
    assert descriptions(g) == ["Pay with Climax Pool for Scholar's ability"]  # the cost's filter: a climax
    g.step(find_action(g, "Pay with Climax Pool"))
    assert zone_n(g, "WR", 0) == 1 and zone_n(g, "HAND", 0) == 3  # Guard + 2 drawn


def _pass_until(g, done, limit=80):
    """Take the declining choice (end a phase, skip the clock, no counter ...) until ``done(g)``."""
    for _ in range(limit):
        if done(g):
            return
        d = descriptions(g)
        g.step(find_action(g, next((x for x in d if x.startswith(("End", "Pass", "Do not", "Don't", "No ", "Skip"))),
                                   d[0])))
    raise AssertionError("not reached")


def test_cr_8_2_1_2_until_the_end_of_your_opponents_next_turn_a_restriction_lasts_through_that_turn():
    """Leviathan Rider: "choose up to 1 of your opponent's characters. Until the end of your
    opponent's next turn, that character cannot frontal attack." It must not end with this turn
    (CR 6.8.1.4 ends "until end of turn" effects only): on the opponent's next turn the character
    may side attack but not frontal attack; after that turn it may again."""
    from tcg_env.games.weiss_schwarz.scenario import Scenario

    sc = Scenario.main_phase(decks=("blue_counter_control", "blue_counter_control"), turn_player=0)
    cid = sc.pool.card_id
    sc.put(0, cid("LF-073"), "hand")
    sc.put_many(0, [cid("LF-064"), cid("LF-065")], "level")  # level 2, blue
    sc.put_many(0, [cid("LF-066"), cid("LF-066")], "stock")  # cost 2
    sc.put(0, cid("LF-065"), "stage", pos=1)  # faces the foe
    foe = sc.put(1, cid("LF-064"), "stage", pos=1)  # Tidepool Scout
    g = sc.game()
    g.step(find_action(g, "Play Leviathan Rider to center left"))
    g.step(find_action(g, "Choose opponent's center middle"))
    _pass_until(g, lambda x: x.turn == 4 and x.decision == D.ATTACK)
    d = descriptions(g)
    assert "Side attack with Tidepool Scout" in d and not any(x.startswith("Frontal attack") for x in d)
    _pass_until(g, lambda x: x.turn == 6 and x.decision == D.ATTACK)  # its next turn: the effect has ended
    assert int(g.state[S.D_RST + foe * S.CARD_W]) == 0
    assert "Frontal attack with Tidepool Scout" in descriptions(g)


def test_a_duration_an_op_does_not_keep_is_refused_naming_the_card_and_field(tmp_path):
    from tcg_env.cards.errors import CardDataError
    from tcg_env.games.weiss_schwarz.cards import load_ws_pool

    src = (Path(__file__).parents[2] / "tcg_env/games/weiss_schwarz/data/cards.toml").read_text()
    bad = tmp_path / "cards.toml"
    bad.write_text(src.replace('restrictions = "cant_frontal", duration = "next_opp_turn_end"',
                               'restrictions = "cant_frontal", duration = "permanent"'))
    with pytest.raises(CardDataError, match=r"LF-073.*duration.*'permanent' is not supported for restrict"):
        load_ws_pool(bad)


def test_cr_8_5_1_2_the_turn_player_chooses_which_pending_ability_to_play_first(pool, deck):
    """CR 8.5.1.2: two Shift abilities (CR 10.11) standing by at the beginning of the main phase:
    the decision offers exactly one option per pending ability (rules.choices.mask_pending over
    the OPTION block), and option k plays pending ability k (its Shifter's Shift asks first)."""
    from tcg_env.engine.header import H_DECIDER
    from tcg_env.engine.triggers import PE_SLOT, PENDING_W
    from tcg_env.games.weiss_schwarz.scenario import Scenario
    from ws_helpers import SHIFTER

    d = deck.copy()
    d[[34, 35]] = SHIFTER  # two Shifters in place of two Insight
    sc = Scenario.main_phase(pool, decks=(d, d), turn_player=0)
    shifters = [sc.put(0, SHIFTER, "clock"), sc.put(0, SHIFTER, "clock")]
    sc.put(0, SCOUT, "level")  # level 1 reached: Shift may be used (CR 10.11.1)
    sc.put(0, MESSENGER, "hand")  # yellow, the Shifters' colour
    sc.put(0, GUARD, "hand")
    sc.flow("clock")
    g = sc.game()
    g.step(find_action(g, "Clock (then draw 2) Guard"))  # then the main phase begins: both trigger
    assert g.decision == D.ORDER_AUTO and int(g.state[H_DECIDER]) == 0
    legal = [int(a) for a in g.legal_actions()]
    assert legal == [K.OPTION_BASE, K.OPTION_BASE + 1]
    pending = [int(g.state[S.PT + k * PENDING_W + PE_SLOT]) for k in range(2)]  # player 0's entries' sources
    assert sorted(pending) == sorted(shifters)
    # the wording of option k is pending ability k's, whatever a former decision left in the
    # candidate list (its cards are not this decision's: a stale slot crashed `tcg play`)
    g._row[S.CAND : S.CAND + 2] = 96
    for k in range(2):
        assert g.describe_action(K.OPTION_BASE + k).startswith(f"Play next: {g.pool.names[int(g.state[S.CARD + pending[k] * S.CARD_W])]}'s ability")
    g.step(K.OPTION_BASE + 1)
    assert g.decision == D.CHOOSE_TARGET  # the second pending Shift asks which hand card
    frame = S.FRAMES + (int(g.state[S.FRAME_N]) - 1) * S.FRAME_W
    assert int(g.state[frame + S.FR_SLOT]) == pending[1]
