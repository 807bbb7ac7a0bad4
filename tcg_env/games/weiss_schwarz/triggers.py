"""Weiss Schwarz automatic abilities: what triggers them (CR 8.7) and playing the pending ones.

* ``trigger_card``, ``trigger_clock_abilities``, ``trigger_all``: an event meets an AUTO ability's
  activation condition, and the ability enters a standby condition (8.7.2: an entry of the core's
  pending list, ``tcg_env.engine.triggers``) if whose turn it is, its filter on the triggering card
  and its condition allow (the shared scan of one card, ``tcg_env.rules.triggers``, over the
  columns ``state.TT`` declares); which cards are scanned, in which order, is this module's.
* ``pending_step``, ``order_pending``, ``play_pending``: at a check timing the turn player's
  standby abilities are played first, then the other player's, each choosing the order of their
  own (8.5.1.2-3); one whose cost can't be paid is not played (8.7.3.2), one that may be declined
  ("you may", or a cost) asks first.

Comments cite the comprehensive rules v2.03 as ``CR x.y``.
"""

from tcg_env.engine.tables import ability_table, card_table, flag_table
from tcg_env.engine.jit import internal
from tcg_env.rules.triggers import trigger_abilities
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.state import (
    CAND_N,
    CLOCK_L,
    CLOCK_N,
    CX_L,
    CX_N,
    DEC_ARG,
    MEMORY_L,
    MEMORY_N,
    TT,
    TURN_PLAYER,
    USES,
    ZONE,
    CARD_W,
)
from tcg_env.engine.decisions import set_decision
from tcg_env.engine.triggers import (
    pending_add,
    pending_count,
    NONE_PENDING,
    PE_ABIL,
    PE_AUX,
    PE_SLOT,
    pending_entry,
    pending_remove,
    play_pending_abilities,
)
from tcg_env.games.weiss_schwarz.characteristics import granted_bits
from tcg_env.games.weiss_schwarz.zones import cid_of, pool_may_trigger, stage_slot


@internal
def trigger_card(game, s, T, slot, p, trig, aux):
    """Enter every AUTO ability of ``slot`` (working from the stage or the climax area) with
    activation condition ``trig`` into a standby condition for ``p`` (CR 8.7.2), checking whose
    turn, the ability's condition and its filter on the card ``aux`` the event was about (the
    waiting room's position of TO_WR_FROM_STAGE_SELF and Brainstorm's count of USE_KEYWORD are no
    card: no filter applies)."""
    # the pool's flags (cards.ws_kernel_flags): no AUTO ability of the pool (granted ones included)
    # has this trigger, or none of the card's own has: nothing to scan for
    F = flag_table(T)
    w = K.FL_TRIG + trig // 31
    bit = trig % 31
    if (F[F.shape[0] - 1, w] >> bit) & 1 == 0:
        return
    # not a card: the waiting room's position of TO_WR_FROM_STAGE_SELF, Brainstorm's count of USE_KEYWORD, the damage of
    # the damage triggers (Op.TRIGGER_DAMAGE, session 28)
    aux_is_card = trig != K.Trigger.TO_WR_FROM_STAGE_SELF and trig != K.Trigger.USE_KEYWORD \
        and not (K.Trigger.DAMAGE_CANCELED_SELF <= trig <= K.Trigger.DAMAGE_NOT_CANCELED_SELF) \
        and not (K.Trigger.BATTLE_DAMAGE_RECEIVED_CANCELED <= trig <= K.Trigger.BATTLE_DAMAGE_RECEIVED_NOT_CANCELED) \
        and not (K.Trigger.DAMAGE_RECEIVED_CANCELED <= trig <= K.Trigger.DAMAGE_RECEIVED_NOT_CANCELED)
    cid = cid_of(s, slot)
    if cid >= 0 and (F[cid, w] >> bit) & 1 != 0:
        trigger_abilities(game, s, T, TT, slot, p, trig, aux, aux_is_card, 0)
    if s[ZONE + slot * CARD_W] == K.Zone.STAGE:
        # granted until the end of the turn (KWMOD), of the opponent's next turn (KWMOD_LONG, CR 8.2.1.2) or by
        # a CONT ability (D_KW, characteristics.apply_cont): characteristics.granted_bits
        granted = granted_bits(s, slot)
        if granted != 0:
            game.trigger_granted(s, T, slot, p, trig, aux, aux_is_card, granted)


