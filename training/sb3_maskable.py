"""The same game trained with sb3-contrib's MaskablePPO through the Gymnasium wrapper.

    python training/sb3_maskable.py --config configs/sb3_fftcg.yaml [key=value ...]

The learner plays a random seat of :class:`tcg_env.envs.TCGSingleAgentEnv` (one game per env,
``n_envs`` of them in a ``DummyVecEnv``); the other seat is played by a frozen copy of the learner
(:class:`SnapshotOpponent`). :class:`SelfPlayCallback` copies the current policy's weights into that
copy every ``snapshot_every`` timesteps, logs steps per second to ``progress.csv`` and TensorBoard,
and stops at ``max_minutes``. At the end the model is saved in SB3's format (``model.zip``) and
evaluated against the built-in agents over the batched env (``training/evaluate.py``).

This is the reference point for ``selfplay_ppo.py``: one Python ``env.step`` per decision (the
opponent's decisions run inside it, one network call each), where ``selfplay_ppo.py`` advances all
its games in one kernel call and one forward pass. ``benchmarks/bench_training.py`` measures both.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional

if __package__ in (None, ""):  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

# first: it sets OMP_WAIT_POLICY before torch loads its OpenMP runtime (training/threads.py)
from training.threads import set_threads  # noqa: E402, I001

import gymnasium as gym  # noqa: E402
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

from agents.neural import obs_scale_for, resolve_device
from tcg_env.envs import TCGSingleAgentEnv
from training.checks import (TrainingDiverged, check_device, check_game, check_rules, check_seed, check_setup,
                             nonfinite_parameters, prepare_run_dir)
from training.config import ConfigError, config_to_dict, load_config
from training.evaluate import available_opponents, evaluate

# files of a run in out_dir/run_name (see training.checks.prepare_run_dir)
RUN_FILES = ("model.zip", "progress.csv", "config.json", "result.json", "tb")


@dataclass
class SB3Config:
    """Knobs of the MaskablePPO baseline (YAML in ``configs/``, ``key=value`` overrides; unknown
    keys are errors)."""

    game: str = "fftcg"
    decks: Optional[List[str]] = None  # [seat 0 deck, seat 1 deck]; None: the default pair
    # a card pool file, as `tcg ... --cards` takes (e.g. one `tcg cards import` wrote: real cards); the
    # decks then name its cards. None: the game's built-in starter pool
    cards: Optional[str] = None
    variant: Optional[str] = None
    # a rule set of the game (FF-TCG: "2016", the default, or "2014"; quoted in YAML); validate()
    # sets game to the registered game that plays under it ("fftcg" + "2014": "fftcg_2014")
    rules: Optional[str] = None
    auto_single: bool = True  # as selfplay_ppo.py: single-choice decisions applied by the engine
    max_turns: int = 100
    seed: int = 1  # 0..2**32-1
    total_timesteps: int = 1_000_000  # learner decisions
    max_minutes: float = 0.0  # wall-clock cap (0: none)
    n_envs: int = 8  # gym envs in the DummyVecEnv
    n_steps: int = 256  # rollout length per env
    batch_size: int = 512
    n_epochs: int = 4
    learning_rate: float = 3e-4
    gamma: float = 0.995
    gae_lambda: float = 0.95
    ent_coef: float = 0.01
    hidden: List[int] = field(default_factory=lambda: [256, 256])
    snapshot_every: int = 20_000  # timesteps between opponent refreshes
    eval_games: int = 200  # per opponent at the end (0: none)
    eval_opponents: List[str] = field(default_factory=lambda: ["random", "heuristic"])
    device: str = "auto"
    torch_threads: int = 0  # 0: half the cores this process may use, at least 1 (training/threads.py)
    out_dir: str = "runs"
    run_name: str = "sb3_fftcg"
    tensorboard: bool = True
    overwrite: bool = False  # replace the run in out_dir/run_name (its files are removed first); without it a
    #                          run directory that holds a run is refused (this script cannot resume)

    def validate(self) -> None:
        check_seed(self.seed)
        check_game(self.game)
        self.game = check_rules(self.game, self.rules)
        check_device(self.device)
        for key in ("n_epochs", "batch_size", "total_timesteps", "max_turns"):
            if getattr(self, key) < 1:
                raise ConfigError(f"config: {key} must be >= 1, got {getattr(self, key)}")
        if self.learning_rate <= 0:
            raise ConfigError(f"config: learning_rate must be > 0, got {self.learning_rate}")
        if not 0 < self.gamma <= 1 or not 0 <= self.gae_lambda <= 1:
            raise ConfigError(f"config: gamma must be in (0, 1] and gae_lambda in [0, 1], got {self.gamma}, {self.gae_lambda}")
        for key in ("ent_coef", "max_minutes", "eval_games", "torch_threads"):
            if getattr(self, key) < 0:
                raise ConfigError(f"config: {key} must be >= 0, got {getattr(self, key)}")
        if not self.hidden or any(h <= 0 for h in self.hidden):
            raise ConfigError(f"config: hidden must be positive widths, got {self.hidden}")
        if self.n_envs < 1:
            raise ConfigError(f"config: n_envs must be >= 1, got {self.n_envs}")
        if self.n_steps * self.n_envs < 2:
            raise ConfigError("config: n_steps * n_envs must be >= 2")
        if self.snapshot_every < 1:
            raise ConfigError("config: snapshot_every must be >= 1")
        if self.decks is not None and len(self.decks) != 2:
            raise ConfigError("config: decks must name two decks")
        for o in self.eval_opponents:
            if o not in ("random", "heuristic"):
                raise ConfigError(f"config: eval_opponents entries must be 'random' or 'heuristic', got {o!r}")


class ScaledObs(gym.ObservationWrapper):
    """Scales the flat observation like agents.neural.PolicyNet does (integer columns to [0, 1])
    and forwards ``action_masks()`` for MaskablePPO."""

    def __init__(self, env: TCGSingleAgentEnv, scale: np.ndarray):
        super().__init__(env)
        self.scale = scale

    def observation(self, obs):
        return obs * self.scale

    def action_masks(self) -> np.ndarray:
        return self.env.action_masks()


class SnapshotOpponent:
    """A frozen copy of a MaskablePPO policy playing the other seat (samples from the masked
    distribution). ``load(policy)`` refreshes the weights."""

    def __init__(self, policy, scale: np.ndarray, seed: int):
        import copy

        self.policy = copy.deepcopy(policy).eval()
        self.scale = scale
        self.gen = torch.Generator().manual_seed(seed)
        self.decisions = 0  # opponent decisions made (env steps inside the learner's env.step / reset)

    def load(self, policy) -> None:
        self.policy.load_state_dict(policy.state_dict())

    @torch.no_grad()
    def act(self, obs, mask) -> int:
        o = torch.as_tensor((obs * self.scale)[None], device=self.policy.device)
        dist = self.policy.get_distribution(o, action_masks=np.asarray(mask, bool)[None])
        probs = dist.distribution.probs[0].cpu()
        self.decisions += 1
        return int(torch.multinomial(probs, 1, generator=self.gen))


class SelfPlayCallback(BaseCallback):
    """Refreshes the opponents' snapshot, logs steps/s, stops at the wall-clock budget."""

    FIELDS = ["timesteps", "minutes", "steps_per_s", "episodes", "mean_reward", "snapshots"]

    def __init__(self, opponents: list, cfg: SB3Config, csv_path: Optional[Path]):
        super().__init__()
        self.opponents = opponents
        self.cfg = cfg
        self.csv_path = csv_path
        self.snapshots = 0
        self.last_snapshot = 0
        self.t0 = 0.0
        self.episode_rewards: list = []
        self.rollouts = 0  # rollouts collected; MaskablePPO trains on each before the next starts

    def _on_training_start(self) -> None:
        self.t0 = time.perf_counter()
        self._last_t, self._last_steps = self.t0, self.num_timesteps
        if self.csv_path is not None:
            self._f = open(self.csv_path, "w", newline="")
            self._w = csv.DictWriter(self._f, self.FIELDS)
            self._w.writeheader()

    def _on_rollout_start(self) -> None:
        if self.rollouts:
            self.check_finite()

    def check_finite(self) -> None:
        """Raises TrainingDiverged when the last update left NaN / infinite weights (a NaN loss does:
        its gradient reaches every parameter through the clipping)."""
        bad = nonfinite_parameters(self.model.policy)
        if bad:
            raise TrainingDiverged(f"training stopped at update {self.rollouts} (timestep {self.num_timesteps}): "
                                   f"parameters {', '.join(bad)} are not finite")

    def close(self) -> None:
        f = getattr(self, "_f", None)
        if f is not None and not f.closed:
            f.close()

    def _on_step(self) -> bool:
        for done, r in zip(self.locals["dones"], self.locals["rewards"]):
            if done:
                self.episode_rewards.append(float(r))
        if self.num_timesteps - self.last_snapshot >= self.cfg.snapshot_every:
            for opp in self.opponents:
                opp.load(self.model.policy)
            self.snapshots += 1
            self.last_snapshot = self.num_timesteps
        if self.cfg.max_minutes > 0 and time.perf_counter() - self.t0 > self.cfg.max_minutes * 60:
            return False
        return True

    def _on_rollout_end(self) -> None:
        self.rollouts += 1
        now = time.perf_counter()
        sps = (self.num_timesteps - self._last_steps) / max(now - self._last_t, 1e-9)
        self._last_t, self._last_steps = now, self.num_timesteps
        self.logger.record("perf/steps_per_s", sps)
        self.logger.record("selfplay/snapshots", self.snapshots)
        mean_r = float(np.mean(self.episode_rewards)) if self.episode_rewards else float("nan")
        if self.csv_path is not None:
            self._w.writerow({"timesteps": self.num_timesteps, "minutes": round((now - self.t0) / 60, 4),
                              "steps_per_s": round(sps, 1), "episodes": len(self.episode_rewards),
                              "mean_reward": round(mean_r, 4), "snapshots": self.snapshots})
            self._f.flush()
        self.episode_rewards = []

    def _on_training_end(self) -> None:
        self.close()


