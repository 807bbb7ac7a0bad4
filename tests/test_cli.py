"""The ``tcg`` command: play (driven by a scripted stdin), replay, deck validate, cards, matchup."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tcg_env.cli import Progress, main
from tcg_env.replay import ReplayError, check_result, load_replay, play_replay

ROOT = Path(__file__).resolve().parents[1]
BOT = "heuristic"


def tcg(*args, stdin=None, timeout=600):
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.run([sys.executable, "-m", "tcg_env", *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, timeout=timeout, env=env)


def final_board(stdout: str) -> str:
    """The board printed after the game (from its 'Turn' line to 'Game over' / the quit line)."""
    lines = stdout.splitlines()
    start = max(i for i, ln in enumerate(lines) if ln.startswith("Turn "))
    end = next(i for i in range(start, len(lines))
               if lines[i].startswith("Game over:") or lines[i].startswith("Player ") and " to act" in lines[i])
    return "\n".join(lines[start : end + 1])


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A whole game against the bot: some bad input first, then always the first listed action."""
    rp = tmp_path_factory.mktemp("play") / "game.json"
    script = "hello\n0\n99\n-1\n\n²\n" + "2\n" + "1\n" * 5000
    r = tcg("play", "--bot", BOT, "--deck", "fire_wind_aggro", "--bot-deck", "ice_water_control", "--seed", "3",
            "--save-replay", str(rp), stdin=script)
    assert r.returncode == 0, r.stderr
    return r, rp


def test_play_end_to_end_from_scripted_stdin(played):
    r, rp = played
    out = r.stdout
    assert "you are player 0 (fire_wind_aggro)" in out and "seed 3" in out
    for bad in ("'hello'", "'0'", "'99'", "'-1'", "''", "'²'"):
        assert f"{bad} is not a choice: type a number from 1 to" in out
    assert "Your decision" in out and "   1. " in out  # numbered legal actions
    assert "Turn " in out and "hand[0]" in out  # the readable board
    assert f"bot (player 1): " in out  # the bot's moves are printed
    assert "Game over: " in out and ("you win!" in out or "bot wins" in out or "draw" in out)
    assert f"replay saved to {rp}" in out
    data = json.loads(rp.read_text())
    assert data["decks"][0]["name"] == "fire_wind_aggro" and len(data["decks"][0]["cards"]) == 50
    assert data["result"]["done"] is True and data["players"] == ["you", f"bot:{BOT}"]


def test_replay_reproduces_the_played_game(played):
    r, rp = played
    rep = tcg("replay", str(rp))
    assert rep.returncode == 0, rep.stderr
    assert "the final state matches the recording" in rep.stdout
    assert final_board(rep.stdout) == final_board(r.stdout)
    data = load_replay(rp)
    moves = list(play_replay(data))
    assert len(moves) == len(data["actions"])
    game = moves[-1].game
    check_result(data, game)  # same winner, turn, decisions and state hash
    assert game.done and game.winner == data["result"]["winner"]
    assert rep.stdout.count("  player ") >= len(data["actions"])


def test_replay_step_waits_for_enter(played):
    _, rp = played
    rep = tcg("replay", str(rp), "--step", stdin="\n\nq\n")
    assert rep.returncode == 0
    assert rep.stdout.count("[Enter: move") == 3 and "stopped" in rep.stdout
    assert "    2. turn" in rep.stdout and "    3. turn" not in rep.stdout


def test_quit_saves_a_partial_replay_that_plays_back(tmp_path):
    rp = tmp_path / "q.json"
    r = tcg("play", "--bot", BOT, "--seed", "8", "--seat", "1", "--save-replay", str(rp), stdin="1\n1\nq\n")
    assert r.returncode == 0, r.stderr
    assert "you are player 1" in r.stdout and "You quit after" in r.stdout
    data = json.loads(rp.read_text())
    assert data["result"]["done"] is False and data["players"][1] == "you"
    rep = tcg("replay", str(rp))
    assert rep.returncode == 0, rep.stderr
    assert "Replay unfinished" in rep.stdout and "matches the recording" in rep.stdout


def test_end_of_input_quits_cleanly(tmp_path):
    r = tcg("play", "--bot", BOT, "--seed", "1", stdin="")
    assert r.returncode == 0 and "end of input: quitting" in r.stdout


def test_play_checks_its_inputs_before_the_game(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["play", "--seed", "1", "--save-replay", str(blocker / "r.json")]) == 1
    assert "cannot write the replay to" in capsys.readouterr().err
    assert main(["play", "--seed", "1", "--deck", "nosuch"]) == 1
    assert "nosuch: no such deck file or built-in deck" in capsys.readouterr().err
    assert main(["play", "--seed", "1", "--bot", "nobody"]) == 1
    assert "agent 'nobody'" in capsys.readouterr().err


def test_bad_replays_are_named(played, tmp_path, capsys):
    _, rp = played
    data = json.loads(rp.read_text())
    bad = dict(data, actions=list(data["actions"]))
    bad["actions"][5] = 96  # the last option index: not legal there
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(bad))
    r = tcg("replay", str(f))  # the installed command, end to end
    assert r.returncode == 1 and "action #5 (value 96) is illegal" in r.stderr and "legal actions" in r.stderr
    with pytest.raises(ReplayError, match=r"action #5 \(value 96\)"):
        list(play_replay(load_replay(f), str(f)))
    for change, msg in [
        ({"seed": -1}, "field 'seed'"),
        ({"colour": 1}, "field 'colour': unknown key"),
        ({"players": "ab"}, "field 'players'"),
        ({"actions": [0, "x"]}, "action #1: 'x' is not an integer"),
        ({"decks": [{"cards": ["FF9-999"] * 50}, data["decks"][1]]}, "field 'decks[0]'"),
        ({"actions": data["actions"][:-1]}, "field 'result.done'"),
        ({"actions": data["actions"] + [0]}, f"action #{len(data['actions'])} (value 0): the game was already over"),
    ]:
        f.write_text(json.dumps(dict(data, **change)))
        assert main(["replay", str(f)]) == 1
        err = capsys.readouterr().err
        assert msg in err and str(f) in err, (change, err)
    f.write_text("{oops")
    assert main(["replay", str(f)]) == 1 and "not valid JSON" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 1 and "cannot read" in capsys.readouterr().err


