"""Force of Will rules kernels: the cards as they are now (CR 200s, 909).

* a card's type, ATK, DEF, keywords and restrictions: printed, then the changes of one-time
  effects, then counters (CR 206, 207, 909.1, 1022.2): ``base_*``; with the continuous abilities
  of the cards in the field (CR 904, 909): ``atk_of``, ``def_of``, ``keywords_of``,
  ``restrictions_of`` (``aura_sums`` reads the continuous abilities);
* its total cost (CR 203.5; X on the chase, 203.5b) and the cost reductions of the continuous
  abilities (CR 903.2i-iv);
* controlled since the turn began (CR 803.3a, 905.3; [Swiftness], 1107.2), the J/ruler's slot
  and its remaining divinity (CR 711.2a, 1136).
"""

from tcg_env.engine.header import H_TURN
from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.effects import I_A0, I_A1, I_A2, I_OP
from tcg_env.engine.tables import ability_table, card_table, code_table, filter_table, flag_table
from tcg_env.rules.filters import passes_bits, passes_side
from tcg_env.engine.zones import zone_offsets
from tcg_env.rules.modifiers import mod_total
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import C_ATK, C_DEF, C_KEYWORDS, C_TYPE, CardType, Mod, Zone
from tcg_env.games.force_of_will.state import (
    ATTACHED, CARD, CARD_W, CHASE, CHASE_N, CONTROLLER, COUNTERS, ENTERED, ENTRY_W, E_AUX, E_KIND, E_SLOT, E_X, FRAMES, FRAME_N,
    FRAME_W, MANA, MT, NAMED, REVEALED, ZONE, ZT
)
from tcg_env.games.force_of_will.state import KW_EOB, KW_EOT, RST_PERM  # session 33: abilities lost (CR 909.1d)
from tcg_env.games.force_of_will.state import SHIELD_N, SHIELD_W, SHIELDS, SH_KIND, SH_SLOT  # session 33


@internal_inline
def attr_passes(mask, bits):
    """A filter's F_ATTR_MASK against a card's attribute bits: one of them shared (0: any), or with the bit ATTR_NOT
    none of them ("non-darkness <cards>": void cards pass, CR 208)."""
    if (mask & K.ATTR_NOT) != 0:
        return (mask & bits & (K.ATTR_NOT - 1)) == 0
    return passes_bits(mask, bits)


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
    return card_table(T)[s[CARD + w], C_ATK] + mod_total(s, MT, slot, Mod.ATK) + 100 * s[COUNTERS + w]


@internal
def base_def(s, T, slot):
    w = slot * CARD_W
    return card_table(T)[s[CARD + w], C_DEF] + mod_total(s, MT, slot, Mod.DEF) + 100 * s[COUNTERS + w]


@internal_inline
def lost_abilities(s, T, slot):
    """Session 33 (s33b): has card ``slot`` lost all its abilities ("<card> loses all abilities until end of turn /
    until end of game", CR 909.1d: RESTRICT_NO_ABILITIES in its one-time effects' restriction words)? Read only in
    pools with such an instruction (the pool's FL_RESTRICT row): elsewhere one flag read. A card that lost its
    abilities has no printed keyword (CR 1100s), no continuous ability of its own in force (``next_continuous``, CR
    904), none the continuous abilities of other cards give it (``aura_sums``: CR 909.3b simplified as everywhere in
    the engine, they are taken as older than the loss), no automatic ability that triggers (``triggers.trigger_own``,
    ``zones.move_card_core``: as it was in the field, CR 906.7b) and no activate or will ability to play
    (``play.ability_usable``)."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_RESTRICT] & K.RESTRICT_NO_ABILITIES) == 0:
        return False
    if (mod_total(s, MT, slot, Mod.RESTRICTIONS) & K.RESTRICT_NO_ABILITIES) != 0:
        return True
    # "... as long as this card is in the field" (Op.LOSE_ABILITIES_WHILE): an entry on it (it ends as either card
    # leaves the field, replacement.shields_end_on)
    for k in range(s[SHIELD_N]):
        e = SHIELDS + k * SHIELD_W
        if s[e + SH_KIND] == K.Shield.NO_ABILITIES and s[e + SH_SLOT] == slot:
            return True
    return False


@internal_inline
def power_set(s, T, slot):
    """Session 34 (s34a): were card ``slot``'s ATK and DEF set until end of turn ("becomes a [A/D]", Op.SET_POWER,
    RESTRICT_POWER_SET)? Then the continuous abilities' ATK/DEF changes do not apply to it (CR 909.1g, 909.3b: taken as
    older than the set, the engine's general simplification of CR 909.3). Read only in pools with SET_POWER (the
    pool's FL_RESTRICT row)."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_RESTRICT] & K.RESTRICT_POWER_SET) == 0:
        return False
    return (mod_total(s, MT, slot, Mod.RESTRICTIONS) & K.RESTRICT_POWER_SET) != 0


