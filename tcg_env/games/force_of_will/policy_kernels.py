"""Force of Will's in-kernel heuristic agent and determinization (the contract's
``heuristic_action`` and ``resample_hidden``).

The heuristic, at priority: never answer its own object on the chase; call a magic stone; play
the most expensive hand card worth playing (with [Awakening] when that is affordable); put a
[Trigger] chant into the standby area; produce will only for what it means to play (so the stones
it does not need stay recovered for the opponent's turn: answers held up); on the opponent's turn
produce will for its quickcast answers and the [Trigger] costs of its standby cards; judgment;
activate abilities that draw or remove; then battle. "Worth playing": a harmful effect needs a
target the opponent controls, a helpful one a target of its own, an "all resonators" effect must
hit more of the opponent's than its own, and a quickcast pump (a combat trick) waits for a battle
its own J/resonator is in. Attacks: the strongest attacker no recovered blocker of the opponent
would kill and survive. Blocks: one that survives (killing the attacker if it can), a fair trade,
or any blocker against a lethal attack. Targets: for harm, the opponent's most valuable candidate
(for damage, one the damage destroys); for help, its own J/resonator in battle, else its strongest.
Runes (CR 711) count among the cards worth playing, by cost; a [Stealth] resonator is played from
the standby area when it may (free), and one it cannot pay waits there; will abilities paid with
mana counters make will when no stone is left and that reaches a cost; spare mana counters go to
abilities that cost nothing else before the battle. [Pierce] gives the blocker its capacity and
pierces with the rest; X is the largest it can pay, a search finds the costliest card, a foresee
keeps the cards on top, a [Trigger] card in the hand is revealed, the cards of a discard cost are
chosen at random.
"""

import numpy as np
from numba import njit

from tcg_env.engine.header import H_DECIDER, H_DECISION
from tcg_env.engine.rng import rng_below
from tcg_env.engine.effects import I_A0, I_A2, I_OP
from tcg_env.engine.tables import ability_table, card_table, code_table
from tcg_env.engine.zones import deal_anew, zone_offsets
from tcg_env.rules.costs import pool_can_pay
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import (
    ABILITIES_PER_CARD, ACTIVATE_BASE, ATTACK_PLAYER, AWAKEN_HAND_BASE, BATTLE, CALL_STONE, FIELD_SLOTS,
    HAND_SLOTS, JUDGMENT, NUM_ACTIONS, OPTION_BASE, OWN_FIELD_BASE, PASS, PLAY_HAND_BASE, PLAY_STANDBY_BASE,
    N_ATTRIBUTES, RULER_ACTIVATE_BASE, SELECT_HAND_BASE, STANDBY_BASE, STANDBY_SLOTS, WILL_A_BASE, WILL_B_BASE,
    WILL_VOID, CardType, Decision, Step, Zone
)  # fmt: skip
from tcg_env.games.force_of_will.play import nth_activate
from tcg_env.games.force_of_will.state import (
    ATTACKED, ATTACKER, BLOCKER, CAND, CAND_N, CARD, CARD_W, CHASE, CHASE_N, CONTROLLER, DAMAGE, E_ABIL, E_CTRL,
    ENTRY_W, FR_PC, LIFE, MANA, RESTED, REVEALED, STEP, TURN_PLAYER, WILL, ZONE, ZT
)  # fmt: skip
from tcg_env.games.force_of_will.state import DEC_ARG  # session 34 (s34b)

_HARMFUL = (K.Op.DAMAGE, K.Op.DESTROY, K.Op.REST, K.Op.RETURN_TO_HAND, K.Op.REMOVE, K.Op.CANCEL, K.Op.RESTRICT,
            K.Op.CANCEL_UNLESS_PAY, K.Op.CANCEL_ABILITY)  # (session 34, s34b: the last two)
_LIFE_FLOOR = 1500  # life it keeps when an ability costs life


@njit(cache=True)
def _first_legal(mask):
    for a in range(NUM_ACTIONS):
        if mask[a] != 0:
            return a
    return PASS


