"""``deck_like``'s as_like decks stand for each built-in card a card whose abilities are of the same kinds, the
abilities of its other sides counted: a ruler enters the game with its J-ruler side (CR 705.3, its own card row), and an
Inverse card with its despair side (CR 1302.3). Session 29 measured the fow-sim list's as_like decks at 2.6 times the
built-in decks' decisions a game: their ruler's J-ruler side had an activate ability the built-in ruler has not, played
295 times in six games."""

from __future__ import annotations

from pathlib import Path

import pytest

import tcg_env
from tcg_env.games.force_of_will import constants as K

FOW_SIM = Path(__file__).resolve().parents[3] / "shared" / "carddata" / "force_of_will" / "antlebel2_fow-sim__cards.json"


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    """The fow-sim list imported as `tcg cards import` does (one import for the module's tests)."""
    if not FOW_SIM.exists():
        pytest.skip("needs ../shared/carddata")
    from tcg_env.cards.files import import_card_file, load_game_pool, write_pool

    out = tmp_path_factory.mktemp("fow_sim") / "pool.json"
    return load_game_pool("force_of_will", write_pool("force_of_will", list(import_card_file("force_of_will", FOW_SIM)),
                                                      out))  # fmt: skip


def _ruler_with_side(pool) -> int:
    return next(c for c in range(pool.n_cards) if pool.cards[c, K.C_TYPE] == K.CardType.RULER
                and pool.cards[c, K.C_J_SIDE] >= 0 and len(pool.ability_rows(int(pool.cards[c, K.C_J_SIDE]))))


def test_cr_705_3_a_rulers_other_side_is_its_j_ruler_and_back():
    pool = tcg_env.get_spec("force_of_will").load_tables()
    ruler = _ruler_with_side(pool)
    j = int(pool.cards[ruler, K.C_J_SIDE])
    assert pool.other_sides(ruler) == [j] and pool.other_sides(j) == [ruler]
    kinds = pool.ability_kinds(ruler)
    # its own rows and its J-ruler side's, by kind (A_KIND), sorted
    want = sorted(int(pool.abilities[r, K.A_KIND]) for c in (ruler, j) for r in pool.ability_rows(c))
    assert list(kinds) == want and len(kinds) > len(pool.ability_rows(ruler))
    resonator = next(c for c in range(pool.n_cards) if pool.cards[c, K.C_TYPE] == K.CardType.RESONATOR)
    assert pool.other_sides(resonator) == []


def test_ability_kinds_without_a_kind_column_count_rows():
    from tcg_env.cards.pool import CardTable

    pool = tcg_env.get_spec("force_of_will").load_tables()
    ruler = _ruler_with_side(pool)
    assert CardTable.ability_kinds.__get__(pool)(ruler) == pool.ability_kinds(ruler)
    saved = type(pool).ABIL_KIND_COL
    try:
        type(pool).ABIL_KIND_COL = -1
        assert pool.ability_kinds(ruler) == (0,) * len(pool.ability_kinds(ruler) or ())
    finally:
        type(pool).ABIL_KIND_COL = saved


def test_cr_705_3_as_like_decks_match_ability_kinds_with_other_sides(pool):
    from tcg_env.cards.deck_like import deck_like

    spec = tcg_env.get_spec("force_of_will")
    base = spec.load_tables()
    for like in spec.list_decks():
        ref = [int(c) for c in spec.load_deck(base, like, None).card_ids]
        try:
            deck = deck_like("force_of_will", pool, like, abilities="as_like")
        except Exception:  # noqa: BLE001 - a shape the pool cannot fill is not this test's subject
            continue
        matched = sum(base.ability_kinds(c) == pool.ability_kinds(pool.index[n]) for c, n in zip(ref, deck))
        # most cards of the deck find one of the same kinds in a pool of 4,000 cards (rare kinds fall back to the rows)
        assert matched >= 0.8 * len(ref), (like, matched, len(ref))
        rulers = [(c, n) for c, n in zip(ref, deck) if base.cards[c, K.C_TYPE] == K.CardType.RULER]
        for c, n in rulers:
            assert base.ability_kinds(c) == pool.ability_kinds(pool.index[n]), (like, base.numbers[c], n)


