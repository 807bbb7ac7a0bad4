"""Force of Will card text, session 13 pieces: will abilities choosing among the five attributes and
producing several wills (CR 907), continuous damage prevention (CR 910, 1018). Lines are made up in the
game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line


def _res(i, abilities, atk=200, defense=200, cost="{R}"):
    return {"id": f"TXT-00{i}", "name": f"Made-up Card {i}", "type": ["Resonator"], "cost": cost, "colour": ["R"],
            "ATK": atk, "DEF": defense, "abilities": abilities}


def _will(g, p, attr):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    return int(g.state[S.WILL + p * K.N_WILL + int(attr)])


# ---- will abilities (CR 907) -----------------------------------------------------------------------
def test_cr_907_produce_one_will_of_any_attribute_is_one_will_ability_with_a_choice():
    for text in ("{Rest}: Produce one will of any attribute.", "{Rest}: Produce {W}, {R}, {U}, {G}, or {B}."):
        r = exact(text)
        (ab,) = r.abilities
        assert ab["kind"] == "will" and ab["effect"][0]["op"] == "select_mode"
        assert [m[0]["will"] for m in ab["effect"][0]["modes"]] == ["light", "fire", "water", "wind", "darkness"]
    # two choices stay two will abilities; a magic stone's will field holds at most two (CR 907)
    assert len(exact("{Rest}: Produce {W} or {B}.").abilities) == 2
    assert line("{Rest}: Produce one will of any attribute.", "magic_stone").verdict is Verdict.UNSUPPORTED
    r = exact("{Rest}: Produce {G}{G}.")
    assert r.abilities == [{"kind": "will", "cost": {"rest": True},
                            "effect": [{"op": "produce_will", "will": "wind", "count": 2}]}]
    r = exact("Banish this card: Produce {U}{G}.")
    assert [(op["will"], op["count"]) for op in r.abilities[0]["effect"]] == [("water", 1), ("wind", 1)]


def test_cr_907_3_any_attribute_will_ability_asks_the_will_and_puts_it_in_the_pool(tmp_path):
    """"{Rest}: Produce one will of any attribute.": played, the card rests, its controller chooses one of the
    five attributes (CHOOSE_MODE, no chase: CR 907.3) and that will is in its pool (CR 907.4); priority stays."""
    from tcg_env.engine.header import H_DECISION, H_DECIDER
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [_res(1, ["{Rest}: Produce one will of any attribute."]),
                                          _res(2, ["{Rest}: Produce {R}{R}."])])
    assert [r.verdict for r in res.text_records] == [Verdict.EXACT, Verdict.EXACT]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    a, b = sc.field(0, ["TXT-001", "TXT-002"])
    g = sc.game()
    before = [_will(g, 0, k) for k in K.Attribute]
    g.step(K.ACTIVATE_BASE + sc.zone(0, "field").index(a) * K.ABILITIES_PER_CARD)
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_MODE and int(g.state[H_DECIDER]) == 0
    assert int(g.state[S.RESTED + a * S.CARD_W]) == 1
    legal = g.legal_actions().tolist()
    assert [K.OPTION_BASE + k in legal for k in range(5)] == [True] * 5
    g.step(K.OPTION_BASE + 2)  # water
    assert int(g.state[H_DECISION]) == K.Decision.PRIORITY and int(g.state[S.CHASE_N]) == 0
    after = [_will(g, 0, k) for k in K.Attribute]
    assert after[int(K.Attribute.WATER)] == before[int(K.Attribute.WATER)] + 1
    assert sum(after) == sum(before) + 1
    # "{Rest}: Produce {R}{R}.": two fire wills at once
    g.step(K.ACTIVATE_BASE + sc.zone(0, "field").index(b) * K.ABILITIES_PER_CARD)
    assert _will(g, 0, K.Attribute.FIRE) == after[int(K.Attribute.FIRE)] + 2
    assert int(g.state[H_DECISION]) == K.Decision.PRIORITY
