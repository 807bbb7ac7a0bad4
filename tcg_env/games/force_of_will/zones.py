"""Force of Will rules kernels: the cards as they are now, and moving them (CR 200s, 300s, 1000s).

* current ATK / DEF / keywords / restrictions (CR 206, 207, 909: printed, then the changes of
  effects, then counters, CR 1022.2);
* filters and conditions (what the card tables' filter rows and Condition codes mean);
* moves between the zones of CR 300s through the core's zone table, with the movement
  restrictions of CR 316, what a new zone forgets (CR 302.3, 1022.3), draws (CR 1009),
  destruction (CR 1010), banish (CR 1011), discard (CR 1019);
* the automatic abilities a move or an event triggers, queued on the core's pending lists (CR 906.4);
* the rune area: revealed runes, divinity (CR 209, 711.2a, 1136) and the [Rune] conditions (CR 1137);
  pseudo-cards (a rune's copy) ceasing to exist (CR 1017.1a, 1017.3a).
"""

from tcg_env.engine.header import H_TURN
from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.effects import I_A0, I_A1, I_A2, I_OP
from tcg_env.engine.tables import ability_table, card_table, code_table, filter_table
from tcg_env.engine.triggers import pending_add
from tcg_env.engine.zones import zone_move, zone_offsets, zone_put, zone_take
from tcg_env.engine.zones import zone_push_bottom
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import (
    C_ATK, C_DEF, C_J_SIDE, C_KEYWORDS, C_TYPE, N_ATTRIBUTES, WILL_VOID, CardType, Zone
)
from tcg_env.games.force_of_will.replacement import shields_end_on, take_destroy_shield
from tcg_env.games.force_of_will.state import (
    CHASE, CHASE_N, E_KIND, E_SLOT, E_X, ENTRY_W, FRAME_N, FRAME_W, FRAMES, PT, PT_N,
    ASTRAL, ATK_EOB, ATK_EOT, ATK_PERM, ATTACHED, CARD, CARD_W, CONTROLLER, COUNTERS, DAMAGE, DEF_EOB,
    DEF_EOT, DEF_PERM, DREW_FROM_EMPTY, ENTERED, GRAVE_N, HAND_L, HAND_N, KW_EOB, KW_EOT, KW_PERM,
    LIFE, MANA, OWNER, PLAYED_CARDS, PSEUDO, REVEALED, WILL, RESTED, RST_EOT, RST_PERM, STANDBY_TURN, TURN_PLAYER,
    USED_TURN, ZONE, ZT
)


# =============================================================================================
# The card as it is now
# =============================================================================================
@internal
def card_id(s, slot):
    return s[CARD + slot * CARD_W]


@internal
def card_type(s, T, slot):
    return card_table(T)[s[CARD + slot * CARD_W], C_TYPE]


@internal
def is_j_resonator(game, s, T, slot):
    """CR 201.2a."""
    t = game.card_type(s, T, slot)
    return t == CardType.RESONATOR or t == CardType.J_RULER


@internal
def base_atk(s, T, slot):
    """CR 206 / 909.1: printed ATK, the changes of one-time effects' durations, then counters
    (CR 1022.2); without the continuous abilities (``atk_of`` adds them)."""
    w = slot * CARD_W
    return card_table(T)[s[CARD + w], C_ATK] + s[ATK_EOT + w] + s[ATK_EOB + w] + s[ATK_PERM + w] + 100 * s[COUNTERS + w]


@internal
def base_def(s, T, slot):
    w = slot * CARD_W
    return card_table(T)[s[CARD + w], C_DEF] + s[DEF_EOT + w] + s[DEF_EOB + w] + s[DEF_PERM + w] + 100 * s[COUNTERS + w]


@internal
def base_keywords(s, T, slot):
    """The printed keywords and those one-time effects granted (until end of turn, of battle, or
    while in the field); without the continuous abilities (``keywords_now`` adds them)."""
    w = slot * CARD_W
    return card_table(T)[s[CARD + w], C_KEYWORDS] | s[KW_EOT + w] | s[KW_EOB + w] | s[KW_PERM + w]


@internal
def base_restrictions(s, slot):
    """The RESTRICT_* bits of one-time effects ("cannot attack / block / recover"), without the
    continuous abilities (``restrictions_now`` adds them)."""
    w = slot * CARD_W
    return s[RST_EOT + w] | s[RST_PERM + w]


AURA_POWER = 0  # ATK and DEF changes: (ATK, DEF)
AURA_KW = 2  # keywords: (bits, 0)
AURA_RST = 3  # restrictions: (bits, 0)

# continuous_in_field's mask: bit p * SRC_BITS + i for field position i < SRC_BITS of player p;
# SRC_PAST for a source past those positions (every position past them is then read)
SRC_BITS = 31
SRC_PAST = 1 << 62


AURA_ALL = (1 << AURA_POWER) | (1 << AURA_KW) | (1 << AURA_RST)  # aura_sums' kinds: every one


