"""Golden playthroughs: one seeded game of each game written out as text, the way OpenSpiel keeps
its ``integration_tests/playthroughs``, and compared with the committed trace (``<game>.txt`` next
to this file).

The golden-play hashes (``tests/engine/test_golden_play.py``) are the fast, broad check: every path
that runs the kernels, over many games. They say *that* a game changed. These traces say *what*
changed: a behaviour change shows as a diff of the text, at the first decision where it shows.

A trace is the first ``DECISIONS[game]`` decisions (or the whole game if it ends before) of a game made by
``tcg_env.make_game(game, seed=SEED)`` with the game's default decks and variant, every action drawn
uniformly from the legal ones by ``numpy.random.default_rng(SEED)``. At each decision it writes:

- the decision: its number, the turn, the phase or step (``BoardView.where``), its kind and who
  decides;
- the players' scores and area counts (``tcg_env.view.player_summary`` of the game's
  ``public_view(game, None)``) and the shared areas that hold cards (the stack, the chase);
- each seat's observation digest: how many values are not 0, the sha256 of the whole vector (its
  first 12 hex digits) and of each named block of ``spec.obs_columns()`` (4 hex digits; ``-``: the
  block is all 0), so a changed observation says which block moved;
- the legal actions as the game describes them (``Game.describe_action``), the action taken, and
  what it changed (``tcg_env.view.changes``: cards moved, card numbers and scores changed).

The whole board (``render_board`` of the view that sees everything) opens each turn and closes the
trace. Nothing in it depends on time, paths or the machine: observations are hashed as
little-endian float32 with -0.0 folded into 0.0.

Regenerate the traces (all games, or the ones named) with

    python tests/golden/test_playthroughs.py --regen [GAME ...]

only for an intended behaviour change, in a commit of its own that says why: the diff of the
traces then shows what moved (``git diff tests/golden``).
"""

from __future__ import annotations

import difflib
import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

HERE = Path(__file__).resolve().parent
SEED = 1
# each game's number of decisions: as many as keep its file readable (2,000-3,000 lines; Weiss
# Schwarz offers about 10 legal actions a decision, the others 2 or 3); FF-TCG's game ends before;
# the template game (not registered: tcg_env.extra_games) is a short example of a trace
DECISIONS = {"fftcg": 400, "force_of_will": 350, "weiss_schwarz": 150, "template": 120, "dbscg": 250,
             "fftcg_2014": 400}
GAMES = tuple(DECISIONS)
REGEN = "python tests/golden/test_playthroughs.py --regen"
DIFF_LINES = 60  # how much of the diff a failure shows


def trace_path(game: str) -> Path:
    return HERE / f"{game}.txt"


def _digest(values: np.ndarray, digits: int) -> str:
    # little-endian float32, -0.0 + 0.0 == +0.0: the same bytes for the same numbers everywhere
    data = (np.asarray(values, np.float32) + np.float32(0)).astype("<f4").tobytes()
    return hashlib.sha256(data).hexdigest()[:digits]


def obs_digest(obs: np.ndarray, columns) -> str:
    """``211 nonzero, 0d1e2f3a4b5c: global 7c1e, hand 0a9f, opp_field -, ...``."""
    blocks = ", ".join(f"{name} {_digest(obs[start:start + length], 4) if obs[start:start + length].any() else '-'}"
                       for name, start, length in columns)  # fmt: skip
    return f"{int(np.count_nonzero(obs))} nonzero, {_digest(obs, 12)}: {blocks}"


def _state_line(view) -> str:
    from tcg_env.view import player_summary

    parts = [f"P{p} {player_summary(pv)}" for p, pv in enumerate(view.players)]
    parts += [f"{a.name} {a.count}" for a in view.shared if a.count]
    return " | ".join(parts)


def _board(view) -> list[str]:
    from tcg_env.view import render_board

    return ["  " + line for line in render_board(view).splitlines()]


def playthrough(game: str, seed: int = SEED, decisions: int | None = None) -> str:
    """The trace of ``game`` (see the module's docstring), as the text of its file (``decisions``:
    default ``DECISIONS[game]``)."""
    import tcg_env
    from tcg_env.extra_games import registered
    from tcg_env.view import changes

    decisions = DECISIONS[game] if decisions is None else decisions
    with registered(game):  # (a game tcg_env ships unregistered, plugged in to be made by name)
        g = tcg_env.make_game(game, seed=seed)
    spec = g.spec
    columns = spec.obs_columns()
    decks = " vs ".join(spec.default_decks())
    blocks = ", ".join(f"{name} {start}..{start + length - 1}" for name, start, length in columns)
    out = [
        f"# Golden playthrough: {spec.title} ({spec.name}), variant {spec.variants[g.variant_index]}, decks {decks}",
        (f"# make_game({spec.name!r}, seed={seed}); actions drawn uniformly from the legal ones by "
         f"numpy.random.default_rng({seed}); at most {decisions} decisions"),
        f"# {spec.num_actions} actions; observation of {spec.obs_size} values, blocks: {blocks}",
        "# Per decision: the players' scores and counts, each seat's observation digest (values not 0, sha256 of",
        "# the vector, then of each block; '-': all 0), the legal actions, the action taken and what it changed.",
        "# Written by tests/golden/test_playthroughs.py; regenerate only for an intended behaviour change:",
        f"#   {REGEN} {spec.name}",
    ]
    rng = np.random.default_rng(seed)
    view = spec.public_view(g, None)
    turn = None
    n = 0
    while n < decisions and not g.done:
        if view.turn != turn:
            turn = view.turn
            out += ["", f"== turn {view.turn}: P{view.turn_player}'s turn ==", *_board(view)]
        out.append(f"#{n} turn {view.turn}, {view.where}: {g.decision.name} by P{g.current_player}")
        out.append("  " + _state_line(view))
        for p in (0, 1):
            out.append(f"  obs P{p}: {obs_digest(g.observe(p), columns)}")
        legal = [int(a) for a in g.legal_actions()]
        action = legal[int(rng.integers(len(legal)))]
        desc = g.describe_action(action)
        if len(legal) > 1:
            out += [f"  {'legal:' if i == 0 else '':6s} {a} {g.describe_action(a)}" for i, a in enumerate(legal)]
            out.append(f"  action: {action} {desc}")
        else:
            out.append(f"  action: {action} {desc} (the only legal action)")
        g.step(action)
        n += 1
        after = spec.public_view(g, None)
        out += [f"    {line}" for line in changes(view, after)]
        view = after
    if g.done:
        result = "a draw" if g.winner == -1 else f"P{g.winner} wins"
        out += ["", f"== the end after {n} decisions: {result}, returns {g.returns()} =="]
    else:
        out += ["", f"== stopped after {n} decisions (the game goes on) =="]
    out += _board(view)
    return "\n".join(out) + "\n"


