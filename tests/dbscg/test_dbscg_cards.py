"""The Dragon Ball Super Card Game's card files and decks (tcg_env.games.dbscg.cards / decks): the
schema and the compiler refuse a bad card with one line naming the file, the card and the field; the
compiled columns of a few cards; the deck construction rules (5-1, 10-14, 10-17, 10-31), each with a
deck that breaks it. No kernel is imported."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tcg_env.cards import CardDataError, DeckError
from tcg_env.games.dbscg import constants as K
from tcg_env.games.dbscg.cards import CARD_STATIC, EFFECT_OPS, load_dbscg_pool
from tcg_env.games.dbscg.decks import list_decks, load_checked_deck, load_deck, validate_deck

LEADER = {"number": "T-001", "name": "Test Leader", "type": "leader", "colours": ["red"], "power": 10000,
          "character": "Hero", "traits": ["Brave"], "back": "T-002",
          "abilities": [{"kind": "awaken", "condition": {"kind": "life_at_most", "value": 4},
                         "effect": [{"op": "draw", "count": 2}]}]}  # fmt: skip
BACK = {"number": "T-002", "name": "Test Leader Awakened", "type": "leader", "side": "back", "colours": ["red"],
        "power": 15000, "character": "Hero", "keywords": ["double_strike"]}  # fmt: skip
BATTLE = {"number": "T-003", "name": "Test Fighter", "type": "battle", "colours": ["red"], "energy": 2,
          "specified": {"red": 1}, "power": 15000, "combo_power": 5000, "combo_cost": 0, "character": "Hero",
          "traits": ["Brave"], "era": "Test Saga"}  # fmt: skip
EXTRA = {"number": "T-004", "name": "Test Refusal", "type": "extra", "colours": ["blue"], "energy": 1,
         "abilities": [{"kind": "counter_attack", "effect": [{"op": "negate"}]}]}  # fmt: skip


def _pool(tmp_path, *cards: dict):
    p = tmp_path / "t.json"
    p.write_text(json.dumps({"cards": list(cards)}))
    return load_dbscg_pool(p)


def _error(tmp_path, *cards: dict) -> str:
    with pytest.raises(CardDataError) as info:
        _pool(tmp_path, LEADER, BACK, *cards)
    msg = str(info.value)
    assert "\n" not in msg and msg.startswith("t.json: card "), msg
    return msg


@pytest.mark.parametrize("field, value", [("power", "15000"), ("colours", ["purple"]), ("colours", []),
                                          ("energy", True), ("keywords", ["flying"]), ("combo_cost", -2),
                                          ("specified", {"red": 0}), ("type", "unit")])  # fmt: skip
def test_schema_error_names_card_and_field(tmp_path, field, value):
    msg = _error(tmp_path, dict(BATTLE, **{field: value}))
    assert "card 'T-003'" in msg and f"field '{field}" in msg, msg


def test_unknown_key_and_bad_op_are_named(tmp_path):
    assert "field 'attack': unknown key" in _error(tmp_path, dict(BATTLE, attack=5))
    bad = dict(EXTRA, abilities=[{"kind": "counter_attack", "effect": [{"op": "explode"}]}])
    msg = _error(tmp_path, bad)
    assert "card 'T-004'" in msg and "abilities[0].effect[0].op" in msg and "explode" in msg, msg


@pytest.mark.parametrize("card, field, words", [
    (dict(LEADER, number="T-009", back=None, energy=2), "energy", "2-11-2"),
    (dict(LEADER, number="T-009", back=None, power=0), "power", "2-8-2"),
    (dict(EXTRA, power=5000), "power", "2-8-2"),
    (dict(EXTRA, combo_power=5000), "combo_power", "2-9-2"),
    (dict(EXTRA, combo_cost=1), "combo_cost", "2-10-2"),
    (dict(EXTRA, character="Hero"), "character", "2-5-4"),
    (dict(EXTRA, traits=["Brave"]), "traits", "2-6-5"),
    (dict(EXTRA, era="Test Saga"), "era", "2-7-3"),
    (dict(BATTLE, back="T-002"), "back", "back-side Leader"),
    (dict(LEADER, number="T-009", back="T-003"), "back", "back-side Leader"),
    (dict(BATTLE, side="back"), "side", "2-3-2-1-2"),
    (dict(BATTLE, abilities=[{"kind": "awaken", "effect": [{"op": "draw"}]}]), "abilities[0].kind", "10-2"),
    (dict(BATTLE, abilities=[{"kind": "wish", "x": 3}]), "abilities[0].kind", "10-28"),
    (dict(LEADER, number="T-009", back=None, abilities=LEADER["abilities"]), "abilities[0].kind", "10-2"),
    (dict(LEADER, number="T-009", back=None, abilities=[{"kind": "counter_play", "effect": [{"op": "negate"}]}]),
     "abilities[0].kind", "10-10"),
    (dict(EXTRA, token=True), "token", "10-18-1"),
    (dict(BATTLE, abilities=[{"kind": "auto", "effect": [{"op": "draw"}]}]), "abilities[0].trigger", "8-1-5-1"),
    (dict(BATTLE, abilities=[{"kind": "auto", "trigger": "on_play", "effect": [{"op": "ko"}]}]),
     "abilities[0].effect[0].reg", "no cards"),
    (dict(BATTLE, abilities=[{"kind": "auto", "trigger": "on_play", "effect": [{"op": "token", "card": "T-003"}]}]),
     "abilities[0].effect[0].card", "not a token"),
    (dict(BATTLE, hand_skill={"kind": "evolve", "energy": 2}), "hand_skill.character", "names 1 character"),
    (dict(BATTLE, hand_skill={"kind": "evolve", "character": "Nobody"}), "hand_skill.character", "unknown character"),
    (dict(BATTLE, hand_skill={"kind": "over_realm"}), "hand_skill.x", "10-15-1"),
    (dict(BATTLE, abilities=[{"kind": "auto", "trigger": "on_play", "effect": [
        {"op": "choose", "filter": {"trait": "Cowardly"}}, {"op": "ko"}]}]),
     "abilities[0].effect[0].filter.trait", "unknown special trait"),
])  # fmt: skip
def test_compiler_refuses_with_rule(tmp_path, card, field, words):
    msg = _error(tmp_path, card)
    assert f"card '{card['number']}'" in msg and f"field '{field}'" in msg and words in msg, msg


def test_more_than_31_special_traits_fail_clearly(tmp_path):
    many = [dict(BATTLE, number=f"T-1{i:02d}", traits=[f"Trait {i}"]) for i in range(31)]  # and the Leader's "Brave"
    msg = _error(tmp_path, *many)
    assert "T-130" in msg and "at most 31 special traits" in msg and "32nd" in msg, msg


def test_compiled_columns(tmp_path):
    token = {"number": "T-005", "name": "Test Token", "type": "battle", "colours": ["red"], "power": 5000,
             "token": True}
    fused = dict(BATTLE, number="T-006", name="Test Giant", colours=["red", "green"], energy=5,
                 specified={"red": 2, "green": 1}, keywords=["triple_strike", "blocker"], traits=["Brave", "Calm"],
                 hand_skill={"kind": "evolve", "energy": 3, "colour": "red", "colour_count": 1, "character": "Hero"},
                 abilities=[{"kind": "auto", "trigger": "on_play", "effect": [
                     {"op": "choose", "filter": {"side": "opponent", "types": ["battle"], "trait": "Calm",
                                                 "power_max": 20000, "mode": "rest"}, "count": 2, "up_to": True},
                     {"op": "power", "amount": -5000}, {"op": "token", "card": "T-005", "count": 2},
                     {"op": "discard", "who": "opponent", "random": True}]},
                            {"kind": "activate_main", "once_per_turn": True, "burst": 2,
                             "cost": {"energy": 2, "colour": "green", "colour_count": 1, "rest_self": True},
                             "effect": [{"op": "draw"}]}])  # fmt: skip
    t = _pool(tmp_path, LEADER, BACK, BATTLE, EXTRA, token, fused)
    lead, back, giant = t.cards[0], t.cards[1], t.cards[t.index["T-006"]]
    assert lead[K.C_TYPE] == K.CardType.LEADER and lead[K.C_BACK] == 1 and back[K.C_BACK] == -1
    assert lead[K.C_COST] == 0 and lead[K.C_POWER] == 10000 and lead[K.C_COMBO_COST] == -1
    assert back[K.C_STRIKE] == 2 and lead[K.C_STRIKE] == 1 and giant[K.C_STRIKE] == 3  # 10-7
    assert giant[K.C_COLOURS] == K.COLOUR_BITS["red"] | K.COLOUR_BITS["green"]
    assert list(giant[K.C_SPEC:K.C_SPEC + K.N_COLOURS]) == [2, 0, 1, 0, 0] and giant[K.C_COST] == 5
    assert giant[K.C_TRAITS] == t.trait_bits["Brave"] | t.trait_bits["Calm"] and t.trait_bits["Brave"] == 1
    assert giant[K.C_KEYWORDS] == K.KEYWORD_BITS["triple_strike"] | K.KEYWORD_BITS["blocker"]
    assert giant[K.C_HAND_SKILL] == K.HandSkill.EVOLVE and giant[K.C_HS_COST] == 3
    assert giant[K.C_HS_SPEC] == K.Colour.RED and giant[K.C_HS_SPEC_N] == 1
    assert giant[K.C_HS_NAME] == t.character_ids["Hero"] == giant[K.C_NAME] and giant[K.C_HS_NAME2] == 0
    assert t.cards[t.index["T-004"], K.C_HS_SPEC] == -1 and t.cards[t.index["T-005"], K.C_TOKEN] == 1
    auto, act = t.abilities[giant[K.C_ABIL_START]], t.abilities[giant[K.C_ABIL_START] + 1]
    assert giant[K.C_ABIL_COUNT] == 2 and auto[K.A_KIND] == K.AbilityKind.AUTO
    assert auto[K.A_TRIGGER] == K.Trigger.ON_PLAY
    assert auto[K.A_COST_COLOUR] == -1 and auto[K.A_CODE_LEN] == 4
    assert act[K.A_COST] == 2 and act[K.A_COST_COLOUR] == K.Colour.GREEN and act[K.A_COST_COLOUR_N] == 1
    assert act[K.A_COST_REST_SELF] == 1 and act[K.A_ONCE] == 1 and act[K.A_BURST] == 2
    code = t.code[auto[K.A_CODE_START]:auto[K.A_CODE_START] + 4]
    assert list(code[0][:1]) == [K.Op.CHOOSE] and list(code[0][3:]) == [2, 1]
    assert list(code[1]) == [K.Op.POWER, 0, -5000, K.Duration.END_OF_TURN, 0]
    assert list(code[2]) == [K.Op.TOKEN, 0, t.index["T-005"], 2, 0]
    assert list(code[3]) == [K.Op.DISCARD, 0, 1, 1, 1]  # a1 Who: opponent, a2: at random
    f = t.filters[code[0][2]]
    assert f[K.F_SIDE] == K.Side.OPPONENT and f[K.F_ZONE] == K.FZone.BATTLE and f[K.F_MODE] == K.Mode.REST
    assert f[K.F_TYPE_MASK] == 1 << K.CardType.BATTLE and f[K.F_TRAIT] == t.trait_bits["Calm"]
    assert f[K.F_POWER_MAX] == 20000 and f[K.F_COST_MAX] == -1 and f[K.F_NAME] == 0
    obs = t.obs_features
    assert obs.shape == (t.n_cards, len(CARD_STATIC)) and CARD_STATIC[:4] == ("present", "leader", "battle", "extra")
    row = dict(zip(CARD_STATIC, obs[t.index["T-006"]]))
    assert row["battle"] == 1 and row["red"] == 1 and row["green"] == 1 and row["blue"] == 0 and row["cost"] == 0.5
    assert row["triple_strike"] == 1 and row["blocker"] == 1 and row["hand_skill"] == 1 and row["auto"] == 1
    assert row["activate"] == 1 and row["counter"] == 0 and row["combo_cost"] == 0
    assert dict(zip(CARD_STATIC, obs[t.index["T-004"]]))["counter"] == 1
    assert t.ability_summary(t.cards[t.index["T-004"], K.C_ABIL_START]) == "[Counter: Attack]: negate the attack"
    giant_words = "Test Giant [T-006] red/green Battle 5 (2 red, 1 green) 15000, combo 5000 / 0"
    assert t.describe_card(t.index["T-006"]) == giant_words
    assert t.describe_card(1) == "Test Leader Awakened [T-002] red Leader (back) 15000"


def test_starter_pool_exercises_the_keywords():
    t = load_dbscg_pool()
    models = t.models
    assert len(models) >= 85 and sum(m.type == "leader" and m.side == "front" for m in models) >= 5
    for m in models:
        if m.type == "leader" and m.side == "front":
            assert m.back is not None and any(a.kind == "awaken" for a in m.abilities), m.number
    assert {c for m in models for c in m.colours} == set(K.COLOUR_BITS) and any(len(m.colours) == 2 for m in models)
    keywords = {k for m in models for k in m.keywords} | {k for m in models for a in m.abilities for k in a.keywords}
    assert keywords >= {"blocker", "critical", "double_strike", "triple_strike", "dual_attack", "barrier", "deflect",
                        "indestructible", "revenge", "ultimate", "super_combo", "dragon_ball", "field"}
    assert {m.hand_skill.kind.upper() for m in models if m.hand_skill} == set(K.HandSkill.__members__) - {"NONE"}
    kinds = {a.kind.upper() for m in models for a in m.abilities}
    assert kinds == set(K.AbilityKind.__members__)
    assert any(a.burst for m in models for a in m.abilities) and any(a.sparking for m in models for a in m.abilities)
    assert any(a.bond for m in models for a in m.abilities) and any(m.token for m in models)
    assert sum("dragon_ball" in m.keywords for m in models) >= 7 and any(o.op == "to_warp" for m in models
                                                                          for a in m.abilities for o in a.effect)
    # SHUFFLE, LIFE_TO_HAND, HAND_TO_WARP, POWER_PER_ENERGY and WIN came with the card-text compiler (real cards' text): the built-in pool
    # stays as it was (the golden games), tests/dbscg/test_dbscg_card_text.py plays them
    assert {o.op for m in models for a in m.abilities for o in a.effect} == set(EFFECT_OPS) - {
        "shuffle", "life_to_hand", "hand_to_warp", "power_per_energy", "win"}
    assert all(m.text for m in models)


@pytest.mark.parametrize("name", list_decks())
def test_cr_5_1_builtin_decks_are_legal_with_the_leader_first(name):
    t = load_dbscg_pool()
    deck = load_checked_deck(t, name)
    assert len(deck) == 1 + K.DECK_SIZE and t.cards[deck.card_ids[0], K.C_TYPE] == K.CardType.LEADER
    assert (t.cards[deck.card_ids[1:], K.C_TYPE] != K.CardType.LEADER).all()


def _deck(t, entries: dict[str, int], leader: str | None = "DS1-001"):
    ids = ([t.index[leader]] if leader else []) + [t.index[n] for n, c in entries.items() for _ in range(c)]
    return load_deck(t, np.asarray(ids), validate=False)


def _filler(t, n: int, skip=()) -> dict[str, int]:
    """``n`` cards of plain red / blue battle cards, 4 copies each."""
    out: dict[str, int] = {}
    for m in t.models:
        if m.type == "battle" and not m.token and not m.keywords and m.number not in skip and n > 0:
            out[m.number] = min(4, n)
            n -= out[m.number]
    return out


def test_leader_is_moved_first():
    t = load_dbscg_pool()
    ids = [t.index[n] for n, c in _filler(t, 50).items() for _ in range(c)] + [t.index["DS1-020"]]
    deck = validate_deck(t, load_deck(t, np.asarray(ids), validate=False))
    assert deck.card_ids[0] == t.index["DS1-020"] and len(deck) == 51


@pytest.mark.parametrize("change, words", [
    (lambda t: _deck(t, _filler(t, 49)), "49 cards: a deck (besides the Leader) has exactly 50 cards (rule 5-1-3)"),
    (lambda t: _deck(t, _filler(t, 50), leader=None), "no Leader Card: a deck list has exactly one Leader Card "
     "(rule 5-1-2)"),
    (lambda t: _deck(t, {"DS1-020": 1, **_filler(t, 49)}), "2 Leader Cards"),
    (lambda t: _deck(t, {"DS1-002": 1, **_filler(t, 49)}), "a back side is never in a deck"),
    (lambda t: _deck(t, {"DS1-015": 1, **_filler(t, 49)}), "a token is made by effects"),
    (lambda t: _deck(t, {**_filler(t, 45, skip=("DS1-003",)), "DS1-003": 5}), "5 copies: at most 4 copies of a card "
     "number (rule 5-1-3-1)"),
    (lambda t: _deck(t, {**_filler(t, 42), "DS1-110": 8}), "8 [Dragon Ball] cards: a deck has at most 7 (rule 10-31)"),
    (lambda t: _deck(t, {**_filler(t, 45), "DS1-018": 4, "DS1-073": 1}), "5 [Super Combo] cards: a deck has at most "
     "4 (rule 10-17)"),
    (lambda t: _deck(t, {**_filler(t, 48), "DS1-017": 2}), "2 [Ultimate] cards: a deck has at most 1 (rule 10-14)"),
])  # fmt: skip
def test_deck_rules_refuse(change, words):
    t = load_dbscg_pool()
    deck = change(t)
    with pytest.raises(DeckError) as info:
        validate_deck(t, deck)
    msg = str(info.value)
    assert words in msg and "\n" not in msg, msg


def test_cr_10_31_dragon_balls_any_copies_up_to_seven():
    t = load_dbscg_pool()
    deck = _deck(t, {**_filler(t, 43), "DS1-110": 7})
    assert len(validate_deck(t, deck)) == 51


def test_deck_error_names_file_card_and_rule(tmp_path):
    t = load_dbscg_pool()
    p = tmp_path / "bad.txt"
    p.write_text("1 DS1-001\n" + "".join(f"{c} {n}\n" for n, c in {**_filler(t, 44), "DS1-017": 2}.items())
                 + "4 DS1-018\n")
    with pytest.raises(DeckError) as info:
        load_checked_deck(t, str(p))
    msg = str(info.value)
    assert msg.startswith("bad.txt") and "DS1-017" in msg and "10-14" in msg, msg
