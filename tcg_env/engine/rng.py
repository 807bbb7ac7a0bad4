"""Game-owned random numbers: xorshift128 (Marsaglia 2003) over 4 int32 words of the state row.

The generator lives in the state so that clone, save/restore and determinization need nothing
besides the row. Arithmetic is done in int64 with explicit 32-bit masks so the kernels behave the
same compiled and under ``NUMBA_DISABLE_JIT=1``.
"""

import numpy as np
from numba import njit

from tcg_env.engine.header import H_RNG

_MASK32 = 0xFFFFFFFF


@njit(cache=True, inline="always")
def _to_i32(x):
    x = x & _MASK32
    if x >= 0x80000000:
        x -= 0x100000000
    return x


@njit(cache=True, inline="always")
def _mul32(a, c):
    """(a * c) mod 2**32 without overflowing int64 (split a into 16-bit halves)."""
    return ((a & 0xFFFF) * c + ((((a >> 16) * c) & 0xFFFF) << 16)) & _MASK32


@njit(cache=True, inline="always")
def _fmix32(h):
    """MurmurHash3's 32-bit finaliser: a bijective mixer."""
    h = h & _MASK32
    h ^= h >> 16
    h = _mul32(h, 0x85EBCA6B)
    h ^= h >> 13
    h = _mul32(h, 0xC2B2AE35)
    h ^= h >> 16
    return h


@njit(cache=True)
def rng_seed_one(s, seed):
    """Expand a non-negative 63-bit seed into the 4 state words (never all zero)."""
    seed = np.int64(seed)
    lo = seed & _MASK32
    hi = (seed >> 32) & _MASK32
    for i in range(4):
        w = _fmix32(lo ^ _mul32(i + 1, 0x9E3779B9) ^ _fmix32((hi + i * 0x6A09E667) & _MASK32))
        if w == 0:
            w = 0x9E3779B9
        s[H_RNG + i] = _to_i32(w)


@njit(cache=True)
def rng_next_u32(s):
    """Next 32-bit value in [0, 2**32)."""
    x = np.int64(s[H_RNG]) & _MASK32
    y = np.int64(s[H_RNG + 1]) & _MASK32
    z = np.int64(s[H_RNG + 2]) & _MASK32
    w = np.int64(s[H_RNG + 3]) & _MASK32
    t = x ^ ((x << 11) & _MASK32)
    t = t ^ (t >> 8)
    nw = w ^ (w >> 19) ^ t
    s[H_RNG] = _to_i32(y)
    s[H_RNG + 1] = _to_i32(z)
    s[H_RNG + 2] = _to_i32(w)
    s[H_RNG + 3] = _to_i32(nw)
    return nw


# rng_below for small n (every legal-action pick, most shuffles) without integer division: the
# rejection limit from a table and r % n through a double reciprocal, corrected to be exact. Two
# 64-bit divisions were ~2% of a random-play decision; the values drawn are the same as dividing.
_SMALL_N = 256
_LIMIT_SMALL = np.array([0] + [(2**32 // n) * n for n in range(1, _SMALL_N)], np.int64)
_INV_SMALL = np.array([0.0] + [1.0 / n for n in range(1, _SMALL_N)], np.float64)


@njit(cache=True)
def rng_below(s, n):
    """Uniform integer in [0, n) for 1 <= n < 2**31 (rejection sampling: no modulo bias)."""
    if n <= 1:
        return 0
    n = np.int64(n)  # n may arrive as int32 (read from the row); keep the arithmetic in int64
    if n < _SMALL_N:
        limit = _LIMIT_SMALL[n]
        while True:
            r = rng_next_u32(s)
            if r < limit:
                # r * (1/n) is within 2**-20 of r / n (r < 2**32, a double's relative error is
                # 2**-53), so the floor is the quotient or one less (when r / n is an integer)
                q = np.int64(r * _INV_SMALL[n])
                rem = r - q * n
                if rem >= n:
                    rem -= n
                return rem
    limit = (np.int64(0x100000000) // n) * n
    while True:
        r = rng_next_u32(s)
        if r < limit:
            return r % n


@njit(cache=True)
def shuffle_run(s, start, count):
    """Fisher-Yates shuffle of ``s[start:start+count]`` in place, with the row's own RNG."""
    shuffle_run_with(s, s, start, count)


@njit(cache=True)
def shuffle_run_with(rng_row, s, start, count):
    """Fisher-Yates shuffle of ``s[start:start+count]`` in place, drawing from the RNG of
    ``rng_row`` (``s`` itself, or an agent's RNG row when a search deals a row anew)."""
    for i in range(count - 1, 0, -1):
        j = rng_below(rng_row, i + 1)
        tmp = s[start + i]
        s[start + i] = s[start + j]
        s[start + j] = tmp
