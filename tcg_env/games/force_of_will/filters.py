"""Force of Will rules kernels: target filters and conditions, what the card tables' filter rows
and Condition codes mean (targets: CR 903.2g, [Barrier] 1120.2; the [Rune] conditions, CR 1137),
with the counts they read (magic stones, revealed runes, CR 711.2a)."""

from tcg_env.engine.header import H_TURN
from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import card_table, filter_table
from tcg_env.engine.zones import zone_offsets
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import C_ATK, N_ATTRIBUTES, CardType, Zone
from tcg_env.games.force_of_will.state import RESONATORS_TO_GRAVE  # session 22
from tcg_env.games.force_of_will.state import GEMS  # session 23
from tcg_env.games.force_of_will.state import STANDBY_N  # session 32
from tcg_env.games.force_of_will.state import CHASE, CHASE_N, E_ABIL, E_CARD, E_CTRL, E_KIND, ENTRY_W  # session 34 (s34b)
from tcg_env.engine.tables import ability_table  # session 34 (s34b)
from tcg_env.games.force_of_will.state import (
    ATTACHED, ATTACKER, BLOCKER, CARD, CARD_W, CONTROLLER, COUNTERS, DAMAGE, ENTERED, FIRST_PLAYER, GRAVE_N, HAND_N, LIFE, REMOVED_N, OWNER, PLAYED_CARDS,
    RESTED, REVEALED, TURN_PLAYER, USED_TURN, WEATHER, ZONE, ZT
)
from tcg_env.games.force_of_will.characteristics import attr_passes, named_count  # session 21
from tcg_env.games.force_of_will.characteristics import field_card_may_pass, played_aux_on_chase, type_mask_of, x_on_chase
from tcg_env.games.force_of_will.rule_processes import share_a_name  # session 28: Per.NAMES
from tcg_env.rules.filters import (
    holder_of, passes_bits, passes_equals_any2, passes_not_source, passes_range, passes_side,
    passes_state, passes_zone
)


# the Zone of each FilterZone
# (FilterZone.ANYWHERE, 7, is any zone: filter_core tests it before passes_zone; Zone.NONE holds its place)
_FILTER_ZONES = (Zone.FIELD, Zone.CHASE, Zone.GRAVEYARD, Zone.HAND, Zone.MAIN_DECK, Zone.RULER_AREA, Zone.REMOVED,
                 Zone.NONE, Zone.STONE_DECK)


@internal
def filter_match(game, s, T, frow, slot, viewer, source):
    """Does card ``slot`` match filter row ``frow`` for an effect of ``viewer``'s with source
    ``source``? Targets: CR 903.2g (a card on the chase cannot target itself, 903.2g-i; [Barrier],
    CR 1120.2: not by the opponent's spells and abilities). Only what the filter needs is computed."""
    f = filter_table(T)[frow]
    if slot >= K.ABILITY_REF or f[K.F_ZONE] == K.FilterZone.CHASE_ABILITY:
        # session 34 (s34b): an ability on the chase (a register's reference), matched by an ability filter only
        return slot >= K.ABILITY_REF and f[K.F_ZONE] == K.FilterZone.CHASE_ABILITY and \
            ability_filter_match(s, T, f, slot - K.ABILITY_REF, viewer)
    w = slot * CARD_W
    if s[CARD + w] < 0:
        return False
    on_field = s[ZONE + w] == Zone.FIELD
    atk = card_table(T)[s[CARD + w], C_ATK]
    if on_field and (f[K.F_ATK_MIN] >= 0 or f[K.F_ATK_MAX] >= 0):
        atk = game.atk_of(s, T, slot)
    kw = 0
    if on_field and ((f[K.F_ADDED_TO] >> K.KW_FILTER_SHIFT) & K.KW_FILTER_MASK) != 0:
        kw = game.keywords_of(s, T, slot)  # "<cards> with [Flying]" (session 27): its keywords now (CR 1100s)
    if not game.filter_core(s, T, frow, slot, viewer, source, atk, kw):
        return False
    if on_field and f[K.F_STATE] == K.CardState.POWER_NOT_PRINTED:
        # session 34 (s34a): "with ATK different from its printed ATK or DEF different from its printed DEF" (CR 909.7)
        c = card_table(T)[s[CARD + w]]
        if game.atk_of(s, T, slot) == c[C_ATK] and game.def_of(s, T, slot) == c[K.C_DEF]:
            return False
    # CR 1120.2: [Barrier] is the one test that reads the keywords (continuous abilities included:
    # a scan of the fields), so it comes last: filter_core with them rejects exactly what this
    # rejects
    if on_field and (f[K.F_ADDED_TO] & K.TARGETED) != 0 and game.restricted(s, T, slot, K.RESTRICT_CANT_BE_TARGETED):
        return False  # "cannot be targeted by spells or abilities" (anyone's; looked up only in pools with it)
    if not (on_field and s[CONTROLLER + w] != viewer and (f[K.F_ADDED_TO] & K.TARGETED) != 0):
        return True
    if (game.keywords_of(s, T, slot) & K.KW_BARRIER) != 0:
        return False
    # CR 1120.3: "[Barrier] <information>": not by another player's spells or abilities of that information, read
    # on the source (the spell's card, or the card whose ability it is)
    b = card_table(T)[s[CARD + w], K.C_TYPE_BITS] >> K.TB_BARRIER_SHIFT
    return b == 0 or not barrier_from_source(game, s, T, b, source)


