"""FF-TCG rules as numba kernels over one int32 state row.

Reading guide
-------------
* ``advance`` runs the game by itself until a player must decide (the decision kind and the
  deciding player go into the header) or the game ends.
* ``legal_mask_row`` writes the exact legal actions of the pending decision;
  ``apply_unchecked`` performs one legal action and calls ``advance`` (the shared core,
  ``tcg_env.engine.rows``, checks actions, resets rows and batches them through ``hooks.py``).
* Effects are small programs (``constants.Op``) run by an interpreter over *frames* kept in the
  state, so an effect can stop on a choice and resume when the action arrives.
* ``T`` is always the compiled card pool's tables ``cards``, ``abilities``, ``filters``, ``code``
  packed into one array (``tcg_env.engine.tables``; read through ``card_table(T)`` ...). It is
  an argument, never a global, so the kernels compile once and cache for every card pool.

Comments cite the 2016 comprehensive rules as ``CR x.y``.
"""

import numpy as np
from numba import njit, prange

from tcg_env.engine.tables import ability_table, card_table, code_table, filter_table
from tcg_env.engine.jit import internal

from tcg_env.engine.header import (
    H_AUTO_SINGLE,
    H_DECIDER,
    H_DECISION,
    H_DONE,
    H_ERROR,
    H_NUM_DECISIONS,
    H_TURN,
    H_VARIANT,
    H_WINNER,
    WINNER_DRAW,
    WINNER_NONE,
)
from tcg_env.engine.rng import rng_below, rng_seed_one, shuffle_run
from tcg_env.engine.zones import zone_find, zone_pop_top, zone_push, zone_push_bottom, zone_remove, zone_remove_at
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import (
    ABILITY_BASE,
    FIELD_SLOTS,
    FRAME_MAX,
    HAND_BASE,
    HAND_LIMIT,
    HAND_SLOTS,
    KW_BRAVE,
    KW_FIRST_STRIKE,
    KW_HASTE,
    MAX_BACKUPS,
    MAX_DECISIONS_PER_GAME,
    MAX_DECK,
    N_SLOTS,
    NUM_ACTIONS,
    OPP_FIELD_BASE,
    OPTION_BASE,
    OPTION_SLOTS,
    OWN_FIELD_BASE,
    PASS,
    PENDING_TRIGGER_MAX,
    RESTRICT_CANT_ATTACK,
    RESTRICT_CANT_BLOCK,
    STACK_MAX,
    TARGET_MAX,
)
from tcg_env.games.fftcg.state import *  # noqa: F401,F403  (offsets)
from tcg_env.games.fftcg.state import (
    ASSIGN_DONE,
    ASSIGN_LEFT,
    ASSIGNED,
    ATK_L,
    ATK_N,
    ATTACKED,
    BLOCK_DECLARED,
    BLOCKER,
    BREAK_L,
    BREAK_N,
    BUILD_ENTRY,
    CAND,
    CAND_N,
    CARD,
    CONTROLLER,
    CTRL_TURN,
    D_COUNTS,
    D_KW,
    D_POWER,
    D_RST,
    DAMAGE_L,
    DAMAGE_N,
    DAMAGED_EMPTY,
    DEC_ARG,
    DECK_L,
    DECK_N,
    DMG,
    DREW_FROM_EMPTY,
    DSTAGE,
    DULL,
    E_ABIL,
    E_AUX,
    E_CARD,
    E_CTRL,
    E_KIND,
    E_REG,
    E_REGN,
    E_SLOT,
    ENTRY_W,
    FIELD_L,
    FIELD_N,
    FIRST_PLAYER,
    FLOW,
    FR_CNT,
    FR_LEFT,
    FR_MODE,
    FR_PC,
    FR_PLAYER,
    FR_PURPOSE,
    FRAME_N,
    FRAME_W,
    FRAMES,
    FROZEN,
    HAND_L,
    HAND_N,
    KW_EOT,
    KW_PERM,
    MARKS,
    MULLIGAN_STAGE,
    OWNER,
    PASSES,
    PAY_ABIL,
    PAY_COST,
    PAY_DISCARD_LEFT,
    PAY_ELEM,
    PAY_HAS_ELEM,
    PAY_KIND,
    PAY_NDISC,
    PAY_PAID,
    PAY_PLAYER,
    PAY_SAMENAME,
    PAY_SLOT,
    PHASE,
    PMOD_EOT,
    PMOD_PERM,
    PRIORITY_PLAYER,
    PT,
    PT_N,
    REMOVED_L,
    REMOVED_N,
    RST_EOT,
    RST_PERM,
    STACK,
    STACK_N,
    STATE_SIZE,
    STEP,
    TIMESTAMP,
    TURN_PLAYER,
    ZONE,
)

# Names are used directly: ``K.Zone.DECK``, ``K.Op.CHOOSE`` (numba folds IntEnum members and module
# ints into constants), the plain ints of ``constants`` imported by name above.

# flow points (state FLOW)
FL_NONE = 0
FL_START = 1  # after the first-player choice: opening hands (CR 8.2.1.3)
FL_MULLIGAN = 2
FL_BEGIN_TURN = 3
FL_PRIORITY = 4
FL_STEP_END = 5
FL_RESOLVE = 6
FL_AFTER_RESOLVE = 7
FL_DECLARE = 8
FL_BLOCK = 9
FL_DAMAGE_STEP = 10
FL_DAMAGE_DEAL = 11
FL_DAMAGE_DONE = 12
FL_END_HAND_LIMIT = 13
FL_END_CLEANUP = 14
FL_PAY = 15
FL_AFTER_TARGETS = 16
FL_AFTER_PLAY = 17

# payment kinds
PK_NONE = 0
PK_CHARACTER = 1
PK_SUMMON = 2
PK_ABILITY = 3

# stack entry kinds
EK_SUMMON = 1
EK_ABILITY = 2

# frame modes / purposes
M_TARGET = 0  # run the CHOOSE rows only (casting, putting an auto-ability on the stack)
M_EXEC = 1  # skip CHOOSE rows (targets chosen already) and run the effect rows
M_BOTH = 2  # choose and run at once (EX Burst, CR 11.10.2: players cannot respond)
M_DAMAGE = 3  # damage process to a player (CR 6.5)
P_CAST = 0
P_TRIGGER = 1
P_RESOLVE = 2
P_EX = 3
P_DAMAGE = 4

# damage-step stages
DS_BOTH = 0
DS_FIRST = 1  # only First Strike damage (CR 15.2.3.2)
DS_SECOND = 2

# apply() error codes


# =============================================================================================
# Small helpers
# =============================================================================================
@njit(cache=True, inline="always")
def card_of(s, slot):
    return s[CARD + slot * CARD_W]


@internal
def controls(s, player, slot):
    return s[ZONE + slot * CARD_W] == K.Zone.FIELD and s[CONTROLLER + slot * CARD_W] == player


@internal
def count_field_type(s, T, player, ctype):
    cards = card_table(T)
    n = 0
    for i in range(s[FIELD_N + player]):
        slot = s[FIELD_L + player * FIELD_SLOTS + i]
        if cards[s[CARD + slot * CARD_W], K.C_TYPE] == ctype:
            n += 1
    return n


@internal
def is_light_dark(cards, cid):
    e = cards[cid, K.C_ELEMENT]
    return e == K.Element.LIGHT or e == K.Element.DARK


@internal
def condition_holds(s, T, cond, arg, player, source):
    """Conditions of conditional abilities (CR 11.8.13), evaluated for ``player``."""
    if cond == K.Condition.NONE:
        return True
    if cond == K.Condition.DAMAGE_AT_LEAST:
        return s[DAMAGE_N + player] >= arg
    if cond == K.Condition.OPP_DAMAGE_AT_LEAST:
        return s[DAMAGE_N + 1 - player] >= arg
    if cond == K.Condition.BACKUPS_AT_LEAST:
        return count_field_type(s, T, player, K.CardType.BACKUP) >= arg
    if cond == K.Condition.FORWARDS_AT_LEAST:
        return count_field_type(s, T, player, K.CardType.FORWARD) >= arg
    if cond == K.Condition.OPP_FORWARDS_AT_LEAST:
        return count_field_type(s, T, 1 - player, K.CardType.FORWARD) >= arg
    if cond == K.Condition.HAND_AT_MOST:
        return s[HAND_N + player] <= arg
    if cond == K.Condition.JOB_ON_FIELD:
        cards = card_table(T)
        for i in range(s[FIELD_N + player]):
            slot = s[FIELD_L + player * FIELD_SLOTS + i]
            if slot != source and cards[s[CARD + slot * CARD_W], K.C_JOB] == arg:
                return True
        return False
    return False


@internal
def filter_match(s, T, frow, slot, viewer, source):
    """Does card ``slot`` match filter row ``frow`` seen by ``viewer`` (the ability's controller)?"""
    cards = card_table(T)
    filt = filter_table(T)
    cid = s[CARD + slot * CARD_W]
    if cid < 0:
        return False
    f = filt[frow]
    ctype = cards[cid, K.C_TYPE]
    tmask = f[K.F_TYPE_MASK]
    if tmask != 0 and (tmask & (1 << ctype)) == 0:
        return False
    zone = s[ZONE + slot * CARD_W]
    fz = f[K.F_ZONE]
    if fz == K.FilterZone.FIELD:
        if zone != K.Zone.FIELD:
            return False
    elif fz == K.FilterZone.DECK:
        if zone != K.Zone.DECK:
            return False
    elif fz == K.FilterZone.BREAK:
        if zone != K.Zone.BREAK:
            return False
    elif fz == K.FilterZone.HAND:
        if zone != K.Zone.HAND:
            return False
    side = f[K.F_SIDE]
    if side != K.Side.ANY:
        who = s[CONTROLLER + slot * CARD_W] if zone == K.Zone.FIELD else s[OWNER + slot * CARD_W]
        if side == K.Side.OWN and who != viewer:
            return False
        if side == K.Side.OPPONENT and who == viewer:
            return False
    em = f[K.F_ELEMENT_MASK]
    if em != 0 and (em & (1 << cards[cid, K.C_ELEMENT])) == 0:
        return False
    cost = cards[cid, K.C_COST]
    if f[K.F_COST_MIN] >= 0 and cost < f[K.F_COST_MIN]:
        return False
    if f[K.F_COST_MAX] >= 0 and cost > f[K.F_COST_MAX]:
        return False
    if f[K.F_POWER_MIN] >= 0 or f[K.F_POWER_MAX] >= 0:
        if ctype != K.CardType.FORWARD:
            return False
        power = s[D_POWER + slot * CARD_W] if zone == K.Zone.FIELD else cards[cid, K.C_POWER]
        if f[K.F_POWER_MIN] >= 0 and power < f[K.F_POWER_MIN]:
            return False
        if f[K.F_POWER_MAX] >= 0 and power > f[K.F_POWER_MAX]:
            return False
    if f[K.F_JOB] != 0 and cards[cid, K.C_JOB] != f[K.F_JOB]:
        return False
    if f[K.F_NAME] != 0 and cards[cid, K.C_NAME] != f[K.F_NAME]:
        return False
    if f[K.F_CATEGORY] != 0 and cards[cid, K.C_CATEGORY] != f[K.F_CATEGORY]:
        return False
    st = f[K.F_STATE]
    if st == K.CardState.ACTIVE and s[DULL + slot * CARD_W] != 0:
        return False
    if st == K.CardState.DULL and s[DULL + slot * CARD_W] == 0:
        return False
    if f[K.F_EXCLUDE_SELF] != 0 and slot == source:
        return False
    return True


