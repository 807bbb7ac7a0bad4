"""Weiss Schwarz card text, session 34 (branch s34c): shapes common across the sets. The opponent's deck re-ordered
("look at up to N cards from the top of your opponent's deck, and put them on the top of their deck in any order",
CR 3.2.2); a chosen card put on the top or at the bottom of its owner's deck (the master chooses); this card put
underneath a chosen character as a marker (Op.SELF_TO_MARKER, CR 3.7.2 / 3.7.3.2); the opponent's declaration of a
number (choose_one asked of the opponent). Made-up lines in the card language, imported, and what the engine does
with them."""

from __future__ import annotations

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit

_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


_REORDER = ("【ACT】 [【REST】 this card] Look at up to 2 cards from the top of your opponent's deck, and put them on the "
            "top of their deck in any order.")
_TOPBOT = ("【ACT】 [【REST】 this card] Choose up to 1 card in your opponent's waiting room, and put it on the top or at "
           "the bottom of their deck.")
_HIDER = "【ACT】 [【REST】 this card] Choose 1 of your \"Host\", and put this card face down underneath that card as a marker."
_LEAVER = ("【ACT】 [Put this 【STAND】 card into your waiting room] You may choose 1 of your \"Host\", and put this card face "
           "up underneath that card as a marker.")
_DECLARE_STAGE = ("【ACT】 [【REST】 this card] Your opponent declares 0 or 1 or 2 or 3. Reveal the top card of your deck, "
                  "and if that card is a character of the level that your opponent declared, put it on any position of "
                  "your stage. (Otherwise, return it to its original place)")
_DECLARE_DRAW = ("【ACT】 [【REST】 this card] Your opponent declares 0 or 1 or 2 or 3. Put the top card of your deck into "
                 "your waiting room, and if that card's level is the number your opponent declared, draw up to X cards. "
                 "X is equal to the number your opponent declared +1. (Climax are regarded as level 0)")
_TWICE = "【CONT】 During this card's attack, perform a trigger check 2 times on the trigger step."
_TWICE_IF = ("【CONT】 If you have 1 or more other characters, this card gets the following ability. \"【CONT】 During this "
             "card's attack, perform a trigger check 2 times on the trigger step.\"")
_GIVER = ("【ACT】 [【REST】 this card] Choose 1 of your other characters, and that character gets the following ability "
          "until end of turn. \"【CONT】 During this card's attack, perform a trigger check 3 times on the trigger step.\"")
_BONDER = ("【AUTO】 Bond/\"One\" \"Two\" [Put 1 card from your hand into your waiting room] (When this card is played "
           "and placed on the stage, you may pay the cost. If you do, choose 1 \"One\" or \"Two\" in your waiting room, and "
           "return it to your hand)")
_COMPARER = ("【ACT】 [【REST】 this card] All players put the top card of their deck into their waiting room. If the level "
             "of the card put into your waiting room by this effect is higher than your opponent's, you may put the top "
             "card of your deck into your stock. (Climax are regarded as level 0)")
_STOCKER = ("【ACT】 [【REST】 this card] Look at up to 3 cards from the top of your deck, choose up to 2 《Glass》 characters "
             "from among them, reveal them to your opponent, put them into your stock in any order, put the rest into "
             "your waiting room.")
_CLOCKER = "【ACT】 [【REST】 this card] Put the top card of your opponent's deck into their clock."
_BOTTOMER = ("【ACT】 [【REST】 this card] Choose up to 2 \"One\" or \"Two\" in your waiting room, and put them at the bottom of "
             "your deck in any order.")
_SUMMONER = ("【ACT】 [【REST】 this card] Look at up to 3 cards from the top of your deck, choose up to 1 level 1 or lower "
             "character from among them, put it in any position of your back stage, and put the rest into your waiting "
             "room.")
_SOULER = ("【ACT】 [【REST】 this card] Choose 1 of your opponent's characters, and deal X damage to your opponent. X is "
           "equal to that character's soul. (Damage may be canceled)")
_SEEKER = ("【ACT】 [【REST】 this card] Search your deck for up to 1 \"One\", put it face up underneath this card as a marker, "
           "and shuffle your deck.")
_KEEPER = ("【AUTO】 When your other character is put into your waiting room from the stage, you may return that character "
           "to your hand.")
