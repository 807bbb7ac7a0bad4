"""The refresh of derived values (CR 8.9) tests a CONT filter's side and "this card" relation
itself before calling filter_match (characteristics.apply_cont): at every decision of random games (the
starter decks and the hand-built test pool), it writes the derived values of the reference below,
which calls filter_match for every stage card as the code before that shortcut did."""

import numpy as np
from numba import njit
from ws_tables import basic_deck, basic_pool

import tcg_env
from tcg_env.engine.batch import pick_uniform
from tcg_env.engine.header import H_DONE
from tcg_env.engine.tables import ability_table, card_table, code_table
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.constants import RULES
from tcg_env.games.weiss_schwarz.characteristics import refresh_derived
from tcg_env.games.weiss_schwarz.filters import condition_holds, filter_match
from tcg_env.games.weiss_schwarz.kernels import apply_unchecked, legal_mask_row
from tcg_env.games.weiss_schwarz.zones import cid_of, stage_slot
from tcg_env.games.weiss_schwarz.state import (
    CARD_W, CLOCK_L, CLOCK_N, CX_L, CX_N, D_KW, D_LEVEL, D_POWER, D_RST, D_SOUL, KWMOD, KWMOD_LONG, LMOD, MEMORY_L, MEMORY_N,
    PMOD, PMOD_LONG, RSTMOD, RSTMOD_LONG, SMOD,
)

NPOS = K.N_POSITIONS
MAX_DECK = K.MAX_DECK


@njit
def _apply_cont_ref(game, s, T, src, p, zone):
    cards = card_table(T)
    A = ability_table(T)
    code = code_table(T)
    cid = cid_of(s, src)
    a0 = cards[cid, K.C_ABIL_START]
    for ai in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
        if A[ai, K.A_KIND] != K.AbilityKind.CONT or A[ai, K.A_ZONE] != zone:
            continue
        if not condition_holds(game, s, T, A[ai, K.A_COND], A[ai, K.A_COND_ARG], p, src):
            continue
        c0 = A[ai, K.A_CODE_START]
        for r in range(c0, c0 + A[ai, K.A_CODE_LEN]):
            op = code[r, K.I_OP]
            v = code[r, K.I_A0]
            frow = code[r, K.I_A1]
            if op < 70 or op > 75:
                continue
            if op == 75:
                cnt = 0
                for q in range(2):
                    for pos in range(NPOS):
                        sl = stage_slot(s, q, pos)
                        if sl >= 0 and filter_match(game, s, T, code[r, K.I_A2], sl, p, src):
                            cnt += 1
                v = v * cnt
            for q in range(2):
                for pos in range(NPOS):
                    sl = stage_slot(s, q, pos)
                    if sl < 0 or not filter_match(game, s, T, frow, sl, p, src):
                        continue
                    b = sl * CARD_W
                    if op == 70 or op == 75:
                        s[D_POWER + b] += v
                    elif op == 71:
                        s[D_SOUL + b] += v
                    elif op == 72:
                        s[D_LEVEL + b] += v
                    elif op == 73:
                        s[D_KW + b] |= v
                    elif op == 74:
                        s[D_RST + b] |= v


@njit
def _refresh_ref(game, s, T):
    cards = card_table(T)
    for p in range(2):
        for pos in range(NPOS):
            sl = stage_slot(s, p, pos)
            if sl < 0:
                continue
            b = sl * CARD_W
            c = cid_of(s, sl)
            s[D_POWER + b] = cards[c, K.C_POWER] + s[PMOD + b] + s[PMOD_LONG + b]
            s[D_SOUL + b] = cards[c, K.C_SOUL] + s[SMOD + b]
            s[D_LEVEL + b] = cards[c, K.C_LEVEL] + s[LMOD + b]
            s[D_KW + b] = cards[c, K.C_KEYWORDS] | s[KWMOD + b] | s[KWMOD_LONG + b]
            s[D_RST + b] = s[RSTMOD + b] | s[RSTMOD_LONG + b]
    for p in range(2):
        for pos in range(NPOS):
            sl = stage_slot(s, p, pos)
            if sl >= 0 and cards[cid_of(s, sl), K.C_HAS_CONT] != 0:
                _apply_cont_ref(game, s, T, sl, p, 0)
        if s[CX_N + p] > 0:
            cx = s[CX_L + p * MAX_DECK + s[CX_N + p] - 1]
            if cards[cid_of(s, cx), K.C_HAS_CONT] != 0:
                _apply_cont_ref(game, s, T, cx, p, 0)
        nc = s[CLOCK_N + p]
        if nc > 0:
            top = s[CLOCK_L + p * MAX_DECK + nc - 1]
            if cards[cid_of(s, top), K.C_HAS_CONT] != 0:
                _apply_cont_ref(game, s, T, top, p, K.AbilityZone.CLOCK_TOP)
        for i in range(s[MEMORY_N + p]):
            mm = s[MEMORY_L + p * MAX_DECK + i]
            if cards[cid_of(s, mm), K.C_HAS_CONT] != 0:
                _apply_cont_ref(game, s, T, mm, p, K.AbilityZone.MEMORY)


@njit
def _check(game, states, T, masks, rng, max_decisions):
    decisions = 0
    mismatches = 0
    for b in range(states.shape[0]):
        s = states[b]
        for _ in range(max_decisions):
            if s[H_DONE] != 0:
                break
            a = s.copy()
            r = s.copy()
            refresh_derived(game, a, T)
            _refresh_ref(game, r, T)
            for k in range(s.shape[0]):
                if a[k] != r[k]:
                    mismatches += 1
                    break
            decisions += 1
            n_legal = legal_mask_row(game, s, T, masks[b])
            apply_unchecked(game, s, T, np.int64(pick_uniform(masks[b], n_legal, rng[b])))
    return decisions, mismatches


def test_cr_8_9_the_derived_values_equal_those_of_filter_match_on_every_stage_card():
    pool = basic_pool()
    deck = basic_deck(pool)
    for batch in (tcg_env.make_batch("weiss_schwarz", 16, seed=21),
                  tcg_env.make_batch("weiss_schwarz", 16, decks=(deck, deck), seed=22, pool=pool)):
        rng = batch.spec.kernels.seed_agent_rng(16, 9)
        decisions, mismatches = _check(RULES, batch.states, batch._T, batch.masks, rng, 3000)
        assert decisions > 16 * 100
        assert mismatches == 0
