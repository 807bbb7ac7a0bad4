"""Weiss Schwarz card text, session 13 pieces: made-up lines in the card language compiled, and on a small
imported list what the engine does with them (a cost putting the climax of the climax area into the waiting
room, CR 8.4; ...)."""

from __future__ import annotations

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, **card):
    return compile_line(line, {"type": "character", "name": "Tester", "traits": ["Glass"], **card})


(PLAIN, FLARE, SPARK, COMBOER, HELPER, SENIOR, RECALLED, NAMESAKE, GROUPIE, SOULER, CLIMBER, GRANTER,
 DRAWER, DIGGER, BOOST) = range(15)
RECORDS = [
    _rec("T/S13-001", "Plain"),
    _rec("T/S13-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S13-003", "Spark", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S13-004", "Comboer", ["【AUTO】 【CXCOMBO】 [Put 1 \"Flare\" from your climax area into your waiting room] When "
                                  "this card attacks, you may pay the cost. If you do, draw 2 cards."]),
    _rec("T/S13-005", "Helper", ["【CONT】 Assist During your turn, all of your characters in front of this card get "
                                 "+1000 power."]),
    _rec("T/S13-006", "Senior", ["【CONT】 Experience If \"Plain\" is in your level, this card gets -1 level while in "
                                 "your hand."], level="2"),
    _rec("T/S13-007", "Recalled", ["【CONT】 Memory If your memory has 2 or more 《Wood》 characters, this card gets -1 "
                                   "level while in your hand."], level="1"),
    _rec("T/S13-008", "Ichika Namesake", []),
    _rec("T/S13-009", "Groupie", ["【CONT】 If you have 2 or more characters with \"Ichika\" in their card names, this "
                                  "card gets -1 level while in your hand."], level="1"),
    _rec("T/S13-010", "Souler", ["【CONT】 This card gets +1000 power and +1 soul for each of your other \"Plain\"."]),
    _rec("T/S13-011", "Climber", ["【CONT】 This card gets +1 level for each of your other \"Plain\"."]),
    _rec("T/S13-012", "Granter", ["【ACT】 [【REST】 this card] This card gets the following ability until end of turn. "
                                  "\"【AUTO】 This ability activates up to 1 time per turn. When you use an 【ACT】, draw 1 "
                                  "card.\""]),
    _rec("T/S13-013", "Drawer", ["【ACT】 [Put 1 card from your hand into your waiting room] Draw 1 card."]),
    _rec("T/S13-014", "Digger", ["【AUTO】 [Put 1 card from your hand into your waiting room] When this card attacks, put "
                                 "the top 2 cards of your deck into your waiting room. If there is a climax among those "
                                 "cards, you may pay the cost. If you do, draw 2 cards."]),
    _rec("T/S13-015", "Boost", ["Choose 1 of your characters, and that character gets the following ability until end of "
                                "turn. \"【AUTO】 This ability activates up to 1 time per turn. When this card attacks, "
                                "this card gets +1000 power until end of turn.\""], type="Event"),
]  # fmt: skip
# vanilla fillers: a deck has at most 4 cards of a name (CR 5.1.2.2)
RECORDS += [_rec(f"T/S13-F{i:02d}", f"Filler {i}", traits=("Wood",)) for i in range(12)]
FILLER = 15


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws13", RECORDS)


def _scenario(pool, **kw):
    deck = kit.deck_of(len(RECORDS), FLARE, extra=(SPARK,))
    return Scenario.main_phase(pool, decks=(deck, deck), **kw)


_n, _labels, _act = kit.count, kit.labels, kit.act


def _zone(g, slot) -> int:
    return int(g.state[S.ZONE + slot * S.CARD_W])


# ---------------------------------------------------------------------------- a climax-area cost (CR 8.4)
def test_climax_area_cost_compiles_exact():
    r = _c(RECORDS[COMBOER]["ability"][0])
    assert r.verdict == "exact", (r.reason, r.approximations)
    (ab,) = r.abilities
    assert ab["cost"] == {"climax_to_wr": {"type": "climax", "name": "Flare", "zone": "climax_area"}}
    assert "combo" not in ab  # CR 8.12.1: the icon has no meaning; the cost names the climax


