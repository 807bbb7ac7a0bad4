"""2014 CR 15.2: the keyword abilities (Brave, Haste, Pre-emptive Strike, Level UP, Link, Assist,
War God, Overdrive, Awakening, Blue Magic, Job Change, Flash, Junction, Freeze, Combination)."""

from fftcg14_helpers import (D, Ask, ask, break_zone, do, field, hand, is_dull, is_legal, legal, names, pass_until,
                             power, zone_of)

from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014 import state as S

Z = K.Zone


def to_declaration(g):
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, D.DECLARE_ATTACK)


def dmg(g, slot):
    return int(g.state[S.DMG + slot * S.CARD_W])


def dull_count(g, player, name):
    from tcg_env.engine.zones import zone_list

    return sum(1 for s in zone_list(g.state, S.ZONES, int(Z.FIELD), player)
               if g.pool.names[int(g.state[S.CARD + s * S.CARD_W])] == name and is_dull(g, s))


def resolve(g, limit=6):
    """Both players pass until the stack is empty (the answers asked on the way are the first legal)."""
    for _ in range(limit):
        if int(g.state[S.STACK_N]) == 0 and g.decision == D.PRIORITY:
            return
        g.step(K.PASS if g.decision == D.PRIORITY else int(g.legal_actions()[0]))
    raise AssertionError(f"the stack did not empty: {g.decision.name} {legal(g)}")


# ---- 15.2.1 Brave, 15.2.2 Haste, 15.2.3 Pre-emptive Strike ----------------------------------------
def test_cr2014_15_2_1_2_a_brave_forward_does_not_dull_to_attack(scenario):
    sc = scenario()
    bold, grunt = sc.field(0, ["T-006", "T-001"])
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Bold Blade")
    if g.decision == D.ADD_TO_PARTY:
        do(g, "Attack with the Forwards declared")
    assert not is_dull(g, bold)


def test_cr2014_15_2_2_2_haste_attacks_the_turn_it_arrives(scenario):
    sc = scenario()
    sc.field(0, ["T-005", "T-001"], entered_this_turn=True)  # Swift Blade (Haste), Fire Grunt
    g = sc.game()
    to_declaration(g)
    assert is_legal(g, "Attack with Swift Blade")
    assert not is_legal(g, "Attack with Fire Grunt")


def test_cr2014_15_2_3_2_pre_emptive_strike_deals_its_damage_first(scenario):
    sc = scenario()
    (lance,) = sc.field(0, ["T-007"])  # Quick Lance 6000, Pre-emptive Strike
    (ice,) = sc.field(1, ["T-002"])  # Ice Grunt 5000
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Quick Lance")
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Block with Ice Grunt")
    pass_until(g, D.DECLARE_ATTACK)
    assert zone_of(g, ice) == Z.BREAK
    assert zone_of(g, lance) == Z.FIELD and dmg(g, lance) == 0  # the blocker was broken before dealing any


def test_cr2014_15_2_3_2_without_it_damage_is_simultaneous(scenario):
    sc = scenario()
    (grunt,) = sc.field(0, ["T-001"])  # Fire Grunt 5000
    (ice,) = sc.field(1, ["T-002"])
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Fire Grunt")
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Block with Ice Grunt")
    pass_until(g, D.DECLARE_ATTACK)
    assert zone_of(g, ice) == Z.BREAK and zone_of(g, grunt) == Z.BREAK


def test_cr2014_15_2_3_3_a_party_with_a_member_without_it_does_not_strike_first(scenario):
    sc = scenario()
    lance, grunt = sc.field(0, ["T-007", "T-001"])  # both fire: a Party
    (ice,) = sc.field(1, ["T-002"])
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Quick Lance", "Add Fire Grunt to the party")
    if g.decision == D.ADD_TO_PARTY:
        do(g, "Attack with the Forwards declared")
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Block with Ice Grunt")
    for _ in range(20):
        if g.decision == D.DECLARE_ATTACK:
            break
        g.step(K.PASS if K.PASS in [int(a) for a in g.legal_actions()] else int(g.legal_actions()[0]))
    assert zone_of(g, ice) == Z.BREAK
    # the blocker dealt its 5000 too: to Fire Grunt (broken) or to Quick Lance (5000 damage)
    assert zone_of(g, grunt) == Z.BREAK or dmg(g, lance) == 5000


