"""Matchup simulation: Wilson intervals, seeds and seats, the resumable results stream (kills at
any point), the Ray backend against the local one, the tables and the heatmap."""

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path

import pytest

from tcg_env import matchup as M
from tcg_env.matchup import (
    STREAM_NAME,
    MatchupError,
    list_shards,
    make_params,
    play_pair,
    read_stream,
    run_matchup,
    run_shard,
    wilson_interval,
)

ROOT = Path(__file__).resolve().parents[1]
DECKS3 = ["fire_wind_aggro", "ice_water_control", "backup_ramp"]


def test_wilson_interval_matches_known_values():
    # R: binom::binom.wilson / prop.test(correct = FALSE)
    assert wilson_interval(7, 20) == pytest.approx((0.18119, 0.56715), abs=1e-5)
    assert wilson_interval(50, 100) == pytest.approx((0.40383, 0.59617), abs=1e-5)
    assert wilson_interval(81, 263) == pytest.approx((0.25529, 0.36621), abs=1e-5)
    assert wilson_interval(0, 10) == (0.0, pytest.approx(0.27753, abs=1e-5))
    assert wilson_interval(10, 10) == (pytest.approx(0.72247, abs=1e-5), 1.0)
    lo, hi = wilson_interval(5.5, 10)  # draws count half
    assert lo < 0.55 < hi
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_a_pair_is_reproducible_and_counts_add_up():
    a = play_pair("fftcg", "fire_wind_aggro", "ice_water_control", 16, seed=3)
    b = play_pair("fftcg", "fire_wind_aggro", "ice_water_control", 16, seed=3)
    c = play_pair("fftcg", "fire_wind_aggro", "ice_water_control", 16, seed=4)
    assert a == b
    assert asdict(a) != asdict(c)
    assert a.wins_a + a.wins_b + a.draws == 16
    assert a.ci_low <= a.win_rate_a <= a.ci_high
    assert a.win_rate_a == pytest.approx((a.wins_a + 0.5 * a.draws) / 16)
    assert a.mean_decisions > 50 and a.mean_turns > 3


def test_shards_alternate_seats_and_share_seeds(monkeypatch):
    import tcg_env

    params = make_params("fftcg", ["fire_wind_aggro", "ice_water_control"], games=6, seed=11, shard_size=4)
    assert list_shards(params) == [(0, 0, 0, 4), (0, 1, 4, 6)]
    made = []
    real = tcg_env.BatchGame

    def spy(spec, pool, deck_pairs, seeds, *a, **kw):
        made.append((deck_pairs, list(seeds)))
        return real(spec, pool, deck_pairs, seeds, *a, **kw)

    monkeypatch.setattr(tcg_env, "BatchGame", spy)
    rec = run_shard(params, 0, 1)
    (pairs, seeds), = made
    # games 4 and 5: seed 11 + g // 2 = 13 for both; side A (fire_wind_aggro) in seat 0 on even games
    assert seeds == [13, 13]
    pool = tcg_env.get_spec("fftcg").load_tables()
    fire = tcg_env.get_spec("fftcg").load_deck(pool, "fire_wind_aggro").card_ids
    assert (pairs[0][0] == fire).all() and (pairs[1][1] == fire).all() and not (pairs[1][0] == fire).all()
    assert len(rec["outcomes"]) == len(rec["first"]) == len(rec["decisions"]) == len(rec["turns"]) == 2
    # sharding does not change a game: the same games in one shard of 6 give the same record
    monkeypatch.setattr(tcg_env, "BatchGame", real)
    params6 = make_params("fftcg", ["fire_wind_aggro", "ice_water_control"], games=6, seed=11, shard_size=6)
    whole = run_shard(params6, 0, 0)
    assert whole["outcomes"][4:] == rec["outcomes"] and whole["decisions"][4:] == rec["decisions"]
    assert whole["turns"][4:] == rec["turns"] and whole["first"][4:] == rec["first"]
    # several shards (of several pairs) in one kernel call give the records run one by one
    params3 = make_params("fftcg", DECKS3, games=6, seed=11, shard_size=4)
    todo = [(0, 1), (2, 0), (1, 1), (0, 0)]
    assert M.run_shards(params3, todo) == [run_shard(params3, p, k) for p, k in todo]


