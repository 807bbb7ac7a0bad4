"""Force of Will rules kernels: the player's actions (CR 700s) and paying will (CR 907, 1003).

Will is produced by explicit actions (resting a magic stone, CR 907; will abilities resolve at
once, CR 907.3) and paid canonically (``costs``; docs/force_of_will/design.md): each attribute
cost from will of that attribute (CR 203.3), the free cost (CR 203.4) from void will first, then
from the attribute with the most will left. A cost of X (CR 203.5b) is chosen when the card is
played (CR 903.2f: the CHOOSE_X decision, X kept on the chase entry); discards of a cost are
chosen one card at a time after the targets (CR 903.2j: DISCARD_COST, ``priority.finish_frame``).
"""

import numpy as np

from tcg_env.engine.chase import chase_full, chase_push, chase_size
from tcg_env.engine.decisions import set_decision
from tcg_env.engine.effects import I_A0, I_A1, I_A2, I_OP, MODE_ALL, MODE_TARGETS
from tcg_env.engine.header import H_TURN
# the legal mask's per-card predicates are inlined (internal_inline): as calls, passing the row and
# the tables at each of ~50 calls per mask cost ~40% of it (docs/performance-log.md, 2026-11-26)
from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import ability_table, card_table, code_table, filter_table, flag_table
from tcg_env.engine.zones import zone_move, zone_offsets, zone_put
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import (
    ABILITIES_PER_CARD, HAND_SLOTS, N_ATTRIBUTES, OPTION_SLOTS, AbilityKind, CardType, EntryKind,
    Op, Purpose, Step, Zone
)
from tcg_env.games.force_of_will.state import (
    ASTRAL, ATTACHED, CALLED, CARD, CARD_W, CONTROLLER, DEC_ARG, E_AUX, E_CTRL, E_KIND, E_REG, E_REGN, E_SLOT, E_X, FR_DISCARD, GODS_ART_USED, HAND_N,
    JUDGED, LIFE, MANA, MARK, NO_MORE_BATTLE, OWNER, PSEUDO, RESTED, REVEALED, RWILL_N, STANDBY_TURN, STANDBY_N, STEP,
    TURN_PLAYER, USED_TURN, WILL, ZONE, ZT
)
from tcg_env.games.force_of_will.costs import can_pay_free
from tcg_env.games.force_of_will.zones import put_in_standby
from tcg_env.games.force_of_will.state import COUNTERS, GEMS  # session 29: gem costs (CR 313.1); 32: [+100/+100] costs
from tcg_env.games.force_of_will.characteristics import named_add, named_count  # named counters (CR 1022.1)
from tcg_env.games.force_of_will.state import FR_CNT  # session 34 (s34b): unless_pay_answered
from tcg_env.rules.costs import pool_pay_generic  # session 34 (s34b)

STANDBY_CAP = 4 * K.STANDBY_SLOTS


# =============================================================================================
# Will (CR 907, 1003)
# =============================================================================================
@internal_inline
def will_producer(game, s, T, p, slot, second):
    """Can card ``slot`` produce its will now (its rest ability, CR 907.1 / 1013.2)? Returns the
    will's index (Attribute or WILL_VOID), -1 if not: it must be recovered in ``p``'s field, and a
    J/resonator must have been controlled since the turn began (CR 905.3)."""
    w = slot * CARD_W
    if s[ZONE + w] != Zone.FIELD or s[CONTROLLER + w] != p or s[RESTED + w] != 0:
        return -1
    c = card_table(T)[s[CARD + w]]
    attr = c[K.C_WILL_B] if second else c[K.C_WILL_A]
    if attr < 0:
        return -1
    if game.abilities_lost(s, T, slot):
        return -1  # session 33: its will ability is lost with the others (CR 909.1d, characteristics.lost_abilities)
    if game.activate_locked(s, T, p, slot):
        return -1  # session 34 (s34a): a will ability is an activate ability (CR 907.1)
    if game.is_j_resonator(s, T, slot) and not game.controls_since_turn_start(s, T, slot):
        return -1
    return attr


@internal
def produce_will(game, s, T, p, slot, second):
    """Rest the card: one will into ``p``'s pool (CR 907.3: no chase; 605.1a: priority kept). The
    rest ability is a will ability (CR 907.1), played (707.2): it counts for CR 803.6."""
    attr = will_producer(game, s, T, p, slot, second)
    game.becomes_rested(s, T, slot)
    s[WILL + p * K.N_WILL + attr] += 1
    game.note_battle_play(s, p)
    game.start_priority(s, p)


# =============================================================================================
# Timing
# =============================================================================================
@internal
def main_timing(game, s, p):
    """CR 701.2: the turn player has priority in its main phase, not in a battle, the chase empty."""
    return s[TURN_PLAYER] == p and s[STEP] == Step.MAIN and chase_size(game, s) == 0


@internal
def room_to_play(game, s):
    return not chase_full(game, s) and not game.frames_full(s)


# =============================================================================================
# Cards from the hand (CR 702, 703, 709)
# =============================================================================================
@internal
def free_cost(game, s, T, p, slot):
    """The free cost of hand card ``slot`` for ``p`` (CR 203.4; X counts 0 here, CR 203.5b: it is
    chosen as the card is played), less the cost reductions of its continuous abilities (CR
    903.2i-iv), not below 0."""
    free = max(card_table(T)[s[CARD + slot * CARD_W], K.C_COST_FREE], 0)
    return max(free - game.cost_reduction(s, T, p, slot), 0)


@internal
def activate_like_trigger(T, cid):
    """The ability row of chant ``cid``'s activate-like [Trigger] ("[Trigger] <cost>: <effect>",
    CR 1113.2a / 1416.2b-c: trigger NONE), -1 when it has none."""
    r = card_table(T)[cid, K.C_TRIGGER_ABIL]
    if r < 0 or ability_table(T)[r, K.A_TRIGGER] != K.Trigger.NONE:
        return -1
    return r


