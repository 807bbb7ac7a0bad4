"""A rules variant of FF-TCG (variant_example.py): it changes one rule deep in the base game's call
tree and one opcode of the effect interpreter, and nothing else; FF-TCG 2016's engine is untouched
(docs/architecture.md, "Rules variants")."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest
from fftcg_helpers import TEST_DECK, do, pass_until

import tcg_env
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tcg_env.games.fftcg.scenario import Scenario

D = K.Decision
# the example variant replaces FF-TCG 2016's rules; the 7th damage rule it changes is the 2014 rules' own
# compiled, the variant is a whole FF-TCG engine of its own (minutes of CI's compile time, where FF-TCG 2014, a rules
# variant too, compiles its own): CI runs this file as Python instead (NUMBA_DISABLE_JIT=1, test_variant_nojit.py)
pytestmark = [pytest.mark.only_2016("variant_example is a variant of FF-TCG 2016's rules: the 7th damage of 2016 CR "
                                    "3.1.1 it replaces is 2014 CR 12.4.1's rule process already"), pytest.mark.slow]
VARIANT = "variant_example"  # tests/fftcg/variant_example.py (tests/fftcg is on the path)


def _scenario(pool, rules=None):
    return Scenario.main_phase(pool, turn_player=0, turn=3, decks=(TEST_DECK, TEST_DECK), rules=rules)


def _attack_unblocked(g, name):
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, D.DECLARE_ATTACK)
    do(g, f"Attack with {name}")
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Don't block")


def _seventh_damage_is_an_ex_burst(pool, rules):
    """Player 1 at 6 damage, Ex Knight (EX Burst: 4000 damage to a Forward) on top of its deck,
    player 0's Fire Grunt (5000) attacks unblocked; passes until the game ends or asks otherwise."""
    sc = _scenario(pool, rules)
    sc.damage(1, 6)
    (attacker,) = sc.field(0, ["T-001"])
    (ex_knight,) = sc.deck_top(1, ["T-020"])
    g = sc.game()
    _attack_unblocked(g, "Fire Grunt")
    while not g.done and g.decision == D.PRIORITY:
        g.step(K.PASS)
    return g, attacker, ex_knight


def test_2014_cr_7_13_2_the_7th_damage_loses_through_a_rule_process_its_ex_burst_first(pool):
    """The variant's deep rule, 2014 CR 7.13.2 / 12.4.1 (2016 CR 3.1.1 / 7.8.2 in the base game):
    the 7th damage card is put into the Damage Zone and damage resolution goes on, so its EX Burst is
    offered (2014 CR 6.5.2.1) and resolves; the rule processes at the next priority end the game."""
    g, attacker, ex_knight = _seventh_damage_is_an_ex_burst(pool, VARIANT)
    assert not g.done and g.decision == D.EX_BURST and g.current_player == 1
    assert int(g.state[S.DAMAGE_N + 1]) == 7 and int(g.state[S.ZONE + ex_knight * S.CARD_W]) == K.Zone.DAMAGE
    do(g, "Use the EX Burst", "Choose opponent's Fire Grunt")
    assert g.done and g.winner == 0  # 2014 CR 12.4.1, when player 0 would next receive priority
    assert int(g.state[S.DMG + attacker * S.CARD_W]) == 4000  # the EX Burst resolved first

    # FF-TCG 2016, the same position: the game ends with the 7th card, no EX Burst
    # (tests/fftcg/test_rules_game.py::test_cr_3_1_loss_ends_game_before_ex_burst)
    base, attacker, _ = _seventh_damage_is_an_ex_burst(pool, None)
    assert base.done and base.winner == 0 and int(base.state[S.DAMAGE_N + 1]) == 7
    assert int(base.state[S.DMG + attacker * S.CARD_W]) == 0


def _cast_crushing_blow(pool, rules):
    sc = _scenario(pool, rules)
    sc.hand(1, ["T-001"])
    sc.hand(0, ["T-030", "T-008"])  # Crushing Blow: 2 damage to the opponent, who then discards 1
    g = sc.game()
    do(g, "Cast Crushing Blow", "Pay: discard Big Brute")
    g.step(K.PASS)
    g.step(K.PASS)  # resolves
    return g


