"""Matchup throughput: complete games per second with in-kernel agents (random, heuristic).

    python benchmarks/bench_matchup.py --game fftcg --seconds 10 [--shard-size 256] [--threads N]
    python benchmarks/bench_matchup.py --game weiss_schwarz --seconds 10
    python benchmarks/bench_matchup.py --game fftcg --rules 2014 --seconds 10   (the game fftcg_2014)

For each agent, both seats played by that agent on the built-in (starter) decks, round robin:

* ``<agent>_games_per_s``: what ``tcg matchup`` does, measured through its shard function
  (``tcg_env.matchup.run_shard``): set up the shard's games (seeds, seat order, agent streams),
  play them to the end inside the kernels, build the result record. Game setup included.
* ``<agent>_kernel_games_per_s``: the playout kernel alone on games set up beforehand.
* ``<agent>_games_per_cpu_s``: games per second of this process's CPU time (all threads): on a
  machine shared with other work, wall-clock rates fall with the load while this one does not;
  on an idle machine ``games_per_s`` is about this times the number of threads.

Prints readable lines, then as its last line one JSON object with at least
``random_games_per_s`` and ``heuristic_games_per_s``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_engine import _hardware  # noqa: E402  (one definition of the hardware line)

# games/s the issues ask for, per game (FF-TCG starter decks); games without one print none
TARGETS = {"fftcg": {"random": 2000.0, "heuristic": 500.0}}


def bench_matchup_path(game: str, agent: str, seconds: float, shard_size: int) -> dict:
    import numba

    from tcg_env.matchup import GROUP_GAMES_PER_THREAD, list_pairs, make_params, run_shard, run_shards

    params = make_params(game, None, agent=agent, games=10**8, seed=0, shard_size=shard_size)
    pairs = len(list_pairs(params))
    t0 = time.perf_counter()
    run_shard(params, 0, 0)  # compile or load the kernels, parse the decks
    warm = time.perf_counter() - t0
    # the local backend's grouping: shards of all pairs, ~256 games a thread per kernel call
    per_call = max(1, GROUP_GAMES_PER_THREAD * numba.get_num_threads() // shard_size)
    order = ((p, k) for k in range(1, 10**8) for p in range(pairs))
    games = decisions = turns = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    while time.perf_counter() - t0 < seconds:
        for rec in run_shards(params, [next(order) for _ in range(per_call)]):
            games += len(rec["outcomes"])
            decisions += sum(rec["decisions"])
            turns += sum(rec["turns"])
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return {"games": games, "seconds": dt, "games_per_s": games / dt, "games_per_cpu_s": games / cpu,
            "decisions_per_s": decisions / dt, "decisions_per_game": decisions / games,
            "turns_per_game": turns / games, "first_call_s": warm, "pairs": pairs}


def bench_kernel(game: str, agent: str, seconds: float, batch: int) -> dict:
    import tcg_env
    from tcg_env.matchup import agent_kernel_code

    spec = tcg_env.get_spec(game)
    pool = spec.load_tables()
    decks = [spec.load_deck(pool, d).card_ids for d in spec.list_decks()]
    code = agent_kernel_code(agent, game)
    k = spec.kernels
    playout = getattr(k, "playout_batch", None)
    if playout is None:  # weiss_schwarz: the policy kernels are not re-exported by the spec
        from agents.base import policy_kernels_for

        playout = policy_kernels_for(game, agent).playout_batch
    n_games = 0
    decisions = 0
    elapsed = 0.0
    rnd = 0
    while elapsed < seconds:
        pairs = [(decks[(i + rnd) % len(decks)], decks[(i * 7 + 3 + rnd) % len(decks)]) for i in range(batch)]
        seeds = np.arange(batch, dtype=np.int64) + rnd * batch
        bg = tcg_env.BatchGame(spec, pool, pairs, seeds, 0, False, auto_reset=False)
        rng = k.seed_agent_rng(batch, 1000 + rnd)
        kinds = np.full((batch, 2), code, np.int32)
        lengths = np.zeros(batch, np.int64)
        t0 = time.perf_counter()
        playout(bg.states, bg._T, bg.masks, rng, kinds, 20000, lengths)
        dt = time.perf_counter() - t0
        if rnd > 0:  # the first round compiles / loads
            elapsed += dt
            n_games += batch
            decisions += int(lengths.sum())
        rnd += 1
    return {"games_per_s": n_games / elapsed, "decisions_per_s": decisions / elapsed, "batch": batch}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="fftcg")
    ap.add_argument("--rules", default=None, help="a rule set of the game (fftcg: 2016, the default, or 2014)")
    ap.add_argument("--seconds", type=float, default=10.0, help="total measuring time (split between the parts)")
    ap.add_argument("--shard-size", type=int, default=256, help="games per shard (tcg matchup's unit of work)")
    ap.add_argument("--batch", type=int, default=1024, help="games per playout call in the kernel-only part")
    ap.add_argument("--threads", type=int, default=None, help="numba threads (default: all)")
    args = ap.parse_args(argv)
    from tcg_env.registry import rules_game

    try:  # --game fftcg --rules 2014: the game fftcg_2014
        args.game = rules_game(args.game, args.rules)
    except ValueError as exc:
        ap.error(str(exc))
    if args.threads:
        import numba

        numba.set_num_threads(args.threads)
    hw = _hardware()
    print(f"command: {' '.join([os.path.basename(sys.executable)] + sys.argv)}")
    print("hardware/versions: " + ", ".join(f"{k}={v}" for k, v in hw.items()))
    import tcg_env

    decks = tcg_env.list_decks(args.game)
    print(f"decks (round robin, both seats the same agent): {', '.join(decks)}")
    out: dict = {"game": args.game, "decks": decks, "shard_size": args.shard_size}
    for agent in ("random", "heuristic"):
        m = bench_matchup_path(args.game, agent, 0.35 * args.seconds, args.shard_size)
        kern = bench_kernel(args.game, agent, 0.15 * args.seconds, args.batch)
        target = TARGETS.get(args.game, {}).get(agent)
        verdict = "no target" if target is None else f"target {target:,.0f}: {'met' if m['games_per_s'] >= target else 'NOT met'}"
        print(
            f"{agent:9s}: {m['games_per_s']:8,.0f} complete games/s through the matchup shards "
            f"({m['games']:,} games, {m['decisions_per_game']:.0f} decisions and {m['turns_per_game']:.1f} turns a game, "
            f"{m['decisions_per_s']:,.0f} decisions/s; first call {m['first_call_s']:.1f} s); "
            f"{m['games_per_cpu_s']:,.0f} games per CPU-second; "
            f"playout kernel alone {kern['games_per_s']:,.0f} games/s; {verdict}"
        )
        out[f"{agent}_games_per_s"] = round(m["games_per_s"], 1)
        out[f"{agent}_games_per_cpu_s"] = round(m["games_per_cpu_s"], 1)
        out[f"{agent}_decisions_per_s"] = round(m["decisions_per_s"], 0)
        out[f"{agent}_decisions_per_game"] = round(m["decisions_per_game"], 1)
        out[f"{agent}_turns_per_game"] = round(m["turns_per_game"], 2)
        out[f"{agent}_kernel_games_per_s"] = round(kern["games_per_s"], 1)
        out[f"{agent}_games_measured"] = m["games"]
        out[f"{agent}_target_games_per_s"] = target
        out[f"{agent}_first_call_s"] = round(m["first_call_s"], 2)
    out["seconds"] = args.seconds
    out["hardware"] = hw
    print(json.dumps(out))


if __name__ == "__main__":
    main()
