"""Force of Will card text, session 24 (branch s24-fowd): [Force Resonance] <X> and [Force Command] <X> (not in CR 8.01:
read by their reminders, "This card gains the following text in all zones as long as you control [Force Command] <X>"
and "Apply all [Force Resonance] <X> abilities of cards you control in all zones"), and will abilities producing "two
wills in any combination of ..." (CR 907.5, 208.1). Lines are made up in the game's template language. Rule numbers:
CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line
from test_fow_card_text_s13 import _res, _will
from test_fow_card_text_s17 import _atk
from test_fow_card_text_s21a import _card, _play, _scenario

_FR = "[Force Resonance] <Chaos> (This card gains the following text in all zones as long as you control [Force Command] <Chaos>.)"
_FC = "[Force Command] <Chaos> (Apply all [Force Resonance] <Chaos> abilities of cards you control in all zones.)"


def _import(tmp_path, cards):
    """The made-up cards imported (their text records by name, their cards by number) and the pool with them."""
    res, pool = _imported_pool(tmp_path, cards)
    return {r.name: r for r in res.text_records}, {c.number: c for c in res}, pool


# ---- [Force Command] <X>, [Force Resonance] <X>: what they compile to -------------------------------------------------
def test_force_command_is_a_card_field_and_force_resonance_gates_the_lines_below(tmp_path):
    recs, cards, _ = _import(tmp_path, [
        _res(1, [_FC]),
        _res(2, ["[Flying]", _FR, "J/resonators you control gain [+200/+200].", "{Rest}: Draw a card."]),
        _res(3, ["[Force Resonance] <Chaos> Whenever this card attacks => Draw a card."]),
    ])
    assert all(r.verdict is Verdict.EXACT for r in recs.values()), {n: [x.reason for x in r.lines] for n, r in recs.items()}
    assert cards["TXT-001"].force_command == ["chaos"]
    cond = {"kind": "force_command", "value": "chaos"}
    two = cards["TXT-002"]
    assert two.keywords == ["flying"]  # the line above [Force Resonance] is the card's own
    assert [(a.kind, a.condition.model_dump(exclude_defaults=True)) for a in two.abilities] == [
        ("continuous", cond), ("activate", cond)]
    (auto,) = cards["TXT-003"].abilities  # the text after [Force Resonance] <X> on its own line
    assert auto.kind == "automatic" and auto.condition.model_dump(exclude_defaults=True) == cond


def test_force_resonance_text_that_cannot_be_gated_is_unsupported(tmp_path):
    recs, _, _ = _import(tmp_path, [
        _res(1, [_FR, "[Flying]"]),  # a card field: no condition on it
        _res(2, [_FR, "{Rest}: Draw a card. Play this ability only during your turn."]),  # a condition of its own
        _res(3, ["[Force Resonance] <Made-up> Draw a card."]),  # no such [Force Command]
        _card("TXT-004", "Made-up Chant", "Chant", ["Draw a card.", _FR, "Destroy target resonator."]),  # a target
        _card("TXT-005", "Made-up Other", "Chant", ["Draw a card.", _FR, "Draw two cards instead."]),
    ])
    for name, r in recs.items():
        assert r.lines[-1].verdict is Verdict.UNSUPPORTED, name
    assert recs["Made-up Card 1"].lines[0].verdict is Verdict.EXACT  # the [Force Resonance] line itself


def test_force_resonance_in_a_chant_is_an_if_after_its_own_effect(tmp_path):
    _, cards, _ = _import(tmp_path, [_card("TXT-001", "Made-up Chant", "Chant", ["Draw a card.", _FR, "Draw a card."])])
    eff = cards["TXT-001"].effect
    assert [op.op for op in eff] == ["draw", "if", "draw"]
    assert eff[1].condition.model_dump(exclude_defaults=True) == {"kind": "force_command", "value": "chaos"}
    assert eff[1].skip == 1


def test_force_resonance_quickcast_is_the_cards_own_hand_aura_and_a_chant_text_without_targets_merges(tmp_path):
    recs, cards, _ = _import(tmp_path, [
        _card("TXT-001", "Made-up Chant", "Chant", ["Destroy target resonator.", _FR, "[Quickcast]",
                                                    "Destroy all additions."]),
        # the gained text of a record printed in one entry below its header: one line each
        _card("TXT-002", "Made-up Entry", "Chant", ["Draw a card.", _FR + "\nDraw a card.\nDraw a card."]),
    ])
    assert all(r.verdict is Verdict.EXACT for r in recs.values()), {n: [x.reason for x in r.lines] for n, r in recs.items()}
    one = cards["TXT-001"]
    (aura,) = one.abilities
    assert aura.kind == "continuous" and aura.condition.kind == "force_command"
    assert aura.effect[0].op == "aura_keyword" and aura.effect[0].filter.self_only and aura.effect[0].filter.zone == "hand"
    # the target first (CR 903.2g), then the effect, then the IF and its select_all on a register of its own
    assert [op.op for op in one.effect] == ["choose", "destroy", "if", "select_all", "destroy"]
    assert one.effect[3].reg == one.effect[4].reg == 1 and one.effect[2].skip == 2
    assert [op.op for op in cards["TXT-002"].effect] == ["draw", "if", "draw", "if", "draw"]
    assert len(recs["Made-up Entry"].lines) == 4


def test_force_resonance_magic_stone_will_is_a_will_ability_under_the_condition(tmp_path):
    stone = {"id": "TXT-001", "name": "Made-up Stone", "type": ["Magic Stone"],
             "abilities": ["{Rest}: Produce {R}.", _FR, "{Rest}: Produce {B}."]}
    recs, cards, _ = _import(tmp_path, [stone])
    assert recs["Made-up Stone"].verdict is Verdict.EXACT
    one = cards["TXT-001"]
    assert one.will == ["fire"]  # its own will field: the line above the header
    (ab,) = one.abilities
    assert ab.kind == "will" and ab.condition.kind == "force_command" and ab.effect[0].will == "darkness"


# ---- in play ----------------------------------------------------------------------------------------------------------
def test_force_resonance_continuous_ability_applies_only_while_you_control_force_command(tmp_path):
    """A resonator's "[Force Resonance] <Chaos>" aura ("J/resonators you control gain [+200/+200].") applies while its
    controller controls a card with [Force Command] <Chaos> (here a resonator); not with <Faith>, nor the opponent's."""
    _, _, pool = _import(tmp_path, [
        _res(1, [_FR, "J/resonators you control gain [+200/+200]."], atk=300),
        _res(2, [_FC]), _res(3, [_FC.replace("Chaos", "Faith")]),
    ])
    sc = _scenario(pool)
    (a,) = sc.field(0, ["TXT-001"])
    sc.field(1, ["TXT-002"])  # the opponent's [Force Command] <Chaos>: not yours
    sc.field(0, ["TXT-003"])  # another tag
    assert _atk(sc.game(), a) == 300
    sc.field(0, ["TXT-002"])
    assert _atk(sc.game(), a) == 500


