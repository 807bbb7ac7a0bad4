"""Weiss Schwarz agents that run inside the kernels: uniformly random and a rule-based heuristic.

The heuristic scores every legal action of the pending decision straight from the state row (no
cloning, no lookahead), so a decision costs about as much as computing its mask. Scores are in
"card units" (1 = about one card, or 1000 power / one soul on the stage). What it does:

* MULLIGAN (CR 5.2.1.4): discards climaxes and cards of level 2 or more, keeps the rest.
* CLOCK (CR 6.4.1.2): clocks its least useful hand card (a surplus climax, a card it can't play
  for a while) to draw 2 while it is far from losing (level * 7 + clock <= ``CLOCK_SAFE``,
  CR 9.3 / 1.2.2.1: the 4th level loses).
* MAIN (CR 6.5.1.2): plays the character with the best ``value - stock cost``: centre positions
  first (only centre characters attack, CR 3.6.3 / 7.2.1.3), replacing a weaker character only
  when the new one is clearly better (the old one goes to the waiting room, CR 8.6.2.4.1); back
  positions when it has spare cards; keeps ``ENCORE_STOCK`` stock when it can (Encore [3],
  CR 10.2.3). Events without a counter icon when affordable; activated abilities whose use is
  bounded (once per turn, a stock cost, resting a back character); moves a back character into
  an empty centre position. Counter-icon events and Backup characters stay in hand for the
  counter step.
* CLIMAX (CR 6.6.1.2): plays a climax when it has a standing centre character, preferring one a
  stage character's climax combo names (CR 8.12).
* ATTACK (CR 7.2.1.3 / 7.2.1.4): every legal attack, best first: direct (+1 soul, 7.2.1.4.1),
  frontal when its power beats the defender's by ``FRONTAL_MARGIN`` (the defender is reversed in
  the battle, CR 7.6.1.2), otherwise side (soul minus the facing character's level, 7.2.1.4.2),
  frontal when that leaves no soul.
* COUNTER (CR 7.4.1.2): when its frontally attacked character would be reversed, the cheapest
  Backup (CR 10.5.2) that saves it, or a counter event.
* ENCORE (CR 7.7.1.2 / 10.2.3): sends its most valuable reversed character first and pays
  Encore [3] for characters of level 2+ only (the stock is worth more for plays and Backups).
* LEVEL_UP (CR 9.3.2): puts the clock card whose colour its hand needs most into the level zone
  (colour requirement, CR 8.6.2.1.1), a character before a climax.
* HAND_LIMIT / discards: its least useful hand card. Trigger "may" actions (CR 4.12.2) and
  optional effects: yes. Effect targets: harmful effects on the opponent's best character,
  helpful ones on its own best (the next instruction of the program on the register says which).

All functions are ``njit(cache=True)`` over the state row and the card tables ``T`` and run under
``NUMBA_DISABLE_JIT=1``. Rule numbers cite ``weiss-schwarz-comprehensive.md`` (v2.03).
"""

import numpy as np
from numba import njit

from tcg_env.engine.tables import ability_table, card_table, code_table
from tcg_env.engine.header import H_DECIDER, H_DECISION
from tcg_env.engine.jit import internal, internal_nrt
from tcg_env.engine.rng import rng_below
from tcg_env.engine.zones import deal_hidden
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.engine.batch import pick_uniform
from tcg_env.games.weiss_schwarz.state import (
    ATK_SLOT,
    ATK_TYPE,
    CAND,
    CAND_N,
    DECK_L,
    DECK_N,
    LOOKED_N,
    CARD,
    CARD_W,
    CLOCK_L,
    CLOCK_N,
    D_KW,
    D_LEVEL,
    D_POWER,
    D_SOUL,
    DEC_ARG,
    DEF_SLOT,
    FR_ABIL,
    FR_PC,
    FRAME_N,
    FRAME_W,
    FRAMES,
    HAND_L,
    HAND_N,
    LEVEL_L,
    LEVEL_N,
    ORIENT,
    OWNER,
    STAGE,
    STOCK_N,
    TRIG_SLOT,
    LAST_TRIG,
    ZONE,
    ZT,
)


