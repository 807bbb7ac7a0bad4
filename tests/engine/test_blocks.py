"""The core's declared layouts (tcg_env.engine.blocks): actions, observations and card tables as
named blocks, declared once and read everywhere (issue 26, item 2)."""

import pytest

from tcg_env.engine.blocks import ActionLayout, ObsLayout, TableLayout


def _layouts():
    obs = ObsLayout("toy")
    glob = obs.add("global", ["my_turn", "pile"])
    hand = obs.add("hand", ["present", "cost", "power"], rows=4, cards=True)
    field = obs.add("field", ["present", "power"], rows=3, cards=True)
    actions = ActionLayout("toy")
    pass_ = actions.add("pass_", doc="pass priority")
    play = actions.add("play", 4, "play hand card i", points_at="hand")
    ability = actions.add("ability", (3, 2), "use ability j of field card i", points_at="field")
    return obs, actions, glob, hand, field, pass_, play, ability


def test_blocks_are_allocated_in_order_and_decode_back():
    obs, actions, glob, hand, field, pass_, play, ability = _layouts()
    assert (pass_.base, play.base, ability.base, actions.size) == (0, 1, 5, 11)
    assert (glob.base, hand.base, field.base, obs.size) == (0, 2, 14, 20)
    assert ability.at(2, 1) == 10 and actions.decode(10) == (ability, (2, 1))
    assert actions.decode(0) == (pass_, ())
    for a in range(actions.size):
        block, index = actions.decode(a)
        assert block.at(*index) == a
    with pytest.raises(IndexError, match="outside 0..10"):
        actions.decode(11)
    with pytest.raises(IndexError, match="no element"):
        play.at(4)
    assert hand.col("power") == 2 and hand.base + 3 * 3 + hand.col("cost") == 12
    with pytest.raises(KeyError, match="no column 'soul'"):
        hand.col("soul")


def test_the_observation_views_entity_layout_and_column_names_come_from_the_declaration():
    obs, actions, *_ = _layouts()
    assert obs.views() == [("global", 0, 2), ("hand", 2, 12), ("field", 14, 6)]
    entity = obs.entity_layout(actions)
    assert [(b.name, b.start, b.rows, b.features) for b in entity.blocks] == [("hand", 2, 4, 3), ("field", 14, 3, 2)]
    assert [(p.name, p.base, p.block, p.per_row) for p in entity.pointers] == [("play", 1, "hand", 1), ("ability", 5, "field", 2)]
    assert entity.free_actions() == [0]
    names = obs.column_names()
    assert len(names) == obs.size and names[:3] == ["global.my_turn", "global.pile", "hand[0].present"]
    assert names[-1] == "field[2].power"


def test_a_layout_refuses_a_name_twice_a_bad_name_and_a_pointer_without_an_index():
    actions = ActionLayout("toy")
    actions.add("play", 2)
    with pytest.raises(ValueError, match="'play' defined twice"):
        actions.add("play", 3)
    with pytest.raises(ValueError, match="must be an identifier"):
        actions.add("play card", 3)
    with pytest.raises(ValueError, match="points at rows of 'hand' but has no index"):
        actions.add("pass_", points_at="hand")
    with pytest.raises(ValueError, match="names a column twice"):
        ObsLayout("toy").add("hand", ["power", "power"], rows=2)


def test_card_table_columns_by_name():
    cards = TableLayout("card")
    assert (cards.add("type"), cards.add("cost"), cards.add("elements", 8), cards.add("power")) == (0, 1, 2, 10)
    assert cards.width == 11 and cards.names()[2:4] == ["elements[0]", "elements[1]"]
    with pytest.raises(ValueError, match="column 'cost' defined twice"):
        cards.add("cost")


def test_the_docs_table_lists_every_block():
    _, actions, *_ = _layouts()
    table = actions.markdown().splitlines()
    assert table[2] == "| 0 | `pass_` | 1 | pass priority |"
    assert table[4] == "| 5..10 | `ability` | 3 x 2 | use ability j of field card i |"


def test_the_docs_column_list_groups_blocks_with_the_same_columns():
    obs = ObsLayout("toy")
    obs.add("global", ["my_turn", "damage"])
    obs.add("my_field", ["power", "dull"], rows=2, cards=True)
    obs.add("opp_field", ["power", "dull"], rows=2, cards=True)
    assert obs.columns_markdown().splitlines() == [
        "- `global` (2 columns): `my_turn`, `damage`",
        "- `my_field`, `opp_field` (2 columns): `power`, `dull`",
    ]