def test_deck_validate(tmp_path, capsys):
    assert main(["deck", "validate", "fire_wind_aggro", str(ROOT / "tcg_env/games/fftcg/data/decks/backup_ramp.toml")]) == 0
    out = capsys.readouterr().out
    assert "fire_wind_aggro: ok: 'Fire Wind Aggro', 50 cards (constructed)" in out and "backup_ramp.toml: ok" in out
    unknown = tmp_path / "unknown.txt"
    unknown.write_text("# name: t\n3 FF1-001\n\n2 FF9-999 Nobody\n")
    copies = tmp_path / "copies.txt"
    copies.write_text("4 FF1-001\n" + "".join(f"3 FF1-{i:03d}\n" for i in range(2, 17)) + "1 FF1-017\n")
    small = tmp_path / "small.txt"
    small.write_text("3 FF1-001\n")
    assert main(["deck", "validate", str(unknown), str(copies), str(small), "fire_wind_aggro"]) == 1
    cap = capsys.readouterr()
    assert "unknown.txt: line 4: card 'FF9-999': field 'number': unknown card number" in cap.err
    assert "copies.txt: line 1: card 'FF1-001': field 'count': 4 copies" in cap.err
    assert "small.txt: field 'cards': 3 cards: a constructed deck has exactly 50 cards" in cap.err
    assert "3 of 4 deck(s) invalid" in cap.err and "fire_wind_aggro: ok" in cap.out
    forty = tmp_path / "forty.txt"
    forty.write_text("".join(f"3 FF1-{i:03d}\n" for i in range(1, 14)) + "1 FF1-014\n")
    assert main(["deck", "validate", str(forty)]) == 1
    assert main(["deck", "validate", str(forty), "--format", "limited"]) == 0
    assert "40 cards (limited)" in capsys.readouterr().out


def test_cards_list_and_show(capsys):
    assert main(["cards", "list", "--element", "fire", "--type", "forward"]) == 0
    cap = capsys.readouterr()
    lines = cap.out.splitlines()
    assert lines and all(" Fire Forward " in ln for ln in lines)
    assert "Cinder Lancer [FF1-001] Fire Forward 3 CP" in cap.out and f"{len(lines)} of 96 cards" in cap.err
    assert main(["cards", "list"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 96
    assert main(["cards", "show", "FF1-001", "ember knight"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Cinder Lancer [FF1-001]") and "text: Haste." in out and "Ember Knight [FF1-002]" in out
    assert "ability: auto enters_self" in out
    assert main(["cards", "show", "Embr Knight"]) == 1
    assert "unknown card 'Embr Knight'; did you mean 'Ember Knight'" in capsys.readouterr().err
    assert main(["cards", "list", "--element", "purple"]) == 1
    assert "unknown element 'purple'; choose from fire" in capsys.readouterr().err


def test_matchup_command_prints_the_table_and_writes_files(tmp_path):
    r = tcg("matchup", "--game", "fftcg", "--decks", "fire_wind_aggro", "backup_ramp", "twilight_knights",
            "--games", "16", "--shard-size", "8", "--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "A win rate (95% CI)" in r.stdout and "fire_wind_aggro" in r.stdout and "48 games (random agents" in r.stdout
    assert "\r" not in r.stderr  # no bar redraws when stderr is not a terminal
    assert "matchup: 100% 48/48 games" in r.stderr
    rows = json.loads((tmp_path / "matchups.json").read_text())["pairs"]
    assert len(rows) == 3 and all(x["games"] == 16 for x in rows)
    again = tcg("matchup", "--decks", "fire_wind_aggro", "backup_ramp", "twilight_knights", "--games", "16",
                "--shard-size", "8", "--out", str(tmp_path), "-q")
    assert again.returncode == 0 and "48 read back from the results stream" in again.stdout and again.stderr == ""
    bad = tcg("matchup", "--agent", "nobody", "--games", "2")
    assert bad.returncode == 1 and "agent 'nobody'" in bad.stderr


def test_progress_bar_on_a_terminal_and_off_it():
    class TTY(io.StringIO):
        def isatty(self):
            return True

    t = TTY()
    p = Progress("work", stream=t)
    for d in range(0, 101, 10):
        p(d, 100)
    s = t.getvalue()
    assert s.startswith("\rwork [") and s.endswith("\n") and "100%" in s
    f = io.StringIO()
    p = Progress("work", stream=f)
    for d in range(0, 101):
        p(d, 100)
    lines = f.getvalue().splitlines()
    assert "\r" not in f.getvalue() and len(lines) == 11 and lines[-1].startswith("work: 100% 100/100 games")


def test_games_and_decks(capsys):
    assert main(["games"]) == 0 and "fftcg" in capsys.readouterr().out
    assert main(["decks", "--game", "fftcg"]) == 0
    assert "fire_wind_aggro" in capsys.readouterr().out.split()
