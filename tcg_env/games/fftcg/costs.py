"""FF-TCG rules kernels: costs, whether they can be paid and paying them (CR 5.2.1.3, 11.2).

Whether a payment is feasible (discards for 2 CP, Backups dulled for 1 CP, one CP of the card's
element, one CP over from a discard, CR 5.2.1.3.1), the player's CP sources, and the payment in
progress that the PAY_CP / PAY_DISCARD decisions fill. See ``kernels`` for the file layout.
"""

from tcg_env.engine.tables import ability_table, card_table
from tcg_env.engine.jit import internal, internal_widened
from tcg_env.rules.costs import packed_add, packed_count
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import FIELD_SLOTS, FL_PAY, MAX_DECK, PK_ABILITY
from tcg_env.games.fftcg.state import (
    CARD,
    CARD_W,
    CONTROLLER,
    DULL,
    FIELD_L,
    FIELD_N,
    FLOW,
    HAND_L,
    HAND_N,
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
    ZONE,
)


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
def produces_element(game, cards, cid, elem):
    """Does the Backup ``cid``, dulled for CP, pay the one CP of element ``elem`` a cost asks? Its own
    element's, or any element's when it "can produce CP of any Element" (Op.ANY_ELEMENT_CP), or the elements it
    "can produce" besides its own (Op.ANY_ELEMENT_CP with elements: C_HAS_FIELD bits 10..17)."""
    if elem < 0:
        return False
    if cards[cid, K.C_ELEMENT] == elem:
        return True
    has = cards[cid, K.C_HAS_FIELD]
    if (has & K.ANY_ELEMENT_CP) == 0:
        return False
    extra = (has & K.EXTRA_ELEMENT_CP_MASK) >> K.EXTRA_ELEMENT_CP_SHIFT
    return extra == 0 or ((extra >> elem) & 1) != 0


@internal_widened  # called with literal arguments from many places: one compile (engine.jit)
def pay_resources(game, s, T, player, elem, skip_hand_slot, skip_field_slot):
    """Count CP sources: (discardable cards, of the element, usable backups, of the element)."""
    cards = card_table(T)
    nd = 0
    nde = 0
    for i in range(s[HAND_N + player]):
        slot = s[HAND_L + player * MAX_DECK + i]
        if slot == skip_hand_slot:
            continue
        cid = s[CARD + slot * CARD_W]
        if game.is_light_dark(cards, cid):
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
        if game.produces_element(cards, cid, elem):
            nbe += 1
    return nd, nde, nb, nbe


@internal_widened  # called with literal arguments from many places: one compile (engine.jit)
def can_pay(game, s, T, player, cost, elem, skip_hand_slot, skip_field_slot):
    """Exact check by scanning (used outside mask computation)."""
    nd, nde, nb, nbe = game.pay_resources(s, T, player, elem, skip_hand_slot, skip_field_slot)
    return game.pay_feasible(cost, elem >= 0, nd, nde, nb, nbe)


@internal
def count_resources(game, s, T, player):
    """Mask fast path: ``player``'s CP sources (CR 5.2.1.3), counted once per mask instead of once
    per card: (discardable hand cards, their count per element, active Backups, their count per
    element), each per-element count packed in one int64 (``rules.costs.packed_count``). Kept in registers
    rather than in a scratch run of the row, whose increments, 16-word sums per card and final
    zeroing went through memory (with the legal mask's early skips: PRIORITY mask 253 -> 193 ns
    on 3,000 recorded states, 2026-11-25)."""
    cards = card_table(T)
    nd = 0
    disc = 0
    for i in range(s[HAND_N + player]):
        cid = s[CARD + (s[HAND_L + player * MAX_DECK + i]) * CARD_W]
        if not game.is_light_dark(cards, cid):
            nd += 1
            disc = packed_add(disc, cards[cid, K.C_ELEMENT])
    nb = 0
    bk = 0
    for i in range(s[FIELD_N + player]):
        slot = s[FIELD_L + player * FIELD_SLOTS + i]
        cid = s[CARD + slot * CARD_W]
        if cards[cid, K.C_TYPE] == K.CardType.BACKUP and s[DULL + slot * CARD_W] == 0:
            nb += 1
            if (cards[cid, K.C_HAS_FIELD] & K.ANY_ELEMENT_CP) != 0:
                # CP of any Element (or of the elements it can produce besides its own): a source of each (one
                # element CP is asked per cost)
                extra = (cards[cid, K.C_HAS_FIELD] & K.EXTRA_ELEMENT_CP_MASK) >> K.EXTRA_ELEMENT_CP_SHIFT
                for e in range(8):
                    if extra == 0 or ((extra >> e) & 1) != 0 or e == cards[cid, K.C_ELEMENT]:
                        bk = packed_add(bk, e)
            else:
                bk = packed_add(bk, cards[cid, K.C_ELEMENT])
    return nd, disc, nb, bk