# =============================================================================================
# Derived values: power, keywords and restrictions with field abilities applied (CR 11.9, 11.12.4)
# =============================================================================================
@njit(cache=True)
def refresh_derived(s, T):
    cards = card_table(T)
    abil = ability_table(T)
    code = code_table(T)
    n_field_abil = 0
    for p in range(2):
        nf = 0
        nb = 0
        for i in range(s[FIELD_N + p]):
            slot = s[FIELD_L + p * FIELD_SLOTS + i]
            cid = s[CARD + slot * CARD_W]
            ct = cards[cid, K.C_TYPE]
            if ct == K.CardType.FORWARD:
                nf += 1
            elif ct == K.CardType.BACKUP:
                nb += 1
            n_field_abil += cards[cid, K.C_HAS_FIELD] != 0
            s[D_POWER + slot * CARD_W] = cards[cid, K.C_POWER] + s[PMOD_EOT + slot * CARD_W] + s[PMOD_PERM + slot * CARD_W]
            s[D_KW + slot * CARD_W] = cards[cid, K.C_KEYWORDS] | s[KW_EOT + slot * CARD_W] | s[KW_PERM + slot * CARD_W]
            s[D_RST + slot * CARD_W] = s[RST_EOT + slot * CARD_W] | s[RST_PERM + slot * CARD_W]
        s[D_COUNTS + p * 3] = nf
        s[D_COUNTS + p * 3 + 1] = nb
        s[D_COUNTS + p * 3 + 2] = 0
    if n_field_abil == 0:
        return  # no field abilities on the field: the cards' own values are final
    # field abilities: applied after the card's own values (CR 11.12.4.6/7: power changes last)
    for p in range(2):
        for i in range(s[FIELD_N + p]):
            src = s[FIELD_L + p * FIELD_SLOTS + i]
            cid = s[CARD + src * CARD_W]
            if cards[cid, K.C_HAS_FIELD] == 0:
                continue
            a0 = cards[cid, K.C_ABIL_START]
            for a in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
                if abil[a, K.A_KIND] != K.AbilityKind.FIELD:
                    continue
                if not condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], p, src):
                    continue
                c0 = abil[a, K.A_CODE_START]
                for r in range(c0, c0 + abil[a, K.A_CODE_LEN]):
                    op = code[r, K.I_OP]
                    if op == K.Op.COST_REDUCTION:
                        s[D_COUNTS + p * 3 + 2] += 1
                    if op == K.Op.AURA_POWER or op == K.Op.AURA_KEYWORD or op == K.Op.AURA_RESTRICT:
                        frow = code[r, K.I_A1]
                        for q in range(2):
                            for j in range(s[FIELD_N + q]):
                                t = s[FIELD_L + q * FIELD_SLOTS + j]
                                if filter_match(s, T, frow, t, p, src):
                                    if op == K.Op.AURA_POWER:
                                        s[D_POWER + t * CARD_W] += code[r, K.I_A0]
                                    elif op == K.Op.AURA_KEYWORD:
                                        s[D_KW + t * CARD_W] |= code[r, K.I_A0]
                                    else:
                                        s[D_RST + t * CARD_W] |= code[r, K.I_A0]


@njit(cache=True)
def current_cost(s, T, player, slot):
    """Printed cost less the player's cost reductions, at least 1 (CR 5.2.1.2 asks one CP of the
    card's element, so a cost never drops to 0)."""
    cards = card_table(T)
    abil = ability_table(T)
    code = code_table(T)
    cid = s[CARD + slot * CARD_W]
    cost = cards[cid, K.C_COST]
    if s[D_COUNTS + player * 3 + 2] == 0:
        return cost  # no cost-reduction field ability active (derived values are fresh here)
    for i in range(s[FIELD_N + player]):
        src = s[FIELD_L + player * FIELD_SLOTS + i]
        scid = s[CARD + src * CARD_W]
        a0 = cards[scid, K.C_ABIL_START]
        for a in range(a0, a0 + cards[scid, K.C_ABIL_COUNT]):
            if abil[a, K.A_KIND] != K.AbilityKind.FIELD:
                continue
            if not condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], player, src):
                continue
            c0 = abil[a, K.A_CODE_START]
            for r in range(c0, c0 + abil[a, K.A_CODE_LEN]):
                if code[r, K.I_OP] == K.Op.COST_REDUCTION and filter_match(s, T, code[r, K.I_A1], slot, player, src):
                    cost -= code[r, K.I_A0]
    if cost < 1:
        cost = 1
    return cost


# =============================================================================================
# Triggers (CR 11.8)
# =============================================================================================
@internal
def add_pending(s, player, slot, arow, aux):
    n = s[PT_N + player]
    if n >= PENDING_TRIGGER_MAX:
        return  # capacity: further simultaneous triggers are dropped (documented)
    base = PT + (player * PENDING_TRIGGER_MAX + n) * 3
    s[base] = slot
    s[base + 1] = arow
    s[base + 2] = aux
    s[PT_N + player] = n + 1


@internal
def trigger_card(s, T, slot, controller, trig, aux):
    """Queue ``slot``'s auto-abilities with trigger ``trig`` (conditions checked now, CR 11.8.13)."""
    cards = card_table(T)
    abil = ability_table(T)
    cid = s[CARD + slot * CARD_W]
    a0 = cards[cid, K.C_ABIL_START]
    for a in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
        if abil[a, K.A_KIND] == K.AbilityKind.AUTO and abil[a, K.A_TRIGGER] == trig:
            if condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], controller, slot):
                add_pending(s, controller, slot, a, aux)


@internal
def trigger_field(s, T, player, trig, aux):
    """Queue the auto-abilities with trigger ``trig`` of every card ``player`` controls."""
    for i in range(s[FIELD_N + player]):
        slot = s[FIELD_L + player * FIELD_SLOTS + i]
        trigger_card(s, T, slot, player, trig, aux)


@internal
def trigger_enters(s, T, slot, player):
    """CR 11.8.16.2.1: after a card enters, every card on the field is checked."""
    cards = card_table(T)
    abil = ability_table(T)
    trigger_card(s, T, slot, player, K.Trigger.ENTERS_SELF, slot)
    for i in range(s[FIELD_N + player]):
        other = s[FIELD_L + player * FIELD_SLOTS + i]
        if other == slot:
            continue
        cid = s[CARD + other * CARD_W]
        a0 = cards[cid, K.C_ABIL_START]
        for a in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
            if abil[a, K.A_KIND] == K.AbilityKind.AUTO and abil[a, K.A_TRIGGER] == K.Trigger.ENTERS_OTHER:
                fr = abil[a, K.A_TRIG_FILTER]
                if fr >= 0 and not filter_match(s, T, fr, slot, player, other):
                    continue
                if condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], player, other):
                    add_pending(s, player, other, a, slot)


# =============================================================================================
# Moving cards (CR 7.4: a card that moves is a new card in its new zone)
# =============================================================================================
@internal
def reset_card_state(s, slot):
    s[DULL + slot * CARD_W] = 0
    s[DMG + slot * CARD_W] = 0
    s[FROZEN + slot * CARD_W] = 0
    s[ATTACKED + slot * CARD_W] = 0
    s[PMOD_EOT + slot * CARD_W] = 0
    s[PMOD_PERM + slot * CARD_W] = 0
    s[KW_EOT + slot * CARD_W] = 0
    s[KW_PERM + slot * CARD_W] = 0
    s[RST_EOT + slot * CARD_W] = 0
    s[RST_PERM + slot * CARD_W] = 0
    s[D_POWER + slot * CARD_W] = 0
    s[D_KW + slot * CARD_W] = 0
    s[D_RST + slot * CARD_W] = 0


@internal
def put_in_zone(s, slot, zone):
    """Append ``slot`` to its owner's list for ``zone`` (not the field)."""
    o = s[OWNER + slot * CARD_W]
    s[ZONE + slot * CARD_W] = zone
    s[CONTROLLER + slot * CARD_W] = o
    if zone == K.Zone.HAND:
        zone_push(s, HAND_N + o, HAND_L + o * MAX_DECK, slot)
    elif zone == K.Zone.BREAK:
        zone_push(s, BREAK_N + o, BREAK_L + o * MAX_DECK, slot)
    elif zone == K.Zone.DAMAGE:
        zone_push(s, DAMAGE_N + o, DAMAGE_L + o * MAX_DECK, slot)
    elif zone == K.Zone.REMOVED:
        zone_push(s, REMOVED_N + o, REMOVED_L + o * MAX_DECK, slot)
    elif zone == K.Zone.DECK:
        zone_push(s, DECK_N + o, DECK_L + o * MAX_DECK, slot)


@internal
def take_from_zone(s, slot):
    """Remove ``slot`` from the list of its current zone (not the field)."""
    o = s[OWNER + slot * CARD_W]
    z = s[ZONE + slot * CARD_W]
    if z == K.Zone.HAND:
        zone_remove(s, HAND_N + o, HAND_L + o * MAX_DECK, slot)
    elif z == K.Zone.BREAK:
        zone_remove(s, BREAK_N + o, BREAK_L + o * MAX_DECK, slot)
    elif z == K.Zone.DAMAGE:
        zone_remove(s, DAMAGE_N + o, DAMAGE_L + o * MAX_DECK, slot)
    elif z == K.Zone.REMOVED:
        zone_remove(s, REMOVED_N + o, REMOVED_L + o * MAX_DECK, slot)
    elif z == K.Zone.DECK:
        zone_remove(s, DECK_N + o, DECK_L + o * MAX_DECK, slot)
    s[ZONE + slot * CARD_W] = K.Zone.NONE


@internal
def leave_field(s, T, slot, dest, is_break):
    """Move a card from the field to ``dest`` of its owner. ``is_break``: it was broken
    (CR 15.1.1.3), which triggers "is broken" abilities; other moves to the Break Zone do not
    (CR 15.1.1.3.2)."""
    cards = card_table(T)
    p = s[CONTROLLER + slot * CARD_W]
    zone_remove(s, FIELD_N + p, FIELD_L + p * FIELD_SLOTS, slot)
    # leaves battle (CR 10.1.3.3)
    i = zone_find(s, ATK_N, ATK_L, slot)
    if i >= 0:
        zone_remove_at(s, ATK_N, ATK_L, i)
        for j in range(i, FIELD_SLOTS - 1):
            s[ASSIGNED + j] = s[ASSIGNED + j + 1]
        s[ASSIGNED + FIELD_SLOTS - 1] = 0
    if s[BLOCKER] == slot:
        s[BLOCKER] = -1
    reset_card_state(s, slot)
    put_in_zone(s, slot, dest)
    trigger_card(s, T, slot, p, K.Trigger.LEAVES_FIELD_SELF, slot)
    if is_break:
        trigger_card(s, T, slot, p, K.Trigger.BROKEN_SELF, slot)
        if cards[s[CARD + slot * CARD_W], K.C_TYPE] == K.CardType.FORWARD:
            trigger_field(s, T, 1 - p, K.Trigger.OPP_FORWARD_BROKEN, slot)


@internal
def enter_field(s, T, slot, player):
    """Put a card from limbo (zone NONE) onto ``player``'s field. Backups enter dull."""
    cards = card_table(T)
    if s[FIELD_N + player] >= FIELD_SLOTS:
        put_in_zone(s, slot, K.Zone.BREAK)  # no room (engine capacity, documented)
        return
    reset_card_state(s, slot)
    zone_push(s, FIELD_N + player, FIELD_L + player * FIELD_SLOTS, slot)
    s[ZONE + slot * CARD_W] = K.Zone.FIELD
    s[CONTROLLER + slot * CARD_W] = player
    s[CTRL_TURN + slot * CARD_W] = s[H_TURN]
    s[TIMESTAMP] += 1
    if cards[s[CARD + slot * CARD_W], K.C_TYPE] == K.CardType.BACKUP:
        s[DULL + slot * CARD_W] = 1
    refresh_derived(s, T)
    trigger_enters(s, T, slot, player)


@internal
def draw_cards(s, player, n):
    """Draw ``n`` cards; a draw from an empty deck loses at once (CR 3.1.2) and ends the game:
    callers stop when ``s[H_DONE]`` is set."""
    for _ in range(n):
        slot = zone_pop_top(s, DECK_N + player, DECK_L + player * MAX_DECK)
        if slot < 0:
            s[DREW_FROM_EMPTY + player] = 1  # CR 3.1.2 / 12.4.2
            defeats_end_game(s)
            return
        s[ZONE + slot * CARD_W] = K.Zone.NONE
        put_in_zone(s, slot, K.Zone.HAND)


@internal
def discard_hand_index(s, player, i):
    slot = zone_remove_at(s, HAND_N + player, HAND_L + player * MAX_DECK, i)
    s[ZONE + slot * CARD_W] = K.Zone.NONE
    put_in_zone(s, slot, K.Zone.BREAK)
    return slot


@internal
def shuffle_deck(s, player):
    shuffle_run(s, DECK_L + player * MAX_DECK, s[DECK_N + player])


# =============================================================================================
# Decisions
# =============================================================================================
@internal
def set_decision(s, kind, player):
    s[H_DECISION] = kind
    s[H_DECIDER] = player


@internal
def end_game(s, winner):
    s[H_DONE] = 1
    s[H_WINNER] = winner
    s[H_DECISION] = K.Decision.NONE
    s[H_DECIDER] = -1


