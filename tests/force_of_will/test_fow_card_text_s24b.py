"""Force of Will card text, session 24 (branch s24-fowb): what a card costs and when it may be played - [Mastery]
"<name>" (an alternative cost, its reminder: not in CR 8.01; played as [Incarnation]'s, CR 1110.2) and "Play this card
or its abilities only if <condition>." (CR 905, 906.5, 907). Lines are made up in the game's template language. Rule
numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from test_fow_card_text import _imported_pool, exact, line

_MASTERY = '[Mastery] "Made-up Sage" (You may rest a recovered card named "Made-up Sage" you control rather than pay ' \
           "this card's cost.)"
_ONLY = 'Play this card or its abilities only if you control a J/ruler named "Made-up Sage".'


def _card(number, name, ctype, abilities, cost="{R}", **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": ["R"], "abilities": abilities,
            "race": ["Knight"], "ATK": 100, "DEF": 100, **kw}


def _ruler(number, name):
    return {"id": number, "name": name, "type": ["Ruler"], "cost": None, "colour": ["R"], "abilities": []}


def _verdicts(res):
    return {r.number: [(x.verdict, x.approximations) for x in r.lines] for r in res.text_records}


def _field_pos(g, slot, p=0):
    from tcg_env.engine.zones import zone_list

    return list(zone_list(g.state, S.ZONES, K.Zone.FIELD, p)).index(slot)


def assert_gate(pool, ruler, allowed):
    """With ``ruler`` as the J/ruler, TXT-002 in the hand and one on the field: both its play and its activate ability
    are offered exactly when ``allowed`` (a play gate on the card and its abilities)."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.row[S.CARD + K.RULER_SLOT * S.CARD_W] = pool.index[ruler]
    sc.will(0, K.Attribute.FIRE)
    sc.put(0, "TXT-002", K.Zone.HAND)
    (slot,) = sc.field(0, ["TXT-002"])
    g = sc.game()
    legal = g.legal_actions().tolist()
    assert (K.PLAY_HAND_BASE in legal) is allowed
    assert (K.ACTIVATE_BASE + _field_pos(g, slot) * K.ABILITIES_PER_CARD in legal) is allowed


# ---- [Mastery] "<name>" -----------------------------------------------------------------------------------------------
def test_mastery_compiles_to_the_mastery_field_with_its_reminder_dropped():
    assert exact(_MASTERY).fields == {"mastery": {"name": "Made-up Sage"}}
    assert exact('[Mastery] "Made-up Sage"', "addition").fields == {"mastery": {"name": "Made-up Sage"}}
    assert exact('[Mastery] "Made-up Sage"', "chant").fields == {"mastery": {"name": "Made-up Sage"}}


@pytest.mark.parametrize("ctype", ["ruler", "j_ruler", "magic_stone", "rune"])
def test_mastery_is_unsupported_on_a_card_not_played_from_the_hand(ctype):
    assert line(_MASTERY, ctype).verdict is Verdict.UNSUPPORTED


@pytest.fixture(scope="module")
def mastery_pool(tmp_path_factory):
    cards = [_ruler("TXT-001", "Made-up Sage"),
             _card("TXT-002", "Made-up Disciple", "Resonator", [_MASTERY], cost="{R}{R}{3}", ATK=900, DEF=900),
             _card("TXT-003", "Made-up Squire", "Resonator", [], ATK=100, DEF=100),
             _card("TXT-004", "Made-up Page", "Resonator", ['[Mastery] "Made-up Squire"'], cost="{R}{2}"),
             _ruler("TXT-005", "Made-up Fool")]
    res, pool = _imported_pool(tmp_path_factory.mktemp("mastery"), cards)
    return res, pool


