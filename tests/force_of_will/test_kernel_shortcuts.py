"""The kernels' shortcuts compute what the rules' definitions compute, at every decision of random
games whose decks are full of continuous abilities (CR 904 / 909: an aura with a filter, an
addition's aura and keyword, a cost reduction), [Eternal], [Barrier] and [Bloodlust] cards, where random
play with the starter decks rarely has one in a field:

* the observation's ATK / DEF columns are the cards' current values (``characteristics.atk_of`` /
  ``def_of``), whether written in full or over the previous observation;
* the rule processes skip their sweeps only when neither would move a card (CR 1201.1, 1204,
  1206 / 1406.4a);
* ``filter_match`` reads [Barrier] last and accepts exactly what the full read accepts (CR 1120.2);
* [Bloodlust] is read from the cards' current keywords (CR 712.2, 1123.2).
"""

import numpy as np
from numba import config, njit

from fow_tables import Row, basic_pool
from tcg_env.engine.batch import pick_uniform
from tcg_env.engine.header import H_DECIDER, H_DONE
from tcg_env.engine.tables import card_table, filter_table
from tcg_env.engine.zones import zone_offsets
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from tcg_env.games.force_of_will.battle import can_attack, must_attack_exists
from tcg_env.games.force_of_will.characteristics import atk_of, def_of, has_keyword, keywords_of
from tcg_env.games.force_of_will.filters import filter_core, filter_match
from tcg_env.games.force_of_will.kernels import apply_unchecked, legal_mask_row
from tcg_env.games.force_of_will.observation import (
    B_FIELD, B_OPP_FIELD, CARD_ROW_W, DYN_ATK, DYN_DEF, OBS_SIZE, observe_into, observe_row
)
from tcg_env.games.force_of_will.rule_processes import SWEEP_ADDITIONS, SWEEP_DAMAGE, doomed, sweep_needed

CT = K.CardType
RULES = K.RULES  # the game's tag: the kernels take it first (docs/architecture.md, "Rules variants")
DECISIONS = 3000 if config.DISABLE_JIT else 6000
# characteristics.continuous_in_field's mask with every bit set: every card in the fields is read
# for its continuous abilities, whichever the shortcut would skip
EVERY_SOURCE = -1


def aura_pool():
    P = basic_pool()
    P.card("Light Stone", CT.MAGIC_STONE, will=(int(K.Attribute.LIGHT), -1), basic=1)
    P.card("Warden", attr=1 << K.Attribute.FIRE, cost=(K.Attribute.FIRE,), atk=400, defense=400, keywords=K.KW_BARRIER)
    return P


def aura_deck(P):
    ids = P.ids
    main = [ids[n] for n in ("Imp", "Knight", "Banner", "Sword", "Mentor", "Golem", "Berserker", "Warden", "Rally",
                             "Fire Bolt")] * 4
    stones = [ids["Fire Stone"]] * 4 + [ids["Light Stone"]] * 4 + [ids["Dual Stone"]] * 2
    return np.array([ids["Flame Ruler"]] + main + stones, np.int32)


@njit
def _field_atk_def_mismatches(s, T, p, obs):
    """Rows of both field blocks whose ATK / DEF columns are not the card's current values."""
    bad = 0
    for q in range(2):
        n_off, l_off = zone_offsets(S.ZT, K.Zone.FIELD, p if q == 0 else 1 - p)
        base = B_FIELD if q == 0 else B_OPP_FIELD
        for i in range(min(s[n_off], K.FIELD_SLOTS)):
            slot = s[l_off + i]
            d = base + i * CARD_ROW_W + K.CARD_OBS_FEATURES
            if obs[d + DYN_ATK] != np.float32(atk_of(RULES, s, T, slot) / 1000.0):
                bad += 1
            if obs[d + DYN_DEF] != np.float32(def_of(RULES, s, T, slot) / 1000.0):
                bad += 1
    return bad


@njit
def _sweep_reference(s, T):
    """Would either rule process move a card (every card read with its continuous abilities)?"""
    for p in range(2):
        n_off, l_off = zone_offsets(S.ZT, K.Zone.FIELD, p)
        for i in range(s[n_off]):
            slot = s[l_off + i]
            if doomed(RULES, s, T, slot, SWEEP_DAMAGE, EVERY_SOURCE) or doomed(RULES, s, T, slot, SWEEP_ADDITIONS, EVERY_SOURCE):
                return True
    return False


