"""Weiss Schwarz card text, session 23 part B (branch s23-wsb): a character / card with a trigger icon the English
database drops (CR 2.12: any card with a trigger icon, approximation trigger_icon_dropped_card), the database's other
spellings of a lost icon ("with @ in", "has a in"), "[REST] this card from [STAND]", and an [ACT] Change whose only cost
is this card's move (CR 10.8.1), printed or granted under a condition. Made-up lines in the card language compiled,
and on a small imported list what the engine does with them."""

from __future__ import annotations

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


_RETRIEVER_TEXT = ("【ACT】 [【REST】 this card] Choose up to 1 character with  in its trigger icon in your waiting room, "
                   "and return it to your hand.")
_REVEALER_TEXT = ("【ACT】 [【REST】 this card] Reveal the top card of your deck. If that card has  in its trigger icon, put "
                  "it into your hand. (Otherwise, return it to its original place)")
_SWAPPER_TEXT = ("【ACT】 [Put this card into your stock] Choose up to 1 \"Plain\" in your hand, and put it on the stage "
                 "position that this card was on.")
_LEVELER_TEXT = ("【CONT】 If your level is 1 or higher, this card gets the following ability. \"【ACT】 [Put this card "
                 "into your waiting room] Choose 1 \"Plain\" in your hand, and put it on the stage position that this "
                 "card was on.\"")
_ICONER_TEXT = ("【ACT】 [【REST】 this card] Put the top 2 cards of your deck into your waiting room, and deal X damage to "
                "your opponent. X is equal to the number of trigger icons of those cards. (Damage may be canceled)")
_RETURNER_TEXT = ("【ACT】 [【REST】 this card] Choose up to 2 cards in your opponent's waiting room, return them to their "
                  "deck, and your opponent shuffles their deck.")
(PLAIN, ICONED, RETRIEVER, REVEALER, SWAPPER, LEVELER, DOUBLE, ICONER, RETURNER) = range(9)
RECORDS = [
    _rec("T/S23B-001", "Plain"),
    _rec("T/S23B-002", "Iconed", trigger=("SOUL",)),
    # a character with a dropped icon in the waiting room: one with any icon (trigger_icon_dropped_card)
    _rec("T/S23B-003", "Retriever", [_RETRIEVER_TEXT]),
    # "if that card has [icon] in its trigger icon" with the icon dropped
    _rec("T/S23B-004", "Revealer", [_REVEALER_TEXT]),
    # an [ACT] Change whose only cost moves this card (CR 10.8.1)
    _rec("T/S23B-005", "Swapper", [_SWAPPER_TEXT], traits=("Sand",)),
    _rec("T/S23B-006", "Leveler", [_LEVELER_TEXT], traits=("Sand",)),
    _rec("T/S23B-007", "Double", trigger=("SOUL", "SOUL")),
    # the trigger icons of the cards milled counted (MILL_COUNT_ICONS)
    _rec("T/S23B-008", "Iconer", [_ICONER_TEXT]),
    # chosen cards into their owner's deck, then shuffled
    _rec("T/S23B-009", "Returner", [_RETURNER_TEXT]),
]  # fmt: skip
RECORDS += [_rec(f"T/S23B-F{i:02d}", f"Filler {i}", traits=("Sand",)) for i in range(12)]
FILLER = len(RECORDS) - 12
NO_CLIMAX = [FILLER + 8, FILLER + 9, FILLER + 10, FILLER + 11]  # four different cards (Scenario.stack_deck)


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws23b", RECORDS)


def _scenario(pool, **kw):
    return kit.main_phase(pool, len(RECORDS), FILLER, extra=(PLAIN, PLAIN), **kw)


_n, _act = kit.count, kit.act


def _pos(g, slot):
    return int(g.state[S.POS + slot * S.CARD_W])


# ---------------------------------------------------------------------------- a dropped icon on a character / card
def test_cr_2_12_character_with_a_dropped_icon_compiles_with_the_card_approximation():
    r = _c(_RETRIEVER_TEXT)
    assert r.verdict == "approximate" and r.approximations == ("trigger_icon_dropped_card",), r.reason
    assert r.abilities[0]["effect"][0]["filter"] == {"type": "character", "with_trigger_icon": True,
                                                     "zone": "waiting_room"}
    # a named icon stays a named icon, a climax with a dropped icon stays any climax
    r = _c("【ACT】 [【REST】 this card] Choose up to 1 character with [[standby.gif]] in its trigger icon in your "
           "waiting room, and return it to your hand.")
    assert r.verdict == "exact" and r.abilities[0]["effect"][0]["filter"]["trigger_icon"] == "standby"
    r = _c("【ACT】 [【REST】 this card] Choose up to 1 climax with  in its trigger icon in your waiting room, and return "
           "it to your hand.")
    assert r.approximations == ("trigger_icon_dropped",)
    assert "with_trigger_icon" not in r.abilities[0]["effect"][0]["filter"]


