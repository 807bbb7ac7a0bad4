"""Weiss Schwarz characteristics: the cards as they are now (CR 8.9 continuous effects).

The power, soul, level, keywords and restrictions of every stage character as the rules read them
(the row's ``D_*`` words), recomputed by ``refresh_derived``: printed values, then the modifiers of
one-time effects (``mod_derive`` over ``state.MODIFIERS``; gone when the card changes zones, CR
3.1.4), then the continuous abilities (``apply_cont``) of the stage and the climax area, of the top
of the clock (Alarm, 10.1) and of the memory (Memory, 10.9).

Comments cite the comprehensive rules v2.03 as ``CR x.y``.
"""

from tcg_env.engine.tables import ability_table, card_table, code_table, filter_table, flag_table
import numpy as np

from tcg_env.engine.jit import internal, internal_inline
from tcg_env.rules.modifiers import mod_derive
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.state import (
    CARD_W,
    CLOCK_L,
    CLOCK_N,
    CX_L,
    CX_N,
    D_KW,
    D_LEVEL,
    D_POWER,
    D_RST,
    D_SOUL,
    KWMOD,
    KWMOD_LONG,
    LEVEL_L,
    LEVEL_N,
    MARKER_N,
    MEMORY_L,
    MEMORY_N,
    MT,
    POS,
    TURN_PLAYER,
    USES,
    ZONE,
)
from tcg_env.games.weiss_schwarz.zones import cid_of, owner_of, stage_slot


@internal_inline
def granted_bits(s, slot):
    """The abilities granted to card ``slot``, its three keyword words' granted bits packed into one int64: bit
    g * GRANT_KIND_STRIDE + j is the pool's granted ability j of kind g (the row with A_ZONE - GRANT_ZONE0 that
    number): until the end of the turn (KWMOD), of the opponent's next turn (KWMOD_LONG, CR 8.2.1.2) or by a CONT
    ability (D_KW, refresh_derived). 0: none."""
    b = slot * CARD_W
    return (np.int64(s[KWMOD + b] >> K.GRANT_BIT0)
            | (np.int64(s[KWMOD_LONG + b] >> K.GRANT_BIT0) << K.GRANT_KIND_STRIDE)
            | (np.int64(s[D_KW + b] >> K.GRANT_BIT0) << (K.GRANT_BY_CONT * K.GRANT_KIND_STRIDE)))  # fmt: skip