@internal
def ability_filter_match(s, T, f, k, viewer):
    """Session 34 (s34b): does chase entry ``k`` match the ability filter row ``f`` (FilterZone.CHASE_ABILITY) for
    ``viewer``: an activate or automatic ability (CR 903.2d; EntryKind.ABILITY: not a spell, not a judgment, CR 705.2d)
    of the kinds F_STATE names (ABILITY_KIND_*: ACTIVATE rows activate, every other one automatic: an automatic ability's
    row, a keyword skill's, a delayed one's, CR 906.8), whose source card is of the types of F_TYPE_MASK (its card id as
    it was played, last known, CR 911.1), controlled by the side F_SIDE names?"""
    if k < 0 or k >= s[CHASE_N]:
        return False
    e = CHASE + k * ENTRY_W
    if s[e + E_KIND] != K.EntryKind.ABILITY:
        return False
    arow = s[e + E_ABIL]
    activate = arow >= 0 and ability_table(T)[arow, K.A_KIND] == K.AbilityKind.ACTIVATE
    if (f[K.F_STATE] & (K.ABILITY_KIND_ACTIVATE if activate else K.ABILITY_KIND_AUTOMATIC)) == 0:
        return False
    if f[K.F_TYPE_MASK] != 0 and (s[e + E_CARD] < 0 or
                                  (f[K.F_TYPE_MASK] & (1 << card_table(T)[s[e + E_CARD], K.C_TYPE])) == 0):
        return False
    return passes_side(f[K.F_SIDE], K.FilterSide.OWN, K.FilterSide.OPPONENT, s[e + E_CTRL], viewer)


@internal_inline  # one caller: inlined into it (engine.jit)
def barrier_from_source(game, s, T, b, source):
    """Is the source card ``source`` of the information ``b`` (C_TYPE_BITS from TB_BARRIER_SHIFT, CR 1120.3): one of its
    attributes, one of its card types, or a total cost at most its bound?"""
    if source < 0 or s[CARD + source * CARD_W] < 0:
        return False
    sc = card_table(T)[s[CARD + source * CARD_W]]
    if (b & sc[K.C_ATTR] & ((1 << N_ATTRIBUTES) - 1)) != 0:
        return True
    if ((b >> K.BARRIER_TYPE_SHIFT) & 255 & type_mask_of(sc)) != 0:
        return True
    cm = (b >> K.BARRIER_COST_SHIFT) & 15
    if cm == 0:
        return False
    tc = game.total_cost(T, s[CARD + source * CARD_W])
    if sc[K.C_COST_FREE] < 0:
        tc += x_on_chase(s, source)  # CR 203.5b
    return tc <= cm - 1


@internal
def filter_base(game, s, T, frow, slot, viewer, source):
    """``filter_match`` reading ATK and keywords without the continuous abilities: what the
    continuous abilities' own filters read, so that neither is defined by the other."""
    if s[CARD + slot * CARD_W] < 0:
        return False
    if s[ZONE + slot * CARD_W] != Zone.FIELD:
        return game.filter_core(s, T, frow, slot, viewer, source, card_table(T)[s[CARD + slot * CARD_W], C_ATK], 0)
    # filter_core reads the ATK only for an ATK bound and the keywords only for [Barrier] on a card
    # another player controls (CR 1120.2): each is computed only when read (continuous abilities'
    # filters call this for every card read, characteristics.aura_sums)
    f = filter_table(T)[frow]
    atk = game.base_atk(s, T, slot) if (f[K.F_ATK_MIN] >= 0 or f[K.F_ATK_MAX] >= 0) else 0
    kw = game.base_keywords(s, T, slot) if s[CONTROLLER + slot * CARD_W] != viewer or (
        (f[K.F_ADDED_TO] >> K.KW_FILTER_SHIFT) & K.KW_FILTER_MASK) != 0 else 0
    return game.filter_core(s, T, frow, slot, viewer, source, atk, kw)