# ---- 15.2.4 Level UP ------------------------------------------------------------------------------
def level_up_game(scenario, blocker=None):
    sc = scenario()
    (blade,) = sc.field(0, ["U-017"])  # Rising Blade (2, 4000, Level UP)
    (big,) = sc.deck_top(0, ["U-018"])  # the other Rising Blade (4, 9000), somewhere in the deck
    sc.deck_top(0, ["T-001", "U-025", "T-002"])  # and a Backup named Rising Blade: not a Forward
    blk = sc.field(1, [blocker]) if blocker else []
    return sc, blade, big, blk


def test_cr2014_15_2_4_2_level_up_on_damage_to_a_player(scenario):
    sc, blade, big, _ = level_up_game(scenario)
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Rising Blade")
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Don't block")
    for _ in range(10):
        if g.decision in (D.OPTIONAL_EFFECT, D.SELECT_CARD):
            break
        g.step(K.PASS)
    if g.decision == D.OPTIONAL_EFFECT:  # "you may"
        g.step(K.OPTION_BASE)
    assert g.decision == D.SELECT_CARD and g.current_player == 0
    assert sorted(a.split(" for ")[0] for a in legal(g)) == ["Choose Rising Blade", "Choose no card"]
    do(g, "Choose Rising Blade")
    assert zone_of(g, blade) == Z.BREAK and zone_of(g, big) == Z.FIELD
    assert is_dull(g, big) and power(g, big) == 9000
    assert int(g.state[S.DAMAGE_N + 1]) == 1


def test_cr2014_15_2_4_2_level_up_on_breaking_a_forward(scenario):
    sc, blade, big, (linker,) = level_up_game(scenario, "U-016")  # Gale Linker 3000 blocks
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Rising Blade")
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Block with Gale Linker")
    for _ in range(10):
        if g.decision in (D.OPTIONAL_EFFECT, D.SELECT_CARD):
            break
        g.step(K.PASS)
    assert zone_of(g, linker) == Z.BREAK
    if g.decision == D.OPTIONAL_EFFECT:
        g.step(K.OPTION_BASE)
    do(g, "Choose Rising Blade")
    assert zone_of(g, blade) == Z.BREAK and zone_of(g, big) == Z.FIELD and is_dull(g, big)


def test_cr2014_15_2_4_2_level_up_is_optional(scenario):
    sc, blade, big, _ = level_up_game(scenario)
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Rising Blade")
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Don't block")
    for _ in range(10):
        if g.decision in (D.OPTIONAL_EFFECT, D.SELECT_CARD, D.DECLARE_ATTACK):
            break
        g.step(K.PASS)
    assert g.decision == D.OPTIONAL_EFFECT and g.current_player == 0
    g.step(K.PASS)  # no
    pass_until(g, D.DECLARE_ATTACK)
    assert zone_of(g, blade) == Z.FIELD and zone_of(g, big) == Z.DECK


def test_cr2014_15_2_4_3_level_up_does_nothing_if_the_forward_left_the_field(scenario):
    sc, blade, big, _ = level_up_game(scenario)
    sc.hand(1, ["T-027"])  # Recall: return a character to its owner's hand
    sc.field(1, ["T-025"])  # Earth Squire pays
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Rising Blade")
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Don't block")
    for _ in range(10):  # to player 1's priority with Level UP on the stack
        if g.decision == D.PRIORITY and g.current_player == 1 and int(g.state[S.STACK_N]) == 1:
            break
        g.step(K.PASS if g.decision == D.PRIORITY else int(g.legal_actions()[0]))
    assert int(g.state[S.STACK_N]) == 1
    do(g, "Cast Recall", "Choose opponent's Rising Blade", "Pay: dull Earth Squire")
    for _ in range(10):
        if int(g.state[S.STACK_N]) == 0 and g.decision != D.SELECT_CARD:
            break
        if g.decision == D.OPTIONAL_EFFECT:
            g.step(K.OPTION_BASE)  # says yes: still nothing happens
        else:
            assert g.decision == D.PRIORITY, legal(g)
            g.step(K.PASS)
    assert zone_of(g, blade) == Z.HAND and zone_of(g, big) == Z.DECK
    assert "Rising Blade" not in field(g, 0)


