"""Weiss Schwarz rules as numba kernels over one int32 state row.

Reading guide
-------------
* ``advance`` runs the game by itself until a player must decide (decision kind and deciding
  player go into the header) or the game ends. Every loop first asks a level up that is due (an
  interrupt, CR 9.1.2.1: it suspends whatever was being done, ``SUSPENDED``), then resumes the
  suspended action, or runs the effect program in progress, or at a check timing (no program in
  progress) the check-type rule actions (CR 9.1.2.2), then the pending automatic abilities
  (CR 8.5.1), then the turn's flow (``F_*``).
  The refresh (CR 9.2), the other interrupt, happens inside the moves that empty a deck.
* ``legal_mask_row`` writes the exact legal actions of the pending decision; ``apply_unchecked``
  performs one legal action and calls ``advance``.
* ``T`` is the compiled card pool's tables ``cards``, ``abilities``, ``filters``, ``code`` (column
  layouts in ``constants``) packed into one array (``tcg_env.engine.tables``; a kernel reads them
  through ``card_table(T)`` ...). It is an argument, never a global.

Comments cite the comprehensive rules v2.03 as ``CR x.y``.
"""

import itertools

import numpy as np
from numba import njit

from tcg_env.engine.tables import ability_table, card_table, code_table, filter_table
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
)
from tcg_env.engine.jit import internal
from tcg_env.engine.rng import rng_below, rng_seed_one, shuffle_run
from tcg_env.engine.zones import zone_pop_top, zone_push, zone_remove, zone_remove_at
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.state import (
    CX_SLOT_N,
    CX_SLOTS,
    MOVE_RUN_OPEN,
    MOVE_RUN_SEEN,
    MOVE_RUN_START,
    ATK_POS,
    ATK_SLOT,
    ATK_TYPE,
    ATTACKS_DONE,
    CAND,
    CAND_N,
    CARD,
    CARD_W,
    CLOCK_L,
    CLOCK_N,
    COUNTER_USED,
    CX_L,
    CX_N,
    CX_PLAYED,
    D_KW,
    D_LEVEL,
    D_POWER,
    D_RST,
    D_SOUL,
    DEC_ARG,
    DECK_L,
    DECK_N,
    DEF_POS,
    DEF_SLOT,
    FIRST_PLAYER,
    FLOW,
    FR_ABIL,
    FR_AUX,
    FR_CNT,
    FR_MASTER,
    FR_PC,
    FR_REG,
    FR_REGN,
    FR_SLOT,
    FR_STORE,
    FRAME_N,
    FRAME_W,
    FRAMES,
    HAND_L,
    HAND_N,
    KWMOD,
    LEVEL_L,
    LEVEL_N,
    LMOD,
    LONG_UNTIL,
    MARKER_N,
    MEMORY_L,
    MEMORY_N,
    MULL_DISCARDS,
    MULLIGAN_STAGE,
    ORIENT,
    OWNER,
    PAY_ABIL,
    PAY_AUX,
    PAY_CLOCK_LEFT,
    PAY_DISCARD_LEFT,
    PAY_SLOT,
    PHASE,
    PLACED_TURN,
    PMOD,
    PMOD_LONG,
    POS,
    PT,
    PT_N,
    REFRESH_POINT,
    RES_L,
    RES_N,
    RSTMOD,
    SHOT_ARMED,
    SMOD,
    STAGE,
    STATE_SIZE,
    STEP,
    STOCK_L,
    STOCK_N,
    SUSPENDED,
    TIMESTAMP,
    TRIG_ICON_I,
    TRIG_SLOT,
    TURN_PLAYER,
    USES,
    WR_L,
    WR_N,
    ZONE,
)

# flow states: what ``advance`` does next when nothing else is pending
F_MULLIGAN = 1
F_TURN_START = 2  # CR 6.2 stand phase, 6.3 draw phase
F_CLOCK = 3  # CR 6.4
F_MAIN = 4  # CR 6.5
F_CLIMAX = 5  # CR 6.6
F_ATTACK_DECL = 6  # CR 7.2
F_TRIGGER = 7  # CR 7.3.1.2 reveal
F_TRIGGER_ICON = 8  # perform icon TRIG_ICON_I of the revealed card
F_TRIGGER_DONE = 9  # the trigger card to stock
F_COUNTER = 10  # CR 7.4
F_DAMAGE = 11  # CR 7.5
F_BATTLE = 12  # CR 7.6
F_END_ATTACK = 13  # CR 7.5.1.4 / 7.6.1.5
F_ENCORE = 14  # CR 7.7
F_END = 15  # CR 6.8
F_END_CLEANUP = 16

# SUSPENDED: a turn action a level up (CR 9.3.1, an interrupt-type rule action, 9.1.2.1) suspended:
# what is left of it when the level up is done. (An effect program needs no entry: it stays on the
# frame stack at its next instruction, and ``advance`` resumes it after the level up.)
RS_NONE = 0
RS_CLOCK_DRAWS = 1  # CR 6.4.1.2: the clocked card's two draws, then the main phase

ERR_UNSUPPORTED_OP = 101  # H_ERROR: an effect opcode this engine version does not run (skipped)

POWER_MIN = -1000000


# =============================================================================================
# Small helpers
# =============================================================================================
@internal
def cid_of(s, slot):
    return s[CARD + slot * CARD_W]


@internal
def owner_of(s, slot):
    return s[OWNER + slot * CARD_W]


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
def zone_offsets(z, p):
    """(count offset, run offset) of list zone ``z`` of player ``p``."""
    if z == K.Zone.DECK:
        return DECK_N + p, DECK_L + p * K.MAX_DECK
    if z == K.Zone.HAND:
        return HAND_N + p, HAND_L + p * K.MAX_DECK
    if z == K.Zone.WAITING_ROOM:
        return WR_N + p, WR_L + p * K.MAX_DECK
    if z == K.Zone.CLOCK:
        return CLOCK_N + p, CLOCK_L + p * K.MAX_DECK
    if z == K.Zone.LEVEL:
        return LEVEL_N + p, LEVEL_L + p * K.MAX_DECK
    if z == K.Zone.STOCK:
        return STOCK_N + p, STOCK_L + p * K.MAX_DECK
    if z == K.Zone.MEMORY:
        return MEMORY_N + p, MEMORY_L + p * K.MAX_DECK
    if z == K.Zone.RESOLUTION:
        return RES_N + p, RES_L + p * K.MAX_DECK
    return CX_N + p, CX_L + p * K.MAX_DECK


@internal
def reset_card(s, slot):
    """CR 3.1.4: a card that changes zones is a new card; its effects are gone."""
    b = slot * CARD_W
    s[ORIENT + b] = K.Orientation.STAND
    s[POS + b] = -1
    s[PMOD + b] = 0
    s[SMOD + b] = 0
    s[LMOD + b] = 0
    s[KWMOD + b] = 0
    s[RSTMOD + b] = 0
    s[PMOD_LONG + b] = 0
    s[LONG_UNTIL + b] = 0
    s[USES + b] = 0


@internal
def take_from_zone(s, slot):
    """Remove ``slot`` from wherever it is (markers under a leaving character go to the waiting
    room with it, CR 3.7.3.2)."""
    z = s[ZONE + slot * CARD_W]
    p = owner_of(s, slot)
    if z == K.Zone.STAGE:
        pos = s[POS + slot * CARD_W]
        s[STAGE + p * K.N_POSITIONS + pos] = -1
        if s[MARKER_N + p * K.N_POSITIONS + pos] > 0:
            for m in range(K.N_SLOTS):
                if s[ZONE + m * CARD_W] == K.Zone.MARKER and s[POS + m * CARD_W] == pos and owner_of(s, m) == p:
                    s[ZONE + m * CARD_W] = K.Zone.WAITING_ROOM
                    s[POS + m * CARD_W] = -1
                    zone_push(s, WR_N + p, WR_L + p * K.MAX_DECK, m)
            s[MARKER_N + p * K.N_POSITIONS + pos] = 0
    elif z == K.Zone.MARKER:
        s[MARKER_N + p * K.N_POSITIONS + s[POS + slot * CARD_W]] -= 1
    elif z != K.Zone.NONE:
        n_off, l_off = zone_offsets(z, p)
        zone_remove(s, n_off, l_off, slot)
    s[ZONE + slot * CARD_W] = K.Zone.NONE


@internal
def put_in_zone(s, slot, z):
    """Put ``slot`` on top of list zone ``z`` of its owner (CR 3.1.6)."""
    take_from_zone(s, slot)
    reset_card(s, slot)
    p = owner_of(s, slot)
    n_off, l_off = zone_offsets(z, p)
    zone_push(s, n_off, l_off, slot)
    s[ZONE + slot * CARD_W] = z


@internal
def shuffle_deck(s, p):
    shuffle_run(s, DECK_L + p * K.MAX_DECK, s[DECK_N + p])


@internal
def refresh_if_empty(s, p):
    """CR 9.2 (interrupt): an empty deck takes the whole waiting room, shuffled; refresh point +1.
    CR 9.2.2.1: with an empty waiting room too (and no climax in the resolution zone during a
    damage process) the player loses."""
    if s[DECK_N + p] > 0:
        return
    n = s[WR_N + p]
    if n == 0:
        return  # CR 9.2.2.1: the losing verdict (9.4.1.2) sees both zones empty
    for i in range(n):
        slot = s[WR_L + p * K.MAX_DECK + i]
        s[DECK_L + p * K.MAX_DECK + i] = slot
        s[WR_L + p * K.MAX_DECK + i] = -1
        s[ZONE + slot * CARD_W] = K.Zone.DECK
    s[DECK_N + p] = n
    s[WR_N + p] = 0
    shuffle_deck(s, p)
    s[REFRESH_POINT + p] += 1


@internal
def deck_top(s, p):
    """The top card of p's deck (refreshing first if needed), or -1."""
    refresh_if_empty(s, p)
    n = s[DECK_N + p]
    if n == 0:
        return -1
    return s[DECK_L + p * K.MAX_DECK + n - 1]


@internal
def move_top_of_deck(s, p, z):
    slot = deck_top(s, p)
    if slot < 0:
        return -1
    put_in_zone(s, slot, z)
    refresh_if_empty(s, p)  # CR 9.2.1: refresh as soon as the deck is empty
    return slot


@internal
def draw_cards(s, p, n):
    for _ in range(n):
        if move_top_of_deck(s, p, K.Zone.HAND) < 0:
            return


@internal
def player_level(s, p):
    return s[LEVEL_N + p]


@internal
def color_mask(s, T, p):
    """Bit (1 << colour) of every colour in p's level and clock (CR 8.6.2.1.1)."""
    cards = card_table(T)
    m = 0
    for i in range(s[LEVEL_N + p]):
        m |= 1 << cards[cid_of(s, s[LEVEL_L + p * K.MAX_DECK + i]), K.C_COLOR]
    for i in range(s[CLOCK_N + p]):
        m |= 1 << cards[cid_of(s, s[CLOCK_L + p * K.MAX_DECK + i]), K.C_COLOR]
    return m


@internal
def playable_with_mask(s, T, p, cid, cmask):
    """``card_playable_base`` with the colour mask computed once per legal-mask call."""
    cards = card_table(T)
    if cards[cid, K.C_TYPE] != K.CardType.CLIMAX:
        if cards[cid, K.C_LEVEL] > player_level(s, p):
            return False
        if cards[cid, K.C_LEVEL] == 0:
            return s[STOCK_N + p] >= cards[cid, K.C_COST]
    if (cmask & (1 << cards[cid, K.C_COLOR])) == 0:
        return False
    return s[STOCK_N + p] >= cards[cid, K.C_COST]


@internal
def color_ok(s, T, p, cid):
    """CR 8.6.2.1.1: the card's colour is in the player's level or clock (level 0 exempt,
    8.6.2.1.1.1; a climax has level 0 printed but is not a character/event, so it is checked)."""
    cards = card_table(T)
    if cards[cid, K.C_LEVEL] == 0 and cards[cid, K.C_TYPE] != K.CardType.CLIMAX:
        return True
    col = cards[cid, K.C_COLOR]
    for i in range(s[LEVEL_N + p]):
        if cards[cid_of(s, s[LEVEL_L + p * K.MAX_DECK + i]), K.C_COLOR] == col:
            return True
    for i in range(s[CLOCK_N + p]):
        if cards[cid_of(s, s[CLOCK_L + p * K.MAX_DECK + i]), K.C_COLOR] == col:
            return True
    return False


@internal
def card_playable_base(s, T, p, cid):
    """Colour, level (CR 8.6.2.1) and stock cost (CR 8.6.2.3) of a hand card."""
    cards = card_table(T)
    if cards[cid, K.C_TYPE] != K.CardType.CLIMAX and cards[cid, K.C_LEVEL] > player_level(s, p):
        return False
    if not color_ok(s, T, p, cid):
        return False
    return s[STOCK_N + p] >= cards[cid, K.C_COST]


@internal
def pay_stock(s, p, n):
    """CR 8.4.3: n cards from the top of the stock to the waiting room."""
    for _ in range(n):
        slot = s[STOCK_L + p * K.MAX_DECK + s[STOCK_N + p] - 1]
        put_in_zone(s, slot, K.Zone.WAITING_ROOM)


@internal
def stage_slot(s, p, pos):
    return s[STAGE + p * K.N_POSITIONS + pos]


@internal
def facing_slot(s, p, pos):
    """CR 3.6.5: the opponent's character facing my center position ``pos`` (or -1)."""
    if pos >= K.N_CENTER:
        return -1
    return s[STAGE + (1 - p) * K.N_POSITIONS + (K.N_CENTER - 1 - pos)]


# =============================================================================================
# Filters, conditions, derived values (CONT abilities, CR 8.9)
# =============================================================================================
@internal
def filter_match(s, T, frow, slot, viewer, source):
    cards = card_table(T)
    F = filter_table(T)
    cid = cid_of(s, slot)
    tm = F[frow, K.F_TYPE_MASK]
    if tm != 0 and (tm & (1 << cards[cid, K.C_TYPE])) == 0:
        return False
    side = F[frow, K.F_SIDE]
    own = owner_of(s, slot)
    if side == K.FilterSide.OWN and own != viewer:
        return False
    if side == K.FilterSide.OPPONENT and own == viewer:
        return False
    cm = F[frow, K.F_COLOR_MASK]
    if cm != 0 and (cm & (1 << cards[cid, K.C_COLOR])) == 0:
        return False
    on_stage = s[ZONE + slot * CARD_W] == K.Zone.STAGE
    lvl = s[D_LEVEL + slot * CARD_W] if on_stage else cards[cid, K.C_LEVEL]
    if F[frow, K.F_LEVEL_MIN] >= 0 and lvl < F[frow, K.F_LEVEL_MIN]:
        return False
    lmax = F[frow, K.F_LEVEL_MAX]
    if F[frow, K.F_LEVEL_MAX_REL] != 0:
        lmax = player_level(s, viewer) + lmax
    if lmax >= 0 and lvl > lmax:
        return False
    if F[frow, K.F_COST_MAX] >= 0 and cards[cid, K.C_COST] > F[frow, K.F_COST_MAX]:
        return False
    pw = s[D_POWER + slot * CARD_W] if on_stage else cards[cid, K.C_POWER]
    if F[frow, K.F_POWER_MIN] >= 0 and pw < F[frow, K.F_POWER_MIN]:
        return False
    if F[frow, K.F_POWER_MAX] >= 0 and pw > F[frow, K.F_POWER_MAX]:
        return False
    tr = F[frow, K.F_TRAIT]
    if tr != 0 and cards[cid, K.C_TRAIT0] != tr and cards[cid, K.C_TRAIT1] != tr and cards[cid, K.C_TRAIT2] != tr:
        return False
    if F[frow, K.F_NAME] != 0 and cards[cid, K.C_NAME] != F[frow, K.F_NAME]:
        return False
    if F[frow, K.F_TITLE] != 0 and cards[cid, K.C_TITLE] != F[frow, K.F_TITLE]:
        return False
    ti = F[frow, K.F_TRIGGER_ICON]
    if ti != 0 and cards[cid, K.C_TRIGGER0] != ti and cards[cid, K.C_TRIGGER1] != ti:
        return False
    if on_stage:
        om = F[frow, K.F_ORIENT_MASK]
        if om != 0 and (om & (1 << s[ORIENT + slot * CARD_W])) == 0:
            return False
        pm = F[frow, K.F_POS_MASK]
        pos = s[POS + slot * CARD_W]
        if pm != 0 and (pm & (1 << pos)) == 0:
            return False
        rel = F[frow, K.F_RELATION]
        if rel != K.Relation.ANY:
            spos = s[POS + source * CARD_W] if source >= 0 and s[ZONE + source * CARD_W] == K.Zone.STAGE else -1
            if rel == K.Relation.SELF and slot != source:
                return False
            if rel == K.Relation.OTHER and slot == source:
                return False
            if rel == K.Relation.FACING and (spos < 0 or spos >= K.N_CENTER or own == owner_of(s, source) or pos != K.N_CENTER - 1 - spos):
                return False
            if rel == K.Relation.IN_FRONT and (spos < 0 or own != owner_of(s, source) or (K.IN_FRONT_MASK[spos] & (1 << pos)) == 0):
                return False
            if rel == K.Relation.BEHIND and (spos < 0 or own != owner_of(s, source) or (K.BEHIND_MASK[spos] & (1 << pos)) == 0):
                return False
            if rel == K.Relation.BATTLE_OPPONENT and not ((source == s[ATK_SLOT] and slot == s[DEF_SLOT]) or (source == s[DEF_SLOT] and slot == s[ATK_SLOT] and source >= 0)):
                return False
            if rel == K.Relation.ATTACKING and slot != s[ATK_SLOT]:
                return False
            if rel == K.Relation.DEFENDING and slot != s[DEF_SLOT]:
                return False
    return True




