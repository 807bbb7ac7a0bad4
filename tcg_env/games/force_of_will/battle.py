"""Force of Will rules kernels: battle (CR 800s) and the battle keywords (CR 1100s).

The steps, each with a priority sequence of the turn player's (turn.py moves between them):
beginning of battle (802), declare attack (803: attacker, then the attacked object, one decision
each), declare block (804), first strike battle resolution (805), normal battle resolution (806),
end of battle (807). The trigger conditions of a step happen as it begins (802.1 "at the
beginning of battle", 803.1, 804.1, 807.1 "at the end of battle"), those of an attack or a block
as it is declared (803.5, 804.4). Keywords: [Pierce] (1102: the PIERCE decision), [Precision]
(1103), [First Strike] (1104), [Explode] (1105), [Drain] (1135) and [Bane] (1138) (automatic
abilities: keywords.py), [Flying] (1106), [Swiftness] (1107,
characteristics.controls_since_turn_start), [Bloodlust] (1123, 712.2). Removal from battle (1029):
effects.remove_from_battle.
"""

from tcg_env.engine.decisions import set_decision
from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import card_table, flag_table
from tcg_env.engine.tables import ability_table, code_table  # session 32: battle.barred_by
from tcg_env.engine.effects import I_A0, I_A1, I_OP  # session 32
from tcg_env.engine.zones import zone_offsets
from tcg_env.rules.modifiers import mod_end_in_zone
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import (
    ATTACKED_NONE, ATTACKED_PLAYER, OPTION_BASE, PASS, Decision, Duration, Step, Zone
)
from tcg_env.games.force_of_will.state import (
    ATTACKED, ATTACKER, BLOCKED, BLOCKER, CARD, CARD_W, CONTROLLER, DAMAGE, DEC_ARG, FIRST_STRUCK, MT, NO_MORE_BATTLE,
    OPP_ACTED, RESTED, STEP, TURN_PLAYER, ZONE, ZT
)

# what a battle damage process did (battle_damage)
BATTLE_OVER = 0  # no attacking J/resonator: straight to the end of battle step (CR 805.1, 806.1)
DAMAGE_DEALT = 1  # the damage is dealt: the step's priority sequence (CR 805.3, 806.3)
ASKED = 2  # the [Pierce] attacker's controller assigns its damage first (CR 1102.2b)


# =============================================================================================
# Who may attack, be attacked, block
# =============================================================================================
@internal
def can_attack(game, s, T, p, slot):
    """CR 803.3a / 712.2a-d: a recovered J/resonator with ATK and DEF that ``p`` has controlled
    since the turn began ([Swiftness]: or not), not prohibited from attacking; the opponent player
    is always a legal attacked object (803.3b)."""
    w = slot * CARD_W
    if s[ZONE + w] != Zone.FIELD or s[CONTROLLER + w] != p or s[RESTED + w] != 0:
        return False
    return game.can_attack_now(s, T, p, slot, game.continuous_in_field(s, T))


@internal
def can_attack_now(game, s, T, p, slot, cont):
    """``can_attack`` with ``cont`` = ``characteristics.continuous_in_field(s, T)`` known: a loop
    over the field's cards (the attacker mask, ``must_attack_exists``) asks once, not a scan of the
    fields per card and per keyword or restriction read."""
    w = slot * CARD_W
    if s[ZONE + w] != Zone.FIELD or s[CONTROLLER + w] != p or s[RESTED + w] != 0:
        return False
    if not game.is_j_resonator(s, T, slot) or not game.has_atk_def(s, T, slot):
        return False
    if game.restricted_now(s, T, slot, K.RESTRICT_CANT_ATTACK, cont):
        return False
    if game.restricted_now(s, T, slot, K.RESTRICT_CANT_ATTACK_PLAYER, cont) and not attack_object_exists(game, s, T, slot):
        return False  # "this card cannot attack your opponent": only with a J/resonator to attack (CR 803.3b)
    if not game.attack_payable(s, T, p, slot):
        return False
    return game.controls_since_turn_start_now(s, T, slot, cont)


