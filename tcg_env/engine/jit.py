"""The ways the engines' kernels are compiled.

``kernel``: an ordinary cached numba function, callable from Python and from other kernels.

``internal``: callable **only from other kernels**, and compiled without numba's reference counting
(NRT), and without machine code of its own (``_LinkOnlyLibrary``). Three savings:

* numba builds a CPython wrapper (and a C wrapper) for every jitted function, so that Python can
  call it; a helper that only other kernels call never needs them, and building them cost ~7% of
  the engine's cold compile (186 wrappers, measured with cProfile). Calling an ``internal``
  function from Python raises a TypeError that names it (``_InternalDispatcher``; numba's own call
  crashed the interpreter), so only helpers that no Python code, test or agent calls are marked
  ``internal``.
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
* numba generates machine code for every compiled function, with its whole call tree linked in,
  so that Python can call it; an ``internal`` function's callers link its optimised IR and
  generate their own, so its compile stops there (Force of Will's cold compile: 88 -> 71 s CPU,
  the machine code 19 -> 6 s; docs/performance-log.md, 2026-11-27).

``internal_nrt``: like ``internal`` but with reference counting, for the few helpers that allocate.

``internal_inline``: like ``internal``, and inlined into every kernel that calls it at the level of
numba's IR (``inline="always"``), not left to LLVM. For the core's glue between a game's kernels
(``chase.priority_point``, ``triggers.play_pending_abilities``: a few branches around the game's
hooks): as ordinary calls LLVM did not inline them once the game's kernels were inlined into them,
and FF-TCG's random play took 1-2% longer (``benchmarks/bench_row_loop.py``, 543 against 535 ns
per decision, alternated in one sitting). And for a game's helper with one caller (Force of Will's
``apply_priority``, ``run_frame`` ...): inlined, its call tree is not optimised once more on its own
behalf; a large body stays a function (``priority_mask``: inlining it cost more than it saved).

``internal_widened``: like ``internal``, and every call to it is typed with its arguments'
plain types: no literal values (a constant argument, ``True``, ``Zone.FIELD``, ``16``, is typed as
its type, not as its value) and every signed integer as int64. numba compiles a function once per
distinct list of argument types, and each compile re-optimises, in LLVM, everything the function
calls; a literal argument, or a slot read from the int32 row where another caller passes an
int64, made another one. Force of Will's kernels compiled 426 functions for 210 of them at its
facade's first use, ~40 s of its ~110 s cold compile (docs/performance-log.md, 2026-11-26). The
price: a callee cannot use an argument's value at compile time (a literal tuple index, a width an
intrinsic needs as a constant: pass those as module constants instead).

``kernel_inline``: an ordinary kernel when Python calls it, and inlined at the level of numba's IR
into every kernel that calls it. For the core's thin row wrappers (``rows.reset_row``,
``step_and_mask_row``, ``batch.step_row`` ...): numba links each compiled function's whole call
tree into it and optimises and generates machine code for all of it again (``CPUCodeLibrary.
finalize``), so a wrapper compiled as its own function cost a full pass over the game's rules
(2-6 s each at Force of Will's cold compile) for a few lines of its own. Inlined, only the entry
kernels (``rows.row_entry``, ``batch.batch_range``) make that pass.

Under ``NUMBA_DISABLE_JIT=1`` all six are plain Python functions.
"""

from llvmlite import binding as ll
from llvmlite import ir as llvmir
from numba import config, njit
from numba.core import cgutils, types
from numba.core.codegen import JITCodeLibrary
from numba.core.compiler import Compiler, DefaultPassBuilder
from numba.core.compiler_machinery import LoweringPass, register_pass
from numba.core.datamodel import models, register_default
from numba.core.registry import CPUDispatcher
from numba.core.typed_passes import AnnotateTypes

from tcg_env.engine import numba_fixes

numba_fixes.apply()  # IR inlining in linear time (engine.numba_fixes)

_ENV_PREFIX = "_ZN08NumbaEnv"  # numba's name for a function's environment pointer (a global)