def test_the_variants_damage_player_opcode_deals_one_more_and_the_rest_of_the_program_runs_as_in_2016(pool):
    """The variant's opcode: DAMAGE_PLAYER deals one point more than the card says (a test change,
    variant_example.EXTRA_DAMAGE); the program's next instruction, a discard the opponent chooses,
    is FF-TCG's (the variant's exec_op hands every other opcode to the base game's)."""
    from variant_example import EXTRA_DAMAGE

    base, var = _cast_crushing_blow(pool, None), _cast_crushing_blow(pool, VARIANT)
    assert int(base.state[S.DAMAGE_N + 1]) == 2 and int(var.state[S.DAMAGE_N + 1]) == 2 + EXTRA_DAMAGE
    for g in (base, var):
        assert g.decision == D.DISCARD and g.current_player == 1  # CR 15.1.1.4: the discard follows
        do(g, "Discard Fire Grunt")
        assert int(g.state[S.HAND_N + 1]) == 0


def test_everything_else_plays_as_ff_tcg_2016(pool):
    """The same random games, action by action, under both rule sets: identical states, legal
    actions and observations at every decision, up to the one place the variant's rules differ:
    decks without DAMAGE_PLAYER effects (TEST_DECK), so only a 7th damage card (2014 CR 7.13.2),
    which ends the base game at once, may lead the two apart, and then only at that step."""
    ended_by_damage = 0
    decisions = 0
    for seed in range(8):
        base = tcg_env.make_game("fftcg", seed=seed, pool=pool, decks=(TEST_DECK, TEST_DECK))
        var = tcg_env.make_game("fftcg", seed=seed, pool=pool, decks=(TEST_DECK, TEST_DECK), rules=VARIANT)
        rng = np.random.default_rng(seed)
        while not base.done:
            legal = base.legal_actions()
            np.testing.assert_array_equal(var.legal_actions(), legal)
            np.testing.assert_array_equal(var.observe(base.current_player), base.observe(base.current_player))
            a = int(rng.choice(legal))
            base.step(a)
            var.step(a)
            decisions += 1
            if base.done and int(base.state[S.DAMAGE_N:S.DAMAGE_N + 2].max()) >= K.DAMAGE_TO_LOSE_CONSTRUCTED:
                ended_by_damage += 1
                np.testing.assert_array_equal(var.state[S.DAMAGE_N:S.DAMAGE_N + 2], base.state[S.DAMAGE_N:S.DAMAGE_N + 2])
                assert (var.done and var.winner == base.winner) or var.decision == D.EX_BURST
                break
            np.testing.assert_array_equal(var.state, base.state)
    assert ended_by_damage > 0 and decisions > 1000  # the comparison covered whole games


def test_each_rule_set_compiles_its_own_engine_and_ff_tcg_2016s_golden_play_is_unchanged():
    """The variant's engine is compiled for its own tag; FF-TCG 2016's, used in the same process
    after the variant has run, still plays its golden games (tests/engine/golden_random_play.json)."""
    var = tcg_env.make_game("fftcg", seed=3, rules=VARIANT)
    var.step(int(var.legal_actions()[0]))
    base_rules = tcg_env.get_spec("fftcg").kernels.rules
    assert var.spec.kernels.rules.hooks_module == VARIANT and base_rules.hooks_module == "tcg_env.games.fftcg.hooks"
    row_entry = var.spec.kernels.row_entry_kernel
    if hasattr(row_entry, "signatures"):  # compiled (not NUMBA_DISABLE_JIT): one entry per rule set
        tcg_env.make_game("fftcg", seed=3).legal_actions()
        assert {var.spec.kernels.rules._numba_type_, base_rules._numba_type_} <= {sig[0] for sig in row_entry.signatures}
    golden_play = Path(__file__).parents[1] / "engine" / "test_golden_play.py"
    spec = importlib.util.spec_from_file_location("golden_play_for_variant_test", golden_play)
    golden = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(golden)
    recorded = json.loads(golden.GOLDEN.read_text())["fftcg"]
    assert golden.random_play_hash("fftcg") == recorded["random_play"]


def test_a_variant_must_be_a_hooks_module_with_its_own_tag_and_the_games_sizes():
    with pytest.raises(ValueError, match="is not a rules variant's hooks module"):
        tcg_env.make_game("fftcg", rules="fftcg_helpers")
    with pytest.raises(ValueError, match="keeps the game's sizes"):
        tcg_env.get_spec("weiss_schwarz").with_rules(VARIANT)
