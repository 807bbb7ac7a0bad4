"""Force of Will card text, session 18 (branch s18-fowa): keyword abilities of CR 8.01's section 1100 that real
cards print and the compiler did not read. Lines are made up in the game's template language. Rule numbers: CR 8.01
(``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line


def _card(number, name, ctype, abilities, cost="{R}", colour="R", **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": [colour], "abilities": abilities, **kw}


def _atk(g, slot):
    from fow_tables import current_values

    return current_values(g.state, g._T, slot)[0]


# ---- [Crest] (CR 1131) ------------------------------------------------------------------------------------------
_CRESTS = frozenset({"Magic Crest"})


@pytest.mark.parametrize("sym, attribute", [("{W}", "light"), ("{R}", "fire"), ("{U}", "water"), ("{G}", "wind"),
                                            ("{B}", "darkness")])
def test_cr_1131_2_crest_gives_the_text_while_you_control_a_magic_crest_of_the_attribute(sym, attribute):
    r = exact(f"[Crest] {sym} (This card gains the following text as long as you control a {attribute} Magic Crest.)"
              " - When this card enters the field => Draw a card.", races=_CRESTS)
    assert r.abilities == [{"kind": "automatic", "trigger": "enter", "effect": [{"op": "draw", "count": 1}],
                            "condition": {"kind": "control_at_least", "value": 1, "filter": {
                                "attribute": [attribute], "race": "Magic Crest", "side": "own"}}}]
    r = exact(f"[Crest] {sym} - This card gains [+200/+200].", races=_CRESTS)
    assert r.abilities[0]["kind"] == "continuous" and r.abilities[0]["condition"]["filter"]["race"] == "Magic Crest"


def test_cr_1131_crest_of_no_attribute_is_unsupported():
    assert line("[Crest] {2} - This card gains [+200/+200].", races=_CRESTS).verdict is Verdict.UNSUPPORTED


def test_cr_1131_2_crest_text_applies_only_with_a_magic_crest_of_that_attribute_in_your_field(tmp_path):
    """A resonator "[Crest] {R} - This card gains [+200/+200].": 500 ATK alone, with a water Magic Crest or with the
    opponent's fire one; 700 with its controller's fire Magic Crest."""
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Crest Knight", "Resonator", ["[Crest] {R} - This card gains [+200/+200]."],
                   ATK=500, DEF=500),
             _card("TXT-002", "Made-up Crest of Fire", "Addition", [], race=["Magic Crest"]),
             _card("TXT-003", "Made-up Crest of Water", "Addition", [], cost="{U}", colour="U", race=["Magic Crest"])]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[x.reason for x in r.lines] for r in res.text_records]
    for own, opp, atk in (([], [], 500), (["TXT-003"], [], 500), ([], ["TXT-002"], 500), (["TXT-002"], [], 700)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        (knight,) = sc.field(0, ["TXT-001"])
        sc.field(0, own)
        sc.field(1, opp)
        assert _atk(sc.game(), knight) == atk, (own, opp)


# ---- [Barrier] <information> (CR 1120.3) ----------------------------------------------------------------------
@pytest.mark.parametrize("text, ctype, info, keywords", [
    ("[Barrier] {B} (This card cannot be targeted by darkness spells or abilities your opponent controls.)",
     "resonator", {"attributes": ["darkness"]}, []),
    ("[Barrier] {U}{B}", "resonator", {"attributes": ["water", "darkness"]}, []),
    ("[Barrier]{W}{B}", "j_ruler", {"attributes": ["light", "darkness"]}, []),
    ("[Barrier] (Chant)", "resonator", {"types": ["chant"]}, []),
    ("[Barrier] (Chant)(Rune)", "resonator", {"types": ["chant", "rune"]}, []),
    ("[Barrier] (Resonator)", "addition", {"types": ["resonator"]}, []),
    ("[Flying] [Drain] [Barrier] (Total cost 1 or less)", "resonator", {"cost_max": 1}, ["flying", "drain"]),
])  # fmt: skip
def test_cr_1120_3_barrier_with_information_is_the_card_field_barrier_from(text, ctype, info, keywords):
    r = exact(text, ctype)
    assert r.fields == {"keywords": keywords, "barrier_from": info} and r.abilities == []


def test_cr_1120_3_barrier_information_not_understood_is_unsupported():
    for text, ctype in (("[Barrier] {2}", "resonator"), ("[Barrier] (Chosen attribute)", "addition"),
                        ("[Barrier] {R}", "chant"), ("[Barrier] (Stranger)", "resonator")):
        assert line(text, ctype).verdict is Verdict.UNSUPPORTED, text


def _barrier_game(tmp_path, barrier_lines, ward_controller=1):
    """Player 0 in its main phase with one fire and one water will and, in its hand, a fire chant, a water chant (both
    "Destroy target resonator.", total cost 1) and a fire chant of total cost 3 ({R}{2}, two more will: a second fire
    and a wind will); the only resonator in a field is a made-up one with ``barrier_lines``, controlled by
    ``ward_controller``. Returns the game and the hand cards' play actions by id."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Warded Knight", "Resonator", barrier_lines, ATK=500, DEF=500),
             _card("TXT-002", "Made-up Fire Bolt", "Chant", ["Destroy target resonator."]),
             _card("TXT-003", "Made-up Water Bolt", "Chant", ["Destroy target resonator."], cost="{U}", colour="U"),
             _card("TXT-004", "Made-up Big Fire Bolt", "Chant", ["Destroy target resonator."], cost="{R}{2}")]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[x.reason for x in r.lines] for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.field(ward_controller, ["TXT-001"])
    held = sc.hand(0, ["TXT-002", "TXT-003", "TXT-004"])
    sc.will(0, K.Attribute.FIRE, 2)
    sc.will(0, K.Attribute.WATER, 1)
    sc.will(0, K.Attribute.WIND, 1)
    g = sc.game()
    hand = [int(x) for x in sc.zone(0, "hand")]
    return g, {cid: K.PLAY_HAND_BASE + hand.index(slot) for cid, slot in zip(("fire", "water", "big"), held)}


