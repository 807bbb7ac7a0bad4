"""FF-TCG card text, session 21 (branch s21-ffb): "the first Forward" / "the other" of one choice of two cards
(Op.SPLIT_REG), "Your opponent reveals their hand." alone and "Select 1 card in their hand other than a Backup." (Op.
HAND_SELECT), "If your opponent doesn't control any Forwards, ..." (CONTROLS_AT_MOST 0 of the opponent's), "if your
opponent has N or more cards in their hand" (Condition.OPP_HAND_AT_LEAST), "if ~ has received N damage or more"
(Condition.SELF_DAMAGE_AT_LEAST). Made-up lines played in small games (the mini-pool helpers of session 13)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tests.fftcg.fftcg_helpers import card_record, do, import_mini, is_legal, revealed_in_observation, slot_of
from tests.fftcg.test_fftcg_card_text_s13 import _answer, _c, _resolve
from tests.fftcg.test_fftcg_card_text_s13 import _game as _game13

SPLIT = ("When Splitter enters the field, choose 2 Forwards opponent controls. Return the first Forward to its owner's "
         "hand, dull and Freeze the other.")
SPLIT_UP_TO = "Choose up to 2 Forwards opponent controls. Remove the first Forward from the game, and break the other."
SPLIT_DAMAGE = "Choose 2 Forwards. Deal 8000 damage to the first Forward and dull and Freeze the other."
PEEK = "When Peeker enters the field, your opponent reveals their hand."
PICK = ("When Picker enters the field, if your opponent has 3 or more cards in their hand, your opponent reveals their "
        "hand. Select 1 card in their hand other than a Backup. Your opponent discards this card.")
LONELY = "If your opponent doesn't control any Forwards, Lonely cannot attack."
SCARRED = ("{0}: Search for 1 Fire Forward of cost 2 and play it onto the field. You can only use this ability if Scarred "
           "has received 4000 damage or more and only once per turn.")
HUNT = "When a Forward damaged by Hunter is put from the field into the Break Zone on the same turn, draw 2 cards."
DELAYED = "Choose 1 Forward. Deal it 5000 damage. When it is put from the field into the Break Zone this turn, draw 1 card."
TAXER = ("{1}: Draw 1 card. You can only use this ability if your opponent has discarded a card from their hand due to "
         "your Summons or abilities this turn.")
POWERFUL = "{{1}}: Choose 1 Forward opponent controls. If {0} has 9000 power or more, deal it 7000 damage."


def _records():
    rec = card_record("F")
    recs = [
        rec(1, "Splitter", "forward", 2, 5000, "Knight", SPLIT),
        rec(2, "Severer", "summon", 1, 0, "", SPLIT_UP_TO),
        rec(3, "Lancer", "summon", 1, 0, "", SPLIT_DAMAGE),
        rec(4, "Peeker", "forward", 2, 5000, "Thief", PEEK),
        rec(5, "Picker", "forward", 2, 5000, "Thief", PICK),
        rec(6, "Lonely", "forward", 2, 7000, "Knight", LONELY),
        rec(7, "Scarred", "forward", 2, 9000, "Knight", SCARRED),
        rec(8, "Zap", "summon", 1, 0, "", "Choose 1 Forward. Break it."),
        rec(9, "Singe", "summon", 1, 0, "", "Choose 1 Forward. Deal it 4000 damage."),
        rec(10, "Hunter", "forward", 2, 7000, "Knight", f"{HUNT}[[br]]{{1}}: Choose 1 Forward. Deal it 3000 damage."),
        rec(11, "Ritz", "summon", 1, 0, "", DELAYED),
        rec(12, "Taxer", "forward", 2, 5000, "Thief", TAXER),
        rec(13, "Strip", "summon", 1, 0, "", "Your opponent discards 1 card from their hand."),
        rec(14, "Brute", "forward", 2, 9000, "Knight", POWERFUL.format("Brute")),
        rec(15, "Runt", "forward", 2, 8000, "Knight", POWERFUL.format("Runt")),
    ]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(4)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 5000, "Soldier", "") for i in range(6)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff21b", _records())


BACKUPS = ("F-020", "F-021", "F-022")


def _game(mini, hand, mine, theirs, their_hand=(), backups=BACKUPS):
    return _game13(mini, hand=hand, mine=mine, theirs=theirs, backups=backups, their_hand=their_hand)


def _on_field(g, number, player):
    try:
        slot_of(g, number, player=player)
    except AssertionError:
        return False
    return True


def _until_choose(g, limit=20):
    """Pay with the Backups and pass until an auto-ability's targets are asked for."""
    for _ in range(limit):
        if g.decision == K.Decision.CHOOSE_TARGET:
            return
        g.step(_answer(g))
    raise AssertionError("no CHOOSE_TARGET")