# ---- tuning ---------------------------------------------------------------------------------
STOCK_W = 0.7  # one stock card spent
ENCORE_STOCK = 3  # CR 10.2.3: Encore [3]; spending below this costs a little more
PLAY_THRESHOLD = 0.5  # a main phase play must be worth at least this much
CLOCK_SAFE = 15  # clock only while level * 7 + clock <= this (CR 9.3: 7 clock = one level)
FRONTAL_MARGIN = 500  # power over the defender's to prefer a frontal attack (Backups may come)
REPLACE_MARGIN = 1.5  # a character replaced on the stage must be beaten by this much (it is lost)
BACK_HAND_MIN = 4  # back-row plays only while the hand holds this many cards
# Encore [3] only for characters of this level or more: the stock pays for level 2-3 characters
# and Backups (CR 8.6.2.3, 10.5.2). Against a simpler rule-based policy, paying from level 1 won
# 61.5% of 400 games, from level 2 88.7% (development runs, docs/agents.md)
ENCORE_MIN_LEVEL = 2
NEG = -1e9


# =============================================================================================
# Values
# =============================================================================================
@internal
def _stage_value(s, T, sl):
    """A stage character's worth to its controller: current power, soul and level (CR 2.9, 2.10)."""
    pw = s[D_POWER + sl * CARD_W]
    if pw < 0:
        pw = 0
    return 1.0 + pw / 1000.0 + 1.5 * s[D_SOUL + sl * CARD_W] + 0.5 * s[D_LEVEL + sl * CARD_W]


@internal
def _printed_value(T, cid):
    """A character's printed worth on the stage (same scale as ``_stage_value``)."""
    cards = card_table(T)
    return 1.0 + cards[cid, K.C_POWER] / 1000.0 + 1.5 * cards[cid, K.C_SOUL] + 0.5 * cards[cid, K.C_LEVEL]


@internal
def _count_hand_type(s, T, p, ctype):
    n = 0
    for i in range(s[HAND_N + p]):
        if card_table(T)[s[CARD + s[HAND_L + p * K.MAX_DECK + i] * CARD_W], K.C_TYPE] == ctype:
            n += 1
    return n


@internal
def _keep_value(s, T, p, sl):
    """How much p wants to keep hand card ``sl`` (low = first to clock / discard)."""
    cards = card_table(T)
    c = s[CARD + sl * CARD_W]
    t = cards[c, K.C_TYPE]
    lvl = s[LEVEL_N + p]
    if t == K.CardType.CLIMAX:
        # one or two climaxes are played in the climax phase (CR 6.6); more are dead cards
        return 1.2 if _count_hand_type(s, T, p, K.CardType.CLIMAX) <= 2 else 0.4
    v = 0.6 + 0.3 * cards[c, K.C_LEVEL]
    if t == K.CardType.CHARACTER:
        v += cards[c, K.C_POWER] / 4000.0 + 0.3 * cards[c, K.C_SOUL]
        if cards[c, K.C_BACKUP_POWER] > 0:
            v += 0.5  # a counter-step Backup (CR 10.5)
    elif cards[c, K.C_COUNTER] != 0:
        v += 0.5
    if cards[c, K.C_LEVEL] > lvl + 1:
        v -= 0.8  # unplayable for at least two levels (CR 8.6.2.1)
    return v


@internal
def _take(score, a, best, best_a, ties, rng_row):
    """Argmax with uniform tie-breaking; returns (best, best_a, ties)."""
    if score > best + 1e-9:
        return score, a, 1
    if score > best - 1e-9:
        ties += 1
        if rng_below(rng_row, ties) == 0:
            return best, a, ties
    return best, best_a, ties


@internal
def _worst_hand(s, T, mask, p, rng_row):
    """The legal HAND action on p's least useful card."""
    best = NEG
    best_a = -1
    ties = 0
    for i in range(min(s[HAND_N + p], K.HAND_SLOTS)):
        a = K.HAND_BASE + i
        if mask[a] != 0:
            best, best_a, ties = _take(-_keep_value(s, T, p, s[HAND_L + p * K.MAX_DECK + i]), a, best, best_a, ties,
                                       rng_row)
    return best_a


