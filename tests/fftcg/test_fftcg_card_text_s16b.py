"""FF-TCG card text, session 16 (branch s16-ff2): "During this turn, the next damage dealt to you becomes 0 instead."
(Op.PLAYER_DAMAGE_SHIELD: a replacement effect, CR 11.12.5, that the next damage dealt to the ability's controller this
turn uses up; state.PLAYER_SHIELD, effects.use_player_shield); "When a party you control deals damage to your opponent"
(Trigger.PARTY_DEALS_DAMAGE_TO_PLAYER: a party's unblocked point, CR 10.1.4.1, 15.1.1.9). Made-up lines played in small
games (the mini-pool helpers of the session 13 module)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tests.fftcg.fftcg_helpers import card_record, do, import_mini
from tests.fftcg.test_fftcg_card_text_s13 import _answer, _c, _game, _resolve

WARD = "During this turn, the next damage dealt to you becomes 0 instead."


def _records():
    rec = card_record("Y", "water")
    recs = [
        rec(1, "Ward", "summon", 1, 0, "", WARD),
        rec(2, "Pain", "forward", 1, 5000, "Knight", "When Pain enters the field, you may receive 1 point of damage. If you "
            "do so, draw 2 cards."),
        rec(3, "Striker", "forward", 2, 5000, "Knight", "When Striker deals damage to your opponent, draw 1 card."),
        rec(4, "Warden", "forward", 2, 5000, "Knight", "When Warden enters the field, " + WARD[0].lower() + WARD[1:]),
    ]
    recs += [rec(6, "Rally", "backup", 2, 0, "Herald", "When a party you control deals damage to your opponent, draw 1 "
                 "card.")]
    recs += [rec(5, "Pang", "forward", 1, 5000, "Knight", "When Pang enters the field, you may receive 1 point of damage. "
                 "If you do so, draw 2 cards.")]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(4)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 9000, "Soldier", "") for i in range(10)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff16b", _records())


BACKUPS = ("Y-020", "Y-021", "Y-022", "Y-023")


def _cast(g, name, *choices):
    g.step(next(int(a) for a in g.legal_actions() if g.describe_action(int(a)).split(" (")[0].endswith(f" {name}")))
    do(g, *choices)
    while g.decision == K.Decision.PAY_CP:
        g.step(_answer(g))


def _resolve_yes(g, limit=40):
    """As _resolve, and "you may" is answered yes."""
    for _ in range(limit):
        if g.done or (g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0):
            return
        g.step(K.OPTION_BASE if g.decision == K.Decision.OPTIONAL_EFFECT else _answer(g))


def _to_main2(g, limit=60):
    """Pass (else the first option) until Main Phase 2 (the battle over, its triggers resolved)."""
    for _ in range(limit):
        if g.done or (int(g.state[S.PHASE]) == K.Phase.MAIN2 and int(g.state[S.STACK_N]) == 0):
            return
        g.step(_answer(g))
    raise AssertionError("never reached Main Phase 2")


def _damage(g, player):
    return int(g.state[S.DAMAGE_N + player])


def _hand(g, player):
    return int(g.state[S.HAND_N + player])


def _assert_shield_seen(g, shielded):
    """Player 0's shield is public (CR 7.6, fftcg_v6): both players see it, each from its own side."""
    from tcg_env.games.fftcg import observation as O

    for viewer in (0, 1):
        seen = dict(zip(O.OBS.column_names(), g.observe(viewer).tolist()))
        me, them = ("my", "opp") if viewer == 0 else ("opp", "my")
        assert seen[f"global.{me}_next_damage_to_player_becomes_0"] == float(shielded), viewer
        assert seen[f"global.{them}_next_damage_to_player_becomes_0"] == 0.0, viewer


def test_player_shield_compiles_exact():
    summon = {"name": "Ward Test", "type": "summon", "element": "water", "cost": 1, "job": ""}
    for line, card in ((WARD, summon), ("When Zell Test is put from the field into the Break Zone, during this turn, "
                                        "the next damage dealt to you becomes 0 instead.", None)):
        r = _c(line, card) if card else _c(line)
        assert r.verdict is Verdict.EXACT and r.approximations == (), (line, r.reason)


