"""Weiss Schwarz: random-play invariants, bad snapshots and decks, observation rows (the generic checks:
determinism, snapshot round trips, illegal actions, env APIs are in tests/conformance)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tcg_env.engine.tables import unpack_tables
import tcg_env
from tcg_env.engine.header import H_DECISION, H_ERROR
from tcg_env.engine.layout import SnapshotError
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.cards.errors import DeckError

_LISTS = ("DECK", "HAND", "WR", "CLOCK", "LEVEL", "STOCK", "MEMORY", "RES", "CX")


def _have_real_pool() -> bool:
    try:
        from tcg_env.games.weiss_schwarz.cards import load_ws_pool  # noqa: F401
    except ImportError:
        return False
    return len(tcg_env.list_decks("weiss_schwarz")) >= 2


real_pool = pytest.mark.skipif(not _have_real_pool(), reason="the WS starter pool / decks are not available")


def check_invariants(g):
    r = g.state
    assert int(r[H_ERROR]) == 0
    total = sum(int(r[getattr(S, z + "_N") + p]) for z in _LISTS for p in range(2))
    on_stage = int((r[S.STAGE : S.STAGE + 2 * K.N_POSITIONS] >= 0).sum())
    markers = int(r[S.MARKER_N : S.MARKER_N + 2 * K.N_POSITIONS].sum())
    assert total + on_stage + markers == 2 * K.DECK_SIZE  # no card created or lost
    if not g.done:
        assert len(g.legal_actions()) > 0
        for p in range(2):
            if int(r[S.FRAME_N]) == 0:  # CR 9.4 (check type) ends the game at the check timing
                assert int(r[S.LEVEL_N + p]) < K.LEVEL_TO_LOSE
            if int(r[H_DECISION]) != K.Decision.LEVEL_UP:
                assert int(r[S.CLOCK_N + p]) < K.CLOCK_TO_LEVEL  # CR 9.3 is resolved at once
        assert int(r[S.RES_N]) + int(r[S.RES_N + 1]) <= 2  # an event and/or a trigger card at most
    check_climax_counts(g)


def check_climax_counts(g):
    """The observation's climax counts (each waiting room, the observer's own hidden zones: deck,
    stock, markers), which the kernel reads through the climax slots list, equal a count of the
    cards in those zones."""
    from tcg_env.games.weiss_schwarz.observation import GLOBAL_COLUMNS, OBS_GLOBAL

    cards = unpack_tables(g.pool.kernel_tables)[0]
    r = g.state
    col = {name: OBS_GLOBAL + i for i, name in enumerate(GLOBAL_COLUMNS)}

    def climax_in(zone, p):
        lst = getattr(S, zone + "_L") + p * K.MAX_DECK
        return sum(int(cards[int(r[S.CARD + int(slot) * S.CARD_W]), K.C_TYPE]) == K.CardType.CLIMAX
                   for slot in r[lst : lst + int(r[getattr(S, zone + "_N") + p])])

    for viewer in range(2):
        obs = g.observe(viewer)
        assert obs[col["my_waiting_room_climax_div8"]] * 8 == climax_in("WR", viewer)
        assert obs[col["opp_waiting_room_climax_div8"]] * 8 == climax_in("WR", 1 - viewer)
        markers = sum(int(cards[int(r[S.CARD + slot * S.CARD_W]), K.C_TYPE]) == K.CardType.CLIMAX
                      for slot in range(viewer * K.MAX_DECK, (viewer + 1) * K.MAX_DECK)
                      if int(r[S.ZONE + slot * S.CARD_W]) == K.Zone.MARKER)
        hidden = climax_in("DECK", viewer) + climax_in("STOCK", viewer) + markers
        assert obs[col["my_hidden_climax_div8"]] * 8 == hidden


def play_random(g, rng, max_steps=5000):
    n = 0
    while not g.done and n < max_steps:
        legal = g.legal_actions()
        g.step(int(legal[rng.integers(len(legal))]))
        check_invariants(g)
        n += 1
    return n


def test_random_play_invariants_tiny_pool(pool, deck):
    rng = np.random.default_rng(0)
    for seed in range(4):
        g = tcg_env.make_game("weiss_schwarz", decks=(deck, deck), seed=seed, pool=pool)
        play_random(g, rng)
        assert g.done and g.winner in (0, 1, -1)


@real_pool
def test_random_play_invariants_starter_decks():
    rng = np.random.default_rng(1)
    decks = tcg_env.list_decks("weiss_schwarz")
    for i in range(4):
        g = tcg_env.make_game("weiss_schwarz", decks=(decks[i % len(decks)], decks[(i + 1) % len(decks)]), seed=i)
        play_random(g, rng)
        assert g.done


@pytest.mark.slow
@real_pool
def test_random_play_invariants_long():
    rng = np.random.default_rng(2)
    decks = tcg_env.list_decks("weiss_schwarz")
    for i in range(200):
        g = tcg_env.make_game("weiss_schwarz", decks=(decks[i % len(decks)], decks[(i // 4) % len(decks)]), seed=100 + i)
        play_random(g, rng)
        assert g.done


def test_bad_snapshot_is_rejected_with_the_field_named(pool, deck):
    g = tcg_env.make_game("weiss_schwarz", decks=(deck, deck), seed=1, pool=pool)
    d = g.to_dict()
    bad = json.loads(json.dumps(d))
    bad["fields"]["hand_count"][0] += 1
    with pytest.raises(SnapshotError, match="hand"):
        type(g).from_dict(bad, pool=pool)
    bad = json.loads(json.dumps(d))
    del bad["fields"]["stage"]
    with pytest.raises(SnapshotError, match="stage"):
        type(g).from_dict(bad, pool=pool)
    bad = json.loads(json.dumps(d))
    bad["fields"]["turn_player"] = 5
    with pytest.raises(SnapshotError, match="turn_player"):
        type(g).from_dict(bad, pool=pool)
    bad = json.loads(json.dumps(d))  # derived from the card ids: a list that disagrees is refused
    bad["fields"]["climax_slots"][1][0] = bad["fields"]["climax_slots"][1][1]
    with pytest.raises(SnapshotError, match="climax_slots of player 1"):
        type(g).from_dict(bad, pool=pool)


@pytest.mark.parametrize("mutate,match", [
    (lambda d: d[:49], "exactly 50"),
    (lambda d: np.concatenate([d[:45], [0] * 5]), "at most 4"),
    (lambda d: np.concatenate([d[:41], [11, 12, 13, 14, 15, 16, 17, 18, 18]]), "climax|at most 4"),
    (lambda d: np.concatenate([d[:49], [999]]), "out of range"),
])
def test_cr_5_1_2_deck_construction_rules(pool, deck, mutate, match):
    with pytest.raises(DeckError, match=match):
        tcg_env.make_game("weiss_schwarz", decks=(mutate(deck.copy()), deck), seed=0, pool=pool)


def test_cr_3_3_2_observation_hides_the_opponents_hand(pool, deck):
    g = tcg_env.make_game("weiss_schwarz", decks=(deck, deck), seed=3, pool=pool)
    from tcg_env.games.weiss_schwarz.observation import OBS_HAND, CARD_FEATURES

    p = g.current_player
    mine = g.observe(p)[OBS_HAND : OBS_HAND + K.HAND_SLOTS * CARD_FEATURES]
    theirs = g.observe(1 - p)[OBS_HAND : OBS_HAND + K.HAND_SLOTS * CARD_FEATURES]
    assert mine.reshape(K.HAND_SLOTS, CARD_FEATURES)[:5, 0].sum() == 5  # my 5 cards
    # the other player's observation shows its own hand, never mine: rows differ unless equal hands
    assert theirs.reshape(K.HAND_SLOTS, CARD_FEATURES)[:, 0].sum() == 5
    d = g.observe(p, encoding="dict")
    assert d["hand"].shape == (K.HAND_SLOTS, CARD_FEATURES)


@real_pool
def test_observation_card_rows_hold_the_documented_card_columns():
    """Hand, clock and stage rows of the observation (docs/weiss_schwarz/observations.md,
    CARD_COLUMNS) hold each card's columns as documented, derived here column by column from the
    cards table (the observation copies them from the kernel tables' obs_rows), and the rows past
    a zone's cards are zero."""
    from tcg_env.games.weiss_schwarz import observation as O

    g = tcg_env.make_game("weiss_schwarz", seed=17)
    cards = unpack_tables(g.pool.kernel_tables)[0]

    def expected(cid):
        r = np.zeros(O.CARD_FEATURES, np.float32)
        r[0] = 1.0
        r[1 + cards[cid, K.C_TYPE]] = 1.0
        r[4 + cards[cid, K.C_COLOR]] = 1.0
        r[9], r[10] = cards[cid, K.C_LEVEL] / 3.0, cards[cid, K.C_COST] / 3.0
        r[11], r[12] = cards[cid, K.C_POWER] / 10000.0, cards[cid, K.C_SOUL] / 3.0
        r[13 + cards[cid, K.C_TRIGGER0]] += 1.0  # the first icon counts even as NONE
        if cards[cid, K.C_TRIGGER1] != 0:
            r[13 + cards[cid, K.C_TRIGGER1]] += 1.0
        r[23] = cards[cid, K.C_COUNTER]
        return r

    rng = np.random.default_rng(2)
    checked = 0
    while not g.done and checked < 300:
        row = g.state
        for p in (0, 1):
            obs = g.observe(p)
            zones = [(O.OBS_HAND, K.HAND_SLOTS, S.HAND_N + p, S.HAND_L + p * K.MAX_DECK),
                     (O.OBS_MY_CLOCK, O.CLOCK_ROWS, S.CLOCK_N + p, S.CLOCK_L + p * K.MAX_DECK),
                     (O.OBS_OPP_CLOCK, O.CLOCK_ROWS, S.CLOCK_N + 1 - p, S.CLOCK_L + (1 - p) * K.MAX_DECK)]
            for start, n_rows, count, lst in zones:
                rows = obs[start:start + n_rows * O.CARD_FEATURES].reshape(n_rows, O.CARD_FEATURES)
                n = min(int(row[count]), n_rows)
                for i in range(n):
                    np.testing.assert_array_equal(rows[i], expected(int(row[S.CARD + int(row[lst + i]) * S.CARD_W])))
                assert not rows[n:].any()
            stage = obs[O.OBS_MY_STAGE:O.OBS_OPP_STAGE].reshape(K.N_POSITIONS, O.STAGE_FEATURES)
            for pos in range(K.N_POSITIONS):
                sl = int(row[S.STAGE + p * K.N_POSITIONS + pos])
                if sl >= 0:
                    np.testing.assert_array_equal(stage[pos, :O.CARD_FEATURES], expected(int(row[S.CARD + sl * S.CARD_W])))
                else:
                    assert not stage[pos].any()
            checked += 1
        legal = g.legal_actions()
        g.step(int(legal[rng.integers(len(legal))]))
    assert checked >= 300
