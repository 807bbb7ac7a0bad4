"""FF-TCG rules kernels: the board, the cards as they are now (the lowest layer of the rules kernels).

Who controls a card (CR 6.2), counts of Forwards and Backups, Light and Dark cards (CR 5.2.1.1), the
filters of effects and the conditions of abilities (CR 11.8.13), and the derived values of the
cards on the field: power, keywords and restrictions with field abilities applied (CR 11.9,
11.12.4), current costs with cost reductions (CR 11.2). See ``kernels`` for the file layout.
"""

from numba import njit

from tcg_env.engine.tables import ability_table, card_table, code_table, filter_table
from tcg_env.engine.jit import internal
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import FIELD_SLOTS
from tcg_env.games.fftcg.state import (
    CARD,
    CARD_W,
    CONTROLLER,
    DAMAGE_N,
    DULL,
    D_COUNTS,
    D_KW,
    D_POWER,
    D_RST,
    FIELD_L,
    FIELD_N,
    HAND_N,
    KW_EOT,
    KW_PERM,
    OWNER,
    PMOD_EOT,
    PMOD_PERM,
    RST_EOT,
    RST_PERM,
    ZONE,
)


# apply() error codes


# =============================================================================================
# Small helpers
# =============================================================================================
@njit(cache=True, inline="always")
def card_of(s, slot):
    return s[CARD + slot * CARD_W]


@internal
def controls(s, player, slot):
    return s[ZONE + slot * CARD_W] == K.Zone.FIELD and s[CONTROLLER + slot * CARD_W] == player


@internal
def count_field_type(s, T, player, ctype):
    cards = card_table(T)
    n = 0
    for i in range(s[FIELD_N + player]):
        slot = s[FIELD_L + player * FIELD_SLOTS + i]
        if cards[s[CARD + slot * CARD_W], K.C_TYPE] == ctype:
            n += 1
    return n


@internal
def is_light_dark(cards, cid):
    e = cards[cid, K.C_ELEMENT]
    return e == K.Element.LIGHT or e == K.Element.DARK


@internal
def condition_holds(s, T, cond, arg, player, source):
    """Conditions of conditional abilities (CR 11.8.13), evaluated for ``player``."""
    if cond == K.Condition.NONE:
        return True
    if cond == K.Condition.DAMAGE_AT_LEAST:
        return s[DAMAGE_N + player] >= arg
    if cond == K.Condition.OPP_DAMAGE_AT_LEAST:
        return s[DAMAGE_N + 1 - player] >= arg
    if cond == K.Condition.BACKUPS_AT_LEAST:
        return count_field_type(s, T, player, K.CardType.BACKUP) >= arg
    if cond == K.Condition.FORWARDS_AT_LEAST:
        return count_field_type(s, T, player, K.CardType.FORWARD) >= arg
    if cond == K.Condition.OPP_FORWARDS_AT_LEAST:
        return count_field_type(s, T, 1 - player, K.CardType.FORWARD) >= arg
    if cond == K.Condition.HAND_AT_MOST:
        return s[HAND_N + player] <= arg
    if cond == K.Condition.JOB_ON_FIELD:
        cards = card_table(T)
        for i in range(s[FIELD_N + player]):
            slot = s[FIELD_L + player * FIELD_SLOTS + i]
            if slot != source and cards[s[CARD + slot * CARD_W], K.C_JOB] == arg:
                return True
        return False
    return False


@internal
def filter_match(s, T, frow, slot, viewer, source):
    """Does card ``slot`` match filter row ``frow`` seen by ``viewer`` (the ability's controller)?"""
    cards = card_table(T)
    filt = filter_table(T)
    cid = s[CARD + slot * CARD_W]
    if cid < 0:
        return False
    f = filt[frow]
    ctype = cards[cid, K.C_TYPE]
    tmask = f[K.F_TYPE_MASK]
    if tmask != 0 and (tmask & (1 << ctype)) == 0:
        return False
    zone = s[ZONE + slot * CARD_W]
    fz = f[K.F_ZONE]
    if fz == K.FilterZone.FIELD:
        if zone != K.Zone.FIELD:
            return False
    elif fz == K.FilterZone.DECK:
        if zone != K.Zone.DECK:
            return False
    elif fz == K.FilterZone.BREAK:
        if zone != K.Zone.BREAK:
            return False
    elif fz == K.FilterZone.HAND:
        if zone != K.Zone.HAND:
            return False
    side = f[K.F_SIDE]
    if side != K.Side.ANY:
        who = s[CONTROLLER + slot * CARD_W] if zone == K.Zone.FIELD else s[OWNER + slot * CARD_W]
        if side == K.Side.OWN and who != viewer:
            return False
        if side == K.Side.OPPONENT and who == viewer:
            return False
    em = f[K.F_ELEMENT_MASK]
    if em != 0 and (em & (1 << cards[cid, K.C_ELEMENT])) == 0:
        return False
    cost = cards[cid, K.C_COST]
    if f[K.F_COST_MIN] >= 0 and cost < f[K.F_COST_MIN]:
        return False
    if f[K.F_COST_MAX] >= 0 and cost > f[K.F_COST_MAX]:
        return False
    if f[K.F_POWER_MIN] >= 0 or f[K.F_POWER_MAX] >= 0:
        if ctype != K.CardType.FORWARD:
            return False
        power = s[D_POWER + slot * CARD_W] if zone == K.Zone.FIELD else cards[cid, K.C_POWER]
        if f[K.F_POWER_MIN] >= 0 and power < f[K.F_POWER_MIN]:
            return False
        if f[K.F_POWER_MAX] >= 0 and power > f[K.F_POWER_MAX]:
            return False
    if f[K.F_JOB] != 0 and cards[cid, K.C_JOB] != f[K.F_JOB]:
        return False
    if f[K.F_NAME] != 0 and cards[cid, K.C_NAME] != f[K.F_NAME]:
        return False
    if f[K.F_CATEGORY] != 0 and cards[cid, K.C_CATEGORY] != f[K.F_CATEGORY]:
        return False
    st = f[K.F_STATE]
    if st == K.CardState.ACTIVE and s[DULL + slot * CARD_W] != 0:
        return False
    if st == K.CardState.DULL and s[DULL + slot * CARD_W] == 0:
        return False
    if f[K.F_EXCLUDE_SELF] != 0 and slot == source:
        return False
    return True


