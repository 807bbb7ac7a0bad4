"""CR 3 (ending the game), 8 (setup), 9 (phases)."""

import numpy as np
import pytest
from fftcg_helpers import TEST_DECK, do, on_path, pass_until

import tcg_env
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S

D = K.Decision


@pytest.fixture
def new_game(pool, rules):
    def make(seed=0, variant=None):
        return tcg_env.make_game(rules.game, decks=(TEST_DECK, TEST_DECK), seed=seed, pool=pool, variant=variant)

    return make


@pytest.mark.only_2016("2014 CR 8.2.1.2: the first player is chosen at random (2016 CR 8.2.1.2: a random player "
                        "chooses whether to go first)")
def test_cr_8_2_1_2_a_random_player_chooses_who_goes_first(new_game):
    choosers = set()
    for seed in range(12):
        g = new_game(seed)
        assert g.decision == D.CHOOSE_FIRST
        choosers.add(g.current_player)
        chooser = g.current_player
        do(g, "Let the opponent take the first turn")
        assert int(g.state[S.FIRST_PLAYER]) == 1 - chooser
    assert choosers == {0, 1}


def test_cr_8_2_1_3_and_8_2_1_4_five_cards_then_one_mulligan_each_first_player_first(new_game):
    g = new_game(5)
    chooser = g.current_player
    if g.decision == D.CHOOSE_FIRST:  # 2014 CR 8.2.1.2: the first player is drawn, not chosen
        do(g, "Take the first turn")
    assert int(g.state[S.HAND_N + 0]) == 5 and int(g.state[S.HAND_N + 1]) == 5
    assert g.decision == D.MULLIGAN and g.current_player == chooser
    hand_before = g.state[S.HAND_L + chooser * K.MAX_DECK : S.HAND_L + chooser * K.MAX_DECK + 5].copy()
    do(g, "Mulligan")
    after = g.state[S.HAND_L + chooser * K.MAX_DECK : S.HAND_L + chooser * K.MAX_DECK + 5]
    assert not set(hand_before.tolist()) & set(after.tolist())  # five new cards
    deck = g.state[S.DECK_L + chooser * K.MAX_DECK : S.DECK_L + chooser * K.MAX_DECK + 5]
    assert sorted(deck.tolist()) == sorted(hand_before.tolist())  # the old ones at the bottom
    assert g.decision == D.MULLIGAN and g.current_player == 1 - chooser
    do(g, "Keep this hand")
    assert g.decision == D.PRIORITY and g.current_player == chooser


def test_cr_9_2_1_3_the_first_player_draws_one_card_on_turn_one(new_game):
    g = new_game(2)
    fp = g.current_player
    if g.decision == D.CHOOSE_FIRST:  # 2014 CR 8.2.1.2: the first player is drawn, not chosen
        do(g, "Take the first turn")
    do(g, "Keep this hand", "Keep this hand")
    assert int(g.state[S.HAND_N + fp]) == 6
    # the second player's first turn draws two
    while g.turn == 1:
        g.step(int(g.legal_actions()[0]))
    assert g.turn == 2 and int(g.state[S.HAND_N + 1 - fp]) == 7


def test_cr_9_5_1_2_the_turn_player_discards_down_to_five(scenario):
    sc = scenario()
    sc.hand(0, ["T-001", "T-002", "T-022", "T-006", "T-007", "T-008", "T-005", "T-011"])
    g = sc.game()
    for _ in range(40):
        if g.decision == D.DISCARD:
            break
        g.step(K.PASS)
    assert g.decision == D.DISCARD and g.current_player == 0
    while g.decision == D.DISCARD:
        g.step(int(g.legal_actions()[0]))
    assert int(g.state[S.HAND_N + 0]) == 5


