"""Golden random play: a fixed batch of random games of each game, hashed (states, observations and
masks after every call of the batch kernel), must hash to the recorded value.

It guards speed work on the kernels: a change meant to compute the same thing faster (a shortcut,
a table, a copy instead of column-by-column writes) must leave every state, observation and mask of
these games as it was. A change that means to alter behaviour (a rule fixed, a column added)
changes the hash: check that the difference is the intended one, then record the new values with

    python tests/engine/test_golden_play.py --regen
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest

GOLDEN = Path(__file__).with_name("golden_random_play.json")
GAMES = ("fftcg", "weiss_schwarz")


def random_play_hash(game: str, rows: int = 16, calls: int = 240) -> dict:
    """Hash of ``calls`` calls of random_play_batch over ``rows`` rows (1, 3 or 7 decisions a call,
    so observations are written both in full and over the previous one)."""
    import tcg_env

    batch = tcg_env.make_batch(game, rows, seed=11)
    k = batch.spec.kernels
    rng = k.seed_agent_rng(rows, 5)
    counters = np.zeros((rows, 5), np.int64)
    h = hashlib.sha256()
    for i in range(calls):
        k.random_play_batch(batch.states, batch._T, batch.decks, batch.deck_lens, batch.seeds, batch.variant_index,
                            (1, 3, 7)[i % 3], batch.obs, batch.masks, rng, counters)
        for arr in (batch.states, batch.obs, batch.masks):
            h.update(arr.tobytes())
    return {"decisions": int(counters[:, 0].sum()), "games": int(counters[:, 1].sum()), "sha256": h.hexdigest()}


@pytest.mark.parametrize("game", GAMES)
def test_random_play_matches_the_recorded_golden_hash(game):
    expected = json.loads(GOLDEN.read_text())[game]
    got = random_play_hash(game)
    assert got == expected, (
        f"{game} random play differs from the recorded games ({GOLDEN.name}): if the change is meant to alter "
        "behaviour, check it and run `python tests/engine/test_golden_play.py --regen`")


if __name__ == "__main__":
    if sys.argv[1:] != ["--regen"]:
        sys.exit("usage: python tests/engine/test_golden_play.py --regen")
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    GOLDEN.write_text(json.dumps({g: random_play_hash(g) for g in GAMES}, indent=2) + "\n")
    print(GOLDEN.read_text())
