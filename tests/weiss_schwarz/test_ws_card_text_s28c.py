"""Weiss Schwarz card text, session 28 part C (branch s28-wsc): a database that writes each zero digit as "-"
("+15-- power" for +1500, "level - or lower" for level 0). Made-up lines in the card language, imported, and what
the engine does with them."""

from __future__ import annotations

import json

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import normalise
from tcg_env.games.weiss_schwarz.importer import import_ws_json

import ws_card_text_kit as kit

_rec = kit.rec


def _import(tmp_path, records):
    p = tmp_path / "list.json"
    p.write_text(json.dumps(records))
    return import_ws_json(p)


# ---------------------------------------------------------------------------- the zeros written as dashes
@pytest.mark.parametrize(
    "dashed, plain",
    [
        ("This card gets +15-- power.", "this card gets +1500 power ."),
        ("That character gets -2--- power until end of turn.", "that character gets -2000 power until end of turn ."),
        ("Backup 25--, Level 2", "backup 2500 , level 2"),
        ("If that card is level - or lower, draw 1 card.", "if that card is level 0 or lower , draw 1 card ."),
        ("Choose 1 cost - or lower character.", "choose 1 cost 0 or lower character ."),
    ],
)
def test_the_zero_digits_written_as_dashes_read_as_zeros(dashed, plain):
    assert normalise(dashed) == plain


def test_a_dash_that_is_no_zero_stays():
    """A minus sign before a number, a range between digits: not a zero."""
    assert normalise("That character gets -1000 power.") == "that character gets -1000 power ."
    assert normalise("Trait 1-2 stays.") == "trait 1-2 stays ."


_DASHED = ["【CONT】 During your turn, if you have 2 or more other 《Glass》 characters, this card gets +15-- power.",
           "【AUTO】 When this card becomes 【REVERSE】, if this card's battle opponent is level - or lower, you may "
           "【REVERSE】 that character.",
           "【ACT】 【COUNTER】 Backup 25--, Level 2 [(1) Put this card from your hand into your waiting room]"]  # fmt: skip
_PLAIN = ["【CONT】 During your turn, if you have 2 or more other 《Glass》 characters, this card gets +1500 power.",
          "【AUTO】 When this card becomes 【REVERSE】, if this card's battle opponent is level 0 or lower, you may "
          "【REVERSE】 that character.",
          "【ACT】 【COUNTER】 Backup 2500, Level 2 [(1) Put this card from your hand into your waiting room]"]  # fmt: skip


def test_the_dashed_lines_compile_as_the_lines_with_digits(tmp_path):
    dashed = _import(tmp_path, [_rec("T/S28C-001", "Dashed", _DASHED)])
    plain = _import(tmp_path, [_rec("T/S28C-001", "Dashed", _PLAIN)])
    assert not dashed.unsupported, dashed.unsupported
    assert not plain.unsupported, plain.unsupported
    assert [lr.verdict.value for t in dashed.text_records for lr in t.lines] == ["exact"] * 3
    assert dashed.cards[0].abilities == plain.cards[0].abilities


# ---------------------------------------------------------------------------- played
_BOOSTER = "【CONT】 All of your other 《Glass》 characters get +15-- power."
PLAIN, BOOSTER = range(2)
RECORDS = [_rec("T/S28C-010", "Plain"), _rec("T/S28C-011", "Booster", [_BOOSTER])]
FILLER = len(RECORDS)
RECORDS += [_rec(f"T/S28C-F{i:02d}", f"Filler {i}") for i in range(12)]
N_CARDS = len(RECORDS)


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws28c", RECORDS)


def test_cr_8_1_1_3_a_dashed_power_bonus_gives_1500(pool):
    """CR 8.1.1.3 (a continuous ability: its effect applies while it is active): "+15-- power" is +1500."""
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    getter = sc.put(0, PLAIN, "stage", pos=0)
    sc.put(0, BOOSTER, "stage", pos=1)
    g = sc.game()
    assert kit.power(g, getter) == 3000 + 1500


# ---------------------------------------------------------------------------- three destinations of the top card
_PEEKER = ("【ACT】 [【REST】 this card] Look at the top card of your deck, and put it on the top or at the bottom of your "
           "deck or into your waiting room.")
PEEKER = len(RECORDS)
RECORDS.append(_rec("T/S28C-012", "Peeker", [_PEEKER]))
N_CARDS = len(RECORDS)


def test_the_three_destinations_compile_exact(tmp_path):
    res = _import(tmp_path, [_rec("T/S28C-012", "Peeker", [_PEEKER])])
    assert not res.unsupported, res.unsupported
    (ab,) = res.cards[0].abilities
    assert [o.op for o in ab.effect] == ["look_top", "choose_one"]


def _top(g, p=0) -> int:
    return int(g.state[S.DECK_L + p * K.MAX_DECK + int(g.state[S.DECK_N + p]) - 1])


def _bottom(g, p=0) -> int:
    return int(g.state[S.DECK_L + p * K.MAX_DECK])


@pytest.mark.parametrize("where", ["top", "bottom", "waiting_room"])
def test_cr_3_2_3_1_the_top_card_looked_at_goes_where_the_master_chooses(pool, where):
    """The master looks at the top card (CR 3.2.3.1: seen by the looking player only) and puts it back on top, at
    the bottom of the deck or into the waiting room, as chosen having seen it."""
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    sc.put(0, PEEKER, "stage", pos=1)
    g = sc.game()
    top = _top(g)
    n = kit.count(g, "DECK")
    wr = kit.count(g, "WR")
    kit.act(g, "Use ability 0 of Peeker")
    # the first look leaves it on top; "at the bottom?" (CHOOSE_OPTIONAL of the first option) taken or declined;
    # then the card taken (to that destination) or left on top
    picks = {"top": ["Pass", "Decline", "Pass"], "bottom": ["Pass", "Use", "Choose"],
             "waiting_room": ["Pass", "Decline", "Choose"]}[where]
    seen = []
    for pick in picks:
        d = kit.labels(g)
        seen.append(d)
        kit.act(g, pick)
    assert kit.resolved(g), seen
    if where == "top":
        assert _top(g) == top and kit.count(g, "DECK") == n and kit.count(g, "WR") == wr
    elif where == "bottom":
        assert _bottom(g) == top and kit.count(g, "DECK") == n, seen
    else:
        assert kit.zone_of(g, top) == K.Zone.WAITING_ROOM and kit.count(g, "WR") == wr + 1, seen


# ---------------------------------------------------------------------------- "when X, and <condition>, you may pay"
def test_cr_8_1_1_2_a_condition_joined_to_the_trigger_by_and_reads_as_if(tmp_path):
    """"When X, and <condition>, you may pay the cost. If you do, ..." is the ability "when X, if <condition>, ..."
    (CR 8.1.1.2: the automatic ability's trigger and its condition): the same program."""
    body = ("【AUTO】 [Put 1 card from your hand into your waiting room] During this card's battle, when the damage you "
            "received is not canceled, {} you have 2 or more other 《Glass》 characters, you may pay the cost. If you do, "
            "draw 1 card.")
    joined = _import(tmp_path, [_rec("T/S28C-020", "Joined", [body.format("and")])])
    plain = _import(tmp_path, [_rec("T/S28C-020", "Joined", [body.format("if")])])
    assert not joined.unsupported, joined.unsupported
    assert [lr.verdict.value for t in joined.text_records for lr in t.lines] == ["exact"]
    assert joined.cards[0].abilities == plain.cards[0].abilities
