"""[Mana] (CR 1122) and mana counters (CR 1022): a ruler starts the game with them, another card
enters the field with them; abilities remove them as a cost; effects put them on a J/ruler. On the
hand-built ``fow_tables.rune_pool``."""

from fow_tables import W, Row, kernel_move, rune_deck, rune_row
from helpers import Z, pass_both, play, to_hand, turn_player, will
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S



def mana_row(rpool):
    r = rune_row(rpool)
    return r, turn_player(r)


def ruler(p):
    return p * K.PLAYER_SLOTS + K.RULER_SLOT


def test_cr_1122_2a_a_ruler_starts_the_game_with_its_mana_counters(rpool):
    r = Row(rpool, rune_deck(rpool), rune_deck(rpool, ruler="Flame Ruler"))
    assert r.rec(S.MANA, ruler(0)) == 2 and r.rec(S.MANA, ruler(1)) == 0


def test_cr_1122_2b_a_card_enters_the_field_with_its_mana_counters_and_1022_3_loses_them_when_it_leaves(rpool):
    r, tp = mana_row(rpool)
    to_hand(r, tp, "Mana Familiar")
    r.give_will(tp, W)
    play(r, tp, "Mana Familiar")
    pass_both(r)
    fam = r.zone(Z.FIELD, tp)[-1]
    assert r.rec(S.MANA, fam) == 2
    # a mana-counter cost: remove one, produce {W} at once (a will ability, CR 907.3)
    a = K.ACTIVATE_BASE + r.field_index(tp, fam) * K.ABILITIES_PER_CARD
    r.act(a)
    assert r.rec(S.MANA, fam) == 1 and will(r, tp)[W] == 1 and int(r.s[S.CHASE_N]) == 0
    r.act(a)
    assert r.rec(S.MANA, fam) == 0 and will(r, tp)[W] == 2
    assert a not in r.legal()  # no counter left to remove
    # back to the hand and into the field again: a new card with [Mana] 2 only (CR 302.3, 1022.3)
    r.set_rec(S.MANA, fam, 1)
    kernel_move(r.s, r.T, fam, Z.HAND)
    assert r.rec(S.MANA, fam) == 0 and r.rec(S.ZONE, fam) == Z.HAND
    r.give_will(tp, W)
    play(r, tp, "Mana Familiar")
    pass_both(r)
    assert r.rec(S.MANA, fam) == 2


def test_cr_1122_a_ruler_pays_its_will_ability_with_its_mana_counters(rpool):
    r, tp = mana_row(rpool)
    assert K.RULER_ACTIVATE_BASE + 0 in r.legal()
    r.act(K.RULER_ACTIVATE_BASE + 0)
    r.act(K.RULER_ACTIVATE_BASE + 0)
    assert r.rec(S.MANA, ruler(tp)) == 0 and will(r, tp)[W] == 2
    assert K.RULER_ACTIVATE_BASE + 0 not in r.legal()


def test_cr_1022_6_a_j_ruler_with_mana_enters_with_its_counters_added_to_the_rulers(rpool):
    r, tp = mana_row(rpool)
    r.act(K.RULER_ACTIVATE_BASE + 0)  # 2 -> 1 counter; {W} pays the [Judgment] {1}
    r.act(K.JUDGMENT)
    pass_both(r)
    assert r.rec(S.ZONE, ruler(tp)) == Z.FIELD and r.rec(S.MANA, ruler(tp)) == 1 + 2
    # the J-ruler's "remove two mana counters from this card: draw a card" (on the chase)
    a = K.ACTIVATE_BASE + r.field_index(tp, ruler(tp)) * K.ABILITIES_PER_CARD  # its only one
    hand = len(r.zone(Z.HAND, tp))
    r.act(a)
    assert r.rec(S.MANA, ruler(tp)) == 1 and int(r.s[S.CHASE_N]) == 1
    pass_both(r)
    assert len(r.zone(Z.HAND, tp)) == hand + 1
    assert a not in r.legal()  # one counter left


def test_cr_1022_1_an_effect_puts_a_mana_counter_on_your_j_ruler(rpool):
    r, tp = mana_row(rpool)
    r.give_will(tp, W)
    r.act(K.PLAY_RUNE_BASE + r.names(Z.RUNE_AREA, tp).index("Tide Rune"))
    pass_both(r)
    assert r.rec(S.MANA, ruler(tp)) == 3
