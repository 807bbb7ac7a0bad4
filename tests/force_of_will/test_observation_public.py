"""CR 302.2: a card in the field is public, and so is everything it has now. Both players'
observations show a field card's keywords as the rules read them (printed, granted by a one-time
effect, from a continuous ability: ``characteristics.keywords_now``), its restrictions
(``restrictions_now``), and which card an addition is added to (CR 1002.1), on the real cards of
the starter pool."""

import numpy as np
import pytest
from fow_tables import Row, basic_pool, current_values
from helpers import D, Z, pass_both, play, to_hand, turn_player
from test_cards_fow_costs import _Pool, starter_row

from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import observation as O
from tcg_env.games.force_of_will import state as S
from tcg_env.games.force_of_will.observation import observe_row

DYN = K.CARD_OBS_FEATURES  # the first dynamic column of a card row
Attr = K.Attribute


@pytest.fixture(scope="module")
def starter():
    return _Pool()


def obs_of(r, p):
    out = np.full(O.OBS_SIZE, np.nan, np.float32)  # observe_row writes every column
    observe_row(K.RULES, r.s, r.T, p, out)
    return out


def field_row(r, obs, viewer, slot):
    """``slot``'s row in ``viewer``'s observation: its controller's field block, at its field position."""
    ctrl = int(r.s[S.CONTROLLER + slot * S.CARD_W])
    base = O.B_FIELD if ctrl == viewer else O.B_OPP_FIELD
    o = base + r.field_index(ctrl, slot) * O.CARD_ROW_W
    return obs[o : o + O.CARD_ROW_W]


def kw_col(kw):
    """The row column of keyword ``kw`` (a KW_* bit)."""
    return O.KW_COL + int(kw).bit_length() - 1


def choose(r, slot):
    assert r.decision == D.CHOOSE_TARGET
    cands = r.s[S.CAND : S.CAND + int(r.s[S.CAND_N])].tolist()
    r.act(K.OPTION_BASE + cands.index(slot))


def test_cr_302_2_barrier_granted_until_end_of_turn_is_public(starter):
    """Mirror Ward: "target J/resonator you control gains [Barrier] and [+0/+200] until end of
    turn". Before, both observations showed the printed keywords only: byte-identical rows."""
    r = starter_row(starter, "dawn_sentinels")
    tp = turn_player(r)
    squire = r.put(tp, "Dawnward Squire", Z.FIELD)  # 300 / 400, no keyword
    before = {p: field_row(r, obs_of(r, p), p, squire).copy() for p in (0, 1)}
    to_hand(r, tp, "Mirror Ward")
    r.give_will(tp, Attr.LIGHT)
    play(r, tp, "Mirror Ward")
    choose(r, squire)
    pass_both(r)
    assert current_values(r.s, r.T, squire)[2] & K.KW_BARRIER  # what the rules read (CR 1120)
    for viewer in (tp, 1 - tp):
        row = field_row(r, obs_of(r, viewer), viewer, squire)
        assert before[viewer][kw_col(K.KW_BARRIER)] == 0.0 and row[kw_col(K.KW_BARRIER)] == 1.0
        assert row[DYN + O.DYN_DEF] == np.float32(0.6)
        assert not np.array_equal(row, before[viewer])
    # CR 505.5b: the effect ends with the turn, and the column with it
    r.pass_until(lambda x: turn_player(x) != tp)
    assert field_row(r, obs_of(r, tp), tp, squire)[kw_col(K.KW_BARRIER)] == 0.0


@pytest.mark.parametrize("name, attr, kw, on_opponents", [
    ("Windborne Mantle", Attr.WIND, K.KW_FLYING, True),  # "added J/resonator gains [Flying] and [+100/+100]"
    ("Forge Brand", Attr.FIRE, K.KW_FIRST_STRIKE, False),  # "... gains [+200/+0] and [First Strike]"
])
def test_cr_302_2_a_keyword_from_an_addition_is_public_and_the_addition_names_its_card(starter, name, attr, kw,
                                                                                       on_opponents):
    r = starter_row(starter, "dawn_sentinels")
    tp = turn_player(r)
    r.put(tp, "Dawnward Squire", Z.FIELD)
    owner = 1 - tp if on_opponents else tp
    target = r.put(owner, "Dawnward Squire", Z.FIELD)  # CR 1406.2a: any controller's J/resonator
    before = {p: field_row(r, obs_of(r, p), p, target).copy() for p in (0, 1)}
    to_hand(r, tp, name)
    r.give_will(tp, attr)
    play(r, tp, name)
    choose(r, target)
    pass_both(r)
    added = r.zone(Z.FIELD, tp)[-1]
    assert r.names(Z.FIELD, tp)[-1] == name and r.rec(S.ATTACHED, added) == target
    assert current_values(r.s, r.T, target)[2] & kw  # the continuous ability applies (CR 909)
    i = r.field_index(owner, target)
    for viewer in (tp, 1 - tp):
        obs = obs_of(r, viewer)
        row = field_row(r, obs, viewer, target)
        assert before[viewer][kw_col(kw)] == 0.0 and row[kw_col(kw)] == 1.0
        # CR 1002.1: the addition's row names the row of the card it is added to
        add_row = field_row(r, obs, viewer, added)
        assert add_row[DYN + O.DYN_ADDED_TO] == np.float32((i + 1) / K.FIELD_SLOTS)
        assert add_row[DYN + O.DYN_ADDED_TO_MINE] == (1.0 if owner == viewer else 0.0)
        assert row[DYN + O.DYN_ADDED_TO] == 0.0  # the resonator is added to nothing
    # a target choice shows the candidate as its field row shows it (its keyword and ATK included)
    to_hand(r, tp, "Sparkfall")  # 400 damage to target J/resonator
    r.give_will(tp, Attr.FIRE)
    play(r, tp, "Sparkfall")
    cands = r.s[S.CAND : S.CAND + int(r.s[S.CAND_N])].tolist()
    obs = obs_of(r, tp)
    k = cands.index(target)
    cand = obs[O.B_CAND + k * O.CARD_ROW_W : O.B_CAND + (k + 1) * O.CARD_ROW_W]
    assert np.array_equal(cand, field_row(r, obs, tp, target))


