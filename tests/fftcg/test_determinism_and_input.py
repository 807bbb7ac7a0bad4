"""Determinism, snapshot round trips and bad input."""

import json

import numpy as np
import pytest

import tcg_env
from tcg_env import Game, IllegalActionError, SnapshotError
from tcg_env.cards.errors import CardDataError, DeckError
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import observation as O


def play(g, n, rng):
    acts = []
    for _ in range(n):
        if g.done:
            break
        legal = g.legal_actions()
        a = int(legal[rng.integers(len(legal))])
        g.step(a)
        acts.append(a)
    return acts


def test_an_illegal_action_raises_lists_the_legal_ones_and_changes_nothing(rules):
    g = tcg_env.make_game(rules.game, seed=8)
    before = g.state.copy()
    illegal = int(np.flatnonzero(g.action_mask() == 0)[0])
    with pytest.raises(IllegalActionError) as e:
        g.step(illegal)
    assert "legal actions" in str(e.value) and g.describe_action(int(g.legal_actions()[0])) in str(e.value)
    assert set(e.value.legal) == set(g.legal_actions().tolist())
    np.testing.assert_array_equal(g.state, before)
    for bad in (-1, K.NUM_ACTIONS, 10**9, "3", 2.5):
        with pytest.raises(IllegalActionError):
            g.step(bad)
    np.testing.assert_array_equal(g.state, before)


def test_illegal_decks_are_refused_with_the_problem_named(tmp_path, rules):
    spec = tcg_env.get_spec(rules.game)
    pool, other = spec.load_tables(), spec.default_decks()[1]  # the rule set's own pool and decks
    a, b = pool.numbers[0], pool.numbers[1]
    with pytest.raises(DeckError, match="50"):
        tcg_env.make_game(rules.game, decks=([a] * 3 + [b] * 3, other))
    with pytest.raises(DeckError, match=a):
        tcg_env.make_game(rules.game, decks=([a] * 4 + [n for n in pool.numbers[1:16] for _ in range(3)] + [pool.numbers[16]], other))
    bad = tmp_path / "bad.txt"
    bad.write_text(f"3 {a}\n3 NOPE-999\n")
    with pytest.raises(DeckError, match="NOPE-999") as e:
        tcg_env.make_game(rules.game, decks=(str(bad), other))
    assert "bad.txt" in str(e.value)


def test_a_malformed_card_file_names_file_card_and_field(tmp_path, rules):
    p = tmp_path / "cards.toml"
    p.write_text('[[cards]]\nnumber = "X-1"\nname = "Odd"\nelement = "plasma"\ntype = "forward"\ncost = 2\npower = 5000\n')
    with pytest.raises(CardDataError) as e:
        rules.load_pool(p)
    msg = str(e.value)
    assert "cards.toml" in msg and "X-1" in msg and "element" in msg


def test_inconsistent_snapshots_are_refused_with_the_problem_named(rules):
    g = tcg_env.make_game(rules.game, seed=4)
    play(g, 80, np.random.default_rng(0))
    d = g.to_dict()
    # a card listed in the hand whose zone says deck
    bad = json.loads(json.dumps(d))
    slot = bad["fields"]["hand"][0][0]
    bad["fields"]["zone"][slot] = int(K.Zone.DECK)
    with pytest.raises(SnapshotError, match=f"slot {slot}"):
        Game.from_dict(bad)
    # damage on a card that is not on the field (CR 9.5.1.3's clean-up only visits the field)
    bad = json.loads(json.dumps(d))
    bad["fields"]["damage_taken"][slot] = 3000
    with pytest.raises(SnapshotError, match=f"slot {slot} is not on the field but has damage_taken 3000"):
        Game.from_dict(bad)
    bad = json.loads(json.dumps(d))
    del bad["fields"]["rng"]
    with pytest.raises(SnapshotError, match="rng"):
        Game.from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["fields"]["hand_count"] = [99, 0]
    with pytest.raises(SnapshotError, match=r"field .hand_count.\[0\] is 99, must be 0\.\.60"):
        Game.from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["pool"]["fingerprint"] = "0" * 16
    with pytest.raises(SnapshotError, match="different card pool"):
        Game.from_dict(bad)
    with pytest.raises(SnapshotError):
        Game.from_dict({"nothing": 1})


def test_a_snapshot_whose_priority_rules_clean_flag_the_position_does_not_bear_out_is_refused(rules):
    """priority_rules_clean lets a pass skip the next priority point's rule processes (CR 12.3); a
    snapshot may set it only where they would find nothing (checked by passing with and without)."""
    from tcg_env.games.fftcg import state as S

    g = tcg_env.make_game(rules.game, seed=12)
    rng = np.random.default_rng(3)
    while True:  # a PRIORITY decision with the flag set and a Forward on the field
        row = g.state
        fwd = [int(x) for x in row[S.FIELD_L : S.FIELD_L + 2 * K.FIELD_SLOTS] if x >= 0
               and g.pool.cards[row[S.CARD + x * S.CARD_W], K.C_TYPE] == K.CardType.FORWARD]
        if row[S.PRIORITY_CLEAN] == 1 and fwd:
            break
        assert not g.done
        legal = g.legal_actions()
        g.step(int(legal[rng.integers(len(legal))]))
    d = json.loads(json.dumps(g.to_dict()))
    assert d["fields"]["priority_rules_clean"] == 1
    Game.from_dict(d)  # as taken: consistent
    # CR 12.4.5: damage equal to its power breaks the Forward at the next rule processes
    slot = fwd[0]
    d["fields"]["damage_taken"][slot] = int(d["fields"]["power"][slot])
    with pytest.raises(SnapshotError, match="priority_rules_clean"):
        Game.from_dict(d)
    d["fields"]["priority_rules_clean"] = 0  # without the flag the position loads, and a pass breaks it
    g2 = Game.from_dict(d)
    g2.step(K.PASS)
    assert g2.state[S.ZONE + slot * S.CARD_W] != K.Zone.FIELD
    for bad, msg in ((2, "must be 0 or 1"),):
        d["fields"]["priority_rules_clean"] = bad
        with pytest.raises(SnapshotError, match=msg):
            Game.from_dict(d)


def test_observations_are_per_player_and_both_encodings_agree(rules):
    g = tcg_env.make_game(rules.game, seed=12)
    play(g, 60, np.random.default_rng(5))
    flat = g.observe(0)
    d = g.observe(0, encoding="dict")
    assert flat.dtype == np.float32 and flat.shape == (g.spec.obs_size,)
    assert d["hand"].shape == (K.HAND_SLOTS, O.CARD_FEATURES)
    np.testing.assert_array_equal(d["hand"].reshape(-1), flat[O.OBS_HAND : O.OBS_HAND + K.HAND_SLOTS * O.CARD_FEATURES])
    assert not np.array_equal(g.observe(0), g.observe(1))
    with pytest.raises(ValueError):
        g.observe(2)
