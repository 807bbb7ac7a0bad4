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


# ---- "target non-<type> card from your graveyard" (CR 201.2, 903.2g) -----------------------------------------------
def test_cr_903_2g_a_non_type_graveyard_target_is_the_other_card_types():
    r = exact("[Enter] => Put target non-magic stone card from your graveyard into your hand.")
    assert r.abilities[0]["effect"][0] == {"op": "choose", "filter": {
        "type": ["resonator", "chant", "addition", "regalia", "rune"], "zone": "graveyard", "side": "own"}}
    r = exact("[Enter] => Put target non-magic stone, non-resonator card from your graveyard into your hand.")
    assert r.abilities[0]["effect"][0]["filter"]["type"] == ["chant", "addition", "regalia", "rune"]
    # 'other' or a state in a graveyard: still unsupported
    assert line("[Enter] => Put another target non-magic stone card from your graveyard into your hand.").verdict \
        is Verdict.UNSUPPORTED


def test_cr_906_7b_another_target_from_your_graveyard_is_other_than_this_card():
    r = exact("When this card is put into a graveyard from the field => Put another target resonator from your graveyard "
              "into your hand.")
    assert r.abilities[0]["effect"] == [
        {"op": "choose", "filter": {"type": ["resonator"], "zone": "graveyard", "side": "own", "exclude_self": True}},
        {"op": "grave_to_hand"}]
    # where this card is not in the graveyard, "another" names nothing the ability knows
    r = line("[Enter] => Put another target resonator from your graveyard into your hand.")
    assert r.verdict is Verdict.UNSUPPORTED


def test_cr_911_1_n_damage_to_target_and_m_damage_to_its_controller():
    r = exact("This card deals 2000 damage to target J/resonator and 500 damage to its controller.", "chant")
    assert r.fields["effect"] == [
        {"op": "choose", "filter": {"type": ["j_resonator"]}}, {"op": "damage", "amount": 2000},
        {"op": "set_x", "per": {"count": "target_controller"}, "times": 1},
        {"op": "damage_player", "amount": 500, "who": "target_controller"}]


def test_cr_202_a_card_not_named_is_the_filter_not_name():
    r = exact('[Enter] => Put target resonator not named "Made-up Hero" from your graveyard into your hand.')
    assert r.abilities[0]["effect"][0]["filter"] == {"type": ["resonator"], "not_name": "Made-up Hero",
                                                     "zone": "graveyard", "side": "own"}
    r = exact('Search your deck for a resonator not named "Made-up Hero", reveal it and put it into your hand. Then '
              'shuffle your deck.', "chant")
    assert r.fields["effect"][0]["filter"] == {"type": ["resonator"], "not_name": "Made-up Hero", "zone": "main_deck"}


# ---- "<card> gains [A], [B], or [C] until end of turn" (approximation gain_choice_when_played) ----------------------
@pytest.mark.parametrize("text", [
    "Pay 400 life: This card gains [Swiftness], [Precision], [First Strike], or [Pierce] until end of turn.",
    "Pay 400 life: This card gains [Swiftness], [Precision], [First Strike] or [Pierce] until end of turn.",
])
def test_cr_903_2e_gains_one_of_the_keywords_is_a_choice_of_modes_made_as_it_is_played(text):
    r = line(text)
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("gain_choice_when_played",)
    modes = r.abilities[0]["effect"][0]["modes"]
    assert [m[1]["keywords"] for m in modes] == [["swiftness"], ["precision"], ["first_strike"], ["pierce"]]
    assert all(m[0] == {"op": "target_self"} and m[1]["duration"] == "end_of_turn" for m in modes)


