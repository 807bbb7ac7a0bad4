"""The game's flow (5, 6, 7 steps, 4-5 checkpoints), moving cards (3-1, 10-18, 11-3), drawing
(4-9), damage (4-10), a card's power and keywords now (8-8), and rule processing (9)."""

from enum import IntEnum

from tcg_env.engine.decisions import end_game, set_decision
from tcg_env.engine.header import H_DECISION, H_DONE, H_TURN, WINNER_DRAW
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import ability_table, card_table
from tcg_env.engine.triggers import NONE_PENDING, play_pending_abilities
from tcg_env.engine.zones import zone_count, zone_move, zone_offsets, zone_take
from tcg_env.games.dbscg.constants import (
    A_BOND, A_COND, A_COND2, A_COND2_ARG, A_COND_ARG, A_KEYWORDS, A_KIND, A_POWER, A_SPARKING, C_ABIL_COUNT, C_ABIL_START, C_COLOURS,
    C_KEYWORDS, C_NAME, C_POWER, C_TOKEN, C_TRAITS, C_TYPE, AbilityKind, CardType, Condition, Decision, Duration, Keyword, Mod, Trigger,
    Zone,
)
from tcg_env.games.dbscg.state import (
    ATTACKED, ATTACKER, ATTACKS, CARD, CARD_W, CHARGED, FIRST_PLAYER, FLAG_OVER_REALM, FLAGS, FRAME_N, GUARD, MT, OWNER, PHASE, POWER_EOB,
    POWER_EOT, POWER_STAY, REALMS, RESTED, STEP, TT, TURN_PLAYER, UNDER, USED, WINDOW, ZONE, ZT, Phase,
)
from tcg_env.rules.modifiers import mod_end_turn_all, mod_total, mod_zone_change
from tcg_env.rules.triggers import trigger_abilities


class Step(IntEnum):
    """Where the turn goes on once nothing is pending (the PHASE word says which phase shows)."""

    CHARGE = 1  # 6-2-2 .. 6-2-3
    CHARGE_ENERGY = 2  # 6-2-5
    MAIN_START = 3  # 6-3-1-1
    MAIN = 4  # 6-3-1-2: free timing
    BLOCK = 5  # 7-1-3: [Blocker]
    BATTLE_CHECK = 6  # 7-1-4
    OFFENCE = 7  # 7-2
    DEFENCE = 8  # 7-3
    DAMAGE = 9  # 7-4-1-2 .. 7-4-1-4
    BATTLE_END = 10  # 7-4-1-6 .. 7-4-1-8, 7-1-4-1
    BATTLE_DONE = 11  # 7-4-1-9 .. 7-4-1-10
    END_PHASE = 12  # 6-4-1-1
    END_TURN = 13  # 6-4-1-2 .. 6-4-1-3


# ---- moving cards -----------------------------------------------------------------------------------
@internal
def keeps_modifiers(old_zone, new_zone):
    """3-1-4 / 3-1-5: between the Battle and Combo Areas a card stays the same card."""
    return (old_zone == Zone.BATTLE and new_zone == Zone.COMBO) or (old_zone == Zone.COMBO and new_zone == Zone.BATTLE)


@internal
def move_card(game, s, T, slot, zone):
    """Move a card (3-1-4, 3-1-5: a new card in its new area; 3-1-7: its owner's area). Cards under
    it go to the Drop Area (11-3-5); a token leaving the Battle / Combo Area stops existing (10-18-7)."""
    w = slot * CARD_W
    old = s[ZONE + w]
    if old == Zone.BATTLE or old == Zone.COMBO or old == Zone.LEADER:
        if not keeps_modifiers(old, zone):
            game.drop_under(s, slot)
    if card_table(T)[s[CARD + w], C_TOKEN] != 0 and zone != Zone.BATTLE and zone != Zone.COMBO:
        zone_take(s, ZT, slot)
        mod_zone_change(game, s, MT, slot, old, Zone.NONE)
        s[ZONE + w] = Zone.NONE
        s[CARD + w] = -1
        return
    zone_move(s, ZT, slot, zone)
    mod_zone_change(game, s, MT, slot, old, zone)
    if zone == Zone.ENERGY and exhausts(s, T, slot):
        s[RESTED + w] = 1