# ---- 15.2.5 Link -----------------------------------------------------------------------------------
def test_cr2014_15_2_5_2_link_puts_a_forward_of_its_elements_and_cost_and_links_chain(scenario):
    sc = scenario()
    sc.hand(0, ["U-011", "U-016", "T-022", "T-002", "T-005"])  # Cinder Vanguard; Gale Linker, Wind Grunt,
    sc.field(0, ["T-003"] * 3)  # Ice Grunt (ice), Swift Blade (fire, cost 3)
    g = sc.game()
    do(g, "Play Cinder Vanguard", "Pay: dull Fire Squire", "Pay: dull Fire Squire", "Pay: dull Fire Squire")
    for _ in range(6):
        if g.decision == D.SELECT_CARD:
            break
        g.step(K.PASS)
    assert g.decision == D.SELECT_CARD and g.current_player == 0
    offered = sorted(a.split(" for ")[0] for a in legal(g))
    assert offered == ["Choose Gale Linker", "Choose Wind Grunt", "Choose no card"]  # wind/fire, cost <= 2
    do(g, "Choose Gale Linker")
    for _ in range(6):  # 15.2.5.3: Gale Linker's own Link triggers
        if g.decision == D.SELECT_CARD:
            break
        g.step(K.PASS)
    assert g.decision == D.SELECT_CARD
    do(g, "Choose Wind Grunt")
    resolve(g)
    assert field(g, 0) == ["Fire Squire"] * 3 + ["Cinder Vanguard", "Gale Linker", "Wind Grunt"]
    assert sorted(hand(g, 0)) == ["Ice Grunt", "Swift Blade"]


def test_cr2014_15_2_5_4_link_puts_up_to_one(scenario):
    sc = scenario()
    sc.hand(0, ["U-011", "T-022"])
    sc.field(0, ["T-003"] * 3)
    g = sc.game()
    do(g, "Play Cinder Vanguard", "Pay: dull Fire Squire", "Pay: dull Fire Squire", "Pay: dull Fire Squire")
    for _ in range(6):
        if g.decision == D.SELECT_CARD:
            break
        g.step(K.PASS)
    do(g, "Choose no card")
    resolve(g)
    assert hand(g, 0) == ["Wind Grunt"] and field(g, 0)[-1] == "Cinder Vanguard"


# ---- 15.2.6 Assist ---------------------------------------------------------------------------------
def assist_game(scenario, recall=False):
    sc = scenario()
    sc.hand(0, ["U-009"])  # Hearth Aide (2): Assist - draw 2
    sc.field(0, ["T-003", "T-003"])
    if recall:
        sc.hand(1, ["T-027"])
        sc.field(1, ["T-025"])
    g = sc.game()
    do(g, "Play Hearth Aide", "Pay: dull Fire Squire", "Pay: dull Fire Squire")
    return g


def test_cr2014_15_2_6_2_assist_puts_the_backup_into_the_break_zone_then_resolves(scenario):
    g = assist_game(scenario)
    assert g.decision == D.OPTIONAL_EFFECT and ask(g) == Ask.ASSIST and g.current_player == 0
    do(g, "Use the Assist of Hearth Aide")
    assert int(g.state[S.STACK_N]) == 1
    resolve(g)
    assert break_zone(g, 0) == ["Hearth Aide"] and len(hand(g, 0)) == 2


def test_cr2014_15_2_6_4_declined_assist_never_goes_on_the_stack(scenario):
    g = assist_game(scenario)
    do(g, "Don't use the Assist of Hearth Aide")
    assert g.decision == D.PRIORITY and int(g.state[S.STACK_N]) == 0
    assert field(g, 0)[-1] == "Hearth Aide" and hand(g, 0) == []


def test_cr2014_15_2_6_5_assist_does_nothing_if_the_backup_left_the_field(scenario):
    g = assist_game(scenario, recall=True)
    do(g, "Use the Assist of Hearth Aide")
    do(g, "Pass priority")
    assert g.current_player == 1
    do(g, "Cast Recall", "Choose opponent's Hearth Aide", "Pay: dull Earth Squire")
    resolve(g)
    assert hand(g, 0) == ["Hearth Aide"]  # returned, and no card drawn
    assert break_zone(g, 0) == []


