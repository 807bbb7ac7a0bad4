"""The own trainer on bigger machines: thread counts from the cores this process may use, the
``deterministic`` setting per device, and the GPU's sampling path (run here on the CPU)."""

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from agents.neural import masked_logits  # noqa: E402
from training.config import ConfigError, load_config  # noqa: E402
from training.selfplay_ppo import PPOConfig, Trainer, deterministic_mode  # noqa: E402
from training.threads import _cgroup_quota_cores  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

AFFINITY_PROBE = """
import json, os, sys
sys.path.insert(0, {root!r})
os.sched_setaffinity(0, {cpus!r})
os.environ.pop("OMP_WAIT_POLICY", None)
from training.threads import available_cores, set_threads
import numba, numpy as np, torch

@numba.njit(parallel=True, cache=False)
def total(x):
    s = 0.0
    for i in numba.prange(x.size):
        s += x[i]
    return s

counts = set_threads({torch_threads}, {env_threads})
total(np.ones(100_000))  # a parallel kernel after the counts were set: torch's must stay
print(json.dumps({{"cores": available_cores(), "set": counts, "torch": torch.get_num_threads(),
                  "numba": numba.get_num_threads(), "wait": os.environ.get("OMP_WAIT_POLICY")}}))
"""


def _probe(cpus: set, torch_threads: int = 0, env_threads: int = 0) -> dict:
    code = AFFINITY_PROBE.format(root=str(ROOT), cpus=cpus, torch_threads=torch_threads, env_threads=env_threads)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity"), reason="no CPU affinity on this platform")
