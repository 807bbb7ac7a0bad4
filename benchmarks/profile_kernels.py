"""Profile the numba kernels with ``perf``, every kernel under its own name.

    python benchmarks/profile_kernels.py --game weiss_schwarz --seconds 10 [--top 30] [--file CARDS.json]

``perf`` cannot name JIT-compiled code: numba's LLVM has no perf listener here, so a plain
``perf record`` shows the engine as anonymous ``[JIT]`` addresses. This script compiles the
engine in a fresh numba cache directory (so every kernel is compiled in this process and its
code library is at hand; about a minute), writes ``/tmp/perf-<pid>.map`` (the file ``perf``
reads for JIT symbols) from numba's code libraries, then runs batch random play (B rows, one
thread, observation and mask every decision) while ``perf record`` samples the process, and
prints ``perf report``'s table by function with numba's mangled names shortened.

Needs ``perf`` (Debian: ``linux-perf``) and permission to profile the process. A developer tool:
nothing in the package or the tests uses it. How it was used: docs/architecture.md (Kernels).
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_WORKER = "--worker"


def _write_perf_map() -> int:
    """Write /tmp/perf-<pid>.map with every function of every numba code library compiled in this
    process; returns the number of functions."""
    from numba.core.codegen import CPUCodeLibrary

    entries = set()
    seen = set()

    def walk(lib):
        if id(lib) in seen:
            return
        seen.add(id(lib))
        module = getattr(lib, "_final_module", None)
        if module is not None:
            for fn in module.functions:
                if fn.is_declaration:
                    continue
                try:
                    addr = lib.get_pointer_to_function(fn.name)
                except Exception:  # not finalized / not emitted
                    addr = 0
                if addr:
                    entries.add((addr, fn.name))
        for sub in getattr(lib, "_linking_libraries", ()):
            walk(sub)

    for obj in gc.get_objects():
        if isinstance(obj, CPUCodeLibrary):
            walk(obj)
    ordered = sorted(entries)
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as f:
        for i, (addr, name) in enumerate(ordered):
            size = min(ordered[i + 1][0] - addr, 1 << 20) if i + 1 < len(ordered) else 4096
            f.write(f"{addr:x} {size:x} {name}\n")
    return len(ordered)


def _imported(game: str, file: str):
    """The pool imported from ``file`` and two decks from it shaped like the game's default decks
    (as ``bench_imported_pool.py`` builds its ``as_like`` decks)."""
    import tempfile as _tf

    import tcg_env
    from tcg_env.cards.deck_like import deck_like_named
    from tcg_env.cards.errors import DeckError
    from tcg_env.cards.files import import_card_file, load_game_pool, write_pool

    spec = tcg_env.get_spec(game)
    res = import_card_file(game, file)
    with _tf.TemporaryDirectory() as d:
        pool = load_game_pool(game, write_pool(game, list(res), Path(d) / "imported.json", source=file))
    decks = []
    for i, like in enumerate(spec.default_decks()):
        try:
            decks.append(deck_like_named(game, pool, like, seed=i, abilities="as_like")[1])
        except DeckError:
            decks.append(deck_like_named(game, pool, None, seed=i, abilities="as_like")[1])
    return pool, decks


def _worker(game: str, batch: int, seconds: float, file: str = "") -> None:
    import numba
    import numpy as np

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import tcg_env

    numba.set_num_threads(1)
    if file:
        pool, decks = _imported(game, file)
        bg = tcg_env.make_batch(game, batch, decks=decks, seed=1, pool=pool)
    else:
        bg = tcg_env.make_batch(game, batch, seed=1)
    k = bg.spec.kernels
    rng = k.seed_agent_rng(batch, 7)
    counters = np.zeros((batch, 5), np.int64)
    args = (bg.states, bg._T, bg.decks, bg.deck_lens, bg.seeds, bg.variant_index)
    k.random_play_batch(*args, 50, bg.obs, bg.masks, rng, counters)  # compile, and past the openings
    n = _write_perf_map()
    print(f"ready {os.getpid()} {n}", flush=True)
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        k.random_play_batch(*args, 100, bg.obs, bg.masks, rng, counters)


def _short(name: str) -> str:
    """numba's mangled name -> dotted path: ``_ZN7tcg_env5games5fftcg7kernels14legal_mask_rowB4v227...``
    -> ``fftcg.kernels.legal_mask_row`` (names that are not numba's are returned as they are)."""
    if not name.startswith("_ZN"):
        return name
    parts, rest = [], name[3:]
    while rest[:1].isdigit():
        digits = re.match(r"\d+", rest).group(0)
        n = int(digits)
        parts.append(rest[len(digits) : len(digits) + n])
        rest = rest[len(digits) + n :]
    if parts[:2] == ["tcg_env", "games"]:
        parts = parts[2:]
    return ".".join(parts) or name


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="fftcg")
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--seconds", type=float, default=10.0, help="seconds sampled")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--file", default="", help="a raw card list: profile its imported pool (as_like decks)")
    ap.add_argument(_WORKER, action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        _worker(args.game, args.batch, args.seconds + 5.0, args.file)
        return
    if shutil.which("perf") is None:
        sys.exit("profile_kernels: perf is not installed (Debian: apt-get install linux-perf)")
    cache = tempfile.mkdtemp(prefix="tcg_profile_cache_")
    data = os.path.join(cache, "perf.data")
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    worker = subprocess.Popen([sys.executable, __file__, _WORKER, "--game", args.game, "--batch", str(args.batch),
                               "--seconds", str(args.seconds), "--file", args.file], env=env, stdout=subprocess.PIPE, text=True)
    try:
        line = worker.stdout.readline().split()
        if not line or line[0] != "ready":
            sys.exit("profile_kernels: the worker did not start")
        pid, n_funcs = line[1], line[2]
        print(f"profile_kernels: {args.game}, B={args.batch}, 1 thread, {n_funcs} kernel functions mapped; "
              f"sampling {args.seconds:.0f} s", flush=True)
        subprocess.run(["perf", "record", "-F", "4000", "-p", pid, "-o", data, "--", "sleep", str(args.seconds)],
                       check=True, capture_output=True)
        rep = subprocess.run(["perf", "report", "-i", data, "--no-children", "-g", "none", "--sort", "sym", "--stdio"],
                             check=True, capture_output=True, text=True).stdout
    finally:
        worker.kill()
        worker.wait()
        map_file = Path(f"/tmp/perf-{worker.pid}.map")
        if map_file.exists():
            map_file.unlink()
        shutil.rmtree(cache, ignore_errors=True)
    shown = 0
    for row in rep.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+\[\.\]\s+(\S+)", row)
        if not m:
            continue
        print(f"{float(m.group(1)):6.2f}%  {_short(m.group(2))}")
        shown += 1
        if shown >= args.top:
            break


if __name__ == "__main__":
    main()
