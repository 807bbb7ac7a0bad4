"""Force of Will rules kernels: paying will (CR 1003) from a player's pool of produced will, the
shared layer's typed pool (``tcg_env.rules.costs``) at ``WILL + p * N_WILL``: one word per
attribute, then void will, the wild word (CR 907.5). Whether the pool pays a cost, all of it (CR
1003.4), and paying it, canonically (docs/force_of_will/design.md): each attribute cost from will
of that attribute (CR 203.3), the free cost (CR 203.4) from void will first, then from the
attribute with the most will left (the lowest on a tie)."""

from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.games.force_of_will.constants import N_ATTRIBUTES, N_WILL, WILL_VOID
from tcg_env.games.force_of_will.state import WILL
from tcg_env.rules.costs import pool_can_pay, pool_can_pay_two, pool_pay, pool_pay_generic, pool_pay_two, pool_total


@internal
def can_pay(s, p, row, first_col, free):
    """CR 1003.4: can ``p`` pay the attribute costs ``row[first_col + a]`` and ``free``, all of it,
    from its produced will?"""
    pool = WILL + p * N_WILL
    return pool_can_pay(s, pool, N_ATTRIBUTES, pool + WILL_VOID, row, first_col, free)


@internal
def can_pay_both(s, p, row1, col1, free1, row2, col2, free2_col):
    """Can ``p`` pay a card's cost and an extra cost together ([Awakening], CR 1109.2; a [Trigger]
    card's cost and its [Trigger] cost, CR 708.4)?"""
    pool = WILL + p * N_WILL
    return pool_can_pay_two(s, pool, N_ATTRIBUTES, pool + WILL_VOID, row1, col1, free1, row2, col2, row2[free2_col])


@internal
def pay(s, p, row, first_col, free):
    """CR 1003.1: take the will from the pool, canonically (the module docstring)."""
    pool = WILL + p * N_WILL
    pool_pay(s, pool, N_ATTRIBUTES, pool + WILL_VOID, row, first_col, free)


@internal
def pay_both(s, p, row1, col1, free1, row2, col2, free2):
    """Pay a card's cost and an extra cost together ([Awakening], CR 1109.2; a [Trigger] card's
    cost and its [Trigger] cost, CR 708.4): both attribute parts first, then both free parts, so
    a free part never takes will the other cost's attribute part needs (``can_pay_both``)."""
    pool = WILL + p * N_WILL
    pool_pay_two(s, pool, N_ATTRIBUTES, pool + WILL_VOID, row1, col1, free1, row2, col2, free2)


@internal_inline  # one caller: inlined into it (engine.jit)
def can_pay_free(s, p, n):
    pool = WILL + p * N_WILL
    return pool_total(s, pool, N_ATTRIBUTES, pool + WILL_VOID) >= n


@internal
def pay_free(s, p, n):
    """Free will (CR 203.4): void will first, then the attribute with the most will left."""
    pool = WILL + p * N_WILL
    pool_pay_generic(s, pool, N_ATTRIBUTES, pool + WILL_VOID, n)
