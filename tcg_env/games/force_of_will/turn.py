"""Force of Will rules kernels: the turn (CR 500s), the game's start (CR 403.5-403.6) and
``advance``, which runs the game by itself until a player must decide or the game ends.

Every "the turn player gains priority and performs a priority sequence" is a Step (constants):
the sequence runs on the core's chase (priority.py) and, when it ends (CR 605.1b: two passes in a
row with an empty chase), ``step_end`` performs what the rules do next.
"""

from tcg_env.engine.decisions import end_game, set_decision
from tcg_env.engine.effects import ASKED, DONE
from tcg_env.engine.header import H_DECISION, H_DONE, H_NUM_DECISIONS, H_TURN, WINNER_DRAW
from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.triggers import pending_none
from tcg_env.engine.zones import zone_offsets
from tcg_env.rules.modifiers import mod_end_in_zone
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import Decision, Duration, Flow, Step, Zone
from tcg_env.games.force_of_will.battle import battle_over, end_battle_effects, offer_attack
from tcg_env.games.force_of_will.priority import after_resolve, run_frame
from tcg_env.games.force_of_will.replacement import shields_end_of_turn
from tcg_env.games.force_of_will.state import RESONATORS_TO_GRAVE  # session 22
from tcg_env.games.force_of_will.state import (
    CALLED, CARD_W, CONTROLLER, DEC_ARG, FIRST_PLAYER, FLOW, FRAME_N, HAND_N, JUDGED, MARK, MT, NO_MORE_BATTLE, PLAYED_CARDS,
    RESTED, RST_PERM, RWILL, RWILL_N, SHIELDS, SHIELD_N, SHIELD_W, SH_AMOUNT, SH_KIND, SH_SLOT, STEP, TURNS_TAKEN,
    TURN_PLAYER, USED_TURN, WEATHER, WILL, ZONE, ZT
)
from tcg_env.games.force_of_will.zones import draw_phase_draw
from tcg_env.engine.tables import flag_table  # session 34 (s34a): turn.recover_all
from tcg_env.games.force_of_will.characteristics import AURA_RST  # session 34 (s34a): turn.recover_all


@internal
def will_ceases(s):
    """CR 503.4 / 505.5c: all produced will ceases to exist."""
    for k in range(2 * K.N_WILL):
        s[WILL + k] = 0
    if s[RWILL_N] != 0 or s[RWILL_N + 1] != 0:  # restricted will too (state.RWILL)
        s[RWILL_N] = 0
        s[RWILL_N + 1] = 0
        for k in range(2 * K.RW_MAX * K.RW_W):
            s[RWILL + k] = 0


@internal
def begin_turn(game, s, T):
    """CR 505.6 / 403.6: a new turn; 502.1: the draw phase begins, then 502.2."""
    s[H_TURN] += 1
    tp = s[TURN_PLAYER]
    s[TURNS_TAKEN + tp] += 1
    for p in range(2):
        s[CALLED + p] = 0
        s[JUDGED + p] = 0
        s[PLAYED_CARDS + p] = 0
        s[RESONATORS_TO_GRAVE + p] = 0
    s[NO_MORE_BATTLE] = 0
    for slot in range(K.N_SLOTS):
        s[USED_TURN + slot * CARD_W] = 0
    s[STEP] = Step.DRAW_BEGIN
    if s[H_TURN] == 1:
        game.trigger_all(s, T, K.Trigger.BEGIN_GAME, -1)  # CR 502.1: "at the beginning of the game", the first turn's
    game.trigger_all(s, T, K.Trigger.BEGIN_DRAW_PHASE, -1)
    game.start_priority(s, tp)


@internal_inline  # one caller: inlined into it (engine.jit)
def recover_locked(s, slot):
    """Does a NO_RECOVER entry ("doesn't recover during the recovery phase as long as <source> is in the field",
    Op.LOCK_RECOVER) keep card ``slot`` rested: one on it whose source is in the field?"""
    for k in range(s[SHIELD_N]):
        e = SHIELDS + k * SHIELD_W
        if s[e + SH_KIND] == K.Shield.NO_RECOVER and s[e + SH_SLOT] == slot and \
                s[ZONE + s[e + SH_AMOUNT] * CARD_W] == Zone.FIELD:
            return True
    return False


