"""Batch policy kernels agree with a Python loop over single games, and determinization changes
only what the player can't see."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

import tcg_env
from tcg_env.engine.header import H_DECIDER, H_RNG
from tcg_env.games.fftcg import constants as K
from tcg_env.registry import get_spec
P = get_spec("fftcg").kernels
from tcg_env.games.fftcg import state as S
from tcg_env.games.fftcg.adapter import check_consistency
from tcg_env.engine.batch import seed_agent_rng

DECKS = tcg_env.list_decks("fftcg")


def _batch(n, seed=0):
    spec = tcg_env.get_spec("fftcg")
    pool = spec.load_tables()
    ids = [spec.load_deck(pool, d, "constructed").card_ids for d in DECKS]
    pairs = [(ids[b % len(ids)], ids[(b // len(ids)) % len(ids)]) for b in range(n)]
    return tcg_env.BatchGame(spec, pool, pairs, np.arange(n, dtype=np.int64) + seed, 0, False, auto_reset=False)


# the batch playouts == the Python loop of the row kernels: tests/conformance/test_core_agents.py (every game)


# agent_actions_batch == choose_action_row per row: tests/conformance/test_core_agents.py (every game)


@pytest.mark.parametrize("game", ["fftcg", "force_of_will", "weiss_schwarz"])
@pytest.mark.parametrize("agent", ["AGENT_RANDOM", "AGENT_HEURISTIC"])
def test_agent_actions_batch_for_listed_rows_only(game, agent):
    """``rows``: exactly those rows are chosen for (as in the full batch call), every other entry of
    the output and every other row's agent RNG is left untouched; bad row lists are refused. Both
    games' policy kernels."""
    P = tcg_env.get_spec(game).kernels
    kind = getattr(P, agent)
    n = 16
    bg = tcg_env.make_batch(game, n, seed=21)
    lengths = np.zeros(n, np.int64)
    P.playout_batch(bg.states, bg._T, bg.masks, seed_agent_rng(n, 4), np.zeros((n, 2), np.int32), 40, lengths)
    rows = np.array([13, 2, 7, 8, 0], np.int64)
    rng_rows, rng_full = seed_agent_rng(n, 9), seed_agent_rng(n, 9)
    # an int64 output is another specialization of the whole policy kernel (~15 s of compile per game in
    # CI); its handling is the core's (engine.batch), the same for every game: checked on one game
    for out_dtype in (np.int32, np.int64) if game == "fftcg" else (np.int32,):
        full = np.zeros(n, np.int32)
        P.agent_actions_batch(bg.states, bg._T, bg.masks, rng_full, kind, full)
        out = np.full(n, -7, out_dtype)
        rng_before = rng_rows.copy()
        P.agent_actions_batch(bg.states, bg._T, bg.masks, rng_rows, kind, out, rows)
        assert np.array_equal(out[rows], full[rows])
        others = np.setdiff1d(np.arange(n), rows)
        assert (out[others] == -7).all()
        assert np.array_equal(rng_rows[others], rng_before[others])
        assert np.array_equal(rng_rows[rows], rng_full[rows])
        rng_rows[others] = rng_full[others]  # both in step for the next dtype
    out = np.zeros(n, np.int32)
    for bad, msg in (([3, 3], "distinct"), ([n], "must lie in"), ([-1], "must lie in"), ([[1]], "1-d"), ([0.5], "integer")):
        with pytest.raises(ValueError, match=msg):
            P.agent_actions_batch(bg.states, bg._T, bg.masks, rng_rows, kind, out, np.array(bad))


# ---- determinization ------------------------------------------------------------------------------
def _zone(row, n_off, l_off, p, cap):
    return [int(x) for x in row[l_off + p * cap : l_off + p * cap + int(row[n_off + p])]]