def _first_difference(expected: str, got: str) -> str:
    """The unified diff of the committed trace and the fresh one, its first ``DIFF_LINES`` lines; each
    hunk's header names the decision its first changed line is in."""
    old = expected.splitlines()
    diff = list(difflib.unified_diff(old, got.splitlines(), "committed", "now", lineterm=""))
    for i, line in enumerate(diff):
        hunk = re.match(r"@@ -(\d+)", line)
        if hunk:
            context = next((k for k, x in enumerate(diff[i + 1:]) if x[:1] in "-+@"), 0)
            changed = int(hunk.group(1)) - 1 + context  # the first changed line, counted from 0
            decision = next((x for x in reversed(old[:changed + 1]) if re.match(r"#\d+ ", x)), None)
            diff[i] = line + (f" {decision}" if decision else "")
    more = f"\n... ({len(diff) - DIFF_LINES} more diff lines)" if len(diff) > DIFF_LINES else ""
    return "\n".join(diff[:DIFF_LINES]) + more


@pytest.mark.parametrize("game", GAMES)
def test_playthrough_matches_the_recorded_trace(game):
    path = trace_path(game)
    if not path.exists():
        pytest.fail(f"no golden playthrough of {game} ({path.name}): record it with `{REGEN} {game}`", pytrace=False)
    expected = path.read_text()
    got = playthrough(game)
    if got != expected:  # pytest.fail, not assert: pytest's own diff of two long strings says less
        pytest.fail(
            f"{game} plays differently from its golden playthrough (tests/golden/{path.name}); the first "
            f"differences:\n{_first_difference(expected, got)}\n"
            f"If the change is meant to alter behaviour, check that this is what it does, then record the traces "
            f"with `{REGEN}` in a commit of its own (and the hashes: `python tests/engine/test_golden_play.py --regen`)",
            pytrace=False)


def test_a_failure_shows_the_differing_lines_under_their_decision():
    expected = trace_path("fftcg").read_text()
    lines = expected.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("#5 ")) + 2
    got = "".join(lines[:at] + ["  a line that moved\n"] + lines[at + 1:])
    diff = _first_difference(expected, got).splitlines()
    hunk = next(line for line in diff if line.startswith("@@"))
    assert hunk.endswith(lines[at - 2].rstrip("\n")), hunk  # the hunk is headed by decision #5
    assert "-" + lines[at].rstrip("\n") in diff and "+  a line that moved" in diff


NOJIT = """
import sys
sys.path[:0] = [{root!r}, {here!r}]
import test_playthroughs as t
for game in t.GAMES:
    (t.Path({out!r}) / f"{{game}}.txt").write_text(t.playthrough(game))
"""


def test_playthroughs_are_the_same_without_the_jit(tmp_path):
    """The kernels run as plain Python (NUMBA_DISABLE_JIT=1) write the same traces: a trace may be
    regenerated either way (the observations' floats included)."""
    code = NOJIT.format(root=str(HERE.parents[1]), here=str(HERE), out=str(tmp_path))
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    for game in GAMES:
        expected, got = trace_path(game).read_text(), (tmp_path / f"{game}.txt").read_text()
        if got != expected:
            pytest.fail(f"{game} without the JIT differs from its golden playthrough:\n{_first_difference(expected, got)}",
                        pytrace=False)


def main(argv: list[str]) -> int:
    if not argv or argv[0] != "--regen" or any(g not in GAMES for g in argv[1:]):
        print(f"usage: {REGEN} [GAME ...]   (GAME: {', '.join(GAMES)}; default: all)", file=sys.stderr)
        return 2
    sys.path.insert(0, str(HERE.parents[1]))  # this checkout's tcg_env, not an installed one
    for game in argv[1:] or GAMES:
        text = playthrough(game)
        path = trace_path(game)
        old = path.read_text() if path.exists() else None
        path.write_text(text)
        what = "unchanged" if old == text else "new" if old is None else "changed (git diff tests/golden)"
        print(f"{path.relative_to(HERE.parents[1])}: {len(text.splitlines())} lines, {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
