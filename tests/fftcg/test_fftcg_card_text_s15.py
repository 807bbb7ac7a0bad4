"""FF-TCG card text, session 15 (branch s15-ff): "if you have cast a Summon / N or more cards this turn"
(Condition.CAST_AT_LEAST over the per-turn count state.CAST_N; CR 15.1.1.7.1: only Summons are cast) and "During this
turn, the next damage dealt to it is reduced by N / becomes 0 instead." (Op.DAMAGE_SHIELD: a replacement effect the next
damage dealt to the card uses up, CR 11.12.5). Compiled from made-up lines in the game's template language and played in
small games (the mini-pool helpers of the session 13 module)."""

from __future__ import annotations


import pytest

from tcg_env.cards.text import Verdict
from tcg_env.engine.header import H_TURN
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tests.fftcg.fftcg_helpers import card_record, do, import_mini, slot_of
from tests.fftcg.test_fftcg_card_text_s13 import _answer, _c, _game, _legal, _resolve, _usable


def _records():
    rec = card_record("W", "water")

    recs = [
        rec(1, "Seer", "backup", 2, 0, "Seer", "{Dull}: Draw 1 card. You can only use this ability if you have cast a "
            "Summon this turn."),
        rec(2, "Vaan", "forward", 2, 5000, "Sky Pirate", "When Vaan enters the field, if you have cast 2 or more cards "
            "this turn, draw 1 card."),
        rec(3, "Splash", "summon", 1, 0, "", "Choose 1 Forward. Deal it 3000 damage."),
        rec(4, "Guard", "backup", 2, 0, "Guard", "{Dull}: Choose 1 Forward. During this turn, the next damage dealt to "
            "it is reduced by 2000 instead."),
        rec(5, "Wall", "backup", 2, 0, "Guard", "{Dull}: Choose 1 Forward you control. During this turn, the next damage "
            "dealt to it becomes 0 instead."),
        rec(6, "Surge", "summon", 1, 0, "", "Choose 1 Forward. Deal it 1000 damage. If you control 1 or more Backups, "
            "deal it 4000 damage instead."),
        rec(7, "Gordon", "forward", 2, 7000, "Rebel", "{Dull}: The next damage dealt to Gordon becomes 0 this turn."),
        rec(9, "Sentinel", "backup", 2, 0, "Guard", "{Dull}: Choose 1 Forward. During this turn, the next damage dealt "
            "to it is reduced by 1000 instead."),
        rec(10, "Leo", "forward", 2, 5000, "General", "When Leo enters the field, you may dull 2 active Backups you "
            "control. When you do so, choose 1 Forward opponent controls. Break it."),
        rec(11, "Sorc", "forward", 2, 5000, "Summoner", "When Sorc enters the field, you may discard 1 Summon. When you "
            "do so, choose 1 Forward opponent controls. Break it."),
        rec(12, "Caius", "forward", 2, 5000, "Guardian", "When Caius attacks, choose 1 Forward. You may discard 1 [Card "
            "Name Splash] from your hand. If you do so, deal it 7000 damage."),
        rec(13, "Mystic", "forward", 2, 5000, "Mystic", "Put 1 Backup into the Break Zone: Mystic gains +3000 power until "
            "the end of the turn."),
        rec(14, "Lancer", "forward", 2, 5000, "Lancer", "{Dull}, put 2 Backups into the Break Zone: Choose 1 Forward. "
            "Deal it 5000 damage."),
        rec(15, "Feo", "forward", 2, 5000, "Warrior", "When your opponent uses an EX Burst, your opponent randomly "
            "discards 1 card."),
        rec(16, "Freeze", "summon", 1, 0, "", "EX BURST Choose 1 Forward. Dull it."),
        rec(17, "Pinger", "backup", 2, 0, "Gunner", "{Dull}: Deal 1 point of damage to your opponent."),
        rec(8, "Brick", "forward", 2, 5000, "Knight", "If Brick is dealt damage, reduce the damage by 1000 instead."),
    ]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(4)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 8000, "Soldier", "") for i in range(8)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff15", _records())


