"""Force of Will card text, session 19 (branch s19-fowa): costs and choices made as a card is played - [Awakening]
on chants (CR 1109), "if this card was awakened, ... instead". Lines are made up in the game's template language.
Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line

_BOLT = "This card deals 400 damage to target resonator. If this card was awakened, it deals 800 damage instead."
_NOT, _YES = {"kind": "awakened", "value": 0}, {"kind": "awakened", "value": 1}


def _card(number, name, ctype, abilities, cost="{R}", colour="R", **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": [colour], "abilities": abilities, **kw}


# ---- [Awakening] on a chant (CR 1109.2) ---------------------------------------------------------------------------
@pytest.mark.parametrize("text, cost", [("[Awakening] {R}", "{R}"), ("[Awakening] {R}{R}{6}", "{R}{R}{6}"),
                                        ("[Awakening] {U} {2}.", "{U}{2}")])
def test_cr_1109_2_awakening_cost_line_of_a_chant_is_its_awakening_field(text, cost):
    r = exact(text, "chant")
    assert r.fields == {"awakening": {"cost": cost, "effect": []}} and r.abilities == []


def test_cr_1109_2_awakening_cost_without_text_on_a_resonator_is_unsupported():
    assert line("[Awakening] {R}", "resonator").verdict is Verdict.UNSUPPORTED
    assert line("Draw a card. If this card was awakened, draw a card.", "resonator").verdict is Verdict.UNSUPPORTED


def test_cr_1109_2a_if_this_card_was_awakened_instead_is_two_branches():
    r = exact(_BOLT, "chant")
    assert r.fields["effect"] == [{"op": "choose", "filter": {"type": ["resonator"]}},
                                  {"op": "if", "condition": _NOT, "skip": 1}, {"op": "damage", "amount": 400},
                                  {"op": "if", "condition": _YES, "skip": 1}, {"op": "damage", "amount": 800}]
    r = exact("Your opponent discards a card. If this card was awakened, your opponent discards two cards instead.",
              "chant")
    assert r.fields["effect"] == [{"op": "if", "condition": _NOT, "skip": 1},
                                  {"op": "discard", "count": 1, "who": "opponent"},
                                  {"op": "if", "condition": _YES, "skip": 1},
                                  {"op": "discard", "count": 2, "who": "opponent"}]
    r = exact("Destroy target resonator. If this card was awakened, draw a card.", "chant")
    assert r.fields["effect"][1:] == [{"op": "destroy"}, {"op": "if", "condition": _YES, "skip": 1},
                                      {"op": "draw", "count": 1}]


@pytest.mark.parametrize("text", [
    # a target named only by the awakened text would be chosen either way (CR 903.2g, 1109.2a); an "up to" one is
    # compiled since session 29 (CHOOSE_IF_AWAKENED, test_fow_card_text_s29m)
    "Draw a card. If this card was awakened, destroy target resonator.",
    # "instead" after a condition the engine cannot negate (a control condition is negated since session 32, a life
    # condition since session 33: test_fow_card_text_s33c)
    "Draw a card. If you played two or more cards this turn, draw two cards instead.",
    # "instead" with nothing before it
    "If this card was awakened, draw two cards instead.",
])  # fmt: skip
def test_cr_1109_2a_awakened_text_the_engine_cannot_play_exactly_is_unsupported(text):
    assert line(text, "chant").verdict is Verdict.UNSUPPORTED, text


def _awaken_game(tmp_path, lines, fire=3, opp_hand=(), ruler_rested=False):
    """Player 0 in its main phase with ``fire`` fire will and a made-up fire chant ({R}) with ``lines`` in its hand;
    a 500/600 resonator in the opponent's field (FOW1-024 stands in for nothing here: made up too)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Awakened Bolt", "Chant", lines),
             _card("TXT-002", "Made-up Sturdy Knight", "Resonator", [], ATK=500, DEF=600)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[x.reason for x in r.lines] for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (chant,) = sc.hand(0, ["TXT-001"])
    (knight,) = sc.field(1, ["TXT-002"])
    sc.hand(1, list(opp_hand))
    sc.will(0, K.Attribute.FIRE, fire)
    if ruler_rested:
        from tcg_env.games.force_of_will import state as S

        (ruler,) = sc.zone(0, K.Zone.RULER_AREA)
        sc.row[S.RESTED + int(ruler) * S.CARD_W] = 1
    return sc.game(), chant, knight


