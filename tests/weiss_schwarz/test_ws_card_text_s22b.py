"""Weiss Schwarz card text, session 22 part B (branch s22-wsb): markers (the top card of the deck put underneath this
card, a marker moved from underneath it), an opponent's character moved to another open position of their stage.
Made-up lines in the card language compiled, and on a small imported list what the engine does with them."""

from __future__ import annotations

import pytest

from tcg_env.engine.header import H_DECISION
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


(PLAIN, STACKER, BANKER, MOVER, LOADER, PAYER, LOOKER, SHRINKER, FACER, POOLER, RESTER, NAMER) = range(12)
RECORDS = [
    _rec("T/S22B-001", "Plain"),
    # the top card of the deck underneath this card as a marker (CR 3.7.2: face down unless said)
    _rec("T/S22B-002", "Stacker", ["【ACT】 [【REST】 this card] Put the top card of your deck underneath this card as "
                                   "a marker."]),
    # a marker from underneath this card into the stock (CR 3.7.2)
    _rec("T/S22B-003", "Banker", ["【ACT】 [【REST】 this card] Put a marker from underneath this card into your "
                                  "stock."]),
    # an opponent's character to another open position of their center stage (CR 6.5.1.2.4)
    _rec("T/S22B-004", "Mover", ["【ACT】 [【REST】 this card] Choose 1 character in your opponent's center stage, and "
                                 "move it to another open position of their center stage."]),
    _rec("T/S22B-005", "Loader", ["【ACT】 [【REST】 this card] Return 1 marker underneath this card to your hand."]),
    # a cost of markers (CR 3.7, 8.4.2.2: paid in full or not at all)
    _rec("T/S22B-006", "Payer", ["【ACT】 [Put 2 markers underneath this card into your waiting room] Draw 1 card."]),
    _rec("T/S22B-007", "Looker", ["【AUTO】 When this card attacks, if there are no markers underneath this card, you may "
                                  "look at the top card of your deck. If you do, put that card face down underneath "
                                  "this card as a marker."]),
    # "-X power" of a count (POWER_X with a negative amount)
    _rec("T/S22B-008", "Shrinker", ["【ACT】 [【REST】 this card] Choose 1 of your opponent's characters, and that "
                                    "character gets -X power until end of turn. X is equal to the number of your "
                                    "opponent's 【REVERSE】 characters x 1000."]),
    # choosing the character facing this card (CR 3.6.5)
    _rec("T/S22B-009", "Facer", ["【ACT】 [【REST】 this card] Choose 1 level 3 or lower character facing this card, and "
                                 "put it into your opponent's waiting room."]),
    # up to 2 cards from the top of the deck into the stock (CR 8.3: none, 1 or 2)
    _rec("T/S22B-010", "Pooler", ["【ACT】 [【REST】 this card] Put up to 2 cards from the top of your deck into your "
                                  "stock."]),
    _rec("T/S22B-011", "Rester", ["【ACT】 [(1)] 【REST】 all of your other 【STAND】 characters."]),
    # "if that card is "X" or a character with "Y" in its card name" (REVEAL_TOP with two filters)
    _rec("T/S22B-012", "Namer", ["【ACT】 [【REST】 this card] Reveal the top card of your deck. If that card is \"Plain\" "
                                 "or a character with \"Filler\" in its card name, put it into your hand."]),
]  # fmt: skip
RECORDS += [_rec(f"T/S22B-F{i:02d}", f"Filler {i}", traits=("Sand",)) for i in range(12)]
FILLER = len(RECORDS) - 12
NO_CLIMAX = [FILLER + 8, FILLER + 9, FILLER + 10, FILLER + 11]  # four different cards (Scenario.stack_deck)


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws22b", RECORDS)


def _scenario(pool, **kw):
    return kit.main_phase(pool, len(RECORDS), FILLER, extra=(PLAIN, PLAIN), **kw)


_n, _act = kit.count, kit.act


def _markers(g, p, pos) -> int:
    return int(g.state[S.MARKER_N + p * K.N_POSITIONS + pos])


# ---------------------------------------------------------------------------- the top card of the deck as a marker
@pytest.mark.parametrize("face", ["", "face up ", "face down "])
def test_cr_3_7_2_top_card_of_the_deck_underneath_this_card_compiles_exact(face):
    r = _c(f"【ACT】 [【REST】 this card] Put the top card of your deck {face}underneath this card as a marker.")
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["effect"] == [{"op": "deck_to_marker", **({"face_up": True} if face == "face up " else {})}]


