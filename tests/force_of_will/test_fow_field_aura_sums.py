"""The fields' continuous abilities read once per decision (``characteristics.field_aura_sums``,
the observation's ``field_aura_rows``) and the rule processes' one reading of DEF and keywords
(``rule_processes.doomed``) compute what reading each card on its own computes (CR 904, 909:
every continuous ability applies to every card it names; CR 1204: a J/resonator whose damage
reaches its DEF is destroyed), at every decision of random games of a pool imported from a real
card list (the fow-sim list: auras with conditions, "for each" counts, keywords, restrictions),
whose fields hold many cards. Skipped without ``../shared``."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from numba import njit

from tcg_env.engine.batch import pick_uniform
from tcg_env.engine.header import H_DECIDER, H_DONE
from tcg_env.engine.tables import card_table
from tcg_env.engine.zones import zone_offsets
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from tcg_env.games.force_of_will.characteristics import (
    AURA_ALL, atk_of, aura_sums, continuous_in_field, def_of, field_aura_sums, is_j_resonator,
    keywords_of, restrictions_of
)
from tcg_env.games.force_of_will.kernels import apply_unchecked, legal_mask_row
from tcg_env.games.force_of_will.observation import (
    B_FIELD, B_OPP_FIELD, B_RULERS, CARD_ROW_W, DYN_ATK, DYN_CANT_ATTACK, DYN_CANT_BE_ATTACKED, DYN_CANT_BE_BLOCKED,
    DYN_CANT_BLOCK, DYN_CANT_RECOVER, DYN_DEF, KW_COL, N_KEYWORDS, OBS_SIZE, observe_into, observe_row
)
from tcg_env.games.force_of_will.rule_processes import SWEEP_DAMAGE, doomed

RULES = K.RULES
_DATA = Path(__file__).resolve().parents[2].parent / "shared" / "carddata" / "force_of_will"
_SIM = _DATA / "antlebel2_fow-sim__cards.json"
EVERY_SOURCE = -1  # continuous_in_field's mask with every bit set: every field card read as a source
RST_COLS = ((K.RESTRICT_CANT_ATTACK, DYN_CANT_ATTACK), (K.RESTRICT_CANT_BLOCK, DYN_CANT_BLOCK),
            (K.RESTRICT_CANT_RECOVER, DYN_CANT_RECOVER), (K.RESTRICT_CANT_BE_BLOCKED, DYN_CANT_BE_BLOCKED),
            (K.RESTRICT_CANT_BE_ATTACKED, DYN_CANT_BE_ATTACKED))


@njit
def _row_mismatches(obs, o, s, T, slot):
    """The row at ``o`` against ``slot``'s values read card by card (``atk_of`` ... each a reading
    of the fields' continuous abilities of its own): the count of columns that differ."""
    d = o + K.CARD_OBS_FEATURES
    bad = 0
    if obs[d + DYN_ATK] != np.float32(atk_of(RULES, s, T, slot) / 1000.0):
        bad += 1
    if obs[d + DYN_DEF] != np.float32(def_of(RULES, s, T, slot) / 1000.0):
        bad += 1
    kw = keywords_of(RULES, s, T, slot)
    for b in range(N_KEYWORDS):
        if obs[o + KW_COL + b] != (kw >> b) & 1:
            bad += 1
    rst = restrictions_of(RULES, s, T, slot)
    for k in range(s[S.SHIELD_N]):  # "<targets> don't recover ... as long as this card is in the field" (Op.LOCK_RECOVER):
        e = S.SHIELDS + k * S.SHIELD_W  # a NO_RECOVER shield on the card, not a restriction bit; the row shows it alike
        if s[e + S.SH_SLOT] == slot and s[e + S.SH_KIND] == K.Shield.NO_RECOVER:
            rst |= K.RESTRICT_CANT_RECOVER
    for bit, col in RST_COLS:
        if obs[d + col] != (1.0 if (rst & bit) != 0 else 0.0):
            bad += 1
    return bad


