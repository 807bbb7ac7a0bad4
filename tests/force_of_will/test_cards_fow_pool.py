"""The compiled starter pool against the contract of constants.py (the tables the kernels read), and
its coverage of issue 18's keyword list."""

from __future__ import annotations

import numpy as np
import pytest

from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.cards import EFFECT_OPS, load_force_of_will_pool

T = K.CardType


@pytest.fixture(scope="module")
def pool():
    return load_force_of_will_pool()


def test_tables_have_the_contract_shapes(pool):
    assert pool.cards.shape == (pool.n_cards, K.C_NCOLS) and pool.cards.dtype == np.int32
    assert pool.abilities.shape[1] == K.A_NCOLS and pool.filters.shape[1] == K.F_NCOLS
    assert pool.code.shape[1] == K.I_NCOLS
    assert pool.obs_features.shape == (pool.n_cards, K.CARD_OBS_FEATURES)
    assert pool.kernel_tables.dtype == np.int32
    for t in (pool.cards, pool.abilities, pool.filters, pool.code):
        assert t.flags["C_CONTIGUOUS"]


# the columns that are runs (one per attribute) rather than one column
_RUNS = {"C_COST": K.N_ATTRIBUTES, "C_JUDGMENT_COST": K.N_ATTRIBUTES, "A_COST": K.N_ATTRIBUTES, "C_MOBILIZE": K.N_ATTRIBUTES}


@pytest.mark.parametrize("prefix", ["C_", "A_", "F_", "I_"])
def test_the_tables_columns_numbered_by_hand_fill_each_table_once(prefix):
    """constants.py numbers the columns of the card, ability, filter and code tables by hand: every
    column is some name's (no gap: a removed column's successors were renumbered) and one name's
    only, and the table's width (``*_NCOLS``) is their count."""
    names = {k: v for k, v in vars(K).items() if k.startswith(prefix) and isinstance(v, int) and k != f"{prefix}NCOLS"}
    used = sorted(c for k, v in names.items() for c in range(v, v + _RUNS.get(k, 1)))
    assert used == list(range(getattr(K, f"{prefix}NCOLS")))


def test_pool_is_original_and_large_enough(pool):
    # issue 18: at least 80 cards over the six attributes (void: no attribute bit, CR 208.4)
    assert pool.n_cards >= 80
    attrs = pool.cards[:, K.C_ATTR]
    for a in K.Attribute:
        assert np.count_nonzero(attrs & (1 << a)) >= 8, a.name
    paid = np.isin(pool.cards[:, K.C_TYPE], [T.RESONATOR, T.CHANT, T.REGALIA])
    assert np.count_nonzero(paid & (attrs == 0)) >= 4  # void cards


def test_cr_705_3_j_side_links_both_ways(pool):
    rulers = np.flatnonzero(pool.cards[:, K.C_TYPE] == T.RULER)
    js = np.flatnonzero(pool.cards[:, K.C_TYPE] == T.J_RULER)
    assert len(js) >= 5
    for j in js:
        r = pool.cards[j, K.C_J_SIDE]
        assert pool.cards[r, K.C_TYPE] == T.RULER and pool.cards[r, K.C_J_SIDE] == j
        cost = pool.cards[r, K.C_JUDGMENT_COST : K.C_JUDGMENT_COST + K.N_ATTRIBUTES].sum() + pool.cards[r, K.C_JUDGMENT_FREE]
        assert cost > 0
    assert any(pool.cards[r, K.C_J_SIDE] == -1 for r in rulers)  # a ruler without [Judgment]


def test_cr_402_4_magic_stones_produce_will(pool):
    stones = np.flatnonzero(pool.cards[:, K.C_TYPE] == T.MAGIC_STONE)
    assert all(0 <= pool.cards[s, K.C_WILL_A] <= K.WILL_VOID for s in stones)
    basic = stones[pool.cards[stones, K.C_BASIC] == 1]
    dual = stones[pool.cards[stones, K.C_WILL_B] >= 0]
    assert len(basic) == 5 and sorted(pool.cards[basic, K.C_WILL_A]) == list(range(K.N_ATTRIBUTES))
    assert len(dual) >= 4 and all(pool.cards[dual, K.C_BASIC] == 0)
    others = np.flatnonzero(pool.cards[:, K.C_TYPE] != T.MAGIC_STONE)
    assert np.all(pool.cards[others, K.C_WILL_A] == -1)


def test_ability_rows_point_back_at_their_card(pool):
    for cid in range(pool.n_cards):
        for row in pool.ability_rows(cid):
            assert pool.abilities[row, K.A_CARD] == cid
            start, n = pool.abilities[row, K.A_CODE_START], pool.abilities[row, K.A_CODE_LEN]
            assert 0 <= start and start + n <= pool.n_code
        for col in (K.C_SPELL_ABIL, K.C_AWAKEN_ABIL, K.C_TRIGGER_ABIL):
            row = pool.cards[cid, col]
            assert row == -1 or row in pool.ability_rows(cid)
    chants = pool.cards[:, K.C_TYPE] == T.CHANT
    assert np.all(pool.cards[chants, K.C_SPELL_ABIL] >= 0)
    assert np.all(pool.abilities[pool.cards[chants, K.C_SPELL_ABIL], K.A_KIND] == K.AbilityKind.SPELL)


