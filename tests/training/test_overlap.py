"""selfplay_ppo's ``overlap: true``: the learner's update of rollout k in a background thread while
rollout k+1 is collected (training/selfplay_ppo.py, docs/training.md).

Checked: the learner reads its own rollout's buffer, unchanged while the next rollout is written
beside it (and that rollout really is collected during the update); the acting network is a
separate module that lags one update and takes the learner's weights at each join; every stored
learner decision is trained on exactly once; evaluations and checkpoints at the join points, and a
resumed overlapped run reaches the same parameters as an unbroken one; a non-finite parameter
found in the learner thread stops the run in the main thread with the usual message.
"""

from __future__ import annotations

import re
import threading
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import torch

from training.checks import TrainingDiverged
from training.config import load_config
from training.selfplay_ppo import PPOConfig, Trainer

# FF-TCG, a few rows; snapshots / checkpoints / evaluations every 3 updates, so that updates 1-2,
# 4-5 overlap the next rollout and 3, 6 are join points
BASE = ["num_envs=8", "num_steps=16", "total_env_steps=768", "hidden=[16]", "update_epochs=2", "num_minibatches=2",
        "pool_size=2", "snapshot_every=3", "checkpoint_every=3", "eval_every=0", "final_eval_games=0",
        "tensorboard=false", "latest_prob=0.5", "random_prob=0.25", "max_turns=4", "seed=3", "overlap=true"]


def _cfg(tmp_path, name, *extra, **kw):
    return replace(load_config(PPOConfig, None, BASE + list(extra)), out_dir=str(tmp_path), run_name=name, **kw)


def _copy(batch):
    return {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in batch.items()}


def test_the_learner_trains_on_its_own_rollout_while_the_next_is_written(tmp_path):
    tr = Trainer(_cfg(tmp_path, "iso"), log=False)
    assert tr.actor is not tr.net and len(tr._buffers) == 2
    prepared, seen = [], []
    collected = threading.Event()
    lagged = []
    collect, prepare, optimize = tr.collect_rollout, tr._prepare_batch, tr._optimize

    def collect_rollout():
        out = collect()
        collected.set()
        return out

    def prepare_batch():
        b = prepare()
        prepared.append(_copy(b))
        collected.clear()
        return b

    def optimize_(batch, gen):
        assert threading.current_thread() is not threading.main_thread()
        info = optimize(batch, gen)
        # wait for the next rollout to be written (unless the update is joined at once: a join
        # point), then read what this update trained on again
        overlapped = not tr._join_point(tr.update + 1) and collected.wait(timeout=60.0)
        seen.append((overlapped, _copy(batch)))
        if overlapped:  # the acting network still has the weights from before this update
            lagged.append(any(not torch.equal(a, b) for a, b in zip(tr.actor.parameters(), tr.net.parameters())))
        return info

    tr.collect_rollout, tr._prepare_batch, tr._optimize = collect_rollout, prepare_batch, optimize_
    tr.run()
    assert tr.update == 6 and len(prepared) == len(seen) == 6
    # updates 1, 2, 4, 5 overlapped the next rollout; 3 and 6 were joined at once
    assert [o for o, _ in seen] == [True, True, False, True, True, False]
    assert lagged and all(lagged)
    for before, (_, after) in zip(prepared, seen):
        for k in ("obs", "mask", "act", "logp", "adv", "ret", "train_idx"):
            np.testing.assert_array_equal(before[k], after[k], err_msg=k)
    # every stored learner decision trained on once: the samples add up to the learner steps and
    # the decisions still open at the end are the carried ones
    assert sum(p["train_idx"].size for p in prepared) == tr.learner_steps
    assert tr.n == int((tr.last_idx >= 0).sum())
    # at the end the acting network has the learner's weights; all finite
    for a, b in zip(tr.actor.parameters(), tr.net.parameters()):
        assert torch.equal(a, b) and torch.isfinite(b).all()


def test_overlapped_run_evaluates_checkpoints_and_resumes_exactly(tmp_path):
    extra = ("eval_every=3", "eval_games=4", "final_eval_games=4")
    a = Trainer(_cfg(tmp_path, "a", *extra), log=True)
    a.run()
    assert a.update == 6
    rows = (tmp_path / "a" / "eval.csv").read_text().splitlines()
    assert [r.split(",")[0] for r in rows[1:]] == ["3", "3", "6", "6", "6", "6"]  # 2 opponents; final at 6
    progress = (tmp_path / "a" / "progress.csv").read_text().splitlines()[1:]
    # each update is logged with the env steps of its own rollout, not of the one collected beside it
    assert [int(r.split(",")[1]) for r in progress] == [128 * u for u in range(1, 7)]

    b = Trainer(_cfg(tmp_path, "b", *extra), log=False)
    b.run(max_updates=4)  # checkpoint at update 3; update 4 is lost with the "crash"
    assert b.update == 4
    b2 = Trainer(_cfg(tmp_path, "b", *extra, resume=True), log=False)
    assert b2.update == 3
    for x, y in zip(b2.actor.parameters(), b2.net.parameters()):
        assert torch.equal(x, y)
    b2.run()
    assert (b2.update, b2.global_step, b2.learner_steps) == (a.update, a.global_step, a.learner_steps)
    for (k, x), y in zip(a.net.state_dict().items(), b2.net.state_dict().values()):
        assert torch.equal(x, y), k
    np.testing.assert_array_equal(a.vec.batch.states, b2.vec.batch.states)


def test_a_nonfinite_parameter_in_the_learner_thread_stops_the_run(tmp_path):
    tr = Trainer(_cfg(tmp_path, "nan"), log=False)
    optimize, calls = tr._optimize, []

    def optimize_(batch, gen):
        info = optimize(batch, gen)
        calls.append(threading.current_thread().name)
        if len(calls) == 2:
            with torch.no_grad():
                next(tr.net.parameters())[0].fill_(float("nan"))
        return info

    tr._optimize = optimize_
    with pytest.raises(TrainingDiverged, match=r"training stopped at update 2: parameters .* are not finite; "
                                               r"no checkpoint was written; no policy exported"):
        tr.run()
    assert all(name.startswith("learner") for name in calls)
    assert tr.update == 1 and not (tmp_path / "nan" / "last.pt").exists()


def test_the_start_line_says_how_the_threads_are_split(tmp_path, capsys):
    from training.selfplay_ppo import main
    from training.threads import available_cores

    smoke = Path(__file__).resolve().parents[2] / "configs" / "ppo_fftcg_smoke.yaml"
    main(["--config", str(smoke), f"out_dir={tmp_path}", "overlap=true", "total_env_steps=512", "eval_every=0",
          "final_eval_games=0", "tensorboard=false"])
    out = capsys.readouterr().out
    m = re.search(r"overlap on: learner thread (\d+) torch threads, main thread \(envs and acting\) (\d+)", out)
    assert m, out
    cores = available_cores()
    # the two halves run at once: together they take the cores (at least one thread each)
    assert int(m[1]) + int(m[2]) == max(2, cores)
    assert ("oversubscribed" in out) == (cores < 2)
    assert (tmp_path / "smoke" / "policy.pt").exists()