@internal
def hand_quickcast(game, s, T, p, slot):
    """Has card ``slot`` in ``p``'s hand [Quickcast] by a continuous ability (its condition holding, CR 1111.2, 904):
    its own ("This card gains [Quickcast] in all zones as long as ...", filter self_only of zone hand) or one of a
    card ``p`` controls in the field or its ruler area (CR 902.1, characteristics.next_continuous: "<cards> in your
    hand gain [Quickcast]."; a field card's self_only one never matches a hand card)? Only in pools with one (FLAG_HAND_QUICKCAST), only read outside main timing."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_HAND_QUICKCAST) == 0 or s[ZONE + slot * CARD_W] != Zone.HAND:
        return False
    abil = ability_table(T)
    code = code_table(T)
    c = card_table(T)[s[CARD + slot * CARD_W]]
    own_end = c[K.C_ABIL_START] + c[K.C_ABIL_COUNT]
    # first its own abilities ("This card gains [Quickcast] in all zones as long as ..."; src == slot), then the
    # continuous abilities in force of p's cards (a hand card is none of them)
    k, src, r = 0, slot, (c[K.C_ABIL_START] if c[K.C_HAS_CONT] != 0 else own_end)
    while k >= 0:
        if src == slot and r >= own_end:
            k, src, r = game.next_continuous(s, T, p, -1, 0, -1)
            continue
        if abil[r, K.A_KIND] == K.AbilityKind.CONTINUOUS:
            c0 = abil[r, K.A_CODE_START]
            for q in range(c0, c0 + abil[r, K.A_CODE_LEN]):
                if code[q, I_OP] == K.Op.AURA_KEYWORD and (code[q, I_A0] & K.KW_QUICKCAST) != 0 and \
                        (src != slot or filter_table(T)[code[q, I_A1], K.F_EXCLUDE_SELF] == K.SELF_ONLY) and \
                        game.filter_base(s, T, code[q, I_A1], slot, p, src) and \
                        game.condition_holds(s, T, abil[r, K.A_COND], abil[r, K.A_COND_ARG], p, src):
                    return True
        if src == slot:
            r += 1
        else:
            k, src, r = game.next_continuous(s, T, p, -1, k, r + 1)
    return False


@internal_inline
def hand_card_playable(game, s, T, p, i, how):
    """May ``p`` play hand card ``i`` now, ``how`` (constants.PLAY_*)?"""
    return card_playable(game, s, T, p, game.hand_slot(s, p, i), how)


@internal_inline
def card_playable(game, s, T, p, slot, how):
    """May ``p`` play card ``slot`` (in its hand, or a [Remnant] chant in its graveyard) now, ``how``?"""
    cid = s[CARD + slot * CARD_W]
    c = card_table(T)[cid]
    t = c[K.C_TYPE]
    if t != CardType.RESONATOR and t != CardType.CHANT and t != CardType.ADDITION and t != CardType.REGALIA:
        return False  # rulers, magic stones and runes are not played from the hand (CR 702.2, 711)
    if t == CardType.CHANT and c[K.C_TRIGGER_ABIL] >= 0:
        # CR 604.2a: a chant with [Trigger] is not played as a chant; CR 604.1b / 708.4: one with an
        # activate-like [Trigger] is played from the hand at any priority, its cost and the
        # [Trigger]'s paid; an automatic-like one only when it triggers (CR 708.2)
        r = game.activate_like_trigger(T, cid)
        if how != K.PLAY_NORMAL or r < 0 or not game.room_to_play(s):
            return False
        a = ability_table(T)[r]
        return (game.condition_holds(s, T, a[K.A_COND], a[K.A_COND_ARG], p, slot)
                and game.trigger_payable(s, T, p, slot, r) and game.playable_targets(s, T, r, p, slot))
    if (c[K.C_KEYWORDS] & K.KW_QUICKCAST) == 0 and not game.main_timing(s, p) and \
            not hand_quickcast(game, s, T, p, slot):
        return False  # CR 604.2a, 709.1 / 1111.2 (a [Quickcast] it has or, in the hand, is given)
    if c[K.C_PLAY_COND] != 0 and not game.condition_holds(s, T, c[K.C_PLAY_COND], c[K.C_PLAY_COND_ARG], p, slot):
        return False  # "Play this card only if <condition>."
    if not game.room_to_play(s):
        return False
    if how == K.PLAY_AWAKENED:
        if c[K.C_AWAKEN_ABIL] < 0 or not payable(game, s, T, p, slot, how, game.free_cost(s, T, p, slot),
                                                 hand_attr_reduction(game, s, T, p, slot)):
            return False
    elif how == K.PLAY_INCARNATED:
        if c[K.C_INCARNATION] == 0:
            return False
        if c[K.C_INCARNATION] < 0:  # [Mastery] "<name>" (session 24): a recovered card of that name to rest
            if mastery_slot(game, s, T, p, -c[K.C_INCARNATION]) < 0:
                return False
        elif incarnation_count(s, T, p, c[K.C_INCARNATION]) < c[K.C_INCARNATION_N]:
            return False
        if not increase_payable(game, s, T, p, slot):
            return False  # session 33: "... pays {N} more to play <cards>" (CR 903.2i-iii: on an alternative cost too)
    elif not payable(game, s, T, p, slot, how, game.free_cost(s, T, p, slot), hand_attr_reduction(game, s, T, p, slot)):
        return False
    if how != K.PLAY_INCARNATED and c[K.C_HAS_CONT] != 0:
        tf = game.target_cost_filter(T, s[CARD + slot * CARD_W])
        if tf >= 0 and not game.matching_target_exists(s, T, tf, p, slot):
            # "you may pay ... less to play this card if it targets a <card>" (session 22): no such legal target, so the
            # reduction cannot be had: payable without it (its optional reductions off, CR 903.2i)
            full = max(c[K.C_COST_FREE] - (game.cost_reduction(s, T, p, slot) - game.own_reduction(s, T, p, slot, -1, True)), 0)
            if not payable(game, s, T, p, slot, how, full, 0):
                return False
    arow = c[K.C_SPELL_ABIL]
    if t == CardType.ADDITION and c[K.C_ADDITION] != K.AdditionTarget.FIELD and arow < 0:
        return False  # an addition added to a card needs its target's CHOOSE row (CR 1406.2a)
    if arow >= 0 and not game.playable_targets(s, T, arow, p, slot):
        return False  # CR 903.2g
    return True


@internal_inline
def increase_payable(game, s, T, p, slot):
    """Session 33 (s33a): can ``p`` pay the will "... pays {N} more to play <cards>" adds to card ``slot`` played by an
    alternative cost ([Incarnation], [Mastery]: CR 903.2i-i, then the increase, 903.2i-iii; characteristics.
    cost_increase), from all its will, the restricted will that pays for the card too? True without one."""
    inc = game.cost_increase(s, T, p, slot)
    if inc == 0:
        return True
    extra = game.restricted_credit(s, T, p, s[CARD + slot * CARD_W], 0) if s[RWILL_N + p] > 0 else 0  # counted
    return game.will_total(s, p) + extra >= inc


@internal
def pay_increase(game, s, T, p, slot):
    """Pay what ``increase_payable`` checked: free will (costs.pay_free), the card's restricted will first."""
    inc = game.cost_increase(s, T, p, slot)
    if inc == 0:
        return
    if s[RWILL_N + p] > 0:
        cid = s[CARD + slot * CARD_W]
        before = game.restricted_snapshot(s, p)
        game.restricted_credit(s, T, p, cid, 1)
        game.pay_free(s, p, inc)
        game.restricted_settle(s, T, p, cid, before)
    else:
        game.pay_free(s, p, inc)


@internal
def will_total(s, p):
    n = 0
    for a in range(K.N_WILL):
        n += s[WILL + p * K.N_WILL + a]
    return n


@internal_inline  # one caller: inlined into it (engine.jit)
def max_x(game, s, T, p, slot, how):
    """CR 903.2f: the largest X ``p`` can pay for hand card ``slot`` (a free cost of X, CR 203.5b):
    the will left after its attribute costs (and an [Awakening] cost), plus the reductions that
    apply to it (CR 903.2i: X is chosen first); at most OPTION_SLOTS - 1 (one OPTION action a value)."""
    c = card_table(T)[s[CARD + slot * CARD_W]]
    left = game.will_total(s, p)
    if s[RWILL_N + p] > 0:
        left += game.restricted_credit(s, T, p, s[CARD + slot * CARD_W], 0)  # sign 0: counted, not added
    for a in range(N_ATTRIBUTES):
        left -= c[K.C_COST + a]
    if how == K.PLAY_AWAKENED:
        aw = ability_table(T)[c[K.C_AWAKEN_ABIL]]
        for a in range(N_ATTRIBUTES):
            left -= aw[K.A_COST + a]
        left -= max(aw[K.A_COST_FREE], 0) + aw[K.A_COST_MOON]
    return min(left + game.cost_reduction(s, T, p, slot), OPTION_SLOTS - 1)


@internal
def play_from_hand(game, s, T, p, i, how):
    """CR 903.2: the card moves to the chase (d), X is chosen (f: the CHOOSE_X decision, when its
    cost has X and it is not played without paying its cost, 903.2f-i), its targets are chosen (g,
    an effect frame in MODE_TARGETS), its cost is paid (j: here before the targets, which changes
    nothing, the targets being known to exist); when the frame ends it is put onto the chase
    (priority.finish_frame). ``how``: constants.PLAY_*, kept in the entry's E_AUX."""
    play_card(game, s, T, p, game.hand_slot(s, p, i), how)


@internal
def play_card(game, s, T, p, slot, how):
    """``play_from_hand`` of card ``slot`` (a hand card, or a [Remnant] chant in the graveyard: play_from_grave)."""
    c = card_table(T)[s[CARD + slot * CARD_W]]
    r = game.activate_like_trigger(T, s[CARD + slot * CARD_W]) if c[K.C_TYPE] == CardType.CHANT else -1
    if r >= 0:  # play_trigger_from records the play (note_card_play)
        game.play_trigger_from(s, T, p, slot, r, -1, Purpose.PLAY)  # CR 708.4: from the hand
        return
    x = c[K.C_COST_FREE] < 0 and how != K.PLAY_INCARNATED
    if x:
        s[DEC_ARG] = max_x(game, s, T, p, slot, how)
        s[DEC_ARG + 1] = game.cost_reduction(s, T, p, slot)  # read while it is in the hand
    elif how == K.PLAY_INCARNATED and c[K.C_INCARNATION] < 0:
        game.becomes_rested(s, T, mastery_slot(game, s, T, p, -c[K.C_INCARNATION]))  # [Mastery]: rested, not paid
        pay_increase(game, s, T, p, slot)  # session 33 (CR 903.2i-iii)
    elif how == K.PLAY_INCARNATED:
        banish_for_incarnation(game, s, T, p, c[K.C_INCARNATION], c[K.C_INCARNATION_N])
        pay_increase(game, s, T, p, slot)  # session 33 (CR 903.2i-iii)
    pending = 0
    if not x and how != K.PLAY_INCARNATED:
        free = game.free_cost(s, T, p, slot)
        attr = hand_attr_reduction(game, s, T, p, slot)
        pending = declinable_reduction(game, s, T, p, slot, how, free, attr)
        if pending == 0:
            game.pay_card_cost(s, T, p, slot, how, free, attr)
    s[CONTROLLER + slot * CARD_W] = p
    zone_move(s, ZT, slot, Zone.CHASE)
    game.note_card_play(s, p)
    f = game.push_frame(s, T, MODE_TARGETS, Purpose.PLAY, EntryKind.CARD, slot, c[K.C_SPELL_ABIL], p,
                        how | game.torrent_bit(s, p))
    if pending > 0:
        # CR 903.2i-iv: "you may pay {N} / {B} less": after the targets the player is asked whether to take it
        # (priority.finish_frame: OPTIONAL), then the cost is paid (CR 903.2j, pay_pending_cost). Kept as
        # -pending in E_X, which a card without {X} does not use, and cleared before it goes onto the chase.
        s[f + E_X] = -pending
    if x:
        set_decision(s, K.Decision.CHOOSE_X, p)


