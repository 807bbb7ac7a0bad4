"""Force of Will's declared layouts (tcg_env.engine.blocks): the action space (``constants.ACTIONS``),
the observation (``observation.OBS``) and the card, ability and filter tables (``TableLayout``) are
declared once; the docs' tables and column lists, the entity layout and ``describe_action`` read them."""

import re
from pathlib import Path

import pytest

from tcg_env.engine.blocks import RowBlock
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import observation as O
from tcg_env.games.force_of_will.cards import load_force_of_will_pool

DOCS = Path(__file__).resolve().parents[2] / "docs" / "force_of_will"


def test_docs_action_table_is_the_declared_action_layout():
    doc = (DOCS / "actions.md").read_text()
    assert K.ACTIONS.markdown() in doc, "regenerate the table of docs/force_of_will/actions.md:\n" + K.ACTIONS.markdown()
    assert f"`NUM_ACTIONS` = {K.NUM_ACTIONS} actions" in doc
    # the kernels' base names the doc pairs with the block names are those blocks' bases
    for const, block in re.findall(r"`([A-Z_]+_BASE)` \(`(\w+)`\)", doc):
        assert getattr(K, const) == K.ACTIONS[block].base, const


def test_docs_observation_views_and_columns_are_the_declared_observation():
    doc = (DOCS / "observations.md").read_text()
    assert O.OBS.markdown() in doc, "regenerate the views table of docs/force_of_will/observations.md:\n" + O.OBS.markdown()
    cols = O.OBS.columns_markdown()
    assert cols in doc, "regenerate 'Columns by block' of docs/force_of_will/observations.md:\n" + cols
    assert f"flat float32 vector of {O.OBS_SIZE} values" in doc


def test_action_blocks_tile_the_action_space_with_the_kernels_bases():
    """The module ints the kernels read are the declared blocks' bases, in the order of the action
    space, and the blocks follow one another with nothing between them."""
    bases = [K.PASS, K.PLAY_HAND_BASE, K.STANDBY_BASE, K.WILL_A_BASE, K.WILL_B_BASE, K.ACTIVATE_BASE,
             K.RULER_ACTIVATE_BASE, K.JUDGMENT, K.CALL_STONE, K.BATTLE, K.SELECT_HAND_BASE, K.OWN_FIELD_BASE,
             K.OPP_FIELD_BASE, K.ATTACK_PLAYER, K.OPTION_BASE, K.PLAY_STANDBY_BASE, K.AWAKEN_HAND_BASE,
             K.INCARNATE_HAND_BASE, K.PLAY_RUNE_BASE, K.BOTTOM_BASE]
    assert [b.base for b in K.ACTIONS] == bases
    ends = [b.end for b in K.ACTIONS]
    assert ends[:-1] == bases[1:] and ends[-1] == K.NUM_ACTIONS == K.ACTIONS.size
    # ACTIVATE i,j is ability j of field position i (row-major), as the kernels compute it
    assert K.ACTIVATE.at(5, 1) == K.ACTIVATE_BASE + 5 * K.ABILITIES_PER_CARD + 1
    assert K.ACTIONS.decode(K.RULER_ACTIVATE_BASE + 1) == (K.RULER_ACTIVATE, (0, 1))
    assert K.ACTIONS.decode(K.BOTTOM_BASE + 3) == (K.BOTTOM, (3,))
    assert K.ACTIONS.decode(K.OPTION_BASE + K.PIERCE_ALL) == (K.OPTION, (K.PIERCE_ALL,))