@internal
def count_trait_others(s, T, p, trait, source):
    cards = card_table(T)
    n = 0
    for pos in range(K.N_POSITIONS):
        sl = stage_slot(s, p, pos)
        if sl >= 0 and sl != source:
            c = cid_of(s, sl)
            if cards[c, K.C_TRAIT0] == trait or cards[c, K.C_TRAIT1] == trait or cards[c, K.C_TRAIT2] == trait:
                n += 1
    return n


@internal
def condition_holds(s, T, cond, arg, p, source):
    cards = card_table(T)
    if cond == K.Condition.NONE:
        return True
    on_stage = source >= 0 and s[ZONE + source * CARD_W] == K.Zone.STAGE
    spos = s[POS + source * CARD_W] if on_stage else -1
    if cond == K.Condition.IN_BACK_STAGE:
        return spos >= K.N_CENTER
    if cond == K.Condition.IN_CENTER_STAGE:
        return 0 <= spos < K.N_CENTER
    if cond == K.Condition.IN_CENTER_MIDDLE:
        return spos == K.POS_CENTER_MIDDLE
    if cond == K.Condition.TOP_OF_CLOCK:
        n = s[CLOCK_N + p]
        return n > 0 and s[CLOCK_L + p * K.MAX_DECK + n - 1] == source
    if cond == K.Condition.LEVEL_AT_LEAST:
        return player_level(s, p) >= arg
    if cond == K.Condition.CLIMAX_NAMED:
        return s[CX_N + p] > 0 and cards[cid_of(s, s[CX_L + p * K.MAX_DECK + s[CX_N + p] - 1]), K.C_NAME] == arg
    if cond == K.Condition.CLIMAX_ANY:
        return s[CX_N + p] > 0
    if cond == K.Condition.MEMORY_AT_LEAST:
        return s[MEMORY_N + p] >= arg
    if cond == K.Condition.LEVEL_SUM_AT_LEAST:
        tot = 0
        for i in range(s[LEVEL_N + p]):
            tot += cards[cid_of(s, s[LEVEL_L + p * K.MAX_DECK + i]), K.C_LEVEL]
        return tot >= arg
    if cond == K.Condition.HAND_AT_MOST:
        return s[HAND_N + p] <= arg
    if cond == K.Condition.STOCK_AT_LEAST:
        return s[STOCK_N + p] >= arg
    if cond == K.Condition.YOUR_TURN:
        return s[TURN_PLAYER] == p
    if cond == K.Condition.OPPONENTS_TURN:
        return s[TURN_PLAYER] != p
    if cond == K.Condition.NAMED_ON_STAGE:
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0 and sl != source and cards[cid_of(s, sl), K.C_NAME] == arg:
                return True
        return False
    if cond == K.Condition.TRAIT_COUNT_AT_LEAST:
        return count_trait_others(s, T, p, arg >> 8, source) >= (arg & 0xFF)
    if cond == K.Condition.SELF_REVERSED:
        return on_stage and s[ORIENT + source * CARD_W] == K.Orientation.REVERSE
    if cond == K.Condition.SELF_STANDING:
        return on_stage and s[ORIENT + source * CARD_W] == K.Orientation.STAND
    if cond == K.Condition.OPP_LEVEL_AT_LEAST:
        return player_level(s, 1 - p) >= arg
    if cond == K.Condition.CLOCK_AT_MOST:
        return s[CLOCK_N + p] <= arg
    if cond == K.Condition.BATTLE_OPP_LEVEL_AT_MOST:
        opp = -1
        if source == s[ATK_SLOT]:
            opp = s[DEF_SLOT]
        elif source == s[DEF_SLOT] and source >= 0:
            opp = s[ATK_SLOT]
        return opp >= 0 and s[D_LEVEL + opp * CARD_W] <= arg
    if cond == K.Condition.OTHER_CHARS_AT_LEAST:
        n = 0
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0 and sl != source:
                n += 1
        return n >= arg
    if cond == K.Condition.WR_CLIMAX_AT_LEAST:
        n = 0
        for i in range(s[WR_N + p]):
            if cards[cid_of(s, s[WR_L + p * K.MAX_DECK + i]), K.C_TYPE] == K.CardType.CLIMAX:
                n += 1
        return n >= arg
    return False


@internal
def apply_cont(s, T, src, p, zone):
    """Apply the CONT abilities of ``src`` of master ``p`` that work from AbilityZone ``zone``
    (DEFAULT: a stage character or a climax; CLOCK_TOP: Alarm 10.1; MEMORY: 10.9)."""
    cards = card_table(T)
    A = ability_table(T)
    F = filter_table(T)
    code = code_table(T)
    cid = cid_of(s, src)
    a0 = cards[cid, K.C_ABIL_START]
    for ai in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
        if A[ai, K.A_KIND] != K.AbilityKind.CONT or A[ai, K.A_ZONE] != zone:
            continue
        if not condition_holds(s, T, A[ai, K.A_COND], A[ai, K.A_COND_ARG], p, src):
            continue
        c0 = A[ai, K.A_CODE_START]
        for r in range(c0, c0 + A[ai, K.A_CODE_LEN]):
            op = code[r, K.I_OP]
            v = code[r, K.I_A0]
            frow = code[r, K.I_A1]
            if not K.Op.AURA_POWER <= op <= K.Op.AURA_POWER_PER:
                continue  # the continuous instructions are one block of opcodes (constants.Op)
            if op == K.Op.AURA_POWER_PER:
                cnt = 0
                f2 = code[r, K.I_A2]
                side2 = F[f2, K.F_SIDE]
                for q in range(2):
                    for pos in range(K.N_POSITIONS):
                        sl = stage_slot(s, q, pos)
                        if sl < 0:
                            continue
                        own = owner_of(s, sl)
                        if (side2 == K.FilterSide.OWN and own != p) or (side2 == K.FilterSide.OPPONENT and own == p):
                            continue  # filter_match's own side test, without the call
                        if filter_match(s, T, f2, sl, p, src):
                            cnt += 1
                v = v * cnt
            # filter_match's side test (FilterSide OWN: the master's cards, OPPONENT: the opponent's) and
            # "this card" (Relation.SELF, on the stage) done here, without the call: every CONT filter of
            # the starter decks names a side, so half of the ten stage positions were calls that
            # could only reject. apply_unchecked ~1,500 -> ~1,450 TSC cycles per decision (main
            # phase 937 -> 893; single thread, hot rows)
            side = F[frow, K.F_SIDE]
            only_src = F[frow, K.F_RELATION] == K.Relation.SELF
            for q in range(2):
                for pos in range(K.N_POSITIONS):
                    sl = stage_slot(s, q, pos)
                    if sl < 0:
                        continue
                    own = owner_of(s, sl)
                    if (side == K.FilterSide.OWN and own != p) or (side == K.FilterSide.OPPONENT and own == p):
                        continue
                    if only_src and sl != src and s[ZONE + sl * CARD_W] == K.Zone.STAGE:
                        continue
                    if not filter_match(s, T, frow, sl, p, src):
                        continue
                    b = sl * CARD_W
                    if op == K.Op.AURA_POWER or op == K.Op.AURA_POWER_PER:
                        s[D_POWER + b] += v
                    elif op == K.Op.AURA_SOUL:
                        s[D_SOUL + b] += v
                    elif op == K.Op.AURA_LEVEL:
                        s[D_LEVEL + b] += v
                    elif op == K.Op.AURA_KEYWORD:
                        s[D_KW + b] |= v
                    elif op == K.Op.AURA_RESTRICT:
                        s[D_RST + b] |= v


@internal
def refresh_derived(s, T):
    """CR 8.9: printed values, then modifiers, then continuous abilities (in stage order: a
    documented simplification of the timestamp order of 8.9.1.5)."""
    cards = card_table(T)
    for p in range(2):
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl < 0:
                continue
            b = sl * CARD_W
            c = cid_of(s, sl)
            s[D_POWER + b] = cards[c, K.C_POWER] + s[PMOD + b] + s[PMOD_LONG + b]
            s[D_SOUL + b] = cards[c, K.C_SOUL] + s[SMOD + b]
            s[D_LEVEL + b] = cards[c, K.C_LEVEL] + s[LMOD + b]
            s[D_KW + b] = cards[c, K.C_KEYWORDS] | s[KWMOD + b]
            s[D_RST + b] = s[RSTMOD + b]
    for p in range(2):
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0 and cards[cid_of(s, sl), K.C_HAS_CONT] != 0:
                apply_cont(s, T, sl, p, 0)
        if s[CX_N + p] > 0:
            cx = s[CX_L + p * K.MAX_DECK + s[CX_N + p] - 1]
            if cards[cid_of(s, cx), K.C_HAS_CONT] != 0:
                apply_cont(s, T, cx, p, 0)
        nc = s[CLOCK_N + p]
        if nc > 0:
            top = s[CLOCK_L + p * K.MAX_DECK + nc - 1]
            if cards[cid_of(s, top), K.C_HAS_CONT] != 0:
                apply_cont(s, T, top, p, K.AbilityZone.CLOCK_TOP)
        for i in range(s[MEMORY_N + p]):
            mm = s[MEMORY_L + p * K.MAX_DECK + i]
            if cards[cid_of(s, mm), K.C_HAS_CONT] != 0:
                apply_cont(s, T, mm, p, K.AbilityZone.MEMORY)


# =============================================================================================
# Automatic abilities (CR 8.7)
# =============================================================================================
@internal
def add_pending(s, p, slot, arow, aux):
    n = s[PT_N + p]
    if n >= K.PENDING_MAX:
        return
    base = PT + (p * K.PENDING_MAX + n) * 3
    s[base] = slot
    s[base + 1] = arow
    s[base + 2] = aux
    s[PT_N + p] = n + 1


@internal
def trigger_card(s, T, slot, p, trig, aux):
    """Enter every AUTO ability of ``slot`` with activation condition ``trig`` into a standby
    condition (CR 8.7.2), checking whose turn and the ability's condition."""
    cards = card_table(T)
    A = ability_table(T)
    cid = cid_of(s, slot)
    a0 = cards[cid, K.C_ABIL_START]
    for ai in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
        if A[ai, K.A_KIND] != K.AbilityKind.AUTO or A[ai, K.A_TRIGGER] != trig or A[ai, K.A_ZONE] != 0:
            continue  # abilities working from other zones (clock: Shift) are not scanned yet
        w = A[ai, K.A_TRIG_WHOSE]
        if w == K.TriggerWhose.YOURS and s[TURN_PLAYER] != p:
            continue
        if w == K.TriggerWhose.OPPONENTS and s[TURN_PLAYER] == p:
            continue
        fr = A[ai, K.A_TRIG_FILTER]
        aux_is_card = aux >= 0 and trig != K.Trigger.TO_WR_FROM_STAGE_SELF and trig != K.Trigger.USE_KEYWORD
        if fr >= 0 and aux_is_card and not filter_match(s, T, fr, aux, p, slot):
            continue  # the triggering card must match (e.g. "when your <trait> climax is placed")
        if not condition_holds(s, T, A[ai, K.A_COND], A[ai, K.A_COND_ARG], p, slot):
            continue
        add_pending(s, p, slot, ai, aux)


@internal
def trigger_other_placed(s, T, src, p, placed):
    """OTHER_PLACED: "when another of your characters is placed", filtered by A_TRIG_FILTER."""
    cards = card_table(T)
    A = ability_table(T)
    cid = cid_of(s, src)
    a0 = cards[cid, K.C_ABIL_START]
    for ai in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
        if A[ai, K.A_KIND] != K.AbilityKind.AUTO or A[ai, K.A_TRIGGER] != K.Trigger.OTHER_PLACED or A[ai, K.A_ZONE] != 0:
            continue
        fr = A[ai, K.A_TRIG_FILTER]
        if fr >= 0 and not filter_match(s, T, fr, placed, p, src):
            continue
        if condition_holds(s, T, A[ai, K.A_COND], A[ai, K.A_COND_ARG], p, src):
            add_pending(s, p, src, ai, placed)


@internal
def trigger_clock_abilities(s, T, trig):
    """AUTO abilities working from the clock (A_ZONE CLOCK, e.g. Shift 10.11.2)."""
    cards = card_table(T)
    A = ability_table(T)
    for p in range(2):
        for i in range(s[CLOCK_N + p]):
            sl = s[CLOCK_L + p * K.MAX_DECK + i]
            cid = cid_of(s, sl)
            a0 = cards[cid, K.C_ABIL_START]
            for ai in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
                if A[ai, K.A_KIND] != K.AbilityKind.AUTO or A[ai, K.A_TRIGGER] != trig or A[ai, K.A_ZONE] != K.AbilityZone.CLOCK:
                    continue
                w = A[ai, K.A_TRIG_WHOSE]
                if (w == K.TriggerWhose.YOURS and s[TURN_PLAYER] != p) or (w == K.TriggerWhose.OPPONENTS and s[TURN_PLAYER] == p):
                    continue
                if cards[cid, K.C_SHIFT_LEVEL] >= 0 and player_level(s, p) < cards[cid, K.C_SHIFT_LEVEL]:
                    continue
                if condition_holds(s, T, A[ai, K.A_COND], A[ai, K.A_COND_ARG], p, sl):
                    add_pending(s, p, sl, ai, -1)


@internal
def trigger_all(s, T, trig):
    """A phase / step activation condition: every stage character and climax of both players."""
    for p in range(2):
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0:
                trigger_card(s, T, sl, p, trig, -1)
        if s[CX_N + p] > 0:
            trigger_card(s, T, s[CX_L + p * K.MAX_DECK + s[CX_N + p] - 1], p, trig, -1)