@njit(cache=True)
def _ability_cost(T, arow):
    """The will an ability row costs (its attribute and free costs)."""
    a = ability_table(T)[arow]
    n = a[K.A_COST_FREE]
    for k in range(5):
        n += a[K.A_COST + k]
    return n


@njit(cache=True)
def _first_effect(T, arow):
    """(first op after the targeting rows, its a0): what the ability does to what it targets."""
    abil = ability_table(T)
    code = code_table(T)
    c0 = abil[arow, K.A_CODE_START]
    for r in range(c0, c0 + abil[arow, K.A_CODE_LEN]):
        op = code[r, I_OP]
        if op != K.Op.CHOOSE and op != K.Op.SELECT_ALL and op != K.Op.TARGET_SELF:
            return op, code[r, I_A0]
    return -1, 0


@njit(cache=True)
def _is_harm(op, a0):
    """Does op (with its a0) harm its targets (damage, destroy, rest, bounce, remove, cancel,
    -100/-100 counters, a negative ATK change)?"""
    if op == K.Op.COUNTER or op == K.Op.POWER:
        return a0 < 0
    return op in _HARMFUL


@njit(cache=True)
def _count_side(game, s, T, frow, p, source, op):
    """(cards of p's opponent, cards of p's own) in play that match filter row ``frow`` and that
    ``op`` can change ([Eternal] ones are not counted for a destroy, CR 1139)."""
    opp = 0
    own = 0
    for q in range(2):
        for i in range(game.in_play_count(s, q)):
            slot = game.in_play_slot(s, q, i)
            if op == K.Op.DESTROY and slot >= 0 and game.has_keyword(s, T, slot, K.KW_ETERNAL):
                continue
            if slot >= 0 and game.filter_match(s, T, frow, slot, p, source):
                if s[CONTROLLER + slot * CARD_W] == p:
                    own += 1
                else:
                    opp += 1
    return opp, own


@njit(cache=True)
def _in_my_battle(s, p):
    """Is a J/resonator of p's attacking or blocking, the block declared (CR 804.6)?"""
    if s[STEP] != Step.BLOCK_DECLARED:
        return False
    a = s[ATTACKER]
    b = s[BLOCKER]
    return a >= 0 and b >= 0 and (s[CONTROLLER + a * CARD_W] == p or s[CONTROLLER + b * CARD_W] == p)


@njit(cache=True)
def _trick_helps(game, s, T, p, arow):
    """Would the ATK / DEF changes of program ``arow`` on p's J/resonator in the battle turn it
    from dying into surviving or from not destroying into destroying the other (CR 806)?"""
    a = s[ATTACKER]
    b = s[BLOCKER]
    x, y = (a, b) if s[CONTROLLER + a * CARD_W] == p else (b, a)
    abil = ability_table(T)
    code = code_table(T)
    c0 = abil[arow, K.A_CODE_START]
    da = 0
    dd = 0
    for r in range(c0, c0 + abil[arow, K.A_CODE_LEN]):
        if code[r, I_OP] == K.Op.POWER:
            da += code[r, I_A0]
            dd += code[r, I_A2]
        elif code[r, I_OP] == K.Op.COUNTER:
            da += 100 * code[r, I_A0]
            dd += 100 * code[r, I_A0]
    kills = game._kills(s, T, x, y)
    survives = not game._kills(s, T, y, x)
    kills2 = kills or (game.atk_of(s, T, x) + da >= game.def_of(s, T, y) - s[DAMAGE + y * CARD_W]
                       and not game.has_keyword(s, T, y, K.KW_ETERNAL))
    survives2 = survives or game.atk_of(s, T, y) < game.def_of(s, T, x) + dd - s[DAMAGE + x * CARD_W]
    return (kills2 and not kills) or (survives2 and not survives)


