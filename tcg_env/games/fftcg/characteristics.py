"""FF-TCG rules kernels: the cards as they are now.

Who controls a card (CR 6.2), Light and Dark cards (CR 5.2.1.1), and the derived values of the
cards on the field: power, keywords and restrictions with field abilities applied (CR 11.9,
11.12.4), current costs with cost reductions (CR 11.2). Filters and conditions are ``filters``.
See ``kernels`` for the file layout.
"""

from numba import njit

from tcg_env.engine.tables import ability_table, card_table, code_table, filter_table, flag_table
from tcg_env.engine.jit import internal, internal_inline, internal_widened
from tcg_env.engine.memory import prefetch
from tcg_env.rules.modifiers import mod_total
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import FIELD_SLOTS, N_SLOTS
from tcg_env.games.fftcg.filters import field_type_mask
from tcg_env.games.fftcg.state import (
    BREAK_IN,
    BREAK_N,
    CARD,
    CARD_W,
    CONTROLLER,
    D_COUNTS,
    D_KW,
    D_POWER,
    D_RST,
    DAMAGE_N,
    DERIVED_CLEAN,
    FA_BREAK_IN,
    FA_BREAK_N,
    FA_COST_REDUCTIONS,
    FA_DAMAGE_N,
    FA_FIELD_N,
    FA_HAND_N,
    FA_HEAD,
    FA_KEYWORDS,
    FA_PHASE,
    FA_POS,
    FA_POWER,
    FA_RESTRICTIONS,
    FA_TURN,
    FA_W,
    FIELD_L,
    FIELD_N,
    HAND_N,
    MT,
    PHASE,
    TURN_PLAYER,
    ZONE,
)


# =============================================================================================
# Small helpers
# =============================================================================================
@internal
def controls(s, player, slot):
    return s[ZONE + slot * CARD_W] == K.Zone.FIELD and s[CONTROLLER + slot * CARD_W] == player


@internal
def is_light_dark(cards, cid):
    e = cards[cid, K.C_ELEMENT]
    return e == K.Element.LIGHT or e == K.Element.DARK


@internal_widened  # called with literal ops and int32 / int64 cursors: one compile (engine.jit)
def field_op_row(T, cid, opcode, a, r):
    """The rows with op ``opcode`` of card ``cid``'s field abilities (CR 11.9), one at a time: the first
    at or after code row ``r`` of ability ``a``, as (its ability row, its code row), or (-1, -1) when none
    is left. Start at (``cards[cid, C_ABIL_START]``, 0); the next after (a, r) is at (a, r + 1). Whether
    the row applies now (its ability's condition, its filter) is the caller's to check::

        a, r = game.field_op_row(T, cid, op, cards[cid, K.C_ABIL_START], 0)
        while r >= 0:
            ...
            a, r = game.field_op_row(T, cid, op, a, r + 1)
    """
    cards = card_table(T)
    abil = ability_table(T)
    code = code_table(T)
    a_end = cards[cid, K.C_ABIL_START] + cards[cid, K.C_ABIL_COUNT]
    while a < a_end:
        if abil[a, K.A_KIND] == K.AbilityKind.FIELD:
            c0 = abil[a, K.A_CODE_START]
            for i in range(max(r, c0), c0 + abil[a, K.A_CODE_LEN]):
                if code[i, K.I_OP] == opcode:
                    return a, i
        a += 1
        r = 0
    return -1, -1


