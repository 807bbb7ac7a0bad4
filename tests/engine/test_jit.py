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