def _counts(out_dir):
    return json.loads((Path(out_dir) / "matchups.json").read_text())["pairs"]


def _cli(args, env_extra=None, **kw):
    env = dict(os.environ, **(env_extra or {}))
    return subprocess.run([sys.executable, "-m", "tcg_env", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600, **kw)


MATCHUP_ARGS = ["matchup", "--game", "fftcg", "--decks", *DECKS3, "--games", "48", "--shard-size", "8", "--seed", "5"]


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory):
    out = tmp_path_factory.mktemp("full")
    r = _cli([*MATCHUP_ARGS, "--out", str(out)])
    assert r.returncode == 0, r.stderr
    return out


def test_resume_after_a_kill_mid_write_gives_the_uninterrupted_counts(tmp_path, uninterrupted):
    # SIGKILL right after the 4th new shard, with half a record already written (a torn line)
    r = _cli([*MATCHUP_ARGS, "--out", str(tmp_path)], {"TCG_MATCHUP_TEST_KILL_AFTER": "4", "TCG_MATCHUP_TEST_TORN": "1"})
    assert r.returncode == -signal.SIGKILL
    stream = tmp_path / STREAM_NAME
    raw = stream.read_bytes()
    assert not raw.endswith(b"\n")  # the torn record is there
    assert raw.count(b"\n") == 1 + 4  # header + 4 shards of 18
    assert not (tmp_path / "matchups.json").exists()
    r = _cli([*MATCHUP_ARGS, "--out", str(tmp_path)])
    assert r.returncode == 0, r.stderr
    assert "read back from the results stream" in r.stdout
    assert _counts(tmp_path) == _counts(uninterrupted)
    params, recs = read_stream(stream)
    assert len(recs) == len(list_shards(params)) == 18
    assert stream.read_bytes().count(b"\n") == 1 + 18  # no shard was stored twice
    _, full = read_stream(uninterrupted / STREAM_NAME)
    assert recs == full  # game by game


