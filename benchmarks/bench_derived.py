"""The derived-value refresh alone, starter pool against an imported one: ns per call.

    python benchmarks/bench_derived.py --game fftcg --file CARDS.json [--repeats 25]

A developer tool beside ``bench_imported_pool.py``: where that one measures whole decisions, this
one times the game's ``characteristics.refresh_derived`` (FF-TCG, Weiss Schwarz: the derived values
of the cards on the field, field / CONT abilities applied) over mid-game rows of random play (512
rows, 4 samples of each, the starter pool with its default decks and the pool imported from
``--file`` with decks shaped like them, as ``profile_kernels.py --file`` builds them). It prints the
best of ``--repeats`` passes (3 refreshes of every row each) in ns per call, and a digest of the
rows after one refresh: the refresh is idempotent, and two checkouts that compute the same values
print the same digest (with ``PYTHONHASHSEED`` fixed), so a faster refresh can be checked for the
same results on the same rows. Run each checkout's own copy, alternately.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def _rows(game: str, pool, decks, samples: int = 4, batch: int = 512):
    import tcg_env

    bg = tcg_env.make_batch(game, batch, decks=decks, seed=1, pool=pool)
    k = bg.spec.kernels
    rng = k.seed_agent_rng(batch, 7)
    counters = np.zeros((batch, 5), np.int64)
    args = (bg.states, bg._T, bg.decks, bg.deck_lens, bg.seeds, bg.variant_index)
    out = []
    for _ in range(samples):
        k.random_play_batch(*args, 37, bg.obs, bg.masks, rng, counters)
        out.append(bg.states.copy())
    return np.concatenate(out), bg._T


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="fftcg", choices=("fftcg", "weiss_schwarz"))
    ap.add_argument("--file", required=True, help="a raw card list of the game (what `tcg cards import` reads)")
    ap.add_argument("--repeats", type=int, default=25)
    args = ap.parse_args(argv)
    from profile_kernels import _imported

    import tcg_env

    rules = tcg_env.get_spec(args.game).kernels.rules  # the game's tag: its hooks, refresh_derived among them

    @njit
    def loop(states, T, reps):
        for _ in range(reps):
            for b in range(states.shape[0]):
                rules.refresh_derived(states[b], T)

    pool, decks = _imported(args.game, args.file)
    sets = {"starter": _rows(args.game, None, None), "imported": _rows(args.game, pool, decks)}
    for name, (S, T) in sets.items():
        ref = S.copy()
        loop(ref, T, 1)
        best = float("inf")
        for _ in range(args.repeats):
            S2 = S.copy()
            t = time.perf_counter()
            loop(S2, T, 3)
            best = min(best, time.perf_counter() - t)
        digest = hashlib.sha256(ref.tobytes()).hexdigest()[:16]
        print(f"{args.game} {name}: {len(S)} rows, best {best / (3 * len(S)) * 1e9:.1f} ns per refresh, digest {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
