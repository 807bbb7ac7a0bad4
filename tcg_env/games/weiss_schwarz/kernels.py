"""Weiss Schwarz rules as numba kernels over one int32 state row: the row-level entry kernels.

Reading guide
-------------
* ``advance`` (``turn``) runs the game by itself until a player must decide (decision kind and
  deciding player go into the header) or the game ends. Every loop first asks a level up that is
  due (an interrupt, CR 9.1.2.1: it suspends whatever was being done, ``SUSPENDED``), then resumes
  the suspended action, or runs the effect program in progress, or at a check timing (no program
  in progress) the check-type rule actions (CR 9.1.2.2), then the pending automatic abilities
  (CR 8.5.1), then the turn's flow (``F_*``).
  The refresh (CR 9.2), the other interrupt, happens inside the moves that empty a deck.
* ``legal_mask_row`` writes the exact legal actions of the pending decision; ``apply_unchecked``
  performs one legal action and calls ``advance``.
* The rules are methods of the game's tag (``hooks.RULES``, docs/architecture.md "Rules
  variants"): a kernel that calls another rule takes the tag ``game`` first and calls the rule as
  ``game.name(...)`` (compiled to a direct call of ``name``: of a variant's hooks module where it
  replaces it, else of this game's rules modules, ``hooks.RULES_MODULES``), and passes ``game`` to
  the core kernels that call back into the game (``run_program``, ``play_pending_abilities``,
  ``pending_add`` ...). Reads of the row's layout are called by name: ``cid_of``, ``owner_of``,
  ``stage_slot``, ``frame_base`` say where a thing is stored, not what a rule does.
* ``T`` is the compiled card pool's tables ``cards``, ``abilities``, ``filters``, ``code`` (column
  layouts in ``constants``) packed into one array (``tcg_env.engine.tables``; a kernel reads them
  through ``card_table(T)`` ...). It is an argument, never a global.

The rules kernels, by area of the rules (each file imports only the ones listed before it):

* ``zones``: zones, card slots, moves, deck / draw / refresh, markers, stock (CR 3, 4.7, 9.2);
* ``filters``: target filters and ability conditions (CR 3.6.4, 8.12);
* ``characteristics``: the cards as they are now: printed values, modifiers, continuous effects
  (CR 8.9, 10.1, 10.9);
* ``costs``: whether a cost can be paid, and paying it (CR 8.4, 8.6.2.3);
* ``triggers``: automatic abilities triggering, and the pending ones played (CR 8.5.1, 8.7);
* ``play``: playing characters / events / climaxes / abilities, the stage, moving characters
  (CR 6.5, 8.6);
* ``battle``: attack declaration, trigger icons, counter, damage, battle, encore (CR 7, 4.10, 4.12);
* ``rule_processes``: level up and the check-type rule actions (CR 9);
* ``effects``: the effect VM, its frame stack and the keyword effects (CR 8.6.3, 8.8, 10);
* ``turn``: setup, the phases and steps, the game loop ``advance`` (CR 5.2, 6, 7.1);
* ``kernels`` (this file): the legal mask, applying an action, and the row entry kernels.

Comments cite the comprehensive rules v2.03 as ``CR x.y``.
"""

import numpy as np
from numba import njit

