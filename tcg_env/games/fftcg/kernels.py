"""FF-TCG rules as numba kernels over one int32 state row: the legal actions and the row entries.

Reading guide
-------------
The rules kernels are split by area of the 2016 comprehensive rules (``CR x.y``). They call each
other through the game's tag, ``game.name(...)`` (``hooks.RULES_MODULES``; docs/architecture.md,
"Rules variants"), not by import, so a rules variant's replacement is reached from any of them; the
list below goes from the lowest rules to the highest:

* ``filters``: the filters of effects, the conditions of abilities (CR 11.8.13)
* ``characteristics``: the cards as they are now: control, derived power / keywords /
  restrictions, current costs (CR 5-7, 11.9)
* ``triggers``: auto-abilities that trigger, waiting to be put on the stack (CR 11.8; the pending
  lists are the engine core's ``tcg_env.engine.triggers``)
* ``zones``: moving cards between zones, drawing, discarding (CR 7, 15.1.1)
* ``rule_processes``: the rule processes (CR 12) and defeat, the end of the game (CR 3)
* ``effects``: the effect interpreter: targets, frames, resolving an effect's program (CR 11.11, 11.12)
* ``priority``: priority, putting auto-abilities on the stack, passing, resolving (CR 11.1, 11.8.7,
  11.11), on the engine core's chase (``tcg_env.engine.chase``)
* ``costs``: whether a cost can be paid, the CP sources, the payment in progress (CR 5.2.1.3, 11.2)
* ``play``: playing cards and using abilities (CR 11.3-11.7)
* ``battle``: the Attack Phase's declarations, blocks and damage (CR 10, 15.2)
* ``turn``: the turn's phases and ``advance``, which runs the game by itself until a player must
  decide (the decision kind and the deciding player go into the header) or the game ends (CR 8-10)

This file: ``legal_mask_row`` writes the exact legal actions of the pending decision;
``apply_unchecked`` performs one legal action and calls ``advance``; ``setup_row`` deals a new game
(CR 8.2). The shared core, ``tcg_env.engine.rows``, checks actions, resets rows and batches them
through ``hooks.py``. Effects are small programs (``constants.Op``) run by an interpreter over
*frames* kept in the state, so an effect can stop on a choice and resume when the action arrives.

``T`` is always the compiled card pool's tables ``cards``, ``abilities``, ``filters``, ``code``
packed into one array (``tcg_env.engine.tables``; read through ``card_table(T)`` ...). It is an
argument, never a global, so the kernels compile once and cache for every card pool.
"""

import numpy as np

from tcg_env.engine.tables import ability_table, card_table, code_table, filter_table, flag_table
from tcg_env.engine.jit import internal
from tcg_env.engine.header import H_DECIDER, H_DECISION, H_DONE, H_NUM_DECISIONS, H_TURN, WINNER_DRAW
from tcg_env.engine.chase import chase_full, give_priority
from tcg_env.engine.rng import rng_below
from tcg_env.engine.triggers import pending_none
from tcg_env.engine.reveals import reveal_begin, reveal_card
from tcg_env.engine.zones import (
    clear_zone_lists,
    deal_deck,
    zone_find,
    zone_push,
    zone_push_bottom,
    zone_remove_at,
    zone_shuffle,
    zone_take,
)
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import (
    ABILITY_BASE,
    EK_ABILITY,
    FIELD_SLOTS,
    FL_BLOCK,
    FL_DECLARE,
    FL_PRIORITY,
    FL_START,
    FL_STEP_END,
    FRAME_MAX,
    HAND_BASE,
    HAND_SLOTS,
    MAX_DECISIONS_PER_GAME,
    MAX_DECK,
    M_BOTH,
    NUM_ACTIONS,
    N_SLOTS,
    OPP_FIELD_BASE,
    OPTION_BASE,
    OPTION_SLOTS,
    OWN_FIELD_BASE,
    PASS,
    PK_ABILITY,
    P_EX,
    TARGET_MAX,
)
from tcg_env.games.fftcg.state import (
    BOOST,
    ASSIGNED,
    ASSIGN_DONE,
    ASSIGN_LEFT,
    ATK_L,
    ATTACKED,
    ATK_N,
    BLOCKER,
    BLOCK_DECLARED,
    CAND,
    CAND_N,
    CARD,
    CARD_W,
    REVEALED,
    REVEALED_N,
    CONTROLLER,
    DECK_L,
    DECK_N,
    DEC_ARG,
    DULL,
    E_ABIL,
    E_REG,
    E_REGN,
    E_SLOT,
    FIELD_L,
    FIELD_N,
    FIRST_PLAYER,
    FLOW,
    FRAMES,
    FRAME_N,
    FRAME_W,
    FR_CNT,
    FR_PC,
    HAND_L,
    HAND_N,
    MULLIGAN_STAGE,
    OWNER,
    PAY_COST,
    PAY_DISCARD_LEFT,
    PAY_ABIL,
    PAY_ELEM,
    PAY_HAS_ELEM,
    PAY_KIND,
    PAY_NDISC,
    PAY_PAID,
    PAY_SAMENAME,
    PAY_SLOT,
    PHASE,
    PRIORITY_CLEAN,
    PRIORITY_PLAYER,
    STACK_N,
    STEP,
    TURN_PLAYER,
    ZONE,
    ZT,
)
from tcg_env.engine.decisions import end_game, set_decision
from tcg_env.games.fftcg.filters import field_type_mask, type_may_match
from tcg_env.games.fftcg.play import cost_puts_into_break, dull_cost_count, dull_cost_filter
from tcg_env.rules.choices import mask_hand, mask_options, mask_pending, mask_yes_no, option_of, zone_card


