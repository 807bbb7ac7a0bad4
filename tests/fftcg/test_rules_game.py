"""CR 3 (ending the game), 8 (setup), 9 (phases)."""

import numpy as np
import pytest
from fftcg_helpers import TEST_DECK, do, pass_until

import tcg_env
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S

D = K.Decision


@pytest.fixture
def new_game(pool):
    def make(seed=0, variant=None):
        return tcg_env.make_game("fftcg", decks=(TEST_DECK, TEST_DECK), seed=seed, pool=pool, variant=variant)

    return make


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
    do(g, "Take the first turn", "Keep this hand", "Keep this hand")
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