def test_cr_2_12_that_card_has_a_dropped_icon_compiles_as_a_card_with_an_icon():
    for has in ("has ", "has a "):
        r = _c(_REVEALER_TEXT.replace("has ", has))
        assert r.verdict == "approximate" and r.approximations == ("trigger_icon_dropped_card",), r.reason
        assert r.abilities[0]["effect"][0] == {"op": "reveal_top", "filter": {"with_trigger_icon": True,
                                                                              "zone": "deck"}}
    r = _c(_REVEALER_TEXT.replace("has ", "has [[treasure.gif]] "))
    assert r.verdict == "exact" and r.abilities[0]["effect"][0]["filter"]["trigger_icon"] == "treasure"


def test_database_spellings_of_a_lost_icon_and_rest_from_stand():
    # "with @ in its trigger icon", "with with in its trigger icon": the dropped icon
    for w in ("with @ in", "with with in"):
        r = _c(f"【AUTO】 When a climax {w} its trigger icon is placed on your climax area, draw 1 card.")
        assert r.verdict == "approximate" and r.approximations == ("trigger_icon_dropped",), r.reason
    # "[REST] this card from [STAND]": the rest cost (CR 8.4.2.2: only a standing card pays it)
    r = _c("【ACT】 [(1) 【REST】 this card from 【STAND】] Draw 1 card.")
    assert r.verdict == "exact" and r.abilities[0]["cost"] == {"stock": 1, "rest_self": True}, r.reason


@pytest.mark.parametrize("iconed", [True, False])
def test_cr_2_12_only_a_character_with_an_icon_is_chosen(pool, iconed):
    sc = _scenario(pool)
    sc.put(0, RETRIEVER, "stage", pos=0)
    wr = sc.put(0, ICONED if iconed else PLAIN, "waiting_room")
    g = sc.game()
    hand = _n(g, "HAND")
    _act(g, "Use")
    kit.answer_picks(g, ["Choose"])
    assert (kit.zone_of(g, wr) == K.Zone.HAND) == iconed
    assert _n(g, "HAND") == hand + (1 if iconed else 0)


@pytest.mark.parametrize("iconed", [True, False])
def test_cr_2_12_revealed_card_with_an_icon_goes_to_the_hand(pool, iconed):
    sc = _scenario(pool)
    sc.put(0, REVEALER, "stage", pos=0)
    sc.stack_deck(0, [ICONED if iconed else PLAIN] + NO_CLIMAX[:2])
    g = sc.game()
    top = int(g.state[S.DECK_L + 0 * K.MAX_DECK + _n(g, "DECK") - 1])
    deck, hand = _n(g, "DECK"), _n(g, "HAND")
    _act(g, "Use")
    kit.answer_yes(g, True)
    if iconed:
        assert kit.zone_of(g, top) == K.Zone.HAND and _n(g, "HAND") == hand + 1 and _n(g, "DECK") == deck - 1
    else:  # back to its place
        assert kit.zone_of(g, top) == K.Zone.DECK and _n(g, "HAND") == hand and _n(g, "DECK") == deck


# ---------------------------------------------------------------------------- an [ACT] Change (CR 10.8.1)
def test_cr_10_8_1_act_change_whose_only_cost_moves_this_card_compiles_exact():
    r = _c(_SWAPPER_TEXT)
    assert r.verdict == "exact" and not r.approximations, r.reason
    (ab,) = r.abilities
    assert ab["kind"] == "act" and ab["cost"] == {"self_to": "stock"}
    assert ab["effect"] == [{"op": "change", "filter": {"name": "Plain", "zone": "hand", "type": "character"},
                             "to": "stock", "by_cost": True, "up_to": True}]
    r = _c(_LEVELER_TEXT)
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["condition"] == {"kind": "level_at_least", "value": 1} and ab["cost"] == {"self_to_wr": True}
    assert ab["effect"][0]["by_cost"] and "up_to" not in ab["effect"][0]


