"""FF-TCG card text, session 16 (branch s16-ff): "Deal it damage equal to <this>'s power" once its source has left the
field deals the power the source had just before it left (CR 11.11.4, 6.4.2: state.E_LKI, zones.keep_source_power,
effects.source_power); "the damage increases by N instead" (Op.DAMAGE_INCREASE, DamageMod.INCREASE: replacement effects,
CR 11.12.5.2, applied after the damaged Forward's reductions: the approximation damage_increase_order). Made-up lines
played in small games (the mini-pool helpers of the session 13 module)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tests.fftcg.fftcg_helpers import card_record, do, import_mini, slot_of
from tests.fftcg.test_fftcg_card_text_s13 import _answer, _c, _game, _resolve


def _records():
    rec = card_record("X", "earth")

    recs = [
        rec(1, "Rubi", "forward", 2, 5000, "Fiend", "When Rubi is put from the field into the Break Zone, choose 1 "
            "Forward opponent controls. Deal it damage equal to Rubi's power."),
        rec(2, "Pump", "summon", 1, 0, "", "Choose 1 Forward. It gains +3000 power until the end of the turn."),
        rec(3, "Doom", "summon", 1, 0, "", "Choose 1 Forward. Break it."),
        rec(4, "Ciaran", "forward", 2, 5000, "Monk", "{1}: Choose 1 Forward. Deal it damage equal to Ciaran's power."),
        rec(5, "Revive", "summon", 1, 0, "", "Choose 1 Forward in your Break Zone. Play it onto the field."),
        rec(6, "Blaze", "backup", 2, 0, "Smith", "If a Fire Character you control deals damage to a Forward, the damage "
            "increases by 1000 instead.", element="fire"),
        rec(7, "Pyro", "forward", 2, 5000, "Mage", "{1}: Choose 1 Forward. Deal it 3000 damage.", element="fire"),
        rec(8, "Quake", "summon", 1, 0, "", "Choose 1 Forward. Deal it 3000 damage."),
        rec(9, "Caller", "backup", 2, 0, "Caller", "If a Forward is dealt damage by your Summon, the damage increases by "
            "2000 instead."),
        rec(10, "Brick", "forward", 2, 9000, "Knight", "If Brick is dealt damage, reduce the damage by 1000 instead."),
        rec(11, "Tender", "forward", 2, 9000, "Knight", "If Tender receives damage, the damage increases by 4000 "
            "instead."),
        rec(12, "Brute", "forward", 2, 7000, "Brute", "If Brute deals damage to a Forward, the damage increases by 2000 "
            "instead."),
        rec(13, "Spark", "summon", 1, 0, "", "Choose 1 Forward. Deal it 1000 damage."),
        rec(14, "Bulwark", "backup", 2, 0, "Guard", "If a Forward you control is dealt damage by a Summon, reduce the "
            "damage by 2000 instead."),
        rec(15, "Aegis", "backup", 2, 0, "Guard", "If a [Job Soldier] you control is dealt damage by an ability, the "
            "damage becomes 0 instead."),
    ]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(4)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 9000, "Soldier", "") for i in range(10)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff16", _records())


def _dmg(g, number, player=0):
    return int(g.state[S.DMG + slot_of(g, number, player=player) * S.CARD_W])


def _cast(g, name, *choices, resolve=True):
    # copies in the hand differ by their place ("(hand card 2)"): the first
    g.step(next(int(a) for a in g.legal_actions() if g.describe_action(int(a)).startswith(f"Cast {name}")))
    do(g, *choices)
    while g.decision == K.Decision.PAY_CP:
        g.step(_answer(g))
    if resolve:
        _resolve(g)


BACKUPS = ("X-020", "X-021", "X-022", "X-023")


# ---- "Deal it damage equal to <this>'s power" (CR 11.11.4) -------------------------------------------------------------
def test_damage_equal_to_power_compiles_exact():
    r = _c("When Zell Test is put from the field into the Break Zone, choose 1 Forward opponent controls. Deal it damage "
           "equal to Zell Test's power.")
    assert r.verdict is Verdict.EXACT and r.approximations == ()


def test_power_on_the_field_with_its_effects(mini):
    # on the field: its power now (+3000 until the end of the turn)
    g = _game(mini, hand=("X-002",), mine=("X-004",), theirs=("X-040",), backups=BACKUPS)
    _cast(g, "Pump", "Choose your Ciaran")
    do(g, "Use ability: Ciaran", "Choose opponent's Filler 0")
    _resolve(g)
    assert _dmg(g, "X-040", player=1) == 8000


def test_source_left_in_response_deals_its_last_power_CR_11_11_4(mini):
    # the ability on the stack, its source broken in response: the power it had just before it left (8000), not the
    # printed 5000
    g = _game(mini, hand=("X-002", "X-003"), mine=("X-004",), theirs=("X-040",), backups=BACKUPS)
    _cast(g, "Pump", "Choose your Ciaran")
    do(g, "Use ability: Ciaran", "Choose opponent's Filler 0")
    while g.decision == K.Decision.PAY_CP:
        g.step(_answer(g))
    assert int(g.state[S.STACK_N]) == 1
    _cast(g, "Doom", "Choose your Ciaran")
    assert int(g.state[S.ZONE + slot_of(g, "X-004", K.Zone.BREAK) * S.CARD_W]) == K.Zone.BREAK
    assert _dmg(g, "X-040", player=1) == 8000


def test_source_back_on_the_field_is_a_new_card_CR_7_4(mini):
    # broken in response, then played again from the Break Zone before the ability resolves: the ability still reads
    # the power its source had when it left (8000), not the new card's 5000 (CR 11.11.4, 7.4)
    g = _game(mini, hand=("X-002", "X-003", "X-005"), mine=("X-004",), theirs=("X-040",), backups=BACKUPS)
    _cast(g, "Pump", "Choose your Ciaran")
    do(g, "Use ability: Ciaran", "Choose opponent's Filler 0")
    while g.decision == K.Decision.PAY_CP:
        g.step(_answer(g))
    _cast(g, "Doom", "Choose your Ciaran", resolve=False)
    g.step(K.PASS)
    g.step(K.PASS)  # Doom resolves: Ciaran is broken, its ability waits on the stack
    assert int(g.state[S.STACK_N]) == 1 and g.decision == K.Decision.PRIORITY
    _cast(g, "Revive", "Choose Ciaran in the Break Zone", resolve=False)
    g.step(K.PASS)
    g.step(K.PASS)
    assert int(g.state[S.STACK_N]) == 1
    ciaran = slot_of(g, "X-004")
    assert int(g.state[S.D_POWER + ciaran * S.CARD_W]) == 5000
    _resolve(g)
    assert _dmg(g, "X-040", player=1) == 8000


def test_leaving_trigger_deals_the_power_it_left_with_CR_11_11_4(mini):
    # "When Rubi is put from the field into the Break Zone, ... damage equal to Rubi's power": 5000 + 3000
    g = _game(mini, hand=("X-002", "X-003"), mine=("X-001",), theirs=("X-040",), backups=BACKUPS)
    _cast(g, "Pump", "Choose your Rubi")
    _cast(g, "Doom", "Choose your Rubi", resolve=False)
    for _ in range(40):  # pass; the trigger's target: the opponent's Forward
        if g.done or (g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0):
            break
        acts = [g.describe_action(int(a)) for a in g.legal_actions()]
        g.step(int(g.legal_actions()[acts.index("Choose opponent's Filler 0")]) if "Choose opponent's Filler 0" in acts
               else _answer(g))
    assert _dmg(g, "X-040", player=1) == 8000
    # without the pump: its printed power as it was on the field
    g = _game(mini, hand=("X-003",), mine=("X-001",), theirs=("X-040",), backups=BACKUPS)
    _cast(g, "Doom", "Choose your Rubi")
    assert _dmg(g, "X-040", player=1) == 5000


# ---- "the damage increases by N instead" (CR 11.12.5.2) ----------------------------------------------------------------
def test_damage_increases_compile_approximate():
    for line in ("If a Fire Character you control deals damage to a Forward, the damage increases by 1000 instead.",
                 "If Zell Test deals damage to a Forward, the damage increases by 2000 instead.",
                 "If Zell Test receives damage, the damage increases by 4000 instead.",
                 "If a Forward is dealt damage by your Fire Summon, the damage increases by 1000 instead."):
        r = _c(line)
        assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("damage_increase_order",), line
    assert _c("If a Forward opponent controls deals damage to a Forward, the damage increases by 1000 "
              "instead.").verdict is Verdict.UNSUPPORTED


def test_a_characters_ability_damage_is_increased_CR_11_11_8(mini):
    # Blaze: "If a Fire Character you control deals damage": Pyro's ability (its card deals it, CR 11.11.8) 3000 + 1000;
    # the Summon Quake is no Character: 3000
    g = _game(mini, hand=("X-008",), mine=("X-006", "X-007"), theirs=("X-040", "X-041"), backups=BACKUPS)
    do(g, "Use ability: Pyro", "Choose opponent's Filler 0")
    _resolve(g)
    assert _dmg(g, "X-040", player=1) == 4000
    _cast(g, "Quake", "Choose opponent's Filler 1")
    assert _dmg(g, "X-041", player=1) == 3000


def test_damage_by_your_summon_is_increased_after_the_reductions(mini):
    # Caller: "If a Forward is dealt damage by your Summon, +2000"; Brick reduces its damage by 1000 first:
    # 3000 - 1000 + 2000; a 1000 damage the reduction brings to 0 is not dealt, so not increased (the engine's order,
    # damage_increase_order)
    g = _game(mini, hand=("X-008", "X-013"), mine=("X-009",), theirs=("X-010",), backups=BACKUPS)
    _cast(g, "Quake", "Choose opponent's Brick")
    assert _dmg(g, "X-010", player=1) == 4000
    _cast(g, "Spark", "Choose opponent's Brick")
    assert _dmg(g, "X-010", player=1) == 4000
    # the opponent's Summon is not "your Summon" for Caller's controller
    g = _game(mini, hand=("X-008",), mine=("X-040",), theirs=("X-009",), backups=BACKUPS)
    _cast(g, "Quake", "Choose your Filler 0")
    assert _dmg(g, "X-040") == 3000


def test_a_forward_that_receives_more_damage(mini):
    # "If Tender receives damage, the damage increases by 4000 instead.": 3000 + 4000
    g = _game(mini, hand=("X-008",), theirs=("X-011",), backups=BACKUPS)
    _cast(g, "Quake", "Choose opponent's Tender")
    assert _dmg(g, "X-011", player=1) == 7000


def test_battle_damage_of_the_forward_is_increased_CR_10_1_4_2(mini):
    # Brute (7000) attacks, the opponent's Filler (9000) blocks: it is dealt 7000 + 2000 (broken); Brute is dealt 9000
    from tests.fftcg.fftcg_helpers import pass_until

    g = _game(mini, mine=("X-012",), theirs=("X-041",), backups=BACKUPS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Brute")
    pass_until(g, K.Decision.DECLARE_BLOCK)
    do(g, "Block with Filler 1")
    filler = slot_of(g, "X-041", player=1)
    for _ in range(30):
        if int(g.state[S.ZONE + filler * S.CARD_W]) != K.Zone.FIELD:
            break
        g.step(K.PASS)
    # 9000 damage to a 9000-power Forward: broken (CR 12.4.5); without the increase (7000) it would stay
    assert int(g.state[S.ZONE + filler * S.CARD_W]) == K.Zone.BREAK
    assert slot_of(g, "X-041", K.Zone.BREAK, player=1) == filler
    brute = slot_of(g, "X-012", K.Zone.BREAK)
    assert int(g.state[S.ZONE + brute * S.CARD_W]) == K.Zone.BREAK  # dealt 9000 by the blocker


# ---- "If a DESC you control is dealt damage [by ...], reduce the damage by N instead." (Op.DAMAGE_MOD_AURA) -------------
def test_damage_mod_aura_compiles_exact():
    for line in ("If a Forward you control is dealt damage by a Summon, reduce the damage by 5000 instead.",
                 "If the [Card Name Ashe] you control receives damage, reduce the damage by 2000 instead.",
                 "If a Forward you control is dealt damage by your opponent's abilities, the damage becomes 0 instead.",
                 # an article in the second half of an alternative ("a Water Forward or a [Category X] Forward")
                 "If a Water Forward or a [Category VII] Forward you control is dealt damage, reduce the damage by 1000 "
                 "instead."):
        r = _c(line)
        assert r.verdict is Verdict.EXACT and r.approximations == (), line
    f = _c("If a Water Forward or a [Category VII] Forward you control is dealt damage, reduce the damage by 1000 "
           "instead.").abilities[0]["effect"][0]["filter"]
    assert f["element"] == ["water"] and f["alt"] == {"category": "VII", "type": "forward", "side": "own"}
    r = _c("If a Forward you control is dealt damage less than its power, the damage becomes 0 instead.")
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("damage_mod_order",)
    assert _c("If a Forward opponent controls is dealt damage, reduce the damage by 1000 instead.").verdict \
        is Verdict.UNSUPPORTED


def test_the_forwards_you_control_are_dealt_less_damage_by_summons_CR_11_12_5_2(mini):
    # Bulwark: "... dealt damage by a Summon, reduce the damage by 2000": Quake's 3000 -> 1000 on my Filler; Pyro's
    # ability (not a Summon) deals its 3000; the opponent's Forwards are not Bulwark's
    g = _game(mini, hand=("X-008", "X-008"), mine=("X-014", "X-040", "X-007"), theirs=("X-041",), backups=BACKUPS)
    _cast(g, "Quake", "Choose your Filler 0")
    assert _dmg(g, "X-040") == 1000
    do(g, "Use ability: Pyro", "Choose your Pyro")
    _resolve(g)
    assert _dmg(g, "X-007") == 3000
    _cast(g, "Quake", "Choose opponent's Filler 1")
    assert _dmg(g, "X-041", player=1) == 3000


def test_the_damage_of_abilities_becomes_0_for_a_job(mini):
    # Aegis: "If a [Job Soldier] you control is dealt damage by an ability, the damage becomes 0": Pyro's ability on my
    # Filler (a Soldier) deals nothing; a Summon's damage is dealt
    g = _game(mini, hand=("X-008",), mine=("X-015", "X-040", "X-007"), theirs=("X-041",), backups=BACKUPS)
    do(g, "Use ability: Pyro", "Choose your Filler 0")
    _resolve(g)
    assert _dmg(g, "X-040") == 0
    _cast(g, "Quake", "Choose your Filler 0")
    assert _dmg(g, "X-040") == 3000
