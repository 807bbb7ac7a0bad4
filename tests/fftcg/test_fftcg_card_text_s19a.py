"""FF-TCG card text, session 19 (branch s19-ffa): the action sentences of modal abilities ("Select 1 of the 3 following
actions." and the quoted actions after it) with the grammar of ordinary effects: cards chosen in the opponent's / either
player's Break Zone removed from the game ("Choose 2 cards in your opponent's Break Zone. Remove them from the game.":
Op.ADD_TO_HAND's register form with PUT_REMOVED), "Remove all the cards in your opponent's Break Zone from the game."
(Op.REMOVE_BREAK_ZONE), "Deal them N damage and dull them.". Made-up lines played in small games (the mini-pool helpers
of the session 13 module)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tcg_env.games.fftcg.card_text import COMPILER, compile_card_lines
from tests.fftcg.fftcg_helpers import card_record, do, import_mini, mini_deck, slot_of
from tests.fftcg.test_fftcg_card_text_s13 import _resolve

SUMMON = {"name": "Purge", "type": "summon", "element": "earth", "cost": 2}
FWD = {"name": "Zed", "type": "forward", "element": "earth", "cost": 3, "job": "Knight"}
ACE = ["When Ace enters the field, select 1 of the 2 following actions.",
       '"Choose 1 Forward opponent controls. Deal it 5000 damage."',
       '"You may pay {Earth}{Earth}. When you do so, choose 1 Forward opponent controls. Deal it 9000 damage."']
PYRE = ["Select 1 of the 2 following actions. If you have a total of 3 or more [Card Name Pyre] and/or [Card Name Ember] "
        "in your Break Zone (before paying the cost for Pyre), select up to 2 of the 2 following actions instead.",
        '"Choose 1 Forward opponent controls. Deal it 2000 damage."', '"Draw 1 card."']
PURGE = ["Select 1 of the 2 following actions.", '"Remove all the cards in your opponent\'s Break Zone from the game."',
         '"Choose 1 Forward. Deal it 4000 damage."']


def _records():
    rec = card_record("R", "earth")
    recs = [rec(1, "Purge", "summon", 2, 0, "", "[[br]]".join(PURGE)),
            rec(2, "Pick", "summon", 2, 0, "", "Choose up to 2 cards in your opponent's Break Zone. Remove them from "
                "the game."),
            rec(3, "Either", "summon", 2, 0, "", "Choose 1 card from either player's Break Zone. Remove it from the "
                "game. Draw 1 card."),
            rec(4, "Scorch", "summon", 2, 0, "", "Choose up to 2 Forwards opponent controls. Deal them 3000 damage and "
                "dull them.")]
    recs += [rec(5, "Ace", "forward", 1, 5000, "Cadet", "[[br]]".join(ACE))]
    recs += [rec(6, "Pyre", "summon", 2, 0, "", "[[br]]".join(PYRE)), rec(7, "Ember", "backup", 2, 0, "Clerk", "")]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(4)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 9000, "Soldier", "") for i in range(8)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff19a", _records())


BACKUPS = ("R-020", "R-021", "R-022", "R-023")


def _game(mini, hand, theirs=("R-040", "R-041"), my_break=(), their_break=()):
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, list(BACKUPS))
    sc.field(1, list(theirs))
    sc.hand(0, list(hand))
    if my_break:
        sc.break_zone(0, list(my_break))
    if their_break:
        sc.break_zone(1, list(their_break))
    return sc.game()


def _zone_count(g, number, zone, player):
    cid = g.pool.card_id(number)
    return sum(1 for slot in range(K.N_SLOTS) if g.state[S.CARD + slot * S.CARD_W] == cid
               and g.state[S.ZONE + slot * S.CARD_W] == zone and g.state[S.OWNER + slot * S.CARD_W] == player)


def _options(g):
    return sorted(g.describe_action(int(a)) for a in g.legal_actions())



# ---- compiling: the grammar of ordinary effects, in a modal ability's actions too --------------------------------------
@pytest.mark.parametrize("line, effect", [
    ("Choose 2 cards in your opponent's Break Zone. Remove them from the game.",
     [{"op": "choose", "filter": {"zone": "break", "side": "opponent"}, "count": 2, "reg": 0},
      {"op": "remove_from_game", "reg": 0}]),
    ("Choose up to 2 cards from either player's Break Zone. Remove them from the game. Draw 1 card.",
     [{"op": "choose", "filter": {"zone": "break", "side": "any"}, "count": 2, "reg": 0, "up_to": True},
      {"op": "remove_from_game", "reg": 0}, {"op": "draw", "count": 1}]),
    ("Choose 1 Forward in your Break Zone. Remove it from the game.",
     [{"op": "choose", "filter": {"type": "forward", "zone": "break", "side": "own"}, "count": 1, "reg": 0},
      {"op": "remove_from_game", "reg": 0}]),
    ("Remove all the cards in your opponent's Break Zone from the game.",
     [{"op": "remove_break_zone", "filter": {"zone": "break", "side": "opponent"}}]),
    ("Choose up to 2 Forwards. Deal them 3000 damage and dull them.",
     [{"op": "choose", "filter": {"type": "forward"}, "count": 2, "reg": 0, "up_to": True},
      {"op": "damage", "amount": 3000, "reg": 0}, {"op": "dull", "reg": 0}]),
])
def test_break_zone_removal_and_damage_then_verb_compile_exact(line, effect):
    res = COMPILER.compile_line(line, SUMMON)
    assert res.verdict is Verdict.EXACT, res.reason
    assert res.abilities[0]["effect"] == effect


@pytest.mark.parametrize("line", [
    # a card of another player's Break Zone to your hand / onto your field: not the engine's (own Break Zone only)
    "Choose 1 Forward in your opponent's Break Zone. Add it to your hand.",
    "Choose 1 Forward in your opponent's Break Zone. Play it onto the field.",
    # another verb on Break Zone cards, and "you have" counted in the opponent's Break Zone
    "Choose 1 card in your opponent's Break Zone. Dull it.",
    "If you have 3 or more Forwards in your opponent's Break Zone, Zed gains +1000 power.",
])
def test_other_break_zone_sentences_stay_unsupported(line):
    assert COMPILER.compile_line(line, FWD if line.startswith("If") else SUMMON).verdict is Verdict.UNSUPPORTED


def test_modal_actions_compile_with_the_ordinary_grammar():
    res = compile_card_lines(PURGE, SUMMON)
    assert [r.verdict for r in res] == [Verdict.EXACT] * 3, res[0].reason
    eff = res[0].abilities[0]["effect"]
    assert [op["op"] for op in eff] == ["select_mode", "mode", "remove_break_zone", "mode", "choose", "damage"]
    # as a Forward's "When ~ enters the field, select 1 of the 2 following actions."
    lines = ["When Zed enters the field, select 1 of the 2 following actions.", *PURGE[1:]]
    res = compile_card_lines(lines, FWD)
    assert [r.verdict for r in res] == [Verdict.EXACT] * 3, res[0].reason
    assert res[0].abilities[0]["trigger"] == "enters_self"


# ---- playing them (CR 11.11.2: a chosen card that left its zone is not affected) --------------------------------------
def test_remove_all_the_cards_of_the_opponents_break_zone(mini):
    g = _game(mini, hand=("R-001",), their_break=("R-040", "R-041", "R-042"), my_break=("R-043",))
    do(g, "Cast Purge", "Select action 1")
    _resolve(g)
    assert int(g.state[S.BREAK_N + 1]) == 0
    assert [_zone_count(g, n, K.Zone.REMOVED, 1) for n in ("R-040", "R-041", "R-042")] == [1, 1, 1]
    # the caster's own Break Zone keeps its card (and the Summon itself goes there, CR 11.11.10)
    assert _zone_count(g, "R-043", K.Zone.BREAK, 0) == 1 and _zone_count(g, "R-001", K.Zone.BREAK, 0) == 1


def test_modal_other_action_leaves_the_break_zone(mini):
    g = _game(mini, hand=("R-001",), their_break=("R-042",))
    do(g, "Cast Purge")
    g.step(K.PASS)  # not action 1: action 2, the only one left, is selected
    do(g, "Choose opponent's Filler 0")
    _resolve(g)
    assert _zone_count(g, "R-042", K.Zone.BREAK, 1) == 1
    slot = slot_of(g, "R-040", K.Zone.FIELD, 1)
    assert int(g.state[S.DMG + slot * S.CARD_W]) == 4000


def test_chosen_cards_of_the_opponents_break_zone_are_removed(mini):
    g = _game(mini, hand=("R-002",), their_break=("R-040", "R-041"), my_break=("R-042",))
    do(g, "Cast Pick")
    # only the opponent's Break Zone's cards are offered
    assert not any("Filler 2" in o for o in _options(g))
    do(g, "Choose Filler 0 in the Break Zone")
    g.step(K.PASS)  # "up to 2": stop after one
    _resolve(g)
    assert _zone_count(g, "R-040", K.Zone.REMOVED, 1) == 1 and _zone_count(g, "R-041", K.Zone.BREAK, 1) == 1
    assert _zone_count(g, "R-042", K.Zone.BREAK, 0) == 1


def test_either_players_break_zone_offers_each_owners_copy(mini):
    # the same card in both Break Zones: two choices (copies are interchangeable only in one player's zone)
    g = _game(mini, hand=("R-003",), their_break=("R-045",), my_break=("R-045",))
    do(g, "Cast Either")
    opts = [o for o in _options(g) if o.startswith("Choose Filler 5")]
    assert len(opts) == 2
    acts = [int(a) for a in g.legal_actions() if g.describe_action(int(a)).startswith("Choose Filler 5")]
    hand = int(g.state[S.HAND_N])
    g.step(acts[1])
    _resolve(g)
    assert _zone_count(g, "R-045", K.Zone.REMOVED, 0) + _zone_count(g, "R-045", K.Zone.REMOVED, 1) == 1
    assert _zone_count(g, "R-045", K.Zone.BREAK, 0) + _zone_count(g, "R-045", K.Zone.BREAK, 1) == 1
    assert int(g.state[S.HAND_N]) == hand + 1  # then 1 card drawn


def test_deal_them_damage_and_dull_them(mini):
    g = _game(mini, hand=("R-004",))
    do(g, "Cast Scorch", "Choose opponent's Filler 0", "Choose opponent's Filler 1")
    _resolve(g)
    for n in ("R-040", "R-041"):
        slot = slot_of(g, n, K.Zone.FIELD, 1)
        assert (int(g.state[S.DMG + slot * S.CARD_W]), int(g.state[S.DULL + slot * S.CARD_W])) == (3000, 1)


# ---- "You may pay X. When you do so, Y." as an action: selected first, the payment asked on resolution ----------------
def test_modal_action_may_pay_when_you_do_so_compiles_exact():
    res = compile_card_lines(ACE, {"name": "Ace", "type": "forward", "element": "earth", "cost": 1})
    assert [r.verdict for r in res] == [Verdict.EXACT] * 3, res[0].reason
    main, reflexive = res[0].abilities
    assert "optional" not in main  # the other action is not optional
    assert [op["op"] for op in main["effect"]] == ["select_mode", "mode", "choose", "damage", "mode", "pay", "if_done",
                                                   "reflex"]
    assert main["effect"][5]["may"] is True and main["effect"][7]["ability"] == 1
    assert reflexive["trigger"] == "reflexive" and [op["op"] for op in reflexive["effect"]] == ["choose", "damage"]


def test_modal_actions_each_queue_their_own_reflexive_ability():
    lines = ["When Ace enters the field, select 1 of the 3 following actions.", '"Draw 1 card."',
             '"You may pay {Earth}. When you do so, choose 1 Forward. Dull it."',
             '"You may pay {Earth}{Earth}. When you do so, choose 1 Forward. Break it."']
    res = compile_card_lines(lines, {"name": "Ace", "type": "forward", "element": "earth", "cost": 1})
    assert res[0].verdict is Verdict.EXACT, res[0].reason
    main, dull, brk = res[0].abilities
    assert [op["ability"] for op in main["effect"] if op["op"] == "reflex"] == [1, 2]
    assert dull["effect"][1]["op"] == "dull" and brk["effect"][1]["op"] == "break"


def test_modal_action_with_another_you_may_stays_unsupported():
    lines = ["When Ace enters the field, select 1 of the 2 following actions.", '"Draw 1 card."',
             '"You may search for 1 Forward and add it to your hand."']
    res = compile_card_lines(lines, {"name": "Ace", "type": "forward", "element": "earth", "cost": 1})
    assert res[0].verdict is Verdict.UNSUPPORTED and "you may" in res[0].reason


def _play_ace(mini, action, pay):
    """Play Ace (its first Backup pays), select ``action``; at the payment's "you may": ``pay``."""
    g = _game(mini, hand=("R-005",))
    do(g, "Play Ace")
    asked = []
    for _ in range(60):
        if g.done or (g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0 and asked):
            break
        if g.decision == K.Decision.OPTIONAL_EFFECT:
            label = g.describe_action(K.OPTION_BASE)
            if label.startswith("Select action"):
                g.step(K.OPTION_BASE if label.startswith(f"Select action {action}") else K.PASS)
            else:
                asked.append(label)
                g.step(K.OPTION_BASE if pay else K.PASS)
        elif g.decision == K.Decision.CHOOSE_TARGET:
            do(g, "Choose opponent's Filler 0")
            asked.append("target") if not asked else None
        else:
            _resolve(g, limit=1)
    slot = slot_of(g, "R-040", K.Zone.FIELD, 1) if _zone_count(g, "R-040", K.Zone.FIELD, 1) else -1
    dmg = int(g.state[S.DMG + slot * S.CARD_W]) if slot >= 0 else "broken"
    dull = sum(int(g.state[S.DULL + slot_of(g, b, K.Zone.FIELD, 0) * S.CARD_W]) for b in BACKUPS)
    return asked, dmg, dull