@internal
def defeats_end_game(s):
    """CR 3.1: a player who meets a defeat condition loses and the game ends at once, so no
    decision is asked after it (not even the EX Burst of the damage card that made the loss).
    Called where a condition arises (CR 3.1.1: a card put into a Damage Zone; 3.1.2: a draw from
    an empty deck; 3.1.3: damage with an empty deck) and by the rule processes (CR 12.4.1-12.4.3,
    which find the same conditions, e.g. in a position built by hand). Both players defeated at
    once: a draw (CR 3.3). Returns True if the game ended (an ended game's result stands)."""
    if s[H_DONE] != 0:
        return True
    lose_at = K.DAMAGE_TO_LOSE_LIMITED if s[H_VARIANT] == K.VARIANT_LIMITED else K.DAMAGE_TO_LOSE_CONSTRUCTED
    lost0 = s[DAMAGE_N] >= lose_at or s[DREW_FROM_EMPTY] != 0 or s[DAMAGED_EMPTY] != 0
    lost1 = s[DAMAGE_N + 1] >= lose_at or s[DREW_FROM_EMPTY + 1] != 0 or s[DAMAGED_EMPTY + 1] != 0
    if lost0 and lost1:
        end_game(s, WINNER_DRAW)  # CR 3.3
        return True
    if lost0:
        end_game(s, 1)
        return True
    if lost1:
        end_game(s, 0)
        return True
    return False


# =============================================================================================
# Rule processes (CR 12)
# =============================================================================================
@internal
def rule_processes(s, T):
    """Run CR 12.4 until nothing changes. Returns True if the game ended."""
    cards = card_table(T)
    while True:
        refresh_derived(s, T)
        if defeats_end_game(s):  # CR 12.4.1-12.4.3
            return True
        # collect simultaneously (CR 12.3): 1 = to Break Zone, 2 = broken
        changed = False
        marks = s[MARKS : MARKS + N_SLOTS]  # a view of the scratch run: no allocation
        for p in range(2):
            ld = 0
            nfp = s[FIELD_N + p]
            for i in range(nfp):
                slot = s[FIELD_L + p * FIELD_SLOTS + i]
                cid = s[CARD + slot * CARD_W]
                if cards[cid, K.C_TYPE] == K.CardType.FORWARD:
                    if s[D_POWER + slot * CARD_W] <= 0:
                        marks[slot] = 1  # CR 12.4.4
                    elif s[DMG + slot * CARD_W] >= s[D_POWER + slot * CARD_W]:
                        marks[slot] = 2  # CR 12.4.5
                if is_light_dark(cards, cid):
                    ld += 1
                # CR 12.4.6, each pair once: a non-generic card sharing its name with another
                # goes unless already marked. A later card marked here still gets its own
                # power / damage check above, which takes precedence as it did before
                name = cards[cid, K.C_NAME]
                generic = cards[cid, K.C_GENERIC] != 0
                for j in range(i + 1, nfp):
                    other = s[FIELD_L + p * FIELD_SLOTS + j]
                    ocid = s[CARD + other * CARD_W]
                    if cards[ocid, K.C_NAME] == name:
                        if not generic and marks[slot] == 0:
                            marks[slot] = 1
                        if cards[ocid, K.C_GENERIC] == 0 and marks[other] == 0:
                            marks[other] = 1
            if ld >= 2:
                for i in range(s[FIELD_N + p]):
                    slot = s[FIELD_L + p * FIELD_SLOTS + i]
                    if is_light_dark(cards, s[CARD + slot * CARD_W]) and marks[slot] == 0:
                        marks[slot] = 1  # CR 12.4.7
        any_marked = False  # only field cards get marked: check those, not all 120 slots
        for p in range(2):
            for i in range(s[FIELD_N + p]):
                if marks[s[FIELD_L + p * FIELD_SLOTS + i]] != 0:
                    any_marked = True
        if not any_marked:
            return False  # the common case: nothing to do, and the marks are all zero
        for slot in range(N_SLOTS):
            m = marks[slot]
            if m != 0:
                marks[slot] = 0
                if s[ZONE + slot * CARD_W] == K.Zone.FIELD:
                    leave_field(s, T, slot, K.Zone.BREAK, m == 2)
                    changed = True
        if not changed:
            return False