@internal
def abilities_lost(s, T, slot):
    """``lost_abilities`` for the other modules (``game.abilities_lost``): an out-of-line call, so that the seven
    callers outside this module (play, zones, triggers, battle, replacement) do not each inline its shield loop
    (compile time); this module's hot readers (the keyword and aura reads) inline ``lost_abilities`` itself."""
    return lost_abilities(s, T, slot)


@internal
def base_keywords(s, T, slot):
    """The printed keywords and those one-time effects granted (until end of turn, of battle, or
    while in the field); without the continuous abilities (``keywords_now`` adds them).
    Session 33: a card that lost all its abilities (``lost_abilities``) keeps only the keywords granted after the loss
    (CR 909.3b, the later effect applies last): the loss cleared the grants of the durations ending no later than
    its own (``effects.add_restrictions``), so the until-end-of-turn and end-of-battle words hold only later grants,
    and the while-in-the-field word too when the loss lasts as long (else it is not read while the loss lasts: a grant
    of that duration after a loss until end of turn is lost with it, the one difference)."""
    if lost_abilities(s, T, slot):
        w = slot * CARD_W
        if (mod_total(s, MT, slot, Mod.RESTRICTIONS) & K.RESTRICT_CANT_GAIN_ABILITIES) != 0:
            return 0  # "... and cannot gain abilities" (session 33): none granted after the loss either (CR 104.4)
        kw = s[KW_EOT + w] | s[KW_EOB + w]
        if (s[RST_PERM + w] & K.RESTRICT_NO_ABILITIES) != 0:
            kw |= mod_total(s, MT, slot, Mod.KEYWORDS)
        return kw
    return card_table(T)[s[CARD + slot * CARD_W], C_KEYWORDS] | mod_total(s, MT, slot, Mod.KEYWORDS)


@internal
def base_restrictions(s, slot):
    """The RESTRICT_* bits of one-time effects ("cannot attack / block / recover"), without the
    continuous abilities (``restrictions_now`` adds them)."""
    return mod_total(s, MT, slot, Mod.RESTRICTIONS)


AURA_POWER = 0  # ATK and DEF changes: (ATK, DEF)
AURA_KW = 2  # keywords: (bits, 0)
AURA_RST = 3  # restrictions: (bits, 0)

# continuous_in_field's mask: bit p * SRC_BITS + i for field position i < SRC_BITS of player p;
# SRC_PAST for a source past those positions (every position past them is then read); bit
# SRC_RULER + p for a source in p's ruler area (CR 902.1b: a ruler's abilities are active there)
SRC_BITS = 30
SRC_RULER = 60
SRC_PAST = 1 << 62


AURA_ALL = (1 << AURA_POWER) | (1 << AURA_KW) | (1 << AURA_RST)  # aura_sums' kinds: every one


@internal_inline
def type_mask_of(c):
    """The card types of card row ``c`` as bits (1 << CardType): a chant/rune is both (CR 201.2c-i);
    and its magic stone types (CR 201.4), from bit TYPEMASK_STONE_SHIFT (the filter type names
    "<attribute>_magic_stone")."""
    m = 1 << c[C_TYPE]
    tb = c[K.C_TYPE_BITS]
    if tb != 0:  # most cards: no bit (one test, as the chant test alone was)
        if (tb & K.TB_CHANT) != 0:
            m |= 1 << CardType.CHANT
        m |= ((tb & K.TB_STONE_TYPES) >> K.TB_STONE_SHIFT) << K.TYPEMASK_STONE_SHIFT
    return m


@internal_inline
def field_card_may_pass(s, T, frow, slot, viewer):
    """``filter_core``'s side, card type and attribute tests for a card in a field (its holder is
    its controller): False when one rejects the card, and then ``filter_base`` / ``filter_match``
    reject it too (every test of ``filter_core`` must pass). Read before them where the cards of
    the fields are read for a continuous ability's filter (``characteristics.field_aura_sums``,
    ``aura_sums``, ``aura_count``): most such filters name one side's J/resonators, and most of a
    field's cards are the other side's or magic stones, so most reads end here without the call
    (docs/performance-log.md, issue 30, session 11)."""
    w = slot * CARD_W
    if s[ZONE + w] != Zone.FIELD:
        return True  # not decided here: the filter reads it
    f = filter_table(T)[frow]
    if not passes_side(f[K.F_SIDE], K.FilterSide.OWN, K.FilterSide.OPPONENT, s[CONTROLLER + w], viewer):
        return False
    c = card_table(T)[s[CARD + w]]
    return passes_bits(f[K.F_TYPE_MASK], type_mask_of(c)) and attr_passes(f[K.F_ATTR_MASK], c[K.C_ATTR])


