"""Force of Will card files (tcg_env.games.force_of_will.cards): the schema and the compiler refuse a
bad card with one CardDataError line naming the file, the card and the field."""

from __future__ import annotations

import json

import pytest

from tcg_env.cards import CardDataError
from tcg_env.games.force_of_will.cards import load_force_of_will_pool, parse_will_cost

RES = {"number": "T-001", "name": "Test Drake", "type": "resonator", "attribute": "fire", "cost": "{R}{1}",
       "atk": 500, "defense": 500}
RULER = {"number": "T-010", "name": "Test Ruler", "type": "ruler", "attribute": "fire", "j_ruler": "T-011",
         "judgment": "{R}{2}"}
J = {"number": "T-011", "name": "Test J", "type": "j_ruler", "attribute": "fire", "atk": 1000, "defense": 1000}


def _error(tmp_path, *cards: dict) -> str:
    p = tmp_path / "t.json"
    p.write_text(json.dumps({"cards": list(cards)}))
    with pytest.raises(CardDataError) as info:
        load_force_of_will_pool(p)
    msg = str(info.value)
    assert "\n" not in msg
    return msg


def _ok(tmp_path, *cards: dict):
    p = tmp_path / "ok.json"
    p.write_text(json.dumps({"cards": list(cards)}))
    return load_force_of_will_pool(p)


@pytest.mark.parametrize("field, value", [("cost", 2), ("cost", "{Q}"), ("atk", "500"), ("atk", 550),
                                          ("defense", True), ("keywords", ["haste"]), ("attribute", "earth"),
                                          ("name", 5), ("mana", "2")])
def test_bad_field_is_named(tmp_path, field, value):
    msg = _error(tmp_path, dict(RES, **{field: value}))
    assert msg.startswith("t.json: card 'T-001'") and f"field '{field}" in msg, msg


def test_unknown_key_is_refused(tmp_path):
    msg = _error(tmp_path, dict(RES, power=5))
    assert "field 'power': unknown key" in msg


def test_cr_203_cost_parsing():
    assert parse_will_cost("{R}{R}{1}") == ([0, 2, 0, 0, 0], 1)
    assert parse_will_cost("{W}{U}{G}{B}{3}") == ([1, 0, 1, 1, 1], 3)
    assert parse_will_cost("{X}") == ([0] * 5, -1)  # CR 203.5b
    assert parse_will_cost("") == ([0] * 5, 0)
    for bad in ("R1", "{R}{X}{X}", "{1}{X}", "{r}"):
        with pytest.raises(ValueError):
            parse_will_cost(bad)