def test_force_resonance_chant_text_resolves_only_with_force_command(tmp_path):
    """A chant's "[Force Resonance] <Chaos>" text ("Draw a card.") is done as the chant resolves only while its
    controller controls a card with [Force Command] <Chaos>; its own effect always."""
    from tcg_env.games.force_of_will import state as S

    _, _, pool = _import(tmp_path, [_card("TXT-001", "Made-up Chant", "Chant", ["Draw a card.", _FR, "Draw a card."]),
                                    _res(2, [_FC])])
    for command, drawn in ((False, 1), (True, 2)):
        sc = _scenario(pool)
        if command:
            sc.field(0, ["TXT-002"])
        (chant,) = [sc.put(0, "TXT-001", "hand")]
        g = sc.game()
        hand = int(g.state[S.HAND_N])
        _play(g, sc, chant)
        assert int(g.state[S.HAND_N]) == hand - 1 + drawn, command


def test_force_command_on_the_ruler_in_its_ruler_area_counts(tmp_path):
    """[Force Command] on a ruler (its usual place): the ruler in its ruler area is controlled (CR 105.3)."""
    from tcg_env.games.force_of_will import state as S

    ruler = {"id": "TXT-009", "name": "Made-up Commander", "type": ["Ruler"], "colour": ["R"], "abilities": [_FC]}
    _, cards, pool = _import(tmp_path, [_res(1, [_FR, "J/resonators you control gain [+200/+200]."], atk=300), ruler])
    assert cards["TXT-009"].force_command == ["chaos"]
    sc = _scenario(pool)
    (a,) = sc.field(0, ["TXT-001"])
    assert _atk(sc.game(), a) == 300
    r = [s for s in sc.zone(0, "ruler_area")]
    assert r, "the scenario's ruler"
    sc.row[S.CARD + r[0] * S.CARD_W] = sc.card_id("TXT-009")
    assert _atk(sc.game(), a) == 500