@internal
def trigger_granted(game, s, T, slot, p, trig, aux, aux_is_card, granted):
    """The AUTO abilities granted to stage card ``slot`` (bit k of ``granted``, characteristics.granted_bits: the
    ability row whose A_ZONE is GRANT_ZONE0 + k, after every card's rows): the same tests
    as a card's own (whose turn, the filter on ``aux``, the condition; rules.triggers)."""
    A = ability_table(T)
    r = A.shape[0] - 1
    while r >= 0 and A[r, K.A_ZONE] >= K.GRANT_ZONE0:
        g = A[r, K.A_ZONE] - K.GRANT_ZONE0
        if (granted >> g) & 1 != 0 and A[r, K.A_KIND] == K.AbilityKind.AUTO and A[r, K.A_TRIGGER] == trig:
            whose = A[r, K.A_TRIG_WHOSE]
            ok = not (whose == K.TriggerWhose.YOURS and s[TURN_PLAYER] != p)
            ok = ok and not (whose == K.TriggerWhose.OPPONENTS and s[TURN_PLAYER] == p)
            fr = A[r, K.A_TRIG_FILTER]
            if ok and fr >= 0 and aux_is_card and aux >= 0:
                ok = game.filter_match(s, T, fr, aux, p, slot)
            if ok and game.condition_holds(s, T, A[r, K.A_COND], A[r, K.A_COND_ARG], p, slot):
                pending_add(game, s, p, slot, r, aux)
        r -= 1


@internal
def drop_pending_keyword(game, s, T, p, slot, n0, keyword):
    """Take back the abilities of card ``slot`` with keyword ``keyword`` that ``p``'s pending list
    gained from entry ``n0`` on (a card that "cannot use Encore", RESTRICT_NO_ENCORE: its Encore,
    printed or granted, never enters a standby condition; CR 10.2)."""
    A = ability_table(T)
    i = pending_count(game, s, p) - 1
    while i >= n0:
        e = pending_entry(game, s, p, i)
        if s[e + PE_SLOT] == slot and A[s[e + PE_ABIL], K.A_KEYWORD] == keyword:
            pending_remove(game, s, p, i)
        i -= 1


@internal
def trigger_clock_abilities(game, s, T, trig):
    """AUTO abilities working from the clock (A_ZONE CLOCK, e.g. Shift 10.11.2: only at or above
    the card's Shift level)."""
    cards = card_table(T)
    for p in range(2):
        for i in range(s[CLOCK_N + p]):
            sl = s[CLOCK_L + p * K.MAX_DECK + i]
            shift_level = cards[cid_of(s, sl), K.C_SHIFT_LEVEL]
            if shift_level >= 0 and game.player_level(s, p) < shift_level:
                continue
            trigger_abilities(game, s, T, TT, sl, p, trig, -1, False, K.AbilityZone.CLOCK)


@internal
def trigger_act_used(game, s, T, p):
    """Player ``p`` used an [ACT] ability (an [ACT], a [COUNTER] [ACT] or Backup, CR 8.2): "when you
    use an [ACT]" on p's stage characters, "when your opponent uses an [ACT]" on the other's."""
    for pos in range(K.N_POSITIONS):
        sl = stage_slot(s, p, pos)
        if sl >= 0:
            game.trigger_card(s, T, sl, p, K.Trigger.ACT_USED, -1)
    for pos in range(K.N_POSITIONS):
        sl = stage_slot(s, 1 - p, pos)
        if sl >= 0:
            game.trigger_card(s, T, sl, 1 - p, K.Trigger.OPP_ACT_USED, -1)


@internal
def trigger_accelerate_used(game, s, T, p):
    """Player ``p`` used an Accelerate ability (CR 10.12.3: its cost paid and its effect executed): "when you use
    "Accelerate"" on p's stage characters."""
    for pos in range(K.N_POSITIONS):
        sl = stage_slot(s, p, pos)
        if sl >= 0:
            game.trigger_card(s, T, sl, p, K.Trigger.ACCELERATE_USED, -1)


@internal
def trigger_change_used(game, s, T, p, trig):
    """Player ``p`` used a Change (CR 10.8) or Resonate (CR 10.13) ability (its cost paid and its effect executed, as
    Accelerate's CR 10.12.3): "when you use "Change"" / "... "Resonate"" (``trig``: CHANGE_USED / RESONATE_USED) on
    p's stage characters (the character Change put there included)."""
    for pos in range(K.N_POSITIONS):
        sl = stage_slot(s, p, pos)
        if sl >= 0:
            game.trigger_card(s, T, sl, p, trig, -1)


@internal
def trigger_other_battle_opp_reversed(game, s, T, winner, p):
    """``winner``'s battle opponent became [REVERSE]: "when your other character's battle opponent
    becomes [REVERSE]" on p's other stage characters (their filter on the winner)."""
    for pos in range(K.N_POSITIONS):
        sl = stage_slot(s, p, pos)
        if sl >= 0 and sl != winner:
            game.trigger_card(s, T, sl, p, K.Trigger.OTHER_BATTLE_OPP_REVERSED, winner)


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
        # AUTO abilities working from the top of the clock (Alarm, CR 10.1.1) or the memory (CR 10.9.1)
        if s[CLOCK_N + p] > 0:
            trigger_abilities(game, s, T, TT, s[CLOCK_L + p * K.MAX_DECK + s[CLOCK_N + p] - 1], p, trig, -1, False,
                              K.AbilityZone.CLOCK_TOP)
        for i in range(s[MEMORY_N + p]):
            trigger_abilities(game, s, T, TT, s[MEMORY_L + p * K.MAX_DECK + i], p, trig, -1, False,
                              K.AbilityZone.MEMORY)


