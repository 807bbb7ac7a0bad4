"""How the shared core reaches a game's rules: compile-time hooks on a game tag.

The core's kernels (:mod:`tcg_env.engine.rows`, :mod:`tcg_env.engine.batch`,
:mod:`tcg_env.engine.policy`) are written once for every game. Each takes a ``game`` argument, a
:class:`Rules` object, and calls the game's rules through the hooks below:
``legal_mask_row(game, s, T, mask)`` runs the ``legal_mask_row(s, T, mask)`` of the game's hooks
module.

Why a tag argument, and why it costs nothing
--------------------------------------------
numba cannot take kernels as run-time function values and still cache the caller (a dispatcher
argument or a closure is not cacheable), and a copy of the core per game is what issue 17 removed.
Here every game's :class:`Rules` object has a numba type of its own (``Rules[<hooks module>]``),
with no data: numba compiles each core kernel once per game type, and each hook (a typing
template and a lowering, ``hook``) resolves, at compile time, to a direct call of the game's own
function, which LLVM inlines as if it had been called by name. The compiled code is the same as a per-game copy's
(checked by ``benchmarks/bench_row_loop.py`` against the copies, docs/performance-log.md), and it
is cached on disk like any kernel: the type pickles by its module name, and the package-wide
source stamp (:mod:`tcg_env.engine.cache`) recompiles every kernel after an edit to any game.

From Python, pass the game's :class:`Rules` like any argument (unboxing it reads nothing). Under
``NUMBA_DISABLE_JIT=1`` the hook functions below are plain Python and call the game's module by
attribute.

The contract (what a game's hooks module provides)
--------------------------------------------------
Constants (module-level ints): ``NUM_ACTIONS``, ``STATE_SIZE``, ``OBS_SIZE``.

Kernels (numba functions of the game, ``s`` one state row, ``T`` the card tables):

``setup_row(s, deck0, deck1, T)``
    A new game in a row the core has zeroed, whose header it has filled (variant, auto_single,
    winner / decider -1) and whose RNG it has seeded: the game lays out its zones, deals the decks
    (card ids), decides who plays first and runs to the first decision.
``legal_mask_row(s, T, mask) -> int``
    0/1 into ``mask[:NUM_ACTIONS]`` for the pending decision; the number of legal actions.
``apply_unchecked(s, T, a)``
    Apply legal action ``a`` and run the game to its next decision (or its end).
``advance_row(s, T)``
    Run a row whose state was written from Python (a scenario, a snapshot) to its next decision;
    nothing when a decision is pending or the game is over.
``observe_row(s, T, player, obs)`` / ``observe_into(s, T, player, obs, over_previous)``
    ``player``'s observation into ``obs``; ``observe_into`` with ``over_previous`` True may assume
    ``obs`` holds the observation written at the row's previous decision (it clears less).
``heuristic_action(s, T, mask, n_legal, rng_row) -> int``
    The game's heuristic agent's legal action for the row's decider.
``resample_hidden(s, T, player, rng_row)``
    Deal anew, in place, what ``player`` cannot see (the core reseeds the game's RNG after it).

Optional (a default is used when the module does not define it):

``prefetch_rows(states, b, hi)``
    Hint the memory lines of rows ``b + 1 ..`` that the step of row ``b + 1`` will read
    (default: nothing).

For a game whose kernels use them (their kernels pass the game's tag, ``RULES`` of the game's
``constants``, which the hooks module re-exports):

:mod:`tcg_env.engine.triggers` (pending automatic abilities)
    ints ``PENDING_COUNT``, ``PENDING`` (row offsets: the two counts, the lists
    ``[2, PENDING_MAX, PENDING_W]``), ``PENDING_MAX``, ``TURN_PLAYER`` (row offset); kernels
    ``play_pending(s, T, player, i)`` and ``order_pending(s, T, player, n)``, each returning a
    status of the game's other than ``triggers.NONE_PENDING``.
:mod:`tcg_env.engine.chase` (the chase and priority)
    ints ``CHASE_COUNT``, ``CHASE`` (``[CHASE_MAX, CHASE_ENTRY_W]``), ``CHASE_MAX``,
    ``CHASE_ENTRY_W``, ``PRIORITY_PLAYER``, ``PASSES`` (row offsets and sizes),
    ``PRIORITY_DECISION`` (the decision kind); kernels ``rule_processes(s, T) -> bool`` (True: the
    priority point stops) and, optional, ``actions_allowed(s) -> bool`` (default: always).
"""

from __future__ import annotations

import functools
import importlib

from llvmlite import ir

from numba.core import types
from numba.core.imputils import lower_builtin, lower_constant
from numba.core.typing.templates import AbstractTemplate, AttributeTemplate, infer_getattr, infer_global, signature
from numba.extending import NativeValue, models, overload, register_model, unbox

