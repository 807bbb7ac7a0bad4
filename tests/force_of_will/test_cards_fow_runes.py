"""Runes, [Divinity], [Rune], [Mana], [Stealth], [Grimoire] on the card side: the schema and the
compiler (tcg_env.games.force_of_will.cards), the deck rules of CR 402.5 / 402.6 / 1132.2
(decks.validate_deck) and the starter pool's coverage of them."""

from __future__ import annotations

import json

import numpy as np
import pytest

from test_cards_fow_schema import RES, _error
from tcg_env.cards import DeckError
from tcg_env.cards.decks import parse_deck_text
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.cards import compile_force_of_will_pool, load_force_of_will_cards, load_force_of_will_pool
from tcg_env.games.force_of_will.decks import list_decks, load_deck, split_deck, validate_deck

RUNE = {"number": "T-002", "name": "Test Rune", "type": "rune", "attribute": "fire", "cost": "{R}", "divinity": 2,
        "effect": [{"op": "draw"}]}


@pytest.mark.parametrize("card, field, words", [
    (dict(RES, stealth={}), "stealth", "has a condition"),
    (dict(RES, stealth={"trigger": "attacks"}), "stealth.trigger", "standby area"),
    (dict(RES, stealth={"condition": {"kind": "j_ruler"}, "trigger_whose": "yours"}), "stealth.trigger_whose", "needs a trigger"),
    (dict(RUNE, stealth={"trigger": "opponent_attacks"}), "stealth", "only a resonator"),
    (dict(RES, divinity=3), "divinity", "only a ruler or J-ruler or rune"),
    (dict(RES, grimoire=2), "grimoire", "only a ruler"),
    (dict(RES, master=True), "master", "only a rune"),
    (dict(RUNE, story=True), "story", "only a chant"),
    (dict(RUNE, mana=1), "mana", "has 'mana'"),
    (dict(RES, abilities=[{"kind": "activate", "cost": {"will": "{R}", "mana_from": "j_ruler"},
                           "effect": [{"op": "draw"}]}]), "abilities[0].cost.mana_from", "needs a mana cost"),
    (dict(RES, abilities=[{"kind": "continuous", "condition": {"kind": "rune_attributes", "value": "{1}"},
                           "effect": [{"op": "aura_power", "atk": 100, "filter": {}}]}]),
     "abilities[0].condition.value", "will symbols"),
    (dict(RUNE, effect=[{"op": "mana_counter", "count": 0}]), "effect[0].count", "must not be 0"),
])  # fmt: skip
def test_compiler_refuses_with_the_field_named(tmp_path, card, field, words):
    msg = _error(tmp_path, card)
    assert f"field '{field}'" in msg and words in msg, msg


def test_stealth_keyword_needs_its_condition(tmp_path):
    msg = _error(tmp_path, dict(RES, keywords=["stealth"]))
    assert "field 'keywords" in msg


def test_compiled_columns(tmp_path):
    p = tmp_path / "ok.json"
    cards = [
        dict(RES, stealth={"trigger": "opponent_attacks"}, mana=2, abilities=[
            {"kind": "will", "cost": {"mana": 1}, "effect": [{"op": "produce_will", "will": "fire"}]},
            {"kind": "activate", "condition": {"kind": "rune_attributes", "value": "{R}{R}{U}"},
             "cost": {"mana": 2, "mana_from": "j_ruler"}, "effect": [{"op": "draw"}]}]),
        dict(RUNE, master=True, chant_rune=True, effect=[{"op": "mana_counter", "count": -1, "who": "opponent"}]),
        {"number": "T-003", "name": "Story", "type": "chant", "attribute": "fire", "cost": "{R}", "story": True,
         "effect": [{"op": "draw"}]},
        {"number": "T-004", "name": "Ruler", "type": "ruler", "attribute": "fire", "grimoire": 3, "divinity": 4},
    ]
    p.write_text(json.dumps({"cards": cards}))
    t = load_force_of_will_pool(p)
    res, rune, story, ruler = (t.card_id(n) for n in ("T-001", "T-002", "T-003", "T-004"))
    assert t.cards[res, K.C_STEALTH] == 1 and t.cards[res, K.C_MANA] == 2
    st = t.cards[res, K.C_STEALTH_ABIL]
    assert t.abilities[st, K.A_KIND] == K.AbilityKind.STEALTH and t.abilities[st, K.A_TRIGGER] == K.Trigger.OPPONENT_ATTACKS
    will, act = t.ability_rows(res)[:2]
    assert t.abilities[will, K.A_COST_MANA] == 1 and t.abilities[will, K.A_MANA_FROM] == K.ManaFrom.THIS_CARD
    assert t.abilities[act, K.A_COST_MANA] == 2 and t.abilities[act, K.A_MANA_FROM] == K.ManaFrom.J_RULER
    assert t.abilities[act, K.A_COND] == K.Condition.RUNE_ATTRIBUTES
    assert t.abilities[act, K.A_COND_ARG] == (2 << (4 * K.Attribute.FIRE)) | (1 << (4 * K.Attribute.WATER))
    assert t.cards[rune, K.C_TYPE_BITS] == K.TB_MASTER | K.TB_CHANT and t.cards[rune, K.C_DIVINITY] == 2
    code = t.code[t.abilities[t.cards[rune, K.C_SPELL_ABIL], K.A_CODE_START]]
    assert code[K.I_OP] == K.Op.MANA_COUNTER and code[K.I_A0] == -1 and code[K.I_A1] == K.Who.OPPONENT
    assert t.cards[story, K.C_TYPE_BITS] == K.TB_STORY
    assert t.cards[ruler, K.C_GRIMOIRE] == 3 and t.cards[ruler, K.C_DIVINITY] == 4


