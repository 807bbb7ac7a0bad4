"""Force of Will's in-kernel heuristic agent and determinization (the contract's
``heuristic_action`` and ``resample_hidden``).

The heuristic: keep the opening hand; call a magic stone, play the most expensive playable card,
produce will while a hand card it cannot pay yet would need it, do judgment, then battle; attack
the player with the strongest attacker, block when the blocker survives or the attack would hurt,
with [Pierce] assign the blocker its capacity and pierce with the rest; choose the opponent's cards
as targets of harmful effects is left to order (first candidate).
X is the largest it can pay, a search finds the costliest card, a foresee keeps the cards on top,
a [Trigger] card in the hand is revealed, the cards of a discard cost are chosen at random.
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
from tcg_env.games.force_of_will.state import (
    ATTACKED, ATTACKER, CAND, CAND_N, CARD, CARD_W, CONTROLLER, DAMAGE, E_ABIL, WILL, ZT
)
from tcg_env.games.force_of_will.zones import atk_of, def_of, hand_slot, total_cost


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
def heuristic_action(s, T, mask, n_legal, rng_row):
    kind = s[H_DECISION]
    p = s[H_DECIDER]
    if kind == Decision.MULLIGAN:
        return PASS
    if kind == Decision.PRIORITY:
        if mask[CALL_STONE] != 0:
            return CALL_STONE
        best = -1
        best_cost = -1
        for i in range(HAND_SLOTS):
            if mask[PLAY_HAND_BASE + i] != 0:
                c = total_cost(T, s[CARD + hand_slot(s, p, i) * CARD_W])
                if c > best_cost:
                    best, best_cost = i, c
        if best >= 0:
            return PLAY_HAND_BASE + best
        # produce will while some hand card costs more than the will there is
        want = 0
        n_off, _ = zone_offsets(ZT, Zone.HAND, p)
        for i in range(min(s[n_off], HAND_SLOTS)):
            cid = s[CARD + hand_slot(s, p, i) * CARD_W]
            if card_table(T)[cid, K.C_TYPE] != K.CardType.MAGIC_STONE:
                want = max(want, total_cost(T, cid))
        if _will_total(s, p) < want:
            for i in range(FIELD_SLOTS):
                if mask[WILL_A_BASE + i] != 0:
                    return WILL_A_BASE + i
                if mask[WILL_B_BASE + i] != 0:
                    return WILL_B_BASE + i
        if mask[JUDGMENT] != 0:
            return JUDGMENT
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
    is known to be one), and the order of its own main deck."""
    op = 1 - player
    deal_anew(s, ZT, op, (Zone.HAND, Zone.MAIN_DECK, Zone.STANDBY), rng_row)
    deal_anew(s, ZT, op, (Zone.STONE_DECK,), rng_row)
    deal_anew(s, ZT, player, (Zone.MAIN_DECK,), rng_row)
    deal_anew(s, ZT, player, (Zone.STONE_DECK,), rng_row)
