"""Weiss Schwarz batch kernels: B games per call, no Python loop over games.

The thread-pool chunking, seeds and Python wrappers are shared by every game
(:mod:`tcg_env.engine.batch`); this module keeps the game's row kernels and its one nogil entry
kernel ``_batch_range`` (the same row kernels as FF-TCG's, bound to this game's rules kernels:
numba resolves the called kernels when it compiles, so each game has its own copy).
"""

import numpy as np
from numba import njit

from tcg_env.engine.batch import (  # noqa: F401  (re-exported: the game's batch API)
    AGENT_RNG_WORDS,
    EPISODE_SEED_STRIDE,
    OP_RANDOM_FINISH,
    OP_RANDOM_PLAY,
    OP_RESET,
    OP_STEP,
    OP_WRITE,
    BatchOps,
    episode_seed,
    pick_uniform,
    seed_agent_rng,
)
from tcg_env.engine.header import H_DECIDER, H_DONE, H_WINNER
from tcg_env.engine.jit import internal
from tcg_env.engine.memory import borrow
from tcg_env.games.weiss_schwarz.constants import NUM_ACTIONS
from tcg_env.games.weiss_schwarz.kernels import apply_unchecked, auto_apply_single, legal_mask_row, reset_row
from tcg_env.games.weiss_schwarz.observation import OBS_SIZE, observe_into, observe_row


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
            reset_row(s, decks[b, 0, : deck_lens[b, 0]], decks[b, 1, : deck_lens[b, 1]], episode_seed(seeds[b], counters[b, 1]), np.int64(variant), np.int64(0), T)
        n_legal = legal_mask_row(s, T, masks[b])
        # from the second decision of this call on, obs[b] holds the observation written at the
        # previous one: only its rows that may be non-zero need clearing (engine.obsbuf)
        observe_into(s, T, np.int64(s[H_DECIDER]), obs[b], t > 0)
        a = pick_uniform(masks[b], n_legal, agent_rng[b])
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


# ---- one nogil entry point for every batch operation (operation codes: tcg_env.engine.batch) ----
@njit(cache=True, nogil=True)
def _batch_range(lo, hi, op, states, T, decks, deck_lens, seeds, episodes, actions, obs, masks, rewards,
                 terminated, errors, agent_rng, counters, lengths, variant, auto_single, auto_reset, steps):
    # the caller holds every array for the whole call: the engine works on borrowed views, with
    # no reference-count updates (tcg_env.engine.memory)
    states = borrow(states)
    T = borrow(T)
    decks = borrow(decks)
    deck_lens = borrow(deck_lens)
    seeds = borrow(seeds)
    episodes = borrow(episodes)
    actions = borrow(actions)
    obs = borrow(obs)
    masks = borrow(masks)
    rewards = borrow(rewards)
    terminated = borrow(terminated)
    errors = borrow(errors)
    agent_rng = borrow(agent_rng)
    counters = borrow(counters)
    lengths = borrow(lengths)
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


_OPS = BatchOps(_batch_range)
reset_batch = _OPS.reset_batch
step_batch = _OPS.step_batch
write_outputs_batch = _OPS.write_outputs_batch
random_play_batch = _OPS.random_play_batch
random_finish_batch = _OPS.random_finish_batch

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
        apply_unchecked(s, T, np.int64(pick_uniform(masks[b], n_legal, agent_rng[b])))
        n += 1
    lengths[b] = n
