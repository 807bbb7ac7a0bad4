"""Force of Will rules kernels: effect frames and the core interpreter's hooks (CR 900s, 1000s).

Programs are run by the core (:func:`tcg_env.engine.effects.run_program`). Targets are chosen
when a card or ability is played (frame mode MODE_TARGETS, CR 903.2g) and checked again on
resolution (MODE_RESOLVE, CR 903.3a: illegal targets are not affected, the rest still resolves).
This module holds the frames (a chase entry plus the interpreter's words), the interpreter's
hooks and Force of Will's own opcodes (constants.Op).
"""

from tcg_env.engine.decisions import set_decision
from tcg_env.engine.effects import NEXT, STOPPED
from tcg_env.engine.header import H_DONE
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.rng import shuffle_run_with
from tcg_env.engine.tables import card_table
from tcg_env.engine.zones import zone_offsets
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import (
    FRAME_MAX, N_REGS, TARGET_MAX, Duration, Op, Zone
)
from tcg_env.games.force_of_will.state import (
    ATK_EOB, ATK_EOT, ATK_PERM, CAND, CAND_N, CARD, CARD_W, CHASE, CHASE_N, CONTROLLER, COUNTERS, DAMAGE,
    DEC_ARG, DEF_EOB, DEF_EOT, DEF_PERM, E_ABIL, E_AUX, E_CARD, E_CTRL, E_KIND, E_REG, E_REGN, E_SLOT,
    ENTRY_W, FR_MODE, FR_PURPOSE, FRAME_N, FRAME_W, FRAMES, KW_EOB, KW_EOT, KW_PERM, LIFE,
    RESTED, RST_EOT, RST_PERM, WILL, ZONE, ZT
)
from tcg_env.games.force_of_will.zones import (
    destroy, enter_field, filter_match, has_keyword, is_j_resonator, move_card, put_stone_deck_top,
    to_graveyard
)


# =============================================================================================
# Frames
# =============================================================================================
@internal
def push_frame(s, T, mode, purpose, kind, slot, arow, ctrl, aux):
    """A new effect frame on top; returns its base."""
    base = FRAMES + s[FRAME_N] * FRAME_W
    s[FRAME_N] += 1
    s[base:base + FRAME_W] = 0
    s[base + E_KIND] = kind
    s[base + E_SLOT], s[base + E_ABIL], s[base + E_CTRL], s[base + E_AUX] = slot, arow, ctrl, aux
    s[base + E_CARD] = s[CARD + slot * CARD_W] if slot >= 0 else -1  # last known information (CR 911)
    for r in range(N_REGS * TARGET_MAX):
        s[base + E_REG + r] = -1
    s[base + FR_MODE] = mode
    s[base + FR_PURPOSE] = purpose
    return base


@internal
def top_frame(s):
    return FRAMES + (s[FRAME_N] - 1) * FRAME_W


@internal
def pop_frame(s):
    s[FRAME_N] -= 1


@internal
def frames_full(s):
    return s[FRAME_N] >= FRAME_MAX


# =============================================================================================
# The interpreter's hooks (tcg_env.engine.effects)
# =============================================================================================
@internal
def frame_mode(s, f):
    return s[f + FR_MODE]


@internal
def in_play_count(s, player):
    """What SELECT_ALL and the target checks scan: the field, the ruler areas and the cards on the
    chase (filter_match checks the filter's zone)."""
    return s[zone_offsets(ZT, Zone.FIELD, player)[0]] + s[zone_offsets(ZT, Zone.RULER_AREA, player)[0]] + \
        s[zone_offsets(ZT, Zone.CHASE, player)[0]]


@internal
def in_play_slot(s, player, i):
    for z in (Zone.FIELD, Zone.RULER_AREA, Zone.CHASE):
        n_off, l_off = zone_offsets(ZT, z, player)
        if i < s[n_off]:
            return s[l_off + i]
        i -= s[n_off]
    return -1


@internal
def chosen_so_far(s, f, reg):
    """A program fills each register with one CHOOSE (the card compiler's rule)."""
    return s[f + E_REGN + reg]


