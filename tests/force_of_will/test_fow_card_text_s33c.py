"""Force of Will card text, session 33 (branch s33c): effect bodies of one-shot damage. "This card deals N damage to each
<card>. If <condition>, this card deals M damage instead." (the cards selected in each branch), "If your life is N or
less, ... instead" (the other branch: constants.Condition LIFE_MORE / OPPONENT_LIFE_MORE, card_text._not), "... to target
player or <card>. If <condition>, it deals M damage instead." (one choice of the player or card for both amounts). Lines
are made up in the game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.engine.header import H_DECISION
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from test_fow_card_text import _drive, _imported_pool, exact, line
from test_fow_card_text_s23b import _all_exact, _resolved, _zone_n
from test_fow_card_text_s24b import _card


def _conds(effect):
    return [op["condition"]["kind"] for op in effect if op["op"] == "if"]


# ---- the compiler ---------------------------------------------------------------------------------------------------
def test_cr_1203_instead_after_your_life_is_n_or_less_tests_life_more_first():
    r = exact("This card deals 500 damage to each resonator your opponent controls. If your life is 1000 or less, this "
              "card deals 1000 damage instead.", "chant")
    eff = r.fields["effect"]
    assert _conds(eff) == ["life_more", "life_at_most"]
    # each branch selects the cards itself, after its own IF (a SELECT_ALL skipped with the first branch is not read)
    assert [op["op"] for op in eff] == ["if", "select_all", "damage", "if", "select_all", "damage"]
    assert eff[0]["skip"] == 2 and eff[3]["skip"] == 2
    assert [eff[2]["amount"], eff[5]["amount"]] == [500, 1000] and eff[5]["reg"] == eff[4]["reg"]
    r = exact("Destroy target addition. If your opponent's life is 1500 or less, draw a card instead.", "chant")
    assert _conds(r.fields["effect"]) == ["opponent_life_more", "opponent_life_at_most"]


@pytest.mark.parametrize("text", [
    # the first effect changes a life the condition reads: the second would then test another life
    "You gain 500 life. If your life is 1000 or less, draw a card instead.",
    "This card deals 500 damage to your opponent. If your opponent's life is 1000 or less, draw a card instead.",
])
def test_cr_1203_instead_after_a_life_condition_is_unsupported_when_the_first_effect_changes_life(text):
    r = line(text, "chant")
    assert r.verdict is Verdict.UNSUPPORTED and "may change" in r.reason


def test_cr_903_2g_instead_after_target_player_or_card_is_one_target_for_both_amounts():
    r = exact('This card deals 600 damage to target player or resonator. If you control a card named "Made-up Hero", it '
              'deals 800 damage instead.', "chant")
    modes = r.fields["effect"][0]["modes"]
    assert len(modes) == 3  # the resonator, your opponent, you (CR 903.2g), each with both branches
    assert [op["op"] for op in modes[0]] == ["choose", "if", "damage", "if", "damage"]
    assert [op.get("amount") for op in modes[0] if op["op"] == "damage"] == [600, 800]
    for mode, who in zip(modes[1:], ("opponent", "controller")):
        assert [(op["op"], op.get("who"), op.get("amount")) for op in mode if op["op"] != "if"] == [
            ("damage_player", who, 600), ("damage_player", who, 800)]
        assert _conds(mode) == ["control_name_none", "control_name"]
    r = exact('This card deals 600 damage to target player or resonator. If your J/ruler is "Made-up Lord", it deals '
              '800 damage instead.', "chant")
    assert _conds(r.fields["effect"][0]["modes"][1]) == ["ruler_not_named", "ruler_named"]


def test_cr_903_2g_two_damages_to_target_player_are_not_an_instead_pair():
    r = line("This card deals 600 damage to target player or resonator. This card deals 800 damage to target player or "
             "resonator.", "chant")
    assert r.verdict is Verdict.UNSUPPORTED


# ---- in the engine -------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def pool33(tmp_path_factory):
    cards = [
        _card("TXT-331", "Made-up Firestorm", "Chant", [
            "This card deals 500 damage to each resonator your opponent controls. If your life is 1000 or less, this "
            "card deals 1000 damage instead."]),
        _card("TXT-332", "Made-up Wall", "Resonator", [], DEF=800),
        _card("TXT-333", "Made-up Bolt", "Chant", [
            'This card deals 600 damage to target player or resonator. If you control a card named "Made-up Wall", it '
            'deals 800 damage instead.']),
    ]
    res, pool = _imported_pool(tmp_path_factory.mktemp("s33c"), cards)
    _all_exact(res)
    return pool


def _cast(pool, chant, field=(), opp_field=(), life=None):
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 2)
    sc.put(0, chant, K.Zone.HAND)
    if field:
        sc.field(0, list(field))
    if opp_field:
        sc.field(1, list(opp_field))
    if life is not None:
        sc.life(0, life)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    return g


@pytest.mark.parametrize("life, left", [(4000, 2), (1100, 2), (1000, 0), (500, 0)])
def test_cr_1203_instead_deals_the_other_damage_to_each_card_at_n_life_or_less(pool33, life, left):
    """Condition LIFE_MORE (the first branch: 500 damage, the 800 DEF walls stay) and LIFE_AT_MOST (the second: 1000
    damage to each, selected in that branch, CR 1007.1): exactly one of them is done."""
    g = _cast(pool33, "TXT-331", opp_field=["TXT-332", "TXT-332"], life=life)
    assert _zone_n(g, 1, K.Zone.FIELD) == 2
    _drive(g, _resolved)
    assert _zone_n(g, 1, K.Zone.FIELD) == left
    assert int(g.state[S.LIFE]) == life


@pytest.mark.parametrize("field, dealt", [((), 600), (("TXT-332",), 800)])
def test_cr_903_2g_instead_deals_the_other_damage_to_the_chosen_player(pool33, field, dealt):
    """The option "your opponent" (the second of the choice, CR 903.2g): 600 damage, or 800 while the condition holds;
    never both."""
    g = _cast(pool33, "TXT-333", field=field)
    life = int(g.state[S.LIFE + 1])
    assert int(g.state[H_DECISION]) != K.Decision.PRIORITY  # the choice of the player or card, as it is played
    g.step(K.OPTION_BASE + 1)
    _drive(g, _resolved)
    assert int(g.state[S.LIFE + 1]) == life - dealt
