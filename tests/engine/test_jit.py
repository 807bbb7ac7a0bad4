"""engine.jit.internal_widened: one compile per function, whatever literal or integer width its
callers pass, and the same results as the plain function."""

import numpy as np
import pytest
from numba import config, njit

from tcg_env.engine.jit import internal_widened

FLAG = True
COLUMN = 2


@internal_widened
def _pick(s, i, doubled):
    if doubled:
        return 2 * s[i]
    return s[i]


@njit
def _callers(s):
    a = _pick(s, 1, True)  # literal index and flag
    b = _pick(s, s[0], False)  # an int32 read from the row
    c = _pick(s, np.int64(COLUMN), FLAG)  # an int64 and a module constant
    return a, b, c


def test_every_call_gives_the_plain_functions_result():
    s = np.array([3, 5, 7, 11], np.int32)
    assert _callers(s) == (2 * 5, 11, 2 * 7)


@pytest.mark.skipif(config.DISABLE_JIT, reason="no compiled functions without JIT")
def test_literal_and_int32_and_int64_arguments_share_one_compile():
    _callers(np.array([0, 1, 2, 3], np.int32))
    signatures = [tuple(str(t) for t in sig) for sig in _pick.overloads]
    assert len(signatures) == 1, signatures
    assert signatures[0][1:] == ("int64", "bool"), signatures


# ---- internal functions compile to IR their callers link (jit._LinkOnlyLibrary) ---------------------
from tcg_env.engine.jit import internal, internal_inline, internal_nrt  # noqa: E402


@internal
def _leaf(x):
    if x > 100:
        raise ValueError("too big")
    return x + 1


@internal_nrt
def _sum_of_leaves(n):
    a = np.zeros(n, np.int64)  # internal_nrt may allocate
    for i in range(n):
        a[i] = _leaf(i)
    return a.sum()


@njit
def _top(n):
    return _sum_of_leaves(n)


def test_an_internal_function_runs_inside_its_callers_with_its_exceptions():
    assert _top(4) == 1 + 2 + 3 + 4
    with pytest.raises(ValueError, match="too big"):
        _top(200)  # raised in _leaf: its environment works without machine code of its own


@internal
def _alone(x):
    return 3 * x


if not config.DISABLE_JIT:
    # compiled here, never loaded from the disk cache: what this file checks is how they compile
    # (from a cache left by an earlier run, _top would bring no compiled _leaf, and the test failed
    # on every run but the first)
    from numba.core.caching import NullCache

    for _fn in (_leaf, _sum_of_leaves, _top, _alone):
        _fn._cache = NullCache()


@pytest.mark.skipif(config.DISABLE_JIT, reason="no compiled functions without JIT")
def test_internal_functions_have_no_machine_code_and_entry_kernels_do():
    from numba.core import types

    from tcg_env.engine.jit import _LinkOnlyLibrary

    _top(3)
    for fn in (_leaf, _sum_of_leaves):
        (cres,) = fn.overloads.values()
        assert isinstance(cres.library, _LinkOnlyLibrary)
    (cres,) = _top.overloads.values()
    assert not isinstance(cres.library, _LinkOnlyLibrary)
    # compiled alone (no caller has linked it yet), none of its functions is in numba's engine
    _alone.compile((types.int64,))
    (cres,) = _alone.overloads.values()
    engine = cres.library.codegen._engine
    names = [f.name for f in cres.library.get_defined_functions()]
    assert names and not any(engine.is_symbol_defined(n) for n in names)


# ---- numba's inliner copies a function's scope once per copy (engine.numba_fixes) --------------------
@internal_inline
def _branchy(x):
    total = 0
    for i in range(x):
        if i % 3 == 0:
            total += i
        elif i % 3 == 1:
            total -= 1
        else:
            total += 2 * i
    return total


@njit
def _inlines_twice(x):
    return _branchy(x) + _branchy(x + 1)


def test_inlined_code_gives_the_plain_functions_result():
    py = getattr(_branchy, "py_func", _branchy)  # (the function itself without JIT)
    assert _inlines_twice(10) == py(10) + py(11)


@pytest.mark.skipif(config.DISABLE_JIT, reason="no compiled functions without JIT")
def test_the_inliner_fix_is_installed_on_this_numba():
    from numba.core import inline_closurecall

    from tcg_env.engine import numba_fixes

    assert numba_fixes.apply() is True
    assert isinstance(inline_closurecall.copy, numba_fixes._SharedMemoCopy)
    assert inline_closurecall.InlineWorker.inline_ir.__wrapped__ is not None


# ---- an internal function called from Python names itself (jit._InternalDispatcher) ------------------
@pytest.mark.skipif(config.DISABLE_JIT, reason="without JIT they are plain Python functions")
@pytest.mark.parametrize("fn", [_leaf, _sum_of_leaves, _branchy, _pick], ids=["internal", "internal_nrt",
                                                                            "internal_inline", "internal_widened"])
def test_an_internal_function_called_from_python_raises_a_type_error_naming_it(fn):
    """numba's own call of a function without a CPython wrapper crashed the interpreter."""
    with pytest.raises(TypeError, match=rf"test_jit\.{fn.py_func.__name__} is an internal kernel .*only other kernels"):
        fn(np.zeros(3, np.int32), 1, True) if fn is _pick else fn(3)
    assert _top(2) == 1 + 2 and _inlines_twice(4) == _branchy.py_func(4) + _branchy.py_func(5)  # kernels still call them