def test_modal_action_may_pay_accepted_pays_and_its_reflexive_ability_deals_damage_CR_11_8_14(mini):
    asked, dmg, dull = _play_ace(mini, 2, True)
    assert asked and asked[0].startswith("Use the optional effect")
    assert dmg == "broken" and dull == 3  # Ace's cost, then {Earth}{Earth}: 9000 damage breaks the 9000 Forward


def test_modal_action_may_pay_declined_does_nothing(mini):
    asked, dmg, dull = _play_ace(mini, 2, False)
    assert asked and asked[0].startswith("Use the optional effect")
    assert dmg == 0 and dull == 1


def test_modal_other_action_asks_no_payment(mini):
    asked, dmg, dull = _play_ace(mini, 1, True)
    assert asked == ["target"] and dmg == 5000 and dull == 1


# ---- the condition of "If ..., select up to 2 of the 3 following actions instead." -------------------------------------
def test_received_six_points_of_damage_is_six_or_more_CR_3_1_1():
    lines = ["When Zed enters the field, select 1 of the 2 following actions. If you have received 6 points of damage, "
             "select up to 2 of the 2 following actions instead.", '"Draw 1 card."', '"Choose 1 Forward. Dull it."']
    res = compile_card_lines(lines, FWD)
    assert res[0].verdict is Verdict.EXACT, res[0].reason
    assert res[0].abilities[0]["effect"][1] == {"op": "mode_if", "condition": {"kind": "damage_at_least", "value": 6},
                                                "count": 2, "up_to": True}
    # exactly another count is not "N or more"
    assert COMPILER.compile_line("If you have received 5 points of damage, Zed gains +1000 power.", FWD).verdict \
        is Verdict.UNSUPPORTED


