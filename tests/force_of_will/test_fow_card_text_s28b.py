"""Force of Will card text, session 28 (branch s28-fowb): looking at, revealing and searching cards - "look at the top N
cards of your deck and put them back in any order" (CR 1034.1's first half), Foresee 1 worded "then put it on the top
or the bottom", the opponent's hand revealed or looked at (CR 1005.1, 1019.1), the top card of the magic stone deck
revealed (CR 305), "search ... then shuffle the rest of your deck and put that card on top of it" (CR 1021.2a). Lines are
made up in the game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import numpy as np
import pytest

from tcg_env.cards.text import Verdict
from helpers import pass_until
from test_fow_card_text import exact, line


# ---- CR 1034.1: "look at the top N cards of your deck and put them back in any order" ------------------------------
def test_cr_1034_1_put_them_back_in_any_order_compiles_to_a_foresee_onto_the_top_only():
    for text in ("Look at the top three cards of your deck and put them back in any order.",
                 "Look at the top three cards of your deck. Put them on the top of your deck in any order."):
        assert exact(text, "chant").fields["effect"] == [{"op": "foresee", "count": 3, "top_only": True}]
    # revealed cards put back: not this form
    assert line("Reveal the top three cards of your deck and put them back in any order.", "chant").verdict \
        is Verdict.UNSUPPORTED
    # Foresee N in words (CR 1034.1)
    assert exact("Look at the top two cards of your deck and put any number of them on the top of your deck in any "
                 "order. Put the rest on the bottom of your deck in any order.", "chant").fields["effect"] == [
        {"op": "foresee", "count": 2}]
    # "then put it on the top or the bottom of your deck": Foresee 1 (CR 1034.1)
    assert exact("Look at the top card of your deck, then put it on the top or the bottom of your deck.",
                 "chant").fields["effect"] == [{"op": "foresee", "count": 1}]


def test_cr_1034_1_put_them_back_the_player_orders_them_on_top_and_none_goes_to_the_bottom(tmp_path):
    """"Look at the top three cards of your deck and put them back in any order.": the FORESEE decision offers the
    OPTION actions only (no BOTTOM); the cards go back onto the top one at a time, the last put back on top; the card
    under them stays under them."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from test_fow_card_text_s10 import _look_game

    res, g, card, under, looked = _look_game(tmp_path, "Look at the top three cards of your deck and put them back in "
                                             "any order.")
    assert res.text_records[0].verdict is Verdict.EXACT
    pass_until(g, K.Decision.FORESEE, 10)
    order = []
    for _ in range(3):
        assert int(g.state[H_DECISION]) == K.Decision.FORESEE
        legal = g.legal_actions().tolist()
        assert not [a for a in legal if K.BOTTOM_BASE <= a < K.BOTTOM_BASE + K.OPTION_SLOTS]  # none to the bottom
        k = int(g.state[S.CAND_N]) - 1  # the deepest looked-at card first
        order.append(int(g.state[S.CAND + k]))
        g.step(K.OPTION_BASE + k)
    deck = zone_list(np.asarray(g.state), S.ZONES, K.Zone.MAIN_DECK, 0)
    assert deck[-3:] == order and under in deck[:-3]  # bottom .. top: the last put back is the top card
    assert sorted(order) == sorted(looked)


# ---- CR 1005.1 / 1019.1: the opponent's hand revealed or looked at (Op.REVEAL_HAND) --------------------------------
def test_cr_1005_1_the_opponents_hand_revealed_or_looked_at_compiles_to_reveal_hand():
    assert exact("Your opponent reveals their hand. Draw a card.", "chant").fields["effect"] == [
        {"op": "reveal_hand", "revealed": True}, {"op": "draw", "count": 1}]
    assert exact("Look at your opponent's hand.", "chant").fields["effect"] == [{"op": "reveal_hand"}]
    # "... Choose a <card>. They discard that card / remove that card from the game.": the SEARCH of their hand
    r = exact("Your opponent reveals their hand. Choose a resonator. They discard that card.", "chant")
    assert r.fields["effect"] == [{"op": "search", "filter": {"type": ["resonator"], "zone": "hand", "side": "opponent"},
                                   "to": "graveyard", "must": True, "who": "opponent"}]
    r = exact("Look at target opponent's hand and choose a card. They remove that card from the game.", "chant")
    assert r.fields["effect"][0]["to"] == "removed"


