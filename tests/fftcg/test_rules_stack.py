"""CR 11 (priority, the stack, Summons, abilities, EX Burst) and CR 12 rule processes."""

from fftcg_helpers import do, is_legal, pass_until, revealed_in_observation

from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S

D = K.Decision


def test_cr_11_1_7_the_top_of_the_stack_resolves_after_both_players_pass(scenario):
    sc = scenario()
    sc.hand(0, ["T-009", "T-001"])  # Fire Bolt paid by discarding Fire Grunt
    (target,) = sc.field(1, ["T-002"])
    g = sc.game()
    do(g, "Cast Fire Bolt", "Choose opponent's Ice Grunt", "Pay: discard Fire Grunt")
    assert g.decision == D.PRIORITY and g.current_player == 0  # CR 11.3.8: the caster again
    assert int(g.state[S.STACK_N]) == 1
    g.step(K.PASS)
    assert g.current_player == 1 and int(g.state[S.ZONE + target * S.CARD_W]) == K.Zone.FIELD
    g.step(K.PASS)
    assert int(g.state[S.STACK_N]) == 0
    assert int(g.state[S.ZONE + target * S.CARD_W]) == K.Zone.BREAK  # 5000 damage >= 5000 power
    assert g.current_player == 0  # CR 11.1.5: the turn player gets priority after resolution


def test_cr_11_11_10_a_resolved_summon_goes_to_its_owners_break_zone(scenario):
    sc = scenario()
    (bolt,) = sc.hand(0, ["T-009"])
    sc.hand(0, ["T-001"])
    sc.field(1, ["T-002"])
    g = sc.game()
    do(g, "Cast Fire Bolt", "Choose opponent's Ice Grunt", "Pay: discard Fire Grunt")
    assert int(g.state[S.ZONE + bolt * S.CARD_W]) == K.Zone.STACK
    g.step(K.PASS)
    g.step(K.PASS)
    assert int(g.state[S.ZONE + bolt * S.CARD_W]) == K.Zone.BREAK


def test_cr_11_3_3_a_summon_that_chooses_needs_a_legal_target(scenario):
    sc = scenario()
    sc.hand(0, ["T-009", "T-001"])  # no opposing Forward
    g = sc.game()
    assert not is_legal(g, "Cast Fire Bolt")


def test_cr_11_11_2_a_summon_whose_targets_are_all_gone_is_cancelled(scenario):
    sc = scenario()
    sc.hand(0, ["T-009", "T-001"])
    sc.hand(1, ["T-021", "T-020"])  # Weaken in response, paid with Ex Knight
    (target,) = sc.field(1, ["T-002"])
    g = sc.game()
    do(g, "Cast Fire Bolt", "Choose opponent's Ice Grunt", "Pay: discard Fire Grunt")
    g.step(K.PASS)  # player 1 gets priority with Fire Bolt on the stack and responds
    do(g, "Cast Weaken", "Choose your Ice Grunt", "Pay: discard Ex Knight")
    g.step(K.PASS)
    g.step(K.PASS)  # Weaken resolves: Ice Grunt at -1000 -> Break Zone (CR 12.4.4)
    assert int(g.state[S.ZONE + target * S.CARD_W]) == K.Zone.BREAK
    damage_before = int(g.state[S.DAMAGE_N + 1])
    g.step(K.PASS)
    g.step(K.PASS)  # Fire Bolt resolves with no valid target: cancelled, to the Break Zone
    assert int(g.state[S.STACK_N]) == 0
    assert int(g.state[S.DAMAGE_N + 1]) == damage_before


def test_cr_11_8_auto_ability_on_entering_the_field(scenario):
    sc = scenario()
    sc.hand(0, ["T-015", "T-022"])  # Herald: "when it enters, draw 1"
    g = sc.game()
    hand_before = 2
    do(g, "Play Herald", "Pay: discard Wind Grunt")
    assert int(g.state[S.STACK_N]) == 1  # the auto-ability is on the stack
    g.step(K.PASS)
    g.step(K.PASS)
    assert int(g.state[S.HAND_N]) == hand_before - 2 + 1


def test_cr_11_8_14_you_may_is_asked_on_resolution(scenario):
    sc = scenario()
    sc.field(0, ["T-016"])  # Watcher: when a Forward enters your field, you may draw 1
    sc.hand(0, ["T-022", "T-002", "T-001"])
    g = sc.game()
    # the Wind CP must come from the Watcher (discarding Ice Grunt first would leave none)
    do(g, "Play Wind Grunt", "Pay: dull Watcher", "Pay: discard Ice Grunt")
    g.step(K.PASS)
    g.step(K.PASS)
    assert g.decision == D.OPTIONAL_EFFECT
    hand = int(g.state[S.HAND_N])
    do(g, "Decline the optional effect")
    assert int(g.state[S.HAND_N]) == hand