@internal
def aura_sums(game, s, T, slot, kinds, srcs):
    """The continuous abilities (CR 904, 909) of the cards in the field that apply to ``slot``, of
    the kinds ``kinds`` (bits ``1 << AURA_*``): (the sums of their ATK changes, of their DEF
    changes, their keywords, their restrictions), 0 for a kind not asked. ``srcs``:
    ``continuous_in_field(s, T)``, the field positions that hold a card with a continuous ability
    (0: none, nothing to add). An AURA instruction applies to the cards its filter row (a1)
    matches, as its controller sees them, or with a1 = -1 to the card the addition is added to (CR
    1002). Their filters read the cards without continuous effects (simplified: no dependency
    order, CR 909.3). One reading for several kinds costs what one kind does (the observation asks
    for all of them)."""
    w = slot * CARD_W
    if srcs == 0 or s[ZONE + w] != Zone.FIELD:
        return 0, 0, 0, 0
    abil = ability_table(T)
    code = code_table(T)
    atk = 0
    df = 0
    kw = 0
    rst = 0
    for p in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
        for i in range(s[n_off]):
            if i < SRC_BITS and ((srcs >> (p * SRC_BITS + i)) & 1) == 0:
                continue  # no continuous ability there: its card is not read
            src = s[l_off + i]
            c = card_table(T)[s[CARD + src * CARD_W]]
            if c[K.C_HAS_CONT] == 0:
                continue
            for r in range(c[K.C_ABIL_START], c[K.C_ABIL_START] + c[K.C_ABIL_COUNT]):
                active = abil[r, K.A_KIND] == K.AbilityKind.CONTINUOUS and game.condition_holds(
                    s, T, abil[r, K.A_COND], abil[r, K.A_COND_ARG], p, src)
                # an inactive ability's program is skipped (a range of length 0)
                for q in range(abil[r, K.A_CODE_START], abil[r, K.A_CODE_START] + abil[r, K.A_CODE_LEN] * active):
                    op = code[q, I_OP]
                    if op == K.Op.AURA_POWER:
                        kind = AURA_POWER
                    elif op == K.Op.AURA_KEYWORD:
                        kind = AURA_KW
                    elif op == K.Op.AURA_RESTRICT:
                        kind = AURA_RST
                    else:
                        continue
                    if ((kinds >> kind) & 1) == 0:
                        continue
                    frow = code[q, I_A1]
                    if frow < 0:
                        if s[ATTACHED + src * CARD_W] != slot:
                            continue
                    elif not game.filter_base(s, T, frow, slot, p, src):
                        continue
                    if kind == AURA_POWER:
                        atk += code[q, I_A0]
                        df += code[q, I_A2]
                    elif kind == AURA_KW:
                        kw |= code[q, I_A0]
                    else:
                        rst |= code[q, I_A0]
    return atk, df, kw, rst


@internal
def aura_from(game, s, T, slot, which, srcs):
    """``aura_sums`` of one kind: (ATK, DEF) changes for ``AURA_POWER``, (bits, 0) for ``AURA_KW``
    (keywords) and ``AURA_RST`` (restrictions)."""
    atk, df, kw, rst = game.aura_sums(s, T, slot, 1 << which, srcs)
    if which == AURA_POWER:
        return atk, df
    return (kw if which == AURA_KW else rst), 0


@internal
def aura(game, s, T, slot, which):
    """``aura_from``, reading the fields for their continuous abilities first."""
    return game.aura_from(s, T, slot, which, game.continuous_in_field(s, T))


@internal
def continuous_in_field(s, T):
    """The field positions whose card has a continuous ability (``C_HAS_CONT``), as a mask
    (``SRC_BITS``, ``SRC_PAST``); 0 when none has one, and then ``aura_from`` adds nothing to any
    card. A kernel that reads many cards (the observation, the rule processes) asks once and
    passes the answer as ``cont`` to ``atk_now`` / ``def_now`` / ``keywords_now`` / ``aura_sums``,
    instead of each read scanning both fields' cards: those scans were half of random play's time,
    and with the answer a bool (every card of the fields read per card) still a fifth of it
    (docs/performance-log.md, 2026-11-26 and 2026-11-27)."""
    srcs = 0
    for p in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
        for i in range(s[n_off]):
            if card_table(T)[s[CARD + s[l_off + i] * CARD_W], K.C_HAS_CONT] != 0:
                srcs |= (1 << (p * SRC_BITS + i)) if i < SRC_BITS else SRC_PAST
    return srcs


@internal
def cost_reduction(game, s, T, p, slot):
    """COST_REDUCTION of the continuous abilities of ``p``'s cards in the field for hand card
    ``slot`` (CR 903.2i-iv: free cost less)."""
    abil = ability_table(T)
    code = code_table(T)
    total = 0
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
    for i in range(s[n_off]):
        src = s[l_off + i]
        c = card_table(T)[s[CARD + src * CARD_W]]
        if c[K.C_HAS_CONT] == 0:
            continue
        for r in range(c[K.C_ABIL_START], c[K.C_ABIL_START] + c[K.C_ABIL_COUNT]):
            if abil[r, K.A_KIND] != K.AbilityKind.CONTINUOUS:
                continue
            c0 = abil[r, K.A_CODE_START]
            for q in range(c0, c0 + abil[r, K.A_CODE_LEN]):
                if code[q, I_OP] == K.Op.COST_REDUCTION and game.filter_base(s, T, code[q, I_A1], slot, p, src):
                    total += code[q, I_A0]
    return total


@internal
def atk_of(game, s, T, slot):
    """CR 206 / 909.1: the ATK now (continuous abilities included)."""
    return game.base_atk(s, T, slot) + game.aura(s, T, slot, AURA_POWER)[0]


@internal
def def_of(game, s, T, slot):
    """CR 207 / 909.1."""
    return game.base_def(s, T, slot) + game.aura(s, T, slot, AURA_POWER)[1]


@internal
def keywords_of(game, s, T, slot):
    """The keywords now (continuous abilities included): what the rules read (CR 1100s)."""
    return game.keywords_now(s, T, slot, game.continuous_in_field(s, T))


@internal
def atk_now(game, s, T, slot, cont):
    """``atk_of`` with ``cont`` = ``continuous_in_field(s, T)`` known."""
    return game.base_atk(s, T, slot) + game.aura_from(s, T, slot, AURA_POWER, cont)[0]


