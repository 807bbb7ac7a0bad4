"""The engine core's in-kernel agents on every registered game (tcg_env.engine.policy): the batch
playouts are the Python loop of the row kernels they are made of. Moved here from the two games'
agent tests, which repeated each other."""

from __future__ import annotations

import numpy as np
import pytest

import tcg_env
from conformance_helpers import KIT_GAMES, deck_pairs
from tcg_env.engine.header import H_DECIDER, H_DONE, H_ERROR
from tcg_env.extra_games import extra_spec

NO_CARDS = np.zeros(1, np.int32)
NO_OBS = np.zeros(1, np.float32)


def _batch(game: str, n: int, seed: int) -> tcg_env.BatchGame:
    """``n`` rows over the game's deck pairings, no automatic restart."""
    spec = extra_spec(game)
    pool = spec.load_tables()
    pairs = [tuple(spec.load_deck(pool, d, spec.default_variant).card_ids for d in pair) for pair in deck_pairs(spec)]
    rows = [pairs[b % len(pairs)] for b in range(n)]
    return tcg_env.BatchGame(spec, pool, rows, np.arange(n, dtype=np.int64) + seed, 0, False, auto_reset=False)


def _mask(k, row, T, mask) -> int:
    return int(k.row_entry(k.ROW_MASK, row, T, NO_CARDS, NO_CARDS, 0, 0, 0, 0, mask, NO_OBS))


@pytest.mark.parametrize("game", KIT_GAMES)
def test_playout_batch_equals_a_python_loop_of_choose_action_row(game):
    n = 20  # >= 16 rows: the batch runs in chunks on two threads
    bg = _batch(game, n, seed=40)
    k, T = bg.spec.kernels, bg._T
    seat_kinds = np.array([[b % 2, (b // 2) % 2] for b in range(n)], np.int32)  # every pairing
    states0 = bg.states.copy()
    rng_batch = k.seed_agent_rng(n, 9)
    rng_loop = rng_batch.copy()
    lengths = np.zeros(n, np.int64)
    k.playout_batch(bg.states, T, bg.masks, rng_batch, seat_kinds, 20000, lengths)
    mask = np.zeros(bg.spec.num_actions, np.int8)
    for b in range(n):
        s = states0[b].copy()
        steps = 0
        while not s[H_DONE]:
            n_legal = _mask(k, s, T, mask)
            a = k.choose_action_row(s, T, mask, n_legal, int(seat_kinds[b, s[H_DECIDER]]), rng_loop[b])
            assert mask[a] == 1
            k.row_entry(k.ROW_STEP, s, T, NO_CARDS, NO_CARDS, 0, 0, 0, a, mask, NO_OBS)
            steps += 1
        assert steps == lengths[b]
        assert np.array_equal(s, bg.states[b]) and s[H_ERROR] == 0
        assert not bg.masks[b].any()  # a finished game has no legal action
    assert np.array_equal(rng_batch, rng_loop)


@pytest.mark.parametrize("game", KIT_GAMES)
def test_playout_batch_stops_at_max_decisions_with_the_mask_of_the_state_reached(game):
    bg = _batch(game, 4, seed=3)
    lengths = np.zeros(4, np.int64)
    k = bg.spec.kernels
    k.playout_batch(bg.states, bg._T, bg.masks, k.seed_agent_rng(4, 1), np.ones((4, 2), np.int32), 25, lengths)
    assert (lengths == 25).all() and not bg.states[:, H_DONE].any()
    mask = np.zeros(bg.spec.num_actions, np.int8)
    for b in range(4):
        _mask(k, bg.states[b], bg._T, mask)
        assert np.array_equal(mask, bg.masks[b])


@pytest.mark.parametrize("game", KIT_GAMES)
@pytest.mark.parametrize("agent", ["AGENT_RANDOM", "AGENT_HEURISTIC"])
def test_agent_actions_batch_equals_choose_action_row_and_done_rows_get_minus_one(game, agent):
    n = 16
    bg = _batch(game, n, seed=11)
    k = bg.spec.kernels
    kind = getattr(k, agent)
    # advance the rows to varied positions with random play, end two games
    lengths = np.zeros(n, np.int64)
    k.playout_batch(bg.states, bg._T, bg.masks, k.seed_agent_rng(n, 2), np.zeros((n, 2), np.int32), 60, lengths)
    k.playout_batch(bg.states[:2], bg._T, bg.masks[:2], k.seed_agent_rng(2, 2), np.zeros((2, 2), np.int32), 20000,
                    lengths[:2])
    assert bg.states[:2, H_DONE].all()
    rng_batch = k.seed_agent_rng(n, 5)
    rng_loop = rng_batch.copy()
    for out_dtype in (np.int32, np.int64):
        out = np.zeros(n, out_dtype)
        states_before = bg.states.copy()
        k.agent_actions_batch(bg.states, bg._T, bg.masks, rng_batch, kind, out)
        assert np.array_equal(states_before, bg.states)  # choosing changes no state
        for b in range(n):
            if bg.states[b, H_DONE]:
                assert out[b] == -1
                continue
            m = bg.masks[b]
            a = k.choose_action_row(bg.states[b], bg._T, m, int(m.sum()), kind, rng_loop[b])
            assert out[b] == a and m[a] == 1
    assert np.array_equal(rng_batch, rng_loop)