@njit(cache=True)
def _worth(game, s, T, p, arow, source, trick_ok):
    """Is ability / spell program ``arow`` aimed right for p (see the module's doc)? ``trick_ok``:
    a pump may be played now (a quickcast chant or an ability during p's battle)."""
    if arow < 0:
        return True
    op, a0 = game._first_effect(T, arow)
    harm = game._is_harm(op, a0)
    abil = ability_table(T)
    code = code_table(T)
    c0 = abil[arow, K.A_CODE_START]
    for r in range(c0, c0 + abil[arow, K.A_CODE_LEN]):
        t = code[r, I_OP]
        if t == K.Op.CHOOSE:
            opp, own = game._count_side(s, T, code[r, I_A0], p, source, op)
            if harm:
                return opp > 0 or code[r, I_A2] != 0
            if op == K.Op.POWER or op == K.Op.GRANT_KEYWORD or op == K.Op.COUNTER:
                if not trick_ok or not game._trick_helps(s, T, p, arow):
                    return False  # a combat trick: only when it changes its battle
            return own > 0 or code[r, I_A2] != 0
        if t == K.Op.SELECT_ALL:
            opp, own = game._count_side(s, T, code[r, I_A0], p, source, op)
            return opp > own if harm else own > 0
        if t != K.Op.TARGET_SELF:
            break
    return True


@njit(cache=True)
def _hand_worth(game, s, T, p, i, trick_ok):
    """Would p play hand card i now if the will were there (its timing, its targets aimed right)?"""
    slot = game.hand_slot(s, p, i)
    c = card_table(T)[s[CARD + slot * CARD_W]]
    t = c[K.C_TYPE]
    if t != CardType.RESONATOR and t != CardType.CHANT and t != CardType.ADDITION and t != CardType.REGALIA:
        return False
    if t == CardType.CHANT and c[K.C_TRIGGER_ABIL] >= 0:
        return False  # played from the standby area only (CR 708)
    quick = (c[K.C_KEYWORDS] & K.KW_QUICKCAST) != 0
    if not quick and not game.main_timing(s, p):
        return False
    return game._worth(s, T, p, c[K.C_SPELL_ABIL], slot, trick_ok and quick)


@njit(cache=True)
def _sources(s, mask):
    """Will it has plus the will its recovered stones and producers could make now."""
    n = 0
    for i in range(FIELD_SLOTS):
        if mask[WILL_A_BASE + i] != 0:
            n += 1
    return n


@njit(cache=True)
def _set_need(need, row, col, free):
    for a in range(N_ATTRIBUTES):
        need[a] = row[col + a]
    need[N_ATTRIBUTES] = free


@njit(cache=True)
def _add_need(need, row, col, free):
    for a in range(N_ATTRIBUTES):
        need[a] += row[col + a]
    need[N_ATTRIBUTES] += free


@njit(cache=True)
def _payable(s, p, need):
    """Can p's produced will pay ``need`` (as costs.can_pay)?"""
    pool = WILL + p * K.N_WILL
    return pool_can_pay(s, pool, N_ATTRIBUTES, pool + WILL_VOID, need, 0, need[N_ATTRIBUTES] - s[pool + K.WILL_MOON])


@njit(cache=True)
def _will_source(s, T, mask, p, need):
    """A will action making an attribute ``need`` still lacks; else any (for the free cost)."""
    _, l_off = zone_offsets(ZT, Zone.FIELD, p)
    fallback = -1
    for i in range(FIELD_SLOTS):
        for second in range(2):
            act = (WILL_B_BASE if second else WILL_A_BASE) + i
            if mask[act] == 0:
                continue
            c = card_table(T)[s[CARD + s[l_off + i] * CARD_W]]
            attr = c[K.C_WILL_B] if second else c[K.C_WILL_A]
            if 0 <= attr < N_ATTRIBUTES and s[WILL + p * K.N_WILL + attr] < need[attr]:
                return act
            if fallback < 0 or attr == WILL_VOID:
                fallback = act
    return fallback


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
def _mana_action(game, s, T, mask, p, kind):
    """A legal ACTIVATE / RULER_ACTIVATE action of ``p``'s whose ability is of ``kind`` and costs
    only mana counters, -1 none; its second result: the will such will abilities could still make."""
    found = -1
    will = 0
    _, l_off = zone_offsets(ZT, Zone.FIELD, p)
    ruler = game.j_ruler_slot(s, p)
    for i in range(FIELD_SLOTS + 1):
        base = K.RULER_ACTIVATE_BASE if i == FIELD_SLOTS else K.ACTIVATE_BASE + i * K.ABILITIES_PER_CARD
        for j in range(K.ABILITIES_PER_CARD):
            if mask[base + j] == 0:
                continue
            slot = ruler if i == FIELD_SLOTS else s[l_off + i]
            a = ability_table(T)[nth_activate(T, s[CARD + slot * CARD_W], j)]
            if game._mana_only(a, kind):
                if found < 0:
                    found = base + j
                will += s[MANA + game.mana_source(s, p, slot, a[K.A_MANA_FROM]) * CARD_W] // a[K.A_COST_MANA]
    return found, will