@internal_inline  # one caller: inlined into it (engine.jit)
def def_now(game, s, T, slot, cont):
    return game.base_def(s, T, slot) + game.aura_from(s, T, slot, AURA_POWER, cont)[1]


@internal
def keywords_now(game, s, T, slot, cont):
    """``keywords_of`` with ``cont`` = ``continuous_in_field(s, T)`` known."""
    return game.base_keywords(s, T, slot) | game.aura_from(s, T, slot, AURA_KW, cont)[0]


@internal
def has_keyword(game, s, T, slot, kw):
    return (game.keywords_of(s, T, slot) & kw) != 0


@internal
def restrictions_of(game, s, T, slot):
    """The RESTRICT_* bits now (continuous abilities included): what the rules read."""
    return game.restrictions_now(s, T, slot, game.continuous_in_field(s, T))


@internal
def restrictions_now(game, s, T, slot, cont):
    """``restrictions_of`` with ``cont`` = ``continuous_in_field(s, T)`` known."""
    return game.base_restrictions(s, slot) | game.aura_from(s, T, slot, AURA_RST, cont)[0]


@internal
def has_atk_def(s, T, slot):
    """A J/resonator "with ATK and DEF" (CR 803.3a, 804.4): some J-rulers have neither (CR 206.1a)."""
    c = card_table(T)[s[CARD + slot * CARD_W]]
    return c[C_ATK] > 0 or c[C_DEF] > 0


@internal
def total_cost(T, cid):
    """CR 203.5: attribute costs plus the free cost (X counts 0 outside the chase, CR 203.5b)."""
    c = card_table(T)[cid]
    n = 0
    for a in range(K.N_ATTRIBUTES):
        n += c[K.C_COST + a]
    if c[K.C_COST_FREE] > 0:
        n += c[K.C_COST_FREE]
    return n


@internal_inline  # one caller: inlined into it (engine.jit)
def x_on_chase(s, slot):
    """CR 203.5b: the X chosen for spell ``slot`` while it is on the chase (its chase entry, or
    the frame playing it), 0 anywhere else."""
    if s[ZONE + slot * CARD_W] != Zone.CHASE:
        return 0
    for i in range(s[CHASE_N]):
        e = CHASE + i * ENTRY_W
        if s[e + E_KIND] == K.EntryKind.CARD and s[e + E_SLOT] == slot:
            return s[e + E_X]
    for i in range(s[FRAME_N]):
        f = FRAMES + i * FRAME_W
        if s[f + E_KIND] == K.EntryKind.CARD and s[f + E_SLOT] == slot:
            return s[f + E_X]
    return 0


@internal
def controls_since_turn_start(game, s, T, slot):
    """CR 803.3a / 905.3: controlled continuously since the beginning of this turn, or [Swiftness]
    (CR 1107.2)."""
    return s[ENTERED + slot * CARD_W] < s[H_TURN] or game.has_keyword(s, T, slot, K.KW_SWIFTNESS)


@internal
def j_ruler_slot(s, p):
    """Player ``p``'s ruler card: always its first slot (a ruler is one card, CR 402.2)."""
    return p * K.PLAYER_SLOTS + K.RULER_SLOT


# =============================================================================================
# Filters and conditions (the card tables' filter rows, Condition codes)
# =============================================================================================
# the Zone of each FilterZone
_FILTER_ZONES = (Zone.FIELD, Zone.CHASE, Zone.GRAVEYARD, Zone.HAND, Zone.MAIN_DECK, Zone.RULER_AREA)


@internal
def filter_match(game, s, T, frow, slot, viewer, source):
    """Does card ``slot`` match filter row ``frow`` for an effect of ``viewer``'s with source
    ``source``? Targets: CR 903.2g (a card on the chase cannot target itself, 903.2g-i; [Barrier],
    CR 1120.2: not by the opponent's spells and abilities). Only what the filter needs is computed."""
    f = filter_table(T)[frow]
    w = slot * CARD_W
    if s[CARD + w] < 0:
        return False
    on_field = s[ZONE + w] == Zone.FIELD
    atk = card_table(T)[s[CARD + w], C_ATK]
    if on_field and (f[K.F_ATK_MIN] >= 0 or f[K.F_ATK_MAX] >= 0):
        atk = game.atk_of(s, T, slot)
    if not game.filter_core(s, T, frow, slot, viewer, source, atk, 0):
        return False
    # CR 1120.2: [Barrier] is the one test that reads the keywords (continuous abilities included:
    # a scan of the fields), so it comes last: filter_core with them rejects exactly what this
    # rejects
    return not (on_field and s[CONTROLLER + w] != viewer and (game.keywords_of(s, T, slot) & K.KW_BARRIER) != 0)


@internal
def filter_base(game, s, T, frow, slot, viewer, source):
    """``filter_match`` reading ATK and keywords without the continuous abilities: what the
    continuous abilities' own filters read, so that neither is defined by the other."""
    if s[CARD + slot * CARD_W] < 0:
        return False
    if s[ZONE + slot * CARD_W] != Zone.FIELD:
        return game.filter_core(s, T, frow, slot, viewer, source, card_table(T)[s[CARD + slot * CARD_W], C_ATK], 0)
    return game.filter_core(s, T, frow, slot, viewer, source, game.base_atk(s, T, slot), game.base_keywords(s, T, slot))


