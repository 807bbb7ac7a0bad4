"""Weiss Schwarz card text, session 13 pieces: made-up lines in the card language compiled, and on a small
imported list what the engine does with them (a cost putting the climax of the climax area into the waiting
room, CR 8.4; ...)."""

from __future__ import annotations

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit


def _rec(code, name, ability=(), type="Character", level="0", power="3000", traits=("Glass",), trigger=(), cost="0"):
    char = type == "Character"
    return {"code": code, "name": name, "type": type, "color": "YELLOW", "level": level if type != "Climax" else "-",
            "cost": cost if type != "Climax" else "-", "power": power if char else "-", "soul": 1 if char else 0,
            "trigger": list(trigger), "attributes": list(traits) if char else [], "ability": list(ability), "side": "W"}  # fmt: skip


def _c(line, **card):
    return compile_line(line, {"type": "character", "name": "Tester", "traits": ["Glass"], **card})


PLAIN, FLARE, SPARK, COMBOER = range(4)
RECORDS = [
    _rec("T/S13-001", "Plain"),
    _rec("T/S13-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S13-003", "Spark", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S13-004", "Comboer", ["【AUTO】 【CXCOMBO】 [Put 1 \"Flare\" from your climax area into your waiting room] When "
                                  "this card attacks, you may pay the cost. If you do, draw 2 cards."]),
]  # fmt: skip
# vanilla fillers: a deck has at most 4 cards of a name (CR 5.1.2.2)
RECORDS += [_rec(f"T/S13-F{i:02d}", f"Filler {i}", traits=("Wood",)) for i in range(12)]
FILLER = 4


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws13", RECORDS)


def _scenario(pool, **kw):
    deck = kit.deck_of(len(RECORDS), FLARE, extra=(SPARK,))
    return Scenario.main_phase(pool, decks=(deck, deck), **kw)


_n, _labels, _act = kit.count, kit.labels, kit.act


def _zone(g, slot) -> int:
    return int(g.state[S.ZONE + slot * S.CARD_W])


# ---------------------------------------------------------------------------- a climax-area cost (CR 8.4)
def test_climax_area_cost_compiles_exact():
    r = _c(RECORDS[COMBOER]["ability"][0])
    assert r.verdict == "exact", (r.reason, r.approximations)
    (ab,) = r.abilities
    assert ab["cost"] == {"climax_to_wr": {"type": "climax", "name": "Flare", "zone": "climax_area"}}
    assert "combo" not in ab  # CR 8.12.1: the icon has no meaning; the cost names the climax


@pytest.mark.parametrize("climax", [FLARE, SPARK, None])
def test_cr_8_4_climax_area_cost_pays_with_the_named_climax_only(pool, climax):
    sc = _scenario(pool)
    sc.put(0, COMBOER, "stage", pos=0)
    cx = sc.put(0, climax, "climax_area") if climax is not None else None
    g = sc.game()
    _act(g, "End the main phase")
    hand, wr = _n(g, "HAND"), _n(g, "WR")
    _act(g, "Direct attack with Comboer")
    if climax != FLARE:
        # CR 8.4.2.2 / 8.7.3.2: the cost cannot be paid, so the ability is not played (no question asked)
        assert not any(lbl.startswith("Use Comboer") for lbl in _labels(g))
        assert _n(g, "HAND") == hand  # nothing drawn (the turn may have ended: no decision in a direct attack)
        return
    _act(g, "Use Comboer")
    assert _zone(g, cx) == K.Zone.WAITING_ROOM and _n(g, "CX") == 0
    assert _n(g, "HAND") == hand + 2 and _n(g, "WR") == wr + 1
