"""Training throughput: training/selfplay_ppo.py against training/sb3_maskable.py, in one run.

    python benchmarks/bench_training.py --game fftcg --seconds 60

Each trainer runs for half of ``--seconds`` (after an unmeasured warm-up that loads the compiled
kernels), the two interleaved in chunks of one PPO update / one SB3 iteration (so that the load of
other processes on a shared machine, which comes and goes, falls on both alike), with the same
trunk widths (the PPO config's ``hidden``, or ``--hidden``), the same game options, the same torch thread count and the same
number of passes over each sample (SB3's ``n_epochs`` is set to the PPO config's
``update_epochs``), training included (rollouts *and* gradient updates are inside the measured
time; evaluations and checkpoints are off on both sides). The PPO side runs ``configs/ppo_fftcg.yaml`` as trained (pointer-head network,
heuristic and snapshot opponents); SB3 runs ``configs/sb3_fftcg.yaml`` (MLP policy, snapshot
opponent). ``--ppo-set`` / ``--sb3-set`` override either (e.g. ``--ppo-set arch=mlp``).

Two units, each counted the same way on both sides, both reported:

* *learner steps* (``ppo_steps_per_s``, ``sb3_steps_per_s``, ratio ``ppo_over_sb3``): decisions of
  the learning policy that enter its training batch. SB3: ``model.num_timesteps``, one per
  ``env.step`` of the Gymnasium wrapper. selfplay_ppo: the transitions trained on (the learner
  seats; both seats of mirror games). This is the unit of training throughput: samples learnt
  from per second.
* *env steps* (``ppo_env_steps_per_s``, ``sb3_env_steps_per_s``, ratio ``ppo_over_sb3_env_steps``):
  every decision of either player that the environment executes. SB3's wrapper step runs the
  opponent's decisions inside it (and ``reset`` those before the learner's first move): they are
  counted from the snapshot opponents (``SnapshotOpponent.decisions``) and added to
  ``num_timesteps``. selfplay_ppo: ``num_envs`` per vector-env step (learner, snapshot and kernel
  opponents alike). Decisions with a single legal action are applied by the engine on both sides
  (``auto_single``) and counted by neither.

The PPO trainer is measured in its steady state: its snapshot pool is filled to ``pool_size``
before timing (a fresh run has one snapshot for its first ``snapshot_every`` updates), so pool
games cost what they cost after the first ``pool_size * snapshot_every`` updates of a run.

The last line printed is one JSON object: the four rates above and their two ratios, the configs
used, hardware, load average and versions.

Scaling (docs/training.md, Scaling to a bigger machine): ``--ppo-only`` measures the own trainer
alone (all of ``--seconds``), ``--cores N`` restricts the process to the first N of its CPUs
(``os.sched_setaffinity``, before any thread pool starts), ``--device cuda`` trains on the GPU,
``--num-envs`` and ``--set key=value`` override the PPO config::

    python benchmarks/bench_training.py --ppo-only --seconds 60 --cores 2
    python benchmarks/bench_training.py --ppo-only --seconds 60 --set torch_threads=0 env_threads=0 --num-envs 2048
    python benchmarks/bench_training.py --ppo-only --seconds 60 --device cuda --ppo-config configs/ppo_fftcg_gpu.yaml

Each prints the env steps/s with the thread counts in force, the cores, the device (and the GPU's
name), the CPU utilisation of the measured PPO chunks (process CPU time / wall time / cores: above
1.0 the process had more threads running than cores) and the load average. ``benchmarks/
scale_check.sh`` runs the three and compares them with the 2-core figure.
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


def _restrict_cores(argv: list[str]) -> None:
    """``--cores N``: before numba, torch and their thread pools load, as ``taskset`` would."""
    for i, a in enumerate(argv):
        if a == "--cores" or a.startswith("--cores="):
            n = int(a.split("=", 1)[1] if "=" in a else argv[i + 1])
            mine = sorted(os.sched_getaffinity(0))
            if not 1 <= n <= len(mine):
                raise SystemExit(f"bench_training.py: error: --cores must be 1..{len(mine)} (this process's CPUs), got {n}")
            os.sched_setaffinity(0, set(mine[:n]))


if __name__ == "__main__":
    _restrict_cores(sys.argv[1:])

# first: it sets OMP_WAIT_POLICY before torch loads its OpenMP runtime (training/threads.py)
from training.threads import available_cores, describe_threads, set_threads  # noqa: E402, I001

import numba  # noqa: E402
import numpy as np  # noqa: E402
import torch  # noqa: E402

from training.config import load_config  # noqa: E402
from training.sb3_maskable import SB3Config, make_model  # noqa: E402
from training.selfplay_ppo import PPOConfig, Trainer, describe_device  # noqa: E402


class PPOSide:
    """selfplay_ppo.Trainer, advanced one update (rollout + learning) at a time."""

    def __init__(self, cfg: PPOConfig, updates_per_chunk: int = 1):
        warm = Trainer(replace(cfg, num_envs=16, num_steps=8, run_name="warm"), log=False)
        warm.run(max_updates=1)  # kernels loaded / compiled, torch warmed up
        self.cfg = cfg
        # overlap=true joins its learner thread when run() returns: chunks of one update would never
        # overlap, so --ppo-only measures chunks of several (both settings alike)
        self.updates_per_chunk = updates_per_chunk
        self.tr = Trainer(cfg, log=False)
        while len(self.tr.pool_updates) < cfg.pool_size:  # steady state: a full opponent pool
            self.tr._add_snapshot(0)
        self.seconds = 0.0
        self.cpu_seconds = 0.0  # CPU time of all the process's threads during the measured chunks
        self.chunks = 0

    def advance(self) -> None:
        # its own thread counts: the two sides share numba's and torch's pools, and the side built
        # last would otherwise set them for both (SB3 runs 1 env thread)
        self.tr.apply_threads()
        c0, t0 = time.process_time(), time.perf_counter()
        self.tr.run(max_updates=self.updates_per_chunk)
        self.seconds += time.perf_counter() - t0
        self.cpu_seconds += time.process_time() - c0
        self.chunks += 1

    def result(self) -> dict:
        dt, tr = self.seconds, self.tr
        return {"ppo_steps_per_s": tr.learner_steps / dt, "ppo_env_steps_per_s": tr.global_step / dt,
                "ppo_updates": self.chunks * self.updates_per_chunk, "ppo_seconds": dt, "ppo_learner_steps": tr.learner_steps,
                "ppo_env_steps": tr.global_step, "ppo_cpu_utilisation": self.cpu_seconds / dt / available_cores(),
                "ppo_overlap": tr.describe_overlap()}


class SB3Side:
    """MaskablePPO, advanced one iteration (``n_envs * n_steps`` steps collected, then trained) at
    a time: ``learn(..., reset_num_timesteps=False)`` continues the same rollout state, so the
    chunks add up to one continuous run, and every counted step is also trained on."""

    def __init__(self, cfg: SB3Config):
        from training.sb3_maskable import SelfPlayCallback

        warm, _, _ = make_model(replace(cfg, n_envs=1, n_steps=32, batch_size=32))
        warm.learn(64)
        self.cfg = cfg
        self.model, _, self.opponents = make_model(cfg)
        self.callback = SelfPlayCallback(self.opponents, cfg, None)
        self.seconds = 0.0
        self.chunks = 0

    def advance(self) -> None:
        set_threads(self.cfg.torch_threads, 1)  # as training.sb3_maskable.make_model
        t0 = time.perf_counter()
        self.model.learn(self.cfg.n_envs * self.cfg.n_steps, callback=self.callback, reset_num_timesteps=False)
        self.seconds += time.perf_counter() - t0
        self.chunks += 1

    def result(self) -> dict:
        dt, steps = self.seconds, int(self.model.num_timesteps)
        opp = sum(o.decisions for o in self.opponents)
        return {"sb3_steps_per_s": steps / dt, "sb3_env_steps_per_s": (steps + opp) / dt, "sb3_seconds": dt,
                "sb3_iterations": self.chunks, "sb3_steps": steps, "sb3_opponent_decisions": int(opp)}


def bench_interleaved(ppo_cfg: PPOConfig, sb3_cfg: SB3Config, seconds_each: float) -> tuple[dict, dict]:
    """Alternate the two trainers in chunks (one PPO update, one SB3 iteration: 1-3 s each),
    always advancing the one with less measured time, until both have ``seconds_each``: load from
    other processes that comes and goes then falls on both sides alike."""
    ppo, sb3 = PPOSide(ppo_cfg), SB3Side(sb3_cfg)
    while ppo.seconds < seconds_each or sb3.seconds < seconds_each:
        side = ppo if (ppo.seconds <= sb3.seconds and ppo.seconds < seconds_each) or sb3.seconds >= seconds_each else sb3
        side.advance()
    return ppo.result(), sb3.result()


PPO_ONLY_CHUNK = 5  # updates per measured chunk of --ppo-only (PPOSide: overlap needs more than one)


def bench_ppo_only(ppo_cfg: PPOConfig, seconds: float) -> dict:
    ppo = PPOSide(ppo_cfg, PPO_ONLY_CHUNK)
    while ppo.seconds < seconds:
        ppo.advance()
    return ppo.result()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="fftcg")
    p.add_argument("--seconds", type=float, default=60.0, help="total measured time, split between the two")
    p.add_argument("--ppo-config", default=str(Path(__file__).resolve().parents[1] / "configs" / "ppo_fftcg.yaml"))
    p.add_argument("--sb3-config", default=str(Path(__file__).resolve().parents[1] / "configs" / "sb3_fftcg.yaml"))
    p.add_argument("--hidden", default=None, help="trunk widths used by both, e.g. 256,256 (default: the PPO config's)")
    p.add_argument("--threads", type=int, default=0, help="torch threads for both (0: the PPO config's torch_threads)")
    p.add_argument("--ppo-set", nargs="*", default=[], metavar="KEY=VALUE", help="extra overrides of the PPO config")
    p.add_argument("--sb3-set", nargs="*", default=[], metavar="KEY=VALUE", help="extra overrides of the SB3 config")
    p.add_argument("--ppo-only", action="store_true", help="measure selfplay_ppo alone, for all of --seconds")
    p.add_argument("--device", default=None, help="device of both trainers (cpu, cuda, cuda:1; default: the configs')")
    p.add_argument("--cores", type=int, default=None, help="restrict the process to the first N of its CPUs")
    p.add_argument("--num-envs", type=int, default=None, help="the PPO config's num_envs")
    p.add_argument("--set", nargs="*", default=[], metavar="KEY=VALUE", dest="set_",
                   help="overrides of the PPO config (after --ppo-set), e.g. torch_threads=0 env_threads=0")
    args = p.parse_args()
    hidden = (list(load_config(PPOConfig, args.ppo_config).hidden) if args.hidden is None
              else [int(h) for h in args.hidden.split(",")])
    tmp = tempfile.mkdtemp(prefix="bench_training_")
    # the same torch threads on both sides: --threads, else what the PPO config runs with (its
    # torch_threads, 0: training/threads.py's default)
    ppo_extra = args.ppo_set + args.set_ + ([f"num_envs={args.num_envs}"] if args.num_envs else [])
    threads = args.threads or load_config(PPOConfig, args.ppo_config, ppo_extra).torch_threads
    common = [f"game={args.game}", f"hidden={hidden}", f"out_dir={tmp}", "tensorboard=false", f"torch_threads={threads}"]
    if args.device:
        common.append(f"device={args.device}")
    # training only on both sides: no evaluations, and no periodic checkpoints (SB3 writes none either)
    ppo_cfg = load_config(PPOConfig, args.ppo_config, common + ["eval_every=0", "final_eval_games=0", "max_minutes=0",
                                                                "total_env_steps=1000000000000",
                                                                "checkpoint_every=1000000000"] + ppo_extra)
    if args.ppo_only:
        return report_ppo_only(args, ppo_cfg, hidden)
    # the same number of passes over each sample on both sides (SB3's own default would be 10)
    sb3_cfg = load_config(SB3Config, args.sb3_config, common + ["eval_games=0", "max_minutes=0",
                                                                f"n_epochs={ppo_cfg.update_epochs}"] + args.sb3_set)
    half = args.seconds / 2
    print(f"bench_training: {args.game}, {half:.0f} s each (interleaved), hidden {hidden}", flush=True)
    ppo, sb3 = bench_interleaved(ppo_cfg, sb3_cfg, half)
    set_threads(ppo_cfg.torch_threads, ppo_cfg.env_threads)  # the counts reported below are the PPO side's
    print(f"selfplay_ppo: {ppo['ppo_steps_per_s']:.0f} learner steps/s ({ppo['ppo_env_steps_per_s']:.0f} env steps/s, "
          f"{ppo['ppo_updates']} updates of {ppo_cfg.num_envs} x {ppo_cfg.num_steps})", flush=True)
    print(f"sb3_maskable: {sb3['sb3_steps_per_s']:.0f} learner steps/s ({sb3['sb3_env_steps_per_s']:.0f} env steps/s, "
          f"{sb3['sb3_steps']} steps, {sb3_cfg.n_envs} envs)", flush=True)
    out = {
        "game": args.game,
        "seconds": args.seconds,
        "ppo_steps_per_s": round(ppo["ppo_steps_per_s"], 1),
        "sb3_steps_per_s": round(sb3["sb3_steps_per_s"], 1),
        "ppo_over_sb3": round(ppo["ppo_steps_per_s"] / max(sb3["sb3_steps_per_s"], 1e-9), 2),
        "ppo_env_steps_per_s": round(ppo["ppo_env_steps_per_s"], 1),
        "sb3_env_steps_per_s": round(sb3["sb3_env_steps_per_s"], 1),
        "ppo_over_sb3_env_steps": round(ppo["ppo_env_steps_per_s"] / max(sb3["sb3_env_steps_per_s"], 1e-9), 2),
        "ppo": {k: v for k, v in ppo.items() if k not in ("ppo_steps_per_s", "ppo_env_steps_per_s")},
        "sb3": {k: v for k, v in sb3.items() if k not in ("sb3_steps_per_s", "sb3_env_steps_per_s")},
        "ppo_config": {"num_envs": ppo_cfg.num_envs, "num_steps": ppo_cfg.num_steps, "update_epochs": ppo_cfg.update_epochs,
                       "num_minibatches": ppo_cfg.num_minibatches, "arch": ppo_cfg.arch, "pool_size": ppo_cfg.pool_size,
                       "opponents": {"self": ppo_cfg.latest_prob, "heuristic": ppo_cfg.heuristic_prob,
                                     "random": ppo_cfg.random_prob}},
        "sb3_config": {"n_envs": sb3_cfg.n_envs, "n_steps": sb3_cfg.n_steps, "n_epochs": sb3_cfg.n_epochs,
                       "batch_size": sb3_cfg.batch_size},
        "hidden": hidden,
        **machine(ppo_cfg),
        "command": " ".join(["python"] + sys.argv),
    }
    print(json.dumps(out))


def machine(ppo_cfg: PPOConfig) -> dict:
    """The threads in force, the cores, the device and the load: what a figure was measured on."""
    from agents.neural import resolve_device

    device = resolve_device(ppo_cfg.device)
    return {
        "torch_threads": torch.get_num_threads(),
        "env_threads": int(numba.get_num_threads()),
        "cores": available_cores(),
        "device": str(device),
        "gpu": torch.cuda.get_device_name(device) if device.type == "cuda" else None,
        "cpu": platform.processor() or platform.machine(),
        "cpu_count": os.cpu_count(),
        "omp_wait_policy": os.environ.get("OMP_WAIT_POLICY"),
        "load_avg": [round(x, 2) for x in os.getloadavg()],
        "versions": {"python": platform.python_version(), "torch": torch.__version__, "numpy": np.__version__},
    }


def report_ppo_only(args, ppo_cfg: PPOConfig, hidden: list) -> None:
    print(f"bench_training: selfplay_ppo alone, {args.game}, {args.seconds:.0f} s, {ppo_cfg.num_envs} x "
          f"{ppo_cfg.num_steps} per update, hidden {hidden}", flush=True)
    load_before = [round(x, 2) for x in os.getloadavg()]
    ppo = bench_ppo_only(ppo_cfg, args.seconds)
    m = machine(ppo_cfg)
    print(f"selfplay_ppo: {ppo['ppo_env_steps_per_s']:.0f} env steps/s ({ppo['ppo_steps_per_s']:.0f} learner steps/s, "
          f"{ppo['ppo_updates']} updates) on {describe_device(torch.device(m['device']))}, "
          f"{describe_threads()}, {ppo['ppo_overlap']}; "
          f"CPU utilisation {ppo['ppo_cpu_utilisation']:.2f} of {m['cores']} cores; load {load_before} -> {m['load_avg']}",
          flush=True)
    out = {
        "game": args.game,
        "seconds": args.seconds,
        "ppo_env_steps_per_s": round(ppo["ppo_env_steps_per_s"], 1),
        "ppo_steps_per_s": round(ppo["ppo_steps_per_s"], 1),
        "cpu_utilisation": round(ppo["ppo_cpu_utilisation"], 3),
        "ppo": {k: v for k, v in ppo.items() if k not in ("ppo_steps_per_s", "ppo_env_steps_per_s")},
        "ppo_config": {"num_envs": ppo_cfg.num_envs, "num_steps": ppo_cfg.num_steps, "update_epochs": ppo_cfg.update_epochs,
                       "num_minibatches": ppo_cfg.num_minibatches, "arch": ppo_cfg.arch, "pool_size": ppo_cfg.pool_size,
                       "torch_threads": ppo_cfg.torch_threads, "env_threads": ppo_cfg.env_threads,
                       "deterministic": ppo_cfg.deterministic, "overlap": ppo_cfg.overlap},
        "hidden": hidden,
        "load_avg_before": load_before,
        **m,
        "command": " ".join(["python"] + sys.argv),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
