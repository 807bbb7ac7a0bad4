"""Force of Will rules kernels: paying will (CR 1003) from a player's pool of produced will, the
shared layer's typed pool (``tcg_env.rules.costs``) at ``WILL + p * N_WILL``: one word per
attribute, then void will, the wild word (CR 907.5). Whether the pool pays a cost, all of it (CR
1003.4), and paying it, canonically (docs/force_of_will/design.md): each attribute cost from will
of that attribute (CR 203.3), the free cost (CR 203.4) from void will first, then from the
attribute with the most will left (the lowest on a tie). Moon will (``WILL_MOON``, CR 907.6a) pays the
moon symbols {M} of an activate ability's cost (CR 1003.6) and free will (CR 1003.2) last, after every other will:
a canonical choice, as the order of the attributes is (the player makes the moon will for its {M} costs; paying
free will with it only when nothing else can keeps it for them)."""

import numpy as np

from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.games.force_of_will.constants import (
    A_COST_MOON, N_ATTRIBUTES, N_WILL, RW_COUNT, RW_FILTER, RW_MAX, RW_W, RW_WILL, WILL_MOON, WILL_VOID
)
from tcg_env.games.force_of_will.state import RWILL, RWILL_N, WILL
from tcg_env.rules.costs import pool_can_pay, pool_can_pay_two, pool_pay, pool_pay_generic, pool_pay_two, pool_total


@internal
def can_pay(s, p, row, first_col, free):
    """CR 1003.4: can ``p`` pay the attribute costs ``row[first_col + a]`` and ``free``, all of it,
    from its produced will (its moon will paying free will too, CR 1003.2)?"""
    pool = WILL + p * N_WILL
    return pool_can_pay(s, pool, N_ATTRIBUTES, pool + WILL_VOID, row, first_col, free - s[pool + WILL_MOON])


@internal
def can_pay_moon(s, p, row, first_col, free, moon):
    """``can_pay`` of a cost with ``moon`` moon symbols {M} besides (CR 1003.6: one moon will each); the moon will
    they leave pays free will too."""
    pool = WILL + p * N_WILL
    left = s[pool + WILL_MOON] - moon
    if left < 0:
        return False
    return pool_can_pay(s, pool, N_ATTRIBUTES, pool + WILL_VOID, row, first_col, free - left)


@internal
def can_pay_both(s, p, row1, col1, free1, row2, col2, free2_col):
    """Can ``p`` pay a card's cost and an extra cost together ([Awakening], CR 1109.2; a [Trigger]
    card's cost and its [Trigger] cost, CR 708.4)?"""
    pool = WILL + p * N_WILL
    left = s[pool + WILL_MOON] - row2[A_COST_MOON]  # row2: an ability row; its {M} (CR 1003.6: [Awakening] {M})
    if left < 0:
        return False
    free = max(free1, 0) + max(row2[free2_col], 0) - left  # the moon will left pays free will too
    return pool_can_pay_two(s, pool, N_ATTRIBUTES, pool + WILL_VOID, row1, col1, free, row2, col2, 0)


@internal_inline
def _moon_share(s, pool, row, first_col, free):
    """Of ``free`` free will, what the moon will pays (the module docstring): what the rest of the pool, its
    attribute costs ``row[first_col + a]`` taken, cannot."""
    rest = pool_total(s, pool, N_ATTRIBUTES, pool + WILL_VOID)
    for a in range(N_ATTRIBUTES):
        rest -= row[first_col + a]
    return min(max(free - rest, 0), s[pool + WILL_MOON])


@internal
def pay(s, p, row, first_col, free):
    """CR 1003.1: take the will from the pool, canonically (the module docstring)."""
    pool = WILL + p * N_WILL
    m = _moon_share(s, pool, row, first_col, max(free, 0))
    s[pool + WILL_MOON] -= m
    pool_pay(s, pool, N_ATTRIBUTES, pool + WILL_VOID, row, first_col, max(free, 0) - m)


