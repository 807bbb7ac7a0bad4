"""Force of Will rules kernels: the player's actions (CR 700s) and paying will (CR 907, 1003).

Will is produced by explicit actions (resting a magic stone, CR 907; will abilities resolve at
once, CR 907.3) and paid canonically (docs/force_of_will/design.md): each attribute cost from
will of that attribute (CR 203.3), the free cost (CR 203.4) from void will first, then from the
attribute with the most will left. Costs of X are played with X = 0 (simplified, rules coverage).
"""

from tcg_env.engine.chase import chase_full, chase_push, chase_size
from tcg_env.engine.effects import MODE_ALL, MODE_TARGETS, targets_available
from tcg_env.engine.header import H_TURN
# the legal mask's per-card predicates are inlined (internal_inline): as calls, passing the row and
# the tables at each of ~50 calls per mask cost ~40% of it (docs/performance-log.md, 2026-11-26)
from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import ability_table, card_table
from tcg_env.engine.zones import zone_move, zone_offsets
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import (
    ABILITIES_PER_CARD, N_ATTRIBUTES, RULES, WILL_VOID, AbilityKind, CardType, EntryKind, Purpose, Step,
    Zone
)
from tcg_env.games.force_of_will.effects import frames_full, pop_frame, push_frame
from tcg_env.games.force_of_will.priority import start_priority
from tcg_env.games.force_of_will.state import (
    ASTRAL, CALLED, CARD, CARD_W, CONTROLLER, JUDGED, LIFE, NO_MORE_BATTLE, OPP_ACTED, PLAYED_CARDS, RESTED,
    STANDBY_TURN, STANDBY_N, STEP, TURN_PLAYER, USED_GAME, USED_TURN, WILL, ZONE, ZT
)
from tcg_env.games.force_of_will.zones import (
    can_pay, can_pay_free, condition_holds, controls_since_turn_start, cost_reduction, pay, pay_free, enter_field, hand_slot,
    is_j_resonator, j_ruler_slot, put_in_standby, put_stone_deck_top, to_graveyard, total_cost
)

STANDBY_CAP = 4 * K.STANDBY_SLOTS


# =============================================================================================
# Will (CR 907, 1003)
# =============================================================================================
@internal_inline
def will_producer(s, T, p, slot, second):
    """Can card ``slot`` produce its will now (its rest ability, CR 907.1 / 1013.2)? Returns the
    will's index (Attribute or WILL_VOID), -1 if not: it must be recovered in ``p``'s field, and a
    J/resonator must have been controlled since the turn began (CR 905.3)."""
    w = slot * CARD_W
    if s[ZONE + w] != Zone.FIELD or s[CONTROLLER + w] != p or s[RESTED + w] != 0:
        return -1
    c = card_table(T)[s[CARD + w]]
    attr = c[K.C_WILL_B] if second else c[K.C_WILL_A]
    if attr < 0:
        return -1
    if is_j_resonator(s, T, slot) and not controls_since_turn_start(s, T, slot):
        return -1
    return attr


@internal
def produce_will(s, T, p, slot, second):
    """Rest the card: one will into ``p``'s pool (CR 907.3: no chase; 605.1a: priority kept)."""
    attr = will_producer(s, T, p, slot, second)
    s[RESTED + slot * CARD_W] = 1
    s[WILL + p * K.N_WILL + attr] += 1
    start_priority(s, p)


# =============================================================================================
# Timing
# =============================================================================================
@internal
def main_timing(s, p):
    """CR 701.2: the turn player has priority in its main phase, not in a battle, the chase empty."""
    return s[TURN_PLAYER] == p and s[STEP] == Step.MAIN and chase_size(RULES, s) == 0


@internal
def room_to_play(s):
    return not chase_full(RULES, s) and not frames_full(s)


# =============================================================================================
# Cards from the hand (CR 702, 703, 709)
# =============================================================================================
@internal
def spell_ability(T, cid):
    return card_table(T)[cid, K.C_SPELL_ABIL]