@internal_widened  # called with literal arguments from many places: one compile (engine.jit)
def can_pay_counted(game, s, T, player, cost, elem, skip_hand_slot, skip_field_slot, nd, disc, nb, bk):
    """``can_pay`` from the counts of ``count_resources`` (same result)."""
    cards = card_table(T)
    nde = packed_count(disc, elem) if elem >= 0 else 0
    nbe = packed_count(bk, elem) if elem >= 0 else 0
    if skip_hand_slot >= 0 and s[ZONE + skip_hand_slot * CARD_W] == K.Zone.HAND:
        cid = s[CARD + skip_hand_slot * CARD_W]
        if not game.is_light_dark(cards, cid):
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
            if game.produces_element(cards, cid, elem):
                nbe -= 1
    return game.pay_feasible(cost, elem >= 0, nd, nde, nb, nbe)


@internal
def pay_restriction(s, T):
    """What may pay the payment in progress (PAY_ONLY_ELEMENT / PAY_ONLY_BACKUPS bits of the card being played or
    cast, Op.PAY_ONLY; 0 for an ability's cost)."""
    if s[PAY_KIND] == PK_ABILITY:
        return 0
    return card_table(T)[s[CARD + s[PAY_SLOT] * CARD_W], K.C_HAS_FIELD] & (K.PAY_ONLY_ELEMENT | K.PAY_ONLY_BACKUPS)


@internal
def can_pay_card(game, s, T, player, cost, cid, slot, nd, disc, nb, bk):
    """Can ``player`` pay ``cost`` to play / cast the hand card ``slot`` (card ``cid``)? ``can_pay_counted``, and for a
    card that may be paid only with its element's CP / Backups' CP (Op.PAY_ONLY) the sources it allows counted."""
    cards = card_table(T)
    elem = game.card_pay_element(cards, cid)
    only = cards[cid, K.C_HAS_FIELD] & (K.PAY_ONLY_ELEMENT | K.PAY_ONLY_BACKUPS)
    if only == 0:
        return game.can_pay_counted(s, T, player, cost, elem, slot, -1, nd, disc, nb, bk)
    nd, nde, nb, nbe = game.pay_resources(s, T, player, elem, slot, -1)
    if (only & K.PAY_ONLY_BACKUPS) != 0:
        nd = nde = 0
    if (only & K.PAY_ONLY_ELEMENT) != 0:
        nd, nb = nde, nbe
    return game.pay_feasible(cost, elem >= 0, nd, nde, nb, nbe)


@internal
def card_pay_element(game, cards, cid):
    """Element one CP of which must be paid; Light/Dark cards are exempt (CR 11.2.1.1)."""
    if game.is_light_dark(cards, cid):
        return -1
    return cards[cid, K.C_ELEMENT]


# =============================================================================================
# The payment in progress (the PAY_CP and PAY_DISCARD decisions)
# =============================================================================================
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
def payment_complete(s):
    return (
        s[PAY_DISCARD_LEFT] == 0
        and s[PAY_SAMENAME] == 0
        and s[PAY_PAID] >= s[PAY_COST]
        and s[PAY_HAS_ELEM] != 0
    )


@internal
def pay_reserved_field(s, T):
    """The source of an ability with a dull or break-self cost can't also be dulled for CP."""
    if s[PAY_KIND] != PK_ABILITY:
        return -1
    abil = ability_table(T)
    arow = s[PAY_ABIL]
    if abil[arow, K.A_COST_DULL] != 0 or abil[arow, K.A_COST_BREAK_SELF] != 0:
        return s[PAY_SLOT]
    return -1
