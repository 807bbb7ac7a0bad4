"""FF-TCG card text, session 23 (branch s23-ffa): the Elements of the CP paid to cast a card (CR 5.2.1.3, 11.2: a
discarded card's 2 CP and a dulled Backup's CP are of that card's Element) marked as the card's payment is answered
(costs.note_paid_element, spare bits PAID_* of state.BOOST, pool flag FLAG_PAID_ELEMENTS): "If the cost to cast / play ~
was paid with CP of N or more / N or less / exactly N different Elements", "... didn't include CP of N or more different
Elements" (Condition.PAID_ELEMENTS), "for each CP of a different Element you paid to cast ~" (K.PER_PAID_ELEMENTS); and
"for each different Element among Characters you control" (K.PER_ELEMENTS_OF). Made-up lines played in small games."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tests.fftcg.fftcg_helpers import card_record, do, import_mini, mini_deck, slot_of
from tests.fftcg.test_fftcg_card_text_s13 import _c, _legal, _resolve

THIEF = ("When Thief enters the field, if the cost to cast Thief was paid with CP of 3 or more different Elements, draw "
         "1 card.")
BOLT = ("Choose 1 Forward. Deal it 4000 damage. If the cost to cast Bolt was paid with CP of 3 or more different "
        "Elements, deal it 9000 damage instead.")
JAKE = ("When Jake enters the field, choose 1 Forward opponent controls. Deal it 2000 damage for each CP of a different "
        "Element you paid to cast Jake.")
LIVIA = ("When Livia enters the field, if the cost to play Livia didn't include CP of 3 or more different Elements, put "
         "Livia into the Break Zone.")
CACTUS = ("Choose 1 Forward. Break it. If the cost to cast Cactus was paid with CP of 1 or less different Elements, "
          "Cactus deals you 1 point of damage.")
VARIS = ("When Varis enters the field, if the cost to play Varis was paid with CP of exactly 2 different Elements, draw 1 "
         "card.")
MAGE = "When Mage enters the field, if the cost paid to play Mage included Ice CP, draw 1 card."
STYX = ("When Styx enters the field, choose 1 Forward opponent controls. If the cost to play Styx was only paid with Fire "
        "CP, return it to its owner's hand.")
IXION = ("Choose 1 Forward. It loses 1000 power until the end of the turn. If the cost to cast Ixion was paid with CP of 2 "
         "or more different Elements, all the Forwards opponent controls also lose 2000 power until the end of the turn.")
KEFKA = "If you control 3 or more different Element Backups, Kefka gains +3000 power."
SHANTO = ("When Shanto enters the field, choose 1 Forward opponent controls. Deal it 2000 damage for each different "
          "Element among Characters you control.")


def _records():
    rec = card_record("P")
    return [
        rec(1, "Thief", "forward", 3, 5000, "Thief", THIEF),
        rec(2, "Bolt", "summon", 3, 0, "", BOLT),
        rec(3, "Jake", "forward", 3, 5000, "Gambler", JAKE),
        rec(4, "Livia", "forward", 3, 5000, "Knight", LIVIA),
        rec(5, "Cactus", "summon", 2, 0, "", CACTUS),
        rec(6, "Varis", "forward", 2, 5000, "Emperor", VARIS),
        rec(7, "Shanto", "forward", 1, 5000, "Mage", SHANTO),
        rec(8, "Raise", "summon", 1, 0, "", "Choose 1 Forward in your Break Zone. Play it onto the field."),
        rec(9, "Mage", "forward", 2, 5000, "Mage", MAGE),
        rec(10, "Styx", "forward", 2, 5000, "Mage", STYX),
        rec(11, "Ixion", "summon", 2, 0, "", IXION),
        rec(12, "Kefka", "forward", 2, 5000, "Mage", KEFKA),
        rec(20, "Pyro", "backup", 2, 0, "Clerk", ""),
        rec(21, "Pyro 2", "backup", 2, 0, "Clerk", ""),
        rec(22, "Frost", "backup", 2, 0, "Clerk", "", element="ice"),
        rec(23, "Gale", "backup", 2, 0, "Clerk", "", element="wind"),
        rec(24, "Tide", "backup", 2, 0, "Clerk", "", element="water"),
        rec(25, "Halo", "backup", 2, 0, "Clerk", "", element="light"),
        rec(26, "Wet", "forward", 2, 5000, "Soldier", "", element="water"),
        rec(40, "Brute", "forward", 2, 9000, "Soldier", ""),
        rec(41, "Wall", "forward", 2, 8000, "Soldier", ""),
    ]


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff23a", _records())


PYRO, PYRO2, FROST, GALE, TIDE, HALO = "P-020", "P-021", "P-022", "P-023", "P-024", "P-025"


def _game(mini, hand=(), backups=(), mine=(), theirs=("P-040",), broken=()):
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, [*backups, *mine])
    sc.field(1, list(theirs))
    sc.hand(0, list(hand))
    if broken:
        sc.break_zone(0, list(broken))
    return sc.game()


def _cast(g, name, backups=(), discards=()):
    """Play / cast ``name`` from the hand, its cost paid by dulling the Backups at these field places and discarding
    the hand cards at these hand places (each place as the PAY_CP decision lists it then)."""
    do(g, f"Play {name}" if any(g.describe_action(a).startswith(f"Play {name}") for a in _legal(g)) else f"Cast {name}")
    while g.decision == K.Decision.CHOOSE_TARGET:
        g.step(next(a for a in _legal(g) if a != K.PASS))
    for i in backups:
        assert g.decision == K.Decision.PAY_CP
        g.step(K.OWN_FIELD_BASE + i)
    for i in discards:
        assert g.decision == K.Decision.PAY_CP
        g.step(K.HAND_BASE + i)


def _paid_bits(g, slot):
    return (int(g.state[S.BOOST + slot]) & K.PAID_MASK) >> K.PAID_SHIFT


# ---- compiling ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("line, card, expect", [
    (THIEF, ("Thief", "forward"), {"kind": "paid_elements_at_least", "value": 3}),
    (LIVIA, ("Livia", "forward"), {"kind": "paid_elements_at_most", "value": 2}),
    (VARIS, ("Varis", "forward"), {"kind": "paid_elements_exactly", "value": 2}),
    ("When Thief enters the field, if the cost to play Thief was paid with CP of 2 or more different Elements, draw 1 "
     "card.", ("Thief", "forward"), {"kind": "paid_elements_at_least", "value": 2}),
    (MAGE, ("Mage", "forward"), {"kind": "paid_element_included", "value": 0, "element": "ice"}),
    ("When Mage enters the field, if the cost to cast Mage was only paid with Earth CP, draw 1 card.", ("Mage", "forward"),
     {"kind": "paid_only_element", "value": 0, "element": "earth"}),
    (KEFKA, ("Kefka", "forward"), {"kind": "elements_at_least", "value": 3, "filter": {"type": "backup", "side": "own"}}),
    ("When Mage enters the field, choose 1 card in your Break Zone. If there are exactly 3 different Elements among the "
     "Backups you control, add it to your hand.", ("Mage", "forward"),
     {"kind": "elements_exactly", "value": 3, "filter": {"type": "backup", "side": "own"}}),
])
def test_paid_elements_conditions_compile_exact(line, card, expect):
    r = _c(line, {"name": card[0], "type": card[1], "element": "fire", "cost": 3, "power": 5000})
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason
    ab = r.abilities[0]
    cond = ab["condition"] if "condition" in ab else next(o["condition"] for o in ab["effect"] if o["op"] == "if")
    assert cond == expect


@pytest.mark.parametrize("line, name, op", [
    (BOLT, "Bolt", {"op": "if", "condition": {"kind": "paid_elements_at_least", "value": 3}, "then": 1}),
    (CACTUS, "Cactus", {"op": "if", "condition": {"kind": "paid_elements_at_most", "value": 1}, "then": 1}),
    ("Choose 1 Forward. Deal it 4000 damage for each CP of a different Element you paid to cast Jake.", "Jake",
     {"op": "damage", "amount": 4000, "per": "paid_elements", "reg": 0}),
    (SHANTO, "Shanto", {"op": "damage", "amount": 2000, "per": "elements", "reg": 0,
                        "filter": {"type": "character", "side": "own"}}),
    ("When Shanto attacks, Shanto gains +1000 power for each different Element among Characters you control until the "
     "end of the turn.", "Shanto", {"op": "power_per", "amount": 1000, "duration": "end_of_turn", "per": "elements",
                                    "filter": {"type": "character", "side": "own"}, "reg": 0}),
])
def test_paid_elements_and_element_counts_in_effects_compile_exact(line, name, op):
    kind = "summon" if line.startswith("Choose") else "forward"
    r = _c(line, {"name": name, "type": kind, "element": "fire", "cost": 3, "power": 5000})
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason
    assert op in r.abilities[0]["effect"]


def test_also_after_a_group_in_a_conditional_sentence_compiles_exact():
    # "If C, all the Forwards opponent controls also lose 2000 power ...": in addition to the effect before it
    r = _c(IXION, {"name": "Ixion", "type": "summon", "element": "fire", "cost": 2})
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason
    ops = [o["op"] for o in r.abilities[0]["effect"]]
    assert ops == ["choose", "power", "if", "select_all", "power"]


@pytest.mark.parametrize("line, tail", [
    ("At the beginning of the Attack Phase during each of your turns, if you have 2 or more cards in your hand, Mage "
     "gains Brave until the end of the turn. If you have 4 or more cards in your hand, Mage also gains First Strike until "
     "the end of the turn.", ["if", "target_self", "grant_keyword"]),
    ("When Mage enters the field, choose up to 2 Forwards opponent controls. Dull them. If you control 5 or more Ice "
     "Characters, Freeze them also.", ["if", "freeze"]),
])
def test_also_of_a_conditional_sentence_after_the_subject_or_at_the_end_compiles_exact(line, tail):
    r = _c(line, {"name": "Mage", "type": "forward", "element": "fire", "cost": 2, "power": 5000})
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason
    assert [o["op"] for o in r.abilities[0]["effect"]][-len(tail):] == tail


@pytest.mark.parametrize("line", [
    # Light and Dark CP share one mark: which of the two was paid is not kept
    "When Mage enters the field, if the cost paid to play Mage included Light CP, draw 1 card.",
    # the opponent's Characters: not the player's own Elements
    "When Shanto enters the field, choose 1 Forward. Deal it 1000 damage for each different Element among Characters "
    "opponent controls.",
])
def test_element_counts_the_grammar_does_not_cover_stay_unsupported(line):
    r = _c(line, {"name": "Shanto", "type": "forward", "element": "fire", "cost": 1, "power": 5000})
    assert r.verdict is Verdict.UNSUPPORTED


def test_pool_flag_paid_elements_only_where_a_card_reads_them(mini):
    # the PAY_CP answers mark the Elements only in a pool that reads them (FLAG_PAID_ELEMENTS); the built-in pool marks
    # none (its golden playthroughs stay bit-identical)
    import tcg_env
    from tcg_env.engine.tables import flag_table

    def misc(pool):
        ft = flag_table(pool.kernel_tables)
        return int(ft[ft.shape[0] - 1, K.FL_MISC])

    assert misc(mini[1]) & K.FLAG_PAID_ELEMENTS
    assert not misc(tcg_env.get_spec("fftcg").load_tables()) & K.FLAG_PAID_ELEMENTS


# ---- the Elements paid (CR 5.2.1.3, 11.2) --------------------------------------------------------------------------
@pytest.mark.parametrize("backups, draws", [
    ((PYRO, FROST, GALE), 1),  # Fire, Ice, Wind: 3 different Elements
    ((PYRO, PYRO2, FROST), 0),  # Fire, Fire, Ice: 2
])
def test_enters_if_the_cost_was_paid_with_cp_of_three_or_more_different_elements_CR_5_2_1_3(mini, backups, draws):
    g = _game(mini, hand=("P-001",), backups=backups)
    hand = int(g.state[S.HAND_N])
    _cast(g, "Thief", backups=(0, 1, 2))
    _resolve(g)
    assert int(g.state[S.HAND_N]) == hand - 1 + draws


def test_a_discarded_card_pays_two_cp_of_its_element_CR_5_2_1_3(mini):
    # Fire Backup (1) + a Water Forward discarded (2): Fire and Water, 2 Elements -> "exactly 2" draws
    g = _game(mini, hand=("P-006", "P-026"), backups=(PYRO,))
    hand = int(g.state[S.HAND_N])
    do(g, "Play Varis")
    g.step(K.OWN_FIELD_BASE + 0)
    g.step(K.HAND_BASE + 0)  # the Water Forward, the only card left in the hand
    _resolve(g)
    assert int(g.state[S.HAND_N]) == hand - 2 + 1


def test_a_light_backup_pays_light_cp_CR_5_2_1_3(mini):
    g = _game(mini, hand=("P-001",), backups=(PYRO, FROST, HALO))
    hand = int(g.state[S.HAND_N])
    _cast(g, "Thief", backups=(0, 1, 2))
    _resolve(g)
    assert int(g.state[S.HAND_N]) == hand  # Fire, Ice, Light: 3 -> drew 1


@pytest.mark.parametrize("backups, power_left", [((PYRO, FROST, GALE), 9000 - 6000), ((PYRO, PYRO2, FROST), 9000 - 4000)])
def test_damage_for_each_cp_of_a_different_element_paid(mini, backups, power_left):
    g = _game(mini, hand=("P-003",), backups=backups, theirs=("P-040",))
    _cast(g, "Jake", backups=(0, 1, 2))
    _resolve(g)
    brute = slot_of(g, "P-040", player=1)
    assert int(g.state[S.DMG + brute * S.CARD_W]) == 9000 - power_left


@pytest.mark.parametrize("backups, stays", [((PYRO, FROST, GALE), True), ((PYRO, PYRO2, FROST), False)])
def test_didnt_include_cp_of_three_or_more_different_elements(mini, backups, stays):
    g = _game(mini, hand=("P-004",), backups=backups)
    _cast(g, "Livia", backups=(0, 1, 2))
    _resolve(g)
    on_field = any(int(g.state[S.CARD + slot * S.CARD_W]) == g.pool.card_id("P-004")
                   and int(g.state[S.ZONE + slot * S.CARD_W]) == K.Zone.FIELD for slot in range(K.N_SLOTS))
    assert on_field is stays


@pytest.mark.parametrize("backups, dealt", [((PYRO, FROST, GALE), 9000), ((PYRO, PYRO2, FROST), 4000)])
def test_summon_deals_more_instead_when_paid_with_three_elements(mini, backups, dealt):
    g = _game(mini, hand=("P-002",), backups=backups, theirs=("P-040",))
    _cast(g, "Bolt", backups=(0, 1, 2))
    _resolve(g)
    if dealt >= 9000:
        with pytest.raises(AssertionError):
            slot_of(g, "P-040", player=1)  # broken
    else:
        assert int(g.state[S.DMG + slot_of(g, "P-040", player=1) * S.CARD_W]) == dealt
    bolt = next(s for s in range(K.N_SLOTS) if int(g.state[S.CARD + s * S.CARD_W]) == g.pool.card_id("P-002"))
    assert _paid_bits(g, bolt) == 0  # its cast over: the marks gone


@pytest.mark.parametrize("backups, damage", [((PYRO, PYRO2), 1), ((PYRO, FROST), 0)])
def test_summon_paid_with_one_element_or_less_deals_you_damage(mini, backups, damage):
    g = _game(mini, hand=("P-005",), backups=backups, theirs=("P-040",))
    _cast(g, "Cactus", backups=(0, 1))
    _resolve(g)
    assert int(g.state[S.DAMAGE_N]) == damage


def test_a_card_put_onto_the_field_by_an_effect_paid_nothing(mini):
    # Thief cast with 3 Elements, then broken, then played from the Break Zone by Raise: not cast, no draw
    g = _game(mini, hand=("P-008",), backups=(PYRO, FROST, GALE, PYRO2), broken=("P-001",))
    thief = slot_of(g, "P-001", zone=K.Zone.BREAK)
    g._row[S.BOOST + thief] |= 0b111 << K.PAID_SHIFT  # as a cast with Fire, Ice and Wind left it
    hand = int(g.state[S.HAND_N])
    _cast(g, "Raise", backups=(3,))
    _resolve(g)
    assert int(g.state[S.ZONE + thief * S.CARD_W]) == K.Zone.FIELD
    assert _paid_bits(g, thief) == 0
    assert int(g.state[S.HAND_N]) == hand - 1


def test_the_marks_name_the_elements_paid(mini):
    # the marks of a cast stay while the card is on the field (its "When ~ enters the field" resolves after)
    g = _game(mini, hand=("P-001",), backups=(PYRO, FROST, GALE))
    _cast(g, "Thief", backups=(0, 1, 2))
    _resolve(g)
    assert _paid_bits(g, slot_of(g, "P-001")) == 0b111  # Fire, Ice, Wind (bits 0, 1, 2)


# ---- "for each different Element among Characters you control" ----------------------------------------------------
@pytest.mark.parametrize("backups, dealt", [((PYRO,), 2000), ((PYRO, FROST, TIDE), 6000)])
def test_damage_for_each_different_element_among_characters_you_control(mini, backups, dealt):
    # Shanto (Fire) itself counts: Fire alone 1, Fire + Ice + Water 3
    g = _game(mini, hand=("P-007",), backups=backups, theirs=("P-040",))
    _cast(g, "Shanto", backups=(0,))
    _resolve(g)
    assert int(g.state[S.DMG + slot_of(g, "P-040", player=1) * S.CARD_W]) == dealt


# ---- one Element paid: "included Ice CP", "only paid with Fire CP" ------------------------------------------------
@pytest.mark.parametrize("backups, draws", [((PYRO, FROST), 1), ((PYRO, PYRO2), 0)])
def test_enters_if_the_cost_paid_included_ice_cp_CR_5_2_1_3(mini, backups, draws):
    g = _game(mini, hand=("P-009",), backups=backups)
    hand = int(g.state[S.HAND_N])
    _cast(g, "Mage", backups=(0, 1))
    _resolve(g)
    assert int(g.state[S.HAND_N]) == hand - 1 + draws


@pytest.mark.parametrize("backups, returned", [((PYRO, PYRO2), True), ((PYRO, FROST), False)])
def test_if_the_cost_was_only_paid_with_fire_cp(mini, backups, returned):
    g = _game(mini, hand=("P-010",), backups=backups, theirs=("P-040",))
    _cast(g, "Styx", backups=(0, 1))
    _resolve(g)
    assert int(g.state[S.HAND_N + 1]) == int(returned)


@pytest.mark.parametrize("backups, loss", [((PYRO, FROST), 2000), ((PYRO, PYRO2), 0)])
def test_conditional_all_the_forwards_also_lose_power(mini, backups, loss):
    g = _game(mini, hand=("P-011",), backups=backups, theirs=("P-040", "P-041"))
    slots = (slot_of(g, "P-040", player=1), slot_of(g, "P-041", player=1))
    _cast(g, "Ixion", backups=(0, 1))
    _resolve(g)
    # the chosen Forward loses 1000; with 2 Elements paid, both of the opponent's Forwards lose 2000 more
    assert sum(int(g.state[S.D_POWER + w * S.CARD_W]) for w in slots) == 9000 + 8000 - 1000 - 2 * loss


@pytest.mark.parametrize("backups, power", [((PYRO, FROST), 5000), ((PYRO, FROST, GALE), 8000)])
def test_if_you_control_three_or_more_different_element_backups(mini, backups, power):
    g = _game(mini, backups=backups, mine=("P-012",))
    assert int(g.state[S.D_POWER + slot_of(g, "P-012") * S.CARD_W]) == power


# ---- a modal "select ... instead" on the Elements paid ------------------------------------------------------------
def test_modal_select_instead_on_the_elements_paid_of_a_character_compiles_exact():
    from tcg_env.games.fftcg.card_text import compile_card_lines

    lines = ["When Thief enters the field, select 1 of the 2 following actions. If the cost to cast Thief was paid with "
             "CP of 3 or more different Elements, select up to 2 of the 2 following actions instead.",
             '"Draw 1 card." "Choose 1 Forward. Deal it 5000 damage."']
    res = compile_card_lines(lines, {"name": "Thief", "type": "forward", "element": "fire", "cost": 3, "power": 5000})
    assert all(r.verdict is Verdict.EXACT for r in res), [r.reason for r in res]
    mode_if = res[0].abilities[0]["effect"][1]
    assert mode_if["op"] == "mode_if" and mode_if["condition"] == {"kind": "paid_elements_at_least", "value": 3}


def test_modal_select_instead_of_a_summon_on_the_elements_paid_stays_unsupported():
    # a Summon's actions are selected as it is cast, before its cost is paid (CR 11.3): the Elements are not known yet
    from tcg_env.games.fftcg.card_text import compile_card_lines

    lines = ["Select 1 of the 2 following actions. If the cost to cast Bolt was paid with CP of 3 or more different "
             "Elements, select up to 2 of the 2 following actions instead.",
             '"Draw 1 card." "Choose 1 Forward. Deal it 5000 damage."']
    res = compile_card_lines(lines, {"name": "Bolt", "type": "summon", "element": "fire", "cost": 3})
    assert res[0].verdict is Verdict.UNSUPPORTED and "before the payment" in res[0].reason
