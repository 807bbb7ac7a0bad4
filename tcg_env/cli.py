"""The ``tcg`` command line (``python -m tcg_env`` works too).

    tcg matchup --game fftcg --games 200 --out results/
    tcg games
    tcg decks --game fftcg
    tcg bench --game fftcg --seconds 10
"""

from __future__ import annotations

import argparse
import sys
import time


def _cmd_matchup(args) -> int:
    from tcg_env.matchup import format_table, round_robin, write_results

    if args.agent != "random":
        print(f"tcg matchup: agent {args.agent!r} is not available yet (only 'random')", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    results = round_robin(args.game, args.decks, args.games, seed=args.seed)
    dt = time.perf_counter() - t0
    print(format_table(results))
    n = sum(r.games for r in results)
    print(f"{n} games in {dt:.1f} s ({n / dt:,.0f} games/s, random agents, seed {args.seed})")
    if args.out:
        csv_path, json_path = write_results(results, args.out)
        print(f"wrote {csv_path} and {json_path}")
    return 0


def _cmd_games(args) -> int:
    import tcg_env

    for g in tcg_env.list_games():
        spec = tcg_env.get_spec(g)
        print(f"{g:10s} {spec.title} (env {spec.env_name}, {spec.num_actions} actions, obs {spec.obs_size})")
    return 0


def _cmd_decks(args) -> int:
    import tcg_env

    for d in tcg_env.list_decks(args.game):
        print(d)
    return 0


def _cmd_bench(args) -> int:
    import runpy
    from pathlib import Path

    script = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_engine.py"
    if not script.exists():
        print("tcg bench: benchmarks/bench_engine.py is part of the source checkout", file=sys.stderr)
        return 2
    sys.argv = [str(script), "--game", args.game, "--seconds", str(args.seconds)]
    runpy.run_path(str(script), run_name="__main__")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="tcg", description="tcg_env: trading card game environments")
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("matchup", help="simulate deck matchups (round robin over the decks)")
    m.add_argument("--game", default="fftcg")
    m.add_argument("--decks", nargs="+", default=None, help="built-in deck names or deck files (default: all built-in)")
    m.add_argument("--games", type=int, default=200, help="games per pair of decks (seats alternate)")
    m.add_argument("--agent", default="random", help="agent for both seats (random)")
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--out", default=None, help="folder for matchups.csv / matchups.json")
    m.set_defaults(fn=_cmd_matchup)
    g = sub.add_parser("games", help="list the games")
    g.set_defaults(fn=_cmd_games)
    d = sub.add_parser("decks", help="list a game's built-in decks")
    d.add_argument("--game", default="fftcg")
    d.set_defaults(fn=_cmd_decks)
    b = sub.add_parser("bench", help="engine throughput benchmark")
    b.add_argument("--game", default="fftcg")
    b.add_argument("--seconds", type=float, default=10.0)
    b.set_defaults(fn=_cmd_bench)
    args = ap.parse_args(argv)
    return int(args.fn(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
