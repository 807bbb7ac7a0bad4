"""Force of Will card text, session 17 (branch s17-fow2): will restricted in use ("Spend this will only to play
<cards>.", CR 907.4 / 903.2j). Lines are made up in the game's template language. Rule numbers: CR 8.01
(``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import numpy as np
import pytest

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line


def _card(number, name, ctype, abilities, cost="{R}", **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": ["R"], "abilities": abilities, **kw}


# ---- "Spend this will only to play <cards>." (state.RWILL) ------------------------------------------------------
def test_spend_this_will_only_compiles_onto_the_will_it_produces():
    r = exact("{Rest}: Produce {W}. Spend this will only to play chants.")
    assert r.abilities == [{"kind": "will", "cost": {"rest": True}, "effect": [
        {"op": "produce_will", "will": "light", "spend": {"type": ["chant"], "zone": "chase"}}]}]
    r = exact("{Rest}: Produce one will of any attribute. Spend this will only to play fire resonators.", "regalia")
    modes = r.abilities[0]["effect"][0]["modes"]
    assert len(modes) == 5 and all(m[0]["spend"] == {"type": ["resonator"], "attribute": ["fire"], "zone": "chase"}
                                   for m in modes)
    # a magic stone's restricted will is a will ability (its 'will' field has no room for the restriction)
    assert exact("{Rest}: Produce {R}. Spend this will only to play chants.", "magic_stone").abilities[0]["kind"] == "will"
    # will made outside a will ability, and "to play" cards read elsewhere than in the card, are not compiled
    assert line("[Enter] => Produce {R}. Spend this will only to play chants.").verdict is Verdict.UNSUPPORTED
    assert line("{Rest}: Produce {R}. Spend this will only to play resonators you control.").verdict \
        is Verdict.UNSUPPORTED


def _restricted_game(tmp_path, main_fire=0, well_type="Resonator"):
    """Player 0 in its main phase: a resonator "{Rest}: Produce {R}. Spend this will only to play chants." in its
    field, a {R} chant and a {R} resonator in its hand, ``main_fire`` fire will in its pool."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    plain = ["{Rest}: Produce {G}."] if "Stone" in well_type else []  # a stone's 'will' field (its will action)
    cards = [_card("TXT-001", "Made-up Chant Well", well_type,
                   plain + ["{Rest}: Produce {R}. Spend this will only to play chants."], ATK=100, DEF=100),
             _card("TXT-002", "Made-up Spark", "Chant", ["Draw a card."]),
             _card("TXT-003", "Made-up Pup", "Resonator", [], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.skip for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (well,) = sc.field(0, ["TXT-001"])
    spark, pup = sc.hand(0, ["TXT-002", "TXT-003"])
    if main_fire:
        sc.will(0, K.Attribute.FIRE, main_fire)
    g = sc.game()
    field = [int(x) for x in sc.zone(0, "field")]
    hand = [int(x) for x in sc.zone(0, "hand")]
    return g, K.ACTIVATE_BASE + field.index(well) * K.ABILITIES_PER_CARD, K.PLAY_HAND_BASE + hand.index(spark), \
        K.PLAY_HAND_BASE + hand.index(pup), spark


@pytest.mark.parametrize("well_type", ["Resonator", "Special Magic Stone"])
def test_restricted_will_pays_only_for_the_cards_it_names(tmp_path, well_type):
    """CR 907.3: the will ability (a resonator's or a magic stone's) resolves at once; its {R} is kept apart
    (RWILL), not in the pool; it pays the {R} chant (CR 903.2j) but not the {R} resonator; spent, it is gone."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, use, play_spark, play_pup, spark = _restricted_game(tmp_path, well_type=well_type)
    assert play_spark not in g.legal_actions().tolist() and play_pup not in g.legal_actions().tolist()
    g.step(use)
    assert sum(int(g.state[S.WILL + a]) for a in range(K.N_WILL)) == 0
    assert int(g.state[S.RWILL_N]) == 1
    assert int(g.state[S.RWILL + K.RW_WILL]) == K.Attribute.FIRE and int(g.state[S.RWILL + K.RW_COUNT]) == 1
    # public (CR 907.4): both players see it, apart from the will columns (force_of_will_v7)
    from tcg_env.games.force_of_will import observation as O

    for viewer, side in ((0, "my"), (1, "opp")):
        obs = g.observe(viewer)
        assert obs[O.GLOBAL.col(f"{side}_restricted_will_fire_div10")] == np.float32(0.1)
        assert obs[O.GLOBAL.col(f"{side}_will_fire_div10")] == 0.0
    legal = g.legal_actions().tolist()
    assert play_spark in legal and play_pup not in legal
    g.step(play_spark)
    assert int(g.state[S.ZONE + spark * S.CARD_W]) == K.Zone.CHASE
    assert int(g.state[S.RWILL_N]) == 0 and int(g.state[S.RWILL + K.RW_COUNT]) == 0


def test_restricted_will_is_spent_before_the_same_will_without_the_restriction(tmp_path):
    """With one unrestricted {R} and one restricted to chants, the {R} chant takes the restricted one: the
    unrestricted {R} is left and still plays the {R} resonator."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    from tcg_env.games.force_of_will.scenario import Scenario

    g, use, play_spark, play_pup, _ = _restricted_game(tmp_path, main_fire=1)
    g.step(use)
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == 1 and int(g.state[S.RWILL_N]) == 1
    g.step(play_spark)
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == 1 and int(g.state[S.RWILL_N]) == 0
    while int(g.state[S.CHASE_N]) > 0:
        g.step(K.PASS)
    pup = next(x for x in Scenario(g).zone(0, "hand") if int(g.state[S.CARD + int(x) * S.CARD_W]) == g.pool.index["TXT-003"])
    hand = [int(x) for x in Scenario(g).zone(0, "hand")]
    assert K.PLAY_HAND_BASE + hand.index(int(pup)) in g.legal_actions().tolist()
