"""A card pool's kernel tables packed into one array, the ``T`` every kernel takes.

Each game compiles its cards into four int32 tables: ``cards``, ``abilities``, ``filters`` and
``code`` (``tcg_env.cards``). The kernels used to take them as a tuple of four 2-D arrays. numba
passes an array argument as its flattened structure (meminfo, parent, size, itemsize, data, shape,
strides: nine words for a 2-D array), so every call of a helper that was not inlined pushed ~36
words for ``T`` alone onto the stack (~44 pushes per call with the row ``s``, seen in the
generated code). Packed into one 1-D array, ``T`` is seven words; the helpers below rebuild each
table as a 2-D view (a few register operations, no memory traffic), inlined where they are used.

A fifth table, ``obs_rows``, is the float32 row the game's observation writes for each card id (its
static columns), stored as the float32 values' bits: the observation copies a card's row in one
fixed-size copy (``tcg_env.engine.obsbuf.copy_card_row``) instead of computing and storing its
columns one by one.

A sixth table, ``flags``, holds what a game derives from the four rule tables when the pool is
packed so that its kernels can skip work a pool never needs (``FLAG_WORDS`` int32 words per row; one
row per card id, then one row for the whole pool): e.g. "this card has no ability that works from the
hand", "no card of the pool can make a card unblockable". A set bit means "may": the default table,
every bit set, makes the kernels skip nothing. Being derived from the rule tables, it is not part of
the pool's fingerprint (``tcg_env.adapter.pool_fingerprint`` hashes ``unpack_tables``).

Layout: a header of ``HEADER`` words, ``(rows, cols, offset)`` for each table in the order
cards, abilities, filters, code, obs_rows, flags, then the tables' rows back to back (C order).
"""

import numpy as np
import numba
from numba import njit, types
from numba.extending import intrinsic

N_TABLES = 6  # cards, abilities, filters, code, obs_rows, flags
HEADER = 3 * N_TABLES
OBS_ROWS = 4  # the index of the obs_rows table
FLAGS = 5  # the index of the flags table
FLAG_WORDS = 4  # int32 words per row of the flags table (each game gives them its own meaning)


def pack_tables(cards: np.ndarray, abilities: np.ndarray, filters: np.ndarray, code: np.ndarray,
                obs_rows: np.ndarray, flags: np.ndarray | None = None) -> np.ndarray:
    """The packed int32 array of the four rule tables (each 2-D int32), ``obs_rows`` (2-D
    float32, one row per card id: ``obs_rows.shape[0] == cards.shape[0]``) and ``flags`` (2-D
    int32, ``(cards.shape[0] + 1, FLAG_WORDS)``: a row per card id, then the pool's row; None: every
    bit set, the kernels skip nothing)."""
    for k, t in enumerate((cards, abilities, filters, code)):
        if t.ndim != 2 or t.dtype != np.int32:
            raise ValueError(f"kernel table {k} must be a 2-D int32 array, got {t.ndim}-D {t.dtype}")
    if obs_rows.ndim != 2 or obs_rows.dtype != np.float32:
        raise ValueError(f"obs_rows must be a 2-D float32 array, got {obs_rows.ndim}-D {obs_rows.dtype}")
    if obs_rows.shape[0] != cards.shape[0]:
        raise ValueError(f"obs_rows must have one row per card id ({cards.shape[0]}), got {obs_rows.shape[0]}")
    if flags is None:
        flags = np.full((cards.shape[0] + 1, FLAG_WORDS), -1, np.int32)
    if flags.dtype != np.int32 or flags.shape != (cards.shape[0] + 1, FLAG_WORDS):
        raise ValueError(f"flags must be a ({cards.shape[0] + 1}, {FLAG_WORDS}) int32 array (a row per card id and "
                         f"the pool's), got {flags.shape} {flags.dtype}")
    tables = (cards, abilities, filters, code, np.ascontiguousarray(obs_rows).view(np.int32), flags)
    header = np.zeros(HEADER, np.int32)
    offset = HEADER
    for k, t in enumerate(tables):
        header[3 * k : 3 * k + 3] = (t.shape[0], t.shape[1], offset)
        offset += t.size
    packed = np.empty(offset, np.int32)
    packed[:HEADER] = header
    for k, t in enumerate(tables):
        packed[header[3 * k + 2] : header[3 * k + 2] + t.size] = t.ravel()
    return packed


def unpack_tables(T: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The four rule tables of a packed ``T`` as 2-D views (for Python code and tests)."""
    return tuple(_table_view_python(T, k) for k in range(OBS_ROWS))


def unpack_flags(T: np.ndarray) -> np.ndarray:
    """The ``flags`` table of a packed ``T`` as a 2-D view (the pool's row last)."""
    return _table_view_python(T, FLAGS)


def unpack_obs_rows(T: np.ndarray) -> np.ndarray:
    """The ``obs_rows`` table of a packed ``T`` as a 2-D float32 view."""
    return _table_view_python(T, OBS_ROWS).view(np.float32)


def _table_view_python(T, k):
    rows, cols, off = int(T[3 * k]), int(T[3 * k + 1]), int(T[3 * k + 2])
    return T[off : off + rows * cols].reshape(rows, cols)


@intrinsic
def _table_view(typingctx, T, k):
    """Table ``k`` of a packed ``T`` as a 2-D view, its structure built from the header (three
    loads, no checks, no owner: the caller holds ``T``). numba's ``reshape`` of a slice did the same
    through a general routine with loops and made random play ~35% slower."""
    if not (isinstance(T, types.Array) and T.ndim == 1 and T.layout == "C" and isinstance(k, types.IntegerLiteral)):
        return None
    view_type = types.Array(T.dtype, 2, "C")
    first = 3 * k.literal_value

    def codegen(context, builder, sig, args):
        from llvmlite import ir
        from numba.np.arrayobj import populate_array

        src = context.make_array(T)(context, builder, value=args[0])
        i64 = ir.IntType(64)

        def header(i):
            return builder.sext(builder.load(builder.gep(src.data, [ir.Constant(i64, first + i)])), i64)

        rows, cols, off = header(0), header(1), header(2)
        item = context.get_abi_sizeof(context.get_data_type(T.dtype))
        view = context.make_array(view_type)(context, builder)
        populate_array(view, data=builder.gep(src.data, [off]), shape=[rows, cols],
                       strides=[builder.mul(cols, ir.Constant(i64, item)), ir.Constant(i64, item)],
                       itemsize=item, meminfo=None)
        return view._getvalue()

    return view_type(T, k), codegen


# One view function: the intrinsic when compiling, the numpy version under NUMBA_DISABLE_JIT (where
# an intrinsic cannot run). The accessors are inlined where they are used (numba IR inlining), so
# no compiled function returns a view.
_view = _table_view_python if numba.config.DISABLE_JIT else _table_view


@njit(cache=True, inline="always")
def card_table(T):
    return _view(T, 0)


@njit(cache=True, inline="always")
def ability_table(T):
    return _view(T, 1)


@njit(cache=True, inline="always")
def filter_table(T):
    return _view(T, 2)


@njit(cache=True, inline="always")
def code_table(T):
    return _view(T, 3)


@njit(cache=True, inline="always")
def flag_table(T):
    """The ``flags`` table: row ``cid`` a card's, the last row the pool's (module docstring)."""
    return _view(T, 5)