# =============================================================================================
# Decisions
# =============================================================================================
@internal
def _mulligan(s, T, mask, p):
    """CR 5.2.1.4: discard climaxes and level 2+ cards one at a time, then PASS (draw)."""
    cards = card_table(T)
    for i in range(min(s[HAND_N + p], K.HAND_SLOTS)):
        if mask[K.HAND_BASE + i] == 0:
            continue
        c = s[CARD + s[HAND_L + p * K.MAX_DECK + i] * CARD_W]
        if cards[c, K.C_TYPE] == K.CardType.CLIMAX or cards[c, K.C_LEVEL] >= 2:
            return K.HAND_BASE + i
    return K.PASS


@internal
def _clock(s, T, mask, p, rng_row):
    """CR 6.4.1.2: clock (draw 2) while the clock is safe."""
    if s[LEVEL_N + p] * K.CLOCK_TO_LEVEL + s[CLOCK_N + p] > CLOCK_SAFE or s[HAND_N + p] == 0:
        return K.PASS
    a = _worst_hand(s, T, mask, p, rng_row)
    return K.PASS if a < 0 else a


@internal
def _play_score(s, T, p, c, pos):
    """Worth of playing character ``c`` to position ``pos`` (CR 8.6.2.4.1: the character there,
    if any, goes to the waiting room)."""
    cards = card_table(T)
    v = _printed_value(T, c)
    nh = s[HAND_N + p]
    if pos < K.N_CENTER:
        v += 1.0  # it attacks (CR 7.2.1.3)
    else:
        v = 0.3 * v + (0.8 if cards[c, K.C_HAS_CONT] != 0 else 0.0)  # back row: support only
        if nh < BACK_HAND_MIN:
            v -= 1.0  # keep cards in hand for counters / clocking
    old = s[STAGE + p * K.N_POSITIONS + pos]
    if old >= 0:
        ov = _stage_value(s, T, old)
        if pos >= K.N_CENTER:
            ov = 0.3 * ov
        if s[ORIENT + old * CARD_W] == K.Orientation.REVERSE:
            ov = 0.0
        v -= ov + REPLACE_MARGIN  # the old card is lost and the new one must be clearly better
    cost = cards[c, K.C_COST]
    v -= STOCK_W * cost
    if cost > 0 and s[STOCK_N + p] - cost < ENCORE_STOCK:
        v -= 0.4
    return v


@internal
def _ability_score(game, s, T, p, pos, j):
    A = ability_table(T)
    ai = game.ability_usable(s, T, p, pos, j)
    if ai < 0:
        return NEG
    bounded = A[ai, K.A_ONCE_PER_TURN] != 0 or A[ai, K.A_COST_STOCK] > 0 or A[ai, K.A_COST_REST_SELF] != 0 \
        or A[ai, K.A_COST_SELF_TO_WR] != 0 or A[ai, K.A_COST_SELF_TO_MEMORY] != 0
    if not bounded:
        return NEG  # an unbounded free ability could be used forever
    v = 1.0 - STOCK_W * A[ai, K.A_COST_STOCK] - 0.8 * A[ai, K.A_COST_CLOCK_TOP]
    if (A[ai, K.A_COST_REST_SELF] & 1) != 0 and pos < K.N_CENTER:
        v -= 2.0  # a rested centre character can't attack (CR 7.2.1.3)
    if A[ai, K.A_COST_SELF_TO_WR] != 0 or A[ai, K.A_COST_SELF_TO_MEMORY] != 0:
        v -= _stage_value(s, T, s[STAGE + p * K.N_POSITIONS + pos])
    return v