@internal
def remove_pending(s, p, i):
    n = s[PT_N + p]
    for j in range(i, n - 1):
        for k in range(3):
            s[PT + (p * K.PENDING_MAX + j) * 3 + k] = s[PT + (p * K.PENDING_MAX + j + 1) * 3 + k]
    s[PT_N + p] = n - 1


@internal
def cost_payable(s, T, arow, p, slot):
    A = ability_table(T)
    if s[STOCK_N + p] < A[arow, K.A_COST_STOCK]:
        return False
    if A[arow, K.A_COST_REST_SELF] != 0:
        if s[ZONE + slot * CARD_W] != K.Zone.STAGE or s[ORIENT + slot * CARD_W] != K.Orientation.STAND:
            return False
    if A[arow, K.A_COST_DISCARD] > s[HAND_N + p]:
        return False
    if A[arow, K.A_COST_HAND_TO_CLOCK] > s[HAND_N + p]:
        return False
    if A[arow, K.A_COST_CLOCK_TOP] > s[DECK_N + p]:
        return False  # CR 9.2.3 / 8.4.2.2: no refresh mid-cost, so the deck must hold them all
    if A[arow, K.A_COST_DISCARD] > 0 and A[arow, K.A_COST_DISCARD_FILTER] >= 0:
        n = 0
        for i in range(s[HAND_N + p]):
            if filter_match(s, T, A[arow, K.A_COST_DISCARD_FILTER], s[HAND_L + p * K.MAX_DECK + i], p, slot):
                n += 1
        if n < A[arow, K.A_COST_DISCARD]:
            return False
    if A[arow, K.A_COST_SELF_TO_WR] != 0 or A[arow, K.A_COST_SELF_TO_MEMORY] != 0:
        if s[ZONE + slot * CARD_W] != K.Zone.STAGE:
            return False
    # CR 10.13 Resonate: revealing a matching hand card; the engine keeps no record of revealed
    # cards, so which one is revealed does not matter and no choice is asked
    rf = A[arow, K.A_COST_REVEAL_FILTER]
    if rf >= 0:
        found = False
        for i in range(s[HAND_N + p]):
            if filter_match(s, T, rf, s[HAND_L + p * K.MAX_DECK + i], p, slot):
                found = True
                break
        if not found:
            return False
    # CR 10.14.1.1 Fusion: a matching own stage character goes under this card as a marker
    if A[arow, K.A_COST_MARKER_FILTER] >= 0:
        if s[ZONE + slot * CARD_W] != K.Zone.STAGE or first_marker_source(s, T, A[arow, K.A_COST_MARKER_FILTER], p, slot) < 0:
            return False
    return True


@internal
def pay_fixed_costs(s, T, arow, p, slot):
    """CR 8.4.2.1: the parts of a cost that need no choice (in the order written)."""
    A = ability_table(T)
    pay_stock(s, p, A[arow, K.A_COST_STOCK])
    if A[arow, K.A_COST_REST_SELF] != 0:
        s[ORIENT + slot * CARD_W] = K.Orientation.REST
    for _ in range(A[arow, K.A_COST_CLOCK_TOP]):
        # CR 8.4.2.1 / 9.2.3: no refresh while a cost is paid (cost_payable checked the deck)
        n = s[DECK_N + p]
        if n > 0:
            put_in_zone(s, s[DECK_L + p * K.MAX_DECK + n - 1], K.Zone.CLOCK)
    if A[arow, K.A_COST_MARKER_FILTER] >= 0:
        ch = first_marker_source(s, T, A[arow, K.A_COST_MARKER_FILTER], p, slot)
        if ch >= 0:
            take_from_zone(s, ch)  # its own markers go to the waiting room (10.14.1.1.2.1)
            make_marker(s, ch, p, s[POS + slot * CARD_W])
    if A[arow, K.A_COST_SELF_TO_WR] != 0:
        put_in_zone(s, slot, K.Zone.WAITING_ROOM)
    elif A[arow, K.A_COST_SELF_TO_MEMORY] != 0:
        put_in_zone(s, slot, K.Zone.MEMORY)
    refresh_if_empty(s, p)  # CR 9.2.1: the refresh the cost made wait


# =============================================================================================
# The effect VM
# =============================================================================================
@internal
def frame_base(s, i):
    return FRAMES + i * FRAME_W


@internal
def push_frame(s, T, slot, arow, master, aux):
    if s[FRAME_N] >= K.FRAME_MAX:
        s[H_ERROR] = 102
        return
    f = frame_base(s, s[FRAME_N])
    s[FRAME_N] += 1
    s[f + FR_SLOT] = slot
    s[f + FR_ABIL] = arow
    s[f + FR_MASTER] = master
    s[f + FR_AUX] = aux
    s[f + FR_PC] = 0
    s[f + FR_CNT] = 0
    s[f + FR_STORE] = 0
    for r in range(K.N_REGS):
        s[f + FR_REGN + r] = 0


@internal
def reg_add(s, f, r, slot):
    n = s[f + FR_REGN + r]
    if n < K.TARGET_MAX:
        s[f + FR_REG + r * K.TARGET_MAX + n] = slot
        s[f + FR_REGN + r] = n + 1


@internal
def reg_has(s, f, r, slot):
    for i in range(s[f + FR_REGN + r]):
        if s[f + FR_REG + r * K.TARGET_MAX + i] == slot:
            return True
    return False


@internal
def choose_zone_list(s, T, frow, master):
    """(list zone, player) scanned by a non-stage filter."""
    F = filter_table(T)
    z = F[frow, K.F_ZONE]
    q = 1 - master if F[frow, K.F_SIDE] == K.FilterSide.OPPONENT else master
    if z == K.FilterZone.HAND:
        return K.Zone.HAND, q
    if z == K.FilterZone.WAITING_ROOM:
        return K.Zone.WAITING_ROOM, q
    if z == K.FilterZone.DECK:
        return K.Zone.DECK, q
    if z == K.FilterZone.CLOCK:
        return K.Zone.CLOCK, q
    if z == K.FilterZone.STOCK:
        return K.Zone.STOCK, q
    if z == K.FilterZone.LEVEL:
        return K.Zone.LEVEL, q
    if z == K.FilterZone.MEMORY:
        return K.Zone.MEMORY, q
    return K.Zone.CLIMAX_AREA, q


@internal
def fill_choice_candidates(s, T, f, frow, master, source, r):
    """Candidates of a CHOOSE over a list zone: one representative slot per distinct card id
    (copies of a card in a public zone are interchangeable), at most OPTION_SLOTS."""
    z, q = choose_zone_list(s, T, frow, master)
    n_off, l_off = zone_offsets(z, q)
    n = 0
    for i in range(s[n_off]):
        sl = s[l_off + i]
        if reg_has(s, f, r, sl) or not filter_match(s, T, frow, sl, master, source):
            continue
        dup = False
        for j in range(n):
            if cid_of(s, s[CAND + j]) == cid_of(s, sl):
                dup = True
                break
        if dup:
            continue
        if n < K.OPTION_SLOTS:
            s[CAND + n] = sl
            n += 1
    s[CAND_N] = n
    return n


@internal
def fill_list_candidates(s, T, f, reg, z, q, frow, name_id, top_n, master, source, distinct):
    """Candidates (OPTION k) from list zone ``z`` of player ``q``: cards matching filter ``frow``
    (-1 = any) and name id ``name_id`` (0 = any), among the top ``top_n`` cards (-1 = all)."""
    n_off, l_off = zone_offsets(z, q)
    cnt = s[n_off]
    lo = 0 if top_n < 0 else max(0, cnt - top_n)
    n = 0
    for i in range(cnt - 1, lo - 1, -1):
        sl = s[l_off + i]
        if reg_has(s, f, reg, sl):
            continue
        if frow >= 0 and not filter_match(s, T, frow, sl, master, source):
            continue
        if name_id != 0 and card_table(T)[cid_of(s, sl), K.C_NAME] != name_id:
            continue
        dup = False
        if distinct:
            for j in range(n):
                if cid_of(s, s[CAND + j]) == cid_of(s, sl):
                    dup = True
                    break
        if not dup and n < K.OPTION_SLOTS:
            s[CAND + n] = sl
            n += 1
    s[CAND_N] = n
    return n


@internal
def ask_candidates(s, m, reg, upto):
    s[DEC_ARG] = -1  # no filter row: the candidates are in CAND
    s[DEC_ARG + 1] = reg
    s[DEC_ARG + 2] = upto
    set_decision(s, K.Decision.CHOOSE_TARGET, m)


@internal
def make_marker(s, slot, p, pos):
    """``slot`` (owned by ``p``, already out of its zone) becomes a marker under position ``pos``."""
    reset_card(s, slot)
    s[ZONE + slot * CARD_W] = K.Zone.MARKER
    s[POS + slot * CARD_W] = pos
    s[MARKER_N + p * K.N_POSITIONS + pos] += 1


@internal
def stage_char_to_marker(s, slot):
    """The character leaves its position and becomes a marker there, its markers staying put
    (Fusion 10.14.1.1, Sunder 10.15.2)."""
    p = owner_of(s, slot)
    pos = s[POS + slot * CARD_W]
    s[STAGE + p * K.N_POSITIONS + pos] = -1
    make_marker(s, slot, p, pos)


@internal
def rehome_markers(s, p, src_pos, dst_pos):
    if src_pos == dst_pos:
        return
    for m in range(K.N_SLOTS):
        if s[ZONE + m * CARD_W] == K.Zone.MARKER and owner_of(s, m) == p and s[POS + m * CARD_W] == src_pos:
            s[POS + m * CARD_W] = dst_pos
    s[MARKER_N + p * K.N_POSITIONS + dst_pos] += s[MARKER_N + p * K.N_POSITIONS + src_pos]
    s[MARKER_N + p * K.N_POSITIONS + src_pos] = 0


@internal
def first_marker_source(s, T, frow, p, src):
    """The first own stage character (other than ``src``) matching ``frow`` (Fusion's cost)."""
    for pos in range(K.N_POSITIONS):
        sl = stage_slot(s, p, pos)
        if sl >= 0 and sl != src and filter_match(s, T, frow, sl, p, src):
            return sl
    return -1


@internal
def shift_candidates(s, T, p, src):
    """Hand cards of the same colour as clock card ``src`` (10.11.3.2)."""
    cards = card_table(T)
    col = cards[cid_of(s, src), K.C_COLOR]
    n = 0
    for i in range(min(s[HAND_N + p], K.HAND_SLOTS)):
        if cards[cid_of(s, s[HAND_L + p * K.MAX_DECK + i]), K.C_COLOR] == col:
            n += 1
    return n


@internal
def shift_exchange(s, src, hand_slot):
    """10.11.2: the hand card takes the clock card's place in the clock; the clock card to hand."""
    p = owner_of(s, src)
    for i in range(s[CLOCK_N + p]):
        if s[CLOCK_L + p * K.MAX_DECK + i] == src:
            zone_remove(s, HAND_N + p, HAND_L + p * K.MAX_DECK, hand_slot)
            s[CLOCK_L + p * K.MAX_DECK + i] = hand_slot
            reset_card(s, hand_slot)
            s[ZONE + hand_slot * CARD_W] = K.Zone.CLOCK
            reset_card(s, src)
            s[ZONE + src * CARD_W] = K.Zone.HAND
            zone_push(s, HAND_N + p, HAND_L + p * K.MAX_DECK, src)
            return


@internal
def stage_to_wr(s, T, slot):
    """A character goes from the stage to the waiting room: "when this card is put into your
    waiting room from the stage" (Encore, CR 10.2.1) triggers with its last position."""
    pos = s[POS + slot * CARD_W]
    p = owner_of(s, slot)
    put_in_zone(s, slot, K.Zone.WAITING_ROOM)
    trigger_card(s, T, slot, p, K.Trigger.TO_WR_FROM_STAGE_SELF, pos)


@internal
def stage_candidates(s, T, f, frow, master, source, r):
    n = 0
    for q in range(2):
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, q, pos)
            if sl >= 0 and not reg_has(s, f, r, sl) and filter_match(s, T, frow, sl, master, source):
                if q != master and (s[D_RST + sl * CARD_W] & K.RESTRICT_CANT_BE_CHOSEN) != 0:
                    continue
                n += 1
    return n


@internal
def place_on_stage(s, T, slot, p, pos, orient, played):
    """Put a character on stage position ``pos`` (CR 8.6.2.4.1 / 9.6.1: a character already there
    goes to the waiting room)."""
    old = stage_slot(s, p, pos)
    take_from_zone(s, slot)
    reset_card(s, slot)
    if old >= 0:
        put_in_zone(s, old, K.Zone.WAITING_ROOM)
    s[ZONE + slot * CARD_W] = K.Zone.STAGE
    s[POS + slot * CARD_W] = pos
    s[ORIENT + slot * CARD_W] = orient
    s[PLACED_TURN + slot * CARD_W] = s[H_TURN]
    s[STAGE + p * K.N_POSITIONS + pos] = slot
    s[TIMESTAMP] += 1
    if played:
        trigger_card(s, T, slot, p, K.Trigger.PLAYED_SELF, -1)
    trigger_card(s, T, slot, p, K.Trigger.PLACED_SELF, -1)
    for q in range(K.N_POSITIONS):
        other = stage_slot(s, p, q)
        if other >= 0 and other != slot:
            trigger_other_placed(s, T, other, p, slot)


@internal
def reverse_char(s, T, slot):
    if s[ZONE + slot * CARD_W] != K.Zone.STAGE or s[ORIENT + slot * CARD_W] == K.Orientation.REVERSE:
        return  # CR 1.3.3.1
    s[ORIENT + slot * CARD_W] = K.Orientation.REVERSE
    q = owner_of(s, slot)
    trigger_card(s, T, slot, q, K.Trigger.REVERSED_SELF, -1)
    for pos in range(K.N_POSITIONS):
        sl = stage_slot(s, 1 - q, pos)
        if sl >= 0:
            trigger_card(s, T, sl, 1 - q, K.Trigger.OPP_CHAR_REVERSED, slot)


@internal
def deal_damage(s, T, p, amount):
    """CR 4.10 damage process to player ``p``. Returns 1 if the damage was canceled."""
    if amount <= 0:
        return 0  # CR 7.5.1.2.1
    for _ in range(amount):
        top = deck_top(s, p)
        if top < 0:
            break
        put_in_zone(s, top, K.Zone.RESOLUTION)
        if card_table(T)[cid_of(s, top), K.C_TYPE] == K.CardType.CLIMAX:
            # CR 4.10.1.2 damage cancel: every card of this process to the waiting room
            while s[RES_N + p] > 0:
                put_in_zone(s, s[RES_L + p * K.MAX_DECK], K.Zone.WAITING_ROOM)
            refresh_if_empty(s, p)
            return 1
        if s[DECK_N + p] == 0 and s[WR_N + p] > 0:
            refresh_if_empty(s, p)
    # CR 4.10.1.3 / 3.13.1.3.1: to the clock in the order revealed
    while s[RES_N + p] > 0:
        put_in_zone(s, s[RES_L + p * K.MAX_DECK], K.Zone.CLOCK)
    refresh_if_empty(s, p)
    return 0


