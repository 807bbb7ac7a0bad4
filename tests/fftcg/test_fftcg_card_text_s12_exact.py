"""FF-TCG card text, session 12: three approximations made exact. A card chosen in the Break Zone is chosen when
the Summon is cast / the ability is put on the stack, like any target (CR 11.3.3, 11.8.4, 11.8.9), and on
resolution only the chosen card still there moves (CR 11.11.2); a mandatory "search for 1 ..." / "play 1 ... from
your hand" takes a card when one matches (CR 15.1.1.8.1); a cost of several element CP symbols asks one CP of
each symbol's element. Compiled from made-up lines in the game's template language and played in small games."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tcg_env.games.fftcg.card_text import COMPILER
from tests.fftcg.fftcg_helpers import card_record, do, import_mini, mini_deck

SUMMON = {"name": "Raise Test", "type": "summon", "element": "fire", "cost": 2}


def _records():
    rec = card_record("X")

    recs = [
        rec(1, "Raise", "summon", 1, 0, "", "Choose 1 Forward of cost 3 or less in your Break Zone. Add it to your "
            "hand."),
        rec(2, "Caller", "forward", 1, 5000, "Priest", "When Caller enters the field, choose 1 Forward in your Break "
            "Zone. Play it onto the field."),
        rec(3, "Gleaner", "forward", 1, 5000, "Priest", "When Gleaner enters the field, choose up to 1 Summon in your "
            "Break Zone. Add it to your hand."),
        rec(4, "Scout", "summon", 1, 0, "", "Search for 1 Backup and add it to your hand."),
        rec(5, "Seeker", "forward", 1, 5000, "Scout", "When Seeker enters the field, you may search for 1 Backup and "
            "add it to your hand."),
        rec(6, "Herald", "forward", 1, 5000, "Knight", "When Herald enters the field, play 1 Backup of cost 2 or less "
            "from your hand onto the field."),
        rec(7, "Twin", "forward", 1, 5000, "Mage", "{Fire}{Ice}: Draw 1 card."),
        rec(8, "Pyro", "forward", 1, 5000, "Mage", "{Fire}{Fire}{1}: Draw 1 card."),
        rec(30, "Frost", "backup", 2, 0, "Clerk", "", element="ice"),
        rec(31, "Rain", "backup", 2, 0, "Clerk", "", element="water"),
        rec(32, "Mist", "backup", 2, 0, "Clerk", "", element="water"),
        rec(33, "Shard", "backup", 2, 0, "Clerk", "", element="ice"),
    ]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(5)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 5000, "Soldier", "") for i in range(6)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff12x", _records())


def _game(mini, hand, mine=(), brk=(), deck_top=(), backups=("X-020", "X-021", "X-022")):
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res), mini_deck(res)))
    sc.field(0, [*backups, *mine])  # three Fire Backups: 3 CP
    sc.field(1, ["X-040"])
    sc.hand(0, list(hand))
    slots = [sc.put(0, n, K.Zone.BREAK) for n in brk]
    if deck_top:
        sc.deck_top(0, list(deck_top))
    return sc.game(), slots


def _legal(g):
    return [int(a) for a in g.legal_actions()]


def _pay(g):
    for _ in range(10):
        if g.decision != K.Decision.PAY_CP:
            return
        acts = [a for a in _legal(g) if K.OWN_FIELD_BASE <= a < K.OWN_FIELD_BASE + K.FIELD_SLOTS]
        g.step((acts or [a for a in _legal(g) if a != K.PASS])[0])


def _resolve(g, limit=40):
    for _ in range(limit):
        if g.done or (g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0):
            return
        g.step(K.PASS if K.PASS in _legal(g) else _legal(g)[0])


def _zone(g, slot):
    return int(g.state[S.ZONE + slot * S.CARD_W])


def _option_of(g, slot):
    n = int(g.state[S.CAND_N])
    return K.OPTION_BASE + [int(g.state[S.CAND + k]) for k in range(n)].index(slot)


def test_break_zone_choices_compile_exact():
    r = COMPILER.compile_line("Choose 1 Forward of cost 2 or less in your Break Zone. Play it onto the field.", SUMMON)
    assert r.verdict is Verdict.EXACT, r.reason
    assert r.abilities[0]["effect"] == [
        {"op": "choose", "filter": {"type": "forward", "cost_max": 2, "zone": "break", "side": "own"}, "count": 1,
         "reg": 0},
        {"op": "put_onto_field", "reg": 0}]
    r = COMPILER.compile_line("Search for 1 Backup and add it to your hand.", SUMMON)
    assert r.verdict is Verdict.EXACT and r.abilities[0]["effect"][0]["up_to"] is False


def test_a_summon_choosing_in_the_break_zone_needs_a_legal_target_CR_11_3_3(mini):
    g, _ = _game(mini, ["X-001"], brk=["X-043"])  # a cost-2 Forward... of cost 2: legal
    assert any(g.describe_action(a).startswith("Cast Raise") or "Raise" in g.describe_action(a) for a in _legal(g)
               if K.HAND_BASE <= a < K.HAND_BASE + K.HAND_SLOTS)
    g, _ = _game(mini, ["X-001"], brk=["X-020"])  # only a Backup there: no legal target, it cannot be cast
    assert not [a for a in _legal(g) if K.HAND_BASE <= a < K.HAND_BASE + K.HAND_SLOTS]


def test_the_break_zone_card_is_chosen_on_cast_and_must_still_be_there_CR_11_11_2(mini):
    # two Raises: the first chooses A when cast; the second, cast in response, chooses A too and resolves first
    # (A to the hand). The first then finds A gone and does nothing: B, never chosen, stays in the Break Zone
    g, (a, b) = _game(mini, ["X-001", "X-001"], brk=["X-041", "X-042"])
    g.step(K.HAND_BASE + 0)
    assert g.decision == K.Decision.CHOOSE_TARGET  # chosen before the cost is paid (CR 11.3.3, 11.3.7)
    assert K.PASS not in _legal(g) and int(g.state[S.CAND_N]) == 2  # no "up to": one must be chosen
    g.step(_option_of(g, a))
    _pay(g)
    assert g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 1
    g.step(K.HAND_BASE + 0)  # the second Raise, in response
    g.step(_option_of(g, a))
    _pay(g)
    _resolve(g)
    assert _zone(g, a) == K.Zone.HAND and _zone(g, b) == K.Zone.BREAK


def test_an_auto_ability_chooses_its_break_zone_card_when_put_on_the_stack_CR_11_8_9(mini):
    g, (a,) = _game(mini, ["X-002"], brk=["X-041"])
    do(g, "Play Caller")
    _pay(g)
    for _ in range(10):
        if g.decision == K.Decision.CHOOSE_TARGET:
            break
        g.step(K.PASS)
    assert g.decision == K.Decision.CHOOSE_TARGET and _legal(g) == [_option_of(g, a)]
    assert g.describe_action(_legal(g)[0]).startswith("Choose Filler 1 in the Break Zone")
    g.step(_legal(g)[0])
    _resolve(g)
    assert _zone(g, a) == K.Zone.FIELD


def test_with_nothing_to_choose_the_auto_ability_leaves_the_stack_CR_11_8_4(mini):
    g, _ = _game(mini, ["X-002"])
    do(g, "Play Caller")
    _pay(g)
    _resolve(g)
    assert g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0


@pytest.mark.parametrize("take", [False, True])
def test_up_to_one_may_choose_none(mini, take):
    g, (s,) = _game(mini, ["X-003"], brk=["X-001"])
    do(g, "Play Gleaner")
    _pay(g)
    for _ in range(10):
        if g.decision == K.Decision.CHOOSE_TARGET:
            break
        g.step(K.PASS)
    assert sorted(_legal(g)) == sorted([K.PASS, _option_of(g, s)])
    g.step(_option_of(g, s) if take else K.PASS)
    _resolve(g)
    assert _zone(g, s) == (K.Zone.HAND if take else K.Zone.BREAK)


def _until_select(g):
    for _ in range(10):
        if g.decision == K.Decision.SELECT_CARD:
            return
        g.step(K.PASS)
    raise AssertionError(g.decision)


def test_a_mandatory_search_takes_a_card_CR_15_1_1_8_1(mini):
    g, _ = _game(mini, ["X-004"])
    do(g, "Cast Scout")
    _pay(g)
    _until_select(g)
    assert K.PASS not in _legal(g) and _legal(g)
    hand = int(g.state[S.HAND_N])
    g.step(_legal(g)[0])
    _resolve(g)
    assert int(g.state[S.HAND_N]) == hand + 1


def test_you_may_search_may_still_find_none(mini):
    g, _ = _game(mini, ["X-005"])
    do(g, "Play Seeker")
    _pay(g)
    for _ in range(10):
        if g.decision == K.Decision.OPTIONAL_EFFECT:
            break
        g.step(K.PASS)
    g.step(K.OPTION_BASE)
    _until_select(g)
    assert K.PASS in _legal(g)


def test_play_one_from_your_hand_must_play_one(mini):
    g, _ = _game(mini, ["X-006", "X-023"])
    do(g, "Play Herald")
    _pay(g)
    _until_select(g)
    assert K.PASS not in _legal(g)
    g.step(_legal(g)[0])
    _resolve(g)
    assert int(g.state[S.HAND_N]) == 0 and int(g.state[S.FIELD_N]) == 5  # 3 Backups, Herald, the Clerk


# ---- costs of several element CP symbols -------------------------------------------------------------------------
def test_several_element_symbols_compile_exact():
    r = COMPILER.compile_line("{Fire}{Ice}{1}: Draw 1 card.", {"name": "Twin", "type": "forward", "element": "fire",
                                                               "cost": 2, "job": "Mage"})
    assert r.verdict is Verdict.EXACT and r.abilities[0]["cost"] == {"elements": ["fire", "ice"], "cp": 3}


def _feasible_by_search(remaining, req, had, d, b, nd_other, nb_other, nany):
    """Every payment: x[e] discards and y[e] Backups of element e (two elements), discards / Backups of other elements,
    z any-element Backups; the whole payment exact or one CP over with a discard (CR 5.2.1.3.1), each symbol of
    element e paid with a CP of e (an any-element Backup pays one symbol)."""
    import itertools

    for x0, x1, y0, y1, xo, yo, z in itertools.product(range(d[0] + 1), range(d[1] + 1), range(b[0] + 1),
                                                       range(b[1] + 1), range(nd_other + 1), range(nb_other + 1),
                                                       range(nany + 1)):
        total = 2 * (x0 + x1 + xo) + y0 + y1 + yo + z
        disc = had or x0 + x1 + xo > 0
        if total != remaining and not (total == remaining + 1 and disc):
            continue
        short = max(0, req[0] - 2 * x0 - y0) + max(0, req[1] - 2 * x1 - y1)
        if short <= z:
            return True
    return False


def test_several_element_symbols_payment_feasibility_equals_a_search_over_every_payment():
    import itertools

    import numpy as np
    from numba import njit

    from tcg_env.games.fftcg.costs import pay_multi_feasible

    @njit
    def answers(cases, out):
        for i in range(cases.shape[0]):
            c = cases[i]
            req = c[1] + (c[2] << K.ELEM_BITS)
            d = c[4] + (c[5] << 8) + (c[8] << 16)  # elements 0, 1, and 2 (asked by no symbol)
            b = c[6] + (c[7] << 8) + (c[9] << 16)
            nb = c[6] + c[7] + c[9] + c[10]  # the any-element Backups are Backups too
            out[i] = pay_multi_feasible(c[0], req, c[3] != 0, c[4] + c[5] + c[8], d, nb, b, c[10])

    cases = np.array(list(itertools.product(range(-1, 7), range(3), range(3), (0, 1), range(3), range(3), range(3),
                                            range(3), range(2), range(2), range(2))), np.int64)
    out = np.zeros(len(cases), np.int8)
    answers(cases, out)
    expected = np.array([_feasible_by_search(c[0], (c[1], c[2]), c[3], (c[4], c[5]), (c[6], c[7]), c[8], c[9], c[10])
                         for c in cases.tolist()], np.int8)
    bad = np.flatnonzero(out != expected)
    assert bad.size == 0, f"differs from the search at {cases[bad[0]].tolist()} (search: {expected[bad[0]]})"


def _usable(g, name):
    return any(g.describe_action(a).startswith(f"Use ability: {name}") for a in _legal(g))


def test_a_cost_of_two_elements_asks_one_cp_of_each(mini):
    # "{Fire}{Ice}": two Fire Backups and a Water one make 3 CP but no Ice CP: the ability cannot be used
    g, _ = _game(mini, [], mine=["X-007"], backups=("X-020", "X-021", "X-031"))
    assert not _usable(g, "Twin")
    g, _ = _game(mini, [], mine=["X-007"], backups=("X-020", "X-030", "X-031"))
    hand = int(g.state[S.HAND_N])
    do(g, "Use ability: Twin")
    assert g.decision == K.Decision.PAY_CP
    assert sorted(_legal(g)) == [K.OWN_FIELD_BASE + 0, K.OWN_FIELD_BASE + 1]  # the Water Backup pays no symbol
    g.step(K.OWN_FIELD_BASE + 0)
    assert _legal(g) == [K.OWN_FIELD_BASE + 1]  # then the Ice one
    g.step(K.OWN_FIELD_BASE + 1)
    _resolve(g)
    assert int(g.state[S.HAND_N]) == hand + 1


def test_the_order_of_the_sources_does_not_matter_CR_11_6_10(mini):
    # "{Fire}{Ice}" with an Ice card in the hand and a Fire Backup: the discard first (2 Ice CP, one over), then the
    # Fire Backup: 3 CP for a cost of 2, one over from a discard (CR 5.2.1.3.1)
    g, _ = _game(mini, ["X-033"], mine=["X-007"], backups=("X-020",))
    do(g, "Use ability: Twin")
    assert sorted(_legal(g)) == [K.HAND_BASE + 0, K.OWN_FIELD_BASE + 0]
    g.step(K.HAND_BASE + 0)
    assert g.decision == K.Decision.PAY_CP and _legal(g) == [K.OWN_FIELD_BASE + 0]
    g.step(K.OWN_FIELD_BASE + 0)
    assert g.decision != K.Decision.PAY_CP


def test_two_symbols_of_one_element_ask_two_cp_of_it(mini):
    # "{Fire}{Fire}{1}": one Fire Backup and two Water ones make 3 CP with one Fire: not enough Fire
    g, _ = _game(mini, [], mine=["X-008"], backups=("X-020", "X-031", "X-032"))
    assert not _usable(g, "Pyro")
    g, _ = _game(mini, [], mine=["X-008"], backups=("X-020", "X-021", "X-031"))
    do(g, "Use ability: Pyro")
    g.step(K.OWN_FIELD_BASE + 2)  # the Water Backup pays the generic CP
    assert sorted(_legal(g)) == [K.OWN_FIELD_BASE + 0, K.OWN_FIELD_BASE + 1]
    g.step(K.OWN_FIELD_BASE + 0)
    assert _legal(g) == [K.OWN_FIELD_BASE + 1]