def _playable(g, plays):
    legal = set(g.legal_actions().tolist())
    return {k for k, a in plays.items() if a in legal}


@pytest.mark.parametrize("lines, playable", [
    ([], {"fire", "water", "big"}),
    (["[Barrier] {R}"], {"water"}),  # the fire chants' attribute
    (["[Barrier] {R}", "[Barrier] {U}"], set()),  # two lines: either keeps it from being targeted
    (["[Barrier] (Chant)"], set()),
    (["[Barrier] (Resonator)"], {"fire", "water", "big"}),
    (["[Barrier] (Total cost 1 or less)"], {"big"}),
    (["[Barrier] (Total cost 3 or less)"], set()),
])  # fmt: skip
def test_cr_1120_3_barrier_information_keeps_out_the_opponents_spells_of_that_information(tmp_path, lines, playable):
    """The only resonator, the opponent's, with "[Barrier] <information>": a chant of that information has no legal
    target (CR 903.2g) and cannot be played; the others can."""
    g, plays = _barrier_game(tmp_path, lines)
    assert _playable(g, plays) == playable


def test_cr_1120_3_barrier_information_does_not_stop_its_controllers_own_spells(tmp_path):
    g, plays = _barrier_game(tmp_path, ["[Barrier] {R}", "[Barrier] (Chant)"], ward_controller=0)
    assert _playable(g, plays) == {"fire", "water", "big"}


# ---- a granted will ability ([Seal], [Null], [Rune], [Crest]: CR 1128.2, 907) ------------------------------------
def test_cr_1128_2_seal_gives_a_will_ability_with_its_condition():
    r = exact("[Seal] (5) (This card gains the following text as long as you control five or more magic stones.) - "
              "Banish this card: Produce {R}{R}{R}.", "addition")
    assert r.abilities == [{"kind": "will", "cost": {"banish_self": True}, "effect": [
        {"op": "produce_will", "will": "fire", "count": 3}], "condition": {"kind": "stones_at_least", "value": 5}}]
    assert exact("[Seal] (3) {Rest}: Produce one will of any attribute.").abilities[0]["condition"] == {
        "kind": "stones_at_least", "value": 3}