@njit
def _filter_mismatches(s, T):
    """filter_match against filter_core given the card's full keywords, for every filter row, card
    and viewer."""
    bad = 0
    for frow in range(filter_table(T).shape[0]):
        f = filter_table(T)[frow]
        for slot in range(K.N_SLOTS):
            w = slot * S.CARD_W
            if s[S.CARD + w] < 0:
                continue
            on_field = s[S.ZONE + w] == K.Zone.FIELD
            atk = card_table(T)[s[S.CARD + w], K.C_ATK]  # printed, unless the filter bounds ATK
            if on_field and (f[K.F_ATK_MIN] >= 0 or f[K.F_ATK_MAX] >= 0):
                atk = atk_of(RULES, s, T, slot)
            for viewer in range(2):
                kw = keywords_of(RULES, s, T, slot) if on_field and s[S.CONTROLLER + w] != viewer else 0
                if filter_match(RULES, s, T, frow, slot, viewer, -1) != filter_core(RULES, s, T, frow, slot, viewer, -1, atk, kw):
                    bad += 1
    return bad


@njit
def _bloodlust_reference(s, T, p):
    n_off, l_off = zone_offsets(S.ZT, K.Zone.FIELD, p)
    for i in range(s[n_off]):
        slot = s[l_off + i]
        if has_keyword(RULES, s, T, slot, K.KW_BLOODLUST) and can_attack(RULES, s, T, p, slot):
            return True
    return False


@njit
def _check(s, T, obs, fresh, mask, rng, decisions):
    """Random play from row ``s``; counts (decisions, with a card with a continuous ability in a
    field, observation mismatches, sweep mismatches, filter mismatches, [Bloodlust] mismatches)."""
    out = np.zeros(6, np.int64)
    for t in range(decisions):
        if s[H_DONE] != 0:
            break
        n_legal = legal_mask_row(RULES, s, T, mask)
        p = np.int64(s[H_DECIDER])
        observe_into(RULES, s, T, p, obs, t > 0)
        observe_row(RULES, s, T, p, fresh)
        cont = False
        for q in range(2):
            n_off, l_off = zone_offsets(S.ZT, K.Zone.FIELD, q)
            for i in range(s[n_off]):
                if card_table(T)[s[S.CARD + s[l_off + i] * S.CARD_W], K.C_HAS_CONT] != 0:
                    cont = True
        out[0] += 1
        out[1] += cont
        bad = _field_atk_def_mismatches(s, T, p, fresh)
        for j in range(OBS_SIZE):
            if obs[j] != fresh[j]:
                bad += 1
                break
        out[2] += bad
        if _sweep_reference(s, T) and not sweep_needed(RULES, s, T):
            out[3] += 1
        if t % 7 == 0:
            out[4] += _filter_mismatches(s, T)
        for q in range(2):
            if must_attack_exists(RULES, s, T, q) != _bloodlust_reference(s, T, q):
                out[5] += 1
        apply_unchecked(RULES, s, T, np.int64(pick_uniform(mask, n_legal, rng)))
    return out


def test_cr_909_1_shortcuts_read_the_cards_current_values_at_every_decision():
    P = aura_pool()
    deck = aura_deck(P)
    totals = np.zeros(6, np.int64)
    for seed in range(3):
        r = Row(P, deck, deck, seed=seed)
        rng = r.k.seed_agent_rng(1, seed)[0]
        obs = np.zeros(OBS_SIZE, np.float32)
        fresh = np.full(OBS_SIZE, np.nan, np.float32)  # observe_row writes every column
        totals += _check(r.s, r.T, obs, fresh, r.mask, rng, DECISIONS // 3)
    decisions, with_auras, obs_bad, sweep_bad, filter_bad, bloodlust_bad = totals
    assert decisions >= DECISIONS // 2 and with_auras >= decisions // 4, totals
    assert obs_bad == 0 and sweep_bad == 0 and filter_bad == 0 and bloodlust_bad == 0, totals