@internal
def apply_cont(game, s, T, src, p, zone, granted):
    """Apply the CONT abilities of ``src`` of master ``p`` that work from AbilityZone ``zone``
    (DEFAULT: a stage character or a climax; CLOCK_TOP: Alarm 10.1; MEMORY: 10.9); with ``granted`` != 0,
    instead the CONT abilities granted to stage character ``src`` (``granted_bits``: bit k is the ability row with
    A_ZONE = GRANT_ZONE0 + k after every card's rows; by an effect until the end of the turn or of the opponent's
    next turn, KWMOD / KWMOD_LONG, or by a CONT ability: its D_KW bits).
    CR 8.1.1.3: the card has the ability, and "this card" is that card."""
    cards = card_table(T)
    A = ability_table(T)
    F = filter_table(T)
    code = code_table(T)
    lo = cards[cid_of(s, src), K.C_ABIL_START]
    hi = lo + cards[cid_of(s, src), K.C_ABIL_COUNT]
    # the pool's flags (cards.ws_kernel_flags): FLAG_CONT_FILTERED clear, every target filter of the card's continuous
    # instructions matches any stage character of its side that "this card" allows (cards.stage_trivial_filter),
    # which the loop below tests itself: filter_match would answer True. Session 32: 5HY_W83's decks called it
    # 7.5 times a decision from here, 4.9 of them on such filters (climaxes' "your characters", "all of your
    # opponent's characters", "this card")
    filtered = granted != 0 or (flag_table(T)[cid_of(s, src), K.FL_MISC] & K.FLAG_CONT_FILTERED) != 0
    if granted != 0:  # the granted rows: the last ones of the table
        hi = A.shape[0]
        lo = hi
        while lo > 0 and A[lo - 1, K.A_ZONE] >= K.GRANT_ZONE0:
            lo -= 1
    for ai in range(lo, hi):
        if A[ai, K.A_KIND] != K.AbilityKind.CONT:
            continue
        if granted == 0 and A[ai, K.A_ZONE] != zone:
            continue
        if granted != 0 and (granted >> (A[ai, K.A_ZONE] - K.GRANT_ZONE0)) & 1 == 0:
            continue
        # no condition (Condition.NONE: condition_holds' answer is True) is no call of it: most CONT abilities
        if A[ai, K.A_COND] != K.Condition.NONE and not game.condition_holds(s, T, A[ai, K.A_COND],
                                                                           A[ai, K.A_COND_ARG], p, src):
            continue
        # a CONT ability's A_TRIG_WHOSE: "during your (opponent's) turn" beside its condition
        w = A[ai, K.A_TRIG_WHOSE]
        if (w == K.TriggerWhose.YOURS and s[TURN_PLAYER] != p) or (w == K.TriggerWhose.OPPONENTS and s[TURN_PLAYER] == p):
            continue
        c0 = A[ai, K.A_CODE_START]
        for r in range(c0, c0 + A[ai, K.A_CODE_LEN]):
            op = code[r, K.I_OP]
            v = code[r, K.I_A0]
            frow = code[r, K.I_A1]
            if not K.Op.AURA_POWER <= op <= K.Op.AURA_POWER_LEVEL:
                continue  # the continuous instructions are one block of opcodes (constants.Op)
            if op == K.Op.AURA_POWER_PER and code[r, K.I_A2] < 0:
                cnt = 0
                if code[r, K.I_A2] == K.PER_FACING_LEVEL:
                    # "X is equal to N multiplied by the level of the character facing this card" (CR 3.6.5)
                    if s[ZONE + src * CARD_W] == K.Zone.STAGE:
                        fs = game.facing_slot(s, p, s[POS + src * CARD_W])
                        if fs >= 0:
                            cnt = s[D_LEVEL + fs * CARD_W]
                elif code[r, K.I_A2] == K.PER_STAGE_COLORS or code[r, K.I_A2] == K.PER_WITH_ASSIST:
                    # the colours of the master's characters (CR 2.4), the characters with Assist (CR 10.3)
                    seen = 0
                    for pos in range(K.N_POSITIONS):
                        sl = stage_slot(s, p, pos)
                        if sl >= 0:
                            c = cid_of(s, sl)
                            if code[r, K.I_A2] == K.PER_WITH_ASSIST:
                                if (cards[c, K.C_KEYWORDS] & K.KW_ASSIST) != 0:
                                    cnt += 1
                            else:
                                seen |= 1 << cards[c, K.C_COLOR]
                    for c in range(K.N_COLORS):
                        cnt += (seen >> c) & 1
                elif code[r, K.I_A2] <= K.PER_ZONE_ROW0:
                    # "for each card named "X" in your level / memory": the master's cards there (CR 3.8, 3.10)
                    f2 = K.PER_ZONE_ROW0 - code[r, K.I_A2]
                    if F[f2, K.F_ZONE] == K.FilterZone.LEVEL:
                        for i in range(s[LEVEL_N + p]):
                            if game.filter_match(s, T, f2, s[LEVEL_L + p * K.MAX_DECK + i], p, src):
                                cnt += 1
                    else:
                        for i in range(s[MEMORY_N + p]):
                            if game.filter_match(s, T, f2, s[MEMORY_L + p * K.MAX_DECK + i], p, src):
                                cnt += 1
                elif s[ZONE + src * CARD_W] == K.Zone.STAGE:
                    # "for each marker underneath this card" (CR 3.5.3): the markers at the source's position
                    cnt = s[MARKER_N + owner_of(s, src) * K.N_POSITIONS + s[POS + src * CARD_W]]
                v = v * cnt
            elif op == K.Op.AURA_POWER_PER:
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
                        if game.filter_match(s, T, f2, sl, p, src):
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
                    if filtered and not game.filter_match(s, T, frow, sl, p, src):
                        continue
                    b = sl * CARD_W
                    if op == K.Op.AURA_POWER_PER and code[r, K.I_REG] != K.PER_POWER:
                        if code[r, K.I_REG] == K.PER_SOUL:  # "+1 soul for each ..."
                            s[D_SOUL + b] += v
                        else:  # PER_LEVEL: "+1 level for each ..."
                            s[D_LEVEL + b] += v
                    elif op == K.Op.AURA_POWER or op == K.Op.AURA_POWER_PER:
                        s[D_POWER + b] += v
                    elif op == K.Op.AURA_POWER_LEVEL:  # "X is equal to that character's level x N"
                        s[D_POWER + b] += v * s[D_LEVEL + b]
                    elif op == K.Op.AURA_SOUL:
                        s[D_SOUL + b] += v
                    elif op == K.Op.AURA_LEVEL:
                        s[D_LEVEL + b] += v
                    elif op == K.Op.AURA_KEYWORD:
                        s[D_KW + b] |= v
                    elif op == K.Op.AURA_RESTRICT:
                        s[D_RST + b] |= v


