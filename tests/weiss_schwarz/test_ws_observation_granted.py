"""Weiss Schwarz observations show the abilities granted to a stage character (weiss_schwarz_v2):
the stage is public (CR 3.1.3), and unlike a printed ability (known from the card's identity) a
granted one is not known from anything else an agent sees. Granted until the end of the turn by an
effect, or by a [CONT] ability; a granted Encore (CR 10.2); a granted restriction is the restriction
(the ``cant_*`` columns). Both players' observations show them, and the text board (``tcg play``)
names them. The card list is made up in the card language's templates (no card text copied)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import observation as O
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.cards import _Compiler, compile_ws_pool
from tcg_env.games.weiss_schwarz.importer import import_ws_json
from tcg_env.games.weiss_schwarz.scenario import Scenario


def _rec(code, name, ability=(), level="0", power="3000"):
    return {"code": code, "name": name, "type": "Character", "color": "YELLOW", "level": level, "cost": "0",
            "power": power, "soul": 1, "trigger": [], "attributes": ["Glass"], "ability": list(ability), "side": "W"}


SCOUT, ELDER, GIVER, PATRON, SPONSOR, WARDEN, FLASH = range(7)
RECORDS = [
    _rec("T/G01-001", "Scout"),
    _rec("T/G01-002", "Elder", level="2", power="8000"),
    _rec("T/G01-003", "Giver", ["【AUTO】 When this card is placed on the stage from your hand, choose 1 of your other "
                                "characters, and that character gets the following ability until end of turn. "
                                "\"【AUTO】 When this card's battle opponent becomes 【REVERSE】, draw 1 card.\""]),
    _rec("T/G01-004", "Patron", ["【CONT】 All of your other characters get the following ability. \"【AUTO】 When this "
                                 "card attacks, this card gets +1000 power until end of turn.\""]),
    _rec("T/G01-005", "Sponsor", ["【CONT】 All of your opponent's characters get \"【AUTO】 Encore [(2)]\"."]),
    _rec("T/G01-006", "Warden", ["【CONT】 All of your other characters get the following ability. \"【CONT】 This "
                                 "card cannot side attack.\""]),
    {**_rec("T/G01-007", "Flash"), "type": "Climax", "level": "-", "cost": "-", "power": "-", "soul": 0,
     "trigger": ["SOUL"], "attributes": []},
    *[_rec(f"T/G01-{i:03d}", f"Filler {i}") for i in range(8, 16)],  # vanilla: the 50-card decks (CR 5.1.2.1)
]  # fmt: skip


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    p = tmp_path_factory.mktemp("ws") / "list.json"
    p.write_text(json.dumps(RECORDS))
    res = import_ws_json(p)
    assert not res.unsupported and [c.name for c in res.cards] == [r["name"] for r in RECORDS]
    return compile_ws_pool(res.cards)


def _scenario(pool):
    deck = np.array([i for i in range(len(RECORDS)) for _ in range(4)][:50], np.int32)  # 4 copies each
    return Scenario.main_phase(pool, decks=(deck, deck))


def _row(g, viewer, owner, pos):
    """The stage row of ``owner``'s position ``pos`` in ``viewer``'s observation, by column name."""
    base = O.OBS_MY_STAGE if viewer == owner else O.OBS_OPP_STAGE
    obs = g.observe(viewer)
    return {c: float(obs[base + pos * O.STAGE_FEATURES + i]) for i, c in enumerate(O.STAGE_COLUMNS)}


def _granted(row):
    return {c: v for c, v in row.items() if c.startswith("granted_") and v}


def _act(g, text):
    for a in g.legal_actions():
        if g.describe_action(int(a)).startswith(text):
            g.step(int(a))
            return
    raise AssertionError(f"no action {text!r}: {[g.describe_action(int(a)) for a in g.legal_actions()]}")


def test_granted_columns_name_every_trigger_a_granted_ability_may_have():
    """One column per trigger the pool compiler lets a granted ability have, and one for Encore."""
    assert O.GRANTED_NAMES == [f"granted_{t}" for t in _Compiler.GRANTED_TRIGGERS] + ["granted_encore"]
    assert O.STAGE_COLUMNS[-len(O.GRANTED_NAMES):] == O.GRANTED_NAMES


def test_cr_3_1_3_an_ability_granted_until_end_of_turn_is_shown_in_both_views(pool):
    """Giver's "that character gets the following ability until end of turn. "[AUTO] When this
    card's battle opponent becomes [REVERSE], ..."": Elder's stage row shows
    ``granted_battle_opp_reversed`` in its master's view and in the opponent's; Giver's own row
    (a printed ability) shows nothing granted; the board names the granted ability."""
    sc = _scenario(pool)
    sc.put(0, ELDER, "stage", pos=0)
    sc.put(0, GIVER, "hand")
    g = sc.game()
    for viewer in (0, 1):
        assert _granted(_row(g, viewer, 0, 0)) == {}
    _act(g, "Play Giver to center right")
    if any(g.describe_action(int(a)).startswith("Choose") for a in g.legal_actions()):
        _act(g, "Choose own center left")
    for viewer in (0, 1):
        assert _granted(_row(g, viewer, 0, 0)) == {"granted_battle_opp_reversed": 1.0}
        assert _granted(_row(g, viewer, 0, 2)) == {}  # Giver: its ability is printed
    board = g.render()
    elder_line = next(x for x in board.splitlines() if "Elder" in x)
    assert "granted auto battle_opp_reversed: draw 1" in elder_line, board


def test_cr_3_1_3_an_ability_granted_by_a_cont_ability_is_shown_while_it_applies(pool):
    """Patron's "[CONT] All of your other characters get the following ability. "[AUTO] When this
    card attacks, ..."": Elder shows ``granted_attacks_self`` in both views; Patron does not (not
    "other"); the opponent's character does not."""
    sc = _scenario(pool)
    sc.put(0, ELDER, "stage", pos=0)
    sc.put(0, PATRON, "stage", pos=1)
    sc.put(1, SCOUT, "stage", pos=0)
    g = sc.game()
    for viewer in (0, 1):
        assert _granted(_row(g, viewer, 0, 0)) == {"granted_attacks_self": 1.0}
        assert _granted(_row(g, viewer, 0, 1)) == {}
        assert _granted(_row(g, viewer, 1, 0)) == {}


