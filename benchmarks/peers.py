"""Peer engines measured by the benchmarks in the same run as ours, when they are installed.

Weiss Schwarz: ``weiss-sim`` (a Rust engine with Python bindings, on PyPI: ``pip install weiss-sim``
or ``pip install -e ".[peers]"``), the nearest peer named by the Weiss Schwarz issue. Its batched
uniform-random legal play with observations and masks: ``EnvPool`` buffers in the "mask" layout
(int32 observation + uint8 action mask written for every env every step), one
``step_random_legal`` call per step of all ``batch`` envs (the sampling of a uniform legal action
is done in Rust), finished envs restarted with ``reset_done`` right away so every step is one
decision of every env. Two of its preset decks, its own thread count set to ours.
"""

from __future__ import annotations

import time


def bench_weiss_sim(batch: int, seconds: float, threads: int) -> dict:
    """{"peer": "weiss-sim <version>", "peer_decisions_per_s": ..., ...}, or {"peer_skipped": why}."""
    try:
        import numpy as np
        import weiss_sim as ws
        from weiss_sim._presets import get_preset, preset_names
    except ImportError as e:
        return {"peer_skipped": f"weiss-sim not installed ({e}); pip install weiss-sim to measure it"}
    try:
        from importlib.metadata import version

        ver = version("weiss-sim")
    except Exception:
        ver = "?"
    names = [n for n in ("starter_deck_ws02_v1", "aggro_deck_5hy_nino_v1") if n in preset_names()] or preset_names()[:2]
    decks = [get_preset(names[0]), get_preset(names[-1])]
    pool, buf = ws.make_pool("train", batch, deck_lists=decks, seed=0, layout="mask", num_threads=threads)
    buf.reset()
    if buf.masks is None:
        return {"peer_skipped": "weiss-sim's 'mask' layout wrote no masks"}
    seeds = np.arange(batch, dtype=np.uint64)
    for i in range(20):  # warm-up
        out, _ = buf.step_random_legal(seeds + i)
        d = out.terminated | out.truncated
        if d.any():
            buf.reset_done(d)
    steps = games = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        out, _ = buf.step_random_legal(seeds + batch * (steps + 20))
        steps += 1
        d = out.terminated | out.truncated
        if d.any():
            games += int(d.sum())
            buf.reset_done(d)
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    decisions = steps * batch
    return {
        "peer": f"weiss-sim {ver}",
        "peer_decks": names,
        "peer_decisions_per_s": round(decisions / dt),
        "peer_games_per_s": round(games / dt, 1),
        "peer_cpu_ns_per_decision": round(cpu / decisions * 1e9, 1),
        "peer_obs_shape": list(buf.obs.shape[1:]),
        "peer_mask_shape": list(buf.masks.shape[1:]),
    }


PEERS = {"weiss_schwarz": bench_weiss_sim}
