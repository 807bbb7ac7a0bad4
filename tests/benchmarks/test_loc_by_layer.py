"""benchmarks/loc_by_layer.py: what counts as a line, which layer a file is in, the command line."""

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("loc_by_layer", ROOT / "benchmarks" / "loc_by_layer.py")
loc = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(loc)

TEXT = '''"""doc"""
from a import (
    b,
    c,
)

# a comment
x = 1  # counted

def f():
    return x
'''


def test_lines_are_non_blank_non_comment_and_imports_can_be_left_out():
    assert loc.code_lines(TEXT) == 8
    assert loc.code_lines(TEXT, without_imports=True) == 4


def test_layers_by_path():
    assert loc.layer("tcg_env/engine/zones.py") == "core"
    assert loc.layer("tcg_env/games/fftcg/decks.py") == "fftcg: cards"
    assert loc.layer("tcg_env/games/fftcg/adapter.py") == "fftcg: python"
    assert loc.layer("tcg_env/games/fftcg/battle.py") == "fftcg: rules"
    assert loc.layer("tcg_env/cli.py") == "shared"


def test_by_file_rows_add_up_to_the_layers(capsys):
    layers = loc.count(None)
    files = loc.count(None, by_file=True)
    for key, n in layers.items():
        if key.endswith("total"):
            continue
        assert sum(v for k, v in files.items() if k.startswith(key + ": ")) == n, key


def test_an_unknown_revision_is_a_one_line_error(capsys):
    with pytest.raises(SystemExit):
        loc.main(["no-such-revision"])
    assert "REV 'no-such-revision' is not a commit" in capsys.readouterr().err