@internal
def attack_object_exists(game, s, T, attacker):
    """Some J/resonator of the opponent's that ``attacker`` could attack (CR 803.3b, ``attackable``)."""
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, 1 - s[CONTROLLER + attacker * CARD_W])
    for i in range(s[n_off]):
        if attackable(game, s, T, attacker, s[l_off + i]):
            return True
    return False


@internal
def mobilize_payable(game, s, T, p, slot):
    """CR 1129.2 / 803.5 / 804.4: a card with [Mobilize] attacks or blocks only if ``p`` can pay its cost from the
    will it has (produced at the priority before the declaration, CR 907.2); True for any other card."""
    c = card_table(T)[s[CARD + slot * CARD_W]]
    if (c[K.C_TYPE_BITS] & K.TB_MOBILIZE) == 0:
        return True
    return game.can_pay(s, p, c, K.C_MOBILIZE, c[K.C_MOBILIZE_FREE])


@internal
def attack_tax(game, s, T, slot):
    """Session 33 (s33a): the will J/resonator ``slot`` must pay to attack under "J/resonators your opponent controls
    cannot attack unless your opponent pays {N}." (Op.ATTACK_TAX of either player's continuous abilities in force, CR
    902.1, 904; its filter seen from its controller), each adding its N; 0 at once in a pool without one."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_ATTACK_TAX) == 0:
        return 0
    code = code_table(T)
    total = 0
    p = s[CONTROLLER + slot * CARD_W]
    for q in range(2):
        k, src, r, i = game.next_op_in_force(s, T, q, K.Op.ATTACK_TAX, 0, -1, -1, -1)
        while i >= 0:
            if game.filter_base(s, T, code[i, I_A1], slot, q, src):
                total += code[i, I_A0]
            k, src, r, i = game.next_op_in_force(s, T, q, K.Op.ATTACK_TAX, k, src, r, i + 1)
    if total > 0 and game.opp_payment_free(s, T, p):
        return 0  # "If an ability or effect your opponent controls would make you pay any amount of will, you pay {0} instead."
    return total


@internal
def attack_payable(game, s, T, p, slot):
    """CR 803.5 / 1129.2: ``slot`` attacks only if ``p`` can pay its [Mobilize] cost and what "cannot attack unless your
    opponent pays {N}" asks (session 33), together, from the will it has."""
    tax = game.attack_tax(s, T, slot)
    if tax == 0:
        return game.mobilize_payable(s, T, p, slot)
    c = card_table(T)[s[CARD + slot * CARD_W]]
    if (c[K.C_TYPE_BITS] & K.TB_MOBILIZE) == 0:
        return game.can_pay(s, p, c, K.C_MOBILIZE, tax)  # (no [Mobilize]: its columns are 0, the free part alone)
    return game.can_pay(s, p, c, K.C_MOBILIZE, max(c[K.C_MOBILIZE_FREE], 0) + tax)


@internal
def pay_mobilize(game, s, T, p, slot):
    """CR 1129.2: the [Mobilize] cost paid as the card attacks (CR 803.5) or blocks (804.4)."""
    c = card_table(T)[s[CARD + slot * CARD_W]]
    if (c[K.C_TYPE_BITS] & K.TB_MOBILIZE) != 0:
        game.pay(s, p, c, K.C_MOBILIZE, c[K.C_MOBILIZE_FREE])


@internal
def must_attack_exists(game, s, T, p):
    """CR 712.2 / 1123.2: ``p`` controls a [Bloodlust] J/resonator that can attack legally."""
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
    cont = game.continuous_in_field(s, T)  # once, not a scan of the fields per card (characteristics.keywords_now)
    for i in range(s[n_off]):
        slot = s[l_off + i]
        if (game.keywords_now(s, T, slot, cont) & K.KW_BLOODLUST) != 0 and game.can_attack_now(s, T, p, slot, cont):
            return True
    return False


