"""Weiss Schwarz card text, session 11 pieces: made-up lines in the card language compiled, and on a
small imported list what the engine does with them ("when you play an event", the opponent's deck
milled, "if there is a level N or higher card among those cards", the facing character's
restriction, two abilities in one database entry, ...)."""

from __future__ import annotations


import pytest

from tcg_env.engine.header import H_DECIDER
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line, normalise, split_abilities
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, **card):
    return compile_line(line, {"type": "character", "name": "Tester", "traits": ["Glass"], **card})


FAN, SPARK, PLAIN, FLARE, SIPHON, SIFTER, WARDEN, ELDER, LOOKOUT, PAIR, TWINA, TWINB, WOOD, MOVER, KEEPER, \
    SCOUT, CLOCKER, CHARGER, SINKER, STACKER, VETERAN, CORNER, SHIFTER, FLIPPER, GIANT = range(25)
RECORDS = [
    _rec("T/S11-001", "Fan", ["【AUTO】 This ability activates up to 1 time per turn. When you play an event, this card "
                              "gets +2000 power until end of turn."]),
    _rec("T/S11-002", "Spark", ["Draw 1 card."], type="Event"),
    _rec("T/S11-003", "Plain"),
    _rec("T/S11-004", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S11-005", "Siphon", ["【AUTO】 When this card attacks, put the top 2 cards of your opponent's deck into their "
                                 "waiting room."]),
    _rec("T/S11-006", "Sifter", ["【AUTO】 When this card attacks, put the top 2 cards of your deck into your waiting "
                                 "room. If there is a level 1 or higher card among those cards, draw 1 card."]),
    _rec("T/S11-007", "Warden", ["【CONT】 The character facing this card cannot move to another position of the "
                                 "stage."]),
    _rec("T/S11-008", "Elder", level="1", cost="0"),
    _rec("T/S11-009", "Lookout", ["【CONT】 If you have 1 or less other 《Wood》 characters, this card gets +1000 power."]),
    # two abilities in one database entry
    _rec("T/S11-010", "Pair", ["【CONT】 This card gets +1000 power. 【CONT】 All of your other \"Twin A\" and \"Twin B\" "
                               "get +500 power."]),
    _rec("T/S11-011", "Twin A"),
    _rec("T/S11-012", "Twin B"),
    _rec("T/S11-013", "Wood", traits=("Wood",)),
    _rec("T/S11-014", "Mover", ["【ACT】 [【REST】 this card] Choose 1 of your other characters, and move it to an open "
                                "position of your stage."]),
    _rec("T/S11-015", "Keeper", ["【CONT】 If you have another 《Wood》 character, this card gets +500 power and the "
                                 "following ability. \"【CONT】 During your turn, this card gets +1000 power.\""]),
    _rec("T/S11-016", "Scout", ["【AUTO】 When this card attacks, look at up to 3 cards from the top of your deck, "
                                "choose up to 1 climax from among them, reveal it to your opponent, put it into your "
                                "hand, and put the rest into your waiting room. If you put 1 card into your hand, "
                                "choose 1 card in your hand, and put it into your waiting room."]),
    _rec("T/S11-017", "Clocker", ["【AUTO】 [Put 1 《Wood》 character from your hand into your clock] When this card "
                                  "attacks, you may pay the cost. If you do, draw 1 card."]),
    _rec("T/S11-018", "Charger", ["【AUTO】 When this card frontal attacks, draw 1 card."]),
    _rec("T/S11-019", "Sinker", ["【ACT】 [Put 1 card from your hand into your waiting room & Put this card at the bottom "
                                 "of your deck] Choose 1 character in your waiting room, and return it to your hand."]),
    _rec("T/S11-020", "Stacker", ["【CONT】 This card gets +1000 power for each marker underneath this card.",
                                  "【ACT】 [【REST】 this card] Choose 1 card in your hand, and put it face down underneath "
                                  "this card as a marker."]),
    _rec("T/S11-021", "Veteran", ["【CONT】 Experience If \"Elder\" is in your level, this card gets +2000 power."]),
    _rec("T/S11-022", "Corner", ["【CONT】 If you have 1 or less other characters in your center stage, this card gets "
                                 "+1000 power."]),
    _rec("T/S11-023", "Shifter", ["【AUTO】 At the beginning of your opponent's attack phase, you may move this card to an "
                                  "open position of your center stage with a character facing this card."]),
    _rec("T/S11-024", "Flipper", ["【AUTO】 When this card is placed on the stage from your hand, choose up to 1 of your "
                                  "opponent's characters, put it into their memory, and your opponent puts that "
                                  "character from their memory on any position of their stage."]),
    _rec("T/S11-025", "Giant", ["【CONT】 If your opponent has a level 1 or higher character, this card gets -1 level "
                                "while in your hand."], level="1"),
]  # fmt: skip
# vanilla fillers: a deck has at most 4 cards of a name (CR 5.1.2.2)
RECORDS += [_rec(f"T/S11-F{i:02d}", f"Filler {i}", traits=("Wood",)) for i in range(13)]


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws11", RECORDS)