@pytest.mark.parametrize("climax", [FLARE, SPARK, None])
def test_cr_8_4_climax_area_cost_pays_with_the_named_climax_only(pool, climax):
    sc = _scenario(pool)
    sc.put(0, COMBOER, "stage", pos=0)
    cx = sc.put(0, climax, "climax_area") if climax is not None else None
    g = sc.game()
    _act(g, "End the main phase")
    hand, wr = _n(g, "HAND"), _n(g, "WR")
    _act(g, "Direct attack with Comboer")
    if climax != FLARE:
        # CR 8.4.2.2 / 8.7.3.2: the cost cannot be paid, so the ability is not played (no question asked)
        assert not any(lbl.startswith("Use Comboer") for lbl in _labels(g))
        assert _n(g, "HAND") == hand  # nothing drawn (the turn may have ended: no decision in a direct attack)
        return
    _act(g, "Use Comboer")
    assert _zone(g, cx) == K.Zone.WAITING_ROOM and _n(g, "CX") == 0
    assert _n(g, "HAND") == hand + 2 and _n(g, "WR") == wr + 1


# ---------------------------------------------------------------------------- Assist during a turn (CR 10.3.2)
def test_assist_during_your_turn_compiles_to_the_abilitys_turn():
    r = _c(RECORDS[HELPER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["keyword"] == "assist" and ab["whose"] == "yours" and "condition" not in ab


@pytest.mark.parametrize("turn_player", [0, 1])
def test_cr_10_3_2_assist_during_your_turn_only_in_your_turn(pool, turn_player):
    sc = _scenario(pool, turn_player=turn_player)
    front = sc.put(0, PLAIN, "stage", pos=1)  # the center middle: in front of the back stage's left (CR 10.3.2)
    sc.put(0, HELPER, "stage", pos=3)
    g = sc.game()
    assert kit.power(g, front) == 3000 + (1000 if turn_player == 0 else 0)


# ---------------------------------------------------------------------------- levels in the hand (CR 8.6.2.1)
def test_levels_in_the_hand_with_experience_memory_and_name_counts_compile_exact():
    for card in (SENIOR, RECALLED, GROUPIE):
        r = _c(RECORDS[card]["ability"][0])
        assert r.verdict == "exact", (RECORDS[card]["name"], r.reason, r.approximations)
        assert r.abilities[0]["zone"] == "hand"
    assert _c(RECORDS[SENIOR]["ability"][0]).abilities[0]["keyword"] == "experience"
    assert _c(RECORDS[RECALLED]["ability"][0]).abilities[0]["keyword"] == "memory"


@pytest.mark.parametrize("card, holds", [(SENIOR, True), (SENIOR, False), (RECALLED, True), (RECALLED, False),
                                         (GROUPIE, True), (GROUPIE, False)])
def test_cr_8_6_2_1_a_level_in_the_hand_under_experience_memory_and_name_count_conditions(pool, card, holds):
    sc = _scenario(pool)
    sc.put(0, card, "hand")
    if card == SENIOR:  # "Plain" (or a filler) in the level zone: the player is level 1 either way
        sc.put(0, PLAIN if holds else FILLER, "level")
    elif card == RECALLED:  # two <<Wood>> characters (fillers) in the memory, or one
        sc.put(0, FILLER, "memory")
        sc.put(0, FILLER + 1 if holds else PLAIN, "memory")
    else:  # two characters with "Ichika" in their card names on the stage, or one
        sc.put(0, NAMESAKE, "stage", pos=0)
        sc.put(0, NAMESAKE if holds else PLAIN, "stage", pos=1)
    g = sc.game()
    name = RECORDS[card]["name"]
    # Senior (level 2) at level 1, the others (level 1) at level 0: playable only with the -1 (CR 8.6.2.1)
    assert int(g.state[S.LEVEL_N]) == (1 if card == SENIOR else 0)
    assert any(t.startswith(f"Play {name}") for t in _labels(g)) == holds


# ---------------------------------------------------------------------------- soul / level for each (CR 8.9)
def test_soul_and_level_for_each_compile_exact():
    r = _c(RECORDS[SOULER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert [o["op"] for o in r.abilities[0]["effect"]] == ["aura_power_per", "aura_soul_per"]
    r = _c(RECORDS[CLIMBER]["ability"][0])
    assert r.verdict == "exact" and r.abilities[0]["effect"][0]["op"] == "aura_level_per", r.reason


@pytest.mark.parametrize("plains", [0, 1, 2])
def test_cr_8_9_soul_power_and_level_for_each_other_named_character(pool, plains):
    sc = _scenario(pool)
    souler = sc.put(0, SOULER, "stage", pos=0)
    climber = sc.put(0, CLIMBER, "stage", pos=3)
    for k in range(plains):
        sc.put(0, PLAIN, "stage", pos=1 + k * 3)  # center middle, back right
    sc.put(1, PLAIN, "stage", pos=2)  # the opponent's "Plain" is not one of yours
    g = sc.game()
    assert kit.power(g, souler) == 3000 + 1000 * plains
    assert int(g.state[S.D_SOUL + souler * S.CARD_W]) == 1 + plains
    assert int(g.state[S.D_LEVEL + climber * S.CARD_W]) == plains
    assert int(g.state[S.D_SOUL + climber * S.CARD_W]) == 1 and kit.power(g, climber) == 3000


# ---------------------------------------------------------------------------- a granted ability used once per turn
def test_granted_ability_with_a_once_per_turn_limit_compiles_exact():
    r = _c(RECORDS[GRANTER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (grant,) = [o for o in r.abilities[0]["effect"] if o["op"] == "grant_ability"]
    assert grant["ability"]["once_per_turn"] and grant["ability"]["trigger"] == "act_used"


def test_granted_ability_activates_up_to_1_time_per_turn(pool):
    sc = _scenario(pool)
    granter = sc.put(0, GRANTER, "stage", pos=0)
    sc.put(0, DRAWER, "stage", pos=1)
    for k in range(3):
        sc.put(0, FILLER + k, "hand")
    g = sc.game()
    hand = _n(g, "HAND")
    _act(g, "Use ability 0 of Granter")
    while not any(t.startswith("Use ability 0 of Drawer") for t in _labels(g)):
        g.step(int(g.legal_actions()[0]))  # the granted ability, if the grant's own [ACT] triggered it
    for _ in range(2):  # Drawer's [ACT] twice: each a discard and a draw, the granted draw once in all
        _act(g, "Use ability 0 of Drawer")
        while int(g.state[S.PAY_ABIL]) >= 0 and not any(t.startswith("Use ability 0 of Drawer") for t in _labels(g)) \
                and not any(t.startswith("End the main phase") for t in _labels(g)):
            g.step(int(g.legal_actions()[0]))  # the card of the cost, the triggered draw
    assert _n(g, "HAND") == hand + 1, _labels(g)
    assert (int(g.state[S.USES + granter * S.CARD_W]) >> K.GRANT_USE_BIT0) & 1 == 1


# ---------------------------------------------------------------------------- the cost paid inside the effect (CR 8.4.2)
def test_cost_paid_inside_the_effect_compiles_exact():
    r = _c(RECORDS[DIGGER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert "cost" not in ab and "optional" not in ab
    (block,) = [o for o in ab["effect"] if o["op"] == "if_stored"]
    assert [o["op"] for o in block["then"][0]["then"]] == ["discard", "if_done", "draw"]


@pytest.mark.parametrize("climax, pay, hand_cards", [(True, True, 1), (True, False, 1), (False, None, 1),
                                                     (True, True, 0)])
def test_cr_8_4_2_the_cost_is_paid_where_the_effect_says_so(pool, climax, pay, hand_cards):
    sc = _scenario(pool)
    sc.put(0, DIGGER, "stage", pos=0)
    for k in range(hand_cards):
        sc.put(0, FILLER + k, "hand")
    sc.stack_deck(0, [FLARE if climax else PLAIN, FILLER + 5, FILLER + 6, FILLER + 7])
    g = sc.game()
    _act(g, "End the main phase")
    hand, wr = _n(g, "HAND"), _n(g, "WR")
    _act(g, "Direct attack with Digger")  # the ability is played without a cost: no question before the mill
    assert _n(g, "WR") == wr + 2
    if not climax:  # no climax among those cards: the cost is not paid, nothing drawn
        assert not any(t.startswith("Use") for t in _labels(g)) and _n(g, "HAND") == hand
        return
    _act(g, "Use" if pay else "Decline")
    if pay and hand_cards:
        _act(g, "Choose Filler 0")  # the card of the cost
        assert _n(g, "HAND") == hand - 1 + 2 and _n(g, "WR") == wr + 3
    else:  # declined, or an empty hand pays nothing (CR 8.4.2.2): no draw
        assert _n(g, "HAND") == hand and _n(g, "WR") == wr + 2


def test_an_event_grants_a_limited_ability_about_the_character_that_gets_it(pool):
    # "this card" in the granted ability is the character that gets it (compiled for a character, not the event)
    (row,) = [g for g in pool.granted if g.once_per_turn and g.trigger == "attacks_self"]
    assert [o.op for o in row.effect] == ["target_self", "power"]
    sc = _scenario(pool)
    me = sc.put(0, PLAIN, "stage", pos=1)
    sc.put(1, FILLER, "stage", pos=1)  # faces it: the attack stops at the opponent's counter step
    sc.put(0, BOOST, "hand")
    g = sc.game()
    _act(g, "Play event Boost")
    _act(g, "Choose own center middle")
    _act(g, "End the main phase")
    _act(g, "Frontal attack")
    assert kit.power(g, me) == 4000, _labels(g)
