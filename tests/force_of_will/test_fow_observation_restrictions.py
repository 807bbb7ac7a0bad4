"""Force of Will observations show the restrictions "cannot be blocked" (CR 804.3) and "cannot be
attacked" (CR 803.3b) of real cards (force_of_will_v3): a card in a field is public with everything
it has now (CR 302.2), so both players' observations show them, whatever gave them: the card's own
continuous ability, another card's continuous ability, or a one-time effect until end of turn. The
text board (``tcg play``) names them too."""

import json

import numpy as np
import pytest
from helpers import resolve_chant

from tcg_env.engine.zones import zone_list
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import observation as O
from tcg_env.games.force_of_will import state as S
from tcg_env.games.force_of_will.scenario import Scenario

COLUMNS = ("cant_be_blocked", "cant_be_attacked")


def _pool(tmp_path, cards):
    """The starter pool plus made-up cards imported from a fow-sim list (the importer's path)."""
    from tcg_env.games.force_of_will.cards import compile_force_of_will_pool, default_pool_path, load_force_of_will_cards
    from tcg_env.games.force_of_will.importer import import_force_of_will_json

    p = tmp_path / "sim.json"
    p.write_text(json.dumps({"fow": {"clusters": [{"sets": [{"code": "TXT", "cards": cards}]}]}}))
    res = import_force_of_will_json(p)
    assert all(r.verdict.value == "exact" for r in res.text_records), [(r.lines, r.verdict) for r in res.text_records]
    return compile_force_of_will_pool(list(load_force_of_will_cards(default_pool_path())) + list(res))


def _card(i, ctype, lines, **kw):
    base = {"id": f"TXT-00{i}", "name": f"Made-up Card {i}", "type": [ctype], "cost": "{R}", "colour": ["R"],
            "abilities": lines}
    if ctype == "Resonator":
        base.update(ATK=500, DEF=500)
    return {**base, **kw}


def _restrictions(g, viewer, owner, slot):
    """The two columns of ``slot`` (in ``owner``'s field) in ``viewer``'s observation."""
    names = O.OBS.column_names()
    block = "my_field" if viewer == owner else "opp_field"
    i = zone_list(np.asarray(g.state), S.ZONES, K.Zone.FIELD, owner).index(slot)
    obs = g.observe(viewer)
    return tuple(float(obs[names.index(f"{block}[{i}].{c}")]) for c in COLUMNS)


@pytest.mark.parametrize("text, want", [("This card cannot be blocked.", (1.0, 0.0)),
                                        ("This card cannot be attacked.", (0.0, 1.0))])
def test_cr_804_3_and_803_3b_a_printed_restriction_is_a_column_in_both_seats_views(tmp_path, text, want):
    """A resonator's own continuous ability ("This card cannot be blocked / attacked."): its row in its
    controller's ``my_field`` and in the opponent's ``opp_field`` shows it; a vanilla one shows neither;
    the text board names it."""
    pool = _pool(tmp_path, [_card(1, "Resonator", [text]), _card(2, "Resonator", [])])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    marked, plain = sc.put(0, "TXT-001", "field"), sc.put(0, "TXT-002", "field")
    g = sc.game()
    for viewer in (0, 1):
        assert _restrictions(g, viewer, 0, marked) == want
        assert _restrictions(g, viewer, 0, plain) == (0.0, 0.0)
    words = "cannot be blocked" if want[0] else "cannot be attacked"
    board = g.render()
    assert f"Made-up Card 1 [{words}, 500/500]" in board, board
    assert "Made-up Card 2 [500/500]" in board, board


def test_cr_804_3_another_cards_continuous_ability_is_shown_on_the_cards_it_applies_to(tmp_path):
    """"Resonators you control cannot be blocked." on an addition (CR 909: a continuous ability in the
    field): the resonators of its controller show ``cant_be_blocked`` in both views, the opponent's
    resonator does not."""
    pool = _pool(tmp_path, [_card(1, "Addition:Field", ["Resonators you control cannot be blocked."]),
                            _card(2, "Resonator", [])])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.put(0, "TXT-001", "field")
    mine, theirs = sc.put(0, "TXT-002", "field"), sc.put(1, "TXT-002", "field")
    g = sc.game()
    for viewer in (0, 1):
        assert _restrictions(g, viewer, 0, mine) == (1.0, 0.0)
        assert _restrictions(g, viewer, 1, theirs) == (0.0, 0.0)


@pytest.mark.parametrize("restriction, want", [("blocked", (1.0, 0.0)), ("attacked", (0.0, 1.0))])
def test_cr_804_3_and_803_3b_a_one_time_restriction_until_end_of_turn_is_shown(tmp_path, restriction, want):
    """A chant "Target resonator cannot be blocked / attacked until end of turn." (a one-time effect's
    restriction, CR 1010): after it resolves, the target's row shows it in both views; before, not."""
    chant = _card(9, "Chant", [f"Target resonator cannot be {restriction} until end of turn."])
    pool = _pool(tmp_path, [chant, _card(2, "Resonator", [])])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    stone = sc.put(0, "FOW1-079", "field")  # a fire magic stone
    (card,) = sc.hand(0, ["TXT-009"])
    target = sc.put(1, "TXT-002", "field")
    g = sc.game()
    assert _restrictions(g, 0, 1, target) == (0.0, 0.0)
    g.step(K.WILL_A_BASE + sc.zone(0, "field").index(stone))
    g.step(K.PLAY_HAND_BASE)
    resolve_chant(g, card)
    for viewer in (0, 1):
        assert _restrictions(g, viewer, 1, target) == want


def test_restriction_columns_are_in_every_card_row_block():
    """The two columns are card-row columns (every card block has them), after ``cant_recover``."""
    for block in ("hand", "my_field", "opp_field", "rulers", "chase", "candidates"):
        cols = O.OBS[block].columns
        assert cols[cols.index("cant_recover") + 1: cols.index("cant_recover") + 3] == COLUMNS
