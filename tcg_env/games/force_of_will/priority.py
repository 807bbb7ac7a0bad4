"""Force of Will rules kernels: the priority sequence and the chase area (CR 600s, 312, 903.3),
on the engine core's chase (:mod:`tcg_env.engine.chase`) and pending automatic abilities
(:mod:`tcg_env.engine.triggers`).

602.1a-c is the core's ``priority_point`` (rule processes, CR 1200s; then the triggered automatic
abilities, the turn player's first, CR 603 / 906.5; then the priority decision). 605.1 is the
core's ``priority_pass``: RESOLVE (the last card or ability put into the chase area resolves, then
the TURN player gains priority, 605.1b), END_STEP (the sequence ends: the game goes on from the
step, constants.Step) or PASS_ON (605.1c). What stays here: what a chase entry is, resolving it
(CR 702.3, 703.3, 705.3, 707.3, 903.3) and what a finished effect frame leads to.
"""

from tcg_env.engine.chase import Priority, chase_full, chase_pop, chase_push, give_priority, priority_pass
from tcg_env.engine.chase import priority_point as chase_priority_point
from tcg_env.engine.decisions import set_decision
from tcg_env.engine.effects import ASKED, DONE, I_A0, I_A1, I_A2, I_OP, MODE_ALL, MODE_RESOLVE, MODE_TARGETS
from tcg_env.engine.effects import missing_required_target, recheck_targets, run_program
from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import ability_table, card_table, code_table, filter_table, flag_table
from tcg_env.engine.rng import rng_below
from tcg_env.engine.triggers import pending_take
from tcg_env.engine.zones import zone_put, zone_take
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import (
    HAND_SLOTS, N_REGS, OPTION_BASE, CardType, EntryKind, Flow, Op, Purpose, Step, Zone
)
from tcg_env.games.force_of_will.constants import TARGET_MAX  # session 32 (targets_triggered)
from tcg_env.games.force_of_will.keywords import resolve_keyword_ability
from tcg_env.games.force_of_will.characteristics import enters_with_counters  # session 24 (CR 1022.6)
from tcg_env.games.force_of_will.state import GEMS  # session 29: gem costs (CR 313.1)
from tcg_env.engine.reveals import reveal_begin, reveal_card  # session 34 (s34b): ask_enter_unless
from tcg_env.engine.zones import zone_offsets  # session 34 (s34b)
from tcg_env.games.force_of_will.state import MARK, REVEAL_IDS, REVEAL_N  # session 34 (s34b)
from tcg_env.games.force_of_will.state import (
    ATTACHED, CAND, CAND_N, CARD, CARD_W, CONTROLLER, DEC_ARG, E_ABIL, E_AUX, E_CARD, E_CTRL, E_KIND, E_REG,
    E_REGN, E_SLOT, E_X, ENTRY_W, FLOW, FR_CNT, FR_DISCARD, FR_MODE, FR_PC, FR_PURPOSE, HAND_N, LIFE, OPP_ACTED, PLAYED_CARDS,
    PRIORITY_PLAYER, RESTED, STEP,
    TURN_PLAYER, USED_TURN, ZONE, ZT
)


@internal
def start_priority(game, s, player):
    """``player`` gains priority and performs a priority sequence (CR 602.1)."""
    give_priority(game, s, player)
    s[FLOW] = Flow.PRIORITY


@internal
def note_battle_play(s, p):
    """CR 803.6: ``p`` played a spell or an ability; in a battle, by the non-turn player, the battle
    is then one in which they played something (a forfeit leaves further battles open)."""
    if p != s[TURN_PLAYER] and s[STEP] >= Step.BATTLE_BEGIN:
        s[OPP_ACTED] = 1


@internal
def note_card_play(game, s, p):
    """``p`` played a card (a resonator, chant, addition, regalia, a rune's copy, a [Trigger] or
    [Stealth] card): [Torrent] counts cards played (CR 1124.2), and a card is played as a spell for
    CR 803.6. Abilities (activate, will, automatic) record only CR 803.6 (``note_battle_play``), a
    judgment neither (CR 705.2d: neither a spell nor an ability, nor a card played)."""
    s[PLAYED_CARDS + p] += 1
    game.note_battle_play(s, p)


@internal
def torrent_bit(s, p):
    """A card entry's E_AUX bit PLAY_TORRENT for the card ``p`` has just played (``note_card_play`` counted it): it
    played another card before it this turn ([Torrent], CR 1124.2, 1124.2a)."""
    return K.PLAY_TORRENT if s[PLAYED_CARDS + p] > 1 else 0


@internal
def priority_point(game, s, T):
    """CR 602.1a-c (the core's priority point)."""
    r = chase_priority_point(game, s, T)
    if r <= Priority.END_STEP:
        game.flow_after_pass(s, r)
    return r


