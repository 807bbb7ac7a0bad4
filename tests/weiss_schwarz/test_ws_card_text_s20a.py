"""Weiss Schwarz card text, session 20 (branch s20-wsa): made-up lines in the card language compiled, and on a
small imported list what the engine does with them: the battle opponent's level beside "in battle", the level of
the character facing this card, what Encore does written without the keyword (granted or printed), characters
that cannot be returned to hand or put into memory, both players' waiting rooms returned to their decks."""

from __future__ import annotations

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


_ENCORE_TEXT = ("\"【AUTO】 When this card is put into your waiting room from the stage, you may return this card to its "
                "previous stage position as 【REST】.\"")
_GUARD_TEXT = "\"【CONT】 This card cannot be returned to hand or put into memory.\""
(PLAIN, BIG0, BIG2, SENDER, FACER, RETURNER, KEEPER, GUARD, BOUNCER, STASHER, SELFMEM, TIDE, CHOOSER,
 NOSIDE, AVENGER) = range(15)
RECORDS = [
    _rec("T/S20-001", "Plain"),
    _rec("T/S20-002", "Big Zero", power="9000"),
    _rec("T/S20-003", "Big Two", level="2", power="9000"),
    # the battle opponent's level beside "in battle" (CR 3.6.5 / 7.7)
    _rec("T/S20-004", "Sender", ["【AUTO】 When this card becomes 【REVERSE】 in battle, if this card's battle opponent is "
                                 "level 0 or lower, you may put that character at the bottom of your opponent's deck."]),
    # the level of the character facing this card (CR 3.6.5)
    _rec("T/S20-005", "Facer", ["【AUTO】 When this card attacks, if the level of the character facing this card is 2, "
                                "this card gets +6000 power until end of turn."]),
    # what Encore does (CR 10.2.2) without the keyword: printed, and granted until end of turn
    _rec("T/S20-006", "Returner", ["【AUTO】 When this card is put into your waiting room from the stage, you may put "
                                   "this card in its previous stage position as 【REST】."]),
    _rec("T/S20-007", "Keeper", ["【ACT】 [(1)] This card gets the following ability until end of turn. " + _ENCORE_TEXT]),
    # cannot be returned to hand or put into memory
    _rec("T/S20-008", "Guard", ["【ACT】 [【REST】 this card] Choose 1 of your characters, and that character gets the "
                                "following ability until end of turn. " + _GUARD_TEXT]),
    _rec("T/S20-009", "Bouncer", ["【ACT】 [【REST】 this card] Choose 1 of your other characters, and return it to your "
                                  "hand."]),
    _rec("T/S20-010", "Stasher", ["【ACT】 [【REST】 this card] Choose 1 of your other characters, and put it into your "
                                  "memory."]),
    _rec("T/S20-011", "Self Memory", ["【ACT】 [Put this card into your memory] Draw 1 card."]),
    # each player's waiting room to his or her deck
    _rec("T/S20-012", "Tide", ["Each player returns all cards in the waiting room to his or her deck. Each player "
                               "shuffles his or her deck afterwards."], type="Event"),
    # one of the following abilities, granted to this card
    _rec("T/S20-013", "Chooser", ["【ACT】 [(1)] Choose 1 of the following abilities, and this card gets that ability "
                                  "until end of turn. \"【AUTO】 When this card attacks, this card gets +3000 power until "
                                  "end of turn.\" \"【AUTO】 When this card attacks, this card gets +2 soul until end of "
                                  "turn.\""]),
    # a restriction on this card and on the character facing it (CR 3.6.5)
    _rec("T/S20-014", "No Side", ["【CONT】 If your hand has 1 or more cards, this card gets +1500 power and the "
                                  "following ability. \"【CONT】 This card and the character facing this card cannot "
                                  "side attack.\""]),
    # the battle opponent's level against a count of the waiting room (CR 3.6.5)
    _rec("T/S20-015", "Avenger", ["【AUTO】 When this card becomes 【REVERSE】, if this card's battle opponent is level X "
                                  "or lower, you may 【REVERSE】 that character. X is equal to the number of \"Plain\" "
                                  "in your waiting room."]),
]  # fmt: skip
RECORDS += [_rec(f"T/S20-F{i:02d}", f"Filler {i}", traits=("Sand",)) for i in range(12)]
FILLER = len(RECORDS) - 12
NO_CLIMAX = [FILLER + 8, FILLER + 9, FILLER + 10, FILLER + 11]  # four different cards (Scenario.stack_deck)


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws20a", RECORDS)