@internal
def exhausts(s, T, slot):
    """[Energy-Exhaust] (not in rules 1.073; its reminder text): "If this card is placed in an Energy Area
    from any area, it must be placed there in Rest Mode" (a printed keyword)."""
    return (card_table(T)[s[CARD + slot * CARD_W], C_KEYWORDS] >> Keyword.ENERGY_EXHAUST) & 1 != 0


@internal
def drop_under(game, s, slot):
    """11-3-5: the cards under ``slot`` to their owners' Drop Areas."""
    for p in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.UNDER, p)
        i = 0
        while i < s[n_off]:
            u = s[l_off + i]
            if s[UNDER + u * CARD_W] == slot:
                s[UNDER + u * CARD_W] = -1
                zone_move(s, ZT, u, Zone.DROP)
            else:
                i += 1


@internal
def put_under(game, s, base, top):
    """10-5-4, 10-13-4: ``base`` goes under ``top``, which takes its position and the continuous
    effects on its power (9-4-2); what was under ``base`` stays under the stack, at the bottom (11-3-4)."""
    bw, tw = base * CARD_W, top * CARD_W
    s[RESTED + tw] = s[RESTED + bw]
    s[POWER_EOT + tw] += s[POWER_EOT + bw]
    s[POWER_EOB + tw] += s[POWER_EOB + bw]
    s[POWER_STAY + tw] += s[POWER_STAY + bw]
    for p in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.UNDER, p)
        for i in range(s[n_off]):
            if s[UNDER + s[l_off + i] * CARD_W] == base:
                s[UNDER + s[l_off + i] * CARD_W] = top
    old = s[ZONE + bw]
    zone_move(s, ZT, base, Zone.UNDER)
    mod_zone_change(game, s, MT, base, old, Zone.UNDER)
    s[UNDER + bw] = top
    if s[ATTACKER] == base:  # 7-1-4: the card played on top is the new attack / guard card
        s[ATTACKER] = top
    if s[GUARD] == base:
        s[GUARD] = top


@internal
def draw(game, s, p, n):
    """4-9: the top card of the deck to the hand, ``n`` times (an empty deck: nothing; the player
    loses at the next rule processing, 1-2-2-2)."""
    for _ in range(n):
        n_off, l_off = zone_offsets(ZT, Zone.DECK, p)
        if s[n_off] == 0:
            return
        slot = s[l_off + s[n_off] - 1]
        zone_move(s, ZT, slot, Zone.HAND)
        mod_zone_change(game, s, MT, slot, Zone.DECK, Zone.HAND)


@internal
def hand_to_drop(game, s, slot):
    """A hand card to the Drop Area (a discard: no token, nothing under it)."""
    zone_move(s, ZT, slot, Zone.DROP)
    mod_zone_change(game, s, MT, slot, Zone.HAND, Zone.DROP)


@internal
def top_to(game, s, T, p, n, zone, rested):
    """The top ``n`` cards of ``p``'s deck to ``zone`` (3-2-3: one by one)."""
    for _ in range(n):
        n_off, l_off = zone_offsets(ZT, Zone.DECK, p)
        if s[n_off] == 0:
            return
        slot = s[l_off + s[n_off] - 1]
        game.move_card(s, T, slot, zone)
        s[RESTED + slot * CARD_W] = 1 if zone == Zone.ENERGY and exhausts(s, T, slot) else rested


@internal
def take_damage(game, s, T, p, n, critical):
    """4-10-2: ``p`` takes ``n`` damage, one at a time: a Life card to the hand (to the Drop Area
    with [Critical], 10-6). 3-9-2 lets the player choose the card; no one can see them, so the
    engine takes the top one (the rules coverage table)."""
    for _ in range(n):
        n_off, l_off = zone_offsets(ZT, Zone.LIFE, p)
        if s[n_off] == 0:
            return
        game.move_card(s, T, s[l_off + s[n_off] - 1], Zone.DROP if critical else Zone.HAND)


# ---- a card's information now (8-8) ---------------------------------------------------------------------
@internal
def skill_live(game, s, T, arow, p, slot):
    """A skill's [Bond] (10-23), [Sparking] (10-29) and condition hold for its master ``p``."""
    abil = ability_table(T)
    if abil[arow, A_BOND] > 0 and zone_count(s, ZT, Zone.BATTLE, p) < abil[arow, A_BOND]:
        return False
    if abil[arow, A_SPARKING] > 0 and zone_count(s, ZT, Zone.DROP, p) < abil[arow, A_SPARKING]:
        return False
    return (game.base_condition(s, T, abil[arow, A_COND], abil[arow, A_COND_ARG], p, slot)
            and game.base_condition(s, T, abil[arow, A_COND2], abil[arow, A_COND2_ARG], p, slot))