def test_entity_layout_pointers_come_from_the_action_blocks_in_the_saved_networks_order():
    """Every action block that points at rows is a pointer of the entity layout with its base and
    rows; names and order are those saved entity networks were built with (before the declaration),
    and the row blocks are the observation's card blocks in observation order."""
    L = O.entity_layout()
    assert [p.name for p in L.pointers] == ["play", "standby_put", "select", "will_a", "will_b", "activate",
                                            "own_field", "opp_field", "ruler_activate", "standby_play", "awaken",
                                            "incarnate", "rune", "option", "bottom"]
    assert [b.name for b in L.blocks] == ["hand", "my_field", "opp_field", "rulers", "chase", "standby", "graveyards",
                                          "runes", "candidates"]
    by_name = {p.name: p for p in L.pointers}
    for b in K.ACTIONS:
        if b.points_at is None:
            continue
        p = by_name[b.name]
        assert (p.base, p.block, p.rows, p.per_row * len(p.rows)) == (b.base, b.points_at, tuple(range(b.shape[0])), b.size)
        rows = O.OBS[b.points_at]
        assert L.block(b.points_at) == RowBlock(b.points_at, rows.base, rows.shape[0], rows.shape[1])
    # the ruler's abilities name the first ruler row (the own ruler), one action per ability
    assert by_name["ruler_activate"].rows == (0,) and by_name["ruler_activate"].per_row == K.ABILITIES_PER_CARD
    assert set(L.free_actions()) == {K.PASS, K.JUDGMENT, K.CALL_STONE, K.BATTLE, K.ATTACK_PLAYER}


def test_observation_offsets_and_kernel_columns_are_the_declared_ones():
    assert O.OBS.size == O.OBS_SIZE == sum(n for _, _, n in O.OBS.views())
    names = O.OBS.column_names()
    assert len(names) == O.OBS_SIZE
    assert names[:O.GLOBAL_W] == [f"global.{c}" for c in O.GLOBALS.names]
    # the constants the kernel writes through name the documented columns
    assert names[O.G_TURNS_TAKEN[1]] == "global.opp_turns_taken_div20"
    assert names[O.G_LIFE + 1] == "global.opp_life_div4000"
    assert names[O.G_BATTLE + 2] == "global.blocker_declared"
    assert names[O.G_PREVENT + 1] == "global.opp_prevent_div1000"
    row = O.B_OPP_FIELD + 2 * O.CARD_ROW_W + K.CARD_OBS_FEATURES
    assert names[row + O.DYN_ATK] == "opp_field[2].atk_div1000"
    assert names[row + O.DYN_ADDED_TO_MINE] == "opp_field[2].added_to_mine"
    assert names[O.B_CAND + K.CARD_OBS_FEATURES + O.DYN_PRESENT] == "candidates[0].in_row"
    assert names[O.B_HAND + O.KW_COL + 12] == "hand[0].kw_bloodlust"


def test_static_card_columns_are_what_the_card_compiler_writes():
    """The declared static columns name what ``card_obs_features`` writes (the built-in pool): the
    type one-hot, the attribute bits, the keyword bits, the id."""
    pool = load_force_of_will_pool()
    f = pool.card_obs_features()
    cols = O.STATIC_COLUMNS
    for cid in range(pool.n_cards):
        c = pool.cards[cid]
        assert f[cid, cols.index(f"type_{K.CardType(int(c[K.C_TYPE])).name.lower()}")] == 1.0
        for a, name in enumerate(K.ATTRIBUTE_NAMES):
            assert f[cid, cols.index(f"attr_{name}")] == (int(c[K.C_ATTR]) >> a) & 1
        for name, bit in K.KEYWORD_BITS.items():
            assert f[cid, cols.index(f"kw_{name}")] == (1.0 if int(c[K.C_KEYWORDS]) & bit else 0.0)
        assert f[cid, cols.index("card_id_plus1")] == cid + 1


@pytest.mark.parametrize("table,width,prefix", [(K.CARD_TABLE, K.C_NCOLS, "C_"), (K.ABILITY_TABLE, K.A_NCOLS, "A_"),
                                                (K.FILTER_TABLE, K.F_NCOLS, "F_")])
def test_table_columns_are_declared_once_and_the_constants_name_them(table, width, prefix):
    """Each ``C_*`` / ``A_*`` / ``F_*`` constant is its declared column (the first of a run: the 5
    attribute costs), the columns are 0..width-1 with none skipped or shared."""
    assert table.width == width == len(table.names())
    consts = {n: v for n, v in vars(K).items() if re.fullmatch(prefix + r"[A-Z0-9_]+", n) and n != prefix + "NCOLS"
              and isinstance(v, int)}
    assert {name: col for name, (col, _) in table.columns.items()} == {n[len(prefix):].lower(): v for n, v in consts.items()}
    covered = sorted(c for col, n in table.columns.values() for c in range(col, col + n))
    assert covered == list(range(width))