@pytest.mark.parametrize("stones, offered", [(2, False), (3, True)])
def test_cr_1128_2_a_seal_will_ability_is_played_only_while_you_control_enough_magic_stones(tmp_path, stones, offered):
    """A resonator "[Seal] (3) - Banish this card: Produce {R}{R}{R}.": its will ability (CR 907.1) is offered with
    three magic stones in its controller's field, not with two; played, it makes three fire will."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Sealed Furnace", "Resonator",
                   ["[Seal] (3) - Banish this card: Produce {R}{R}{R}."], ATK=100, DEF=100),
             {"id": "TXT-011", "name": "Fire Magic Stone", "type": ["Magic Stone", "Basic Magic Stone"], "cost": None,
              "colour": ["V"], "abilities": ["{Rest}: Produce {R}."]}]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[x.reason for x in r.lines] for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (furnace,) = sc.field(0, ["TXT-001"])
    sc.field(0, ["TXT-011"] * stones, rested=True)
    g = sc.game()
    field = [int(x) for x in sc.zone(0, "field")]
    use = K.ACTIVATE_BASE + field.index(furnace) * K.ABILITIES_PER_CARD
    assert (use in g.legal_actions().tolist()) is offered
    if offered:
        g.step(use)
        assert int(g.state[S.WILL + K.Attribute.FIRE]) == 3
        assert int(g.state[S.ZONE + furnace * S.CARD_W]) != K.Zone.FIELD


# ---- "<cards> in your hand gain [Quickcast]." (CR 1111.2) ---------------------------------------------------------
def test_cr_1111_2_cards_in_your_hand_gain_quickcast_is_a_continuous_aura_of_the_hand():
    r = exact("Wind resonators in your hand gain [Quickcast].")
    assert r.abilities == [{"kind": "continuous", "effect": [{"op": "aura_keyword", "keywords": ["quickcast"], "filter": {
        "attribute": ["wind"], "type": ["resonator"], "zone": "hand", "side": "own"}}]}]
    assert exact("Darkness chants in your hand gain [Quickcast].", "addition").abilities[0]["effect"][0]["filter"] == {
        "attribute": ["darkness"], "type": ["chant"], "zone": "hand", "side": "own"}
    r = exact("[Seal] (7) - Cards in your hand gain [Quickcast].", "addition")
    assert r.abilities[0]["effect"][0]["filter"] == {"zone": "hand", "side": "own"}
    assert r.abilities[0]["condition"] == {"kind": "stones_at_least", "value": 7}
    # for a while, of cards in the field, another keyword with it, in an effect: not compiled
    for text in ("Resonators in your hand gain [Quickcast] until end of turn.", "Resonators you control gain [Quickcast].",
                 "Wind resonators in your hand gain [Quickcast] and [Flying].", "Wind resonators in your hand gain [+200/+200].",
                 "{1}: Target resonator gains [Quickcast] until end of turn."):
        assert line(text).verdict is Verdict.UNSUPPORTED, text
    # a ruler's abilities are in force in its ruler area, a J-ruler's in the field (CR 902.1; play.hand_quickcast reads
    # both since session 19: test_fow_card_text_s19b.py)
    assert line("Wind resonators in your hand gain [Quickcast].", "ruler").verdict is Verdict.EXACT
    assert line("Wind resonators in your hand gain [Quickcast].", "j_ruler").verdict is Verdict.EXACT


@pytest.mark.parametrize("caller_side, wind_offered", [(None, False), (0, True), (1, False)])
def test_cr_1111_2_a_resonator_given_quickcast_in_the_hand_is_played_outside_main_timing(tmp_path, caller_side,
                                                                                          wind_offered):
    """Player 0 plays a chant: with it on the chase (no main timing, CR 604.2a) player 0 keeps priority (CR 906.5a);
    its wind resonator in the hand is then offered only while player 0 controls "Wind resonators in your hand gain
    [Quickcast]." (not the opponent's); its fire resonator never."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Wind Caller", "Resonator", ["Wind resonators in your hand gain [Quickcast]."],
                   cost="{G}", colour="G", ATK=100, DEF=100),
             _card("TXT-002", "Made-up Wind Pup", "Resonator", [], cost="{G}", colour="G", ATK=100, DEF=100),
             _card("TXT-003", "Made-up Fire Pup", "Resonator", [], ATK=100, DEF=100),
             _card("TXT-004", "Made-up Study", "Chant", ["Draw a card."], cost="{G}", colour="G")]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[x.reason for x in r.lines] for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    if caller_side is not None:
        sc.field(caller_side, ["TXT-001"])
    study, wind, fire = sc.hand(0, ["TXT-004", "TXT-002", "TXT-003"])
    sc.will(0, K.Attribute.WIND, 2)
    sc.will(0, K.Attribute.FIRE, 1)
    g = sc.game()
    hand = [int(x) for x in sc.zone(0, "hand")]
    legal = g.legal_actions().tolist()
    assert all(K.PLAY_HAND_BASE + hand.index(x) in legal for x in (wind, fire, study))  # main timing
    g.step(K.PLAY_HAND_BASE + hand.index(study))
    assert int(g.state[S.ZONE + study * S.CARD_W]) == K.Zone.CHASE
    hand = [int(x) for x in Scenario(g).zone(0, "hand")]
    legal = g.legal_actions().tolist()
    assert (K.PLAY_HAND_BASE + hand.index(wind) in legal) is wind_offered
    assert K.PLAY_HAND_BASE + hand.index(fire) not in legal
    if wind_offered:
        g.step(K.PLAY_HAND_BASE + hand.index(wind))
        assert int(g.state[S.ZONE + wind * S.CARD_W]) == K.Zone.CHASE