# ---- "two wills in any combination of ..." (CR 907.5) ---------------------------------------------------------------
def test_cr_907_5_two_wills_in_any_combination_compiles_to_a_mode_per_pair():
    (ab,) = exact("{Rest}: Produce two wills in any combination of {R} and/or {B}.").abilities
    assert ab["kind"] == "will" and ab["effect"][0]["op"] == "select_mode"
    assert ab["effect"][0]["modes"] == [
        [{"op": "produce_will", "will": "fire", "count": 2}],
        [{"op": "produce_will", "will": "fire"}, {"op": "produce_will", "will": "darkness"}],
        [{"op": "produce_will", "will": "darkness", "count": 2}]]
    (ab,) = exact("{Rest}: Produce two wills in any combination of attributes.", "regalia").abilities
    assert len(ab["effect"][0]["modes"]) == 15  # 5 pairs of one attribute, 10 of two (CR 208.1)
    r = exact("Banish this card: Produce two wills in any combination of attributes. Spend this will only to play "
              "Dragons.", "resonator", races=frozenset({"Dragon"}))
    assert all(o.get("spend") for m in r.abilities[0]["effect"][0]["modes"] for o in m)
    # an automatic ability's choice of will is made as it resolves (session 32: produce_will choose, each chosen then)
    assert line("[Enter] => Produce two wills in any combination of attributes.").abilities[0]["effect"][0]["choose"]


@pytest.mark.parametrize("option, fire, dark", [(0, 2, 0), (1, 1, 1), (2, 0, 2)])
def test_cr_907_5_two_wills_will_ability_puts_the_chosen_pair_in_the_pool(tmp_path, option, fire, dark):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    recs, _, pool = _import(tmp_path, [_res(1, ["{Rest}: Produce two wills in any combination of {R} and/or {B}."])])
    assert recs["Made-up Card 1"].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (a,) = sc.field(0, ["TXT-001"])
    g = sc.game()
    before = [_will(g, 0, k) for k in K.Attribute]
    g.step(K.ACTIVATE_BASE + sc.zone(0, "field").index(a) * K.ABILITIES_PER_CARD)
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_MODE
    legal = g.legal_actions().tolist()
    assert [K.OPTION_BASE + k in legal for k in range(4)] == [True, True, True, False]
    g.step(K.OPTION_BASE + option)
    assert int(g.state[H_DECISION]) == K.Decision.PRIORITY and int(g.state[S.CHASE_N]) == 0  # CR 907.3: no chase
    after = [_will(g, 0, k) for k in K.Attribute]
    assert after[int(K.Attribute.FIRE)] - before[int(K.Attribute.FIRE)] == fire
    assert after[int(K.Attribute.DARKNESS)] - before[int(K.Attribute.DARKNESS)] == dark
    assert sum(after) == sum(before) + 2


# ---- a will ability paid with a chosen card (CR 907, 903.2j) -----------------------------------------------------------
def test_cr_903_2j_will_ability_paid_with_a_chosen_card_compiles_with_the_choice_first():
    r = exact("Rest a recovered magic stone you control: Produce {G} or {B}. Play this ability only once per turn.")
    (ab,) = r.abilities  # one ability (one once-per-turn use), a choice of wills: a mode each
    assert ab["kind"] == "will" and ab["cost"] == {"pay_chosen": "rest"} and ab["once"] == "turn"
    modes = ab["effect"][0]["modes"]
    assert [[op["op"] for op in m] for m in modes] == [["choose", "produce_will"]] * 2
    assert modes[0][0]["filter"] == {"state": "recovered", "type": ["magic_stone"], "side": "own"}
    (ab,) = exact("Banish another resonator: Produce {B}{B}.").abilities
    assert ab["cost"] == {"pay_chosen": "banish"} and [op["op"] for op in ab["effect"]] == ["choose", "produce_will"]


