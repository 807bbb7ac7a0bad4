"""Weiss Schwarz in-kernel agents (``policy_kernels``): the heuristic beats random in the kernels,
batch kernels equal a Python loop, every choice is legal, the heuristic's choices follow the
rules it relies on, and the kernels run without JIT."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from ws_helpers import (
    ACE,
    BRAWLER,
    CAPTAIN,
    CX_DRAW,
    CX_POOL,
    CX_SHOT,
    GUARD,
    HELPER,
    MESSENGER,
    SCOUT,
    find_action,
)

import tcg_env
from agents import make_agent
from agents.arena import kernel_match, python_match
from tcg_env.engine.header import H_ERROR
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import observation as O
from tcg_env.registry import get_spec
P = get_spec("weiss_schwarz").kernels
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.engine.batch import seed_agent_rng

GAME = "weiss_schwarz"
D = K.Decision
REPO = Path(__file__).resolve().parents[2]


def _batch(n, seed=0, pool=None, deck=None):
    spec = tcg_env.get_spec(GAME)
    if pool is None:
        pool = spec.load_tables()
        ids = [spec.load_deck(pool, d).card_ids for d in spec.list_decks()]
    else:
        ids = [deck]
    pairs = [(ids[b % len(ids)], ids[(b // len(ids)) % len(ids)]) for b in range(n)]
    return tcg_env.BatchGame(spec, pool, pairs, np.arange(n, dtype=np.int64) + seed, 0, False, auto_reset=False)


def _heuristic_choice(g, seed=0):
    m = g.action_mask()
    a = int(P.choose_action_row(np.array(g.state, np.int32), g.pool.kernel_tables, m, int(m.sum()),
                                P.AGENT_HEURISTIC, seed_agent_rng(1, seed)[0]))
    assert m[a] == 1
    return a


# ---- strength ------------------------------------------------------------------------------------
def test_heuristic_beats_random_in_at_least_90_percent_of_400_kernel_games():
    r = kernel_match(P.AGENT_HEURISTIC, P.AGENT_RANDOM, 400, seed=3, game=GAME)
    assert r.games == 400 and r.draws == 0
    assert r.score_a >= 0.9, str(r)


def test_heuristic_beats_random_through_the_agent_objects_and_the_facade():
    r = python_match(make_agent("heuristic", game=GAME), make_agent("random", game=GAME), 8, seed=5, game=GAME)
    assert r.wins_a >= 7, str(r)


def test_heuristic_mirror_match_is_balanced_by_seat_swapping():
    # games 2k and 2k+1 swap the seats with the same decks and seed: an agent can't beat itself much
    r = kernel_match(P.AGENT_HEURISTIC, P.AGENT_HEURISTIC, 200, seed=1, game=GAME)
    assert 0.35 <= r.score_a <= 0.65, str(r)


# ---- batch kernels == Python loop ---------------------------------------------------------------
# the batch playouts == the Python loop of the row kernels: tests/conformance/test_core_agents.py (every game)


# agent_actions_batch == choose_action_row per row: tests/conformance/test_core_agents.py (every game)


def test_an_unknown_agent_code_is_refused_before_the_kernels_run():
    bg = _batch(2)
    with pytest.raises(ValueError, match="unknown in-kernel agent code 7"):
        P.playout_batch(bg.states, bg._T, bg.masks, seed_agent_rng(2, 0), np.full((2, 2), 7, np.int32), 10,
                        np.zeros(2, np.int64))


# ---- legality ------------------------------------------------------------------------------------
def test_heuristic_actions_are_legal_at_every_decision_kind_of_long_games(pool, deck):
    """Every decision of heuristic-vs-heuristic and heuristic-vs-random games on both pools: the
    facade's step raises on an illegal action; the decision kinds met are recorded."""
    seen = set()
    for p_, d_ in ((None, None), (pool, deck)):
        for seed in range(4):
            g = tcg_env.make_game(GAME, decks=None if d_ is None else (d_, d_), seed=seed, pool=p_)
            agents = (make_agent("heuristic", game=GAME, seed=seed),
                      make_agent("heuristic" if seed % 2 else "random", game=GAME, seed=seed))
            while not g.done:
                seen.add(int(g.decision))
                m = g.action_mask()
                a = agents[g.current_player].act(None, m, game=g)
                assert m[a] == 1
                g.step(a)
            assert int(g.state[H_ERROR]) == 0
    for kind in (D.MULLIGAN, D.CLOCK, D.MAIN, D.CLIMAX, D.ATTACK, D.COUNTER, D.ENCORE, D.LEVEL_UP):
        assert int(kind) in seen, f"{kind.name} never met"