@internal
def choose_candidates(s, T, f, reg, frow):
    """The legal targets still unchosen (CR 903.2g), listed for the OPTION actions."""
    ctrl = s[f + E_CTRL]
    src = s[f + E_SLOT]
    n = 0
    for p in range(2):
        for i in range(in_play_count(s, p)):
            slot = in_play_slot(s, p, i)
            if slot < 0 or not filter_match(s, T, frow, slot, ctrl, src):
                continue
            dup = False
            for r in range(N_REGS):
                for k in range(s[f + E_REGN + r]):
                    if s[f + E_REG + r * TARGET_MAX + k] == slot:
                        dup = True
            if dup or n >= K.OPTION_SLOTS:
                continue
            s[CAND + n] = slot
            n += 1
    s[CAND_N] = n
    return n


@internal
def target_affected(s, op, slot):
    """CR 903.3a: a target that left the zone it was chosen in is not affected (spells on the
    chase for CANCEL, else the field or a ruler area)."""
    z = s[ZONE + slot * CARD_W]
    if op == Op.CANCEL:
        return z == Zone.CHASE
    return z == Zone.FIELD or z == Zone.RULER_AREA


@internal
def by_duration(duration, eot, eob, perm):
    """The record field of a modifier that lasts ``duration`` (constants.Duration)."""
    if duration == Duration.END_OF_TURN:
        return eot
    return eob if duration == Duration.END_OF_BATTLE else perm


@internal
def add_power(s, slot, amount, duration):
    """POWER's ATK part (CR 1020.3); the DEF part is ``add_power_second``."""
    s[by_duration(duration, ATK_EOT, ATK_EOB, ATK_PERM) + slot * CARD_W] += amount


@internal
def add_power_second(s, slot, amount, duration):
    """POWER's DEF part (a2, CR 1020.3), the core's optional second POWER operand."""
    s[by_duration(duration, DEF_EOT, DEF_EOB, DEF_PERM) + slot * CARD_W] += amount


@internal
def grant_keywords(s, slot, bits, duration):
    s[by_duration(duration, KW_EOT, KW_EOB, KW_PERM) + slot * CARD_W] |= bits


@internal
def add_restrictions(s, slot, bits, duration):
    w = slot * CARD_W
    if duration == Duration.PERMANENT:
        s[RST_PERM + w] |= bits
    else:
        s[RST_EOT + w] |= bits


@internal
def deal_damage_to_card(s, T, src, slot, amount):
    """CR 1007.1 / 1007.4: damage on a J/resonator with DEF; [Drain] (CR 1135) and [Bane] (CR
    1138) of a source card, applied at once (simplified: not as automatic abilities on the chase).
    Returns the damage dealt."""
    if amount <= 0 or not is_j_resonator(s, T, slot) or card_table(T)[s[CARD + slot * CARD_W], K.C_DEF] <= 0:
        return 0
    s[DAMAGE + slot * CARD_W] += amount
    if src >= 0:
        if has_keyword(s, T, src, K.KW_DRAIN):
            s[LIFE + s[CONTROLLER + src * CARD_W]] += amount
        if has_keyword(s, T, src, K.KW_BANE):
            destroy(s, T, slot)
    return amount


@internal
def deal_damage_to_player(s, T, src, p, amount):
    """CR 1007.2; [Drain] of the source (CR 1135)."""
    if amount <= 0:
        return 0
    s[LIFE + p] -= amount
    if src >= 0 and has_keyword(s, T, src, K.KW_DRAIN):
        s[LIFE + s[CONTROLLER + src * CARD_W]] += amount
    return amount


@internal
def cancel_slot(s, T, slot):
    """CR 1012.1: the chase entry of spell ``slot`` leaves the chase; the card goes to its owner's
    graveyard."""
    n = s[CHASE_N]
    for i in range(n):
        e = CHASE + i * ENTRY_W
        if s[e + E_KIND] == K.EntryKind.CARD and s[e + E_SLOT] == slot:
            for j in range(i, n - 1):
                for k in range(ENTRY_W):
                    s[CHASE + j * ENTRY_W + k] = s[CHASE + (j + 1) * ENTRY_W + k]
            s[CHASE_N] = n - 1
            to_graveyard(s, T, slot)
            return