def _hand_game(tmp_path, text, opp_hand):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import _imported_pool

    cards = [{"id": "TXT-001", "name": "Made-up Peek", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
              "abilities": [text]},
             {"id": "TXT-002", "name": "Made-up Spark", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
              "abilities": ["Draw a card."]}]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    held = sc.hand(1, list(opp_hand))
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    return g, card, held


def _resolve(g, card):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    for _ in range(8):
        if int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD:
            return
        g.step(K.PASS)
    raise AssertionError("the chant did not resolve")


def test_cr_1005_1_your_opponent_reveals_their_hand_shows_it_in_both_observations(tmp_path):
    """"Your opponent reveals their hand.": as the chant resolves, every card of player 1's hand is in both players'
    `revealed` block (player 1's reveal: the opponent's rows in player 0's observation); nothing moves."""
    from tcg_env.games.force_of_will import state as S
    from test_fow_card_text_s12 import _revealed_ids

    g, card, held = _hand_game(tmp_path, "Your opponent reveals their hand.", ["FOW1-024", "TXT-002"])
    assert _revealed_ids(g, 0) == ([], []) and _revealed_ids(g, 1) == ([], [])
    _resolve(g, card)
    ids = sorted(int(g.state[S.CARD + x * S.CARD_W]) for x in held)
    mine0, theirs0 = _revealed_ids(g, 0)
    mine1, theirs1 = _revealed_ids(g, 1)
    assert mine0 == [] and sorted(theirs0) == ids and sorted(mine1) == ids and theirs1 == []


def test_cr_1019_1_look_at_your_opponents_hand_is_the_lookers_record(tmp_path):
    """"Look at your opponent's hand.": the cards are kept as player 0's (the looker's) reveal; the holder knows them."""
    from tcg_env.games.force_of_will import state as S
    from test_fow_card_text_s12 import _revealed_ids

    g, card, held = _hand_game(tmp_path, "Look at your opponent's hand. Draw a card.", ["FOW1-024", "TXT-002"])
    _resolve(g, card)
    ids = sorted(int(g.state[S.CARD + x * S.CARD_W]) for x in held)
    mine0, theirs0 = _revealed_ids(g, 0)
    assert sorted(mine0) == ids and theirs0 == []


def test_cr_1004_1_they_remove_that_card_from_the_game(tmp_path):
    """"Your opponent reveals their hand. Choose a resonator. They remove that card from the game.": player 0 chooses
    the resonator (no PASS while one matches), it goes to player 1's removed area, the chant stays in the hand."""
    from tcg_env.engine.header import H_DECIDER, H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, card, (res, chant) = _hand_game(tmp_path, "Your opponent reveals their hand. Choose a resonator. They remove "
                                       "that card from the game.", ["FOW1-024", "TXT-002"])
    pass_until(g, K.Decision.SEARCH, 6)
    assert int(g.state[H_DECISION]) == K.Decision.SEARCH and int(g.state[H_DECIDER]) == 0
    assert K.PASS not in g.legal_actions().tolist()
    g.step(K.OPTION_BASE)
    assert int(g.state[S.ZONE + res * S.CARD_W]) == K.Zone.REMOVED
    assert int(g.state[S.ZONE + chant * S.CARD_W]) == K.Zone.HAND


# ---- CR 305 / 1005.1: the top card of the magic stone deck revealed --------------------------------------------------
def test_cr_201_4c_a_wind_magic_stone_searched_or_revealed_is_the_magic_stone_type():
    r = exact("Reveal the top card of your magic stone deck. If it's a wind magic stone, put it into the field.", "chant")
    assert r.fields["effect"] == [{"op": "search", "filter": {"type": ["wind_magic_stone"], "zone": "stone_deck"},
                                   "top": 1, "rest": "top", "must": True, "to": "field", "reveal": "top"}]
    r = exact("Search your magic stone deck for a wind magic stone and put it into the field. Then shuffle your magic "
              "stone deck.", "chant")
    assert r.fields["effect"][0]["filter"]["type"] == ["wind_magic_stone"]
    # a special magic stone: the filter's stone (session 32, CR 402.4b; before, unsupported: no filter told it)
    r = exact("Search your magic stone deck for a special magic stone and put it into the field. Then shuffle your "
              "magic stone deck.", "chant")
    assert r.fields["effect"][0]["filter"] == {"type": ["magic_stone"], "stone": "special", "zone": "stone_deck"}
    # into the hand: not this form
    assert line("Reveal the top card of your magic stone deck. If it's a wind magic stone, put it into your hand.",
                "chant").verdict is Verdict.UNSUPPORTED


