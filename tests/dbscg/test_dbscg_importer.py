"""The importer of the real Dragon Ball Super Card Game card lists (kentan88 dbscg-api layout).
Skipped when the shared card data is absent (``../shared/carddata`` beside the repository root)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tcg_env.cards import CardDataError
from tcg_env.games.dbscg.cards import compile_dbscg_pool
from tcg_env.games.dbscg.importer import import_dbscg_json, raw_layout

_DATA = Path(__file__).resolve().parents[2].parent / "shared" / "carddata" / "dbscg"
_FILES = ("kentan88_dbscg-api__DBS-B01-Galactic-Battle.json", "kentan88_dbscg-api__DBS-B07-Assault-Of-The-Saiyans.json",
          "kentan88_dbscg-api__DBS-SD02-The-Extreme-Evolution.json")  # fmt: skip


def _need(name: str) -> Path:
    path = _DATA / name
    if not path.is_file():
        pytest.skip(f"card data not available: {path}")
    return path


@pytest.mark.parametrize("name", _FILES)
def test_import_compiles_and_accounts_for_every_record(name):
    res = import_dbscg_json(_need(name))
    leaders = [c for c in res if c.type == "leader" and c.side == "front"]
    backs = [c for c in res if c.side == "back"]
    assert len(res) - len(backs) + sum(res.skipped.values()) == res.total and not res.errors
    assert backs and all(c.back in {b.number for b in backs} for c in leaders)
    table = compile_dbscg_pool(res.cards)
    assert table.n_cards == len(res)
    assert res.summary().startswith(f"{name} (kentan88): {res.total} records, imported {len(res)} cards")
    for c in res:
        lines = set(c.text.splitlines())
        assert set(c.uncompiled) <= lines, c.number


def test_known_cards_characteristics():
    res = import_dbscg_json(_need(_FILES[0]))
    by = {c.number: c for c in res}
    champa, back = by["BT1-001"], by["BT1-001-back"]
    assert (champa.type, champa.colours, champa.power, champa.character, champa.traits, champa.era) == (
        "leader", ["red"], 10000, "Champa", ["God"], "Champa Saga")
    assert champa.back == "BT1-001-back" and back.side == "back" and back.power == 15000
    assert back.name == "God of Destruction Champa"
    awaken = [a for a in champa.abilities if a.kind == "awaken"][0]
    assert awaken.condition.kind == "life_at_most" and awaken.condition.value == 4
    assert [(o.op, o.count) for o in awaken.effect] == [("draw", 2)]  # "You may draw 2 cards and flip this card over."
    assert champa.uncompiled == [champa.text.splitlines()[0]]  # the [Auto] line is not played
    cold = by["BT1-091"]  # Double Strike, Revenge, a counter the engine does not play
    assert (cold.energy, cold.specified, cold.combo_cost, cold.combo_power) == (4, {"yellow": 3}, 1, 10000)
    assert cold.keywords == ["double_strike", "revenge"] and cold.traits == ["Frieza Clan"]
    assert any("Counter Battle Card Attack" in ln for ln in cold.uncompiled)
    assert "[Double Strike]" in cold.text and not any(ln.startswith("[Double Strike]") for ln in cold.uncompiled)
    assert by["BT1-081"].type == "extra" and "field" in by["BT1-081"].keywords  # [Field] on a line with more
    evolve = [c for c in res if c.hand_skill is not None]
    assert evolve and all(c.hand_skill.kind == "evolve" and c.hand_skill.character for c in evolve)


def test_report_counts_skips_by_reason():
    res = import_dbscg_json(_need(_FILES[1]))
    assert res.skipped["alternate_printing"] > 100 and "BT7-001_PR" in res.skipped_numbers["alternate_printing"]
    assert res.keywords > 0 and res.abilities > 0 and res.uncompiled == sum(map(len, res.unsupported.values())) > 0
    assert {"red", "green"} == set({c.number: c for c in res}["BT7-130"].colours)  # "Red/Green"
    assert "ultimate" in {c.number: c for c in res}["BT7-130"].keywords


def test_raw_layout_and_refusal(tmp_path):
    assert raw_layout([{"title": "A", "number": "X-1", "type": "BATTLE", "skills_text": ""}]) == "kentan88"
    assert raw_layout([{"number": "X-1", "name": "A"}]) is None and raw_layout({"cards": []}) is None
    p = tmp_path / "pool.json"
    p.write_text(json.dumps([{"number": "X-1", "name": "A"}]))
    with pytest.raises(CardDataError, match="not a dbscg-api card list"):
        import_dbscg_json(p)