@internal
def _main(game, s, T, mask, p, rng_row):
    cards = card_table(T)
    best = PLAY_THRESHOLD
    best_a = K.PASS
    ties = 0
    nh = min(s[HAND_N + p], K.HAND_SLOTS)
    for i in range(nh):
        sl = s[HAND_L + p * K.MAX_DECK + i]
        c = s[CARD + sl * CARD_W]
        if cards[c, K.C_TYPE] == K.CardType.CHARACTER:
            keep = 0.0
            if cards[c, K.C_BACKUP_POWER] > 0 and s[LEVEL_N + p] >= cards[c, K.C_BACKUP_LEVEL]:
                keep = 0.5  # worth something in the counter step too (CR 10.5)
            for pos in range(K.N_POSITIONS):
                a = K.PLAY_BASE + i * K.N_POSITIONS + pos
                if mask[a] != 0:
                    best, best_a, ties = _take(_play_score(s, T, p, c, pos) - keep, a, best, best_a, ties, rng_row)
        elif mask[K.HAND_BASE + i] != 0 and cards[c, K.C_COUNTER] == 0:
            v = 1.0 + 0.3 * cards[c, K.C_LEVEL] - STOCK_W * cards[c, K.C_COST]
            best, best_a, ties = _take(v, K.HAND_BASE + i, best, best_a, ties, rng_row)
    for pos in range(K.N_POSITIONS):
        for j in range(K.ABILITIES_PER_CARD):
            a = K.ABILITY_BASE + pos * K.ABILITIES_PER_CARD + j
            if mask[a] != 0:
                best, best_a, ties = _take(_ability_score(game, s, T, p, pos, j), a, best, best_a, ties, rng_row)
    for k in range(K.N_MOVE_PAIRS):
        a = K.MOVE_BASE + k
        if mask[a] == 0:
            continue
        i, j = K.MOVE_PAIRS[k]
        # only a back character into an empty centre position (a move can't repeat: CR 6.5.1.2.4)
        if i < K.N_CENTER and j >= K.N_CENTER and s[STAGE + p * K.N_POSITIONS + i] < 0 and s[STAGE + p * K.N_POSITIONS + j] >= 0:
            best, best_a, ties = _take(1.0 + 0.5 * _stage_value(s, T, s[STAGE + p * K.N_POSITIONS + j]), a, best, best_a,
                                       ties, rng_row)
    return best_a


@internal
def _climax(s, T, mask, p, rng_row):
    """CR 6.6.1.2: a climax helps the attacks (soul / power), so play one before attacking."""
    cards = card_table(T)
    attackers = 0
    for pos in range(K.N_CENTER):
        sl = s[STAGE + p * K.N_POSITIONS + pos]
        if sl >= 0 and s[ORIENT + sl * CARD_W] == K.Orientation.STAND:
            attackers += 1
    if attackers == 0:
        return K.PASS
    best = 0.0
    best_a = K.PASS
    ties = 0
    for i in range(min(s[HAND_N + p], K.HAND_SLOTS)):
        a = K.HAND_BASE + i
        if mask[a] == 0:
            continue
        c = s[CARD + s[HAND_L + p * K.MAX_DECK + i] * CARD_W]
        v = 1.0
        for pos in range(K.N_POSITIONS):  # CR 8.12 climax combo named by a stage character
            sl = s[STAGE + p * K.N_POSITIONS + pos]
            if sl >= 0 and cards[s[CARD + sl * CARD_W], K.C_CX_COMBO] == (cards[c, K.C_NAME] & K.NAME_MASK):
                v += 2.0
        best, best_a, ties = _take(v, a, best, best_a, ties, rng_row)
    return best_a