@internal
def filter_core(game, s, T, frow, slot, viewer, source, atk, kw):
    """The filter row's tests, with the card's ATK and keywords given: one line per word, the
    standard words as the shared layer's predicates (``tcg_env.rules.filters``), Force of Will's
    own (a card on the chase, an addition's card, [Barrier]) written out."""
    f = filter_table(T)[frow]
    w = slot * CARD_W
    cid = s[CARD + w]
    if cid < 0:
        return False
    c = card_table(T)[cid]
    z = s[ZONE + w]
    if f[K.F_ZONE] != K.FilterZone.ANYWHERE and not passes_zone(f[K.F_ZONE], z, _FILTER_ZONES):
        return False
    if f[K.F_EXCLUDE_SELF] == K.SELF_ONLY:
        if slot != source:
            return False  # "this card ...": a continuous ability of its own card (FowFilter.self_only)
    elif not passes_not_source(f[K.F_EXCLUDE_SELF], slot, source):
        return False
    if slot == source and z == Zone.CHASE:
        return False  # CR 903.2g-i: a card on the chase does not target itself
    if (f[K.F_ADDED_TO] & K.ADDED_TO_CARD) != 0 and (source < 0 or s[ATTACHED + source * CARD_W] != slot):
        return False  # CR 1406.1a: "added resonator ...": only the card the source addition is added to
    holder = holder_of(s, OWNER + w, CONTROLLER + w, z == Zone.FIELD or z == Zone.CHASE or z == Zone.RULER_AREA)
    if not passes_side(f[K.F_SIDE], K.FilterSide.OWN, K.FilterSide.OPPONENT, holder, viewer):
        return False
    if holder != viewer and z == Zone.FIELD and (kw & K.KW_BARRIER) != 0 and (f[K.F_ADDED_TO] & K.TARGETED) != 0:
        return False  # CR 1120.2
    if not passes_bits(f[K.F_TYPE_MASK], type_mask_of(c)):
        return False
    if not attr_passes(f[K.F_ATTR_MASK], c[K.C_ATTR]):
        return False
    tc = game.total_cost(T, cid)
    if c[K.C_COST_FREE] < 0:
        tc += x_on_chase(s, slot)  # CR 203.5b
    lo, hi = f[K.F_COST_MIN], f[K.F_COST_MAX]
    if hi == K.COST_BOUND_X:
        # "with total cost X [or less]" (session 22, CR 903.2f): the X chosen for the source chant / rune, chosen
        # before its targets and kept on its chase entry (0 off the chase)
        hi = x_on_chase(s, source) if source >= 0 else 0
        if lo == K.COST_BOUND_X:
            lo = hi
    if not passes_range(lo, hi, tc):
        return False
    if not passes_range(f[K.F_ATK_MIN], f[K.F_ATK_MAX], atk):
        return False
    if not race_passes(f[K.F_RACE], c):
        return False
    kreq = (f[K.F_ADDED_TO] >> K.KW_FILTER_SHIFT) & K.KW_FILTER_MASK
    if kreq != 0:
        # "with [Flying]" / "without [Flying]" (session 27): the keywords given (in the field), printed elsewhere
        has = kw if z == Zone.FIELD else c[K.C_KEYWORDS]
        if ((has & kreq) != 0) == ((f[K.F_ADDED_TO] & K.KW_FILTER_NOT) != 0):
            return False
    rare = f[K.F_ADDED_TO] & K.RARE_FILTER_BITS
    if rare != 0:
        # session 32: a basic / special magic stone (CR 402.4b: C_BASIC bit 0), a card with a mark (CR 1101.1b)
        if (rare & (K.STONE_BASIC | K.STONE_SPECIAL)) != 0 and ((c[K.C_BASIC] & 1) != 0) != ((rare & K.STONE_BASIC) != 0):
            return False
        marks = rare >> K.MARK_FILTER_SHIFT
        if marks != 0 and ((c[K.C_BASIC] >> K.DECK_MARK_SHIFT) & marks) == 0:
            return False
    if f[K.F_NAME] != 0 and f[K.F_NAME] != (c[K.C_NAME] & K.NAME_MASK):
        # a second name (packed in C_NAME, CR 202); one gained by an ability only in the field or a ruler area (902.1a)
        n2 = (c[K.C_NAME] >> K.NAME_BITS) & K.NAME_MASK
        if (c[K.C_NAME] & K.NAME2_IN_FIELD) != 0 and z != Zone.FIELD and z != Zone.RULER_AREA:
            n2 = 0
        if f[K.F_NAME] >= K.NAME_NOT:
            # session 33: "not named "<name>"" (CR 202): neither of the card's names is that one
            if (c[K.C_NAME] & K.NAME_MASK) == (f[K.F_NAME] & K.NAME_MASK) or n2 == (f[K.F_NAME] & K.NAME_MASK):
                return False
        elif f[K.F_NAME] != n2 and not name_or_passes(f[K.F_NAME], c[K.C_NAME] & K.NAME_MASK, n2):
            return False
    st = f[K.F_STATE]
    if st >= K.CardState.ATTACKING:  # "attacking / blocking <cards>": the ones in the battle now
        if st == K.CardState.DAMAGED:  # CR 1007.1: damage on the card (removed: 1007.6, at end of turn)
            return s[DAMAGE + w] > 0
        if st == K.CardState.ENTERED_THIS_TURN:  # in the field since this turn (ENTERED: the turn it entered)
            return z == Zone.FIELD and s[ENTERED + w] == s[H_TURN]
        if st == K.CardState.DEALT_DAMAGE_THIS_TURN:  # dealt damage since this turn began (USED_TURN, CR 1007.1)
            return (s[USED_TURN + w] & K.USED_DEALT_DAMAGE) != 0
        if st == K.CardState.POWER_NOT_PRINTED:
            # session 34 (s34a): in the field; its values against the printed ones are read by filter_match (they need
            # the continuous abilities, which this core of their own filters does not read)
            return z == Zone.FIELD
        return (((st == K.CardState.ATTACKING or st == K.CardState.ATTACKING_OR_BLOCKING) and slot == s[ATTACKER])
                or ((st == K.CardState.BLOCKING or st == K.CardState.ATTACKING_OR_BLOCKING) and slot == s[BLOCKER]))
    return passes_state(st, K.CardState.RECOVERED, K.CardState.RESTED, s[RESTED + w] != 0)


