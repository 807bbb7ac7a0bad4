"""The WS compiler's output, column by column against the contract (tcg_env.games.weiss_schwarz.constants)."""

from __future__ import annotations

import numpy as np
import pytest

from tcg_env.engine.tables import unpack_tables
from tcg_env.games.weiss_schwarz.cards import EFFECT_OPS, load_ws_pool
from tcg_env.games.weiss_schwarz import constants as K


@pytest.fixture(scope="module")
def table():
    return load_ws_pool()


def card(table, number):
    return table.cards[table.index[number]]


def program(table, row):
    a = table.abilities[row]
    return table.code[a[K.A_CODE_START] : a[K.A_CODE_START] + a[K.A_CODE_LEN]].tolist()


def test_table_shapes_and_dtypes(table):
    T = unpack_tables(table.kernel_tables)  # the kernels' T packs (cards, abilities, filters, code)
    assert len(T) == 4
    for arr, own in zip(T, (table.cards, table.abilities, table.filters, table.code)):
        assert np.array_equal(arr, own)
    for arr, ncols in zip(T, (K.C_NCOLS, K.A_NCOLS, K.F_NCOLS, K.I_NCOLS)):
        assert arr.dtype == np.int32 and arr.flags.c_contiguous and arr.shape[1] == ncols
    assert table.obs_features.shape == (table.n_cards, K.CARD_OBS_FEATURES)


def test_every_op_name_maps_to_a_contract_opcode():
    assert set(EFFECT_OPS.values()) <= set(K.Op)
    # a granted ability is its bit among the keyword bits: GRANT_KEYWORD / AURA_KEYWORD (constants.GRANT_BIT0)
    # "+N soul / level for each ...": AURA_POWER_PER with the characteristic in I_REG (cards.py)
    # "choose 1 of the following effects": a CHOOSE_OPTIONAL per option but the last, then SKIP (cards.py)
    # "put the top card of your deck underneath this card as a marker": TO_MARKER with a1 TO_MARKER_DECK_TOP
    granted = {"grant_ability": K.Op.GRANT_KEYWORD, "aura_grant_ability": K.Op.AURA_KEYWORD,
               "aura_soul_per": K.Op.AURA_POWER_PER, "aura_level_per": K.Op.AURA_POWER_PER,
               "choose_one": K.Op.CHOOSE_OPTIONAL, "deck_to_marker": K.Op.TO_MARKER}
    assert all(EFFECT_OPS[name] == K.Op[name.upper()] for name in EFFECT_OPS if name not in ("if", "may", *granted))
    assert all(EFFECT_OPS[name] == op for name, op in granted.items())