@internal
def pay_moon(s, p, row, first_col, free, moon):
    """Pay what ``can_pay_moon`` checked: the {M} from the moon will (CR 1003.6), then as ``pay``."""
    s[WILL + p * N_WILL + WILL_MOON] -= moon
    pay(s, p, row, first_col, free)


@internal
def pay_both(s, p, row1, col1, free1, row2, col2, free2):
    """Pay a card's cost and an extra cost together ([Awakening], CR 1109.2; a [Trigger] card's
    cost and its [Trigger] cost, CR 708.4): both attribute parts first, then both free parts, so
    a free part never takes will the other cost's attribute part needs (``can_pay_both``)."""
    pool = WILL + p * N_WILL
    s[pool + WILL_MOON] -= row2[A_COST_MOON]  # its {M} (CR 1003.6), as can_pay_both
    free = max(free1, 0) + max(free2, 0)
    rest = pool_total(s, pool, N_ATTRIBUTES, pool + WILL_VOID)
    for a in range(N_ATTRIBUTES):
        rest -= row1[col1 + a] + row2[col2 + a]
    m = min(max(free - rest, 0), s[pool + WILL_MOON])
    s[pool + WILL_MOON] -= m
    pool_pay_two(s, pool, N_ATTRIBUTES, pool + WILL_VOID, row1, col1, free - m, row2, col2, 0)


@internal_inline  # one caller: inlined into it (engine.jit)
def can_pay_free(s, p, n):
    pool = WILL + p * N_WILL
    return pool_total(s, pool, N_ATTRIBUTES, pool + WILL_VOID) + s[pool + WILL_MOON] >= n


@internal
def pay_free(s, p, n):
    """Free will (CR 203.4): void will first, then the attribute with the most will left, the moon will last."""
    pool = WILL + p * N_WILL
    m = min(max(n - pool_total(s, pool, N_ATTRIBUTES, pool + WILL_VOID), 0), s[pool + WILL_MOON])
    s[pool + WILL_MOON] -= m
    pool_pay_generic(s, pool, N_ATTRIBUTES, pool + WILL_VOID, n - m)


# ---- will restricted in use ("Spend this will only to play <cards>", state.RWILL) ----------------
# It is will of its attribute that pays only for playing a card of its filter. Where a card is played
# (play.payable, play.pay_card_cost, the X and [Trigger] payments) the will of the entries whose filter
# matches the card is added to the pool for the check or payment (restricted_credit) and what the
# canonical payment leaves is split back (restricted_settle): of each attribute, the restricted will is
# spent first (it can pay for less than the same will without the restriction, so spending it first
# leaves the player every choice the other order leaves). Nothing of this runs while the player has no
# restricted will (RWILL_N 0): the built-in pools never make any.
@internal
def restricted_credit(game, s, T, p, cid, sign):
    """Add (``sign`` 1) or take back (-1) the restricted will of ``p`` that pays for playing card
    ``cid`` to / from its pool; returns how much."""
    n = 0
    base = RWILL + p * RW_MAX * RW_W
    for e in range(s[RWILL_N + p]):
        w = base + e * RW_W
        if game.spend_match(T, s[w + RW_FILTER], cid):
            s[WILL + p * N_WILL + s[w + RW_WILL]] += sign * s[w + RW_COUNT]
            n += s[w + RW_COUNT]
    return n