@internal
def refresh_derived(game, s, T):
    """CR 8.9: printed values, then modifiers, then continuous abilities (in stage order: a
    documented simplification of the timestamp order of 8.9.1.5)."""
    cards = card_table(T)
    # the pool's flags (cards.ws_kernel_flags): a card whose CONT abilities hold no continuous
    # instruction for the zone it is in (a level in the hand, no colour requirement ...) has nothing for
    # apply_cont to apply
    FL = flag_table(T)
    for p in range(2):
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0:
                mod_derive(s, cards, MT, sl)
                # D_KW's granted bits are the CONT abilities' alone (their own kind, GRANT_BY_CONT): not the
                # modifiers' words' (KWMOD / KWMOD_LONG, granted_bits reads them there)
                s[D_KW + sl * CARD_W] &= K.KW_PRINTED_MASK
    for p in range(2):
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0 and (FL[cid_of(s, sl), K.FL_CONT] & (1 << K.AbilityZone.DEFAULT)) != 0:
                game.apply_cont(s, T, sl, p, 0, 0)
        if s[CX_N + p] > 0:
            cx = s[CX_L + p * K.MAX_DECK + s[CX_N + p] - 1]
            if (FL[cid_of(s, cx), K.FL_CONT] & (1 << K.AbilityZone.DEFAULT)) != 0:
                game.apply_cont(s, T, cx, p, 0, 0)
        nc = s[CLOCK_N + p]
        if nc > 0:
            top = s[CLOCK_L + p * K.MAX_DECK + nc - 1]
            if (FL[cid_of(s, top), K.FL_CONT] & (1 << K.AbilityZone.CLOCK_TOP)) != 0:
                game.apply_cont(s, T, top, p, K.AbilityZone.CLOCK_TOP, 0)
        for i in range(s[MEMORY_N + p]):
            mm = s[MEMORY_L + p * K.MAX_DECK + i]
            if (FL[cid_of(s, mm), K.FL_CONT] & (1 << K.AbilityZone.MEMORY)) != 0:
                game.apply_cont(s, T, mm, p, K.AbilityZone.MEMORY, 0)
    # granted CONT abilities (FLAG_GRANTED_CONT: the pool has one; the built-in pools have none) after the
    # printed ones, whose auras may grant them (granted_bits: the modifiers' words and the auras' D_KW)
    if (FL[FL.shape[0] - 1, K.FL_MISC] & K.FLAG_GRANTED_CONT) != 0:
        for p in range(2):
            for pos in range(K.N_POSITIONS):
                sl = stage_slot(s, p, pos)
                if sl >= 0:
                    g = granted_bits(s, sl)
                    if g != 0:
                        game.apply_cont(s, T, sl, p, 0, g)


@internal
def cont_trigger_checks(game, s, T, atk):
    """(session 34, s34c) "[CONT] During this card's attack, perform a trigger check N times on the trigger step"
    (Op.AURA_TRIGGER_CHECKS): when the trigger step of ``atk``'s attack begins (turn.py, the first check), the
    attacker's CONT abilities that hold the instruction (printed, working from the stage, or granted: granted_bits)
    and whose condition holds set the checks left after the one of CR 7.3.1.2 to N - 1, as Op.TRIGGER_CHECKS does
    ("during that attack, perform a trigger check N times": both at once, the larger N, not their sum)."""
    A = ability_table(T)
    code = code_table(T)
    cards = card_table(T)
    p = owner_of(s, atk)
    n = 0
    lo = cards[cid_of(s, atk), K.C_ABIL_START]
    hi = lo + cards[cid_of(s, atk), K.C_ABIL_COUNT]
    g = granted_bits(s, atk)
    if g != 0:  # the granted rows: the last ones of the table (apply_cont's)
        hi2 = A.shape[0]
        lo2 = hi2
        while lo2 > 0 and A[lo2 - 1, K.A_ZONE] >= K.GRANT_ZONE0:
            lo2 -= 1
    else:
        lo2 = 0
        hi2 = 0
    for part in range(2):
        a0 = lo if part == 0 else lo2
        a1 = hi if part == 0 else hi2
        for ai in range(a0, a1):
            if A[ai, K.A_KIND] != K.AbilityKind.CONT:
                continue
            if part == 0 and A[ai, K.A_ZONE] != K.AbilityZone.DEFAULT:
                continue
            if part == 1 and (g >> (A[ai, K.A_ZONE] - K.GRANT_ZONE0)) & 1 == 0:
                continue
            c0 = A[ai, K.A_CODE_START]
            v = 0
            for r in range(c0, c0 + A[ai, K.A_CODE_LEN]):
                if code[r, K.I_OP] == K.Op.AURA_TRIGGER_CHECKS:
                    v = code[r, K.I_A0]
            if v <= n:
                continue
            if A[ai, K.A_COND] != K.Condition.NONE and not game.condition_holds(s, T, A[ai, K.A_COND],
                                                                               A[ai, K.A_COND_ARG], p, atk):
                continue
            w = A[ai, K.A_TRIG_WHOSE]
            if (w == K.TriggerWhose.YOURS and s[TURN_PLAYER] != p) or (w == K.TriggerWhose.OPPONENTS and s[TURN_PLAYER] == p):
                continue
            n = v
    if n - 1 > (s[USES + atk * CARD_W] >> K.EXTRA_TRIG_SHIFT) & K.EXTRA_TRIG_MASK:
        s[USES + atk * CARD_W] &= ~(K.EXTRA_TRIG_MASK << K.EXTRA_TRIG_SHIFT)
        s[USES + atk * CARD_W] |= (n - 1) << K.EXTRA_TRIG_SHIFT