def _dmg(g, number, player=0):
    return int(g.state[S.DMG + slot_of(g, number, player=player) * S.CARD_W])


def _use(g, name, *choices):
    do(g, f"Use ability: {name}", *choices)
    _resolve(g)


def _cast(g, name, *choices):
    # copies in the hand differ by their place ("(hand card 2)"): the first
    g.step(next(a for a in _legal(g) if g.describe_action(a).startswith(f"Cast {name}")))
    do(g, *choices)
    _resolve(g)


# ---- "if you have cast a Summon / N or more cards this turn" (Condition.CAST_AT_LEAST) --------------------------------
def test_cast_this_turn_conditions_compile_exact():
    seer = {"name": "Seer", "type": "backup", "job": "Seer", "element": "water", "cost": 2}
    for line in ("{Dull}: Draw 1 card. You can only use this ability if you have cast a Summon this turn.",
                 "When Seer enters the field, if you have cast 2 or more Summons this turn, draw 1 card.",
                 "If you have cast a Summon this turn, the cost required to cast Seer is reduced by 1."):
        r = _c(line, seer)
        assert r.verdict is Verdict.EXACT and r.approximations == (), line
    # "cards": the Summons and the Characters played from the hand (session 22: state.CAST_N's cards count), exact
    r = _c("When Seer enters the field, if you have cast 3 or more cards this turn, draw 1 card.", seer)
    assert r.verdict is Verdict.EXACT and r.approximations == ()


def test_only_usable_once_a_summon_was_cast_this_turn_and_the_count_resets_CR_15_1_1_7_1(mini):
    g = _game(mini, mine=["W-001"], theirs=("W-040",), hand=("W-003",))
    assert int(g.state[S.CAST_N]) == 0 and not _usable(g, "Seer")
    _cast(g, "Splash", "Choose opponent's Filler 0")
    # one Summon, one card (constants.CAST_UNIT: the word packs both counts, session 22)
    assert int(g.state[S.CAST_N]) == 1 + K.CAST_UNIT and int(g.state[S.CAST_N + 1]) == 0
    assert _dmg(g, "W-040", player=1) == 3000
    hand = int(g.state[S.HAND_N])
    _use(g, "Seer")
    assert int(g.state[S.HAND_N]) == hand + 1
    # the next turn counts anew ("this turn")
    turn = int(g.state[H_TURN])
    for _ in range(200):
        if int(g.state[H_TURN]) != turn and g.decision == K.Decision.PRIORITY:
            break
        g.step(_answer(g))
    assert int(g.state[H_TURN]) == turn + 1
    assert int(g.state[S.CAST_N]) == 0 and int(g.state[S.CAST_N + 1]) == 0


def test_enters_if_you_have_cast_two_or_more_cards_this_turn(mini):
    # session 22: Vaan is a card cast too (counted as it is played, CR 11.4.7, before its ability triggers)
    for casts, draws in ((0, 0), (1, 1)):
        g = _game(mini, hand=("W-002",) + ("W-003",) * casts, theirs=("W-040", "W-041"),
                  backups=("W-020", "W-021", "W-022", "W-023"))
        for _ in range(casts):
            _cast(g, "Splash", "Choose opponent's Filler 0")
        hand = int(g.state[S.HAND_N])
        do(g, "Play Vaan")
        _resolve(g)
        assert int(g.state[S.HAND_N]) == hand - 1 + draws, casts