@internal
def restricted_settle(game, s, T, p, cid, before):
    """After paying from a pool credited with ``restricted_credit``: ``before`` was the pool before the
    credit (``restricted_snapshot``). Of each will ``a`` spent, the restricted will went first: the pool keeps
    at most ``before[a]``, the matching entries the rest, the first entries spent first; spent entries
    are dropped."""
    pool = WILL + p * N_WILL
    base = RWILL + p * RW_MAX * RW_W
    for a in range(N_WILL):
        left = s[pool + a]
        keep = min((before >> (_SNAP_BITS * a)) & ((1 << _SNAP_BITS) - 1), left)
        s[pool + a] = keep
        r_left = left - keep  # the restricted will of attribute a still there
        r_all = 0
        for e in range(s[RWILL_N + p]):
            w = base + e * RW_W
            if s[w + RW_WILL] == a and game.spend_match(T, s[w + RW_FILTER], cid):
                r_all += s[w + RW_COUNT]
        spent = r_all - r_left
        for e in range(s[RWILL_N + p]):
            w = base + e * RW_W
            if spent > 0 and s[w + RW_WILL] == a and game.spend_match(T, s[w + RW_FILTER], cid):
                v = min(spent, s[w + RW_COUNT])
                s[w + RW_COUNT] -= v
                spent -= v
    n = 0
    for e in range(s[RWILL_N + p]):  # drop the spent entries, the order kept
        w = base + e * RW_W
        if s[w + RW_COUNT] > 0:
            d = base + n * RW_W
            for k in range(RW_W):
                s[d + k] = s[w + k]
            n += 1
    for e in range(n, s[RWILL_N + p]):
        for k in range(RW_W):
            s[base + e * RW_W + k] = 0
    s[RWILL_N + p] = n


_SNAP_BITS = 9  # a pool's will of one kind in a snapshot (fewer than 512; N_WILL kinds in 63 bits)


@internal
def restricted_snapshot(s, p):
    """``p``'s pool packed, _SNAP_BITS bits a will kind (``restricted_settle``'s ``before``)."""
    before = np.int64(0)
    for a in range(N_WILL):
        before |= np.int64(min(s[WILL + p * N_WILL + a], (1 << _SNAP_BITS) - 1)) << (_SNAP_BITS * a)
    return before


@internal
def attr_any_convert(s, p, row1, col1, row2, col2, two, mask):
    """Session 33 (s33a): "You may pay the attribute cost of <cards> with will of any attribute / with <attribute> will."
    (Op.ATTR_COST_ANY; ``mask``: the attributes whose will may pay, one bit each) as the cost ``row1[col1 + a]`` (a card's
    printed attribute cost, CR 203.3) is checked or paid, with ``row2[col2 + a]`` (its [Awakening] or [Trigger] cost,
    which no such ability names) when ``two``: of each attribute that cost lacks in the pool, at most its part of the
    card's own cost, will of a ``mask`` attribute the costs leave is turned into that attribute (the attribute with
    the most left first, the lowest on a tie: a canonical choice, as the free cost's, the module docstring), so that
    ``can_pay`` / ``pay`` pay it (CR 1003.4). Void and moon will are no attribute's (CR 907.5, 907.6a): not turned."""
    pool = WILL + p * N_WILL
    for a in range(N_ATTRIBUTES):
        need_a = row1[col1 + a] + (row2[col2 + a] if two else 0)
        short = min(need_a - s[pool + a], row1[col1 + a])
        while short > 0:
            best = -1
            most = 0
            for b in range(N_ATTRIBUTES):
                if b == a or ((mask >> b) & 1) == 0:
                    continue
                left = s[pool + b] - row1[col1 + b] - (row2[col2 + b] if two else 0)
                if left > most:
                    best = b
                    most = left
            if best < 0:
                break
            m = min(short, most)
            s[pool + best] -= m
            s[pool + a] += m
            short -= m


@internal_inline
def attr_restore(s, p, snap):
    """The attribute will of ``p``'s pool as ``restricted_snapshot`` packed it (``attr_any_convert`` undone)."""
    for a in range(N_ATTRIBUTES):
        s[WILL + p * N_WILL + a] = (snap >> (_SNAP_BITS * a)) & ((1 << _SNAP_BITS) - 1)