@internal_inline
def name_or_passes(fn, n1, n2):
    """"named "A" or "B"" (session 28): F_NAME packs A and, from NAME_BITS, B (0: none); the card's name ``n1`` or
    second name ``n2`` (0: none) is one of them."""
    a = fn & K.NAME_MASK
    b = fn >> K.NAME_BITS
    return b != 0 and (n1 == a or n1 == b or (n2 != 0 and (n2 == a or n2 == b)))


@internal_inline
def race_passes(fr, c):
    """The filter's race (0: any) is one of card row ``c``'s two races; "<race> or <race>" (session 22): a second
    race from RACE_OR_SHIFT, either matching; "non-<race>" (session 24): RACE_NOT, neither of them that race."""
    if fr >= K.RACE_NOT:
        return not passes_equals_any2(fr & K.RACE_ID_MASK, c[K.C_RACE], c[K.C_RACE2])
    if fr > K.RACE_ID_MASK:
        return passes_equals_any2(fr & K.RACE_ID_MASK, c[K.C_RACE], c[K.C_RACE2]) or \
            passes_equals_any2(fr >> K.RACE_OR_SHIFT, c[K.C_RACE], c[K.C_RACE2])
    return passes_equals_any2(fr, c[K.C_RACE], c[K.C_RACE2])


@internal
def spend_match(T, frow, cid):
    """Does restricted will of filter row ``frow`` ("Spend this will only to play <cards>", state.RWILL)
    pay for playing card ``cid``? Its characteristics only (the compiler keeps those alone in the filter):
    card type, attribute, race, name."""
    f = filter_table(T)[frow]
    c = card_table(T)[cid]
    return (passes_bits(f[K.F_TYPE_MASK], type_mask_of(c)) and attr_passes(f[K.F_ATTR_MASK], c[K.C_ATTR])
            and race_passes(f[K.F_RACE], c) and (passes_equals_any2(f[K.F_NAME], c[K.C_NAME] & K.NAME_MASK, 0 if (c[K.C_NAME] & K.NAME2_IN_FIELD) != 0
                                                    else (c[K.C_NAME] >> K.NAME_BITS) & K.NAME_MASK)  # a printed second name
                                                    or name_or_passes(f[K.F_NAME], c[K.C_NAME] & K.NAME_MASK, 0 if (c[K.C_NAME] & K.NAME2_IN_FIELD) != 0
                                                                      else (c[K.C_NAME] >> K.NAME_BITS) & K.NAME_MASK)))


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
def aura_count(game, s, T, per, frow, controller, source):
    """The count of an AURA_PER ("for each <cards> (you control) / card in your hand / graveyard"): the
    cards of both fields its filter matches, read without the continuous abilities (filter_base, as the
    auras' own filters are), or the controller's hand or graveyard size."""
    if per == K.Per.HAND:
        return s[HAND_N + controller]
    if per == K.Per.GRAVEYARD:
        return s[GRAVE_N + controller]
    if per == K.Per.REMOVED:
        return s[REMOVED_N + controller]
    if per == K.Per.NAMED:
        return named_on(game, s, controller, source, frow)  # frow: the kind and where (CR 1022.1)
    if per == K.Per.RESONATORS_TO_GRAVEYARD:
        return s[RESONATORS_TO_GRAVE + controller]
    if per == K.Per.RESONATORS_TO_GRAVEYARD_ALL:
        return s[RESONATORS_TO_GRAVE] + s[RESONATORS_TO_GRAVE + 1]
    if per == K.Per.HAND_OTHER:
        return s[HAND_N + controller] - (1 if source >= 0 and s[ZONE + source * CARD_W] == Zone.HAND else 0)
    if per == K.Per.OPP_HAND:
        return s[HAND_N + 1 - controller]
    if per == K.Per.OPP_GRAVEYARD:
        return s[GRAVE_N + 1 - controller]
    if per == K.Per.OPP_REMOVED:
        return s[REMOVED_N + 1 - controller]
    if per == K.Per.STANDBY:  # session 32: its controller's standby area (CR 310)
        return s[STANDBY_N + controller]
    if per == K.Per.GEMS:  # session 27: the gem tokens in its controller's item area (CR 313.1)
        n = 0
        for a in range(N_ATTRIBUTES):
            n += s[GEMS + controller * N_ATTRIBUTES + a]
        return n
    if per == K.Per.GEM_ATTRIBUTES:  # session 29: the attributes among its controller's gem tokens (CR 313.1)
        n = 0
        for a in range(N_ATTRIBUTES):
            if s[GEMS + controller * N_ATTRIBUTES + a] > 0:
                n += 1
        return n
    if per == K.Per.LIFE:  # session 28: "where X is your life" (in hundreds: SET_X only, CR 1203)
        return max(s[LIFE + controller], 0) // 100
    if per == K.Per.SELF_COUNTERS:  # session 28: the [+100/+100] counters on this card (its net count, CR 1022, 1203)
        if source < 0 or s[ZONE + source * CARD_W] != Zone.FIELD:
            return 0
        return max(s[COUNTERS + source * CARD_W], 0)
    if per == K.Per.ZONE_MATCHING:  # session 28: a graveyard's or removed area's cards, both players' (filter's side)
        z = Zone.GRAVEYARD if filter_table(T)[frow, K.F_ZONE] == K.FilterZone.GRAVEYARD else Zone.REMOVED
        n = 0
        for p in range(2):
            n_off, l_off = zone_offsets(ZT, z, p)
            for i in range(s[n_off]):
                if game.filter_base(s, T, frow, s[l_off + i], controller, source):
                    n += 1
        return n
    if per == K.Per.GRAVEYARD_MATCHING:
        n_off, l_off = zone_offsets(ZT, Zone.GRAVEYARD, controller)
        n = 0
        for i in range(s[n_off]):
            if game.filter_base(s, T, frow, s[l_off + i], controller, source):
                n += 1
        return n
    n = 0
    if per == K.Per.FIELD_AND_RULER:  # session 28: the rulers in the ruler areas (CR 201.2b), then the field's entities
        ruler_row = frow >> K.PER_ROW_BITS
        frow = frow & ((1 << K.PER_ROW_BITS) - 1)
        for p in range(2):
            n_off, l_off = zone_offsets(ZT, Zone.RULER_AREA, p)
            for i in range(s[n_off]):
                if game.filter_base(s, T, ruler_row, s[l_off + i], controller, source):
                    n += 1
    attrs = 0
    top = 0
    for p in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
        for i in range(s[n_off]):
            t = s[l_off + i]
            if field_card_may_pass(s, T, frow, t, controller) and game.filter_base(s, T, frow, t, controller, source):
                if per == K.Per.NAMES and shares_name_before(s, T, frow, t, controller, source, game, p, i):
                    continue  # "<cards> with different names" (session 28, CR 202): one of those sharing a name
                if per == K.Per.DISTINCT_NAMES:  # "different name among <cards>" (session 28): its names not seen yet
                    nm = card_table(T)[s[CARD + t * CARD_W], K.C_NAME]
                    n1, n2 = nm & K.NAME_MASK, (nm >> K.NAME_BITS) & K.NAME_MASK
                    n += int(not name_seen_before(s, T, frow, controller, source, game, p, i, n1))
                    if n2 != 0 and n2 != n1:
                        n += int(not name_seen_before(s, T, frow, controller, source, game, p, i, n2))
                    continue
                n += 1
                attrs |= card_table(T)[s[CARD + t * CARD_W], K.C_ATTR]
                top = max(top, game.total_cost(T, s[CARD + t * CARD_W]))
    if per == K.Per.MAX_COST:  # session 28: "the highest total cost among <cards>" (CR 203.5)
        return top
    if per == K.Per.ATTRIBUTES:  # "the number of different attributes among <cards>" (CR 208): of the five
        n = 0
        for a in range(N_ATTRIBUTES):
            n += (attrs >> a) & 1
    return n


