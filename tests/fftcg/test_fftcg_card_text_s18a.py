"""FF-TCG card text, session 18 (branch s18-ffa): modal abilities whose selected actions together fill more target
registers than there are ("Select up to 2 of the 4 following actions." with an action that chooses in each: a copy of
an action for each register offset the actions selected before it may leave, MODE a1 / a2, effects.mode_row_sel).
Made-up lines played in small games (the mini-pool helpers of the session 13 module)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tcg_env.games.fftcg.card_text import compile_card_lines
from tests.fftcg.fftcg_helpers import card_record, do, import_mini, slot_of
from tests.fftcg.test_fftcg_card_text_s13 import _game, _resolve

SUMMON = {"name": "Quad", "type": "summon", "element": "lightning", "cost": 2}
QUAD = ['Select up to 2 of the 4 following actions.', '"Choose 1 Forward opponent controls. Deal it 2000 damage."',
        '"Choose 1 Forward opponent controls. Dull it."', '"Choose 1 Forward opponent controls. Deal it 3000 damage."',
        '"Draw 1 card."']


def _records():
    rec = card_record("Q", "lightning")
    recs = [rec(1, "Quad", "summon", 2, 0, "", "[[br]]".join(QUAD))]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(4)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 9000, "Soldier", "") for i in range(12)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff18a", _records())


BACKUPS = ("Q-020", "Q-021", "Q-022", "Q-023")


def _state(g, number):
    slot = slot_of(g, number, K.Zone.FIELD, 1)
    return int(g.state[S.DMG + slot * S.CARD_W]), int(g.state[S.DULL + slot * S.CARD_W])


# ---- modal abilities: more registers than two over the actions (CR 11.3.3: each selected action's targets) -------
def test_modal_up_to_two_of_four_targeting_actions_compiles_exact():
    res = compile_card_lines(QUAD, SUMMON)
    assert [r.verdict for r in res] == [Verdict.EXACT] * 5
    eff = res[0].abilities[0]["effect"]
    modes = [op for op in eff if op["op"] == "mode"]
    # action 1 at register 0 only (nothing before it); actions 2 and 3 at 0 or 1; the draw fills none: one copy
    assert [op.get("offset", 0) for op in modes] == [0, 0, 1, 0, 1, 0]
    assert [op["reg"] for op in eff if op["op"] == "choose"] == [0, 0, 1, 0, 1]


@pytest.mark.parametrize("picks, expect", [
    (("Select action 2", "Select action 3"), {"Q-040": (0, 1), "Q-041": (3000, 0)}),
    (("Select action 1", "Select action 3"), {"Q-040": (2000, 0), "Q-041": (3000, 0)}),
    (("Select action 1", "Select action 2"), {"Q-040": (2000, 0), "Q-041": (0, 1)}),
])
def test_modal_each_selected_action_acts_on_its_own_target_CR_11_3_3(mini, picks, expect):
    g = _game(mini, hand=("Q-001",), backups=BACKUPS, theirs=("Q-040", "Q-041"))
    do(g, "Cast Quad")
    for k in range(1, 5):
        if g.decision != K.Decision.OPTIONAL_EFFECT:
            break
        do(g, f"Select action {k}") if f"Select action {k}" in picks else g.step(K.PASS)
    # the first selected action's target, then the second's
    assert g.decision == K.Decision.CHOOSE_TARGET
    do(g, "Choose opponent's Filler 0")
    assert g.decision == K.Decision.CHOOSE_TARGET
    do(g, "Choose opponent's Filler 1")
    _resolve(g)
    assert {n: _state(g, n) for n in expect} == expect
