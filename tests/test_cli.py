"""The ``tcg`` command: play (driven by a scripted stdin), replay, deck validate, cards, matchup."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tcg_env.cli import main
from tcg_env.replay import ReplayError, check_result, load_replay, play_replay

ROOT = Path(__file__).resolve().parents[1]
BOT = "heuristic"


def tcg(*args, stdin=None, timeout=600):
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.run([sys.executable, "-m", "tcg_env", *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, timeout=timeout, env=env)


def run_main(capsys, *args) -> tuple[int, str, str]:
    """``tcg ARGS`` in this process (no interpreter start-up, the kernels already loaded): the exit
    code, stdout and stderr. A subprocess run (``tcg``) stays where the process itself is checked."""
    try:
        code = main(list(args))
    except SystemExit as exc:  # argparse's usage errors
        code = exc.code if isinstance(exc.code, int) else 2
    out, err = capsys.readouterr()
    return code, out, err


def final_board(stdout: str) -> str:
    """The board printed after the game (from its header line to the line before 'Game over:' /
    'Replay ...')."""
    lines = stdout.splitlines()
    start = max(i for i, ln in enumerate(lines) if ln.startswith("Final Fantasy TCG - turn "))
    end = next(i for i in range(start, len(lines)) if lines[i].startswith(("Game over:", "Replay ")))
    return "\n".join(lines[start:end])


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
    assert "Final Fantasy TCG - turn " in out and "   hand:" in out and "   forwards:" in out  # the readable board
    assert "\nbot: " in out and "\n-- turn " in out  # the bot's moves are printed, a header a turn
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
    told = set()  # every move is told: on a numbered line of its own, or in a run of passes
    for line in rep.stdout.splitlines():
        m = __import__("re").match(r"^\s*(\d+)\. P[01]: ", line)
        told.update([int(m[1])] if m else [])
        m = __import__("re").search(r"\[moves? (\d+)(?:-(\d+))?\]$", line)
        told.update(range(int(m[1]), int(m[2] or m[1]) + 1) if m else [])
    assert told == set(range(1, len(data["actions"]) + 1))


def test_replay_step_waits_for_enter(played):
    _, rp = played
    rep = tcg("replay", str(rp), "--step", stdin="\n\nq\n")
    assert rep.returncode == 0
    assert rep.stdout.count("[Enter: move") == 3 and "stopped" in rep.stdout
    assert "    2. P" in rep.stdout and "    3. P" not in rep.stdout  # with --step, each move on its own line


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
    assert main(["play", "--seed", "1", "--save-replay", str(blocker / "r.json")]) == 2
    assert f"--save-replay {blocker / 'r.json'}: cannot write the replay there: {blocker} is a file" in capsys.readouterr().err
    assert main(["play", "--seed", "1", "--deck", "nosuch"]) == 2
    assert "nosuch: no such deck file or built-in deck" in capsys.readouterr().err
    assert main(["play", "--seed", "1", "--bot", "nobody"]) == 2
    assert "agent 'nobody'" in capsys.readouterr().err


def test_bad_replays_are_named(played, tmp_path, capsys):
    _, rp = played
    data = json.loads(rp.read_text())
    bad = dict(data, actions=list(data["actions"]))
    bad["actions"][5] = 96  # the last option index: not legal there
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(bad))
    r = tcg("replay", str(f))  # the installed command, end to end
    assert r.returncode == 2 and "action #5 (value 96) is illegal" in r.stderr and "legal actions" in r.stderr
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
        assert main(["replay", str(f)]) == 2
        err = capsys.readouterr().err
        assert msg in err and str(f) in err, (change, err)
    f.write_text("{oops")
    assert main(["replay", str(f)]) == 2 and "not valid JSON" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2 and "cannot read" in capsys.readouterr().err


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
    assert "copies.txt: line 1: card 'FF1-001' (Cinder Lancer): field 'count': 4 copies: at most 3" in cap.err
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
    assert main(["cards", "show", "Embr Knight"]) == 2
    assert "unknown card 'Embr Knight'; did you mean 'Ember Knight'" in capsys.readouterr().err
    # the start of a name: the one card whose name it begins, or a one-line list of them
    assert main(["cards", "show", "cinder lan"]) == 0
    assert capsys.readouterr().out.startswith("Cinder Lancer [FF1-001]")
    assert main(["cards", "show", "--game", "force_of_will", "Ignis"]) == 2
    err = capsys.readouterr().err
    assert "'Ignis' begins 2 cards' names: Ignis, Ember Sovereign [" in err and "Ignis, Crowned in Flame [" in err
    assert main(["cards", "list", "--element", "purple"]) == 2
    assert "unknown element 'purple'; choose from fire" in capsys.readouterr().err


def test_matchup_command_prints_the_table_and_writes_files(tmp_path, capsys):
    r = tcg("matchup", "--game", "fftcg", "--decks", "fire_wind_aggro", "backup_ramp", "twilight_knights",
            "--games", "16", "--shard-size", "8", "--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "A win rate (95% CI)" in r.stdout and "fire_wind_aggro" in r.stdout and "48 games (random agents" in r.stdout
    assert "\r" not in r.stderr  # no bar redraws when stderr is not a terminal
    last = r.stderr.splitlines()[-1]  # tqdm's closing line, plain
    assert last.startswith("matchup: 100%|") and "48/48" in last and "games/s]" in last, r.stderr
    rows = json.loads((tmp_path / "matchups.json").read_text())["pairs"]
    assert len(rows) == 3 and all(x["games"] == 16 for x in rows)
    code, out, err = run_main(capsys, "matchup", "--decks", "fire_wind_aggro", "backup_ramp", "twilight_knights",
                              "--games", "16", "--shard-size", "8", "--out", str(tmp_path), "-q")
    assert code == 0 and "48 read back from the results stream" in out and err == "", err
    code, _, err = run_main(capsys, "matchup", "--agent", "nobody", "--games", "2")
    assert code == 2 and "agent 'nobody'" in err


def test_games_and_decks(capsys):
    assert main(["games"]) == 0 and "fftcg" in capsys.readouterr().out
    assert main(["decks", "--game", "fftcg"]) == 0
    assert "fire_wind_aggro" in capsys.readouterr().out.split()


# ---- issue 16: seeds, the human seat's view, card pools, first run, clean errors -------------------
CARDDATA = ROOT.parent / "shared" / "carddata"  # the shared card samples beside the repository root


def test_play_without_a_seed_and_with_the_largest_seed(capsys, monkeypatch):
    r = tcg("play", "--bot", BOT, stdin="")  # a random seed in 0..2**63-1 (it crashed: OverflowError)
    assert r.returncode == 0 and "end of input: quitting" in r.stdout, r.stderr
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, err = run_main(capsys, "play", "--bot", BOT, "--seed", str(2**63 - 1))
    assert code == 0 and f"seed {2**63 - 1}" in out, err


def test_seeds_outside_the_range_are_refused_everywhere(played, tmp_path, capsys):
    import tcg_env
    from agents import make_agent
    from tcg_env.game import SEED_MAX, check_seed
    from tcg_env.matchup import MatchupError, make_params

    assert SEED_MAX == 2**63 - 1 and check_seed(SEED_MAX) == SEED_MAX
    for bad in (-1, 2**63, 2**70, 1.5, True, "3"):
        with pytest.raises(ValueError, match="seed must be an integer in 0..2"):
            check_seed(bad)
    with pytest.raises(ValueError, match="seed must be"):
        tcg_env.make_game("fftcg", seed=2**70)  # it wrapped onto seed 2**70 % 2**63
    assert tcg_env.make_game("fftcg", seed=SEED_MAX).turn >= 0
    with pytest.raises(ValueError, match="with 2 consecutive seeds"):
        tcg_env.make_batch("fftcg", 2, seed=SEED_MAX)
    for name in ("heuristic", "random", "search"):
        make_agent(name, game="fftcg", seed=SEED_MAX).reset(seed=SEED_MAX)  # every seed seeds an agent
    with pytest.raises(MatchupError, match="seed must be"):
        make_params("fftcg", agent="random", games=4, seed=SEED_MAX)  # games use seed .. seed + 1
    assert make_params("fftcg", agent="random", games=4, seed=SEED_MAX - 1)["seed"] == SEED_MAX - 1
    _, rp = played
    f = tmp_path / "big.json"
    f.write_text(json.dumps(dict(json.loads(rp.read_text()), seed=2**70)))
    assert main(["replay", str(f)]) == 2
    assert "field 'seed': seed must be an integer in 0..2**63-1, got 1180591620717411303424" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "--seed", str(2**63)])
    assert "seed must be an integer in 0..2**63-1" in capsys.readouterr().err


def _hidden_names(game, seat: int) -> set[str]:
    """Names of the opponent's hand cards that appear nowhere the seat may look (its own hand, the
    boards): none of them may be in the seat's view."""
    cards = game.to_dict()["cards"]
    opp_hand = {c["name"] for c in cards if c["owner"] == 1 - seat and c["zone"] == "hand"}
    visible = {c["name"] for c in cards if c["zone"] not in ("hand", "deck", "stock", "memory", "marker",
                                                                "main_deck", "stone_deck", "standby")
               or (c["zone"] == "hand" and c["owner"] == seat)}
    return opp_hand - visible