def _resolve(g, card):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    for _ in range(12):
        if int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD:
            return
        if int(g.state[H_DECISION]) in (K.Decision.CHOOSE_TARGET, K.Decision.CHOOSE_MODE):
            g.step([a for a in g.legal_actions().tolist() if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS][0])
        else:
            g.step(K.PASS)
    raise AssertionError("the chant did not resolve")


@pytest.mark.parametrize("awaken, destroyed, will_left", [(False, False, 2), (True, True, 1)])
def test_cr_1109_2_awakened_chant_pays_the_extra_cost_and_reads_it_as_it_resolves(tmp_path, awaken, destroyed, will_left):
    """"[Awakening] {R}" and "deals 400 damage to target resonator; if awakened, 800 instead": played plainly it costs
    {R} and the 600-DEF resonator survives; awakened (AWAKEN_HAND) it costs {R}{R} and the resonator is destroyed."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, chant, knight = _awaken_game(tmp_path, [_BOLT, "[Awakening] {R}"])
    legal = g.legal_actions().tolist()
    assert K.PLAY_HAND_BASE in legal and K.AWAKEN_HAND_BASE in legal
    g.step(K.AWAKEN_HAND_BASE if awaken else K.PLAY_HAND_BASE)
    _resolve(g, chant)
    assert (int(g.state[S.ZONE + knight * S.CARD_W]) == K.Zone.GRAVEYARD) is destroyed
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == will_left


def test_cr_1109_2_awakening_is_offered_only_when_its_cost_can_be_paid_too(tmp_path):
    from tcg_env.games.force_of_will import constants as K

    g, _, _ = _awaken_game(tmp_path, [_BOLT, "[Awakening] {R}{2}"], fire=2)
    legal = g.legal_actions().tolist()
    assert K.PLAY_HAND_BASE in legal and K.AWAKEN_HAND_BASE not in legal
    g, _, _ = _awaken_game(tmp_path, [_BOLT, "[Awakening] {R}{2}"], fire=4)
    assert K.AWAKEN_HAND_BASE in g.legal_actions().tolist()


def test_cr_1109_a_chant_without_awakening_is_never_awakened(tmp_path):
    """The same text without an [Awakening] line: no AWAKEN_HAND action; played, it deals 400 (the 'not' branch)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, chant, knight = _awaken_game(tmp_path, [_BOLT])
    assert K.AWAKEN_HAND_BASE not in g.legal_actions().tolist()
    g.step(K.PLAY_HAND_BASE)
    _resolve(g, chant)
    assert int(g.state[S.ZONE + knight * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.DAMAGE + knight * S.CARD_W]) == 400


