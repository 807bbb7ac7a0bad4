"""One game's kernels as the layers above the engine use them (``GameSpec.kernels``).

:class:`GameKernels` binds the shared core's kernels (:mod:`tcg_env.engine.rows`,
:mod:`tcg_env.engine.batch`, :mod:`tcg_env.engine.policy`) to one game's
:class:`~tcg_env.engine.hooks.Rules`, so the facade, the envs, the agents and the benchmarks call
``spec.kernels.step_batch(...)`` without naming the game. The row-level kernels take the same
arguments as the core's minus ``game``; the game's own row kernels (scenario helpers and the like)
are not here: they belong to the game's package.
"""

from __future__ import annotations

import importlib
from functools import partial


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
        for name in ("ROW_RESET", "ROW_MASK", "ROW_OBSERVE", "ROW_STEP", "ROW_ADVANCE", "ERR_ILLEGAL", "ERR_DONE"):
            setattr(self, name, getattr(rows, name))
        self.AGENT_RANDOM = policy.AGENT_RANDOM
        self.AGENT_HEURISTIC = policy.AGENT_HEURISTIC
        self.AGENT_RNG_WORDS = batch.AGENT_RNG_WORDS
        self.seed_agent_rng = batch.seed_agent_rng
        # the facade's one compiled entry, and the game to pass it first (game.fast_entry)
        self.row_entry_kernel = rows.row_entry
        for name in ("row_entry", "reset_row", "apply_row", "apply_unchecked", "step_and_mask_row", "legal_mask_row",
                     "observe_row", "auto_apply_single"):
            setattr(self, name, partial(getattr(rows, name), rules))
        for name in ("choose_action_row", "determinize_row", "playout_row"):
            setattr(self, name, partial(getattr(policy, name), rules))
        ops = batch.BatchOps(rules)
        for name in ("reset_batch", "step_batch", "write_outputs_batch", "random_play_batch", "random_finish_batch"):
            setattr(self, name, getattr(ops, name))
        agents = policy.PolicyOps(rules)
        for name in ("agent_actions_batch", "playout_batch", "determinize_batch"):
            setattr(self, name, getattr(agents, name))
        self._entry_kernels = {"row": (rows.row_entry, policy.choose_action_row),
                               "batch": (batch.batch_range, policy.policy_range)}

    def entry_kernels(self, part: str) -> tuple:
        """The entry kernels (numba dispatchers) that the first use of ``part`` compiles for a game:
        "row" (one game: the facade and its agents) or "batch" (many rows: envs, matchups,
        benchmarks). Each holds the game's whole rules when compiled; the command line's first-run
        notice asks :func:`tcg_env.engine.cache.is_cached` about them."""
        return self._entry_kernels[part]

    def __repr__(self) -> str:
        return f"GameKernels({self.rules!r})"
