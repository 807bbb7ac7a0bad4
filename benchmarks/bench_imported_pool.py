"""A real card list end to end: the import's time and the engine's speed with the imported pool.

    python benchmarks/bench_imported_pool.py --game weiss_schwarz --file CARDS.json [--seconds 20] [--batch 1024]

1. Imports ``--file`` (a raw card list the game's importer reads, e.g. ../shared/carddata/...) the
   way ``tcg cards import`` does, and times it (the issue's target: the largest sample list under
   10 s) with the card-text coverage line.
2. Builds two decks from the imported pool shaped like the game's two default decks, or like the
   first built-in deck the pool can fill (:func:`tcg_env.cards.deck_like.deck_like`: cards whose
   text compiled whole first, so the compiled abilities are played).
3. Measures batch random play (observation and mask every decision, ``random_play_batch``) with
   the starter pool and its default decks and with the imported pool and its decks, alternating
   the two in chunks so a shared machine's load falls on both, and prints the ratio (target: the
   imported pool within 10% of the starter pool, a ratio >= 0.9).

The last line is one JSON object: game, file, import_s, cards, cards_exact, cards_approximate,
starter_decisions_per_s, imported_decisions_per_s, ratio, decisions_per_game (both), load.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from training import threads  # noqa: E402,F401  (passive OpenMP waiting, as in the other benchmarks)


def _runner(game: str, pool, decks, batch: int):
    import tcg_env

    bg = tcg_env.make_batch(game, batch, decks=decks, seed=1, pool=pool)
    k = bg.spec.kernels
    rng = k.seed_agent_rng(batch, 7)
    counters = np.zeros((batch, 5), np.int64)
    args = (bg.states, bg._T, bg.decks, bg.deck_lens, bg.seeds, bg.variant_index)
    k.random_play_batch(*args, 300, bg.obs, bg.masks, rng, counters)  # compile, then past the opening
    counters[:] = 0

    def run(seconds: float) -> tuple[int, int, float]:
        before = counters[:, :2].sum(axis=0).copy()
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            k.random_play_batch(*args, 50, bg.obs, bg.masks, rng, counters)
        d, g = counters[:, :2].sum(axis=0) - before
        return int(d), int(g), time.perf_counter() - t0

    return run


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", required=True)
    ap.add_argument("--file", required=True, help="a raw card list of the game (what `tcg cards import` reads)")
    ap.add_argument("--seconds", type=float, default=20.0, help="measuring time, split between the two pools")
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--chunk", type=float, default=1.0, help="seconds per turn of each pool")
    args = ap.parse_args(argv)
    import tcg_env
    from tcg_env.cards.deck_like import deck_like_named
    from tcg_env.cards.errors import DeckError
    from tcg_env.cards.files import import_card_file, load_game_pool, write_pool

    spec = tcg_env.get_spec(args.game)
    t0 = time.perf_counter()
    try:
        res = import_card_file(args.game, args.file)
    except ValueError as exc:
        ap.error(str(exc))
    import_s = time.perf_counter() - t0
    print(f"command: {' '.join([os.path.basename(sys.executable)] + sys.argv)}")
    print(f"import: {res.summary()} in {import_s:.2f} s")
    report = res.report() if res.text_records is not None else {}
    if report:
        print("  " + res.coverage_text())
    with tempfile.TemporaryDirectory() as d:
        path = write_pool(args.game, list(res), Path(d) / "imported.json", source=str(args.file))
        pool = load_game_pool(args.game, path)
    shaped = []
    for i, like in enumerate(spec.default_decks()):
        try:  # the shape of the starter deck it is measured against, else the first the pool fills
            shaped.append(deck_like_named(args.game, pool, like, seed=i))
        except DeckError:
            shaped.append(deck_like_named(args.game, pool, None, seed=i))
    decks = [d for _, d in shaped]
    for (like, deck) in shaped:
        with_abilities = sum(len(pool.ability_rows(pool.index[n])) > 0 for n in deck)
        print(f"deck like {like}: {len(deck)} cards, {len(set(deck))} different, {with_abilities} with abilities")

    starter = _runner(args.game, None, None, args.batch)
    imported = _runner(args.game, pool, decks, args.batch)
    tot = {"starter": [0, 0, 0.0], "imported": [0, 0, 0.0]}
    t_end = time.perf_counter() + args.seconds
    while time.perf_counter() < t_end:
        for name, run in (("starter", starter), ("imported", imported)):
            d, g, dt = run(args.chunk)
            tot[name][0] += d
            tot[name][1] += g
            tot[name][2] += dt
    rate = {k: v[0] / v[2] for k, v in tot.items()}
    per_game = {k: v[0] / max(v[1], 1) for k, v in tot.items()}
    ratio = rate["imported"] / rate["starter"]
    load = os.getloadavg()[0]
    print(f"{args.game} batch random play, B={args.batch}: starter pool {rate['starter']:,.0f} decisions/s "
          f"({per_game['starter']:.0f} decisions/game), imported pool {rate['imported']:,.0f} decisions/s "
          f"({per_game['imported']:.0f} decisions/game): ratio {ratio:.3f} (target >= 0.9), load {load:.2f}")  # fmt: skip
    out = {"game": args.game, "file": Path(args.file).name, "import_s": round(import_s, 3),
           "cards": report.get("cards"), "cards_exact": report.get("cards_exact"),
           "cards_approximate": report.get("cards_approximate"),
           "starter_decisions_per_s": round(rate["starter"]), "imported_decisions_per_s": round(rate["imported"]),
           "ratio": round(ratio, 4), "starter_decisions_per_game": round(per_game["starter"], 1),
           "imported_decisions_per_game": round(per_game["imported"], 1), "load": load}  # fmt: skip
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
