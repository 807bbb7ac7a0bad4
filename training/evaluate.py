"""Evaluate a policy against the built-in agents over the batched env (no Python loop over games).

``evaluate(act, opponent, games, ...)`` plays ``games`` games in one :class:`TCGVectorEnv` of
``games`` rows: row b's policy seat is ``b % 2`` (half the games on each side of the deck pairing),
the other seat is played by ``opponent``: ``"random"`` or ``"heuristic"``, both run inside the
engine's policy kernels (the spec's ``kernels``) when the game has them;
``"random"`` falls back to a seeded numpy choice over the mask otherwise. Each row counts its first
game only (rows that finish early keep playing, their later games are ignored), so the result is
exactly ``games`` games, reproducible from ``seed``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np

from tcg_env import matchup
from tcg_env.envs.vector import TCGVectorEnv
from tcg_env.matchup import Z95

KERNEL_AGENTS = ("random", "heuristic")


def policy_kernels(game: str = "fftcg"):
    """The game's kernels with its policy kernels (``spec.kernels`` where ``spec.policy_kernels``),
    or None for a game that has none."""
    from agents.base import kernel_agent_games, policy_kernels_for

    return policy_kernels_for(game) if game in kernel_agent_games() else None


def available_opponents(game: str = "fftcg") -> list[str]:
    return ["random", "heuristic"] if policy_kernels(game) is not None else ["random"]


class KernelOpponent:
    """Actions of a built-in agent for the rows of a vector env, computed by the engine's policy
    kernels from the row states (numpy fallback for ``random``)."""

    def __init__(self, kind: str, vec: TCGVectorEnv, seed: int):
        if kind not in KERNEL_AGENTS:
            raise ValueError(f"unknown built-in opponent {kind!r}; known: {', '.join(KERNEL_AGENTS)}")
        self.kind = kind
        self.vec = vec
        self.pk = policy_kernels(vec.game_name)
        if self.pk is None and kind != "random":
            raise RuntimeError(f"the {kind!r} agent needs the policy kernels of {vec.game_name!r}, which its spec does not have")
        B = vec.num_envs
        if self.pk is not None:
            from tcg_env.engine.batch import seed_agent_rng

            self.agent_rng = seed_agent_rng(B, int(seed))
            self.code = self.pk.AGENT_RANDOM if kind == "random" else self.pk.AGENT_HEURISTIC
            self._out = np.full(B, -1, np.int32)  # the kernel's own dtype: no temporary
        else:
            self.np_rng = np.random.default_rng(int(seed))

    def actions(self, rows: Optional[np.ndarray] = None) -> np.ndarray:
        """One action per row for the row's current decider (whoever it is). ``rows`` (distinct
        row indices): only those entries are computed, the others are stale; the agent's cost
        is per row chosen for, so a trainer passes the rows this opponent plays."""
        b = self.vec.batch
        if self.pk is not None:
            self.pk.agent_actions_batch(b.states, b._T, b.masks, self.agent_rng, self.code, self._out, rows)
            return self._out
        g = self.np_rng.random(b.masks.shape) * (b.masks != 0)
        return g.argmax(axis=1)

    def get_state(self):
        return self.agent_rng.copy() if self.pk is not None else self.np_rng.bit_generator.state

    def set_state(self, state):
        if self.pk is not None:
            self.agent_rng[:] = np.asarray(state)
        else:
            self.np_rng.bit_generator.state = state


@dataclass
class EvalResult:
    opponent: str
    games: int
    wins: int
    losses: int
    draws: int
    seconds: float

    @property
    def win_rate(self) -> float:
        return self.wins / max(self.games, 1)

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / max(self.games, 1)

    def wilson(self, z: float = Z95) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate (the suite's one implementation,
        :func:`tcg_env.matchup.wilson_interval`)."""
        return matchup.wilson_interval(self.wins, self.games, z)

    @property
    def elo_diff(self) -> float:
        """Elo difference implied by the score (policy minus opponent), clipped at +-800."""
        s = min(max(self.score, 1e-4), 1 - 1e-4)
        return float(max(-800.0, min(800.0, 400.0 * math.log10(s / (1 - s)))))

    def row(self) -> dict:
        lo, hi = self.wilson()
        return {"opponent": self.opponent, "games": self.games, "wins": self.wins, "losses": self.losses,
                "draws": self.draws, "win_rate": round(self.win_rate, 4), "ci95_low": round(lo, 4),
                "ci95_high": round(hi, 4), "elo_diff": round(self.elo_diff, 1), "seconds": round(self.seconds, 2)}