from tcg_env.engine.jit import internal

# jit options of the constants' shims (``constant``): only kernels call them; reference counting
# stays on (numba types a shim's callees in the shim's context)
_SHIM_OPTIONS = {"no_cpython_wrapper": True, "no_cfunc_wrapper": True}


class RulesType(types.Dummy):
    """The numba type of one game's :class:`Rules`: no data, named after the game's hooks module."""

    # the tag's data model (``_RulesModel``): kernels cached on disk for another model (1: an opaque
    # pointer, before 2026-11-28) are of another type, so they are compiled anew, not loaded (numba
    # keys its cache by the argument types; the package-wide stamp does not cover modules outside
    # tcg_env, such as a test's or a user's variant)
    MODEL = 2

    def __init__(self, hooks_module: str):
        self.hooks_module = hooks_module
        self.model = RulesType.MODEL
        super().__init__(f"Rules[{hooks_module}]")

    @property
    def key(self):
        return self.name, self.__dict__.get("model", 1)  # a type pickled before the field has model 1

    @property
    def hooks(self):
        return importlib.import_module(self.hooks_module)


_NO_DATA = ir.LiteralStructType([])


@register_model(RulesType)
class _RulesModel(models.DataModel):
    """A game's tag carries no data and is no machine argument (as numba's omitted arguments): a
    kernel that takes ``game`` first, and every call that passes it on, compiles to the machine
    code it would have without it. (As an opaque pointer, numba's model for data-less types, the
    tag passed through every rules kernel of FF-TCG was one more argument register per call and
    changed LLVM's inlining: its row entry's machine code differed from the untagged kernels'
    function by function; docs/performance-log.md, 2026-11-28.)"""

    def get_value_type(self):
        return _NO_DATA

    def get_data_type(self):
        return _NO_DATA

    def get_argument_type(self):
        return ()

    def as_argument(self, builder, value):
        return ()

    def from_argument(self, builder, value):
        return ir.Constant(_NO_DATA, [])

    def as_data(self, builder, value):
        return value

    def from_data(self, builder, value):
        return value


@unbox(RulesType)
def _unbox_rules(typ, obj, c):
    return NativeValue(ir.Constant(_NO_DATA, []))


@lower_constant(RulesType)
def _constant_rules(context, builder, ty, pyval):
    return ir.Constant(_NO_DATA, [])


class Rules:
    """A game's rules as the core sees them: the tag passed as ``game`` to every core kernel.

    ``hooks_module``: the import path of the module that provides the contract above (e.g.
    ``"tcg_env.games.fftcg.hooks"``); it is imported when a hook is first compiled or called."""

    def __init__(self, hooks_module: str):
        self.hooks_module = hooks_module
        self._numba_type_ = RulesType(hooks_module)

    @property
    def hooks(self):
        return importlib.import_module(self.hooks_module)

    def __getattr__(self, name: str):
        # ``game.rule(...)`` without JIT: the game's kernel, given the tag first where it takes it
        # (``_takes_game``); compiled, ``_RulesMethods`` types the same call
        if name.startswith("__") or name in ("hooks_module", "_numba_type_"):
            raise AttributeError(name)
        fn = find_rule(self.hooks, name)
        if not callable(fn):
            raise AttributeError(f"{self.hooks_module} has no rules kernel {name!r} (called as game.{name})")
        bound = functools.partial(fn, self) if _takes_game(fn) else fn
        self.__dict__[name] = bound  # (looked up once per tag)
        return bound

    def __repr__(self) -> str:
        return f"Rules({self.hooks_module!r})"

    def __reduce__(self):
        return (Rules, (self.hooks_module,))


def _takes_game(fn) -> bool:
    """Whether kernel ``fn``'s first parameter is ``game``: then every call through a hook or a
    rules method passes the game's tag first (docs/architecture.md, "Rules variants")."""
    code = getattr(getattr(fn, "py_func", fn), "__code__", None)
    return code is not None and code.co_argcount > 0 and code.co_varnames[0] == "game"


def find_rule(hooks, name: str):
    """The game's rules kernel ``name``: the hooks module's own (a variant's replacement, a
    contract kernel it re-exports), else the one function of that name in the modules its
    ``RULES_MODULES`` lists (a game's rules modules); None when there is none. Two different
    functions of one name in ``RULES_MODULES`` are an error naming both (no silent pick)."""
    fn = getattr(hooks, name, None)
    if fn is not None:
        return fn
    found = {}
    for module in getattr(hooks, "RULES_MODULES", ()):
        candidate = getattr(module, name, None)
        if candidate is not None:
            found.setdefault(id(candidate), (module.__name__, candidate))
    if len(found) > 1:
        where = " and ".join(m for m, _ in found.values())
        raise TypeError(f"{hooks.__name__}: rules kernel {name!r} is defined in both {where} (RULES_MODULES): "
                        f"rename one, or define the one meant in the hooks module")
    return next(iter(found.values()))[1] if found else None


