"""Weiss Schwarz turn structure and the game loop.

* ``advance``: runs the game by itself until a player must decide or the game ends. Every loop
  first asks a level up that is due (an interrupt, CR 9.1.2.1), then resumes the suspended action
  (``SUSPENDED``), or runs the effect program in progress, or at a check timing (no program in
  progress) the check-type rule actions (CR 9.1.2.2), then the pending automatic abilities
  (CR 8.5.1), then the turn's flow (``flow_step``, ``state.F_*``).
* ``flow_step``: setup and mulligan (CR 5.2), the phases of a turn (CR 6: stand 6.2, draw 6.3,
  clock 6.4, main 6.5, climax 6.6, attack 6.7, end 6.8 with the hand limit 6.8.1.2) and the steps of
  an attack in order (CR 7.1: declaration, trigger, counter, damage, battle, encore), with the
  CR 11.1 safety net on the number of decisions.

Comments cite the comprehensive rules v2.03 as ``CR x.y``.
"""

from tcg_env.engine.tables import card_table
from tcg_env.engine.header import H_DONE, H_ERROR, H_NUM_DECISIONS, H_TURN
from tcg_env.engine.jit import internal
from tcg_env.rules.modifiers import mod_end_turn_all
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.state import (
    ATK_POS,
    ATK_SLOT,
    ATK_TYPE,
    ATTACKS_DONE,
    CARD_W,
    USES,
    COUNTER_USED,
    CX_L,
    CX_N,
    CX_PLAYED,
    DEF_POS,
    DEF_SLOT,
    D_POWER,
    D_RST,
    D_SOUL,
    FIRST_PLAYER,
    FLOW,
    FRAME_N,
    F_ATTACK_DECL,
    F_BATTLE,
    F_CLIMAX,
    F_CLOCK,
    F_COUNTER,
    F_DAMAGE,
    F_ENCORE,
    F_END,
    F_END_ATTACK,
    F_END_CLEANUP,
    F_MAIN,
    F_MULLIGAN,
    F_TRIGGER,
    F_TRIGGER_DONE,
    F_TRIGGER_ICON,
    F_TURN_START,
    HAND_L,
    HAND_N,
    MOVE_RUN_OPEN,
    MT,
    MULLIGAN_STAGE,
    ORIENT,
    PHASE,
    POS,
    RS_CLOCK_DRAWS,
    RS_NONE,
    SHOT_ARMED,
    STEP,
    SUSPENDED,
    TRIG_ICON_I,
    TRIG_SLOT,
    LAST_TRIG,
    LAST_TRIG_ID,
    TURN_PLAYER,
    ZONE,
)
from tcg_env.engine.decisions import end_game, set_decision
from tcg_env.games.weiss_schwarz.zones import (
    K_DRAW,
    cid_of,
    pool_may_trigger,
    stage_slot,
)


@internal
def finish_clock_phase(game, s, T, p, draws):
    """CR 6.4.1.2: the draws of a clocked card (``draws`` 0 after a pass), then the main phase."""
    game.draw_cards(s, p, draws)
    s[PHASE] = K.Phase.MAIN
    s[FLOW] = F_MAIN
    game.trigger_all(s, T, K.Trigger.BEGIN_MAIN)
    game.trigger_clock_abilities(s, T, K.Trigger.BEGIN_MAIN)


@internal
def start_turn(game, s, T):
    tp = s[TURN_PLAYER]
    s[PHASE] = K.Phase.STAND
    s[STEP] = K.AttackStep.NONE
    s[ATTACKS_DONE] = 0
    s[CX_PLAYED] = 0
    s[MOVE_RUN_OPEN] = 0  # CR 11.1.1.2: a new main phase, no run of moves yet
    game.trigger_all(s, T, K.Trigger.BEGIN_TURN)
    # CR 6.2.1.2 stand all characters (but one whose [CONT] ability says it "cannot [STAND] during your stand phase":
    # its derived restriction, refreshed after the last change of the previous turn)
    for pos in range(K.N_POSITIONS):
        sl = stage_slot(s, tp, pos)
        if sl >= 0 and (s[D_RST + sl * CARD_W] & K.RESTRICT_CANT_STAND_PHASE) == 0:
            s[ORIENT + sl * CARD_W] = K.Orientation.STAND
    s[PHASE] = K.Phase.DRAW
    game.trigger_all(s, T, K.Trigger.BEGIN_DRAW)
    game.draw_cards(s, tp, 1)  # CR 6.3.1.2
    s[PHASE] = K.Phase.CLOCK
    game.trigger_all(s, T, K.Trigger.BEGIN_CLOCK)
    s[FLOW] = F_CLOCK


