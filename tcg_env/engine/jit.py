"""The ways the engines' kernels are compiled.

``kernel``: an ordinary cached numba function, callable from Python and from other kernels.

``internal``: callable **only from other kernels**, and compiled without numba's reference counting
(NRT). Two savings:

* numba builds a CPython wrapper (and a C wrapper) for every jitted function, so that Python can
  call it; a helper that only other kernels call never needs them, and building them cost ~7% of
  the engine's cold compile (186 wrappers, measured with cProfile). Calling an ``internal``
  function from Python crashes the interpreter, so only helpers that no Python code, test or agent
  calls are marked ``internal``.
* every call between kernels that passes arrays (the state row, the card tables ``T``) makes
  the callee count references to each array on entry and exit: out-of-line calls to
  ``NRT_incref`` / ``NRT_decref``. The entry kernels borrow their arrays (``engine.memory``), so
  those calls find no owner and return, but the calls themselves remained: 5.7% of FF-TCG random
  play and 3.7% of Weiss Schwarz's in a ``perf`` profile. Without NRT they are not emitted:
  FF-TCG random play went from 672 to 545 CPU ns per decision in the same session.

  The price, checked by numba when it compiles: an ``internal`` function cannot create an array
  (``np.zeros`` ... fail to type), and must not return one of its array arguments or a view of one
  to its caller (its caller, which counts references, would release a reference it was never
  given). Helpers that need a scratch array are ``internal_nrt`` instead.

``internal_nrt``: like ``internal`` but with reference counting, for the few helpers that allocate.

``internal_inline``: like ``internal``, and inlined into every kernel that calls it at the level of
numba's IR (``inline="always"``), not left to LLVM. For the core's glue between a game's kernels
(``chase.priority_point``, ``triggers.play_pending_abilities``: a few branches around the game's
hooks): as ordinary calls LLVM did not inline them once the game's kernels were inlined into them,
and FF-TCG's random play took 1-2% longer (``benchmarks/bench_row_loop.py``, 543 against 535 ns
per decision, alternated in one sitting).

Under ``NUMBA_DISABLE_JIT=1`` all four are plain Python functions.
"""

from numba import njit

kernel = njit(cache=True)
internal = njit(cache=True, no_cpython_wrapper=True, no_cfunc_wrapper=True, _nrt=False)
internal_nrt = njit(cache=True, no_cpython_wrapper=True, no_cfunc_wrapper=True)
internal_inline = njit(cache=True, no_cpython_wrapper=True, no_cfunc_wrapper=True, _nrt=False, inline="always")
