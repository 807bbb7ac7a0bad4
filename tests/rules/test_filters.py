"""The standard filter vocabulary (tcg_env.rules.filters): each word's predicate, and FF-TCG's
filter_match written with them (as its adoption will write it) against the game's own, on its
real card pool and random positions."""

from __future__ import annotations

import itertools

import numpy as np
from numba import njit

from tcg_env.rules import filters as F
from tcg_env.rules.filters import NO_VALUE

ZONES = (5, 7, 9)  # a game's zone for each of its filter-zone codes


@njit
def _words(mask, value, bits, want, v0, v1, v2, lo, hi, x, side, holder, viewer, state, turned, exclude, slot, source,
           code, zone):
    return np.array([
        F.passes_bits_of_value(mask, value), F.passes_bits(mask, bits), F.passes_equals(want, v0),
        F.passes_equals_any2(want, v0, v1), F.passes_equals_any3(want, v0, v1, v2), F.passes_at_least(lo, x),
        F.passes_at_most(hi, x), F.passes_range(lo, hi, x), F.passes_side(side, 1, 2, holder, viewer),
        F.passes_state(state, 1, 2, turned), F.passes_not_source(exclude, slot, source),
        F.passes_zone(code, zone, ZONES)])


def _python(mask, value, bits, want, v0, v1, v2, lo, hi, x, side, holder, viewer, state, turned, exclude, slot, source,
            code, zone):
    """The words as the rules say them, one by one."""
    has = x != NO_VALUE
    return [
        mask == 0 or value in [b for b in range(8) if mask >> b & 1],
        mask == 0 or any(mask >> b & 1 and bits >> b & 1 for b in range(8)),
        want == 0 or v0 == want,
        want == 0 or want in (v0, v1),
        want == 0 or want in (v0, v1, v2),
        lo < 0 or (has and x >= lo),
        hi < 0 or (has and x <= hi),
        (lo < 0 or (has and x >= lo)) and (hi < 0 or (has and x <= hi)),
        {1: holder == viewer, 2: holder != viewer}.get(side, True),
        {1: not turned, 2: bool(turned)}.get(state, True),
        not exclude or slot != source,
        not 0 <= code < len(ZONES) or zone == ZONES[code],
    ]


def test_each_word_passes_at_its_any_value_and_tests_what_its_rule_says():
    """Every predicate against its plain statement, over small values of every argument (the
    "any" values 0 / -1 included, a card without the number, each side and state value)."""
    rng = np.random.default_rng(6)
    for _ in range(4000):
        args = [int(rng.integers(0, 4)), int(rng.integers(0, 3)), int(rng.integers(0, 8)), int(rng.integers(0, 3)),
                int(rng.integers(0, 3)), int(rng.integers(0, 3)), int(rng.integers(0, 3)), int(rng.integers(-1, 4)),
                int(rng.integers(-1, 4)), NO_VALUE if rng.random() < 0.2 else int(rng.integers(0, 4)),
                int(rng.integers(0, 3)), int(rng.integers(0, 2)), int(rng.integers(0, 2)), int(rng.integers(0, 3)),
                bool(rng.integers(0, 2)), int(rng.integers(0, 2)), int(rng.integers(0, 3)), int(rng.integers(-1, 3)),
                int(rng.integers(-1, 5)), int(rng.choice([5, 7, 9, 6]))]
        assert list(_words(*args)) == _python(*args), args


def test_cr_fftcg_6_2_whose_card_is_its_controllers_where_control_exists_and_its_owners_elsewhere():
    """FF-TCG CR 6.2 / Force of Will CR 105.3a: ``holder_of`` reads the controller where the game
    says control exists (the field), else the owner."""

    @njit
    def holder(s, controlled):
        return F.holder_of(s, 0, 1, controlled)

    s = np.array([0, 1], np.int32)  # owner 0, controller 1
    assert holder(s, True) == 1 and holder(s, False) == 0


