"""The shared modifier store (tcg_env.rules.modifiers) on the toy card game of toy_rules.py: each
duration ends when its rule says and no earlier, a card that changes zones is a new card except
where the game says, an aliased word is counted once, and a declaration that could not be exact
is refused."""

from __future__ import annotations

import numpy as np
import pytest
import toy_rules as toy
from numba import njit

from tcg_env.engine.header import H_TURN
from tcg_env.engine.tables import card_table
from tcg_env.rules import modifiers as M
from tcg_env.rules.modifiers import ADD, ModifierTable

G = toy.RULES
W = toy.CARD_W


# the layer's kernels are kernel-only (engine.jit.internal): the tests call them through these
@njit
def _apply(s, mt, slot, kind, duration, value):
    M.mod_apply(G, s, mt, slot, kind, duration, value)


@njit
def _total(s, mt, slot, kind):
    return M.mod_total(s, mt, slot, kind)


@njit
def _derive(s, T, mt, slot):
    M.mod_derive(s, card_table(T), mt, slot)


@njit
def _end_in_zone(s, mt, zt, zone, duration):
    M.mod_end_in_zone(s, mt, zt, zone, duration)


@njit
def _end_all(s, mt, duration):
    M.mod_end_all(s, mt, duration)


@njit
def _expire_all(s, mt, turn):
    M.mod_expire_all(s, mt, turn)


@njit
def _end_turn_all(s, mt, duration, turn):
    M.mod_end_turn_all(s, mt, duration, turn)


@njit
def _zone_change(s, mt, slot, old, new):
    return M.mod_zone_change(G, s, mt, slot, old, new)


def _tables():
    """Card tables with the toy's three columns (printed power, keywords, colour)."""
    from tcg_env.engine.tables import pack_tables

    cards = np.array([[5000, 0b001, 0], [3000, 0b100, 1], [7000, 0, 2]], np.int32)
    empty = np.zeros((1, 5), np.int32)
    return pack_tables(cards, empty, empty, empty, np.zeros((3, 1), np.float32))


def _board():
    """Two cards on player 0's field (slots 0, 1), one on player 1's (slot 2), one in a hand (3)."""
    s = toy.new_state()
    toy.place(s, 0, 0, 0, toy.Zone.FIELD)
    toy.place(s, 1, 1, 0, toy.Zone.FIELD)
    toy.place(s, 2, 2, 1, toy.Zone.FIELD)
    toy.place(s, 3, 0, 1, toy.Zone.HAND)
    s[H_TURN] = 4
    return s


def test_cr_fftcg_9_5_1_3_2_until_end_of_turn_changes_end_and_while_on_field_ones_stay():
    """FF-TCG CR 9.5.1.3.1-2 / Force of Will CR 505.5a-b: at the end of the turn the damage and the
    until-end-of-turn changes of the cards in the field end; PERMANENT ones (while the card stays)
    and end-of-battle ones are not touched."""
    s = _board()
    _apply(s, toy.MT, 0, toy.POWER, toy.EOT, 2000)
    _apply(s, toy.MT, 0, toy.POWER, toy.EOT, -500)
    _apply(s, toy.MT, 0, toy.POWER, toy.PERM, 1000)
    _apply(s, toy.MT, 2, toy.KEYWORDS, toy.EOT, 0b010)
    _apply(s, toy.MT, 2, toy.KEYWORDS, toy.PERM, 0b100)
    _apply(s, toy.MT, 1, toy.RESTRICTIONS, toy.EOT, 0b1)
    s[toy.DAMAGE + 1 * W] = 3000
    assert s[toy.P_EOT] == 1500 and _total(s, toy.MT, 0, toy.POWER) == 2500
    assert _total(s, toy.MT, 2, toy.KEYWORDS) == 0b110
    _end_in_zone(s, toy.MT, toy.ZT, toy.FIELD, toy.EOT)
    assert _total(s, toy.MT, 0, toy.POWER) == 1000
    assert _total(s, toy.MT, 2, toy.KEYWORDS) == 0b100
    assert _total(s, toy.MT, 1, toy.RESTRICTIONS) == 0
    assert s[toy.DAMAGE + 1 * W] == 0  # a forgotten word that also ends with the turn
    assert s[toy.ATTACHED + 1 * W] == -1  # one that does not is left alone


def test_cr_fow_807_3a_end_of_battle_changes_end_alone_and_an_aliased_one_with_its_word():
    """Force of Will CR 807.3a: "until the end of the battle" ends at the battle's final step; the
    restrictions a game keeps in the end-of-turn word (an alias) end with the turn instead."""
    s = _board()
    _apply(s, toy.MT, 0, toy.POWER, toy.EOB, 300)
    _apply(s, toy.MT, 0, toy.POWER, toy.EOT, 200)
    _apply(s, toy.MT, 0, toy.KEYWORDS, toy.EOB, 0b1000)
    _apply(s, toy.MT, 0, toy.RESTRICTIONS, toy.EOB, 0b10)
    assert s[toy.R_EOT] == 0b10  # kept in the end-of-turn word
    _end_in_zone(s, toy.MT, toy.ZT, toy.FIELD, toy.EOB)
    assert (s[toy.P_EOB], s[toy.P_EOT], s[toy.KW_EOB], s[toy.R_EOT]) == (0, 200, 0, 0b10)
    _end_in_zone(s, toy.MT, toy.ZT, toy.FIELD, toy.EOT)
    assert s[toy.R_EOT] == 0


