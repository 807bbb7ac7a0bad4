"""The extra deck (CR 314, 402.5, 403.1) and [Grimoire] (CR 1132): story chants are dealt to the
extra deck zone at setup, hidden from the opponent. No rule of CR 8.01 plays a card from the
extra deck (story chants and [Legend], CR 1133, are not implemented: docs/force_of_will/rules-coverage.md)."""

import numpy as np

from fow_tables import Row, rune_deck, rune_pool
from helpers import Z
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import observation as O
from tcg_env.games.force_of_will.observation import observe_row
from tcg_env.games.force_of_will.policy_kernels import resample_hidden


def test_cr_403_1_story_chants_are_dealt_to_the_extra_deck_zone():
    P = rune_pool()
    r = Row(P, rune_deck(P, ruler="Grimoire Ruler", runes=(), extra=("Story",)), rune_deck(P))
    assert r.names(Z.EXTRA_DECK, 0) == ["Story"] and r.names(Z.EXTRA_DECK, 1) == []
    assert "Story" not in r.names(Z.MAIN_DECK, 0) + r.names(Z.HAND, 0)
    # CR 314.2: hidden from the opponent (its count is public): determinizing it changes nothing
    obs = np.zeros(O.OBS_SIZE, np.float32)
    observe_row(K.RULES, r.s, r.T, 1, obs)
    s = r.s.copy()
    resample_hidden(K.RULES, s, r.T, 1, r.s.copy())
    again = np.zeros(O.OBS_SIZE, np.float32)
    observe_row(K.RULES, s, r.T, 1, again)
    assert np.array_equal(obs, again)