def test_cr_903_2e_gains_an_atk_def_change_or_a_keyword():
    r = line("Target resonator gains [-800/0] or [0/+800] until end of turn.", "chant")
    assert r.verdict is Verdict.APPROXIMATE
    assert [m[1]["atk"] for m in r.fields["effect"][0]["modes"]] == [-800, 0]
    r = line("{0}: This card gains [Flying], [First Strike], or [+200/+200] until end of turn.")
    assert [m[1]["op"] for m in r.abilities[0]["effect"][0]["modes"]] == ["grant_keyword", "grant_keyword", "power"]
    # with another effect in the same body: unsupported
    assert line("Target resonator gains [Flying] or [Pierce] until end of turn. Draw a card.", "chant").verdict \
        is Verdict.UNSUPPORTED


# ---- "<effect>. Banish this card." (CR 1011) ------------------------------------------------------------------------
def test_cr_1011_banish_this_card_after_the_effect_is_banish_on_the_card_itself():
    r = exact("Whenever this card attacks => It deals 800 damage to each resonator. Banish this card.")
    eff = r.abilities[0]["effect"]
    assert [op["op"] for op in eff] == ["select_all", "damage", "target_self", "banish"]
    assert eff[2]["reg"] == eff[3]["reg"] != eff[0].get("reg", 0)
    # alone, as before (banish_self_ability); a chant's "this card" is a spell on the chase
    assert exact("Whenever this card attacks => Banish this card.").abilities[0]["effect"] == [
        {"op": "target_self"}, {"op": "banish"}]
    assert line("Draw a card. Banish this card.", "chant").verdict is Verdict.UNSUPPORTED


@pytest.fixture(scope="module")
def pool33b(tmp_path_factory):
    cards = [
        _card("TXT-334", "Made-up Digger", "Resonator", [
            "[Enter] => Put target non-magic stone card from your graveyard into your hand."]),
        _card("TXT-335", "Made-up Spark", "Chant", ["Draw a card."]),
        _card("TXT-336", "Made-up Comet", "Resonator", ["[Enter] => Draw a card. Banish this card."]),
        _card("TXT-338", "Made-up Gravedigger", "Resonator", [
            "When this card is put into a graveyard from the field => Put another target resonator from your graveyard "
            "into your hand."]),
        _card("TXT-339", "Made-up Smite", "Chant", ["Destroy target resonator."]),
        _card("TXT-340", "Made-up Backlash", "Chant", [
            "This card deals 2000 damage to target J/resonator and 500 damage to its controller."]),
        _card("TXT-341", "Made-up Exhumer", "Resonator", [
            '[Enter] => Put target resonator not named "Made-up Comet" from your graveyard into your hand.']),
        {"id": "TXT-337", "name": "Made-up Pebble", "type": ["Special Magic Stone", "Magic Stone"], "cost": None,
         "colour": ["V"], "abilities": ["{Rest}: Produce {R}."]},
    ]
    res, pool = _imported_pool(tmp_path_factory.mktemp("s33c"), cards)
    _all_exact(res)
    return pool


def _play(pool, card, grave=()):
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 2)
    sc.put(0, card, K.Zone.HAND)
    for c in grave:
        sc.put(0, c, K.Zone.GRAVEYARD)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    return g


def _ids(g, p, zone):
    from tcg_env.engine.zones import zone_list

    return [int(g.state[S.CARD + c * S.CARD_W]) for c in zone_list(g.state, S.ZONES, zone, p)]



@pytest.mark.parametrize("grave, taken", [(("TXT-337",), None), (("TXT-337", "TXT-335"), "TXT-335")])
def test_cr_903_2g_a_non_magic_stone_card_from_your_graveyard_never_takes_the_stone(pool33b, grave, taken):
    """The [Enter] ability's target (CR 903.2g): the chant, never the magic stone (none: the ability does nothing)."""
    g = _play(pool33b, "TXT-334", grave)
    _drive(g, lambda g: int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET or _resolved(g))
    _drive(g, lambda g: int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET or _resolved(g))
    if taken:
        # the chant is the one target offered (the stone is not one)
        assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET
        assert len([a for a in g.legal_actions().tolist() if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS]) == 1
    _drive(g, _resolved)
    stone, chant = pool33b.index["TXT-337"], pool33b.index["TXT-335"]
    assert stone in _ids(g, 0, K.Zone.GRAVEYARD) and stone not in _ids(g, 0, K.Zone.HAND)
    if taken:
        assert chant in _ids(g, 0, K.Zone.HAND) and chant not in _ids(g, 0, K.Zone.GRAVEYARD)