def _stone_game(tmp_path, top_stone):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import _imported_pool

    cards = [{"id": "TXT-001", "name": "Made-up Dowsing", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
              "abilities": ["Reveal the top card of your magic stone deck. If it's a fire magic stone, put it into "
                            "your magic stone area."]},
             {"id": "TXT-003", "name": "Made-up Ember Stone", "type": ["Basic Magic Stone", "Magic Stone"],
              "cost": None, "colour": ["R"], "abilities": ["This card has the fire magic stone type.", "{Rest}: Produce {R}."]},
             {"id": "TXT-004", "name": "Made-up Tide Stone", "type": ["Basic Magic Stone", "Magic Stone"],
              "cost": None, "colour": ["U"], "abilities": ["This card has the water magic stone type.", "{Rest}: Produce {U}."]}]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    top = sc.put(0, top_stone, K.Zone.STONE_DECK, top=True)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    return g, card, top


def test_cr_305_the_revealed_top_magic_stone_of_the_type_enters_the_field(tmp_path):
    """"Reveal the top card of your magic stone deck. If it's a fire magic stone, put it into your magic stone area.":
    the top card (a fire magic stone type) is shown to both players and must be put into the field (revealed: no PASS,
    CR 1014.1)."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from test_fow_card_text_s12 import _revealed_ids

    g, card, top = _stone_game(tmp_path, "TXT-003")
    pass_until(g, K.Decision.SEARCH, 8)
    assert int(g.state[H_DECISION]) == K.Decision.SEARCH and K.PASS not in g.legal_actions().tolist()
    cid = int(g.state[S.CARD + top * S.CARD_W])
    assert _revealed_ids(g, 0) == ([cid], []) and _revealed_ids(g, 1) == ([], [cid])
    g.step(K.OPTION_BASE)
    assert int(g.state[S.ZONE + top * S.CARD_W]) == K.Zone.FIELD


def test_cr_305_a_revealed_top_magic_stone_of_another_type_stays_on_top(tmp_path):
    """The top card is a water magic stone: nothing is asked, it stays on top of the magic stone deck (shown to both)."""
    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from test_fow_card_text_s12 import _revealed_ids

    g, card, top = _stone_game(tmp_path, "TXT-004")
    _resolve(g, card)
    assert zone_list(np.asarray(g.state), S.ZONES, K.Zone.STONE_DECK, 0)[-1] == top
    assert _revealed_ids(g, 1) == ([], [int(g.state[S.CARD + top * S.CARD_W])])


# ---- CR 1021.2a: "shuffle the rest of your deck and put that card on top of it" (SearchTo.DECK_TOP) -------------------
def test_cr_1021_2a_search_then_put_that_card_on_top_compiles_for_both_decks():
    r = exact("Search your deck for a resonator. Then shuffle the rest of your deck and put that card on top of it.",
              "chant")
    assert r.fields["effect"] == [{"op": "search", "filter": {"type": ["resonator"], "zone": "main_deck"},
                                   "to": "deck_top"}]
    r = exact("Search your magic stone deck for a card and reveal it. Then, shuffle the rest of your magic stone deck "
              "and put that card on top of it.", "chant")
    assert r.fields["effect"] == [{"op": "search", "filter": {"zone": "stone_deck"}, "to": "deck_top",
                                   "reveal": "taken"}]


def test_cr_1021_2a_the_card_found_ends_on_top_of_the_shuffled_deck(tmp_path):
    """"Search your deck for a resonator. Then shuffle the rest ... and put that card on top of it.": the resonator
    at the bottom of the deck is found and is the deck's top card after the search; the deck keeps its size."""
    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import _imported_pool

    cards = [{"id": "TXT-001", "name": "Made-up Tutor", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
              "abilities": ["Search your deck for a resonator. Then shuffle the rest of your deck and put that card on "
                            "top of it."]},
             {"id": "TXT-002", "name": "Made-up Pup", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
              "ATK": 200, "DEF": 200, "abilities": []}]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    pup = sc.put(0, "TXT-002", K.Zone.MAIN_DECK, top=False)
    g = sc.game()
    deck = zone_list(np.asarray(g.state), S.ZONES, K.Zone.MAIN_DECK, 0)
    assert deck[0] == pup
    g.step(K.PLAY_HAND_BASE)
    pass_until(g, K.Decision.SEARCH, 8)
    pup_id = int(g.state[S.CARD + pup * S.CARD_W])
    cids = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
    g.step(K.OPTION_BASE + cids.index(pup_id))
    after = zone_list(np.asarray(g.state), S.ZONES, K.Zone.MAIN_DECK, 0)
    assert after[-1] == pup and len(after) == len(deck)  # the only copy: on top, the rest under it