@internal
def end_of_turn_cleanup(s, T):
    """CR 6.8.1.4: "until end of turn" effects end; then the next turn (6.8.1.5)."""
    t = s[H_TURN]
    # every slot: a card's modifiers end wherever it is; CR 8.2.1.2: "until the end of your
    # opponent's next turn" ends at the end of that turn (one pass over the slots)
    mod_end_turn_all(s, MT, K.Duration.END_OF_TURN, t)
    s[TURN_PLAYER] = 1 - s[TURN_PLAYER]
    s[H_TURN] = t + 1
    s[ATK_SLOT] = -1
    s[DEF_SLOT] = -1
    s[SHOT_ARMED] = 0
    s[FLOW] = F_TURN_START


@internal
def flow_step(game, s, T):
    """Advance the turn by one flow state; returns 1 when a decision is pending."""
    fl = s[FLOW]
    tp = s[TURN_PLAYER]
    cards = card_table(T)
    if fl == F_MULLIGAN:
        st = s[MULLIGAN_STAGE]
        if st >= 2:
            s[FLOW] = F_TURN_START
            return 0
        p = s[FIRST_PLAYER] if st == 0 else 1 - s[FIRST_PLAYER]
        set_decision(s, K.Decision.MULLIGAN, p)
        return 1
    if fl == F_TURN_START:
        game.start_turn(s, T)
        return 0
    if fl == F_CLOCK:
        if s[HAND_N + tp] == 0:
            s[FLOW] = F_MAIN
            s[PHASE] = K.Phase.MAIN
            game.trigger_all(s, T, K.Trigger.BEGIN_MAIN)
            game.trigger_clock_abilities(s, T, K.Trigger.BEGIN_MAIN)
            return 0
        set_decision(s, K.Decision.CLOCK, tp)
        return 1
    if fl == F_MAIN:
        set_decision(s, K.Decision.MAIN, tp)
        return 1
    if fl == F_CLIMAX:
        if s[CX_PLAYED] == 0:
            for i in range(min(s[HAND_N + tp], K.HAND_SLOTS)):
                sl = s[HAND_L + tp * K.MAX_DECK + i]
                c = cid_of(s, sl)
                if cards[c, K.C_TYPE] == K.CardType.CLIMAX and (game.color_ok(s, T, tp, c)
                                                                or game.type_any_color(s, T, tp, c)):
                    set_decision(s, K.Decision.CLIMAX, tp)
                    return 1
        s[PHASE] = K.Phase.ATTACK
        s[STEP] = K.AttackStep.DECLARATION
        s[FLOW] = F_ATTACK_DECL
        game.trigger_all(s, T, K.Trigger.BEGIN_ATTACK)
        return 0
    if fl == F_ATTACK_DECL:
        if game.any_attack(s, T, tp):
            set_decision(s, K.Decision.ATTACK, tp)
            return 1
        s[STEP] = K.AttackStep.ENCORE
        s[FLOW] = F_ENCORE
        game.trigger_all(s, T, K.Trigger.BEGIN_ENCORE)
        return 0
    if fl == F_TRIGGER:
        if s[STEP] != K.AttackStep.TRIGGER and s[ATK_SLOT] >= 0 and s[ZONE + s[ATK_SLOT] * CARD_W] == K.Zone.STAGE:
            # the trigger step begins (session 34, s34c): "[CONT] During this card's attack, perform a trigger check N
            # times on the trigger step" (Op.AURA_TRIGGER_CHECKS) of the attacker (a few ability rows once an attack;
            # no pool flag: the flag words' bits are other sessions')
            game.cont_trigger_checks(s, T, s[ATK_SLOT])
        s[STEP] = K.AttackStep.TRIGGER
        top = game.move_top_of_deck(s, tp, K.Zone.RESOLUTION)  # CR 7.3.1.2 trigger check
        s[TRIG_SLOT] = top
        if top >= 0:
            s[LAST_TRIG + tp] = top
            s[LAST_TRIG_ID + tp] = cid_of(s, top)
        s[TRIG_ICON_I] = 0
        a = s[ATK_SLOT]
        if top >= 0 and cards[cid_of(s, top), K.C_TYPE] == K.CardType.CLIMAX and a >= 0 and s[ZONE + a * CARD_W] == K.Zone.STAGE:
            game.trigger_card(s, T, a, tp, K.Trigger.TRIGGER_CHECK_CLIMAX, top)
        if (top >= 0 and cards[cid_of(s, top), K.C_TYPE] == K.CardType.CLIMAX
                and pool_may_trigger(T, K.Trigger.OWN_TRIGGER_CHECK_CLIMAX)):  # fmt: skip
            for q in range(K.N_POSITIONS):  # "when your character's trigger check reveals a climax"
                o = stage_slot(s, tp, q)
                if o >= 0:
                    game.trigger_card(s, T, o, tp, K.Trigger.OWN_TRIGGER_CHECK_CLIMAX, top)
        if top >= 0 and a >= 0 and s[ZONE + a * CARD_W] == K.Zone.STAGE:  # "... reveals a <spec>" (session 28)
            game.trigger_card(s, T, a, tp, K.Trigger.TRIGGER_CHECK_CARD, top)
        if top >= 0 and pool_may_trigger(T, K.Trigger.OWN_TRIGGER_CHECK_CARD):
            for q in range(K.N_POSITIONS):
                o = stage_slot(s, tp, q)
                if o >= 0:
                    game.trigger_card(s, T, o, tp, K.Trigger.OWN_TRIGGER_CHECK_CARD, top)
        s[FLOW] = F_TRIGGER_ICON if top >= 0 else F_TRIGGER_DONE
        return 0
    if fl == F_TRIGGER_ICON:
        if game.trigger_icon_step(s, T) == 1:
            return 1
        s[FLOW] = F_TRIGGER_DONE
        return 0
    if fl == F_TRIGGER_DONE:
        t = s[TRIG_SLOT]
        if t >= 0 and s[ZONE + t * CARD_W] == K.Zone.RESOLUTION:
            game.put_in_zone(s, t, K.Zone.STOCK)  # CR 3.13.1.2
        s[TRIG_SLOT] = -1
        atk = s[ATK_SLOT]
        if t >= 0 and atk >= 0 and (s[USES + atk * CARD_W] >> K.EXTRA_TRIG_SHIFT) & K.EXTRA_TRIG_MASK != 0:
            # "perform a trigger check N times on the trigger step" (Op.TRIGGER_CHECKS): the next check
            s[USES + atk * CARD_W] -= 1 << K.EXTRA_TRIG_SHIFT
            s[FLOW] = F_TRIGGER
            return 0
        if s[ATK_TYPE] == K.AttackType.FRONTAL:
            s[STEP] = K.AttackStep.COUNTER
            s[FLOW] = F_COUNTER
            game.trigger_all(s, T, K.Trigger.BEGIN_COUNTER)
        else:
            s[STEP] = K.AttackStep.DAMAGE
            s[FLOW] = F_DAMAGE
        return 0
    if fl == F_COUNTER:
        d = 1 - tp
        if s[COUNTER_USED] == 0 and s[DEF_SLOT] >= 0 and s[ZONE + s[DEF_SLOT] * CARD_W] == K.Zone.STAGE:
            for i in range(min(s[HAND_N + d], K.HAND_SLOTS)):
                if game.hand_counter_ok(s, T, d, s[HAND_L + d * K.MAX_DECK + i]):
                    set_decision(s, K.Decision.COUNTER, d)
                    return 1
            for pos in range(K.N_POSITIONS):
                for j in range(K.ABILITIES_PER_CARD):
                    if game.ability_usable_kind(s, T, d, pos, j, K.AbilityKind.COUNTER_ACT) >= 0 and s[FRAME_N] < K.FRAME_MAX:
                        set_decision(s, K.Decision.COUNTER, d)
                        return 1
        s[STEP] = K.AttackStep.DAMAGE
        s[FLOW] = F_DAMAGE
        return 0
    if fl == F_DAMAGE:
        a = s[ATK_SLOT]
        # CR 7.5.1.2.2: an attacker that left or moved deals no damage
        if a >= 0 and s[ZONE + a * CARD_W] == K.Zone.STAGE and s[POS + a * CARD_W] == s[ATK_POS]:
            game.refresh_derived(s, T)
        # "this card cannot deal damage to a player" (RESTRICT_NO_DAMAGE): no damage of its attack
        if a >= 0 and s[ZONE + a * CARD_W] == K.Zone.STAGE and s[POS + a * CARD_W] == s[ATK_POS] \
                and (s[D_RST + a * CARD_W] & K.RESTRICT_NO_DAMAGE) == 0:
            soul = s[D_SOUL + a * CARD_W]
            canceled = game.deal_damage(s, T, 1 - tp, soul)
            if soul > 0:
                # the damage as the trigger's aux ("deal the same damage", Op.TRIGGER_DAMAGE)
                game.trigger_card(s, T, a, tp, K.Trigger.DAMAGE_CANCELED_SELF if canceled else K.Trigger.DAMAGE_NOT_CANCELED_SELF, soul)
            if s[SHOT_ARMED] != 0 and s[D_SOUL + a * CARD_W] > 0:
                s[SHOT_ARMED] = 0  # CR 4.12.2.7: only the next damage
                if canceled:
                    game.deal_damage(s, T, 1 - tp, 1)
        if s[ATK_TYPE] == K.AttackType.FRONTAL:
            s[STEP] = K.AttackStep.BATTLE
            s[FLOW] = F_BATTLE
            game.trigger_all(s, T, K.Trigger.BEGIN_BATTLE)
        else:
            s[FLOW] = F_END_ATTACK
        return 0
    if fl == F_BATTLE:
        a = s[ATK_SLOT]
        d = s[DEF_SLOT]
        ok = a >= 0 and d >= 0 and s[ZONE + a * CARD_W] == K.Zone.STAGE and s[ZONE + d * CARD_W] == K.Zone.STAGE
        ok = ok and s[POS + a * CARD_W] == s[ATK_POS] and s[POS + d * CARD_W] == s[DEF_POS]
        if ok:  # CR 7.6.1.2 / 7.6.1.3
            game.refresh_derived(s, T)
            pa = s[D_POWER + a * CARD_W]
            pd = s[D_POWER + d * CARD_W]
            if pa <= pd:
                game.reverse_char(s, T, a)
                if s[ORIENT + a * CARD_W] == K.Orientation.REVERSE:
                    game.trigger_card(s, T, d, 1 - tp, K.Trigger.BATTLE_OPP_REVERSED, a)
                    game.trigger_other_battle_opp_reversed(s, T, d, 1 - tp)
            if pd <= pa:
                game.reverse_char(s, T, d)
                if s[ORIENT + d * CARD_W] == K.Orientation.REVERSE:
                    game.trigger_card(s, T, a, tp, K.Trigger.BATTLE_OPP_REVERSED, d)
                    game.trigger_other_battle_opp_reversed(s, T, a, tp)
        s[FLOW] = F_END_ATTACK
        return 0
    if fl == F_END_ATTACK:
        game.end_attack(s, T)
        return 0
    if fl == F_ENCORE:
        # CR 7.7.1.2 / 7.7.1.3: turn player first, then the non-turn player
        for k in range(2):
            p = tp if k == 0 else 1 - tp
            if game.any_reversed(s, p):
                set_decision(s, K.Decision.ENCORE, p)
                return 1
        s[PHASE] = K.Phase.END
        s[STEP] = K.AttackStep.NONE
        s[FLOW] = F_END
        game.trigger_all(s, T, K.Trigger.BEGIN_END)
        return 0
    if fl == F_END:
        if s[HAND_N + tp] > K.HAND_LIMIT + game.player_rule(s, T, tp, K.RESTRICT_HAND_LIMIT_UP):  # CR 6.8.1.2 / 3.3.3.1
            set_decision(s, K.Decision.HAND_LIMIT, tp)
            return 1
        for p in range(2):  # CR 6.8.1.3
            while s[CX_N + p] > 0 and p == tp:
                game.put_in_zone(s, s[CX_L + p * K.MAX_DECK + s[CX_N + p] - 1], K.Zone.WAITING_ROOM)
        s[FLOW] = F_END_CLEANUP
        return 0
    if fl == F_END_CLEANUP:
        game.end_of_turn_cleanup(s, T)
        return 0
    s[H_ERROR] = K.EngineError.UNKNOWN_FLOW
    end_game(s, K_DRAW)
    return 1


