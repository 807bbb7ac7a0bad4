"""Attacking and battle (7): the attack, [Blocker] (10-4), combos in the Offence and Defence Steps
(7-2, 7-3), the Damage Step (7-4) with [Critical], [Strike], [Victory Strike], KOs and
[Indestructible], and the end of the battle with [Revenge] and [Dual Attack]."""

from tcg_env.engine.chase import open_window
from tcg_env.engine.decisions import end_game, set_decision
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import card_table
from tcg_env.engine.zones import zone_offsets
from tcg_env.games.dbscg.constants import (
    C_COMBO_COST, C_COMBO_POWER, C_KEYWORDS, C_STRIKE, C_TYPE, CardType, Decision, Duration, Keyword, Trigger, Zone,
)
from tcg_env.games.dbscg.state import (
    ATTACKED, ATTACKER, ATTACKS, BLOCKED, CARD, CARD_W, GUARD, GUARD_KO, MT, TT, NEGATED, OWNER, PHASE, RESTED, STEP, TURN_PLAYER,
    WINDOW_EVENT, ZONE, ZT, Phase, Window,
)
from tcg_env.games.dbscg.turn import Step
from tcg_env.rules.modifiers import mod_end_in_zone
from tcg_env.rules.triggers import trigger_abilities


@internal
def in_battle_position(s, slot):
    """An attack or guard card still where it fought (7-1-4: else the battle ends)."""
    return slot >= 0 and (s[ZONE + slot * CARD_W] == Zone.LEADER or s[ZONE + slot * CARD_W] == Zone.BATTLE)


@internal
def can_attack_with(game, s, T, p, slot):
    """7-1: an Active Mode Leader or Battle Card of the turn player."""
    return s[RESTED + slot * CARD_W] == 0


@internal
def can_be_attacked(game, s, T, attacker, slot):
    """7-1: the opponent's Leader, or a Battle Card in Rest Mode (not a [Field] Extra Card); an
    attacker's [Permanent] "can attack Battle Cards in Active Mode" / "cannot attack Battle Cards"."""
    if s[ZONE + slot * CARD_W] == Zone.LEADER:
        return True
    if card_table(T)[s[CARD + slot * CARD_W], C_TYPE] != CardType.BATTLE:
        return False
    if game.has_keyword(s, T, attacker, Keyword.NO_BATTLE_ATTACK):
        return False
    return s[RESTED + slot * CARD_W] != 0 or game.has_keyword(s, T, attacker, Keyword.ATTACKS_ACTIVE)


@internal
def attack(game, s, T, p, attacker, target):
    """7-1: the attack card rests and attacks; 7-1-1 its triggers ("when this card attacks", "when
    one of your cards attacks", "when this card is attacked"); 7-1-2 a counter timing for the
    non-turn player's [Counter: Attack]; then the checkpoint (7-1-3) and [Blocker]."""
    s[RESTED + attacker * CARD_W] = 1
    s[ATTACKS + attacker * CARD_W] += 1
    s[ATTACKER] = attacker
    s[GUARD] = target
    s[ATTACKED] = target
    s[NEGATED] = 0
    s[BLOCKED] = 0
    s[GUARD_KO] = 0
    s[PHASE] = Phase.OFFENCE
    s[STEP] = Step.BLOCK
    trigger_abilities(game, s, T, TT, attacker, p, Trigger.ON_ATTACK, target, True, 0)
    game.trigger_side(s, T, p, Trigger.ALLY_ATTACKS, attacker)
    trigger_abilities(game, s, T, TT, target, 1 - p, Trigger.ON_ATTACKED, attacker, True, 0)
    s[WINDOW_EVENT] = Window.ATTACK
    open_window(game, s, 1 - p)


@internal
def blocker_ok(game, s, T, slot):
    """10-4-1: an Active Mode Battle Card with [Blocker], other than the card attacked."""
    return (s[ZONE + slot * CARD_W] == Zone.BATTLE and s[RESTED + slot * CARD_W] == 0 and slot != s[GUARD]
            and game.has_keyword(s, T, slot, Keyword.BLOCKER))


@internal
def any_blocker(game, s, T, p):
    n_off, l_off = zone_offsets(ZT, Zone.BATTLE, p)
    for i in range(s[n_off]):
        if game.blocker_ok(s, T, s[l_off + i]):
            return True
    return False


