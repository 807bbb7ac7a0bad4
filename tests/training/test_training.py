"""Training scripts: config loading, GAE bookkeeping, smoke runs, exact resume, the neural agent.

The smoke runs use tiny budgets (a few updates of a few rows); ``-m slow`` adds a learnability run.
"""

import csv
import json
import pickle
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numba
import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

from agents.neural import NeuralAgent, PolicyNet, load_policy  # noqa: E402
from training.config import ConfigError, load_config  # noqa: E402
from training.evaluate import evaluate  # noqa: E402
from training.selfplay_ppo import PPOConfig, Trainer, gae_flat, main as ppo_main  # noqa: E402
from tcg_env.registry import get_spec  # noqa: E402

FF_OBS = get_spec("fftcg").obs_size  # FF-TCG's flat observation (docs/envs.md)

ROOT = Path(__file__).resolve().parents[2]
SMOKE = ROOT / "configs" / "ppo_fftcg_smoke.yaml"


# ---- config ------------------------------------------------------------------------------------
def test_config_files_load():
    for name in ("ppo_fftcg.yaml", "ppo_fftcg_smoke.yaml", "ppo_weiss_schwarz.yaml", "ppo_force_of_will.yaml"):
        cfg = load_config(PPOConfig, ROOT / "configs" / name)
        assert isinstance(cfg, PPOConfig)
    from training.sb3_maskable import SB3Config

    for name in ("sb3_fftcg.yaml", "sb3_fftcg_smoke.yaml"):
        assert isinstance(load_config(SB3Config, ROOT / "configs" / name), SB3Config)


def test_config_overrides_and_types():
    cfg = load_config(PPOConfig, SMOKE, ["learning_rate=1e-3", "hidden=[8, 4]", "run_name=123", "resume=true"])
    assert cfg.learning_rate == 1e-3 and cfg.hidden == [8, 4] and cfg.run_name == "123" and cfg.resume is True
    assert cfg.num_envs == 16  # from the file