def test_cr_ws_8_2_1_2_until_the_opponents_next_turn_lasts_through_that_turn():
    """Weiss Schwarz CR 8.2.1.2: a change "until the end of your opponent's next turn" applied in
    the master's turn 4 ends at the end of turn 5, not of turn 4; applied by the non-turn player
    (a counter) in turn 4, at the end of turn 6. The expiry turn comes from the game
    (``modifier_until``)."""
    s = _board()
    s[toy.TURN_PLAYER] = 0
    s[toy.MASTER] = 0
    _apply(s, toy.MT, 0, toy.POWER, toy.NEXT_OPP, 1000)
    assert s[toy.P_UNTIL] == 5
    s[toy.MASTER] = 1
    _apply(s, toy.MT, 2, toy.RESTRICTIONS, toy.NEXT_OPP, 0b1)
    assert s[toy.R_UNTIL + 2 * W] == 6
    _end_all(s, toy.MT, toy.EOT)
    _expire_all(s, toy.MT, 4)  # the end of turn 4: both still last
    assert s[toy.P_LONG] == 1000 and s[toy.R_LONG + 2 * W] == 0b1
    _expire_all(s, toy.MT, 5)
    assert (s[toy.P_LONG], s[toy.P_UNTIL]) == (0, 0)
    assert s[toy.R_LONG + 2 * W] == 0b1
    _expire_all(s, toy.MT, 6)
    assert (s[toy.R_LONG + 2 * W], s[toy.R_UNTIL + 2 * W]) == (0, 0)


def test_cr_ws_6_8_1_4_and_8_2_1_2_the_end_of_a_turn_in_one_pass_writes_what_the_two_passes_write():
    """``mod_end_turn_all`` (one pass over the slots) leaves the rows ``mod_end_all`` then
    ``mod_expire_all`` leave, at the end of the turn the long changes last through and at the end of
    the turn they end."""
    s = _board()
    s[toy.TURN_PLAYER] = 0
    s[toy.MASTER] = 0
    _apply(s, toy.MT, 0, toy.POWER, toy.NEXT_OPP, 1000)
    _apply(s, toy.MT, 1, toy.POWER, toy.EOT, 500)
    s[toy.MASTER] = 1
    _apply(s, toy.MT, 2, toy.RESTRICTIONS, toy.NEXT_OPP, 0b1)
    for turn in (4, 5, 6):
        one, two = s.copy(), s.copy()
        _end_turn_all(one, toy.MT, toy.EOT, turn)
        _end_all(two, toy.MT, toy.EOT)
        _expire_all(two, toy.MT, turn)
        np.testing.assert_array_equal(one, two)
        assert not np.array_equal(one, s)  # the end of turn 4 already ends the 500
    assert s[toy.P_LONG] == 1000


def test_cr_ws_8_2_1_2_expiry_turns_merge_as_declared_latest_or_furthest():
    """Two turn-counted changes in one word share one expiry turn: the toy keeps the latest set
    for power (Weiss Schwarz's power) and the furthest for restrictions (its restrictions)."""
    s = _board()
    s[toy.TURN_PLAYER] = 0
    s[toy.MASTER] = 1  # turn 4, the opponent's ability: until the end of turn 6
    _apply(s, toy.MT, 0, toy.POWER, toy.NEXT_OPP, 500)
    _apply(s, toy.MT, 0, toy.RESTRICTIONS, toy.NEXT_OPP, 0b1)
    s[toy.MASTER] = 0  # then the turn player's: until the end of turn 5
    _apply(s, toy.MT, 0, toy.POWER, toy.NEXT_OPP, 500)
    _apply(s, toy.MT, 0, toy.RESTRICTIONS, toy.NEXT_OPP, 0b10)
    assert (s[toy.P_LONG], s[toy.P_UNTIL]) == (1000, 5)
    assert (s[toy.R_LONG], s[toy.R_UNTIL]) == (0b11, 6)


