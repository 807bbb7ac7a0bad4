"""FF-TCG card text, session 24 (branch s24-ff): "When you draw a card" (Trigger.DRAW) and "When your opponent draws a
card outside of his/her Draw Phase" (Trigger.OPP_DRAWS_OUTSIDE_DRAW_PHASE), fired by triggers.after_draw once for each
card drawn: the Draw Phase's draws (CR 9.2.1.1, the abilities waiting for the next priority, CR 9.2.1.2) and an
effect's "Draw N cards" (the core interpreter's DRAW, through the hook after_draw). "When ~ is dealt damage by a Forward
/ a Character opponent controls" (Trigger.DEALT_DAMAGE_BY_OPP_FORWARD_SELF / _CHARACTER_SELF: the card that deals it,
CR 11.11.8). Made-up lines played in small games."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.engine.header import H_DECIDER, H_TURN
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tests.fftcg.fftcg_helpers import card_record, do, import_mini, mini_deck, pass_until, slot_of
from tests.fftcg.test_fftcg_card_text_s13 import _c, _legal, _resolve

DRAWER = "When you draw a card, Reader gains +1000 power until the end of the turn."
DADA = ("When Dada is dealt damage by a Forward opponent controls, choose 1 Forward opponent controls. "
        "Deal it 8000 damage.")
ZED = ("When Zed is dealt damage by a Character opponent controls, choose 1 Forward opponent controls. "
       "Deal it 8000 damage.")
WATCHER = ("When your opponent draws a card outside of his/her Draw Phase, choose 1 Forward opponent controls. "
           "Dull it and Freeze it.")


def _records():
    rec = card_record("D")
    recs = [
        rec(1, "Reader", "forward", 3, 5000, "Scholar", DRAWER),
        rec(2, "Watcher", "backup", 2, 0, "Seer", WATCHER),
        rec(3, "Study", "summon", 1, 0, "", "Draw 2 cards."),
        rec(4, "Dada", "forward", 3, 9000, "Warrior", DADA),
        rec(5, "Zed", "forward", 3, 9000, "Warrior", ZED),
        rec(6, "Striker", "forward", 2, 6000, "Archer", "{Dull}: Choose 1 Forward. Deal it 1000 damage."),
        rec(7, "Gunner", "backup", 2, 0, "Archer", "{Dull}: Choose 1 Forward. Deal it 1000 damage."),
        rec(8, "Bolt", "summon", 1, 0, "", "Choose 1 Forward. Deal it 1000 damage."),
        rec(9, "Arc", "forward", 3, 5000, "Warrior", "The [Job Warrior] Forwards and Wind Forwards other than Arc you "
            "control gain +1000 power."),
        rec(10, "Lancer", "forward", 3, 5000, "Warrior", "", element="wind"),
        rec(11, "Thief", "forward", 2, 5000, "Thief", "Thief cannot be chosen by your opponent's Summons or abilities "
            "during your opponent's turn."),
    ]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(5)]
    recs += [rec(40 + i, f"Scout {i}", "forward", 1, 5000, "Soldier", "") for i in range(6)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff24", _records())


BACKUPS = ("D-020", "D-021", "D-022")


def _game(mini, hand=(), mine=(), theirs=("D-045",), backups=BACKUPS, their_backups=(), their_hand=()):
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, [*backups, *mine])
    sc.field(1, [*their_backups, *theirs])
    sc.hand(0, list(hand))
    if their_hand:
        sc.hand(1, list(their_hand))
    return sc.game()


def _on_field(g, number):
    cid = g.pool.card_id(number)
    return any(int(g.state[S.CARD + k * S.CARD_W]) == cid and int(g.state[S.ZONE + k * S.CARD_W]) == K.Zone.FIELD
               for k in range(K.N_SLOTS))


def _power(g, number, player=0):
    return int(g.state[S.D_POWER + slot_of(g, number, player=player) * S.CARD_W])


# ---- compiling ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("line, card, trigger", [
    (DRAWER, ("Reader", "forward"), "draw"),
    (WATCHER, ("Watcher", "backup"), "opp_draws_outside_draw_phase"),
    (DADA, ("Dada", "forward"), "dealt_damage_by_opp_forward_self"),
    (ZED, ("Zed", "forward"), "dealt_damage_by_opp_character_self"),
    ("When Zed is dealt damage by a Forward your opponent controls, draw 1 card.", ("Zed", "forward"),
     "dealt_damage_by_opp_forward_self"),
    ("When your opponent draws a card outside of their Draw Phase, draw 1 card.", ("Watcher", "backup"),
     "opp_draws_outside_draw_phase"),
])
def test_draw_triggers_compile_exact(line, card, trigger):
    r = _c(line, {"name": card[0], "type": card[1], "element": "wind", "cost": 3, "power": 5000})
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason
    assert r.abilities[0]["kind"] == "auto" and r.abilities[0]["trigger"] == trigger


def test_draw_trigger_sets_its_pool_flag(mini):
    from tcg_env.engine.tables import flag_table

    _, pool = mini
    ft = flag_table(pool.kernel_tables)
    assert int(ft[ft.shape[0] - 1, K.FL_MISC]) & K.FLAG_DRAW_TRIGGER


# ---- an effect's draw: once for each card drawn ------------------------------------------------------------------
def test_when_you_draw_a_card_triggers_once_for_each_card_an_effect_draws(mini):
    g = _game(mini, hand=("D-003",), mine=("D-001",), theirs=("D-045",), their_backups=("D-002",))
    assert _power(g, "D-001") == 5000
    hand = int(g.state[S.HAND_N])
    do(g, "Cast Study")
    _resolve(g)
    # two cards drawn: Reader's ability twice (+2000); the opponent's Watcher twice, outside their Draw Phase (each
    # dulls and Freezes a Forward of Reader's side: Reader, the only one)
    assert int(g.state[S.HAND_N]) == hand - 1 + 2
    assert _power(g, "D-001") == 7000
    reader = slot_of(g, "D-001")
    assert int(g.state[S.DULL + reader * S.CARD_W]) == 1 and int(g.state[S.FROZEN + reader * S.CARD_W]) == 1
    # the drawing player's own "opponent draws" and the opponent's "you draw" do not trigger
    assert _power(g, "D-045", player=1) == 5000


def test_no_draw_no_trigger(mini):
    g = _game(mini, hand=("D-003",), mine=("D-001",))
    pass_until(g, K.Decision.PRIORITY)
    assert _power(g, "D-001") == 5000 and int(g.state[S.STACK_N]) == 0


# ---- the Draw Phase: CR 9.2.1.1 draws two, the abilities wait for the next priority (CR 9.2.1.2) ------------------
def test_draw_phase_draws_trigger_when_you_draw_not_opponent_outside_draw_phase(mini):
    # player 1's Reader and player 0's Watcher: player 0 ends the turn, player 1 draws 2 in their Draw Phase
    g = _game(mini, mine=("D-045",), backups=("D-002", *BACKUPS), theirs=("D-001",))
    turn = int(g.state[H_TURN])
    for _ in range(80):
        if int(g.state[H_TURN]) != turn:
            break
        g.step(K.PASS)
    # CR 9.2.1.2: the two abilities wait for the first priority of Main Phase 1
    assert int(g.state[S.TURN_PLAYER]) == 1 and int(g.state[S.PHASE]) == K.Phase.MAIN1
    assert g.decision == K.Decision.ORDER_TRIGGERS and len(_legal(g)) == 2
    _resolve(g)
    assert _power(g, "D-001", player=1) == 7000  # +1000 for each of the two cards (CR 9.2.1.1)
    scout = slot_of(g, "D-045")
    # the Watcher's "outside of his/her Draw Phase": not these draws
    assert int(g.state[S.FROZEN + scout * S.CARD_W]) == 0


# ---- "When ~ is dealt damage by a Forward / a Character opponent controls" (CR 11.11.8: the card that deals it) -------
def _hit(g, user, target):
    do(g, "Cast Bolt" if user == "Bolt" else f"Use ability: {user}")
    assert g.decision == K.Decision.CHOOSE_TARGET
    do(g, f"Choose opponent's {target}")
    _resolve(g)


@pytest.mark.parametrize("user, target, breaks", [
    ("Striker", "Dada", True),   # a Forward's ability: the Forward deals it
    ("Gunner", "Dada", False),   # a Backup's: not a Forward
    ("Bolt", "Dada", False),     # a Summon's
    ("Striker", "Zed", True),    # a Character: a Forward
    ("Gunner", "Zed", True),     # or a Backup
    ("Bolt", "Zed", False),
])
def test_dealt_damage_by_an_opponents_forward_or_character_CR_11_11_8(mini, user, target, breaks):
    num = {"Dada": "D-004", "Zed": "D-005"}[target]
    g = _game(mini, hand=("D-008",), mine=("D-006", "D-007"), theirs=(num,))
    _hit(g, user, target)
    assert int(g.state[S.DMG + slot_of(g, num, player=1) * S.CARD_W]) == 1000
    # its ability chose the Striker (the only Forward of the other side) and dealt it 8000 damage: broken
    assert _on_field(g, "D-006") is (not breaks)


def test_dealt_damage_by_own_forward_does_not_trigger(mini):
    # player 0's own Dada hit by player 0's Striker: not a Forward its opponent controls
    g = _game(mini, mine=("D-006", "D-004"), theirs=("D-045",))
    do(g, "Use ability: Striker")
    do(g, "Choose your Dada")
    _resolve(g)
    assert int(g.state[S.DMG + slot_of(g, "D-004") * S.CARD_W]) == 1000
    assert _on_field(g, "D-045")


def test_battle_damage_of_the_attacker_triggers_the_blocker(mini):
    # player 0's Scout 0 (5000) attacks; player 1's Dada (9000) blocks: dealt 5000 by a Forward its opponent controls
    g = _game(mini, mine=("D-040", "D-041"), theirs=("D-004",))
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Scout 0")
    for _ in range(20):
        if g.decision == K.Decision.DECLARE_BLOCK:
            break
        g.step(K.PASS)
    do(g, "Block with Dada")
    for _ in range(40):
        if g.decision == K.Decision.CHOOSE_TARGET or g.done:
            break
        g.step(K.PASS)
    # Dada's ability, put on the stack, chooses a Forward of player 0's (the attacker was broken by Dada's 9000)
    assert g.decision == K.Decision.CHOOSE_TARGET and int(g.state[H_DECIDER]) == 1
    assert int(g.state[S.DMG + slot_of(g, "D-004", player=1) * S.CARD_W]) == 5000
    assert not _on_field(g, "D-040")
    do(g, "Choose opponent's Scout 1")
    _resolve(g)
    assert not _on_field(g, "D-041")


# ---- the compiler only: "any", "The A Forwards and B Forwards you control", a discard cost "from your hand" ------------
@pytest.mark.parametrize("line, value", [
    ("If your opponent controls any dull Forwards, Arc gains +2000 power.", 1),
    ("If your opponent controls any [Job Knight] Forwards, Arc gains +2000 power, Haste and Brave.", 1),
])
def test_controls_any_is_one_or_more(line, value):
    r = _c(line, {"name": "Arc", "type": "forward", "element": "wind", "cost": 3, "power": 5000})
    assert r.verdict is Verdict.EXACT, r.reason
    cond = r.abilities[0]["condition"]
    assert cond["kind"] == "controls_at_least" and cond["value"] == value and cond["filter"]["side"] == "opponent"


def test_the_a_forwards_and_b_forwards_you_control_is_either_description():
    r = _c("The [Job Warrior of Light] Forwards and Wind Forwards other than Arc you control gain +1000 power.",
           {"name": "Arc", "type": "forward", "element": "wind", "cost": 3, "power": 5000})
    assert r.verdict is Verdict.EXACT, r.reason
    f = r.abilities[0]["effect"][0]["filter"]
    assert f["job"] == "Warrior of Light" and f["alt"]["element"] == ["wind"]
    assert f["exclude_self"] and f["alt"]["exclude_self"] and f["side"] == f["alt"]["side"] == "own"


def test_either_description_gives_the_power_once(mini):
    # Lancer (a Warrior Forward, also Wind) and Scout 0 (a Soldier, fire): "The [Job Warrior] Forwards and Wind
    # Forwards you control" gives Lancer +1000 once, the Scout nothing
    g = _game(mini, mine=("D-009", "D-010", "D-040"))
    assert _power(g, "D-010") == 6000 and _power(g, "D-040") == 5000
    assert _power(g, "D-009") == 5000  # other than itself


# ---- "~ cannot be chosen by your opponent's Summons or abilities during your opponent's turn." (Condition.OPP_TURN) ---
def test_unchoosable_during_the_opponents_turn_only(mini):
    r = _c("Thief cannot be chosen by your opponent's Summons or abilities during your opponent's turn.",
           {"name": "Thief", "type": "forward", "element": "wind", "cost": 2, "power": 5000})
    assert r.verdict is Verdict.EXACT and r.abilities[0]["condition"] == {"kind": "opp_turn", "value": 0}
    # player 0's turn: player 1's Thief cannot be chosen by player 0's Bolt (the Scout can)
    g = _game(mini, hand=("D-008",), theirs=("D-011", "D-045"))
    do(g, "Cast Bolt")
    opts = [g.describe_action(a) for a in _legal(g)]
    assert any("Scout 5" in o for o in opts) and not any("Thief" in o for o in opts)
    # player 0's own Thief in player 0's turn: player 1's Bolt (cast in answer to player 0's Study) may choose it
    g = _game(mini, hand=("D-003",), mine=("D-011",), theirs=("D-045",), their_backups=BACKUPS, their_hand=("D-008",))
    do(g, "Cast Study")
    for _ in range(10):
        if g.decision == K.Decision.PRIORITY and int(g.state[H_DECIDER]) == 1:
            break
        g.step(_legal(g)[0] if K.PASS not in _legal(g) else K.PASS)
    do(g, "Cast Bolt")
    assert any("Thief" in g.describe_action(a) for a in _legal(g))
