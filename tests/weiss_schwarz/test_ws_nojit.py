"""The Weiss Schwarz kernels also run as plain Python (NUMBA_DISABLE_JIT=1) and agree with the
compiled ones: same states and observations after the same random play."""

import os
import subprocess
import sys
from pathlib import Path

CODE = """
import sys, warnings, numpy as np, tcg_env
warnings.simplefilter("ignore")
sys.path.insert(0, {tests!r})
from ws_tables import basic_pool, basic_deck
pool = basic_pool(); deck = basic_deck(pool)
g = tcg_env.make_game("weiss_schwarz", decks=(deck, deck), seed=3, pool=pool)
rng = np.random.default_rng(0)
for _ in range(400):
    if g.done:
        break
    legal = g.legal_actions()
    g.step(int(legal[rng.integers(len(legal))]))
b = tcg_env.make_batch("weiss_schwarz", 4, decks=(deck, deck), seed=1, pool=pool)
b.step(np.array([np.flatnonzero(m)[0] for m in b.masks]))
print(g.num_decisions, int(g.state.astype(np.int64) @ np.arange(g.state.size)), float(g.observe(0).sum()),
      int(b.states.astype(np.int64).sum()), float(b.obs.sum()))
"""


def test_the_engine_runs_without_jit_and_matches_the_compiled_one():
    code = CODE.format(tests=str(Path(__file__).parent))
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    nojit = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600)
    assert nojit.returncode == 0, nojit.stderr[-2000:]
    jit = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=900)
    assert jit.returncode == 0, jit.stderr[-2000:]
    assert nojit.stdout.split() == jit.stdout.split()