@internal
def _attack(s, T, mask, p, rng_row):
    """CR 7.2.1.4: attacking always deals damage and nothing blocks, so every attack is made."""
    best = NEG
    best_a = K.PASS
    ties = 0
    for pos in range(K.N_CENTER):
        sl = s[STAGE + p * K.N_POSITIONS + pos]
        if sl < 0:
            continue
        ap = s[D_POWER + sl * CARD_W]
        soul = s[D_SOUL + sl * CARD_W]
        fac = s[STAGE + (1 - p) * K.N_POSITIONS + (K.N_CENTER - 1 - pos)]  # CR 3.6.5 facing position
        for t in range(3):
            a = K.ATTACK_BASE + pos * 3 + t
            if mask[a] == 0:
                continue
            at = t + 1
            if at == K.AttackType.DIRECT:
                v = 3.0 + soul + 1.0  # 7.2.1.4.1: +1 soul
            elif at == K.AttackType.SIDE:
                lv = s[D_LEVEL + fac * CARD_W] if fac >= 0 else 0
                v = 3.0 + max(0, soul - max(0, lv))  # 7.2.1.4.2
            else:
                # the defender is the facing character (or a Great Performance one, 10.6.2)
                d = fac
                gp = s[STAGE + (1 - p) * K.N_POSITIONS + 1]
                if gp >= 0 and (s[D_KW + gp * CARD_W] & K.KW_GREAT_PERFORMANCE) != 0 \
                        and s[ORIENT + gp * CARD_W] != K.Orientation.REVERSE:
                    d = gp
                v = 3.0 + soul
                if d >= 0:
                    dp = s[D_POWER + d * CARD_W]
                    if ap > dp + FRONTAL_MARGIN:
                        v += _stage_value(s, T, d)  # 7.6.1.2: the defender is reversed
                    elif ap < dp:
                        v -= _stage_value(s, T, sl)  # ours is reversed
                    else:
                        v += 0.5 * (_stage_value(s, T, d) - _stage_value(s, T, sl))
            best, best_a, ties = _take(v, a, best, best_a, ties, rng_row)
    return best_a


@internal
def _counter(s, T, mask, p, rng_row):
    """CR 7.4.1.2: save a frontally attacked character that would be reversed (CR 7.6.1.2)."""
    cards = card_table(T)
    d = s[DEF_SLOT]
    a_sl = s[ATK_SLOT]
    if s[ATK_TYPE] != K.AttackType.FRONTAL or d < 0 or a_sl < 0:
        return K.PASS
    ap = s[D_POWER + a_sl * CARD_W]
    dp = s[D_POWER + d * CARD_W]
    if dp > ap:
        return K.PASS  # it wins already
    best = 0.0
    best_a = K.PASS
    ties = 0
    dv = _stage_value(s, T, d)
    for i in range(min(s[HAND_N + p], K.HAND_SLOTS)):
        a = K.HAND_BASE + i
        if mask[a] == 0:
            continue
        c = s[CARD + s[HAND_L + p * K.MAX_DECK + i] * CARD_W]
        bp = cards[c, K.C_BACKUP_POWER]
        if bp > 0:
            if dp + bp <= ap:
                continue  # CR 10.5.2: not enough to win the battle
            v = dv - STOCK_W * (cards[c, K.C_BACKUP_COST] & K.BACKUP_STOCK_MASK) - 0.3 * _keep_value(s, T, p, s[HAND_L + p * K.MAX_DECK + i])
        else:
            v = 0.5 * dv - STOCK_W * cards[c, K.C_COST]  # a counter event: effect unknown here
        best, best_a, ties = _take(v, a, best, best_a, ties, rng_row)
    return best_a


@internal
def _encore(s, T, mask, p, rng_row):
    """CR 7.7.1.2: the most valuable reversed character first (it gets the Encore offer while the
    stock lasts)."""
    best = NEG
    best_a = -1
    ties = 0
    for pos in range(K.N_POSITIONS):
        a = K.OWN_STAGE_BASE + pos
        if mask[a] != 0:
            sl = s[STAGE + p * K.N_POSITIONS + pos]
            best, best_a, ties = _take(_printed_value(T, s[CARD + sl * CARD_W]), a, best, best_a, ties, rng_row)
    return best_a


@internal
def _encore_pay(s, T, p):
    """CR 10.2.3 Encore [3]: worth it for level 2+ characters only (``ENCORE_MIN_LEVEL``)."""
    sl = s[DEC_ARG]
    c = s[CARD + sl * CARD_W]
    if card_table(T)[c, K.C_LEVEL] >= ENCORE_MIN_LEVEL:
        return K.OPTION_BASE
    return K.PASS


