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


def _img(name: str, alt: str | None = None) -> str:
    return f'<img src="/images/common/{name}.png" alt="{name if alt is None else alt}" class="skillText">'


def test_synthetic_list_maps_each_rule(tmp_path):
    """Needs no shared data: a made-up list with each case the importer maps or skips."""
    ball = _img("green_ball", "")
    records = [
        {"title": "Sprout", "number": "X-001", "type": "BATTLE", "color": "Green", "power": "10000", "energy": "2",
         "energy_text": f"2({ball})", "combo_energy": "0", "combo_power": "5000", "character": "Sprout",
         "special_trait": "Plant/Hero", "era": "Test Saga",
         "skills_text": f"{_img('Blocker')} (reminder)<br>{_img('Auto')} When you play this card, draw 1 card."},
        {"title": "Tall Sprout", "number": "X-002", "type": "BATTLE", "color": "Green", "power": "20000",
         "energy": "4", "energy_text": f"4({ball}{ball})", "combo_energy": None, "combo_power": None,
         "character": "Sprout", "special_trait": "Plant", "era": "Test Saga",
         "skills_text": f"{_img('Evolve')} {ball}{_img('two', 'two')}: ＜Sprout＞<br>{_img('Auto')} Something else."},
        {"title": "Lonely Leader", "number": "X-003", "type": "LEADER", "color": "Green", "power": "10000",
         "character": "Sprout", "special_trait": "Plant", "era": "Test Saga",
         "skills_text": f"{_img('Awaken')} When your life is at 4 or less : Flip this card over."},
        {"title": "Sprout", "number": "X-001_PR", "type": "BATTLE", "skills_text": ""},
        {"title": "Odd", "number": "X-004", "type": "UNIT", "skills_text": ""},
        {"title": "Odd", "number": "X-005", "type": "EXTRA", "color": "Purple", "skills_text": ""},
    ]
    p = tmp_path / "list.json"
    p.write_text(json.dumps(records))
    res = import_dbscg_json(p)
    by = {c.number: c for c in res}
    sprout, tall, lonely = by["X-001"], by["X-002"], by["X-003"]
    assert sprout.keywords == ["blocker"] and sprout.traits == ["Plant", "Hero"] and sprout.specified == {"green": 1}
    assert [(a.kind, a.trigger, a.effect[0].op) for a in sprout.abilities] == [("auto", "on_play", "draw")]
    assert sprout.uncompiled == [] and sprout.text.splitlines()[0] == "[Blocker] (reminder)"
    assert tall.combo_cost == -1 and tall.combo_power == 0
    hs = tall.hand_skill
    assert (hs.kind, hs.energy, hs.colour, hs.colour_count, hs.character) == ("evolve", 3, "green", 1, "Sprout")
    assert tall.uncompiled == ["[Auto] Something else."] and tall.text.startswith("[Evolve] {green}{2}: ＜Sprout＞")
    assert lonely.back is None and lonely.abilities == [] and lonely.uncompiled == [lonely.text]  # no back side
    assert dict(res.skipped) == {"alternate_printing": 1, "unknown_type": 1, "unknown_colour": 1}
    assert compile_dbscg_pool(res.cards).n_cards == 3
