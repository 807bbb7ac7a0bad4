"""The engine core's pending automatic abilities (tcg_env.engine.triggers) and chase
(tcg_env.engine.chase), on the toy hooks module tests/engine/toy_chase.py: the rules they
implement once for every game (FF-TCG CR 11.1 / 11.8.7, Weiss Schwarz CR 8.5.1.2-3, Force of Will
CR 602-605)."""

from __future__ import annotations

import numpy as np
import toy_chase as toy
from numba import njit

from tcg_env.engine import chase, triggers
from tcg_env.engine.chase import Priority
from tcg_env.engine.header import H_DECIDER, H_DECISION
from tcg_env.engine.triggers import NONE_PENDING, PE_ABIL, PE_AUX, PE_SLOT

G = toy.RULES
T = np.zeros(1, np.int32)


def _kernel(fn):
    """``fn`` of the core with the toy's tag, callable from Python (the core's kernels are compiled
    without the wrappers Python needs)."""
    return njit(lambda s, *args: fn(G, s, *args))


_add = _kernel(triggers.pending_add)
_take = _kernel(triggers.pending_take)
_entry = _kernel(triggers.pending_entry)
_next = _kernel(triggers.pending_next)
_none = _kernel(triggers.pending_none)
_push = _kernel(chase.chase_push)
_pop = _kernel(chase.chase_pop)
_size = _kernel(chase.chase_size)
_full = _kernel(chase.chase_full)
_pass = _kernel(chase.priority_pass)
_give = _kernel(chase.give_priority)
_after_response = _kernel(chase.after_response)
_after_resolution = _kernel(chase.after_resolution)


# numba inlines these two (engine.jit.internal_inline) and cannot do it into a call with *args
@njit
def _play_pending(s, T):
    return triggers.play_pending_abilities(G, s, T)


@njit
def _priority_point(s, T):
    return chase.priority_point(G, s, T)


def new_row():
    s = np.zeros(toy.STATE_SIZE, np.int32)
    s[H_DECIDER] = -1
    return s


def pending(s, player):
    """``player``'s pending entries as (slot, ability row, aux) triples."""
    out = []
    for i in range(int(s[toy.PENDING_COUNT + player])):
        e = _entry(s, player, i)
        out.append((int(s[e + PE_SLOT]), int(s[e + PE_ABIL]), int(s[e + PE_AUX])))
    return out


def test_pending_add_queues_in_order_and_drops_at_capacity():
    s = new_row()
    assert _add(s, 1, 10, 100, -1) and _add(s, 1, 11, 101, 5)
    assert not _add(s, 1, 12, 102, 6)  # PENDING_MAX == 2: dropped, as the games document
    assert pending(s, 1) == [(10, 100, -1), (11, 101, 5)]
    assert pending(s, 0) == [] and not _none(s)


def test_pending_take_returns_the_entry_and_moves_the_later_ones_up():
    s = new_row()
    _add(s, 0, 10, 100, 1)
    _add(s, 0, 11, 101, 2)
    assert tuple(_take(s, 0, 0)) == (10, 100, 1)
    assert pending(s, 0) == [(11, 101, 2)]
    assert tuple(_take(s, 0, 0)) == (11, 101, 2)
    assert pending(s, 0) == [] and _none(s)


def test_pending_abilities_of_the_turn_player_come_first():
    """FF-TCG CR 11.8.7, Weiss Schwarz CR 8.5.1.2, Force of Will CR 603.2."""
    s = new_row()
    assert _next(s, 0) == -1
    _add(s, 1, 10, 100, -1)
    assert _next(s, 0) == 1  # only the other player has some
    _add(s, 0, 20, 200, -1)
    assert _next(s, 0) == 0 and _next(s, 1) == 1


def test_one_pending_ability_is_played_several_are_ordered_by_their_controller():
    """FF-TCG CR 11.8.7, Weiss Schwarz CR 8.5.1.2-3, Force of Will CR 603.1-603.3."""
    s = new_row()
    s[toy.TURN_PLAYER] = 1
    assert _play_pending(s, T) == NONE_PENDING
    _add(s, 0, 20, 200, -1)
    _add(s, 1, 10, 100, -1)
    _add(s, 1, 11, 101, -1)
    assert _play_pending(s, T) == toy.ORDERING_STATUS  # the turn player's two: it orders them
    assert (s[H_DECISION], s[H_DECIDER]) == (toy.ORDER_DECISION, 1)
    _take(s, 1, 1)
    assert _play_pending(s, T) == toy.PLAYED_STATUS  # one left: played at once
    assert _play_pending(s, T) == toy.PLAYED_STATUS  # then the other player's
    assert list(s[toy.PLAYED : toy.PLAYED + s[toy.PLAYED_N]]) == [10, 20]
    assert _none(s)


