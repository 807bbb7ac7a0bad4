"""More of the 2014 CR: the name rule (5.2.2.1, 7.9.2), Backups enter dull (7.10.4), Formations after
their condition (7.12.1.3), Items (11.4.7, 15.2.12.3), Monsters and Backups have no power (12.4.4)."""

from fftcg14_helpers import D, break_zone, do, field, hand, is_dull, is_legal, legal, pass_until, zone_of

from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014 import state as S

Z = K.Zone


def test_cr2014_5_2_2_1_a_second_card_of_a_name_cannot_be_played(scenario):
    sc = scenario()
    sc.hand(0, ["T-001", "U-007"])  # Fire Grunt; Ember Squire (Common Soldier)
    sc.field(0, ["T-001", "U-007", "T-003", "T-003"])
    g = sc.game()
    assert not is_legal(g, "Play Fire Grunt")  # 7.9.2: you can't even try
    assert is_legal(g, "Play Ember Squire")


def test_cr2014_7_10_4_job_change_puts_the_backup_dull(scenario):
    sc = scenario()
    sc.field(0, ["U-013", "T-003"])  # Kiln Steward: Job Change (2) - 1 CP, Dull
    sc.hand(0, ["T-014"])  # Scholar (2)
    g = sc.game()
    do(g, "Use ability: Kiln Steward", "Pay: dull Fire Squire")
    for _ in range(6):
        if g.decision == D.SELECT_CARD:
            break
        g.step(K.PASS)
    do(g, "Choose Scholar")
    pass_until(g, D.PRIORITY)
    from tcg_env.engine.zones import zone_list

    (scholar,) = [s for s in zone_list(g.state, S.ZONES, int(Z.FIELD), 0)
                  if g.pool.names[int(g.state[S.CARD + s * S.CARD_W])] == "Scholar"]
    assert is_dull(g, scholar) and hand(g, 0) == []


def test_cr2014_7_12_1_3_the_formation_condition_is_only_for_playing_it(scenario):
    sc = scenario()
    sc.hand(1, ["T-009"])  # Fire Bolt breaks player 0's only Forward
    sc.field(1, ["T-003", "T-003"])
    grunt, banner = sc.field(0, ["T-002", "U-004"])  # Ice Grunt; Ember Banner: 1 Forward or more
    g = sc.game()
    do(g, "Pass priority")
    do(g, "Cast Fire Bolt", "Choose opponent's Ice Grunt", "Pay: dull Fire Squire", "Pay: dull Fire Squire")
    do(g, "Pass priority", "Pass priority")
    assert zone_of(g, grunt) == Z.BREAK and field(g, 0) == ["Ember Banner"]
    assert zone_of(g, banner) == Z.FIELD


def test_cr2014_12_4_4_monsters_and_backups_have_no_power_to_lose(scenario):
    sc = scenario()
    hound, squire = sc.field(0, ["U-006", "T-003"])
    g = sc.game()
    g.step(K.PASS)
    assert zone_of(g, hound) == Z.FIELD and zone_of(g, squire) == Z.FIELD


def test_cr2014_11_4_7_an_item_cannot_equip_an_opponents_character(scenario):
    sc = scenario()
    sc.hand(0, ["U-002"])  # Hide Vest (any character)
    sc.field(0, ["T-003"])
    sc.field(1, ["T-002"])
    g = sc.game()
    do(g, "Play Hide Vest")
    assert legal(g) == ["Equip Hide Vest to your Fire Squire"]


def test_cr2014_15_2_12_3_remove_whenever_you_have_priority(scenario):
    sc = scenario(turn_player=1, turn=4)
    grunt, blade, _ = sc.field(0, ["T-001", "U-001", "T-003"])
    sc.equip(blade, grunt)
    g = sc.game()
    do(g, "Pass priority")
    assert g.current_player == 0  # the opponent's turn
    do(g, "Use ability: Bronze Blade", "Pay: dull Fire Squire")
    do(g, "Pass priority", "Pass priority")
    assert hand(g, 0) == ["Bronze Blade"] and field(g, 0) == ["Fire Grunt", "Fire Squire"]


def test_cr2014_12_4_8_the_item_follows_a_broken_character(scenario):
    sc = scenario()
    sc.hand(1, ["T-009"])  # Fire Bolt: 5000 damage
    sc.field(1, ["T-003", "T-003"])
    grunt, blade = sc.field(0, ["T-002", "U-002"])  # Ice Grunt 5000 + Hide Vest (6000)
    sc.equip(blade, grunt)
    sc.set(S.DMG + grunt * S.CARD_W, 1000)
    g = sc.game()
    do(g, "Pass priority")
    do(g, "Cast Fire Bolt", "Choose opponent's Ice Grunt", "Pay: dull Fire Squire", "Pay: dull Fire Squire")
    do(g, "Pass priority", "Pass priority")
    assert zone_of(g, grunt) == Z.BREAK and zone_of(g, blade) == Z.BREAK
    assert sorted(break_zone(g, 0)) == ["Hide Vest", "Ice Grunt"]


