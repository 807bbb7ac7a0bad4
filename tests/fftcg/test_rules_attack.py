"""CR 10 (Attack Phase) and the keywords of CR 15.2."""

from fftcg_helpers import do, is_legal, on_path, pass_until

from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S

D = K.Decision


def to_declaration(g):
    g.step(K.PASS)  # turn player passes Main 1
    g.step(K.PASS)  # opponent passes: Attack Phase, preparation step
    pass_until(g, D.DECLARE_ATTACK)


def attack_unblocked(g, name):
    do(g, f"Attack with {name}")
    if g.decision == D.ADD_TO_PARTY:
        g.step(K.PASS)
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Don't block")
    pass_until(g, D.DECLARE_ATTACK)


def test_cr_10_1_2_1_characters_that_entered_this_turn_cannot_attack(scenario):
    sc = scenario()
    sc.field(0, ["T-001"], entered_this_turn=True)
    sc.field(0, ["T-005"], entered_this_turn=True)  # Swift Blade has Haste
    g = sc.game()
    to_declaration(g)
    assert not is_legal(g, "Attack with Fire Grunt")
    assert is_legal(g, "Attack with Swift Blade")  # CR 15.2.2.2


def test_cr_10_1_2_2_attackers_dull_but_brave_ones_do_not(scenario):
    sc = scenario()
    grunt, bold = sc.field(0, ["T-001", "T-006"])
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Fire Grunt", "Attack with the Forwards declared")
    assert int(g.state[S.DULL + grunt * S.CARD_W]) == 1
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Don't block")
    pass_until(g, D.DECLARE_ATTACK)
    do(g, "Attack with Bold Blade")
    assert int(g.state[S.DULL + bold * S.CARD_W]) == 0  # CR 15.2.1.2
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Don't block")
    pass_until(g, D.DECLARE_ATTACK)
    assert not is_legal(g, "Attack with Bold Blade")  # still once per turn


def test_cr_10_1_4_1_an_unblocked_attack_deals_one_damage(scenario):
    sc = scenario()
    sc.field(0, ["T-001"])
    g = sc.game()
    to_declaration(g)
    before = int(g.state[S.DAMAGE_N + 1])
    attack_unblocked(g, "Fire Grunt")
    assert int(g.state[S.DAMAGE_N + 1]) == before + 1


def test_cr_10_1_4_2_blocked_forwards_deal_damage_to_each_other(scenario):
    sc = scenario()
    (grunt,) = sc.field(0, ["T-001"])  # 5000
    (blade,) = sc.field(1, ["T-006"])  # 6000
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Fire Grunt")
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Block with Bold Blade")
    pass_until(g, D.DECLARE_ATTACK)
    row = g.state
    assert int(row[S.ZONE + grunt * S.CARD_W]) == K.Zone.BREAK  # 6000 >= 5000 (CR 12.4.5)
    assert int(row[S.ZONE + blade * S.CARD_W]) == K.Zone.FIELD
    assert int(row[S.DAMAGE_N + 1]) == 0  # blocked: no damage to the player


def test_cr_15_2_3_first_strike_damage_comes_first(scenario):
    sc = scenario()
    (lance,) = sc.field(0, ["T-007"])  # 6000 First Strike
    (blade,) = sc.field(1, ["T-006"])  # 6000
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Quick Lance")
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Block with Bold Blade")
    pass_until(g, D.DECLARE_ATTACK)
    row = g.state
    assert int(row[S.ZONE + blade * S.CARD_W]) == K.Zone.BREAK
    assert int(row[S.ZONE + lance * S.CARD_W]) == K.Zone.FIELD  # the blocker died before dealing damage


def test_cr_15_1_1_9_2_a_party_shares_one_element(scenario):
    sc = scenario()
    sc.field(0, ["T-001", "T-006", "T-002"])  # Fire, Fire, Ice
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Fire Grunt")
    assert g.decision == D.ADD_TO_PARTY
    assert is_legal(g, "Add Bold Blade to the party")
    assert not is_legal(g, "Add Ice Grunt to the party")


def test_cr_10_1_4_2_1_the_blocker_splits_its_damage_over_the_party(scenario):
    sc = scenario()
    grunt, bold = sc.field(0, ["T-001", "T-006"])  # 5000 and 6000, a party of 11000
    (brute,) = sc.field(1, ["T-008"])  # 9000
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Fire Grunt", "Add Bold Blade to the party")  # no candidate left: declared
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Block with Big Brute")
    pass_until(g, D.ASSIGN_PARTY_DAMAGE)
    assert g.current_player == 1
    for _ in range(5):
        do(g, "Assign 1000 damage to attacking Fire Grunt")
    for _ in range(4):
        do(g, "Assign 1000 damage to attacking Bold Blade")
    pass_until(g, D.DECLARE_ATTACK)
    row = g.state
    assert int(row[S.ZONE + grunt * S.CARD_W]) == K.Zone.BREAK  # 5000 damage on 5000 power
    assert int(row[S.ZONE + bold * S.CARD_W]) == K.Zone.FIELD  # 4000 on 6000
    assert int(row[S.ZONE + brute * S.CARD_W]) == K.Zone.BREAK  # 11000 on 9000


