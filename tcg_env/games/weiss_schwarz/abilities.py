"""Weiss Schwarz abilities: filters, conditions, continuous effects, triggers, costs, frames.

* Filters and conditions of the card tables (``filter_match``, ``condition_holds``; relations to
  the source CR 3.6.4, climax combo 8.12).
* CR 8.9 continuous effects: derived power / soul / level / keywords / restrictions of the stage
  (``refresh_derived``, ``apply_cont``; Alarm 10.1 and Memory 10.9 from other zones).
* CR 8.7 automatic abilities: triggers into the standby (pending) list, and the order in which
  they are played at check timing (8.5.1.2-3, ``pending_step`` / ``play_pending``).
* CR 8.4 costs (``cost_payable``, ``pay_fixed_costs``, ``pay_cost_card_ok``) and the start of an
  ability's effect program on the frame stack (``push_frame``, ``start_ability``).
* CR 4.5 / 8.1.1.1 activated abilities usable at play timing (``ability_usable``).

The effect programs themselves run in ``effects``. Comments cite the comprehensive rules v2.03.
"""

from tcg_env.engine.tables import ability_table, card_table, code_table, filter_table
from tcg_env.engine.header import H_ERROR
from tcg_env.engine.jit import internal
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.state import (
    ATK_SLOT,
    CAND_N,
    CARD_W,
    CLOCK_L,
    CLOCK_N,
    CX_L,
    CX_N,
    DECK_L,
    DECK_N,
    DEC_ARG,
    DEF_SLOT,
    D_KW,
    D_LEVEL,
    D_POWER,
    D_RST,
    D_SOUL,
    FRAMES,
    FRAME_N,
    FRAME_W,
    FR_ABIL,
    FR_AUX,
    FR_CNT,
    FR_MASTER,
    FR_PC,
    FR_REGN,
    FR_SLOT,
    FR_STORE,
    HAND_L,
    HAND_N,
    KWMOD,
    LEVEL_L,
    LEVEL_N,
    LMOD,
    MEMORY_L,
    MEMORY_N,
    ORIENT,
    PAY_ABIL,
    PAY_AUX,
    PAY_CLOCK_LEFT,
    PAY_DISCARD_LEFT,
    PAY_SLOT,
    PMOD,
    PMOD_LONG,
    POS,
    RSTMOD,
    RSTMOD_LONG,
    SMOD,
    STOCK_N,
    TURN_PLAYER,
    USES,
    WR_L,
    WR_N,
    ZONE,
)
from tcg_env.engine.decisions import set_decision
from tcg_env.engine.triggers import (
    NONE_PENDING,
    PE_ABIL,
    PE_AUX,
    PE_SLOT,
    pending_add,
    pending_entry,
    pending_remove,
    play_pending_abilities,
)
from tcg_env.games.weiss_schwarz.zones import (
    cid_of,
    owner_of,
    stage_slot,
)


@internal
def filter_match(game, s, T, frow, slot, viewer, source):
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
        lmax = game.player_level(s, viewer) + lmax
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
def condition_holds(game, s, T, cond, arg, p, source):
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
        return game.player_level(s, p) >= arg
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
        return game.count_trait_others(s, T, p, arg >> 8, source) >= (arg & 0xFF)
    if cond == K.Condition.SELF_REVERSED:
        return on_stage and s[ORIENT + source * CARD_W] == K.Orientation.REVERSE
    if cond == K.Condition.SELF_STANDING:
        return on_stage and s[ORIENT + source * CARD_W] == K.Orientation.STAND
    if cond == K.Condition.OPP_LEVEL_AT_LEAST:
        return game.player_level(s, 1 - p) >= arg
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
def apply_cont(game, s, T, src, p, zone):
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
        if not game.condition_holds(s, T, A[ai, K.A_COND], A[ai, K.A_COND_ARG], p, src):
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
                    if not game.filter_match(s, T, frow, sl, p, src):
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
def refresh_derived(game, s, T):
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
            s[D_RST + b] = s[RSTMOD + b] | s[RSTMOD_LONG + b]
    for p in range(2):
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0 and cards[cid_of(s, sl), K.C_HAS_CONT] != 0:
                game.apply_cont(s, T, sl, p, 0)
        if s[CX_N + p] > 0:
            cx = s[CX_L + p * K.MAX_DECK + s[CX_N + p] - 1]
            if cards[cid_of(s, cx), K.C_HAS_CONT] != 0:
                game.apply_cont(s, T, cx, p, 0)
        nc = s[CLOCK_N + p]
        if nc > 0:
            top = s[CLOCK_L + p * K.MAX_DECK + nc - 1]
            if cards[cid_of(s, top), K.C_HAS_CONT] != 0:
                game.apply_cont(s, T, top, p, K.AbilityZone.CLOCK_TOP)
        for i in range(s[MEMORY_N + p]):
            mm = s[MEMORY_L + p * K.MAX_DECK + i]
            if cards[cid_of(s, mm), K.C_HAS_CONT] != 0:
                game.apply_cont(s, T, mm, p, K.AbilityZone.MEMORY)


