"""FF-TCG card text, session 17 (branch s17-ff): "double the damage instead" (DamageMod.DOUBLE, Op.DAMAGE_INCREASE with
DAMAGE_DOUBLE) and the replacements an effect gives a chosen card until the end of the turn (Op.DAMAGE_BOOST, state.BOOST:
"Choose 1 Forward. If it deals damage to a Forward this turn, the damage increases by N instead.", "During this turn, if
it is dealt damage, double the damage instead.", "During this turn, the damage dealt to it is increased by N instead.").
All are replacement effects (CR 11.12.5.2) applied after the reductions, the doubles before the increases: the
approximation damage_increase_order (CR 11.12.5.6.1 lets the damaged Forward's controller choose the order). Made-up
lines played in small games (the mini-pool helpers of the session 13 and 16 modules)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tests.fftcg.fftcg_helpers import card_record, do, import_mini, pass_until, slot_of
from tests.fftcg.test_fftcg_card_text_s13 import _answer, _c, _game, _resolve
from tests.fftcg.test_fftcg_card_text_s15 import _row_of, _seen
from tests.fftcg.test_fftcg_card_text_s16b import _damage, _to_main2


def _records():
    rec = card_record("D", "earth")

    recs = [
        rec(1, "Doubler", "forward", 2, 5000, "Knight", "If Doubler deals damage to a Forward, double the damage "
            "instead.[[br]]{1}: Choose 1 Forward. Deal it 2000 damage."),
        rec(2, "Glass", "forward", 2, 9000, "Knight", "If Glass is dealt damage, reduce the damage by 1000 instead."
            "[[br]]If Glass receives damage, double the damage instead."),
        rec(3, "Quake", "summon", 1, 0, "", "Choose 1 Forward. Deal it 3000 damage."),
        rec(4, "Samurai", "backup", 2, 0, "Samurai", "{Dull}: Choose 1 Forward. If it deals damage to a Forward this "
            "turn, the damage increases by 1000 instead."),
        rec(5, "Pyro", "forward", 2, 5000, "Mage", "{1}: Choose 1 Forward. Deal it 3000 damage."),
        rec(6, "Curse", "summon", 1, 0, "", "Choose 1 Forward. During this turn, if it is dealt damage, double the "
            "damage instead."),
        rec(7, "Ninja", "forward", 2, 7000, "Ninja", "{1}: If Ninja deals damage to a Forward this turn, double the "
            "damage instead."),
        rec(8, "Brand", "summon", 1, 0, "", "Choose 1 Forward. During this turn, the damage dealt to it is increased by "
            "1000 instead."),
        rec(9, "Caller", "backup", 2, 0, "Caller", "If a Forward is dealt damage by your Summon, the damage increases by "
            "2000 instead."),
        rec(10, "Doom", "summon", 1, 0, "", "Choose 1 Forward. Return it to its owner's hand."),
        rec(11, "Angel", "forward", 2, 5000, "Angel", "If Angel deals damage to your opponent, double the damage instead."
            "[[br]]{1}: Angel deals your opponent 1 point of damage.[[br]]{2}: Angel deals you 1 point of damage."),
        rec(12, "Squire", "forward", 2, 5000, "Squire", ""),
    ]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(4)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 9000, "Soldier", "") for i in range(6)]
    recs += [rec(50 + i, f"Tank {i}", "forward", 2, 20000, "Soldier", "") for i in range(3)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff17", _records())


BACKUPS = ("D-020", "D-021", "D-022", "D-023")


def _dmg(g, number, player=0):
    return int(g.state[S.DMG + slot_of(g, number, player=player) * S.CARD_W])


def _cast(g, name, *choices):
    g.step(next(int(a) for a in g.legal_actions() if g.describe_action(int(a)).startswith(f"Cast {name}")))
    do(g, *choices)
    while g.decision == K.Decision.PAY_CP:
        g.step(_answer(g))
    _resolve(g)


def _use(g, name, *choices):
    do(g, f"Use ability: {name}", *choices)
    while g.decision == K.Decision.PAY_CP:
        g.step(_answer(g))
    _resolve(g)


def test_double_and_boost_lines_compile_approximate():
    for line in ("If Zell Test receives damage, double the damage instead.",
                 "If Zell Test deals damage to a Forward, double the damage instead.",
                 "{Wind}{Wind}: If Zell Test deals damage to a Forward this turn, double the damage instead.",
                 "{Fire}: If Zell Test deals damage to a Forward this turn, the damage increases by 2000 instead.",
                 "When Zell Test enters the field, choose 1 Forward. During this turn, if it is dealt damage, double the "
                 "damage instead.",
                 "{Dull}: Choose 1 Forward. If it deals damage to a Forward this turn, the damage increases by 1000 "
                 "instead.",
                 "{Fire}{Dull}: Choose 1 Forward. During this turn, the damage dealt to it is increased by 1000 instead.",
                 "%Life% {S}: During this turn, if Zell Test deals damage to a Forward, double the damage instead."):
        r = _c(line)
        assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("damage_increase_order",), line
    # the Forwards of a description: not this shape
    assert _c("If a Forward opponent controls is dealt damage, double the damage instead.").verdict \
        is Verdict.UNSUPPORTED


def test_a_forwards_ability_damage_is_doubled_CR_11_11_8(mini):
    # Doubler: "If Doubler deals damage to a Forward, double the damage": its ability's 2000 (its card deals it,
    # CR 11.11.8) is 4000; Pyro's 3000 is not Doubler's
    g = _game(mini, mine=("D-001", "D-005"), theirs=("D-040", "D-041"), backups=BACKUPS)
    _use(g, "Doubler", "Choose opponent's Filler 0")
    assert _dmg(g, "D-040", player=1) == 4000
    _use(g, "Pyro", "Choose opponent's Filler 1")
    assert _dmg(g, "D-041", player=1) == 3000


def test_received_damage_is_reduced_then_doubled(mini):
    # Glass: "reduce the damage by 1000", "double the damage": 3000 -> 2000 -> 4000 (the engine's order: the reductions
    # first, damage_increase_order)
    g = _game(mini, hand=("D-003",), theirs=("D-002",), backups=BACKUPS)
    _cast(g, "Quake", "Choose opponent's Glass")
    assert _dmg(g, "D-002", player=1) == 4000


def test_chosen_forward_deals_more_damage_this_turn_CR_11_12_5_2(mini):
    # Samurai: "Choose 1 Forward. If it deals damage to a Forward this turn, the damage increases by 1000": Pyro's
    # ability deals 3000 + 1000; the Summon Quake (not the chosen Forward) 3000
    g = _game(mini, hand=("D-003",), mine=("D-004", "D-005"), theirs=("D-040", "D-041"), backups=BACKUPS)
    _use(g, "Samurai", "Choose your Pyro")
    pyro = slot_of(g, "D-005")
    assert int(g.state[S.RST_EOT + pyro * S.CARD_W]) & K.RESTRICT_DAMAGE_BOOST
    for viewer in (0, 1):  # public, as the effect that gave it (CR 7.6; fftcg_v6)
        seen, row = _seen(g, viewer), _row_of(g, viewer, 0, "D-005")
        assert abs(seen[f"{row}.damage_dealt_increase_div10000"] - 0.1) < 1e-6, viewer
        assert seen[f"{row}.damage_dealt_doubled"] == seen[f"{row}.damage_received_doubled"] == 0.0
        assert seen[f"{row}.damage_received_increase_div10000"] == 0.0
    _use(g, "Pyro", "Choose opponent's Filler 0")
    assert _dmg(g, "D-040", player=1) == 4000
    _cast(g, "Quake", "Choose opponent's Filler 1")
    assert _dmg(g, "D-041", player=1) == 3000


def _ninja_blocked_by_tank(g):
    """Ninja attacks, Tank 0 blocks, priority passed until the battle damage is dealt: Tank 0's slot."""
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Ninja")
    pass_until(g, K.Decision.DECLARE_BLOCK)
    do(g, "Block with Tank 0")
    tank = slot_of(g, "D-050", player=1)
    for _ in range(30):
        if int(g.state[S.DMG + tank * S.CARD_W]) > 0:
            break
        g.step(K.PASS)
    return tank