@internal
def permanent_bonus(game, s, T, slot, want_keywords):
    """The power (or keyword bits) the card's own [Permanent] skills give it now (8-1-4); only in
    the Leader and Battle Areas (2-12-2)."""
    z = s[ZONE + slot * CARD_W]
    if z != Zone.BATTLE and z != Zone.LEADER and z != Zone.COMBO:
        return 0
    c = card_table(T)[s[CARD + slot * CARD_W]]
    abil = ability_table(T)
    total = 0
    for a in range(c[C_ABIL_START], c[C_ABIL_START] + c[C_ABIL_COUNT]):
        if abil[a, A_KIND] == AbilityKind.PERMANENT and game.skill_live(s, T, a, s[OWNER + slot * CARD_W], slot):
            if want_keywords:
                total |= abil[a, A_KEYWORDS]
            else:
                total += abil[a, A_POWER]
    return total


@internal
def base_power(s, T, slot):
    """Printed power (2-8) and the modifiers of effects, without the card's [Permanent] skills."""
    return card_table(T)[s[CARD + slot * CARD_W], C_POWER] + mod_total(s, MT, slot, Mod.POWER)


@internal
def power_of(game, s, T, slot):
    """2-8, 8-8-1: printed power, then continuous effects (its [Permanent] skills, modifiers)."""
    return base_power(s, T, slot) + game.permanent_bonus(s, T, slot, False)


@internal
def keywords_of(game, s, T, slot):
    cid = s[CARD + slot * CARD_W]
    return (card_table(T)[cid, C_KEYWORDS] | mod_total(s, MT, slot, Mod.KEYWORDS)
            | game.permanent_bonus(s, T, slot, True))


@internal
def has_keyword(game, s, T, slot, kw):
    return (game.keywords_of(s, T, slot) >> kw) & 1 != 0


@internal
def condition_holds(game, s, T, cond, arg, controller, source):
    """A condition (constants.Condition) for ``controller``, the power with every continuous effect
    (the IF opcode, the [Auto] scans)."""
    if cond == Condition.POWER_AT_LEAST:
        return source >= 0 and game.power_of(s, T, source) >= arg
    return game.base_condition(s, T, cond, arg, controller, source)


@internal
def base_condition(game, s, T, cond, arg, controller, source):
    """A skill's condition for its master ``controller``; "this card's power is X or more" reads the
    power before [Permanent] skills (a skill's own condition cannot depend on the skills it gates:
    the rules coverage table)."""
    if cond == Condition.NONE:
        return True
    if cond == Condition.LIFE_AT_MOST:
        return zone_count(s, ZT, Zone.LIFE, controller) <= arg
    if cond == Condition.OPP_LIFE_AT_MOST:
        return zone_count(s, ZT, Zone.LIFE, 1 - controller) <= arg
    if cond == Condition.MY_TURN:
        return s[TURN_PLAYER] == controller
    if cond == Condition.OPP_TURN:
        return s[TURN_PLAYER] != controller
    if cond == Condition.BATTLE_AT_LEAST:
        return zone_count(s, ZT, Zone.BATTLE, controller) >= arg
    if cond == Condition.DROP_AT_LEAST:
        return zone_count(s, ZT, Zone.DROP, controller) >= arg
    if cond == Condition.HAND_AT_MOST:
        return zone_count(s, ZT, Zone.HAND, controller) <= arg
    if cond == Condition.ENERGY_AT_LEAST:
        return zone_count(s, ZT, Zone.ENERGY, controller) >= arg
    if cond == Condition.POWER_AT_LEAST:
        return source >= 0 and base_power(s, T, source) >= arg
    if cond == Condition.ATTACKING_LEADER or cond == Condition.ATTACKING_BATTLE:
        # 7-1: the attack this card declared, against the target it named (a [Blocker] switch aside)
        t = s[ATTACKED]
        if source < 0 or s[ATTACKER] != source or t < 0:
            return False
        return (s[ZONE + t * CARD_W] == Zone.LEADER) == (cond == Condition.ATTACKING_LEADER)
    if cond == Condition.OPP_ENERGY_AT_LEAST:
        return zone_count(s, ZT, Zone.ENERGY, 1 - controller) >= arg
    if cond == Condition.MULTICOLOUR_ENERGY:
        n_off, l_off = zone_offsets(ZT, Zone.ENERGY, controller)
        for i in range(s[n_off]):
            bits = card_table(T)[s[CARD + s[l_off + i] * CARD_W], C_COLOURS]
            if bits & (bits - 1) != 0:  # two colours or more
                return True
        return False
    if cond == Condition.MORE_LIFE:
        return zone_count(s, ZT, Zone.LIFE, controller) > zone_count(s, ZT, Zone.LIFE, 1 - controller)
    if cond == Condition.LIFE_AT_LEAST:
        return zone_count(s, ZT, Zone.LIFE, controller) >= arg
    if cond == Condition.HAND_AT_LEAST:
        return zone_count(s, ZT, Zone.HAND, controller) >= arg
    if cond == Condition.LEADER_COLOUR or cond == Condition.LEADER_CHARACTER or cond == Condition.LEADER_TRAIT:
        n_off, l_off = zone_offsets(ZT, Zone.LEADER, controller)
        if s[n_off] == 0:
            return False
        c = card_table(T)[s[CARD + s[l_off] * CARD_W]]
        if cond == Condition.LEADER_CHARACTER:
            return c[C_NAME] == arg
        return c[C_COLOURS if cond == Condition.LEADER_COLOUR else C_TRAITS] & arg != 0
    return False


