"""FF-TCG card text, session 18 (branch s18-ffb): cards that leave the field at once are looked at together by "When a
DESC is put from the field into the Break Zone" (one effect's Op.BREAK / PUT_INTO_BREAK_ZONE on its targets, the rule
processes of CR 12.3: zones.scan_leaving_together; the approximation leave_one_by_one is left to costs that put two or
more Characters into the Break Zone). Made-up lines played in small games (the mini-pool helpers of session 13)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tests.fftcg.fftcg_helpers import card_record, do, import_mini
from tests.fftcg.test_fftcg_card_text_s13 import _answer, _c, _resolve
from tests.fftcg.test_fftcg_card_text_s13 import _game as _game13

WATCH = "When a Forward you control is put from the field into the Break Zone, draw 1 card."


def _records():
    rec = card_record("L")

    recs = [
        rec(1, "Mourner", "forward", 2, 5000, "Knight", WATCH.replace("a Forward", "a Forward", 1)),
        rec(2, "Stone", "forward", 2, 5000, "Knight", "Stone cannot be broken."),
        rec(3, "Sweep", "summon", 1, 0, "", "Break all the Forwards you control."),
        rec(4, "Quake", "summon", 1, 0, "", "Deal 9000 damage to all the Forwards you control."),
        rec(5, "Purge", "summon", 1, 0, "", "Choose 2 Forwards you control. Put them into the Break Zone."),
        rec(6, "Mourner Two", "forward", 2, 5000, "Knight", "When a Forward other than Mourner Two you control is put "
            "from the field into the Break Zone, draw 1 card."),
        rec(7, "Aegis", "forward", 2, 5000, "Knight", "Aegis doesn't receive any damage from Summons or abilities."),
        rec(8, "Warden", "backup", 2, 0, "Warden", "The Forwards you control don't receive damage that is less than their "
            "power."),
        rec(9, "Zap", "summon", 1, 0, "", "Choose 1 Forward. Deal it 3000 damage."),
        rec(10, "Blast", "summon", 1, 0, "", "Choose 1 Forward. Deal it 6000 damage."),
        rec(11, "Dozer", "forward", 1, 5000, "Golem", "Dozer enters the field dull."),
        rec(12, "Proud", "forward", 1, 5000, "Knight", "You cannot play Proud from your hand due to Summons or abilities."),
        rec(13, "Call", "summon", 1, 0, "", "Play 1 Forward from your hand onto the field."),
        rec(14, "Striker", "forward", 2, 8000, "Knight", ""),
        rec(15, "Umbra", "backup", 2, 0, "Fiend", "Umbra can be played onto the field even if you control other Dark "
            "Characters.[[br]]You can play 2 or more Dark Characters onto the field.", element="dark"),
        rec(16, "Shade", "forward", 1, 5000, "Fiend", "", element="dark"),
        rec(17, "Gloom", "forward", 1, 5000, "Fiend", "", element="dark"),
        rec(18, "Lumen", "forward", 1, 5000, "Angel", "", element="light"),
        rec(19, "Crush", "summon", 1, 0, "", "Choose 1 Backup. Break it."),
        rec(30, "Bait", "forward", 2, 5000, "Knight", "Summons and abilities of your opponent must choose Bait if possible."),
    ]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(4)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 5000, "Soldier", "") for i in range(8)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff18b", _records())


BACKUPS = ("L-020", "L-021", "L-022")


def _game(mini, hand, mine):
    return _game13(mini, hand=hand, mine=mine, theirs=("L-047",), backups=BACKUPS)


def _cast(g, name, *choices):
    g.step(next(int(a) for a in g.legal_actions() if g.describe_action(int(a)).startswith(f"Cast {name}")))
    do(g, *choices)
    while g.decision == K.Decision.PAY_CP:
        g.step(_answer(g))
    _resolve(g)


def _hand(g, player=0):
    return int(g.state[S.HAND_N + player])


def _on_field(g, player=0):
    return int(g.state[S.FIELD_N + player])


# ---- leaving the field together ---------------------------------------------------------------------------------
def test_put_from_the_field_into_the_break_zone_lines_compile_exact():
    for line in (WATCH, "When a Forward other than Zell Test you control is put from the field into the Break Zone, "
                 "draw 1 card.", "When a Backup opponent controls is put from the field into the Break Zone, draw 1 "
                 "card."):
        r = _c(line)
        assert r.verdict is Verdict.EXACT and r.approximations == (), line


def test_a_cost_of_two_characters_into_the_break_zone_is_leave_one_by_one():
    # paid Character by Character as each is chosen (CR 11.6.10 pays the cost at once): the approximation
    r = _c("Put 2 Backups into the Break Zone: Draw 1 card.")
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("leave_one_by_one",)
    assert _c("Put 1 Backup into the Break Zone: Draw 1 card.").verdict is Verdict.EXACT


def test_break_all_the_watcher_sees_every_forward_broken_with_it_CR_11_8_16(mini):
    # "Break all the Forwards you control.": Mourner (first on the field) and two Fillers are broken at once; Mourner's
    # ability sees all three leave (one at a time it would have left first and seen itself only)
    g = _game(mini, hand=("L-003",), mine=("L-001", "L-040", "L-041"))
    hand = _hand(g)
    _cast(g, "Sweep")
    assert _on_field(g) == len(BACKUPS)
    assert _hand(g) == hand - 1 + 3


def test_damage_to_all_the_rule_processes_break_them_together_CR_12_3(mini):
    # 9000 damage to each: the rule processes break all three at once (CR 12.3, 12.4.5); both watchers see all of them
    # (Mourner 3, Mourner Two the 2 others): whichever left first would have missed the later ones one at a time
    g = _game(mini, hand=("L-004",), mine=("L-001", "L-006", "L-040"))
    hand = _hand(g)
    _cast(g, "Quake")
    assert _on_field(g) == len(BACKUPS)
    assert _hand(g) == hand - 1 + 3 + 2


def test_a_forward_that_cannot_be_broken_is_not_in_the_group(mini):
    # Stone stays ("cannot be broken"): its leaving is not looked at; Mourner and Filler 0 are
    g = _game(mini, hand=("L-003",), mine=("L-001", "L-002", "L-040"))
    hand = _hand(g)
    _cast(g, "Sweep")
    assert _on_field(g) == len(BACKUPS) + 1
    assert _hand(g) == hand - 1 + 2


def test_put_them_into_the_break_zone_together_CR_15_1_1_3_2(mini):
    # "Choose 2 Forwards you control. Put them into the Break Zone.": Mourner chosen first, both leave at once
    g = _game(mini, hand=("L-005",), mine=("L-001", "L-040"))
    hand = _hand(g)
    _cast(g, "Purge", "Choose your Mourner", "Choose your Filler 0")
    assert _on_field(g) == len(BACKUPS)
    assert _hand(g) == hand - 1 + 2


def test_other_than_itself_counts_the_others_leaving_with_it(mini):
    # "When a Forward other than Mourner Two ...": the two Fillers broken with it, not itself
    g = _game(mini, hand=("L-003",), mine=("L-006", "L-040", "L-041"))
    hand = _hand(g)
    _cast(g, "Sweep")
    assert _hand(g) == hand - 1 + 2


def test_a_watcher_that_stays_sees_both_leave_and_the_marks_are_cleared(mini):
    # Mourner stays while Fillers 0 and 1 leave at once: two draws; the scratch marks (BreakMark.SCANNED) are all zero
    # after the kernel call (the adapter's check)
    g = _game(mini, hand=("L-005",), mine=("L-001", "L-040", "L-041"))
    hand = _hand(g)
    _cast(g, "Purge", "Choose your Filler 0", "Choose your Filler 1")
    assert _hand(g) == hand - 1 + 2
    assert not g.state[S.MARKS : S.MARKS + K.N_SLOTS].any()


# ---- field rules shapes ------------------------------------------------------------------------------------------
def test_field_rule_shapes_compile():
    for line, card, want, approx in (
            ("Zell Test doesn't receive any damage from Summons or abilities.", None, "effects", ()),
            ("Zell Test doesn't receive any damage.", None, "any", ()),
            ("Zell Test doesn't receive damage that is less than its power.", None, None, ("damage_mod_order",)),
            ("Zell Test enters the field dull.", None, None, ()),
            ("You cannot play Zell Test from your hand due to Summons or abilities.", None, None, ())):
        r = _c(line) if card is None else _c(line, card)
        assert r.verdict is (Verdict.APPROXIMATE if approx else Verdict.EXACT) and r.approximations == approx, line
        if want is not None:
            assert r.abilities[0]["effect"] == [{"op": "damage_mod", "mode": "becomes", "amount": 0, "by": want}]
    backup = {"name": "Zell Test", "type": "backup", "job": "Monk", "element": "water", "cost": 2}
    r = _c("The Forwards you control don't receive damage that is less than their power.", backup)
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("damage_mod_order",)
    assert r.abilities[0]["effect"][0]["op"] == "damage_mod_aura"
    # a Summon does not enter the field; only a Character is played from the hand
    summon = {"name": "Zell Test", "type": "summon", "job": "", "element": "fire", "cost": 2}
    assert _c("Zell Test enters the field dull.", summon).verdict is Verdict.UNSUPPORTED
    assert _c("You cannot play Zell Test from your hand due to Summons or abilities.", summon).verdict is \
        Verdict.UNSUPPORTED


def _dmg(g, number, player=0):
    from tests.fftcg.fftcg_helpers import slot_of

    return int(g.state[S.DMG + slot_of(g, number, player=player) * S.CARD_W])


def test_doesnt_receive_any_damage_from_summons_CR_11_12_5_4(mini):
    # Aegis is dealt no damage by a Summon; Striker (no such ability) is
    g = _game(mini, hand=("L-009", "L-009"), mine=("L-007", "L-014"))
    _cast(g, "Zap", "Choose your Aegis")
    assert _dmg(g, "L-007") == 0
    _cast(g, "Zap", "Choose your Striker")
    assert _dmg(g, "L-014") == 3000


def test_doesnt_receive_any_damage_from_summons_takes_battle_damage_CR_10_1_4(mini):
    # "from Summons or abilities" only: Aegis blocked by a 8000 Forward is broken in battle
    from tests.fftcg.fftcg_helpers import pass_until

    g = _game13(mini, mine=("L-007",), theirs=("L-014",), backups=BACKUPS)
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Aegis")
    pass_until(g, K.Decision.DECLARE_BLOCK)
    do(g, "Block with Striker")
    pass_until(g, K.Decision.DECLARE_ATTACK)
    assert _on_field(g) == len(BACKUPS)  # Aegis was dealt 8000 and broken


@pytest.mark.parametrize("summon, dealt", [("L-009", 0), ("L-010", 6000)])
def test_the_forwards_you_control_dont_receive_damage_less_than_their_power(mini, summon, dealt):
    # Warden: 3000 to a 8000 Forward is not received; 6000 to a 5000 Forward is (and breaks it)
    g = _game(mini, hand=(summon,), mine=("L-008", "L-040" if dealt else "L-014"))
    _cast(g, "Zap" if summon == "L-009" else "Blast", "Choose your Filler 0" if dealt else "Choose your Striker")
    if dealt:
        assert _on_field(g) == len(BACKUPS) + 1  # Filler 0 broken (CR 12.4.5); Warden stays
    else:
        assert _dmg(g, "L-014") == 0


def test_enters_the_field_dull(mini):
    # played from the hand, Dozer enters dull (Op.ENTERS_DULL); a Forward without it enters active
    from tests.fftcg.fftcg_helpers import slot_of

    g = _game(mini, hand=("L-011", "L-041"), mine=())
    for name in ("Dozer", "Filler 1"):
        g.step(next(int(a) for a in g.legal_actions() if g.describe_action(int(a)).startswith(f"Play {name}")))
        while g.decision == K.Decision.PAY_CP:
            g.step(_answer(g))
        _resolve(g)
    assert int(g.state[S.DULL + slot_of(g, "L-011") * S.CARD_W]) == 1
    assert int(g.state[S.DULL + slot_of(g, "L-041") * S.CARD_W]) == 0


def test_enters_the_field_dull_when_an_effect_plays_it(mini):
    from tests.fftcg.fftcg_helpers import slot_of

    g = _game(mini, hand=("L-013", "L-011"), mine=())
    _cast(g, "Call")
    assert int(g.state[S.DULL + slot_of(g, "L-011") * S.CARD_W]) == 1


def test_cannot_be_played_from_the_hand_due_to_summons_or_abilities(mini):
    # "Play 1 Forward from your hand onto the field.": Proud is not offered (Filler 1 is); its controller may still
    # play it from the hand
    from tests.fftcg.fftcg_helpers import slot_of

    g = _game(mini, hand=("L-013", "L-012", "L-041"), mine=())
    g.step(next(int(a) for a in g.legal_actions() if g.describe_action(int(a)).startswith("Cast Call")))
    while g.decision == K.Decision.PAY_CP:
        g.step(_answer(g))
    for _ in range(10):
        if g.decision == K.Decision.SELECT_CARD:
            break
        g.step(_answer(g))
    assert g.decision == K.Decision.SELECT_CARD
    offered = [g.describe_action(int(a)) for a in g.legal_actions()]
    assert any("Filler 1" in d for d in offered) and not any("Proud" in d for d in offered), offered
    _resolve(g)
    assert slot_of(g, "L-041") >= 0
    g.step(next(int(a) for a in g.legal_actions() if g.describe_action(int(a)).startswith("Play Proud")))
    while g.decision == K.Decision.PAY_CP:
        g.step(_answer(g))
    _resolve(g)
    assert slot_of(g, "L-012") >= 0


def test_with_only_such_a_card_in_the_hand_nothing_is_played(mini):
    g = _game(mini, hand=("L-013", "L-012"), mine=())
    _cast(g, "Call")
    assert _on_field(g) == len(BACKUPS) and _hand(g) == 1


# ---- the Light / Dark rule's exceptions (CR 7.7.3, 12.4.7) ----------------------------------------------------------
def test_light_dark_exceptions_compile_exact():
    dark = {"name": "Zell Test", "type": "backup", "job": "Monk", "element": "dark", "cost": 2}
    for line, op in (("You can play 2 or more Dark Characters onto the field.",
                      {"op": "light_dark", "element": "dark", "many": True}),
                     ("You can play 2 or more Light Characters onto the field.",
                      {"op": "light_dark", "element": "light", "many": True}),
                     ("Zell Test can be played onto the field even if you control other Dark Characters.",
                      {"op": "light_dark", "element": "dark", "self_despite": True})):
        r = _c(line, dark)
        assert r.verdict is Verdict.EXACT and r.abilities[0]["effect"] == [op], line
    assert _c("You can play 2 or more Fire Characters onto the field.", dark).verdict is Verdict.UNSUPPORTED


def _playable(g, name):
    return any(g.describe_action(int(a)).startswith(f"Play {name}") for a in g.legal_actions())


def _play(g, name):
    g.step(next(int(a) for a in g.legal_actions() if g.describe_action(int(a)).startswith(f"Play {name}")))
    while g.decision == K.Decision.PAY_CP:
        g.step(_answer(g))
    _resolve(g)


def test_without_an_exception_a_second_dark_character_cannot_be_played_CR_7_7_3(mini):
    g = _game(mini, hand=("L-017",), mine=("L-016",))
    assert not _playable(g, "Gloom")


def test_you_can_play_2_or_more_dark_characters_CR_12_4_7(mini):
    # Umbra on the field: Shade and Gloom are played beside it and all three stay (no rule process puts them away)
    g = _game(mini, hand=("L-016", "L-017"), mine=("L-015",))
    _play(g, "Shade")
    assert _playable(g, "Gloom")
    _play(g, "Gloom")
    assert _on_field(g) == len(BACKUPS) + 3


def test_a_light_character_still_cannot_join_the_dark_ones(mini):
    # "2 or more Dark Characters": a Light one beside them is still two Light / Dark Characters
    g = _game(mini, hand=("L-018",), mine=("L-015",))
    assert not _playable(g, "Lumen")


def test_can_be_played_even_if_you_control_other_dark_characters(mini):
    # Umbra itself is played beside Shade (its own exception), then its field ability keeps both
    g = _game(mini, hand=("L-015",), mine=("L-016",))
    assert _playable(g, "Umbra")
    _play(g, "Umbra")
    assert _on_field(g) == len(BACKUPS) + 2


def test_when_the_exception_leaves_the_dark_characters_go_CR_12_4_7(mini):
    # Umbra broken: Shade and Gloom are two Dark Characters again, both put into the Break Zone
    g = _game(mini, hand=("L-019",), mine=("L-015", "L-016", "L-017"))
    assert _on_field(g) == len(BACKUPS) + 3
    _cast(g, "Crush", "Choose your Umbra")
    assert _on_field(g) == len(BACKUPS)


# ---- "must choose ~ if possible" ---------------------------------------------------------------------------------
def test_must_choose_compiles_exact():
    for line in ("Summons and abilities of your opponent must choose Zell Test if possible.",
                 "Summons or abilities of your opponent must choose Zell Test if possible."):
        r = _c(line)
        assert r.verdict is Verdict.EXACT and r.abilities[0]["effect"] == [{"op": "must_be_chosen"}], line


def _targets(g):
    return sorted(g.describe_action(int(a)).split(" for ")[0] for a in g.legal_actions())


def test_your_opponents_summon_must_choose_it_if_possible(mini):
    # Bait (the opponent's) must be chosen by Zap: the only target offered; Striker not
    g = _game13(mini, hand=("L-009",), mine=("L-014",), theirs=("L-030", "L-041"), backups=BACKUPS)
    g2 = _game13(mini, hand=("L-009",), mine=("L-014",), theirs=("L-041",), backups=BACKUPS)
    for game, want in ((g, ["Choose opponent's Bait"]), (g2, None)):
        game.step(next(int(a) for a in game.legal_actions() if game.describe_action(int(a)).startswith("Cast Zap")))
        assert game.decision == K.Decision.CHOOSE_TARGET
        if want is not None:
            assert _targets(game) == want
        else:
            assert len(_targets(game)) == 2  # Striker and Filler 1: any Forward


def test_your_own_summon_is_not_bound_by_it(mini):
    # Bait binds its controller's opponent only: its controller's Zap may choose any Forward
    g = _game13(mini, hand=("L-009",), mine=("L-030", "L-014"), theirs=("L-040",), backups=BACKUPS)
    g.step(next(int(a) for a in g.legal_actions() if g.describe_action(int(a)).startswith("Cast Zap")))
    assert len(_targets(g)) == 3


def test_a_card_that_cannot_be_chosen_is_not_forced(mini):
    # "Choose 1 Backup." cannot choose Bait (a Forward): any Backup may be chosen
    g = _game13(mini, hand=("L-019",), mine=(), theirs=("L-030", "L-023"), backups=BACKUPS)
    g.step(next(int(a) for a in g.legal_actions() if g.describe_action(int(a)).startswith("Cast Crush")))
    assert len(_targets(g)) == len(BACKUPS) + 1