def test_cr_10_2_a_granted_encore_is_shown_on_the_opponents_characters(pool):
    """Sponsor's "[CONT] All of your opponent's characters get "[AUTO] Encore [(2)]"": the opponent's
    character shows ``granted_encore`` (and the trigger it has, put into the waiting room from the
    stage) in both views; Sponsor's own side has none."""
    sc = _scenario(pool)
    sc.put(0, SPONSOR, "stage", pos=0)
    sc.put(1, SCOUT, "stage", pos=1)
    g = sc.game()
    for viewer in (0, 1):
        assert _granted(_row(g, viewer, 1, 1)) == {"granted_encore": 1.0, "granted_to_wr_from_stage_self": 1.0}
        assert _granted(_row(g, viewer, 0, 0)) == {}
    assert "granted auto encore to_wr_from_stage_self" in g.render()


def test_a_granted_restriction_is_shown_in_the_restriction_columns(pool):
    """Warden's "[CONT] All of your other characters get the following ability. "[CONT] This card
    cannot side attack."" (the restriction itself): Elder's ``cant_side_attack`` in both views, and
    on the board."""
    sc = _scenario(pool)
    sc.put(0, ELDER, "stage", pos=0)
    sc.put(0, WARDEN, "stage", pos=1)
    g = sc.game()
    for viewer in (0, 1):
        assert _row(g, viewer, 0, 0)["cant_side_attack"] == 1.0
        assert _row(g, viewer, 0, 1)["cant_side_attack"] == 0.0
    assert int(g.state[S.D_RST + g.state[S.STAGE] * S.CARD_W]) & K.RESTRICT_CANT_SIDE
    elder_line = next(x for x in g.render().splitlines() if "Elder" in x)
    assert "cannot side attack" in elder_line


def test_cannot_become_reverse_is_the_restriction_column_cant_reverse(tmp_path):
    """"[CONT] This card cannot become [REVERSE]." (session 9's RESTRICT_CANT_REVERSE): public state
    of a stage character, the ``cant_reverse`` column in both views and "cannot become [REVERSE]" on
    the board; a character without it shows 0."""
    bastion = _rec("T/G01-016", "Bastion", ["【CONT】 This card cannot become 【REVERSE】."])
    p = tmp_path / "list.json"
    p.write_text(json.dumps([bastion, *RECORDS]))
    res = import_ws_json(p)
    assert not res.unsupported
    pool2 = compile_ws_pool(res.cards)
    deck = np.array([i for i in range(len(RECORDS) + 1) for _ in range(4)][:50], np.int32)
    sc = Scenario.main_phase(pool2, decks=(deck, deck))
    sc.put(0, 0, "stage", pos=0)  # Bastion
    sc.put(0, 1 + SCOUT, "stage", pos=1)
    g = sc.game()
    for viewer in (0, 1):
        assert _row(g, viewer, 0, 0)["cant_reverse"] == 1.0
        assert _row(g, viewer, 0, 1)["cant_reverse"] == 0.0
    line = next(x for x in g.render().splitlines() if "Bastion" in x)
    assert "cannot become [REVERSE]" in line


def test_cannot_be_returned_to_hand_or_put_into_memory_are_restriction_columns_v5(tmp_path):
    """CR 3.1.3: "[CONT] This card cannot be returned to hand or put into memory." is public state of a stage
    character like every restriction (weiss_schwarz_v5: ``cant_return_to_hand``, ``cant_go_to_memory``), in
    both views; a character without it shows 0, and the other v5 columns stay 0."""
    guard = _rec("T/G01-017", "Guard", ["【CONT】 This card cannot be returned to hand or put into memory."])
    p = tmp_path / "list.json"
    p.write_text(json.dumps([guard, *RECORDS]))
    res = import_ws_json(p)
    assert not res.unsupported
    pool2 = compile_ws_pool(res.cards)
    deck = np.array([i for i in range(len(RECORDS) + 1) for _ in range(4)][:50], np.int32)
    sc = Scenario.main_phase(pool2, decks=(deck, deck))
    sc.put(0, 0, "stage", pos=0)  # Guard
    sc.put(0, 1 + SCOUT, "stage", pos=1)
    g = sc.game()
    for viewer in (0, 1):
        guard_row, scout_row = _row(g, viewer, 0, 0), _row(g, viewer, 0, 1)
        assert guard_row["cant_return_to_hand"] == 1.0 and guard_row["cant_go_to_memory"] == 1.0
        assert scout_row["cant_return_to_hand"] == 0.0 and scout_row["cant_go_to_memory"] == 0.0
        assert guard_row["cant_deal_damage_to_player"] == 0.0 and guard_row["locks_your_events"] == 0.0