_QUITTER = "【ACT】 [【REST】 this card] Put this card into your waiting room."
_LATE = "【AUTO】 At the end of your turn, if this card is in your center stage, draw 1 card."
(PLAIN, FLARE, REORDER, TOPBOT, HIDER, LEAVER, HOST, DECLARE_STAGE, DECLARE_DRAW, ONE, TWO, TWICE, TWICE_IF,
 GIVER, BONDER, COMPARER, STOCKER, CLOCKER, BOTTOMER, SUMMONER, SOULER, BIG_SOUL, SEEKER, KEEPER, QUITTER,
 LATE) = range(26)
RECORDS = [
    _rec("T/S34C-001", "Plain"),
    _rec("T/S34C-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S34C-003", "Reorderer", [_REORDER]),
    _rec("T/S34C-004", "Topbot", [_TOPBOT]),
    _rec("T/S34C-005", "Hider", [_HIDER]),
    _rec("T/S34C-006", "Leaver", [_LEAVER]),
    _rec("T/S34C-007", "Host"),
    _rec("T/S34C-008", "Declarer", [_DECLARE_STAGE]),
    _rec("T/S34C-009", "Guesser", [_DECLARE_DRAW]),
    _rec("T/S34C-010", "One", level="1"),
    _rec("T/S34C-011", "Two", level="2"),
    _rec("T/S34C-012", "Twice", [_TWICE]),
    _rec("T/S34C-013", "Twice If", [_TWICE_IF]),
    _rec("T/S34C-014", "Giver", [_GIVER]),
    _rec("T/S34C-015", "Bonder", [_BONDER]),
    _rec("T/S34C-016", "Comparer", [_COMPARER]),
    _rec("T/S34C-017", "Stocker", [_STOCKER]),
    _rec("T/S34C-018", "Clocker", [_CLOCKER]),
    _rec("T/S34C-019", "Bottomer", [_BOTTOMER]),
    _rec("T/S34C-020", "Summoner", [_SUMMONER]),
    _rec("T/S34C-021", "Souler", [_SOULER]),
    _rec("T/S34C-022", "Big Soul", soul=2),
    _rec("T/S34C-023", "Seeker", [_SEEKER]),
    _rec("T/S34C-024", "Keeper", [_KEEPER]),
    _rec("T/S34C-025", "Quitter", [_QUITTER]),
    _rec("T/S34C-026", "Late", [_LATE]),
]  # fmt: skip
RECORDS += [_rec(f"T/S34C-F{i:02d}", f"Filler {i}", traits=("Reed",)) for i in range(12)]


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws34c", RECORDS)


def _scenario(pool):
    deck = kit.deck_of(len(RECORDS), FLARE)
    return Scenario.main_phase(pool, decks=(deck, deck))


def _deck_top(g, p, k=0):
    """The card id of player ``p``'s k-th card from the top of the deck."""
    n = int(g.state[S.DECK_N + p])
    return int(g.state[S.CARD + int(g.state[S.DECK_L + p * K.MAX_DECK + n - 1 - k]) * S.CARD_W])


def _deck_bottom(g, p):
    return int(g.state[S.CARD + int(g.state[S.DECK_L + p * K.MAX_DECK]) * S.CARD_W])


# ---------------------------------------------------------------------------- CR 3.2.2: the opponent's deck re-ordered
@pytest.mark.parametrize("line", [
    _REORDER,
    "【AUTO】 When your climax is placed on your climax area, look at up to 2 cards from the top of your opponent's deck, "
    "and put them on the top of their deck in any order.",
])
def test_cr_3_2_2_the_opponents_deck_reordered_compiles_to_a_look_of_their_deck(line):
    r = _c(line)
    assert r.verdict == "exact", r.reason
    (op,) = r.abilities[0]["effect"]
    assert op == {"op": "look_top", "count": 2, "take": 2, "to": "deck_top", "up_to": True, "who": "opponent"}


