"""Kernels over action masks only (no game rules), shared by every game's batch facade.

They are tiny and compile in well under a second, because they call nothing from a game engine:
checking a batch of actions and sampling uniform legal actions do not need the rules, only the
masks the rules already wrote.
"""

from numba import njit

from tcg_env.engine.rng import rng_below


@njit(cache=True, nogil=True)
def first_illegal_row(actions, masks):
    """Index of the first row whose action is out of range or not marked in its mask; -1 if none.
    (The batch facade checks every row before applying any, so a bad batch changes nothing.)"""
    n_actions = masks.shape[1]
    for b in range(actions.shape[0]):
        a = actions[b]
        if a < 0 or a >= n_actions or masks[b, a] == 0:
            return b
    return -1


@njit(cache=True, nogil=True)
def sample_legal_actions(masks, agent_rng, out):
    """Uniform legal action of every row (rows with an empty mask get -1). ``agent_rng`` holds one
    RNG row per batch row (``tcg_env.games.fftcg.batch.seed_agent_rng``), so the draws are
    reproducible and independent of the games' own RNG."""
    n_actions = masks.shape[1]
    for b in range(masks.shape[0]):
        n = 0
        for a in range(n_actions):
            n += masks[b, a] != 0
        if n == 0:
            out[b] = -1
            continue
        k = rng_below(agent_rng[b], n)
        for a in range(n_actions):
            if masks[b, a] != 0:
                if k == 0:
                    out[b] = a
                    break
                k -= 1