def test_resume_after_an_external_kill_at_a_random_moment(tmp_path, uninterrupted):
    env = dict(os.environ, TCG_MATCHUP_TEST_SHARD_DELAY="0.15")
    proc = subprocess.Popen([sys.executable, "-m", "tcg_env", *MATCHUP_ARGS, "--out", str(tmp_path), "-q"], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stream = tmp_path / STREAM_NAME
    deadline = time.time() + 300
    while time.time() < deadline and proc.poll() is None:
        if stream.exists() and stream.read_bytes().count(b"\n") >= 4:  # header + 3 shards
            break
        time.sleep(0.02)
    time.sleep(0.07)  # somewhere inside the next shard or the pause after it
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL, proc.stderr.read().decode()
    _, partial = read_stream(stream)
    assert 3 <= len(partial) < 18
    r = _cli([*MATCHUP_ARGS, "--out", str(tmp_path)])
    assert r.returncode == 0, r.stderr
    assert _counts(tmp_path) == _counts(uninterrupted)


def test_resume_in_process_and_a_finished_run_replays_nothing(tmp_path):
    kw = dict(decks=DECKS3[:2], games=24, seed=2, shard_size=8)
    seen = []

    def stop_after_two(rec):
        seen.append(rec)
        if len(seen) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_matchup(out=tmp_path, on_shard=stop_after_two, **kw)
    res = run_matchup(out=tmp_path, **kw)
    assert res.games_played == 8 and res.games_total == 24
    again = run_matchup(out=tmp_path, **kw)
    assert again.games_played == 0
    fresh = run_matchup(**kw)  # no files at all
    assert [asdict(p) for p in again.pairs] == [asdict(p) for p in res.pairs] == [asdict(p) for p in fresh.pairs]


def test_restart_with_other_parameters_is_refused(tmp_path):
    run_matchup(decks=DECKS3[:2], games=8, seed=1, shard_size=8, out=tmp_path)
    before = (tmp_path / STREAM_NAME).read_bytes()
    with pytest.raises(MatchupError, match=r"different parameters \(games: 8 -> 16\)"):
        run_matchup(decks=DECKS3[:2], games=16, seed=1, shard_size=8, out=tmp_path)
    with pytest.raises(MatchupError, match="seed: 1 -> 2"):
        run_matchup(decks=DECKS3[:2], games=8, seed=2, shard_size=8, out=tmp_path)
    assert (tmp_path / STREAM_NAME).read_bytes() == before
    r = _cli(["matchup", "--decks", *DECKS3[:2], "--games", "8", "--seed", "3", "--shard-size", "8", "--out", str(tmp_path)])
    assert r.returncode == 2 and "different parameters (seed: 1 -> 3)" in r.stderr and "--out" in r.stderr


def test_a_damaged_stream_is_reported_with_its_line(tmp_path):
    run_matchup(decks=DECKS3[:2], games=16, seed=1, shard_size=8, out=tmp_path)
    stream = tmp_path / STREAM_NAME
    lines = stream.read_text().splitlines(keepends=True)
    lines[1] = "{not json\n"
    stream.write_text("".join(lines))
    with pytest.raises(MatchupError, match=r"line 2: not valid JSON"):
        run_matchup(decks=DECKS3[:2], games=16, seed=1, shard_size=8, out=tmp_path)
    rec = json.loads(lines[2])
    rec["outcomes"] = "A" * 7
    stream.write_text(lines[0] + json.dumps(rec) + "\n")
    with pytest.raises(MatchupError, match=r"line 2: field 'outcomes' must be 8 letters"):
        run_matchup(decks=DECKS3[:2], games=16, seed=1, shard_size=8, out=tmp_path)


def test_bad_inputs_name_the_problem(tmp_path):
    with pytest.raises(MatchupError, match="games must be a positive integer"):
        run_matchup(decks=DECKS3[:2], games=0)
    with pytest.raises(MatchupError, match="no_such_deck"):
        run_matchup(decks=["no_such_deck", "backup_ramp"], games=2)
    with pytest.raises(MatchupError, match="agent 'nobody'"):
        run_matchup(decks=DECKS3[:2], agent="nobody", games=2)
    with pytest.raises(MatchupError, match="exactly two agent names"):
        run_matchup(decks=DECKS3[:2], agents=["random"], games=2)
    with pytest.raises(MatchupError, match="not both"):
        run_matchup(decks=DECKS3[:2], agent="random", agents=["random", "heuristic"], games=2)
    with pytest.raises(MatchupError, match="unknown backend"):
        run_matchup(decks=DECKS3[:2], games=2, backend="spark")
    bad = tmp_path / "bad.txt"
    bad.write_text("3 FF1-001\n2 FF9-999\n")
    with pytest.raises(MatchupError, match=r"bad.txt: line 2: card 'FF9-999'"):
        run_matchup(decks=[str(bad), "backup_ramp"], games=2)


def test_tables_matrix_and_heatmap(tmp_path):
    res = run_matchup(decks=DECKS3, games=8, seed=0, shard_size=8, out=tmp_path)
    assert [(p.deck_a, p.deck_b) for p in res.pairs] == [
        ("fire_wind_aggro", "ice_water_control"), ("fire_wind_aggro", "backup_ramp"), ("ice_water_control", "backup_ramp")]
    m = res.matrix
    assert m[0][0] is None and m[0][1] == res.pairs[0].win_rate_a and m[1][0] == pytest.approx(1 - m[0][1])
    rows = (tmp_path / "matchups.csv").read_text().splitlines()
    assert rows[0].startswith("agent_a,deck_a,agent_b,deck_b,games,wins_a") and len(rows) == 4
    data = json.loads((tmp_path / "matchups.json").read_text())
    assert data["matrix"]["rows"] == DECKS3 and data["params"]["games"] == 8
    pytest.importorskip("matplotlib")
    png = (tmp_path / "heatmap.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 5000


def test_heatmap_without_matplotlib_says_so(tmp_path, monkeypatch):
    res = run_matchup(decks=DECKS3[:2], games=4, seed=0, heatmap=False)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    msgs = []
    assert M.write_heatmap(res, tmp_path / "h.png", warn=msgs.append) is None
    assert not (tmp_path / "h.png").exists()
    assert "matplotlib is not installed" in msgs[0] and "tcg_env[plot]" in msgs[0]


def test_two_agents_play_every_deck_against_every_deck():
    res = run_matchup(decks=DECKS3[:2], agents=["random", "random"], games=4, seed=0)
    assert [(p.deck_a, p.deck_b) for p in res.pairs] == [
        ("fire_wind_aggro", "fire_wind_aggro"), ("fire_wind_aggro", "ice_water_control"),
        ("ice_water_control", "fire_wind_aggro"), ("ice_water_control", "ice_water_control")]
    assert all(v is not None for row in res.matrix for v in row)
    assert res.labels_a == ["random: fire_wind_aggro", "random: ice_water_control"]


def test_python_level_agents_play_through_the_facade(monkeypatch):
    # force the facade loop (the path of search and neural agents) for a kernel agent
    monkeypatch.setattr(M, "agent_kernel_code", lambda name, game: None)
    a = run_matchup(decks=DECKS3[:2], games=4, seed=9)
    b = run_matchup(decks=DECKS3[:2], games=4, seed=9)
    p = a.pairs[0]
    assert p.wins_a + p.wins_b + p.draws == 4 and p.mean_decisions > 50
    assert [asdict(x) for x in a.pairs] == [asdict(x) for x in b.pairs]


ray = None
try:  # the Ray backend is an optional extra
    import ray  # noqa: F811
except ImportError:
    pass


@pytest.fixture(scope="module")
def ray_local():
    if ray is None:
        pytest.skip("ray is not installed (pip install -e '.[ray]')")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield ray
    ray.shutdown()


def test_ray_backend_agrees_with_local_and_resumes_a_local_run(tmp_path, ray_local):
    kw = dict(decks=DECKS3, games=40, seed=7, shard_size=16)
    local = run_matchup(out=tmp_path / "local", **kw)
    on_ray = run_matchup(out=tmp_path / "ray", backend="ray", **kw)
    assert [asdict(p) for p in on_ray.pairs] == [asdict(p) for p in local.pairs]
    assert read_stream(tmp_path / "ray" / STREAM_NAME)[1] == read_stream(tmp_path / "local" / STREAM_NAME)[1]
    # half locally, interrupted; the rest on Ray, same stream
    n = []

    def stop(rec):
        n.append(rec)
        if len(n) == 4:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_matchup(out=tmp_path / "mixed", on_shard=stop, **kw)
    mixed = run_matchup(out=tmp_path / "mixed", backend="ray", **kw)
    assert mixed.games_played == 120 - sum(r["hi"] - r["lo"] for r in n) > 0
    assert [asdict(p) for p in mixed.pairs] == [asdict(p) for p in local.pairs]


def test_a_second_run_on_the_same_stream_is_refused_and_a_torn_header_is_rewritten(tmp_path):
    kw = dict(decks=DECKS3[:2], games=8, seed=1, shard_size=8)
    params = make_params("fftcg", **kw)
    holder = M.ResultStream(tmp_path / STREAM_NAME, params)
    holder.open()  # a run in progress holds the lock
    try:
        with pytest.raises(MatchupError, match="in use by another tcg matchup run"):
            run_matchup(out=tmp_path, **kw)
    finally:
        holder.close()
    (tmp_path / STREAM_NAME).write_bytes(b'{"type":"header","format":"tcg_')  # killed while writing the header
    res = run_matchup(out=tmp_path, **kw)
    assert res.games_played == 8
    assert read_stream(tmp_path / STREAM_NAME)[0] == params


def test_agent_specs_carry_options():
    assert M.parse_agent_spec("heuristic") == ("heuristic", {})
    assert M.parse_agent_spec("search:simulations=16, c=0.5,method=ismcts,x=true") == (
        "search", {"simulations": 16, "c": 0.5, "method": "ismcts", "x": True})
    assert M.parse_agent_spec("runs/a/policy.pt") == ("neural", {"checkpoint": "runs/a/policy.pt"})
    with pytest.raises(MatchupError, match="option 'sims' is not key=value"):
        M.parse_agent_spec("search:sims")
    with pytest.raises(MatchupError, match="agent 'search:bogus=1'"):
        run_matchup(decks=DECKS3[:1], agents=["search:bogus=1", "random"], games=2)


def test_a_search_agent_plays_a_matchup_reproducibly_on_worker_processes(tmp_path):
    kw = dict(decks=DECKS3[:1], agents=["search:simulations=8,wave=8", "heuristic"], games=4, seed=4, shard_size=1)
    a = run_matchup(**kw)
    b = run_matchup(workers=2, out=tmp_path, **kw)  # one shard per process task, streamed as they finish
    assert a.pairs[0].games == 4 and a.pairs[0].agent_a == "search:simulations=8,wave=8"
    assert [asdict(p) for p in a.pairs] == [asdict(p) for p in b.pairs]
    assert len(read_stream(tmp_path / STREAM_NAME)[1]) == 4


def test_files_named_by_agent_options_are_fingerprinted(tmp_path):
    ck = tmp_path / "policy.pt"
    ck.write_bytes(b"one")
    first = M._agent_files(str(ck))
    assert list(first) == [str(ck)] and len(first[str(ck)]) == 16
    ck.write_bytes(b"two")  # a retrained checkpoint under the same name: another run
    assert M._agent_files(f"neural:checkpoint={ck}") != first
    assert M._agent_files("search:simulations=8") == {}


def test_thread_count_does_not_change_results():
    import numba

    before = numba.get_num_threads()
    one = run_matchup(decks=DECKS3[:2], games=24, seed=6, shard_size=8, workers=1)
    assert numba.get_num_threads() == before  # restored
    assert [asdict(p) for p in one.pairs] == [asdict(p) for p in run_matchup(decks=DECKS3[:2], games=24, seed=6, shard_size=8).pairs]


def test_deck_files_and_names_mix_and_an_edited_file_is_another_run(tmp_path):
    import tcg_env
    from tcg_env.cards.decks import deck_to_text
    from tcg_env.games.fftcg.decks import load_deck

    pool = tcg_env.get_spec("fftcg").load_tables()
    f = tmp_path / "my_aggro.txt"
    f.write_text(deck_to_text(pool, load_deck(pool, "fire_wind_aggro")))
    out = tmp_path / "out"
    res = run_matchup(decks=[str(f), "ice_water_control"], games=8, seed=3, out=out)
    same = run_matchup(decks=["fire_wind_aggro", "ice_water_control"], games=8, seed=3)
    assert res.pairs[0].deck_a == "my_aggro"
    assert (res.pairs[0].wins_a, res.pairs[0].mean_decisions) == (same.pairs[0].wins_a, same.pairs[0].mean_decisions)
    lines = f.read_text().splitlines()
    f.write_text("\n".join(ln.replace("3 FF1-001", "2 FF1-001") if ln.startswith("3 FF1-001") else ln for ln in lines)
                 + "\n1 FF1-004\n")  # one card swapped: still 50 cards
    with pytest.raises(MatchupError, match="decks: same names, different card lists"):
        run_matchup(decks=[str(f), "ice_water_control"], games=8, seed=3, out=out)


# ---- issue 25 item 11: one Wilson interval; the progress bar (tqdm) and its ETA -----------------------
def test_the_wilson_interval_is_written_once(monkeypatch):
    """training.evaluate's win-rate interval is tcg_env.matchup.wilson_interval (it had its own copy)."""
    from training.evaluate import EvalResult

    r = EvalResult("random", games=20, wins=7, losses=13, draws=0, seconds=1.0)
    assert r.wilson() == wilson_interval(7, 20) == pytest.approx((0.18119, 0.56715), abs=1e-5)
    assert EvalResult("random", 0, 0, 0, 0, 0.0).wilson() == (0.0, 1.0)
    monkeypatch.setattr(M, "wilson_interval", lambda wins, n, z=M.Z95: ("the one", wins, n))
    assert r.wilson() == ("the one", 7, 20)


class _TTY:
    def __init__(self):
        self.text = ""

    def write(self, s):
        self.text += s

    def flush(self):
        pass

    def isatty(self):
        return True


def test_progress_off_a_terminal_writes_plain_lines(monkeypatch):
    import io

    monkeypatch.delenv("CI", raising=False)
    f = io.StringIO()
    p = M.MatchupProgress("work", stream=f, log_interval=0)
    for d in range(0, 101):
        p(d, 100)
    text = f.getvalue()
    lines = text.splitlines()
    assert "\r" not in text and text.endswith("\n") and 2 <= len(lines) <= 12, text
    assert lines[-1].startswith("work: 100%") and "100/100" in lines[-1] and "games/s" in lines[-1], lines[-1]
    p(100, 100)  # after the end: nothing more
    assert f.getvalue() == text


def test_progress_with_ci_set_writes_plain_lines_even_on_a_terminal(monkeypatch):
    monkeypatch.setenv("CI", "true")
    t = _TTY()
    p = M.MatchupProgress("work", stream=t, log_interval=0)
    for d in range(0, 101, 10):
        p(d, 100)
    assert "\r" not in t.text and t.text.splitlines()[-1].startswith("work: 100%")
    monkeypatch.delenv("CI")
    t = _TTY()
    p = M.MatchupProgress("work", stream=t)
    for d in range(0, 101, 10):
        p(d, 100)
    assert t.text.startswith("\rwork:") and t.text.endswith("\n") and "100/100" in t.text  # redrawn in place
    q = M.MatchupProgress("work", stream=t, enabled=False)
    q(5, 10)
    q.close()


def test_progress_eta_counts_from_the_first_shard_not_from_the_compile(monkeypatch):
    """The README's main job said "ETA 7 minutes" at 10% of a 48-second run: the first shard's time
    (the kernels' first compile) was in the rate. Here the first shard takes 60 s (compile), the
    next ones 1 s per 10 games: the ETA at 20/100 is 8 s, not 80 * 61 / 20 = 4 minutes."""
    import tqdm.std

    monkeypatch.delenv("CI", raising=False)
    now = [1000.0]
    monkeypatch.setattr(tqdm.std, "time", lambda: now[0])
    t = _TTY()
    p = M.MatchupProgress("matchup", stream=t)
    p(0, 100)  # before anything runs
    now[0] += 60.0
    p(10, 100)  # the first shard, compile included
    assert "?" in t.text.split("\r")[-1]  # no rate yet
    now[0] += 1.0
    p(20, 100)
    last = t.text.split("\r")[-1]
    assert "20/100" in last and "<00:08" in last and "10.00 games/s" in last, last
    now[0] += 1.0
    p(30, 100)
    assert "<00:07" in t.text.split("\r")[-1]