# ---- the rules the heuristic relies on ----------------------------------------------------------
def _to_attack(g):
    g.step(find_action(g, "End the main phase"))
    if g.decision == D.CLIMAX:
        g.step(find_action(g, "Play no climax"))
    assert g.decision == D.ATTACK


def test_attacks_frontally_when_stronger_and_from_the_side_when_weaker_7_2_1_4(scenario):
    sc = scenario()
    sc.put(0, BRAWLER, "stage", pos=1)  # 6000 faces the opponent's (2)
    sc.put(0, SCOUT, "stage", pos=0)  # 2500 faces the opponent's (3)
    sc.put(1, MESSENGER, "stage", pos=1)  # 5000
    sc.put(1, GUARD, "stage", pos=2)  # 3000
    sc.stack_deck(0, [SCOUT])
    sc.stack_deck(1, [GUARD, GUARD, GUARD])
    g = sc.game()
    _to_attack(g)
    a = _heuristic_choice(g)
    assert g.describe_action(a).startswith("Frontal attack with Brawler"), g.describe_action(a)
    g2 = g.clone()
    g2.step(find_action(g2, "Side attack with Brawler"))
    while g2.decision != D.ATTACK and not g2.done:
        g2.step(int(g2.legal_actions()[0]))
    a = _heuristic_choice(g2)
    assert g2.describe_action(a).startswith("Side attack with Scout"), g2.describe_action(a)


def test_counters_with_a_backup_that_saves_the_defender_10_5(scenario):
    sc = scenario()
    sc.put(0, BRAWLER, "stage", pos=1)  # 6000
    sc.put(1, MESSENGER, "stage", pos=1)  # 5000 + Backup 3000 wins the battle
    sc.put(1, HELPER, "hand")
    sc.put(1, SCOUT, "level")
    sc.put(1, SCOUT, "stock")
    sc.stack_deck(0, [SCOUT])
    sc.stack_deck(1, [GUARD, GUARD])
    g = sc.game()
    _to_attack(g)
    g.step(find_action(g, "Frontal attack with Brawler"))
    assert g.decision == D.COUNTER and g.current_player == 1
    assert g.describe_action(_heuristic_choice(g)).startswith("Counter with Helper")


def test_does_not_spend_a_backup_when_the_defender_wins_anyway(scenario):
    sc = scenario()
    sc.put(0, SCOUT, "stage", pos=1)  # 2500
    sc.put(1, MESSENGER, "stage", pos=1)  # 5000
    sc.put(1, HELPER, "hand")
    sc.put(1, SCOUT, "level")
    sc.put(1, SCOUT, "stock")
    sc.stack_deck(0, [SCOUT])
    sc.stack_deck(1, [GUARD, GUARD])
    g = sc.game()
    _to_attack(g)
    g.step(find_action(g, "Frontal attack with Scout"))
    assert g.decision == D.COUNTER
    assert _heuristic_choice(g) == K.PASS


@pytest.mark.parametrize("card,pays", [(CAPTAIN, True), (MESSENGER, False), (SCOUT, False)])
def test_pays_encore_for_a_level_2_character_not_below_10_2_3(scenario, card, pays):
    sc = scenario()
    sc.put(0, ACE, "stage", pos=1)  # 11000 reverses every defender
    sc.put(1, card, "stage", pos=1)
    sc.put_many(1, [GUARD, GUARD, GUARD], "stock")
    sc.stack_deck(0, [SCOUT])
    sc.stack_deck(1, [GUARD, GUARD])
    g = sc.game()
    _to_attack(g)
    g.step(find_action(g, "Frontal attack with Ace"))
    while g.decision != D.ENCORE_PAY:
        assert not g.done and g.decision != D.ATTACK
        g.step(K.PASS if g.action_mask()[K.PASS] else int(g.legal_actions()[0]))
    assert (_heuristic_choice(g) == K.OPTION_BASE) == pays


def test_plays_a_character_to_an_empty_center_position_6_5_1_2(scenario):
    sc = scenario()
    sc.put(0, MESSENGER, "hand")
    sc.put(0, SCOUT, "level")
    sc.put(0, SCOUT, "clock")
    g = sc.game()
    assert g.decision == D.MAIN
    a = _heuristic_choice(g)
    assert K.PLAY_BASE <= a < K.OWN_STAGE_BASE and (a - K.PLAY_BASE) % K.N_POSITIONS < K.N_CENTER, \
        g.describe_action(a)