# ---- "During this turn, the next damage dealt to it is reduced by N / becomes 0 instead." (Op.DAMAGE_SHIELD) -----------
def test_next_damage_shields_compile_exact_and_order_dependent_replacements_approximate():
    fwd = {"name": "Gordon", "type": "forward", "job": "Rebel", "element": "water", "cost": 2}
    for line in ("{Dull}: Choose 1 Forward. During this turn, the next damage dealt to it is reduced by 2000 instead.",
                 "When Gordon enters the field, choose 1 Forward. During this turn, the next damage dealt to it becomes "
                 "0 instead.",
                 "{Dull}: Choose 1 Forward. Reduce the next damage dealt to it this turn by 1000.",
                 "{Dull}: The next damage dealt to Gordon becomes 0 this turn.",
                 "%Curaga% {S}: Choose 1 Forward you control. During this turn, the next damage dealt to it becomes 0 "
                 "instead.",
                 "If Gordon is dealt damage, reduce the damage by 1000 instead."):
        r = _c(line, fwd)
        assert r.verdict is Verdict.EXACT and r.approximations == (), line
    # "by Summons or abilities" (a shield of some damage only), "becomes 1000": not compiled
    assert _c("{Dull}: Choose 1 Forward. During this turn, the next damage dealt to it by Summons or abilities is "
              "reduced by 3000 instead.", fwd).verdict is Verdict.UNSUPPORTED
    # a replacement whose result depends on its order with a shield's (CR 11.12.5.6.1: the controller chooses)
    for line in ("If Gordon is dealt damage less than his power, the damage becomes 0 instead.",
                 "If Gordon is dealt damage, the damage becomes 1000 instead."):
        r = _c(line, fwd)
        assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("damage_mod_order",), line


def test_the_next_damage_is_reduced_once_then_damage_is_dealt_in_full_CR_11_12_5(mini):
    g = _game(mini, mine=["W-004", "W-040"], theirs=("W-041",), hand=("W-003", "W-003"))
    _use(g, "Guard", "Choose your Filler 0")
    slot = slot_of(g, "W-040")
    assert int(g.state[S.RST_EOT + slot * S.CARD_W]) & K.RESTRICT_DAMAGE_SHIELD
    _cast(g, "Splash", "Choose your Filler 0")
    assert _dmg(g, "W-040") == 1000  # 3000 reduced by 2000
    assert not int(g.state[S.RST_EOT + slot * S.CARD_W]) & K.RESTRICT_DAMAGE_SHIELD  # used up
    _cast(g, "Splash", "Choose your Filler 0")
    assert _dmg(g, "W-040") == 4000  # the next damage: in full


def test_two_shields_on_one_forward_apply_to_the_same_next_damage(mini):
    # both replacement effects wait for the next damage: 4000 - 2000 - 1000 -> 1000; then 3000 in full
    g = _game(mini, mine=["W-004", "W-009", "W-040"], theirs=("W-041",), hand=("W-006", "W-003"))
    _use(g, "Guard", "Choose your Filler 0")
    _use(g, "Sentinel", "Choose your Filler 0")
    _cast(g, "Surge", "Choose your Filler 0")
    assert _dmg(g, "W-040") == 1000
    _cast(g, "Splash", "Choose your Filler 0")
    assert _dmg(g, "W-040") == 4000


def test_a_shield_meets_the_one_amount_dealt_instead(mini):
    # "Deal it 1000 damage. If C, deal it 4000 damage instead.": one damage of 4000, reduced by 2000 once
    g = _game(mini, mine=["W-004", "W-040"], theirs=("W-041",), hand=("W-006",))
    _use(g, "Guard", "Choose your Filler 0")
    _cast(g, "Surge", "Choose your Filler 0")
    assert _dmg(g, "W-040") == 2000


def test_a_shield_and_the_forwards_own_reduction_add_up(mini):
    g = _game(mini, mine=["W-004", "W-008"], theirs=("W-041",), hand=("W-003",))
    _use(g, "Guard", "Choose your Brick")
    _cast(g, "Splash", "Choose your Brick")
    assert _dmg(g, "W-008") == 0  # 3000 - 2000 - 1000


