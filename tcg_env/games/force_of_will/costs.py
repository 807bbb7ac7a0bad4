"""Force of Will rules kernels: paying will (CR 1003): whether a player's produced will pays a
cost, all of it (CR 1003.4), and paying it, canonically (docs/force_of_will/design.md): each
attribute cost from will of that attribute (CR 203.3), the free cost (CR 203.4) from void will
first, then from the attribute with the most will left."""

from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import N_ATTRIBUTES, WILL_VOID
from tcg_env.games.force_of_will.state import WILL


@internal
def can_pay(s, p, row, first_col, free):
    """CR 1003.4: can ``p`` pay the attribute costs ``row[first_col + a]`` and ``free``, all of it,
    from its produced will?"""
    left = 0
    for a in range(N_ATTRIBUTES):
        have = s[WILL + p * K.N_WILL + a]
        need = row[first_col + a]
        if have < need:
            return False
        left += have - need
    left += s[WILL + p * K.N_WILL + WILL_VOID]
    return left >= max(free, 0)


@internal
def can_pay_both(s, p, row1, col1, free1, row2, col2, free2_col):
    """Can ``p`` pay a card's cost and an extra cost together ([Awakening], CR 1109.2; a [Trigger]
    card's cost and its [Trigger] cost, CR 708.4)?"""
    left = 0
    for a in range(N_ATTRIBUTES):
        have = s[WILL + p * K.N_WILL + a]
        need = row1[col1 + a] + row2[col2 + a]
        if have < need:
            return False
        left += have - need
    return left + s[WILL + p * K.N_WILL + WILL_VOID] >= max(free1, 0) + max(row2[free2_col], 0)


@internal
def pay(game, s, p, row, first_col, free):
    """CR 1003.1: take the will from the pool, canonically (the module docstring)."""
    base = WILL + p * K.N_WILL
    for a in range(N_ATTRIBUTES):
        s[base + a] -= row[first_col + a]
    game.pay_free(s, p, max(free, 0))


@internal
def pay_both(game, s, p, row1, col1, free1, row2, col2, free2):
    """Pay a card's cost and an extra cost together ([Awakening], CR 1109.2; a [Trigger] card's
    cost and its [Trigger] cost, CR 708.4): both attribute parts first, then both free parts, so
    a free part never takes will the other cost's attribute part needs (``can_pay_both``)."""
    base = WILL + p * K.N_WILL
    for a in range(N_ATTRIBUTES):
        s[base + a] -= row1[col1 + a] + row2[col2 + a]
    game.pay_free(s, p, max(free1, 0) + max(free2, 0))


@internal_inline  # one caller: inlined into it (engine.jit)
def can_pay_free(s, p, n):
    total = 0
    for a in range(K.N_WILL):
        total += s[WILL + p * K.N_WILL + a]
    return total >= n


@internal
def pay_free(s, p, n):
    """Free will (CR 203.4): void will first, then the attribute with the most will left."""
    base = WILL + p * K.N_WILL
    left = n
    v = min(left, s[base + WILL_VOID])
    s[base + WILL_VOID] -= v
    left -= v
    while left > 0:
        best = 0
        for a in range(1, N_ATTRIBUTES):
            if s[base + a] > s[base + best]:
                best = a
        s[base + best] -= 1
        left -= 1
