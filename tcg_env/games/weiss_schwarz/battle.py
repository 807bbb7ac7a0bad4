"""Weiss Schwarz attack and battle (CR 7) and the damage process.

* CR 7.2 attack declaration: which attacks are legal (direct / frontal / side, 7.2.1.4; Great
  Performance 10.6), declaring one (``declare_attack``).
* CR 7.3 / 4.12 the trigger step's trigger icons (``trigger_icon_step``).
* CR 7.4 counter step: counter cards and Backup playable from hand (``hand_counter_ok``).
* CR 4.10 / 7.5 damage and damage cancel (``deal_damage``); 7.6 battle: reversing a character
  (``reverse_char``, 4.6.1.3); the end of an attack (7.5.1.4 / 7.6.1.5, ``end_attack``);
  7.7 encore step (``any_reversed``).

The order of the steps is the turn flow's (``turn.flow_step``). Comments cite the rules v2.03.
"""

from tcg_env.engine.tables import card_table
from tcg_env.engine.header import H_TURN
from tcg_env.engine.jit import internal
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.state import (
    ATK_POS,
    ATK_SLOT,
    ATK_TYPE,
    ATTACKS_DONE,
    CAND,
    CAND_N,
    CARD_W,
    USES,
    COUNTER_USED,
    DECK_N,
    DEC_ARG,
    DEF_POS,
    DEF_SLOT,
    D_KW,
    D_LEVEL,
    D_RST,
    FLOW,
    F_ATTACK_DECL,
    F_TRIGGER,
    ORIENT,
    POS,
    RES_L,
    RES_N,
    SHOT_ARMED,
    SMOD,
    STAGE,
    STEP,
    STOCK_N,
    TRIG_ICON_I,
    TRIG_SLOT,
    TURN_PLAYER,
    WR_L,
    WR_N,
    ZONE,
)
from tcg_env.engine.decisions import set_decision
from tcg_env.games.weiss_schwarz.zones import (
    cid_of,
    owner_of,
    pool_may_trigger,
    stage_slot,
)


@internal
def reverse_char(game, s, T, slot):
    if s[ZONE + slot * CARD_W] != K.Zone.STAGE or s[ORIENT + slot * CARD_W] == K.Orientation.REVERSE:
        return  # CR 1.3.3.1
    if (s[D_RST + slot * CARD_W] & K.RESTRICT_CANT_REVERSE) != 0:
        return  # "this card cannot become [REVERSE]" (CR 1.3.3.1: what cannot be done is not done)
    s[ORIENT + slot * CARD_W] = K.Orientation.REVERSE
    q = owner_of(s, slot)
    game.trigger_card(s, T, slot, q, K.Trigger.REVERSED_SELF, -1)
    for pos in range(K.N_POSITIONS):  # "when your other character becomes [REVERSE]" (filtered by it)
        sl = stage_slot(s, q, pos)
        if sl >= 0 and sl != slot:
            game.trigger_card(s, T, sl, q, K.Trigger.OTHER_REVERSED, slot)
    for pos in range(K.N_POSITIONS):
        sl = stage_slot(s, 1 - q, pos)
        if sl >= 0:
            game.trigger_card(s, T, sl, 1 - q, K.Trigger.OPP_CHAR_REVERSED, slot)


@internal
def deal_damage(game, s, T, p, amount):
    """CR 4.10 damage process to player ``p``. Returns 1 if the damage was canceled."""
    if amount <= 0:
        return 0  # CR 7.5.1.2.1
    for _ in range(amount):
        top = game.deck_top(s, p)
        if top < 0:
            break
        game.put_in_zone(s, top, K.Zone.RESOLUTION)
        if card_table(T)[cid_of(s, top), K.C_TYPE] == K.CardType.CLIMAX:
            # CR 4.10.1.2 damage cancel: every card of this process to the waiting room
            while s[RES_N + p] > 0:
                game.put_in_zone(s, s[RES_L + p * K.MAX_DECK], K.Zone.WAITING_ROOM)
            game.refresh_if_empty(s, p)
            game.battle_damage_received(s, T, p, 1, amount)
            return 1
        if s[DECK_N + p] == 0 and s[WR_N + p] > 0:
            game.refresh_if_empty(s, p)
    # CR 4.10.1.3 / 3.13.1.3.1: to the clock in the order revealed
    while s[RES_N + p] > 0:
        game.put_in_zone(s, s[RES_L + p * K.MAX_DECK], K.Zone.CLOCK)
    game.refresh_if_empty(s, p)
    game.battle_damage_received(s, T, p, 0, amount)
    return 0