@internal
def card_can_pay(game, s, T, p, cid, row, first_col, free):
    """``can_pay`` of a cost paid to play card ``cid``: its player's restricted will that pays for it counts, and the
    will that may pay its attribute cost (``attr_any_convert``, session 33)."""
    mask = game.attr_any_mask(s, T, p, cid)
    if s[RWILL_N + p] == 0 and mask == 0:
        return can_pay(s, p, row, first_col, free)
    if s[RWILL_N + p] != 0:
        game.restricted_credit(s, T, p, cid, 1)
    snap = restricted_snapshot(s, p)
    if mask != 0:
        attr_any_convert(s, p, row, first_col, row, first_col, False, mask)
    ok = can_pay(s, p, row, first_col, free)
    if mask != 0:
        attr_restore(s, p, snap)
    if s[RWILL_N + p] != 0:
        game.restricted_credit(s, T, p, cid, -1)
    return ok


@internal
def card_can_pay_both(game, s, T, p, cid, row1, col1, free1, row2, col2, free2_col):
    """``can_pay_both`` of costs paid to play card ``cid`` (``card_can_pay``)."""
    mask = game.attr_any_mask(s, T, p, cid)
    if s[RWILL_N + p] == 0 and mask == 0:
        return can_pay_both(s, p, row1, col1, free1, row2, col2, free2_col)
    if s[RWILL_N + p] != 0:
        game.restricted_credit(s, T, p, cid, 1)
    snap = restricted_snapshot(s, p)
    if mask != 0:
        attr_any_convert(s, p, row1, col1, row2, col2, True, mask)
    ok = can_pay_both(s, p, row1, col1, free1, row2, col2, free2_col)
    if mask != 0:
        attr_restore(s, p, snap)
    if s[RWILL_N + p] != 0:
        game.restricted_credit(s, T, p, cid, -1)
    return ok


@internal
def card_pay(game, s, T, p, cid, row, first_col, free):
    """``pay`` of a cost paid to play card ``cid``: its restricted will that pays for it spent first (the will that may
    pay its attribute cost turned first, ``attr_any_convert``)."""
    mask = game.attr_any_mask(s, T, p, cid)
    if s[RWILL_N + p] == 0:
        if mask != 0:
            attr_any_convert(s, p, row, first_col, row, first_col, False, mask)
        pay(s, p, row, first_col, free)
        return
    before = restricted_snapshot(s, p)
    game.restricted_credit(s, T, p, cid, 1)
    if mask != 0:
        attr_any_convert(s, p, row, first_col, row, first_col, False, mask)
    pay(s, p, row, first_col, free)
    game.restricted_settle(s, T, p, cid, before)


@internal
def card_pay_both(game, s, T, p, cid, row1, col1, free1, row2, col2, free2):
    """``pay_both`` of costs paid to play card ``cid`` (``card_pay``)."""
    mask = game.attr_any_mask(s, T, p, cid)
    if s[RWILL_N + p] == 0:
        if mask != 0:
            attr_any_convert(s, p, row1, col1, row2, col2, True, mask)
        pay_both(s, p, row1, col1, free1, row2, col2, free2)
        return
    before = restricted_snapshot(s, p)
    game.restricted_credit(s, T, p, cid, 1)
    if mask != 0:
        attr_any_convert(s, p, row1, col1, row2, col2, True, mask)
    pay_both(s, p, row1, col1, free1, row2, col2, free2)
    game.restricted_settle(s, T, p, cid, before)


@internal
def add_restricted_will(s, p, frow, will, n):
    """``n`` will ``will`` for ``p`` that pays only for playing a card of filter row ``frow`` (state.RWILL):
    added to an entry of the same kind, else a new one (play.ability_usable keeps one free)."""
    base = RWILL + p * RW_MAX * RW_W
    for e in range(s[RWILL_N + p]):
        w = base + e * RW_W
        if s[w + RW_FILTER] == frow and s[w + RW_WILL] == will:
            s[w + RW_COUNT] += n
            return
    w = base + s[RWILL_N + p] * RW_W
    s[w + RW_FILTER] = frow
    s[w + RW_WILL] = will
    s[w + RW_COUNT] = n
    s[RWILL_N + p] += 1
