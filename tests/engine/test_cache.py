"""numba's cache stamp covers every engine / game file (tcg_env.engine.cache): a kernel cached with
the code of the kernels it calls is compiled again when any of their files changes."""

from __future__ import annotations

from pathlib import Path

import pytest
from numba import njit
from numba.core import caching

import tcg_env  # noqa: F401  (installs the package-wide stamp)
from tcg_env.engine import cache


def _locator(dispatcher):
    return dispatcher._cache._impl._locator  # the locator numba chose for this cached function


def test_package_kernels_use_the_package_wide_stamp():
    from tcg_env.engine import batch
    from tcg_env.games.fftcg import kernels
    from tcg_env.games.weiss_schwarz import observation

    for kernel in (kernels.legal_mask_row, batch.random_play_row, observation.observe_row):
        loc = _locator(kernel)
        assert type(loc).__name__.startswith("Package"), type(loc)
        assert loc.get_source_stamp() == cache.package_stamp()


def _module_at(path: Path, name: str):
    import importlib.util

    path.write_text("def f(x):\n    return x + 1\n")
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_functions_outside_the_kernel_folders_keep_numbas_own_stamp(tmp_path):
    mod = _module_at(tmp_path / "outside_module.py", "outside_module")
    loc = _locator(njit(cache=True)(mod.f))  # a file neither under tcg_env/engine, rules, games nor also_stamp's
    assert not type(loc).__name__.startswith("Package")


def test_a_caller_folders_functions_are_stamped_with_the_package_and_their_own_file(tmp_path, monkeypatch):
    """also_stamp (tests/conftest.py registers tests/): a cached wrapper of package kernels outside the package is
    compiled again after an edit to a kernel file (the package stamp) or to its own file (numba's stamp of it)."""
    monkeypatch.setattr(cache, "_CALLER_DIRS", list(cache._CALLER_DIRS))
    cache.also_stamp(tmp_path)
    loc = _locator(njit(cache=True)(_module_at(tmp_path / "caller_module.py", "caller_module").f))
    assert type(loc).__name__.startswith("Package")
    package, own = loc.get_source_stamp()
    assert package == cache.package_stamp()
    (tmp_path / "caller_module.py").write_text("def f(x):\n    return x + 2  # edited\n")
    assert loc.get_source_stamp() != (package, own)  # its own file's edit changes the stamp too
    assert _locator(njit(cache=True)(_test_wrapper)).get_source_stamp()[0] == cache.package_stamp()


def _test_wrapper(x):  # a function of this test file: tests/ is registered by tests/conftest.py
    return x + 1


def test_the_stamp_changes_with_any_kernel_file_and_only_with_content(tmp_path, monkeypatch):
    engine = tmp_path / "engine"
    games = tmp_path / "games" / "somegame"
    engine.mkdir()
    games.mkdir(parents=True)
    (engine / "zones.py").write_text("A = 1\n")
    rules = games / "kernels.py"
    rules.write_text("def f():\n    return 1\n")
    (tmp_path / "cli.py").write_text("x = 1\n")  # not a kernel folder
    monkeypatch.setattr(cache, "_PACKAGE", tmp_path)
    monkeypatch.setattr(cache, "_KERNEL_DIRS", (tmp_path / "engine", tmp_path / "games"))

    def stamp():
        cache._memo.clear()  # the one-second memo would hide the edit
        return cache.package_stamp()

    monkeypatch.setattr(cache, "_memo", {})
    first = stamp()
    assert [p.name for p in cache.kernel_sources()] == ["zones.py", "kernels.py"]
    rules.write_text("def f():\n    return 2\n")  # an edit to one rules file ...
    edited = stamp()
    assert edited != first  # ... changes the stamp of every kernel of the package
    (tmp_path / "cli.py").write_text("x = 2\n")
    assert stamp() == edited  # files outside the kernel folders do not count
    rules.write_text("def f():\n    return 1\n")
    assert stamp() == first  # the stamp is of contents, not of modification times


@pytest.mark.parametrize("name", ["UserProvidedCacheLocator", "InTreeCacheLocator", "UserWideCacheLocator"])
def test_every_source_backed_numba_locator_has_a_package_twin_in_front(name):
    classes = caching.CacheImpl._locator_classes
    names = [c.__name__ for c in classes]
    assert names.index("Package" + name) < names.index(name)
    assert Path(cache.__file__).parent.name == "engine"


def test_the_python_layer_modules_left_out_of_the_stamp_hold_no_kernel_and_no_kernel_imports_them():
    """cache.PYTHON_ONLY (adapters, card compilers, importers, decks, envs, scenarios) are left out
    of the stamp: an edit there must not change any compiled kernel. So none of them defines a numba
    function, and no stamped module of a game imports one of them."""
    import ast
    import re

    games = Path(cache.__file__).resolve().parents[1] / "games"
    decorated = re.compile(r"^@(njit|internal|internal_nrt|kernel|overload)\b", re.M)
    stamped = set(cache.kernel_sources())
    checked = 0
    for path in sorted(games.rglob("*.py")):
        text = path.read_text()
        if path.stem in cache.PYTHON_ONLY:
            assert path not in stamped
            assert not decorated.search(text), f"{path}: a Python-layer module defines a kernel"
            checked += 1
            continue
        assert path in stamped
        for node in ast.walk(ast.parse(text)):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for name in names:
                parts = name.split(".")
                if parts[:2] == ["tcg_env", "games"] and len(parts) >= 4:
                    assert parts[3] not in cache.PYTHON_ONLY, f"{path}: imports the Python-layer module {name}"
    assert checked >= 10
