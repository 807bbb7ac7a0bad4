"""Weiss Schwarz costs (CR 8.4): whether an ability's cost can be paid, and paying it.

* ``cost_payable``: every part of the cost can be paid in full (CR 8.6.2.3.2): stock, resting
  this card, discards (with their filter), hand cards to the clock, the top of the deck to the
  clock (no refresh while a cost is paid, 9.2.3), this card to the waiting room or the memory,
  Resonate's reveal (10.13), Fusion's marker (10.14.1.1, ``first_marker_source``).
* ``pay_fixed_costs``: the parts that need no choice, in the order written (8.4.2.1);
  ``pay_cost_card_ok``: a hand card that the cost being paid can take, ``stage_cost_ok``: a stage
  character that it can take (hand cards and stage characters of a cost are chosen one at a time:
  ``play.start_ability``, the PAY_COST decision).

Comments cite the comprehensive rules v2.03 as ``CR x.y``.
"""

from tcg_env.engine.reveals import reveal_begin, reveal_card
from tcg_env.engine.tables import ability_table
from tcg_env.engine.jit import internal
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.state import (
    CARD_W,
    CX_L,
    CX_N,
    D_RST,
    DEC_ARG,
    DECK_L,
    DECK_N,
    HAND_L,
    HAND_N,
    ORIENT,
    OWNER,
    PAY_ABIL,
    PAY_CLOCK_LEFT,
    PAY_DISCARD_LEFT,
    PAY_SLOT,
    POS,
    REVEALED,
    REVEALED_N,
    STOCK_N,
    ZONE,
)
from tcg_env.games.weiss_schwarz.zones import cid_of, stage_slot


@internal
def cost_payable(game, s, T, arow, p, slot):
    A = ability_table(T)
    if s[STOCK_N + p] < A[arow, K.A_COST_STOCK]:
        return False
    if (A[arow, K.A_COST_REST_SELF] & 1) != 0:
        if s[ZONE + slot * CARD_W] != K.Zone.STAGE or s[ORIENT + slot * CARD_W] != K.Orientation.STAND:
            return False
    if A[arow, K.A_COST_DISCARD] > s[HAND_N + p]:
        return False
    if A[arow, K.A_COST_HAND_TO_CLOCK] > s[HAND_N + p]:
        return False
    if A[arow, K.A_COST_CLOCK_TOP] > s[DECK_N + p]:
        return False  # CR 9.2.3 / 8.4.2.2: no refresh mid-cost, so the deck must hold them all
    # the filter of the discarded cards, or (no discard) of the hand cards put into the clock
    n_filtered = A[arow, K.A_COST_DISCARD] if A[arow, K.A_COST_DISCARD] > 0 else A[arow, K.A_COST_HAND_TO_CLOCK]
    if n_filtered > 0 and A[arow, K.A_COST_DISCARD_FILTER] >= 0:
        n = 0
        for i in range(s[HAND_N + p]):
            if game.filter_match(s, T, A[arow, K.A_COST_DISCARD_FILTER], s[HAND_L + p * K.MAX_DECK + i], p, slot):
                n += 1
        if n < n_filtered:
            return False
    if A[arow, K.A_COST_SELF_TO_WR] != 0 or A[arow, K.A_COST_SELF_TO_MEMORY] != 0:
        # (session 34) an ability working from the memory (CR 10.9.1, "[AUTO] Memory [Put this card into your waiting
        # room] ..., if this card is in your memory, you may pay the cost") moves this card from there
        if s[ZONE + slot * CARD_W] != (K.Zone.MEMORY if A[arow, K.A_ZONE] == K.AbilityZone.MEMORY else K.Zone.STAGE):
            return False
        # a character that "cannot be put into memory (returned to hand)" cannot pay "[put this card into your memory
        # (hand)]" (CR 8.4.2.2: a cost is paid in full or not at all)
        zt = A[arow, K.A_COST_SELF_TO_MEMORY] & (K.COST_SELF_BY_OP - 1)
        if (zt == 1 and (s[D_RST + slot * CARD_W] & K.RESTRICT_CANT_TO_MEMORY) != 0
                or zt == K.Zone.HAND and (s[D_RST + slot * CARD_W] & K.RESTRICT_CANT_TO_HAND) != 0):
            return False
    n_rest = (A[arow, K.A_COST_REST_SELF] >> K.REST_OTHER_SHIFT) & K.REST_OTHER_MASK
    if n_rest > 0:
        if game.rest_other_sources(s, T, arow, p, slot, False) < n_rest:
            return False
    # CR 10.13 Resonate: revealing a matching hand card; the engine keeps no record of revealed
    # cards, so which one is revealed does not matter and no choice is asked
    rf = A[arow, K.A_COST_REVEAL_FILTER]
    if rf >= K.REVEAL_SHOWN:
        rf -= K.REVEAL_SHOWN
    if rf <= K.COST_CLIMAX_FILTER0:
        # "[put 1 "X" from your climax area into your waiting room]": the climax area's card must match
        n = s[CX_N + p]
        if n == 0 or not game.filter_match(s, T, K.COST_CLIMAX_FILTER0 - rf, s[CX_L + p * K.MAX_DECK + n - 1], p, slot):
            return False
    if rf >= 0:
        found = False
        for i in range(s[HAND_N + p]):
            if game.filter_match(s, T, rf, s[HAND_L + p * K.MAX_DECK + i], p, slot):
                found = True
                break
        if not found:
            return False
    # CR 10.14.1.1 Fusion: a matching own stage character goes under this card as a marker
    if A[arow, K.A_COST_MARKER_FILTER] >= 0:
        if s[ZONE + slot * CARD_W] != K.Zone.STAGE or game.first_marker_source(s, T, A[arow, K.A_COST_MARKER_FILTER], p, slot) < 0:
            return False
    elif A[arow, K.A_COST_MARKER_FILTER] < -1:
        # "[put N markers underneath this card into your waiting room]" (-1 - N): N markers under this card (CR 3.7)
        if s[ZONE + slot * CARD_W] != K.Zone.STAGE \
                or game.markers_under(s, p, s[POS + slot * CARD_W]) < -1 - A[arow, K.A_COST_MARKER_FILTER]:
            return False
    return True


