"""The template game's declared layouts (tcg_env.engine.blocks) are what its page shows."""

from pathlib import Path

from tcg_env.games.template import constants as K
from tcg_env.games.template import observation as O

PAGE = Path(__file__).resolve().parents[2] / "docs" / "template" / "README.md"


def test_the_pages_action_table_is_the_declared_action_layout():
    doc = PAGE.read_text()
    assert K.ACTIONS.markdown() in doc, "regenerate the action table of docs/template/README.md:\n" + K.ACTIONS.markdown()
    assert f"`Discrete({K.NUM_ACTIONS})`" in doc


def test_the_pages_observation_table_and_columns_are_the_declared_observation():
    doc = " ".join(PAGE.read_text().split())
    assert O.OBS.markdown() in PAGE.read_text(), "regenerate the observation table:\n" + O.OBS.markdown()
    assert f"A float32 vector of {O.OBS_SIZE} values" in doc
    for block in ("global", "hand"):
        assert ", ".join(f"`{c}`" for c in O.OBS[block].columns[:9]) in doc, block


def test_the_entity_layout_points_hand_and_field_actions_at_their_rows():
    layout = O.entity_layout()
    assert [b.name for b in layout.blocks] == ["hand", "my_field", "opp_field", "stack"]
    assert {p.name: (p.base, p.block) for p in layout.pointers} == {"hand": (K.HAND_BASE, "hand"),
                                                                    "field": (K.FIELD_BASE, "my_field")}
