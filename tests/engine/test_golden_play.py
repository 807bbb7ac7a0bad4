"""Golden play: fixed games of each game, played through every path that runs the kernels, must
hash to the recorded values.

The paths (one hash each, per game):
- ``random_play``: the batch random-play kernel (states, observations, masks after every call);
- ``step_batch``: the batch step kernel driven by a seeded numpy RNG (observations, masks, rewards,
  terminations, states after every step, with automatic restarts);
- ``policy``: the policy kernels: heuristic actions chosen for mid-game rows, heuristic-vs-heuristic
  and heuristic-vs-random playouts to the end, determinizations from each seat's view;
- ``snapshots``: ``to_dict`` of mid-game rows (as canonical JSON) and the state ``from_dict`` rebuilds;
- ``facade``: single games through ``tcg_env.make_game`` (legal actions, descriptions, both
  seats' flat and dict observations, the final render).

It guards refactoring and speed work on the kernels: a change meant to compute the same thing
another way must leave every one of these as it was. A change that means to alter behaviour (a rule
fixed, a column added) changes a hash: check that the difference is the intended one (the golden
playthroughs, ``tests/golden/test_playthroughs.py``, show what it is as a diff of text), then record
the new values with

    python tests/engine/test_golden_play.py --regen

in a commit of its own, with the playthroughs (docs/architecture.md, "Golden play"); ``--regen GAME ...``
records the games named only, the others keeping their recorded values.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest

GOLDEN = Path(__file__).with_name("golden_random_play.json")
GAMES = ("fftcg", "force_of_will", "weiss_schwarz", "dbscg", "fftcg_2014")


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


def _update(h, *arrays) -> None:
    for arr in arrays:
        h.update(np.ascontiguousarray(arr).tobytes())


def _uniform_actions(rng, masks: np.ndarray) -> np.ndarray:
    """One uniformly drawn legal action per row (rows are never without one: auto_reset)."""
    u = rng.random(masks.shape) * (masks != 0)
    return np.argmax(u, axis=1).astype(np.int32)


def step_batch_hash(game: str, rows: int = 8, steps: int = 400) -> dict:
    import tcg_env

    batch = tcg_env.make_batch(game, rows, seed=21)
    rng = np.random.default_rng(3)
    h = hashlib.sha256()
    _update(h, batch.obs, batch.masks, batch.states)
    ended = 0
    for _ in range(steps):
        obs, masks, rewards, terminated = batch.step(_uniform_actions(rng, batch.masks))
        ended += int(terminated.sum())
        _update(h, obs, masks, rewards, terminated, batch.states)
    return {"games_ended": ended, "sha256": h.hexdigest()}


def _mid_game_batch(game: str, rows: int, steps: int, seed: int):
    """A batch after ``steps`` uniformly random steps (finished rows restart, so every row is live)."""
    import tcg_env

    batch = tcg_env.make_batch(game, rows, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        batch.step(_uniform_actions(rng, batch.masks))
    return batch


def policy_hash(game: str, rows: int = 12) -> dict:
    batch = _mid_game_batch(game, rows, 60, seed=31)
    T = batch._T
    k = P = batch.spec.kernels
    h = hashlib.sha256()
    rng = k.seed_agent_rng(rows, 9)
    actions = np.full(rows, -2, np.int64)
    P.agent_actions_batch(batch.states, T, batch.masks, rng, P.AGENT_HEURISTIC, actions)
    _update(h, actions)
    for seat in (0, 1):
        states = batch.states.copy()
        P.determinize_batch(states, T, np.full(rows, seat, np.int32), rng)
        _update(h, states)
    decisions = 0
    for kinds in ((P.AGENT_HEURISTIC, P.AGENT_HEURISTIC), (P.AGENT_HEURISTIC, P.AGENT_RANDOM)):
        states = batch.states.copy()
        masks = batch.masks.copy()
        lengths = np.zeros(rows, np.int64)
        P.playout_batch(states, T, masks, rng, np.tile(np.array(kinds, np.int32), (rows, 1)), 20000, lengths)
        decisions += int(lengths.sum())
        _update(h, states, masks, lengths)
    return {"playout_decisions": decisions, "sha256": h.hexdigest()}


def snapshots_hash(game: str, rows: int = 6) -> dict:
    from tcg_env.game import Game

    batch = _mid_game_batch(game, rows, 45, seed=41)
    h = hashlib.sha256()
    for b in range(rows):
        g = batch.game(b)
        d = g.to_dict()
        text = json.dumps(d, sort_keys=True)
        h.update(text.encode())
        back = Game.from_dict(json.loads(text))
        assert np.array_equal(back.state, g.state), f"{game}: from_dict(to_dict()) changed row {b}"
    return {"rows": rows, "sha256": h.hexdigest()}


def facade_hash(game: str, seeds=(5, 6), max_steps: int = 600) -> dict:
    import tcg_env

    h = hashlib.sha256()
    steps = 0
    for seed in seeds:
        g = tcg_env.make_game(game, seed=seed)
        rng = np.random.default_rng(seed)
        while not g.done and steps < max_steps * len(seeds):
            legal = g.legal_actions()
            a = int(rng.choice(legal))
            h.update(g.describe_action(a).encode())
            for p in (0, 1):
                _update(h, g.observe(p))
                ent = g.observe(p, encoding="dict")
                for key in sorted(ent):
                    h.update(key.encode())
                    _update(h, ent[key])
            g.step(a)
            steps += 1
        h.update(g.render().encode())
        h.update(str(g.winner).encode())
    return {"steps": steps, "sha256": h.hexdigest()}


PATHS = {
    "random_play": random_play_hash,
    "step_batch": step_batch_hash,
    "policy": policy_hash,
    "snapshots": snapshots_hash,
    "facade": facade_hash,
}


def golden(game: str) -> dict:
    return {path: fn(game) for path, fn in PATHS.items()}


@pytest.mark.parametrize("path", list(PATHS))
@pytest.mark.parametrize("game", GAMES)
def test_play_matches_the_recorded_golden_hash(game, path):
    expected = json.loads(GOLDEN.read_text())[game][path]
    got = PATHS[path](game)
    assert got == expected, (
        f"{game} {path} differs from the recorded games ({GOLDEN.name}): `pytest tests/golden` shows what "
        "changed if its games meet it; if the change is meant to alter behaviour, check it and run "
        f"`python tests/engine/test_golden_play.py --regen {game}`")


if __name__ == "__main__":
    if sys.argv[1:2] != ["--regen"] or any(g not in GAMES for g in sys.argv[2:]):
        sys.exit(f"usage: python tests/engine/test_golden_play.py --regen [GAME ...]   (GAME: {', '.join(GAMES)}; "
                 "default: all; the other games keep their recorded hashes)")
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    recorded = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    recorded.update({g: golden(g) for g in sys.argv[2:] or GAMES})
    GOLDEN.write_text(json.dumps({g: recorded[g] for g in GAMES if g in recorded}, indent=2) + "\n")
    print(GOLDEN.read_text())
