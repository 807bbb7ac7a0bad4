"""The common decisions (tcg_env.rules.choices) on the toy game of toy_rules.py: the masks set
exactly the decision's actions within their block, say how many, and decode back to the option,
the hand card and the pending ability chosen."""

from __future__ import annotations

import numpy as np
import toy_rules as toy
from numba import njit

from tcg_env.engine.blocks import ActionLayout
from tcg_env.engine.triggers import PE_SLOT, pending_add, pending_entry
from tcg_env.rules import choices as CH

HAND_SLOTS = 3  # fewer hand actions than a hand may hold cards (toy.CAP)
ACTIONS = ActionLayout("toy_choices")
PASS = ACTIONS.add("pass_", doc="decline / no").base
HAND = ACTIONS.add("hand", HAND_SLOTS, "hand card i")
OPTION = ACTIONS.add("option", 4, "option k (yes, a value, a pending ability)")
TAIL = ACTIONS.add("tail", doc="an action after the option block")
NUM_ACTIONS = ACTIONS.size
# the kernels take a block's offsets as module ints (numba folds them; a Block is a Python object)
HAND_BASE, HAND_SIZE, OPTION_BASE, OPTION_SIZE = HAND.base, HAND.size, OPTION.base, OPTION.size


@njit
def _yes_no(mask):
    return CH.mask_yes_no(mask, OPTION_BASE, PASS)


@njit
def _options(mask, n):
    return CH.mask_options(mask, OPTION_BASE, OPTION_SIZE, n)


@njit
def _hand(mask, s, player):
    return CH.mask_hand(mask, HAND_BASE, HAND_SIZE, s, toy.ZT, toy.HAND, player)


@njit
def _pending(mask, s, player):
    return CH.mask_pending(toy.RULES, mask, OPTION_BASE, OPTION_SIZE, s, player)


@njit
def _decode(a, s, player):
    """(in the hand block, in the option block, the option, the hand card's slot or -1)."""
    in_hand = CH.in_block(a, HAND_BASE, HAND_SIZE)
    in_option = CH.in_block(a, OPTION_BASE, OPTION_SIZE)
    slot = CH.zone_card(s, toy.ZT, toy.HAND, player, CH.option_of(a, HAND_BASE)) if in_hand else -1
    return in_hand, in_option, CH.option_of(a, OPTION_BASE), slot


@njit
def _add_pending(s, player, slot):
    return pending_add(toy.RULES, s, player, slot, 0, -1)


@njit
def _pending_slot(s, player, k):
    return s[pending_entry(toy.RULES, s, player, k) + PE_SLOT]


def _mask():
    return np.zeros(NUM_ACTIONS, np.int8)


def test_cr_fftcg_11_8_14_you_may_is_a_yes_and_a_no_and_nothing_else():
    """FF-TCG CR 11.8.14 ("you may"): the two actions, option 0 and the pass, exactly."""
    mask = _mask()
    assert _yes_no(mask) == 2
    assert np.flatnonzero(mask).tolist() == [PASS, OPTION.base]


def test_cr_fow_903_2f_one_of_n_options_stays_within_its_block():
    """Force of Will CR 903.2f (the value of X, 0 .. n-1): options 0 .. n-1 of the block; a count
    past the block's size offers the block and never the action after it; none for 0 or less."""
    for n, legal in ((0, []), (-2, []), (1, [0]), (3, [0, 1, 2]), (4, [0, 1, 2, 3]), (9, [0, 1, 2, 3])):
        mask = _mask()
        assert _options(mask, n) == len(legal)
        assert np.flatnonzero(mask).tolist() == [OPTION.base + k for k in legal], n
        assert mask[TAIL.base] == 0


def test_cr_fftcg_5_2_1_3_a_card_of_the_deciders_hand_by_its_place_in_the_list():
    """FF-TCG CR 5.2.1.3 (discard a card to pay): each card of the decider's hand is one action,
    in list order, and decodes to that card's slot; the opponent's hand is not offered; a hand
    larger than the block offers the block's first cards."""
    s = toy.new_state()
    for slot, player in ((5, 0), (2, 0), (6, 1)):
        toy.place(s, slot, 10 + slot, player, toy.Zone.HAND)
    mask = _mask()
    assert _hand(mask, s, 0) == 2
    assert np.flatnonzero(mask).tolist() == [HAND.at(0), HAND.at(1)]
    assert [_decode(HAND.at(i), s, 0)[3] for i in range(2)] == [5, 2]  # the list's order
    mask = _mask()
    assert _hand(mask, s, 1) == 1 and np.flatnonzero(mask).tolist() == [HAND.at(0)]
    assert _decode(HAND.at(0), s, 1)[3] == 6
    for slot in (0, 1, 3, 4):
        toy.place(s, slot, 10 + slot, 0, toy.Zone.HAND)  # six cards, three hand actions
    mask = _mask()
    assert _hand(mask, s, 0) == HAND_SLOTS and np.flatnonzero(mask).tolist() == [HAND.at(i) for i in range(3)]


def test_cr_ws_8_5_1_2_the_order_of_pending_abilities_offers_each_of_the_deciders():
    """Weiss Schwarz CR 8.5.1.2 / FF-TCG CR 11.8.7: the decider chooses which of its own pending
    automatic abilities is played next; option k is its k-th pending entry."""
    s = toy.new_state()
    for slot in (4, 1, 7):
        assert _add_pending(s, 0, slot)
    assert _add_pending(s, 1, 3)
    mask = _mask()
    assert _pending(mask, s, 0) == 3
    assert np.flatnonzero(mask).tolist() == [OPTION.at(k) for k in range(3)]
    assert [_pending_slot(s, 0, _decode(OPTION.at(k), s, 0)[2]) for k in range(3)] == [4, 1, 7]
    mask = _mask()
    assert _pending(mask, s, 1) == 1 and np.flatnonzero(mask).tolist() == [OPTION.at(0)]


def test_an_action_decodes_to_its_block_and_option():
    s = toy.new_state()
    toy.place(s, 3, 13, 0, toy.Zone.HAND)
    assert _decode(OPTION.at(2), s, 0)[:3] == (False, True, 2)
    assert _decode(HAND.at(0), s, 0) == (True, False, HAND.base - OPTION.base, 3)
    for a in (PASS, TAIL.base):
        assert _decode(a, s, 0)[:2] == (False, False)