# =============================================================================================
# [Remnant] (CR 1115): a chant played from its owner's graveyard
# =============================================================================================
@internal_inline
def slot_from_top(s, zone, p, k):
    """The card ``k``-th from the top of ``p``'s list ``zone`` (the graveyard: the observation's `graveyards` row k),
    -1 past its end."""
    n_off, l_off = zone_offsets(ZT, zone, p)
    return s[l_off + s[n_off] - 1 - k] if k < s[n_off] else -1


@internal_inline  # one caller: inlined into it (engine.jit)
def grave_card_playable(game, s, T, p, k):
    """CR 1115.2: "You may play this card from your graveyard": a chant with [Remnant] (TB_REMNANT; not one with
    [Trigger], which is not played as a chant, CR 604.2a) ``k``-th from the top of ``p``'s graveyard, played as from
    the hand (its timing, cost and targets: card_playable)."""
    slot = slot_from_top(s, Zone.GRAVEYARD, p, k)
    if slot < 0:
        return False
    c = card_table(T)[s[CARD + slot * CARD_W]]
    if (c[K.C_TYPE_BITS] & K.TB_REMNANT) == 0 or c[K.C_TYPE] != CardType.CHANT or c[K.C_TRIGGER_ABIL] >= 0:
        return False
    return card_playable(game, s, T, p, slot, K.PLAY_NORMAL)


@internal_inline  # one caller: inlined into it (engine.jit)
def remnant_actions(game, s, T, p, out):
    """Mark OPTION_BASE + k for each graveyard card ``p`` may play by [Remnant] (the top REMNANT_ROWS); returns how
    many. Only in pools with a [Remnant] card (FLAG_REMNANT): no other pool looks at the graveyard here."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_REMNANT) == 0:
        return 0
    n = 0
    for k in range(K.REMNANT_ROWS):
        if grave_card_playable(game, s, T, p, k):
            out[K.OPTION_BASE + k] = 1
            n += 1
    return n


@internal_inline  # one caller: inlined into it (engine.jit)
def play_from_grave(game, s, T, p, k):
    """CR 1115.2: play the [Remnant] chant ``k``-th from the top of ``p``'s graveyard as from the hand (CR 903.2);
    the card record's MARK word (otherwise only the mulligan's, on hand cards) records that it was played by
    [Remnant] while it is on the chase: leaving it for anywhere else it is removed from the game instead
    (zones.move_card_core)."""
    slot = slot_from_top(s, Zone.GRAVEYARD, p, k)
    game.play_card(s, T, p, slot, K.PLAY_NORMAL)
    s[MARK + slot * CARD_W] = 1


# =============================================================================================
# [Dive] (GITS sets; its reminder text, constants.COST_DIVE): an activate ability played from the hand
# =============================================================================================
@internal_inline
def dive_row(T, cid):
    """The ability row of card ``cid``'s [Dive] or [Inheritance] ability (A_COST_BANISH_SELF COST_DIVE /
    COST_INHERITANCE: played from the hand), -1 none."""
    abil = ability_table(T)
    c = card_table(T)[cid]
    for r in range(c[K.C_ABIL_START], c[K.C_ABIL_START] + c[K.C_ABIL_COUNT]):
        if abil[r, K.A_KIND] == AbilityKind.ACTIVATE and abil[r, K.A_COST_BANISH_SELF] < 0:
            return r
    return -1


@internal_inline  # one caller: inlined into it (engine.jit)
def dive_usable(game, s, T, p, slot):
    """May ``p`` play the [Dive] ability of its hand card ``slot`` now: "Pay <will> and reveal this card from your
    hand to play this ability" (an activate ability: at any priority, CR 905; its "play this ability only ..."
    condition, its will cost, room on the chase, its targets, CR 903.2g)?"""
    r = dive_row(T, s[CARD + slot * CARD_W])
    if r < 0:
        return False
    a = ability_table(T)[r]
    if not game.condition_holds(s, T, a[K.A_COND], a[K.A_COND_ARG], p, slot):
        return False
    if not game.can_pay(s, p, a, K.A_COST, a[K.A_COST_FREE]) or game.frames_full(s) or chase_full(game, s):
        return False
    return game.playable_targets(s, T, r, p, slot)


@internal_inline  # one caller: inlined into it (engine.jit)
def dive_actions(game, s, T, p, out):
    """Mark SELECT_HAND_BASE + i for each hand card whose [Dive] ability ``p`` may play, and OPTION_BASE +
    REMNANT_ROWS + k for each card ``k``-th from the top of its removed area (k < REMNANT_ROWS) with a cyberbrain
    counter (MARK) it may play as from the hand ("You may play this card from your removed area as long as there is
    a cyberbrain counter on it"), or whose own text lets it be played from there ("You may play this card from your
    removed area.", TB_FROM_REMOVED); returns how many. Only in pools with a [Dive] ability (FLAG_DIVE)."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_DIVE) == 0:
        return 0
    n = 0
    for i in range(min(s[HAND_N + p], HAND_SLOTS)):
        if dive_usable(game, s, T, p, game.hand_slot(s, p, i)):
            out[K.SELECT_HAND_BASE + i] = 1
            n += 1
    for k in range(K.REMNANT_ROWS):
        slot = slot_from_top(s, Zone.REMOVED, p, k)
        if slot < 0:
            break
        if (s[MARK + slot * CARD_W] != 0 or (card_table(T)[s[CARD + slot * CARD_W], K.C_TYPE_BITS] & K.TB_FROM_REMOVED) != 0) \
                and card_playable(game, s, T, p, slot, K.PLAY_NORMAL):
            out[K.OPTION_BASE + K.REMNANT_ROWS + k] = 1
            n += 1
    return n


@internal_inline  # one caller: inlined into it (engine.jit)
def play_dive(game, s, T, p, i):
    """Play the [Dive] ability of hand card ``i``: its will paid (CR 903.2j), the card revealed and then removed from
    the game with a cyberbrain counter (the record's MARK word); the ability is played as an activate ability of
    that card (its targets chosen, then onto the chase, CR 903.2)."""
    slot = game.hand_slot(s, p, i)
    r = dive_row(T, s[CARD + slot * CARD_W])
    a = ability_table(T)[r]
    game.pay(s, p, a, K.A_COST, a[K.A_COST_FREE])
    if a[K.A_COST_BANISH_SELF] == K.COST_INHERITANCE:
        game.discard_to_graveyard(s, T, p, i)  # CR 1126.2: its cost discards this card from the hand (CR 1019)
    elif a[K.A_COST_BANISH_SELF] == K.COST_REMOVE_HAND:
        game.move_card(s, T, slot, Zone.REMOVED)  # session 32: removed from the game as the cost (CR 903.2j), no counter
    else:
        game.move_card(s, T, slot, Zone.REMOVED)
        s[MARK + slot * CARD_W] = 1  # the cyberbrain counter
    game.note_battle_play(s, p)
    game.push_frame(s, T, MODE_TARGETS, Purpose.PLAY, EntryKind.ABILITY, slot, r, p, -1)


@internal_inline  # one caller: inlined into it (engine.jit)
def play_from_removed(game, s, T, p, k):
    """Play the card ``k``-th from the top of ``p``'s removed area, which has a cyberbrain counter, as from the hand
    (CR 903.2); the counter goes with the zone change (CR 1022.3)."""
    slot = slot_from_top(s, Zone.REMOVED, p, k)
    s[MARK + slot * CARD_W] = 0
    game.play_card(s, T, p, slot, K.PLAY_NORMAL)