def test_cr_9_5_1_3_damage_and_until_end_of_turn_effects_end(scenario):
    sc = scenario()
    sc.hand(0, ["T-021", "T-020"])  # Weaken -6000 until end of turn on Big Brute (9000)
    (brute,) = sc.field(1, ["T-008"], damage=2000)
    g = sc.game()
    do(g, "Cast Weaken", "Choose opponent's Big Brute", "Pay: discard Ex Knight")
    g.step(K.PASS)
    g.step(K.PASS)
    assert int(g.state[S.D_POWER + brute * S.CARD_W]) == 3000
    while g.turn == 3:
        g.step(int(g.legal_actions()[0]))
    assert int(g.state[S.DMG + brute * S.CARD_W]) == 0 and int(g.state[S.D_POWER + brute * S.CARD_W]) == 9000


def test_cr_3_1_1_seven_damage_loses(scenario):
    sc = scenario()
    sc.damage(1, 6)
    sc.field(0, ["T-006"])
    g = sc.game()
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, D.DECLARE_ATTACK)
    do(g, "Attack with Bold Blade")
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Don't block")
    for _ in range(5):
        if g.done:
            break
        g.step(K.PASS)  # decline any EX Burst, pass priority
    assert g.done and g.winner == 0


@pytest.mark.only_2016("2014 CR 3.1.1 / 12.4.1 know 7 damage only, no limited game (2016 CR 3.1.1: 6 in limited)")
def test_cr_3_1_1_limited_games_are_lost_at_six_damage(scenario):
    sc = scenario()
    sc.damage(1, 6)
    sc.set(S.LAYOUT.fields["variant"].offset, 1)
    g = sc.game()
    g.step(K.PASS)  # rule processes run when priority is given
    assert g.done and g.winner == 0


def test_cr_3_1_2_drawing_from_an_empty_deck_loses(scenario):
    sc = scenario()
    sc.empty_deck(1)
    g = sc.game()
    while not g.done:
        g.step(int(g.legal_actions()[0]))
    assert g.winner == 0


def test_cr_3_1_3_damage_with_an_empty_deck_loses(scenario):
    sc = scenario()
    sc.empty_deck(1)
    sc.field(0, ["T-005"])
    g = sc.game()
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, D.DECLARE_ATTACK)
    do(g, "Attack with Swift Blade")
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Don't block")
    g.step(K.PASS)
    g.step(K.PASS)  # block step over: 1 damage with an empty deck, then rule processes
    assert g.done and g.winner == 0


def _attack_unblocked(g, name):
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, D.DECLARE_ATTACK)
    do(g, f"Attack with {name}")
    pass_until(g, D.DECLARE_BLOCK)
    do(g, "Don't block")


@pytest.mark.only_2016("2014 CR 7.13.2 / 12.4.1: the 7th damage loses through a rule process, its EX Burst "
                        "offered first (2014 CR 6.5.2.1); 2016 CR 3.1.1 / 7.8.2 end the game at once")
def test_cr_3_1_loss_ends_game_before_ex_burst(scenario, priority_path):
    """CR 3.1 / 3.1.1: the 7th damage card ends the game at once. An EX Burst revealed as that card
    is not offered (CR 6.5.2.1 would otherwise ask its owner, with a target to choose): the player
    has already lost."""
    sc = scenario()
    sc.damage(1, 6)
    (attacker,) = sc.field(0, ["T-001"])
    (ex_knight,) = sc.deck_top(1, ["T-020"])  # EX Burst: 4000 damage to a Forward of player 0
    g = on_path(sc.game(), priority_path)
    _attack_unblocked(g, "Fire Grunt")
    for _ in range(4):  # the block step's priority (CR 10.1.3.6), then the damage
        if g.done:
            break
        assert g.decision == D.PRIORITY, g.decision
        g.step(K.PASS)
    assert g.done and g.winner == 0
    row = g.state
    assert int(row[S.DAMAGE_N + 1]) == 7 and int(row[S.ZONE + ex_knight * S.CARD_W]) == K.Zone.DAMAGE
    assert int(row[S.DMG + attacker * S.CARD_W]) == 0  # the EX Burst never resolved


@pytest.mark.only_2016("2014 CR 6.5.3 / 12.4.1: damage resolution goes on past the 7th card and the loss comes "
                        "by a rule process; 2016 CR 3.1.1 ends the game with that card")