# ---- CR 1014.1: several cards taken from among the cards looked at (SEARCH_TAKE_SHIFT) -------------------------------
def test_cr_1014_1_put_two_cards_or_up_to_two_from_among_them_compiles_to_a_look_with_take():
    r = exact("Look at the top five cards of your deck. Put two cards from among them into your hand. Put the rest on "
              "the bottom of your deck in any order.", "chant")
    assert r.fields["effect"] == [{"op": "search", "filter": {"zone": "main_deck"}, "top": 5, "rest": "bottom_any",
                                   "must": True, "take": 2}]
    r = exact("Look at the top four cards of your deck. Reveal up to two resonators from among them and put them into "
              "your hand. Put the rest on the bottom of your deck in a random order.", "chant")
    assert r.fields["effect"][0]["take"] == 2 and r.fields["effect"][0]["must"] is False
    assert r.fields["effect"][0]["reveal"] == "taken"
    r = exact("Look at the top three cards of your deck. Put one of them into your hand and the rest into your "
              "graveyard.", "chant")
    assert r.fields["effect"] == [{"op": "search", "filter": {"zone": "main_deck"}, "top": 3, "rest": "graveyard",
                                   "must": True}]
    # more taken than looked at: not compiled
    assert line("Look at the top two cards of your deck. Put three cards from among them into your hand.",
                "chant").verdict is Verdict.UNSUPPORTED


def _take_game(tmp_path, text):
    from test_fow_card_text_s10 import _look_game, _pass_until_search

    res, g, card, under, looked = _look_game(tmp_path, text)
    assert res.text_records[0].verdict is Verdict.EXACT, res.text_records[0].reason
    _pass_until_search(g)
    return g, card, under, looked


def test_cr_1014_1_two_cards_taken_one_search_decision_each_the_rest_after(tmp_path):
    """"Look at the top three cards of your deck. Put two cards from among them into your hand. Put the rest into your
    graveyard.": the player takes the resonator, then is asked again among the two cards left (no PASS: "cards"), takes
    one; the last card looked at goes to the graveyard, the card under them stays on top."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, card, under, (fire_a, pup, fire_b) = _take_game(
        tmp_path, "Look at the top three cards of your deck. Put two cards from among them into your hand. Put the rest "
                  "into your graveyard.")
    assert K.PASS not in g.legal_actions().tolist()
    cids = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
    g.step(K.OPTION_BASE + cids.index(int(g.state[S.CARD + pup * S.CARD_W])))
    assert int(g.state[H_DECISION]) == K.Decision.SEARCH  # asked again among the two left
    assert int(g.state[S.CAND_N]) == 1 and K.PASS not in g.legal_actions().tolist()
    g.step(K.OPTION_BASE)
    zones = [int(g.state[S.ZONE + x * S.CARD_W]) for x in (fire_a, pup, fire_b)]
    assert sorted(zones) == sorted([K.Zone.HAND, K.Zone.HAND, K.Zone.GRAVEYARD])
    assert zone_list(np.asarray(g.state), S.ZONES, K.Zone.MAIN_DECK, 0)[-1] == under


def test_cr_1014_2_up_to_two_the_player_may_stop_after_one(tmp_path):
    """"You may put up to two cards from among them into your hand": after one, a PASS ends it; the two cards left go to
    the graveyard."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, card, under, (fire_a, pup, fire_b) = _take_game(
        tmp_path, "Look at the top three cards of your deck. You may put up to two cards from among them into your "
                  "hand. Put the rest into your graveyard.")
    assert K.PASS in g.legal_actions().tolist()
    cids = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
    g.step(K.OPTION_BASE + cids.index(int(g.state[S.CARD + pup * S.CARD_W])))
    assert int(g.state[H_DECISION]) == K.Decision.SEARCH and K.PASS in g.legal_actions().tolist()
    g.step(K.PASS)
    assert int(g.state[S.ZONE + pup * S.CARD_W]) == K.Zone.HAND
    assert [int(g.state[S.ZONE + x * S.CARD_W]) for x in (fire_a, fire_b)] == [K.Zone.GRAVEYARD] * 2