@internal
def filter_core(game, s, T, frow, slot, viewer, source, atk, kw):
    """The filter row's tests, with the card's ATK and keywords given."""
    f = filter_table(T)[frow]
    w = slot * CARD_W
    cid = s[CARD + w]
    if cid < 0:
        return False
    c = card_table(T)[cid]
    z = s[ZONE + w]
    if z != _FILTER_ZONES[f[K.F_ZONE]]:
        return False
    if slot == source and (f[K.F_EXCLUDE_SELF] != 0 or z == Zone.CHASE):
        return False
    if f[K.F_ADDED_TO] != 0 and (source < 0 or s[ATTACHED + source * CARD_W] != slot):
        return False  # CR 1406.1a: "added resonator ...": only the card the source addition is added to
    holder = s[CONTROLLER + w] if (z == Zone.FIELD or z == Zone.CHASE or z == Zone.RULER_AREA) else s[OWNER + w]
    side = f[K.F_SIDE]
    if side == K.FilterSide.OWN and holder != viewer:
        return False
    if side == K.FilterSide.OPPONENT and holder == viewer:
        return False
    if holder != viewer and z == Zone.FIELD and (kw & K.KW_BARRIER) != 0:
        return False  # CR 1120.2
    if f[K.F_TYPE_MASK] != 0 and (f[K.F_TYPE_MASK] & type_mask_of(c)) == 0:
        return False
    if f[K.F_ATTR_MASK] != 0 and (f[K.F_ATTR_MASK] & c[K.C_ATTR]) == 0:
        return False
    tc = game.total_cost(T, cid)
    if c[K.C_COST_FREE] < 0:
        tc += x_on_chase(s, slot)  # CR 203.5b
    if f[K.F_COST_MIN] >= 0 and tc < f[K.F_COST_MIN]:
        return False
    if f[K.F_COST_MAX] >= 0 and tc > f[K.F_COST_MAX]:
        return False
    if f[K.F_ATK_MIN] >= 0 and atk < f[K.F_ATK_MIN]:
        return False
    if f[K.F_ATK_MAX] >= 0 and atk > f[K.F_ATK_MAX]:
        return False
    if f[K.F_RACE] != 0 and c[K.C_RACE] != f[K.F_RACE] and c[K.C_RACE2] != f[K.F_RACE]:
        return False
    if f[K.F_NAME] != 0 and c[K.C_NAME] != f[K.F_NAME]:
        return False
    st = f[K.F_STATE]
    if st == K.CardState.RECOVERED and s[RESTED + w] != 0:
        return False
    if st == K.CardState.RESTED and s[RESTED + w] == 0:
        return False
    return True


@internal_inline  # one caller: inlined into it (engine.jit)
def type_mask_of(c):
    """The card types of card row ``c`` as bits (1 << CardType): a chant/rune is both (CR 201.2c-i)."""
    m = 1 << c[C_TYPE]
    if (c[K.C_TYPE_BITS] & K.TB_CHANT) != 0:
        m |= 1 << CardType.CHANT
    return m


@internal_inline  # one caller: inlined into it (engine.jit)
def count_stones(game, s, T, p):
    """Magic stones ``p`` controls (CR 1128.3: printed type magic stone)."""
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
    n = 0
    for i in range(s[n_off]):
        if game.card_type(s, T, s[l_off + i]) == CardType.MAGIC_STONE:
            n += 1
    return n


@internal
def condition_holds(game, s, T, cond, arg, controller, source):
    """The Condition codes (abilities' conditions and the effect programs' IF)."""
    if cond == K.Condition.NONE:
        return True
    if cond == K.Condition.LIFE_AT_MOST:
        return s[LIFE + controller] <= arg
    if cond == K.Condition.OPPONENT_LIFE_AT_MOST:
        return s[LIFE + 1 - controller] <= arg
    if cond == K.Condition.STONES_AT_LEAST:
        return count_stones(game, s, T, controller) >= arg
    if cond == K.Condition.J_RULER:
        return game.card_type(s, T, game.j_ruler_slot(s, controller)) == CardType.J_RULER
    if cond == K.Condition.HAND_EMPTY:
        return s[HAND_N + controller] == 0
    if cond == K.Condition.PLAYED_CARD_THIS_TURN:
        return s[PLAYED_CARDS + controller] > 1  # another card than this one (CR 1124.2a)
    if cond == K.Condition.CONTROL_NAME:
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, controller)
        for i in range(s[n_off]):
            if card_table(T)[s[CARD + s[l_off + i] * CARD_W], K.C_NAME] == arg:
                return True
        return False
    if cond == K.Condition.GRAVEYARD_AT_LEAST:
        return s[GRAVE_N + controller] >= arg
    if cond == K.Condition.RUNES_REVEALED_AT_LEAST:
        return game.revealed_runes(s, T, controller, 0) >= arg  # CR 1137.2b
    if cond == K.Condition.RUNE_ATTRIBUTES:
        # CR 1137.2a: a revealed rune of the matching attribute for each will symbol; simplified for
        # runes of two attributes: each attribute's count, and the total, are checked separately
        total = 0
        for a in range(N_ATTRIBUTES):
            need = (arg >> (K.RUNE_ATTR_BITS * a)) & ((1 << K.RUNE_ATTR_BITS) - 1)
            total += need
            if need > 0 and game.revealed_runes(s, T, controller, 1 << a) < need:
                return False
        return game.revealed_runes(s, T, controller, 0) >= total
    return False


# =============================================================================================
# The rune area (CR 315, 711) and [Divinity] (CR 209, 1136)
# =============================================================================================
@internal
def revealed_runes(s, T, p, attrs):
    """Revealed runes in ``p``'s rune area (CR 711.2a, 1137.2) with an attribute of ``attrs`` (0: all)."""
    n_off, l_off = zone_offsets(ZT, Zone.RUNE_AREA, p)
    n = 0
    for i in range(s[n_off]):
        slot = s[l_off + i]
        if s[REVEALED + slot * CARD_W] != 0 and (attrs == 0 or (card_table(T)[s[CARD + slot * CARD_W], K.C_ATTR] & attrs) != 0):
            n += 1
    return n