@internal
def must_be_blocked(game, s, T, attacker):
    """Session 34 (s34a): has the attacking J/resonator ``attacker`` "Your opponent must block this card if able." in force
    (Op.MUST_BE_BLOCKED, a continuous ability of the card itself, CR 904)? The blocker mask (kernels) then offers no
    PASS while a J/resonator can block it (CR 804.3). Only a card with continuous abilities is read (C_HAS_CONT)."""
    if attacker < 0 or card_table(T)[s[CARD + attacker * CARD_W], K.C_HAS_CONT] == 0:
        return False
    p = s[CONTROLLER + attacker * CARD_W]
    k, src, r, i = game.next_op_in_force(s, T, p, K.Op.MUST_BE_BLOCKED, 0, -1, -1, -1)
    while i >= 0:
        if src == attacker:
            return True
        k, src, r, i = game.next_op_in_force(s, T, p, K.Op.MUST_BE_BLOCKED, k, src, r, i + 1)
    return False


@internal
def attacker_required(game, s, T, p, slot):
    """Session 34 (s34a): has card ``slot`` of ``p`` "As you choose a card to attack, you must choose this card if able."
    in force (Op.MUST_BE_ATTACKER, a continuous ability of the card itself, CR 904)? 1 yes, 0 no; -1 at once in a pool
    without one (FLAG_MUST_ATTACKER). The attacker mask (kernels) keeps only such cards among the legal attackers when
    one is (CR 803.3a); no attack is forced."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_MUST_ATTACKER) == 0:
        return -1
    k, src, r, i = game.next_op_in_force(s, T, p, K.Op.MUST_BE_ATTACKER, 0, -1, -1, -1)
    while i >= 0:
        if src == slot:
            return 1
        k, src, r, i = game.next_op_in_force(s, T, p, K.Op.MUST_BE_ATTACKER, k, src, r, i + 1)
    return 0


@internal_inline  # inlined into its callers (engine.jit): the ATTACKED mask, attack_object_exists
def attackable(game, s, T, attacker, slot):
    """CR 803.3b: a rested J/resonator with ATK and DEF of the opponent; [Precision] (CR 1103.2):
    a recovered one too."""
    w = slot * CARD_W
    p = s[CONTROLLER + attacker * CARD_W]
    if s[ZONE + w] != Zone.FIELD or s[CONTROLLER + w] == p:
        return False
    if not game.is_j_resonator(s, T, slot) or not game.has_atk_def(s, T, slot):
        return False
    if s[RESTED + w] == 0 and not game.has_keyword(s, T, attacker, K.KW_PRECISION):
        return False
    if game.restricted(s, T, slot, K.RESTRICT_CANT_BE_ATTACKED):
        return False  # "cannot be attacked"
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_RESTRICT] & K.RESTRICT_CANT_ATTACK_RESONATORS) != 0 and \
            game.card_type(s, T, slot) == K.CardType.RESONATOR and \
            game.restricted(s, T, attacker, K.RESTRICT_CANT_ATTACK_RESONATORS):
        return False  # session 34 (s34a): "<attacker> cannot attack resonators" (a J-ruler stays attackable, CR 803.3b)
    return (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_BARRED_BY) == 0 or not game.barred_by(s, T, slot, attacker, K.BARRED_ATTACK)


@internal
def barred_by(game, s, T, slot, other, bit):
    """Session 32: has card ``slot`` a continuous ability of its own "This card cannot be blocked / attacked by <cards>"
    (Op.BARRED_BY with ``bit`` in a0), its condition holding, whose filter matches J/resonator ``other`` (seen from
    ``slot``'s controller, with its characteristics now: filters.filter_match)?"""
    c = card_table(T)[s[CARD + slot * CARD_W]]
    if c[K.C_HAS_CONT] == 0 or game.abilities_lost(s, T, slot):  # session 33: CR 909.1d
        return False
    abil = ability_table(T)
    code = code_table(T)
    p = s[CONTROLLER + slot * CARD_W]
    for r in range(c[K.C_ABIL_START], c[K.C_ABIL_START] + c[K.C_ABIL_COUNT]):
        if abil[r, K.A_KIND] != K.AbilityKind.CONTINUOUS:
            continue
        for q in range(abil[r, K.A_CODE_START], abil[r, K.A_CODE_START] + abil[r, K.A_CODE_LEN]):
            if code[q, I_OP] == K.Op.BARRED_BY and (code[q, I_A0] & bit) != 0 and \
                    game.filter_match(s, T, code[q, I_A1], other, p, slot) and \
                    game.condition_holds(s, T, abil[r, K.A_COND], abil[r, K.A_COND_ARG], p, slot):
                return True
    return False


@internal
def can_block(game, s, T, p, slot):
    """CR 804.3 / 804.4: a recovered J/resonator with ATK and DEF of ``p`` other than the attacked
    object, not prohibited from blocking; [Flying] attackers only by [Flying] (CR 1106.2)."""
    return game.can_block_now(s, T, p, slot, game.continuous_in_field(s, T))


@internal
def can_block_now(game, s, T, p, slot, cont):
    """``can_block`` with ``cont`` = ``characteristics.continuous_in_field(s, T)`` known (the
    blocker mask asks once for the whole field)."""
    w = slot * CARD_W
    if s[ZONE + w] != Zone.FIELD or s[CONTROLLER + w] != p:
        return False
    if s[RESTED + w] != 0 and not game.restricted_now(s, T, slot, K.RESTRICT_CAN_BLOCK_RESTED, cont):
        return False  # CR 804.3: a recovered one (session 31: "this card can block while rested")
    if slot == s[ATTACKED] or not game.is_j_resonator(s, T, slot) or not game.has_atk_def(s, T, slot):
        return False
    if game.restricted_now(s, T, slot, K.RESTRICT_CANT_BLOCK, cont):
        return False
    if game.restricted_now(s, T, s[ATTACKER], K.RESTRICT_CANT_BE_BLOCKED, cont):
        return False  # "this card cannot be blocked"
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_BARRED_BY) != 0 and game.barred_by(s, T, s[ATTACKER], slot, K.BARRED_BLOCK):
        return False  # session 32: "this card cannot be blocked by <cards>"
    if (game.keywords_now(s, T, s[ATTACKER], cont) & K.KW_FLYING) != 0 and (
            game.keywords_now(s, T, slot, cont) & K.KW_FLYING) == 0 and \
            not game.restricted_now(s, T, slot, K.RESTRICT_CAN_BLOCK_FLYING, cont):
        return False  # CR 1106.2 (session 31: "this card can block J/resonators with [Flying]")
    return game.mobilize_payable(s, T, p, slot)


