"""The card format of costs, X, [Trigger] cards and replacement / prevention effects (CR 203.5b,
708, 903.2f, 903.2j, 910, 1018): the compiler's rules and the starter pool's cards 110-119 played
through the kernels."""

from __future__ import annotations

import json

import numpy as np
import pytest

from fow_tables import Row
from helpers import D, Z, pass_both, to_main, turn_player
from tcg_env.cards import CardDataError
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from tcg_env.games.force_of_will.cards import load_force_of_will_pool
from tcg_env.games.force_of_will.decks import load_deck

CHANT = {"number": "T-001", "name": "Test Chant", "type": "chant", "attribute": "fire", "cost": "{R}{X}",
         "effect": [{"op": "choose", "filter": {"type": "j_resonator"}}, {"op": "damage", "amount": "X00"}]}
RES = {"number": "T-002", "name": "Test Drake", "type": "resonator", "attribute": "fire", "cost": "{R}{1}",
       "atk": 500, "defense": 500}


def _load(tmp_path, *cards):
    p = tmp_path / "t.json"
    p.write_text(json.dumps({"cards": list(cards)}))
    return load_force_of_will_pool(p)


def _error(tmp_path, *cards) -> str:
    with pytest.raises(CardDataError) as info:
        _load(tmp_path, *cards)
    msg = str(info.value)
    assert "\n" not in msg and msg.startswith("t.json: card 'T-00"), msg
    return msg


def test_cr_903_3c_x00_and_x_compile_to_negative_operands(tmp_path):
    t = _load(tmp_path, CHANT, dict(CHANT, number="T-003", name="Draw X", effect=[{"op": "draw", "count": "X"}]))
    codes = t.code[: t.n_code].tolist()
    assert [K.Op.DAMAGE, 0, -100, 0, 0] in codes and [K.Op.DRAW, 0, -1, 0, 0] in codes
    assert int(t.cards[0, K.C_COST_FREE]) == -1


@pytest.mark.parametrize("card, field, words", [
    (dict(CHANT, cost="{R}{1}"), "effect[1].amount", "{X}"),  # X needs an {X} cost
    (dict(RES, abilities=[{"kind": "activate", "cost": {"discard": 1}, "effect": [{"op": "draw", "count": "X"}]}]),
     "abilities[0].effect[0].count", "{X}"),  # CR 203.5b: X is 0 off the chase
    (dict(CHANT, trigger={"trigger": "opponent_attacks"}), "cost", "{X}"),
    (dict(CHANT, cost="{R}", trigger={"trigger_whose": "yours"},
          effect=[{"op": "draw"}]), "trigger.trigger_whose", "activate-like"),
    (dict(CHANT, cost="{R}", trigger={"cost": {"rest": True}}, effect=[{"op": "draw"}]), "trigger.cost", "will, life"),
    (dict(RES, abilities=[{"kind": "continuous", "effect": [
        {"op": "replace_destroy", "filter": {"type": "resonator", "side": "own"}}]}]),
     "abilities[0].effect[0].filter.exclude_self", "cannot protect itself"),
    (dict(RES, abilities=[{"kind": "continuous", "effect": [{"op": "replace_destroy"}]}]),
     "abilities[0].effect[0].filter", "addition"),
    (dict(RES, abilities=[{"kind": "activate", "cost": {"discard": 1}, "effect": [
        {"op": "grave_to_removed", "filter": {"type": "resonator"}}]}]), "abilities[0].effect[0].op", "continuous"),
    (dict(RES, abilities=[{"kind": "continuous", "effect": [
        {"op": "grave_to_removed", "filter": {"type": "resonator", "zone": "hand"}}]}]),
     "abilities[0].effect[0].filter.zone", "'field' or 'chase'"),
])  # fmt: skip
def test_the_compiler_names_the_rule_it_enforces(tmp_path, card, field, words):
    msg = _error(tmp_path, card)
    assert f"field '{field}'" in msg and words in msg, msg


def test_cr_708_6_a_trigger_row_runs_the_chants_effect(tmp_path):
    t = _load(tmp_path, dict(CHANT, cost="{R}", trigger={"cost": {"discard": 1, "will": "{1}"}},
                             effect=[{"op": "draw", "count": 2}]))
    tr, sp = int(t.cards[0, K.C_TRIGGER_ABIL]), int(t.cards[0, K.C_SPELL_ABIL])
    a = t.abilities[tr]
    assert a[K.A_KIND] == K.AbilityKind.TRIGGER and a[K.A_TRIGGER] == K.Trigger.NONE  # activate-like
    assert a[K.A_COST_DISCARD] == 1 and a[K.A_COST_FREE] == 1
    assert (a[K.A_CODE_START], a[K.A_CODE_LEN]) == tuple(t.abilities[sp, [K.A_CODE_START, K.A_CODE_LEN]])