@internal
def pay_fixed_costs(game, s, T, arow, p, slot):
    """CR 8.4.2.1: the parts of a cost that need no choice (in the order written)."""
    A = ability_table(T)
    game.pay_stock(s, p, A[arow, K.A_COST_STOCK])
    if (A[arow, K.A_COST_REST_SELF] & 1) != 0:
        s[ORIENT + slot * CARD_W] = K.Orientation.REST
    # "[REST] N of your characters" / "[put N characters from your stage into ...]": chosen and paid in the
    # PAY_COST decision before (pay_stage_char)
    for _ in range(A[arow, K.A_COST_CLOCK_TOP]):
        # CR 8.4.2.1 / 9.2.3: no refresh while a cost is paid (cost_payable checked the deck)
        n = s[DECK_N + p]
        if n > 0:
            game.put_in_zone(s, s[DECK_L + p * K.MAX_DECK + n - 1], K.Zone.CLOCK)
    if A[arow, K.A_COST_MARKER_FILTER] >= 0:
        ch = game.first_marker_source(s, T, A[arow, K.A_COST_MARKER_FILTER], p, slot)
        if ch >= 0:
            game.take_from_zone(s, ch)  # its own markers go to the waiting room (10.14.1.1.2.1)
            game.make_marker(s, ch, p, s[POS + slot * CARD_W])
    elif A[arow, K.A_COST_MARKER_FILTER] < -1 and s[ZONE + slot * CARD_W] == K.Zone.STAGE:
        # N markers under this card into the waiting room (the engine keeps no order of markers: the first slots)
        left = -1 - A[arow, K.A_COST_MARKER_FILTER]
        pos = s[POS + slot * CARD_W]
        for sl in range(K.N_SLOTS):
            if left > 0 and s[ZONE + sl * CARD_W] == K.Zone.MARKER and s[OWNER + sl * CARD_W] == p \
                    and s[POS + sl * CARD_W] == pos:
                game.put_in_zone(s, sl, K.Zone.WAITING_ROOM)
                s[POS + sl * CARD_W] = -1
                left -= 1
    if A[arow, K.A_COST_REVEAL_FILTER] >= K.REVEAL_SHOWN:
        # CR 10.13.1: the named card revealed is shown to both players (its player's latest reveal)
        rf = A[arow, K.A_COST_REVEAL_FILTER] - K.REVEAL_SHOWN
        for i in range(s[HAND_N + p]):
            h = s[HAND_L + p * K.MAX_DECK + i]
            if game.filter_match(s, T, rf, h, p, slot):
                reveal_begin(s, REVEALED_N, p)
                reveal_card(s, REVEALED_N, REVEALED, K.REVEAL_ROWS, p, cid_of(s, h))
                break
    if A[arow, K.A_COST_REVEAL_FILTER] <= K.COST_CLIMAX_FILTER0 and s[CX_N + p] > 0:
        # the climax-area card the cost names (cost_payable checked it) into the waiting room
        game.put_in_zone(s, s[CX_L + p * K.MAX_DECK + s[CX_N + p] - 1], K.Zone.WAITING_ROOM)
    if ((A[arow, K.A_COST_SELF_TO_WR] | A[arow, K.A_COST_SELF_TO_MEMORY]) & K.COST_SELF_BY_OP) != 0:
        pass  # CR 10.8.1: the move of this card is the change op's first step (CHANGE_BY_COST)
    elif A[arow, K.A_COST_SELF_TO_WR] != 0:
        game.put_in_zone(s, slot, K.Zone.WAITING_ROOM)
    elif A[arow, K.A_COST_SELF_TO_MEMORY] != 0:
        # 1: the memory; SELF_TO_DECK_BOTTOM; else the Zone packed by the pool compiler (cost self_to: hand, clock, stock)
        z = A[arow, K.A_COST_SELF_TO_MEMORY]
        if z == 1:
            game.to_memory(s, T, slot)  # (session 34) with its memory triggers (play.to_memory)
        elif z == K.SELF_TO_DECK_BOTTOM:  # "[put this card at the bottom of your deck]"
            game.put_on_deck_bottom(s, slot)
        else:  # two calls: one expression would unify an IntEnum member with the int32 under numba
            game.put_in_zone(s, slot, z)
    game.refresh_if_empty(s, p)  # CR 9.2.1: the refresh the cost made wait