def _deck(extra=()):
    return kit.deck_of(len(RECORDS), FLARE, extra)


def _scenario(pool, extra=(), **kw):
    return Scenario.main_phase(pool, decks=(_deck(extra), _deck(extra)), **kw)


# reading a game (ws_card_text_kit)
_power, _n, _labels, _act = kit.power, kit.count, kit.labels, kit.act


# ---------------------------------------------------------------------------- normalisation
def test_full_width_letters_and_lost_spaces_are_normalised():
    assert normalise("When?this?card?attacks, ｆｒｏｍ Ｘ") == "when this card attacks , from x"
    assert normalise('"Who?Me" ?') == '"Who?Me" ?'  # a name keeps its characters; a lone "?" stays


def test_two_abilities_in_one_database_entry_are_two_lines():
    assert split_abilities("【CONT】 This card gets +1000 power. 【AUTO】 When this card attacks, draw 1 card.") == [
        "【CONT】 This card gets +1000 power.", "【AUTO】 When this card attacks, draw 1 card."]
    # a granted ability (in quotes) and reminder text (in parentheses) stay in their line
    one = ('【AUTO】 When this card attacks, this card gets the following ability until end of turn. "【CONT】 This '
           'card cannot be chosen by your opponent\'s effects."')
    assert split_abilities(one) == [one]
    one = '【AUTO】 When this card attacks, draw 1 card. (You cannot use the "【AUTO】 Encore" rule.) '
    assert split_abilities(one) == [one.strip()]
    assert split_abilities("【ACT】 [(1)] When you use an 【ACT】, draw 1 card.") == [
        "【ACT】 [(1)] When you use an 【ACT】, draw 1 card."]


def test_two_abilities_in_one_entry_both_apply(pool):
    sc = _scenario(pool)
    pair = sc.put(0, PAIR, "stage", pos=0)
    a = sc.put(0, TWINA, "stage", pos=1)
    b = sc.put(0, TWINB, "stage", pos=2)
    other = sc.put(0, PLAIN, "stage", pos=3)
    g = sc.game()
    assert (_power(g, pair), _power(g, a), _power(g, b), _power(g, other)) == (4000, 3500, 3500, 3000)


# ---------------------------------------------------------------------------- when you play an event
def test_cr_8_6_2_when_you_play_an_event_compiles_to_a_trigger():
    r = _c("【AUTO】 When you play an event, you may put this card into your stock.")
    assert r.verdict.value == "exact" and r.abilities[0]["trigger"] == "event_played"


def test_cr_8_6_2_4_2_when_you_play_an_event_plays_after_the_event(pool):
    sc = _scenario(pool)
    fan = sc.put(0, FAN, "stage", pos=0)
    opp_fan = sc.put(1, FAN, "stage", pos=0)  # the opponent's: not its master's event
    sc.put(0, SPARK, "hand")
    sc.put(0, SPARK, "hand")
    g = sc.game()
    hand = _n(g, "HAND")
    _act(g, "Play event Spark")
    assert _n(g, "HAND") == hand - 1 + 1  # the event resolved (a card drawn) ...
    assert _power(g, fan) == 5000 and _power(g, opp_fan) == 3000  # ... and the ability
    _act(g, "Play event Spark")
    assert _power(g, fan) == 5000  # up to 1 time per turn