@internal
def still_in_battle(game, s, T, slot, p):
    """CR 803.5a / 804.4a: a J/resonator stops being in battle once it leaves the field, changes
    controller, becomes a non-J/resonator or has no ATK and DEF."""
    if slot < 0:
        return False
    w = slot * CARD_W
    return s[ZONE + w] == Zone.FIELD and s[CONTROLLER + w] == p and game.is_j_resonator(s, T, slot) and \
        game.has_atk_def(s, T, slot)


# =============================================================================================
# The steps
# =============================================================================================
@internal
def begin_battle(game, s, T):
    """CR 801.1 / 802: the beginning of battle step: its trigger conditions (802.1), then its
    priority sequence (802.2)."""
    s[ATTACKER] = -1
    s[ATTACKED] = ATTACKED_PLAYER
    s[BLOCKER] = -1
    s[BLOCKED] = 0
    s[FIRST_STRUCK] = 0
    s[OPP_ACTED] = 0
    game.begin_step(s, T, Step.BATTLE_BEGIN, K.Trigger.BEGIN_BATTLE)


@internal
def begin_step(game, s, T, step, trig):
    """A step of battle begins: its trigger conditions happen (``trig``: CR 802.1, 803.1, 804.1,
    807.1), then the turn player gains priority and performs a priority sequence (802.2, 803.2,
    804.2, 807.2)."""
    s[STEP] = step
    game.trigger_all(s, T, trig, -1)
    game.start_priority(s, s[TURN_PLAYER])