@internal
def free_cost(s, T, p, slot):
    """The free cost of hand card ``slot`` for ``p`` (CR 203.4; X = 0, CR 203.5b simplified), less
    the cost reductions of its continuous abilities (CR 903.2i-iv), not below 0."""
    free = max(card_table(T)[s[CARD + slot * CARD_W], K.C_COST_FREE], 0)
    return max(free - cost_reduction(s, T, p, slot), 0)


@internal_inline
def hand_card_playable(s, T, p, i, how):
    """May ``p`` play hand card ``i`` now, ``how`` (constants.PLAY_*)?"""
    slot = hand_slot(s, p, i)
    cid = s[CARD + slot * CARD_W]
    c = card_table(T)[cid]
    t = c[K.C_TYPE]
    if t != CardType.RESONATOR and t != CardType.CHANT and t != CardType.ADDITION and t != CardType.REGALIA:
        return False  # rulers, magic stones and runes are not played from the hand (CR 702.2, 711)
    if t == CardType.CHANT and c[K.C_TRIGGER_ABIL] >= 0:
        return False  # CR 604.2a: a chant with [Trigger] is not played this way (CR 708)
    if (c[K.C_KEYWORDS] & K.KW_QUICKCAST) == 0 and not main_timing(s, p):
        return False  # CR 604.2a, 709.1 / 1111.2
    if not room_to_play(s):
        return False
    if how == K.PLAY_AWAKENED:
        if c[K.C_AWAKEN_ABIL] < 0 or not can_pay_both(s, p, c, K.C_COST, free_cost(s, T, p, slot),
                                                      ability_table(T)[c[K.C_AWAKEN_ABIL]], K.A_COST, K.A_COST_FREE):
            return False
    elif how == K.PLAY_INCARNATED:
        if c[K.C_INCARNATION] == 0 or incarnation_count(s, T, p, c[K.C_INCARNATION]) < c[K.C_INCARNATION_N]:
            return False
    elif not can_pay(s, p, c, K.C_COST, free_cost(s, T, p, slot)):
        return False
    arow = c[K.C_SPELL_ABIL]
    if t == CardType.ADDITION and c[K.C_ADDITION] != K.AdditionTarget.FIELD and arow < 0:
        return False  # an addition added to a card needs its target's CHOOSE row (CR 1406.2a)
    if arow >= 0 and not targets_available(RULES, s, T, arow, p, slot):
        return False  # CR 903.2g
    return True


@internal
def note_play(s, p):
    """What a played card or ability records: [Torrent] (CR 1124), CR 803.6's battle."""
    s[PLAYED_CARDS + p] += 1
    if p != s[TURN_PLAYER] and s[STEP] >= Step.BATTLE_BEGIN:
        s[OPP_ACTED] = 1


@internal
def play_from_hand(s, T, p, i, how):
    """CR 903.2: the card moves to the chase (d), its targets are chosen (g, an effect frame in
    MODE_TARGETS), its cost is paid (j: here first, which changes nothing, the targets being known
    to exist); when the frame ends it is put onto the chase (priority.finish_frame). ``how``:
    constants.PLAY_*, kept in the entry's E_AUX."""
    slot = hand_slot(s, p, i)
    c = card_table(T)[s[CARD + slot * CARD_W]]
    if how == K.PLAY_INCARNATED:
        banish_for_incarnation(s, T, p, c[K.C_INCARNATION], c[K.C_INCARNATION_N])
    else:
        pay(s, p, c, K.C_COST, free_cost(s, T, p, slot))
    if how == K.PLAY_AWAKENED:
        a = ability_table(T)[c[K.C_AWAKEN_ABIL]]
        pay(s, p, a, K.A_COST, a[K.A_COST_FREE])  # CR 1109.2: the extra cost
    s[CONTROLLER + slot * CARD_W] = p
    zone_move(s, ZT, slot, Zone.CHASE)
    note_play(s, p)
    push_frame(s, T, MODE_TARGETS, Purpose.PLAY, EntryKind.CARD, slot, c[K.C_SPELL_ABIL], p, how)