def test_cr_1002_1_an_addition_added_to_nothing_names_no_card(starter):
    r = starter_row(starter, "dawn_sentinels")
    tp = turn_player(r)
    target = r.put(tp, "Dawnward Squire", Z.FIELD)
    to_hand(r, tp, "Windborne Mantle")
    r.give_will(tp, Attr.WIND)
    play(r, tp, "Windborne Mantle")
    choose(r, target)
    pass_both(r)
    mantle = r.zone(Z.FIELD, tp)[-1]
    r.set_rec(S.ATTACHED, mantle, -1)  # CR 1121.4: in the field, added to no card
    row = field_row(r, obs_of(r, tp), tp, mantle)
    assert row[DYN + O.DYN_ADDED_TO] == 0.0 and row[DYN + O.DYN_ADDED_TO_MINE] == 0.0
    assert field_row(r, obs_of(r, tp), tp, target)[kw_col(K.KW_FLYING)] == 0.0  # its aura applies to none


def test_cr_302_2_a_restriction_of_a_one_time_effect_is_public(pool):
    r = Row(pool)
    r.skip_mulligans()
    imp = r.put(0, "Imp", Z.FIELD)
    before = {p: field_row(r, obs_of(r, p), p, imp).copy() for p in (0, 1)}
    # what Frozen Moment's "it cannot recover during its controller's next recovery phase" and a
    # "cannot block until end of turn" leave on the card
    r.set_rec(S.RST_PERM, imp, K.RESTRICT_CANT_RECOVER)
    r.set_rec(S.RST_EOT, imp, K.RESTRICT_CANT_BLOCK)
    for viewer in (0, 1):
        row = field_row(r, obs_of(r, viewer), viewer, imp)
        assert not before[viewer][DYN + O.DYN_CANT_ATTACK : DYN + O.DYN_CANT_RECOVER + 1].any()
        assert (row[DYN + O.DYN_CANT_ATTACK], row[DYN + O.DYN_CANT_BLOCK], row[DYN + O.DYN_CANT_RECOVER]) == (0, 1, 1)


@pytest.fixture(scope="module")
def jail_pool():
    """The basic pool and "Jailer": "J/resonators your opponent controls cannot attack" (a
    continuous ability, CR 904)."""
    P = basic_pool()
    opp_j_res = P.filter(type_mask=K.TYPEMASK_J_RESONATOR, side=K.FilterSide.OPPONENT)
    a = P.ability(K.AbilityKind.CONTINUOUS, [(K.Op.AURA_RESTRICT, 0, K.RESTRICT_CANT_ATTACK, opp_j_res)])
    P.card("Jailer", attr=1 << Attr.DARKNESS, cost=(Attr.DARKNESS,), atk=100, defense=100, abilities=[a], has_cont=1)
    return P


def test_cr_302_2_a_restriction_from_a_continuous_ability_is_public(jail_pool):
    r = Row(jail_pool)
    r.skip_mulligans()
    imp = r.put(1, "Imp", Z.FIELD)
    jailer = r.put(0, "Jailer", Z.FIELD)
    for viewer in (0, 1):
        assert field_row(r, obs_of(r, viewer), viewer, imp)[DYN + O.DYN_CANT_ATTACK] == 1.0
        assert field_row(r, obs_of(r, viewer), viewer, jailer)[DYN + O.DYN_CANT_ATTACK] == 0.0  # its own side
    r.move(jailer, Z.GRAVEYARD)
    assert field_row(r, obs_of(r, 0), 0, imp)[DYN + O.DYN_CANT_ATTACK] == 0.0