AURA_PENDING = -2  # aura_kind of an AURA_PER: "for each ...", multiplying the next instruction


@internal_inline
def aura_kind(op, kinds):
    """The kind (AURA_*) of a continuous ability's instruction ``op`` when ``kinds`` (bits
    ``1 << AURA_*``) asks for it; AURA_PENDING for an AURA_PER (its count multiplies the next
    instruction); -1 for any other instruction or a kind not asked. The one decoding of
    ``aura_sums`` and ``field_aura_sums``."""
    if op == K.Op.AURA_PER:
        return AURA_PENDING
    if op == K.Op.AURA_POWER:
        kind = AURA_POWER
    elif op == K.Op.AURA_KEYWORD:
        kind = AURA_KW
    elif op == K.Op.AURA_RESTRICT:
        kind = AURA_RST
    else:
        return -1
    if ((kinds >> kind) & 1) == 0:
        return -1
    return kind


@internal
def aura_keywords_base(game, s, T, slot, srcs):
    """Session 32 (s32b): the keywords the continuous abilities in force give ``slot`` (``aura_sums``' AURA_KW alone,
    without a recursion: AURA_KEYWORD's filters read no keywords, cards.py refuses them). Read only for an AURA_POWER or
    AURA_RESTRICT whose filter names keywords ("Resonators you control with [Flying] gain [+200/+200]."): the keywords
    given apply before the abilities that read them (CR 909)."""
    abil = ability_table(T)
    code = code_table(T)
    kw = 0
    for p in range(2):
        k, src, r = game.next_continuous(s, T, p, srcs, 0, -1)
        while k >= 0:
            active = -1
            for q in range(abil[r, K.A_CODE_START], abil[r, K.A_CODE_START] + abil[r, K.A_CODE_LEN]):
                if code[q, I_OP] != K.Op.AURA_KEYWORD:
                    continue
                frow = code[q, I_A1]
                if frow < 0:
                    if s[ATTACHED + src * CARD_W] != slot:
                        continue
                elif not (field_card_may_pass(s, T, frow, slot, p) and game.filter_base(s, T, frow, slot, p, src)):
                    continue
                if active < 0:
                    active = 1 if game.condition_holds(s, T, abil[r, K.A_COND], abil[r, K.A_COND_ARG], p, src) else 0
                if active == 0:
                    break
                kw |= code[q, I_A0]
            k, src, r = game.next_continuous(s, T, p, srcs, k, r + 1)
    if kw != 0 and lost_abilities(s, T, slot):
        return 0  # session 33: a card that lost all its abilities gains none from them (lost_abilities)
    return kw


@internal_inline
def aura_applies(game, s, T, frow, slot, p, src, kind, srcs):
    """Does the AURA instruction of filter row ``frow`` (of player ``p``'s card ``src``) apply to field card ``slot``?
    ``filter_base``; for a filter that names keywords (session 32: an AURA_POWER's or AURA_RESTRICT's, "with
    [Flying]"), the card's keywords with those the continuous abilities give (``aura_keywords_base``)."""
    if not field_card_may_pass(s, T, frow, slot, p):
        return False
    f = filter_table(T)[frow]
    if kind == AURA_KW or ((f[K.F_ADDED_TO] >> K.KW_FILTER_SHIFT) & K.KW_FILTER_MASK) == 0 or \
            s[ZONE + slot * CARD_W] != Zone.FIELD:
        return game.filter_base(s, T, frow, slot, p, src)
    atk = game.base_atk(s, T, slot) if (f[K.F_ATK_MIN] >= 0 or f[K.F_ATK_MAX] >= 0) else 0
    kw = game.base_keywords(s, T, slot) | game.aura_keywords_base(s, T, slot, srcs)
    return game.filter_core(s, T, frow, slot, p, src, atk, kw)