@internal
def run_top_frame(s, T):
    """Run the top effect program until it ends (returns 0) or asks a player (returns 1)."""
    A = ability_table(T)
    F = filter_table(T)
    code = code_table(T)
    f = frame_base(s, s[FRAME_N] - 1)
    arow = s[f + FR_ABIL]
    src = s[f + FR_SLOT]
    m = s[f + FR_MASTER]
    c0 = A[arow, K.A_CODE_START]
    clen = A[arow, K.A_CODE_LEN]
    while s[f + FR_PC] < clen:
        r = c0 + s[f + FR_PC]
        op = code[r, K.I_OP]
        reg = code[r, K.I_REG]
        a0 = code[r, K.I_A0]
        a1 = code[r, K.I_A1]
        a2 = code[r, K.I_A2]
        who = m if a1 == K.Who.MASTER else 1 - m
        if op == K.Op.CHOOSE:  # CR 8.6.3
            cnt = a1 if a1 >= 0 else s[f + FR_STORE]
            if s[f + FR_CNT] < cnt:
                if F[a0, K.F_ZONE] == K.FilterZone.STAGE:
                    s[CAND_N] = 0
                    n = stage_candidates(s, T, f, a0, m, src, reg)
                else:
                    n = fill_choice_candidates(s, T, f, a0, m, src, reg)
                if n > 0:
                    s[DEC_ARG] = a0
                    s[DEC_ARG + 1] = reg
                    s[DEC_ARG + 2] = a2
                    set_decision(s, K.Decision.CHOOSE_TARGET, m)
                    return 1
            s[f + FR_CNT] = 0
        elif op == K.Op.SELECT_ALL:
            for q in range(2):
                for pos in range(K.N_POSITIONS):
                    sl = stage_slot(s, q, pos)
                    if sl >= 0 and filter_match(s, T, a0, sl, m, src):
                        reg_add(s, f, reg, sl)
        elif op == K.Op.TARGET_SELF:
            reg_add(s, f, reg, src)
        elif op == K.Op.TARGET_BATTLE_OPP:
            if src == s[ATK_SLOT] and s[DEF_SLOT] >= 0:
                reg_add(s, f, reg, s[DEF_SLOT])
            elif src == s[DEF_SLOT] and src >= 0:
                reg_add(s, f, reg, s[ATK_SLOT])
        elif op == K.Op.TARGET_TRIGGERING:
            if s[f + FR_AUX] >= 0:
                reg_add(s, f, reg, s[f + FR_AUX])
        elif K.Op.POWER <= op <= K.Op.TO_DECK_BOTTOM:  # the block of effects on each register card (constants.Op)
            for i in range(s[f + FR_REGN + reg]):
                sl = s[f + FR_REG + reg * K.TARGET_MAX + i]
                b = sl * CARD_W
                z = s[ZONE + b]
                if op <= K.Op.REVERSE and z != K.Zone.STAGE:  # POWER..REVERSE: stage-only effects
                    continue  # the card left the stage: nothing happens to it (CR 8.11.1)
                if op == K.Op.POWER:
                    if a1 == K.Duration.NEXT_OPP_TURN_END:
                        s[PMOD_LONG + b] += a0
                        s[LONG_UNTIL + b] = s[H_TURN] + 1
                    else:
                        s[PMOD + b] += a0
                elif op == K.Op.SOUL:
                    s[SMOD + b] += a0
                elif op == K.Op.LEVEL:
                    s[LMOD + b] += a0
                elif op == K.Op.GRANT_KEYWORD:
                    s[KWMOD + b] |= a0
                elif op == K.Op.RESTRICT:
                    s[RSTMOD + b] |= a0
                elif op == K.Op.STAND:
                    s[ORIENT + b] = K.Orientation.STAND
                elif op == K.Op.REST:
                    s[ORIENT + b] = K.Orientation.REST
                elif op == K.Op.REVERSE:
                    reverse_char(s, T, sl)
                elif op == K.Op.TO_HAND:
                    put_in_zone(s, sl, K.Zone.HAND)
                elif op == K.Op.TO_WAITING_ROOM:
                    if z == K.Zone.STAGE:
                        stage_to_wr(s, T, sl)
                    else:
                        put_in_zone(s, sl, K.Zone.WAITING_ROOM)
                elif op == K.Op.TO_STOCK:
                    put_in_zone(s, sl, K.Zone.STOCK)
                elif op == K.Op.TO_CLOCK:
                    put_in_zone(s, sl, K.Zone.CLOCK)
                elif op == K.Op.TO_MEMORY:
                    put_in_zone(s, sl, K.Zone.MEMORY)
                elif op == K.Op.TO_DECK_TOP or op == K.Op.TO_DECK_BOTTOM:
                    q = owner_of(s, sl)
                    take_from_zone(s, sl)
                    reset_card(s, sl)
                    s[ZONE + b] = K.Zone.DECK
                    if op == K.Op.TO_DECK_TOP:
                        zone_push(s, DECK_N + q, DECK_L + q * K.MAX_DECK, sl)
                    else:
                        n_d = s[DECK_N + q]
                        for j in range(n_d, 0, -1):
                            s[DECK_L + q * K.MAX_DECK + j] = s[DECK_L + q * K.MAX_DECK + j - 1]
                        s[DECK_L + q * K.MAX_DECK] = sl
                        s[DECK_N + q] = n_d + 1
            # (TO_STAGE / TO_MARKER are not implemented yet: see support.UNSUPPORTED_OPS)
        elif op == K.Op.TO_STAGE or op == K.Op.TO_MARKER:  # of the register's cards
            i = s[f + FR_CNT]
            if i < s[f + FR_REGN + reg]:
                sl = s[f + FR_REG + reg * K.TARGET_MAX + i]
                s[f + FR_CNT] = i + 1
                if owner_of(s, sl) != m or s[ZONE + sl * CARD_W] == K.Zone.STAGE:
                    continue  # only the master's own cards, from outside the stage
                if op == K.Op.TO_MARKER:
                    if s[ZONE + src * CARD_W] == K.Zone.STAGE:
                        take_from_zone(s, sl)
                        make_marker(s, sl, m, s[POS + src * CARD_W])
                    continue
                s[DEC_ARG] = a0
                s[DEC_ARG + 1] = K.ChoiceFor.TO_STAGE
                s[DEC_ARG + 2] = sl
                s[DEC_ARG + 3] = 0 if a1 == 1 else 1
                set_decision(s, K.Decision.CHOOSE_POSITION, m)
                return 1
        elif op == K.Op.FUSION:  # CR 10.14.1.1: up to one card named a0 from the deck onto this position
            if s[f + FR_CNT] == 0 and fill_list_candidates(s, T, f, reg, K.Zone.DECK, m, -1, a0, -1, m, src, True) > 0:
                ask_candidates(s, m, reg, 1)
                return 1
            if s[f + FR_REGN + reg] > 0 and s[ZONE + src * CARD_W] == K.Zone.STAGE:
                b = s[f + FR_REG + reg * K.TARGET_MAX + s[f + FR_REGN + reg] - 1]
                pos = s[POS + src * CARD_W]
                stage_char_to_marker(s, src)  # this card and its markers go under Character B
                place_on_stage(s, T, b, m, pos, K.Orientation.STAND, False)
            s[f + FR_REGN + reg] = 0
            shuffle_deck(s, m)  # "even in this case, the deck must be shuffled" (10.14.1.1.1)
        elif op == K.Op.SUNDER:  # CR 10.15.2: a marker named a0 becomes the character on a chosen position
            if s[f + FR_CNT] == 0 and s[ZONE + src * CARD_W] == K.Zone.STAGE:
                pos = s[POS + src * CARD_W]
                nc = 0
                for sl in range(K.N_SLOTS):
                    if (s[ZONE + sl * CARD_W] == K.Zone.MARKER and owner_of(s, sl) == m and s[POS + sl * CARD_W] == pos
                            and card_table(T)[cid_of(s, sl), K.C_NAME] == a0 and nc < K.OPTION_SLOTS):
                        dup = False
                        for j in range(nc):
                            if cid_of(s, s[CAND + j]) == cid_of(s, sl):
                                dup = True
                        if not dup:
                            s[CAND + nc] = sl
                            nc += 1
                s[CAND_N] = nc
                if nc > 0:  # 10.15.4: without such a marker nothing happens
                    ask_candidates(s, m, reg, 0)
                    return 1
            if s[f + FR_CNT] == 1 and s[f + FR_REGN + reg] > 0 and s[ZONE + src * CARD_W] == K.Zone.STAGE:
                s[f + FR_CNT] = 2
                s[DEC_ARG + 1] = K.ChoiceFor.SUNDER
                s[DEC_ARG + 2] = s[f + FR_REG + reg * K.TARGET_MAX + s[f + FR_REGN + reg] - 1]
                s[DEC_ARG + 3] = 0
                set_decision(s, K.Decision.CHOOSE_POSITION, m)
                return 1
            s[f + FR_REGN + reg] = 0
        elif op == K.Op.MOVE_POSITION:  # the master picks the new position of each register card
            i = s[f + FR_CNT]
            if i < s[f + FR_REGN + reg]:
                sl = s[f + FR_REG + reg * K.TARGET_MAX + i]
                s[f + FR_CNT] = i + 1
                if s[ZONE + sl * CARD_W] == K.Zone.STAGE and owner_of(s, sl) == m:
                    s[DEC_ARG + 1] = K.ChoiceFor.MOVE_POSITION
                    s[DEC_ARG + 2] = sl
                    s[DEC_ARG + 3] = 1 if a0 == 0 else 2
                    set_decision(s, K.Decision.CHOOSE_POSITION, m)
                    return 1
                continue
        elif op == K.Op.DRAW:
            n = a0 if a0 >= 0 else s[f + FR_STORE]
            draw_cards(s, who, n)
        elif op == K.Op.DISCARD:  # the discarding player chooses hand cards one at a time
            n = a0 if a0 >= 0 else s[f + FR_STORE]
            if s[f + FR_CNT] < n and s[HAND_N + who] > 0:
                s[DEC_ARG + 1] = K.ChoiceFor.EFFECT_DISCARD
                set_decision(s, K.Decision.CHOOSE_TARGET, who)
                return 1
        elif op == K.Op.SEARCH:  # up to a1 cards to hand, then shuffle (CR 3.2.4)
            if s[f + FR_CNT] < a1 and fill_list_candidates(s, T, f, reg, K.Zone.DECK, m, a0, 0, -1, m, src, True) > 0:
                ask_candidates(s, m, reg, 1)
                return 1
            for i in range(s[f + FR_REGN + reg]):
                sl = s[f + FR_REG + reg * K.TARGET_MAX + i]
                if s[ZONE + sl * CARD_W] == K.Zone.DECK:
                    put_in_zone(s, sl, K.Zone.HAND)
            s[f + FR_REGN + reg] = 0
            shuffle_deck(s, m)
            refresh_if_empty(s, m)
        elif op == K.Op.LOOK_TOP:  # up to a1 of the top a0 cards (filter a2) to hand
            if s[f + FR_CNT] < a1 and fill_list_candidates(s, T, f, reg, K.Zone.DECK, m, a2, 0, a0, m, src, False) > 0:
                ask_candidates(s, m, reg, 1)
                return 1
            for i in range(s[f + FR_REGN + reg]):
                sl = s[f + FR_REG + reg * K.TARGET_MAX + i]
                if s[ZONE + sl * CARD_W] == K.Zone.DECK:
                    put_in_zone(s, sl, K.Zone.HAND)
            s[f + FR_REGN + reg] = 0
            refresh_if_empty(s, m)
        elif op == K.Op.ENCORE_SELF:  # CR 10.2.2: back to its previous position, rested
            pos = s[f + FR_AUX]
            if s[ZONE + src * CARD_W] == K.Zone.WAITING_ROOM and 0 <= pos < K.N_POSITIONS and stage_slot(s, m, pos) < 0:
                place_on_stage(s, T, src, m, pos, K.Orientation.REST, False)
        elif op == K.Op.BOND:  # CR 10.4.2: a card named a0 from the waiting room to hand
            if s[f + FR_CNT] == 0 and fill_list_candidates(s, T, f, reg, K.Zone.WAITING_ROOM, m, -1, a0, -1, m, src, True) > 0:
                ask_candidates(s, m, reg, 0)
                return 1
            for i in range(s[f + FR_REGN + reg]):
                sl = s[f + FR_REG + reg * K.TARGET_MAX + i]
                if s[ZONE + sl * CARD_W] == K.Zone.WAITING_ROOM:
                    put_in_zone(s, sl, K.Zone.HAND)
            s[f + FR_REGN + reg] = 0
        elif op == K.Op.SHIFT:  # CR 10.11.2: may exchange this clock card with a same-colour hand card
            if s[f + FR_CNT] == 0 and s[ZONE + src * CARD_W] == K.Zone.CLOCK and shift_candidates(s, T, m, src) > 0:
                s[DEC_ARG + 1] = K.ChoiceFor.SHIFT
                set_decision(s, K.Decision.CHOOSE_TARGET, m)
                return 1
        elif op == K.Op.CHANGE:  # CR 10.8: a0 filter (hand / waiting room) takes this card's position
            if s[f + FR_CNT] == 0 and s[ZONE + src * CARD_W] == K.Zone.STAGE:
                z, q = choose_zone_list(s, T, a0, m)
                if fill_list_candidates(s, T, f, reg, z, q, a0, 0, -1, m, src, True) > 0:
                    ask_candidates(s, m, reg, 1)  # "you may"
                    return 1
            if s[f + FR_REGN + reg] > 0 and s[ZONE + src * CARD_W] == K.Zone.STAGE:  # 10.8.3
                chosen = s[f + FR_REG + reg * K.TARGET_MAX + s[f + FR_REGN + reg] - 1]
                pos = s[POS + src * CARD_W]
                stage_to_wr(s, T, src)
                place_on_stage(s, T, chosen, m, pos, a1, False)
            s[f + FR_REGN + reg] = 0
        elif op == K.Op.CHOOSE_OPTIONAL:  # ask "do it?"; no skips a2 rows
            if s[f + FR_CNT] == 0:
                s[DEC_ARG] = a2
                s[DEC_ARG + 1] = K.ChoiceFor.CHOOSE_OPTIONAL
                set_decision(s, K.Decision.OPTIONAL_EFFECT, m)
                return 1
        elif op == K.Op.DAMAGE:
            n = a0 if a0 >= 0 else s[f + FR_STORE]
            deal_damage(s, T, who, n)
        elif op == K.Op.HEAL:
            for _ in range(a0):
                nc = s[CLOCK_N + who]
                if nc > 0:
                    put_in_zone(s, s[CLOCK_L + who * K.MAX_DECK + nc - 1], K.Zone.WAITING_ROOM)
        elif op == K.Op.POOL:
            for _ in range(a0):
                move_top_of_deck(s, who, K.Zone.STOCK)
        elif op == K.Op.MILL:
            for _ in range(a0):
                move_top_of_deck(s, who, K.Zone.WAITING_ROOM)
        elif op == K.Op.CLOCK_TOP:
            for _ in range(a0):
                move_top_of_deck(s, who, K.Zone.CLOCK)
        elif op == K.Op.BRAINSTORM:  # CR 10.7.3: flip a0 to the resolution zone, then all to WR
            ncx = 0
            for _ in range(a0):
                sl = move_top_of_deck(s, m, K.Zone.RESOLUTION)
                if sl >= 0 and card_table(T)[cid_of(s, sl), K.C_TYPE] == K.CardType.CLIMAX:
                    ncx += 1
            while s[RES_N + m] > 0:
                put_in_zone(s, s[RES_L + m * K.MAX_DECK], K.Zone.WAITING_ROOM)
            s[f + FR_STORE] = ncx
            if src >= 0 and s[ZONE + src * CARD_W] == K.Zone.STAGE:
                trigger_card(s, T, src, m, K.Trigger.USE_KEYWORD, ncx)  # 10.7.4 "when you use Brainstorm"
        elif op == K.Op.SHUFFLE_DECK:
            shuffle_deck(s, who)
        elif op == K.Op.PAY_STOCK:
            pay_stock(s, m, min(a0, s[STOCK_N + m]))
        elif op == K.Op.BACKUP:  # CR 10.5.2: the defending character gets +X power
            d = s[DEF_SLOT]
            if d >= 0 and s[ZONE + d * CARD_W] == K.Zone.STAGE:
                s[PMOD + d * CARD_W] += a0
        elif op == K.Op.IF:
            if not condition_holds(s, T, a0, a1, m, src) and not (a0 == K.Condition.NONE and s[f + FR_STORE] == 0):
                s[f + FR_PC] += a2
        elif op == K.Op.COUNT:
            cnt = 0
            for q in range(2):
                for pos in range(K.N_POSITIONS):
                    sl = stage_slot(s, q, pos)
                    if sl >= 0 and filter_match(s, T, a0, sl, m, src):
                        cnt += 1
            s[f + FR_STORE] = cnt
        # op >= K.Op.AURA_POWER: continuous instructions work through refresh_derived; the other opcodes
        # (UNSUPPORTED_OPS in tcg_env.games.weiss_schwarz.support) do nothing yet
        s[f + FR_PC] += 1
        s[f + FR_CNT] = 0
        if level_up_due(s):
            # CR 9.1.2.1 / 9.3.1: the instruction put cards into a clock (damage, a card or the top
            # of a deck to the clock): the level up interrupts the program (kept on the frame stack
            # at its next instruction), which ``advance`` resumes after it
            return 0
    s[FRAME_N] -= 1
    return 0