@njit(cache=True)
def _reachable(game, s, T, p, have, most):
    """Does a hand card or face-down rune cost more than ``have`` and at most ``most`` will?"""
    n_off, _ = zone_offsets(ZT, Zone.HAND, p)
    for i in range(min(s[n_off], HAND_SLOTS)):
        c = game.total_cost(T, s[CARD + game.hand_slot(s, p, i) * CARD_W])
        if have < c <= most:
            return True
    for i in range(K.RUNE_SLOTS):
        slot = game.rune_slot(s, p, i)
        if slot >= 0 and s[REVEALED + slot * CARD_W] == 0 and \
                have < game.total_cost(T, s[CARD + slot * CARD_W]) <= most:
            return True
    return False


@njit(cache=True)
def _costliest_candidate(game, s, T, mask):
    """The candidate with the highest total cost (a search finds the strongest card)."""
    best = -1
    best_cost = -1
    for k in range(s[CAND_N]):
        if mask[OPTION_BASE + k] != 0 and s[CAND + k] >= 0:  # not SEARCH_MORE (the next page)
            c = game.total_cost(T, s[CAND + k])  # a search's candidates are card ids
            if c > best_cost:
                best, best_cost = k, c
    return OPTION_BASE + best if best >= 0 else game._first_legal(mask)


@njit(cache=True)
def _chase_top_is_mine(s, p):
    n = s[CHASE_N]
    return n > 0 and s[CHASE + (n - 1) * ENTRY_W + E_CTRL] == p


