"""Force of Will card text, session 23 (branch s23-fowb): clauses inside effects - "if it's a <card>" (Op.IF_IT), the
opponent's deck milled (CR 1004.1), "your opponent controls N or more <cards>", "Produce {B} and {U}" (CR 907.3).
Lines are made up in the game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from test_fow_card_text import _drive, _imported_pool, exact, line

_RACES = frozenset(["Vampire", "Knight"])


def _card(number, name, ctype, abilities, cost="{R}", **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": ["R"], "abilities": abilities,
            "race": ["Knight"], "ATK": 100, "DEF": 100, **kw}


def _all_exact(res):
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [
        (r.number, [x.reason for x in r.lines]) for r in res.text_records]


def _field_pos(g, slot, p=0):
    from tcg_env.engine.zones import zone_list

    return list(zone_list(g.state, S.ZONES, K.Zone.FIELD, p)).index(slot)


def _zone_n(g, p, zone):
    from tcg_env.engine.zones import zone_list

    return len(zone_list(g.state, S.ZONES, zone, p))


def _resolved(g):
    from tcg_env.engine.header import H_DECISION

    return int(g.state[S.CHASE_N]) == 0 and int(g.state[H_DECISION]) == K.Decision.PRIORITY


# ---- "If it's a <card>, ..." (Op.IF_IT) -------------------------------------------------------------------------------
def test_if_its_a_card_compiles_to_if_it_on_the_last_selection():
    r = exact("Recover target resonator. If it's a darkness resonator, it gains [+200/+200] until end of turn.", "chant")
    assert r.fields["effect"] == [
        {"op": "choose", "filter": {"type": ["resonator"]}}, {"op": "recover"},
        {"op": "if_it", "filter": {"attribute": ["darkness"], "type": ["resonator"]}, "skip": 1},
        {"op": "power", "atk": 200, "defense": 200, "duration": "end_of_turn"}]
    r = exact('Target resonator gains [+200/+200] until end of turn. If it\'s "Made-up Hero", draw a card.', "chant")
    assert r.fields["effect"][2] == {"op": "if_it", "filter": {"name": "Made-up Hero"}, "skip": 1}
    # the card moved to the hand: its filter in the hand (the zone it is then in)
    r = exact("Put target resonator from your graveyard into your hand. If it's a Vampire, draw a card.", "chant",
              races=_RACES)
    assert r.fields["effect"][2] == {"op": "if_it", "filter": {"race": "Vampire", "zone": "hand"}, "skip": 1}


def test_if_its_a_card_instead_is_the_other_branch_with_the_first_sentences_duration():
    """"A until end of turn. If it's a <card>, B instead.": A when it is not (IF_IT negated), B when it is, B for A's
    duration (printed once)."""
    r = exact("Target resonator gains [+200/+600] until end of turn. If it's a fire resonator, it gains [+400/+800] "
              "instead.", "chant")
    flt = {"attribute": ["fire"], "type": ["resonator"]}
    assert r.fields["effect"] == [
        {"op": "choose", "filter": {"type": ["resonator"]}},
        {"op": "if_it", "filter": flt, "skip": 1, "negated": True},
        {"op": "power", "atk": 200, "defense": 600, "duration": "end_of_turn"},
        {"op": "if_it", "filter": flt, "skip": 1},
        {"op": "power", "atk": 400, "defense": 800, "duration": "end_of_turn"}]


@pytest.mark.parametrize("text, ctype", [
    ("Destroy target resonator. If it's a Vampire, draw a card.", "chant"),  # it left the field: zone unknown
    ("This card gains [+200/+200] as long as it's darkness.", "resonator"),  # a continuous condition on 'it'
    ("{Rest}: Draw a card. Play this ability only if it's a Vampire.", "resonator"),  # a cost's condition
    ("You may pay {1} less to play this card if it's a Vampire.", "resonator"),
    ("Target resonator gains [+200/+200] until end of turn if it's darkness.", "chant"),  # the clause's own selection
    ("If it's a Vampire, draw a card.", "chant"),  # nothing selected before
    ("Draw a card. If it's a fire resonator, draw two cards instead.", "chant"),  # no card in the sentence before
])
def test_if_its_a_card_is_unsupported_where_it_is_not_the_card_selected_before(text, ctype):
    r = line(text, ctype, races=_RACES)
    assert r.verdict is Verdict.UNSUPPORTED, (text, r.abilities, r.fields)


@pytest.fixture(scope="module")
def it_pool(tmp_path_factory):
    cards = [_card("TXT-001", "Made-up Fire Test", "Chant", [
                 "Target resonator gains [+200/+600] until end of turn. If it's a fire resonator, it gains [+400/+800] "
                 "instead."]),
             _card("TXT-002", "Made-up Raise", "Chant", [
                 "Put target resonator from your graveyard into your hand. If it's a Vampire, draw a card."]),
             _card("TXT-003", "Made-up Fire Knight", "Resonator", [], ATK=300, DEF=300),
             {**_card("TXT-004", "Made-up Water Vampire", "Resonator", [], ATK=300, DEF=300, race=["Vampire"]),
              "colour": ["U"], "cost": "{U}"}]
    res, pool = _imported_pool(tmp_path_factory.mktemp("if_it"), cards)
    _all_exact(res)
    return pool


@pytest.mark.parametrize("target, atk_def", [("TXT-003", (700, 1100)), ("TXT-004", (500, 900))])
def test_if_it_instead_in_the_engine_reads_the_target(it_pool, target, atk_def):
    """The fire knight gets [+400/+800] only, the water vampire [+200/+600] only (never both)."""
    from fow_tables import current_values
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(it_pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.put(0, "TXT-001", K.Zone.HAND)
    (slot,) = sc.field(1, [target])
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, _resolved)
    assert tuple(current_values(g.state, g._T, slot)[:2]) == atk_def


@pytest.mark.parametrize("target, drawn", [("TXT-004", 1), ("TXT-003", 0)])
def test_if_it_reads_the_card_in_the_hand_it_was_put_into(it_pool, target, drawn):
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(it_pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.put(0, "TXT-002", K.Zone.HAND)
    sc.put(0, target, K.Zone.GRAVEYARD)
    g = sc.game()
    hand = _zone_n(g, 0, K.Zone.HAND)
    g.step(K.PLAY_HAND_BASE)
    _drive(g, _resolved)
    # the chant left the hand, the resonator came back, and a card was drawn only for the Vampire
    assert _zone_n(g, 0, K.Zone.HAND) == hand - 1 + 1 + drawn


# ---- CR 1004.1: the opponent's deck milled ------------------------------------------------------------------------------
def test_cr_1004_1_the_top_cards_of_your_opponents_deck_compile_to_mill_of_the_opponent():
    for text, op in (
            ("Put the top card of your opponent's deck into the graveyard.", {"op": "mill", "count": 1, "who": "opponent"}),
            ("Put the top two cards of your opponent's deck into their graveyard.",
             {"op": "mill", "count": 2, "who": "opponent"}),
            ("Remove the top card of your opponent's deck from the game.",
             {"op": "mill", "count": 1, "who": "opponent", "to": "removed"}),
            ("Remove the top three cards of your opponent's main deck from the game.",
             {"op": "mill", "count": 3, "who": "opponent", "to": "removed"})):
        assert exact(text, "chant").fields["effect"] == [op], text


@pytest.mark.parametrize("text, zone", [("Put the top two cards of your opponent's deck into their graveyard.",
                                         K.Zone.GRAVEYARD),
                                        ("Remove the top two cards of your opponent's deck from the game.",
                                         K.Zone.REMOVED)])
def test_cr_1004_1_the_opponents_deck_milled_in_the_engine(tmp_path, text, zone):
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [_card("TXT-010", "Made-up Mill", "Chant", [text])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.put(0, "TXT-010", K.Zone.HAND)
    g = sc.game()
    before = [(_zone_n(g, p, K.Zone.MAIN_DECK), _zone_n(g, p, zone)) for p in range(2)]
    g.step(K.PLAY_HAND_BASE)
    _drive(g, _resolved)
    assert (_zone_n(g, 1, K.Zone.MAIN_DECK), _zone_n(g, 1, zone)) == (before[1][0] - 2, before[1][1] + 2)
    assert _zone_n(g, 0, K.Zone.MAIN_DECK) == before[0][0]


# ---- "your opponent controls N or more <cards>" (Condition.OPP_CONTROL_AT_LEAST) ---------------------------------------
def test_opponent_controls_n_or_more_is_opp_control_at_least_n():
    r = exact("This card gains [+200/+200] as long as your opponent controls two or more resonators.")
    assert r.abilities[0]["condition"] == {"kind": "opp_control_at_least", "value": 2,
                                           "filter": {"type": ["resonator"], "side": "opponent"}}
    ab = exact("{Rest}: Produce {R}. Play this ability only if your opponent controls three or more resonators.",
               "magic_stone").abilities
    assert ab[0]["condition"]["value"] == 3


@pytest.mark.parametrize("n, atk", [(1, 100), (2, 300)])
def test_opponent_controls_two_or_more_in_the_engine(tmp_path, n, atk):
    from fow_tables import current_values
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [
        _card("TXT-020", "Made-up Watcher", "Resonator", [
            "This card gains [+200/+200] as long as your opponent controls two or more resonators."]),
        _card("TXT-021", "Made-up Foe", "Resonator", [])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (me,) = sc.field(0, ["TXT-020"])
    sc.field(1, ["TXT-021"] * n)
    g = sc.game()
    assert current_values(g.state, g._T, me)[0] == atk


# ---- CR 907.3: "Produce {B} and {U}." ---------------------------------------------------------------------------------
def test_cr_907_3_produce_two_wills_joined_by_and_produces_both(tmp_path):
    from tcg_env.games.force_of_will.scenario import Scenario

    ab = exact("[Activate] {Rest}: Produce {B} and {U}.", "magic_stone").abilities
    assert ab == [{"kind": "will", "cost": {"rest": True}, "effect": [
        {"op": "produce_will", "will": "darkness", "count": 1}, {"op": "produce_will", "will": "water", "count": 1}]}]
    stone = {"id": "TXT-030", "name": "Made-up Twin Stone", "type": ["Special Magic Stone", "Magic Stone"],
             "cost": None, "colour": ["B"], "abilities": ["{Rest}: Produce {B} and {U}."]}
    res, pool = _imported_pool(tmp_path, [stone])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (slot,) = sc.field(0, ["TXT-030"])
    g = sc.game()
    i = _field_pos(g, slot)
    acts = [a for a in (K.WILL_A_BASE + i, K.ACTIVATE_BASE + i * K.ABILITIES_PER_CARD) if a in g.legal_actions().tolist()]
    assert len(acts) == 1
    g.step(acts[0])
    assert [int(g.state[S.WILL + a]) for a in (K.Attribute.DARKNESS, K.Attribute.WATER)] == [1, 1]
    assert sum(int(g.state[S.WILL + a]) for a in range(K.N_WILL)) == 2


# ---- "for each card in your opponent's hand / graveyard / removed area" (Per.OPP_*) ----------------------------------
def test_for_each_card_in_your_opponents_zone_compiles_to_per_opp():
    for zone, count in (("hand", "opp_hand"), ("graveyard", "opp_graveyard"), ("removed area", "opp_removed")):
        r = exact(f"This card gains [+100/+100] for each card in your opponent's {zone}.")
        assert r.abilities[0]["effect"][0]["per"] == {"count": count}


def test_for_each_card_in_your_opponents_graveyard_counts_theirs_only(tmp_path):
    from fow_tables import current_values
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [
        _card("TXT-040", "Made-up Gravewatcher", "Resonator", [
            "This card gains [+100/+100] for each card in your opponent's graveyard."]),
        _card("TXT-041", "Made-up Dead", "Resonator", [])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (me,) = sc.field(0, ["TXT-040"])
    sc.put(0, "TXT-041", K.Zone.GRAVEYARD)
    for _ in range(3):
        sc.put(1, "TXT-041", K.Zone.GRAVEYARD)
    g = sc.game()
    assert current_values(g.state, g._T, me)[0] == 100 + 300


# ---- CR 1027.1: gems ----------------------------------------------------------------------------------------------
def test_cr_1027_1_gain_a_gem_and_you_control_a_gem_compile():
    r = exact("When this card enters your field => Gain a light gem.")
    assert r.abilities[0]["effect"] == [{"op": "gain_gem", "attribute": "light"}]
    r = exact("This card gains [Flying] as long as you control a water gem.")
    assert r.abilities[0]["condition"] == {"kind": "gems_at_least", "value": 1, "attribute": "water"}
    # "of any attribute" (CR 1027.1a: chosen as it resolves): compiled since session 29 (test_fow_card_text_s29m)
    assert exact("Gain a gem of any attribute. Draw a card.", "chant").fields["effect"][0]["attribute"] == "any"


def test_cr_1027_1_a_gem_gained_is_public_and_turns_on_the_condition(tmp_path):
    """The chant puts a light gem into its controller's item area (state.GEMS, the gems columns of the observation);
    the knight has [Flying] only while its controller has a light gem (the opponent's does not count)."""
    from fow_tables import current_values
    from tcg_env.games.force_of_will.observation import GLOBAL_COLUMNS
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [
        _card("TXT-050", "Made-up Gem Spark", "Chant", ["Gain a light gem."]),
        _card("TXT-051", "Made-up Gem Knight", "Resonator", ["This card gains [Flying] as long as you control a light "
                                                             "gem."])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.put(0, "TXT-050", K.Zone.HAND)
    (knight,) = sc.field(0, ["TXT-051"])
    (theirs,) = sc.field(1, ["TXT-051"])
    g = sc.game()
    flying = K.KEYWORD_BITS["flying"]
    assert not current_values(g.state, g._T, knight)[2] & flying
    g.step(K.PLAY_HAND_BASE)
    _drive(g, _resolved)
    assert int(g.state[S.GEMS + K.Attribute.LIGHT]) == 1 and int(g.state[S.GEMS + K.N_ATTRIBUTES]) == 0
    assert current_values(g.state, g._T, knight)[2] & flying
    assert not current_values(g.state, g._T, theirs)[2] & flying
    glob = g.observe(1, "dict")["global"].reshape(-1)  # public: the opponent sees it
    assert glob[GLOBAL_COLUMNS.index("opp_gems_light_div5")] == pytest.approx(0.2)
    assert glob[GLOBAL_COLUMNS.index("my_gems_light_div5")] == 0


# ---- CR 905.2b / 903.2e: a choice of modes in an activate ability ----------------------------------------------------
def test_cr_903_2e_an_activate_abilitys_target_player_or_resonator_is_a_choice_of_modes():
    ab = exact("{Rest}: This card deals 200 damage to target player or resonator.").abilities
    assert ab[0]["kind"] == "activate" and [m[-1] for m in ab[0]["effect"][0]["modes"]] == [
        {"op": "damage", "amount": 200}, {"op": "damage_player", "amount": 200, "who": "opponent"},
        {"op": "damage_player", "amount": 200, "who": "controller"}]
    # a will produced in a mode is still no will ability
    assert line("{Rest}: Choose one - Produce {R}; or draw a card.").verdict is Verdict.UNSUPPORTED


def test_cr_903_2e_an_activate_abilitys_mode_is_chosen_as_it_is_played(tmp_path):
    """{Rest} paid, then CHOOSE_MODE (CR 903.2e): the opponent's mode deals the damage to the opponent."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [_card("TXT-060", "Made-up Slinger", "Resonator", [
        "{Rest}: This card deals 200 damage to target player or resonator."])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (me,) = sc.field(0, ["TXT-060"])
    g = sc.game()
    life = int(g.state[S.LIFE + 1])
    g.step(K.ACTIVATE_BASE + _field_pos(g, me) * K.ABILITIES_PER_CARD)
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_MODE and int(g.state[S.RESTED + me * S.CARD_W]) == 1
    g.step(K.OPTION_BASE + 1)
    _drive(g, _resolved)
    assert int(g.state[S.LIFE + 1]) == life - 200