def test_cr_7_4_a_card_that_changes_zones_is_a_new_card_and_forgets_everything():
    """FF-TCG CR 7.4, Weiss Schwarz CR 3.1.4, Force of Will CR 302.3: every modifier, expiry turn
    and forgotten word returns to its reset value (orientation STAND, attachment -1)."""
    s = _board()
    s[toy.MASTER] = 0
    for d in (toy.EOT, toy.EOB, toy.PERM, toy.NEXT_OPP):
        _apply(s, toy.MT, 1, toy.POWER, d, 100 + d)
        _apply(s, toy.MT, 1, toy.KEYWORDS, d, 1 << d)
        _apply(s, toy.MT, 1, toy.RESTRICTIONS, d, 1 << d)
    s[toy.ORIENT + W], s[toy.DAMAGE + W], s[toy.ATTACHED + W] = toy.REST, 2000, 0
    before = s.copy()
    assert _zone_change(s, toy.MT, 1, toy.FIELD, toy.GRAVEYARD)
    for name in toy.MODS.fields():
        off = toy.LAYOUT.fields[name].offset + W
        want = {"orientation": toy.STAND, "attached_to": -1}.get(name, 0)
        assert s[off] == want, name
    changed = np.flatnonzero(s != before)
    assert set(changed) <= {toy.LAYOUT.fields[n].offset + W for n in toy.MODS.fields()}  # nothing else


def test_cr_fow_302_3_field_to_ruler_area_is_the_same_card():
    """Force of Will CR 302.3: from the field to a ruler area (or back) the card is the same card
    and keeps what applies to it: the game's ``keeps_modifiers`` says which moves."""
    s = _board()
    _apply(s, toy.MT, 0, toy.POWER, toy.PERM, 400)
    assert not _zone_change(s, toy.MT, 0, toy.FIELD, toy.RULER_AREA)
    assert not _zone_change(s, toy.MT, 0, toy.RULER_AREA, toy.FIELD)
    assert s[toy.P_PERM] == 400
    assert _zone_change(s, toy.MT, 0, toy.FIELD, toy.HAND)
    assert s[toy.P_PERM] == 0


def test_cr_ws_8_9_the_value_now_is_the_printed_value_with_the_modifiers_an_alias_counted_once():
    """Weiss Schwarz CR 8.9 / FF-TCG CR 11.12.4: the derived word is the printed value, then the
    modifiers; a keyword granted "until the opponent's next turn" where the game keeps it in the
    end-of-turn word (an alias) is or-ed once, and power's aliases are never added twice."""
    s = _board()
    T = _tables()
    s[toy.MASTER] = 0
    _apply(s, toy.MT, 1, toy.POWER, toy.EOT, 1000)
    _apply(s, toy.MT, 1, toy.POWER, toy.NEXT_OPP, 500)
    _apply(s, toy.MT, 1, toy.KEYWORDS, toy.NEXT_OPP, 0b010)  # an alias of the end-of-turn word
    _derive(s, T, toy.MT, 1)
    assert s[toy.D_POWER + W] == 3000 + 1500
    assert s[toy.D_KW + W] == 0b110
    assert _total(s, toy.MT, 1, toy.KEYWORDS) == 0b010


def test_a_declaration_that_could_not_be_exact_is_refused():
    from enum import IntEnum

    class One(IntEnum):
        A = 0

    class Gap(IntEnum):
        A = 0
        B = 2

    with pytest.raises(ValueError, match="must number 0"):
        ModifierTable(toy.LAYOUT, Gap, toy.Duration, card=toy.CARD)
    t = ModifierTable(toy.LAYOUT, One, toy.Duration, card=toy.CARD)
    t.kind(One.A, ADD)
    t.cell(One.A, toy.Duration.END_OF_TURN, toy.P_EOT)
    with pytest.raises(ValueError, match="not declared: A END_OF_BATTLE, A PERMANENT, A NEXT_OPP_TURN_END"):
        t.compile()
    with pytest.raises(ValueError, match="alias of A PERMANENT: declare END_OF_TURN first"):
        ModifierTable(toy.LAYOUT, One, toy.Duration, card=toy.CARD).alias(One.A, toy.Duration.PERMANENT,
                                                                          toy.Duration.END_OF_TURN)
    with pytest.raises(ValueError, match="is not a word of the card records"):
        t.cell(One.A, toy.Duration.PERMANENT, toy.TURN_PLAYER)
    t.cell(One.A, toy.Duration.END_OF_BATTLE, toy.P_EOT)  # one word owned twice
    t.cell(One.A, toy.Duration.PERMANENT, toy.P_PERM)
    t.cell(One.A, toy.Duration.NEXT_OPP_TURN_END, toy.P_LONG)
    with pytest.raises(ValueError, match="word 'power_eot' owned by A END_OF_TURN and A END_OF_BATTLE"):
        t.compile()
    with pytest.raises(ValueError, match="declared twice"):
        t.cell(One.A, toy.Duration.PERMANENT, toy.P_PERM)
    u = ModifierTable(toy.LAYOUT, One, toy.Duration, card=toy.CARD)
    u.kind(One.A, ADD)
    for d, f in zip(toy.Duration, (toy.P_EOT, toy.P_EOB, toy.P_PERM, toy.P_LONG)):
        u.cell(One.A, d, f)
    u.forget(toy.P_EOT)
    with pytest.raises(ValueError, match="forgotten word 'power_eot' is A END_OF_TURN's"):
        u.compile()