@internal
def trigger_card(game, s, T, slot, p, trig, aux):
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
        if fr >= 0 and aux_is_card and not game.filter_match(s, T, fr, aux, p, slot):
            continue  # the triggering card must match (e.g. "when your <trait> climax is placed")
        if not game.condition_holds(s, T, A[ai, K.A_COND], A[ai, K.A_COND_ARG], p, slot):
            continue
        pending_add(game, s, p, slot, ai, aux)


@internal
def trigger_other_placed(game, s, T, src, p, placed):
    """OTHER_PLACED: "when another of your characters is placed", filtered by A_TRIG_FILTER."""
    cards = card_table(T)
    A = ability_table(T)
    cid = cid_of(s, src)
    a0 = cards[cid, K.C_ABIL_START]
    for ai in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
        if A[ai, K.A_KIND] != K.AbilityKind.AUTO or A[ai, K.A_TRIGGER] != K.Trigger.OTHER_PLACED or A[ai, K.A_ZONE] != 0:
            continue
        fr = A[ai, K.A_TRIG_FILTER]
        if fr >= 0 and not game.filter_match(s, T, fr, placed, p, src):
            continue
        if game.condition_holds(s, T, A[ai, K.A_COND], A[ai, K.A_COND_ARG], p, src):
            pending_add(game, s, p, src, ai, placed)


@internal
def trigger_clock_abilities(game, s, T, trig):
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
                if cards[cid, K.C_SHIFT_LEVEL] >= 0 and game.player_level(s, p) < cards[cid, K.C_SHIFT_LEVEL]:
                    continue
                if game.condition_holds(s, T, A[ai, K.A_COND], A[ai, K.A_COND_ARG], p, sl):
                    pending_add(game, s, p, sl, ai, -1)


@internal
def trigger_all(game, s, T, trig):
    """A phase / step activation condition: every stage character and climax of both players."""
    for p in range(2):
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0:
                game.trigger_card(s, T, sl, p, trig, -1)
        if s[CX_N + p] > 0:
            game.trigger_card(s, T, s[CX_L + p * K.MAX_DECK + s[CX_N + p] - 1], p, trig, -1)


@internal
def cost_payable(game, s, T, arow, p, slot):
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
            if game.filter_match(s, T, A[arow, K.A_COST_DISCARD_FILTER], s[HAND_L + p * K.MAX_DECK + i], p, slot):
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
            if game.filter_match(s, T, rf, s[HAND_L + p * K.MAX_DECK + i], p, slot):
                found = True
                break
        if not found:
            return False
    # CR 10.14.1.1 Fusion: a matching own stage character goes under this card as a marker
    if A[arow, K.A_COST_MARKER_FILTER] >= 0:
        if s[ZONE + slot * CARD_W] != K.Zone.STAGE or game.first_marker_source(s, T, A[arow, K.A_COST_MARKER_FILTER], p, slot) < 0:
            return False
    return True


@internal
def pay_fixed_costs(game, s, T, arow, p, slot):
    """CR 8.4.2.1: the parts of a cost that need no choice (in the order written)."""
    A = ability_table(T)
    game.pay_stock(s, p, A[arow, K.A_COST_STOCK])
    if A[arow, K.A_COST_REST_SELF] != 0:
        s[ORIENT + slot * CARD_W] = K.Orientation.REST
    for _ in range(A[arow, K.A_COST_CLOCK_TOP]):
        # CR 8.4.2.1 / 9.2.3: no refresh while a cost is paid (cost_payable checked the deck)
        n = s[DECK_N + p]
        if n > 0:
            game.put_in_zone(s, s[DECK_L + p * K.MAX_DECK + n - 1], K.Zone.CLOCK)
    if A[arow, K.A_COST_MARKER_FILTER] >= 0:
        ch = game.first_marker_source(s, T, A[arow, K.A_COST_MARKER_FILTER], p, slot)
        if ch >= 0:
            game.take_from_zone(s, ch)  # its own markers go to the waiting room (10.14.1.1.2.1)
            game.make_marker(s, ch, p, s[POS + slot * CARD_W])
    if A[arow, K.A_COST_SELF_TO_WR] != 0:
        game.put_in_zone(s, slot, K.Zone.WAITING_ROOM)
    elif A[arow, K.A_COST_SELF_TO_MEMORY] != 0:
        game.put_in_zone(s, slot, K.Zone.MEMORY)
    game.refresh_if_empty(s, p)  # CR 9.2.1: the refresh the cost made wait


