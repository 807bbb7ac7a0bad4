"""CR 700s (the player's actions), 900s (abilities, targets) and will (CR 907, 1003)."""

import pytest

from fow_tables import current_values
from helpers import D, St, Z, main_row, pass_both, play, step, to_hand, to_main, turn_player, will
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S

F, W, L = K.Attribute.FIRE, K.Attribute.WATER, K.Attribute.LIGHT


def test_cr_907_resting_a_magic_stone_produces_its_will(pool):
    r = main_row(pool)
    tp = turn_player(r)
    stone = r.put(tp, "Dual Stone", Z.FIELD)
    i = r.field_index(tp, stone)
    assert K.WILL_A_BASE + i in r.legal() and K.WILL_B_BASE + i in r.legal()
    r.act(K.WILL_B_BASE + i)  # the dual stone's second will
    assert will(r, tp)[W] == 1 and r.rec(S.RESTED, stone) == 1
    assert r.decider == tp  # CR 907.3: no chase, priority kept
    assert K.WILL_A_BASE + i not in r.legal()  # rested


def test_cr_702_1_a_resonator_is_played_by_paying_its_cost(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Knight")  # {F} + 1
    i = r.hand_index(tp, "Knight")
    r.give_will(tp, F)
    assert K.PLAY_HAND_BASE + i not in r.legal()  # CR 1003.4: not all of it
    r.give_will(tp, W)
    assert K.PLAY_HAND_BASE + i in r.legal()
    play(r, tp, "Knight")
    assert will(r, tp) == [0] * K.N_WILL
    assert "Knight" in r.names(Z.CHASE, tp) and int(r.s[S.CHASE_N]) == 1


def test_cr_203_3_an_attribute_cost_needs_will_of_that_attribute(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Imp")
    r.give_will(tp, W, 3)
    assert K.PLAY_HAND_BASE + r.hand_index(tp, "Imp") not in r.legal()


def test_cr_702_3_a_resonator_resolves_into_the_field(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Imp")
    r.give_will(tp, F)
    play(r, tp, "Imp")
    pass_both(r)
    assert "Imp" in r.names(Z.FIELD, tp)
    slot = r.zone(Z.FIELD, tp)[-1]
    assert r.rec(S.RESTED, slot) == 0 and r.rec(S.ENTERED, slot) == int(r.s[9])


def test_cr_701_2_the_non_turn_player_plays_resonators_only_with_quickcast(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, 1 - tp, "Imp")
    to_hand(r, 1 - tp, "Rally")
    r.give_will(1 - tp, F, 2)
    r.put(1 - tp, "Knight", Z.FIELD)
    r.act(K.PASS)
    assert r.decider == 1 - tp
    legal = r.legal()
    assert K.PLAY_HAND_BASE + r.hand_index(1 - tp, "Imp") not in legal  # CR 604.2a
    assert K.PLAY_HAND_BASE + r.hand_index(1 - tp, "Rally") in legal  # CR 1111.2


def test_cr_701_2_no_resonator_while_the_chase_is_not_empty(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Imp")
    to_hand(r, tp, "Blast")
    r.give_will(tp, F, 2)
    play(r, tp, "Blast")
    assert K.PLAY_HAND_BASE + r.hand_index(tp, "Imp") not in r.legal()


def test_cr_703_3_a_chant_resolves_its_text_and_goes_to_the_graveyard(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Blast")
    r.give_will(tp, F)
    play(r, tp, "Blast")
    pass_both(r)
    assert int(r.s[S.LIFE + 1 - tp]) == 3600
    assert "Blast" in r.names(Z.GRAVEYARD, tp)


def test_cr_903_2g_a_chant_without_a_legal_target_cannot_be_played(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Fire Bolt")
    r.give_will(tp, F)
    assert K.PLAY_HAND_BASE + r.hand_index(tp, "Fire Bolt") not in r.legal()
    knight = r.put(1 - tp, "Knight", Z.FIELD)
    assert K.PLAY_HAND_BASE + r.hand_index(tp, "Fire Bolt") in r.legal()
    play(r, tp, "Fire Bolt")
    assert r.decision == D.CHOOSE_TARGET and r.decider == tp
    assert int(r.s[S.CAND + 0]) == knight
    assert int(r.s[S.CAND_N]) == 1  # the only J/resonator
    r.act(K.OPTION_BASE + 0)
    assert int(r.s[S.CHASE_N]) == 1 and r.decider == tp


def test_cr_1204_1_damage_reaching_def_destroys_by_rule_process(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Fire Bolt")
    r.give_will(tp, F)
    imp = r.put(1 - tp, "Imp", Z.FIELD)  # DEF 500
    play(r, tp, "Fire Bolt")
    r.act(K.OPTION_BASE + 0)
    pass_both(r)
    assert "Imp" in r.names(Z.GRAVEYARD, 1 - tp) and r.rec(S.DAMAGE, imp) == 0


def test_cr_1007_1_damage_is_put_on_the_resonator(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Fire Bolt")
    r.give_will(tp, F)
    knight = r.put(1 - tp, "Knight", Z.FIELD)
    r.set_rec(S.DEF_PERM, knight, 500)  # DEF 1300
    play(r, tp, "Fire Bolt")
    r.act(K.OPTION_BASE + 0)
    pass_both(r)
    assert r.rec(S.DAMAGE, knight) == 500 and "Knight" in r.names(Z.FIELD, 1 - tp)


def test_cr_903_3a_a_target_gone_before_resolution_is_not_affected(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Fire Bolt")
    r.give_will(tp, F)
    knight = r.put(1 - tp, "Knight", Z.FIELD)
    play(r, tp, "Fire Bolt")
    r.act(K.OPTION_BASE + 0)
    r.move(knight, Z.HAND)  # it leaves the field before the chant resolves
    pass_both(r)
    assert r.rec(S.DAMAGE, knight) == 0 and "Fire Bolt" in r.names(Z.GRAVEYARD, tp)


def test_cr_1012_1_a_cancelled_spell_leaves_the_chase_for_the_graveyard(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Imp")
    to_hand(r, 1 - tp, "Counter")
    r.give_will(tp, F)
    r.give_will(1 - tp, W)
    play(r, tp, "Imp")
    r.act(K.PASS)
    play(r, 1 - tp, "Counter")  # [Quickcast], targets the Imp on the chase
    r.act(K.OPTION_BASE + 0)
    pass_both(r)  # Counter resolves
    assert "Imp" in r.names(Z.GRAVEYARD, tp) and "Counter" in r.names(Z.GRAVEYARD, 1 - tp)
    assert int(r.s[S.CHASE_N]) == 0 and r.decider == tp


def test_cr_1020_3_gains_atk_and_def_until_end_of_turn(pool):
    r = main_row(pool)
    tp = turn_player(r)
    imp = r.put(tp, "Imp", Z.FIELD)
    to_hand(r, tp, "Rally")
    r.give_will(tp, F)
    play(r, tp, "Rally")
    r.act(K.OPTION_BASE + 0)
    pass_both(r)
    assert (r.rec(S.ATK_EOT, imp), r.rec(S.DEF_EOT, imp)) == (200, 200)
    r.pass_until(lambda x: turn_player(x) != tp)
    assert (r.rec(S.ATK_EOT, imp), r.rec(S.DEF_EOT, imp)) == (0, 0)  # CR 505.5b


def test_cr_710_1_calling_a_magic_stone_rests_the_ruler_once_a_turn(pool):
    r = main_row(pool)
    tp = turn_player(r)
    ruler = tp * K.PLAYER_SLOTS
    assert K.CALL_STONE in r.legal()
    top = r.zone(Z.STONE_DECK, tp)[-1]
    r.act(K.CALL_STONE)
    assert top in r.zone(Z.FIELD, tp) and r.rec(S.RESTED, ruler) == 1
    assert K.CALL_STONE not in r.legal()
    assert r.decider == tp  # no chase


def test_cr_710_1_no_call_for_the_non_turn_player(pool):
    r = main_row(pool)
    r.act(K.PASS)
    assert K.CALL_STONE not in r.legal()


def test_cr_705_judgment_puts_the_j_ruler_into_the_field_and_blocks_the_call(pool):
    r = main_row(pool)
    tp = turn_player(r)
    ruler = tp * K.PLAYER_SLOTS
    assert K.JUDGMENT not in r.legal()  # {F}{1} not produced yet
    r.give_will(tp, F, 2)
    r.act(K.JUDGMENT)
    assert int(r.s[S.CHASE_N]) == 1 and K.CALL_STONE not in r.legal()  # CR 710.1
    pass_both(r)
    assert r.names(Z.FIELD, tp) == ["Flame J-Ruler"] and r.zone(Z.RULER_AREA, tp) == []
    assert r.zone(Z.FIELD, tp) == [ruler]
    assert K.JUDGMENT not in r.legal()


def test_cr_705_1_judgment_needs_a_recovered_ruler(pool):
    r = main_row(pool)
    tp = turn_player(r)
    r.give_will(tp, F, 2)
    r.set_rec(S.RESTED, tp * K.PLAYER_SLOTS, 1)
    assert K.JUDGMENT not in r.legal()


def test_cr_706_1_a_card_goes_to_the_standby_area_for_two_will(pool):
    r = main_row(pool)
    tp = turn_player(r)
    r.give_will(tp, F)
    assert not any(K.STANDBY_BASE <= a < K.WILL_A_BASE for a in r.legal())
    r.give_will(tp, W)
    hand = r.zone(Z.HAND, tp)
    r.act(K.STANDBY_BASE + 0)
    assert r.zone(Z.STANDBY, tp) == [hand[0]] and will(r, tp) == [0] * K.N_WILL and r.decider == tp


def test_cr_1140_2_an_enter_ability_triggers_when_the_card_enters_the_field(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Scholar")
    r.give_will(tp, W)
    play(r, tp, "Scholar")
    n = len(r.zone(Z.HAND, tp))
    pass_both(r)  # Scholar resolves; its [Enter] goes onto the chase at the next priority sequence
    assert int(r.s[S.CHASE_N]) == 1 and len(r.zone(Z.HAND, tp)) == n
    pass_both(r)
    assert len(r.zone(Z.HAND, tp)) == n + 1


def test_cr_905_3_a_rest_ability_of_a_new_resonator_cannot_be_played(pool):
    r = main_row(pool)
    tp = turn_player(r)
    archer = r.put(tp, "Archer", Z.FIELD, entered=int(r.s[9]))
    r.put(1 - tp, "Knight", Z.FIELD)
    i = r.field_index(tp, archer)
    assert K.ACTIVATE_BASE + i * K.ABILITIES_PER_CARD not in r.legal()
    r.set_rec(S.ENTERED, archer, 0)
    assert K.ACTIVATE_BASE + i * K.ABILITIES_PER_CARD in r.legal()
    r.act(K.ACTIVATE_BASE + i * K.ABILITIES_PER_CARD)
    r.act(K.OPTION_BASE + 0)
    assert r.rec(S.RESTED, archer) == 1 and int(r.s[S.CHASE_N]) == 1
    pass_both(r)
    knight = r.zone(Z.FIELD, 1 - tp)[0]
    assert r.rec(S.DAMAGE, knight) == 300


def test_cr_907_3_a_will_ability_resolves_at_once(pool):
    r = main_row(pool)
    tp = turn_player(r)
    fairy = r.put(tp, "Fairy", Z.FIELD)
    r.act(K.ACTIVATE_BASE + r.field_index(tp, fairy) * K.ABILITIES_PER_CARD)
    assert will(r, tp)[L] == 1 and int(r.s[S.CHASE_N]) == 0 and r.decider == tp


def test_cr_904_1_a_continuous_ability_applies_while_its_card_is_in_the_field(pool):
    r = main_row(pool)
    tp = turn_player(r)
    imp = r.put(tp, "Imp", Z.FIELD)
    foe = r.put(1 - tp, "Imp", Z.FIELD)
    banner = r.put(tp, "Banner", Z.FIELD)
    assert current_values(r.s, r.T, imp)[:2] == (600, 600)
    assert current_values(r.s, r.T, banner)[0] == 200 and current_values(r.s, r.T, foe)[0] == 500
    r.move(banner, Z.GRAVEYARD)
    assert current_values(r.s, r.T, imp)[0] == 500


def test_cr_1406_2b_an_addition_resolves_added_to_its_target_and_applies_to_it(pool):
    r = main_row(pool)
    tp = turn_player(r)
    imp = r.put(tp, "Imp", Z.FIELD)
    to_hand(r, tp, "Sword")
    r.give_will(tp, F)
    play(r, tp, "Sword")
    assert r.decision == D.CHOOSE_TARGET
    r.act(K.OPTION_BASE + 0)
    pass_both(r)
    sword = r.zone(Z.FIELD, tp)[-1]
    assert r.names(Z.FIELD, tp)[-1] == "Sword" and r.rec(S.ATTACHED, sword) == imp
    atk, _, kw = current_values(r.s, r.T, imp)
    assert atk == 800 and kw & K.KW_FLYING
    r.move(imp, Z.GRAVEYARD)
    r.act(K.PASS)  # CR 1406.4a: added to nothing, the addition goes to the graveyard
    assert "Sword" in r.names(Z.GRAVEYARD, tp)


def test_cr_1406_2b_an_addition_whose_target_is_gone_goes_to_the_graveyard(pool):
    r = main_row(pool)
    tp = turn_player(r)
    imp = r.put(tp, "Imp", Z.FIELD)
    to_hand(r, tp, "Sword")
    r.give_will(tp, F)
    play(r, tp, "Sword")
    r.act(K.OPTION_BASE + 0)
    r.move(imp, Z.HAND)
    pass_both(r)
    assert "Sword" in r.names(Z.GRAVEYARD, tp) and "Sword" not in r.names(Z.FIELD, tp)


def test_cr_903_2i_a_cost_reduction_lowers_the_free_cost(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Knight")  # {F} + 1
    r.give_will(tp, F)
    assert K.PLAY_HAND_BASE + r.hand_index(tp, "Knight") not in r.legal()
    r.put(tp, "Mentor", Z.FIELD)
    assert K.PLAY_HAND_BASE + r.hand_index(tp, "Knight") in r.legal()
    play(r, tp, "Knight")
    assert will(r, tp) == [0] * K.N_WILL


def test_cr_708_a_trigger_chant_is_played_from_the_standby_area_for_its_trigger_cost(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Trap")
    r.give_will(tp, W, 2)
    i = r.hand_index(tp, "Trap")
    # CR 604.2a: not as a chant; CR 708.4: from the hand {W}{W} and the [Trigger] cost [1] (not payable)
    assert K.PLAY_HAND_BASE + i not in r.legal()
    r.act(K.STANDBY_BASE + i)  # CR 706: [2], face down
    trap = r.zone(Z.STANDBY, tp)[0]
    knight = r.put(1 - tp, "Knight", Z.FIELD)
    r.give_will(tp, F)
    assert K.PLAY_STANDBY_BASE + 0 not in r.legal()  # CR 708.5: not on the turn it was put there
    r.pass_until(lambda x: turn_player(x) != tp and step(x) == St.MAIN and x.decision == D.PRIORITY)
    r.act(K.PASS)  # the turn player passes: the Trap's owner has priority (CR 604.1b: any time)
    assert r.decider == tp and K.PLAY_STANDBY_BASE + 0 not in r.legal()  # no will to pay [1]
    r.give_will(tp, F)
    r.act(K.PLAY_STANDBY_BASE + 0)
    r.act(K.OPTION_BASE + 0)
    assert will(r, tp) == [0] * K.N_WILL and r.rec(S.ZONE, trap) == Z.CHASE
    pass_both(r)
    assert r.rec(S.DAMAGE, knight) == 300 and "Trap" in r.names(Z.GRAVEYARD, tp)  # CR 708.6


def test_cr_1109_2_an_awakened_card_pays_the_extra_cost_and_resolves_with_its_text(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Drake")  # {F} + 2; [Awakening] {F}{F}: +500/+500
    i = r.hand_index(tp, "Drake")
    r.give_will(tp, F, 3)
    assert K.PLAY_HAND_BASE + i in r.legal() and K.AWAKEN_HAND_BASE + i not in r.legal()
    r.give_will(tp, F, 2)
    r.act(K.AWAKEN_HAND_BASE + i)
    assert will(r, tp) == [0] * K.N_WILL
    pass_both(r)
    drake = r.zone(Z.FIELD, tp)[-1]
    assert r.names(Z.FIELD, tp)[-1] == "Drake" and current_values(r.s, r.T, drake)[:2] == (1100, 1100)


def test_cr_1109_2_both_attribute_costs_are_paid_before_the_free_costs(pool):
    """Drake ({F} + 2, [Awakening] {F}{F}) with 4 fire and 1 water will: payable (CR 203.3-203.4:
    three fire for the attribute costs, one fire and one water for the free cost), and paying must
    leave no will negative (the free cost may not take the fire the [Awakening] cost needs)."""
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Drake")
    i = r.hand_index(tp, "Drake")
    r.give_will(tp, F, 4)
    r.give_will(tp, K.Attribute.WATER, 1)
    assert K.AWAKEN_HAND_BASE + i in r.legal()
    r.act(K.AWAKEN_HAND_BASE + i)
    assert will(r, tp) == [0] * K.N_WILL


def test_cr_1109_a_card_played_without_awakening_has_no_awakening_text(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Drake")
    r.give_will(tp, F, 5)
    play(r, tp, "Drake")
    pass_both(r)
    assert current_values(r.s, r.T, r.zone(Z.FIELD, tp)[-1])[:2] == (600, 600)


def test_cr_1110_2_incarnation_banishes_a_resonator_instead_of_paying(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Drake")
    i = r.hand_index(tp, "Drake")
    assert K.INCARNATE_HAND_BASE + i not in r.legal()  # no fire resonator to banish
    r.put(tp, "Flier", Z.FIELD)  # water: does not count
    assert K.INCARNATE_HAND_BASE + i not in r.legal()
    imp = r.put(tp, "Imp", Z.FIELD)
    r.act(K.INCARNATE_HAND_BASE + i)
    assert r.rec(S.ZONE, imp) == Z.GRAVEYARD and will(r, tp) == [0] * K.N_WILL
    pass_both(r)
    assert "Drake" in r.names(Z.FIELD, tp)


def _ability_action(r, p, slot, j=0):
    return K.ACTIVATE_BASE + r.field_index(p, slot) * K.ABILITIES_PER_CARD + j


def test_cr_1112_2a_gods_art_once_per_player_by_name(pool):
    r = main_row(pool)
    tp = turn_player(r)
    first, second = r.put(tp, "Hourglass", Z.FIELD), r.put(tp, "Hourglass", Z.FIELD)
    same_name = r.put(tp, "Sandglass", Z.FIELD)  # another card, a God's Art of the same name
    other_name = r.put(tp, "Astrolabe", Z.FIELD)
    theirs = r.put(1 - tp, "Hourglass", Z.FIELD)
    assert {_ability_action(r, tp, x) for x in (first, second, same_name, other_name)} <= set(r.legal())
    hand = len(r.zone(Z.HAND, tp))
    r.act(_ability_action(r, tp, first))
    # CR 1112.2b: played, not yet resolved, it counts as played: no God's Art of that name again
    assert int(r.s[S.CHASE_N]) == 1
    legal = r.legal()
    assert _ability_action(r, tp, second) not in legal and _ability_action(r, tp, same_name) not in legal
    assert _ability_action(r, tp, other_name) in legal  # CR 1112.2a: a God's Art of another name
    r.act(K.PASS)
    assert r.decider == 1 - tp and _ability_action(r, 1 - tp, theirs) in r.legal()  # "you": per player
    r.act(K.PASS)
    assert len(r.zone(Z.HAND, tp)) == hand + 2 and r.decider == tp
    turn = int(r.s[9])
    to_main(r, turn + 2)  # the same player's next turn: every card recovered (once per game)
    legal = r.legal()
    assert not {_ability_action(r, tp, x) for x in (first, second, same_name)} & set(legal)
    assert _ability_action(r, tp, other_name) in legal


@pytest.mark.parametrize("before", ["nothing", "activate ability", "judgment", "card"])
def test_cr_1124_2_torrent_counts_cards_played_not_abilities_or_judgment(pool, before):
    """CR 1124.2: "[Torrent] (Text)" applies if you played one or more *other cards* this turn. An
    activate ability (CR 707) and a judgment process (CR 705.2d: neither a spell nor an ability)
    are not cards: after only those, [Torrent]'s text is void (1124.2b)."""
    r = main_row(pool)
    tp = turn_player(r)
    r.put(1 - tp, "Imp", Z.FIELD)
    if before == "activate ability":
        archer = r.put(tp, "Archer", Z.FIELD)  # "[Rest]: 300 damage to target J/resonator"
        r.act(K.ACTIVATE_BASE + r.field_index(tp, archer) * K.ABILITIES_PER_CARD)
        r.act(K.OPTION_BASE)
        pass_both(r)
    elif before == "judgment":
        r.give_will(tp, F, 2)
        r.act(K.JUDGMENT)
        pass_both(r)
        assert r.names(Z.FIELD, tp) == ["Flame J-Ruler"]
    elif before == "card":
        to_hand(r, tp, "Imp")
        r.give_will(tp, F)
        play(r, tp, "Imp")
        pass_both(r)
    to_hand(r, tp, "Torrent Bolt")
    r.give_will(tp, F)
    play(r, tp, "Torrent Bolt")
    pass_both(r)
    assert int(r.s[S.LIFE + 1 - tp]) == (3600 if before == "card" else 4000)
