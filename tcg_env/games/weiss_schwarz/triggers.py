"""Weiss Schwarz automatic abilities: what triggers them (CR 8.7) and playing the pending ones.

* ``trigger_card``, ``trigger_other_placed``, ``trigger_clock_abilities``, ``trigger_all``: an
  event meets an AUTO ability's activation condition, and the ability enters a standby condition
  (8.7.2: an entry of the core's pending list, ``tcg_env.engine.triggers``) if whose turn it is,
  its filter on the triggering card and its condition allow.
* ``pending_step``, ``order_pending``, ``play_pending``: at a check timing the turn player's
  standby abilities are played first, then the other player's, each choosing the order of their
  own (8.5.1.2-3); one whose cost can't be paid is not played (8.7.3.2), one that may be declined
  ("you may", or a cost) asks first.

Comments cite the comprehensive rules v2.03 as ``CR x.y``.
"""

from tcg_env.engine.tables import ability_table, card_table
from tcg_env.engine.jit import internal
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.state import (
    CAND_N,
    CLOCK_L,
    CLOCK_N,
    CX_L,
    CX_N,
    DEC_ARG,
    TURN_PLAYER,
)
from tcg_env.engine.decisions import set_decision
from tcg_env.engine.triggers import (
    NONE_PENDING,
    PE_ABIL,
    PE_AUX,
    PE_SLOT,
    pending_add,
    pending_entry,
    pending_remove,
    play_pending_abilities,
)
from tcg_env.games.weiss_schwarz.zones import cid_of, stage_slot


@internal
def trigger_card(game, s, T, slot, p, trig, aux):
    """Enter every AUTO ability of ``slot`` with activation condition ``trig`` into a standby
    condition (CR 8.7.2), checking whose turn and the ability's condition."""
    cards = card_table(T)
    A = ability_table(T)
    cid = cid_of(s, slot)
    a0 = cards[cid, K.C_ABIL_START]
    for ai in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
        if A[ai, K.A_KIND] != K.AbilityKind.AUTO or A[ai, K.A_TRIGGER] != trig or A[ai, K.A_ZONE] != 0:
            continue  # abilities working from other zones (clock: Shift) are not scanned yet
        w = A[ai, K.A_TRIG_WHOSE]
        if w == K.TriggerWhose.YOURS and s[TURN_PLAYER] != p:
            continue
        if w == K.TriggerWhose.OPPONENTS and s[TURN_PLAYER] == p:
            continue
        fr = A[ai, K.A_TRIG_FILTER]
        aux_is_card = aux >= 0 and trig != K.Trigger.TO_WR_FROM_STAGE_SELF and trig != K.Trigger.USE_KEYWORD
        if fr >= 0 and aux_is_card and not game.filter_match(s, T, fr, aux, p, slot):
            continue  # the triggering card must match (e.g. "when your <trait> climax is placed")
        if not game.condition_holds(s, T, A[ai, K.A_COND], A[ai, K.A_COND_ARG], p, slot):
            continue
        pending_add(game, s, p, slot, ai, aux)


@internal
def trigger_other_placed(game, s, T, src, p, placed):
    """OTHER_PLACED: "when another of your characters is placed", filtered by A_TRIG_FILTER."""
    cards = card_table(T)
    A = ability_table(T)
    cid = cid_of(s, src)
    a0 = cards[cid, K.C_ABIL_START]
    for ai in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
        if A[ai, K.A_KIND] != K.AbilityKind.AUTO or A[ai, K.A_TRIGGER] != K.Trigger.OTHER_PLACED or A[ai, K.A_ZONE] != 0:
            continue
        fr = A[ai, K.A_TRIG_FILTER]
        if fr >= 0 and not game.filter_match(s, T, fr, placed, p, src):
            continue
        if game.condition_holds(s, T, A[ai, K.A_COND], A[ai, K.A_COND_ARG], p, src):
            pending_add(game, s, p, src, ai, placed)


@internal
def trigger_clock_abilities(game, s, T, trig):
    """AUTO abilities working from the clock (A_ZONE CLOCK, e.g. Shift 10.11.2)."""
    cards = card_table(T)
    A = ability_table(T)
    for p in range(2):
        for i in range(s[CLOCK_N + p]):
            sl = s[CLOCK_L + p * K.MAX_DECK + i]
            cid = cid_of(s, sl)
            a0 = cards[cid, K.C_ABIL_START]
            for ai in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
                if A[ai, K.A_KIND] != K.AbilityKind.AUTO or A[ai, K.A_TRIGGER] != trig or A[ai, K.A_ZONE] != K.AbilityZone.CLOCK:
                    continue
                w = A[ai, K.A_TRIG_WHOSE]
                if (w == K.TriggerWhose.YOURS and s[TURN_PLAYER] != p) or (w == K.TriggerWhose.OPPONENTS and s[TURN_PLAYER] == p):
                    continue
                if cards[cid, K.C_SHIFT_LEVEL] >= 0 and game.player_level(s, p) < cards[cid, K.C_SHIFT_LEVEL]:
                    continue
                if game.condition_holds(s, T, A[ai, K.A_COND], A[ai, K.A_COND_ARG], p, sl):
                    pending_add(game, s, p, sl, ai, -1)


@internal
def trigger_all(game, s, T, trig):
    """A phase / step activation condition: every stage character and climax of both players."""
    for p in range(2):
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0:
                game.trigger_card(s, T, sl, p, trig, -1)
        if s[CX_N + p] > 0:
            game.trigger_card(s, T, s[CX_L + p * K.MAX_DECK + s[CX_N + p] - 1], p, trig, -1)


@internal
def pending_step(game, s, T):
    """CR 8.5.1.2-3: the turn player's standby abilities first, then the other player's (the
    engine core's ``play_pending_abilities``). Returns 1 if a decision is pending, 2 if an ability
    was started, 0 if none pending."""
    r = play_pending_abilities(game, s, T)
    return 0 if r == NONE_PENDING else r


@internal
def order_pending(s, T, p, n):
    """CR 8.5.1.2: ``p`` chooses which of its ``n`` standby abilities to play next (OPTION k:
    pending ability k)."""
    s[CAND_N] = min(n, K.OPTION_SLOTS)
    set_decision(s, K.Decision.ORDER_AUTO, p)
    return 1


@internal
def play_pending(game, s, T, p, i):
    A = ability_table(T)
    e = pending_entry(game, s, p, i)
    slot = s[e + PE_SLOT]
    arow = s[e + PE_ABIL]
    aux = s[e + PE_AUX]
    optional = (A[arow, K.A_OPTIONAL] != 0 or A[arow, K.A_COST_STOCK] > 0 or A[arow, K.A_COST_REST_SELF] != 0
                or A[arow, K.A_COST_DISCARD] > 0 or A[arow, K.A_COST_HAND_TO_CLOCK] > 0)
    if not game.cost_payable(s, T, arow, p, slot):
        pending_remove(game, s, p, i)  # CR 8.7.3.2
        return 2
    if optional:
        s[DEC_ARG] = i
        s[DEC_ARG + 1] = 0
        set_decision(s, K.Decision.OPTIONAL_EFFECT, p)
        return 1
    pending_remove(game, s, p, i)
    if game.start_ability(s, T, p, slot, arow, aux) == 1:
        return 1
    return 2