# ---- wordings: either of two card types, the card chosen in the opponent's hand ------------------------------------
def test_cr_201_2_a_search_for_either_of_two_card_types():
    r = exact("Search your deck for a resonator or an addition with total cost 2 or less, reveal it and put it into your "
              "hand. Then shuffle your deck.", "chant")
    assert r.fields["effect"][0]["filter"] == {"cost_max": 2, "type": ["resonator", "addition"], "zone": "main_deck"}
    # an adjective of the first only ("a fire chant or a regalia"): no filter says it
    assert line("Search your deck for a fire chant or a regalia, reveal it and put it into your hand. Then shuffle your "
                "deck.", "chant").verdict is Verdict.UNSUPPORTED


def test_cr_1019_1_the_chosen_card_of_the_opponents_hand_worded_otherwise():
    want = [{"op": "search", "filter": {"zone": "hand", "side": "opponent"}, "to": "graveyard", "must": True,
             "who": "opponent"}]
    assert exact("Look at your opponent's hand and choose a card from among them. They discard the chosen card.",
                 "chant").fields["effect"] == want
    r = exact("Look at your opponent's hand, choose a resonator from among them and remove it from the game.", "chant")
    assert r.fields["effect"][0]["to"] == "removed" and r.fields["effect"][0]["filter"]["type"] == ["resonator"]
    # "a non-resonator card": the other card types a hand may hold
    r = exact("Look at your opponent's hand. Choose a non-resonator card. They discard that card.", "chant")
    assert "resonator" not in r.fields["effect"][0]["filter"]["type"]


# ---- CR 1014.2: "you may search ..." is the search's PASS; searches for several cards -------------------------------
def test_cr_1014_2_you_may_search_then_shuffle_is_the_searchs_pass():
    r = exact("You may search your deck for a resonator, reveal it and put it into your hand. Then shuffle your deck.",
              "chant")
    assert r.fields["effect"] == [{"op": "search", "filter": {"type": ["resonator"], "zone": "main_deck"},
                                   "reveal": "taken"}]
    r = exact("[Enter] => Draw a card. You may search your deck for a resonator and put it into the field. Then shuffle "
              "your deck.")
    assert "optional" not in r.abilities[0]
    # "If you do, shuffle your deck": declining must not shuffle, so the "you may" stays an OPTIONAL where one may be
    r = line("[Enter] => You may search your deck for a resonator and put it into the field. If you do, shuffle your "
             "deck.")
    assert r.verdict is Verdict.APPROXIMATE and r.abilities[0]["optional"] is True
    assert line("You may search your deck for a resonator, reveal it and put it into your hand. If you do, shuffle "
                "your deck.", "chant").verdict is Verdict.UNSUPPORTED


def test_cr_1014_2_several_searches_each_may_fail():
    r = exact('Search your deck for a card named "Made-up A" and/or a card named "Made-up B", reveal them and put them '
              "into your hand. Then shuffle your deck.", "chant")
    assert [(op["filter"]["name"], op["reveal"]) for op in r.fields["effect"]] == [("Made-up A", "taken"),
                                                                                   ("Made-up B", "taken_more")]
    r = exact("Search your deck for up to one fire chant and up to one water resonator, reveal them and put them into "
              "your hand. Then shuffle your deck.", "chant")
    assert [op["filter"]["type"] for op in r.fields["effect"]] == [["chant"], ["resonator"]]
    r = exact("Search your deck for three chants and put them into your graveyard. Then shuffle your deck.", "chant")
    assert len(r.fields["effect"]) == 3 and all(op["to"] == "graveyard" for op in r.fields["effect"])


def test_cr_1005_1_look_at_the_top_card_if_its_a_card_reveal_it():
    r = exact("Look at the top card of your deck. If it's a resonator, reveal it and put it into your hand.", "chant")
    assert r.fields["effect"] == [{"op": "search", "filter": {"type": ["resonator"], "zone": "main_deck"}, "top": 1,
                                   "rest": "top", "must": True, "reveal": "taken"}]


