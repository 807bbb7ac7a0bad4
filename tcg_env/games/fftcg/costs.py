"""FF-TCG rules kernels: costs, whether they can be paid and paying them (CR 5.2.1.3, 11.2).

Whether a payment is feasible (discards for 2 CP, Backups dulled for 1 CP, one CP of the card's
element, one CP over from a discard, CR 5.2.1.3.1), the player's CP sources, and the payment in
progress that the PAY_CP / PAY_DISCARD decisions fill. See ``kernels`` for the file layout.
"""

import numpy as np

from tcg_env.engine.tables import ability_table, card_table, code_table, flag_table
from tcg_env.engine.jit import internal, internal_widened
from tcg_env.rules.costs import PACK_BITS, packed_add, packed_count
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import FIELD_SLOTS, FL_PAY, MAX_BACKUPS, MAX_DECK, PK_ABILITY
from tcg_env.games.fftcg.state import (
    BOOST,
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
    if elem >= K.ELEM_MULTI:
        return game.can_pay_multi(s, T, player, cost, elem - K.ELEM_MULTI, skip_hand_slot, skip_field_slot)
    nd, nde, nb, nbe = game.pay_resources(s, T, player, elem, skip_hand_slot, skip_field_slot)
    return game.pay_feasible(cost, elem >= 0, nd, nde, nb, nbe)


XSET_BITS = 8  # one element set (a bit per element) of a Backup that produces CP of a few elements
XSET_MASK = (1 << XSET_BITS) - 1
XSET_MAX = MAX_BACKUPS  # such Backups counted (a field holds 5 Backups at most, play.py): 5 * XSET_BITS bits
XSET_CH_BITS = 4
XSET_CH_MASK = (1 << XSET_CH_BITS) - 1


# ---- costs of several element CP symbols ("{Fire}{Ice}{1}", "{Fire}{Fire}": one CP of each symbol's element) ----
@internal
def elem_need(req, e):
    """The CP of element ``e`` still asked by the packed counts ``req`` (ELEM_BITS bits per element)."""
    return (req >> (K.ELEM_BITS * e)) & K.ELEM_MAX


@internal
def elem_pay(req, e, n):
    """``req`` with ``n`` CP of element ``e`` paid (its count never below 0)."""
    return req - (min(n, elem_need(req, e)) << (K.ELEM_BITS * e))


@internal
def multi_sources(game, s, T, player, skip_hand_slot, skip_field_slot):
    """``player``'s CP sources but the two skipped slots (CR 5.2.1.3): (discardable cards, their count per element
    packed (``rules.costs.packed_count``), active Backups, theirs per element, those of them that produce CP of any
    Element, the element sets of those that produce CP of their own element or of the ones printed (``xsets``:
    XSET_BITS bits per such Backup, one bit per element; they count in the active Backups, not in the per-element
    counts))."""
    cards = card_table(T)
    d = np.int64(0)
    b = np.int64(0)
    nd = 0
    for i in range(s[HAND_N + player]):
        slot = s[HAND_L + player * MAX_DECK + i]
        cid = s[CARD + slot * CARD_W]
        if slot == skip_hand_slot or game.is_light_dark(cards, cid):
            continue  # Light and Dark cards can't be discarded for CP
        nd += 1
        d = packed_add(d, cards[cid, K.C_ELEMENT])
    nb = 0
    nany = 0
    xsets = np.int64(0)
    nx = 0
    for i in range(s[FIELD_N + player]):
        slot = s[FIELD_L + player * FIELD_SLOTS + i]
        if slot == skip_field_slot or s[DULL + slot * CARD_W] != 0:
            continue
        cid = s[CARD + slot * CARD_W]
        if cards[cid, K.C_TYPE] != K.CardType.BACKUP:
            continue
        nb += 1
        xset = backup_element_set(cards, cid)
        if xset < 0:
            nany += 1
        elif xset > 0 and nx < XSET_MAX:
            xsets |= np.int64(xset) << (XSET_BITS * nx)
            nx += 1
        else:
            b = packed_add(b, cards[cid, K.C_ELEMENT])
    return nd, d, nb, b, nany, xsets


@internal
def backup_element_set(cards, cid):
    """The elements the Backup ``cid`` produces CP of when it also produces some printed ones ("~ can produce Wind
    CP", Op.ANY_ELEMENT_CP with elements): one bit per element, its own and those; -1 when it produces CP of any
    Element; 0 when only its own element's."""
    has = cards[cid, K.C_HAS_FIELD]
    if (has & K.ANY_ELEMENT_CP) == 0:
        return 0
    extra = (has & K.EXTRA_ELEMENT_CP_MASK) >> K.EXTRA_ELEMENT_CP_SHIFT
    if extra == 0:
        return -1
    return extra | (1 << cards[cid, K.C_ELEMENT])


@internal
def xset_drop(xsets, xset):
    """``xsets`` without one Backup whose element set is ``xset`` (the Backups of one set are alike)."""
    k = 0
    while k < XSET_MAX:
        if ((xsets >> (XSET_BITS * k)) & XSET_MASK) == xset:
            low = xsets & ((np.int64(1) << (XSET_BITS * k)) - 1)
            return low | ((xsets >> (XSET_BITS * (k + 1))) << (XSET_BITS * k))
        k += 1
    return xsets


@internal
def xset_choices(xset, req):
    """The elements worth trying for a Backup of element set ``xset`` in a payment asking the symbols ``req``: those
    of its set still asked, and one of its set not asked (all such pay a generic CP alike)."""
    asked = 0
    for e in range(K.N_CP_ELEMENTS):
        if elem_need(req, e) > 0:
            asked |= 1 << e
    out = xset & asked
    rest = xset & ~asked
    if rest != 0:
        out |= rest & -rest
    return out


@internal
def pay_multi_feasible_x(remaining, req, had_discard, nd, d, nb, b, nany, xsets):
    """:func:`pay_multi_feasible` with Backups that produce CP of one of a few elements (``xsets``, counted in
    ``nb``, not in ``b``): every element each of them may produce (:func:`xset_choices`) is tried."""
    if xsets == 0:
        return pay_multi_feasible(remaining, req, had_discard, nd, d, nb, b, nany)
    nx = 0
    ch = np.int64(0)  # the element each of them produces, XSET_CH_BITS bits each: a counter over them
    while nx < XSET_MAX and ((xsets >> (XSET_BITS * nx)) & XSET_MASK) != 0:
        c = xset_choices((xsets >> (XSET_BITS * nx)) & XSET_MASK, req)
        ch |= np.int64(lowest_bit(c)) << (XSET_CH_BITS * nx)
        nx += 1
    while True:
        bb = b
        for k in range(nx):
            bb = packed_add(bb, (ch >> (XSET_CH_BITS * k)) & XSET_CH_MASK)
        if pay_multi_feasible(remaining, req, had_discard, nd, d, nb, bb, nany):
            return True
        k = 0
        while k < nx:
            c = xset_choices((xsets >> (XSET_BITS * k)) & XSET_MASK, req)
            e = (ch >> (XSET_CH_BITS * k)) & XSET_CH_MASK
            nxt = c & ~((np.int64(2) << e) - 1)
            ch -= e << (XSET_CH_BITS * k)
            if nxt != 0:
                ch += np.int64(lowest_bit(nxt)) << (XSET_CH_BITS * k)
                break
            ch += np.int64(lowest_bit(c)) << (XSET_CH_BITS * k)
            k += 1
        if k >= nx:
            return False


@internal
def lowest_bit(m):
    """The index of the lowest set bit of ``m`` > 0."""
    i = 0
    while ((m >> i) & 1) == 0:
        i += 1
    return i


@internal
def can_pay_multi(game, s, T, player, cost, req, skip_hand_slot, skip_field_slot):
    """Can ``player`` pay ``cost`` CP, the element symbols of the packed counts ``req`` each with a CP of its
    element, from its sources but the two skipped slots?"""
    nd, d, nb, b, nany, xsets = game.multi_sources(s, T, player, skip_hand_slot, skip_field_slot)
    return pay_multi_feasible_x(cost, req, False, nd, d, nb, b, nany, xsets)


@internal
def pay_exact(n, nd, nb):
    """Can exactly ``n`` >= 0 CP be made with up to ``nd`` discards (2 CP each) and ``nb`` Backups (1 CP each)?"""
    return max(0, (n - nb + 1) // 2) <= min(nd, n // 2)


@internal
def rest_generic(left, had_discard, nd, nb):
    """Can the CP left (``left``; -1: the sources chosen already make one CP more than the cost) be made without an
    element from ``nd`` discards and ``nb`` Backups, the whole payment exact or one CP over with a discard among its
    sources (CR 5.2.1.3.1; ``had_discard``: one is among the sources chosen already)?"""
    if left <= 0:
        return left == 0 or (left == -1 and had_discard)
    if nd < 0 or nb < 0:
        return False
    if had_discard:
        return pay_exact(left, nd, nb) or pay_exact(left + 1, nd, nb)
    return pay_feasible(left, False, nd, 0, nb, 0)


@internal
def pay_multi_feasible(remaining, req, had_discard, nd, d, nb, b, nany):
    """Can the payment be finished: ``remaining`` CP more (exactly, or one CP more with a discard among all its
    sources: CR 5.2.1.3.1; ``had_discard``: a card was discarded for it already), each element symbol still asked
    (``req``: ELEM_BITS bits per element) paid with a CP of its element (CR 5.2.1.3: a discard makes 2 CP, a Backup
    1 CP, of the card's element), from ``nd`` discardable cards and ``nb`` active Backups (``d`` / ``b``: their
    counts per element, packed as ``rules.costs.packed_count`` reads them; ``nany`` of the Backups produce CP of any
    Element)? Every way of paying the symbols is tried (for each element asked: how many of its cards are discarded
    for its symbols, 0 .. half of them rounded up; the rest of them from its Backups, then from the any-element
    ones), and the CP left is then made without an element from the sources not used (:func:`rest_generic`)."""
    if nd < 0 or nb < 0:
        return False
    xs = np.int64(0)  # the discards for each element's symbols (PACK_BITS bits each): a counter over them
    while True:
        used_d = 0
        used_b = 0
        used_any = 0
        made = 0  # CP the symbols' sources make
        for e in range(K.N_CP_ELEMENTS):
            r = elem_need(req, e)
            if r == 0:
                continue
            x = packed_count(xs, e)
            y = max(0, r - 2 * x)
            yb = min(y, packed_count(b, e))
            used_d += x
            used_b += yb
            used_any += y - yb
            made += 2 * x + y
        if used_any <= nany and rest_generic(remaining - made, had_discard or used_d > 0, nd - used_d,
                                             nb - used_b - used_any):
            return True
        # the next combination of discards
        e = 0
        while e < K.N_CP_ELEMENTS:
            r = elem_need(req, e)
            x = packed_count(xs, e)
            if r > 0 and x < (r + 1) // 2 and x < packed_count(d, e):
                xs = packed_add(xs, e)
                break
            xs -= x << (PACK_BITS * e)
            e += 1
        if e >= K.N_CP_ELEMENTS:
            return False


@internal
def multi_source_ok(remaining, req, had_discard, nd, d, nb, b, nany, xsets, elem, cp, xset):
    """May one more source pay toward the payment in progress (``remaining`` CP, element symbols ``req`` still
    asked, ``had_discard``; the sources ``nd``, ``d``, ``nb``, ``b``, ``nany``, ``xsets`` include it): a discard
    (``cp`` 2) or a Backup (1) of element ``elem`` (``xset`` -1: of any Element, the player's choice; > 0: of one of
    the elements of that set, :func:`backup_element_set`)? The payment is one set of sources (CR 11.6.10: paid at
    once), so the order they are chosen in does not matter. Returns the symbols still asked after it (>= 0) when the
    payment can still be finished, else -1."""
    if xset != 0:
        # its CP is of the element the player names (among its set): a symbol's, or one not asked (a generic CP)
        for e in range(-1, K.N_CP_ELEMENTS):
            if e >= 0 and (elem_need(req, e) == 0 or (xset > 0 and ((xset >> e) & 1) == 0)):
                continue
            r2 = req if e < 0 else elem_pay(req, e, 1)
            if xset < 0:
                ok = pay_multi_feasible_x(remaining - 1, r2, had_discard, nd, d, nb - 1, b, nany - 1, xsets)
            else:
                ok = pay_multi_feasible_x(remaining - 1, r2, had_discard, nd, d, nb - 1, b, nany,
                                          xset_drop(xsets, xset))
            if ok:
                return r2
        return -1
    r2 = elem_pay(req, elem, cp) if elem < K.N_CP_ELEMENTS else req
    if cp == 2:
        ok = pay_multi_feasible_x(remaining - 2, r2, True, nd - 1, d - (np.int64(1) << (PACK_BITS * elem)), nb, b,
                                  nany, xsets)
    else:
        ok = pay_multi_feasible_x(remaining - 1, r2, had_discard, nd, d, nb - 1,
                                  b - (np.int64(1) << (PACK_BITS * elem)), nany, xsets)
    return r2 if ok else -1


@internal
def pay_cp_mask_multi(game, s, T, p, out, reserved):
    """The PAY_CP mask (HAND i: discard for 2 CP, OWN_FIELD i: dull a Backup for 1 CP) of a payment whose cost has
    several element symbols (PAY_ELEM >= ELEM_MULTI): the sources after which the rest can still be paid."""
    cards = card_table(T)
    nd, d, nb, b, nany, xsets = game.multi_sources(s, T, p, -1, reserved)
    req = -s[PAY_HAS_ELEM] if s[PAY_HAS_ELEM] < 0 else 0
    remaining = s[PAY_COST] - s[PAY_PAID]
    had = s[PAY_NDISC] > 0
    n_legal = 0
    for i in range(min(s[HAND_N + p], K.HAND_SLOTS)):
        cid = s[CARD + s[HAND_L + p * MAX_DECK + i] * CARD_W]
        if game.is_light_dark(cards, cid):
            continue
        if multi_source_ok(remaining, req, had, nd, d, nb, b, nany, xsets, cards[cid, K.C_ELEMENT], 2, 0) >= 0:
            out[K.HAND_BASE + i] = 1
            n_legal += 1
    for i in range(s[FIELD_N + p]):
        slot = s[FIELD_L + p * FIELD_SLOTS + i]
        cid = s[CARD + slot * CARD_W]
        if cards[cid, K.C_TYPE] != K.CardType.BACKUP or s[DULL + slot * CARD_W] != 0 or slot == reserved:
            continue
        if multi_source_ok(remaining, req, had, nd, d, nb, b, nany, xsets, cards[cid, K.C_ELEMENT], 1,
                           backup_element_set(cards, cid)) >= 0:
            out[K.OWN_FIELD_BASE + i] = 1
            n_legal += 1
    return n_legal


@internal
def note_paid_element(game, s, T, elem):
    """The payment in progress paid CP of Element ``elem`` (a PAY_CP answer): while a card is cast or played (not an
    ability's cost), in a pool that reads it (FLAG_PAID_ELEMENTS: Condition.PAID_ELEMENTS, PER_PAID_ELEMENTS), the card's
    state.BOOST word marks the Element (PAID_SHIFT + the Element; Light and Dark share a bit, CR 12.4.7)."""
    ft = flag_table(T)
    if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_PAID_ELEMENTS) == 0 or s[PAY_KIND] == PK_ABILITY:
        return
    if not game.reads_paid_elements(T, s[CARD + s[PAY_SLOT] * CARD_W]):
        return  # (the marks are read on the card's own abilities only: no other card's payment writes them)
    s[BOOST + s[PAY_SLOT]] |= 1 << (K.PAID_SHIFT + min(elem, K.N_CP_ELEMENTS))  # (Light, Dark: bit 6)


@internal
def reads_paid_elements(T, cid):
    """Does card ``cid`` have an ability that reads the Elements paid to cast it (an ability's or an IF / MODE_IF row's
    Condition.PAID_ELEMENTS, a DAMAGE / POWER_PER amount per PER_PAID_ELEMENTS)?"""
    cards = card_table(T)
    abil = ability_table(T)
    code = code_table(T)
    a0 = cards[cid, K.C_ABIL_START]
    n = cards[cid, K.C_ABIL_COUNT]
    for k in range(n + 1):
        a = a0 + k if k < n else cards[cid, K.C_SUMMON_ABIL]  # (a Summon's effect too)
        if a < 0:
            continue
        if abil[a, K.A_COND] == K.Condition.PAID_ELEMENTS:
            return True
        c0 = abil[a, K.A_CODE_START]
        for r in range(c0, c0 + abil[a, K.A_CODE_LEN]):
            op = code[r, K.I_OP]
            if (op == K.Op.IF or op == K.Op.MODE_IF) and code[r, K.I_A0] == K.Condition.PAID_ELEMENTS:
                return True
            if (op == K.Op.DAMAGE or op == K.Op.POWER_PER) and code[r, K.I_A2] == K.PER_PAID_ELEMENTS:
                return True
    return False


@internal
def paid_element_count(s, slot):
    """The different Elements of the CP paid to cast the card in ``slot`` (note_paid_element's bits; 0: not cast)."""
    m = (s[BOOST + slot] & K.PAID_MASK) >> K.PAID_SHIFT
    n = 0
    while m != 0:
        n += m & 1
        m >>= 1
    return n


@internal
def pay_cp_answer_multi(game, s, T, p, a):
    """The PAY_CP answer ``a`` of a payment whose cost has several element symbols: the source pays (a discard 2 CP,
    a Backup 1 CP) and the symbols still asked (PAY_HAS_ELEM) lose those it pays (a Backup of any Element: the first
    symbol's element after which the rest can still be paid, else none)."""
    cards = card_table(T)
    req = -s[PAY_HAS_ELEM] if s[PAY_HAS_ELEM] < 0 else 0
    if a < K.OWN_FIELD_BASE:
        slot = game.discard_hand_index(s, p, a - K.HAND_BASE)
        s[PAY_PAID] += 2
        s[PAY_NDISC] += 1
        e = cards[s[CARD + slot * CARD_W], K.C_ELEMENT]
        game.note_paid_element(s, T, e)
        if e < K.N_CP_ELEMENTS:
            req = elem_pay(req, e, 2)
    else:
        slot = s[FIELD_L + p * FIELD_SLOTS + (a - K.OWN_FIELD_BASE)]
        cid = s[CARD + slot * CARD_W]
        xset = backup_element_set(cards, cid)
        produced = cards[cid, K.C_ELEMENT]
        if xset != 0:
            nd, d, nb, b, nany, xsets = game.multi_sources(s, T, p, -1, game.pay_reserved_field(s, T))
            r2 = multi_source_ok(s[PAY_COST] - s[PAY_PAID], req, s[PAY_NDISC] > 0, nd, d, nb, b, nany, xsets, 0, 1,
                                 xset)
            if r2 >= 0:
                if r2 != req:  # the symbol's Element it pays (the first field whose count went down)
                    diff = req - r2
                    produced = 0
                    while ((diff >> (K.ELEM_BITS * produced)) & ((1 << K.ELEM_BITS) - 1)) == 0:
                        produced += 1
                req = r2
        elif cards[cid, K.C_ELEMENT] < K.N_CP_ELEMENTS:
            req = elem_pay(req, cards[cid, K.C_ELEMENT], 1)
        game.note_paid_element(s, T, produced)
        s[DULL + slot * CARD_W] = 1
        s[PAY_PAID] += 1
    s[PAY_HAS_ELEM] = 1 if req == 0 else -req


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
    if elem >= K.ELEM_MULTI:  # several element symbols: the sources counted by element (never a starter pool's)
        return game.can_pay_multi(s, T, player, cost, elem - K.ELEM_MULTI, skip_hand_slot, skip_field_slot)
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
    elem = game.pay_element(s, T, player, slot)
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
def pay_element(game, s, T, player, slot):
    """``card_pay_element`` of the hand card ``slot`` (card id from the slot; one that has just left the hand is looked
    at as in the hand), or -1 while a field ability says its cost "can be paid with CP of any Element" (the
    COST_REDUCTION / SELF_COST_REDUCTION rows with a2 = 1: characteristics.pays_any_element; pool flag
    FLAG_ANY_ELEMENT_PAY)."""
    cards = card_table(T)
    cid = s[CARD + slot * CARD_W]
    elem = game.card_pay_element(cards, cid)
    ft = flag_table(T)
    if elem < 0 or (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_ANY_ELEMENT_PAY) == 0:
        return elem  # no card of the pool says so: no scan of the cost reductions (one per hand card and mask)
    z = s[ZONE + slot * CARD_W]
    s[ZONE + slot * CARD_W] = K.Zone.HAND
    anyel = game.pays_any_element(s, T, player, slot)
    s[ZONE + slot * CARD_W] = z
    return -1 if anyel else elem


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
def has_elem_start(elem, cost):
    """PAY_HAS_ELEM as a payment of ``cost`` CP with element requirement ``elem`` (A_COST_ELEMENT) starts: 1 none
    asked, 0 one CP of element ``elem`` asked, -(the packed counts) several element symbols (ELEM_MULTI)."""
    if elem < 0 or cost == 0:
        return 1
    if elem >= K.ELEM_MULTI:
        return -(elem - K.ELEM_MULTI)
    return 0


@internal
def begin_payment(game, s, kind, player, slot, arow, cost, elem, discard_left, samename):
    s[PAY_KIND] = kind
    s[PAY_PLAYER] = player
    s[PAY_SLOT] = slot
    s[PAY_ABIL] = arow
    s[PAY_COST] = cost
    s[PAY_ELEM] = elem
    s[PAY_PAID] = 0
    if kind != PK_ABILITY:
        s[BOOST + slot] &= ~K.PAID_MASK  # the Elements paid to cast it (note_paid_element): none yet
    s[PAY_HAS_ELEM] = game.has_elem_start(elem, cost)
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
        and s[PAY_HAS_ELEM] > 0  # (several element symbols: -(the symbols still asked) until they are paid)
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
