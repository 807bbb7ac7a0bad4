"""The batch kernels of every game: B games per call, no Python loop over games.

Each operation runs the game's rules through the hooks of :mod:`tcg_env.engine.hooks` (``game``,
a :class:`~tcg_env.engine.hooks.Rules`, is the first argument of every kernel here).

Parallelism: each ``*_batch`` operation splits the rows into one contiguous chunk per thread and
runs the serial ``nogil`` entry kernel :func:`batch_range` on each chunk from a small thread pool,
instead of numba's ``parallel=True`` / ``prange``. Measured here: every prange kernel added 22-26 s
to the cold compile (the parfor pipeline re-types the whole engine), while the nogil chunk kernels
compile in seconds and run as fast (the work per call is thousands of decisions, so the ~50 us of
thread dispatch is noise). The thread count follows ``numba.get_num_threads()``.

One entry kernel serves every operation (``OP_*``): each top-level kernel re-optimises the whole
engine at cold compile (7-12 s each, measured). :class:`BatchOps` gives the operations as Python
methods of one game.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from numba import njit

from tcg_env.engine import hooks
from tcg_env.engine.header import H_DECIDER, H_DONE, H_WINNER
from tcg_env.engine.jit import internal, internal_inline, kernel_inline
from tcg_env.engine.memory import borrow
from tcg_env.engine.rng import rng_below, rng_seed_one
from tcg_env.engine.rows import auto_apply_single, reset_row

AGENT_RNG_WORDS = 16  # rows of agent_rng: the rng helpers use words 5..8
MIN_ROWS_PER_THREAD = 8  # below this a batch runs on the calling thread
EPISODE_SEED_STRIDE = 1_000_003_007  # seeds of later episodes: row seeds s+b never collide

# operation codes of a game's batch entry kernel
OP_RESET = 0
OP_STEP = 1
OP_WRITE = 2
OP_RANDOM_PLAY = 3
OP_RANDOM_FINISH = 4

_POOL = None


def _threads() -> int:
    try:
        import numba

        return max(1, int(numba.get_num_threads()))
    except Exception:  # pragma: no cover
        return max(1, os.cpu_count() or 1)


def check_rows(rows, n_rows: int) -> np.ndarray:
    """``rows`` as a contiguous int64 array of distinct indices in [0, n_rows); a ValueError names
    the problem otherwise (a repeated row would be worked on by two threads at once)."""
    arr = np.asarray(rows)
    if arr.ndim != 1 or not (arr.size == 0 or np.issubdtype(arr.dtype, np.integer)):
        raise ValueError(f"rows must be a 1-d array of integer row indices, got shape {arr.shape} dtype {arr.dtype}")
    arr = np.ascontiguousarray(arr, np.int64)
    if arr.size:
        lo, hi = int(arr.min()), int(arr.max())
        if lo < 0 or hi >= n_rows:
            raise ValueError(f"rows must lie in [0, {n_rows}), got {lo if lo < 0 else hi}")
        if np.unique(arr).size != arr.size:
            raise ValueError("rows must be distinct (a row is listed twice)")
    return arr


_NO_SEATS = np.zeros((1, 2), np.int32)
_NO_I32 = np.zeros(1, np.int32)
_NO_I64 = np.zeros(1, np.int64)


def agent_actions_chunked(policy_range, game, op_all, op_rows, states, T, masks, agent_rng, kind, actions_out,
                          rows=None):
    """A game's ``agent_actions_batch`` over the policy kernel ``policy_range(lo, hi, game, op,
    states, T, masks, agent_rng, kind, seat_kinds, max_decisions, players, actions_out, lengths,
    rows)`` (:mod:`tcg_env.engine.policy`):
    ``op_all`` for every row, or ``op_rows`` for the distinct indices ``rows`` (checked by
    :func:`check_rows`; the other entries of ``actions_out`` are left as they are). One compiled
    signature: the kernel writes int32, another ``actions_out`` dtype goes through a temporary."""
    n = states.shape[0]
    direct = actions_out.dtype == np.int32 and actions_out.flags.c_contiguous
    if rows is None:
        out = actions_out if direct else np.empty(n, np.int32)
        chunked(policy_range, n, game, op_all, states, T, masks, agent_rng, int(kind), _NO_SEATS, 0, _NO_I32, out, _NO_I64,
                _NO_I64)
    else:
        rows = check_rows(rows, n)
        out = actions_out if direct else np.ascontiguousarray(actions_out, np.int32)
        chunked(policy_range, rows.size, game, op_rows, states, T, masks, agent_rng, int(kind), _NO_SEATS, 0, _NO_I32, out,
                _NO_I64, rows)
    if out is not actions_out:
        actions_out[:] = out


def chunked(kernel, n_rows, *args):
    """Run ``kernel(lo, hi, *args)`` over contiguous row chunks, one per thread."""
    global _POOL
    n = min(_threads(), max(1, n_rows // MIN_ROWS_PER_THREAD))
    if n <= 1:
        kernel(0, n_rows, *args)
        return
    if _POOL is None or _POOL._max_workers < n:
        _POOL = ThreadPoolExecutor(max_workers=n, thread_name_prefix="tcg_env")
    bounds = [n_rows * i // n for i in range(n + 1)]  # (np.linspace cost ~10 us a call)
    futures = [_POOL.submit(kernel, bounds[i], bounds[i + 1], *args) for i in range(1, n)]
    kernel(bounds[0], bounds[1], *args)  # the calling thread takes the first chunk
    for f in futures:
        f.result()


@njit(cache=True)
def episode_seed(seed, episode):
    """Seed of a row's ``episode``-th game (0 = the row's own seed)."""
    return (np.int64(seed) + np.int64(episode) * EPISODE_SEED_STRIDE) & 0x7FFFFFFFFFFFFFFF


@internal
def pick_uniform(mask, n_legal, rng_row):
    """The k-th legal action of ``mask`` for a uniform k < ``n_legal`` drawn from ``rng_row``."""
    k = rng_below(rng_row, n_legal)
    for a in range(mask.shape[0]):
        if mask[a] != 0:
            if k == 0:
                return a
            k -= 1
    return 0


def seed_agent_rng(batch: int, seed: int) -> np.ndarray:
    """One agent RNG row per batch row (independent of the games' own RNGs)."""
    rng = np.zeros((batch, AGENT_RNG_WORDS), np.int32)
    for b in range(batch):
        # modulo 2**63: rng_seed_one takes a non-negative int64, and any seed (2**63 - 1 included)
        # must work; the odd multiplier keeps the map one-to-one, and small seeds are unchanged
        rng_seed_one(rng[b], (int(seed) * 1_000_003 + b + 1) % (1 << 63))
    return rng


# =============================================================================================
# Row kernels of the batch operations
# =============================================================================================
@internal_inline  # inlined into batch_range (engine.jit: kernel_inline)
def _write_outputs(game, states, b, T, obs, masks):
    s = states[b]
    hooks.legal_mask_row(game, s, T, masks[b])
    p = np.int64(s[H_DECIDER])
    hooks.observe_row(game, s, T, p if p >= 0 else np.int64(0), obs[b])


@internal_inline  # inlined into its callers (engine.jit: kernel_inline)
def _reset_episode(game, states, b, decks, deck_lens, seed, variant, auto_single, T):
    reset_row(game, states[b], decks[b, 0, : deck_lens[b, 0]], decks[b, 1, : deck_lens[b, 1]], seed,
              np.int64(variant), np.int64(auto_single), T)


@kernel_inline  # inlined into batch_range (engine.jit)
def random_play_row(game, states, b, T, decks, deck_lens, seeds, variant, steps, obs, masks, agent_rng, counters):
    """Uniformly random legal play for ``steps`` decisions with mask and observation written for
    every decision; a finished game restarts with seed ``seeds[b] + games finished``.
    counters[b] = [decisions, games finished, wins p0, wins p1, draws]."""
    s = states[b]
    for t in range(steps):
        if s[H_DONE] != 0:
            w = s[H_WINNER]
            counters[b, 1] += 1
            if w == 0:
                counters[b, 2] += 1
            elif w == 1:
                counters[b, 3] += 1
            else:
                counters[b, 4] += 1
            _reset_episode(game, states, b, decks, deck_lens, episode_seed(seeds[b], counters[b, 1]), variant, 0, T)
        n_legal = hooks.legal_mask_row(game, s, T, masks[b])
        # from the second decision of this call on, obs[b] holds the observation written at the
        # previous one: only its rows that may be non-zero need clearing (engine.obsbuf)
        hooks.observe_into(game, s, T, np.int64(s[H_DECIDER]), obs[b], t > 0)
        a = pick_uniform(masks[b], n_legal, agent_rng[b])
        hooks.apply_unchecked(game, s, T, np.int64(a))
        counters[b, 0] += 1


@kernel_inline  # inlined into batch_range (engine.jit)
def step_row(game, states, b, actions, T, obs, masks, rewards, terminated, errors, decks, deck_lens, seeds, episodes,
             variant, auto_single, auto_reset):
    """Step row ``b`` with ``actions[b]`` checked against ``masks[b]``; errors[b] = -1 for an
    illegal action, -2 for a finished game (the row is left untouched); rewards +1 / -1 at a win."""
    s = states[b]
    rewards[b, 0] = 0.0
    rewards[b, 1] = 0.0
    terminated[b] = 0
    errors[b] = 0
    a = actions[b]
    if s[H_DONE] != 0:
        errors[b] = -2
        return
    if a < 0 or a >= hooks.num_actions(game) or masks[b, a] == 0:
        errors[b] = -1  # illegal: the row is left untouched (the facade raises)
        return
    hooks.apply_unchecked(game, s, T, np.int64(a))
    auto_apply_single(game, s, T, masks[b])
    if s[H_DONE] != 0:
        terminated[b] = 1
        w = s[H_WINNER]
        if w == 0 or w == 1:
            rewards[b, w] = 1.0
            rewards[b, 1 - w] = -1.0
        if auto_reset:
            episodes[b] += 1
            _reset_episode(game, states, b, decks, deck_lens, episode_seed(seeds[b], episodes[b]), variant, auto_single,
                           T)
    _write_outputs(game, states, b, T, obs, masks)


@kernel_inline  # inlined into batch_range (engine.jit)
def random_finish_row(game, states, b, T, masks, agent_rng, max_decisions, lengths):
    """Play row ``b`` to its end with uniformly random legal actions (no observation: a random
    agent reads none). lengths[b] = decisions taken."""
    s = states[b]
    n = 0
    while s[H_DONE] == 0 and n < max_decisions:
        n_legal = hooks.legal_mask_row(game, s, T, masks[b])
        hooks.apply_unchecked(game, s, T, np.int64(pick_uniform(masks[b], n_legal, agent_rng[b])))
        n += 1
    lengths[b] = n


@njit(cache=True, nogil=True)
def batch_range(lo, hi, game, op, states, T, decks, deck_lens, seeds, episodes, actions, obs, masks, rewards,
                terminated, errors, agent_rng, counters, lengths, variant, auto_single, auto_reset, steps):
    """Operation ``op`` on rows ``lo .. hi - 1`` (the one entry kernel of the batch operations)."""
    # the caller holds every array for the whole call: the engine works on borrowed views, with
    # no reference-count updates (tcg_env.engine.memory)
    states, T, decks, deck_lens = borrow(states), borrow(T), borrow(decks), borrow(deck_lens)
    seeds, episodes, actions, obs = borrow(seeds), borrow(episodes), borrow(actions), borrow(obs)
    masks, rewards, terminated, errors = borrow(masks), borrow(rewards), borrow(terminated), borrow(errors)
    agent_rng, counters, lengths = borrow(agent_rng), borrow(counters), borrow(lengths)
    for b in range(lo, hi):
        if op == OP_RESET:
            _reset_episode(game, states, b, decks, deck_lens, np.int64(seeds[b]), variant, auto_single, T)
            _write_outputs(game, states, b, T, obs, masks)
        elif op == OP_STEP:
            # each row is touched once per call, so the next rows are cold (1024 rows x 16 KiB do
            # not stay cached between calls): the game may fetch what their steps will read
            hooks.prefetch_rows(game, states, b, hi)
            step_row(game, states, b, actions, T, obs, masks, rewards, terminated, errors, decks, deck_lens, seeds,
                     episodes, variant, auto_single, auto_reset != 0)
        elif op == OP_WRITE:
            _write_outputs(game, states, b, T, obs, masks)
        elif op == OP_RANDOM_PLAY:
            random_play_row(game, states, b, T, decks, deck_lens, seeds, variant, steps, obs, masks, agent_rng, counters)
        else:
            random_finish_row(game, states, b, T, masks, agent_rng, steps, lengths)



_DUMMY = {
    "decks": np.zeros((1, 2, 1), np.int32),
    "deck_lens": np.zeros((1, 2), np.int32),
    "i64": np.zeros(1, np.int64),
    "i32": np.zeros(1, np.int32),
    "i8": np.zeros(1, np.int8),
    "masks": np.zeros((1, 1), np.int8),
    "obs": np.zeros((1, 1), np.float32),
    "rewards": np.zeros((1, 2), np.float32),
    "rng": np.zeros((1, AGENT_RNG_WORDS), np.int32),
    "counters": np.zeros((1, 5), np.int64),
}


class BatchOps:
    """The ``*_batch`` operations of one game (``game``: its :class:`~tcg_env.engine.hooks.Rules`),
    run through :func:`batch_range`. Arrays an operation does not use are passed as fixed dummies
    of the same types, so the entry kernel compiles to one signature per game."""

    def __init__(self, game):
        self.game = game

    def run(self, op, states, T, *, decks=None, deck_lens=None, seeds=None, episodes=None, actions=None,
            obs=None, masks=None, rewards=None, terminated=None, errors=None, agent_rng=None, counters=None,
            lengths=None, variant=0, auto_single=0, auto_reset=0, steps=0):
        d = _DUMMY
        chunked(
            batch_range, states.shape[0], self.game, op, states, T,
            d["decks"] if decks is None else decks,
            d["deck_lens"] if deck_lens is None else deck_lens,
            d["i64"] if seeds is None else seeds,
            d["i64"] if episodes is None else episodes,
            d["i32"] if actions is None else actions,
            d["obs"] if obs is None else obs,
            d["masks"] if masks is None else masks,
            d["rewards"] if rewards is None else rewards,
            d["i8"] if terminated is None else terminated,
            d["i32"] if errors is None else errors,
            d["rng"] if agent_rng is None else agent_rng,
            d["counters"] if counters is None else counters,
            d["i64"] if lengths is None else lengths,
            int(variant), int(auto_single), int(bool(auto_reset)), int(steps),
        )

    def reset_batch(self, states, decks, deck_lens, seeds, variant, auto_single, T, obs, masks):
        """New games in every row, then each row's mask and its decider's observation.
        decks: int32[B, 2, MAX_DECK] card ids, deck_lens: int32[B, 2], seeds: int64[B]."""
        self.run(OP_RESET, states, T, decks=decks, deck_lens=deck_lens, seeds=seeds, obs=obs, masks=masks,
                 variant=variant, auto_single=auto_single)

    def step_batch(self, states, actions, T, obs, masks, rewards, terminated, errors, decks, deck_lens, seeds,
                   episodes, variant, auto_single, auto_reset):
        """Step every row with ``actions[b]`` (checked against ``masks[b]``, the mask written by the
        previous call), then write each row's new mask and the observation of its decider."""
        self.run(OP_STEP, states, T, decks=decks, deck_lens=deck_lens, seeds=seeds, episodes=episodes,
                 actions=np.ascontiguousarray(actions, np.int32), obs=obs, masks=masks, rewards=rewards,
                 terminated=terminated, errors=errors, variant=variant, auto_single=auto_single,
                 auto_reset=auto_reset)

    def write_outputs_batch(self, states, T, obs, masks):
        """Each row's mask and its decider's observation, state unchanged."""
        self.run(OP_WRITE, states, T, obs=obs, masks=masks)

    def random_play_batch(self, states, T, decks, deck_lens, seeds, variant, steps, obs, masks, agent_rng, counters):
        """Random legal play, ``steps`` decisions per row, observation and mask every decision."""
        self.run(OP_RANDOM_PLAY, states, T, decks=decks, deck_lens=deck_lens, seeds=seeds, obs=obs, masks=masks,
                 agent_rng=agent_rng, counters=counters, variant=variant, steps=steps)

    def random_finish_batch(self, states, T, masks, agent_rng, max_decisions, lengths):
        """Play every row to its end with random legal actions (no observation)."""
        self.run(OP_RANDOM_FINISH, states, T, masks=masks, agent_rng=agent_rng, lengths=lengths,
                 steps=max_decisions)