@internal
def aura_sums(game, s, T, slot, kinds, srcs):
    """The continuous abilities (CR 904, 909) in force (of the cards in the fields and the ruler
    areas, CR 902.1; ``next_continuous``) that apply to ``slot``, of the kinds ``kinds`` (bits
    ``1 << AURA_*``): (the sums of their ATK changes, of their DEF changes, their keywords, their
    restrictions), 0 for a kind not asked. ``srcs``: ``continuous_in_field(s, T)``, the positions
    that hold a card with a continuous ability (0: none, nothing to add). An AURA instruction applies to the cards its filter row (a1)
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
        k, src, r = game.next_continuous(s, T, p, srcs, 0, -1)
        while k >= 0:
            # read lazily (the same sums; both are reads of the row): the condition at the first
            # instruction of a kind asked whose filter matches ``slot``, an AURA_PER's count
            # ("for each ...") when the AURA_POWER after it applies. Most reads ask for a kind
            # the ability has not or for a card its filter rejects, and then neither is read.
            active = -1  # -1: not read yet
            per = -1  # a pending AURA_PER's (per, filter row), -1: none
            per_row = 0
            for q in range(abil[r, K.A_CODE_START], abil[r, K.A_CODE_START] + abil[r, K.A_CODE_LEN]):
                kind = aura_kind(code[q, I_OP], kinds)
                if kind == AURA_PENDING:
                    per = code[q, I_A0]
                    per_row = code[q, I_A1]
                    continue
                pending = per
                per = -1  # an AURA_PER multiplies the next instruction only
                if kind < 0:
                    continue
                frow = code[q, I_A1]
                if frow < 0:
                    if s[ATTACHED + src * CARD_W] != slot:
                        continue
                elif not aura_applies(game, s, T, frow, slot, p, src, kind, srcs):
                    continue
                if active < 0:
                    active = 1 if game.condition_holds(s, T, abil[r, K.A_COND], abil[r, K.A_COND_ARG], p, src) else 0
                if active == 0:
                    break  # an inactive ability adds nothing
                if kind == AURA_POWER:
                    m = 1 if pending < 0 else game.aura_count(s, T, pending, per_row, p, src)
                    atk += code[q, I_A0] * m
                    df += code[q, I_A2] * m
                elif kind == AURA_KW:
                    kw |= code[q, I_A0]
                else:
                    rst |= code[q, I_A0]
            k, src, r = game.next_continuous(s, T, p, srcs, k, r + 1)
    if kw != 0 and lost_abilities(s, T, slot):
        kw = 0  # session 33: a card that lost all its abilities gains none from them (lost_abilities)
    if (atk != 0 or df != 0) and power_set(s, T, slot):
        atk = 0  # session 34 (s34a): its ATK and DEF were set (power_set)
        df = 0
    return atk, df, kw, rst


@internal
def field_aura_sums(game, s, T, kinds, srcs, sums):
    """``aura_sums`` of every card in the fields at once, into ``sums`` (int64, zeroed by the
    caller, 4 words per field position: player 0's field in list order, then player 1's: the sums
    of the ATK changes, of the DEF changes, the keywords, the restrictions). The same sums as
    ``aura_sums`` read card by card, but each continuous ability's condition and "for each" count
    is read once for the fields (lazily, at its first instruction of a kind asked that applies to
    a card), not once per card read: the observation reads every field card's values at every
    decision (docs/performance-log.md, issue 30, session 11). Each instruction's filter is still
    asked for every card of the fields (CR 909: an aura applies to every card it names)."""
    if srcs == 0:
        return
    abil = ability_table(T)
    code = code_table(T)
    n0_off, l0_off = zone_offsets(ZT, Zone.FIELD, 0)
    n1_off, l1_off = zone_offsets(ZT, Zone.FIELD, 1)
    n0 = s[n0_off]
    n = n0 + s[n1_off]
    for p in range(2):
        k, src, r = game.next_continuous(s, T, p, srcs, 0, -1)
        while k >= 0:
            active = -1  # the condition (the same for every card): -1 not read yet
            per = -1  # a pending AURA_PER's (per, filter row), -1: none
            per_row = 0
            for q in range(abil[r, K.A_CODE_START], abil[r, K.A_CODE_START] + abil[r, K.A_CODE_LEN]):
                kind = aura_kind(code[q, I_OP], kinds)
                if kind == AURA_PENDING:
                    per = code[q, I_A0]
                    per_row = code[q, I_A1]
                    continue
                pending = per
                per = -1  # an AURA_PER multiplies the next instruction only
                if kind < 0:
                    continue
                frow = code[q, I_A1]
                m = -1  # the AURA_PER's count (the same for every card): -1 not read yet
                for t in range(n):
                    slot = s[l0_off + t] if t < n0 else s[l1_off + t - n0]
                    if s[ZONE + slot * CARD_W] != Zone.FIELD:
                        continue
                    if frow < 0:
                        if s[ATTACHED + src * CARD_W] != slot:
                            continue
                    elif not aura_applies(game, s, T, frow, slot, p, src, kind, srcs):
                        continue
                    if active < 0:
                        active = 1 if game.condition_holds(s, T, abil[r, K.A_COND], abil[r, K.A_COND_ARG], p, src) else 0
                    if active == 0:
                        break  # an inactive ability adds nothing
                    if kind == AURA_POWER:
                        if power_set(s, T, slot):
                            continue  # session 34 (s34a): its ATK and DEF were set (power_set)
                        if m < 0:
                            m = 1 if pending < 0 else game.aura_count(s, T, pending, per_row, p, src)
                        sums[4 * t] += code[q, I_A0] * m
                        sums[4 * t + 1] += code[q, I_A2] * m
                    elif kind == AURA_KW:
                        if not lost_abilities(s, T, slot):  # session 33 (lost_abilities)
                            sums[4 * t + 2] |= code[q, I_A0]
                    else:
                        sums[4 * t + 3] |= code[q, I_A0]
                if active == 0:
                    break
            k, src, r = game.next_continuous(s, T, p, srcs, k, r + 1)


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
    (``SRC_BITS``, ``SRC_PAST``; ``SRC_RULER`` + p: one in p's ruler area, CR 902.1b); 0 when none has one, and then ``aura_from`` adds nothing to any
    card. A kernel that reads many cards (the observation, the rule processes) asks once and
    passes the answer as ``cont`` to ``def_now`` / ``keywords_now`` / ``restrictions_now`` /
    ``aura_sums``, instead of each read scanning both fields' cards: those scans were half of
    random play's time, and with the answer a bool (every card of the fields read per card) still
    a fifth of it (docs/performance-log.md, 2026-11-26 and 2026-11-27)."""
    srcs = 0
    for p in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
        for i in range(s[n_off]):
            if card_table(T)[s[CARD + s[l_off + i] * CARD_W], K.C_HAS_CONT] != 0:
                srcs |= (1 << (p * SRC_BITS + i)) if i < SRC_BITS else SRC_PAST
        n_off, l_off = zone_offsets(ZT, Zone.RULER_AREA, p)
        for i in range(s[n_off]):  # CR 902.1b: a ruler's abilities are active in its ruler area
            if card_table(T)[s[CARD + s[l_off + i] * CARD_W], K.C_HAS_CONT] != 0:
                srcs |= 1 << (SRC_RULER + p)
    return srcs