def test_programs_choose_first_and_fill_registers_before_use(pool):
    on_reg = {int(EFFECT_OPS[n]) for n in ("power", "damage", "destroy", "rest", "recover", "return_to_hand",
                                           "remove", "cancel", "banish", "grant_keyword", "restrict", "counter")}
    fill = {int(K.Op.CHOOSE), int(K.Op.SELECT_ALL), int(K.Op.TARGET_SELF)}
    for row in range(pool.n_abilities):
        start, n = pool.abilities[row, K.A_CODE_START], pool.abilities[row, K.A_CODE_LEN]
        ops = pool.code[start : start + n]
        filled: set[int] = set()
        chosen_done = False
        for op, reg, a0, a1, a2 in ops.tolist():
            assert op in {int(o) for o in K.Op}
            if op == K.Op.CHOOSE:
                assert not chosen_done and 0 <= a0 < pool.n_filters and 1 <= a1 <= K.TARGET_MAX
            else:
                chosen_done = True
            if op in fill:
                assert reg not in filled
                filled.add(reg)
            if op in on_reg:
                assert reg in filled
            if op in (K.Op.AURA_POWER, K.Op.AURA_KEYWORD, K.Op.AURA_RESTRICT, K.Op.COST_REDUCTION):
                assert pool.abilities[row, K.A_KIND] == K.AbilityKind.CONTINUOUS and 0 <= a1 < pool.n_filters
            if op == K.Op.PRODUCE_WILL:
                assert pool.abilities[row, K.A_KIND] == K.AbilityKind.WILL and 0 <= a0 <= K.WILL_VOID
    cont = pool.cards[:, K.C_HAS_CONT] == 1
    assert cont.any()


# issue 18's keyword list: each must be on some card of the starter pool
def _has(pool, what: str) -> bool:
    c, a = pool.cards, pool.abilities
    kinds = a[: pool.n_abilities]
    if what in K.KEYWORD_BITS:
        return bool(np.any(c[:, K.C_KEYWORDS] & K.KEYWORD_BITS[what]))
    return {
        "awakening": lambda: bool(np.any(c[:, K.C_AWAKEN_ABIL] >= 0)),
        "incarnation": lambda: bool(np.any(c[:, K.C_INCARNATION] != 0) and np.all(c[c[:, K.C_INCARNATION] != 0, K.C_INCARNATION_N] >= 1)),
        "trigger": lambda: bool(np.any(c[:, K.C_TRIGGER_ABIL] >= 0)),
        "stealth": lambda: bool(np.any(c[:, K.C_STEALTH_ABIL] >= 0)),
        "mana": lambda: bool(np.any(c[:, K.C_MANA] > 0)),
        "enter": lambda: bool(np.any((kinds[:, K.A_KIND] == K.AbilityKind.AUTOMATIC) & (kinds[:, K.A_TRIGGER] == K.Trigger.ENTER))),
    }[what]()


ISSUE_KEYWORDS = ["pierce", "precision", "first_strike", "explode", "flying", "swiftness", "imperishable",
                  "awakening", "incarnation", "quickcast", "trigger", "stealth", "barrier", "mana", "drain",
                  "eternal", "enter"]


@pytest.mark.parametrize("keyword", ISSUE_KEYWORDS)
def test_starter_pool_covers_issue_keyword(pool, keyword):
    assert _has(pool, keyword), f"no card of the starter pool has {keyword}"


def test_starter_pool_covers_ability_kinds_and_costs(pool):
    a = pool.abilities[: pool.n_abilities]
    for kind in K.AbilityKind:
        assert np.any(a[:, K.A_KIND] == kind), kind.name
    assert np.any(a[:, K.A_COST_REST]) and np.any(a[:, K.A_COST_BANISH_SELF]) and np.any(a[:, K.A_COST_DISCARD])
    assert np.any(a[:, K.A_COST_LIFE]) and np.any(a[:, K.A_ONCE] == 1) and np.any(a[:, K.A_ONCE] == 2)
    assert np.any(a[:, K.A_COST : K.A_COST + K.N_ATTRIBUTES].sum(axis=1) > 0)
    types = set(pool.cards[:, K.C_TYPE].tolist())
    assert {T.RULER, T.J_RULER, T.MAGIC_STONE, T.RESONATOR, T.CHANT, T.ADDITION, T.REGALIA} <= types
    quick = pool.cards[:, K.C_KEYWORDS] & K.KW_QUICKCAST != 0
    assert np.any(quick & (pool.cards[:, K.C_TYPE] == T.CHANT)) and np.any(quick & (pool.cards[:, K.C_TYPE] == T.RESONATOR))
    adds = pool.cards[pool.cards[:, K.C_TYPE] == T.ADDITION, K.C_ADDITION]
    assert {K.AdditionTarget.RESONATOR, K.AdditionTarget.J_RESONATOR} <= set(adds.tolist())
    assert np.any(pool.filters[: pool.n_filters, K.F_ADDED_TO] == 1)


def test_describe_card(pool):
    cid = pool.card_id("FOW1-024")
    assert pool.describe_card(cid) == "Cinder Whelp [FOW1-024] fire resonator {R} 400/200"