def test_character_columns_marisol_storm_admiral(table):
    row = card(table, "LF-012")
    assert row[K.C_TYPE] == K.CardType.CHARACTER and row[K.C_COLOR] == K.Color.YELLOW
    assert (row[K.C_LEVEL], row[K.C_COST], row[K.C_POWER], row[K.C_SOUL]) == (3, 2, 10000, 2)
    assert (row[K.C_TRIGGER0], row[K.C_TRIGGER1]) == (K.TriggerIcon.SOUL, K.TriggerIcon.NONE)
    assert row[K.C_TRAIT0] == table.trait_ids["Skysail"] and row[K.C_TRAIT1] == row[K.C_TRAIT2] == 0
    assert row[K.C_NAME] == table.name_ids["Marisol, Storm Admiral"]
    assert row[K.C_TITLE] == table.title_ids["Lanternfall Chronicle"] and row[K.C_SIDE] == K.Side.WEISS
    assert row[K.C_COUNTER] == 0 and row[K.C_CLOCK_ICON] == 0
    assert row[K.C_KEYWORDS] == K.KW_ENCORE
    assert row[K.C_ABIL_COUNT] == 3 and row[K.C_EVENT_ABIL] == -1
    assert row[K.C_BACKUP_POWER] == 0 and row[K.C_SHIFT_LEVEL] == -1
    assert row[K.C_CX_COMBO] == table.name_ids["Festival of Sails"] and row[K.C_HAS_CONT] == 0
    start = row[K.C_ABIL_START]
    assert row[K.C_ENCORE_ABIL] == start + 2
    # ability 1: [AUTO] [CXCOMBO] when this card attacks, if "Festival of Sails" ... deal 1 damage
    combo = table.abilities[start + 1]
    assert combo[K.A_KIND] == K.AbilityKind.AUTO and combo[K.A_TRIGGER] == K.Trigger.ATTACKS_SELF
    assert combo[K.A_COND] == K.Condition.CLIMAX_NAMED and combo[K.A_COND_ARG] == table.name_ids["Festival of Sails"]
    assert combo[K.A_CARD] == table.index["LF-012"]
    assert program(table, start + 1) == [[K.Op.DAMAGE, 0, 1, K.Who.OPPONENT, 0]]
    # ability 2: Encore [put 1 character from your hand into your waiting room]
    enc = table.abilities[start + 2]
    assert enc[K.A_KEYWORD] == K.Keyword.ENCORE and enc[K.A_TRIGGER] == K.Trigger.TO_WR_FROM_STAGE_SELF
    assert enc[K.A_OPTIONAL] == 1 and enc[K.A_COST_DISCARD] == 1 and enc[K.A_COST_STOCK] == 0
    f = table.filters[enc[K.A_COST_DISCARD_FILTER]]
    assert f[K.F_ZONE] == K.FilterZone.HAND and f[K.F_TYPE_MASK] == K.TYPEMASK_CHARACTER
    assert program(table, start + 2) == [[K.Op.ENCORE_SELF, 0, 0, 0, 0]]


def test_climax_columns_and_cont_program(table):
    row = card(table, "LF-016")  # Festival of Sails: soul + shot, +1000 power +1 soul to all
    assert row[K.C_TYPE] == K.CardType.CLIMAX and row[K.C_LEVEL] == row[K.C_COST] == row[K.C_POWER] == 0
    assert (row[K.C_TRIGGER0], row[K.C_TRIGGER1]) == (K.TriggerIcon.SOUL, K.TriggerIcon.SHOT)
    assert row[K.C_HAS_CONT] == 1
    ab = table.abilities[row[K.C_ABIL_START]]
    assert ab[K.A_KIND] == K.AbilityKind.CONT and ab[K.A_COND] == K.Condition.NONE
    (op1, reg1, p, f1, _), (op2, _, s, f2, _) = program(table, row[K.C_ABIL_START])
    assert (op1, p, op2, s) == (K.Op.AURA_POWER, 1000, K.Op.AURA_SOUL, 1) and f1 == f2
    flt = table.filters[f1]
    assert flt[K.F_SIDE] == K.FilterSide.OWN and flt[K.F_ZONE] == K.FilterZone.STAGE
    assert flt[K.F_TYPE_MASK] == K.TYPEMASK_CHARACTER and flt[K.F_RELATION] == K.Relation.ANY
    assert flt[K.F_LEVEL_MIN] == flt[K.F_LEVEL_MAX] == flt[K.F_COST_MAX] == -1


def test_backup_columns(table):
    row = card(table, "LF-069")  # Deepwater Bulwark: Backup 3000, Level 1 [(1)]
    assert row[K.C_COUNTER] == 1 and row[K.C_KEYWORDS] & K.KW_BACKUP
    assert (row[K.C_BACKUP_POWER], row[K.C_BACKUP_LEVEL], row[K.C_BACKUP_COST]) == (3000, 1, 1)


def test_event_row_and_if_skip(table):
    row = card(table, "LF-055")  # Searing Verdict: 1 damage, then if opp level >= 2, 1 more
    assert row[K.C_TYPE] == K.CardType.EVENT and row[K.C_EVENT_ABIL] == row[K.C_ABIL_START]
    assert table.abilities[row[K.C_EVENT_ABIL], K.A_KIND] == K.AbilityKind.EVENT
    assert program(table, row[K.C_EVENT_ABIL]) == [
        [K.Op.DAMAGE, 0, 1, K.Who.OPPONENT, 0],
        [K.Op.IF, 0, K.Condition.OPP_LEVEL_AT_LEAST, 2, 1],
        [K.Op.DAMAGE, 0, 1, K.Who.OPPONENT, 0],
    ]


