"""The in-kernel agents' parts: the heuristic and the determinization."""

from tcg_env.engine.header import H_DECIDER, H_DECISION
from tcg_env.engine.jit import internal
from tcg_env.engine.tables import card_table
from tcg_env.engine.zones import deal_hidden, zone_count
from tcg_env.rules.choices import zone_card
from tcg_env.games.dbscg.constants import (
    ATTACK_BASE, C_COST, C_TYPE, FIELD_BASE, FIELD_SLOTS, HAND_BASE, HAND_SKILL_BASE, HAND_SLOTS, NUM_ACTIONS, PASS,
    SELECT_BASE, SKILL_BASE, YES, CardType, Decision, Zone,
)
from tcg_env.games.dbscg.state import ATTACKER, CARD, CARD_W, FLAG_REDRAW, FLAGS, GUARD, TURN_PLAYER, ZT


@internal
def hand_cost(s, T, p, i):
    return card_table(T)[s[CARD + zone_card(s, ZT, Zone.HAND, p, i) * CARD_W], C_COST]


@internal
def heuristic_action(game, s, T, mask, n_legal, rng_row):
    """A baseline that plays the game's plan: keep a cheap hand (put back cards costing 4 or more),
    charge the most expensive card, play the most expensive card it can (its hand keyword first),
    use its skills, attack the Leader with every card that can, Blocker and counters always, combo
    only when it turns the battle, the first candidate of a choice, yes to "you may"."""
    kind, p = s[H_DECISION], s[H_DECIDER]
    if kind == Decision.REDRAW:
        for i in range(HAND_SLOTS):
            if mask[HAND_BASE + i] != 0 and hand_cost(s, T, p, i) >= 4 and (
                    s[FLAGS + zone_card(s, ZT, Zone.HAND, p, i) * CARD_W] & FLAG_REDRAW == 0):
                return HAND_BASE + i
        return PASS
    if kind == Decision.CHARGE:
        best, best_cost = PASS, -1
        for i in range(HAND_SLOTS):
            if mask[HAND_BASE + i] != 0 and hand_cost(s, T, p, i) > best_cost:
                best, best_cost = HAND_BASE + i, hand_cost(s, T, p, i)
        return best
    if kind == Decision.OPTIONAL:
        return YES
    if kind == Decision.SELECT or kind == Decision.ORDER_AUTO:
        for a in range(SELECT_BASE, NUM_ACTIONS):
            if mask[a] != 0:
                return a
        return PASS
    if kind == Decision.MAIN:
        best, best_cost = -1, -1
        for base in (HAND_SKILL_BASE, HAND_BASE):
            for i in range(HAND_SLOTS):
                if mask[base + i] != 0 and hand_cost(s, T, p, i) + (1 if base == HAND_SKILL_BASE else 0) > best_cost:
                    best, best_cost = base + i, hand_cost(s, T, p, i) + (1 if base == HAND_SKILL_BASE else 0)
        if best >= 0:
            return best
        for a in range(SKILL_BASE, SELECT_BASE):
            if mask[a] != 0:
                return a
        for i in range(FIELD_SLOTS):
            if mask[ATTACK_BASE + i * FIELD_SLOTS] != 0:  # the Leader first
                return ATTACK_BASE + i * FIELD_SLOTS
        for a in range(ATTACK_BASE, SKILL_BASE):
            if mask[a] != 0:
                return a
        return PASS
    if kind == Decision.OFFENCE or kind == Decision.DEFENCE:
        attacker, guard = s[ATTACKER], s[GUARD]
        diff = game.power_of(s, T, attacker) + game.combo_power(s, T, s[TURN_PLAYER]) - (
            game.power_of(s, T, guard) + game.combo_power(s, T, 1 - s[TURN_PLAYER]))
        losing = diff < 0 if kind == Decision.OFFENCE else diff >= 0
        if losing and (kind == Decision.OFFENCE or zone_count(s, ZT, Zone.LIFE, p) <= 4 or
                       card_table(T)[s[CARD + guard * CARD_W], C_TYPE] == CardType.BATTLE):
            for i in range(1, FIELD_SLOTS):
                if mask[FIELD_BASE + i] != 0:
                    return FIELD_BASE + i
            for i in range(HAND_SLOTS):
                if mask[HAND_BASE + i] != 0:
                    return HAND_BASE + i
        return PASS
    for a in range(NUM_ACTIONS):  # COUNTER, BLOCKER: the first counter or Blocker
        if a != PASS and mask[a] != 0:
            return a
    return PASS


@internal
def resample_hidden(game, s, T, player, rng_row):
    """What ``player`` cannot see dealt anew by the zone table's declaration (state.ZONES): the
    opponent's hand, deck and Life as one pile, the player's own deck and Life as another."""
    deal_hidden(s, ZT, player, rng_row)