@internal
def advance(game, s, T):
    """Run until a decision is pending or the game ends (CR 8.5.1 check timing, then the flow)."""
    while s[H_DONE] == 0:
        if s[H_NUM_DECISIONS] >= K.MAX_DECISIONS_PER_GAME:
            end_game(s, K_DRAW)  # CR 11.1 safety net
            return
        if game.level_up_interrupt(s) == 1:
            return
        if s[SUSPENDED] == RS_CLOCK_DRAWS:
            # CR 9.1.2.1: the suspended action goes on where it stopped (no check timing between)
            s[SUSPENDED] = RS_NONE
            game.finish_clock_phase(s, T, s[TURN_PLAYER], 2)
            continue
        if s[FRAME_N] == 0:
            # CR 9.1.2.2 / 8.5.1.1: the check-type rule actions, at a check timing only (not while an
            # effect program, suspended or waiting for a choice, is being resolved)
            ra = game.rule_actions(s, T)
            if ra == 2:
                continue
            if ra != 0:
                return
        else:
            game.refresh_derived(s, T)  # the program reads current power, soul, level (CR 8.9)
        if s[FRAME_N] > 0:
            if game.run_top_frame(s, T) == 1:
                return
            continue
        r = game.pending_step(s, T)
        if r == 1:
            return
        if r == 2:
            continue
        if game.flow_step(s, T) == 1:
            return
