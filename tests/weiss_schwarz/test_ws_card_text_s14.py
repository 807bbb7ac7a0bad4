"""Weiss Schwarz card text, session 14 pieces: made-up lines in the card language compiled, and on a small
imported list what the engine does with them ("cannot use Encore", CR 10.2; "this card cannot be played
from your hand", CR 8.6.2.1; ...)."""

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


(PLAIN, FLARE, SHACKLED, JAILER, GUARDED, WEAK, LOCKER, BULLY, HELPER, CHOOSER, STOPPER, PICKER, WARDEN) = range(13)
RECORDS = [
    _rec("T/S14-001", "Plain"),
    _rec("T/S14-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S14-003", "Shackled", ["【AUTO】 Encore [Put 1 character from your hand into your waiting room]",
                                   "【CONT】 This card cannot use \"【AUTO】 Encore\"."]),
    _rec("T/S14-004", "Jailer", ["【AUTO】 When this card attacks, your opponent cannot use \"【AUTO】 Encore\" until end "
                                 "of turn. (Your opponent cannot use the \"【AUTO】 Encore [(3)]\" rule either)"],
         power="9000"),
    _rec("T/S14-005", "Guarded", ["If you do not have a 《Glass》 character, this card cannot be played from your hand. "
                                  "Draw 1 card."], type="Event"),
    _rec("T/S14-006", "Weak", [], power="1000", traits=("Wood",)),
    _rec("T/S14-007", "Locker", ["【CONT】 You cannot play events or \"Backup\" from your hand."]),
    _rec("T/S14-008", "Bully", ["【CONT】 During this card's battle, your opponent cannot play \"Backup\" from their hand."],
         power="2000"),
    _rec("T/S14-009", "Helper", ["【ACT】 【COUNTER】 Backup 3000, Level 0 [Put this card from your hand into your waiting "
                                 "room]"], traits=("Wood",)),
    _rec("T/S14-010", "Chooser", ["【AUTO】 When this card is placed on the stage from your hand, choose 1 of the following "
                                  "effects, and perform it. \"Draw 1 card.\" \"Put the top card of your deck into your "
                                  "stock.\" \"Choose 1 of your opponent's characters, and that character gets -1000 power "
                                  "until end of turn.\""]),
    _rec("T/S14-011", "Stopper", ["【COUNTER】 Choose 1 character in battle, and that character gets the following ability "
                                  "until end of turn. \"【CONT】 This card cannot deal damage to a player.\""], type="Event"),
    # the options as the next entries of the database (importer: join_options)
    _rec("T/S14-012", "Picker", ["Choose 1 of the following effects, and perform it.", "\"Draw 1 card.\"",
                                 "\"You may choose 1 \"Plain\" in your waiting room, and return it to your hand.\""],
         type="Event"),
    _rec("T/S14-013", "Warden", ["【AUTO】 When this card or this card's battle opponent becomes 【REVERSE】, that character "
                                 "cannot use \"【AUTO】 Encore\" until end of turn. (The \"【AUTO】 Encore [(3)]\" rule cannot "
                                 "be used either)"], power="2000"),
]  # fmt: skip
# vanilla fillers: a deck has at most 4 cards of a name (CR 5.1.2.2)
RECORDS += [_rec(f"T/S14-F{i:02d}", f"Filler {i}", traits=("Wood",)) for i in range(12)]
FILLER = 13


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws14", RECORDS)


def _scenario(pool, **kw):
    deck = kit.deck_of(len(RECORDS), FLARE)
    return Scenario.main_phase(pool, decks=(deck, deck), **kw)


_n, _labels, _act = kit.count, kit.labels, kit.act


def _zone(g, slot) -> int:
    return int(g.state[S.ZONE + slot * S.CARD_W])


def _stock(sc, player, n):
    for k in range(n):
        sc.put(player, FILLER + k, "stock")


# ---------------------------------------------------------------------------- "cannot use Encore" (CR 10.2)
def test_cannot_use_encore_compiles():
    r = _c(RECORDS[SHACKLED]["ability"][1])
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["restrictions"] == ["no_encore"]
    r = _c(RECORDS[JAILER]["ability"][0])
    assert r.verdict == "approximate" and r.approximations == ("player_no_encore_on_stage",), r.reason
    r = _c("【AUTO】 When this card attacks, choose 1 of your opponent's characters, and that character cannot side "
           "attack until end of turn.")
    assert r.verdict == "exact" and r.abilities[0]["effect"][-1]["restrictions"] == ["cant_side"], r.reason


