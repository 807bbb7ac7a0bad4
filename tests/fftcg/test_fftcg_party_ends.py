"""CR 15.1.1.9.1 / 10.1.2: a party is an attack, and it ends with that attack. What field abilities give "the Forwards
forming a party with ~" or "attacking" Forwards (Condition.SELF_IN_PARTY, filter state ATTACKING) is gone when the
next attack is declared: the kernels' shortcut for a pass that ends the damage step (kernels.py, PRIORITY: step_end
empties the attackers, CR 10.1.4.5) refreshes the derived values when an attack ended there. Before, a Forward kept
the First Strike of its party at the next declaration, in its derived values and its observation (found by
test_fftcg_derived_kept's imported-pool games)."""

from __future__ import annotations

import numpy as np
import pytest

from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tcg_env.games.fftcg.characteristics import refresh_derived
from tests.fftcg.fftcg_helpers import card_record, import_mini, slot_of
from tests.fftcg.test_fftcg_card_text_s19b import _battle, _declare, _to_attack


def _records():
    rec = card_record("P", "wind")  # the s19b helpers' Backups are P-020 ..
    recs = [rec(1, "Banner", "forward", 2, 5000, "Soldier", "The Forwards forming a party with Banner gain First Strike."),
            rec(2, "Runner", "forward", 2, 5000, "Soldier", ""),
            rec(3, "Idle", "forward", 2, 5000, "Soldier", ""),
            rec(4, "Cheer", "backup", 2, 0, "Herald", "The attacking Forwards you control gain Haste.")]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(4)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 9000, "Soldier", "") for i in range(12)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ffparty", _records())


def _kw(g, number):
    return int(g.state[S.D_KW + slot_of(g, number) * S.CARD_W])


def _fresh(g):
    row = np.array(g.state)
    row[S.DERIVED_CLEAN] = 0
    row[S.FA_HEAD + S.FA_FIELD_N] = -1
    refresh_derived(K.RULES, row, g.pool.kernel_tables)
    return row


def test_a_partys_first_strike_ends_with_its_attack_CR_15_1_1_9_1(mini):
    g = _to_attack(mini, mine=("P-001", "P-002", "P-003"), theirs=("P-040",))
    _declare(g, "Banner", "Runner")
    while g.decision != K.Decision.DECLARE_BLOCK:
        g.step(K.PASS)
    assert _kw(g, "P-002") & K.KW_FIRST_STRIKE  # forming a party with Banner
    _battle(g)
    assert g.decision == K.Decision.DECLARE_ATTACK and int(g.state[S.PHASE]) == K.Phase.ATTACK
    assert not _kw(g, "P-002") & K.KW_FIRST_STRIKE  # the party's attack is over
    fresh = _fresh(g)
    np.testing.assert_array_equal(np.asarray(g.state)[S.D_KW: S.D_KW + K.N_SLOTS * S.CARD_W: S.CARD_W],
                                  fresh[S.D_KW: S.D_KW + K.N_SLOTS * S.CARD_W: S.CARD_W])


def test_what_attacking_forwards_gain_ends_with_the_attack_CR_10_1_2(mini):
    g = _to_attack(mini, mine=("P-004", "P-002", "P-003"), theirs=("P-040",))
    _declare(g, "Runner")
    while g.decision != K.Decision.DECLARE_BLOCK:
        g.step(K.PASS)
    assert _kw(g, "P-002") & K.KW_HASTE  # attacking
    _battle(g)
    assert g.decision == K.Decision.DECLARE_ATTACK
    assert not _kw(g, "P-002") & K.KW_HASTE