# ---- CR 1137.2: "if there are N or more [<attribute>] runes revealed from your rune area, <B> instead" --------------
def test_cr_1137_2_runes_revealed_from_your_rune_area_is_the_rune_condition_and_its_negation():
    r = exact("Draw a card. If there are two or more runes revealed from your rune area, draw two cards instead.", "chant")
    assert [op["condition"] for op in r.fields["effect"] if op["op"] == "if"] == [
        {"kind": "runes_revealed_fewer", "value": 2}, {"kind": "runes_revealed_at_least", "value": 2}]
    r = exact("[Enter] => Your opponent loses 500 life. If there are two or more wind runes revealed from your rune area, "
              "you gain 500 life.")
    assert r.abilities[0]["effect"][1]["condition"] == {"kind": "rune_attributes", "value": "{G}{G}"}
    # "B instead" keeps A's duration (whatever the condition)
    r = exact("Target resonator gains [+100/+100] until end of turn. If this card was awakened, it gains [+200/+200] "
              "instead.", "chant")
    assert [op["duration"] for op in r.fields["effect"] if op["op"] == "power"] == ["end_of_turn", "end_of_turn"]


@pytest.mark.parametrize("dark, fire, drawn", [(1, 1, 1), (2, 0, 2), (1, 0, 1)])
def test_cr_1137_2a_two_darkness_runes_revealed_draw_two_instead(tmp_path, dark, fire, drawn):
    """"Draw a card. If there are two or more darkness runes revealed from your rune area, draw two cards instead.":
    one card drawn unless two revealed darkness runes are in its controller's rune area (a fire one does not count),
    then two (RUNE_ATTRIBUTES_NOT / RUNE_ATTRIBUTES: one branch only)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import _imported_pool

    cards = [{"id": "TXT-001", "name": "Made-up Augury", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
              "abilities": ["Draw a card. If there are two or more darkness runes revealed from your rune area, draw "
                            "two cards instead."]},
             {"id": "TXT-002", "name": "Made-up Dark Glyph", "type": ["Rune"], "cost": "{B}", "colour": ["B"],
              "abilities": ["Draw a card."], "divinity": 1},
             {"id": "TXT-003", "name": "Made-up Fire Glyph", "type": ["Rune"], "cost": "{R}", "colour": ["R"],
              "abilities": ["Draw a card."], "divinity": 1}]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[x.reason for x in r.lines] for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    for cid, n in (("TXT-002", dark), ("TXT-003", fire)):
        for _ in range(n):
            sc.row[S.REVEALED + sc.put(0, cid, "rune_area") * S.CARD_W] = 1
    g = sc.game()
    hand = int(g.state[S.HAND_N + 0])
    g.step(K.PLAY_HAND_BASE)
    _resolve(g, card)
    assert int(g.state[S.HAND_N + 0]) == hand - 1 + drawn


# ---- "... and put it into the field rested" (SEARCH_RESTED) ---------------------------------------------------------
def test_cr_305_a_magic_stone_searched_into_the_field_rested_enters_rested(tmp_path):
    """"Search your magic stone deck for a card and put it into your magic stone area rested. Then shuffle your magic
    stone deck.": the stone found enters its controller's field rested."""
    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import _imported_pool

    text = "Search your magic stone deck for a card and put it into your magic stone area rested. Then shuffle your " \
           "magic stone deck."
    assert exact(text, "chant").fields["effect"] == [{"op": "search", "filter": {"zone": "stone_deck"}, "to": "field",
                                                      "rested": True}]
    # a card that may be an addition: its host's choice would enter it (CR 1406.3): not compiled
    assert line("Search your deck for a card and put it into the field rested. Then shuffle your deck.",
                "chant").verdict is Verdict.UNSUPPORTED
    cards = [{"id": "TXT-001", "name": "Made-up Prospecting", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
              "abilities": [text]}]
    res, pool = _imported_pool(tmp_path, cards)
    assert res.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    g = sc.game()
    before = set(zone_list(np.asarray(g.state), S.ZONES, K.Zone.FIELD, 0))
    g.step(K.PLAY_HAND_BASE)
    pass_until(g, K.Decision.SEARCH, 8)
    g.step(K.OPTION_BASE)
    (stone,) = set(zone_list(np.asarray(g.state), S.ZONES, K.Zone.FIELD, 0)) - before
    assert int(g.state[S.RESTED + stone * S.CARD_W]) == 1


