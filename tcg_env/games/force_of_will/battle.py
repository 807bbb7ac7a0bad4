"""Force of Will rules kernels: battle (CR 800s) and the battle keywords (CR 1100s).

The steps, each with a priority sequence of the turn player's (turn.py moves between them):
beginning of battle (802), declare attack (803: attacker, then the attacked object, one decision
each), declare block (804), first strike battle resolution (805), normal battle resolution (806),
end of battle (807). Keywords: [Pierce] (1102), [Precision] (1103), [First Strike] (1104),
[Explode] (1105), [Flying] (1106), [Swiftness] (1107, zones.controls_since_turn_start), [Drain]
(1135) and [Bane] (1138) (effects.deal_damage_to_card), [Bloodlust] (1123, 712.2).
"""

from tcg_env.engine.decisions import set_decision
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.zones import zone_offsets
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import CardType, Decision, Step, Zone
from tcg_env.games.force_of_will.effects import deal_damage_to_card, deal_damage_to_player
from tcg_env.games.force_of_will.priority import start_priority
from tcg_env.games.force_of_will.state import (
    ATK_EOB, ATTACKED, ATTACKER, BLOCKER, CARD_W, CONTROLLER, DAMAGE, DEF_EOB, FIRST_STRUCK, KW_EOB,
    OPP_ACTED, RESTED, STEP, TURN_PLAYER, ZONE, ZT
)
from tcg_env.games.force_of_will.zones import (
    atk_of, card_type, clear_in_field, continuous_in_field, controls_since_turn_start, def_of, destroy, has_atk_def,
    has_keyword, is_j_resonator, keywords_now, restrictions_of, trigger_own, trigger_standby
)


# =============================================================================================
# Who may attack, be attacked, block
# =============================================================================================
@internal
def can_attack(s, T, p, slot):
    """CR 803.3a / 712.2a-d: a recovered J/resonator with ATK and DEF that ``p`` has controlled
    since the turn began ([Swiftness]: or not), not prohibited from attacking; the opponent player
    is always a legal attacked object (803.3b)."""
    w = slot * CARD_W
    if s[ZONE + w] != Zone.FIELD or s[CONTROLLER + w] != p or s[RESTED + w] != 0:
        return False
    if not is_j_resonator(s, T, slot) or not has_atk_def(s, T, slot):
        return False
    if (restrictions_of(s, T, slot) & K.RESTRICT_CANT_ATTACK) != 0:
        return False
    return controls_since_turn_start(s, T, slot)


@internal
def must_attack_exists(s, T, p):
    """CR 712.2 / 1123.2: ``p`` controls a [Bloodlust] J/resonator that can attack legally."""
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
    cont = continuous_in_field(s, T)  # once, not a scan of the fields per card (zones.keywords_now)
    for i in range(s[n_off]):
        slot = s[l_off + i]
        if (keywords_now(s, T, slot, cont) & K.KW_BLOODLUST) != 0 and can_attack(s, T, p, slot):
            return True
    return False


@internal
def attackable(s, T, attacker, slot):
    """CR 803.3b: a rested J/resonator with ATK and DEF of the opponent; [Precision] (CR 1103.2):
    a recovered one too."""
    w = slot * CARD_W
    p = s[CONTROLLER + attacker * CARD_W]
    if s[ZONE + w] != Zone.FIELD or s[CONTROLLER + w] == p:
        return False
    if not is_j_resonator(s, T, slot) or not has_atk_def(s, T, slot):
        return False
    return s[RESTED + w] != 0 or has_keyword(s, T, attacker, K.KW_PRECISION)


@internal
def can_block(s, T, p, slot):
    """CR 804.3 / 804.4: a recovered J/resonator with ATK and DEF of ``p`` other than the attacked
    object, not prohibited from blocking; [Flying] attackers only by [Flying] (CR 1106.2)."""
    w = slot * CARD_W
    if s[ZONE + w] != Zone.FIELD or s[CONTROLLER + w] != p or s[RESTED + w] != 0:
        return False
    if slot == s[ATTACKED] or not is_j_resonator(s, T, slot) or not has_atk_def(s, T, slot):
        return False
    if (restrictions_of(s, T, slot) & K.RESTRICT_CANT_BLOCK) != 0:
        return False
    if has_keyword(s, T, s[ATTACKER], K.KW_FLYING) and not has_keyword(s, T, slot, K.KW_FLYING):
        return False
    return True


@internal
def still_in_battle(s, T, slot, p):
    """CR 803.5a / 804.4a: a J/resonator stops being in battle once it leaves the field or changes
    controller."""
    if slot < 0:
        return False
    w = slot * CARD_W
    return s[ZONE + w] == Zone.FIELD and s[CONTROLLER + w] == p and is_j_resonator(s, T, slot)


# =============================================================================================
# The steps
# =============================================================================================
@internal
def begin_battle(s):
    """CR 801.1 / 802: the beginning of battle step; its priority sequence."""
    s[ATTACKER] = -1
    s[ATTACKED] = -1
    s[BLOCKER] = -1
    s[FIRST_STRUCK] = 0
    s[OPP_ACTED] = 0
    s[STEP] = Step.BATTLE_BEGIN
    start_priority(s, s[TURN_PLAYER])


@internal
def offer_attack(s):
    """CR 803.3: the turn player attacks (ATTACKER decision) or forfeits."""
    set_decision(s, Decision.ATTACKER, s[TURN_PLAYER])


@internal
def choose_attacker(s, slot):
    s[ATTACKER] = slot
    set_decision(s, Decision.ATTACKED, s[TURN_PLAYER])


