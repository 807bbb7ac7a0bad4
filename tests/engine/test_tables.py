"""engine.tables: a pool's kernel tables packed into one array, read back by the kernels'
accessors exactly as the separate tables; the observation-row table read back bit for bit."""

import numpy as np
import pytest
from numba import njit

import tcg_env
from tcg_env.engine.tables import (FLAG_WORDS, HEADER, ability_table, card_table, code_table, filter_table,
                                   pack_tables, unpack_flags, unpack_obs_rows, unpack_tables)


def _tables(seed=0):
    rng = np.random.default_rng(seed)
    return [rng.integers(-5, 100, size=shape).astype(np.int32) for shape in ((7, 17), (4, 14), (3, 13), (11, 5))]


def _obs_rows(n_cards, seed=0):
    rng = np.random.default_rng(seed)
    rows = rng.normal(size=(n_cards, 24)).astype(np.float32)
    rows[0, :3] = (np.nan, -0.0, np.inf)  # any float32 value survives the int32 storage
    return rows


@njit
def _read_all(T, out):
    """Sum of every entry of each table through the accessors, and one entry of each."""
    for k in range(4):
        if k == 0:
            t = card_table(T)
        elif k == 1:
            t = ability_table(T)
        elif k == 2:
            t = filter_table(T)
        else:
            t = code_table(T)
        total = 0
        for i in range(t.shape[0]):
            for j in range(t.shape[1]):
                total += t[i, j]
        out[k, 0] = total
        out[k, 1] = t[t.shape[0] - 1, t.shape[1] - 1]
        out[k, 2] = t.shape[0]
        out[k, 3] = t.shape[1]


def test_packed_tables_read_back_as_the_separate_tables():
    tables = _tables()
    obs_rows = _obs_rows(tables[0].shape[0])
    T = pack_tables(*tables, obs_rows)
    n_flags = (tables[0].shape[0] + 1) * FLAG_WORDS  # the default flags table: every bit set
    assert T.dtype == np.int32 and T.ndim == 1 and T.size == HEADER + sum(t.size for t in tables) + obs_rows.size + n_flags
    assert (unpack_flags(T) == -1).all()
    for a, b in zip(unpack_tables(T), tables):
        assert np.array_equal(a, b)
    assert unpack_obs_rows(T).dtype == np.float32
    assert unpack_obs_rows(T).tobytes() == obs_rows.tobytes()  # bit for bit (NaN and -0.0 included)
    out = np.zeros((4, 4), np.int64)
    _read_all(T, out)
    for k, t in enumerate(tables):
        assert list(out[k]) == [int(t.sum()), int(t[-1, -1]), t.shape[0], t.shape[1]]


def test_pack_tables_rejects_a_table_that_is_not_2d_int32():
    tables = _tables()
    obs_rows = _obs_rows(tables[0].shape[0])
    with pytest.raises(ValueError, match="kernel table 2 must be a 2-D int32 array"):
        pack_tables(tables[0], tables[1], tables[2].astype(np.int64), tables[3], obs_rows)
    with pytest.raises(ValueError, match="kernel table 0"):
        pack_tables(tables[0].ravel(), *tables[1:], obs_rows)


def test_pack_tables_keeps_the_flags_given_and_rejects_a_flags_table_of_another_shape():
    tables = _tables()
    obs_rows = _obs_rows(tables[0].shape[0])
    flags = np.arange(8 * FLAG_WORDS, dtype=np.int32).reshape(8, FLAG_WORDS)  # 7 cards and the pool's row
    T = pack_tables(*tables, obs_rows, flags)
    assert np.array_equal(unpack_flags(T), flags)
    for a, b in zip(unpack_tables(T), tables):  # the rule tables (the pool's fingerprint) are unchanged
        assert np.array_equal(a, b)
    with pytest.raises(ValueError, match=r"flags must be a \(8, 4\) int32 array"):
        pack_tables(*tables, obs_rows, flags[:7])


def test_pack_tables_rejects_obs_rows_of_another_type_or_card_count():
    tables = _tables()
    with pytest.raises(ValueError, match="obs_rows must be a 2-D float32 array"):
        pack_tables(*tables, _obs_rows(7).astype(np.float64))
    with pytest.raises(ValueError, match=r"obs_rows must have one row per card id \(7\), got 6"):
        pack_tables(*tables, _obs_rows(6))


@pytest.mark.parametrize("game", ["fftcg", "force_of_will", "weiss_schwarz"])
def test_a_games_kernel_tables_are_its_pool_tables_packed(game):
    pool = tcg_env.make_game(game, seed=1).pool
    for a, b in zip(unpack_tables(pool.kernel_tables), (pool.cards, pool.abilities, pool.filters, pool.code)):
        assert np.array_equal(a, b)
    if game in ("fftcg", "force_of_will"):
        expected = pool.obs_features  # the static columns of a card row (CARD_COLUMNS, card_obs_features)
    else:
        from tcg_env.games.weiss_schwarz.cards import card_obs_rows

        expected = card_obs_rows(pool.cards)
    assert np.array_equal(unpack_obs_rows(pool.kernel_tables), expected)
