"""The Dragon Ball Super Card Game's counter timing (rules 1.073: 4-7, 6-3-1-2-1, 7-1, 10-10) on the
engine core's response window (tcg_env.engine.chase), played on the toy game
tests/engine/toy_counter_timing.py, whose hooks module declares the window: one decline closes it,
everything resolves last in first out without reopening, the original play / attack completes
afterwards if it still can, only [Counter] skills may be used."""

from __future__ import annotations

import numpy as np
import toy_counter_timing as toy
from numba import njit

from tcg_env.engine import chase
from tcg_env.engine.chase import Priority
from tcg_env.engine.header import H_DECIDER, H_DECISION
from tcg_env.engine.triggers import pending_add, pending_count

G = toy.RULES
T = np.zeros(1, np.int32)

_open = njit(lambda s, player: chase.open_window(G, s, player))
_is_open = njit(lambda s: chase.window_is_open(G, s))
_pass = njit(lambda s, player: chase.priority_pass(G, s, player))
_after_resolution = njit(lambda s: chase.after_resolution(G, s))
_add_pending = njit(lambda s, player, slot: pending_add(G, s, player, slot, 0, -1))
_pending_count = njit(lambda s, player: pending_count(G, s, player))

# the cards of a position: (owner, kind), in slot order
A, B = 0, 1
CARDS = [
    (A, toy.BATTLE),  # 0: A's battle card in hand
    (A, toy.BATTLE),  # 1: A's battle card on the field (placed by `new_game`)
    (A, toy.COUNTER_COUNTER),  # 2
    (A, toy.COUNTER_PLAY),  # 3: a kind A cannot use against its own play
    (B, toy.COUNTER_PLAY),  # 4
    (B, toy.COUNTER_ATTACK),  # 5
    (B, toy.COUNTER_COUNTER),  # 6
    (B, toy.BATTLE),  # 7: not a [Counter]
]
A_HAND_BATTLE, A_FIELD_BATTLE, A_CC, A_CP, B_CP, B_CA, B_CC, B_BATTLE = range(toy.SLOTS)


def new_game():
    """A's main phase: every card in its owner's hand but A's slot 1, on the field, active."""
    s = np.zeros(toy.STATE_SIZE, np.int32)
    for slot, (owner, kind) in enumerate(CARDS):
        s[toy.OWNER + slot] = owner
        s[toy.KIND + slot] = kind
        s[toy.ZONE + slot] = toy.HAND
    s[toy.ZONE + A_FIELD_BATTLE] = toy.FIELD
    s[toy.LIFE : toy.LIFE + 2] = 8
    s[toy.TURN_PLAYER] = A
    s[H_DECISION] = toy.MAIN
    s[H_DECIDER] = A
    return s


def card(slot: int) -> int:
    return toy.CARD_BASE + slot


def step(s, a):
    mask = np.zeros(toy.NUM_ACTIONS, np.int32)
    toy.legal_mask_row(s, T, mask)
    assert mask[a] == 1, f"action {a} not legal: {np.flatnonzero(mask)}"
    toy.apply_unchecked(s, T, a)


def legal(s) -> list[int]:
    mask = np.zeros(toy.NUM_ACTIONS, np.int32)
    n = toy.legal_mask_row(s, T, mask)
    assert n == int(mask.sum())
    return [int(a) for a in np.flatnonzero(mask)]


def decision(s) -> tuple[int, int]:
    return int(s[H_DECISION]), int(s[H_DECIDER])


def resolved(s) -> list[int]:
    return [int(x) for x in s[toy.RESOLVED : toy.RESOLVED + s[toy.RESOLVED_N]]]


def completed(s) -> list[int]:
    return [int(x) for x in s[toy.COMPLETED : toy.COMPLETED + s[toy.COMPLETED_N]]]


def test_dbscg_4_7_2_1_declaring_a_play_opens_a_counter_timing_the_opponent_answers_first():
    """4-7-2-1 / 6-3-1-2-1-2, 4-7-3-2: the play is declared, the card waits, and the non-turn player
    is asked first."""
    s = new_game()
    step(s, card(A_HAND_BATTLE))
    assert s[toy.ZONE + A_HAND_BATTLE] == toy.PLAYING
    assert decision(s) == (toy.COUNTER, B)
    assert _is_open(s)