# =============================================================================================
# Legal actions
# =============================================================================================
@internal
def must_be_chosen_mask(s, T, p, out, n_legal):
    """"Summons and abilities of your opponent must choose <this> if possible." (Op.MUST_BE_CHOSEN): when a card of
    ``p``'s opponent with it can be chosen now (its action is legal in the CHOOSE_TARGET mask ``out``), only such cards
    may be chosen (no other card, no stop of an "up to" choice); returns the count of legal actions."""
    cards = card_table(T)
    q = 1 - p
    forced = 0
    for i in range(s[FIELD_N + q]):
        if out[OPP_FIELD_BASE + i] != 0 \
                and (cards[s[CARD + s[FIELD_L + q * FIELD_SLOTS + i] * CARD_W], K.C_HAS_FIELD] & K.MUST_BE_CHOSEN) != 0:
            forced += 1
    if forced == 0:
        return n_legal
    for a in range(out.shape[0]):
        if a < OPP_FIELD_BASE or a >= OPP_FIELD_BASE + FIELD_SLOTS:
            out[a] = 0
        elif out[a] != 0 and (cards[s[CARD + s[FIELD_L + q * FIELD_SLOTS + a - OPP_FIELD_BASE] * CARD_W], K.C_HAS_FIELD]
                              & K.MUST_BE_CHOSEN) == 0:
            out[a] = 0
    return forced