def test_cards_show_says_a_card_has_mastery(mastery_pool):
    """``tcg cards show`` lists [Mastery] (a card field: no ability row shows it) beside the card's other fields."""
    from tcg_env.cli import _card_lines as card_lines

    pool = mastery_pool[1]
    shown = "\n".join(card_lines("force_of_will", pool, pool.index["TXT-002"]))
    assert '[Mastery]: may rest a recovered "Made-up Sage" you control instead of paying its cost' in shown
    assert "[Mastery]" not in "\n".join(card_lines("force_of_will", pool, pool.index["TXT-003"]))


def test_mastery_of_a_rulers_name_is_exact_of_another_cards_approximate(mastery_pool):
    """A player has one J/ruler: the card rested is never a choice. A resonator's name may be on several cards of the
    field: the first is rested (mastery_rests_first)."""
    v = _verdicts(mastery_pool[0])
    assert v["TXT-002"] == [(Verdict.EXACT, ())]
    assert v["TXT-004"] == [(Verdict.APPROXIMATE, ("mastery_rests_first",))]


def _mastery_game(pool, ruler, rested=False, will=0):
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.row[S.CARD + K.RULER_SLOT * S.CARD_W] = pool.index[ruler]
    sc.row[S.RESTED + K.RULER_SLOT * S.CARD_W] = int(rested)
    sc.will(0, K.Attribute.FIRE, will)
    hand = sc.put(0, "TXT-002", K.Zone.HAND)
    return sc.game(), hand


@pytest.mark.parametrize("ruler, rested, offered", [("TXT-001", False, True), ("TXT-001", True, False),
                                                      ("TXT-005", False, False)])
def test_mastery_is_offered_while_a_recovered_card_of_that_name_is_controlled(mastery_pool, ruler, rested, offered):
    """The INCARNATE action of the hand card: its ruler named "Made-up Sage" recovered (CR 105.3: a ruler in its ruler
    area is controlled); not while it is rested, nor with another ruler; with no will the card is not played normally."""
    g, _ = _mastery_game(mastery_pool[1], ruler, rested)
    legal = g.legal_actions().tolist()
    assert (K.INCARNATE_HAND_BASE in legal) is offered
    assert K.PLAY_HAND_BASE not in legal


def test_mastery_rests_the_named_card_instead_of_paying_the_cost(mastery_pool):
    """Played by [Mastery]: the ruler is rested, no will is paid, and the resonator enters the field as it resolves."""
    from test_fow_card_text import _drive

    pool = mastery_pool[1]
    g, hand = _mastery_game(pool, "TXT-001", will=2)
    assert '[Mastery] (rest a recovered card named "Made-up Sage"' in g.describe_action(K.INCARNATE_HAND_BASE)
    g.step(K.INCARNATE_HAND_BASE)
    assert int(g.state[S.RESTED + K.RULER_SLOT * S.CARD_W]) == 1
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == 2  # the cost not paid

    def resolved(g):
        return int(g.state[S.ZONE + hand * S.CARD_W]) == K.Zone.FIELD

    _drive(g, resolved)
    assert resolved(g)


# ---- "Play this card or its abilities only if <condition>." ----------------------------------------------------------
def test_play_or_abilities_only_if_sets_the_play_condition_and_the_abilities_condition():
    r = exact(_ONLY)
    cond = {"kind": "ruler_named", "value": "Made-up Sage"}
    assert r.fields == {"play_condition": cond, "_abilities_condition": cond}
    assert exact(_ONLY, "ruler").fields == {"_abilities_condition": cond}  # a ruler is not played from the hand
    assert line("Play this card or its abilities only if you have no cards in your hand.").verdict is Verdict.UNSUPPORTED


@pytest.fixture(scope="module")
def only_pool(tmp_path_factory):
    cards = [_ruler("TXT-001", "Made-up Sage"), _ruler("TXT-005", "Made-up Fool"),
             _card("TXT-002", "Made-up Acolyte", "Resonator", [_ONLY, "{Rest}: Draw a card."]),
             _card("TXT-003", "Made-up Herald", "Resonator", [_ONLY, "[Enter] >>> Draw a card."]),
             _card("TXT-004", "Made-up Zealot", "Resonator", [
                 _ONLY, "{Rest}: Draw a card. Play this ability only during your turn."])]
    res, pool = _imported_pool(tmp_path_factory.mktemp("only"), cards)
    return res, pool