@internal
def can_pay_both(s, p, row1, col1, free1, row2, col2, free2_col):
    """Can ``p`` pay a card's cost and an extra cost together ([Awakening], CR 1109.2)?"""
    left = 0
    for a in range(N_ATTRIBUTES):
        have = s[WILL + p * K.N_WILL + a]
        need = row1[col1 + a] + row2[col2 + a]
        if have < need:
            return False
        left += have - need
    return left + s[WILL + p * K.N_WILL + WILL_VOID] >= max(free1, 0) + max(row2[free2_col], 0)


@internal
def incarnation_count(s, T, p, attrs):
    """Resonators ``p`` controls with one of the attributes ``attrs`` ([Incarnation], CR 1110.2)."""
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
    n = 0
    for i in range(s[n_off]):
        c = card_table(T)[s[CARD + s[l_off + i] * CARD_W]]
        if c[K.C_TYPE] == CardType.RESONATOR and (c[K.C_ATTR] & attrs) != 0:
            n += 1
    return n


@internal
def banish_for_incarnation(s, T, p, attrs, count):
    """CR 1110.2 / 1011: banish ``count`` resonators with one of ``attrs`` instead of paying the
    cost; simplified: chosen canonically, the cheapest first (then the earliest in the field)."""
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
    for _ in range(count):
        best = -1
        best_cost = 1 << 30
        for i in range(s[n_off]):
            slot = s[l_off + i]
            c = card_table(T)[s[CARD + slot * CARD_W]]
            if c[K.C_TYPE] == CardType.RESONATOR and (c[K.C_ATTR] & attrs) != 0:
                tc = total_cost(T, s[CARD + slot * CARD_W])
                if tc < best_cost:
                    best, best_cost = slot, tc
        if best >= 0:
            to_graveyard(s, T, best)


# =============================================================================================
# Activate abilities (CR 707, 905) and will abilities (CR 907)
# =============================================================================================
@internal_inline
def nth_activate(T, cid, j):
    """The ability row of card ``cid``'s ``j``-th activate or will ability, -1 none."""
    abil = ability_table(T)
    c = card_table(T)[cid]
    k = 0
    for r in range(c[K.C_ABIL_START], c[K.C_ABIL_START] + c[K.C_ABIL_COUNT]):
        kind = abil[r, K.A_KIND]
        if kind == AbilityKind.ACTIVATE or kind == AbilityKind.WILL:
            if k == j:
                return r
            k += 1
    return -1


@internal_inline
def ability_usable(s, T, p, slot, j):
    """May ``p`` play activate ability ``j`` of card ``slot`` now (CR 707.1, 905, 1013.3)?"""
    w = slot * CARD_W
    if s[CONTROLLER + w] != p:
        return False
    z = s[ZONE + w]
    if z != Zone.FIELD and z != Zone.RULER_AREA:
        return False  # CR 902.1
    r = nth_activate(T, s[CARD + w], j)
    if r < 0:
        return False
    a = ability_table(T)[r]
    if a[K.A_ONCE] == 1 and (s[USED_TURN + w] >> j) & 1:
        return False
    if a[K.A_ONCE] == 2 and (s[USED_GAME + w] >> j) & 1:
        return False  # [God's Art], CR 1112.2
    if a[K.A_COST_REST] != 0:
        if s[RESTED + w] != 0:
            return False  # CR 1013.3
        if is_j_resonator(s, T, slot) and not controls_since_turn_start(s, T, slot):
            return False  # CR 905.3
    if a[K.A_COST_DISCARD] > 0:
        return False  # discard costs: not yet (rules coverage)
    if a[K.A_COST_LIFE] > 0 and s[LIFE + p] < a[K.A_COST_LIFE]:
        return False
    if not condition_holds(s, T, a[K.A_COND], a[K.A_COND_ARG], p, slot):
        return False
    if not can_pay(s, p, a, K.A_COST, a[K.A_COST_FREE]):
        return False
    if frames_full(s):
        return False
    if a[K.A_KIND] == AbilityKind.ACTIVATE:
        if chase_full(RULES, s) or not targets_available(RULES, s, T, r, p, slot):
            return False
    return True