# ---- deck construction: CR 402.5, 402.6, 1132.2 ------------------------------------------------------
MAIN = ["FOW1-036", "FOW1-037", "FOW1-038", "FOW1-041", "FOW1-042", "FOW1-045", "FOW1-064", "FOW1-065",
        "FOW1-063", "FOW1-069"]
LEGAL = [(n, 4) for n in MAIN] + [("FOW1-080", 10)]


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    extra = tmp_path_factory.mktemp("runes") / "extra.toml"
    extra.write_text("\n".join([
        '[[cards]]\nnumber = "X-M2"\nname = "Second Master"\ntype = "rune"\nmaster = true\nattribute = "water"\n'
        'cost = "{U}"\ndivinity = 1\neffect = [{ op = "draw" }]',
        '[[cards]]\nnumber = "X-F"\nname = "Fire Rune"\ntype = "rune"\nattribute = "fire"\ncost = "{R}"\n'
        'divinity = 1\neffect = [{ op = "draw" }]',
        '[[cards]]\nnumber = "X-G"\nname = "Grimoire Sage"\ntype = "ruler"\nattribute = "water"\ngrimoire = 2',
        *(f'[[cards]]\nnumber = "X-S{i}"\nname = "Tale {i}"\ntype = "chant"\nstory = true\nattribute = "water"\n'
          f'cost = "{{U}}"\neffect = [{{ op = "draw" }}]' for i in range(3)),
    ]))  # fmt: skip
    return compile_force_of_will_pool(load_force_of_will_cards() + load_force_of_will_cards(extra))


def _deck(pool, *entries):
    deck = parse_deck_text(pool, "\n".join(f"{n} {num}" for num, n in entries), file="t.txt")
    validate_deck(pool, deck)
    return deck


def _err(pool, *entries) -> str:
    with pytest.raises(DeckError) as info:
        _deck(pool, *entries)
    return str(info.value)


def test_cr_402_6_runes_with_a_divinity_ruler(pool):
    deck = _deck(pool, ("FOW1-091", 1), *LEGAL, ("FOW1-093", 1), ("FOW1-094", 1), ("FOW1-095", 1))
    assert len(split_deck(pool, deck).runes) == 3


def test_cr_402_6c_one_master_rune(pool):
    msg = _err(pool, ("FOW1-091", 1), *LEGAL, ("FOW1-095", 1), ("X-M2", 1))
    assert "2 master runes" in msg and "CR 402.6c" in msg


def test_cr_402_6d_a_rune_shares_an_attribute_with_the_ruler_unless_it_is_a_chant(pool):
    msg = _err(pool, ("FOW1-091", 1), *LEGAL, ("X-F", 1))  # a fire rune, a water ruler
    assert "'X-F'" in msg and "CR 402.6d" in msg
    _deck(pool, ("FOW1-091", 1), *LEGAL, ("FOW1-094", 1))  # darkness, but a chant/rune