@internal_inline  # one caller: inlined into it (engine.jit)
def recover_all(game, s, T, tp):
    """CR 503.5: the turn player's cards in the field and its ruler area recover (a card that must
    not recover during its next recovery phase stays rested, once). A rested J/ruler that recovers triggers "whenever a
    J/ruler you control is recovered" (session 29, Trigger.J_RULER_RECOVERED), once the cards have recovered."""
    ruler = -1
    F = flag_table(T)
    for z in (Zone.FIELD, Zone.RULER_AREA):
        n_off, l_off = zone_offsets(ZT, z, tp)
        for i in range(s[n_off]):
            w = s[l_off + i] * CARD_W
            if (s[RST_PERM + w] & K.RESTRICT_CANT_RECOVER) != 0:
                s[RST_PERM + w] &= ~K.RESTRICT_CANT_RECOVER
            elif (F[F.shape[0] - 1, K.FL_RESTRICT] & K.RESTRICT_CANT_RECOVER) != 0 and z == Zone.FIELD and \
                    (game.aura(s, T, s[l_off + i], AURA_RST)[0] & K.RESTRICT_CANT_RECOVER) != 0:
                pass  # session 34 (s34a): "<cards> doesn't recover during the recovery phase" (a continuous ability in force)
            elif s[SHIELD_N] == 0 or not recover_locked(s, s[l_off + i]):
                if s[RESTED + w] != 0 and game.is_j_ruler(s, T, s[l_off + i]):
                    ruler = s[l_off + i]
                s[RESTED + w] = 0
    if ruler >= 0:
        game.trigger_controlled(s, T, K.Trigger.J_RULER_RECOVERED, s[CONTROLLER + ruler * CARD_W])


@internal
def end_of_turn_cleanup(game, s):
    """CR 505.5a-c: damage becomes 0, until-end-of-turn effects end (the prevention and
    replacement effects of "this turn" too), will ceases."""
    mod_end_in_zone(s, MT, ZT, Zone.FIELD, Duration.END_OF_TURN)  # state.MODS
    shields_end_of_turn(game, s)
    game.will_ceases(s)
    for p in range(2):
        s[WEATHER + p] = K.Weather.NONE  # "the weather is ... until end of turn" ends (CR 1028.1a: no weather then)


@internal_inline  # one caller: inlined into it (engine.jit)
def final_step(game, s, T):
    """CR 505.5: the end phase's final step; 505.5d: discard down to the maximum hand size, one
    card at a time; 505.5e: with rule processes or triggered abilities, a priority sequence, then
    the final step again; else 505.6: the next turn."""
    tp = s[TURN_PLAYER]
    game.end_of_turn_cleanup(s)
    if s[HAND_N + tp] > K.MAX_HAND_SIZE:
        s[DEC_ARG] = 0
        set_decision(s, Decision.DISCARD, tp)
        return
    if game.rule_processes(s, T):
        return
    if not pending_none(game, s):
        s[STEP] = Step.END_FINAL
        game.start_priority(s, tp)
        return
    s[TURN_PLAYER] = 1 - tp
    game.begin_turn(s, T)


@internal_inline  # one caller: inlined into it (engine.jit)
def battle_final_step(game, s, T):
    """CR 807.3: until-end-of-battle effects end; with triggered abilities a priority sequence
    and the final step again; 807.4: the battle ends, back to the main phase's priority (504.2)."""
    end_battle_effects(game, s)
    if game.rule_processes(s, T):
        return
    if not pending_none(game, s):
        s[STEP] = Step.BATTLE_FINAL
        game.start_priority(s, s[TURN_PLAYER])
        return
    battle_over(s)
    s[STEP] = Step.MAIN
    game.start_priority(s, s[TURN_PLAYER])