@internal
def start_ability(s, T, p, slot, arow, aux):
    """Pay the cost and start the effect program (CR 8.6.2). Hand cards of a cost are chosen one
    at a time (PAY_COST decision, returns 1); the rest of the cost is paid once they are."""
    A = ability_table(T)
    nd = A[arow, K.A_COST_DISCARD]
    nc = A[arow, K.A_COST_HAND_TO_CLOCK]
    if nd > 0 or nc > 0:
        s[PAY_SLOT] = slot
        s[PAY_ABIL] = arow
        s[PAY_AUX] = aux
        s[PAY_DISCARD_LEFT] = nd
        s[PAY_CLOCK_LEFT] = nc
        set_decision(s, K.Decision.PAY_COST, p)
        return 1
    pay_fixed_costs(s, T, arow, p, slot)
    push_frame(s, T, slot, arow, p, aux)  # a level up the cost made wait (9.3.3) comes first
    return 0


@internal
def pay_cost_card_ok(s, T, p, hand_slot):
    """A hand card the pending cost can take now (the discard filter applies to discards)."""
    if s[PAY_DISCARD_LEFT] > 0:
        fr = ability_table(T)[s[PAY_ABIL], K.A_COST_DISCARD_FILTER]
        return fr < 0 or filter_match(s, T, fr, hand_slot, p, s[PAY_SLOT])
    return s[PAY_CLOCK_LEFT] > 0


# =============================================================================================
# Rule actions (CR 9) and check timing (CR 8.5.1)
# =============================================================================================
@internal
def level_up_due(s):
    """CR 9.3.1: a clock holds seven or more cards."""
    return s[CLOCK_N] >= K.CLOCK_TO_LEVEL or s[CLOCK_N + 1] >= K.CLOCK_TO_LEVEL


@internal
def level_up_interrupt(s):
    """CR 9.3 level up, an interrupt-type rule action (9.1.2.1): asked as soon as a clock holds
    seven cards, whatever is being done (the action resumes afterwards: SUSPENDED), the turn
    player's first (9.1.2.1.1.1). Returns 1 if the LEVEL_UP decision is now pending.
    CR 8.4.2.1 / 9.3.3: never called while a cost is being paid (no ``advance`` runs between the
    PAY_COST decisions, and ``pay_fixed_costs`` runs to its end), so the level up waits for it."""
    tp = s[TURN_PLAYER]
    for k in range(2):
        p = tp if k == 0 else 1 - tp
        if s[CLOCK_N + p] >= K.CLOCK_TO_LEVEL:
            s[CAND_N] = K.CLOCK_TO_LEVEL
            set_decision(s, K.Decision.LEVEL_UP, p)
            return 1
    return 0


@internal
def finish_clock_phase(s, T, p, draws):
    """CR 6.4.1.2: the draws of a clocked card (``draws`` 0 after a pass), then the main phase."""
    draw_cards(s, p, draws)
    s[PHASE] = K.Phase.MAIN
    s[FLOW] = F_MAIN
    trigger_all(s, T, K.Trigger.BEGIN_MAIN)
    trigger_clock_abilities(s, T, K.Trigger.BEGIN_MAIN)


@internal
def rule_actions(s, T):
    """The check-type rule actions (the level-up interrupt is ``level_up_interrupt``).
    Returns 1 if the game ended, 2 to run them again, 0 done."""
    tp = s[TURN_PLAYER]
    # CR 9.4 losing verdict (check type)
    for p in range(2):
        refresh_if_empty(s, p)
    lose0 = s[LEVEL_N] >= K.LEVEL_TO_LOSE or (s[DECK_N] == 0 and s[WR_N] == 0)
    lose1 = s[LEVEL_N + 1] >= K.LEVEL_TO_LOSE or (s[DECK_N + 1] == 0 and s[WR_N + 1] == 0)
    if lose0 or lose1:
        end_game(s, K_DRAW if (lose0 and lose1) else (1 if lose0 else 0))
        return 1
    # CR 9.9 refresh point: top card of the deck to the clock
    for k in range(2):
        p = tp if k == 0 else 1 - tp
        if s[REFRESH_POINT + p] > 0:
            s[REFRESH_POINT + p] -= 1
            move_top_of_deck(s, p, K.Zone.CLOCK)
            return 2  # run the rule actions again (after a level up, if one is due)
    refresh_derived(s, T)
    # CR 9.5 characters with 0 or less power to the waiting room
    moved = False
    for p in range(2):
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0 and s[D_POWER + sl * CARD_W] <= 0:
                stage_to_wr(s, T, sl)
                moved = True
    # CR 9.7 multiple climax: only the last one stays
    for p in range(2):
        while s[CX_N + p] > 1:
            put_in_zone(s, s[CX_L + p * K.MAX_DECK], K.Zone.WAITING_ROOM)
    # CR 9.8 unaffiliated markers
    for p in range(2):
        for pos in range(K.N_POSITIONS):
            if s[MARKER_N + p * K.N_POSITIONS + pos] > 0 and stage_slot(s, p, pos) < 0:
                for mslot in range(K.N_SLOTS):
                    if s[ZONE + mslot * CARD_W] == K.Zone.MARKER and owner_of(s, mslot) == p and s[POS + mslot * CARD_W] == pos:
                        put_in_zone(s, mslot, K.Zone.WAITING_ROOM)
                s[MARKER_N + p * K.N_POSITIONS + pos] = 0
    if moved:
        refresh_derived(s, T)
    return 0


K_DRAW = 2


@internal
def pending_step(s, T):
    """CR 8.5.1.2-3: the turn player's standby abilities first, then the other player's.
    Returns 1 if a decision is pending, 2 if an ability was started, 0 if none pending."""
    tp = s[TURN_PLAYER]
    for k in range(2):
        p = tp if k == 0 else 1 - tp
        n = s[PT_N + p]
        if n == 0:
            continue
        if n > 1:
            s[CAND_N] = min(n, K.OPTION_SLOTS)
            set_decision(s, K.Decision.ORDER_AUTO, p)
            return 1
        return play_pending(s, T, p, 0)
    return 0


@internal
def play_pending(s, T, p, i):
    A = ability_table(T)
    base = PT + (p * K.PENDING_MAX + i) * 3
    slot = s[base]
    arow = s[base + 1]
    aux = s[base + 2]
    optional = (A[arow, K.A_OPTIONAL] != 0 or A[arow, K.A_COST_STOCK] > 0 or A[arow, K.A_COST_REST_SELF] != 0
                or A[arow, K.A_COST_DISCARD] > 0 or A[arow, K.A_COST_HAND_TO_CLOCK] > 0)
    if not cost_payable(s, T, arow, p, slot):
        remove_pending(s, p, i)  # CR 8.7.3.2
        return 2
    if optional:
        s[DEC_ARG] = i
        s[DEC_ARG + 1] = 0
        set_decision(s, K.Decision.OPTIONAL_EFFECT, p)
        return 1
    remove_pending(s, p, i)
    if start_ability(s, T, p, slot, arow, aux) == 1:
        return 1
    return 2


# =============================================================================================
# Turn flow
# =============================================================================================
@internal
def can_attack_from(s, T, p, pos):
    sl = stage_slot(s, p, pos)
    if sl < 0 or s[ORIENT + sl * CARD_W] != K.Orientation.STAND:
        return False
    if (s[D_RST + sl * CARD_W] & K.RESTRICT_CANT_ATTACK) != 0:
        return False
    return True


@internal
def great_performance_pos(s, p):
    """CR 10.6.2: the opponent's middle character with Great Performance, not reversed."""
    gp = s[STAGE + (1 - p) * K.N_POSITIONS + 1]
    if gp >= 0 and (s[D_KW + gp * CARD_W] & K.KW_GREAT_PERFORMANCE) != 0 and s[ORIENT + gp * CARD_W] != K.Orientation.REVERSE:
        return gp
    return -1


@internal
def attack_legal(s, T, p, pos, atype):
    if not can_attack_from(s, T, p, pos):
        return False
    if great_performance_pos(s, p) >= 0:
        return atype == K.AttackType.FRONTAL
    fac = facing_slot(s, p, pos)
    sl = stage_slot(s, p, pos)
    if fac < 0:
        return atype == K.AttackType.DIRECT  # CR 7.2.1.4.1
    if atype == K.AttackType.FRONTAL:
        return (s[D_RST + sl * CARD_W] & K.RESTRICT_CANT_FRONTAL) == 0
    if atype == K.AttackType.SIDE:
        return (s[D_RST + sl * CARD_W] & K.RESTRICT_CANT_SIDE) == 0
    return False


@internal
def any_attack(s, T, p):
    # CR 7.2.1.3.1: the starting player's first turn allows one attack sub-phase
    if s[H_TURN] == 1 and s[ATTACKS_DONE] >= 1:
        return False
    for pos in range(3):
        for t in range(1, 4):
            if attack_legal(s, T, p, pos, t):
                return True
    return False


@internal
def start_turn(s, T):
    tp = s[TURN_PLAYER]
    s[PHASE] = K.Phase.STAND
    s[STEP] = K.AttackStep.NONE
    s[ATTACKS_DONE] = 0
    s[CX_PLAYED] = 0
    s[MOVE_RUN_OPEN] = 0  # CR 11.1.1.2: a new main phase, no run of moves yet
    trigger_all(s, T, K.Trigger.BEGIN_TURN)
    # CR 6.2.1.2 stand all characters
    for pos in range(K.N_POSITIONS):
        sl = stage_slot(s, tp, pos)
        if sl >= 0:
            s[ORIENT + sl * CARD_W] = K.Orientation.STAND
    s[PHASE] = K.Phase.DRAW
    trigger_all(s, T, K.Trigger.BEGIN_DRAW)
    draw_cards(s, tp, 1)  # CR 6.3.1.2
    s[PHASE] = K.Phase.CLOCK
    trigger_all(s, T, K.Trigger.BEGIN_CLOCK)
    s[FLOW] = F_CLOCK


@internal
def end_of_turn_cleanup(s, T):
    """CR 6.8.1.4: "until end of turn" effects end; then the next turn (6.8.1.5)."""
    t = s[H_TURN]
    for sl in range(K.N_SLOTS):
        b = sl * CARD_W
        s[PMOD + b] = 0
        s[SMOD + b] = 0
        s[LMOD + b] = 0
        s[KWMOD + b] = 0
        s[RSTMOD + b] = 0
        s[USES + b] = 0
        if s[LONG_UNTIL + b] != 0 and s[LONG_UNTIL + b] <= t:
            s[PMOD_LONG + b] = 0
            s[LONG_UNTIL + b] = 0
    s[TURN_PLAYER] = 1 - s[TURN_PLAYER]
    s[H_TURN] = t + 1
    s[ATK_SLOT] = -1
    s[DEF_SLOT] = -1
    s[SHOT_ARMED] = 0
    s[FLOW] = F_TURN_START


@internal
def any_reversed(s, p):
    for pos in range(K.N_POSITIONS):
        sl = stage_slot(s, p, pos)
        if sl >= 0 and s[ORIENT + sl * CARD_W] == K.Orientation.REVERSE:
            return True
    return False


@internal
def end_attack(s, T):
    a = s[ATK_SLOT]
    if a >= 0 and s[ZONE + a * CARD_W] == K.Zone.STAGE:
        trigger_card(s, T, a, s[TURN_PLAYER], K.Trigger.END_OF_ATTACK_SELF, -1)
    s[ATK_SLOT] = -1
    s[DEF_SLOT] = -1
    s[ATK_TYPE] = 0
    s[SHOT_ARMED] = 0
    s[STEP] = K.AttackStep.DECLARATION
    s[FLOW] = F_ATTACK_DECL


@internal
def wr_has(s, T, p, ctype, max_level):
    cards = card_table(T)
    for i in range(s[WR_N + p]):
        c = cid_of(s, s[WR_L + p * K.MAX_DECK + i])
        if cards[c, K.C_TYPE] == ctype and (max_level < 0 or cards[c, K.C_LEVEL] <= max_level):
            return True
    return False


@internal
def fill_wr_candidates(s, T, p, ctype, max_level):
    """Distinct card ids of p's waiting room of type ``ctype`` (level <= max_level if >= 0)."""
    cards = card_table(T)
    n = 0
    for i in range(s[WR_N + p]):
        sl = s[WR_L + p * K.MAX_DECK + i]
        c = cid_of(s, sl)
        if cards[c, K.C_TYPE] != ctype or (max_level >= 0 and cards[c, K.C_LEVEL] > max_level):
            continue
        dup = False
        for j in range(n):
            if cid_of(s, s[CAND + j]) == c:
                dup = True
                break
        if not dup and n < K.OPTION_SLOTS:
            s[CAND + n] = sl
            n += 1
    s[CAND_N] = n
    return n


@internal
def trigger_icon_step(s, T):
    """CR 4.12.2: perform icon TRIG_ICON_I of the revealed card; returns 1 on a decision."""
    cards = card_table(T)
    tp = s[TURN_PLAYER]
    tslot = s[TRIG_SLOT]
    while s[TRIG_ICON_I] < 2:
        i = s[TRIG_ICON_I]
        icon = cards[cid_of(s, tslot), K.C_TRIGGER0 + i]
        s[TRIG_ICON_I] = i + 1
        s[DEC_ARG] = icon
        a = s[ATK_SLOT]
        if icon == K.TriggerIcon.SOUL:
            if a >= 0 and s[ZONE + a * CARD_W] == K.Zone.STAGE:
                s[SMOD + a * CARD_W] += 1  # mandatory (4.12.2.2)
        elif icon == K.TriggerIcon.POOL or icon == K.TriggerIcon.DRAW:
            if s[DECK_N + tp] + s[WR_N + tp] > 0:
                set_decision(s, K.Decision.TRIGGER_OPTION, tp)
                return 1
        elif icon == K.TriggerIcon.TREASURE:
            if s[ZONE + tslot * CARD_W] == K.Zone.RESOLUTION:
                put_in_zone(s, tslot, K.Zone.HAND)  # 4.12.2.8
            if s[DECK_N + tp] + s[WR_N + tp] > 0:
                set_decision(s, K.Decision.TRIGGER_OPTION, tp)
                return 1
        elif icon == K.TriggerIcon.SHOT:
            s[SHOT_ARMED] = 1
        elif icon == K.TriggerIcon.RETURN:
            s[CAND_N] = 0
            for pos in range(K.N_POSITIONS):
                if stage_slot(s, 1 - tp, pos) >= 0:
                    set_decision(s, K.Decision.CHOOSE_TARGET, tp)
                    s[DEC_ARG + 1] = K.ChoiceFor.TRIGGER_ICON
                    return 1
        elif icon == K.TriggerIcon.COMEBACK:
            if fill_wr_candidates(s, T, tp, K.CardType.CHARACTER, -1) > 0:
                s[DEC_ARG + 1] = K.ChoiceFor.TRIGGER_ICON
                set_decision(s, K.Decision.CHOOSE_TARGET, tp)
                return 1
        elif icon == K.TriggerIcon.GATE:
            if fill_wr_candidates(s, T, tp, K.CardType.CLIMAX, -1) > 0:
                s[DEC_ARG + 1] = K.ChoiceFor.TRIGGER_ICON
                set_decision(s, K.Decision.CHOOSE_TARGET, tp)
                return 1
        elif icon == K.TriggerIcon.STANDBY:
            if fill_wr_candidates(s, T, tp, K.CardType.CHARACTER, player_level(s, tp) + 1) > 0:
                s[DEC_ARG + 1] = K.ChoiceFor.TRIGGER_ICON
                set_decision(s, K.Decision.CHOOSE_TARGET, tp)
                return 1
    return 0


