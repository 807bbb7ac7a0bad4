"""Matchup simulation: decks and agents play many games; win rates with 95% Wilson intervals.

A run is defined by its parameters (game, variant, decks with their card lists, agents, games per
pair, seed, shard size, decision cap, card pool). From them follow, deterministically:

* the **pairs**: with one agent, every pair of decks once (round robin; a single deck plays its
  mirror); with two agents (``agents=("A", "B")``), agent A with each deck against agent B with
  each deck, mirrors included (a deck-by-deck matrix of A against B);
* the **games** of a pair, numbered ``0 .. games-1``: game ``g`` uses the game seed
  ``seed + g // 2``, and the two games of a seed are its two seat orders (even ``g``: side A in
  seat 0, odd ``g``: side A in seat 1). Who goes first is decided inside the game (CR 8.2.1.2),
  so it is reported separately (first-player win rate). The agents' random stream of game ``g``
  is keyed by (seed, pair, g);
* the **shards**: pair ``p`` is cut into runs of ``shard_size`` games, the unit of work.

Each finished shard is appended to the results stream ``<out>/matchup_stream.jsonl`` as one JSON
line (flushed and fsync'ed) after a header line recording the parameters. A restart reads the
stream back, skips the shards it holds, ignores a torn last line, and refuses different
parameters; the tables are aggregated from the stream alone, so a kill at any point neither loses
nor double-counts a game. Shards do not depend on which process runs them, so the local backend,
the Ray backend (``backend="ray"``) and any mix of the two across restarts give identical counts.

Kernel agents (``kernel_code`` set: random, heuristic) play inside the engine's batch kernels, no
Python call per decision. Other agents (search, neural) play through :class:`tcg_env.game.Game`
facades, one decision at a time. Details: docs/matchup.md.
"""

from __future__ import annotations

import csv
import hashlib
import json
import math
import os
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

import numpy as np

from tcg_env.adapter import pool_fingerprint
from tcg_env.engine.header import H_DONE, H_NUM_DECISIONS, H_TURN, H_WINNER

__all__ = [
    "MatchupError",
    "MatchupProgress",
    "PairResult",
    "MatchupResult",
    "wilson_interval",
    "make_params",
    "list_shards",
    "run_shard",
    "run_matchup",
    "play_pair",
    "round_robin",
    "format_table",
    "write_results",
    "write_heatmap",
    "STREAM_NAME",
]

MAX_DECISIONS = 20000  # a game still running after this many decisions counts as a draw ("unfinished")
DEFAULT_SHARD_SIZE = 128
STREAM_NAME = "matchup_stream.jsonl"
STREAM_FORMAT = "tcg_env.matchup-stream/1"
Z95 = 1.959963984540054


class MatchupError(ValueError):
    """Bad matchup parameters, a results stream that belongs to another run, or a damaged stream."""