@njit(cache=True)
def _priority(game, s, T, mask, p):
    if game._chase_top_is_mine(s, p) and mask[PASS] != 0:
        return PASS  # never answer its own spell or ability
    if mask[CALL_STONE] != 0:
        return CALL_STONE
    _, sb_off = zone_offsets(ZT, Zone.STANDBY, p)
    for i in range(STANDBY_SLOTS):  # a [Stealth] resonator for free (CR 1114.2)
        if mask[PLAY_STANDBY_BASE + i] != 0 and card_table(T)[s[CARD + s[sb_off + i] * CARD_W], K.C_STEALTH_ABIL] >= 0:
            return PLAY_STANDBY_BASE + i
    battle = game._in_my_battle(s, p)
    main = game.main_timing(s, p)
    # the most expensive hand card worth playing, awakened when that is affordable (CR 1109)
    best = -1
    best_cost = -1
    for i in range(HAND_SLOTS):
        playable = mask[PLAY_HAND_BASE + i] != 0
        awaken = mask[AWAKEN_HAND_BASE + i] != 0
        if not (playable or awaken) or not game._hand_worth(s, T, p, i, battle):
            continue
        cid = s[CARD + game.hand_slot(s, p, i) * CARD_W]
        c = 2 * game.total_cost(T, cid)
        arow = card_table(T)[cid, K.C_AWAKEN_ABIL]
        if awaken and game._worth(s, T, p, arow, game.hand_slot(s, p, i), True):
            c += 2 * game._ability_cost(T, arow) + 1
            if c > best_cost:
                best, best_cost = AWAKEN_HAND_BASE + i, c
        elif playable and c > best_cost:
            best, best_cost = PLAY_HAND_BASE + i, c
    for i in range(K.RUNE_SLOTS):  # runes (CR 711), by cost like hand cards
        if mask[K.PLAY_RUNE_BASE + i] != 0:
            c = 2 * game.total_cost(T, s[CARD + game.rune_slot(s, p, i) * CARD_W])
            if c > best_cost:
                best, best_cost = K.PLAY_RUNE_BASE + i, c
    if best >= 0:
        return best
    # [Trigger] chants wait face down in the standby area (CR 706)
    n_off, _ = zone_offsets(ZT, Zone.HAND, p)
    trigger_in_hand = False
    for i in range(min(s[n_off], HAND_SLOTS)):
        cid = s[CARD + game.hand_slot(s, p, i) * CARD_W]
        if card_table(T)[cid, K.C_TYPE] == CardType.CHANT and card_table(T)[cid, K.C_TRIGGER_ABIL] >= 0:
            if mask[STANDBY_BASE + i] != 0:
                return STANDBY_BASE + i
            trigger_in_hand = True
    # activate-like [Trigger]s in the standby area (CR 708)
    for i in range(STANDBY_SLOTS):
        if mask[PLAY_STANDBY_BASE + i] != 0:
            return PLAY_STANDBY_BASE + i
    # produce will for what it means to play, within what its sources can make, of the
    # attributes its cost asks for (CR 1003.4)
    have = game.will_total(s, p)
    avail = have + game._sources(s, mask)
    need = np.zeros(N_ATTRIBUTES + 1, np.int64)  # attribute costs, then the free cost
    want = 0
    for i in range(min(s[n_off], HAND_SLOTS)):
        if game._hand_worth(s, T, p, i, battle):
            cid = s[CARD + game.hand_slot(s, p, i) * CARD_W]
            c = game.total_cost(T, cid)
            arow = card_table(T)[cid, K.C_AWAKEN_ABIL]
            extra = game._ability_cost(T, arow) if arow >= 0 and c + game._ability_cost(T, arow) <= avail else 0
            if c + extra <= avail and c + extra > want:
                want = c + extra
                game._set_need(need, card_table(T)[cid], K.C_COST, max(card_table(T)[cid, K.C_COST_FREE], 0))
                if extra > 0:
                    game._add_need(need, ability_table(T)[arow], K.A_COST, ability_table(T)[arow, K.A_COST_FREE])
    if main:
        for i in range(K.RUNE_SLOTS):  # a face-down rune it could pay (CR 711.2)
            slot = game.rune_slot(s, p, i)
            if slot >= 0 and s[REVEALED + slot * CARD_W] == 0:
                c = game.total_cost(T, s[CARD + slot * CARD_W])
                if want < c <= avail:
                    want = c
                    game._set_need(need, card_table(T)[s[CARD + slot * CARD_W]], K.C_COST,
                              max(card_table(T)[s[CARD + slot * CARD_W], K.C_COST_FREE], 0))
    if main and trigger_in_hand and K.STANDBY_COST > want:
        want = K.STANDBY_COST
        need[:] = 0
        need[N_ATTRIBUTES] = K.STANDBY_COST
    if s[TURN_PLAYER] != p:  # the [Trigger] costs of its standby cards, paid when they trigger (CR 708.4)
        sn, sl = zone_offsets(ZT, Zone.STANDBY, p)
        for i in range(s[sn]):
            r = card_table(T)[s[CARD + s[sl + i] * CARD_W], K.C_TRIGGER_ABIL]
            if r >= 0 and game._ability_cost(T, r) > want and game._ability_cost(T, r) <= avail:
                want = game._ability_cost(T, r)
                game._set_need(need, ability_table(T)[r], K.A_COST, ability_table(T)[r, K.A_COST_FREE])
    if want > 0 and not game._payable(s, p, need):
        a = game._will_source(s, T, mask, p, need)
        if a >= 0:
            return a
    # will abilities paid with mana counters (CR 1122), when that reaches a cost the stones do not
    a, more = game._mana_action(s, T, mask, p, K.AbilityKind.WILL)
    if a >= 0 and game._reachable(s, T, p, avail, have + more):
        return a
    for i in range(HAND_SLOTS):  # a [Stealth] card it cannot pay waits face down (CR 706, 1114)
        if mask[STANDBY_BASE + i] != 0 and \
                card_table(T)[s[CARD + game.hand_slot(s, p, i) * CARD_W], K.C_STEALTH_ABIL] >= 0:
            return STANDBY_BASE + i
    if mask[JUDGMENT] != 0:
        return JUDGMENT
    if s[TURN_PLAYER] == p and s[STEP] == Step.MAIN:  # spare mana counters, before the battle
        a, _ = game._mana_action(s, T, mask, p, K.AbilityKind.ACTIVATE)
        if a >= 0:
            return a
    a = game._ability_choice(s, T, mask, p, battle)
    if a >= 0:
        return a
    if mask[BATTLE] != 0:
        return BATTLE
    if mask[PASS] != 0:
        return PASS
    return game._first_legal(mask)