@internal
def stage_cost_ok(game, s, T, arow, p, slot, sl):
    """Whether ``p``'s stage character ``sl`` can pay a part of the cost "[REST] N of your (other) <spec>
    characters" (a standing one) or "[put N <spec> character(s) from your stage into your waiting room]"
    (REST_OTHER_TO_WR: any orientation) of ability ``arow`` of ``slot``: it matches the cost's filter, and it
    is not this card where another part of the cost needs this card ([REST] this card, put it somewhere)."""
    A = ability_table(T)
    w = A[arow, K.A_COST_REST_SELF]
    if sl < 0:
        return False
    if (w & K.REST_OTHER_TO_WR) == 0 and s[ORIENT + sl * CARD_W] != K.Orientation.STAND:
        return False
    if sl == slot and ((w & 1) != 0 or A[arow, K.A_COST_SELF_TO_WR] != 0 or A[arow, K.A_COST_SELF_TO_MEMORY] != 0
                       or A[arow, K.A_COST_MARKER_FILTER] >= 0):
        return False
    fr = (w >> K.REST_OTHER_FILTER_SHIFT) - 1
    return fr < 0 or game.filter_match(s, T, fr, sl, p, slot)


@internal
def rest_other_sources(game, s, T, arow, p, slot, rest):
    """The stage characters of ``p`` that can pay the cost "[REST] N of your (other) <spec> characters" /
    "[put N <spec> character(s) from your stage into your waiting room]" (``stage_cost_ok``). The player
    chooses which, one at a time (CR 8.4: the PAY_COST decision, ``play.start_ability``); ``rest`` is unused."""
    n = 0
    for pos in range(K.N_POSITIONS):
        if game.stage_cost_ok(s, T, arow, p, slot, stage_slot(s, p, pos)):
            n += 1
    return n


@internal
def pay_stage_left(s, T):
    """The stage characters the cost being paid (PAY_ABIL) still takes: DEC_ARG + 3 of the PAY_COST decision,
    read only when that cost has such a part (another cost leaves the word as an earlier decision left it)."""
    if (ability_table(T)[s[PAY_ABIL], K.A_COST_REST_SELF] >> K.REST_OTHER_SHIFT) & K.REST_OTHER_MASK == 0:
        return 0
    return s[DEC_ARG + 3]


@internal
def pay_stage_char(game, s, T, sl):
    """The chosen stage character pays its part of the cost: to the waiting room (REST_OTHER_TO_WR; its
    "when put into your waiting room from the stage" abilities trigger) or rested."""
    w = ability_table(T)[s[PAY_ABIL], K.A_COST_REST_SELF]
    if (w & K.REST_OTHER_TO_CLOCK) != 0:  # "[put N <spec> character(s) from your stage into your clock]"
        game.put_in_zone(s, sl, K.Zone.CLOCK)
    elif (w & K.REST_OTHER_TO_WR) != 0:
        game.stage_to_wr(s, T, sl)
    else:
        s[ORIENT + sl * CARD_W] = K.Orientation.REST
    s[DEC_ARG + 3] -= 1


@internal
def first_marker_source(game, s, T, frow, p, src):
    """The first own stage character (other than ``src``) matching ``frow`` (Fusion's cost)."""
    for pos in range(K.N_POSITIONS):
        sl = stage_slot(s, p, pos)
        if sl >= 0 and sl != src and game.filter_match(s, T, frow, sl, p, src):
            return sl
    return -1


@internal
def pay_cost_card_ok(game, s, T, p, hand_slot):
    """A hand card the pending cost can take now (the discard filter applies to discards)."""
    fr = ability_table(T)[s[PAY_ABIL], K.A_COST_DISCARD_FILTER]
    if s[PAY_DISCARD_LEFT] > 0:
        return fr < 0 or game.filter_match(s, T, fr, hand_slot, p, s[PAY_SLOT])
    if s[PAY_CLOCK_LEFT] > 0 and fr >= 0 and ability_table(T)[s[PAY_ABIL], K.A_COST_DISCARD] == 0:
        return game.filter_match(s, T, fr, hand_slot, p, s[PAY_SLOT])  # "[put 1 <<T>> character ... into your clock]"
    return s[PAY_CLOCK_LEFT] > 0
