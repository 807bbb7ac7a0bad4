"""One game's kernels as the layers above the engine use them (``GameSpec.kernels``).

:class:`GameKernels` binds the shared core's kernels (:mod:`tcg_env.engine.rows`,
:mod:`tcg_env.engine.batch`, :mod:`tcg_env.engine.policy`) to one game's
:class:`~tcg_env.engine.hooks.Rules`, so the facade, the envs, the agents and the benchmarks call
``spec.kernels.step_batch(...)`` without naming the game. The row-level kernels take the same
arguments as the core's minus ``game``; the game's own row kernels (scenario helpers and the like)
are not here: they belong to the game's package.

Every kernel called from Python is a top-level compile of the game's whole rules (numba optimises
it with everything it calls: 30-35 s a game on a loaded 2-core machine). So the row operations
Python calls one row at a time (search agents, the OpenSpiel bridge, self-play's observations,
tests) go through the two entry kernels the rest compiles anyway: ``legal_mask_row``,
``apply_unchecked``, ``apply_row``, ``step_and_mask_row``, ``reset_row`` and ``observe_row`` through the
facade's ``rows.row_entry`` (an operation code each), ``determinize_row`` through the batch agents'
``policy.policy_range`` on a batch of that one row. Same arguments, same results as the kernels
of the same names.
"""

from __future__ import annotations

import importlib
from functools import partial

import numpy as np

# the arguments an operation of rows.row_entry does not read, of the types the facade passes (tcg_env.game), so that
# every call reuses the facade's compiled entry
_NO_CARDS = np.zeros(1, np.int32)
_NO_MASK = np.zeros(1, np.int8)
_NO_OBS = np.zeros(1, np.float32)


class LazyKernels:
    """A game's :class:`GameKernels`, built on first use from the game's hooks module (its import
    path, whose ``RULES`` is the game's :class:`~tcg_env.engine.hooks.Rules`), so that
    ``import tcg_env`` and the registry import no numba module."""

    def __init__(self, hooks_module: str):
        self._hooks_module = hooks_module
        self._kernels = None

    def __getattr__(self, name):
        if name.startswith("__") or name in ("_hooks_module", "_kernels"):
            raise AttributeError(name)
        if self._kernels is None:
            self._kernels = GameKernels(importlib.import_module(self._hooks_module).RULES)
        value = getattr(self._kernels, name)
        setattr(self, name, value)  # later lookups are plain attributes (a __getattr__ costs ~1.5 us)
        return value

    def __repr__(self) -> str:
        return f"LazyKernels({self._hooks_module!r})"


class GameKernels:
    """The kernel namespace of one game (see :mod:`tcg_env.spec` for the contract)."""

    def __init__(self, rules):
        from tcg_env.engine import batch, policy, rows  # numba modules: imported on first use

        self.rules = rules
        for name in ("ROW_RESET", "ROW_MASK", "ROW_OBSERVE", "ROW_STEP", "ROW_ADVANCE", "ROW_APPLY", "ROW_APPLY_CHECKED",
                     "ERR_ILLEGAL", "ERR_DONE"):
            setattr(self, name, getattr(rows, name))
        self.AGENT_RANDOM = policy.AGENT_RANDOM
        self.AGENT_HEURISTIC = policy.AGENT_HEURISTIC
        self.AGENT_RNG_WORDS = batch.AGENT_RNG_WORDS
        self.seed_agent_rng = batch.seed_agent_rng
        # the facade's one compiled entry, and the game to pass it first (game.fast_entry)
        self.row_entry_kernel = rows.row_entry
        for name in ("row_entry", "auto_apply_single"):
            setattr(self, name, partial(getattr(rows, name), rules))
        for name in ("choose_action_row", "playout_row"):
            setattr(self, name, partial(getattr(policy, name), rules))
        ops = batch.BatchOps(rules)
        for name in ("reset_batch", "step_batch", "write_outputs_batch", "random_play_batch", "random_finish_batch"):
            setattr(self, name, getattr(ops, name))
        agents = policy.PolicyOps(rules)
        for name in ("agent_actions_batch", "playout_batch", "determinize_batch"):
            setattr(self, name, getattr(agents, name))
        self._entry_kernels = {"row": (rows.row_entry, policy.choose_action_row),
                               "batch": (batch.batch_range, policy.policy_range)}

    # ---- the row operations, through the entry kernels (module docstring) -----------------------------
    def _entry(self, op, s, T, player=0, mask=_NO_MASK, obs=_NO_OBS, deck0=_NO_CARDS, deck1=_NO_CARDS, seed=0,
               variant=0, auto_single=0):
        return int(self.row_entry(op, s, T, deck0, deck1, seed, variant, auto_single, player, mask, obs))

    def legal_mask_row(self, s, T, mask) -> int:
        """The legal mask of row ``s``'s pending decision into ``mask``; the number of legal actions."""
        return self._entry(self.ROW_MASK, s, T, mask=mask)

    def apply_unchecked(self, s, T, a) -> None:
        """Apply action ``a``, legal by the caller's mask, and run to the next decision (no check: an illegal ``a``
        corrupts the row; search agents use it on masks they wrote)."""
        self._entry(self.ROW_APPLY, s, T, int(a))

    def apply_row(self, s, T, a, scratch) -> int:
        """Checked apply (``scratch``: a mask the check writes): 0, ERR_DONE or ERR_ILLEGAL (the row untouched)."""
        return self._entry(self.ROW_APPLY_CHECKED, s, T, int(a), mask=scratch)

    def step_and_mask_row(self, s, T, a, mask) -> int:
        """Apply ``a`` (checked against ``mask`` by the caller), run on, write the new mask; the legal actions."""
        return self._entry(self.ROW_STEP, s, T, int(a), mask=mask)

    def reset_row(self, s, deck0, deck1, seed, variant, auto_single, T) -> None:
        """A new game in row ``s`` (the header, the RNG from ``seed``, the game's setup)."""
        self._entry(self.ROW_RESET, s, T, deck0=np.ascontiguousarray(deck0, np.int32),
                    deck1=np.ascontiguousarray(deck1, np.int32), seed=int(seed), variant=int(variant),
                    auto_single=int(auto_single))

    def observe_row(self, s, T, player, obs) -> None:
        """``player``'s observation of row ``s`` into ``obs``."""
        self._entry(self.ROW_OBSERVE, s, T, int(player), obs=obs)

    def determinize_row(self, s, T, player, rng_row) -> None:
        """Resample what ``player`` cannot see in row ``s`` and reseed its RNG, drawing from ``rng_row`` (a row of
        ``seed_agent_rng``): ``determinize_batch`` on the batch of this one row (views: both are written in place)."""
        self.determinize_batch(s[None], T, np.full(1, player, np.int32), rng_row[None])

    def entry_kernels(self, part: str) -> tuple:
        """The entry kernels (numba dispatchers) that the first use of ``part`` compiles for a game:
        "row" (one game: the facade and its agents) or "batch" (many rows: envs, matchups,
        benchmarks). Each holds the game's whole rules when compiled; the command line's first-run
        notice asks :func:`tcg_env.engine.cache.is_cached` about them."""
        return self._entry_kernels[part]

    def __repr__(self) -> str:
        return f"GameKernels({self.rules!r})"