from tcg_env.engine.tables import ability_table, card_table, filter_table, flag_table
from tcg_env.engine.header import (
    H_DECIDER,
    H_DECISION,
    H_DONE,
    H_NUM_DECISIONS,
    H_TURN,
)
from tcg_env.engine.rng import rng_below
from tcg_env.engine.jit import internal
from tcg_env.engine.triggers import pending_take
from tcg_env.engine.zones import clear_zone_lists, deal_deck, zone_shuffle
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.state import (
    ATK_SLOT,
    CAND,
    CAND_N,
    CARD,
    CARD_W,
    CLOCK_L,
    COUNTER_USED,
    CX_PLAYED,
    DEC_ARG,
    DEF_SLOT,
    D_KW,
    D_RST,
    KWMOD,
    KWMOD_LONG,
    FIRST_PLAYER,
    FLOW,
    FRAME_N,
    FR_CNT,
    FR_PC,
    FR_SLOT,
    F_CLIMAX,
    F_DAMAGE,
    F_ENCORE,
    F_MULLIGAN,
    HAND_L,
    HAND_N,
    MOVE_RUN_OPEN,
    MOVE_RUN_SEEN,
    MOVE_RUN_START,
    MULLIGAN_STAGE,
    MULL_DISCARDS,
    ORIENT,
    OWNER,
    PAY_ABIL,
    PAY_AUX,
    PAY_CLOCK_LEFT,
    PAY_DISCARD_LEFT,
    PAY_SLOT,
    PHASE,
    PMOD,
    POS,
    RS_CLOCK_DRAWS,
    STAGE,
    STEP,
    STOCK_N,
    SUSPENDED,
    TRIG_SLOT,
    LAST_TRIG,
    TURN_PLAYER,
    USES,
    ZONE,
    ZT,
)
from tcg_env.engine.decisions import set_decision
from tcg_env.games.weiss_schwarz.zones import cid_of, owner_of, pool_may_trigger, stage_slot
from tcg_env.games.weiss_schwarz.play import (
    MOVE_RANK_AFTER,
    POPCOUNT5,
)
from tcg_env.engine.effects import reg_add, reg_has
from tcg_env.games.weiss_schwarz.effects import frame_base
from tcg_env.rules.choices import in_block, mask_hand, mask_options, mask_pending, mask_yes_no, option_of, zone_card




