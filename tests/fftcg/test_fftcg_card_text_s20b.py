"""FF-TCG card text, session 20 (branch s20-ffb): two chosen cards named "the former" / "the latter" ("Choose 1 Forward
you control and 1 Forward opponent controls. The former gains +2000 power until the end of the turn. Then, the former
deals damage equal to its power to the latter.", "Each Forward deals damage equal to its power to the other.": Op.DAMAGE's
per other_reg_power, effects.each_target). Made-up lines played in small games (the mini-pool helpers of session 13)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.fftcg import state as S
from tcg_env.games.fftcg import constants as K
from tests.fftcg.fftcg_helpers import card_record, do, import_mini, slot_of
from tests.fftcg.test_fftcg_card_text_s13 import _answer, _c, _resolve
from tests.fftcg.test_fftcg_card_text_s13 import _game as _game13

TWO = "Choose 1 Forward you control and 1 Forward opponent controls."
DUEL = f"{TWO} The former gains +2000 power until the end of the turn. Then, the former deals damage equal to its power to the latter."
CLASH = f"{TWO} Each Forward deals damage equal to its power to the other."
SWAP = f"{TWO} Until the end of the turn, the former gains +3000 power and the latter loses 3000 power."
STING = f"{TWO} Dull the former and deal the latter 4000 damage."
BLINK = ("When Blink enters the field, choose 1 Forward other than Blink you control. Remove it from the game. Then, play "
         "the removed Forward onto the field dull.")
JOUST = ("When Joust enters the field, choose 1 Forward opponent controls. Joust and the chosen Forward deal damage equal "
         "to their respective power to the other.")


def _records():
    rec = card_record("B")
    recs = [
        rec(1, "Duel", "summon", 1, 0, "", DUEL),
        rec(2, "Clash", "summon", 1, 0, "", CLASH),
        rec(3, "Swap", "summon", 1, 0, "", SWAP),
        rec(4, "Sting", "summon", 1, 0, "", STING),
        rec(5, "Pyre", "backup", 2, 0, "Mage", "If a Fire Character you control deals damage to a Forward, the damage "
            "increases by 1000 instead."),
        rec(6, "Aqua", "forward", 2, 4000, "Soldier", "", element="water"),
        rec(7, "Big", "forward", 2, 8000, "Soldier", ""),
        rec(8, "Blink", "forward", 2, 5000, "Mage", BLINK),
        rec(9, "Scholar", "forward", 2, 5000, "Scholar", "When Scholar enters the field, draw 1 card."),
        rec(10, "Joust", "forward", 2, 7000, "Knight", JOUST),
        rec(11, "Chill", "summon", 1, 0, "", "Choose 1 Forward. Dull it or Freeze it."),
        rec(12, "Tuck", "summon", 1, 0, "", "Choose 1 Forward. Put it at the bottom of its owner's deck. Then, you may "
            "play 1 Forward of cost 2 or less from your hand onto the field."),
    ]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(4)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 5000, "Soldier", "") for i in range(4)]
    recs += [rec(50 + i, f"Brick {i}", "forward", 2, 9000, "Soldier", "", element="water") for i in range(2)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff20b", _records())


BACKUPS = ("B-020", "B-021", "B-022")


def _game(mini, hand, mine, theirs, backups=BACKUPS):
    return _game13(mini, hand=hand, mine=mine, theirs=theirs, backups=backups)


def _dmg(g, number, player):
    return int(g.state[S.DMG + slot_of(g, number, player=player) * S.CARD_W])


def _on_field(g, number, player):
    try:
        slot_of(g, number, player=player)
    except AssertionError:
        return False
    return True


# ---- the former / the latter ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("line", [DUEL, CLASH, SWAP, STING])
def test_former_and_latter_lines_compile_exact(line):
    r = _c(line, {"name": "Duel", "type": "summon", "element": "fire", "cost": 1})
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason


def test_the_former_deals_damage_equal_to_its_power_after_its_boost(mini):
    # 5000 + 2000: the opponent's 9000-power Forward is dealt 7000, the former none
    g = _game(mini, ("B-001",), ("B-040",), ("B-050",))
    do(g, "Cast Duel", "Choose your Filler 0", "Choose opponent's Brick 0")
    _resolve(g)
    assert _dmg(g, "B-050", 1) == 7000
    assert _dmg(g, "B-040", 0) == 0


def test_each_forward_deals_damage_equal_to_its_power_to_the_other_CR_12_4_5(mini):
    # 8000 vs 4000: both dealt at once; the 4000 one is broken by the rule process, the 8000 one keeps 4000 damage
    g = _game(mini, ("B-002",), ("B-007",), ("B-006",))
    do(g, "Cast Clash", "Choose your Big", "Choose opponent's Aqua")
    _resolve(g)
    assert not _on_field(g, "B-006", 1)
    assert _dmg(g, "B-007", 0) == 4000


def test_the_dealing_forward_is_the_damage_source_for_an_increase(mini):
    # "If a Fire Character you control deals damage to a Forward": the Fire former deals it (+1000); the Water one
    # of the opponent deals its own damage unchanged
    g = _game(mini, ("B-002",), ("B-040", "B-005"), ("B-050",))
    do(g, "Cast Clash", "Choose your Filler 0", "Choose opponent's Brick 0")
    _resolve(g)
    assert _dmg(g, "B-050", 1) == 6000
    assert not _on_field(g, "B-040", 0)  # 9000 damage


def test_until_the_end_of_the_turn_the_former_gains_and_the_latter_loses(mini):
    g = _game(mini, ("B-003",), ("B-040",), ("B-050",))
    do(g, "Cast Swap", "Choose your Filler 0", "Choose opponent's Brick 0")
    _resolve(g)
    assert int(g.state[S.D_POWER + slot_of(g, "B-040", player=0) * S.CARD_W]) == 8000
    assert int(g.state[S.D_POWER + slot_of(g, "B-050", player=1) * S.CARD_W]) == 6000


def test_dull_the_former_and_deal_the_latter_damage(mini):
    g = _game(mini, ("B-004",), ("B-040",), ("B-050",))
    do(g, "Cast Sting", "Choose your Filler 0", "Choose opponent's Brick 0")
    _resolve(g)
    assert int(g.state[S.DULL + slot_of(g, "B-040", player=0) * S.CARD_W]) == 1
    assert _dmg(g, "B-050", 1) == 4000 and _dmg(g, "B-040", 0) == 0


@pytest.mark.parametrize("line", [
    "Choose 1 Forward and 1 Forward opponent controls. The former deals damage equal to its power to the latter.",
    "Choose 2 Forwards you control. The former gains +1000 power until the end of the turn.",
    "Choose 1 Forward you control and 1 Backup opponent controls. The former deals damage equal to its power to the "
    "latter.",
    f"{TWO} The former deals damage equal to its power to the former.",
])
def test_former_and_latter_refused_where_the_two_cards_are_not_distinct_forwards(line):
    r = _c(line, {"name": "Duel", "type": "summon", "element": "fire", "cost": 1})
    assert r.verdict is Verdict.UNSUPPORTED


# ---- "Remove it from the game. Then, play the removed Forward onto the field dull." -------------------------------------
def test_remove_then_play_the_removed_forward_compiles_exact():
    r = _c(BLINK, {"name": "Blink", "type": "forward", "element": "fire", "cost": 2})
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason
    assert r.abilities[0]["effect"][1:] == [{"op": "remove_from_game", "reg": 0},
                                            {"op": "put_onto_field", "reg": 0, "removed": True, "dull": True}]


def test_play_the_removed_without_the_removal_right_before_is_refused():
    for line in ("When Blink enters the field, choose 1 Forward you control. Dull it. Then, play the removed Forward onto "
                 "the field dull.",
                 "When Blink enters the field, choose 1 Forward in your Break Zone. Remove it from the game. Then, play "
                 "the removed Forward onto the field dull."):
        r = _c(line, {"name": "Blink", "type": "forward", "element": "fire", "cost": 2})
        assert r.verdict is Verdict.UNSUPPORTED, line


def test_the_removed_forward_comes_back_dull_and_enters_anew_CR_15_1_1_5(mini):
    # Scholar (active, on the field) leaves to the Removed Zone and is played again, dull: its "When ... enters the
    # field" triggers (a new card on the field), so a card is drawn
    g = _game(mini, ("B-008",), ("B-009",), ("B-040",))
    hand = int(g.state[S.HAND_N])
    do(g, "Play Blink")
    _resolve(g)
    if g.decision == K.Decision.CHOOSE_TARGET:
        do(g, "Choose your Scholar")
    _resolve(g)
    slot = slot_of(g, "B-009", player=0)
    assert int(g.state[S.DULL + slot * S.CARD_W]) == 1
    assert int(g.state[S.HAND_N]) == hand - 1 + 1  # Blink cast, Scholar's draw


def test_joust_the_card_and_the_chosen_forward_deal_their_power_to_each_other(mini):
    # Joust (7000) enters: the chosen 5000 Forward is dealt 7000 (broken), Joust 5000 (kept)
    g = _game(mini, ("B-010",), (), ("B-040",))
    do(g, "Play Joust")
    _resolve(g)
    if g.decision == K.Decision.CHOOSE_TARGET:
        do(g, "Choose opponent's Filler 0")
    _resolve(g)
    assert not _on_field(g, "B-040", 1)
    assert _dmg(g, "B-010", 0) == 5000


def test_joust_compiles_exact_and_is_refused_where_the_choice_may_be_itself():
    card = {"name": "Joust", "type": "forward", "element": "fire", "cost": 2}
    r = _c(JOUST, card)
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason
    r = _c(JOUST.replace("Forward opponent controls", "Forward"), card)
    assert r.verdict is Verdict.UNSUPPORTED


# ---- "Dull it or Freeze it.": a choice of effect, declared with the targets (CR 11.3.4, 11.6.6, 11.8.10) ---------------
@pytest.mark.parametrize("line, ops", [
    ("Choose 1 Forward. Dull it or Freeze it.", ["dull", "freeze"]),
    ("{Ice}{Dull}: Choose 1 Forward. Dull it or Freeze it.", ["dull", "freeze"]),
    ("EX BURST Choose 1 Forward. Break it or activate it.", ["break", "activate"]),
    ("When Chill enters the field, choose up to 2 Characters. Dull them or activate them.", ["dull", "activate"]),
])
def test_either_effect_compiles_as_a_modal_ability_of_its_two_effects(line, ops):
    from tcg_env.games.fftcg.card_text import compile_card_lines

    card = {"name": "Chill", "type": "summon" if not line.startswith(("{", "When")) else "backup", "element": "ice",
            "cost": 1}
    (r,) = compile_card_lines([line], card)
    assert r.verdict is Verdict.EXACT and r.line == line, r.reason
    eff = r.abilities[0]["effect"]
    assert eff[0] == {"op": "select_mode", "modes": 2, "count": 1, "up_to": False}
    assert [op["op"] for op in eff if op["op"] not in ("mode", "choose", "select_mode")] == ops


def test_either_effect_with_text_after_it_is_left_alone():
    from tcg_env.games.fftcg.card_text import compile_card_lines

    card = {"name": "Chill", "type": "backup", "element": "ice", "cost": 1}
    (r,) = compile_card_lines(["When Chill enters the field, choose 1 Forward. Dull it or Freeze it. Draw 1 card."], card)
    assert r.verdict is Verdict.UNSUPPORTED


@pytest.mark.parametrize("pick, dull, frozen", [("Select action 1", 1, 0), ("Select action 2", 0, 1)])
def test_either_effect_the_selected_one_is_done(mini, pick, dull, frozen):
    g = _game(mini, ("B-011",), (), ("B-040",))
    do(g, "Cast Chill")
    if pick == "Select action 1":
        do(g, pick)
    else:
        g.step(K.PASS)  # not the first: the second is the one left (one of the two is selected)
    if g.decision == K.Decision.CHOOSE_TARGET:
        do(g, "Choose opponent's Filler 0")
    _resolve(g)
    slot = slot_of(g, "B-040", player=1)
    assert (int(g.state[S.DULL + slot * S.CARD_W]), int(g.state[S.FROZEN + slot * S.CARD_W])) == (dull, frozen)


# ---- "Dull it and it gains ...", "Then, you may play ..." ------------------------------------------------------------
@pytest.mark.parametrize("line, ops", [
    ("{1}: Choose 1 Forward you control. Dull it and it gains \"This Forward cannot be broken.\" until the end of the "
     "turn.", [{"op": "dull", "reg": 0}, {"op": "restrict", "restrictions": ["unbreakable"], "duration": "end_of_turn",
                                           "reg": 0}]),
    ("{1}: Choose 2 Forwards. Activate them and they gain +1000 power until the end of the turn.",
     [{"op": "activate", "reg": 0}, {"op": "power", "amount": 1000, "duration": "end_of_turn", "reg": 0}]),
])
def test_verb_and_gains_on_the_same_cards_compile_exact(line, ops):
    r = _c(line, {"name": "Zed", "type": "backup", "element": "fire", "cost": 2})
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason
    assert r.abilities[0]["effect"][1:] == ops


def test_you_may_play_after_the_first_sentence_may_take_none(mini):
    r = _c("Choose 1 Forward. Deal it 1000 damage. Then, you may play 1 Forward of cost 2 or less from your hand onto "
           "the field.", {"name": "Tuck", "type": "summon", "element": "fire", "cost": 1})
    assert r.verdict is Verdict.EXACT, r.reason
    put = r.abilities[0]["effect"][-1]
    assert put["op"] == "put_onto_field" and put.get("up_to", True) is True
    # played: the opponent's Forward goes to the bottom of its deck; the player may decline the Forward of the hand
    g = _game(mini, ("B-012", "B-041"), (), ("B-040",))
    do(g, "Cast Tuck", "Choose opponent's Filler 0")
    for _ in range(20):
        if g.decision == K.Decision.SELECT_CARD:
            break
        g.step(_answer(g))
    assert g.decision == K.Decision.SELECT_CARD and K.PASS in [int(a) for a in g.legal_actions()]
    g.step(K.PASS)
    _resolve(g)
    assert not _on_field(g, "B-040", 1) and not _on_field(g, "B-041", 0)


def test_discard_then_draw_compiles_exact_in_that_order():
    r = _c("When Zed enters the field, discard 2 cards, then draw 2 cards.", {"name": "Zed", "type": "forward"})
    assert r.verdict is Verdict.EXACT, r.reason
    assert r.abilities[0]["effect"] == [{"op": "discard", "count": 2, "who": "controller"}, {"op": "draw", "count": 2}]


def test_a_reference_or_a_reference_is_either_card():
    # "If you control a [Job X] or a [Card Name Y] , ...": the stray space before the comma, the second article
    r = _c("If you control a [Job Dancer] or a [Card Name Dancer] , the cost required to cast Zed is reduced by 2.",
           {"name": "Zed", "type": "forward", "element": "fire", "cost": 3})
    assert r.verdict is Verdict.EXACT, r.reason
    f = r.abilities[0]["condition"]["filter"]
    assert f["job"] == "Dancer" and f["alt"]["name"] == "Dancer"


def test_it_gains_and_it_gains_said_once():
    r = _c("Choose 1 Forward. Until the end of the turn, it gains Brave and it gains +1000 power for each point of damage "
           "you have received.", {"name": "Zed", "type": "summon", "element": "fire", "cost": 2})
    assert r.verdict is Verdict.EXACT, r.reason
    ops = {op["op"]: op for op in r.abilities[0]["effect"]}
    assert ops["grant_keyword"]["keywords"] == ["brave"] and ops["power_per"]["per"] == "damage"
