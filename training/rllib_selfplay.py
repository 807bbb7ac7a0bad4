"""Self-play PPO with RLlib (new API stack, torch) over any registered tcg_env game.

    python training/rllib_selfplay.py --config configs/rllib_fftcg.yaml [key=value ...]

Needs the ``rllib`` extra (``pip install -e ".[rllib]"``; docs/rllib.md). How it works:

* The env is :class:`tcg_env.rllib.TCGMultiAgentEnv` (agents ``player_0`` / ``player_1``, masked
  Dict observations), ``num_envs_per_env_runner`` sub-envs per env runner; ``num_env_runners=0``
  samples in the driver process (the fastest start on a small machine).
* Modules: ``main`` (RLlib's ``ActionMaskingTorchRLModule``, the only one trained), ``pool_size``
  frozen snapshot slots ``main_v1 .. main_v<pool_size>`` and ``random`` (uniform over the legal
  actions). Every episode, one seat (drawn per episode) plays ``main``; the other plays ``main``
  too with probability ``latest_prob`` (both seats learn), ``random`` with ``random_prob``, and
  otherwise a snapshot slot drawn uniformly. The slots start as copies of the initial network;
  every ``snapshot_every`` iterations (and whenever the training win rate against the pool passes
  ``win_rate_threshold``, if set: RLlib's self_play_with_open_spiel example) the current ``main``
  is copied into the oldest slot. Fixed slots keep the module set, the mapping function and the
  checkpoints the same all run long (RLlib's ``add_module`` would rebuild them at every snapshot).
* Evaluation is the suite's own (``training.evaluate.evaluate``, as ``training/selfplay_ppo.py``
  runs it): greedy masked argmax of ``main``'s ``forward_inference`` over the batched vector env
  against the built-in random / heuristic agents, win rates with 95% Wilson intervals, every
  ``eval_every`` iterations to ``eval.csv`` and at the end to ``final_eval.json`` (the own
  trainer's format, with ``iteration`` as its ``update``).
* Checkpoints: ``checkpoint/`` in ``out_dir/run_name`` (RLlib's ``save_to_path``: every module,
  the snapshots included, optimizer state, plus ``tcg_state.json``: counters, pool slots, elapsed
  time), written to a temporary directory and swapped in, every ``checkpoint_every`` iterations and
  at the end; ``resume=true`` rebuilds the algorithm from the config and restores it.
* Ray: ``address`` null starts a local Ray with this machine's cores (``num_cpus`` to cap it);
  ``address=<head:port>`` (or ``auto``) joins a running cluster (docs/rllib.md).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional

if __package__ in (None, ""):  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np

# first of torch's importers: it sets OpenMP's passive wait policy before torch's libgomp loads
from training.threads import describe_threads, set_threads
from training.checks import check_run_config, check_setup, first_line, need, prepare_run_dir
from training.config import ConfigError, config_to_dict, load_config

STATE_FILE = "tcg_state.json"
CKPT_DIR = "checkpoint"
RUN_FILES = (CKPT_DIR, ".checkpoint.tmp*", ".checkpoint.old*", "progress.csv", "eval.csv", "config.json",
             "final_eval.json")
# keys that must match when resuming (the modules and the env the checkpoint was trained on)
RESUME_KEYS = ("game", "decks", "cards", "variant", "auto_single", "max_turns", "hidden", "vf_share_layers", "pool_size")


@dataclass
class RLlibSelfPlayConfig:
    """Every knob of a run (configs/rllib_*.yaml; ``key=value`` overrides; unknown keys refused)."""

    # --- game -----------------------------------------------------------------------------------
    game: str = "fftcg"
    decks: Optional[List[str]] = None  # [deck of seat 0, deck of seat 1]; None: the game's default pair
    # a card pool file, as `tcg ... --cards` takes (e.g. one `tcg cards import` wrote: real cards); the
    # decks then name its cards. None: the game's built-in starter pool
    cards: Optional[str] = None
    variant: Optional[str] = None
    rules: Optional[str] = None  # a rule set of the game (FF-TCG "2014" plays fftcg_2014)
    auto_single: bool = True  # the engine applies decisions with one legal action (fewer Python steps)
    max_turns: int = 100
    # --- run ------------------------------------------------------------------------------------
    seed: int = 1
    max_minutes: float = 0.0  # wall-clock cap on training (0: none), checked after each iteration
    total_env_steps: int = 0  # env steps (decisions) cap (0: none)
    max_iterations: int = 0  # training iterations cap (0: none)
    # --- Ray --------------------------------------------------------------------------------------
    address: Optional[str] = None  # None: start Ray locally; "auto" or "head:6379": join that cluster
    num_cpus: int = 0  # local Ray only: CPUs it may use (0: all of this machine's)
    num_env_runners: int = 0  # 0: sample in the driver process; n: n remote env runner actors
    num_envs_per_env_runner: int = 16  # sub-envs per runner: one batched forward pass per step over them
    num_cpus_per_env_runner: float = 1.0
    num_learners: int = 0  # 0: learn in the driver; n: n learner actors (with num_gpus_per_learner each)
    num_gpus_per_learner: float = 0.0
    torch_threads: int = 0  # torch threads of the driver (sampling and learner): 0: every available core (training/threads.py)
    # --- PPO ------------------------------------------------------------------------------------
    train_batch_size: int = 4000  # env steps per iteration (per learner)
    minibatch_size: int = 500
    num_epochs: int = 2
    lr: float = 3e-4
    gamma: float = 0.995
    gae_lambda: float = 0.95
    clip_param: float = 0.2
    vf_clip_param: float = 10.0
    entropy_coeff: float = 0.01
    vf_loss_coeff: float = 0.5
    kl_coeff: float = 0.0  # 0: no KL loss (clipping only, as the own trainer)
    grad_clip: Optional[float] = 0.5
    hidden: List[int] = field(default_factory=lambda: [256, 256])
    vf_share_layers: bool = False
    # --- self-play ------------------------------------------------------------------------------
    pool_size: int = 4  # frozen snapshot slots main_v1 .. main_v<pool_size>
    snapshot_every: int = 10  # iterations between snapshots
    win_rate_threshold: Optional[float] = None  # also snapshot when the training win rate vs the pool passes it
    latest_prob: float = 0.5  # P(opponent = main itself)
    random_prob: float = 0.0  # P(opponent = uniform random legal actions)
    # --- evaluation -----------------------------------------------------------------------------
    eval_every: int = 10  # iterations between evaluations (0: only at the end)
    eval_games: int = 200
    eval_opponents: List[str] = field(default_factory=lambda: ["random", "heuristic"])
    final_eval_games: int = 1000
    # --- output ---------------------------------------------------------------------------------
    out_dir: str = "runs"
    run_name: str = "rllib_fftcg"
    checkpoint_every: int = 10
    resume: bool = False
    overwrite: bool = False
    print_every: int = 1

    def validate(self) -> None:
        self.game = check_run_config(self)
        self.rules = None  # the registered game now carries the rule set
        check_setup(self.game, self.decks, self.variant, self.cards)
        need(self.decks is None or len(self.decks) == 2, "decks", "must name two decks")
        for key in ("max_turns", "train_batch_size", "minibatch_size", "num_epochs", "pool_size", "snapshot_every",
                    "checkpoint_every", "print_every", "num_envs_per_env_runner"):
            need(getattr(self, key) >= 1, key, f"must be >= 1, got {getattr(self, key)}")
        for key in ("max_minutes", "total_env_steps", "max_iterations", "num_cpus", "num_env_runners", "num_learners",
                    "num_gpus_per_learner", "torch_threads", "entropy_coeff", "vf_loss_coeff", "kl_coeff", "eval_every",
                    "eval_games", "final_eval_games"):
            need(getattr(self, key) >= 0, key, f"must be >= 0, got {getattr(self, key)}")
        need(self.num_cpus_per_env_runner > 0, "num_cpus_per_env_runner", f"must be > 0, got {self.num_cpus_per_env_runner}")
        need(self.minibatch_size <= self.train_batch_size, "minibatch_size",
             f"must be <= train_batch_size ({self.train_batch_size}), got {self.minibatch_size}")
        for key in ("lr", "clip_param", "vf_clip_param"):
            need(getattr(self, key) > 0, key, f"must be > 0, got {getattr(self, key)}")
        need(self.grad_clip is None or self.grad_clip > 0, "grad_clip", f"must be > 0 or null, got {self.grad_clip}")
        need(0 < self.gamma <= 1, "gamma", f"must be in (0, 1], got {self.gamma}")
        need(0 <= self.gae_lambda <= 1, "gae_lambda", f"must be in [0, 1], got {self.gae_lambda}")
        need(len(self.hidden) >= 1 and all(h > 0 for h in self.hidden), "hidden", f"must be positive widths, got {self.hidden}")
        probs = (self.latest_prob, self.random_prob)
        need(all(p >= 0 for p in probs) and sum(probs) <= 1 + 1e-9, "latest_prob/random_prob",
             f"must be >= 0 and sum to <= 1, got {probs}")
        need(self.win_rate_threshold is None or 0 < self.win_rate_threshold <= 1, "win_rate_threshold",
             f"must be in (0, 1] or null, got {self.win_rate_threshold}")
        for o in self.eval_opponents:
            need(o in ("random", "heuristic"), "eval_opponents", f"entries must be 'random' or 'heuristic', got {o!r}")
        need(self.address is None or self.num_cpus == 0, "num_cpus", "caps a local Ray only: leave it 0 with address")
        need(self.run_name not in ("", ".", "..") and "/" not in self.run_name, "run_name",
             f"must be a plain directory name, got {self.run_name!r}")
        if self.max_minutes == 0 and self.total_env_steps == 0 and self.max_iterations == 0:
            raise ConfigError("config: the run has no budget: set max_minutes, total_env_steps or max_iterations")


# ---- self-play: who plays whom ----------------------------------------------------------------------
def slot_ids(pool_size: int) -> list[str]:
    return [f"main_v{i + 1}" for i in range(pool_size)]


def map_agent(agent_id, episode, latest_prob: float = 0.5, random_prob: float = 0.0, slots: tuple = (), **kwargs):
    """The module of ``agent_id`` in ``episode``: the draws come from the episode's id, so both
    agents of an episode agree on who is ``main`` and who the opponent is."""
    rng = random.Random(episode.id_)
    main_seat = rng.randrange(2)
    u = rng.random()
    if u < latest_prob:
        opponent = "main"
    elif u < latest_prob + random_prob:
        opponent = "random"
    else:
        opponent = slots[rng.randrange(len(slots))]
    seat = 0 if str(agent_id).endswith("0") else 1
    return "main" if seat == main_seat else opponent


def opponent_kind(module_id: str) -> str:
    return "self" if module_id == "main" else ("random" if module_id == "random" else "pool")


def _callbacks_class():
    from ray.rllib.callbacks.callbacks import RLlibCallback

    class SelfPlayStats(RLlibCallback):
        """Logs ``main``'s training win rate per opponent kind (self / pool / random; in a mirror
        game seat 0's) and the number of games of each kind."""

        def on_episode_end(self, *, episode, metrics_logger, **kwargs):
            modules = {aid: episode.module_for(aid) for aid in ("player_0", "player_1")}
            mains = [aid for aid, m in modules.items() if m == "main"]
            if not mains:
                return
            others = [m for m in modules.values() if m != "main"]
            kind = opponent_kind(others[0]) if others else "self"
            aid = mains[0]
            ret = float(episode.agent_episodes[aid].get_return()) if aid in episode.agent_episodes else 0.0
            metrics_logger.log_value(f"win_vs_{kind}", float(ret > 0), reduce="mean", window=200)
            metrics_logger.log_value(f"games_vs_{kind}", 1, reduce="lifetime_sum")

    return SelfPlayStats


