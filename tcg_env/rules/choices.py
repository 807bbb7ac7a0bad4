"""The common decisions: yes / no, one of N options, a card of a hand, the order of pending abilities.

Every game asks these, each under its own decision kind and in its own action block: "you may"
(FF-TCG CR 11.8.14, Force of Will's optional effects, Weiss Schwarz CR 8.7.3.1.1: OPTION 0 yes,
PASS no), one of N candidates or values (Force of Will CR 903.2f: the value of X; the targets of
a CHOOSE), a card of the hand (a discard, FF-TCG CR 5.2.1.3; a mulligan's cards), which pending
automatic ability is played next (FF-TCG CR 11.8.7, Weiss Schwarz CR 8.5.1.2, Force of Will CR
603.2). What they share is the mask and the decode, so a decision kind's part of
``legal_mask_row`` and of ``apply_unchecked`` is two calls:

    # legal_mask_row, after mask[:] = 0 (these functions only set the legal actions to 1)
    if kind == Decision.DISCARD:
        return mask_hand(mask, HAND.base, HAND.size, s, ZT, Zone.HAND, p)
    # apply_unchecked
    if kind == Decision.DISCARD:
        discard(game, s, zone_card(s, ZT, Zone.HAND, p, option_of(a, HAND.base)))

``base`` and ``size`` are a block of the game's :class:`~tcg_env.engine.blocks.ActionLayout`
(``HAND = ACTIONS.add("hand", HAND_SLOTS, ...)``, module ints that numba folds): a block offers
no more than its ``size`` options, so a count past it (a hand of 12 cards and 10 hand actions)
never spills into the next block. Each mask function returns the number of actions it made legal,
which ``legal_mask_row`` adds up.

What stays the game's: which decision comes when, who makes it, and what the answer does. The
functions are ``internal_inline`` (inlined into the game's kernel: a constant ``base`` and
``size`` fold into the stores, as the games' hand-written loops).
"""

from __future__ import annotations

from tcg_env.engine.jit import internal_inline
from tcg_env.engine.triggers import pending_count
from tcg_env.engine.zones import zone_count, zone_offsets


@internal_inline
def mask_yes_no(mask, yes, no):
    """A yes / no decision: the two actions ``yes`` and ``no`` (the games' OPTION 0 and PASS)."""
    mask[yes] = 1
    mask[no] = 1
    return 2


@internal_inline
def mask_options(mask, base, size, n):
    """Options ``0 .. n-1`` of the block at ``base`` (at most ``size`` of them; none for ``n <= 0``)."""
    m = min(n, size)
    for k in range(m):
        mask[base + k] = 1
    return max(m, 0)


@internal_inline
def mask_hand(mask, base, size, s, zt, zone, player):
    """A card of ``player``'s list zone ``zone`` (its hand, by the game's zone table ``zt``): the
    block's index ``i`` is the ``i``-th card of the list (bottom first, the order the observation
    shows it in); decode with :func:`zone_card`."""
    return mask_options(mask, base, size, zone_count(s, zt, zone, player))


@internal_inline
def mask_pending(game, mask, base, size, s, player):
    """Which of ``player``'s pending automatic abilities (``engine.triggers``' list, through the
    game's tag) is played next: option ``k`` is its ``k``-th pending entry
    (``pending_entry(game, s, player, option_of(a, base))``)."""
    return mask_options(mask, base, size, pending_count(game, s, player))


@internal_inline
def option_of(a, base):
    """The option (the index within its block) action ``a`` chose."""
    return a - base


@internal_inline
def in_block(a, base, size):
    """Whether action ``a`` is one of the block's (``apply_unchecked``'s dispatch by block)."""
    return base <= a < base + size


@internal_inline
def zone_card(s, zt, zone, player, i):
    """The card slot of the ``i``-th card of ``player``'s list zone ``zone`` (:func:`mask_hand`'s
    option ``i``; a field card chosen by its place, the same way)."""
    _, l_off = zone_offsets(zt, zone, player)
    return s[l_off + i]
