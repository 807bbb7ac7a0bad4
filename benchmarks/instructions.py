"""Instructions per decision of a game's random-play loop, counted by valgrind's callgrind.

    python benchmarks/instructions.py --game fftcg --form 2
    python benchmarks/instructions.py --game fftcg --form 2 --checkout /path/to/old
    python benchmarks/instructions.py --game fftcg --form 2 --functions 15

A developer tool beside ``bench_row_loop.py`` and ``machine_code.py``. On a shared, loaded machine
two timings of the same code differ by 10% and more; the number of instructions executed does not
depend on the load: callgrind counts them, and two checkouts that play the same decisions compare
exactly. This script runs ``bench_row_loop.py``'s loop (``--form``: 0 the observation written over
the previous one, 1 in full, 2 no observation; the copy of that loop in the checkout given, over
that checkout's game) over ``--batch`` rows: a warm-up of ``--warmup`` decisions per row (spread the
games over all phases, as ``bench_row_loop.py`` does), then ``--steps`` decisions per row counted.
It runs once natively first (numba compiles its cache outside valgrind, and the digest below is
checked against it), then under ``valgrind --tool=callgrind --instr-atstart=no``: the start
(imports, numba's cache, compiling the loop, the warm-up) runs uninstrumented, several times faster;
just before the counted pass the script switches instrumentation on (``callgrind_control``), then
calls two C library functions nothing else calls, ``getloadavg`` (``os.getloadavg``: callgrind
zeroes its counters there, ``--zero-before``) and, after the pass, ``ctermid`` (``os.ctermid``:
callgrind writes its counters there, ``--dump-before``). Between them besides the loop: one call
through numba's dispatcher, a few thousand instructions against ~10^8. (ctypes' calls of a C
function are not seen as calls by callgrind, hence functions Python calls itself.)

It prints the instructions per decision, the decisions counted, and a digest of the rows, masks and
counters at the end: two checkouts that play the same decisions (same seed, same games: golden play
bit-identical) print the same digest wherever their row layouts are the same. ``--functions N``
adds callgrind_annotate's N costliest functions (exclusive), numba's named by the compiled loop's
symbols (valgrind cannot read them: the child maps each function's address to its name). A count is
for one machine code: compare two checkouts on one machine, one numba and LLVM. Two runs of the
same checkout, same decisions, differed by about 1% in total under random hash seeds (``main`` now
fixes it; whether that makes two runs identical is not yet checked); a difference of several
percent between two checkouts is the code's. Slow on a loaded 2-core machine:
5-10 minutes a run (more with ``--functions``), most of it the uninstrumented start.

``--file CARDS.json`` counts a pool imported from a raw card list instead of the built-in one, with the
decks ``bench_imported_pool.py`` measures (``--abilities``: ``as_like``, the like-for-like decks, or
``first``; ``--decks FILE``: the decks its ``--save-decks`` wrote, to count two checkouts on the same
decks): the parent imports the list once (outside valgrind) and hands the child the pool's file and the
decks. The built-in count of the same command (no ``--file``) plays the built-in decks of the shapes the
imported decks have (the default decks where the pool fills them, as in that benchmark),
so the two counts' ratio is the benchmark's ratio by instructions (starter / imported per decision).

``--cache-sim`` adds valgrind's cache and branch-predictor simulation (about twice as slow): per
decision the first-level instruction and data misses, the last-level misses and the mispredicted
branches, and KCachegrind's cycle estimate ``Ir + 10 Bm + 10 L1m + 100 LLm``. Instructions alone miss
what makes a pool's decisions dearer per instruction: FF-TCG's imported pool (session 18) showed the
gap in instruction-cache misses (its games reach more of the kernels' code), not in its larger tables.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
# the C library functions that mark the counted pass: callgrind zeroes its counters on entering the
# first and writes them out on entering the second. Python calls them directly (os.getloadavg,
# os.ctermid), so callgrind sees them entered (a function called through ctypes' libffi is not seen
# as a call), and neither Python, numba nor the kernels call them otherwise
ZERO_MARK, DUMP_MARK = "getloadavg", "ctermid"


def function_names(play) -> dict[str, str]:
    """{entry address (callgrind's name of a function without symbols): kernel name} for every
    function in the compiled loop (``play``'s library holds its own copy of every kernel it calls)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("machine_code", HERE / "machine_code.py")
    machine_code = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(machine_code)
    sig = play.signatures[0]
    library = play.overloads[sig].library
    names = {}
    if getattr(library, "_disable_inspection", False):
        # loaded from numba's cache (form 3): no assembly, but the module kept for linking names every
        # function the object code defines
        for fn in library._shared_module.functions:
            if not fn.is_declaration:
                address = library.get_pointer_to_function(fn.name)
                if address:
                    names[f"0x{address:016x}"] = machine_code.readable(fn.name)
        return names
    for line in play.inspect_asm(sig).splitlines():
        m = machine_code._FUNCTION.match(line)
        if m:
            address = library.get_pointer_to_function(m.group(1))
            if address:
                names[f"0x{address:016x}"] = machine_code.readable(m.group(1))
    return names


def imported_decks(checkout: Path, game: str, file: Path, abilities: str, outdir: Path,
                   pinned: Path | None = None) -> dict:
    """Import ``file`` as ``tcg cards import`` does, write the pool to ``outdir`` and build the two decks
    shaped like the default decks (``bench_imported_pool.py``'s), or read them from ``pinned`` (a file of
    its ``--save-decks``); returns the child's arguments."""
    sys.path.insert(0, str(checkout))
    import tcg_env
    from tcg_env.cards.deck_like import deck_like_named
    from tcg_env.cards.errors import DeckError
    from tcg_env.cards.files import import_card_file, load_game_pool, write_pool

    spec = tcg_env.get_spec(game)
    res = import_card_file(game, str(file))
    path = write_pool(game, list(res), outdir / "imported.json", source=str(file))
    pool = load_game_pool(game, path)
    names, decks = [], []
    if pinned is not None:
        sys.path.insert(0, str(HERE))
        from bench_imported_pool import read_decks

        names, decks = read_decks(pinned, abilities, pool)
    for i, like in enumerate(spec.default_decks() if pinned is None else ()):
        try:
            name, deck = deck_like_named(game, pool, like, seed=i, abilities=abilities)
        except DeckError:
            name, deck = deck_like_named(game, pool, None, seed=i, abilities=abilities)
        names.append(name)
        decks.append(deck)
    (outdir / "decks.json").write_text(json.dumps({"like": names, "decks": decks}))
    return {"pool": str(path), "decks": str(outdir / "decks.json"), "like": names}


def play_counted(checkout: Path, game: str, form: int, batch: int, warmup: int, steps: int,
                 under_valgrind: bool, names: bool, pool_file: str | None = None,
                 decks_file: str | None = None) -> dict:
    """Run the checkout's ``bench_row_loop`` loop: warm-up, then the counted pass between the marks."""
    sys.path.insert(0, str(checkout))
    sys.path.insert(0, str(checkout / "benchmarks"))
    import numba
    import numpy as np

    import bench_row_loop
    import tcg_env

    numba.set_num_threads(1)
    if pool_file:  # an imported pool and its decks (imported_decks)
        from tcg_env.cards.files import load_game_pool

        decks = json.loads(Path(decks_file).read_text())["decks"]
        bg = tcg_env.make_batch(game, batch, decks=decks, seed=1, pool=load_game_pool(game, pool_file))
    else:
        bg = tcg_env.make_batch(game, batch, seed=1)
    if form == 3:  # the engine's batch kernel (cached: nothing compiles under valgrind)
        from tcg_env.engine.batch import batch_range

        play, compiled = bg.spec.kernels.random_play_batch, batch_range
    else:
        play = compiled = bench_row_loop.make_loop(game, form)
    rng = bg.spec.kernels.seed_agent_rng(batch, 7)
    counters = np.zeros((batch, 5), np.int64)
    args = (bg.states, bg._T, bg.decks, bg.deck_lens, bg.seeds, bg.variant_index)
    play(*args, warmup, bg.obs, bg.masks, rng, counters)
    done = int(counters[:, 0].sum())
    if under_valgrind:
        # callgrind runs the start (imports, numba's cache, compiling the loop) uninstrumented,
        # about 5x faster than counting it: instrumentation on for the pass (through vgdb)
        subprocess.run(["callgrind_control", "--instr=on", str(os.getpid())], check=True, capture_output=True)
    os.getloadavg()  # ZERO_MARK
    play(*args, steps, bg.obs, bg.masks, rng, counters)
    os.ctermid()  # DUMP_MARK
    if under_valgrind:  # the rest (the function names: LLVM writes the loop's assembly) uninstrumented
        subprocess.run(["callgrind_control", "--instr=off", str(os.getpid())], check=True, capture_output=True)
    try:
        named = function_names(compiled) if names else {}
    except Exception as exc:  # e.g. code loaded from numba's cache, whose assembly is not at hand
        print(f"no function names: {exc!r}", file=sys.stderr)
        named = {}
    digest = hashlib.sha256()
    for a in (bg.states, bg.masks, counters):
        digest.update(np.ascontiguousarray(a).tobytes())
    return {"decisions": int(counters[:, 0].sum()) - done, "games": int(counters[:, 1].sum()),
            "tcg_env": tcg_env.__file__, "digest": digest.hexdigest()[:16], "names": named}


def _counted(outdir: Path) -> Path:
    """The callgrind file written at the dump mark (the one whose trigger names it)."""
    for p in sorted(outdir.glob("callgrind.out*")):
        head = p.read_text(errors="replace")[:4000]
        if re.search(rf"^desc: Trigger: --dump-before={DUMP_MARK}", head, re.M):
            return p
    sys.exit(f"no callgrind dump at {DUMP_MARK} in {outdir}: did valgrind run the marks?")


def _events(path: Path) -> dict[str, int]:
    """callgrind's totals by event name (``Ir`` alone, or with ``--cache-sim`` the cache and branch events too)."""
    text = path.read_text(errors="replace")
    names = re.search(r"^events: (.+)$", text, re.M).group(1).split()
    values = re.search(r"^summary: (.+)$", text, re.M).group(1).split()
    return dict(zip(names, map(int, values)))


def cycle_estimate(ev: dict[str, int]) -> int:
    """KCachegrind's cycle estimate, ``CEst = Ir + 10 Bm + 10 L1m + 100 LLm``: an instruction count that also
    weighs what instructions alone do not see (a larger pool's tables missing the caches, branches its cards make
    harder to predict). A model, not a timing: it ranks two runs on one machine's simulated caches."""
    l1m = ev.get("I1mr", 0) + ev.get("D1mr", 0) + ev.get("D1mw", 0)
    llm = ev.get("ILmr", 0) + ev.get("DLmr", 0) + ev.get("DLmw", 0)
    bm = ev.get("Bcm", 0) + ev.get("Bim", 0)
    return ev["Ir"] + 10 * bm + 10 * l1m + 100 * llm


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="fftcg")
    ap.add_argument("--form", type=int, default=2, choices=(0, 1, 2, 3),
                    help="bench_row_loop's form: 0 observation over the previous, 1 full observation, 2 none, "
                         "3 the engine's batch random play (random_play_batch, what bench_imported_pool.py times; "
                         "loaded from numba's cache, so its runs under valgrind start several times faster)")
    ap.add_argument("--checkout", type=Path, default=HERE.parent)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--warmup", type=int, default=300, help="decisions per row before the counted pass")
    ap.add_argument("--steps", type=int, default=200, help="decisions per row counted")
    ap.add_argument("--functions", type=int, default=0, help="also print the N costliest functions")
    ap.add_argument("--cache-sim", action="store_true",
                    help="also simulate the caches and branch predictor (valgrind's --cache-sim / --branch-sim, "
                         "about twice as slow) and print misses per decision and KCachegrind's cycle estimate")
    ap.add_argument("--keep", type=Path, help="copy callgrind's file of the counted pass here")
    ap.add_argument("--file", type=Path, help="count a pool imported from this raw card list (its as_like decks)")
    ap.add_argument("--abilities", default="as_like", choices=("as_like", "first"),
                    help="with --file: the decks' kind (bench_imported_pool.py's as_like or abilities first)")
    ap.add_argument("--decks", type=Path, help="with --file: play the decks of this file (bench_imported_pool.py "
                    "--save-decks) instead of drawing them, e.g. the same decks on two checkouts")
    ap.add_argument("--child", choices=("native", "valgrind"), help=argparse.SUPPRESS)
    ap.add_argument("--pool-file", help=argparse.SUPPRESS)
    ap.add_argument("--decks-file", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.decks and not args.file:
        ap.error("--decks needs --file: the decks are of an imported pool")
    checkout = args.checkout.resolve()
    if args.child:
        print(json.dumps(play_counted(checkout, args.game, args.form, args.batch, args.warmup, args.steps,
                                      args.child == "valgrind", args.functions > 0, args.pool_file,
                                      args.decks_file)))
        return 0
    if not (checkout / "tcg_env").is_dir():
        sys.exit(f"--checkout {checkout}: not a tcg_env checkout (no tcg_env folder)")
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        sys.exit("valgrind (with callgrind_control) is not installed (apt-get install valgrind)")
    child = [sys.executable, str(Path(__file__).resolve()), "--game", args.game, "--form", str(args.form),
             "--checkout", str(checkout), "--batch", str(args.batch), "--warmup", str(args.warmup),
             "--steps", str(args.steps), "--functions", str(args.functions)]
    # a fixed hash seed: two runs of one checkout under random seeds differed by ~1% in total and
    # more in some functions, the decisions the same; the likely cause is the order numba meets the
    # functions in (Python's string hashes), and with it LLVM's inlining and registers
    env = {**os.environ, "PYTHONPATH": str(checkout), "PYTHONHASHSEED": "0"}
    pool_dir = tempfile.TemporaryDirectory(prefix="tcg-instructions-pool-")
    imported = None
    if args.file:
        try:
            imported = imported_decks(checkout, args.game, args.file.resolve(), args.abilities, Path(pool_dir.name),
                                      args.decks)
        except ValueError as exc:
            ap.error(str(exc))
        child += ["--pool-file", imported["pool"], "--decks-file", imported["decks"]]
    native = json.loads(subprocess.run([*child, "--child", "native"], env=env, check=True, capture_output=True, text=True).stdout.splitlines()[-1])
    with tempfile.TemporaryDirectory(prefix="tcg-instructions-") as tmp:
        out = Path(tmp)
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/callgrind.out",
                              *(["--cache-sim=yes", "--branch-sim=yes"] if args.cache_sim else []),
                              "--instr-atstart=no", f"--zero-before={ZERO_MARK}", f"--dump-before={DUMP_MARK}",
                              *child, "--child", "valgrind"],
                             env=env, check=True, capture_output=True, text=True)
        counted = json.loads(run.stdout.splitlines()[-1])
        dump = _counted(out)
        events = _events(dump)
        total = events["Ir"]
        if args.keep:
            shutil.copy(dump, args.keep)
        top = ""
        if args.functions:
            top = subprocess.run(["callgrind_annotate", "--threshold=100", str(dump)], check=True,
                                 capture_output=True, text=True).stdout
    if counted["digest"] != native["digest"]:
        print(f"warning: the run under valgrind ended elsewhere than the native one ({counted['digest']} "
              f"against {native['digest']})")
    pool_dir.cleanup()
    result = {"game": args.game, "form": args.form, "checkout": str(checkout), "batch": args.batch,
              "pool": str(args.file) if args.file else "built-in",
              "decks": imported["like"] if imported else "default", "abilities": args.abilities if args.file else None,
              "warmup": args.warmup, "steps": args.steps, "decisions": counted["decisions"],
              "games": counted["games"], "instructions": total,
              "per_decision": round(total / counted["decisions"], 1), "digest": counted["digest"]}
    if args.cache_sim:
        n = counted["decisions"]
        result["per_decision_events"] = {k: round(v / n, 2) for k, v in events.items()}
        result["cycle_estimate_per_decision"] = round(cycle_estimate(events) / n, 1)
    print(f"{args.game} form {args.form} at {checkout}, pool {result['pool']}: {result['per_decision']:.1f} instructions per decision "
          f"({total} over {counted['decisions']} decisions); digest {counted['digest']}")
    if args.cache_sim:
        ev = result["per_decision_events"]
        print("per decision: " + ", ".join(f"{k} {v:,.2f}" for k, v in ev.items() if k != "Ir")
              + f"; cycle estimate (Ir + 10 Bm + 10 L1m + 100 LLm) {result['cycle_estimate_per_decision']:,.1f}")
    if top:
        lines = top.splitlines()
        start = next((i for i, line in enumerate(lines) if "file:function" in line), 0)
        for line in lines[start:start + 1 + args.functions]:
            m = re.search(r"\?\?\?:(0x[0-9a-f]+) \[\?\?\?\]", line)
            print(line.replace(m.group(0), counted["names"].get(m.group(1), m.group(1))) if m else line)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
