"""training/rllib_selfplay.py: its configs and their errors, who plays whom, snapshots reaching the
env runners, checkpoints that resume with the snapshots, and the CI smoke run (a subprocess: two
tiny iterations, a snapshot, a checkpoint, a resumed third iteration, final_eval.json in the own
trainer's format). Skipped without Ray RLlib (extra ``rllib``)."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

from training.config import ConfigError, load_config  # noqa: E402
from training.evaluate import EvalResult  # noqa: E402
from training.rllib_selfplay import RLlibSelfPlay, RLlibSelfPlayConfig, main, map_agent, slot_ids  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SMOKE = ROOT / "configs" / "rllib_smoke.yaml"
CONFIGS = ["rllib_fftcg", "rllib_smoke", "rllib_weiss_schwarz", "rllib_force_of_will", "rllib_dbscg", "rllib_fftcg_2014"]


# ---- configs ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", CONFIGS)
def test_config_files_load_and_validate(name):
    cfg = load_config(RLlibSelfPlayConfig, ROOT / "configs" / f"{name}.yaml")
    assert cfg.run_name == name and cfg.minibatch_size <= cfg.train_batch_size
    if name == "rllib_fftcg_2014":
        assert cfg.game == "fftcg_2014", "rules '2014' plays the registered game fftcg_2014"


def test_config_errors_name_the_key_and_where(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("max_iterations: 1\ntrain_batch_sise: 10\n")
    with pytest.raises(ConfigError, match=r"bad\.yaml: unknown config key 'train_batch_sise'"):
        load_config(RLlibSelfPlayConfig, bad)
    with pytest.raises(ConfigError, match=r"command line: lr must be a number"):
        load_config(RLlibSelfPlayConfig, SMOKE, ["lr=fast"])
    with pytest.raises(ConfigError, match=r"minibatch_size must be <= train_batch_size"):
        load_config(RLlibSelfPlayConfig, SMOKE, ["minibatch_size=100000"])
    with pytest.raises(ConfigError, match=r"latest_prob/random_prob"):
        load_config(RLlibSelfPlayConfig, SMOKE, ["latest_prob=0.8", "random_prob=0.3"])
    with pytest.raises(ConfigError, match=r"no budget"):
        load_config(RLlibSelfPlayConfig, SMOKE, ["max_iterations=0"])
    with pytest.raises(ConfigError, match=r"game 'chess' is not a registered game"):
        load_config(RLlibSelfPlayConfig, SMOKE, ["game=chess"])
    with pytest.raises(ConfigError, match=r"decks\[0\]"):
        load_config(RLlibSelfPlayConfig, SMOKE, ["decks=[nope, nope]"])
    with pytest.raises(ConfigError, match=r"eval_opponents"):
        load_config(RLlibSelfPlayConfig, SMOKE, ["eval_opponents=[mcts]"])


def test_cli_errors_are_one_line_with_exit_code_2(capsys, tmp_path):
    with pytest.raises(SystemExit) as e:
        main(["--config", str(SMOKE), "pool_sise=3"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "pool_sise" in err and len(err.strip().splitlines()) == 1
    run = tmp_path / "rllib_smoke"
    run.mkdir()
    (run / "progress.csv").write_text("iteration\n")
    with pytest.raises(SystemExit) as e:  # a directory that holds a run: refused before Ray starts
        main(["--config", str(SMOKE), f"out_dir={tmp_path}"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "already holds a run" in err and len(err.strip().splitlines()) == 1
    with pytest.raises(SystemExit) as e:
        main(["--config", str(SMOKE), f"out_dir={tmp_path}", "run_name=empty", "resume=true"])
    assert e.value.code == 2 and "nothing to resume" in capsys.readouterr().err


# ---- who plays whom --------------------------------------------------------------------------------
def test_map_agent_puts_main_on_one_seat_and_draws_opponents_by_their_probabilities():
    slots = tuple(slot_ids(3))
    seen = {"main": 0, "random": 0, **{s: 0 for s in slots}}
    main_seat = [0, 0]
    n = 4000
    for i in range(n):
        ep = SimpleNamespace(id_=f"episode-{i}")
        m0 = map_agent("player_0", ep, latest_prob=0.3, random_prob=0.2, slots=slots)
        m1 = map_agent("player_1", ep, latest_prob=0.3, random_prob=0.2, slots=slots)
        assert m0 == map_agent("player_0", ep, latest_prob=0.3, random_prob=0.2, slots=slots), "one draw per episode"
        assert "main" in (m0, m1)
        if m0 == m1 == "main":
            seen["main"] += 1
        else:
            opp = m1 if m0 == "main" else m0
            seen[opp] += 1
            main_seat[0 if m0 == "main" else 1] += 1
    assert abs(seen["main"] / n - 0.3) < 0.03 and abs(seen["random"] / n - 0.2) < 0.03
    for s in slots:
        assert abs(seen[s] / n - 0.5 / 3) < 0.03
    assert abs(main_seat[0] / sum(main_seat) - 0.5) < 0.04, "main plays both seats"


# ---- snapshots and resume in process -------------------------------------------------------------
def _weights(module) -> dict:
    return {k: v.detach().clone() for k, v in module.state_dict().items() if k.startswith("pi") or "encoder.actor" in k}


def _same(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(bool((a[k] == b[k]).all()) for k in a)


@pytest.fixture
def local_ray():
    """The trainer starts Ray in this process: shut it down after the test, so that later tests
    (the matchup's Ray backend) start their own."""
    import ray

    yield
    ray.shutdown()


def test_snapshots_reach_the_env_runner_and_resume_restores_them(tmp_path, local_ray):
    import torch

    cfg = load_config(RLlibSelfPlayConfig, SMOKE, [f"out_dir={tmp_path}", "max_iterations=2", "final_eval_games=0",
                                                   "eval_every=0", "snapshot_every=1"])
    t = RLlibSelfPlay(cfg)
    initial = _weights(t.algo.get_module("main"))
    assert _same(_weights(t.algo.get_module("main_v2")), initial), "the slots start as the initial network"
    t.run()  # two iterations: main_v1 = main after iteration 1, main_v2 = main after iteration 2
    state = json.loads((tmp_path / "rllib_smoke" / "checkpoint" / "tcg_state.json").read_text())["state"]
    assert state["iteration"] == 2 and state["slot_iterations"] == [1, 2] and state["snapshots"] == 2
    main_now = _weights(t.algo.learner_group._learner.module["main"])
    assert _same(_weights(t.algo.get_module("main")), main_now), "the runner's main is synced after learning"
    v1, v2 = _weights(t.algo.get_module("main_v1")), _weights(t.algo.get_module("main_v2"))
    assert _same(v2, main_now), "the env runner plays the snapshot just taken"
    assert not _same(v1, main_now) and not _same(v1, initial), "main_v1 holds main after iteration 1"

    resumed = RLlibSelfPlay(load_config(RLlibSelfPlayConfig, SMOKE, [f"out_dir={tmp_path}", "max_iterations=3",
                                                                     "final_eval_games=0", "eval_every=0",
                                                                     "resume=true"]))
    assert resumed.state["iteration"] == 2
    for mid, want in (("main", main_now), ("main_v1", v1), ("main_v2", v2)):
        assert _same(_weights(resumed.algo.get_module(mid)), want), f"{mid} restored"
    learner_main = resumed.algo.learner_group._learner.module["main"]
    assert all(torch.isfinite(p).all() for p in learner_main.parameters())
    resumed.run()
    assert resumed.state["iteration"] == 3
    rows = list(csv.DictReader(open(tmp_path / "rllib_smoke" / "progress.csv")))
    assert [int(r["iteration"]) for r in rows] == [1, 2, 3]


# ---- the CI smoke run ------------------------------------------------------------------------------
def _run(*args, timeout=240, env=None):
    cmd = [sys.executable, str(ROOT / "training" / "rllib_selfplay.py"), "--config", str(SMOKE), *args]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    return out.stdout


def _smoke_run(tmp_path):
    out = _run(f"out_dir={tmp_path}")
    run = tmp_path / "rllib_smoke"
    assert "iteration 1 " in out and "iteration 2 " in out and "env steps/s" in out and "snapshot -> main_v1" in out
    for name in ("progress.csv", "eval.csv", "config.json", "final_eval.json", "checkpoint/tcg_state.json",
                 "checkpoint/rllib_checkpoint.json"):
        assert (run / name).exists(), name
    final = json.loads((run / "final_eval.json").read_text())
    # the own trainer's final_eval.json (training/selfplay_ppo.py run_eval), rows as EvalResult.row()
    assert set(final) == {"update", "global_step", "minutes", "table"} and final["update"] == 2
    row_keys = set(EvalResult("random", 1, 1, 0, 0, 0.0).row())
    assert set(final["table"]) == {"random", "heuristic"}
    for o, row in final["table"].items():
        assert set(row) == row_keys and row["games"] == 8 and row["opponent"] == o
        assert row["ci95_low"] <= row["win_rate"] <= row["ci95_high"]
    progress = list(csv.DictReader(open(run / "progress.csv")))
    assert [int(r["iteration"]) for r in progress] == [1, 2]
    assert all(float(r["env_steps_per_s"]) > 0 for r in progress) and int(progress[-1]["env_steps"]) >= 2 * 256
    return run


def test_rllib_selfplay_smoke_run_checkpoints_and_writes_final_eval(tmp_path):
    """CI's form: one run of the command line (a Ray start-up costs ~20 s of CI's budget); resuming is
    checked in CI in-process by ``test_snapshots_reach_the_env_runner_and_resume_restores_them``
    and from the command line by the slow form below."""
    _smoke_run(tmp_path)


@pytest.mark.slow
def test_rllib_selfplay_smoke_run_checkpoints_resumes_and_writes_final_eval(tmp_path):
    run = _smoke_run(tmp_path)
    out = _run(f"out_dir={tmp_path}", "resume=true", "max_iterations=3")
    assert "resumed" in out and "iteration 3 " in out
    state = json.loads((run / "checkpoint" / "tcg_state.json").read_text())["state"]
    assert state["iteration"] == 3 and json.loads((run / "final_eval.json").read_text())["update"] == 3
    assert np.diff([int(r["env_steps"]) for r in csv.DictReader(open(run / "progress.csv"))]).min() > 0


@pytest.mark.slow
def test_docs_example_trains_one_iteration():
    import re

    code = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "rllib.md").read_text(), re.S)[0]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-3000:]
    assert int(out.stdout.strip().splitlines()[-1]) >= 2000


