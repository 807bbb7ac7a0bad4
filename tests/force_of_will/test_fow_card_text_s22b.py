"""Force of Will card text, session 22 (branch s22-fowb): keywords without a keyword skill (CR 1101.1b) and deck-building
lines (CR 402.8). Lines are made up in the game's template language. Rule numbers: CR 8.01
(``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards import DeckError
from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from tcg_env.games.force_of_will.decks import validate_deck
from test_fow_card_text import _imported_pool, exact, line


def _card(number, name, ctype, abilities, cost="{W}", **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": ["W"], "abilities": abilities,
            "race": ["Human"], "ATK": 100, "DEF": 100, **kw}


# ---- CR 1101.1b: keywords without a keyword skill ---------------------------------------------------------------------
def test_cr_1101_1b_angled_marks_bond_and_war_are_inert_lines():
    for text, ctype in (("<<Bond>>", "ruler"), ("《War》", "addition"), ("<<War>>", "magic_stone")):
        r = exact(text, ctype)
        assert r.fields == {} and r.abilities == []
    assert line("<<Peace>>", "ruler").verdict is Verdict.UNSUPPORTED  # a mark no card list uses: not read


def test_cr_1101_1b_deck_marks_are_the_card_field_marks():
    assert exact("[Tales]").fields == {"marks": ["tales"]}
    assert exact("[VIllains]").fields == {"marks": ["villains"]}
    assert exact("[Will of Hope]").fields == {"marks": ["will_of_hope"]}
    assert exact("[Will of Despair]", "chant").fields == {"marks": ["will_of_despair"]}


# ---- CR 402.8: a card's own deck-building rule -----------------------------------------------------------------------
def test_cr_402_8_deck_rule_lines_compile_to_card_fields():
    for text, ctype in (("You may have any number of copies of this card in your deck.", "resonator"),
                        ("You may have any number of copies of this card in your main deck.", "resonator"),
                        ("You may have any number of copies of this card in your magic stone deck.", "magic_stone")):
        assert exact(text, ctype).fields == {"deck_any_copies": True}
    assert exact("You cannot have cards with [Tales] in your deck or magic stone deck.", "ruler").fields == {
        "deck_forbids": ["tales"], "deck_forbids_stones": True}
    assert exact("You cannot have cards with [Villains] in your deck or a magic stone deck.", "ruler").fields == {
        "deck_forbids": ["villains"], "deck_forbids_stones": True}
    assert exact("You cannot have cards with [Will of Despair] in your deck.", "ruler").fields == {
        "deck_forbids": ["will_of_despair"]}
    # a deck rule no deck check knows stays unsupported
    # ("up to twelve copies" compiles since session 24: test_fow_card_text_s24c.py)
    assert line("You cannot have non-darkness cards in your deck.", "ruler").verdict is Verdict.UNSUPPORTED
    assert line("You cannot have cards with <<War>> in your deck.", "ruler").verdict is Verdict.UNSUPPORTED


@pytest.fixture(scope="module")
def deck_pool(tmp_path_factory):
    cards = [
        _card("DR-001", "Ruler of Fairy Tales", "Ruler", ["You cannot have cards with [Villains] in your deck or magic "
                                                          "stone deck.", "You cannot have cards with [Will of Hope] in "
                                                          "your deck."], cost=None),
        _card("DR-002", "Countless Soldier", "Resonator", ["You may have any number of copies of this card in your deck."]),
        _card("DR-003", "Villain Goblin", "Resonator", ["[Villains]"]),
        _card("DR-004", "Hopeful Knight", "Resonator", ["[Will of Hope]"]),
        _card("DR-005", "Tales Knight", "Resonator", ["[Tales]", "<<War>>"]),
        _card("DR-006", "Plain Soldier", "Resonator", []),
        {"id": "DR-007", "name": "Villain Stone", "type": ["Special Magic Stone", "Magic Stone"], "cost": None,
         "colour": ["V"], "abilities": ["[Villains]", "{Rest}: Produce {W}."]},
        _card("DR-008", "Any Stone Soldier", "Resonator", ["You may have any number of copies of this card in your main "
                                                           "deck."]),
    ]
    res, pool = _imported_pool(tmp_path_factory.mktemp("decks"), cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [
        (r.number, [x.reason for x in r.lines]) for r in res.text_records]
    return pool


def _validate(pool, entries):
    from tcg_env.cards.decks import parse_deck_text

    deck = parse_deck_text(pool, "\n".join(f"{n} {num}" for num, n in entries), file="t.txt")
    return validate_deck(pool, deck)


_MAIN = ["FOW1-024", "FOW1-025", "FOW1-026", "FOW1-027", "FOW1-030", "FOW1-031", "FOW1-048", "FOW1-049", "FOW1-050"]


def test_cr_402_8_any_number_of_copies_waives_four_of_a_name(deck_pool):
    c = deck_pool.cards[deck_pool.card_id("DR-002")]
    assert c[K.C_BASIC] == K.DECK_ANY_COPIES
    _validate(deck_pool, [("FOW1-003", 1), *[(n, 4) for n in _MAIN[:6]], ("DR-002", 16), ("FOW1-079", 10)])
    # another card keeps CR 402.3b
    with pytest.raises(DeckError, match=r"5 cards named 'Plain Soldier'.*CR 402\.3b"):
        _validate(deck_pool, [("FOW1-003", 1), *[(n, 4) for n in _MAIN], ("DR-006", 5), ("FOW1-079", 10)])


def test_cr_402_8_forbidden_marks_in_the_main_and_magic_stone_decks(deck_pool):
    base = [("DR-001", 1), *[(n, 4) for n in _MAIN], ("DR-006", 3)]
    _validate(deck_pool, [*base, ("DR-005", 1), ("FOW1-079", 10)])  # [Tales] is not forbidden
    with pytest.raises(DeckError, match=r"\[Villains\] in the deck.*CR 402\.8"):
        _validate(deck_pool, [*base, ("DR-003", 1), ("FOW1-079", 10)])
    with pytest.raises(DeckError, match=r"\[Will Of Hope\] in the deck.*CR 402\.8"):
        _validate(deck_pool, [*base, ("DR-004", 1), ("FOW1-079", 10)])
    with pytest.raises(DeckError, match=r"\[Villains\] in the magic stone deck.*CR 402\.8"):
        _validate(deck_pool, [*base, ("DR-006", 1), ("FOW1-079", 9), ("DR-007", 1)])
    # without the ruler forbidding them, the same cards are legal
    _validate(deck_pool, [("FOW1-003", 1), *[(n, 4) for n in _MAIN], ("DR-006", 2), ("DR-003", 1), ("DR-004", 1),
                          ("FOW1-079", 9), ("DR-007", 1)])


# ---- [Tag] (not in CR 8.01): a second starting ruler, not offered (CR 402.2) -----------------------------------------
def test_tag_on_a_ruler_is_approximate_tag_one_ruler():
    for text in ("[Tag] (Seven Stars)", '[Tag] "Some Ruler"', '[Tag] "Some Ruler" or "Other Ruler"',
                 "[Tag] (Six Sages) - You may start the game with this ruler and another ruler with [Tag] (Six Sages) "
                 "that doesn't share a name with this card. Put both in your ruler area."):
        r = line(text, "ruler")
        assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("tag_one_ruler",), (text, r.reason)
        assert r.fields == {} and r.abilities == []
    assert line("[Tag] (Seven Stars)", "resonator").verdict is Verdict.UNSUPPORTED


# ---- CR 910: a replacement of will an opponent's ability or effect makes you pay -------------------------------------
def test_cr_910_opponents_payment_replaced_is_inert_while_no_payment_compiles():
    from pathlib import Path

    import tcg_env.games.force_of_will.card_text as ct

    for text in ("If an ability or effect your opponent controls would make you pay any amount of will, you pay {0} "
                 "instead.",
                 "If any ability or effect your opponent controls would make you pay any amount of will, you pay {0} "
                 "instead."):
        r = exact(text, "ruler")
        # session 33 (s33a): the replacement of the two payments an opponent's ability makes (Op.COST_INCREASE,
        # Op.ATTACK_TAX; tests/force_of_will/test_fow_card_text_s33a.py plays it)
        assert r.fields == {} and r.abilities == [{"kind": "continuous", "effect": [{"op": "opp_payment_free"}]}]
    # exact only because no other line makes a player pay will by an opponent's ability or effect ("unless its
    # controller pays {N}"): the grammar has no such sentence but session 33's two, which the replacement reads
    grammar = Path(ct.__file__).with_name("card_text.lark").read_text()
    # (session 34, s34b: "cancel target spell unless its controller pays {N}", Op.CANCEL_UNLESS_PAY, which reads the
    # replacement too: tests/force_of_will/test_fow_card_text_s34b.py plays it)
    assert all("-> cost_more_opp" in ln or "-> cancel_unless_pays" in ln for ln in grammar.splitlines() if '"pays"' in ln)
    # the "unless" are a stone's "enters rested unless you pay N life" (life, the player's own choice; s22-fowa) and a
    # continuous ability's "<clauses> unless <condition>" (session 32: a condition, which names no payment: no "pays")
    # (session 34, s34b: the stone's life without a condition, enters_rested_unless_life, a payment of life too)
    assert all("-> enters_rested_if_unless_life" in line or "-> unless_sentence" in line
               or "-> enters_rested_unless_life" in line or "-> cancel_unless_pays" in line
               for line in grammar.splitlines() if '"unless"' in line)
    assert line("Cancel target spell unless its controller pays {1}.", "chant").verdict is Verdict.EXACT  # session 34


# ---- CR 903.2f / 203.5b: "with total cost X [or less]", X chosen as the chant is played ----------------------------
def test_cr_903_2f_total_cost_x_compiles_on_a_chant_whose_cost_has_x():
    r = exact("Destroy all resonators with total cost X or less.", "chant", x=True, cost="{X}{R}")
    assert r.fields["effect"][0] == {"op": "select_all", "filter": {"type": ["resonator"], "cost_x": "max"}}
    r = exact("Remove all resonators with total cost X from the game.", "chant", x=True, cost="{X}{R}")
    assert r.fields["effect"][0]["filter"] == {"type": ["resonator"], "cost_x": "eq"}
    # X of a card whose cost has none, or of a resonator's ability, is not chosen: unsupported
    assert line("Destroy target resonator with total cost X or less.", "chant").verdict is Verdict.UNSUPPORTED
    assert line("[Enter] => Destroy target resonator with total cost X or less.", "resonator", x=True,
                cost="{X}{R}").verdict is Verdict.UNSUPPORTED


def _x_game(tmp_path, text):
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [{"id": "TXT-001", "name": "Made-up Culling", "type": ["Chant"], "cost": "{R}{X}", "colour": ["R"],
              "abilities": [text]},
             _card("TXT-002", "Made-up Cheap", "Resonator", [], cost="{R}"),
             _card("TXT-003", "Made-up Middle", "Resonator", [], cost="{R}{1}"),
             _card("TXT-004", "Made-up Dear", "Resonator", [], cost="{R}{3}")]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [
        (r.number, [x.reason for x in r.lines]) for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 5)
    sc.hand(0, ["TXT-001"])
    opp = sc.field(1, ["TXT-002", "TXT-003", "TXT-004"])
    return sc.game(), opp


def _pass_until_resolved(g):
    from tcg_env.engine.header import H_DECISION

    for _ in range(6):
        if int(g.state[S.CHASE_N]) == 0 and int(g.state[H_DECISION]) == K.Decision.PRIORITY:
            return
        g.step(K.PASS)


def test_cr_903_2f_a_target_bounded_by_x_is_unsupported(tmp_path):
    """X is chosen (CR 903.2f) after the card is offered for its targets existing: an X leaving no target would be
    offered, so the pool compiler refuses a target bounded by X and the line is imported unsupported."""
    from tcg_env.games.force_of_will.importer import import_force_of_will_json
    import json

    p = tmp_path / "sim.json"
    p.write_text(json.dumps({"fow": {"clusters": [{"sets": [{"code": "TXT", "cards": [
        {"id": "TXT-001", "name": "Made-up Culling", "type": ["Chant"], "cost": "{R}{X}", "colour": ["R"],
         "abilities": ["Destroy target resonator with total cost X or less."]}]}]}]}}))
    (rec,) = import_force_of_will_json(p).text_records
    assert rec.lines[0].verdict is Verdict.UNSUPPORTED and "bounded by X" in rec.lines[0].reason


@pytest.mark.parametrize("x, gone", [(0, ()), (1, (0,)), (2, (1,)), (4, (2,))])
def test_cr_203_5b_all_resonators_with_total_cost_x_reads_the_x_on_resolution(tmp_path, x, gone):
    g, slots = _x_game(tmp_path, "Destroy all resonators your opponent controls with total cost X.")
    g.step(K.PLAY_HAND_BASE)
    g.step(K.OPTION_BASE + x)
    _pass_until_resolved(g)
    left = {i for i, sl in enumerate(slots) if int(g.state[S.ZONE + sl * S.CARD_W]) == K.Zone.FIELD}
    assert left == {0, 1, 2} - set(gone)


# ---- CR 205: "<race> or <race>", a card of either race ---------------------------------------------------------------
def test_cr_205_a_race_or_another_compiles_to_race_and_race_or():
    races = frozenset(["Skeleton", "Zombie"])
    r = exact("Put target Skeleton or Zombie with total cost 3 or less from your graveyard into the field.", "chant",
              races=races)
    assert r.fields["effect"][0]["filter"] == {"race": "Skeleton", "race_or": "Zombie", "cost_max": 3,
                                               "zone": "graveyard", "side": "own"}
    r = exact("[Enter] => Search your deck for a Skeleton or Zombie resonator, reveal it and put it into your hand. Then "
              "shuffle your deck.", races=races)
    assert r.abilities[0]["effect"][0]["filter"] == {"race": "Skeleton", "race_or": "Zombie", "type": ["resonator"],
                                                     "zone": "main_deck"}


def test_cr_205_destroy_all_of_either_race_in_the_engine(tmp_path):
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [{"id": "TXT-001", "name": "Made-up Purge", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
              "abilities": ["Destroy all Skeleton or Zombie resonators."]},
             _card("TXT-002", "Made-up Skeleton", "Resonator", [], race=["Skeleton"]),
             _card("TXT-003", "Made-up Zombie", "Resonator", [], race=["Knight", "Zombie"]),
             _card("TXT-004", "Made-up Ghoul", "Resonator", [], race=["Ghoul"])]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [
        (r.number, [x.reason for x in r.lines]) for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.hand(0, ["TXT-001"])
    slots = sc.field(1, ["TXT-002", "TXT-003", "TXT-004"])
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _pass_until_resolved(g)
    assert [int(g.state[S.ZONE + sl * S.CARD_W]) == K.Zone.FIELD for sl in slots] == [False, False, True]
