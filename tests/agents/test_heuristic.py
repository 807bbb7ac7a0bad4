"""The in-kernel heuristic: strength against random play, legality, and the decisions it is
meant to get right (blocks, attacks, targets, payment, discards)."""

from __future__ import annotations

from agent_helpers import D, action, describe, heuristic_move, pass_until, to_block

import tcg_env
from agents.arena import kernel_match
from tcg_env.engine.header import H_ERROR
from tcg_env.games.fftcg import constants as K
from tcg_env.registry import get_spec

P = get_spec("fftcg").kernels  # the shared core's policy kernels bound to the game
from tcg_env.games.fftcg import state as S
from tcg_env.engine.batch import seed_agent_rng


def test_heuristic_beats_random_in_at_least_80_percent_of_400_games():
    # 200 mirrored pairs over every ordered pair of the built-in decks, both seat orders
    r = kernel_match(P.AGENT_HEURISTIC, P.AGENT_RANDOM, 400, seed=20240)
    assert r.games == 400 and r.draws + r.wins_a + r.wins_b == 400
    assert r.score_a >= 0.80, str(r)


def test_heuristic_mirror_match_is_balanced_by_seat_swapping():
    # the same policy on both sides: the mirrored pairs make the score close to one half
    r = kernel_match(P.AGENT_HEURISTIC, P.AGENT_HEURISTIC, 200, seed=77)
    assert 0.35 <= r.score_a <= 0.65, str(r)


def test_heuristic_actions_are_always_legal_through_the_facade():
    rng = seed_agent_rng(1, 3)[0]
    for deck_pair in [("fire_wind_aggro", "ice_water_control"), ("twilight_knights", "backup_ramp"),
                      ("earth_lightning_midrange", "twilight_knights")]:
        for seed in range(3):
            g = tcg_env.make_game("fftcg", decks=deck_pair, seed=seed)
            while not g.done:
                m = g.action_mask()
                a = int(P.choose_action_row(g._row.copy(), g._T, m, int(m.sum()), P.AGENT_HEURISTIC, rng))
                assert m[a] == 1, f"illegal {a} at {g.decision.name}"
                g.step(a)  # the facade would raise on an illegal action too
            assert int(g.state[H_ERROR]) == 0


def test_heuristic_chump_blocks_when_the_point_would_be_lethal(scenario):
    sc = scenario()
    sc.field(0, ["FF1-004"])  # Pyre Soldier 9000 attacks
    sc.field(1, ["FF1-019"])  # Snowfield Scout 4000 can only chump-block
    sc.damage(1, 6)  # CR 3.1.1: a 7th point loses
    g = sc.game()
    to_block(g, "Pyre Soldier")
    assert describe(g, heuristic_move(g)).startswith("Block with Snowfield Scout")


def test_heuristic_does_not_chump_block_early(scenario):
    sc = scenario()
    sc.field(0, ["FF1-004"])
    sc.field(1, ["FF1-019"])
    g = sc.game()
    to_block(g, "Pyre Soldier")
    assert heuristic_move(g) == K.PASS


def test_heuristic_blocks_when_its_blocker_wins_the_battle(scenario):
    sc = scenario()
    sc.field(0, ["FF1-019"])  # Snowfield Scout 4000 attacks
    sc.field(1, ["FF1-058"])  # Reef Knight 8000 breaks it and survives (CR 10.1.4.2, 5.2.6)
    g = sc.game()
    to_block(g, "Snowfield Scout")
    assert describe(g, heuristic_move(g)).startswith("Block with Reef Knight")


def test_heuristic_does_not_attack_into_a_bigger_blocker_but_attacks_an_empty_board(scenario):
    sc = scenario()
    sc.field(0, ["FF1-019"])  # 4000
    sc.field(1, ["FF1-058"])  # 8000 blocker
    g = sc.game()
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, D.DECLARE_ATTACK)
    assert heuristic_move(g) == K.PASS
    sc = scenario()
    sc.field(0, ["FF1-019"])
    g = sc.game()
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, D.DECLARE_ATTACK)
    assert describe(g, heuristic_move(g)).startswith("Attack with Snowfield Scout")