@internal
def hand_counter_ok(s, T, p, slot):
    """CR 7.4.1.2.1 / 10.5: a hand card usable in the counter step."""
    cards = card_table(T)
    c = cid_of(s, slot)
    if cards[c, K.C_BACKUP_POWER] > 0:
        return player_level(s, p) >= cards[c, K.C_BACKUP_LEVEL] and s[STOCK_N + p] >= cards[c, K.C_BACKUP_COST]
    if cards[c, K.C_TYPE] == K.CardType.EVENT and cards[c, K.C_COUNTER] != 0 and cards[c, K.C_EVENT_ABIL] >= 0:
        return card_playable_base(s, T, p, c)
    return False


@internal
def flow_step(s, T):
    """Advance the turn by one flow state; returns 1 when a decision is pending."""
    fl = s[FLOW]
    tp = s[TURN_PLAYER]
    cards = card_table(T)
    if fl == F_MULLIGAN:
        st = s[MULLIGAN_STAGE]
        if st >= 2:
            s[FLOW] = F_TURN_START
            return 0
        p = s[FIRST_PLAYER] if st == 0 else 1 - s[FIRST_PLAYER]
        set_decision(s, K.Decision.MULLIGAN, p)
        return 1
    if fl == F_TURN_START:
        start_turn(s, T)
        return 0
    if fl == F_CLOCK:
        if s[HAND_N + tp] == 0:
            s[FLOW] = F_MAIN
            s[PHASE] = K.Phase.MAIN
            trigger_all(s, T, K.Trigger.BEGIN_MAIN)
            trigger_clock_abilities(s, T, K.Trigger.BEGIN_MAIN)
            return 0
        set_decision(s, K.Decision.CLOCK, tp)
        return 1
    if fl == F_MAIN:
        set_decision(s, K.Decision.MAIN, tp)
        return 1
    if fl == F_CLIMAX:
        if s[CX_PLAYED] == 0:
            for i in range(min(s[HAND_N + tp], K.HAND_SLOTS)):
                sl = s[HAND_L + tp * K.MAX_DECK + i]
                c = cid_of(s, sl)
                if cards[c, K.C_TYPE] == K.CardType.CLIMAX and color_ok(s, T, tp, c):
                    set_decision(s, K.Decision.CLIMAX, tp)
                    return 1
        s[PHASE] = K.Phase.ATTACK
        s[STEP] = K.AttackStep.DECLARATION
        s[FLOW] = F_ATTACK_DECL
        trigger_all(s, T, K.Trigger.BEGIN_ATTACK)
        return 0
    if fl == F_ATTACK_DECL:
        if any_attack(s, T, tp):
            set_decision(s, K.Decision.ATTACK, tp)
            return 1
        s[STEP] = K.AttackStep.ENCORE
        s[FLOW] = F_ENCORE
        trigger_all(s, T, K.Trigger.BEGIN_ENCORE)
        return 0
    if fl == F_TRIGGER:
        s[STEP] = K.AttackStep.TRIGGER
        top = move_top_of_deck(s, tp, K.Zone.RESOLUTION)  # CR 7.3.1.2 trigger check
        s[TRIG_SLOT] = top
        s[TRIG_ICON_I] = 0
        a = s[ATK_SLOT]
        if top >= 0 and cards[cid_of(s, top), K.C_TYPE] == K.CardType.CLIMAX and a >= 0 and s[ZONE + a * CARD_W] == K.Zone.STAGE:
            trigger_card(s, T, a, tp, K.Trigger.TRIGGER_CHECK_CLIMAX, top)
        s[FLOW] = F_TRIGGER_ICON if top >= 0 else F_TRIGGER_DONE
        return 0
    if fl == F_TRIGGER_ICON:
        if trigger_icon_step(s, T) == 1:
            return 1
        s[FLOW] = F_TRIGGER_DONE
        return 0
    if fl == F_TRIGGER_DONE:
        t = s[TRIG_SLOT]
        if t >= 0 and s[ZONE + t * CARD_W] == K.Zone.RESOLUTION:
            put_in_zone(s, t, K.Zone.STOCK)  # CR 3.13.1.2
        s[TRIG_SLOT] = -1
        if s[ATK_TYPE] == K.AttackType.FRONTAL:
            s[STEP] = K.AttackStep.COUNTER
            s[FLOW] = F_COUNTER
            trigger_all(s, T, K.Trigger.BEGIN_COUNTER)
        else:
            s[STEP] = K.AttackStep.DAMAGE
            s[FLOW] = F_DAMAGE
        return 0
    if fl == F_COUNTER:
        d = 1 - tp
        if s[COUNTER_USED] == 0 and s[DEF_SLOT] >= 0 and s[ZONE + s[DEF_SLOT] * CARD_W] == K.Zone.STAGE:
            for i in range(min(s[HAND_N + d], K.HAND_SLOTS)):
                if hand_counter_ok(s, T, d, s[HAND_L + d * K.MAX_DECK + i]):
                    set_decision(s, K.Decision.COUNTER, d)
                    return 1
            for pos in range(K.N_POSITIONS):
                for j in range(K.ABILITIES_PER_CARD):
                    if ability_usable_kind(s, T, d, pos, j, K.AbilityKind.COUNTER_ACT) >= 0 and s[FRAME_N] < K.FRAME_MAX:
                        set_decision(s, K.Decision.COUNTER, d)
                        return 1
        s[STEP] = K.AttackStep.DAMAGE
        s[FLOW] = F_DAMAGE
        return 0
    if fl == F_DAMAGE:
        a = s[ATK_SLOT]
        # CR 7.5.1.2.2: an attacker that left or moved deals no damage
        if a >= 0 and s[ZONE + a * CARD_W] == K.Zone.STAGE and s[POS + a * CARD_W] == s[ATK_POS]:
            refresh_derived(s, T)
            soul = s[D_SOUL + a * CARD_W]
            canceled = deal_damage(s, T, 1 - tp, soul)
            if soul > 0:
                trigger_card(s, T, a, tp, K.Trigger.DAMAGE_CANCELED_SELF if canceled else K.Trigger.DAMAGE_NOT_CANCELED_SELF, -1)
            if s[SHOT_ARMED] != 0 and s[D_SOUL + a * CARD_W] > 0:
                s[SHOT_ARMED] = 0  # CR 4.12.2.7: only the next damage
                if canceled:
                    deal_damage(s, T, 1 - tp, 1)
        if s[ATK_TYPE] == K.AttackType.FRONTAL:
            s[STEP] = K.AttackStep.BATTLE
            s[FLOW] = F_BATTLE
            trigger_all(s, T, K.Trigger.BEGIN_BATTLE)
        else:
            s[FLOW] = F_END_ATTACK
        return 0
    if fl == F_BATTLE:
        a = s[ATK_SLOT]
        d = s[DEF_SLOT]
        ok = a >= 0 and d >= 0 and s[ZONE + a * CARD_W] == K.Zone.STAGE and s[ZONE + d * CARD_W] == K.Zone.STAGE
        ok = ok and s[POS + a * CARD_W] == s[ATK_POS] and s[POS + d * CARD_W] == s[DEF_POS]
        if ok:  # CR 7.6.1.2 / 7.6.1.3
            refresh_derived(s, T)
            pa = s[D_POWER + a * CARD_W]
            pd = s[D_POWER + d * CARD_W]
            if pa <= pd:
                reverse_char(s, T, a)
                if s[ORIENT + a * CARD_W] == K.Orientation.REVERSE:
                    trigger_card(s, T, d, 1 - tp, K.Trigger.BATTLE_OPP_REVERSED, a)
            if pd <= pa:
                reverse_char(s, T, d)
                if s[ORIENT + d * CARD_W] == K.Orientation.REVERSE:
                    trigger_card(s, T, a, tp, K.Trigger.BATTLE_OPP_REVERSED, d)
        s[FLOW] = F_END_ATTACK
        return 0
    if fl == F_END_ATTACK:
        end_attack(s, T)
        return 0
    if fl == F_ENCORE:
        # CR 7.7.1.2 / 7.7.1.3: turn player first, then the non-turn player
        for k in range(2):
            p = tp if k == 0 else 1 - tp
            if any_reversed(s, p):
                set_decision(s, K.Decision.ENCORE, p)
                return 1
        s[PHASE] = K.Phase.END
        s[STEP] = K.AttackStep.NONE
        s[FLOW] = F_END
        trigger_all(s, T, K.Trigger.BEGIN_END)
        return 0
    if fl == F_END:
        if s[HAND_N + tp] > K.HAND_LIMIT:  # CR 6.8.1.2
            set_decision(s, K.Decision.HAND_LIMIT, tp)
            return 1
        for p in range(2):  # CR 6.8.1.3
            while s[CX_N + p] > 0 and p == tp:
                put_in_zone(s, s[CX_L + p * K.MAX_DECK + s[CX_N + p] - 1], K.Zone.WAITING_ROOM)
        s[FLOW] = F_END_CLEANUP
        return 0
    if fl == F_END_CLEANUP:
        end_of_turn_cleanup(s, T)
        return 0
    s[H_ERROR] = 100
    end_game(s, K_DRAW)
    return 1


@internal
def advance(s, T):
    """Run until a decision is pending or the game ends (CR 8.5.1 check timing, then the flow)."""
    while s[H_DONE] == 0:
        if s[H_NUM_DECISIONS] >= K.MAX_DECISIONS_PER_GAME:
            end_game(s, K_DRAW)  # CR 11.1 safety net
            return
        if level_up_interrupt(s) == 1:
            return
        if s[SUSPENDED] == RS_CLOCK_DRAWS:
            # CR 9.1.2.1: the suspended action goes on where it stopped (no check timing between)
            s[SUSPENDED] = RS_NONE
            finish_clock_phase(s, T, s[TURN_PLAYER], 2)
            continue
        if s[FRAME_N] == 0:
            # CR 9.1.2.2 / 8.5.1.1: the check-type rule actions, at a check timing only (not while an
            # effect program, suspended or waiting for a choice, is being resolved)
            ra = rule_actions(s, T)
            if ra == 2:
                continue
            if ra != 0:
                return
        else:
            refresh_derived(s, T)  # the program reads current power, soul, level (CR 8.9)
        if s[FRAME_N] > 0:
            if run_top_frame(s, T) == 1:
                return
            continue
        r = pending_step(s, T)
        if r == 1:
            return
        if r == 2:
            continue
        if flow_step(s, T) == 1:
            return


# =============================================================================================
# Legal actions
# =============================================================================================
@internal
def ability_usable(s, T, p, pos, j):
    """The j-th ACT ability of the character on ``pos`` usable now (main phase), or -1."""
    return ability_usable_kind(s, T, p, pos, j, K.AbilityKind.ACT)


@internal
def ability_usable_kind(s, T, p, pos, j, kind):
    """The j-th ability of kind ``kind`` (ACT: main phase play timing, CR 6.5.1.2.3; COUNTER_ACT:
    the counter step, 7.4.1.2.1) of the character on ``pos``; its ability row or -1."""
    cards = card_table(T)
    A = ability_table(T)
    sl = stage_slot(s, p, pos)
    if sl < 0:
        return -1
    c = cid_of(s, sl)
    k = 0
    a0 = cards[c, K.C_ABIL_START]
    for ai in range(a0, a0 + cards[c, K.C_ABIL_COUNT]):
        if A[ai, K.A_KIND] != kind:
            continue
        if k == j:
            if A[ai, K.A_ONCE_PER_TURN] != 0 and (s[USES + sl * CARD_W] & (1 << (ai - a0))) != 0:
                return -1
            if not condition_holds(s, T, A[ai, K.A_COND], A[ai, K.A_COND_ARG], p, sl):
                return -1
            if not cost_payable(s, T, ai, p, sl):
                return -1
            return ai
        k += 1
    return -1


