"""FF-TCG rules kernels: the filters of effects and the conditions of abilities (CR 11.8.13).

Which cards a filter row of the card tables matches (a target's type, zone, side, element, cost,
power, job, name, category, state), the conditions of conditional abilities, and their counting
helpers. See ``kernels`` for the file layout.
"""

from tcg_env.engine.tables import card_table, filter_table
from tcg_env.engine.jit import internal
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import FIELD_SLOTS
from tcg_env.games.fftcg.state import (
    CARD,
    CARD_W,
    CONTROLLER,
    DAMAGE_N,
    DULL,
    D_POWER,
    FIELD_L,
    FIELD_N,
    HAND_N,
    OWNER,
    ZONE,
)


# =============================================================================================
# Filters and conditions (CR 11.8.13)
# =============================================================================================
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
def condition_holds(game, s, T, cond, arg, player, source):
    """Conditions of conditional abilities (CR 11.8.13), evaluated for ``player``."""
    if cond == K.Condition.NONE:
        return True
    if cond == K.Condition.DAMAGE_AT_LEAST:
        return s[DAMAGE_N + player] >= arg
    if cond == K.Condition.OPP_DAMAGE_AT_LEAST:
        return s[DAMAGE_N + 1 - player] >= arg
    if cond == K.Condition.BACKUPS_AT_LEAST:
        return game.count_field_type(s, T, player, K.CardType.BACKUP) >= arg
    if cond == K.Condition.FORWARDS_AT_LEAST:
        return game.count_field_type(s, T, player, K.CardType.FORWARD) >= arg
    if cond == K.Condition.OPP_FORWARDS_AT_LEAST:
        return game.count_field_type(s, T, 1 - player, K.CardType.FORWARD) >= arg
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
