"""Weiss Schwarz card text, session 22 (branch s22-wsa): made-up lines in the card language compiled, and on a
small imported list what the engine does with them: "when your character is put into the waiting room from your
hand" (a zone change activation, CR 8.7.4: discards as costs and by effects, the hand limit of CR 6.8.1.2), X counted
over the characters you have with a name part or in a stage part (the opponent's too), "when you use an [ACT]"
(CR 8.1.1.1.2) printed without its comma, a player's Encore lock as the last of the gains (CR 10.2)."""

from __future__ import annotations

import pytest

from tcg_env.engine.header import H_DECIDER
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.card_text import compile_line

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


_WATCHER_TEXT = ("【AUTO】 This ability activates up to one time per turn. When your character is put into the waiting "
                 "room from your hand, this card gets +2000 power until end of turn.")
_COUNTER_TEXT = ("【AUTO】 When this card attacks, this card gets +X power until the end of your opponent's next turn. X is "
                 "equal to the number of characters in your opponent's back stage ×1000.")
_ROOKIE_TEXT = ("【AUTO】 During the turn that this card is placed on the stage from your hand, when this card attacks, "
                "put the top card of your deck into your stock.")
_HELPED_TEXT = ("【AUTO】 During the turn that this card is placed on the stage from your hand or by the 【ACT】 effect of "
                "a card named \"Helper\", when this card attacks, put the top card of your deck into your stock.")
_GIFT_TEXT = "【ACT】 [【REST】 this card] Your opponent may draw a card."
_KEEPER_TEXT = ("【AUTO】 Encore [Put 1 《Glass》 character from your stage into your clock] (When this card is put into your "
                "waiting room from the stage, you may pay the cost. If you do, return this card to its previous stage "
                "position as 【REST】)")
_FROM_WR_TEXT = ("【AUTO】 This ability activates up to 3 times per turn. When your other character is placed on the stage "
                 "from your waiting room, put the top card of your deck into your stock.")
_FROM_HAND_TEXT = ("【AUTO】 When your other character is placed on the stage from your hand, put the top card of your deck "
                   "into your stock.")
(PLAIN, WATCHER, PAYER, TOSSER, CLIMAX, COUNTER, ROOKIE, HELPED, HELPER, GIFTER, KEEPER, STOCKER, FROM_WR,
 FROM_HAND) = range(14)
RECORDS = [
    _rec("T/S22-001", "Plain"),
    _rec("T/S22-002", "Watcher", [_WATCHER_TEXT]),
    # a discard as a cost
    _rec("T/S22-003", "Payer", ["【ACT】 [Put 1 card from your hand into your waiting room] This card gets +500 power "
                                "until end of turn."]),
    # a discard by an effect
    _rec("T/S22-004", "Tosser", ["【ACT】 [【REST】 this card] Choose 1 card in your hand, and put it into your waiting "
                                 "room."]),
    _rec("T/S22-005", "Climax", type="Climax", trigger=("SOUL",)),
    _rec("T/S22-006", "Counter", [_COUNTER_TEXT]),
    # played this turn (PLACED_NOT_PLAYED), and placed this turn any way
    _rec("T/S22-007", "Rookie", [_ROOKIE_TEXT]),
    _rec("T/S22-008", "Helped", [_HELPED_TEXT]),
    _rec("T/S22-009", "Helper", ["【ACT】 [【REST】 this card] Choose up to 1 character in your waiting room, and put it "
                                 "on any position of your stage."]),
    _rec("T/S22-010", "Gifter", [_GIFT_TEXT]),
    _rec("T/S22-011", "Keeper", [_KEEPER_TEXT]),
    _rec("T/S22-012", "Stocker", ["【AUTO】 When your character is put into the waiting room from your hand, put the top "
                                  "card of your deck into your stock."]),
    _rec("T/S22-013", "From WR", [_FROM_WR_TEXT]),
    _rec("T/S22-014", "From Hand", [_FROM_HAND_TEXT]),
]  # fmt: skip
RECORDS += [_rec(f"T/S22-F{i:02d}", f"Filler {i}", traits=("Sand",)) for i in range(12)]
FILLER = len(RECORDS) - 12


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws22a", RECORDS)


def _scenario(pool, **kw):
    return kit.main_phase(pool, len(RECORDS), FILLER, extra=(PLAIN, PLAIN), **kw)


_labels, _act, _power, _orient = kit.labels, kit.act, kit.power, kit.orient


