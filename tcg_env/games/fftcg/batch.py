"""Batch kernels: B games per call, no Python loop over games.

``prange`` only here, over large batches (a parallel kernel call costs ~100 us of overhead on this
machine; the single-game path uses the serial ``*_row`` kernels).
"""

import numpy as np
from numba import njit, prange

from tcg_env.engine.header import H_DECIDER, H_DONE, H_NUM_DECISIONS, H_WINNER
from tcg_env.engine.rng import rng_below, rng_seed_one
from tcg_env.games.fftcg.constants import NUM_ACTIONS
from tcg_env.games.fftcg.kernels import apply_unchecked, auto_apply_single, legal_mask_row, reset_row
from tcg_env.games.fftcg.observation import OBS_SIZE, observe_row

AGENT_RNG_WORDS = 16  # rows of agent_rng: the rng helpers use words 5..8


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
    reset_row(states[b], decks[b, 0, : deck_lens[b, 0]], decks[b, 1, : deck_lens[b, 1]], seeds[b], variant, auto_single, T)


@njit(cache=True, parallel=True)
def reset_batch(states, decks, deck_lens, seeds, variant, auto_single, T):
    """decks: int32[B, 2, MAX_DECK] card ids, deck_lens: int32[B, 2], seeds: int64[B]."""
    for b in prange(states.shape[0]):
        reset_one(states, b, decks, deck_lens, seeds, variant, auto_single, T)


@njit(cache=True)
def _write_outputs(states, b, T, obs, masks):
    s = states[b]
    legal_mask_row(s, T, masks[b])
    p = s[H_DECIDER]
    observe_row(s, T, p if p >= 0 else 0, obs[b])


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
            reset_row(s, decks[b, 0, : deck_lens[b, 0]], decks[b, 1, : deck_lens[b, 1]], seeds[b] + counters[b, 1], variant, 0, T)
        n_legal = legal_mask_row(s, T, masks[b])
        observe_row(s, T, s[H_DECIDER], obs[b])
        a = _pick_uniform(masks[b], n_legal, agent_rng[b])
        apply_unchecked(s, T, a)
        counters[b, 0] += 1


@njit(cache=True, parallel=True)
def random_play_batch(states, T, decks, deck_lens, seeds, variant, steps, obs, masks, agent_rng, counters):
    for b in prange(states.shape[0]):
        random_play_row(states, b, T, decks, deck_lens, seeds, variant, steps, obs, masks, agent_rng, counters)


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
    apply_unchecked(s, T, a)
    auto_apply_single(s, T, masks[b])
    if s[H_DONE] != 0:
        terminated[b] = 1
        w = s[H_WINNER]
        if w == 0 or w == 1:
            rewards[b, w] = 1.0
            rewards[b, 1 - w] = -1.0
        if auto_reset:
            episodes[b] += 1
            reset_row(s, decks[b, 0, : deck_lens[b, 0]], decks[b, 1, : deck_lens[b, 1]], seeds[b] + episodes[b], variant, auto_single, T)
    _write_outputs(states, b, T, obs, masks)


@njit(cache=True, parallel=True)
def step_batch(states, actions, T, obs, masks, rewards, terminated, errors, decks, deck_lens, seeds, episodes, variant, auto_single, auto_reset):
    """Step every row with ``actions[b]`` (checked against ``masks[b]``, the mask written by the
    previous call), then write each row's new mask and the observation of its decider."""
    for b in prange(states.shape[0]):
        step_row(states, b, actions, T, obs, masks, rewards, terminated, errors, decks, deck_lens, seeds, episodes, variant, auto_single, auto_reset)


@njit(cache=True, parallel=True)
def write_outputs_batch(states, T, obs, masks):
    for b in prange(states.shape[0]):
        _write_outputs(states, b, T, obs, masks)


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
        apply_unchecked(s, T, _pick_uniform(masks[b], n_legal, agent_rng[b]))
        n += 1
    lengths[b] = n


@njit(cache=True, parallel=True)
def random_finish_batch(states, T, masks, agent_rng, max_decisions, lengths):
    for b in prange(states.shape[0]):
        random_finish_row(states, b, T, masks, agent_rng, max_decisions, lengths)