def test_brainstorm_count_operand(table):
    row = card(table, "LF-044")  # [ACT] Brainstorm [(1) [REST]] flip 4, draw up to 1 per climax
    ab = table.abilities[row[K.C_ABIL_START]]
    assert ab[K.A_KIND] == K.AbilityKind.ACT and ab[K.A_KEYWORD] == K.Keyword.BRAINSTORM
    assert ab[K.A_COST_STOCK] == 1 and ab[K.A_COST_REST_SELF] == 1
    assert program(table, row[K.C_ABIL_START]) == [
        [K.Op.BRAINSTORM, 0, 4, 0, 0],
        [K.Op.DRAW, 0, -1, K.Who.MASTER, 1],  # -1: the number of climax flipped
    ]


def test_shift_sets_level_column(table):
    row = card(table, "LF-032")
    assert row[K.C_SHIFT_LEVEL] == 1 and row[K.C_KEYWORDS] & K.KW_SHIFT
    ab = table.abilities[row[K.C_ABIL_START]]
    assert ab[K.A_ZONE] == K.AbilityZone.CLOCK and ab[K.A_TRIGGER] == K.Trigger.BEGIN_MAIN
    assert ab[K.A_TRIG_WHOSE] == K.TriggerWhose.YOURS and ab[K.A_COND] == K.Condition.LEVEL_AT_LEAST


def test_fusion_marker_cost_and_sunder(table):
    fuse = card(table, "LF-047")
    ab = table.abilities[fuse[K.C_ABIL_START]]
    assert ab[K.A_KEYWORD] == K.Keyword.FUSION and ab[K.A_COST_STOCK] == 1
    marker = table.filters[ab[K.A_COST_MARKER_FILTER]]
    assert marker[K.F_NAME] == table.name_ids["Boiler Drone"] and marker[K.F_SIDE] == K.FilterSide.OWN
    assert program(table, fuse[K.C_ABIL_START]) == [[K.Op.FUSION, 0, table.name_ids["Molten Titan Ignis"], 0, 0]]
    sunder = card(table, "LF-052")
    assert program(table, sunder[K.C_ABIL_START]) == [[K.Op.SUNDER, 0, table.name_ids["Twin Flame Forgehand"], 0, 0]]


def test_trait_count_condition_packs_trait_and_count(table):
    row = card(table, "LF-063")  # 2 or more other <<Machine>> characters
    ab = table.abilities[row[K.C_ABIL_START]]
    assert ab[K.A_COND] == K.Condition.TRAIT_COUNT_AT_LEAST
    assert ab[K.A_COND_ARG] == (table.trait_ids["Machine"] << 8) | 2


def test_assist_condition_and_relation(table):
    row = card(table, "LF-003")
    ab = table.abilities[row[K.C_ABIL_START]]
    assert ab[K.A_KEYWORD] == K.Keyword.ASSIST and ab[K.A_COND] == K.Condition.IN_BACK_STAGE
    (_, _, amount, f, _), = program(table, row[K.C_ABIL_START])
    assert amount == 500 and table.filters[f, K.F_RELATION] == K.Relation.IN_FRONT


def test_filters_are_deduplicated(table):
    rows = {tuple(r) for r in table.filters[: table.n_filters].tolist()}
    assert len(rows) == table.n_filters


def test_ability_rows_point_back_to_their_card(table):
    for cid in range(table.n_cards):
        for r in table.ability_rows(cid):
            assert table.abilities[r, K.A_CARD] == cid
            end = table.abilities[r, K.A_CODE_START] + table.abilities[r, K.A_CODE_LEN]
            assert end <= table.n_code


def test_describe(table):
    assert table.describe_card(table.index["LF-016"]) == "Festival of Sails [LF-016] Yellow Climax [soul+shot]"
    assert "L3/C2 10000 soul 2" in table.describe_card(table.index["LF-012"])
    start = int(card(table, "LF-055")[K.C_ABIL_START])
    assert table.describe_ability(start) == "Searing Verdict: event: damage 1 -> if opp_level_at_least 2[damage 1]"