@pytest.mark.parametrize("level,clock,clocks", [(0, 0, True), (2, 2, False)])
def test_clocks_a_surplus_climax_while_far_from_losing_6_4_1_2(scenario, level, clock, clocks):
    sc = scenario()
    sc.put_many(0, [SCOUT, CX_POOL, CX_DRAW, CX_SHOT, MESSENGER], "hand")
    sc.put_many(0, [GUARD] * level, "level")
    sc.put_many(0, [SCOUT] * clock, "clock")
    sc.flow("clock")
    g = sc.game()
    assert g.decision == D.CLOCK
    a = _heuristic_choice(g)
    if not clocks:  # 2 levels and 2 clock: 16 damage taken of the 27 that lose (CR 9.3, 1.2.2.1)
        assert a == K.PASS
        return
    hand = [int(x) for x in g.state[S.HAND_L : S.HAND_L + int(g.state[S.HAND_N])]]
    clocked = int(g.state[S.CARD + hand[a - K.HAND_BASE] * S.CARD_W])
    assert clocked in (CX_POOL, CX_DRAW, CX_SHOT)  # the third climax is the least useful card


# ---- agents layer --------------------------------------------------------------------------------
def test_make_agent_serves_weiss_schwarz_random_and_heuristic_and_neural_only_with_a_ws_network(tmp_path):
    r = make_agent("random", game=GAME, seed=1)
    h = make_agent("heuristic", game=GAME, seed=1)
    assert r.kernel_code == P.AGENT_RANDOM and h.kernel_code == P.AGENT_HEURISTIC and h.needs_game
    torch = pytest.importorskip("torch")
    from agents.neural import PolicyNet
    from tcg_env.games.fftcg import constants as FK
    from tcg_env.games.fftcg import observation as FO

    with pytest.raises(ValueError, match="needs checkpoint"):
        make_agent("neural", game=GAME)
    ff = PolicyNet(FO.OBS_SIZE, FK.NUM_ACTIONS, [8], game="fftcg")
    path = tmp_path / "ff.pt"
    torch.save({"model_config": ff.model_config(), "model": ff.state_dict()}, path)
    with pytest.raises(ValueError, match="trained on 'fftcg', not 'weiss_schwarz'"):
        make_agent("neural", game=GAME, checkpoint=str(path))
    ws = PolicyNet(O.OBS_SIZE, K.NUM_ACTIONS, [8], game=GAME)
    path = tmp_path / "ws.pt"
    torch.save({"model_config": ws.model_config(), "model": ws.state_dict()}, path)
    agent = make_agent("neural", game=GAME, checkpoint=str(path), device="cpu")
    g = tcg_env.make_game(GAME, seed=3)
    a = agent.act(g.observe(g.current_player), g.action_mask())
    assert g.action_mask()[a] == 1
    with pytest.raises(ValueError, match="unknown game 'wsch'"):
        make_agent("heuristic", game="wsch")
    with pytest.raises(ValueError, match="unknown game 'wsch'"):
        make_agent("random", game="wsch")
    g = tcg_env.make_game("fftcg", seed=1)
    with pytest.raises(ValueError, match="was given a 'fftcg' game"):
        h.act(None, g.action_mask(), game=g)


# ---- determinization and search -----------------------------------------------------------------
def _mid_game(seed, decisions=80):
    g = tcg_env.make_game(GAME, seed=seed)
    rng = seed_agent_rng(1, seed)[0]
    while not g.done and g.num_decisions < decisions:
        m = g.action_mask()
        g.step(int(P.choose_action_row(np.array(g.state, np.int32), g.pool.kernel_tables, m, int(m.sum()),
                                       P.AGENT_HEURISTIC, rng)))
    assert not g.done
    return g


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_determinization_keeps_what_the_player_sees_and_conserves_cards(seed):
    from tcg_env.games.weiss_schwarz.adapter import check_consistency

    g = _mid_game(seed)
    me = g.current_player
    o = 1 - me
    row = np.array(g.state, np.int32)
    hidden = [int(x) for x in row[S.HAND_L + o * K.MAX_DECK : S.HAND_L + o * K.MAX_DECK + int(row[S.HAND_N + o])]]
    hidden += [int(x) for x in row[S.DECK_L + o * K.MAX_DECK : S.DECK_L + o * K.MAX_DECK + int(row[S.DECK_N + o])]]
    hidden += [int(x) for x in row[S.STOCK_L + o * K.MAX_DECK : S.STOCK_L + o * K.MAX_DECK + int(row[S.STOCK_N + o])]]
    # my own deck and stock: I know which cards they hold together, not which is where (CR 3.10.2)
    mine = [int(x) for z in ("DECK", "STOCK") for x in
            row[getattr(S, z + "_L") + me * K.MAX_DECK : getattr(S, z + "_L") + me * K.MAX_DECK + int(row[getattr(S, z + "_N") + me])]]
    ids = lambda r, slots=hidden: sorted(int(r[S.CARD + sl * S.CARD_W]) for sl in slots)  # noqa: E731
    assert int(row[S.STOCK_N + me]) > 0 and int(row[S.STOCK_N + o]) > 0  # the stocks are in play
    hands = set()
    stocks = set()
    for k in range(6):
        det = row.copy()
        P.determinize_row(det, g.pool.kernel_tables, me, seed_agent_rng(1, 100 + k)[0])
        check_consistency(det, g.pool)
        assert ids(det) == ids(row)  # the same cards, dealt anew
        assert ids(det, mine) == ids(row, mine)
        stocks.add(tuple(int(det[S.CARD + sl * S.CARD_W]) for sl in mine[int(row[S.DECK_N + me]):]))
        own_deck = slice(S.DECK_L + me * K.MAX_DECK, S.DECK_L + me * K.MAX_DECK + int(row[S.DECK_N + me]))
        assert sorted(det[own_deck]) == sorted(row[own_deck])  # own deck: same slots, new order
        g2 = tcg_env.Game(g.spec, g.pool, det, 0)
        assert np.array_equal(g2.observe(me), g.observe(me))  # nothing the player sees changed
        assert np.array_equal(g2.action_mask(), g.action_mask())
        hands.add(tuple(int(det[S.CARD + sl * S.CARD_W]) for sl in hidden[: int(row[S.HAND_N + o])]))
    assert len(hands) > 1  # the hidden hand really is resampled
    assert len(stocks) > 1  # and my own stock with my deck