def test_cr_1111_2_this_card_gains_quickcast_in_the_hand_as_long_as_a_condition():
    cond = {"kind": "control_name", "value": "Made-up Sage"}
    r = exact('This card gains [Quickcast] in all zones as long as you control a card named "Made-up Sage".', "chant")
    assert r.abilities == [{"kind": "continuous", "condition": cond, "effect": [
        {"op": "aura_keyword", "keywords": ["quickcast"], "filter": {"self_only": True, "zone": "hand"}}]}]
    r = exact('This card gains [Quickcast] as long as it\'s in your hand and you control a card named "Made-up Sage".')
    assert r.abilities[0]["condition"] == cond
    # a condition on the hand that holds it, and the plain "as long as" (a continuous ability of the field) are not read
    assert line("This card gains [Quickcast] as long as it's in your hand and you have no cards in your hand.",
                "chant").verdict is Verdict.UNSUPPORTED
    assert line('This card gains [Quickcast] as long as you control a card named "Made-up Sage".', "chant").verdict \
        is Verdict.UNSUPPORTED


@pytest.mark.parametrize("sage, offered", [(False, False), (True, True)])
def test_cr_1111_2_a_chant_with_quickcast_while_you_control_a_card_is_played_outside_main_timing(tmp_path, sage, offered):
    """A chant "This card gains [Quickcast] as long as it's in your hand and you control a card named "Made-up
    Sage"." is offered with another chant on the chase (no main timing) only while its player controls the Sage."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Sage", "Resonator", [], cost="{G}", colour="G", ATK=100, DEF=100),
             _card("TXT-002", "Made-up Quick Study", "Chant", [
                 'This card gains [Quickcast] as long as it\'s in your hand and you control a card named "Made-up '
                 'Sage".', "Draw a card."], cost="{G}", colour="G"),
             _card("TXT-004", "Made-up Study", "Chant", ["Draw a card."], cost="{G}", colour="G")]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[x.reason for x in r.lines] for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    if sage:
        sc.field(0, ["TXT-001"])
    study, quick = sc.hand(0, ["TXT-004", "TXT-002"])
    sc.will(0, K.Attribute.WIND, 2)
    g = sc.game()
    hand = [int(x) for x in sc.zone(0, "hand")]
    g.step(K.PLAY_HAND_BASE + hand.index(study))
    assert int(g.state[S.ZONE + study * S.CARD_W]) == K.Zone.CHASE
    hand = [int(x) for x in Scenario(g).zone(0, "hand")]
    assert (K.PLAY_HAND_BASE + hand.index(quick) in g.legal_actions().tolist()) is offered


@pytest.mark.parametrize("barrier, offered", [("[Barrier] {R}", False), ("[Barrier] {U}", True),
                                              ("[Barrier] (Resonator)", False), ("[Barrier] (Chant)", True)])
def test_cr_1120_3_barrier_information_is_read_on_the_card_whose_ability_targets(tmp_path, barrier, offered):
    """An activate ability of player 0's fire resonator ("{R}: Destroy target resonator.") against the opponent's only
    resonator with "[Barrier] <information>": the ability's information is its card's (a fire resonator)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Warded Knight", "Resonator", [barrier], cost="{U}", colour="U", ATK=500, DEF=500),
             _card("TXT-002", "Made-up Fire Archer", "Resonator", ["{R}: Destroy target resonator."], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[x.reason for x in r.lines] for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.field(1, ["TXT-001"])
    (archer,) = sc.field(0, ["TXT-002"])
    sc.will(0, K.Attribute.FIRE, 1)
    g = sc.game()
    # the archer may target itself: the opponent's knight is the one in question
    field = [int(x) for x in sc.zone(0, "field")]
    use = K.ACTIVATE_BASE + field.index(archer) * K.ABILITIES_PER_CARD
    assert use in g.legal_actions().tolist()
    g.step(use)  # CR 903.2g: its target is chosen, an OPTION per legal target
    n_options = sum(1 for a in g.legal_actions().tolist() if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS)
    assert n_options == (2 if offered else 1)  # the archer itself, and the knight when it is a legal target


# ---- [Rune] <will symbols> (CR 1137.2a) ------------------------------------------------------------------------------
def test_cr_1137_2a_rune_of_will_symbols_of_one_attribute_is_the_rune_attributes_condition():
    r = exact("[Rune] {R}{R}{R} - [Enter] => This card deals 800 damage to each resonator.")
    assert r.abilities[0]["condition"] == {"kind": "rune_attributes", "value": "{R}{R}{R}"}
    assert exact("[Rune] {B}{B} - This card gains [+200/+200].").abilities[0]["condition"] == {
        "kind": "rune_attributes", "value": "{B}{B}"}
    # two attributes: a rune of both would be counted for each (filters.condition_holds): not compiled
    assert line("[Rune] {W}{U} - This card gains [+200/+200].").verdict is Verdict.UNSUPPORTED


@pytest.mark.parametrize("runes, atk", [([("B", 1), ("B", 0)], 500), ([("B", 1), ("R", 1)], 500),
                                        ([("B", 1), ("B", 1)], 700)])
def test_cr_1137_2a_rune_of_will_symbols_counts_revealed_runes_of_that_attribute(tmp_path, runes, atk):
    """A resonator "[Rune] {B}{B} - This card gains [+200/+200].": 700 ATK only with two revealed darkness runes in its
    controller's rune area (a face-down one, or a fire one, does not count)."""
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Rune Knight", "Resonator", ["[Rune] {B}{B} - This card gains [+200/+200]."],
                 ATK=500, DEF=500),
             _card("TXT-002", "Made-up Dark Glyph", "Rune", ["Draw a card."], cost="{B}", colour="B", divinity=1),
             _card("TXT-003", "Made-up Fire Glyph", "Rune", ["Draw a card."], divinity=1)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[x.reason for x in r.lines] for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (knight,) = sc.field(0, ["TXT-001"])
    for colour, revealed in runes:
        sc.row[S.REVEALED + sc.put(0, "TXT-002" if colour == "B" else "TXT-003", "rune_area") * S.CARD_W] = revealed
    assert _atk(sc.game(), knight) == atk


