"""Card files are typed strictly (issue 16 item 10): a wrong type is refused, never coerced, and the
error names the file, the card and the field."""

from __future__ import annotations

import json

import pytest

from tcg_env.cards import CardDataError
from tcg_env.games.fftcg.cards import load_fftcg_pool
from tcg_env.games.weiss_schwarz.cards import load_ws_pool

FF = {"number": "T-001", "name": "Test Lancer", "element": "fire", "type": "forward", "cost": 3, "power": 7000}
WS = {"number": "T-001", "name": "Test Knight", "type": "character", "color": "red", "level": 1, "cost": 1,
      "power": 6000, "soul": 1}


def _error(tmp_path, load, card: dict) -> str:
    p = tmp_path / "t.json"
    p.write_text(json.dumps({"cards": [card]}))
    with pytest.raises(CardDataError) as info:
        load(p)
    return str(info.value)


@pytest.mark.parametrize("field, value", [("cost", True), ("cost", "3"), ("cost", 3.0), ("power", "7000"),
                                          ("generic", 1), ("ex_burst", "yes"), ("ex_burst", 0), ("name", 5)])
def test_fftcg_card_fields_are_not_coerced(tmp_path, field, value):
    msg = _error(tmp_path, load_fftcg_pool, dict(FF, **{field: value}))
    assert msg.startswith("t.json: card 'T-001'") and f"field '{field}'" in msg, msg


@pytest.mark.parametrize("field, value", [("cost", True), ("level", "1"), ("soul", 1.0), ("counter", 1),
                                          ("clock_icon", "yes")])
def test_weiss_schwarz_card_fields_are_not_coerced(tmp_path, field, value):
    msg = _error(tmp_path, load_ws_pool, dict(WS, **{field: value}))
    assert msg.startswith("t.json: card 'T-001'") and f"field '{field}'" in msg, msg


def test_well_typed_cards_still_load(tmp_path):
    for load, card in ((load_fftcg_pool, dict(FF, generic=True, ex_burst=False)), (load_ws_pool, dict(WS, counter=False))):
        p = tmp_path / "ok.json"
        p.write_text(json.dumps({"cards": [card]}))
        assert load(p).n_cards == 1