def test_dbscg_4_7_3_2_one_decline_closes_the_counter_timing_and_the_play_completes():
    """4-7-3-2 -> 4-7-3-6: the player to answer declines; the counter timing ends at once (no
    second pass is asked of the player who played) and the card is played (6-3-1-2-1-3)."""
    s = new_game()
    step(s, card(A_HAND_BATTLE))
    step(s, toy.PASS)
    assert decision(s) == (toy.MAIN, A)
    assert s[toy.ZONE + A_HAND_BATTLE] == toy.FIELD
    assert completed(s) == [toy.ORIGIN_PLAY] and resolved(s) == []
    assert not _is_open(s) and s[toy.PASSES] == 0


def test_dbscg_4_7_3_2_the_core_closes_after_one_decline_as_declared():
    """The core's pass with the toy's declarations: the first decline closes the window
    (WINDOW_CLOSING_PASSES = 1): with the chase empty the window ends with the original action to
    complete (COMPLETE, WINDOW_COMPLETES_ORIGINAL = 1), not a PASS_ON to the other player."""
    s = new_game()
    assert _open(s, B)
    assert _pass(s, B) == Priority.COMPLETE
    assert not _is_open(s) and s[toy.PRIORITY_PLAYER] == B


def test_dbscg_4_7_3_3_a_counter_passes_the_decision_to_the_other_player():
    """4-7-3-3: after B's [Counter], the player who did not activate it (A) answers; the declines
    counted so far start again."""
    s = new_game()
    step(s, card(A_HAND_BATTLE))
    step(s, card(B_CP))
    assert decision(s) == (toy.COUNTER, A)
    assert s[toy.ZONE + B_CP] == toy.CHASE_ZONE and s[toy.CHASE_COUNT] == 1
    assert s[toy.PASSES] == 0 and s[toy.PRIORITY_PLAYER] == A


def test_dbscg_4_7_3_6_a_negated_play_does_not_complete():
    """4-7-3-5 then 4-7-3-6 "(if possible)": B's [Counter: Play] negates the play; A declines; the
    counter resolves, and the card, in the drop area, is not played."""
    s = new_game()
    step(s, card(A_HAND_BATTLE))
    step(s, card(B_CP))
    step(s, toy.PASS)
    assert resolved(s) == [B_CP]
    assert s[toy.ZONE + A_HAND_BATTLE] == toy.DROP and s[toy.ZONE + B_CP] == toy.DROP  # 10-10-4
    assert completed(s) == []
    assert decision(s) == (toy.MAIN, A) and not _is_open(s)


def test_dbscg_10_10_3_3_the_counter_of_a_counter_lets_the_play_complete():
    """10-10-3-3 / 10-10-5: A answers B's [Counter: Play] with a [Counter: Counter] that negates it;
    B declines; A's counter resolves first (4-7-3-5), B's then does nothing, and the play completes
    (4-7-3-6)."""
    s = new_game()
    step(s, card(A_HAND_BATTLE))
    step(s, card(B_CP))
    step(s, card(A_CC))
    assert decision(s) == (toy.COUNTER, B)
    step(s, toy.PASS)
    assert resolved(s) == [A_CC, B_CP]
    assert s[toy.ZONE + A_HAND_BATTLE] == toy.FIELD
    assert completed(s) == [toy.ORIGIN_PLAY]


def test_dbscg_4_7_3_5_all_counters_resolve_last_in_first_out_without_reopening():
    """4-7-3-5: after the one decline every activated [Counter] resolves, the last activated first,
    regardless of the turn player, with no decision in between: the counter timing's points (its
    rule processing, 4-7-3-1) ran only before the decline. B countered A's counter of B's counter:
    B's [Counter: Counter] negates A's, so B's [Counter: Play] negates the play."""
    s = new_game()
    step(s, card(A_HAND_BATTLE))
    step(s, card(B_CP))
    step(s, card(A_CC))
    step(s, card(B_CC))
    assert decision(s) == (toy.COUNTER, A) and s[toy.CHASE_COUNT] == 3
    points = int(s[toy.RULE_RUNS])
    assert points == 4  # the play and three counters each led to a counter-timing point
    step(s, toy.PASS)
    assert resolved(s) == [B_CC, A_CC, B_CP]
    assert s[toy.RULE_RUNS] == points  # not reopened between the resolutions
    assert s[toy.CHASE_COUNT] == 0 and not _is_open(s)
    assert s[toy.ZONE + A_HAND_BATTLE] == toy.DROP and completed(s) == []
    assert decision(s) == (toy.MAIN, A)