# =============================================================================================
# Derived values: power, keywords and restrictions with field abilities applied (CR 11.9, 11.12.4)
# =============================================================================================
@njit(cache=True)
def refresh_derived(game, s, T):
    c = s[DERIVED_CLEAN]
    if c != 0 and (c == 1 or field_counts_kept(s, c - 1)):
        # nothing the derived values are computed from changed since the last refresh (state.DERIVED_CLEAN): no
        # modifier, no field, and the counts the field abilities' conditions read are the kept part's
        return
    cards = card_table(T)
    flags = flag_table(T)
    n_field_abil = 0
    deps = 0  # what the field abilities on the field read besides the fields' cards (cards.derived_deps)
    for p in range(2):
        nf = 0
        nb = 0
        for i in range(s[FIELD_N + p]):
            slot = s[FIELD_L + p * FIELD_SLOTS + i]
            cid = s[CARD + slot * CARD_W]
            ct = cards[cid, K.C_TYPE]
            if ct == K.CardType.FORWARD:
                nf += 1
            elif ct == K.CardType.BACKUP:
                nb += 1
            if cards[cid, K.C_HAS_FIELD] != 0:
                if n_field_abil == 0:
                    # the kept part's words (at the row's end, cold where no batch kernel prefetched them, e.g. a
                    # single row's step): on their way while the cards' own values are computed
                    prefetch(s, FA_HEAD, FA_POS + 2 * max(s[FIELD_N], s[FIELD_N + 1]) * FA_W, False)
                n_field_abil += 1
                deps |= flags[cid, K.FL_DERIVED_DEPS]
            # the printed values with the effects' modifiers (state.MODS), through the card table
            # read above: rules.modifiers' mod_derive writes the same words, but it reads the table
            # through T, and after each store into the row LLVM reads T's header again (both are
            # int32 arrays that may overlap): +180 instructions per decision, ~7%, by callgrind
            # (benchmarks/instructions.py, docs/performance-log.md)
            w = slot * CARD_W
            s[D_POWER + w] = cards[cid, K.C_POWER] + mod_total(s, MT, slot, K.Mod.POWER)
            rst = mod_total(s, MT, slot, K.Mod.RESTRICTIONS)
            if rst >= K.LONG_RST_FIRST:
                # restrictions "until the end of your opponent's turn" (constants.OPP_TURN_DURATION): the marks of
                # either player's turn, as the restriction bits
                m = ((rst >> K.LONG_RST_SHIFT) | (rst >> (K.LONG_RST_SHIFT + 4))) & 15
                rst = (rst & (K.LONG_RST_FIRST - 1)) | game.long_rst_unpack(m)
            # a keyword the card lost (RESTRICT_LOST_KW_SHIFT): not its printed one; one an effect granted after the
            # loss is kept (those granted before were taken off its modifiers: effects.add_restrictions)
            lost = (rst >> K.RESTRICT_LOST_KW_SHIFT) & K.LOST_KW_BITS
            s[D_KW + w] = (cards[cid, K.C_KEYWORDS] & ~lost) | mod_total(s, MT, slot, K.Mod.KEYWORDS)
            s[D_RST + w] = rst
        s[D_COUNTS + p * 3] = nf
        s[D_COUNTS + p * 3 + 1] = nb
        s[D_COUNTS + p * 3 + 2] = 0
    if n_field_abil == 0:
        s[DERIVED_CLEAN] = 1
        return  # no field abilities on the field: the cards' own values are final
    # the field abilities' part: what they gave when the fields held the same cards and the counts
    # their conditions read were the same (the row's FA_* words: kept from its last computation), else
    # computed anew and kept
    keep = (deps & K.DEP_UNCACHED) == 0
    # clean while nothing changes, if the part is kept (else it reads what no memo follows: computed every time)
    s[DERIVED_CLEAN] = 1 + deps if keep else 0
    if keep and field_part_kept(s, deps):
        apply_field_part(s)
        return
    game.compute_field_part(s, T, keep)


