"""Import directions (DESIGN.md "Layers"; issue 17): nothing outside ``tcg_env/games/`` reaches a
specific game's modules (it asks the game's spec, found through ``tcg_env.registry``), and
``tcg_env`` never imports ``agents`` or ``training`` at module level.

The places that still reach into a game are listed in ``KNOWN`` until the one-folder-per-game move
of issue 17 removes them: a new one fails this test, and so does a listed one that is gone (then
delete it from the list), so the list only shrinks.
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

KNOWN = {
    # card schemas and the deck loader still live in tcg_env/cards (they move into their games)
    ("tcg_env/cards/fftcg.py", "tcg_env.games.fftcg"),
    ("tcg_env/cards/weiss_schwarz.py", "tcg_env.games.weiss_schwarz"),
    ("tcg_env/cards/decks.py", "tcg_env.games.fftcg"),
    # observation scales and shaping weights still chosen by game name (to move into the spec)
    ("agents/neural.py", "tcg_env.games.fftcg"),
    ("agents/neural.py", "tcg_env.games.weiss_schwarz"),
    # policy kernels, batch, constants and state found by module path instead of through the spec
    ("tcg_env/cli.py", "dynamic"),
    ("tcg_env/matchup.py", "dynamic"),
}


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


def test_nothing_outside_the_game_folders_reaches_a_game_except_the_listed_places():
    found = set()
    for rel, text in _python_files():
        found |= _game_imports(rel, text)
    new = sorted(found - KNOWN)
    gone = sorted(KNOWN - found)
    assert not new, f"new imports of a specific game outside tcg_env/games (ask the game's spec instead): {new}"
    assert not gone, f"these places no longer reach into a game: delete them from KNOWN: {gone}"


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
