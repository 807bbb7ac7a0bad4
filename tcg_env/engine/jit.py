"""The two ways the engines' kernels are compiled.

``kernel``: an ordinary cached numba function, callable from Python and from other kernels.

``internal``: callable **only from other kernels**. numba builds a CPython wrapper (and a C
wrapper) for every jitted function, so that Python can call it; a helper that only other kernels
call never needs them, and building them cost ~7% of the engine's cold compile (186 wrappers,
measured with cProfile). Calling an ``internal`` function from Python crashes the interpreter, so
only helpers that no Python code, test or agent calls are marked ``internal``; under
``NUMBA_DISABLE_JIT=1`` both are plain Python functions.
"""

from numba import njit

kernel = njit(cache=True)
internal = njit(cache=True, no_cpython_wrapper=True, no_cfunc_wrapper=True)