def test_cr_3_2_2_the_master_puts_the_opponents_top_two_back_in_the_order_chosen(pool):
    """The opponent's deck holds One on top, Two under it: the master takes One first, then Two, so Two is on top."""
    sc = _scenario(pool)
    sc.put(0, REORDER, "stage", pos=0)
    sc.stack_deck(1, [ONE, TWO])
    g = sc.game()
    assert (_deck_top(g, 1), _deck_top(g, 1, 1)) == (ONE, TWO)
    n = kit.count(g, "DECK", 1)
    kit.act(g, "Use ability 0 of Reorderer")
    assert kit.look_all(g) >= 1
    for _ in range(6):  # take the cards looked at in their order: the one taken last ends on top
        if kit.resolved(g):
            break
        d = kit.labels(g)
        pick = next((x for x in d if "One" in x), None) or next((x for x in d if "Two" in x), None) or d[0]
        kit.act(g, pick)
    assert kit.resolved(g)
    assert kit.count(g, "DECK", 1) == n
    assert (_deck_top(g, 1), _deck_top(g, 1, 1)) == (TWO, ONE)


# ---------------------------------------------------------------------------- CR 3.1.5: top or bottom of their deck
def test_cr_3_1_5_top_or_bottom_of_their_deck_compiles_to_a_choice_of_two_moves():
    r = _c("【AUTO】 When this card attacks, choose up to 1 card in your opponent's waiting room, and put it on the top "
           "or at the bottom of their deck.")
    assert r.verdict == "exact", r.reason
    ch, one = r.abilities[0]["effect"]
    assert ch["op"] == "choose" and ch["filter"] == {"zone": "waiting_room", "side": "opponent"} and ch["up_to"]
    assert one == {"op": "choose_one", "options": [[{"op": "to_deck_top", "reg": 0}], [{"op": "to_deck_bottom", "reg": 0}]]}


@pytest.mark.parametrize("top", [True, False])
def test_cr_3_1_5_the_chosen_card_goes_on_the_top_or_at_the_bottom_of_its_owners_deck(pool, top):
    sc = _scenario(pool)
    sc.put(0, TOPBOT, "stage", pos=0)
    sc.put(1, TWO, "waiting_room")
    g = sc.game()
    wr, deck = kit.count(g, "WR", 1), kit.count(g, "DECK", 1)
    kit.act(g, "Use ability 0 of Topbot")
    picks = [next(x for x in kit.labels(g) if "Two" in x)]
    kit.act(g, picks[0])
    # the master's choice: the first option ("this one?" yes) is the top, else the bottom
    kit.answer_yes(g, top)
    assert kit.count(g, "WR", 1) == wr - 1 and kit.count(g, "DECK", 1) == deck + 1
    assert (_deck_top(g, 1) if top else _deck_bottom(g, 1)) == TWO


# ---------------------------------------------------------------------------- CR 3.7.2: this card as a marker
@pytest.mark.parametrize("line, face_up", [
    ("【AUTO】 When this card becomes 【REVERSE】 in battle, choose one of your cards named \"Host\", and put this card face "
     "down underneath that card as a marker.", False),
    (_LEAVER, True),
])
def test_cr_3_7_2_this_card_under_that_card_compiles_to_self_to_marker(line, face_up):
    r = _c(line)
    assert r.verdict == "exact", r.reason
    ops = r.abilities[0]["effect"]
    if ops[0]["op"] == "may":
        ops = ops[0]["then"]
    assert ops[0]["op"] == "choose" and ops[0]["filter"]["name"] == "Host"
    assert ops[1] == {"op": "self_to_marker", "reg": 0, **({"face_up": True} if face_up else {})} or \
        ops[1] == {"op": "self_to_marker", **({"face_up": True} if face_up else {})}


def test_cr_3_7_2_this_card_leaves_the_stage_as_a_marker_under_the_chosen_character(pool):
    """Hider (position 0, itself with a marker) goes under Host (position 1); its marker goes to the waiting room
    (CR 3.7.3.2)."""
    sc = _scenario(pool)
    hider = sc.put(0, HIDER, "stage", pos=0)
    host = sc.put(0, HOST, "stage", pos=1)
    old = kit.put_marker(sc, PLAIN, 0)
    g = sc.game()
    wr = kit.count(g, "WR", 0)
    kit.act(g, "Use ability 0 of Hider")
    kit.answer_picks(g, ["Host"])
    assert kit.zone_of(g, hider) == K.Zone.MARKER
    assert int(g.state[S.POS + hider * S.CARD_W]) == 1
    assert int(g.state[S.MARKER_N + 1]) == 1 and int(g.state[S.MARKER_N + 0]) == 0
    assert kit.zone_of(g, old) == K.Zone.WAITING_ROOM and kit.count(g, "WR", 0) == wr + 1
    assert int(g.state[S.STAGE + 0]) == -1 and kit.zone_of(g, host) == K.Zone.STAGE