def test_cr_903_2j_will_ability_rests_the_chosen_stone_and_produces_the_chosen_will(tmp_path):
    """"Rest a recovered magic stone you control: Produce {G} or {B}. Play this ability only once per turn.": played,
    the will is chosen (CHOOSE_MODE), then the stone (CHOOSE_TARGET among the recovered ones), which is rested; the will
    is in the pool at once (CR 907.3, no chase); once per turn. Without a recovered stone it is not offered."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    stone = {"id": "TXT-002", "name": "Made-up Stone", "type": ["Magic Stone"], "abilities": ["{Rest}: Produce {R}."]}
    recs, _, pool = _import(tmp_path, [
        _res(1, ["Rest a recovered magic stone you control: Produce {G} or {B}. Play this ability only once per turn."]),
        stone])
    assert all(r.verdict is Verdict.EXACT for r in recs.values()), {n: [x.reason for x in r.lines] for n, r in recs.items()}
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (a,) = sc.field(0, ["TXT-001"])
    tapped, = sc.field(0, ["TXT-002"], rested=True)
    act = K.ACTIVATE_BASE + sc.zone(0, "field").index(a) * K.ABILITIES_PER_CARD
    assert act not in sc.game().legal_actions().tolist()  # no recovered stone to rest (CR 903.2j)
    other, st = sc.field(0, ["TXT-002", "TXT-002"])
    g = sc.game()
    assert act in g.legal_actions().tolist()
    before = [_will(g, 0, k) for k in K.Attribute]
    g.step(act)
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_MODE
    g.step(K.OPTION_BASE + 1)  # darkness
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET
    cands = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
    assert sorted(cands) == sorted([other, st])  # the recovered stones only
    g.step(K.OPTION_BASE + cands.index(st))
    assert int(g.state[H_DECISION]) == K.Decision.PRIORITY and int(g.state[S.CHASE_N]) == 0
    assert int(g.state[S.RESTED + st * S.CARD_W]) == 1 and int(g.state[S.RESTED + a * S.CARD_W]) == 0
    assert int(g.state[S.RESTED + other * S.CARD_W]) == 0
    after = [_will(g, 0, k) for k in K.Attribute]
    assert after[int(K.Attribute.DARKNESS)] == before[int(K.Attribute.DARKNESS)] + 1 and sum(after) == sum(before) + 1
    sc2 = Scenario(g)
    sc2.row[S.RESTED + st * S.CARD_W] = 0  # recovered stones: still once per turn
    assert act not in sc2.game().legal_actions().tolist()


def test_cr_903_2j_remove_cards_in_your_graveyard_as_a_cost_compiles():
    r = exact("Remove two resonators in your graveyard from the game: This card gains [+400/+400] until end of turn.")
    (ab,) = r.abilities
    assert ab["kind"] == "activate" and ab["cost"]["pay_chosen"] == "remove"
    ch = ab["effect"][0]
    assert ch["op"] == "choose" and ch["count"] == 2 and ch["filter"] == {"type": ["resonator"], "zone": "graveyard",
                                                                          "side": "own"}
    (ab,) = exact("{Rest}, remove a fire card in your graveyard from the game: Produce {R}.").abilities
    assert ab["kind"] == "will" and ab["effect"][0]["filter"] == {"attribute": ["fire"], "zone": "graveyard",
                                                                  "side": "own"}
    # a chant's additional cost of it is not compiled here; four cards neither
    assert line("As an additional cost to play this card, remove a resonator in your graveyard from the game.",
                "chant").verdict is Verdict.UNSUPPORTED
    assert line("Remove four cards in your graveyard from the game: Draw a card.").verdict is Verdict.UNSUPPORTED


def test_cr_903_2j_removed_cards_are_chosen_from_your_graveyard_and_leave_it(tmp_path):
    """"Remove two resonators in your graveyard from the game: This card gains [+400/+400] until end of turn.": offered
    only with two resonators in its controller's graveyard; the two chosen (CHOOSE_TARGET, the graveyard's resonators)
    go to the removed area as it is played (CR 903.2j, 1004.1), before it resolves."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    recs, _, pool = _import(tmp_path, [
        _res(1, ["Remove two resonators in your graveyard from the game: This card gains [+400/+400] until end of turn."],
             atk=300),
        _res(2, []), _card("TXT-003", "Made-up Chant", "Chant", ["Draw a card."])])
    assert all(r.verdict is Verdict.EXACT for r in recs.values()), {n: [x.reason for x in r.lines] for n, r in recs.items()}
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (a,) = sc.field(0, ["TXT-001"])
    g1 = sc.put(0, "TXT-002", "graveyard")
    sc.put(0, "TXT-003", "graveyard")  # not a resonator
    sc.put(1, "TXT-002", "graveyard")  # the opponent's
    act = K.ACTIVATE_BASE + sc.zone(0, "field").index(a) * K.ABILITIES_PER_CARD
    assert act not in sc.game().legal_actions().tolist()  # one resonator in your graveyard: not payable
    g2 = sc.put(0, "TXT-002", "graveyard")
    g = sc.game()
    g.step(act)
    picked = []
    for _ in range(2):
        assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET
        cands = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
        assert set(cands) <= {g1, g2} and cands
        picked.append(cands[0])
        g.step(K.OPTION_BASE)
    assert sorted(picked) == sorted([g1, g2])
    assert [int(g.state[S.ZONE + x * S.CARD_W]) for x in (g1, g2)] == [K.Zone.REMOVED] * 2  # paid as it is played
    assert int(g.state[S.CHASE_N]) == 1
    g.step(K.PASS)
    g.step(K.PASS)
    assert int(g.state[S.CHASE_N]) == 0 and _atk(g, a) == 700