def test_cr_11_8_7_the_controller_orders_simultaneous_auto_abilities(scenario):
    sc = scenario()
    sc.field(0, ["T-016"])  # Watcher triggers on a Forward entering
    sc.hand(0, ["T-015", "T-022"])  # Herald triggers itself too
    g = sc.game()
    do(g, "Play Herald", "Pay: discard Wind Grunt")
    assert g.decision == D.ORDER_TRIGGERS and g.current_player == 0
    assert len(g.legal_actions()) == 2
    g.step(int(g.legal_actions()[0]))
    assert int(g.state[S.STACK_N]) == 2


def test_cr_11_7_1_a_special_ability_discards_a_card_of_the_same_name(scenario):
    sc = scenario()
    sc.field(0, ["T-013"])  # Unique Knight on the field
    sc.field(0, ["T-003"])
    sc.field(1, ["T-002"])
    sc.hand(0, ["T-001"])
    g = sc.game()
    assert not is_legal(g, "Use ability")  # no same-name card in hand
    sc.hand(0, ["T-013"])
    g = sc.game()
    do(g, "Use ability")
    # targets first (CR 11.7.5), then the same-name discard and the CP
    do(g, "Choose opponent's Ice Grunt")
    assert g.decision == D.PAY_DISCARD
    do(g, "Pay: discard Unique Knight", "Pay: dull Fire Squire")
    assert int(g.state[S.STACK_N]) == 1


def test_cr_11_6_2_3_dull_abilities_need_control_since_the_turn_began(scenario):
    sc = scenario()
    sc.field(0, ["T-014"], entered_this_turn=True)
    g = sc.game()
    assert not is_legal(g, "Use ability")
    sc = scenario()
    (scholar,) = sc.field(0, ["T-014"])
    g = sc.game()
    do(g, "Use ability")
    assert int(g.state[S.DULL + scholar * S.CARD_W]) == 1


def test_cr_6_5_2_1_ex_burst_is_optional_and_resolves_during_damage(scenario):
    sc = scenario()
    sc.field(0, ["T-001"])  # attacker
    (victim,) = sc.field(1, ["T-022"])
    sc.deck_top(1, ["T-020"])  # Ex Knight on top of player 1's deck
    g = sc.game()
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, D.DECLARE_ATTACK)
    do(g, "Attack with Fire Grunt")
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Don't block")
    pass_until(g, D.EX_BURST)
    assert g.current_player == 1
    do(g, "Use the EX Burst")
    do(g, "Choose opponent's Fire Grunt")  # 4000 damage to the 5000 attacker
    attacker = int(g.state[S.FIELD_L])
    assert int(g.state[S.DMG + attacker * S.CARD_W]) == 4000
    assert int(g.state[S.ZONE + victim * S.CARD_W]) == K.Zone.FIELD


def test_cr_12_4_4_a_forward_with_zero_power_goes_to_the_break_zone(scenario):
    sc = scenario()
    sc.hand(0, ["T-021", "T-020"])
    (grunt,) = sc.field(1, ["T-022"])
    g = sc.game()
    do(g, "Cast Weaken", "Choose opponent's Wind Grunt", "Pay: discard Ex Knight")
    g.step(K.PASS)
    g.step(K.PASS)
    assert int(g.state[S.ZONE + grunt * S.CARD_W]) == K.Zone.BREAK


def test_cr_11_9_1_field_ability_power_aura_applies_while_on_the_field(scenario):
    sc = scenario()
    (grunt,) = sc.field(0, ["T-001"])
    sc.field(0, ["T-018"])  # Commander: your Forwards +1000
    g = sc.game()
    assert int(g.state[S.D_POWER + grunt * S.CARD_W]) == 6000


def test_cr_11_8_16_broken_trigger_deals_damage_to_the_opponent(scenario):
    sc = scenario()
    sc.hand(0, ["T-009", "T-001"])
    sc.field(1, ["T-017"])  # Avenger: when broken, 1 damage to its opponent (player 0)
    g = sc.game()
    do(g, "Cast Fire Bolt", "Choose opponent's Avenger", "Pay: discard Fire Grunt")
    g.step(K.PASS)
    g.step(K.PASS)  # Avenger broken; its auto-ability goes on the stack
    assert int(g.state[S.STACK_N]) == 1
    g.step(K.PASS)
    g.step(K.PASS)
    if g.decision == D.EX_BURST:
        g.step(K.PASS)
    assert int(g.state[S.DAMAGE_N + 0]) == 1


def test_cr_15_1_1_8_search_takes_a_card_and_shuffles(scenario):
    sc = scenario()
    sc.hand(0, ["T-023", "T-008"])  # Tracker (Earth backup, 2) paid by Big Brute (Earth)
    g = sc.game()
    do(g, "Play Tracker", "Pay: discard Big Brute")
    g.step(K.PASS)
    g.step(K.PASS)
    assert g.decision == D.SELECT_CARD
    deck_before = int(g.state[S.DECK_N])
    found = int(g.state[S.CAND + int(g.legal_actions()[-1]) - K.OPTION_BASE])
    g.step(int(g.legal_actions()[-1]))  # an option (PASS is index 0)
    assert int(g.state[S.DECK_N]) == deck_before - 1
    assert int(g.state[S.HAND_N]) == 1
    # CR 15.1.1.8.1: the card found is revealed: the opponent's observation shows it (`revealed`)
    cid = int(g.state[S.CARD + found * S.CARD_W])
    assert revealed_in_observation(g, 1) == ([], [cid]) and revealed_in_observation(g, 0) == ([cid], [])