# ---- CR 1034.1: a Foresee of the opponent's deck ---------------------------------------------------------------------
def test_cr_1034_1_the_controller_places_the_top_cards_of_the_opponents_deck(tmp_path):
    """"Look at the top two cards of your opponent's deck. Then put them on top and/or on the bottom of your opponent's
    deck in any order.": player 0 decides both placements (not the deck's owner); one goes to the bottom, the other
    back on top of player 1's deck."""
    from tcg_env.engine.header import H_DECIDER, H_DECISION
    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import _imported_pool

    text = ("Look at the top two cards of your opponent's deck. Then put them on top and/or on the bottom of your "
            "opponent's deck in any order.")
    assert exact(text, "chant").fields["effect"] == [{"op": "foresee", "count": 2, "who": "opponent"}]
    cards = [{"id": "TXT-001", "name": "Made-up Scrying", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
              "abilities": [text]}]
    res, pool = _imported_pool(tmp_path, cards)
    assert res.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    g = sc.game()
    deck1 = zone_list(np.asarray(g.state), S.ZONES, K.Zone.MAIN_DECK, 1)
    g.step(K.PLAY_HAND_BASE)
    pass_until(g, K.Decision.FORESEE, 8)
    assert int(g.state[H_DECISION]) == K.Decision.FORESEE and int(g.state[H_DECIDER]) == 0
    assert sorted(int(g.state[S.CAND + k]) for k in range(2)) == sorted(deck1[-2:])
    first = int(g.state[S.CAND])
    g.step(K.BOTTOM_BASE)
    assert int(g.state[H_DECISION]) == K.Decision.FORESEE and int(g.state[H_DECIDER]) == 0
    second = int(g.state[S.CAND])
    g.step(K.OPTION_BASE)
    after = zone_list(np.asarray(g.state), S.ZONES, K.Zone.MAIN_DECK, 1)
    assert after[0] == first and after[-1] == second and len(after) == len(deck1)


def test_cr_305_the_top_magic_stones_put_back_in_any_order_stay_in_the_magic_stone_deck(tmp_path):
    """"Look at the top three cards of your magic stone deck and put them back in any order.": FORESEE over the magic
    stone deck (a2 2), onto the top only; the cards go back onto the magic stone deck (not the main deck)."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import _imported_pool

    text = "Look at the top three cards of your magic stone deck and put them back in any order."
    assert exact(text, "chant").fields["effect"] == [{"op": "foresee", "count": 3, "top_only": True, "stones": True}]
    cards = [{"id": "TXT-001", "name": "Made-up Geomancy", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
              "abilities": [text]}]
    res, pool = _imported_pool(tmp_path, cards)
    assert res.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    g = sc.game()
    stones = zone_list(np.asarray(g.state), S.ZONES, K.Zone.STONE_DECK, 0)
    assert len(stones) >= 3
    g.step(K.PLAY_HAND_BASE)
    pass_until(g, K.Decision.FORESEE, 8)
    order = []
    for _ in range(3):
        assert int(g.state[H_DECISION]) == K.Decision.FORESEE
        assert not [a for a in g.legal_actions().tolist() if K.BOTTOM_BASE <= a < K.BOTTOM_BASE + K.OPTION_SLOTS]
        order.append(int(g.state[S.CAND]))
        g.step(K.OPTION_BASE)
    after = zone_list(np.asarray(g.state), S.ZONES, K.Zone.STONE_DECK, 0)
    assert after[-3:] == order and sorted(after) == sorted(stones)


# ---- CR 1014.2: "search your deck for any number of <cards>" (SEARCH_ANY) ----------------------------------------------
def test_cr_1014_2_any_number_of_cards_found_one_decision_each_until_a_pass(tmp_path):
    """"Search your deck for any number of cards named "Made-up Pup", reveal them and put them into your hand.": with
    three in the deck, the player takes two (asked again after each) and passes; both are in the hand and in one reveal
    shown to both players, the third stays in the deck."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import _imported_pool
    from test_fow_card_text_s12 import _revealed_ids

    text = ('Search your deck for any number of cards named "Made-up Pup", reveal them and put them into your hand. '
            "Then shuffle your deck.")
    cards = [{"id": "TXT-001", "name": "Made-up Roundup", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
              "abilities": [text]},
             {"id": "TXT-002", "name": "Made-up Pup", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
              "ATK": 200, "DEF": 200, "abilities": []}]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    pups = [sc.put(0, "TXT-002", K.Zone.MAIN_DECK, top=False) for _ in range(3)]
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    pass_until(g, K.Decision.SEARCH, 8)
    pup_id = int(g.state[S.CARD + pups[0] * S.CARD_W])
    for _ in range(2):
        assert int(g.state[H_DECISION]) == K.Decision.SEARCH and K.PASS in g.legal_actions().tolist()
        assert [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))] == [pup_id]
        g.step(K.OPTION_BASE)
    assert int(g.state[H_DECISION]) == K.Decision.SEARCH  # asked again: one left
    g.step(K.PASS)
    zones = sorted(int(g.state[S.ZONE + x * S.CARD_W]) for x in pups)
    assert zones == sorted([K.Zone.HAND, K.Zone.HAND, K.Zone.MAIN_DECK])
    assert _revealed_ids(g, 1) == ([], [pup_id, pup_id])