def test_a_shield_reduces_battle_damage_to_the_blocker_CR_10_1_4(mini):
    # Guard's shield on the opponent's Forward: it blocks the 8000-power attacker and is dealt 6000 (it survives), the
    # attacker is dealt the blocker's 8000 (broken)
    from tests.fftcg.fftcg_helpers import pass_until

    g = _game(mini, mine=["W-004", "W-040"], theirs=("W-041",))
    _use(g, "Guard", "Choose opponent's Filler 1")
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Filler 0")
    pass_until(g, K.Decision.DECLARE_BLOCK)
    do(g, "Block with Filler 1")
    blocker = slot_of(g, "W-041", player=1)
    for _ in range(30):
        if int(g.state[S.DMG + blocker * S.CARD_W]) > 0:
            break
        g.step(K.PASS)
    assert _dmg(g, "W-041", player=1) == 6000
    assert int(g.state[S.ZONE + blocker * S.CARD_W]) == K.Zone.FIELD


def test_a_shield_ends_with_the_turn_CR_9_5_1_3(mini):
    g = _game(mini, mine=["W-007"], theirs=("W-041",))
    _use(g, "Gordon")
    slot = slot_of(g, "W-007")
    assert int(g.state[S.RST_EOT + slot * S.CARD_W]) & K.RESTRICT_DAMAGE_SHIELD
    turn = int(g.state[H_TURN])
    for _ in range(200):
        if int(g.state[H_TURN]) != turn:
            break
        g.step(_answer(g))
    assert not int(g.state[S.RST_EOT + slot * S.CARD_W]) & K.RESTRICT_DAMAGE_SHIELD


# ---- "you may dull N active DESC you control. When you do so, ..." (Op.DULL_ACTIVE) -------------------------------------
def test_you_may_dull_n_active_compiles_exact():
    leo = {"name": "Leo", "type": "forward", "job": "General", "element": "water", "cost": 2}
    for line in ("When Leo enters the field, you may dull 3 active [Category IV] Characters you control. When you do so, "
                 "choose 1 Character of cost 4 or more. Break it.",
                 "When you cast a Summon, you may dull 1 active Forward you control. If you do so, draw 1 card."):
        r = _c(line, leo)
        assert r.verdict is Verdict.EXACT and r.approximations == (), line
    # not printed "active": not compiled
    assert _c("When Leo enters the field, you may dull 1 Forward you control. When you do so, draw 1 card.",
              leo).verdict is Verdict.UNSUPPORTED


def _play_leo(g):
    do(g, "Play Leo")
    for _ in range(30):
        if g.decision == K.Decision.OPTIONAL_EFFECT:
            g.step(K.OPTION_BASE)  # "you may": yes
        elif g.decision == K.Decision.SELECT_CARD:
            g.step(_legal(g)[0])
        elif g.decision == K.Decision.CHOOSE_TARGET:
            g.step([a for a in _legal(g) if a != K.PASS][0])
        elif g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0:
            return
        else:
            g.step(_answer(g))


def test_you_may_dull_n_active_then_the_reflexive_ability_CR_11_8_14(mini):
    # four Backups: two pay Leo's cost, the two left active are dulled, then the opponent's Forward is broken
    g = _game(mini, hand=("W-010",), theirs=("W-041",), backups=("W-020", "W-021", "W-022", "W-023"))
    _play_leo(g)
    assert all(int(g.state[S.DULL + slot_of(g, f"W-02{i}") * S.CARD_W]) == 1 for i in range(4))
    assert int(g.state[S.ZONE + slot_of(g, "W-041", zone=K.Zone.BREAK, player=1) * S.CARD_W]) == K.Zone.BREAK


def test_you_may_dull_n_active_with_too_few_does_nothing(mini):
    # three Backups: one left active after the cost, fewer than 2: nothing is dulled, no Forward is broken
    g = _game(mini, hand=("W-010",), theirs=("W-041",), backups=("W-020", "W-021", "W-022"))
    _play_leo(g)
    assert sorted(int(g.state[S.DULL + slot_of(g, f"W-02{i}") * S.CARD_W]) for i in range(3)) == [0, 1, 1]
    assert int(g.state[S.ZONE + slot_of(g, "W-041", player=1) * S.CARD_W]) == K.Zone.FIELD


