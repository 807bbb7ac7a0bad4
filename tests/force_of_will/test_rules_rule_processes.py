"""CR 1200s: rule processes, winning and losing (CR 103)."""

from helpers import St, Z, life, main_row, pass_both, play, step, to_hand, turn_player
from fow_tables import Row
from tcg_env.engine.header import WINNER_DRAW
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S


def test_cr_1202_1_a_player_with_zero_life_loses(pool):
    r = main_row(pool)
    tp = turn_player(r)
    to_hand(r, tp, "Blast")
    r.give_will(tp, K.Attribute.FIRE)
    r.s[S.LIFE + 1 - tp] = 400
    play(r, tp, "Blast")
    pass_both(r)
    assert r.done and r.winner == tp  # CR 103.2
    assert r.legal() == []


def test_cr_103_3_both_players_losing_at_once_is_a_draw(pool):
    r = main_row(pool)
    r.s[S.LIFE + 0] = 0
    r.s[S.LIFE + 1] = -100
    r.act(K.PASS)
    assert r.done and r.winner == WINNER_DRAW


def test_cr_1202_2_drawing_from_an_empty_deck_in_the_draw_phase_loses(pool):
    r = Row(pool, seed=0)
    r.skip_mulligans()
    r.pass_until(lambda x: int(x.s[9]) == 2)
    tp = turn_player(r)
    for slot in r.zone(Z.MAIN_DECK, tp):
        r.move(slot, Z.REMOVED)
    assert step(r) == St.DRAW_BEGIN
    pass_both(r)
    assert r.done and r.winner == 1 - tp


def test_cr_104_2_an_effect_draw_from_an_empty_deck_draws_nothing_and_does_not_lose(pool):
    r = main_row(pool)
    tp = turn_player(r)
    for slot in r.zone(Z.MAIN_DECK, tp):
        r.move(slot, Z.REMOVED)
    to_hand(r, tp, "Scholar")
    r.give_will(tp, K.Attribute.WATER)
    play(r, tp, "Scholar")
    pass_both(r)
    pass_both(r)  # its [Enter]: draw a card
    assert not r.done and "Scholar" in r.names(Z.FIELD, tp)


def test_cr_1205_1_life_is_rounded_up_to_a_multiple_of_100(pool):
    r = main_row(pool)
    r.s[S.LIFE + 0] = 1250
    r.s[S.LIFE + 1] = 1
    r.act(K.PASS)
    assert life(r, 0) == 1300 and life(r, 1) == 100 and not r.done


def test_cr_1204_2_a_resonator_with_def_zero_or_less_is_destroyed(pool):
    r = main_row(pool)
    tp = turn_player(r)
    imp = r.put(tp, "Imp", Z.FIELD)
    r.set_rec(S.DEF_EOT, imp, -500)
    r.act(K.PASS)
    assert "Imp" in r.names(Z.GRAVEYARD, tp)


def test_cr_1203_counters_count_as_100_each_and_cancel(pool):
    r = main_row(pool)
    tp = turn_player(r)
    imp = r.put(tp, "Imp", Z.FIELD)
    r.set_rec(S.COUNTERS, imp, -5)  # five [-100/-100]: DEF 0
    r.act(K.PASS)
    assert "Imp" in r.names(Z.GRAVEYARD, tp)


def test_cr_1406_4a_an_addition_added_to_nothing_goes_to_the_graveyard(pool):
    r = main_row(pool)
    tp = turn_player(r)
    add = r.free_slot(tp, "Crown")
    r.s[S.CARD + add * S.CARD_W] = pool.ids["Crown"]
    # make it an addition that must be added to a resonator, added to none
    from tcg_env.engine.tables import unpack_tables
    cards = unpack_tables(pool.T)[0]
    crown = pool.ids["Crown"]
    saved = cards[crown].copy()
    try:
        cards[crown, K.C_TYPE] = K.CardType.ADDITION
        cards[crown, K.C_ADDITION] = K.AdditionTarget.RESONATOR
        S.ZONES.put(r.s, add, Z.FIELD, tp)
        r.act(K.PASS)
        assert "Crown" in r.names(Z.GRAVEYARD, tp)
    finally:
        cards[crown] = saved
