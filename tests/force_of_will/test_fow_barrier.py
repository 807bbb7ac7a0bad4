"""CR 1120.2: [Barrier] means "this card cannot be targeted by spells or abilities controlled by a player other than
the controller of this card": it stops targeting only. A chant's "target resonator" may not choose an opponent's
[Barrier] resonator; "deal N damage to each resonator your opponent controls" (no target) deals it to that resonator
too; a continuous ability over the opponent's resonators applies to it. Lines made up in the game's template."""

from __future__ import annotations

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool


def _res(i, abilities, atk=200, defense=1000):
    return {"id": f"TXT-00{i}", "name": f"Made-up Card {i}", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
            "ATK": atk, "DEF": defense, "abilities": abilities}


def _chant(i, text):
    return {"id": f"TXT-1{i}", "name": f"Made-up Chant {i}", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
            "abilities": [text]}


def _pool(tmp_path):
    res, pool = _imported_pool(tmp_path, [
        _res(1, ["[Barrier]"]), _res(2, []),
        _res(3, ["Resonators your opponent controls gain [-100/-100]."], 100, 100),
        _chant(0, "Deal 300 damage to target resonator."),
        _chant(1, "Deal 300 damage to each resonator your opponent controls.")])
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [(r.number, r.reason) for r in res.text_records]
    return pool


def _play_and_resolve(g, hand_index):
    """Play player 0's hand chant ``hand_index``; returns the options its CHOOSE_TARGET offered (None: none asked),
    choosing the first, then passes until the chase is empty."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g.step(K.PLAY_HAND_BASE + hand_index)
    offered = None
    for _ in range(12):
        if int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:
            offered = [a - K.OPTION_BASE for a in g.legal_actions().tolist() if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS]
            g.step(K.OPTION_BASE + offered[0])
        elif int(g.state[H_DECISION]) == K.Decision.PRIORITY and int(g.state[S.CHASE_N]) == 0:
            return offered
        else:
            g.step(K.PASS)
    raise AssertionError("the chant did not resolve")


def test_cr_1120_2_barrier_keeps_a_card_from_being_targeted_by_the_opponent_only(tmp_path):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.hand(0, ["TXT-10"])
    shielded = sc.put(1, "TXT-001", "field")
    plain = sc.put(1, "TXT-002", "field")
    g = sc.game()
    offered = _play_and_resolve(g, 0)
    assert offered is not None and len(offered) == 1, "only the resonator without [Barrier] is a legal target"
    assert int(g.state[S.DAMAGE + plain * S.CARD_W]) == 300
    assert int(g.state[S.DAMAGE + shielded * S.CARD_W]) == 0


def test_cr_1120_2_barrier_does_not_keep_a_card_out_of_each_or_all(tmp_path):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.hand(0, ["TXT-11"])
    shielded = sc.put(1, "TXT-001", "field")
    plain = sc.put(1, "TXT-002", "field")
    g = sc.game()
    assert _play_and_resolve(g, 0) is None  # no target chosen
    assert int(g.state[S.DAMAGE + plain * S.CARD_W]) == 300
    assert int(g.state[S.DAMAGE + shielded * S.CARD_W]) == 300, "'each resonator' targets nothing: [Barrier] does not stop it"


def test_cr_1120_2_a_continuous_ability_applies_to_an_opponents_barrier_card(tmp_path):
    import numpy as np

    from tcg_env.games.force_of_will.scenario import Scenario
    from fow_tables import current_values

    pool = _pool(tmp_path)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.put(0, "TXT-003", "field")
    shielded = sc.put(1, "TXT-001", "field")
    plain = sc.put(1, "TXT-002", "field")
    g = sc.game()
    atk = [int(current_values(np.asarray(g.state), pool.kernel_tables, s)[0]) for s in (shielded, plain)]
    assert atk == [100, 100], "[-100/-100] applies to both (a continuous ability targets nothing)"