def make_model(cfg: SB3Config, log_dir: Optional[Path] = None):
    """The MaskablePPO model, its vec env and the opponents (one per env); sets the thread counts
    (training/threads.py) before anything runs, so benchmarks/bench_training.py gets what train() gets."""
    # env threads 1: SB3 steps single-game envs one at a time, so there are no rows to split
    set_threads(cfg.torch_threads, 1)
    scale = obs_scale_for(cfg.game)
    envs = [TCGSingleAgentEnv(cfg.game, opponent="random", learner_seat="random", decks=cfg.decks, variant=cfg.variant,
                              auto_single=cfg.auto_single, max_turns=cfg.max_turns, pool=cfg.cards)
            for _ in range(cfg.n_envs)]
    venv = DummyVecEnv([(lambda e=e: ScaledObs(e, scale)) for e in envs])
    venv.seed(cfg.seed)
    model = MaskablePPO("MlpPolicy", venv, learning_rate=cfg.learning_rate, n_steps=cfg.n_steps,
                        batch_size=cfg.batch_size, n_epochs=cfg.n_epochs, gamma=cfg.gamma, gae_lambda=cfg.gae_lambda,
                        ent_coef=cfg.ent_coef, policy_kwargs={"net_arch": list(cfg.hidden)}, seed=cfg.seed,
                        device=resolve_device(cfg.device), verbose=0,
                        tensorboard_log=str(log_dir / "tb") if (log_dir is not None and cfg.tensorboard) else None)
    opponents = []
    for i, e in enumerate(envs):
        opp = SnapshotOpponent(model.policy, scale, seed=cfg.seed * 1000 + i)
        e.opponent = opp  # the env keeps it across resets (only "random" is re-seeded per episode)
        opponents.append(opp)
    return model, venv, opponents