def test_cr_205_a_search_for_a_race_or_a_race():
    r = exact("Search your deck for a Human or a Elf, reveal it and put it into your hand. Then shuffle your deck.",
              "chant", races=frozenset({"Human", "Elf"}))
    assert r.fields["effect"][0]["filter"] == {"race": "Human", "race_or": "Elf", "zone": "main_deck"}
    # ", and put it" after the card searched for
    r = exact("Search your deck for a resonator with total cost 2 or less, and put it into the field. Then shuffle your "
              "deck.", "chant")
    assert r.fields["effect"][0]["to"] == "field"


def test_cr_1014_the_rest_on_the_top_of_your_deck_in_any_order(tmp_path):
    """"Look at the top three cards of your deck. Put a resonator from among them into your hand and the rest on the
    top of your deck in any order.": after the resonator is taken, the two others go back onto the top one at a time
    (FORESEE with the OPTION actions only, FR_CNT SEARCH_PLACING_TOP): the last put back is the top card."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, card, under, (fire_a, pup, fire_b) = _take_game(
        tmp_path, "Look at the top three cards of your deck. Put a resonator from among them into your hand and the "
                  "rest on the top of your deck in any order.")
    g.step(K.OPTION_BASE)  # the only resonator
    assert int(g.state[S.ZONE + pup * S.CARD_W]) == K.Zone.HAND
    order = []
    for _ in range(2):
        assert int(g.state[H_DECISION]) == K.Decision.FORESEE
        assert not [a for a in g.legal_actions().tolist() if K.BOTTOM_BASE <= a < K.BOTTOM_BASE + K.OPTION_SLOTS]
        k = int(g.state[S.CAND_N]) - 1
        order.append(int(g.state[S.CAND + k]))
        g.step(K.OPTION_BASE + k)
    deck = zone_list(np.asarray(g.state), S.ZONES, K.Zone.MAIN_DECK, 0)
    assert deck[-2:] == order and deck[-3] == under and sorted(order) == sorted([fire_a, fire_b])


# ---- CR 202: "a card named "A" or "B"" (filter name_or) -------------------------------------------------------------
def test_cr_202_a_search_for_a_card_named_a_or_b_finds_either(tmp_path):
    """"Search your deck for a card named "Made-up Pup" or "Made-up Kit", reveal it and put it into your hand.": both
    names are candidates (F_NAME packs the second from NAME_BITS), another card is not."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import _imported_pool

    text = ('Search your deck for a card named "Made-up Pup" or "Made-up Kit", reveal it and put it into your hand. '
            "Then shuffle your deck.")
    assert exact(text, "chant").fields["effect"][0]["filter"] == {"name": "Made-up Pup", "name_or": "Made-up Kit",
                                                                   "zone": "main_deck"}
    res_card = {"type": ["Resonator"], "cost": "{R}", "colour": ["R"], "ATK": 200, "DEF": 200, "abilities": []}
    cards = [{"id": "TXT-001", "name": "Made-up Fetch", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
              "abilities": [text]},
             {"id": "TXT-002", "name": "Made-up Pup", **res_card},
             {"id": "TXT-003", "name": "Made-up Kit", **res_card},
             {"id": "TXT-004", "name": "Made-up Cub", **res_card}]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    put = [sc.put(0, c, K.Zone.MAIN_DECK) for c in ("TXT-002", "TXT-003", "TXT-004")]
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    pass_until(g, K.Decision.SEARCH, 8)
    cands = sorted(int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N])))
    assert cands == sorted(int(g.state[S.CARD + x * S.CARD_W]) for x in put[:2])