# ---------------------------------------------------------------------------------------------
# FF-TCG's filter_match written with the words, against the game's own
# ---------------------------------------------------------------------------------------------
def _fftcg_filter_match():
    """FF-TCG's filter_match (board.py) as its adoption writes it: one line per word."""
    from tcg_env.engine.tables import card_table, filter_table
    from tcg_env.games.fftcg import constants as K
    from tcg_env.games.fftcg import state as S

    CARD, OWNER, CONTROLLER, ZONE, DULL, D_POWER, W = S.CARD, S.OWNER, S.CONTROLLER, S.ZONE, S.DULL, S.D_POWER, S.CARD_W
    FIELD, FORWARD = int(K.Zone.FIELD), int(K.CardType.FORWARD)
    FILTER_ZONES = tuple(int(z) for z in (K.Zone.FIELD, K.Zone.DECK, K.Zone.BREAK, K.Zone.HAND))  # FilterZone order
    OWN, OPP, ACTIVE, DULL_STATE = int(K.Side.OWN), int(K.Side.OPPONENT), int(K.CardState.ACTIVE), int(K.CardState.DULL)

    @njit(_nrt=False, no_cpython_wrapper=True)  # as the game's kernels (engine.jit.internal), uncached
    def filter_match(s, T, frow, slot, viewer, source):
        w = slot * W
        cid = s[CARD + w]
        if cid < 0:
            return False
        f = filter_table(T)[frow]
        c = card_table(T)[cid]
        zone = s[ZONE + w]
        on_field = zone == FIELD
        power = NO_VALUE if c[K.C_TYPE] != FORWARD else (s[D_POWER + w] if on_field else c[K.C_POWER])
        return (F.passes_bits_of_value(f[K.F_TYPE_MASK], c[K.C_TYPE])
                and F.passes_zone(f[K.F_ZONE], zone, FILTER_ZONES)
                and F.passes_side(f[K.F_SIDE], OWN, OPP, F.holder_of(s, OWNER + w, CONTROLLER + w, on_field), viewer)
                and F.passes_bits_of_value(f[K.F_ELEMENT_MASK], c[K.C_ELEMENT])
                and F.passes_range(f[K.F_COST_MIN], f[K.F_COST_MAX], c[K.C_COST])
                and F.passes_range(f[K.F_POWER_MIN], f[K.F_POWER_MAX], power)  # Forwards only
                and F.passes_equals(f[K.F_JOB], c[K.C_JOB])
                and F.passes_equals(f[K.F_NAME], c[K.C_NAME])
                and F.passes_equals(f[K.F_CATEGORY], c[K.C_CATEGORY])
                and F.passes_state(f[K.F_STATE], ACTIVE, DULL_STATE, s[DULL + w] != 0)
                and F.passes_not_source(f[K.F_EXCLUDE_SELF], slot, source))

    return filter_match


def _fftcg_positions(rng, n):
    from tcg_env.engine.tables import unpack_tables
    from tcg_env.games.fftcg import constants as K
    from tcg_env.games.fftcg import state as S
    from tcg_env.registry import get_spec

    T = get_spec("fftcg").load_tables().kernel_tables
    n_cards = unpack_tables(T)[0].shape[0]
    zones = [int(z) for z in (K.Zone.FIELD,) * 5 + (K.Zone.HAND, K.Zone.DECK, K.Zone.BREAK)]  # most filters: the field
    rows = []
    for _ in range(n):
        s = np.zeros(S.STATE_SIZE, np.int32)
        for slot in range(K.N_SLOTS):
            w = slot * S.CARD_W
            s[S.CARD + w] = rng.integers(-1, n_cards) if slot else -1  # (slot 0 empty)
            s[S.OWNER + w] = rng.integers(2)
            s[S.CONTROLLER + w] = rng.integers(2)
            s[S.ZONE + w] = zones[rng.integers(len(zones))]
            s[S.DULL + w] = rng.integers(2)
            s[S.D_POWER + w] = rng.integers(0, 12) * 1000
        rows.append(s)
    return T, rows


def test_fftcg_filter_match_written_with_the_words_matches_the_same_cards():
    from tcg_env.engine.tables import unpack_tables
    from tcg_env.games.fftcg import constants as K
    from test_game_adoption import _kernel

    game_filter = _kernel("fftcg", "filter_match")
    layer_filter = _fftcg_filter_match()

    @njit
    def both(s, T, frow, slot, viewer, source):
        return game_filter(s, T, frow, slot, viewer, source), layer_filter(s, T, frow, slot, viewer, source)

    rng = np.random.default_rng(5)
    T, rows = _fftcg_positions(rng, 12)
    n_filters = unpack_tables(T)[2].shape[0]
    checked = hits = 0
    for s in rows:
        for frow, slot, viewer in itertools.product(range(n_filters), rng.integers(0, K.N_SLOTS, 6), range(2)):
            source = int(rng.integers(-1, K.N_SLOTS))
            g, l = both(s, T, frow, int(slot), viewer, source)
            assert g == l, (frow, int(slot), viewer, source)
            checked += 1
            hits += g
    assert checked > 1000 and 0.05 < hits / checked < 0.95  # both outcomes were compared often
