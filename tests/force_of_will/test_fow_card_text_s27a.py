"""Force of Will card text, session 27 (branch s27-fowa): chants' clauses - where a chant goes as it resolves (CR 703.3:
"put this card into its owner's hand / shuffle this card into its owner's deck ... as it resolves", Op.CHANT_TO). Lines
are made up in the game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from test_fow_card_text import _drive, _imported_pool, exact, line
from test_fow_card_text_s23b import _all_exact, _resolved, _zone_n
from test_fow_card_text_s24b import _card


# ---- CR 703.3: where a chant goes as it resolves (Op.CHANT_TO) ---------------------------------------------------------
@pytest.mark.parametrize("text, to", [
    ("Draw a card. Put this card into its owner's hand as it resolves.", "hand"),
    ("Draw a card. Shuffle this card into its owner's deck as it resolves.", "deck_shuffled"),
    ("Draw a card. Put this card on the bottom of its owner's deck as it resolves.", "deck_bottom"),
    ("Draw a card, then put this card on top of your deck.", "deck_top"),
    ("Draw a card. Remove this card from the game as it resolves.", "removed"),
])
def test_cr_703_3_a_chant_says_where_it_goes_as_it_resolves(text, to):
    assert exact(text, "chant").fields["effect"] == [{"op": "draw", "count": 1}, {"op": "chant_to", "to": to}]


def test_cr_703_3_where_it_goes_under_a_condition_and_it_as_the_chant():
    r = exact("Draw a card. If this card was awakened, put it into its owner's hand as it resolves.", "chant")
    assert r.fields["effect"][1:] == [{"op": "if", "condition": {"kind": "awakened", "value": 1}, "skip": 1},
                                      {"op": "chant_to", "to": "hand"}]
    # only a chant resolves so: a resonator's "this card" stays a card of the field
    assert line("Put this card into its owner's hand as it resolves.", "resonator").verdict is Verdict.UNSUPPORTED
    assert exact("{Rest}: Put this card on top of its owner's deck.", "resonator").abilities[0]["effect"] == [
        {"op": "target_self"}, {"op": "to_deck_top"}]


@pytest.mark.parametrize("text, zone", [
    ("Draw a card. Put this card into its owner's hand as it resolves.", K.Zone.HAND),
    ("Draw a card. Shuffle this card into its owner's deck as it resolves.", K.Zone.MAIN_DECK),
    ("Draw a card. Remove this card from the game as it resolves.", K.Zone.REMOVED),
    ("Draw a card.", K.Zone.GRAVEYARD),
])
def test_cr_703_3_the_resolved_chant_goes_where_it_says(tmp_path, text, zone):
    """The chant draws (its text performed), then goes to its owner's hand / deck / removed area, not the graveyard."""
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [_card("TXT-270", "Made-up Boomerang", "Chant", [text])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    slot = sc.put(0, "TXT-270", K.Zone.HAND)
    g = sc.game()
    deck = _zone_n(g, 0, K.Zone.MAIN_DECK)
    hand = _zone_n(g, 0, K.Zone.HAND)
    g.step(K.PLAY_HAND_BASE)
    _drive(g, _resolved)
    assert int(g.state[S.ZONE + slot * S.CARD_W]) == zone
    assert _zone_n(g, 0, K.Zone.GRAVEYARD) == (1 if zone == K.Zone.GRAVEYARD else 0)
    # one card drawn; the chant back in the hand or deck where it says so
    assert _zone_n(g, 0, K.Zone.HAND) == hand - 1 + 1 + (zone == K.Zone.HAND)
    assert _zone_n(g, 0, K.Zone.MAIN_DECK) == deck - 1 + (zone == K.Zone.MAIN_DECK)


# ---- CR 906.8: delayed automatic abilities "at the next end of turn" (Op.DELAYED) -------------------------------------
_DELAYED = "Target resonator you control gains [+1000/+0] until end of turn. At the next end of turn => destroy it."


@pytest.mark.parametrize("text", [
    _DELAYED,
    "Target resonator you control gains [+1000/+0] until end of turn. At the end of turn, destroy that resonator.",
    "Target resonator you control gains [+1000/+0] until end of turn. Destroy it at end of turn.",
])
def test_cr_906_8_at_the_next_end_of_turn_is_a_delayed_ability_about_it(text):
    assert exact(text, "chant").fields["effect"] == [
        {"op": "choose", "filter": {"type": ["resonator"], "side": "own"}},
        {"op": "power", "atk": 1000, "defense": 0, "duration": "end_of_turn"},
        {"op": "delayed", "effect": [{"op": "target_trigger"}, {"op": "destroy"}], "it": True}]


def test_cr_906_8_a_delayed_ability_about_no_card_and_what_stays_unsupported():
    assert exact("Draw a card. At the end of this turn, recover all resonators you control.", "chant").fields[
        "effect"] == [{"op": "draw", "count": 1}, {"op": "delayed", "effect": [
            {"op": "select_all", "filter": {"type": ["resonator"], "side": "own"}}, {"op": "recover"}]}]
    # (session 29: a delayed ability in an option is compiled, test_fow_card_text_s29o)
    for text in ("At the next end of turn => destroy target resonator.",  # targets of its own
                 "At the next end of turn => destroy it. Draw a card."):  # before other effects
        assert line(text, "chant").verdict is Verdict.UNSUPPORTED, text
    # an automatic ability "at the end of turn" of a resonator is no delayed one
    assert exact("At the end of turn, draw a card.").abilities[0]["trigger"] == "end_of_turn"


def test_cr_906_8_the_delayed_ability_destroys_it_at_the_next_end_of_turn(tmp_path):
    """The chant resolves (+1000 ATK); nothing is destroyed until the end phase's "at the end of turn" (CR 505.3), when the
    delayed ability triggers, is played and destroys the resonator (once: CR 906.8a)."""
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [_card("TXT-271", "Made-up Last Stand", "Chant", [_DELAYED]),
                                          _card("TXT-272", "Made-up Squire", "Resonator", [])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.put(0, "TXT-271", K.Zone.HAND)
    (squire,) = sc.field(0, ["TXT-272"])
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, _resolved)
    assert int(g.state[S.ZONE + squire * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.SHIELD_N]) == 1
    _drive(g, lambda g: int(g.state[S.ZONE + squire * S.CARD_W]) != K.Zone.FIELD or int(g.state[S.TURN_PLAYER]) != 0)
    assert int(g.state[S.ZONE + squire * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.TURN_PLAYER]) == 0 and int(g.state[S.SHIELD_N]) == 0


# ---- CR 907.4: a chant's "Produce <will>." (the will to its controller's pool as it resolves) -------------------------
def test_cr_907_4_a_chant_produces_will_as_it_resolves():
    assert exact("Draw a card. Produce {R}.", "chant").fields["effect"] == [
        {"op": "draw", "count": 1}, {"op": "produce_will", "will": "fire"}]
    assert exact("Produce {G}{G}{G}.", "chant").fields["effect"] == [{"op": "produce_will", "will": "wind", "count": 3}]
    assert exact("Choose one - Draw a card; or produce {R}.", "chant").fields["effect"][0]["modes"][1] == [
        {"op": "produce_will", "will": "fire"}]
    # a choice of will (made as it resolves) and restricted will stay unsupported
    for text in ("Produce {R} or {B}.", "Draw a card. Produce {R}. Spend this will only to play chants."):
        assert line(text, "chant").verdict is Verdict.UNSUPPORTED, text


def test_cr_907_4_the_chants_will_is_in_the_pool_after_it_resolves(tmp_path):
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [_card("TXT-273", "Made-up Kindling", "Chant", ["Produce {R}{R}."])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.put(0, "TXT-273", K.Zone.HAND)
    g = sc.game()
    fire = S.WILL + 0 * K.N_WILL + K.Attribute.FIRE
    g.step(K.PLAY_HAND_BASE)
    assert int(g.state[fire]) == 0  # the cost paid
    _drive(g, _resolved)
    assert int(g.state[fire]) == 2


# ---- CR 1100s: "<cards> with [Flying]" / "without [Flying]" (FowFilter.keyword / not_keyword) -------------------------
def test_cr_1106_a_filter_of_cards_with_or_without_a_keyword():
    assert exact("Destroy target resonator with [Flying].", "chant").fields["effect"][0] == {
        "op": "choose", "filter": {"type": ["resonator"], "keyword": ["flying"]}}
    assert exact("This card deals 500 damage to each resonator without [Flying].", "chant").fields["effect"][0] == {
        "op": "select_all", "filter": {"type": ["resonator"], "not_keyword": ["flying"]}}
    # a continuous ability's conditions and keyword-giving filters read the cards without the continuous abilities: not
    # keywords (session 32: an ATK/DEF change's filter reads them, characteristics.aura_applies; test_fow_card_text_s32b)
    for text in ("Resonators you control with [Flying] gain [Swiftness].",
                 "This card gains [+200/+200] as long as you control a resonator with [Flying]."):
        assert line(text, "resonator").verdict is Verdict.UNSUPPORTED, text


def test_cr_1106_with_flying_reads_the_keywords_a_card_has_now(tmp_path):
    """"Destroy all resonators with [Flying]": the opponent's printed flyer and the resonators given [Flying] until end of
    turn go; the opponent's resonator without it stays."""
    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [
        _card("TXT-274", "Made-up Skyfall", "Chant", ["Destroy all resonators with [Flying]."]),
        _card("TXT-275", "Made-up Wings", "Chant", ["Resonators you control gain [Flying] until end of turn."]),
        _card("TXT-276", "Made-up Hawk", "Resonator", ["[Flying]"]),
        _card("TXT-277", "Made-up Mole", "Resonator", [])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.will(0, K.Attribute.FIRE)
    skyfall = sc.put(0, "TXT-274", K.Zone.HAND)
    wings = sc.put(0, "TXT-275", K.Zone.HAND)
    (mine,) = sc.field(0, ["TXT-277"])
    hawk, mole = sc.field(1, ["TXT-276", "TXT-277"])
    g = sc.game()

    def play(slot):
        g.step(K.PLAY_HAND_BASE + list(zone_list(g.state, S.ZONES, K.Zone.HAND, 0)).index(slot))
        _drive(g, _resolved)

    play(wings)
    play(skyfall)
    zone = {t: int(g.state[S.ZONE + t * S.CARD_W]) for t in (mine, hawk, mole)}
    assert zone == {mine: K.Zone.GRAVEYARD, hawk: K.Zone.GRAVEYARD, mole: K.Zone.FIELD}


# ---- "Players cannot chase to this card." (FowCard.unchaseable, C_UNCANCELABLE bit UNCHASEABLE) -----------------------
def test_players_cannot_chase_to_this_card_is_a_field_of_the_chant():
    assert exact("Destroy target resonator. Players cannot chase to this card.", "chant").fields == {
        "unchaseable": True, "effect": [{"op": "choose", "filter": {"type": ["resonator"]}}, {"op": "destroy"}]}
    assert exact("Players cannot chase to this card.", "chant").fields == {"unchaseable": True}
    # a property of the card on the chase: not under a condition, not in a mode; "Players cannot gain life." unchanged
    assert line("Choose one - Draw a card. Players cannot chase to this card; or gain 200 life.",
                "chant").verdict is Verdict.UNSUPPORTED
    assert exact("[Continuous]: Players cannot gain life.").abilities[0]["effect"] == [{"op": "no_life_gain"}]


@pytest.mark.parametrize("unchaseable", [True, False])
def test_no_player_chases_to_an_unchaseable_chant(tmp_path, unchaseable):
    """The opponent holds a [Quickcast] chant and the will to play it: with "Players cannot chase to this card." on the
    chant on the chase they may only pass (or play will abilities), else they may play it."""
    from tcg_env.games.force_of_will.scenario import Scenario

    text = "Draw a card." + (" Players cannot chase to this card." if unchaseable else "")
    res, pool = _imported_pool(tmp_path, [_card("TXT-278", "Made-up Haste", "Chant", [text]),
                                          _card("TXT-279", "Made-up Reflex", "Chant", ["[Quickcast]", "Draw a card."])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.will(1, K.Attribute.FIRE)
    sc.put(0, "TXT-278", K.Zone.HAND)
    sc.put(1, "TXT-279", K.Zone.HAND)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    from tcg_env.engine.header import H_DECIDER

    while int(g.state[H_DECIDER]) != 1:
        g.step(K.PASS)
    assert int(g.state[S.CHASE_N]) == 1
    legal = set(g.legal_actions().tolist())
    plays = {a for a in legal if K.PLAY_HAND_BASE <= a < K.PLAY_HAND_BASE + K.HAND_SLOTS}
    assert K.PASS in legal and bool(plays) != unchaseable
    if unchaseable:  # what is left: will abilities (CR 907.3: no chase), the ruler's one here
        assert legal - {K.PASS} == {K.RULER_ACTIVATE_BASE}


# ---- "<cards> with <qualifier> you control" (the side after the qualifiers) -----------------------------------------
def test_the_side_after_the_qualifiers_of_each_card():
    r = exact("Resonators with total cost 2 or less your opponent controls gain [-200/-200] until end of turn.", "chant")
    assert r.fields["effect"][0] == {"op": "select_all", "filter": {"type": ["resonator"], "cost_max": 2,
                                                                   "side": "opponent"}}
    r = exact("Resonators with no attribute you control gain [+300/+300] until end of turn.", "chant")
    assert r.fields["effect"][0]["filter"]["side"] == "own"


def test_misprints_of_session_27_are_read_as_the_words_they_stand_for():
    from tcg_env.games.force_of_will.card_text import normalise_line

    assert normalise_line("Target resonator [+600/+600] until end fo turn.") == \
        "target resonator gains [+600/+600] until end of turn."