@pytest.mark.parametrize("game_name", ["fftcg", "force_of_will", "weiss_schwarz"])
def test_render_for_a_seat_shows_no_hidden_card(game_name):
    import tcg_env

    for seed in range(3):
        g = tcg_env.make_game(game_name, seed=seed)
        for _ in range(40):  # a few decisions in, hands full
            if g.done:
                break
            g.step(int(g.legal_actions()[0]))
        for seat in (0, 1):
            view = g.render(viewer=seat)
            hidden = _hidden_names(g, seat)
            assert hidden, "the test needs an opponent hand card not visible elsewhere"
            assert not [n for n in hidden if n in view], view


def test_play_weiss_schwarz_does_not_print_the_bots_hand(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 3))
    assert main(["play", "--game", "weiss_schwarz", "--bot", BOT, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    boards = [ln for ln in out.splitlines() if ln.startswith("Weiss Schwarz - turn")]
    hands = [ln for ln in out.splitlines() if ln.strip().startswith("hand:")]
    assert boards and len(hands) == len(boards)  # one hand per board: yours (it printed both)


def test_compile_notice_is_printed_only_for_a_cold_cache(monkeypatch):
    import tcg_env.cli as cli
    from tcg_env.engine import cache

    s = io.StringIO()
    monkeypatch.setattr(cache, "is_cached", lambda *k, **kw: False)
    assert cli.compile_notice("fftcg", ("row", "batch"), stream=s)
    assert s.getvalue() == ("compiling the Final Fantasy TCG engine: first run only, about a minute "
                            "(numba keeps the kernels in its on-disk cache)\n")
    monkeypatch.setattr(cache, "is_cached", lambda *k, **kw: True)
    assert not cli.compile_notice("fftcg", ("row",), stream=io.StringIO())
    monkeypatch.undo()
    # an empty numba cache folder: the dispatcher has nothing on disk (and is not compiled in the child)
    code = ("from tcg_env.engine.cache import is_cached; from tcg_env.engine.rows import row_entry; "
            "from tcg_env.games.fftcg.hooks import RULES; print(is_cached(row_entry, game=RULES))")
    with __import__("tempfile").TemporaryDirectory() as d:
        r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                           env=dict(os.environ, NUMBA_CACHE_DIR=d, PYTHONPATH=str(ROOT)))
    assert r.stdout.strip() == "False", r.stderr


def test_clean_errors_exit_2_with_one_line(tmp_path, capsys):
    binary = tmp_path / "deck.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe")
    r = tcg("deck", "validate", "x.txt", "--game", "nope")  # the real command, once
    assert r.returncode == 2 and "unknown game 'nope'" in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr, r.stderr
    for args, words in [
        (["cards", "list", "--game", "nope"], "unknown game 'nope'"),
        (["cards", "show", "X", "--game", "nope"], "unknown game 'nope'"),
        (["bench", "--game", "nope"], "unknown game 'nope'"),
        (["matchup", "--agent", "search:simulations=abc", "--games", "2"], "option simulations must be an integer, got 'abc'"),
        (["matchup", "--decks", str(binary), "fire_wind_aggro", "--games", "2"], f"{binary}: not a text deck list"),
    ]:
        code, _, err = run_main(capsys, *args)  # an exception escaping main fails here with its traceback
        assert code == 2 and words in err, (args, err)
        assert len(err.strip().splitlines()) == 1, err
    code, _, err = run_main(capsys, "deck", "validate", str(binary))
    assert code == 1 and f"{binary}: not a text deck list" in err
    r = tcg("--version")
    assert r.returncode == 0 and r.stdout.startswith("tcg_env ")