def test_play_or_abilities_only_if_verdicts(only_pool):
    """Exact with activate abilities (checked as they are offered); approximate with an automatic one (checked as it
    triggers, play_only_if_at_trigger); unsupported where an ability has a condition of its own."""
    res, pool = only_pool
    v = _verdicts(res)
    assert v["TXT-002"] == [(Verdict.EXACT, ()), (Verdict.EXACT, ())]
    assert v["TXT-003"][0] == (Verdict.APPROXIMATE, ("play_only_if_at_trigger",))
    assert v["TXT-004"][0][0] is Verdict.UNSUPPORTED
    card = {c.number: c for c in res}["TXT-002"]
    assert all(ab.condition is not None and ab.condition.kind == "ruler_named" for ab in card.abilities)


@pytest.mark.parametrize("ruler, allowed", [("TXT-001", True), ("TXT-005", False)])
def test_play_or_abilities_only_if_gates_the_card_and_its_activate_ability(only_pool, ruler, allowed):

    pool = only_pool[1]
    assert_gate(pool, ruler, allowed)


# ---- "rest a recovered card named "<name>" you control" as a cost (CR 1013) ------------------------------------------
def test_rest_a_recovered_card_named_is_a_cost_of_abilities_and_awakening():
    r = exact('Rest a recovered card named "Made-up Sage" you control: Draw a card.')
    assert r.abilities[0]["cost"] == {"rest_named": "Made-up Sage"}
    r = exact('[Awakening] {R}{1}, rest a recovered card named "Made-up Sage" you control.', "chant")
    assert r.fields["awakening"] == {"cost": "{R}{1}", "rest_named": "Made-up Sage", "effect": []}
    r = exact('[Awakening] Rest a recovered "Made-up Sage" you control: [Enter] >>> Draw a card.')
    assert r.fields["awakening"]["rest_named"] == "Made-up Sage"
    # the other wording of [Mastery]
    assert exact('You may rest a recovered "Made-up Sage" you control rather than pay this card\'s cost.').fields == {
        "mastery": {"name": "Made-up Sage"}}


@pytest.fixture(scope="module")
def rest_pool(tmp_path_factory):
    cards = [_ruler("TXT-001", "Made-up Sage"), _ruler("TXT-005", "Made-up Fool"),
             _card("TXT-002", "Made-up Adept", "Resonator", ['Rest a recovered card named "Made-up Sage" you control: '
                                                             'Draw a card.']),
             _card("TXT-003", "Made-up Study", "Chant", [
                 '[Awakening] {R}, rest a recovered card named "Made-up Sage" you control.', "Draw a card."])]
    res, pool = _imported_pool(tmp_path_factory.mktemp("rest"), cards)
    assert all(x.verdict is Verdict.EXACT for r in res.text_records for x in r.lines), _verdicts(res)
    return pool


@pytest.mark.parametrize("ruler, rested, offered", [("TXT-001", False, True), ("TXT-001", True, False),
                                                      ("TXT-005", False, False)])
def test_rest_named_cost_offers_the_ability_and_awakening_only_while_that_card_is_recovered(rest_pool, ruler, rested,
                                                                                            offered):
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(rest_pool, turn_player=0, seed=1)
    sc.row[S.CARD + K.RULER_SLOT * S.CARD_W] = rest_pool.index[ruler]
    sc.row[S.RESTED + K.RULER_SLOT * S.CARD_W] = int(rested)
    sc.will(0, K.Attribute.FIRE, 3)
    sc.put(0, "TXT-003", K.Zone.HAND)
    (slot,) = sc.field(0, ["TXT-002"])
    g = sc.game()
    legal = g.legal_actions().tolist()
    act = K.ACTIVATE_BASE + _field_pos(g, slot) * K.ABILITIES_PER_CARD
    assert (act in legal) is offered
    assert (K.AWAKEN_HAND_BASE in legal) is offered
    assert K.PLAY_HAND_BASE in legal  # the chant without [Awakening]
    if offered:
        g.step(act)
        assert int(g.state[S.RESTED + K.RULER_SLOT * S.CARD_W]) == 1
        assert int(g.state[S.RESTED + slot * S.CARD_W]) == 0  # the card itself is not rested


