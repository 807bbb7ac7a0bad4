"""FF-TCG card text, session 14 (branch s14-ff): "Dull N active DESC: ..." (a cost that dulls active Characters the
player controls, CR 11.6.2.4); "if there are N or more / exactly N different Elements among DESC", "if you have N or
more different Elements among cards in your Break Zone", "If you control N or more DESC and if the DESC you control are
all of different Elements" (Condition.ELEMENTS_AT_LEAST, ELEMENTS_EXACTLY, ALL_DIFFERENT_ELEMENTS_AT_LEAST); "~ gains ..."
on a card with the generic icon gives the card itself only (the aura's self_only, no longer self_by_name); "At the end of
each of your turns" exact (CR 9.5.1.1). Compiled from made-up lines in the game's template language and played in small games
(the mini-pool helpers of the session 13 module)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.engine.header import H_TURN
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tests.fftcg.fftcg_helpers import card_record, do, import_mini, slot_of
from tests.fftcg.test_fftcg_card_text_s13 import _c, _game, _legal, _resolve, _usable


def _records():
    rec = card_record("W", "water")

    recs = [
        rec(1, "Steiner", "forward", 3, 7000, "Knight", "Dull 1 active Water Forward other than Steiner: Steiner gains "
            "+1000 power until the end of the turn."),
        rec(2, "Monk", "forward", 2, 5000, "Monk", "Dull 1 active [Card Name Monk]: Monk gains +1000 power until the "
            "end of the turn."),
        rec(3, "Scholar", "backup", 2, 0, "Scholar", "Dull 2 active Backups: Draw 1 card."),
        rec(4, "Splash", "summon", 1, 0, "", "Choose 1 Forward. Deal it 1000 damage."),
        rec(5, "Dancer", "backup", 2, 0, "Dancer", "Dull 1 active [Job Dancer] or [Card Name Dancer]: Choose 1 Forward. "
            "Dull it."),
        rec(6, "Swordsman", "forward", 2, 5000, "Knight", "", element="fire"),
        rec(7, "Luso", "forward", 2, 5000, "Hunter", "If there are 3 or more different Elements among Forwards you "
            "control, Luso gains +2000 power.", element="wind"),
        rec(8, "Onion", "forward", 2, 5000, "Knight", "If you control 3 or more Backups and if the Backups you control "
            "are all of different Elements, Onion gains +6000 power.", element="earth"),
        rec(9, "Gilgamesh", "forward", 2, 5000, "Swordsman", "If you have 2 or more different Elements among cards in "
            "your Break Zone, Gilgamesh gains +1000 power.", element="earth"),
        rec(10, "Flame Clerk", "backup", 2, 0, "Clerk", "", element="fire"),
        rec(11, "Ice Clerk", "backup", 2, 0, "Clerk", "", element="ice"),
    ]
    recs.append(rec(12, "Knight", "forward", 2, 5000, "Knight", "Knight gains +1000 power.", element="fire"))
    recs.append(rec(13, "Sentry", "backup", 2, 0, "Guard", "At the end of each of your turns, draw 1 card."))
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(4)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 5000, "Soldier", "") for i in range(8)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff14", _records())


def _dull(g, number, player=0):
    return int(g.state[S.DULL + slot_of(g, number, player=player) * S.CARD_W])


def _power(g, number, player=0):
    return int(g.state[S.D_POWER + slot_of(g, number, player=player) * S.CARD_W])


# ---- "Dull N active DESC: ..." (CR 11.6.2.4) -----------------------------------------------------------------------
def test_dull_n_active_cost_compiles_exact():
    knight = {"name": "Steiner", "type": "forward", "job": "Knight", "element": "water", "cost": 3}
    for line in ("Dull 1 active Water Forward other than Steiner: Steiner gains +1000 power until the end of the turn.",
                 "Dull a total of 4 active [Job Dancer] or [Card Name Dancer]: Choose 1 Forward. Dull it.",
                 "Dull 2 active [Category XIII] Characters: Choose 1 Forward. Freeze it."):
        r = _c(line, knight)
        assert r.verdict is Verdict.EXACT and r.approximations == (), line
    # not printed "active", or with a CP cost besides (one payment, CR 11.6.10): not compiled
    assert _c("Dull 1 Forward: Draw 1 card.", knight).verdict is Verdict.UNSUPPORTED
    assert _c("{1}, dull 1 active Forward: Draw 1 card.", knight).verdict is Verdict.UNSUPPORTED


def test_dull_n_active_cost_dulls_a_chosen_matching_character_CR_11_6_2_4(mini):
    # Steiner's cost: an active Water Forward of the player's other than Steiner; the Fire one and the opponent's
    # Water Forward cannot pay it. A Forward that entered this turn can (the dull icon's rule, CR 11.6.2.3, is not
    # this cost's)
    g = _game(mini, mine=["W-001", "W-040", "W-006"], theirs=("W-041",))
    filler = slot_of(g, "W-040")
    g._row[S.CTRL_TURN + filler * S.CARD_W] = g._row[H_TURN]
    do(g, "Use ability: Steiner")
    assert g.decision == K.Decision.PAY_DISCARD
    assert _legal(g) == [K.OWN_FIELD_BASE + 4]  # 3 Backups, Steiner, then the Water filler
    assert g.describe_action(_legal(g)[0]).startswith("Pay: dull Filler 0")
    g.step(_legal(g)[0])
    _resolve(g)
    assert _dull(g, "W-040") == 1 and _dull(g, "W-001") == 0
    assert _power(g, "W-001") == 8000
    assert all(_dull(g, f"W-02{i}") == 0 for i in range(3))  # no CP paid
    # the only Water Forward left active is Steiner itself ("other than"): not usable
    assert not _usable(g, "Steiner")


def test_dull_n_active_cost_may_dull_the_source_and_needs_active_ones_CR_11_6_2_4(mini):
    g = _game(mini, mine=["W-002"])
    do(g, "Use ability: Monk")
    assert _legal(g) == [K.OWN_FIELD_BASE + 3]  # Monk itself pays the cost
    g.step(_legal(g)[0])
    _resolve(g)
    assert _dull(g, "W-002") == 1 and _power(g, "W-002") == 6000
    assert not _usable(g, "Monk")  # a dull Monk cannot pay it again


def test_dull_two_active_backups_then_they_pay_no_cp_CR_11_6_2_4(mini):
    g = _game(mini, mine=["W-003"], backups=("W-020",), hand=("W-004",))
    hand = int(g.state[S.HAND_N])
    do(g, "Use ability: Scholar")
    assert sorted(_legal(g)) == [K.OWN_FIELD_BASE + 0, K.OWN_FIELD_BASE + 1]
    g.step(K.OWN_FIELD_BASE + 1)  # Scholar dulls itself, then the Clerk
    assert _legal(g) == [K.OWN_FIELD_BASE + 0]
    g.step(K.OWN_FIELD_BASE + 0)
    _resolve(g)
    assert int(g.state[S.HAND_N]) == hand + 1
    assert _dull(g, "W-003") == 1 and _dull(g, "W-020") == 1
    assert not _usable(g, "Scholar")


# ---- the different Elements among cards (conditions of field abilities, CR 11.9) --------------------------------------
def test_elements_among_forwards_you_control_condition(mini):
    # Luso (Wind) + Water: 2 Elements; the opponent's Fire Forward does not count; + the Fire Swordsman: 3
    g = _game(mini, mine=["W-007", "W-040"], theirs=("W-006",))
    assert _power(g, "W-007") == 5000
    g = _game(mini, mine=["W-007", "W-040", "W-041", "W-006"])
    assert _power(g, "W-007") == 7000


def test_backups_all_of_different_elements_condition(mini):
    # 3 Backups of 3 Elements: +6000; two Water ones among 3: none; 2 Backups of 2 Elements: fewer than 3, none
    assert _power(_game(mini, mine=["W-008"], backups=("W-020", "W-010", "W-011")), "W-008") == 11000
    assert _power(_game(mini, mine=["W-008"], backups=("W-020", "W-021", "W-011")), "W-008") == 5000
    assert _power(_game(mini, mine=["W-008"], backups=("W-010", "W-011")), "W-008") == 5000


def test_elements_among_cards_in_your_break_zone_condition(mini):
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    for own_break, theirs, power in ((["W-040", "W-041"], ["W-006"], 5000), (["W-040", "W-006"], [], 6000)):
        sc = Scenario.main_phase(pool, decks=(([c.number for c in res] * 3)[:50],) * 2)
        sc.field(0, ["W-020", "W-009"])
        sc.break_zone(0, own_break)
        if theirs:
            sc.break_zone(1, theirs)  # the opponent's Break Zone is not "your Break Zone"
        assert _power(sc.game(), "W-009") == power


# ---- "~ gains ..." on a generic card: the card itself (CR 12.4.6: same-name copies are other cards) -----------------
def test_self_gains_on_a_generic_card_applies_to_itself_only(mini):
    # two copies on the field (a card with the generic icon may have them, CR 7.7.3; the scenario places them)
    g = _game(mini, mine=["W-012", "W-012"])
    slots = [s for s in range(K.N_SLOTS) if g.state[S.ZONE + s * S.CARD_W] == K.Zone.FIELD
             and g.state[S.CARD + s * S.CARD_W] == g.pool.card_id("W-012")]
    assert len(slots) == 2
    assert [int(g.state[S.D_POWER + s * S.CARD_W]) for s in slots] == [6000, 6000]  # not 7000 each


# ---- "At the end of each of your turns" (CR 9.5.1.1, 9.5.1.2) ---------------------------------------------------------
def test_end_of_your_turn_trigger_resolves_before_the_hand_size_discard_CR_9_5_1_1(mini):
    assert _c("At the end of each of your turns, draw 1 card.").verdict is Verdict.EXACT
    g = _game(mini, backups=("W-013",), hand=("W-040", "W-041", "W-042", "W-043", "W-044"))
    assert int(g.state[S.HAND_N]) == 5
    for _ in range(40):
        if g.decision == K.Decision.DISCARD:
            break
        g.step(K.PASS)
    # the trigger drew in the End Phase, then the turn player discards down to five (CR 9.5.1.2)
    assert g.decision == K.Decision.DISCARD and int(g.state[S.PHASE]) == K.Phase.END
    assert int(g.state[S.HAND_N]) == 6