@internal
def block(game, s, T, slot):
    """10-4-1: [Blocker]: the card rests and becomes the guard card (PASS: slot -1); the step is BATTLE_CHECK."""
    if slot >= 0:
        s[RESTED + slot * CARD_W] = 1
        s[GUARD] = slot
        s[BLOCKED] = 1


@internal
def can_combo(game, s, T, p, slot):
    """3-7-3-1, 7-2-1-2-1, 7-2-1-2-2: a Battle Card with a combo cost and combo power, from the hand
    or an Active Mode one of the Battle Area other than the attack / guard card, whose combo cost
    ``p`` can pay."""
    c = card_table(T)[s[CARD + slot * CARD_W]]
    if c[C_TYPE] != CardType.BATTLE or c[C_COMBO_COST] < 0 or c[C_COMBO_POWER] <= 0:
        return False
    z = s[ZONE + slot * CARD_W]
    if z == Zone.BATTLE and (s[RESTED + slot * CARD_W] != 0 or slot == s[ATTACKER] or slot == s[GUARD]):
        return False
    return game.energy_feasible(s, T, p, -1, c[C_COMBO_COST], -1, 0)


@internal
def combo(game, s, T, p, slot):
    """7-2-1-2-1-1: the combo cost paid, the card to the Combo Area ("when you combo with this card")."""
    game.energy_pay_for(s, T, p, -1, card_table(T)[s[CARD + slot * CARD_W], C_COMBO_COST], -1, 0)
    game.move_card(s, T, slot, Zone.COMBO)
    trigger_abilities(game, s, T, TT, slot, p, Trigger.ON_COMBO, -1, False, 0)


@internal
def combo_power(game, s, T, p):
    """7-4-1-2 / 7-4-1-3: the combo power of ``p``'s Combo Area."""
    n_off, l_off = zone_offsets(ZT, Zone.COMBO, p)
    total = 0
    for i in range(s[n_off]):
        total += card_table(T)[s[CARD + s[l_off + i] * CARD_W], C_COMBO_POWER]
    return total


@internal
def strike_of(game, s, T, slot, kw):
    """10-7: the damage an attack deals: 1, [Double Strike] 2, [Triple Strike] 3 (the most), for the
    card's keywords now ``kw`` (keywords_of)."""
    n = card_table(T)[s[CARD + slot * CARD_W], C_STRIKE]
    if (kw >> Keyword.TRIPLE_STRIKE) & 1:
        n = max(n, 3)
    elif (kw >> Keyword.DOUBLE_STRIKE) & 1:
        n = max(n, 2)
    return max(n, 1)


@internal
def ko(game, s, T, slot, by_opponent):
    """10-1: a Battle Card KO-ed to its owner's Drop Area ("when this card is KO-ed"); not with
    [Indestructible] against the opponent's skills or battle results (10-12). True if it was."""
    if s[ZONE + slot * CARD_W] != Zone.BATTLE:
        return False
    if by_opponent and game.has_keyword(s, T, slot, Keyword.INDESTRUCTIBLE):
        return False
    owner = s[OWNER + slot * CARD_W]
    trigger_abilities(game, s, T, TT, slot, owner, Trigger.ON_KO, -1, False, 0)  # 8-6-5-1-2: as it was there
    game.move_card(s, T, slot, Zone.DROP)
    return True


@internal
def battle_step(game, s, T, step):
    tp = s[TURN_PLAYER]
    a, g = s[ATTACKER], s[GUARD]
    if step == Step.BLOCK:
        s[STEP] = Step.BATTLE_CHECK
        if s[NEGATED] == 0 and s[BLOCKED] == 0 and in_battle_position(s, g) and game.any_blocker(s, T, 1 - tp):
            set_decision(s, Decision.BLOCKER, 1 - tp)
    elif step == Step.BATTLE_CHECK:  # 7-1-4
        if s[NEGATED] != 0 or not in_battle_position(s, a) or not in_battle_position(s, g):
            s[STEP] = Step.BATTLE_END
        else:
            s[STEP] = Step.OFFENCE
    elif step == Step.OFFENCE:  # 7-2-1-2
        s[PHASE] = Phase.OFFENCE
        set_decision(s, Decision.OFFENCE, tp)
    elif step == Step.DEFENCE:  # 7-3-1-2
        s[PHASE] = Phase.DEFENCE
        set_decision(s, Decision.DEFENCE, 1 - tp)
    elif step == Step.DAMAGE:
        game.damage_step(s, T, tp, a, g)
    elif step == Step.BATTLE_END:
        game.battle_end(s, T, tp, a, g)
    else:  # BATTLE_DONE, 7-4-1-9 / 7-4-1-10: "during that battle" ends; back to the Main Phase
        mod_end_in_zone(s, MT, ZT, Zone.BATTLE, Duration.END_OF_BATTLE)
        mod_end_in_zone(s, MT, ZT, Zone.LEADER, Duration.END_OF_BATTLE)
        s[ATTACKER] = -1
        s[GUARD] = -1
        s[ATTACKED] = -1
        s[PHASE] = Phase.MAIN
        s[STEP] = Step.MAIN


