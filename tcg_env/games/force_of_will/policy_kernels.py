"""Force of Will's in-kernel heuristic agent and determinization (the contract's
``heuristic_action`` and ``resample_hidden``).

The heuristic: keep the opening hand; call a magic stone, play a [Stealth] resonator from the
standby area when it may (free), play the most expensive playable card or rune (CR 711), produce
will while a hand card or rune it cannot pay yet would need it (magic stones first, then will
abilities paid with mana counters, only when they reach the cost), put a [Stealth] card it cannot
pay into the standby area, do judgment, spend mana counters on abilities that cost nothing else,
then battle; attack the player with the strongest attacker, block when the blocker survives or the
attack would hurt, with [Pierce] assign the blocker its capacity and pierce with the rest; "you
may" is yes (a triggered [Stealth] card is played); choose the opponent's cards as targets of
harmful effects is left to order (first candidate). X is the largest it can pay, a search finds
the costliest card, a foresee keeps the cards on top, a [Trigger] card in the hand is revealed,
the cards of a discard cost are chosen at random.
"""

from numba import njit

from tcg_env.engine.header import H_DECIDER, H_DECISION
from tcg_env.engine.rng import rng_below
from tcg_env.engine.effects import I_A0, I_OP
from tcg_env.engine.tables import ability_table, card_table, code_table
from tcg_env.engine.zones import deal_anew, zone_offsets
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import (
    ATTACK_PLAYER, BATTLE, CALL_STONE, FIELD_SLOTS, HAND_SLOTS, JUDGMENT, NUM_ACTIONS, OPTION_BASE,
    OWN_FIELD_BASE, PASS, PLAY_HAND_BASE, SELECT_HAND_BASE, WILL_A_BASE, WILL_B_BASE, Decision, Zone
)
from tcg_env.games.force_of_will.effects import top_frame
from tcg_env.games.force_of_will.play import mana_source, nth_activate, rune_slot
from tcg_env.games.force_of_will.state import (
    ATTACKED, ATTACKER, CAND, CAND_N, CARD, CARD_W, CONTROLLER, DAMAGE, E_ABIL, MANA, REVEALED, STEP, TURN_PLAYER,
    WILL, ZT
)
from tcg_env.games.force_of_will.zones import atk_of, def_of, hand_slot, j_ruler_slot, total_cost


@njit(cache=True)
def _first_legal(mask):
    for a in range(NUM_ACTIONS):
        if mask[a] != 0:
            return a
    return PASS


@njit(cache=True)
def _will_total(s, p):
    n = 0
    for a in range(K.N_WILL):
        n += s[WILL + p * K.N_WILL + a]
    return n


@njit(cache=True)
def _mana_only(a, kind):
    """An ability row ``a`` of ``kind`` whose only cost is mana counters (CR 1122)."""
    if a[K.A_KIND] != kind or a[K.A_COST_MANA] <= 0 or a[K.A_COST_FREE] > 0 or a[K.A_COST_REST] != 0:
        return False
    if a[K.A_COST_LIFE] > 0 or a[K.A_COST_BANISH_SELF] != 0 or a[K.A_COST_DISCARD] > 0:
        return False
    for c in range(K.N_ATTRIBUTES):
        if a[K.A_COST + c] > 0:
            return False
    return True


@njit(cache=True)
def _mana_action(s, T, mask, p, kind):
    """A legal ACTIVATE / RULER_ACTIVATE action of ``p``'s whose ability is of ``kind`` and costs
    only mana counters, -1 none; its second result: the will such will abilities could still make."""
    found = -1
    will = 0
    _, l_off = zone_offsets(ZT, Zone.FIELD, p)
    ruler = j_ruler_slot(s, p)
    for i in range(FIELD_SLOTS + 1):
        base = K.RULER_ACTIVATE_BASE if i == FIELD_SLOTS else K.ACTIVATE_BASE + i * K.ABILITIES_PER_CARD
        for j in range(K.ABILITIES_PER_CARD):
            if mask[base + j] == 0:
                continue
            slot = ruler if i == FIELD_SLOTS else s[l_off + i]
            a = ability_table(T)[nth_activate(T, s[CARD + slot * CARD_W], j)]
            if _mana_only(a, kind):
                if found < 0:
                    found = base + j
                will += s[MANA + mana_source(s, p, slot, a[K.A_MANA_FROM]) * CARD_W] // a[K.A_COST_MANA]
    return found, will


