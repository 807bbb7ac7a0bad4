"""FF-TCG's declared layouts (tcg_env.engine.blocks): the action space (``constants.ACTIONS``), the
observation (``observation.OBS``) and the card, ability and filter tables (``TableLayout``) are
declared once; the docs' tables and column lists, the entity layout and ``describe_action`` read them."""

import re
from pathlib import Path

import pytest

from tcg_env.engine.blocks import RowBlock

DOCS = Path(__file__).resolve().parents[2] / "docs" / "fftcg"


@pytest.fixture
def K(rules):
    return rules.module("constants")


@pytest.fixture
def O(rules):
    """The rule set's observation module over FF-TCG's: the 2014 observation appends blocks, FF-TCG's
    offsets and columns hold in it."""
    from types import SimpleNamespace

    from tcg_env.games.fftcg import observation as O16

    return SimpleNamespace(**{**vars(O16), **vars(rules.module("observation"))})


def test_docs_action_table_is_the_declared_action_layout(K):
    doc = (DOCS / "actions.md").read_text()
    assert K.ACTIONS.markdown() in doc, "regenerate the table of docs/fftcg/actions.md:\n" + K.ACTIONS.markdown()
    assert f"`Discrete({K.NUM_ACTIONS})`" in doc


@pytest.mark.only_2016("docs/fftcg/observations.md documents FF-TCG 2016's observation; the 2014 one appends "
                        "blocks (ask, hand_2014, own_field_2014, opp_field_2014) that page does not list")
def test_docs_observation_views_and_columns_are_the_declared_observation(O):
    doc = (DOCS / "observations.md").read_text()
    assert O.OBS.markdown() in doc, "regenerate the views table of docs/fftcg/observations.md:\n" + O.OBS.markdown()
    cols = O.OBS.columns_markdown()
    assert cols in doc, "regenerate 'Columns by block' of docs/fftcg/observations.md:\n" + cols
    assert f"flat `float32` vector of {O.OBS_SIZE} columns" in doc


def test_action_blocks_tile_the_action_space_with_the_kernels_bases(K):
    """The module ints the kernels read are the declared blocks' bases, and the blocks follow one
    another with nothing between them."""
    bases = [K.PASS, K.HAND_BASE, K.OWN_FIELD_BASE, K.OPP_FIELD_BASE, K.ABILITY_BASE, K.OPTION_BASE]
    assert [b.base for b in K.ACTIONS] == bases
    assert [b.name for b in K.ACTIONS] == ["pass", "hand", "own_field", "opp_field", "ability", "option"]
    ends = [b.end for b in K.ACTIONS]
    assert ends[:-1] == bases[1:] and ends[-1] == K.NUM_ACTIONS == K.ACTIONS.size
    # ABILITY i,j is the j-th ability of field card i (row-major)
    assert K.ABILITY.at(3, 1) == K.ABILITY_BASE + 3 * K.ABILITIES_PER_CARD + 1
    assert K.ACTIONS.decode(K.ABILITY_BASE + 2 * K.ABILITIES_PER_CARD + 1) == (K.ABILITY, (2, 1))
    assert K.ACTIONS.decode(K.OPTION_BASE + 5) == (K.OPTION, (5,))


def test_entity_layout_pointers_come_from_the_action_blocks_in_the_saved_networks_order(K, O):
    """Every action block that points at rows is a pointer of the entity layout, with its base and
    rows; names and order (blocks and pointers) are those saved entity networks were built with."""
    L = O.entity_layout()
    assert [p.name for p in L.pointers] == ["hand", "field", "ability", "opp_field", "option"]
    assert [b.name for b in L.blocks] == ["hand", "own", "opp", "opt"]
    by_name = {p.name: p for p in L.pointers}
    for b in K.ACTIONS:
        if b.points_at is None:
            continue
        p = by_name[O.ENTITY_POINTERS[b.name]]
        assert (p.base, p.rows, p.per_row * len(p.rows)) == (b.base, tuple(range(b.shape[0])), b.size)
        rows = O.OBS[b.points_at]
        assert p.block == O.ENTITY_BLOCKS[b.points_at]
        assert L.block(p.block) == RowBlock(p.block, rows.base, rows.shape[0], rows.shape[1])
    assert L.free_actions() == [K.PASS]


def test_observation_offsets_and_kernel_columns_are_the_declared_ones(K, O):
    assert O.OBS.size == O.OBS_SIZE == sum(n for _, _, n in O.OBS.views())
    names = O.OBS.column_names()
    assert len(names) == O.OBS_SIZE
    # the constants the kernel writes through name the documented columns
    assert names[O.OBS_GLOBAL:O.OBS_GLOBAL + O.GLOBAL_SIZE] == [f"global.{c}" for c in O.GLOBALS.names]
    assert names[O.G_CP_ELEMENT + K.Element.DARK] == "global.cp_element_dark"
    assert names[O.G_I_HAVE_PRIORITY] == "global.i_have_priority"
    assert names[O.OBS_OPP_FIELD + 2 * O.CARD_FEATURES + O.R_POWER] == "opp_field[2].power_div10000"
    assert names[O.OBS_OWN_FIELD + O.R_CANT_BLOCK] == "own_field[0].cant_block"
    assert names[O.OBS_HAND + 3 * O.CARD_FEATURES + O.R_COST] == "hand[3].cost_div10"
    assert names[O.OBS_STACK + O.ENTRY_FEATURES + O.ST_TARGETS + 1] == "stack[1].targets1"
    assert names[O.OBS_OPTIONS + 15 * O.OPTION_FEATURES + O.O_ZONE] == "options[15].zone"



@pytest.mark.parametrize("table,width,prefix", [("CARD_TABLE", "C_NCOLS", "C_"), ("ABILITY_TABLE", "A_NCOLS", "A_"),
                                                ("FILTER_TABLE", "F_NCOLS", "F_")])
def test_table_columns_are_declared_once_and_the_constants_name_them(K, table, width, prefix):
    """Each ``C_*`` / ``A_*`` / ``F_*`` constant is its declared column, the columns are 0..width-1
    with none skipped."""
    table, width = getattr(K, table), getattr(K, width)
    assert table.width == width == len(table.names())
    consts = {n: v for n, v in vars(K).items() if re.fullmatch(prefix + r"[A-Z0-9_]+", n) and n != prefix + "NCOLS"
              and isinstance(v, int)}
    assert {name: col for name, (col, _) in table.columns.items()} == {n[len(prefix):].lower(): v for n, v in consts.items()}
    assert sorted(consts.values()) == list(range(width))
