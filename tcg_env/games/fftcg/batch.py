"""Batch kernels: B games per call, no Python loop over games.

Parallelism: each ``*_batch`` function splits the rows into one contiguous chunk per thread and
runs a serial ``nogil`` kernel on each chunk from a small thread pool, instead of numba's
``parallel=True`` / ``prange``. Measured here: every prange kernel added 22-26 s to the cold
compile (the parfor pipeline re-types the whole engine), while the nogil chunk kernels compile in
seconds and run as fast (the work per call is thousands of decisions, so the ~50 us of thread
dispatch is noise). The thread count follows ``numba.get_num_threads()``.
"""

import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from numba import njit

from tcg_env.engine.header import H_DECIDER, H_DONE, H_NUM_DECISIONS, H_WINNER
from tcg_env.engine.rng import rng_below, rng_seed_one
from tcg_env.games.fftcg.constants import NUM_ACTIONS
from tcg_env.games.fftcg.kernels import apply_unchecked, auto_apply_single, legal_mask_row, reset_row
from tcg_env.games.fftcg.observation import OBS_SIZE, observe_row

AGENT_RNG_WORDS = 16  # rows of agent_rng: the rng helpers use words 5..8
MIN_ROWS_PER_THREAD = 8  # below this a batch runs on the calling thread

_POOL = None


def _threads() -> int:
    try:
        import numba

        return max(1, int(numba.get_num_threads()))
    except Exception:  # pragma: no cover
        return max(1, os.cpu_count() or 1)