@pytest.mark.parametrize("awaken, life", [(False, 3600), (True, 2000)])
def test_cr_1109_2a_awakened_text_inside_a_mode_of_choose_one(tmp_path, awaken, life):
    """"Choose one - Destroy target addition; or this card deals 400 damage to your opponent. If this card was
    awakened, it deals 2000 damage instead." (CR 903.2e): with no addition in a field only the second mode is legal;
    it deals 400 or, awakened, 2000."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    text = ("Choose one - Destroy target addition; or this card deals 400 damage to your opponent. If this card was "
            "awakened, it deals 2000 damage instead.")
    g, chant, _ = _awaken_game(tmp_path, [text, "[Awakening] {R}"])
    g.step(K.AWAKEN_HAND_BASE if awaken else K.PLAY_HAND_BASE)
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_MODE
    assert [a for a in g.legal_actions().tolist() if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS] == [K.OPTION_BASE + 1]
    _resolve(g, chant)  # the only legal mode: no addition in a field (CR 903.2g)
    assert int(g.state[S.LIFE + 1]) == life


# ---- [Awakening] costs that are not will: "Rest a recovered J/ruler you control." (CR 1109.2, 1013) ---------------
def test_cr_1109_2_awakening_rest_a_recovered_j_ruler_compiles_to_rest_j_ruler():
    r = exact("[Awakening] Rest a recovered J/ruler you control.", "chant")
    assert r.fields == {"awakening": {"rest_j_ruler": True, "effect": []}}
    r = exact("[Awakening] Rest a recovered J/ruler you control: [Enter] >>> Draw a card.", "resonator")
    assert r.fields == {"awakening": {"rest_j_ruler": True, "effect": [{"op": "draw", "count": 1}]}}


@pytest.mark.parametrize("ruler_rested", [False, True])
def test_cr_1013_awakening_by_resting_the_ruler_rests_it_and_needs_it_recovered(tmp_path, ruler_rested):
    """"Draw a card. If this card was awakened, draw two cards instead." with "[Awakening] Rest a recovered J/ruler
    you control.": with the ruler recovered the card may be awakened, which rests the ruler (no will more than {R})
    and draws two; with the ruler rested only the plain play is offered."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, chant, _ = _awaken_game(tmp_path, ["Draw a card. If this card was awakened, draw two cards instead.",
                                          "[Awakening] Rest a recovered J/ruler you control."], fire=1,
                                   ruler_rested=ruler_rested)
    ruler = _ruler_slot(g, 0)
    legal = g.legal_actions().tolist()
    assert K.PLAY_HAND_BASE in legal and (K.AWAKEN_HAND_BASE in legal) is not ruler_rested
    if ruler_rested:
        return
    hand = int(g.state[S.HAND_N])
    g.step(K.AWAKEN_HAND_BASE)
    assert int(g.state[S.RESTED + ruler * S.CARD_W]) == 1 and int(g.state[S.WILL + K.Attribute.FIRE]) == 0
    _resolve(g, chant)
    assert int(g.state[S.HAND_N]) == hand - 1 + 2


def _ruler_slot(g, p):
    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    import numpy as np

    (slot,) = zone_list(np.asarray(g.state), S.ZONES, K.Zone.RULER_AREA, p)
    return int(slot)


# ---- "If <condition>, ... instead." with conditions that have a negation -----------------------------------------
@pytest.mark.parametrize("text, kinds", [
    ("Return target resonator to its owner's hand. If the weather is rain, put it on top of its owner's deck instead.",
     ("weather_is_not", "weather_is")),
    ('This card deals 400 damage to target resonator. If your J/ruler is "Made-up A" or "Made-up B", it deals 800 '
     'damage instead.', ("ruler_not_named", "ruler_named")),
])  # fmt: skip
def test_instead_after_weather_or_ruler_name_is_two_branches(text, kinds):
    eff = exact(text, "chant").fields["effect"]
    assert [op["condition"]["kind"] for op in eff if op["op"] == "if"] == list(kinds)
    assert [op["skip"] for op in eff if op["op"] == "if"] == [1, 1]


def test_cr_1028_instead_after_a_weather_the_branch_sets_is_unsupported():
    assert line("The weather is rain until end of turn. If the weather is rain, draw a card instead.",
                "chant").verdict is Verdict.UNSUPPORTED