# ---------------------------------------------------------------------------- the opponent's deck
def test_put_the_top_n_cards_of_your_opponents_deck_into_their_waiting_room(pool):
    r = _c("【AUTO】 When you use this card's \"Backup\", put the top three cards of your opponent's deck into his or "
           "her waiting room.")
    assert r.verdict.value == "exact" and r.abilities[0]["effect"] == [{"op": "mill", "count": 3, "who": "opponent"}]
    sc = _scenario(pool)
    sc.put(0, SIPHON, "stage", pos=0)
    second = sc.put(1, WOOD, "deck")
    top = sc.put(1, PLAIN, "deck")
    g = sc.game()
    _act(g, "End the main phase")
    deck0 = _n(g, "DECK")
    _act(g, "Direct attack with Siphon")
    assert [int(g.state[S.ZONE + sl * S.CARD_W]) for sl in (top, second)] == [K.Zone.WAITING_ROOM] * 2
    assert _n(g, "DECK") == deck0 - 1  # only the trigger check's card of the attacker's own deck


def test_put_x_cards_from_the_top_of_your_opponents_deck():
    r = _c("【AUTO】 When this card attacks, put X cards from the top of your opponent's deck into their waiting room. "
           "X is equal to the number of 《Glass》 characters you have.")
    assert r.verdict.value == "exact"
    assert r.abilities[0]["effect"] == [{"op": "count", "filter": {"type": "character", "trait": "Glass"}},
                                        {"op": "mill", "count": "x", "who": "opponent"}]


# ---------------------------------------------------------------------------- a card among those cards
def test_if_there_is_a_level_n_card_among_those_cards_compiles_to_mill_count():
    r = _c("【AUTO】 When this card attacks, put the top 2 cards of your deck into your waiting room. If there is a "
           "level 2 or higher card among those cards, draw 1 card.")
    assert r.verdict.value == "exact"
    assert r.abilities[0]["effect"] == [
        {"op": "mill_count", "count": 2, "filter": {"level_min": 2, "zone": "waiting_room"}},
        {"op": "if_stored", "then": [{"op": "draw", "count": 1}]}]


@pytest.mark.parametrize("milled, drawn", [((PLAIN, ELDER), 1), ((PLAIN, FLARE), 0), ((ELDER, ELDER), 1)])
def test_if_there_is_a_level_1_or_higher_card_among_those_cards(pool, milled, drawn):
    sc = _scenario(pool)
    sc.put(0, SIFTER, "stage", pos=0)
    sc.stack_deck(0, [*milled, WOOD])
    g = sc.game()
    _act(g, "End the main phase")
    hand = _n(g, "HAND")
    _act(g, "Direct attack with Sifter")
    assert _n(g, "HAND") == hand + drawn  # a climax is level 0 (CR 2.6)


# ---------------------------------------------------------------------------- the facing character
def test_the_character_facing_this_card_cannot_move(pool):
    r = _c("【CONT】 The character facing this card cannot move to another position on the stage.")
    assert r.verdict.value == "exact" and r.abilities[0]["effect"][0]["filter"]["relation"] == "facing"
    sc = _scenario(pool, turn_player=1)
    sc.put(0, WARDEN, "stage", pos=1)
    facing = sc.put(1, PLAIN, "stage", pos=1)  # center middle faces center middle (CR 3.6.5)
    free = sc.put(1, PLAIN, "stage", pos=0)
    g = sc.game()
    assert int(g.state[S.D_RST + facing * S.CARD_W]) & K.RESTRICT_CANT_MOVE
    assert not int(g.state[S.D_RST + free * S.CARD_W]) & K.RESTRICT_CANT_MOVE
    moves = [t for t in _labels(g) if t.startswith("Swap")]
    assert moves and not any("center middle" in t for t in moves), moves  # CR 6.5.1.2.4 moves


def test_a_character_that_cannot_move_is_not_moved_by_an_effect(pool):
    sc = _scenario(pool, turn_player=1)
    sc.put(0, WARDEN, "stage", pos=1)
    facing = sc.put(1, PLAIN, "stage", pos=1)
    sc.put(1, MOVER, "stage", pos=0)
    g = sc.game()
    _act(g, "Use ability 0 of Mover")
    _act(g, "Choose own center middle")  # the only other character: chosen (CR 8.6.3.1), then not moved
    assert int(g.state[S.POS + facing * S.CARD_W]) == 1  # still in the center middle
    assert _labels(g)[0] == "End the main phase"  # the effect is over: no position to choose


