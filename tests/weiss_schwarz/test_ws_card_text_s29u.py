"""Weiss Schwarz card text, session 29 (branch s29-wsauto): [AUTO] abilities. Made-up lines in the card language,
compiled and imported, and what the engine does with them: the bottom card of the clock and the clock's top card to
the hand (Op.HEAL's HEAL_BOTTOM / HEAL_TO_HAND), Change "as the defending character" / "as [REST]" (CHANGE_DEFENDER),
"during your main phase" (Condition.YOUR_MAIN_PHASE), "there is no character facing this card" / "the character
facing this card is [REVERSE]" (NO_FACING / FACING_REVERSED) and a few more wordings of known pieces."""

from __future__ import annotations

import pytest

from tcg_env.engine.header import H_DECIDER
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit

_rec = kit.rec


def _c(line, type="character", name="Tester"):
    return compile_line(line, {"type": type, "name": name, "traits": ["Glass"]})


(PLAIN, FLARE, MENDER, LIFTER, STANDIN, DOUBLE, BRUTE, LOOKOUT, BUSY, ORACLE, EITHER, SUNNY, OFFERER,
 RESTER, FINISHER, RENEWER, TRADER) = range(17)
RECORDS = [
    _rec("T/S29U-001", "Plain"),  # <<Glass>>, level 0
    _rec("T/S29U-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S29U-003", "Mender", ["【AUTO】 When this card is placed on the stage from your hand, put the bottom card of "
                                  "your clock into your waiting room."]),
    _rec("T/S29U-004", "Lifter", ["【AUTO】 When this card is placed on the stage from your hand, return the top card of "
                                  "your clock to your hand."]),
    # Change as the defending character: the cost moves this card, the card chosen takes its place in the battle
    _rec("T/S29U-005", "Stand-in", ["【AUTO】 [Put this card into your waiting room] When this card is frontal attacked, "
                                    "you may pay the cost. If you do, choose up to 1 \"Double\" in your hand, and put "
                                    "it on this card's stage position as the defending character."], power="1000"),
    _rec("T/S29U-006", "Double", [], power="9000"),
    _rec("T/S29U-007", "Brute", [], power="5000"),
    _rec("T/S29U-008", "Lookout", ["【AUTO】 When this card attacks, if there is no character facing this card or the "
                                   "character facing this card is 【REVERSE】, draw 1 card."]),
    _rec("T/S29U-009", "Busy", ["【AUTO】 During your main phase, when your other character is placed on the stage from "
                                "your hand, draw 1 card."]),
    # the opponent chooses among the revealed cards (LOOK_OPP_CHOOSES)
    _rec("T/S29U-010", "Oracle", ["【AUTO】 When this card is placed on the stage from your hand, reveal the top 2 cards "
                                  "of your deck, your opponent chooses 1 character from among them, puts it into your "
                                  "hand, and puts the rest into your waiting room."]),
    # the master chooses whose deck is milled (choose_one)
    _rec("T/S29U-011", "Either", ["【AUTO】 When this card is placed on the stage from your hand, put the top 2 cards of "
                                  "your deck or your opponent's deck into the waiting room."]),
    # compiled and imported (the pool compiler takes them): a climax's colour on its placement, two costs' wordings
    _rec("T/S29U-012", "Sunny", ["【AUTO】 When a yellow climax is placed on your climax area, choose 1 of your "
                                 "characters, and that character gets +1500 power until end of turn."]),
    _rec("T/S29U-013", "Offerer", ["【AUTO】 [(1) Put 1 of your other 《Glass》 characters from your stage into your "
                                   "waiting room] When this card is placed on the stage from your hand, you may pay the "
                                   "cost. If you do, draw 1 card."]),
    _rec("T/S29U-014", "Rester", ["【AUTO】 [1 【REST】 2 of your 【STAND】 《Glass》 characters] When this card attacks, you "
                                  "may pay the cost. If you do, draw 1 card."]),
    # CR 4.10.1.2.1: "If this damage is canceled" (DAMAGE reports a canceled damage as not done)
    _rec("T/S29U-015", "Finisher", ["【AUTO】 When this card attacks, deal 1 damage to your opponent. If this damage is "
                                    "canceled, draw 1 card."]),
    # Op.STOCK_RENEW via the deck (STOCK_RENEW_DECK)
    _rec("T/S29U-016", "Renewer", ["【AUTO】 When this card is placed on the stage from your hand, your opponent returns "
                                   "all cards from their stock to their deck, shuffles their deck, and puts the same "
                                   "number of cards from the top of their deck into their stock."]),
    # a climax found and a hand climax exchange zones (Op.EXCHANGE of a deck card and a hand card)
    _rec("T/S29U-017", "Trader", ["【AUTO】 When this card is placed on the stage from your hand, search your deck for up "
                                  "to 1 climax, reveal it to your opponent, choose up to 1 climax from your hand, "
                                  "reveal it to your opponent, exchange them, and shuffle your deck."]),
]  # fmt: skip
RECORDS += [_rec(f"T/S29U-F{i:02d}", f"Filler {i}", traits=("Reed",)) for i in range(12)]


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws29u", RECORDS)