def test_cr2014_board_text_names_the_2014_types(scenario):
    sc = scenario()
    sc.hand(0, ["U-001", "U-006", "U-004"])
    g = sc.game()
    text = g.render()
    assert "fire weapon" in text and "fire monster" in text and "fire formation" in text


def test_cr2014_6_5_2_1_each_ex_burst_before_the_next_damage_card(scenario):
    sc = scenario()
    sc.damage(1, 5)
    sc.deck_top(1, ["T-001", "T-010"])  # the 6th card: Ice Burst (EX Burst), then the 7th: Fire Grunt
    sc.hand(0, ["T-030"])  # Crushing Blow: 2 damage to the opponent
    sc.field(0, ["T-025", "T-025"])
    (grunt,) = sc.field(0, ["T-001"])
    g = sc.game()
    do(g, "Cast Crushing Blow", "Pay: dull Earth Squire", "Pay: dull Earth Squire")
    pass_until(g, D.EX_BURST)
    assert int(g.state[S.DAMAGE_N + 1]) == 6 and not g.done  # the 7th card is not flipped yet
    do(g, "Use the EX Burst of Ice Burst", "Choose opponent's Fire Grunt")
    for _ in range(8):
        if g.done:
            break
        g.step(K.PASS if K.PASS in [int(a) for a in g.legal_actions()] else int(g.legal_actions()[0]))
    assert g.done and g.winner == 0 and int(g.state[S.DAMAGE_N + 1]) == 7
    assert int(g.state[S.FROZEN + grunt * S.CARD_W]) == 1


def test_cr2014_12_4_3_more_damage_than_cards_in_the_deck_loses(scenario):
    sc = scenario()
    sc.hand(0, ["T-030"])
    sc.field(0, ["T-025", "T-025"])
    for slot in sc.zone(1, "deck")[1:]:
        sc.move(slot, K.Zone.REMOVED, 1)  # one card left in player 1's deck
    g = sc.game()
    assert int(g.state[S.DECK_N + 1]) == 1
    do(g, "Cast Crushing Blow", "Pay: dull Earth Squire", "Pay: dull Earth Squire")
    for _ in range(8):
        if g.done:
            break
        g.step(K.PASS if K.PASS in [int(a) for a in g.legal_actions()] else int(g.legal_actions()[0]))
    assert g.done and g.winner == 0


def test_cr2014_15_2_4_3_level_up_fails_when_its_forward_broke_in_the_same_battle(scenario):
    sc = scenario()
    (blade,) = sc.field(0, ["U-017"])  # Rising Blade 4000, Level UP
    (big,) = sc.deck_top(0, ["U-018"])
    (squire,) = sc.field(1, ["U-007"])  # Ember Squire 4000 blocks: both break
    g = sc.game()
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, D.DECLARE_ATTACK)
    do(g, "Attack with Rising Blade")
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Block with Ember Squire")
    for _ in range(12):
        if g.decision == D.DECLARE_ATTACK or g.done:
            break
        if g.decision == D.OPTIONAL_EFFECT:
            g.step(K.OPTION_BASE)  # yes: still nothing (its Forward is not on the field)
        else:
            assert g.decision == D.PRIORITY, legal(g)
            g.step(K.PASS)
    assert zone_of(g, blade) == Z.BREAK and zone_of(g, squire) == Z.BREAK
    assert zone_of(g, big) == Z.DECK


def test_cr2014_5_2_2_1_the_name_rule_holds_for_items_and_monsters(scenario):
    sc = scenario()
    sc.hand(0, ["U-001", "U-006"])  # a second Bronze Blade, a second Ash Hound
    a, b, blade, _, _, _ = sc.field(0, ["T-001", "T-013", "U-001", "U-006", "T-003", "T-003"])
    sc.equip(blade, a)
    sc.field(1, ["T-002"])
    g = sc.game()
    assert not is_legal(g, "Play Bronze Blade")  # Unique Knight could wield it, but not a 2nd of its name
    # Ash Hound: its Blue Magic may still be used from the hand; the Monster itself is not played
    do(g, "Discard Ash Hound for its Blue Magic")
    assert g.decision != D.OPTIONAL_EFFECT
    assert break_zone(g, 0) == ["Ash Hound"]


def test_a_snapshot_at_a_2014_question_restores(scenario):
    """The snapshot check plays the row with this variant's rules (FF-TCG's refused a 2014 question:
    "the pending decision CHOOSE_TARGET has no legal action")."""
    import numpy as np

    from tcg_env.game import Game

    sc = scenario()
    sc.hand(0, ["U-001"])
    sc.field(0, ["T-001", "T-003", "T-003"])
    g = sc.game()
    do(g, "Play Bronze Blade")
    h = Game.from_dict(g.to_dict(), pool=g.pool)
    np.testing.assert_array_equal(h.state, g.state)
    do(h, "Equip Bronze Blade to your Fire Grunt", "Pay: dull Fire Squire", "Pay: dull Fire Squire")
    assert field(h, 0)[-1] == "Bronze Blade"
