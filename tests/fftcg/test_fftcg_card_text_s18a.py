"""FF-TCG card text, session 18 (branch s18-ffa): modal abilities whose selected actions together fill more target
registers than there are ("Select up to 2 of the 4 following actions." with an action that chooses in each: a copy of
an action for each register offset the actions selected before it may leave, MODE a1 / a2, effects.mode_row_sel);
"can be paid with CP of any Element" (cost_reduction / self_cost_reduction any_element: CR 11.2.1.1's CP of the card's
Element is not asked, costs.pay_element); "~ enters the field dull." (Op.ENTERS_DULL), "You cannot play ~ from your hand due to Summons or abilities."
(Op.PAY_ONLY's NO_PLAY_BY_EFFECTS), "Summons and abilities of your opponent must choose ~ if possible." (Op.MUST_BE_CHOSEN),
"other than [Card Name X]" (filter exclude_name: F_NAME = -the name's id, filters.passes_name);
granted restrictions ("It gains 'This Forward cannot be broken.' until the end of the turn.", "gains +1000 power and
'This Forward cannot be chosen by your opponent's Summons.'": the restriction itself, RESTRICT_UNCHOOSABLE_BY_OPP_*).
Made-up lines played in small games (the mini-pool helpers of the session 13 module)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tcg_env.games.fftcg.card_text import compile_card_lines
from tcg_env.games.fftcg.card_text import COMPILER
from tests.fftcg.fftcg_helpers import card_record, do, import_mini, is_legal, mini_deck, slot_of
from tests.fftcg.test_fftcg_card_text_s13 import _game, _resolve

SUMMON = {"name": "Quad", "type": "summon", "element": "lightning", "cost": 2}
QUAD = ['Select up to 2 of the 4 following actions.', '"Choose 1 Forward opponent controls. Deal it 2000 damage."',
        '"Choose 1 Forward opponent controls. Dull it."', '"Choose 1 Forward opponent controls. Deal it 3000 damage."',
        '"Draw 1 card."']

WARDEN = "{1}: Choose 1 Forward. It gains \"This Forward cannot be chosen by your opponent's Summons.\" until the end of the turn."
STOUT = ("{1}: Choose 1 Forward you control. Until the end of the turn, it gains +1000 power and \"This Forward cannot be "
         "broken.\"")
FWD = {"name": "Zed", "type": "forward", "element": "lightning", "cost": 3, "job": "Knight"}


def _records():
    rec = card_record("Q", "lightning")
    recs = [rec(1, "Quad", "summon", 2, 0, "", "[[br]]".join(QUAD)), rec(2, "Warden", "backup", 2, 0, "Guard", WARDEN),
            rec(3, "Sleep", "summon", 1, 0, "", "Choose 1 Forward. Dull it."), rec(4, "Stout", "backup", 2, 0, "Guard", STOUT),
            rec(5, "Jab", "backup", 2, 0, "Guard", "{1}: Choose 1 Forward. Deal it 1000 damage."),
            rec(6, "Krile", "backup", 2, 0, "Sage", "The cost required to cast your Summons can be paid with CP of any "
                "Element."),
            rec(7, "Blaze", "summon", 2, 0, "", "Choose 1 Forward. Deal it 1000 damage.", element="fire"),
            rec(8, "Suzu", "forward", 2, 5000, "Shijin", "If you have a [Job Guard] in your Break Zone, the cost required "
                "to cast Suzu can be paid with CP of any Element.", element="fire"),
            rec(9, "Sloth", "forward", 2, 5000, "Knight", "Sloth enters the field dull."),
            rec(10, "Aloof", "forward", 2, 5000, "Knight", "You cannot play Aloof from your hand due to Summons or "
                "abilities."),
            rec(11, "Herald", "backup", 2, 0, "Herald", "{1}: Play 1 Forward of cost 2 or less from your hand onto the "
                "field."),
            rec(12, "Decoy", "forward", 2, 5000, "Knight", "Summons and abilities of your opponent must choose Decoy if "
                "possible."),
            rec(13, "Seeker", "forward", 2, 5000, "Knight", "When Seeker enters the field, choose 1 Forward other than "
                "[Card Name Seeker] in your Break Zone. Add it to your hand.")]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(4)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 9000, "Soldier", "") for i in range(12)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff18a", _records())


BACKUPS = ("Q-020", "Q-021", "Q-022", "Q-023")


def _state(g, number):
    slot = slot_of(g, number, K.Zone.FIELD, 1)
    return int(g.state[S.DMG + slot * S.CARD_W]), int(g.state[S.DULL + slot * S.CARD_W])


# ---- modal abilities: more registers than two over the actions (CR 11.3.3: each selected action's targets) -------
def test_modal_up_to_two_of_four_targeting_actions_compiles_exact():
    res = compile_card_lines(QUAD, SUMMON)
    assert [r.verdict for r in res] == [Verdict.EXACT] * 5
    eff = res[0].abilities[0]["effect"]
    modes = [op for op in eff if op["op"] == "mode"]
    # action 1 at register 0 only (nothing before it); actions 2 and 3 at 0 or 1; the draw fills none: one copy
    assert [op.get("offset", 0) for op in modes] == [0, 0, 1, 0, 1, 0]
    assert [op["reg"] for op in eff if op["op"] == "choose"] == [0, 0, 1, 0, 1]


@pytest.mark.parametrize("picks, expect", [
    (("Select action 2", "Select action 3"), {"Q-040": (0, 1), "Q-041": (3000, 0)}),
    (("Select action 1", "Select action 3"), {"Q-040": (2000, 0), "Q-041": (3000, 0)}),
    (("Select action 1", "Select action 2"), {"Q-040": (2000, 0), "Q-041": (0, 1)}),
])
def test_modal_each_selected_action_acts_on_its_own_target_CR_11_3_3(mini, picks, expect):
    g = _game(mini, hand=("Q-001",), backups=BACKUPS, theirs=("Q-040", "Q-041"))
    do(g, "Cast Quad")
    for k in range(1, 5):
        if g.decision != K.Decision.OPTIONAL_EFFECT:
            break
        do(g, f"Select action {k}") if f"Select action {k}" in picks else g.step(K.PASS)
    # the first selected action's target, then the second's
    assert g.decision == K.Decision.CHOOSE_TARGET
    do(g, "Choose opponent's Filler 0")
    assert g.decision == K.Decision.CHOOSE_TARGET
    do(g, "Choose opponent's Filler 1")
    _resolve(g)
    assert {n: _state(g, n) for n in expect} == expect


# ---- granted restrictions (CR 11.9: the card has the ability while it is granted; the engine takes no ability away) ---
@pytest.mark.parametrize("line, restrictions", [
    ("{1}: Choose 1 Forward. It gains \"This Forward cannot block.\" until the end of the turn.", ["cant_block"]),
    ("{1}: Zed gains \"Zed cannot be blocked.\" until the end of the turn.", ["unblockable"]),
    ("{1}: All the Forwards you control gain \"This Forward cannot be broken\" until the end of the turn.",
     ["unbreakable"]),
    ("{1}: Choose 1 Forward. Until the end of the turn, it gains \u2018This Forward cannot be chosen by your opponent's "
     "Summons or abilities\u2019.", ["unchoosable_by_opp_summons", "unchoosable_by_opp_abilities"]),
    (STOUT, ["unbreakable"]),
])
def test_granted_restriction_compiles_exact_as_the_restriction(line, restrictions):
    res = COMPILER.compile_line(line, FWD)
    assert res.verdict is Verdict.EXACT, res.reason
    (op,) = [op for op in res.abilities[0]["effect"] if op["op"] == "restrict"]
    assert op["restrictions"] == restrictions and op["duration"] == "end_of_turn"


def test_granted_field_unchoosable_is_the_aura():
    res = COMPILER.compile_line("The Wind Forwards you control gain \"This Forward cannot be chosen by your opponent's "
                                "abilities.\"", FWD)
    assert res.verdict is Verdict.EXACT
    assert res.abilities[0]["effect"][0]["op"] == "aura_unchoosable"


def test_granted_restriction_with_mods_in_a_field_ability_is_the_card_s_own_field_ability():
    # "If ..., ~ gains +2000 power and '~ cannot be chosen ...'": not rewritten outside an effect: the quoted field ability
    # is the card's own under the same condition (FFTextCompiler._granted); the quote's full stop printed after it (session
    # 22: a lost full stop) reads as the same line
    res = COMPILER.compile_line("If you control 3 or more Backups, Zed gains +2000 power and \"Zed cannot be chosen by "
                                "your opponent's abilities\".", FWD)
    same = COMPILER.compile_line("If you control 3 or more Backups, Zed gains +2000 power and \"Zed cannot be chosen by "
                                 "your opponent's abilities.\"", FWD)
    assert res.verdict is Verdict.EXACT and res.abilities == same.abilities
    assert [ab["effect"][0]["op"] for ab in res.abilities] == ["aura_power", "unchoosable"]
    assert all(ab["condition"]["kind"] == "controls_at_least" for ab in res.abilities)


def test_granted_unchoosable_is_by_the_opponent_of_the_cards_controller(mini):
    # Warden's effect on the opponent's Forward: "your opponent" in the granted ability is that Forward's controller's
    # opponent, the Warden's controller: their Summons cannot choose it this turn; their abilities still may
    g = _game(mini, hand=("Q-003",), mine=("Q-002", "Q-005"), backups=BACKUPS, theirs=("Q-040", "Q-041"))
    do(g, "Use ability: Warden", "Choose opponent's Filler 0")
    _resolve(g)
    slot = slot_of(g, "Q-040", K.Zone.FIELD, 1)
    assert int(g.state[S.D_RST + slot * S.CARD_W]) & K.RESTRICT_UNCHOOSABLE_BY_OPP_SUMMONS
    do(g, "Cast Sleep")
    assert not is_legal(g, "Choose opponent's Filler 0") and is_legal(g, "Choose opponent's Filler 1")
    g.step(K.PASS) if g.decision != K.Decision.CHOOSE_TARGET else do(g, "Choose opponent's Filler 1")
    _resolve(g)
    do(g, "Use ability: Jab")
    assert is_legal(g, "Choose opponent's Filler 0")


def test_granted_power_and_unbreakable_until_the_end_of_the_turn(mini):
    g = _game(mini, mine=("Q-004", "Q-042"), backups=BACKUPS, theirs=("Q-040",))
    slot = slot_of(g, "Q-042", K.Zone.FIELD, 0)
    do(g, "Use ability: Stout", "Choose your Filler 2")
    _resolve(g)
    assert int(g.state[S.D_POWER + slot * S.CARD_W]) == 10000
    assert int(g.state[S.D_RST + slot * S.CARD_W]) & K.RESTRICT_UNBREAKABLE


# ---- "can be paid with CP of any Element" (CR 11.2.1.1: one CP of the card's Element is asked, unless ...) ----------
@pytest.mark.parametrize("line, op", [
    ("The cost required to cast your Summons can be paid with CP of any Element.", "cost_reduction"),
    ("The cost required to cast your [Job Guard] can be paid with CP of any Element.", "cost_reduction"),
    ("If you have a [Job Guard] in your Break Zone, the cost required to cast Zed can be paid with CP of any Element.",
     "self_cost_reduction"),
])
def test_any_element_payment_compiles_exact(line, op):
    res = COMPILER.compile_line(line, FWD)
    assert res.verdict is Verdict.EXACT, res.reason
    (eff,) = res.abilities[0]["effect"]
    assert eff["op"] == op and eff["any_element"] is True and eff["amount"] == 0


def _game_bz(mini, hand, mine=(), broken=()):
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, [*BACKUPS, *mine])
    sc.field(1, ["Q-040"])
    sc.hand(0, list(hand))
    if broken:
        sc.break_zone(0, list(broken))
    return sc.game()


@pytest.mark.parametrize("krile", [False, True])
def test_your_summons_paid_with_cp_of_any_element_CR_11_2_1_1(mini, krile):
    # a Fire Summon, only Lightning Backups to pay with: castable only while Krile's field ability applies
    g = _game_bz(mini, hand=("Q-007",), mine=("Q-006",) if krile else ())
    assert is_legal(g, "Cast Blaze") == krile
    if krile:
        do(g, "Cast Blaze", "Choose opponent's Filler 0")
        _resolve(g)
        assert _state(g, "Q-040") == (1000, 0)


@pytest.mark.parametrize("broken", [(), ("Q-002",)])
def test_own_cost_paid_with_cp_of_any_element_under_its_condition(mini, broken):
    g = _game_bz(mini, hand=("Q-008",), broken=broken)
    assert is_legal(g, "Play Suzu") == bool(broken)
    if broken:
        do(g, "Play Suzu")
        _resolve(g)
        slot_of(g, "Q-008", K.Zone.FIELD, 0)


# ---- "~ enters the field dull.", "You cannot play ~ from your hand due to Summons or abilities." ------------------------
@pytest.mark.parametrize("line, op", [("Zed enters the field dull.", {"op": "enters_dull"}),
                                      ("You cannot play Zed from your hand due to Summons or abilities.",
                                       {"op": "pay_only", "effects": True})])
def test_self_field_abilities_compile_exact_and_refuse_a_condition(line, op):
    res = COMPILER.compile_line(line, FWD)
    assert res.verdict is Verdict.EXACT and res.abilities == [{"kind": "field", "effect": [op]}]
    cond = COMPILER.compile_line("If you control 2 or more Forwards, " + line[0].lower() + line[1:], FWD)
    assert cond.verdict is Verdict.UNSUPPORTED
    assert COMPILER.compile_line(line.replace("Zed", "Bolt"), SUMMON | {"name": "Bolt"}).verdict is Verdict.UNSUPPORTED


def _hand_then_field(g, number):
    slot = slot_of(g, number, K.Zone.FIELD, 0)
    return int(g.state[S.DULL + slot * S.CARD_W])


@pytest.mark.parametrize("by_effect", [False, True])
def test_enters_the_field_dull_however_it_is_played(mini, by_effect):
    g = _game_bz(mini, hand=("Q-009",), mine=("Q-011",) if by_effect else ())
    if by_effect:
        do(g, "Use ability: Herald")
        for _ in range(20):
            if g.decision == K.Decision.SELECT_CARD:
                do(g, "Choose Sloth")
            elif g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0:
                break
            else:
                _resolve(g, limit=1)
    else:
        do(g, "Play Sloth")
        _resolve(g)
    assert _hand_then_field(g, "Q-009") == 1


def test_cannot_be_played_from_the_hand_by_an_ability(mini):
    g = _game_bz(mini, hand=("Q-010", "Q-042"), mine=("Q-011",))
    assert is_legal(g, "Play Aloof")  # played by its controller as usual
    do(g, "Use ability: Herald")
    seen = set()
    for _ in range(20):
        if g.decision == K.Decision.SELECT_CARD:
            seen |= {g.describe_action(int(a)) for a in g.legal_actions()}
            do(g, "Choose Filler 2")
        elif g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0:
            break
        else:
            _resolve(g, limit=1)
    assert any("Filler 2" in d for d in seen) and not any("Aloof" in d for d in seen)
    slot_of(g, "Q-042", K.Zone.FIELD, 0)
    slot_of(g, "Q-010", K.Zone.HAND, 0)


# ---- "Summons and abilities of your opponent must choose ~ if possible." -------------------------------------------
def test_must_be_chosen_compiles_exact():
    for w in ("and", "or"):
        res = COMPILER.compile_line(f"Summons {w} abilities of your opponent must choose Zed if possible.", FWD)
        assert res.verdict is Verdict.EXACT and res.abilities == [{"kind": "field", "effect": [{"op": "must_be_chosen"}]}]


def _target_options(g):
    return {g.describe_action(int(a)) for a in g.legal_actions()}


def test_opponents_summon_must_choose_it_if_possible(mini):
    g = _game(mini, hand=("Q-003",), mine=("Q-041",), backups=BACKUPS, theirs=("Q-012", "Q-040"))
    do(g, "Cast Sleep")
    assert g.decision == K.Decision.CHOOSE_TARGET
    opts = _target_options(g)
    assert any("Decoy" in o for o in opts) and not any("Filler" in o for o in opts)
    do(g, "Choose opponent's Decoy")
    _resolve(g)
    assert _state(g, "Q-012") == (0, 1)


def test_own_card_that_must_be_chosen_does_not_bind_its_controller(mini):
    g = _game(mini, hand=("Q-003",), mine=("Q-012",), backups=BACKUPS, theirs=("Q-040",))
    do(g, "Cast Sleep")
    opts = _target_options(g)
    assert any("opponent's Filler 0" in o for o in opts) and any("Decoy" in o for o in opts)


# ---- "other than [Card Name X]" ---------------------------------------------------------------------------------------
def test_other_than_a_card_name_compiles_exact():
    res = COMPILER.compile_line("When Zed is put from the field into the Break Zone, you may search for 1 [Job Knight] "
                                "other than [Card Name Zed] and add it to your hand.", FWD)
    assert res.verdict is Verdict.EXACT
    assert res.abilities[0]["effect"][0]["filter"]["exclude_name"] == "Zed"
    assert COMPILER.compile_line("Choose 1 Forward other than [Job Knight]. Break it.", SUMMON).verdict \
        is Verdict.UNSUPPORTED
    # "[Job X] or [Card Name Y] other than [Card Name Zed]": the named half needs no exclusion
    res = COMPILER.compile_line("When Zed enters the field, choose 1 [Job Knight] or [Card Name Kay] other than "
                                "[Card Name Zed] in your Break Zone. Add it to your hand.", FWD)
    f = res.abilities[0]["effect"][0]["filter"]
    assert f["exclude_name"] == "Zed" and f["alt"]["name"] == "Kay" and "exclude_name" not in f["alt"]


def test_other_than_a_card_name_leaves_that_name_out(mini):
    g = _game_bz(mini, hand=("Q-013",), broken=("Q-013", "Q-042"))
    do(g, "Play Seeker")
    for _ in range(30):
        if g.decision == K.Decision.CHOOSE_TARGET:
            opts = _target_options(g)
            assert any(o.startswith("Choose Filler 2") for o in opts)
            assert not any(o.startswith("Choose Seeker") for o in opts)
            do(g, "Choose Filler 2")
        elif g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0:
            break
        else:
            _resolve(g, limit=1)
    slot_of(g, "Q-042", K.Zone.HAND, 0)
    slot_of(g, "Q-013", K.Zone.BREAK, 0)


def test_pool_refuses_a_modal_effect_without_a_copy_for_each_register_offset(mini):
    # cards._check_mode_registers: action 2 may run after action 1 (register 0 taken): its copy at offset 1 is needed
    from tcg_env.games.fftcg.cards import compile_fftcg_pool

    res, _ = mini
    cards = list(res)
    quad = next(c for c in cards if c.number == "Q-001")
    eff = quad.abilities[0].effect
    i = next(j for j, op in enumerate(eff) if op.op == "mode" and op.offset == 1)
    k = next(j for j in range(i + 1, len(eff)) if eff[j].op == "mode")
    bad = quad.model_copy(update={"abilities": [quad.abilities[0].model_copy(update={"effect": eff[:i] + eff[k:]})]})
    with pytest.raises(Exception, match="register offset"):
        compile_fftcg_pool([bad if c is quad else c for c in cards])
    compile_fftcg_pool(cards)


def test_any_element_payment_pool_flag_only_where_a_card_says_so(mini):
    # costs.pay_element scans the cost reductions in force only in a pool with such a card (FLAG_ANY_ELEMENT_PAY): the
    # tests above play it set; the built-in pool, with no such card, asks each card's element CP with no scan
    import tcg_env
    from tcg_env.engine.tables import flag_table

    def misc(pool):
        ft = flag_table(pool.kernel_tables)
        return int(ft[ft.shape[0] - 1, K.FL_MISC])

    assert misc(mini[1]) & K.FLAG_ANY_ELEMENT_PAY
    assert not misc(tcg_env.get_spec("fftcg").load_tables()) & K.FLAG_ANY_ELEMENT_PAY
