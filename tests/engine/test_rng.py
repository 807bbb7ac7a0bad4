"""engine.rng: rng_below draws exactly what rejection sampling with integer division draws (its
small-n path replaces the divisions by a table and a corrected double reciprocal)."""

import numpy as np

from tcg_env.engine.header import H_RNG
from tcg_env.engine.rng import rng_below, rng_next_u32, rng_seed_one


def _reference_below(row, n):
    if n <= 1:
        return 0
    limit = (2**32 // n) * n
    while True:
        r = int(rng_next_u32(row))
        if r < limit:
            return r % n


def test_rng_below_equals_division_for_every_small_and_some_large_n():
    a = np.zeros(H_RNG + 8, np.int32)
    b = np.zeros(H_RNG + 8, np.int32)
    rng_seed_one(a, 12345)
    rng_seed_one(b, 12345)
    ns = list(range(1, 300)) + [1000, 65536, 2**20 + 7, 2**31 - 1]
    for _ in range(40):
        for n in ns:
            assert int(rng_below(a, n)) == _reference_below(b, n), n
    assert np.array_equal(a, b)  # the same number of raw draws (rejections included)


def test_rng_below_stays_in_range():
    row = np.zeros(H_RNG + 8, np.int32)
    rng_seed_one(row, 7)
    for n in (2, 3, 7, 97, 255, 256):
        draws = [int(rng_below(row, n)) for _ in range(3000)]
        assert min(draws) == 0 and max(draws) == n - 1
