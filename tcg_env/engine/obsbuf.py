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

What a game declares instead of writing: its global columns with their state words
(``blocks.WordColumns``, written by ``columns_writer``'s kernel), and the card rows of a list zone
(``zone_rows_writer``'s kernel, calling the game's card row kernel for each card).
"""

import linecache

import numpy as np
from numba import njit
from numba.core import cgutils, types
from numba.extending import intrinsic, overload

from tcg_env.engine.jit import internal
from tcg_env.engine.tables import OBS_ROWS
from tcg_env.engine.zones import zone_offsets


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


def columns_writer(columns, name: str):
    """A kernel ``name(s, player, out, base)`` that writes every sourced column of ``columns`` (a
    :class:`~tcg_env.engine.blocks.WordColumns`) into the block at ``base`` of ``player``'s
    observation; the block must be zero first (its one-hots write their 1 only).

    The kernel is generated here from the declaration, once, at import: one store per column with
    the state word, the column and the scale as literals, the code the games wrote by hand
    (``out[g + G_MY_DAMAGE] = s[DAMAGE_N + me] / 7.0``), so the values are the same, bit for bit,
    and it compiles to the same straight-line stores (a loop over a table of sources read the table
    at run time). It is inlined at numba's IR level into the game's ``observe_into`` (called by
    name); numba does not cache it by itself (generated code has no file), only within its caller.
    """
    from tcg_env.engine.blocks import WordColumns as W

    lines = [f"def {name}(s, player, out, base):", "    op = 1 - player"]
    for kind, col, word, stride, scale, side in columns.sources:
        if stride == 0:
            src = f"s[{word}]"
        else:
            who = "player" if side == W.MINE else "op"
            src = f"s[{word} + {who}]" if stride == 1 else f"s[{word} + {stride} * {who}]"
        if kind == W.IS_PLAYER:
            lines.append(f"    out[base + {col}] = 1.0 if {src} == player else 0.0")
        elif kind == W.ONEHOT:
            lines.append(f"    out[base + {col} + {src}] = 1.0")
        elif scale == 1.0:
            lines.append(f"    out[base + {col}] = {src}")
        else:
            lines.append(f"    out[base + {col}] = {src} / {scale!r}")
    return _compile_generated("\n".join(lines) + "\n", name, {})


def zone_rows_writer(card_row, width: int, present: int, name: str):
    """A kernel ``name(game, s, T, ZT, z, p, player, out, base, rows, from_top, over_previous)``: the
    card rows at ``base`` (``rows`` rows of ``width`` columns) of list zone ``z`` of player ``p`` in
    ``player``'s observation: its first ``rows`` cards in list order (``from_top``: its last, the top
    first), each written whole by ``card_row(game, s, T, player, slot, out, o)``, then zero rows
    (``clear_rows_after_at``: column ``present`` is non-zero in every written row).

    Generated once, at import, with ``card_row``, ``width`` and ``present`` as its globals, so that
    numba inlines ``card_row`` (a game's ``internal_inline`` kernel) at its IR level as when the
    game called it by name (through the game's tag it would be a call), and the kernel is inlined
    into the game's ``observe_into`` in turn (numba caches it within its caller only)."""
    source = f"""def {name}(game, s, T, ZT, z, p, player, out, base, rows, from_top, over_previous):
    n_off, l_off = zone_offsets(ZT, z, p)
    n = s[n_off]
    m = min(n, rows)
    clear_rows_after_at(out, base, rows, WIDTH, m, over_previous, PRESENT)
    for i in range(m):
        k = n - 1 - i if from_top else i
        card_row(game, s, T, player, s[l_off + k], out, base + i * WIDTH)
"""
    namespace = {"zone_offsets": zone_offsets, "clear_rows_after_at": clear_rows_after_at, "card_row": card_row,
                 "WIDTH": int(width), "PRESENT": int(present)}
    return _compile_generated(source, name, namespace)


def _compile_generated(source: str, name: str, namespace: dict):
    """The kernel ``name`` defined by ``source`` (its globals: ``namespace``), inlined at numba's IR
    level into its callers; not cached by itself (it has no file), only within them."""
    filename = f"<tcg_env.engine.obsbuf {name}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)  # (tracebacks, inspect)
    exec(compile(source, filename, "exec"), namespace)
    fn = namespace[name]
    fn.source = source  # (for the tests and a reader)
    return njit(no_cpython_wrapper=True, no_cfunc_wrapper=True, _nrt=False, inline="always")(fn)