@internal
def begin_attack_step(game, s, T):
    """CR 803.1-803.2: the declare attack step (then 803.3: attack or forfeit)."""
    game.begin_step(s, T, Step.ATTACK_STEP, K.Trigger.BEGIN_ATTACK_STEP)


@internal_inline  # one caller: inlined into it (engine.jit)
def offer_attack(s):
    """CR 803.3: the turn player attacks (ATTACKER decision) or forfeits."""
    set_decision(s, Decision.ATTACKER, s[TURN_PLAYER])


@internal_inline  # one caller: inlined into it (engine.jit)
def forfeit_attack(game, s, T):
    """CR 803.3: a forfeit goes straight to the end of battle step; 803.6: if the non-turn player
    played nothing in this battle, no battle again this turn."""
    if s[OPP_ACTED] == 0:
        s[NO_MORE_BATTLE] = 1
    game.to_end_of_battle(s, T)


@internal_inline  # one caller: inlined into it (engine.jit)
def choose_attacker(s, slot):
    s[ATTACKER] = slot
    set_decision(s, Decision.ATTACKED, s[TURN_PLAYER])


@internal
def attack_declared(game, s, T, attacked):
    """CR 803.5: the attacker rests and attacks ``attacked`` (a slot, or ATTACKED_PLAYER); "when
    ... attacks" trigger conditions happen; 803.7: the turn player's priority sequence."""
    a = s[ATTACKER]
    s[ATTACKED] = attacked
    game.becomes_rested(s, T, a)
    game.pay_mobilize(s, T, s[TURN_PLAYER], a)  # CR 803.5 / 1129.2
    tax = game.attack_tax(s, T, a)
    if tax > 0:
        game.pay_free(s, s[TURN_PLAYER], tax)  # session 33: "... cannot attack unless your opponent pays {N}."
    game.trigger_own(s, T, a, K.Trigger.ATTACKS, attacked)
    game.trigger_all(s, T, K.Trigger.J_RESONATOR_ATTACKS, a)
    game.trigger_standby(s, T, K.Trigger.OPPONENT_ATTACKS, a)
    s[STEP] = Step.ATTACK_DECLARED
    game.start_priority(s, s[TURN_PLAYER])


@internal
def begin_block_step(game, s, T):
    """CR 804.1-804.2: the declare block step (then 804.3: block or not)."""
    game.begin_step(s, T, Step.BLOCK_STEP, K.Trigger.BEGIN_BLOCK_STEP)


@internal
def offer_block(game, s, T):
    """CR 804.3: with an attacking J/resonator, the non-turn player blocks or forfeits."""
    tp = s[TURN_PLAYER]
    if not game.still_in_battle(s, T, s[ATTACKER], tp):
        s[ATTACKER] = -1
        return False
    set_decision(s, Decision.BLOCK, 1 - tp)
    return True


@internal
def block_declared(game, s, T, blocker):
    """CR 804.4: the blocker rests; 804.6."""
    if blocker >= 0:
        s[BLOCKER] = blocker
        s[BLOCKED] = 1
        game.becomes_rested(s, T, blocker)
        game.pay_mobilize(s, T, s[CONTROLLER + blocker * CARD_W], blocker)  # CR 804.4 / 1129.2
        game.trigger_own(s, T, blocker, K.Trigger.BLOCKS, s[ATTACKER])
        F = flag_table(T)
        if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_IS_BLOCKED) != 0:  # only in pools with such an ability
            game.trigger_own(s, T, s[ATTACKER], K.Trigger.IS_BLOCKED, blocker)  # "whenever this card is blocked"
    s[STEP] = Step.BLOCK_DECLARED
    game.start_priority(s, s[TURN_PLAYER])


