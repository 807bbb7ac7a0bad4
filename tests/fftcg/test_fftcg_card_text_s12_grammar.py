"""FF-TCG card text, session 12 (branch s12-ffgrammar): "can produce <Element> CP", "deal it and ~ N damage",
"deal N damage to all the ... and M damage to ~", the Forward that blocks ~ (after "When ~ is blocked"), "of power
N or less / or more", "if you don't control a DESC", "The DESC you control have ...", "When ~ is chosen by
[your opponent's] Summons or abilities", and the card's own damage replacements ("If ~ is dealt damage, reduce the
damage by N instead."); compiled from made-up lines in the game's template language and played
in small games."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict, coverage_report
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tcg_env.games.fftcg.card_text import COMPILER
from tests.fftcg.fftcg_helpers import (
    backup_payment,
    card_record,
    import_mini,
    mini_deck,
    resolve_stack,
    slot_of,
)

FWD = {"name": "Zell Test", "type": "forward", "job": "Monk", "element": "fire", "cost": 3}


def _c(line, card=FWD):
    return COMPILER.compile_line(line, card)


@pytest.mark.parametrize("line", [
    # the chosen card may be the card itself: it would be dealt the amount twice
    "{Fire}: Choose 1 Forward. Deal it and Zell Test 3000 damage.",
    "{Fire}: Deal 1000 damage to all the Forwards and 2000 damage to Zell Test.",
    # the blocker only while the card is blocked
    "{2}: Break the Forward that blocks Zell Test.",
    "When Zell Test attacks, deal the blocking Forward 3000 damage.",
])  # fmt: skip
def test_refused_shapes_s12(line):
    assert _c(line).verdict is Verdict.UNSUPPORTED


def test_compiled_shapes_s12():
    r = _c("{Earth}: Choose 1 Forward of power 5000 or less. Break it.")
    assert r.verdict is Verdict.EXACT and r.abilities[0]["effect"][0]["filter"] == {"type": "forward",
                                                                                     "power_max": 5000}
    r = _c("If you don't control a Forward other than Zell Test, Zell Test gains +2000 power.")
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["condition"] == {"kind": "controls_at_most", "value": 0,
                                           "filter": {"type": "forward", "exclude_self": True, "side": "own"}}
    r = _c("If Clerk is on the field, Clerk can produce Light CP.", {"name": "Clerk", "type": "backup"})
    assert r.verdict is Verdict.UNSUPPORTED
    assert _c("If Zell Test is on the field, Zell Test can produce Wind CP.").verdict is Verdict.UNSUPPORTED
    # the later sets' wording of the phase triggers: the same abilities
    for new, old in [("At the beginning of your Main Phase 1", "At the beginning of Main Phase 1 during each of your turns"),
                     ("At the beginning of your Attack Phase", "At the beginning of the Attack Phase during each of your "
                                                               "turns")]:
        assert _c(new + ", draw 1 card.").abilities == _c(old + ", draw 1 card.").abilities
    # "that Forward" after "When a Forward ... enters your field": the entering card (Op.TARGET_TRIGGER)
    r = _c("When a Forward other than Zell Test enters your field, that Forward gains +1000 power until the end of the "
           "turn.")
    assert r.verdict is Verdict.EXACT and r.abilities[0]["effect"][0] == {"op": "target_trigger", "reg": 0}


# ---- played in small games --------------------------------------------------------------------------------
def _records():
    rec = card_record("V")

    recs = [
        rec(1, "Windy", "backup", 2, 0, "Mage", "If Windy is on the field, Windy can produce Wind CP."),
        rec(2, "Gale", "summon", 1, 0, "", "Choose 1 Forward. Deal it 1000 damage.", element="wind"),
        rec(3, "Scorch", "forward", 3, 8000, "Monk", "{1}: Choose 1 Forward opponent controls. Deal it and Scorch "
            "3000 damage."),
        rec(4, "Blaze", "forward", 3, 8000, "Monk", "{1}: Deal 2000 damage to all the Forwards opponent controls "
            "and 1000 damage to Blaze."),
        rec(5, "Thorn", "forward", 2, 5000, "Knight", "When Thorn is blocked, deal 4000 damage to the Forward that "
            "blocks Thorn."),
        rec(6, "Pick", "summon", 1, 0, "", "Choose 1 Forward of power 5000 or less. Break it."),
        rec(7, "Loner", "forward", 2, 5000, "Ronin", "If you don't control a Forward other than Loner, Loner gains "
            "+2000 power."),
        rec(8, "Banner", "backup", 2, 0, "Herald", "The Forwards you control have +1000 power."),
        rec(9, "Wisp", "forward", 2, 5000, "Sprite", "When Wisp is chosen by your opponent's Summons or abilities, "
            "draw 1 card."),
        rec(10, "Echo", "forward", 2, 5000, "Sprite", "When Echo is chosen by a Summon or an ability, Echo gains "
            "+2000 power until the end of the turn."),
        rec(11, "Bolt", "summon", 1, 0, "", "Choose 1 Forward. Deal it 1000 damage."),
        rec(12, "Big", "forward", 3, 9000, "Giant", ""),
        rec(13, "Shell", "forward", 3, 7000, "Guard", "If Shell is dealt damage, reduce the damage by 1000 instead."),
        rec(14, "Ward", "forward", 3, 7000, "Guard", "If Ward is dealt damage less than its power, the damage becomes "
            "0 instead."),
        rec(15, "Aegis", "forward", 3, 7000, "Guard", "If Aegis is dealt damage by your opponent's Summons or "
            "abilities, the damage becomes 0 instead."),
        rec(16, "Blast", "summon", 1, 0, "", "Choose 1 Forward. Deal it 1000 damage. If you control 3 or more Backups, "
            "deal it 8000 damage instead."),
        rec(30, "Scout", "forward", 2, 5000, "Scout", "When Scout enters the field, you may search for up to 2 Backups "
            "and add them to your hand."),
        rec(31, "Tyrant", "forward", 2, 5000, "Lord", "When Tyrant enters the field, your opponent selects 1 Forward "
            "they control. Put it into the Break Zone."),
        rec(32, "Caller", "forward", 2, 5000, "Lord", "When Caller enters the field, you may play 1 Backup from your "
            "hand onto the field dull."),
        rec(33, "Plate", "forward", 3, 7000, "Guard", "If Plate is dealt damage by a Forward, reduce the damage by 1000 "
            "instead."),
        rec(34, "Thief", "forward", 2, 5000, "Thief", "When Thief enters the field, your opponent reveals their hand. "
            "Select 1 card of cost 3 or more in their hand. Your opponent discards this card."),
        rec(35, "Rider", "forward", 2, 5000, "Rider", "When Rider forms a party and attacks, Rider and all the Forwards "
            "forming a party with it gain +3000 power until the end of the turn."),
        rec(36, "Marshal", "forward", 2, 5000, "Lord", "When a Forward other than Marshal you control attacks, it gains "
            "+2000 power until the end of the turn."),
        rec(19, "Purge", "summon", 1, 0, "", "Each player discards 1 card from his/her hand."),
        rec(17, "Spite", "forward", 3, 9000, "Guard", "When Spite is dealt damage, draw 1 card."),
        rec(18, "Grudge", "forward", 3, 9000, "Guard", "When Grudge is dealt damage by your opponent's Summons or "
            "abilities, draw 1 card."),
    ]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(4)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 5000, "Soldier", "") for i in range(4)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff12", _records())


def _game(mini, hand=(), mine=(), theirs=("V-040",), backups=("V-020", "V-021", "V-022"), turn_player=0,
          their_hand=()):
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res), mini_deck(res)), turn_player=turn_player)
    sc.field(0, [*backups, *mine])
    sc.field(1, list(theirs))
    sc.hand(0, list(hand))
    if their_hand:
        sc.hand(1, list(their_hand))
    return sc.game()


def _power(g, number, player=0):
    return int(g.state[S.D_POWER + slot_of(g, number, player=player) * S.CARD_W])


def _dmg(g, number, player=0):
    return int(g.state[S.DMG + slot_of(g, number, player=player) * S.CARD_W])


def test_mini_import_s12(mini):
    res, _ = mini
    rep = coverage_report(res.text_records)
    # every card exact (Windy's "can produce Wind CP" too since session 13: element_cp_in_multi_cost gone)
    assert rep["cards"] == rep["cards_approximate"] == len(res) == 34
    # Ward's "dealt damage less than its power" is approximate since session 15 (damage_mod_order: its order with a "next
    # damage" shield is its controller's choice, CR 11.12.5.6.1)
    assert rep["cards_exact"] == 33


@pytest.mark.parametrize("backup, castable", [("V-001", True), ("V-020", False)])
def test_a_backup_that_can_produce_wind_cp_pays_the_wind_cp_CR_11_2(mini, backup, castable):
    # "If Windy is on the field, Windy can produce Wind CP.": the Fire Backup, dulled for CP, pays Gale's Wind CP
    # (Op.ANY_ELEMENT_CP with elements); a plain Fire Backup cannot (no Wind CP, no card to discard)
    from tests.fftcg.fftcg_helpers import do, is_legal

    g = _game(mini, ["V-002"], backups=(backup,))
    assert is_legal(g, "Cast Gale") == castable
    if castable:
        do(g, "Cast Gale", "Choose opponent's Filler 0")
        resolve_stack(g)
        assert _dmg(g, "V-040", player=1) == 1000
        assert int(g.state[S.DULL + slot_of(g, "V-001") * S.CARD_W]) == 1


def test_deal_it_and_the_card_itself_damage(mini):
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, mine=("V-003",))
    do(g, "Use ability: Scorch", "Choose opponent's Filler 0")
    resolve_stack(g)
    assert _dmg(g, "V-040", player=1) == 3000 and _dmg(g, "V-003") == 3000


def test_damage_to_all_and_to_the_card_itself(mini):
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, mine=("V-004",), theirs=("V-040", "V-041"))
    do(g, "Use ability: Blaze")
    resolve_stack(g)
    assert _dmg(g, "V-040", player=1) == _dmg(g, "V-041", player=1) == 2000 and _dmg(g, "V-004") == 1000


@pytest.mark.parametrize("blocked", [False, True])
def test_damage_to_the_forward_that_blocks_it_CR_10_1_3(mini, blocked):
    # "When Thorn is blocked, deal 4000 damage to the Forward that blocks Thorn.": the blocker (Filler 0, 5000
    # power) takes 4000 before battle damage, then Thorn's 5000 breaks it; unblocked, nothing
    from tests.fftcg.fftcg_helpers import do, pass_until

    g = _game(mini, mine=("V-005",), theirs=("V-040", "V-041"))
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Thorn")
    pass_until(g, K.Decision.DECLARE_BLOCK)
    do(g, "Block with Filler 0" if blocked else "Don't block")
    for _ in range(10):  # the auto-ability resolves before battle damage
        if int(g.state[S.STACK_N]) == 0 and g.decision == K.Decision.PRIORITY and blocked \
                and int(g.state[S.BLOCKER]) >= 0 and int(g.state[S.DMG + int(g.state[S.BLOCKER]) * S.CARD_W]) > 0:
            break
        if g.decision == K.Decision.DECLARE_ATTACK:
            break
        g.step(K.PASS)
    if blocked:
        assert int(g.state[S.DMG + int(g.state[S.BLOCKER]) * S.CARD_W]) == 4000
    assert _dmg(g, "V-041", player=1) == 0
    if not blocked:
        assert _dmg(g, "V-040", player=1) == 0


def test_choose_a_forward_of_power_or_less(mini):
    # "Choose 1 Forward of power 5000 or less.": Big (9000) is not offered
    from tests.fftcg.fftcg_helpers import do, is_legal

    g = _game(mini, ["V-006"], theirs=("V-040", "V-012"))
    do(g, "Cast Pick")
    assert not is_legal(g, "Choose opponent's Big")
    do(g, "Choose opponent's Filler 0")
    resolve_stack(g)
    assert int(g.state[S.ZONE + slot_of(g, "V-012", player=1) * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.BREAK_N + 1]) == 1


@pytest.mark.parametrize("other, power", [((), 7000), (("V-041",), 5000)])
def test_if_you_dont_control_a_forward_other_than_it(mini, other, power):
    g = _game(mini, mine=("V-007", *other))
    assert _power(g, "V-007") == power


def test_the_forwards_you_control_have_power(mini):
    g = _game(mini, mine=("V-041",), backups=("V-008",))
    assert _power(g, "V-041") == 6000 and _power(g, "V-040", player=1) == 5000


@pytest.mark.parametrize("target, drawn", [("opponent's Wisp", 1), ("opponent's Filler 0", 0)])
def test_when_chosen_by_your_opponents_summon_CR_11_3_3(mini, target, drawn):
    # "When Wisp is chosen by your opponent's Summons or abilities, draw 1 card." (Trigger.CHOSEN_BY_OPP_SELF): fired
    # as Bolt is cast choosing it; its controller (player 1) draws
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["V-011"], theirs=("V-009", "V-040"))
    hand = int(g.state[S.HAND_N + 1])
    do(g, "Cast Bolt", "Choose " + target)
    resolve_stack(g)
    assert int(g.state[S.HAND_N + 1]) == hand + drawn


def test_when_chosen_by_a_summon_resolves_first_CR_11_8_7(mini):
    # "When Echo is chosen by a Summon or an ability, Echo gains +2000 power until the end of the turn." (CHOSEN_SELF:
    # its controller's own Summon too); the auto-ability goes on the stack above Bolt and resolves first
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["V-011"], mine=("V-010",))
    do(g, "Cast Bolt", "Choose your Echo")
    for _ in range(10):
        if g.decision != K.Decision.PAY_CP:
            break
        g.step(backup_payment(g))
    assert int(g.state[S.STACK_N]) == 2  # Bolt and Echo's auto-ability above it
    resolve_stack(g)
    assert _power(g, "V-010") == 7000 and _dmg(g, "V-010") == 1000
    # not chosen by the opponent: Wisp's ability is not Echo's; a card chosen by its controller's own Summon does
    # not trigger "chosen by your opponent's ..."
    g = _game(mini, ["V-011"], mine=("V-009",))
    hand = int(g.state[S.HAND_N])
    do(g, "Cast Bolt", "Choose your Wisp")
    resolve_stack(g)
    assert int(g.state[S.HAND_N]) == hand - 1


@pytest.mark.parametrize("summon, backups, dealt", [("V-011", 3, 0), ("V-016", 2, 0), ("V-016", 3, 7000)])
def test_reduce_the_damage_instead_CR_11_12_5_2(mini, summon, backups, dealt):
    # "If Shell is dealt damage, reduce the damage by 1000 instead.": Bolt's 1000 -> 0; Blast's "1000 ... 8000
    # instead" is one amount of 8000 -> 7000 (not 1000 - 1000 plus 7000 - 1000), which breaks the 7000 Shell
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, [summon], theirs=("V-013",), backups=("V-020", "V-021", "V-022", "V-023")[:backups])
    breaks = int(g.state[S.BREAK_N + 1])
    do(g, "Cast " + ("Bolt" if summon == "V-011" else "Blast"), "Choose opponent's Shell")
    resolve_stack(g)
    if dealt >= 7000:
        assert int(g.state[S.BREAK_N + 1]) == breaks + 1  # CR 12.4.5
    else:
        assert _dmg(g, "V-013", player=1) == dealt


@pytest.mark.parametrize("attacker, dmg", [("V-041", 4000)])
def test_battle_damage_is_reduced_CR_10_1_4(mini, attacker, dmg):
    # the blocking Shell is dealt Filler 1's 5000 battle damage, reduced by 1000
    from tests.fftcg.fftcg_helpers import do, pass_until

    g = _game(mini, mine=(attacker,), theirs=("V-013",))
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Filler 1")
    pass_until(g, K.Decision.DECLARE_BLOCK)
    do(g, "Block with Shell")
    pass_until(g, K.Decision.DECLARE_ATTACK)
    assert _dmg(g, "V-013", player=1) == dmg


@pytest.mark.parametrize("summon, dealt", [("V-011", 0), ("V-016", 8000)])
def test_damage_less_than_its_power_becomes_0(mini, summon, dealt):
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, [summon], theirs=("V-014",))
    breaks = int(g.state[S.BREAK_N + 1])
    do(g, "Cast " + ("Bolt" if summon == "V-011" else "Blast"), "Choose opponent's Ward")
    resolve_stack(g)
    if dealt:
        assert int(g.state[S.BREAK_N + 1]) == breaks + 1
    else:
        assert _dmg(g, "V-014", player=1) == 0


@pytest.mark.parametrize("whose, dealt", [("opponent's", 0), ("your", 1000)])
def test_damage_by_your_opponents_summons_becomes_0(mini, whose, dealt):
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["V-011"], mine=("V-015",) if whose == "your" else (), theirs=("V-015",))
    do(g, "Cast Bolt", f"Choose {whose} Aegis")
    resolve_stack(g)
    assert _dmg(g, "V-015", player=0 if whose == "your" else 1) == dealt


@pytest.mark.parametrize("summon, target, player, drawn", [
    ("V-011", "V-017", 1, 1),  # Bolt on the opponent's Spite: its controller draws
    ("V-016", "V-017", 1, 1),  # Blast's "1000 ... 8000 instead" is one amount: one trigger
    ("V-011", "V-018", 1, 1),  # Grudge: by the opponent's Summon
    ("V-011", "V-018", 0, 0),  # Grudge: by its controller's own Summon
])  # fmt: skip
def test_when_it_is_dealt_damage(mini, summon, target, player, drawn):
    from tests.fftcg.fftcg_helpers import do

    name = {"V-017": "Spite", "V-018": "Grudge"}[target]
    g = _game(mini, [summon], mine=(target,) if player == 0 else (), theirs=(target,) if player == 1 else ("V-040",),
              backups=("V-020", "V-021", "V-022"))
    hand = int(g.state[S.HAND_N + player]) - (1 if player == 0 else 0)  # the Summon leaves the caster's hand
    do(g, "Cast " + ("Bolt" if summon == "V-011" else "Blast"), ("Choose opponent's " if player else "Choose your ")
       + name)
    resolve_stack(g)
    assert int(g.state[S.HAND_N + player]) == hand + drawn


def test_damage_reduced_to_0_is_not_dealt_CR_11_12_5_4(mini):
    # Shell's "reduce the damage by 1000" takes Bolt's 1000 to 0: the damage is not dealt (a Forward that would
    # trigger on it does not); Shell is not damaged
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["V-011"], theirs=("V-013",))
    do(g, "Cast Bolt", "Choose opponent's Shell")
    resolve_stack(g)
    assert _dmg(g, "V-013", player=1) == 0


@pytest.mark.parametrize("turn_player", [0, 1])
def test_each_player_discards_the_turn_player_first_CR_11_11_6(mini, turn_player):
    # "Each player discards 1 card from his/her hand.": the turn player discards first, then the other player (who
    # sees it), whoever casts it (was the approximation discard_order: the caster first)
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["V-019", "V-040"], turn_player=turn_player, their_hand=("V-041",))
    if turn_player == 1:
        g.step(K.PASS)  # the turn player passes priority: player 0 may cast the Summon
    do(g, "Cast Purge")
    for _ in range(10):
        if g.decision != K.Decision.PAY_CP:
            break
        g.step(backup_payment(g))
    for _ in range(10):
        if g.decision == K.Decision.DISCARD:
            break
        g.step(K.PASS)
    order = []
    for _ in range(2):
        assert g.decision == K.Decision.DISCARD
        order.append(g.current_player)
        g.step([int(a) for a in g.legal_actions() if int(a) != K.PASS][0])
    assert order == [turn_player, 1 - turn_player]
    assert int(g.state[S.HAND_N]) == int(g.state[S.HAND_N + 1]) == 0


@pytest.mark.parametrize("take", [0, 1, 2])
def test_search_for_up_to_two_CR_15_1_1_8(mini, take):
    # "you may search for up to 2 Backups and add them to your hand": one card at a time, the player stops at any
    # count; the deck is shuffled once after
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["V-030"])
    hand, deck = int(g.state[S.HAND_N]), int(g.state[S.DECK_N])
    do(g, "Play Scout")
    taken = 0
    asked = False
    for _ in range(40):
        if g.decision == K.Decision.PAY_CP:
            g.step(backup_payment(g))
        elif g.decision == K.Decision.OPTIONAL_EFFECT:
            asked = True
            g.step([int(a) for a in g.legal_actions() if int(a) != K.PASS][0])
        elif g.decision == K.Decision.SELECT_CARD:
            if taken < take:
                g.step([int(a) for a in g.legal_actions() if int(a) != K.PASS][0])
                taken += 1
            else:
                assert K.PASS in [int(a) for a in g.legal_actions()]  # "up to": may stop
                g.step(K.PASS)
        elif g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0 and asked:
            break
        else:
            g.step(K.PASS)
    assert taken == take
    assert int(g.state[S.HAND_N]) == hand - 1 + take and int(g.state[S.DECK_N]) == deck - take
    for i in range(int(g.state[S.HAND_N])):
        slot = int(g.state[S.HAND_L + i])
        assert g.pool.cards[int(g.state[S.CARD + slot * S.CARD_W]), K.C_TYPE] == K.CardType.BACKUP


def test_your_opponent_selects_a_forward_they_control_CR_11_8_9(mini):
    # "When Tyrant enters the field, your opponent selects 1 Forward they control. Put it into the Break Zone.": on
    # resolution the opponent selects (no pass) among their Forwards; selecting is not choosing (CR 11.8.9: Wisp's
    # "When Wisp is chosen by ..." does not trigger) and putting into the Break Zone is not breaking
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["V-031"], theirs=("V-009", "V-012"))
    hand1 = int(g.state[S.HAND_N + 1])
    do(g, "Play Tyrant")
    for _ in range(20):
        if g.decision == K.Decision.PAY_CP:
            g.step(backup_payment(g))
        elif g.decision == K.Decision.SELECT_CARD:
            break
        else:
            g.step(K.PASS)
    assert g.decision == K.Decision.SELECT_CARD and g.current_player == 1
    acts = [int(a) for a in g.legal_actions()]
    assert K.PASS not in acts and len(acts) == 2
    wisp = slot_of(g, "V-009", player=1)
    g.step(next(a for a in acts if int(g.state[S.CAND + a - K.OPTION_BASE]) == wisp))
    resolve_stack(g)
    assert int(g.state[S.ZONE + wisp * S.CARD_W]) == K.Zone.BREAK
    assert int(g.state[S.ZONE + slot_of(g, "V-012", player=1) * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.HAND_N + 1]) == hand1


def test_play_a_backup_from_your_hand_onto_the_field_dull(mini):
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["V-032", "V-023"])
    do(g, "Play Caller")
    for _ in range(30):
        if g.decision == K.Decision.PAY_CP:
            g.step(backup_payment(g))
        elif g.decision in (K.Decision.OPTIONAL_EFFECT, K.Decision.SELECT_CARD):
            g.step([int(a) for a in g.legal_actions() if int(a) != K.PASS][0])
        elif g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0 and int(g.state[S.HAND_N]) == 0:
            break
        else:
            g.step(K.PASS)
    slot = slot_of(g, "V-023")
    assert int(g.state[S.DULL + slot * S.CARD_W]) == 1


@pytest.mark.parametrize("how, dealt", [("Bolt", 1000), ("Scorch", 2000)])
def test_damage_by_a_forward_is_reduced_CR_11_11_8(mini, how, dealt):
    # "If Plate is dealt damage by a Forward, reduce the damage by 1000 instead.": a Summon's damage is not reduced;
    # a Forward's ability's is (CR 11.11.8: the card that is the source of the ability does what it instructs)
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["V-011"], mine=("V-003",), theirs=("V-033",))
    if how == "Bolt":
        do(g, "Cast Bolt", "Choose opponent's Plate")
    else:
        do(g, "Use ability: Scorch", "Choose opponent's Plate")
    resolve_stack(g)
    assert _dmg(g, "V-033", player=1) == dealt


def test_your_opponent_reveals_their_hand_and_discards_the_selected_card(mini):
    # the hand is shown to both players (the revealed block), the controller selects among the matching cards (Big,
    # cost 3; not Filler 1, cost 2; no pass), the opponent discards it
    from tests.fftcg.fftcg_helpers import do, revealed_in_observation

    g = _game(mini, ["V-034"], their_hand=("V-041", "V-012"))
    do(g, "Play Thief")
    for _ in range(20):
        if g.decision == K.Decision.PAY_CP:
            g.step(backup_payment(g))
        elif g.decision == K.Decision.SELECT_CARD:
            break
        else:
            g.step(K.PASS)
    assert g.decision == K.Decision.SELECT_CARD and g.current_player == 0
    acts = [int(a) for a in g.legal_actions()]
    assert acts == [K.OPTION_BASE]
    ids = {g.pool.card_id("V-041"), g.pool.card_id("V-012")}
    assert set(revealed_in_observation(g, 0)[1]) == ids and set(revealed_in_observation(g, 1)[0]) == ids
    g.step(K.OPTION_BASE)
    resolve_stack(g)
    assert int(g.state[S.ZONE + slot_of(g, "V-012", zone=K.Zone.BREAK, player=1) * S.CARD_W]) == K.Zone.BREAK
    assert int(g.state[S.HAND_N + 1]) == 1


def test_it_and_the_forwards_forming_a_party_with_it_gain_power_CR_15_1_1_9(mini):
    from tests.fftcg.fftcg_helpers import do, pass_until

    g = _game(mini, mine=("V-035", "V-041", "V-042"), theirs=("V-040",))
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Rider")
    do(g, "Add Filler 1 to the party")
    for _ in range(20):
        if g.decision == K.Decision.DECLARE_BLOCK:
            break
        g.step(K.PASS)
    assert _power(g, "V-035") == _power(g, "V-041") == 8000
    assert _power(g, "V-042") == 5000 and _power(g, "V-040", player=1) == 5000


def test_when_a_forward_you_control_attacks_it_gains_power(mini):
    # "it": the attacking Forward (Op.TARGET_TRIGGER: the card the trigger was about)
    from tests.fftcg.fftcg_helpers import do, pass_until

    g = _game(mini, mine=("V-036", "V-041", "V-042"), theirs=("V-040",))
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Filler 1")
    for _ in range(20):
        if g.decision == K.Decision.DECLARE_BLOCK:
            break
        g.step(K.PASS)
    assert _power(g, "V-041") == 7000 and _power(g, "V-042") == 5000 and _power(g, "V-036") == 5000