# ---- 15.2.7 War God --------------------------------------------------------------------------------
def test_cr2014_15_2_7_3_war_god_breaks_a_character_of_the_job_and_takes_its_cost_off(scenario):
    sc = scenario()
    sc.hand(0, ["U-010"])  # Pyre Titan (6), War God (Squire): break a Forward opponent controls
    (squire,) = sc.field(0, ["U-007"])  # Ember Squire, job Squire, cost 2
    sc.field(0, ["T-003"] * 4)
    (ice,) = sc.field(1, ["T-002"])
    g = sc.game()
    do(g, "Cast Pyre Titan")
    assert g.decision == D.CHOOSE_TARGET and ask(g) == Ask.WAR_GOD
    assert not is_legal(g, "Cast Pyre Titan without War God")  # 6 CP cannot be paid without it
    do(g, "War God: put your Ember Squire into the Break Zone for Pyre Titan")
    assert zone_of(g, squire) == Z.BREAK
    do(g, "Choose opponent's Ice Grunt")
    for _ in range(4):
        do(g, "Pay: dull Fire Squire")
    assert g.decision == D.PRIORITY  # 6 - 2 = 4 CP paid
    resolve(g)
    assert zone_of(g, ice) == Z.BREAK and sorted(break_zone(g, 0)) == ["Ember Squire", "Pyre Titan"]


def test_cr2014_15_2_7_3_a_war_god_character_pays_no_cp(scenario):
    """War God's character goes to the Break Zone before the cost is paid (15.2.7.3): a Backup it
    takes cannot also be dulled for CP. Pyre Titan (6) with three Backups: War God on Squire
    Steward (3) leaves 3 CP to pay from the two other Backups, and without War God 6 CP: neither can
    be paid, so the Summon cannot even be attempted (11.2.12; random play once reached a War God
    question with no legal answer here)."""
    sc = scenario()
    sc.hand(0, ["U-010"])  # Pyre Titan (6), War God (Squire)
    sc.field(0, ["U-027", "T-003", "T-003"])  # Squire Steward (Backup, Squire, 3), two Fire Squires
    sc.field(1, ["T-002"])
    g = sc.game()
    assert not any(a.startswith("Cast Pyre Titan") for a in legal(g))


def test_cr2014_15_2_7_4_war_god_cannot_reduce_the_cost_below_1(scenario):
    sc = scenario()
    sc.hand(0, ["U-024"])  # Little Titan (2), War God (Squire)
    sc.field(0, ["U-007", "T-003", "T-003"])
    (ice,) = sc.field(1, ["T-002"])
    g = sc.game()
    do(g, "Cast Little Titan")
    assert is_legal(g, "Cast Little Titan without War God")  # 15.2.7.2: may
    do(g, "War God: put your Ember Squire into the Break Zone for Little Titan", "Choose opponent's Ice Grunt")
    assert g.decision == D.PAY_CP
    do(g, "Pay: dull Fire Squire")
    assert g.decision == D.PRIORITY and dull_count(g, 0, "Fire Squire") == 1  # 2 - 2 -> 1 CP
    resolve(g)
    assert dmg(g, ice) == 1000


def test_cr2014_15_2_7_3_only_the_job_in_war_gods_parentheses(scenario):
    sc = scenario()
    sc.hand(0, ["U-024"])
    sc.field(0, ["U-008", "T-003", "T-003"])  # Ember Squire, job Knight
    sc.field(1, ["T-002"])
    g = sc.game()
    do(g, "Cast Little Titan")
    assert g.decision != D.CHOOSE_TARGET or ask(g) != Ask.WAR_GOD


# ---- 15.2.9 Overdrive ------------------------------------------------------------------------------
def overdrive_game(scenario):
    sc = scenario()
    sc.hand(0, ["U-008", "T-001", "T-013"])  # Ember Squire (4, Overdrive 2: draw 1); two fire discards
    sc.field(0, ["T-003", "T-003"])
    return sc.game()