# ---------------------------------------------------------------------------- you have N or less
def test_you_have_n_or_less_other_trait_characters_compiles_to_own_filter_at_most():
    r = _c("【CONT】 If you have 1 or less other 《Wood》 or 《Glass》 characters, this card gets +1000 power.")
    assert r.verdict.value == "exact" and r.abilities[0]["condition"] == {
        "kind": "own_filter_at_most", "value": 1,
        "filter": {"type": "character", "trait": "Wood", "trait_or": "Glass", "relation": "other"}}


@pytest.mark.parametrize("woods, bonus", [(0, 1000), (1, 1000), (2, 0)])
def test_if_you_have_1_or_less_other_trait_characters(pool, woods, bonus):
    sc = _scenario(pool, extra=(WOOD, WOOD))
    me = sc.put(0, LOOKOUT, "stage", pos=0)
    sc.put(0, PLAIN, "stage", pos=1)  # not a <<Wood>> character
    for i in range(woods):
        sc.put(0, WOOD, "stage", pos=3 + i)
    g = sc.game()
    assert _power(g, me) == 3000 + bonus


def test_more_conditions_and_gains_in_the_card_language():
    for line in ("【CONT】 If your hand has 5 or less cards, this card gets +1000 power.",
                 "【CONT】 If the number of cards in your clock is zero, this card cannot attack.",
                 "【CONT】 If there are 2 or more 《Glass》 characters in your memory, this card gets +1000 power.",
                 "【CONT】 If your opponent's center stage has 1 or less characters, this card gets +1000 power.",
                 "【CONT】 If your hand has 5 or more cards, this card gets +1 level, +1500 power and +1 soul.",
                 "【AUTO】 [(1) Put a card from the top of your deck into your clock] When this card attacks, you may "
                 "pay the cost. If you do, draw a card."):  # fmt: skip
        assert _c(line).verdict.value == "exact", line
    r = _c("【CONT】 All of your other cards named \"Plain\" get +500 power.")
    assert r.abilities[0]["effect"][0]["filter"] == {"type": "character", "relation": "other", "name": "Plain"}


# ---------------------------------------------------------------------------- a [CONT] ability granted to this card
def test_a_cont_ability_granted_to_this_card_is_a_cont_ability_under_both_conditions():
    r = _c("【CONT】 If you have another 《Wood》 character, this card gets +500 power and the following ability. "
           "\"【CONT】 During your turn, this card gets +1000 power.\"")
    assert r.verdict.value == "exact" and len(r.abilities) == 2
    cond = {"kind": "trait_count_at_least", "trait": "Wood", "value": 1}
    assert r.abilities[1] == {"kind": "cont", "whose": "yours", "condition": cond, "effect": [
        {"op": "aura_power", "amount": 1000, "filter": {"type": "character", "relation": "self"}}]}
    # granted to other characters, it is theirs: a granted ability row they apply (session 15)
    r = _c("【CONT】 All of your other \"Plain\" get the following ability. \"【CONT】 During your turn, this card gets "
           "+1000 power.\"")
    assert r.verdict.value == "exact" and r.abilities[0]["effect"][0]["op"] == "aura_grant_ability", r.reason


@pytest.mark.parametrize("wood, mine, power", [(True, True, 4500), (True, False, 3500), (False, True, 3000)])
def test_cr_8_1_1_3_the_granted_cont_ability_works_while_granted(pool, wood, mine, power):
    sc = _scenario(pool, turn_player=0 if mine else 1)
    keeper = sc.put(0, KEEPER, "stage", pos=0)
    if wood:
        sc.put(0, WOOD, "stage", pos=3)
    g = sc.game()
    assert _power(g, keeper) == power


# ---------------------------------------------------------------------------- if you put N cards into your hand
def test_if_you_put_1_card_into_your_hand_compiles_to_a_stored_count():
    r = _c(RECORDS[SCOUT]["ability"][0])
    look, test = r.abilities[0]["effect"]
    assert look["op"] == "look_top" and look["store_taken"] and test["op"] == "if_stored"