@pytest.mark.slow
def test_bench_rllib_prints_one_json_line():
    cmd = [sys.executable, str(ROOT / "benchmarks" / "bench_rllib.py"), "--game", "fftcg", "--seconds", "4",
           "--rllib-config", str(SMOKE), "--ppo-config", str(ROOT / "configs" / "ppo_fftcg_smoke.yaml")]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-3000:]
    last = json.loads(out.stdout.strip().splitlines()[-1])
    assert last["rllib_env_steps_per_s"] > 0 and last["ppo_env_steps_per_s"] > 0
    assert last["ppo_over_rllib"] == pytest.approx(last["ppo_env_steps_per_s"] / last["rllib_env_steps_per_s"], rel=0.01)


# ---- joining a Ray cluster -------------------------------------------------------------------------
def test_an_address_where_no_head_node_listens_is_one_line_and_leaves_the_run(capsys, tmp_path):
    """``address=host:port`` with nothing listening: refused at once (ray.init retries for minutes)
    by one line naming the address, and ``overwrite=true`` has removed nothing yet."""
    import socket

    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    run = tmp_path / "rllib_smoke"
    run.mkdir()
    (run / "progress.csv").write_text("iteration\n1\n")
    with pytest.raises(SystemExit) as e:
        main(["--config", str(SMOKE), f"out_dir={tmp_path}", "overwrite=true", "num_cpus=0", f"address=127.0.0.1:{port}"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and len(err.strip().splitlines()) == 1
    assert f"address=127.0.0.1:{port}: no Ray head node answers there" in err
    assert (run / "progress.csv").read_text() == "iteration\n1\n"


@pytest.mark.slow
def test_joins_a_running_ray_cluster_and_trains_on_its_env_runner(tmp_path):
    """The cluster path of docs/rllib.md on one machine: ``ray start --head`` (token authentication,
    Ray 2.60's default), then the smoke run with ``address=`` and ``RAY_AUTH_MODE=token``, its env
    runner an actor of that cluster; ``ray stop`` after."""
    import os
    import socket

    ray_cli = str(Path(sys.executable).parent / "ray")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "RAY_AUTH_MODE": "token"}
    subprocess.run([ray_cli, "start", "--head", f"--port={port}", "--num-cpus=2", "--include-dashboard=false",
                    "--disable-usage-stats"], check=True, capture_output=True, env=env, timeout=120)
    try:
        out = _run(f"out_dir={tmp_path}", f"address=127.0.0.1:{port}", "num_cpus=0", "num_env_runners=1", env=env)
    finally:
        subprocess.run([ray_cli, "stop"], capture_output=True, timeout=120)
    assert "iteration 2 " in out and "[eval final]" in out
    assert json.loads((tmp_path / "rllib_smoke" / "final_eval.json").read_text())["update"] == 2
