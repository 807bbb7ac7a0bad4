"""benchmarks/machine_code.py: reading numba's assembly into per-function digests, and comparing two."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("machine_code", ROOT / "benchmarks" / "machine_code.py")
mc = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mc)

ASM = """\t.text
_ZN7tcg_env5games3toy7kernels15apply_uncheckedB4v347B40c8tJTIeFIjxB2IKSgE5ArrayIiLi1E:
\t.cfi_startproc
\tmovq\t%rdi, %rax
\tcallq\t_ZN7tcg_env5games3toy5zones4moveB3v12B40abcE
.LBB0_1:
\tjmp\t.LBB0_1
_ZN7tcg_env5games3toy5zones4moveB3v12B40abcE:
\taddq\t$1, %rax
\tretq
_ZN7tcg_env5games3toy5zones4moveB3v13B40abdE:
\taddq\t$2, %rax
\tretq
"""


def test_readable_names_from_mangled_symbols():
    assert mc.readable("_ZN7tcg_env5games3toy7kernels15apply_uncheckedB4v347B40c8t") == \
        "tcg_env.games.toy.kernels.apply_unchecked"


def test_functions_count_instructions_calls_and_number_copies_of_one_name():
    fns = mc.functions(ASM)
    assert list(fns) == ["tcg_env.games.toy.kernels.apply_unchecked", "tcg_env.games.toy.zones.move",
                         "tcg_env.games.toy.zones.move#2"]
    assert fns["tcg_env.games.toy.kernels.apply_unchecked"]["instructions"] == 3  # directives left out
    assert fns["tcg_env.games.toy.kernels.apply_unchecked"]["calls"] == 1
    assert fns["tcg_env.games.toy.zones.move"]["digest"] != fns["tcg_env.games.toy.zones.move#2"]["digest"]


def test_labels_and_symbol_counters_do_not_count_as_differences():
    renumbered = ASM.replace("B3v12B40abcE", "B3v99B40xyzE").replace(".LBB0_1", ".LBB7_3")
    assert mc.compare(mc.functions(ASM), mc.functions(renumbered)) == []


def test_compare_names_a_changed_function_and_follows_a_moved_one():
    changed = ASM.replace("addq\t$2, %rax", "addq\t$3, %rax").replace("3toy5zones4move", "3toy6placed4move")
    lines = mc.compare(mc.functions(ASM), mc.functions(changed))
    # both copies of move moved module: unambiguous by name once only one copy of each name is left
    assert lines == ["differs: tcg_env.games.toy.placed.move#2 (moved: tcg_env.games.toy.zones.move#2): "
                     "2 -> 2 instructions, 0 -> 0 calls"]