@pytest.mark.parametrize("climax", [True, False])
def test_if_you_put_1_card_into_your_hand_then_discard(pool, climax):
    sc = _scenario(pool)
    sc.put(0, SCOUT, "stage", pos=0)
    sc.stack_deck(0, [FLARE if climax else PLAIN, WOOD, ELDER, PLAIN])
    sc.put(0, PLAIN, "hand")
    g = sc.game()
    _act(g, "End the main phase")
    hand, wr = _n(g, "HAND"), _n(g, "WR")
    _act(g, "Direct attack with Scout")
    kit.look_all(g)
    if climax:
        _act(g, "Choose Flare")  # the climax into the hand ...
        assert _n(g, "HAND") == hand + 1
        _act(g, "Choose Plain")  # ... so a card of the hand into the waiting room
    assert _n(g, "HAND") == hand
    assert _n(g, "WR") == wr + 3  # the 2 (or 3) not taken, and the one discarded


# ---------------------------------------------------------------------------- a hand-to-clock cost of some cards
@pytest.mark.parametrize("wood", [True, False])
def test_cr_8_4_a_cost_putting_a_trait_character_from_your_hand_into_your_clock(pool, wood):
    sc = _scenario(pool)
    sc.put(0, CLOCKER, "stage", pos=0)
    plain = sc.put(0, PLAIN, "hand")
    w = sc.put(0, WOOD, "hand") if wood else -1
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Direct attack with Clocker")
    labels = _labels(g)
    if not wood:  # only a <<Glass>> card in the hand: the cost cannot be paid (CR 8.4.2)
        assert not any(t.startswith("Use Clocker") for t in labels), labels
        return
    _act(g, "Use Clocker")
    pays = [t.split(" for ")[0] for t in _labels(g) if t.startswith("Pay with")]
    assert pays == ["Pay with Wood"], pays
    _act(g, "Pay with Wood")
    assert int(g.state[S.ZONE + w * S.CARD_W]) == K.Zone.CLOCK
    assert int(g.state[S.ZONE + plain * S.CARD_W]) == K.Zone.HAND


# ---------------------------------------------------------------------------- when this card frontal attacks
@pytest.mark.parametrize("frontal", [True, False])
def test_cr_7_2_1_6_when_this_card_frontal_attacks(pool, frontal):
    sc = _scenario(pool)
    sc.put(0, CHARGER, "stage", pos=1)
    if frontal:
        sc.put(1, PLAIN, "stage", pos=1)  # a character across: a frontal attack may be declared
    g = sc.game()
    _act(g, "End the main phase")
    hand = _n(g, "HAND")
    _act(g, "Frontal attack with Charger" if frontal else "Direct attack with Charger")
    assert _n(g, "HAND") == hand + int(frontal)


# ---------------------------------------------------------------------------- this card at the bottom of the deck
def test_cr_8_4_a_cost_putting_this_card_at_the_bottom_of_your_deck(pool):
    sc = _scenario(pool)
    sinker = sc.put(0, SINKER, "stage", pos=0)
    sc.put(0, WOOD, "hand")
    elder = sc.put(0, ELDER, "waiting_room")
    g = sc.game()
    deck = _n(g, "DECK")
    _act(g, "Use ability 0 of Sinker")
    _act(g, "Pay with Wood")
    assert int(g.state[S.ZONE + sinker * S.CARD_W]) == K.Zone.DECK
    assert int(g.state[S.DECK_L]) == sinker and _n(g, "DECK") == deck + 1  # the bottom: the list's first card
    _act(g, "Choose")
    assert int(g.state[S.ZONE + elder * S.CARD_W]) == K.Zone.HAND or _n(g, "HAND") == 1


# ---------------------------------------------------------------------------- markers, the level, the center stage
def test_cr_3_5_3_this_card_gets_power_for_each_marker_underneath_it(pool):
    r = _c("【CONT】 This card gets +1000 power for each marker underneath this card.")
    assert r.verdict.value == "exact" and r.abilities[0]["effect"][0]["counted"] == "markers"
    sc = _scenario(pool)
    me = sc.put(0, STACKER, "stage", pos=0)
    sc.put(0, PLAIN, "hand")
    g = sc.game()
    assert _power(g, me) == 3000
    _act(g, "Use ability 0 of Stacker")
    _act(g, "Choose Plain")
    assert int(g.state[S.MARKER_N]) == 1 and _power(g, me) == 4000


