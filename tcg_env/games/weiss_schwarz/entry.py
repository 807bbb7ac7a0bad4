"""One compiled entry point for the single-game facade's non-step operations.

numba optimises every top-level kernel together with everything it calls, so each separate entry
point the facade calls costs a full pass over the engine at cold compile (7-12 s each, measured).
Reset, mask and observation share this one; ``step_and_mask_row`` stays separate because it is the
hot path and fewer arguments make each call cheaper.
"""

import numpy as np
from numba import njit

from tcg_env.engine.memory import borrow
from tcg_env.games.weiss_schwarz.kernels import advance_row, legal_mask_row, reset_row, step_and_mask_row
from tcg_env.games.weiss_schwarz.observation import observe_row

ROW_RESET = 0  # new game in ``row`` from deck0/deck1/seed/variant/auto_single
ROW_MASK = 1  # legal mask of ``row`` into ``mask``; returns the number of legal actions
ROW_OBSERVE = 2  # ``player``'s observation into ``obs``
ROW_STEP = 3  # apply checked action ``player`` (the action index), run on, write the mask
ROW_ADVANCE = 4  # run the engine from the row's flow state to the next decision (scenarios)


@njit(cache=True)
def row_entry(op, row, T, deck0, deck1, seed, variant, auto_single, player, mask, obs):
    # borrowed views: no reference-count updates inside the engine (tcg_env.engine.memory)
    row = borrow(row)
    T = borrow(T)
    mask = borrow(mask)
    obs = borrow(obs)
    deck0 = borrow(deck0)
    deck1 = borrow(deck1)
    if op == ROW_RESET:
        reset_row(row, deck0, deck1, np.int64(seed), np.int64(variant), np.int64(auto_single), T)
        return 0
    if op == ROW_STEP:
        return step_and_mask_row(row, T, np.int64(player), mask)
    if op == ROW_MASK:
        return legal_mask_row(row, T, mask)
    if op == ROW_ADVANCE:
        advance_row(row, T)
        return 0
    observe_row(row, T, np.int64(player), obs)
    return 0
