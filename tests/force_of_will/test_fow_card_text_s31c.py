"""Force of Will card text, session 31 (branch s31-c2): plain effect sentences. "This card can block J/resonators with
[Flying]." (CR 1106.2: the [Flying] limit on blockers does not hold for it; constants.RESTRICT_CAN_BLOCK_FLYING, read by
battle.can_block_now). Lines are made up in the game's template language. Rule numbers: CR 8.01
(``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from test_fow_card_text import _imported_pool, exact


def test_cr_1106_2_can_block_flying_compiles_to_a_continuous_permission():
    r = exact("This card can block J/resonators with [Flying].", "resonator")
    assert r.abilities == [{"kind": "continuous", "effect": [
        {"op": "aura_restrict", "restrictions": ["can_block_flying"], "filter": {"self_only": True}}]}]
    r = exact("Target resonator can block J/resonators with [Flying] until end of turn.", "chant")
    assert r.fields["effect"][-1] == {"op": "restrict", "restrictions": ["can_block_flying"],
                                      "duration": "end_of_turn"}
    # "<cards> you control can ..." (an aura of the permission over them, CR 904) and "as long as ..." (CR 904: a condition)
    r = exact("J/resonators you control can block J/resonators with [Flying].", "resonator")
    assert r.abilities[0]["effect"] == [{"op": "aura_restrict", "restrictions": ["can_block_flying"],
                                         "filter": {"type": ["j_resonator"], "side": "own"}}]
    r = exact("As long as you control a regalia, this card can block J/resonators with [Flying].", "resonator")
    assert r.abilities[0]["condition"]["kind"] == "control_at_least"


@pytest.mark.parametrize("text, blockable", [("This card can block J/resonators with [Flying].", True), ("", False)])
def test_cr_1106_2_a_flying_attacker_is_blocked_by_a_card_that_can_block_flying(tmp_path, text, blockable):
    """A [Flying] attacker: the defending player's recovered resonator without [Flying] is a legal blocker only with
    "This card can block J/resonators with [Flying].", not without it (CR 1106.2)."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    def res(i, lines):
        return {"id": f"TXT-00{i}", "name": f"Made-up Sentry {i}", "type": ["Resonator"], "cost": "{R}",
                "colour": ["R"], "ATK": 500, "DEF": 500, "abilities": lines}

    imported, pool = _imported_pool(tmp_path, [res(1, ["[Flying]"]), res(2, [text] if text else [])])
    assert all(t.verdict.name == "EXACT" for t in imported.text_records)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    flyer = sc.put(0, "TXT-001", "field")
    sc.put(1, "TXT-002", "field")  # recovered
    g = sc.game()
    g.step(K.BATTLE)
    for _ in range(20):
        d = int(g.state[H_DECISION])
        if d == K.Decision.BLOCK:
            break
        if d == K.Decision.ATTACKER:
            g.step(K.OWN_FIELD_BASE + sc.zone(0, "field").index(flyer))
        elif d == K.Decision.ATTACKED:
            g.step(K.ATTACK_PLAYER)
        else:
            g.step(K.PASS)
    assert int(g.state[H_DECISION]) == K.Decision.BLOCK
    blockers = [a for a in g.legal_actions().tolist() if K.OWN_FIELD_BASE <= a < K.OWN_FIELD_BASE + K.FIELD_SLOTS]
    assert bool(blockers) == blockable


def test_cr_804_3_can_block_while_rested_compiles_to_a_continuous_permission():
    r = exact("This card can block while rested.", "resonator")
    assert r.abilities == [{"kind": "continuous", "effect": [
        {"op": "aura_restrict", "restrictions": ["can_block_rested"], "filter": {"self_only": True}}]}]


@pytest.mark.parametrize("text, blockable", [("This card can block while rested.", True), ("", False)])
def test_cr_804_3_a_rested_card_that_can_block_while_rested_is_a_blocker(tmp_path, text, blockable):
    """CR 804.3 asks a recovered blocker: a rested resonator blocks only with "This card can block while rested."."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    def res(i, lines):
        return {"id": f"TXT-00{i}", "name": f"Made-up Sentry {i}", "type": ["Resonator"], "cost": "{R}",
                "colour": ["R"], "ATK": 500, "DEF": 500, "abilities": lines}

    imported, pool = _imported_pool(tmp_path, [res(1, []), res(2, [text] if text else [])])
    assert all(t.verdict.name == "EXACT" for t in imported.text_records)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    attacker = sc.put(0, "TXT-001", "field")
    sc.put(1, "TXT-002", "field", rested=True)
    g = sc.game()
    g.step(K.BATTLE)
    for _ in range(20):
        d = int(g.state[H_DECISION])
        if d == K.Decision.BLOCK:
            break
        if d == K.Decision.ATTACKER:
            g.step(K.OWN_FIELD_BASE + sc.zone(0, "field").index(attacker))
        elif d == K.Decision.ATTACKED:
            g.step(K.ATTACK_PLAYER)
        else:
            g.step(K.PASS)
    assert int(g.state[H_DECISION]) == K.Decision.BLOCK
    blockers = [a for a in g.legal_actions().tolist() if K.OWN_FIELD_BASE <= a < K.OWN_FIELD_BASE + K.FIELD_SLOTS]
    assert bool(blockers) == blockable