@internal
def battle_damage_received(game, s, T, p, canceled, amount):
    """"During this card's battle, when the damage you received is (not) canceled": during a frontal
    attack both the attacking and the defending character are in battle (CR 7.2.1.5.1); the one of
    them that ``p`` (who received the damage) controls triggers (the damage ``amount`` its aux: "deal the same
    damage", Op.TRIGGER_DAMAGE)."""
    any_trig = K.Trigger.DAMAGE_RECEIVED_CANCELED if canceled else K.Trigger.DAMAGE_RECEIVED_NOT_CANCELED
    for pos in range(K.N_POSITIONS if pool_may_trigger(T, any_trig) else 0):
        sl = stage_slot(s, p, pos)  # "when the damage you received is (not) canceled": every damage (session 28)
        if sl >= 0:
            game.trigger_card(s, T, sl, p, any_trig, amount)
    if s[ATK_TYPE] != K.AttackType.FRONTAL:
        return
    trig = K.Trigger.BATTLE_DAMAGE_RECEIVED_CANCELED if canceled else K.Trigger.BATTLE_DAMAGE_RECEIVED_NOT_CANCELED
    for sl in (s[ATK_SLOT], s[DEF_SLOT]):
        if sl >= 0 and s[ZONE + sl * CARD_W] == K.Zone.STAGE and owner_of(s, sl) == p:
            game.trigger_card(s, T, sl, p, trig, amount)


@internal
def can_attack_from(s, T, p, pos):
    sl = stage_slot(s, p, pos)
    if sl < 0 or s[ORIENT + sl * CARD_W] != K.Orientation.STAND:
        return False
    if (s[D_RST + sl * CARD_W] & K.RESTRICT_CANT_ATTACK) != 0:
        return False
    return True


@internal
def great_performance_pos(s, p):
    """CR 10.6.2: the opponent's middle character with Great Performance, not reversed."""
    gp = s[STAGE + (1 - p) * K.N_POSITIONS + 1]
    if gp >= 0 and (s[D_KW + gp * CARD_W] & K.KW_GREAT_PERFORMANCE) != 0 and s[ORIENT + gp * CARD_W] != K.Orientation.REVERSE:
        return gp
    return -1


@internal
def attack_legal(game, s, T, p, pos, atype):
    if not game.can_attack_from(s, T, p, pos):
        return False
    if game.great_performance_pos(s, p) >= 0:
        return atype == K.AttackType.FRONTAL
    fac = game.facing_slot(s, p, pos)
    sl = stage_slot(s, p, pos)
    if fac < 0:  # CR 7.2.1.4.1; "this card cannot direct attack" (session 29)
        return atype == K.AttackType.DIRECT and (s[D_RST + sl * CARD_W] & K.RESTRICT_CANT_DIRECT) == 0
    if atype == K.AttackType.FRONTAL:
        return (s[D_RST + sl * CARD_W] & K.RESTRICT_CANT_FRONTAL) == 0
    if atype == K.AttackType.SIDE:
        return (s[D_RST + sl * CARD_W] & K.RESTRICT_CANT_SIDE) == 0
    return False


@internal
def any_attack(game, s, T, p):
    # CR 7.2.1.3.1: the starting player's first turn allows one attack sub-phase
    if s[H_TURN] == 1 and s[ATTACKS_DONE] >= 1:
        return False
    for pos in range(3):
        for t in range(1, 4):
            if game.attack_legal(s, T, p, pos, t):
                return True
    return False


@internal
def any_reversed(s, p):
    for pos in range(K.N_POSITIONS):
        sl = stage_slot(s, p, pos)
        if sl >= 0 and s[ORIENT + sl * CARD_W] == K.Orientation.REVERSE:
            return True
    return False


@internal
def end_attack(game, s, T):
    a = s[ATK_SLOT]
    if a >= 0:  # Op.TRIGGER_CHECKS lasts "during that attack"
        s[USES + a * CARD_W] &= ~(K.EXTRA_TRIG_MASK << K.EXTRA_TRIG_SHIFT)
    if a >= 0 and s[ZONE + a * CARD_W] == K.Zone.STAGE:
        game.trigger_card(s, T, a, s[TURN_PLAYER], K.Trigger.END_OF_ATTACK_SELF, -1)
    s[ATK_SLOT] = -1
    s[DEF_SLOT] = -1
    s[ATK_TYPE] = 0
    s[SHOT_ARMED] = 0
    s[STEP] = K.AttackStep.DECLARATION
    s[FLOW] = F_ATTACK_DECL