@internal_inline  # one caller: inlined into it (engine.jit)
def name_seen_before(s, T, frow, controller, source, game, p, i, name):
    """Per.DISTINCT_NAMES (session 28): does a matching card before the ``i``-th of player ``p``'s field (the fields in
    order, player 0's first) have name id ``name`` (either of its names, CR 202)?"""
    for q in range(p + 1):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, q)
        for j in range(s[n_off] if q < p else i):
            u = s[l_off + j]
            if field_card_may_pass(s, T, frow, u, controller) and game.filter_base(s, T, frow, u, controller, source):
                nm = card_table(T)[s[CARD + u * CARD_W], K.C_NAME]
                if (nm & K.NAME_MASK) == name or ((nm >> K.NAME_BITS) & K.NAME_MASK) == name:
                    return True
    return False


@internal_inline  # one caller: inlined into it (engine.jit)
def shares_name_before(s, T, frow, t, controller, source, game, p, i):
    """Per.NAMES (session 28): does a matching card counted before card ``t`` (the ``i``-th of player ``p``'s field; the
    fields in order, player 0's first) share a name with it (CR 202: either of its names)? Then ``t`` adds no name."""
    c = s[CARD + t * CARD_W]
    for q in range(p + 1):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, q)
        for j in range(s[n_off] if q < p else i):
            u = s[l_off + j]
            if field_card_may_pass(s, T, frow, u, controller) and game.filter_base(s, T, frow, u, controller, source) \
                    and share_a_name(T, s[CARD + u * CARD_W], c):
                return True
    return False


