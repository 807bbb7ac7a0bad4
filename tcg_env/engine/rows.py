"""The row-level kernels every game shares: a new game, a checked or unchecked step, the
``auto_single`` option, and the one compiled entry point of the single-game facade.

Each takes the game's :class:`tcg_env.engine.hooks.Rules` as ``game`` and reaches the rules only
through the hooks of :mod:`tcg_env.engine.hooks`.
"""

import numpy as np
from numba import njit

from tcg_env.engine import hooks
from tcg_env.engine.jit import kernel_inline
from tcg_env.engine.header import H_AUTO_SINGLE, H_DECIDER, H_DONE, H_VARIANT, H_WINNER, WINNER_NONE
from tcg_env.engine.memory import borrow
from tcg_env.engine.rng import rng_seed_one

ERR_ILLEGAL = -1  # apply_row: the action is not legal now (the row is left untouched)
ERR_DONE = -2  # apply_row: the game is over

# operations of ``row_entry``
ROW_RESET = 0  # new game in ``row`` from deck0/deck1/seed/variant/auto_single
ROW_MASK = 1  # legal mask of ``row`` into ``mask``; returns the number of legal actions
ROW_OBSERVE = 2  # ``player``'s observation into ``obs``
ROW_STEP = 3  # apply checked action ``player`` (the action index), run on, write the mask
ROW_ADVANCE = 4  # run a row edited in Python (a scenario, a snapshot) to its next decision
ROW_APPLY = 5  # apply legal action ``player`` (the action index) unchecked and run to the next decision (no auto_single)
ROW_APPLY_CHECKED = 6  # ``apply_row``: checked action ``player``, ``mask`` its scratch; returns 0 / ERR_DONE / ERR_ILLEGAL


@kernel_inline  # a thin wrapper: inlined into the entry kernels (engine.jit)
def auto_apply_single(game, s, T, scratch):
    """Option ``auto_single``: apply decisions that have exactly one legal action."""
    while s[H_DONE] == 0 and s[H_AUTO_SINGLE] != 0:
        if hooks.legal_mask_row(game, s, T, scratch) != 1:
            return
        for a in range(hooks.num_actions(game)):
            if scratch[a] != 0:
                hooks.apply_unchecked(game, s, T, np.int64(a))
                break


@kernel_inline  # a thin wrapper: inlined into the entry kernels (engine.jit)
def reset_row(game, s, deck0, deck1, seed, variant, auto_single, T):
    """A new game in row ``s``: the header, the RNG from ``seed``, then the game's own setup
    (``setup_row``: zones, decks, first player, up to the first decision)."""
    for k in range(hooks.state_size(game)):
        s[k] = 0
    s[H_WINNER] = WINNER_NONE
    s[H_DECIDER] = -1
    s[H_VARIANT] = variant
    s[H_AUTO_SINGLE] = auto_single
    rng_seed_one(s, seed)
    hooks.setup_row(game, s, deck0, deck1, T)
    if auto_single != 0:
        scratch = np.zeros(hooks.num_actions(game), np.int8)
        auto_apply_single(game, s, T, scratch)


@kernel_inline  # a thin wrapper: inlined into the entry kernels (engine.jit)
def apply_row(game, s, T, a, scratch):
    """Checked apply: returns 0, ERR_DONE, or ERR_ILLEGAL (state untouched on error)."""
    if s[H_DONE] != 0:
        return ERR_DONE
    if a < 0 or a >= hooks.num_actions(game):
        return ERR_ILLEGAL
    hooks.legal_mask_row(game, s, T, scratch)
    if scratch[a] == 0:
        return ERR_ILLEGAL
    hooks.apply_unchecked(game, s, T, a)
    auto_apply_single(game, s, T, scratch)
    return 0


@kernel_inline  # a thin wrapper: inlined into the entry kernels (engine.jit)
def apply_unchecked(game, s, T, a):
    """Apply action ``a``, legal by the caller's mask, and run to the next decision (no check: an
    illegal ``a`` corrupts the row; search agents use it on masks they wrote)."""
    hooks.apply_unchecked(game, s, T, a)


@kernel_inline  # a thin wrapper: inlined into the entry kernels (engine.jit)
def step_and_mask_row(game, s, T, a, mask):
    """Facade fast path: ``a`` was checked against ``mask`` by the caller; apply it, run to the
    next decision and write the new mask (returns the number of legal actions)."""
    hooks.apply_unchecked(game, s, T, a)
    auto_apply_single(game, s, T, mask)
    return hooks.legal_mask_row(game, s, T, mask)


@kernel_inline  # a thin wrapper: inlined into the entry kernels (engine.jit)
def legal_mask_row(game, s, T, mask):
    """The legal mask of the pending decision into ``mask``; the number of legal actions."""
    return hooks.legal_mask_row(game, s, T, mask)


@kernel_inline  # a thin wrapper: inlined into the entry kernels (engine.jit)
def observe_row(game, s, T, player, obs):
    """``player``'s observation of row ``s`` into ``obs``."""
    hooks.observe_row(game, s, T, player, obs)


@njit(cache=True)
def row_entry(game, op, row, T, deck0, deck1, seed, variant, auto_single, player, mask, obs):
    """The single-game facade's one compiled entry (``ROW_*`` operations).

    numba optimises every top-level kernel together with everything it calls, so each separate
    entry point the facade calls costs a full pass over the engine at cold compile (7-12 s each,
    measured); the step shares it too (a separate step kernel cost ~20 s more, for ~0.3 us less a
    step), and so do the row operations of ``spec.kernels`` (``legal_mask_row``, ``apply_unchecked``,
    ``apply_row``, ``reset_row``, ``observe_row``: ``engine.api.GameKernels``)."""
    # borrowed views: no reference-count updates inside the engine (tcg_env.engine.memory)
    row = borrow(row)
    T = borrow(T)
    mask = borrow(mask)
    obs = borrow(obs)
    deck0 = borrow(deck0)
    deck1 = borrow(deck1)
    if op == ROW_RESET:
        reset_row(game, row, deck0, deck1, np.int64(seed), np.int64(variant), np.int64(auto_single), T)
        return 0
    if op == ROW_STEP:
        return step_and_mask_row(game, row, T, np.int64(player), mask)
    if op == ROW_MASK:
        return hooks.legal_mask_row(game, row, T, mask)
    if op == ROW_ADVANCE:
        hooks.advance_row(game, row, T)
        return 0
    if op == ROW_APPLY:
        hooks.apply_unchecked(game, row, T, np.int64(player))
        return 0
    if op == ROW_APPLY_CHECKED:
        return apply_row(game, row, T, np.int64(player), mask)
    hooks.observe_row(game, row, T, np.int64(player), obs)
    return 0