def wilson_interval(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion ``wins / n`` (95% for the default z).

    ``wins`` may be fractional (draws counted as half a win). ``n == 0`` gives (0, 1).
    """
    if n < 0 or wins < 0 or wins > n:
        raise ValueError(f"need 0 <= wins <= n, got wins={wins}, n={n}")
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z2 / (4 * n * n))) / denom
    lo = 0.0 if wins == 0 else max(0.0, centre - half)
    hi = 1.0 if wins == n else min(1.0, centre + half)
    return (lo, hi)


# --------------------------------------------------------------------------------------------
# Progress: a tqdm bar on stderr
# --------------------------------------------------------------------------------------------
class MatchupProgress:
    """``progress(done, total)`` for :func:`run_matchup` (what ``tcg matchup`` shows): a tqdm bar on
    ``stream`` (stderr).

    The rate and the ETA count the games of the shards finished after the first one: the first
    shard's time holds the kernels' first compile (a minute or more on a cold cache), which made a
    48-second run say "ETA 7 minutes" at 10%. Until the first shard is in, no rate or ETA is shown.

    On a terminal the bar is redrawn in place (at most ten times a second). Off a terminal (a pipe,
    a file, a CI log) or with ``CI`` set, each redraw is one plain line, at most one a 10% step and
    one every ``log_interval`` seconds, so a log stays readable. ``enabled=False``: nothing."""

    def __init__(self, label: str = "matchup", stream=None, enabled: bool = True, unit: str = "games",
                 log_interval: float = 5.0):  # fmt: skip
        import sys

        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled
        self.unit = unit
        ci = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)()) and not ci
        self.log_interval = float(log_interval)
        self._bar = None
        self._first_shard = True  # the next report is the first shard: the rate starts after it

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        if self._bar is None:  # the first report: what the results stream already holds
            self._bar = self._make(done, total, leave=done >= total)
        elif self._first_shard:
            # the first shard is in (its time holds the compile): a new bar, whose clock, rate and
            # ETA start here, with the games done so far as its starting count (the first one,
            # which showed the time spent waiting, is cleared)
            self._first_shard = False
            self._bar.close()
            self._bar = self._make(done, total, leave=True)
        else:
            self._bar.update(done - self._bar.n)
        if done >= total:
            self.close()

    def _make(self, done: int, total: int, leave: bool):
        from tqdm import tqdm

        options: dict[str, Any] = dict(total=total, initial=done, desc=self.label, unit=f" {self.unit}", leave=leave)
        if self.tty:
            return tqdm(file=self.stream, mininterval=0.1, dynamic_ncols=True, **options)
        # off a terminal: a line at most every 10% and log_interval seconds, and (tqdm's monitor
        # thread) one a minute while nothing moves, e.g. during the first compile
        return tqdm(file=_LogLines(self.stream), mininterval=self.log_interval, miniters=max(1, total // 10),
                    maxinterval=max(60.0, self.log_interval), ncols=80, ascii=True, **options)  # fmt: skip

    def close(self) -> None:
        """End the bar (its last line stays); further reports print nothing."""
        if self._bar is not None and self.enabled:
            self._bar.close()
        self.enabled = False


class _LogLines:
    """The file tqdm writes to off a terminal: each redraw (``"\r" + status``) becomes one plain
    line, and a line equal to the one before (tqdm's closing redraw) is not repeated."""

    def __init__(self, stream):
        self.stream = stream
        self.last = ""

    def write(self, text: str) -> None:
        for part in text.replace("\n", "\r").split("\r"):
            line = part.rstrip()
            if line and line != self.last:
                self.stream.write(line + "\n")
                self.last = line

    def flush(self) -> None:
        self.stream.flush()


# --------------------------------------------------------------------------------------------
# Parameters: the identity of a run
# --------------------------------------------------------------------------------------------
_pool_fingerprint = pool_fingerprint


def _deck_label(source: Any) -> str:
    if isinstance(source, (str, Path)):
        p = Path(source)
        return p.stem if (p.suffix or "/" in str(source) or os.sep in str(source)) else str(source)
    return "custom"


def _resolve_decks(spec, pool, decks: Sequence[Any] | None, variant: str) -> list[dict]:
    """[{"label", "cards": [card numbers]}] for built-in names, deck files or card lists."""
    sources = list(decks) if decks else spec.list_decks()
    if not sources:
        raise MatchupError(f"no decks given and {spec.name} has no built-in decks")
    out, seen = [], {}
    for src in sources:
        try:
            deck = spec.load_deck(pool, src, variant)
        except ValueError as exc:  # DeckError names file / line / card
            raise MatchupError(f"deck {src!r}: {exc}") from exc
        label = _deck_label(src)
        n = seen.get(label, 0)
        seen[label] = n + 1
        if n:
            label = f"{label}#{n + 1}"
        out.append({"label": label, "cards": [pool.numbers[int(c)] for c in deck.card_ids]})
    return out


def _agent_names(agent: str | None, agents: Sequence[str] | None) -> tuple[str, str, str]:
    """(agent A, agent B, mode) with mode "decks" (one agent, round robin) or "agents"."""
    if agents:
        if agent:
            raise MatchupError("give --agent (one agent for every seat) or --agents A B, not both")
        agents = list(agents)
        if len(agents) != 2:
            raise MatchupError(f"agents takes exactly two agent names (A B), got {agents}")
        return agents[0], agents[1], "agents"
    a = agent or "random"
    return a, a, "decks"


def make_params(game: str = "fftcg", decks: Sequence[Any] | None = None, agent: str | None = None,
                agents: Sequence[str] | None = None, games: int = 200, seed: int = 0,
                shard_size: int = DEFAULT_SHARD_SIZE, variant: str | None = None,
                max_decisions: int = MAX_DECISIONS, cards: str | Path | None = None,
                rules: str | None = None) -> dict:
    """The JSON parameters of a run (what the stream header records); checks every input.
    cards: a card pool file the decks are built from (default: the game's built-in pool).
    rules: a rule set the game names (FF-TCG: "2016", "2014"); the run records the game that plays
    under it (``game="fftcg", rules="2014"``: game ``fftcg_2014``)."""
    import tcg_env
    from tcg_env.registry import rules_game

    try:
        game = rules_game(game, rules)
        spec = tcg_env.get_spec(game)
    except ValueError as exc:
        raise MatchupError(str(exc)) from None
    if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games < 1:
        raise MatchupError(f"games must be a positive integer, got {games!r}")
    from tcg_env.game import check_seed

    try:  # game g uses seed + g // 2 (game_seed): every one of them must be a valid game seed
        check_seed(seed, span=(int(games) + 1) // 2)
    except ValueError as exc:
        raise MatchupError(str(exc)) from None
    if isinstance(shard_size, bool) or not isinstance(shard_size, (int, np.integer)) or shard_size < 1:
        raise MatchupError(f"shard_size must be a positive integer, got {shard_size!r}")
    if not isinstance(max_decisions, (int, np.integer)) or max_decisions < 1:
        raise MatchupError(f"max_decisions must be a positive integer, got {max_decisions!r}")
    v = spec.default_variant if variant is None else variant
    if v not in spec.variants:
        raise MatchupError(f"unknown {game} rules variant {v!r}; choose from {list(spec.variants)}")
    a, b, mode = _agent_names(agent, agents)
    for name in (a, b):
        agent_kernel_code(name, game)  # unknown agents fail here, before any game is played
    if cards is not None:
        if not decks:
            raise MatchupError("a card pool (cards=) needs decks built from it: the built-in decks are lists of the built-in pool")
        cards = str(Path(cards).resolve())  # workers (processes, Ray tasks) load it by this path
    try:
        pool = _load_pool(spec, cards)
    except ValueError as exc:  # CardDataError: names the file, card and field
        raise MatchupError(str(exc)) from None
    params = {
        "game": game,
        "variant": v,
        "mode": mode,
        "agents": [a, b],
        "decks": _resolve_decks(spec, pool, decks, v),
        "games": int(games),
        "seed": int(seed),
        "shard_size": int(shard_size),
        "max_decisions": int(max_decisions),
        "pool": _pool_fingerprint(pool),
        "agent_files": {path: digest for name in (a, b) for path, digest in _agent_files(name).items()},
    }
    if cards is not None:  # only then: the parameters of a built-in-pool run stay as they were
        params["cards"] = cards
    return params


_POOLS: dict = {}


def _load_pool(spec, cards: str | None):
    """The built-in pool, or the card pool file ``cards`` (compiled once per process)."""
    if cards is None:
        return spec.load_tables()
    key = (spec.name, cards)
    if key not in _POOLS:
        from tcg_env.cards.files import load_game_pool

        _POOLS[key] = load_game_pool(spec.name, cards)
    return _POOLS[key]


def list_pairs(params: dict) -> list[tuple[int, int]]:
    """(deck index of side A, deck index of side B) per pair, in a fixed order."""
    n = len(params["decks"])
    if params["mode"] == "agents":
        return [(i, j) for i in range(n) for j in range(n)]
    if n == 1:
        return [(0, 0)]
    return [(i, j) for i in range(n) for j in range(i + 1, n)]


def list_shards(params: dict) -> list[tuple[int, int, int, int]]:
    """(pair, shard, first game, end game) for every shard of the run."""
    g, s = params["games"], params["shard_size"]
    return [(p, k, k * s, min(g, (k + 1) * s)) for p in range(len(list_pairs(params))) for k in range((g + s - 1) // s)]


def game_seed(params: dict, g: int) -> int:
    return int(params["seed"]) + g // 2


def agent_key(params: dict, pair: int, g: int) -> int:
    """The 40-bit key of the agents' random stream for game ``g`` of ``pair``."""
    h = hashlib.blake2b(f"{params['seed']}/{pair}/{g}".encode(), digest_size=8).digest()
    return int.from_bytes(h, "little") & ((1 << 40) - 1)


# --------------------------------------------------------------------------------------------
# Agents
# --------------------------------------------------------------------------------------------
_AGENT_CODES: dict = {}


def parse_agent_spec(spec: str) -> tuple[str, dict]:
    """``"NAME"`` or ``"NAME:key=value,key=value"`` -> (name, constructor keyword arguments), e.g.
    ``search:simulations=64`` or ``neural:checkpoint=runs/a/policy.pt``. Values that read as
    int, float, true/false are converted. A bare ``*.pt`` path means ``neural:checkpoint=PATH``."""
    if not isinstance(spec, str) or not spec.strip():
        raise MatchupError(f"agent must be a non-empty string, got {spec!r}")
    spec = spec.strip()
    if spec.endswith(".pt") and ":" not in spec.split("/")[0]:
        return "neural", {"checkpoint": spec}
    name, _, rest = spec.partition(":")
    kw: dict = {}
    for item in filter(None, (x.strip() for x in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip().isidentifier():
            raise MatchupError(f"agent {spec!r}: option {item!r} is not key=value")
        v: Any = value.strip()
        low = v.lower()
        if low in ("true", "false"):
            v = low == "true"
        else:
            for conv in (int, float):
                try:
                    v = conv(v)
                    break
                except ValueError:
                    pass
        kw[key.strip()] = v
    return name.strip(), kw


_AGENT_CLASSES = {"random": ("agents.random_agent", "RandomAgent"), "heuristic": ("agents.heuristic", "HeuristicAgent"),
                  "search": ("agents.search", "SearchAgent"), "mcts": ("agents.search", "SearchAgent"),
                  "neural": ("agents.neural", "NeuralAgent")}  # fmt: skip
_KINDS = {bool: "true or false", int: "an integer", float: "a number"}


def check_agent_options(spec: str, name: str, kw: dict) -> None:
    """Refuse an option the agent's constructor does not take, or a value of the wrong type
    (``search:simulations=abc``), naming the option: a MatchupError, before anything runs."""
    import importlib
    import inspect

    where = _AGENT_CLASSES.get(name.lower())
    if where is None or not kw:
        return  # unknown agents are reported by make_agent
    params = inspect.signature(getattr(importlib.import_module(where[0]), where[1]).__init__).parameters
    for key, value in kw.items():
        p = params.get(key)
        if p is None or key in ("self", "game"):
            known = ", ".join(k for k in params if k not in ("self", "game"))
            raise MatchupError(f"agent {spec!r}: unknown option {key!r} for {name} (options: {known})")
        d, ann = p.default, str(p.annotation)
        want = type(d) if isinstance(d, (bool, int, float)) else (int if ann in ("int", "Optional[int]", "int | None") else None)
        ok = want is None or (isinstance(value, bool) if want is bool else
                              (isinstance(value, want) or (want is float and isinstance(value, int))) and not isinstance(value, bool))  # fmt: skip
        if not ok:
            raise MatchupError(f"agent {spec!r}: option {key} must be {_KINDS[want]}, got {value!r}")


def _make_agent(spec: str, game: str):
    name, kw = parse_agent_spec(spec)
    check_agent_options(spec, name, kw)
    try:
        from agents import make_agent
    except ImportError as exc:  # pragma: no cover - the agents package ships with tcg_env
        raise MatchupError(f"agent {spec!r}: the agents package is not available ({exc})") from exc
    try:
        return make_agent(name, game=game, **kw)
    except (KeyError, ValueError, TypeError, ImportError, OSError) as exc:
        raise MatchupError(f"agent {spec!r}: {exc}") from exc


def _agent_files(spec: str) -> dict:
    """sha256 (16 hex digits) of the files an agent spec names (a checkpoint): the stream header
    records them, so a resumed run with a changed checkpoint is refused."""
    out = {}
    for v in parse_agent_spec(spec)[1].values():
        if isinstance(v, str) and Path(v).is_file():
            out[v] = hashlib.sha256(Path(v).read_bytes()).hexdigest()[:16]
    return out


def agent_kernel_code(name: str, game: str) -> int | None:
    """The agent's in-kernel code (random 0, heuristic 1) or None for a Python-level agent."""
    key = (name, game)
    if key not in _AGENT_CODES:
        _AGENT_CODES[key] = getattr(_make_agent(name, game), "kernel_code", None)
    return _AGENT_CODES[key]


# --------------------------------------------------------------------------------------------
# One shard
# --------------------------------------------------------------------------------------------
_DECK_CACHE: dict = {}


def _deck_ids(pool, numbers: list[str]) -> np.ndarray:
    key = (id(pool), tuple(numbers))
    ids = _DECK_CACHE.get(key)
    if ids is None:
        try:
            ids = np.asarray([pool.index[n] for n in numbers], np.int32)
        except KeyError as exc:
            raise MatchupError(f"card {exc.args[0]!r} is not in this card pool") from None
        _DECK_CACHE[key] = ids
    return ids


def _shard_setup(params: dict, pair: int):
    import tcg_env

    spec = tcg_env.get_spec(params["game"])
    pool = _load_pool(spec, params.get("cards"))
    i, j = list_pairs(params)[pair]
    ids_a = _deck_ids(pool, params["decks"][i]["cards"])
    ids_b = _deck_ids(pool, params["decks"][j]["cards"])
    return spec, pool, ids_a, ids_b


def _play_kernels(params, segments, codes):
    """Every game of the segments ``[(pair, lo, hi), ...]`` in one call of the batch kernels
    (no Python per decision); per-game columns in segment order."""
    import tcg_env

    deck_pairs, seeds, rngs, kinds = [], [], [], []
    ca, cb = codes
    for pair, lo, hi in segments:
        spec, pool, ids_a, ids_b = _shard_setup(params, pair)
        k = spec.kernels
        for g in range(lo, hi):
            even = g % 2 == 0  # side A in seat 0 on even games
            deck_pairs.append((ids_a, ids_b) if even else (ids_b, ids_a))
            kinds.append((ca, cb) if even else (cb, ca))
            seeds.append(game_seed(params, g))
            rngs.append(k.seed_agent_rng(1, agent_key(params, pair, g)))
    n = len(seeds)
    bg = tcg_env.BatchGame(spec, pool, deck_pairs, np.asarray(seeds, np.int64), spec.variants.index(params["variant"]),
                           False, auto_reset=False)
    rng = np.concatenate(rngs)
    lengths = np.zeros(n, np.int64)
    seat_kinds = np.asarray(kinds, np.int32).reshape(n, 2)
    k.playout_batch(bg.states, bg._T, bg.masks, rng, seat_kinds, int(params["max_decisions"]), lengths)
    st = bg.states
    return (st[:, H_DONE].astype(int).tolist(), st[:, H_WINNER].astype(int).tolist(),
            st[:, spec.first_player_col].astype(int).tolist(), st[:, H_NUM_DECISIONS].astype(int).tolist(),
            st[:, H_TURN].astype(int).tolist())


def _play_python(params, pair, lo, hi):
    """Games one decision at a time through Game facades (agents without kernel code)."""
    from tcg_env.game import Game

    spec, pool, ids_a, ids_b = _shard_setup(params, pair)
    name_a, name_b = params["agents"]
    side_agents = (_make_agent(name_a, params["game"]), _make_agent(name_b, params["game"]))
    variant = spec.variants.index(params["variant"])
    fp = spec.first_player_col
    cap = int(params["max_decisions"])
    done, winner, first, decisions, turns = [], [], [], [], []
    for g in range(lo, hi):
        a_seat = 0 if g % 2 == 0 else 1
        decks = (ids_a, ids_b) if a_seat == 0 else (ids_b, ids_a)
        seat_agents = (side_agents[0], side_agents[1]) if a_seat == 0 else (side_agents[1], side_agents[0])
        key = agent_key(params, pair, g)
        for s, ag in enumerate(seat_agents):
            ag.reset(seed=key * 2 + s)
        game = Game.new(spec, pool, decks[0], decks[1], game_seed(params, g), variant, False)
        n = 0
        while not game.done and n < cap:
            p = game.current_player
            a = seat_agents[p].act(game.observe(p), game.action_mask(), game)
            game.step(int(a))
            n += 1
        row = game.state
        done.append(int(row[H_DONE]))
        winner.append(int(row[H_WINNER]))
        first.append(int(row[fp]))
        decisions.append(int(row[H_NUM_DECISIONS]))
        turns.append(int(row[H_TURN]))
    return done, winner, first, decisions, turns


def _shard_range(params: dict, pair: int, shard: int) -> tuple[int, int]:
    g, size = params["games"], params["shard_size"]
    lo, hi = shard * size, min(g, (shard + 1) * size)
    if not (0 <= pair < len(list_pairs(params)) and 0 <= lo < g):
        raise MatchupError(f"no shard {shard} of pair {pair} in this run")
    return lo, hi


def run_shard(params: dict, pair: int, shard: int) -> dict:
    """Play shard ``shard`` of pair ``pair``; the stream record (a JSON-able dict).

    ``outcomes``: one letter per game, A / B (that side won), D (draw), U (unfinished after
    max_decisions: counted as a draw); ``first``: which side took the first turn (A / B).
    """
    return run_shards(params, [(pair, shard)])[0]


def run_shards(params: dict, shards: Sequence[tuple[int, int]]) -> list[dict]:
    """Several shards at once: with in-kernel agents all their games go to the kernels in one
    batch (better use of the threads than one call per shard); the records are the same as
    :func:`run_shard` gives one by one."""
    segments = [(p, *_shard_range(params, p, k)) for p, k in shards]
    codes = tuple(agent_kernel_code(a, params["game"]) for a in params["agents"])
    if None in codes:
        parts = [_play_python(params, p, lo, hi) for p, lo, hi in segments]
    else:
        cols = _play_kernels(params, segments, codes)
        parts, at = [], 0
        for _, lo, hi in segments:
            parts.append(tuple(c[at : at + hi - lo] for c in cols))
            at += hi - lo
    return [_record(p, k, lo, hi, *part) for (p, k), (_, lo, hi), part in zip(shards, segments, parts)]


def _record(pair, shard, lo, hi, done, winner, first, decisions, turns) -> dict:
    outcomes, firsts = [], []
    for i, g in enumerate(range(lo, hi)):
        a_seat = 0 if g % 2 == 0 else 1
        if not done[i]:
            outcomes.append("U")
        elif winner[i] in (0, 1):
            outcomes.append("A" if winner[i] == a_seat else "B")
        else:
            outcomes.append("D")
        firsts.append("A" if first[i] == a_seat else "B")
    return {
        "type": "shard",
        "pair": pair,
        "shard": shard,
        "lo": lo,
        "hi": hi,
        "outcomes": "".join(outcomes),
        "first": "".join(firsts),
        "decisions": decisions,
        "turns": turns,
    }


# --------------------------------------------------------------------------------------------
# The results stream
# --------------------------------------------------------------------------------------------
def _describe_param_diff(old: dict, new: dict) -> str:
    keys = sorted(set(old) | set(new))
    diffs = []
    for k in keys:
        if old.get(k) != new.get(k):
            if k == "decks":
                o = [d.get("label") for d in old.get(k) or []]
                n = [d.get("label") for d in new.get(k) or []]
                diffs.append(f"decks: {o} -> {n}" if o != n else "decks: same names, different card lists")
            else:
                diffs.append(f"{k}: {old.get(k)!r} -> {new.get(k)!r}")
    return "; ".join(diffs)


def _check_record(rec: Any, shards: dict, where: str) -> tuple[int, int]:
    if not isinstance(rec, dict) or rec.get("type") != "shard":
        raise MatchupError(f"{where}: not a shard record")
    key = (rec.get("pair"), rec.get("shard"))
    if key not in shards:
        raise MatchupError(f"{where}: shard {key} is not part of this run")
    lo, hi = shards[key]
    n = hi - lo
    if rec.get("lo") != lo or rec.get("hi") != hi:
        raise MatchupError(f"{where}: shard {key} covers games {rec.get('lo')}..{rec.get('hi')}, expected {lo}..{hi}")
    for f, letters in (("outcomes", "ABDU"), ("first", "AB")):
        v = rec.get(f)
        if not isinstance(v, str) or len(v) != n or set(v) - set(letters):
            raise MatchupError(f"{where}: field '{f}' must be {n} letters of {letters}")
    for f in ("decisions", "turns"):
        v = rec.get(f)
        if not isinstance(v, list) or len(v) != n or not all(isinstance(x, int) and x >= 0 for x in v):
            raise MatchupError(f"{where}: field '{f}' must be {n} non-negative integers")
    return key


def _lock(f, path) -> None:
    """An exclusive lock for the run's lifetime: two runs appending to one stream would store
    shards twice."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: no advisory lock
        return
    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        raise MatchupError(f"{path} is in use by another tcg matchup run (wait for it, or use another --out)") from None


class ResultStream:
    """The append-only JSON-lines file of a run: a header, then one line per finished shard."""

    def __init__(self, path: str | Path, params: dict):
        self.path = Path(path)
        self.params = params
        self._shards = {(p, k): (lo, hi) for p, k, lo, hi in list_shards(params)}
        self._f = None

    def open(self) -> dict[tuple[int, int], dict]:
        """Lock the file, read back the finished shards (checking the header), cut a torn last
        line off, and leave the file open for appending. Returns {(pair, shard): record}."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        f = open(self.path, "a+b")  # appends always go to the end
        try:
            _lock(f, self.path)
            f.seek(0)
            done, good_end, header_ok = self._parse(f.read())
            f.truncate(good_end if header_ok else 0)
        except BaseException:
            f.close()
            raise
        self._f = f
        if not header_ok:
            self._write({"type": "header", "format": STREAM_FORMAT, "params": self.params})
        return done

    def _parse(self, data: bytes) -> tuple[dict, int, bool]:
        done: dict[tuple[int, int], dict] = {}
        good_end = 0
        header_ok = False
        pos = 0
        lineno = 0
        while pos < len(data):
            nl = data.find(b"\n", pos)
            if nl < 0:
                break  # a torn last line (killed mid-write): ignored and cut off
            lineno += 1
            where = f"{self.path}: line {lineno}"
            try:
                rec = json.loads(data[pos:nl])
            except ValueError:
                if not data[nl + 1 :].strip():
                    break  # the last line is damaged: treated as torn
                raise MatchupError(f"{where}: not valid JSON (the stream is damaged; delete it to start over)") from None
            if lineno == 1:
                if not isinstance(rec, dict) or rec.get("type") != "header" or rec.get("format") != STREAM_FORMAT:
                    raise MatchupError(f"{where}: not a tcg matchup results stream header")
                if rec.get("params") != self.params:
                    raise MatchupError(
                        f"{self.path} holds a run with different parameters ({_describe_param_diff(rec.get('params') or {}, self.params)}); "
                        "use another --out folder, or delete the file to start over"
                    )
                header_ok = True
            else:
                key = _check_record(rec, self._shards, where)
                if key in done and done[key] != rec:
                    raise MatchupError(f"{where}: shard {key} appears twice with different results")
                done.setdefault(key, rec)
            pos = nl + 1
            good_end = pos
        return done, good_end, header_ok

    def _write(self, rec: dict) -> None:
        line = (json.dumps(rec, separators=(",", ":")) + "\n").encode()
        self._f.write(line)
        self._f.flush()
        os.fsync(self._f.fileno())

    def append(self, rec: dict) -> None:
        _check_record(rec, self._shards, "new record")
        self._write(rec)

    def close(self) -> None:
        if self._f is not None:
            self._f.close()
            self._f = None


def read_stream(path: str | Path) -> tuple[dict, dict[tuple[int, int], dict]]:
    """(params, {(pair, shard): record}) of a results stream, without changing the file."""
    path = Path(path)
    try:
        first = path.open("rb").readline()
        params = json.loads(first)["params"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise MatchupError(f"{path}: not a tcg matchup results stream ({exc})") from None
    shards = {(p, k): (lo, hi) for p, k, lo, hi in list_shards(params)}
    done: dict = {}
    lines = path.read_bytes().split(b"\n")
    for i, raw in enumerate(lines[1:-1], start=2):  # the last piece is empty or torn
        try:
            rec = json.loads(raw)
        except ValueError:
            if i == len(lines) - 1:
                break
            raise MatchupError(f"{path}: line {i}: not valid JSON") from None
        done.setdefault(_check_record(rec, shards, f"{path}: line {i}"), rec)
    return params, done


# --------------------------------------------------------------------------------------------
# Aggregation
# --------------------------------------------------------------------------------------------
@dataclass
class PairResult:
    agent_a: str
    deck_a: str
    agent_b: str
    deck_b: str
    games: int
    wins_a: int
    wins_b: int
    draws: int  # includes unfinished games
    unfinished: int
    win_rate_a: float  # draws count half
    ci_low: float
    ci_high: float
    first_player_win_rate: float  # among games with a winner
    mean_decisions: float
    mean_turns: float


@dataclass
class MatchupResult:
    params: dict
    pairs: list[PairResult]
    labels_a: list[str]  # matrix rows
    labels_b: list[str]  # matrix columns
    matrix: list[list[float | None]]  # win rate of the row side against the column side
    games_played: int = 0  # games played by this call (0 when everything was already in the stream)
    games_total: int = 0
    seconds: float = 0.0
    files: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "params": self.params,
            "pairs": [asdict(r) for r in self.pairs],
            "matrix": {"rows": self.labels_a, "columns": self.labels_b, "win_rate": self.matrix,
                       "meaning": "win rate (draws half) of the row side against the column side"},
        }


def aggregate(params: dict, records: dict[tuple[int, int], dict]) -> MatchupResult:
    """The per-pair tables from the stream records (every shard must be present)."""
    missing = [(p, k) for p, k, _, _ in list_shards(params) if (p, k) not in records]
    if missing:
        raise MatchupError(f"{len(missing)} shards are missing from the results (e.g. pair {missing[0][0]} shard {missing[0][1]})")
    pairs = list_pairs(params)
    decks = [d["label"] for d in params["decks"]]
    name_a, name_b = params["agents"]
    by_pair: dict[int, list[dict]] = {p: [] for p in range(len(pairs))}
    for (p, _k), rec in sorted(records.items()):
        by_pair[p].append(rec)
    results = []
    for p, (i, j) in enumerate(pairs):
        outcomes = "".join(r["outcomes"] for r in by_pair[p])
        first = "".join(r["first"] for r in by_pair[p])
        decisions = sum(sum(r["decisions"]) for r in by_pair[p])
        turns = sum(sum(r["turns"]) for r in by_pair[p])
        n = len(outcomes)
        wa, wb = outcomes.count("A"), outcomes.count("B")
        unfinished = outcomes.count("U")
        draws = outcomes.count("D") + unfinished
        decided = wa + wb
        fp_wins = sum(1 for o, f in zip(outcomes, first) if o in "AB" and o == f)
        score = wa + 0.5 * draws
        lo, hi = wilson_interval(score, n)
        results.append(PairResult(
            name_a, decks[i], name_b, decks[j], n, wa, wb, draws, unfinished, score / n, lo, hi,
            fp_wins / decided if decided else float("nan"), decisions / n, turns / n,
        ))  # fmt: skip
    # the matrix: rows = side A's decks, columns = side B's decks
    nd = len(decks)
    matrix: list[list[float | None]] = [[None] * nd for _ in range(nd)]
    for r, (i, j) in zip(results, pairs):
        matrix[i][j] = r.win_rate_a
        if params["mode"] == "decks" and i != j:
            matrix[j][i] = 1.0 - r.win_rate_a
    if params["mode"] == "agents":
        la = [f"{name_a}: {d}" for d in decks]
        lb = [f"{name_b}: {d}" for d in decks]
    else:
        la, lb = decks, decks
    total = sum(r.games for r in results)
    return MatchupResult(params, results, la, lb, matrix, games_total=total)


# --------------------------------------------------------------------------------------------
# Backends
# --------------------------------------------------------------------------------------------
GROUP_GAMES_PER_THREAD = 256  # local backend: in-kernel games per thread in one kernel call


def _local_backend(params: dict, todo: list[tuple[int, int]], workers: int | None) -> Iterator[dict]:
    import numba

    threads_before = numba.get_num_threads()
    if workers:
        numba.set_num_threads(max(1, min(int(workers), numba.config.NUMBA_NUM_THREADS)))
    try:
        kernel = None not in (agent_kernel_code(a, params["game"]) for a in params["agents"])
        # in-kernel agents: shards are grouped so one kernel call gives every thread enough games
        # (a 128-game shard on 16 threads is 8 games a thread, and the slowest game sets the
        # pace); each shard is still stored as its own record as soon as its group is done
        if not kernel and workers and workers > 1 and len(todo) > 1:
            yield from _process_pool(params, todo, workers)
            return
        target = GROUP_GAMES_PER_THREAD * numba.get_num_threads() if kernel else 1
        group: list[tuple[int, int]] = []
        size = 0
        for i, (p, k) in enumerate(todo):
            group.append((p, k))
            lo, hi = _shard_range(params, p, k)
            size += hi - lo
            if size >= target or i == len(todo) - 1:
                yield from run_shards(params, group)
                group, size = [], 0
    finally:
        numba.set_num_threads(threads_before)


def _pool_shard(params: dict, pair: int, shard: int) -> dict:
    import numba

    numba.set_num_threads(1)  # one process per CPU already
    return run_shard(params, pair, shard)


def _process_pool(params: dict, todo: list[tuple[int, int]], workers: int) -> Iterator[dict]:
    """Python-level agents (search, neural) on ``workers`` processes, one shard per task,
    results in the order they finish."""
    import multiprocessing as mp
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    ctx = mp.get_context("spawn")  # no fork of a process that runs numba's thread pool
    with ProcessPoolExecutor(max_workers=min(workers, len(todo)), mp_context=ctx) as pool:
        queue = list(todo)
        pending: set = set()
        try:
            while queue or pending:
                while queue and len(pending) < 2 * workers:
                    p, k = queue.pop(0)
                    pending.add(pool.submit(_pool_shard, params, p, k))
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    yield f.result()
        finally:
            for f in pending:
                f.cancel()


def _ray_shard(params: dict, pair: int, shard: int) -> dict:
    # one CPU per task: the batch kernels run on this task's thread only
    import numba

    numba.set_num_threads(1)
    return run_shard(params, pair, shard)


def _ray_backend(params: dict, todo: list[tuple[int, int]], workers: int | None) -> Iterator[dict]:
    try:
        import ray
    except ImportError:
        raise MatchupError('--backend ray needs Ray: pip install "tcg_env[ray]"') from None
    started = False
    if not ray.is_initialized():
        address = os.environ.get("RAY_ADDRESS")
        import logging

        # quiet start-up: Ray's INFO lines would break the progress bar
        kw: dict = {"include_dashboard": False, "log_to_driver": False, "logging_level": logging.ERROR}
        try:
            if address:
                ray.init(address=address, **kw)
            else:
                ray.init(num_cpus=int(workers) if workers else None, **kw)
        except Exception as exc:  # noqa: BLE001 - Ray raises many kinds; the run stops cleanly either way
            where = f"the Ray cluster at RAY_ADDRESS={address}" if address else "a local Ray instance"
            raise MatchupError(f"could not start {where}: {exc}") from exc
        started = True
    try:
        task = ray.remote(num_cpus=1, max_retries=2)(_ray_shard)
        ref = ray.put(params)
        window = max(2, 4 * int(ray.cluster_resources().get("CPU", 1)))  # tasks in flight at once
        queue = list(todo)
        pending = []
        while queue or pending:
            while queue and len(pending) < window:
                p, k = queue.pop(0)
                pending.append(task.remote(ref, p, k))
            ready, pending = ray.wait(pending, num_returns=1)
            for r in ready:
                yield ray.get(r)  # results stream in as the tasks finish
    finally:
        if started:
            ray.shutdown()


BACKENDS = {"local": _local_backend, "ray": _ray_backend}


def run_matchup(game: str = "fftcg", decks: Sequence[Any] | None = None, agent: str | None = None,
                agents: Sequence[str] | None = None, games: int = 200, seed: int = 0,
                out: str | Path | None = None, backend: str = "local", workers: int | None = None,
                shard_size: int = DEFAULT_SHARD_SIZE, variant: str | None = None,
                max_decisions: int = MAX_DECISIONS, progress: Callable[[int, int], None] | None = None,
                on_shard: Callable[[dict], None] | None = None, heatmap: bool = True,
                cards: str | Path | None = None, rules: str | None = None) -> MatchupResult:
    """Run (or resume) a matchup and aggregate it.

    out: folder for the results stream and the tables (``matchup_stream.jsonl``,
    ``matchups.csv``, ``matchups.json``, ``heatmap.png``); without it nothing is written and
    nothing can be resumed. backend: "local" (this process; workers = kernel threads, or
    processes for Python-level agents) or "ray"
    (shards as Ray tasks; workers = CPUs of a local Ray instance, ignored when ``RAY_ADDRESS``
    names a cluster or Ray is already initialised). progress(done_games, total_games) is called
    after every shard; on_shard(record) after every shard is stored. cards: a card pool file
    (e.g. one ``tcg cards import`` wrote) the decks are built from. rules: a rule set the game
    names (FF-TCG: "2016", the default, "2014"; :func:`make_params`).
    """
    if backend not in BACKENDS:
        raise MatchupError(f"unknown backend {backend!r}; choose from {sorted(BACKENDS)}")
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise MatchupError(f"workers must be a positive integer, got {workers!r}")
    params = make_params(game, decks, agent, agents, games, seed, shard_size, variant, max_decisions, cards, rules)
    shards = list_shards(params)
    size = {(p, k): hi - lo for p, k, lo, hi in shards}
    total = sum(size.values())
    stream = ResultStream(Path(out) / STREAM_NAME, params) if out is not None else None
    records = stream.open() if stream else {}
    todo = [(p, k) for p, k, _, _ in shards if (p, k) not in records]
    done_games = total - sum(size[s] for s in todo)
    if progress:
        progress(done_games, total)
    t0 = time.perf_counter()
    played = 0
    try:
        for rec in BACKENDS[backend](params, todo, workers):
            key = (rec["pair"], rec["shard"])
            if key in records:  # pragma: no cover - a backend never returns a shard twice
                continue
            if stream:
                stream.append(rec)
            records[key] = rec
            played += size[key]
            done_games += size[key]
            if progress:
                progress(done_games, total)
            if on_shard:
                on_shard(rec)
            _test_interrupt(len(records) - (len(shards) - len(todo)), stream)
    finally:
        if stream:
            stream.close()
    dt = time.perf_counter() - t0
    if stream:  # the tables come from the stream alone
        _, records = read_stream(stream.path)
    result = aggregate(params, records)
    result.games_played = played
    result.seconds = dt
    if out is not None:
        result.files = [str(p) for p in write_results(result, out)]
        if heatmap:
            png = write_heatmap(result, Path(out) / "heatmap.png")
            if png:
                result.files.append(str(png))
    return result


def _test_interrupt(new_shards: int, stream) -> None:
    """Testing hooks (environment variables), used by tests/test_matchup.py to interrupt a run the
    way a crash or Ctrl-C would: ``TCG_MATCHUP_TEST_SHARD_DELAY=S`` sleeps S seconds after each
    stored shard (so a test can kill the process from outside at an arbitrary moment);
    ``TCG_MATCHUP_TEST_KILL_AFTER=N`` kills this process (SIGKILL, no clean-up) once N new shards
    are stored, after writing half a record first when ``TCG_MATCHUP_TEST_TORN=1``, as a kill in
    the middle of a write would."""
    delay = os.environ.get("TCG_MATCHUP_TEST_SHARD_DELAY")
    if delay:
        time.sleep(float(delay))
    n = os.environ.get("TCG_MATCHUP_TEST_KILL_AFTER")
    if not n or new_shards < int(n):
        return
    import signal

    if os.environ.get("TCG_MATCHUP_TEST_TORN") and stream is not None and stream._f is not None:
        stream._f.write(b'{"type":"shard","pair":0,"shard":')
        stream._f.flush()
        os.fsync(stream._f.fileno())
    os.kill(os.getpid(), signal.SIGKILL)


# --------------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------------
def format_table(result: MatchupResult | list[PairResult]) -> str:
    rows = result.pairs if isinstance(result, MatchupResult) else result
    two = any(r.agent_a != r.agent_b for r in rows)
    side = (lambda ag, d: f"{ag}: {d}") if two else (lambda ag, d: d)  # noqa: E731
    ca = [side(r.agent_a, r.deck_a) for r in rows]
    cb = [side(r.agent_b, r.deck_b) for r in rows]
    w = max([len(x) for x in ca + cb] + [6])
    head = (f"{'A':<{w}}  {'B':<{w}}  games  A wins  B wins  draws  A win rate (95% CI)    "
            "1st-player wins  decisions  turns")
    lines = [head]
    for r, a, b in zip(rows, ca, cb):
        fp = "   n/a" if math.isnan(r.first_player_win_rate) else f"{r.first_player_win_rate:6.1%}"
        lines.append(
            f"{a:<{w}}  {b:<{w}}  {r.games:>5}  {r.wins_a:>6}  {r.wins_b:>6}  {r.draws:>5}  "
            f"{r.win_rate_a:6.1%} ({r.ci_low:5.1%}-{r.ci_high:5.1%})  {fp:>15}  {r.mean_decisions:9.0f}  {r.mean_turns:5.1f}"
        )
    return "\n".join(lines)


def write_results(result: MatchupResult, out_dir: str | Path) -> tuple[Path, Path]:
    """matchups.csv (one row per pair) and matchups.json (parameters, pairs, matrix)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    rows = [asdict(r) for r in result.pairs]
    csv_path = out / "matchups.csv"
    with csv_path.open("w", newline="") as f:
        wr = csv.DictWriter(f, fieldnames=list(PairResult.__dataclass_fields__))
        wr.writeheader()
        wr.writerows(rows)
    json_path = out / "matchups.json"
    data = result.to_json()
    # NaN is not JSON: a pair without a decided game has no first-player win rate
    for r in data["pairs"]:
        if isinstance(r["first_player_win_rate"], float) and math.isnan(r["first_player_win_rate"]):
            r["first_player_win_rate"] = None
    json_path.write_text(json.dumps(data, indent=1) + "\n")
    return csv_path, json_path


def write_heatmap(result: MatchupResult, path: str | Path, warn: Callable[[str], None] | None = None) -> Path | None:
    """The win-rate matrix as a labelled heatmap PNG. Without matplotlib: a message through
    ``warn`` (default: stderr) and no file."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        msg = 'heatmap.png skipped: matplotlib is not installed (pip install "tcg_env[plot]")'
        if warn is None:
            import sys

            print(msg, file=sys.stderr)
        else:
            warn(msg)
        return None
    m = np.array([[np.nan if v is None else v for v in row] for row in result.matrix], dtype=float)
    nr, nc = m.shape
    row_chars = max(len(x) for x in result.labels_a)
    col_chars = max(len(x) for x in result.labels_b)
    width = max(6.4, 2.2 + 0.08 * row_chars + 0.9 * nc)
    height = max(4.8, 1.6 + 0.06 * col_chars + 0.7 * nr)
    fig, ax = plt.subplots(figsize=(width, height), dpi=110)
    cmap = plt.get_cmap("RdBu").with_extremes(bad="#dddddd")
    im = ax.imshow(np.ma.masked_invalid(m), cmap=cmap, vmin=0.0, vmax=1.0)
    ax.set_xticks(range(nc), labels=result.labels_b, rotation=35, ha="right")
    ax.set_yticks(range(nr), labels=result.labels_a)
    for i in range(nr):
        for j in range(nc):
            if not np.isnan(m[i, j]):
                ax.text(j, i, f"{m[i, j]:.0%}", ha="center", va="center", color="white" if abs(m[i, j] - 0.5) > 0.3 else "black")
    p = result.params
    a, b = p["agents"]
    ax.set_title(f"{p['game']}: win rate of row vs column\n{a} vs {b}, {p['games']} games per pair, seed {p['seed']}", fontsize=9)
    ax.set_xlabel("opponent (column)")
    ax.set_ylabel("deck (row)")
    fig.colorbar(im, ax=ax, fraction=0.046, pad=0.04)
    fig.tight_layout()
    path = Path(path)
    fig.savefig(path)
    plt.close(fig)
    return path


# --------------------------------------------------------------------------------------------
# Small conveniences (one pair, round robin without files)
# --------------------------------------------------------------------------------------------
def play_pair(game: str, deck_a, deck_b, games: int, seed: int = 0, agent: str = "random",
              agents: Sequence[str] | None = None, rules: str | None = None) -> PairResult:
    """``games`` games of deck_a against deck_b (seats alternate); nothing written."""
    if agents:
        res = run_matchup(game, [deck_a, deck_b] if deck_a != deck_b else [deck_a], agents=agents, games=games, seed=seed,
                          rules=rules)
        return res.pairs[1] if deck_a != deck_b else res.pairs[0]
    res = run_matchup(game, [deck_a, deck_b], agent=agent, games=games, seed=seed, rules=rules)
    return res.pairs[0]


def round_robin(game: str, decks: Sequence[str] | None, games: int, seed: int = 0, agent: str = "random",
                rules: str | None = None) -> list[PairResult]:
    return run_matchup(game, decks, agent=agent, games=games, seed=seed, rules=rules).pairs