@njit(cache=True)
def legal_mask_row(s, T, out):
    cards = card_table(T)
    out[:K.NUM_ACTIONS] = 0  # a slice fill: one vectorised loop, no per-element index checks
    if s[H_DONE] != 0:
        return 0
    kind = s[H_DECISION]
    p = s[H_DECIDER]
    tp = s[TURN_PLAYER]
    nh = min(s[HAND_N + p], K.HAND_SLOTS)
    n = 0
    if kind == K.Decision.MULLIGAN:
        out[K.PASS] = 1
        for i in range(nh):
            out[K.HAND_BASE + i] = 1
        return 1 + nh
    if kind == K.Decision.CLOCK or kind == K.Decision.HAND_LIMIT:
        if kind == K.Decision.CLOCK:
            out[K.PASS] = 1
            n = 1
        for i in range(nh):
            out[K.HAND_BASE + i] = 1
        return n + nh
    if kind == K.Decision.MAIN:
        out[K.PASS] = 1
        n = 1
        cmask = color_mask(s, T, p)
        for i in range(nh):
            sl = s[HAND_L + p * K.MAX_DECK + i]
            c = cid_of(s, sl)
            t = cards[c, K.C_TYPE]
            if t == K.CardType.CLIMAX or not playable_with_mask(s, T, p, c, cmask):
                continue
            if t == K.CardType.CHARACTER:
                for pos in range(K.N_POSITIONS):
                    out[K.PLAY_BASE + i * K.N_POSITIONS + pos] = 1
                    n += 1
            elif cards[c, K.C_EVENT_ABIL] >= 0 and s[FRAME_N] < K.FRAME_MAX:
                out[K.HAND_BASE + i] = 1
                n += 1
        A = ability_table(T)
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl < 0:
                continue
            c = cid_of(s, sl)
            n_act = 0
            for ai in range(cards[c, K.C_ABIL_START], cards[c, K.C_ABIL_START] + cards[c, K.C_ABIL_COUNT]):
                n_act += A[ai, K.A_KIND] == K.AbilityKind.ACT
            for j in range(min(n_act, K.ABILITIES_PER_CARD)):
                if ability_usable(s, T, p, pos, j) >= 0:
                    out[K.ABILITY_BASE + pos * K.ABILITIES_PER_CARD + j] = 1
                    n += 1
        # CR 6.5.1.2.4 moves: the stage read once (occupied / can't-move positions as 5-bit masks)
        occ = 0
        stuck = 0
        for x in range(K.N_POSITIONS):
            sl = stage_slot(s, p, x)
            if sl >= 0:
                occ |= 1 << x
                if (s[D_RST + sl * CARD_W] & K.RESTRICT_CANT_MOVE) != 0:
                    stuck |= 1 << x
        run_open = s[MOVE_RUN_OPEN] != 0
        packed, n_run, row = 0, 0, -1
        seen_lo, seen_hi = 0, 0
        if run_open:
            packed, n_run, _ = move_run_now(s, p)
            if n_run == POPCOUNT5[occ]:  # every card on the stage is one of the run's: the table
                row = (n_run * 120 + move_rank_swapped(packed, n_run, occ, -1, -1)) * K.N_MOVE_PAIRS
            # the 120 seen bits (4 words of 30) as two 60-bit integers
            w = (1 << 30) - 1
            seen_lo = np.int64(s[MOVE_RUN_SEEN] & w) | (np.int64(s[MOVE_RUN_SEEN + 1] & w) << 30)
            seen_hi = np.int64(s[MOVE_RUN_SEEN + 2] & w) | (np.int64(s[MOVE_RUN_SEEN + 3] & w) << 30)
        for k in range(K.N_MOVE_PAIRS):
            i, j = K.MOVE_PAIRS[k]
            pm = (1 << i) | (1 << j)
            if (occ & pm) == 0:
                continue  # CR 6.5.1.2.4: nothing would happen
            if (stuck & pm) != 0:
                continue
            if run_open:
                # CR 11.1.1.2: not if it completes a loop of moves (back to an arrangement seen in the run)
                r = np.int64(MOVE_RANK_AFTER[row + k]) if row >= 0 else move_rank_swapped(packed, n_run, occ, i, j)
                if ((seen_lo >> r) if r < 60 else (seen_hi >> (r - 60))) & 1:
                    continue
            out[K.MOVE_BASE + k] = 1
            n += 1
        return n
    if kind == K.Decision.CLIMAX:
        out[K.PASS] = 1
        n = 1
        for i in range(nh):
            c = cid_of(s, s[HAND_L + p * K.MAX_DECK + i])
            if cards[c, K.C_TYPE] == K.CardType.CLIMAX and color_ok(s, T, p, c):
                out[K.HAND_BASE + i] = 1
                n += 1
        return n
    if kind == K.Decision.ATTACK:
        out[K.PASS] = 1
        n = 1
        for pos in range(3):
            for t in range(1, 4):
                if attack_legal(s, T, p, pos, t):
                    out[K.ATTACK_BASE + pos * 3 + t - 1] = 1
                    n += 1
        return n
    if kind == K.Decision.COUNTER:
        out[K.PASS] = 1
        n = 1
        for i in range(nh):
            if hand_counter_ok(s, T, p, s[HAND_L + p * K.MAX_DECK + i]):
                out[K.HAND_BASE + i] = 1
                n += 1
        for pos in range(K.N_POSITIONS):
            for j in range(K.ABILITIES_PER_CARD):
                if ability_usable_kind(s, T, p, pos, j, K.AbilityKind.COUNTER_ACT) >= 0 and s[FRAME_N] < K.FRAME_MAX:
                    out[K.ABILITY_BASE + pos * K.ABILITIES_PER_CARD + j] = 1
                    n += 1
        return n
    if kind == K.Decision.ENCORE:
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0 and s[ORIENT + sl * CARD_W] == K.Orientation.REVERSE:
                out[K.OWN_STAGE_BASE + pos] = 1
                n += 1
        return n
    if kind == K.Decision.ENCORE_PAY or kind == K.Decision.TRIGGER_OPTION or kind == K.Decision.OPTIONAL_EFFECT:
        out[K.PASS] = 1
        out[K.OPTION_BASE] = 1
        return 2
    if kind == K.Decision.LEVEL_UP:
        for k in range(K.CLOCK_TO_LEVEL):
            out[K.OPTION_BASE + k] = 1
        return K.CLOCK_TO_LEVEL
    if kind == K.Decision.ORDER_AUTO:
        for k in range(s[CAND_N]):
            out[K.OPTION_BASE + k] = 1
        return s[CAND_N]
    if kind == K.Decision.PAY_COST:
        for i in range(nh):
            if pay_cost_card_ok(s, T, p, s[HAND_L + p * K.MAX_DECK + i]):
                out[K.HAND_BASE + i] = 1
                n += 1
        return n
    if kind == K.Decision.CHOOSE_POSITION:
        mode = s[DEC_ARG + 3]  # 0 any position, 1 an empty one, 2 any other than its own
        cur = s[POS + s[DEC_ARG + 2] * CARD_W]
        for pos in range(K.N_POSITIONS):
            if mode == 1 and stage_slot(s, p, pos) >= 0:
                continue
            if mode == 2 and pos == cur:
                continue
            out[K.OWN_STAGE_BASE + pos] = 1
            n += 1
        if n == 0:
            out[K.PASS] = 1
            n = 1
        return n
    if kind == K.Decision.CHOOSE_TARGET:
        frow = s[DEC_ARG]
        reg = s[DEC_ARG + 1]
        if reg == K.ChoiceFor.TRIGGER_ICON:  # a trigger icon's choice (CR 4.12.2): always optional ("may")
            out[K.PASS] = 1
            n = 1
            icon = s[DEC_ARG]
            if icon == K.TriggerIcon.RETURN:
                for pos in range(K.N_POSITIONS):
                    if stage_slot(s, 1 - p, pos) >= 0:
                        out[K.OPP_STAGE_BASE + pos] = 1
                        n += 1
            else:
                for k in range(s[CAND_N]):
                    out[K.OPTION_BASE + k] = 1
                    n += 1
            return n
        if reg == K.ChoiceFor.EFFECT_DISCARD:  # an effect's discard: any hand card
            for i in range(nh):
                out[K.HAND_BASE + i] = 1
            return nh
        if reg == K.ChoiceFor.SHIFT:  # a hand card of the clock card's colour, or decline
            f = frame_base(s, s[FRAME_N] - 1)
            col = cards[cid_of(s, s[f + FR_SLOT]), K.C_COLOR]
            out[K.PASS] = 1
            n = 1
            for i in range(nh):
                if cards[cid_of(s, s[HAND_L + p * K.MAX_DECK + i]), K.C_COLOR] == col:
                    out[K.HAND_BASE + i] = 1
                    n += 1
            return n
        f = frame_base(s, s[FRAME_N] - 1)
        src = s[f + FR_SLOT]
        if s[DEC_ARG + 2] != 0:
            out[K.PASS] = 1
            n = 1
        if frow >= 0 and filter_table(T)[frow, K.F_ZONE] == K.FilterZone.STAGE:
            for q in range(2):
                for pos in range(K.N_POSITIONS):
                    sl = stage_slot(s, q, pos)
                    if sl < 0 or reg_has(s, f, reg, sl) or not filter_match(s, T, frow, sl, p, src):
                        continue
                    if q != p and (s[D_RST + sl * CARD_W] & K.RESTRICT_CANT_BE_CHOSEN) != 0:
                        continue
                    out[(K.OWN_STAGE_BASE if q == p else K.OPP_STAGE_BASE) + pos] = 1
                    n += 1
        else:
            for k in range(s[CAND_N]):
                out[K.OPTION_BASE + k] = 1
                n += 1
        return n
    return n




# =============================================================================================
# Applying actions
# =============================================================================================
@internal
def play_character(s, T, p, hand_i, pos):
    cards = card_table(T)
    sl = s[HAND_L + p * K.MAX_DECK + hand_i]
    pay_stock(s, p, cards[cid_of(s, sl), K.C_COST])  # CR 8.6.2.3
    place_on_stage(s, T, sl, p, pos, K.Orientation.STAND, True)  # CR 6.5.1.2.1


@internal
def play_event(s, T, p, hand_i):
    cards = card_table(T)
    sl = s[HAND_L + p * K.MAX_DECK + hand_i]
    c = cid_of(s, sl)
    pay_stock(s, p, cards[c, K.C_COST])
    put_in_zone(s, sl, K.Zone.RESOLUTION)  # CR 6.5.1.2.2 / 3.13.1.1
    push_frame(s, T, sl, cards[c, K.C_EVENT_ABIL], p, -1)  # to the waiting room once resolved


@internal
def finish_events(s):
    """CR 8.6.2.4.2: resolved event cards leave the resolution zone for the waiting room."""
    for p in range(2):
        i = 0
        while i < s[RES_N + p]:
            sl = s[RES_L + p * K.MAX_DECK + i]
            if sl != s[TRIG_SLOT]:
                put_in_zone(s, sl, K.Zone.WAITING_ROOM)
            else:
                i += 1


@internal
def list_climax_slots(s, T, p):
    """CX_SLOTS: player p's card slots that hold climax cards, in slot order (derived from the card
    ids; the observation counts climax cards per zone through it)."""
    cards = card_table(T)
    n = 0
    for slot in range(p * K.MAX_DECK, (p + 1) * K.MAX_DECK):
        c = s[CARD + slot * CARD_W]
        if c >= 0 and cards[c, K.C_TYPE] == K.CardType.CLIMAX:
            s[CX_SLOTS + p * K.MAX_DECK + n] = slot
            n += 1
    for i in range(n, K.MAX_DECK):
        s[CX_SLOTS + p * K.MAX_DECK + i] = -1
    s[CX_SLOT_N + p] = n


@internal
def move_run_now(s, p):
    """CR 11.1.1.2: player p's stage arrangement as it is, for :func:`move_rank_swapped`: the
    positions of the cards that were on the stage when the run of moves began (MOVE_RUN_START), in
    the order of their starting positions, packed 3 bits each (``packed``, ``n`` of them), and the
    occupied positions as a 5-bit mask. Found once per legal mask; every move pair is then ranked
    from it with no further reads of the row."""
    base = STAGE + p * K.N_POSITIONS
    packed = 0
    n = 0
    occ = 0
    for x in range(K.N_POSITIONS):
        if s[base + x] >= 0:
            occ |= 1 << x
    for q in range(K.N_POSITIONS):
        c = s[MOVE_RUN_START + q]
        if c < 0:
            continue
        for x in range(K.N_POSITIONS):
            if s[base + x] == c:
                packed |= x << (3 * n)
                n += 1
                break
    return packed, n, occ


@internal
def move_rank_swapped(packed, n, occ, i, j):
    """The rank (0..119) of the arrangement :func:`move_run_now` describes after exchanging
    positions i and j (i = j = -1: as it is), among the arrangements of the run's cards. The
    arrangement is a permutation of the 5 positions: the positions of the run's cards in the order
    of their starting positions, then the empty positions in increasing order (so two arrangements
    are equal exactly when their permutations are); its rank is its Lehmer code. Moves only
    exchange positions, so the cards are the same all through a run."""
    perm = 0
    for k in range(n):
        x = (packed >> (3 * k)) & 7
        if x == i:
            x = j
        elif x == j:
            x = i
        perm |= x << (3 * k)
    m = n
    for x in range(K.N_POSITIONS):
        y = j if x == i else (i if x == j else x)  # x holds after the exchange what y held before
        if (occ >> y) & 1 == 0:
            perm |= x << (3 * m)
            m += 1
    rank = 0
    for a in range(K.N_POSITIONS):
        va = (perm >> (3 * a)) & 7
        less = 0
        for b in range(a + 1, K.N_POSITIONS):
            if ((perm >> (3 * b)) & 7) < va:
                less += 1
        rank = rank * (K.N_POSITIONS - a) + less
    return rank


def _move_rank_after_table():
    """MOVE_RANK_AFTER[(n * 120 + r) * N_MOVE_PAIRS + k]: :func:`move_rank_swapped` of move pair k
    from the arrangement of rank r whose first n positions hold the run's cards and whose other
    positions are empty (every stage card is one of the run's, as in all but odd runs), computed
    here by the function itself; -1 where (n, r) is no such arrangement (its empty positions not in
    increasing order). The legal mask ranks the ten pairs with one lookup each instead of ten calls,
    and a move ranks the arrangement it makes from the one before it: a main-phase mask 904 -> 674
    TSC cycles, random play without observations ~830 -> ~760 ns per decision (single thread, hot
    rows, A/B medians of benchmarks/bench_row_loop.py)."""
    rank = getattr(move_rank_swapped, "py_func", move_rank_swapped)
    t = np.full((K.N_POSITIONS + 1) * 120 * K.N_MOVE_PAIRS, -1, np.int8)
    for perm in itertools.permutations(range(K.N_POSITIONS)):
        for n in range(K.N_POSITIONS + 1):
            if list(perm[n:]) != sorted(perm[n:]):
                continue
            packed = sum(perm[k] << (3 * k) for k in range(n))
            occ = sum(1 << perm[k] for k in range(n))
            r = rank(packed, n, occ, -1, -1)
            for k, (i, j) in enumerate(K.MOVE_PAIRS):
                t[(n * 120 + r) * K.N_MOVE_PAIRS + k] = rank(packed, n, occ, i, j)
    return t


MOVE_RANK_AFTER = _move_rank_after_table()
POPCOUNT5 = np.array([bin(m).count("1") for m in range(1 << K.N_POSITIONS)], np.int64)


