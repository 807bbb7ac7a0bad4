"""The field abilities' pre-check (``filters.field_type_mask``, CR 11.9 / 11.12.4): before
``refresh_derived`` and the CONTROLS_* conditions ask ``filter_match`` about a card on a player's
field, the filter's side and type columns alone may say it cannot match (a card on player q's field
is controlled by q, CR 6.2). The pre-check must never skip a card the filter matches: checked for
every filter row of an imported pool of real cards (whose field abilities the built-in pool
lacks) against every field card of states of random play, both players seeing them. Reads
``../shared/carddata``; skipped without it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

import tcg_env
from tcg_env.engine.tables import card_table, filter_table
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import FIELD_SLOTS
from tcg_env.games.fftcg.filters import field_type_mask, filter_match
from tcg_env.games.fftcg.state import CARD, CARD_W, FIELD_L, FIELD_N

SRC = Path(__file__).resolve().parents[2].parent / "shared" / "carddata" / "fftcg" / "ThomasALeon_FFTCGSim__fftcg_real_cards.json"


@njit
def _unsound(states, T, out):
    """(pre-check said no, filter matched) cases; and how many (filter, card) pairs were checked and skipped."""
    F = filter_table(T)
    cards = card_table(T)
    bad = checked = skipped = 0
    for b in range(states.shape[0]):
        s = states[b]
        for frow in range(F.shape[0]):
            for p in range(2):
                for q in range(2):
                    tm = field_type_mask(F, frow, p, q)
                    for j in range(s[FIELD_N + q]):
                        t = s[FIELD_L + q * FIELD_SLOTS + j]
                        kept = (tm & (1 << cards[s[CARD + t * CARD_W], K.C_TYPE])) != 0
                        checked += 1
                        skipped += not kept
                        if not kept and filter_match(s, T, frow, t, p, -1):
                            bad += 1
    out[0], out[1], out[2] = bad, checked, skipped


def test_cr_11_9_the_field_precheck_never_skips_a_matching_card():
    from tcg_env.cards.deck_like import deck_like
    from tests.shared_carddata import imported_pool

    pool = imported_pool("fftcg", SRC.parent.name, SRC.name)
    decks = [deck_like("fftcg", pool, None, seed=i, abilities="first") for i in range(2)]
    batch = tcg_env.make_batch("fftcg", 32, decks=decks, seed=2, pool=pool)
    k = batch.spec.kernels
    rng = k.seed_agent_rng(32, 1)
    counters = np.zeros((32, 5), np.int64)
    out = np.zeros(3, np.int64)
    total = np.zeros(3, np.int64)
    for _ in range(6):
        k.random_play_batch(batch.states, batch._T, batch.decks, batch.deck_lens, batch.seeds, batch.variant_index,
                            25, batch.obs, batch.masks, rng, counters)
        _unsound(batch.states, batch._T, out)
        total += out
    bad, checked, skipped = total
    assert bad == 0
    assert checked > 0 and 0 < skipped < checked, "the states should have field cards, some skipped and some not"