@pytest.mark.parametrize("rain, zone", [(False, "HAND"), (True, "MAIN_DECK")])
def test_cr_1028_weather_instead_plays_one_branch_only(tmp_path, rain, zone):
    """"Return target resonator to its owner's hand. If the weather is rain, put it on top of its owner's deck
    instead.": the knight goes to the hand, or with rain (CR 1028.2: its controller's weather) on top of the deck."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    text = "Return target resonator to its owner's hand. If the weather is rain, put it on top of its owner's deck instead."
    cards = [_card("TXT-001", "Made-up Rain Bolt", "Chant", [text]),
             _card("TXT-002", "Made-up Sturdy Knight", "Resonator", [], ATK=500, DEF=600)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (chant,) = sc.hand(0, ["TXT-001"])
    (knight,) = sc.field(1, ["TXT-002"])
    sc.will(0, K.Attribute.FIRE, 1)
    if rain:
        sc.row[S.WEATHER + 0] = int(K.Weather.RAIN)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _resolve(g, chant)
    assert int(g.state[S.ZONE + knight * S.CARD_W]) == getattr(K.Zone, zone)


# ---- [Judgment] cost lines with the ruler's own reduction (CR 1125.2, 705.2a) -----------------------------------
def test_cr_705_2a_judgment_pay_less_for_each_is_the_cost_and_an_own_reduction():
    r = line("[Judgment] {4}. You may pay {1} less to play this ability for each Fairy you control.", "ruler",
             races=frozenset({"Fairy"}))
    # exact since session 23: the player is asked (test_fow_card_text_s23a)
    assert r.verdict is Verdict.EXACT and r.approximations == ()
    assert r.fields == {"judgment": "{4}"}
    assert r.abilities == [{"kind": "continuous", "effect": [{
        "op": "cost_reduction", "amount": 1, "filter": {"zone": "hand", "self_only": True}, "optional": True,
        "per": {"count": "field", "filter": {"race": "Fairy", "side": "own"}}}]}]
    assert line("[Judgment] {4}. You may pay {G} less to play this ability if you control a resonator.",
                "ruler").verdict is Verdict.UNSUPPORTED  # an attribute's will less: not compiled


@pytest.mark.parametrize("fairies, legal", [(1, False), (2, True)])
def test_cr_705_2a_judgment_costs_less_for_each_fairy_you_control(tmp_path, fairies, legal):
    """A ruler "[Judgment] {4}. You may pay {1} less to play this ability for each Fairy you control." with two
    will: with two Fairies in its controller's field the judgment process costs {2} and is legal (both will paid),
    with one it costs {3} and is not."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-010", "Made-up Fairy Queen", "Ruler",
                   ["[Judgment] {4}. You may pay {1} less to play this ability for each Fairy you control."], cost=None),
             _card("TXT-010J", "Made-up Fairy Queen, Crowned", "J-Ruler", [], cost=None, ATK=1000, DEF=1000),
             _card("TXT-011", "Made-up Pixie", "Resonator", [], race=["Fairy"], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert pool.models[pool.index["TXT-010"]].j_ruler == "TXT-010J"
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.row[S.CARD + K.RULER_SLOT * S.CARD_W] = pool.index["TXT-010"]
    sc.field(0, ["TXT-011"] * fairies)
    sc.will(0, K.Attribute.FIRE, 2)
    g = sc.game()
    assert (K.JUDGMENT in g.legal_actions().tolist()) is legal
    if legal:
        g.step(K.JUDGMENT)
        assert int(g.state[S.WILL + K.Attribute.FIRE]) == 0


# ---- "As you play this card, target a <J/resonator>. ..." on an addition (CR 1406.2a-b) --------------------------
_ADDED = ("As you play this card, target a J/resonator. If that J/resonator is still a legal target, put this card into "
          "the field added to the chosen target, otherwise put it into its owner's graveyard.")


@pytest.mark.parametrize("text, addition, ok", [
    (_ADDED, "j_resonator", True),
    ("As you play this card, target a resonator. This card enters the field added to the chosen target.", "resonator",
     True),
    ("As you play this card, target a resonator. This card enters the field added to the chosen target.",
     "j_resonator", False),  # not the addition's own target
    (_ADDED, "field", False),
    (_ADDED.replace("target a J/resonator.", "target a J/resonator you control."), "j_resonator", False),
])  # fmt: skip
def test_cr_1406_2_as_you_play_target_a_card_is_the_additions_own_target(text, addition, ok):
    r = line(text, "addition", addition=addition)
    assert (r.verdict is Verdict.EXACT) is ok, r.reason
    if ok:
        assert r.fields == {} and r.abilities == []


def test_cr_1406_2b_an_addition_printing_its_target_is_imported_exact_and_added(tmp_path):
    """A plain "Addition" printing the line and "Added J/resonator gains [+200/+200].": imported as an addition to a
    J/resonator, every line exact; played onto the opponent's 500-ATK knight it makes it 700."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario
    from fow_tables import current_values

    cards = [_card("TXT-020", "Made-up Blessing", "Addition", [_ADDED, "Added J/resonator gains [+200/+200]."]),
             _card("TXT-002", "Made-up Sturdy Knight", "Resonator", [], ATK=500, DEF=600)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[x.reason for x in r.lines] for r in res.text_records]
    assert pool.models[pool.index["TXT-020"]].addition == "j_resonator"
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (blessing,) = sc.hand(0, ["TXT-020"])
    (knight,) = sc.field(1, ["TXT-002"])
    sc.will(0, K.Attribute.FIRE, 1)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    for _ in range(12):
        if int(g.state[S.ZONE + blessing * S.CARD_W]) == K.Zone.FIELD:
            break
        _choose_or_pass(g)
    assert int(g.state[S.ZONE + blessing * S.CARD_W]) == K.Zone.FIELD
    assert current_values(g.state, g._T, knight)[0] == 700


def _choose_or_pass(g):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K

    if int(g.state[H_DECISION]) in (K.Decision.CHOOSE_TARGET, K.Decision.CHOOSE_MODE):
        g.step([a for a in g.legal_actions().tolist() if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS][0])
    else:
        g.step(K.PASS)


def test_cr_705_2b_judgment_play_only_if_is_the_judgment_condition():
    r = exact("[Judgment] {2}. Play this ability only if you control three or more Golems.", "ruler",
              races=frozenset({"Golem"}))
    assert r.fields == {"judgment": "{2}", "judgment_condition": {
        "kind": "control_at_least", "value": 3, "filter": {"race": "Golem", "side": "own"}}}
    assert line('[Judgment] {2}. Play this ability only if you control "Made-up A".', "ruler").verdict \
        is Verdict.UNSUPPORTED  # a card name: not compiled here


@pytest.mark.parametrize("stones, legal", [(1, False), (2, True)])
def test_cr_705_2b_judgment_is_legal_only_while_its_condition_holds(tmp_path, stones, legal):
    """"[Judgment] {1}. Play this ability only if you control two or more magic stones.": with one magic stone in its
    controller's field the judgment process is not offered, with two it is."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-010", "Made-up Stone Queen", "Ruler",
                   ["[Judgment] {1}. Play this ability only if you control two or more magic stones."], cost=None),
             _card("TXT-010J", "Made-up Stone Queen, Crowned", "J-Ruler", [], cost=None, ATK=1000, DEF=1000)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[x.reason for x in r.lines] for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.row[S.CARD + K.RULER_SLOT * S.CARD_W] = pool.index["TXT-010"]
    sc.field(0, ["FOW1-079"] * stones)  # a fire magic stone
    sc.will(0, K.Attribute.FIRE, 1)
    assert (K.JUDGMENT in sc.game().legal_actions().tolist()) is legal