@internal_nrt  # allocates its colour tally (tcg_env.engine.jit)
def _level_up(s, T, mask, p, rng_row):
    """CR 9.3.2: the clock card whose colour the hand needs and the level zone lacks
    (CR 8.6.2.1.1: a card's colour must be in the level or clock)."""
    cards = card_table(T)
    need = np.zeros(K.N_COLORS, np.float64)
    for i in range(s[HAND_N + p]):
        c = s[CARD + s[HAND_L + p * K.MAX_DECK + i] * CARD_W]
        if cards[c, K.C_TYPE] == K.CardType.CLIMAX or cards[c, K.C_LEVEL] > 0:
            need[cards[c, K.C_COLOR]] += 1.0
    for i in range(s[LEVEL_N + p]):
        need[cards[s[CARD + s[LEVEL_L + p * K.MAX_DECK + i] * CARD_W], K.C_COLOR]] *= 0.3
    best = NEG
    best_a = -1
    ties = 0
    for k in range(K.CLOCK_TO_LEVEL):
        a = K.OPTION_BASE + k
        if mask[a] == 0:
            continue
        c = s[CARD + s[CLOCK_L + p * K.MAX_DECK + k] * CARD_W]
        v = need[cards[c, K.C_COLOR]]
        if cards[c, K.C_TYPE] != K.CardType.CLIMAX:
            v += 0.1
        best, best_a, ties = _take(v, a, best, best_a, ties, rng_row)
    return best_a


@internal
def _register_harm(s, T):
    """+1 if the effect in progress harms the cards it is choosing, -1 if it helps them, 0 unknown:
    the next instruction of the program on the chosen register (CR 8.6.3: choices are made while
    the effect resolves, then applied)."""
    code = code_table(T)
    A = ability_table(T)
    if s[FRAME_N] <= 0:
        return 0  # no effect program in progress: nothing says
    f = FRAMES + (s[FRAME_N] - 1) * FRAME_W
    arow = s[f + FR_ABIL]
    reg = s[DEC_ARG + 1]
    c0 = A[arow, K.A_CODE_START]
    for pc in range(s[f + FR_PC] + 1, A[arow, K.A_CODE_LEN]):
        r = c0 + pc
        op = code[r, K.I_OP]
        if code[r, K.I_REG] != reg or op < K.Op.POWER or op > K.Op.TO_MARKER:
            continue
        if op == K.Op.POWER or op == K.Op.SOUL or op == K.Op.LEVEL:
            return -1 if code[r, K.I_A0] > 0 else 1
        if op == K.Op.GRANT_KEYWORD or op == K.Op.STAND:
            return -1
        return 1  # restrict, rest, reverse, to hand / waiting room / stock / clock / deck ...
    return 0


@internal
def _choose_target(s, T, mask, p, rng_row):
    cards = card_table(T)
    reg = s[DEC_ARG + 1]
    if reg == K.ChoiceFor.EFFECT_DISCARD:  # an effect's discard
        return _worst_hand(s, T, mask, p, rng_row)
    harm = 1
    if reg >= 0:
        harm = _register_harm(s, T)
    elif s[DEC_ARG] != K.TriggerIcon.RETURN:
        harm = -1  # comeback / gate / standby (CR 4.12.2.5, .9, .10): take the best card
    best = 0.0 if mask[K.PASS] != 0 else NEG
    best_a = K.PASS if mask[K.PASS] != 0 else -1
    ties = 0
    for pos in range(K.N_POSITIONS):
        a = K.OWN_STAGE_BASE + pos
        if mask[a] != 0:
            v = _stage_value(s, T, s[STAGE + p * K.N_POSITIONS + pos])
            # helpful: the best own card; harmful: the least valuable one, below PASS
            best, best_a, ties = _take(v if harm <= 0 else -v, a, best, best_a, ties, rng_row)
        a = K.OPP_STAGE_BASE + pos
        if mask[a] != 0:
            v = _stage_value(s, T, s[STAGE + (1 - p) * K.N_POSITIONS + pos])
            best, best_a, ties = _take(v if harm >= 0 else -v, a, best, best_a, ties, rng_row)
    for k in range(min(s[CAND_N], K.OPTION_SLOTS)):
        a = K.OPTION_BASE + k
        if mask[a] != 0:
            sl = s[CAND + k]
            v = 1.0
            if sl >= 0 and sl < K.N_SLOTS:
                c = s[CARD + sl * CARD_W]
                v = _printed_value(T, c) if cards[c, K.C_TYPE] == K.CardType.CHARACTER else 2.0
            best, best_a, ties = _take(v if harm <= 0 else 0.1 - v, a, best, best_a, ties, rng_row)
    return best_a