def test_dbscg_4_7_3_5_the_core_resolves_all_then_ends_the_window():
    """The core's after_resolution with WINDOW_ON_CLOSE = RESOLVE_ALL: RESOLVE while entries are
    left, then the window's end (COMPLETE); priority is not given to anyone in between."""
    s = new_game()
    _open(s, B)
    s[toy.CHASE_COUNT] = 2  # two entries (their words do not matter here)
    s[toy.PRIORITY_PLAYER] = A
    assert _pass(s, A) == Priority.RESOLVE
    s[toy.CHASE_COUNT] = 1
    assert _after_resolution(s) == Priority.RESOLVE
    assert _is_open(s)  # 4-7-2-5: still inside the counter timing while the counters resolve
    s[toy.CHASE_COUNT] = 0
    assert _after_resolution(s) == Priority.COMPLETE
    assert not _is_open(s) and s[toy.PRIORITY_PLAYER] == A


def test_dbscg_7_1_2_an_attack_completes_after_the_counter_timing():
    """7-1 / 7-1-2 / 4-7-2-2: the attacker rests, B may answer with [Counter: Attack]; B declines and
    the attack goes on (here: 1 damage)."""
    s = new_game()
    step(s, card(A_FIELD_BATTLE))
    assert s[toy.RESTED + A_FIELD_BATTLE] == 1 and decision(s) == (toy.COUNTER, B)
    assert legal(s) == [toy.PASS, card(B_CA)]  # 10-10-3-2
    step(s, toy.PASS)
    assert completed(s) == [toy.ORIGIN_ATTACK] and s[toy.LIFE + B] == 7


def test_dbscg_7_1_4_an_attack_whose_attacker_is_gone_does_not_complete():
    """4-7-3-6 "(if possible)", 7-1-4: B's [Counter: Attack] KOs the attacker; the battle ends with
    no damage."""
    s = new_game()
    step(s, card(A_FIELD_BATTLE))
    step(s, card(B_CA))
    step(s, toy.PASS)
    assert resolved(s) == [B_CA] and s[toy.ZONE + A_FIELD_BATTLE] == toy.DROP
    assert completed(s) == [] and s[toy.LIFE + B] == 8


def test_dbscg_10_10_1_only_pending_counter_skills_may_be_used_in_a_counter_timing():
    """10-10-1 / 10-10-2 / 10-10-3: in the counter timing the player to answer may decline or use a
    [Counter] from its hand of the kind now pending: against a play [Counter: Play] (not its
    battle card, not [Counter: Attack] or [Counter: Counter]); against a counter only [Counter:
    Counter] (10-10-3-3), and A's own [Counter: Play] is never pending against its own play."""
    s = new_game()
    assert legal(s) == [toy.PASS, card(A_HAND_BATTLE), card(A_FIELD_BATTLE)]  # the free timing
    step(s, card(A_HAND_BATTLE))
    assert legal(s) == [toy.PASS, card(B_CP)]
    step(s, card(B_CP))
    assert legal(s) == [toy.PASS, card(A_CC)]
    step(s, card(A_CC))
    assert legal(s) == [toy.PASS, card(B_CC)]
    step(s, card(B_CC))
    assert legal(s) == [toy.PASS]  # A has no [Counter: Counter] left: it may only decline


def test_dbscg_4_7_2_5_no_counter_timing_opens_during_one():
    """4-7-2-5: while a counter timing is open (its counters resolving included) another does not
    open; once it has ended one can."""
    s = new_game()
    assert _open(s, B)
    s[toy.PRIORITY_PLAYER] = A
    assert not _open(s, A)
    assert s[toy.PRIORITY_PLAYER] == A  # nothing done
    assert _pass(s, A) == Priority.COMPLETE
    assert _open(s, A) and s[toy.PRIORITY_PLAYER] == A


def test_dbscg_4_7_3_1_a_counter_timing_runs_rule_processing_but_plays_no_auto_skill():
    """4-7-3-1: the counter timing resolves rule processing only; an [Auto] skill pending then
    waits for the checkpoint (4-5, e.g. 7-1-3) instead of being played
    (WINDOW_PLAYS_PENDING_ABILITIES = 0)."""
    s = new_game()
    _add_pending(s, A, A_FIELD_BATTLE)
    step(s, card(A_FIELD_BATTLE))
    assert s[toy.RULE_RUNS] == 1
    assert _pending_count(s, A) == 1 and s[toy.PLAYED_AUTO] == 0
    assert decision(s) == (toy.COUNTER, B)