@internal
def activate(s, T, p, slot, j):
    """CR 707.2: pay the costs and play the ability; a will ability resolves at once (CR 907.3)."""
    w = slot * CARD_W
    r = nth_activate(T, s[CARD + w], j)
    a = ability_table(T)[r]
    pay(s, p, a, K.A_COST, a[K.A_COST_FREE])
    if a[K.A_COST_REST] != 0:
        s[RESTED + w] = 1
    s[LIFE + p] -= a[K.A_COST_LIFE]
    s[USED_TURN + w] |= 1 << j
    s[USED_GAME + w] |= 1 << j
    if a[K.A_COST_BANISH_SELF] != 0:
        to_graveyard(s, T, slot)  # CR 1011
    if a[K.A_KIND] == AbilityKind.WILL:
        push_frame(s, T, MODE_ALL, Purpose.WILL, EntryKind.ABILITY, slot, r, p, -1)
        return
    note_play(s, p)
    push_frame(s, T, MODE_TARGETS, Purpose.PLAY, EntryKind.ABILITY, slot, r, p, -1)


# =============================================================================================
# Judgment (CR 705), calling a magic stone (CR 710), the standby area (CR 706), battle (CR 704)
# =============================================================================================
@internal
def judgment_legal(s, T, p):
    """CR 705.1: main timing, a recovered ruler with [Judgment] in the ruler area (not astral,
    CR 1010.1a), no judgment this turn; its will paid (CR 705.2a)."""
    slot = j_ruler_slot(s, p)
    w = slot * CARD_W
    if s[CARD + w] < 0 or s[ZONE + w] != Zone.RULER_AREA or s[RESTED + w] != 0:
        return False
    if s[JUDGED + p] != 0 or s[ASTRAL + p] != 0 or not main_timing(s, p) or not room_to_play(s):
        return False
    c = card_table(T)[s[CARD + w]]
    if c[K.C_TYPE] != CardType.RULER or c[K.C_J_SIDE] < 0:
        return False
    return can_pay(s, p, c, K.C_JUDGMENT_COST, c[K.C_JUDGMENT_FREE])


@internal
def play_judgment(s, T, p):
    """CR 705.2: pay, and put the judgment into the chase area; the player keeps priority."""
    slot = j_ruler_slot(s, p)
    c = card_table(T)[s[CARD + slot * CARD_W]]
    pay(s, p, c, K.C_JUDGMENT_COST, c[K.C_JUDGMENT_FREE])
    s[JUDGED + p] = 1
    note_play(s, p)
    f = push_frame(s, T, MODE_TARGETS, Purpose.PLAY, EntryKind.JUDGMENT, slot, -1, p, -1)
    chase_push(RULES, s, f)
    pop_frame(s)
    start_priority(s, p)


@internal
def call_stone_legal(s, T, p):
    """CR 710.1: main timing, no stone called and no judgment this turn, the J/ruler recovered,
    a card in the magic stone deck."""
    slot = j_ruler_slot(s, p)
    w = slot * CARD_W
    if s[CARD + w] < 0 or s[RESTED + w] != 0 or s[CONTROLLER + w] != p:
        return False
    if s[ZONE + w] != Zone.RULER_AREA and s[ZONE + w] != Zone.FIELD:
        return False
    if s[CALLED + p] != 0 or s[JUDGED + p] != 0 or not main_timing(s, p):
        return False
    return put_stone_deck_top(s, p) >= 0


