"""What the observation shows of a card on the field: the field is public (CR 7.6), and so is what a
card cannot do now. Its row's ``cant_attack`` / ``cant_block`` columns are the restrictions the
rules read (the derived ``D_RST``: one-time effects and field abilities, ``board.refresh_derived``),
in both players' observations."""

import numpy as np
from fftcg_helpers import STARTER_DECKS, do

from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import observation as O
from tcg_env.games.fftcg import state as S

CANT_ATTACK = O.CARD_COLUMNS.index("cant_attack")
CANT_BLOCK = O.CARD_COLUMNS.index("cant_block")


def field_row(g, viewer, slot):
    """``slot``'s row in ``viewer``'s observation: its controller's field block, at its field position."""
    row = g.state
    ctrl = int(row[S.CONTROLLER + slot * S.CARD_W])
    base = O.OBS_OWN_FIELD if ctrl == viewer else O.OBS_OPP_FIELD
    field = [int(row[S.FIELD_L + ctrl * K.FIELD_SLOTS + i]) for i in range(int(row[S.FIELD_N + ctrl]))]
    o = base + field.index(slot) * O.CARD_FEATURES
    return g.observe(viewer)[o : o + O.CARD_FEATURES]


def test_cr_7_6_a_field_abilitys_cant_block_is_public(rules):
    """Storm Tyrant: "The Forwards of cost 3 or less opponent controls cannot block."; before, the
    observation had no column for it: both players' rows of the small Forward were the same with
    and without the Tyrant."""
    sc = rules.Scenario.main_phase(rules.starter_pool(), turn_player=0, decks=STARTER_DECKS)
    (small,) = sc.field(1, ["FF1-001"])  # Cinder Lancer, 3 CP
    (big,) = sc.field(1, ["FF1-003"])  # Blazing Duelist, 4 CP
    before = {p: field_row(sc.game(), p, small) for p in (0, 1)}
    (tyrant,) = sc.field(0, ["FF1-047"])
    g = sc.game()
    assert int(g.state[S.D_RST + small * S.CARD_W]) == K.RESTRICT_CANT_BLOCK  # what the rules read
    for viewer in (0, 1):
        row = field_row(g, viewer, small)
        assert before[viewer][CANT_BLOCK] == 0.0 and (row[CANT_BLOCK], row[CANT_ATTACK]) == (1.0, 0.0)
        assert not np.array_equal(row, before[viewer])
        assert field_row(g, viewer, big)[CANT_BLOCK] == 0.0  # cost 4: not restricted
        assert field_row(g, viewer, tyrant)[CANT_BLOCK] == 0.0  # its own side


def test_cr_7_6_a_one_time_cant_attack_and_cant_block_are_public(scenario):
    """Shackle (the rules pool): "choose 1 Forward opponent controls: it cannot attack or block this
    turn; choose 1 Forward you control: it gains Haste"."""
    sc = scenario()
    sc.hand(0, ["T-029", "T-008"])
    (mine,) = sc.field(0, ["T-001"], entered_this_turn=True)
    (theirs,) = sc.field(1, ["T-002"])
    g = sc.game()
    before = {p: field_row(g, p, theirs) for p in (0, 1)}
    do(g, "Cast Shackle", "Choose opponent's Ice Grunt", "Choose your Fire Grunt", "Pay: discard Big Brute")
    g.step(K.PASS)
    g.step(K.PASS)
    haste = O.CARD_COLUMNS.index("haste")
    for viewer in (0, 1):
        row = field_row(g, viewer, theirs)
        assert (before[viewer][CANT_ATTACK], before[viewer][CANT_BLOCK]) == (0.0, 0.0)
        assert (row[CANT_ATTACK], row[CANT_BLOCK]) == (1.0, 1.0)
        assert field_row(g, viewer, mine)[haste] == 1.0  # a granted keyword (shown before too)