@internal
def condition_holds(game, s, T, cond, arg, controller, source):
    """The Condition codes (abilities' conditions and the effect programs' IF)."""
    if cond == K.Condition.NONE:
        return True
    if cond == K.Condition.YOUR_TURN:
        return s[TURN_PLAYER] == controller
    if cond == K.Condition.OPPONENTS_TURN:
        return s[TURN_PLAYER] != controller
    if cond == K.Condition.LIFE_AT_MOST or cond == K.Condition.LIFE_MORE:
        # session 33: LIFE_MORE, "... instead"'s other branch (CR 1203; numba compiles no recursion)
        return (s[LIFE + controller] <= arg) == (cond == K.Condition.LIFE_AT_MOST)
    if cond == K.Condition.OPPONENT_LIFE_AT_MOST or cond == K.Condition.OPPONENT_LIFE_MORE:
        return (s[LIFE + 1 - controller] <= arg) == (cond == K.Condition.OPPONENT_LIFE_AT_MOST)
    if cond == K.Condition.STONES_AT_LEAST or cond == K.Condition.STONES_FEWER:
        # session 32: STONES_FEWER, "... instead"'s other branch (numba compiles no recursion)
        return (count_stones(game, s, T, controller) >= arg) == (cond == K.Condition.STONES_AT_LEAST)
    if cond == K.Condition.J_RULER:
        return game.card_type(s, T, game.j_ruler_slot(s, controller)) == CardType.J_RULER
    if cond == K.Condition.HAND_EMPTY:
        return s[HAND_N + controller] == 0
    if cond == K.Condition.PLAYED_CARD_THIS_TURN:
        return s[PLAYED_CARDS + controller] > 1  # another card than this one (CR 1124.2a)
    if cond == K.Condition.CONTROL_NAME or cond == K.Condition.CONTROL_NAME_NONE:
        return controls_named(game, s, T, controller, arg) == (cond == K.Condition.CONTROL_NAME)
    if cond == K.Condition.NOT_FIRST_PLAYER:
        return s[FIRST_PLAYER] != controller  # [Energize] (CR 1119.2)
    if cond == K.Condition.WEATHER_IS:
        return s[WEATHER + controller] == arg  # CR 1028.2: the weather of the player the text refers to
    if cond == K.Condition.RULER_NAMED or cond == K.Condition.RULER_NOT_NAMED:
        c = card_table(T)[s[CARD + game.j_ruler_slot(s, controller) * CARD_W]]
        a, b = arg & ((1 << K.RULER_NAME_BITS) - 1), (arg >> K.RULER_NAME_BITS) - 1  # b: -1 none
        n1, n2 = c[K.C_NAME] & K.NAME_MASK, (c[K.C_NAME] >> K.NAME_BITS) & K.NAME_MASK  # a J/ruler is in its area or the field
        return (n1 == a or n1 == b or (n2 != 0 and (n2 == a or n2 == b))) == (cond == K.Condition.RULER_NAMED)
    if cond == K.Condition.GRAVEYARD_AT_LEAST:
        return s[GRAVE_N + controller] >= arg
    if cond == K.Condition.SELF_COUNTERS_AT_LEAST:
        return source >= 0 and s[ZONE + source * CARD_W] == Zone.FIELD and s[COUNTERS + source * CARD_W] >= arg
    if cond == K.Condition.RUNES_REVEALED_AT_LEAST:
        return game.revealed_runes(s, T, controller, 0) >= arg  # CR 1137.2b
    if cond == K.Condition.RUNES_REVEALED_FEWER:
        return game.revealed_runes(s, T, controller, 0) < arg  # session 28: "... instead"'s other branch
    if cond == K.Condition.RUNE_ATTRIBUTES_NOT:  # "... instead"'s other branch (numba compiles no recursion)
        return not runes_of_attributes(game, s, T, controller, arg)
    if cond == K.Condition.PLAYED_CARDS_AT_LEAST:
        return s[PLAYED_CARDS + controller] >= arg
    if cond == K.Condition.OPP_PLAYED_CARDS_AT_LEAST:  # session 33 (s33a): the other player's count (CR 1124.2's)
        return s[PLAYED_CARDS + 1 - controller] >= arg
    if cond == K.Condition.PLAYED_CARDS_EXACTLY:  # session 31: "your second card each turn" (CR 1124.2's count)
        return s[PLAYED_CARDS + controller] == arg
    if cond == K.Condition.HAND_AT_LEAST:
        return s[HAND_N + controller] >= arg
    if cond == K.Condition.OPP_HAND_AT_MOST:
        return s[HAND_N + 1 - controller] <= arg
    if cond == K.Condition.OPP_CONTROL_AT_LEAST or cond == K.Condition.CONTROL_NONE or cond == K.Condition.OPP_CONTROL_FEWER:
        need = arg & ((1 << K.CONTROL_COUNT_BITS) - 1)
        frow = arg >> K.CONTROL_COUNT_BITS
        p = controller if cond == K.Condition.CONTROL_NONE else 1 - controller
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
        n = 0
        for i in range(s[n_off]):
            t = s[l_off + i]
            if field_card_may_pass(s, T, frow, t, controller) and game.filter_base(s, T, frow, t, controller, source):
                n += 1
        if cond == K.Condition.OPP_CONTROL_FEWER:
            return n < need  # session 32: "... instead"'s other branch
        return n >= need if cond == K.Condition.OPP_CONTROL_AT_LEAST else n == 0
    if cond == K.Condition.CONTROL_FEWER_THAN_OPP:
        # session 32: "you control less / fewer <cards> than your opponent": each field's matching cards (filter_base, as
        # CONTROL_AT_LEAST: no continuous ability read), the filter's side any
        mine = 0
        theirs = 0
        for p in range(2):
            n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
            for i in range(s[n_off]):
                t = s[l_off + i]
                if field_card_may_pass(s, T, arg, t, controller) and game.filter_base(s, T, arg, t, controller, source):
                    if p == controller:
                        mine += 1
                    else:
                        theirs += 1
        return mine < theirs
    if cond == K.Condition.OPP_HAND_MORE:  # session 32: "your opponent has more cards in their hand than you"
        return s[HAND_N + 1 - controller] > s[HAND_N + controller]
    if cond == K.Condition.CONTROL_AT_LEAST or cond == K.Condition.CONTROL_FEWER:
        # "as long as / if you control (another | N or more) <filter>": the cards of the controller's field
        # that match, read without the continuous abilities (filter_base: a continuous ability's condition
        # is not defined by the continuous abilities; the compiler refuses ATK bounds here); session 32: CONTROL_FEWER,
        # "... instead"'s other branch
        need = arg & ((1 << K.CONTROL_COUNT_BITS) - 1)
        frow = arg >> K.CONTROL_COUNT_BITS
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, controller)
        n = 0
        for i in range(s[n_off]):
            t = s[l_off + i]
            if field_card_may_pass(s, T, frow, t, controller) and game.filter_base(s, T, frow, t, controller, source):
                n += 1
        return (n >= need) == (cond == K.Condition.CONTROL_AT_LEAST)
    if cond == K.Condition.RUNE_ATTRIBUTES:
        return runes_of_attributes(game, s, T, controller, arg)
    if cond == K.Condition.CONTROL_NAMES:
        mask = (1 << K.RULER_NAME_BITS) - 1
        return controls_named(game, s, T, controller, arg & mask) and controls_named(
            game, s, T, controller, (arg >> K.RULER_NAME_BITS) & mask)
    if cond == K.Condition.AWAKENED:
        # "if this card was awakened" (CR 1109.2a), in a chant's effect: arg 1 it was, arg 0 it was not
        return source >= 0 and (played_aux_on_chase(s, source) & K.PLAY_HOW_MASK == K.PLAY_AWAKENED) == (arg != 0)
    if cond == K.Condition.WEATHER_IS_NOT:
        return s[WEATHER + controller] != arg  # "... instead"'s other branch (WEATHER_IS)
    if cond == K.Condition.NAMED_COUNTERS_AT_LEAST:  # "there are N or more <name> counters on ..." (CR 1022.1)
        return named_on(game, s, controller, source, arg) >= (arg & ((1 << K.NCC_KIND_SHIFT) - 1))
    if cond == K.Condition.TORRENT:
        # [Torrent] (CR 1124.2): the card was played after another card of its controller this turn (set as it was
        # played, 1124.2a; PLAY_TORRENT)
        if source < 0:
            return False
        aux = played_aux_on_chase(s, source)
        return aux >= 0 and (aux & K.PLAY_TORRENT) != 0
    if cond == K.Condition.RESONATORS_TO_GRAVEYARD_AT_LEAST:
        return s[RESONATORS_TO_GRAVE + controller] >= arg
    if cond == K.Condition.TARGETS_MATCH:
        # a card's own cost "if it targets a <card>": counted in the hand (whether such a target exists is read where
        # the card is offered, play.card_playable: filter_match reads the continuous abilities, whose conditions these are)
        return source >= 0 and s[ZONE + source * CARD_W] == Zone.HAND
    if cond == K.Condition.GEM_ATTRIBUTES_AT_LEAST:  # session 29: the attributes among its controller's gems
        return game.aura_count(s, T, K.Per.GEM_ATTRIBUTES, 0, controller, source) >= arg
    if cond == K.Condition.GEMS_AT_LEAST:
        return s[GEMS + controller * N_ATTRIBUTES + (arg & 7)] >= arg >> 3
    if cond == K.Condition.COUNT_AT_LEAST or cond == K.Condition.COUNT_FEWER:
        # session 32: "as long as there are N or more cards in your removed area / you control N or more gems" (CR 904):
        # the count an AURA_PER of that Per reads; COUNT_FEWER: "unless ..."
        n = game.aura_count(s, T, (arg >> K.COUNT_PER_SHIFT) & ((1 << (K.COUNT_ROW_SHIFT - K.COUNT_PER_SHIFT)) - 1),
                            arg >> K.COUNT_ROW_SHIFT, controller, source)
        return (n >= (arg & ((1 << K.COUNT_PER_SHIFT) - 1))) == (cond == K.Condition.COUNT_AT_LEAST)
    if cond == K.Condition.CONTROL_AND_ANOTHER:
        # "you control a <A> and another <B>" (session 24): a card matching A and a different one matching B (as
        # CONTROL_AT_LEAST reads its cards): so while each matches one card and two cards match one of them
        mask = (1 << K.RULER_NAME_BITS) - 1
        fa = arg & mask
        fb = arg >> K.RULER_NAME_BITS
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, controller)
        na = 0
        nb = 0
        nu = 0
        for i in range(s[n_off]):
            t = s[l_off + i]
            ma = field_card_may_pass(s, T, fa, t, controller) and game.filter_base(s, T, fa, t, controller, source)
            mb = field_card_may_pass(s, T, fb, t, controller) and game.filter_base(s, T, fb, t, controller, source)
            na += 1 if ma else 0
            nb += 1 if mb else 0
            nu += 1 if ma or mb else 0
        return na >= 1 and nb >= 1 and nu >= 2
    if cond == K.Condition.RULER_MATCHES:
        return ruler_matches(game, s, T, arg >> 1, controller) != ((arg & 1) != 0)
    if cond == K.Condition.FORCE_COMMAND:
        return controls_basic_bits(game, s, T, controller, arg)  # [Force Resonance] <X> (session 24)
    return False