def test_awakening_rests_the_named_card_and_pays_its_will(rest_pool):
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(rest_pool, turn_player=0, seed=1)
    sc.row[S.CARD + K.RULER_SLOT * S.CARD_W] = rest_pool.index["TXT-001"]
    sc.will(0, K.Attribute.FIRE, 3)
    sc.put(0, "TXT-003", K.Zone.HAND)
    g = sc.game()
    g.step(K.AWAKEN_HAND_BASE)
    assert int(g.state[S.RESTED + K.RULER_SLOT * S.CARD_W]) == 1
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == 1  # {R} and the [Awakening]'s {R}


# ---- "you control a <attribute / race / recovered / rested> J/ruler" (CR 201.2b) ---------------------------------------
@pytest.mark.parametrize("cond, kind, flt", [
    ("you control a Knight J/ruler", "ruler_matches", {"race": "Knight"}),
    ("you control a recovered J/ruler", "ruler_matches", {"state": "recovered"}),
    ("you don't control a rested J/ruler", "ruler_matches_none", {"state": "rested"}),
    ("you control a fire J/ruler", "ruler_matches", {"attribute": ["fire"]}),
])
def test_cr_201_2b_a_j_ruler_condition_reads_the_ruler_slot(cond, kind, flt):
    r = exact(f"This card gains [+200/+200] as long as {cond}.", races=frozenset(["Knight"]))
    assert r.abilities[0]["condition"] == {"kind": kind, "value": 1, "filter": {**flt, "side": "own"}}


@pytest.mark.parametrize("cond", ["you control two or more J/rulers", "you control another J/ruler"])
def test_a_j_ruler_count_or_another_stays_unsupported(cond):
    assert line(f"This card gains [+200/+200] as long as {cond}.").verdict is Verdict.UNSUPPORTED


@pytest.fixture(scope="module")
def ruler_pool(tmp_path_factory):
    cards = [{**_ruler("TXT-001", "Made-up Sage"), "race": ["Knight"]}, {**_ruler("TXT-005", "Made-up Fool"),
                                                                          "colour": ["U"], "race": []},
             _card("TXT-002", "Made-up Squire", "Resonator", [
                 "This card gains [+200/+200] as long as you control a fire Knight J/ruler."]),
             _card("TXT-003", "Made-up Guard", "Resonator", [
                 "This card gains [+300/+300] as long as you don't control a rested J/ruler."])]
    res, pool = _imported_pool(tmp_path_factory.mktemp("ruler"), cards)
    assert all(x.verdict is Verdict.EXACT for r in res.text_records for x in r.lines), _verdicts(res)
    return pool


@pytest.mark.parametrize("ruler, rested, squire, guard", [("TXT-001", False, 300, 400), ("TXT-001", True, 300, 100),
                                                          ("TXT-005", False, 100, 400)])
def test_cr_201_2b_the_j_ruler_in_its_ruler_area_matches_by_attribute_race_and_state(ruler_pool, ruler, rested, squire,
                                                                                      guard):
    from fow_tables import current_values
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(ruler_pool, turn_player=0, seed=1)
    sc.row[S.CARD + K.RULER_SLOT * S.CARD_W] = ruler_pool.index[ruler]
    sc.row[S.RESTED + K.RULER_SLOT * S.CARD_W] = int(rested)
    a, b = sc.field(0, ["TXT-002", "TXT-003"])
    g = sc.game()
    assert int(current_values(g.state, g._T, a)[0]) == squire
    assert int(current_values(g.state, g._T, b)[0]) == guard
