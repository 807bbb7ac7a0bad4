"""Force of Will card text, session 29 (branch s29-fowchoose): more shapes of "Choose one" (CR 903.2e) - sentences done
whichever option is chosen ("Choose one. Put this card on the bottom of its owner's deck as it resolves; - A. - B."),
"you may choose an additional one for each <card> you control", "choose up to four / four instead", options separated
by ", or" only, an option closing on "... instead - B", a [Torrent] option ("Choose one - A; [Torrent] B.", CR 1124.2)
"additions and regalia", a delayed ability in an option (CR 906.8) and an option "<B> if this card was awakened". Lines are made up in the game's template language. Rule
numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from test_fow_card_text import _drive, _imported_pool, exact, line
from test_fow_card_text_s23b import _all_exact, _resolved, _zone_n
from test_fow_card_text_s24a import _options
from test_fow_card_text_s24b import _card


# ---- the compiler ---------------------------------------------------------------------------------------------------
def test_cr_903_2e_sentences_before_the_options_are_done_with_each_option():
    r = exact("Choose one. Put this card on the bottom of its owner's deck as it resolves; - Draw a card. - You gain "
              "500 life.", "chant")
    assert r.fields["effect"] == [{"op": "select_mode", "modes": [
        [{"op": "chant_to", "to": "deck_bottom"}, {"op": "draw", "count": 1}],
        [{"op": "chant_to", "to": "deck_bottom"}, {"op": "gain_life", "amount": 500}]]}]
    # printed first, as its own sentence, the same
    r2 = exact("Draw a card. Choose one - Target resonator gains [+200/+200] until end of turn; or you gain 500 life.",
               "chant")
    modes = r2.fields["effect"][0]["modes"]
    assert [op["op"] for op in modes[0]] == ["choose", "draw", "power"]
    assert [op["op"] for op in modes[1]] == ["draw", "gain_life"]


def test_cr_903_2e_sentences_with_you_may_before_the_options_are_unsupported():
    assert line("You may draw a card. Choose one - Draw a card; or you gain 500 life.", "chant").verdict \
        is Verdict.UNSUPPORTED


def test_cr_903_2e_an_additional_option_for_each_recovered_j_ruler():
    r = exact("Choose one, you may choose an additional one for each recovered J/ruler you control; - Draw a card. - "
              "You gain 500 life. - Destroy target addition.", "chant")
    op = r.fields["effect"][0]
    assert len(op["modes"]) == 3 + 3  # each option alone, each pair; never all three (CR 201.2b: one J/ruler)
    assert op["conditions"][:3] == [None] * 3
    assert all(c == {"kind": "ruler_matches", "value": 1, "filter": {"state": "recovered", "side": "own"}}
               for c in op["conditions"][3:])


def test_cr_903_2e_an_additional_option_for_each_resonator_counts_them():
    r = exact("Choose one, you may choose an additional one for each fire resonator you control; - Draw a card. - "
              "You gain 500 life. - You gain 300 life.", "chant")
    op = r.fields["effect"][0]
    assert len(op["modes"]) == 3 + 3 + 1
    assert [c and (c["kind"], c["value"]) for c in op["conditions"]] == [None] * 3 + [("control_at_least", 1)] * 3 + [
        ("control_at_least", 2)]


def test_cr_903_2e_choose_up_to_four_instead_offers_every_set_while_it_holds():
    r = line("Choose one. If this card was awakened, choose up to four instead; - Draw a card. - You gain 100 life. - "
             "You gain 200 life. - You gain 300 life.", "chant")
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("choose_up_to_not_none",)
    op = r.fields["effect"][0]
    assert len(op["modes"]) == 4 + 6 + 4 + 1
    assert op["conditions"][:4] == [None] * 4
    assert all(c == {"kind": "awakened", "value": 1} for c in op["conditions"][4:])


def test_cr_903_2e_choose_four_instead_is_all_four_only_while_it_holds():
    r = exact("Choose one. If this card was awakened, choose four instead; - Draw a card. - You gain 100 life. - "
              "You gain 200 life. - You gain 300 life.", "chant")
    op = r.fields["effect"][0]
    assert len(op["modes"]) == 4 + 1
    assert op["modes"][4] == [{"op": "draw", "count": 1}, {"op": "gain_life", "amount": 100},
                              {"op": "gain_life", "amount": 200}, {"op": "gain_life", "amount": 300}]


def test_cr_903_2e_options_separated_by_a_comma_and_or():
    r = exact("Choose one - Destroy target addition, or you gain 500 life.", "chant")
    assert r.fields["effect"][0]["modes"] == [
        [{"op": "choose", "filter": {"type": ["addition"]}}, {"op": "destroy"}], [{"op": "gain_life", "amount": 500}]]
    # a comma and "or" inside one option stays there when the options have their own separators
    r2 = exact("Choose one - This card deals 300 damage to target resonator; or you gain 500 life.", "chant")
    assert len(r2.fields["effect"][0]["modes"]) == 2


def test_cr_903_2e_an_option_closing_on_instead_without_its_full_stop():
    r = exact("Choose one; - This card deals 300 damage to target J/resonator. If this card was awakened, it deals "
              "600 damage instead - You gain 500 life.", "chant")
    assert len(r.fields["effect"][0]["modes"]) == 2


def test_cr_1124_2b_a_torrent_option_exists_only_with_torrent():
    text = ("Choose one - Destroy target addition or regalia; [Torrent] (As you play this card, if you played one or "
            "more other cards this turn, it gains the following text.) Destroy all additions and regalia your opponent "
            "controls.")
    op = exact(text, "chant").fields["effect"][0]
    assert op["conditions"] == [None, {"kind": "torrent"}]
    assert op["modes"][1] == [{"op": "select_all", "filter": {"type": ["addition", "regalia"], "side": "opponent"}},
                              {"op": "destroy"}]
    # "; or [Torrent] ..." the same
    assert exact(text.replace("; [Torrent]", "; or [Torrent]"), "chant").fields["effect"][0] == op
    # [Torrent] is a chant's (CR 1124.2: "as you play this card")
    assert line("[Enter] => Choose one - Draw a card; [Torrent] You gain 500 life.", "resonator").verdict \
        is Verdict.UNSUPPORTED


def test_additions_and_regalia_is_a_list_of_nouns():
    r = exact("Additions and regalia you control gain [Barrier].", "resonator")
    assert r.abilities[0]["effect"][0]["filter"]["type"] == ["addition", "regalia"]


def test_cr_906_8_a_delayed_ability_in_an_option():
    r = exact("Choose one - Draw a card. At the next end of turn => discard a card; or you gain 200 life.", "chant")
    assert r.fields["effect"][0]["modes"][0][1]["op"] == "delayed"
    # a delayed ability's own targets stay unsupported, in an option too
    assert line("Choose one - Draw a card. At the next end of turn => destroy target resonator; or you gain 200 life.",
                "chant").verdict is Verdict.UNSUPPORTED


def test_cr_1109_2a_an_option_if_this_card_was_awakened_naming_a_target_is_offered_only_awakened():
    r = line("Choose one - Destroy target resonator with total cost 1 or less; or destroy target resonator with total "
             "cost 4 or less if this card was awakened.", "chant")
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("awakened_option_as_condition",)
    op = r.fields["effect"][0]
    assert op["conditions"] == [None, {"kind": "awakened", "value": 1}]
    assert op["modes"][1] == [{"op": "choose", "filter": {"type": ["resonator"], "cost_max": 4}}, {"op": "destroy"}]
    # without a target the option stays exact: "if" as it resolves
    r2 = exact("Choose one - Draw a card; or draw two cards if this card was awakened.", "chant")
    assert "conditions" not in r2.fields["effect"][0]


# ---- in the engine -------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def pool29(tmp_path_factory):
    cards = [
        _card("TXT-291", "Made-up Tide Choice", "Chant", [
            "Choose one. Put this card on the bottom of its owner's deck as it resolves; - Draw a card. - You gain 500 "
            "life."]),
        _card("TXT-292", "Made-up Ruler Choice", "Chant", [
            "Choose one, you may choose an additional one for each recovered J/ruler you control; - Draw a card. - "
            "You gain 500 life."]),
        _card("TXT-293", "Made-up Torrent Choice", "Chant", [
            "Choose one - Draw a card; [Torrent] (As you play this card, if you played one or more other cards this "
            "turn, it gains the following text.) You gain 500 life."]),
        _card("TXT-294", "Made-up Last Choice", "Chant", [
            "Choose one - Target resonator you control gains [+1000/+0] until end of turn. At the next end of turn => "
            "destroy it; or you gain 500 life."]),
        _card("TXT-295", "Made-up Squire", "Resonator", []),
        _card("TXT-296", "Made-up Later", "Chant", [
            "Choose one - Draw a card. At the next end of turn => you gain 300 life; or you gain 100 life. At the next "
            "end of turn => you gain 700 life."]),
    ]
    res, pool = _imported_pool(tmp_path_factory.mktemp("s29o"), cards)
    _all_exact(res)
    return pool


def _cast(pool, chant, ruler_rested=False, played=0, field=()):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 2)
    slot = sc.put(0, chant, K.Zone.HAND)
    sc.row[S.RESTED + K.RULER_SLOT * S.CARD_W] = int(ruler_rested)
    sc.row[S.PLAYED_CARDS + 0] = played  # cards player 0 already played this turn ([Torrent], CR 1124.2a)
    if field:
        sc.field(0, list(field))
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    return g, int(g.state[H_DECISION]), slot


@pytest.mark.parametrize("option", [0, 1])
def test_cr_703_3_the_chant_goes_to_the_bottom_of_the_deck_whichever_option(pool29, option):
    g, decision, slot = _cast(pool29, "TXT-291")
    assert decision == K.Decision.CHOOSE_MODE and _options(g) == [0, 1]
    hand, life, deck = _zone_n(g, 0, K.Zone.HAND), int(g.state[S.LIFE]), _zone_n(g, 0, K.Zone.MAIN_DECK)
    g.step(K.OPTION_BASE + option)
    _drive(g, _resolved)
    assert int(g.state[S.ZONE + slot * S.CARD_W]) == K.Zone.MAIN_DECK
    assert _zone_n(g, 0, K.Zone.GRAVEYARD) == 0
    drawn = 1 if option == 0 else 0
    assert _zone_n(g, 0, K.Zone.HAND) == hand + drawn
    assert int(g.state[S.LIFE]) == life + (500 if option == 1 else 0)
    assert _zone_n(g, 0, K.Zone.MAIN_DECK) == deck - drawn + 1


@pytest.mark.parametrize("rested, offered", [(False, [0, 1, 2]), (True, [0, 1])])
def test_cr_903_2e_the_additional_option_only_with_a_recovered_j_ruler(pool29, rested, offered):
    g, decision, _ = _cast(pool29, "TXT-292", ruler_rested=rested)
    assert decision == K.Decision.CHOOSE_MODE
    assert _options(g) == offered


def test_cr_903_2e_the_additional_option_chosen_does_both(pool29):
    g, _, _ = _cast(pool29, "TXT-292")
    hand, life = _zone_n(g, 0, K.Zone.HAND), int(g.state[S.LIFE])
    g.step(K.OPTION_BASE + 2)
    _drive(g, _resolved)
    assert (_zone_n(g, 0, K.Zone.HAND), int(g.state[S.LIFE])) == (hand + 1, life + 500)


@pytest.mark.parametrize("played, offered", [(0, [0]), (1, [0, 1])])
def test_cr_1124_2b_the_torrent_option_is_offered_only_after_another_card(pool29, played, offered):
    g, decision, _ = _cast(pool29, "TXT-293", played=played)
    assert decision == K.Decision.CHOOSE_MODE
    assert _options(g) == offered


def test_cr_1124_2_the_torrent_option_chosen_is_done(pool29):
    g, _, _ = _cast(pool29, "TXT-293", played=1)
    hand, life = _zone_n(g, 0, K.Zone.HAND), int(g.state[S.LIFE])
    g.step(K.OPTION_BASE + 1)
    _drive(g, _resolved)
    assert (_zone_n(g, 0, K.Zone.HAND), int(g.state[S.LIFE])) == (hand, life + 500)


def _to_end_of_turn(g):
    _drive(g, lambda g: int(g.state[S.TURN_PLAYER]) != 0)


@pytest.mark.parametrize("option", [0, 1])
def test_cr_906_8_the_options_delayed_ability_only_when_that_option_is_chosen(pool29, option):
    g, decision, _ = _cast(pool29, "TXT-294", field=("TXT-295",))
    assert decision == K.Decision.CHOOSE_MODE
    from tcg_env.engine.zones import zone_list

    (squire,) = [s for s in zone_list(g.state, S.ZONES, K.Zone.FIELD, 0)
                 if int(g.state[S.CARD + s * S.CARD_W]) == pool29.index["TXT-295"]]
    life = int(g.state[S.LIFE])
    g.step(K.OPTION_BASE + option)
    _drive(g, _resolved)
    assert int(g.state[S.ZONE + squire * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.SHIELD_N]) == (1 if option == 0 else 0)
    _to_end_of_turn(g)
    assert int(g.state[S.ZONE + squire * S.CARD_W]) == (K.Zone.GRAVEYARD if option == 0 else K.Zone.FIELD)
    assert int(g.state[S.LIFE]) == life + (500 if option == 1 else 0)


@pytest.mark.parametrize("option, gained", [(0, 300), (1, 100 + 700)])
def test_cr_906_8_each_options_delayed_ability_is_its_own(pool29, option, gained):
    g, _, _ = _cast(pool29, "TXT-296")
    life = int(g.state[S.LIFE])
    g.step(K.OPTION_BASE + option)
    _drive(g, _resolved)
    _to_end_of_turn(g)
    assert int(g.state[S.LIFE]) == life + gained
