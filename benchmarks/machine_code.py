"""The machine code of a game's random-play loop, to compare two checkouts without timing them.

    python benchmarks/machine_code.py --game weiss_schwarz --checkout /path/to/old --out old.json
    python benchmarks/machine_code.py --game weiss_schwarz --out new.json
    python benchmarks/machine_code.py --compare old.json new.json

A developer tool beside ``bench_row_loop.py``. On a shared, noisy machine two timings of the same
code differ by 10% and more, and a speed difference between two commits cannot be told from noise.
The compiled code can: this script compiles ``bench_row_loop.py``'s loop (``--mode``: 0 observation
over the previous, 2 no observation; the loop of the checkout given, over that checkout's game) in a
fresh numba cache, reads its assembly (every function LLVM kept out of line, the game's kernels
included), and writes per function its instruction count, calls and a digest of its instructions
with labels and symbol names normalised. ``--compare`` lists the functions whose code differs.
Identical code with different timings is noise (or code placement); a function whose code changed is
where to look. It compiles from scratch: about as long as a cold compile of the game.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
_FUNCTION = re.compile(r"^(_ZN\S+):\s*$")
# a mangled numba name: _ZN<len><part>...B<n>v<counter>B<len><abi tags>E<types>; the counter and the
# abi tags change from one compile to another, the qualified name does not
_PART = re.compile(r"(\d+)")


def readable(symbol: str) -> str:
    """``tcg_env.games.x.kernels.apply_unchecked`` from a mangled numba symbol."""
    parts, i = [], len("_ZN")
    while i < len(symbol) and symbol[i].isdigit():
        m = _PART.match(symbol, i)
        n = int(m.group(1))
        start = m.end()
        parts.append(symbol[start:start + n])
        i = start + n
    return ".".join(parts) or symbol


def _normalise(line: str) -> str:
    line = re.sub(r"_ZN\S+", "SYM", line)
    return re.sub(r"\.(LBB|LCPI|Ltmp|Lfunc_end)\d+(_\d+)?", ".L", line)


def functions(asm: str) -> dict[str, dict]:
    """{readable name (#k for the k-th copy of that name, in assembly order): count, calls, digest}."""
    out: dict[str, dict] = {}
    name, body = None, []

    def close():
        if name is None:
            return
        key, k = name, 1
        while key in out:
            k += 1
            key = f"{name}#{k}"
        text = "\n".join(body)
        out[key] = {"instructions": len(body), "calls": sum("\tcall" in b for b in body),
                    "digest": hashlib.sha256(text.encode()).hexdigest()[:16]}

    for line in asm.splitlines():
        m = _FUNCTION.match(line)
        if m:
            close()
            name, body = readable(m.group(1)), []
        elif name is not None and line.startswith("\t") and not line.lstrip().startswith("."):
            body.append(_normalise(line))
    close()
    return out


def compile_loop(checkout: Path, game: str, mode: int) -> str:
    sys.path.insert(0, str(checkout))
    sys.path.insert(0, str(checkout / "benchmarks"))
    import numpy as np

    import bench_row_loop
    import tcg_env

    bg = tcg_env.make_batch(game, 2, seed=1)
    play = bench_row_loop.make_loop(game, mode)
    rng = bg.spec.kernels.seed_agent_rng(2, 7)
    counters = np.zeros((2, 5), np.int64)
    play(bg.states, bg._T, bg.decks, bg.deck_lens, bg.seeds, bg.variant_index, 2, bg.obs, bg.masks, rng, counters)
    return play.inspect_asm(play.signatures[0])


def _short(key: str) -> str:
    """A function's name without its module (``kernels.apply_unchecked#2`` -> ``apply_unchecked#2``)."""
    name, _, copy = key.partition("#")
    return name.rsplit(".", 1)[-1] + (f"#{copy}" if copy else "")


def compare(a: dict, b: dict) -> list[str]:
    """What differs between two checkouts' functions: matched by qualified name, then (a function
    that moved to another module) by its name alone where that is unambiguous on both sides."""
    only_a = {k for k in a if k not in b}
    only_b = {k for k in b if k not in a}
    pairs = [(k, k) for k in sorted(set(a) & set(b))]
    short_a = {}
    for k in only_a:
        short_a.setdefault(_short(k), []).append(k)
    short_b = {}
    for k in only_b:
        short_b.setdefault(_short(k), []).append(k)
    for name, ks in short_a.items():
        if len(ks) == 1 and len(short_b.get(name, ())) == 1:
            pairs.append((ks[0], short_b[name][0]))
            only_a.discard(ks[0])
            only_b.discard(short_b[name][0])
    lines = [f"only in first: {k}" for k in sorted(only_a)] + [f"only in second: {k}" for k in sorted(only_b)]
    for ka, kb in sorted(pairs):
        x, y = a[ka], b[kb]
        if x["digest"] != y["digest"]:
            moved = "" if ka == kb else f" (moved: {ka})"
            lines.append(f"differs: {kb}{moved}: {x['instructions']} -> {y['instructions']} instructions, "
                         f"{x['calls']} -> {y['calls']} calls")
    return lines


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="fftcg")
    ap.add_argument("--mode", type=int, default=0, choices=(0, 2))
    ap.add_argument("--checkout", type=Path, default=HERE.parent)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("FIRST", "SECOND"))
    args = ap.parse_args(argv)
    if args.compare:
        first, second = (json.loads(p.read_text()) for p in args.compare)
        diff = compare(first["functions"], second["functions"])
        total = [sum(f["instructions"] for f in d["functions"].values()) for d in (first, second)]
        print(f"{len(first['functions'])} / {len(second['functions'])} functions, "
              f"{total[0]} / {total[1]} instructions; {len(diff)} differ")
        print("\n".join(diff))
        return 1 if diff else 0
    if not (args.checkout / "tcg_env").is_dir():
        sys.exit(f"--checkout {args.checkout}: not a tcg_env checkout (no tcg_env folder)")
    # a fresh cache: numba keeps no assembly for a kernel it loaded from its cache
    os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="tcg-machine-code-")
    fns = functions(compile_loop(args.checkout.resolve(), args.game, args.mode))
    result = {"game": args.game, "mode": args.mode, "checkout": str(args.checkout), "functions": fns}
    text = json.dumps(result, indent=1)
    if args.out:
        args.out.write_text(text)
    print(f"{len(fns)} functions, {sum(f['instructions'] for f in fns.values())} instructions"
          + (f": {args.out}" if args.out else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
