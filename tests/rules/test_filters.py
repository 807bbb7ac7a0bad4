"""The standard filter vocabulary (tcg_env.rules.filters): each word's predicate. FF-TCG's
filter_match is written with them (its golden play and rules tests hold it)."""

from __future__ import annotations

import numpy as np
from numba import njit

from tcg_env.rules import filters as F
from tcg_env.rules.filters import NO_VALUE

ZONES = (5, 7, 9)  # a game's zone for each of its filter-zone codes


@njit
def _words(mask, value, bits, want, v0, v1, v2, lo, hi, x, side, holder, viewer, state, turned, exclude, slot, source,
           code, zone):
    return np.array([
        F.passes_bits_of_value(mask, value), F.passes_bits(mask, bits), F.passes_equals(want, v0),
        F.passes_equals_any2(want, v0, v1), F.passes_equals_any3(want, v0, v1, v2), F.passes_at_least(lo, x),
        F.passes_at_most(hi, x), F.passes_range(lo, hi, x), F.passes_side(side, 1, 2, holder, viewer),
        F.passes_state(state, 1, 2, turned), F.passes_not_source(exclude, slot, source),
        F.passes_zone(code, zone, ZONES)])


def _python(mask, value, bits, want, v0, v1, v2, lo, hi, x, side, holder, viewer, state, turned, exclude, slot, source,
            code, zone):
    """The words as the rules say them, one by one."""
    has = x != NO_VALUE
    return [
        mask == 0 or value in [b for b in range(8) if mask >> b & 1],
        mask == 0 or any(mask >> b & 1 and bits >> b & 1 for b in range(8)),
        want == 0 or v0 == want,
        want == 0 or want in (v0, v1),
        want == 0 or want in (v0, v1, v2),
        lo < 0 or (has and x >= lo),
        hi < 0 or (has and x <= hi),
        (lo < 0 or (has and x >= lo)) and (hi < 0 or (has and x <= hi)),
        {1: holder == viewer, 2: holder != viewer}.get(side, True),
        {1: not turned, 2: bool(turned)}.get(state, True),
        not exclude or slot != source,
        not 0 <= code < len(ZONES) or zone == ZONES[code],
    ]


def test_each_word_passes_at_its_any_value_and_tests_what_its_rule_says():
    """Every predicate against its plain statement, over small values of every argument (the
    "any" values 0 / -1 included, a card without the number, each side and state value)."""
    rng = np.random.default_rng(6)
    for _ in range(4000):
        args = [int(rng.integers(0, 4)), int(rng.integers(0, 3)), int(rng.integers(0, 8)), int(rng.integers(0, 3)),
                int(rng.integers(0, 3)), int(rng.integers(0, 3)), int(rng.integers(0, 3)), int(rng.integers(-1, 4)),
                int(rng.integers(-1, 4)), NO_VALUE if rng.random() < 0.2 else int(rng.integers(0, 4)),
                int(rng.integers(0, 3)), int(rng.integers(0, 2)), int(rng.integers(0, 2)), int(rng.integers(0, 3)),
                bool(rng.integers(0, 2)), int(rng.integers(0, 2)), int(rng.integers(0, 3)), int(rng.integers(-1, 3)),
                int(rng.integers(-1, 5)), int(rng.choice([5, 7, 9, 6]))]
        assert list(_words(*args)) == _python(*args), args


def test_cr_fftcg_6_2_whose_card_is_its_controllers_where_control_exists_and_its_owners_elsewhere():
    """FF-TCG CR 6.2 / Force of Will CR 105.3a: ``holder_of`` reads the controller where the game
    says control exists (the field), else the owner."""

    @njit
    def holder(s, controlled):
        return F.holder_of(s, 0, 1, controlled)

    s = np.array([0, 1], np.int32)  # owner 0, controller 1
    assert holder(s, True) == 1 and holder(s, False) == 0