# ---- rule processing (9) ---------------------------------------------------------------------------
@internal
def loss_due(s):
    """9-2-3 / 9-2-4: a player has no Life cards or no deck."""
    return (zone_count(s, ZT, Zone.LIFE, 0) == 0 or zone_count(s, ZT, Zone.DECK, 0) == 0
            or zone_count(s, ZT, Zone.LIFE, 1) == 0 or zone_count(s, ZT, Zone.DECK, 1) == 0)


@internal
def interrupt_due(s):
    """9-2-1: loss judgement interrupts a resolving skill (the core stops its program)."""
    return loss_due(s)


@internal
def judge_loss(s):
    """9-2-2: every player who fulfils a loss condition loses (both: a draw, 1-2-3). True: it ended."""
    if s[H_DONE] == 0 and loss_due(s):
        lost0 = zone_count(s, ZT, Zone.LIFE, 0) == 0 or zone_count(s, ZT, Zone.DECK, 0) == 0
        lost1 = zone_count(s, ZT, Zone.LIFE, 1) == 0 or zone_count(s, ZT, Zone.DECK, 1) == 0
        end_game(s, WINNER_DRAW if lost0 and lost1 else (1 if lost0 else 0))
    return s[H_DONE] != 0


@internal
def rule_processes(game, s, T):
    """9-2: loss judgement; 9-3: Battle Cards in a Combo Area outside a battle go to the Drop Area;
    9-5: a Battle Card with power 0 or less goes to its owner's Drop Area. Repeated while anything
    happened (4-5-3-1). True: the game ended."""
    again = True
    while again:
        again = False
        if judge_loss(s):
            return True
        for p in range(2):
            if s[ATTACKER] < 0 and zone_count(s, ZT, Zone.COMBO, p) > 0:
                n_off, l_off = zone_offsets(ZT, Zone.COMBO, p)
                while s[n_off] > 0:
                    game.move_card(s, T, s[l_off], Zone.DROP)
                again = True
            n_off, l_off = zone_offsets(ZT, Zone.BATTLE, p)
            i = 0
            while i < s[n_off]:
                slot = s[l_off + i]
                if game.power_of(s, T, slot) <= 0 and card_table(T)[s[CARD + slot * CARD_W], C_TYPE] == CardType.BATTLE:
                    game.move_card(s, T, slot, Zone.DROP)
                    again = True
                else:
                    i += 1
    return False


# ---- the flow: checkpoints between the steps (4-5) --------------------------------------------------
@internal
def advance(game, s, T):
    """Run the game until a decision is pending or it ends: a skill resolving first, then the
    counter timing in progress, then the checkpoint (rule processing, the pending [Auto] skills, the
    turn player's first: 4-5-3), then the next step."""
    while s[H_DONE] == 0 and s[H_DECISION] == Decision.NONE:
        if judge_loss(s):  # 9-2-1: interruptive, even while a skill resolves
            return
        if s[FRAME_N] > 0:
            game.run_top_frame(s, T)
        elif game.rule_processes(s, T):
            return
        elif s[WINDOW] != 0:
            game.counter_point(s, T)
        elif play_pending_abilities(game, s, T) == NONE_PENDING:
            game.run_step(s, T)