def test_default_thread_counts_follow_the_cpu_affinity():
    """torch_threads 0 / env_threads 0 take half of / all the cores the process may run on (taskset,
    cpusets), not os.cpu_count(); the counts stick once numba's pool runs a kernel; the OpenMP pools wait
    passively. Run under an affinity of 1 core and, where there are two, of 2."""
    mine = sorted(os.sched_getaffinity(0))
    quota = _cgroup_quota_cores()
    for k in sorted({1, min(2, len(mine))}):
        got = _probe(set(mine[:k]))
        want = min(k, quota) if quota else k
        assert got["cores"] == want, got
        # torch half the cores (at least 1: passive waiting's wake-ups cost small ops), the env kernels all
        assert got["set"] == [max(1, want // 2), want] and got["torch"] == max(1, want // 2) and got["numba"] == want, got
        assert got["wait"] == "PASSIVE", got
    # explicit counts are kept whatever the cores (the PPO configs said torch_threads: 2, env_threads: 1)
    got = _probe(set(mine[:1]), torch_threads=2, env_threads=1)
    assert got["cores"] == 1 and got["torch"] == 2 and got["numba"] == 1, got


def test_deterministic_is_auto_by_default_and_checked():
    assert PPOConfig().deterministic == "auto"
    assert deterministic_mode("auto", torch.device("cpu")) is True
    assert deterministic_mode("auto", torch.device("cuda")) is False  # no CUDA call: only the device's kind
    assert deterministic_mode(True, torch.device("cuda")) is True
    assert deterministic_mode(False, torch.device("cpu")) is False
    for value in ("true", "false", "auto"):
        load_config(PPOConfig, None, [f"deterministic={value}"])
    with pytest.raises(ConfigError, match="deterministic must be true, false or auto, got 'sometimes'"):
        load_config(PPOConfig, None, ["deterministic=sometimes"])


def _small_cfg(tmp_path, name, **kw):
    base = load_config(PPOConfig, None, [
        "num_envs=8", "num_steps=24", "total_env_steps=960", "hidden=[16]", "update_epochs=2", "num_minibatches=2",
        "pool_size=3", "snapshot_every=1", "latest_prob=0.3", "heuristic_prob=0.3", "max_turns=4",
        "checkpoint_every=1000", "eval_every=0", "final_eval_games=0", "tensorboard=false", "seed=7", "arch=entity",
    ])
    return replace(base, out_dir=str(tmp_path), run_name=name, **kw)


def _check_stored_transitions(tr: Trainer) -> None:
    """Every stored learner decision is legal under its stored mask, and its stored log-probability
    and value are the network's for its stored observation (the network has not changed since)."""
    n = tr.n
    assert n > 0
    act, mask = tr.b_act[:n], tr.b_mask[:n]
    assert mask[np.arange(n), act].all()
    with torch.no_grad():
        logits, value = tr.net.forward_scaled(torch.from_numpy(tr.b_obs[:n].copy()))
        ml = masked_logits(logits, torch.from_numpy(mask.copy()))
        logp = torch.log_softmax(ml, 1).gather(1, torch.from_numpy(act)[:, None]).squeeze(1)
    np.testing.assert_allclose(tr.b_logp[:n], logp.numpy(), atol=1e-4)
    np.testing.assert_allclose(tr.b_val[:n], value.numpy(), atol=1e-5)
    nxt = tr.b_next[:n]
    assert ((nxt == -1) | (nxt > np.arange(n))).all()  # successors come later in the buffer


def test_device_sampling_path_keeps_the_bookkeeping(tmp_path):
    """The GPU's path (sampling from the device generator, actions / log-probabilities / values
    coming back packed in one copy), run on the CPU by giving the trainer a device generator:
    the stored transitions stay consistent and training stays finite."""
    tr = Trainer(_small_cfg(tmp_path, "devpath"), log=False)
    tr.dev_gen = torch.Generator(device="cpu").manual_seed(11)
    tr.collect_rollout()
    _check_stored_transitions(tr)
    info = tr.learn()
    assert all(np.isfinite(info[k]) for k in ("pg_loss", "v_loss", "entropy", "approx_kl"))
    tr.run(max_updates=2)
    assert tr.update == 2 and all(torch.isfinite(p).all() for p in tr.net.parameters())
    tr.close()
    # and the CPU path's transitions pass the same check
    cpu = Trainer(_small_cfg(tmp_path, "cpupath"), log=False)
    cpu.collect_rollout()
    _check_stored_transitions(cpu)
    cpu.close()


def test_gpu_config_is_the_cpu_recipe_with_larger_batches():
    """configs/ppo_fftcg_gpu.yaml changes the batch size, device and schedule keys of
    configs/ppo_fftcg.yaml (its device, cuda, is set to cpu on both here: no GPU needed), nothing of
    the PPO semantics or the league."""
    from training.config import config_to_dict

    cpu = config_to_dict(load_config(PPOConfig, ROOT / "configs" / "ppo_fftcg.yaml", ["device=cpu"]))
    gpu = config_to_dict(load_config(PPOConfig, ROOT / "configs" / "ppo_fftcg_gpu.yaml", ["device=cpu"]))
    differ = {k for k in cpu if cpu[k] != gpu[k]}
    assert differ == {"num_envs", "total_env_steps", "eval_every", "run_name"}, differ
    assert gpu["num_envs"] >= 4096 and gpu["num_minibatches"] == cpu["num_minibatches"]
    assert gpu["torch_threads"] == gpu["env_threads"] == 0 and gpu["deterministic"] == "auto"


def test_env_threads_do_not_change_the_run(tmp_path):
    """The env and policy kernels compute each row in one thread, so the env thread count changes
    the speed, not the run: the same seed with 1 and 2 env threads reaches the same parameters
    and env states (what lets env_threads: 0 take every core without changing the numerics)."""
    import numba

    if numba.config.NUMBA_NUM_THREADS < 2:
        pytest.skip("numba has a single thread here")
    runs = []
    for env_threads in (1, 2):
        tr = Trainer(_small_cfg(tmp_path, f"env{env_threads}", torch_threads=1, env_threads=env_threads), log=False)
        assert numba.get_num_threads() == env_threads
        tr.run(max_updates=3)
        tr.close()
        runs.append(tr)
    a, b = runs
    assert a.global_step == b.global_step and a.learner_steps == b.learner_steps and a.episodes == b.episodes > 0
    for (k, x), y in zip(a.net.state_dict().items(), b.net.state_dict().values()):
        assert torch.equal(x, y), k
    np.testing.assert_array_equal(a.vec.batch.states, b.vec.batch.states)


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity"), reason="no CPU affinity on this platform")
def test_bench_training_ppo_only_on_one_core_reports_the_machine():
    """``bench_training.py --ppo-only --cores 1``: the process is held to one core, the threads
    follow it, and the last line reports the rate with the threads, cores, device and load."""
    cmd = [sys.executable, str(ROOT / "benchmarks" / "bench_training.py"), "--ppo-only", "--seconds", "2", "--cores", "1",
           "--ppo-config", str(ROOT / "configs" / "ppo_fftcg_smoke.yaml"), "--hidden", "32", "--num-envs", "12",
           "--set", "env_threads=0"]
    env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}  # the script sets its own
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=ROOT, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    last = json.loads(out.stdout.strip().splitlines()[-1])
    assert last["ppo_env_steps_per_s"] > 0 and last["ppo_config"]["num_envs"] == 12
    assert last["cores"] == 1 and last["torch_threads"] == 1 and last["env_threads"] == 1
    assert last["device"] == "cpu" and last["gpu"] is None and last["omp_wait_policy"] == "PASSIVE"
    assert 0 < last["cpu_utilisation"] < 1.5 and len(last["load_avg"]) == 3
    assert "1 cores available" in out.stdout