@internal
def flow_after_pass(s, result):
    if result == Priority.RESOLVE:
        s[FLOW] = Flow.RESOLVE
    elif result == Priority.END_STEP:
        s[FLOW] = Flow.STEP_END
    else:
        s[FLOW] = Flow.PRIORITY


@internal
def do_pass(game, s, player):
    """CR 712.1 / 605.1b-c."""
    game.flow_after_pass(s, priority_pass(game, s, player))


@internal
def order_pending(s, T, player, n):
    """CR 603.2 / 906.5: ``player`` chooses which of its ``n`` triggered automatic abilities it
    plays first (OPTION k: pending entry CAND[k])."""
    s[CAND_N] = min(n, K.OPTION_SLOTS)
    for i in range(s[CAND_N]):
        s[CAND + i] = i
    set_decision(s, K.Decision.ORDER_AUTOMATIC, player)
    return 0


@internal
def play_pending(game, s, T, player, index):
    """CR 603.3 / 906.5: play pending automatic ability ``index`` of ``player``: its targets are
    chosen (CR 903.2g), then it goes onto the chase. One that cannot be played is dropped (CR
    906.6); at the chase's capacity too (documented)."""
    slot, arow, aux = pending_take(game, s, player, index)
    if arow >= 0 and ability_table(T)[arow, K.A_ONCE] == K.Once.TURN:
        # session 32: "This ability triggers only once per turn." (CR 906.4): its first trigger this turn is played (the
        # turn's record, USED_TURN, marked as it is: cards.FowCardTable keeps the bit above the activate abilities'); a
        # second one triggered with it is dropped (CR 603.3: the count of the ability's triggers goes down)
        bit = 1 << (K.USED_ABILITY_BITS - 1 - (arow - card_table(T)[ability_table(T)[arow, K.A_CARD], K.C_ABIL_START]))
        if (s[USED_TURN + slot * CARD_W] & bit) != 0:
            return 0
        s[USED_TURN + slot * CARD_W] |= bit
    if chase_full(game, s) or game.frames_full(s):
        return 0
    # arow < 0: a keyword skill's automatic ability (constants.KeywordAbility), without targets and
    # without a row of the ability table (a negative index would read the table's last rows)
    kind = ability_table(T)[arow, K.A_KIND] if arow >= 0 else -1
    if kind == K.AbilityKind.TRIGGER:
        play_trigger_card(game, s, T, player, slot, arow, aux)
        return 0
    if kind == K.AbilityKind.STEALTH:
        play_stealth_card(game, s, T, player, slot, arow)
        return 0
    game.note_battle_play(s, player)  # CR 906.1: an automatic ability is played (803.6)
    game.push_frame(s, T, MODE_TARGETS, Purpose.TRIGGER, EntryKind.ABILITY, slot, arow, player, aux)
    return 0


@internal
def trigger_card_free_cost(game, s, T, p, slot):
    """The free cost of [Trigger] card ``slot`` (no X: the card compiler's rule), less the cost
    reductions while it is in the hand (CR 903.2i-iv)."""
    free = max(card_table(T)[s[CARD + slot * CARD_W], K.C_COST_FREE], 0)
    if s[ZONE + slot * CARD_W] == Zone.HAND:
        free -= game.cost_reduction(s, T, p, slot)
    return max(free, 0)


@internal
def trigger_payable(game, s, T, p, slot, arow):
    """CR 708.4 / 903.2j: can ``p`` pay what playing [Trigger] card ``slot`` by ability ``arow``
    needs: the [Trigger]'s cost (will, life, discards: the card itself has left the hand then,
    CR 903.2d) and, from a zone other than the standby area, the card's cost too?"""
    a = ability_table(T)[arow]
    from_hand = s[ZONE + slot * CARD_W] == Zone.HAND
    if min(s[HAND_N + p] - (1 if from_hand else 0), HAND_SLOTS) < a[K.A_COST_DISCARD] or s[LIFE + p] < a[K.A_COST_LIFE]:
        return False
    if s[ZONE + slot * CARD_W] == Zone.STANDBY:  # session 33: "Your opponent pays {N} more to play chants." too (CR 903.2i-iii)
        return game.card_can_pay(s, T, p, s[CARD + slot * CARD_W], a, K.A_COST,
                                 a[K.A_COST_FREE] + game.cost_increase(s, T, p, slot))
    c = card_table(T)[s[CARD + slot * CARD_W]]
    return game.card_can_pay_both(s, T, p, s[CARD + slot * CARD_W], c, K.C_COST, game.trigger_card_free_cost(s, T, p, slot),
                                  a, K.A_COST, K.A_COST_FREE)