# ---- "Rest a recovered J/ruler you control: <effect>." (an activate ability's cost, CR 201.2b, 1013) ----------------
def test_cr_1013_rest_a_recovered_j_ruler_cost_compiles_to_rest_j_ruler():
    r = exact("Rest a recovered J/ruler you control: Draw a card.")
    assert r.abilities == [{"kind": "activate", "cost": {"rest_j_ruler": True}, "effect": [{"op": "draw", "count": 1}]}]
    assert line("[Awakening] Rest a recovered resonator you control.", "chant").verdict is Verdict.UNSUPPORTED


@pytest.mark.parametrize("ruler_rested", [False, True])
def test_cr_1013_an_ability_paid_by_resting_the_j_ruler_rests_the_ruler_not_the_card(tmp_path, ruler_rested):
    """A resonator "Rest a recovered J/ruler you control: Draw a card.": offered only while its controller's ruler is
    recovered; played, it rests the ruler (the resonator stays recovered) and draws a card."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-030", "Made-up Herald", "Resonator", ["Rest a recovered J/ruler you control: Draw a card."],
                   ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert res.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (herald,) = sc.field(0, ["TXT-030"])
    (ruler,) = [int(x) for x in sc.zone(0, K.Zone.RULER_AREA)]
    sc.row[S.RESTED + ruler * S.CARD_W] = int(ruler_rested)
    g = sc.game()
    acts = [a for a in g.legal_actions().tolist() if K.ACTIVATE_BASE <= a < K.JUDGMENT]
    assert bool(acts) is not ruler_rested
    if ruler_rested:
        return
    hand = int(g.state[S.HAND_N])
    g.step(acts[0])
    assert int(g.state[S.RESTED + ruler * S.CARD_W]) == 1 and int(g.state[S.RESTED + herald * S.CARD_W]) == 0
    for _ in range(6):
        if int(g.state[S.HAND_N]) > hand:
            break
        g.step(K.PASS)
    assert int(g.state[S.HAND_N]) == hand + 1


# ---- a chant's "[Awakening] <cost>: <text>" (CR 1109.2: played with the text) -------------------------------------
def test_cr_1109_2_a_chants_awakening_text_is_its_effect_under_awakened():
    r = exact("[Awakening] {R}: Draw a card.", "chant")
    assert r.fields == {"awakening": {"cost": "{R}", "effect": []},
                        "_awakened_effect": [{"op": "if", "condition": _YES, "skip": 1}, {"op": "draw", "count": 1}]}
    assert line("[Awakening] {R}: Destroy target resonator.", "chant").verdict is Verdict.UNSUPPORTED  # a new target


@pytest.mark.parametrize("awaken, drawn", [(False, 1), (True, 3)])
def test_cr_1109_2_an_awakened_chant_performs_its_awakening_text_after_its_own(tmp_path, awaken, drawn):
    """"[Awakening] {R}: Draw two cards." printed before "Draw a card.": one card drawn, three when awakened."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, chant, _ = _awaken_game(tmp_path, ["[Awakening] {R}: Draw two cards.", "Draw a card."])
    assert g.pool.models[g.pool.index["TXT-001"]].effect[0].op == "draw"  # its own effect first
    hand = int(g.state[S.HAND_N])
    g.step(K.AWAKEN_HAND_BASE if awaken else K.PLAY_HAND_BASE)
    _resolve(g, chant)
    assert int(g.state[S.HAND_N]) == hand - 1 + drawn


