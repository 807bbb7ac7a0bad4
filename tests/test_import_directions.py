"""Import directions (DESIGN.md "Layers"; issue 17): nothing outside ``tcg_env/games/`` reaches a
specific game's modules or branches on a game's name (it asks the game's spec, found through
``tcg_env.registry``, the one place that names the game packages), and ``tcg_env`` never imports
``agents`` or ``training`` at module level.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE_GAMES = ("tcg_env", "agents", "training", "benchmarks")
# a static import of a game package, or a dynamic one built from a game's name
GAME_MODULE = re.compile(r"^tcg_env\.games\.\w+")
DYNAMIC = re.compile(r"""import_module\(\s*f["']tcg_env\.games\.\{|__import__\(\s*f["']tcg_env\.games\.\{""")

def _python_files():
    for top in OUTSIDE_GAMES:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if not rel.startswith("tcg_env/games/"):
                yield rel, path.read_text()


def _game_imports(rel: str, text: str) -> set[tuple[str, str]]:
    found = set()
    for node in ast.walk(ast.parse(text)):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            m = GAME_MODULE.match(name)
            if m:
                found.add((rel, m.group(0)))
    if DYNAMIC.search(text):
        found.add((rel, "dynamic"))
    return found


def test_nothing_outside_the_game_folders_reaches_a_game():
    found = set()
    for rel, text in _python_files():
        found |= _game_imports(rel, text)
    assert not found, f"imports of a specific game outside tcg_env/games (ask the game's spec instead): {sorted(found)}"


def _name_branches(rel: str, text: str) -> list[str]:
    """Comparisons with a registered game's name (``game == "fftcg"``, ``game in ("fftcg", ...)``)."""
    from tcg_env.registry import list_games

    names = set(list_games())
    out = []
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Compare):
            continue
        for side in [node.left, *node.comparators]:
            consts = side.elts if isinstance(side, (ast.Tuple, ast.List, ast.Set)) else [side]
            if any(isinstance(c, ast.Constant) and c.value in names for c in consts):
                out.append(f"{rel}:{node.lineno}")
                break
    return out


def test_nothing_outside_the_game_folders_branches_on_a_game_name():
    bad = []
    for rel, text in _python_files():
        bad += _name_branches(rel, text)
    assert not bad, f"branches on a game's name outside tcg_env/games (add a spec field instead): {bad}"


def test_the_checks_see_a_game_import_and_a_name_branch():
    text = ("import tcg_env.games.fftcg.kernels\nimport importlib\n"
            "m = importlib.import_module(f'tcg_env.games.{g}.batch')\nif game == 'weiss_schwarz':\n    pass\n")
    assert _game_imports("x.py", text) == {("x.py", "tcg_env.games.fftcg"), ("x.py", "dynamic")}
    assert _name_branches("x.py", text) == ["x.py:4"]


def test_tcg_env_never_imports_agents_or_training_at_module_level():
    bad = []
    for rel, text in _python_files():
        if not rel.startswith("tcg_env/"):
            continue
        for node in ast.parse(text).body:  # module level only: lazy imports inside functions are fine
            mods = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                mods = [node.module]
            elif isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            bad += [f"{rel}:{node.lineno} imports {m}" for m in mods if m.split(".")[0] in ("agents", "training")]
    assert not bad, bad


def test_the_card_layer_imports_neither_a_game_nor_the_engine():
    """``tcg_env/cards`` is what every game's cards share, below the engine and the games
    (docs/architecture.md, "Layers"): a game hands it what it needs (``CardTable.PACK``)."""
    bad = []
    for path in sorted((ROOT / "tcg_env" / "cards").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            mods = [node.module] if isinstance(node, ast.ImportFrom) and node.module else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            bad += [f"{path.relative_to(ROOT)}:{node.lineno} imports {m}" for m in mods
                    if m.startswith(("tcg_env.games", "tcg_env.engine"))]
    assert not bad, bad


def test_the_shared_rules_layer_sits_between_the_engine_and_the_games():
    """``tcg_env/rules`` (the shared rules layer, docs/architecture.md "Layers") may import the
    engine, never a game; the engine never imports it (it is above the core)."""
    bad = []
    for top, forbidden in (("rules", ("tcg_env.games",)), ("engine", ("tcg_env.rules",))):
        for path in sorted((ROOT / "tcg_env" / top).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                mods = [node.module] if isinstance(node, ast.ImportFrom) and node.module else \
                    [a.name for a in node.names] if isinstance(node, ast.Import) else []
                bad += [f"{path.relative_to(ROOT)}:{node.lineno} imports {m}" for m in mods
                        if m.startswith(forbidden)]
    assert (ROOT / "tcg_env" / "rules" / "modifiers.py").exists()
    assert not bad, bad