@internal
def play_trigger_from(game, s, T, player, slot, arow, aux, purpose):
    """CR 903.2a / 903.2d / 708.4: [Trigger] card ``slot`` (in the hand or the standby area) is
    played by ability ``arow``: its costs paid (the card's own too from the hand; the discards
    after its targets, FR_DISCARD), onto the chase as a card; it resolves the [Trigger]'s effect."""
    a = ability_table(T)[arow]
    if s[ZONE + slot * CARD_W] != Zone.STANDBY:  # CR 708.4: the card's cost too
        c = card_table(T)[s[CARD + slot * CARD_W]]
        game.card_pay_both(s, T, player, s[CARD + slot * CARD_W], c, K.C_COST,
                           game.trigger_card_free_cost(s, T, player, slot), a, K.A_COST, a[K.A_COST_FREE])
    else:
        game.card_pay(s, T, player, s[CARD + slot * CARD_W], a, K.A_COST,
                      a[K.A_COST_FREE] + game.cost_increase(s, T, player, slot))  # session 33 (trigger_payable)
    s[LIFE + player] -= a[K.A_COST_LIFE]
    zone_take(s, ZT, slot)
    s[CONTROLLER + slot * CARD_W] = player
    zone_put(s, ZT, slot, Zone.CHASE)
    game.note_card_play(s, player)
    # a card entry's E_AUX is how it was played (constants.PLAY_*, PLAY_TORRENT), not the trigger's information
    f = game.push_frame(s, T, MODE_TARGETS, purpose, EntryKind.CARD, slot, arow, player,
                        K.PLAY_NORMAL | game.torrent_bit(s, player))
    s[f + FR_DISCARD] = a[K.A_COST_DISCARD]


@internal_inline  # one caller: inlined into it (engine.jit)
def play_trigger_card(game, s, T, player, slot, arow, aux):
    """CR 708.3 / 708.4: a triggered [Trigger] card is played as a spell, paying the [Trigger]'s
    cost (from the produced will), and from the hand the card's cost too. From the standby area:
    one that left it is not played (CR 906.10), one that cannot be paid goes to its owner's
    graveyard (CR 708.3a, 906.6a). From the hand (CR 708.2): its owner chooses whether to reveal
    it (REVEAL_TRIGGER; simplified: one that cannot be paid is not revealed)."""
    z = s[ZONE + slot * CARD_W]
    if card_table(T)[s[CARD + slot * CARD_W], K.C_TRIGGER_ABIL] != arow:
        return  # not the card that triggered (a hidden zone dealt anew by a search agent)
    a = ability_table(T)[arow]
    # CR 1416.3: a play requirement must be met as it is played
    playable = game.trigger_payable(s, T, player, slot, arow) and game.condition_holds(
        s, T, a[K.A_COND], a[K.A_COND_ARG], player, slot)
    if z == Zone.HAND:
        if playable:
            s[DEC_ARG] = slot
            s[DEC_ARG + 1] = arow
            s[DEC_ARG + 2] = aux
            set_decision(s, K.Decision.REVEAL_TRIGGER, player)
        return
    if z != Zone.STANDBY:
        return
    if not playable:
        game.to_graveyard(s, T, slot)
        return
    game.play_trigger_from(s, T, player, slot, arow, aux, Purpose.TRIGGER)


@internal_inline  # one caller: inlined into it (engine.jit)
def reveal_answered(game, s, T, player, reveal):
    """REVEAL_TRIGGER's answer: reveal and play the card (CR 708.2-708.4), or keep it hidden (it
    did not trigger)."""
    slot, arow = s[DEC_ARG], s[DEC_ARG + 1]
    if reveal and card_table(T)[s[CARD + slot * CARD_W], K.C_TRIGGER_ABIL] == arow and game.trigger_payable(
            s, T, player, slot, arow):  # the same card still (a hidden zone may have been dealt anew)
        game.play_trigger_from(s, T, player, slot, arow, s[DEC_ARG + 2], Purpose.TRIGGER)


@internal_inline  # one caller: inlined into it (engine.jit)
def play_stealth_card(game, s, T, player, slot, arow):
    """CR 1114.2: a resonator whose automatic-like [Stealth] triggered "may" be played, without
    paying its cost: its controller is asked (OPTIONAL) first; the card stays in the standby area
    until the answer (``finish_frame``). One that left the standby area is not played (CR 906.10)."""
    if s[ZONE + slot * CARD_W] != Zone.STANDBY:
        return
    f = game.push_frame(s, T, MODE_TARGETS, Purpose.TRIGGER, EntryKind.CARD, slot, arow, player, K.PLAY_NORMAL)
    s[f + FR_PC] = -1  # "you may": asked by run_frame


