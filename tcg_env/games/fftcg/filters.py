"""FF-TCG rules kernels: the filters of effects and the conditions of abilities (CR 11.8.13).

Which cards a filter row of the card tables matches (a target's type, zone, side, element, cost,
power, job, name, category, state), the conditions of conditional abilities, and their counting
helpers. See ``kernels`` for the file layout.
"""

from tcg_env.engine.tables import card_table, filter_table
from tcg_env.engine.jit import internal, internal_inline, internal_widened
from tcg_env.rules.filters import (NO_VALUE, holder_of, passes_bits_of_value, passes_equals, passes_not_source,
                                   passes_range, passes_side, passes_state, passes_zone)
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import FIELD_SLOTS
from tcg_env.engine.zones import zone_find
from tcg_env.games.fftcg.state import (
    BOOST,
    CAST_N,
    ATK_L,
    ATK_N,
    BREAK_L,
    BREAK_N,
    BLOCKER,
    DMG,
    PLAYER_SHIELD,
    PHASE,
    TURN_PLAYER,
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


@internal_inline
def field_type_mask(F, frow, p, q):
    """The card types (bits of Type) a card on player ``q``'s field may have to match filter ``frow``
    seen by ``p``, from the filter's side and type columns alone: 0 = none of them can match (a card on
    ``q``'s field is controlled by ``q``, CR 6.2, zones.enter_field; filters.filter_row_match reads
    the same columns); -1 = not known (a filter with alternatives, or none). A pre-check that saves
    the field abilities (``characteristics.refresh_derived``, ``condition_holds``) the ``filter_match``
    calls that could only fail."""
    if frow < 0 or (F[frow, K.F_EXCLUDE_SELF] >> K.FILTER_ALT_SHIFT) != 0:
        return -1
    side = F[frow, K.F_SIDE]
    if (side == K.Side.OWN and q != p) or (side == K.Side.OPPONENT and q == p):
        return 0
    tm = F[frow, K.F_TYPE_MASK]
    return -1 if tm == 0 else tm


@internal_inline
def type_may_match(tm, cards, s, slot):
    """May the card in ``slot`` match by its type, given ``field_type_mask``'s ``tm`` for its field (-1: any type)?"""
    return (tm & (1 << cards[s[CARD + slot * CARD_W], K.C_TYPE])) != 0


@internal_widened  # called with literal arguments from many places: one compile (engine.jit)
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
    if cond == K.Condition.SELF_IN_PARTY:
        return s[ATK_N] >= 2 and zone_find(s, ATK_N, ATK_L, source) >= 0
    if cond == K.Condition.HAND_AT_LEAST:
        return s[HAND_N + player] >= arg
    if cond == K.Condition.OPP_HAND_AT_MOST:
        return s[HAND_N + 1 - player] <= arg
    if cond == K.Condition.YOUR_TURN:
        return s[TURN_PLAYER] == player
    if cond == K.Condition.CAST_AT_LEAST:
        # the Summons cast (the word's low bits), or with CAST_ARG_CARDS added the cards cast (K.CAST_UNIT)
        if arg >= K.CAST_ARG_CARDS:
            return s[CAST_N + player] // K.CAST_UNIT >= arg - K.CAST_ARG_CARDS
        return s[CAST_N + player] % K.CAST_UNIT >= arg
    if cond == K.Condition.OPP_TURN:
        return s[TURN_PLAYER] != player
    if cond == K.Condition.YOUR_MAIN_PHASE:
        return s[TURN_PLAYER] == player and (s[PHASE] == K.Phase.MAIN1 or s[PHASE] == K.Phase.MAIN2)
    if cond == K.Condition.CONTROLS_AT_LEAST or cond == K.Condition.CONTROLS_AT_MOST:
        bound = arg % K.COND_COUNT_SPAN
        at_most = cond == K.Condition.CONTROLS_AT_MOST
        # counted until the answer is decided: the cards left cannot change it
        n = game.scan_matching(s, T, arg // K.COND_COUNT_SPAN, player, source, bound + 1 if at_most else bound,
                               K.SCAN_COUNT)[0]
        return n <= bound if at_most else n >= bound
    if (cond == K.Condition.ELEMENTS_AT_LEAST or cond == K.Condition.ELEMENTS_EXACTLY
            or cond == K.Condition.ALL_DIFFERENT_ELEMENTS_AT_LEAST):
        bound = arg % K.COND_COUNT_SPAN
        n, ne = game.scan_matching(s, T, arg // K.COND_COUNT_SPAN, player, source, 1 << 30, K.SCAN_ELEMENTS)
        if cond == K.Condition.ELEMENTS_AT_LEAST:
            return ne >= bound
        if cond == K.Condition.ELEMENTS_EXACTLY:
            return ne == bound
        return n >= bound and ne == n
    if cond == K.Condition.JOB_ON_FIELD:
        cards = card_table(T)
        for i in range(s[FIELD_N + player]):
            slot = s[FIELD_L + player * FIELD_SLOTS + i]
            if slot != source and cards[s[CARD + slot * CARD_W], K.C_JOB] == arg:
                return True
        return False
    if cond == K.Condition.OPP_HAND_AT_LEAST:
        return s[HAND_N + 1 - player] >= arg
    if cond == K.Condition.OPP_DISCARDED:
        return (s[PLAYER_SHIELD + player] & K.OPP_DISCARDED_BIT) != 0
    if cond == K.Condition.SELF_POWER_AT_LEAST:
        return source >= 0 and s[ZONE + source * CARD_W] == K.Zone.FIELD and s[D_POWER + source * CARD_W] >= arg
    if cond == K.Condition.SELF_DAMAGE_AT_LEAST:
        # the damage on the ability's card (CR 5.2.6.1), on the field only (damage is removed as it leaves, CR 5.2.6.3)
        return source >= 0 and s[ZONE + source * CARD_W] == K.Zone.FIELD and s[DMG + source * CARD_W] >= arg
    if cond == K.Condition.OPP_FORWARDS_MORE:
        return (game.count_field_type(s, T, 1 - player, K.CardType.FORWARD)
                - game.count_field_type(s, T, player, K.CardType.FORWARD)) >= arg
    if cond == K.Condition.TURN_BIT:
        return (s[PLAYER_SHIELD + player] & arg) != 0
    if cond == K.Condition.PAID_ELEMENTS:
        # the different Elements of the CP paid to cast the ability's card (costs.note_paid_element; 0 when not cast)
        if arg >= K.PAID_ARG_INCLUDES:  # of one Element: included / only
            bits = (s[BOOST + source] & K.PAID_MASK) >> K.PAID_SHIFT if source >= 0 else 0
            if arg >= K.PAID_ARG_ONLY:
                return bits == 1 << (arg - K.PAID_ARG_ONLY)
            return (bits & (1 << (arg - K.PAID_ARG_INCLUDES))) != 0
        n = game.paid_element_count(s, source) if source >= 0 else 0
        bound = arg % K.COND_COUNT_SPAN
        if arg >= K.PAID_ARG_EXACTLY:
            return n == bound
        if arg >= K.PAID_ARG_AT_MOST:
            return n <= bound
        return n >= bound
    return False


@internal
def per_count(game, s, T, spec, player, source):
    """The count of an amount's "for each" (cards.compile_per): ``spec`` 1, the points of damage
    ``player`` has received; 2 + a filter row, the cards it matches on both fields (or in both Break
    Zones, when its zone is the Break Zone), seen by ``player``."""
    if spec == 1:
        return s[DAMAGE_N + player]
    if spec == K.PER_SOURCE_POWER:
        w = source * CARD_W
        if source < 0:
            return 0
        if s[ZONE + w] == K.Zone.FIELD:
            return max(s[D_POWER + w], 0) // 1000
        return card_table(T)[s[CARD + w], K.C_POWER] // 1000
    if spec == K.PER_CAST_CARDS:
        return s[CAST_N + player] // K.CAST_UNIT  # the cards cast this turn (state.CAST_N)
    if spec <= K.PER_MAX_COST:  # "for each CP required to cast the highest cost <filter>" (session 23)
        return game.scan_matching(s, T, K.PER_MAX_COST - spec, player, source, 1 << 30, K.SCAN_MAX_COST)[1]
    if spec == K.PER_HAND or spec == K.PER_OPP_HAND:  # the cards in a hand
        return s[HAND_N + (player if spec == K.PER_HAND else 1 - player)]
    if spec == K.PER_PAID_ELEMENTS:  # the different Elements of the CP paid to cast the source
        return game.paid_element_count(s, source) if source >= 0 else 0
    if spec >= K.PER_ELEMENTS_OF:  # the different Elements among the cards a filter matches
        return game.scan_matching(s, T, spec - K.PER_ELEMENTS_OF, player, source, 1 << 30, K.SCAN_ELEMENTS)[1]
    if spec >= K.PER_EVERY_SPAN:  # "for every N <filter>" (session 23): the count divided by N
        every = spec // K.PER_EVERY_SPAN + 1
        return game.scan_matching(s, T, spec % K.PER_EVERY_SPAN - 2, player, source, 1 << 30, K.SCAN_COUNT)[0] // every
    return game.scan_matching(s, T, spec - 2, player, source, 1 << 30, K.SCAN_COUNT)[0]


@internal
def scan_matching(game, s, T, frow, player, source, stop, measure):
    """(how many cards filter ``frow`` matches, seen by ``player``, counting no further than ``stop``; a measure of
    them): on both fields, or in both Break Zones when its zone is the Break Zone ("if you have 3 ... in your Break
    Zone"). ``measure``: ``SCAN_COUNT`` none (0), ``SCAN_MAX_COST`` the highest printed cost (C_COST; 0 when none
    matches: "the highest cost <filter>"), ``SCAN_ELEMENTS`` the number of different Elements among them (each card
    has one: the importer skips Multi-Element cards). One scan for the three (they differed only in what they kept).
    A field or Break Zone whose cards cannot match by the filter's side and type (:func:`field_type_mask`: a Break
    Zone's cards are its owner's, CR 6.2) is skipped, and so is a card of a type the filter does not name, before
    ``filter_match``."""
    F = filter_table(T)
    cards = card_table(T)
    n = 0
    value = 0
    in_break = F[frow, K.F_ZONE] == K.FilterZone.BREAK
    for p in range(2):
        tm = field_type_mask(F, frow, player, p)
        if tm == 0:
            continue
        for i in range(s[BREAK_N + p] if in_break else s[FIELD_N + p]):
            slot = s[BREAK_L + p * K.MAX_DECK + i] if in_break else s[FIELD_L + p * FIELD_SLOTS + i]
            if type_may_match(tm, cards, s, slot) and game.filter_match(s, T, frow, slot, player, source):
                n += 1
                if measure == K.SCAN_MAX_COST:
                    value = max(value, cards[s[CARD + slot * CARD_W], K.C_COST])
                elif measure == K.SCAN_ELEMENTS:
                    value |= 1 << cards[s[CARD + slot * CARD_W], K.C_ELEMENT]
                if n >= stop:
                    break
        if n >= stop:
            break
    if measure == K.SCAN_ELEMENTS:
        seen = value
        value = 0
        while seen != 0:
            value += seen & 1
            seen >>= 1
    return n, value


# the Zone of each FilterZone code, in FilterZone's order; the filter's values of the words' "own" /
# "opponent's" and "active" / "dull" (plain ints: the shared words compare them with the row's)
FILTER_ZONES = (int(K.Zone.FIELD), int(K.Zone.DECK), int(K.Zone.BREAK), int(K.Zone.HAND), int(K.Zone.STACK))
OWN, OPPONENT = int(K.Side.OWN), int(K.Side.OPPONENT)
ACTIVE, DULL_STATE = int(K.CardState.ACTIVE), int(K.CardState.DULL)


@internal
def filter_match(s, T, frow, slot, viewer, source):
    """Does card ``slot`` match filter row ``frow`` or one of its alternatives ("[Job X] or
    [Card Name Y]": packed in ``F_EXCLUDE_SELF``), seen by ``viewer`` (the ability's controller)?"""
    while frow >= 0:
        if filter_row_match(s, T, frow, slot, viewer, source):
            return True
        frow = (filter_table(T)[frow, K.F_EXCLUDE_SELF] >> K.FILTER_ALT_SHIFT) - 1
    return False


@internal
def filter_row_match(s, T, frow, slot, viewer, source):
    """Does card ``slot`` match filter row ``frow`` seen by ``viewer`` (the ability's controller)?
    One shared filter word (tcg_env.rules.filters) per column, the cheap and selective ones first;
    whose card is its controller's on the field, its owner's elsewhere (CR 6.2); a power bound
    matches Forwards only (only they have power, CR 5.2.6), their power now on the field."""
    w = slot * CARD_W
    cid = s[CARD + w]
    if cid < 0:
        return False
    f = filter_table(T)[frow]
    c = card_table(T)[cid]
    zone = s[ZONE + w]
    on_field = zone == K.Zone.FIELD
    power = NO_VALUE if c[K.C_TYPE] != K.CardType.FORWARD else (s[D_POWER + w] if on_field else c[K.C_POWER])
    return (passes_bits_of_value(f[K.F_TYPE_MASK], c[K.C_TYPE])
            and passes_zone(f[K.F_ZONE], zone, FILTER_ZONES)
            and passes_side(f[K.F_SIDE], OWN, OPPONENT, holder_of(s, OWNER + w, CONTROLLER + w, on_field), viewer)
            and passes_bits_of_value(f[K.F_ELEMENT_MASK], c[K.C_ELEMENT])
            and passes_range(f[K.F_COST_MIN], f[K.F_COST_MAX], c[K.C_COST])
            and passes_range(f[K.F_POWER_MIN], f[K.F_POWER_MAX], power)
            and passes_equals(f[K.F_JOB], c[K.C_JOB])
            and passes_name(f[K.F_NAME], c[K.C_NAME])
            and passes_equals(f[K.F_CATEGORY], c[K.C_CATEGORY])
            and passes_state(f[K.F_STATE], ACTIVE, DULL_STATE, s[DULL + w] != 0)
            and passes_battle_state(s, f[K.F_STATE], slot)
            and passes_not_source(f[K.F_EXCLUDE_SELF] & 1, slot, source))


@internal
def passes_name(want, name):
    """F_NAME: 0 any name, a name id that name, minus a name id any other name ("other than [Card Name X]")."""
    return want == 0 or name == want or (want < 0 and name != -want)


@internal
def passes_battle_state(s, state, slot):
    """The filter states beyond active / dull: damaged this turn, attacking, blocking."""
    if state == K.CardState.DAMAGED:
        return s[DMG + slot * CARD_W] > 0
    if state == K.CardState.ATTACKING:
        return zone_find(s, ATK_N, ATK_L, slot) >= 0
    if state == K.CardState.BLOCKING:
        return s[BLOCKER] == slot
    if state == K.CardState.IN_PARTY:
        return s[ATK_N] >= 2 and zone_find(s, ATK_N, ATK_L, slot) >= 0
    return True