@pytest.mark.parametrize("card, field, words", [
    (dict(RES, cost=None), "cost", "has a cost"),
    (dict(RES, defense=0), "defense", "DEF > 0"),
    (dict(RES, type="chant", atk=0, defense=0), "effect", "needs its effect"),
    (dict(RES, type="addition", atk=0, defense=0), "addition", "added to"),
    (dict(RES, keywords=["flying", "flying"]), "keywords", "duplicate"),
    (dict(RES, attribute=["void", "fire"]), "attribute", "void"),
    (dict(RES, will="fire"), "will", "magic stone"),
    ({"number": "T-001", "name": "Stone", "type": "magic_stone", "basic": True, "will": ["fire", "wind"]},
     "will", "one kind"),
    ({"number": "T-001", "name": "Stone", "type": "magic_stone", "cost": "{1}", "will": "fire"}, "cost", "no cost"),
    (dict(RES, type="regalia", atk=0, defense=0, keywords=["flying"]), "keywords", "J/resonator keyword"),
    (dict(RES, abilities=[{"kind": "activate", "effect": [{"op": "draw"}]}]), "abilities[0].cost", "needs a cost"),
    (dict(RES, abilities=[{"kind": "will", "cost": {"rest": True}, "effect": [{"op": "draw"}]}]),
     "abilities[0].effect", "only produces will"),
    (dict(RES, abilities=[{"kind": "automatic", "effect": [{"op": "draw"}]}]), "abilities[0].trigger", "trigger"),
    (dict(RES, abilities=[{"kind": "continuous", "effect": [{"op": "draw"}]}]), "abilities[0].effect[0].op",
     "continuous abilities only"),
    (dict(RES, abilities=[{"kind": "activate", "once": "game", "cost": {"rest": True},
                           "effect": [{"op": "produce_will", "will": "fire"}]}]), "abilities[0].effect", "'will' ability"),
    # session 19: a chant's [Awakening] has no text of its own (its effect reads "if this card was awakened")
    (dict(RES, type="chant", atk=0, defense=0, effect=[{"op": "draw"}],
          awakening={"cost": "{R}", "effect": [{"op": "draw"}]}), "awakening.effect", "a chant's none"),
    (dict(RES, type="regalia", atk=0, defense=0, awakening={"cost": "{R}", "effect": [{"op": "draw"}]}), "awakening",
     "only a resonator or chant"),
    (dict(RES, trigger={"trigger": "opponent_attacks"}), "trigger", "only a chant"),
    (dict(RES, type="chant", atk=0, defense=0, incarnation={"attributes": "fire"}, effect=[{"op": "draw"}]),
     "incarnation", "only a resonator"),
    (dict(RES, type="rune", atk=0, defense=0, effect=[{"op": "draw"}]), "divinity", "divinity of 1 or more"),
    ({"number": "T-001", "name": "Stone", "type": "magic_stone",
      "abilities": [{"kind": "will", "cost": {"rest": True}, "effect": [{"op": "produce_will", "will": "fire"}]}]},
     "will", "a magic stone produces will"),
    (dict(RES, stealth={"trigger": "opponent_attacks"}, type="chant", atk=0, defense=0, effect=[{"op": "draw"}]),
     "stealth", "only a resonator"),
    (dict(RES, abilities=[{"kind": "activate", "cost": {"rest": True}, "effect": [{"op": "draw"}]}] * 3),
     "abilities", "at most 2 activate/will"),
    (dict(RES, abilities=[{"kind": "automatic", "trigger": "judgment", "effect": [{"op": "draw"}]}]),
     "abilities[0].trigger", "only a J-ruler"),
    (dict(RES, abilities=[{"kind": "activate", "once": "game", "cost": {"rest": True}, "effect": [{"op": "draw"}]}]),
     "abilities[0].once", "gods_art"),
    (dict(RES, abilities=[{"kind": "activate", "once": "turn", "gods_art": "Sands", "cost": {"rest": True},
                           "effect": [{"op": "draw"}]}]), "abilities[0].once", "once per game (CR 1112.2)"),
    # (a will ability may be a God's Art since session 23: CR 907.1, a will ability is an activate ability)
    (dict(RES, abilities=[{"kind": "automatic", "trigger": "enter", "gods_art": "Sands",
                           "effect": [{"op": "draw", "count": 1}]}]), "abilities[0].gods_art", "CR 1112.1"),
    (dict(RES, abilities=[{"kind": "activate", "gods_art": "", "cost": {"rest": True}, "effect": [{"op": "draw"}]}]),
     "abilities[0].gods_art", "at least 1 character"),
])  # fmt: skip
def test_compiler_rule_is_named(tmp_path, card, field, words):
    card = {k: v for k, v in card.items() if v is not None}
    msg = _error(tmp_path, card)
    assert "card 'T-001'" in msg and f"field '{field}'" in msg and words in msg, msg


def test_cr_903_2g_targets_are_chosen_first(tmp_path):
    ab = {"kind": "automatic", "trigger": "enter",
          "effect": [{"op": "draw"}, {"op": "choose", "filter": {"type": "resonator"}}, {"op": "destroy"}]}
    msg = _error(tmp_path, dict(RES, abilities=[ab]))
    assert "field 'abilities[0].effect[1].op'" in msg and "CR 903.2g" in msg


def test_register_filled_once_before_use(tmp_path):
    used = {"kind": "automatic", "trigger": "enter", "effect": [{"op": "destroy", "reg": 1}]}
    assert "register 1 has no targets" in _error(tmp_path, dict(RES, abilities=[used]))
    twice = {"kind": "automatic", "trigger": "enter",
             "effect": [{"op": "target_self"}, {"op": "select_all", "filter": {}}, {"op": "rest"}]}
    assert "register 0 is already filled" in _error(tmp_path, dict(RES, abilities=[twice]))


def test_chant_effect_has_no_source(tmp_path):
    chant = dict(RES, type="chant", atk=0, defense=0, effect=[{"op": "target_self"}, {"op": "rest"}])
    assert "target_self needs a source" in _error(tmp_path, chant)


