"""Training throughput: training/selfplay_ppo.py against training/sb3_maskable.py, in one run.

    python benchmarks/bench_training.py --game fftcg --seconds 60

Each trainer runs for half of ``--seconds`` (after an unmeasured warm-up that loads the compiled
kernels), with the same trunk widths (``--hidden``), the same game options, the same torch thread
count and the same number of passes over each sample (SB3's ``n_epochs`` is set to the PPO
config's ``update_epochs``), training included (rollouts *and* gradient updates are inside the
measured time). The PPO side runs ``configs/ppo_fftcg.yaml`` as trained (pointer-head network,
heuristic and snapshot opponents); SB3 runs ``configs/sb3_fftcg.yaml`` (MLP policy, snapshot
opponent). ``--ppo-set`` / ``--sb3-set`` override either (e.g. ``--ppo-set arch=mlp``).

Steps are counted the same way for both: *learner steps*, i.e. decisions of the learning policy
that enter its training batch (SB3: ``model.num_timesteps``, one per ``env.step``, the opponent's
decisions run inside the step; selfplay_ppo: stored learner transitions, both seats of mirror
games). ``ppo_env_steps_per_s`` also counts the self-play opponents' decisions.

The last line printed is one JSON object: ``ppo_steps_per_s``, ``sb3_steps_per_s``, their ratio,
``ppo_env_steps_per_s``, the configs used, hardware and versions.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import torch  # noqa: E402

from training.config import load_config  # noqa: E402
from training.sb3_maskable import SB3Config, make_model  # noqa: E402
from training.selfplay_ppo import PPOConfig, Trainer  # noqa: E402


def bench_ppo(cfg: PPOConfig, seconds: float) -> dict:
    warm = Trainer(replace(cfg, num_envs=16, num_steps=8, run_name="warm"), log=False)
    warm.run(max_updates=1)  # kernels loaded / compiled, torch warmed up
    tr = Trainer(cfg, log=False)
    t0 = time.perf_counter()
    updates = 0
    while time.perf_counter() - t0 < seconds or updates == 0:
        tr.run(max_updates=1)
        updates += 1
    dt = time.perf_counter() - t0
    return {"ppo_steps_per_s": tr.learner_steps / dt, "ppo_env_steps_per_s": tr.global_step / dt,
            "ppo_updates": updates, "ppo_seconds": dt, "ppo_learner_steps": tr.learner_steps}


def bench_sb3(cfg: SB3Config, seconds: float) -> dict:
    from stable_baselines3.common.callbacks import BaseCallback

    class StopAt(BaseCallback):
        def __init__(self, seconds):
            super().__init__()
            self.seconds = seconds

        def _on_training_start(self):
            self.t0 = time.perf_counter()

        def _on_step(self):
            return time.perf_counter() - self.t0 < self.seconds

    warm, _, _ = make_model(replace(cfg, n_envs=1, n_steps=32, batch_size=32))
    warm.learn(64)
    model, _, opponents = make_model(cfg)
    from training.sb3_maskable import SelfPlayCallback
    from stable_baselines3.common.callbacks import CallbackList

    t0 = time.perf_counter()
    model.learn(total_timesteps=10**12, callback=CallbackList([SelfPlayCallback(opponents, cfg, None), StopAt(seconds)]))
    dt = time.perf_counter() - t0
    return {"sb3_steps_per_s": model.num_timesteps / dt, "sb3_seconds": dt, "sb3_steps": int(model.num_timesteps)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="fftcg")
    p.add_argument("--seconds", type=float, default=60.0, help="total measured time, split between the two")
    p.add_argument("--ppo-config", default=str(Path(__file__).resolve().parents[1] / "configs" / "ppo_fftcg.yaml"))
    p.add_argument("--sb3-config", default=str(Path(__file__).resolve().parents[1] / "configs" / "sb3_fftcg.yaml"))
    p.add_argument("--hidden", default="256,256", help="MLP widths used by both")
    p.add_argument("--threads", type=int, default=0, help="torch threads for both (0: the trainers' default)")
    p.add_argument("--ppo-set", nargs="*", default=[], metavar="KEY=VALUE", help="extra overrides of the PPO config")
    p.add_argument("--sb3-set", nargs="*", default=[], metavar="KEY=VALUE", help="extra overrides of the SB3 config")
    args = p.parse_args()
    hidden = [int(h) for h in args.hidden.split(",")]
    tmp = tempfile.mkdtemp(prefix="bench_training_")
    common = [f"game={args.game}", f"hidden={hidden}", f"out_dir={tmp}", "tensorboard=false", f"torch_threads={args.threads}"]
    ppo_cfg = load_config(PPOConfig, args.ppo_config, common + ["eval_every=0", "final_eval_games=0", "max_minutes=0",
                                                                "total_env_steps=1000000000000"] + args.ppo_set)
    # the same number of passes over each sample on both sides (SB3's own default would be 10)
    sb3_cfg = load_config(SB3Config, args.sb3_config, common + ["eval_games=0", "max_minutes=0",
                                                                f"n_epochs={ppo_cfg.update_epochs}"] + args.sb3_set)
    half = args.seconds / 2
    print(f"bench_training: {args.game}, {half:.0f} s each, hidden {hidden}", flush=True)
    ppo = bench_ppo(ppo_cfg, half)
    print(f"selfplay_ppo: {ppo['ppo_steps_per_s']:.0f} learner steps/s ({ppo['ppo_env_steps_per_s']:.0f} env steps/s, "
          f"{ppo['ppo_updates']} updates of {ppo_cfg.num_envs} x {ppo_cfg.num_steps})", flush=True)
    sb3 = bench_sb3(sb3_cfg, half)
    print(f"sb3_maskable: {sb3['sb3_steps_per_s']:.0f} learner steps/s ({sb3['sb3_steps']} steps, {sb3_cfg.n_envs} envs)",
          flush=True)
    out = {
        "game": args.game,
        "seconds": args.seconds,
        "ppo_steps_per_s": round(ppo["ppo_steps_per_s"], 1),
        "sb3_steps_per_s": round(sb3["sb3_steps_per_s"], 1),
        "ppo_over_sb3": round(ppo["ppo_steps_per_s"] / max(sb3["sb3_steps_per_s"], 1e-9), 2),
        "ppo_env_steps_per_s": round(ppo["ppo_env_steps_per_s"], 1),
        "ppo": {k: v for k, v in ppo.items() if k not in ("ppo_steps_per_s", "ppo_env_steps_per_s")},
        "sb3": {k: v for k, v in sb3.items() if k != "sb3_steps_per_s"},
        "ppo_config": {"num_envs": ppo_cfg.num_envs, "num_steps": ppo_cfg.num_steps, "update_epochs": ppo_cfg.update_epochs,
                       "num_minibatches": ppo_cfg.num_minibatches, "arch": ppo_cfg.arch,
                       "opponents": {"self": ppo_cfg.latest_prob, "heuristic": ppo_cfg.heuristic_prob,
                                     "random": ppo_cfg.random_prob}},
        "sb3_config": {"n_envs": sb3_cfg.n_envs, "n_steps": sb3_cfg.n_steps, "n_epochs": sb3_cfg.n_epochs,
                       "batch_size": sb3_cfg.batch_size},
        "hidden": hidden,
        "torch_threads": torch.get_num_threads(),
        "device": "cuda" if torch.cuda.is_available() else "cpu",
        "cpu": platform.processor() or platform.machine(),
        "cpu_count": os.cpu_count(),
        "load_avg": [round(x, 2) for x in os.getloadavg()],
        "versions": {"python": platform.python_version(), "torch": torch.__version__, "numpy": np.__version__},
        "command": " ".join(["python"] + sys.argv),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