class _LinkOnlyLibrary(JITCodeLibrary):
    """The code library of an ``internal`` function: optimised LLVM IR for its callers to link,
    and no machine code of its own.

    numba links every function's whole call tree into it, optimises it and generates machine code
    for all of it (``CPUCodeLibrary.finalize``), so that Python can call any function. Nothing calls
    an ``internal`` function's machine code: its callers link its IR and generate their own. So its
    library stops before the machine code: its engine module holds only the environment pointers
    (numba fills them in when the function is created, ``CPUContext.get_executable``), and it is
    cached as that module's object code and the IR its callers link, as numba caches any library.
    Machine code at Force of Will's cold compile: 19.2 -> 6.0 s (docs/performance-log.md)."""

    def _finalize_final_module(self):
        full = self._final_module
        envs = llvmir.Module(cgutils.normalize_ir_text(full.name + ".envs"))
        envs.triple = full.triple
        envs.data_layout = str(full.data_layout)
        for gv in full.global_variables:
            if gv.name.startswith(_ENV_PREFIX):
                env = llvmir.GlobalVariable(envs, cgutils.voidptr_t, name=gv.name)
                env.linkage = "common"
                env.initializer = cgutils.get_null_value(cgutils.voidptr_t)
        self._final_module = ll.parse_assembly(str(envs))
        try:
            super()._finalize_final_module()  # the engine gets (and compiles) the pointers only
        finally:
            self._final_module = full  # what _get_module_for_linking gives the callers
        self._dynamic_globals.clear()
        self._finalize_dynamic_globals()  # (numba does not cache code with dynamic globals)
        self._verify_declare_only_symbols()


@register_pass(mutates_CFG=False, analysis_only=True)  # (sets the library; the IR is untouched)
class _LinkOnlyLibraryPass(LoweringPass):
    _name = "tcg_env_link_only_library"

    def __init__(self):
        LoweringPass.__init__(self)

    def run_pass(self, state):
        if state.library is None:  # (numba's lowering creates a library only where none is set)
            state.library = _LinkOnlyLibrary(state.targetctx.codegen(), state.func_id.func_qualname)
            state.library.enable_object_caching()
        return True


class _InternalCompiler(Compiler):
    """numba's pipeline, with the code library of an ``internal`` function (``_LinkOnlyLibrary``)."""

    def define_pipelines(self):
        pm = DefaultPassBuilder.define_nopython_pipeline(self.state)
        pm.add_pass_after(_LinkOnlyLibraryPass, AnnotateTypes)
        pm.finalize()
        return [pm]


class _InternalDispatcher(CPUDispatcher):
    """The numba dispatcher of the ``internal*`` functions. They have no CPython wrapper, so numba's
    own call from Python jumped into code that was never generated and crashed the interpreter; a
    call from Python raises a TypeError naming the function instead. Kernels never reach this
    method: numba types a call to a dispatcher from its ``py_func`` and links the compiled code."""

    def __call__(self, *args, **kwargs):
        f = self.py_func
        raise TypeError(f"{f.__module__}.{f.__qualname__} is an internal kernel (tcg_env.engine.jit): only other "
                        "kernels can call it; call a kernel that calls it")


def _internal_jit(options: dict, pipeline_class=_InternalCompiler, dispatcher=_InternalDispatcher):
    """A decorator like ``njit(cache=True, **options)`` whose functions are ``dispatcher``s."""

    def wrap(fn):
        if config.DISABLE_JIT:
            return fn
        extra = {} if pipeline_class is None else {"pipeline_class": pipeline_class}
        disp = dispatcher(py_func=fn, locals={}, targetoptions={"nopython": True, **options}, **extra)
        disp.enable_caching()
        return disp

    return wrap


_INTERNAL_OPTIONS = {"no_cpython_wrapper": True, "no_cfunc_wrapper": True, "_nrt": False}

kernel = njit(cache=True)
internal = _internal_jit(_INTERNAL_OPTIONS)
internal_nrt = _internal_jit({"no_cpython_wrapper": True, "no_cfunc_wrapper": True})
internal_inline = _internal_jit(dict(_INTERNAL_OPTIONS, inline="always"), pipeline_class=None)
kernel_inline = njit(cache=True, inline="always")


def _widened(ty):
    ty = types.unliteral(ty)
    if isinstance(ty, types.Integer) and ty.signed and ty.bitwidth < 64:
        return types.int64
    return ty


class WidenedDispatcherType(types.Dispatcher):
    """The numba type of an ``internal_widened`` function: a call is typed, and the function
    compiled, for the callers' argument types widened (``_widened``); the caller casts its
    arguments to them."""

    def get_call_type(self, context, args, kws):
        return super().get_call_type(context, tuple(_widened(a) for a in args),
                                     {k: _widened(v) for k, v in kws.items()})


register_default(WidenedDispatcherType)(models.OpaqueModel)


class _WidenedDispatcher(_InternalDispatcher):
    @property
    def _numba_type_(self):
        return WidenedDispatcherType(self)


internal_widened = _internal_jit(_INTERNAL_OPTIONS, dispatcher=_WidenedDispatcher)
