"""Weiss Schwarz card text, session 21 (branch s21-wsa): made-up lines in the card language compiled, and on a
small imported list what the engine does with them: another character returned to the stage position it left
(CR 10.2.2's action without the keyword), ..."""

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


_SAVER_TEXT = ("【AUTO】 [Put this card into your waiting room] When your other 《Glass》 character is put into your "
               "waiting room from the stage, if this card is in your back stage, you may pay the cost. If you do, "
               "return that character to its previous stage position as 【REST】.")
(PLAIN, SAVER, DROPPER) = range(3)
RECORDS = [
    _rec("T/S21-001", "Plain"),
    # another character back to the position it left (CR 10.2.2's action, written without Encore)
    _rec("T/S21-002", "Saver", [_SAVER_TEXT]),
    _rec("T/S21-003", "Dropper", ["【ACT】 [【REST】 this card] Choose 1 of your other characters, and put it into your "
                                  "waiting room."]),
]  # fmt: skip
RECORDS += [_rec(f"T/S21-F{i:02d}", f"Filler {i}", traits=("Sand",)) for i in range(12)]
FILLER = len(RECORDS) - 12
NO_CLIMAX = [FILLER + 8, FILLER + 9, FILLER + 10, FILLER + 11]  # four different cards (Scenario.stack_deck)


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws21a", RECORDS)


def _scenario(pool, **kw):
    deck = kit.deck_of(len(RECORDS), FILLER, extra=(PLAIN, PLAIN))
    return Scenario.main_phase(pool, decks=(deck, deck), **kw)


_labels, _act = kit.labels, kit.act


def _orient(g, slot):
    return int(g.state[S.ORIENT + slot * S.CARD_W])


def _pos(g, slot):
    return int(g.state[S.POS + slot * S.CARD_W])


# ---------------------------------------------------------------------------- another character back to its position
def test_other_character_put_into_the_waiting_room_from_the_stage_compiles_exact():
    r = _c(_SAVER_TEXT)
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert ab["trigger"] == "other_to_wr_from_stage" and ab["trigger_filter"] == {"type": "character", "trait": "Glass"}
    assert ab["condition"] == {"kind": "in_back_stage"} and ab["cost"] == {"self_to_wr": True} and ab["optional"]
    assert ab["effect"] == [{"op": "encore_self", "triggering": True}]
    r = _c("【AUTO】 [Put this card into your waiting room] When your other character is put into your waiting room from "
           "the stage, if this card is in your back stage, you may pay the cost. If you do, put that character on the "
           "stage position it was on as 【REST】.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "encore_self", "triggering": True}]
    # "that character" is the triggering card only after this trigger
    assert _c("【AUTO】 When your other character attacks, return that character to its previous stage position as "
              "【REST】.").verdict == "unsupported"


@pytest.mark.parametrize("dropped, saver_pos, pay", [(PLAIN, 3, True), (PLAIN, 3, False), (FILLER, 3, True),
                                                     (PLAIN, 0, True)])
def test_cr_10_2_2_another_character_returns_to_the_position_it_left(pool, dropped, saver_pos, pay):
    sc = _scenario(pool)
    saver = sc.put(0, SAVER, "stage", pos=saver_pos)
    sc.put(0, DROPPER, "stage", pos=4 if saver_pos == 3 else 3)
    other = sc.put(0, dropped, "stage", pos=1)
    g = sc.game()
    _act(g, "Use ability 0 of Dropper")
    kit.answer_picks(g, ["Choose own center middle", "Use" if pay else "Decline"])
    fires = dropped == PLAIN and saver_pos == 3  # a <<Glass>> character; the saver in the back stage
    if fires and pay:
        assert kit.zone_of(g, saver) == K.Zone.WAITING_ROOM  # the cost
        assert kit.zone_of(g, other) == K.Zone.STAGE and _pos(g, other) == 1 and _orient(g, other) == K.Orientation.REST
    else:
        assert kit.zone_of(g, saver) == K.Zone.STAGE and kit.zone_of(g, other) == K.Zone.WAITING_ROOM
