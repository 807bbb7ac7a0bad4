"""CI's form of test_variant.py (marked slow: compiled, the example variant is a whole FF-TCG engine of
its own): the same tests run as Python (NUMBA_DISABLE_JIT=1), where a rules variant costs no compile,
but the one that replays FF-TCG 2016's golden games (minutes as Python; it checks the compiled engine's
entry per rule set, which FF-TCG 2014 compiles in CI anyway)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_the_rules_variant_tests_pass_as_python():
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    out = subprocess.run([sys.executable, "-m", "pytest", "tests/fftcg/test_variant.py", "-m", "slow", "-q",
                          "-p", "no:cacheprovider", "-k", "not compiles_its_own_engine"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    # each test but the golden replay ran on FF-TCG 2016's pool; the 2014 pool's are skipped (only_2016)
    assert re.search(r"^4 passed, 3 skipped, 1 deselected", out.stdout, re.M), out.stdout[-1000:]