def test_cr_1134_2_null_keywords_listed_with_dashes_are_one_granted_keyword_aura():
    r = exact("[Null] - [Pierce] - [Precision]")
    assert r.abilities == [{"kind": "continuous", "condition": {"kind": "hand_empty"}, "effect": [
        {"op": "aura_keyword", "keywords": ["pierce", "precision"], "filter": {"self_only": True}}]}]


# ---- a ruler's continuous abilities (CR 902.1b) -------------------------------------------------------------------
@pytest.mark.parametrize("text", ["Wanderer resonators you control gain [First Strike].",
                                  "Resonators you control gain [+100/+100].",
                                  "Resonators your opponent controls cannot attack."])
def test_cr_902_1b_a_rulers_continuous_ability_over_cards_is_exact(text):
    """A ruler's abilities are active in its ruler area (CR 902.1b): since session 19 the engine reads the continuous
    abilities in force there too (characteristics.next_continuous; played in test_fow_card_text_s19b.py), so the line
    is exact on a ruler (front side) as on a J-ruler (in the field) or a resonator."""
    compiled = [exact(text, ctype, races=frozenset({"Wanderer"})).abilities for ctype in ("ruler", "j_ruler", "resonator")]
    assert compiled[0] == compiled[1] == compiled[2]  # the same continuous ability, wherever its card is
    assert [a["kind"] for a in compiled[0]] == ["continuous"]