@internal
def remaining_divinity(game, s, T, p):
    """CR 711.2a: ``p``'s J/ruler's divinity (CR 1136.3: its [Divinity] number; the ruler's slot,
    either side up) minus the total divinity of the revealed runes in its rune area; -1 when its
    J/ruler has no [Divinity] (CR 711.1)."""
    div = card_table(T)[s[CARD + game.j_ruler_slot(s, p) * CARD_W], K.C_DIVINITY]
    if div <= 0:
        return -1
    n_off, l_off = zone_offsets(ZT, Zone.RUNE_AREA, p)
    for i in range(s[n_off]):
        slot = s[l_off + i]
        if s[REVEALED + slot * CARD_W] != 0:
            div -= card_table(T)[s[CARD + slot * CARD_W], K.C_DIVINITY]
    return div


# =============================================================================================
# Automatic abilities (CR 906): queued on the core's pending lists
# =============================================================================================
@internal
def trigger_own(game, s, T, slot, trig, aux):
    """Card ``slot``'s automatic abilities with trigger ``trig`` fire (CR 906.4); its controller
    plays them at the next priority sequence (CR 906.5). An ability with a trigger filter (another
    card enters, a J/resonator attacks) fires only when card ``aux`` matches it."""
    cid = s[CARD + slot * CARD_W]
    if cid < 0:
        return
    abil = ability_table(T)
    c = card_table(T)[cid]
    ctrl = s[CONTROLLER + slot * CARD_W]
    for r in range(c[K.C_ABIL_START], c[K.C_ABIL_START] + c[K.C_ABIL_COUNT]):
        if abil[r, K.A_KIND] == K.AbilityKind.AUTOMATIC and abil[r, K.A_TRIGGER] == trig:
            whose = abil[r, K.A_TRIG_WHOSE]
            if whose == K.TriggerWhose.YOURS and s[TURN_PLAYER] != ctrl:
                continue
            if whose == K.TriggerWhose.OPPONENTS and s[TURN_PLAYER] == ctrl:
                continue
            if not game.condition_holds(s, T, abil[r, K.A_COND], abil[r, K.A_COND_ARG], ctrl, slot):
                continue
            flt = abil[r, K.A_TRIG_FILTER]
            if flt >= 0 and (aux < 0 or not game.filter_match(s, T, flt, aux, ctrl, slot)):
                continue
            pending_add(game, s, ctrl, slot, r, aux)


@internal
def trigger_all(game, s, T, trig, aux):
    """Every active card's automatic abilities with trigger ``trig`` (CR 902.1: the J/resonators,
    additions, regalia and stones in the field, the rulers in their ruler areas), the turn
    player's first; for OTHER_ENTERS not card ``aux``'s own ("another card")."""
    for p in range(2):
        p0 = s[TURN_PLAYER] if p == 0 else 1 - s[TURN_PLAYER]
        for z in (Zone.FIELD, Zone.RULER_AREA):
            n_off, l_off = zone_offsets(ZT, z, p0)
            for i in range(s[n_off]):
                slot = s[l_off + i]
                if trig != K.Trigger.OTHER_ENTERS or slot != aux:
                    game.trigger_own(s, T, slot, trig, aux)
    game.trigger_standby(s, T, trig, aux)


@internal_inline  # one caller: inlined into it (engine.jit)
def already_pending(s, p, slot):
    """CR 708.2a: a triggered automatic card does not trigger again."""
    for i in range(s[PT_N + p]):
        if s[PT + (p * K.PENDING_MAX + i) * 3] == slot:
            return True
    return False


@internal
def trigger_standby(game, s, T, trig, aux):
    """CR 708.2 / 906.2 / 1113.2b: chants with an automatic-like [Trigger] ("<condition> =>
    <effect>") in a standby area or a hand trigger, revealed, when their condition is met; in the
    standby area not on the turn they were put there (CR 708.5, 906.4a). Simplified: a card in a
    standby area always reveals (the player put it there for it); one in the hand is queued and
    its owner chooses whether to reveal it when it would be played (``priority.play_trigger_card``:
    the REVEAL_TRIGGER decision; nothing happens between the two).
    CR 1114.2 / 1416.1a: a resonator with an automatic-like [Stealth] in the standby area triggers
    the same way, also on the turn it was put there (CR 1114.3); its controller may then play it
    (priority.play_pending)."""
    abil = ability_table(T)
    for k in range(2):
        p = s[TURN_PLAYER] if k == 0 else 1 - s[TURN_PLAYER]
        for z in (Zone.STANDBY, Zone.HAND):
            n_off, l_off = zone_offsets(ZT, z, p)
            for i in range(s[n_off]):
                slot = s[l_off + i]
                r = card_table(T)[s[CARD + slot * CARD_W], K.C_TRIGGER_ABIL]
                stealth = r < 0 and z == Zone.STANDBY
                if stealth:
                    r = card_table(T)[s[CARD + slot * CARD_W], K.C_STEALTH_ABIL]
                if r < 0 or abil[r, K.A_TRIGGER] != trig:
                    continue
                if z == Zone.STANDBY and not stealth and s[STANDBY_TURN + slot * CARD_W] >= s[H_TURN]:
                    continue  # CR 708.5 ([Stealth]: CR 1114.3)
                whose = abil[r, K.A_TRIG_WHOSE]
                if (whose == K.TriggerWhose.YOURS and s[TURN_PLAYER] != p) or (
                        whose == K.TriggerWhose.OPPONENTS and s[TURN_PLAYER] == p):
                    continue
                if trig == K.Trigger.OPPONENT_ATTACKS and s[CONTROLLER + aux * CARD_W] == p:
                    continue  # the attacker is its own
                if abil[r, K.A_TRIG_FILTER] >= 0 and (
                        aux < 0 or not game.filter_match(s, T, abil[r, K.A_TRIG_FILTER], aux, p, slot)):
                    continue
                if already_pending(s, p, slot) or not game.condition_holds(
                        s, T, abil[r, K.A_COND], abil[r, K.A_COND_ARG], p, slot):
                    continue
                pending_add(game, s, p, slot, r, aux)