@internal
def legal_mask_row(game, s, T, out):
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
        if kind == K.Decision.EX_BURST:
            slot = s[DEC_ARG]
            arow = cards[s[CARD + slot * CARD_W], K.C_EX_ABIL]
            s[BOOST + slot] &= ~K.PAID_MASK  # not cast (CR 11.10): no CP paid (costs.note_paid_element)
            if not (s[FRAME_N] < FRAME_MAX and game.has_required_targets(s, T, arow, p, slot)):
                out[PASS] = 1  # an EX Burst without its required targets (or room for its frame) is only declined
                return 1
        return mask_yes_no(out, OPTION_BASE, PASS)  # OPTION 0 yes, PASS no
    if kind == K.Decision.PRIORITY:
        out[PASS] = 1
        n_legal = 1
        if s[PHASE] == K.Phase.MAIN1 or s[PHASE] == K.Phase.MAIN2 or s[PHASE] == K.Phase.ATTACK:
            # what hand_card_playable checks first, once for the whole hand: most hand cards fail
            # it (every character of the player without the turn, or in the Attack Phase, or with
            # a non-empty stack) and are skipped without the call; the CP sources are counted
            # only once a card or an ability gets that far
            summons_ok = not chase_full(game, s) and s[FRAME_N] < FRAME_MAX
            characters_ok = (p == s[TURN_PLAYER] and (s[PHASE] == K.Phase.MAIN1 or s[PHASE] == K.Phase.MAIN2)
                             and s[STACK_N] == 0 and s[FIELD_N + p] < FIELD_SLOTS)
            counted = False
            nd, disc, nb, bk = 0, np.int64(0), 0, np.int64(0)
            nh = min(s[HAND_N + p], HAND_SLOTS)
            for i in range(nh):
                slot = zone_card(s, ZT, K.Zone.HAND, p, i)
                hc = s[CARD + slot * CARD_W]
                at_summon_speed = cards[hc, K.C_TYPE] == K.CardType.SUMMON or (cards[hc, K.C_KEYWORDS] & K.KW_BACK_ATTACK) != 0
                if not (summons_ok if at_summon_speed else characters_ok):
                    continue
                if not counted:
                    nd, disc, nb, bk = game.count_resources(s, T, p)
                    counted = True
                if game.hand_card_playable(s, T, p, slot, nd, disc, nb, bk):
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
                        nd, disc, nb, bk = game.count_resources(s, T, p)
                        counted = True
                    if game.ability_usable(s, T, p, slot, arow, nd, disc, nb, bk):
                        out[ABILITY_BASE + i * K.ABILITIES_PER_CARD + j] = 1
                        n_legal += 1
        return n_legal
    if kind == K.Decision.PAY_CP:
        reserved = game.pay_reserved_field(s, T)
        if s[PAY_ELEM] >= K.ELEM_MULTI:  # a cost of several element symbols (imported cards' abilities)
            return game.pay_cp_mask_multi(s, T, p, out, reserved)
        nd, nde, nb, nbe = game.pay_resources(s, T, p, s[PAY_ELEM], -1, reserved)
        elem = s[PAY_ELEM]
        # "You can only pay with <element> CP / CP produced by Backups to cast <this>" (Op.PAY_ONLY)
        only = game.pay_restriction(s, T)
        if (only & K.PAY_ONLY_BACKUPS) != 0:
            nd = nde = 0
        if (only & K.PAY_ONLY_ELEMENT) != 0:
            nd, nb = nde, nbe
        remaining = s[PAY_COST] - s[PAY_PAID]
        need = s[PAY_HAS_ELEM] == 0
        nh = min(s[HAND_N + p], HAND_SLOTS)
        for i in range(nh):
            slot = zone_card(s, ZT, K.Zone.HAND, p, i)
            cid = s[CARD + slot * CARD_W]
            if game.is_light_dark(cards, cid):
                continue
            m = cards[cid, K.C_ELEMENT] == elem
            if (only & K.PAY_ONLY_BACKUPS) != 0 or ((only & K.PAY_ONLY_ELEMENT) != 0 and not m):
                continue
            # a discard may overpay by one CP (CR 5.2.1.3.1): pay_feasible(-1, ...) allows it
            if game.pay_feasible(remaining - 2, need and not m, nd - 1, nde - (1 if m else 0), nb, nbe):
                out[HAND_BASE + i] = 1
                n_legal += 1
        for i in range(s[FIELD_N + p]):
            slot = s[FIELD_L + p * FIELD_SLOTS + i]
            cid = s[CARD + slot * CARD_W]
            if cards[cid, K.C_TYPE] != K.CardType.BACKUP or s[DULL + slot * CARD_W] != 0 or slot == reserved:
                continue
            m = game.produces_element(cards, cid, elem)
            if (only & K.PAY_ONLY_ELEMENT) != 0 and not m:
                continue
            if game.pay_feasible(remaining - 1, need and not m, nd, nde, nb - 1, nbe - (1 if m else 0)):
                out[OWN_FIELD_BASE + i] = 1
                n_legal += 1
        return n_legal
    if kind == K.Decision.PAY_DISCARD:
        src = s[PAY_SLOT]
        if s[PAY_KIND] == PK_ABILITY and dull_cost_count(ability_table(T), s[PAY_ABIL]) > 0:
            # "Dull N active DESC" (CR 11.6.2.4): an active Character of the player's that matches, one at a time
            # (every one keeps the rest payable: the cost is the ability's whole cost, cards.FFCost)
            frow = dull_cost_filter(ability_table(T), s[PAY_ABIL])
            for i in range(min(s[FIELD_N + p], FIELD_SLOTS)):
                if game.filter_match(s, T, frow, s[FIELD_L + p * FIELD_SLOTS + i], p, src):
                    out[OWN_FIELD_BASE + i] = 1
                    n_legal += 1
            return n_legal
        nh = min(s[HAND_N + p], HAND_SLOTS)
        for i in range(nh):
            slot = zone_card(s, ZT, K.Zone.HAND, p, i)
            if s[PAY_SAMENAME] != 0:
                if cards[s[CARD + slot * CARD_W], K.C_NAME] != cards[s[CARD + src * CARD_W], K.C_NAME]:
                    continue
                # the rest of the hand must still pay the CP (CR 11.7.1)
                if s[PAY_COST] > 0 and not game.can_pay(s, T, p, s[PAY_COST], s[PAY_ELEM], slot, game.pay_reserved_field(s, T)):
                    continue
            out[HAND_BASE + i] = 1
            n_legal += 1
        return n_legal
    if kind == K.Decision.CHOOSE_TARGET:
        base = FRAMES + (s[FRAME_N] - 1) * FRAME_W
        frow = s[DEC_ARG]
        reg = s[DEC_ARG + 1]
        src = s[base + E_SLOT]
        fz = filter_table(T)[frow, K.F_ZONE]
        if fz == K.FilterZone.BREAK or fz == K.FilterZone.STACK:
            # cards of the Break Zone (or Summons of the stack): OPTION k, candidate k (effects.fill_break_targets,
            # fill_stack_targets); PASS only for "up to"
            out[PASS] = 1 if s[DEC_ARG + 2] != 0 else 0
            return out[PASS] + mask_options(out, OPTION_BASE, OPTION_SLOTS, s[CAND_N])
        for q in range(2):
            off = OWN_FIELD_BASE if q == p else OPP_FIELD_BASE
            tm = field_type_mask(filter_table(T), frow, p, q)  # the side and type pre-check (filters.scan_matching's)
            for i in range(s[FIELD_N + q] if tm != 0 else 0):
                slot = s[FIELD_L + q * FIELD_SLOTS + i]
                if type_may_match(tm, cards, s, slot) and game.filter_match(s, T, frow, slot, p, src) \
                        and not game.reg_contains(s, base, reg, slot) and game.can_be_chosen(s, T, slot, p, s[base + E_ABIL]):
                    out[off + i] = 1
                    n_legal += 1
        if s[DEC_ARG + 2] != 0:
            out[PASS] = 1
            n_legal += 1
        ft = flag_table(T)
        if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_MUST_BE_CHOSEN) != 0:
            n_legal = game.must_be_chosen_mask(s, T, p, out, n_legal)
        return n_legal
    if kind == K.Decision.DECLARE_ATTACK or kind == K.Decision.ADD_TO_PARTY:
        out[PASS] = 1
        n_legal = 1
        ft = flag_table(T)
        must = kind == K.Decision.DECLARE_ATTACK and (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_MUST_ATTACK) != 0
        for i in range(s[FIELD_N + p]):
            slot = s[FIELD_L + p * FIELD_SLOTS + i]
            if game.can_attack(s, T, p, slot):
                if kind == K.Decision.ADD_TO_PARTY and not game.may_join_party(s, T, slot):
                    continue
                out[OWN_FIELD_BASE + i] = 1
                n_legal += 1
                if must and out[PASS] != 0 \
                        and (card_table(T)[s[CARD + slot * CARD_W], K.C_HAS_FIELD] & K.MUST_ATTACK_ONCE) != 0 \
                        and game.field_op_bits(s, T, slot, K.Op.MUST_ATTACK) != 0 \
                        and s[ATTACKED + slot * CARD_W] != -s[H_TURN]:
                    # "<it> must attack once per turn if possible": it can, so the Attack Phase may not end yet
                    out[PASS] = 0
                    n_legal -= 1
        return n_legal
    if kind == K.Decision.DECLARE_BLOCK:
        out[PASS] = 1
        n_legal = 1
        for i in range(s[FIELD_N + p]):
            slot = s[FIELD_L + p * FIELD_SLOTS + i]
            if game.can_block(s, T, p, slot):
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
    if kind == K.Decision.ORDER_TRIGGERS:
        return mask_pending(game, out, OPTION_BASE, OPTION_SLOTS, s, p)  # CR 11.8.7: OPTION k, pending ability k
    if kind == K.Decision.SELECT_CARD:
        if s[DEC_ARG] >= K.SelectFor.LOOK_PICK:
            # Op.LOOK_TOP: the first DEC_ARG[1] options may be taken (the others are shown); none only for "up to"
            out[PASS] = s[DEC_ARG + 2]
            return s[DEC_ARG + 2] + mask_options(out, OPTION_BASE, OPTION_SLOTS, s[DEC_ARG + 1])
        # searching / putting onto the field / adding to the hand: none may be taken, unless the instruction says
        # a card must be taken when one matches ("search for 1 ...", "play 1 ... from your hand", CR 15.1.1.8.1:
        # a2 SEARCH_MUST / the PUT_MUST bit)
        base = FRAMES + (s[FRAME_N] - 1) * FRAME_W
        a2 = code_table(T)[ability_table(T)[s[base + E_ABIL], K.A_CODE_START] + s[base + FR_PC], K.I_A2]
        if s[DEC_ARG] == K.SelectFor.SEARCH:
            out[PASS] = 0 if a2 == K.SEARCH_MUST else 1
        else:
            out[PASS] = 0 if (a2 & K.PUT_MUST) != 0 else 1
        return out[PASS] + mask_options(out, OPTION_BASE, OPTION_SLOTS, s[CAND_N])  # OPTION k: card CAND[k]
    if kind == K.Decision.DISCARD:
        return mask_hand(out, HAND_BASE, HAND_SLOTS, s, ZT, K.Zone.HAND, p)
    return 0