@internal_inline  # one caller: inlined into it (engine.jit)
def run_frame(game, s, T, f):
    """Run frame ``f``'s program; a frame without one (a resonator spell, a judgment) is done."""
    if s[f + E_ABIL] < 0:
        return DONE
    if s[f + FR_PURPOSE] == Purpose.WILL and s[f + FR_DISCARD] > 0:
        set_decision(s, K.Decision.DISCARD_COST, s[f + E_CTRL])  # CR 903.2j: the cost before it resolves
        return ASKED
    if s[f + FR_PC] < 0:  # "you may": ask first (OPTION 0 yes, PASS no)
        set_decision(s, K.Decision.OPTIONAL, s[f + E_CTRL])
        return ASKED
    # a will ability's choice of wills ("Produce one will of any attribute") is a choice of modes too
    if (s[f + FR_MODE] == MODE_TARGETS or s[f + FR_PURPOSE] == Purpose.WILL) and s[f + FR_PC] == 0 \
            and ask_mode(game, s, T, f):
        return ASKED
    return run_program(game, s, T, f)


@internal_inline  # one caller: inlined into it (engine.jit)
def ask_mode(game, s, T, f):
    """CR 903.2e: a program that is a choice of modes (Op.SELECT_MODE, "Choose one - A; or B") has its
    controller choose the mode as it is played, before the targets (903.2g): the CHOOSE_MODE decision
    (DEC_ARG: the first mode's ability row, the number of modes); ``mode_chosen`` then makes the chosen
    mode's program the frame's."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_SELECT_MODE) == 0:
        return False  # no modes in the pool (its flags)
    c0 = ability_table(T)[s[f + E_ABIL], K.A_CODE_START]
    if ability_table(T)[s[f + E_ABIL], K.A_CODE_LEN] == 0 or code_table(T)[c0, I_OP] != Op.SELECT_MODE:
        return False
    first = code_table(T)[c0, I_A0]
    s[DEC_ARG] = first
    s[DEC_ARG + 1] = code_table(T)[c0, I_A1]
    if code_table(T)[c0, I_A2] == K.MODE_AT_RANDOM:
        # "Choose one at random" (session 24): one of the modes that may be chosen (their conditions and targets,
        # CR 903.2g), each as likely, from the game's random stream; no decision
        n = 0
        for k in range(s[DEC_ARG + 1]):
            if game.mode_allowed(s, T, first + k, s[f + E_CTRL], s[f + E_SLOT]) and \
                    game.playable_targets(s, T, first + k, s[f + E_CTRL], s[f + E_SLOT]):
                n += 1
        if n > 0:
            pick = rng_below(s, n)
            for k in range(s[DEC_ARG + 1]):
                if game.mode_allowed(s, T, first + k, s[f + E_CTRL], s[f + E_SLOT]) and \
                        game.playable_targets(s, T, first + k, s[f + E_CTRL], s[f + E_SLOT]):
                    if pick == 0:
                        game.mode_chosen(s, k)
                        return False
                    pick -= 1
    else:
        for k in range(s[DEC_ARG + 1]):
            if game.mode_allowed(s, T, first + k, s[f + E_CTRL], s[f + E_SLOT]) and \
                    game.playable_targets(s, T, first + k, s[f + E_CTRL], s[f + E_SLOT]):
                set_decision(s, K.Decision.CHOOSE_MODE, s[f + E_CTRL])
                return True
    # no mode can be chosen (a triggered ability, CR 906.6: a card or ability is not played without its
    # targets, checked before): the first mode, whose targets are missing, leaves (finish_frame)
    s[f + E_ABIL] = first
    return False


@internal
def mode_mask(game, s, T, p, out):
    """CHOOSE_MODE's legal answers: OPTION k for each mode k whose targets can be chosen (CR 903.2g;
    the card or ability could be played, so one can)."""
    f = game.top_frame(s)
    n = 0
    if s[DEC_ARG] == K.GEM_ANY:
        # session 29: the attribute of a gem gained or banished (effects.ask_gem): OPTION k, Attribute k, of the allowed
        for k in range(K.N_ATTRIBUTES):
            if (s[DEC_ARG + 2] >> k) & 1:
                out[OPTION_BASE + k] = 1
                n += 1
        return n
    for k in range(s[DEC_ARG + 1]):
        if game.mode_allowed(s, T, s[DEC_ARG] + k, p, s[f + E_SLOT]) and \
                game.playable_targets(s, T, s[DEC_ARG] + k, p, s[f + E_SLOT]):
            out[OPTION_BASE + k] = 1
            n += 1
    return n


@internal
def mode_chosen(game, s, k):
    """CHOOSE_MODE's answer: mode ``k``'s program is the frame's (its ability row, a copy of the
    chosen ability's but for its program); the modes not chosen do not exist (CR 903.2e). The chase
    entry keeps the row, so the mode resolves (CR 903.3)."""
    f = game.top_frame(s)
    if s[DEC_ARG] == K.GEM_ANY:
        s[f + FR_CNT] = (s[f + FR_CNT] & ~7) | (k + 1)  # session 29: a gem's attribute (effects.ask_gem), read by its op
        return
    s[f + E_ABIL] = s[DEC_ARG] + k
    s[f + FR_PC] = 0


@internal_inline  # one caller: inlined into it (engine.jit)
def pay_chosen_cost(game, s, T, f, code):
    """CR 903.2j: the cost "banish a <card>" (CR 1011; code 2 + register), "rest a recovered <card> you
    control" (CR 1013; code 4 + register) or "remove a <card> in your graveyard from the game" (code 6 + register), paid with the card chosen on that register as the ability was
    played (cards.FowCost.pay_chosen); the register is then emptied: the effect does not act on it."""
    reg = (code - 2) % 2
    for i in range(s[f + E_REGN + reg]):
        slot = s[f + E_REG + reg * K.TARGET_MAX + i]
        if code < 4:
            game.to_graveyard(s, T, slot)
        elif code < 6:
            game.becomes_rested(s, T, slot)
        else:
            game.move_card(s, T, slot, Zone.REMOVED)  # "remove a <card> in your graveyard from the game" (CR 1004.1)
    s[f + E_REGN + reg] = 0


@internal_inline  # one caller: inlined into it (engine.jit)
def targets_triggered(game, s, T, f):
    """Session 32 (CR 903.2g): the spell or ability of frame ``f``, just put onto the chase, targets the cards its CHOOSE
    rows with a TARGETED filter chose (not a cost's card, not "each"): each's "when this card is targeted by a spell [or
    ability]" (Trigger.TARGETED_BY_SPELL for a card played, TARGETED_BY_SPELL_OR_ABILITY for either) triggers, about the
    source (aux). A few rows read per spell or ability played."""
    arow = s[f + E_ABIL]
    if arow < 0:
        return
    a = ability_table(T)[arow]
    code = code_table(T)
    flt = filter_table(T)
    spell = s[f + E_KIND] == EntryKind.CARD
    for r in range(a[K.A_CODE_START], a[K.A_CODE_START] + a[K.A_CODE_LEN]):
        if code[r, I_OP] != Op.CHOOSE or (flt[code[r, I_A0], K.F_ADDED_TO] & K.TARGETED) == 0:
            continue
        reg = code[r, K.I_REG]
        for i in range(s[f + E_REGN + reg]):
            t = s[f + E_REG + reg * TARGET_MAX + i]
            if t >= K.ABILITY_REF:
                continue  # session 34 (s34b): an ability on the chase, no card
            if spell:
                game.trigger_own(s, T, t, K.Trigger.TARGETED_BY_SPELL, s[f + E_SLOT])
            game.trigger_own(s, T, t, K.Trigger.TARGETED_BY_SPELL_OR_ABILITY, s[f + E_SLOT])


@internal
def finish_frame(game, s, T):
    """The top frame's program ran to its end: what it leads to (constants.Purpose)."""
    f = game.top_frame(s)
    purpose = s[f + FR_PURPOSE]
    if purpose == Purpose.PLAY or purpose == Purpose.TRIGGER:
        slot = s[f + E_SLOT]
        if s[f + E_KIND] == EntryKind.CARD and s[ZONE + slot * CARD_W] == Zone.STANDBY:
            # a triggered [Stealth] resonator (play_stealth_card): declined, it stays face down;
            # accepted, it is played from the standby area (CR 1114.2, 903.2a)
            if s[f + E_ABIL] < 0:
                game.pop_frame(s)
                game.start_priority(s, s[PRIORITY_PLAYER])
                return
            zone_take(s, ZT, slot)
            s[CONTROLLER + slot * CARD_W] = s[f + E_CTRL]
            zone_put(s, ZT, slot, Zone.CHASE)
            game.note_card_play(s, s[f + E_CTRL])
        drop = purpose == Purpose.TRIGGER and s[f + E_ABIL] >= 0 and missing_required_target(game, s, T, f)
        if purpose == Purpose.PLAY and s[f + E_X] < 0 and (s[f + E_KIND] == EntryKind.CARD or
                                                          s[f + E_KIND] == EntryKind.JUDGMENT):
            # (a judgment's own "you may pay {N} less": play.play_judgment)
            tf = game.target_cost_filter(T, s[CARD + s[f + E_SLOT] * CARD_W]) if s[f + E_KIND] == EntryKind.CARD \
                else -1
            if tf >= 0 and not game.targets_match_cost(s, T, f, tf):
                # "... if it targets a <card>" (session 22, CR 903.2i): it does not: no reduction, the full cost paid
                game.pay_pending_cost(s, T, s[f + E_CTRL], f, False)
            else:
                # CR 903.2i-iv: the targets chosen, "you may pay {N} less to play this card" (play.play_from_hand):
                # OPTION 0 takes the reduction, PASS declines it and pays the rest (kernels.apply_decision)
                set_decision(s, K.Decision.OPTIONAL, s[f + E_CTRL])
                return
        if not drop and s[f + FR_DISCARD] > 0 and s[HAND_N + s[f + E_CTRL]] > 0:
            # CR 903.2j: the targets chosen (903.2g), the cost's discards, one card at a time
            set_decision(s, K.Decision.DISCARD_COST, s[f + E_CTRL])
            return
        # session 29: an activate ability's "banish N gems: ..." of any attributes (CR 903.2j, 1011, 313.1): the gems
        # chosen one at a time as the cost is paid (effects.banish_gems_chosen: asked only among two or more attributes)
        # (a card's: its [Awakening] cost when awakened, or a chant's additional cost, of one attribute too: paid here)
        if not drop and purpose == Purpose.PLAY:
            gc = 0
            if s[f + E_KIND] == EntryKind.ABILITY and s[f + E_ABIL] >= 0:
                gc = ability_table(T)[s[f + E_ABIL], K.A_COST_GEMS]
                if (gc >> K.GEM_COST_ATTR_SHIFT) != 0:
                    gc = 0  # of one attribute: paid as it was played (play.activate)
            elif s[f + E_KIND] == EntryKind.CARD:
                c = card_table(T)[s[CARD + s[f + E_SLOT] * CARD_W]]
                if (s[f + E_AUX] & K.PLAY_HOW_MASK) == K.PLAY_AWAKENED and c[K.C_AWAKEN_ABIL] >= 0:
                    gc = ability_table(T)[c[K.C_AWAKEN_ABIL], K.A_COST_GEMS]
                if gc == 0 and c[K.C_SPELL_ABIL] >= 0:
                    gc = ability_table(T)[c[K.C_SPELL_ABIL], K.A_COST_GEMS]
            if gc != 0:
                n = gc & ((1 << K.GEM_COST_ATTR_SHIFT) - 1)
                ga = (gc >> K.GEM_COST_ATTR_SHIFT) - 1
                if ga >= 0:
                    s[GEMS + s[f + E_CTRL] * K.N_ATTRIBUTES + ga] -= n  # no choice (payable: they are there)
                elif game.banish_gems_chosen(s, f, s[f + E_CTRL], n) == ASKED:
                    return
        # an activate ability's "banish a <card>: ..." or a chant's additional cost (CR 903.2j; a [Trigger] or
        # [Stealth] card's row has none: cards.FowCard.play_cost)
        if not drop and s[f + E_ABIL] >= 0 and ability_table(T)[s[f + E_ABIL], K.A_COST_BANISH_SELF] >= 2 and \
                (s[f + E_KIND] == EntryKind.ABILITY or purpose == Purpose.PLAY):
            pay_chosen_cost(game, s, T, f, ability_table(T)[s[f + E_ABIL], K.A_COST_BANISH_SELF])
        if not drop:
            chase_push(game, s, f)  # CR 903.2d: onto the chase; the mask left room
            targets_triggered(game, s, T, f)  # session 32: "when this card is targeted by a spell [or ability]"
            F = flag_table(T)
            if s[f + E_KIND] == EntryKind.CARD and (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_YOU_PLAY) != 0:
                # CR 903.2: the card is played ("whenever you play a <card>": its controller's cards; session 31:
                # "whenever your opponent plays a <card>": the other player's, their trigger filter's side opponent)
                game.trigger_controlled_on(s, T, K.Trigger.YOU_PLAY, s[f + E_CTRL], s[f + E_SLOT])
                game.trigger_controlled_on(s, T, K.Trigger.YOU_PLAY, 1 - s[f + E_CTRL], s[f + E_SLOT])
                if (s[f + E_AUX] & K.PLAY_HOW_MASK) == K.PLAY_AWAKENED:
                    # session 32: "whenever you awaken a spell" (CR 1109.2: played paying its [Awakening] cost)
                    game.trigger_controlled_on(s, T, K.Trigger.YOU_AWAKEN, s[f + E_CTRL], s[f + E_SLOT])
        elif s[f + E_KIND] == EntryKind.CARD:
            game.to_graveyard(s, T, s[f + E_SLOT])  # a [Trigger] card that cannot be played (CR 708.3a)
        game.pop_frame(s)
        # CR 605.1a / 906.5a: the player with priority keeps it, a new priority sequence starts
        game.start_priority(s, s[PRIORITY_PLAYER])
    elif purpose == Purpose.RESOLVE:
        slot = s[f + E_SLOT]
        if s[f + E_KIND] == EntryKind.CARD and s[f + E_AUX] & K.PLAY_HOW_MASK == K.PLAY_AWAKENED:
            # CR 1109.2: an awakened card is played with its [Awakening] text, performed after the
            # card's own (simplified: its choices are made while it resolves, MODE_ALL)
            s[f + E_AUX] = (s[f + E_AUX] & ~K.PLAY_HOW_MASK) | K.PLAY_NORMAL  # PLAY_TORRENT, CHANT_TO kept
            s[f + E_ABIL] = card_table(T)[s[f + E_CARD], K.C_AWAKEN_ABIL]
            s[f + FR_PC] = 0
            s[f + FR_MODE] = MODE_ALL
            for k in range(N_REGS):
                s[f + E_REGN + k] = 0
            return
        if s[f + E_KIND] == EntryKind.CARD and s[ZONE + slot * CARD_W] == Zone.CHASE:
            # CR 703.3: the chant goes to its owner's graveyard, or where its text said (session 27, Op.CHANT_TO);
            # CR 711.3: a rune (the copy of one, a pseudo-card) is removed from the chase and ceases to exist
            # (zones.move_card)
            aux = s[f + E_AUX]
            game.chant_resolved(s, T, slot, (aux & K.CHANT_TO_MASK) >> K.CHANT_TO_SHIFT if aux >= 0 else 0)
        game.pop_frame(s)
        s[FLOW] = Flow.AFTER_RESOLVE
    else:  # Purpose.WILL: resolved at once (CR 907.3); the player keeps priority
        if s[f + E_ABIL] >= 0 and ability_table(T)[s[f + E_ABIL], K.A_COST_BANISH_SELF] >= 2:
            # "Rest a recovered <card> you control: Produce ..." (session 24, CR 903.2j): the card chosen as it was
            # played is paid with (nothing happens between the choice and the will, CR 907.3)
            pay_chosen_cost(game, s, T, f, ability_table(T)[s[f + E_ABIL], K.A_COST_BANISH_SELF])
        game.pop_frame(s)
        game.start_priority(s, s[PRIORITY_PLAYER])


