"""The machine's reference: a minimal numba card game measured beside each engine.

Rules (deliberately tiny): each player has a 40-card deck of power values, a hand and a field of
up to 8 cards; a decision is "play hand card i", "attack with field card i" (deals its power as
damage to the opponent, 20 life) or "pass" (ends the turn; the next player draws). Every decision
writes a 128-float observation and the legal mask, exactly like the real engines do. It is the
floor of what a card-game kernel costs on this machine, so engine figures are reported as a ratio
to it rather than as absolute numbers alone.
"""

import numpy as np
from numba import njit, prange

DECK = 40
HAND = 10
FIELD = 8
A = 1 + HAND + FIELD
OBS = 128
# row layout
R_TURN_PLAYER = 0
R_DONE = 1
R_LIFE = 2  # 2
R_DECK_N = 4  # 2
R_HAND_N = 6
R_FIELD_N = 8
R_RNG = 10
R_DECK = 16  # 2 x DECK
R_HAND = R_DECK + 2 * DECK
R_FIELD = R_HAND + 2 * HAND
R_ATTACKED = R_FIELD + 2 * FIELD
ROW = R_ATTACKED + 2 * FIELD


@njit(cache=True)
def _rand(s, n):
    x = np.int64(s[R_RNG]) & 0xFFFFFFFF
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    s[R_RNG] = np.int32(x - 0x100000000 if x >= 0x80000000 else x)
    return x % n


@njit(cache=True)
def _draw(s, p):
    n = s[R_DECK_N + p]
    if n == 0:
        s[R_DONE] = 1
        return
    if s[R_HAND_N + p] < HAND:
        s[R_HAND + p * HAND + s[R_HAND_N + p]] = s[R_DECK + p * DECK + n - 1]
        s[R_HAND_N + p] += 1
    s[R_DECK_N + p] = n - 1


@njit(cache=True)
def reset(s, seed):
    s[:] = 0
    s[R_RNG] = seed * 2654435761 % 2147483647 + 1
    for p in range(2):
        s[R_LIFE + p] = 20
        for i in range(DECK):
            s[R_DECK + p * DECK + i] = 1 + _rand(s, 5)
        s[R_DECK_N + p] = DECK
        for _ in range(5):
            _draw(s, p)


@njit(cache=True)
def mask(s, out):
    out[:] = 0
    p = s[R_TURN_PLAYER]
    out[0] = 1
    n = 1
    if s[R_FIELD_N + p] < FIELD:
        for i in range(s[R_HAND_N + p]):
            out[1 + i] = 1
            n += 1
    for i in range(s[R_FIELD_N + p]):
        if s[R_ATTACKED + p * FIELD + i] == 0:
            out[1 + HAND + i] = 1
            n += 1
    return n


@njit(cache=True)
def observe(s, out):
    out[:] = 0.0
    p = s[R_TURN_PLAYER]
    out[0] = s[R_LIFE + p] / 20.0
    out[1] = s[R_LIFE + 1 - p] / 20.0
    out[2] = s[R_DECK_N + p] / 40.0
    for i in range(s[R_HAND_N + p]):
        out[8 + i] = s[R_HAND + p * HAND + i] / 5.0
    for q in range(2):
        for i in range(s[R_FIELD_N + q]):
            out[32 + q * 16 + i] = s[R_FIELD + q * FIELD + i] / 5.0
            out[48 + q * 16 + i] = s[R_ATTACKED + q * FIELD + i]


@njit(cache=True)
def apply(s, a):
    p = s[R_TURN_PLAYER]
    if a == 0:
        for i in range(FIELD):
            s[R_ATTACKED + p * FIELD + i] = 0
        s[R_TURN_PLAYER] = 1 - p
        _draw(s, 1 - p)
    elif a <= HAND:
        i = a - 1
        s[R_FIELD + p * FIELD + s[R_FIELD_N + p]] = s[R_HAND + p * HAND + i]
        s[R_FIELD_N + p] += 1
        for k in range(i, s[R_HAND_N + p] - 1):
            s[R_HAND + p * HAND + k] = s[R_HAND + p * HAND + k + 1]
        s[R_HAND_N + p] -= 1
    else:
        i = a - 1 - HAND
        s[R_ATTACKED + p * FIELD + i] = 1
        s[R_LIFE + 1 - p] -= s[R_FIELD + p * FIELD + i]
        if s[R_LIFE + 1 - p] <= 0:
            s[R_DONE] = 1


@njit(cache=True, parallel=True)
def play_batch(states, steps, obs, masks, counters):
    for b in prange(states.shape[0]):
        s = states[b]
        for _ in range(steps):
            if s[R_DONE] != 0:
                counters[b, 1] += 1
                reset(s, b * 1000003 + counters[b, 1])
            n = mask(s, masks[b])
            observe(s, obs[b])
            k = _rand(s, n)
            for a in range(A):
                if masks[b, a] != 0:
                    if k == 0:
                        apply(s, a)
                        break
                    k -= 1
            counters[b, 0] += 1


def make_batch(B):
    states = np.zeros((B, ROW), np.int32)
    for b in range(B):
        reset(states[b], b + 1)
    return states, np.zeros((B, OBS), np.float32), np.zeros((B, A), np.int8), np.zeros((B, 2), np.int64)
