"""The card side of battle: the battle trigger conditions (CR 802.1, 803.1, 803.5, 804.1, 807.1) and
removal from battle (CR 1029) in card files, and the starter pool's cards that use them."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tcg_env.cards import CardDataError
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.cards import load_force_of_will_pool

RES = {"number": "T-001", "name": "Test Drummer", "type": "resonator", "attribute": "fire", "cost": "{R}{1}",
       "atk": 500, "defense": 500}
DRAW = [{"op": "draw", "count": 1}]


def _load(tmp_path, *cards: dict):
    p = tmp_path / "t.json"
    p.write_text(json.dumps({"cards": list(cards)}))
    return load_force_of_will_pool(p)


@pytest.mark.parametrize("name, code", [
    ("begin_battle", K.Trigger.BEGIN_BATTLE), ("begin_attack_step", K.Trigger.BEGIN_ATTACK_STEP),
    ("begin_block_step", K.Trigger.BEGIN_BLOCK_STEP), ("end_of_battle", K.Trigger.END_OF_BATTLE),
    ("j_resonator_attacks", K.Trigger.J_RESONATOR_ATTACKS),
])  # fmt: skip
def test_battle_trigger_names_compile_to_their_codes(tmp_path, name, code):
    pool = _load(tmp_path, dict(RES, abilities=[{"kind": "automatic", "trigger": name, "effect": DRAW}]))
    row = pool.abilities[pool.cards[0, K.C_ABIL_START]]
    assert row[K.A_KIND] == K.AbilityKind.AUTOMATIC and row[K.A_TRIGGER] == code
    # only the trigger that watches another card has a filter
    assert (row[K.A_TRIG_FILTER] >= 0) == (name == "j_resonator_attacks")


def test_cr_803_5_j_resonator_attacks_defaults_to_your_j_resonators(tmp_path):
    pool = _load(tmp_path, dict(RES, abilities=[{"kind": "automatic", "trigger": "j_resonator_attacks",
                                                  "effect": DRAW}]))
    f = pool.filters[pool.abilities[pool.cards[0, K.C_ABIL_START], K.A_TRIG_FILTER]]
    assert f[K.F_SIDE] == K.FilterSide.OWN and f[K.F_TYPE_MASK] == K.TYPEMASK_J_RESONATOR
    pool = _load(tmp_path, dict(RES, abilities=[{"kind": "automatic", "trigger": "j_resonator_attacks",
                                                  "trigger_filter": {"side": "opponent", "attribute": "wind"},
                                                  "effect": DRAW}]))
    f = pool.filters[pool.abilities[pool.cards[0, K.C_ABIL_START], K.A_TRIG_FILTER]]
    assert f[K.F_SIDE] == K.FilterSide.OPPONENT and f[K.F_ATTR_MASK] == 1 << K.Attribute.WIND


def test_a_trigger_filter_on_a_trigger_without_one_is_named(tmp_path):
    card = dict(RES, abilities=[{"kind": "automatic", "trigger": "end_of_battle", "trigger_filter": {"side": "own"},
                                 "effect": DRAW}])
    with pytest.raises(CardDataError) as info:
        _load(tmp_path, card)
    msg = str(info.value)
    assert "card 'T-001'" in msg and "abilities[0].trigger_filter" in msg and "'j_resonator_attacks'" in msg


def test_cr_1029_remove_from_battle_compiles_to_its_op(tmp_path):
    chant = {"number": "T-002", "name": "Test Fog", "type": "chant", "attribute": "water", "cost": "{U}",
             "effect": [{"op": "choose", "filter": {"type": "j_resonator"}}, {"op": "remove_from_battle"}]}
    pool = _load(tmp_path, chant)
    a = pool.abilities[pool.cards[0, K.C_SPELL_ABIL]]
    assert pool.code[a[K.A_CODE_START] + 1, K.I_OP] == K.Op.REMOVE_FROM_BATTLE


def test_the_starter_pool_has_cards_for_every_battle_trigger_and_removal_from_battle():
    pool = load_force_of_will_pool()
    a = pool.abilities[: pool.n_abilities]
    auto = a[(a[:, K.A_KIND] == K.AbilityKind.AUTOMATIC) | (a[:, K.A_KIND] == K.AbilityKind.TRIGGER)]
    for trig in (K.Trigger.BEGIN_BATTLE, K.Trigger.BEGIN_BLOCK_STEP, K.Trigger.END_OF_BATTLE,
                 K.Trigger.J_RESONATOR_ATTACKS, K.Trigger.DEALS_BATTLE_DAMAGE_TO_PLAYER):
        assert np.any(auto[:, K.A_TRIGGER] == trig), trig.name
    assert np.any(pool.code[:, K.I_OP] == K.Op.REMOVE_FROM_BATTLE)
    numbers = [pool.models[c].number for c in range(pool.n_cards)]
    assert {f"FOW1-{n}" for n in range(100, 107)} <= set(numbers)
