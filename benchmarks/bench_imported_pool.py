"""A real card list end to end: the import's time and the engine's speed with the imported pool.

    python benchmarks/bench_imported_pool.py --game weiss_schwarz --file CARDS.json [--seconds 20] [--batch 1024]

1. Imports ``--file`` (a raw card list the game's importer reads, e.g. ../shared/carddata/...) the
   way ``tcg cards import`` does, and times it (the issue's target: the largest sample list under
   10 s) with the card-text coverage line.
2. Builds decks from the imported pool shaped like the game's two default decks (or like the first
   built-in deck the pool can fill; :func:`tcg_env.cards.deck_like.deck_like`; the starter pool then
   plays the built-in decks of those shapes, like for like), twice: ``as_like``
   (a card with abilities for each starter card with abilities, a vanilla card for a vanilla one,
   among those one with abilities of the same kinds (its other sides' counted), else as many ability
   rows, where the pool has it, needing no kernel work the starter deck does not, the nearest in the
   game's stats: decks as heavy in abilities as the starter decks, the like-for-like comparison; the
   rows are printed) and ``first``
   (cards whose text compiled whole first: decks of abilities only, heavier than the starter decks).
3. Measures batch random play (observation and mask every decision, ``random_play_batch``) with
   the starter pool and its default decks and with both imported decks, alternating them in chunks
   so a shared machine's load falls on all, and prints the ratios (target: the imported pool
   within 10% of the starter pool, ``ratio`` >= 0.9, measured like for like).

The last line is one JSON object: game, file, import_s, cards, cards_exact, cards_approximate,
starter_decisions_per_s, imported_decisions_per_s (as_like), imported_abilities_first_decisions_per_s,
ratio, ratio_abilities_first, decisions_per_game, starter_decks, load.

``--save-decks FILE`` writes the imported decks it drew (both kinds, by card number); ``--decks FILE``
plays those instead of drawing them. Drawn decks change when the card text compiler does (more cards
exact, other cards drawn): to tell a code change from a deck change, save the decks on one checkout and
play them on the other (``instructions.py --decks`` reads the same file).
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


DECK_KINDS = ("as_like", "first")


def save_decks(path: Path, drawn: dict) -> None:
    """Write ``{kind: (like names, decks)}`` for ``--decks``: one object per kind, decks by card number."""
    Path(path).write_text(json.dumps({k: {"like": n, "decks": [list(d) for d in ds]} for k, (n, ds) in drawn.items()}))


def read_decks(path: Path, kind: str, pool) -> tuple[list[str], list[list[str]]]:
    """The ``kind`` decks of a ``--save-decks`` file, checked against ``pool``: (like names, decks). A file
    that is not one, or a card the pool lacks, is a one-line ``ValueError`` naming the file and the card."""
    try:
        text = Path(path).read_text()
    except OSError as exc:
        raise ValueError(f"--decks {path}: {exc.strerror}") from None
    try:
        entry = json.loads(text)[kind]
        names, decks = list(entry["like"]), [list(d) for d in entry["decks"]]
    except (ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"--decks {path}: not a deck file of --save-decks with {kind!r} decks ({exc!r})") from None
    for deck in decks:
        for number in deck:
            if number not in pool.index:
                raise ValueError(f"--decks {path}: card {number!r} of the {kind} decks is not in the imported pool")
    return names, decks


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", required=True)
    ap.add_argument("--file", required=True, help="a raw card list of the game (what `tcg cards import` reads)")
    ap.add_argument("--seconds", type=float, default=20.0, help="measuring time, split between the two pools")
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--chunk", type=float, default=1.0, help="seconds per turn of each pool")
    ap.add_argument("--decks", type=Path, help="play the imported decks of this --save-decks file instead of drawing them")
    ap.add_argument("--save-decks", type=Path, help="write the imported decks played (both kinds) to this file")
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
    def shaped(abilities: str) -> tuple[list[str], list[list[str]]]:
        """The two imported decks and the names of the built-in decks whose shapes they have."""
        names, out = [], []
        if args.decks:
            try:
                pinned = read_decks(args.decks, abilities, pool)
            except ValueError as exc:
                ap.error(str(exc))
        for i, like in enumerate(spec.default_decks()):
            if args.decks:
                name, deck = pinned[0][i], pinned[1][i]
            else:
                try:  # the shape of the starter deck it is measured against, else the first the pool fills
                    name, deck = deck_like_named(args.game, pool, like, seed=i, abilities=abilities)
                except DeckError:
                    name, deck = deck_like_named(args.game, pool, None, seed=i, abilities=abilities)
            rows = sum(len(pool.ability_rows(pool.index[n])) for n in deck)
            print(f"deck ({abilities}) like {name}: {len(deck)} cards, {len(set(deck))} different, "
                  f"{sum(len(pool.ability_rows(pool.index[n])) > 0 for n in deck)} with abilities, {rows} ability rows")
            names.append(name)
            out.append(deck)
        return names, out

    base = spec.load_tables()
    for like in spec.default_decks():
        ids = [int(c) for c in spec.load_deck(base, like, None).card_ids]
        print(f"starter deck {like}: {sum(len(base.ability_rows(c)) > 0 for c in ids)} cards with abilities, "
              f"{sum(len(base.ability_rows(c)) for c in ids)} ability rows")
    like_names, like_decks = shaped("as_like")
    first_names, first_decks = shaped("first")
    if args.save_decks:
        save_decks(args.save_decks, {"as_like": (like_names, like_decks), "first": (first_names, first_decks)})
        print(f"decks written to {args.save_decks}")
    # like for like: the starter pool plays the built-in decks whose shapes the imported decks have
    # (the default decks, unless the pool cannot fill one's shape: then the deck the imported one is
    # shaped like, so both sides of the ratio play the same matchup of shapes)
    print(f"starter decks: {like_names[0]} vs {like_names[1]} (the shapes of the imported as_like decks)")
    if first_names != like_names:
        print(f"  note: the abilities-first decks have the shapes {first_names[0]} vs {first_names[1]}")
    runs = {"starter": _runner(args.game, None, like_names, args.batch),
            "imported": _runner(args.game, pool, like_decks, args.batch),
            "imported_abilities_first": _runner(args.game, pool, first_decks, args.batch)}  # fmt: skip
    tot = {k: [0, 0, 0.0] for k in runs}
    t_end = time.perf_counter() + args.seconds
    while time.perf_counter() < t_end:
        for name, run in runs.items():
            d, g, dt = run(args.chunk)
            tot[name][0] += d
            tot[name][1] += g
            tot[name][2] += dt
    rate = {k: v[0] / v[2] for k, v in tot.items()}
    per_game = {k: v[0] / max(v[1], 1) for k, v in tot.items()}
    ratio = rate["imported"] / rate["starter"]
    ratio_first = rate["imported_abilities_first"] / rate["starter"]
    load = os.getloadavg()[0]
    for k in runs:
        print(f"{args.game} batch random play, B={args.batch}, {k}: {rate[k]:,.0f} decisions/s ({per_game[k]:.0f} decisions/game)")
    print(f"ratio imported / starter (decks as heavy in abilities as the starter decks): {ratio:.3f} (target >= 0.9); "
          f"decks of abilities first: {ratio_first:.3f}; load {load:.2f}")
    out = {"game": args.game, "file": Path(args.file).name, "import_s": round(import_s, 3),
           "cards": report.get("cards"), "cards_exact": report.get("cards_exact"),
           "cards_approximate": report.get("cards_approximate"),
           "starter_decisions_per_s": round(rate["starter"]), "imported_decisions_per_s": round(rate["imported"]),
           "imported_abilities_first_decisions_per_s": round(rate["imported_abilities_first"]),
           "ratio": round(ratio, 4), "ratio_abilities_first": round(ratio_first, 4),
           "decisions_per_game": {k: round(v, 1) for k, v in per_game.items()}, "starter_decks": like_names,
           "load": load}  # fmt: skip
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