@internal
def fill_wr_candidates(s, T, p, ctype, max_level):
    """Distinct card ids of p's waiting room of type ``ctype`` (level <= max_level if >= 0)."""
    cards = card_table(T)
    n = 0
    for i in range(s[WR_N + p]):
        sl = s[WR_L + p * K.MAX_DECK + i]
        c = cid_of(s, sl)
        if cards[c, K.C_TYPE] != ctype or (max_level >= 0 and cards[c, K.C_LEVEL] > max_level):
            continue
        dup = False
        for j in range(n):
            if cid_of(s, s[CAND + j]) == c:
                dup = True
                break
        if not dup and n < K.OPTION_SLOTS:
            s[CAND + n] = sl
            n += 1
    s[CAND_N] = n
    return n


@internal
def trigger_icon_step(game, s, T):
    """CR 4.12.2: perform icon TRIG_ICON_I of the revealed card; returns 1 on a decision."""
    cards = card_table(T)
    soul = False
    asked = 0
    tp = s[TURN_PLAYER]
    tslot = s[TRIG_SLOT]
    while s[TRIG_ICON_I] < 2:
        i = s[TRIG_ICON_I]
        icon = cards[cid_of(s, tslot), K.C_TRIGGER0 + i]
        s[TRIG_ICON_I] = i + 1
        s[DEC_ARG] = icon
        a = s[ATK_SLOT]
        if icon == K.TriggerIcon.SOUL:
            if a >= 0 and s[ZONE + a * CARD_W] == K.Zone.STAGE:
                s[SMOD + a * CARD_W] += 1  # mandatory (4.12.2.2)
                soul = True
        elif icon == K.TriggerIcon.POOL or icon == K.TriggerIcon.DRAW:
            if s[DECK_N + tp] + s[WR_N + tp] > 0:
                set_decision(s, K.Decision.TRIGGER_OPTION, tp)
                asked = 1
                break
        elif icon == K.TriggerIcon.TREASURE:
            if s[ZONE + tslot * CARD_W] == K.Zone.RESOLUTION:
                game.put_in_zone(s, tslot, K.Zone.HAND)  # 4.12.2.8
            if s[DECK_N + tp] + s[WR_N + tp] > 0:
                set_decision(s, K.Decision.TRIGGER_OPTION, tp)
                asked = 1
                break
        elif icon == K.TriggerIcon.SHOT:
            s[SHOT_ARMED] = 1
        elif icon == K.TriggerIcon.RETURN:
            s[CAND_N] = 0
            for pos in range(K.N_POSITIONS):
                if stage_slot(s, 1 - tp, pos) >= 0:
                    set_decision(s, K.Decision.CHOOSE_TARGET, tp)
                    s[DEC_ARG + 1] = K.ChoiceFor.TRIGGER_ICON
                    asked = 1
                    break
            if asked:
                break
        elif icon == K.TriggerIcon.COMEBACK:
            if game.fill_wr_candidates(s, T, tp, K.CardType.CHARACTER, -1) > 0:
                s[DEC_ARG + 1] = K.ChoiceFor.TRIGGER_ICON
                set_decision(s, K.Decision.CHOOSE_TARGET, tp)
                asked = 1
                break
        elif icon == K.TriggerIcon.GATE:
            if game.fill_wr_candidates(s, T, tp, K.CardType.CLIMAX, -1) > 0:
                s[DEC_ARG + 1] = K.ChoiceFor.TRIGGER_ICON
                set_decision(s, K.Decision.CHOOSE_TARGET, tp)
                asked = 1
                break
        elif icon == K.TriggerIcon.STANDBY:
            if game.fill_wr_candidates(s, T, tp, K.CardType.CHARACTER, game.player_level(s, tp) + 1) > 0:
                s[DEC_ARG + 1] = K.ChoiceFor.TRIGGER_ICON
                set_decision(s, K.Decision.CHOOSE_TARGET, tp)
                asked = 1
                break
    if asked and soul:
        # the soul the card's first icon gave shows while its second icon asks (CR 4.12.2.2: it
        # applies at once; the values are otherwise derived at the next check timing)
        game.refresh_derived(s, T)
    return asked


