"""FF-TCG card text, session 22 (branch s22-ffa): the older printings' wording (the ffdecks list) read as the later
printings' ("[Card Name (X)]", "his/her", "Chose", a lower-case "forward", "onto the Field", "their owner's hand",
"gains+N", "The cost required to play [Card Name X] ..." for "... to play your [Card Name X] ...", a lost full stop...);
"Play it onto the field dull." (Op.PUT_ONTO_FIELD's PUT_DULL on a card chosen in the Break Zone); "~ can attack once
more this turn." (RESTRICT_ATTACK_ONCE_MORE: one attack more than CR 10.1.2.1.2 allows, until the end of the turn);
"Select 1 Character you control." (Op.OPP_SELECT's SELECT_BY_CONTROLLER: the controller selects on resolution, not a
choice, CR 11.8.9); "Each player draws 1 card." (the turn player first, CR 11.11.6); "When you receive damage" / "When
your opponent is dealt damage" (Trigger.RECEIVES_DAMAGE / OPP_RECEIVES_DAMAGE, CR 6.5); "At the end of each of your
opponent's turns" (Trigger.OPP_BEGIN_END_PHASE, CR 9.5.1.1).
Made-up lines compiled and played in small games (the mini-pool helpers of sessions 13 / 19)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tcg_env.games.fftcg.card_text import COMPILER, normalise_line
from tests.fftcg.fftcg_helpers import card_record, do, import_mini, is_legal, mini_deck, pass_until, slot_of
from tests.fftcg.test_fftcg_card_text_s13 import _game as _game13
from tests.fftcg.test_fftcg_card_text_s13 import _resolve
from tests.fftcg.test_fftcg_card_text_s19b import _battle, _declare, _to_attack

FWD = {"name": "Zed", "type": "forward", "element": "fire", "cost": 3, "power": 7000, "job": "Knight"}
BACKUP = {"name": "Zed", "type": "backup", "element": "fire", "cost": 2, "job": "Mage"}
RALLY = ("When Rally attacks, activate Rally. Rally can attack once more this turn. This effect will trigger only once "
         "per turn.")
COACH = "{Dull}: Choose 1 Forward you control. It can attack once more this turn."
RAISE = "Choose 1 Forward of cost 3 or less in your Break Zone. Play it onto the field dull."
PURGER = ("When Purger enters the field, select 1 Character of cost 2 or less other than Purger you control. Put it into "
          "the Break Zone.")
DIVER = "When Diver enters the field, each player draws 1 card."


def _records():
    rec = card_record("P")
    recs = [rec(1, "Rally", "forward", 3, 5000, "Knight", RALLY),
            rec(2, "Bravo", "forward", 2, 5000, "Soldier", "Brave"),
            rec(3, "Coach", "backup", 2, 0, "Mage", COACH),
            rec(4, "Raise", "summon", 2, 0, "", RAISE),
            rec(5, "Purger", "forward", 2, 8000, "Knight", PURGER),
            rec(6, "Diver", "backup", 1, 0, "Mage", DIVER),
            rec(7, "Avenger", "backup", 2, 0, "Mage", "When you receive damage, draw 1 card."),
            rec(8, "Gloater", "backup", 2, 0, "Mage", "When your opponent is dealt damage, draw 1 card."),
            rec(9, "Nightwatch", "backup", 2, 0, "Mage", "At the end of each of your opponent's turns, draw 1 card."),
            rec(10, "Storm", "backup", 2, 0, "Mage", "When Storm enters the field, deal 1000 damage to all the Forwards "
                "opponent controls for each [Job Knight] Forward you control.")]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(6)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 5000, "Soldier", "") for i in range(8)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff22a", _records())


def _same(old, new, card):
    a, b = COMPILER.compile_line(old, card), COMPILER.compile_line(new, card)
    assert b.verdict is Verdict.EXACT, (new, b.reason)
    assert a.verdict is Verdict.EXACT, (old, a.reason)
    assert a.abilities == b.abilities and a.fields == b.fields


# ---- the older printings' wording ---------------------------------------------------------------------------------
@pytest.mark.parametrize("old, new, card", [
    ("If you control [Card Name (Lenna)], Zed gains +1000 power.", "If you control [Card Name Lenna], Zed gains +1000 "
     "power.", FWD),
    ("If you control [Card Name(Lenna)], Zed gains +1000 power.", "If you control [Card Name Lenna], Zed gains +1000 "
     "power.", FWD),
    ("If you control 2 or more [Job (Knight)], Zed gains +1000 power.", "If you control 2 or more [Job Knight], Zed "
     "gains +1000 power.", FWD),
    ("When Zed enters the field, each player discards 1 card from his/her hand.", "When Zed enters the field, each "
     "player discards 1 card from their hand.", FWD),
    ("When Zed enters the field, each player discard 1 card from his/her hand.", "When Zed enters the field, each "
     "player discards 1 card.", FWD),
    ("When Zed enters the field, your opponent selects 1 Forward he/she controls. Break it.", "When Zed enters the "
     "field, your opponent selects 1 Forward they control. Break it.", FWD),
    ("{Dull}: Chose 1 Forward. It gains +1000 power until the end of the turn.", "{Dull}: Choose 1 Forward. It gains "
     "+1000 power until the end of the turn.", BACKUP),
    ("Choose one forward. Dull it.", "Choose 1 Forward. Dull it.", {**BACKUP, "type": "summon"}),
    ("When Zed enters the field, choose 1 Foward oppponent controls. Dull it.", "When Zed enters the field, choose 1 "
     "Forward opponent controls. Dull it.", FWD),
    ("When Zed enters the field, you may play 1 Forward of cost 2 or less from your hand onto the Field.", "When Zed "
     "enters the field, you may play 1 Forward of cost 2 or less from your hand onto the field.", FWD),
    ("Choose up to 2 Forwards. Return them to their owner's hand.", "Choose up to 2 Forwards. Return them to their "
     "owners' hands.", {**BACKUP, "type": "summon"}),
    ("When Zed attacks, Zed gains+1000 power until the end of the turn.", "When Zed attacks, Zed gains +1000 power "
     "until the end of the turn.", FWD),
    ("IF you control [Card Name (Lenna)], Zed gains First Strike.", "If you control [Card Name Lenna], Zed gains First "
     "Strike.", FWD),
    # a reference glued to its cost, the cost "required", "It cannot become 0." as its own sentence
    ("The cost required to cast [Card Name (Bahamut)] is reduced by 2 (it cannot become 0).", "The cost required to "
     "cast your [Card Name Bahamut] is reduced by 2 (it cannot become 0).", BACKUP),
    ("The cost to play [Card Name Lenna] or [Card Name Faris] onto the field is reduced by 1.", "The cost required to "
     "play your [Card Name Lenna] or [Card Name Faris] onto the field is reduced by 1.", BACKUP),
    ("The cost required to play [Card Name Lenna] onto the field is reduced by 2. It cannot become 0.", "The cost "
     "required to play your [Card Name Lenna] onto the field is reduced by 2 (it cannot become 0).", BACKUP),
    # "it" in a field ability after "If you control X,": the card itself
    ("If you control [Card Name (Lenna)], it cannot be chosen by your opponent's abilities.", "If you control [Card "
     "Name Lenna], Zed cannot be chosen by your opponent's abilities.", BACKUP),
    # a lost full stop (inside a sentence and at the end), "}:" without its space, ", Choose"
    ("When Zed enters the field, choose 1 Forward opponent controls Dull it.", "When Zed enters the field, choose 1 "
     "Forward opponent controls. Dull it.", FWD),
    ("When Zed enters the field, you may search for 1 [Category VI] Forward and add it to your hand", "When Zed enters "
     "the field, you may search for 1 [Category VI] Forward and add it to your hand.", FWD),
    ("{Dull}:Choose 1 Forward. Deal it 1000 damage.", "{Dull}: Choose 1 Forward. Deal it 1000 damage.", BACKUP),
    ("When Zed is put from the field into the break zone, Choose 1 Forward. Dull it.", "When Zed is put from the field "
     "into the Break Zone, choose 1 Forward. Dull it.", FWD),
    ("When Zed enters your field, you may search for [Card Name Lenna] and add it to your hand.", "When Zed enters the "
     "field, you may search for 1 [Card Name Lenna] and add it to your hand.", FWD),
    ("{Dull}: Put Zed into the Break Zone: Choose 1 Forward. Deal it 1000 damage.", "{Dull}, put Zed into the Break "
     "Zone: Choose 1 Forward. Deal it 1000 damage.", BACKUP),
    # a trigger's lost comma, "For each ..." without its comma, a condition printed "When", more typos
    ("When Zed enters the field choose 1 Forward. Dull it.", "When Zed enters the field, choose 1 Forward. Dull it.",
     FWD),
    ("For each [Job Knight] you control Zed gains +1000 power.", "For each [Job Knight] you control, Zed gains +1000 "
     "power.", FWD),
    ("When your opponent controls 2 or more Fowards, Zed gains +2000 power.", "If your opponent controls 2 or more "
     "Forwards, Zed gains +2000 power.", FWD),
    ("When Zed is chosen by your opponent's summons or abilities, draw 1 card.", "When Zed is chosen by your "
     "opponent's Summons or abilities, draw 1 card.", FWD),
    ("{Dull}: Choose 1 Forward. It hains Haste until the end of the turn.", "{Dull}: Choose 1 Forward. It gains Haste "
     "until the end of the turn.", BACKUP),
    ("When Zed enters the field, you may search for one [Card Name (Lenna)] or 1 [Card Name (Faris)] and add it to "
     "your hand.", "When Zed enters the field, you may search for 1 [Card Name Lenna] or 1 [Card Name Faris] and add "
     "it to your hand.", FWD),
    ("When Zed, a [Job Knight] Forward or a [Card Name Lenna] Forward enters your field, draw 1 card.", "When Zed or a "
     "[Job Knight] Forward or a [Card Name Lenna] Forward enters your field, draw 1 card.", FWD),
    ("{Dull}: Draw 1 card, You can only use this ability during your turn.", "{Dull}: Draw 1 card. You can only use "
     "this ability during your turn.", BACKUP),
])
def test_older_wording_compiles_as_the_later_printing(old, new, card):
    _same(old, new, card)


def test_wording_keeps_a_reference_whose_name_ends_in_parentheses():
    # "[Card Name Moogle (XII)]": a name's own parentheses stay; only a reference written "[Card Name (X)]" loses them
    assert "[Card Name Moogle (XII)]" in normalise_line("If you control [Card Name Moogle (XII)], Zed gains Haste.")
    assert "[Card Name Moogle]" in normalise_line("If you control [Card Name (Moogle)], Zed gains Haste.")


def test_cost_reduction_of_a_named_card_is_the_controller_s_own_casts():
    res = COMPILER.compile_line("The cost required to play [Card Name Lenna] onto the field is reduced by 1.", BACKUP)
    assert res.verdict is Verdict.EXACT
    assert res.abilities[0]["effect"][0]["filter"]["side"] == "own"


# ---- "Play it onto the field dull." ---------------------------------------------------------------------------------
def test_play_it_onto_the_field_dull_compiles_with_the_dull_mark():
    res = COMPILER.compile_line(RAISE, {**BACKUP, "type": "summon"})
    assert res.verdict is Verdict.EXACT, res.reason
    assert res.abilities[0]["effect"][-1] == {"op": "put_onto_field", "reg": 0, "dull": True}


def test_play_it_onto_the_field_dull_enters_dull(mini):
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)), turn_player=0)
    sc.field(0, ["P-020", "P-021", "P-022"])
    sc.field(1, ["P-043"])
    sc.break_zone(0, ["P-041"])
    sc.hand(0, ["P-004"])
    g = sc.game()
    do(g, "Cast Raise")
    _resolve(g)
    slot = slot_of(g, "P-041")
    assert int(g.state[S.DULL + slot * S.CARD_W]) == 1


# ---- "~ can attack once more this turn.": one attack more than CR 10.1.2.1.2 -----------------------------------------
@pytest.mark.parametrize("line, card", [
    (RALLY.replace("Rally", "Zed"), FWD),
    ("{Lightning}: Activate Zed. Zed can attack once more this turn. You can only use this ability during your turn and "
     "only once per turn.", FWD),
    ("%Rush% {S}: Activate Zed. Until the end of the turn, Zed gains +1000 power and \"Zed can attack once more this "
     "turn.\"", FWD),
    (COACH, BACKUP),
])
def test_attack_once_more_compiles_exact_to_the_restriction(line, card):
    res = COMPILER.compile_line(line, card)
    assert res.verdict is Verdict.EXACT, res.reason
    ops = [op for op in res.abilities[0]["effect"] if op["op"] == "restrict"]
    assert ops and ops[0]["restrictions"] == ["attack_once_more"] and ops[0]["duration"] == "end_of_turn"


def test_attack_once_more_is_no_field_ability():
    assert COMPILER.compile_line("Zed can attack once more.", FWD).verdict is Verdict.UNSUPPORTED


def test_cr_10_1_2_1_2_a_forward_attacks_once_per_turn(mini):
    # Bravo (Brave: it stays active) attacks once; no second attack
    g = _to_attack(mini, ("P-002",))
    _declare(g, "Bravo")
    _battle(g)
    assert g.decision != K.Decision.DECLARE_ATTACK or not is_legal(g, "Attack with Bravo")


def test_attack_once_more_after_its_attack_one_more_attack(mini):
    # Rally attacks: its ability activates it and gives it one more attack; it attacks again (the ability does not
    # trigger again: once per turn), then cannot attack a third time
    g = _to_attack(mini, ("P-001",))
    _declare(g, "Rally")
    _battle(g)
    slot = slot_of(g, "P-001")
    assert int(g.state[S.DULL + slot * S.CARD_W]) == 0
    assert is_legal(g, "Attack with Rally")
    _declare(g, "Rally")
    _battle(g)
    assert int(g.state[S.DAMAGE_N + 1]) == 2
    assert int(g.state[S.D_RST + slot * S.CARD_W]) & K.RESTRICT_ATTACK_ONCE_MORE == 0
    assert g.decision != K.Decision.DECLARE_ATTACK or not is_legal(g, "Attack with Rally")


def test_attack_once_more_before_its_first_attack_two_attacks(mini):
    # Coach gives Bravo (Brave) one more attack in Main Phase 1: it attacks twice this turn, not three times
    g = _game13(mini, mine=("P-002", "P-003"), theirs=(), backups=("P-020", "P-021", "P-022"))
    do(g, "Use ability: Coach", "Choose your Bravo")
    _resolve(g)
    slot = slot_of(g, "P-002")
    assert int(g.state[S.RST_EOT + slot * S.CARD_W]) & K.RESTRICT_ATTACK_ONCE_MORE
    g.step(K.PASS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    _declare(g, "Bravo")
    _battle(g)
    assert int(g.state[S.RST_EOT + slot * S.CARD_W]) & K.RESTRICT_ATTACK_ONCE_MORE  # kept for the second attack
    assert is_legal(g, "Attack with Bravo")
    _declare(g, "Bravo")
    _battle(g)
    assert int(g.state[S.DAMAGE_N + 1]) == 2
    assert int(g.state[S.RST_EOT + slot * S.CARD_W]) & K.RESTRICT_ATTACK_ONCE_MORE == 0
    assert g.decision != K.Decision.DECLARE_ATTACK or not is_legal(g, "Attack with Bravo")


# ---- "Select 1 Character you control.": the controller selects on resolution (CR 11.8.9) -----------------------------
def test_select_you_control_compiles_to_the_controller_s_selection():
    res = COMPILER.compile_line(PURGER.replace("Purger", "Zed"), FWD)
    assert res.verdict is Verdict.EXACT, res.reason
    assert res.abilities[0]["effect"][0] == {"op": "opp_select", "filter": {"type": "character", "cost_max": 2,
                                                                            "exclude_self": True, "side": "own"},
                                             "count": 1, "reg": 0, "by": "controller"}
    # the opponent's cards: not a selection this op makes
    assert COMPILER.compile_line("When Zed enters the field, select 1 Forward opponent controls. Break it.",
                                 FWD).verdict is Verdict.UNSUPPORTED


def test_select_you_control_cr_11_8_9_the_controller_selects_and_puts_it_into_the_break_zone(mini):
    from tests.fftcg.fftcg_helpers import backup_payment

    # Purger enters: its controller (player 0) selects among its Characters of cost 2 or less (Filler 0, the Clerks),
    # not Purger itself nor Rally (cost 3), nor the opponent's Filler 2; no pass; the selected card goes to the Break Zone
    g = _game13(mini, hand=("P-005",), mine=("P-040", "P-001", "P-023"), theirs=("P-042",),
                backups=("P-020", "P-021", "P-022"))
    do(g, "Play Purger")
    for _ in range(20):
        if g.decision == K.Decision.PAY_CP:
            g.step(backup_payment(g))
        elif g.decision == K.Decision.SELECT_CARD:
            break
        else:
            g.step(K.PASS)
    assert g.decision == K.Decision.SELECT_CARD and g.current_player == 0
    acts = [int(a) for a in g.legal_actions()]
    options = {int(g.state[S.CAND + a - K.OPTION_BASE]) for a in acts}
    filler = slot_of(g, "P-040")
    assert K.PASS not in acts
    assert options == {slot_of(g, n) for n in ("P-040", "P-020", "P-021", "P-022", "P-023")}
    g.step(next(a for a in acts if int(g.state[S.CAND + a - K.OPTION_BASE]) == filler))
    _resolve(g)
    assert int(g.state[S.ZONE + filler * S.CARD_W]) == K.Zone.BREAK
    assert int(g.state[S.ZONE + slot_of(g, "P-001") * S.CARD_W]) == K.Zone.FIELD


# ---- "Each player draws 1 card." ----------------------------------------------------------------------------------
def test_each_player_draws(mini):
    g = _game13(mini, hand=("P-006",), backups=("P-020", "P-021", "P-022"), theirs=("P-042",))
    hands = int(g.state[S.HAND_N]), int(g.state[S.HAND_N + 1])
    do(g, "Play Diver")
    _resolve(g)
    assert (int(g.state[S.HAND_N]), int(g.state[S.HAND_N + 1])) == (hands[0] - 1 + 1, hands[1] + 1)


# ---- "When you receive damage", "When your opponent is dealt damage" (CR 6.5) ----------------------------------------
@pytest.mark.parametrize("line, trigger", [
    ("When you receive damage, draw 1 card.", "receives_damage"),
    ("When you are dealt damage, draw 1 card.", "receives_damage"),
    ("When your opponent is dealt damage, draw 1 card.", "opp_receives_damage"),
    ("When your opponent receives damage, activate Zed.", "opp_receives_damage"),
])
def test_player_damage_triggers_compile_exact(line, trigger):
    res = COMPILER.compile_line(line, BACKUP)
    assert res.verdict is Verdict.EXACT, res.reason
    assert res.abilities[0]["trigger"] == trigger


def test_cr_6_5_a_point_of_damage_triggers_both_sides(mini):
    # Bravo's unblocked attack deals player 1 a point: their Avenger ("When you receive damage") and player 0's Gloater
    # ("When your opponent is dealt damage") trigger: each controller draws 1; player 0's Avenger does not
    g = _to_attack(mini, ("P-002", "P-008", "P-007"), theirs=("P-007",))
    hands = int(g.state[S.HAND_N]), int(g.state[S.HAND_N + 1])
    _declare(g, "Bravo")
    _battle(g)
    assert int(g.state[S.DAMAGE_N + 1]) == 1
    assert (int(g.state[S.HAND_N]), int(g.state[S.HAND_N + 1])) == (hands[0] + 1, hands[1] + 1)


def test_no_damage_no_trigger(mini):
    # the Attack Phase ends without an attack: nothing triggers
    g = _to_attack(mini, ("P-002", "P-008"), theirs=("P-007",))
    hands = int(g.state[S.HAND_N]), int(g.state[S.HAND_N + 1])
    do(g, "End the Attack Phase (no more attacks)")
    assert (int(g.state[S.HAND_N]), int(g.state[S.HAND_N + 1])) == hands


# ---- "At the end of each of your opponent's turns" (CR 9.5.1.1) --------------------------------------------------------
@pytest.mark.parametrize("line", [
    "At the end of each of your opponent's turns, draw 1 card.",
    "At the beginning of the End Phase during each of your opponent's turns, draw 1 card.",
])
def test_opp_end_of_turn_compiles_exact(line):
    res = COMPILER.compile_line(line, BACKUP)
    assert res.verdict is Verdict.EXACT, res.reason
    assert res.abilities[0]["trigger"] == "opp_begin_end_phase"


def test_phase_names_in_lower_case_read_as_the_phase():
    assert normalise_line("At the beginning of the attack phase during each of your turns, draw 1 card.") == \
        "at the beginning of the Attack Phase during each of your turns, draw 1 card."


def _to_next_turn(mini, theirs):
    g = _game13(mini, mine=("P-009",), theirs=theirs, backups=("P-020", "P-021", "P-022"))
    for _ in range(80):
        if int(g.state[S.TURN_PLAYER]) == 1:
            break
        acts = [int(a) for a in g.legal_actions()]
        g.step(K.PASS if K.PASS in acts else acts[0])
    assert int(g.state[S.TURN_PLAYER]) == 1
    return int(g.state[S.HAND_N]), int(g.state[S.HAND_N + 1])


def test_cr_9_5_1_1_at_the_end_of_the_opponent_s_turn_the_non_turn_player_s_card_triggers(mini):
    # player 0's turn ends: player 1's Nightwatch triggers in the End Phase (player 1 draws 1 more than with a plain
    # Backup instead), player 0's Nightwatch does not (its controller's own turn)
    with_watch, without = _to_next_turn(mini, ("P-009",)), _to_next_turn(mini, ("P-023",))
    assert with_watch == (without[0], without[1] + 1)


# ---- "Deal N damage to all ... for each ..." -------------------------------------------------------------------------
def test_damage_to_a_group_for_each_counted_on_resolution(mini):
    # two Knight Forwards (Rally, Purger) under player 0: Storm deals 2000 to each of the opponent's Forwards
    g = _game13(mini, hand=("P-010",), mine=("P-001", "P-005"), theirs=("P-042", "P-043"),
                backups=("P-020", "P-021", "P-022"))
    do(g, "Play Storm")
    _resolve(g)
    assert [int(g.state[S.DMG + slot_of(g, n, player=1) * S.CARD_W]) for n in ("P-042", "P-043")] == [2000, 2000]
    assert int(g.state[S.DMG + slot_of(g, "P-001") * S.CARD_W]) == 0