@internal
def capacity(game, s, T, slot):
    """CR 1102.2a: a J/resonator's DEF minus the damage on it."""
    return game.def_of(s, T, slot) - s[DAMAGE + slot * CARD_W]


@internal
def strike(game, s, T, src, amount, to_blocker, blocker, attacked, defender_p):
    """The attacker's battle damage (CR 805.2a / 806.2a): to the blocker (``to_blocker`` of it
    with [Pierce], the rest, piercing damage, to the original attacked object: CR 1102.2b-c; -1:
    all of it); without a blocker to the attacked object (804.5b). Battle damage to a resonator
    triggers [Explode] (1105.2)."""
    if amount <= 0:
        return
    rest = amount
    if blocker >= 0:
        give = amount if to_blocker < 0 else to_blocker
        if game.deal_damage_to_card(s, T, src, blocker, give) > 0:
            game.battle_damage_to_card(s, T, src, blocker)
        rest = amount - give
        if rest <= 0:
            return
    if attacked == ATTACKED_PLAYER:
        if game.deal_damage_to_player(s, T, src, defender_p, rest) > 0:
            game.trigger_own(s, T, src, K.Trigger.DEALS_BATTLE_DAMAGE_TO_PLAYER, defender_p)
    elif attacked >= 0 and game.still_in_battle(s, T, attacked, defender_p):
        if game.deal_damage_to_card(s, T, src, attacked, rest) > 0:
            game.battle_damage_to_card(s, T, src, attacked)


@internal
def battle_damage(game, s, T, first_strike, to_blocker):
    """CR 805.2 (``first_strike``) / 806.2: the battle damage process. ``to_blocker``: the damage
    the [Pierce] attacker's controller assigned to the blocker (CR 1102.2b), -1 before it is asked.
    Returns BATTLE_OVER (no attacking J/resonator, 805.1 / 806.1), DAMAGE_DEALT or ASKED (the
    PIERCE decision is pending; the process runs again with the answer)."""
    tp = s[TURN_PLAYER]
    a = s[ATTACKER]
    if not game.still_in_battle(s, T, a, tp):
        s[ATTACKER] = -1
        return BATTLE_OVER
    if not game.still_in_battle(s, T, s[BLOCKER], 1 - tp):
        s[BLOCKER] = -1
    blocker = s[BLOCKER]
    if blocker < 0 and s[FIRST_STRUCK] == 0:
        # CR 804.5b: no blocker before the attacker dealt any battle damage: it battles the
        # attacked object
        s[BLOCKED] = 0
    attacked = s[ATTACKED]
    if attacked >= 0 and not game.still_in_battle(s, T, attacked, 1 - tp):
        attacked = ATTACKED_NONE  # the attacked J/resonator is gone: nothing to strike
    if first_strike:
        strikes = game.has_keyword(s, T, a, K.KW_FIRST_STRIKE)  # CR 805.2
    else:
        strikes = s[FIRST_STRUCK] == 0  # CR 806.2a
    strikes = strikes and (attacked != ATTACKED_NONE or blocker >= 0)
    amount = game.atk_of(s, T, a)
    if strikes and to_blocker < 0 and blocker >= 0 and game.has_keyword(s, T, a, K.KW_PIERCE):
        low = max(game.capacity(s, T, blocker), 0)
        if amount > low:
            # CR 1102.2b: at least the blocker's capacity to it, in multiples of 100, chosen
            s[DEC_ARG] = low
            s[DEC_ARG + 1] = amount
            set_decision(s, Decision.PIERCE, tp)
            return ASKED
    if first_strike:
        if game.has_keyword(s, T, a, K.KW_FIRST_STRIKE):
            s[FIRST_STRUCK] = 1
        if strikes:
            game.strike(s, T, a, amount, to_blocker, blocker, attacked, 1 - tp)
        return DAMAGE_DEALT
    # CR 806.2b: the blocker, or the attacked J/resonator, strikes back, at the same time
    other = blocker if blocker >= 0 else attacked
    if s[BLOCKED] != 0 and blocker < 0:
        other = -1  # CR 804.5b: the blocker left after the attacker dealt its damage: no battle
    back = game.atk_of(s, T, other) if other >= 0 else 0
    if strikes:
        game.strike(s, T, a, amount, to_blocker, blocker, attacked, 1 - tp)  # CR 806.2a
    if other >= 0 and back > 0:
        if game.deal_damage_to_card(s, T, other, a, back) > 0:
            game.battle_damage_to_card(s, T, other, a)
    return DAMAGE_DEALT