@pytest.mark.parametrize("card", [PLAIN, SHACKLED])
def test_cr_10_2_a_character_that_cannot_use_encore_is_offered_no_encore(pool, card):
    sc = _scenario(pool)
    me = sc.put(0, card, "stage", pos=0, orient=K.Orientation.REVERSE)
    _stock(sc, 0, 3)
    sc.put(0, PLAIN, "hand")  # the printed Encore's cost could be paid
    sc.flow("encore")
    g = sc.game()
    _act(g, "Put reversed")
    labels = _labels(g)
    if card == PLAIN:  # CR 10.2.3: every character has Encore [3]
        _act(g, "Pay Encore [3]")
        assert _zone(g, me) == K.Zone.STAGE and int(g.state[S.ORIENT + me * S.CARD_W]) == K.Orientation.REST
        return
    # neither the rules' Encore [3] nor its printed Encore is offered: it stays in the waiting room
    assert not any(t.startswith("Pay Encore") or t.startswith("Use Shackled") for t in labels), labels
    assert _zone(g, me) == K.Zone.WAITING_ROOM and _n(g, "STOCK") == 3


@pytest.mark.parametrize("attacker, defender", [(JAILER, WEAK), (WARDEN, WEAK), (WARDEN, PLAIN)])
def test_cr_10_2_the_reversed_character_cannot_use_encore_after_the_attack(pool, attacker, defender):
    # Jailer: "your opponent cannot use Encore" when it attacks; Warden: "when this card or this card's battle
    # opponent becomes [REVERSE], that character cannot use Encore" (the Weak loses to it, it loses to the Plain)
    sc = _scenario(pool)
    mine = sc.put(0, attacker, "stage", pos=0)
    theirs = sc.put(1, defender, "stage", pos=2)  # faces it (CR 3.6.5)
    _stock(sc, 0, 3)
    _stock(sc, 1, 3)
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Frontal attack")
    if attacker == JAILER:
        assert int(g.state[S.D_RST + theirs * S.CARD_W]) & K.RESTRICT_NO_ENCORE
    weak = mine if defender == PLAIN else theirs  # the one that becomes [REVERSE]
    name = RECORDS[attacker if defender == PLAIN else defender]["name"]
    for _ in range(40):  # the counter step, the battle (the Weak is reversed), the encore step
        if _zone(g, weak) != K.Zone.STAGE or g.done:
            break
        labels = _labels(g)
        assert not any(t.startswith("Pay Encore") for t in labels), labels
        pick = [t for t in labels if t.startswith(f"Put reversed {name}")] or [t for t in labels if t.startswith(
            ("Pass", "End", "Decline", "No counter"))] or labels
        _act(g, pick[0])
    assert _zone(g, weak) == K.Zone.WAITING_ROOM
    assert not any(t.startswith("Pay Encore") for t in _labels(g))


# ---------------------------------------------------------------------------- a play restriction (CR 8.6.2.1)
def test_play_restriction_compiles_to_a_hand_ability():
    r = _c(RECORDS[GUARDED]["ability"][0], type="event")
    assert r.verdict == "exact", r.reason
    cont, event = r.abilities
    assert cont["zone"] == "hand" and cont["effect"][0]["restrictions"] == ["cant_play"]
    assert cont["condition"] == {"kind": "own_filter_at_most", "value": 0,
                                 "filter": {"type": "character", "trait": "Glass"}}
    assert event["kind"] == "event"


@pytest.mark.parametrize("glass", [True, False])
def test_cr_8_6_2_1_an_event_that_cannot_be_played_without_a_trait(pool, glass):
    sc = _scenario(pool)
    sc.put(0, PLAIN if glass else WEAK, "stage", pos=0)
    sc.put(0, GUARDED, "hand")
    g = sc.game()
    playable = any(t.startswith("Play event Guarded") for t in _labels(g))
    assert playable == glass, _labels(g)
    if glass:
        hand = _n(g, "HAND")
        _act(g, "Play event Guarded")
        assert _n(g, "HAND") == hand - 1 + 1  # the event left the hand, its draw came in


# ---------------------------------------------------------------------------- "you cannot play events / Backup"
def test_play_locks_compile():
    r = _c(RECORDS[LOCKER]["ability"][0])
    assert r.verdict == "exact" and r.abilities[0]["effect"][0]["restrictions"] == ["no_backup_you", "no_events_you"]
    r = _c("【AUTO】 When this card is placed on the stage from your hand, this card gets +4500 power and the following "
           "ability until the end of your opponent's next turn. \"【CONT】 During this card's battle, all players cannot "
           "play \"Backup\" from their hands.\"")  # the quotes inside a quoted ability (normalise)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][-1] == {"op": "restrict", "restrictions": ["battle_no_backup_you",
                                            "battle_no_backup_opp"], "duration": "next_opp_turn_end"}


@pytest.mark.parametrize("locker", [True, False])
def test_cr_6_5_1_2_you_cannot_play_events_while_the_locker_is_on_the_stage(pool, locker):
    sc = _scenario(pool)
    sc.put(0, LOCKER if locker else PLAIN, "stage", pos=0)  # both <<Glass>>: Guarded's own condition holds
    sc.put(0, GUARDED, "hand")
    g = sc.game()
    assert any(t.startswith("Play event Guarded") for t in _labels(g)) != locker, _labels(g)