@internal_inline  # one caller: inlined into it (engine.jit)
def resolve_judgment(game, s, T, slot, ctrl):
    """CR 705.3a: the ruler, still in its ruler area, enters the field J-ruler side up (the same
    card, keeping its orientation, CR 302.3); "doing Judgment" triggers (705.3a-i)."""
    w = slot * CARD_W
    if s[ZONE + w] != Zone.RULER_AREA or game.card_type(s, T, slot) != CardType.RULER:
        return
    j = card_table(T)[s[CARD + w], K.C_J_SIDE]
    if j < 0:
        return
    zone_take(s, ZT, slot)
    s[CARD + w] = j
    s[CONTROLLER + w] = ctrl
    zone_put(s, ZT, slot, Zone.FIELD)
    F = flag_table(T)
    if s[RESTED + w] == 0 and (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_ENTER_RESTED) != 0 and \
            game.enter_rested_by_ability(s, T, slot):
        s[RESTED + w] = 1  # session 32: "J/resonators your opponent controls enter the field rested." (as zones.enter_field)
    enters_with_counters(s, T, slot)  # CR 1122.2b, its [Mana] added to the ruler's own (CR 1022.3, 1022.6)
    game.trigger_own(s, T, slot, K.Trigger.ENTER, slot)
    game.trigger_all(s, T, K.Trigger.OTHER_ENTERS, slot)  # CR 705.3a: it enters the field ("whenever a J-ruler enters")
    game.trigger_all(s, T, K.Trigger.JUDGMENT, slot)