def test_cr2014_15_2_9_4_overdrive_is_paid_with_the_cost_and_gives_the_auto_ability(scenario):
    g = overdrive_game(scenario)
    do(g, "Play Ember Squire")
    assert g.decision == D.OPTIONAL_EFFECT and ask(g) == Ask.OVERDRIVE
    do(g, "Pay the Overdrive of Ember Squire")
    do(g, "Pay: discard Fire Grunt", "Pay: discard Unique Knight", "Pay: dull Fire Squire")
    assert g.decision == D.PAY_CP  # 6 CP in all: one more
    do(g, "Pay: dull Fire Squire")
    resolve(g)
    assert field(g, 0)[-1] == "Ember Squire" and len(hand(g, 0)) == 1  # drew 1


def test_cr2014_15_2_9_3_without_the_overdrive_no_auto_ability(scenario):
    g = overdrive_game(scenario)
    do(g, "Play Ember Squire", "Play Ember Squire without its Overdrive")
    do(g, "Pay: discard Fire Grunt", "Pay: discard Unique Knight")
    assert g.decision == D.PRIORITY and int(g.state[S.STACK_N]) == 0
    assert field(g, 0)[-1] == "Ember Squire" and hand(g, 0) == []


def test_cr2014_15_2_9_2_overdrive_not_asked_when_it_cannot_be_paid(scenario):
    sc = scenario()
    sc.hand(0, ["U-008"])
    sc.field(0, ["T-003"] * 5)  # 5 CP: 4 for the card, not 6
    g = sc.game()
    do(g, "Play Ember Squire")
    assert g.decision == D.PAY_CP


# ---- 15.2.10 Awakening -----------------------------------------------------------------------------
def test_cr2014_15_2_10_2_awakening_puts_a_same_name_card_and_then_12_4_6_applies(scenario):
    """The lead's reading (design note): the card is put onto the field, then the same-name rule
    process (12.4.6 / 7.9.2 "both Forwards are put in the Break Zone") takes both."""
    sc = scenario()
    wyrm, _ = sc.field(0, ["U-019", "T-025"])  # Sleeping Wyrm (Awakening - 1 CP), Earth Squire
    (big,) = sc.deck_top(0, ["U-020"])
    g = sc.game()
    do(g, "Use ability: Sleeping Wyrm", "Pay: dull Earth Squire")
    for _ in range(6):
        if g.decision == D.SELECT_CARD:
            break
        g.step(K.PASS)
    do(g, "Choose Sleeping Wyrm")
    pass_until(g, D.PRIORITY)
    assert zone_of(g, big) != Z.DECK  # it was put onto the field, then same names: both go
    assert zone_of(g, wyrm) == Z.BREAK and zone_of(g, big) == Z.BREAK


def test_cr2014_15_2_10_2_awakening_common_soldiers_stay(scenario):
    sc = scenario()
    sentry, _ = sc.field(0, ["U-021", "T-025"])  # Stone Sentry (Common Soldier), Earth Squire
    (big,) = sc.deck_top(0, ["U-022"])
    g = sc.game()
    do(g, "Use ability: Stone Sentry", "Pay: dull Earth Squire")
    for _ in range(6):
        if g.decision == D.SELECT_CARD:
            break
        g.step(K.PASS)
    do(g, "Choose Stone Sentry")
    pass_until(g, D.PRIORITY)
    assert zone_of(g, sentry) == Z.FIELD and zone_of(g, big) == Z.FIELD and power(g, big) == 8000


def test_cr2014_15_2_10_3_awakening_only_during_your_turn(scenario):
    sc = scenario()
    sc.field(1, ["U-021", "T-025"])
    sc.deck_top(1, ["U-022"])
    g = sc.game()
    do(g, "Pass priority")
    assert g.current_player == 1
    assert not any(a.startswith("Use ability: Stone Sentry") for a in legal(g))


# ---- 15.2.11 Blue Magic, 15.2.14 Flash ---------------------------------------------------------------
def test_cr2014_15_2_11_2_blue_magic_from_the_hand_in_the_opponents_turn(scenario):
    sc = scenario()
    sc.hand(1, ["U-006"])  # Ash Hound: Blue Magic - 1 CP: 3000 damage
    sc.field(1, ["T-003"])
    (brute,) = sc.field(0, ["T-008"])  # Big Brute 9000
    g = sc.game()
    do(g, "Pass priority")
    assert g.current_player == 1
    do(g, "Discard Ash Hound for its Blue Magic")  # the hand card: its Blue Magic (it cannot be played now)
    do(g, "Choose opponent's Big Brute", "Pay: dull Fire Squire")
    assert break_zone(g, 1) == ["Ash Hound"] and hand(g, 1) == []  # discarded as part of the cost
    resolve(g)
    assert dmg(g, brute) == 3000