# =============================================================================================
# Applying an action
# =============================================================================================
@internal
def apply_unchecked(game, s, T, a):
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
            game.draw_cards(s, p, K.OPENING_HAND)
        s[MULLIGAN_STAGE] += 1
    elif kind == K.Decision.PRIORITY:
        if a == PASS:
            game.do_pass(s, T, p)
            if clean and s[H_NUM_DECISIONS] < MAX_DECISIONS_PER_GAME:
                # The priority point that offered this decision ran the rule processes (CR 12.3)
                # and found nothing, and no auto-ability was pending. A pass, and the end of a step
                # or phase it may bring (CR 11.1.7: step_end changes the phase, step and priority
                # bookkeeping and may trigger auto-abilities), change nothing the rule processes or
                # the derived values read. So the next priority point, if it comes at once, would
                # find the same: without new auto-abilities it offers the decision straight away
                # (what advance -> priority_point would do, without recomputing derived values)
                if s[FLOW] == FL_STEP_END:
                    attacked = s[ATK_N] > 0
                    game.step_end(s, T)
                    if attacked and s[ATK_N] == 0:
                        # but for the attackers: the attack ended (CR 10.1.4.5, the party disbands), and what
                        # field abilities gave "attacking" Forwards or "<a Forward> forming a party" is gone
                        # (filter state ATTACKING, Condition.SELF_IN_PARTY: read by every refresh, DEP_UNCACHED)
                        game.refresh_derived(s, T)
                if s[FLOW] == FL_PRIORITY and pending_none(game, s) and game.actions_allowed_now(s):
                    set_decision(s, K.Decision.PRIORITY, s[PRIORITY_PLAYER])
                    s[PRIORITY_CLEAN] = 1
                    return
                # the same for an Attack Phase step that ends in the declaration of attackers or
                # of a blocker (CR 10.1.2 / 10.1.3): advance would only set the step and offer the
                # decision, and the derived values read none of what changed (step, attackers,
                # blocker, passes)
                if s[FLOW] == FL_DECLARE:
                    game.offer_declaration(s)
                    return
                if s[FLOW] == FL_BLOCK:
                    game.offer_block(s)
                    return
                # the End Phase's priority points (CR 9.5.1.1: no player acts there) would run the
                # rule processes, find nothing for the same reason, and pass for each player; what
                # follows them (hand limit, clean-up, the next turn) goes through advance
                while (s[FLOW] == FL_PRIORITY and pending_none(game, s)
                       and not game.actions_allowed_now(s)):
                    game.do_pass(s, T, s[PRIORITY_PLAYER])
                if s[FLOW] == FL_STEP_END:
                    game.step_end(s, T)
        elif a < OWN_FIELD_BASE:
            game.play_from_hand(s, T, p, option_of(a, HAND_BASE))
        else:
            k = a - ABILITY_BASE
            game.activate_ability(s, T, p, k // K.ABILITIES_PER_CARD, k % K.ABILITIES_PER_CARD)
    elif kind == K.Decision.PAY_CP:
        if s[PAY_ELEM] >= K.ELEM_MULTI:
            game.pay_cp_answer_multi(s, T, p, a)
        elif a < OWN_FIELD_BASE:
            slot = game.discard_hand_index(s, p, option_of(a, HAND_BASE))
            s[PAY_PAID] += 2
            s[PAY_NDISC] += 1
            if cards[s[CARD + slot * CARD_W], K.C_ELEMENT] == s[PAY_ELEM]:
                s[PAY_HAS_ELEM] = 1
            game.note_paid_element(s, T, cards[s[CARD + slot * CARD_W], K.C_ELEMENT])
        else:
            slot = s[FIELD_L + p * FIELD_SLOTS + (a - OWN_FIELD_BASE)]
            s[DULL + slot * CARD_W] = 1
            s[PAY_PAID] += 1
            produced = cards[s[CARD + slot * CARD_W], K.C_ELEMENT]
            if game.produces_element(cards, s[CARD + slot * CARD_W], s[PAY_ELEM]):
                if s[PAY_HAS_ELEM] == 0:
                    produced = s[PAY_ELEM]  # (a Backup of several Elements: the one still asked)
                s[PAY_HAS_ELEM] = 1
            game.note_paid_element(s, T, produced)
    elif kind == K.Decision.PAY_DISCARD:
        if a >= OWN_FIELD_BASE:  # a Character dulled for a "Dull N active DESC" cost (CR 11.6.2.4)
            slot = s[FIELD_L + p * FIELD_SLOTS + (a - OWN_FIELD_BASE)]
            if cost_puts_into_break(ability_table(T), s[PAY_ABIL]):
                game.leave_field(s, T, slot, K.Zone.BREAK, False)  # "Put 1 Backup into the Break Zone": not broken
            else:
                s[DULL + slot * CARD_W] = 1
            s[PAY_DISCARD_LEFT] -= 1
        else:
            game.discard_hand_index(s, p, option_of(a, HAND_BASE))
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
            if a >= OPTION_BASE:
                slot = s[CAND + option_of(a, OPTION_BASE)]  # a card of the Break Zone
            elif a < OPP_FIELD_BASE:
                slot = s[FIELD_L + p * FIELD_SLOTS + (a - OWN_FIELD_BASE)]
            else:
                slot = s[FIELD_L + (1 - p) * FIELD_SLOTS + (a - OPP_FIELD_BASE)]
            ft = flag_table(T)
            if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_CHOSEN_TRIGGER) != 0:
                game.trigger_chosen(s, T, base, slot)
            n = s[base + E_REGN + reg]
            s[base + E_REG + reg * TARGET_MAX + n] = slot
            s[base + E_REGN + reg] = n + 1
    elif kind == K.Decision.DECLARE_ATTACK:
        if a == PASS:
            # end of the Attack Phase (CR 10.1.4.6): Main Phase 2
            s[ATK_N] = 0
            s[PHASE] = K.Phase.MAIN2
            s[STEP] = K.AttackStep.NONE
            give_priority(game, s, p)
            s[FLOW] = FL_PRIORITY
        else:
            slot = s[FIELD_L + p * FIELD_SLOTS + (a - OWN_FIELD_BASE)]
            s[ATK_N] = 0
            zone_push(s, ATK_N, ATK_L, slot)
            if game.party_candidates(s, T, p) > 0:
                set_decision(s, K.Decision.ADD_TO_PARTY, p)
            else:
                game.declare_attackers_done(s, T)
    elif kind == K.Decision.ADD_TO_PARTY:
        if a == PASS:
            game.declare_attackers_done(s, T)
        else:
            slot = s[FIELD_L + p * FIELD_SLOTS + (a - OWN_FIELD_BASE)]
            zone_push(s, ATK_N, ATK_L, slot)
            if game.party_candidates(s, T, p) > 0:
                set_decision(s, K.Decision.ADD_TO_PARTY, p)
            else:
                game.declare_attackers_done(s, T)
    elif kind == K.Decision.DECLARE_BLOCK:
        s[BLOCKER] = -1
        s[BLOCK_DECLARED] = 0
        if a != PASS:
            slot = s[FIELD_L + p * FIELD_SLOTS + (a - OWN_FIELD_BASE)]
            s[BLOCKER] = slot
            s[BLOCK_DECLARED] = 1  # CR 10.1.3.4: a party is blocked as one
            game.trigger_card(s, T, slot, p, K.Trigger.BLOCKS_SELF, -1)
            for i in range(s[ATK_N]):  # "When <this> is blocked": every Forward of a blocked party (CR 10.1.3.4)
                game.trigger_card(s, T, s[ATK_L + i], s[TURN_PLAYER], K.Trigger.IS_BLOCKED_SELF, -1)
        give_priority(game, s, s[TURN_PLAYER])  # CR 10.1.3.6
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
            s[BOOST + slot] &= ~K.PAID_MASK  # not cast (CR 11.10): no CP paid (costs.note_paid_element)
            game.push_program_frame(s, T, M_BOTH, P_EX, EK_ABILITY, slot, arow, p, -1)  # CR 11.10.2
            game.trigger_field(s, T, 1 - p, K.Trigger.OPP_EX_BURST, slot)  # "When your opponent uses an EX Burst"
    elif kind == K.Decision.OPTIONAL_EFFECT:
        base = FRAMES + (s[FRAME_N] - 1) * FRAME_W
        if s[base + FR_CNT] == K.MAY_ASKED and s[base + FR_PC] > 0:
            # Op.PAY's "You may pay ..." (effects.exec_op)
            s[base + FR_CNT] = K.MAY_ACCEPTED if a == OPTION_BASE else K.MAY_DECLINED
        elif game.selecting_mode(s, T, base):
            game.answer_mode(s, T, base, a == OPTION_BASE)  # "this action?" of a modal program
        elif a == OPTION_BASE:
            s[base + FR_PC] = 0
        else:
            s[base + FR_PC] = ability_table(T)[s[base + E_ABIL], K.A_CODE_LEN]
    elif kind == K.Decision.ORDER_TRIGGERS:
        game.place_trigger(s, T, p, option_of(a, OPTION_BASE))
    elif kind == K.Decision.DISCARD:
        game.discard_hand_index(s, p, option_of(a, HAND_BASE))
        game.drop_discard_event(s, T, 1 - p)
        if s[DEC_ARG] == K.DiscardFor.EFFECT:
            base = FRAMES + (s[FRAME_N] - 1) * FRAME_W
            s[base + FR_CNT] += 1
    elif kind == K.Decision.SELECT_CARD:
        base = FRAMES + (s[FRAME_N] - 1) * FRAME_W
        arow = s[base + E_ABIL]
        r = ability_table(T)[arow, K.A_CODE_START] + s[base + FR_PC]
        op = code_table(T)[r, K.I_OP]
        if op == K.Op.LOOK_TOP:
            game.look_answer(s, T, base, r, p, a, -1 if a == PASS else option_of(a, OPTION_BASE))
        elif op == K.Op.HAND_SELECT and a == PASS:
            s[base + FR_CNT] = -1  # "You may select ...": none (effects' HAND_SELECT reports it not done)
        elif op == K.Op.HAND_SELECT:
            # the selected card of the opponent's hand: they discard it (CR 15.1.1.4) or remove it from the game
            slot = s[CAND + option_of(a, OPTION_BASE)]
            opp = 1 - p
            for i in range(s[HAND_N + opp]):
                if s[HAND_L + opp * MAX_DECK + i] == slot:
                    if (code_table(T)[r, K.I_A2] & K.HAND_SELECT_REMOVE) == 0:
                        game.discard_hand_index(s, opp, i)
                        game.drop_discard_event(s, T, p)
                    else:
                        zone_remove_at(s, HAND_N + opp, HAND_L + opp * MAX_DECK, i)
                        s[ZONE + slot * CARD_W] = K.Zone.NONE
                        game.put_in_zone(s, slot, K.Zone.REMOVED)
                    break
            s[base + FR_CNT] += 1
        elif op == K.Op.DISCARD_MATCHING:
            slot = s[CAND + option_of(a, OPTION_BASE)]
            for i in range(s[HAND_N + p]):
                if s[HAND_L + p * MAX_DECK + i] == slot:
                    game.discard_hand_index(s, p, i)  # CR 15.1.1.4
                    break
            s[base + FR_CNT] += 1
        elif op == K.Op.CAST_FREE:
            # the Summon cast without paying its cost (play.cast_free: its targets' frame above this one); PASS (after
            # "you may"): none. This frame goes on past the instruction either way
            s[base + FR_CNT] = 0
            s[base + FR_PC] += 1
            if a != PASS:
                game.cast_free(s, T, p, s[CAND + option_of(a, OPTION_BASE)])
        elif op == K.Op.DULL_ACTIVE:
            s[s[CAND + option_of(a, OPTION_BASE)] * CARD_W + DULL] = 1  # the selected Character (CR 15.1.1.2)
            s[base + FR_CNT] += 1
        elif op == K.Op.OPP_SELECT:
            # the opponent's selection into the register (the op asks again until a1 are selected or none is left)
            reg = code_table(T)[r, K.I_REG]
            n = s[base + E_REGN + reg]
            s[base + E_REG + reg * TARGET_MAX + n] = s[CAND + option_of(a, OPTION_BASE)]
            s[base + E_REGN + reg] = n + 1
        elif op == K.Op.SEARCH:
            if a != PASS:
                slot = s[CAND + option_of(a, OPTION_BASE)]
                # CR 15.1.1.8.1: the card found is revealed (both players' observations: engine.reveals)
                reveal_begin(s, REVEALED_N, p)
                reveal_card(s, REVEALED_N, REVEALED, K.REVEAL_ROWS, p, s[CARD + slot * CARD_W])
                zone_take(s, ZT, slot)
                if code_table(T)[r, K.I_A1] == K.Destination.HAND:
                    game.put_in_zone(s, slot, K.Zone.HAND)
                elif code_table(T)[r, K.I_A1] == K.Destination.BREAK_ZONE:
                    game.put_in_zone(s, slot, K.Zone.BREAK)
                else:
                    game.enter_field(s, T, slot, p)
                    if code_table(T)[r, K.I_A1] == K.Destination.FIELD_DULL and s[ZONE + slot * CARD_W] == K.Zone.FIELD:
                        s[DULL + slot * CARD_W] = 1
            if a != PASS and s[base + FR_CNT] < code_table(T)[r, K.I_A2]:
                s[base + FR_CNT] += 1  # "search for up to N": the op asks for the next card (effects SEARCH)
            else:
                zone_shuffle(s, ZT, K.Zone.DECK, p, s)
                s[base + FR_CNT] = 0
                s[base + FR_PC] += 1
        else:
            if a == PASS:
                s[base + FR_CNT] = 0
                s[base + FR_PC] += 1
            elif op == K.Op.ADD_TO_HAND:
                slot = s[CAND + option_of(a, OPTION_BASE)]
                zone_take(s, ZT, slot)
                game.put_in_zone(s, slot, K.Zone.HAND)
                s[base + FR_CNT] += 1
            else:
                slot = s[CAND + option_of(a, OPTION_BASE)]
                game.put_onto_field_from_zone(s, T, slot, p)
                if (code_table(T)[r, K.I_A2] & K.PUT_DULL) != 0 and s[ZONE + slot * CARD_W] == K.Zone.FIELD:
                    s[DULL + slot * CARD_W] = 1  # "... onto the field dull" (as Op.SEARCH's field_dull)
                s[base + FR_CNT] += 1
    if s[H_NUM_DECISIONS] >= MAX_DECISIONS_PER_GAME and s[H_DONE] == 0:
        end_game(s, WINNER_DRAW)  # CR 13.1 safety net (documented)
        return
    game.advance(s, T)