# =============================================================================================
# Legal actions
# =============================================================================================
@njit(cache=True)
def legal_mask_row(game, s, T, out):
    cards = card_table(T)
    out[:K.NUM_ACTIONS] = 0  # a slice fill: one vectorised loop, no per-element index checks
    if s[H_DONE] != 0:
        return 0
    kind = s[H_DECISION]
    p = s[H_DECIDER]
    nh = min(s[HAND_N + p], K.HAND_SLOTS)
    n = 0
    if kind == K.Decision.MULLIGAN or kind == K.Decision.CLOCK:  # CR 5.2.1.4, 6.4.1.2: any hand card, or none
        out[K.PASS] = 1
        return 1 + mask_hand(out, K.HAND_BASE, K.HAND_SLOTS, s, ZT, K.Zone.HAND, p)
    if kind == K.Decision.HAND_LIMIT:  # CR 6.8.1.2: a hand card to the waiting room
        return mask_hand(out, K.HAND_BASE, K.HAND_SLOTS, s, ZT, K.Zone.HAND, p)
    if kind == K.Decision.MAIN:
        out[K.PASS] = 1
        n = 1
        cmask = game.color_mask(s, T, p)
        for i in range(nh):
            sl = s[HAND_L + p * K.MAX_DECK + i]
            c = cid_of(s, sl)
            t = cards[c, K.C_TYPE]
            if t == K.CardType.CLIMAX or not game.playable_with_mask(s, T, p, c, cmask):
                continue
            if t == K.CardType.CHARACTER:
                for pos in range(K.N_POSITIONS):
                    out[K.PLAY_BASE + i * K.N_POSITIONS + pos] = 1
                    n += 1
            elif cards[c, K.C_EVENT_ABIL] >= 0 and s[FRAME_N] < K.FRAME_MAX:
                out[K.HAND_BASE + i] = 1
                n += 1
        A = ability_table(T)
        FLT = flag_table(T)
        granted_act = (FLT[FLT.shape[0] - 1, K.FL_MISC] & K.FLAG_GRANTED_ACT) != 0  # the pool grants ACT abilities
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl < 0:
                continue
            c = cid_of(s, sl)
            n_act = 0
            for ai in range(cards[c, K.C_ABIL_START], cards[c, K.C_ABIL_START] + cards[c, K.C_ABIL_COUNT]):
                n_act += A[ai, K.A_KIND] == K.AbilityKind.ACT
            if granted_act and (s[D_KW + sl * CARD_W] | s[KWMOD + sl * CARD_W] | s[KWMOD_LONG + sl * CARD_W]) >> K.GRANT_BIT0 != 0:
                n_act = K.ABILITIES_PER_CARD  # granted ACT abilities after the printed ones (play.ability_usable_kind)
            for j in range(min(n_act, K.ABILITIES_PER_CARD)):
                if game.ability_usable(s, T, p, pos, j) >= 0:
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
            packed, n_run, _ = game.move_run_now(s, p)
            if n_run == POPCOUNT5[occ]:  # every card on the stage is one of the run's: the table
                row = (n_run * 120 + game.move_rank_swapped(packed, n_run, occ, -1, -1)) * K.N_MOVE_PAIRS
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
                r = np.int64(MOVE_RANK_AFTER[row + k]) if row >= 0 else game.move_rank_swapped(packed, n_run, occ, i, j)
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
            if cards[c, K.C_TYPE] == K.CardType.CLIMAX and (game.color_ok(s, T, p, c) or game.type_any_color(s, T, p, c)):
                out[K.HAND_BASE + i] = 1
                n += 1
        return n
    if kind == K.Decision.ATTACK:
        out[K.PASS] = 1
        n = 1
        for pos in range(3):
            for t in range(1, 4):
                if game.attack_legal(s, T, p, pos, t):
                    out[K.ATTACK_BASE + pos * 3 + t - 1] = 1
                    n += 1
        return n
    if kind == K.Decision.COUNTER:
        out[K.PASS] = 1
        n = 1
        for i in range(nh):
            if game.hand_counter_ok(s, T, p, s[HAND_L + p * K.MAX_DECK + i]):
                out[K.HAND_BASE + i] = 1
                n += 1
        for pos in range(K.N_POSITIONS):
            for j in range(K.ABILITIES_PER_CARD):
                if game.ability_usable_kind(s, T, p, pos, j, K.AbilityKind.COUNTER_ACT) >= 0 and s[FRAME_N] < K.FRAME_MAX:
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
        return mask_yes_no(out, K.OPTION_BASE, K.PASS)  # CR 8.7.3.1.1: OPTION 0 yes, PASS no
    if kind == K.Decision.LEVEL_UP:  # CR 9.3.2: one of the bottom seven clock cards
        return mask_options(out, K.OPTION_BASE, K.OPTION_SLOTS, K.CLOCK_TO_LEVEL)
    if kind == K.Decision.ORDER_AUTO:  # CR 8.5.1.2: which of p's pending abilities next
        return mask_pending(game, out, K.OPTION_BASE, K.OPTION_SLOTS, s, p)
    if kind == K.Decision.PAY_COST:
        for i in range(nh):
            if game.pay_cost_card_ok(s, T, p, s[HAND_L + p * K.MAX_DECK + i]):
                out[K.HAND_BASE + i] = 1
                n += 1
        if n == 0 and game.pay_stage_left(s, T) > 0:  # then the stage characters of the cost (CR 8.4)
            for pos in range(K.N_POSITIONS):
                if game.stage_cost_ok(s, T, s[PAY_ABIL], p, s[PAY_SLOT], stage_slot(s, p, pos)):
                    out[K.OWN_STAGE_BASE + pos] = 1
                    n += 1
        return n
    if kind == K.Decision.CHOOSE_POSITION:
        mode = s[DEC_ARG + 3] & 7  # 0 any position, 1 an empty one, 2 any other than its own, 3 any not holding a
        #                            card of the register (TO_STAGE_SEPARATE: "on separate positions")
        facing = (s[DEC_ARG + 3] & K.POSITION_NEEDS_FACING) != 0  # "with a character facing" (CR 3.6.5)
        allowed = (s[DEC_ARG + 3] >> 4) & 0x1F  # POSITION_BITS of the positions allowed (0: all)
        cur = s[POS + s[DEC_ARG + 2] * CARD_W]
        # the positions of the card's owner's stage: an opponent's character moved by an effect (MOVE_OPPONENT) on
        # the opponent's stage positions (OPP_STAGE actions)
        q = owner_of(s, s[DEC_ARG + 2]) if s[DEC_ARG + 1] == K.ChoiceFor.MOVE_POSITION else p
        base = K.OWN_STAGE_BASE if q == p else K.OPP_STAGE_BASE
        for pos in range(K.N_POSITIONS):
            if allowed != 0 and (allowed >> pos) & 1 == 0:
                continue
            if facing and game.facing_slot(s, p, pos) < 0:
                continue
            if mode == 1 and stage_slot(s, q, pos) >= 0:
                continue
            if mode == 2 and pos == cur:
                continue
            if mode == 3 and stage_slot(s, q, pos) >= 0 and reg_has(
                    game, s, frame_base(s, s[FRAME_N] - 1), s[DEC_ARG + 3] >> K.POSITION_REG_SHIFT, stage_slot(s, q, pos)):
                continue
            out[base + pos] = 1
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
                n += mask_options(out, K.OPTION_BASE, K.OPTION_SLOTS, s[CAND_N])
            return n
        if reg == K.ChoiceFor.EFFECT_DISCARD:  # an effect's discard: any hand card
            return mask_hand(out, K.HAND_BASE, K.HAND_SLOTS, s, ZT, K.Zone.HAND, p)
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
                    if sl < 0 or reg_has(game, s, f, reg, sl) or not game.filter_match(s, T, frow, sl, p, src):
                        continue
                    if q != p and (s[D_RST + sl * CARD_W] & K.RESTRICT_CANT_BE_CHOSEN) != 0:
                        continue
                    out[(K.OWN_STAGE_BASE if q == p else K.OPP_STAGE_BASE) + pos] = 1
                    n += 1
        else:
            n += mask_options(out, K.OPTION_BASE, K.OPTION_SLOTS, s[CAND_N])
        return n
    return n


