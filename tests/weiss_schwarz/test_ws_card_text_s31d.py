"""Weiss Schwarz card text, session 31 (branch s31-d2): "choose another character" / "choose 1 other character", a
character of either player's stage other than this card (CR 7.1.4: the stage cards of both players are chosen
among); "when you use "Change"" (Trigger.CHANGE_USED after a Change ability resolved, CR 10.8 as Accelerate's
CR 10.12.3). Made-up lines in the card language, imported, and what the engine does with them."""

from __future__ import annotations

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.card_text import compile_line

import ws_card_text_kit as kit

_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


_CHANGER = ("【AUTO】 Change [(1) Put this card into your waiting room] At the beginning of your climax phase, you may "
            "pay the cost. If you do, choose a card named \"Plain\" in your waiting room, and put it on the stage "
            "position that this card was on.")
_WATCHER = '【AUTO】 When you use "Change", this card gets +2000 power until end of turn.'
_RESONATOR = ("【AUTO】 Resonate [Reveal 1 \"Plain\" in your hand] At the beginning of your climax phase, you may pay "
              "the cost. If you do, this card gets +1000 power until end of turn.")
_LISTENER = '【AUTO】 When you use "Resonate", this card gets +2000 power until end of turn.'
_CHEER = "【AUTO】 When your character direct attacks, this card gets +2000 power until end of turn."
PLAIN, FLARE, PICKER, CHANGER, WATCHER, RESONATOR, LISTENER, CHEER = range(8)
RECORDS = [
    _rec("T/S31D-001", "Plain"),
    _rec("T/S31D-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S31D-003", "Picker", ["【ACT】 [【REST】 this card] Choose 1 other character, and that character gets +1000 "
                                  "power until end of turn."]),
    _rec("T/S31D-004", "Changer", [_CHANGER]),
    _rec("T/S31D-005", "Watcher", [_WATCHER]),
    _rec("T/S31D-006", "Resonator", [_RESONATOR]),
    _rec("T/S31D-007", "Listener", [_LISTENER]),
    _rec("T/S31D-008", "Cheer", [_CHEER]),
]  # fmt: skip
RECORDS += [_rec(f"T/S31D-F{i:02d}", f"Filler {i}", traits=("Reed",)) for i in range(12)]


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws31d", RECORDS)


@pytest.mark.parametrize("line", [
    "【ACT】 [【REST】 this card] Choose another character, and that character gets +1 level until end of turn.",
    "【ACT】 [【REST】 this card] Choose 1 other character, and that character gets +1 level until end of turn.",
])
def test_cr_7_1_4_choose_another_character_is_either_player_s_other_character(line):
    r = _c(line)
    assert r.verdict == "exact", r.reason
    ch = r.abilities[0]["effect"][0]
    assert ch["op"] == "choose" and ch["filter"]["side"] == "any" and ch["filter"]["relation"] == "other"


def test_cr_7_1_4_other_character_offers_the_opponent_s_and_not_this_card(pool):
    deck = kit.deck_of(len(RECORDS), FLARE, extra=(PLAIN, PLAIN))
    sc = kit.Scenario.main_phase(pool, decks=(deck, deck))
    me = sc.put(0, PICKER, "stage", pos=0)
    mine = sc.put(0, PLAIN, "stage", pos=1)
    theirs = sc.put(1, PLAIN, "stage", pos=0)
    g = sc.game()
    use = next(t for t in kit.labels(g) if "Picker" in t and not t.startswith(("Move", "End")))
    kit.act(g, use)
    for _ in range(6):  # up to the choice
        d = kit.labels(g)
        if any("Choose" in t or "Target" in t or "Pick" in t for t in d) and len(d) >= 2:
            break
        kit.act(g, d[0])
    d = kit.labels(g)
    assert len(d) == 2 and not any(t.startswith("Choose own center left") for t in d), d  # not this card
    assert any(t.startswith("Choose opponent's") for t in d) and any(t.startswith("Choose own") for t in d), d
    kit.answer_picks(g, ["Choose opponent's"])
    assert kit.power(g, theirs) == 4000
    assert kit.power(g, mine) == 3000 and kit.power(g, me) == 3000


def test_cr_10_8_when_you_use_change_compiles_to_change_used():
    r = _c(_WATCHER)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["trigger"] == "change_used"
    assert _c('【AUTO】 When you use "Brainstorm", this card gets +2000 power until end of turn.').verdict == "unsupported"