@internal_inline
def field_counts_kept(s, deps):
    """Are the counts that ``deps`` names (cards.derived_deps) the ones the kept field part (FA_HEAD) was
    computed with? (field_part_kept's checks but the fields' cards)"""
    if (deps & K.DEP_DAMAGE) != 0 and (s[FA_HEAD + FA_DAMAGE_N] != s[DAMAGE_N]
                                       or s[FA_HEAD + FA_DAMAGE_N + 1] != s[DAMAGE_N + 1]):
        return False
    if (deps & K.DEP_HAND) != 0 and (s[FA_HEAD + FA_HAND_N] != s[HAND_N]
                                     or s[FA_HEAD + FA_HAND_N + 1] != s[HAND_N + 1]):
        return False
    if (deps & K.DEP_TURN) != 0 and (s[FA_HEAD + FA_TURN] != s[TURN_PLAYER] or s[FA_HEAD + FA_PHASE] != s[PHASE]):
        return False
    if (deps & K.DEP_BREAK) != 0 and (s[FA_HEAD + FA_BREAK_N] != s[BREAK_N] or s[FA_HEAD + FA_BREAK_N + 1] != s[BREAK_N + 1]
                                      or s[FA_HEAD + FA_BREAK_IN] != s[BREAK_IN]
                                      or s[FA_HEAD + FA_BREAK_IN + 1] != s[BREAK_IN + 1]):
        return False  # a card entered or left a Break Zone (state.BREAK_IN: the same count and entries, none did)
    return True


@internal_inline
def field_part_kept(s, deps):
    """Is the field abilities' part of the derived values kept in the row (FA_*) the one of the
    cards on the fields now? It is when the fields hold the same cards in the same places (slots and
    card ids) and the counts that ``deps`` names (cards.derived_deps: the damage, the hands, the turn
    and phase their conditions and counts read) are the same as when it was computed: nothing else
    its filters, conditions and counts read can differ (a pool whose field abilities read anything
    else has DEP_UNCACHED, and is never kept)."""
    if s[FA_HEAD + FA_FIELD_N] != s[FIELD_N] or s[FA_HEAD + FA_FIELD_N + 1] != s[FIELD_N + 1]:
        return False
    if not field_counts_kept(s, deps):
        return False
    for p in range(2):
        for i in range(s[FIELD_N + p]):
            slot = s[FIELD_L + p * FIELD_SLOTS + i]
            if s[FA_POS + (2 * i + p) * FA_W] != slot + N_SLOTS * s[CARD + slot * CARD_W]:
                return False
    return True


@internal_inline
def apply_field_part(s):
    """Add the kept field abilities' part (FA_*) to the cards' own values (refresh_derived)."""
    for p in range(2):
        s[D_COUNTS + p * 3 + 2] = s[FA_HEAD + FA_COST_REDUCTIONS + p]
        for i in range(s[FIELD_N + p]):
            r = FA_POS + (2 * i + p) * FA_W
            w = s[FIELD_L + p * FIELD_SLOTS + i] * CARD_W
            s[D_POWER + w] += s[r + FA_POWER]
            # (a lost keyword: not the field abilities' either, RESTRICT_LOST_KW_SHIFT)
            s[D_KW + w] |= s[r + FA_KEYWORDS] & ~((s[D_RST + w] >> K.RESTRICT_LOST_KW_SHIFT) & K.LOST_KW_BITS)
            s[D_RST + w] |= s[r + FA_RESTRICTIONS]