def _random_module_class():
    from ray.rllib.core.columns import Columns
    from ray.rllib.core.rl_module.rl_module import RLModule

    class MaskedRandomRLModule(RLModule):
        """Uniform over the legal actions (the mask in the Dict observation); never trained."""

        def _forward(self, batch, **kwargs):
            import torch

            mask = batch[Columns.OBS]["action_mask"]
            mask = torch.as_tensor(mask)
            scores = torch.rand(mask.shape) * (mask > 0)
            return {Columns.ACTIONS: scores.argmax(-1).numpy()}

        def _forward_train(self, *args, **kwargs):
            raise NotImplementedError("the random opponent is not trained (policies_to_train=['main'])")

        def compile(self, *args, **kwargs):  # TorchRLModule's hook, called on every module
            pass

    return MaskedRandomRLModule


def _count(v) -> int:
    """A metric that counts (None or NaN when nothing was logged this iteration: 0)."""
    try:
        return int(v) if v is not None and np.isfinite(v) else 0
    except TypeError:
        return 0


# ---- Ray ----------------------------------------------------------------------------------------------
def start_ray(c: RLlibSelfPlayConfig) -> None:
    """A local Ray (``address`` null) or the cluster at ``address``. Ray 2.60 clusters started by
    ``ray start --head`` use token authentication by default: a driver that joins one needs
    ``RAY_AUTH_MODE=token`` in its environment (read when ray is imported: setting it here is too
    late) and the cluster's token (``~/.ray/auth_token``, ``RAY_AUTH_TOKEN`` or
    ``RAY_AUTH_TOKEN_PATH``; docs/rllib.md, Running on a Ray cluster). A cluster that cannot be
    joined is a one-line error."""
    import ray

    if ray.is_initialized():
        return
    if c.address is None:
        ray.init(num_cpus=c.num_cpus or os.cpu_count(), include_dashboard=False, log_to_driver=True,
                 configure_logging=False)
        return
    _check_reachable(c.address)
    try:
        ray.init(address=c.address, include_dashboard=False, log_to_driver=True)
    except (ConnectionError, RuntimeError, ray.exceptions.RayError) as e:
        hint = "" if os.environ.get("RAY_AUTH_MODE") else (
            " (a cluster with token authentication, Ray's default: run with RAY_AUTH_MODE=token and the "
            "cluster's token in ~/.ray/auth_token or RAY_AUTH_TOKEN; docs/rllib.md)")
        raise ConfigError(f"address={c.address}: could not join the Ray cluster: {first_line(e)}{hint}") from None


