"""Env throughput against PettingZoo's own connect_four_v3, measured in the same run.

    python benchmarks/bench_env.py --game fftcg --seconds 10 [--batch 1024]

(a) the AEC env as ``env()`` returns it, random legal actions from the observation's mask;
(b) ``pettingzoo.classic.connect_four_v3.env()`` driven the same way;
(c) the vector env, B games per call, random legal actions from ``TCGVectorEnv.sample_actions``,
observations and masks out every step. Last line: one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def drive_aec(env, seconds: float, seed: int = 0) -> float:
    rng = np.random.default_rng(seed)
    steps = 0
    episode = 0
    env.reset(seed=seed)
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(500):
            obs, rew, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                if not env.agents:
                    episode += 1
                    env.reset(seed=seed + episode)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
    return steps / (time.perf_counter() - t0)


def drive_vector(game: str, batch: int, seconds: float) -> float:
    from tcg_env.envs import TCGVectorEnv

    venv = TCGVectorEnv(game, num_envs=batch, seed=0, max_turns=200)
    obs, masks, players = venv.reset()
    # uniform random legal actions drawn in a kernel from the env's own agent RNG
    # (TCGVectorEnv.sample_actions); a numpy cumsum sampler costs ~350 us per call of 1024 rows,
    # about as much as the engine step itself
    actions = np.empty(batch, np.int32)
    venv.step(venv.sample_actions(actions))  # compile / load
    calls = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    while time.perf_counter() - t0 < seconds:
        obs, masks, rewards, term, trunc, players = venv.step(venv.sample_actions(actions))
        calls += 1
    cpu = time.process_time() - c0
    return batch * calls / (time.perf_counter() - t0), cpu / (batch * calls) * 1e9


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="fftcg")
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--batch", type=int, default=1024)
    args = ap.parse_args(argv)
    import numba
    import pettingzoo
    from pettingzoo.classic import connect_four_v3

    from tcg_env.envs import make_env

    print(f"command: {' '.join([os.path.basename(sys.executable)] + sys.argv)}")
    print(
        f"hardware/versions: python={platform.python_version()}, cpus={os.cpu_count()}, numpy={np.__version__}, "
        f"numba={numba.__version__}, pettingzoo={pettingzoo.__version__}, platform={platform.platform()}"
    )
    env = make_env(args.game)
    drive_aec(env, 0.5)  # compile / load
    share = args.seconds / 3
    aec = drive_aec(env, share)
    c4 = drive_aec(connect_four_v3.env(), share)
    vec, vec_cpu_ns = drive_vector(args.game, args.batch, share)
    print(f"{args.game} AEC env, random legal actions: {aec:,.0f} steps/s")
    print(f"connect_four_v3 AEC env, same driver: {c4:,.0f} steps/s  (ratio {aec / c4:.2f}x)")
    print(f"{args.game} vector env, B={args.batch}, obs+masks every step: {vec:,.0f} steps/s "
          f"({vec_cpu_ns:.0f} CPU ns/step over all threads, load {os.getloadavg()[0]:.2f})")
    print(
        json.dumps(
            {
                "game": args.game,
                "aec_steps_per_s": round(aec),
                "connect_four_v3_steps_per_s": round(c4),
                "aec_vs_connect_four_ratio": round(aec / c4, 3),
                "vector_steps_per_s": round(vec),
                "vector_batch": args.batch,
                "vector_cpu_ns_per_step": round(vec_cpu_ns, 1),
                "load_avg_1min": round(os.getloadavg()[0], 2),
                "cpus": os.cpu_count(),
            }
        )
    )


if __name__ == "__main__":
    main()