@internal
def compute_field_part(game, s, T, keep):
    """The field abilities' part of the derived values, applied after the cards' own values (CR
    11.12.4.6/7: power changes last); ``keep``: recorded in the row's FA_* words with what it was
    computed from (field_part_kept), else the kept part, if any, is dropped."""
    cards = card_table(T)
    abil = ability_table(T)
    code = code_table(T)
    F = filter_table(T)
    if keep:
        s[FA_HEAD + FA_FIELD_N] = s[FIELD_N]
        s[FA_HEAD + FA_FIELD_N + 1] = s[FIELD_N + 1]
        s[FA_HEAD + FA_DAMAGE_N] = s[DAMAGE_N]
        s[FA_HEAD + FA_DAMAGE_N + 1] = s[DAMAGE_N + 1]
        s[FA_HEAD + FA_HAND_N] = s[HAND_N]
        s[FA_HEAD + FA_HAND_N + 1] = s[HAND_N + 1]
        s[FA_HEAD + FA_TURN] = s[TURN_PLAYER]
        s[FA_HEAD + FA_PHASE] = s[PHASE]
        for p in range(2):
            s[FA_HEAD + FA_BREAK_N + p] = s[BREAK_N + p]
            s[FA_HEAD + FA_BREAK_IN + p] = s[BREAK_IN + p]
        for p in range(2):
            for i in range(s[FIELD_N + p]):
                slot = s[FIELD_L + p * FIELD_SLOTS + i]
                r = FA_POS + (2 * i + p) * FA_W
                s[r] = slot + N_SLOTS * s[CARD + slot * CARD_W]
                s[r + FA_POWER] = 0
                s[r + FA_KEYWORDS] = 0
                s[r + FA_RESTRICTIONS] = 0
    elif s[FA_HEAD + FA_FIELD_N] != -1:
        s[FA_HEAD + FA_FIELD_N] = -1  # nothing kept: no fields match
    for p in range(2):
        for i in range(s[FIELD_N + p]):
            src = s[FIELD_L + p * FIELD_SLOTS + i]
            cid = s[CARD + src * CARD_W]
            if cards[cid, K.C_HAS_FIELD] == 0:
                continue
            a0 = cards[cid, K.C_ABIL_START]
            for a in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
                if abil[a, K.A_KIND] != K.AbilityKind.FIELD:
                    continue
                if not game.condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], p, src):
                    continue
                c0 = abil[a, K.A_CODE_START]
                for r in range(c0, c0 + abil[a, K.A_CODE_LEN]):
                    op = code[r, K.I_OP]
                    if op == K.Op.COST_REDUCTION:
                        s[D_COUNTS + p * 3 + 2] += 1
                    if op == K.Op.AURA_POWER_PER:
                        # each point of damage (a2 = 1), or each card filter a1 matches on both fields or in
                        # both Break Zones (its zone): filters.per_count
                        spec = 1 if code[r, K.I_A2] != 0 else 2 + code[r, K.I_A1]
                        add = code[r, K.I_A0] * game.per_count(s, T, spec, p, src)
                        s[D_POWER + src * CARD_W] += add
                        if keep:
                            s[FA_POS + (2 * i + p) * FA_W + FA_POWER] += add
                    if op == K.Op.AURA_POWER or op == K.Op.AURA_KEYWORD or op == K.Op.AURA_RESTRICT:
                        frow = code[r, K.I_A1]
                        for q in range(2):
                            tm = field_type_mask(F, frow, p, q)
                            if tm == 0:
                                continue
                            for j in range(s[FIELD_N + q]):
                                t = s[FIELD_L + q * FIELD_SLOTS + j]
                                if (tm & (1 << cards[s[CARD + t * CARD_W], K.C_TYPE])) == 0:
                                    continue
                                if code[r, K.I_A2] == K.AURA_SELF_ONLY and t != src:
                                    continue  # "~ gains ...": the card itself
                                if game.filter_match(s, T, frow, t, p, src):
                                    k = FA_POS + (2 * j + q) * FA_W
                                    if op == K.Op.AURA_POWER:
                                        s[D_POWER + t * CARD_W] += code[r, K.I_A0]
                                        if keep:
                                            s[k + FA_POWER] += code[r, K.I_A0]
                                    elif op == K.Op.AURA_KEYWORD:
                                        # (a lost keyword: not given, RESTRICT_LOST_KW_SHIFT; the kept part has it)
                                        s[D_KW + t * CARD_W] |= code[r, K.I_A0] & ~(
                                            (s[D_RST + t * CARD_W] >> K.RESTRICT_LOST_KW_SHIFT) & K.LOST_KW_BITS)
                                        if keep:
                                            s[k + FA_KEYWORDS] |= code[r, K.I_A0]
                                    else:
                                        s[D_RST + t * CARD_W] |= code[r, K.I_A0]
                                        if keep:
                                            s[k + FA_RESTRICTIONS] |= code[r, K.I_A0]
    if keep:
        s[FA_HEAD + FA_COST_REDUCTIONS] = s[D_COUNTS + 2]
        s[FA_HEAD + FA_COST_REDUCTIONS + 1] = s[D_COUNTS + 5]