def test_cr2014_15_2_11_3_blue_magic_or_play_the_monster_in_your_main_phase(scenario):
    sc = scenario()
    sc.hand(0, ["U-006"])
    sc.field(0, ["T-003", "T-003"])
    (brute,) = sc.field(1, ["T-008"])
    g = sc.game()
    do(g, "Play Ash Hound")
    assert g.decision == D.OPTIONAL_EFFECT and ask(g) == Ask.HAND_ABILITY
    do(g, "Discard Ash Hound for its Blue Magic instead of playing it", "Choose opponent's Big Brute",
       "Pay: dull Fire Squire")
    resolve(g)
    assert dmg(g, brute) == 3000 and break_zone(g, 0) == ["Ash Hound"] and "Ash Hound" not in field(g, 0)


def test_cr2014_15_2_14_4_flash_in_the_opponents_attack(scenario):
    sc = scenario()
    (grunt,) = sc.field(0, ["T-001"])  # Fire Grunt 5000 attacks
    (ice,) = sc.field(1, ["T-002", "T-003"])[:1]  # Ice Grunt 5000 blocks; a Fire Squire pays
    sc.hand(1, ["U-011"])  # Cinder Vanguard: Flash - 1 CP: a Forward you control +3000
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Fire Grunt")
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Block with Ice Grunt")
    for _ in range(6):
        if g.decision == D.PRIORITY and g.current_player == 1:
            break
        g.step(K.PASS)
    do(g, "Discard Cinder Vanguard for its Flash", "Choose your Ice Grunt", "Pay: dull Fire Squire")
    assert break_zone(g, 1) == ["Cinder Vanguard"]
    resolve(g)
    assert power(g, ice) == 8000
    pass_until(g, D.DECLARE_ATTACK)
    assert zone_of(g, grunt) == Z.BREAK and zone_of(g, ice) == Z.FIELD


# ---- 15.2.13 Job Change ----------------------------------------------------------------------------
def test_cr2014_15_2_13_2_job_change_puts_a_backup_of_cost_n_or_less_from_the_hand(scenario):
    sc = scenario()
    steward, _ = sc.field(0, ["U-013", "T-003"])  # Kiln Steward: Job Change (2) - 1 CP, Dull
    sc.hand(0, ["T-014", "U-014"])  # Scholar (2, ice), Tall Steward (3)
    g = sc.game()
    do(g, "Use ability: Kiln Steward", "Pay: dull Fire Squire")
    assert is_dull(g, steward)
    for _ in range(6):
        if g.decision == D.SELECT_CARD:
            break
        g.step(K.PASS)
    offered = sorted(a.split(" for ")[0] for a in legal(g))
    assert "Choose Scholar" in offered and "Choose Tall Steward" not in offered
    do(g, "Choose Scholar")
    resolve(g)
    assert "Scholar" in field(g, 0) and hand(g, 0) == ["Tall Steward"]


def test_cr2014_15_2_13_2_job_change_only_during_your_turn(scenario):
    sc = scenario()
    sc.field(1, ["U-013", "T-003"])
    sc.hand(1, ["T-003"])
    g = sc.game()
    do(g, "Pass priority")
    assert g.current_player == 1
    assert not any(a.startswith("Use ability: Kiln Steward") for a in legal(g))


# ---- 15.2.15 Junction ------------------------------------------------------------------------------
def test_cr2014_15_2_15_2_junction_removes_a_summon_and_junctions(scenario):
    sc = scenario()
    sc.hand(0, ["T-009"])  # Fire Bolt (a Summon)
    paladin, _ = sc.field(0, ["U-012", "T-003"])  # Ember Paladin 6000: Junction - 1 CP; +3000 while Junctioned
    g = sc.game()
    do(g, "Use ability: Ember Paladin")
    assert g.decision == D.DISCARD and ask(g) == Ask.JUNCTION
    do(g, "Junction: remove Fire Bolt from the game", "Pay: dull Fire Squire")
    resolve(g)
    assert names(g, 0, Z.REMOVED) == ["Fire Bolt"] and hand(g, 0) == []
    assert power(g, paladin) == 9000