@njit(cache=True)
def _ability_worth(game, s, T, p, slot, j, battle):
    """An activate ability worth playing now: one that draws (life costs kept above a floor), or
    one aimed right (removal at the opponent's cards, a pump in its own battle)."""
    r = nth_activate(T, s[CARD + slot * CARD_W], j)
    if r < 0 or ability_table(T)[r, K.A_KIND] != K.AbilityKind.ACTIVATE:
        return False
    if s[LIFE + p] - ability_table(T)[r, K.A_COST_LIFE] < _LIFE_FLOOR:
        return False
    op, a0 = game._first_effect(T, r)
    if op == K.Op.DRAW:
        return True
    if op == K.Op.FORESEE or op == K.Op.PRODUCE_WILL or op < 0:
        return False
    if not game._is_harm(op, a0) and not battle:
        return False
    return game._worth(s, T, p, r, slot, battle)


@njit(cache=True)
def _ability_choice(game, s, T, mask, p, battle):
    _, l_off = zone_offsets(ZT, Zone.FIELD, p)
    for i in range(FIELD_SLOTS):
        for j in range(ABILITIES_PER_CARD):
            if mask[ACTIVATE_BASE + i * ABILITIES_PER_CARD + j] != 0 and \
                    game._ability_worth(s, T, p, s[l_off + i], j, battle):
                return ACTIVATE_BASE + i * ABILITIES_PER_CARD + j
    _, r_off = zone_offsets(ZT, Zone.RULER_AREA, p)
    for j in range(ABILITIES_PER_CARD):
        if mask[RULER_ACTIVATE_BASE + j] != 0 and game._ability_worth(s, T, p, s[r_off], j, battle):
            return RULER_ACTIVATE_BASE + j
    return -1


@njit(cache=True)
def _can_block(game, s, T, b, a):
    """May ``b`` block ``a`` as far as [Flying] goes (CR 1106)?"""
    return not game.has_keyword(s, T, a, K.KW_FLYING) or game.has_keyword(s, T, b, K.KW_FLYING)


@njit(cache=True)
def _kills(game, s, T, x, y):
    """Would x's battle damage destroy y ([Eternal]: never, CR 1139)?"""
    if game.has_keyword(s, T, y, K.KW_ETERNAL):
        return False
    return game.atk_of(s, T, x) >= game.def_of(s, T, y) - s[DAMAGE + y * CARD_W]


@njit(cache=True)
def _safe_attacker(game, s, T, x, p):
    """No recovered J/resonator of the opponent's could block x, destroy it and survive."""
    q = 1 - p
    for i in range(game.in_play_count(s, q)):
        b = game.in_play_slot(s, q, i)
        if b < 0 or s[ZONE + b * CARD_W] != Zone.FIELD or s[RESTED + b * CARD_W] != 0 or \
                not game.is_j_resonator(s, T, b):
            continue
        if game._can_block(s, T, b, x) and game._kills(s, T, b, x) and not game._kills(s, T, x, b):
            return False
    return True