def test_chosen_forward_battle_damage_is_increased_CR_10_1_4_2(mini):
    # the chosen attacker (Ninja 7000) blocked by a 20000 Tank: it is dealt 7000 + 1000
    g = _game(mini, mine=("D-004", "D-007"), theirs=("D-050",), backups=BACKUPS)
    _use(g, "Samurai", "Choose your Ninja")
    ninja = slot_of(g, "D-007")
    assert (int(g.state[S.BOOST + ninja]) >> K.BOOST_DEALT_SHIFT) & 0xFF == 1  # 1000, in thousands
    tank = _ninja_blocked_by_tank(g)
    assert int(g.state[S.DMG + tank * S.CARD_W]) == 8000


def test_self_double_this_turn_in_battle(mini):
    # Ninja's "{1}: If Ninja deals damage to a Forward this turn, double the damage": its 7000 battle damage is 14000
    # to the 20000 Tank that blocks it
    g = _game(mini, mine=("D-007",), theirs=("D-050",), backups=BACKUPS)
    _use(g, "Ninja")
    tank = _ninja_blocked_by_tank(g)
    assert int(g.state[S.DMG + tank * S.CARD_W]) == 14000


def test_chosen_forward_is_dealt_double_then_more_damage(mini):
    # Curse: "During this turn, if it is dealt damage, double the damage"; Caller: "If a Forward is dealt damage by your
    # Summon, the damage increases by 2000": Quake's 3000 doubled, then increased: 8000 (the doubles before the
    # increases, damage_increase_order); a Forward Curse did not choose: 3000 + 2000
    g = _game(mini, hand=("D-006", "D-003", "D-003"), mine=("D-009",), theirs=("D-050", "D-051"), backups=BACKUPS)
    _cast(g, "Curse", "Choose opponent's Tank 0")
    for viewer in (0, 1):
        seen, row = _seen(g, viewer), _row_of(g, viewer, 1, "D-050")
        assert seen[f"{row}.damage_received_doubled"] == 1.0 and seen[f"{row}.damage_dealt_doubled"] == 0.0, viewer
    _cast(g, "Quake", "Choose opponent's Tank 0")
    assert _dmg(g, "D-050", player=1) == 8000
    _cast(g, "Quake", "Choose opponent's Tank 1")
    assert _dmg(g, "D-051", player=1) == 5000