def _need_carddata(sub: str, name: str) -> Path:
    p = CARDDATA / sub / name
    if not p.is_file():
        pytest.skip(f"shared card data not available: {p}")
    return p


@pytest.mark.parametrize("game_name, sub, name", [
    ("fftcg", "fftcg", "ThomasALeon_FFTCGSim__fftcg_real_cards.json"),
    ("fftcg", "fftcg", "jkeczan_fftcg-online-2__ffdecks_cards.json"),
    ("weiss_schwarz", "weiss_schwarz", "CCondeluci_WeissSchwarz-ENG-DB__5HY_W83.json"),
    ("weiss_schwarz", "weiss_schwarz", "CCondeluci_WeissSchwarz-ENG-DB__AT_WX02.json"),
])
def test_cards_import_every_sample_format(tmp_path, capsys, game_name, sub, name):
    raw = _need_carddata(sub, name)
    pool = tmp_path / "pool.json"
    assert main(["cards", "import", "--game", game_name, str(raw), "--out", str(pool)]) == 0
    out = capsys.readouterr().out
    n = int(out.split("wrote ")[1].split(" cards")[0])
    assert n > 100 and "records, imported" in out and "  skipped " in out  # skipped, counted by reason
    assert main(["cards", "list", "--game", game_name, "--cards", str(pool)]) == 0
    assert f"of {n} cards" in capsys.readouterr().err
    assert main(["cards", "list", "--game", game_name, "--cards", str(raw)]) == 2  # the raw database
    err = capsys.readouterr().err
    assert f"tcg cards import --game {game_name} {raw} --out POOL.json" in err and "not a card pool" in err


