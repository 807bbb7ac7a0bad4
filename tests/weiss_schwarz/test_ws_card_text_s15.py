"""Weiss Schwarz card text, session 15 pieces: made-up lines in the card language compiled, and on a small
imported list what the engine does with them: abilities granted "until the end of your opponent's next turn"
(CR 8.2.1.2) and granted [CONT] abilities (by an effect, or by a [CONT] ability to other characters; CR 8.1.1.3)."""

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


(PLAIN, FLARE, SHADE, RETREATER, BUOY, LEADER, SUPPORTER, WEAK, SHOOTER, WATCHER, SPOTTER, TWIN, RENEWER, CLIMBER) = range(14)
RECORDS = [
    _rec("T/S15-001", "Plain"),
    _rec("T/S15-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    # a granted [CONT] ability until the end of the opponent's next turn (CR 8.2.1.2)
    _rec("T/S15-003", "Shade", ["【AUTO】 When this card is placed on the stage from your hand, this card gets the "
                                "following ability until the end of your opponent's next turn. \"【CONT】 The character "
                                "facing this card gets -2 soul.\""]),
    # a granted [AUTO] ability until the end of the opponent's next turn
    _rec("T/S15-004", "Retreater", ["【AUTO】 When this card is placed on the stage from your hand, choose 1 of your "
                                    "characters, and that character gets the following ability until the end of your "
                                    "opponent's next turn. \"【AUTO】 When this card is frontal attacked, you may return "
                                    "this card to your hand.\""]),
    # +power and a granted [CONT] ability "during your opponent's turn"
    _rec("T/S15-005", "Buoy", ["【AUTO】 When this card is placed on the stage from your hand, until the end of your "
                               "opponent's next turn, this card gets +1000 power and the following ability. \"【CONT】 "
                               "During your opponent's turn, this card gets +2000 power.\""]),
    # a [CONT] ability granting a [CONT] ability to other characters
    _rec("T/S15-006", "Leader", ["【CONT】 All of your other \"Plain\" get the following ability. \"【CONT】 All of your "
                                 "other 《Wood》 characters get +500 power.\""]),
    # a granted Assist (CR 10.3.2) under a condition of this card's
    _rec("T/S15-007", "Supporter", ["【CONT】 If you have another \"Plain\", this card gets \"【CONT】 Assist All of your "
                                    "characters in front of this card get +500 power.\"."]),
    _rec("T/S15-008", "Weak", [], power="1000", traits=("Wood",)),
    _rec("T/S15-009", "Shooter", [], type="Climax", trigger=("SOUL", "SHOT")),
    # a trigger icon the database names (CR 2.12 / 4.12.2), and one it drops (approximation trigger_icon_dropped)
    _rec("T/S15-010", "Watcher", ["【AUTO】 When your character's trigger check reveals a climax with [[shot.gif]] in its "
                                  "trigger icon, draw 1 card."]),
    _rec("T/S15-011", "Spotter", ["【AUTO】 When your character's trigger check reveals a climax with in its trigger "
                                  "icon, draw 1 card."]),
    # two granted abilities with the one duration
    _rec("T/S15-012", "Twin", ["【AUTO】 When this card is placed on the stage from your hand, this card gets the following "
                               "abilities until the end of your opponent's next turn. \"【CONT】 During your opponent's "
                               "turn, this card gets +2000 power.\" \"【CONT】 The character facing this card gets -1 "
                               "soul.\""]),
    _rec("T/S15-013", "Renewer", ["【AUTO】 When this card is placed on the stage from your hand, your opponent puts all "
                                  "of their stock into their waiting room, and puts the same number of cards from the "
                                  "top of their deck into their stock."]),
    # a [CONT] ability granting this card an [ACT] ability
    _rec("T/S15-014", "Climber", ["【CONT】 If your level is 1 or higher, this card gets the following ability. \"【ACT】 "
                                  "[【REST】 this card] Draw 1 card.\""]),
]  # fmt: skip
# vanilla fillers: a deck has at most 4 cards of a name (CR 5.1.2.2)
RECORDS += [_rec(f"T/S15-F{i:02d}", f"Filler {i}", traits=("Wood",)) for i in range(12)]
FILLER = 14


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws15", RECORDS)


def _scenario(pool, **kw):
    deck = kit.deck_of(len(RECORDS), FLARE)
    return Scenario.main_phase(pool, decks=(deck, deck), **kw)


_n, _labels, _act = kit.count, kit.labels, kit.act
_zone = kit.zone_of
_resolved = kit.resolved


def _soul(g, slot) -> int:
    return int(g.state[S.D_SOUL + slot * S.CARD_W])


def _pass_until(g, done, limit=120):
    """Take the declining choice (end a phase, skip the clock, no counter ...) until ``done(g)``."""
    for _ in range(limit):
        if done(g):
            return
        d = _labels(g)
        g.step(int(g.legal_actions()[d.index(next((x for x in d if x.startswith(
            ("End", "Pass", "Do not", "Don't", "No ", "Skip", "Decline"))), d[0]))]))
    raise AssertionError("not reached")


def _turn(g) -> int:
    return int(g.state[H_TURN])


# ---------------------------------------------------------------------------- compiled
def test_abilities_granted_until_the_end_of_the_opponents_next_turn_compile_exact():
    for card in (SHADE, RETREATER, BUOY):
        r = _c(RECORDS[card]["ability"][0])
        assert r.verdict == "exact", (RECORDS[card]["name"], r.reason)
        (grant,) = [o for o in r.abilities[0]["effect"] if o["op"] == "grant_ability"]
        assert grant["duration"] == "next_opp_turn_end"
    (grant,) = [o for o in _c(RECORDS[SHADE]["ability"][0]).abilities[0]["effect"] if o["op"] == "grant_ability"]
    assert grant["ability"] == {"kind": "cont", "effect": [{"op": "aura_soul", "amount": -2, "filter": {
        "type": "character", "side": "opponent", "relation": "facing"}}]}


def test_granted_cont_abilities_of_cont_abilities_compile_exact():
    r = _c(RECORDS[LEADER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (op,) = r.abilities[0]["effect"]
    assert op["op"] == "aura_grant_ability" and op["ability"]["kind"] == "cont"
    r = _c(RECORDS[SUPPORTER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities  # this card's own CONT ability under both conditions, without Assist's keyword
    assert "keyword" not in ab and ab["effect"][0]["filter"]["relation"] == "in_front"


# ---------------------------------------------------------------------------- CR 8.2.1.2 with CR 8.1.1.3
def test_cr_8_2_1_2_a_granted_cont_ability_lasts_through_the_opponents_next_turn(pool):
    sc = _scenario(pool)
    sc.put(0, SHADE, "hand")
    foe = sc.put(1, PLAIN, "stage", pos=2)  # faces the center left (CR 3.6.5)
    other = sc.put(1, PLAIN, "stage", pos=1)
    g = sc.game()
    _act(g, "Play Shade to center left")
    _pass_until(g, _resolved)
    assert _soul(g, foe) == 1 - 2 and _soul(g, other) == 1  # only the character facing it
    shade = int(g.state[S.STAGE + 0])
    assert int(g.state[S.KWMOD_LONG + shade * S.CARD_W]) >> K.GRANT_BIT0 != 0
    t = _turn(g)
    _pass_until(g, lambda x: _turn(x) == t + 1 and int(x.state[S.PHASE]) == K.Phase.MAIN)
    assert _soul(g, foe) == -1  # the opponent's turn: still granted
    _pass_until(g, lambda x: _turn(x) == t + 2 and int(x.state[S.PHASE]) == K.Phase.MAIN)
    assert _soul(g, foe) == 1  # its end ended it
    assert int(g.state[S.KWMOD_LONG + shade * S.CARD_W]) == 0


def test_cr_8_2_1_2_a_granted_auto_ability_triggers_in_the_opponents_next_turn(pool):
    sc = _scenario(pool)
    sc.put(0, RETREATER, "hand")
    sc.put(1, PLAIN, "stage", pos=1)  # faces the center middle
    g = sc.game()
    _act(g, "Play Retreater to center middle")
    _act(g, "Choose own center middle")  # Retreater itself, the only character
    me = int(g.state[S.STAGE + 1])
    assert int(g.state[S.KWMOD_LONG + me * S.CARD_W]) >> K.GRANT_BIT0 != 0
    t = _turn(g)
    _pass_until(g, lambda x: _turn(x) == t + 1 and any(d.startswith("Frontal attack") for d in _labels(x)))
    _act(g, "Frontal attack")
    _pass_until(g, lambda x: any(d.startswith("Use Retreater") for d in _labels(x)))
    _act(g, "Use Retreater")
    assert _zone(g, me) == K.Zone.HAND  # returned (the game went on to the next turn's draw)


@pytest.mark.parametrize("card", [BUOY, TWIN])
def test_cr_8_2_1_2_power_and_a_granted_ability_during_the_opponents_turn(pool, card):
    sc = _scenario(pool)
    sc.put(0, card, "hand")
    foe = sc.put(1, PLAIN, "stage", pos=2)  # faces the center left
    g = sc.game()
    _act(g, f"Play {RECORDS[card]['name']} to center left")
    _pass_until(g, _resolved)
    me = int(g.state[S.STAGE + 0])
    bonus = 1000 if card == BUOY else 0  # Buoy: "+1000 power and the following ability"
    soul = 0 if card == BUOY else -1  # Twin: "the character facing this card gets -1 soul" as well
    assert kit.power(g, me) == 3000 + bonus  # its own turn: not the granted +2000
    assert _soul(g, foe) == 1 + soul
    t = _turn(g)
    _pass_until(g, lambda x: _turn(x) == t + 1 and int(x.state[S.PHASE]) == K.Phase.MAIN)
    assert kit.power(g, me) == 3000 + bonus + 2000 and _soul(g, foe) == 1 + soul
    _pass_until(g, lambda x: _turn(x) == t + 2 and int(x.state[S.PHASE]) == K.Phase.MAIN)
    assert kit.power(g, me) == 3000 and _soul(g, foe) == 1


# ---------------------------------------------------------------------------- granted by a CONT ability (CR 8.1.1.3)
@pytest.mark.parametrize("leader", [True, False])
def test_cr_8_1_1_3_a_cont_ability_granted_to_other_characters_works_from_them(pool, leader):
    sc = _scenario(pool)
    plain = sc.put(0, PLAIN, "stage", pos=0)
    weak = sc.put(0, WEAK, "stage", pos=1)
    foe = sc.put(1, WEAK, "stage", pos=1)
    if leader:
        sc.put(0, LEADER, "stage", pos=3)
    g = sc.game()
    # the Plain has "all of your other <<Wood>> characters get +500 power": the Weak, not the opponent's
    assert kit.power(g, weak) == 1000 + (500 if leader else 0)
    assert kit.power(g, foe) == 1000 and kit.power(g, plain) == 3000


@pytest.mark.parametrize("plain, pos", [(True, 3), (False, 3), (True, 2)])
def test_cr_10_3_2_a_granted_assist_works_from_the_back_stage(pool, plain, pos):
    sc = _scenario(pool)
    front = sc.put(0, WEAK, "stage", pos=0)  # in front of the back stage's left (CR 10.3.2)
    if plain:
        sc.put(0, PLAIN, "stage", pos=4)
    sc.put(0, SUPPORTER, "stage", pos=pos)
    g = sc.game()
    assert kit.power(g, front) == 1000 + (500 if plain and pos == 3 else 0)


# ---------------------------------------------------------------------------- trigger icons (CR 4.12.2)
def test_a_climax_with_a_trigger_icon_compiles_to_a_trigger_filter():
    r = _c(RECORDS[WATCHER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["trigger_filter"] == {"type": "climax", "trigger_icon": "shot"}
    r = _c(RECORDS[SPOTTER]["ability"][0])  # the database dropped the icon's name: any climax
    assert r.verdict == "approximate" and r.approximations == ("trigger_icon_dropped",), r.reason
    assert "trigger_filter" not in r.abilities[0]
    r = _c("【AUTO】 When this card is placed on the stage from your hand, choose up to 1 character with in its trigger "
           "icon in your waiting room, and return it to your hand.")
    # a character: not "any character", but one with a trigger icon (session 23, trigger_icon_dropped_card)
    assert r.verdict == "approximate" and r.approximations == ("trigger_icon_dropped_card",), r.reason
    assert r.abilities[0]["effect"][0]["filter"]["with_trigger_icon"]
    r = _c("【ACT】 Brainstorm [(1) 【REST】 this card] Flip over 4 cards from the top of your deck, and put them into your "
           "waiting room. For each climax with in its trigger icon revealed among those cards, draw up to 1 card.")
    assert r.verdict == "approximate" and r.approximations == ("trigger_icon_dropped",), r.reason


@pytest.mark.parametrize("card, climax, gains", [(WATCHER, SHOOTER, True), (WATCHER, FLARE, False),
                                                 (SPOTTER, FLARE, True), (SPOTTER, SHOOTER, True)])
def test_cr_7_3_1_2_a_trigger_check_revealing_a_climax_with_an_icon(pool, card, climax, gains):
    sc = _scenario(pool)
    sc.put(0, card, "stage", pos=1)
    sc.stack_deck(0, [climax])
    g = sc.game()
    _act(g, "End the main phase")
    _pass_until(g, lambda x: any(d.startswith("Direct attack") for d in _labels(x)))
    assert _n(g, "HAND", 0) == 0
    _act(g, "Direct attack")  # the trigger check reveals the climax (CR 7.3.1.2); no decision to the next turn
    _pass_until(g, lambda x: _turn(x) == 4)
    assert _n(g, "HAND", 0) == (1 if gains else 0)


# ---------------------------------------------------------------------------- the opponent's stock renewed
def test_the_opponents_stock_renewed_compiles_exact():
    r = _c(RECORDS[RENEWER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "stock_renew", "who": "opponent"}]


@pytest.mark.parametrize("stock", [0, 3])
def test_the_opponent_puts_all_of_their_stock_into_their_waiting_room_and_as_many_from_their_deck(pool, stock):
    sc = _scenario(pool)
    sc.put(0, RENEWER, "hand")
    old = [sc.put(1, FILLER + k, "stock") for k in range(stock)]
    g = sc.game()
    deck, wr = _n(g, "DECK", 1), _n(g, "WR", 1)
    _act(g, "Play Renewer")
    _pass_until(g, _resolved)
    assert _n(g, "STOCK", 1) == stock and _n(g, "WR", 1) == wr + stock and _n(g, "DECK", 1) == deck - stock
    assert all(_zone(g, sl) == K.Zone.WAITING_ROOM for sl in old)  # the old stock, not the new one


# ---------------------------------------------------------------------------- an [ACT] ability granted to this card
def test_an_act_ability_a_cont_ability_grants_this_card_compiles_to_its_act_ability_under_the_condition():
    r = _c(RECORDS[CLIMBER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["kind"] == "act" and ab["condition"] == {"kind": "level_at_least", "value": 1}
    r = _c("【AUTO】 When this card attacks, this card gets the following ability until end of turn. \"【ACT】 [(1)] This "
           "card gets +1000 power until end of turn.\"")
    # by an effect: a granted ability row since session 17 (play.ability_usable_kind, test_ws_card_text_s17b)
    assert r.verdict == "exact" and r.abilities[0]["effect"][-1]["op"] == "grant_ability"
    assert r.abilities[0]["effect"][-1]["ability"]["kind"] == "act"


@pytest.mark.parametrize("level", [0, 1])
def test_cr_8_1_1_3_an_act_ability_granted_while_the_condition_holds(pool, level):
    sc = _scenario(pool)
    me = sc.put(0, CLIMBER, "stage", pos=0)
    for k in range(level):
        sc.put(0, FILLER + k, "level")
    g = sc.game()
    usable = any(t.startswith("Use ability 0 of Climber") for t in _labels(g))
    assert usable == (level == 1), _labels(g)
    if usable:
        hand = _n(g, "HAND", 0)
        _act(g, "Use ability 0 of Climber")
        _pass_until(g, _resolved)
        assert _n(g, "HAND", 0) == hand + 1 and int(g.state[S.ORIENT + me * S.CARD_W]) == K.Orientation.REST
