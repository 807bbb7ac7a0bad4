"""Weiss Schwarz rule actions (CR 9).

* CR 9.3 level up, an interrupt-type rule action (9.1.2.1): due as soon as a clock holds seven
  cards (``level_up_due``), asked at once (``level_up_interrupt``).
* The check-type rule actions at check timing (9.1.2.2, ``rule_actions``): 9.4 losing (level 4, no
  cards in deck and waiting room; both at once: a draw), 9.9 refresh point, 9.5 characters with
  0 or less power, 9.7 multiple climax, 9.8 unaffiliated markers.

The refresh (CR 9.2) happens inside the moves that empty a deck (``zones.refresh_if_empty``).
Comments cite the comprehensive rules v2.03 as ``CR x.y``.
"""

from tcg_env.engine.jit import internal
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.state import (
    CAND_N,
    CARD_W,
    CLOCK_N,
    CX_L,
    CX_N,
    DECK_N,
    D_POWER,
    LEVEL_N,
    MARKER_N,
    POS,
    REFRESH_POINT,
    TURN_PLAYER,
    WR_N,
    ZONE,
)
from tcg_env.engine.decisions import end_game, set_decision
from tcg_env.games.weiss_schwarz.zones import (
    K_DRAW,
    owner_of,
    pool_may_trigger,
    stage_slot,
)


@internal
def level_up_due(s):
    """CR 9.3.1: a clock holds seven or more cards."""
    return s[CLOCK_N] >= K.CLOCK_TO_LEVEL or s[CLOCK_N + 1] >= K.CLOCK_TO_LEVEL


@internal
def level_up_interrupt(s):
    """CR 9.3 level up, an interrupt-type rule action (9.1.2.1): asked as soon as a clock holds
    seven cards, whatever is being done (the action resumes afterwards: SUSPENDED), the turn
    player's first (9.1.2.1.1.1). Returns 1 if the LEVEL_UP decision is now pending.
    CR 8.4.2.1 / 9.3.3: never called while a cost is being paid (no ``advance`` runs between the
    PAY_COST decisions, and ``pay_fixed_costs`` runs to its end), so the level up waits for it."""
    tp = s[TURN_PLAYER]
    for k in range(2):
        p = tp if k == 0 else 1 - tp
        if s[CLOCK_N + p] >= K.CLOCK_TO_LEVEL:
            s[CAND_N] = K.CLOCK_TO_LEVEL
            set_decision(s, K.Decision.LEVEL_UP, p)
            return 1
    return 0


@internal
def rule_actions(game, s, T):
    """The check-type rule actions (the level-up interrupt is ``level_up_interrupt``).
    Returns 1 if the game ended, 2 to run them again, 0 done."""
    tp = s[TURN_PLAYER]
    # CR 9.4 losing verdict (check type)
    for p in range(2):
        game.refresh_if_empty(s, p)
    lose0 = s[LEVEL_N] >= K.LEVEL_TO_LOSE or (s[DECK_N] == 0 and s[WR_N] == 0)
    lose1 = s[LEVEL_N + 1] >= K.LEVEL_TO_LOSE or (s[DECK_N + 1] == 0 and s[WR_N + 1] == 0)
    if lose0 or lose1:
        end_game(s, K_DRAW if (lose0 and lose1) else (1 if lose0 else 0))
        return 1
    # CR 9.9 refresh point: top card of the deck to the clock
    for k in range(2):
        p = tp if k == 0 else 1 - tp
        if s[REFRESH_POINT + p] > 0:
            s[REFRESH_POINT + p] -= 1
            # "when you have refreshed your deck" (session 33, CR 9.2): p's stage characters, once per refresh (its
            # refresh point, CR 9.9), those on the stage now (approximation refresh_at_refresh_point: the refresh
            # itself may have happened earlier in the same resolution)
            if pool_may_trigger(T, K.Trigger.REFRESHED):
                for pos in range(K.N_POSITIONS):
                    sl = stage_slot(s, p, pos)
                    if sl >= 0:
                        game.trigger_card(s, T, sl, p, K.Trigger.REFRESHED, -1)
            game.move_top_of_deck(s, p, K.Zone.CLOCK)
            return 2  # run the rule actions again (after a level up, if one is due)
    game.refresh_derived(s, T)
    # CR 9.5 characters with 0 or less power to the waiting room
    moved = False
    for p in range(2):
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0 and s[D_POWER + sl * CARD_W] <= 0:
                game.stage_to_wr(s, T, sl)
                moved = True
    # CR 9.7 multiple climax: only the last one stays
    for p in range(2):
        while s[CX_N + p] > 1:
            game.put_in_zone(s, s[CX_L + p * K.MAX_DECK], K.Zone.WAITING_ROOM)
    # CR 9.8 unaffiliated markers
    for p in range(2):
        for pos in range(K.N_POSITIONS):
            if s[MARKER_N + p * K.N_POSITIONS + pos] > 0 and stage_slot(s, p, pos) < 0:
                for mslot in range(K.N_SLOTS):
                    if s[ZONE + mslot * CARD_W] == K.Zone.MARKER and owner_of(s, mslot) == p and s[POS + mslot * CARD_W] == pos:
                        game.put_in_zone(s, mslot, K.Zone.WAITING_ROOM)
                s[MARKER_N + p * K.N_POSITIONS + pos] = 0
    if moved:
        game.refresh_derived(s, T)
    return 0
