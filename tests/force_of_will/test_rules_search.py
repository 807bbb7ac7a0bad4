"""Search (CR 1014.2: the player chooses the card found, or none) and foresee (CR 1034.1)."""

from helpers import D, Z, main_row, pass_both, play, search_row, to_hand, turn_player
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S

G, W = K.Attribute.WIND, K.Attribute.WATER


def test_cr_1014_2_the_player_chooses_which_matching_card_is_found(pool):
    r, tp = search_row(pool)
    assert r.decision == D.SEARCH and r.decider == tp
    ids = [int(r.s[S.CAND + k]) for k in range(int(r.s[S.CAND_N]))]  # card ids
    deck_ids = {r.cid(c) for c in r.zone(Z.MAIN_DECK, tp) if pool.cards[r.cid(c)][K.C_TYPE] == K.CardType.RESONATOR}
    assert ids == sorted(deck_ids)  # one candidate per card id, in card id order
    assert r.legal() == [K.PASS] + [K.OPTION_BASE + k for k in range(len(ids))]
    n = len(r.zone(Z.MAIN_DECK, tp))
    hand = [r.cid(c) for c in r.zone(Z.HAND, tp)]
    r.act(K.OPTION_BASE + 1)
    assert sorted([r.cid(c) for c in r.zone(Z.HAND, tp)]) == sorted(hand + [ids[1]])
    assert len(r.zone(Z.MAIN_DECK, tp)) == n - 1
    assert "Tracker" in r.names(Z.GRAVEYARD, tp) and r.decision == D.PRIORITY


def test_cr_1014_2_a_search_may_fail_to_find(pool):
    r, tp = search_row(pool)
    hand = list(r.zone(Z.HAND, tp))
    n = len(r.zone(Z.MAIN_DECK, tp))
    r.act(K.PASS)
    assert r.zone(Z.HAND, tp) == hand and len(r.zone(Z.MAIN_DECK, tp)) == n


def test_cr_1014_2_no_matching_card_asks_nothing(pool):
    r = main_row(pool)
    tp = turn_player(r)
    for slot in r.zone(Z.MAIN_DECK, tp):
        if pool.cards[r.cid(slot)][K.C_TYPE] == K.CardType.RESONATOR:
            r.move(slot, Z.REMOVED)
    to_hand(r, tp, "Tracker")
    r.give_will(tp, G)
    play(r, tp, "Tracker")
    pass_both(r)
    assert r.decision == D.PRIORITY and "Tracker" in r.names(Z.GRAVEYARD, tp)


def test_cr_1034_1_foresee_puts_each_card_on_the_top_or_the_bottom_in_the_order_chosen(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Oracle")  # foresee 3
    r.give_will(tp, W)
    deck = r.zone(Z.MAIN_DECK, tp)
    top3 = deck[-1], deck[-2], deck[-3]  # top first
    play(r, tp, "Oracle")
    pass_both(r)
    assert r.decision == D.FORESEE and r.decider == tp
    assert [int(r.s[S.CAND + k]) for k in range(3)] == list(top3)
    assert sorted(r.legal()) == [K.OPTION_BASE + k for k in range(3)] + [K.BOTTOM_BASE + k for k in range(3)]
    r.act(K.BOTTOM_BASE + 1)  # the second card to the bottom
    assert sorted(r.legal()) == [K.OPTION_BASE + k for k in range(2)] + [K.BOTTOM_BASE + k for k in range(2)]
    r.act(K.OPTION_BASE + 0)  # the first onto the top
    r.act(K.OPTION_BASE + 0)  # then the third onto it
    deck = r.zone(Z.MAIN_DECK, tp)
    assert deck[-1] == top3[2] and deck[-2] == top3[0] and deck[0] == top3[1]
    assert r.decision == D.PRIORITY