# =============================================================================================
# Paying will (CR 1003): canonically, docs/force_of_will/design.md
# =============================================================================================
@internal
def can_pay(s, p, row, first_col, free):
    """CR 1003.4: can ``p`` pay the attribute costs ``row[first_col + a]`` and ``free``, all of it,
    from its produced will?"""
    left = 0
    for a in range(N_ATTRIBUTES):
        have = s[WILL + p * K.N_WILL + a]
        need = row[first_col + a]
        if have < need:
            return False
        left += have - need
    left += s[WILL + p * K.N_WILL + WILL_VOID]
    return left >= max(free, 0)


@internal
def can_pay_both(s, p, row1, col1, free1, row2, col2, free2_col):
    """Can ``p`` pay a card's cost and an extra cost together ([Awakening], CR 1109.2; a [Trigger]
    card's cost and its [Trigger] cost, CR 708.4)?"""
    left = 0
    for a in range(N_ATTRIBUTES):
        have = s[WILL + p * K.N_WILL + a]
        need = row1[col1 + a] + row2[col2 + a]
        if have < need:
            return False
        left += have - need
    return left + s[WILL + p * K.N_WILL + WILL_VOID] >= max(free1, 0) + max(row2[free2_col], 0)


@internal
def pay(game, s, p, row, first_col, free):
    """CR 1003.1: take the will from the pool, canonically (the module docstring)."""
    base = WILL + p * K.N_WILL
    for a in range(N_ATTRIBUTES):
        s[base + a] -= row[first_col + a]
    game.pay_free(s, p, max(free, 0))


@internal
def pay_both(game, s, p, row1, col1, free1, row2, col2, free2):
    """Pay a card's cost and an extra cost together ([Awakening], CR 1109.2; a [Trigger] card's
    cost and its [Trigger] cost, CR 708.4): both attribute parts first, then both free parts, so
    a free part never takes will the other cost's attribute part needs (``can_pay_both``)."""
    base = WILL + p * K.N_WILL
    for a in range(N_ATTRIBUTES):
        s[base + a] -= row1[col1 + a] + row2[col2 + a]
    game.pay_free(s, p, max(free1, 0) + max(free2, 0))


@internal_inline  # one caller: inlined into it (engine.jit)
def can_pay_free(s, p, n):
    total = 0
    for a in range(K.N_WILL):
        total += s[WILL + p * K.N_WILL + a]
    return total >= n


@internal
def pay_free(s, p, n):
    """Free will (CR 203.4): void will first, then the attribute with the most will left."""
    base = WILL + p * K.N_WILL
    left = n
    v = min(left, s[base + WILL_VOID])
    s[base + WILL_VOID] -= v
    left -= v
    while left > 0:
        best = 0
        for a in range(1, N_ATTRIBUTES):
            if s[base + a] > s[base + best]:
                best = a
        s[base + best] -= 1
        left -= 1


# =============================================================================================
# Moves (CR 300s)
# =============================================================================================
@internal
def clear_in_field(s, fields):
    """Zero the record ``fields`` (a tuple of offsets) of every card in the field."""
    for p in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
        for i in range(s[n_off]):
            w = s[l_off + i] * CARD_W
            for off in fields:
                s[off + w] = 0


# what a card in a new zone no longer has (forget)
_FORGOTTEN = (RESTED, DAMAGE, ATK_EOT, DEF_EOT, ATK_EOB, DEF_EOB, ATK_PERM, DEF_PERM, KW_EOT, KW_EOB, KW_PERM, RST_EOT,
              RST_PERM, COUNTERS, USED_TURN, MANA, REVEALED)


@internal
def forget(game, s, slot):
    """CR 302.3 / 1022.3 / 1007.7: a card in a new zone is a new card: no damage, effects,
    counters (mana counters too), orientation (CR 303.1b), attachment or face up (a rune)."""
    w = slot * CARD_W
    for off in _FORGOTTEN:
        s[off + w] = 0
    s[ATTACHED + w] = -1
    shields_end_on(game, s, slot)


@internal_inline  # one caller: inlined into it (engine.jit)
def allowed_move(game, s, T, slot, z):
    """CR 316: the zones a card's printed type lets it move to (False: it does not move).
    316.1/316.2: a ruler only to a graveyard or its ruler area, a J-ruler only to a ruler area or
    the field; 316.3a / 316.5a: no other card to a ruler area; 316.4: a chant to a magic stone
    deck, the field or a ruler area goes to the graveyard instead (``move_card``)."""
    t = game.card_type(s, T, slot)
    if t == CardType.RULER:
        return z == Zone.GRAVEYARD or z == Zone.RULER_AREA
    if t == CardType.J_RULER:
        return z == Zone.RULER_AREA or z == Zone.FIELD
    return z != Zone.RULER_AREA


