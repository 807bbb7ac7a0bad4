"""Engine throughput: batch random play, facade steps, clone cost, state size, compile times.

    python benchmarks/bench_engine.py --game fftcg --seconds 10 [--batch 1024] [--compile]
    python benchmarks/bench_engine.py --game fftcg --rules 2014 --seconds 10   (the game fftcg_2014)

Prints readable lines, then as its last line one JSON object with at least: game, batch,
decisions_per_s, games_per_s, decisions_per_game, facade_steps_per_s, reference_decisions_per_s,
ratio_to_reference, clone_us, state_bytes (plus CPU time per decision of both games and their
ratio, and the 1-minute load average, for shared machines). ``--compile`` also measures the cold compile (fresh
numba cache directory, in a subprocess) and the cached start.

For ``--game weiss_schwarz`` it also measures the peer engine weiss-sim when it is installed
(``pip install -e ".[peers]"``; ``benchmarks/peers.py`` says how), for 3/10 of ``--seconds`` more,
and adds ``peer``, ``peer_decisions_per_s`` and ``ratio_to_peer`` to the JSON line (or
``peer_skipped`` with the reason).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from peers import PEERS  # noqa: E402


def _hardware() -> dict:
    import numba

    return {
        "python": platform.python_version(),
        "numpy": np.__version__,
        "numba": numba.__version__,
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "numba_threads": numba.get_num_threads(),
        "platform": platform.platform(),
    }


def bench_reference(batch: int, seconds: float) -> float:
    import reference_game as ref

    states, obs, masks, counters = ref.make_batch(batch)
    ref.play_batch(states, 1, obs, masks, counters)  # compile / load
    counters[:] = 0
    steps = 200
    t0 = time.perf_counter()
    c0 = time.process_time()
    while time.perf_counter() - t0 < seconds:
        ref.play_batch(states, steps, obs, masks, counters)
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return counters[:, 0].sum() / dt, cpu / counters[:, 0].sum() * 1e9


def bench_batch(game: str, batch: int, seconds: float) -> dict:
    import tcg_env
    spec = tcg_env.get_spec(game)
    seed_agent_rng = spec.kernels.seed_agent_rng
    bg = tcg_env.make_batch(game, batch, seed=1)
    k = spec.kernels
    rng = seed_agent_rng(batch, 7)
    counters = np.zeros((batch, 5), np.int64)
    args = (bg.states, bg._T, bg.decks, bg.deck_lens, bg.seeds, bg.variant_index)
    k.random_play_batch(*args, 1, bg.obs, bg.masks, rng, counters)  # compile / load
    # warm up past the opening so games are spread over all phases
    k.random_play_batch(*args, 300, bg.obs, bg.masks, rng, counters)
    counters[:] = 0
    steps = 100
    t0 = time.perf_counter()
    c0 = time.process_time()
    while time.perf_counter() - t0 < seconds:
        k.random_play_batch(*args, steps, bg.obs, bg.masks, rng, counters)
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    decisions = counters[:, 0].sum()
    games = counters[:, 1].sum()
    return {
        "decisions_per_s": decisions / dt,
        "cpu_ns_per_decision": cpu / decisions * 1e9,
        "games_per_s": games / dt,
        "decisions_per_game": decisions / max(games, 1),
        "wins_p0": int(counters[:, 2].sum()),
        "wins_p1": int(counters[:, 3].sum()),
        "draws": int(counters[:, 4].sum()),
    }


def bench_facade(game: str, seconds: float) -> tuple[float, float, int]:
    import tcg_env

    g = tcg_env.make_game(game, seed=3)
    rng = np.random.default_rng(0)
    r = rng.random(1000).tolist()  # the random choice itself should not dominate the measurement
    steps = 0
    seed = 3
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for i in range(1000):
            if g.done:
                seed += 1
                g = tcg_env.make_game(game, seed=seed)
            legal = g.action_mask().nonzero()[0]
            g.step(legal[int(r[i] * len(legal))])
            steps += 1
    dt = time.perf_counter() - t0
    # clone of a mid-game state
    g = tcg_env.make_game(game, seed=11)
    for _ in range(120):
        if g.done:
            break
        legal = g.legal_actions()
        g.step(legal[int(rng.integers(len(legal)))])
    n = 20000
    t0 = time.perf_counter()
    for _ in range(n):
        g.clone()
    clone_us = (time.perf_counter() - t0) / n * 1e6
    return steps / dt, clone_us, g.state.nbytes


def measure_compile(game: str) -> dict:
    code = (
        "import time; t=time.perf_counter(); import tcg_env, numpy as np; "
        f"g=tcg_env.make_game('{game}', seed=1); g.observe(0); "
        "[g.step(g.legal_actions()[0]) for _ in range(5)]; "
        f"b=tcg_env.make_batch('{game}', 2, seed=1); b.step(np.array([np.flatnonzero(m)[0] for m in b.masks])); "
        "c=np.zeros((2,5),np.int64); b.spec.kernels.random_play_batch(b.states,b._T,b.decks,b.deck_lens,b.seeds,0,2,b.obs,b.masks,b.spec.kernels.seed_agent_rng(2,1),c); "
        "print(time.perf_counter()-t)"
    )
    def run(env) -> tuple[float, float]:
        """(wall seconds the child printed, the child's CPU seconds: compiling is one thread's work,
        so its CPU time is the figure to compare on a machine that other work shares)."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return float(out.stdout.split()[-1]), cpu

    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ, NUMBA_CACHE_DIR=d)
        cold, cold_cpu = run(env)
        warm, warm_cpu = run(env)
    return {"cold_compile_s": cold, "cached_start_s": warm, "cold_compile_cpu_s": round(cold_cpu, 2),
            "cached_start_cpu_s": round(warm_cpu, 2)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="fftcg")
    ap.add_argument("--rules", default=None, help="a rule set of the game (fftcg: 2016, the default, or 2014)")
    ap.add_argument("--seconds", type=float, default=10.0, help="total measuring time (split between parts)")
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--compile", action="store_true", help="also measure cold compile and cached start")
    ap.add_argument("--no-peer", action="store_true", help="skip the peer engine (weiss-sim for weiss_schwarz)")
    args = ap.parse_args(argv)
    from tcg_env.registry import rules_game

    try:  # --game fftcg --rules 2014: the game fftcg_2014
        args.game = rules_game(args.game, args.rules)
    except ValueError as exc:
        ap.error(str(exc))
    hw = _hardware()
    print(f"command: {' '.join([os.path.basename(sys.executable)] + sys.argv)}")
    print("hardware/versions: " + ", ".join(f"{k}={v}" for k, v in hw.items()))
    share = args.seconds / 10.0
    ref, ref_cpu_ns = bench_reference(args.batch, 3 * share)
    print(f"reference minimal numba card game, B={args.batch}: {ref:,.0f} decisions/s ({ref_cpu_ns:.0f} CPU ns/decision)")
    res = bench_batch(args.game, args.batch, 4 * share)
    print(
        f"{args.game} batch random play, B={args.batch}, obs+mask every decision: "
        f"{res['decisions_per_s']:,.0f} decisions/s, {res['games_per_s']:,.1f} games/s, "
        f"{res['decisions_per_game']:.0f} decisions/game (p0 {res['wins_p0']}, p1 {res['wins_p1']}, draws {res['draws']})"
    )
    ratio = res["decisions_per_s"] / ref
    # CPU time per decision (all threads): on a shared machine other processes take cores away
    # from both parts at different moments; the CPU-time ratio shows the code's cost alone
    cpu_ratio = ref_cpu_ns / res["cpu_ns_per_decision"]
    print(f"ratio to reference: {ratio:.3f} (by CPU time per decision: {cpu_ratio:.3f}; "
          f"{res['cpu_ns_per_decision']:.0f} CPU ns/decision, load {os.getloadavg()[0]:.2f})")
    peer: dict = {}
    if args.game in PEERS and not args.no_peer:
        import numba

        peer = PEERS[args.game](args.batch, 3 * share, numba.get_num_threads())
        if "peer_skipped" in peer:
            print(f"peer: skipped: {peer['peer_skipped']}")
        else:
            peer["ratio_to_peer"] = round(res["decisions_per_s"] / peer["peer_decisions_per_s"], 3)
            print(f"peer {peer['peer']}, B={args.batch}, uniform random legal play, obs+mask every decision: "
                  f"{peer['peer_decisions_per_s']:,.0f} decisions/s ({peer['peer_cpu_ns_per_decision']:.0f} CPU ns/decision); "
                  f"ours / peer: {peer['ratio_to_peer']:.2f}x")
    fac, clone_us, state_bytes = bench_facade(args.game, 3 * share)
    print(f"facade step+action_mask: {fac:,.0f} steps/s; clone: {clone_us:.2f} us; state: {state_bytes} bytes/game")
    out = {
        "game": args.game,
        "batch": args.batch,
        "decisions_per_s": round(res["decisions_per_s"]),
        "games_per_s": round(res["games_per_s"], 1),
        "decisions_per_game": round(res["decisions_per_game"], 1),
        "facade_steps_per_s": round(fac),
        "reference_decisions_per_s": round(ref),
        "ratio_to_reference": round(ratio, 4),
        "cpu_ns_per_decision": round(res["cpu_ns_per_decision"], 1),
        "reference_cpu_ns_per_decision": round(ref_cpu_ns, 1),
        "cpu_ratio_to_reference": round(cpu_ratio, 4),
        "load_avg_1min": round(os.getloadavg()[0], 2),
        "clone_us": round(clone_us, 3),
        "state_bytes": int(state_bytes),
        **peer,
        **hw,
    }
    if args.compile:
        c = measure_compile(args.game)
        print(f"cold compile: {c['cold_compile_s']:.1f} s ({c['cold_compile_cpu_s']:.1f} CPU s), "
              f"cached start: {c['cached_start_s']:.2f} s ({c['cached_start_cpu_s']:.2f} CPU s)")
        out.update(c)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