def test_cr_3_7_2_this_card_from_the_waiting_room_under_the_chosen_character(pool):
    """Leaver's cost put it into the waiting room; the effect moves it from there under Host."""
    sc = _scenario(pool)
    leaver = sc.put(0, LEAVER, "stage", pos=0)
    sc.put(0, HOST, "stage", pos=2)
    g = sc.game()
    kit.act(g, "Use ability 0 of Leaver")
    kit.answer_yes(g, True)
    assert kit.zone_of(g, leaver) == K.Zone.MARKER
    assert int(g.state[S.POS + leaver * S.CARD_W]) == 2 and int(g.state[S.MARKER_N + 2]) == 1


def test_cr_3_7_2_without_the_named_character_this_card_stays(pool):
    sc = _scenario(pool)
    hider = sc.put(0, HIDER, "stage", pos=0)
    sc.put(0, PLAIN, "stage", pos=1)
    g = sc.game()
    kit.act(g, "Use ability 0 of Hider")
    kit.answer_yes(g, True)
    assert kit.zone_of(g, hider) == K.Zone.STAGE and int(g.state[S.MARKER_N + 1]) == 0


# ---------------------------------------------------------------------------- the opponent's declaration
@pytest.mark.parametrize("line", [_DECLARE_STAGE, _DECLARE_DRAW])
def test_cr_8_6_the_opponents_declaration_compiles_to_a_choice_the_opponent_makes(line):
    r = _c(line)
    assert r.verdict == "exact", r.reason
    (op,) = r.abilities[0]["effect"]
    assert op["op"] == "choose_one" and op["who"] == "opponent" and len(op["options"]) == 4
    for d, opt in enumerate(op["options"]):
        assert opt[0]["op"] == "reveal_top"
        assert opt[0]["filter"]["level_min"] == opt[0]["filter"]["level_max"] == d
    if line == _DECLARE_DRAW:
        assert [o["then"][0]["count"] for o in (opt[-1] for opt in op["options"])] == [1, 2, 3, 4]


def _declare(g, declared):
    """The opponent answers the declaration's "this one?" questions: yes at the number ``declared`` (the last one
    is the number no earlier yes chose)."""
    for k in range(declared):
        assert g.current_player == 1
        kit.act(g, next(x for x in kit.labels(g) if x.startswith(("Decline", "No", "Do not", "Skip"))))
    if declared < 3:
        kit.act(g, next(x for x in kit.labels(g) if x.startswith(("Use", "Yes", "Do it", "Pay"))))


@pytest.mark.parametrize("declared, staged", [(1, True), (2, False)])
def test_cr_8_6_the_revealed_character_of_the_declared_level_goes_onto_the_stage(pool, declared, staged):
    sc = _scenario(pool)
    sc.put(0, DECLARE_STAGE, "stage", pos=0)
    sc.stack_deck(0, [ONE])
    g = sc.game()
    n = kit.count(g, "DECK", 0)
    kit.act(g, "Use ability 0 of Declarer")
    assert g.current_player == 1  # the opponent declares
    _declare(g, declared)
    kit.answer_picks(g, [])
    on_stage = [int(g.state[S.CARD + int(g.state[S.STAGE + p]) * S.CARD_W]) for p in range(K.N_POSITIONS)
                if int(g.state[S.STAGE + p]) >= 0]
    assert (ONE in on_stage) == staged
    assert kit.count(g, "DECK", 0) == n - (1 if staged else 0)
    if not staged:
        assert _deck_top(g, 0) == ONE  # (otherwise, return it to its original place)


@pytest.mark.parametrize("declared, top, drawn", [(2, TWO, 3), (0, FLARE, 1), (1, TWO, 0)])
def test_cr_8_6_the_declared_level_draws_up_to_that_number_plus_one(pool, declared, top, drawn):
    """A climax is level 0 (the card's printed level): declared 0 and a climax milled draws up to 1."""
    sc = _scenario(pool)
    sc.put(0, DECLARE_DRAW, "stage", pos=0)
    sc.stack_deck(0, [top])
    g = sc.game()
    hand, wr = kit.count(g, "HAND", 0), kit.count(g, "WR", 0)
    kit.act(g, "Use ability 0 of Guesser")
    assert g.current_player == 1
    _declare(g, declared)
    for _ in range(12):  # draw as many as allowed
        if kit.resolved(g):
            break
        d = kit.labels(g)
        kit.act(g, next((x for x in d if x.startswith(("Draw", "Use", "Yes", "Do it"))), d[0]))
    assert kit.resolved(g)
    assert kit.count(g, "WR", 0) == wr + 1
    assert kit.count(g, "HAND", 0) == hand + drawn