def test_the_chase_is_last_in_first_out_and_refuses_an_entry_when_full():
    s = new_row()
    for k in range(toy.CHASE_MAX):
        s[toy.BUILD : toy.BUILD + toy.CHASE_ENTRY_W] = (k, 10 + k)
        assert _push(s, toy.BUILD)
    assert _size(s) == toy.CHASE_MAX and _full(s)
    assert not _push(s, toy.BUILD)
    assert int(s[toy.CHASE_COUNT]) == toy.CHASE_MAX
    for k in reversed(range(toy.CHASE_MAX)):  # the last put on resolves first (FoW CR 605.1b)
        e = _pop(s)
        assert list(s[e : e + toy.CHASE_ENTRY_W]) == [k, 10 + k]
    assert _size(s) == 0 and not _full(s)


def test_cr_11_1_6_a_first_pass_gives_the_other_player_priority():
    """FF-TCG CR 11.1.6, Force of Will CR 605.1c."""
    s = new_row()
    assert _pass(s, 0) == Priority.PASS_ON
    assert s[toy.PRIORITY_PLAYER] == 1 and s[toy.PASSES] == 1


def test_cr_11_1_7_two_passes_in_a_row_resolve_the_top_or_end_the_step():
    """FF-TCG CR 11.1.7, Force of Will CR 605.1b: with an entry on the chase its top resolves;
    with the chase empty the step (priority sequence) ends; the pass count starts again."""
    s = new_row()
    _push(s, toy.BUILD)
    _pass(s, 0)
    assert _pass(s, 1) == Priority.RESOLVE and s[toy.PASSES] == 0
    _pop(s)
    _pass(s, 0)
    assert _pass(s, 1) == Priority.END_STEP and s[toy.PASSES] == 0


def test_cr_12_3_the_priority_point_runs_rule_processes_then_pending_abilities_then_priority():
    """FF-TCG CR 11.1.3 / 11.1.4 / 12.3, Force of Will CR 602.1a-c."""
    s = new_row()
    s[toy.STOP] = 1
    _add(s, 0, 10, 100, -1)
    assert _priority_point(s, T) == Priority.STOPPED  # the rule processes come first
    assert s[toy.PLAYED_N] == 0 and s[H_DECISION] == 0
    s[toy.STOP] = 0
    assert _priority_point(s, T) == Priority.AUTOMATIC  # then the pending ability
    assert s[toy.PLAYED_N] == 1 and s[H_DECISION] == 0
    s[toy.PRIORITY_PLAYER] = 1
    assert _priority_point(s, T) == Priority.OFFERED  # then priority, to the player who has it
    assert (s[H_DECISION], s[H_DECIDER]) == (toy.PRIORITY_DECISION, 1)
    assert s[toy.RULE_RUNS] == 3


def test_cr_9_5_1_1_where_no_player_may_act_the_priority_point_passes_for_them():
    """FF-TCG CR 9.5.1.1 (the End Phase): the priority point makes the pass, whose result the
    game maps onto its flow."""
    s = new_row()
    s[toy.NO_ACTIONS] = 1
    assert _priority_point(s, T) == Priority.PASS_ON
    assert s[toy.PRIORITY_PLAYER] == 1 and s[H_DECISION] == 0
    assert _priority_point(s, T) == Priority.END_STEP


def test_give_priority_restarts_the_consecutive_passes():
    """FF-TCG CR 11.1.5 / Force of Will 605.1a: after an action the player keeps (or is given)
    priority and the next pass is a first pass again."""
    s = new_row()
    _give(s, 1)
    assert _pass(s, 1) == Priority.PASS_ON and s[toy.PRIORITY_PLAYER] == 0
    _give(s, 1)
    assert s[toy.PASSES] == 0 and s[toy.PRIORITY_PLAYER] == 1
    assert _pass(s, 1) == Priority.PASS_ON


def test_cr_605_1a_after_a_response_the_responder_keeps_priority():
    """Force of Will CR 605.1a, the default window (WINDOW_RESPONDER_KEEPS_PRIORITY = 1): after an
    action the player who acted keeps priority and the next pass is a first pass again."""
    s = new_row()
    _pass(s, 0)
    _after_response(s, 1)
    assert s[toy.PRIORITY_PLAYER] == 1 and s[toy.PASSES] == 0
    assert _pass(s, 1) == Priority.PASS_ON


def test_cr_11_1_5_after_a_resolution_the_window_reopens_with_the_turn_player():
    """FF-TCG CR 11.1.5, Force of Will CR 605.1b, the default window (WINDOW_ON_CLOSE =
    RESOLVE_TOP_AND_REOPEN): after the top resolves the turn player gains priority, even with
    entries left on the chase, and two more passes are needed to resolve the next."""
    s = new_row()
    s[toy.TURN_PLAYER] = 1
    _push(s, toy.BUILD)
    _push(s, toy.BUILD)
    _pass(s, 1)
    assert _pass(s, 0) == Priority.RESOLVE
    _pop(s)
    assert _after_resolution(s) == Priority.REOPEN
    assert s[toy.PRIORITY_PLAYER] == 1 and s[toy.PASSES] == 0
    assert _pass(s, 1) == Priority.PASS_ON
