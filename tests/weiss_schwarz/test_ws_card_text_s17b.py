"""Weiss Schwarz card text, session 17 (branch s17-ws2): made-up lines in the card language compiled, and on a
small imported list what the engine does with them: options of "choose 1 of the following effects" that carry a
cost of their own (CR 8.4.2, 8.4.2.2)."""

from __future__ import annotations

import pytest

from tcg_env.engine.header import H_TURN
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


(PLAIN, FLARE, WOOD, CHOOSER, GIVER, GRANTER, VETERAN, DIARIST, BACKED, AVENGER, BIG0, BIG2, RECALLER,
 BOOSTER, RALLY, LONER) = range(16)
RECORDS = [
    _rec("T/S17-001", "Plain"),
    _rec("T/S17-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S17-003", "Wood", [], traits=("Wood",)),
    # an option with a cost of its own (stock and a hand card of a trait)
    _rec("T/S17-004", "Chooser", ["【AUTO】 When this card is placed on the stage from your hand, choose 1 of the "
                                  "following effects, and perform it. \"[(1) Put 1 《Wood》 character from your hand into "
                                  "your waiting room] You may pay the cost. If you do, draw 2 cards.\" \"This card gets "
                                  "+3000 power until end of turn.\""]),
    # a granted [ACT] ability: by a [CONT] ability to other characters, and by an effect until end of turn
    _rec("T/S17-005", "Giver", ["【CONT】 All of your other 《Wood》 characters get the following ability. \"【ACT】 [(1) "
                                "【REST】 this card] Draw 1 card.\""]),
    _rec("T/S17-006", "Granter", ["【AUTO】 When this card is placed on the stage from your hand, choose 1 of your other "
                                  "characters, and that character gets the following ability until end of turn. \"【ACT】 "
                                  "[【REST】 this card] This card gets +1000 power until end of turn.\""]),
    # "for each" counts in the level, the memory and "the back stage"
    _rec("T/S17-007", "Veteran", ["【CONT】 Experience This card gets +1000 power for each card named \"Wood\" in your "
                                  "level."]),
    _rec("T/S17-008", "Diarist", ["【CONT】 Memory This card gets +500 power for each \"Plain\" in your memory."]),
    _rec("T/S17-009", "Backed", ["【CONT】 This card gets +1000 power for each of your other 《Wood》 characters in the "
                                 "back stage."]),
    # the battle opponent's level against this card's (and the database's "Reverse@" mark)
    _rec("T/S17-010", "Avenger", ["【AUTO】 When this card becomes Reverse@, if the level of this card's battle opponent "
                                  "is lower than or equal to the level of this card, you may 【REVERSE】 that character."],
         level="1", power="500"),
    _rec("T/S17-011", "Big Zero", [], power="9000"),
    _rec("T/S17-012", "Big Two", [], level="2", power="9000"),
    # an [ACT] ability with Memory (CR 10.9.1), and "+N power, and the following ability"
    _rec("T/S17-013", "Recaller", ["【ACT】 Memory [【REST】 this card] If there is a card in your memory, draw 1 card."]),
    _rec("T/S17-014", "Booster", ["【CONT】 All of your other 《Wood》 characters get +1000 power, and the following "
                                  "ability. \"【CONT】 This card cannot side attack.\""]),
    # "until end of turn, <group> get ..." on an event
    _rec("T/S17-015", "Rally", ["Until end of turn, all of your characters get +1500 power and the following ability. "
                                "\"【CONT】 This card cannot side attack.\""], type="Event"),
    # a character that stays rested in its master's stand phase (CR 6.2.1.2) under a condition
    _rec("T/S17-016", "Loner", ["【CONT】 If you do not have another 《Wood》 character, this card cannot 【STAND】 during "
                                "your stand phase."]),
]  # fmt: skip
RECORDS += [_rec(f"T/S17-F{i:02d}", f"Filler {i}", traits=("Sand",)) for i in range(12)]
FILLER = len(RECORDS) - 12


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws17b", RECORDS)


def _scenario(pool, **kw):
    deck = kit.deck_of(len(RECORDS), FLARE, extra=(WOOD, WOOD, PLAIN, PLAIN))
    return Scenario.main_phase(pool, decks=(deck, deck), **kw)


_n, _labels, _act = kit.count, kit.labels, kit.act
_zone = kit.zone_of
_resolved = kit.resolved
_answer = kit.answer_picks


