"""The matchup core behind `tcg matchup` (random agents in the batch kernels)."""

import json

import pytest

from tcg_env.cli import main
from tcg_env.matchup import play_pair, wilson_interval


def test_wilson_interval_matches_known_values():
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-3)


def test_a_pair_is_reproducible_and_counts_add_up():
    a = play_pair("fftcg", "fire_wind_aggro", "ice_water_control", 16, seed=3)
    b = play_pair("fftcg", "fire_wind_aggro", "ice_water_control", 16, seed=3)
    assert a == b
    assert a.wins_a + a.wins_b + a.draws == 16
    assert a.ci_low <= a.win_rate_a <= a.ci_high
    assert a.mean_decisions > 50


def test_cli_matchup_writes_results(tmp_path, capsys):
    rc = main(["matchup", "--game", "fftcg", "--decks", "fire_wind_aggro", "backup_ramp", "--games", "8", "--out", str(tmp_path)])
    assert rc == 0
    out = capsys.readouterr().out
    assert "fire_wind_aggro" in out and "games/s" in out
    rows = json.loads((tmp_path / "matchups.json").read_text())
    assert len(rows) == 1 and rows[0]["games"] == 8
    assert main(["matchup", "--agent", "heuristic", "--games", "2"]) == 2
