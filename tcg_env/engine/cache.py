"""numba's on-disk cache, made to notice edits to any engine file.

numba caches each compiled function next to its source file, under a stamp of that one file (a
hash of its contents). A cached kernel also holds the compiled code of every kernel it calls, from
other files: the batch entry of a game holds its rules kernels, its observation, the engine's
zones and memory helpers. After an edit to ``kernels.py`` alone, the batch entry's stamp (its own
``batch.py``) is unchanged, so numba loads it with the *old* rules inside, and tests pass or fail
on code that is no longer there. That happened while developing this engine.

:func:`install` puts, in front of numba's own cache locators, copies of them whose stamp covers
every Python file of ``tcg_env/engine``, ``tcg_env/rules`` and ``tcg_env/games`` (their contents' SHA-256, computed
at most once a second, and re-read only when a file's size or modification time changed). An edit to any
kernel file then invalidates every cached kernel of the package, and they are compiled again (about
a minute per game). Functions outside those folders keep numba's own behaviour. Users who never
edit the package see no difference: their stamps never change.

This uses numba's cache locator classes (``numba.core.caching``, tested on 0.68). If they are not
there, :func:`install` leaves numba as it is: caching then works as numba's own, with the old
caveat (delete the ``.nbi`` / ``.nbc`` files after an edit).
"""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]  # tcg_env/
# the folders whose files a cached kernel can contain: the core, the shared rules layer (every file
# of each), then the games (a game's files but its Python-layer modules): the last one is the games'
_KERNEL_DIRS = (_PACKAGE / "engine", _PACKAGE / "rules", _PACKAGE / "games")
# a game's Python-layer modules (docs/architecture.md, "One folder per game"): no kernel is defined
# in them or imports them (tests/engine/test_cache.py checks), so an edit to a card compiler, an
# importer, a card-text compiler (card_text: the Lark grammar's transformer, its .lark file is no Python) or an
# adapter does not recompile the engine
PYTHON_ONLY = frozenset({"__init__", "adapter", "card_text", "cards", "decks", "env", "importer", "scenario",
                         "unsupported"})
_installed = False
_memo: dict = {}
# folders outside the package whose cached numba functions call the package's kernels (also_stamp)
_CALLER_DIRS: list[Path] = []


def kernel_sources() -> list[Path]:
    """Every Python file whose code a cached kernel of the package can contain: the engine's, the
    shared rules layer's, and a game's except its Python-layer modules (:data:`PYTHON_ONLY`)."""
    *shared, games = _KERNEL_DIRS
    return sorted([*(p for d in shared for p in d.rglob("*.py")),
                   *(p for p in games.rglob("*.py") if p.stem not in PYTHON_ONLY)])


def package_stamp() -> bytes:
    """SHA-256 over the contents of :func:`kernel_sources` (re-read only when one changed size or
    modification time; the files are looked at again at most once a second: numba asks for the
    stamp of every cached function it loads, hundreds at a start)."""
    now = time.monotonic()
    if "stamp" in _memo and now - _memo["checked"] < 1.0:
        return _memo["stamp"]
    _memo["checked"] = now
    files = kernel_sources()
    key = tuple((str(p), st.st_mtime_ns, st.st_size) for p in files for st in (p.stat(),))
    if _memo.get("key") != key:
        h = hashlib.sha256()
        for p in files:
            h.update(str(p.relative_to(_PACKAGE)).encode())
            h.update(p.read_bytes())
        _memo["key"], _memo["stamp"] = key, h.digest()
    return _memo["stamp"]


def _under(py_file: str, dirs) -> bool:
    try:
        path = Path(py_file).resolve()
    except (OSError, RuntimeError):
        return False
    return any(d in path.parents for d in dirs)


def _in_package(py_file: str) -> bool:
    return _under(py_file, _KERNEL_DIRS)


def also_stamp(folder) -> None:
    """Cache the numba functions of the Python files under ``folder`` (outside the package) under the
    package-wide stamp as well as their own file's: a ``njit(cache=True)`` wrapper in a test or a
    user's module that calls the package's kernels holds their compiled code, and numba's own stamp
    (its file only) loaded it with the *old* kernels inside after an edit to the package. That
    happened: ten Force of Will card-text tests read session 31's continuous abilities through a
    cached test wrapper after session 32 changed them (tests/conftest.py registers ``tests/``)."""
    path = Path(folder).resolve()
    if path not in _CALLER_DIRS:
        _CALLER_DIRS.append(path)


def install() -> bool:
    """Register the package-wide stamp with numba's cache (once); False if numba's locator API
    is not there."""
    global _installed
    if _installed:
        return True
    try:
        from numba.core import caching
    except ImportError:
        return False
    names = ("UserProvidedCacheLocator", "InTreeCacheLocator", "UserWideCacheLocator")
    if not all(hasattr(caching, n) for n in names) or not hasattr(caching, "CacheImpl"):
        return False
    impl = caching.CacheImpl
    locators = getattr(impl, "_locator_classes", None)
    if not isinstance(locators, list):
        return False
    ours = []
    for name in names:
        base = getattr(caching, name)

        def get_source_stamp(self, base=base):
            if _in_package(self._py_file):
                return package_stamp()
            return package_stamp(), base.get_source_stamp(self)  # a caller's file (also_stamp): both

        def from_function(cls, py_func, py_file):
            if not (_in_package(py_file) or _under(py_file, _CALLER_DIRS)):
                return None  # not a kernel file of the package: numba's own locators take it
            return super(cls, cls).from_function(py_func, py_file)

        ours.append(type("Package" + name, (base,), {
            "get_source_stamp": get_source_stamp,
            "from_function": classmethod(from_function),
            "__doc__": f"numba's {name} with the tcg_env package-wide source stamp (tcg_env.engine.cache).",
        }))
    impl._locator_classes = ours + [c for c in locators if not c.__name__.startswith("Package")]
    _installed = True
    return True


def is_cached(*kernels, game=None) -> bool:
    """Whether every one of ``kernels`` (numba dispatchers) is compiled already: in this process, or
    in numba's on-disk cache for the current sources (an index with entries, under the stamp the
    locator checks). ``game``: a :class:`tcg_env.engine.hooks.Rules`; the shared core's kernels are
    compiled once per game, so only an entry for that game's type counts. False means the first
    call compiles (a minute or more for a game's entry kernels): the command line says so before it
    starts. Under ``NUMBA_DISABLE_JIT=1`` nothing is compiled (True). If numba's cache internals are
    not as expected, True: better no notice than a wrong one."""
    wanted = getattr(game, "_numba_type_", None)

    def for_game(signatures) -> bool:
        return wanted is None or any(wanted in tuple(sig) for sig in signatures)

    for k in kernels:
        if not hasattr(k, "signatures"):
            continue  # a plain Python function (JIT disabled)
        if k.signatures and for_game(k.signatures):
            continue  # compiled in this process
        cache = getattr(k, "_cache", None)
        index_file = getattr(cache, "_cache_file", None)
        try:
            index = index_file._load_index()  # {} when absent or stale (another stamp)
        except Exception:  # noqa: BLE001 - numba internals differ: say nothing
            continue
        try:
            signatures = [key[0] for key in index]  # numba keys entries by (signature, target, ...)
        except Exception:  # noqa: BLE001
            signatures = None
        if not index or (signatures is not None and not for_game(signatures)):
            return False
    return True


if os.environ.get("TCG_ENV_PER_FILE_CACHE", "") != "1":  # an escape hatch, documented in architecture.md
    install()