def test_cr2014_15_2_15_2_no_junction_without_a_summon_in_hand(scenario):
    sc = scenario()
    sc.hand(0, ["T-001"])
    sc.field(0, ["U-012", "T-003"])
    g = sc.game()
    assert not any(a.startswith("Use ability: Ember Paladin") for a in legal(g))


def test_cr2014_15_2_15_4_a_junctioned_character_pays_but_removes_nothing(scenario):
    sc = scenario()
    sc.hand(0, ["T-009", "T-021"])  # two Summons
    paladin, _, _ = sc.field(0, ["U-012", "T-003", "T-003"])
    g = sc.game()
    do(g, "Use ability: Ember Paladin", "Junction: remove Fire Bolt from the game", "Pay: dull Fire Squire")
    resolve(g)
    do(g, "Use ability: Ember Paladin")
    assert g.decision == D.PAY_CP  # no Summon asked for
    do(g, "Pay: dull Fire Squire")
    resolve(g)
    assert hand(g, 0) == ["Weaken"] and names(g, 0, Z.REMOVED) == ["Fire Bolt"]
    assert power(g, paladin) == 9000


# ---- 15.2.16 Freeze --------------------------------------------------------------------------------
def test_cr2014_15_2_16_2_a_frozen_character_does_not_activate(scenario):
    sc = scenario(turn_player=1, turn=2)
    frozen, plain = sc.field(0, ["T-001", "T-002"], dull=True)
    sc.set(S.FROZEN + frozen * S.CARD_W, 1)
    g = sc.game()
    for _ in range(100):
        if g.turn == 3 and g.decision == D.PRIORITY:
            break
        g.step(K.PASS if K.PASS in [int(a) for a in g.legal_actions()] else int(g.legal_actions()[0]))
    assert g.turn == 3 and g.current_player == 0
    assert is_dull(g, frozen) and not is_dull(g, plain)


# ---- 15.2.17 Combination ---------------------------------------------------------------------------
def test_cr2014_15_2_17_3_combination_removes_named_cards_and_reduces_the_cost(scenario):
    sc = scenario()
    sc.hand(0, ["U-011"])  # Cinder Vanguard (3): Combination - Ash Hound / Hearth Aide (1)
    sc.field(0, ["T-003"] * 3)
    sc.break_zone(0, ["U-006", "U-009", "T-001"])
    g = sc.game()
    do(g, "Play Cinder Vanguard")
    assert ask(g) == Ask.COMBINATION
    do(g, "Combination: remove Ash Hound from your Break Zone for Cinder Vanguard")
    assert ask(g) == Ask.COMBINATION
    do(g, "Combination: remove Hearth Aide from your Break Zone for Cinder Vanguard")
    if g.decision == D.OPTIONAL_EFFECT:
        do(g, "Play Cinder Vanguard")  # not its Flash
    do(g, "Pay: dull Fire Squire")
    assert g.decision != D.PAY_CP and dull_count(g, 0, "Fire Squire") == 1  # 3 - 1 - 1
    assert sorted(names(g, 0, Z.REMOVED)) == ["Ash Hound", "Hearth Aide"] and break_zone(g, 0) == ["Fire Grunt"]
    assert "Cinder Vanguard" in field(g, 0)


def test_cr2014_15_2_17_2_combination_is_optional(scenario):
    sc = scenario()
    sc.hand(0, ["U-011"])
    sc.field(0, ["T-003"] * 3)
    sc.break_zone(0, ["U-006"])
    g = sc.game()
    do(g, "Play Cinder Vanguard", "Keep Ash Hound in your Break Zone")
    if g.decision == D.OPTIONAL_EFFECT:
        do(g, "Play Cinder Vanguard")
    do(g, "Pay: dull Fire Squire", "Pay: dull Fire Squire", "Pay: dull Fire Squire")
    assert "Cinder Vanguard" in field(g, 0) and break_zone(g, 0) == ["Ash Hound"]