def test_cr_201_2b_your_ruler_is_a_or_your_j_ruler_is_b_is_ruler_named_of_both():
    """"If your Ruler is "A" or your J-Ruler is "B", you may pay {1} less to play this card.": the ruler slot's card,
    the side up (a ruler's name is its side's), named A or B (Condition.RULER_NAMED with two names)."""
    r = exact('If your Ruler is "Made-up A" or your J-Ruler is "Made-up B", you may pay {1} less to play this card.')
    assert r.abilities[0]["condition"] == {"kind": "ruler_named", "value": "Made-up A", "names": ["Made-up B"]}


def test_cr_1109_2_an_awakening_text_without_the_chants_effect_compiled_is_unsupported(tmp_path):
    """A chant whose own effect does not compile is skipped; its "[Awakening] {R}: Draw a card." is no effect alone."""
    cards = [_card("TXT-001", "Made-up Riddle", "Chant", ["Frobnicate the widget.", "[Awakening] {R}: Draw a card."])]
    res, pool = _imported_pool(tmp_path, cards)
    assert [r.verdict for r in res.text_records[0].lines] == [Verdict.UNSUPPORTED, Verdict.UNSUPPORTED]
    assert "TXT-001" not in pool.index


def test_cr_1403_a_race_with_a_number_is_read_as_a_race():
    """"Squad 7" (a race of the list): "for each Squad 7 resonator you control" in a [Judgment] reduction."""
    r = line("[Judgment] {7}. You may pay {1} less to play this ability for each Squad 7 resonator you control.",
             "ruler", races=frozenset({"Squad 7"}))
    assert r.verdict is Verdict.EXACT  # since session 23 (the reduction is asked: test_fow_card_text_s23a)
    assert r.abilities[0]["effect"][0]["per"] == {"count": "field", "filter": {
        "race": "Squad 7", "type": ["resonator"], "side": "own"}}
