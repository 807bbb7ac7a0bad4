"""Snapshots are checked value by value, not only shape by shape (issue 16, item 12;
docs/fftcg/snapshot.md): flags 0/1, integers where the state holds integers, zones and kinds inside
their enums, a live RNG state, the right game; errors name the field; nothing is half-applied."""

import copy
import json

import numpy as np
import pytest

import tcg_env
from tcg_env import Game
from tcg_env.games.fftcg import state as S


@pytest.fixture(scope="module")
def snap(rules):
    g = tcg_env.make_game(rules.game, seed=5)
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


# ---- issue 25 item 7: FF-TCG's life, the damage zone -------------------------------------------------
def test_a_negative_damage_count_is_refused_naming_the_key(snap, assert_snapshot_refused, rules):
    """It was refused by the zone lists' check, as "damage_zone count of player 0 is -1", which names
    no snapshot key; the value check names it."""
    g, d = snap
    bad = copy.deepcopy(d)
    bad["fields"]["damage_count"][0] = -1
    assert_snapshot_refused(g, bad, rf"^{rules.game} snapshot: field 'damage_count'\[0\] is -1, must be 0\.\.60$")


@pytest.mark.only_2016("2014 CR 6.5.3 / 12.4.1: damage resolution goes on past the 7th card (a position may hold "
                        "more), the loss comes by a rule process; 2016 CR 3.1.1 ends the game with the 7th")
@pytest.mark.parametrize("variant, lose_at", [(0, 7), (1, 6)], ids=["constructed", "limited"])
def test_cr_3_1_1_more_damage_than_the_losing_count_is_refused(scenario, variant, lose_at, assert_snapshot_refused):
    """CR 3.1.1: the card that makes 7 (6 in a limited game) ends the game at once, so no position
    holds more; exactly that many (a position built by hand, ended by CR 12.4.1) is restored."""
    sc = scenario()
    sc.set(S.LAYOUT.fields["variant"].offset, variant)
    sc.damage(1, lose_at)
    g = sc.game()
    h = Game.from_dict(g.to_dict(), pool=g.pool)
    np.testing.assert_array_equal(h.state, g.state)
    sc.damage(1, 1)
    g = sc.game()
    assert_snapshot_refused(g, g.to_dict(), rf"^fftcg snapshot: field 'damage_count'\[1\] is {lose_at + 1}, must be "
                                            rf"0\.\.{lose_at}: the {lose_at}th damage ends the game \(CR 3\.1\.1")


def test_cr2014_6_5_3_a_position_past_the_7th_damage_is_restored():
    """The 2014 rules' side of the test above: damage resolution goes on past the 7th card and the
    loss comes by the rule process at the next priority (2014 CR 6.5.3, 12.4.1), so a player at 6
    taking 2 damage reaches 8, with the 8th card's EX Burst asked: that position is restored."""
    from fftcg_helpers import DATA, RULE_SETS, TEST_DECK, do

    from tcg_env.games.fftcg import constants as K

    rules = RULE_SETS["2014"]
    sc = rules.Scenario.main_phase(rules.load_pool(DATA / "rules_pool.toml"), decks=(TEST_DECK, TEST_DECK))
    sc.damage(1, 6)
    sc.hand(1, ["T-001"])
    sc.deck_top(1, ["T-020", "T-020"])  # two Ex Knights (EX Burst) on top
    sc.hand(0, ["T-030", "T-008"])  # Crushing Blow: 2 damage to the opponent
    g = sc.game()
    do(g, "Cast Crushing Blow", "Pay: discard Big Brute")
    g.step(K.PASS)
    g.step(K.PASS)  # resolves: the 7th card, an EX Burst asked
    g.step(K.PASS)  # declined: the 8th card, an EX Burst asked
    assert not g.done and g.decision == K.Decision.EX_BURST and int(g.state[S.DAMAGE_N + 1]) == 8
    np.testing.assert_array_equal(Game.from_dict(g.to_dict(), pool=g.pool).state, g.state)
