"""The README's Python snippets run as written (a newcomer copies them first).

Each ```python block of README.md runs in a fresh interpreter from the repository root. The one
change made: MaskablePPO's ``total_timesteps=50_000`` becomes 256, so the block shows that the
example wires up and learns without spending minutes of CI on it.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
SHORTEN = {"total_timesteps=50_000": "total_timesteps=256"}


def test_readme_has_python_snippets():
    assert len(BLOCKS) >= 4


@pytest.mark.parametrize("i", range(len(BLOCKS)))
def test_readme_python_snippet_runs(i):
    code = BLOCKS[i]
    if "sb3_contrib" in code:
        pytest.importorskip("sb3_contrib")
    for old, new in SHORTEN.items():
        code = code.replace(old, new)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, f"README snippet {i} failed:\n{code}\n{out.stderr[-3000:]}"