@internal
def next_continuous(s, T, p, srcs, k, r):
    """The one scan of the continuous abilities in force of player ``p``'s cards (CR 902.1): those of
    its cards in the field (902.1a: J/resonators, additions, regalia, magic stones; in field list
    order), then those of the cards in its ruler area (902.1b: a ruler's abilities are active
    there). A cursor: from position ``k`` of that order (0 to begin) and ability row ``r`` (a row
    before the card's first, -1: from its first), the next continuous ability: (its position, its
    card's slot, its ability row); (-1, -1, -1) past the last. The loop::

        k, src, r = game.next_continuous(s, T, p, srcs, 0, -1)
        while k >= 0:
            ...  # ability row r of card src
            k, src, r = game.next_continuous(s, T, p, srcs, k, r + 1)

    ``srcs``: ``continuous_in_field``'s mask (a position whose bit is clear holds no card with a
    continuous ability: not read); -1 reads every position."""
    abil = ability_table(T)
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
    nf = s[n_off]
    rn_off, rl_off = zone_offsets(ZT, Zone.RULER_AREA, p)
    n = nf + s[rn_off]
    if ((srcs >> (SRC_RULER + p)) & 1) == 0:
        n = nf  # no continuous ability in the ruler area
    while k < n:
        if k < nf:
            if k < SRC_BITS and ((srcs >> (p * SRC_BITS + k)) & 1) == 0:
                k += 1  # no continuous ability there: its card is not read
                r = -1
                continue
            src = s[l_off + k]
        else:
            src = s[rl_off + k - nf]
        c = card_table(T)[s[CARD + src * CARD_W]]
        if c[K.C_HAS_CONT] != 0 and not lost_abilities(s, T, src):  # session 33: none in force when lost (CR 909.1d)
            r = max(r, c[K.C_ABIL_START])
            while r < c[K.C_ABIL_START] + c[K.C_ABIL_COUNT]:
                if abil[r, K.A_KIND] == K.AbilityKind.CONTINUOUS:
                    return k, src, r
                r += 1
        k += 1
        r = -1
    return -1, -1, -1