# =============================================================================================
# Paying CP (CR 5.2.1.3, 11.2)
# =============================================================================================
@internal
def pay_feasible(remaining, need_elem, nd, nde, nb, nbe):
    """Can ``remaining`` CP still be paid exactly (one excess CP allowed from a discard) with up to
    ``nd`` discards (``nde`` of the element) and ``nb`` backups (``nbe`` of the element), with one
    CP of the element still required if ``need_elem``?

    In closed form (no search over the payments): with x discards (2 CP each, CR 5.2.1.3) and y
    Backups (1 CP each), an exact payment is 2x + y = remaining, which leaves x in [a_lo, a_hi];
    one CP over from a discard (CR 5.2.1.3.1) is 2x + y = remaining + 1 with x >= 1, x in
    [b_lo, b_hi]. The element's CP comes from a discard of it (x >= 1) or a Backup of it
    (y >= 1, i.e. x small enough to leave a Backup's CP). Checked against the search it replaced
    for every small combination (tests/fftcg/test_rules_costs.py); the search's nested loops were
    ~2% of random play."""
    if remaining <= 0:
        return not need_elem
    if nd < 0 or nb < 0:
        return False
    a_lo = max(0, (remaining - nb + 1) // 2)
    a_hi = min(nd, remaining // 2)
    b_lo = max(1, (remaining - nb + 2) // 2)
    b_hi = min(nd, (remaining + 1) // 2)
    if not need_elem:
        return a_lo <= a_hi or b_lo <= b_hi
    if nde >= 1 and (max(a_lo, 1) <= a_hi or b_lo <= b_hi):
        return True
    return nbe >= 1 and (a_lo <= min(a_hi, (remaining - 1) // 2) or b_lo <= min(b_hi, remaining // 2))


@internal
def pay_resources(s, T, player, elem, skip_hand_slot, skip_field_slot):
    """Count CP sources: (discardable cards, of the element, usable backups, of the element)."""
    cards = card_table(T)
    nd = 0
    nde = 0
    for i in range(s[HAND_N + player]):
        slot = s[HAND_L + player * MAX_DECK + i]
        if slot == skip_hand_slot:
            continue
        cid = s[CARD + slot * CARD_W]
        if is_light_dark(cards, cid):
            continue  # CR 5.2.1.3: Light and Dark cards can't be discarded for CP
        nd += 1
        if cards[cid, K.C_ELEMENT] == elem:
            nde += 1
    nb = 0
    nbe = 0
    for i in range(s[FIELD_N + player]):
        slot = s[FIELD_L + player * FIELD_SLOTS + i]
        if slot == skip_field_slot or s[DULL + slot * CARD_W] != 0:
            continue
        cid = s[CARD + slot * CARD_W]
        if cards[cid, K.C_TYPE] != K.CardType.BACKUP:
            continue
        nb += 1
        if cards[cid, K.C_ELEMENT] == elem:
            nbe += 1
    return nd, nde, nb, nbe


@internal
def can_pay(s, T, player, cost, elem, skip_hand_slot, skip_field_slot):
    """Exact check by scanning (used outside mask computation)."""
    nd, nde, nb, nbe = pay_resources(s, T, player, elem, skip_hand_slot, skip_field_slot)
    return pay_feasible(cost, elem >= 0, nd, nde, nb, nbe)


@internal
def count_resources(s, T, player):
    """Mask fast path: ``player``'s CP sources (CR 5.2.1.3), counted once per mask instead of once
    per card: (discardable hand cards, their count per element, active Backups, their count per
    element), each per-element count in 8 bits of one int64 (``element_count``). Kept in registers
    rather than in a scratch run of the row, whose increments, 16-word sums per card and final
    zeroing went through memory (with the legal mask's early skips: PRIORITY mask 253 -> 193 ns
    on 3,000 recorded states, 2026-11-25)."""
    cards = card_table(T)
    nd = 0
    disc = 0
    for i in range(s[HAND_N + player]):
        cid = s[CARD + (s[HAND_L + player * MAX_DECK + i]) * CARD_W]
        if not is_light_dark(cards, cid):
            nd += 1
            disc += np.int64(1) << (8 * cards[cid, K.C_ELEMENT])
    nb = 0
    bk = 0
    for i in range(s[FIELD_N + player]):
        slot = s[FIELD_L + player * FIELD_SLOTS + i]
        cid = s[CARD + slot * CARD_W]
        if cards[cid, K.C_TYPE] == K.CardType.BACKUP and s[DULL + slot * CARD_W] == 0:
            nb += 1
            bk += np.int64(1) << (8 * cards[cid, K.C_ELEMENT])
    return nd, disc, nb, bk


@internal
def element_count(packed, elem):
    """The count of element ``elem`` in a per-element count packed by ``count_resources``."""
    return (packed >> (8 * elem)) & 0xFF


@internal
def can_pay_counted(s, T, player, cost, elem, skip_hand_slot, skip_field_slot, nd, disc, nb, bk):
    """``can_pay`` from the counts of ``count_resources`` (same result)."""
    cards = card_table(T)
    nde = element_count(disc, elem) if elem >= 0 else 0
    nbe = element_count(bk, elem) if elem >= 0 else 0
    if skip_hand_slot >= 0 and s[ZONE + skip_hand_slot * CARD_W] == K.Zone.HAND:
        cid = s[CARD + skip_hand_slot * CARD_W]
        if not is_light_dark(cards, cid):
            nd -= 1
            if cards[cid, K.C_ELEMENT] == elem:
                nde -= 1
    if skip_field_slot >= 0 and s[ZONE + skip_field_slot * CARD_W] == K.Zone.FIELD:
        cid = s[CARD + skip_field_slot * CARD_W]
        if (
            cards[cid, K.C_TYPE] == K.CardType.BACKUP
            and s[DULL + skip_field_slot * CARD_W] == 0
            and s[CONTROLLER + skip_field_slot * CARD_W] == player
        ):
            nb -= 1
            if cards[cid, K.C_ELEMENT] == elem:
                nbe -= 1
    return pay_feasible(cost, elem >= 0, nd, nde, nb, nbe)


@internal
def card_pay_element(cards, cid):
    """Element one CP of which must be paid; Light/Dark cards are exempt (CR 11.2.1.1)."""
    if is_light_dark(cards, cid):
        return -1
    return cards[cid, K.C_ELEMENT]


# =============================================================================================
# Targets
# =============================================================================================
@internal
def reg_contains(s, base, reg, slot):
    n = s[base + E_REGN + reg]
    for i in range(n):
        if s[base + E_REG + reg * TARGET_MAX + i] == slot:
            return True
    return False


@internal
def count_candidates(s, T, frow, viewer, source, base, reg):
    n = 0
    for p in range(2):
        for i in range(s[FIELD_N + p]):
            slot = s[FIELD_L + p * FIELD_SLOTS + i]
            if filter_match(s, T, frow, slot, viewer, source) and not reg_contains(s, base, reg, slot):
                n += 1
    return n


@internal
def has_required_targets(s, T, arow, viewer, source):
    """CR 11.3.3 / 11.6.5 / 11.7.5: a Summon or ability that chooses needs a legal target."""
    abil = ability_table(T)
    code = code_table(T)
    c0 = abil[arow, K.A_CODE_START]
    for r in range(c0, c0 + abil[arow, K.A_CODE_LEN]):
        if code[r, K.I_OP] != K.Op.CHOOSE:
            break
        if code[r, K.I_A2] != 0:
            continue  # "up to": zero targets is legal
        if not any_field_match(s, T, code[r, K.I_A0], viewer, source):
            return False
    return True


@internal
def any_field_match(s, T, frow, viewer, source):
    """Does any card on either field match filter ``frow``? (stops at the first match: the masks
    only need to know that a target exists)"""
    for p in range(2):
        for i in range(s[FIELD_N + p]):
            if filter_match(s, T, frow, s[FIELD_L + p * FIELD_SLOTS + i], viewer, source):
                return True
    return False


# =============================================================================================
# Frames (the effect interpreter's call stack)
# =============================================================================================
@internal
def frame_base(s, i):
    return FRAMES + i * FRAME_W


@internal
def push_program_frame(s, T, mode, purpose, kind, slot, arow, ctrl, aux):
    n = s[FRAME_N]
    base = FRAMES + n * FRAME_W
    for k in range(FRAME_W):
        s[base + k] = 0
    s[base + E_KIND] = kind
    s[base + E_SLOT] = slot
    s[base + E_ABIL] = arow
    s[base + E_CTRL] = ctrl
    s[base + E_CARD] = s[CARD + slot * CARD_W] if slot >= 0 else -1
    s[base + E_AUX] = aux
    s[base + FR_MODE] = mode
    s[base + FR_PURPOSE] = purpose
    s[base + FR_PC] = 0
    s[FRAME_N] = n + 1
    return base


@internal
def push_damage_frame(s, player, amount, source):
    n = s[FRAME_N]
    base = FRAMES + n * FRAME_W
    for k in range(FRAME_W):
        s[base + k] = 0
    s[base + E_SLOT] = source
    s[base + FR_MODE] = M_DAMAGE
    s[base + FR_PURPOSE] = P_DAMAGE
    s[base + FR_PLAYER] = player
    s[base + FR_LEFT] = amount
    s[FRAME_N] = n + 1


@internal
def copy_entry(s, src, dst):
    for k in range(ENTRY_W):
        s[dst + k] = s[src + k]


@internal
def push_stack_from(s, src):
    n = s[STACK_N]
    if n >= STACK_MAX:
        return False
    copy_entry(s, src, STACK + n * ENTRY_W)
    s[STACK_N] = n + 1
    return True


@internal
def deal_damage_to_player(s, player, amount, source):
    if amount > 0 and s[FRAME_N] < FRAME_MAX:
        push_damage_frame(s, player, amount, source)


@internal
def fill_candidates_distinct(s, T, frow, viewer, source, zone_n_off, zone_l_off):
    """Candidates for SELECT_CARD: one slot per distinct card id (copies are interchangeable)."""
    cards_seen = 0
    s[CAND_N] = 0
    for i in range(s[zone_n_off]):
        slot = s[zone_l_off + i]
        if not filter_match(s, T, frow, slot, viewer, source):
            continue
        cid = s[CARD + slot * CARD_W]
        dup = False
        for k in range(s[CAND_N]):
            if s[CARD + (s[CAND + k]) * CARD_W] == cid:
                dup = True
                break
        if dup:
            continue
        if s[CAND_N] < OPTION_SLOTS:
            s[CAND + s[CAND_N]] = slot
            s[CAND_N] += 1
        cards_seen += 1
    return s[CAND_N]


@internal
def can_enter_field(s, T, slot, player):
    cards = card_table(T)
    if s[FIELD_N + player] >= FIELD_SLOTS:
        return False
    if (
        cards[s[CARD + slot * CARD_W], K.C_TYPE] == K.CardType.BACKUP
        and count_field_type(s, T, player, K.CardType.BACKUP) >= MAX_BACKUPS
    ):
        return False
    return True


@internal
def keep_candidates_that_fit(s, T, player):
    """Onto the field: only candidates with room (CR 7.7.3 name/element limits are rule
    processes, applied after they enter)."""
    k = 0
    for i in range(s[CAND_N]):
        if can_enter_field(s, T, s[CAND + i], player):
            s[CAND + k] = s[CAND + i]
            k += 1
    s[CAND_N] = k
    return k


@internal
def put_onto_field_from_zone(s, T, slot, player):
    take_from_zone(s, slot)
    enter_field(s, T, slot, player)


@internal
def run_top_frame(s, T):
    """Run the top frame until it finishes (returns True), sets a decision or ends the game (CR 3.1:
    a defeat during damage or a draw; returns False)."""
    cards = card_table(T)
    abil = ability_table(T)
    code = code_table(T)
    base = FRAMES + (s[FRAME_N] - 1) * FRAME_W
    mode = s[base + FR_MODE]
    if mode == M_DAMAGE:
        # CR 6.5.2 / 6.5.3: one card per point, EX Burst resolved before the next card
        player = s[base + FR_PLAYER]
        while s[base + FR_LEFT] > 0:
            s[base + FR_LEFT] -= 1
            slot = zone_pop_top(s, DECK_N + player, DECK_L + player * MAX_DECK)
            # a defeat ends the game at once (CR 3.1): no further card is revealed, no EX Burst
            # is offered (not even this card's), and the effect that dealt the damage stops
            if slot < 0:
                s[DAMAGED_EMPTY + player] = 1  # CR 3.1.3 / 12.4.3
                defeats_end_game(s)
                return False
            s[ZONE + slot * CARD_W] = K.Zone.NONE
            put_in_zone(s, slot, K.Zone.DAMAGE)
            if defeats_end_game(s):  # CR 3.1.1: the 7th card (6th in a limited game)
                return False
            cid = s[CARD + slot * CARD_W]
            if cards[cid, K.C_EX_BURST] != 0 and cards[cid, K.C_EX_ABIL] >= 0:
                s[DEC_ARG] = slot
                set_decision(s, K.Decision.EX_BURST, player)
                return False
        return True
    arow = s[base + E_ABIL]
    ctrl = s[base + E_CTRL]
    src = s[base + E_SLOT]
    c0 = abil[arow, K.A_CODE_START]
    clen = abil[arow, K.A_CODE_LEN]
    if s[base + FR_PC] < 0:
        # resolution prelude: "you may" question (CR 11.8.14)
        s[DEC_ARG] = arow
        set_decision(s, K.Decision.OPTIONAL_EFFECT, ctrl)
        return False
    while s[base + FR_PC] < clen:
        pc = s[base + FR_PC]
        r = c0 + pc
        op = code[r, K.I_OP]
        reg = code[r, K.I_REG]
        a0 = code[r, K.I_A0]
        a1 = code[r, K.I_A1]
        a2 = code[r, K.I_A2]
        if op == K.Op.CHOOSE:
            if mode == M_EXEC:
                s[base + FR_PC] = pc + 1
                continue
            chosen = s[base + E_REGN + reg]
            if chosen < a1 and count_candidates(s, T, a0, ctrl, src, base, reg) > 0:
                s[DEC_ARG] = a0
                s[DEC_ARG + 1] = reg
                s[DEC_ARG + 2] = a2
                set_decision(s, K.Decision.CHOOSE_TARGET, ctrl)
                return False
            s[base + FR_PC] = pc + 1
            continue
        if mode == M_TARGET:
            return True  # CHOOSE rows come first: targeting is complete
        regn = base + E_REGN + reg
        regl = base + E_REG + reg * TARGET_MAX
        if op == K.Op.SELECT_ALL:
            s[regn] = 0
            for p in range(2):
                for i in range(s[FIELD_N + p]):
                    slot = s[FIELD_L + p * FIELD_SLOTS + i]
                    if s[regn] < TARGET_MAX and filter_match(s, T, a0, slot, ctrl, src):
                        s[regl + s[regn]] = slot
                        s[regn] += 1
        elif op == K.Op.TARGET_SELF:
            s[regn] = 1
            s[regl] = src
        elif op >= K.Op.DAMAGE and op <= K.Op.REMOVE_FROM_GAME:
            for i in range(s[regn]):
                t = s[regl + i]
                if s[ZONE + t * CARD_W] != K.Zone.FIELD:
                    continue
                if op == K.Op.DAMAGE:
                    if cards[s[CARD + t * CARD_W], K.C_TYPE] == K.CardType.FORWARD:
                        s[DMG + t * CARD_W] += a0
                elif op == K.Op.BREAK:
                    leave_field(s, T, t, K.Zone.BREAK, True)
                elif op == K.Op.DULL:
                    s[DULL + t * CARD_W] = 1
                elif op == K.Op.ACTIVATE:
                    s[DULL + t * CARD_W] = 0
                elif op == K.Op.FREEZE:
                    s[FROZEN + t * CARD_W] = 1
                elif op == K.Op.POWER:
                    if a1 == K.Duration.END_OF_TURN:
                        s[PMOD_EOT + t * CARD_W] += a0
                    else:
                        s[PMOD_PERM + t * CARD_W] += a0
                elif op == K.Op.GRANT_KEYWORD:
                    if a1 == K.Duration.END_OF_TURN:
                        s[KW_EOT + t * CARD_W] |= a0
                    else:
                        s[KW_PERM + t * CARD_W] |= a0
                elif op == K.Op.RESTRICT:
                    if a1 == K.Duration.END_OF_TURN:
                        s[RST_EOT + t * CARD_W] |= a0
                    else:
                        s[RST_PERM + t * CARD_W] |= a0
                elif op == K.Op.RETURN_TO_HAND:
                    leave_field(s, T, t, K.Zone.HAND, False)
                elif op == K.Op.REMOVE_FROM_GAME:
                    leave_field(s, T, t, K.Zone.REMOVED, False)
            refresh_derived(s, T)
        elif op == K.Op.DRAW:
            who = ctrl if a1 == K.Who.CONTROLLER else 1 - ctrl
            draw_cards(s, who, a0)
            if s[H_DONE] != 0:
                return False  # CR 3.1.2: the draw lost the game; the rest of the effect stops
        elif op == K.Op.DISCARD:
            who = ctrl if a1 == K.Who.CONTROLLER else 1 - ctrl
            if a2 != 0:
                for _ in range(a0):
                    n = s[HAND_N + who]
                    if n == 0:
                        break
                    discard_hand_index(s, who, rng_below(s, n))
            elif s[base + FR_CNT] < a0 and s[HAND_N + who] > 0:
                s[DEC_ARG] = 1
                set_decision(s, K.Decision.DISCARD, who)
                return False
            s[base + FR_CNT] = 0
        elif op == K.Op.DAMAGE_PLAYER:
            who = ctrl if a1 == K.Who.CONTROLLER else 1 - ctrl
            s[base + FR_PC] = pc + 1
            deal_damage_to_player(s, who, a0, src)
            return False  # the damage frame runs next
        elif op == K.Op.SEARCH:
            if s[base + FR_CNT] == 0:
                n = fill_candidates_distinct(s, T, a0, ctrl, src, DECK_N + ctrl, DECK_L + ctrl * MAX_DECK)
                if n > 0 and a1 != K.Destination.HAND:
                    n = keep_candidates_that_fit(s, T, ctrl)
                if n > 0:
                    s[base + FR_CNT] = 1
                    s[DEC_ARG] = 1
                    set_decision(s, K.Decision.SELECT_CARD, ctrl)
                    return False
            shuffle_deck(s, ctrl)  # CR 15.1.1.8
            s[base + FR_CNT] = 0
        elif op == K.Op.PUT_ONTO_FIELD:
            if s[base + FR_CNT] < a1:
                fz = filter_table(T)[a0, K.F_ZONE]
                if fz == K.FilterZone.HAND:
                    n = fill_candidates_distinct(s, T, a0, ctrl, src, HAND_N + ctrl, HAND_L + ctrl * MAX_DECK)
                else:
                    n = fill_candidates_distinct(s, T, a0, ctrl, src, BREAK_N + ctrl, BREAK_L + ctrl * MAX_DECK)
                k = keep_candidates_that_fit(s, T, ctrl)
                if k > 0:
                    s[DEC_ARG] = 2
                    set_decision(s, K.Decision.SELECT_CARD, ctrl)
                    return False
            s[base + FR_CNT] = 0
        s[base + FR_PC] = pc + 1
    return True


@internal
def validate_entry_targets(s, T, base):
    """CR 11.11.2: drop targets that became invalid; if every chosen target of a register is gone,
    the whole effect is cancelled (returns False)."""
    abil = ability_table(T)
    code = code_table(T)
    arow = s[base + E_ABIL]
    ctrl = s[base + E_CTRL]
    src = s[base + E_SLOT]
    c0 = abil[arow, K.A_CODE_START]
    for r in range(c0, c0 + abil[arow, K.A_CODE_LEN]):
        if code[r, K.I_OP] != K.Op.CHOOSE:
            break
        reg = code[r, K.I_REG]
        frow = code[r, K.I_A0]
        n = s[base + E_REGN + reg]
        if n == 0:
            continue
        k = 0
        for i in range(n):
            t = s[base + E_REG + reg * TARGET_MAX + i]
            if filter_match(s, T, frow, t, ctrl, src):
                s[base + E_REG + reg * TARGET_MAX + k] = t
                k += 1
        s[base + E_REGN + reg] = k
        if k == 0:
            return False
    return True


@internal
def entry_missing_required(s, T, base):
    """An auto-ability that chooses but found no target leaves the stack (CR 11.8.4)."""
    abil = ability_table(T)
    code = code_table(T)
    arow = s[base + E_ABIL]
    c0 = abil[arow, K.A_CODE_START]
    for r in range(c0, c0 + abil[arow, K.A_CODE_LEN]):
        if code[r, K.I_OP] != K.Op.CHOOSE:
            break
        if code[r, K.I_A2] == 0 and s[base + E_REGN + code[r, K.I_REG]] == 0:
            return True
    return False


@internal
def finish_frame(s, T):
    """Pop the top frame and do what its purpose asks."""
    cards = card_table(T)
    abil = ability_table(T)
    n = s[FRAME_N] - 1
    base = FRAMES + n * FRAME_W
    purpose = s[base + FR_PURPOSE]
    s[FRAME_N] = n
    if purpose == P_CAST:
        # targets chosen: now the costs (CR 11.3.7, 11.6.10)
        copy_entry(s, base, BUILD_ENTRY)
        s[FLOW] = FL_PAY
    elif purpose == P_TRIGGER:
        if not entry_missing_required(s, T, base):
            push_stack_from(s, base)
        s[FLOW] = FL_PRIORITY
    elif purpose == P_RESOLVE:
        if s[base + E_KIND] == EK_SUMMON:
            slot = s[base + E_SLOT]
            if s[ZONE + slot * CARD_W] == K.Zone.STACK:
                s[ZONE + slot * CARD_W] = K.Zone.NONE
                put_in_zone(s, slot, K.Zone.BREAK)  # CR 11.11.10
        s[FLOW] = FL_AFTER_RESOLVE
    # P_EX and P_DAMAGE: the frame below (or FLOW) continues
    refresh_derived(s, T)


# =============================================================================================
# Playing cards and abilities
# =============================================================================================
@internal
def ability_usable(s, T, player, slot, arow, nd, disc, nb, bk):
    """Can ``player`` activate action/special ability ``arow`` of its field card ``slot`` now?
    (``nd, disc, nb, bk``: the player's CP sources, ``count_resources``.)"""
    cards = card_table(T)
    abil = ability_table(T)
    cid = s[CARD + slot * CARD_W]
    if abil[arow, K.A_COST_DULL] != 0:
        if s[DULL + slot * CARD_W] != 0:
            return False
        # CR 11.6.2.3: under control since the start of the turn, unless Haste
        if s[CTRL_TURN + slot * CARD_W] >= s[H_TURN] and (s[D_KW + slot * CARD_W] & KW_HASTE) == 0:
            return False
    if s[STACK_N] >= STACK_MAX or s[FRAME_N] >= FRAME_MAX:
        return False
    skip_field = slot if abil[arow, K.A_COST_DULL] != 0 or abil[arow, K.A_COST_BREAK_SELF] != 0 else -1
    cp = abil[arow, K.A_COST_CP]
    elem = abil[arow, K.A_COST_ELEMENT]
    if abil[arow, K.A_COST_DISCARD] > s[HAND_N + player]:
        return False
    if abil[arow, K.A_KIND] == K.AbilityKind.SPECIAL:
        # CR 11.7.1: discard a same-name card, then pay the CP from the rest of the hand
        found = False
        for i in range(s[HAND_N + player]):
            h = s[HAND_L + player * MAX_DECK + i]
            if cards[s[CARD + h * CARD_W], K.C_NAME] == cards[cid, K.C_NAME]:
                if cp == 0 or can_pay_counted(s, T, player, cp, elem, h, skip_field, nd, disc, nb, bk):
                    found = True
                    break
        if not found:
            return False
    elif cp > 0 and not can_pay_counted(s, T, player, cp, elem, -1, skip_field, nd, disc, nb, bk):
        return False
    return has_required_targets(s, T, arow, player, slot)


@internal
def hand_card_playable(s, T, player, slot, nd, disc, nb, bk):
    """Can ``player`` play hand card ``slot`` now? (``nd, disc, nb, bk``: ``count_resources``.)"""
    cards = card_table(T)
    cid = s[CARD + slot * CARD_W]
    ctype = cards[cid, K.C_TYPE]
    phase = s[PHASE]
    if ctype == K.CardType.SUMMON:
        # CR 9.3.1.6: Summons in the Main and Attack Phases
        if phase != K.Phase.MAIN1 and phase != K.Phase.MAIN2 and phase != K.Phase.ATTACK:
            return False
        if s[STACK_N] >= STACK_MAX or s[FRAME_N] >= FRAME_MAX:
            return False
        cost = current_cost(s, T, player, slot)
        if not can_pay_counted(s, T, player, cost, card_pay_element(cards, cid), slot, -1, nd, disc, nb, bk):
            return False
        return has_required_targets(s, T, cards[cid, K.C_SUMMON_ABIL], player, slot)
    # CR 11.4.1 / 9.3.1.5: Characters by the turn player in a Main Phase with an empty stack
    if player != s[TURN_PLAYER] or (phase != K.Phase.MAIN1 and phase != K.Phase.MAIN2) or s[STACK_N] != 0:
        return False
    if s[FIELD_N + player] >= FIELD_SLOTS:
        return False
    if ctype == K.CardType.BACKUP and count_field_type(s, T, player, K.CardType.BACKUP) >= MAX_BACKUPS:
        return False
    # CR 7.7.3: no action may deploy a second same-name (non-generic) or a second Light/Dark card
    ld = is_light_dark(cards, cid)
    for i in range(s[FIELD_N + player]):
        other = s[FIELD_L + player * FIELD_SLOTS + i]
        ocid = s[CARD + other * CARD_W]
        if cards[cid, K.C_GENERIC] == 0 and cards[ocid, K.C_NAME] == cards[cid, K.C_NAME]:
            return False
        if ld and is_light_dark(cards, ocid):
            return False
    cost = current_cost(s, T, player, slot)
    return can_pay_counted(s, T, player, cost, card_pay_element(cards, cid), slot, -1, nd, disc, nb, bk)


@internal
def begin_payment(s, kind, player, slot, arow, cost, elem, discard_left, samename):
    s[PAY_KIND] = kind
    s[PAY_PLAYER] = player
    s[PAY_SLOT] = slot
    s[PAY_ABIL] = arow
    s[PAY_COST] = cost
    s[PAY_ELEM] = elem
    s[PAY_PAID] = 0
    s[PAY_HAS_ELEM] = 1 if (elem < 0 or cost == 0) else 0
    s[PAY_NDISC] = 0
    s[PAY_DISCARD_LEFT] = discard_left
    s[PAY_SAMENAME] = samename
    s[FLOW] = FL_PAY


@internal
def play_from_hand(s, T, player, hand_index):
    cards = card_table(T)
    slot = zone_remove_at(s, HAND_N + player, HAND_L + player * MAX_DECK, hand_index)
    cid = s[CARD + slot * CARD_W]
    cost = current_cost_detached(s, T, player, slot)
    elem = card_pay_element(cards, cid)
    s[PASSES] = 0
    if cards[cid, K.C_TYPE] == K.CardType.SUMMON:
        # CR 11.3.2: the Summon moves to the stack, then targets (CR 11.3.3), then costs
        s[ZONE + slot * CARD_W] = K.Zone.STACK
        s[CONTROLLER + slot * CARD_W] = player
        begin_payment(s, PK_SUMMON, player, slot, cards[cid, K.C_SUMMON_ABIL], cost, elem, 0, 0)
        push_program_frame(s, T, M_TARGET, P_CAST, EK_SUMMON, slot, cards[cid, K.C_SUMMON_ABIL], player, -1)
    else:
        s[ZONE + slot * CARD_W] = K.Zone.NONE  # revealed, being played (CR 11.4.2)
        begin_payment(s, PK_CHARACTER, player, slot, -1, cost, elem, 0, 0)
        for k in range(ENTRY_W):
            s[BUILD_ENTRY + k] = 0


@internal
def current_cost_detached(s, T, player, slot):
    """Cost of a card that has just left the hand (filters on zone HAND still apply to it)."""
    z = s[ZONE + slot * CARD_W]
    s[ZONE + slot * CARD_W] = K.Zone.HAND
    c = current_cost(s, T, player, slot)
    s[ZONE + slot * CARD_W] = z
    return c


@internal
def activate_ability(s, T, player, field_index, j):
    cards = card_table(T)
    abil = ability_table(T)
    slot = s[FIELD_L + player * FIELD_SLOTS + field_index]
    cid = s[CARD + slot * CARD_W]
    arow = cards[cid, K.C_ACT0 + j]
    s[PASSES] = 0
    samename = 1 if abil[arow, K.A_KIND] == K.AbilityKind.SPECIAL else 0
    begin_payment(
        s,
        PK_ABILITY,
        player,
        slot,
        arow,
        abil[arow, K.A_COST_CP],
        abil[arow, K.A_COST_ELEMENT],
        abil[arow, K.A_COST_DISCARD],
        samename,
    )
    push_program_frame(s, T, M_TARGET, P_CAST, EK_ABILITY, slot, arow, player, -1)


@internal
def payment_complete(s):
    return (
        s[PAY_DISCARD_LEFT] == 0
        and s[PAY_SAMENAME] == 0
        and s[PAY_PAID] >= s[PAY_COST]
        and s[PAY_HAS_ELEM] != 0
    )


@internal
def finish_payment(s, T):
    """All costs paid (CR 11.3.8, 11.4.7, 11.6.11)."""
    cards = card_table(T)
    abil = ability_table(T)
    kind = s[PAY_KIND]
    player = s[PAY_PLAYER]
    slot = s[PAY_SLOT]
    s[PAY_KIND] = PK_NONE
    if kind == PK_CHARACTER:
        enter_field(s, T, slot, player)
        s[PRIORITY_PLAYER] = s[TURN_PLAYER]
    elif kind == PK_SUMMON:
        push_stack_from(s, BUILD_ENTRY)
        s[PRIORITY_PLAYER] = player
    else:
        arow = s[PAY_ABIL]
        if abil[arow, K.A_COST_DULL] != 0:
            s[DULL + slot * CARD_W] = 1
        push_stack_from(s, BUILD_ENTRY)
        if abil[arow, K.A_COST_BREAK_SELF] != 0 and s[ZONE + slot * CARD_W] == K.Zone.FIELD:
            leave_field(s, T, slot, K.Zone.BREAK, False)  # a cost, not "breaking" (CR 15.1.1.3.2)
        s[PRIORITY_PLAYER] = player
    s[PASSES] = 0
    s[FLOW] = FL_PRIORITY
    refresh_derived(s, T)


# =============================================================================================
# The flow of the game (CR 8-10)
# =============================================================================================
@internal
def start_turn(s, T):
    """Active Phase (CR 9.1) and Draw Phase (CR 9.2), then the start of Main Phase 1."""
    tp = s[TURN_PLAYER]
    s[PHASE] = K.Phase.ACTIVE
    for i in range(s[FIELD_N + tp]):
        slot = s[FIELD_L + tp * FIELD_SLOTS + i]
        if s[FROZEN + slot * CARD_W] != 0:
            s[FROZEN + slot * CARD_W] = 0  # CR 15.2.4.2: stays dull this once
        else:
            s[DULL + slot * CARD_W] = 0
    s[PHASE] = K.Phase.DRAW
    n = 1 if (s[H_TURN] == 1 and tp == s[FIRST_PLAYER]) else 2  # CR 9.2.1.3
    draw_cards(s, tp, n)
    if s[H_DONE] != 0:
        return  # CR 3.1.2
    s[PHASE] = K.Phase.MAIN1
    s[STEP] = K.AttackStep.NONE
    trigger_field(s, T, tp, K.Trigger.BEGIN_MAIN1, -1)  # CR 9.3.1.3
    s[PRIORITY_PLAYER] = tp
    s[PASSES] = 0
    s[FLOW] = FL_PRIORITY


@internal
def live_attackers(s):
    tp = s[TURN_PLAYER]
    n = 0
    for i in range(s[ATK_N]):
        if controls(s, tp, s[ATK_L + i]):
            n += 1
    return n


@internal
def step_end(s, T):
    """Both players passed with an empty stack (CR 11.1.7): the phase or step ends."""
    tp = s[TURN_PLAYER]
    phase = s[PHASE]
    s[PASSES] = 0
    if phase == K.Phase.MAIN1:
        s[PHASE] = K.Phase.ATTACK
        s[STEP] = K.AttackStep.PREPARATION
        trigger_field(s, T, tp, K.Trigger.BEGIN_ATTACK_PHASE, -1)  # CR 10.1.1.1
        s[PRIORITY_PLAYER] = tp
        s[FLOW] = FL_PRIORITY
    elif phase == K.Phase.ATTACK:
        step = s[STEP]
        if step == K.AttackStep.PREPARATION:
            s[FLOW] = FL_DECLARE
        elif step == K.AttackStep.DECLARATION:
            # CR 10.1.2.7: only a declaration of no Forward skips the block and damage stages (the
            # engine's "no attack" ends the Attack Phase at once, CR 10.1.4.6). Attackers that left
            # the field since do not: the block declaration (CR 10.1.3.1) and the priority windows
            # of CR 10.1.3.6 and 10.1.4.4 still come; the damage stage finds no attacking Forward
            # and deals nothing (damage_step)
            s[FLOW] = FL_BLOCK
        elif step == K.AttackStep.BLOCK:
            s[FLOW] = FL_DAMAGE_STEP
        else:
            s[ATK_N] = 0  # CR 10.1.4.5: the party disbands
            s[BLOCKER] = -1
            s[BLOCK_DECLARED] = 0
            s[FLOW] = FL_DECLARE
    elif phase == K.Phase.MAIN2:
        s[PHASE] = K.Phase.END
        s[STEP] = K.AttackStep.NONE
        trigger_field(s, T, tp, K.Trigger.BEGIN_END_PHASE, -1)  # CR 9.5.1.1
        s[PRIORITY_PLAYER] = tp
        s[FLOW] = FL_PRIORITY
    elif phase == K.Phase.END:
        s[FLOW] = FL_END_HAND_LIMIT


@internal
def can_attack(s, T, player, slot):
    """CR 10.1.2.1: active, Haste or under control since the turn began, hasn't attacked."""
    cards = card_table(T)
    if cards[s[CARD + slot * CARD_W], K.C_TYPE] != K.CardType.FORWARD or s[DULL + slot * CARD_W] != 0:
        return False
    if s[CTRL_TURN + slot * CARD_W] >= s[H_TURN] and (s[D_KW + slot * CARD_W] & KW_HASTE) == 0:
        return False
    if s[ATTACKED + slot * CARD_W] == s[H_TURN]:
        return False
    if (s[D_RST + slot * CARD_W] & RESTRICT_CANT_ATTACK) != 0:
        return False
    return zone_find(s, ATK_N, ATK_L, slot) < 0


@internal
def can_block(s, T, player, slot):
    """CR 10.1.3.1: an active Forward with no restriction."""
    cards = card_table(T)
    if cards[s[CARD + slot * CARD_W], K.C_TYPE] != K.CardType.FORWARD or s[DULL + slot * CARD_W] != 0:
        return False
    return (s[D_RST + slot * CARD_W] & RESTRICT_CANT_BLOCK) == 0


@internal
def declare_attackers_done(s, T):
    """CR 10.1.2.2-10.1.2.5: dull (unless Brave), mark, trigger, then priority."""
    tp = s[TURN_PLAYER]
    for i in range(s[ATK_N]):
        slot = s[ATK_L + i]
        if (s[D_KW + slot * CARD_W] & KW_BRAVE) == 0:
            s[DULL + slot * CARD_W] = 1
        s[ATTACKED + slot * CARD_W] = s[H_TURN]
        s[ASSIGNED + i] = 0
    for i in range(s[ATK_N]):
        trigger_card(s, T, s[ATK_L + i], tp, K.Trigger.ATTACKS_SELF, -1)
    s[BLOCKER] = -1
    s[BLOCK_DECLARED] = 0
    s[STEP] = K.AttackStep.DECLARATION
    s[PRIORITY_PLAYER] = tp
    s[PASSES] = 0
    s[FLOW] = FL_PRIORITY


@internal
def damage_step(s, T):
    """CR 10.1.4: set up battle damage."""
    tp = s[TURN_PLAYER]
    s[STEP] = K.AttackStep.DAMAGE
    refresh_derived(s, T)
    n = live_attackers(s)
    if n == 0:
        s[FLOW] = FL_DAMAGE_DONE
        return
    if s[BLOCK_DECLARED] == 0:
        # CR 10.1.4.1: unblocked, one point of damage (a party attacks as one, CR 15.1.1.9.1)
        for i in range(s[ATK_N]):
            slot = s[ATK_L + i]
            if controls(s, tp, slot):
                trigger_card(s, T, slot, tp, K.Trigger.DEALS_DAMAGE_TO_PLAYER_SELF, -1)
        s[FLOW] = FL_DAMAGE_DONE
        deal_damage_to_player(s, 1 - tp, 1, s[ATK_L])
        return
    blk = s[BLOCKER]
    if blk < 0 or not controls(s, 1 - tp, blk):
        s[FLOW] = FL_DAMAGE_DONE  # CR 10.1.3.3: a blocker removed takes and deals nothing
        return
    atk_fs = True
    for i in range(s[ATK_N]):
        slot = s[ATK_L + i]
        if controls(s, tp, slot) and (s[D_KW + slot * CARD_W] & KW_FIRST_STRIKE) == 0:
            atk_fs = False  # CR 15.2.3.4 / 15.1.1.9.7
    blk_fs = (s[D_KW + blk * CARD_W] & KW_FIRST_STRIKE) != 0
    s[DSTAGE] = DS_BOTH if atk_fs == blk_fs else DS_FIRST
    s[ASSIGN_DONE] = 0
    s[FLOW] = FL_DAMAGE_DEAL


@internal
def damage_deal(s, T):
    """Deal battle damage for the current stage; may ask the blocker to split damage."""
    tp = s[TURN_PLAYER]
    blk = s[BLOCKER]
    refresh_derived(s, T)
    if blk < 0 or not controls(s, 1 - tp, blk) or live_attackers(s) == 0:
        s[FLOW] = FL_DAMAGE_DONE
        return
    atk_fs = True
    for i in range(s[ATK_N]):
        slot = s[ATK_L + i]
        if controls(s, tp, slot) and (s[D_KW + slot * CARD_W] & KW_FIRST_STRIKE) == 0:
            atk_fs = False
    blk_fs = (s[D_KW + blk * CARD_W] & KW_FIRST_STRIKE) != 0
    stage = s[DSTAGE]
    atk_deals = stage == DS_BOTH or (stage == DS_FIRST and atk_fs) or (stage == DS_SECOND and not atk_fs)
    blk_deals = stage == DS_BOTH or (stage == DS_FIRST and blk_fs) or (stage == DS_SECOND and not blk_fs)
    bpower = s[D_POWER + blk * CARD_W]
    if blk_deals and bpower > 0 and live_attackers(s) >= 2 and s[ASSIGN_DONE] == 0:
        # CR 10.1.4.2.1: the blocker's controller assigns its damage among the party
        if s[ASSIGN_LEFT] == 0:
            s[ASSIGN_LEFT] = bpower
            for i in range(FIELD_SLOTS):
                s[ASSIGNED + i] = 0
        set_decision(s, K.Decision.ASSIGN_PARTY_DAMAGE, 1 - tp)
        return
    if atk_deals:
        total = 0
        for i in range(s[ATK_N]):
            slot = s[ATK_L + i]
            if controls(s, tp, slot) and s[D_POWER + slot * CARD_W] > 0:
                total += s[D_POWER + slot * CARD_W]
        s[DMG + blk * CARD_W] += total
    if blk_deals and bpower > 0:
        if live_attackers(s) >= 2:
            for i in range(s[ATK_N]):
                slot = s[ATK_L + i]
                if controls(s, tp, slot):
                    s[DMG + slot * CARD_W] += s[ASSIGNED + i]
        else:
            for i in range(s[ATK_N]):
                slot = s[ATK_L + i]
                if controls(s, tp, slot):
                    s[DMG + slot * CARD_W] += bpower
    s[ASSIGN_DONE] = 0
    s[ASSIGN_LEFT] = 0
    if stage == DS_FIRST:
        # CR 15.2.3.3: priority without actions between the two damage stages: rule processes
        if rule_processes(s, T):
            return
        s[DSTAGE] = DS_SECOND
        return
    s[FLOW] = FL_DAMAGE_DONE


@internal
def end_cleanup(s, T):
    """CR 9.5.1.3: damage and "until the end of the turn" effects end, then the next turn."""
    # only cards on the field carry damage or end-of-turn changes: effects apply them to field
    # cards only, and a card leaving the field is reset (reset_card_state). So visit the field,
    # not all 120 slots (a vector env's rows are cold in cache: each slot is a cache line)
    for p in range(2):
        for i in range(s[FIELD_N + p]):
            slot = s[FIELD_L + p * FIELD_SLOTS + i]
            s[DMG + slot * CARD_W] = 0
            s[PMOD_EOT + slot * CARD_W] = 0
            s[KW_EOT + slot * CARD_W] = 0
            s[RST_EOT + slot * CARD_W] = 0
    if rule_processes(s, T):
        return
    # CR 9.5.1.4: triggered abilities would get priority here; none of the vocabulary triggers on
    # clean-up, so the next turn starts (CR 9.5.1.5)
    s[H_TURN] += 1
    s[TURN_PLAYER] = 1 - s[TURN_PLAYER]
    s[FLOW] = FL_BEGIN_TURN


@internal
def actions_allowed_now(s):
    """CR 9.5.1.1: no Summons or abilities in the End Phase."""
    return s[PHASE] != K.Phase.END


@internal
def priority_point(s, T):
    """CR 11.1.3 / 11.1.4 / 12.3: rule processes, pending auto-abilities, then priority."""
    if rule_processes(s, T):
        return
    tp = s[TURN_PLAYER]
    for k in range(2):
        p = tp if k == 0 else 1 - tp
        n = s[PT_N + p]
        if n == 0:
            continue
        if n == 1:
            place_trigger(s, T, p, 0)
        else:
            s[CAND_N] = n
            for i in range(n):
                s[CAND + i] = i
            set_decision(s, K.Decision.ORDER_TRIGGERS, p)  # CR 11.8.7: its controller orders them
        return
    if not actions_allowed_now(s):
        do_pass(s, T, s[PRIORITY_PLAYER])
        return
    set_decision(s, K.Decision.PRIORITY, s[PRIORITY_PLAYER])
    s[PRIORITY_CLEAN] = 1  # rule processes found nothing, no auto-ability pending (see apply_unchecked)


@internal
def place_trigger(s, T, player, index):
    """Put pending auto-ability ``index`` of ``player`` onto the stack, choosing its targets."""
    n = s[PT_N + player]
    base = PT + (player * PENDING_TRIGGER_MAX + index) * 3
    slot = s[base]
    arow = s[base + 1]
    aux = s[base + 2]
    for i in range(index, n - 1):
        b0 = PT + (player * PENDING_TRIGGER_MAX + i) * 3
        s[b0] = s[b0 + 3]
        s[b0 + 1] = s[b0 + 4]
        s[b0 + 2] = s[b0 + 5]
    s[PT_N + player] = n - 1
    if s[STACK_N] >= STACK_MAX or s[FRAME_N] >= FRAME_MAX:
        return  # capacity: dropped (documented)
    push_program_frame(s, T, M_TARGET, P_TRIGGER, EK_ABILITY, slot, arow, player, aux)


@internal
def do_pass(s, T, player):
    """CR 11.1.6 / 11.1.7."""
    s[PASSES] += 1
    if s[PASSES] >= 2:
        s[PASSES] = 0
        if s[STACK_N] > 0:
            s[FLOW] = FL_RESOLVE
        else:
            s[FLOW] = FL_STEP_END
    else:
        s[PRIORITY_PLAYER] = 1 - player
        s[FLOW] = FL_PRIORITY


@internal
def resolve_top(s, T):
    """CR 11.11: resolve the top Summon or ability."""
    abil = ability_table(T)
    n = s[STACK_N] - 1
    src = STACK + n * ENTRY_W
    s[STACK_N] = n
    base = push_program_frame(s, T, M_EXEC, P_RESOLVE, 0, -1, 0, 0, 0)
    copy_entry(s, src, base)
    s[base + FR_MODE] = M_EXEC
    s[base + FR_PURPOSE] = P_RESOLVE
    arow = s[base + E_ABIL]
    ctrl = s[base + E_CTRL]
    s[FLOW] = FL_AFTER_RESOLVE
    ok = validate_entry_targets(s, T, base)
    if ok and abil[arow, K.A_KIND] == K.AbilityKind.AUTO:
        # CR 11.11.3: conditional auto-abilities check the condition again
        ok = condition_holds(s, T, abil[arow, K.A_COND], abil[arow, K.A_COND_ARG], ctrl, s[base + E_SLOT])
    if not ok:
        s[base + FR_PC] = abil[arow, K.A_CODE_LEN]  # cancelled: the frame finishes at once
    elif abil[arow, K.A_OPTIONAL] != 0:
        s[base + FR_PC] = -1


@internal
def offer_declaration(s):
    """CR 10.1.2: the declaration step; the turn player declares attackers (or none)."""
    s[STEP] = K.AttackStep.DECLARATION
    s[ATK_N] = 0
    set_decision(s, K.Decision.DECLARE_ATTACK, s[TURN_PLAYER])


@internal
def offer_block(s):
    """CR 10.1.3: the block step; the non-turn player declares a blocker (or none)."""
    s[STEP] = K.AttackStep.BLOCK
    set_decision(s, K.Decision.DECLARE_BLOCK, 1 - s[TURN_PLAYER])


@njit(cache=True)
def advance(s, T):
    """Run until a decision is pending or the game is over."""
    guard = 0
    fresh = False  # derived values recomputed since the last change (saves a refresh per decision)
    while s[H_DONE] == 0 and s[H_DECISION] == K.Decision.NONE:
        fresh = False
        guard += 1
        if guard > 100000:
            s[H_ERROR] = 1
            end_game(s, WINNER_DRAW)
            return
        if s[FRAME_N] > 0:
            if run_top_frame(s, T):
                finish_frame(s, T)
            continue
        flow = s[FLOW]
        if flow == FL_PRIORITY:
            priority_point(s, T)
            fresh = True  # rule processes refreshed; placing triggers / passing changes nothing derived
        elif flow == FL_STEP_END:
            step_end(s, T)
        elif flow == FL_RESOLVE:
            resolve_top(s, T)
        elif flow == FL_AFTER_RESOLVE:
            s[PRIORITY_PLAYER] = s[TURN_PLAYER]  # CR 11.1.5
            s[PASSES] = 0
            s[FLOW] = FL_PRIORITY
        elif flow == FL_PAY:
            if payment_complete(s):
                finish_payment(s, T)
            elif s[PAY_SAMENAME] != 0 or s[PAY_DISCARD_LEFT] > 0:
                set_decision(s, K.Decision.PAY_DISCARD, s[PAY_PLAYER])
            else:
                set_decision(s, K.Decision.PAY_CP, s[PAY_PLAYER])
        elif flow == FL_BEGIN_TURN:
            start_turn(s, T)
        elif flow == FL_DECLARE:
            offer_declaration(s)
        elif flow == FL_BLOCK:
            offer_block(s)
        elif flow == FL_DAMAGE_STEP:
            damage_step(s, T)
        elif flow == FL_DAMAGE_DEAL:
            damage_deal(s, T)
        elif flow == FL_DAMAGE_DONE:
            s[PRIORITY_PLAYER] = s[TURN_PLAYER]  # CR 10.1.4.4
            s[PASSES] = 0
            s[FLOW] = FL_PRIORITY
        elif flow == FL_END_HAND_LIMIT:
            tp = s[TURN_PLAYER]
            if s[HAND_N + tp] > HAND_LIMIT:
                s[DEC_ARG] = 0
                set_decision(s, K.Decision.DISCARD, tp)  # CR 9.5.1.2
            else:
                s[FLOW] = FL_END_CLEANUP
        elif flow == FL_END_CLEANUP:
            end_cleanup(s, T)
        elif flow == FL_START:
            fp = s[FIRST_PLAYER]
            draw_cards(s, fp, K.OPENING_HAND)  # CR 8.2.1.3
            draw_cards(s, 1 - fp, K.OPENING_HAND)
            s[MULLIGAN_STAGE] = 0
            s[FLOW] = FL_MULLIGAN
        elif flow == FL_MULLIGAN:
            stage = s[MULLIGAN_STAGE]
            if stage >= 2:
                s[H_TURN] = 1
                s[TURN_PLAYER] = s[FIRST_PLAYER]
                s[FLOW] = FL_BEGIN_TURN
            else:
                p = s[FIRST_PLAYER] if stage == 0 else 1 - s[FIRST_PLAYER]
                set_decision(s, K.Decision.MULLIGAN, p)  # CR 8.2.1.4: first player first
        else:
            s[H_ERROR] = 2
            end_game(s, WINNER_DRAW)
            return
    if not fresh:
        refresh_derived(s, T)


# =============================================================================================
# Legal actions
# =============================================================================================
@njit(cache=True)
def legal_mask_row(s, T, out):
    cards = card_table(T)
    for a in range(NUM_ACTIONS):
        out[a] = 0
    if s[H_DONE] != 0:
        return 0
    kind = s[H_DECISION]
    p = s[H_DECIDER]
    n_legal = 0
    if (
        kind == K.Decision.CHOOSE_FIRST
        or kind == K.Decision.MULLIGAN
        or kind == K.Decision.EX_BURST
        or kind == K.Decision.OPTIONAL_EFFECT
    ):
        out[PASS] = 1
        ok = True
        if kind == K.Decision.EX_BURST:
            slot = s[DEC_ARG]
            arow = cards[s[CARD + slot * CARD_W], K.C_EX_ABIL]
            ok = s[FRAME_N] < FRAME_MAX and has_required_targets(s, T, arow, p, slot)
        out[OPTION_BASE] = 1 if ok else 0
        return 1 + (1 if ok else 0)
    if kind == K.Decision.PRIORITY:
        out[PASS] = 1
        n_legal = 1
        if s[PHASE] == K.Phase.MAIN1 or s[PHASE] == K.Phase.MAIN2 or s[PHASE] == K.Phase.ATTACK:
            # what hand_card_playable checks first, once for the whole hand: most hand cards fail
            # it (every character of the player without the turn, or in the Attack Phase, or with
            # a non-empty stack) and are skipped without the call; the CP sources are counted
            # only once a card or an ability gets that far
            summons_ok = s[STACK_N] < STACK_MAX and s[FRAME_N] < FRAME_MAX
            characters_ok = (p == s[TURN_PLAYER] and (s[PHASE] == K.Phase.MAIN1 or s[PHASE] == K.Phase.MAIN2)
                             and s[STACK_N] == 0 and s[FIELD_N + p] < FIELD_SLOTS)
            counted = False
            nd, disc, nb, bk = 0, np.int64(0), 0, np.int64(0)
            nh = min(s[HAND_N + p], HAND_SLOTS)
            for i in range(nh):
                slot = s[HAND_L + p * MAX_DECK + i]
                if not (summons_ok if cards[s[CARD + slot * CARD_W], K.C_TYPE] == K.CardType.SUMMON else characters_ok):
                    continue
                if not counted:
                    nd, disc, nb, bk = count_resources(s, T, p)
                    counted = True
                if hand_card_playable(s, T, p, slot, nd, disc, nb, bk):
                    out[HAND_BASE + i] = 1
                    n_legal += 1
            for i in range(s[FIELD_N + p]):
                slot = s[FIELD_L + p * FIELD_SLOTS + i]
                cid = s[CARD + slot * CARD_W]
                for j in range(K.ABILITIES_PER_CARD):
                    arow = cards[cid, K.C_ACT0 + j]
                    if arow < 0:
                        continue
                    if not counted:
                        nd, disc, nb, bk = count_resources(s, T, p)
                        counted = True
                    if ability_usable(s, T, p, slot, arow, nd, disc, nb, bk):
                        out[ABILITY_BASE + i * K.ABILITIES_PER_CARD + j] = 1
                        n_legal += 1
        return n_legal
    if kind == K.Decision.PAY_CP:
        reserved = pay_reserved_field(s, T)
        nd, nde, nb, nbe = pay_resources(s, T, p, s[PAY_ELEM], -1, reserved)
        elem = s[PAY_ELEM]
        remaining = s[PAY_COST] - s[PAY_PAID]
        need = s[PAY_HAS_ELEM] == 0
        nh = min(s[HAND_N + p], HAND_SLOTS)
        for i in range(nh):
            slot = s[HAND_L + p * MAX_DECK + i]
            cid = s[CARD + slot * CARD_W]
            if is_light_dark(cards, cid):
                continue
            m = cards[cid, K.C_ELEMENT] == elem
            # a discard may overpay by one CP (CR 5.2.1.3.1): pay_feasible(-1, ...) allows it
            if pay_feasible(remaining - 2, need and not m, nd - 1, nde - (1 if m else 0), nb, nbe):
                out[HAND_BASE + i] = 1
                n_legal += 1
        for i in range(s[FIELD_N + p]):
            slot = s[FIELD_L + p * FIELD_SLOTS + i]
            cid = s[CARD + slot * CARD_W]
            if cards[cid, K.C_TYPE] != K.CardType.BACKUP or s[DULL + slot * CARD_W] != 0 or slot == reserved:
                continue
            m = cards[cid, K.C_ELEMENT] == elem
            if pay_feasible(remaining - 1, need and not m, nd, nde, nb - 1, nbe - (1 if m else 0)):
                out[OWN_FIELD_BASE + i] = 1
                n_legal += 1
        return n_legal
    if kind == K.Decision.PAY_DISCARD:
        nh = min(s[HAND_N + p], HAND_SLOTS)
        src = s[PAY_SLOT]
        for i in range(nh):
            slot = s[HAND_L + p * MAX_DECK + i]
            if s[PAY_SAMENAME] != 0:
                if cards[s[CARD + slot * CARD_W], K.C_NAME] != cards[s[CARD + src * CARD_W], K.C_NAME]:
                    continue
                # the rest of the hand must still pay the CP (CR 11.7.1)
                if s[PAY_COST] > 0 and not can_pay(s, T, p, s[PAY_COST], s[PAY_ELEM], slot, pay_reserved_field(s, T)):
                    continue
            out[HAND_BASE + i] = 1
            n_legal += 1
        return n_legal
    if kind == K.Decision.CHOOSE_TARGET:
        base = FRAMES + (s[FRAME_N] - 1) * FRAME_W
        frow = s[DEC_ARG]
        reg = s[DEC_ARG + 1]
        src = s[base + E_SLOT]
        for q in range(2):
            off = OWN_FIELD_BASE if q == p else OPP_FIELD_BASE
            for i in range(s[FIELD_N + q]):
                slot = s[FIELD_L + q * FIELD_SLOTS + i]
                if filter_match(s, T, frow, slot, p, src) and not reg_contains(s, base, reg, slot):
                    out[off + i] = 1
                    n_legal += 1
        if s[DEC_ARG + 2] != 0:
            out[PASS] = 1
            n_legal += 1
        return n_legal
    if kind == K.Decision.DECLARE_ATTACK or kind == K.Decision.ADD_TO_PARTY:
        out[PASS] = 1
        n_legal = 1
        for i in range(s[FIELD_N + p]):
            slot = s[FIELD_L + p * FIELD_SLOTS + i]
            if can_attack(s, T, p, slot):
                if kind == K.Decision.ADD_TO_PARTY:
                    # CR 15.1.1.9.2: a party shares one element
                    if cards[s[CARD + slot * CARD_W], K.C_ELEMENT] != cards[s[CARD + (s[ATK_L]) * CARD_W], K.C_ELEMENT]:
                        continue
                out[OWN_FIELD_BASE + i] = 1
                n_legal += 1
        return n_legal
    if kind == K.Decision.DECLARE_BLOCK:
        out[PASS] = 1
        n_legal = 1
        for i in range(s[FIELD_N + p]):
            slot = s[FIELD_L + p * FIELD_SLOTS + i]
            if can_block(s, T, p, slot):
                out[OWN_FIELD_BASE + i] = 1
                n_legal += 1
        return n_legal
    if kind == K.Decision.ASSIGN_PARTY_DAMAGE:
        tp = 1 - p
        for i in range(s[FIELD_N + tp]):
            slot = s[FIELD_L + tp * FIELD_SLOTS + i]
            if zone_find(s, ATK_N, ATK_L, slot) >= 0:
                out[OPP_FIELD_BASE + i] = 1
                n_legal += 1
        return n_legal
    if kind == K.Decision.ORDER_TRIGGERS or kind == K.Decision.SELECT_CARD:
        for k in range(s[CAND_N]):
            out[OPTION_BASE + k] = 1
            n_legal += 1
        if kind == K.Decision.SELECT_CARD:
            out[PASS] = 1  # searching / putting onto the field may find nothing (documented)
            n_legal += 1
        return n_legal
    if kind == K.Decision.DISCARD:
        nh = min(s[HAND_N + p], HAND_SLOTS)
        for i in range(nh):
            out[HAND_BASE + i] = 1
            n_legal += 1
        return n_legal
    return 0


@internal
def pay_reserved_field(s, T):
    """The source of an ability with a dull or break-self cost can't also be dulled for CP."""
    if s[PAY_KIND] != PK_ABILITY:
        return -1
    abil = ability_table(T)
    arow = s[PAY_ABIL]
    if abil[arow, K.A_COST_DULL] != 0 or abil[arow, K.A_COST_BREAK_SELF] != 0:
        return s[PAY_SLOT]
    return -1


# =============================================================================================
# Applying an action
# =============================================================================================
@njit(cache=True)
def apply_unchecked(s, T, a):
    """Perform legal action ``a`` of the pending decision, then advance."""
    cards = card_table(T)
    kind = s[H_DECISION]
    p = s[H_DECIDER]
    s[H_DECISION] = K.Decision.NONE
    s[H_DECIDER] = -1
    s[H_NUM_DECISIONS] += 1
    clean = s[PRIORITY_CLEAN] != 0
    s[PRIORITY_CLEAN] = 0
    if kind == K.Decision.CHOOSE_FIRST:
        fp = p if a == OPTION_BASE else 1 - p
        s[FIRST_PLAYER] = fp
        s[FLOW] = FL_START
    elif kind == K.Decision.MULLIGAN:
        if a == OPTION_BASE:
            # CR 8.2.1.4: the five cards go to the bottom (in hand order, documented), draw five
            while s[HAND_N + p] > 0:
                slot = zone_remove_at(s, HAND_N + p, HAND_L + p * MAX_DECK, 0)
                s[ZONE + slot * CARD_W] = K.Zone.DECK
                zone_push_bottom(s, DECK_N + p, DECK_L + p * MAX_DECK, slot)
            draw_cards(s, p, K.OPENING_HAND)
        s[MULLIGAN_STAGE] += 1
    elif kind == K.Decision.PRIORITY:
        if a == PASS:
            do_pass(s, T, p)
            if clean and s[H_NUM_DECISIONS] < MAX_DECISIONS_PER_GAME:
                # The priority point that offered this decision ran the rule processes (CR 12.3)
                # and found nothing, and no auto-ability was pending. A pass, and the end of a step
                # or phase it may bring (CR 11.1.7: step_end changes the phase, step and priority
                # bookkeeping and may trigger auto-abilities), change nothing the rule processes or
                # the derived values read. So the next priority point, if it comes at once, would
                # find the same: without new auto-abilities it offers the decision straight away
                # (what advance -> priority_point would do, without recomputing derived values)
                if s[FLOW] == FL_STEP_END:
                    step_end(s, T)
                if s[FLOW] == FL_PRIORITY and s[PT_N] == 0 and s[PT_N + 1] == 0 and actions_allowed_now(s):
                    set_decision(s, K.Decision.PRIORITY, s[PRIORITY_PLAYER])
                    s[PRIORITY_CLEAN] = 1
                    return
                # the same for an Attack Phase step that ends in the declaration of attackers or
                # of a blocker (CR 10.1.2 / 10.1.3): advance would only set the step and offer the
                # decision, and the derived values read none of what changed (step, attackers,
                # blocker, passes)
                if s[FLOW] == FL_DECLARE:
                    offer_declaration(s)
                    return
                if s[FLOW] == FL_BLOCK:
                    offer_block(s)
                    return
                # the End Phase's priority points (CR 9.5.1.1: no player acts there) would run the
                # rule processes, find nothing for the same reason, and pass for each player; what
                # follows them (hand limit, clean-up, the next turn) goes through advance
                while (s[FLOW] == FL_PRIORITY and s[PT_N] == 0 and s[PT_N + 1] == 0
                       and not actions_allowed_now(s)):
                    do_pass(s, T, s[PRIORITY_PLAYER])
                if s[FLOW] == FL_STEP_END:
                    step_end(s, T)
        elif a < OWN_FIELD_BASE:
            play_from_hand(s, T, p, a - HAND_BASE)
        else:
            k = a - ABILITY_BASE
            activate_ability(s, T, p, k // K.ABILITIES_PER_CARD, k % K.ABILITIES_PER_CARD)
    elif kind == K.Decision.PAY_CP:
        if a < OWN_FIELD_BASE:
            slot = discard_hand_index(s, p, a - HAND_BASE)
            s[PAY_PAID] += 2
            s[PAY_NDISC] += 1
        else:
            slot = s[FIELD_L + p * FIELD_SLOTS + (a - OWN_FIELD_BASE)]
            s[DULL + slot * CARD_W] = 1
            s[PAY_PAID] += 1
        if cards[s[CARD + slot * CARD_W], K.C_ELEMENT] == s[PAY_ELEM]:
            s[PAY_HAS_ELEM] = 1
    elif kind == K.Decision.PAY_DISCARD:
        discard_hand_index(s, p, a - HAND_BASE)
        if s[PAY_SAMENAME] != 0:
            s[PAY_SAMENAME] = 0
        else:
            s[PAY_DISCARD_LEFT] -= 1
    elif kind == K.Decision.CHOOSE_TARGET:
        base = FRAMES + (s[FRAME_N] - 1) * FRAME_W
        reg = s[DEC_ARG + 1]
        if a == PASS:
            s[base + FR_PC] += 1
        else:
            if a < OPP_FIELD_BASE:
                slot = s[FIELD_L + p * FIELD_SLOTS + (a - OWN_FIELD_BASE)]
            else:
                slot = s[FIELD_L + (1 - p) * FIELD_SLOTS + (a - OPP_FIELD_BASE)]
            n = s[base + E_REGN + reg]
            s[base + E_REG + reg * TARGET_MAX + n] = slot
            s[base + E_REGN + reg] = n + 1
    elif kind == K.Decision.DECLARE_ATTACK:
        if a == PASS:
            # end of the Attack Phase (CR 10.1.4.6): Main Phase 2
            s[ATK_N] = 0
            s[PHASE] = K.Phase.MAIN2
            s[STEP] = K.AttackStep.NONE
            s[PRIORITY_PLAYER] = p
            s[PASSES] = 0
            s[FLOW] = FL_PRIORITY
        else:
            slot = s[FIELD_L + p * FIELD_SLOTS + (a - OWN_FIELD_BASE)]
            s[ATK_N] = 0
            zone_push(s, ATK_N, ATK_L, slot)
            if party_candidates(s, T, p) > 0:
                set_decision(s, K.Decision.ADD_TO_PARTY, p)
            else:
                declare_attackers_done(s, T)
    elif kind == K.Decision.ADD_TO_PARTY:
        if a == PASS:
            declare_attackers_done(s, T)
        else:
            slot = s[FIELD_L + p * FIELD_SLOTS + (a - OWN_FIELD_BASE)]
            zone_push(s, ATK_N, ATK_L, slot)
            if party_candidates(s, T, p) > 0:
                set_decision(s, K.Decision.ADD_TO_PARTY, p)
            else:
                declare_attackers_done(s, T)
    elif kind == K.Decision.DECLARE_BLOCK:
        s[BLOCKER] = -1
        s[BLOCK_DECLARED] = 0
        if a != PASS:
            slot = s[FIELD_L + p * FIELD_SLOTS + (a - OWN_FIELD_BASE)]
            s[BLOCKER] = slot
            s[BLOCK_DECLARED] = 1  # CR 10.1.3.4: a party is blocked as one
            trigger_card(s, T, slot, p, K.Trigger.BLOCKS_SELF, -1)
        s[PRIORITY_PLAYER] = s[TURN_PLAYER]  # CR 10.1.3.6
        s[PASSES] = 0
        s[FLOW] = FL_PRIORITY
    elif kind == K.Decision.ASSIGN_PARTY_DAMAGE:
        slot = s[FIELD_L + (1 - p) * FIELD_SLOTS + (a - OPP_FIELD_BASE)]
        i = zone_find(s, ATK_N, ATK_L, slot)
        unit = 1000 if s[ASSIGN_LEFT] >= 1000 else s[ASSIGN_LEFT]
        s[ASSIGNED + i] += unit
        s[ASSIGN_LEFT] -= unit
        if s[ASSIGN_LEFT] > 0:
            set_decision(s, K.Decision.ASSIGN_PARTY_DAMAGE, p)
        else:
            s[ASSIGN_DONE] = 1
    elif kind == K.Decision.EX_BURST:
        if a == OPTION_BASE:
            slot = s[DEC_ARG]
            arow = cards[s[CARD + slot * CARD_W], K.C_EX_ABIL]
            push_program_frame(s, T, M_BOTH, P_EX, EK_ABILITY, slot, arow, p, -1)  # CR 11.10.2
    elif kind == K.Decision.OPTIONAL_EFFECT:
        base = FRAMES + (s[FRAME_N] - 1) * FRAME_W
        if a == OPTION_BASE:
            s[base + FR_PC] = 0
        else:
            s[base + FR_PC] = ability_table(T)[s[base + E_ABIL], K.A_CODE_LEN]
    elif kind == K.Decision.ORDER_TRIGGERS:
        place_trigger(s, T, p, s[CAND + (a - OPTION_BASE)])
    elif kind == K.Decision.DISCARD:
        discard_hand_index(s, p, a - HAND_BASE)
        if s[DEC_ARG] == 1:
            base = FRAMES + (s[FRAME_N] - 1) * FRAME_W
            s[base + FR_CNT] += 1
    elif kind == K.Decision.SELECT_CARD:
        base = FRAMES + (s[FRAME_N] - 1) * FRAME_W
        arow = s[base + E_ABIL]
        r = ability_table(T)[arow, K.A_CODE_START] + s[base + FR_PC]
        op = code_table(T)[r, K.I_OP]
        if op == K.Op.SEARCH:
            if a != PASS:
                slot = s[CAND + (a - OPTION_BASE)]
                take_from_zone(s, slot)
                if code_table(T)[r, K.I_A1] == K.Destination.HAND:
                    put_in_zone(s, slot, K.Zone.HAND)
                else:
                    enter_field(s, T, slot, p)
            shuffle_deck(s, p)
            s[base + FR_CNT] = 0
            s[base + FR_PC] += 1
        else:
            if a == PASS:
                s[base + FR_CNT] = 0
                s[base + FR_PC] += 1
            else:
                put_onto_field_from_zone(s, T, s[CAND + (a - OPTION_BASE)], p)
                s[base + FR_CNT] += 1
    if s[H_NUM_DECISIONS] >= MAX_DECISIONS_PER_GAME and s[H_DONE] == 0:
        end_game(s, WINNER_DRAW)  # CR 13.1 safety net (documented)
        return
    advance(s, T)


@internal
def party_candidates(s, T, player):
    cards = card_table(T)
    n = 0
    el = cards[s[CARD + (s[ATK_L]) * CARD_W], K.C_ELEMENT]
    for i in range(s[FIELD_N + player]):
        slot = s[FIELD_L + player * FIELD_SLOTS + i]
        if can_attack(s, T, player, slot) and cards[s[CARD + slot * CARD_W], K.C_ELEMENT] == el:
            n += 1
    return n


# =============================================================================================
# A new game (the hook ``setup_row`` of tcg_env.engine.hooks; the core's ``reset_row`` calls it)
# =============================================================================================
@internal
def setup_row(s, deck0, deck1, T):
    """CR 8.2: a new game, in a row the core has zeroed, headed and seeded. Player p's deck card i
    goes to slot p*MAX_DECK + i."""
    for slot in range(N_SLOTS):
        s[CARD + slot * CARD_W] = -1
        s[OWNER + slot * CARD_W] = slot // MAX_DECK
        s[CONTROLLER + slot * CARD_W] = slot // MAX_DECK
    for k in range(2 * MAX_DECK):
        s[DECK_L + k] = -1
        s[HAND_L + k] = -1
        s[BREAK_L + k] = -1
        s[DAMAGE_L + k] = -1
        s[REMOVED_L + k] = -1
    for k in range(2 * FIELD_SLOTS):
        s[FIELD_L + k] = -1
    for k in range(FIELD_SLOTS):
        s[ATK_L + k] = -1
    s[BLOCKER] = -1
    for p in range(2):
        deck = deck0 if p == 0 else deck1
        for i in range(deck.shape[0]):
            slot = p * MAX_DECK + i
            s[CARD + slot * CARD_W] = deck[i]
            s[ZONE + slot * CARD_W] = K.Zone.DECK
            zone_push(s, DECK_N + p, DECK_L + p * MAX_DECK, slot)
        shuffle_deck(s, p)  # CR 8.2.1.1
    chooser = rng_below(s, 2)  # CR 8.2.1.2
    s[PHASE] = K.Phase.SETUP
    set_decision(s, K.Decision.CHOOSE_FIRST, chooser)