# =============================================================================================
# Derived values: power, keywords and restrictions with field abilities applied (CR 11.9, 11.12.4)
# =============================================================================================
@njit(cache=True)
def refresh_derived(s, T):
    cards = card_table(T)
    abil = ability_table(T)
    code = code_table(T)
    n_field_abil = 0
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
            n_field_abil += cards[cid, K.C_HAS_FIELD] != 0
            s[D_POWER + slot * CARD_W] = cards[cid, K.C_POWER] + s[PMOD_EOT + slot * CARD_W] + s[PMOD_PERM + slot * CARD_W]
            s[D_KW + slot * CARD_W] = cards[cid, K.C_KEYWORDS] | s[KW_EOT + slot * CARD_W] | s[KW_PERM + slot * CARD_W]
            s[D_RST + slot * CARD_W] = s[RST_EOT + slot * CARD_W] | s[RST_PERM + slot * CARD_W]
        s[D_COUNTS + p * 3] = nf
        s[D_COUNTS + p * 3 + 1] = nb
        s[D_COUNTS + p * 3 + 2] = 0
    if n_field_abil == 0:
        return  # no field abilities on the field: the cards' own values are final
    # field abilities: applied after the card's own values (CR 11.12.4.6/7: power changes last)
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
                if not condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], p, src):
                    continue
                c0 = abil[a, K.A_CODE_START]
                for r in range(c0, c0 + abil[a, K.A_CODE_LEN]):
                    op = code[r, K.I_OP]
                    if op == K.Op.COST_REDUCTION:
                        s[D_COUNTS + p * 3 + 2] += 1
                    if op == K.Op.AURA_POWER or op == K.Op.AURA_KEYWORD or op == K.Op.AURA_RESTRICT:
                        frow = code[r, K.I_A1]
                        for q in range(2):
                            for j in range(s[FIELD_N + q]):
                                t = s[FIELD_L + q * FIELD_SLOTS + j]
                                if filter_match(s, T, frow, t, p, src):
                                    if op == K.Op.AURA_POWER:
                                        s[D_POWER + t * CARD_W] += code[r, K.I_A0]
                                    elif op == K.Op.AURA_KEYWORD:
                                        s[D_KW + t * CARD_W] |= code[r, K.I_A0]
                                    else:
                                        s[D_RST + t * CARD_W] |= code[r, K.I_A0]


@njit(cache=True)
def current_cost(s, T, player, slot):
    """Printed cost less the player's cost reductions, at least 1 (CR 5.2.1.2 asks one CP of the
    card's element, so a cost never drops to 0)."""
    cards = card_table(T)
    abil = ability_table(T)
    code = code_table(T)
    cid = s[CARD + slot * CARD_W]
    cost = cards[cid, K.C_COST]
    if s[D_COUNTS + player * 3 + 2] == 0:
        return cost  # no cost-reduction field ability active (derived values are fresh here)
    for i in range(s[FIELD_N + player]):
        src = s[FIELD_L + player * FIELD_SLOTS + i]
        scid = s[CARD + src * CARD_W]
        a0 = cards[scid, K.C_ABIL_START]
        for a in range(a0, a0 + cards[scid, K.C_ABIL_COUNT]):
            if abil[a, K.A_KIND] != K.AbilityKind.FIELD:
                continue
            if not condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], player, src):
                continue
            c0 = abil[a, K.A_CODE_START]
            for r in range(c0, c0 + abil[a, K.A_CODE_LEN]):
                if code[r, K.I_OP] == K.Op.COST_REDUCTION and filter_match(s, T, code[r, K.I_A1], slot, player, src):
                    cost -= code[r, K.I_A0]
    if cost < 1:
        cost = 1
    return cost