@internal
def resolve_top(game, s, T):
    """CR 605.1b / 903.3: the last card or ability put into the chase area resolves."""
    abil = ability_table(T)
    src = chase_pop(game, s)
    f = game.push_frame(s, T, MODE_RESOLVE, Purpose.RESOLVE, 0, -1, -1, 0, 0)
    for k in range(ENTRY_W):
        s[f + k] = s[src + k]
    kind = s[f + E_KIND]
    slot = s[f + E_SLOT]
    ctrl = s[f + E_CTRL]
    arow = s[f + E_ABIL]
    if kind == EntryKind.JUDGMENT:
        resolve_judgment(game, s, T, slot, ctrl)
        s[f + E_ABIL] = -1
        return
    if arow < -1:  # [Explode], [Drain], [Bane] (constants.KeywordAbility)
        resolve_keyword_ability(game, s, T, arow, slot, s[f + E_CARD], ctrl, s[f + E_AUX])
        s[f + E_ABIL] = -1
        return
    if arow >= 0:
        recheck_targets(game, s, T, f)  # CR 903.3a: illegal targets are not affected; the rest resolves
    if kind == EntryKind.CARD:
        t = game.card_type(s, T, slot)
        if t == CardType.CHANT or t == CardType.RUNE:  # CR 703.3, 711.3: perform the text
            if arow >= 0 and abil[arow, K.A_OPTIONAL] != 0:
                s[f + FR_PC] = -1
            return
        # CR 702.3: a resonator, regalia or addition enters the field under its controller's control
        s[f + E_ABIL] = -1
        if s[ZONE + slot * CARD_W] != Zone.CHASE:
            return
        if t == CardType.ADDITION and card_table(T)[s[CARD + slot * CARD_W], K.C_ADDITION] != K.AdditionTarget.FIELD:
            # CR 1406.2b: added to its target if still legal, else into the graveyard
            host = s[f + E_REG] if s[f + E_REGN] > 0 else -1
            if host < 0 or s[ZONE + host * CARD_W] != Zone.FIELD:
                game.to_graveyard(s, T, slot)
                return
            game.enter_field(s, T, slot, ctrl)
            s[ATTACHED + slot * CARD_W] = host
            return
        game.enter_field(s, T, slot, ctrl)
        return
    if abil[arow, K.A_OPTIONAL] != 0:
        s[f + FR_PC] = -1