@internal_inline  # in the legal mask: inlined (engine.jit), 0 at once in a pool without attribute reductions
def hand_attr_reduction(game, s, T, p, slot):
    """Hand card ``slot``'s own attribute will reductions ("you may pay {B} less to play this card"), packed
    COST_RED_ATTR_BITS bits an attribute from bit 0; 0 in a pool without any (FLAG_ATTR_REDUCTION)."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_ATTR_REDUCTION) == 0:
        return 0
    packed = 0
    for a in range(N_ATTRIBUTES):
        packed |= game.own_reduction(s, T, p, slot, a, False) << (K.COST_RED_ATTR_BITS * a)
    return packed


@internal_inline
def credit_attr(s, p, attr, sign):
    """Add (sign 1) or take back (-1) the packed attribute will ``attr`` to / from ``p``'s pool: paying a cost
    with {B} less is paying it all from a pool with one {B} more (each attribute part at least that large, the
    free part paid after the attribute parts: the same will is left, costs.pay)."""
    for a in range(N_ATTRIBUTES):
        s[WILL + p * K.N_WILL + a] += sign * ((attr >> (K.COST_RED_ATTR_BITS * a)) & K.COST_RED_ATTR_MASK)


@internal_inline  # in the legal mask: inlined (engine.jit)
def payable(game, s, T, p, slot, how, free, attr):
    """Can ``p`` pay hand card ``slot``'s cost (its free part ``free``, its attribute parts less ``attr``), with
    its [Awakening] cost when ``how`` is PLAY_AWAKENED (CR 1109.2)?"""
    c = card_table(T)[s[CARD + slot * CARD_W]]
    if attr != 0:
        credit_attr(s, p, attr, 1)
    if how == K.PLAY_AWAKENED:
        aw = ability_table(T)[c[K.C_AWAKEN_ABIL]]
        ok = game.card_can_pay_both(s, T, p, s[CARD + slot * CARD_W], c, K.C_COST, free, aw, K.A_COST, K.A_COST_FREE)
        if aw[K.A_COST_REST] > 0:
            ok = ok and ruler_recovered(game, s, p)
        elif aw[K.A_COST_REST] < 0:  # "rest a recovered card named <name> you control" (session 24)
            ok = ok and mastery_slot(game, s, T, p, -aw[K.A_COST_REST]) >= 0
        if aw[K.A_COST_NAMED] != 0:
            ok = ok and named_cost_ok(game, s, p, slot, aw[K.A_COST_NAMED])
        if aw[K.A_COST_GEMS] != 0:
            ok = ok and gem_cost_ok(s, p, aw[K.A_COST_GEMS])  # session 29: "[Awakening] Banish a gem" (CR 313.1)
    else:
        ok = game.card_can_pay(s, T, p, s[CARD + slot * CARD_W], c, K.C_COST, free)
    if c[K.C_SPELL_ABIL] >= 0 and ability_table(T)[c[K.C_SPELL_ABIL], K.A_COST_NAMED] != 0:
        # "As an additional cost to play this card, remove N <name> counters from your J/ruler" (CR 903.2j, 1022.1)
        ok = ok and named_cost_ok(game, s, p, slot, ability_table(T)[c[K.C_SPELL_ABIL], K.A_COST_NAMED])
    if c[K.C_SPELL_ABIL] >= 0 and ability_table(T)[c[K.C_SPELL_ABIL], K.A_COST_GEMS] != 0:
        # session 29: "As an additional cost to play this card, banish two gems." (CR 903.2j, 313.1)
        ok = ok and gem_cost_ok(s, p, ability_table(T)[c[K.C_SPELL_ABIL], K.A_COST_GEMS])
    if attr != 0:
        credit_attr(s, p, attr, -1)
    return ok


@internal_inline
def named_cost_source(game, s, p, slot, packed):
    """The card a named-counter cost (A_COST_NAMED ``packed``) removes its counters from: ``p``'s J/ruler (its ruler slot,
    either side up, while ``p`` controls it in the field or its ruler area) or the card ``slot`` itself; -1: none."""
    if (packed & K.NCC_FROM_RULER) == 0:
        return slot
    r = game.j_ruler_slot(s, p)
    w = r * CARD_W
    if s[CARD + w] < 0 or s[CONTROLLER + w] != p or (s[ZONE + w] != Zone.RULER_AREA and s[ZONE + w] != Zone.FIELD):
        return -1
    return r


@internal_inline
def named_cost_ok(game, s, p, slot, packed):
    """"Remove N <name> counters from this card / your J/ruler" as a cost (CR 1022.1): N of that kind are there (a cost
    is paid in full or not at all)."""
    src = named_cost_source(game, s, p, slot, packed)
    need = packed & ((1 << K.NCC_KIND_SHIFT) - 1)
    kind = (packed >> K.NCC_KIND_SHIFT) & K.NC_KIND_MASK
    if kind == 0:  # session 32: [+100/+100] counters (CR 1022.1-1022.2, the net COUNTERS: +1 and -1 cancel, CR 1203)
        return src >= 0 and s[COUNTERS + src * CARD_W] >= need
    return src >= 0 and named_count(s, src, kind) >= need


@internal_inline
def pay_named_cost(game, s, p, slot, packed):
    src = named_cost_source(game, s, p, slot, packed)
    if src >= 0 and ((packed >> K.NCC_KIND_SHIFT) & K.NC_KIND_MASK) == 0:
        s[COUNTERS + src * CARD_W] -= packed & ((1 << K.NCC_KIND_SHIFT) - 1)  # [+100/+100] counters (session 32)
    elif src >= 0:
        named_add(s, src, (packed >> K.NCC_KIND_SHIFT) & K.NC_KIND_MASK, -(packed & ((1 << K.NCC_KIND_SHIFT) - 1)))


@internal
def ruler_recovered(game, s, p):
    """"Rest a recovered J/ruler you control." as a cost (CR 201.2b, 1013; an [Awakening] cost too, CR 1109.2): ``p``'s
    ruler in its ruler area or its J-ruler in the field, under ``p``'s control and recovered (A_COST_REST 2)."""
    w = game.j_ruler_slot(s, p) * CARD_W
    return s[CARD + w] >= 0 and s[RESTED + w] == 0 and s[CONTROLLER + w] == p and (
        s[ZONE + w] == Zone.RULER_AREA or s[ZONE + w] == Zone.FIELD)


@internal
def pay_card_cost(game, s, T, p, slot, how, free, attr):
    """Pay card ``slot``'s cost (its free part ``free``, its attribute parts less ``attr``), with its
    [Awakening] cost when ``how`` is PLAY_AWAKENED (CR 1109.2)."""
    cid = s[CARD + slot * CARD_W]
    c = card_table(T)[cid]
    restricted = s[RWILL_N + p] > 0
    if restricted:  # the pool before the restricted will and the reduction (costs.restricted_settle)
        before = game.restricted_snapshot(s, p)
        game.restricted_credit(s, T, p, cid, 1)
    if attr != 0:
        credit_attr(s, p, attr, 1)  # spent before any other will of its attribute (restricted_settle)
    mask = game.attr_any_mask(s, T, p, cid)  # session 33: its attribute cost paid with other will too (costs.card_pay)
    if how == K.PLAY_AWAKENED:
        a = ability_table(T)[c[K.C_AWAKEN_ABIL]]
        if mask != 0:
            game.attr_any_convert(s, p, c, K.C_COST, a, K.A_COST, True, mask)
        game.pay_both(s, p, c, K.C_COST, free, a, K.A_COST, a[K.A_COST_FREE])
        if a[K.A_COST_REST] > 0:
            game.becomes_rested(s, T, game.j_ruler_slot(s, p))  # "[Awakening] Rest a recovered J/ruler you control"
        elif a[K.A_COST_REST] < 0:
            game.becomes_rested(s, T, mastery_slot(game, s, T, p, -a[K.A_COST_REST]))  # "... a recovered card named <name>"
        if a[K.A_COST_NAMED] != 0:
            pay_named_cost(game, s, p, slot, a[K.A_COST_NAMED])  # "[Awakening] Remove N <name> counters from ..."
    else:
        if mask != 0:
            game.attr_any_convert(s, p, c, K.C_COST, c, K.C_COST, False, mask)
        game.pay(s, p, c, K.C_COST, free)
    if c[K.C_SPELL_ABIL] >= 0 and ability_table(T)[c[K.C_SPELL_ABIL], K.A_COST_NAMED] != 0:
        pay_named_cost(game, s, p, slot, ability_table(T)[c[K.C_SPELL_ABIL], K.A_COST_NAMED])  # CR 903.2j
    if restricted:
        game.restricted_settle(s, T, p, cid, before)