# ---- "you may discard N DESC. When / If you do so, ..." (Op.DISCARD_MATCHING) ------------------------------------------
def test_you_may_discard_a_card_of_a_kind_compiles_exact():
    for line in ("When Sorc enters the field, you may discard 1 [Job Chaos]. When you do so, draw 2 cards.",
                 "When Sorc attacks, choose 1 Forward. You may discard 1 Summon from your hand. If you do so, dull it and "
                 "Freeze it."):
        r = _c(line, {"name": "Sorc", "type": "forward", "job": "Summoner", "element": "water", "cost": 2})
        assert r.verdict is Verdict.EXACT and r.approximations == (), line


def _play_sorc(g):
    do(g, "Play Sorc")
    for _ in range(30):
        if g.decision == K.Decision.OPTIONAL_EFFECT:
            g.step(K.OPTION_BASE)  # "you may": yes
        elif g.decision == K.Decision.SELECT_CARD:
            assert [g.describe_action(a).split(" for ")[0] for a in _legal(g)] == ["Choose Splash"]  # the Summon only
            g.step(_legal(g)[0])
        elif g.decision == K.Decision.CHOOSE_TARGET:
            g.step([a for a in _legal(g) if a != K.PASS][0])
        elif g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0:
            return
        else:
            g.step(_answer(g))


def test_you_may_discard_a_summon_then_the_reflexive_ability_CR_15_1_1_4(mini):
    g = _game(mini, hand=("W-011", "W-003", "W-042"), theirs=("W-041",))
    _play_sorc(g)
    assert int(g.state[S.HAND_N]) == 1  # Sorc played, Splash discarded, the Forward kept
    assert int(g.state[S.ZONE + slot_of(g, "W-003", zone=K.Zone.BREAK) * S.CARD_W]) == K.Zone.BREAK
    assert int(g.state[S.ZONE + slot_of(g, "W-041", zone=K.Zone.BREAK, player=1) * S.CARD_W]) == K.Zone.BREAK


def test_you_may_discard_a_summon_without_one_does_nothing(mini):
    g = _game(mini, hand=("W-011", "W-042"), theirs=("W-041",))
    _play_sorc(g)
    assert int(g.state[S.HAND_N]) == 1  # the Forward stays in the hand
    assert int(g.state[S.ZONE + slot_of(g, "W-041", player=1) * S.CARD_W]) == K.Zone.FIELD


def test_choose_then_you_may_discard_by_name_if_you_do_so_CR_11_8_9(mini):
    # Caius attacks: the Forward is chosen as the ability is put on the stack, the discard asked on resolution
    from tests.fftcg.fftcg_helpers import pass_until

    for hand, dealt in ((("W-003",), 7000), (("W-042",), 0)):
        g = _game(mini, mine=["W-012"], theirs=("W-041",), hand=hand)
        g.step(K.PASS)
        g.step(K.PASS)
        pass_until(g, K.Decision.DECLARE_ATTACK)
        do(g, "Attack with Caius")
        for _ in range(30):
            if g.decision == K.Decision.CHOOSE_TARGET:
                do(g, "Choose opponent's Filler 1")
            elif g.decision == K.Decision.OPTIONAL_EFFECT:
                g.step(K.OPTION_BASE)
            elif g.decision == K.Decision.SELECT_CARD:
                g.step(_legal(g)[0])
            elif g.decision in (K.Decision.DECLARE_BLOCK, K.Decision.DECLARE_ATTACK) and int(g.state[S.STACK_N]) == 0:
                break
            else:
                g.step(_answer(g))
        assert _dmg(g, "W-041", player=1) == dealt, hand
        assert int(g.state[S.HAND_N]) == (0 if dealt else 1)