def _word(g, word, number, player):
    return int(g.state[word + slot_of(g, number, player=player) * S.CARD_W])


def _zone_count(g, number, zone, player):
    cid = g.pool.card_id(number)
    return sum(1 for slot in range(K.N_SLOTS) if g.state[S.CARD + slot * S.CARD_W] == cid
               and g.state[S.ZONE + slot * S.CARD_W] == zone and g.state[S.OWNER + slot * S.CARD_W] == player)


# ---- "the first Forward" / "the other" (one choice of two cards) ----------------------------------------------------
@pytest.mark.parametrize("line, card", [
    (SPLIT, {"name": "Splitter", "type": "forward", "element": "fire", "cost": 2}),
    (SPLIT_UP_TO, {"name": "Severer", "type": "summon", "element": "fire", "cost": 1}),
    (SPLIT_DAMAGE, {"name": "Lancer", "type": "summon", "element": "fire", "cost": 1}),
    ("{1}: Choose 2 Forwards. Dull the first Forward and activate the other.",
     {"name": "Splitter", "type": "forward", "element": "fire", "cost": 2}),
])
def test_the_first_and_the_other_of_one_choice_compile_exact(line, card):
    r = _c(line, card)
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason
    eff = r.abilities[0]["effect"]
    assert eff[1] == {"op": "split_reg", "reg": 1, "from_reg": 0}


@pytest.mark.parametrize("line", [
    "Choose 1 Forward. Dull the first Forward and activate the other.",  # one card
    "Choose 1 Forward and 1 Backup. Dull the first Forward and activate the other.",  # two choices
    "Choose 2 Forwards. Dull them. Dull the first Forward and activate the other.",  # an effect before the split
    "Choose 2 Forwards. Dull the first Forward and activate the other. Deal them 1000 damage.",  # "them" after it
])
def test_the_first_and_the_other_refused_without_one_choice_of_two(line):
    r = _c(line, {"name": "Lancer", "type": "summon", "element": "fire", "cost": 1})
    assert r.verdict is Verdict.UNSUPPORTED


def test_the_first_chosen_is_returned_and_the_other_dulled_and_frozen(mini):
    g = _game(mini, ("F-001",), (), ("F-040", "F-041"))
    do(g, "Play Splitter")
    _until_choose(g)
    do(g, "Choose opponent's Filler 1", "Choose opponent's Filler 0")
    _resolve(g)
    assert not _on_field(g, "F-041", 1) and _zone_count(g, "F-041", K.Zone.HAND, 1) == 1
    assert _word(g, S.DULL, "F-040", 1) == 1 and _word(g, S.FROZEN, "F-040", 1) == 1


