"""Force of Will card text, session 28 (branch s28-fowb): looking at, revealing and searching cards - "look at the top N
cards of your deck and put them back in any order" (CR 1034.1's first half), Foresee 1 worded "then put it on the top
or the bottom", the opponent's hand revealed or looked at (CR 1005.1, 1019.1), the top card of the magic stone deck
revealed (CR 305), "search ... then shuffle the rest of your deck and put that card on top of it" (CR 1021.2a). Lines are
made up in the game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import numpy as np

from tcg_env.cards.text import Verdict
from test_fow_card_text import exact, line


# ---- CR 1034.1: "look at the top N cards of your deck and put them back in any order" ------------------------------
def test_cr_1034_1_put_them_back_in_any_order_compiles_to_a_foresee_onto_the_top_only():
    for text in ("Look at the top three cards of your deck and put them back in any order.",
                 "Look at the top three cards of your deck. Put them on the top of your deck in any order."):
        assert exact(text, "chant").fields["effect"] == [{"op": "foresee", "count": 3, "top_only": True}]
    # revealed cards put back: not this form
    assert line("Reveal the top three cards of your deck and put them back in any order.", "chant").verdict \
        is Verdict.UNSUPPORTED
    # "then put it on the top or the bottom of your deck": Foresee 1 (CR 1034.1)
    assert exact("Look at the top card of your deck, then put it on the top or the bottom of your deck.",
                 "chant").fields["effect"] == [{"op": "foresee", "count": 1}]


def test_cr_1034_1_put_them_back_the_player_orders_them_on_top_and_none_goes_to_the_bottom(tmp_path):
    """"Look at the top three cards of your deck and put them back in any order.": the FORESEE decision offers the
    OPTION actions only (no BOTTOM); the cards go back onto the top one at a time, the last put back on top; the card
    under them stays under them."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from test_fow_card_text_s10 import _look_game

    res, g, card, under, looked = _look_game(tmp_path, "Look at the top three cards of your deck and put them back in "
                                             "any order.")
    assert res.text_records[0].verdict is Verdict.EXACT
    for _ in range(10):
        if int(g.state[H_DECISION]) == K.Decision.FORESEE:
            break
        g.step(K.PASS)
    order = []
    for _ in range(3):
        assert int(g.state[H_DECISION]) == K.Decision.FORESEE
        legal = g.legal_actions().tolist()
        assert not [a for a in legal if K.BOTTOM_BASE <= a < K.BOTTOM_BASE + K.OPTION_SLOTS]  # none to the bottom
        k = int(g.state[S.CAND_N]) - 1  # the deepest looked-at card first
        order.append(int(g.state[S.CAND + k]))
        g.step(K.OPTION_BASE + k)
    deck = zone_list(np.asarray(g.state), S.ZONES, K.Zone.MAIN_DECK, 0)
    assert deck[-3:] == order and under in deck[:-3]  # bottom .. top: the last put back is the top card
    assert sorted(order) == sorted(looked)