def test_chosen_forward_is_dealt_more_damage_and_forgets_it_when_it_moves_CR_7_4(mini):
    # Brand: "the damage dealt to it is increased by 1000": Quake 3000 -> 4000
    g = _game(mini, hand=("D-008", "D-003"), theirs=("D-050",), backups=BACKUPS)
    _cast(g, "Brand", "Choose opponent's Tank 0")
    _cast(g, "Quake", "Choose opponent's Tank 0")
    assert _dmg(g, "D-050", player=1) == 4000
    # returned to the hand and played again: a new card (CR 7.4), no increase
    g = _game(mini, hand=("D-008", "D-010"), mine=("D-050",), theirs=("D-051",), backups=BACKUPS)
    _cast(g, "Brand", "Choose your Tank 0")
    tank = slot_of(g, "D-050")
    _cast(g, "Doom", "Choose your Tank 0")
    assert int(g.state[S.ZONE + tank * S.CARD_W]) == K.Zone.HAND
    assert int(g.state[S.RST_EOT + tank * S.CARD_W]) & K.RESTRICT_DAMAGE_BOOST == 0


# ---- "If ~ deals damage to your opponent, double the damage instead." (Op.PLAYER_DAMAGE_DOUBLE) ----------------------
def test_player_damage_double_compiles_exact():
    r = _c("If Zell Test deals damage to your opponent, double the damage instead.")
    assert r.verdict is Verdict.EXACT and r.approximations == ()
    r = _c("If Zell Test deals damage to a Forward or your opponent, double the damage instead.")
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("damage_increase_order",)
    assert [op["op"] for ab in r.abilities for op in ab["effect"]] == ["damage_increase", "player_damage_double"]


def test_its_abilitys_points_to_the_opponent_are_doubled_CR_11_11_8(mini):
    # Angel's "{1}: Angel deals your opponent 1 point of damage": 2 points (2 cards into the Damage Zone); the point it
    # deals its own controller is not "to your opponent": 1
    g = _game(mini, mine=("D-011",), theirs=("D-040",), backups=BACKUPS)
    mine, theirs = _damage(g, 0), _damage(g, 1)
    first, second = [int(a) for a in g.legal_actions() if g.describe_action(int(a)).startswith("Use ability: Angel")]
    g.step(first)
    while g.decision == K.Decision.PAY_CP:
        g.step(_answer(g))
    _resolve(g)
    assert _damage(g, 1) == theirs + 2 and _damage(g, 0) == mine
    g.step(second)  # "{2}: Angel deals you 1 point of damage." (the second action ability)
    while g.decision == K.Decision.PAY_CP:
        g.step(_answer(g))
    _resolve(g)
    assert _damage(g, 0) == mine + 1 and _damage(g, 1) == theirs + 2


def test_an_unblocked_attack_deals_2_points_CR_10_1_4_1(mini):
    g = _game(mini, mine=("D-011",), theirs=BACKUPS, backups=BACKUPS)
    theirs = _damage(g, 1)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Angel")
    pass_until(g, K.Decision.DECLARE_BLOCK)
    g.step(K.PASS)
    _to_main2(g)
    assert _damage(g, 1) == theirs + 2
    # another Forward's unblocked attack: 1
    g = _game(mini, mine=("D-012", "D-011"), theirs=BACKUPS, backups=BACKUPS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Squire")
    pass_until(g, K.Decision.DECLARE_BLOCK)
    g.step(K.PASS)
    _to_main2(g)
    assert _damage(g, 1) == theirs + 1