def test_the_other_stays_the_other_when_the_first_is_gone_CR_11_11_2(mini):
    # Lancer chooses the opponent's Filler 0 first, then my Filler 2; in answer Zap breaks Filler 0: on resolution the
    # first is gone (the 8000 damage goes nowhere) and the other is still dulled and frozen, not dealt the damage
    g = _game(mini, ("F-003", "F-008"), ("F-042",), ("F-040",))
    do(g, "Cast Lancer", "Choose opponent's Filler 0", "Choose your Filler 2", "Pay: dull Clerk 0")
    do(g, "Cast Zap", "Choose opponent's Filler 0", "Pay: dull Clerk 1")
    _resolve(g)
    assert not _on_field(g, "F-040", 1)
    assert _word(g, S.DULL, "F-042", 0) == 1 and _word(g, S.FROZEN, "F-042", 0) == 1  # the other
    assert _word(g, S.DMG, "F-042", 0) == 0


def test_up_to_two_one_chosen_is_the_first(mini):
    g = _game(mini, ("F-002",), (), ("F-040", "F-041"))
    do(g, "Cast Severer", "Choose opponent's Filler 1")
    if is_legal(g, "Done"):
        do(g, "Done")
    _resolve(g)
    assert _zone_count(g, "F-041", K.Zone.REMOVED, 1) == 1  # removed, not broken
    assert _on_field(g, "F-040", 1)


# ---- "Your opponent reveals their hand." / "other than a Backup" --------------------------------------------------------
@pytest.mark.parametrize("line, card", [
    (PEEK, {"name": "Peeker", "type": "forward", "element": "fire", "cost": 2}),
    (PICK, {"name": "Picker", "type": "forward", "element": "fire", "cost": 2}),
    ("When Picker enters the field, your opponent reveals their hand. You may select 1 card in their hand other than a "
     "Backup. If you do so, remove it from the game and your opponent draws 1 card.",
     {"name": "Picker", "type": "forward", "element": "fire", "cost": 2}),
    ("{1}{Dull}, put Picker into the Break Zone: Your opponent reveals his/her hand. Select 1 Character card from their "
     "hand. Your opponent discards this card.", {"name": "Picker", "type": "backup", "element": "fire", "cost": 2}),
])
def test_hand_reveal_lines_compile_exact(line, card):
    r = _c(line, card)
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason


def test_your_opponent_reveals_their_hand_shows_it_to_both_players(mini):
    g = _game(mini, ("F-004",), (), ("F-040",), their_hand=("F-041", "F-020", "F-008"))
    do(g, "Play Peeker")
    _resolve(g)
    ids = sorted(g.pool.card_id(n) for n in ("F-041", "F-020", "F-008"))
    assert sorted(revealed_in_observation(g, 0)[1]) == ids  # the opponent's reveal, in my observation
    assert sorted(revealed_in_observation(g, 1)[0]) == ids  # their own
    assert int(g.state[S.HAND_N + 1]) == 3  # nothing taken


def test_a_card_other_than_a_backup_is_selected_and_discarded(mini):
    # the Backup cannot be selected: the Forward or the Summon (one of them) is discarded
    g = _game(mini, ("F-005",), (), ("F-040",), their_hand=("F-041", "F-020", "F-008"))
    do(g, "Play Picker")
    _resolve(g)
    assert _zone_count(g, "F-020", K.Zone.HAND, 1) == 1
    assert _zone_count(g, "F-041", K.Zone.HAND, 1) + _zone_count(g, "F-008", K.Zone.HAND, 1) == 1


def test_if_your_opponent_has_n_or_more_cards_in_their_hand(mini):
    # two cards: the condition does not hold, nothing is revealed nor discarded
    g = _game(mini, ("F-005",), (), ("F-040",), their_hand=("F-041", "F-008"))
    do(g, "Play Picker")
    _resolve(g)
    assert int(g.state[S.HAND_N + 1]) == 2
    assert revealed_in_observation(g, 0)[1] == []


# ---- conditions: the opponent controls no Forward; the card's own damage ------------------------------------------------
def test_cannot_attack_while_the_opponent_controls_no_forward(mini):
    from tcg_env.games.fftcg.scenario import Scenario  # noqa: F401

    g = _game(mini, (), ("F-006",), ())
    assert not _can_attack(g, "Lonely")
    g = _game(mini, (), ("F-006",), ("F-040",))
    assert _can_attack(g, "Lonely")


