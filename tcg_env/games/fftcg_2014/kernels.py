"""FF-TCG 2014 rules as numba kernels: the legal actions and the row entries of this variant.

The rules kernels are FF-TCG's (``tcg_env.games.fftcg``, compiled for this variant's tag) with this
variant's replacements, by area of the 2014 comprehensive rules ("2014 CR"):

* ``zones``: entering and leaving the field with the Item, Junction and Overdrive words (7.4, 11.4.7,
  11.5.9); a draw from an empty deck loses through a rule process (12.4.2);
* ``rule_processes``: 12.4.1-12.4.10;
* ``filters``: the character an Item equips, and the conditions of Overdrive, Junction and Items;
* ``effects``: damage resolution (6.5: the 7th card's EX Burst) and the opcodes of Level UP,
  Assist, Awakening and Remove (15.2);
* ``priority``: Assist's choice (15.2.6.3);
* ``play``: Items, Formations, Monsters, the optional costs and the hand's Flash / Blue Magic (11);
* ``battle``: the party icon (15.2.8).

This file: ``legal_mask_row`` and ``apply_unchecked`` answer the questions this variant asks (the
``Ask`` of an OPTIONAL_EFFECT, CHOOSE_TARGET or DISCARD decision), and hand every other decision
to FF-TCG's (Level UP's and Awakening's same-name search is FF-TCG's
SEARCH, with a filter of the card's name the compiler writes).
"""

import numpy as np

from tcg_env.engine.decisions import end_game
from tcg_env.engine.header import H_DECIDER, H_DECISION, H_DONE, H_NUM_DECISIONS, WINNER_DRAW
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import card_table
from tcg_env.rules.choices import option_of, zone_card
from tcg_env.games.fftcg.kernels import apply_unchecked as base_apply_unchecked
from tcg_env.games.fftcg.kernels import legal_mask_row as base_legal_mask_row
from tcg_env.games.fftcg.kernels import setup_row as base_setup_row
from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014.constants import (FIELD_SLOTS, HAND_BASE, HAND_SLOTS, MAX_DECISIONS_PER_GAME, NUM_ACTIONS,
                                                OPTION_BASE, OWN_FIELD_BASE, PASS)
from tcg_env.games.fftcg_2014.state import (ASK, CARD, CARD_W, DEC_ARG, FIELD_L, FIELD_N, FIRST_PLAYER, FLOW, HAND_N, PHASE,
                                            PRIORITY_CLEAN, ZT)


@internal
def setup_row(game, s, deck0, deck1, T):
    """2014 CR 8.2.1.2: the first player is chosen at random (FF-TCG 2016 lets a player chosen at
    random choose, CR 8.2.1.2): the player FF-TCG's setup draws goes first."""
    base_setup_row(s, deck0, deck1, T)
    s[FIRST_PLAYER] = s[H_DECIDER]
    s[H_DECISION] = K.Decision.NONE
    s[H_DECIDER] = -1
    s[FLOW] = K.FL_START
    game.advance(s, T)


@internal
def legal_mask_row(game, s, T, out):
    if s[H_DONE] != 0 or s[ASK] == K.Ask.NONE:
        n = base_legal_mask_row(game, s, T, out)
        if s[H_DECISION] == K.Decision.PRIORITY and n > 0:
            n += hand_abilities_mask(game, s, T, s[H_DECIDER], out)
        return n
    for a in range(NUM_ACTIONS):
        out[a] = 0
    kind = s[H_DECISION]
    p = s[H_DECIDER]
    n = 0
    if kind == K.Decision.OPTIONAL_EFFECT:
        out[OPTION_BASE] = 1 if game.may_answer(s, T, p, 0) else 0
        out[PASS] = 1 if game.may_answer(s, T, p, -1) else 0
        n = out[OPTION_BASE] + out[PASS]
    elif kind == K.Decision.CHOOSE_TARGET:
        for i in range(s[FIELD_N + p]):
            if game.may_answer(s, T, p, s[FIELD_L + p * FIELD_SLOTS + i]):
                out[OWN_FIELD_BASE + i] = 1
                n += 1
        if s[ASK] == K.Ask.WAR_GOD and game.may_answer(s, T, p, -1):
            out[PASS] = 1
            n += 1
    elif kind == K.Decision.DISCARD:  # Junction: a Summon of the hand whose removal leaves the cost payable
        src = s[FIELD_L + p * FIELD_SLOTS + s[DEC_ARG + 1]]
        arow = card_table(T)[s[CARD + src * CARD_W], K.C_ACT0 + s[DEC_ARG + 2]]
        for i in range(min(s[HAND_N + p], HAND_SLOTS)):
            if game.junction_summon_ok(s, T, p, src, arow, zone_card(s, ZT, K.Zone.HAND, p, i)):
                out[HAND_BASE + i] = 1
                n += 1
    return n


@internal
def hand_abilities_mask(game, s, T, p, out):
    """The hand cards whose Flash / Blue Magic may be used now, added to the PRIORITY mask."""
    if s[PHASE] != K.Phase.MAIN1 and s[PHASE] != K.Phase.MAIN2 and s[PHASE] != K.Phase.ATTACK:
        return 0
    cards = card_table(T)
    n = 0
    counted = False
    nd, disc, nb, bk = 0, np.int64(0), 0, np.int64(0)
    for i in range(min(s[HAND_N + p], HAND_SLOTS)):
        slot = zone_card(s, ZT, K.Zone.HAND, p, i)
        if out[HAND_BASE + i] != 0 or cards[s[CARD + slot * CARD_W], K.C_HAND_ABILITY] < 0:
            continue
        if not counted:
            nd, disc, nb, bk = game.count_resources(s, T, p)
            counted = True
        if game.hand_ability_usable(s, T, p, slot, nd, disc, nb, bk):
            out[HAND_BASE + i] = 1
            n += 1
    return n


@internal
def apply_unchecked(game, s, T, a):
    kind = s[H_DECISION]
    if s[ASK] == K.Ask.NONE:
        base_apply_unchecked(game, s, T, a)
        return
    p = s[H_DECIDER]
    s[H_DECISION] = K.Decision.NONE
    s[H_DECIDER] = -1
    s[H_NUM_DECISIONS] += 1
    s[PRIORITY_CLEAN] = 0
    what = s[ASK]
    if what == K.Ask.JUNCTION:
        s[ASK] = K.Ask.NONE
        game.junction_summon(s, T, p, option_of(a, HAND_BASE))
    elif what == K.Ask.ASSIST:
        game.assist_answer(s, T, p, a != PASS)
    elif kind == K.Decision.CHOOSE_TARGET:
        game.answer(s, T, p, -1 if a == PASS else s[FIELD_L + p * FIELD_SLOTS + (a - OWN_FIELD_BASE)])
    else:
        game.answer(s, T, p, -1 if a == PASS else 0)
    if s[H_NUM_DECISIONS] >= MAX_DECISIONS_PER_GAME and s[H_DONE] == 0:
        end_game(s, WINNER_DRAW)  # 2014 CR 13.1 safety net (documented)
        return
    game.advance(s, T)