def test_cr_206_207_as_like_resonators_are_the_nearest_in_atk_and_def(pool):
    """Among the cards that match, the nearest in ATK and DEF (``STAT_COLS``): the fow-sim list's as_like resonators
    had a mean DEF of 497 for ember_gale_aggro's 378 before, and its games ran a quarter longer."""
    from tcg_env.cards.deck_like import deck_like
    assert pool.STAT_COLS == (K.C_ATK, K.C_DEF)
    spec = tcg_env.get_spec("force_of_will")
    base = spec.load_tables()
    like = "ember_gale_aggro"
    ref = [int(c) for c in spec.load_deck(base, like, None).card_ids]
    pairs = [(c, pool.index[n]) for c, n in zip(ref, deck_like("force_of_will", pool, like, abilities="as_like"))
             if base.cards[c, K.C_TYPE] == K.CardType.RESONATOR]  # fmt: skip
    for col in (K.C_ATK, K.C_DEF):
        gap = sum(abs(int(base.cards[c, col]) - int(pool.cards[d, col])) for c, d in pairs) / len(pairs)
        assert gap <= 100, (col, gap)


def test_as_like_decks_need_no_kernel_work_the_built_in_deck_does_not(pool):
    """The pool's row of kernel flags a game of the as_like deck needs (``in_play_pool_flags``: [Remnant] in a
    graveyard, revealed cards...) holds no bit the built-in deck's row does not, where the pool has such cards: a chant
    with [Remnant] (CR 1115) stood for one without, and every priority mask of its games looked for it."""
    import numpy as np

    from tcg_env.cards.deck_like import deck_like

    spec = tcg_env.get_spec("force_of_will")
    base = spec.load_tables()
    like = "ember_gale_aggro"
    ref = np.unique([int(c) for c in spec.load_deck(base, like, None).card_ids]).astype(np.int32)
    deck = np.unique([pool.index[n] for n in deck_like("force_of_will", pool, like, abilities="as_like")])
    allowed = base.in_play_pool_flags(ref)
    need = pool.in_play_pool_flags(deck.astype(np.int32))
    assert not np.any(need & ~allowed), ([hex(int(x)) for x in need], [hex(int(x)) for x in allowed])


def test_cr_402_4b_deck_like_stands_a_basic_stone_for_a_basic_stone_held_more_than_four_times(pool):
    """The built-in dawn_sentinels deck holds seven of one basic magic stone (any number: CR 402.4b); a special magic
    stone of the same will standing for it broke CR 402.4c (at most four of a name) and the deck could not be built
    (session 32: ``max_copies``)."""
    from collections import Counter

    from tcg_env.cards.deck_like import deck_like

    for abilities in ("first", "as_like"):
        numbers = deck_like("force_of_will", pool, "dawn_sentinels", abilities=abilities)
        number, n = Counter(numbers).most_common(1)[0]
        cid = pool.index[number]
        assert n == 7 and pool.cards[cid, K.C_TYPE] == K.CardType.MAGIC_STONE and pool.cards[cid, K.C_BASIC] & 1
        assert pool.max_copies(cid) is None


def test_cr_402_3b_a_card_may_be_held_four_times_unless_it_says_otherwise():
    pool = tcg_env.get_spec("force_of_will").load_tables()
    resonator = next(c for c in range(pool.n_cards) if pool.cards[c, K.C_TYPE] == K.CardType.RESONATOR
                     and not pool.cards[c, K.C_BASIC])  # fmt: skip
    assert pool.max_copies(resonator) == K.MAX_COPIES == 4
