"""Single-thread random-play loop, with and without the observation: where a decision's time goes.

    python benchmarks/bench_row_loop.py --game fftcg [--batch 256] [--repeats 7] [--clock cpu]

A developer tool beside ``bench_engine.py`` (which measures the batch kernel on all threads
against the reference game). This one runs one thread over ``--batch`` rows, 200 decisions per
row per pass, hot rows, in three forms of the same loop over the game's rules kernels: the
observation written over the previous one (what random play does), the observation written in full
every decision, and no observation at all; and, fourth, the engine's own batch random-play kernel
(``spec.kernels.random_play_batch``, observation every decision) on one thread. It prints the best
pass of each in ns per decision, and as its last line one JSON object. To compare two commits, run
each checkout's own copy, alternately: ``cd <checkout> && python benchmarks/bench_row_loop.py``
(the script puts its own checkout first on ``sys.path``; copies before the shared core of issue 17
find the rules kernels by module path and measure three forms; copies before issue 26 call the
game's hooks module's kernels by name, which since take the game's tag first).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def make_loop(game: str, mode: int):
    """The loop over ``game``'s rules kernels, called through the core's hooks (``engine.hooks``:
    a direct call of the game's kernel, given the game's tag where its kernels take it)."""
    import tcg_env
    from tcg_env.engine import hooks
    from tcg_env.engine.batch import episode_seed, pick_uniform
    from tcg_env.engine.header import H_DECIDER, H_DONE
    from tcg_env.engine.rows import reset_row as core_reset

    rules = tcg_env.get_spec(game).kernels.rules

    @njit
    def reset_row(s, deck0, deck1, seed, variant, auto_single, T):
        core_reset(rules, s, deck0, deck1, seed, variant, auto_single, T)

    @njit
    def play(states, T, decks, deck_lens, seeds, variant, steps, obs, masks, agent_rng, counters):
        for b in range(states.shape[0]):
            s = states[b]
            for t in range(steps):
                if s[H_DONE] != 0:
                    counters[b, 1] += 1
                    reset_row(s, decks[b, 0, : deck_lens[b, 0]], decks[b, 1, : deck_lens[b, 1]],
                              episode_seed(seeds[b], counters[b, 1]), np.int64(variant), np.int64(0), T)
                n_legal = hooks.legal_mask_row(rules, s, T, masks[b])
                if mode == 0:
                    hooks.observe_into(rules, s, T, np.int64(s[H_DECIDER]), obs[b], t > 0)
                elif mode == 1:
                    hooks.observe_into(rules, s, T, np.int64(s[H_DECIDER]), obs[b], False)
                hooks.apply_unchecked(rules, s, T, np.int64(pick_uniform(masks[b], n_legal, agent_rng[b])))
                counters[b, 0] += 1

    return play


def _engine_random_play(kernels):
    """The engine's batch random play (mask and observation every decision), run on one thread."""

    def play(states, T, decks, deck_lens, seeds, variant, steps, obs, masks, agent_rng, counters):
        kernels.random_play_batch(states, T, decks, deck_lens, seeds, variant, steps, obs, masks, agent_rng, counters)

    return play


def measure(game: str, batch: int, repeats: int, mode: int, clock=time.perf_counter) -> float:
    import numba

    import tcg_env

    numba.set_num_threads(1)
    bg = tcg_env.make_batch(game, batch, seed=1)
    play = _engine_random_play(bg.spec.kernels) if mode == 3 else make_loop(game, mode)
    rng = bg.spec.kernels.seed_agent_rng(batch, 7)
    counters = np.zeros((batch, 5), np.int64)
    args = (bg.states, bg._T, bg.decks, bg.deck_lens, bg.seeds, bg.variant_index)
    play(*args, 300, bg.obs, bg.masks, rng, counters)  # compile, and spread the games over all phases
    best = float("inf")
    for _ in range(repeats):
        done = counters[:, 0].sum()
        t0 = clock()
        play(*args, 200, bg.obs, bg.masks, rng, counters)
        best = min(best, (clock() - t0) / (counters[:, 0].sum() - done) * 1e9)
    return best


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="fftcg")
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--forms", default="0,1,2,3",
                    help="which forms to run: 0 observation over the previous, 1 full observation, 2 none, "
                         "3 the engine's batch kernel (form 3 only uses spec.kernels.random_play_batch, so a copy "
                         "of this script placed in an older checkout measures that checkout's batch kernel)")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="wall: elapsed time; cpu: the process's CPU time (time.process_time), which leaves out the "
                         "time other processes of a loaded machine take from it (the loop runs on one thread)")
    args = ap.parse_args(argv)
    forms = {int(f) for f in args.forms.split(",")}
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    out = {"game": args.game, "batch": args.batch, "clock": args.clock}
    for mode, name in ((0, "obs_over_previous_ns"), (1, "obs_full_ns"), (2, "no_obs_ns"), (3, "engine_batch_ns")):
        if mode not in forms:
            continue
        out[name] = round(measure(args.game, args.batch, args.repeats, mode, clock), 1)
        print(f"{args.game} single-thread random play, {name[:-3].replace('_', ' ')}: {out[name]:.1f} ns/decision")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
