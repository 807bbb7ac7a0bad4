"""The Dragon Ball Super Card Game's declared layouts (tcg_env.engine.blocks): the action space
(``constants.ACTIONS``), the observation (``observation.OBS``) and the card, ability and filter
tables (``TableLayout``) are declared once; the docs' tables and column lists, the entity layout and
``describe_action`` read them."""

import re
from pathlib import Path

import pytest

from tcg_env.engine.blocks import RowBlock
from tcg_env.games.dbscg import constants as K
from tcg_env.games.dbscg import observation as O

DOCS = Path(__file__).resolve().parents[2] / "docs" / "dbscg"


def test_docs_action_table_is_the_declared_action_layout():
    doc = (DOCS / "actions.md").read_text()
    assert K.ACTIONS.markdown() in doc, "regenerate the table of docs/dbscg/actions.md:\n" + K.ACTIONS.markdown()
    assert f"`Discrete({K.NUM_ACTIONS})`" in doc
    assert f"`Discrete({K.NUM_ACTIONS})`" in (DOCS / "README.md").read_text()


def test_docs_decisions_table_has_a_row_for_each_decision_kind():
    doc = (DOCS / "actions.md").read_text()
    rows = re.findall(r"^\| `([A-Z_]+)` ", doc, re.M)
    assert rows == [d.name for d in K.Decision if d != K.Decision.NONE]


def test_docs_observation_views_and_columns_are_the_declared_observation():
    doc = (DOCS / "observations.md").read_text()
    assert O.OBS.markdown() in doc, "regenerate the views table of docs/dbscg/observations.md:\n" + O.OBS.markdown()
    cols = O.OBS.columns_markdown()
    assert cols in doc, "regenerate 'Columns by block' of docs/dbscg/observations.md:\n" + cols
    assert f"flat float32 vector of {O.OBS_SIZE} values" in doc
    assert f"float32[{O.OBS_SIZE}]" in (DOCS / "README.md").read_text()


def test_docs_snapshot_fields_are_the_state_layouts_fields():
    """Every field of the state row is named on the snapshot page (as `name`)."""
    from tcg_env.games.dbscg import state as S

    doc = (DOCS / "snapshot.md").read_text()
    named = set(re.findall(r"`([a-z_]+)`", doc))
    missing = [f for f in S.LAYOUT.fields if f not in named and not f.endswith("_count")]
    assert not missing, f"docs/dbscg/snapshot.md does not name the state fields {missing}"


def test_action_blocks_tile_the_action_space_with_the_kernels_bases():
    """The module ints the kernels read are the declared blocks' bases, and the blocks follow one
    another with nothing between them."""
    bases = [K.PASS, K.YES, K.HAND_BASE, K.HAND_SKILL_BASE, K.FIELD_BASE, K.ATTACK_BASE, K.SKILL_BASE, K.SELECT_BASE]
    assert [b.base for b in K.ACTIONS] == bases
    assert [b.name for b in K.ACTIONS] == ["pass_", "yes", "hand", "hand_skill", "field", "attack", "skill", "select"]
    ends = [b.end for b in K.ACTIONS]
    assert ends[:-1] == bases[1:] and ends[-1] == K.NUM_ACTIONS == K.ACTIONS.size
    # ATTACK i,j is my field card i against the opponent's field card j, SKILL i,k skill k of card i
    assert K.ATTACK.at(3, 4) == K.ATTACK_BASE + 3 * K.FIELD_SLOTS + 4
    assert K.SKILL.at(2, 1) == K.SKILL_BASE + 2 * K.SKILLS_PER_CARD + 1
    assert K.ACTIONS.decode(K.ATTACK_BASE + 1 * K.FIELD_SLOTS + 0) == (K.ATTACK, (1, 0))