def _check_reachable(address: str, timeout_s: float = 5.0) -> None:
    """A ``host:port`` address where nothing listens is refused at once: ``ray.init`` would retry
    the connection for minutes (measured: killed after 5 minutes) before failing."""
    import socket

    host, sep, port = address.rpartition(":")
    if not sep or address.startswith("ray://") or not port.isdigit():
        return  # "auto", a client address: Ray's own resolution
    try:
        socket.create_connection((host, int(port)), timeout=timeout_s).close()
    except OSError as e:
        raise ConfigError(f"address={address}: no Ray head node answers there ({e.strerror or e}); start one with "
                          f"`ray start --head --port={port}` or correct the address") from None


# ---- the trainer ------------------------------------------------------------------------------------
class RLlibSelfPlay:
    LOG_FIELDS = ["iteration", "env_steps", "episodes", "minutes", "env_steps_per_s", "iter_s", "sample_s",
                  "learn_s", "episode_len_mean", "episode_return_mean", "games_vs_self", "games_vs_pool",
                  "games_vs_random", "win_vs_self", "win_vs_pool", "win_vs_random", "policy_loss", "vf_loss",
                  "entropy", "kl", "lr", "snapshots"]
    EVAL_FIELDS = ["update", "global_step", "minutes", "final", "opponent", "games", "wins", "losses", "draws",
                   "win_rate", "ci95_low", "ci95_high", "elo_diff", "seconds"]

    def __init__(self, cfg: RLlibSelfPlayConfig, log: bool = True):
        self.cfg = c = cfg
        self.log_enabled = log  # False: no console lines (the files are written all the same)
        self.run_dir = Path(c.out_dir) / c.run_name
        # refused before Ray starts; the old run's files are removed only once Ray runs (a cluster
        # that cannot be joined leaves the run directory as it was)
        prepare_run_dir(self.run_dir, RUN_FILES, c.resume, c.overwrite, f"{CKPT_DIR}/{STATE_FILE}", check_only=True)
        start_ray(c)
        prepare_run_dir(self.run_dir, RUN_FILES, c.resume, c.overwrite, f"{CKPT_DIR}/{STATE_FILE}", log=log)
        self.state = {"iteration": 0, "env_steps": 0, "episodes": 0, "elapsed": 0.0, "next_slot": 0,
                      "slot_iterations": [0] * c.pool_size, "snapshots": 0}
        if c.resume:
            self._check_resume()
        import tcg_env.rllib as tr

        # before the algorithm builds its modules (training/threads.py: the order that sticks);
        # torch's spinning OpenMP threads made every small forward pass 10x slower here otherwise
        self.threads = set_threads(c.torch_threads, 1)
        self.env_name = tr.register(c.game)
        self.scale = tr.obs_scale(__import__("tcg_env").get_spec(c.game))
        self.algo = self._build()
        if c.resume:
            self.algo.restore_from_path(str((self.run_dir / CKPT_DIR).resolve()))
            print(f"resumed {self.run_dir / CKPT_DIR} at iteration {self.state['iteration']} "
                  f"({self.state['env_steps']} env steps)", flush=True)
        else:
            for slot in slot_ids(c.pool_size):  # the slots start as the initial network
                self._copy_main_to(slot)
        self.last_eval: dict = {}
        self._open_logs()

    def _check_resume(self) -> None:
        saved = json.loads((self.run_dir / CKPT_DIR / STATE_FILE).read_text())
        old = saved["config"]
        for key in RESUME_KEYS:
            if old.get(key) != getattr(self.cfg, key):
                raise ConfigError(f"resume=true: {key} is {getattr(self.cfg, key)!r} but the checkpoint in "
                                  f"{self.run_dir} was trained with {old.get(key)!r}")
        self.state = saved["state"]

    def _build(self):
        from functools import partial

        from ray.rllib.algorithms.ppo import PPOConfig
        from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
        from ray.rllib.core.rl_module.rl_module import RLModuleSpec

        import tcg_env.rllib as tr

        c = self.cfg
        slots = slot_ids(c.pool_size)
        main_spec = tr.masking_module_spec(tuple(c.hidden), vf_share_layers=c.vf_share_layers)
        specs = {"main": main_spec, **{s: main_spec for s in slots},
                 "random": RLModuleSpec(module_class=_random_module_class())}
        env_config = {"game": c.game, "decks": c.decks, "pool": c.cards and str(Path(c.cards).resolve()), "variant": c.variant, "max_turns": c.max_turns,
                      "auto_single": c.auto_single, "seed": c.seed}
        config = (
            PPOConfig()
            .environment(self.env_name, env_config=env_config, disable_env_checking=True)
            .env_runners(num_env_runners=c.num_env_runners, num_envs_per_env_runner=c.num_envs_per_env_runner,
                         num_cpus_per_env_runner=c.num_cpus_per_env_runner, rollout_fragment_length="auto")
            .learners(num_learners=c.num_learners, num_gpus_per_learner=c.num_gpus_per_learner)
            .training(train_batch_size_per_learner=c.train_batch_size, minibatch_size=c.minibatch_size,
                      num_epochs=c.num_epochs, lr=c.lr, gamma=c.gamma, lambda_=c.gae_lambda, clip_param=c.clip_param,
                      vf_clip_param=c.vf_clip_param, entropy_coeff=c.entropy_coeff, vf_loss_coeff=c.vf_loss_coeff,
                      use_kl_loss=c.kl_coeff > 0, kl_coeff=c.kl_coeff, grad_clip=c.grad_clip,
                      grad_clip_by="global_norm")
            .multi_agent(policies=set(specs),
                         policy_mapping_fn=partial(map_agent, latest_prob=c.latest_prob, random_prob=c.random_prob,
                                                   slots=tuple(slots)),
                         policies_to_train=["main"])
            .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs=specs))
            .callbacks(_callbacks_class())
            .debugging(seed=c.seed, log_level="ERROR")
        )
        return config.build_algo()

    # ---- snapshots ------------------------------------------------------------------------------
    def _copy_main_to(self, slot: str) -> None:
        """The learner's ``main`` weights into ``slot`` on the learner(s) and every env runner.

        The env runners are set directly: ``EnvRunnerGroup.sync_weights`` skips a runner whose
        weights sequence number is current, which it is right after the iteration's own sync, so
        a synced slot would keep its old weights (seen: the runners played the initial network)."""
        lg = self.algo.learner_group
        state = lg.get_state(components="learner/rl_module/main")["learner"]["rl_module"]["main"]
        lg.set_state({"learner": {"rl_module": {slot: state}}})

        def _set(runner, slot=slot, state=state):
            module = runner.module[slot]
            own = module.get_state()  # inference-only modules hold a subset of the learner's keys
            module.set_state({k: state[k] for k in own})

        self.algo.env_runner_group.foreach_env_runner(_set, local_env_runner=True)

    def snapshot(self) -> str:
        s = self.state
        slot = slot_ids(self.cfg.pool_size)[s["next_slot"]]
        self._copy_main_to(slot)
        s["slot_iterations"][s["next_slot"]] = s["iteration"]
        s["next_slot"] = (s["next_slot"] + 1) % self.cfg.pool_size
        s["snapshots"] += 1
        return slot

    # ---- the loop ---------------------------------------------------------------------------------
    def _budget_left(self, done_here: int, max_iterations: Optional[int]) -> bool:
        c, s = self.cfg, self.state
        if max_iterations is not None and done_here >= max_iterations:
            return False
        if c.max_minutes > 0 and s["elapsed"] >= c.max_minutes * 60:
            return False
        if c.total_env_steps > 0 and s["env_steps"] >= c.total_env_steps:
            return False
        if c.max_iterations > 0 and s["iteration"] >= c.max_iterations:
            return False
        return True

    def run(self, max_iterations: Optional[int] = None) -> dict:
        """Train until a budget is spent (or ``max_iterations`` more iterations), checkpoint,
        evaluate (final_eval.json) and close; returns the last evaluation table."""
        c, s = self.cfg, self.state
        done_here = 0
        while self._budget_left(done_here, max_iterations):
            self.iterate()
            done_here += 1
            t1 = time.perf_counter()
            if c.eval_every and s["iteration"] % c.eval_every == 0:
                self.run_eval(c.eval_games)
            if s["iteration"] % c.checkpoint_every == 0:
                s["elapsed"] += time.perf_counter() - t1
                t1 = time.perf_counter()
                self.save_checkpoint()
            s["elapsed"] += time.perf_counter() - t1
        self.save_checkpoint()
        if c.final_eval_games > 0:
            self.run_eval(c.final_eval_games, final=True)
        self.close()
        return self.last_eval

    def iterate(self) -> dict:
        """One training iteration (sampling and learning: ``Algorithm.train``), the snapshot it
        calls for, and its log line; returns its row of progress.csv."""
        c, s = self.cfg, self.state
        t0 = time.perf_counter()
        result = self.algo.train()
        dt = time.perf_counter() - t0
        s["iteration"] += 1
        s["elapsed"] += dt
        info = self._info(result, dt)
        snap = None
        if s["iteration"] % c.snapshot_every == 0 or (
                c.win_rate_threshold is not None and info.get("win_vs_pool", 0.0) > c.win_rate_threshold):
            snap = self.snapshot()
        info["snapshots"] = s["snapshots"]
        self._log(info, snap)
        return info

    def _info(self, result: dict, dt: float) -> dict:
        s = self.state
        er = result.get("env_runners", {})
        steps = int(result.get("num_env_steps_sampled_lifetime", er.get("num_env_steps_sampled_lifetime", 0)))
        before = s.get("rllib_lifetime_steps", 0)
        new_steps = steps - before if steps >= before else steps  # RLlib's counter restarted: all new
        s["rllib_lifetime_steps"] = steps
        s["env_steps"] += new_steps
        eps = _count(er.get("num_episodes"))
        s["episodes"] += eps
        main = result.get("learners", {}).get("main", {})
        timers = result.get("timers", {})
        info = {"iteration": s["iteration"], "env_steps": s["env_steps"], "episodes": s["episodes"],
                "minutes": s["elapsed"] / 60, "env_steps_per_s": new_steps / dt, "iter_s": dt,
                "sample_s": timers.get("env_runner_sampling_timer", float("nan")),
                "learn_s": timers.get("learner_update_timer", float("nan")),
                "episode_len_mean": er.get("episode_len_mean", float("nan")),
                "episode_return_mean": er.get("episode_return_mean", float("nan")),
                "policy_loss": main.get("policy_loss", float("nan")), "vf_loss": main.get("vf_loss", float("nan")),
                "entropy": main.get("entropy", float("nan")), "kl": main.get("mean_kl_loss", float("nan")),
                "lr": main.get("default_optimizer_learning_rate", float("nan"))}
        for kind in ("self", "pool", "random"):  # lifetime sums (RLlib's): this iteration's is the difference
            total = _count(er.get(f"games_vs_{kind}"))
            before = s.setdefault("games_lifetime", {}).get(kind, 0)
            info[f"games_vs_{kind}"] = total - before if total >= before else total
            s["games_lifetime"][kind] = total
            info[f"win_vs_{kind}"] = er.get(f"win_vs_{kind}", float("nan"))
        return {k: (float(v) if isinstance(v, (np.floating, np.integer)) else v) for k, v in info.items()}

    # ---- evaluation -------------------------------------------------------------------------------
    def act_greedy(self, obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """Greedy masked argmax of ``main``'s ``forward_inference`` over a batch of raw observations."""
        import torch
        from ray.rllib.core.columns import Columns

        module = self.algo.get_module("main")
        x = torch.from_numpy(np.ascontiguousarray(obs, np.float32) * self.scale)
        m = torch.from_numpy(np.ascontiguousarray(masks, np.float32))
        with torch.no_grad():
            out = module.forward_inference({Columns.OBS: {"observations": x, "action_mask": m}})
        logits = out[Columns.ACTION_DIST_INPUTS].masked_fill(m == 0, -torch.inf)
        return logits.argmax(-1).numpy()

    def run_eval(self, games: int, final: bool = False) -> dict:
        from training.evaluate import available_opponents, evaluate, record_eval

        c, s = self.cfg, self.state
        opps = [o for o in c.eval_opponents if o in available_opponents(c.game)]
        for o in c.eval_opponents:
            if o not in opps:
                print(f"[eval] skipping {o!r}: {c.game} has no policy kernel for it", flush=True)
        table = {}
        for o in opps:
            r = evaluate(self.act_greedy, o, games, seed=c.seed + 10_000_019, game=c.game, decks=c.decks,
                         variant=c.variant, auto_single=c.auto_single, max_turns=c.max_turns, pool=c.cards)
            table[o] = r.row()
        self.last_eval = table
        # the own trainer's eval.csv and final_eval.json (training.evaluate.record_eval): update = iteration
        record_eval(table, update=s["iteration"], global_step=s["env_steps"], minutes=s["elapsed"] / 60, final=final,
                    eval_csv=self._eval_csv, run_dir=self.run_dir, unit="iteration", log=self.log_enabled)
        self._eval_file.flush()
        return table

    # ---- checkpoints ------------------------------------------------------------------------------
    def save_checkpoint(self) -> Path:
        """``checkpoint/`` replaced as a whole: written to a temporary directory first, so an
        interrupted save leaves the previous checkpoint intact."""
        final = self.run_dir / CKPT_DIR
        tmp = self.run_dir / f".checkpoint.tmp{os.getpid()}"
        old = self.run_dir / f".checkpoint.old{os.getpid()}"
        shutil.rmtree(tmp, ignore_errors=True)
        self.algo.save_to_path(str(tmp.resolve()))
        (tmp / STATE_FILE).write_text(json.dumps({"config": config_to_dict(self.cfg), "state": self.state}, indent=2))
        if final.exists():
            os.replace(final, old)
        os.replace(tmp, final)
        shutil.rmtree(old, ignore_errors=True)
        return final

    # ---- logs -------------------------------------------------------------------------------------
    def _open_logs(self) -> None:
        self._csv_file = self._open_csv(self.run_dir / "progress.csv", self.LOG_FIELDS, "iteration")
        self._csv = csv.DictWriter(self._csv_file, self.LOG_FIELDS, extrasaction="ignore")
        self._eval_file = self._open_csv(self.run_dir / "eval.csv", self.EVAL_FIELDS, "update")
        self._eval_csv = csv.DictWriter(self._eval_file, self.EVAL_FIELDS, extrasaction="ignore")
        (self.run_dir / "config.json").write_text(json.dumps(config_to_dict(self.cfg), indent=2))

    def _open_csv(self, path: Path, fields: list[str], key: str):
        """Append to a CSV log; on resume, rows past the checkpoint's iteration are dropped (the
        interrupted session's, produced again)."""
        rows = []
        if path.exists() and self.state["iteration"] > 0:
            with open(path, newline="") as f:
                rows = [r for r in csv.DictReader(f) if int(r[key]) <= self.state["iteration"]]
        f = open(path, "w", newline="")
        w = csv.DictWriter(f, fields, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow(r)
        f.flush()
        return f

    def _log(self, info: dict, snap: Optional[str]) -> None:
        self._csv.writerow({k: (round(v, 6) if isinstance(v, float) else v) for k, v in info.items()})
        self._csv_file.flush()
        if self.log_enabled and info["iteration"] % self.cfg.print_every == 0:
            wins = " ".join(f"{k} {info[f'win_vs_{k}']:.2f}" for k in ("self", "pool", "random")
                            if info[f"games_vs_{k}"] or not np.isnan(info[f"win_vs_{k}"]))
            print(f"iteration {info['iteration']} step {info['env_steps']} ({info['minutes']:.1f} min) "
                  f"{info['env_steps_per_s']:.0f} env steps/s | ent {info['entropy']:.3f} vloss {info['vf_loss']:.4f} "
                  f"ep_len {info['episode_len_mean']:.0f} | win {wins}"
                  + (f" | snapshot -> {snap}" if snap else ""), flush=True)

    def close(self) -> None:
        self._csv_file.close()
        self._eval_file.close()
        self.algo.stop()


def main(argv: Optional[list[str]] = None) -> dict:
    p = argparse.ArgumentParser(description="Self-play PPO with RLlib over a tcg_env game (docs/rllib.md)")
    p.add_argument("--config", default=None, help="YAML file in configs/ (keys: the RLlibSelfPlayConfig fields)")
    p.add_argument("overrides", nargs="*", help="key=value overrides, e.g. num_env_runners=2 resume=true")
    args = p.parse_args(argv)
    try:  # bad input: one line, exit code 2
        cfg = load_config(RLlibSelfPlayConfig, args.config, args.overrides)
        try:
            import tcg_env.rllib  # noqa: F401
        except ImportError as e:
            raise ConfigError(first_line(e)) from None
        trainer = RLlibSelfPlay(cfg)
        print(f"run dir {trainer.run_dir}, {describe_threads()}", flush=True)
        return trainer.run()
    except ConfigError as e:
        print(f"{p.prog}: error: {e}", file=sys.stderr, flush=True)
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
