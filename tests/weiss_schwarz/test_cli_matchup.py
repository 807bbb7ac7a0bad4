"""Weiss Schwarz through the generic tools: ``run_matchup`` / ``tcg matchup``, ``tcg play``,
``tcg deck validate`` and ``tcg cards`` with ``--game weiss_schwarz``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tcg_env
from tcg_env.cli import main
from tcg_env.matchup import MatchupError, run_matchup

ROOT = Path(__file__).resolve().parents[2]
GAME = "weiss_schwarz"
DECKS = tcg_env.list_decks(GAME)
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # the pool's unsupported-ability report


def tcg(*args, stdin=None, timeout=600):
    env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=str(ROOT), PYTHONWARNINGS="ignore")
    return subprocess.run([sys.executable, "-m", "tcg_env", *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, timeout=timeout, env=env, check=False)


def test_heuristic_beats_random_in_a_kernel_matchup_with_counts_that_add_up():
    res = run_matchup(GAME, decks=DECKS[:2], agents=["heuristic", "random"], games=16, seed=4, heatmap=False)
    assert [(p.deck_a, p.deck_b) for p in res.pairs] == [(a, b) for a in DECKS[:2] for b in DECKS[:2]]
    for p in res.pairs:
        assert p.games == 16 and p.wins_a + p.wins_b + p.draws == 16
    assert sum(p.wins_a for p in res.pairs) >= 0.9 * 64
    again = run_matchup(GAME, decks=DECKS[:2], agents=["heuristic", "random"], games=16, seed=4, heatmap=False)
    assert [(p.wins_a, p.wins_b) for p in again.pairs] == [(p.wins_a, p.wins_b) for p in res.pairs]  # reproducible


def test_matchup_refuses_an_unknown_agent_and_a_network_of_another_game(tmp_path):
    with pytest.raises(MatchupError, match="unknown agent 'nope'"):
        run_matchup(GAME, decks=DECKS[:1], agents=["nope", "random"], games=2)
    torch = pytest.importorskip("torch")
    from agents.neural import PolicyNet
    from tcg_env.games.fftcg import constants as FK
    from tcg_env.games.fftcg import observation as FO

    ff = PolicyNet(FO.OBS_SIZE, FK.NUM_ACTIONS, [8], game="fftcg")
    path = tmp_path / "ff.pt"
    torch.save({"model_config": ff.model_config(), "model": ff.state_dict()}, path)
    with pytest.raises(MatchupError, match="not 'weiss_schwarz'"):
        run_matchup(GAME, decks=DECKS[:1], agents=[f"neural:checkpoint={path}", "random"], games=2)


def test_matchup_command_for_weiss_schwarz_writes_the_tables(tmp_path):
    r = tcg("matchup", "--game", GAME, "--decks", *DECKS[:2], "--agent", "heuristic", "--games", "8",
            "--shard-size", "4", "--out", str(tmp_path), "-q")
    assert r.returncode == 0, r.stderr
    assert "A win rate (95% CI)" in r.stdout and DECKS[0] in r.stdout
    rows = json.loads((tmp_path / "matchups.json").read_text())["pairs"]
    assert len(rows) == 1 and rows[0]["games"] == 8  # one agent: each unordered deck pair once


def test_play_a_whole_game_against_the_heuristic_bot(tmp_path):
    rp = tmp_path / "ws.json"
    r = tcg("play", "--game", GAME, "--seed", "3", "--save-replay", str(rp), stdin="x\n" + "1\n" * 3000)
    assert r.returncode == 0, r.stderr
    assert "Weiss Schwarz: you are player 0" in r.stdout and "'x' is not a choice" in r.stdout
    assert "\nbot: " in r.stdout and "Game over: " in r.stdout
    data = json.loads(rp.read_text())
    assert data["game"] == GAME and data["result"]["done"] is True
    replay = tcg("replay", str(rp))
    assert replay.returncode == 0 and "the final state matches the recording" in replay.stdout, replay.stderr


def test_deck_validate_for_weiss_schwarz(tmp_path, capsys):
    deck_file = ROOT / "tcg_env/games/weiss_schwarz/data/decks/green_experience_climb.txt"
    assert main(["deck", "validate", "--game", GAME, DECKS[0], str(deck_file)]) == 0
    out = capsys.readouterr().out
    assert f"{DECKS[0]}: ok: " in out and "50 cards" in out and "climax" in out
    assert "green_experience_climb.txt: ok: 'Green Experience Climb'" in out
    lines = deck_file.read_text().splitlines()
    short = tmp_path / "short.txt"
    short.write_text("\n".join(ln for ln in lines if not ln.strip().startswith("4 ")) + "\n")
    unknown = tmp_path / "unknown.txt"
    unknown.write_text("4 NOPE-999 Nobody\n")
    assert main(["deck", "validate", "--game", GAME, str(short), str(unknown)]) == 1
    err = capsys.readouterr().err
    assert "short.txt" in err and "a deck has exactly 50 cards (CR 5.1.2.1)" in err
    assert "unknown.txt: line 1: card 'NOPE-999'" in err and "2 of 2 deck(s) invalid" in err
    assert main(["deck", "validate", "--game", GAME, "--format", "limited", DECKS[0]]) == 2
    assert "weiss_schwarz has no deck format 'limited'; its formats: standard" in capsys.readouterr().err


def test_cards_list_and_show_for_weiss_schwarz(capsys):
    pool = tcg_env.get_spec(GAME).load_tables()
    assert main(["cards", "list", "--game", GAME, "--color", "red", "--type", "character", "--level", "0"]) == 0
    cap = capsys.readouterr()
    lines = cap.out.splitlines()
    assert lines and all(" Red Character L0/" in ln for ln in lines)
    assert f"{len(lines)} of {pool.n_cards} cards" in cap.err
    assert main(["cards", "list", "--game", GAME]) == 0
    assert len(capsys.readouterr().out.splitlines()) == pool.n_cards
    first = pool.numbers[0]
    assert main(["cards", "show", "--game", GAME, first]) == 0
    assert capsys.readouterr().out.startswith(pool.describe_card(0))
    assert main(["cards", "list", "--game", GAME, "--element", "fire"]) == 2
    assert "--element is not a filter of Weiss Schwarz cards; its filters: --color, --type" in capsys.readouterr().err
    assert main(["cards", "list", "--game", GAME, "--color", "orange"]) == 2
    assert "unknown color 'orange'; choose from yellow" in capsys.readouterr().err
    assert main(["cards", "list", "--color", "red"]) == 2  # fftcg has elements
    assert "--color is not a filter of Final Fantasy TCG cards; its filters: --element" in capsys.readouterr().err