@internal
def offence_done(game, s, T):
    """7-2-1-3 / 7-3-1-3: the player does nothing more: on to the next step."""
    s[STEP] = Step.DEFENCE if s[STEP] == Step.OFFENCE else Step.DAMAGE


@internal
def damage_step(game, s, T, tp, a, g):
    """7-4-1-2 .. 7-4-1-4: combo power added, the powers compared; the attack card's power at least
    the guard's: damage to the Leader (10-7 [Strike], 10-6 [Critical], 10-20 [Victory Strike]) or the
    guard KO-ed."""
    s[PHASE] = Phase.DAMAGE
    s[STEP] = Step.BATTLE_END
    if not (in_battle_position(s, a) and in_battle_position(s, g)):
        return
    if game.power_of(s, T, a) + game.combo_power(s, T, tp) < game.power_of(s, T, g) + game.combo_power(s, T, 1 - tp):
        return
    if s[ZONE + g * CARD_W] == Zone.LEADER:
        if game.has_keyword(s, T, a, Keyword.VICTORY_STRIKE):
            end_game(s, tp)
            return
        kw = game.keywords_of(s, T, a)
        game.take_damage(s, T, 1 - tp, game.strike_of(s, T, a, kw), (kw >> Keyword.CRITICAL) & 1 != 0)
        trigger_abilities(game, s, T, TT, a, tp, Trigger.ON_DEAL_DAMAGE, g, True, 0)  # 7-4-1-4-1-2
    elif not game.has_keyword(s, T, g, Keyword.NO_BATTLE_KO) and game.ko(s, T, g, True):  # 7-4-1-4-2
        s[GUARD_KO] = 1
        trigger_abilities(game, s, T, TT, a, tp, Trigger.ON_KO_BATTLE, g, False, 0)  # 7-4-1-4-2-1


@internal
def battle_end(game, s, T, tp, a, g):
    """7-4-1-6 (7-1-4-1): the Combo Areas to the Drop Areas; 7-4-1-8 "at the end of the battle":
    [Revenge] (10-9) KOs the attacking Battle Card, [Dual Attack] (10-8) stands the attack card up
    once a turn (X-1 times)."""
    for p in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.COMBO, p)
        while s[n_off] > 0:
            game.move_card(s, T, s[l_off], Zone.DROP)
    s[STEP] = Step.BATTLE_DONE
    if a >= 0 and s[ZONE + a * CARD_W] == Zone.BATTLE and g >= 0:
        if s[ZONE + g * CARD_W] == Zone.BATTLE:
            revenge = game.has_keyword(s, T, g, Keyword.REVENGE)
        else:  # KO-ed in this battle: its information as it was in the Battle Area (8-6-5-1-2), printed
            revenge = s[GUARD_KO] != 0 and (card_table(T)[s[CARD + g * CARD_W], C_KEYWORDS] >> Keyword.REVENGE) & 1 != 0
        if revenge and not game.has_keyword(s, T, a, Keyword.NO_OPP_SKILL_KO):  # [Revenge]: the opponent's skill
            game.ko(s, T, a, True)
    if a >= 0 and in_battle_position(s, a):  # 10-8-1: after the battle, negated or not (7-1-4-4)
        if game.has_keyword(s, T, a, Keyword.DUAL_ATTACK) and s[ATTACKS + a * CARD_W] <= 1:
            s[RESTED + a * CARD_W] = 0
    game.trigger_side(s, T, tp, Trigger.END_BATTLE, a)