def test_if_cannot_skip_past_the_end(tmp_path):
    chant = dict(RES, type="chant", atk=0, defense=0,
                 effect=[{"op": "if", "condition": {"kind": "hand_empty"}, "skip": 2}, {"op": "draw"}])
    assert "field 'effect[0].skip'" in _error(tmp_path, chant)


def test_filters_name_races_and_cards_of_the_pool(tmp_path):
    ab = {"kind": "continuous", "effect": [{"op": "aura_power", "atk": 100, "filter": {"race": "Nobody"}}]}
    assert "unknown race 'Nobody'" in _error(tmp_path, dict(RES, abilities=[ab]))
    ab = {"kind": "automatic", "trigger": "enter",
          "condition": {"kind": "control_name", "value": "Nobody"}, "effect": [{"op": "draw"}]}
    assert "unknown card name 'Nobody'" in _error(tmp_path, dict(RES, abilities=[ab]))


def test_added_to_only_in_additions_added_to_a_card(tmp_path):
    ab = {"kind": "continuous", "effect": [{"op": "aura_power", "atk": 100, "filter": {"added_to": True}}]}
    assert "added_to needs an addition" in _error(tmp_path, dict(RES, abilities=[ab]))
    field = {"number": "T-002", "name": "Field Add", "type": "addition", "attribute": "fire", "cost": "{R}",
             "addition": "field", "abilities": [ab]}
    assert "added_to needs an addition" in _error(tmp_path, field)


def test_cr_705_3_ruler_and_j_ruler_sides(tmp_path):
    t = _ok(tmp_path, RULER, J)
    assert "no ruler names it" in _error(tmp_path, J)
    assert "needs both j_ruler and judgment" in _error(tmp_path, {k: v for k, v in RULER.items() if k != "judgment"}, J)
    assert "unknown card number 'T-099'" in _error(tmp_path, dict(RULER, j_ruler="T-099"), J)
    assert "not a j_ruler card" in _error(tmp_path, dict(RULER, j_ruler="T-001"), RES)
    assert "already the side of ruler" in _error(tmp_path, RULER, dict(RULER, number="T-012", name="R2"), J)
    assert t.n_cards == 2


def test_duplicate_number_is_refused(tmp_path):
    assert "duplicate card number" in _error(tmp_path, RES, dict(RES, name="Other"))


def _sands(number, name, art="Turning Sands", **kw):
    ab = {"kind": "activate", "gods_art": art, "cost": {"rest": True}, "effect": [{"op": "draw", "count": 1}], **kw}
    return {"number": number, "name": name, "type": "regalia", "attribute": "void", "cost": "{1}", "abilities": [ab]}


def test_cr_1112_2a_gods_arts_are_keyed_by_their_name(tmp_path):
    """Every [God's Art] of one name gets the same id (the bit of a player's record), whatever card
    bears it; another name another id (CR 1112.2a)."""
    from tcg_env.games.force_of_will import constants as K

    t = _ok(tmp_path, RES, _sands("T-002", "Hourglass"), _sands("T-003", "Sandglass", once="game"),
            _sands("T-004", "Astrolabe", art="Star Reading"))
    assert t.gods_art_ids == {"Turning Sands": 0, "Star Reading": 1}
    rows = [t.abilities[t.cards[t.index[n], K.C_ABIL_START]] for n in ("T-002", "T-003", "T-004")]
    assert [int(a[K.A_ONCE]) for a in rows] == [K.Once.GAME] * 3
    assert [int(a[K.A_GODS_ART]) for a in rows] == [0, 0, 1]
    assert [int(t.cards[t.index[n], K.C_GODS_ARTS]) for n in ("T-001", "T-002", "T-003", "T-004")] == [0, 1, 1, 2]


def test_a_pool_holds_at_most_max_gods_arts_names(tmp_path):
    from tcg_env.games.force_of_will import constants as K

    cards = [_sands(f"T-{i:03d}", f"Relic {i}", art=f"Art {i}") for i in range(K.MAX_GODS_ARTS + 1)]
    assert len(_ok(tmp_path, *cards[:-1]).gods_art_ids) == K.MAX_GODS_ARTS
    msg = _error(tmp_path, *cards)
    assert f"card 'T-{K.MAX_GODS_ARTS:03d}'" in msg and "field 'abilities[0].gods_art'" in msg, msg
    assert f"at most {K.MAX_GODS_ARTS} different [God's Art] names" in msg