# ---- "Put N DESC into the Break Zone: ..." (an action ability's cost; not a break, CR 15.1.1.3.2) -----------------------
def test_put_n_characters_into_the_break_zone_cost_compiles_exact():
    fwd = {"name": "Mystic", "type": "forward", "job": "Mystic", "element": "water", "cost": 2}
    bak = {"name": "Sage", "type": "backup", "job": "Sage", "element": "water", "cost": 2}
    r = _c("Put 1 Backup into the Break Zone: Mystic gains +3000 power until the end of the turn.", fwd)
    assert r.verdict is Verdict.EXACT and r.approximations == ()
    # two or more are paid one at a time as each is chosen (CR 11.6.10: at once; session 18: leave_one_by_one)
    r = _c("{Dull}, put 3 Backups into the Break Zone: Choose 2 Forwards. Deal them 10000 damage.", fwd)
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("leave_one_by_one",)
    # the dull icon and a description the card itself matches (paid at once, CR 11.6.10); with CP: not compiled
    assert _c("{Dull}, put 1 Backup into the Break Zone: Draw 1 card.", bak).verdict is Verdict.UNSUPPORTED
    assert _c("{Ice}{Dull}, put 1 Backup into the Break Zone: Draw 1 card.", fwd).verdict is Verdict.UNSUPPORTED
    # another card's name may be put (the card itself cannot match it); its own name may not (with the dull icon)
    lb = {"name": "Leblanc", "type": "forward", "job": "Sphere Hunter", "element": "water", "cost": 2}
    assert _c("{Dull}, put 1 [Card Name Ormi] or 1 [Card Name Logos] into the Break Zone: Leblanc cannot be broken this "
              "turn.", lb).verdict is Verdict.EXACT
    assert _c("{Dull}, put 1 [Card Name Leblanc] into the Break Zone: Draw 1 card.", lb).verdict is Verdict.UNSUPPORTED
    assert _c("{Dull}, put 1 [Card Name Leblanc] into the Break Zone: Draw 1 card.",
              {**lb, "name": "Ormi"}).verdict is Verdict.EXACT  # the same line on another card (the cache keys the name)
    # the same check ("the card itself cannot match") of "Deal it and ~" / "... and M damage to ~" is unchanged
    for line in ("When Leblanc enters the field, choose 1 Forward opponent controls. Deal it and Leblanc 9000 damage.",
                 "{Fire}: Deal 1000 damage to all the Forwards opponent controls and 2000 damage to Leblanc."):
        assert _c(line, lb).verdict is Verdict.EXACT, line


def test_put_a_backup_into_the_break_zone_as_a_cost(mini):
    g = _game(mini, mine=["W-013"], backups=("W-020",))
    do(g, "Use ability: Mystic")
    assert g.decision == K.Decision.PAY_DISCARD
    assert [g.describe_action(a) for a in _legal(g)] == ["Pay: put Clerk 0 into the Break Zone"]
    g.step(_legal(g)[0])
    _resolve(g)
    assert int(g.state[S.ZONE + slot_of(g, "W-020", zone=K.Zone.BREAK) * S.CARD_W]) == K.Zone.BREAK
    assert int(g.state[S.D_POWER + slot_of(g, "W-013") * S.CARD_W]) == 8000
    assert not _usable(g, "Mystic")  # no Backup left to pay it


def test_dull_and_put_two_backups_into_the_break_zone(mini):
    g = _game(mini, mine=["W-014"], theirs=("W-041",), backups=("W-020",))
    assert not _usable(g, "Lancer")  # one Backup: the cost cannot be paid
    g = _game(mini, mine=["W-014"], theirs=("W-041",), backups=("W-020", "W-021", "W-022"))
    do(g, "Use ability: Lancer", "Choose opponent's Filler 1")
    assert g.decision == K.Decision.PAY_DISCARD and len(_legal(g)) == 3  # Lancer itself is not offered
    g.step(_legal(g)[0])
    g.step(_legal(g)[0])
    _resolve(g)
    assert _dmg(g, "W-041", player=1) == 5000
    assert int(g.state[S.DULL + slot_of(g, "W-014") * S.CARD_W]) == 1
    assert int(g.state[S.BREAK_N]) == 2