@pytest.mark.parametrize("plain_in_hand", [True, False])
def test_cr_10_8_1_act_change_moves_this_card_then_the_chosen_card_takes_its_position(pool, plain_in_hand):
    sc = _scenario(pool)
    me = sc.put(0, SWAPPER, "stage", pos=1)
    plain = sc.put(0, PLAIN, "hand") if plain_in_hand else None
    g = sc.game()
    stock = _n(g, "STOCK")
    _act(g, "Use")
    kit.answer_picks(g, ["Choose Plain"])
    assert kit.zone_of(g, me) == K.Zone.STOCK and _n(g, "STOCK") == stock + 1  # the cost is paid either way
    if plain_in_hand:
        assert kit.zone_of(g, plain) == K.Zone.STAGE and _pos(g, plain) == 1
    else:
        assert int(g.state[S.STAGE + 1]) == -1


@pytest.mark.parametrize("level", [0, 1])
def test_cr_10_8_1_granted_act_change_only_from_the_level_it_names(pool, level):
    sc = _scenario(pool)
    me = sc.put(0, LEVELER, "stage", pos=0)
    plain = sc.put(0, PLAIN, "hand")
    for _ in range(level):
        sc.put(0, FILLER, "level")
    g = sc.game()
    if level == 0:  # the ability is not there (CR 7.2.1.1: the condition does not hold)
        assert not any(t.startswith("Use ability 0 of Leveler") for t in kit.labels(g)), kit.labels(g)
        return
    _act(g, "Use ability 0 of Leveler")
    kit.answer_picks(g, ["Choose Plain"])
    assert kit.zone_of(g, me) == K.Zone.WAITING_ROOM
    assert kit.zone_of(g, plain) == K.Zone.STAGE and _pos(g, plain) == 0