@internal_inline  # one caller: inlined into it (engine.jit)
def declinable_reduction(game, s, T, p, slot, how, free, attr):
    """CR 903.2i-iv: hand card ``slot``'s own optional reductions ("you may pay {N} / {B} less to play this
    card", COST_REDUCTION a2 bit COST_RED_OPTIONAL; its attribute ones are all optional), when ``p`` could
    also pay without them (else they must be taken to play it, CR 903.2j): the payment either way, packed
    (pack_pending) for pay_pending_cost; 0 when there is nothing to ask."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_COST_REDUCTION) == 0:
        return 0  # no COST_REDUCTION in the pool
    opt = game.own_reduction(s, T, p, slot, -1, True)
    c = card_table(T)[s[CARD + slot * CARD_W]]
    full = max(c[K.C_COST_FREE] - (game.cost_reduction(s, T, p, slot) - opt), 0)
    if (full <= free and attr == 0) or not payable(game, s, T, p, slot, how, full, 0):
        return 0
    return pack_pending(full, free, attr)


@internal
def target_cost_filter(game, T, cid):
    """The filter row of card ``cid``'s own "you may pay ... less to play this card if it targets a <card>" (a continuous
    ability with Condition.TARGETS_MATCH; session 22), -1 without one."""
    c = card_table(T)[cid]
    if c[K.C_HAS_CONT] == 0:
        return -1
    abil = ability_table(T)
    for r in range(c[K.C_ABIL_START], c[K.C_ABIL_START] + c[K.C_ABIL_COUNT]):
        if abil[r, K.A_KIND] == K.AbilityKind.CONTINUOUS and abil[r, K.A_COND] == K.Condition.TARGETS_MATCH:
            return abil[r, K.A_COND_ARG]
    return -1


@internal
def matching_target_exists(game, s, T, frow, p, slot):
    """Condition.TARGETS_MATCH for card ``slot`` of ``p``'s: a card its first CHOOSE (its spell row's, CR 903.2g) may
    target that filter ``frow`` matches too."""
    arow = card_table(T)[s[CARD + slot * CARD_W], K.C_SPELL_ABIL]
    if arow < 0 or ability_table(T)[arow, K.A_CODE_LEN] == 0:
        return False
    c0 = ability_table(T)[arow, K.A_CODE_START]
    if code_table(T)[c0, I_OP] != K.Op.CHOOSE:
        return False
    for q in range(2):
        for i in range(game.in_play_count(s, q)):
            t = game.in_play_slot(s, q, i)
            if t >= 0 and game.filter_match(s, T, code_table(T)[c0, I_A0], t, p, slot) and \
                    game.filter_match(s, T, frow, t, p, slot):
                return True
    return False


@internal
def targets_match_cost(game, s, T, f, frow):
    """Does a card chosen on the first register of the card frame ``f`` match ``frow`` (its "if it targets a <card>")?"""
    for i in range(s[f + E_REGN]):
        if game.filter_match(s, T, frow, s[f + E_REG + i], s[f + E_CTRL], s[f + E_SLOT]):
            return True
    return False


@internal_inline
def pack_pending(full, free, attr):
    """A payment waiting for the answer (E_X = -this): the free will if declined, if taken, then the attribute
    will less if taken (constants.PAY_FREE_BITS)."""
    return 1 + min(full, K.PAY_FREE_MASK) + (min(free, K.PAY_FREE_MASK) << K.PAY_FREE_BITS) + \
        (attr << (2 * K.PAY_FREE_BITS))


@internal
def pay_pending_cost(game, s, T, p, f, take):
    """OPTIONAL's answer to "you may pay ... less" (priority.finish_frame): the cost of the card frame ``f``
    plays paid with the reduction (``take``) or without (CR 903.2i-iv, 903.2j); E_X cleared."""
    v = -s[f + E_X] - 1
    s[f + E_X] = 0
    full = v & K.PAY_FREE_MASK
    free = (v >> K.PAY_FREE_BITS) & K.PAY_FREE_MASK
    attr = v >> (2 * K.PAY_FREE_BITS)
    slot = s[f + E_SLOT]
    if s[f + E_KIND] == EntryKind.JUDGMENT:  # the ruler's [Judgment] cost (play_judgment; CR 705.2a)
        game.pay(s, p, card_table(T)[s[CARD + slot * CARD_W]], K.C_JUDGMENT_COST, free if take else full)
        return
    if take:
        game.pay_card_cost(s, T, p, slot, s[f + E_AUX] & K.PLAY_HOW_MASK, free, attr)
    else:
        game.pay_card_cost(s, T, p, slot, s[f + E_AUX] & K.PLAY_HOW_MASK, full, 0)


@internal_inline  # one caller: inlined into it (engine.jit)
def x_chosen(game, s, T, p, x):
    """CHOOSE_X's answer (CR 903.2f): X is kept on the entry (the card's total cost on the chase,
    CR 203.5b; the programs' X) and the cost is paid with it (CR 903.2i: the reductions read when
    it was played, DEC_ARG[1]), with an [Awakening] cost when awakened."""
    f = game.top_frame(s)
    s[f + E_X] = x
    cid = s[CARD + s[f + E_SLOT] * CARD_W]
    c = card_table(T)[cid]
    if s[f + E_AUX] & K.PLAY_HOW_MASK == K.PLAY_AWAKENED:
        a = ability_table(T)[c[K.C_AWAKEN_ABIL]]
        game.card_pay_both(s, T, p, cid, c, K.C_COST, max(x - s[DEC_ARG + 1], 0), a, K.A_COST,
                           a[K.A_COST_FREE])  # CR 1109.2
        if a[K.A_COST_REST] > 0:
            game.becomes_rested(s, T, game.j_ruler_slot(s, p))  # "[Awakening] Rest a recovered J/ruler you control"
        elif a[K.A_COST_REST] < 0:
            game.becomes_rested(s, T, mastery_slot(game, s, T, p, -a[K.A_COST_REST]))  # "... a recovered card named <name>"
        if a[K.A_COST_NAMED] != 0:
            pay_named_cost(game, s, p, s[f + E_SLOT], a[K.A_COST_NAMED])
    else:
        game.card_pay(s, T, p, cid, c, K.C_COST, max(x - s[DEC_ARG + 1], 0))
    if c[K.C_SPELL_ABIL] >= 0 and ability_table(T)[c[K.C_SPELL_ABIL], K.A_COST_NAMED] != 0:
        pay_named_cost(game, s, p, s[f + E_SLOT], ability_table(T)[c[K.C_SPELL_ABIL], K.A_COST_NAMED])  # CR 903.2j


@internal_inline  # one caller: inlined into it (engine.jit)
def incarnation_count(s, T, p, attrs):
    """Resonators ``p`` controls with one of the attributes ``attrs`` ([Incarnation], CR 1110.2)."""
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
    n = 0
    for i in range(s[n_off]):
        c = card_table(T)[s[CARD + s[l_off + i] * CARD_W]]
        if c[K.C_TYPE] == CardType.RESONATOR and (c[K.C_ATTR] & attrs) != 0:
            n += 1
    return n


@internal_inline
def mastery_slot(game, s, T, p, name):
    """[Mastery] "<name>" (session 24): "You may rest a recovered card named <name> you control rather than pay this
    card's cost": the card to rest, -1 none: ``p``'s J/ruler when it is named so (in its ruler area, CR 105.3, or the
    field) and recovered, else the first recovered card of its field named so (either of its names, CR 202; where
    several could be, the line is approximate: mastery_rests_first)."""
    r = game.j_ruler_slot(s, p)
    c = card_table(T)[s[CARD + r * CARD_W]]
    if s[RESTED + r * CARD_W] == 0 and ((c[K.C_NAME] & K.NAME_MASK) == name or (
            (c[K.C_NAME] >> K.NAME_BITS) & K.NAME_MASK) == name) and (
            s[ZONE + r * CARD_W] == Zone.RULER_AREA or s[ZONE + r * CARD_W] == Zone.FIELD):
        return r
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
    for i in range(s[n_off]):
        slot = s[l_off + i]
        c = card_table(T)[s[CARD + slot * CARD_W]]
        if s[RESTED + slot * CARD_W] == 0 and ((c[K.C_NAME] & K.NAME_MASK) == name or (
                (c[K.C_NAME] >> K.NAME_BITS) & K.NAME_MASK) == name):
            return slot
    return -1


@internal_inline  # one caller: inlined into it (engine.jit)
def banish_for_incarnation(game, s, T, p, attrs, count):
    """CR 1110.2 / 1011: banish ``count`` resonators with one of ``attrs`` instead of paying the
    cost; simplified: chosen canonically, the cheapest first (then the earliest in the field)."""
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
    for _ in range(count):
        best = -1
        best_cost = 1 << 30
        for i in range(s[n_off]):
            slot = s[l_off + i]
            c = card_table(T)[s[CARD + slot * CARD_W]]
            if c[K.C_TYPE] == CardType.RESONATOR and (c[K.C_ATTR] & attrs) != 0:
                tc = game.total_cost(T, s[CARD + slot * CARD_W])
                if tc < best_cost:
                    best, best_cost = slot, tc
        if best >= 0:
            game.to_graveyard(s, T, best)


# =============================================================================================
# Activate abilities (CR 707, 905) and will abilities (CR 907)
# =============================================================================================
@internal_inline
def nth_activate(T, cid, j):
    """The ability row of card ``cid``'s ``j``-th activate or will ability, -1 none."""
    abil = ability_table(T)
    c = card_table(T)[cid]
    k = 0
    for r in range(c[K.C_ABIL_START], c[K.C_ABIL_START] + c[K.C_ABIL_COUNT]):
        kind = abil[r, K.A_KIND]
        if kind == AbilityKind.ACTIVATE or kind == AbilityKind.WILL:
            if k == j:
                return r
            k += 1
    return -1


@internal
def makes_restricted_will(T, r):
    """Does ability row ``r`` (or one of its modes) produce will restricted in use (PRODUCE_WILL a2 > 0)?"""
    abil = ability_table(T)
    code = code_table(T)
    first, n = r, 1
    c0 = abil[r, K.A_CODE_START]
    if abil[r, K.A_CODE_LEN] > 0 and code[c0, I_OP] == Op.SELECT_MODE:
        first, n = code[c0, I_A0], code[c0, I_A1]  # the modes' rows (priority.ask_mode)
    for m in range(first, first + n):
        for q in range(abil[m, K.A_CODE_START], abil[m, K.A_CODE_START] + abil[m, K.A_CODE_LEN]):
            if code[q, I_OP] == Op.PRODUCE_WILL and code[q, I_A2] > 0:
                return True
    return False


