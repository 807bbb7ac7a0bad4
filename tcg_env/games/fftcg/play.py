"""FF-TCG rules kernels: paying CP, playing cards and using abilities (CR 11.2-11.7).

Whether a payment is feasible (CR 11.2, 5.2.1.3: discards for 2 CP, Backups dulled for 1 CP, one
CP of the card's element), whether a card in hand can be played (Characters CR 11.4, Summons CR
11.3) or an action / special ability used (CR 11.6, 11.7), and the payment decisions that follow.
"""

import numpy as np

from tcg_env.engine.tables import ability_table, card_table
from tcg_env.engine.jit import internal
from tcg_env.engine.header import H_TURN
from tcg_env.engine.chase import chase_full, chase_push
from tcg_env.engine.zones import zone_remove_at
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import (
    EK_ABILITY,
    EK_SUMMON,
    FIELD_SLOTS,
    FL_PAY,
    FL_PRIORITY,
    FRAME_MAX,
    KW_HASTE,
    MAX_BACKUPS,
    MAX_DECK,
    M_TARGET,
    PK_ABILITY,
    PK_CHARACTER,
    PK_NONE,
    PK_SUMMON,
    P_CAST,
    RULES,
)
from tcg_env.games.fftcg.state import (
    BUILD_ENTRY,
    CARD,
    CARD_W,
    CONTROLLER,
    CTRL_TURN,
    DULL,
    D_KW,
    ENTRY_W,
    FIELD_L,
    FIELD_N,
    FLOW,
    FRAME_N,
    HAND_L,
    HAND_N,
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
    PRIORITY_PLAYER,
    STACK_N,
    TURN_PLAYER,
    ZONE,
)
from tcg_env.games.fftcg.board import count_field_type, current_cost, is_light_dark, refresh_derived
from tcg_env.games.fftcg.zones import enter_field, leave_field
from tcg_env.games.fftcg.effects import has_required_targets, push_program_frame


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
    if chase_full(RULES, s) or s[FRAME_N] >= FRAME_MAX:
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
        if chase_full(RULES, s) or s[FRAME_N] >= FRAME_MAX:
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
        chase_push(RULES, s, BUILD_ENTRY)
        s[PRIORITY_PLAYER] = player
    else:
        arow = s[PAY_ABIL]
        if abil[arow, K.A_COST_DULL] != 0:
            s[DULL + slot * CARD_W] = 1
        chase_push(RULES, s, BUILD_ENTRY)
        if abil[arow, K.A_COST_BREAK_SELF] != 0 and s[ZONE + slot * CARD_W] == K.Zone.FIELD:
            leave_field(s, T, slot, K.Zone.BREAK, False)  # a cost, not "breaking" (CR 15.1.1.3.2)
        s[PRIORITY_PLAYER] = player
    s[PASSES] = 0
    s[FLOW] = FL_PRIORITY
    refresh_derived(s, T)
