"""Snapshots are checked value by value, not only shape by shape (issue 16, item 12;
docs/weiss_schwarz/snapshot.md): flags 0/1, integers where the state holds integers, zones,
orientations and kinds inside their enums, a live RNG state, the right game; errors name the field;
nothing is half-applied."""

import copy
import json

import numpy as np
import pytest

import tcg_env
from tcg_env.games.weiss_schwarz import constants as K


@pytest.fixture(scope="module")
def snap():
    g = tcg_env.make_game("weiss_schwarz", seed=5)
    rng = np.random.default_rng(1)
    while g.turn < 4:
        g.step(int(rng.choice(g.legal_actions())))
    return g, json.loads(json.dumps(g.to_dict()))


def _slot_in(d, zone):
    return next(s for s, z in enumerate(d["fields"]["zone"]) if z == int(zone))


def test_an_orientation_outside_the_enum_is_refused_naming_the_slot(snap, assert_snapshot_refused):
    g, d = snap
    bad = copy.deepcopy(d)
    slot = _slot_in(d, K.Zone.HAND)
    bad["fields"]["orientation"][slot] = 3
    assert_snapshot_refused(g, bad, rf"field 'orientation'\[{slot}\] is 3, must be in Orientation")


def test_a_zone_outside_the_enum_is_refused(snap, assert_snapshot_refused):
    g, d = snap
    bad = copy.deepcopy(d)
    slot = _slot_in(d, K.Zone.HAND)
    bad["fields"]["zone"][slot] = 40
    assert_snapshot_refused(g, bad, rf"field 'zone'\[{slot}\] is 40, must be in Zone")


@pytest.mark.parametrize("field, value, words", [("climax_played", 2, "0 or 1"), ("shot_armed", -1, "0 or 1"),
                                                 ("counter_used", 5, "0 or 1"), ("move_run_open", 2, "0 or 1"),
                                                 ("attack_type", 4, "AttackType"), ("mulligan_stage", 3, "0..2"),
                                                 ("auto_single", 2, "0 or 1"), ("variant", 1, "0..0"),
                                                 ("suspended_action", 2, "0 or 1")])
def test_flags_and_kinds_outside_their_domain_are_refused(snap, field, value, words, assert_snapshot_refused):
    g, d = snap
    bad = copy.deepcopy(d)
    bad["fields"][field] = value
    assert_snapshot_refused(g, bad, rf"field '{field}' is {value}, must be .*{words}")


def test_a_stage_position_outside_0_4_is_refused(snap, assert_snapshot_refused):
    g, d = snap
    bad = copy.deepcopy(d)
    slot = _slot_in(d, K.Zone.HAND)
    bad["fields"]["position"][slot] = 5
    assert_snapshot_refused(g, bad, rf"field 'position'\[{slot}\] is 5, must be -1..4")


@pytest.mark.parametrize("value, words", [(2.5, "float64"), (1.0, "float64"), (False, "bool")])
def test_a_non_integer_value_is_refused_not_converted(snap, value, words, assert_snapshot_refused):
    g, d = snap
    bad = copy.deepcopy(d)
    bad["fields"]["turn_player"] = value
    assert_snapshot_refused(g, bad, rf"field 'turn_player' must hold integers, got {words}")


# ---- issue 25 item 7: Weiss Schwarz's life, the clock and the level ------------------------------------
@pytest.mark.parametrize("field", ["clock_count", "level_count", "stock_count", "deck_count"])
def test_a_negative_clock_or_level_count_is_refused_naming_the_key(snap, field, assert_snapshot_refused):
    """Refused before by the zone lists' check as "clock count of player 1 is -1" (no snapshot key);
    every zone count is now a value domain, named by its key."""
    g, d = snap
    bad = copy.deepcopy(d)
    bad["fields"][field][1] = -1
    assert_snapshot_refused(g, bad, rf"^weiss_schwarz snapshot: field '{field}'\[1\] is -1, must be 0\.\.{K.MAX_DECK}$")