def test_cr_10_1_3_1_only_active_forwards_block(scenario):
    sc = scenario()
    sc.field(0, ["T-001"])
    sc.field(1, ["T-002"], dull=True)
    sc.field(1, ["T-022"])
    g = sc.game()
    to_declaration(g)
    do(g, "Attack with Fire Grunt")
    pass_until(g, D.DECLARE_BLOCK)
    assert not is_legal(g, "Block with Ice Grunt")
    assert is_legal(g, "Block with Wind Grunt")


def test_cr_15_2_4_frozen_characters_stay_dull_in_the_next_active_phase(scenario):
    sc = scenario()
    (grunt,) = sc.field(1, ["T-002"])
    sc.hand(0, ["T-010", "T-004"])  # Ice Burst paid by discarding Ice Squire
    g = sc.game()
    do(g, "Cast Ice Burst", "Choose opponent's Ice Grunt", "Pay: discard Ice Squire")
    g.step(K.PASS)
    g.step(K.PASS)  # resolves
    assert int(g.state[S.DULL + grunt * S.CARD_W]) == 1 and int(g.state[S.FROZEN + grunt * S.CARD_W]) == 1
    # play on to player 1's turn: its Active Phase skips the frozen Forward once
    while g.turn == 3:
        g.step(g.legal_actions()[0])
    assert int(g.state[S.DULL + grunt * S.CARD_W]) == 1 and int(g.state[S.FROZEN + grunt * S.CARD_W]) == 0


def test_cr_10_1_2_1_2_a_forward_attacks_once_per_turn(scenario):
    sc = scenario()
    sc.field(0, ["T-006"])  # Brave: stays active after attacking
    g = sc.game()
    to_declaration(g)
    attack_unblocked(g, "Bold Blade")
    assert not is_legal(g, "Attack with Bold Blade")


def test_cr_10_1_4_6_passing_the_declaration_moves_to_main_phase_2(scenario):
    sc = scenario()
    sc.field(0, ["T-001"])
    g = sc.game()
    to_declaration(g)
    do(g, "End the Attack Phase")
    assert int(g.state[S.PHASE]) == K.Phase.MAIN2 and g.decision == D.PRIORITY


def test_cr_10_1_3_block_step_held_when_attackers_left_field(scenario, priority_path):
    """CR 10.1.2.7: only an attack with no Forward declared skips the block declaration and damage
    resolution stages. When the only attacker leaves the field during the declaration step's priority
    (a Summon breaks it), the block declaration (CR 10.1.3.1), its priority window (CR 10.1.3.6), the
    damage resolution with no damage to deal (CR 10.1.4.1: no attacking Forward) and its priority
    window (CR 10.1.4.4) still come, then the next declaration (CR 10.1.4.6)."""
    sc = scenario()
    (grunt,) = sc.field(0, ["T-001"])
    sc.hand(0, ["T-009", "T-005"])  # Fire Bolt, paid by discarding Swift Blade
    sc.field(1, ["T-022"])
    sc.hand(1, ["T-009", "T-001"])
    g = on_path(sc.game(), priority_path)
    to_declaration(g)
    do(g, "Attack with Fire Grunt")
    assert int(g.state[S.STEP]) == K.AttackStep.DECLARATION and g.current_player == 0
    g.step(K.PASS)
    do(g, "Cast Fire Bolt", "Choose opponent's Fire Grunt", "Pay: discard Fire Grunt")
    g.step(K.PASS)
    g.step(K.PASS)  # resolves: 5000 damage breaks the attacker (CR 12.4.5)
    assert int(g.state[S.ZONE + grunt * S.CARD_W]) == K.Zone.BREAK and int(g.state[S.ATK_N]) == 0
    assert g.decision == D.PRIORITY and int(g.state[S.STEP]) == K.AttackStep.DECLARATION
    g.step(K.PASS)
    if priority_path == "shortcut":
        assert int(g.state[S.PRIORITY_CLEAN]) == 1  # the pass that ends the step takes the shortcut
    g.step(K.PASS)  # both pass: the declaration step ends
    assert g.decision == D.DECLARE_BLOCK and g.current_player == 1
    assert int(g.state[S.STEP]) == K.AttackStep.BLOCK
    assert is_legal(g, "Block with Wind Grunt")  # CR 10.1.3.1 sets no condition on the attackers left
    do(g, "Don't block")
    for step in (K.AttackStep.BLOCK, K.AttackStep.DAMAGE):  # CR 10.1.3.6, then CR 10.1.4.4
        assert g.decision == D.PRIORITY and g.current_player == 0 and int(g.state[S.STEP]) == step
        assert is_legal(g, "Cast Fire Bolt")  # each player may cast a Summon
        g.step(K.PASS)
        g.step(K.PASS)
    assert int(g.state[S.DAMAGE_N + 1]) == 0
    assert g.decision == D.DECLARE_ATTACK and g.current_player == 0
