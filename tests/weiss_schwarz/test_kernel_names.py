"""Issue 17 item 3: the Weiss Schwarz kernels use names, not alias lists or bare numbers.

numba folds ``IntEnum`` members and module-level ints into constants by itself, so the kernels
write ``K.Zone.DECK`` / ``K.Op.CHOOSE`` directly: no module keeps copies such as
``Z_DECK = int(K.Zone.DECK)``, and the effect VM never compares an opcode, a relation, a condition
or a choice code with a bare number."""

import re
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[2] / "tcg_env" / "games" / "weiss_schwarz"
MODULES = sorted(p for p in GAME.glob("*.py") if p.name != "constants.py")

ALIAS = re.compile(r"^\w+ = (int\()?K\.\w+(\.\w+)?\)?\s*(#.*)?$", re.M)
BARE = re.compile(r"\b(op|rel|cond) *(==|!=|<=|>=|<|>) *-?\d+\b|\b\d+ *<=? *op\b|\breg *[!=]= *-\d|DEC_ARG \+ 1\] *=?= *-\d")


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_alias_lists(path):
    assert ALIAS.findall(path.read_text()) == []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_bare_opcode_relation_or_condition_numbers(path):
    hits = [ln.strip() for ln in path.read_text().splitlines() if BARE.search(ln.split("#")[0])]
    assert hits == []