@internal
def next_op_in_force(game, s, T, p, op, k, src, r, i):
    """The instructions ``op`` of player ``p``'s continuous abilities in force whose condition holds (CR 902.1, 904;
    ``next_continuous``'s order), one at a time: from cursor ``(k, src, r, i)`` (``(0, -1, -1, -1)`` to begin; then
    the last answer with ``i + 1``), the next one as (position, its card's slot, ability row, code row); all -1 past
    the last. The loop of the abilities that add up one kind of instruction (cost_increase, opp_payment_free,
    attr_any_mask, battle.attack_tax)::

        k, src, r, i = game.next_op_in_force(s, T, p, K.Op.X, 0, -1, -1, -1)
        while i >= 0:
            ...  # code row i of ability r of card src
            k, src, r, i = game.next_op_in_force(s, T, p, K.Op.X, k, src, r, i + 1)
    """
    abil = ability_table(T)
    code = code_table(T)
    if i < 0:  # a new ability: the next one in force from r
        k, src, r = game.next_continuous(s, T, p, -1, k, r)
    while k >= 0:
        if i < 0:  # its condition (CR 904), then its first code row
            if abil[r, K.A_COND] != 0 and not game.condition_holds(s, T, abil[r, K.A_COND], abil[r, K.A_COND_ARG], p,
                                                                   src):
                k, src, r = game.next_continuous(s, T, p, -1, k, r + 1)
                continue
            i = abil[r, K.A_CODE_START]
        while i < abil[r, K.A_CODE_START] + abil[r, K.A_CODE_LEN]:
            if code[i, I_OP] == op:
                return k, src, r, i
            i += 1
        k, src, r = game.next_continuous(s, T, p, -1, k, r + 1)
        i = -1
    return -1, -1, -1, -1


