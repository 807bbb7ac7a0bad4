"""Head-to-head evaluation of two agents over many games of one game (FF-TCG by default,
``game="weiss_schwarz"`` too; used by the tests and docs).

Games come in mirrored pairs: games 2k and 2k+1 use the same decks and the same game seed with
the agents' seats swapped, so seat, deck and shuffle luck cancel out. The deck pairs cycle over
every ordered pair of the built-in decks (mirror matches included). Which player goes first is
still chosen inside the game (FF-TCG CR 8.2.1.2, Weiss Schwarz CR 5.2.1.3).

* :func:`kernel_match` plays agents the kernels can run themselves (``kernel_code``: random,
  heuristic) entirely inside ``playout_batch``: thousands of games a second.
* :func:`python_match` plays any :class:`agents.base.Agent` (search, neural) through the
  ``Game`` facade, the in-kernel agents' moves still chosen by their kernels.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np

MAX_DECISIONS = 20000


@dataclass
class MatchResult:
    games: int
    wins_a: int
    wins_b: int
    draws: int
    seconds: float
    decisions: int

    @property
    def score_a(self) -> float:
        """A's score: wins plus half the draws, over games."""
        return (self.wins_a + 0.5 * self.draws) / max(1, self.games)

    def __str__(self) -> str:
        return (f"A {self.wins_a} - B {self.wins_b} - draws {self.draws} of {self.games} games "
                f"(A score {self.score_a:.1%}, {self.games / max(self.seconds, 1e-9):.0f} games/s)")


def deck_schedule(games: int, decks: Optional[Sequence[str]] = None, pool=None, game: str = "fftcg"):
    """(deck of seat 0, deck of seat 1, a_seat) for each game; see the module docstring."""
    import tcg_env

    spec = tcg_env.get_spec(game)
    pool = pool if pool is not None else spec.load_tables()
    names = list(decks) if decks else tcg_env.list_decks(game)
    ids = {n: spec.load_deck(pool, n, spec.default_variant).card_ids for n in names}
    pairs = list(itertools.product(names, names))
    out = []
    for g in range(games):
        da, db = pairs[(g // 2) % len(pairs)]
        a_seat = g % 2
        d0, d1 = (da, db) if a_seat == 0 else (db, da)
        out.append((ids[d0], ids[d1], a_seat))
    return out


def _tally(winners: np.ndarray, a_seat: np.ndarray):
    wins_a = int((winners == a_seat).sum())
    draws = int(((winners != 0) & (winners != 1)).sum())
    return wins_a, len(winners) - wins_a - draws, draws


def kernel_match(kind_a: int, kind_b: int, games: int, seed: int = 0, decks: Optional[Sequence[str]] = None,
                 max_decisions: int = MAX_DECISIONS, game: str = "fftcg") -> MatchResult:
    """``games`` games of in-kernel agent ``kind_a`` against ``kind_b`` in one ``playout_batch``."""
    import tcg_env
    from agents.base import policy_kernels_for, seed_agent_rng_for
    from tcg_env.engine.header import H_WINNER

    P = policy_kernels_for(game, "kernel_match")
    seed_agent_rng = seed_agent_rng_for(game)
    spec = tcg_env.get_spec(game)
    pool = spec.load_tables()
    sched = deck_schedule(games, decks, pool, game)
    seeds = np.array([seed + g // 2 for g in range(games)], np.int64)  # mirrored pairs share a seed
    bg = tcg_env.BatchGame(spec, pool, [(d0, d1) for d0, d1, _ in sched], seeds, 0, False, auto_reset=False)
    a_seat = np.array([a for _, _, a in sched], np.int32)
    seat_kinds = np.where(a_seat[:, None] == np.arange(2)[None, :], kind_a, kind_b).astype(np.int32)
    lengths = np.zeros(games, np.int64)
    rng = seed_agent_rng(games, seed + 7919)
    t0 = time.perf_counter()
    P.playout_batch(bg.states, bg._T, bg.masks, rng, seat_kinds, max_decisions, lengths)
    dt = time.perf_counter() - t0
    wa, wb, dr = _tally(bg.states[:, H_WINNER], a_seat)
    return MatchResult(games, wa, wb, dr, dt, int(lengths.sum()))


def python_match(agent_a, agent_b, games: int, seed: int = 0, decks: Optional[Sequence[str]] = None,
                 max_decisions: int = MAX_DECISIONS, verbose: bool = False, game: str = "fftcg") -> MatchResult:
    """``games`` games of two :class:`agents.base.Agent` objects, one decision at a time through
    the facade (the agents are reset with seeds derived from ``seed`` and the game index)."""
    import tcg_env

    spec = tcg_env.get_spec(game)
    pool = spec.load_tables()
    sched = deck_schedule(games, decks, pool, game)
    winners = np.zeros(games, np.int32)
    a_seat = np.zeros(games, np.int32)
    decisions = 0
    t0 = time.perf_counter()
    for g, (d0, d1, sa) in enumerate(sched):
        game = tcg_env.Game.new(spec, pool, d0, d1, seed + g // 2, 0, False)
        seats = (agent_a, agent_b) if sa == 0 else (agent_b, agent_a)
        agent_a.reset(seed * 1_000_003 + 2 * g)
        agent_b.reset(seed * 1_000_003 + 2 * g + 1)
        n = 0
        while not game.done and n < max_decisions:
            p = game.current_player
            mask = game.action_mask()
            ag = seats[p]
            obs = None if ag.needs_game and not getattr(ag, "needs_obs", False) else game.observe(p)
            game.step(int(ag.act(obs, mask, game=game)))
            n += 1
        decisions += n
        w = game.winner
        winners[g] = 2 if w is None or w < 0 else w
        a_seat[g] = sa
        if verbose:
            wa, wb, dr = _tally(winners[: g + 1], a_seat[: g + 1])
            print(f"game {g + 1}/{games}: A {wa} B {wb} draws {dr} ({time.perf_counter() - t0:.0f} s)", flush=True)
    wa, wb, dr = _tally(winners, a_seat)
    return MatchResult(games, wa, wb, dr, time.perf_counter() - t0, decisions)
