"""Cost payment (tcg_env.rules.costs) on the toy game's will pool (toy_rules.py: three types and a
wild word per player): all or nothing, typed parts before generic ones, the canonical generic
payment, and the packed counts and type masks a legal mask reads."""

from __future__ import annotations

import itertools

import numpy as np
import toy_rules as toy
from numba import njit

from tcg_env.rules import costs as C

NT = toy.N_TYPES
POOL_W = NT + 1


def _pool(p):
    return toy.WILL + p * POOL_W


@njit
def _can_pay(s, p, row, col, generic):
    return C.pool_can_pay(s, toy.WILL + p * 4, 3, toy.WILL + p * 4 + 3, row, col, generic)


@njit
def _pay(s, p, row, col, generic):
    C.pool_pay(s, toy.WILL + p * 4, 3, toy.WILL + p * 4 + 3, row, col, generic)


@njit
def _can_pay_two(s, p, r1, c1, g1, r2, c2, g2):
    return C.pool_can_pay_two(s, toy.WILL + p * 4, 3, toy.WILL + p * 4 + 3, r1, c1, g1, r2, c2, g2)


@njit
def _pay_two(s, p, r1, c1, g1, r2, c2, g2):
    C.pool_pay_two(s, toy.WILL + p * 4, 3, toy.WILL + p * 4 + 3, r1, c1, g1, r2, c2, g2)


@njit
def _pay_generic_no_wild(s, p, n):
    C.pool_pay_generic(s, toy.WILL + p * 4, 3, C.NO_WILD, n)


@njit
def _total(s, p):
    return C.pool_total(s, toy.WILL + p * 4, 3, toy.WILL + p * 4 + 3)


@njit
def _packed(types):
    packed = np.int64(0)
    for t in types:
        packed = C.packed_add(packed, t)
    return packed


@njit
def _packed_count(packed, t):
    return C.packed_count(packed, t)


@njit
def _type_mask(s, T, zt, zone, p, column):
    return C.zone_type_mask(s, T, zt, zone, p, column)


def _state(pool0):
    s = toy.new_state()
    s[_pool(0):_pool(0) + POOL_W] = pool0
    return s


def _cost(typed, col=2):
    row = np.zeros(col + NT, np.int32)
    row[col:col + NT] = typed
    return row


def test_cr_fow_1003_4_a_cost_is_paid_all_or_not_at_all():
    """Force of Will CR 1003.4 / 203.4: every typed unit from its own type, the generic part from
    anything left (the wild word included), or nothing; a negative generic part counts 0."""
    s = _state([2, 1, 0, 1])
    assert _can_pay(s, 0, _cost([2, 1, 0]), 2, 1)  # the wild unit pays the generic one
    assert not _can_pay(s, 0, _cost([2, 1, 0]), 2, 2)
    assert not _can_pay(s, 0, _cost([0, 0, 1]), 2, 0)  # no unit of type 2: the wild one cannot pay it
    assert _can_pay(s, 0, _cost([0, 0, 0]), 2, -1)
    assert not _can_pay(s, 1, _cost([0, 0, 0]), 2, 1)  # the other player's empty pool


def test_cr_fow_203_4_the_generic_part_takes_the_wild_word_first_then_the_type_with_most_left():
    """Paying needs no decision: wild units first, then one unit at a time from the type with the
    most left (the lowest type on a tie), after the typed part. Checked against every pool and
    cost of up to 2 units a type."""
    for pool in itertools.product(range(3), repeat=POOL_W):
        for typed in itertools.product(range(2), repeat=NT):
            for generic in range(4):
                s = _state(list(pool))
                row = _cost(list(typed))
                want = np.array(pool)
                ok = all(want[t] >= typed[t] for t in range(NT)) and want.sum() - sum(typed) >= generic
                assert _can_pay(s, 0, row, 2, generic) == ok
                if not ok:
                    continue
                want[:NT] -= typed
                left = generic
                v = min(left, want[NT])
                want[NT] -= v
                left -= v
                for _ in range(left):
                    want[int(np.argmax(want[:NT]))] -= 1  # argmax: the first of the largest
                _pay(s, 0, row, 2, generic)
                assert list(s[_pool(0):_pool(0) + POOL_W]) == list(want), (pool, typed, generic)


def test_cr_fow_1109_2_two_costs_paid_together_take_both_typed_parts_first():
    """Force of Will CR 1109.2 ([Awakening]) / 708.4: a card's cost and an extra cost are checked
    and paid as one: the first cost's generic unit must not take the unit the second's typed part
    needs."""
    card, extra = _cost([1, 0, 0]), _cost([0, 1, 0], col=0)
    s = _state([1, 1, 0, 0])
    assert not _can_pay_two(s, 0, card, 2, 1, extra, 0, 0)  # 3 units asked of 2
    s = _state([1, 1, 1, 0])
    assert _can_pay_two(s, 0, card, 2, 1, extra, 0, 0)
    _pay_two(s, 0, card, 2, 1, extra, 0, 0)
    assert list(s[_pool(0):_pool(0) + POOL_W]) == [0, 0, 0, 0]  # the generic unit came from type 2
    # paid one after the other, the card's generic unit takes type 1 (a tie, the lowest type) and
    # the extra cost can no longer be paid
    s = _state([1, 1, 1, 0])
    _pay(s, 0, card, 2, 1)
    assert list(s[_pool(0):_pool(0) + POOL_W]) == [0, 0, 1, 0]
    assert not _can_pay(s, 0, extra, 0, 0)


def test_a_pool_without_a_wild_word_pays_the_generic_part_from_its_types():
    s = _state([1, 3, 3, 5])
    _pay_generic_no_wild(s, 0, 3)
    assert list(s[_pool(0):_pool(0) + POOL_W]) == [1, 1, 2, 5]  # 3,3 -> 2,3 -> 2,2 -> 1,2; the wild word untouched
    assert _total(s, 0) == 9


def test_cr_fftcg_5_2_1_3_packed_counts_of_typed_sources():
    """FF-TCG CR 5.2.1.3 (sources of CP by element), counted once per legal mask: one count per
    type in ``PACK_BITS`` bits of an int64, each type's count read back alone."""
    types = np.array([0, 3, 3, 7, 3, 0], np.int64)
    packed = _packed(types)
    assert [_packed_count(packed, t) for t in range(8)] == [2, 0, 0, 3, 0, 0, 0, 1]
    many = _packed(np.full(255, 5, np.int64))
    assert _packed_count(many, 5) == 255 and _packed_count(many, 6) == 0 and _packed_count(many, 4) == 0


def test_cr_ws_8_6_2_1_1_the_colours_of_a_zone_as_a_mask():
    """Weiss Schwarz CR 8.6.2.1.1: a card needs a card of its colour in its player's level or
    clock; the zone's colours as one mask make the requirement one test of a bit."""
    from test_modifiers import _tables

    T = _tables()  # colours: card 0 -> 0, card 1 -> 1, card 2 -> 2
    s = toy.new_state()
    toy.place(s, 0, 0, 0, toy.Zone.GRAVEYARD)
    toy.place(s, 1, 2, 0, toy.Zone.GRAVEYARD)
    toy.place(s, 2, 1, 1, toy.Zone.GRAVEYARD)
    assert _type_mask(s, T, toy.ZT, toy.GRAVEYARD, 0, toy.C_COLOR) == 0b101
    assert _type_mask(s, T, toy.ZT, toy.GRAVEYARD, 1, toy.C_COLOR) == 0b010
    assert _type_mask(s, T, toy.ZT, toy.HAND, 0, toy.C_COLOR) == 0