@internal
def cost_reduction(game, s, T, p, slot):
    """COST_REDUCTION of the continuous abilities in force of ``p``'s cards (in the field and its ruler
    area, CR 902.1; ``next_continuous``) for hand card ``slot`` (CR 903.2i-iv: free cost less)."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_COST_REDUCTION) == 0:
        return 0  # no COST_REDUCTION in the pool (its flags): nothing to add up, here or in own_reduction
    abil = ability_table(T)
    code = code_table(T)
    total = 0
    k, src, r = game.next_continuous(s, T, p, -1, 0, -1)
    while k >= 0:
        c0 = abil[r, K.A_CODE_START]
        for q in range(c0, c0 + abil[r, K.A_CODE_LEN]):
            if code[q, I_OP] == K.Op.COST_REDUCTION and game.filter_base(s, T, code[q, I_A1], slot, p, src):
                total += code[q, I_A0]
        k, src, r = game.next_continuous(s, T, p, -1, k, r + 1)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_COST_INCREASE) != 0:
        total -= game.cost_increase(s, T, p, slot)  # session 33: "Your opponent pays {N} more to play <chants>."
    return total + game.own_reduction(s, T, p, slot, -1, False)


@internal
def cost_increase(game, s, T, p, slot):
    """Session 33 (s33a): what the COST_INCREASE instructions of both players' continuous abilities in force (CR 902.1,
    904; their conditions holding, "during your turn") add to the cost of card ``slot`` that ``p`` plays (CR 903.2i-iii:
    an increase), each of a player whose plays it names (a2: COST_INC_YOU, COST_INC_OPP from its controller's side)."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_COST_INCREASE) == 0:
        return 0
    code = code_table(T)
    total = 0
    opp = 0
    for q in range(2):
        who = K.COST_INC_YOU if q == p else K.COST_INC_OPP
        k, src, r, i = game.next_op_in_force(s, T, q, K.Op.COST_INCREASE, 0, -1, -1, -1)
        while i >= 0:
            if (code[i, I_A2] & who) != 0 and game.filter_base(s, T, code[i, I_A1], slot, q, src):
                if q == p:
                    total += code[i, I_A0]
                else:
                    opp += code[i, I_A0]
            k, src, r, i = game.next_op_in_force(s, T, q, K.Op.COST_INCREASE, k, src, r, i + 1)
    if opp > 0 and game.opp_payment_free(s, T, p):
        opp = 0  # "If an ability or effect your opponent controls would make you pay any amount of will, you pay {0} instead."
    return total + opp


@internal
def opp_payment_free(game, s, T, p):
    """Session 33 (s33a): does ``p`` have "If an ability or effect your opponent controls would make you pay any amount of
    will, you pay {0} instead." in force (an OPP_PAYMENT_FREE of its continuous abilities, CR 902.1, 910)?"""
    return game.next_op_in_force(s, T, p, K.Op.OPP_PAYMENT_FREE, 0, -1, -1, -1)[3] >= 0


@internal
def attr_any_mask(game, s, T, p, cid):
    """Session 33 (s33a): the attributes whose will may pay the attribute cost of card ``cid`` as ``p`` plays it (one bit
    each): the ATTR_COST_ANY instructions of ``p``'s continuous abilities in force (``next_continuous``; CR 902.1,
    904) whose filter matches its characteristics (filters.spend_match); 0 at once in a pool without one."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_ATTR_ANY) == 0:
        return 0
    code = code_table(T)
    mask = 0
    k, src, r, i = game.next_op_in_force(s, T, p, K.Op.ATTR_COST_ANY, 0, -1, -1, -1)
    while i >= 0:
        if game.spend_match(T, code[i, I_A1], cid):
            mask |= code[i, I_A0]
        k, src, r, i = game.next_op_in_force(s, T, p, K.Op.ATTR_COST_ANY, k, src, r, i + 1)
    return mask


@internal
def own_reduction(game, s, T, p, slot, attr, optional_only):
    """What the hand card ``slot``'s own "[you may] pay ... less to play this card [if <condition> / for
    each <cards>]" take off its cost (a COST_REDUCTION of its own continuous ability, filter self_only,
    in the hand: CR 903.2i): the condition is checked, an AURA_PER before it multiplies it.
    ``attr`` < 0: the generic will ("pay {N} less", a0); ``optional_only``: only the "you may" ones
    (a2's COST_RED_OPTIONAL), which the player may decline (play.play_from_hand asks). ``attr`` >= 0:
    the will of that attribute ("you may pay {B} less", a2's COST_RED_ATTR_* field; the compiler makes
    them "you may" only: play.hand_attr_reduction), at most the printed cost of that attribute (CR
    903.2i-iv: a part decreased)."""
    abil = ability_table(T)
    code = code_table(T)
    c = card_table(T)[s[CARD + slot * CARD_W]]
    total = 0
    if c[K.C_HAS_CONT] == 0:
        return 0
    shift = K.COST_RED_ATTR_SHIFT + K.COST_RED_ATTR_BITS * max(attr, 0)
    for r in range(c[K.C_ABIL_START], c[K.C_ABIL_START] + c[K.C_ABIL_COUNT]):
        if abil[r, K.A_KIND] != K.AbilityKind.CONTINUOUS:
            continue
        if not game.condition_holds(s, T, abil[r, K.A_COND], abil[r, K.A_COND_ARG], p, slot):
            continue
        mult = 1
        c0 = abil[r, K.A_CODE_START]
        for q in range(c0, c0 + abil[r, K.A_CODE_LEN]):
            op = code[q, I_OP]
            if op == K.Op.AURA_PER:
                mult = game.aura_count(s, T, code[q, I_A0], code[q, I_A1], p, slot)
                continue
            if op == K.Op.COST_REDUCTION and filter_table(T)[code[q, I_A1], K.F_EXCLUDE_SELF] == K.SELF_ONLY:
                if attr >= 0:
                    total += ((code[q, I_A2] >> shift) & K.COST_RED_ATTR_MASK) * mult
                elif not optional_only or (code[q, I_A2] & K.COST_RED_OPTIONAL) != 0:
                    total += code[q, I_A0] * mult
            mult = 1
    return min(total, c[K.C_COST + attr]) if attr >= 0 else total


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
def restricted(game, s, T, slot, bits):
    """Whether ``slot`` has one of the RESTRICT_* ``bits`` now (``restrictions_of``); not looked up
    when no instruction of the pool gives any of them (the pool's flags, cards.fow_kernel_flags)."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_RESTRICT] & bits) == 0:
        return False
    return (game.restrictions_of(s, T, slot) & bits) != 0


@internal
def restricted_now(game, s, T, slot, bits, cont):
    """``restricted`` with ``cont`` = ``continuous_in_field(s, T)`` known (a loop over the field's
    cards asks once, not a scan of the fields per card)."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_RESTRICT] & bits) == 0:
        return False
    return (game.restrictions_now(s, T, slot, cont) & bits) != 0


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
            return max(s[f + E_X], 0)  # < 0: a declinable cost reduction (play.play_from_hand), no X
    return 0


@internal_inline  # one caller: inlined into it (engine.jit)
def played_aux_on_chase(s, slot):
    """How spell ``slot`` was played (its chase entry's, or the frame playing or resolving it, E_AUX: PLAY_* and the
    bit PLAY_TORRENT); -1 anywhere else (CR 1017.1c-i: copies are not compiled). CR 1109.2a ([Awakening]: PLAY_AWAKENED
    under PLAY_HOW_MASK), 1124.2 ([Torrent])."""
    if s[ZONE + slot * CARD_W] != Zone.CHASE:
        return -1
    for i in range(s[FRAME_N]):
        f = FRAMES + i * FRAME_W
        if s[f + E_KIND] == K.EntryKind.CARD and s[f + E_SLOT] == slot:
            return s[f + E_AUX]
    for i in range(s[CHASE_N]):
        e = CHASE + i * ENTRY_W
        if s[e + E_KIND] == K.EntryKind.CARD and s[e + E_SLOT] == slot:
            return s[e + E_AUX]
    return -1


@internal
def controls_since_turn_start(game, s, T, slot):
    """CR 803.3a / 905.3: controlled continuously since the beginning of this turn, or [Swiftness]
    (CR 1107.2)."""
    return s[ENTERED + slot * CARD_W] < s[H_TURN] or game.has_keyword(s, T, slot, K.KW_SWIFTNESS)


@internal
def controls_since_turn_start_now(game, s, T, slot, cont):
    """``controls_since_turn_start`` with ``cont`` = ``continuous_in_field(s, T)`` known."""
    return s[ENTERED + slot * CARD_W] < s[H_TURN] or (game.keywords_now(s, T, slot, cont) & K.KW_SWIFTNESS) != 0


@internal
def j_ruler_slot(s, p):
    """Player ``p``'s ruler card: always its first slot (a ruler is one card, CR 402.2)."""
    return p * K.PLAYER_SLOTS + K.RULER_SLOT


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


# ---- named counters (CR 1022.1; state.NAMED: constants.NC_* slots of a kind and a count) ------------------------------
@internal_inline
def named_count(s, slot, kind):
    """How many counters of kind ``kind`` (the pool's counter_ids) are on card ``slot``."""
    v = s[NAMED + slot * CARD_W]
    for k in range(K.NC_SLOTS):
        e = (v >> (k * K.NC_SLOT_BITS)) & ((1 << K.NC_SLOT_BITS) - 1)
        if e != 0 and (e & K.NC_KIND_MASK) == kind:
            return e >> K.NC_KIND_BITS
    return 0


@internal_inline
def named_add(s, slot, kind, delta):
    """Put ``delta`` counters of kind ``kind`` on card ``slot`` (CR 1022.1; < 0: remove as many, as many as there are):
    into the slot of that kind, else (putting) an empty slot; none left, they are not put (constants.NC_SLOTS)."""
    w = slot * CARD_W
    v = s[NAMED + w]
    free = -1
    for k in range(K.NC_SLOTS):
        sh = k * K.NC_SLOT_BITS
        e = (v >> sh) & ((1 << K.NC_SLOT_BITS) - 1)
        if e == 0:
            if free < 0:
                free = k
        elif (e & K.NC_KIND_MASK) == kind:
            n = min(max((e >> K.NC_KIND_BITS) + delta, 0), K.NC_COUNT_MASK)
            e2 = (n << K.NC_KIND_BITS) | kind if n > 0 else 0
            s[NAMED + w] = (v & ~(((1 << K.NC_SLOT_BITS) - 1) << sh)) | (e2 << sh)
            return
    if delta > 0 and free >= 0:
        s[NAMED + w] = v | (((min(delta, K.NC_COUNT_MASK) << K.NC_KIND_BITS) | kind) << (free * K.NC_SLOT_BITS))


@internal
def enters_with_counters(s, T, slot):
    """Card ``slot`` enters the field: with its [Mana] counters (CR 1122.2b) and the counters "This card enters the field
    with N <name> / [+100/+100] counters" puts (session 24, C_ENTER_COUNTERS), each added to those of the same name
    already on it (CR 1022.6)."""
    w = slot * CARD_W
    c = card_table(T)[s[CARD + w]]
    s[MANA + w] += c[K.C_MANA]
    ec = c[K.C_ENTER_COUNTERS]
    if ec != 0:
        n = ec & ((1 << K.ENTER_COUNT_BITS) - 1)
        if (ec >> K.ENTER_COUNT_BITS) == 0:
            s[COUNTERS + w] += n
        else:
            named_add(s, slot, ec >> K.ENTER_COUNT_BITS, n)
