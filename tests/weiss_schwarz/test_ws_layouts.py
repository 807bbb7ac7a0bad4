"""Weiss Schwarz's declared layouts (tcg_env.engine.blocks): the action space (``constants.ACTIONS``),
the observation (``observation.OBS``) and the card, ability and filter tables (``TableLayout``) are
declared once; the docs' tables and column lists, the entity layout and ``describe_action`` read them."""

import re
from pathlib import Path

import pytest

from tcg_env.engine.blocks import RowBlock
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import observation as O

DOCS = Path(__file__).resolve().parents[2] / "docs" / "weiss_schwarz"


def test_docs_action_table_is_the_declared_action_layout():
    doc = (DOCS / "actions.md").read_text()
    assert K.ACTIONS.markdown() in doc, "regenerate the table of docs/weiss_schwarz/actions.md:\n" + K.ACTIONS.markdown()
    assert f"`Discrete({K.NUM_ACTIONS})`" in doc


def test_docs_observation_views_and_columns_are_the_declared_observation():
    doc = (DOCS / "observations.md").read_text()
    assert O.OBS.markdown() in doc, "regenerate the views table of docs/weiss_schwarz/observations.md:\n" + O.OBS.markdown()
    cols = O.OBS.columns_markdown()
    assert cols in doc, "regenerate 'Columns by block' of docs/weiss_schwarz/observations.md:\n" + cols
    assert f"flat float32 vector of {O.OBS_SIZE} values" in doc


def test_action_blocks_tile_the_action_space_with_the_kernels_bases():
    """The module ints the kernels read are the declared blocks' bases, and the blocks follow one
    another with nothing between them."""
    bases = [K.PASS, K.HAND_BASE, K.PLAY_BASE, K.OWN_STAGE_BASE, K.OPP_STAGE_BASE, K.ABILITY_BASE, K.MOVE_BASE,
             K.ATTACK_BASE, K.OPTION_BASE]
    assert [b.base for b in K.ACTIONS] == bases
    assert [b.name for b in K.ACTIONS] == ["pass", "hand", "play", "own_stage", "opp_stage", "ability", "move",
                                          "attack", "option"]
    ends = [b.end for b in K.ACTIONS]
    assert ends[:-1] == bases[1:] and ends[-1] == K.NUM_ACTIONS == K.ACTIONS.size
    # PLAY i,pos is hand card i to position pos, ABILITY pos,j the j-th of position pos (row-major)
    assert K.PLAY.at(3, 4) == K.PLAY_BASE + 3 * K.N_POSITIONS + 4
    assert K.ABILITY.at(2, 1) == K.ABILITY_BASE + 2 * K.ABILITIES_PER_CARD + 1
    assert K.ACTIONS.decode(K.ATTACK_BASE + 1 * 3 + (K.AttackType.SIDE - 1)) == (K.ATTACK, (1, 2))
    assert len(K.MOVE_PAIRS) == K.MOVE.size


def test_entity_layout_pointers_come_from_the_action_blocks_in_the_saved_networks_order():
    """Every action block that points at rows is a pointer of the entity layout, with its base and
    rows; the two second pointers (the attack's defender, CR 3.6.5, and the level-up's clock card,
    CR 9.3.2) follow their block; names and order are those saved entity networks were built with."""
    L = O.entity_layout()
    assert [p.name for p in L.pointers] == ["hand", "play", "own_stage", "opp_stage", "ability", "attacker", "defender",
                                            "option", "level_up"]
    assert [b.name for b in L.blocks] == list(O.ENTITY_BLOCKS)
    by_name = {p.name: p for p in L.pointers}
    for b in K.ACTIONS:
        if b.points_at is None:
            continue
        p = by_name["attacker" if b.name == "attack" else b.name]
        assert (p.base, p.block, p.rows, p.per_row * len(p.rows)) == (b.base, b.points_at, tuple(range(b.shape[0])), b.size)
        rows = O.OBS[b.points_at]
        assert L.block(b.points_at) == RowBlock(b.points_at, rows.base, rows.shape[0], rows.shape[1])
    assert by_name["defender"].rows == (2, 1, 0) and by_name["defender"].base == K.ATTACK_BASE
    assert by_name["level_up"].base == K.OPTION_BASE and by_name["level_up"].rows == tuple(range(K.CLOCK_TO_LEVEL))


def test_observation_offsets_and_kernel_columns_are_the_declared_ones():
    assert O.OBS.size == O.OBS_SIZE == sum(n for _, _, n in O.OBS.views())
    names = O.OBS.column_names()
    assert len(names) == O.OBS_SIZE
    assert names[O.OBS_GLOBAL:O.OBS_GLOBAL + O.GLOBAL_USED] == [f"global.{c}" for c in O.GLOBALS.names]
    # the constants the kernel writes through name the documented columns
    assert names[O.G_OPP + O.P_CLIMAX] == "global.opp_climax_in_area"
    assert names[O.G_ME + O.P_COLOR + K.Color.BLUE] == "global.my_has_color_blue"
    assert names[O.G_HIDDEN_CLIMAX] == "global.my_hidden_climax_div8"
    assert names[O.OBS_OPP_STAGE + 2 * O.STAGE_FEATURES + O.S_POWER] == "opp_stage[2].cur_power_div10000"
    assert names[O.OBS_MY_STAGE + O.S_ORIENT + K.Orientation.REVERSE] == "my_stage[0].reverse"
    assert names[O.OBS_MY_STAGE + O.S_RST + 5] == "my_stage[0].cant_encore"
    assert names[O.OBS_CANDIDATES + 3 * O.CARD_FEATURES] == "candidates[3].present"


@pytest.mark.parametrize("table,width,prefix", [(K.CARD_TABLE, K.C_NCOLS, "C_"), (K.ABILITY_TABLE, K.A_NCOLS, "A_"),
                                                (K.FILTER_TABLE, K.F_NCOLS, "F_")])
def test_table_columns_are_declared_once_and_the_constants_name_them(table, width, prefix):
    """Each ``C_*`` / ``A_*`` / ``F_*`` constant is its declared column, the columns are 0..width-1
    with none skipped."""
    assert table.width == width == len(table.names())
    consts = {n: v for n, v in vars(K).items() if re.fullmatch(prefix + r"[A-Z0-9_]+", n) and n != prefix + "NCOLS"
              and isinstance(v, int)}
    assert {name: col for name, (col, _) in table.columns.items()} == {n[len(prefix):].lower(): v for n, v in consts.items()}
    assert sorted(consts.values()) == list(range(width))
