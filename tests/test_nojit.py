"""Every kernel also runs as plain Python (NUMBA_DISABLE_JIT=1), for debugging and coverage."""

import os
import subprocess
import sys

CODE = """
import numpy as np, tcg_env
g = tcg_env.make_game("fftcg", seed=3)
rng = np.random.default_rng(0)
for _ in range(300):
    if g.done:
        break
    legal = g.legal_actions()
    g.step(int(legal[rng.integers(len(legal))]))
b = tcg_env.make_batch("fftcg", 4, seed=1)
b.step(np.array([np.flatnonzero(m)[0] for m in b.masks]))
print(g.num_decisions, int(g.state.astype(np.int64) @ np.arange(g.state.size)), float(g.observe(0).sum()), int(b.states.astype(np.int64).sum()))
"""


def test_the_engine_runs_without_jit_and_matches_the_compiled_one():
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    nojit = subprocess.run([sys.executable, "-c", CODE], env=env, capture_output=True, text=True, timeout=600)
    assert nojit.returncode == 0, nojit.stderr[-2000:]
    jit = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=600)
    assert jit.returncode == 0, jit.stderr[-2000:]
    assert nojit.stdout.split() == jit.stdout.split()  # same states and observations