@internal
def after_battle_damage(game, s, T, result):
    """What follows a battle damage process: the step's priority sequence (CR 805.3 / 806.3), the
    end of battle (805.1 / 806.1), or nothing yet (the PIERCE decision is pending)."""
    if result == DAMAGE_DEALT:
        game.start_priority(s, s[TURN_PLAYER])
    elif result == BATTLE_OVER:
        game.to_end_of_battle(s, T)


@internal
def battle_resolution(game, s, T, first_strike):
    """CR 805 (``first_strike``) / 806: a battle resolution step."""
    s[STEP] = Step.FIRST_STRIKE if first_strike else Step.NORMAL_DAMAGE
    game.after_battle_damage(s, T, game.battle_damage(s, T, first_strike, -1))


@internal_inline  # one caller: inlined into it (engine.jit)
def pierce_mask(s, out):
    """The PIERCE decision's actions (CR 1102.2b): PASS (the rest is piercing damage), 100 more
    to the blocker, all the rest to the blocker (when that is not the same as 100 more)."""
    out[PASS] = 1
    n = 1
    left = s[DEC_ARG + 1] - s[DEC_ARG]
    if left >= 100:
        out[OPTION_BASE + K.PIERCE_MORE] = 1
        n += 1
    if left >= 200:
        out[OPTION_BASE + K.PIERCE_ALL] = 1
        n += 1
    return n


@internal_inline  # one caller: inlined into it (engine.jit)
def pierce_assign(game, s, T, a):
    """The PIERCE decision's answer ``a`` (CR 1102.2b); once the assignment is complete the
    damage is dealt (1102.2c) and the step goes on."""
    if a == OPTION_BASE + K.PIERCE_MORE:
        s[DEC_ARG] += 100
        if s[DEC_ARG] < s[DEC_ARG + 1]:
            set_decision(s, Decision.PIERCE, s[TURN_PLAYER])
            return
    elif a == OPTION_BASE + K.PIERCE_ALL:
        s[DEC_ARG] = s[DEC_ARG + 1]
    game.after_battle_damage(s, T, game.battle_damage(s, T, s[STEP] == Step.FIRST_STRIKE, s[DEC_ARG]))


@internal
def to_end_of_battle(game, s, T):
    """CR 807.1-807.2: the end of battle step (then its final step, 807.3)."""
    game.begin_step(s, T, Step.BATTLE_END, K.Trigger.END_OF_BATTLE)


@internal_inline  # one caller: inlined into it (engine.jit)
def end_battle_effects(game, s):
    """CR 807.3a: the effects until the end of battle end."""
    mod_end_in_zone(s, MT, ZT, Zone.FIELD, Duration.END_OF_BATTLE)  # state.MODS


@internal_inline  # one caller: inlined into it (engine.jit)
def battle_over(s):
    """CR 807.4: no attacking or blocking J/resonator any more."""
    s[ATTACKER] = -1
    s[ATTACKED] = ATTACKED_PLAYER
    s[BLOCKER] = -1
    s[BLOCKED] = 0
    s[FIRST_STRUCK] = 0