def test_determinize_batch_equals_determinize_row_per_row():
    bg = _batch(18, seed=5)
    lengths = np.zeros(18, np.int64)
    P.playout_batch(bg.states, bg._T, bg.masks, seed_agent_rng(18, 2), np.ones((18, 2), np.int32), 50, lengths)
    players = (np.arange(18) % 2).astype(np.int32)
    loop = bg.states.copy()
    rng_b = seed_agent_rng(18, 3)
    rng_l = rng_b.copy()
    P.determinize_batch(bg.states, bg._T, players, rng_b)
    for b in range(18):
        P.determinize_row(loop[b], bg._T, int(players[b]), rng_l[b])
    assert np.array_equal(loop, bg.states) and np.array_equal(rng_b, rng_l)


def test_search_plays_legal_moves_and_beats_random_in_a_short_match():
    r = python_match(make_agent("search", game=GAME, simulations=8, wave=8, seed=1), make_agent("random", game=GAME),
                     4, seed=9, game=GAME)
    assert r.wins_a == 4, str(r)
    with pytest.raises(ValueError, match="the search agent plays dbscg, fftcg, fftcg_2014, force_of_will, weiss_schwarz, not 'wsch'"):
        make_agent("search", game="wsch")


# ---- without JIT ---------------------------------------------------------------------------------
def test_the_policy_kernels_run_without_jit_and_match_the_compiled_ones():
    code = """
import warnings; warnings.simplefilter("ignore")
import numpy as np, tcg_env
from tcg_env.registry import get_spec
P = get_spec("weiss_schwarz").kernels
from tcg_env.engine.batch import seed_agent_rng
bg = tcg_env.make_batch("weiss_schwarz", 2, seed=5, auto_reset=False)
lengths = np.zeros(2, np.int64)
P.playout_batch(bg.states, bg._T, bg.masks, seed_agent_rng(2, 1), np.array([[1, 0], [1, 1]], np.int32), 20000, lengths)
assert bg.states[:, 0].all()  # H_DONE: both games were played to their end
out = np.zeros(2, np.int32)
bg2 = tcg_env.make_batch("weiss_schwarz", 2, seed=6, auto_reset=False)
P.agent_actions_batch(bg2.states, bg2._T, bg2.masks, seed_agent_rng(2, 3), P.AGENT_HEURISTIC, out)
P.determinize_batch(bg2.states, bg2._T, np.array([0, 1], np.int32), seed_agent_rng(2, 4))
print(lengths.tolist(), bg.states[:, 1].tolist(), int(bg.states.astype(np.int64).sum()), out.tolist(),
      int((bg2.states.astype(np.int64) * np.arange(bg2.states.shape[1])).sum()))
"""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    nojit = subprocess.run([sys.executable, "-c", code], env=dict(env, NUMBA_DISABLE_JIT="1"), capture_output=True,
                           text=True, timeout=900, cwd=REPO, check=False)
    assert nojit.returncode == 0, nojit.stderr[-2000:]
    jit = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=900, cwd=REPO,
                         check=False)
    assert jit.returncode == 0, jit.stderr[-2000:]
    assert nojit.stdout.split() == jit.stdout.split()
