"""tcg_env.engine.memory: borrowed views and prefetch hints change no result."""

import sys

import numpy as np
import pytest
from numba import njit

from tcg_env.engine.memory import borrow, prefetch


@njit(cache=False)
def _sum_and_mark(a, T):
    a = borrow(a)
    T = borrow(T)
    a[0] = 7  # writes go to the caller's array
    total = 0
    for k in range(a.shape[0]):
        total += a[k]
    for k in range(T[1].shape[0]):
        total += T[1][k, 0]
    view = a[1:3]  # a view of a borrowed array works like any view
    view[0] = 9
    return total


@njit(cache=False)
def _touch_with_prefetch(a, lo, hi):
    prefetch(a, lo, hi, False)
    prefetch(a, lo, hi, True)
    prefetch(a, hi, lo, False)  # empty range: nothing
    return a[lo]


def test_borrowed_views_read_and_write_the_callers_arrays():
    a = np.arange(10, dtype=np.int32)
    T = (np.zeros((2, 2), np.int32), np.full((3, 2), 5, np.int64))
    assert _sum_and_mark(a, T) == 7 + sum(range(1, 10)) + 15
    assert a[0] == 7 and a[1] == 9


def test_borrowing_leaves_reference_counts_unchanged():
    a = np.arange(10, dtype=np.int32)
    T = (np.zeros((2, 2), np.int32), np.full((3, 2), 5, np.int64))
    _sum_and_mark(a, T)
    before = (sys.getrefcount(a), sys.getrefcount(T[0]), sys.getrefcount(T[1]))
    for _ in range(100):
        _sum_and_mark(a, T)
    assert (sys.getrefcount(a), sys.getrefcount(T[0]), sys.getrefcount(T[1])) == before


def test_prefetch_is_only_a_hint():
    a = np.arange(1000, dtype=np.int32)
    copy = a.copy()
    assert _touch_with_prefetch(a, 3, 900) == 3
    assert np.array_equal(a, copy)


def test_borrow_rejects_what_is_not_an_array():
    @njit(cache=False)
    def bad(x):
        return borrow(x)

    with pytest.raises(Exception, match="borrow"):
        bad(3)