def _scenario(pool, **kw):
    return kit.main_phase(pool, len(RECORDS), FILLER, extra=(PLAIN, PLAIN), **kw)


_n, _labels, _act, _orient = kit.count, kit.labels, kit.act, kit.orient


def _choose(g, name, limit=10):
    """Answer the decisions until nothing resolves: the one naming ``name`` ("... (Plain) ..."), else the first."""
    for _ in range(limit):
        if kit.resolved(g):
            return
        labels = _labels(g)
        _act(g, next((t for t in labels if f"({name})" in t), labels[0]))
    raise AssertionError("not resolved")


def _battle(g, until, limit=40):
    """Plays the attack on: uses / accepts what is offered, passes the counter step, until ``until(g)``."""
    for _ in range(limit):
        if until(g) or g.done:
            return
        labels = _labels(g)
        pick = [t for t in labels if t.startswith(("Use", "Yes"))] or [t for t in labels if t.startswith(
            ("Pass", "No counter", "Decline"))] or labels
        _act(g, pick[0])


# ---------------------------------------------------------------------------- the battle opponent (CR 3.6.5)
def test_in_battle_with_a_battle_opponent_condition_compiles_exact():
    r = _c(RECORDS[SENDER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    # the battle opponent's level holds only in battle: the condition is kept, "in battle" is not dropped
    assert ab["trigger"] == "reversed_self" and ab["condition"] == {"kind": "battle_opp_level_at_most", "value": 0}
    assert [o["op"] for o in ab["effect"][0]["then"]] == ["target_battle_opp", "to_deck_bottom"]
    r = _c(RECORDS[SENDER]["ability"][0].replace("level 0 or lower", "cost 0 or lower"))
    assert r.verdict == "exact" and r.abilities[0]["condition"]["kind"] == "battle_opp_cost_at_most"
    # another condition beside "in battle": both in the condition slot since session 21 (test_ws_card_text_s21b)
    r = _c("【AUTO】 When this card becomes 【REVERSE】 in battle, if your level is 1 or higher, draw 1 card.")
    assert r.verdict == "exact" and r.abilities[0]["condition"] == {"kind": "level_at_least", "value": 1,
                                                                    "in_battle": True}


@pytest.mark.parametrize("attacker", [BIG0, BIG2])
def test_cr_3_6_5_the_reversed_card_sends_a_level_0_battle_opponent_to_the_bottom_of_the_deck(pool, attacker):
    sc = _scenario(pool)
    me = sc.put(0, SENDER, "stage", pos=0)
    theirs = sc.put(1, attacker, "stage", pos=2)  # faces it (CR 3.6.5)
    sc.stack_deck(0, NO_CLIMAX)
    sc.stack_deck(1, NO_CLIMAX)
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Frontal attack")  # 3000 against 9000: this card becomes [REVERSE] (CR 7.7.1.1)
    _battle(g, lambda g: _orient(g, me) == K.Orientation.REVERSE and kit.resolved(g))
    assert _orient(g, me) == K.Orientation.REVERSE
    # level 0: "you may put that character at the bottom of your opponent's deck"; level 2: the condition fails
    if attacker == BIG0:
        assert kit.zone_of(g, theirs) == K.Zone.DECK
        assert int(g.state[S.DECK_L + 1 * K.MAX_DECK]) == theirs  # the deck's bottom card
    else:
        assert kit.zone_of(g, theirs) == K.Zone.STAGE


def test_battle_opponent_level_x_or_lower_with_a_waiting_room_count_compiles_exact():
    r = _c(RECORDS[AVENGER]["ability"][0].replace("Plain", "Tester"))
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["condition"] == {"kind": "battle_opp_level_at_most_wr", "value": 0,
                               "filter": {"name": "Tester", "zone": "waiting_room"}}
    assert ab["effect"] == [{"op": "may", "then": [{"op": "target_battle_opp"}, {"op": "reverse"}]}]
    # no count of X, or X times N: refused
    assert _c(RECORDS[AVENGER]["ability"][0].split(" X is")[0]).verdict == "unsupported"
    assert _c(RECORDS[AVENGER]["ability"][0].replace("in your waiting room.", "in your waiting room x 2.")
              ).verdict == "unsupported"


@pytest.mark.parametrize("plain", [1, 2])
def test_cr_3_6_5_the_battle_opponent_of_level_x_or_lower_x_the_waiting_room_count(pool, plain):
    sc = _scenario(pool)
    me = sc.put(0, AVENGER, "stage", pos=0)
    theirs = sc.put(1, BIG2, "stage", pos=2)  # level 2, faces it (CR 3.6.5)
    for _ in range(plain):
        sc.put(0, PLAIN, "waiting_room")
    sc.put(0, BIG0, "waiting_room")  # another card: not counted
    sc.stack_deck(0, NO_CLIMAX)
    sc.stack_deck(1, NO_CLIMAX)
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Frontal attack")  # 3000 against 9000: this card becomes [REVERSE]
    _battle(g, lambda g: _orient(g, me) == K.Orientation.REVERSE and kit.resolved(g))
    assert _orient(g, me) == K.Orientation.REVERSE
    assert _orient(g, theirs) == (K.Orientation.REVERSE if plain >= 2 else K.Orientation.STAND)


# ---------------------------------------------------------------------------- the character facing this card (CR 3.6.5)
def test_the_level_of_the_character_facing_this_card_is_n_compiles_exact():
    r = _c(RECORDS[FACER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "facing_level_is", "value": 2}
    r2 = _c(RECORDS[FACER]["ability"][0].replace("the level of the character facing this card is 2",
                                                 "the character facing this card is level 2"))
    assert r2.abilities == r.abilities


@pytest.mark.parametrize("defender, bonus", [(BIG2, 6000), (BIG0, 0)])
def test_cr_3_6_5_power_when_the_character_facing_this_card_is_level_n(pool, defender, bonus):
    sc = _scenario(pool)
    me = sc.put(0, FACER, "stage", pos=0)
    sc.put(1, defender, "stage", pos=2)
    sc.stack_deck(0, NO_CLIMAX)
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Frontal attack")
    _battle(g, lambda g: kit.resolved(g) and kit.power(g, me) != 3000, limit=3)
    assert kit.power(g, me) == 3000 + bonus


# ---------------------------------------------------------------------------- Encore's text without the keyword (CR 10.2.2)
def test_return_this_card_to_its_previous_stage_position_compiles_without_the_encore_keyword():
    r = _c(RECORDS[RETURNER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert "keyword" not in ab and ab["trigger"] == "to_wr_from_stage_self"
    assert ab["effect"] == [{"op": "may", "then": [{"op": "encore_self"}]}]
    r = _c(RECORDS[KEEPER]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][1] == {"op": "grant_ability", "ability": ab}
    r = _c("Choose up to 2 of your 《Glass》 characters, and they get the following ability until end of turn. "
           + _ENCORE_TEXT, type="event")
    assert r.verdict == "exact", r.reason
    # after another trigger (no previous stage position): refused
    assert _c("【AUTO】 When this card attacks, you may put this card in its previous stage position as 【REST】."
              ).verdict == "unsupported"


@pytest.mark.parametrize("card, use", [(RETURNER, None), (KEEPER, True), (KEEPER, False)])
def test_cr_10_2_2_the_reversed_card_returns_to_its_previous_position_rested(pool, card, use):
    sc = _scenario(pool)
    me = sc.put(0, card, "stage", pos=1)
    sc.put(1, BIG0, "stage", pos=1)  # faces it: this card becomes [REVERSE]
    sc.put(0, FILLER, "stock")  # Keeper's cost; no Encore [3] (CR 10.2.3) to pay
    sc.stack_deck(0, NO_CLIMAX)
    sc.stack_deck(1, NO_CLIMAX)
    g = sc.game()
    if use:
        _act(g, "Use ability 0 of Keeper")
        kit.answer_yes(g, True)
    _act(g, "End the main phase")
    _act(g, "Frontal attack")
    _battle(g, lambda g: _orient(g, me) == K.Orientation.REVERSE)
    for _ in range(20):  # the encore step (CR 7.8): the reversed card into the waiting room, its ability
        if kit.zone_of(g, me) == K.Zone.WAITING_ROOM or int(g.state[S.TURN_PLAYER]) == 1:
            break
        labels = _labels(g)
        _act(g, ([t for t in labels if t.startswith("Put reversed")] or labels)[0])
    kit.answer_yes(g, True)
    if card == RETURNER or use:
        assert kit.zone_of(g, me) == K.Zone.STAGE and int(g.state[S.POS + me * S.CARD_W]) == 1
        assert _orient(g, me) == K.Orientation.REST
    else:
        assert kit.zone_of(g, me) == K.Zone.WAITING_ROOM


# ---------------------------------------------------------------------------- cannot be returned to hand / put into memory
def test_cannot_be_returned_to_hand_or_put_into_memory_compiles_to_restrictions():
    r = _c(RECORDS[GUARD]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][1] == {"op": "restrict", "restrictions": ["cant_to_hand", "cant_to_memory"]}
    r = _c("【AUTO】 When this card is placed on the stage from your hand, choose 1 of your opponent's characters, and "
           "that character gets the following ability until the end of your opponent's next turn. \"【CONT】 This card "
           "cannot move to another position of the stage and cannot be returned to hand.\"")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][1] == {"op": "restrict", "restrictions": ["cant_move", "cant_to_hand"],
                                           "duration": "next_opp_turn_end"}
    r = _c("【CONT】 The character facing this card cannot move to another position of the stage or be put into memory.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["restrictions"] == ["cant_move", "cant_to_memory"]


@pytest.mark.parametrize("mover, guarded", [(BOUNCER, True), (BOUNCER, False), (STASHER, True), (STASHER, False)])
def test_a_character_that_cannot_be_returned_to_hand_or_put_into_memory_stays_on_the_stage(pool, mover, guarded):
    sc = _scenario(pool)
    sc.put(0, GUARD, "stage", pos=0)
    sc.put(0, mover, "stage", pos=1)
    target = sc.put(0, PLAIN, "stage", pos=2)
    g = sc.game()
    if guarded:
        _act(g, "Use ability 0 of Guard")
        _choose(g, "Plain")
        assert int(g.state[S.D_RST + target * S.CARD_W]) & K.RESTRICT_CANT_TO_HAND
    _act(g, f"Use ability 0 of {RECORDS[mover]['name']}")
    _choose(g, "Plain")
    moved = K.Zone.HAND if mover == BOUNCER else K.Zone.MEMORY
    assert kit.zone_of(g, target) == (K.Zone.STAGE if guarded else moved)


@pytest.mark.parametrize("guarded", [True, False])
def test_cr_8_4_2_a_character_that_cannot_be_put_into_memory_cannot_pay_that_cost(pool, guarded):
    sc = _scenario(pool)
    sc.put(0, GUARD, "stage", pos=0)
    sc.put(0, SELFMEM, "stage", pos=1)
    g = sc.game()
    if guarded:
        _act(g, "Use ability 0 of Guard")
        _choose(g, "Self Memory")
    assert any(t.startswith("Use ability 0 of Self Memory") for t in _labels(g)) != guarded


# ---------------------------------------------------------------------------- each player's waiting room (CR 3.2.4)
def test_each_player_returns_the_waiting_room_to_the_deck_compiles_exact():
    r = _c(RECORDS[TIDE]["ability"][0], type="event")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "wr_to_deck"}, {"op": "wr_to_deck", "who": "opponent"},
                                        {"op": "shuffle_deck"}, {"op": "shuffle_deck", "who": "opponent"}]


def test_each_player_returns_all_cards_in_the_waiting_room_to_his_or_her_deck(pool):
    sc = _scenario(pool)
    ev = sc.put(0, TIDE, "hand")
    for p, n in ((0, 2), (1, 3)):
        for k in range(n):
            sc.put(p, FILLER + k, "waiting_room")
    g = sc.game()
    decks = _n(g, "DECK", 0), _n(g, "DECK", 1)
    _act(g, "Play event Tide")
    kit.answer_yes(g, True)
    assert (_n(g, "WR", 0), _n(g, "WR", 1)) == (1, 0)  # the event itself, after it resolved
    assert kit.zone_of(g, ev) == K.Zone.WAITING_ROOM
    assert (_n(g, "DECK", 0), _n(g, "DECK", 1)) == (decks[0] + 2, decks[1] + 3)


# ---------------------------------------------------------------------------- one of the following abilities (CR 8.2.1.2)
def test_choose_one_of_the_following_abilities_compiles_to_a_choice_of_grants():
    r = _c(RECORDS[CHOOSER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (choice,) = r.abilities[0]["effect"]
    assert choice["op"] == "choose_one" and len(choice["options"]) == 2
    for opt, gain in zip(choice["options"], ({"op": "power", "amount": 3000}, {"op": "soul", "amount": 2})):
        assert opt == [{"op": "target_self"}, {"op": "grant_ability", "ability": {
            "kind": "auto", "trigger": "attacks_self", "effect": [{"op": "target_self"}, gain]}}]
    # until the end of the opponent's next turn: each grant carries the duration
    r = _c(RECORDS[CHOOSER]["ability"][0].replace("that ability until end of turn",
                                                  "that ability until the end of your opponent's next turn"))
    assert r.verdict == "exact", r.reason
    assert all(o[1]["duration"] == "next_opp_turn_end" for o in r.abilities[0]["effect"][0]["options"])
    # two of them: refused
    assert _c(RECORDS[CHOOSER]["ability"][0].replace("Choose 1", "Choose 2")).verdict == "unsupported"


@pytest.mark.parametrize("option", [0, 1])
def test_the_chosen_ability_is_the_one_this_card_gets(pool, option):
    sc = _scenario(pool)
    me = sc.put(0, CHOOSER, "stage", pos=0)
    sc.put(1, PLAIN, "stage", pos=2)  # faces it (CR 3.6.5)
    sc.put(0, FILLER, "stock")
    g = sc.game()
    _act(g, "Use ability 0 of Chooser")
    for _ in range(10):  # "this one?" for the first option (CHOOSE_OPTIONAL): yes for option 0; the last is the rest
        if kit.resolved(g):
            break
        if int(g.state[S.DEC_ARG + 1]) == K.ChoiceFor.CHOOSE_OPTIONAL:
            g.step(int(K.PASS) if option == 1 else int(next(a for a in g.legal_actions() if a != K.PASS)))
        else:
            labels = _labels(g)
            _act(g, ([t for t in labels if t.startswith(("Use", "Pay"))] or labels)[0])
    soul = int(g.state[S.D_SOUL + me * S.CARD_W])
    _act(g, "End the main phase")
    _act(g, "Frontal attack")  # its [AUTO] ability triggers, resolves before the counter step (CR 7.2.1.6)
    _battle(g, lambda g: kit.resolved(g), limit=3)
    assert int(g.state[S.TURN_PLAYER]) == 0
    assert kit.power(g, me) == 3000 + (3000 if option == 0 else 0)
    assert int(g.state[S.D_SOUL + me * S.CARD_W]) == soul + (2 if option == 1 else 0)


# ---------------------------------------------------------------------------- this card and the character facing it
def test_this_card_and_the_character_facing_this_card_cannot_compiles_to_both_restrictions():
    r = _c("【CONT】 This card and the character facing this card cannot side attack.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [
        {"op": "aura_restrict", "restrictions": ["cant_side"], "filter": {"type": "character", "relation": "self"}},
        {"op": "aura_restrict", "restrictions": ["cant_side"],
         "filter": {"type": "character", "side": "opponent", "relation": "facing"}}]
    r = _c(RECORDS[NOSIDE]["ability"][0])
    assert r.verdict == "exact", r.reason
    assert r.abilities[1]["condition"] == {"kind": "hand_at_least", "value": 1}


@pytest.mark.parametrize("hand", [True, False])
def test_this_card_and_the_character_facing_it_cannot_side_attack_under_the_condition(pool, hand):
    sc = _scenario(pool)
    me = sc.put(0, NOSIDE, "stage", pos=0)
    theirs = sc.put(1, PLAIN, "stage", pos=2)  # faces it (CR 3.6.5)
    other = sc.put(1, PLAIN, "stage", pos=1)  # faces another position
    if hand:
        sc.put(0, PLAIN, "hand")
    g = sc.game()
    if not hand:
        assert _n(g, "HAND") == 0
    rst = [int(g.state[S.D_RST + sl * S.CARD_W]) & K.RESTRICT_CANT_SIDE for sl in (me, theirs, other)]
    assert [bool(r) for r in rst] == [hand, hand, False]
    assert kit.power(g, me) == 3000 + 1500 * hand
