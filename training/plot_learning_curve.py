"""Learning curve of a selfplay_ppo.py run: evaluation win rates (with 95% intervals) against
wall-clock minutes, and throughput.

    python training/plot_learning_curve.py runs/ppo_fftcg --out docs/img/learning_curve.png

Reads ``eval.csv`` and ``progress.csv`` of the run folder (written by ``selfplay_ppo.py``).
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path


def read_csv(path: Path) -> list[dict]:
    if not path.exists():
        raise SystemExit(f"{path} not found (is this a selfplay_ppo.py run folder?)")
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def plot(run_dir: Path, out: Path, title: str | None = None) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    evals = read_csv(run_dir / "eval.csv")
    progress = read_csv(run_dir / "progress.csv")
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    for opp, color in (("random", "tab:blue"), ("heuristic", "tab:red")):
        rows = [r for r in evals if r["opponent"] == opp and r["final"] == "0"]
        final = [r for r in evals if r["opponent"] == opp and r["final"] == "1"]
        if not rows and not final:
            continue
        x = [float(r["minutes"]) for r in rows]
        y = [float(r["win_rate"]) for r in rows]
        lo = [float(r["ci95_low"]) for r in rows]
        hi = [float(r["ci95_high"]) for r in rows]
        n = rows[0]["games"] if rows else final[0]["games"]
        ax.plot(x, y, "-o", ms=3, color=color, label=f"vs {opp} ({n} games per point)")
        ax.fill_between(x, lo, hi, color=color, alpha=0.15)
        for r in final:
            ax.errorbar([float(r["minutes"])], [float(r["win_rate"])],
                        yerr=[[float(r["win_rate"]) - float(r["ci95_low"])], [float(r["ci95_high"]) - float(r["win_rate"])]],
                        fmt="s", color=color, ms=7, capsize=3, label=f"final vs {opp} ({r['games']} games): {float(r['win_rate']):.3f}")
    ax.axhline(0.5, color="grey", lw=0.8, ls=":")
    ax.set_xlabel("wall-clock minutes (training, evaluations and checkpoints)")
    ax.set_ylabel("win rate of the greedy policy")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
    ax.set_title(title or f"selfplay_ppo: {run_dir.name}")
    x = [float(r["minutes"]) for r in progress]
    ax2.plot(x, [float(r["env_steps_per_s"]) for r in progress], lw=0.8, label="env steps/s (all decisions)")
    ax2.plot(x, [float(r["learner_steps_per_s"]) for r in progress], lw=0.8, label="learner steps/s (trained on)")
    ax2.set_xlabel("wall-clock minutes")
    ax2.set_ylabel("steps per second (per update)")
    ax2.grid(alpha=0.3)
    ax2.legend(fontsize=8)
    ax2.set_title("throughput (machine shared with other jobs)")
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=110)
    return out


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("run_dir", type=Path, help="the run folder (out_dir/run_name)")
    p.add_argument("--out", type=Path, default=None, help="PNG path (default RUN_DIR/learning_curve.png)")
    p.add_argument("--title", default=None)
    args = p.parse_args(argv)
    out = plot(args.run_dir, args.out or args.run_dir / "learning_curve.png", args.title)
    print(out)


if __name__ == "__main__":
    main()
