"""benchmarks/instructions.py: reading callgrind's totals, with and without the cache simulation."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("instructions", ROOT / "benchmarks" / "instructions.py")
ins = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ins)


def test_events_without_the_cache_simulation_are_the_instruction_count(tmp_path):
    f = tmp_path / "callgrind.out"
    f.write_text("version: 1\ncreator: callgrind\nevents: Ir\nfn=x\n0 5\nsummary: 1234\ntotals: 1234\n")
    assert ins._events(f) == {"Ir": 1234}


def test_cycle_estimate_weighs_cache_and_branch_misses_as_kcachegrind_does(tmp_path):
    f = tmp_path / "callgrind.out"
    names = "Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw Bc Bcm Bi Bim"
    f.write_text(f"events: {names}\nsummary: 1000 300 200 7 5 3 1 2 0 90 11 4 2\n")
    ev = ins._events(f)
    assert ev["I1mr"] == 7 and ev["Bim"] == 2 and len(ev) == 13
    # Ir + 10 (Bcm + Bim) + 10 (I1mr + D1mr + D1mw) + 100 (ILmr + DLmr + DLmw)
    assert ins.cycle_estimate(ev) == 1000 + 10 * 13 + 10 * 15 + 100 * 3
