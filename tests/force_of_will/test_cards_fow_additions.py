"""Additions added to a card from the compiled starter pool: the compiler writes their target row
(CR 1406.2a), they resolve added to the chosen card (CR 1002 / 1406.2b), ``added_to`` auras apply to
that card only (``F_ADDED_TO``, CR 1406.1a) and they go to the graveyard when it leaves (CR 1206 /
1406.4a)."""

from __future__ import annotations

import json

import pytest
from fow_tables import current_values
from helpers import D, Z, pass_both, play, to_hand, turn_player
from test_cards_fow_costs import _Pool, starter_row

from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import load_pool
from tcg_env.games.force_of_will import state as S
from tcg_env.games.force_of_will.cards import load_force_of_will_pool

W = K.Attribute.LIGHT
_MASKS = {K.AdditionTarget.RESONATOR: 1 << K.CardType.RESONATOR, K.AdditionTarget.J_RULER: 1 << K.CardType.J_RULER,
          K.AdditionTarget.J_RESONATOR: K.TYPEMASK_J_RESONATOR}


@pytest.fixture(scope="module")
def starter():
    return _Pool()


def test_cr_1406_2a_every_compiled_addition_added_to_a_card_chooses_one_card_of_its_type():
    t = load_pool()
    added = [c for c in range(t.n_cards) if t.cards[c, K.C_TYPE] == K.CardType.ADDITION
             and t.cards[c, K.C_ADDITION] != K.AdditionTarget.FIELD]
    assert added, "the starter pool has additions added to a card"
    for c in added:
        r = int(t.cards[c, K.C_SPELL_ABIL])
        assert r >= 0 and t.abilities[r, K.A_KIND] == K.AbilityKind.SPELL, t.names[c]
        first = t.code[t.abilities[r, K.A_CODE_START]]
        assert first[K.I_OP] == K.Op.CHOOSE and first[K.I_REG] == 0 and first[K.I_A1] == 1  # one card, register 0
        f = t.filters[first[K.I_A0]]
        assert f[K.F_TYPE_MASK] == _MASKS[K.AdditionTarget(int(t.cards[c, K.C_ADDITION]))], t.names[c]
        assert f[K.F_ZONE] == K.FilterZone.FIELD and f[K.F_SIDE] == K.FilterSide.ANY  # CR 1406.2a: any controller


def test_cr_1406_2a_an_addition_to_the_field_has_no_target_row(tmp_path):
    p = tmp_path / "t.json"
    p.write_text(json.dumps({"cards": [{"number": "T-001", "name": "Test Banner", "type": "addition",
                                        "attribute": "light", "cost": "{W}", "addition": "field"}]}))
    assert load_force_of_will_pool(p).cards[0, K.C_SPELL_ABIL] == -1


def test_cr_1406_2b_a_compiled_addition_is_added_to_the_chosen_resonator_and_its_aura_applies_to_it_only(starter):
    r = starter_row(starter, "dawn_sentinels")
    tp = turn_player(r)
    mine = r.put(tp, "Dawnward Squire", Z.FIELD)
    theirs = r.put(1 - tp, "Dawnward Squire", Z.FIELD)  # CR 1406.2a: any controller's resonator
    to_hand(r, tp, "Aegis of Morning")  # {W}; "Added resonator gains [+200/+200] and [Barrier]."
    i = r.hand_index(tp, "Aegis of Morning")
    assert K.PLAY_HAND_BASE + i not in r.legal()  # no will yet
    r.give_will(tp, W)
    assert K.PLAY_HAND_BASE + i in r.legal()
    play(r, tp, "Aegis of Morning")
    assert r.decision == D.CHOOSE_TARGET
    cands = r.s[S.CAND: S.CAND + int(r.s[S.CAND_N])].tolist()
    assert mine in cands and theirs in cands
    r.act(K.OPTION_BASE + cands.index(theirs))
    pass_both(r)
    aegis = r.zone(Z.FIELD, tp)[-1]
    assert r.names(Z.FIELD, tp)[-1] == "Aegis of Morning" and r.rec(S.ATTACHED, aegis) == theirs
    atk, dfn, kw = current_values(r.s, r.T, theirs)
    assert (atk, dfn) == (500, 600) and kw & K.KW_BARRIER
    atk, dfn, kw = current_values(r.s, r.T, mine)  # F_ADDED_TO: not every resonator
    assert (atk, dfn) == (300, 400) and not kw & K.KW_BARRIER
    # CR 1406.4a / 1206: added to nothing, the addition is put into its owner's graveyard
    r.move(theirs, Z.GRAVEYARD)
    r.act(K.PASS)
    assert "Aegis of Morning" in r.names(Z.GRAVEYARD, tp) and "Aegis of Morning" not in r.names(Z.FIELD, tp)


def test_cr_1406_2a_a_compiled_addition_is_not_offered_without_a_card_to_add_it_to(starter):
    r = starter_row(starter, "dawn_sentinels")
    tp = turn_player(r)
    for p in (0, 1):
        for slot in list(r.zone(Z.FIELD, p)):
            if r.P.cards[r.cid(slot), K.C_TYPE] == K.CardType.RESONATOR:
                r.move(slot, Z.GRAVEYARD)
    to_hand(r, tp, "Aegis of Morning")
    r.give_will(tp, W)
    assert K.PLAY_HAND_BASE + r.hand_index(tp, "Aegis of Morning") not in r.legal()