@internal
def _choose_position(s, mask, p):
    """An empty centre position, then an empty back one, then the first legal."""
    first = -1
    for pos in range(K.N_POSITIONS):
        a = K.OWN_STAGE_BASE + pos
        if mask[a] != 0:
            if s[STAGE + p * K.N_POSITIONS + pos] < 0:
                return a
            if first < 0:
                first = a
    return first


@njit(cache=True)
def heuristic_action(game, s, T, mask, n_legal, rng_row):
    """The heuristic's action for the row's decider (always one of ``mask``'s legal actions)."""
    kind = s[H_DECISION]
    p = s[H_DECIDER]
    a = -1
    if kind == K.Decision.MULLIGAN:
        a = _mulligan(s, T, mask, p)
    elif kind == K.Decision.CLOCK:
        a = _clock(s, T, mask, p, rng_row)
    elif kind == K.Decision.MAIN:
        a = _main(game, s, T, mask, p, rng_row)
    elif kind == K.Decision.CLIMAX:
        a = _climax(s, T, mask, p, rng_row)
    elif kind == K.Decision.ATTACK:
        a = _attack(s, T, mask, p, rng_row)
    elif kind == K.Decision.COUNTER:
        a = _counter(s, T, mask, p, rng_row)
    elif kind == K.Decision.ENCORE:
        a = _encore(s, T, mask, p, rng_row)
    elif kind == K.Decision.ENCORE_PAY:
        a = _encore_pay(s, T, p)
    elif kind == K.Decision.LEVEL_UP:
        a = _level_up(s, T, mask, p, rng_row)
    elif kind == K.Decision.HAND_LIMIT:
        a = _worst_hand(s, T, mask, p, rng_row)
    elif kind == K.Decision.TRIGGER_OPTION or kind == K.Decision.OPTIONAL_EFFECT:
        a = K.OPTION_BASE  # CR 4.12.2 pool / draw / treasure, optional effects: take them
    elif kind == K.Decision.CHOOSE_TARGET:
        a = _choose_target(s, T, mask, p, rng_row)
    elif kind == K.Decision.CHOOSE_POSITION:
        a = _choose_position(s, mask, p)
    if a < 0 or a >= K.NUM_ACTIONS or mask[a] == 0:
        a = pick_uniform(mask, n_legal, rng_row)  # decisions it has no opinion on (ORDER_AUTO ...)
    return a


# =============================================================================================
# Determinization (search over hidden information)
# =============================================================================================
@internal
def seen_slots(s, player, out):
    """The card slots whose cards ``player`` knows although they may sit in a hidden zone, written
    to ``out``; returns how many: the card of the current trigger check (CR 7.3.1.2: it is revealed
    to both players; a treasure icon puts it into the hand while its second icon is still to be
    performed, CR 4.12.2.8), each player's latest trigger-check card while it is in that player's
    stock (revealed to both on its way there: ``observation``'s ``trigger_checks``) and, for the player on move only, the candidates of its pending choice
    (cards its effect looks at in the deck or stock: ``observation``'s candidate columns, the
    decider's only, and its mask) and the cards its pending look at the top of its deck has looked at. ORDER_AUTO's candidates are pending abilities, no cards."""
    n = 0
    if s[TRIG_SLOT] >= 0:
        out[n] = s[TRIG_SLOT]
        n += 1
    for q in range(2):  # each player's latest trigger-check card, seen by both, while in the stock
        tc = s[LAST_TRIG + q]
        if tc >= 0 and tc != s[TRIG_SLOT] and s[ZONE + tc * CARD_W] == K.Zone.STOCK:
            out[n] = tc
            n += 1
    if s[H_DECIDER] == player and s[H_DECISION] != K.Decision.ORDER_AUTO:
        for i in range(s[CAND_N]):
            c = s[CAND + i]
            if 0 <= c < K.N_SLOTS:
                out[n] = c
                n += 1
        # the cards its pending look at the top of its deck has looked at (CR 3.2.3; ``observation``'s
        # looked rows), which the candidates above may repeat (a slot kept twice is kept once)
        n_deck = s[DECK_N + player]
        for i in range(min(s[LOOKED_N], n_deck, K.OPTION_SLOTS)):
            out[n] = s[DECK_L + player * K.MAX_DECK + n_deck - 1 - i]
            n += 1
    return n