# ---- the starter pool's cards through the kernels ---------------------------------------------------
class _Pool:
    """The compiled starter pool in the shape the rule-test harness reads (``fow_tables.Row``)."""

    def __init__(self):
        self.table = load_force_of_will_pool()
        self.T = self.table.kernel_tables
        self.names = list(self.table.names)
        self.ids = {n: i for i, n in enumerate(self.names)}
        self.cards = self.table.cards


@pytest.fixture(scope="module")
def starter():
    return _Pool()


def starter_row(P, deck="ember_gale_aggro", seed=0):
    d = np.asarray(load_deck(P.table, deck).card_ids, np.int32)
    return to_main(Row(P, d, d, seed=seed))


def test_the_starter_pool_has_the_new_cards_and_the_decks_play_them(starter):
    t = starter.table
    new = [c for c in range(t.n_cards) if "FOW1-110" <= t.numbers[c] <= "FOW1-119"]
    assert len(new) == 10
    code = t.code[: t.n_code]
    for op in (K.Op.PREVENT, K.Op.PREVENT_PLAYER, K.Op.SHIELD_DESTROY, K.Op.REPLACE_DESTROY, K.Op.GRAVE_TO_REMOVED):
        assert np.any(code[:, K.I_OP] == op), op.name
    decks = [load_deck(t, n).card_ids for n in ("ember_gale_aggro", "tide_dusk_control", "dawn_sentinels",
                                                 "gale_night_ramp")]
    used = set(np.concatenate([np.asarray(d) for d in decks]).tolist())
    assert sum(c in used for c in new) >= 8


def test_cr_903_2f_wildfire_surge_deals_x00_damage(starter):
    r = starter_row(starter)
    tp = turn_player(r)
    foe = r.put(1 - tp, "Gloamwell Archivist", Z.FIELD)  # 300 / 500
    r.put(tp, "Wildfire Surge", Z.HAND)
    r.give_will(tp, K.Attribute.FIRE, 3)
    r.act(K.PLAY_HAND_BASE + r.hand_index(tp, "Wildfire Surge"))
    assert r.decision == D.CHOOSE_X and r.legal() == [K.OPTION_BASE + x for x in range(3)]
    r.act(K.OPTION_BASE + 2)
    r.act(K.OPTION_BASE + [int(r.s[S.CAND + k]) for k in range(int(r.s[S.CAND_N]))].index(foe))
    pass_both(r)
    assert r.rec(S.DAMAGE, foe) == 200


def test_cr_1018_1b_sanctuary_hymn_prevents_all_damage_to_its_player(starter):
    r = starter_row(starter)
    tp = turn_player(r)
    r.put(tp, "Sanctuary Hymn", Z.HAND)
    r.give_will(tp, K.Attribute.LIGHT, 3)
    r.act(K.PLAY_HAND_BASE + r.hand_index(tp, "Sanctuary Hymn"))
    pass_both(r)
    assert int(r.s[S.SHIELD_N]) == 1 and int(r.s[S.SHIELDS + S.SH_PLAYER]) == tp


def test_the_importer_maps_x_costs_and_prevention_text(tmp_path):
    from tcg_env.games.force_of_will.cards import compile_force_of_will_pool
    from tcg_env.games.force_of_will.importer import import_force_of_will_json

    def card(i, name, cost, text):
        return {"id": f"TST-{i:03d}", "name": name, "type": ["Spell:Chant-Instant"], "cost": cost, "colour": ["W"],
                "abilities": [text]}

    cards = [card(1, "Dawn Veil", "{W}", "Prevent all damage that would be dealt to you this turn."),
             card(2, "Light Lance", "{W}{X}", "This card deals X00 damage to target resonator."),
             card(3, "Quiet Study", "{W}{X}", "Draw X cards."),
             card(4, "Bad Study", "{W}{1}", "Draw X cards."),  # X without {X}: not understood
             card(5, "Shield", "{W}", "Prevent the next 300 damage that would be dealt to target J/resonator this turn."),
             card(6, "Two X", "{X}{1}", "Draw a card.")]  # CR 203.5b: X and a number
    p = tmp_path / "sim.json"
    p.write_text(json.dumps({"fow": {"clusters": [{"sets": [{"cards": cards}]}]}}))
    res = import_force_of_will_json(p)
    by = {c.number: c for c in res}
    assert set(by) == {"TST-001", "TST-002", "TST-003", "TST-005"}
    assert res.skipped["chant_effect_not_understood"] == 1 and res.skipped["unsupported_cost"] == 1
    assert by["TST-001"].effect[0].op == "prevent_player" and by["TST-002"].effect[1].amount == "X00"
    assert by["TST-005"].effect[1].amount == 300
    pool = compile_force_of_will_pool(list(res))
    assert [K.Op.DRAW, 0, -1, K.Who.CONTROLLER, 0] in pool.code[: pool.n_code].tolist()