@internal
def step_end(game, s, T):
    """A priority sequence ended (CR 605.1b): what the rules do next."""
    tp = s[TURN_PLAYER]
    st = s[STEP]
    if st == Step.DRAW_BEGIN:
        if s[H_TURN] > 1:  # CR 502.3: no draw on the first turn of the game
            draw_phase_draw(game, s, tp)
        s[STEP] = Step.DRAW_AFTER
        game.start_priority(s, tp)  # CR 502.4
    elif st == Step.DRAW_AFTER:
        if s[TURNS_TAKEN + tp] <= 1:  # CR 503.1: the player's first turn skips the recovery phase
            s[STEP] = Step.MAIN
            game.trigger_all(s, T, K.Trigger.BEGIN_MAIN_PHASE, -1)  # CR 504.1
        else:
            s[STEP] = Step.RECOVERY_BEGIN  # CR 503.2 / 503.3
        game.start_priority(s, tp)
    elif st == Step.RECOVERY_BEGIN:
        game.will_ceases(s)  # CR 503.4
        recover_all(game, s, T, tp)  # CR 503.5
        s[STEP] = Step.RECOVERY_END  # CR 503.6 / 503.7
        game.start_priority(s, tp)
    elif st == Step.RECOVERY_END:
        s[STEP] = Step.MAIN
        game.trigger_all(s, T, K.Trigger.BEGIN_MAIN_PHASE, -1)  # CR 504.1
        game.start_priority(s, tp)
    elif st == Step.MAIN:
        s[STEP] = Step.END_BEGIN  # CR 505.1 / 505.2
        game.start_priority(s, tp)
    elif st == Step.END_BEGIN:
        game.trigger_all(s, T, K.Trigger.END_OF_TURN, -1)  # CR 505.3
        game.delayed_end_triggers(s, T)  # CR 505.3 / 906.8: "at the next end of turn" (Op.DELAYED, session 27)
        s[STEP] = Step.END_OF_TURN
        game.start_priority(s, tp)  # CR 505.4
    elif st == Step.END_OF_TURN or st == Step.END_FINAL:
        final_step(game, s, T)
    elif st == Step.BATTLE_BEGIN:
        game.begin_attack_step(s, T)  # CR 803.1 / 803.2
    elif st == Step.ATTACK_STEP:
        offer_attack(s)  # CR 803.3
    elif st == Step.ATTACK_DECLARED:
        game.begin_block_step(s, T)  # CR 804.1 / 804.2
    elif st == Step.BLOCK_STEP:
        if not game.offer_block(s, T):
            game.to_end_of_battle(s, T)
    elif st == Step.BLOCK_DECLARED:
        game.battle_resolution(s, T, True)  # CR 805
    elif st == Step.FIRST_STRIKE:
        game.battle_resolution(s, T, False)  # CR 806
    elif st == Step.NORMAL_DAMAGE:
        game.to_end_of_battle(s, T)  # CR 807.1 / 807.2
    else:  # BATTLE_END, BATTLE_FINAL
        battle_final_step(game, s, T)


@internal_inline  # one caller: inlined into it (engine.jit)
def finish_mulligan(game, s, T):
    """CR 403.5: each player puts the chosen cards on the bottom of its main deck and draws as
    many; 403.6: the first player begins the first turn."""
    for p in range(2):
        n = 0
        i = 0
        while i < s[HAND_N + p]:
            slot = game.hand_slot(s, p, i)
            if s[MARK + slot * CARD_W] != 0:
                s[MARK + slot * CARD_W] = 0
                game.to_deck_bottom(s, slot)
                n += 1
            else:
                i += 1
        game.draw_cards(s, p, n)
    s[TURN_PLAYER] = s[FIRST_PLAYER]
    game.begin_turn(s, T)


@internal
def advance(game, s, T):
    """Run the game until a decision is pending or it is over."""
    while s[H_DONE] == 0 and s[H_DECISION] == Decision.NONE:
        if s[H_NUM_DECISIONS] >= K.MAX_DECISIONS_PER_GAME:
            end_game(s, WINNER_DRAW)  # CR 1301.1c safety net
            return
        if s[DEC_ARG + K.DEC_ASK] == K.ASK_ENTER_PENDING:
            # session 34 (s34b): a magic stone entered the field whose controller chooses as it enters (CR 910.1:
            # zones.enter_field marked it); asked before anything else happens (the program it entered in resumes after)
            game.ask_enter_unless(s, T)
            continue
        if s[FRAME_N] > 0:
            f = game.top_frame(s)
            r = run_frame(game, s, T, f)
            if r == DONE:
                game.finish_frame(s, T)
            elif r != ASKED and s[H_DONE] == 0 and s[H_DECISION] == Decision.NONE and \
                    s[DEC_ARG + K.DEC_ASK] != K.ASK_ENTER_PENDING:
                game.finish_frame(s, T)  # STOPPED without a decision: nothing more to run (a stone's choice: asked first)
            continue
        flow = s[FLOW]
        if flow == Flow.PRIORITY:
            game.priority_point(s, T)
        elif flow == Flow.RESOLVE:
            game.resolve_top(s, T)
        elif flow == Flow.AFTER_RESOLVE:
            after_resolve(game, s)
        else:
            game.step_end(s, T)