def _can_attack(g, name):
    # to the Attack Phase: pass the Main Phase 1
    from tests.fftcg.fftcg_helpers import pass_until

    g.state[S.FIELD_N]  # noqa: B018
    g.step(K.PASS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    return is_legal(g, f"Attack with {name}")


def test_an_ability_usable_only_if_the_card_has_received_damage(mini):
    # Scarred (9000 power) is dealt 4000 damage: its ability becomes usable (and searches a Fire Forward of cost 2)
    g = _game(mini, ("F-009",), ("F-007",), ("F-040",))
    assert not is_legal(g, "Use ability: Scarred")
    do(g, "Cast Singe", "Choose your Scarred", "Pay: dull Clerk 0")
    _resolve(g)
    assert _word(g, S.DMG, "F-007", 0) == 4000
    assert is_legal(g, "Use ability: Scarred")


def test_new_condition_lines_compile_exact():
    card = {"name": "Lonely", "type": "forward", "element": "fire", "cost": 2}
    for line in (LONELY, "If your opponent doesn't control a Forward of cost 5 or more, Lonely gains Haste.",
                 SCARRED.replace("Scarred", "Lonely")):
        r = _c(line, card)
        assert r.verdict is Verdict.EXACT and r.approximations == (), (line, r.reason)


# ---- "When a Forward damaged by ~ is put from the field into the Break Zone on the same turn" ----------------------------
@pytest.mark.parametrize("line", [
    HUNT,
    "When the Forward that took damage from Hunter is put from the field into the Break Zone on the same turn, your "
    "opponent puts the top 2 cards of his/her deck into the Break Zone.",
    "When a Forward opponent controls damaged by Hunter is put from the field into the Break Zone on the same turn, "
    "Hunter deals your opponent 1 point of damage.",
    "When a Character damaged by Hunter is put from the field into the Break Zone on the same turn, draw 1 card.",
])
def test_damaged_by_lines_compile_exact(line):
    r = _c(line, {"name": "Hunter", "type": "forward", "element": "fire", "cost": 2})
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason
    assert r.abilities[0]["trigger"] == "damaged_by_put_break"


@pytest.mark.parametrize("damaged", [True, False])
def test_a_forward_damaged_by_it_put_into_the_break_zone_the_same_turn_triggers(mini, damaged):
    # Hunter's ability deals the opponent's Filler 0 3000 damage (not broken); Zap then breaks it: Hunter's controller
    # draws 2. Broken without Hunter's damage: nothing
    g = _game(mini, ("F-008",), ("F-010",), ("F-040",))
    if damaged:
        do(g, "Use ability: Hunter")
        _until_choose_or_pay(g)
        if g.decision == K.Decision.CHOOSE_TARGET:
            do(g, "Choose opponent's Filler 0")
        _resolve(g)
        assert _word(g, S.DMG, "F-040", 1) == 3000
    hand = int(g.state[S.HAND_N])
    do(g, "Cast Zap", "Choose opponent's Filler 0")
    _resolve(g)
    assert not _on_field(g, "F-040", 1)
    assert int(g.state[S.HAND_N]) == hand - 1 + (2 if damaged else 0)


def _until_choose_or_pay(g, limit=20):
    for _ in range(limit):
        if g.decision in (K.Decision.CHOOSE_TARGET, K.Decision.PRIORITY) and g.decision != K.Decision.PAY_CP:
            if g.decision == K.Decision.CHOOSE_TARGET or int(g.state[S.STACK_N]) > 0:
                return
        g.step(_answer(g))


# ---- a delayed trigger: "When it is put from the field into the Break Zone this turn, draw 1 card." ---------------------
def test_delayed_trigger_compiles_exact():
    r = _c(DELAYED, {"name": "Ritz", "type": "summon", "element": "fire", "cost": 1})
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason
    assert r.abilities[1] == {"kind": "auto", "trigger": "delayed_put_break", "effect": [{"op": "draw", "count": 1}]}


@pytest.mark.parametrize("target, broken", [("F-040", True), ("F-007", False)])
def test_the_summons_delayed_trigger_draws_when_the_chosen_forward_is_put_into_the_break_zone(mini, target, broken):
    # 5000 damage: Filler 0 (5000) is broken by the rule process and the Summon, in the Break Zone, draws 1; Scarred
    # (9000) is not
    g = _game(mini, ("F-011",), (), (target,))
    hand = int(g.state[S.HAND_N])
    name = "Filler 0" if target == "F-040" else "Scarred"
    do(g, "Cast Ritz", f"Choose opponent's {name}")
    _resolve(g)
    assert _on_field(g, target, 1) is not broken
    assert int(g.state[S.HAND_N]) == hand - 1 + (1 if broken else 0)


def test_the_marks_end_with_the_turn(mini):
    # Ritz on Scarred (not broken); the marks of the turn are cleared as the next begins (state.HIT_BY)
    g = _game(mini, ("F-011",), (), ("F-007",))
    do(g, "Cast Ritz", "Choose opponent's Scarred")
    _resolve(g)
    assert int(g.state[S.HIT_BY + slot_of(g, "F-007", player=1)]) != 0
    from tests.fftcg.fftcg_helpers import pass_until

    for _ in range(60):
        if int(g.state[S.TURN_PLAYER]) == 1:
            break
        g.step(_answer(g))
    assert int(g.state[S.TURN_PLAYER]) == 1
    assert int(g.state[S.HIT_BY + slot_of(g, "F-007", player=1)]) == 0
    assert pass_until is not None


def test_the_marks_are_public_in_both_observations(mini):
    # Hunter's damage marks the opponent's Filler 0: my observation shows it marked by one of mine, theirs by one of
    # their opponent's (public as the damage was, CR 7.6)
    from tcg_env.games.fftcg import observation as O

    g = _game(mini, (), ("F-010",), ("F-040",))
    do(g, "Use ability: Hunter")
    _until_choose_or_pay(g)
    if g.decision == K.Decision.CHOOSE_TARGET:
        do(g, "Choose opponent's Filler 0")
    _resolve(g)
    mine, theirs = O.CARD_COLUMNS.index("marked_this_turn_by_mine_div3"), O.CARD_COLUMNS.index(
        "marked_this_turn_by_opponent_div3")
    me = g.observe(0)[O.OBS_OPP_FIELD: O.OBS_OPP_FIELD + O.CARD_FEATURES]
    them = g.observe(1)[O.OBS_OWN_FIELD: O.OBS_OWN_FIELD + O.CARD_FEATURES]
    assert (me[mine], me[theirs]) == (pytest.approx(1 / 3), 0.0)
    assert (them[mine], them[theirs]) == (0.0, pytest.approx(1 / 3))


@pytest.mark.parametrize("line, card", [
    # a delayed ability that chooses its own target / acts on a group / makes the opponent discard
    ("When Hunter enters the field, choose 1 active Forward. Deal it 3000 damage. When it is put from the field into the "
     "Break Zone this turn, choose 1 Forward opponent controls. Dull it.", "forward"),
    ("{Dull}: Choose 1 [Job Knight] you control. It gains +2000 power until the end of the turn. When it is put from the "
     "field into the Break Zone this turn, break all the [Card Name Hunter] you control.", "forward"),
    ("When Hunter enters the field, choose 1 dull Forward opponent controls. Deal it 4000 damage. When it is put from the "
     "field into the Break Zone this turn, your opponent discards 1 card from his/her hand.", "forward"),
    # "The first one deals the second damage equal to its power." (two choices: the former / the latter)
    ("EX BURST When Hunter enters the field, choose 1 Forward you control and 1 Forward opponent controls. The first one "
     "deals the second damage equal to its power.", "forward"),
    ("{Dull}: Your opponent shows his/her hand.", "backup"),
    ("If you control 4 Forwards or more, Hunter gains +3000 power.", "forward"),
    ("When Hunter attacks, choose 1 Forward. Deal it 1000 damage and Hunter gains +1000 power until the end of the turn.",
     "forward"),
])
def test_more_lines_compile_exact(line, card):
    r = _c(line, {"name": "Hunter", "type": card, "element": "fire", "cost": 2})
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason


def test_a_delayed_ability_cannot_name_the_marked_card_as_it():
    r = _c("When Hunter enters the field, choose 1 Forward. Deal it 3000 damage. When it is put from the field into the "
           "Break Zone this turn, deal it 1000 damage.", {"name": "Hunter", "type": "forward", "element": "fire", "cost": 2})
    assert r.verdict is Verdict.UNSUPPORTED


# ---- "if your opponent has discarded a card from their hand due to your Summons or abilities this turn" ---------------
def test_opp_discarded_lines_compile_exact():
    card = {"name": "Taxer", "type": "forward", "element": "fire", "cost": 2}
    for line in (TAXER, "At the end of each of your turns, if your opponent has discarded a card from their hand due to "
                        "your Summons or abilities this turn, draw 1 card.",
                 "During this turn, if your opponent has discarded a card due to your Summons or abilities, the cost "
                 "required to cast Taxer is reduced by 2."):
        r = _c(line, card)
        assert r.verdict is Verdict.EXACT and r.approximations == (), (line, r.reason)


def test_usable_once_the_opponent_discarded_due_to_your_summon_and_public(mini):
    from tcg_env.games.fftcg import observation as O

    g = _game(mini, ("F-013",), ("F-012",), ("F-040",), their_hand=("F-041", "F-008"))
    assert not is_legal(g, "Use ability: Taxer")
    do(g, "Cast Strip", "Pay: dull Clerk 0")
    _resolve(g)  # the opponent discards the first card offered
    assert int(g.state[S.HAND_N + 1]) == 1
    assert is_legal(g, "Use ability: Taxer")
    col = O.GLOBAL_COLUMNS.index("my_made_opponent_discard_this_turn")
    assert g.observe(0)[O.OBS_GLOBAL + col] == 1.0
    opp_col = O.GLOBAL_COLUMNS.index("opp_made_opponent_discard_this_turn")
    assert g.observe(1)[O.OBS_GLOBAL + opp_col] == 1.0  # the opponent's view: "opp_made_opponent_discard..."
    assert g.observe(1)[O.OBS_GLOBAL + col] == 0.0


# ---- "If ~ has N power or more, ..." (approximate: self_state_off_field) --------------------------------------------------
def test_self_power_condition_compiles_approximate_and_not_as_a_field_condition():
    card = {"name": "Brute", "type": "forward", "element": "fire", "cost": 2}
    r = _c(POWERFUL.format("Brute"), card)
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("self_state_off_field",), r.reason
    assert _c("If Brute has 4000 power or more, Brute gains Haste.", card).verdict is Verdict.UNSUPPORTED
    # an action ability's use condition is checked with the card on the field: exact
    r = _c(SCARRED.replace("Scarred", "Brute"), card)
    assert r.verdict is Verdict.EXACT, r.reason


@pytest.mark.parametrize("number, name, dealt", [("F-014", "Brute", True), ("F-015", "Runt", False)])
def test_the_damage_only_with_the_power_CR_11_8_13(mini, number, name, dealt):
    g = _game(mini, (), (number,), ("F-040",))
    do(g, f"Use ability: {name}")
    _until_choose_or_pay(g)
    if g.decision == K.Decision.CHOOSE_TARGET:
        do(g, "Choose opponent's Filler 0")
    _resolve(g)
    assert _on_field(g, "F-040", 1) is not dealt
