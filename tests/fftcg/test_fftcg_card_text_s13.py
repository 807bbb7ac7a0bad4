"""FF-TCG card text, session 13 (branch s13-ff): a Backup that "can produce <Element> CP" in a cost of several
element symbols (its own element or the printed one, no longer any: `element_cp_in_multi_cost` gone); "When a party
you control attacks" / "When N or more DESC you control form a party and attack" (Trigger.PARTY_ATTACKS); "The cost
required to play your DESC onto the field is reduced by N (it cannot become 0)"; an effect one of whose sets of targets
is gone still applies to the valid ones (CR 11.11.2.1); "if you have N or more cards in your hand"; "~ cannot be returned to its owner's hand by opponent's Summons or abilities";
"{Dull}, Put ~ into the Break Zone: ..." (a cost's part after a comma); "~ does not activate during your Active Phase";
"~ must attack once per turn if possible"; a field ability's subject without "the"; "The Forwards forming a party
with ~ gain ..." (Condition.SELF_IN_PARTY).
Compiled from made-up lines in the game's template language and played in small games."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tcg_env.games.fftcg.card_text import COMPILER
from tests.fftcg.fftcg_helpers import card_record, do, import_mini, mini_deck, slot_of

FWD = {"name": "Zell Test", "type": "forward", "job": "Monk", "element": "fire", "cost": 3}


def _c(line, card=FWD):
    return COMPILER.compile_line(line, card)


def _records():
    rec = card_record("W")

    recs = [
        rec(1, "Windy", "backup", 2, 0, "Mage", "If Windy is on the field, Windy can produce Wind CP."),
        rec(2, "Twin", "forward", 1, 5000, "Mage", "{Wind}{Ice}: Draw 1 card."),
        rec(3, "Pair", "forward", 1, 5000, "Mage", "{Water}{Ice}: Draw 1 card."),
        rec(10, "Leader", "forward", 2, 5000, "Operative", "When 2 or more [Job Operative] Forwards you control form a "
            "party and attack, draw 1 card."),
        rec(11, "Rallier", "backup", 2, 0, "Herald", "When a party you control attacks, all Forwards in that party gain "
            "+1000 power until the end of the turn."),
        rec(12, "Agent", "forward", 2, 5000, "Operative", ""),
        rec(13, "Herald", "forward", 2, 5000, "Knight", "When Herald enters the field, choose 1 Forward opponent "
            "controls and 1 Backup opponent controls. Dull them."),
        rec(14, "Smash", "summon", 1, 0, "", "Choose 1 Forward. Break it."),
        rec(15, "Sage", "forward", 2, 5000, "Sage", "If you have 4 or more cards in your hand, Sage gains +2000 power."),
        rec(16, "Stone", "forward", 2, 5000, "Knight", "Stone cannot be returned to its owner's hand by opponent's "
            "Summons or abilities."),
        rec(17, "Gust", "summon", 1, 0, "", "Choose 1 Forward. Return it to its owner's hand."),
        rec(18, "Sleeper", "forward", 2, 7000, "Golem", "Sleeper does not activate during your Active Phase."),
        rec(19, "Brute", "forward", 2, 6000, "Berserker", "Brute must attack once per turn if possible."),
        rec(24, "Bird", "forward", 2, 5000, "Chocobo", "The Forwards forming a party with Bird gain First Strike."),
        rec(30, "Frost", "backup", 2, 0, "Clerk", "", element="ice"),
        rec(31, "Rain", "backup", 2, 0, "Clerk", "", element="water"),
    ]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(4)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 5000, "Soldier", "") for i in range(12)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff13", _records())


def _legal(g):
    return [int(a) for a in g.legal_actions()]


def _answer(g):
    """A PAY_CP answer dulls a Backup when one may (no discard); another decision: pass, else the first option."""
    acts = _legal(g)
    if g.decision == K.Decision.PAY_CP:
        field = [a for a in acts if K.OWN_FIELD_BASE <= a < K.OWN_FIELD_BASE + K.FIELD_SLOTS]
        return (field or [a for a in acts if a != K.PASS])[0]
    return K.PASS if K.PASS in acts else acts[0]


def _resolve(g, limit=40):
    """Pay with the Backups and pass until the stack is empty."""
    for _ in range(limit):
        if g.done or (g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0):
            return
        g.step(_answer(g))


def _game(mini, hand=(), mine=(), theirs=("W-040",), backups=("W-020", "W-021", "W-022"), turn_player=0,
          their_hand=()):
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)), turn_player=turn_player)
    sc.field(0, [*backups, *mine])
    sc.field(1, list(theirs))
    sc.hand(0, list(hand))
    if their_hand:
        sc.hand(1, list(their_hand))
    return sc.game()


def _usable(g, name):
    return any(g.describe_action(a).startswith(f"Use ability: {name}") for a in _legal(g))


# ---- "~ can produce <Element> CP" in a cost of several element symbols (CR 5.2.1.3) ------------------------------
def test_element_cp_backup_compiles_exact():
    r = _c("If Windy is on the field, Windy can produce Wind CP.", {"name": "Windy", "type": "backup",
                                                                   "element": "fire", "cost": 2, "job": "Mage"})
    assert r.verdict is Verdict.EXACT and r.approximations == ()


def test_a_backup_producing_its_own_or_the_printed_element_pays_one_symbol_CR_5_2_1_3(mini):
    # "{Wind}{Ice}": the Fire Backup that can produce Wind CP pays the Wind symbol, the Ice Backup the Ice one
    g = _game(mini, mine=["W-002"], backups=("W-001", "W-030"))
    assert _usable(g, "Twin")
    hand = int(g.state[S.HAND_N])
    do(g, "Use ability: Twin")
    assert g.decision == K.Decision.PAY_CP
    assert sorted(_legal(g)) == [K.OWN_FIELD_BASE + 0, K.OWN_FIELD_BASE + 1]
    g.step(K.OWN_FIELD_BASE + 0)  # Windy: its CP is Wind (the symbol it can pay)
    assert _legal(g) == [K.OWN_FIELD_BASE + 1]
    g.step(K.OWN_FIELD_BASE + 1)
    _resolve(g)
    assert int(g.state[S.HAND_N]) == hand + 1
    assert int(g.state[S.DULL + slot_of(g, "W-001") * S.CARD_W]) == 1


def test_a_backup_producing_wind_cp_pays_no_water_symbol_CR_5_2_1_3(mini):
    # "{Water}{Ice}": Windy makes Fire or Wind CP, not Water: with only the Ice Backup beside it, no payment (it
    # counted as any Element before: the approximation element_cp_in_multi_cost)
    g = _game(mini, mine=["W-003"], backups=("W-001", "W-030"))
    assert not _usable(g, "Pair")
    g = _game(mini, mine=["W-003"], backups=("W-001", "W-030", "W-031"))
    assert _usable(g, "Pair")
    do(g, "Use ability: Pair")
    assert sorted(_legal(g)) == [K.OWN_FIELD_BASE + 1, K.OWN_FIELD_BASE + 2]  # Windy pays neither symbol


def _feasible_x_by_search(remaining, req, had, dcount, bcount, xs, nany):
    """Every payment: per element 0..2 (0 and 1 asked by ``req``) the discards and Backups used, a subset of the
    few-element Backups ``xs`` (sets of elements), each used one producing one element of its set, and any-element
    Backups; exact or one CP over with a discard (CR 5.2.1.3.1), the symbols of each element paid with its CP."""
    import itertools

    for xd in itertools.product(*[range(n + 1) for n in dcount]):
        for yb in itertools.product(*[range(n + 1) for n in bcount]):
            for pick in itertools.product(*[[None, *sorted(x)] for x in xs]):
                for z in range(nany + 1):
                    total = 2 * sum(xd) + sum(yb) + sum(p is not None for p in pick) + z
                    disc = had or sum(xd) > 0
                    if total != remaining and not (total == remaining + 1 and disc):
                        continue
                    cp = [2 * xd[e] + yb[e] + sum(p == e for p in pick) for e in range(3)]
                    if sum(max(0, req[e] - cp[e]) for e in range(2)) <= z:
                        return True
    return False


def test_few_element_backups_payment_feasibility_equals_a_search_over_every_payment():
    import itertools

    import numpy as np
    from numba import njit

    from tcg_env.games.fftcg.costs import XSET_BITS, pay_multi_feasible_x

    sets = [0b011, 0b101, 0b110]

    @njit
    def answers(cases, out):
        for i in range(cases.shape[0]):
            c = cases[i]
            req = c[1] + (c[2] << K.ELEM_BITS)
            d = c[4] + (c[5] << 8) + (c[6] << 16)
            b = c[7] + (c[8] << 8)
            xsets = np.int64(0)
            nx = 0
            for k in range(2):
                if c[9 + k] > 0:
                    xsets |= np.int64(c[9 + k]) << (XSET_BITS * nx)
                    nx += 1
            out[i] = pay_multi_feasible_x(c[0], req, c[3] != 0, c[4] + c[5] + c[6], d, c[7] + c[8] + nx + c[11], b,
                                          c[11], xsets)

    cases = np.array([c for c in itertools.product(range(-1, 6), range(3), range(3), (0, 1), range(2), range(2),
                                                   range(2), range(2), range(2), [0, *sets], [0, *sets], range(2))
                      if c[9] or not c[10]], np.int64)
    out = np.zeros(len(cases), np.int8)
    answers(cases, out)
    expected = np.array([_feasible_x_by_search(c[0], (c[1], c[2]), c[3], (c[4], c[5], c[6]), (c[7], c[8], 0),
                                               [{e for e in range(3) if (x >> e) & 1} for x in (c[9], c[10]) if x],
                                               c[11]) for c in cases.tolist()], np.int8)
    bad = np.flatnonzero(out != expected)
    assert bad.size == 0, f"differs from the search at {cases[bad[0]].tolist()} (search: {expected[bad[0]]})"


# ---- "When a party you control attacks" / "When N or more DESC you control form a party and attack" ---------------
def _attack(g, *names):
    from tests.fftcg.fftcg_helpers import pass_until

    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, f"Attack with {names[0]}")
    for n in names[1:]:
        do(g, f"Add {n} to the party")
    for _ in range(30):  # the party declared, its triggers resolved, the battle done
        if g.decision == K.Decision.ADD_TO_PARTY:
            g.step(K.PASS)
        elif g.decision == K.Decision.DECLARE_ATTACK or int(g.state[S.PHASE]) != K.Phase.ATTACK:
            break
        else:
            g.step(K.PASS)


@pytest.mark.parametrize("partner, draws", [(None, 0), ("Filler 1", 0), ("Agent", 1)])
def test_when_two_or_more_job_forwards_form_a_party_and_attack_CR_15_1_1_9(mini, partner, draws):
    # "When 2 or more [Job Operative] Forwards you control form a party and attack, draw 1 card.": Leader with an
    # Operative (Agent) is such a party: one card, once for the attack; with a Soldier or alone it is not
    g = _game(mini, mine=("W-010", "W-012", "W-041"), theirs=())
    hand = int(g.state[S.HAND_N])
    _attack(g, "Leader", *([partner] if partner else []))
    assert int(g.state[S.HAND_N]) == hand + draws


@pytest.mark.parametrize("party", [False, True])
def test_when_a_party_you_control_attacks_all_forwards_in_that_party_gain_CR_15_1_1_9(mini, party):
    # "When a party you control attacks, all Forwards in that party gain +1000 power until the end of the turn." (on a
    # Backup): the two Forwards of the party gain it, the Forward that does not attack does not; no party, no trigger
    g = _game(mini, mine=("W-011", "W-040", "W-041", "W-042"), theirs=())
    _attack(g, "Filler 0", *(["Filler 1"] if party else []))
    powers = [int(g.state[S.D_POWER + slot_of(g, n) * S.CARD_W]) for n in ("W-040", "W-041", "W-042")]
    assert powers == ([6000, 6000, 5000] if party else [5000, 5000, 5000])


def test_party_attack_shapes_compile_exact():
    r = _c("When a party you control attacks, choose 1 active Forward opponent controls. Deal it 8000 damage.")
    assert r.verdict is Verdict.EXACT and r.abilities[0]["trigger"] == "party_attacks"
    r = _c("When 1 or more [Category VI] Forwards you control form a party and attack, draw 1 card.")
    assert r.verdict is Verdict.EXACT and r.abilities[0]["trigger_count"] == 1
    # the party's Forwards only after the party trigger; a party of the opponent's Forwards is not compiled
    assert _c("{1}: All Forwards in that party gain +1000 power until the end of the turn.").verdict is \
        Verdict.UNSUPPORTED
    assert _c("When 2 or more Forwards opponent controls form a party and attack, draw 1 card.").verdict is \
        Verdict.UNSUPPORTED


# ---- "The cost required to play your DESC onto the field is reduced by N (it cannot become 0)." ------------------
def test_cost_reduction_onto_the_field_compiles_as_the_cast_form():
    a = _c("The cost required to play your [Job Operative] Forwards onto the field is reduced by 1 (it cannot become 0).")
    b = _c("The cost required to play your [Job Operative] Forwards is reduced by 1.")
    assert a.verdict is Verdict.EXACT and a.abilities == b.abilities


# ---- CR 11.11.2.1: the effect applies to the targets still valid ---------------------------------------------------
def test_an_effect_whose_chosen_forward_is_gone_still_dulls_the_chosen_backup_CR_11_11_2_1(mini):
    # Herald's auto-ability chooses the opponent's Forward and Backup; Smash, cast in response, breaks the Forward:
    # on resolution the Backup is still a valid target, so it is dulled (the effect is cancelled only when every
    # chosen target is gone, CR 11.11.2)
    g = _game(mini, hand=["W-013", "W-014"], theirs=("W-040", "W-023"))
    do(g, "Play Herald")
    for _ in range(20):
        if g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 1:
            break
        g.step(_answer(g) if g.decision != K.Decision.CHOOSE_TARGET else [a for a in _legal(g) if a != K.PASS][0])
    assert int(g.state[S.STACK_N]) == 1  # Herald's ability, its targets chosen
    do(g, "Cast Smash", "Choose opponent's Filler 0")
    _resolve(g)
    assert int(g.state[S.ZONE + slot_of(g, "W-040", zone=K.Zone.BREAK, player=1) * S.CARD_W]) == K.Zone.BREAK
    assert int(g.state[S.DULL + slot_of(g, "W-023", player=1) * S.CARD_W]) == 1


# ---- "If you have N or more cards in your hand, ..." (Condition.HAND_AT_LEAST) -------------------------------------
def test_if_you_have_n_or_more_cards_in_your_hand_CR_11_9(mini):
    # a field ability under a condition applies while the condition holds (CR 11.9): 4 cards in the hand, +2000;
    # after casting one of them (3 left), none
    g = _game(mini, hand=["W-014", "W-041", "W-042", "W-043"], mine=("W-015",))
    assert int(g.state[S.D_POWER + slot_of(g, "W-015") * S.CARD_W]) == 7000
    do(g, "Cast Smash", "Choose opponent's Filler 0")
    _resolve(g)
    assert int(g.state[S.HAND_N]) == 3
    assert int(g.state[S.D_POWER + slot_of(g, "W-015") * S.CARD_W]) == 5000
    g = _game(mini, hand=["W-041", "W-042", "W-043"], mine=("W-015",))
    assert int(g.state[S.D_POWER + slot_of(g, "W-015") * S.CARD_W]) == 5000


# ---- "~ cannot be returned to its owner's hand by opponent's Summons or abilities." ---------------------------------
@pytest.mark.parametrize("owner, returned", [(1, False), (0, True)])
def test_cannot_be_returned_to_its_owners_hand_by_opponents_summons(mini, owner, returned):
    # the opponent's Gust does not return Stone; its controller's own Gust does
    g = _game(mini, hand=["W-017"], mine=("W-016",) if owner == 0 else (), theirs=("W-016",) if owner == 1 else ())
    do(g, "Cast Gust", "Choose opponent's Stone" if owner == 1 else "Choose your Stone")
    _resolve(g)
    zone = K.Zone.HAND if returned else K.Zone.FIELD
    assert int(g.state[S.ZONE + slot_of(g, "W-016", zone=zone, player=owner) * S.CARD_W]) == zone


def test_a_costs_part_after_a_comma_may_begin_with_a_capital():
    card = {"name": "Bard", "type": "backup", "job": "Bard", "element": "fire", "cost": 3}
    a = COMPILER.compile_line("{Fire}{Dull}, Put Bard into the Break Zone: Draw 1 card.", card)
    b = COMPILER.compile_line("{Fire}{Dull}, put Bard into the Break Zone: Draw 1 card.", card)
    assert a.verdict is Verdict.EXACT and a.abilities == b.abilities


# ---- "~ does not activate during your Active Phase." (Op.NO_ACTIVATE) ---------------------------------------------
def test_does_not_activate_during_your_active_phase_CR_9_1_1_1(mini):
    # the opponent's turn ends; in its controller's Active Phase every dull card activates (CR 9.1.1.1) but Sleeper
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)), turn_player=1)
    sc.field(0, ["W-018", "W-040"], dull=True)
    sc.field(1, ["W-041"])
    g = sc.game()
    for _ in range(60):
        if int(g.state[S.TURN_PLAYER]) == 0 and int(g.state[S.PHASE]) == K.Phase.MAIN1:
            break
        acts = _legal(g)
        g.step(K.PASS if K.PASS in acts else acts[0])
    assert int(g.state[S.TURN_PLAYER]) == 0 and int(g.state[S.PHASE]) == K.Phase.MAIN1
    assert int(g.state[S.DULL + slot_of(g, "W-018") * S.CARD_W]) == 1
    assert int(g.state[S.DULL + slot_of(g, "W-040") * S.CARD_W]) == 0


def test_a_field_abilitys_subject_without_an_article_is_the_same_group():
    for line in ("Characters you control cannot be returned to their owners' hands by your opponent's Summons or "
                 "abilities.", "Forwards of cost 5 or more cannot block."):
        a, b = _c(line), _c("The " + line[0].lower() + line[1:])
        assert a.verdict is Verdict.EXACT and a.abilities == b.abilities


# ---- "~ must attack once per turn if possible." (Op.MUST_ATTACK) ----------------------------------------------------
def test_must_attack_once_per_turn_if_possible(mini):
    # while Brute can attack (CR 10.1.2.1) and has not this turn, the Attack Phase may not end: no PASS; after it
    # attacked, the player may end it
    from tests.fftcg.fftcg_helpers import pass_until

    g = _game(mini, mine=("W-019", "W-040"), theirs=())
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    assert K.PASS not in _legal(g)
    assert any(g.describe_action(a).startswith("Attack with Brute") for a in _legal(g))
    assert any(g.describe_action(a).startswith("Attack with Filler 0") for a in _legal(g))
    do(g, "Attack with Brute")
    for _ in range(30):
        if g.decision == K.Decision.DECLARE_ATTACK:
            break
        g.step(K.PASS)
    assert g.decision == K.Decision.DECLARE_ATTACK and K.PASS in _legal(g)


def test_must_attack_does_not_bind_a_forward_that_cannot_attack(mini):
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import pass_until

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, ["W-020", "W-021", "W-022"])
    sc.field(0, ["W-019"], dull=True)
    sc.field(0, ["W-040"])
    g = sc.game()
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    assert K.PASS in _legal(g)


# ---- "The Forwards forming a party with ~ gain First Strike." (Condition.SELF_IN_PARTY) ------------------------------
@pytest.mark.parametrize("with_bird", [False, True])
def test_the_forwards_forming_a_party_with_it_gain_first_strike_CR_15_1_1_9(mini, with_bird):
    from tests.fftcg.fftcg_helpers import pass_until

    g = _game(mini, mine=("W-024", "W-040", "W-041"), theirs=())
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Filler 0")
    do(g, "Add Bird to the party" if with_bird else "Add Filler 1 to the party")
    pass_until(g, K.Decision.PRIORITY)
    kw = [int(g.state[S.D_KW + slot_of(g, n) * S.CARD_W]) & K.KW_FIRST_STRIKE for n in ("W-040", "W-041", "W-024")]
    assert [k != 0 for k in kw] == ([True, False, False] if with_bird else [False, False, False])
    assert _c("If you control a Backup, the Forwards forming a party with Zell Test gain +1000 power.").verdict is \
        Verdict.UNSUPPORTED  # two conditions