def _chunked(kernel, n_rows, *args):
    """Run ``kernel(lo, hi, *args)`` over contiguous row chunks, one per thread."""
    global _POOL
    n = min(_threads(), max(1, n_rows // MIN_ROWS_PER_THREAD))
    if n <= 1:
        kernel(0, n_rows, *args)
        return
    if _POOL is None or _POOL._max_workers < n:
        _POOL = ThreadPoolExecutor(max_workers=n, thread_name_prefix="tcg_env")
    bounds = np.linspace(0, n_rows, n + 1).astype(np.int64)
    futures = [_POOL.submit(kernel, int(bounds[i]), int(bounds[i + 1]), *args) for i in range(1, n)]
    kernel(int(bounds[0]), int(bounds[1]), *args)  # the calling thread takes the first chunk
    for f in futures:
        f.result()


EPISODE_SEED_STRIDE = 1_000_003_007  # seeds of later episodes: row seeds s+b never collide


@njit(cache=True)
def episode_seed(seed, episode):
    """Seed of a row's ``episode``-th game (0 = the row's own seed)."""
    return (np.int64(seed) + np.int64(episode) * EPISODE_SEED_STRIDE) & 0x7FFFFFFFFFFFFFFF


@njit(cache=True)
def _pick_uniform(mask, n_legal, rng_row):
    k = rng_below(rng_row, n_legal)
    for a in range(NUM_ACTIONS):
        if mask[a] != 0:
            if k == 0:
                return a
            k -= 1
    return 0


@njit(cache=True)
def reset_one(states, b, decks, deck_lens, seeds, variant, auto_single, T):
    reset_row(states[b], decks[b, 0, : deck_lens[b, 0]], decks[b, 1, : deck_lens[b, 1]], np.int64(seeds[b]), np.int64(variant), np.int64(auto_single), T)


@njit(cache=True, nogil=True)
def _reset_range(lo, hi, states, decks, deck_lens, seeds, variant, auto_single, T, obs, masks):
    for b in range(lo, hi):
        reset_one(states, b, decks, deck_lens, seeds, variant, auto_single, T)
        _write_outputs(states, b, T, obs, masks)


def reset_batch(states, decks, deck_lens, seeds, variant, auto_single, T, obs, masks):
    """New games in every row, then each row's mask and its decider's observation.
    decks: int32[B, 2, MAX_DECK] card ids, deck_lens: int32[B, 2], seeds: int64[B]."""
    _chunked(_reset_range, states.shape[0], states, decks, deck_lens, seeds, int(variant), int(auto_single), T, obs, masks)


@njit(cache=True)
def _write_outputs(states, b, T, obs, masks):
    s = states[b]
    legal_mask_row(s, T, masks[b])
    p = np.int64(s[H_DECIDER])
    observe_row(s, T, p if p >= 0 else np.int64(0), obs[b])


@njit(cache=True)
def random_play_row(states, b, T, decks, deck_lens, seeds, variant, steps, obs, masks, agent_rng, counters):
    """Uniformly random legal play for ``steps`` decisions with mask and observation written for
    every decision; a finished game restarts with seed ``seeds[b] + games finished``.
    counters[b] = [decisions, games finished, wins p0, wins p1, draws]."""
    s = states[b]
    for _ in range(steps):
        if s[H_DONE] != 0:
            w = s[H_WINNER]
            counters[b, 1] += 1
            if w == 0:
                counters[b, 2] += 1
            elif w == 1:
                counters[b, 3] += 1
            else:
                counters[b, 4] += 1
            reset_row(s, decks[b, 0, : deck_lens[b, 0]], decks[b, 1, : deck_lens[b, 1]], episode_seed(seeds[b], counters[b, 1]), np.int64(variant), np.int64(0), T)
        n_legal = legal_mask_row(s, T, masks[b])
        observe_row(s, T, np.int64(s[H_DECIDER]), obs[b])
        a = _pick_uniform(masks[b], n_legal, agent_rng[b])
        apply_unchecked(s, T, np.int64(a))
        counters[b, 0] += 1


@njit(cache=True, nogil=True)
def _random_play_range(lo, hi, states, T, decks, deck_lens, seeds, variant, steps, obs, masks, agent_rng, counters):
    for b in range(lo, hi):
        random_play_row(states, b, T, decks, deck_lens, seeds, variant, steps, obs, masks, agent_rng, counters)


def random_play_batch(states, T, decks, deck_lens, seeds, variant, steps, obs, masks, agent_rng, counters):
    _chunked(_random_play_range, states.shape[0], states, T, decks, deck_lens, seeds, int(variant), int(steps), obs, masks, agent_rng, counters)


@njit(cache=True)
def step_row(states, b, actions, T, obs, masks, rewards, terminated, errors, decks, deck_lens, seeds, episodes, variant, auto_single, auto_reset):
    s = states[b]
    rewards[b, 0] = 0.0
    rewards[b, 1] = 0.0
    terminated[b] = 0
    errors[b] = 0
    a = actions[b]
    if s[H_DONE] != 0:
        errors[b] = -2
        return
    if a < 0 or a >= NUM_ACTIONS or masks[b, a] == 0:
        errors[b] = -1  # illegal: the row is left untouched (the facade raises)
        return
    apply_unchecked(s, T, np.int64(a))
    auto_apply_single(s, T, masks[b])
    if s[H_DONE] != 0:
        terminated[b] = 1
        w = s[H_WINNER]
        if w == 0 or w == 1:
            rewards[b, w] = 1.0
            rewards[b, 1 - w] = -1.0
        if auto_reset:
            episodes[b] += 1
            reset_row(s, decks[b, 0, : deck_lens[b, 0]], decks[b, 1, : deck_lens[b, 1]], episode_seed(seeds[b], episodes[b]), np.int64(variant), np.int64(auto_single), T)
    _write_outputs(states, b, T, obs, masks)


@njit(cache=True, nogil=True)
def _step_range(lo, hi, states, actions, T, obs, masks, rewards, terminated, errors, decks, deck_lens, seeds, episodes, variant, auto_single, auto_reset):
    for b in range(lo, hi):
        step_row(states, b, actions, T, obs, masks, rewards, terminated, errors, decks, deck_lens, seeds, episodes, variant, auto_single, auto_reset)


def step_batch(states, actions, T, obs, masks, rewards, terminated, errors, decks, deck_lens, seeds, episodes, variant, auto_single, auto_reset):
    """Step every row with ``actions[b]`` (checked against ``masks[b]``, the mask written by the
    previous call), then write each row's new mask and the observation of its decider."""
    _chunked(_step_range, states.shape[0], states, actions, T, obs, masks, rewards, terminated, errors, decks,
             deck_lens, seeds, episodes, int(variant), int(auto_single), bool(auto_reset))


@njit(cache=True, nogil=True)
def _write_outputs_range(lo, hi, states, T, obs, masks):
    for b in range(lo, hi):
        _write_outputs(states, b, T, obs, masks)


def write_outputs_batch(states, T, obs, masks):
    _chunked(_write_outputs_range, states.shape[0], states, T, obs, masks)


def seed_agent_rng(batch: int, seed: int) -> np.ndarray:
    rng = np.zeros((batch, AGENT_RNG_WORDS), np.int32)
    for b in range(batch):
        rng_seed_one(rng[b], seed * 1_000_003 + b + 1)
    return rng


__all__ = [
    "OBS_SIZE",
    "reset_batch",
    "random_play_batch",
    "random_play_row",
    "step_batch",
    "write_outputs_batch",
    "seed_agent_rng",
]


@njit(cache=True)
def random_finish_row(states, b, T, masks, agent_rng, max_decisions, lengths):
    """Play row ``b`` to its end with uniformly random legal actions (no observation: a random
    agent reads none). lengths[b] = decisions taken."""
    s = states[b]
    n = 0
    while s[H_DONE] == 0 and n < max_decisions:
        n_legal = legal_mask_row(s, T, masks[b])
        apply_unchecked(s, T, np.int64(_pick_uniform(masks[b], n_legal, agent_rng[b])))
        n += 1
    lengths[b] = n


@njit(cache=True, nogil=True)
def _random_finish_range(lo, hi, states, T, masks, agent_rng, max_decisions, lengths):
    for b in range(lo, hi):
        random_finish_row(states, b, T, masks, agent_rng, max_decisions, lengths)


def random_finish_batch(states, T, masks, agent_rng, max_decisions, lengths):
    _chunked(_random_finish_range, states.shape[0], states, T, masks, agent_rng, int(max_decisions), lengths)