@internal
def activate_locked(game, s, T, p, slot):
    """Session 34 (s34a): is card ``slot`` (controlled by ``p``) kept from playing its activate and will abilities by a
    continuous ability in force "Players cannot play activate abilities of <cards> they control unless they control a
    <card>." (Op.ACTIVATE_LOCK of either player's cards, CR 902.1, 904; a0 the cards locked, a1 what ``p`` must control,
    both seen from ``p``)? False at once in a pool without one (FLAG_ACTIVATE_LOCK)."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_ACTIVATE_LOCK) == 0:
        return False
    code = code_table(T)
    for q in range(2):
        k, src, r, i = game.next_op_in_force(s, T, q, K.Op.ACTIVATE_LOCK, 0, -1, -1, -1)
        while i >= 0:
            if game.filter_match(s, T, code[i, I_A0], slot, p, src):
                n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
                found = False
                for j in range(s[n_off]):
                    if game.filter_match(s, T, code[i, I_A1], s[l_off + j], p, src):
                        found = True
                        break
                if not found:
                    return True
            k, src, r, i = game.next_op_in_force(s, T, q, K.Op.ACTIVATE_LOCK, k, src, r, i + 1)
    return False


@internal_inline
def ability_usable(game, s, T, p, slot, j):
    """May ``p`` play activate ability ``j`` of card ``slot`` now (CR 707.1, 905, 1013.3)?"""
    w = slot * CARD_W
    if s[CONTROLLER + w] != p:
        return False
    z = s[ZONE + w]
    if z != Zone.FIELD and z != Zone.RULER_AREA:
        return False  # CR 902.1
    r = nth_activate(T, s[CARD + w], j)
    if r < 0:
        return False
    if game.abilities_lost(s, T, slot):
        return False  # session 33: it lost all its abilities (CR 909.1d, characteristics.lost_abilities)
    if game.activate_locked(s, T, p, slot):
        return False  # session 34 (s34a): "Players cannot play activate abilities of <cards> they control unless ..."
    a = ability_table(T)[r]
    if a[K.A_COST_BANISH_SELF] < 0:
        return False  # [Dive] / [Inheritance]: played from the hand only (dive_usable; CR 1126.2a)
    if a[K.A_ONCE] == K.Once.TURN and (s[USED_TURN + w] >> j) & 1:
        return False
    if a[K.A_ONCE] == K.Once.GAME and (s[GODS_ART_USED + p] >> a[K.A_GODS_ART]) & 1:
        return False  # CR 1112.2 / 1112.2a: this player played a [God's Art] of that name this game
    if a[K.A_COST_REST] == 1:
        if s[RESTED + w] != 0:
            return False  # CR 1013.3
        if game.is_j_resonator(s, T, slot) and not game.controls_since_turn_start(s, T, slot):
            return False  # CR 905.3
    elif a[K.A_COST_REST] == 2 and not ruler_recovered(game, s, p):
        return False  # "rest a recovered J/ruler you control" (CR 1013.3)
    elif a[K.A_COST_REST] < 0 and mastery_slot(game, s, T, p, -a[K.A_COST_REST]) < 0:
        return False  # "rest a recovered card named <name> you control" (session 24, CR 1013.3)
    if min(s[HAND_N + p], HAND_SLOTS) < a[K.A_COST_DISCARD]:
        return False  # CR 903.2j: the discards chosen one at a time, by hand position
    if a[K.A_COST_LIFE] > 0 and s[LIFE + p] < a[K.A_COST_LIFE]:
        return False
    if a[K.A_COST_MANA] > 0 and s[MANA + game.mana_source(s, p, slot, a[K.A_MANA_FROM]) * CARD_W] < a[K.A_COST_MANA]:
        return False  # CR 1003.4-like: a cost is paid in full or not at all
    if a[K.A_COST_NAMED] != 0 and not named_cost_ok(game, s, p, slot, a[K.A_COST_NAMED]):
        return False  # "remove N <name> counters from ...": that many there (CR 1022.1)
    if a[K.A_COST_GEMS] != 0 and not gem_cost_ok(s, p, a[K.A_COST_GEMS]):
        return False  # session 29: "banish N [<attribute>] gems": that many in its item area (CR 313.1)
    if not game.condition_holds(s, T, a[K.A_COND], a[K.A_COND_ARG], p, slot):
        return False
    if not game.can_pay_moon(s, p, a, K.A_COST, a[K.A_COST_FREE], a[K.A_COST_MOON]):  # {M}: CR 1003.6
        return False
    if game.frames_full(s):
        return False
    if s[RWILL_N + p] >= K.RW_MAX and a[K.A_KIND] == AbilityKind.WILL and makes_restricted_will(T, r):
        return False  # an engine limit: RW_MAX kinds of restricted will at once (constants.RW_MAX)
    if a[K.A_KIND] == AbilityKind.ACTIVATE:
        if chase_full(game, s) or not game.playable_targets(s, T, r, p, slot):
            return False
    elif (code_table(T)[a[K.A_CODE_START], I_OP] == Op.SELECT_MODE or a[K.A_COST_BANISH_SELF] >= 2) and \
            not game.playable_targets(s, T, r, p, slot):
        # a choice of wills none of which may be chosen ("... shared with your J/ruler": effects.mode_open); a will
        # ability paid with a chosen card without one to choose (session 24, CR 903.2j)
        return False
    return True


@internal
def gem_cost_ok(s, p, code):
    """Session 29: has ``p`` the gems a cost "banish N [<attribute>] gems" (A_COST_GEMS ``code``) banishes (CR 313.1)?"""
    n = code & ((1 << K.GEM_COST_ATTR_SHIFT) - 1)
    a = (code >> K.GEM_COST_ATTR_SHIFT) - 1
    if a >= 0:
        return s[GEMS + p * K.N_ATTRIBUTES + a] >= n
    have = 0
    for k in range(K.N_ATTRIBUTES):
        have += s[GEMS + p * K.N_ATTRIBUTES + k]
    return have >= n


@internal
def mana_source(game, s, p, slot, whence):
    """The card a mana-counter cost removes its counters from (constants.ManaFrom): the card
    itself or ``p``'s J/ruler."""
    return game.j_ruler_slot(s, p) if whence == K.ManaFrom.J_RULER else slot


@internal
def activate(game, s, T, p, slot, j):
    """CR 707.2: pay the costs and play the ability; a will ability resolves at once (CR 907.3)."""
    w = slot * CARD_W
    r = nth_activate(T, s[CARD + w], j)
    a = ability_table(T)[r]
    game.pay_moon(s, p, a, K.A_COST, a[K.A_COST_FREE], a[K.A_COST_MOON])
    if a[K.A_COST_REST] == 1:
        game.becomes_rested(s, T, slot)
    elif a[K.A_COST_REST] == 2:
        game.becomes_rested(s, T, game.j_ruler_slot(s, p))  # "rest a recovered J/ruler you control"
    elif a[K.A_COST_REST] < 0:
        game.becomes_rested(s, T, mastery_slot(game, s, T, p, -a[K.A_COST_REST]))  # "rest a recovered card named <name>"
    s[LIFE + p] -= a[K.A_COST_LIFE]
    s[MANA + game.mana_source(s, p, slot, a[K.A_MANA_FROM]) * CARD_W] -= a[K.A_COST_MANA]  # CR 1122, 1022
    if a[K.A_COST_NAMED] != 0:
        pay_named_cost(game, s, p, slot, a[K.A_COST_NAMED])
    gattr = (a[K.A_COST_GEMS] >> K.GEM_COST_ATTR_SHIFT) - 1
    if a[K.A_COST_GEMS] != 0 and gattr >= 0:
        # session 29: "banish N <attribute> gems" (CR 1011, 313.1): no choice; of any attributes: priority.finish_frame
        s[GEMS + p * K.N_ATTRIBUTES + gattr] -= a[K.A_COST_GEMS] & ((1 << K.GEM_COST_ATTR_SHIFT) - 1)
    s[USED_TURN + w] |= 1 << j
    if a[K.A_ONCE] == K.Once.GAME:
        # CR 1112.2 / 1112.2a: its name is used up for this player, whichever card bears it; as it
        # is played (1112.2b: canceled later, it still counts)
        s[GODS_ART_USED + p] |= 1 << a[K.A_GODS_ART]
    if a[K.A_COST_BANISH_SELF] == 1:
        game.to_graveyard(s, T, slot)  # CR 1011 (2 and more: a chosen card, priority.pay_chosen_cost)
    # CR 707.2 / 907.1: an activate ability, will abilities included, is played (803.6); it is not
    # a card ([Torrent] counts cards, CR 1124.2)
    game.note_battle_play(s, p)
    if a[K.A_KIND] == AbilityKind.WILL:
        f = game.push_frame(s, T, MODE_ALL, Purpose.WILL, EntryKind.ABILITY, slot, r, p, -1)
    else:
        f = game.push_frame(s, T, MODE_TARGETS, Purpose.PLAY, EntryKind.ABILITY, slot, r, p, -1)
    s[f + FR_DISCARD] = a[K.A_COST_DISCARD]  # CR 903.2j: after the targets (priority.finish_frame)


# =============================================================================================
# Judgment (CR 705), calling a magic stone (CR 710), the standby area (CR 706), battle (CR 704)
# =============================================================================================
@internal_inline  # one caller: inlined into it (engine.jit)
def judgment_legal(game, s, T, p):
    """CR 705.1: main timing, a recovered ruler with [Judgment] in the ruler area (not astral,
    CR 1010.1a), no judgment this turn; its will paid (CR 705.2a)."""
    slot = game.j_ruler_slot(s, p)
    w = slot * CARD_W
    if s[CARD + w] < 0 or s[ZONE + w] != Zone.RULER_AREA or s[RESTED + w] != 0:
        return False
    if s[JUDGED + p] != 0 or s[ASTRAL + p] != 0 or not game.main_timing(s, p) or not game.room_to_play(s):
        return False
    c = card_table(T)[s[CARD + w]]
    if c[K.C_TYPE] != CardType.RULER or c[K.C_J_SIDE] < 0:
        return False
    if c[K.C_PLAY_COND] != 0 and not game.condition_holds(s, T, c[K.C_PLAY_COND], c[K.C_PLAY_COND_ARG], p, slot):
        return False  # CR 705.2b: the [Judgment]'s condition (cards.FowCard.judgment_condition)
    return game.can_pay(s, p, c, K.C_JUDGMENT_COST, judgment_free(game, s, T, p, slot))


