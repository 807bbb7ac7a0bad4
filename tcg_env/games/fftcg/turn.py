"""FF-TCG rules kernels: the flow of the game (CR 8-10).

The start of a turn (Active and Draw Phases, CR 9.1, 9.2), the ends of steps and phases, the
End Phase's cleanup (CR 9.5), and ``advance``: it runs the game by itself, from setup and
mulligans (CR 8.2) through the phases, until a player must decide or the game ends.
"""

from numba import njit

from tcg_env.engine.chase import give_priority
from tcg_env.engine.jit import internal
from tcg_env.engine.tables import card_table, flag_table
from tcg_env.engine.header import H_DECISION, H_DONE, H_ERROR, H_TURN, WINNER_DRAW
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import (
    FIELD_SLOTS,
    FL_AFTER_RESOLVE,
    FL_BEGIN_TURN,
    FL_BLOCK,
    FL_DAMAGE_DEAL,
    FL_DAMAGE_DONE,
    FL_DAMAGE_STEP,
    FL_DECLARE,
    FL_END_CLEANUP,
    FL_END_HAND_LIMIT,
    FL_MULLIGAN,
    FL_PAY,
    FL_PRIORITY,
    FL_RESOLVE,
    FL_START,
    FL_STEP_END,
    HAND_LIMIT,
)
from tcg_env.games.fftcg.state import (
    CAST_N,
    PLAYER_SHIELD,
    HIT_BY,
    DERIVED_CLEAN,
    ATK_N,
    BLOCKER,
    BLOCK_DECLARED,
    CARD,
    CARD_W,
    DEC_ARG,
    DULL,
    FIELD_L,
    FIELD_N,
    FIRST_PLAYER,
    FLOW,
    FRAME_N,
    FROZEN,
    HAND_N,
    MT,
    MULLIGAN_STAGE,
    PASSES,
    PAY_DISCARD_LEFT,
    PAY_PLAYER,
    PAY_SAMENAME,
    PHASE,
    PRIORITY_PLAYER,
    RST_PERM,
    STEP,
    TURN_PLAYER,
    ZT,
)
from tcg_env.rules.modifiers import mod_end_in_zone
from tcg_env.engine.decisions import end_game, set_decision


# =============================================================================================
# The flow of the game (CR 8-10)
# =============================================================================================
@internal
def start_turn(game, s, T):
    """Active Phase (CR 9.1) and Draw Phase (CR 9.2), then the start of Main Phase 1."""
    tp = s[TURN_PLAYER]
    cards = card_table(T)
    s[PHASE] = K.Phase.ACTIVE
    s[CAST_N] = 0  # "this turn": the Summons cast in the turn now beginning (Condition.CAST_AT_LEAST)
    s[CAST_N + 1] = 0
    s[PLAYER_SHIELD] = 0  # "During this turn, the next damage dealt to you ..." ended with the turn before
    s[PLAYER_SHIELD + 1] = 0
    ft = flag_table(T)
    if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_HIT_BY) != 0:
        for slot in range(K.N_SLOTS):
            s[HIT_BY + slot] = 0  # "on the same turn" / "this turn": the marks of the turn before (state.HIT_BY)
    for i in range(s[FIELD_N + tp]):
        slot = s[FIELD_L + tp * FIELD_SLOTS + i]
        if s[FROZEN + slot * CARD_W] != 0:
            s[FROZEN + slot * CARD_W] = 0  # CR 15.2.4.2: stays dull this once
        elif (cards[s[CARD + slot * CARD_W], K.C_HAS_FIELD] & K.NO_ACTIVATE_IN_ACTIVE_PHASE) == 0 \
                or game.field_op_bits(s, T, slot, K.Op.NO_ACTIVATE) == 0:  # "does not activate during your Active Phase"
            s[DULL + slot * CARD_W] = 0
    s[PHASE] = K.Phase.DRAW
    n = 1 if (s[H_TURN] == 1 and tp == s[FIRST_PLAYER]) else 2  # CR 9.2.1.3
    h = s[HAND_N + tp]
    game.draw_cards(s, tp, n)
    if s[H_DONE] != 0:
        return  # CR 3.1.2
    if s[HAND_N + tp] > h:
        game.after_draw(s, T, tp, s[HAND_N + tp] - h)  # "When you draw a card" (Trigger.DRAW)
    s[PHASE] = K.Phase.MAIN1
    s[STEP] = K.AttackStep.NONE
    game.trigger_field(s, T, tp, K.Trigger.BEGIN_MAIN1, -1)  # CR 9.3.1.3
    give_priority(game, s, tp)
    s[FLOW] = FL_PRIORITY