# ---------------------------------------------------------------------------- hand -> waiting room (CR 8.7.4)
def test_your_character_put_into_the_waiting_room_from_your_hand_compiles_exact():
    r = _c(_WATCHER_TEXT)
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["trigger"] == "hand_to_wr" and ab["trigger_filter"] == {"type": "character"} and ab["once_per_turn"]
    r = _c("【AUTO】 When your 《Glass》 character is put into your waiting room from your hand, draw up to 1 card.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["trigger_filter"] == {"type": "character", "trait": "Glass"}


@pytest.mark.parametrize("discarded", [PLAIN, CLIMAX])
def test_cr_8_7_4_a_discard_as_a_cost_triggers_on_a_character_only(pool, discarded):
    sc = _scenario(pool)
    watcher = sc.put(0, WATCHER, "stage", pos=3)
    sc.put(0, PAYER, "stage", pos=1)
    card = sc.put(0, discarded, "hand")
    g = sc.game()
    before = _power(g, watcher)
    _act(g, "Use ability 0 of Payer")
    _act(g, f"Pay with {RECORDS[discarded]['name']}")
    kit.answer_picks(g, [])
    assert kit.zone_of(g, card) == K.Zone.WAITING_ROOM
    # "your character": a climax put into the waiting room from the hand does not trigger it
    assert _power(g, watcher) == before + (2000 if discarded == PLAIN else 0)


def test_cr_8_7_4_a_discard_by_an_effect_triggers_once_per_turn(pool):
    sc = _scenario(pool)
    watcher = sc.put(0, WATCHER, "stage", pos=3)
    sc.put(0, TOSSER, "stage", pos=1)
    sc.put(0, PAYER, "stage", pos=0)
    first = sc.put(0, PLAIN, "hand")
    second = sc.put(0, PLAIN, "hand")
    g = sc.game()
    before = _power(g, watcher)
    _act(g, "Use ability 0 of Tosser")
    kit.answer_picks(g, ["Choose"])
    assert _power(g, watcher) == before + 2000
    _act(g, "Use ability 0 of Payer")  # a second move this turn: the ability activates up to one time per turn
    _act(g, "Pay with")
    kit.answer_picks(g, [])
    assert kit.zone_of(g, first) == K.Zone.WAITING_ROOM and kit.zone_of(g, second) == K.Zone.WAITING_ROOM
    assert _power(g, watcher) == before + 2000


def test_cr_8_7_4_the_opponents_discard_does_not_trigger_your_ability(pool):
    sc = _scenario(pool)
    watcher = sc.put(1, WATCHER, "stage", pos=3)  # the opponent's: "your character" is its master's
    sc.put(0, PAYER, "stage", pos=1)
    sc.put(0, PLAIN, "hand")
    g = sc.game()
    before = _power(g, watcher)
    _act(g, "Use ability 0 of Payer")
    _act(g, "Pay with")
    kit.answer_picks(g, [])
    assert _power(g, watcher) == before


def test_cr_6_8_1_2_the_hand_limit_discard_triggers_it(pool):
    sc = _scenario(pool)
    sc.put(0, STOCKER, "stage", pos=3)
    g = sc.game()
    for i in range(8 - kit.count(g, "HAND")):  # 8 cards: one over the limit of 7 (CR 3.3.3.1)
        sc.put(0, FILLER + i, "hand")
    g = sc.game()
    assert kit.count(g, "HAND") == 8
    stock = kit.count(g, "STOCK")
    _act(g, "End the main phase")  # no attacker: on to the end phase
    _act(g, "Discard")  # CR 6.8.1.2
    kit.answer_picks(g, [])
    assert kit.count(g, "STOCK") == stock + 1


# ---------------------------------------------------------------------------- X counted (session 22 forms)
def test_x_counted_over_characters_you_have_with_a_name_part_or_in_a_stage_part():
    r = _c("【AUTO】 When this card attacks, this card gets +X power until end of turn. X is equal to the number of "
           "other characters you have with \"Tes\" in their card names ×500.")
    assert r.verdict != "unsupported", r.reason
    assert r.abilities[0]["effect"][0] == {"op": "count", "filter": {"type": "character", "name_contains": ["Tes"],
                                                                      "relation": "other"}}
    r = _c("【AUTO】 When this card attacks, this card gets +X power until end of turn. X is equal to the number of "
           "other 《Glass》 characters in your back stage ×2000.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == {"type": "character", "trait": "Glass", "relation": "other",
                                                     "positions": ["back"]}
    r = _c(_COUNTER_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == {"type": "character", "side": "opponent", "positions": ["back"]}


@pytest.mark.parametrize("back", [0, 1, 2])
def test_x_is_the_number_of_characters_in_your_opponents_back_stage(pool, back):
    sc = _scenario(pool)
    counter = sc.put(0, COUNTER, "stage", pos=1)
    sc.put(1, PLAIN, "stage", pos=1)  # a center stage character does not count
    for i in range(back):
        sc.put(1, PLAIN, "stage", pos=3 + i)
    g = sc.game()
    before = _power(g, counter)
    _act(g, "End the main phase")
    _act(g, "Frontal attack with Counter")
    kit.answer_picks(g, [])
    assert _power(g, counter) == before + 1000 * back  # until the end of the opponent's next turn


# ---------------------------------------------------------------------------- "when you use an [ACT]" (CR 8.1.1.1.2)
def test_when_you_use_an_act_without_its_comma_compiles_exact():
    r = _c("【AUTO】 This ability activates up to 1 time per turn. When you use an 【ACT】 this card gets +2000 power "
           "until end of turn.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["trigger"] == "act_used"


# ---------------------------------------------------------------------------- a player's Encore lock (CR 10.2)
@pytest.mark.parametrize("comma", [",", ""])
def test_a_players_encore_lock_as_the_last_gain_keeps_the_duration(comma):
    r = _c(f"【AUTO】 When this card attacks, until end of turn, this card gets +3000 power{comma} and your opponent "
           "cannot use \"【AUTO】 Encore\". (Your opponent cannot use the \"【AUTO】 Encore [(3)]\" rule either)")
    assert r.verdict == "approximate" and r.approximations == ("player_no_encore_on_stage",), r.reason
    eff = r.abilities[0]["effect"]
    assert eff[:2] == [{"op": "target_self"}, {"op": "power", "amount": 3000}]
    assert eff[2]["op"] == "select_all" and eff[2]["filter"] == {"type": "character", "side": "opponent"}
    assert eff[3]["op"] == "restrict" and eff[3]["restrictions"] == ["no_encore"] and "duration" not in eff[3]
    # the lock is the last gain only
    assert _c("【AUTO】 When this card attacks, until end of turn, your opponent cannot use \"【AUTO】 Encore\" and this "
              "card gets +3000 power.").verdict == "unsupported"


# ---------------------------------------------------------------------------- placed on the stage this turn
def test_during_the_turn_placed_from_your_hand_compiles_exact_and_or_by_an_effect_approximate():
    r = _c(_ROOKIE_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "played_this_turn"}
    r = _c(_HELPED_TEXT)
    assert r.verdict == "approximate" and r.approximations == ("placed_this_turn_any_way",), r.reason
    assert r.abilities[0]["condition"] == {"kind": "placed_this_turn"}


@pytest.mark.parametrize("card", [ROOKIE, HELPED])
@pytest.mark.parametrize("how", ["played", "effect", "earlier"])
def test_during_the_turn_that_this_card_is_placed_from_your_hand(pool, card, how):
    sc = _scenario(pool)
    sc.put(0, HELPER, "stage", pos=4)
    if how == "played":
        sl = sc.put(0, card, "hand")
    elif how == "effect":
        sl = sc.put(0, card, "waiting_room")
    else:
        sl = sc.put(0, card, "stage", pos=0)  # on the stage since an earlier turn
    g = sc.game()
    if how == "played":
        _act(g, f"Play {RECORDS[card]['name']} to center left")
    elif how == "effect":
        _act(g, "Use ability 0 of Helper")
        kit.answer_picks(g, [f"Choose {RECORDS[card]['name']}", "Put on own center left"])
    assert kit.zone_of(g, sl) == K.Zone.STAGE
    _act(g, "End the main phase")
    stock = kit.count(g, "STOCK")
    _act(g, f"Direct attack with {RECORDS[card]['name']}")
    kit.answer_picks(g, [])
    # from the hand: both; by an effect: the approximation placed_this_turn_any_way only (any placement this turn)
    fires = how == "played" or how == "effect" and card == HELPED
    assert kit.count(g, "STOCK") == stock + 1 + int(fires)  # the trigger step's card (CR 7.3.1.2), then the ability


# ---------------------------------------------------------------------------- the opponent's actions (CR 8.6.3)
def test_your_opponent_may_draw_compiles_to_a_may_the_opponent_answers():
    r = _c(_GIFT_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "may", "who": "opponent",
                                         "then": [{"op": "draw", "count": 1, "who": "opponent"}]}]
    r = _c("【AUTO】 When this card becomes 【REVERSE】 in battle, your opponent may draw two cards. If your opponent does, "
           "your opponent chooses two cards in your opponent's hand, and puts them into his or her waiting room.")
    assert r.verdict != "unsupported", r.reason
    assert r.abilities[0]["effect"][0]["then"][1] == {"op": "discard", "count": 2, "who": "opponent"}
    r = _c("【AUTO】 Your opponent puts the top 3 cards of their deck into their waiting room.".replace("【AUTO】 ", ""),
           type="event")
    assert r.verdict == "exact" and r.abilities[0]["effect"] == [{"op": "mill", "count": 3, "who": "opponent"}]
    r = _c("All players return all cards from their waiting rooms to their decks, and shuffle their decks.", type="event")
    assert r.verdict == "exact", r.reason
    assert [o["op"] for o in r.abilities[0]["effect"]] == ["wr_to_deck", "wr_to_deck", "shuffle_deck", "shuffle_deck"]


@pytest.mark.parametrize("yes", [True, False])
def test_cr_8_6_3_your_opponent_may_draw_the_opponent_decides(pool, yes):
    sc = _scenario(pool)
    sc.put(0, GIFTER, "stage", pos=4)
    g = sc.game()
    hand = kit.count(g, "HAND", 1)
    _act(g, "Use ability 0 of Gifter")
    assert int(g.state[H_DECIDER]) == 1  # the opponent answers "may" (CHOOSE_OPTIONAL a1 = 1)
    kit.answer_yes(g, yes)
    assert kit.count(g, "HAND", 1) == hand + int(yes)


# ---------------------------------------------------------------------------- a cost: stage characters to the clock
def test_a_cost_putting_stage_characters_into_your_clock_compiles_exact():
    r = _c(_KEEPER_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["keyword"] == "encore"
    assert r.abilities[0]["cost"] == {"rest_other": 1, "rest_other_filter": {"type": "character", "trait": "Glass"},
                                      "stage_to_wr": True, "stage_to_clock": True}


@pytest.mark.parametrize("pay", [True, False])
def test_cr_10_2_encore_paid_by_putting_a_stage_character_into_your_clock(pool, pay):
    sc = _scenario(pool)
    keeper = sc.put(0, KEEPER, "stage", pos=1, orient=K.Orientation.REVERSE)  # as after a lost battle
    other = sc.put(0, PLAIN, "stage", pos=3)
    sc.put(0, TOSSER, "stage", pos=4)
    g = sc.game()
    clock = kit.count(g, "CLOCK")
    _act(g, "End the main phase")
    _act(g, "Put reversed Keeper")  # no attack: the encore step (CR 7.7), the reversed character to the waiting room
    _act(g, "Use Keeper's ability" if pay else "Decline Keeper's ability")
    if pay:
        _act(g, "Choose own back left (Plain)")  # the cost's character, chosen by the player
    kit.answer_picks(g, [])
    if pay:
        assert kit.zone_of(g, keeper) == K.Zone.STAGE and _orient(g, keeper) == K.Orientation.REST
        assert kit.zone_of(g, other) == K.Zone.CLOCK and kit.count(g, "CLOCK") == clock + 1
    else:
        assert kit.zone_of(g, other) == K.Zone.STAGE


# ---------------------------------------------------------------------------- where the other character came from
def test_your_other_character_placed_from_your_hand_or_waiting_room_compiles_exact():
    r = _c(_FROM_WR_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["trigger"] == "other_placed_from_wr" and r.abilities[0]["times_per_turn"] == 3
    r = _c(_FROM_HAND_TEXT)
    assert r.verdict == "exact" and r.abilities[0]["trigger"] == "other_played", r.reason


@pytest.mark.parametrize("watcher", [FROM_WR, FROM_HAND])
@pytest.mark.parametrize("how", ["played", "effect"])
def test_your_other_character_placed_from_your_hand_or_from_your_waiting_room(pool, watcher, how):
    sc = _scenario(pool)
    sc.put(0, watcher, "stage", pos=3)
    sc.put(0, HELPER, "stage", pos=4)
    sl = sc.put(0, PLAIN, "hand" if how == "played" else "waiting_room")
    g = sc.game()
    stock = kit.count(g, "STOCK")
    if how == "played":
        _act(g, "Play Plain to center left")
    else:
        _act(g, "Use ability 0 of Helper")
        kit.answer_picks(g, ["Choose Plain", "Put on own center left"])
    kit.answer_picks(g, [])
    assert kit.zone_of(g, sl) == K.Zone.STAGE
    fires = (watcher == FROM_WR) == (how == "effect")
    assert kit.count(g, "STOCK") == stock + int(fires)


# ---------------------------------------------------------------------------- the revealed card: either of two
def test_if_that_card_is_a_trait_character_or_a_name_or_an_event():
    r = _c("【AUTO】 When this card attacks, reveal the top card of your deck. If that card is a 《Glass》 character or "
           "\"Plain\", put it into your hand. (Otherwise, return it to its original place)")
    assert r.verdict == "exact", r.reason
    op = r.abilities[0]["effect"][0]
    assert op["op"] == "reveal_top" and set(op) == {"op", "filter", "filter_or"}
    # the revealed card passes either filter (their order does not matter)
    assert sorted([op["filter"], op["filter_or"]], key=str) == sorted(
        [{"type": "character", "trait": "Glass", "zone": "deck"}, {"name": "Plain", "zone": "deck"}], key=str)
    r = _c("Reveal the top card of your deck. If that card is a 《Glass》 character or event card, put it into your hand. "
           "(Otherwise, return it to its original place)", type="event")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == {"type": "event", "zone": "deck"}


def test_your_opponent_puts_the_top_card_of_their_deck_into_their_clock():
    r = _c("【AUTO】 When this card becomes 【REVERSE】 in battle, you may choose 1 card in your opponent's clock, and put it "
           "into his or her waiting room. If you do, your opponent puts the top card of your opponent's deck into his or "
           "her clock.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["then"][-1] == {"op": "clock_top", "count": 1, "who": "opponent"}


def test_session_22_conditions_and_wordings_compile_exact():
    r = _c("【CONT】 If you have another \"Plain\", this card gets +6000 power during your turn.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["whose"] == "yours" and r.abilities[0]["condition"]["kind"] == "filter_count_at_least"
    r = _c("【CONT】 If your opponent has a level 3 or higher character, this card gets -1 level in your hand.")
    assert r.verdict == "exact" and r.abilities[0]["zone"] == "hand", r.reason
    r = _c("【ACT】 [(2)] Choose an opponent's level 0 or less character, and return it to your opponent's hand.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == {"type": "character", "level_max": 0, "side": "opponent"}
    r = _c("【CONT】 If this card is on the middle position of the center stage, this card gets +1000 power.")
    assert r.verdict == "exact" and r.abilities[0]["condition"] == {"kind": "in_center_middle"}, r.reason
    r = _c("【CONT】 Your other 《Glass》 or 《Sand》 character in the middle position of the center stage gets +1500 power.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"]["trait_or"] == "Sand"
    r = _c("【AUTO】 When this card attacks, 【REST】 all of your other 【STAND】 characters.")
    assert r.verdict == "exact", r.reason
    r = _c("【AUTO】 At the beginning of your draw phase, deal one damage to yourself. (This damage may be canceled)")
    assert r.verdict == "exact" and r.abilities[0]["effect"] == [{"op": "damage", "amount": 1, "who": "master"}]
    r = _c("【AUTO】 When another of your ?Glass? character attacks, this card gets +1000 power until end of turn.")
    assert r.verdict == "exact" and r.abilities[0]["trigger_filter"]["trait"] == "Glass", r.reason
    r = _c("【AUTO】 When this card is placed on the stage from your hand, look at up to 3 cards from the top of your deck, "
           "choose up to 1 card from among them, and put it into your hand. Put the rest into your waiting room.")
    assert r.verdict == "exact", r.reason


def test_x_counted_over_event_cards_in_your_waiting_room():
    for x in ("X is equal to the number of event cards in your waiting room ×1500.",
              "X is equal to 1500 multiplied by the number of event cards in your waiting room."):
        r = _c("【AUTO】 When this card attacks, choose 1 of your other 《Glass》 characters, and that character gets +X "
               "power until end of turn. " + x)
        assert r.verdict == "exact", r.reason
        (count,) = [o for o in r.abilities[0]["effect"] if o["op"] == "count"]
        assert count["filter"] == {"type": "event", "zone": "waiting_room"}


def test_the_databases_typos_are_read_as_meant():
    r = _c("【AUTO】 When this card's battle oppponent becomes 【REVERSE】, draw 1 card.")
    assert r.verdict == "exact" and r.abilities[0]["trigger"] == "battle_opp_reversed", r.reason
    r = _c("【AUTO】 When this card is placed on the stage from your hand, if the number of other 《Glass》 characters your "
           "have is four or more, draw 1 card.")
    assert r.verdict == "exact", r.reason


def test_the_number_of_other_characters_you_have_is_n_or_less():
    r = _c("【AUTO】 When this card becomes 【REVERSE】 in battle, if the number of other 《Glass》 characters you have is one "
           "or less, put this card into your clock.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"]["filter"] == {"type": "character", "trait": "Glass", "relation": "other"}