@internal
def trigger_memory_abilities(game, s, T, p, trig, aux):
    """(Session 34, s34d) The AUTO abilities of ``p``'s memory's cards that work from the memory (CR 10.9.1, A_ZONE
    MEMORY) with an activation condition that is no phase's (trigger_all queues those): "[AUTO] Memory When you level
    up, if this card is in your memory, ..." (Trigger.LEVEL_UP, kernels' level up)."""
    if not pool_may_trigger(T, trig):
        return
    for i in range(s[MEMORY_N + p]):
        trigger_abilities(game, s, T, TT, s[MEMORY_L + p * K.MAX_DECK + i], p, trig, aux, True, K.AbilityZone.MEMORY)


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
    if game.auto_uses_left(s, T, slot, arow) == 0:
        pending_remove(game, s, p, i)  # "this ability activates up to N times per turn": not again
        return 2
    optional = (A[arow, K.A_OPTIONAL] != 0 or A[arow, K.A_COST_STOCK] > 0 or A[arow, K.A_COST_REST_SELF] != 0
                or A[arow, K.A_COST_DISCARD] > 0 or A[arow, K.A_COST_HAND_TO_CLOCK] > 0)
    if not game.cost_payable(s, T, arow, p, slot):
        pending_remove(game, s, p, i)  # CR 8.7.3.2
        if A[arow, K.A_OPTIONAL] >= K.DECLINED_PC0:  # "If you do not, ...": the cost is not paid (CR 8.4.2.2)
            game.start_declined(s, T, p, slot, arow, aux)
        return 2
    if optional:
        s[DEC_ARG] = i
        s[DEC_ARG + 1] = 0
        set_decision(s, K.Decision.OPTIONAL_EFFECT, p)
        return 1
    pending_remove(game, s, p, i)
    game.count_auto_use(s, T, slot, arow)
    if game.start_ability(s, T, p, slot, arow, aux) == 1:
        return 1
    return 2


@internal
def auto_use_index(game, s, T, slot, arow):
    """(k, uses this turn) of AUTO ability row ``arow`` of card ``slot``: the card's USES word holds a bit
    per use of its ability k (bits k, k + 8, k + 16; forgotten at the end of the turn and when the card
    changes zones); k = -1 for a granted ability without a limit. A granted ability limited to 1 use per turn
    has bit GRANT_USE_BIT0 + j of that word (j packed above its A_ONCE_PER_TURN limit): (that bit, its use)."""
    A = ability_table(T)
    if A[arow, K.A_ZONE] >= K.GRANT_ZONE0:  # a granted ability's row (after every card's: arow - the card's
        lim = A[arow, K.A_ONCE_PER_TURN]  # first row may still be below MAX_ABIL_PER_CARD)
        if lim > 0:
            bit = K.GRANT_USE_BIT0 + (lim >> K.GRANT_LIMIT_SHIFT)
            return bit, (s[USES + slot * CARD_W] >> bit) & 1
        return -1, 0
    k = arow - card_table(T)[cid_of(s, slot), K.C_ABIL_START]
    if k < 0 or k >= K.MAX_ABIL_PER_CARD:
        return -1, 0
    used = 0
    while used < 3 and (s[USES + slot * CARD_W] >> (k + used * K.MAX_ABIL_PER_CARD)) & 1 != 0:
        used += 1
    return k, used


@internal
def auto_uses_left(game, s, T, slot, arow):
    """How many more times this turn AUTO ability ``arow`` may be played ("this ability activates up to N
    times per turn", A_ONCE_PER_TURN = N); 1 for an ability without a limit."""
    limit = ability_table(T)[arow, K.A_ONCE_PER_TURN] & K.ONCE_LIMIT_MASK  # a granted one's bit index above it
    if limit <= 0:
        return 1
    k, used = game.auto_use_index(s, T, slot, arow)
    if k < 0:
        return 1
    return max(limit - used, 0)


@internal
def count_auto_use(game, s, T, slot, arow):
    """The ability is played (CR 8.7.3.1.1: an ability whose cost is declined is not played, so not counted)."""
    if ability_table(T)[arow, K.A_ONCE_PER_TURN] > 0:
        k, used = game.auto_use_index(s, T, slot, arow)
        if k >= K.GRANT_USE_BIT0:  # a granted ability's one use
            s[USES + slot * CARD_W] |= 1 << k
        elif k >= 0 and used < 3:
            s[USES + slot * CARD_W] |= 1 << (k + used * K.MAX_ABIL_PER_CARD)