@njit(cache=True)
def cost_and_any_element(game, s, T, player, slot):
    """(the printed cost of the hand card ``slot`` less the player's cost reductions, at least 1 (CR 5.2.1.2 asks one CP
    of the card's element, so a cost never drops to 0); whether a field ability says now that the cost "can be paid
    with CP of any Element": its own ("If ..., the cost required to cast <this> can be paid with CP of any Element.",
    SELF_COST_REDUCTION a2 = 1) or one of ``player``'s cards on the field ("The cost required to cast your Summons can be
    paid ...", COST_REDUCTION a2 = 1), whose condition holds, CR 11.9). One scan of the abilities for both."""
    cards = card_table(T)
    abil = ability_table(T)
    code = code_table(T)
    cid = s[CARD + slot * CARD_W]
    cost = cards[cid, K.C_COST]
    anyel = False
    if cards[cid, K.C_HAS_FIELD] & K.HAS_SELF_COST_REDUCTION:
        # "The cost required to cast <this> is reduced by N": the card's own, from the hand
        a0 = cards[cid, K.C_ABIL_START]
        for a in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
            if abil[a, K.A_KIND] == K.AbilityKind.FIELD and game.condition_holds(
                    s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], player, slot):  # fmt: skip
                c0 = abil[a, K.A_CODE_START]
                for r in range(c0, c0 + abil[a, K.A_CODE_LEN]):
                    if code[r, K.I_OP] == K.Op.SELF_COST_REDUCTION:
                        before = cost
                        if code[r, K.I_A1] == 0:
                            cost -= code[r, K.I_A0]
                        else:  # "... is reduced by 1 for each <filter> / point of damage"
                            cost -= code[r, K.I_A0] * game.per_count(s, T, code[r, K.I_A1], player, slot)
                        if (code[r, K.I_A2] & 1) != 0:
                            anyel = True
                        # "(it cannot become 1 or less)": a2 // 2 is the least cost it leaves (session 22)
                        if cost < code[r, K.I_A2] // 2:
                            cost = min(code[r, K.I_A2] // 2, before)
        if cost < 1:
            cost = 1
    if s[D_COUNTS + player * 3 + 2] == 0:
        return cost, anyel  # no cost-reduction field ability active (derived values are fresh here)
    for i in range(s[FIELD_N + player]):
        src = s[FIELD_L + player * FIELD_SLOTS + i]
        scid = s[CARD + src * CARD_W]
        if (cards[scid, K.C_HAS_FIELD] & K.HAS_COST_REDUCTION) == 0:
            continue  # most cards of a field reduce no cost: their conditions are not asked for each hand card
        a0 = cards[scid, K.C_ABIL_START]
        for a in range(a0, a0 + cards[scid, K.C_ABIL_COUNT]):
            if abil[a, K.A_KIND] != K.AbilityKind.FIELD:
                continue
            if not game.condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], player, src):
                continue
            c0 = abil[a, K.A_CODE_START]
            for r in range(c0, c0 + abil[a, K.A_CODE_LEN]):
                if code[r, K.I_OP] == K.Op.COST_REDUCTION and game.filter_match(s, T, code[r, K.I_A1], slot, player, src):
                    cost -= code[r, K.I_A0]
                    if code[r, K.I_A2] != 0:
                        anyel = True
    if cost < 1:
        cost = 1
    return cost, anyel


@njit(cache=True)
def current_cost(game, s, T, player, slot):
    """Printed cost less the player's cost reductions, at least 1 (cost_and_any_element)."""
    return cost_and_any_element(game, s, T, player, slot)[0]


@internal
def pays_any_element(game, s, T, player, slot):
    """Does a field ability say that the cost of the hand card ``slot`` "can be paid with CP of any Element" now
    (cost_and_any_element)?"""
    return cost_and_any_element(game, s, T, player, slot)[1]


@internal
def current_cost_detached(game, s, T, player, slot):
    """Cost of a card that has just left the hand (filters on zone HAND still apply to it)."""
    z = s[ZONE + slot * CARD_W]
    s[ZONE + slot * CARD_W] = K.Zone.HAND
    c = game.current_cost(s, T, player, slot)
    s[ZONE + slot * CARD_W] = z
    return c
