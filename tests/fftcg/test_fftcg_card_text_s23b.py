"""FF-TCG card text, session 23 (branch s23-ffb): "[you may] cast 1 Summon [of cost N or less] from your hand without
paying the cost" (Op.CAST_FREE): on resolution the controller selects a castable Summon of their hand, which is cast by
the ordinary steps but the payment (CR 11.3.2: onto the stack; 11.3.3: its targets chosen; 11.3.8: its cast triggers),
after which the turn player gains the priority (CR 11.1.5). An amount's "for every N cards ..." (K.PER_EVERY_SPAN) and
"for each CP required to cast the highest cost DESC you control" (K.PER_MAX_COST). "When your opponent discards 1 or
more cards due to your Summons or abilities" (Trigger.OPP_DISCARDS: once for the Summon or ability). Restrictions
"until the end of your opponent's turn" (K.OPP_TURN_DURATION: marks in RST_PERM's spare bits). Made-up lines played in
small games."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.engine.header import H_TURN
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tests.fftcg.fftcg_helpers import card_record, do, import_mini, mini_deck, pass_until, slot_of
from tests.fftcg.test_fftcg_card_text_s13 import _c, _legal, _resolve

CALLER = "{Dull}: Cast 1 Summon of cost 2 or less from your hand without paying the cost."
GOL = "The cost required to cast Gol is reduced by 1 for every 5 cards in your Break Zone."
ARKA = "The cost required to cast Arka is reduced by 1 for each CP required to cast the highest cost Ice Forward you control."
TAMER = "{Dull}: Choose 1 Forward. It cannot attack or block until the end of your opponent's turn."
TAUNT = "When your opponent discards 1 or more cards due to your Summons or abilities, draw 1 card."
MINWA = "When Minwa attacks, you may cast 1 Summon of cost 4 or less from your hand without paying the cost."


def _records():
    rec = card_record("V")
    recs = [
        rec(1, "Caller", "backup", 2, 0, "Summoner", CALLER),
        rec(2, "Minwa", "forward", 3, 7000, "Sage", MINWA),
        rec(3, "Echo", "backup", 2, 0, "Scholar", "When you cast a Summon, draw 1 card."),
        rec(4, "Zap", "summon", 1, 0, "", "Choose 1 Forward opponent controls. Break it."),
        rec(5, "Quake", "summon", 5, 0, "", "Choose 1 Forward. Break it."),
        rec(6, "Snipe", "summon", 2, 0, "", "Choose 1 Backup opponent controls. Break it."),
        rec(7, "Gol", "forward", 5, 9000, "Lord", GOL),
        rec(8, "Arka", "forward", 5, 9000, "Lord", ARKA),
        rec(9, "Shade", "forward", 3, 6000, "Knight", "", element="ice"),
        rec(10, "Gloom", "forward", 2, 5000, "Knight", "", element="ice"),
        rec(11, "Taunter", "backup", 2, 0, "Scholar", TAUNT),
        rec(12, "Rip", "summon", 1, 0, "", "Your opponent discards 2 cards."),
        rec(13, "Grab", "summon", 1, 0, "", "Your opponent randomly discards 2 cards."),
        rec(14, "Sift", "summon", 1, 0, "", "Draw 2 cards, then discard 1 card."),
        rec(15, "Tamer", "backup", 2, 0, "Tamer", TAMER),
    ]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(5)]
    recs += [rec(40 + i, f"Scout {i}", "forward", 1, 5000, "Soldier", "") for i in range(6)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff23b", _records())


BACKUPS = ("V-020", "V-021", "V-022")


def _game(mini, hand=(), mine=(), theirs=("V-045",), their_hand=(), backups=BACKUPS, broken=()):
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, [*backups, *mine])
    sc.field(1, list(theirs))
    sc.hand(0, list(hand))
    if their_hand:
        sc.hand(1, list(their_hand))
    if broken:
        sc.break_zone(0, list(broken))
    return sc.game()


def _options(g):
    return sorted(g.describe_action(a).split(" for ")[0] for a in _legal(g))


def _dull_backups(g, player=0):
    return sum(int(g.state[S.DULL + slot_of(g, n, player=player) * S.CARD_W]) for n in BACKUPS)


# ---- compiling ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("line, card, kind, must", [
    (CALLER, ("Caller", "backup"), "action", True),
    (MINWA, ("Minwa", "forward"), "auto", False),
    ("{Water}{Water}: Cast 1 Summon of cost 3 or less from your hand without paying its cost.", ("Caller", "backup"),
     "action", True),
    ("Dull 3 active [Job Summoner]: Cast 1 Summon of cost 7 or less from your hand without paying its cost.",
     ("Caller", "backup"), "action", True),
    ("When Minwa enters the field, you may cast 1 Summon of cost 2 or less from your hand without paying its cost.",
     ("Minwa", "forward"), "auto", False),
    ("Cast 1 Summon from your hand without paying the cost.", ("Wish", "summon"), "summon", True),
])
def test_cast_without_paying_compiles_exact(line, card, kind, must):
    r = _c(line, {"name": card[0], "type": card[1], "element": "fire", "cost": 3, "power": 5000})
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason
    ab = r.abilities[0]
    assert ab["kind"] == kind and ab["effect"][-1]["op"] == "cast_free"
    assert ab["effect"][-1]["filter"]["type"] == "summon" and ab["effect"][-1]["filter"]["zone"] == "hand"
    assert ab["effect"][-1].get("up_to", True) is (not must)


@pytest.mark.parametrize("line, card", [
    # the cast completes as the resolving effect ends: nothing may follow it
    ("{Dull}: Cast 1 Summon of cost 2 or less from your hand without paying the cost. Draw 1 card.", "backup"),
    # an EX Burst runs in its own frame (CR 11.10.2)
    ("EX BURST When Minwa enters the field, you may cast 1 Summon from your hand without paying the cost.", "forward"),
    ("EX BURST Cast 1 Summon from your hand without paying the cost.", "summon"),
    # a Character is played, not cast
    ("{Dull}: Cast 1 Forward from your hand without paying the cost.", "backup"),
])
def test_casts_the_engine_does_not_follow_stay_unsupported(line, card):
    r = _c(line, {"name": "Minwa", "type": card, "element": "fire", "cost": 3, "power": 5000})
    assert r.verdict is Verdict.UNSUPPORTED


# ---- the cast: targets, stack, no payment, cast triggers ----------------------------------------------------------
def test_an_action_casts_a_summon_of_the_hand_unpaid_its_targets_chosen_CR_11_3(mini):
    g = _game(mini, hand=("V-004", "V-005"), mine=("V-001", "V-003"))
    hand = int(g.state[S.HAND_N])
    do(g, "Use ability: Caller")
    pass_until(g, K.Decision.SELECT_CARD)
    # only the Summon of cost 2 or less (Quake costs 5); a card must be cast ("Cast 1 ...": no pass)
    assert _options(g) == ["Choose Zap"]
    do(g, "Choose Zap")
    # CR 11.3.3: its target chosen as it is cast
    assert g.decision == K.Decision.CHOOSE_TARGET
    do(g, "Choose opponent's Scout 5")
    # on the stack, cast (CR 11.3.8): no CP paid, the Summon counted, "When you cast a Summon" triggered (Echo draws)
    zap = slot_of(g, "V-004", zone=K.Zone.STACK)
    assert int(g.state[S.STACK_N]) >= 1 and _dull_backups(g) == 0
    assert int(g.state[S.CAST_N]) % K.CAST_UNIT == 1
    assert g.decision == K.Decision.PRIORITY
    _resolve(g)
    assert int(g.state[S.ZONE + zap * S.CARD_W]) == K.Zone.BREAK
    assert int(g.state[S.FIELD_N + 1]) == 0  # the opponent's Scout broken
    assert int(g.state[S.HAND_N]) == hand - 1 + 1  # Zap left the hand, Echo drew 1


def test_no_castable_summon_nothing_is_cast(mini):
    # Quake costs too much; Snipe has no target (the opponent controls no Backup, CR 11.3.3)
    g = _game(mini, hand=("V-005", "V-006"), mine=("V-001",))
    do(g, "Use ability: Caller")
    for _ in range(10):
        assert g.decision != K.Decision.SELECT_CARD
        if g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0:
            break
        g.step(K.PASS)
    assert int(g.state[S.HAND_N]) == 2 and int(g.state[S.CAST_N]) == 0


def test_a_summon_cast_during_a_resolution_gives_the_priority_to_the_turn_player_CR_11_1_5(mini):
    # the non-turn player's Caller casts Zap in player 0's turn: afterwards player 0 (the turn player) has priority
    g = _game(mini, theirs=("V-045", "V-001", *("V-023", "V-024")), mine=("V-040",), their_hand=("V-004",))
    g.step(K.PASS)  # player 0 passes: player 1 gets priority
    assert g.decision == K.Decision.PRIORITY and int(g.state[S.PRIORITY_PLAYER]) == 1
    do(g, "Use ability: Caller")
    pass_until(g, K.Decision.SELECT_CARD)
    do(g, "Choose Zap")
    do(g, "Choose opponent's Scout 0")
    assert g.decision == K.Decision.PRIORITY and int(g.state[S.PRIORITY_PLAYER]) == 0
    assert int(g.state[S.CAST_N + 1]) % K.CAST_UNIT == 1 and int(g.state[S.CAST_N]) == 0
    _resolve(g)
    assert int(g.state[S.FIELD_N]) == len(BACKUPS)  # player 0's Scout broken


@pytest.mark.parametrize("accept", [True, False])
def test_you_may_cast_when_it_attacks(mini, accept):
    g = _game(mini, hand=("V-004", "V-005"), mine=("V-002",))
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Minwa")
    pass_until(g, K.Decision.OPTIONAL_EFFECT)  # "you may" asked on resolution (CR 11.8.14)
    if not accept:
        g.step(K.PASS)
        assert int(g.state[S.HAND_N]) == 2 and int(g.state[S.CAST_N]) == 0
        return
    g.step(K.OPTION_BASE)
    assert g.decision == K.Decision.SELECT_CARD
    # Zap (cost 1) and Quake (cost 5 > 4: not offered); after "you may", none may be taken too
    assert _options(g) == ["Choose Zap", "Choose no card"]
    do(g, "Choose Zap", "Choose opponent's Scout 5")
    assert int(g.state[S.CAST_N]) % K.CAST_UNIT == 1 and _dull_backups(g) == 0
    _resolve(g)
    assert int(g.state[S.FIELD_N + 1]) == 0


# ---- "for every N cards", "for each CP required to cast the highest cost DESC" ---------------------------------------
@pytest.mark.parametrize("line, card, per", [
    (GOL, "Gol", {"per": "card", "every": 5, "filter": {"zone": "break", "side": "own"}}),
    (ARKA, "Arka", {"per": "max_cost", "filter": {"element": ["ice"], "type": "forward", "side": "own"}}),
    ("Choose 1 Forward. Deal it 1000 damage for every 2 Backups you control.", "Fire", None),
])
def test_every_n_and_highest_cost_amounts_compile_exact(line, card, per):
    r = _c(line, {"name": card, "type": "summon" if per is None else "forward", "element": "fire", "cost": 6,
                  "power": 9000})
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason
    op = r.abilities[0]["effect"][-1]
    if per is not None:
        assert {k: op[k] for k in per} == per
    else:
        assert op["every"] == 2 and op["per"] == "card"


@pytest.mark.parametrize("n_break, cost", [(0, 5), (4, 5), (5, 4), (9, 4), (10, 3)])
def test_cost_reduced_by_1_for_every_5_cards_in_the_break_zone_rounded_down(mini, n_break, cost):
    g = _game(mini, hand=("V-007",), backups=(*BACKUPS, "V-023", "V-024"), broken=("V-040",) * n_break)
    do(g, "Play Gol")
    assert int(g.state[S.PAY_COST]) == cost  # locked as it is played (CR 11.4.6)


@pytest.mark.parametrize("mine, cost", [((), 5), (("V-010",), 3), (("V-010", "V-009"), 2), (("V-040",), 5)])
def test_cost_reduced_by_the_highest_cost_of_your_dark_forwards(mini, mine, cost):
    # Gloom (2) and Shade (3) are Ice Forwards: the highest cost counts, not the sum; the Fire Scout and the opponent's
    # Shade count nothing
    g = _game(mini, hand=("V-008",), mine=mine, backups=(*BACKUPS, "V-023", "V-024"),
              theirs=("V-045", "V-009"))
    do(g, "Play Arka")
    assert int(g.state[S.PAY_COST]) == cost


# ---- "When your opponent discards 1 or more cards due to your Summons or abilities" ---------------------------------
@pytest.mark.parametrize("line", [
    TAUNT,
    "When your opponent discards 1 or more cards from their hand due to your Summons or abilities, choose 1 Character. "
    "Dull it and Freeze it.",
])
def test_opponent_discards_trigger_compiles_exact(line):
    r = _c(line, {"name": "Taunter", "type": "backup", "element": "fire", "cost": 2})
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason
    assert r.abilities[0]["trigger"] == "opp_discards"


@pytest.mark.parametrize("summon, draws", [("Rip", 1), ("Grab", 1), ("Sift", 0)])
def test_opponent_discards_triggers_once_for_the_summon_that_made_them_discard(mini, summon, draws):
    # two cards discarded by one Summon: one trigger; the player's own discard: none
    number = {"Rip": "V-012", "Grab": "V-013", "Sift": "V-014"}[summon]
    g = _game(mini, hand=(number,), mine=("V-011",), their_hand=("V-040", "V-041", "V-042"))
    do(g, f"Cast {summon}")
    for _ in range(40):
        if g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0:
            break
        if g.decision == K.Decision.PAY_CP:
            g.step(next(a for a in _legal(g) if K.OWN_FIELD_BASE <= a < K.OWN_FIELD_BASE + K.FIELD_SLOTS))
        elif g.decision == K.Decision.DISCARD:
            g.step(_legal(g)[0])
        else:
            g.step(K.PASS)
    assert int(g.state[S.HAND_N + 1]) == (1 if summon != "Sift" else 3)
    assert int(g.state[S.HAND_N]) == (draws if summon != "Sift" else 1)
    assert (int(g.state[S.PLAYER_SHIELD]) & K.OPP_DISCARD_EVENT_BIT) == 0


# ---- "until the end of your opponent's turn" (restrictions) ---------------------------------------------------------
@pytest.mark.parametrize("line, card, restrictions", [
    (TAMER, "backup", ["cant_attack", "cant_block"]),
    ("EX BURST When Drake enters the field, choose 1 Forward. It cannot attack until the end of your opponent's turn.",
     "forward", ["cant_attack"]),
    ('When Drake enters the field, Drake gains "Drake cannot be chosen by your opponent\'s abilities." until the end of '
     "your opponent's turn.", "forward", ["unchoosable_by_opp_abilities"]),
])
def test_restrictions_until_the_end_of_your_opponents_turn_compile_exact(line, card, restrictions):
    r = _c(line, {"name": "Drake", "type": card, "element": "wind", "cost": 3, "power": 7000})
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason
    op = next(o for o in r.abilities[0]["effect"] if o["op"] == "restrict")
    assert op["restrictions"] == restrictions and op["duration"] == "end_of_opp_turn"


@pytest.mark.parametrize("line", [
    # a power or a keyword has no such duration in the engine
    "When Drake enters the field, choose 1 Forward. It gains +1000 power until the end of your opponent's turn.",
    "When Drake enters the field, choose 1 Forward. It gains Haste until the end of your opponent's turn.",
    # "cannot be broken": not among the restrictions kept for the opponent's turn
    "When Drake enters the field, choose 1 Forward. It cannot be broken until the end of your opponent's turn.",
])
def test_other_effects_until_the_end_of_your_opponents_turn_stay_unsupported(line):
    r = _c(line, {"name": "Drake", "type": "forward", "element": "wind", "cost": 3, "power": 7000})
    assert r.verdict is Verdict.UNSUPPORTED


def _rst(g, number, player):
    return int(g.state[S.D_RST + slot_of(g, number, player=player) * S.CARD_W])


def _next_turn(g):
    turn = int(g.state[H_TURN])
    for _ in range(300):
        if int(g.state[H_TURN]) != turn and g.decision == K.Decision.PRIORITY:
            return
        acts = _legal(g)
        g.step(K.PASS if K.PASS in acts else acts[0])
    raise AssertionError("the turn did not end")


BOTH = K.RESTRICT_CANT_ATTACK | K.RESTRICT_CANT_BLOCK


def test_applied_in_your_turn_it_lasts_through_the_opponents_turn_CR_9_5_1_3(mini):
    g = _game(mini, mine=("V-015",), theirs=("V-045",))
    do(g, "Use ability: Tamer")
    pass_until(g, K.Decision.CHOOSE_TARGET)
    do(g, "Choose opponent's Scout 5")
    _resolve(g)
    assert _rst(g, "V-045", 1) & BOTH == BOTH
    _next_turn(g)  # the opponent's turn: still
    assert int(g.state[S.TURN_PLAYER]) == 1 and _rst(g, "V-045", 1) & BOTH == BOTH
    _next_turn(g)  # ended with the opponent's turn
    assert int(g.state[S.TURN_PLAYER]) == 0 and _rst(g, "V-045", 1) & BOTH == 0
    assert int(g.state[S.RST_PERM + slot_of(g, "V-045", player=1) * S.CARD_W]) == 0


def test_applied_in_the_opponents_turn_it_ends_with_that_turn(mini):
    # player 1's Tamer used in player 0's turn (player 1's opponent's turn): it ends as this turn ends
    g = _game(mini, mine=("V-040",), theirs=("V-015", "V-023", "V-024"))
    g.step(K.PASS)
    do(g, "Use ability: Tamer")
    pass_until(g, K.Decision.CHOOSE_TARGET)
    do(g, "Choose opponent's Scout 0")
    _resolve(g)
    assert _rst(g, "V-040", 0) & BOTH == BOTH
    _next_turn(g)
    assert int(g.state[S.TURN_PLAYER]) == 1 and _rst(g, "V-040", 0) & BOTH == 0