@njit(cache=True)
def heuristic_action(game, s, T, mask, n_legal, rng_row):
    kind = s[H_DECISION]
    p = s[H_DECIDER]
    if kind == Decision.MULLIGAN:
        return PASS
    if kind == Decision.PRIORITY:
        return game._priority(s, T, mask, p)
    if kind == Decision.ATTACKER:
        best = -1
        best_atk = -1
        _, l_off = zone_offsets(ZT, Zone.FIELD, p)
        for i in range(FIELD_SLOTS):
            if mask[OWN_FIELD_BASE + i] != 0:
                x = s[l_off + i]
                v = game.atk_of(s, T, x)
                if v > best_atk and game._safe_attacker(s, T, x, p):
                    best, best_atk = i, v
        if best >= 0:
            return OWN_FIELD_BASE + best
        return PASS if mask[PASS] != 0 else game._first_legal(mask)
    if kind == Decision.ATTACKED:
        return ATTACK_PLAYER if mask[ATTACK_PLAYER] != 0 else game._first_legal(mask)
    if kind == Decision.BLOCK:
        return game._block(s, T, mask, p)
    if kind == Decision.DISCARD or kind == Decision.DISCARD_COST:
        return SELECT_HAND_BASE + rng_below(rng_row, max(n_legal, 1)) if mask[SELECT_HAND_BASE] != 0 else \
            game._first_legal(mask)
    if kind == Decision.OPTIONAL and s[DEC_ARG + K.DEC_ASK] == K.ASK_UNLESS_PAY:
        # session 34 (s34b): pay to keep the spell when it can, resting its will producers first; else let it go
        if mask[OPTION_BASE] != 0:
            return OPTION_BASE
        for a in range(K.WILL_A_BASE, K.ACTIVATE_BASE):
            if mask[a] != 0:
                return a
        return PASS
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
        return game._costliest_candidate(s, T, mask)
    if kind == Decision.FORESEE:
        # keep the looked-at cards on top, in the order they were (the rest of a look put on the bottom "in any
        # order": the first, effects.rest_to_bottom)
        return OPTION_BASE if mask[OPTION_BASE] != 0 else K.BOTTOM_BASE
    if kind == Decision.CHOOSE_TARGET and (s[DEC_ARG + K.DEC_ASK] == K.ASK_ENTER_REVEAL or
                                           s[DEC_ARG + K.DEC_ASK] == K.ASK_REVEAL_HAND):
        # session 34 (s34b): reveal a card so that the magic stone enters recovered (no frame here); reveal every card
        # Op.REVEAL_FROM_HAND offers (its count is what the effect rewards)
        return OPTION_BASE
    if kind == Decision.CHOOSE_TARGET:
        return game._target(s, T, mask, p)
    return game._first_legal(mask)


@njit(cache=True)
def _cheapest_candidate(game, s, T, mask):
    """The candidate of the least total cost (the first of them)."""
    best = -1
    best_v = 1 << 30
    for k in range(s[CAND_N]):
        if mask[OPTION_BASE + k] != 0:
            v = game.total_cost(T, s[CARD + s[CAND + k] * CARD_W])
            if v < best_v:
                best, best_v = k, v
    return OPTION_BASE + best if best >= 0 else game._first_legal(mask)


@njit(cache=True)
def _block(game, s, T, mask, p):
    """Survive (and kill if it can) > a trade of a blocker costing no more > any block of a lethal attack."""
    a = s[ATTACKER]
    _, l_off = zone_offsets(ZT, Zone.FIELD, p)
    best = -1
    best_v = 0
    for i in range(FIELD_SLOTS):
        if mask[OWN_FIELD_BASE + i] != 0:
            b = s[l_off + i]
            survives = not game._kills(s, T, a, b)
            kills = game._kills(s, T, b, a)
            v = 0
            if survives:
                v = 4 if kills else 3
            elif kills and game.total_cost(T, s[CARD + b * CARD_W]) <= game.total_cost(T, s[CARD + a * CARD_W]):
                v = 2
            elif game.atk_of(s, T, a) >= s[LIFE + p]:
                v = 1
            if v > best_v:
                best, best_v = i, v
    if best >= 0:
        return OWN_FIELD_BASE + best
    return PASS if mask[PASS] != 0 else game._first_legal(mask)


