"""Fixtures every test folder shares."""

from __future__ import annotations

import os

# as training/threads.py sets for the trainers, before anything here imports torch (test modules
# import torch before the trainers): OpenMP workers that sleep after their work instead of
# spinning, whose spinning made 2-thread training 2-40x slower whenever other jobs held a core
# (docs/performance-log.md, issue 29)
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

import numpy as np  # noqa: E402
import pytest  # noqa: E402


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


# Under pytest-xdist (the README's test command runs `-n auto --dist loadgroup`), a game's tests go
# to one worker: its own folder and every test parametrized with that `game`. A game's kernels
# take about a minute to compile on a 2-core machine; tests spread over workers would compile them
# once per worker, all at the same time, and CI would gain nothing from its second core.
_GAME_FOLDERS = ("fftcg", "fftcg_2014", "weiss_schwarz", "force_of_will", "dbscg", "template")


def _game_group(item) -> str | None:
    callspec = getattr(item, "callspec", None)
    for key in ("game", "spec"):  # the conformance kit's fixture `spec` is parametrized by name
        game = callspec.params.get(key) if callspec is not None else None
        if isinstance(game, str):
            return game
    parts = item.path.relative_to(item.config.rootpath).parts
    return parts[1] if len(parts) > 2 and parts[0] == "tests" and parts[1] in _GAME_FOLDERS else None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        group = _game_group(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