def evaluate(act: Callable[[np.ndarray, np.ndarray], np.ndarray], opponent: str, games: int, seed: int = 12345,
             game: str = "fftcg", decks=None, variant: Optional[str] = None, auto_single: bool = True,
             max_turns: int = 100, max_steps: int = 100_000, rules: Optional[str] = None,
             pool=None) -> EvalResult:
    """``act(obs[n, O], masks[n, A]) -> actions[n]`` for the policy's rows. Truncated games count
    as draws. ``rules``: a rule set of the game (FF-TCG: "2016", "2014"; :func:`tcg_env.make_game`'s).
    ``pool``: the card pool the decks name (a card pool file's path; None: the built-in pool)."""
    import time

    t0 = time.perf_counter()
    vec = TCGVectorEnv(game, num_envs=int(games), decks=decks, variant=variant, auto_single=auto_single,
                       max_turns=max_turns, seed=int(seed), rules=rules, pool=pool)
    obs, masks, players = vec.reset()
    opp = KernelOpponent(opponent, vec, seed=int(seed) + 7)
    seat = np.arange(vec.num_envs) % 2
    result = np.zeros(vec.num_envs, np.int8)  # +1 win, -1 loss, 0 draw
    done = np.zeros(vec.num_envs, bool)
    for _ in range(max_steps):
        mine = (players == seat) & ~done
        actions = opp.actions(np.flatnonzero(~mine)).copy()
        rows = np.flatnonzero(mine)
        if rows.size:
            actions[rows] = act(obs[rows], masks[rows])
        obs, masks, rewards, term, trunc, players = vec.step(actions)
        ended = (term | trunc) & ~done
        if ended.any():
            r = rewards[ended, seat[ended]]
            result[ended] = np.sign(r).astype(np.int8)
            done |= ended
            if done.all():
                break
    else:
        raise RuntimeError(f"evaluation did not finish within {max_steps} steps")
    return EvalResult(opponent, int(games), int((result > 0).sum()), int((result < 0).sum()),
                      int((result == 0).sum()), time.perf_counter() - t0)


def record_eval(table: dict, *, update: int, global_step: int, minutes: float, final: bool, eval_csv, run_dir,
                unit: str = "update", log: bool = True) -> None:
    """An evaluation table (opponent -> ``EvalResult.row()``) as both trainers record it, so that
    their results compare: one ``eval.csv`` row per opponent, a console line per opponent, and at
    the end ``final_eval.json`` (``update``, ``global_step``, ``minutes``, ``table``). ``unit``
    names the step in the console line (the RLlib script's iterations)."""
    import json
    from pathlib import Path

    for o, row in table.items():
        eval_csv.writerow({"update": update, "global_step": global_step, "minutes": round(minutes, 3),
                           "final": int(final), **row})
        if log:
            print(f"[eval{' final' if final else ''}] {unit} {update} ({minutes:.1f} min): vs {o}: "
                  f"{row['wins']}/{row['games']} won = {row['win_rate']:.3f} "
                  f"[{row['ci95_low']:.3f}, {row['ci95_high']:.3f}], Elo {row['elo_diff']:+.0f}", flush=True)
    if final:
        (Path(run_dir) / "final_eval.json").write_text(json.dumps(
            {"update": update, "global_step": global_step, "minutes": minutes, "table": table}, indent=2))