def test_entity_layout_pointers_come_from_the_action_blocks():
    """Every action block that points at rows is a pointer of the entity layout, with its base and
    rows, and the rows it points at are the observation's card-row block of that name."""
    L = O.entity_layout()
    assert [b.name for b in L.blocks] == ["hand", "my_field", "opp_field", "my_combo", "opp_combo", "my_drop",
                                          "opp_drop", "playing", "candidates"]
    by_name = {p.name: p for p in L.pointers}
    pointing = [b for b in K.ACTIONS if b.points_at is not None]
    assert sorted(by_name) == sorted(b.name for b in pointing)
    for b in pointing:
        p = by_name[b.name]
        assert (p.base, p.block, p.rows, p.per_row * len(p.rows)) == (b.base, b.points_at, tuple(range(b.shape[0])), b.size)
        rows = O.OBS[b.points_at]
        assert L.block(b.points_at) == RowBlock(b.points_at, rows.base, rows.shape[0], rows.shape[1])


def test_observation_offsets_and_kernel_columns_are_the_declared_ones():
    assert O.OBS.size == O.OBS_SIZE == sum(n for _, _, n in O.OBS.views())
    names = O.OBS.column_names()
    assert len(names) == O.OBS_SIZE
    assert names[O.G:O.G + len(O.GLOBALS.names)] == [f"global.{c}" for c in O.GLOBALS.names]
    # the constants the kernel writes through name the documented columns
    assert names[O.G + O.G_ENERGY] == "global.my_active_red_energy"
    assert names[O.G + O.G_COUNTER] == "global.counter_timing_play"
    assert names[O.MY_FIELD_O + O.POWER_NOW] == "my_field[0].power_now"
    assert names[O.OPP_FIELD_O + 2 * O.W + O.POWER_NOW + 1] == "opp_field[2].rested"
    assert names[O.CAND_O + 3 * O.W] == "candidates[3].present"
    assert O.CARD_COLUMNS[:O.N_STATIC] == K.CARD_STATIC


@pytest.mark.parametrize("table,prefix", [(K.CARD_TABLE, "C_"), (K.ABILITY_TABLE, "A_"), (K.FILTER_TABLE, "F_")])
def test_table_columns_are_declared_once_and_the_constants_name_them(table, prefix):
    """The ``C_*`` / ``A_*`` / ``F_*`` constants are the declared columns' first indices, one each;
    the columns are 0..width-1 with none skipped."""
    consts = sorted(v for n, v in vars(K).items() if re.fullmatch(prefix + r"[A-Z0-9_]+", n) and isinstance(v, int))
    assert consts == sorted(col for col, _ in table.columns.values())
    covered = sorted(c for col, n in table.columns.values() for c in range(col, col + n))
    assert covered == list(range(table.width)) and len(table.names()) == table.width


# the rule manual 1.073's second-level sections: chapter -> how many (1-1 .. 1-3, 2-1 .. 2-16, ...)
SECTIONS = {1: 3, 2: 16, 3: 10, 4: 11, 5: 2, 6: 4, 7: 4, 8: 10, 9: 5, 10: 31, 11: 6}


def test_rules_coverage_has_every_section_and_a_row_per_keyword():
    """docs/dbscg/rules-coverage.md names every section of chapters 1-11 in its first column (alone,
    in a list or in a range "4-1 .. 4-4"), and the keywords of chapter 10 one row each."""
    doc = (DOCS / "rules-coverage.md").read_text()
    firsts = re.findall(r"^\| ([^|]+) \|", doc, re.M)
    covered = set()
    for cell in firsts:
        for m in re.finditer(r"(\d+)-(\d+)(?:-[\d-]+)?(?: \.\. (\d+)-(\d+))?", cell):
            last = int(m[4]) if m[3] else int(m[2])
            covered |= {(int(m[1]), k) for k in range(int(m[2]), last + 1)}
    missing = [f"{c}-{k}" for c, n in SECTIONS.items() for k in range(1, n + 1) if (c, k) not in covered]
    assert not missing, f"docs/dbscg/rules-coverage.md has no row for {missing}"
    keyword_rows = [int(m) for m in re.findall(r"^\| 10-(\d+) ", doc, re.M)]
    assert keyword_rows == list(range(1, SECTIONS[10] + 1))