@pytest.mark.parametrize("attacker", [BULLY, PLAIN])
def test_cr_10_5_no_backup_during_the_bullys_battle(pool, attacker):
    sc = _scenario(pool)
    sc.put(0, attacker, "stage", pos=0)
    weak = sc.put(1, WEAK, "stage", pos=2)  # faces it
    sc.put(1, HELPER, "hand")
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Frontal attack")
    offered = False
    for _ in range(10):  # up to the counter step (none is asked when the defender has nothing to play)
        labels = _labels(g)
        offered = offered or any(t.startswith("Counter with Helper") for t in labels)
        if offered or any(t.startswith("No counter") for t in labels) or not labels:
            break
        g.step(int(g.legal_actions()[0]))
    assert offered == (attacker != BULLY), _labels(g)
    if attacker == BULLY:  # the battle came: the Weak (1000) lost to the Bully (2000) with no Backup (CR 7.6)
        assert int(g.state[S.ORIENT + weak * S.CARD_W]) == K.Orientation.REVERSE or _zone(g, weak) != K.Zone.STAGE


# ---------------------------------------------------------------------------- "choose 1 of the following effects"
def test_choose_one_of_the_following_effects_compiles():
    r = _c(RECORDS[CHOOSER]["ability"][0])
    assert r.verdict == "exact", r.reason
    (op,) = r.abilities[0]["effect"]
    assert op["op"] == "choose_one" and [o[-1]["op"] for o in op["options"]] == ["draw", "pool", "power"]


@pytest.mark.parametrize("option", [0, 1, 2])
def test_choose_1_of_the_following_effects_performs_the_chosen_one_only(pool, option):
    sc = _scenario(pool)
    sc.put(0, CHOOSER, "hand")
    weak = sc.put(1, WEAK, "stage", pos=0)
    g = sc.game()
    hand, stock = _n(g, "HAND"), _n(g, "STOCK")
    _act(g, "Play Chooser")
    for k in range(option + 1):  # "this one?" for each option before the last: yes on the chosen one
        if k == 2:
            break
        assert int(g.state[S.DEC_ARG + 1]) == K.ChoiceFor.CHOOSE_OPTIONAL
        g.step(int(K.PASS) if k < option else int(next(a for a in g.legal_actions() if a != K.PASS)))
    if option == 2:
        _act(g, "Choose")  # the opponent's character
    assert _n(g, "HAND") == hand - 1 + (option == 0)
    assert _n(g, "STOCK") == stock + (option == 1)
    assert kit.power(g, weak) == 1000 - 1000 * (option == 2)


# ---------------------------------------------------------------------------- "cannot deal damage to a player"
@pytest.mark.parametrize("counter", [True, False])
def test_cr_7_5_1_2_a_character_in_battle_that_cannot_deal_damage(pool, counter):
    r = _c(RECORDS[STOPPER]["ability"][0], type="event")
    assert r.verdict == "approximate" and r.approximations == ("no_damage_attack_only",), r.reason
    sc = _scenario(pool)
    sc.put(0, PLAIN, "stage", pos=0)
    sc.put(1, WEAK, "stage", pos=2)  # faces it
    sc.put(1, STOPPER, "hand")
    sc.stack_deck(1, [FILLER + k for k in range(3)])  # no climax: the damage is not canceled
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Frontal attack")
    clock = _n(g, "CLOCK", 1)
    if counter:
        _act(g, "Counter with Stopper")
        _act(g, "Choose opp")  # the attacking character (the opponent's, as P1 sees it)
    else:
        _act(g, "No counter")
    for _ in range(5):  # past the damage and battle steps, to P0's next decision
        if int(g.state[S.STEP]) not in (K.AttackStep.COUNTER, K.AttackStep.DAMAGE):
            break
        g.step(int(g.legal_actions()[0]))
    assert _n(g, "CLOCK", 1) == clock + (0 if counter else 1)


@pytest.mark.parametrize("option", [0, 1])
def test_choose_1_of_the_following_effects_with_the_options_on_the_next_entries(pool, option):
    sc = _scenario(pool)
    sc.put(0, PICKER, "hand")
    plain = sc.put(0, PLAIN, "waiting_room")
    g = sc.game()
    hand = _n(g, "HAND")
    _act(g, "Play event Picker")
    g.step(int(next(a for a in g.legal_actions() if a != K.PASS)) if option == 0 else int(K.PASS))
    if option == 1:  # the second option: "you may choose 1 "Plain" in your waiting room" (its quotes inside)
        g.step(int(next(a for a in g.legal_actions() if a != K.PASS)))  # yes
        _act(g, "Choose")
        assert _zone(g, plain) == K.Zone.HAND
    assert _n(g, "HAND") == hand - 1 + 1
