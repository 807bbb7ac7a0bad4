"""A compile-time fix to numba, applied once when :mod:`tcg_env.engine.jit` is imported.

Inlining at the level of numba's IR (``inline="always"``, ``jit.internal_inline`` and
``jit.kernel_inline``) copies the inlined function's IR twice per call site, block by block, each
block with ``copy.deepcopy`` and a memo of its own (``numba.core.inline_closurecall.InlineWorker.
inline_ir``). Every block refers to the function's one ``Scope``, which lists every variable of
the function, so each block's copy copies the whole scope again: the cost grows with blocks x
variables. It is numba's open issue 8989 ("Spurious deep copies in inlining"); for Force of Will's
kernels it was 10.7 s of a 88 s cold compile (measured with timers around ``inline_ir``).

The fix: inside ``inline_ir``, the blocks of one function share one memo, so the scope and its
variables are copied once per copy of the function, as one ``copy.deepcopy`` of all its blocks
would. The copy is the same: within the original IR every block refers to the same scope, and the
copies' scopes are replaced by the caller's when the blocks are merged into it.

It touches only the module ``numba.core.inline_closurecall``, whose one use of ``copy.deepcopy``
is that copy; if a numba release changes that code, :func:`apply` leaves numba as it is (inlining
is then only slower).
"""

from __future__ import annotations

import copy as _copy

_applied = False


class _SharedMemoCopy:
    """Stands for the ``copy`` module inside ``numba.core.inline_closurecall``: while an
    ``inline_ir`` call runs, the deep copies of blocks with the same scope share one memo."""

    def __init__(self, block_type):
        self._block_type = block_type
        self.memos = None  # scope id -> memo, during an inline_ir call

    def deepcopy(self, x, memo=None):
        if memo is None and self.memos is not None and isinstance(x, self._block_type):
            memo = self.memos.setdefault(id(x.scope), {})
        return _copy.deepcopy(x, memo)

    def __getattr__(self, name):
        return getattr(_copy, name)


def apply() -> bool:
    """Install the fix (once); False when this numba's inliner is not the code it was written
    for."""
    global _applied
    if _applied:
        return True
    try:
        from numba.core import inline_closurecall as icc
        from numba.core import ir
    except ImportError:  # pragma: no cover
        return False
    worker = getattr(icc, "InlineWorker", None)
    original = getattr(worker, "inline_ir", None)
    if getattr(icc, "copy", None) is not _copy or original is None:
        return False
    shim = _SharedMemoCopy(ir.Block)

    def inline_ir(self, *args, **kwargs):
        outer = shim.memos
        shim.memos = {}  # the scopes of this call's IR are alive until it returns
        try:
            return original(self, *args, **kwargs)
        finally:
            shim.memos = outer

    inline_ir.__wrapped__ = original
    inline_ir.__doc__ = original.__doc__
    worker.inline_ir = inline_ir
    icc.copy = shim
    _applied = True
    return True