def _missing(hooks_module: str, name: str) -> str:
    return f"{hooks_module} has no {name}, which the engine core calls (the contract: tcg_env.engine.hooks)"


def hook(name: str, params: str, default=None):
    """A hook: a function ``h(game, <params>)`` that calls ``<game's hooks module>.name(<params>)``,
    resolved when numba compiles the caller for the game's type (or, without JIT, when called).

    ``params``: the kernel's parameter names, comma-separated (their number is the hook's arity;
    the names document the call and are checked to be identifiers). Compiled, the hook is typed as the game's kernel
    called with ``params`` (``_HookTemplate``) and lowered to a direct call of that kernel
    (``_lowering``): the compiled caller calls the game's kernel by name, as a per-game copy
    would. (Measured: as an ordinary compiled shim, not inlined by LLVM once the game's kernel was
    inlined into it, the hooks cost FF-TCG's batch random play 6%, shims plus reference counting at
    their boundary, in ``benchmarks/profile_kernels.py``. As an ``overload`` inlined at numba's IR
    level, which the calls were before 2026-11-27, numba still compiled each shim whole to type it,
    linking and re-optimising every kernel the game's one calls: 33 compiles, ~13 of Force of
    Will's ~126 s cold compile, for code it never used; docs/performance-log.md.)
    ``default``: the kernel used when the module has no ``name``. The core declares its hooks below;
    a game may declare its own for the rules its variants replace (docs/architecture.md,
    "Rules variants")."""

    names = [p.strip() for p in params.split(",")]
    if not name.isidentifier() or not all(n.isidentifier() and n != "game" for n in names):
        raise ValueError(f"hook {name!r}: parameters must be identifiers other than game, got {params!r}")

    def lookup(hooks_module, hooks):
        fn = find_rule(hooks, name)
        if fn is None:
            fn = default
        if fn is None:
            raise TypeError(_missing(hooks_module, name))
        return fn

    def stub(game, *args):
        # what runs under NUMBA_DISABLE_JIT; compiled callers use the template and lowering below
        if len(args) != len(names):
            raise TypeError(f"{name}(game, {', '.join(names)}) takes {len(names) + 1} arguments, got {len(args) + 1}")
        fn = lookup(game.hooks_module, game.hooks)
        return fn(game, *args) if _takes_game(fn) else fn(*args)

    stub.__name__ = stub.__qualname__ = name
    stub.lookup = lookup
    template = type(f"_HookTemplate_{name}", (_HookTemplate,), {"key": stub, "arity": len(names)})
    infer_global(stub, types.Function(template))
    lower_builtin(stub, RulesType, types.VarArg(types.Any))(_lowering(stub))
    return stub


def _kernel_call(typingctx, stub, game, args):
    """(the numba type of ``game``'s kernel for hook ``stub``, its signature for ``args``, whether
    the kernel takes the tag first)."""
    return _resolve_kernel(typingctx, stub.lookup(game.hooks_module, game.hooks), game, args)


def _resolve_kernel(typingctx, fn, game, args):
    takes_game = _takes_game(fn)
    fnty = typingctx.resolve_value_type(fn)
    call_args = ((game,) if takes_game else ()) + tuple(args)
    return fnty, fnty.get_call_type(typingctx, call_args, {}), takes_game


class _HookTemplate(AbstractTemplate):
    """Types ``hook(game, *args)`` as the game's kernel (``key``: the hook's stub) on ``args``."""

    arity = 0

    def generic(self, args, kws):
        if kws or len(args) != self.arity + 1 or not isinstance(args[0], RulesType):
            return None
        _, sig, _ = _kernel_call(self.context, self.key, args[0], args[1:])
        if sig is None:
            return None
        return signature(sig.return_type, *args)


def _lowering(stub):
    """The lowering of hook ``stub``: a direct call of the game's kernel (compiled for the widened
    argument types where the kernel is ``internal_widened``: the arguments are cast to the kernel's
    signature, as numba does for any call)."""

    def lower(context, builder, sig, args):
        fnty, inner, takes_game = _kernel_call(context.typing_context, stub, sig.args[0], sig.args[1:])
        return _call_kernel(context, builder, fnty, inner, takes_game, sig, args)

    return lower