def test_a_total_of_and_or_before_paying_the_cost_compiles_exact():
    res = compile_card_lines(PYRE, {"name": "Pyre", "type": "summon", "element": "earth", "cost": 2})
    assert [r.verdict for r in res] == [Verdict.EXACT] * 3, res[0].reason
    cond = res[0].abilities[0]["effect"][1]["condition"]
    assert cond["kind"] == "controls_at_least" and cond["value"] == 3
    assert (cond["filter"]["name"], cond["filter"]["alt"]["name"]) == ("Pyre", "Ember")
    # "(before paying the cost ...)" only where the actions are selected before a cost is paid: a Summon's
    fwd = ["When Zed enters the field, select 1 of the 2 following actions. " + PYRE[0].split(". ", 1)[1], *PYRE[1:]]
    assert compile_card_lines(fwd, FWD)[0].verdict is Verdict.UNSUPPORTED


@pytest.mark.parametrize("broken, questions", [(("R-007", "R-007", "R-006"), 2), (("R-007", "R-006"), 1)])
def test_select_instead_counts_either_name_in_the_break_zone(mini, broken, questions):
    g = _game(mini, hand=("R-006",), my_break=broken)
    do(g, "Cast Pyre")
    asked = 0
    while g.decision == K.Decision.OPTIONAL_EFFECT:
        asked += 1
        g.step(K.OPTION_BASE)  # each action asked is selected
    assert asked == questions


def test_action_with_a_stray_closing_single_quote_compiles():
    lines = ["When Zed enters the field, select 1 of the 2 following actions.",
             "\"Choose 1 Forward. Until the end of the turn, it gains +1000 power and Brave.'\"", '"Draw 1 card."']
    res = compile_card_lines(lines, FWD)
    assert res[0].verdict is Verdict.EXACT, res[0].reason