# ---------------------------------------------------------------------------- options with a cost (CR 8.4.2)
def test_an_option_with_its_own_cost_compiles_to_a_checked_payment():
    r = _c(RECORDS[CHOOSER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (choice,) = r.abilities[0]["effect"]
    paid, plain = choice["options"]
    assert "cost" not in r.abilities[0]
    (stock_if,) = paid
    assert stock_if["condition"] == {"kind": "stock_at_least", "value": 1}
    (hand_if,) = stock_if["then"]
    assert hand_if["condition"]["kind"] == "hand_filter_at_least" and hand_if["condition"]["filter"]["trait"] == "Wood"
    (may,) = hand_if["then"]
    assert [o["op"] for o in may["then"]] == ["pay_stock", "choose", "to_waiting_room", "draw"]
    # a cost the program cannot pay (this card rested) keeps the line unsupported
    r = _c("【AUTO】 When this card attacks, choose 1 of the following effects, and perform it. \"[【REST】 this card] You "
           "may pay the cost. If you do, draw 1 card.\" \"Draw 1 card.\"")
    assert r.verdict == "unsupported"
    # outside an option, a quoted cost is refused
    r = _c("【AUTO】 When this card attacks, perform the following action. \"[(1)] You may pay the cost. If you do, draw "
           "1 card.\"")
    assert r.verdict == "unsupported"


@pytest.mark.parametrize("woods, stock", [(1, 1), (0, 1), (1, 0)])
def test_cr_8_4_2_2_an_options_cost_is_paid_in_full_or_not_at_all(pool, woods, stock):
    sc = _scenario(pool)
    me = sc.put(0, CHOOSER, "hand")
    wood = [sc.put(0, WOOD, "hand") for _ in range(woods)]
    plain = sc.put(0, PLAIN, "hand")  # not a <<Wood>> character: no part of the cost
    for k in range(stock):
        sc.put(0, FILLER + k, "stock")
    g = sc.game()
    _act(g, "Play Chooser")
    hand = _n(g, "HAND", 0)
    _answer(g, ["Use", "Use"])  # its first option ("this one?"), and "you may pay the cost"
    paid = woods > 0 and stock > 0
    assert _n(g, "STOCK", 0) == stock - paid
    assert _n(g, "HAND", 0) == hand + paid  # 1 <<Wood>> put into the waiting room, 2 drawn
    assert _zone(g, plain) == K.Zone.HAND
    if woods:
        assert _zone(g, wood[0]) == (K.Zone.WAITING_ROOM if paid else K.Zone.HAND)
    assert kit.power(g, me) == 3000  # the other option was not performed


@pytest.mark.parametrize("option", ["paid_declined", "other"])
def test_an_options_cost_may_be_declined_and_the_other_option_chosen(pool, option):
    sc = _scenario(pool)
    me = sc.put(0, CHOOSER, "hand")
    wood = sc.put(0, WOOD, "hand")
    sc.put(0, FILLER, "stock")
    g = sc.game()
    _act(g, "Play Chooser")
    hand = _n(g, "HAND", 0)
    _answer(g, ["Use", "Decline"] if option == "paid_declined" else ["Decline"])
    assert _n(g, "STOCK", 0) == 1 and _n(g, "HAND", 0) == hand and _zone(g, wood) == K.Zone.HAND
    assert kit.power(g, me) == 3000 + 3000 * (option == "other")


# ---------------------------------------------------------------------------- granted [ACT] abilities (CR 8.2.1)
def test_a_granted_act_ability_compiles_to_a_granted_ability_row():
    r = _c(RECORDS[GIVER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (op,) = r.abilities[0]["effect"]
    assert op["op"] == "aura_grant_ability" and op["filter"]["relation"] == "other"
    assert op["ability"] == {"kind": "act", "cost": {"stock": 1, "rest_self": True}, "effect": [{"op": "draw", "count": 1}]}
    r = _c(RECORDS[GRANTER]["ability"][0])
    assert r.verdict == "exact", r.reason
    choose, grant = r.abilities[0]["effect"]
    assert grant["op"] == "grant_ability" and grant["ability"]["kind"] == "act"
    # a limit of uses would need a use bit of the receiving card's: refused
    r = _c("【CONT】 All of your other 《Wood》 characters get the following ability. \"【ACT】 This ability activates up to "
           "1 time per turn. [【REST】 this card] Draw 1 card.\"")
    assert r.verdict == "unsupported"


@pytest.mark.parametrize("giver", [True, False])
def test_cr_8_2_1_a_character_uses_the_act_ability_a_cont_ability_gives_it(pool, giver):
    sc = _scenario(pool)
    if giver:
        sc.put(0, GIVER, "stage", pos=0)
    wood = sc.put(0, WOOD, "stage", pos=1)
    sc.put(0, PLAIN, "stage", pos=2)
    sc.put(0, FILLER, "stock")
    g = sc.game()
    uses = [t for t in _labels(g) if t.startswith("Use ability")]
    assert [t.split(" (")[0] for t in uses] == (["Use ability 0 of Wood"] if giver else [])  # not Giver, not Plain
    if giver:
        hand = _n(g, "HAND", 0)
        _act(g, "Use ability 0 of Wood")
        _answer(g, [])
        assert _n(g, "HAND", 0) == hand + 1 and _n(g, "STOCK", 0) == 0
        assert int(g.state[S.ORIENT + wood * S.CARD_W]) == K.Orientation.REST
        assert not any(t.startswith("Use ability") for t in _labels(g))  # rested: its cost cannot be paid


def test_cr_8_2_1_an_act_ability_granted_by_an_effect_until_end_of_turn(pool):
    sc = _scenario(pool)
    plain = sc.put(0, PLAIN, "stage", pos=1)
    sc.put(0, GRANTER, "hand")
    g = sc.game()
    assert not any(t.startswith("Use ability") for t in _labels(g))
    _act(g, "Play Granter")
    _answer(g, [])  # the only other character: Plain
    assert [t.split(" (")[0] for t in _labels(g) if t.startswith("Use ability")] == ["Use ability 0 of Plain"]
    _act(g, "Use ability 0 of Plain")
    _answer(g, [])
    assert kit.power(g, plain) == 4000 and int(g.state[S.ORIENT + plain * S.CARD_W]) == K.Orientation.REST


# ---------------------------------------------------------------------------- "for each" counts (CR 8.1.1.3)
def test_for_each_in_the_level_memory_and_the_back_stage_compile():
    for k, zone in ((VETERAN, "level"), (DIARIST, "memory")):
        r = _c(RECORDS[k]["ability"][0])
        assert r.verdict == "exact", r.reason
        (op,) = r.abilities[0]["effect"]
        assert op["op"] == "aura_power_per" and op["counted"]["zone"] == zone
        assert r.abilities[0]["keyword"] == ("experience" if zone == "level" else "memory")  # CR 10.10.1 / 10.9.1
    r = _c(RECORDS[BACKED]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["counted"]["positions"] == ["back"]


def test_cr_10_10_1_power_for_each_named_card_in_your_level_and_memory(pool):
    sc = _scenario(pool)
    vet = sc.put(0, VETERAN, "stage", pos=0)
    dia = sc.put(0, DIARIST, "stage", pos=1)
    for _ in range(2):
        sc.put(0, WOOD, "level")
    sc.put(0, PLAIN, "level")  # not "Wood"
    sc.put(1, WOOD, "level")  # the opponent's level: not yours
    for _ in range(3):
        sc.put(0, PLAIN, "memory")
    sc.put(0, WOOD, "memory")
    g = sc.game()
    assert kit.power(g, vet) == 3000 + 2 * 1000
    assert kit.power(g, dia) == 3000 + 3 * 500


def test_power_for_each_other_trait_character_in_the_back_stage(pool):
    sc = _scenario(pool)
    me = sc.put(0, BACKED, "stage", pos=3)
    sc.put(0, WOOD, "stage", pos=4)
    sc.put(0, WOOD, "stage", pos=0)  # center stage: not counted
    sc.put(1, WOOD, "stage", pos=3)  # the opponent's: not counted
    g = sc.game()
    assert kit.power(g, me) == 3000 + 1000


# ---------------------------------------------------------------------------- the battle opponent's level (CR 3.6.5)
def test_battle_opponent_level_against_this_cards_compiles_to_a_condition():
    r = _c(RECORDS[AVENGER]["ability"][0])
    assert r.verdict == "exact", r.reason
    ab = r.abilities[0]
    assert ab["trigger"] == "reversed_self" and ab["condition"] == {"kind": "battle_opp_level_at_most_self"}
    assert [o["op"] for o in ab["effect"][0]["then"]] == ["target_battle_opp", "reverse"]
    r2 = _c(RECORDS[AVENGER]["ability"][0].replace("lower than or equal to the level of this card",
                                                   "equal to or lower than this card's level"))
    assert r2.abilities == r.abilities


@pytest.mark.parametrize("defender", [BIG0, BIG2])
def test_the_reversed_card_reverses_a_battle_opponent_of_its_level_or_lower(pool, defender):
    sc = _scenario(pool)
    me = sc.put(0, AVENGER, "stage", pos=0)
    theirs = sc.put(1, defender, "stage", pos=2)  # faces it (CR 3.6.5)
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Frontal attack")
    for _ in range(40):  # the counter step, the damage, the battle (Avenger is reversed), its ability
        if int(g.state[S.ORIENT + me * S.CARD_W]) == K.Orientation.REVERSE and _resolved(g):
            break
        labels = _labels(g)
        pick = [t for t in labels if t.startswith(("Use", "Yes"))] or [t for t in labels if t.startswith(
            ("Pass", "No counter", "Decline"))] or labels
        _act(g, pick[0])
    assert int(g.state[S.ORIENT + me * S.CARD_W]) == K.Orientation.REVERSE
    # level 0 <= 1: "you may [REVERSE] that character"; level 2: the condition fails
    want = K.Orientation.REVERSE if defender == BIG0 else K.Orientation.STAND
    assert int(g.state[S.ORIENT + theirs * S.CARD_W]) == want


# ---------------------------------------------------------------------------- [ACT] Memory, ", and the following ability"
def test_an_act_ability_with_memory_and_a_comma_before_the_granted_ability_compile():
    r = _c(RECORDS[RECALLER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["keyword"] == "memory" and r.abilities[0]["effect"][0]["op"] == "if"
    r = _c("【ACT】 Memory [【REST】 this card] Draw 1 card.")  # CR 10.9.1: nothing about the memory
    assert r.verdict == "unsupported"
    r = _c(RECORDS[BOOSTER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert [o["op"] for o in r.abilities[0]["effect"]] == ["aura_power", "aura_restrict"]


@pytest.mark.parametrize("memory", [0, 1])
def test_cr_10_9_1_an_act_ability_with_memory_refers_to_the_memory(pool, memory):
    sc = _scenario(pool)
    me = sc.put(0, RECALLER, "stage", pos=0)
    for _ in range(memory):
        sc.put(0, PLAIN, "memory")
    g = sc.game()
    hand = _n(g, "HAND", 0)
    _act(g, "Use ability 0 of Recaller")
    _answer(g, [])
    assert int(g.state[S.ORIENT + me * S.CARD_W]) == K.Orientation.REST
    assert _n(g, "HAND", 0) == hand + memory


def test_power_and_a_granted_restriction_after_a_comma(pool):
    sc = _scenario(pool)
    sc.put(0, BOOSTER, "stage", pos=0)
    wood = sc.put(0, WOOD, "stage", pos=1)
    g = sc.game()
    assert kit.power(g, wood) == 4000
    assert int(g.state[S.D_RST + wood * S.CARD_W]) & K.RESTRICT_CANT_SIDE


def test_until_end_of_turn_all_of_your_characters_get_power_and_an_ability(pool):
    r = _c(RECORDS[RALLY]["ability"][0], type="event")
    assert r.verdict == "exact", r.reason
    sc = _scenario(pool)
    mine = [sc.put(0, PLAIN, "stage", pos=k) for k in (0, 3)]
    theirs = sc.put(1, PLAIN, "stage", pos=0)
    sc.put(0, RALLY, "hand")
    g = sc.game()
    _act(g, "Play event Rally")
    _answer(g, [])
    for sl in mine:
        assert kit.power(g, sl) == 4500 and int(g.state[S.D_RST + sl * S.CARD_W]) & K.RESTRICT_CANT_SIDE
    assert kit.power(g, theirs) == 3000 and not int(g.state[S.D_RST + theirs * S.CARD_W]) & K.RESTRICT_CANT_SIDE


# ---------------------------------------------------------------------------- "cannot [STAND] during your stand phase"
def _pass_until(g, done, limit=120):
    """Take the declining choice (end a phase, skip the clock, no counter ...) until ``done(g)``."""
    for _ in range(limit):
        if done(g):
            return
        d = _labels(g)
        g.step(int(g.legal_actions()[d.index(next((x for x in d if x.startswith(
            ("End", "Pass", "Do not", "Don't", "No ", "Skip", "Decline"))), d[0]))]))
    raise AssertionError("not reached")


@pytest.mark.parametrize("wood", [False, True])
def test_cr_6_2_1_2_a_character_that_cannot_stand_in_the_stand_phase(pool, wood):
    r = _c(RECORDS[LONER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"]["kind"] == "own_filter_at_most"
    sc = _scenario(pool)
    me = sc.put(0, LONER, "stage", pos=0, orient=K.Orientation.REST)
    other = sc.put(0, PLAIN, "stage", pos=1, orient=K.Orientation.REST)
    if wood:
        sc.put(0, WOOD, "stage", pos=3)
    g = sc.game()
    t = int(g.state[H_TURN])
    _pass_until(g, lambda x: int(x.state[H_TURN]) == t + 2 and int(x.state[S.TURN_PLAYER]) == 0)
    assert int(g.state[S.ORIENT + other * S.CARD_W]) == K.Orientation.STAND  # the rules' stand phase
    # alone (no other <<Wood>> character) it stays [REST]; with one it stands
    assert int(g.state[S.ORIENT + me * S.CARD_W]) == (K.Orientation.STAND if wood else K.Orientation.REST)
