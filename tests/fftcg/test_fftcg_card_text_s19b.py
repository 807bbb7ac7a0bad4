"""FF-TCG card text, session 19 (branch s19-ffb): damage replacements of a party ("If a Forward forming a party with ~
is dealt damage, the damage becomes 0 instead.", "If ~ forms a party, the damage dealt to ~ / to the Forwards forming
this party becomes 0 instead.": Condition.SELF_IN_PARTY on Op.DAMAGE_MOD_AURA / Op.DAMAGE_MOD), "~ can attack twice in
the same turn." (Op.ATTACK_TWICE, an exception to CR 10.1.2.1.2) and "~ / The DESC you control can form a party with
[DESC] Forwards of any Element." (Op.PARTY_ANY_ELEMENT, exceptions to CR 15.1.1.9.2). Made-up lines played in small
games (the mini-pool helpers of session 13)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tests.fftcg.fftcg_helpers import card_record, do, import_mini, is_legal, pass_until, slot_of
from tests.fftcg.test_fftcg_card_text_s13 import _c
from tests.fftcg.test_fftcg_card_text_s13 import _game as _game13
from tests.fftcg.test_fftcg_card_text_s18b import _cast

GUARD = "If a Forward forming a party with Guard is dealt damage, the damage becomes 0 instead."
SOLO = "If Solo forms a party, the damage dealt to Solo becomes 0 instead."
WALL = "If Wall forms a party, the damage dealt to the Forwards forming this party becomes 0 instead."
TWICE = "Brave[[br]]Twice can attack twice in the same turn."
RAINBOW = "Rainbow can form a party with Forwards of any Element."
PATRON = "The [Job Knight] Forwards you control can form a party with Forwards of any Element."
MENTOR = "The [Job Knight] Forwards you control can form a party with [Job Squire] Forwards of any Element."


def _records():
    rec = card_record("P")

    recs = [
        rec(1, "Guard", "forward", 2, 5000, "Soldier", GUARD),
        rec(2, "Solo", "forward", 2, 5000, "Soldier", SOLO),
        rec(3, "Wall", "forward", 2, 5000, "Soldier", WALL),
        rec(4, "Twice", "forward", 2, 5000, "Soldier", TWICE),
        rec(5, "Rainbow", "forward", 2, 5000, "Soldier", RAINBOW),
        rec(6, "Patron", "backup", 2, 0, "Lord", PATRON),
        rec(7, "Mentor", "backup", 2, 0, "Lord", MENTOR),
        rec(8, "Striker", "forward", 2, 8000, "Soldier", ""),
        rec(9, "Brute", "forward", 2, 5000, "Soldier", "Brave[[br]]Brute must attack once per turn if possible.[[br]]"
            "Brute can attack twice in the same turn."),
        rec(10, "Aqua", "forward", 2, 5000, "Soldier", "", element="water"),
        rec(11, "Frost", "forward", 2, 5000, "Soldier", "", element="ice"),
        rec(12, "Knight", "forward", 2, 5000, "Knight", "", element="water"),
        rec(13, "Squire", "forward", 2, 5000, "Squire", "", element="ice"),
        rec(14, "Gale", "forward", 2, 5000, "Soldier", "", element="wind"),
        rec(15, "Late", "forward", 2, 5000, "Soldier", "Brave[[br]]If your opponent has received 1 point of damage or "
            "more, Late can attack twice in the same turn."),
        rec(17, "Lyse", "backup", 2, 0, "Monk", "If a Forward forming a party you control is dealt damage, the damage "
            "becomes 0 instead."),
        rec(18, "Keeper", "forward", 2, 5000, "Soldier", "The Forwards forming a party with Keeper don't receive any "
            "damage."),
        rec(24, "Pyre", "backup", 2, 0, "Mage", "If your Fire Summon or a Fire Character you control deals damage to a "
            "Forward, the damage increases by 1000 instead."),
        rec(25, "Spark", "backup", 2, 0, "Mage", "If your Summon or an ability of a Character you control deals damage "
            "to a Forward, the damage increases by 1000 instead."),
        rec(26, "Blaze", "summon", 1, 0, "", "Choose 1 Forward. Deal it 3000 damage."),
        rec(27, "Drip", "summon", 1, 0, "", "Choose 1 Forward. Deal it 3000 damage.", element="water"),
        rec(28, "Rain", "backup", 2, 0, "Clerk", "", element="water"),
        rec(16, "Later", "forward", 2, 5000, "Soldier", "Brave[[br]]If your opponent has received 2 points of damage or "
            "more, Later can attack twice in the same turn."),
    ]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(4)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 5000, "Soldier", "") for i in range(4)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff19b", _records())


BACKUPS = ("P-020", "P-021", "P-022")


def _to_attack(mini, mine, theirs=()):
    g = _game13(mini, mine=mine, theirs=theirs, backups=BACKUPS)
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    return g


def _declare(g, *names):
    do(g, f"Attack with {names[0]}")
    for n in names[1:]:
        do(g, f"Add {n} to the party")
    if g.decision == K.Decision.ADD_TO_PARTY:
        g.step(K.PASS)


def _battle(g, blocker=None, assign=()):
    """Pass until the block, block with ``blocker`` (or not), assign the party damage 1000 at a time to the attackers
    named in ``assign``, then pass until the next attack declaration or the end of the Attack Phase."""
    for _ in range(60):
        if g.decision == K.Decision.DECLARE_BLOCK:
            do(g, f"Block with {blocker}") if blocker else g.step(K.PASS)
        elif g.decision == K.Decision.ASSIGN_PARTY_DAMAGE:
            do(g, f"Assign 1000 damage to attacking {assign[0]}")
            assign = assign[1:] or assign
        elif g.decision == K.Decision.DECLARE_ATTACK or int(g.state[S.PHASE]) != K.Phase.ATTACK:
            return
        else:
            g.step(K.PASS)


def _on_field(g, number, player=0):
    try:
        slot_of(g, number, player=player)
    except AssertionError:
        return False
    return True


def _dmg(g, number, player=0):
    return int(g.state[S.DMG + slot_of(g, number, player=player) * S.CARD_W])


# ---- compiling -------------------------------------------------------------------------------------------------------
def test_party_damage_and_party_rule_lines_compile_exact():
    card = {"name": "Zell Test", "type": "forward", "job": "Monk", "element": "fire", "cost": 3}
    for line, op in (
            ("If a Forward forming a party with Zell Test is dealt damage, the damage becomes 0 instead.",
             "damage_mod_aura"),
            ("If Zell Test forms a party, the damage dealt to Zell Test becomes 0 instead.", "damage_mod"),
            ("If Zell Test forms a party, the damage dealt to the Forwards forming this party becomes 0 instead.",
             "damage_mod_aura"),
            ("Zell Test can attack twice in the same turn.", "attack_twice"),
            ("Zell Test can form a party with Forwards of any Element.", "party_any_element"),
            ("The Forwards forming a party with Zell Test don't receive any damage.", "damage_mod_aura"),
            ("If Zell Test forms a party, Zell Test doesn't receive any damage.", "damage_mod"),
            ("If a Forward forming a party you control is dealt damage, the damage becomes 0 instead.",
             "damage_mod_aura")):
        r = _c(line, card)
        assert r.verdict is Verdict.EXACT and r.approximations == (), line
        assert r.abilities[0]["effect"][0]["op"] == op
    backup = {"name": "Zell Test", "type": "backup", "job": "Lord", "element": "fire", "cost": 2}
    r = _c("The [Category VI] Forwards you control can form a party with Forwards of any Element.", backup)
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["effect"] == [{"op": "party_any_element", "filter": {"category": "VI", "type": "forward",
                                                                                  "side": "own"}}]
    r = _c("The [Job Knight] Forwards you control can form a party with [Job Knight] Forwards of any Element.", backup)
    assert r.verdict is Verdict.EXACT and r.abilities[0]["effect"][0]["partner"]["job"] == "Knight"
    # a party is Forwards: a Backup does not attack, a Summon has no field ability
    for line in ("Zell Test can attack twice in the same turn.", "Zell Test forms a party, the damage dealt to "
                 "Zell Test becomes 0 instead.", "Zell Test can form a party with Forwards of any Element."):
        assert _c(line, backup).verdict is Verdict.UNSUPPORTED, line


def test_party_damage_order_verdicts_unchanged():
    # "becomes N" above 0 and "less than its power" keep damage_mod_order (CR 11.12.5.6.1: the order of the
    # replacements is the Forward's controller's; not chosen in the engine)
    r = _c("If a Forward forming a party with Zell Test is dealt damage, the damage becomes 1000 instead.")
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("damage_mod_order",)


# ---- party damage replacements: CR 11.12.5.2, 15.1.1.9, 10.1.4.2.1 ---------------------------------------------------
def test_forward_forming_a_party_with_it_is_dealt_no_damage_CR_10_1_4_2_1(mini):
    # Guard and Filler 0 attack as a party; the 8000 blocker's damage all assigned to Filler 0: it becomes 0 (Filler 0
    # stays); Guard itself is not "a Forward forming a party with Guard"
    g = _to_attack(mini, ("P-001", "P-040"), theirs=("P-008",))
    _declare(g, "Guard", "Filler 0")
    _battle(g, blocker="Striker", assign=("Filler 0",))
    assert _on_field(g, "P-040") and _dmg(g, "P-040") == 0
    g = _to_attack(mini, ("P-001", "P-040"), theirs=("P-008",))
    _declare(g, "Guard", "Filler 0")
    _battle(g, blocker="Striker", assign=("Guard",))
    assert not _on_field(g, "P-001")


def test_no_party_no_replacement_CR_15_1_1_9_1(mini):
    # Filler 0 attacks alone (Guard stays home): the blocker's 8000 breaks it
    g = _to_attack(mini, ("P-001", "P-040"), theirs=("P-008",))
    _declare(g, "Filler 0")
    _battle(g, blocker="Striker")
    assert not _on_field(g, "P-040") and _on_field(g, "P-001")


def test_if_it_forms_a_party_the_damage_dealt_to_it_becomes_0(mini):
    # Solo in a party: its share of the blocker's damage becomes 0; alone it is broken
    g = _to_attack(mini, ("P-002", "P-040"), theirs=("P-008",))
    _declare(g, "Solo", "Filler 0")
    _battle(g, blocker="Striker", assign=("Solo",))
    assert _on_field(g, "P-002") and _dmg(g, "P-002") == 0
    g = _to_attack(mini, ("P-002", "P-040"), theirs=("P-008",))
    _declare(g, "Solo")
    _battle(g, blocker="Striker")
    assert not _on_field(g, "P-002")


def test_the_forwards_forming_this_party_are_dealt_no_damage(mini):
    # Wall's party: 4000 to Wall and 4000 to Filler 0, both replaced by 0
    g = _to_attack(mini, ("P-003", "P-040"), theirs=("P-008",))
    _declare(g, "Wall", "Filler 0")
    _battle(g, blocker="Striker", assign=("Wall", "Filler 0"))
    assert _dmg(g, "P-003") == 0 and _dmg(g, "P-040") == 0


@pytest.mark.parametrize("party", [True, False])
def test_a_forward_forming_a_party_you_control_is_dealt_no_damage_CR_15_1_1_9_1(mini, party):
    # Lyse (a Backup): Filler 0 in a party with Filler 1 is dealt 0 of the blocker's 8000; attacking alone it is no
    # party (the condition: two or more attacking Forwards you control) and is broken
    g = _to_attack(mini, ("P-017", "P-040", "P-041"), theirs=("P-008",))
    _declare(g, "Filler 0", *(["Filler 1"] if party else []))
    _battle(g, blocker="Striker", assign=("Filler 0",))
    assert _on_field(g, "P-040") is party


def test_the_forwards_forming_a_party_with_it_dont_receive_any_damage(mini):
    g = _to_attack(mini, ("P-018", "P-040"), theirs=("P-008",))
    _declare(g, "Keeper", "Filler 0")
    _battle(g, blocker="Striker", assign=("Filler 0",))
    assert _on_field(g, "P-040") and _dmg(g, "P-040") == 0


# ---- "If your Summon or a Character / an ability of a Character you control deals damage": CR 11.12.5.2, 11.11.8 -----
@pytest.mark.parametrize("watcher, summon, dealt", [("P-024", "Blaze", 4000), ("P-024", "Drip", 3000),
                                                   ("P-025", "Drip", 4000)])
def test_your_summon_or_a_character_deals_increased_damage(mini, watcher, summon, dealt):
    # Pyre: a Fire Summon's damage increases (Drip is Water: not); Spark: any Summon of yours
    g = _game13(mini, hand=("P-026", "P-027"), mine=(watcher,), theirs=("P-041",), backups=(*BACKUPS, "P-028"))
    _cast(g, summon, "Choose opponent's Filler 1")
    assert _dmg(g, "P-041", player=1) == dealt


@pytest.mark.parametrize("watcher, dealt", [("P-024", 6000), ("P-025", 5000)])
def test_a_characters_battle_damage_is_no_abilitys_CR_10_1_4_2(mini, watcher, dealt):
    # Filler 0 (Fire, 5000) blocked by Striker: Pyre's "a Fire Character you control" increases it; Spark's "an ability
    # of a Character you control" does not (battle damage)
    g = _to_attack(mini, (watcher, "P-040"), theirs=("P-008",))
    _declare(g, "Filler 0")
    for _ in range(20):
        if g.decision == K.Decision.DECLARE_BLOCK:
            do(g, "Block with Striker")
            break
        g.step(K.PASS)
    for _ in range(20):
        if int(g.state[S.DMG + slot_of(g, "P-008", player=1) * S.CARD_W]) > 0:
            break
        g.step(K.PASS)
    assert _dmg(g, "P-008", player=1) == dealt


def test_summon_or_character_increase_lines_are_damage_increase_order():
    backup = {"name": "Zell Test", "type": "backup", "job": "Lord", "element": "fire", "cost": 2}
    for line, by in (("If your Fire Summon or a Fire Character you control deals damage to a Forward, the damage "
                      "increases by 2000 instead.", "summon_or_dealer"),
                     ("If your Summon or an ability of a Character you control deals damage to a Forward, the damage "
                      "increases by 1000 instead.", "summon_or_ability")):
        r = _c(line, backup)
        assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("damage_increase_order",)
        assert r.abilities[0]["effect"][0]["by"] == by


# ---- "~ can attack twice in the same turn.": CR 10.1.2.1.2 ------------------------------------------------------------
def test_can_attack_twice_in_the_same_turn_CR_10_1_2_1_2(mini):
    # Twice (Brave: it stays active) attacks, then again; not a third time. Filler 0 (Brave-less, no exception) once.
    g = _to_attack(mini, ("P-004", "P-040"))
    _declare(g, "Twice")
    _battle(g)
    assert is_legal(g, "Attack with Twice")
    _declare(g, "Twice")
    _battle(g)
    assert g.decision != K.Decision.DECLARE_ATTACK or not is_legal(g, "Attack with Twice")
    assert int(g.state[S.DAMAGE_N + 1]) == 2


def test_must_attack_once_is_met_by_the_first_of_two_attacks(mini):
    # Brute "must attack once per turn if possible" and "can attack twice": before its attack the phase may not end;
    # after the first it may (it has attacked once), though a second attack is still legal
    g = _to_attack(mini, ("P-009",))
    assert not is_legal(g, "End the Attack Phase (no more attacks)")
    _declare(g, "Brute")
    _battle(g)
    assert is_legal(g, "Attack with Brute") and is_legal(g, "End the Attack Phase (no more attacks)")


@pytest.mark.parametrize("card, name, again", [("P-015", "Late", True), ("P-016", "Later", False)])
def test_attack_twice_read_when_it_attacks_again_CR_11_9(mini, card, name, again):
    # the condition holds only after the first attack (the opponent's first point of damage): the ability applies then
    # (CR 11.9), and the attack made before counts as its first (Late attacks again); Later's needs 2 points: not yet
    g = _to_attack(mini, (card,))
    _declare(g, name)
    _battle(g)
    assert int(g.state[S.DAMAGE_N + 1]) == 1
    assert (g.decision == K.Decision.DECLARE_ATTACK and is_legal(g, f"Attack with {name}")) is again


# ---- "can form a party with Forwards of any Element": CR 15.1.1.9.2 ---------------------------------------------------
def _party_options(g, first):
    do(g, f"Attack with {first}")
    return {n for n in ("Rainbow", "Aqua", "Frost", "Knight", "Squire", "Gale", "Filler 0")
            if g.decision == K.Decision.ADD_TO_PARTY and is_legal(g, f"Add {n} to the party")}


def test_without_the_exception_a_party_shares_one_element_CR_15_1_1_9_2(mini):
    g = _to_attack(mini, ("P-010", "P-011", "P-040"))
    assert _party_options(g, "Filler 0") == set()


def test_it_can_form_a_party_with_forwards_of_any_element(mini):
    # Rainbow (Fire) with Aqua (Water): legal; Aqua and Frost (Ice) still share no Element, so once Aqua is in, Frost
    # is not offered (pair by pair); Filler 0 (Fire) shares Rainbow's and Aqua is excepted with Rainbow only
    g = _to_attack(mini, ("P-005", "P-010", "P-011", "P-040"))
    assert _party_options(g, "Rainbow") == {"Aqua", "Frost", "Filler 0"}
    do(g, "Add Aqua to the party")
    assert {n for n in ("Frost", "Filler 0") if is_legal(g, f"Add {n} to the party")} == set()
    g.step(K.PASS)  # Rainbow and Aqua attack
    assert int(g.state[S.ATK_N]) == 2
    g = _to_attack(mini, ("P-005", "P-010", "P-011"))
    assert _party_options(g, "Aqua") == {"Rainbow"}


def test_the_job_forwards_you_control_can_form_a_party_with_forwards_of_any_element(mini):
    # Patron: a [Job Knight] Forward (Knight, Water) with Frost (Ice) or Filler 0 (Fire); Aqua and Frost without a
    # Knight share nothing
    g = _to_attack(mini, ("P-006", "P-012", "P-011", "P-040"))
    assert _party_options(g, "Knight") == {"Frost", "Filler 0"}
    g = _to_attack(mini, ("P-006", "P-010", "P-011"))
    assert _party_options(g, "Aqua") == set()


def test_with_job_forwards_of_any_element_names_the_partners(mini):
    # Mentor: a Knight with a [Job Squire] Forward of another Element (Squire, Ice), not with Gale (Wind)
    g = _to_attack(mini, ("P-007", "P-012", "P-013", "P-014"))
    assert _party_options(g, "Knight") == {"Squire"}


def test_the_exception_is_the_attacking_players_own_field(mini):
    # Patron on the opponent's field lets no party of the attacking player's form
    g = _game13(mini, mine=("P-012", "P-011"), theirs=("P-006",), backups=BACKUPS)
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    assert _party_options(g, "Knight") == set()
