"""Force of Will's pool flags from the cards a game can hold (session 29, issue 30): ``FowCardTable.in_play_pool_flags``
derives the pool's row of flags (``fow_kernel_flags``) from the decks' cards, their other sides (a ruler's J-ruler side,
CR 705.3; an Inverse card's despair side, CR 1302.3) and the tokens their programs make (CR 1303), so that a game of
two decks of an imported list of 3,800 cards does not pay for rules only the list's other cards have. That random play
with these flags is the same game as with every bit set is ``tests/engine/test_pool_flags.py``'s (Force of Will's
imported pool included). The imported list is read from ``../shared/carddata`` and the tests skip without it."""

from __future__ import annotations

import numpy as np

import tcg_env
from tcg_env.engine.tables import unpack_flags, unpack_tables
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.cards import fow_kernel_flags


def _pool():
    from tests.shared_carddata import imported_pool

    return imported_pool("force_of_will", "force_of_will", "antlebel2_fow-sim__cards.json")


def _own_flags(pool, cid: int) -> np.ndarray:
    """The pool's row of flags from card ``cid``'s own abilities and printed values alone (no other side, no token)."""
    owned = pool.abilities[:, K.A_CARD] == cid
    rows = np.zeros(pool.code.shape[0], bool)
    for start, length in pool.abilities[owned][:, [K.A_CODE_START, K.A_CODE_LEN]].tolist():
        rows[start:start + length] = True
    return fow_kernel_flags(pool.cards[[cid]], pool.code[rows], pool.abilities[owned], pool.filters)[-1]


def test_issue_30_a_games_flags_are_a_subset_of_the_whole_pools_and_the_tables_are_the_same():
    from tcg_env.cards.deck_like import deck_like

    pool = _pool()
    decks = [deck_like("force_of_will", pool, None, seed=i, abilities="as_like") for i in range(2)]
    T = tcg_env.make_batch("force_of_will", 2, decks=decks, pool=pool)._T
    whole, ours = unpack_flags(pool.kernel_tables), unpack_flags(T)
    assert (whole[-1] & ~ours[-1] != 0).any(), "two decks should need fewer bits than the whole list"
    assert (ours[-1] & ~whole[-1] == 0).all(), "a game never needs a bit the whole pool lacks"
    assert np.array_equal(whole[:-1], ours[:-1])  # the cards' own rows: the same
    for a, b in zip(unpack_tables(pool.kernel_tables), unpack_tables(T)):
        assert np.array_equal(a, b)


def test_cr_705_3_and_1302_3_a_cards_other_side_is_reachable_both_ways_and_its_rules_count():
    """A ruler's game can hold its J-ruler side (CR 705.3: [Judgment] turns it over) and an Inverse card's its despair
    side (CR 1302.3, "Invert this card"); the flags of a game of the front side hold the back side's bits."""
    pool = _pool()
    j = pool.cards[:, K.C_J_SIDE]
    rulers = [c for c in range(pool.n_cards) if pool.cards[c, K.C_TYPE] == K.CardType.RULER and j[c] >= 0]
    hopes = [c for c in range(pool.n_cards) if pool.cards[c, K.C_TYPE] not in (K.CardType.RULER, K.CardType.J_RULER)
             and j[c] >= 0]
    assert rulers and hopes, "the list has rulers with a J-ruler side and Inverse cards"
    for front in (rulers[0], hopes[0]):
        back = int(j[front])
        assert set(pool.cards_reachable(np.array([front])).tolist()) == {front, back}
        assert back in pool.cards_reachable(np.array([back])).tolist() and front in pool.cards_reachable(
            np.array([back])).tolist()  # and back (C_J_SIDE of a J-ruler: its ruler; of a despair side: -2 - its hope)
    # a ruler whose J-ruler side alone needs a bit: the game of the ruler has it
    seen = 0
    for ruler in rulers:
        extra = _own_flags(pool, int(j[ruler])) & ~_own_flags(pool, ruler)
        if extra.any():
            got = unpack_flags(pool.kernel_tables_for(np.array([ruler])))[-1]
            assert ((got & extra) == extra).all(), pool.names[ruler]
            seen += 1
    assert seen, "some J-ruler side should need a bit its ruler's own abilities do not"


def test_cr_1303_the_tokens_a_card_makes_are_reachable():
    """A token (CR 1303) is no deck's card: a game holds one when a card of its decks makes it (Op.MAKE_TOKEN's a0)."""
    pool = _pool()
    makers = {}
    for r in range(pool.abilities.shape[0]):
        start, length = int(pool.abilities[r, K.A_CODE_START]), int(pool.abilities[r, K.A_CODE_LEN])
        run = pool.code[start:start + length]
        for token in run[run[:, K.I_OP] == K.Op.MAKE_TOKEN, K.I_A0].tolist():
            makers.setdefault(int(pool.abilities[r, K.A_CARD]), set()).add(int(token))
    assert makers, "the list has cards that make tokens"
    maker, tokens = next(iter(makers.items()))
    assert all(pool.cards[t, K.C_TYPE_BITS] & K.TB_TOKEN for t in tokens)
    assert set(pool.cards_reachable(np.array([maker])).tolist()) >= {maker, *tokens}
    plain = next(c for c in range(pool.n_cards) if c not in makers and pool.cards[c, K.C_J_SIDE] == -1)
    assert pool.cards_reachable(np.array([plain])).tolist() == [plain]


def test_the_builtin_pools_games_need_no_bit_its_whole_row_lacks():
    pool = tcg_env.get_spec("force_of_will").load_tables()
    T = tcg_env.make_batch("force_of_will", 2, pool=pool)._T
    assert (unpack_flags(T)[-1] & ~unpack_flags(pool.kernel_tables)[-1] == 0).all()
    assert np.array_equal(pool.in_play_pool_flags(np.arange(pool.n_cards)), unpack_flags(pool.kernel_tables)[-1])


def _bits(prefix: str) -> dict[int, list[str]]:
    named: dict[int, list[str]] = {}
    for name in dir(K):
        v = getattr(K, name)
        if name.startswith(prefix) and isinstance(v, int) and v > 0 and v & (v - 1) == 0:
            named.setdefault(v, []).append(name)
    return named


def test_issue_30_the_pool_rows_flag_bits_and_the_restriction_bits_are_distinct():
    """Each FLAG_* of the pool's FL_MISC word and each RESTRICT_* bit is its own bit: two helpers of session 33 gave
    FLAG_ATTR_ANY and FLAG_BECOMES_RESTED both 1 << 25, and one ability's presence would have switched the other's
    kernel path on. The enums have no unintended alias either (Op.GAIN_CONTROL is REMOVE_FROM_BATTLE's a0 form)."""
    for prefix in ("FLAG_", "RESTRICT_"):
        assert {v: n for v, n in _bits(prefix).items() if len(n) > 1} == {}, prefix
    assert all(v < 1 << 31 for v in _bits("FLAG_"))  # an int32 word
    aliases = {(e.__name__, alias) for e in (K.Op, K.Condition, K.Trigger, K.Per, K.Shield)
               for alias, member in e.__members__.items() if member.name != alias}
    assert aliases == {("Op", "GAIN_CONTROL")}