def test_cr_1132_2_grimoire_allows_an_extra_deck_of_story_chants(pool):
    deck = _deck(pool, ("X-G", 1), *LEGAL, ("X-S0", 1), ("X-S1", 1))
    parts = split_deck(pool, deck)
    assert sorted(pool.numbers[c] for c in parts.extra) == ["X-S0", "X-S1"] and len(parts.main) == 40
    msg = _err(pool, ("X-G", 1), *LEGAL, ("X-S0", 1), ("X-S1", 1), ("X-S2", 1))
    assert "[Grimoire] 2" in msg and "CR 1132.2" in msg
    msg = _err(pool, ("FOW1-091", 1), *LEGAL, ("X-S0", 1))
    assert "CR 402.5c" in msg
    msg = _err(pool, ("X-G", 1), *LEGAL, ("X-S0", 2))
    assert "one of a name" in msg and "CR 402.5b" in msg
    with pytest.raises(DeckError, match=r"story chants only.*CR 1132\.2"):
        validate_deck(pool, parse_deck_text(pool, "\n".join(f"{n} {num}" for num, n in [("X-G", 1), *LEGAL]),
                                            file="t.txt"), extra=[pool.card_id("FOW1-036")])  # fmt: skip


def test_cr_403_1_a_game_deals_the_rune_deck_and_the_extra_deck(pool):
    import tcg_env
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.adapter import zone

    d0 = _deck(pool, ("X-G", 1), *LEGAL, ("X-S0", 1))
    d1 = _deck(pool, ("FOW1-091", 1), *LEGAL, ("FOW1-093", 1), ("FOW1-095", 1))
    g = tcg_env.make_game("force_of_will", decks=(d0, d1), pool=pool, seed=3)
    row = g.state
    assert [pool.numbers[int(row[S.CARD + s * S.CARD_W])] for s in zone(row, K.Zone.EXTRA_DECK, 0)] == ["X-S0"]
    assert sorted(pool.numbers[int(row[S.CARD + s * S.CARD_W])] for s in zone(row, K.Zone.RUNE_AREA, 1)) == [
        "FOW1-093", "FOW1-095"]
    assert int(row[S.MANA + (K.PLAYER_SLOTS + K.RULER_SLOT) * S.CARD_W]) == 2  # CR 1122.2a


# ---- the starter pool (issue 18: every keyword of the task on some card, in a built-in deck) ---------
@pytest.fixture(scope="module")
def starter():
    return load_force_of_will_pool()


def test_starter_pool_has_runes_of_several_divinities_and_a_divinity_j_ruler(starter):
    c = starter.cards
    runes = np.flatnonzero(c[:, K.C_TYPE] == K.CardType.RUNE)
    assert len(set(c[runes, K.C_DIVINITY].tolist())) >= 3
    assert np.any(c[runes, K.C_TYPE_BITS] & K.TB_MASTER) and np.any(c[runes, K.C_TYPE_BITS] & K.TB_CHANT)
    assert np.any((c[:, K.C_TYPE] == K.CardType.J_RULER) & (c[:, K.C_DIVINITY] > 0))
    assert np.any(np.isin(starter.code[: starter.n_code, K.I_OP], [K.Op.MANA_COUNTER]))


def test_starter_pool_has_rune_conditions_mana_costs_and_both_kinds_of_stealth(starter):
    c, a = starter.cards, starter.abilities[: starter.n_abilities]
    for cond in (K.Condition.RUNES_REVEALED_AT_LEAST, K.Condition.RUNE_ATTRIBUTES):
        assert np.any(a[:, K.A_COND] == cond), cond.name  # [Rune] (CR 1137.2)
    assert np.any((c[:, K.C_TYPE] == K.CardType.RULER) & (c[:, K.C_MANA] > 0))
    assert np.any((c[:, K.C_TYPE] == K.CardType.RESONATOR) & (c[:, K.C_MANA] > 0))
    for whence in K.ManaFrom:
        assert np.any((a[:, K.A_COST_MANA] > 0) & (a[:, K.A_MANA_FROM] == whence)), whence.name
    st = c[c[:, K.C_STEALTH_ABIL] >= 0, K.C_STEALTH_ABIL]
    assert np.all(c[c[:, K.C_STEALTH] == 1, K.C_STEALTH_ABIL] >= 0)
    assert np.any(a[st, K.A_TRIGGER] != K.Trigger.NONE) and np.any(a[st, K.A_TRIGGER] == K.Trigger.NONE)


def test_starter_decks_use_runes_mana_and_stealth(starter):
    seen = set()
    for name in list_decks():
        parts = split_deck(starter, load_deck(starter, name))
        if len(parts.runes):
            assert starter.cards[parts.ruler, K.C_DIVINITY] > 0 or starter.cards[starter.cards[parts.ruler, K.C_J_SIDE], K.C_DIVINITY] > 0
            seen.add("runes")
        ids = np.concatenate([[parts.ruler], parts.main])
        if np.any(starter.cards[ids, K.C_MANA] > 0):
            seen.add("mana")
        if np.any(starter.cards[ids, K.C_STEALTH_ABIL] >= 0):
            seen.add("stealth")
    assert seen == {"runes", "mana", "stealth"}
