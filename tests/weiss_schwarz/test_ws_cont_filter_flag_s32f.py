"""Session 32 (issue 30, speed): FLAG_CONT_FILTERED, the card rows' bit of the flags table that says a card's continuous
instructions have a target filter ``filter_match`` must test (CR 8.9: a CONT ability's effect applies to the cards its
text names). Clear, ``characteristics.apply_cont`` tests the side and "this card" itself and skips the call; the play
must be the same as with the bit set on every card (the default table's: nothing skipped)."""

from __future__ import annotations

import numpy as np

import tcg_env
from tcg_env.engine.tables import pack_tables, unpack_flags, unpack_obs_rows, unpack_tables
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.cards import stage_trivial_filter, ws_kernel_flags


def _aura_filters(pool, cid):
    """The target filter rows of card ``cid``'s CONT abilities' continuous instructions."""
    out = []
    a0 = int(pool.cards[cid, K.C_ABIL_START])
    for r in range(a0, a0 + int(pool.cards[cid, K.C_ABIL_COUNT])):
        if pool.abilities[r, K.A_KIND] != K.AbilityKind.CONT:
            continue
        c0 = int(pool.abilities[r, K.A_CODE_START])
        for row in pool.code[c0:c0 + int(pool.abilities[r, K.A_CODE_LEN])]:
            if K.Op.AURA_POWER <= row[K.I_OP] <= K.Op.AURA_POWER_LEVEL:
                out.append(int(row[K.I_A1]))
    return out


def test_cr_8_9_cont_filter_flag_marks_the_cards_whose_aura_filters_test_more_than_side_and_self():
    pool = tcg_env.get_spec("weiss_schwarz").load_tables()
    F = pool.kernel_flags()
    clear = set_ = 0
    for cid in range(pool.n_cards):
        frows = _aura_filters(pool, cid)
        if not frows:
            continue
        trivial = all(stage_trivial_filter(pool.filters[f]) for f in frows)
        assert bool(F[cid, K.FL_MISC] & K.FLAG_CONT_FILTERED) == (not trivial), pool.names[cid]
        clear += trivial
        set_ += not trivial
    assert clear > 0 and set_ > 0  # climaxes' "your characters get ..."; Assist's "characters in front of this card"
    assert F[-1, K.FL_MISC] & K.FLAG_CONT_FILTERED == 0  # a card's fact: not in the pool's row (deck_like compares those)
    # without the filter table every card with a continuous instruction keeps the call
    conservative = ws_kernel_flags(pool.cards, pool.abilities, pool.code)
    for cid in range(pool.n_cards):
        if _aura_filters(pool, cid) and conservative[cid, K.FL_CONT] != 0:
            assert conservative[cid, K.FL_MISC] & K.FLAG_CONT_FILTERED


def test_cr_8_9_auras_apply_the_same_with_and_without_the_filter_calls_skipped():
    """Random play of the built-in pool's decks with the derived flags and with FLAG_CONT_FILTERED set on every card row
    (every target filter tested by filter_match): the same states, observations and masks after every call."""
    spec = tcg_env.get_spec("weiss_schwarz")
    decks = ["yellow_soul_rush", "blue_counter_control"]

    def play(T, calls=40):
        batch = tcg_env.make_batch("weiss_schwarz", 4, decks=decks, seed=5)
        k = batch.spec.kernels
        T = batch._T if T is None else T
        rng = k.seed_agent_rng(4, 3)
        counters = np.zeros((4, 5), np.int64)
        out = []
        for i in range(calls):
            k.random_play_batch(batch.states, T, batch.decks, batch.deck_lens, batch.seeds, batch.variant_index,
                                (1, 4, 9)[i % 3], batch.obs, batch.masks, rng, counters)
            out.append((batch.states.copy(), batch.obs.copy(), batch.masks.copy()))
        return out, batch._T

    ours, T = play(None)
    flags = unpack_flags(T).copy()
    assert np.any(flags[:-1, K.FL_CONT] != 0) and np.any((flags[:-1, K.FL_MISC] & K.FLAG_CONT_FILTERED) == 0)
    flags[:-1, K.FL_MISC] |= K.FLAG_CONT_FILTERED
    every, _ = play(pack_tables(*unpack_tables(T), unpack_obs_rows(T), flags))
    assert spec is not None
    for i, (a, b) in enumerate(zip(ours, every)):
        for x, y in zip(a, b):
            assert np.array_equal(x, y), f"call {i}"