@internal
def party_candidates(game, s, T, player):
    n = 0
    for i in range(s[FIELD_N + player]):
        slot = s[FIELD_L + player * FIELD_SLOTS + i]
        if game.can_attack(s, T, player, slot) and game.may_join_party(s, T, slot):
            n += 1
    return n


@internal
def may_join_party(game, s, T, slot):
    """CR 15.1.1.9.2: a party shares one element, its first attacker's (a rules variant replaces
    this rule: fftcg_2014.battle). In a pool with "can form a party with Forwards of any Element"
    (Op.PARTY_ANY_ELEMENT) the Forward joins when it shares the element of each Forward of the party
    or an exception covers the two (party_exception), pair by pair."""
    cards = card_table(T)
    elem = cards[s[CARD + slot * CARD_W], K.C_ELEMENT]
    ft = flag_table(T)
    if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_PARTY_ANY_ELEMENT) == 0:
        return elem == cards[s[CARD + s[ATK_L] * CARD_W], K.C_ELEMENT]
    for i in range(s[ATK_N]):
        m = s[ATK_L + i]
        if cards[s[CARD + m * CARD_W], K.C_ELEMENT] != elem and not game.party_exception(s, T, slot, m):
            return False
    return True


@internal
def party_exception(game, s, T, x, y):
    """Does a field ability on the attacking player's field let the Forwards in ``x`` and ``y`` form a party whatever
    their Elements (Op.PARTY_ANY_ELEMENT, while its condition holds): one of them is a Forward it lets (the card
    itself, or its filter's) and the other a partner it names (any Forward, or its partner filter's)?"""
    cards = card_table(T)
    abil = ability_table(T)
    code = code_table(T)
    p = s[TURN_PLAYER]
    for i in range(s[FIELD_N + p]):
        c = s[FIELD_L + p * FIELD_SLOTS + i]
        cid = s[CARD + c * CARD_W]
        a, r = game.field_op_row(T, cid, K.Op.PARTY_ANY_ELEMENT, cards[cid, K.C_ABIL_START], 0)
        while r >= 0:
            if game.condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], p, c):
                who = code[r, K.I_A0]
                mate = code[r, K.I_A1]
                for k in range(2):
                    u = x if k == 0 else y
                    v = y if k == 0 else x
                    if (u == c if who == K.PARTY_SELF else game.filter_match(s, T, who, u, p, c)) \
                            and (mate == K.PARTY_ANY or game.filter_match(s, T, mate, v, p, c)):
                        return True
            a, r = game.field_op_row(T, cid, K.Op.PARTY_ANY_ELEMENT, a, r + 1)
    return False


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
    clear_zone_lists(s, ZT)
    for k in range(FIELD_SLOTS):
        s[ATK_L + k] = -1
    s[BLOCKER] = -1
    for p in range(2):
        deal_deck(s, ZT, K.Zone.DECK, p, deck0 if p == 0 else deck1, p * MAX_DECK)
        zone_shuffle(s, ZT, K.Zone.DECK, p, s)  # CR 8.2.1.1
    chooser = rng_below(s, 2)  # CR 8.2.1.2
    s[PHASE] = K.Phase.SETUP
    set_decision(s, K.Decision.CHOOSE_FIRST, chooser)
