"""Weiss Schwarz card text, session 10 pieces: made-up lines in the card language compiled, and on a
small imported list what the engine does with them (Resonate's reveal cost, card names holding
quotes, counts in words, ...)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line, normalise
from tcg_env.games.weiss_schwarz.importer import import_ws_json
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, **card):
    return compile_line(line, {"type": "character", "name": "Tester", "traits": ["Glass"], **card})


SINGER, QUOTED, PLAIN, FLARE, LONER, BULLY, MILLER, ELDER, TWIN, PEEKER, SPARK, FACED, WOOD, PYRE, ROOKIE, GUNNER, \
    LANCER, GLOW, WATCHER, DIVER, HERMIT, MEDIC = range(22)
RECORDS = [
    _rec("T/S10-001", "Singer", ['【AUTO】 Resonate [Reveal a card named ""Quoted" Muse" in your hand] At the beginning '
                                 'of your climax phase, you may pay the cost. If you do, this card gets +2000 power '
                                 'until end of turn.']),
    _rec("T/S10-002", '"Quoted" Muse'),
    _rec("T/S10-003", "Plain"),
    _rec("T/S10-004", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S10-005", "Loner", ["【CONT】 If your opponent has 1 or less characters in their center stage, this card "
                                "gets +1000 power."]),
    _rec("T/S10-006", "Bully", ["【CONT】 If your opponent has a level 1 or higher character, this card gets +2000 "
                                "power."]),
    _rec("T/S10-007", "Miller", ['【AUTO】 When this card attacks, perform the following action two times. "Put the '
                                 'top card of your deck into your waiting room."']),
    _rec("T/S10-008", "Elder", level="1", cost="0"),
    _rec("T/S10-009", "Twin", ["【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, during that "
                               "attack, perform a trigger check 2 times on the trigger step."]),
    _rec("T/S10-010", "Peeker", ["【AUTO】 When this card attacks, reveal the top card of your deck. If that card is an "
                                 "event or a 《Glass》 character, draw 1 card."]),
    _rec("T/S10-011", "Spark", ["Draw 1 card."], type="Event"),
    _rec("T/S10-012", "Faced", ["【CONT】 If there is a character facing this card, this card gets +1000 power."]),
    _rec("T/S10-013", "Wood", traits=("Wood",)),
    _rec("T/S10-014", "Pyre", ["【AUTO】 [Put 1 character from your stage into your waiting room] When this card "
                               "attacks, you may pay the cost. If you do, draw 1 card."]),
    _rec("T/S10-015", "Rookie", ["【AUTO】 During the turn that this card is placed on the stage from your hand, when "
                                 "this card attacks, draw 1 card."]),
    _rec("T/S10-016", "Gunner", ["【AUTO】 When this card attacks, put the top 2 cards of your deck into your waiting "
                                 "room, and deal X damage to your opponent. X is equal to the number of climax among "
                                 "those cards."]),
    _rec("T/S10-017", "Lancer", ["【AUTO】 When this card attacks, put the top card of your deck into your waiting room, "
                                 "and deal X damage to your opponent. X is equal to that card's level +1."]),
    _rec("T/S10-018", "Glow", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S10-019", "Watcher", ["【AUTO】 When a climax is placed on your opponent's climax area, you may put this "
                                  "card into your stock."]),
    _rec("T/S10-020", "Diver", ["【AUTO】 When this card attacks, you may reveal up to 2 cards from the top of your "
                                "deck. If you revealed 1 or more cards, choose up to 1 《Glass》 character from among "
                                "them, put it into your hand, put the rest into your waiting room, choose 1 card in "
                                "your hand, and put it into your waiting room."]),
    _rec("T/S10-021", "Hermit", ["【CONT】 If you do not have any other characters in your center stage, this card gets "
                                 "+1000 power."]),
    _rec("T/S10-022", "Medic", ["【AUTO】 When this card attacks, put up to 1 card from the top of your clock into your "
                                "waiting room, and draw 1 card."]),
]  # fmt: skip
# vanilla fillers: a deck has at most 4 cards of a name (CR 5.1.2.2)
RECORDS += [_rec(f"T/S10-F{i:02d}", f"Filler {i}", traits=("Wood",)) for i in range(13)]


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws10", RECORDS)


def _deck(extra=()):
    return kit.deck_of(len(RECORDS), FLARE, extra)


def _scenario(pool, extra=(), **kw):
    return Scenario.main_phase(pool, decks=(_deck(extra), _deck(extra)), **kw)


# reading a game (ws_card_text_kit)
_power, _n, _labels, _act = kit.power, kit.count, kit.labels, kit.act


# ---------------------------------------------------------------------------- normalisation
def test_counts_spelled_in_words_read_as_digits():
    assert normalise("Put the top three cards of your deck into your waiting room.") == \
        "put the top 3 cards of your deck into your waiting room ."
    assert normalise('Choose one "One Piece"') == 'choose 1 "One Piece"'  # a name keeps its words
    r = _c("【AUTO】 When this card attacks, if you have two or more other 《Glass》 characters, this card gets "
           "+1000 power until end of turn.")
    assert r.verdict.value == "exact" and r.abilities[0]["condition"]["value"] == 2


def test_a_card_name_holding_quotes_is_read_whole(tmp_path):
    p = tmp_path / "list.json"
    p.write_text(json.dumps(RECORDS))
    res = import_ws_json(p)
    singer = next(c for c in res.cards if c.name == "Singer")
    assert singer.abilities[0].cost.reveal.name == '"Quoted" Muse'
    assert res.text_records[0].lines[0].line == RECORDS[0]["ability"][0]  # the report keeps the printed line


# ---------------------------------------------------------------------------- Resonate (CR 10.13)
def test_cr_10_13_resonate_compiles_to_a_reveal_cost():
    r = _c('【AUTO】 Resonate [(1) Reveal 1 "Plain" in your hand] When this card attacks, you may pay the cost. '
           'If you do, draw 1 card.')
    ab = r.abilities[0]
    # session 21: a named card is shown to both players (reveal_shown): exact
    assert r.verdict.value == "exact" and not r.approximations
    assert ab["keyword"] == "resonate" and ab["cost"] == {"stock": 1, "reveal": {"name": "Plain", "zone": "hand"},
                                                          "reveal_shown": True}
    r = _c('【ACT】 Resonate [Reveal 1 "Plain" in your hand & 【REST】 this card] Draw 1 card.')
    assert r.compiled and "keyword" not in r.abilities[0] and r.abilities[0]["cost"]["rest_self"]
    assert not _c('【AUTO】 Resonate [Reveal 2 "Plain" in your hand] When this card attacks, you may pay the cost. '
                  'If you do, draw 1 card.').compiled  # the engine checks one card only


@pytest.mark.parametrize("in_hand", [True, False])
def test_cr_10_13_resonate_is_payable_only_with_the_card_in_hand(pool, in_hand):
    sc = _scenario(pool)
    singer = sc.put(0, SINGER, "stage", pos=0)
    muse = sc.put(0, QUOTED if in_hand else PLAIN, "hand")
    g = sc.game()
    _act(g, "End the main phase")  # the climax phase begins: the ability triggers
    if in_hand:
        _act(g, "Use Singer")
    else:
        assert not any(t.startswith("Use Singer") for t in _labels(g))
    assert _power(g, singer) == 3000 + (2000 if in_hand else 0)
    assert int(g.state[S.ZONE + muse * S.CARD_W]) == K.Zone.HAND  # revealed, not moved


# ---------------------------------------------------------------------------- the opponent's stage
def test_conditions_on_the_opponents_characters_compile_to_filter_counts():
    r = _c("【AUTO】 When this card attacks, if the number of characters in your opponent's center stage is 1 or "
           "less, draw 1 card.")
    assert r.verdict.value == "exact"
    assert r.abilities[0]["condition"] == {"kind": "opp_filter_at_most", "value": 1, "filter": {
        "type": "character", "side": "opponent", "positions": ["center"]}}


@pytest.mark.parametrize("center, back, level, loner, bully", [
    (1, 2, 0, 4000, 3000),  # back-stage characters are not in the center stage
    (2, 0, 0, 3000, 3000),
    (0, 1, 1, 4000, 5000),  # a level 1 character anywhere on the opponent's stage
])  # fmt: skip
def test_your_opponent_has_n_or_less_characters_in_their_center_stage(pool, center, back, level, loner, bully):
    sc = _scenario(pool, extra=(PLAIN, PLAIN, PLAIN))
    lo = sc.put(0, LONER, "stage", pos=0)
    bu = sc.put(0, BULLY, "stage", pos=1)
    for i in range(center):
        sc.put(1, PLAIN, "stage", pos=i)
    for i in range(back):
        sc.put(1, ELDER if level and i == 0 else PLAIN, "stage", pos=3 + i)
    g = sc.game()
    assert (_power(g, lo), _power(g, bu)) == (loner, bully)


# ---------------------------------------------------------------------------- repeated actions
def test_perform_the_following_action_n_times_writes_the_action_n_times():
    r = _c('【AUTO】 When this card attacks, perform the following action 3 times. "Deal 1 damage to your opponent."')
    assert r.verdict.value == "exact" and [o["op"] for o in r.abilities[0]["effect"]] == ["damage"] * 3


def test_perform_the_following_action_two_times_through_the_engine(pool):
    sc = _scenario(pool)
    sc.put(0, MILLER, "stage", pos=0)
    g = sc.game()
    _act(g, "End the main phase")
    wr = _n(g, "WR")
    _act(g, "Direct attack with Miller")
    assert _n(g, "WR") == wr + 2


# ---------------------------------------------------------------------------- trigger checks
def test_cr_7_3_1_2_perform_a_trigger_check_n_times_compiles_to_trigger_checks():
    r = _c("【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, during that attack, perform a "
           "trigger check 2 times on the trigger step.")
    assert r.verdict.value == "exact" and r.abilities[0]["effect"] == [{"op": "trigger_checks", "count": 2}]
    # resolved elsewhere than at the attack's declaration, "that attack" has no trigger step left
    assert not _c("【AUTO】 When this card is frontal attacked, during that attack, perform a trigger check 2 times "
                  "on the trigger step.").compiled


@pytest.mark.parametrize("pay", [True, False])
def test_cr_7_3_1_2_the_trigger_step_performs_the_extra_trigger_checks(pool, pay):
    sc = _scenario(pool)
    twin = sc.put(0, TWIN, "stage", pos=0)
    sc.put(0, PLAIN, "stock")
    g = sc.game()
    _act(g, "End the main phase")
    deck = _n(g, "DECK")
    _act(g, "Direct attack with Twin")
    _act(g, "Use Twin" if pay else "Decline Twin")
    # each trigger check reveals the top card of the deck and puts it into the stock (CR 7.3.1.2)
    assert _n(g, "DECK") == deck - (2 if pay else 1)
    assert _n(g, "STOCK") == 2  # paid its 1 card, then 2 checks; or that card kept and 1 check
    assert (int(g.state[S.USES + twin * S.CARD_W]) >> K.EXTRA_TRIG_SHIFT) & K.EXTRA_TRIG_MASK == 0  # attack over


# ---------------------------------------------------------------------------- the revealed card
def test_if_that_card_is_an_event_or_a_trait_character_compiles_to_two_filters():
    r = _c("【AUTO】 When this card attacks, reveal the top card of your deck. If that card is an event or a 《Glass》 "
           "character, draw 1 card.")
    assert r.verdict.value == "exact"  # the card is shown to both players (engine.reveals, the observations)
    rev = r.abilities[0]["effect"][0]
    assert rev["op"] == "reveal_top" and rev["filter"] == {"type": "event", "zone": "deck"}
    assert rev["filter_or"] == {"type": "character", "trait": "Glass", "zone": "deck"}


@pytest.mark.parametrize("top, drawn", [(SPARK, 1), (PLAIN, 1), (WOOD, 0), (FLARE, 0)])
def test_the_revealed_card_matches_either_kind(pool, top, drawn):
    sc = _scenario(pool)
    sc.put(0, PEEKER, "stage", pos=0)
    sc.stack_deck(0, [top])
    g = sc.game()
    _act(g, "End the main phase")
    hand = _n(g, "HAND")
    _act(g, "Direct attack with Peeker")  # the attack, then the turn ends (no other attacker)
    assert _n(g, "HAND") == hand + drawn
    # revealed: both players' observations show the card (the `revealed` block: mine first, then the opponent's)
    from tcg_env.games.weiss_schwarz import observation as O
    from tcg_env.games.weiss_schwarz.cards import card_obs_rows

    want = card_obs_rows(np.asarray(g.pool.cards))[top]
    width = O.CARD_FEATURES
    mine, theirs = g.observe(0), g.observe(1)
    np.testing.assert_array_equal(mine[O.OBS_REVEALED : O.OBS_REVEALED + width], want)
    other = O.OBS_REVEALED + K.REVEAL_ROWS * width
    np.testing.assert_array_equal(theirs[other : other + width], want)
    assert not theirs[O.OBS_REVEALED : other].any()


# ---------------------------------------------------------------------------- facing
@pytest.mark.parametrize("facing", [True, False])
def test_if_there_is_a_character_facing_this_card(pool, facing):
    sc = _scenario(pool)
    me = sc.put(0, FACED, "stage", pos=1)
    sc.put(1, PLAIN, "stage", pos=1 if facing else 3)  # the center position across, or the back stage
    g = sc.game()
    assert _power(g, me) == 3000 + (1000 if facing else 0)


# ---------------------------------------------------------------------------- stage characters as a cost
def test_cr_8_4_a_cost_putting_characters_from_your_stage_into_your_waiting_room():
    r = _c("【AUTO】 [(1) Put 1 other 《Glass》 character from your stage into your waiting room] When this card attacks, "
           "you may pay the cost. If you do, draw 1 card.")
    assert r.verdict.value == "exact"  # the player chooses them (the PAY_COST decision, session 12)
    assert r.abilities[0]["cost"] == {"stock": 1, "rest_other": 1, "stage_to_wr": True, "rest_other_filter": {
        "type": "character", "trait": "Glass", "relation": "other"}}


@pytest.mark.parametrize("other, choose", [(True, "Plain"), (True, "Pyre"), (False, "Pyre")])
def test_cr_8_4_the_player_chooses_the_stage_characters_of_a_cost(pool, other, choose):
    sc = _scenario(pool)
    pyre = sc.put(0, PYRE, "stage", pos=0)
    plain = sc.put(0, PLAIN, "stage", pos=3, orient=K.Orientation.REST) if other else -1  # any orientation
    g = sc.game()
    _act(g, "End the main phase")
    hand = _n(g, "HAND")
    _act(g, "Direct attack with Pyre")
    _act(g, "Use Pyre")
    # "1 character": this card too; the player chooses (CR 8.4), one stage position per character
    offered = sorted(t.split("(")[1].split(")")[0] for t in _labels(g))
    assert offered == (["Plain", "Pyre"] if other else ["Pyre"])
    _act(g, f"Choose own {'center left' if choose == 'Pyre' else 'back left'}")
    zone = lambda sl: int(g.state[S.ZONE + sl * S.CARD_W])  # noqa: E731
    assert zone(pyre) == (K.Zone.WAITING_ROOM if choose == "Pyre" else K.Zone.STAGE)
    if other:
        assert zone(plain) == (K.Zone.WAITING_ROOM if choose == "Plain" else K.Zone.STAGE)
    assert _n(g, "HAND") == hand + 1


# ---------------------------------------------------------------------------- placed this turn
def test_during_the_turn_that_this_card_is_placed_from_your_hand_compiles_to_a_condition():
    r = _c("【AUTO】 This ability activates up to 1 time per turn. During the turn that this card is placed on the "
           "stage from your hand, when this card attacks, draw 1 card.")
    # exact since session 22 (PLACED_NOT_PLAYED: a placement another way does not count)
    assert r.verdict.value == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "played_this_turn"}


@pytest.mark.parametrize("played", [True, False])
def test_during_the_turn_that_this_card_is_placed_on_the_stage_from_your_hand(pool, played):
    sc = _scenario(pool)
    if not played:
        sc.put(0, ROOKIE, "stage", pos=0)  # on the stage since an earlier turn
    else:
        sc.put(0, ROOKIE, "hand")
    g = sc.game()
    if played:
        _act(g, "Play Rookie to center left")
    _act(g, "End the main phase")
    hand = _n(g, "HAND")
    _act(g, "Direct attack with Rookie")
    assert _n(g, "HAND") == hand + int(played)


# ---------------------------------------------------------------------------- deal X damage
@pytest.mark.parametrize("milled, x", [((FLARE, GLOW), 2), ((PLAIN, FLARE), 1), ((PLAIN, WOOD), 0)])
def test_deal_x_damage_x_the_number_of_climax_among_those_cards(pool, milled, x):
    r = _c("【AUTO】 When this card attacks, put the top 2 cards of your deck into your waiting room, and deal X damage "
           "to your opponent. X is equal to the number of climax among those cards.")
    assert r.verdict.value == "exact" and r.abilities[0]["effect"][1] == {"op": "damage", "amount": "x"}
    sc = _scenario(pool, extra=(WOOD, WOOD))
    sc.put(0, GUNNER, "stage", pos=0)
    sc.stack_deck(0, [*milled, ELDER])  # then the trigger check: no icon
    sc.stack_deck(1, [PLAIN, WOOD, ELDER, MILLER])  # (distinct cards) no damage is canceled
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Direct attack with Gunner")
    assert _n(g, "CLOCK", 1) == x + 2  # X, then the direct attack's 1 + 1 soul (CR 7.2.1.4.1)


@pytest.mark.parametrize("top, x", [(ELDER, 2), (PLAIN, 1)])
def test_deal_x_damage_x_that_cards_level_plus_1(pool, top, x):
    sc = _scenario(pool, extra=(WOOD, WOOD))
    sc.put(0, LANCER, "stage", pos=0)
    sc.stack_deck(0, [top, WOOD])
    sc.stack_deck(1, [PLAIN, WOOD, ELDER, MILLER])
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Direct attack with Lancer")
    assert _n(g, "CLOCK", 1) == x + 2


# ---------------------------------------------------------------------------- the opponent's climax
@pytest.mark.parametrize("use", [True, False])
def test_when_a_climax_is_placed_on_your_opponents_climax_area(pool, use):
    sc = _scenario(pool)
    watcher = sc.put(1, WATCHER, "stage", pos=0)
    mine = sc.put(0, WATCHER, "stage", pos=0)  # the player's own: not triggered by its own climax
    sc.put(0, FLARE, "hand")
    sc.put(0, PLAIN, "clock")  # a yellow card in the clock: Flare's colour (CR 6.6.1.2.1)
    g = sc.game()
    _act(g, "End the main phase")
    labels = [t for t in _labels(g) if "Flare" in t]
    assert labels, _labels(g)
    _act(g, labels[0])  # the climax phase: play Flare
    _act(g, "Use Watcher" if use else "Decline Watcher")
    assert int(g.state[S.ZONE + watcher * S.CARD_W]) == (K.Zone.STOCK if use else K.Zone.STAGE)
    assert int(g.state[S.ZONE + mine * S.CARD_W]) == K.Zone.STAGE


# ---------------------------------------------------------------------------- reveal up to N
def test_you_may_reveal_up_to_n_cards_compiles_to_an_up_to_look_that_reveals():
    r = _c("【AUTO】 When this card attacks, you may reveal up to 3 cards from the top of your deck. If you revealed 1 "
           "or more cards, choose up to 1 《Glass》 character from among them, put it into your hand, put the rest into "
           "your waiting room, choose 1 card in your hand, and put it into your waiting room.")
    # exact since session 21 (test_ws_card_text_s21b; before: look_exactly_n, reveal_unseen)
    assert r.verdict.value == "exact"
    look, after = r.abilities[0]["effect"]
    assert look["op"] == "look_top" and look["reveal"] and look["up_to"]
    assert after["op"] == "if_stored" and [o["op"] for o in after["then"]] == ["choose", "to_waiting_room"]


@pytest.mark.parametrize("use", [True, False])
def test_you_may_reveal_up_to_n_cards_and_take_one_of_them(pool, use):
    sc = _scenario(pool)
    sc.put(0, DIVER, "stage", pos=0)
    sc.stack_deck(0, [PLAIN, WOOD, ELDER])
    g = sc.game()
    _act(g, "End the main phase")
    wr, deck = _n(g, "WR"), _n(g, "DECK")
    _act(g, "Direct attack with Diver")
    if use:
        _act(g, "Look at one more card")
        _act(g, "Look at one more card")  # up to 2: Plain and Wood revealed
        assert [t.split(" for ")[0] for t in _labels(g)] == ["Pass / stop choosing", "Choose Plain"]  # Glass only
        _act(g, "Choose Plain")  # into the hand; Wood into the waiting room
        _act(g, "Choose Plain")  # then a hand card into the waiting room
    else:
        _act(g, "Stop looking at cards")  # none revealed: nothing follows
    assert _n(g, "WR") == wr + (2 if use else 0)
    assert _n(g, "DECK") == deck - (3 if use else 1)  # the 2 revealed, the trigger check's card


# ---------------------------------------------------------------------------- none of your other characters
@pytest.mark.parametrize("other_pos, bonus", [(None, 1000), (3, 1000), (2, 0)])
def test_if_you_do_not_have_any_other_characters_in_your_center_stage(pool, other_pos, bonus):
    sc = _scenario(pool)
    me = sc.put(0, HERMIT, "stage", pos=1)
    if other_pos is not None:
        sc.put(0, PLAIN, "stage", pos=other_pos)  # the back stage (3) or the center stage (2)
    g = sc.game()
    assert _power(g, me) == 3000 + bonus


# ---------------------------------------------------------------------------- up to 1 from the clock
@pytest.mark.parametrize("use", [True, False])
def test_put_up_to_1_card_from_the_top_of_your_clock_into_your_waiting_room(pool, use):
    r = _c("【AUTO】 When this card attacks, put up to 1 card from the top of your clock into your waiting room, and "
           "this card gets +1500 power until end of turn.")
    assert r.verdict.value == "exact"
    assert [o["op"] for o in r.abilities[0]["effect"]] == ["may", "target_self", "power"]  # the power in any case
    sc = _scenario(pool)
    sc.put(0, MEDIC, "stage", pos=0)
    sc.put(0, PLAIN, "clock")
    g = sc.game()
    _act(g, "End the main phase")
    hand = _n(g, "HAND")
    _act(g, "Direct attack with Medic")
    _act(g, "Use Medic" if use else "Decline Medic")
    assert _n(g, "CLOCK") == (0 if use else 1)
    assert _n(g, "HAND") == hand + 1  # drawn either way