def test_cr_3_7_2_top_card_of_the_deck_becomes_a_marker_in_the_engine(pool):
    sc = _scenario(pool)
    me = sc.put(0, STACKER, "stage", pos=1)
    sc.stack_deck(0, NO_CLIMAX)
    g = sc.game()
    top = int(g.state[S.DECK_L + 0 * K.MAX_DECK + _n(g, "DECK") - 1])
    deck = _n(g, "DECK")
    _act(g, "Use")
    kit.answer_yes(g, True)
    assert kit.orient(g, me) == K.Orientation.REST
    assert _markers(g, 0, 1) == 1 and _n(g, "DECK") == deck - 1
    assert kit.zone_of(g, top) == K.Zone.MARKER and int(g.state[S.POS + top * S.CARD_W]) == 1


# ---------------------------------------------------------------------------- a marker from underneath this card
def test_cr_3_7_2_marker_to_stock_compiles_with_the_order_approximation():
    for line in ("【ACT】 [【REST】 this card] Put a marker from underneath this card into your stock.",
                 "【ACT】 [【REST】 this card] Put 1 marker underneath this card into your stock."):
        r = _c(line)
        assert r.verdict == "approximate", r.reason
        assert r.approximations == ("marker_order_unkept",)
        assert r.abilities[0]["effect"] == [{"op": "marker_out", "count": 1, "to": "stock"}]
    r = _c("【ACT】 [【REST】 this card] Return 1 marker underneath this card to your hand.")
    assert r.abilities[0]["effect"] == [{"op": "marker_out", "count": 1, "to": "hand"}]


def test_cr_3_7_2_marker_goes_to_the_stock_in_the_engine(pool):
    sc = _scenario(pool)
    sc.put(0, BANKER, "stage", pos=0)
    m1 = kit.put_marker(sc, FILLER + 1, 0)
    m2 = kit.put_marker(sc, FILLER + 2, 0)
    sc.put(0, PLAIN, "stage", pos=1)
    other = kit.put_marker(sc, FILLER + 3, 1)  # under another character: not this card's
    g = sc.game()
    stock = _n(g, "STOCK")
    _act(g, "Use")
    kit.answer_yes(g, True)
    assert _markers(g, 0, 0) == 1 and _n(g, "STOCK") == stock + 1
    assert sorted((kit.zone_of(g, m1), kit.zone_of(g, m2))) == sorted((K.Zone.MARKER, K.Zone.STOCK))
    assert kit.zone_of(g, other) == K.Zone.MARKER and _markers(g, 0, 1) == 1
    moved = m1 if kit.zone_of(g, m1) == K.Zone.STOCK else m2
    assert int(g.state[S.POS + moved * S.CARD_W]) == -1


def test_cr_3_7_2_no_marker_nothing_moves(pool):
    sc = _scenario(pool)
    sc.put(0, LOADER, "stage", pos=0)
    g = sc.game()
    hand = _n(g, "HAND")
    _act(g, "Use")
    kit.answer_yes(g, True)
    assert _n(g, "HAND") == hand and _markers(g, 0, 0) == 0


def test_cr_3_7_2_marker_returns_to_the_hand(pool):
    sc = _scenario(pool)
    sc.put(0, LOADER, "stage", pos=2)
    m = kit.put_marker(sc, FILLER + 4, 2)
    g = sc.game()
    hand = _n(g, "HAND")
    _act(g, "Use")
    kit.answer_yes(g, True)
    assert kit.zone_of(g, m) == K.Zone.HAND and _n(g, "HAND") == hand + 1 and _markers(g, 0, 2) == 0