@internal_inline  # one caller: inlined into it (engine.jit)
def after_resolve(game, s):
    """CR 605.1b: after a resolution the turn player gains priority."""
    game.start_priority(s, s[TURN_PLAYER])


# =============================================================================================
# Session 34 (s34b): a magic stone's choice as it enters the field (CR 910.1, 105.4a, 1005.1)
# =============================================================================================
@internal
def ask_enter_unless(game, s, T):
    """A magic stone marked MARK_ENTER_UNLESS entered the field (zones.enter_field: "... enters your field rested unless
    you pay N life", "As this card enters ..., you may reveal a <card> from your hand. If you don't, ... rested."): its
    controller chooses now, before anything else happens (turn.advance; the turn player's stones first). Life: OPTIONAL
    (OPTION 0 pays it, PASS leaves the stone rested), asked only when the player has that much life (CR 105.4a; as a
    cost of life is payable, play.ability_usable); a reveal: CHOOSE_TARGET over the matching hand cards (CAND; PASS:
    none), asked only when one matches. With no choice it is rested at once. DEC_ARG: the stone, -1, PASS allowed,
    ASK_ENTER_*. Returns whether a decision is pending; none left: the word DEC_ASK is 0 again."""
    for q in range(2):
        p = s[TURN_PLAYER] if q == 0 else 1 - s[TURN_PLAYER]
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
        for i in range(s[n_off]):
            slot = s[l_off + i]
            w = slot * CARD_W
            if s[MARK + w] != K.MARK_ENTER_UNLESS:
                continue
            c = card_table(T)[s[CARD + w]]
            s[DEC_ARG] = slot
            s[DEC_ARG + 1] = -1
            if c[K.UNLESS_LIFE_COL] > 0:
                if s[LIFE + p] >= c[K.UNLESS_LIFE_COL]:
                    s[DEC_ARG + 2] = 0
                    s[DEC_ARG + K.DEC_ASK] = K.ASK_ENTER_LIFE
                    s[CAND_N] = 0
                    set_decision(s, K.Decision.OPTIONAL, p)
                    return True
            elif c[K.UNLESS_REVEAL_COL] > 0:
                n = 0
                for j in range(min(s[HAND_N + p], HAND_SLOTS)):
                    h = game.hand_slot(s, p, j)
                    if game.filter_match(s, T, c[K.UNLESS_REVEAL_COL] - 1, h, p, slot):
                        s[CAND + n] = h
                        n += 1
                if n > 0:
                    s[CAND_N] = n
                    s[DEC_ARG + 2] = 1  # PASS: reveal none
                    s[DEC_ARG + K.DEC_ASK] = K.ASK_ENTER_REVEAL
                    set_decision(s, K.Decision.CHOOSE_TARGET, p)
                    return True
            s[MARK + w] = 0
            s[RESTED + w] = 1  # nothing to pay it with: it entered rested
    s[DEC_ARG + K.DEC_ASK] = 0
    return False