# ---------------------------------------------------------------------------- CR 7.3.1.2: a CONT ability's trigger checks
@pytest.mark.parametrize("line, n", [
    (_TWICE, 2),
    ("【CONT】 During this card's attack, perform a trigger step 2 times on the trigger step.", 2),
    ("【CONT】 During this card's attack, perform a trigger check 3 times on the trigger step.", 3),
])
def test_cr_7_3_1_2_a_cont_trigger_checks_ability_compiles_to_aura_trigger_checks(line, n):
    r = _c(line)
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["kind"] == "cont" and [o["op"] for o in ab["effect"]] == ["aura_trigger_checks"]
    assert ab["effect"][0]["count"] == n


def _attack_checks(g, name):
    """End the main phase, direct attack with ``name``: the number of cards the trigger step took from the deck."""
    kit.act(g, "End the main phase")
    deck = kit.count(g, "DECK", 0)
    kit.act(g, f"Direct attack with {name}")  # the trigger step asks nothing: the engine runs past it
    assert int(g.state[S.STEP]) > K.AttackStep.TRIGGER or int(g.state[S.ATK_SLOT]) < 0
    return deck - kit.count(g, "DECK", 0)


@pytest.mark.parametrize("card, other, checks", [(TWICE, None, 2), (PLAIN, None, 1), (TWICE_IF, PLAIN, 2),
                                                 (TWICE_IF, None, 1)])
def test_cr_7_3_1_2_the_attackers_cont_ability_performs_the_trigger_checks(pool, card, other, checks):
    """Twice's attack checks 2 cards; Twice If's only with another character (its condition)."""
    sc = _scenario(pool)
    sc.put(0, card, "stage", pos=1)
    if other is not None:
        sc.put(0, other, "stage", pos=3)
    g = sc.game()
    name = {TWICE: "Twice", PLAIN: "Plain", TWICE_IF: "Twice If"}[card]
    assert _attack_checks(g, name) == checks
    assert kit.count(g, "STOCK", 0) == checks  # each check's card into the stock (CR 7.3.1.2)


def test_cr_7_3_1_2_a_granted_cont_trigger_checks_ability_works_until_end_of_turn(pool):
    sc = _scenario(pool)
    sc.put(0, GIVER, "stage", pos=3)
    sc.put(0, PLAIN, "stage", pos=1)
    g = sc.game()
    kit.act(g, "Use ability 0 of Giver")
    kit.answer_picks(g, ["Plain"])
    assert _attack_checks(g, "Plain") == 3


# ---------------------------------------------------------------------------- CR 10.4.2: Bond of two names
def test_cr_10_4_2_a_bond_of_two_names_compiles_to_a_choice_of_either_name():
    r = _c(_BONDER)
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["keyword"] == "bond" and ab["trigger"] == "played_self" and ab["optional"] and ab["cost"] == {"discard": 1}
    assert ab["effect"] == [{"op": "choose", "filter": {"name_any": ["One", "Two"], "zone": "waiting_room"}, "count": 1},
                            {"op": "to_hand"}]


@pytest.mark.parametrize("card", [ONE, TWO])
def test_cr_10_4_2_bond_returns_a_card_of_either_name_from_the_waiting_room(pool, card):
    sc = _scenario(pool)
    bonder = sc.put(0, BONDER, "hand")
    sc.put(0, PLAIN, "hand")
    got = sc.put(0, card, "waiting_room")
    g = sc.game()
    kit.act(g, "Play Bonder")
    kit.act(g, "Use Bonder's ability")
    kit.act(g, "Pay with Plain")  # the cost: 1 card from the hand into the waiting room
    name = "One" if card == ONE else "Two"
    assert any(name in x for x in kit.labels(g)), kit.labels(g)
    kit.answer_picks(g, [next(x for x in kit.labels(g) if name in x)])
    assert kit.zone_of(g, bonder) == K.Zone.STAGE
    assert kit.zone_of(g, got) == K.Zone.HAND


