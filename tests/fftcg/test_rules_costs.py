"""CR 5.2.1, 11.2, 7.7.3, 12.4.6/7, 11.4: paying CP and deploying Characters."""

import pytest
from fftcg_helpers import do, find_action, is_legal

from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S

D = K.Decision


def test_cr_5_2_1_3_discard_gives_two_cp_and_backup_one(scenario):
    sc = scenario()
    sc.hand(0, ["T-005", "T-001"])  # Swift Blade (3, fire), Fire Grunt to discard
    sc.field(0, ["T-003"])  # active Fire Squire
    g = sc.game()
    do(g, "Play Swift Blade")
    assert g.decision == D.PAY_CP
    do(g, "Pay: discard Fire Grunt")
    assert g.decision == D.PAY_CP  # 2 of 3 CP paid
    do(g, "Pay: dull Fire Squire")
    assert g.decision == D.PRIORITY
    row = g.state
    field = [int(x) for x in row[S.FIELD_L : S.FIELD_L + int(row[S.FIELD_N])]]
    assert [g.pool.names[int(row[S.CARD + s * S.CARD_W])] for s in field] == ["Fire Squire", "Swift Blade"]
    assert int(row[S.BREAK_N]) == 1 and int(row[S.HAND_N]) == 0


def test_cr_5_2_1_3_1_one_excess_cp_only_from_a_discard(scenario):
    sc = scenario()
    sc.hand(0, ["T-003", "T-001"])  # Fire Squire costs 1: discarding Fire Grunt makes 2 CP (1 wasted)
    g = sc.game()
    do(g, "Play Fire Squire", "Pay: discard Fire Grunt")
    assert g.decision == D.PRIORITY
    assert int(g.state[S.FIELD_N]) == 1


def test_cr_5_2_1_3_1_exact_payment_no_overpaying_with_backups(scenario):
    sc = scenario()
    sc.hand(0, ["T-001", "T-002", "T-022"])  # Fire Grunt (2), two possible discards
    sc.field(0, ["T-003", "T-003"])
    g = sc.game()
    do(g, "Play Fire Grunt", "Pay: dull Fire Squire")
    # 1 CP left: a discard (2 CP, one excess) or the other Backup are both exact enough
    assert is_legal(g, "Pay: discard Ice Grunt") and is_legal(g, "Pay: dull Fire Squire")
    do(g, "Pay: dull Fire Squire")
    assert g.decision == D.PRIORITY


def test_cr_5_2_1_2_one_cp_of_the_cards_element_is_required(scenario):
    sc = scenario()
    sc.hand(0, ["T-001", "T-002", "T-022"])  # Fire Grunt; only Ice and Wind cards to pay with
    g = sc.game()
    assert not is_legal(g, "Play Fire Grunt")


def test_cr_11_2_1_1_payment_order_keeps_element_reachable(scenario):
    sc = scenario()
    sc.hand(0, ["T-001", "T-002"])  # Fire Grunt (2 CP, needs Fire); Ice Grunt
    sc.field(0, ["T-003"])  # Fire Squire
    g = sc.game()
    do(g, "Play Fire Grunt")
    # discarding Ice Grunt would pay 2 CP with no Fire CP: the mask refuses it
    assert not is_legal(g, "Pay: discard Ice Grunt")
    assert is_legal(g, "Pay: dull Fire Squire")


def test_cr_5_2_1_3_light_and_dark_cards_cannot_be_discarded_for_cp(scenario):
    sc = scenario()
    sc.hand(0, ["T-003", "T-011"])  # Fire Squire (1) and a Light card
    g = sc.game()
    assert not is_legal(g, "Play Fire Squire")


def test_cr_11_2_1_1_light_and_dark_cards_ignore_the_element_requirement(scenario):
    sc = scenario()
    sc.hand(0, ["T-011", "T-002", "T-022"])  # Light Hero (3) paid with Ice + Wind discards (4 CP, 1 excess)
    g = sc.game()
    do(g, "Play Light Hero", "Pay: discard Ice Grunt", "Pay: discard Wind Grunt")
    assert g.decision == D.PRIORITY
    assert int(g.state[S.FIELD_N]) == 1


def test_cr_7_7_3_no_second_copy_of_a_non_generic_name(scenario):
    sc = scenario()
    sc.hand(0, ["T-001", "T-003", "T-003"])
    sc.field(0, ["T-001", "T-003"])  # Fire Grunt (not generic), Fire Squire (generic)
    g = sc.game()
    assert not is_legal(g, "Play Fire Grunt")
    assert is_legal(g, "Play Fire Squire")


@pytest.mark.only_2016("2014 CR 12.4.7 forbids no second Shine/Dark card, its rule process puts both into the "
                        "Break Zone (2016 CR 7.7.3 forbids playing it)")
def test_cr_7_7_3_only_one_light_or_dark_character(scenario):
    sc = scenario()
    sc.hand(0, ["T-012", "T-001", "T-001", "T-001"])
    sc.field(0, ["T-011"])
    g = sc.game()
    assert not is_legal(g, "Play Dark Hero")


def test_cr_12_4_7_two_light_dark_characters_go_to_the_break_zone(scenario):
    sc = scenario()
    a, b = sc.field(0, ["T-011", "T-012"])
    g = sc.game()
    g.step(K.PASS)  # a rule-process check happens whenever priority is given
    row = g.state
    assert int(row[S.ZONE + a * S.CARD_W]) == K.Zone.BREAK and int(row[S.ZONE + b * S.CARD_W]) == K.Zone.BREAK