def test_cr_907_will_ability_paid_by_removing_a_card_of_your_graveyard(tmp_path):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    recs, _, pool = _import(tmp_path, [
        _res(1, ["Remove a resonator in your graveyard from the game: Produce {G}. Play this ability only once per turn."]),
        _res(2, [])])
    assert all(r.verdict is Verdict.EXACT for r in recs.values()), {n: [x.reason for x in r.lines] for n, r in recs.items()}
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (a,) = sc.field(0, ["TXT-001"])
    act = K.ACTIVATE_BASE + sc.zone(0, "field").index(a) * K.ABILITIES_PER_CARD
    assert act not in sc.game().legal_actions().tolist()
    gy = sc.put(0, "TXT-002", "graveyard")
    g = sc.game()
    wind = _will(g, 0, K.Attribute.WIND)
    g.step(act)
    if int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:
        assert [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))] == [gy]
        g.step(K.OPTION_BASE)
    assert int(g.state[H_DECISION]) == K.Decision.PRIORITY and int(g.state[S.CHASE_N]) == 0
    assert _will(g, 0, K.Attribute.WIND) == wind + 1 and int(g.state[S.ZONE + gy * S.CARD_W]) == K.Zone.REMOVED


def test_cr_903_2j_two_or_three_cards_rested_or_banished_as_a_cost_compile():
    (ab,) = exact("{Rest}, banish two other resonators: Destroy target resonator.").abilities
    assert ab["cost"] == {"rest": True, "pay_chosen": "banish", "pay_reg": 1}
    assert ab["effect"][1] == {"op": "choose", "filter": {"exclude_self": True, "type": ["resonator"], "side": "own"},
                               "count": 2, "reg": 1}
    (ab,) = exact("Rest three recovered resonators you control: Draw a card.").abilities
    assert ab["effect"][0]["count"] == 3 and ab["effect"][0]["filter"]["state"] == "recovered"
    # session 29: up to five (test_fow_card_text_s29m); six stay unsupported
    assert line("Rest six recovered resonators you control: Draw a card.").verdict is Verdict.UNSUPPORTED


def test_cr_903_2j_will_ability_rests_two_chosen_cards(tmp_path):
    """"Rest two recovered Elves you control: Produce {G}.": offered only with two recovered Elves; both chosen cards
    are rested as the will is produced (CR 903.2j, 907.3)."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    elf = {"id": "TXT-002", "name": "Made-up Elf", "type": ["Resonator"], "race": ["Elf"], "cost": "{G}",
           "colour": ["G"], "ATK": 100, "DEF": 100, "abilities": []}
    recs, _, pool = _import(tmp_path, [_res(1, ["Rest two recovered Elves you control: Produce {G}."]), elf])
    assert all(r.verdict is Verdict.EXACT for r in recs.values()), {n: [x.reason for x in r.lines] for n, r in recs.items()}
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (a,) = sc.field(0, ["TXT-001"])
    e1, = sc.field(0, ["TXT-002"])
    sc.field(0, ["TXT-002"], rested=True)
    act = K.ACTIVATE_BASE + sc.zone(0, "field").index(a) * K.ABILITIES_PER_CARD
    assert act not in sc.game().legal_actions().tolist()  # one recovered Elf
    e2, = sc.field(0, ["TXT-002"])
    g = sc.game()
    wind = _will(g, 0, K.Attribute.WIND)
    g.step(act)
    for _ in range(2):
        assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET
        g.step(K.OPTION_BASE)
    assert int(g.state[H_DECISION]) == K.Decision.PRIORITY and _will(g, 0, K.Attribute.WIND) == wind + 1
    assert [int(g.state[S.RESTED + x * S.CARD_W]) for x in (e1, e2, a)] == [1, 1, 0]