def test_heuristic_targets_the_opponents_best_forward_with_removal(scenario):
    sc = scenario()
    sc.hand(0, ["FF1-054"])  # Judgment Bolt: choose 1 Forward (either side). Break it.
    sc.field(0, ["FF1-058"] + ["FF1-050"] * 5)  # own Forward + 5 Lightning Backups
    sc.field(1, ["FF1-019", "FF1-072", "FF1-062"])  # Scout 4000, Mountainborn Giant 12000, Harbor Guard 5000
    g = sc.game()
    a = heuristic_move(g)
    assert describe(g, a).startswith("Cast Judgment Bolt")
    g.step(a)
    assert g.decision == D.CHOOSE_TARGET
    assert describe(g, heuristic_move(g)).startswith("Choose opponent's Mountainborn Giant for ")


def test_heuristic_pays_with_idle_backups_before_discarding(scenario):
    sc = scenario()
    sc.hand(0, ["FF1-058", "FF1-062", "FF1-068"])  # Reef Knight (4), Harbor Guard, Undertow
    sc.field(0, ["FF1-064", "FF1-063", "FF1-065", "FF1-064"])  # four active Water Backups
    g = sc.game()
    g.step(action(g, "Play Reef Knight"))
    hand_before = int(g.state[S.HAND_N])
    while g.decision == D.PAY_CP:
        a = heuristic_move(g)
        assert describe(g, a).startswith("Pay: dull"), describe(g, a)
        g.step(a)
    assert int(g.state[S.HAND_N]) == hand_before  # no card discarded


def test_heuristic_discards_a_dead_duplicate_first(scenario):
    sc = scenario()
    sc.field(0, ["FF1-058"])  # Reef Knight on the field: a second one can't be played (CR 7.7.3)
    sc.hand(0, ["FF1-072", "FF1-031", "FF1-058", "FF1-059"])  # Giant, Zephyr Archer, Reef Knight, Tidewarden
    sc.hand(0, ["FF1-069"])  # Tidal Insight (3 CP, Water): paid with two discards, no Backups
    g = sc.game()
    g.step(action(g, "Cast Tidal Insight"))
    assert g.decision == D.PAY_CP
    a = heuristic_move(g)
    assert describe(g, a) == "Pay: discard Reef Knight (2 water CP)"


def test_heuristic_uses_an_ex_burst_that_breaks_the_attacker_and_aims_it_at_the_opponent(scenario):
    # CR 11.10.2: Searing Volley's EX Burst deals 4000 to a Forward of either side
    sc = scenario()
    sc.field(0, ["FF1-019"])  # Snowfield Scout 4000 attacks player 1
    sc.field(1, ["FF1-062"], dull=True)  # player 1's own (dull) Harbor Guard 5000 is also a legal target
    sc.deck_top(1, ["FF1-011"])  # the point of damage reveals Searing Volley
    g = sc.game()
    to_block(g, "Snowfield Scout")
    g.step(K.PASS)  # no block (its only Forward is dull): 1 damage
    pass_until(g, D.EX_BURST)
    a = heuristic_move(g)
    assert a == K.OPTION_BASE
    g.step(a)
    assert g.decision == D.CHOOSE_TARGET
    assert describe(g, heuristic_move(g)).startswith("Choose opponent's Snowfield Scout for ")


def _hand_limit_discard(g):
    """Pass both players' priority to player 0's hand-limit discard (CR 9.5.1.2) and return the
    heuristic's choice."""
    pass_until(g, D.DISCARD, limit=80)
    return describe(g, heuristic_move(g))


def test_heuristic_keeps_a_light_dark_copy_that_fuels_its_namesakes_special_ability(scenario):
    # Dawnbringer's special ability discards a card named Dawnbringer (CR 11.7.1). The copy in
    # hand can't be played while the first is on the field (CR 7.7.3), but it is ammunition, not
    # a dead card: the hand limit discards the weak Windrunner instead
    sc = scenario()
    sc.field(0, ["FF1-086"])  # Dawnbringer (Light)
    sc.hand(0, ["FF1-086", "FF1-033", "FF1-072", "FF1-081", "FF1-016", "FF1-074"])
    g = sc.game()
    assert _hand_limit_discard(g) == "Discard Windrunner"


def test_heuristic_discards_a_light_dark_character_waiting_behind_a_better_one(scenario):
    # only one Light/Dark Character may be on the field (CR 7.7.3): Umbral Knight waits behind
    # Radiant Paladin, and unlike Windrunner it can't be discarded for CP meanwhile (CR 5.2.1.3)
    sc = scenario()
    sc.hand(0, ["FF1-085", "FF1-094", "FF1-033", "FF1-072", "FF1-081", "FF1-016"])
    g = sc.game()
    assert _hand_limit_discard(g) == "Discard Umbral Knight"