def test_config_rejects_unknown_keys_naming_file_and_key(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("num_envs: 8\nlearnin_rate: 0.1\n")
    with pytest.raises(ConfigError, match=r"bad\.yaml.*learnin_rate"):
        load_config(PPOConfig, bad)
    with pytest.raises(ConfigError, match=r"command line.*'nope'"):
        load_config(PPOConfig, None, ["nope=1"])
    with pytest.raises(ConfigError, match=r"command line: num_envs must be an integer"):
        load_config(PPOConfig, None, ["num_envs=many"])
    with pytest.raises(ConfigError, match=r"latest_prob"):
        load_config(PPOConfig, None, ["latest_prob=0.9", "random_prob=0.5"])
    with pytest.raises(ConfigError, match="not found"):
        load_config(PPOConfig, tmp_path / "missing.yaml")


def test_cli_reports_config_errors(capsys):
    with pytest.raises(SystemExit) as e:
        ppo_main(["--config", str(SMOKE), "batch_sise=3"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "batch_sise" in err and len(err.strip().splitlines()) == 1


def _sb3_main(argv):
    from training.sb3_maskable import main

    return main(argv)


SB3_SMOKE = ROOT / "configs" / "sb3_fftcg_smoke.yaml"
TRAINERS = [pytest.param(ppo_main, SMOKE, id="selfplay_ppo"), pytest.param(_sb3_main, SB3_SMOKE, id="sb3_maskable")]


def _cli_error(main, config, *overrides, capsys) -> str:
    """The one line a training script prints for bad input (exit code 2, no traceback)."""
    with pytest.raises(SystemExit) as e:
        main(["--config", str(config), *overrides])
    err = capsys.readouterr().err.strip()
    assert e.value.code == 2, err
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("main,config", TRAINERS)
@pytest.mark.parametrize("override,expect", [
    ("seed=-1", r"seed must be an integer in 0\.\.2\*\*32-1, got -1"),
    ("seed=4294967296", r"seed must be"),
    ("game=pokemon", r"game 'pokemon' is not a registered game; available: dbscg, fftcg, fftcg_2014, force_of_will, weiss_schwarz"),
    ("rules=2015", r"config: rules: fftcg has no rule set '2015'; its rule sets: 2016, 2014$"),
    ("device=gpu", r"device 'gpu' is not a device"),
    ("device=cuda:99", r"device 'cuda:99'"),
    ("decks=[fire_wind_aggro, no_such_deck]", r"decks\[1\]: no_such_deck: no such deck"),
    ("variant=vintage", r"variant 'vintage' is not a fftcg rules variant"),
    ("learning_rate=nan", r"command line: learning_rate must be a finite number, got nan"),
    ("gamma=.inf", r"command line: gamma must be a finite number"),
    ("learning_rate=-1e-3", r"learning_rate must be > 0"),
])
def test_training_scripts_refuse_bad_setups_in_one_line(tmp_path, capsys, main, config, override, expect):
    """Issue 16 item 10: each refused before anything is built or written, one line, exit code 2."""
    err = _cli_error(main, config, f"out_dir={tmp_path}", override, capsys=capsys)
    assert re.search(expect, err), err
    assert not any(tmp_path.iterdir()), "a refused run wrote files"


def test_nonfinite_hyperparameters_are_refused_at_load(tmp_path):
    bad = tmp_path / "nan.yaml"
    bad.write_text("learning_rate: .nan\n")
    with pytest.raises(ConfigError, match=r"nan\.yaml: learning_rate must be a finite number"):
        load_config(PPOConfig, bad)
    for override in ("target_kl=nan", "clip_coef=-.inf", "max_minutes=1e400", "ent_coef=" + "9" * 400):
        with pytest.raises(ConfigError, match="finite"):
            load_config(PPOConfig, None, [override])


def test_entity_arch_the_network_cannot_build_for_the_game_is_refused(tmp_path, capsys, monkeypatch):
    """The trainer asks the network module whether ``arch`` fits the game (here a network module
    whose entity network does not know the game's observation) and reports its reason in one line,
    before compiling or writing anything."""
    import agents.neural

    real = agents.neural.PolicyNet

    class NoEntityFor(real):
        def __init__(self, obs_size, num_actions, hidden=(8,), game="fftcg", arch="mlp", entity_dim=32):
            if arch == "entity":
                raise ValueError(f"the {game} observation description has no card rows")
            super().__init__(obs_size, num_actions, hidden, game, arch, entity_dim)

    monkeypatch.setattr(agents.neural, "PolicyNet", NoEntityFor)
    err = _cli_error(ppo_main, SMOKE, f"out_dir={tmp_path}", "arch=entity", capsys=capsys)
    assert "arch 'entity' does not fit game 'fftcg': the fftcg observation description has no card rows" in err
    assert not any(tmp_path.iterdir())


# ---- GAE over linked trajectories -------------------------------------------------------------
def test_gae_flat_matches_per_trajectory_reference():
    rng = np.random.default_rng(0)
    # two interleaved trajectories: A = 0 -> 2 -> 3 (terminal), B = 1 -> 4 (pending at the edge)
    n = 5
    nxt = np.array([2, 4, 3, -1, -1])
    val = rng.normal(size=n).astype(np.float32)
    rew = np.array([0, 0, 0, 1.0, 0], np.float32)
    term = np.array([0, 0, 0, 1, 0], bool)
    hasboot = np.zeros(n, bool)
    boot = np.zeros(n, np.float32)
    pending = np.array([0, 0, 0, 0, 1], bool)
    g, lam = 0.9, 0.8
    adv = np.zeros(n, np.float32)
    assert gae_flat(n, nxt, val, rew, term, hasboot, boot, pending, np.float32(g), np.float32(lam), adv) == 0
    d3 = rew[3] - val[3]
    d2 = rew[2] + g * val[3] - val[2]
    d0 = rew[0] + g * val[2] - val[0]
    np.testing.assert_allclose(adv[3], d3, rtol=1e-5)
    np.testing.assert_allclose(adv[2], d2 + g * lam * d3, rtol=1e-5)
    np.testing.assert_allclose(adv[0], d0 + g * lam * (d2 + g * lam * d3), rtol=1e-5)
    np.testing.assert_allclose(adv[1], g * val[4] - val[1], rtol=1e-5)  # cut at the rollout edge
    assert adv[4] == 0
    # a truncated end bootstraps from its final-state value
    hasboot[3], term[3], boot[3] = True, False, 0.5
    gae_flat(n, nxt, val, rew, term, hasboot, boot, pending, np.float32(g), np.float32(lam), adv)
    np.testing.assert_allclose(adv[3], rew[3] + g * 0.5 - val[3], rtol=1e-5)


# ---- smoke runs ---------------------------------------------------------------------------------
def test_selfplay_ppo_smoke(tmp_path):
    table = ppo_main(["--config", str(SMOKE), f"out_dir={tmp_path}"])
    run = tmp_path / "smoke"
    rows = list(csv.DictReader(open(run / "progress.csv")))
    assert [int(r["update"]) for r in rows] == [1, 2, 3, 4]
    assert all(float(r["env_steps_per_s"]) > 0 and float(r["learner_steps_per_s"]) > 0 for r in rows)
    assert int(rows[-1]["global_step"]) == 4 * 16 * 16
    evals = list(csv.DictReader(open(run / "eval.csv")))
    assert {e["opponent"] for e in evals} >= {"random"}
    assert sum(int(e["final"]) for e in evals) == len(table) and table["random"]["games"] == 8
    assert json.loads((run / "final_eval.json").read_text())["table"] == table
    assert list((run / "tb").iterdir()), "no TensorBoard events"
    ck = torch.load(run / "last.pt", weights_only=True)
    assert ck["counters"]["update"] == 4 and len(ck["pool"]) == 2
    assert sorted(p.name for p in run.glob("ckpt_*.pt")) == ["ckpt_000002.pt", "ckpt_000004.pt"]
    assert not list(run.glob(".*tmp*")), "temporary checkpoint files left behind"
    # the exported policy plugs into the Agent interface
    agent = NeuralAgent(checkpoint=str(run / "policy.pt"), device="cpu")
    assert agent.kernel_code is None and not agent.needs_game
    r = evaluate(agent.act_batch, "random", 4, seed=3)
    assert r.games == 4 and r.wins + r.losses + r.draws == 4


@pytest.mark.parametrize("game", ["fftcg", "weiss_schwarz"])
def test_sb3_maskable_smoke(tmp_path, game):
    from training.sb3_maskable import SB3Config, train

    cfg = load_config(SB3Config, ROOT / "configs" / "sb3_fftcg_smoke.yaml", [f"out_dir={tmp_path}", f"game={game}"])
    res = train(cfg, log=True)
    assert res["timesteps"] >= cfg.total_timesteps and res["steps_per_s"] > 0
    assert (tmp_path / "sb3_smoke" / "model.zip").exists()
    rows = list(csv.DictReader(open(tmp_path / "sb3_smoke" / "progress.csv")))
    assert rows and int(rows[-1]["snapshots"]) >= 1  # the self-play callback refreshed the opponent
    assert res["eval"]["random"]["games"] == cfg.eval_games


def test_selfplay_ppo_trains_weiss_schwarz_against_its_heuristic(tmp_path):
    """The same trainer on the second game: WS observation / action sizes, the WS in-kernel heuristic
    as an opponent and in the evaluation, damage shaping on WS's level + clock, and the exported
    policy playing WS through the Agent interface (and refusing FF-TCG)."""
    from agents import make_agent
    from tcg_env.games.weiss_schwarz.constants import NUM_ACTIONS
    from tcg_env.games.weiss_schwarz.observation import OBS_SIZE

    ppo_main(["--config", str(SMOKE), f"out_dir={tmp_path}", "game=weiss_schwarz", "run_name=ws", "shaping_coef=1.0",
              "heuristic_prob=0.5", "max_turns=2", "eval_opponents=[random, heuristic]", "tensorboard=false"])
    run = tmp_path / "ws"
    rows = list(csv.DictReader(open(run / "progress.csv")))
    assert [int(r["update"]) for r in rows] == [1, 2, 3, 4]
    # max_turns=2: games end (truncated) inside the run, some of them against the WS heuristic
    assert sum(float(r["train_games_vs_heuristic"] or 0) for r in rows) > 0
    final = json.loads((run / "final_eval.json").read_text())["table"]
    assert set(final) == {"random", "heuristic"} and all(v["games"] == 8 for v in final.values())
    net = load_policy(str(run / "policy.pt"))
    assert (net.game, net.obs_size, net.num_actions) == ("weiss_schwarz", OBS_SIZE, NUM_ACTIONS)
    agent = make_agent("neural", game="weiss_schwarz", checkpoint=str(run / "policy.pt"), device="cpu")
    r = evaluate(agent.act_batch, "heuristic", 4, seed=3, game="weiss_schwarz")
    assert r.games == 4 and r.wins + r.losses + r.draws == 4
    with pytest.raises(ValueError, match="weiss_schwarz"):
        make_agent("neural", game="fftcg", checkpoint=str(run / "policy.pt"), device="cpu")


def test_damage_potential_counts_weiss_schwarz_level_as_seven_clock():
    """CR 4.5 (WS level up at 7 clock) and 1.2.1.1 (level 4 loses): the shaping potential is
    (7 * level + clock) / 28 of the opponent minus one's own."""
    from agents.neural import damage_potential_weights
    from tcg_env.games.weiss_schwarz.observation import GLOBAL_COLUMNS

    w = damage_potential_weights("weiss_schwarz")
    obs = np.zeros(max(w) + 1, np.float32)
    col = {n: i for i, n in enumerate(GLOBAL_COLUMNS)}
    obs[col["opp_level_div4"]], obs[col["opp_clock_div7"]] = 2 / 4, 3 / 7  # 17 damage
    obs[col["my_level_div4"]], obs[col["my_clock_div7"]] = 1 / 4, 6 / 7  # 13 damage
    phi = sum(obs[c] * x for c, x in w.items())
    assert phi == pytest.approx((17 - 13) / 28)
    with pytest.raises(ValueError, match="no damage potential for game 'chess'"):
        damage_potential_weights("chess")


# ---- exact resume ------------------------------------------------------------------------------
def _resume_cfg(tmp_path, name, **kw):
    base = load_config(PPOConfig, None, [
        "num_envs=8", "num_steps=24", "total_env_steps=960", "hidden=[16]", "update_epochs=2", "num_minibatches=2",
        "pool_size=3", "snapshot_every=1", "latest_prob=0.2", "random_prob=0.2", "heuristic_prob=0.2", "max_turns=3",
        "checkpoint_every=2", "eval_every=0", "final_eval_games=0", "tensorboard=false", "seed=5", "shaping_coef=0.5",
        "arch=entity",
    ])
    return replace(base, out_dir=str(tmp_path), run_name=name, **kw)


def _params(tr):
    return {k: v.clone() for k, v in tr.net.state_dict().items()}


def test_resume_reaches_the_same_parameters(tmp_path):
    a = Trainer(_resume_cfg(tmp_path, "a"), log=False)
    a.run()
    assert a.update == 5
    assert a.episodes > 0  # max_turns=3: games end (truncated) inside the run, so resets are covered

    b = Trainer(_resume_cfg(tmp_path, "b"), log=False)
    b.run(max_updates=3)  # checkpoint at update 2; update 3 is lost with the "crash"
    assert b.update == 3
    b2 = Trainer(_resume_cfg(tmp_path, "b", resume=True), log=False)
    assert b2.update == 2
    b2.run()
    assert b2.update == a.update and b2.global_step == a.global_step and b2.learner_steps == a.learner_steps
    pa, pb = _params(a), _params(b2)
    for k in pa:
        assert torch.equal(pa[k], pb[k]), k
    for na, nb in zip(a.pool_nets, b2.pool_nets):
        for (k, x), y in zip(na.state_dict().items(), nb.state_dict().values()):
            assert torch.equal(x, y), k
    np.testing.assert_array_equal(a.vec.batch.states, b2.vec.batch.states)

    # and a run with another seed really differs (the comparison above can fail)
    c = Trainer(_resume_cfg(tmp_path, "c", seed=6), log=False)
    c.run()
    assert any(not torch.equal(pa[k], v) for k, v in _params(c).items())


def test_resume_rejects_a_different_setup(tmp_path):
    Trainer(_resume_cfg(tmp_path, "r"), log=False).run(max_updates=2)
    with pytest.raises(ConfigError, match="num_envs"):
        Trainer(_resume_cfg(tmp_path, "r", resume=True, num_envs=10), log=False)


# ---- run directories: never overwritten silently (issue 16 item 11) --------------------------------
def test_selfplay_ppo_refuses_an_existing_run_and_overwrite_replaces_it(tmp_path, capsys):
    run = tmp_path / "smoke"
    (run / "tb").mkdir(parents=True)
    for name in ("progress.csv", "ckpt_000099.pt", "policy.pt", "tb/events.old", ".last.pt.tmp123"):
        (run / name).write_text("from the old run")
    (run / "notes.txt").write_text("not a run file")
    err = _cli_error(ppo_main, SMOKE, f"out_dir={tmp_path}", capsys=capsys)
    assert f"{run} already holds a run" in err and "overwrite=true" in err
    assert (run / "progress.csv").read_text() == "from the old run"  # untouched
    err = _cli_error(ppo_main, SMOKE, f"out_dir={tmp_path}", "overwrite=true", "resume=true", capsys=capsys)
    assert "resume/overwrite exclude each other" in err

    ppo_main(["--config", str(SMOKE), f"out_dir={tmp_path}", "overwrite=true", "eval_every=0", "final_eval_games=0",
              "tensorboard=false"])
    assert sorted(p.name for p in run.glob("ckpt_*.pt")) == ["ckpt_000002.pt", "ckpt_000004.pt"]  # the stale one is gone
    assert not (run / "tb").exists() and not (run / ".last.pt.tmp123").exists()
    assert [int(r["update"]) for r in csv.DictReader(open(run / "progress.csv"))] == [1, 2, 3, 4]
    assert load_policy(str(run / "policy.pt")) is not None
    assert (run / "notes.txt").read_text() == "not a run file"  # only the run's own files are removed
    # and the finished run is refused in turn, now offering resume
    err = _cli_error(ppo_main, SMOKE, f"out_dir={tmp_path}", capsys=capsys)
    assert "resume=true to continue it" in err


@pytest.mark.parametrize("make_dir", [False, True])
def test_resume_with_nothing_to_resume_says_so(tmp_path, capsys, make_dir):
    if make_dir:
        (tmp_path / "smoke").mkdir()
        (tmp_path / "smoke" / "progress.csv").write_text("update\n")  # a run that died before its first checkpoint
    err = _cli_error(ppo_main, SMOKE, f"out_dir={tmp_path}", "resume=true", capsys=capsys)
    assert "resume=true but there is nothing to resume" in err and "last.pt" in err
    assert sorted(p.name for p in tmp_path.rglob("*")) == (["progress.csv", "smoke"] if make_dir else [])


def test_sb3_maskable_refuses_an_existing_run_and_overwrite_replaces_it(tmp_path, capsys):
    run = tmp_path / "sb3_smoke"
    run.mkdir()
    (run / "model.zip").write_text("old model")
    err = _cli_error(_sb3_main, SB3_SMOKE, f"out_dir={tmp_path}", capsys=capsys)
    assert f"{run} already holds a run (model.zip)" in err and "overwrite=true" in err and "resume" not in err
    assert (run / "model.zip").read_text() == "old model"
    res = _sb3_main(["--config", str(SB3_SMOKE), f"out_dir={tmp_path}", "overwrite=true", "eval_games=0",
                     "tensorboard=false"])
    assert res["timesteps"] >= 256 and (run / "model.zip").read_bytes()[:2] == b"PK"  # SB3's zip replaced it


# ---- resuming from a damaged or foreign last.pt (issue 16 item 10) ---------------------------------
def test_resume_refuses_a_truncated_or_foreign_last_pt_by_name(tmp_path, capsys):
    cfg = _resume_cfg(tmp_path, "r", arch="mlp", shaping_coef=0.0)
    tr = Trainer(cfg, log=False)
    tr.run(max_updates=2)  # last.pt of update 2
    last = tmp_path / "r" / "last.pt"
    good = last.read_bytes()
    tr.export_policy(tmp_path / "policy.pt")
    evil = pickle.dumps({"format": "tcg_env.selfplay_ppo/2", "x": Path("x")})
    cases = [
        (good[: len(good) // 2], r"last\.pt: cannot resume: not a readable checkpoint, truncated or corrupt"),
        (b"", r"not a readable checkpoint"),
        (evil, r"not a readable checkpoint"),  # a pickle that is not weights-only is never unpickled
        ((tmp_path / "policy.pt").read_bytes(), r"a 'tcg_env\.policy/1' file, not a tcg_env\.selfplay_ppo/2 training checkpoint"),
    ]
    foreign = tmp_path / "foreign.pt"
    torch.save({"weights": torch.zeros(3)}, foreign)
    cases.append((foreign.read_bytes(), r"a file without a checkpoint format"))
    partial = torch.load(last, weights_only=True)
    del partial["optimizer"]
    torch.save(partial, foreign)
    cases.append((foreign.read_bytes(), r"the checkpoint lacks optimizer"))
    partial = torch.load(last, weights_only=True)
    partial["env"]["states"] = partial["env"]["states"][:, :5]
    torch.save(partial, foreign)
    cases.append((foreign.read_bytes(), r"cannot resume: its contents do not fit this run"))
    for data, expect in cases:
        last.write_bytes(data)
        with pytest.raises(ConfigError, match=expect):
            Trainer(replace(cfg, resume=True), log=False)
    # from the command line: one line, exit code 2, the file left as it was
    last.write_bytes(good[:100])
    err = _cli_error(ppo_main, SMOKE, f"out_dir={tmp_path}", "run_name=r", "resume=true", capsys=capsys)
    assert "last.pt: cannot resume: not a readable checkpoint" in err and last.read_bytes() == good[:100]
    last.write_bytes(good)
    assert Trainer(replace(cfg, resume=True), log=False).update == 2  # the intact file still resumes


# ---- a NaN loss stops the run, keeping the last good checkpoint (issue 16 item 10) -----------------
def test_nan_loss_stops_naming_the_update_and_keeps_the_last_good_checkpoint(tmp_path, capsys, monkeypatch):
    """Rewards turn NaN in the rollout of update 3 (smoke config: 16 env steps per rollout,
    checkpoints every 2 updates): the run stops at update 3 before the optimizer step, names it,
    leaves last.pt at update 2 with finite weights and exports no policy."""
    from tcg_env.envs.vector import TCGVectorEnv

    real_step = TCGVectorEnv.step
    calls = [0]

    def step(self, actions):
        out = list(real_step(self, actions))
        calls[0] += 1
        if calls[0] > 2 * 16:
            out[2] = np.full_like(out[2], np.nan)
        return tuple(out)

    monkeypatch.setattr(TCGVectorEnv, "step", step)
    err = _cli_error(ppo_main, SMOKE, f"out_dir={tmp_path}", "eval_every=0", "final_eval_games=0", capsys=capsys)
    run = tmp_path / "smoke"
    assert "training stopped at update 3: the loss is nan" in err, err
    assert f"the last good checkpoint is {run / 'last.pt'} (update 2;" in err and err.endswith("no policy exported")
    assert not (run / "policy.pt").exists() and not list(run.glob("ckpt_000003.pt"))
    ck = torch.load(run / "last.pt", weights_only=True)
    assert ck["counters"]["update"] == 2 and all(torch.isfinite(v).all() for v in ck["model"].values())
    assert [int(r["update"]) for r in csv.DictReader(open(run / "progress.csv"))] == [1, 2]


def test_a_nonfinite_network_is_never_saved_or_exported(tmp_path):
    from training.checks import TrainingDiverged

    tr = Trainer(_resume_cfg(tmp_path, "n", arch="mlp"), log=False)
    name, param = list(tr.net.named_parameters())[-1]
    with torch.no_grad():
        param.view(-1)[0] = float("inf")
    for write, path in ((tr.export_policy, tmp_path / "policy.pt"), (lambda _: tr.save_checkpoint(), tmp_path / "n" / "last.pt")):
        with pytest.raises(TrainingDiverged, match=f"parameters {re.escape(name)} are not finite"):
            write(path)
        assert not path.exists()


def test_sb3_maskable_stops_on_nonfinite_weights_without_saving(tmp_path, capsys, monkeypatch):
    from sb3_contrib import MaskablePPO

    real_train = MaskablePPO.train

    def train(self):  # the first update ends with NaN weights, as a NaN loss leaves them
        real_train(self)
        with torch.no_grad():
            next(self.policy.parameters()).fill_(float("nan"))

    monkeypatch.setattr(MaskablePPO, "train", train)
    err = _cli_error(_sb3_main, SB3_SMOKE, f"out_dir={tmp_path}", "tensorboard=false", capsys=capsys)
    assert re.search(r"training stopped at update 1 \(timestep 128\): parameters \S+ are not finite; no model saved", err), err
    assert not (tmp_path / "sb3_smoke" / "model.zip").exists()


# ---- the neural agent --------------------------------------------------------------------------
def test_neural_agent_respects_masks_and_loads_safely(tmp_path):
    net = PolicyNet(FF_OBS, 97, [8])
    path = tmp_path / "policy.pt"
    torch.save({"model_config": net.model_config(), "model": net.state_dict()}, path)
    rng = np.random.default_rng(1)
    obs = rng.random((64, FF_OBS), dtype=np.float32)
    masks = (rng.random((64, 97)) < 0.1).astype(np.int8)
    masks[np.arange(64), rng.integers(97, size=64)] = 1
    for greedy in (True, False):
        agent = NeuralAgent(checkpoint=str(path), device="cpu", greedy=greedy, seed=0)
        acts = agent.act_batch(obs, masks)
        assert masks[np.arange(64), acts].all()
        assert agent.act(obs[0], masks[0]) == acts[0] or not greedy
    # greedy = masked argmax of the logits
    with torch.no_grad():
        logits, _ = load_policy(str(path))(torch.from_numpy(obs))
    expect = np.where(masks != 0, logits.numpy(), -np.inf).argmax(1)
    np.testing.assert_array_equal(NeuralAgent(checkpoint=str(path)).act_batch(obs, masks), expect)
    with pytest.raises(ValueError, match="no legal action"):
        agent.act(obs[0], np.zeros(97, np.int8))
    # a file that needs arbitrary unpickling is refused (weights_only), naming the file
    evil = tmp_path / "evil.pt"
    with open(evil, "wb") as f:
        pickle.dump({"model_config": {}, "model": Path("x")}, f)
    with pytest.raises(ValueError, match="evil.pt"):
        NeuralAgent(checkpoint=str(evil))
    with pytest.raises(FileNotFoundError):
        NeuralAgent(checkpoint=str(tmp_path / "nope.pt"))


def test_entity_net_puts_each_rows_logit_at_its_action():
    """With the context held fixed, swapping two card rows swaps exactly their actions' logits
    (hand i -> 1 + i, own field i -> 17 + i and abilities 49 + 2i + j, opponent field -> 33 + i,
    option k -> 81 + k)."""
    from tcg_env.games.fftcg import observation as O

    torch.manual_seed(0)
    net = PolicyNet(FF_OBS, 97, [32], arch="entity")
    fixed = torch.randn(1, 32)

    class Fixed(torch.nn.Module):
        def forward(self, x):
            return fixed.expand(x.shape[0], 32)

    net.trunk = Fixed()
    with torch.no_grad():
        net.slot_bias.normal_()
    rng = np.random.default_rng(0)
    obs = torch.from_numpy(rng.random((1, FF_OBS), dtype=np.float32))
    base, _ = net(obs)
    cases = [(O.OBS_HAND, O.CARD_FEATURES, lambda i: [1 + i]),
             (O.OBS_OWN_FIELD, O.CARD_FEATURES, lambda i: [17 + i, 49 + 2 * i, 50 + 2 * i]),
             (O.OBS_OPP_FIELD, O.CARD_FEATURES, lambda i: [33 + i]),
             (O.OBS_OPTIONS, O.OPTION_FEATURES, lambda k: [81 + k])]
    for start, width, actions in cases:
        i, j = 2, 9
        sw = obs.clone()
        ri, rj = slice(start + i * width, start + (i + 1) * width), slice(start + j * width, start + (j + 1) * width)
        sw[0, ri], sw[0, rj] = obs[0, rj], obs[0, ri]
        out, _ = net(sw)
        expect = base.clone()
        for ai, aj in zip(actions(i), actions(j)):
            expect[0, ai], expect[0, aj] = base[0, aj] + net.slot_bias[ai] - net.slot_bias[aj], base[0, ai] + net.slot_bias[aj] - net.slot_bias[ai]
        torch.testing.assert_close(out, expect)
        changed = np.flatnonzero(((out - base).abs()[0] > 1e-6).numpy()).tolist()
        assert set(changed) <= set(actions(i) + actions(j)) and changed, (start, changed)


def _dense_reference(net, obs):
    """The network written out densely: every observation column through the first layer, every
    card row through its encoder, pointer logits by bmm (the formula PolicyNet's sparse paths
    must reproduce)."""
    from tcg_env.games.fftcg import observation as O

    F = torch.nn.functional
    n, d = obs.shape[0], net.entity_dim
    x = obs * net.obs_scale
    h = x
    for layer in net.trunk:
        h = F.linear(h, layer.weight, layer.bias) if isinstance(layer, torch.nn.Linear) else layer(h)
    q = F.linear(h, net.query.weight, net.query.bias).reshape(n, 6, d)

    def codes(enc, start, slots, width):
        return torch.relu(F.linear(x[:, start:start + slots * width].reshape(n, slots, width), enc.weight, enc.bias))

    hand = codes(net.enc_hand, O.OBS_HAND, O.HAND_SLOTS, O.CARD_FEATURES)
    own = codes(net.enc_own, O.OBS_OWN_FIELD, O.FIELD_SLOTS, O.CARD_FEATURES)
    opp = codes(net.enc_opp, O.OBS_OPP_FIELD, O.FIELD_SLOTS, O.CARD_FEATURES)
    opt = codes(net.enc_opt, O.OBS_OPTIONS, O.OPTION_SLOTS, O.OPTION_FEATURES)
    lo = torch.bmm(own, q[:, 1:4].transpose(1, 2))
    logits = torch.cat([F.linear(h, net.head_free.weight, net.head_free.bias), torch.bmm(hand, q[:, 0, :, None])[..., 0],
                        lo[:, :, 0], torch.bmm(opp, q[:, 4, :, None])[..., 0], lo[:, :, 1:].reshape(n, -1),
                        torch.bmm(opt, q[:, 5, :, None])[..., 0]], dim=1) + net.slot_bias
    return logits, F.linear(h, net.value_head.weight, net.value_head.bias).squeeze(-1)


@pytest.mark.parametrize("rows", [300, 40])  # the occupied-rows path (>= SPARSE_ROWS_MIN) and the small-batch one
def test_sparse_forward_matches_the_dense_network_values_and_gradients(rows):
    """The first layer multiplies only the batch's non-zero columns and the encoders see only
    occupied card rows: the outputs and every parameter's gradient equal the dense network's up to
    float rounding (empty rows still pass their constant code relu(bias) to their logits)."""
    from tcg_env.games.fftcg import observation as O

    torch.manual_seed(0)
    net = PolicyNet(FF_OBS, 97, [64, 32], arch="entity", entity_dim=8)
    with torch.no_grad():  # non-trivial biases, so that an empty row's code relu(bias) is not 0
        for p in (net.slot_bias, net.enc_hand.bias, net.enc_own.bias, net.enc_opp.bias, net.enc_opt.bias):
            p.normal_()
        net.query.weight.normal_()
    rng = np.random.default_rng(0)
    obs = rng.random((rows, FF_OBS), dtype=np.float32) * (rng.random((rows, FF_OBS)) < 0.3)
    for start, slots, width in ((O.OBS_HAND, O.HAND_SLOTS, O.CARD_FEATURES), (O.OBS_OWN_FIELD, O.FIELD_SLOTS, O.CARD_FEATURES),
                                (O.OBS_OPP_FIELD, O.FIELD_SLOTS, O.CARD_FEATURES), (O.OBS_OPTIONS, O.OPTION_SLOTS, O.OPTION_FEATURES)):
        block = obs[:, start:start + slots * width].reshape(rows, slots, width)
        block[rng.random((rows, slots)) < 0.7] = 0.0  # most slots empty, as in play
    obs[:, 5:40] = 0.0  # columns no row uses
    obs = torch.from_numpy(obs)
    assert (obs[:, 1000:].abs().sum(1) == 0).sum() < rows  # the batch is not degenerate

    def run(fn):
        net.zero_grad()
        logits, value = fn()
        (logits.square().sum() + value.square().sum()).backward()
        return logits.detach(), value.detach(), {k: p.grad.clone() for k, p in net.named_parameters()}

    fast, ref = run(lambda: net(obs)), run(lambda: _dense_reference(net, obs))
    torch.testing.assert_close(fast[0], ref[0], rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(fast[1], ref[1], rtol=1e-5, atol=1e-5)
    for k in ref[2]:
        scale = float(ref[2][k].abs().max()) or 1.0
        torch.testing.assert_close(fast[2][k] / scale, ref[2][k] / scale, rtol=0, atol=1e-5, msg=k)
    assert (fast[2]["trunk.0.weight"][:, 5:40] == 0).all()  # unused columns: exactly no gradient


@pytest.mark.parametrize("arch", ["entity", "mlp"])
def test_forward_scaled_of_prescaled_observations_equals_forward(arch):
    """The trainer stores observations already multiplied by obs_scale (scale_obs_) and runs
    forward_scaled on them: bit-identical to forward on the raw observations."""
    torch.manual_seed(1)
    net = PolicyNet(FF_OBS, 97, [32, 16], arch=arch, entity_dim=8)
    rng = np.random.default_rng(1)
    raw = (rng.random((300, FF_OBS), dtype=np.float32) * 7) * (rng.random((300, FF_OBS)) < 0.1)
    scaled = net.scale_obs_(raw.copy())
    assert not np.array_equal(scaled, raw)  # the scale is not the identity
    with torch.no_grad():
        want, got = net(torch.from_numpy(raw)), net.forward_scaled(torch.from_numpy(scaled))
    assert torch.equal(want[0], got[0]) and torch.equal(want[1], got[1])


def test_nonzero_columns_is_any_including_nan():
    from agents.neural import nonzero_columns

    x = torch.tensor([[0.0, 1.0, 0.0, -2.0, float("nan"), -0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 3e-45]])
    assert nonzero_columns(x).tolist() == [1, 3, 4, 6]
    # a NaN input is not hidden by the sparse first layer: it reaches the output as the dense layer's would
    net = PolicyNet(FF_OBS, 97, [8])
    obs = torch.zeros(3, FF_OBS)
    obs[1, 7] = float("nan")
    with torch.no_grad():
        logits, _ = net(obs)
    assert torch.isnan(logits[1]).all() and not torch.isnan(logits[[0, 2]]).any()


@pytest.mark.parametrize("game,arch", [("fftcg", "entity"), ("fftcg", "mlp"), ("weiss_schwarz", "entity")])
def test_stacked_pool_gives_each_row_its_own_snapshots_logits(game, arch):
    """The opponent pool's one-pass forward (StackedPolicies) gives every row the logits of the
    network in its slot, whatever the mix of slots and their row counts."""
    from agents.neural import StackedPolicies
    from tcg_env.registry import get_spec

    O, A = get_spec(game).obs_size, get_spec(game).num_actions
    nets = []
    for k in range(4):
        torch.manual_seed(k)
        net = PolicyNet(O, A, [32, 16], game=game, arch=arch, entity_dim=8)
        with torch.no_grad():
            for p in net.parameters():
                p.add_(torch.randn_like(p) * 0.1)
        nets.append(net)
    stack = StackedPolicies(nets[0], 6)
    for slot, net in zip((0, 2, 3, 5), nets):
        stack.load(slot, net)
    rng = np.random.default_rng(0)
    obs = torch.from_numpy(rng.random((23, O), dtype=np.float32) * (rng.random((23, O)) < 0.1))
    slots = np.array([5, 0, 0, 3, 5, 5, 2, 0, 3, 3, 3, 3, 5, 0, 2, 5, 5, 0, 3, 2, 0, 5, 5])
    by_slot = dict(zip((0, 2, 3, 5), nets))
    out = stack.logits(obs, slots)
    with torch.no_grad():
        for i, s in enumerate(slots):
            torch.testing.assert_close(out[i], by_slot[int(s)](obs[i:i + 1])[0][0], rtol=1e-5, atol=1e-5)
    with pytest.raises(ValueError, match="slots"):
        stack.logits(obs[:1], np.array([6]))


@pytest.mark.parametrize("game,arch,hidden", [("fftcg", "entity", [32, 16]), ("fftcg", "entity", [24]), ("fftcg", "mlp", [32, 16, 8]),
                                              ("weiss_schwarz", "entity", [32, 16]), ("weiss_schwarz", "mlp", [24])])
def test_packed_pool_kernel_equals_each_snapshots_torch_forward(game, arch, hidden):
    """The numba forward pass (agents.neural_kernels.PackedPolicies) gives every row the logits and
    value of the network in its slot, as PolicyNet.forward_scaled does, up to float summation order;
    empty card rows and observations from real games included; bad slots and shapes are refused."""
    from agents.neural_kernels import PackedPolicies
    from tcg_env.envs.vector import TCGVectorEnv
    from tcg_env.registry import get_spec

    O, A = get_spec(game).obs_size, get_spec(game).num_actions
    nets = []
    for k in range(3):
        torch.manual_seed(k)
        net = PolicyNet(O, A, hidden, game=game, arch=arch, entity_dim=8)
        with torch.no_grad():
            for p in net.parameters():
                p.add_(torch.randn_like(p) * 0.1)
        nets.append(net)
    packed = PackedPolicies(nets[0], 5)
    for slot, net in zip((0, 2, 4), nets):
        packed.load(slot, net)
    vec = TCGVectorEnv(game, num_envs=24, seed=5)
    obs, masks, _ = vec.reset()
    rng = np.random.default_rng(0)
    for _ in range(40):
        obs, masks, *_ = vec.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
    x = nets[0].scale_obs_(obs.copy())
    x[3] = 0.0  # an all-empty row
    slots = rng.choice([0, 2, 4], size=24)
    logits, values = packed.forward(x, slots)
    by_slot = dict(zip((0, 2, 4), nets))
    with torch.no_grad():
        for i, s in enumerate(slots):
            want_l, want_v = by_slot[int(s)].forward_scaled(torch.from_numpy(x[i : i + 1]))
            np.testing.assert_allclose(logits[i], want_l[0].numpy(), rtol=1e-5, atol=1e-5)
            np.testing.assert_allclose(values[i], want_v[0].numpy(), rtol=1e-5, atol=1e-5)
    # logits() of raw observations (the StackedPolicies interface the trainer calls): the same
    raw = torch.from_numpy(obs.copy())
    raw[3] = 0.0
    np.testing.assert_allclose(packed.logits(raw, slots).numpy(), logits, rtol=1e-6, atol=1e-6)
    with pytest.raises(ValueError, match="slots"):
        packed.forward(x[:1], np.array([5]))
    with pytest.raises(ValueError, match="shape"):
        packed.forward(x[:, :100])
    with pytest.raises(ValueError, match="differs"):
        packed.load(1, PolicyNet(O, A, [7], game=game, arch=arch, entity_dim=8))


def test_vector_env_keeps_truncated_states():
    from tcg_env.engine.header import H_TURN
    from tcg_env.envs import TCGVectorEnv

    v = TCGVectorEnv("fftcg", num_envs=4, seed=0, max_turns=1)
    obs, masks, _ = v.reset()
    rng = np.random.default_rng(0)
    seen = 0
    for _ in range(400):
        a = (rng.random(masks.shape) * (masks != 0)).argmax(1)
        obs, masks, r, term, trunc, _ = v.step(a)
        assert len(v.truncated_states) == trunc.sum()
        if trunc.any():
            assert (v.truncated_states[:, H_TURN] > 1).all()
            assert (v.batch.states[trunc, H_TURN] <= 1).all()  # the rows themselves restarted
            seen += 1
    assert seen > 0


# ---- learnability (slow) -----------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("overlap", [False, True], ids=["sequential", "overlap"])
def test_short_training_beats_random(tmp_path, overlap):
    # overlap: the same budget with the update beside the next rollout (a policy lag of one update)
    cfg = load_config(PPOConfig, ROOT / "configs" / "ppo_fftcg.yaml", [
        f"out_dir={tmp_path}", "run_name=learn", "total_env_steps=400000", "eval_every=0", "final_eval_games=0",
        "tensorboard=false", "seed=11", f"overlap={str(overlap).lower()}"])
    tr = Trainer(cfg, log=False)
    tr.run()
    r = evaluate(tr.act_greedy, "random", 400, seed=99)
    # chance is 0.5; the one-sided 99.9% bound for 400 fair games is about 0.58
    assert r.win_rate >= 0.75, r.row()


@pytest.mark.slow
@pytest.mark.parametrize("overlap", [False, True], ids=["sequential", "overlap"])
def test_short_training_beats_random_at_weiss_schwarz(tmp_path, overlap):
    cfg = load_config(PPOConfig, ROOT / "configs" / "ppo_weiss_schwarz.yaml", [
        f"out_dir={tmp_path}", "run_name=learn_ws", "total_env_steps=800000", "eval_every=0", "final_eval_games=0",
        "tensorboard=false", "seed=11", f"overlap={str(overlap).lower()}"])
    tr = Trainer(cfg, log=False)
    tr.run()
    r = evaluate(tr.act_greedy, "random", 400, seed=99, game="weiss_schwarz")
    # chance is 0.5; the one-sided 99.9% bound for 400 fair games is about 0.58
    assert r.win_rate >= 0.75, r.row()


@pytest.mark.slow  # CI runs the script in test_scaling's --ppo-only form; this one adds the SB3 comparison
def test_bench_training_prints_one_json_line():
    import subprocess
    import sys

    cmd = [sys.executable, str(ROOT / "benchmarks" / "bench_training.py"), "--game", "fftcg", "--seconds", "2",
           "--ppo-config", str(SMOKE), "--sb3-config", str(ROOT / "configs" / "sb3_fftcg_smoke.yaml"), "--hidden", "32"]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    last = json.loads(out.stdout.strip().splitlines()[-1])
    assert last["ppo_steps_per_s"] > 0 and last["sb3_steps_per_s"] > 0
    assert last["ppo_over_sb3"] == pytest.approx(last["ppo_steps_per_s"] / last["sb3_steps_per_s"], rel=0.01)


def test_decision_cost_is_taken_from_every_learner_decisions_reward(tmp_path, monkeypatch):
    """decision_cost c: the rewards GAE sees are those of c = 0 minus c, transition by transition
    (the same rollout: the cost changes nothing before learning)."""
    import training.selfplay_ppo as sp

    seen = []
    real = sp.gae_flat
    monkeypatch.setattr(sp, "gae_flat", lambda n, nxt, val, rew, *a: seen.append(rew[:n].copy()) or real(n, nxt, val, rew, *a))
    for cost in (0.0, 0.25):
        tr = Trainer(_resume_cfg(tmp_path, f"cost{cost}", decision_cost=cost), log=False)
        tr.run(max_updates=1)
        tr.close()
    assert len(seen) == 2 and seen[0].shape == seen[1].shape and seen[0].size > 0
    np.testing.assert_allclose(seen[1], seen[0] - 0.25, atol=1e-6)


@pytest.mark.parametrize("trainer", ["selfplay_ppo", "sb3_maskable"])
def test_trainers_thread_counts_stick_after_numbas_pool_starts(trainer, tmp_path):
    """numba's OpenMP layer reset torch's thread count when its pool started after
    torch.set_num_threads: the documented runs logged "torch threads 2" here (16 on a 16-core
    machine) with torch_threads=1. In a fresh process (the pool not yet started), build each trainer
    as its documented command does and step its env: torch keeps the configured count."""
    code = f"""
import sys, torch, numba
sys.path.insert(0, {str(ROOT)!r})
from training.config import load_config
if {trainer!r} == "selfplay_ppo":
    from training.selfplay_ppo import PPOConfig, Trainer
    cfg = load_config(PPOConfig, {str(SMOKE)!r}, ["out_dir={tmp_path}", "torch_threads=1", "env_threads=2"])
    Trainer(cfg, log=False).run(max_updates=1)
else:
    from training.sb3_maskable import SB3Config, make_model
    cfg = load_config(SB3Config, {str(SB3_SMOKE)!r}, ["out_dir={tmp_path}", "torch_threads=1"])
    make_model(cfg)[0].learn(64)
print("threads", torch.get_num_threads(), numba.get_num_threads())
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr[-2000:]
    torch_n, numba_n = map(int, out.stdout.split("threads")[-1].split())
    assert torch_n == 1
    assert numba_n == min(2 if trainer == "selfplay_ppo" else 1, numba.config.NUMBA_NUM_THREADS)
