"""Memory helpers for the engines' kernels: borrowed array views and prefetch hints.

numba gives every array a reference-counted owner (its "meminfo"). Each call between kernels that
passes arrays updates those counts with atomic instructions, and the engines pass the state row
and the card tables ``T`` (a tuple of arrays) to nearly every helper: in a ``perf`` profile of
single-threaded FF-TCG random play the atomic increments and decrements took ~30% of the samples.
With two threads stepping rows of the same batch arrays it is worse: both threads update the
same counters, whose cache line then bounces between the cores.

``borrow(x)`` returns the same array (or tuple of arrays) with no owner: the same data, shape and
strides, so every kernel compiles to the same signature, but numba's reference-count calls see a
null owner and return at once. It is only safe while something else keeps the arrays alive, so
only an *entry* kernel (called from Python, whose arguments the caller holds for the whole call)
borrows its arguments, and it never returns or stores a borrowed array. Under
``NUMBA_DISABLE_JIT=1`` ``borrow`` checks its argument and returns it unchanged.

``prefetch(a, start, stop, write)`` asks the CPU to start loading ``a[start:stop]`` into its caches
(LLVM's prefetch intrinsic, one per 64-byte line); a batch kernel uses it to fetch the next rows
while the current one runs. It never changes a result; without numba it does nothing.

Its callers' cached code embeds these intrinsics: ``tcg_env.engine.cache`` recompiles every kernel of
the package after an edit to this file (or any other engine / game file).
"""

import numpy as np
from numba import config
from numba.core import cgutils, types
from numba.extending import intrinsic, overload


def borrow(x):
    """``x`` (an array, or a tuple of arrays) without an owner; see the module docstring."""
    if not (isinstance(x, np.ndarray) or (isinstance(x, tuple) and all(isinstance(t, np.ndarray) for t in x))):
        raise TypeError(f"borrow() takes an array or a tuple of arrays, got {type(x).__name__}")
    return x


def _without_owner(context, builder, ty, value):
    ary = context.make_array(ty)(context, builder, value=value)
    ary.meminfo = cgutils.get_null_value(ary.meminfo.type)
    ary.parent = cgutils.get_null_value(ary.parent.type)
    return ary._getvalue()


@intrinsic
def _borrowed(typingctx, x):
    if isinstance(x, types.Array):

        def codegen(context, builder, sig, args):
            return _without_owner(context, builder, x, args[0])

        return x(x), codegen
    if isinstance(x, types.BaseTuple) and all(isinstance(t, types.Array) for t in x):

        def codegen_tuple(context, builder, sig, args):
            tup = args[0]
            for i, t in enumerate(x):
                item = _without_owner(context, builder, t, builder.extract_value(tup, i))
                tup = builder.insert_value(tup, item, i)
            return tup

        return x(x), codegen_tuple
    return None


@overload(borrow)
def _borrow_overload(x):
    if isinstance(x, types.Array) or (isinstance(x, types.BaseTuple) and all(isinstance(t, types.Array) for t in x)):
        return lambda x: _borrowed(x)
    raise TypeError(f"borrow() takes an array or a tuple of arrays, got {x}")


def prefetch(a, start, stop, write):
    """Hint the CPU to fetch ``a[start:stop]`` (a 1-D array) into its caches now, for reading or,
    if ``write``, for writing. Only a hint: no effect on results, none at all without numba."""
    return None


@intrinsic
def _prefetch_lines(typingctx, a, start, stop, write):
    if not (isinstance(a, types.Array) and a.ndim == 1 and a.layout == "C"):
        return None
    if not all(isinstance(t, (types.Integer, types.Boolean)) for t in (start, stop, write)):
        return None

    def codegen(context, builder, sig, args):
        from llvmlite import ir

        ary = context.make_array(a)(context, builder, value=args[0])
        i64 = ir.IntType(64)
        i32 = ir.IntType(32)
        item = context.get_abi_sizeof(context.get_data_type(a.dtype))
        lo = builder.mul(context.cast(builder, args[1], sig.args[1], types.int64), ir.Constant(i64, item))
        hi = builder.mul(context.cast(builder, args[2], sig.args[2], types.int64), ir.Constant(i64, item))
        rw = builder.zext(context.cast(builder, args[3], sig.args[3], types.boolean), i32)
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ir.VoidType(), [ir.PointerType(), i32, i32, i32]),
                                            "llvm.prefetch.p0")
        base = builder.ptrtoint(ary.data, i64)
        # one prefetch per 64-byte line: addr = (base + lo) rounded down to its line; while addr <
        # base + hi: prefetch addr; addr += 64
        lo = builder.and_(builder.add(base, lo), ir.Constant(i64, ~63))
        hi = builder.add(base, hi)
        pre = builder.basic_block
        loop = builder.append_basic_block("prefetch.loop")
        done = builder.append_basic_block("prefetch.done")
        builder.cbranch(builder.icmp_unsigned("<", lo, hi), loop, done)
        builder.position_at_end(loop)
        off = builder.phi(i64)
        off.add_incoming(lo, pre)
        # the intrinsic wants constant rw: branch on it
        ptr = builder.inttoptr(off, ir.PointerType())
        with builder.if_else(builder.icmp_unsigned("!=", rw, ir.Constant(i32, 0))) as (w, r):
            with w:
                builder.call(fn, [ptr, ir.Constant(i32, 1), ir.Constant(i32, 3), ir.Constant(i32, 1)])
            with r:
                builder.call(fn, [ptr, ir.Constant(i32, 0), ir.Constant(i32, 3), ir.Constant(i32, 1)])
        nxt = builder.add(off, ir.Constant(i64, 64))
        off.add_incoming(nxt, builder.basic_block)
        builder.cbranch(builder.icmp_unsigned("<", nxt, hi), loop, done)
        builder.position_at_end(done)
        return context.get_dummy_value()

    return types.none(a, start, stop, write), codegen


@overload(prefetch)
def _prefetch_overload(a, start, stop, write):
    return lambda a, start, stop, write: _prefetch_lines(a, start, stop, write)


def _stack_int64_python(n):
    return np.zeros(n, np.int64)


@intrinsic
def _stack_int64(typingctx, n):
    """A 1-D int64 array of ``n`` (a compile-time constant: a module constant at the call) words on
    the calling function's stack (an ``alloca`` in its entry block), with no owner: a scratch buffer
    that a kernel compiled without numba's runtime (``engine.jit.internal``) can create. Its words
    are not cleared: the caller writes before it reads. It lives until its function returns: never
    return it or store it."""
    if not isinstance(n, types.IntegerLiteral) or n.literal_value <= 0:
        return None
    ty = types.Array(types.int64, 1, "C")
    size = n.literal_value

    def codegen(context, builder, sig, args):
        from llvmlite import ir
        from numba.np.arrayobj import populate_array

        i64 = ir.IntType(64)
        data = cgutils.alloca_once(builder, i64, size=size)
        ary = context.make_array(ty)(context, builder)
        populate_array(ary, data=data, shape=[ir.Constant(i64, size)], strides=[ir.Constant(i64, 8)],
                       itemsize=ir.Constant(i64, 8), meminfo=None)
        return ary._getvalue()

    return ty(n), codegen


# ``stack_int64(N)``: the intrinsic when compiling, a numpy array under NUMBA_DISABLE_JIT (where an
# intrinsic cannot run); as engine.tables' views, chosen once here
stack_int64 = _stack_int64_python if config.DISABLE_JIT else _stack_int64