def test_the_next_damage_dealt_to_you_becomes_0_once_CR_11_12_5_4(mini):
    # Ward, then "You may receive 1 point of damage. If you do so, draw 2 cards." twice: the first damage is replaced by 0
    # (not received: no card into the Damage Zone, and "If you do so" draws nothing, CR 11.12.5.4); the shield is used
    # up, so the second is received and draws 2
    g = _game(mini, hand=("Y-001", "Y-002", "Y-005"), backups=BACKUPS, theirs=("Y-040",))
    _cast(g, "Ward")
    _resolve(g)
    assert int(g.state[S.PLAYER_SHIELD]) == 1 and int(g.state[S.PLAYER_SHIELD + 1]) == 0
    _assert_shield_seen(g, 1)
    hand, dmg = _hand(g, 0), _damage(g, 0)
    _cast(g, "Pain")
    _resolve_yes(g)
    assert _damage(g, 0) == dmg and _hand(g, 0) == hand - 1
    assert int(g.state[S.PLAYER_SHIELD]) & 1 == 0  # (the word's other bits: session 22's "this turn" marks)
    _assert_shield_seen(g, 0)
    _cast(g, "Pang")
    _resolve_yes(g)
    assert _damage(g, 0) == dmg + 1 and _hand(g, 0) == hand - 2 + 2


def test_an_unblocked_attack_is_not_dealt_and_triggers_nothing_CR_10_1_4_1(mini):
    # Striker attacks; in response the opponent casts Ward; no block: the point of damage (CR 10.1.4.1) is replaced by
    # 0, so it is not dealt (CR 11.12.5.4) and "When Striker deals damage to your opponent" does not trigger
    from tests.fftcg.fftcg_helpers import pass_until

    # without the shield: 1 point of damage, and Striker's trigger draws 1
    g = _game(mini, mine=("Y-003",), theirs=BACKUPS, backups=BACKUPS)
    hand0, dmg1 = _hand(g, 0), _damage(g, 1)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Striker")
    pass_until(g, K.Decision.DECLARE_BLOCK)
    g.step(K.PASS)
    _to_main2(g)
    assert _damage(g, 1) == dmg1 + 1 and _hand(g, 0) == hand0 + 1

    g = _game(mini, mine=("Y-003",), theirs=BACKUPS, backups=BACKUPS, their_hand=("Y-001",))

    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Striker")
    cast = False
    for _ in range(40):
        if g.decision == K.Decision.DECLARE_BLOCK or g.done:
            break
        if not cast and g.current_player == 1 and any(
                g.describe_action(int(a)).startswith("Cast Ward") for a in g.legal_actions()):
            _cast(g, "Ward")
            cast = True
            continue
        g.step(_answer(g))
    assert cast and int(g.state[S.PLAYER_SHIELD + 1]) == 1
    g.step(K.PASS)  # no block
    _to_main2(g)
    assert _damage(g, 1) == dmg1 and _hand(g, 0) == hand0
    assert int(g.state[S.PLAYER_SHIELD + 1]) == 0


def test_the_shield_ends_with_the_turn_CR_11_12_5(mini):
    # "During this turn": a shield not used this turn is gone at the start of the next turn
    g = _game(mini, hand=("Y-001",), backups=BACKUPS, theirs=("Y-040",))
    _cast(g, "Ward")
    _resolve(g)
    assert int(g.state[S.PLAYER_SHIELD]) == 1
    for _ in range(200):
        if int(g.state[S.TURN_PLAYER]) == 1 or g.done:
            break
        g.step(_answer(g))
    assert int(g.state[S.TURN_PLAYER]) == 1 and int(g.state[S.PLAYER_SHIELD]) == 0


# ---- "When a party you control deals damage to your opponent" (Trigger.PARTY_DEALS_DAMAGE_TO_PLAYER) -------------------
def test_party_deals_damage_trigger_compiles_exact():
    for card in (None, {"name": "Rally Test", "type": "backup", "element": "water", "cost": 2, "job": "Herald"}):
        r = _c("When a party you control deals damage to your opponent, draw 1 card.", *([card] if card else []))
        assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason


@pytest.mark.parametrize("party, block, draws", [(True, False, 1), (False, False, 0), (True, True, 0)])
def test_when_a_party_you_control_deals_damage_to_your_opponent_CR_10_1_4_1(mini, party, block, draws):
    # Rally (a Backup): a party of two Forwards attacks unblocked and deals its point: one card, once for the attack;
    # one Forward alone is no party (CR 15.1.1.9.1); a blocked party deals no damage to the player (CR 10.1.4.2)
    from tests.fftcg.fftcg_helpers import pass_until

    g = _game(mini, mine=("Y-006", "Y-040", "Y-041"), theirs=("Y-042",) if block else BACKUPS, backups=BACKUPS)
    hand, dmg1 = _hand(g, 0), _damage(g, 1)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Filler 0")
    if party:
        do(g, "Add Filler 1 to the party")
    for _ in range(30):
        if g.decision == K.Decision.DECLARE_BLOCK:
            break
        g.step(K.PASS)
    if block:
        do(g, "Block with Filler 2")
    else:
        g.step(K.PASS)
    _to_main2(g)
    assert _hand(g, 0) == hand + draws
    assert _damage(g, 1) == dmg1 + (0 if block else 1)
