"""What pyflakes finds stays out: unused imports, redefinitions, undefined names, unused locals
(``ruff check --select F``, issue 26). ruff comes with the test extra, so CI runs this check."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_no_pyflakes_findings():
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.fail("ruff is not installed: pip install -e '.[test]' (it is in the test extra)")
    done = subprocess.run([ruff, "check", "--select", "F", "--output-format", "concise", "--no-cache", str(ROOT)],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, f"ruff check --select F found:\n{done.stdout}{done.stderr}"


def test_test_files_have_unique_basenames():
    """pytest imports test modules by basename (no packages under tests/, so that a test file can
    import its folder's helpers): two games' ``test_layouts.py`` stop the whole suite's collection,
    which a run of one folder does not show. Name a game's test file after the game."""
    seen: dict[str, Path] = {}
    clashes = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        if path.name in seen:
            clashes.append(f"{seen[path.name].relative_to(ROOT)} and {path.relative_to(ROOT)}")
        seen.setdefault(path.name, path)
    assert not clashes, "test files with the same basename: " + "; ".join(clashes)
