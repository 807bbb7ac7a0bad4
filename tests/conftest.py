"""Fixtures every test folder shares."""

from __future__ import annotations

import os

# as training/threads.py sets for the trainers, before anything here imports torch (test modules
# import torch before the trainers): OpenMP workers that sleep after their work instead of
# spinning, whose spinning made 2-thread training 2-40x slower whenever other jobs held a core
# (docs/performance-log.md, issue 29)
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from tcg_env.engine.cache import also_stamp  # noqa: E402

# the tests' njit(cache=True) wrappers of internal kernels hold the package's compiled code: cached under the
# package-wide stamp too, they compile again after an edit to any kernel file (tcg_env.engine.cache.also_stamp)
also_stamp(Path(__file__).parent)


def _assert_snapshot_refused(g, d, match):
    """``from_dict`` refuses the snapshot ``d`` with a SnapshotError matching ``match``, and a row it
    was asked to restore into is left untouched (nothing half-applied)."""
    from tcg_env import Game, SnapshotError

    with pytest.raises(SnapshotError, match=match):
        Game.from_dict(d, pool=g.pool)
    row = np.array(g.state)
    before = row.copy()
    with pytest.raises(SnapshotError):
        g.spec.from_dict(row, g.pool, d)
    np.testing.assert_array_equal(row, before)


@pytest.fixture
def assert_snapshot_refused():
    """assert_snapshot_refused(game, snapshot_dict, match): see ``_assert_snapshot_refused``."""
    return _assert_snapshot_refused


# Under pytest-xdist (the README's test command runs `-n logical`), a game's tests go to one worker:
# its own folder, and every test parametrized with that game (the game's name is one of the test
# id's parts). A game's kernels take about a minute to compile on a 2-core machine; tests spread
# over workers would compile them once per worker, at the same time, and CI would gain little from
# its second core. The other tests are spread by module. (xdist's own `--dist loadgroup` cannot do
# this under pytest 9: it renames node ids through an attribute pytest 9 no longer has.)
# So a test of one game must not make a game of another: that game's kernels would compile on this
# worker too, unless the other worker had cached them already (the conformance kit's snapshot tests
# did, ~280 s of CI's 855 s, until they handed their own snapshot to the other games' specs instead).
_GAME_FOLDERS = ("fftcg", "fftcg_2014", "weiss_schwarz", "force_of_will", "dbscg", "template")


def _game_of(nodeid: str) -> str | None:
    """The game whose worker runs the test ``nodeid``, None for a test of no one game."""
    if nodeid.endswith("]") and "[" in nodeid:
        for part in nodeid[nodeid.index("[") + 1 : -1].split("-"):
            if part in _GAME_FOLDERS:
                return part
    parts = nodeid.split("::")[0].split("/")
    return parts[1] if len(parts) > 2 and parts[0] == "tests" and parts[1] in _GAME_FOLDERS else None


def pytest_configure(config):
    # CI (CI=true) prints its 30 slowest tests: CI time is a budget (15 minutes), and the log of a
    # run over it must say where the time went
    if os.environ.get("CI") == "true" and not config.option.durations:
        config.option.durations = 30


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class GameScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            game = _game_of(nodeid)
            return f"game:{game}" if game is not None else super()._split_scope(nodeid)

    return GameScheduling(config, log)
