"""CR 300s: zones, and the movement restrictions of CR 316."""

from fow_tables import kernel_move
from helpers import Z, main_row, turn_player
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S


def test_cr_316_1_a_ruler_moves_only_to_a_graveyard_or_its_ruler_area(pool):
    r = main_row(pool)
    tp = turn_player(r)
    ruler = tp * K.PLAYER_SLOTS
    for z in (Z.HAND, Z.MAIN_DECK, Z.FIELD, Z.REMOVED):
        assert not kernel_move(r.s, r.T, ruler, int(z))
        assert r.zone(Z.RULER_AREA, tp) == [ruler]
    assert kernel_move(r.s, r.T, ruler, int(Z.GRAVEYARD)) and r.zone(Z.GRAVEYARD, tp)[-1] == ruler


def test_cr_316_2_a_j_ruler_moves_only_to_a_ruler_area_or_the_field(pool):
    r = main_row(pool)
    tp = turn_player(r)
    j = r.put(tp, "Flame J-Ruler", Z.FIELD)
    for z in (Z.HAND, Z.GRAVEYARD, Z.MAIN_DECK, Z.REMOVED):
        assert not kernel_move(r.s, r.T, j, int(z))
    assert r.rec(S.ZONE, j) == Z.FIELD


def test_cr_316_3a_a_resonator_does_not_move_to_a_ruler_area(pool):
    r = main_row(pool)
    tp = turn_player(r)
    imp = r.put(tp, "Imp", Z.FIELD)
    assert not kernel_move(r.s, r.T, imp, int(Z.RULER_AREA)) and r.rec(S.ZONE, imp) == Z.FIELD
    assert kernel_move(r.s, r.T, imp, int(Z.HAND)) and r.rec(S.ZONE, imp) == Z.HAND  # CR 316.3c


def test_cr_316_4_a_chant_moved_to_the_field_goes_to_the_graveyard_instead(pool):
    r = main_row(pool)
    tp = turn_player(r)
    bolt = r.put(tp, "Fire Bolt", Z.HAND)
    assert kernel_move(r.s, r.T, bolt, int(Z.FIELD))
    assert r.rec(S.ZONE, bolt) == Z.GRAVEYARD


def test_cr_302_3_a_card_in_a_new_zone_forgets_its_damage_and_effects(pool):
    r = main_row(pool)
    tp = turn_player(r)
    knight = r.put(tp, "Knight", Z.FIELD, rested=True)
    r.set_rec(S.DAMAGE, knight, 300)
    r.set_rec(S.ATK_EOT, knight, 200)
    r.set_rec(S.COUNTERS, knight, 2)
    kernel_move(r.s, r.T, knight, int(Z.HAND))
    assert [r.rec(f, knight) for f in (S.DAMAGE, S.ATK_EOT, S.COUNTERS, S.RESTED)] == [0, 0, 0, 0]


def test_cr_105_3a_off_the_field_a_card_is_controlled_by_its_owner(pool):
    r = main_row(pool)
    tp = turn_player(r)
    imp = r.put(tp, "Imp", Z.FIELD)
    S.ZONES.take(r.s, imp)
    r.set_rec(S.CONTROLLER, imp, 1 - tp)  # the opponent controls it
    S.ZONES.put(r.s, imp, Z.FIELD, 1 - tp)
    kernel_move(r.s, r.T, imp, int(Z.GRAVEYARD))  # CR 302.5: into its owner's graveyard
    assert imp in r.zone(Z.GRAVEYARD, tp) and r.rec(S.CONTROLLER, imp) == tp