@internal_inline  # one caller: inlined into it (engine.jit)
def cease_to_exist(game, s, slot):
    """CR 1017.1a / 1017.3a: a pseudo-card leaving its zone is no more: its slot is free again."""
    zone_take(s, ZT, slot)
    game.forget(s, slot)
    w = slot * CARD_W
    s[CARD + w] = -1
    s[PSEUDO + w] = 0
    s[CONTROLLER + w] = s[OWNER + w]


@internal
def move_card(game, s, T, slot, z):
    """Move ``slot`` to zone ``z`` of its owner (CR 302.5 / 302.6; the field and the chase by its
    controller), on top, applying CR 316; returns whether it moved. What it forgets: CR 302.3. A
    pseudo-card (a rune's copy) ceases to exist instead (CR 1017.3a, 711.3)."""
    if s[PSEUDO + slot * CARD_W] != 0:
        cease_to_exist(game, s, slot)
        return False
    t = game.card_type(s, T, slot)
    if t == CardType.CHANT and (z == Zone.STONE_DECK or z == Zone.FIELD or z == Zone.RULER_AREA):
        z = Zone.GRAVEYARD  # CR 316.4
    if not allowed_move(game, s, T, slot, z):
        return False
    if z == Zone.GRAVEYARD and grave_replaced(game, s, T, slot):
        z = Zone.REMOVED  # CR 910.1: a continuous replacement effect (GRAVE_TO_REMOVED)
    w = slot * CARD_W
    old = zone_take(s, ZT, slot)
    keep = (old == Zone.FIELD and z == Zone.RULER_AREA) or (old == Zone.RULER_AREA and z == Zone.FIELD)
    if not keep:
        game.forget(s, slot)  # CR 302.3
    if z != Zone.FIELD and z != Zone.CHASE and z != Zone.RULER_AREA:
        s[CONTROLLER + w] = s[OWNER + w]  # CR 105.3a: off the field a card is its owner's
    zone_put(s, ZT, slot, z)
    if old == Zone.FIELD and z != Zone.RULER_AREA:
        game.detach_additions(s, T, slot)
    return True


@internal
def detach_additions(s, T, slot):
    """An addition added to ``slot`` stays in the field added to nothing (CR 1121.4); the rule
    process of CR 1406.4a then puts it into the graveyard."""
    for p in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
        for i in range(s[n_off]):
            o = s[l_off + i]
            if s[ATTACHED + o * CARD_W] == slot:
                s[ATTACHED + o * CARD_W] = -1


@internal
def enter_field(game, s, T, slot, controller):
    """Put ``slot`` into the field under ``controller``'s control (CR 307.7), recovered (CR
    303.1b), with its [Mana] counters (CR 1122.2b); its [Enter] abilities and the others' "enters"
    abilities trigger (CR 1140.2)."""
    w = slot * CARD_W
    s[CONTROLLER + w] = controller
    if s[ZONE + w] == Zone.CHASE:
        zone_take(s, ZT, slot)  # the chase list is the controller's: take it before the controller changes
        game.forget(s, slot)
        zone_put(s, ZT, slot, Zone.FIELD)
    else:
        game.move_card(s, T, slot, Zone.FIELD)
    s[MANA + w] += card_table(T)[s[CARD + w], K.C_MANA]
    s[ENTERED + w] = s[H_TURN]
    game.trigger_own(s, T, slot, K.Trigger.ENTER, slot)
    game.trigger_all(s, T, K.Trigger.OTHER_ENTERS, slot)


@internal
def draw_one(s, p):
    """CR 1009.1: the top card of the main deck into the hand; False when the deck is empty."""
    n_off, l_off = zone_offsets(ZT, Zone.MAIN_DECK, p)
    n = s[n_off]
    if n == 0:
        return False
    zone_move(s, ZT, s[l_off + n - 1], Zone.HAND)
    return True


@internal
def draw_cards(game, s, player, n):
    """CR 1009.2; an effect's draw from a short deck draws what it can (CR 104.2): only the draw
    phase's draw loses (CR 1202.2)."""
    for _ in range(n):
        if not game.draw_one(s, player):
            return


@internal_inline  # one caller: inlined into it (engine.jit)
def draw_phase_draw(game, s, p):
    """CR 502.3 with 1202.2: a player who must draw from an empty main deck loses (by rule process)."""
    if not game.draw_one(s, p):
        s[DREW_FROM_EMPTY + p] = 1


@internal
def hand_count(s, player):
    return s[HAND_N + player]


@internal
def hand_slot(s, p, i):
    _, l_off = zone_offsets(ZT, Zone.HAND, p)
    return s[l_off + i]


@internal
def discard_hand_index(s, player, i):
    """CR 1019.1: hand card ``i`` into its owner's graveyard."""
    zone_move(s, ZT, s[HAND_L + player * K.PLAYER_SLOTS + i], Zone.GRAVEYARD)


@internal
def to_graveyard(game, s, T, slot):
    return game.move_card(s, T, slot, Zone.GRAVEYARD)