@internal
def step_end(game, s, T):
    """Both players passed with an empty stack (CR 11.1.7): the phase or step ends."""
    tp = s[TURN_PLAYER]
    phase = s[PHASE]
    s[PASSES] = 0
    if phase == K.Phase.MAIN1:
        s[PHASE] = K.Phase.ATTACK
        s[STEP] = K.AttackStep.PREPARATION
        game.trigger_field(s, T, tp, K.Trigger.BEGIN_ATTACK_PHASE, -1)  # CR 10.1.1.1
        s[PRIORITY_PLAYER] = tp
        s[FLOW] = FL_PRIORITY
    elif phase == K.Phase.ATTACK:
        step = s[STEP]
        if step == K.AttackStep.PREPARATION:
            s[FLOW] = FL_DECLARE
        elif step == K.AttackStep.DECLARATION:
            # CR 10.1.2.7: only a declaration of no Forward skips the block and damage stages (the
            # engine's "no attack" ends the Attack Phase at once, CR 10.1.4.6). Attackers that left
            # the field since do not: the block declaration (CR 10.1.3.1) and the priority windows
            # of CR 10.1.3.6 and 10.1.4.4 still come; the damage stage finds no attacking Forward
            # and deals nothing (damage_step)
            s[FLOW] = FL_BLOCK
        elif step == K.AttackStep.BLOCK:
            s[FLOW] = FL_DAMAGE_STEP
        else:
            s[ATK_N] = 0  # CR 10.1.4.5: the party disbands
            s[BLOCKER] = -1
            s[BLOCK_DECLARED] = 0
            s[FLOW] = FL_DECLARE
    elif phase == K.Phase.MAIN2:
        s[PHASE] = K.Phase.END
        s[STEP] = K.AttackStep.NONE
        game.trigger_field(s, T, tp, K.Trigger.BEGIN_END_PHASE, -1)  # CR 9.5.1.1
        # "At the end of each of your opponent's turns" (the non-turn player's cards; with the turn player's, CR 9.5.1.1)
        game.trigger_field(s, T, 1 - tp, K.Trigger.OPP_BEGIN_END_PHASE, -1)
        s[PRIORITY_PLAYER] = tp
        s[FLOW] = FL_PRIORITY
    elif phase == K.Phase.END:
        s[FLOW] = FL_END_HAND_LIMIT


@internal
def end_cleanup(game, s, T):
    """CR 9.5.1.3: damage and "until the end of the turn" effects end, then the next turn."""
    # only cards on the field carry damage or end-of-turn changes: effects apply them to field
    # cards only, and a card leaving the field forgets them (state.MODS). So visit the field,
    # not all 120 slots (a vector env's rows are cold in cache: each slot is a cache line)
    mod_end_in_zone(s, MT, ZT, K.Zone.FIELD, K.Duration.END_OF_TURN)
    ft = flag_table(T)
    if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_LONG_RESTRICT) != 0:
        # restrictions "until the end of your opponent's turn" (constants.OPP_TURN_DURATION) end with a turn of that
        # opponent's: the turn player's marks
        keep = ~(15 << (K.LONG_RST_SHIFT + 4 * s[TURN_PLAYER]))
        for p in range(2):
            for i in range(s[FIELD_N + p]):
                w = s[FIELD_L + p * K.FIELD_SLOTS + i] * CARD_W
                if s[RST_PERM + w] >= K.LONG_RST_FIRST:
                    s[RST_PERM + w] &= keep
    s[DERIVED_CLEAN] = 0  # the modifiers changed (state.DERIVED_CLEAN)
    if game.rule_processes(s, T):
        return
    # CR 9.5.1.4: triggered abilities would get priority here; none of the vocabulary triggers on
    # clean-up, so the next turn starts (CR 9.5.1.5)
    s[H_TURN] += 1
    s[TURN_PLAYER] = 1 - s[TURN_PLAYER]
    s[FLOW] = FL_BEGIN_TURN