@internal
def enter_unless_answered(game, s, T, p, a):
    """The answer to ``ask_enter_unless``: PASS, the stone is rested (as it entered: no "becomes rested" event); OPTION
    0 of ASK_ENTER_LIFE, its controller pays the life (CR 105.4a) and it stays recovered; OPTION k of ASK_ENTER_REVEAL,
    hand card CAND[k] is revealed (CR 1005.1: shown to both players, the observation's `revealed` block) and it stays
    recovered. The other marked stones are asked next (DEC_ASK ASK_ENTER_PENDING)."""
    slot = s[DEC_ARG]
    w = slot * CARD_W
    kind = s[DEC_ARG + K.DEC_ASK]
    s[MARK + w] = 0
    s[DEC_ARG + K.DEC_ASK] = K.ASK_ENTER_PENDING
    if a == K.PASS:
        if s[ZONE + w] == Zone.FIELD:
            s[RESTED + w] = 1
    elif kind == K.ASK_ENTER_LIFE:
        s[LIFE + p] -= card_table(T)[s[CARD + w], K.UNLESS_LIFE_COL]
    else:
        h = s[CAND + a - OPTION_BASE]
        reveal_begin(s, REVEAL_N, p)
        reveal_card(s, REVEAL_N, REVEAL_IDS, K.REVEAL_ROWS, p, s[CARD + h * CARD_W])