# ---------------------------------------------------------------------------- an opponent's character moved
def test_cr_6_5_1_2_4_move_to_another_open_position_of_their_stage_compiles_exact():
    for tail in ("their center stage", "his or her center stage", "your opponent's center stage"):
        r = _c("【ACT】 [【REST】 this card] Choose 1 character in your opponent's center stage, and move it to another "
               f"open position of {tail}.")
        assert r.verdict == "exact", r.reason
        assert r.abilities[0]["effect"][-1] == {"op": "move_position", "opponent": True, "positions": ["center"]}
    r = _c("【ACT】 [【REST】 this card] Choose 1 of your opponent's characters, and move it to another open position of "
           "their stage.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][-1] == {"op": "move_position", "opponent": True}


def test_cr_6_5_1_2_4_opponents_character_moves_on_their_stage(pool):
    sc = _scenario(pool)
    sc.put(0, MOVER, "stage", pos=0)
    them = sc.put(1, PLAIN, "stage", pos=0)
    sc.put(1, PLAIN, "stage", pos=1)  # occupied: not an open position
    g = sc.game()
    _act(g, "Use")
    # the master picks among the opponent's open center positions (position 2 only), on the opponent's stage
    for _ in range(10):
        if kit.resolved(g):
            break
        acts = [int(a) for a in g.legal_actions()]
        opp = [a for a in acts if K.OPP_STAGE_BASE <= a < K.OPP_STAGE_BASE + K.N_POSITIONS]
        if int(g.state[H_DECISION]) == K.Decision.CHOOSE_POSITION:
            assert opp == [K.OPP_STAGE_BASE + 2], kit.labels(g)
            g.step(opp[0])
        else:
            g.step(opp[0] if opp else acts[0])
    assert kit.zone_of(g, them) == K.Zone.STAGE and int(g.state[S.POS + them * S.CARD_W]) == 2
    assert int(g.state[S.STAGE + 1 * K.N_POSITIONS + 0]) == -1


# ---------------------------------------------------------------------------- a cost of markers
def test_cr_8_4_markers_into_the_waiting_room_as_a_cost_compiles():
    r = _c("【ACT】 [(1) Put a marker from underneath this card into your waiting room & 【REST】 this card] Draw 1 card.")
    assert r.verdict == "approximate", r.reason
    assert r.approximations == ("marker_order_unkept",)
    assert r.abilities[0]["cost"] == {"stock": 1, "markers_to_wr": 1, "rest_self": True}


def test_markers_cost_packs_below_the_fusion_filter(pool):
    A = pool.abilities
    (row,) = [r for r in range(A.shape[0]) if A[r, K.A_CARD] == PAYER]
    assert A[row, K.A_COST_MARKER_FILTER] == -3  # -1 - 2 markers


@pytest.mark.parametrize("n_markers", [1, 2, 3])
def test_cr_8_4_2_2_markers_cost_paid_only_in_full(pool, n_markers):
    sc = _scenario(pool)
    sc.put(0, PAYER, "stage", pos=1)
    ms = [kit.put_marker(sc, FILLER + i, 1) for i in range(n_markers)]
    g = sc.game()
    hand, wr = _n(g, "HAND"), _n(g, "WR")
    if n_markers < 2:  # two markers needed: the ability cannot be used
        assert not any(t.startswith("Use") for t in kit.labels(g))
        return
    _act(g, "Use")
    kit.answer_yes(g, True)
    assert _markers(g, 0, 1) == n_markers - 2 and _n(g, "WR") == wr + 2 and _n(g, "HAND") == hand + 1
    assert sum(kit.zone_of(g, m) == K.Zone.WAITING_ROOM for m in ms) == 2


def test_looked_at_top_card_goes_under_as_a_marker_compiles_with_its_approximation():
    r = _c(RECORDS[LOOKER]["ability"][0])
    assert r.verdict == "approximate", r.reason
    assert r.approximations == ("looked_marker_unseen",)
    (ab,) = r.abilities
    assert ab["condition"] == {"kind": "markers_at_most", "value": 0}
    assert ab["effect"] == [{"op": "may", "then": [{"op": "deck_to_marker"}]}]


@pytest.mark.parametrize("condition", ["If the number of markers underneath this card is 1 or more",
                                       "If this card has a marker underneath it"])
def test_cr_3_7_4_marker_count_conditions_compile_exact(condition):
    r = _c(f"【CONT】 {condition}, this card gets +1000 power.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "markers_at_least", "value": 1}


# ---------------------------------------------------------------------------- gains, positions, levels
def test_gains_with_two_durations_compile_exact():
    r = _c("【AUTO】 When this card attacks, this card gets +3000 power until end of turn and the following ability until "
           "the end of your opponent's next turn. \"【AUTO】 When this card is frontal attacked, draw 1 card.\"")
    assert r.verdict == "exact", r.reason
    eff = r.abilities[0]["effect"]
    assert {"op": "power", "amount": 3000} in eff  # until end of turn
    (grant,) = [o for o in eff if o["op"] == "grant_ability"]
    assert grant["duration"] == "next_opp_turn_end" and grant["ability"]["trigger"] == "frontal_attacked_self"


def test_put_this_card_in_an_open_position_compiles_to_an_empty_position():
    r = _c("【AUTO】 Memory [(1)] If this card is in your memory, and your level is 3 or higher, at the beginning of your "
           "climax phase, you may pay the cost. If you do, put this card in an open position of your stage.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][-1] == {"op": "to_stage"}  # not any_position: an empty one (CR 9.6)


@pytest.mark.parametrize("line, cond", [
    ("【CONT】 If you are at level 2 or higher, this card gets +1000 power.", {"kind": "level_at_least", "value": 2}),
])
def test_level_wordings_compile_exact(line, cond):
    r = _c(line)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == cond


def test_until_end_of_this_turn_is_until_end_of_turn():
    a = _c("【ACT】 [(1)] This card gets +1000 power until end of this turn.")
    b = _c("【ACT】 [(1)] This card gets +1000 power until end of turn.")
    assert a.verdict == "exact" and a.abilities == b.abilities


# ---------------------------------------------------------------------------- climaxes that trigger (CR 7.3.1.2)
def test_cr_7_3_1_2_when_your_climax_triggers_is_your_trigger_check_revealing_it():
    a = _c("【AUTO】 When your climax with [[comeback.gif]] in its trigger icon triggers, draw 1 card.")
    b = _c("【AUTO】 When your trigger check reveals a climax with [[comeback.gif]] in its trigger icon, draw 1 card.")
    assert a.verdict == "exact", a.reason
    assert a.abilities == b.abilities
    assert a.abilities[0]["trigger_filter"] == {"type": "climax", "trigger_icon": "comeback"}
    c = _c("【AUTO】 When your climax triggers, draw 1 card.")
    assert c.verdict == "exact" and c.abilities[0]["trigger"] == "own_trigger_check_climax"
    d = _c("【AUTO】 When your climax with in its trigger icon triggers, draw 1 card.")
    assert d.verdict == "approximate" and d.approximations == ("trigger_icon_dropped",)


def test_climax_with_a_dropped_icon_in_the_climax_area_is_any_climax():
    r = _c("【AUTO】 At the beginning of your encore step, if there is a climax with in the trigger icon in your climax "
           "area, draw 1 card.")
    assert r.verdict == "approximate" and r.approximations == ("trigger_icon_dropped",)
    assert r.abilities[0]["condition"] == {"kind": "climax_any"}
    # a named icon: the engine has no test of the climax area's icons
    r = _c("【AUTO】 When this card attacks, if a climax with [[treasure.gif]] in its trigger icon is in your climax "
           "area, draw 1 card.")
    assert r.verdict == "unsupported"



# ---------------------------------------------------------------------------- -X power, counts, wordings
def test_minus_x_power_compiles_to_a_negative_multiple():
    r = _c(RECORDS[SHRINKER]["ability"][0])
    assert r.verdict == "exact", r.reason
    eff = r.abilities[0]["effect"]
    assert eff[0] == {"op": "count", "filter": {"type": "character", "orientation": ["reverse"], "side": "opponent"}}
    assert eff[-1] == {"op": "power_x", "amount": -1000}


def test_minus_x_power_lowers_the_chosen_character(pool):
    sc = _scenario(pool)
    sc.put(0, SHRINKER, "stage", pos=0)
    target = sc.put(1, PLAIN, "stage", pos=0)
    sc.put(1, PLAIN, "stage", pos=1, orient=K.Orientation.REVERSE)
    sc.put(1, PLAIN, "stage", pos=2, orient=K.Orientation.REVERSE)
    g = sc.game()
    _act(g, "Use")
    for _ in range(10):
        if kit.resolved(g):
            break
        acts = [int(a) for a in g.legal_actions()]
        g.step(K.OPP_STAGE_BASE + 0 if K.OPP_STAGE_BASE + 0 in acts else acts[0])
    assert kit.power(g, target) == 3000 - 2 * 1000


@pytest.mark.parametrize("line", [
    "【AUTO】 When this card attacks, choose 1 《Glass》 character from your waiting room, and return it to your hand.",
    "【CONT】 If this card is in the middle position of the center stage, this card gets +1000 power.",
    "【AUTO】 When this card attacks, your opponent puts the top 2 cards of their deck into their waiting room.",
])
def test_other_wordings_compile_as_their_usual_forms(line):
    usual = (line.replace("from your waiting room", "in your waiting room").replace("of the center", "of your center")
             .replace("your opponent puts the top", "put the top of").replace("put the top of 2 cards of their deck",
                                                                           "put the top 2 cards of your opponent's deck"))
    r, u = _c(line), _c(usual)
    assert r.verdict == "exact" and u.verdict == "exact", (r.reason, u.reason, usual)
    assert r.abilities == u.abilities



def test_cr_3_6_5_choose_the_character_facing_this_card(pool):
    r = _c(RECORDS[FACER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == {"type": "character", "level_max": 3, "side": "opponent",
                                                      "relation": "facing"}
    sc = _scenario(pool)
    sc.put(0, FACER, "stage", pos=0)
    facing = sc.put(1, PLAIN, "stage", pos=K.N_CENTER - 1)  # in front of position 0 (zones.facing_slot)
    other = sc.put(1, PLAIN, "stage", pos=0)
    g = sc.game()
    _act(g, "Use")
    kit.answer_yes(g, True)
    assert kit.zone_of(g, facing) == K.Zone.WAITING_ROOM and kit.zone_of(g, other) == K.Zone.STAGE



# ---------------------------------------------------------------------------- X damage, up to N cards, groups
def test_x_damage_counted_just_before_it_compiles_exact():
    r = _c("【AUTO】 When this card attacks, you may deal X damage to your opponent. X is equal to the number of your "
           "opponent's 【REVERSE】 characters. (Damage may be canceled)")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [
        {"op": "count", "filter": {"type": "character", "orientation": ["reverse"], "side": "opponent"}},
        {"op": "may", "then": [{"op": "damage", "amount": "x"}]}]


@pytest.mark.parametrize("yes", [(True, True), (True, False), (False, True), (False, False)])
def test_cr_8_3_up_to_two_cards_into_the_stock_one_at_a_time(pool, yes):
    assert _c(RECORDS[POOLER]["ability"][0]).verdict == "exact"
    sc = _scenario(pool)
    sc.put(0, POOLER, "stage", pos=0)
    g = sc.game()
    stock, deck = _n(g, "STOCK"), _n(g, "DECK")
    _act(g, "Use")
    answers = list(yes)
    for _ in range(10):
        if kit.resolved(g):
            break
        d = kit.labels(g)
        y = answers.pop(0) if answers else False
        pick = next((x for x in d if x.startswith(("Yes", "Do it", "Use") if y else ("No", "Decline", "Do not", "Skip"))), d[0])
        g.step(int(g.legal_actions()[d.index(pick)]))
    assert _n(g, "STOCK") == stock + sum(yes) and _n(g, "DECK") == deck - sum(yes)


def test_rest_all_of_your_other_standing_characters(pool):
    sc = _scenario(pool)
    me = sc.put(0, RESTER, "stage", pos=0)
    a = sc.put(0, PLAIN, "stage", pos=1)
    b = sc.put(0, PLAIN, "stage", pos=3)
    opp = sc.put(1, PLAIN, "stage", pos=0)
    sc.put(0, FILLER, "stock")  # the (1) of the cost
    g = sc.game()
    _act(g, "Use")
    kit.answer_yes(g, True)
    assert kit.orient(g, a) == K.Orientation.REST and kit.orient(g, b) == K.Orientation.REST
    assert kit.orient(g, me) == K.Orientation.STAND and kit.orient(g, opp) == K.Orientation.STAND


def test_choose_exactly_one_then_the_rest_on_top_must_take():
    line = ("【AUTO】 When this card is placed on the stage from your hand, look at up to 3 cards from the top of your "
            "deck, choose 1 card from among them, put it into your hand, and put the rest on the top of your deck in "
            "any order.")
    r, u = _c(line), _c(line.replace("choose 1 card", "choose up to 1 card"))
    assert r.verdict == "approximate" and r.approximations == ("look_order_kept",)
    assert r.abilities[0]["effect"] == [dict(u.abilities[0]["effect"][0], must_take=True)]


def test_then_opens_a_sentence():
    a = _c("【AUTO】 When this card attacks, draw 1 card. Then, this card gets +1000 power until end of turn.")
    b = _c("【AUTO】 When this card attacks, draw 1 card. This card gets +1000 power until end of turn.")
    assert a.verdict == "exact" and a.abilities == b.abilities


def test_wordings_the_database_shortens_compile_as_the_full_ones():
    full = _c("【ACT】 [【REST】 this card] Look at up to 3 cards from the top of your deck, choose up to 1 《Glass》 "
              "character from among them, reveal it to your opponent, put it into your hand, and put the rest into your "
              "waiting room.")
    short = _c("【ACT】 [【REST】 this card] Look at up to 3 cards from the top of your deck, choose up to 1 《Glass》 "
               "character, reveal it to your opponent, put it into your hand, and put the rest into your waiting room.")
    assert short.verdict == "exact" and short.abilities == full.abilities
    a = _c("【AUTO】 [Return 2 characters in your waiting room to your deck & Shuffle your deck] When this card is placed "
           "on the stage from your hand, you may pay the cost. If you do, draw 1 card.")
    b = _c("【AUTO】 [Return 2 characters from your waiting room to your deck & Shuffle your deck] When this card is "
           "placed on the stage from your hand, you may pay the cost. If you do, draw 1 card.")
    assert a.verdict == "exact" and a.abilities == b.abilities



@pytest.mark.parametrize("top, taken", [(PLAIN, True), (FILLER + 8, True), (LOOKER, False)])
def test_that_card_is_a_name_or_a_name_part(pool, top, taken):
    r = _c(RECORDS[NAMER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0] == {"op": "reveal_top", "filter": {"name": "Plain", "zone": "deck"},
                                           "filter_or": {"type": "character", "name_contains": ["Filler"],
                                                         "zone": "deck"}}
    sc = _scenario(pool)
    sc.put(0, NAMER, "stage", pos=0)
    sc.stack_deck(0, [top])
    g = sc.game()
    card = int(g.state[S.DECK_L + _n(g, "DECK") - 1])
    _act(g, "Use")
    kit.answer_yes(g, True)
    assert (kit.zone_of(g, card) == K.Zone.HAND) == taken


def test_that_card_is_a_character_or_an_event():
    a = _c("【AUTO】 When this card attacks, reveal the top card of your deck. If that card is a 《Glass》 character or "
           "an event, put it into your hand.")
    b = _c("【AUTO】 When this card attacks, reveal the top card of your deck. If that card is an event or a 《Glass》 "
           "character, put it into your hand.")
    assert a.verdict == "exact" and a.abilities == b.abilities
    c = _c("【AUTO】 When this card attacks, reveal the top card of your deck. If that card is a 《Glass》 character or "
           "event card, put it into your hand.")
    assert c.verdict == "exact" and c.abilities == b.abilities
    d = _c("【AUTO】 When this card attacks, reveal the top card of your deck. If that card is a 《Glass》 character or "
           "\"Plain\", put it into your hand.")
    e = _c("【AUTO】 When this card attacks, reveal the top card of your deck. If that card is \"Plain\" or a 《Glass》 "
           "character, put it into your hand.")
    assert d.verdict == "exact" and d.abilities == e.abilities


def test_at_the_beginning_of_your_encore_step_in_this_turns_attack_is_a_grant_until_end_of_turn():
    r = _c("【AUTO】 When this card attacks, this card gets +3500 power until end of turn, and at the beginning of your "
           "encore step, put this card into your stock.")
    assert r.verdict == "exact", r.reason
    (grant,) = [o for o in r.abilities[0]["effect"] if o["op"] == "grant_ability"]
    assert "duration" not in grant  # until end of turn: this turn's encore step (CR 6.9 before the end phase)
    assert grant["ability"] == {"kind": "auto", "trigger": "begin_encore", "whose": "yours",
                                "effect": [{"op": "target_self"}, {"op": "to_stock"}]}
    # resolved in the opponent's turn, "your encore step" is a later turn's: not compiled
    r = _c("【AUTO】 When this card is frontal attacked, this card gets +1000 power until end of turn, and at the "
           "beginning of your encore step, put this card into your stock.")
    assert r.verdict == "unsupported"