# ---------------------------------------------------------------------------- the trigger icons of the milled cards
def test_cr_2_12_number_of_trigger_icons_of_the_milled_cards_compiles():
    r = _c(_ICONER_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [
        {"op": "mill_count", "count": 2, "filter": {"zone": "waiting_room"}, "icons": True},
        {"op": "damage", "amount": "x"}]
    # the icon dropped: every icon counts (trigger_icon_dropped_card); "level X or lower" reads the same count
    r = _c("【ACT】 [【REST】 this card] Put the top 4 cards of your deck into your waiting room, choose up to 1 level X "
           "or lower character in your waiting room, and return it to your hand. X is equal to the total number of  "
           "in the trigger icons of those cards.")
    assert r.verdict == "approximate" and r.approximations == ("trigger_icon_dropped_card",), r.reason
    assert r.abilities[0]["effect"][0] == {"op": "mill_count", "count": 4, "filter": {"zone": "waiting_room"},
                                           "icons": True}
    assert r.abilities[0]["effect"][1]["filter"]["level_max_x"]


@pytest.mark.parametrize("milled, icons", [((ICONED, DOUBLE), 3), ((FILLER, DOUBLE), 2),
                                            ((FILLER, FILLER + 1), 0)])
def test_cr_2_12_damage_equal_to_the_trigger_icons_milled(pool, milled, icons):
    sc = _scenario(pool)
    sc.put(0, ICONER, "stage", pos=0)
    sc.stack_deck(0, list(milled) + NO_CLIMAX[:2])
    sc.stack_deck(1, NO_CLIMAX)  # no climax: the damage is not canceled (CR 4.8.2)
    g = sc.game()
    clock = _n(g, "CLOCK", 1)
    _act(g, "Use")
    kit.answer_yes(g, True)
    assert _n(g, "CLOCK", 1) == clock + icons


# ---------------------------------------------------------------------------- cards returned to a deck and shuffled
def test_return_them_to_their_deck_then_shuffle_compiles_exact():
    r = _c(_RETURNER_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][1:] == [{"op": "to_deck_top"}, {"op": "shuffle_deck", "who": "opponent"}]
    r = _c("【ACT】 [【REST】 this card] Choose up to 2 cards in your opponent's waiting room, return them to their deck, "
           "your opponent shuffles their deck, and you deal 1 damage to your opponent.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][-1] == {"op": "damage", "amount": 1}
    r = _c("【ACT】 [【REST】 this card] Choose up to 2 cards in your waiting room, return them to your deck, and shuffle "
           "your deck.")
    assert r.verdict == "exact" and r.abilities[0]["effect"][-1] == {"op": "shuffle_deck"}, r.reason
    # without the shuffle, where in the deck is not said: unsupported
    assert _c("【ACT】 [【REST】 this card] Choose up to 2 cards in your opponent's waiting room, and return them to "
              "their deck.").verdict == "unsupported"


def test_chosen_cards_go_back_into_the_opponents_deck(pool):
    sc = _scenario(pool)
    sc.put(0, RETURNER, "stage", pos=0)
    a = sc.put(1, PLAIN, "waiting_room")
    b = sc.put(1, ICONED, "waiting_room")
    g = sc.game()
    deck, wr = _n(g, "DECK", 1), _n(g, "WR", 1)
    _act(g, "Use")
    kit.answer_picks(g, ["Choose", "Choose"])
    assert _n(g, "DECK", 1) == deck + 2 and _n(g, "WR", 1) == wr - 2
    assert kit.zone_of(g, a) == K.Zone.DECK and kit.zone_of(g, b) == K.Zone.DECK


# ---------------------------------------------------------------------------- a granted Encore as the database prints it
@pytest.mark.parametrize("cost", ["Put a character from your hand into your waiting room].",
                                  "Put a character in your hand into your waiting room]"])
def test_cr_10_2_granted_encore_with_a_full_stop_or_in_your_hand_compiles_exact(cost):
    r = _c(f"【CONT】 All of your other 《Glass》 characters get +500 power and \"【AUTO】 Encore [{cost}\".")
    assert r.verdict == "exact", r.reason
    (grant,) = [o for o in r.abilities[0]["effect"] if o["op"] == "aura_grant_ability"]
    assert grant["ability"]["keyword"] == "encore"
    assert grant["ability"]["cost"]["discard"] == 1 and grant["ability"]["cost"]["discard_filter"]["type"] == "character"


# ---------------------------------------------------------------------------- Brainstorm as the database prints it
def test_cr_10_7_brainstorm_costs_and_the_icon_clause_as_printed_compile():
    tail = (" Flip over 4 cards from the top of your deck, and put them into your waiting room. For each climax revealed "
            "among those cards, choose up to 1 character in your waiting room, and return it to your hand.")
    plain = _c("【ACT】 Brainstorm [(1) 【REST】 2 of your characters]" + tail)
    assert plain.verdict == "exact", plain.reason
    for cost in ("[(1) 【REST】 2 characters]", "[(1) 【REST】 2 of your characters)"):
        r = _c(f"【ACT】 Brainstorm {cost}" + tail)
        assert r.verdict == "exact" and r.abilities == plain.abilities, r.reason
    # "for each climax with [icon] in its trigger icon," (without "revealed among those cards")
    r = _c("【ACT】 Brainstorm [(1) 【REST】 this card]" + tail.replace("For each climax revealed among those cards",
                                                                    "For each climax with @ in its trigger icon"))
    assert r.verdict == "approximate" and r.approximations == ("trigger_icon_dropped",), r.reason


def test_cr_3_9_the_cx_area_is_the_climax_area():
    line = ("【AUTO】 【CXCOMBO】 When \"Plain\" is placed on your {} area, if you have 2 or more other 《Glass》 "
            "characters, draw 1 card.")
    r = _c(line.format("CX"))
    assert r.verdict == "exact", r.reason
    assert r.abilities == _c(line.format("climax")).abilities


def test_clauses_then_the_following_action_n_times_compiles_exact():
    r = _c("【AUTO】 【CXCOMBO】 [(1)] When this card attacks, if \"Plain\" is in your climax area, you may pay the cost. If "
           "you do, this card gets +1000 power until end of turn, and perform the following action 2 times. \"Put the "
           "bottom 2 cards of your opponent's deck into their waiting room, and deal X damage to your opponent. X is "
           "equal to the number of climax among those cards.\" (Damage may be canceled)")
    assert r.verdict == "exact", r.reason
    eff = r.abilities[0]["effect"]
    assert eff[:2] == [{"op": "target_self"}, {"op": "power", "amount": 1000}]
    assert [o["op"] for o in eff[2:]] == ["mill_count", "damage"] * 2


def test_x_counted_among_the_cards_put_into_the_waiting_room_by_this_effect_compiles_exact():
    r = _c("【AUTO】 【CXCOMBO】 When \"Plain\" is placed on your climax area, if you have 2 or more other 《Glass》 "
           "characters, put the top 3 cards of your deck into your waiting room, choose up to 1 level X or lower 《Glass》 "
           "character in your waiting room, and return it to your hand. X is equal to the number of 《Glass》 characters "
           "put into your waiting room by this effect.")
    assert r.verdict == "exact", r.reason
    eff = r.abilities[0]["effect"]
    assert eff[0] == {"op": "mill_count", "count": 3, "filter": {"type": "character", "trait": "Glass",
                                                                 "zone": "waiting_room"}}
    assert eff[1]["filter"]["level_max_x"] and eff[1]["filter"]["level_max"] == 0
    r = _c("【AUTO】 When this card is placed on the stage from your hand, put the top 2 cards of your deck into your "
           "waiting room, and this card gets +X power until end of turn. X is equal to the number of 《Glass》 characters "
           "revealed among those cards ×2000.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][-1] == {"op": "power_x", "amount": 2000}