@pytest.mark.parametrize("pay", [True, False])
def test_cr_10_8_when_you_use_change_triggers_after_the_change_ability(pool, pay):
    """Changer's Change at the beginning of the climax phase: paid, Plain takes its position and Watcher's "when you
    use "Change"" triggers; declined, the ability is not used (CR 8.7.3.1.1) and nothing triggers."""
    deck = kit.deck_of(len(RECORDS), FLARE, extra=(PLAIN, PLAIN))
    sc = kit.Scenario.main_phase(pool, decks=(deck, deck))
    changer = sc.put(0, CHANGER, "stage", pos=0)
    watcher = sc.put(0, WATCHER, "stage", pos=1)
    sc.put(0, PLAIN, "stage", pos=2)  # an attacker left: the turn waits in the attack phase
    plain = sc.put(0, PLAIN, "waiting_room")
    sc.put(0, FLARE, "stock")  # not a "Plain": the one in the waiting room is chosen
    g = sc.game()
    kit.act(g, "End the main phase")
    kit.answer_yes(g, pay)
    assert kit.zone_of(g, changer) == (K.Zone.WAITING_ROOM if pay else K.Zone.STAGE)
    assert kit.zone_of(g, plain) == (K.Zone.STAGE if pay else K.Zone.WAITING_ROOM)
    assert kit.power(g, watcher) == 3000 + 2000 * pay


@pytest.mark.parametrize("pay", [True, False])
def test_cr_10_13_when_you_use_resonate_triggers_after_the_resonate_ability(pool, pay):
    """Resonator's Resonate (a "Plain" revealed from the hand) at the beginning of the climax phase: paid, Listener's
    "when you use "Resonate"" triggers; declined, nothing triggers."""
    assert _c(_LISTENER).abilities[0]["trigger"] == "resonate_used"
    deck = kit.deck_of(len(RECORDS), FLARE, extra=(PLAIN, PLAIN))
    sc = kit.Scenario.main_phase(pool, decks=(deck, deck))
    res = sc.put(0, RESONATOR, "stage", pos=0)
    listener = sc.put(0, LISTENER, "stage", pos=1)
    sc.put(0, PLAIN, "stage", pos=2)
    sc.put(0, PLAIN, "hand")
    g = sc.game()
    kit.act(g, "End the main phase")
    kit.answer_yes(g, pay)
    assert kit.power(g, res) == 3000 + 1000 * pay
    assert kit.power(g, listener) == 3000 + 2000 * pay


@pytest.mark.parametrize("facing", [False, True])
def test_cr_7_2_1_6_when_your_character_direct_attacks(pool, facing):
    """Plain attacks from the center left: with no character facing it, a direct attack (CR 7.2.1.4.1) and Cheer's
    "when your character direct attacks" triggers; facing one, a frontal attack and nothing triggers."""
    assert _c(_CHEER).abilities[0]["trigger"] == "own_direct_attacks"
    deck = kit.deck_of(len(RECORDS), FLARE, extra=(PLAIN, PLAIN))
    sc = kit.Scenario.main_phase(pool, decks=(deck, deck))
    sc.put(0, PLAIN, "stage", pos=0)
    cheer = sc.put(0, CHEER, "stage", pos=1)
    sc.put(0, PLAIN, "stage", pos=2)  # a second attacker: the turn waits at its attack declaration
    if facing:
        sc.put(1, PLAIN, "stage", pos=0)
    g = sc.game()
    kit.act(g, "End the main phase")
    kit.answer_yes(g, False)
    kit.act(g, "Frontal attack with Plain" if facing else "Direct attack with Plain")
    for _ in range(10):
        if kit.power(g, cheer) != 3000:
            break
        d = kit.labels(g)
        if any(t.startswith(("Direct attack", "Frontal attack", "Side attack")) for t in d):
            break
        kit.act(g, d[0])
    assert kit.power(g, cheer) == 3000 + 2000 * (not facing)


def test_cr_8_6_gains_with_a_restriction_are_both_auras_on_this_card():
    r = _c("【CONT】 If you have 2 or more other 《Glass》 characters, this card gets +1000 power and cannot be chosen by "
           "your opponent's effects.")
    assert r.verdict == "exact", r.reason
    ops = [o["op"] for o in r.abilities[0]["effect"]]
    assert ops == ["aura_power", "aura_restrict"]
    assert r.abilities[0]["effect"][1]["restrictions"] == ["cant_be_chosen"]
    r = _c("【AUTO】 When this card attacks, this card gets +1000 power and cannot side attack until end of turn.")
    assert r.verdict == "exact" and [o["op"] for o in r.abilities[0]["effect"]][-2:] == ["power", "restrict"]
