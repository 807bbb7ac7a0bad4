"""Deck-vs-deck simulation with uniformly random agents, run inside the batch kernels.

Every pair of decks plays ``games`` games, half with each deck in seat 0 (the seat says nothing
about who goes first: that is chosen in the game, CR 8.2.1.2). Game i of a pair uses seed
``seed + i`` for the game and an independent stream for the agents, so results are reproducible.
Win rates come with 95% Wilson score intervals.

Heuristic, search and neural agents (and `--backend ray`) come with the agents package; this
module is the engine-limited core the matchup command stands on.
"""

from __future__ import annotations

import csv
import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

from tcg_env.engine.header import H_WINNER

MAX_DECISIONS = 20000


def wilson_interval(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (draws count as half a win by the caller)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class PairResult:
    deck_a: str
    deck_b: str
    games: int
    wins_a: int
    wins_b: int
    draws: int
    win_rate_a: float  # draws count half
    ci_low: float
    ci_high: float
    first_player_win_rate: float
    mean_decisions: float


def play_pair(game: str, deck_a, deck_b, games: int, seed: int = 0, pool=None) -> PairResult:
    """``games`` random-vs-random games of deck_a against deck_b (seats alternate)."""
    import tcg_env
    from tcg_env.games.fftcg import state as S

    if games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    spec = tcg_env.get_spec(game)
    pool = pool if pool is not None else spec.load_tables()
    variant = spec.default_variant
    ids_a = spec.load_deck(pool, deck_a, variant).card_ids
    ids_b = spec.load_deck(pool, deck_b, variant).card_ids
    pairs = [(ids_a, ids_b) if i % 2 == 0 else (ids_b, ids_a) for i in range(games)]
    seeds = np.arange(games, dtype=np.int64) + int(seed)
    bg = tcg_env.BatchGame(spec, pool, pairs, seeds, spec.variants.index(variant), False, auto_reset=False)
    k = spec.kernels
    lengths = np.zeros(games, np.int64)
    k.random_finish_batch(bg.states, bg._T, bg.masks, k.seed_agent_rng(games, seed + 1), MAX_DECISIONS, lengths)
    winners = bg.states[:, H_WINNER]
    a_seat = np.where(np.arange(games) % 2 == 0, 0, 1)
    wins_a = int(((winners == a_seat)).sum())
    draws = int((winners == 2).sum())
    wins_b = games - wins_a - draws
    first = bg.states[:, S.FIRST_PLAYER]
    decided = winners != 2
    fp_rate = float((winners[decided] == first[decided]).mean()) if decided.any() else 0.0
    score = wins_a + 0.5 * draws
    lo, hi = wilson_interval(score, games)
    name = lambda d: d if isinstance(d, str) else "custom"  # noqa: E731
    return PairResult(name(deck_a), name(deck_b), games, wins_a, wins_b, draws, score / games, lo, hi, fp_rate, float(lengths.mean()))


def round_robin(game: str, decks: Sequence[str] | None, games: int, seed: int = 0) -> list[PairResult]:
    import tcg_env

    decks = list(decks) if decks else tcg_env.list_decks(game)
    out = []
    for i, a in enumerate(decks):
        for b in decks[i + 1 :]:
            out.append(play_pair(game, a, b, games, seed=seed))
    return out


def format_table(results: list[PairResult]) -> str:
    w = max([len(r.deck_a) for r in results] + [len(r.deck_b) for r in results] + [6])
    lines = [
        f"{'deck A':<{w}}  {'deck B':<{w}}  games  A wins  B wins  draws  A win rate (95% CI)   1st-player wins  decisions/game"
    ]
    for r in results:
        lines.append(
            f"{r.deck_a:<{w}}  {r.deck_b:<{w}}  {r.games:>5}  {r.wins_a:>6}  {r.wins_b:>6}  {r.draws:>5}  "
            f"{r.win_rate_a:6.1%} ({r.ci_low:5.1%}-{r.ci_high:5.1%})  {r.first_player_win_rate:15.1%}  {r.mean_decisions:14.0f}"
        )
    return "\n".join(lines)


def write_results(results: list[PairResult], out_dir: str | Path) -> tuple[Path, Path]:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    rows = [asdict(r) for r in results]
    csv_path = out / "matchups.csv"
    with csv_path.open("w", newline="") as f:
        wr = csv.DictWriter(f, fieldnames=list(rows[0].keys()) if rows else ["deck_a"])
        wr.writeheader()
        wr.writerows(rows)
    json_path = out / "matchups.json"
    json_path.write_text(json.dumps(rows, indent=1))
    return csv_path, json_path
