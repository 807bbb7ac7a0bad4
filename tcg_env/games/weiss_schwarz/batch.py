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

from tcg_env.engine.jit import internal

from tcg_env.engine.header import H_DECIDER, H_DONE, H_NUM_DECISIONS, H_WINNER
from tcg_env.engine.rng import rng_below, rng_seed_one
from tcg_env.games.weiss_schwarz.constants import NUM_ACTIONS
from tcg_env.games.weiss_schwarz.kernels import apply_unchecked, auto_apply_single, legal_mask_row, reset_row
from tcg_env.games.weiss_schwarz.observation import OBS_SIZE, observe_row

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


@internal
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


@internal
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


# ---- one nogil entry point for every batch operation -----------------------------------------
# Each separate top-level kernel re-links and re-optimises the whole engine (7-12 s of cold
# compile each, measured); one entry point with an operation code pays that once.
OP_RESET = 0
OP_STEP = 1
OP_WRITE = 2
OP_RANDOM_PLAY = 3
OP_RANDOM_FINISH = 4


@njit(cache=True, nogil=True)
def _batch_range(lo, hi, op, states, T, decks, deck_lens, seeds, episodes, actions, obs, masks, rewards,
                 terminated, errors, agent_rng, counters, lengths, variant, auto_single, auto_reset, steps):
    for b in range(lo, hi):
        if op == OP_RESET:
            reset_one(states, b, decks, deck_lens, seeds, variant, auto_single, T)
            _write_outputs(states, b, T, obs, masks)
        elif op == OP_STEP:
            step_row(states, b, actions, T, obs, masks, rewards, terminated, errors, decks, deck_lens, seeds,
                     episodes, variant, auto_single, auto_reset != 0)
        elif op == OP_WRITE:
            _write_outputs(states, b, T, obs, masks)
        elif op == OP_RANDOM_PLAY:
            random_play_row(states, b, T, decks, deck_lens, seeds, variant, steps, obs, masks, agent_rng, counters)
        else:
            random_finish_row(states, b, T, masks, agent_rng, steps, lengths)


_D = {
    "decks": np.zeros((1, 2, 1), np.int32),
    "deck_lens": np.zeros((1, 2), np.int32),
    "i64": np.zeros(1, np.int64),
    "i32": np.zeros(1, np.int32),
    "i8": np.zeros(1, np.int8),
    "obs": np.zeros((1, 1), np.float32),
    "rewards": np.zeros((1, 2), np.float32),
    "rng": np.zeros((1, AGENT_RNG_WORDS), np.int32),
    "counters": np.zeros((1, 5), np.int64),
}


def _run(op, states, T, *, decks=None, deck_lens=None, seeds=None, episodes=None, actions=None, obs=None,
         masks=None, rewards=None, terminated=None, errors=None, agent_rng=None, counters=None, lengths=None,
         variant=0, auto_single=0, auto_reset=0, steps=0):
    d = _D
    _chunked(
        _batch_range, states.shape[0], op, states, T,
        d["decks"] if decks is None else decks,
        d["deck_lens"] if deck_lens is None else deck_lens,
        d["i64"] if seeds is None else seeds,
        d["i64"] if episodes is None else episodes,
        d["i32"] if actions is None else actions,
        d["obs"] if obs is None else obs,
        d["i8"].reshape(1, 1) if masks is None else masks,
        d["rewards"] if rewards is None else rewards,
        d["i8"] if terminated is None else terminated,
        d["i32"] if errors is None else errors,
        d["rng"] if agent_rng is None else agent_rng,
        d["counters"] if counters is None else counters,
        d["i64"] if lengths is None else lengths,
        int(variant), int(auto_single), int(bool(auto_reset)), int(steps),
    )


def reset_batch(states, decks, deck_lens, seeds, variant, auto_single, T, obs, masks):
    """New games in every row, then each row's mask and its decider's observation.
    decks: int32[B, 2, MAX_DECK] card ids, deck_lens: int32[B, 2], seeds: int64[B]."""
    _run(OP_RESET, states, T, decks=decks, deck_lens=deck_lens, seeds=seeds, obs=obs, masks=masks,
         variant=variant, auto_single=auto_single)


def step_batch(states, actions, T, obs, masks, rewards, terminated, errors, decks, deck_lens, seeds, episodes, variant, auto_single, auto_reset):
    """Step every row with ``actions[b]`` (checked against ``masks[b]``, the mask written by the
    previous call), then write each row's new mask and the observation of its decider."""
    _run(OP_STEP, states, T, decks=decks, deck_lens=deck_lens, seeds=seeds, episodes=episodes,
         actions=np.ascontiguousarray(actions, np.int32), obs=obs, masks=masks, rewards=rewards,
         terminated=terminated, errors=errors, variant=variant, auto_single=auto_single, auto_reset=auto_reset)


def write_outputs_batch(states, T, obs, masks):
    _run(OP_WRITE, states, T, obs=obs, masks=masks)


def random_play_batch(states, T, decks, deck_lens, seeds, variant, steps, obs, masks, agent_rng, counters):
    """Random legal play, ``steps`` decisions per row, observation and mask every decision."""
    _run(OP_RANDOM_PLAY, states, T, decks=decks, deck_lens=deck_lens, seeds=seeds, obs=obs, masks=masks,
         agent_rng=agent_rng, counters=counters, variant=variant, steps=steps)


def random_finish_batch(states, T, masks, agent_rng, max_decisions, lengths):
    """Play every row to its end with random legal actions (no observation)."""
    _run(OP_RANDOM_FINISH, states, T, masks=masks, agent_rng=agent_rng, lengths=lengths, steps=max_decisions)


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
    "random_finish_batch",
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