@internal
def run_step(game, s, T):
    step = s[STEP]
    tp = s[TURN_PLAYER]
    if step == Step.CHARGE:
        game.charge_phase(s, T, tp)
    elif step == Step.CHARGE_ENERGY:
        s[STEP] = Step.MAIN_START
        if s[CHARGED] == 0 and zone_count(s, ZT, Zone.HAND, tp) > 0:
            set_decision(s, Decision.CHARGE, tp)  # 6-2-5
    elif step == Step.MAIN_START:
        s[PHASE] = Phase.MAIN
        s[STEP] = Step.MAIN
        game.trigger_side(s, T, tp, Trigger.START_MAIN, -1)  # 6-3-1-1
    elif step == Step.MAIN:
        set_decision(s, Decision.MAIN, tp)  # 6-3-1-2
    elif step == Step.END_PHASE:
        s[PHASE] = Phase.END
        s[STEP] = Step.END_TURN
        game.trigger_side(s, T, tp, Trigger.END_TURN, -1)  # 6-4-1-1
    elif step == Step.END_TURN:
        game.end_turn(s, T, tp)
    else:
        game.battle_step(s, T, step)


@internal
def trigger_side(game, s, T, p, trig, aux):
    """``trig`` for ``p``'s Leader and Battle Cards (8-6-2: their [Auto] skills become pending)."""
    n_off, l_off = zone_offsets(ZT, Zone.LEADER, p)
    if s[n_off] > 0:
        trigger_abilities(game, s, T, TT, s[l_off], p, trig, aux, True, 0)
    n_off, l_off = zone_offsets(ZT, Zone.BATTLE, p)
    for i in range(s[n_off]):
        trigger_abilities(game, s, T, TT, s[l_off + i], p, trig, aux, True, 0)


@internal
def begin_turn(game, s, p):
    s[TURN_PLAYER] = p
    s[H_TURN] += 1
    s[PHASE] = Phase.CHARGE
    s[STEP] = Step.CHARGE
    s[CHARGED] = 0
    s[REALMS + p] = 0


@internal
def charge_phase(game, s, T, p):
    """6-2-2: the turn player's Leader, Battle and Energy Areas to Active Mode (not the other player's:
    what attacked can be attacked, 7-1); 6-2-3: it draws, except the first player on its first turn."""
    for z in (Zone.LEADER, Zone.BATTLE, Zone.ENERGY):
        n_off, l_off = zone_offsets(ZT, z, p)
        for i in range(s[n_off]):
            s[RESTED + s[l_off + i] * CARD_W] = 0
    if not (p == s[FIRST_PLAYER] and s[H_TURN] == 1):
        game.draw(s, p, 1)
    s[STEP] = Step.CHARGE_ENERGY


@internal
def charge_energy(game, s, T, p, slot):
    """6-2-5: a hand card to the Energy Area, in Active Mode (3-8-3); PASS: none (slot -1)."""
    if slot >= 0:
        game.move_card(s, T, slot, Zone.ENERGY)
        s[CHARGED] = 1


@internal
def end_main(game, s, T):
    """6-3-1-2-4: the Main Phase ends; on to the End Phase (6-3-1-3, 6-4)."""
    s[STEP] = Step.END_PHASE


@internal
def end_turn(game, s, T, p):
    """6-4-1-2: "until the end of the turn" ends; 10-15-4: a card played with [Over Realm] this turn
    goes to the Warp; the once-per-turn skills (10-11) and attacks counted again; 6-4-1-3: the
    other player's turn."""
    n_off, l_off = zone_offsets(ZT, Zone.BATTLE, p)
    i = 0
    while i < s[n_off]:
        slot = s[l_off + i]
        if s[FLAGS + slot * CARD_W] & FLAG_OVER_REALM != 0:
            game.move_card(s, T, slot, Zone.WARP)
        else:
            i += 1
    mod_end_turn_all(s, MT, Duration.END_OF_TURN, s[H_TURN])
    for q in range(2):
        for z in (Zone.LEADER, Zone.BATTLE):
            n_off, l_off = zone_offsets(ZT, z, q)
            for k in range(s[n_off]):
                w = s[l_off + k] * CARD_W
                s[USED + w] = 0
                s[ATTACKS + w] = 0
    game.begin_turn(s, 1 - p)