@internal
def attack_declared(s, T, attacked):
    """CR 803.5: the attacker rests and attacks ``attacked`` (a slot, -1 the opponent); 803.7."""
    a = s[ATTACKER]
    s[ATTACKED] = attacked
    s[RESTED + a * CARD_W] = 1
    trigger_own(s, T, a, K.Trigger.ATTACKS, attacked)
    trigger_standby(s, T, K.Trigger.OPPONENT_ATTACKS, a)
    s[STEP] = Step.ATTACK_DECLARED
    start_priority(s, s[TURN_PLAYER])


@internal
def offer_block(s, T):
    """CR 804.3: with an attacking J/resonator, the non-turn player blocks or forfeits."""
    tp = s[TURN_PLAYER]
    if not still_in_battle(s, T, s[ATTACKER], tp):
        s[ATTACKER] = -1
        return False
    set_decision(s, Decision.BLOCK, 1 - tp)
    return True


@internal
def block_declared(s, T, blocker):
    """CR 804.4: the blocker rests; 804.6."""
    if blocker >= 0:
        s[BLOCKER] = blocker
        s[RESTED + blocker * CARD_W] = 1
        trigger_own(s, T, blocker, K.Trigger.BLOCKS, s[ATTACKER])
    s[STEP] = Step.BLOCK_DECLARED
    start_priority(s, s[TURN_PLAYER])


@internal
def explode(s, T, src, target):
    """CR 1105.2: a resonator with [Explode] that dealt battle damage to a resonator destroys both
    (simplified: at once, not as an automatic ability on the chase); not J-rulers (1105.3)."""
    if not has_keyword(s, T, src, K.KW_EXPLODE):
        return
    if card_type(s, T, src) != CardType.RESONATOR or card_type(s, T, target) != CardType.RESONATOR:
        return
    destroy(s, T, target)
    destroy(s, T, src)


@internal
def strike(s, T, src, amount, blocker, attacked, defender_p):
    """The attacker's battle damage (CR 805.2a / 806.2a): to the blocker, with [Pierce] the excess
    over its capacity to the attacked object (CR 1102.2; simplified: exactly the capacity is
    assigned to the blocker); without a blocker to the attacked object."""
    if amount <= 0:
        return
    if blocker >= 0:
        to_blocker = amount
        if has_keyword(s, T, src, K.KW_PIERCE):
            cap = max(def_of(s, T, blocker) - s[DAMAGE + blocker * CARD_W], 0)
            to_blocker = min(amount, cap)
        if deal_damage_to_card(s, T, src, blocker, to_blocker) > 0:
            explode(s, T, src, blocker)
        rest = amount - to_blocker
        if rest > 0:
            if attacked < 0:
                deal_damage_to_player(s, T, src, defender_p, rest)
            elif still_in_battle(s, T, attacked, defender_p):
                if deal_damage_to_card(s, T, src, attacked, rest) > 0:
                    explode(s, T, src, attacked)
        return
    if attacked < 0:
        deal_damage_to_player(s, T, src, defender_p, amount)
    elif still_in_battle(s, T, attacked, defender_p):
        if deal_damage_to_card(s, T, src, attacked, amount) > 0:
            explode(s, T, src, attacked)


@internal
def battle_damage(s, T, first_strike):
    """CR 805.2 (``first_strike``) / 806.2: battle damage. Returns False when there is no attacking
    J/resonator (805.1 / 806.1: straight to the end of battle)."""
    tp = s[TURN_PLAYER]
    a = s[ATTACKER]
    if not still_in_battle(s, T, a, tp):
        s[ATTACKER] = -1
        return False
    had_blocker = s[BLOCKER] >= 0
    if not still_in_battle(s, T, s[BLOCKER], 1 - tp):
        s[BLOCKER] = -1
    attacked = s[ATTACKED]
    if attacked >= 0 and not still_in_battle(s, T, attacked, 1 - tp):
        attacked = -2  # the attacked J/resonator is gone: nothing to strike
    blocker = s[BLOCKER]
    if first_strike:
        if has_keyword(s, T, a, K.KW_FIRST_STRIKE):
            s[FIRST_STRUCK] = 1
            if attacked != -2 or blocker >= 0:
                strike(s, T, a, atk_of(s, T, a), blocker, attacked, 1 - tp)
        return True
    # CR 806.2b: the blocker, or the attacked J/resonator, strikes back, at the same time
    other = blocker if blocker >= 0 else attacked
    if had_blocker and blocker < 0 and s[FIRST_STRUCK] != 0:
        other = -1  # CR 804.5b: the blocker left after the attacker dealt its damage: no battle
    back = atk_of(s, T, other) if other >= 0 else 0
    if s[FIRST_STRUCK] == 0 and (attacked != -2 or blocker >= 0):
        strike(s, T, a, atk_of(s, T, a), blocker, attacked, 1 - tp)  # CR 806.2a
    if other >= 0 and back > 0:
        if deal_damage_to_card(s, T, other, a, back) > 0:
            explode(s, T, other, a)
    return True


@internal
def end_battle_effects(s):
    """CR 807.3a: the effects until the end of battle end."""
    clear_in_field(s, (ATK_EOB, DEF_EOB, KW_EOB))


@internal
def battle_over(s):
    """CR 807.4: no attacking or blocking J/resonator any more."""
    s[ATTACKER] = -1
    s[ATTACKED] = -1
    s[BLOCKER] = -1
    s[FIRST_STRUCK] = 0
