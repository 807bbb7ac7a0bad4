"""TOML, YAML and JSON card files hold the same structure and load to the same tables."""

from __future__ import annotations

import json

import numpy as np
import yaml

from tcg_env.cards import load_card_records
from tcg_env.games.fftcg.cards import default_pool_path, load_fftcg_cards, load_fftcg_pool

TOML = """
[[cards]]
number = "X-001"
name = "Test Duelist"
element = "wind"
type = "forward"
cost = 2
power = 5000
job = "Ranger"
keywords = "first_strike"
text = "First Strike. When Test Duelist enters the field, choose up to 1 Forward. Dull it."
  [[cards.abilities]]
  kind = "auto"
  trigger = "enters_self"
  optional = true
  effect = [
    { op = "choose", filter = { type = ["forward"], side = "opponent", cost_max = 3 }, up_to = true },
    { op = "dull" },
  ]

[[cards]]
number = "X-002"
name = "Test Gust"
element = "wind"
type = "summon"
cost = 1
ex_burst = true
text = "EX BURST. Draw 1 card."
  [[cards.abilities]]
  kind = "summon"
  effect = [{ op = "draw" }]
"""


def test_yaml_and_json_match_toml(tmp_path):
    t = tmp_path / "c.toml"
    t.write_text(TOML)
    recs = load_card_records(t)
    assert recs.file == "c.toml" and len(recs) == 2
    (tmp_path / "c.yaml").write_text(yaml.safe_dump({"cards": recs.records}))
    (tmp_path / "c.json").write_text(json.dumps({"cards": recs.records}))
    (tmp_path / "c_list.json").write_text(json.dumps(recs.records))
    base = load_fftcg_pool(t)
    for name in ("c.yaml", "c.json", "c_list.json"):
        other = load_fftcg_pool(tmp_path / name)
        assert np.array_equal(base.kernel_tables, other.kernel_tables), name
        assert other.numbers == base.numbers and other.texts == base.texts


def test_file_name_kept_in_models_and_errors(tmp_path):
    p = tmp_path / "pool.yaml"
    p.write_text(yaml.safe_dump({"cards": [{"number": "Y-1", "name": "Y", "element": "fire",
                                            "type": "backup", "cost": 0}]}))  # fmt: skip
    try:
        load_fftcg_cards(p)
    except ValueError as e:
        assert str(e).startswith("pool.yaml: card 'Y-1' (Y): field 'cost': must be >= 1")
    else:  # pragma: no cover
        raise AssertionError("expected an error")
    t = tmp_path / "c.toml"
    t.write_text(TOML)
    assert load_fftcg_cards(t)[0].source_file == "c.toml"


def test_multiple_files_and_default_pool(tmp_path):
    t = tmp_path / "c.toml"
    t.write_text(TOML)
    assert default_pool_path().is_file()
    both = load_fftcg_pool([default_pool_path(), t])
    base = load_fftcg_pool()
    assert both.n_cards == base.n_cards + 2
    assert both.index["X-002"] == base.n_cards + 1
