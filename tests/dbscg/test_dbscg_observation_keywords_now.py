"""DBSCG observations show the keywords a card has now (dbscg_v1): printed, granted by an effect
(8-8-1-4) or by its own [Permanent] skills, including real cards' restrictions and permissions
("this card cannot be KO-ed in battle", "can attack Battle Cards in Active Mode", ...): a card in an
open area is public (3-1-3), so both players' observations show them. ``cost_now`` shows a hand
Battle Card's energy cost with its own "reduce the energy cost of this card in your hand" (2-11), in
its owner's observation only (the hand is secret, 3-3-3). The card list is made up."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest

from tcg_env.games.dbscg import observation as O
from tcg_env.games.dbscg import state as S
from tcg_env.games.dbscg.importer import import_dbscg_json
from test_dbscg_card_text import TEXT_CARDS, _img, _rec

GRANTER = _rec("TXT-090", "Barrier Granter", f"{_img('Auto')} When you play this card, choose up to 1 of your Battle "
                                             "Cards, and it gains [Barrier] for the duration of the turn.")


@lru_cache(maxsize=1)
def pool():
    """The starter pool, the card-text tests' TXT cards and a [Barrier] granter."""
    import tempfile

    from tcg_env.games.dbscg.cards import compile_dbscg_pool, load_dbscg_cards

    path = Path(tempfile.mkdtemp()) / "text_cards.json"
    path.write_text(json.dumps([*TEXT_CARDS, GRANTER]))
    res = import_dbscg_json(path)
    assert not res.errors and all(not c.uncompiled for c in res), [c.uncompiled for c in res]
    return compile_dbscg_pool(load_dbscg_cards() + res.cards)


def _sc():
    from dbscg_helpers import scenario

    return scenario(leaders=("DS1-060", "DS1-060"), pool=pool())


def _row(g, viewer, block, i):
    obs = g.observe(viewer)
    base = O.OBS[block].base + i * O.W
    return {c: float(obs[base + k]) for k, c in enumerate(O.CARD_COLUMNS)}


def _now(row):
    return {c for c in row if c.endswith("_now") and c not in ("power_now", "strike_now", "cost_now") and row[c]}


@pytest.mark.parametrize("number, column", [("TXT-021", "no_battle_ko_now"), ("TXT-022", "no_opp_skill_ko_now"),
                                            ("TXT-012", "attacks_active_now"), ("TXT-013", "no_battle_attack_now")])
def test_7_1_and_7_4_1_4_2_a_permanent_restriction_is_a_column_in_both_seats_views(number, column):
    """A Battle Card whose [Permanent] skill is "this card cannot be KO-ed in battle" (7-4-1-4-2), "can't
    be KO'd by your opponent's skills", "can attack Battle Cards in Active Mode" (7-1) or "cannot attack
    Battle Cards": its row in my field and in the opponent's view of it shows the column; a vanilla card
    shows none."""
    sc = _sc()
    sc.battle(0, [number, "TXT-017"])  # TXT-017: vanilla
    g = sc.game()
    for viewer, block in ((0, "my_field"), (1, "opp_field")):
        assert _now(_row(g, viewer, block, 1)) == {column}
        assert _now(_row(g, viewer, block, 2)) == set()


def test_8_8_1_4_a_keyword_granted_by_an_effect_is_shown_in_both_views():
    """"choose up to 1 of your Battle Cards, and it gains [Barrier] for the duration of the turn": after
    it resolves the chosen card's ``barrier_now`` is 1 in both views (the printed ``barrier`` stays 0)."""
    from dbscg_helpers import act, to_main

    from tcg_env.games.dbscg.constants import Decision

    sc = _sc()
    sc.battle(0, ["TXT-017"])
    sc.hand(0, ["TXT-090"])
    sc.energy(0, ["DS1-003", "DS1-003"])
    g = sc.game()
    assert _row(g, 1, "opp_field", 1)["barrier_now"] == 0.0
    act(g, "Play Barrier Granter")
    for _ in range(6):
        if g.decision == Decision.SELECT:
            act(g, "Choose Big Tester")
            break
        if g.decision == Decision.MAIN:
            break
        g.step(int(g.legal_actions()[0]))
    to_main(g)
    for viewer, block in ((0, "my_field"), (1, "opp_field")):
        row = _row(g, viewer, block, 1)
        assert row["barrier_now"] == 1.0 and row["barrier"] == 0.0


@pytest.mark.parametrize("multicolour, cost", [(True, 1), (False, 2)])
def test_2_11_cost_now_of_a_hand_card_with_its_own_reduction(multicolour, cost):
    """"If a multicolored card is in your energy, reduce the energy cost of this card in your hand by
    1" (a printed cost of 2): ``cost_now`` is 1 while the condition holds, 2 otherwise, in its owner's
    hand row; the opponent does not see the hand (3-3-3)."""
    sc = _sc()
    sc.hand(0, ["TXT-019"])
    sc.energy(0, ["TXT-020" if multicolour else "DS1-003"])
    g = sc.game()
    row = _row(g, 0, "hand", 0)
    assert row["present"] == 1.0 and row["cost"] == pytest.approx(0.2)
    assert row["cost_now"] == pytest.approx(cost / 10)
    assert _row(g, 1, "hand", 0)["present"] == 0.0


def test_10_11_a_once_per_turn_skill_used_this_turn_is_counted_in_both_views():
    """The starter pool's [Activate Main] [Once per Turn] skill, once activated: the card's
    ``once_per_turn_used`` is 1 in both views (0 before); the use was public."""
    from dbscg_helpers import act, to_main

    from tcg_env.games.dbscg.constants import A_KIND, A_ONCE, AbilityKind

    p = pool()
    once = [cid for cid in range(p.n_cards)
            if any(int(p.abilities[a, A_ONCE]) and int(p.abilities[a, A_KIND]) == AbilityKind.ACTIVATE_MAIN
                   for a in p.ability_rows(cid)) and p.models[cid].type == "battle"]
    assert once, "the pool has a Battle Card with an [Activate Main] [Once per Turn] skill"
    sc = _sc()
    slot = sc.battle(0, [p.numbers[once[0]]])[0]
    sc.energy(0, ["DS1-003"] * 6)
    g = sc.game()
    assert _row(g, 1, "opp_field", 1)["once_per_turn_used"] == 0.0
    act(g, f"Activate skill 1 of {p.names[once[0]]}")
    to_main(g)
    assert int(g.state[S.USED + slot * S.CARD_W]) != 0  # the engine marked it used
    for viewer, block in ((0, "my_field"), (1, "opp_field")):
        assert _row(g, viewer, block, 1)["once_per_turn_used"] == 1.0