# ---------------------------------------------------------------------------- the levels of both players' top cards
@pytest.mark.parametrize("mine, theirs, stocked", [(TWO, ONE, True), (ONE, TWO, False), (ONE, ONE, False),
                                                   (ONE, FLARE, True), (FLARE, PLAIN, False)])
def test_cr_9_2_all_players_mill_and_the_higher_level_of_yours_lets_you_stock(pool, mine, theirs, stocked):
    """A climax is level 0 (Flare); equal levels are not higher."""
    sc = _scenario(pool)
    sc.put(0, COMPARER, "stage", pos=0)
    sc.stack_deck(0, [mine, PLAIN])
    sc.stack_deck(1, [theirs])
    g = sc.game()
    wr0, wr1, st = kit.count(g, "WR", 0), kit.count(g, "WR", 1), kit.count(g, "STOCK", 0)
    kit.act(g, "Use ability 0 of Comparer")
    kit.answer_yes(g, True)
    assert kit.count(g, "WR", 0) == wr0 + 1 and kit.count(g, "WR", 1) == wr1 + 1
    assert kit.count(g, "STOCK", 0) == st + (1 if stocked else 0)


# ---------------------------------------------------------------------------- CR 3.2.2: looked-at cards into the stock
def test_cr_3_2_2_cards_looked_at_into_the_stock_in_any_order_compile_to_a_reorder_and_a_pool():
    r = _c(_STOCKER)
    assert r.verdict == "exact", r.reason
    look, pool_x = r.abilities[0]["effect"]
    assert look["op"] == "look_top" and look["to"] == "deck_top" and look["rest"] == "waiting_room"
    assert look["store_taken"] and look["take"] == 2 and look["filter"]["trait"] == "Glass"
    assert pool_x == {"op": "pool", "count": "x"}


def test_cr_3_2_2_the_cards_taken_go_into_the_stock_in_the_order_chosen_and_the_rest_into_the_waiting_room(pool):
    """The top three: One, Filler 0 (trait Reed), Two. One and Two taken (Two last): the stock's top card is One
    (the card taken first is put into the stock last), the Reed card goes to the waiting room."""
    sc = _scenario(pool)
    sc.put(0, STOCKER, "stage", pos=0)
    reed = RECORDS.index(next(r for r in RECORDS if r["name"] == "Filler 0"))
    sc.stack_deck(0, [ONE, reed, TWO])
    g = sc.game()
    deck, wr, stock = kit.count(g, "DECK", 0), kit.count(g, "WR", 0), kit.count(g, "STOCK", 0)
    kit.act(g, "Use ability 0 of Stocker")
    assert kit.look_all(g) == 3
    kit.act(g, next(x for x in kit.labels(g) if "One" in x))
    kit.act(g, next(x for x in kit.labels(g) if "Two" in x))
    kit.answer_picks(g, [])
    assert kit.resolved(g)
    assert kit.count(g, "DECK", 0) == deck - 3 and kit.count(g, "WR", 0) == wr + 1 and kit.count(g, "STOCK", 0) == stock + 2
    top = int(g.state[S.STOCK_L + int(g.state[S.STOCK_N]) - 1])
    below = int(g.state[S.STOCK_L + int(g.state[S.STOCK_N]) - 2])
    assert int(g.state[S.CARD + top * S.CARD_W]) == ONE and int(g.state[S.CARD + below * S.CARD_W]) == TWO


# ---------------------------------------------------------------------------- CR 4.11: the opponent's top card into their clock
def test_cr_4_11_the_top_card_of_the_opponents_deck_into_their_clock(pool):
    r = _c(_CLOCKER)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "clock_top", "count": 1, "who": "opponent"}]
    sc = _scenario(pool)
    sc.put(0, CLOCKER, "stage", pos=0)
    sc.stack_deck(1, [TWO])
    g = sc.game()
    clock0, clock1 = kit.count(g, "CLOCK", 0), kit.count(g, "CLOCK", 1)
    kit.act(g, "Use ability 0 of Clocker")
    kit.answer_picks(g, [])
    assert kit.count(g, "CLOCK", 0) == clock0 and kit.count(g, "CLOCK", 1) == clock1 + 1
    top = int(g.state[S.CLOCK_L + K.MAX_DECK + int(g.state[S.CLOCK_N + 1]) - 1])
    assert int(g.state[S.CARD + top * S.CARD_W]) == TWO


