"""Snapshots are checked value by value, not only shape by shape (issue 16, item 12;
docs/fftcg/snapshot.md): flags 0/1, integers where the state holds integers, zones and kinds inside
their enums, a live RNG state, the right game; errors name the field; nothing is half-applied."""

import copy
import json

import numpy as np
import pytest

import tcg_env
from tcg_env import Game, SnapshotError
from tcg_env.games.fftcg import constants as K


@pytest.fixture(scope="module")
def snap():
    g = tcg_env.make_game("fftcg", seed=5)
    rng = np.random.default_rng(1)
    for _ in range(120):
        g.step(int(rng.choice(g.legal_actions())))
    return g, json.loads(json.dumps(g.to_dict()))


def _hand_slot(d):
    """A card slot in a hand (the decider's first, else the other player's)."""
    p = d["decision"]["player"]
    for hand in (d["fields"]["hand"][p], d["fields"]["hand"][1 - p]):
        slots = [int(x) for x in hand if int(x) >= 0]
        if slots:
            return slots[0]
    raise AssertionError("the fixture position has no card in hand")


@pytest.mark.parametrize("field, value", [("dull", 2), ("frozen", -1)])
def test_a_card_flag_outside_0_1_is_refused_naming_field_and_slot(snap, field, value, assert_snapshot_refused):
    g, d = snap
    bad = copy.deepcopy(d)
    slot = _hand_slot(d)
    bad["fields"][field][slot] = value
    assert_snapshot_refused(g, bad, rf"field '{field}'\[{slot}\] is {value}, must be 0 or 1")


@pytest.mark.parametrize("field, value", [("drew_from_empty", [0, 3]), ("damaged_with_empty_deck", [-1, 0]),
                                          ("block_declared", 7), ("auto_single", 2), ("pay_same_name", 5)])
def test_a_game_flag_outside_0_1_is_refused(snap, field, value, assert_snapshot_refused):
    g, d = snap
    bad = copy.deepcopy(d)
    bad["fields"][field] = value
    assert_snapshot_refused(g, bad, rf"field '{field}'(\[\d\])? is -?\d, must be 0 or 1")


def test_a_zone_outside_the_zone_enum_is_refused(snap, assert_snapshot_refused):
    g, d = snap
    bad = copy.deepcopy(d)
    slot = _hand_slot(d)
    bad["fields"]["zone"][slot] = 9
    assert_snapshot_refused(g, bad, rf"field 'zone'\[{slot}\] is 9, must be in Zone")


@pytest.mark.parametrize("field, value, words", [("attack_step", 7, "AttackStep"), ("controller", None, "0 or 1"),
                                                 ("mulligan_stage", 3, "0..2"), ("priority_player", 2, "0 or 1")])
def test_kinds_and_players_outside_their_range_are_refused(snap, field, value, words, assert_snapshot_refused):
    g, d = snap
    bad = copy.deepcopy(d)
    if value is None:  # a per-card field
        bad["fields"][field][_hand_slot(d)] = 4
    else:
        bad["fields"][field] = value
    assert_snapshot_refused(g, bad, rf"field '{field}'.* must be .*{words}")


@pytest.mark.parametrize("value, words", [(1.5, "float64"), (3.0, "float64"), (True, "bool"), ("3", "str")])
def test_a_non_integer_value_is_refused_not_converted(snap, value, words, assert_snapshot_refused):
    """Inside a per-card list (the conformance kit checks a header field for every game)."""
    g, d = snap
    bad = copy.deepcopy(d)
    bad["fields"]["dull"][_hand_slot(d)] = value
    assert_snapshot_refused(g, bad, "field 'dull' must hold integers")


def test_an_int_past_int64_is_out_of_range_not_an_overflow(snap, assert_snapshot_refused):
    g, d = snap
    bad = copy.deepcopy(d)
    bad["fields"]["timestamp"] = 2**70
    assert_snapshot_refused(g, bad, "field 'timestamp' out of int32 range")
