"""Paying a cost of typed and generic units: a pool in the row, or counts of typed sources.

Card games price a card in units of a kind (FF-TCG's CP of an element, CR 5.2.1.3; Force of
Will's will of an attribute, CR 1003 / 203.4; the Dragon Ball Super Card Game's energy of a
colour) plus units of any kind, and check a requirement of a kind without paying it (Weiss
Schwarz CR 8.6.2.1.1: a card of the card's colour in its player's level or clock). Two shapes
cover the three games:

**A pool in the row** (Force of Will's produced will, CR 1003.1): ``n_types`` words per player,
one per type, and optionally a *wild* word (will without an attribute, CR 907.5) that pays only
the generic part. A cost is ``n_types`` consecutive columns of a table row (the typed part) and a
generic amount. :func:`pool_can_pay` says whether the pool pays all of it (CR 1003.4: not part of
it), :func:`pool_pay` pays it: the typed part from each type, then the generic part canonically
(:func:`pool_pay_generic`: the wild word first, then one unit at a time from the type with the
most left, the lowest type on a tie), so that paying needs no decision and keeps as many types
open as it can. Two costs paid together (an extra cost beside a card's) are checked and paid as
one (:func:`pool_can_pay_two`, :func:`pool_pay_two`): both typed parts first, so a generic part
never takes a unit the other's typed part needs.

**Counts of typed sources** (FF-TCG's cards to discard and Backups to dull, CR 5.2.1.3; Weiss
Schwarz's colours in level and clock): a per-type count packed in one int64, ``PACK_BITS`` bits
per type (:func:`packed_add`, :func:`packed_count`), kept in registers where a legal mask reads
it for every card (FF-TCG's mask: 253 -> 193 ns per PRIORITY mask against counting in a row run,
docs/performance-log.md, 2026-11-25), and the type mask of a zone's cards
(:func:`zone_type_mask`: bit ``1 << type`` of every type among them).

Every function is exact and deterministic: the pool's canonical payment is what Force of Will's
rules kernels did (``tests/rules/test_costs.py`` checks it against that code's order).
"""

from __future__ import annotations

import numpy as np

from tcg_env.engine.jit import internal_inline
from tcg_env.engine.tables import card_table
from tcg_env.engine.zones import ZT_CARD, ZT_CARD_W, zone_offsets

PACK_BITS = 8  # bits of one type's count in a packed count (counts up to 255)
PACK_MASK = (1 << PACK_BITS) - 1
NO_WILD = -1  # a pool without a wild word


@internal_inline
def pool_can_pay(s, pool, n_types, wild, row, first_col, generic):
    """Can the pool at row offset ``pool`` (``n_types`` typed words, then the wild word at offset
    ``wild`` or ``NO_WILD``) pay ``row[first_col + t]`` units of each type ``t`` and ``generic``
    units of any (a negative ``generic`` counts 0), all of it?"""
    left = 0
    for t in range(n_types):
        have = s[pool + t]
        need = row[first_col + t]
        if have < need:
            return False
        left += have - need
    if wild >= 0:
        left += s[wild]
    return left >= max(generic, 0)


@internal_inline
def pool_can_pay_two(s, pool, n_types, wild, row1, col1, generic1, row2, col2, generic2):
    """``pool_can_pay`` of two costs paid together (typed parts summed, generic parts summed)."""
    left = 0
    for t in range(n_types):
        have = s[pool + t]
        need = row1[col1 + t] + row2[col2 + t]
        if have < need:
            return False
        left += have - need
    if wild >= 0:
        left += s[wild]
    return left >= max(generic1, 0) + max(generic2, 0)


@internal_inline
def pool_total(s, pool, n_types, wild):
    """Every unit in the pool (typed and wild)."""
    total = 0
    for t in range(n_types):
        total += s[pool + t]
    if wild >= 0:
        total += s[wild]
    return total


@internal_inline
def pool_pay_generic(s, pool, n_types, wild, n):
    """Pay ``n`` units of any type (the caller checked they are there): the wild word first, then
    one unit at a time from the type with the most left, the lowest type on a tie."""
    left = n
    if wild >= 0:
        v = min(left, s[wild])
        s[wild] -= v
        left -= v
    while left > 0:
        best = 0
        for t in range(1, n_types):
            if s[pool + t] > s[pool + best]:
                best = t
        s[pool + best] -= 1
        left -= 1


@internal_inline
def pool_pay(s, pool, n_types, wild, row, first_col, generic):
    """Pay what ``pool_can_pay`` checked: each type's units, then the generic part canonically."""
    for t in range(n_types):
        s[pool + t] -= row[first_col + t]
    pool_pay_generic(s, pool, n_types, wild, max(generic, 0))


@internal_inline
def pool_pay_two(s, pool, n_types, wild, row1, col1, generic1, row2, col2, generic2):
    """Pay two costs together: both typed parts, then both generic parts (``pool_can_pay_two``)."""
    for t in range(n_types):
        s[pool + t] -= row1[col1 + t] + row2[col2 + t]
    pool_pay_generic(s, pool, n_types, wild, max(generic1, 0) + max(generic2, 0))


@internal_inline
def packed_add(packed, t):
    """``packed`` with one more source of type ``t``."""
    return packed + (np.int64(1) << (PACK_BITS * t))


@internal_inline
def packed_count(packed, t):
    """The count of type ``t`` in ``packed``."""
    return (packed >> (PACK_BITS * t)) & PACK_MASK


@internal_inline
def zone_type_mask(s, T, zt, zone, p, column):
    """Bit ``1 << type`` of every type (card-table column ``column``) among the cards of player
    ``p``'s list zone ``zone``: a requirement "a card of this type there" is one test of a bit
    (Weiss Schwarz CR 8.6.2.1.1: the colours of the level and the clock)."""
    n_off, l_off = zone_offsets(zt, zone, p)
    card_w = zt[ZT_CARD_W]
    card = zt[ZT_CARD]
    m = 0
    for i in range(s[n_off]):
        m |= 1 << card_table(T)[s[card + s[l_off + i] * card_w], column]
    return m