def test_cr_12_4_6_two_same_name_characters_go_to_the_break_zone(scenario):
    sc = scenario()
    a, b = sc.field(0, ["T-001", "T-001"])
    g = sc.game()
    g.step(K.PASS)
    assert int(g.state[S.ZONE + a * S.CARD_W]) == K.Zone.BREAK and int(g.state[S.ZONE + b * S.CARD_W]) == K.Zone.BREAK


def test_cr_12_4_6_generic_cards_may_share_a_name_on_the_field(scenario):
    sc = scenario()
    a, b = sc.field(0, ["T-001", "T-001"])  # Fire Grunt: not generic, both go
    c, d = sc.field(0, ["T-003", "T-003"])  # Fire Squire: generic, both stay
    g = sc.game()
    g.step(K.PASS)
    zone = [int(g.state[S.ZONE + x * S.CARD_W]) for x in (a, b, c, d)]
    assert zone == [K.Zone.BREAK, K.Zone.BREAK, K.Zone.FIELD, K.Zone.FIELD]


def test_backups_enter_dull_and_at_most_five(scenario):
    sc = scenario()
    sc.hand(0, ["T-003", "T-001"])
    g = sc.game()
    do(g, "Play Fire Squire", "Pay: discard Fire Grunt")
    slot = int(g.state[S.FIELD_L])
    assert int(g.state[S.DULL + slot * S.CARD_W]) == 1
    sc = scenario()
    sc.hand(0, ["T-003", "T-001"])
    sc.field(0, ["T-003"] * 5)
    g = sc.game()
    assert not is_legal(g, "Play Fire Squire")


def test_cr_11_4_1_characters_only_by_the_turn_player_with_an_empty_stack(scenario):
    sc = scenario()
    sc.hand(0, ["T-009", "T-001"])  # Fire Bolt to put something on the stack
    sc.hand(1, ["T-002", "T-004"])
    sc.field(0, ["T-003", "T-003"])
    sc.field(1, ["T-022"])
    g = sc.game()
    do(g, "Cast Fire Bolt", "Choose opponent's Wind Grunt", "Pay: dull Fire Squire", "Pay: dull Fire Squire")
    # the stack holds Fire Bolt: no Character may be played now
    assert not is_legal(g, "Play Fire Grunt")
    g.step(K.PASS)
    assert g.current_player == 1 and not is_legal(g, "Play Ice Grunt")  # not the turn player


def test_cr_9_3_1_6_summons_in_main_phases_but_not_the_end_phase(scenario):
    from tcg_env import Game

    sc = scenario()
    sc.hand(0, ["T-021", "T-020"])  # Weaken (Lightning, 1) paid by discarding Ex Knight
    sc.field(1, ["T-002"])
    g = sc.game()
    assert is_legal(g, "Cast Weaken")
    d = g.to_dict()
    d["fields"]["phase"] = int(K.Phase.MAIN2)
    assert is_legal(Game.from_dict(d, pool=g.pool), "Cast Weaken")
    d["fields"]["phase"] = int(K.Phase.END)  # CR 9.5.1.1: nothing may be cast in the End Phase
    g_end = Game.from_dict(d, pool=g.pool)
    assert list(g_end.legal_actions()) == [K.PASS]


def test_cr_11_9_1_cost_reduction_field_ability_lowers_the_cost(scenario):
    sc = scenario()
    sc.hand(0, ["T-005", "T-001"])  # Swift Blade (3) -> 2 with Discount Sage
    sc.field(0, ["T-019"])
    g = sc.game()
    assert g.describe_action(find_action(g, "Play Swift Blade")).endswith("(2 CP)")
    do(g, "Play Swift Blade", "Pay: discard Fire Grunt")
    assert g.decision == D.PRIORITY
    assert int(g.state[S.FIELD_N]) == 2


def _pay_feasible_by_search(remaining, need_elem, nd, nde, nb, nbe):
    """CR 5.2.1.3 / 5.2.1.3.1 / 5.2.1.2 by trying every payment: x discards (2 CP each) and y
    Backups (1 CP each) paying exactly, or one CP over with at least one discard, with one CP of the
    element (a discard or a Backup of it) when still needed."""
    if remaining <= 0:
        return not need_elem
    for x in range(nd + 1):
        for y in range(nb + 1):
            total = 2 * x + y
            if total == remaining or (total == remaining + 1 and x >= 1):
                if not need_elem or (x >= 1 and nde >= 1) or (y >= 1 and nbe >= 1):
                    return True
    return False


def test_cr_5_2_1_3_payment_feasibility_equals_a_search_over_every_payment():
    import numpy as np
    from numba import njit

    from tcg_env.games.fftcg.costs import pay_feasible

    @njit
    def all_answers(cases, out):
        for i in range(cases.shape[0]):
            c = cases[i]
            out[i] = pay_feasible(c[0], c[1] != 0, c[2], c[3], c[4], c[5])

    cases = np.array([(r, need, nd, nde, nb, nbe) for r in range(-2, 23) for need in (0, 1) for nd in range(-1, 12)
                      for nde in range(-1, max(nd, 0) + 2) for nb in range(-1, 7) for nbe in range(-1, max(nb, 0) + 2)],
                     np.int64)
    out = np.zeros(len(cases), np.int8)
    all_answers(cases, out)
    expected = np.array([_pay_feasible_by_search(int(r), bool(n), int(a), int(b), int(c), int(d))
                         for r, n, a, b, c, d in cases], np.int8)
    bad = np.flatnonzero(out != expected)
    assert bad.size == 0, f"differs from the search at (remaining, need, nd, nde, nb, nbe) = {cases[bad[0]].tolist()}"