# =============================================================================================
# Replacement effects of continuous abilities (CR 910): read where the replaced event happens
# =============================================================================================
@internal_inline  # one caller: inlined into it (engine.jit)
def replacement_of(game, s, T, src, op, slot):
    """The a0 of card ``src``'s active continuous ``op`` instruction that applies to card ``slot``
    (its filter as ``src``'s controller sees it, or a1 = -1: the card the addition is added to);
    -1 when none does."""
    c = card_table(T)[s[CARD + src * CARD_W]]
    if c[K.C_HAS_CONT] == 0:
        return -1
    abil = ability_table(T)
    code = code_table(T)
    p = s[CONTROLLER + src * CARD_W]
    for r in range(c[K.C_ABIL_START], c[K.C_ABIL_START] + c[K.C_ABIL_COUNT]):
        if abil[r, K.A_KIND] == K.AbilityKind.CONTINUOUS and game.condition_holds(s, T, abil[r, K.A_COND],
                                                                             abil[r, K.A_COND_ARG], p, src):
            for q in range(abil[r, K.A_CODE_START], abil[r, K.A_CODE_START] + abil[r, K.A_CODE_LEN]):
                frow = code[q, I_A1]
                if code[q, I_OP] == op and ((s[ATTACHED + src * CARD_W] == slot) if frow < 0
                                            else game.filter_base(s, T, frow, slot, p, src)):
                    return code[q, I_A0]
    return -1


@internal
def replacement_source(game, s, T, op, slot):
    """The first card in the field (the turn player's first) with a continuous replacement ``op``
    that applies to card ``slot``: (its slot, the instruction's a0), (-1, 0) when none (CR 910)."""
    for k in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, s[TURN_PLAYER] if k == 0 else 1 - s[TURN_PLAYER])
        for i in range(s[n_off]):
            a0 = replacement_of(game, s, T, s[l_off + i], op, slot)
            if a0 >= 0:
                return s[l_off + i], a0
    return -1, 0


@internal_inline  # one caller: inlined into it (engine.jit)
def grave_replaced(game, s, T, slot):
    """CR 910.1: "if <a card> would be put into a graveyard (from the filter's zone), remove it
    from the game instead" (GRAVE_TO_REMOVED) applies to ``slot``."""
    return game.replacement_source(s, T, K.Op.GRAVE_TO_REMOVED, slot)[0] >= 0


@internal_inline  # one caller: inlined into it (engine.jit)
def destroy_replaced(game, s, T, slot):
    """CR 910: is the destruction of ``slot`` replaced? A destruction shield of a one-time effect
    (SHIELD_DESTROY, used up), else a continuous REPLACE_DESTROY (its source goes to the graveyard,
    so it applies once: 910.3); 910.2's choice made canonically (replacement.py). What happens
    instead: INSTEAD_* bits."""
    src = -1
    bits = take_destroy_shield(game, s, slot)
    if bits < 0:
        src, bits = game.replacement_source(s, T, K.Op.REPLACE_DESTROY, slot)
        if src < 0:
            return False
    w = slot * CARD_W
    if bits & K.INSTEAD_REST:
        s[RESTED + w] = 1
    if bits & K.INSTEAD_HEAL:
        s[DAMAGE + w] = 0  # CR 1007.6b
    if src >= 0 and bits & K.INSTEAD_SOURCE_TO_GRAVEYARD:
        game.to_graveyard(s, T, src)
    return True


@internal
def destroy(game, s, T, slot):
    """CR 1010: a card in the field into its owner's graveyard; a J-ruler to its owner's ruler
    area, ruler side up (1010.1), with an astral counter unless [Imperishable] (1010.1a, 1108.2);
    [Eternal] cards are not destroyed (1139.2, 1010.3). Returns whether it was destroyed."""
    w = slot * CARD_W
    if s[ZONE + w] != Zone.FIELD:
        return False
    if game.has_keyword(s, T, slot, K.KW_ETERNAL):
        return False
    if destroy_replaced(game, s, T, slot):
        return False  # CR 910.1: the destruction never happens
    cid = s[CARD + w]
    c = card_table(T)[cid]
    if c[C_TYPE] == CardType.J_RULER:
        p = s[OWNER + w]
        if (game.keywords_of(s, T, slot) & K.KW_IMPERISHABLE) == 0:
            s[ASTRAL + p] = 1
        zone_take(s, ZT, slot)
        s[DAMAGE + w] = 0  # CR 1007.7; the same card keeps its orientation and counters (CR 302.3, 1022.3)
        game.detach_additions(s, T, slot)
        s[CARD + w] = c[C_J_SIDE]  # ruler side up
        s[CONTROLLER + w] = p
        zone_put(s, ZT, slot, Zone.RULER_AREA)
        game.trigger_own(s, T, slot, K.Trigger.DESTROYED, slot)
        return True
    ctrl = s[CONTROLLER + w]
    game.to_graveyard(s, T, slot)
    # CR 906.7b: the ability refers to the card as it was in the field; its controller plays it
    s[CONTROLLER + w] = ctrl
    game.trigger_own(s, T, slot, K.Trigger.DESTROYED, slot)
    s[CONTROLLER + w] = s[OWNER + w]
    return True


@internal
def put_stone_deck_top(s, p):
    """The top card of ``p``'s magic stone deck, -1 when empty (CR 305.3)."""
    n_off, l_off = zone_offsets(ZT, Zone.STONE_DECK, p)
    if s[n_off] == 0:
        return -1
    return s[l_off + s[n_off] - 1]


@internal
def to_deck_bottom(game, s, slot):
    """A card to the bottom of its owner's main deck (CR 403.5)."""
    zone_take(s, ZT, slot)
    game.forget(s, slot)
    n_off, l_off = zone_offsets(ZT, Zone.MAIN_DECK, s[OWNER + slot * CARD_W])
    zone_push_bottom(s, n_off, l_off, slot)
    s[ZONE + slot * CARD_W] = Zone.MAIN_DECK


@internal_inline  # one caller: inlined into it (engine.jit)
def put_in_standby(s, slot, turn):
    """CR 706.2: face down into its owner's standby area."""
    zone_move(s, ZT, slot, Zone.STANDBY)
    s[STANDBY_TURN + slot * CARD_W] = turn