@internal_inline
def judgment_free(game, s, T, p, slot):
    """The free will of ``p``'s ruler's [Judgment] cost (CR 705.2a) less its own "you may pay {N} less to play this
    ability [for each ... / if ...]" (a self_only COST_REDUCTION of the ruler, characteristics.own_reduction)."""
    c = card_table(T)[s[CARD + slot * CARD_W]]
    # session 33: "... pays {N} more to play [Judgment] abilities." (CR 903.2i-iii; characteristics.cost_increase)
    return max(c[K.C_JUDGMENT_FREE] - game.own_reduction(s, T, p, slot, -1, False), 0) + game.cost_increase(s, T, p, slot)


@internal_inline  # one caller: inlined into it (engine.jit)
def play_judgment(game, s, T, p):
    """CR 705.2: pay, and put the judgment into the chase area; the player keeps priority."""
    slot = game.j_ruler_slot(s, p)
    c = card_table(T)[s[CARD + slot * CARD_W]]
    free = judgment_free(game, s, T, p, slot)
    # "[Judgment] {N}. You may pay {N} less to play this ability ..." (CR 705.2a, 903.2i-iv; session 23): where the
    # cost can be paid without the ruler's own optional reductions, the player is asked (priority.finish_frame: OPTIONAL;
    # pay_pending_cost), as for a card played from the hand
    full = free
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_COST_REDUCTION) != 0:
        full = max(c[K.C_JUDGMENT_FREE] - (game.own_reduction(s, T, p, slot, -1, False) -
                                           game.own_reduction(s, T, p, slot, -1, True)), 0) + \
            game.cost_increase(s, T, p, slot)  # session 33
        if full <= free or not game.can_pay(s, p, c, K.C_JUDGMENT_COST, full):
            full = free
    s[JUDGED + p] = 1  # CR 705.2d: neither a spell nor an ability, nor a card played ([Torrent])
    f = game.push_frame(s, T, MODE_TARGETS, Purpose.PLAY, EntryKind.JUDGMENT, slot, -1, p, -1)
    if full > free:
        s[f + E_X] = -pack_pending(full, free, 0)  # asked, then paid and put onto the chase (priority.finish_frame)
        return
    game.pay(s, p, c, K.C_JUDGMENT_COST, free)
    chase_push(game, s, f)
    game.pop_frame(s)
    game.start_priority(s, p)


@internal_inline  # one caller: inlined into it (engine.jit)
def call_stone_legal(game, s, T, p):
    """CR 710.1: main timing, no stone called and no judgment this turn, the J/ruler recovered,
    a card in the magic stone deck."""
    slot = game.j_ruler_slot(s, p)
    w = slot * CARD_W
    if s[CARD + w] < 0 or s[RESTED + w] != 0 or s[CONTROLLER + w] != p:
        return False
    if s[ZONE + w] != Zone.RULER_AREA and s[ZONE + w] != Zone.FIELD:
        return False
    if s[CALLED + p] != 0 or s[JUDGED + p] != 0 or not game.main_timing(s, p):
        return False
    return game.put_stone_deck_top(s, p) >= 0


@internal_inline  # one caller: inlined into it (engine.jit)
def call_stone(game, s, T, p):
    """CR 710.1: rest the J/ruler, the top of the magic stone deck into the field."""
    slot = game.j_ruler_slot(s, p)
    game.becomes_rested(s, T, slot)
    s[CALLED + p] = 1
    game.enter_field(s, T, game.put_stone_deck_top(s, p), p)
    game.start_priority(s, p)


@internal_inline  # one caller: inlined into it (engine.jit)
def standby_legal(game, s, p):
    """CR 706.1: main timing, [2] to pay, room in the standby area."""
    return game.main_timing(s, p) and can_pay_free(s, p, K.STANDBY_COST) and s[STANDBY_N + p] < STANDBY_CAP


@internal_inline  # one caller: inlined into it (engine.jit)
def put_standby(game, s, T, p, i):
    """CR 706.2: no chase; the card goes face down at once."""
    game.pay_free(s, p, K.STANDBY_COST)
    put_in_standby(s, game.hand_slot(s, p, i), s[H_TURN])
    game.start_priority(s, p)


@internal_inline
def standby_playable(game, s, T, p, i):
    """CR 708 / 1113.2a / 1416.2b-c: a chant with an activate-like [Trigger] ("[Trigger] <cost>:
    <effect>", its TRIGGER row with trigger NONE) in ``p``'s standby area is played at any priority
    (CR 604.1b) by paying the [Trigger]'s cost only (CR 708.4: will, life, discards), not on the
    turn it was put there (CR 708.5), its condition met (CR 1416.4) and its targets chosen (CR
    903.2g). A resonator with an activate-like [Stealth] (its STEALTH row with trigger NONE:
    "[Stealth] <a state>", CR 1416.1a / 1416.2b) is played the same way while its condition holds,
    without paying its cost (CR 1114.2), also on the turn it was put there (CR 1114.3)."""
    n_off, l_off = zone_offsets(ZT, Zone.STANDBY, p)
    if i >= s[n_off] or not game.room_to_play(s):
        return False
    slot = s[l_off + i]
    st = card_table(T)[s[CARD + slot * CARD_W], K.C_STEALTH_ABIL]
    if st >= 0:
        a = ability_table(T)[st]
        return a[K.A_TRIGGER] == K.Trigger.NONE and game.condition_holds(s, T, a[K.A_COND], a[K.A_COND_ARG], p, slot)
    r = game.activate_like_trigger(T, s[CARD + slot * CARD_W])
    if r < 0 or s[STANDBY_TURN + slot * CARD_W] >= s[H_TURN]:
        return False
    a = ability_table(T)[r]
    if not game.condition_holds(s, T, a[K.A_COND], a[K.A_COND_ARG], p, slot):
        return False
    return game.trigger_payable(s, T, p, slot, r) and game.playable_targets(s, T, r, p, slot)


@internal_inline  # one caller: inlined into it (engine.jit)
def play_from_standby(game, s, T, p, i):
    """CR 903.2a (face up), 708.4 (the [Trigger]'s cost), then as a chant from the hand; it
    resolves the [Trigger]'s effect and goes to the graveyard (CR 708.6)."""
    _, l_off = zone_offsets(ZT, Zone.STANDBY, p)
    slot = s[l_off + i]
    if card_table(T)[s[CARD + slot * CARD_W], K.C_STEALTH_ABIL] >= 0:
        # CR 1114.2: [Stealth], no cost; a resonator spell with nothing to choose (CR 702.3 on resolution)
        s[CONTROLLER + slot * CARD_W] = p
        zone_move(s, ZT, slot, Zone.CHASE)
        game.note_card_play(s, p)
        game.push_frame(s, T, MODE_TARGETS, Purpose.PLAY, EntryKind.CARD, slot, -1, p, K.PLAY_NORMAL)
        return
    # play_trigger_from records the play (note_card_play)
    game.play_trigger_from(s, T, p, slot, card_table(T)[s[CARD + slot * CARD_W], K.C_TRIGGER_ABIL], -1, Purpose.PLAY)


# =============================================================================================
# Runes (CR 711, 709.3c, 1136, 1017.3)
# =============================================================================================
@internal
def rune_slot(s, p, i):
    """The card at position ``i`` of ``p``'s rune area, -1 past its end."""
    n_off, l_off = zone_offsets(ZT, Zone.RUNE_AREA, p)
    return s[l_off + i] if i < s[n_off] else -1


@internal
def free_slot(s, p):
    """A slot of ``p``'s holding no card (CR 1017.1a: a pseudo-card is no physical card; the
    constants keep RUNE_SLOTS of them for it), -1 none."""
    base = p * K.PLAYER_SLOTS
    for slot in range(base + K.PLAYER_SLOTS - 1, base, -1):
        if s[CARD + slot * CARD_W] < 0:
            return slot
    return -1


