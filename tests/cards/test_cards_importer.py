"""Importer for real FF-TCG card lists (JSON). Skipped when the shared card data is absent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tcg_env.games.fftcg.cards import compile_fftcg_pool
from tcg_env.games.fftcg.importer import import_fftcg_json

CARDDATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "carddata" / "fftcg"
SIM = CARDDATA / "ThomasALeon_FFTCGSim__fftcg_real_cards.json"
FFDECKS = CARDDATA / "jkeczan_fftcg-online-2__ffdecks_cards.json"


def _need(p: Path) -> Path:
    if not p.is_file():
        pytest.skip(f"card data not available: {p}")
    return p


@pytest.mark.parametrize("path", [SIM, FFDECKS], ids=["simulator", "ffdecks"])
def test_import_real_lists(path):
    res = import_fftcg_json(_need(path))
    assert len(res) > 1000
    # Monsters are not played; a Summon is imported when its text compiles (tests/fftcg/test_fftcg_card_text.py)
    assert res.skipped["monster"] > 0 and res.skipped["summon_text"] > 0
    assert any(c.type == "summon" for c in res)
    assert len(res) + sum(res.skipped.values()) == res.total
    assert not res.errors
    assert "imported" in res.summary()
    table = compile_fftcg_pool(res)  # everything imported compiles, abilities included
    assert table.n_cards == len(res)
    assert all(c.text_compiled for c in res)
    assert any(c.abilities for c in res) and any(c.ex_burst for c in res)
    assert all(c.type != "forward" or c.power > 0 for c in res)
    assert any("haste" in c.keywords for c in res) and any("first_strike" in c.keywords for c in res)
    assert any(c.text for c in res)


def test_simulator_details():
    res = import_fftcg_json(_need(SIM))
    assert res.layout == "simulator"
    assert res.ex_burst_dropped > 0
    assert not any("[[" in c.text for c in res)


def test_ffdecks_details():
    res = import_fftcg_json(_need(FFDECKS))
    assert res.layout == "ffdecks"
    assert res.skipped["multi_element"] > 0
    assert any(c.generic for c in res)


def test_keyword_detection_on_synthetic_records(tmp_path):
    # invented records in the simulator layout: no real card data in the repository
    recs = [
        {"id": "T-001", "name": "Alpha", "element": "fire", "type": "forward", "cost": 2, "power": 5000,
         "job": "", "category": "", "text": "Haste First Strike[[br]]When Alpha attacks, it gains Brave."},
        {"id": "T-002", "name": "Beta", "element": "ice", "type": "monster", "cost": 2, "power": 0,
         "job": "", "category": "", "text": ""},
        {"id": "T-003", "name": "Gamma", "element": "water", "type": "backup", "cost": 3, "power": 0,
         "job": "Sage", "category": "I", "text": "[[ex]]EX BURST[[/]] Draw 1 card."},
    ]  # fmt: skip
    # "EX BURST Draw 1 card." on a Backup is no template of the card language (a Character's EX
    # Burst is an "enters the field" auto-ability): it stays text only and the icon is dropped
    p = tmp_path / "mini.json"
    p.write_text(json.dumps(recs))
    res = import_fftcg_json(p)
    assert [c.number for c in res] == ["T-001", "T-003"]
    assert res[0].keywords == ["haste", "first_strike"]  # Brave is granted text, not printed
    # "it" with nothing chosen is no sentence of the card language (cards print "Alpha gains Brave")
    assert res[0].abilities == [] and res[0].uncompiled == ["When Alpha attacks, it gains Brave."]
    assert res[0].job is None and res[1].job == "Sage"
    assert res[1].text == "EX BURST Draw 1 card." and res.ex_burst_dropped == 1
    assert res[1].uncompiled == ["EX BURST Draw 1 card."] and not res[1].ex_burst
    assert res.skipped == {"monster": 1}