@internal_inline
def ruler_matches(game, s, T, frow, controller):
    """Condition RULER_MATCHES (session 24): ``controller``'s J/ruler (its ruler slot's card, either side up, CR
    201.2b) is in its ruler area or the field and has the filter row's attribute, race and state (no other word: the
    card compiler allows no other)."""
    r = game.j_ruler_slot(s, controller)
    z = s[ZONE + r * CARD_W]
    if s[CARD + r * CARD_W] < 0 or (z != Zone.RULER_AREA and z != Zone.FIELD):
        return False
    f = filter_table(T)[frow]
    c = card_table(T)[s[CARD + r * CARD_W]]
    return attr_passes(f[K.F_ATTR_MASK], c[K.C_ATTR]) and race_passes(f[K.F_RACE], c) and \
        passes_state(f[K.F_STATE], K.CardState.RECOVERED, K.CardState.RESTED, s[RESTED + r * CARD_W] != 0)


@internal_inline
def runes_of_attributes(game, s, T, controller, arg):
    """Condition RUNE_ATTRIBUTES (CR 1137.2a): a revealed rune of the matching attribute for each will
    symbol of ``arg`` (RUNE_ATTR_BITS per attribute); simplified for runes of two attributes: each
    attribute's count, and the total, are checked separately."""
    total = 0
    for a in range(N_ATTRIBUTES):
        need = (arg >> (K.RUNE_ATTR_BITS * a)) & ((1 << K.RUNE_ATTR_BITS) - 1)
        total += need
        if need > 0 and game.revealed_runes(s, T, controller, 1 << a) < need:
            return False
    return game.revealed_runes(s, T, controller, 0) >= total


