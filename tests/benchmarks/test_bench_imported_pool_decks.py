"""benchmarks/bench_imported_pool.py's deck files (``--save-decks`` / ``--decks``): the same imported decks
played on two checkouts, so that a change of code is told apart from a change of the decks drawn."""

import importlib.util
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
_spec = importlib.util.spec_from_file_location("bench_imported_pool", ROOT / "benchmarks" / "bench_imported_pool.py")
bip = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bip)
_spec = importlib.util.spec_from_file_location("instructions", ROOT / "benchmarks" / "instructions.py")
ins = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ins)

POOL = SimpleNamespace(index={"1-001H": 0, "1-002C": 1, "2-010R": 2})


def test_saved_decks_read_back_per_kind(tmp_path):
    f = tmp_path / "decks.json"
    bip.save_decks(f, {"as_like": (["a", "b"], [["1-001H", "1-002C"], ["2-010R"]]),
                       "first": (["a", "a"], [["1-002C"], ["1-001H"]])})
    assert bip.read_decks(f, "as_like", POOL) == (["a", "b"], [["1-001H", "1-002C"], ["2-010R"]])
    assert bip.read_decks(f, "first", POOL) == (["a", "a"], [["1-002C"], ["1-001H"]])


def test_a_card_the_pool_lacks_is_one_line_naming_the_file_and_the_card(tmp_path):
    f = tmp_path / "decks.json"
    bip.save_decks(f, {"as_like": (["a"], [["1-001H", "9-999L"]])})
    with pytest.raises(ValueError, match=r"decks\.json: card '9-999L' of the as_like decks is not in the imported pool"):
        bip.read_decks(f, "as_like", POOL)


def test_a_file_that_is_no_deck_file_is_refused(tmp_path):
    f = tmp_path / "other.json"
    f.write_text('{"decks": []}')
    with pytest.raises(ValueError, match=r"other\.json: not a deck file of --save-decks with 'as_like' decks"):
        bip.read_decks(f, "as_like", POOL)


def test_instructions_decks_needs_an_imported_pool(tmp_path, capsys):
    with pytest.raises(SystemExit):
        ins.main(["--game", "fftcg", "--decks", str(tmp_path / "d.json")])
    assert "--decks needs --file" in capsys.readouterr().err


def test_a_missing_deck_file_names_the_file(tmp_path):
    with pytest.raises(ValueError, match=r"--decks .*nope\.json: No such file or directory"):
        bip.read_decks(tmp_path / "nope.json", "as_like", POOL)
