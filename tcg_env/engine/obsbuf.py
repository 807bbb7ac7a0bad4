"""Clearing observation buffers before a kernel writes an observation into them.

Observations are written sparsely (only the non-zero columns of each row), so the rows about to be
written must be zero first, and so must every row that held something before and holds nothing
now. Zeroing the whole vector every decision (5.5 KiB for FF-TCG, 7 KiB for Weiss Schwarz) was
~30% of writing an FF-TCG observation (190 -> 135 ns per call without it, measured 2026-11-24),
most of it rows that were zero already. A kernel that wrote ``out`` at its previous decision knows
what it holds: a block's written rows form a prefix whose ``present`` column (column 0) is 1, and
all later rows are zero. ``clear_block`` with ``over_previous`` uses that to clear only the rows
that may be non-zero.

Card rows whose columns are mostly static copy them whole from the ``obs_rows`` table
(``copy_card_row``, then write the few dynamic columns); such a block needs only its rows past
the written ones cleared (``clear_rows_after``).
"""

import numpy as np
from numba.core import cgutils, types
from numba.extending import intrinsic, overload

from tcg_env.engine.jit import internal
from tcg_env.engine.tables import OBS_ROWS


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
    zero_range(out, base, base + min(n_written, rows) * width)
    clear_rows_after(out, base, rows, width, n_written, over_previous)


@internal
def clear_rows_after(out, base, rows, width, n_written, over_previous):
    """Make rows [n_written, rows) of the block at ``base`` zero; with ``over_previous`` only those up
    to the first absent one (see ``clear_block``). Enough by itself when rows [0, n_written) are
    about to be written whole (``copy_card_row``, every column)."""
    clear_rows_after_at(out, base, rows, width, n_written, over_previous, 0)


@internal
def clear_rows_after_at(out, base, rows, width, n_written, over_previous, present):
    """``clear_rows_after`` for rows whose "present" column (non-zero in every written row) is
    column ``present`` instead of 0."""
    if n_written >= rows:
        return
    if not over_previous:
        zero_range(out, base + n_written * width, base + rows * width)
        return
    end = n_written
    while end < rows and out[base + end * width + present] != 0.0:
        end += 1
    zero_range(out, base + n_written * width, base + end * width)


def copy_card_row(out, o, T, cid, width):
    """``out[o : o + width] = `` the first ``width`` columns of card ``cid``'s row of the ``obs_rows``
    table packed in ``T`` (``tcg_env.engine.tables``). Compiled, one fixed-size copy (``width`` is a
    compile-time constant: a few vector moves) instead of a store and a conversion per column.
    No bounds checks in compiled code: ``cid`` is a card id of the pool and ``width`` at most the
    table's width."""
    cols, off = int(T[3 * OBS_ROWS + 1]), int(T[3 * OBS_ROWS + 2])
    out[o : o + width] = T[off + cid * cols : off + cid * cols + width].view(np.float32)


@intrinsic
def _copy_card_row(typingctx, out, o, T, cid, width):
    if not (isinstance(out, types.Array) and out.ndim == 1 and out.layout == "C" and out.dtype == types.float32):
        return None
    if not (isinstance(T, types.Array) and T.ndim == 1 and T.layout == "C" and T.dtype == types.int32):
        return None
    if not (isinstance(o, types.Integer) and isinstance(cid, types.Integer) and isinstance(width, types.IntegerLiteral)):
        return None
    nbytes = 4 * width.literal_value

    def codegen(context, builder, sig, args):
        from llvmlite import ir

        i64 = ir.IntType(64)
        dst = context.make_array(out)(context, builder, value=args[0])
        src = context.make_array(T)(context, builder, value=args[2])

        def header(i):
            return builder.sext(builder.load(builder.gep(src.data, [ir.Constant(i64, 3 * OBS_ROWS + i)])), i64)

        cols, off = header(1), header(2)
        row = context.cast(builder, args[3], sig.args[3], types.int64)
        src_ptr = builder.gep(src.data, [builder.add(off, builder.mul(row, cols))])
        dst_ptr = builder.gep(dst.data, [context.cast(builder, args[1], sig.args[1], types.int64)])
        cgutils.raw_memcpy(builder, dst_ptr, src_ptr, ir.Constant(i64, nbytes), 1, align=4)
        return context.get_dummy_value()

    return types.none(out, o, T, cid, width), codegen


@overload(copy_card_row)
def _copy_card_row_overload(out, o, T, cid, width):
    if isinstance(out, types.Array) and out.layout == "C" and out.dtype == types.float32:
        return lambda out, o, T, cid, width: _copy_card_row(out, o, T, cid, width)
    raise TypeError(f"copy_card_row needs a C-contiguous float32 out array, got {out}")
