"""Weiss Schwarz card text, session 21 part B (branch s21-wsb): "in battle" beside another condition, card names
regarded as another, revealing up to N cards. Made-up lines in the card language compiled, and on a small imported
list what the engine does with them."""

from __future__ import annotations

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


(PLAIN, BIG, KEEPER, REVERSER) = range(4)
RECORDS = [
    _rec("T/S21B-001", "Plain"),
    _rec("T/S21B-002", "Big", level="0", power="9000"),
    # "in battle" and a condition on the memory (CR 7.7.1.1: reversed in battle)
    _rec("T/S21B-003", "Keeper", ["【AUTO】 When this card becomes 【REVERSE】 in battle, if you have 1 or less cards "
                                  "in your memory, you may put this card into your memory."]),
    # reverses a character outside any battle
    _rec("T/S21B-004", "Reverser", ["【ACT】 [【REST】 this card] Choose 1 of your other characters, and 【REVERSE】 it."]),
]  # fmt: skip
RECORDS += [_rec(f"T/S21B-F{i:02d}", f"Filler {i}", traits=("Sand",)) for i in range(12)]
FILLER = len(RECORDS) - 12
NO_CLIMAX = [FILLER + 8, FILLER + 9, FILLER + 10, FILLER + 11]  # four different cards (Scenario.stack_deck)


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws21b", RECORDS)


def _scenario(pool, **kw):
    deck = kit.deck_of(len(RECORDS), FILLER, extra=(PLAIN, PLAIN))
    return Scenario.main_phase(pool, decks=(deck, deck), **kw)


_n, _labels, _act = kit.count, kit.labels, kit.act


def _orient(g, slot):
    return int(g.state[S.ORIENT + slot * S.CARD_W])


def _battle(g, until, limit=40):
    """Plays the attack on: uses / accepts what is offered, passes the counter step, until ``until(g)``."""
    for _ in range(limit):
        if until(g) or g.done:
            return
        labels = _labels(g)
        pick = [t for t in labels if t.startswith(("Use", "Yes"))] or [t for t in labels if t.startswith(
            ("Pass", "No counter", "Decline"))] or labels
        _act(g, pick[0])


# ---------------------------------------------------------------------------- "in battle" and another condition
def test_in_battle_beside_another_condition_compiles_exact():
    for line in (RECORDS[KEEPER]["ability"][0],
                 RECORDS[KEEPER]["ability"][0].replace("you have 1 or less cards in your memory",
                                                       "your memory has 1 or less cards")):
        r = _c(line)
        assert r.verdict == "exact", r.reason
        (ab,) = r.abilities
        assert ab["trigger"] == "reversed_self"
        assert ab["condition"] == {"kind": "memory_at_most", "value": 1, "in_battle": True}


def test_in_battle_and_a_condition_pack_into_one_condition_slot(pool):
    A = pool.abilities
    (row,) = [r for r in range(A.shape[0]) if A[r, K.A_CARD] == KEEPER]
    assert A[row, K.A_COND] == K.Condition.IN_BATTLE_AND
    assert A[row, K.A_COND_ARG] >> 24 == K.Condition.MEMORY_AT_MOST and A[row, K.A_COND_ARG] & 0xFFFFFF == 1


@pytest.mark.parametrize("in_memory", [0, 2])
def test_cr_7_7_1_1_reversed_in_battle_with_the_memory_condition(pool, in_memory):
    sc = _scenario(pool)
    me = sc.put(0, KEEPER, "stage", pos=0)
    sc.put(1, BIG, "stage", pos=2)  # faces it (CR 3.6.5)
    for _ in range(in_memory):
        sc.put(0, FILLER, "memory")
    sc.stack_deck(0, NO_CLIMAX)
    sc.stack_deck(1, NO_CLIMAX)
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Frontal attack")  # 3000 against 9000: this card becomes [REVERSE] in battle (CR 7.7.1.1)
    _battle(g, lambda g: _orient(g, me) == K.Orientation.REVERSE and kit.resolved(g)
            or kit.zone_of(g, me) != K.Zone.STAGE)
    kit.answer_yes(g, True)
    # 1 or less cards in the memory: it may go there; 2: the condition fails, it stays [REVERSE]
    assert kit.zone_of(g, me) == (K.Zone.MEMORY if in_memory == 0 else K.Zone.STAGE)


def test_reversed_outside_a_battle_the_ability_does_not_trigger(pool):
    sc = _scenario(pool)
    me = sc.put(0, KEEPER, "stage", pos=0)
    sc.put(0, REVERSER, "stage", pos=1)
    g = sc.game()
    _act(g, "Use")  # the [ACT] of Reverser: Keeper becomes [REVERSE] in the main phase
    kit.answer_picks(g, ["Choose"])
    assert _orient(g, me) == K.Orientation.REVERSE
    assert kit.resolved(g) and kit.zone_of(g, me) == K.Zone.STAGE  # no battle: nothing triggered
