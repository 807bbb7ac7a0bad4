"""The snippets a newcomer copies first run as written: the Python blocks of README.md and of each
game's newcomer page (docs/<game>/README.md), and the deck lists those pages show validate.

Each ```python block runs in a fresh interpreter from the repository root. The one change made:
MaskablePPO's ``total_timesteps=50_000`` becomes 256, so the block shows that the example wires up
and learns without spending minutes of CI on it. A block that starts Ray (the RLlib example) runs
whole in the slow run; CI runs it up to the line that builds the algorithm and validates the config
there (the same build and training, through the same ``tcg_env.rllib`` calls, run in CI in
tests/training/test_rllib_selfplay.py's smoke run: a second Ray start-up here cost about a minute).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*/README.md"))]
SHORTEN = {"total_timesteps=50_000": "total_timesteps=256"}
# a line that starts the long part of a block -> what CI runs instead of it and the rest
CUT = {"algo = config.build_algo()": "config.validate()"}


def _blocks(lang: str) -> list[tuple[str, int, str]]:
    return [(p.relative_to(ROOT).as_posix(), i, code) for p in PAGES
            for i, code in enumerate(re.findall(rf"```{lang}\n(.*?)```", p.read_text(), re.S))]


PYTHON = _blocks("python")


def _cut(code: str) -> str | None:
    """The block's short form for CI, or None when it has no long part."""
    for line, instead in CUT.items():
        if line in code:
            return code[:code.index(line)] + instead + "\n"
    return None


RUNS = [pytest.param(p, i, code, id=f"{p}#{i}", marks=[pytest.mark.slow] if _cut(code) else [])
        for p, i, code in PYTHON]
RUNS += [pytest.param(p, i, _cut(code), id=f"{p}#{i}-short") for p, i, code in PYTHON if _cut(code)]
DECKS = [b for b in _blocks("text") if re.search(r"^\d+x? \S+", b[2], re.M)]


def test_pages_have_snippets():
    assert sum(page == "README.md" for page, _, _ in PYTHON) >= 4
    assert any(page == "docs/force_of_will/README.md" for page, _, _ in DECKS)
    for old in SHORTEN:  # a page that changed its numbers would run the long form in CI
        assert any(old in code for _, _, code in PYTHON), old
    for line in CUT:  # and one that changed the cut line would run no short form
        assert any(line in code for _, _, code in PYTHON), line


@pytest.mark.parametrize("page,i,code", RUNS)
def test_python_snippet_runs(page, i, code):
    if "sb3_contrib" in code:
        pytest.importorskip("sb3_contrib")
    if "pyspiel" in code:  # the OpenSpiel example needs the extra openspiel
        pytest.importorskip("pyspiel")
    if "tcg_env.rllib" in code:  # the RLlib example needs the extra rllib
        pytest.importorskip("ray.rllib")
    for old, new in SHORTEN.items():
        code = code.replace(old, new)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, f"{page}, python block {i} failed:\n{code}\n{out.stderr[-3000:]}"


@pytest.mark.parametrize("page,i,deck", DECKS, ids=[f"{p}#{i}" for p, i, _ in DECKS])
def test_deck_list_in_docs_validates(page, i, deck, tmp_path, capsys):
    from tcg_env.cli import main

    game = Path(page).parent.name
    path = tmp_path / "deck.txt"
    path.write_text(deck)
    assert main(["deck", "validate", "--game", game, str(path)]) == 0
    assert ": ok: " in capsys.readouterr().out
