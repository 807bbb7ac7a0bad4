"""The FF-TCG starter pool compiles and exercises the whole effect vocabulary."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from tcg_env.games.fftcg.cards import EFFECT_OPS, compile_fftcg_pool, load_fftcg_cards, load_fftcg_pool
from tcg_env.games.fftcg import constants as K


@pytest.fixture(scope="module")
def table():
    return load_fftcg_pool()


def _programs(table):
    """(ability row, list of code rows) for every ability."""
    ab = table.abilities[: table.n_abilities]
    for r in range(table.n_abilities):
        s, n = int(ab[r, K.A_CODE_START]), int(ab[r, K.A_CODE_LEN])
        yield r, table.code[s : s + n]


def test_pool_compiles_to_int32_tables(table):
    cards, abilities, filters, code = table.cards, table.abilities, table.filters, table.code
    for arr, ncols in ((cards, K.C_NCOLS), (abilities, K.A_NCOLS), (filters, K.F_NCOLS), (code, K.I_NCOLS)):
        assert arr.dtype == np.int32 and arr.flags.c_contiguous and arr.ndim == 2
        assert arr.shape[1] == ncols and arr.shape[0] >= 1
    assert cards.shape[0] == table.n_cards == len(table.numbers) == len(table.names) == len(table.texts)
    assert table.n_abilities == abilities.shape[0]
    assert table.n_code == code.shape[0]
    assert len(table.index) == table.n_cards
    # ability rows belong to their card and are contiguous
    for cid in range(table.n_cards):
        for r in table.ability_rows(cid):
            assert abilities[r, K.A_CARD] == cid
    # every code row belongs to exactly one program
    covered = np.zeros(table.n_code, dtype=int)
    for _, prog in _programs(table):
        assert len(prog) >= 1
    for r in range(table.n_abilities):
        s, n = abilities[r, K.A_CODE_START], abilities[r, K.A_CODE_LEN]
        covered[s : s + n] += 1
    assert (covered == 1).all()


def test_pool_size_and_mix(table):
    assert table.n_cards >= 90
    els = Counter(K.Element(int(e)).name.lower() for e in table.cards[:, K.C_ELEMENT])
    for e in ("fire", "ice", "wind", "lightning", "water", "earth"):
        assert els[e] >= 9, els
    assert els["light"] >= 4 and els["dark"] >= 4
    types = Counter(K.CardType(int(t)).name for t in table.cards[:, K.C_TYPE])
    n = table.n_cards
    assert 0.38 <= types["FORWARD"] / n <= 0.52
    assert 0.24 <= types["BACKUP"] / n <= 0.36
    assert 0.18 <= types["SUMMON"] / n <= 0.30
    assert table.numbers[0] == "FF1-001"
    assert all(t.strip() for t in table.texts), "every card has readable text"
    assert len(set(table.names)) == n, "names are unique in the starter pool"


def test_forward_power_curve(table):
    for cid in range(table.n_cards):
        row = table.cards[cid]
        if row[K.C_TYPE] == K.CardType.FORWARD:
            cost, power = int(row[K.C_COST]), int(row[K.C_POWER])
            assert 1 <= cost <= 7
            assert 1000 * cost + 2000 <= power <= 1000 * cost + 5000, table.describe_card(cid)
        else:
            assert row[K.C_POWER] == 0


def test_every_op_trigger_condition_kind_keyword_is_used(table):
    ab = table.abilities[: table.n_abilities]
    code = table.code[: table.n_code]
    # the vocabulary only real cards' text uses is exercised by tests/fftcg/test_fftcg_card_text.py (the
    # starter pool's recorded games stay as they are: constants.REAL_CARD_*)
    assert set(int(o) for o in code[:, K.I_OP]) == set(int(o) for o in K.Op) - set(K.REAL_CARD_OPS)
    assert set(EFFECT_OPS.values()) == set(K.Op)
    assert set(int(t) for t in ab[:, K.A_TRIGGER]) == set(int(t) for t in K.Trigger) - set(K.REAL_CARD_TRIGGERS)
    assert set(int(c) for c in ab[:, K.A_COND]) == set(int(c) for c in K.Condition) - set(K.REAL_CARD_CONDITIONS)
    assert set(int(k) for k in ab[:, K.A_KIND]) == set(int(k) for k in K.AbilityKind)
    printed = np.bitwise_or.reduce(table.cards[:, K.C_KEYWORDS])
    assert printed == K.KW_HASTE | K.KW_BRAVE | K.KW_FIRST_STRIKE
    granted = code[code[:, K.I_OP] == K.Op.GRANT_KEYWORD, K.I_A0]
    assert np.bitwise_or.reduce(granted) & (K.KW_HASTE | K.KW_BRAVE | K.KW_FIRST_STRIKE) == 7
    # every keyword is printed on at least one card by itself
    for bit in (K.KW_HASTE, K.KW_BRAVE, K.KW_FIRST_STRIKE):
        assert (table.cards[:, K.C_KEYWORDS] & bit).any()


def test_costs_and_card_features_are_exercised(table):
    ab = table.abilities[: table.n_abilities]
    acts = ab[np.isin(ab[:, K.A_KIND], [K.AbilityKind.ACTION, K.AbilityKind.SPECIAL])]
    assert ((acts[:, K.A_COST_CP] > 0) & (acts[:, K.A_COST_ELEMENT] >= 0)).any()
    assert (acts[:, K.A_COST_DULL] == 1).any()
    assert (acts[:, K.A_COST_DISCARD] > 0).any()
    assert (acts[:, K.A_COST_BREAK_SELF] == 1).any()
    assert not ((acts[:, K.A_COST_DISCARD] > 0) & (acts[:, K.A_COST_CP] > 0)).any()
    assert (ab[:, K.A_OPTIONAL] == 1).any()
    assert (table.cards[:, K.C_GENERIC] == 1).any()
    c = table.cards
    ex_summons = (c[:, K.C_TYPE] == K.CardType.SUMMON) & (c[:, K.C_EX_BURST] == 1)
    ex_chars = (c[:, K.C_TYPE] != K.CardType.SUMMON) & (c[:, K.C_EX_BURST] == 1)
    assert ex_summons.any() and ex_chars.any()
    assert (c[ex_summons, K.C_EX_ABIL] == c[ex_summons, K.C_SUMMON_ABIL]).all()
    for cid in np.flatnonzero(ex_chars):
        assert ab[c[cid, K.C_EX_ABIL], K.A_KIND] == K.AbilityKind.EX_BURST
    assert (c[c[:, K.C_EX_BURST] == 0, K.C_EX_ABIL] == -1).all()
    assert (c[:, K.C_JOB] > 0).any() and (c[:, K.C_CATEGORY] > 0).any()
    assert set(table.job_names[1:]) == set(table.job_ids)
    assert table.name_of_id[c[0, K.C_NAME]] == table.names[0]


def test_summon_and_action_columns(table):
    c, ab = table.cards, table.abilities
    for cid in range(table.n_cards):
        if c[cid, K.C_TYPE] == K.CardType.SUMMON:
            r = c[cid, K.C_SUMMON_ABIL]
            assert r >= 0 and ab[r, K.A_KIND] == K.AbilityKind.SUMMON and ab[r, K.A_CARD] == cid
            assert c[cid, K.C_ACT0] == -1 and c[cid, K.C_ACT1] == -1
        else:
            assert c[cid, K.C_SUMMON_ABIL] == -1
            acts = [r for r in table.ability_rows(cid)
                    if ab[r, K.A_KIND] in (K.AbilityKind.ACTION, K.AbilityKind.SPECIAL)]  # fmt: skip
            assert [c[cid, K.C_ACT0], c[cid, K.C_ACT1]] == (acts + [-1, -1])[:2]
        if c[cid, K.C_ACT0] >= 0 and ab[c[cid, K.C_ACT0], K.A_KIND] == K.AbilityKind.SPECIAL:
            assert c[cid, K.C_GENERIC] == 0, "special abilities only on non-generic characters"


def test_effect_vocabulary_details(table):
    code = table.code[: table.n_code]
    ops = code[:, K.I_OP]
    durations = set(code[np.isin(ops, [K.Op.POWER, K.Op.GRANT_KEYWORD, K.Op.RESTRICT]), K.I_A1].tolist())
    assert durations == {K.Duration.END_OF_TURN, K.Duration.PERMANENT}
    restrict_bits = np.bitwise_or.reduce(code[np.isin(ops, [K.Op.RESTRICT, K.Op.AURA_RESTRICT]), K.I_A0])
    assert restrict_bits == K.RESTRICT_CANT_ATTACK | K.RESTRICT_CANT_BLOCK
    assert set(code[ops == K.Op.SEARCH, K.I_A1].tolist()) == {K.Destination.HAND, K.Destination.FIELD}
    assert set(code[ops == K.Op.DISCARD, K.I_A1].tolist()) == {K.Who.CONTROLLER, K.Who.OPPONENT}
    assert (code[ops == K.Op.DISCARD, K.I_A2] == 1).any(), "a random discard"
    assert (code[ops == K.Op.CHOOSE, K.I_A2] == 1).any(), "an 'up to' choice"
    assert (code[ops == K.Op.POWER, K.I_A0] < 0).any(), "a power reduction"
    # both registers used in one program
    assert any({0, 1} <= set(p[p[:, K.I_OP] == K.Op.CHOOSE, K.I_REG].tolist()) for _, p in _programs(table))


def test_programs_choose_first_and_registers_filled(table):
    targeting = {K.Op.CHOOSE, K.Op.SELECT_ALL, K.Op.TARGET_SELF}
    on_reg = {K.Op.DAMAGE, K.Op.BREAK, K.Op.DULL, K.Op.ACTIVATE, K.Op.FREEZE, K.Op.POWER,
              K.Op.GRANT_KEYWORD, K.Op.RESTRICT, K.Op.RETURN_TO_HAND, K.Op.REMOVE_FROM_GAME}  # fmt: skip
    for r, prog in _programs(table):
        seen_other = False
        filled = set()
        for row in prog:
            op = int(row[K.I_OP])
            assert 0 <= row[K.I_REG] < K.N_REGS
            if op == K.Op.CHOOSE:
                assert not seen_other, table.describe_ability(r)
                assert 1 <= row[K.I_A1] <= K.TARGET_MAX
            else:
                seen_other = True
            if op in targeting:
                filled.add(int(row[K.I_REG]))
            if op in on_reg:
                assert int(row[K.I_REG]) in filled
            if op in (K.Op.CHOOSE, K.Op.SELECT_ALL, K.Op.SEARCH, K.Op.PUT_ONTO_FIELD):
                assert 0 <= row[K.I_A0] < table.n_filters
            if op in (K.Op.AURA_POWER, K.Op.AURA_KEYWORD, K.Op.COST_REDUCTION, K.Op.AURA_RESTRICT):
                assert 0 <= row[K.I_A1] < table.n_filters
                assert table.abilities[r, K.A_KIND] == K.AbilityKind.FIELD
            else:
                assert table.abilities[r, K.A_KIND] != K.AbilityKind.FIELD


def test_no_activation_loops(table):
    """Abilities that activate Characters never cost only a dull (random play must terminate)."""
    ab = table.abilities
    for r, prog in _programs(table):
        if (prog[:, K.I_OP] == K.Op.ACTIVATE).any():
            kind = ab[r, K.A_KIND]
            if kind in (K.AbilityKind.ACTION, K.AbilityKind.SPECIAL):
                assert ab[r, K.A_COST_CP] > 0 or ab[r, K.A_COST_DISCARD] > 0 or ab[r, K.A_COST_BREAK_SELF]
            else:
                assert kind in (K.AbilityKind.SUMMON, K.AbilityKind.AUTO)


def test_filter_table(table):
    f = table.filters[: table.n_filters]
    assert len({tuple(r) for r in f.tolist()}) == table.n_filters, "filters are de-duplicated"
    assert (f[:, K.F_TYPE_MASK] != 0).any()
    assert set(f[:, K.F_SIDE].tolist()) == {int(s) for s in K.Side}
    assert (f[:, K.F_ELEMENT_MASK] != 0).any()
    for col in (K.F_COST_MIN, K.F_COST_MAX, K.F_POWER_MIN, K.F_POWER_MAX):
        assert (f[:, col] >= 0).any() and (f[:, col] == -1).any()
    for col in (K.F_JOB, K.F_NAME, K.F_CATEGORY, K.F_EXCLUDE_SELF):
        assert (f[:, col] > 0).any()
    assert set(f[:, K.F_STATE].tolist()) == {int(s) for s in K.CardState} - set(K.REAL_CARD_STATES)
    assert {K.FilterZone.FIELD, K.FilterZone.DECK, K.FilterZone.BREAK, K.FilterZone.HAND} == set(
        f[:, K.F_ZONE].tolist()
    )
    # the enters_other trigger filters exist and only there
    ab = table.abilities[: table.n_abilities]
    other = ab[:, K.A_TRIGGER] == K.Trigger.ENTERS_OTHER
    assert (ab[other, K.A_TRIG_FILTER] >= 0).all() and (ab[~other, K.A_TRIG_FILTER] == -1).all()
    assert (ab[ab[:, K.A_COST_CP] == 0, K.A_COST_ELEMENT] == -1).all()


def test_describe_and_lookup(table):
    cid = table.index["FF1-001"]
    assert table.describe_card(cid) == "Cinder Lancer [FF1-001] Fire Forward 3 CP 6000"
    s = table.describe_card(table.index["FF1-011"])
    assert s.startswith("Searing Volley [FF1-011] Fire Summon 2 CP")
    assert "damage 2000" in table.describe_ability(table.cards[cid, K.C_ABIL_START])
    with pytest.raises(KeyError):
        table.card_id("nope")


def test_light_dark_and_generic_rules(table):
    c = table.cards
    ld = np.isin(c[:, K.C_ELEMENT], [K.Element.LIGHT, K.Element.DARK])
    assert ld.sum() >= 8
    assert not ((c[:, K.C_GENERIC] == 1) & (c[:, K.C_TYPE] == K.CardType.SUMMON)).any()


def test_empty_tables_are_padded():
    cards = load_fftcg_cards()
    vanilla = [c for c in cards if not c.abilities][:3]
    t = compile_fftcg_pool(vanilla)
    assert t.n_abilities == t.n_filters == t.n_code == 0
    assert t.abilities.shape == (1, K.A_NCOLS) and t.filters.shape == (1, K.F_NCOLS)
    assert t.code.shape == (1, K.I_NCOLS)
    assert (t.cards[:, K.C_ACT0] == -1).all() and (t.cards[:, K.C_EX_ABIL] == -1).all()


def test_compile_is_deterministic():
    a, b = load_fftcg_pool(), load_fftcg_pool()
    assert np.array_equal(a.kernel_tables, b.kernel_tables)