def test_cr_1011_draw_a_card_then_banish_this_card(pool33b):
    """"[Enter] => Draw a card. Banish this card.": the card drawn, then the resonator put into its owner's graveyard."""
    g = _play(pool33b, "TXT-336")
    hand = _zone_n(g, 0, K.Zone.HAND)
    _drive(g, lambda g: _resolved(g) and _zone_n(g, 0, K.Zone.HAND) == hand + 1)
    _drive(g, _resolved)
    comet = pool33b.index["TXT-336"]
    assert comet in _ids(g, 0, K.Zone.GRAVEYARD) and comet not in _ids(g, 0, K.Zone.FIELD)
    assert _zone_n(g, 0, K.Zone.HAND) == hand + 1


def test_cr_906_7b_another_target_from_your_graveyard_offers_only_the_other_card(pool33b):
    """The trigger's card is in the graveyard as it resolves: the target is the other resonator only (F_EXCLUDE_SELF)."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool33b, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 2)
    sc.put(0, "TXT-339", K.Zone.HAND)
    sc.put(0, "TXT-336", K.Zone.GRAVEYARD)
    sc.field(0, ["TXT-338"])
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    digger = pool33b.index["TXT-338"]
    target = lambda g: int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET  # noqa: E731
    _drive(g, lambda g: target(g) or _resolved(g))
    _drive(g, lambda g: (target(g) and digger in _ids(g, 0, K.Zone.GRAVEYARD)) or
           (_resolved(g) and digger in _ids(g, 0, K.Zone.GRAVEYARD) and _zone_n(g, 0, K.Zone.GRAVEYARD) == 1))
    assert target(g)
    opts = [a for a in g.legal_actions().tolist() if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS]
    assert len(opts) == 1
    _drive(g, _resolved)
    assert digger in _ids(g, 0, K.Zone.GRAVEYARD) and digger not in _ids(g, 0, K.Zone.HAND)
    assert pool33b.index["TXT-336"] in _ids(g, 0, K.Zone.HAND)


@pytest.mark.parametrize("side", [0, 1])
def test_cr_911_1_its_controller_is_dealt_the_damage_whoever_it_is(pool33b, side):
    """WHO_TARGET_CONTROLLER on DAMAGE_PLAYER: the target's controller (the last known, CR 911.1) is dealt 500, the other
    player nothing."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool33b, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 2)
    sc.put(0, "TXT-340", K.Zone.HAND)
    sc.field(side, ["TXT-336"])
    g = sc.game()
    life = [int(g.state[S.LIFE]), int(g.state[S.LIFE + 1])]
    g.step(K.PLAY_HAND_BASE)
    _drive(g, _resolved)
    assert pool33b.index["TXT-336"] in _ids(g, side, K.Zone.GRAVEYARD)  # 2000 damage to a 100 DEF resonator
    assert int(g.state[S.LIFE + side]) == life[side] - 500
    assert int(g.state[S.LIFE + 1 - side]) == life[1 - side]


def test_cr_202_a_target_not_named_never_offers_the_card_of_that_name(pool33b):
    """F_NAME with NAME_NOT (filters.filter_core): of the two resonators in the graveyard only the other name is offered."""
    g = _play(pool33b, "TXT-341", ("TXT-336", "TXT-338"))
    target = lambda g: int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET  # noqa: E731
    _drive(g, lambda g: target(g) or _resolved(g))
    _drive(g, lambda g: target(g) or _resolved(g))
    assert target(g)
    assert len([a for a in g.legal_actions().tolist() if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS]) == 1
    _drive(g, _resolved)
    assert pool33b.index["TXT-338"] in _ids(g, 0, K.Zone.HAND)
    assert pool33b.index["TXT-336"] in _ids(g, 0, K.Zone.GRAVEYARD)