@pytest.mark.parametrize("variant,before", [(0, 6), (1, 5)], ids=["constructed", "limited"])
def test_cr_3_1_1_damage_points_stop_at_the_losing_one(scenario, variant, before):
    """CR 3.1.1 / 6.5.2: damage is dealt one card at a time, and the card that makes 7 (6 in a limited
    game) ends the game: no further damage card is revealed (its EX Burst is not offered) and the rest
    of the effect (a discard its player would choose) does not happen."""
    sc = scenario()
    sc.set(S.LAYOUT.fields["variant"].offset, variant)
    sc.damage(1, before)
    sc.hand(1, ["T-001"])
    ex_knight, losing = sc.deck_top(1, ["T-020", "T-002"])  # Ice Grunt on top, then the EX Burst
    sc.hand(0, ["T-030", "T-008"])  # Crushing Blow: 2 damage to the opponent, who then discards 1
    g = sc.game()
    do(g, "Cast Crushing Blow", "Pay: discard Big Brute")
    g.step(K.PASS)
    g.step(K.PASS)  # resolves
    assert g.done and g.winner == 0
    row = g.state
    assert int(row[S.DAMAGE_N + 1]) == before + 1 and int(row[S.ZONE + losing * S.CARD_W]) == K.Zone.DAMAGE
    assert int(row[S.ZONE + ex_knight * S.CARD_W]) == K.Zone.DECK
    assert int(row[S.HAND_N + 1]) == 1


@pytest.mark.only_2016("2014 CR 12.4.2: a player who drew from an empty deck loses at the next rule-process "
                        "check, the rest of the effect done first; 2016 CR 3.1.2 ends the game at once")
def test_cr_3_1_2_drawing_from_an_empty_deck_ends_the_game_at_once(scenario):
    """CR 3.1.2: a player who would draw but can't loses and the game ends then, not at the next rule
    process check (CR 12.4.2): the discard that follows the draw in the same effect is not asked."""
    sc = scenario()
    sc.hand(0, ["T-031", "T-008", "T-001"])  # Study: draw 2, then discard 1
    sc.empty_deck(0)
    g = sc.game()
    do(g, "Cast Study", "Pay: discard Big Brute")
    g.step(K.PASS)
    g.step(K.PASS)  # resolves: the draw fails
    assert g.done and g.winner == 1
    assert int(g.state[S.HAND_N + 0]) == 1


@pytest.mark.only_2016("2014 CR 12.4.3: damage with an empty deck loses at the next rule-process check, the "
                        "rest of the effect done first; 2016 CR 3.1.3 ends the game at once")
def test_cr_3_1_3_damage_with_an_empty_deck_ends_the_game_at_once(scenario):
    """CR 3.1.3: damage taken with an empty deck ends the game then (not at CR 12.4.3's next check):
    the discard that follows the damage in the same effect is not asked."""
    sc = scenario()
    sc.hand(1, ["T-001"])
    sc.hand(0, ["T-030", "T-008"])
    sc.empty_deck(1)
    g = sc.game()
    do(g, "Cast Crushing Blow", "Pay: discard Big Brute")
    g.step(K.PASS)
    g.step(K.PASS)
    assert g.done and g.winner == 0
    assert int(g.state[S.HAND_N + 1]) == 1


def test_cr_3_3_both_players_losing_at_once_is_a_draw(scenario):
    sc = scenario()
    sc.damage(0, 7)
    sc.damage(1, 7)
    g = sc.game()
    g.step(K.PASS)
    assert g.done and g.winner == -1 and g.returns() == (0.0, 0.0)


def test_every_game_of_test_decks_ends(new_game):
    rng = np.random.default_rng(0)
    for seed in range(20):
        g = new_game(seed)
        n = 0
        while not g.done:
            legal = g.legal_actions()
            g.step(int(legal[rng.integers(len(legal))]))
            n += 1
            assert n < 5000
        assert g.winner in (0, 1, -1)