@internal
def each_target(s, T, f, op, slot, a0, a1, a2):
    """Force of Will's each-target opcodes on one card."""
    w = slot * CARD_W
    ctrl = s[f + E_CTRL]
    if op == Op.DAMAGE:
        deal_damage_to_card(s, T, s[f + E_SLOT] if s[ZONE + s[f + E_SLOT] * CARD_W] == Zone.FIELD else -1, slot, a0)
    elif op == Op.DESTROY:
        destroy(s, T, slot)
    elif op == Op.REST:
        s[RESTED + w] = 1
    elif op == Op.RECOVER:
        s[RESTED + w] = 0
    elif op == Op.RETURN_TO_HAND:
        move_card(s, T, slot, Zone.HAND)
    elif op == Op.REMOVE:
        move_card(s, T, slot, Zone.REMOVED)  # CR 1004.1
    elif op == Op.COUNTER:
        s[COUNTERS + w] += a0  # CR 1022; +1 and -1 cancel (CR 1203), one net count
    elif op == Op.CANCEL:
        cancel_slot(s, T, slot)
    elif op == Op.BANISH:
        if s[CONTROLLER + w] == ctrl:  # CR 1011.2
            to_graveyard(s, T, slot)


@internal
def after_each_target(s, T):
    return None


@internal
def ask_discard(s, f, player):
    """DISCARD chosen by the player: one hand card (SELECT_HAND), FR_CNT counts them."""
    s[DEC_ARG] = 1  # an effect's discard (0: the end phase's, CR 505.5d)
    set_decision(s, K.Decision.DISCARD, player)


@internal
def search(s, T, f, p, frow):
    """SEARCH (CR 1014.2: a hidden zone, the player may fail to find): simplified, the topmost
    matching card of the main deck is put into the hand; then the deck is shuffled (CR 1021)."""
    n_off, l_off = zone_offsets(ZT, Zone.MAIN_DECK, p)
    for i in range(s[n_off] - 1, -1, -1):
        slot = s[l_off + i]
        if filter_match(s, T, frow, slot, p, s[f + E_SLOT]):
            move_card(s, T, slot, Zone.HAND)
            break
    shuffle_run_with(s, s, l_off, s[n_off])


@internal
def exec_op(s, T, f, op, reg, a0, a1, a2):
    """Force of Will's own non-each-target opcodes."""
    ctrl = s[f + E_CTRL]
    who = ctrl if a1 == K.Who.CONTROLLER else 1 - ctrl
    src = s[f + E_SLOT]
    if op == Op.DAMAGE_PLAYER:
        deal_damage_to_player(s, T, src if src >= 0 and s[ZONE + src * CARD_W] == Zone.FIELD else -1, who, a0)
    elif op == Op.GAIN_LIFE:
        s[LIFE + who] += a0
    elif op == Op.LOSE_LIFE:
        s[LIFE + who] -= a0
    elif op == Op.SEARCH:
        search(s, T, f, ctrl, a0)
    elif op == Op.PRODUCE_WILL:
        s[WILL + ctrl * K.N_WILL + a0] += max(a1, 1)  # CR 907.4: kept by the ability's controller
    elif op == Op.CALL_STONE:
        top = put_stone_deck_top(s, ctrl)
        if top >= 0:
            enter_field(s, T, top, ctrl)  # CR 1016
    elif op == Op.FORESEE:
        pass  # CR 1034: simplified, the cards keep their order (one of the orders the player may choose)
    elif op == Op.MILL:
        n_off, l_off = zone_offsets(ZT, Zone.MAIN_DECK, who)
        for _ in range(a0):
            if s[n_off] == 0:
                break
            to_graveyard(s, T, s[l_off + s[n_off] - 1])
    # AURA_* and COST_REDUCTION (continuous effects) are not applied yet (rules coverage)
    return STOPPED if s[H_DONE] != 0 else NEXT