@njit(cache=True)
def heuristic_action(s, T, mask, n_legal, rng_row):
    kind = s[H_DECISION]
    p = s[H_DECIDER]
    if kind == Decision.MULLIGAN:
        return PASS
    if kind == Decision.PRIORITY:
        if mask[CALL_STONE] != 0:
            return CALL_STONE
        for i in range(K.STANDBY_SLOTS):  # a [Stealth] resonator for free (CR 1114.2)
            if mask[K.PLAY_STANDBY_BASE + i] != 0:
                _, l_off = zone_offsets(ZT, Zone.STANDBY, p)
                if card_table(T)[s[CARD + s[l_off + i] * CARD_W], K.C_STEALTH_ABIL] >= 0:
                    return K.PLAY_STANDBY_BASE + i
        best = -1
        best_cost = -1
        for i in range(HAND_SLOTS):
            if mask[PLAY_HAND_BASE + i] != 0:
                c = total_cost(T, s[CARD + hand_slot(s, p, i) * CARD_W])
                if c > best_cost:
                    best, best_cost = PLAY_HAND_BASE + i, c
        for i in range(K.RUNE_SLOTS):
            if mask[K.PLAY_RUNE_BASE + i] != 0:
                c = total_cost(T, s[CARD + rune_slot(s, p, i) * CARD_W])
                if c > best_cost:
                    best, best_cost = K.PLAY_RUNE_BASE + i, c
        if best >= 0:
            return best
        # produce will while some hand card (or face-down rune) costs more than the will there is
        want = 0
        n_off, _ = zone_offsets(ZT, Zone.HAND, p)
        for i in range(min(s[n_off], HAND_SLOTS)):
            cid = s[CARD + hand_slot(s, p, i) * CARD_W]
            if card_table(T)[cid, K.C_TYPE] != K.CardType.MAGIC_STONE:
                want = max(want, total_cost(T, cid))
        for i in range(K.RUNE_SLOTS):
            slot = rune_slot(s, p, i)
            if slot >= 0 and s[REVEALED + slot * CARD_W] == 0:
                want = max(want, total_cost(T, s[CARD + slot * CARD_W]))
        have = _will_total(s, p)
        if have < want:
            for i in range(FIELD_SLOTS):
                if mask[WILL_A_BASE + i] != 0:
                    return WILL_A_BASE + i
                if mask[WILL_B_BASE + i] != 0:
                    return WILL_B_BASE + i
            # no stone left: will abilities paid with mana counters, when they reach a cost
            a, more = _mana_action(s, T, mask, p, K.AbilityKind.WILL)
            if a >= 0 and _reachable(s, T, p, have, have + more):
                return a
        for i in range(HAND_SLOTS):  # a [Stealth] card it cannot pay waits face down (CR 706, 1114)
            if mask[K.STANDBY_BASE + i] != 0 and card_table(T)[s[CARD + hand_slot(s, p, i) * CARD_W], K.C_STEALTH_ABIL] >= 0:
                return K.STANDBY_BASE + i
        if mask[JUDGMENT] != 0:
            return JUDGMENT
        if s[TURN_PLAYER] == p and s[STEP] == K.Step.MAIN:  # spare mana counters, before the battle
            a, _ = _mana_action(s, T, mask, p, K.AbilityKind.ACTIVATE)
            if a >= 0:
                return a
        if mask[BATTLE] != 0:
            return BATTLE
        if mask[PASS] != 0:
            return PASS
        return _first_legal(mask)
    if kind == Decision.ATTACKER:
        best = -1
        best_atk = -1
        _, l_off = zone_offsets(ZT, Zone.FIELD, p)
        for i in range(FIELD_SLOTS):
            if mask[OWN_FIELD_BASE + i] != 0:
                v = atk_of(s, T, s[l_off + i])
                if v > best_atk:
                    best, best_atk = i, v
        return OWN_FIELD_BASE + best if best >= 0 else PASS
    if kind == Decision.ATTACKED:
        return ATTACK_PLAYER
    if kind == Decision.BLOCK:
        a = s[ATTACKER]
        atk = atk_of(s, T, a)
        _, l_off = zone_offsets(ZT, Zone.FIELD, p)
        for i in range(FIELD_SLOTS):
            if mask[OWN_FIELD_BASE + i] != 0:
                b = s[l_off + i]
                if def_of(s, T, b) - s[DAMAGE + b * CARD_W] > atk:
                    return OWN_FIELD_BASE + i
        return PASS
    if kind == Decision.DISCARD or kind == Decision.DISCARD_COST:
        return SELECT_HAND_BASE + rng_below(rng_row, max(n_legal, 1)) if mask[SELECT_HAND_BASE] != 0 else _first_legal(mask)
    if kind == Decision.OPTIONAL or kind == Decision.REVEAL_TRIGGER:
        return OPTION_BASE
    if kind == Decision.PIERCE:
        # CR 1102.2b: the blocker's capacity to it, the rest pierces to the attacked object; all
        # to the blocker when there is no attacked object any more (CR 1029.1c)
        if s[ATTACKED] == K.ATTACKED_NONE and mask[OPTION_BASE + K.PIERCE_ALL] != 0:
            return OPTION_BASE + K.PIERCE_ALL
        return PASS
    if kind == Decision.CHOOSE_X:
        for k in range(K.OPTION_SLOTS - 1, -1, -1):  # the largest X it can pay
            if mask[OPTION_BASE + k] != 0:
                return OPTION_BASE + k
    if kind == Decision.SEARCH:
        return _costliest_candidate(s, T, mask)
    if kind == Decision.FORESEE:
        return OPTION_BASE  # keep the looked-at cards on top, in the order they were
    if kind == Decision.CHOOSE_TARGET:
        return _target(s, T, mask, p)
    return _first_legal(mask)