def policy_act(model, scale: np.ndarray):
    """(obs, masks) -> greedy actions of a MaskablePPO model, for training.evaluate.evaluate."""

    def act(obs, masks):
        a, _ = model.predict(obs * scale, action_masks=masks != 0, deterministic=True)
        return np.asarray(a, np.int64)

    return act


def train(cfg: SB3Config, log: bool = True) -> dict:

    cfg.validate()
    check_setup(cfg.game, cfg.decks, cfg.variant, cfg.cards)
    run_dir = Path(cfg.out_dir) / cfg.run_name
    prepare_run_dir(run_dir, RUN_FILES, False, cfg.overwrite, None, log)
    (run_dir / "config.json").write_text(json.dumps(config_to_dict(cfg), indent=2))
    model, venv, opponents = make_model(cfg, run_dir if log else None)
    cb = SelfPlayCallback(opponents, cfg, run_dir / "progress.csv" if log else None)
    t0 = time.perf_counter()
    try:
        model.learn(total_timesteps=cfg.total_timesteps, callback=cb)
        cb.check_finite()  # the last update is not followed by a rollout
    except TrainingDiverged as e:
        cb.close()
        raise TrainingDiverged(f"{e}; no model saved") from None
    seconds = time.perf_counter() - t0
    model.save(run_dir / "model.zip")
    result = {"timesteps": int(model.num_timesteps), "seconds": seconds,
              "steps_per_s": model.num_timesteps / max(seconds, 1e-9), "eval": {}}
    if cfg.eval_games > 0:
        act = policy_act(model, obs_scale_for(cfg.game))
        for o in cfg.eval_opponents:
            if o not in available_opponents(cfg.game):
                continue
            r = evaluate(act, o, cfg.eval_games, seed=cfg.seed + 10_000_019, game=cfg.game, decks=cfg.decks,
                         variant=cfg.variant, auto_single=cfg.auto_single, max_turns=cfg.max_turns, pool=cfg.cards)
            result["eval"][o] = r.row()
    (run_dir / "result.json").write_text(json.dumps(result, indent=2))
    if log:
        print(json.dumps(result), flush=True)
    return result


def main(argv: Optional[list[str]] = None) -> dict:
    p = argparse.ArgumentParser(description="sb3-contrib MaskablePPO self-play baseline (docs/training.md)")
    p.add_argument("--config", default=None, help="YAML file in configs/ (keys: the SB3Config fields)")
    p.add_argument("overrides", nargs="*", help="key=value overrides")
    args = p.parse_args(argv)
    try:  # bad input and a diverged run: one line, exit code 2
        return train(load_config(SB3Config, args.config, args.overrides))
    except (ConfigError, TrainingDiverged) as e:
        print(f"{p.prog}: error: {e}", file=sys.stderr, flush=True)
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