@internal_inline
def named_on(game, s, controller, source, packed):
    """The counters of the kind ``packed`` names (A_COST_NAMED's packing) on this card ``source`` in the field or on
    ``controller``'s J/ruler (its ruler slot, either side up, in its ruler area or the field; CR 1022.1)."""
    kind = (packed >> K.NCC_KIND_SHIFT) & K.NC_KIND_MASK
    if (packed & K.NCC_FROM_RULER) != 0:
        r = game.j_ruler_slot(s, controller)
        z = s[ZONE + r * CARD_W]
        if s[CARD + r * CARD_W] < 0 or (z != Zone.RULER_AREA and z != Zone.FIELD):
            return 0
        return named_count(s, r, kind)
    if source < 0 or s[ZONE + source * CARD_W] != Zone.FIELD:
        return 0
    return named_count(s, source, kind)


@internal
def controls_basic_bits(game, s, T, controller, mask):
    """Condition FORCE_COMMAND: ``controller`` controls a card whose C_BASIC has a bit of ``mask`` ([Force Command] <X>,
    K.FORCE_COMMAND_SHIFT): a card in its field, or its ruler in its ruler area (CR 105.3; a J-ruler is in the field)."""
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, controller)
    for i in range(s[n_off]):
        if (card_table(T)[s[CARD + s[l_off + i] * CARD_W]][K.C_BASIC] & mask) != 0:
            return True
    r = game.j_ruler_slot(s, controller)
    return s[ZONE + r * CARD_W] == Zone.RULER_AREA and s[CARD + r * CARD_W] >= 0 and (
        card_table(T)[s[CARD + r * CARD_W]][K.C_BASIC] & mask) != 0


@internal
def controls_named(game, s, T, controller, name):
    """Condition CONTROL_NAME: ``controller`` controls a card named ``name`` (either of its names, packed in C_NAME,
    CR 202; a card in the field or a ruler area has both)."""
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, controller)
    for i in range(s[n_off]):
        c = card_table(T)[s[CARD + s[l_off + i] * CARD_W]]
        if (c[K.C_NAME] & K.NAME_MASK) == name or ((c[K.C_NAME] >> K.NAME_BITS) & K.NAME_MASK) == name:
            return True
    # CR 105.3: its ruler in its ruler area is controlled too (a J-ruler is in the field, above)
    r = game.j_ruler_slot(s, controller)
    c = card_table(T)[s[CARD + r * CARD_W]]
    return s[ZONE + r * CARD_W] == Zone.RULER_AREA and ((c[K.C_NAME] & K.NAME_MASK) == name or (
        (c[K.C_NAME] >> K.NAME_BITS) & K.NAME_MASK) == name)