@internal
def is_dealt(s, slot, player):
    """Whether ``deal_hidden`` for ``player`` deals ``slot``'s card anew: the piles of state.ZONES,
    the opponent's hand, deck and stock, ``player``'s own deck and stock."""
    z = s[ZONE + slot * CARD_W]
    if z == K.Zone.DECK or z == K.Zone.STOCK:
        return True
    return z == K.Zone.HAND and s[OWNER + slot * CARD_W] != player


@internal
def keep_seen_cards(s, player, kept, kept_ids, n):
    """Put back the card ids a deal moved out of the slots ``kept`` (their ids before it:
    ``kept_ids``): each from the slot of the same pile (owner, dealt zone) that got it, which takes
    the kept slot's new card instead. The other cards stay a uniform deal of what is left."""
    for k in range(n):
        sl = kept[k]
        want = kept_ids[k]
        if not is_dealt(s, sl, player) or s[CARD + sl * CARD_W] == want:
            continue
        q = s[OWNER + sl * CARD_W]
        for j in range(q * K.MAX_DECK, (q + 1) * K.MAX_DECK):
            if s[CARD + j * CARD_W] != want or not is_dealt(s, j, player):
                continue
            restored = False  # a kept slot already holding its own card keeps it
            for m in range(k):
                restored |= kept[m] == j
            if not restored:
                s[CARD + j * CARD_W] = s[CARD + sl * CARD_W]
                s[CARD + sl * CARD_W] = want
                break


@internal_nrt
def resample_hidden(game, s, T, player, rng_row):
    """Resample what ``player`` can't see, in place, with ``rng_row``: the core's ``deal_hidden``
    over the piles ``state.ZONES`` declares, then the climax lists:

    * the opponent's hand, deck and stock (CR 3.2 / 3.3 / 3.10: hidden zones) are dealt anew from
      the same cards (sizes kept): the card ids are permuted among those slots, so every zone list,
      count and per-slot field stays as it was;
    * ``player``'s own deck and stock likewise, together: the deck list tells which cards they
      hold between them, not which is where (CR 3.10.2: nobody looks at a stock; a pool trigger's
      card goes there unseen) nor the deck's order;
    * a card known although in one of those zones keeps its place (``seen_slots``: the revealed
      trigger card and each player's latest one in its stock, CR 7.3.1.2 / 4.12.2.8, and the cards a pending choice offers);
    * the game's own RNG (future shuffles) is reseeded by the core after this
      (``tcg_env.engine.policy.determinize_row``).

    The derived characteristics (``characteristics.refresh_derived``) are not recomputed: they
    are those of the stage's public cards, which a deal leaves as they are (CR 8.9).
    Simplification: markers (CR 3.7.2) are left as they are, and cards revealed before the
    pending choice are not tracked. Everything ``player`` observes is unchanged (its observation
    counts its climax cards in deck and stock together, ``observation.GLOBAL_COLUMNS``).
    """
    kept = np.empty(2 * K.OPTION_SLOTS + 3, np.int64)
    n = seen_slots(s, player, kept)
    kept_ids = np.empty(n, np.int64)
    for k in range(n):
        kept_ids[k] = s[CARD + kept[k] * CARD_W]
    deal_hidden(s, ZT, player, rng_row)  # the piles of state.ZONES: (hand, deck, stock), (deck, stock)
    keep_seen_cards(s, player, kept, kept_ids, n)
    for q in range(2):
        game.list_climax_slots(s, T, q)  # the permutations moved climax cards between slots
