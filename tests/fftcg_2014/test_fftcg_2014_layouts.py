"""FF-TCG 2014's declared layouts against its docs (as tests/fftcg/test_fftcg_layouts.py for FF-TCG):
the action space is FF-TCG's, the observation FF-TCG's plus the 2014 blocks, the snapshot FF-TCG's
fields plus the 2014 words; docs/fftcg_2014/{actions,observations,snapshot}.md say so."""

from pathlib import Path

from tcg_env.games.fftcg import constants as K16
from tcg_env.games.fftcg import observation as O16
from tcg_env.games.fftcg import state as S16
from tcg_env.games.fftcg_2014 import adapter as A
from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014 import observation as O
from tcg_env.games.fftcg_2014 import state as S

DOCS = Path(__file__).resolve().parents[2] / "docs" / "fftcg_2014"
NEW_BLOCKS = ("ask", "hand_2014", "own_field_2014", "opp_field_2014")


def test_the_action_space_is_ffcgs_and_the_docs_table_is_it():
    assert K.ACTIONS is K16.ACTIONS and K.NUM_ACTIONS == K16.NUM_ACTIONS
    doc = (DOCS / "actions.md").read_text()
    assert K.ACTIONS.markdown() in doc, "regenerate the table of docs/fftcg_2014/actions.md:\n" + K.ACTIONS.markdown()
    assert f"`Discrete({K.NUM_ACTIONS})`" in doc and "(../fftcg/actions.md)" in doc


def test_the_docs_questions_table_names_every_ask_with_its_decision():
    """One row per question (``Ask``), with the decision that asks it (``adapter.ASK_DECISIONS``,
    which the snapshot check enforces)."""
    doc = (DOCS / "actions.md").read_text()
    asked_by = {a: d for d, asks in A.ASK_DECISIONS.items() for a in asks}
    assert set(asked_by) == set(K.Ask) - {K.Ask.NONE}
    for a, d in asked_by.items():
        assert any(line.startswith(f"| `{a.name}` ") and f"| `{d.name}` |" in line for line in doc.splitlines()), a.name


def test_the_observation_is_fftcgs_at_its_offsets_then_the_2014_blocks():
    assert [b.name for b in O.OBS][: len(O16.OBS.blocks)] == [b.name for b in O16.OBS]
    for b in O16.OBS:
        assert (O.OBS[b.name].base, O.OBS[b.name].shape, O.OBS[b.name].columns) == (b.base, b.shape, b.columns)
    assert [b.name for b in O.OBS][len(O16.OBS.blocks):] == list(NEW_BLOCKS)
    assert O.OBS[NEW_BLOCKS[0]].base == O16.OBS_SIZE and O.OBS.size == O.OBS_SIZE
    assert O.OBS["hand_2014"].shape[0] == O16.OBS["hand"].shape[0]
    assert O.OBS["own_field_2014"].shape[0] == O16.OBS["own_field"].shape[0]
    assert O.OBS["ask"].columns[: len(K.Ask)] == tuple(f"ask_{a.name.lower()}" for a in K.Ask)


def test_docs_observation_views_and_2014_columns_are_the_declared_ones():
    doc = (DOCS / "observations.md").read_text()
    assert O.OBS.markdown() in doc, "regenerate the views table of docs/fftcg_2014/observations.md:\n" + O.OBS.markdown()
    cols = "\n".join(line for line in O.OBS.columns_markdown().splitlines()
                     if any(f"`{n}`" in line.split(" (")[0] for n in NEW_BLOCKS))  # fmt: skip
    assert cols.count("\n") == 2 and cols in doc, "regenerate 'Columns by block' of docs/fftcg_2014/observations.md:\n" + cols
    assert f"flat `float32` vector of {O.OBS_SIZE} columns" in doc
    assert "(../fftcg/observations.md)" in doc and f"columns 0..{O16.OBS_SIZE - 1}" in doc


def test_the_state_row_is_fftcgs_then_the_2014_words_and_the_snapshot_doc_names_them():
    for name, f in S16.LAYOUT.fields.items():
        assert S.LAYOUT.fields[name].offset == f.offset, name
    new = [n for n in S.LAYOUT.fields if n not in S16.LAYOUT.fields]
    assert new == ["equips", "junctioned", "overdriven", "ask", "ask_arg", "playing", "playing_stage",
                   "playing_hand_index", "playing_extra_cp", "playing_overdrive", "playing_target"]
    doc = (DOCS / "snapshot.md").read_text()
    for name in new:
        assert f"| `{name}` |" in doc, name
    assert f'"format": {A.SNAPSHOT_FORMAT}' in doc and '"game": "fftcg_2014"' in doc
    assert "(../fftcg/snapshot.md)" in doc
    for name in A.VALUE_DOMAINS:
        if name not in S16.LAYOUT.fields or name in new:
            assert f"`{name}`" in doc, name