# ---- "When your opponent uses an EX Burst" (Trigger.OPP_EX_BURST, CR 11.10.2) ---------------------------------------------
@pytest.mark.parametrize("use, discarded", [(True, 1), (False, 0)])
def test_when_your_opponent_uses_an_ex_burst_CR_11_10_2(mini, use, discarded):
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(([c.number for c in res] * 3)[:50],) * 2)
    sc.field(0, ["W-017", "W-015"])
    sc.hand(1, ["W-040", "W-041"])
    sc.deck_top(1, ["W-016"])  # Freeze (EX Burst) on top of the opponent's deck
    g = sc.game()
    do(g, "Use ability: Pinger")
    for _ in range(30):
        if g.decision == K.Decision.EX_BURST:
            g.step(K.OPTION_BASE if use else K.PASS)
        elif g.decision == K.Decision.CHOOSE_TARGET:
            g.step([a for a in _legal(g) if a != K.PASS][0])
        elif g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0:
            break
        else:
            g.step(_answer(g))
    assert int(g.state[S.DAMAGE_N + 1]) == 1
    assert int(g.state[S.HAND_N + 1]) == 2 - discarded


# ---- the observation: shields and cast counts are public (CR 7.6; fftcg_v5) --------------------------------------------
def _seen(g, viewer):
    from tcg_env.games.fftcg import observation as O

    return dict(zip(O.OBS.column_names(), g.observe(viewer).tolist()))


def _row_of(g, viewer, owner, number):
    """The observation block and row of ``owner``'s field card ``number`` in ``viewer``'s view."""
    slot = slot_of(g, number, player=owner)
    at = [int(x) for x in g.state[S.FIELD_L + owner * K.FIELD_SLOTS: S.FIELD_L + owner * K.FIELD_SLOTS
                                  + int(g.state[S.FIELD_N + owner])]].index(slot)  # fmt: skip
    return f"{'own_field' if viewer == owner else 'opp_field'}[{at}]"


def test_shields_and_summons_cast_are_in_both_players_observations_CR_7_6(mini):
    g = _game(mini, mine=["W-004", "W-005", "W-040"], theirs=("W-041",), hand=("W-003",))
    _use(g, "Wall", "Choose your Filler 0")  # becomes 0
    _use(g, "Guard", "Choose opponent's Filler 1")  # reduced by 2000
    for viewer in (0, 1):
        seen = _seen(g, viewer)
        mine, theirs = _row_of(g, viewer, 0, "W-040"), _row_of(g, viewer, 1, "W-041")
        assert seen[f"{mine}.next_damage_becomes_0"] == 1.0 and seen[f"{mine}.next_damage_reduced_div10000"] == 0.0
        assert seen[f"{theirs}.next_damage_becomes_0"] == 0.0
        assert abs(seen[f"{theirs}.next_damage_reduced_div10000"] - 0.2) < 1e-6, viewer
    _cast(g, "Splash", "Choose your Filler 0")  # uses the shield up: no damage
    assert _dmg(g, "W-040") == 0
    for viewer in (0, 1):
        seen = _seen(g, viewer)
        mine = _row_of(g, viewer, 0, "W-040")
        assert seen[f"{mine}.next_damage_becomes_0"] == 0.0 and seen[f"{mine}.next_damage_reduced_div10000"] == 0.0
        me, them = ("my", "opp") if viewer == 0 else ("opp", "my")
        assert abs(seen[f"global.{me}_summons_cast_this_turn_div5"] - 0.2) < 1e-6  # player 0 cast one Summon
        assert seen[f"global.{them}_summons_cast_this_turn_div5"] == 0.0
