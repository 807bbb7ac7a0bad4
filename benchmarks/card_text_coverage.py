"""Card-text coverage over many card lists: the figures the issue's targets are stated in.

    python benchmarks/card_text_coverage.py --game weiss_schwarz ../shared/carddata/weiss_schwarz/*.json
    python benchmarks/card_text_coverage.py --game weiss_schwarz --dir /path/to/more/sets [--top 10]
    python benchmarks/card_text_coverage.py --game force_of_will FILE.json --dump before.tsv   # then after.tsv

Imports every file with the game's importer (nothing is written), and prints one line per file:
cards, exact, exact-or-approximate (shares), lines by verdict and the import time; then the same
for all files together, the worst file, the most common unsupported sentence shapes over all of
them, the approximations that alone keep approximate cards from exact (how many cards each), and as
its last line one JSON object (game, files, totals, worst, import_s_max).

``--dump F.tsv`` also writes every ability line's verdict, one row each (file, set, card number, verdict,
the line, and the reason or the approximations): two dumps, before and after a change to a compiler,
diffed (``diff before.tsv after.tsv``) show what the change did line by line, and every line that was
exact and is no longer.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

KEYS = ("cards", "cards_exact", "cards_approximate", "lines", "lines_exact", "lines_approximate", "lines_unsupported")


def _line(name: str, r: dict, secs: float | None = None) -> str:
    n = max(r["cards"], 1)
    t = f", {secs:.2f} s" if secs is not None else ""
    return (f"{name:40s} cards {r['cards']:5d}  exact {r['cards_exact']:5d} ({r['cards_exact'] / n:6.1%})  "
            f"exact|approx {r['cards_approximate']:5d} ({r['cards_approximate'] / n:6.1%})  lines {r['lines']:5d}: "
            f"{r['lines_exact']} exact, {r['lines_approximate']} approx, {r['lines_unsupported']} unsupported{t}")  # fmt: skip


def _cell(text: str) -> str:
    return " ".join(text.split())  # one row per line: no tab or newline inside a cell


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", required=True)
    ap.add_argument("files", nargs="*", help="raw card lists of the game")
    ap.add_argument("--dir", default=None, help="also every *.json file of this folder")
    ap.add_argument("--top", type=int, default=15, help="how many unsupported shapes to print")
    ap.add_argument("--dump", default=None, metavar="F.tsv", help="write every line's verdict to F.tsv")
    args = ap.parse_args(argv)
    from tcg_env.cards.files import import_card_file
    from tcg_env.cards.text import Verdict

    files = [Path(f) for f in args.files] + (sorted(Path(args.dir).glob("*.json")) if args.dir else [])
    if not files:
        ap.error("no card lists given")
    total = dict.fromkeys(KEYS, 0)
    shapes: Counter = Counter()
    # approximate cards whose lines use one approximation only: the cards that approximation alone keeps
    # from exact (the cheapest exact cards: make that one mechanism exact)
    only_one: Counter = Counter()
    per_file = []
    dump = open(args.dump, "w", encoding="utf-8") if args.dump else None  # noqa: SIM115 (closed below)
    for f in files:
        t0 = time.perf_counter()
        try:
            res = import_card_file(args.game, f)
            r = res.report()
        except ValueError as exc:
            print(f"{f.name}: {exc}")
            continue
        secs = time.perf_counter() - t0
        print(_line(f.name[-40:], r, secs))
        per_file.append((f.name, r, secs))
        for k in KEYS:
            total[k] += r[k]
        for s in r["unsupported_shapes"]:
            shapes[s["shape"]] += s["lines"]
        for rec in res.text_records or ():
            if dump is not None:
                for ln in rec.lines:
                    why = ln.reason if ln.verdict is Verdict.UNSUPPORTED else ",".join(ln.approximations)
                    dump.write("\t".join((f.name, rec.set, rec.number, ln.verdict.value, _cell(ln.line), _cell(why))) + "\n")
            names = {n for line in rec.lines for n in line.approximations}
            if len(names) == 1 and rec.verdict is Verdict.APPROXIMATE:
                only_one[names.pop()] += 1
    if dump is not None:
        dump.close()
    if not per_file:
        return 1
    print(_line(f"all {len(per_file)} files", total))
    worst = min(per_file, key=lambda x: x[1]["cards_approximate"] / max(x[1]["cards"], 1))
    worst_exact = min(per_file, key=lambda x: x[1]["cards_exact"] / max(x[1]["cards"], 1))
    print(_line(f"worst exact|approx: {worst[0][-26:]}", worst[1]))
    print(_line(f"worst exact: {worst_exact[0][-33:]}", worst_exact[1]))
    print(f"most common unsupported shapes (of each file's top 30), over {len(per_file)} files:")
    for sh, c in shapes.most_common(args.top):
        print(f"  {c:5d}  {sh[:150]}")
    print(f"approximate cards held back by one approximation only, over {len(per_file)} files:")
    for name, c in only_one.most_common(args.top):
        print(f"  {c:5d}  {name}")
    n = max(total["cards"], 1)
    print(json.dumps({"game": args.game, "files": len(per_file), **total,
                      "share_exact": round(total["cards_exact"] / n, 4),
                      "share_exact_or_approximate": round(total["cards_approximate"] / n, 4),
                      "worst_exact_or_approximate": {"file": worst[0], "share": round(worst[1]["cards_approximate"] / max(worst[1]["cards"], 1), 4)},
                      "worst_exact": {"file": worst_exact[0], "share": round(worst_exact[1]["cards_exact"] / max(worst_exact[1]["cards"], 1), 4)},
                      "import_s_max": round(max(x[2] for x in per_file), 3)}))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
