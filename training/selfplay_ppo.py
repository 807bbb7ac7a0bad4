"""Self-play PPO with masked logits over the batched engine (cleanrl style: one readable file).

    python training/selfplay_ppo.py --config configs/ppo_fftcg.yaml [key=value ...]

How it works (details and the meaning of every logged column: ``docs/training.md``):

* One :class:`TCGVectorEnv` of ``num_envs`` rows. Row b's *learner seat* is ``b % 2``. At the start
  of each of its games a row draws its opponent: the current network itself (probability
  ``latest_prob``; then both seats are learner seats), a past snapshot from the pool (the rest),
  or the built-in random / heuristic agents (``random_prob`` / ``heuristic_prob``).
* Each env step, the rows whose decider is a learner seat go through the current network in one
  forward pass; the other rows go through their snapshot's network (one pass per snapshot in use)
  or the engine's policy kernels. Actions are sampled from the masked softmax (illegal logits set
  to -1e9). No Python loop over games: everything is array operations over rows.
* Only learner decisions are stored. They form one trajectory per (row, seat); a transition's
  reward is that seat's reward (``rewards[:, seat]``) until the seat's next decision, and its
  successor is the seat's next decision in the same game. A terminated game ends the trajectory
  (value 0); a truncated one (``max_turns``) bootstraps from the value of the seat's view of the
  final state. A trajectory still open at the end of a rollout is cut there as in cleanrl (its
  value closes the GAE sum) and its open transition is carried into the next rollout.
* Every ``snapshot_every`` updates the network joins the opponent pool (``pool_size`` slots, the
  oldest replaced). Every ``eval_every`` updates it plays ``eval_games`` games against each of
  ``eval_opponents`` (greedy, masked argmax); win rates, 95% Wilson intervals and the implied Elo
  difference go to ``eval.csv`` and TensorBoard.
* Checkpoints (``ckpt_<update>.pt`` and ``last.pt``) are written atomically (temp file, fsync,
  ``os.replace``) and hold only tensors and plain containers (``torch.load(..., weights_only=True)``):
  model, optimizer, the opponent pool, every RNG state, the env rows' state arrays, the carried
  transitions and the counters. ``resume=true`` continues from ``last.pt`` and, on CPU in
  ``deterministic`` mode, reaches bit-identical parameters to an unbroken run (tested).
* ``overlap=true``: the update of rollout k runs in a background thread (on rollout k's half of a
  double buffer) while rollout k+1 is collected by a copy of the network holding the weights from
  before that update (a policy lag of one update; the ratio uses the stored behaviour
  log-probabilities). The thread is joined before snapshots, evaluations and checkpoints.
* Nothing is overwritten or half-done silently (``training/checks.py``): the config (seed, game,
  decks, device, arch, finite numbers) is checked before anything is built; a run directory that
  holds a run is refused unless ``resume=true`` or ``overwrite=true``; a truncated or foreign
  ``last.pt`` is refused by name; a NaN / infinite loss, gradient or parameter stops the run at that
  update, before the optimizer step, and nothing non-finite is ever saved or exported.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import csv
import json
import os
import random
import sys
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional, Union

if __package__ in (None, ""):  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

# first: it sets OMP_WAIT_POLICY before torch loads its OpenMP runtime (training/threads.py)
from training.threads import available_cores, describe_threads, set_threads  # noqa: E402, I001

import numpy as np  # noqa: E402
import torch  # noqa: E402
from numba import njit

from agents.neural import POLICY_FORMAT, PolicyNet, StackedPolicies, masked_logits, resolve_device
from agents.neural_kernels import PackedPolicies
from tcg_env.envs.vector import TCGVectorEnv
from training.checks import (TrainingDiverged, check_arch, check_device, check_run_config, check_setup, first_line, need,
                             nonfinite_parameters, prepare_run_dir)
from training.config import ConfigError, config_to_dict, load_config
from training.evaluate import KernelOpponent, available_opponents, evaluate, record_eval

# /2: the carried observations (``carry.b_obs``) are stored multiplied by the network's obs_scale
CKPT_FORMAT = "tcg_env.selfplay_ppo/2"

# opponent kinds of a row's current game
OPP_SELF, OPP_POOL, OPP_RANDOM, OPP_HEURISTIC = 0, 1, 2, 3


@dataclass
class PPOConfig:
    """Every knob of a run. YAML files in ``configs/`` set any subset; ``key=value`` arguments on
    the command line override them; an unknown key is an error naming the key and its source."""

    # --- game -----------------------------------------------------------------------------------
    game: str = "fftcg"  # registered game name
    decks: Optional[List[str]] = None  # [deck of seat 0, deck of seat 1]; None: the game's default pair
    # a card pool file, as `tcg ... --cards` takes (e.g. one `tcg cards import` wrote: real cards); the
    # decks then name its cards. None: the game's built-in starter pool
    cards: Optional[str] = None
    variant: Optional[str] = None  # rules variant (FF-TCG: constructed / limited); None: default
    # a rule set of the game (FF-TCG: "2016", the default, or "2014"; quoted in YAML); validate()
    # sets game to the registered game that plays under it ("fftcg" + "2014": "fftcg_2014")
    rules: Optional[str] = None
    auto_single: bool = True  # decisions with a single legal action are applied by the engine
    max_turns: int = 100  # games past this turn are truncated (value bootstrapped)
    # --- run ------------------------------------------------------------------------------------
    seed: int = 1  # 0..2**32-1; seeds torch, numpy, python, the env rows (seed + b) and the eval games
    total_env_steps: int = 20_000_000  # env steps (decisions of either player, all rows); drives LR annealing
    max_minutes: float = 0.0  # wall-clock cap on training (0: none); checked after each update
    num_envs: int = 256  # rows of the vector env
    num_steps: int = 64  # env steps per rollout (each row makes num_steps decisions)
    device: str = "auto"  # "auto" (CUDA if available), "cpu", "cuda", "cuda:1", ...
    torch_threads: int = 0  # torch intra-op threads; 0: half the cores this process may use, at least 1 (training/threads.py)
    env_threads: int = 0  # threads of the env's and policy kernels' row chunks (numba.set_num_threads); 0: every core
    # torch.use_deterministic_algorithms: "auto" (the default) is true on the CPU (bit-exact resume,
    # tested) and false on a GPU, where deterministic kernels cost speed; true on CUDA also sets
    # CUBLAS_WORKSPACE_CONFIG (docs/training.md, Scaling to a bigger machine)
    deterministic: Union[bool, str] = "auto"
    # learn() of rollout k runs in a background thread while the main thread collects rollout k+1
    # with the weights from before that update (a policy lag of one update; PPO's ratio uses the
    # stored behaviour log-probabilities, so the clipped objective stays valid). The thread is joined
    # before every snapshot, evaluation and checkpoint. torch_threads is then the learner thread's
    # count (0: half the cores) and env_threads the main thread's (0: the other half), which also
    # runs the acting network. Pays on a GPU and where cores are free (docs/training.md, Overlap).
    overlap: bool = False
    # --- PPO ------------------------------------------------------------------------------------
    learning_rate: float = 3e-4
    anneal_lr: bool = True  # linear decay to 0 over total_env_steps
    gamma: float = 0.995  # discount per learner decision
    gae_lambda: float = 0.95
    update_epochs: int = 2
    num_minibatches: int = 4  # minibatches per epoch (the sample count varies a little per rollout)
    clip_coef: float = 0.2
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    norm_adv: bool = True  # normalise advantages per minibatch
    target_kl: Optional[float] = None  # stop the epochs early when approx KL exceeds this
    hidden: List[int] = field(default_factory=lambda: [256, 256])  # MLP trunk widths
    arch: str = "mlp"  # "mlp" (one linear head) or "entity" (per-card-row pointer heads; agents/neural.py)
    entity_dim: int = 32  # row-code width of arch "entity"
    shaping_coef: float = 0.0  # potential-based shaping: phi = coef * (opponent damage - own damage) / (damage that
    #                            loses: FF-TCG 7, Weiss Schwarz 28 = level 4); agents.neural.damage_potential_weights
    decision_cost: float = 0.0  # subtracted from the reward of every learner decision: makes actions that change
    #                             nothing (Weiss Schwarz's free moves, CR 6.5.1.2.4) cost something (docs/training.md)
    # --- self-play ------------------------------------------------------------------------------
    pool_size: int = 8  # past snapshots kept as opponents
    snapshot_every: int = 10  # updates between snapshots
    latest_prob: float = 0.5  # P(opponent = the current network, both seats learn)
    random_prob: float = 0.0  # P(opponent = built-in random agent)
    heuristic_prob: float = 0.0  # P(opponent = built-in heuristic agent)
    # --- evaluation -----------------------------------------------------------------------------
    eval_every: int = 20  # updates between evaluations (0: only at the end)
    eval_games: int = 200  # games per opponent per evaluation
    eval_opponents: List[str] = field(default_factory=lambda: ["random", "heuristic"])
    final_eval_games: int = 1000  # games per opponent at the end (0: none)
    # --- output ---------------------------------------------------------------------------------
    out_dir: str = "runs"
    run_name: str = "ppo_fftcg"
    checkpoint_every: int = 10  # updates between checkpoints (a final one is always written)
    keep_checkpoints: int = 3  # ckpt_<update>.pt files kept (last.pt always)
    resume: bool = False  # continue from out_dir/run_name/last.pt (an error when there is none)
    overwrite: bool = False  # replace the run in out_dir/run_name (its files are removed first); without
    #                          it (or resume) a run directory that holds a run is refused
    tensorboard: bool = True
    print_every: int = 1  # updates between console lines

    def validate(self) -> None:
        self.game = check_run_config(self)
        check_device(self.device)
        need(self.num_envs >= 2, "num_envs", f"must be >= 2, got {self.num_envs}")
        need(self.num_steps >= 1, "num_steps", f"must be >= 1, got {self.num_steps}")
        need(self.total_env_steps >= 1, "total_env_steps", "must be >= 1")
        need(0 < self.gamma <= 1, "gamma", f"must be in (0, 1], got {self.gamma}")
        need(0 <= self.gae_lambda <= 1, "gae_lambda", f"must be in [0, 1], got {self.gae_lambda}")
        need(self.update_epochs >= 1, "update_epochs", "must be >= 1")
        need(self.num_minibatches >= 1, "num_minibatches", "must be >= 1")
        need(self.pool_size >= 1, "pool_size", "must be >= 1")
        need(self.snapshot_every >= 1, "snapshot_every", "must be >= 1")
        need(len(self.hidden) >= 1 and all(h > 0 for h in self.hidden), "hidden", f"must be positive widths, got {self.hidden}")
        probs = (self.latest_prob, self.random_prob, self.heuristic_prob)
        need(all(p >= 0 for p in probs) and sum(probs) <= 1 + 1e-9, "latest_prob/random_prob/heuristic_prob",
             f"must be >= 0 and sum to <= 1, got {probs}")
        for o in self.eval_opponents:
            need(o in ("random", "heuristic"), "eval_opponents", f"entries must be 'random' or 'heuristic', got {o!r}")
        need(self.decks is None or len(self.decks) == 2, "decks", "must name two decks")
        need(self.checkpoint_every >= 1, "checkpoint_every", "must be >= 1")
        need(self.torch_threads >= 0, "torch_threads", f"must be >= 0, got {self.torch_threads}")
        need(self.env_threads >= 0, "env_threads", f"must be >= 0, got {self.env_threads}")
        need(self.deterministic in (True, False, "auto"), "deterministic",
             f"must be true, false or auto, got {self.deterministic!r}")
        need(self.arch in ("mlp", "entity"), "arch", f"must be 'mlp' or 'entity', got {self.arch!r}")
        for key in ("learning_rate", "clip_coef", "max_grad_norm"):
            need(getattr(self, key) > 0, key, f"must be > 0, got {getattr(self, key)}")
        for key in ("ent_coef", "vf_coef", "max_minutes", "shaping_coef"):
            need(getattr(self, key) >= 0, key, f"must be >= 0, got {getattr(self, key)}")
        need(self.target_kl is None or self.target_kl > 0, "target_kl", f"must be > 0 or null, got {self.target_kl}")
        for key in ("max_turns", "entity_dim", "keep_checkpoints", "print_every"):
            need(getattr(self, key) >= 1, key, f"must be >= 1, got {getattr(self, key)}")
        for key in ("eval_every", "eval_games", "final_eval_games"):
            need(getattr(self, key) >= 0, key, f"must be >= 0, got {getattr(self, key)}")
        import tcg_env

        shaping = [g for g in tcg_env.list_games() if tcg_env.get_spec(g).shaping_potential is not None]
        need(self.shaping_coef == 0 or self.game in shaping, "shaping_coef", f"is defined for {' and '.join(shaping)} only")


# files of a run in out_dir/run_name: their presence means the directory holds a run (refused without
# resume / overwrite), and overwrite=true removes them (stale checkpoints and temp files included)
RUN_FILES = ("last.pt", "ckpt_*.pt", "policy.pt", "progress.csv", "eval.csv", "config.json", "final_eval.json", "tb",
             ".*.tmp*")
# the parts of a checkpoint that resuming reads
CKPT_KEYS = ("config", "model", "optimizer", "pool", "pool_updates", "pool_next", "counters", "rng", "env", "rows", "carry")

# keys that must match when resuming (the rest, e.g. budgets and logging, may change)
RESUME_KEYS = ("game", "decks", "cards", "variant", "auto_single", "max_turns", "seed", "num_envs", "num_steps", "hidden",
               "arch", "entity_dim", "pool_size")


@njit(cache=True)
def gae_flat(n, next_idx, values, rewards, terminal, has_boot, boot_values, pending, gamma, lam, adv):
    """GAE over transitions stored in time order, linked per trajectory by ``next_idx``.
    Pending transitions (trajectory still open) get advantage 0 and close their predecessor's sum
    with their value (cleanrl's bootstrap at the rollout edge). Returns the number of transitions
    that had no successor and no end (should be 0)."""
    orphans = 0
    for i in range(n - 1, -1, -1):
        if pending[i]:
            adv[i] = 0.0
            continue
        j = next_idx[i]
        if j >= 0:
            a_next = 0.0 if pending[j] else adv[j]
            adv[i] = rewards[i] + gamma * values[j] - values[i] + gamma * lam * a_next
        elif terminal[i]:
            adv[i] = rewards[i] - values[i]
        elif has_boot[i]:
            adv[i] = rewards[i] + gamma * boot_values[i] - values[i]
        else:
            adv[i] = 0.0
            orphans += 1
    return orphans


def deterministic_mode(setting: Union[bool, str], device: torch.device) -> bool:
    """The config's ``deterministic`` for ``device``: "auto" is true on the CPU (bit-exact resume)
    and false elsewhere (on a GPU deterministic kernels and cuBLAS's fixed workspace cost speed,
    and the run is not bit-exact across GPU models anyway)."""
    if setting == "auto":
        return device.type == "cpu"
    return bool(setting)


def _t(a: np.ndarray) -> torch.Tensor:
    return torch.from_numpy(np.ascontiguousarray(a))


class Trainer:
    def __init__(self, cfg: PPOConfig, log: bool = True):
        self.cfg = cfg
        self.log_enabled = log
        self.run_dir = Path(cfg.out_dir) / cfg.run_name
        # every check before the first file is written or removed and before the kernels compile
        cfg.validate()
        check_arch(check_setup(cfg.game, cfg.decks, cfg.variant, cfg.cards), cfg.arch, cfg.entity_dim)
        prepare_run_dir(self.run_dir, RUN_FILES, cfg.resume, cfg.overwrite, "last.pt", log)
        resume_from = read_checkpoint(self.run_dir / "last.pt", cfg) if cfg.resume else None
        self.learner_threads = None  # overlap: torch threads of the learner thread
        self.apply_threads()
        self.device = resolve_device(cfg.device)
        self.deterministic = deterministic_mode(cfg.deterministic, self.device)
        if self.deterministic:
            if self.device.type == "cuda":
                # cuBLAS needs a fixed workspace for reproducible results, read when its handle is
                # created: set before the first CUDA op below (the network's .to(device))
                os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
                if log:
                    print("deterministic=true on cuda: deterministic CUDA kernels and CUBLAS_WORKSPACE_CONFIG="
                          f"{os.environ['CUBLAS_WORKSPACE_CONFIG']}; this costs speed (deterministic=auto: off on "
                          "a GPU); an op without a deterministic CUDA kernel warns instead of stopping the run",
                          flush=True)
            torch.use_deterministic_algorithms(True, warn_only=self.device.type != "cpu")
        random.seed(cfg.seed)
        np.random.seed(cfg.seed % 2**32)
        torch.manual_seed(cfg.seed)
        self.np_rng = np.random.default_rng(cfg.seed)
        self.gen = torch.Generator(device="cpu").manual_seed(cfg.seed)
        # on a GPU actions are sampled there (only actions, log-probabilities and values come back,
        # not every row's logits), from this generator; on the CPU from self.gen as always
        self.dev_gen = (torch.Generator(device=self.device).manual_seed(cfg.seed) if self.device.type != "cpu"
                        else None)

        self.vec = TCGVectorEnv(cfg.game, num_envs=cfg.num_envs, decks=cfg.decks, variant=cfg.variant,
                                auto_single=cfg.auto_single, max_turns=cfg.max_turns, seed=cfg.seed, pool=cfg.cards)
        self.obs, self.masks, self.players = self.vec.reset()
        B, O, A = self.vec.num_envs, self.vec.obs_size, self.vec.num_actions
        self.B, self.O, self.A = B, O, A
        self.net = PolicyNet(O, A, cfg.hidden, cfg.game, cfg.arch, cfg.entity_dim).to(self.device)
        # fused: one kernel over all parameters (the same Adam update; on the CPU 6x cheaper than the
        # default per-tensor loop, which was ~5% of an update)
        self.opt = torch.optim.Adam(self.net.parameters(), lr=cfg.learning_rate, eps=1e-5, fused=True)
        self.pool_nets = [PolicyNet(O, A, cfg.hidden, cfg.game, cfg.arch, cfg.entity_dim).to(self.device).eval() for _ in range(cfg.pool_size)]
        # the same snapshots packed for one forward pass over all pool rows of an env step: on the
        # CPU a numba kernel that reads only each row's own snapshot (agents.neural_kernels; the
        # stacked torch pass read all 8 snapshots' weights every step), elsewhere StackedPolicies
        self.pool_stack = (PackedPolicies(self.net, cfg.pool_size) if self.device.type == "cpu"
                           else StackedPolicies(self.net, cfg.pool_size))
        self.pool_updates: list[int] = []  # update at which each slot's snapshot was taken
        self.pool_next = 0
        self._add_snapshot(0)

        # kernel opponents (training rows), if requested
        self.kernel_opps = {}
        if cfg.random_prob > 0:
            self.kernel_opps[OPP_RANDOM] = KernelOpponent("random", self.vec, seed=cfg.seed + 101)
        if cfg.heuristic_prob > 0:
            self.kernel_opps[OPP_HEURISTIC] = KernelOpponent("heuristic", self.vec, seed=cfg.seed + 202)

        # per-row bookkeeping
        self.seat = (np.arange(B) % 2).astype(np.int64)
        self.opp_kind = np.zeros(B, np.int64)
        self.opp_slot = np.zeros(B, np.int64)
        self.collect = np.zeros((B, 2), bool)
        self.last_idx = np.full(2 * B, -1, np.int64)  # open transition of trajectory 2*b + seat
        self.ep_len = np.zeros(B, np.int64)
        self._new_opponents(np.arange(B))

        # transition buffer (CPU; minibatches move to the device); carried transitions first
        cap = cfg.num_steps * B + 2 * B
        self.cap = cap
        # on a GPU the observations and masks live in pinned (page-locked) host memory: their copies
        # to the device run asynchronously (non_blocking) instead of through a staging copy
        # overlap: two buffers, the learner reads rollout k's while rollout k+1 is written to the other
        self._buffers = [self._new_buffer(cap, O, A) for _ in range(2 if cfg.overlap else 1)]
        self._active = 0
        self._use_buffer(0)
        if cfg.shaping_coef:
            from agents.neural import damage_potential_weights

            w = damage_potential_weights(cfg.game)
            self._phi_cols = np.array(list(w), np.int64)
            self._phi_w = np.array(list(w.values()), np.float32) * np.float32(cfg.shaping_coef)
        self.n = 0

        # the network that acts in collect_rollout: self.net itself, or with overlap a copy whose
        # weights are loaded from self.net after each update the learner thread finished
        self.actor = self.net
        self._learner = None  # overlap: the learner thread (one worker), its generator and CUDA stream
        self.learn_gen = self.gen
        self.learn_stream = None
        if cfg.overlap:
            self.actor = PolicyNet(O, A, cfg.hidden, cfg.game, cfg.arch, cfg.entity_dim).to(self.device)
            self.actor.load_state_dict(self.net.state_dict())
            self.learn_gen = torch.Generator(device="cpu").manual_seed(cfg.seed + 1)
            if self.device.type == "cuda":  # the update's kernels queue beside the acting passes
                self.learn_stream = torch.cuda.Stream(self.device)
            self._learner = concurrent.futures.ThreadPoolExecutor(
                1, thread_name_prefix="learner", initializer=torch.set_num_threads, initargs=(self.learner_threads,))

        # counters
        self.update = 0
        self.global_step = 0  # env steps (all rows, both players)
        self.learner_steps = 0  # stored learner decisions
        self.episodes = 0
        self.elapsed = 0.0  # training seconds over all sessions
        self.last_eval: dict = {}
        self._ep_stats: list = []

        self.saved_update: Optional[int] = None  # update of the last checkpoint written or resumed from
        self.writer = None
        if resume_from is not None:
            self._apply_checkpoint(resume_from, self.run_dir / "last.pt")
        self._open_logs()

    # ---- threads and buffers --------------------------------------------------------------------
    def apply_threads(self) -> None:
        """Set the thread counts of this run (again: benchmarks alternate trainers in one process).
        Without overlap the env kernels and torch alternate and each may use every core
        (training/threads.py). With overlap the learner thread's torch pool runs at the same time
        as the main thread, which steps the envs and runs the acting network in turns: the learner
        gets ``torch_threads`` (0: half the cores), the main thread ``env_threads`` (0: the rest)
        for numba and for its own torch passes (torch's count is per OpenMP thread: each thread's
        ``torch.set_num_threads`` sizes its own team)."""
        c = self.cfg
        if not c.overlap:
            set_threads(c.torch_threads, c.env_threads)  # numba's first: its pool resets torch's count
            return
        cores = available_cores()
        self.learner_threads = c.torch_threads or max(1, cores // 2)
        main_n = c.env_threads or max(1, cores - self.learner_threads)
        set_threads(main_n, main_n)

    def describe_overlap(self) -> str:
        if not self.cfg.overlap:
            return "overlap off"
        cores = available_cores()
        main_n = torch.get_num_threads()
        fit = "" if self.learner_threads + main_n <= cores else f" (oversubscribed: more than the {cores} cores)"
        return (f"overlap on: learner thread {self.learner_threads} torch threads, main thread (envs and acting) "
                f"{main_n}{fit}")

    # the parts of an open transition carried into the next rollout (its links and ends are reset)
    CARRIED = ("b_obs", "b_mask", "b_act", "b_logp", "b_val", "b_rew", "b_phi")

    def _new_buffer(self, cap: int, O: int, A: int) -> dict:
        # on a GPU the observations and masks live in pinned (page-locked) host memory: their copies
        # to the device run asynchronously (non_blocking) instead of through a staging copy
        return {
            "b_obs": self._host_buffer((cap, O), torch.float32),
            "b_mask": self._host_buffer((cap, A), torch.bool),
            "b_act": np.zeros(cap, np.int64),
            "b_logp": np.zeros(cap, np.float32),
            "b_val": np.zeros(cap, np.float32),
            "b_rew": np.zeros(cap, np.float32),
            "b_next": np.full(cap, -1, np.int64),
            "b_term": np.zeros(cap, np.bool_),
            "b_hasboot": np.zeros(cap, np.bool_),
            "b_boot": np.zeros(cap, np.float32),
            "b_phi": np.zeros(cap, np.float32),  # shaping potential of the transition's state
            "b_bootphi": np.zeros(cap, np.float32),  # ... of a truncated game's final state
        }

    def _use_buffer(self, i: int) -> None:
        """Make buffer ``i`` the one the rollout writes (``self.b_*``)."""
        self._active = i
        for name, arr in self._buffers[i].items():
            setattr(self, name, arr)

    def _sync_actor(self) -> None:
        """The acting network takes the learner's weights (overlap; main thread, no update in flight)."""
        if self.actor is not self.net:
            self.actor.load_state_dict(self.net.state_dict())
            if self.learn_stream is not None:
                # the copies are queued on this thread's stream: finished before the next update's
                # optimizer steps (on the learner's stream) write the learner's weights again
                torch.cuda.current_stream(self.device).synchronize()

    # ---- opponents ------------------------------------------------------------------------------
    def _add_snapshot(self, update: int) -> None:
        slot = self.pool_next
        self.pool_nets[slot].load_state_dict(self.net.state_dict())
        self.pool_stack.load(slot, self.pool_nets[slot])
        if slot < len(self.pool_updates):
            self.pool_updates[slot] = update
        else:
            self.pool_updates.append(update)
        self.pool_next = (slot + 1) % self.cfg.pool_size

    def _new_opponents(self, rows: np.ndarray) -> None:
        if rows.size == 0:
            return
        c = self.cfg
        u = self.np_rng.random(rows.size)
        kind = np.full(rows.size, OPP_POOL, np.int64)
        kind[u < c.latest_prob + c.random_prob + c.heuristic_prob] = OPP_HEURISTIC
        kind[u < c.latest_prob + c.random_prob] = OPP_RANDOM
        kind[u < c.latest_prob] = OPP_SELF
        self.opp_kind[rows] = kind
        self.opp_slot[rows] = self.np_rng.integers(len(self.pool_updates), size=rows.size)
        seat = self.seat[rows]
        self.collect[rows, seat] = True
        self.collect[rows, 1 - seat] = kind == OPP_SELF

    # ---- acting ---------------------------------------------------------------------------------
    def _host_buffer(self, shape: tuple, dtype: torch.dtype) -> np.ndarray:
        if self.device.type == "cuda":
            return torch.zeros(shape, dtype=dtype, pin_memory=True).numpy()
        return np.zeros(shape, torch.empty(0, dtype=dtype).numpy().dtype)

    def _sample(self, logits: torch.Tensor, mask: torch.Tensor):
        """Actions and their log-probabilities from the masked softmax: on the CPU from ``self.gen``;
        on a GPU on the device, from ``self.dev_gen`` (tensors on the device)."""
        if self.dev_gen is not None:
            ml = masked_logits(logits.float(), mask)
            u = torch.rand(ml.shape, generator=self.dev_gen, device=ml.device).clamp_(1e-12, 1.0)
        else:
            ml = masked_logits(logits.float().cpu(), mask.cpu())
            u = torch.rand(ml.shape, generator=self.gen).clamp_(1e-12, 1.0)
        a = (ml - torch.log(-torch.log(u))).argmax(dim=1)  # Gumbel-max: a sample of softmax(ml)
        logp = torch.log_softmax(ml, dim=1).gather(1, a[:, None]).squeeze(1)
        return a, logp

    def _to_device(self, a: np.ndarray) -> torch.Tensor:
        """An array on the device; asynchronous from pinned memory (the rollout buffer on a GPU)."""
        return _t(a).to(self.device, non_blocking=True)

    def _act(self, obs_dev: torch.Tensor, mask_dev: torch.Tensor):
        """The learner's actions, log-probabilities and values for scaled observations on the device:
        on the CPU three numpy arrays; on a GPU one device tensor ``[3, k]`` (actions as float32,
        exact far below 2**24), left on the device until the env step's one copy back."""
        with torch.no_grad():
            logits, value = self.actor.forward_scaled(obs_dev)
            a, logp = self._sample(logits, mask_dev)
            if self.dev_gen is None:
                return a.numpy(), logp.numpy(), value.float().numpy()
            return torch.stack((a.float(), logp, value.float()))

    def collect_rollout(self) -> dict:
        c, B = self.cfg, self.B
        ar = np.arange(B)
        stats = {"wins": np.zeros(4, np.int64), "games": np.zeros(4, np.int64), "ep_len": []}
        # on a GPU the learner's and the snapshots' passes are queued on the device, the kernel
        # opponents choose on the CPU meanwhile, and the sampled actions come back in one copy
        on_cpu = self.dev_gen is None
        for _ in range(c.num_steps):
            dec = self.players.astype(np.int64)
            learn = self.collect[ar, dec]
            actions = np.zeros(B, np.int64)
            lrows = np.flatnonzero(learn)
            prow = lrows[:0]
            if lrows.size:
                k = lrows.size
                idx = np.arange(self.n, self.n + k)
                # the rows are copied once, into the buffer (the env's arrays may be reused by the
                # next step), and the forward pass reads that contiguous slice of the buffer
                obs_k = self.b_obs[self.n : self.n + k]
                np.take(self.obs, lrows, axis=0, out=obs_k)
                mask_k = self.b_mask[self.n : self.n + k]
                np.not_equal(self.masks[lrows], 0, out=mask_k)
                self.b_phi[idx] = self._phi(obs_k)
                # stored scaled (the network's first step), so that the minibatch passes of learn()
                # do not multiply every row again in each epoch
                self.actor.scale_obs_(obs_k)
                learner_out = self._act(self._to_device(obs_k), self._to_device(mask_k))
                if on_cpu:
                    a, logp, value = learner_out
                    actions[lrows] = a
                    self.b_act[idx] = a
                    self.b_logp[idx] = logp
                    self.b_val[idx] = value
                self.b_rew[idx] = 0.0
                self.b_next[idx] = -1
                self.b_term[idx] = False
                self.b_hasboot[idx] = False
                traj = 2 * lrows + dec[lrows]
                prev = self.last_idx[traj]
                linked = prev >= 0
                self.b_next[prev[linked]] = idx[linked]
                self.last_idx[traj] = idx
                self.n += k
            orows = np.flatnonzero(~learn)
            if orows.size:
                kinds = self.opp_kind[orows]
                prow = orows[kinds == OPP_POOL]
                if prow.size:  # every snapshot's rows in one pass (agents.neural.StackedPolicies)
                    obs_p, mask_p = _t(self.obs[prow]), _t(self.masks[prow] != 0)
                    if self.device.type == "cuda":  # pinned: copied without waiting for the learner's queued pass
                        obs_p, mask_p = obs_p.pin_memory(), mask_p.pin_memory()
                    logits = self.pool_stack.logits(obs_p.to(self.device, non_blocking=True), self.opp_slot[prow])
                    pool_a, _ = self._sample(logits, mask_p.to(self.device, non_blocking=True))
                    if on_cpu:
                        actions[prow] = pool_a.numpy()
                for kind, opp in self.kernel_opps.items():
                    rows = orows[kinds == kind]
                    if rows.size:
                        actions[rows] = opp.actions(rows)[rows]
            if not on_cpu and (lrows.size or prow.size):
                parts = ([learner_out.reshape(-1)] if lrows.size else []) + ([pool_a.float()] if prow.size else [])
                host = torch.cat(parts).cpu().numpy()  # the step's one synchronisation with the device
                if lrows.size:
                    k = lrows.size
                    a = host[:k].astype(np.int64)
                    idx = np.arange(self.n - k, self.n)
                    actions[lrows] = a
                    self.b_act[idx] = a
                    self.b_logp[idx] = host[k : 2 * k]
                    self.b_val[idx] = host[2 * k : 3 * k]
                if prow.size:
                    actions[prow] = host[host.size - prow.size :].astype(np.int64)
            self.obs, self.masks, rewards, term, trunc, self.players = self.vec.step(actions)
            self.global_step += B
            self.ep_len += 1
            # rewards to each open learner transition of the seat that receives them
            rrows = np.flatnonzero((rewards != 0).any(axis=1))
            for s in (0, 1):
                li = self.last_idx[2 * rrows + s]
                ok = li >= 0
                self.b_rew[li[ok]] += rewards[rrows[ok], s]
            ended = term | trunc
            if ended.any():
                erows = np.flatnonzero(ended)
                if trunc.any():
                    self._bootstrap_truncated(np.flatnonzero(trunc))
                for s in (0, 1):
                    traj = 2 * erows + s
                    li = self.last_idx[traj]
                    ok = li >= 0
                    self.b_term[li[ok & term[erows]]] = True
                    self.last_idx[traj] = -1
                ls = self.seat[erows]
                res = rewards[erows, ls]
                kinds = self.opp_kind[erows]
                np.add.at(stats["games"], kinds, 1)
                np.add.at(stats["wins"], kinds, (res > 0).astype(np.int64))
                stats["ep_len"].extend(self.ep_len[erows].tolist())
                self.ep_len[erows] = 0
                self.episodes += erows.size
                self._new_opponents(erows)
        return stats

    @torch.no_grad()
    def _bootstrap_truncated(self, trows: np.ndarray) -> None:
        """Value of each open trajectory of a truncated row, from its seat's view of the final state."""
        k = self.vec.spec.kernels
        T = self.vec.batch._T
        states = self.vec.truncated_states
        for s in (0, 1):
            li = self.last_idx[2 * trows + s]
            ok = np.flatnonzero(li >= 0)
            if ok.size == 0:
                continue
            obs = np.zeros((ok.size, self.O), np.float32)
            for j, i in enumerate(ok):  # only truncated rows: a handful per rollout
                k.observe_row(states[i], T, s, obs[j])
            _, v = self.actor(_t(obs).to(self.device))
            self.b_boot[li[ok]] = v.float().cpu().numpy()
            self.b_bootphi[li[ok]] = self._phi(obs)
            self.b_hasboot[li[ok]] = True

    def _phi(self, obs: np.ndarray) -> np.ndarray:
        """Shaping potential of observations (0 without shaping): coef * (opponent's damage - own
        damage) as a fraction of the damage that loses (``agents.neural.damage_potential_weights``)."""
        if not self.cfg.shaping_coef:
            return np.zeros(len(obs), np.float32)
        return (obs[:, self._phi_cols] @ self._phi_w).astype(np.float32)

    # ---- learning -------------------------------------------------------------------------------
    def learn(self) -> dict:
        """One PPO update on the rollout in the buffer, then its open transitions carried to the
        front of the buffer for the next rollout (the synchronous path; overlap: ``_start_update``)."""
        batch = self._prepare_batch()
        info = self._optimize(batch, self.learn_gen)
        self.learner_steps += info["samples"]
        self._carry(self._active)
        return info

    def _prepare_batch(self) -> dict:
        """GAE over the rollout in the active buffer and the update's learning rate (main thread):
        what ``_optimize`` needs, as views of that buffer."""
        c, n = self.cfg, self.n
        pending = np.zeros(n, np.bool_)
        open_idx = self.last_idx[self.last_idx >= 0]
        pending[open_idx] = True
        adv = np.zeros(n, np.float32)
        rew = self.b_rew[:n]
        if c.shaping_coef:
            # potential-based shaping (Ng et al. 1999): r + gamma * phi(s') - phi(s), phi = 0 at the end;
            # the shaped returns telescope, so the optimal policy is unchanged
            nxt = self.b_next[:n]
            phi_next = np.where(nxt >= 0, self.b_phi[np.maximum(nxt, 0)], np.where(self.b_hasboot[:n], self.b_bootphi[:n], 0.0))
            rew = (rew + c.gamma * phi_next - self.b_phi[:n]).astype(np.float32)
        if c.decision_cost:
            rew = (rew - np.float32(c.decision_cost)).astype(np.float32)
        orphans = gae_flat(n, self.b_next[:n], self.b_val[:n], rew, self.b_term[:n], self.b_hasboot[:n],
                           self.b_boot[:n], pending, np.float32(c.gamma), np.float32(c.gae_lambda), adv)
        if orphans:
            raise RuntimeError(f"{orphans} transitions without successor or end (bookkeeping bug)")
        train_idx = np.flatnonzero(~pending)
        ret = adv + self.b_val[:n]
        if c.anneal_lr:
            frac = max(0.0, 1.0 - self.global_step / c.total_env_steps)
            for g in self.opt.param_groups:
                g["lr"] = frac * c.learning_rate
        y, pv = ret[train_idx], self.b_val[train_idx]
        var_y = float(np.var(y))
        explained_var = float("nan") if var_y == 0 else 1.0 - float(np.var(y - pv)) / var_y
        return {"n": n, "train_idx": train_idx, "adv": adv, "ret": ret, "obs": self.b_obs[:n], "mask": self.b_mask[:n],
                "act": self.b_act[:n], "logp": self.b_logp[:n], "explained_var": explained_var}

    def _optimize(self, batch: dict, gen: torch.Generator) -> dict:
        """The epochs of minibatch steps on ``batch`` (``_prepare_batch``); minibatch order from
        ``gen``. Touches only the learner's network and optimizer and the batch: with overlap it
        runs in the learner thread."""
        c = self.cfg
        train_idx, adv, ret = batch["train_idx"], batch["adv"], batch["ret"]
        N = train_idx.size
        mb = max(1, -(-N // c.num_minibatches))
        info = {"pg_loss": 0.0, "v_loss": 0.0, "entropy": 0.0, "approx_kl": 0.0, "clipfrac": 0.0}
        nb = 0
        t_obs, t_mask, t_act = _t(batch["obs"]), _t(batch["mask"]), _t(batch["act"])
        t_logp, t_adv, t_ret = _t(batch["logp"]), _t(adv), _t(ret)
        tidx = _t(train_idx)
        on_cpu = self.device.type == "cpu"
        if not on_cpu:
            # the whole batch goes to the device once (asynchronously from the pinned buffers) and
            # the minibatches are gathered there: no host gathers and copies per minibatch
            t_obs, t_mask, t_act, t_logp, t_adv, t_ret, tidx = (
                self._to_device(x) for x in (t_obs, t_mask, t_act, t_logp, t_adv, t_ret, tidx))
        # minibatch observations are gathered into one preallocated buffer: a fresh [mb, O] tensor
        # per minibatch cost more in allocation and zero-filling than the gather itself
        mb_obs = torch.empty(mb, self.O, dtype=t_obs.dtype, device=t_obs.device)
        # the logged statistics are summed where they are computed (a GPU: no sync per value)
        acc = torch.zeros(5, dtype=torch.float64, device=self.device)
        stop = False
        for _epoch in range(c.update_epochs):
            perm = tidx[torch.randperm(N, generator=gen).to(tidx.device)]
            for start in range(0, N, mb):
                ix = perm[start : start + mb]
                # index_select: the same gather as t_obs[ix], several times cheaper on the CPU
                o = torch.index_select(t_obs, 0, ix, out=mb_obs[: ix.numel()])
                m = t_mask.index_select(0, ix)
                a = t_act.index_select(0, ix)
                old = t_logp.index_select(0, ix)
                ad = t_adv.index_select(0, ix)
                rt = t_ret.index_select(0, ix)
                logits, v = self.net.forward_scaled(o)
                ml = masked_logits(logits, m)
                lp_all = torch.log_softmax(ml, dim=1)
                lp = lp_all.gather(1, a[:, None]).squeeze(1)
                # softmax, not lp_all.exp(): the same probabilities, and on the CPU torch.exp of the
                # masked entries' huge negative log-probabilities takes a slow path (~10x)
                ent = -(torch.softmax(ml, dim=1) * lp_all).sum(1).mean()
                logratio = lp - old
                ratio = logratio.exp()
                with torch.no_grad():
                    kl = ((ratio - 1) - logratio).mean()
                    clipfrac = ((ratio - 1).abs() > c.clip_coef).float().mean()
                if c.norm_adv and ad.numel() > 1:
                    ad = (ad - ad.mean()) / (ad.std() + 1e-8)
                pg = torch.max(-ad * ratio, -ad * ratio.clamp(1 - c.clip_coef, 1 + c.clip_coef)).mean()
                vl = 0.5 * ((v - rt) ** 2).mean()
                loss = pg - c.ent_coef * ent + c.vf_coef * vl
                self.opt.zero_grad(set_to_none=True)
                loss.backward()
                grad_norm = torch.nn.utils.clip_grad_norm_(self.net.parameters(), c.max_grad_norm)
                if not bool(torch.isfinite(loss) & torch.isfinite(grad_norm)):  # before the step: weights stay finite
                    what = f"the loss is {float(loss.detach())}" if not torch.isfinite(loss) else f"the gradient norm is {float(grad_norm)}"
                    raise TrainingDiverged(f"{what} (epoch {_epoch + 1}, minibatch {start // mb + 1})")
                self.opt.step()
                nb += 1
                acc += torch.stack((pg.detach(), vl.detach(), ent.detach(), kl, clipfrac)).double()
                if c.target_kl is not None and float(kl) > c.target_kl:
                    stop = True
                    break
            if stop:
                break
        for key, total in zip(info, acc.tolist()):
            info[key] = total / max(nb, 1)
        info["explained_var"] = batch["explained_var"]
        info["samples"] = int(N)
        info["lr"] = float(self.opt.param_groups[0]["lr"])
        return info

    def _carry(self, dst: int) -> None:
        """Carry the open transitions to the front of buffer ``dst`` for the next rollout and make
        it the active one: the same buffer without overlap; with overlap the other one, so that the
        learner thread reads the finished rollout while the next is written."""
        traj = np.flatnonzero(self.last_idx >= 0)
        src = self.last_idx[traj]
        k = src.size
        to = self._buffers[dst]
        for name in self.CARRIED:
            to[name][:k] = getattr(self, name)[src]
        to["b_next"][:k] = -1
        to["b_term"][:k] = False
        to["b_hasboot"][:k] = False
        self.last_idx[traj] = np.arange(k)
        self.n = k
        self._use_buffer(dst)

    # ---- the loop -------------------------------------------------------------------------------
    def run(self, max_updates: Optional[int] = None) -> dict:
        """Train until ``total_env_steps`` / ``max_minutes`` (or ``max_updates`` more updates, for
        tests). Returns the last evaluation table."""
        if self.cfg.overlap:
            return self._run_overlapped(max_updates)
        c = self.cfg
        done_updates = 0
        while self.global_step < c.total_env_steps:
            if c.max_minutes > 0 and self.elapsed >= c.max_minutes * 60:
                break
            if max_updates is not None and done_updates >= max_updates:
                return self.last_eval
            t0 = time.perf_counter()
            stats = self.collect_rollout()
            t1 = time.perf_counter()
            steps_before = self.learner_steps
            try:
                info = self.learn()
                bad = nonfinite_parameters(self.net)
                if bad:
                    raise TrainingDiverged(f"parameters {', '.join(bad)} are not finite")
            except TrainingDiverged as e:
                self._diverged(e)
            t2 = time.perf_counter()
            self.update += 1
            done_updates += 1
            self.elapsed += t2 - t0
            info.update(self._rollout_info(stats))
            info["rollout_s"] = t1 - t0
            info["learn_s"] = t2 - t1
            info["env_steps_per_s"] = c.num_steps * self.B / (t2 - t0)
            info["learner_steps_per_s"] = (self.learner_steps - steps_before) / (t2 - t0)
            self._after_update(info)
        return self._finish_run()

    def _after_update(self, info: dict, step: Optional[int] = None) -> None:
        """Snapshot, log, evaluation and checkpoint of the update just counted (no update in flight)."""
        c = self.cfg
        if self.update % c.snapshot_every == 0:
            self._add_snapshot(self.update)
        self._log_update(info, step)
        t3 = time.perf_counter()
        if c.eval_every and self.update % c.eval_every == 0:
            self.run_eval(c.eval_games)
        if self.update % c.checkpoint_every == 0:
            self.elapsed += time.perf_counter() - t3  # wall clock of the run includes evals and saves
            t3 = time.perf_counter()
            self.save_checkpoint()
        self.elapsed += time.perf_counter() - t3

    def _finish_run(self) -> dict:
        self.save_checkpoint()
        self.export_policy(self.run_dir / "policy.pt")
        if self.cfg.final_eval_games > 0:
            self.run_eval(self.cfg.final_eval_games, final=True)
        self.close()
        return self.last_eval

    def _diverged(self, e: TrainingDiverged):
        self.close()
        last = (f"the last good checkpoint is {self.run_dir / 'last.pt'} (update {self.saved_update}; resume=true "
                "with a lower learning_rate continues from it)" if self.saved_update is not None
                else "no checkpoint was written")
        raise TrainingDiverged(f"training stopped at update {self.update + 1}: {e}; {last}; no policy exported") from None

    # ---- overlap: the learner's update beside the next rollout ------------------------------------
    def _learner_job(self, batch: dict) -> dict:
        """The learner thread's part of an update: the minibatch steps and the check of the
        parameters (a TrainingDiverged raised here reaches the main thread at the join)."""
        t = time.perf_counter()
        if self.learn_stream is not None:
            with torch.cuda.stream(self.learn_stream):
                info = self._optimize(batch, self.learn_gen)
            self.learn_stream.synchronize()  # the acting network copies these weights next
        else:
            info = self._optimize(batch, self.learn_gen)
        bad = nonfinite_parameters(self.net)
        if bad:
            raise TrainingDiverged(f"parameters {', '.join(bad)} are not finite")
        info["learn_s"] = time.perf_counter() - t
        return info

    def _join_point(self, update: int) -> bool:
        """Whether ``update`` is followed by a snapshot, evaluation or checkpoint: then the main
        thread waits for it before collecting again, so that those see one consistent state."""
        c = self.cfg
        return (update % c.snapshot_every == 0 or update % c.checkpoint_every == 0
                or bool(c.eval_every and update % c.eval_every == 0))

    def _join(self, job: dict) -> None:
        """Wait for the update in flight, count it, give its weights to the acting network, then
        log it (and snapshot / evaluate / checkpoint when due)."""
        try:
            info = job["future"].result()
        except TrainingDiverged as e:
            self._diverged(e)
        self._sync_actor()
        now = time.perf_counter()
        self.update += 1
        self.learner_steps += info["samples"]
        wall = now - self._mark  # since the previous update was counted: steady state, one rollout
        self.elapsed += wall
        info.update(self._rollout_info(job["stats"]))
        info["rollout_s"] = job["rollout_s"]
        info["env_steps_per_s"] = self.cfg.num_steps * self.B / wall
        info["learner_steps_per_s"] = info["samples"] / wall
        self._after_update(info, job["global_step"])
        self._mark = time.perf_counter()

    def _run_overlapped(self, max_updates: Optional[int]) -> dict:
        """``run`` with overlap: the update of rollout k runs in the learner thread (on its own
        copy: the rollout's buffer, the other buffer taking rollout k+1) while this thread collects
        rollout k+1 with the acting network, whose weights are the learner's from before that
        update. Joined before every snapshot, evaluation and checkpoint and at the end, so those
        and the checkpoints see the state of an update boundary, acting weights equal to the
        learner's."""
        c = self.cfg
        done_updates = 0
        job = None
        self._mark = time.perf_counter()
        try:
            while True:
                out_of_budget = self.global_step >= c.total_env_steps or (c.max_minutes > 0 and self.elapsed >= c.max_minutes * 60)
                paused = max_updates is not None and done_updates >= max_updates
                if out_of_budget or paused:
                    if job is not None:
                        self._join(job)
                        job = None
                        continue  # the checks again with the joined update counted (max_minutes)
                    if paused and not out_of_budget:
                        return self.last_eval
                    break
                t0 = time.perf_counter()
                stats = self.collect_rollout()
                rollout_s = time.perf_counter() - t0
                if job is not None:
                    self._join(job)
                    job = None
                batch = self._prepare_batch()
                self._carry(1 - self._active)  # the next rollout writes the other buffer
                job = {"future": self._learner.submit(self._learner_job, batch), "stats": stats, "rollout_s": rollout_s,
                       "global_step": self.global_step}
                done_updates += 1
                if self._join_point(self.update + 1):
                    self._join(job)
                    job = None
        except BaseException:
            if job is not None:  # leave no update running on a trainer that stopped
                job["future"].cancel()
                concurrent.futures.wait([job["future"]])
            raise
        return self._finish_run()

    def _rollout_info(self, stats) -> dict:
        out = {}
        names = {OPP_SELF: "self", OPP_POOL: "pool", OPP_RANDOM: "random", OPP_HEURISTIC: "heuristic"}
        for kind, name in names.items():
            g = int(stats["games"][kind])
            out[f"train_games_vs_{name}"] = g
            out[f"train_win_vs_{name}"] = float(stats["wins"][kind] / g) if g else float("nan")
        out["ep_len_mean"] = float(np.mean(stats["ep_len"])) if stats["ep_len"] else float("nan")
        return out

    def act_greedy(self, obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        with torch.no_grad():
            logits, _ = self.net(_t(obs).to(self.device))
            return masked_logits(logits, _t(masks != 0).to(self.device)).argmax(1).cpu().numpy()

    def run_eval(self, games: int, final: bool = False) -> dict:
        c = self.cfg
        table = {}
        opps = [o for o in c.eval_opponents if o in available_opponents(c.game)]
        for o in c.eval_opponents:
            if o not in opps and self.log_enabled:
                print(f"[eval] skipping {o!r}: its policy kernel is not available in this checkout", flush=True)
        self.net.eval()
        for o in opps:
            r = evaluate(self.act_greedy, o, games, seed=c.seed + 10_000_019, game=c.game, decks=c.decks,
                         variant=c.variant, auto_single=c.auto_single, max_turns=c.max_turns, pool=c.cards)
            table[o] = r.row()
        self.net.train()
        self.last_eval = table
        if self.log_enabled:
            minutes = self.elapsed / 60
            if self.writer is not None:
                for o, row in table.items():
                    self.writer.add_scalar(f"eval/win_rate_vs_{o}", row["win_rate"], self.global_step)
                    self.writer.add_scalar(f"eval/elo_diff_vs_{o}", row["elo_diff"], self.global_step)
            record_eval(table, update=self.update, global_step=self.global_step, minutes=minutes, final=final,
                        eval_csv=self._eval_csv, run_dir=self.run_dir)
            self._eval_file.flush()
        return table

    # ---- logging --------------------------------------------------------------------------------
    LOG_FIELDS = ["update", "global_step", "learner_steps", "episodes", "minutes", "env_steps_per_s",
                  "learner_steps_per_s", "rollout_s", "learn_s", "lr", "pg_loss", "v_loss", "entropy", "approx_kl",
                  "clipfrac", "explained_var", "samples", "ep_len_mean", "train_games_vs_self", "train_games_vs_pool",
                  "train_win_vs_pool", "train_games_vs_random", "train_win_vs_random", "train_games_vs_heuristic",
                  "train_win_vs_heuristic", "train_win_vs_self"]
    EVAL_FIELDS = ["update", "global_step", "minutes", "final", "opponent", "games", "wins", "losses", "draws",
                   "win_rate", "ci95_low", "ci95_high", "elo_diff", "seconds"]

    def _open_logs(self) -> None:
        if not self.log_enabled:
            return
        self._csv_file = self._open_csv(self.run_dir / "progress.csv", self.LOG_FIELDS)
        self._csv = csv.DictWriter(self._csv_file, self.LOG_FIELDS, extrasaction="ignore")
        self._eval_file = self._open_csv(self.run_dir / "eval.csv", self.EVAL_FIELDS)
        self._eval_csv = csv.DictWriter(self._eval_file, self.EVAL_FIELDS, extrasaction="ignore")
        (self.run_dir / "config.json").write_text(json.dumps(config_to_dict(self.cfg), indent=2))
        if self.cfg.tensorboard:
            from torch.utils.tensorboard import SummaryWriter

            self.writer = SummaryWriter(str(self.run_dir / "tb"), purge_step=self.global_step if self.update else None)

    def _open_csv(self, path: Path, fields: list[str]):
        """Open a CSV log for appending; on resume, rows past the checkpoint's update are dropped
        (they belong to the interrupted session and will be produced again)."""
        rows = []
        if path.exists() and self.update > 0:
            with open(path, newline="") as f:
                rows = [r for r in csv.DictReader(f) if int(r["update"]) <= self.update]
        f = open(path, "w", newline="")
        w = csv.DictWriter(f, fields, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow(r)
        f.flush()
        return f

    def _log_update(self, info: dict, step: Optional[int] = None) -> None:
        """``step``: the env steps up to the update's rollout (overlap: the next rollout is already
        counted in ``global_step`` when an update in flight is joined)."""
        if not self.log_enabled:
            return
        step = self.global_step if step is None else step
        row = {"update": self.update, "global_step": step, "learner_steps": self.learner_steps,
               "episodes": self.episodes, "minutes": round(self.elapsed / 60, 4), **info}
        self._csv.writerow({k: (round(v, 6) if isinstance(v, float) else v) for k, v in row.items()})
        self._csv_file.flush()
        if self.writer is not None:
            for k, v in info.items():
                if isinstance(v, (int, float)) and np.isfinite(v):
                    group = "perf" if k.endswith("_per_s") or k.endswith("_s") else ("train" if k.startswith("train_") or k.startswith("ep_") else "losses")
                    self.writer.add_scalar(f"{group}/{k}", v, step)
        if self.update % self.cfg.print_every == 0:
            print(f"update {self.update} step {step} ({self.elapsed / 60:.1f} min) "
                  f"{info['env_steps_per_s']:.0f} env steps/s, {info['learner_steps_per_s']:.0f} learner steps/s | "
                  f"ent {info['entropy']:.3f} kl {info['approx_kl']:.4f} vloss {info['v_loss']:.4f} "
                  f"ev {info['explained_var']:.2f} | win vs pool {info['train_win_vs_pool']:.2f} "
                  f"ep_len {info['ep_len_mean']:.0f}", flush=True)

    def close(self) -> None:
        if self._learner is not None:
            self._learner.shutdown(wait=True)
        if self.log_enabled:
            self._csv_file.close()
            self._eval_file.close()
            if self.writer is not None:
                self.writer.close()
                self.writer = None

    # ---- checkpoints ----------------------------------------------------------------------------
    def state_payload(self) -> dict:
        b = self.vec.batch
        n = self.n
        payload = {
            "format": CKPT_FORMAT,
            "config": config_to_dict(self.cfg),
            "model_config": self.net.model_config(),
            "model": self.net.state_dict(),
            "optimizer": self.opt.state_dict(),
            "pool": [net.state_dict() for net in self.pool_nets[: len(self.pool_updates)]],
            "pool_updates": list(self.pool_updates),
            "pool_next": int(self.pool_next),
            "counters": {"update": self.update, "global_step": self.global_step, "learner_steps": self.learner_steps,
                         "episodes": self.episodes, "elapsed": float(self.elapsed)},
            "rng": {"torch": torch.get_rng_state(), "gen": self.gen.get_state(), "numpy": self.np_rng.bit_generator.state,
                    **({"gen_device": self.dev_gen.get_state()} if self.dev_gen is not None else {}),
                    **({"gen_learner": self.learn_gen.get_state()} if self.learn_gen is not self.gen else {}),
                    "numpy_global": _np_global_state(), "python": random.getstate(),
                    "kernel_opponents": {str(k): _state_to_tensor(o.get_state()) for k, o in self.kernel_opps.items()}},
            "env": {"states": _t(b.states).clone(), "episodes": _t(b.episodes).clone(), "seeds": _t(b.seeds).clone(),
                    "obs": _t(self.obs).clone(), "masks": _t(self.masks).clone(), "players": _t(self.players).clone()},
            "rows": {"opp_kind": _t(self.opp_kind).clone(), "opp_slot": _t(self.opp_slot).clone(),
                     "collect": _t(self.collect).clone(), "last_idx": _t(self.last_idx).clone(), "ep_len": _t(self.ep_len).clone()},
            "carry": {name: _t(getattr(self, name)[:n]).clone()
                      for name in ("b_obs", "b_mask", "b_act", "b_logp", "b_val", "b_rew", "b_phi")},
            "last_eval": self.last_eval,
        }
        return payload

    def save_checkpoint(self) -> Path:
        self._refuse_nonfinite("checkpoint")
        path = self.run_dir / f"ckpt_{self.update:06d}.pt"
        _atomic_save(self.state_payload(), path)
        _atomic_copy(path, self.run_dir / "last.pt")
        olds = sorted(self.run_dir.glob("ckpt_*.pt"))
        for p in olds[: max(0, len(olds) - self.cfg.keep_checkpoints)]:
            p.unlink(missing_ok=True)
        self.saved_update = self.update
        return path

    def _refuse_nonfinite(self, what: str) -> None:
        bad = nonfinite_parameters(self.net)
        if bad:
            raise TrainingDiverged(f"no {what} written at update {self.update}: parameters {', '.join(bad)} are not finite")

    def export_policy(self, path: Path) -> None:
        """The slim file agents.neural.NeuralAgent / tcg matchup load: weights and shape only."""
        self._refuse_nonfinite("policy")
        _atomic_save({"format": POLICY_FORMAT, "model_config": self.net.model_config(),
                      "model": {k: v.detach().cpu() for k, v in self.net.state_dict().items()},
                      "trained": {"update": self.update, "global_step": self.global_step, "config": config_to_dict(self.cfg)}},
                     path)

    def load_checkpoint(self, path: Path) -> None:
        self._apply_checkpoint(read_checkpoint(path, self.cfg), path)

    def _apply_checkpoint(self, ck: dict, path: Path) -> None:
        try:
            self._restore(ck)
        except (KeyError, IndexError, TypeError, ValueError, RuntimeError) as e:  # a checkpoint's parts that do not fit
            raise ConfigError(f"{path}: cannot resume: its contents do not fit this run ({type(e).__name__}: "
                              f"{first_line(e)})") from None
        self.saved_update = self.update
        if self.log_enabled:
            print(f"resumed from {path} at update {self.update} (env step {self.global_step})", flush=True)

    def _restore(self, ck: dict) -> None:
        self.net.load_state_dict(ck["model"])
        self._sync_actor()  # a checkpoint is written at an update boundary: acting weights = learner's
        self.opt.load_state_dict(ck["optimizer"])
        self.pool_updates = list(ck["pool_updates"])
        for slot, (net, sd) in enumerate(zip(self.pool_nets, ck["pool"])):
            net.load_state_dict(sd)
            self.pool_stack.load(slot, net)
        self.pool_next = int(ck["pool_next"])
        cnt = ck["counters"]
        self.update, self.global_step = int(cnt["update"]), int(cnt["global_step"])
        self.learner_steps, self.episodes, self.elapsed = int(cnt["learner_steps"]), int(cnt["episodes"]), float(cnt["elapsed"])
        r = ck["rng"]
        torch.set_rng_state(r["torch"])
        self.gen.set_state(r["gen"])
        if self.dev_gen is not None and "gen_device" in r:  # a run resumed on another device kind starts it afresh
            self.dev_gen.set_state(r["gen_device"])
        if self.learn_gen is not self.gen and "gen_learner" in r:  # overlap (a run without it starts it afresh)
            self.learn_gen.set_state(r["gen_learner"])
        self.np_rng.bit_generator.state = r["numpy"]
        np.random.set_state(_np_global_from(r["numpy_global"]))
        random.setstate(r["python"])
        for k, o in self.kernel_opps.items():
            st = r["kernel_opponents"].get(str(k))
            if st is not None:
                o.set_state(_state_from_tensor(st))
        b = self.vec.batch
        e = ck["env"]
        b.states[:] = e["states"].numpy()
        b.episodes[:] = e["episodes"].numpy()
        b.seeds[:] = e["seeds"].numpy()
        b.obs[:] = e["obs"].numpy()
        b.masks[:] = e["masks"].numpy()
        self.obs, self.masks, self.players = b.obs, b.masks, e["players"].numpy().copy()
        rows = ck["rows"]
        self.opp_kind[:] = rows["opp_kind"].numpy()
        self.opp_slot[:] = rows["opp_slot"].numpy()
        self.collect[:] = rows["collect"].numpy()
        self.last_idx[:] = rows["last_idx"].numpy()
        self.ep_len[:] = rows["ep_len"].numpy()
        carry = ck["carry"]
        n = int(carry["b_obs"].shape[0])
        for name, t in carry.items():
            getattr(self, name)[:n] = t.numpy()
        self.b_next[:n] = -1
        self.b_term[:n] = False
        self.b_hasboot[:n] = False
        self.n = n
        self.last_eval = ck.get("last_eval", {})


def read_checkpoint(path: Path, cfg: PPOConfig) -> dict:
    """The checkpoint at ``path`` for resuming a run of ``cfg``; a truncated or corrupt file, another
    kind of file and a checkpoint of another setup (``RESUME_KEYS``) are refused by name."""
    try:
        with warnings.catch_warnings():  # torch warns about some foreign pickles before refusing them
            warnings.simplefilter("ignore")
            ck = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as e:  # a truncated zip, a pickle that is not weights-only, ...
        raise ConfigError(f"{path}: cannot resume: not a readable checkpoint, truncated or corrupt "
                          f"({type(e).__name__}: {first_line(e)})") from None
    fmt = ck.get("format") if isinstance(ck, dict) else None
    if fmt != CKPT_FORMAT:
        kind = f"a {fmt!r} file" if isinstance(fmt, str) else "a file without a checkpoint format"
        raise ConfigError(f"{path}: cannot resume: {kind}, not a {CKPT_FORMAT} training checkpoint")
    missing = [k for k in CKPT_KEYS if k not in ck]
    if missing:
        raise ConfigError(f"{path}: cannot resume: the checkpoint lacks {', '.join(missing)}")
    saved = ck["config"] if isinstance(ck["config"], dict) else {}
    now = config_to_dict(cfg)
    for key in RESUME_KEYS:
        if saved.get(key) != now[key]:
            raise ConfigError(f"{path}: cannot resume: config key {key!r} is {now[key]!r} but the checkpoint was made with {saved.get(key)!r}")
    return ck


def _np_global_state():
    name, keys, pos, has_gauss, cached = np.random.get_state()
    return {"name": name, "keys": torch.from_numpy(keys.astype(np.int64)), "pos": int(pos), "has_gauss": int(has_gauss),
            "cached": float(cached)}


def _np_global_from(d):
    return (d["name"], d["keys"].numpy().astype(np.uint32), d["pos"], d["has_gauss"], d["cached"])


def _state_to_tensor(state):
    return torch.from_numpy(state) if isinstance(state, np.ndarray) else state


def _state_from_tensor(state):
    return state.numpy() if isinstance(state, torch.Tensor) else state


def _atomic_save(obj, path: Path) -> None:
    """Write to a temp file in the same folder, fsync, then rename over ``path``: a crash leaves
    either the old file or the new one, never half of one."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    with open(tmp, "wb") as f:
        torch.save(obj, f)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _atomic_copy(src: Path, dst: Path) -> None:
    tmp = dst.with_name(f".{dst.name}.tmp{os.getpid()}")
    with open(src, "rb") as fi, open(tmp, "wb") as fo:
        while chunk := fi.read(1 << 20):
            fo.write(chunk)
        fo.flush()
        os.fsync(fo.fileno())
    os.replace(tmp, dst)


def describe_device(device: torch.device) -> str:
    if device.type == "cuda":
        return f"{device} ({torch.cuda.get_device_name(device)})"
    return str(device)


def main(argv: Optional[list[str]] = None) -> dict:
    p = argparse.ArgumentParser(description="Self-play PPO over the batched FF-TCG engine (docs/training.md)")
    p.add_argument("--config", default=None, help="YAML file in configs/ (keys: the PPOConfig fields)")
    p.add_argument("overrides", nargs="*", help="key=value overrides, e.g. num_envs=512 hidden=[128,128] resume=true")
    args = p.parse_args(argv)
    try:  # bad input and a diverged run: one line, exit code 2
        cfg = load_config(PPOConfig, args.config, args.overrides)
        trainer = Trainer(cfg)
        print(f"device {describe_device(trainer.device)}, {describe_threads()}, {trainer.describe_overlap()}, deterministic "
              f"{'on' if trainer.deterministic else 'off'}, run dir {trainer.run_dir}", flush=True)
        return trainer.run()
    except (ConfigError, TrainingDiverged) as e:
        print(f"{p.prog}: error: {e}", file=sys.stderr, flush=True)
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