def test_an_imported_pool_plays_a_matchup_from_the_command_line(tmp_path, capsys):
    raw = _need_carddata("fftcg", "ThomasALeon_FFTCGSim__fftcg_real_cards.json")
    # a part of the list, as published (the whole list's import is checked by the tests above):
    # every record up to the 20th Fire and the 20th Water Forward
    records, seen = [], {"fire": 0, "water": 0}
    for rec in json.loads(raw.read_text()):
        records.append(rec)
        if rec.get("type") == "forward" and rec.get("element") in seen:
            seen[rec["element"]] += 1
        if min(seen.values()) >= 20:
            break
    part = tmp_path / "part.json"
    part.write_text(json.dumps(records))
    pool = tmp_path / "real.json"
    code, _, err = run_main(capsys, "cards", "import", "--game", "fftcg", str(part), "--out", str(pool))
    assert code == 0, err
    cards = json.loads(pool.read_text())["cards"]
    decks = []
    for element in ("fire", "water"):
        nums = [c["number"] for c in cards if c["element"] == element and c["type"] == "forward"][:17]
        deck = tmp_path / f"{element}.txt"
        deck.write_text(f"# name: real {element}\n" + "".join(f"3 {x}\n" for x in nums[:16]) + f"2 {nums[16]}\n")
        decks.append(str(deck))
    code, out, err = run_main(capsys, "deck", "validate", "--cards", str(pool), *decks)
    assert code == 0 and out.count(": ok:") == 2, err
    code, out, err = run_main(capsys, "matchup", "--cards", str(pool), "--decks", *decks, "--games", "4", "-q")
    assert code == 0 and "4 games (random agents" in out, err
    code, _, err = run_main(capsys, "matchup", "--decks", *decks, "--games", "4", "-q")  # the built-in pool lacks them
    assert code == 2 and "unknown card number" in err, err
    rp = tmp_path / "g.json"
    r = tcg("play", "--cards", str(pool), "--deck", decks[0], "--bot-deck", decks[1], "--seed", "5",
            "--save-replay", str(rp), stdin="1\n" * 30)  # the real command, a terminal game on the imported pool
    assert r.returncode == 0, r.stderr
    code, _, err = run_main(capsys, "replay", str(rp), "--cards", str(pool))
    assert code == 0, err