def _mid_game(seed, decisions=120):
    g = tcg_env.make_game("fftcg", decks=("ice_water_control", "fire_wind_aggro"), seed=seed)
    rng = seed_agent_rng(1, seed)[0]
    while not g.done and g.num_decisions < decisions:
        m = g.action_mask()
        g.step(int(P.choose_action_row(g._row.copy(), g._T, m, int(m.sum()), P.AGENT_HEURISTIC, rng)))
    assert not g.done
    return g


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_determinization_keeps_what_the_player_sees_and_conserves_cards(seed):
    g = _mid_game(seed)
    T = g._T
    p = g.current_player
    o = 1 - p
    before = g.state.copy()
    obs_before = g.observe(p)
    rng = seed_agent_rng(1, 100 + seed)[0]
    opp_hands = set()
    for k in range(20):
        row = before.copy()
        P.determinize_row(row, T, p, rng)
        check_consistency(row, g.pool)  # every snapshot invariant still holds
        # what p observes is identical: its hand, both fields, public zones, counts, the stack
        out = np.zeros_like(obs_before)
        g.spec.kernels.observe_row(row, T, p, out)
        assert np.array_equal(out, obs_before)
        assert _zone(row, S.HAND_N, S.HAND_L, p, K.MAX_DECK) == _zone(before, S.HAND_N, S.HAND_L, p, K.MAX_DECK)
        for slot in _zone(before, S.HAND_N, S.HAND_L, p, K.MAX_DECK):
            assert row[S.CARD + slot * S.CARD_W] == before[S.CARD + slot * S.CARD_W]
        # public zones and the field: the same slots with the same cards
        for n_off, l_off, cap in ((S.FIELD_N, S.FIELD_L, K.FIELD_SLOTS), (S.BREAK_N, S.BREAK_L, K.MAX_DECK),
                                  (S.DAMAGE_N, S.DAMAGE_L, K.MAX_DECK), (S.REMOVED_N, S.REMOVED_L, K.MAX_DECK)):
            for q in range(2):
                z = _zone(before, n_off, l_off, q, cap)
                assert _zone(row, n_off, l_off, q, cap) == z
                assert [row[S.CARD + x * S.CARD_W] for x in z] == [before[S.CARD + x * S.CARD_W] for x in z]
        # sizes kept; the same multiset of cards per owner (hidden cards only move among hidden places)
        for q in range(2):
            for n_off in (S.DECK_N, S.HAND_N):
                assert row[n_off + q] == before[n_off + q]
            own = sorted(int(row[S.CARD + x * S.CARD_W]) for x in range(q * K.MAX_DECK, (q + 1) * K.MAX_DECK))
            assert own == sorted(int(before[S.CARD + x * S.CARD_W]) for x in range(q * K.MAX_DECK, (q + 1) * K.MAX_DECK))
        opp_hidden = _zone(before, S.HAND_N, S.HAND_L, o, K.MAX_DECK) + _zone(before, S.DECK_N, S.DECK_L, o, K.MAX_DECK)
        assert sorted(row[S.CARD + x * S.CARD_W] for x in opp_hidden) == sorted(before[S.CARD + x * S.CARD_W] for x in opp_hidden)
        assert sorted(_zone(row, S.DECK_N, S.DECK_L, p, K.MAX_DECK)) == sorted(_zone(before, S.DECK_N, S.DECK_L, p, K.MAX_DECK))
        # everything else in the row is untouched except the card ids of the opponent's hidden
        # slots, the order of p's deck and the game's RNG
        changed = np.flatnonzero(row != before)
        allowed = {S.CARD + x * S.CARD_W for x in opp_hidden} | set(range(S.DECK_L + p * K.MAX_DECK, S.DECK_L + (p + 1) * K.MAX_DECK))
        allowed |= set(range(H_RNG, H_RNG + 4))
        assert set(changed.tolist()) <= allowed
        opp_hands.add(tuple(int(row[S.CARD + x * S.CARD_W]) for x in _zone(row, S.HAND_N, S.HAND_L, o, K.MAX_DECK)))
        # the determinized game plays on to a legal end
        if k < 3:
            lengths = np.zeros(1, np.int64)
            masks = np.zeros((1, K.NUM_ACTIONS), np.int8)
            P.playout_batch(row[None].copy(), T, masks, seed_agent_rng(1, k), np.ones((1, 2), np.int32), 20000, lengths)
    assert len(opp_hands) > 1  # the hidden hand really is resampled


def test_the_policy_kernels_run_without_jit_and_match_the_compiled_ones():
    code = """
import numpy as np, tcg_env
from tcg_env.registry import get_spec
P = get_spec("fftcg").kernels
from tcg_env.engine.batch import seed_agent_rng
bg = tcg_env.make_batch("fftcg", 2, decks=("twilight_knights", "backup_ramp"), seed=5, auto_reset=False)
lengths = np.zeros(2, np.int64)
P.playout_batch(bg.states, bg._T, bg.masks, seed_agent_rng(2, 1), np.array([[1, 0], [1, 1]], np.int32), 150, lengths)
row = bg.states[0].copy()
P.determinize_row(row, bg._T, 0, seed_agent_rng(1, 4)[0])
out = np.zeros(2, np.int32)
P.agent_actions_batch(bg.states, bg._T, bg.masks, seed_agent_rng(2, 3), P.AGENT_HEURISTIC, out)
print(lengths.tolist(), int(bg.states.astype(np.int64).sum()), int((row.astype(np.int64) * np.arange(row.size)).sum()), out.tolist())
"""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    nojit = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=900)
    assert nojit.returncode == 0, nojit.stderr[-2000:]
    jit = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=900)
    assert jit.returncode == 0, jit.stderr[-2000:]
    assert nojit.stdout.split() == jit.stdout.split()


def test_determinize_batch_equals_determinize_row_per_row():
    n = 16
    bg = _batch(n, seed=21)
    lengths = np.zeros(n, np.int64)
    P.playout_batch(bg.states, bg._T, bg.masks, seed_agent_rng(n, 2), np.ones((n, 2), np.int32), 80, lengths)
    players = bg.states[:, H_DECIDER].astype(np.int32)
    rows = bg.states.copy()
    rng_b = seed_agent_rng(n, 8)
    rng_l = rng_b.copy()
    P.determinize_batch(bg.states, bg._T, players, rng_b)
    for b in range(n):
        P.determinize_row(rows[b], bg._T, int(players[b]), rng_l[b])
    assert np.array_equal(rows, bg.states) and np.array_equal(rng_b, rng_l)
