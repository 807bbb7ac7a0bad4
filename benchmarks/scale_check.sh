#!/usr/bin/env bash
# The own trainer on a bigger machine against 2 of its cores, in one command (issue 29: at least 4x).
#
#     bash benchmarks/scale_check.sh            # from the repository root, in the venv that runs the trainer
#     SECONDS_EACH=120 PYTHON=.venv/bin/python bash benchmarks/scale_check.sh
#
# Runs benchmarks/bench_training.py --ppo-only up to six times on FF-TCG, one after the other:
#   1. 2 cores (--cores 2), configs/ppo_fftcg.yaml as it is (threads from the cores: 2 and 2, as on
#      the 2-core development machine);
#   2. every core of this machine on the CPU, the same config (what `selfplay_ppo.py --config
#      configs/ppo_fftcg.yaml device=cpu` runs);
#   3. every core on the CPU with 4x the rows (num_envs=2048), so each env step has work to share;
#   4. every core on the CPU, the same config with overlap=true (the learner's update in a thread
#      beside the next rollout; threads split between the two: docs/training.md, Overlap);
#   5. the GPU (skipped without CUDA): configs/ppo_fftcg_gpu.yaml (4096 rows, threads from the cores);
#   6. the GPU with overlap=true: the update runs on the device while the CPU collects.
# and prints each one's summary line (env steps/s, threads, cores, device, CPU utilisation, load),
# then one JSON line with the rates and their ratios to the 2-core rate. Run it on an otherwise
# idle machine; each run lasts SECONDS_EACH seconds (default 60) after a warm-up.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python}
SECS=${SECONDS_EACH:-60}
OUT=$(mktemp -d)
bench() {  # name, then bench_training.py arguments
    local name=$1; shift
    echo "== $name: $PY benchmarks/bench_training.py --ppo-only --seconds $SECS $*"
    "$PY" benchmarks/bench_training.py --ppo-only --seconds "$SECS" "$@" | tee "$OUT/$name.log" | grep '^selfplay_ppo:'
    tail -n 1 "$OUT/$name.log" > "$OUT/$name.json"
}
bench cores2 --cores 2
bench all_cores_cpu --device cpu
bench all_cores_cpu_2048 --device cpu --num-envs 2048
bench all_cores_cpu_overlap --device cpu --set overlap=true
if "$PY" -c 'import sys, torch; sys.exit(0 if torch.cuda.is_available() else 1)'; then
    bench cuda --device cuda --ppo-config configs/ppo_fftcg_gpu.yaml
    bench cuda_overlap --device cuda --ppo-config configs/ppo_fftcg_gpu.yaml --set overlap=true
else
    echo "== cuda, cuda_overlap: skipped (torch.cuda.is_available() is False)"
fi
"$PY" - "$OUT" <<'PYEOF'
import json, os, sys
out = sys.argv[1]
names = ("cores2", "all_cores_cpu", "all_cores_cpu_2048", "all_cores_cpu_overlap", "cuda", "cuda_overlap")
runs = {n: json.load(open(os.path.join(out, n + ".json"))) for n in names
        if os.path.exists(os.path.join(out, n + ".json"))}
base = runs["cores2"]["ppo_env_steps_per_s"]
summary = {n: {"env_steps_per_s": r["ppo_env_steps_per_s"], "over_2_cores": round(r["ppo_env_steps_per_s"] / base, 2),
               "cores": r["cores"], "torch_threads": r["torch_threads"], "env_threads": r["env_threads"],
               "device": r["device"], "gpu": r["gpu"], "cpu_utilisation": r["cpu_utilisation"],
               "num_envs": r["ppo_config"]["num_envs"], "overlap": r["ppo_config"].get("overlap", False),
               "load_avg": r["load_avg"]} for n, r in runs.items()}
print(json.dumps({"scale_check": summary, "target_over_2_cores": 4.0}))
PYEOF