@njit(cache=True)
def _target(game, s, T, mask, p):
    """For harm, the opponent's most valuable candidate (for damage, preferring one it destroys);
    for help, its own J/resonator in the battle, else its strongest; DONE ("up to") when none is on
    that side, else the first candidate."""
    f = game.top_frame(s)
    op, a0 = game._first_effect(T, s[f + E_ABIL])
    harm = game._is_harm(op, a0)
    if s[f + E_ABIL] >= 0:
        r = ability_table(T)[s[f + E_ABIL], K.A_CODE_START] + s[f + FR_PC]
        if r < code_table(T).shape[0] and code_table(T)[r, I_OP] == K.Op.PLAYER_BANISH:
            return game._cheapest_candidate(s, T, mask)  # banishing its own card (session 22): the least costly
    best = -1
    best_v = -1
    for k in range(s[CAND_N]):
        if mask[OPTION_BASE + k] == 0:
            continue
        c = s[CAND + k]
        if c >= K.ABILITY_REF:  # session 34 (s34b): an ability on the chase: cancel the opponent's (its source card)
            if harm and s[CHASE + (c - K.ABILITY_REF) * ENTRY_W + E_CTRL] != p:
                return OPTION_BASE + k
            continue
        if (s[CONTROLLER + c * CARD_W] != p) != harm:
            continue
        v = 10 * game.total_cost(T, s[CARD + c * CARD_W])
        if harm and op == K.Op.DESTROY and game.has_keyword(s, T, c, K.KW_ETERNAL):
            v = 0  # nothing happens to it (CR 1139)
        if s[ZONE + c * CARD_W] == Zone.FIELD and game.is_j_resonator(s, T, c):
            v += game.atk_of(s, T, c) // 100
            if harm and op == K.Op.DAMAGE and game.def_of(s, T, c) - s[DAMAGE + c * CARD_W] <= a0:
                v += 1000
            if not harm and (c == s[ATTACKER] or c == s[BLOCKER]):
                v += 1000
        if v > best_v:
            best, best_v = k, v
    if best >= 0:
        return OPTION_BASE + best
    if mask[PASS] != 0:
        return PASS
    return game._first_legal(mask)


@njit(cache=True)
def resample_hidden(game, s, T, player, rng_row):
    """Deal anew what ``player`` cannot see (CR 302.2): the opponent's hand, main deck and face-down
    standby cards as one pile, each magic stone deck by itself (CR 303.2b: a face-down magic stone
    is known to be one), the opponent's extra deck (CR 314.2) and its face-down runes (CR 315.2;
    the revealed ones are public, CR 711.2, and keep their places: state.ZONES declares them), and
    the order of its own main deck."""
    op = 1 - player
    deal_anew(s, ZT, op, (Zone.HAND, Zone.MAIN_DECK, Zone.STANDBY), rng_row)
    deal_anew(s, ZT, op, (Zone.STONE_DECK,), rng_row)
    deal_anew(s, ZT, op, (Zone.EXTRA_DECK,), rng_row)
    deal_anew(s, ZT, op, (Zone.RUNE_AREA,), rng_row)
    # during its FORESEE decision the player knows the cards it looks at (CR 1034.1: the candidates,
    # top slots of its main deck); they keep their places
    foreseeing = s[H_DECISION] == Decision.FORESEE and s[H_DECIDER] == player
    known = np.empty(K.OPTION_SLOTS, np.int32)
    n_known = min(s[CAND_N], K.OPTION_SLOTS) if foreseeing else 0
    for k in range(n_known):
        known[k] = s[CARD + s[CAND + k] * CARD_W]
    deal_anew(s, ZT, player, (Zone.MAIN_DECK,), rng_row)
    game._put_back(s, player, known, n_known)
    deal_anew(s, ZT, player, (Zone.STONE_DECK,), rng_row)


@njit(cache=True)
def _put_back(s, player, known, n_known):
    """After a redeal of ``player``'s main deck, candidate slot k (CAND) gets card id ``known[k]``
    back by a swap with a slot not yet restored that holds it (the redeal permuted the same ids)."""
    n_off, l_off = zone_offsets(ZT, Zone.MAIN_DECK, player)
    for k in range(n_known):
        slot = s[CAND + k]
        if s[CARD + slot * CARD_W] == known[k]:
            continue
        for i in range(s[n_off]):
            other = s[l_off + i]
            restored = False
            for j in range(k):
                restored = restored or s[CAND + j] == other
            if not restored and other != slot and s[CARD + other * CARD_W] == known[k]:
                s[CARD + other * CARD_W] = s[CARD + slot * CARD_W]
                s[CARD + slot * CARD_W] = known[k]
                break
