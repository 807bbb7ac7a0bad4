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