@internal
def move_run_seen(s, rank):
    return (s[MOVE_RUN_SEEN + rank // 30] >> (rank % 30)) & 1


@internal
def move_run_mark(s, rank):
    s[MOVE_RUN_SEEN + rank // 30] |= 1 << (rank % 30)


@internal
def move_chars(s, T, p, i, j):
    """CR 6.5.1.2.4: exchange two stage positions (cards keep their state and markers)."""
    a = stage_slot(s, p, i)
    b = stage_slot(s, p, j)
    s[STAGE + p * K.N_POSITIONS + i] = b
    s[STAGE + p * K.N_POSITIONS + j] = a
    if a >= 0:
        s[POS + a * CARD_W] = j
    if b >= 0:
        s[POS + b * CARD_W] = i
    mi = s[MARKER_N + p * K.N_POSITIONS + i]
    mj = s[MARKER_N + p * K.N_POSITIONS + j]
    if mi == 0 and mj == 0:
        return
    for m in range(K.N_SLOTS):
        if s[ZONE + m * CARD_W] == K.Zone.MARKER and owner_of(s, m) == p:
            if s[POS + m * CARD_W] == i:
                s[POS + m * CARD_W] = j
            elif s[POS + m * CARD_W] == j:
                s[POS + m * CARD_W] = i
    s[MARKER_N + p * K.N_POSITIONS + i] = mj
    s[MARKER_N + p * K.N_POSITIONS + j] = mi


@internal
def declare_attack(s, T, p, pos, atype):
    """CR 7.2.1.4 - 7.2.1.6."""
    sl = stage_slot(s, p, pos)
    s[ATK_SLOT] = sl
    s[ATK_POS] = pos
    s[ATK_TYPE] = atype
    s[ATTACKS_DONE] += 1
    s[COUNTER_USED] = 0
    s[DEF_SLOT] = -1
    gp = great_performance_pos(s, p)
    if atype == K.AttackType.DIRECT:
        s[SMOD + sl * CARD_W] += 1  # 7.2.1.4.1
    elif atype == K.AttackType.FRONTAL:
        s[DEF_SLOT] = gp if gp >= 0 else facing_slot(s, p, pos)  # 7.2.1.5.1 / 10.6.2
        s[DEF_POS] = s[POS + s[DEF_SLOT] * CARD_W]
    else:
        lv = s[D_LEVEL + facing_slot(s, p, pos) * CARD_W]
        if lv > 0:
            s[SMOD + sl * CARD_W] -= lv  # 7.2.1.4.2
    s[ORIENT + sl * CARD_W] = K.Orientation.REST  # 7.2.1.5.3
    trigger_card(s, T, sl, p, K.Trigger.ATTACKS_SELF, -1)  # 7.2.1.6
    if s[DEF_SLOT] >= 0:
        trigger_card(s, T, s[DEF_SLOT], 1 - p, K.Trigger.FRONTAL_ATTACKED_SELF, sl)
    s[FLOW] = F_TRIGGER


@njit(cache=True)
def apply_unchecked(s, T, a):
    """Perform legal action ``a`` of the pending decision and run to the next decision."""
    cards = card_table(T)
    A = ability_table(T)
    kind = s[H_DECISION]
    p = s[H_DECIDER]
    tp = s[TURN_PLAYER]
    s[H_NUM_DECISIONS] += 1
    s[H_DECISION] = K.Decision.NONE
    if kind == K.Decision.MULLIGAN:
        if a == K.PASS:
            draw_cards(s, p, s[MULL_DISCARDS])  # CR 5.2.1.4: draw as many as discarded
            s[MULL_DISCARDS] = 0
            s[MULLIGAN_STAGE] += 1
        else:
            put_in_zone(s, s[HAND_L + p * K.MAX_DECK + a - K.HAND_BASE], K.Zone.WAITING_ROOM)
            s[MULL_DISCARDS] += 1
    elif kind == K.Decision.CLOCK:
        if a == K.PASS:
            finish_clock_phase(s, T, p, 0)
        else:  # CR 6.4.1.2
            put_in_zone(s, s[HAND_L + p * K.MAX_DECK + a - K.HAND_BASE], K.Zone.CLOCK)
            if level_up_due(s):
                s[SUSPENDED] = RS_CLOCK_DRAWS  # CR 9.1.2.1: the level up comes before the draws
            else:
                finish_clock_phase(s, T, p, 2)
    elif kind == K.Decision.MAIN:
        if a < K.MOVE_BASE or a >= K.ATTACK_BASE:
            s[MOVE_RUN_OPEN] = 0  # CR 11.1.1.2: another action ends the run of moves
        if a == K.PASS:
            s[PHASE] = K.Phase.CLIMAX
            s[FLOW] = F_CLIMAX
            trigger_all(s, T, K.Trigger.BEGIN_CLIMAX)
        elif a >= K.PLAY_BASE and a < K.OWN_STAGE_BASE:
            k = a - K.PLAY_BASE
            play_character(s, T, p, k // K.N_POSITIONS, k % K.N_POSITIONS)
        elif a >= K.HAND_BASE and a < K.PLAY_BASE:
            play_event(s, T, p, a - K.HAND_BASE)
        elif a >= K.ABILITY_BASE and a < K.MOVE_BASE:
            k = a - K.ABILITY_BASE
            pos = k // K.ABILITIES_PER_CARD
            ai = ability_usable(s, T, p, pos, k % K.ABILITIES_PER_CARD)
            sl = stage_slot(s, p, pos)
            c = cid_of(s, sl)
            s[USES + sl * CARD_W] |= 1 << (ai - cards[c, K.C_ABIL_START])
            start_ability(s, T, p, sl, ai, -1)
        elif a >= K.MOVE_BASE and a < K.ATTACK_BASE:
            k = a - K.MOVE_BASE
            i, j = K.MOVE_PAIRS[k]
            first = s[MOVE_RUN_OPEN] == 0
            if first:  # the first move of a run: remember where it started
                s[MOVE_RUN_OPEN] = 1
                for q in range(K.N_POSITIONS):
                    s[MOVE_RUN_START + q] = s[STAGE + p * K.N_POSITIONS + q]
                for w in range(4):
                    s[MOVE_RUN_SEEN + w] = 0
            packed, n_run, occ = move_run_now(s, p)
            r = move_rank_swapped(packed, n_run, occ, -1, -1)
            if first:
                move_run_mark(s, r)
            # the arrangement after the exchange, ranked from the one before it (the same rank as
            # ranking the stage after move_chars: see move_rank_swapped)
            # (np.int64: without JIT an int8 rank would make move_run_mark's 1 << rank an int8)
            if n_run == POPCOUNT5[occ]:
                r = np.int64(MOVE_RANK_AFTER[(n_run * 120 + r) * K.N_MOVE_PAIRS + k])
            else:
                r = move_rank_swapped(packed, n_run, occ, i, j)
            move_chars(s, T, p, i, j)
            move_run_mark(s, r)
    elif kind == K.Decision.CLIMAX:
        s[CX_PLAYED] = 1  # CR 6.6.1.2.2
        if a != K.PASS:
            sl = s[HAND_L + p * K.MAX_DECK + a - K.HAND_BASE]
            put_in_zone(s, sl, K.Zone.CLIMAX_AREA)  # CR 8.6.2.4.3
            trigger_card(s, T, sl, p, K.Trigger.CLIMAX_PLACED, -1)
            for pos in range(K.N_POSITIONS):
                ch = stage_slot(s, p, pos)
                if ch >= 0:
                    trigger_card(s, T, ch, p, K.Trigger.OWN_CLIMAX_PLACED, sl)
    elif kind == K.Decision.ATTACK:
        if a == K.PASS:
            s[STEP] = K.AttackStep.ENCORE
            s[FLOW] = F_ENCORE
            trigger_all(s, T, K.Trigger.BEGIN_ENCORE)
        else:
            k = a - K.ATTACK_BASE
            declare_attack(s, T, p, k // 3, k % 3 + 1)
    elif kind == K.Decision.COUNTER:
        s[COUNTER_USED] = 1  # CR 7.4.1.2.2: one card or ability only
        if a >= K.ABILITY_BASE and a < K.MOVE_BASE:
            k = a - K.ABILITY_BASE
            pos = k // K.ABILITIES_PER_CARD
            ai = ability_usable_kind(s, T, p, pos, k % K.ABILITIES_PER_CARD, K.AbilityKind.COUNTER_ACT)
            sl = stage_slot(s, p, pos)
            s[USES + sl * CARD_W] |= 1 << (ai - cards[cid_of(s, sl), K.C_ABIL_START])
            start_ability(s, T, p, sl, ai, -1)
        elif a != K.PASS:
            sl = s[HAND_L + p * K.MAX_DECK + a - K.HAND_BASE]
            c = cid_of(s, sl)
            if cards[c, K.C_BACKUP_POWER] > 0:
                pay_stock(s, p, cards[c, K.C_BACKUP_COST])  # CR 10.5.2
                put_in_zone(s, sl, K.Zone.WAITING_ROOM)
                d = s[DEF_SLOT]
                s[PMOD + d * CARD_W] += cards[c, K.C_BACKUP_POWER]
            else:
                play_event(s, T, p, a - K.HAND_BASE)
        s[STEP] = K.AttackStep.DAMAGE
        s[FLOW] = F_DAMAGE
    elif kind == K.Decision.ENCORE:
        pos = a - K.OWN_STAGE_BASE
        sl = stage_slot(s, p, pos)
        stage_to_wr(s, T, sl)  # CR 7.7.1.2
        s[DEC_ARG] = sl
        s[DEC_ARG + 1] = pos
        # CR 10.2.3: every character has Encore [3]
        if s[STOCK_N + p] >= 3 and stage_slot(s, p, pos) < 0:
            set_decision(s, K.Decision.ENCORE_PAY, p)
            return
    elif kind == K.Decision.ENCORE_PAY:
        if a != K.PASS:
            pay_stock(s, p, 3)
            place_on_stage(s, T, s[DEC_ARG], p, s[DEC_ARG + 1], K.Orientation.REST, False)  # CR 10.2.2
    elif kind == K.Decision.LEVEL_UP:
        # CR 9.3.2: the chosen card of the bottom seven to level, the other six to the waiting room
        base = CLOCK_L + p * K.MAX_DECK
        chosen = s[base + a - K.OPTION_BASE]
        others = np.empty(6, np.int64)
        k = 0
        for i in range(K.CLOCK_TO_LEVEL):
            if i != a - K.OPTION_BASE:
                others[k] = s[base + i]
                k += 1
        put_in_zone(s, chosen, K.Zone.LEVEL)
        for i in range(6):
            put_in_zone(s, others[i], K.Zone.WAITING_ROOM)
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0:
                trigger_card(s, T, sl, p, K.Trigger.LEVEL_UP, chosen)
    elif kind == K.Decision.HAND_LIMIT:
        put_in_zone(s, s[HAND_L + p * K.MAX_DECK + a - K.HAND_BASE], K.Zone.WAITING_ROOM)
    elif kind == K.Decision.TRIGGER_OPTION:
        if a != K.PASS:
            icon = s[DEC_ARG]
            if icon == K.TriggerIcon.DRAW:
                draw_cards(s, p, 1)
            else:
                move_top_of_deck(s, p, K.Zone.STOCK)  # pool / treasure
    elif kind == K.Decision.ORDER_AUTO:
        play_pending(s, T, p, a - K.OPTION_BASE)
    elif kind == K.Decision.OPTIONAL_EFFECT and s[DEC_ARG + 1] == K.ChoiceFor.CHOOSE_OPTIONAL:  # inside a program
        f = frame_base(s, s[FRAME_N] - 1)
        s[f + FR_PC] += 1 if a != K.PASS else 1 + s[DEC_ARG]
        s[f + FR_CNT] = 0
    elif kind == K.Decision.OPTIONAL_EFFECT:
        i = s[DEC_ARG]
        base = PT + (p * K.PENDING_MAX + i) * 3
        slot = s[base]
        arow = s[base + 1]
        aux = s[base + 2]
        remove_pending(s, p, i)
        if a != K.PASS:
            start_ability(s, T, p, slot, arow, aux)
    elif kind == K.Decision.PAY_COST:
        hs = s[HAND_L + p * K.MAX_DECK + a - K.HAND_BASE]
        if s[PAY_DISCARD_LEFT] > 0:
            put_in_zone(s, hs, K.Zone.WAITING_ROOM)
            s[PAY_DISCARD_LEFT] -= 1
        else:
            put_in_zone(s, hs, K.Zone.CLOCK)
            s[PAY_CLOCK_LEFT] -= 1
        if s[PAY_DISCARD_LEFT] > 0 or s[PAY_CLOCK_LEFT] > 0:
            set_decision(s, K.Decision.PAY_COST, p)
            return
        pay_fixed_costs(s, T, s[PAY_ABIL], p, s[PAY_SLOT])
        push_frame(s, T, s[PAY_SLOT], s[PAY_ABIL], p, s[PAY_AUX])  # after a level up the cost made wait
    elif kind == K.Decision.CHOOSE_POSITION:
        if s[DEC_ARG + 1] == K.ChoiceFor.MOVE_POSITION:
            if a != K.PASS:
                move_chars(s, T, p, s[POS + s[DEC_ARG + 2] * CARD_W], a - K.OWN_STAGE_BASE)
        elif s[DEC_ARG + 1] == K.ChoiceFor.TO_STAGE:
            if a != K.PASS:
                place_on_stage(s, T, s[DEC_ARG + 2], p, a - K.OWN_STAGE_BASE, s[DEC_ARG], False)
        elif s[DEC_ARG + 1] == K.ChoiceFor.SUNDER:  # the chosen marker becomes the character on this position
            f = frame_base(s, s[FRAME_N] - 1)
            src = s[f + FR_SLOT]
            x = s[DEC_ARG + 2]
            q = a - K.OWN_STAGE_BASE
            if s[ZONE + src * CARD_W] == K.Zone.STAGE and s[ZONE + x * CARD_W] == K.Zone.MARKER:
                pos = s[POS + src * CARD_W]
                take_from_zone(s, x)
                stage_char_to_marker(s, src)
                if q != pos and stage_slot(s, p, q) >= 0:
                    put_in_zone(s, stage_slot(s, p, q), K.Zone.WAITING_ROOM)  # CR 9.6.1
                rehome_markers(s, p, pos, q)
                place_on_stage(s, T, x, p, q, K.Orientation.STAND, False)  # 10.15.3.1 stand state
        else:
            place_on_stage(s, T, s[DEC_ARG + 2], p, a - K.OWN_STAGE_BASE, K.Orientation.REST, False)  # CR 4.12.2.10
    elif kind == K.Decision.CHOOSE_TARGET:
        reg = s[DEC_ARG + 1]
        if reg == K.ChoiceFor.TRIGGER_ICON:
            icon = s[DEC_ARG]
            if a != K.PASS:
                if icon == K.TriggerIcon.RETURN:
                    put_in_zone(s, stage_slot(s, 1 - p, a - K.OPP_STAGE_BASE), K.Zone.HAND)
                else:
                    sl = s[CAND + a - K.OPTION_BASE]
                    if icon == K.TriggerIcon.STANDBY:
                        s[DEC_ARG + 2] = sl
                        s[DEC_ARG + 3] = 0
                        set_decision(s, K.Decision.CHOOSE_POSITION, p)
                        return
                    put_in_zone(s, sl, K.Zone.HAND)
        elif reg == K.ChoiceFor.SHIFT:
            f = frame_base(s, s[FRAME_N] - 1)
            if a != K.PASS:
                shift_exchange(s, s[f + FR_SLOT], s[HAND_L + p * K.MAX_DECK + a - K.HAND_BASE])
            s[f + FR_CNT] = 1
        elif reg == K.ChoiceFor.EFFECT_DISCARD:
            f = frame_base(s, s[FRAME_N] - 1)
            put_in_zone(s, s[HAND_L + p * K.MAX_DECK + a - K.HAND_BASE], K.Zone.WAITING_ROOM)
            s[f + FR_CNT] += 1
        else:
            f = frame_base(s, s[FRAME_N] - 1)
            if a == K.PASS:
                s[f + FR_CNT] = 1 << 20  # done choosing: the instruction finishes on resume
            else:
                if a >= K.OPTION_BASE:
                    sl = s[CAND + a - K.OPTION_BASE]
                elif a >= K.OPP_STAGE_BASE:
                    sl = stage_slot(s, 1 - p, a - K.OPP_STAGE_BASE)
                else:
                    sl = stage_slot(s, p, a - K.OWN_STAGE_BASE)
                reg_add(s, f, reg, sl)
                s[f + FR_CNT] += 1
    if s[H_DECISION] == K.Decision.NONE:  # the action may itself have opened a decision (8.7.3.1.1)
        advance(s, T)
    if s[FRAME_N] == 0:
        finish_events(s)
    if s[H_DONE] == 0 and s[H_DECISION] == K.Decision.NONE:
        advance(s, T)


@njit(cache=True)
def advance_row(s, T):
    """Run a row edited in Python (``scenario.Scenario``) to its next decision."""
    if s[H_DONE] == 0 and s[H_DECISION] == K.Decision.NONE:
        advance(s, T)


@internal
def setup_row(s, deck0, deck1, T):
    """CR 5.2: a new game, in a row the core has zeroed, headed and seeded (the hook ``setup_row``
    of tcg_env.engine.hooks; the core's ``reset_row`` calls it). Player p's deck card i goes to slot
    p*MAX_DECK + i."""
    for slot in range(K.N_SLOTS):
        s[CARD + slot * CARD_W] = -1
        s[OWNER + slot * CARD_W] = slot // K.MAX_DECK
        s[POS + slot * CARD_W] = -1
    for p in range(2):
        for pos in range(K.N_POSITIONS):
            s[STAGE + p * K.N_POSITIONS + pos] = -1
        for z in (K.Zone.DECK, K.Zone.HAND, K.Zone.WAITING_ROOM, K.Zone.CLOCK, K.Zone.LEVEL, K.Zone.STOCK,
                  K.Zone.MEMORY, K.Zone.RESOLUTION, K.Zone.CLIMAX_AREA):
            n_off, l_off = zone_offsets(z, p)
            for i in range(K.MAX_DECK):
                s[l_off + i] = -1
    s[ATK_SLOT] = -1
    s[DEF_SLOT] = -1
    s[TRIG_SLOT] = -1
    s[H_TURN] = 1
    for p in range(2):
        deck = deck0 if p == 0 else deck1
        for i in range(deck.shape[0]):
            slot = p * K.MAX_DECK + i
            s[CARD + slot * CARD_W] = deck[i]
            s[ZONE + slot * CARD_W] = K.Zone.DECK
            zone_push(s, DECK_N + p, DECK_L + p * K.MAX_DECK, slot)
        shuffle_deck(s, p)  # CR 5.2.1.2
        list_climax_slots(s, T, p)
    first = rng_below(s, 2)  # CR 5.2.1.3
    s[FIRST_PLAYER] = first
    s[TURN_PLAYER] = first  # CR 5.2.1.6
    for p in range(2):
        draw_cards(s, p, K.OPENING_HAND)  # CR 5.2.1.4
    s[PHASE] = K.Phase.SETUP
    s[FLOW] = F_MULLIGAN
    advance(s, T)