@njit
def _check(s, T, obs, fresh, mask, rng, decisions):
    """Random play from row ``s``; counts (decisions, with a continuous ability in a field, field
    sums that differ from aura_sums, observation rows that differ from the card-by-card values,
    sweeps that differ, observations written over the previous one that differ)."""
    out = np.zeros(6, np.int64)
    for t in range(decisions):
        if s[H_DONE] != 0:
            break
        n_legal = legal_mask_row(RULES, s, T, mask)
        p = np.int64(s[H_DECIDER])
        observe_into(RULES, s, T, p, obs, t > 0)
        observe_row(RULES, s, T, p, fresh)
        cont = continuous_in_field(s, T)
        out[0] += 1
        out[1] += cont != 0
        n0_off, l0_off = zone_offsets(S.ZT, K.Zone.FIELD, 0)
        n1_off, l1_off = zone_offsets(S.ZT, K.Zone.FIELD, 1)
        n0 = s[n0_off]
        n = n0 + s[n1_off]
        for srcs in (cont, EVERY_SOURCE):
            sums = np.zeros(4 * n + 4, np.int64)
            field_aura_sums(RULES, s, T, AURA_ALL, srcs, sums)
            for q in range(n):
                slot = s[l0_off + q] if q < n0 else s[l1_off + q - n0]
                a, d, kw, rst = aura_sums(RULES, s, T, slot, AURA_ALL, srcs)
                if sums[4 * q] != a or sums[4 * q + 1] != d or sums[4 * q + 2] != kw or sums[4 * q + 3] != rst:
                    out[2] += 1
        for q in range(2):
            n_off, l_off = zone_offsets(S.ZT, K.Zone.FIELD, p if q == 0 else 1 - p)
            base = B_FIELD if q == 0 else B_OPP_FIELD
            for i in range(min(s[n_off], K.FIELD_SLOTS)):
                out[3] += _row_mismatches(fresh, base + i * CARD_ROW_W, s, T, s[l_off + i]) != 0
            ruler = (p if q == 0 else 1 - p) * K.PLAYER_SLOTS + K.RULER_SLOT
            if s[S.CARD + ruler * S.CARD_W] >= 0 and s[S.ZONE + ruler * S.CARD_W] == K.Zone.FIELD:
                out[3] += _row_mismatches(fresh, B_RULERS + q * CARD_ROW_W, s, T, ruler) != 0
            for i in range(s[n_off]):
                slot = s[l_off + i]
                # CR 1204.1 / 1204.2 read as the rules' definitions read them (keywords_of, def_of)
                ref = is_j_resonator(RULES, s, T, slot) and (keywords_of(RULES, s, T, slot) & K.KW_ETERNAL) == 0 and (
                    def_of(RULES, s, T, slot) <= 0 or s[S.DAMAGE + slot * S.CARD_W] >= def_of(RULES, s, T, slot))
                if doomed(RULES, s, T, slot, SWEEP_DAMAGE, cont) != ref:
                    out[4] += 1
        for j in range(OBS_SIZE):
            if obs[j] != fresh[j]:
                out[5] += 1
                break
        apply_unchecked(RULES, s, T, np.int64(pick_uniform(mask, n_legal, rng)))
    return out


def test_cr_909_field_sums_read_once_equal_each_cards_own_reading_in_imported_pool_games():
    if not _SIM.is_file():
        pytest.skip(f"card data not available: {_SIM}")
    import tcg_env
    from tcg_env.cards.deck_like import deck_like_named
    from tcg_env.cards.errors import DeckError
    from tests.shared_carddata import imported_pool

    game = "force_of_will"
    pool = imported_pool(game, _SIM.parent.name, _SIM.name)  # shared by the process's tests (not changed here)
    # cards with a continuous ability first: which cards compile whole changes as the compiler
    # grows, and the decks of "whole text first" alone came to hold too few to test anything
    cont = card_table(pool.kernel_tables)[:, K.C_HAS_CONT] != 0
    decks = []
    for i, like in enumerate(tcg_env.get_spec(game).default_decks()):
        try:
            decks.append(deck_like_named(game, pool, like, seed=i, prefer=lambda c: bool(cont[c]))[1])
        except DeckError:
            decks.append(deck_like_named(game, pool, None, seed=i, prefer=lambda c: bool(cont[c]))[1])
    batch = 16
    bg = tcg_env.make_batch(game, batch, decks=decks, seed=3, pool=pool)
    rng = bg.spec.kernels.seed_agent_rng(batch, 11)
    mask = np.zeros(K.NUM_ACTIONS, np.int8)
    totals = np.zeros(6, np.int64)
    for b in range(batch):
        obs = np.zeros(OBS_SIZE, np.float32)
        fresh = np.full(OBS_SIZE, np.nan, np.float32)  # observe_row writes every column
        totals += _check(bg.states[b], bg._T, obs, fresh, mask, rng[b], 2000)
    decisions, with_auras, sums_bad, rows_bad, sweep_bad, over_bad = totals
    assert decisions >= 8000 and with_auras >= 500, totals  # fields with a continuous ability: ~5% of decisions
    assert sums_bad == 0 and rows_bad == 0 and sweep_bad == 0 and over_bad == 0, totals