@internal
def call_stone(s, T, p):
    """CR 710.1: rest the J/ruler, the top of the magic stone deck into the field."""
    slot = j_ruler_slot(s, p)
    s[RESTED + slot * CARD_W] = 1
    s[CALLED + p] = 1
    enter_field(s, T, put_stone_deck_top(s, p), p)
    start_priority(s, p)


@internal
def standby_legal(s, p):
    """CR 706.1: main timing, [2] to pay, room in the standby area."""
    return main_timing(s, p) and can_pay_free(s, p, K.STANDBY_COST) and s[STANDBY_N + p] < STANDBY_CAP


@internal
def put_standby(s, T, p, i):
    """CR 706.2: no chase; the card goes face down at once."""
    pay_free(s, p, K.STANDBY_COST)
    put_in_standby(s, hand_slot(s, p, i), s[H_TURN])
    start_priority(s, p)


@internal_inline
def standby_playable(s, T, p, i):
    """CR 708 / 1113.2a / 1416.2b-c: a chant with an activate-like [Trigger] ("[Trigger] <cost>:
    <effect>", its TRIGGER row with trigger NONE) in ``p``'s standby area is played at any priority
    (CR 604.1b) by paying the [Trigger]'s cost only (CR 708.4), not on the turn it was put there
    (CR 708.5), its condition met (CR 1416.4) and its targets chosen (CR 903.2g)."""
    n_off, l_off = zone_offsets(ZT, Zone.STANDBY, p)
    if i >= s[n_off] or not room_to_play(s):
        return False
    slot = s[l_off + i]
    r = card_table(T)[s[CARD + slot * CARD_W], K.C_TRIGGER_ABIL]
    if r < 0 or s[STANDBY_TURN + slot * CARD_W] >= s[H_TURN]:
        return False
    a = ability_table(T)[r]
    if a[K.A_TRIGGER] != K.Trigger.NONE or a[K.A_COST_DISCARD] > 0 or s[LIFE + p] < a[K.A_COST_LIFE]:
        return False  # automatic-like [Trigger] (CR 1416.2a) and discard costs: not yet
    if not condition_holds(s, T, a[K.A_COND], a[K.A_COND_ARG], p, slot):
        return False
    return can_pay(s, p, a, K.A_COST, a[K.A_COST_FREE]) and targets_available(RULES, s, T, r, p, slot)


@internal
def play_from_standby(s, T, p, i):
    """CR 903.2a (face up), 708.4 (the [Trigger]'s cost), then as a chant from the hand; it
    resolves the [Trigger]'s effect and goes to the graveyard (CR 708.6)."""
    _, l_off = zone_offsets(ZT, Zone.STANDBY, p)
    slot = s[l_off + i]
    r = card_table(T)[s[CARD + slot * CARD_W], K.C_TRIGGER_ABIL]
    a = ability_table(T)[r]
    pay(s, p, a, K.A_COST, a[K.A_COST_FREE])
    s[LIFE + p] -= a[K.A_COST_LIFE]
    s[CONTROLLER + slot * CARD_W] = p
    zone_move(s, ZT, slot, Zone.CHASE)
    note_play(s, p)
    push_frame(s, T, MODE_TARGETS, Purpose.PLAY, EntryKind.CARD, slot, r, p, -1)


@internal
def battle_legal(s, p):
    """CR 704.1 (and 803.6: no second battle after a forfeit the opponent did not answer)."""
    return main_timing(s, p) and s[NO_MORE_BATTLE] == 0


@internal
def field_slot(s, p, i):
    _, l_off = zone_offsets(ZT, Zone.FIELD, p)
    return s[l_off + i]


@internal_inline
def ability_actions_of(s, T, p, slot, base, mask):
    """Mark the usable activate abilities of ``slot`` at ``base + j``; returns how many."""
    n = 0
    for j in range(ABILITIES_PER_CARD):
        if ability_usable(s, T, p, slot, j):
            mask[base + j] = 1
            n += 1
    return n