@internal
def hand_counter_ok(game, s, T, p, slot):
    """CR 7.4.1.2.1 / 10.5: a hand card usable in the counter step."""
    cards = card_table(T)
    c = cid_of(s, slot)
    if cards[c, K.C_BACKUP_POWER] > 0:
        if game.play_locked(s, T, p, False):  # "... cannot play "Backup" from your hand"
            return False
        stock = cards[c, K.C_BACKUP_COST] & K.BACKUP_STOCK_MASK  # (its bit BACKUP_TO_DECK_BOTTOM: where it goes)
        return game.player_level(s, p) >= cards[c, K.C_BACKUP_LEVEL] and s[STOCK_N + p] >= stock
    if cards[c, K.C_TYPE] == K.CardType.EVENT and cards[c, K.C_COUNTER] != 0 and cards[c, K.C_EVENT_ABIL] >= 0:
        return game.card_playable_base(s, T, p, c)
    return False


@internal
def declare_attack(game, s, T, p, pos, atype):
    """CR 7.2.1.4 - 7.2.1.6."""
    sl = stage_slot(s, p, pos)
    s[ATK_SLOT] = sl
    s[ATK_POS] = pos
    s[ATK_TYPE] = atype
    s[ATTACKS_DONE] += 1
    s[COUNTER_USED] = 0
    s[DEF_SLOT] = -1
    gp = game.great_performance_pos(s, p)
    if atype == K.AttackType.DIRECT:
        s[SMOD + sl * CARD_W] += 1  # 7.2.1.4.1
    elif atype == K.AttackType.FRONTAL:
        s[DEF_SLOT] = gp if gp >= 0 else game.facing_slot(s, p, pos)  # 7.2.1.5.1 / 10.6.2
        s[DEF_POS] = s[POS + s[DEF_SLOT] * CARD_W]
    else:
        lv = s[D_LEVEL + game.facing_slot(s, p, pos) * CARD_W]
        if lv > 0 and (s[D_RST + sl * CARD_W] & K.RESTRICT_NO_SIDE_SOUL) == 0:
            s[SMOD + sl * CARD_W] -= lv  # 7.2.1.4.2 ("this card's soul does not decrease by side attacking": not)
    s[ORIENT + sl * CARD_W] = K.Orientation.REST  # 7.2.1.5.3
    game.trigger_card(s, T, sl, p, K.Trigger.ATTACKS_SELF, -1)  # 7.2.1.6
    if atype == K.AttackType.DIRECT:  # "when this card direct attacks"
        game.trigger_card(s, T, sl, p, K.Trigger.DIRECT_ATTACKS_SELF, -1)
        # "when your character direct attacks" (session 31): on every character of the attacker's stage, it included
        for q in range(K.N_POSITIONS if pool_may_trigger(T, K.Trigger.OWN_DIRECT_ATTACKS) else 0):
            o = stage_slot(s, p, q)
            if o >= 0:
                game.trigger_card(s, T, o, p, K.Trigger.OWN_DIRECT_ATTACKS, sl)
    elif atype == K.AttackType.FRONTAL:  # "when this card frontal attacks"
        game.trigger_card(s, T, sl, p, K.Trigger.FRONTAL_ATTACKS_SELF, -1)
    fc = game.facing_slot(s, p, pos)  # "when the character facing this card attacks" (CR 3.6.5: on that character)
    if fc >= 0 and pool_may_trigger(T, K.Trigger.FACING_ATTACKS):
        game.trigger_card(s, T, fc, 1 - p, K.Trigger.FACING_ATTACKS, sl)
    for q in range(K.N_POSITIONS if pool_may_trigger(T, K.Trigger.OTHER_ATTACKS) else 0):
        o = stage_slot(s, p, q)  # "when your other character attacks" (filtered by the attacker)
        if o >= 0 and o != sl:
            game.trigger_card(s, T, o, p, K.Trigger.OTHER_ATTACKS, sl)
    if s[DEF_SLOT] >= 0:
        game.trigger_card(s, T, s[DEF_SLOT], 1 - p, K.Trigger.FRONTAL_ATTACKED_SELF, sl)
        # "when your other character is frontal attacked" (on the defender)
        for q in range(K.N_POSITIONS if pool_may_trigger(T, K.Trigger.OTHER_FRONTAL_ATTACKED) else 0):
            o = stage_slot(s, 1 - p, q)
            if o >= 0 and o != s[DEF_SLOT]:
                game.trigger_card(s, T, o, 1 - p, K.Trigger.OTHER_FRONTAL_ATTACKED, s[DEF_SLOT])
    s[FLOW] = F_TRIGGER
