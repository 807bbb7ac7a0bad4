"""Random and heuristic play: thousands of random legal actions on a few seeds (no exception, a
mask never empty before the end, the games end), compiled and without JIT; the heuristic beats
random; a player's observation does not depend on what it cannot see (CR 302.2)."""

import os
import subprocess
import sys
from pathlib import Path

import numpy as np

from fow_tables import Row, kernels
from tcg_env.engine.header import H_DECIDER, H_DONE, H_WINNER
from tcg_env.engine.policy import AGENT_HEURISTIC, AGENT_RANDOM
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.observation import OBS_SIZE


def random_games(pool, seeds, cap=6000):
    lengths = []
    for seed in seeds:
        r = Row(pool, seed=seed)
        rng = np.random.default_rng(seed)
        n = 0
        while not r.done:
            legal = r.legal()
            assert legal, f"seed {seed}: empty mask before the end at decision {n} ({r.decision!r})"
            r.act(legal[rng.integers(len(legal))])
            n += 1
            assert n < cap, f"seed {seed}: no end after {cap} decisions"
        assert r.legal() == [] and r.winner in (0, 1, 2)
        lengths.append(n)
    return lengths


def test_random_play_ends_without_error_and_never_offers_an_empty_mask(pool):
    lengths = random_games(pool, range(12))
    assert sum(lengths) > 5000


CODE = """
import sys, numpy as np
sys.path.insert(0, {tests!r})
from fow_tables import basic_pool, Row
P = basic_pool()
out = []
for seed in (0, 1):
    r = Row(P, seed=seed)
    rng = np.random.default_rng(seed)
    n = 0
    while not r.done and n < 4000:
        legal = r.legal()
        assert legal
        r.act(legal[rng.integers(len(legal))])
        n += 1
    out.append((n, r.winner, int(r.s.astype(np.int64) @ np.arange(r.s.size))))
print(out)
"""


def run_script(code: str, jit: bool) -> str:
    """Run ``code`` in a fresh interpreter, compiled or as plain Python; its standard output."""
    env = dict(os.environ)
    if not jit:
        env["NUMBA_DISABLE_JIT"] = "1"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_kernels_run_without_jit_and_match_the_compiled_ones():
    code = CODE.format(tests=str(Path(__file__).parent))
    assert run_script(code, jit=False).split() == run_script(code, jit=True).split()


def test_the_heuristic_beats_random_in_at_least_80_percent_of_400_games(pool, deck):
    k = kernels()
    T = pool.T
    wins = 0
    games = 400
    mask = np.zeros(K.NUM_ACTIONS, np.int8)
    for g in range(games):
        s = np.zeros(Row(pool).s.size, np.int32)
        k.reset_row(s, deck, deck, g, 0, 0, T)
        rng = k.seed_agent_rng(1, g)[0]
        seat = g % 2  # the heuristic plays seat 0 or 1
        kinds = (AGENT_HEURISTIC, AGENT_RANDOM) if seat == 0 else (AGENT_RANDOM, AGENT_HEURISTIC)
        k.playout_row(s, T, mask, rng, kinds[0], kinds[1], 20000)
        assert s[H_DONE] == 1
        wins += int(s[H_WINNER] == seat)
    assert wins >= 0.8 * games, wins


def test_cr_302_2_observations_hide_the_opponents_hand_and_the_decks(pool):
    k = kernels()
    for seed in range(4):
        r = Row(pool, seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(60 + 40 * seed):
            legal = r.legal()
            if not legal:
                break
            r.act(legal[rng.integers(len(legal))])
        if r.done:
            continue
        p = int(r.s[H_DECIDER])
        before = np.zeros(OBS_SIZE, np.float32)
        k.observe_row(r.s, r.T, p, before)
        mask_before = r.legal()
        s2 = r.s.copy()
        k.determinize_row(s2, r.T, p, k.seed_agent_rng(1, seed + 7)[0])
        after = np.zeros(OBS_SIZE, np.float32)
        k.observe_row(s2, r.T, p, after)
        np.testing.assert_array_equal(before, after)
        r.s[:] = s2
        assert r.legal() == mask_before


def test_every_card_is_in_exactly_one_zone_list_throughout_random_games(pool):
    from tcg_env.games.force_of_will import state as S

    def err(msg):
        raise AssertionError(msg)

    for seed in (5, 6):
        r = Row(pool, seed=seed)
        used = {slot for slot in range(K.N_SLOTS) if r.cid(slot) >= 0}
        rng = np.random.default_rng(seed)
        while not r.done:
            listed = S.ZONES.check(r.s, err)
            assert set(listed) == used, f"cards outside every list: {sorted(used - set(listed))}"
            legal = r.legal()
            r.act(legal[rng.integers(len(legal))])