def _scenario(pool, **kw):
    deck = kit.deck_of(len(RECORDS), FLARE, extra=(PLAIN,))
    return Scenario.main_phase(pool, decks=(deck, deck), **kw)


_labels, _act = kit.labels, kit.act


def _pass_until(g, done, limit=150):
    """Take the declining choice (end a phase, skip the clock, no counter ...) until ``done(g)``."""
    for _ in range(limit):
        if done(g):
            return
        d = _labels(g)
        g.step(int(g.legal_actions()[d.index(next((x for x in d if x.startswith(
            ("End", "Pass", "Do not", "Don't", "No ", "Skip", "Decline"))), d[0]))]))
    raise AssertionError(f"not reached: {_labels(g)}")


def _play(g, name):
    kit.act(g, f"Play {name}")
    while not kit.resolved(g):
        g.step(int(g.legal_actions()[0]))  # the stage position, then any choice of the ability


def _clock(g, p=0):
    return [int(g.state[S.CLOCK_L + p * K.MAX_DECK + i]) for i in range(int(g.state[S.CLOCK_N + p]))]


# ---------------------------------------------------------------------------- the clock's bottom card, the top to hand
def test_cr_3_8_2_the_bottom_card_of_the_clock_compiles_to_heal_bottom():
    r = _c("【AUTO】 When this card is placed on the stage from your hand, you may put the bottom card of your clock into "
           "your stock.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "may", "then": [{"op": "heal", "count": 1, "to": "stock",
                                                                "bottom": True}]}]
    r = _c("【AUTO】 [(1)] When this card is placed on the stage from your hand, you may pay the cost. If you do, return "
           "the top card of your clock to your hand.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "heal", "count": 1, "to": "hand"}]


def test_cr_3_8_2_the_bottom_card_of_the_clock_is_the_one_put_there_first(pool):
    sc = _scenario(pool)
    sc.put(0, MENDER, "hand")
    first = sc.put(0, PLAIN, "clock")  # put there first: the bottom card
    top = sc.put(0, PLAIN, "clock")
    g = sc.game()
    assert _clock(g) == [first, top]
    _play(g, "Mender")
    assert kit.zone_of(g, first) == K.Zone.WAITING_ROOM and _clock(g) == [top]


def test_the_top_card_of_the_clock_returns_to_the_hand(pool):
    sc = _scenario(pool)
    sc.put(0, LIFTER, "hand")
    bottom = sc.put(0, PLAIN, "clock")
    top = sc.put(0, PLAIN, "clock")
    g = sc.game()
    _play(g, "Lifter")
    assert kit.zone_of(g, top) == K.Zone.HAND and _clock(g) == [bottom]


# ---------------------------------------------------------------------------- Change as the defending character
def test_cr_10_8_1_change_as_the_defending_character_and_as_rest_compile():
    r = _c(RECORDS[STANDIN]["ability"][0], name="Stand-in")
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["trigger"] == "frontal_attacked_self" and ab["cost"] == {"self_to_wr": True}
    assert ab["effect"] == [{"op": "change", "filter": {"name": "Double", "zone": "hand", "type": "character"},
                             "to": "waiting_room", "by_cost": True, "up_to": True, "defender": True}]
    r = _c("【AUTO】 [Put this card into your waiting room] At the end of this card's attack, you may pay the cost. If you "
           "do, choose 1 \"Double\" in your waiting room, and put it on the stage position that this card was on as "
           "【REST】.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["orientation"] == "rest"


@pytest.mark.parametrize("pay", [True, False])
def test_cr_7_2_1_5_1_the_card_chosen_becomes_the_defending_character(pool, pay):
    sc = _scenario(pool, turn_player=1)
    me = sc.put(0, STANDIN, "stage", pos=1)
    double = sc.put(0, DOUBLE, "hand")
    brute = sc.put(1, BRUTE, "stage", pos=1)  # faces Stand-in (CR 3.6.5)
    g = sc.game()
    _pass_until(g, lambda x: any(d.startswith("Frontal attack") for d in _labels(x)))
    _act(g, "Frontal attack")
    _pass_until(g, lambda x: any(d.startswith("Use Stand-in") for d in _labels(x)))
    if pay:
        _act(g, "Use Stand-in")
        _act(g, "Choose Double")
        assert kit.zone_of(g, me) == K.Zone.WAITING_ROOM and kit.zone_of(g, double) == K.Zone.STAGE
        assert int(g.state[S.POS + double * S.CARD_W]) == 1
    # the battle goes on with the defending character (CR 7.6.1.2): 9000 beats 5000, 1000 loses to it (were the
    # defending character still the card that left, the powers would not be compared, CR 7.6.1.3)
    _pass_until(g, lambda x: int(x.state[S.PHASE]) != K.Phase.ATTACK)

    def beaten(x):  # [REVERSE], or gone to the waiting room at the encore step (no Encore taken)
        return kit.zone_of(g, x) == K.Zone.WAITING_ROOM or kit.orient(g, x) == K.Orientation.REVERSE

    if pay:
        assert beaten(brute) and kit.zone_of(g, double) == K.Zone.STAGE
        assert kit.orient(g, double) == K.Orientation.STAND
    else:
        assert beaten(me) and not beaten(brute)


# ---------------------------------------------------------------------------- conditions
def test_no_character_facing_and_a_reversed_facing_character_compile_to_conditions():
    r = _c(RECORDS[LOOKOUT]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "any_of", "parts": [{"kind": "no_facing"},
                                                                       {"kind": "facing_reversed"}]}


@pytest.mark.parametrize("facing, drawn", [(None, 1), (K.Orientation.REVERSE, 1), (K.Orientation.STAND, 0)])
def test_cr_3_6_5_no_character_facing_or_a_reversed_one(pool, facing, drawn):
    sc = _scenario(pool)
    sc.put(0, LOOKOUT, "stage", pos=1)
    if facing is not None:
        sc.put(1, PLAIN, "stage", pos=1, orient=facing)
    g = sc.game()
    _pass_until(g, lambda x: any(d.startswith(("Frontal attack", "Direct attack")) for d in _labels(x)))
    hand = kit.count(g, "HAND")
    _act(g, "Frontal attack" if facing == K.Orientation.STAND else "Direct attack" if facing is None else "Side attack")
    _pass_until(g, lambda x: kit.count(x, "HAND") != hand or int(x.state[S.ATK_SLOT]) < 0
                or int(x.state[S.PHASE]) != K.Phase.ATTACK)
    assert kit.count(g, "HAND") == hand + drawn


def test_during_your_main_phase_compiles_to_a_condition():
    r = _c(RECORDS[BUSY]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "your_main_phase"}


@pytest.mark.parametrize("turn_player, drawn", [(0, 1), (1, 0)])
def test_cr_6_5_during_your_main_phase(pool, turn_player, drawn):
    sc = _scenario(pool, turn_player=turn_player)
    sc.put(turn_player, PLAIN, "hand")
    sc.put(0, BUSY, "stage", pos=4)
    g = sc.game()
    hand0 = kit.count(g, "HAND", 0)
    _play(g, "Plain")
    assert kit.count(g, "HAND", 0) == hand0 + drawn - (turn_player == 0)


# ---------------------------------------------------------------------------- wordings of known pieces
@pytest.mark.parametrize("line", [
    # a discard cost "to your waiting room"; "..., and shuffle your deck" after a waiting-room cost
    "【AUTO】 [(1) Put a card from your hand to your waiting room] When this card attacks, you may pay the cost. If you "
    "do, draw 1 card.",
    "【AUTO】 [Return 2 characters in your waiting room to your deck, and shuffle your deck] When this card attacks, you "
    "may pay the cost. If you do, this card gets +2000 power until end of turn.",
    # triggers
    "【AUTO】 [Put this card into your waiting room] When another of your 《Glass》 characters is frontal attacked, you "
    "may pay the cost. If you do, choose 1 of your characters in battle, and that character gets +1000 power until end "
    "of turn.",
    "【AUTO】 [(2)] When this card is put into the waiting room from the stage, you may pay the cost. If you do, draw 1 "
    "card.",
    "【AUTO】 When another of your characters is put into the waiting room from the stage, draw 1 card.",
    # conditions and pronouns
    "【AUTO】 When this card is placed on the stage from your hand, if \"Plain\" is in your waiting room, this card gets "
    "+2000 power until end of turn.",
    "【AUTO】 During your turn, when this card's battle opponent becomes 【REVERSE】, you may put that battle opponent at "
    "the bottom of your opponent's deck.",
    "【AUTO】 When this card attacks, if \"Flare\" is in your climax area, and you have other cards named \"Plain\" and "
    "\"Double\", this card gets +1000 power until end of turn.",
    # a search putting on the stage "and put it", "on any position on your stage"
    "【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, search your deck for up to 1 《Glass》 "
    "character, and put it on any position of your stage. Shuffle your deck afterwards.",
    "【AUTO】 When this card is placed on the stage from your hand, choose 1 \"Plain\" in your waiting room, and put it "
    "on any position on your stage.",
    # the database's slips: a doubled stop, "the the", a state mark lost, "is being frontal attacked", "if you paid the
    # cost", "until of turn"
    "【AUTO】 When this card attacks, choose 1 《Glass》 character in your waiting room, and return it to your hand..",
    "【AUTO】 When this card attacks, put the the top 2 cards of your deck into the waiting room.",
    "【AUTO】 [(1) Put this card into your clock] When this card becomes REVERSE in battle, you may pay the cost. IF you "
    "do, draw 1 card.",
    "【AUTO】 [Put this card into your clock] When your other 《Glass》 character is being frontal attacked, you may pay "
    "the cost. If you do, return that character to your hand.",
    "【AUTO】 [(1)] When this card attacks, draw 1 card, and you may pay the cost. If you paid the cost, this card gets "
    "+1000 power until end of turn.",
    "【AUTO】 When this card attacks, this card gets the following ability until of turn. \"【AUTO】 When this card's "
    "battle opponent becomes 【REVERSE】, draw 1 card.\"",
    # "return it to hand", "as markers", "put the top X cards of your opponent's deck", "return this card to your deck.
    # If you do, shuffle your deck.", "at the beginning of the encore step, <move this card>"
    "【AUTO】 When this card attacks, choose 1 card in your clock, return it to hand, and put the top card of your deck "
    "into your clock.",
    "【AUTO】 When this card is placed on the stage from your hand, choose up to 2 \"Plain\" in your waiting room, and "
    "put them face down underneath this card as markers.",
    "【AUTO】 When this card attacks, put the top X cards of your opponent's deck into his or her waiting room. X is "
    "equal to the number of 《Glass》 characters you have.",
    "【AUTO】 When this card becomes 【REVERSE】 in battle, you may return this card to your deck. If you do, shuffle "
    "your deck.",
    "【AUTO】 When this card attacks, deal 2 damage to your opponent, and at the beginning of the encore step, put this "
    "card into your waiting room.",
    # junk after the last word; "put it" for "put them" after a look
    "【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, search your deck for up to 1 《Glass》 "
    "character, reveal it to your opponent, and put it into your hand. Shuffle your deck66??",
    "【AUTO】 When this card is placed on the stage from your hand, look at up to 2 cards from the top of your deck, and "
    "put it on the top of your deck in any order.",
    # four conditions, in a sentence and before "you may pay the cost"
    "【AUTO】 【CXCOMBO】 At the beginning of your encore step, if \"Flare\" is in your climax area, this card is in your "
    "center stage, you have 2 or more other 《Glass》 characters, and there is no character facing this card or the "
    "character facing this card is 【REVERSE】, draw 1 card.",
    "【AUTO】 [(1)] When this card attacks, if \"Flare\" is in your climax area, your level is 2 or higher, your hand has 3 "
    "or less cards, and you have 2 or more other 《Glass》 characters, you may pay the cost. If you do, draw 1 card.",
    # Trigger.OPP_CHAR_REVERSED
    "【AUTO】 During your opponent's turn, when your opponent's character becomes 【REVERSE】, look at the top card of "
    "your deck, and put it on the top or at the bottom of your deck.",
])
def test_wordings_of_known_pieces_compile(line):
    r = _c(line)
    assert r.verdict == "exact", r.reason


def test_a_climax_placed_on_the_climax_area():
    r = _c("【AUTO】 When this card is placed on the climax area from your hand, draw 1 card.", type="climax")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["trigger"] == "climax_placed"


# ---------------------------------------------------------------------------- the opponent chooses among revealed cards
def test_the_opponent_chooses_among_the_revealed_cards_compiles_to_look_top_opp_chooses():
    r = _c(RECORDS[ORACLE]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "look_top", "count": 2, "take": 1, "rest": "waiting_room",
                                         "must_take": True, "opp_chooses": True,
                                         "filter": {"type": "character", "zone": "deck"}}]
    # more cards than the reveal rows: refused
    assert _c("【AUTO】 When this card attacks, reveal the top 5 cards of your deck, your opponent chooses 1 character "
              "from among them, puts it into your hand, and puts the rest into your waiting room.").verdict \
        == "unsupported"


@pytest.mark.parametrize("pick", [0, 1])
def test_cr_8_6_3_the_opponent_chooses_the_card_taken_and_both_see_them(pool, pick):
    sc = _scenario(pool)
    sc.put(0, ORACLE, "hand")
    a, b = sc.put(0, PLAIN, "deck"), sc.put(0, DOUBLE, "deck")  # b on top
    g = sc.game()
    kit.act(g, "Play Oracle")
    while int(g.state[H_DECIDER]) == 0 and not kit.resolved(g):
        g.step(int(g.legal_actions()[0]))  # the stage position
    assert int(g.state[H_DECIDER]) == 1  # the opponent chooses, must choose (no pass)
    assert int(g.state[S.REVEALED_N]) == 2  # both revealed
    d = _labels(g)
    assert len(d) == 2 and not any(x.startswith("Pass") for x in d)
    taken = (b, a)[pick]
    _act(g, f"Choose {'Double' if taken == b else 'Plain'}")
    assert kit.zone_of(g, taken) == K.Zone.HAND
    assert kit.zone_of(g, a if taken == b else b) == K.Zone.WAITING_ROOM


def test_a_revealed_hand_card_moved_is_approximate():
    r = _c("【AUTO】 When this card attacks, choose up to 1 climax in your hand, reveal it to your opponent, and put it face "
           "down underneath this card as a marker.")
    assert r.verdict == "approximate" and r.approximations == ("chosen_reveal_unseen",), r.reason


def test_return_to_the_opponents_deck_if_you_do_shuffle_it():
    r = _c("【AUTO】 When this card is placed on the stage from your hand, you may choose a climax in your opponent's "
           "waiting room, and return it to his or her deck. If you do, shuffle your opponent's deck, and this card gets "
           "+1000 power until end of turn.")
    assert r.verdict != "unsupported", r.reason
    (may,) = r.abilities[0]["effect"]
    assert [o["op"] for o in may["then"]] == ["choose", "to_deck_top", "shuffle_deck", "target_self", "power"]


@pytest.mark.parametrize("pick", [0, 1])
def test_the_master_chooses_whose_deck_is_put_into_the_waiting_room(pool, pick):
    sc = _scenario(pool)
    sc.put(0, EITHER, "hand")
    g = sc.game()
    wr = [kit.count(g, "WR", p) for p in (0, 1)]
    kit.act(g, "Play Either")
    while not kit.resolved(g) and len(_labels(g)) != 2:
        g.step(int(g.legal_actions()[0]))  # the stage position
    _act(g, "Use" if pick == 0 else "Decline")  # choose_one: the first option (the master's deck) or the other
    kit.answer_yes(g, True)
    assert [kit.count(g, "WR", p) - wr[p] for p in (0, 1)] == ([2, 0] if pick == 0 else [0, 2])


def test_a_climax_colour_and_two_cost_wordings_compile():
    r = _c(RECORDS[SUNNY]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["trigger_filter"] == {"type": "climax", "color": ["yellow"], "zone": "climax_area"}
    r = _c(RECORDS[OFFERER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["cost"]["stock"] == 1
    r = _c(RECORDS[RESTER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["cost"]["stock"] == 1


def test_cr_4_10_1_2_1_if_this_damage_is_canceled_compiles_to_if_done_not_done():
    r = _c(RECORDS[FINISHER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "damage", "amount": 1}, {"op": "if_done", "rows": 1, "done": False},
                                        {"op": "draw", "count": 1}]
    r = _c("【AUTO】 When this card attacks, deal 1 damage to your opponent. If this damage is not canceled, draw 1 card.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][1] == {"op": "if_done", "rows": 1}
    # "you may deal 1 damage. If you do": not the damage's cancel (the "If you do" stays an approximation)
    assert _c("【AUTO】 When this card attacks, you may deal 1 damage to your opponent. If you do, draw 1 card.").verdict \
        == "approximate"


@pytest.mark.parametrize("canceled", [True, False])
def test_cr_4_10_1_2_1_the_draw_happens_only_when_the_damage_is_canceled(pool, canceled):
    sc = _scenario(pool)
    sc.put(0, FINISHER, "stage", pos=1)
    sc.stack_deck(1, [FLARE if canceled else PLAIN])  # the opponent's top card: a climax cancels (CR 4.10.1.2)
    g = sc.game()
    _pass_until(g, lambda x: any(d.startswith("Direct attack") for d in _labels(x)))
    hand = kit.count(g, "HAND")
    _act(g, "Direct attack")
    _pass_until(g, lambda x: kit.resolved(x) and int(x.state[S.CLOCK_N + 1]) + int(x.state[S.WR_N + 1]) > 0)
    assert kit.count(g, "HAND") == hand + canceled


def test_the_opponents_stock_renewed_through_the_deck(pool):
    r = _c(RECORDS[RENEWER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "stock_renew", "who": "opponent", "via_deck": True}]
    sc = _scenario(pool)
    sc.put(0, RENEWER, "hand")
    old = [sc.put(1, PLAIN, "stock"), sc.put(1, PLAIN, "stock")]
    g = sc.game()
    deck, wr = kit.count(g, "DECK", 1), kit.count(g, "WR", 1)
    _play(g, "Renewer")
    # the two stock cards went into the deck (not the waiting room); two cards of the shuffled deck are the stock
    assert kit.count(g, "STOCK", 1) == 2 and kit.count(g, "DECK", 1) == deck and kit.count(g, "WR", 1) == wr
    assert all(kit.zone_of(g, x) in (K.Zone.DECK, K.Zone.STOCK) for x in old)


def test_a_climax_found_exchanged_with_a_hand_climax(pool):
    r = _c(RECORDS[TRADER]["ability"][0])
    assert r.verdict == "approximate" and r.approximations == ("chosen_reveal_unseen",), r.reason
    assert [o["op"] for o in r.abilities[0]["effect"]] == ["search", "choose", "exchange", "shuffle_deck"]
    sc = _scenario(pool)
    sc.put(0, TRADER, "hand")
    mine = sc.put(0, FLARE, "hand")
    g = sc.game()
    hand = kit.count(g, "HAND")
    kit.act(g, "Play Trader")
    for _ in range(20):
        if kit.resolved(g):
            break
        d = _labels(g)
        g.step(int(g.legal_actions()[next((i for i, x in enumerate(d) if x.startswith("Choose")), 0)]))
    assert kit.zone_of(g, mine) == K.Zone.DECK  # the hand climax went into the deck, the one found into the hand
    assert kit.count(g, "HAND") == hand - 1  # Trader played, the hand climax out, the climax found in
