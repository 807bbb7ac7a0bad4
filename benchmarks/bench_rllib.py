"""Training throughput: training/rllib_selfplay.py (RLlib PPO) against training/selfplay_ppo.py, in one run.

    python benchmarks/bench_rllib.py --game fftcg --seconds 60

Each trainer runs for half of ``--seconds`` (after an unmeasured warm-up), the two interleaved in
chunks of one RLlib iteration / one own-trainer update, always advancing the one with less measured
time, so that the load of other processes on a shared machine falls on both alike. Both run as
configured for training (``configs/rllib_<game>.yaml`` and ``configs/ppo_<game>.yaml``, ``--rllib-set``
/ ``--ppo-set`` override either), each with its config's torch thread count (``--threads`` sets
both; set again before each chunk, the count being process-wide; OpenMP's passive wait policy,
``training/threads.py``, keeps the idle side's threads asleep), evaluations and periodic checkpoints off; sampling *and* learning are inside the
measured time. The unit is the *env step*: a decision of either player that the environment
executes (RLlib: ``num_env_steps_sampled``, one per ``MultiAgentEnv.step``; selfplay_ppo: ``num_envs``
per vector-env step); decisions with a single legal action are applied by the engine on both sides
(``auto_single``) and counted by neither.

The last line printed is one JSON object: ``rllib_env_steps_per_s``, ``ppo_env_steps_per_s``, their
ratio ``ppo_over_rllib``, the configs, hardware, load averages (before and after) and versions.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import training.threads  # noqa: F401  (before torch: OpenMP's passive wait policy, training/threads.py)
import numpy as np  # noqa: E402
import torch  # noqa: E402

from benchmarks.bench_training import PPOSide  # noqa: E402
from training.config import load_config  # noqa: E402
from training.rllib_selfplay import RLlibSelfPlay, RLlibSelfPlayConfig  # noqa: E402
from training.selfplay_ppo import PPOConfig  # noqa: E402

CONFIGS = Path(__file__).resolve().parents[1] / "configs"


class RLlibSide:
    """RLlibSelfPlay advanced one training iteration at a time (the first one unmeasured: it
    builds the connectors' and the modules' first batches)."""

    def __init__(self, cfg: RLlibSelfPlayConfig):
        self.tr = RLlibSelfPlay(cfg, log=False)
        self.threads = torch.get_num_threads()
        self.tr.iterate()  # warm-up
        self.start_steps = self.tr.state["env_steps"]
        self.seconds = 0.0
        self.chunks = 0

    def advance(self) -> None:
        torch.set_num_threads(self.threads)  # process-wide: each side runs with its own count
        t0 = time.perf_counter()
        self.tr.iterate()
        self.seconds += time.perf_counter() - t0
        self.chunks += 1

    def result(self) -> dict:
        steps = self.tr.state["env_steps"] - self.start_steps
        return {"rllib_env_steps_per_s": steps / self.seconds, "rllib_iterations": self.chunks,
                "rllib_seconds": self.seconds, "rllib_env_steps": steps}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="fftcg")
    p.add_argument("--seconds", type=float, default=60.0, help="total measured time, split between the two")
    p.add_argument("--rllib-config", default=None, help="default: configs/rllib_<game>.yaml")
    p.add_argument("--ppo-config", default=None, help="default: configs/ppo_<game>.yaml")
    p.add_argument("--threads", type=int, default=0,
                   help="torch threads for both sides (0: each config's own torch_threads; training/threads.py)")
    p.add_argument("--rllib-set", nargs="*", default=[], metavar="KEY=VALUE", help="extra overrides of the RLlib config")
    p.add_argument("--ppo-set", nargs="*", default=[], metavar="KEY=VALUE", help="extra overrides of the PPO config")
    args = p.parse_args()
    load_before = [round(x, 2) for x in os.getloadavg()]
    rllib_path = args.rllib_config or CONFIGS / f"rllib_{args.game}.yaml"
    ppo_path = args.ppo_config or CONFIGS / f"ppo_{args.game}.yaml"
    threads = [f"torch_threads={args.threads}"] if args.threads else []
    tmp = tempfile.mkdtemp(prefix="bench_rllib_")
    ppo_cfg = load_config(PPOConfig, ppo_path, [f"out_dir={tmp}", "tensorboard=false", *threads,
                                               "eval_every=0", "final_eval_games=0", "max_minutes=0",
                                               "total_env_steps=1000000000000", "checkpoint_every=1000000000"]
                          + args.ppo_set)
    rllib_cfg = load_config(RLlibSelfPlayConfig, rllib_path, [f"out_dir={tmp}", "run_name=rllib", *threads,
                                                             "eval_every=0", "final_eval_games=0", "max_minutes=0",
                                                             "max_iterations=1000000000", "checkpoint_every=1000000000"]
                            + args.rllib_set)
    half = args.seconds / 2
    print(f"bench_rllib: {args.game}, {half:.0f} s each (interleaved), load average {load_before}", flush=True)
    rl = RLlibSide(rllib_cfg)
    ppo = PPOSide(ppo_cfg)
    ppo_threads = torch.get_num_threads()
    _advance = ppo.advance

    def ppo_advance():
        torch.set_num_threads(ppo_threads)
        _advance()

    ppo.advance = ppo_advance
    while rl.seconds < half or ppo.seconds < half:
        side = rl if (rl.seconds <= ppo.seconds and rl.seconds < half) or ppo.seconds >= half else ppo
        side.advance()
    r, o = rl.result(), ppo.result()
    rl.tr.close()
    print(f"rllib_selfplay: {r['rllib_env_steps_per_s']:.0f} env steps/s ({r['rllib_iterations']} iterations of "
          f"{rllib_cfg.train_batch_size}, {rllib_cfg.num_env_runners} env runners x {rllib_cfg.num_envs_per_env_runner} envs)",
          flush=True)
    print(f"selfplay_ppo: {o['ppo_env_steps_per_s']:.0f} env steps/s ({o['ppo_updates']} updates of "
          f"{ppo_cfg.num_envs} x {ppo_cfg.num_steps})", flush=True)
    out = {
        "game": args.game,
        "seconds": args.seconds,
        "rllib_env_steps_per_s": round(r["rllib_env_steps_per_s"], 1),
        "ppo_env_steps_per_s": round(o["ppo_env_steps_per_s"], 1),
        "ppo_over_rllib": round(o["ppo_env_steps_per_s"] / max(r["rllib_env_steps_per_s"], 1e-9), 2),
        "rllib": {k: v for k, v in r.items() if k != "rllib_env_steps_per_s"},
        "ppo": {k: v for k, v in o.items() if k != "ppo_env_steps_per_s"},
        "rllib_config": {"num_env_runners": rllib_cfg.num_env_runners, "num_envs_per_env_runner": rllib_cfg.num_envs_per_env_runner,
                         "train_batch_size": rllib_cfg.train_batch_size, "minibatch_size": rllib_cfg.minibatch_size,
                         "num_epochs": rllib_cfg.num_epochs, "hidden": rllib_cfg.hidden},
        "ppo_config": {"num_envs": ppo_cfg.num_envs, "num_steps": ppo_cfg.num_steps, "update_epochs": ppo_cfg.update_epochs,
                       "arch": ppo_cfg.arch, "hidden": ppo_cfg.hidden},
        "torch_threads": {"rllib": rl.threads, "ppo": ppo_threads},
        "cpu": platform.processor() or platform.machine(),
        "cpu_count": os.cpu_count(),
        "load_avg_before": load_before,
        "load_avg": [round(x, 2) for x in os.getloadavg()],
        "versions": {"python": platform.python_version(), "torch": torch.__version__, "numpy": np.__version__,
                     "ray": __import__("ray").__version__},
        "command": " ".join(["python"] + sys.argv),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