@internal
def frame_base(s, i):
    return FRAMES + i * FRAME_W


@internal
def push_frame(s, T, slot, arow, master, aux):
    if s[FRAME_N] >= K.FRAME_MAX:
        s[H_ERROR] = K.EngineError.FRAME_OVERFLOW
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
def first_marker_source(game, s, T, frow, p, src):
    """The first own stage character (other than ``src``) matching ``frow`` (Fusion's cost)."""
    for pos in range(K.N_POSITIONS):
        sl = stage_slot(s, p, pos)
        if sl >= 0 and sl != src and game.filter_match(s, T, frow, sl, p, src):
            return sl
    return -1


@internal
def start_ability(game, s, T, p, slot, arow, aux):
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
    game.pay_fixed_costs(s, T, arow, p, slot)
    game.push_frame(s, T, slot, arow, p, aux)  # a level up the cost made wait (9.3.3) comes first
    return 0


@internal
def pay_cost_card_ok(game, s, T, p, hand_slot):
    """A hand card the pending cost can take now (the discard filter applies to discards)."""
    if s[PAY_DISCARD_LEFT] > 0:
        fr = ability_table(T)[s[PAY_ABIL], K.A_COST_DISCARD_FILTER]
        return fr < 0 or game.filter_match(s, T, fr, hand_slot, p, s[PAY_SLOT])
    return s[PAY_CLOCK_LEFT] > 0


@internal
def pending_step(game, s, T):
    """CR 8.5.1.2-3: the turn player's standby abilities first, then the other player's (the
    engine core's ``play_pending_abilities``). Returns 1 if a decision is pending, 2 if an ability
    was started, 0 if none pending."""
    r = play_pending_abilities(game, s, T)
    return 0 if r == NONE_PENDING else r


@internal
def order_pending(s, T, p, n):
    """CR 8.5.1.2: ``p`` chooses which of its ``n`` standby abilities to play next (OPTION k:
    pending ability k)."""
    s[CAND_N] = min(n, K.OPTION_SLOTS)
    set_decision(s, K.Decision.ORDER_AUTO, p)
    return 1


@internal
def play_pending(game, s, T, p, i):
    A = ability_table(T)
    e = pending_entry(game, s, p, i)
    slot = s[e + PE_SLOT]
    arow = s[e + PE_ABIL]
    aux = s[e + PE_AUX]
    optional = (A[arow, K.A_OPTIONAL] != 0 or A[arow, K.A_COST_STOCK] > 0 or A[arow, K.A_COST_REST_SELF] != 0
                or A[arow, K.A_COST_DISCARD] > 0 or A[arow, K.A_COST_HAND_TO_CLOCK] > 0)
    if not game.cost_payable(s, T, arow, p, slot):
        pending_remove(game, s, p, i)  # CR 8.7.3.2
        return 2
    if optional:
        s[DEC_ARG] = i
        s[DEC_ARG + 1] = 0
        set_decision(s, K.Decision.OPTIONAL_EFFECT, p)
        return 1
    pending_remove(game, s, p, i)
    if game.start_ability(s, T, p, slot, arow, aux) == 1:
        return 1
    return 2


@internal
def ability_usable(game, s, T, p, pos, j):
    """The j-th ACT ability of the character on ``pos`` usable now (main phase), or -1."""
    return game.ability_usable_kind(s, T, p, pos, j, K.AbilityKind.ACT)


@internal
def ability_usable_kind(game, s, T, p, pos, j, kind):
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
            if not game.condition_holds(s, T, A[ai, K.A_COND], A[ai, K.A_COND_ARG], p, sl):
                return -1
            if not game.cost_payable(s, T, ai, p, sl):
                return -1
            return ai
        k += 1
    return -1