# ---------------------------------------------------------------------------- CR 3.2.2: the bottom of the deck in any order
@pytest.mark.parametrize("first, second", [(ONE, TWO), (TWO, ONE)])
def test_cr_3_2_2_cards_chosen_go_to_the_bottom_of_the_deck_in_the_order_chosen(pool, first, second):
    """The card chosen first goes to the bottom first; the second goes under it (the new bottom card)."""
    r = _c(_BOTTOMER)
    assert r.verdict == "exact", r.reason
    assert [o["op"] for o in r.abilities[0]["effect"]] == ["choose", "to_deck_bottom"]
    sc = _scenario(pool)
    sc.put(0, BOTTOMER, "stage", pos=0)
    sc.put(0, ONE, "waiting_room")
    sc.put(0, TWO, "waiting_room")
    g = sc.game()
    kit.act(g, "Use ability 0 of Bottomer")
    names = {ONE: "One", TWO: "Two"}
    kit.act(g, next(x for x in kit.labels(g) if names[first] in x))
    kit.act(g, next(x for x in kit.labels(g) if names[second] in x))
    kit.answer_picks(g, [])
    assert kit.resolved(g)
    deck_l = [int(g.state[S.CARD + int(g.state[S.DECK_L + i]) * S.CARD_W]) for i in range(2)]
    assert deck_l == [second, first]  # the list's first card is the bottom one


# ---------------------------------------------------------------------------- more phrasings
@pytest.mark.parametrize("line, ops", [
    ("【AUTO】 When this card is placed on the stage from your hand, draw 1 card, and perform the following action. "
     "\"Choose 1 card in your hand, and put it into your waiting room.\"",
     ["draw", "choose", "to_waiting_room"]),
    ("【AUTO】 When this card attacks, put the top card of your deck into your waiting room, choose up to 1 level X or lower "
     "character in your waiting room, and return it to your hand. X is equal to the level of that card.",
     ["mill_level", "choose", "to_hand"]),
])
def test_a_once_performed_action_and_the_level_of_that_card_compile(line, ops):
    r = _c(line)
    assert r.verdict in ("exact", "approximate"), r.reason
    assert [o["op"] for o in r.abilities[0]["effect"]] == ops


# ---------------------------------------------------------------------------- CR 3.2.3: a card looked at onto the stage
def test_cr_3_2_3_a_card_looked_at_onto_the_stage_compiles_to_a_look_and_a_placement():
    r = _c(_SUMMONER)
    assert r.verdict == "exact", r.reason
    look, cond = r.abilities[0]["effect"]
    assert look["to"] == "deck_top" and look["rest"] == "waiting_room" and look["store_taken"] and look["take"] == 1
    assert cond["op"] == "if_stored" and [o["op"] for o in cond["then"]] == ["reveal_top", "to_stage"]
    assert cond["then"][1]["positions"] == ["back"]


@pytest.mark.parametrize("take", [True, False])
def test_cr_3_2_3_the_card_chosen_goes_onto_the_back_stage_and_the_rest_into_the_waiting_room(pool, take):
    """The top three: Two (level 2: no candidate), One, Plain. One taken: onto a back position; Two and Plain to the
    waiting room. Nothing taken: all three to the waiting room."""
    sc = _scenario(pool)
    sc.put(0, SUMMONER, "stage", pos=0)
    sc.stack_deck(0, [TWO, ONE, PLAIN])
    g = sc.game()
    deck, wr = kit.count(g, "DECK", 0), kit.count(g, "WR", 0)
    kit.act(g, "Use ability 0 of Summoner")
    assert kit.look_all(g) == 3
    d = kit.labels(g)
    assert not any("Two" in x for x in d), d
    if take:
        kit.act(g, next(x for x in d if "One" in x))
    kit.answer_picks(g, [])
    assert kit.resolved(g)
    back = [int(g.state[S.STAGE + p]) for p in (3, 4)]
    on_back = [int(g.state[S.CARD + sl * S.CARD_W]) for sl in back if sl >= 0]
    assert on_back == ([ONE] if take else [])
    assert kit.count(g, "WR", 0) == wr + (2 if take else 3) and kit.count(g, "DECK", 0) == deck - 3


# ---------------------------------------------------------------------------- CR 2.10: that character's soul
def test_cr_2_10_x_is_that_characters_soul_compiles_to_reg_soul_after_the_choice():
    r = _c(_SOULER)
    assert r.verdict == "exact", r.reason
    assert [o["op"] for o in r.abilities[0]["effect"]] == ["choose", "reg_soul", "damage"]
    assert r.abilities[0]["effect"][2]["amount"] == "x"