@pytest.mark.parametrize("in_level, power", [(True, 5000), (False, 3000)])
def test_cr_10_10_a_name_in_your_level(pool, in_level, power):
    r = _c("【CONT】 Experience If \"Elder\" is in your level, this card gets +2000 power.")
    assert r.verdict.value == "exact" and r.abilities[0]["condition"] == {"kind": "named_in_level", "name": "Elder"}
    sc = _scenario(pool)
    me = sc.put(0, VETERAN, "stage", pos=0)
    sc.put(0, ELDER if in_level else PLAIN, "level")
    g = sc.game()
    assert _power(g, me) == power


@pytest.mark.parametrize("center, back, bonus", [(1, 2, 1000), (2, 0, 0)])
def test_if_you_have_1_or_less_other_characters_in_your_center_stage(pool, center, back, bonus):
    sc = _scenario(pool, extra=(PLAIN, PLAIN))
    me = sc.put(0, CORNER, "stage", pos=0)
    for i in range(center):
        sc.put(0, PLAIN, "stage", pos=1 + i)
    for i in range(back):
        sc.put(0, PLAIN, "stage", pos=3 + i)
    g = sc.game()
    assert _power(g, me) == 3000 + bonus


# ---------------------------------------------------------------------------- a position with a character facing it
def test_cr_3_6_5_move_this_card_to_an_open_position_with_a_character_facing_it(pool):
    sc = _scenario(pool, turn_player=1)
    me = sc.put(0, SHIFTER, "stage", pos=3)
    sc.put(0, PLAIN, "stage", pos=1)  # the center middle is not open
    sc.put(1, PLAIN, "stage", pos=0)  # faces player 0's center right
    sc.put(1, WOOD, "stage", pos=1)  # faces the center middle
    g = sc.game()
    _act(g, "End the main phase")  # player 1's attack phase begins: Shifter's ability (CR 7.2.1.1)
    _act(g, "Use Shifter")
    labels = _labels(g)
    assert len(labels) == 1 and "center right" in labels[0], labels  # not the center left: no one faces it
    g.step(int(g.legal_actions()[0]))
    assert int(g.state[S.POS + me * S.CARD_W]) == 2


# ---------------------------------------------------------------------------- the opponent puts it on their stage
def test_cr_3_1_4_your_opponent_puts_that_character_from_their_memory_on_their_stage(pool):
    sc = _scenario(pool)
    sc.put(0, FLIPPER, "hand")
    them = sc.put(1, PLAIN, "stage", pos=0, orient=K.Orientation.REST)
    g = sc.game()
    _act(g, "Play Flipper to center left")
    _act(g, "Choose opponent's center left")  # into their memory ...
    assert int(g.state[S.ZONE + them * S.CARD_W]) == K.Zone.MEMORY
    assert int(g.state[H_DECIDER]) == 1  # ... and its owner chooses the position (TO_STAGE_BY_OWNER)
    _act(g, "Choose own back right")
    assert int(g.state[S.ZONE + them * S.CARD_W]) == K.Zone.STAGE and int(g.state[S.POS + them * S.CARD_W]) == 4
    assert int(g.state[S.ORIENT + them * S.CARD_W]) == K.Orientation.STAND  # a new card (CR 3.1.4)


# ---------------------------------------------------------------------------- a level in the hand
@pytest.mark.parametrize("theirs, playable", [(ELDER, True), (PLAIN, False)])
def test_cr_8_6_2_1_a_level_in_the_hand_under_a_condition_on_the_opponents_characters(pool, theirs, playable):
    sc = _scenario(pool)
    sc.put(0, GIANT, "hand")
    sc.put(1, theirs, "stage", pos=3)  # a level 1 (Elder) or level 0 character of the opponent
    g = sc.game()
    assert int(g.state[S.LEVEL_N]) == 0  # level 0: only a card of level 0 in the hand can be played
    assert any(t.startswith("Play Giant") for t in _labels(g)) == playable
