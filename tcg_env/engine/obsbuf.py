"""Clearing observation buffers before a kernel writes an observation into them.

Observations are written sparsely (only the non-zero columns of each row), so the rows about to be
written must be zero first, and so must every row that held something before and holds nothing
now. Zeroing the whole vector every decision (5.5 KiB for FF-TCG, 7 KiB for Weiss Schwarz) was
~30% of writing an FF-TCG observation (190 -> 135 ns per call without it, measured 2026-11-24),
most of it rows that were zero already. A kernel that wrote ``out`` at its previous decision knows
what it holds: a block's written rows form a prefix whose ``present`` column (column 0) is 1, and
all later rows are zero. ``clear_block`` with ``over_previous`` uses that to clear only the rows
that may be non-zero.
"""

from tcg_env.engine.jit import internal


@internal
def zero_range(out, start, stop):
    # a slice fill: numba lowers it to one bounds computation and a vectorised loop (memset); an
    # indexed loop with run-time bounds pays a negative-index check per element (measured 11x slower)
    out[start:stop] = 0.0


@internal
def clear_block(out, base, rows, width, n_written, over_previous):
    """Make rows [0, rows) of the block at ``base`` (``width`` columns each) ready for
    ``n_written`` rows to be written sparsely: zero the whole block, or, with ``over_previous``
    (``out`` holds an observation written by the same kernel, whose rows in this block are a
    prefix with ``present`` = 1 followed by zero rows), only up to the first absent row at or after
    ``n_written``."""
    if not over_previous:
        zero_range(out, base, base + rows * width)
        return
    end = n_written
    while end < rows and out[base + end * width] != 0.0:
        end += 1
    zero_range(out, base, base + end * width)