def test_put_onto_field_from_the_break_zone(scenario):
    sc = scenario()
    sc.hand(0, ["T-024", "T-011"])  # Raise (Dark, 2) paid by discarding... Light can't pay
    g = sc.game()
    assert not is_legal(g, "Cast Raise")
    sc = scenario()
    sc.hand(0, ["T-024", "T-001"])
    sc.break_zone(0, ["T-002"])
    g = sc.game()
    do(g, "Cast Raise", "Pay: discard Fire Grunt")
    g.step(K.PASS)
    g.step(K.PASS)
    assert g.decision == D.SELECT_CARD
    do(g, "Choose Ice Grunt")
    assert int(g.state[S.FIELD_N]) == 1


def _cast_and_resolve(g, *texts):
    do(g, *texts)
    g.step(K.PASS)
    g.step(K.PASS)


def test_cr_15_1_1_5_remove_from_game(scenario):
    sc = scenario()
    sc.hand(0, ["T-026", "T-008"])  # Banish paid by discarding Big Brute (Earth)
    (grunt,) = sc.field(1, ["T-002"])
    g = sc.game()
    _cast_and_resolve(g, "Cast Banish", "Choose opponent's Ice Grunt", "Pay: discard Big Brute")
    assert int(g.state[S.ZONE + grunt * S.CARD_W]) == K.Zone.REMOVED


def test_cr_7_3_return_to_hand_goes_to_the_owners_hand(scenario):
    sc = scenario()
    sc.hand(0, ["T-027", "T-008"])
    (squire,) = sc.field(1, ["T-004"])
    g = sc.game()
    _cast_and_resolve(g, "Cast Recall", "Choose opponent's Ice Squire", "Pay: discard Big Brute")
    assert int(g.state[S.ZONE + squire * S.CARD_W]) == K.Zone.HAND and int(g.state[S.OWNER + squire * S.CARD_W]) == 1


def test_cr_15_1_1_4_discard_chosen_then_random(scenario):
    sc = scenario()
    sc.hand(0, ["T-028", "T-008"])
    sc.hand(1, ["T-001", "T-002", "T-022"])
    g = sc.game()
    do(g, "Cast Mind Rot", "Pay: discard Big Brute")
    g.step(K.PASS)
    g.step(K.PASS)
    assert g.decision == D.DISCARD and g.current_player == 1  # the discarding player chooses
    do(g, "Discard Ice Grunt")
    assert int(g.state[S.HAND_N + 1]) == 1  # then one more at random, no choice
    assert int(g.state[S.BREAK_N + 1]) == 2


def test_cr_9_5_1_3_2_restrictions_and_granted_keywords_last_until_end_of_turn(scenario):
    sc = scenario()
    sc.hand(0, ["T-029", "T-008"])
    (mine,) = sc.field(0, ["T-001"], entered_this_turn=True)
    (theirs,) = sc.field(1, ["T-002"])
    g = sc.game()
    _cast_and_resolve(g, "Cast Shackle", "Choose opponent's Ice Grunt", "Choose your Fire Grunt", "Pay: discard Big Brute")
    row = g.state
    assert int(row[S.D_RST + theirs * S.CARD_W]) == K.RESTRICT_CANT_ATTACK | K.RESTRICT_CANT_BLOCK
    assert int(row[S.D_KW + mine * S.CARD_W]) & K.KW_HASTE
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, D.DECLARE_ATTACK)
    assert is_legal(g, "Attack with Fire Grunt")  # entered this turn, but has Haste now
    do(g, "Attack with Fire Grunt")
    pass_until(g, D.DECLARE_BLOCK)
    assert not is_legal(g, "Block with Ice Grunt")  # can't block
    while g.turn == 3:
        g.step(int(g.legal_actions()[0]))
    assert int(g.state[S.D_RST + theirs * S.CARD_W]) == 0 and not int(g.state[S.D_KW + mine * S.CARD_W]) & K.KW_HASTE


def test_cr_11_10_2_declining_an_ex_burst_leaves_everything_as_is(scenario):
    sc = scenario()
    (attacker,) = sc.field(0, ["T-001"])
    sc.deck_top(1, ["T-020"])
    g = sc.game()
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, D.DECLARE_ATTACK)
    do(g, "Attack with Fire Grunt")
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Don't block")
    pass_until(g, D.EX_BURST)
    do(g, "Decline the EX Burst")
    assert int(g.state[S.DMG + attacker * S.CARD_W]) == 0 and int(g.state[S.DAMAGE_N + 1]) == 1