@njit(cache=True)
def advance(game, s, T):
    """Run until a decision is pending or the game is over."""
    guard = 0
    fresh = False  # derived values recomputed since the last change (saves a refresh per decision)
    while s[H_DONE] == 0 and s[H_DECISION] == K.Decision.NONE:
        fresh = False
        guard += 1
        if guard > 100000:
            s[H_ERROR] = K.EngineError.RUNAWAY
            end_game(s, WINNER_DRAW)
            return
        if s[FRAME_N] > 0:
            if game.run_top_frame(s, T):
                game.finish_frame(s, T)
            continue
        flow = s[FLOW]
        if flow == FL_PRIORITY:
            game.priority_point(s, T)
            fresh = True  # rule processes refreshed; placing triggers / passing changes nothing derived
        elif flow == FL_STEP_END:
            game.step_end(s, T)
        elif flow == FL_RESOLVE:
            game.resolve_top(s, T)
        elif flow == FL_AFTER_RESOLVE:
            give_priority(game, s, s[TURN_PLAYER])  # CR 11.1.5
            s[FLOW] = FL_PRIORITY
        elif flow == FL_PAY:
            if game.payment_complete(s):
                game.finish_payment(s, T)
            elif s[PAY_SAMENAME] != 0 or s[PAY_DISCARD_LEFT] > 0:
                set_decision(s, K.Decision.PAY_DISCARD, s[PAY_PLAYER])
            else:
                set_decision(s, K.Decision.PAY_CP, s[PAY_PLAYER])
        elif flow == FL_BEGIN_TURN:
            game.start_turn(s, T)
        elif flow == FL_DECLARE:
            game.offer_declaration(s)
        elif flow == FL_BLOCK:
            game.offer_block(s)
        elif flow == FL_DAMAGE_STEP:
            game.damage_step(s, T)
        elif flow == FL_DAMAGE_DEAL:
            game.damage_deal(s, T)
        elif flow == FL_DAMAGE_DONE:
            give_priority(game, s, s[TURN_PLAYER])  # CR 10.1.4.4
            s[FLOW] = FL_PRIORITY
        elif flow == FL_END_HAND_LIMIT:
            tp = s[TURN_PLAYER]
            if s[HAND_N + tp] > HAND_LIMIT:
                s[DEC_ARG] = K.DiscardFor.HAND_LIMIT
                set_decision(s, K.Decision.DISCARD, tp)  # CR 9.5.1.2
            else:
                s[FLOW] = FL_END_CLEANUP
        elif flow == FL_END_CLEANUP:
            game.end_cleanup(s, T)
        elif flow == FL_START:
            fp = s[FIRST_PLAYER]
            game.draw_cards(s, fp, K.OPENING_HAND)  # CR 8.2.1.3
            game.draw_cards(s, 1 - fp, K.OPENING_HAND)
            s[MULLIGAN_STAGE] = 0
            s[FLOW] = FL_MULLIGAN
        elif flow == FL_MULLIGAN:
            stage = s[MULLIGAN_STAGE]
            if stage >= 2:
                s[H_TURN] = 1
                s[TURN_PLAYER] = s[FIRST_PLAYER]
                s[FLOW] = FL_BEGIN_TURN
            else:
                p = s[FIRST_PLAYER] if stage == 0 else 1 - s[FIRST_PLAYER]
                set_decision(s, K.Decision.MULLIGAN, p)  # CR 8.2.1.4: first player first
        else:
            s[H_ERROR] = K.EngineError.UNKNOWN_FLOW
            end_game(s, WINNER_DRAW)
            return
    if not fresh:
        game.refresh_derived(s, T)