def _call_kernel(context, builder, fnty, inner, takes_game, sig, args):
    """Lower a call of a game's kernel: ``args`` (the tag first) cast to the kernel's signature,
    the tag dropped where the kernel does not take it."""
    if not takes_game:
        sig_args, args = sig.args[1:], args[1:]
    else:
        sig_args = sig.args
    vals = [context.cast(builder, v, t, k) for v, t, k in zip(args, sig_args, inner.args)]
    return context.get_function(fnty, inner)(builder, vals)


# ----- rules methods: ``game.rule(...)`` --------------------------------------------------------
# A game's kernels call each other's rules through the tag, ``game.damage_step(s, T)``, so that a
# variant's hooks module, which replaces ``damage_step``, is reached from the base game's kernels
# however deep the call (docs/architecture.md, "Rules variants"). The call is typed as the
# function of that name in the game's hooks module (the tag passed first where its first parameter
# is ``game``) and lowered, like a hook, to a direct call of it: no cost over calling it by name.

_METHOD_TEMPLATES: dict = {}


def _method_template(name: str):
    """The typing template of ``game.<name>(...)`` for every game (the game is the receiver)."""
    template = _METHOD_TEMPLATES.get(name)
    if template is None:
        key = f"tcg_env.rules.{name}"

        def generic(self, args, kws):
            if kws:
                return None
            game = self.this
            fn = find_rule(game.hooks, name)
            if fn is None:
                return None
            _, sig, _ = _resolve_kernel(self.context, fn, game, args)
            if sig is None:
                return None
            return signature(sig.return_type, *args, recvr=game)

        # prefer_literal: typed with the call's literal arguments first, as numba types a call by
        # name (a constant argument compiles the kernel's specialisation for it), so that
        # game.name(...) compiles to the very code name(...) would
        template = type(f"_RulesMethod_{name}", (AbstractTemplate,),
                        {"key": key, "generic": generic, "prefer_literal": True})

        def lower(context, builder, sig, args):
            game = sig.args[0]
            fn = find_rule(game.hooks, name)
            fnty, inner, takes_game = _resolve_kernel(context.typing_context, fn, game, sig.args[1:])
            return _call_kernel(context, builder, fnty, inner, takes_game, sig, args)

        lower_builtin(key, RulesType, types.VarArg(types.Any))(lower)
        _METHOD_TEMPLATES[name] = template
    return template


@infer_getattr
class _RulesMethods(AttributeTemplate):
    """``game.<name>``: the game's rules kernel ``name`` (a function of its hooks module)."""

    key = RulesType

    def generic_resolve(self, typ, attr):
        if attr.startswith("__"):
            return None
        fn = find_rule(typ.hooks, attr)
        if fn is None:
            raise TypeError(f"{typ.hooks_module} has no rules kernel {attr!r} (called as game.{attr})")
        if not hasattr(fn, "py_func"):
            return None  # not a kernel (a module constant is read by name, not through the tag)
        if getattr(fn, "targetoptions", {}).get("inline", "never") != "never":
            # numba inlines such a helper only where it is called by name (its IR inliner looks for
            # a global): through the tag it would be compiled and called as a function
            raise TypeError(f"{typ.hooks_module}.{attr} is inlined at numba's IR level: call it by name, "
                            f"not as game.{attr} (a variant replaces the rules kernel that calls it)")
        return types.BoundFunction(_method_template(attr), typ)


def constant(name: str, default: int | None = None):
    """``hook(game)``: the game's module-level int ``name``, a compile-time constant (``default``
    when the module has none; without a default, a missing name is an error naming it)."""

    def value_of(hooks_module, hooks):
        value = getattr(hooks, name, default)
        if value is None:
            raise TypeError(_missing(hooks_module, name))
        return int(value)

    def get(game):
        return value_of(game.hooks_module, game.hooks)

    get.__name__ = get.__qualname__ = name

    @overload(get, jit_options=_SHIM_OPTIONS)
    def _resolve(game):
        if not isinstance(game, RulesType):
            return None
        value = value_of(game.hooks_module, game.hooks)
        return lambda game: value

    return get


@internal
def _no_prefetch(states, b, hi):
    return None


num_actions = constant("NUM_ACTIONS")
state_size = constant("STATE_SIZE")
setup_row = hook("setup_row", "s, deck0, deck1, T")
legal_mask_row = hook("legal_mask_row", "s, T, mask")
apply_unchecked = hook("apply_unchecked", "s, T, a")
advance_row = hook("advance_row", "s, T")
observe_row = hook("observe_row", "s, T, player, obs")
observe_into = hook("observe_into", "s, T, player, obs, over_previous")
heuristic_action = hook("heuristic_action", "s, T, mask, n_legal, rng_row")
resample_hidden = hook("resample_hidden", "s, T, player, rng_row")
prefetch_rows = hook("prefetch_rows", "states, b, hi", default=_no_prefetch)