@pytest.mark.parametrize("target, soul", [(BIG_SOUL, 2), (PLAIN, 1)])
def test_cr_2_10_the_damage_is_the_chosen_characters_soul(pool, target, soul):
    """The opponent's deck has no climax on top: the damage is not canceled, X cards go to their clock (CR 4.10)."""
    sc = _scenario(pool)
    sc.put(0, SOULER, "stage", pos=0)
    sc.put(1, target, "stage", pos=1)
    sc.stack_deck(1, [PLAIN, ONE, TWO])
    g = sc.game()
    clock = kit.count(g, "CLOCK", 1)
    kit.act(g, "Use ability 0 of Souler")
    kit.answer_picks(g, [])
    assert kit.resolved(g)
    assert kit.count(g, "CLOCK", 1) == clock + soul


# ---------------------------------------------------------------------------- CR 3.2.4 / 3.7.2: a card found as a marker
def test_cr_3_7_2_a_card_searched_goes_underneath_this_card_as_a_marker(pool):
    r = _c(_SEEKER)
    assert r.verdict == "exact", r.reason
    assert [o["op"] for o in r.abilities[0]["effect"]] == ["search", "to_marker", "shuffle_deck"]
    sc = _scenario(pool)
    sc.put(0, SEEKER, "stage", pos=2)
    g = sc.game()
    deck = kit.count(g, "DECK", 0)
    kit.act(g, "Use ability 0 of Seeker")
    kit.answer_picks(g, [next(x for x in kit.labels(g) if "One" in x)])
    assert kit.resolved(g)
    assert int(g.state[S.MARKER_N + 2]) == 1 and kit.count(g, "DECK", 0) == deck - 1
    marker = next(sl for sl in range(K.N_SLOTS) if kit.zone_of(g, sl) == K.Zone.MARKER)
    assert int(g.state[S.CARD + marker * S.CARD_W]) == ONE


# ---------------------------------------------------------------------------- the character that left the stage
def test_that_character_after_your_other_character_left_the_stage_is_the_triggering_card():
    r = _c(_KEEPER)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "may", "then": [{"op": "target_triggering"}, {"op": "to_hand"}]}]


@pytest.mark.parametrize("yes", [True, False])
def test_that_character_put_into_the_waiting_room_from_the_stage_returns_to_the_hand(pool, yes):
    """Quitter leaves the stage (its own effect): Keeper may return that card (unpacked from the trigger's aux, which
    holds the position it left too) to the hand."""
    sc = _scenario(pool)
    sc.put(0, KEEPER, "stage", pos=0)
    quitter = sc.put(0, QUITTER, "stage", pos=1)
    g = sc.game()
    kit.act(g, "Use ability 0 of Quitter")
    kit.answer_yes(g, yes)
    assert kit.zone_of(g, quitter) == (K.Zone.HAND if yes else K.Zone.WAITING_ROOM)


# ---------------------------------------------------------------------------- CR 6.8.1.1: "at the end of your turn"
@pytest.mark.parametrize("line, whose", [(_LATE, "yours"),
                                         ("【AUTO】 At the end of your opponent's turn, draw 1 card.", "opponents"),
                                         ("【AUTO】 At the end of the turn, draw 1 card.", "any")])
def test_cr_6_8_1_1_at_the_end_of_the_turn_is_the_end_phase_trigger(line, whose):
    r = _c(line)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["trigger"] == "begin_end" and r.abilities[0].get("whose", "any") == whose


@pytest.mark.parametrize("pos, drawn", [(1, 1), (3, 0)])
def test_cr_6_8_1_1_the_end_of_your_turn_ability_resolves_in_the_end_phase(pool, pos, drawn):
    """Late draws at the end of its master's turn while in the center stage (its condition)."""
    sc = _scenario(pool)
    sc.put(0, LATE, "stage", pos=pos)
    hand = int(sc.row[S.HAND_N])
    sc.flow("encore")  # the encore step, then the end phase (CR 6.8.1.1: its "at the end of turn" abilities)
    g = sc.game()
    kit.answer_picks(g, [])
    assert int(g.state[S.TURN_PLAYER]) == 1  # the turn ended
    assert kit.count(g, "HAND", 0) == hand + drawn