@njit(cache=True)
def _costliest_candidate(s, T, mask):
    """The candidate with the highest total cost (a search finds the strongest card)."""
    best = -1
    best_cost = -1
    for k in range(s[CAND_N]):
        if mask[OPTION_BASE + k] != 0:
            c = total_cost(T, s[CAND + k])  # a search's candidates are card ids
            if c > best_cost:
                best, best_cost = k, c
    return OPTION_BASE + best if best >= 0 else _first_legal(mask)
def _reachable(s, T, p, have, most):
    """Does a hand card or face-down rune cost more than ``have`` and at most ``most`` will?"""
    n_off, _ = zone_offsets(ZT, Zone.HAND, p)
    for i in range(min(s[n_off], HAND_SLOTS)):
        c = total_cost(T, s[CARD + hand_slot(s, p, i) * CARD_W])
        if have < c <= most:
            return True
    for i in range(K.RUNE_SLOTS):
        slot = rune_slot(s, p, i)
        if slot >= 0 and s[REVEALED + slot * CARD_W] == 0 and have < total_cost(T, s[CARD + slot * CARD_W]) <= most:
            return True
    return False


@njit(cache=True)
def _harmful(s, T):
    """Does the top frame's effect harm its targets (damage, destroy, rest, bounce, remove,
    cancel, -100/-100 counters, a negative ATK change)?"""
    f = top_frame(s)
    abil = ability_table(T)
    code = code_table(T)
    arow = s[f + E_ABIL]
    c0 = abil[arow, K.A_CODE_START]
    for r in range(c0, c0 + abil[arow, K.A_CODE_LEN]):
        op = code[r, I_OP]
        if op == K.Op.CHOOSE:
            continue
        if op == K.Op.COUNTER or op == K.Op.POWER:
            return code[r, I_A0] < 0
        return op in _HARMFUL
    return False


_HARMFUL = (K.Op.DAMAGE, K.Op.DESTROY, K.Op.REST, K.Op.RETURN_TO_HAND, K.Op.REMOVE, K.Op.CANCEL, K.Op.RESTRICT)


@njit(cache=True)
def _target(s, T, mask, p):
    """The first candidate on the side the effect is meant for (the opponent's for a harmful one),
    else the first candidate; DONE ("up to") when none is on that side."""
    harm = _harmful(s, T)
    for k in range(s[CAND_N]):
        if mask[OPTION_BASE + k] != 0 and (s[CONTROLLER + s[CAND + k] * CARD_W] != p) == harm:
            return OPTION_BASE + k
    if mask[PASS] != 0:
        return PASS
    return _first_legal(mask)


@njit(cache=True)
def resample_hidden(s, T, player, rng_row):
    """Deal anew what ``player`` cannot see (CR 302.2): the opponent's hand, main deck and face-down
    standby cards as one pile, each magic stone deck by itself (CR 303.2b: a face-down magic stone
    is known to be one), the opponent's extra deck (CR 314.2) and its face-down runes (CR 315.2;
    the revealed ones stay), and the order of its own main deck."""
    op = 1 - player
    deal_anew(s, ZT, op, (Zone.HAND, Zone.MAIN_DECK, Zone.STANDBY), rng_row)
    deal_anew(s, ZT, op, (Zone.STONE_DECK,), rng_row)
    deal_anew(s, ZT, op, (Zone.EXTRA_DECK,), rng_row)
    _deal_face_down_runes(s, op, rng_row)
    deal_anew(s, ZT, player, (Zone.MAIN_DECK,), rng_row)
    deal_anew(s, ZT, player, (Zone.STONE_DECK,), rng_row)


@njit(cache=True)
def _face_down_rune(s, p, k):
    """The ``k``-th face-down rune of ``p``'s rune area (its slot), -1 none."""
    n_off, l_off = zone_offsets(ZT, Zone.RUNE_AREA, p)
    for i in range(s[n_off]):
        slot = s[l_off + i]
        if s[REVEALED + slot * CARD_W] == 0:
            if k == 0:
                return slot
            k -= 1
    return -1


@njit(cache=True)
def _deal_face_down_runes(s, p, rng_row):
    """Permute the card ids of ``p``'s face-down runes among their slots (Fisher-Yates)."""
    n = 0
    while _face_down_rune(s, p, n) >= 0:
        n += 1
    for i in range(n - 1, 0, -1):
        j = rng_below(rng_row, i + 1)
        a = CARD + _face_down_rune(s, p, i) * CARD_W
        b = CARD + _face_down_rune(s, p, j) * CARD_W
        t = s[a]
        s[a] = s[b]
        s[b] = t
