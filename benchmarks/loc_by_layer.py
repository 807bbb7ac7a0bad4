"""Lines of code per layer of the engine, per game and for the shared core, at any commit.

    python benchmarks/loc_by_layer.py [--without-imports] [--by-file] [REV ...]   (default: the working tree)

A developer tool beside the speed benchmarks: the issue that introduced the shared core (17) asks
each game's lines before and after, per layer, and the core's. A line of code is a non-blank line
that is not only a comment; docstrings count (they are the kernels' documentation). Layers:

* ``core``: ``tcg_env/engine``;
* per game (``tcg_env/games/<game>`` and, before the one-folder layout, ``tcg_env/cards/<game>.py``,
  ``tcg_env/cards/importers/<game>*.py``, ``tcg_env/envs/<game>_v0.py``), split into
  ``rules`` (rules, observation, policy and hook kernels), ``cards`` (schema, compiler, importers, decks),
  ``python`` (spec, adapter, scenario, env);
* ``shared``: the rest of ``tcg_env`` (facade, envs, cards, CLI, matchups).

Prints one table; with several REVs, one column per REV. ``--without-imports`` leaves out the
lines of import statements: the games import hundreds of names from their own constants, one per
line in some, several per line in others, so comparing games (or a game before and after a change
of import style) counts formatting unless the imports are left out. ``--by-file`` prints one row per
file instead of per layer (where a game's lines are).
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# every game folder of this checkout (a revision without one counts 0 for it)
GAMES = tuple(sorted(p.name for p in (ROOT / "tcg_env" / "games").iterdir() if (p / "__init__.py").exists()))
OLD_IMPORTER_PREFIX = {"weiss_schwarz": "ws"}  # before the one-folder layout: cards/importers/ws_json.py
CARDS_FILES = re.compile(r"(^|/)(cards|decks|importers?|.*_json|card_text)\.(py|lark)$")
PYTHON_FILES = re.compile(r"(^|/)(__init__|adapter|scenario|env|support|unsupported|data)\.py$")


def _files(rev: str | None) -> dict[str, str]:
    if rev is None:
        paths = subprocess.run(["git", "ls-files", "tcg_env"], cwd=ROOT, capture_output=True, text=True,
                               check=True).stdout.split()
        paths += subprocess.run(["git", "ls-files", "--others", "--exclude-standard", "tcg_env"], cwd=ROOT,
                                capture_output=True, text=True, check=True).stdout.split()
        return {p: (ROOT / p).read_text() for p in paths if p.endswith(CODE) and (ROOT / p).exists()}
    paths = subprocess.run(["git", "ls-tree", "-r", "--name-only", rev, "tcg_env"], cwd=ROOT, capture_output=True,
                           text=True, check=True).stdout.split()
    return {p: subprocess.run(["git", "show", f"{rev}:{p}"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout for p in paths if p.endswith(CODE)}


CODE = (".py", ".lark")  # Python, and the card-text grammars (a line of a grammar is a line of code)


def import_lines(text: str) -> set[int]:
    """The (1-based) numbers of the lines that import statements span."""
    out: set[int] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out.update(range(node.lineno, node.end_lineno + 1))
    return out


def code_lines(text: str, without_imports: bool = False, grammar: bool = False) -> int:
    """Non-blank lines that are not only a comment (``#``; ``//`` in a Lark grammar)."""
    skip = import_lines(text) if without_imports and not grammar else set()
    comment = "//" if grammar else "#"
    return sum(1 for i, line in enumerate(text.splitlines(), 1)
               if line.strip() and not line.strip().startswith(comment) and i not in skip)


def layer(path: str) -> str:
    if path.startswith("tcg_env/engine/"):
        return "core"
    for g in GAMES:
        short = OLD_IMPORTER_PREFIX.get(g, g)
        if path.startswith(f"tcg_env/games/{g}/"):
            rel = path[len(f"tcg_env/games/{g}/"):]
            if CARDS_FILES.search(rel):
                return f"{g}: cards"
            return f"{g}: python" if PYTHON_FILES.search(rel) else f"{g}: rules"
        if path in (f"tcg_env/cards/{g}.py",) or re.match(rf"tcg_env/cards/importers/({g}|{short})_json\.py$", path):
            return f"{g}: cards"
        if path == f"tcg_env/envs/{g}_v0.py":
            return f"{g}: python"
    return "shared"


def count(rev: str | None, without_imports: bool = False, by_file: bool = False) -> dict[str, int]:
    out: dict[str, int] = {}
    for path, text in _files(rev).items():
        key = f"{layer(path)}: {path.removeprefix('tcg_env/')}" if by_file else layer(path)
        out[key] = out.get(key, 0) + code_lines(text, without_imports, grammar=path.endswith(".lark"))
    for g in GAMES:
        out[f"{g}: total"] = sum(v for k, v in out.items() if k.startswith(f"{g}: ") and not k.endswith("total"))
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("revs", nargs="*", metavar="REV", help="git revisions (default: the working tree)")
    ap.add_argument("--without-imports", action="store_true", help="leave out the lines of import statements")
    ap.add_argument("--by-file", action="store_true", help="one row per file instead of per layer")
    args = ap.parse_args(argv)
    revs = args.revs or [None]
    for r in revs:
        if r is not None and subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{r}^{{commit}}"], cwd=ROOT,
                                            capture_output=True).returncode != 0:  # fmt: skip
            ap.error(f"REV {r!r} is not a commit of this repository")
    counts = [count(r, args.without_imports, args.by_file) for r in revs]
    keys = sorted({k for c in counts for k in c}, key=lambda k: (k.split(":")[0] != "core", k))
    names = [r or "worktree" for r in revs]
    width = max(24, *(len(k) + 2 for k in keys))
    print(f"{'layer':<{width}}" + "".join(f"{n[:12]:>14}" for n in names))
    for k in keys:
        print(f"{k:<{width}}" + "".join(f"{c.get(k, 0):>14,}" for c in counts))


if __name__ == "__main__":
    main()