@internal_inline  # one caller: inlined into it (engine.jit)
def rune_playable(game, s, T, p, i):
    """CR 711.1-711.2: may ``p`` play rune ``i`` of its rune area now? Its J/ruler has
    [Divinity] (711.1, 1136.2); main timing, or any priority for a rune with [Quickcast] (CR 709.1,
    709.3c); a rune face down in the rune area (711.2) with a divinity up to the remaining divinity
    (711.2a); its cost paid (X = 0); a slot for its copy (CR 1017.3); its targets (CR 903.2g)."""
    slot = game.rune_slot(s, p, i)
    if slot < 0 or s[REVEALED + slot * CARD_W] != 0:
        return False
    c = card_table(T)[s[CARD + slot * CARD_W]]
    if c[K.C_TYPE] != CardType.RUNE:
        return False
    if (c[K.C_KEYWORDS] & K.KW_QUICKCAST) == 0 and not game.main_timing(s, p):
        return False
    if not game.room_to_play(s) or c[K.C_DIVINITY] > game.remaining_divinity(s, T, p) or game.free_slot(s, p) < 0:
        return False
    if c[K.C_PLAY_COND] != 0 and not game.condition_holds(s, T, c[K.C_PLAY_COND], c[K.C_PLAY_COND_ARG], p, slot):
        return False  # "Play this card only if <condition>." (a rune's too: played from the rune area, CR 711.2)
    more, less = rune_attr_change(c)
    change = less - more  # "pay {W} more": one {W} less in the pool (credit_attr); "you may pay {W} less": taken
    if change != 0:
        credit_attr(s, p, less, 1)
        credit_attr(s, p, more, -1)
    ok = game.card_can_pay(s, T, p, s[CARD + slot * CARD_W], c, K.C_COST, rune_free_cost(c))
    if change != 0:
        credit_attr(s, p, less, -1)
        credit_attr(s, p, more, 1)
    if not ok:
        return False
    arow = c[K.C_SPELL_ABIL]
    return arow < 0 or game.playable_targets(s, T, arow, p, slot)


@internal_inline
def rune_attr_change(c):
    """A rune's attribute will paid more and less from a rune area, packed as COST_RED_ATTR_* fields ("You pay {W} more /
    You may pay {W} less to play this card from a rune area", CR 903.2i-ii / 903.2i-iv; constants.RUNE_WILL_LESS)."""
    v = c[K.C_INCARNATION]
    if v & K.RUNE_WILL_LESS:
        return 0, v & (K.RUNE_WILL_LESS - 1)
    return v, 0


@internal_inline
def rune_free_cost(c):
    """A rune's free cost played from the rune area (X = 0): its printed free cost with the change its
    text makes ("You pay {1} more / may pay {1} less to play this card from a rune area", CR 903.2i;
    C_INCARNATION_N of a rune), not below 0."""
    return max(max(c[K.C_COST_FREE], 0) + c[K.C_INCARNATION_N], 0)


@internal_inline  # one caller: inlined into it (engine.jit)
def play_rune(game, s, T, p, i):
    """CR 711.2: reveal the rune (it stays in the rune area, face up: CR 711.2a), copy it, pay the
    cost, play the copy. The copy is a pseudo-card in a free slot of ``p``'s (CR 1017.3); it is
    made and played at once, so it never holds a place in the rune area (its list keeps the
    physical runes). It goes to the chase as a spell (CR 903.2), its targets chosen there, and
    ceases to exist when it leaves the chase (CR 711.3, 1017.3a)."""
    slot = game.rune_slot(s, p, i)
    w = slot * CARD_W
    s[REVEALED + w] = 1
    c = card_table(T)[s[CARD + w]]
    copy = game.free_slot(s, p)
    cw = copy * CARD_W
    s[CARD + cw] = s[CARD + w]
    s[OWNER + cw] = p
    s[CONTROLLER + cw] = p
    s[ATTACHED + cw] = -1
    s[PSEUDO + cw] = K.PSEUDO_COPY
    free = rune_free_cost(c)
    more, less = rune_attr_change(c)
    pending = 0
    if (c[K.C_INCARNATION_N] < 0 or less != 0) and c[K.C_COST_FREE] >= 0 and \
            game.card_can_pay(s, T, p, s[CARD + w], c, K.C_COST, c[K.C_COST_FREE]):
        # "you may pay {N} / {W} less ... from a rune area" (CR 903.2i-iv): asked after the targets
        pending = pack_pending(c[K.C_COST_FREE], free, less)
    elif more != 0:
        # "You pay {W} more ...": the pool less that will (it pays it), then the cost (pay_card_cost's credit_attr)
        pay_rune_more(game, s, T, p, s[CARD + w], c, free, more)
    else:
        game.pay_card_cost(s, T, p, w // CARD_W, K.PLAY_NORMAL, free, less)
    zone_put(s, ZT, copy, Zone.CHASE)
    game.note_card_play(s, p)
    f = game.push_frame(s, T, MODE_TARGETS, Purpose.PLAY, EntryKind.CARD, copy, c[K.C_SPELL_ABIL], p,
                        K.PLAY_NORMAL | game.torrent_bit(s, p))
    if pending > 0:
        s[f + E_X] = -pending  # asked after the targets, as for a hand card (play_from_hand)


@internal_inline  # one caller: inlined into it (engine.jit)
def pay_rune_more(game, s, T, p, cid, c, free, more):
    """Pay a rune's cost with the attribute will ``more`` more ("You pay {W} more to play this card from a rune area",
    CR 903.2i-ii): as costs.card_pay, the extra will taken from the pool once its restricted will is credited."""
    restricted = s[RWILL_N + p] > 0
    before = np.int64(0)
    if restricted:
        before = game.restricted_snapshot(s, p)
        game.restricted_credit(s, T, p, cid, 1)
    credit_attr(s, p, more, -1)
    game.pay(s, p, c, K.C_COST, free)
    if restricted:
        game.restricted_settle(s, T, p, cid, before)


@internal
def battle_legal(game, s, p):
    """CR 704.1 (and 803.6: no second battle after a forfeit the opponent did not answer)."""
    return game.main_timing(s, p) and s[NO_MORE_BATTLE] == 0


@internal
def field_slot(s, p, i):
    _, l_off = zone_offsets(ZT, Zone.FIELD, p)
    return s[l_off + i]


@internal_inline
def ability_actions_of(game, s, T, p, slot, base, mask):
    """Mark the usable activate abilities of ``slot`` at ``base + j``; returns how many."""
    n = 0
    for j in range(ABILITIES_PER_CARD):
        if ability_usable(game, s, T, p, slot, j):
            mask[base + j] = 1
            n += 1
    return n


# =============================================================================================
# Session 34 (s34b): paying "... unless its controller pays {N}" (Op.CANCEL_UNLESS_PAY; CR 1003, 907.2)
# =============================================================================================
@internal
def will_producible(game, s, T, p):
    """Session 34 (s34b): how many will ``p``'s recovered will producers could still make by resting (WILL_A, within the
    addressable field positions: the actions that offer them)."""
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
    n = 0
    for i in range(min(s[n_off], K.FIELD_SLOTS)):
        if will_producer(game, s, T, p, s[l_off + i], False) >= 0:
            n += 1
    return n


@internal
def unless_pay_answered(game, s, T, p, a):
    """The answer to Op.CANCEL_UNLESS_PAY's question (session 34, s34b): OPTION 0 pays the will {N} from ``p``'s pool
    (any will pays free will, CR 1003.2: the void first, then the attribute with the most left, the moon will last, as
    Op.PAY); PASS does not pay; WILL_A / WILL_B i rests own field card i for its will (a will ability while paying,
    CR 907.2, 1003.5, 907.3: no chase) and asks again. The op resumes with its frame's FR_CNT UNLESS_PAID / NOT_PAID."""
    if K.WILL_A_BASE <= a < K.ACTIVATE_BASE:
        second = a >= K.WILL_B_BASE
        slot = game.field_slot(s, p, a - (K.WILL_B_BASE if second else K.WILL_A_BASE))
        attr = will_producer(game, s, T, p, slot, second)
        game.becomes_rested(s, T, slot)
        s[WILL + p * K.N_WILL + attr] += 1
        game.note_battle_play(s, p)  # a will ability is played (CR 803.6)
        set_decision(s, K.Decision.OPTIONAL, p)  # the same question (DEC_ARG kept)
        return
    f = game.top_frame(s)
    s[DEC_ARG + K.DEC_ASK] = 0
    if a == K.PASS:
        s[f + FR_CNT] = K.UNLESS_NOT_PAID
        return
    n = s[DEC_ARG + 1]
    wp = WILL + p * K.N_WILL
    rest = n - min(n, will_total(s, p) - s[wp + K.WILL_MOON])
    pool_pay_generic(s, wp, K.N_ATTRIBUTES, wp + K.WILL_VOID, n - rest)
    s[wp + K.WILL_MOON] -= rest
    s[f + FR_CNT] = K.UNLESS_PAID


@internal
def unless_pay_mask(game, s, T, p, out):
    """The OPTIONAL mask of Op.CANCEL_UNLESS_PAY's question (session 34, s34b): PASS; OPTION 0 while ``p``'s produced will
    pays {N} (CR 1003.4); WILL_A / WILL_B i for each own field card that can produce will (CR 907.2, 1003.5)."""
    out[K.PASS] = 1
    n = 1
    if will_total(s, p) >= s[DEC_ARG + 1]:
        out[K.OPTION_BASE] = 1
        n += 1
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
    for i in range(min(s[n_off], K.FIELD_SLOTS)):
        slot = s[l_off + i]
        if will_producer(game, s, T, p, slot, False) >= 0:
            out[K.WILL_A_BASE + i] = 1
            n += 1
        if will_producer(game, s, T, p, slot, True) >= 0:
            out[K.WILL_B_BASE + i] = 1
            n += 1
    return n
