"""The conformance kit's random-play invariants on imported card pools (issue 30): a real card
list of each game, imported with its compiled ability text (``tcg cards import``'s path: import,
write the pool, load it), two decks of it shaped like the built-in decks (``tcg deck like``: cards
whose text compiled whole first, so the compiled abilities are played), random games to their end.
Skips when the shared card samples (``../shared/carddata``) are absent."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from conformance_helpers import check_cards, deck_sizes, record_random_games

import tcg_env
from tcg_env import Game
from tcg_env.cards.deck_like import deck_like
from tests.shared_carddata import imported_pool

CARDDATA = Path(__file__).resolve().parents[2].parent / "shared" / "carddata"
LISTS = {
    "fftcg": "fftcg/ThomasALeon_FFTCGSim__fftcg_real_cards.json",
    "weiss_schwarz": "weiss_schwarz/CCondeluci_WeissSchwarz-ENG-DB__5HY_W83.json",
    "force_of_will": "force_of_will/antlebel2_fow-sim__cards.json",
    "dbscg": "dbscg/kentan88_dbscg-api__DBS-B07-Assault-Of-The-Saiyans.json",
}
GAMES_N = 4  # random games per game (each deck pair twice, seats swapped)
SWEEP_EVERY = 7  # try every legal action at every 7th state


@pytest.fixture(scope="module", params=sorted(LISTS))
def imported(request, tmp_path_factory):
    game = request.param
    pool = imported_pool(game, *LISTS[game].split("/"))  # shared by the process's tests (not changed here)
    spec = tcg_env.get_spec(game)
    decks = [deck_like(game, pool, None, seed=i) for i in range(2)]  # two draws of the first shape the pool fills
    pairs = [(decks[0], decks[1]), (decks[1], decks[0])]
    return spec, pool, decks, record_random_games(spec, pool, GAMES_N, seed0=300, pairs=pairs)


def test_imported_decks_play_the_compiled_abilities(imported):
    spec, pool, decks, _ = imported
    for deck in decks:
        ids = {pool.index[n] for n in deck}
        assert sum(len(pool.ability_rows(c)) > 0 for c in ids) >= len(ids) // 3, "the decks should use compiled abilities"


def test_random_play_on_an_imported_pool_keeps_the_invariants(imported):
    spec, pool, decks, games = imported
    tried = 0
    for pair, rows, masks, g in games:
        assert g.done and g.num_decisions <= spec.max_decisions and g.winner in (0, 1, -1)
        sizes = deck_sizes(spec, pool, pair)
        for i, (row, mask) in enumerate(zip(rows, masks)):
            assert bool(mask.any()) != bool(row[0]), f"decision {i}: an empty mask before the end or one after"
            check_cards(spec, row, sizes)
            if i % SWEEP_EVERY or row[0]:
                continue
            base = Game(spec, pool, row.copy(), g.variant_index)
            np.testing.assert_array_equal(base.action_mask(), mask)
            assert base.render(viewer=base.current_player)  # what `tcg play` prints, for the decider
            for a in np.flatnonzero(mask):
                # the words of every legal action, the decider's and the other player's (`tcg play`
                # logs the bot's actions public=True): a stale slot in a table crashed them once
                assert base.describe_action(int(a)) and base.describe_action(int(a), public=True)
                trial = base.clone()
                trial.step(int(a))  # an engine error code raises
                tried += 1
    assert any(g.winner in (0, 1) for *_, g in games)
    assert tried > 30
