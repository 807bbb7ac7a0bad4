"""FF-TCG card text, session 20 (branch s20-ffa): a set of costs in a description ("Choose 1 dull Forward of cost 2, 3, 5
or 7.", "all the Forwards of cost 3, 6 and 9 opponent controls": a filter alternative per cost, filters.filter_match);
"During each turn, when you cast the second Summon / card you've cast, ..." (Trigger.CAST_SECOND: the count is the
trigger event's, CR 11.3.8, not a condition checked again on resolution, CR 11.8.13); "Choose 1 Summon [of cost N or
less]. Cancel its effect." (a Summon on the stack, CR 7.12, chosen as a target: FilterZone.STACK; Op.CANCEL takes it and
its entry off the stack into the Break Zone, CR 11.11.10, without its effect); "Choose 1 Forward forming a party."
(CardState.IN_PARTY, CR 15.1.1.9). Made-up lines compiled and played in
small games (the mini-pool helpers of the session 13 / 19 modules)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tcg_env.games.fftcg.card_text import COMPILER
from tests.fftcg.fftcg_helpers import backup_payment, card_record, do, import_mini, mini_deck, pass_until, slot_of
from tests.fftcg.test_fftcg_card_text_s13 import _resolve

SUMMON = {"name": "Prime", "type": "summon", "element": "wind", "cost": 2}
FWD = {"name": "Zed", "type": "forward", "element": "wind", "cost": 3, "job": "Knight"}
SEALER = "{Dull}, put Sealer into the Break Zone: Choose 1 Summon of cost 2 or less. Cancel its effect."
RALLIER = "{Dull}: Choose 1 Forward forming a party. It gains +2000 power until the end of the turn."
SECOND = "During each turn, when you cast the second Summon you've cast, choose up to 2 Forwards. Deal them 4000 damage."


def _records():
    rec = card_record("T", "wind")
    recs = [rec(1, "Prime", "summon", 1, 0, "", "Choose 1 dull Forward of cost 2, 3, 5 or 7. Break it."),
            rec(2, "Quake", "summon", 1, 0, "", "Break all the Forwards of cost 3 and 5 opponent controls."),
            rec(3, "Spark", "summon", 1, 0, "", "Draw 1 card."),
            rec(5, "Echo", "forward", 2, 9000, "Dancer", SECOND),
            rec(6, "Blast", "summon", 2, 0, "", "Choose 1 Forward. Deal it 7000 damage."),
            rec(7, "Nova", "summon", 4, 0, "", "Choose 1 Forward. Deal it 7000 damage."),
            rec(8, "Sealer", "backup", 2, 0, "Mage", SEALER),
            rec(9, "Rallier", "backup", 2, 0, "Mage", RALLIER)]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 1, 0, "Clerk", "") for i in range(7)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2 + i, 9000, "Soldier", "") for i in range(6)]  # costs 2..7
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff20a", _records())


BACKUPS = ("T-020", "T-021", "T-022", "T-023", "T-024")


def _game(mini, hand, mine=(), theirs=("T-040", "T-041", "T-042", "T-043"), dull_theirs=True, turn_player=0,
          opp_cast=0, their_active=()):
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)), turn_player=turn_player)
    sc.field(0, [*BACKUPS, *mine])
    sc.field(1, list(theirs), dull=dull_theirs)
    if their_active:
        sc.field(1, list(their_active))
    sc.hand(0, list(hand))
    sc.row[S.CAST_N + 1] = opp_cast * (1 + K.CAST_UNIT)  # the Summons (and cards) the opponent cast this turn (state.CAST_N)
    return sc.game()


def _options(g):
    return sorted(g.describe_action(int(a)) for a in g.legal_actions())


def _pay(g):
    while g.decision == K.Decision.PAY_CP:
        g.step(backup_payment(g))


def _cast_spark(g):
    """Cast one of the copies of Spark in the hand ("Draw 1 card.") and pay for it with a Backup."""
    g.step(next(int(a) for a in g.legal_actions() if g.describe_action(int(a)).startswith("Cast Spark")))
    _pay(g)


# ---- a set of costs: one filter alternative per cost -----------------------------------------------------------------
@pytest.mark.parametrize("line, costs", [
    ("Choose 1 dull Forward of cost 2, 3, 5 or 7. Break it.", [2, 3, 5, 7]),
    ("Choose 1 dull Forward of cost 2, 3, 5, or 7. Break it.", [2, 3, 5, 7]),
    ("Choose 1 Forward of cost 5 or 10. Break it.", [5, 10]),
    ("Break all the Characters of cost 5 and 10 opponent controls.", [5, 10]),
    ("Deal 10000 damage to all the Forwards of cost 3, 6 and 9 opponent controls.", [3, 6, 9]),
])
def test_cost_set_compiles_to_one_alternative_per_cost(line, costs):
    res = COMPILER.compile_line(line, SUMMON)
    assert res.verdict is Verdict.EXACT, res.reason
    f = res.abilities[0]["effect"][0]["filter"]
    seen = []
    while f is not None:
        assert f["cost_min"] == f["cost_max"]
        seen.append(f["cost_min"])
        f = f.get("alt")
    assert seen == costs


@pytest.mark.parametrize("line", [
    # "or more" / "or less" stay bounds; a count after "and" is another description, not a cost
    "Choose 1 Forward of cost 3 or 1 Backup. Break it.",
    # a set of costs and a set of references at once: not one chain of alternatives
    "Choose 1 [Job Knight] or [Job Monk] Forward of cost 2 or 3. Break it.",
])
def test_cost_set_other_sentences_stay_unsupported(line):
    assert COMPILER.compile_line(line, SUMMON).verdict is Verdict.UNSUPPORTED


def test_cost_set_bounds_still_compile_as_ranges():
    res = COMPILER.compile_line("Choose 1 Forward of cost 3 or more. Break it.", SUMMON)
    assert res.verdict is Verdict.EXACT
    assert res.abilities[0]["effect"][0]["filter"] == {"type": "forward", "cost_min": 3}


def test_cost_set_chooses_only_the_listed_costs(mini):
    # the opponent's dull Forwards of cost 2, 3, 4, 5: only 2, 3 and 5 are in {2, 3, 5, 7}
    g = _game(mini, hand=("T-001",))
    do(g, "Cast Prime")
    opts = [o for o in _options(g) if o.startswith("Choose")]
    assert not any("Filler 2" in o for o in opts)  # cost 4
    assert sum(any(f"Filler {i}" in o for o in opts) for i in (0, 1, 3)) == 3
    do(g, "Choose opponent's Filler 3")
    _resolve(g)
    assert int(g.state[S.BREAK_N + 1]) == 1
    slot_of(g, "T-042", K.Zone.FIELD, 1)  # the cost-4 Forward is still there


def test_cost_set_dull_qualifier_applies_to_every_cost(mini):
    # active Forwards of the listed costs cannot be chosen: the summon has no target (CR 11.3.3)
    g = _game(mini, hand=("T-001",), dull_theirs=False)
    assert not any(o.startswith("Cast Prime") for o in _options(g))


def test_break_all_of_a_set_of_costs(mini):
    g = _game(mini, hand=("T-002",), theirs=("T-040", "T-041", "T-042", "T-043", "T-044"))
    do(g, "Cast Quake")
    _resolve(g)
    # costs 3 and 5 broken (Filler 1 and 3); costs 2, 4, 6 stay
    assert int(g.state[S.FIELD_N + 1]) == 3
    for n in ("T-040", "T-042", "T-044"):
        slot_of(g, n, K.Zone.FIELD, 1)


# ---- "During each turn, when you cast the second Summon you've cast" (Trigger.CAST_SECOND) ---------------------------
def test_cast_second_compiles_exact_and_second_card_approximate():
    res = COMPILER.compile_line(SECOND, FWD)
    assert res.verdict is Verdict.EXACT, res.reason
    assert res.abilities[0]["trigger"] == "cast_second" and "condition" not in res.abilities[0]
    card = SECOND.replace("second Summon", "second card")
    res = COMPILER.compile_line(card, FWD)
    # session 22: "card" counts the Characters played from the hand too (Trigger.CAST_CARD_2), exact
    assert res.verdict is Verdict.EXACT and res.abilities[0]["trigger"] == "cast_card_2"


def _echo_damage(g, number="T-040"):
    return int(g.state[S.DMG + slot_of(g, number, K.Zone.FIELD, 1) * S.CARD_W])


def test_cr_11_3_8_the_second_summon_cast_triggers_once(mini):
    g = _game(mini, hand=("T-003", "T-003", "T-003"), mine=("T-005",), dull_theirs=False)
    _cast_spark(g)
    _resolve(g)
    assert _echo_damage(g) == 0  # the first Summon: nothing
    _cast_spark(g)
    # the auto-ability is put on the stack above the Summon (CR 11.8.7): its targets chosen now (CR 11.8.9)
    do(g, "Choose opponent's Filler 0")
    g.step(K.PASS)  # "up to 2": one
    _resolve(g)
    assert _echo_damage(g) == 4000
    _cast_spark(g)  # the third: the trigger event is the second only
    _resolve(g)
    assert _echo_damage(g) == 4000


def test_cr_11_8_13_the_count_is_not_checked_again_on_resolution(mini):
    # a third Summon cast in response to the auto-ability: it still resolves (the count is its trigger event's)
    g = _game(mini, hand=("T-003", "T-003", "T-003"), mine=("T-005",), dull_theirs=False)
    _cast_spark(g)
    _resolve(g)
    _cast_spark(g)
    do(g, "Choose opponent's Filler 0")
    g.step(K.PASS)
    assert g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 2
    _cast_spark(g)
    assert int(g.state[S.CAST_N]) == 3 * (1 + K.CAST_UNIT)
    _resolve(g)
    assert _echo_damage(g) == 4000


def test_cast_second_counts_the_controllers_summons_only(mini):
    # the opponent's Summons are theirs: Echo's controller cast one, so the trigger waits for their second
    g = _game(mini, hand=("T-003", "T-003"), mine=("T-005",), dull_theirs=False, opp_cast=1)
    _cast_spark(g)
    _resolve(g)
    assert _echo_damage(g) == 0 and int(g.state[S.STACK_N]) == 0
    _cast_spark(g)  # their own second
    assert any(o.startswith("Choose opponent's Filler 0") for o in _options(g))


# ---- "Choose 1 Summon [of cost N or less]. Cancel its effect." (FilterZone.STACK, Op.CANCEL) -------------------------
@pytest.mark.parametrize("line, filt", [
    (SEALER.replace("Sealer", "Zed"), {"type": "summon", "cost_max": 2, "zone": "stack"}),
    ("%Hush% {S}{Dull}: Choose 1 Summon. Cancel its effect.", {"type": "summon", "zone": "stack"}),
])
def test_cancel_a_summon_compiles_exact(line, filt):
    res = COMPILER.compile_line(line, {**FWD, "type": "backup"})
    assert res.verdict is Verdict.EXACT, res.reason
    eff = res.abilities[0]["effect"]
    assert eff == [{"op": "choose", "filter": filt, "count": 1, "reg": 0}, {"op": "cancel", "reg": 0}]


@pytest.mark.parametrize("line", [
    "{Dull}: Choose 1 Summon. Break it.",  # a Summon is chosen only to cancel it
    "{Dull}: Choose 1 Summon. Cancel its effect. Deal it 1000 damage.",
    "{Dull}: Choose 1 auto-ability. Cancel its effect.",  # abilities on the stack are not cards: not chosen
    "{Dull}: Choose 1 Summon or auto-ability. Cancel its effect.",
    "{Dull}: Choose 1 Summon targeting a Character you control. Cancel its effect.",
    "{Dull}: Choose 1 Forward. Cancel its effect.",
])
def test_other_cancel_sentences_stay_unsupported(line):
    assert COMPILER.compile_line(line, {**FWD, "type": "backup"}).verdict is Verdict.UNSUPPORTED


def test_a_summon_chosen_in_the_break_zone_is_still_removed():
    # a Summon chosen anywhere but the stack: only in the Break Zone, and only to remove it (session 19's, kept)
    res = COMPILER.compile_line("Choose 1 Summon in your Break Zone. Remove it from the game.", SUMMON)
    assert res.verdict is Verdict.EXACT, res.reason
    assert res.abilities[0]["effect"][0]["filter"] == {"type": "summon", "zone": "break", "side": "own"}


def _to_opponent_with_blast_and_spark(mini):
    """Player 0 casts Blast at the opponent's Filler 0, then Spark above it, and passes: the opponent, with Sealer
    active on their field, has priority over a stack of two Summons."""
    g = _game(mini, hand=("T-006", "T-003"), dull_theirs=False, their_active=("T-008",))
    do(g, "Cast Blast", "Choose opponent's Filler 0")
    _pay(g)
    _cast_spark(g)
    g.step(K.PASS)
    assert int(g.state[S.STACK_N]) == 2 and int(g.state[S.PRIORITY_PLAYER]) == 1
    return g


def test_cancel_takes_a_summon_off_the_stack_into_the_break_zone(mini):
    g = _to_opponent_with_blast_and_spark(mini)
    do(g, "Use ability: Sealer")
    # both Summons of the stack may be chosen (each is of cost 2 or less), and only they
    opts = [o for o in _options(g) if o.startswith("Choose")]
    assert sorted(o.split(" on the stack")[0] for o in opts) == ["Choose Blast", "Choose Spark"]
    do(g, "Choose Blast on the stack")
    assert int(g.state[S.STACK_N]) == 3
    hand = int(g.state[S.HAND_N])
    _resolve(g)
    # Blast (below Spark) left the stack without its effect: the Forward has no damage, Blast is in its owner's
    # Break Zone; Spark above it still resolved (its card drawn), then the stack was empty
    assert int(g.state[S.DMG + slot_of(g, "T-040", K.Zone.FIELD, 1) * S.CARD_W]) == 0
    assert slot_of(g, "T-006", K.Zone.BREAK, 0) >= 0 and slot_of(g, "T-003", K.Zone.BREAK, 0) >= 0
    assert int(g.state[S.HAND_N]) == hand + 1
    assert int(g.state[S.STACK_N]) == 0 and int(g.state[S.BREAK_N]) == 2


def test_cancel_needs_a_summon_of_the_cost_on_the_stack(mini):
    # Nova (cost 4) on the stack: "of cost 2 or less" has no target, so the ability cannot be used (CR 11.6.5)
    g = _game(mini, hand=("T-007",), dull_theirs=False, their_active=("T-008",))
    do(g, "Cast Nova", "Choose opponent's Filler 0")
    _pay(g)
    g.step(K.PASS)
    assert int(g.state[S.PRIORITY_PLAYER]) == 1
    assert not any(o.startswith("Use ability: Sealer") for o in _options(g))
    _resolve(g)
    assert int(g.state[S.DMG + slot_of(g, "T-040", K.Zone.FIELD, 1) * S.CARD_W]) == 7000


# ---- "Choose 1 Forward forming a party." (CardState.IN_PARTY, CR 15.1.1.9.1) ---------------------------------------
def test_forming_a_party_compiles_exact_in_a_choice_only():
    res = COMPILER.compile_line(RALLIER.replace("Rallier", "Zed"), {**FWD, "type": "backup"})
    assert res.verdict is Verdict.EXACT, res.reason
    assert res.abilities[0]["effect"][0]["filter"] == {"type": "forward", "state": "in_party"}
    # a field ability on the party's Forwards (Brave as they attack, CR 10.1.2): not compiled
    assert COMPILER.compile_line("The Forwards forming a party you control gain Brave.", FWD).verdict \
        is Verdict.UNSUPPORTED


def _attack(mini, *names):
    """Player 0 (Rallier, two Clerks and the Fillers 0..2 on the field) attacks with ``names`` (a party when two)."""
    g = _game(mini, hand=(), mine=("T-009", "T-040", "T-041", "T-042"), theirs=("T-045",), dull_theirs=False)
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, f"Attack with {names[0]}")
    for n in names[1:]:
        do(g, f"Add {n} to the party")
    if g.decision == K.Decision.ADD_TO_PARTY:
        g.step(K.PASS)
    return g


def test_cr_15_1_1_9_1_a_forward_forming_a_party_is_one_of_two_or_more_attackers(mini):
    # no party in the Main Phase: no target, the ability cannot be used (CR 11.6.5)
    g = _game(mini, hand=(), mine=("T-009", "T-040", "T-041"))
    assert not any(o.startswith("Use ability: Rallier") for o in _options(g))
    g = _attack(mini, "Filler 0", "Filler 1")
    assert g.decision == K.Decision.PRIORITY
    do(g, "Use ability: Rallier")
    opts = sorted(o.split(" for ")[0] for o in _options(g))
    assert opts == ["Choose your Filler 0", "Choose your Filler 1"]  # not Filler 2, which does not attack
    do(g, "Choose your Filler 1")
    _resolve(g)
    slot = slot_of(g, "T-041")
    assert int(g.state[S.D_POWER + slot * S.CARD_W]) == 9000 + 2000


def test_cr_15_1_1_9_1_one_attacker_forms_no_party(mini):
    g = _attack(mini, "Filler 0")
    assert g.decision == K.Decision.PRIORITY
    assert not any(o.startswith("Use ability: Rallier") for o in _options(g))