# =============================================================================================
# Applying actions
# =============================================================================================
@njit(cache=True)
def apply_unchecked(game, s, T, a):
    """Perform legal action ``a`` of the pending decision and run to the next decision."""
    cards = card_table(T)
    kind = s[H_DECISION]
    p = s[H_DECIDER]
    s[H_NUM_DECISIONS] += 1
    s[H_DECISION] = K.Decision.NONE
    if kind == K.Decision.MULLIGAN:
        if a == K.PASS:
            game.draw_cards(s, p, s[MULL_DISCARDS])  # CR 5.2.1.4: draw as many as discarded
            s[MULL_DISCARDS] = 0
            s[MULLIGAN_STAGE] += 1
        else:
            game.put_in_zone(s, zone_card(s, ZT, K.Zone.HAND, p, option_of(a, K.HAND_BASE)), K.Zone.WAITING_ROOM)
            s[MULL_DISCARDS] += 1
    elif kind == K.Decision.CLOCK:
        if a == K.PASS:
            game.finish_clock_phase(s, T, p, 0)
        else:  # CR 6.4.1.2
            game.put_in_zone(s, zone_card(s, ZT, K.Zone.HAND, p, option_of(a, K.HAND_BASE)), K.Zone.CLOCK)
            if game.level_up_due(s):
                s[SUSPENDED] = RS_CLOCK_DRAWS  # CR 9.1.2.1: the level up comes before the draws
            else:
                game.finish_clock_phase(s, T, p, 2)
    elif kind == K.Decision.MAIN:
        if a < K.MOVE_BASE or a >= K.ATTACK_BASE:
            s[MOVE_RUN_OPEN] = 0  # CR 11.1.1.2: another action ends the run of moves
        if a == K.PASS:
            s[PHASE] = K.Phase.CLIMAX
            s[FLOW] = F_CLIMAX
            game.trigger_all(s, T, K.Trigger.BEGIN_CLIMAX)
        elif a >= K.PLAY_BASE and a < K.OWN_STAGE_BASE:
            k = a - K.PLAY_BASE
            game.play_character(s, T, p, k // K.N_POSITIONS, k % K.N_POSITIONS)
        elif a >= K.HAND_BASE and a < K.PLAY_BASE:
            game.play_event(s, T, p, a - K.HAND_BASE)
        elif a >= K.ABILITY_BASE and a < K.MOVE_BASE:
            k = a - K.ABILITY_BASE
            pos = k // K.ABILITIES_PER_CARD
            ai = game.ability_usable(s, T, p, pos, k % K.ABILITIES_PER_CARD)
            sl = stage_slot(s, p, pos)
            c = cid_of(s, sl)
            if ai < cards[c, K.C_ABIL_START] + cards[c, K.C_ABIL_COUNT]:  # not a granted row (no use bit)
                s[USES + sl * CARD_W] |= 1 << (ai - cards[c, K.C_ABIL_START])
            game.start_ability(s, T, p, sl, ai, -1)
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
            packed, n_run, occ = game.move_run_now(s, p)
            r = game.move_rank_swapped(packed, n_run, occ, -1, -1)
            if first:
                game.move_run_mark(s, r)
            # the arrangement after the exchange, ranked from the one before it (the same rank as
            # ranking the stage after move_chars: see move_rank_swapped)
            # (np.int64: without JIT an int8 rank would make move_run_mark's 1 << rank an int8)
            if n_run == POPCOUNT5[occ]:
                r = np.int64(MOVE_RANK_AFTER[(n_run * 120 + r) * K.N_MOVE_PAIRS + k])
            else:
                r = game.move_rank_swapped(packed, n_run, occ, i, j)
            game.move_chars(s, T, p, i, j)
            game.move_run_mark(s, r)
    elif kind == K.Decision.CLIMAX:
        s[CX_PLAYED] = 1  # CR 6.6.1.2.2
        if a != K.PASS:
            sl = zone_card(s, ZT, K.Zone.HAND, p, option_of(a, K.HAND_BASE))
            game.put_in_zone(s, sl, K.Zone.CLIMAX_AREA)  # CR 8.6.2.4.3
            game.trigger_card(s, T, sl, p, K.Trigger.CLIMAX_PLACED, -1)
            for pos in range(K.N_POSITIONS):
                ch = stage_slot(s, p, pos)
                if ch >= 0:
                    game.trigger_card(s, T, ch, p, K.Trigger.OWN_CLIMAX_PLACED, sl)
            if pool_may_trigger(T, K.Trigger.OPP_CLIMAX_PLACED):  # "... on your opponent's climax area"
                for pos in range(K.N_POSITIONS):
                    ch = stage_slot(s, 1 - p, pos)
                    if ch >= 0:
                        game.trigger_card(s, T, ch, 1 - p, K.Trigger.OPP_CLIMAX_PLACED, sl)
    elif kind == K.Decision.ATTACK:
        if a == K.PASS:
            s[STEP] = K.AttackStep.ENCORE
            s[FLOW] = F_ENCORE
            game.trigger_all(s, T, K.Trigger.BEGIN_ENCORE)
        else:
            k = a - K.ATTACK_BASE
            game.declare_attack(s, T, p, k // 3, k % 3 + 1)
    elif kind == K.Decision.COUNTER:
        s[COUNTER_USED] = 1  # CR 7.4.1.2.2: one card or ability only
        if a >= K.ABILITY_BASE and a < K.MOVE_BASE:
            k = a - K.ABILITY_BASE
            pos = k // K.ABILITIES_PER_CARD
            ai = game.ability_usable_kind(s, T, p, pos, k % K.ABILITIES_PER_CARD, K.AbilityKind.COUNTER_ACT)
            sl = stage_slot(s, p, pos)
            s[USES + sl * CARD_W] |= 1 << (ai - cards[cid_of(s, sl), K.C_ABIL_START])
            game.start_ability(s, T, p, sl, ai, -1)
        elif a != K.PASS:
            sl = zone_card(s, ZT, K.Zone.HAND, p, option_of(a, K.HAND_BASE))
            c = cid_of(s, sl)
            if cards[c, K.C_BACKUP_POWER] > 0:
                game.pay_stock(s, p, cards[c, K.C_BACKUP_COST] & K.BACKUP_STOCK_MASK)  # CR 10.5.2
                to_bottom = (cards[c, K.C_BACKUP_COST] & K.BACKUP_TO_DECK_BOTTOM) != 0
                if to_bottom:  # "[Reveal this card in your hand & Put it at the bottom of your deck]"
                    game.put_on_deck_bottom(s, sl)
                elif (cards[c, K.C_BACKUP_COST] & K.BACKUP_TO_MEMORY) != 0:  # (session 34) "... into your memory]"
                    game.to_memory(s, T, sl)
                else:
                    game.hand_to_wr(s, T, sl)
                d = s[DEF_SLOT]
                s[PMOD + d * CARD_W] += cards[c, K.C_BACKUP_POWER]
                # "when you use this card's Backup" (CR 10.5): its auto abilities, from the waiting room
                if not to_bottom:
                    game.trigger_card(s, T, sl, p, K.Trigger.USE_KEYWORD, -1)
                game.trigger_act_used(s, T, p)  # Backup is an [ACT] ability (CR 10.5.1)
            else:
                game.play_event(s, T, p, option_of(a, K.HAND_BASE))
        s[STEP] = K.AttackStep.DAMAGE
        s[FLOW] = F_DAMAGE
    elif kind == K.Decision.ENCORE:
        pos = a - K.OWN_STAGE_BASE
        sl = stage_slot(s, p, pos)
        no_encore = game.stage_to_wr(s, T, sl)  # CR 7.7.1.2
        s[DEC_ARG] = sl
        s[DEC_ARG + 1] = pos
        # CR 10.2.3: every character has Encore [3], unless it "cannot use Encore" (RESTRICT_NO_ENCORE)
        if not no_encore and s[STOCK_N + p] >= 3 and stage_slot(s, p, pos) < 0:
            set_decision(s, K.Decision.ENCORE_PAY, p)
            return
    elif kind == K.Decision.ENCORE_PAY:
        if a != K.PASS:
            game.pay_stock(s, p, 3)
            game.place_on_stage(s, T, s[DEC_ARG], p, s[DEC_ARG + 1], K.Orientation.REST, False)  # CR 10.2.2
    elif kind == K.Decision.LEVEL_UP:
        # CR 9.3.2: the chosen card of the bottom seven to level, the other six to the waiting room
        base = CLOCK_L + p * K.MAX_DECK
        chosen = s[base + option_of(a, K.OPTION_BASE)]
        others = np.empty(6, np.int64)
        k = 0
        for i in range(K.CLOCK_TO_LEVEL):
            if i != option_of(a, K.OPTION_BASE):
                others[k] = s[base + i]
                k += 1
        game.put_in_zone(s, chosen, K.Zone.LEVEL)
        for i in range(6):
            game.put_in_zone(s, others[i], K.Zone.WAITING_ROOM)
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0:
                game.trigger_card(s, T, sl, p, K.Trigger.LEVEL_UP, chosen)
        game.trigger_memory_abilities(s, T, p, K.Trigger.LEVEL_UP, chosen)  # (session 34) "Memory When you level up"
        for pos in range(K.N_POSITIONS):  # "when your opponent levels up" (session 27)
            sl = stage_slot(s, 1 - p, pos)
            if sl >= 0:
                game.trigger_card(s, T, sl, 1 - p, K.Trigger.OPP_LEVEL_UP, chosen)
    elif kind == K.Decision.HAND_LIMIT:
        game.hand_to_wr(s, T, zone_card(s, ZT, K.Zone.HAND, p, option_of(a, K.HAND_BASE)))
    elif kind == K.Decision.TRIGGER_OPTION:
        if a != K.PASS:
            icon = s[DEC_ARG]
            if icon == K.TriggerIcon.DRAW:
                game.draw_cards(s, p, 1)
            else:
                game.move_top_of_deck(s, p, K.Zone.STOCK)  # pool / treasure
    elif kind == K.Decision.ORDER_AUTO:
        game.play_pending(s, T, p, option_of(a, K.OPTION_BASE))
    elif kind == K.Decision.OPTIONAL_EFFECT and s[DEC_ARG + 1] == K.ChoiceFor.CHOOSE_OPTIONAL:  # inside a program
        f = frame_base(s, s[FRAME_N] - 1)
        s[f + FR_PC] += 1 if a != K.PASS else 1 + s[DEC_ARG]
        s[f + FR_CNT] = 0
    elif kind == K.Decision.OPTIONAL_EFFECT and s[DEC_ARG + 1] == K.ChoiceFor.LOOK_MORE:  # CR 3.2.3.1
        f = frame_base(s, s[FRAME_N] - 1)
        s[f + FR_CNT] += (1 << K.LOOK_SEEN_SHIFT) if a != K.PASS else K.LOOK_STOPPED  # the LOOK_TOP resumes
    elif kind == K.Decision.OPTIONAL_EFFECT:
        slot, arow, aux = pending_take(game, s, p, s[DEC_ARG])
        if a != K.PASS:
            game.count_auto_use(s, T, slot, arow)  # "up to N times per turn": a declined cost is no use
            game.start_ability(s, T, p, slot, arow, aux)
        elif ability_table(T)[arow, K.A_OPTIONAL] >= K.DECLINED_PC0:
            game.start_declined(s, T, p, slot, arow, aux)  # "If you do not, ..." (session 28)
    elif kind == K.Decision.PAY_COST:
        if in_block(a, K.OWN_STAGE_BASE, K.N_POSITIONS):  # a stage character of the cost (costs.stage_cost_ok)
            game.pay_stage_char(s, T, stage_slot(s, p, a - K.OWN_STAGE_BASE))
        elif s[PAY_DISCARD_LEFT] > 0:
            game.hand_to_wr(s, T, zone_card(s, ZT, K.Zone.HAND, p, option_of(a, K.HAND_BASE)))
            s[PAY_DISCARD_LEFT] -= 1
        else:
            game.put_in_zone(s, zone_card(s, ZT, K.Zone.HAND, p, option_of(a, K.HAND_BASE)), K.Zone.CLOCK)
            s[PAY_CLOCK_LEFT] -= 1
        if s[PAY_DISCARD_LEFT] > 0 or s[PAY_CLOCK_LEFT] > 0 or game.pay_stage_left(s, T) > 0:
            set_decision(s, K.Decision.PAY_COST, p)
            return
        game.pay_fixed_costs(s, T, s[PAY_ABIL], p, s[PAY_SLOT])
        game.push_frame(s, T, s[PAY_SLOT], s[PAY_ABIL], p, s[PAY_AUX])  # after a level up the cost made wait
    elif kind == K.Decision.CHOOSE_POSITION:
        if s[DEC_ARG + 1] == K.ChoiceFor.MOVE_POSITION:
            if a != K.PASS and owner_of(s, s[DEC_ARG + 2]) != p:  # MOVE_OPPONENT: on the opponent's stage
                game.move_chars(s, T, 1 - p, s[POS + s[DEC_ARG + 2] * CARD_W], a - K.OPP_STAGE_BASE)
            elif a != K.PASS:
                game.move_chars(s, T, p, s[POS + s[DEC_ARG + 2] * CARD_W], a - K.OWN_STAGE_BASE)
        elif s[DEC_ARG + 1] == K.ChoiceFor.TO_STAGE:
            if a != K.PASS:
                game.place_on_stage(s, T, s[DEC_ARG + 2], p, a - K.OWN_STAGE_BASE, s[DEC_ARG], False)
        elif s[DEC_ARG + 1] == K.ChoiceFor.SUNDER:  # the chosen marker becomes the character on this position
            f = frame_base(s, s[FRAME_N] - 1)
            src = s[f + FR_SLOT]
            x = s[DEC_ARG + 2]
            q = a - K.OWN_STAGE_BASE
            if s[ZONE + src * CARD_W] == K.Zone.STAGE and s[ZONE + x * CARD_W] == K.Zone.MARKER:
                pos = s[POS + src * CARD_W]
                game.take_from_zone(s, x)
                game.stage_char_to_marker(s, src)
                if q != pos and stage_slot(s, p, q) >= 0:
                    game.put_in_zone(s, stage_slot(s, p, q), K.Zone.WAITING_ROOM)  # CR 9.6.1
                game.rehome_markers(s, p, pos, q)
                game.place_on_stage(s, T, x, p, q, K.Orientation.STAND, False)  # 10.15.3.1 stand state
        else:
            game.place_on_stage(s, T, s[DEC_ARG + 2], p, a - K.OWN_STAGE_BASE, K.Orientation.REST, False)  # CR 4.12.2.10
    elif kind == K.Decision.CHOOSE_TARGET:
        reg = s[DEC_ARG + 1]
        if reg == K.ChoiceFor.TRIGGER_ICON:
            icon = s[DEC_ARG]
            if a != K.PASS:
                if icon == K.TriggerIcon.RETURN:  # CR 4.12.2.8 (not a character that "cannot be returned to hand")
                    rsl = stage_slot(s, 1 - p, a - K.OPP_STAGE_BASE)
                    if (s[D_RST + rsl * CARD_W] & K.RESTRICT_CANT_TO_HAND) == 0:
                        game.put_in_zone(s, rsl, K.Zone.HAND)
                else:
                    sl = s[CAND + option_of(a, K.OPTION_BASE)]
                    if icon == K.TriggerIcon.STANDBY:
                        s[DEC_ARG + 2] = sl
                        s[DEC_ARG + 3] = 0
                        set_decision(s, K.Decision.CHOOSE_POSITION, p)
                        return
                    game.put_in_zone(s, sl, K.Zone.HAND)
        elif reg == K.ChoiceFor.SHIFT:
            f = frame_base(s, s[FRAME_N] - 1)
            if a != K.PASS:
                game.shift_exchange(s, s[f + FR_SLOT], zone_card(s, ZT, K.Zone.HAND, p, option_of(a, K.HAND_BASE)))
            s[f + FR_CNT] = 1
        elif reg == K.ChoiceFor.EFFECT_DISCARD:
            f = frame_base(s, s[FRAME_N] - 1)
            game.hand_to_wr(s, T, zone_card(s, ZT, K.Zone.HAND, p, option_of(a, K.HAND_BASE)))
            s[f + FR_CNT] += 1
        else:
            f = frame_base(s, s[FRAME_N] - 1)
            if a == K.PASS:
                # done choosing: the instruction finishes on resume (an up-to LOOK_TOP's count of the cards
                # looked at, above LOOK_CHOSEN_MASK, is kept)
                s[f + FR_CNT] = (s[f + FR_CNT] & ~K.LOOK_CHOSEN_MASK) | (1 << 20)
            else:
                if in_block(a, K.OPTION_BASE, K.OPTION_SLOTS):
                    sl = s[CAND + option_of(a, K.OPTION_BASE)]
                elif a >= K.OPP_STAGE_BASE:
                    sl = stage_slot(s, 1 - p, a - K.OPP_STAGE_BASE)
                else:
                    sl = stage_slot(s, p, a - K.OWN_STAGE_BASE)
                reg_add(game, s, f, reg, sl)
                s[f + FR_CNT] += 1
    if s[H_DECISION] == K.Decision.NONE:  # the action may itself have opened a decision (8.7.3.1.1)
        game.advance(s, T)
    if s[FRAME_N] == 0:
        game.finish_events(s)
    if s[H_DONE] == 0 and s[H_DECISION] == K.Decision.NONE:
        game.advance(s, T)


@njit(cache=True)
def advance_row(game, s, T):
    """Run a row edited in Python (``scenario.Scenario``) to its next decision."""
    if s[H_DONE] == 0 and s[H_DECISION] == K.Decision.NONE:
        game.advance(s, T)


@internal
def setup_row(game, s, deck0, deck1, T):
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
    clear_zone_lists(s, ZT)
    s[ATK_SLOT] = -1
    s[DEF_SLOT] = -1
    s[TRIG_SLOT] = -1
    s[LAST_TRIG] = -1
    s[LAST_TRIG + 1] = -1
    s[H_TURN] = 1
    for p in range(2):
        deal_deck(s, ZT, K.Zone.DECK, p, deck0 if p == 0 else deck1, p * K.MAX_DECK)
        zone_shuffle(s, ZT, K.Zone.DECK, p, s)  # CR 5.2.1.2
        game.list_climax_slots(s, T, p)
    first = rng_below(s, 2)  # CR 5.2.1.3
    s[FIRST_PLAYER] = first
    s[TURN_PLAYER] = first  # CR 5.2.1.6
    for p in range(2):
        game.draw_cards(s, p, K.OPENING_HAND)  # CR 5.2.1.4
    s[PHASE] = K.Phase.SETUP
    s[FLOW] = F_MULLIGAN
    game.advance(s, T)
