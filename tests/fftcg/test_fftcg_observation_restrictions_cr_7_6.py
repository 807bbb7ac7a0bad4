"""CR 7.6: a field card is public, and so are the restrictions effects gave it (fftcg_v3): "cannot be
blocked" (``cant_be_blocked``), "cannot be broken" (``cant_be_broken``), "cannot be broken by opposing
Summons or abilities that don't deal damage" (``cant_be_broken_by_opp_effects``) and "if it is put from
the field into the Break Zone this turn, remove it from the game instead"
(``removed_instead_of_break_zone``) show in its row in both players' observations, set by the engine
playing the cards' text (the made-up cards of test_fftcg_card_text_s10); the board names them."""


import pytest

from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import observation as O
from tcg_env.games.fftcg import state as S
from tests.fftcg.fftcg_helpers import do, import_mini, resolve_stack, slot_of
from tests.fftcg.test_fftcg_card_text_s10 import _game, _records


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ffobs", _records())


NEW = ("cant_be_blocked", "cant_be_broken", "cant_be_broken_by_opp_effects", "removed_instead_of_break_zone")


def _field_row(g, viewer, owner, slot):
    """``slot``'s row (``owner``'s field) in ``viewer``'s observation, by column name."""
    i = [int(x) for x in g.state[S.FIELD_L + owner * K.FIELD_SLOTS: S.FIELD_L + owner * K.FIELD_SLOTS
                                 + int(g.state[S.FIELD_N + owner])]].index(slot)
    base = O.OBS_OWN_FIELD if viewer == owner else O.OBS_OPP_FIELD
    obs = g.observe(viewer)
    return {c: float(obs[base + i * O.CARD_FEATURES + k]) for k, c in enumerate(O.CARD_COLUMNS)}


def _bits(g, owner, slot):
    rows = [_field_row(g, viewer, owner, slot) for viewer in (0, 1)]
    assert rows[0] == rows[1]  # the same public row in both views (CR 7.6)
    return tuple(rows[0][c] for c in NEW)


def test_cr_7_6_restrictions_given_by_effects_are_shown_in_both_views(mini):
    """Aegis ("It cannot be broken this turn.") then Erase (9000 damage; "If it is put from the field into
    the Break Zone this turn, remove it from the game instead.") on Filler 0, which stays on the field;
    Sneak ("It cannot be blocked this turn.") on Filler 1; the opponent's Stalwart "cannot be broken by
    opposing Summons or abilities that don't deal damage" (its own field ability). Each row shows its bits
    only, in both players' observations; a hand row shows none."""
    g = _game(mini, ["U-001", "U-019", "U-005"], mine=("U-040", "U-041"), theirs=("U-004",))
    f0, f1, stalwart = slot_of(g, "U-040"), slot_of(g, "U-041"), slot_of(g, "U-004", player=1)
    assert _bits(g, 0, f0) == _bits(g, 0, f1) == (0.0, 0.0, 0.0, 0.0)
    assert _bits(g, 1, stalwart) == (0.0, 0.0, 1.0, 0.0)
    do(g, "Cast Aegis", "Choose your Filler 0")
    resolve_stack(g)
    assert _bits(g, 0, f0) == (0.0, 1.0, 0.0, 0.0)
    do(g, "Cast Erase", "Choose your Filler 0")
    resolve_stack(g)
    assert int(g.state[S.ZONE + f0 * S.CARD_W]) == K.Zone.FIELD  # not broken (CR 12.4.5)
    assert _bits(g, 0, f0) == (0.0, 1.0, 0.0, 1.0)
    do(g, "Cast Sneak", "Choose your Filler 1")
    resolve_stack(g)
    assert _bits(g, 0, f1) == (1.0, 0.0, 0.0, 0.0)
    assert _bits(g, 0, f0) == (0.0, 1.0, 0.0, 1.0)
    assert _bits(g, 1, stalwart) == (0.0, 0.0, 1.0, 0.0)
    board = g.render()
    assert "cannot be blocked" in board and "removed instead of the Break Zone" in board
    assert "cannot be broken by opposing effects" in board


def test_cr_7_6_a_hand_row_shows_no_field_restriction(mini):
    """The columns are a field card's: a hand row's are 0 (the hand rows are copied from the pool's table
    and these columns written after them)."""
    g = _game(mini, ["U-004"])
    obs = g.observe(0)
    for c in NEW:
        assert obs[O.OBS_HAND + O.HAND.col(c)] == 0.0
