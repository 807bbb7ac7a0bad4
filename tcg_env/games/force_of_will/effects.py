"""Force of Will rules kernels: effect frames and the core interpreter's hooks (CR 900s, 1000s).

Programs are run by the core (:func:`tcg_env.engine.effects.run_program`). Targets are chosen
when a card or ability is played (frame mode MODE_TARGETS, CR 903.2g) and checked again on
resolution (MODE_RESOLVE, CR 903.3a: illegal targets are not affected, the rest still resolves).
This module holds the frames (a chase entry plus the interpreter's words), the interpreter's
hooks and Force of Will's own opcodes (constants.Op).
"""


from tcg_env.engine.chase import chase_remove_at
from tcg_env.engine.decisions import set_decision
from tcg_env.engine.effects import ASKED, I_A0, I_A1, I_A2, I_OP, I_REG, NEXT, NOT_DONE, STOPPED, reg_add, targets_available
# the core's frame stack, the rules kernels game.push_frame, game.top_frame ... of Force of Will
from tcg_env.engine.effects import frames_full, pop_frame, push_frame, top_frame  # noqa: F401
from tcg_env.engine.effects import _discard as core_discard  # session 29: Op.PLAYER_DISCARD (the core's DISCARD)
from tcg_env.engine.effects import count_operand  # session 32: Op.PLAYER_DISCARD at random
from tcg_env.games.force_of_will.state import HAND_N  # session 32
from tcg_env.engine.header import H_DECIDER, H_DONE
from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.reveals import reveal_begin, reveal_card
from tcg_env.engine.rng import rng_below, shuffle_run_with
from tcg_env.engine.tables import ability_table, card_table, code_table, filter_table, flag_table
from tcg_env.engine.zones import zone_offsets, zone_put, zone_take
from tcg_env.rules.modifiers import mod_apply
from tcg_env.rules.costs import pool_pay_generic  # session 32: Op.PAY
from tcg_env.games.force_of_will.state import WILL as _WILL  # session 32: Op.PAY
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import (
    N_REGS, OPTION_SLOTS, TARGET_MAX, Decision, Mod, Op, Shield, Zone
)
from tcg_env.games.force_of_will.state import (
    CAND, CAND_N, CARD, CARD_W, CHASE, CHASE_N, CONTROLLER, COUNTERS, DAMAGE, DEC_ARG, ENTRY_W, E_AUX, E_CARD, E_CTRL,
    E_ABIL, E_KIND, E_REG, E_REGN, E_SLOT, E_X, FR_CNT, FR_PC, FR_PURPOSE, LIFE, MANA, MT, OWNER, RESTED, REVEAL_IDS, REVEAL_N, SHIELD_N,
    USED_TURN, WEATHER, WILL, ZONE, ZT
)
from tcg_env.games.force_of_will.state import ATTACKED, ATTACKER, BLOCKER  # battle (CR 1029)
from tcg_env.games.force_of_will.state import SH_KIND, SH_PLAYER  # session 32: Shield.NO_LIFE_GAIN
from tcg_env.games.force_of_will.characteristics import named_add  # named counters (CR 1022.1)
from tcg_env.games.force_of_will.characteristics import x_on_chase  # session 28: Per.TRIGGER_COST (CR 203.5b)
from tcg_env.games.force_of_will.state import ATTACHED, PSEUDO  # tokens (CR 1303)
from tcg_env.games.force_of_will.state import GEMS  # gems (CR 1027, session 23)
from tcg_env.games.force_of_will.state import KW_EOB, KW_EOT, KW_PERM  # session 33: abilities lost (CR 909.1d)
from tcg_env.games.force_of_will.state import TURN_PLAYER  # "that player" (session 29)
from tcg_env.games.force_of_will.state import ATK_EOB, ATK_EOT, ATK_PERM, DEF_EOB, DEF_EOT, DEF_PERM  # session 34 (s34a)
from tcg_env.games.force_of_will.rule_processes import share_a_name  # session 34 (s34a): Op.SELECT_SHARED_NAME
from tcg_env.games.force_of_will.state import FRAME_N, FRAME_W, FRAMES  # session 34 (s34b): chase_entry_removed


# =============================================================================================
# The interpreter's hooks (tcg_env.engine.effects); the frames are the core's (push_frame, top_frame,
# pop_frame, frames_full): a chase entry plus the interpreter's words (state.py)
# =============================================================================================
@internal
def amount_of(s, f, a0):
    """An amount or count operand of Force of Will's own opcodes: ``a0``, or when negative
    ``-a0`` times X ("X00 damage", CR 903.3c: a0 = -100; "X cards": a0 = -1)."""
    return a0 if a0 >= 0 else -a0 * s[f + E_X]


@internal
def in_play_count(s, player):
    """What SELECT_ALL and the target checks scan: the field, the ruler areas, the cards on the
    chase and the graveyards ("target resonator from your graveyard": a target in a graveyard, CR
    903.2g); filter_match checks the filter's zone."""
    return s[zone_offsets(ZT, Zone.FIELD, player)[0]] + s[zone_offsets(ZT, Zone.RULER_AREA, player)[0]] + \
        s[zone_offsets(ZT, Zone.CHASE, player)[0]] + s[zone_offsets(ZT, Zone.GRAVEYARD, player)[0]] + \
        s[zone_offsets(ZT, Zone.REMOVED, player)[0]]  # session 34 (s34a): "target <card> from your removed area"


@internal
def in_play_slot(s, player, i):
    for z in (Zone.FIELD, Zone.RULER_AREA, Zone.CHASE, Zone.GRAVEYARD, Zone.REMOVED):
        n_off, l_off = zone_offsets(ZT, z, player)
        if i < s[n_off]:
            return s[l_off + i]
        i -= s[n_off]
    return -1


@internal_inline
def held_by_register(s, f, reg, x):
    """Does register ``reg`` of the entry or frame at ``f`` hold ``x`` (a card slot, or an ability reference)? The
    candidate lists leave out what a register holds already (CR 903.2g: each target chosen once)."""
    for i in range(s[f + E_REGN + reg]):
        if s[f + E_REG + reg * TARGET_MAX + i] == x:
            return True
    return False


@internal
def choose_candidates(game, s, T, f, reg, frow):
    """The legal targets still unchosen (CR 903.2g), listed for the OPTION actions."""
    ctrl = s[f + E_CTRL]
    src = s[f + E_SLOT]
    if s[f + E_ABIL] >= 0 and s[f + E_KIND] == K.EntryKind.CARD and (s[f + E_AUX] & K.PLAY_HOW_MASK) != K.PLAY_AWAKENED:
        # session 29: "up to one second target <card> if this card was awakened" (CR 1109.2a): none unless awakened
        row = code_table(T)[ability_table(T)[s[f + E_ABIL], K.A_CODE_START] + s[f + FR_PC]]
        if row[I_OP] == Op.CHOOSE and row[I_A2] == K.CHOOSE_IF_AWAKENED:
            s[CAND_N] = 0
            return 0
    # the register of a card chosen to pay a cost (priority.pay_chosen_cost): chosen apart from the
    # targets (CR 903.2g, 903.2j), so a target may be that card too
    arow = s[f + E_ABIL]
    code = ability_table(T)[arow, K.A_COST_BANISH_SELF] if arow >= 0 and (
        s[f + E_KIND] == K.EntryKind.ABILITY or s[f + FR_PURPOSE] == K.Purpose.PLAY) else 0  # a chant's play_cost too
    pay_reg = (code - 2) % 2 if code >= 2 else -1
    # "you may pay <will> less to play this card if it targets a <card>" (session 22): the cost was paid with it (not
    # payable without: no answer pending, E_X 0) while such a target exists: the card's first register must match it
    tf = -1
    F = flag_table(T)
    if reg == 0 and s[f + FR_PURPOSE] == K.Purpose.PLAY and s[f + E_KIND] == K.EntryKind.CARD and s[f + E_X] == 0 and \
            (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_COST_REDUCTION) != 0:
        tf = game.target_cost_filter(T, s[CARD + src * CARD_W])
        if tf >= 0 and game.in_play_matching(s, T, tf, ctrl, src) == 0:
            tf = -1
    n = 0
    if filter_table(T)[frow, K.F_ZONE] == K.FilterZone.CHASE_ABILITY:
        return ability_candidates(game, s, T, f, reg, frow)  # session 34 (s34b): abilities on the chase
    for p in range(2):
        for i in range(game.in_play_count(s, p)):
            slot = game.in_play_slot(s, p, i)
            if slot < 0 or not game.filter_match(s, T, frow, slot, ctrl, src):
                continue
            if tf >= 0 and not game.filter_match(s, T, tf, slot, ctrl, src):
                continue
            dup = False
            for r in range(N_REGS):
                if (r == pay_reg) == (reg == pay_reg) and held_by_register(s, f, r, slot):
                    dup = True
            if dup or n >= K.OPTION_SLOTS:
                continue
            s[CAND + n] = slot
            n += 1
    s[CAND_N] = n
    return n


@internal
def ability_candidates(game, s, T, f, reg, frow):
    """Session 34 (s34b): the abilities on the chase filter ``frow`` (FilterZone.CHASE_ABILITY) matches and register
    ``reg`` does not hold yet, as references ABILITY_REF + entry index in CAND (bottom first); their number."""
    n = 0
    for k in range(s[CHASE_N]):
        ref = K.ABILITY_REF + k
        if n >= K.OPTION_SLOTS or not game.filter_match(s, T, frow, ref, s[f + E_CTRL], s[f + E_SLOT]):
            continue
        if not held_by_register(s, f, reg, ref):
            s[CAND + n] = ref
            n += 1
    s[CAND_N] = n
    return n


@internal
def chase_entry_removed(s, k):
    """Session 34 (s34b): chase entry ``k`` has left the chase (chase_remove_at: the entries above it moved down one
    place): the references to abilities on the chase (ABILITY_REF + index) in the registers of the entries left and of
    the frames follow them; one to ``k`` itself points past the chase (ABILITY_REF + CHASE_MAX: no ability matches it)."""
    for which in range(2):
        n = s[CHASE_N] if which == 0 else s[FRAME_N]
        for j in range(n):
            e = CHASE + j * ENTRY_W if which == 0 else FRAMES + j * FRAME_W
            for r in range(N_REGS):
                for i in range(s[e + E_REGN + r]):
                    v = s[e + E_REG + r * TARGET_MAX + i]
                    if v >= K.ABILITY_REF + k and v < K.ABILITY_REF + K.CHASE_MAX:
                        s[e + E_REG + r * TARGET_MAX + i] = v - 1 if v > K.ABILITY_REF + k else K.ABILITY_REF + K.CHASE_MAX


@internal
def cancel_ability(game, s, T, f, reg):
    """Op.CANCEL_ABILITY (session 34, s34b): "Cancel target activate / automatic ability." (CR 1012.1: an ability
    canceled is removed from the chase area; nothing else happens to its source). The register's references still on
    the chase (CR 903.3a: recheck_targets dropped the others) leave it; NOT_DONE when none did."""
    done = False
    for i in range(s[f + E_REGN + reg]):
        v = s[f + E_REG + reg * TARGET_MAX + i]
        k = v - K.ABILITY_REF
        if 0 <= k < s[CHASE_N] and s[CHASE + k * ENTRY_W + E_KIND] == K.EntryKind.ABILITY:
            chase_remove_at(game, s, k)
            chase_entry_removed(s, k)
            done = True
    return NEXT if done else NOT_DONE


@internal
def target_affected(s, op, slot):
    """CR 903.3a: a target that left the zone it was chosen in is not affected (spells on the
    chase for CANCEL, else the field or a ruler area)."""
    z = s[ZONE + slot * CARD_W]
    if op == Op.CANCEL:
        return z == Zone.CHASE
    return z == Zone.FIELD or z == Zone.RULER_AREA


@internal
def target_done(s, op, slot):
    """Was an each-target opcode that affected card ``slot`` done to it ("If you do", CR 104.2)? A destroy, banish,
    return to the hand or removal from the game is done when the card has left the field: not when it stayed there
    ("cannot be destroyed", [Eternal], CR 1417; a replacement that rests it instead, CR 910; a banish of a card
    another player controls, CR 1011.2); the other opcodes are done to every card they affected."""
    if op == Op.DESTROY or op == Op.BANISH or op == Op.RETURN_TO_HAND or op == Op.REMOVE:
        return s[ZONE + slot * CARD_W] != Zone.FIELD
    return True


# the core interpreter's modifier hooks (CoreOp.POWER, GRANT_KEYWORD, RESTRICT): state.MODS
@internal
def add_power(game, s, slot, amount, duration):
    """POWER's ATK part (CR 1020.3); the DEF part is ``add_power_second``."""
    mod_apply(game, s, MT, slot, Mod.ATK, duration, amount)


@internal
def add_power_second(game, s, slot, amount, duration):
    """POWER's DEF part (a2, CR 1020.3), the core's optional second POWER operand."""
    mod_apply(game, s, MT, slot, Mod.DEF, duration, amount)


@internal
def grant_keywords(game, s, slot, bits, duration):
    mod_apply(game, s, MT, slot, Mod.KEYWORDS, duration, bits)


@internal
def add_restrictions(game, s, slot, bits, duration):
    if (bits & K.RESTRICT_NO_ABILITIES) != 0:
        # session 33 (s33b): "<card> loses all abilities until end of turn / until end of game" (CR 909.1d): the
        # keywords one-time effects granted before it are lost (CR 909.3b: the later effect applies last), for good
        # where their duration ends no later than the loss's (characteristics.base_keywords reads the rest)
        w = slot * CARD_W
        s[KW_EOT + w] = 0
        s[KW_EOB + w] = 0
        if duration == K.Duration.PERMANENT:
            s[KW_PERM + w] = 0
    mod_apply(game, s, MT, slot, Mod.RESTRICTIONS, duration, bits)


@internal
def select_shared_name(game, s, T, f, reg, frow):
    """Session 34 (s34a): "<cards> that share a name with another <card>" (Op.SELECT_SHARED_NAME, CR 202): every card
    of the fields filter row ``frow`` matches (seen from the effect's controller) that shares a name with another card
    it matches (either of their names, as [Mythic]'s check), into register ``reg`` (at most TARGET_MAX, as
    SELECT_ALL); they are then destroyed at once by the each-target op after it."""
    ctrl = s[f + E_CTRL]
    src = s[f + E_SLOT]
    for p in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
        for i in range(s[n_off]):
            a = s[l_off + i]
            if not game.filter_match(s, T, frow, a, ctrl, src):
                continue
            hit = False
            for q in range(2):
                m_off, k_off = zone_offsets(ZT, Zone.FIELD, q)
                for j in range(s[m_off]):
                    b = s[k_off + j]
                    if b != a and not hit and game.filter_match(s, T, frow, b, ctrl, src) and \
                            share_a_name(T, s[CARD + a * CARD_W], s[CARD + b * CARD_W]):
                        hit = True
            if hit:
                reg_add(game, s, f, reg, a)


@internal
def set_power(game, s, T, slot, atk, df):
    """Session 34 (s34a): card ``slot``'s ATK and DEF become ``atk`` / ``df`` until end of turn (Op.SET_POWER; CR 909.1g,
    the non-counter continuous effects that change values, in the order they were made, CR 909.3b). The one-time
    changes made before it are overwritten: the end-of-turn modifier is set so that the printed value with the
    while-in-the-field changes is ``atk`` (those come back as the set ends with the turn), the end-of-battle ones are
    cleared (they end before it); changes made after it add to it, and counters apply last (CR 909.1h, base_atk).
    RESTRICT_POWER_SET until end of turn: the continuous abilities' changes do not apply (characteristics.power_set;
    read as older than the set, the engine's general simplification of CR 909.3)."""
    w = slot * CARD_W
    c = card_table(T)[s[CARD + w]]
    mod_apply(game, s, MT, slot, Mod.ATK, K.Duration.END_OF_TURN, atk - c[K.C_ATK] - s[ATK_PERM + w] - s[ATK_EOT + w])
    mod_apply(game, s, MT, slot, Mod.DEF, K.Duration.END_OF_TURN, df - c[K.C_DEF] - s[DEF_PERM + w] - s[DEF_EOT + w])
    mod_apply(game, s, MT, slot, Mod.ATK, K.Duration.END_OF_BATTLE, -s[ATK_EOB + w])
    mod_apply(game, s, MT, slot, Mod.DEF, K.Duration.END_OF_BATTLE, -s[DEF_EOB + w])
    mod_apply(game, s, MT, slot, Mod.RESTRICTIONS, K.Duration.END_OF_TURN, K.RESTRICT_POWER_SET)


@internal
def modified_damage(game, s, T, src, slot, amount):
    """CR 910: the damage card ``src`` (in the field) would deal to card ``slot`` (-1: a player) after the continuous
    DAMAGE_MOD replacements in force (of the cards in the fields and ruler areas, CR 902.1: "it deals double that much
    / that much +N instead"). CR 910.2a: their order is the source's controller's choice; chosen for them, the most
    damage: the additions first, then the doublings (each applied once, 910.3)."""
    if src < 0 or amount <= 0 or s[ZONE + src * CARD_W] != Zone.FIELD:
        return amount
    code = code_table(T)
    abil = ability_table(T)
    plus = 0
    doubles = 0
    for p in range(2):  # the continuous abilities in force of p's cards (characteristics.next_continuous)
        k, card, r = game.next_continuous(s, T, p, -1, 0, -1)
        while k >= 0:
            for q in range(abil[r, K.A_CODE_START], abil[r, K.A_CODE_START] + abil[r, K.A_CODE_LEN]):
                if code[q, I_OP] != Op.DAMAGE_MOD or not game.filter_base(s, T, code[q, I_A1], src, p, card):
                    continue
                if code[q, I_A2] >= 0 and (slot < 0 or not game.filter_base(s, T, code[q, I_A2], slot, p, card)):
                    continue
                if not game.condition_holds(s, T, abil[r, K.A_COND], abil[r, K.A_COND_ARG], p, card):
                    continue
                if code[q, I_A0] == 0:
                    doubles += 1
                else:
                    plus += code[q, I_A0]
            k, card, r = game.next_continuous(s, T, p, -1, k, r + 1)
    amount += plus
    for _ in range(doubles):
        amount *= 2
    return amount


@internal
def deal_damage_to_card(game, s, T, src, slot, amount):
    """CR 1007.1 / 1007.4: damage on a J/resonator with DEF; the source card's "deals damage"
    abilities trigger ([Drain], [Bane]: keywords.damage_dealt). Returns the damage dealt."""
    if amount <= 0 or not game.is_j_resonator(s, T, slot) or card_table(T)[s[CARD + slot * CARD_W], K.C_DEF] <= 0:
        return 0
    if s[SHIELD_N] > 0 and game.damage_from_prevented(s, src):
        return 0  # CR 1018.1b: the damage of that source is prevented
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_DAMAGE_MOD) != 0:
        amount = game.modified_damage(s, T, src, slot, amount)  # CR 910.2a: before the prevention
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_PREVENT_CONT) != 0:
        amount = game.continuous_prevention(s, T, src, slot, amount)  # CR 1018.1, 910 (and the shields)
    else:
        amount = game.prevent_damage(s, slot, -1, amount)  # CR 1018.1
    if amount <= 0:
        return 0
    s[DAMAGE + slot * CARD_W] += amount
    # "<card> that was dealt damage this turn": recorded in every pool (a pool flag may skip work, never change the
    # state: tests/engine/test_pool_flags.py)
    s[USED_TURN + slot * CARD_W] |= K.USED_DEALT_DAMAGE
    game.damage_dealt(s, T, src, slot, amount)
    # "whenever this card is dealt damage": the amount is the trigger's aux ("... that much damage", Per.TRIGGER_DAMAGE)
    game.trigger_own(s, T, slot, K.Trigger.DEALT_DAMAGE, amount)
    return amount


@internal
def deal_damage_to_player(game, s, T, src, p, amount):
    """CR 1007.2 (less what is prevented, CR 1018.1); the source card's "deals damage" abilities
    trigger ([Drain]: keywords.damage_dealt). Returns the damage dealt to the player."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_REDIRECT_DAMAGE) != 0 and amount > 0:
        # CR 910.1, 910.2a: "it's dealt to this card instead" replaces the damage to the player before any prevention
        # (and before a DAMAGE_MOD: chosen for the dealer, the order that deals the most, as modified_damage does);
        # the card's own replacements and prevention apply to it as it is dealt (deal_damage_to_card, CR 1007.1, 1007.4)
        r = game.damage_redirect(s, T, p)
        if r >= 0:
            game.deal_damage_to_card(s, T, src, r, amount)
            return 0
    if s[SHIELD_N] > 0 and game.damage_from_prevented(s, src):
        return 0  # CR 1018.1b
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_DAMAGE_MOD) != 0:
        amount = game.modified_damage(s, T, src, -1, amount)  # CR 910.2a: before the prevention
    amount = game.prevent_damage(s, -1, p, amount)
    if amount <= 0:
        return 0
    s[LIFE + p] -= amount
    game.damage_dealt(s, T, src, -1, amount)
    game.trigger_controlled_on(s, T, K.Trigger.DAMAGE_TO_YOU, p, amount)  # "whenever damage is dealt to you" (aux: how much)
    if src >= 0 and s[CONTROLLER + src * CARD_W] != p:
        game.trigger_own(s, T, src, K.Trigger.DEALS_DAMAGE_TO_OPPONENT, -1)  # "... deals damage to your opponent"
    if src >= 0:
        game.trigger_own(s, T, src, K.Trigger.DEALS_DAMAGE_TO_PLAYER, -1)  # session 32: "... deals damage to a player"
    return amount


@internal_inline  # one caller: inlined into it (engine.jit)
def cancel_slot(game, s, T, slot):
    """CR 1012.1: the chase entry of spell ``slot`` leaves the chase; the card goes to its owner's
    graveyard. A card that "cannot be cancelled" (C_UNCANCELABLE) stays."""
    if (card_table(T)[s[CARD + slot * CARD_W], K.C_UNCANCELABLE] & K.UNCANCELABLE) != 0:
        return
    for i in range(s[CHASE_N]):
        e = CHASE + i * ENTRY_W
        if s[e + E_KIND] == K.EntryKind.CARD and s[e + E_SLOT] == slot:
            chase_remove_at(game, s, i)
            F = flag_table(T)
            if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_ABILITY_TARGET) != 0:
                chase_entry_removed(s, i)  # session 34 (s34b): the references to abilities above it follow them
            game.to_graveyard(s, T, slot)
            return


@internal
def each_target(game, s, T, f, op, slot, a0, a1, a2):
    """Force of Will's each-target opcodes on one card."""
    w = slot * CARD_W
    ctrl = s[f + E_CTRL]
    if op == Op.DAMAGE:
        if a2 > 0:
            # "target <card> deals damage equal to its ATK to target <card>": dealt by the first card of register
            # a2 - 1 with its ATK now, if it is still in the field (CR 903.3a: else the effect involving it is not applied)
            src = s[f + E_REG + (a2 - 1) * TARGET_MAX] if s[f + E_REGN + a2 - 1] > 0 else -1
            if src >= 0 and s[ZONE + src * CARD_W] == Zone.FIELD:
                game.deal_damage_to_card(s, T, src, slot, max(game.atk_of(s, T, src), 0))
        else:
            src = s[f + E_SLOT] if s[ZONE + s[f + E_SLOT] * CARD_W] == Zone.FIELD else -1
            if a1 == K.DAMAGE_DEALT_THIS_TURN:  # "where X is the damage it dealt this turn" (USED_TURN, CR 1007.1)
                game.deal_damage_to_card(s, T, src, slot, (s[USED_TURN + w] >> K.USED_DAMAGE_SHIFT) & K.USED_DAMAGE_MASK)
            else:
                game.deal_damage_to_card(s, T, src, slot, game.amount_of(s, f, a0))
    elif op == Op.DESTROY:
        game.open_move(s, T)  # the targets move at the same time (CR 906.7); after_each_target closes it
        game.destroy(s, T, slot)
    elif op == Op.REST:
        game.becomes_rested(s, T, slot)
    elif op == Op.RECOVER:
        if s[RESTED + w] != 0 and game.is_j_ruler(s, T, slot):
            game.trigger_controlled(s, T, K.Trigger.J_RULER_RECOVERED, s[CONTROLLER + w])  # session 29 (CR 1013)
        s[RESTED + w] = 0
    elif op == Op.RETURN_TO_HAND:
        game.move_card(s, T, slot, Zone.HAND)
    elif op == Op.REMOVE:
        game.move_card(s, T, slot, Zone.REMOVED)  # CR 1004.1
    elif op == Op.COUNTER:
        n = a0 * s[f + E_X] if a2 == K.COUNTER_TIMES_X else a0  # "put X counters ..., where X is ..." (session 28)
        if a1 > 0:
            named_add(s, slot, a1, n)  # CR 1022.1: named counters of kind a1 (state.NAMED)
        else:
            s[COUNTERS + w] += n  # CR 1022; +1 and -1 cancel (CR 1203), one net count
    elif op == Op.CANCEL:
        cancel_slot(game, s, T, slot)
    elif op == Op.BANISH:
        if s[CONTROLLER + w] == ctrl or a0 == 1:  # CR 1011.2 (a0 1, session 29: "its controller banishes it")
            game.open_move(s, T)
            game.to_graveyard(s, T, slot)
    elif op == Op.REMOVE_FROM_BATTLE:
        if a0 == K.GAIN_CONTROL_PERMANENT:
            game.change_control(s, slot, ctrl)  # "gain control of <target>" (CR 105.3; out of battle too)
        elif a0 == K.GAIN_CONTROL_EOT:
            # "... until end of turn": the player who controlled it controls it again then (Shield.CONTROL, CR 505.5b);
            # no room left in the shield table: nothing changes (its capacity, documented)
            if s[CONTROLLER + w] != ctrl and game.add_shield(s, K.Shield.CONTROL, slot, s[CONTROLLER + w], 0, ctrl,
                                                              s[CARD + w]):
                game.change_control(s, slot, ctrl)
        else:
            game.remove_from_battle(s, slot)
    elif op == Op.TO_DECK_TOP:
        game.move_card(s, T, slot, Zone.MAIN_DECK)  # on top, what it forgets (CR 302.3)
    elif op == Op.TO_DECK_BOTTOM:
        if game.move_card(s, T, slot, Zone.MAIN_DECK):
            game.to_deck_bottom(s, slot)  # CR 403.5


@internal
def remove_from_battle(s, slot):
    """CR 1029.1: ``slot`` is no longer in battle: not attacking (1029.1a; the battle goes straight
    to its end, 805.1), not blocking (1029.1b; the attack stays blocked, 804.5b), not the attacked
    object (1029.1c: the attacker deals it no damage)."""
    if s[ATTACKER] < 0:
        return
    if s[ATTACKER] == slot:
        s[ATTACKER] = -1
    if s[BLOCKER] == slot:
        s[BLOCKER] = -1
    if s[ATTACKED] == slot:
        s[ATTACKED] = K.ATTACKED_NONE


@internal
def after_each_target(game, s, T):
    game.close_move(s, T)  # the instruction's targets have all moved (effects.each_target's open_move)


@internal
def reveal_from_hand(game, s, T, f, reg, a0, a1):
    """Op.REVEAL_FROM_HAND (session 34, s34b): "[You may] reveal any number of <cards> [with different names] from your
    hand." (CR 1005.1). Its controller chooses the hand cards filter ``a0`` matches one at a time (CHOOSE_TARGET, DEC_ASK
    ASK_REVEAL_HAND: not one revealed already, with ``a1`` none sharing a name with one, CR 202; PASS: no more), each
    shown to both players as it is chosen (a new reveal of its, engine.reveals) and kept in register ``reg`` (at most
    TARGET_MAX: the register's capacity); the frame's X counts them (Per.THIS_WAY after it). Done when the player passes
    or none is left to reveal."""
    ctrl = s[f + E_CTRL]
    cnt = s[f + FR_CNT]
    if cnt == K.REVEAL_HAND_DONE:
        return NEXT
    if cnt == 0:
        s[f + E_X] = 0
        s[f + E_REGN + reg] = 0
        reveal_begin(s, REVEAL_N, ctrl)
    kept = s[f + E_REGN + reg]
    if kept >= TARGET_MAX:
        return NEXT
    n = 0
    n_off, l_off = zone_offsets(ZT, Zone.HAND, ctrl)
    for j in range(min(s[n_off], K.HAND_SLOTS)):
        h = s[l_off + j]
        if n >= OPTION_SLOTS or not game.filter_match(s, T, a0, h, ctrl, s[f + E_SLOT]):
            continue
        dup = False
        for i in range(kept):
            o = s[f + E_REG + reg * TARGET_MAX + i]
            if o == h or (a1 != 0 and share_a_name(T, s[CARD + o * CARD_W], s[CARD + h * CARD_W])):
                dup = True
        if not dup:
            s[CAND + n] = h
            n += 1
    if n == 0:
        return NEXT
    s[CAND_N] = n
    s[DEC_ARG] = a0
    s[DEC_ARG + 1] = reg
    s[DEC_ARG + 2] = 1  # PASS: no more
    s[DEC_ARG + K.DEC_ASK] = K.ASK_REVEAL_HAND
    set_decision(s, Decision.CHOOSE_TARGET, ctrl)
    return ASKED


@internal
def revealed_from_hand(game, s, f, p, a):
    """The answer to Op.REVEAL_FROM_HAND's question (session 34, s34b): PASS ends it; OPTION k reveals hand card CAND[k]
    (CR 1005.1: the reveal record, both players see it), keeps it in the op's register and counts it in the frame's X."""
    s[DEC_ARG + K.DEC_ASK] = 0
    if a == K.PASS:
        s[f + FR_CNT] = K.REVEAL_HAND_DONE
        return
    h = s[CAND + a - K.OPTION_BASE]
    reg_add(game, s, f, s[DEC_ARG + 1], h)
    reveal_card(s, REVEAL_N, REVEAL_IDS, K.REVEAL_ROWS, p, s[CARD + h * CARD_W])
    s[f + E_X] += 1
    s[f + FR_CNT] += 1


@internal
def cancel_unless_pay(game, s, T, f, reg, a0):
    """Op.CANCEL_UNLESS_PAY (session 34, s34b): "Cancel target spell unless its controller pays {N}." (CR 1012.1, 1003).
    The register's first card still on the chase is the spell (CR 903.3a); its controller chooses as it resolves (the
    OPTIONAL decision, DEC_ASK ASK_UNLESS_PAY, kernels.unless_pay_answered): pay {N} (only while the will it has produced
    can, CR 1003.4; its will producers may be rested first, CR 907.2, 1003.5) or not, and then the spell is cancelled. Not
    asked when even all its will producers could not pay (cancelled at once), nor for a spell that cannot be cancelled
    (nothing happens). {0} for a player with "If an ability or effect your opponent controls would make you pay any
    amount of will, you pay {0} instead." in force when this effect is an opponent's (Op.OPP_PAYMENT_FREE, CR 910).
    NOT_DONE when the spell is not cancelled."""
    cnt = s[f + FR_CNT]
    spell = -1
    for i in range(s[f + E_REGN + reg]):
        t = s[f + E_REG + reg * TARGET_MAX + i]
        if t >= 0 and s[ZONE + t * CARD_W] == Zone.CHASE:
            spell = t
            break
    if spell < 0 or (card_table(T)[s[CARD + spell * CARD_W], K.C_UNCANCELABLE] & K.UNCANCELABLE) != 0:
        return NOT_DONE
    if cnt == K.UNLESS_PAID:
        return NOT_DONE
    p = s[CONTROLLER + spell * CARD_W]
    if cnt == 0:
        n = max(game.amount_of(s, f, a0), 0)  # {N}, or {X} (a0 -1: the X a SET_X before it set, CR 903.3b-i)
        if p != s[f + E_CTRL] and game.opp_payment_free(s, T, p):
            n = 0
        if game.will_total(s, p) + game.will_producible(s, T, p) >= n:
            s[DEC_ARG] = spell
            s[DEC_ARG + 1] = n
            s[DEC_ARG + 2] = 0
            s[DEC_ARG + K.DEC_ASK] = K.ASK_UNLESS_PAY
            s[CAND_N] = 0
            set_decision(s, Decision.OPTIONAL, p)
            return ASKED
    cancel_slot(game, s, T, spell)  # CR 1012.1 (as Op.CANCEL)
    return NEXT


@internal
def interrupt_due(game, s):
    """The core interpreter's hook (engine.effects.run_program): after an instruction that put a magic stone into the
    field whose controller chooses as it enters (session 34, s34b: zones.enter_field, constants.ASK_ENTER_PENDING), the
    program stops at its next instruction; turn.advance asks (priority.ask_enter_unless), then resumes it."""
    return s[DEC_ARG + K.DEC_ASK] == K.ASK_ENTER_PENDING


@internal
def ask_discard(s, f, player):
    """DISCARD chosen by the player: one hand card (SELECT_HAND), FR_CNT counts them."""
    s[DEC_ARG] = 1  # an effect's discard (0: the end phase's, CR 505.5d)
    set_decision(s, K.Decision.DISCARD, player)


@internal
def playable_targets(game, s, T, arow, viewer, source):
    """May ability ``arow``'s program be played as far as its targets go (CR 903.2g): the core's
    ``targets_available``; a choice of modes (Op.SELECT_MODE, CR 903.2e) when one of its modes may be."""
    if ability_table(T)[arow, K.A_COST_BANISH_SELF] >= 2 and not cost_cards_available(game, s, T, arow, viewer, source):
        return False  # CR 903.2j / 1013.3: the cards a cost is paid with, as many as it names
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_SELECT_MODE) == 0:
        return all_targets_available(game, s, T, arow, viewer, source)  # no modes in the pool (its flags)
    abil = ability_table(T)
    c0 = abil[arow, K.A_CODE_START]
    if abil[arow, K.A_CODE_LEN] > 0 and code_table(T)[c0, I_OP] == Op.SELECT_MODE:
        for k in range(code_table(T)[c0, I_A1]):
            if game.mode_allowed(s, T, code_table(T)[c0, I_A0] + k, viewer, source) and \
                    game.mode_open(s, T, code_table(T)[c0, I_A0] + k, viewer, source):
                return True
        return False
    return game.mode_open(s, T, arow, viewer, source)  # (a mode's row: priority.ask_mode, mode_mask)


@internal
def mode_allowed(game, s, T, mrow, viewer, source):
    """Does the condition of mode row ``mrow`` hold (session 24, CR 903.2e: "Choose this option only if <condition>.",
    the sets of options that "Choose one, if <condition>, you may choose both" allows)? A mode row's A_COND is its
    own (cards.add_modes: Condition.NONE when the text sets none)."""
    a = ability_table(T)[mrow]
    return a[K.A_COND] == K.Condition.NONE or game.condition_holds(s, T, a[K.A_COND], a[K.A_COND_ARG], viewer, source)


@internal
def mode_open(game, s, T, arow, viewer, source):
    """May program ``arow`` (an ability's, or one mode's, CR 903.2e) be chosen as far as its targets go (CR 903.2g:
    ``all_targets_available``) and, for a mode "one will of any attribute shared with your J/ruler" (PRODUCE_WILL a2 =
    SHARED_WITH_RULER), while ``viewer``'s J/ruler (its ruler slot, either side up, CR 201.2b) has that attribute (CR
    208: a void J/ruler shares none)?"""
    abil = ability_table(T)
    c0 = abil[arow, K.A_CODE_START]
    if abil[arow, K.A_CODE_LEN] > 0 and code_table(T)[c0, I_OP] == Op.PRODUCE_WILL and \
            code_table(T)[c0, I_A2] == K.SHARED_WITH_RULER:
        ruler = card_table(T)[s[CARD + game.j_ruler_slot(s, viewer) * CARD_W]]
        return ((ruler[K.C_ATTR] >> code_table(T)[c0, I_A0]) & 1) != 0
    return all_targets_available(game, s, T, arow, viewer, source)


@internal
def in_play_matching(game, s, T, frow, viewer, source):
    """How many cards in both players' play areas filter ``frow`` matches, seen by ``viewer``."""
    n = 0
    for p in range(2):
        for i in range(game.in_play_count(s, p)):
            slot = game.in_play_slot(s, p, i)
            if slot >= 0 and game.filter_match(s, T, frow, slot, viewer, source):
                n += 1
    return n


@internal_inline
def all_targets_available(game, s, T, arow, viewer, source):
    """The core's ``targets_available`` (a leading CHOOSE that must choose has a card to choose), then, for a CHOOSE
    of a fixed count of two or more ("two target resonators"; not "up to", not X), that many legal targets (CR
    903.2g: the controller chooses legal ones, as many as the text names, or cannot play it; 903.2g-iii: the number
    is fixed as it is played). Counted only for such a CHOOSE: a count of one is what the core checks."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_ABILITY_TARGET) != 0:
        if not ability_targets_available(game, s, T, arow, viewer, source):
            return False
    elif not targets_available(game, s, T, arow, viewer, source):
        return False
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_MULTI_TARGET) == 0:
        return True  # no such CHOOSE in the pool (its flags)
    abil = ability_table(T)
    code = code_table(T)
    c0 = abil[arow, K.A_CODE_START]
    for r in range(c0, c0 + abil[arow, K.A_CODE_LEN]):
        if code[r, I_OP] != Op.CHOOSE:
            break
        need = code[r, I_A1]
        if code[r, I_A2] != 0 or need < 2:
            continue
        n = in_play_matching(game, s, T, code[r, I_A0], viewer, source)
        if n < need:
            return False
    return True


@internal
def ability_targets_available(game, s, T, arow, viewer, source):
    """The core's ``targets_available`` (every leading CHOOSE that must choose has something to choose, CR 903.2g) where
    a CHOOSE may target an ability on the chase (session 34, s34b: FilterZone.CHASE_ABILITY, in pools with one)."""
    abil = ability_table(T)
    code = code_table(T)
    c0 = abil[arow, K.A_CODE_START]
    for r in range(c0, c0 + abil[arow, K.A_CODE_LEN]):
        if code[r, I_OP] != Op.CHOOSE:
            break
        if code[r, I_A2] != 0:
            continue  # "up to": zero targets is legal
        frow = code[r, I_A0]
        if filter_table(T)[frow, K.F_ZONE] == K.FilterZone.CHASE_ABILITY:
            found = False
            for k in range(s[CHASE_N]):
                if game.filter_match(s, T, frow, K.ABILITY_REF + k, viewer, source):
                    found = True
                    break
            if not found:
                return False
        elif game.in_play_matching(s, T, frow, viewer, source) == 0:
            return False
    return True


@internal
def cost_cards_available(game, s, T, arow, viewer, source):
    """Has ability ``arow``'s cost paid with chosen cards (A_COST_BANISH_SELF 2 + reg / 4 + reg: "banish a
    <card>", "rest two recovered <cards> you control", cards.FowCost.pay_chosen) as many cards to choose as its
    CHOOSE on that register names (CR 903.2j: a cost not paid in full is not paid; the core's targets_available
    asks for one)?"""
    reg = (ability_table(T)[arow, K.A_COST_BANISH_SELF] - 2) % 2
    code = code_table(T)
    c0 = ability_table(T)[arow, K.A_CODE_START]
    for r in range(c0, c0 + ability_table(T)[arow, K.A_CODE_LEN]):
        if code[r, I_OP] != Op.CHOOSE:
            break
        if code[r, I_REG] != reg:
            continue
        n = in_play_matching(game, s, T, code[r, I_A0], viewer, source)
        return n >= code[r, I_A1]
    return True


@internal
def addition_hosts(game, s, T, slot):
    """CR 1406.3: the cards in the field addition ``slot`` (not an [Addition: Field]) can legally be added to, those
    of the type its subtype names (C_ADDITION, CR 1406.1a), listed in CAND (at most OPTION_SLOTS); their number."""
    want = card_table(T)[s[CARD + slot * CARD_W], K.C_ADDITION]
    n = 0
    for p in range(2):
        for i in range(game.in_play_count(s, p)):
            host = game.in_play_slot(s, p, i)
            if host < 0 or host == slot or s[ZONE + host * CARD_W] != Zone.FIELD or n >= OPTION_SLOTS:
                continue
            t = game.card_type(s, T, host)
            if want == K.AdditionTarget.RESONATOR:
                ok = t == K.CardType.RESONATOR
            elif want == K.AdditionTarget.J_RULER:
                ok = t == K.CardType.J_RULER
            else:
                ok = t == K.CardType.RESONATOR or t == K.CardType.J_RULER
            if ok:
                s[CAND + n] = host
                n += 1
    s[CAND_N] = n
    return n


@internal
def effect_to_field(game, s, T, slot, ctrl, rested):
    """An effect puts ``slot`` (not on the chase) into the field under ``ctrl``'s control (CR 307.7): 1 when it
    entered, 0 when it did not (a chant goes to the graveyard, CR 316.4; a ruler does not move, 316.1; an addition
    that must be added to a card stays where it is when no card in the field can take it, CR 1406.3 / 1002.2), 2
    when its controller must choose which of two or more cards it is added to (CAND holds them; ask_addition_host).
    With one such card it is added to that one (CR 1406.3)."""
    if game.card_type(s, T, slot) == K.CardType.ADDITION and \
            card_table(T)[s[CARD + slot * CARD_W], K.C_ADDITION] != K.AdditionTarget.FIELD:
        n = game.addition_hosts(s, T, slot)
        if n != 1:
            return 0 if n == 0 else 2
        host = s[CAND]
        game.enter_field(s, T, slot, ctrl)
        s[ATTACHED + slot * CARD_W] = host
    elif not game.enter_field(s, T, slot, ctrl):
        return 0
    if rested:
        s[RESTED + slot * CARD_W] = 1
    return 1


@internal
def ask_addition_host(game, s, T, f):
    """CR 1406.3: the CHOOSE_TARGET decision over the cards the pending addition (FR_CNT = ATTACH_PENDING - its
    slot) can be added to, asked of the effect's controller; no PASS (addition_host_chosen answers it)."""
    game.addition_hosts(s, T, K.ATTACH_PENDING - s[f + FR_CNT])
    s[DEC_ARG] = 0
    s[DEC_ARG + 1] = 0
    s[DEC_ARG + 2] = 0  # it must be added to one of them
    set_decision(s, Decision.CHOOSE_TARGET, s[f + E_CTRL])
    return ASKED


@internal
def addition_host_chosen(game, s, T, f, host):
    """The answer of ask_addition_host: the pending addition enters the field added to ``host`` (CR 1406.3), rested
    for "... into the field rested" (GRAVE_TO_FIELD's a2); FR_CNT ATTACH_DONE (the instruction then goes on)."""
    slot = K.ATTACH_PENDING - s[f + FR_CNT]
    row = code_table(T)[ability_table(T)[s[f + E_ABIL], K.A_CODE_START] + s[f + FR_PC]]
    owner = row[I_OP] == Op.GRAVE_TO_FIELD and (row[I_A2] & 2) != 0  # session 32: "under its owner's control"
    game.enter_field(s, T, slot, s[OWNER + slot * CARD_W] if owner else s[f + E_CTRL])
    s[ATTACHED + slot * CARD_W] = host
    if row[I_OP] == Op.GRAVE_TO_FIELD and (row[I_A2] & 1) == 1:
        s[RESTED + slot * CARD_W] = 1
    s[f + FR_CNT] = K.ATTACH_DONE


@internal
def search(game, s, T, f, p, frow, look):
    """SEARCH (CR 1014.2: a hidden zone, the player may fail to find): ``p`` chooses one matching
    card of its main deck for its hand, or none (the SEARCH decision: OPTION k of the candidates,
    PASS); then the deck is shuffled (CR 1021). Cards of the same card id are the same choice, so
    the candidates are the distinct matching card ids (``CAND`` holds card ids, not slots), in card
    id order (the deck's order stays hidden). Past OPTION_SLOTS ids, a page at a time: the lowest
    OPTION_SLOTS - 1, then SEARCH_MORE, whose answer lists the next ids (FR_CNT = SEARCH_PAGE + the
    lowest id of the page), so every matching card can be found (CR 1014.2).
    FR_CNT is 1 once answered with none, 2 with a card (``found``). A filter of the zone hand: "you
    may put a <card> from your hand into your field" (its cards are known to their holder; no shuffle); of the zone
    removed: "put a <card> from your removed area into your hand" (a public zone, CR 311.2; no shuffle).
    ``look`` (the row's a2, constants.SEARCH_*): only the top N cards of the deck are looked at ("look
    at the top N cards of your deck ..."), no shuffle; the ones not taken go where its bits say.
    SEARCH_REVEAL_TOP ("reveal the top N cards"): those N are revealed (CR 1005.1) as the search starts;
    SEARCH_REVEAL_TAKEN ("reveal it"): the card found is, by ``found`` (state.REVEAL_IDS); a reveal begins
    here, but for SEARCH_REVEAL_MORE ("search for up to N ..., reveal them": the SEARCH before began it)."""
    fz = filter_table(T)[frow, K.F_ZONE]
    deck = fz == K.FilterZone.MAIN_DECK or fz == K.FilterZone.STONE_DECK  # a hidden deck: shuffled after (CR 1014.2)
    holder = 1 - p if (look & K.SEARCH_OPPONENT) != 0 else p  # the opponent's hand looked at (CR 1019.1)
    n_off, l_off = zone_offsets(ZT, search_zone(fz), holder)
    top = look & K.SEARCH_TOP_MASK
    first = s[f + FR_CNT] - K.SEARCH_PAGE  # a later page (SEARCH_MORE answered): the lowest card id it lists
    if s[f + FR_CNT] == K.SEARCH_PLACED:
        return NEXT  # the rest put on the bottom in the order the player chose (rest_to_bottom)
    if s[f + FR_CNT] <= K.ATTACH_PENDING:
        return game.ask_addition_host(s, T, f)  # CR 1406.3: the card found is an addition, its host to choose
    if s[f + FR_CNT] == K.ATTACH_DONE:
        s[f + FR_CNT] = 2  # found and put into the field
    if s[f + FR_CNT] >= K.SEARCH_TAKEN:
        # a look that took t cards (SEARCH_TAKE_SHIFT): the N - t cards looked at and not taken go where the bits say
        return rest_to_bottom(game, s, T, f, p, min(top - (s[f + FR_CNT] - K.SEARCH_TAKEN), s[n_off]), look)
    again = 0  # cards a look already took (SEARCH_AGAIN + t: asked again among the N - t cards left)
    if s[f + FR_CNT] >= K.SEARCH_AGAIN:
        again = s[f + FR_CNT] - K.SEARCH_AGAIN
        first = 0
    if 0 < s[f + FR_CNT] < K.SEARCH_PAGE:
        if top > 0:
            taken = 1 if s[f + FR_CNT] == 2 else 0
            return rest_to_bottom(game, s, T, f, p, min(top, s[n_off] + taken) - taken, look)
        elif deck:
            # "shuffle the rest of your deck and put that card on top of it" (SearchTo.DECK_TOP, CR 1021.2a): the card
            # found (put on top by ``found``) stays there, the rest is shuffled under it
            to = code_table(T)[ability_table(T)[s[f + E_ABIL], K.A_CODE_START] + s[f + FR_PC], I_A1]  # the SEARCH's a1
            keep = 1 if s[f + FR_CNT] == 2 and to == K.SearchTo.DECK_TOP else 0
            shuffle_run_with(s, s, l_off, s[n_off] - keep)
        return NEXT
    n = 0
    more = False
    lowest = 0 if top == 0 else max(s[n_off] - (top - again), 0)  # the deck's top is its last index
    fresh = s[f + FR_CNT] == 0  # not a later page
    if fresh and (look & (K.SEARCH_REVEAL_TOP | K.SEARCH_REVEAL_TAKEN)) != 0 and (look & K.SEARCH_REVEAL_MORE) == 0:
        reveal_begin(s, REVEAL_N, p)  # a new reveal (CR 1005.1; engine.reveals): the card found is added by found
    if fresh and (look & K.SEARCH_OPPONENT) != 0:
        # "look at target opponent's hand": the whole hand shown (its holder knows it: only the looker learns it)
        reveal_begin(s, REVEAL_N, p)
        for i in range(s[n_off]):
            reveal_card(s, REVEAL_N, REVEAL_IDS, K.REVEAL_ROWS, p, s[CARD + s[l_off + i] * CARD_W])
    if fresh and (look & K.SEARCH_REVEAL_TOP) != 0:
        # "reveal the top N cards of your deck" (CR 1005.1): shown to every player, top first
        for i in range(s[n_off] - 1, lowest - 1, -1):
            reveal_card(s, REVEAL_N, REVEAL_IDS, K.REVEAL_ROWS, p, s[CARD + s[l_off + i] * CARD_W])
    for i in range(s[n_off] - 1, lowest - 1, -1):
        slot = s[l_off + i]
        if not game.filter_match(s, T, frow, slot, p, s[f + E_SLOT]):
            continue
        cid = s[CARD + slot * CARD_W]
        if cid < first:
            continue  # listed on an earlier page
        k = 0
        while k < n and s[CAND + k] < cid:
            k += 1
        if k < n and s[CAND + k] == cid:
            continue  # the same card as one listed
        if k >= OPTION_SLOTS or n == OPTION_SLOTS:
            more = True  # a distinct id past the capacity (k < OPTION_SLOTS: the last one listed leaves)
            if k >= OPTION_SLOTS:
                continue
        for j in range(min(n, OPTION_SLOTS - 1), k, -1):  # insert in card id order
            s[CAND + j] = s[CAND + j - 1]
        s[CAND + k] = cid
        n = min(n + 1, OPTION_SLOTS)
    if more:
        s[CAND + OPTION_SLOTS - 1] = K.SEARCH_MORE  # the next page, from the id after the last one listed
    if n == 0:
        if top > 0:
            return rest_to_bottom(game, s, T, f, p, min(top - again, s[n_off]), look)
        elif deck:
            shuffle_run_with(s, s, l_off, s[n_off])
        return NEXT
    s[CAND_N] = n
    set_decision(s, Decision.SEARCH, p)
    return ASKED


@internal
def rest_to_bottom(game, s, T, f, p, n, look):
    """``look_rest``, but "put the rest on the bottom of your deck in any order" (SEARCH_REST_ANY) of two or more
    cards: the player puts them on the bottom one at a time (the FORESEE decision with the BOTTOM actions only,
    kernels.legal_mask_row; the first put there ends up above the others), FR_CNT SEARCH_PLACING meanwhile
    (place_foreseen then sets SEARCH_PLACED); ASKED, else NEXT."""
    if (look & K.SEARCH_REST_ANY) == 0 or n < 2:
        look_rest(game, s, T, p, n, look)
        return NEXT
    n_off, l_off = zone_offsets(ZT, Zone.MAIN_DECK, p)
    n = min(n, OPTION_SLOTS)
    for k in range(n):
        s[CAND + k] = s[l_off + s[n_off] - 1 - k]  # top first
    s[CAND_N] = n
    # "the rest on the top of your deck in any order" (session 28: SEARCH_REST_ANY alone): back onto the top instead
    s[f + FR_CNT] = K.SEARCH_PLACING if (look & K.SEARCH_REST_BOTTOM) != 0 else K.SEARCH_PLACING_TOP
    set_decision(s, Decision.FORESEE, p)
    return ASKED


@internal
def look_rest(game, s, T, p, n, look):
    """The ``n`` cards looked at and not taken (the top ``n`` of ``p``'s main deck): to the bottom
    in a random order (the deck's bottom is index 0: they are shuffled there), into the graveyard,
    or left on top (constants.SEARCH_REST_*)."""
    n_off, l_off = zone_offsets(ZT, Zone.MAIN_DECK, p)
    if look & K.SEARCH_REST_BOTTOM:
        for _ in range(n):
            game.to_deck_bottom(s, s[l_off + s[n_off] - 1])
        shuffle_run_with(s, s, l_off, n)
    elif look & K.SEARCH_REST_GRAVEYARD:
        for _ in range(n):
            game.to_graveyard(s, T, s[l_off + s[n_off] - 1])


@internal
def search_may_pass(game, s, T):
    """May the SEARCH decision be answered with none (CR 1014.2: a search may fail to find)? Not
    for "put a <card> from among them ..." without "you may" (constants.SEARCH_MUST) while one
    matches (the decision is asked only then)."""
    f = game.top_frame(s)
    row = code_table(T)[ability_table(T)[s[f + E_ABIL], K.A_CODE_START] + s[f + FR_PC]]
    return row[I_OP] != Op.SEARCH or (row[I_A2] & K.SEARCH_MUST) == 0


@internal
def reveal_hand(game, s, ctrl, holder, by_holder):
    """REVEAL_HAND (session 28): every card of ``holder``'s hand is shown, a reveal of ``holder`` ("your opponent reveals
    their hand", CR 1005.1: shown to every player) or, ``by_holder`` 0, of the looker ``ctrl`` ("look at your opponent's
    hand": its holder knows the cards, so only the looker learns anything); engine.reveals keeps REVEAL_ROWS of them."""
    who = holder if by_holder else ctrl
    n_off, l_off = zone_offsets(ZT, Zone.HAND, holder)
    reveal_begin(s, REVEAL_N, who)
    for i in range(s[n_off]):
        reveal_card(s, REVEAL_N, REVEAL_IDS, K.REVEAL_ROWS, who, s[CARD + s[l_off + i] * CARD_W])


@internal
def foresee_may_bottom(game, s, T):
    """May a card of the FORESEE decision go to the bottom of the deck (the BOTTOM actions)? Not for "look at the top N
    cards of your deck and put them back in any order" (session 28: FORESEE a1 = FORESEE_TOP_ONLY, onto the top only)."""
    f = game.top_frame(s)
    if s[f + FR_CNT] == K.SEARCH_PLACING_TOP:
        return False  # a look's rest "on the top of your deck in any order" (rest_to_bottom)
    row = code_table(T)[ability_table(T)[s[f + E_ABIL], K.A_CODE_START] + s[f + FR_PC]]
    return row[I_OP] != Op.FORESEE or row[I_A1] != K.FORESEE_TOP_ONLY


@internal
def search_zone(fz):
    """The zone a SEARCH row's filter zone ``fz`` looks in: the hand, the removed area, the graveyard (session 27: "put a
    <card> from your graveyard into your hand / field", a public zone, CR 310.2), the magic stone deck (session 27) or
    else the main deck."""
    if fz == K.FilterZone.HAND:
        return Zone.HAND
    if fz == K.FilterZone.REMOVED:
        return Zone.REMOVED
    if fz == K.FilterZone.GRAVEYARD:
        return Zone.GRAVEYARD
    if fz == K.FilterZone.STONE_DECK:
        return Zone.STONE_DECK  # "search your magic stone deck for ..." (session 27, CR 305)
    return Zone.MAIN_DECK


@internal
def found(game, s, T, p, k):
    """The SEARCH decision's answer: a card of candidate ``k``'s card id from ``p``'s main deck into
    its hand (k -1: none, CR 1014.2), or where the SEARCH row's a1 says (constants.SearchTo: "put it
    into the field", CR 307.7 / 1140.2, or "into your graveyard"); SEARCH then shuffles (or, after a
    look at the top cards, puts the rest where its a2 says). The deck is scanned from the top: a
    card of the top N (the candidates came from there) is found before any other of its id."""
    f = game.top_frame(s)
    if k >= 0 and s[CAND + k] == K.SEARCH_MORE:
        s[f + FR_CNT] = K.SEARCH_PAGE + s[CAND + k - 1] + 1  # the next page (search lists it and asks again)
        return
    if k >= 0:
        row = code_table(T)[ability_table(T)[s[f + E_ABIL], K.A_CODE_START] + s[f + FR_PC]]
        dest = row[I_A1]
        fz = filter_table(T)[row[I_A0], K.F_ZONE]
        n_off, l_off = zone_offsets(ZT, search_zone(fz), 1 - p if (row[I_A2] & K.SEARCH_OPPONENT) != 0 else p)
        if row[I_A2] & K.SEARCH_REVEAL_TAKEN:
            # "reveal it and put it into your hand" (CR 1005.1): the card found is shown to every player (the
            # reveal began with the search, or with the one before it for SEARCH_REVEAL_MORE)
            reveal_card(s, REVEAL_N, REVEAL_IDS, K.REVEAL_ROWS, p, s[CAND + k])
        for i in range(s[n_off] - 1, -1, -1):
            slot = s[l_off + i]
            if s[CARD + slot * CARD_W] == s[CAND + k]:
                if dest == K.SearchTo.FIELD:
                    # "... into the field rested" (SEARCH_RESTED, session 28)
                    if game.effect_to_field(s, T, slot, p, (row[I_A2] & K.SEARCH_RESTED) != 0) == 2:
                        s[f + FR_CNT] = K.ATTACH_PENDING - slot  # search asks which card it is added to
                        return
                elif dest == K.SearchTo.GRAVEYARD:
                    game.to_graveyard(s, T, slot)
                elif dest == K.SearchTo.REMOVED:
                    game.move_card(s, T, slot, Zone.REMOVED)  # "they remove that card from the game" (CR 1004.1)
                elif dest == K.SearchTo.DECK_TOP:
                    # "... and put that card on top of it" (CR 1021.2a): on top of the deck it was found in; SEARCH
                    # then shuffles the others under it
                    zone_take(s, ZT, slot)
                    zone_put(s, ZT, slot, search_zone(fz))
                else:
                    game.move_card(s, T, slot, Zone.HAND)
                break
    if k >= 0 or s[f + FR_CNT] >= K.SEARCH_AGAIN:
        row = code_table(T)[ability_table(T)[s[f + E_ABIL], K.A_CODE_START] + s[f + FR_PC]]
        if k >= 0 and (row[I_A2] & K.SEARCH_ANY) != 0:
            s[f + FR_CNT] = K.SEARCH_AGAIN  # "any number of <cards>": asked again (a PASS ends it, then the shuffle)
            return
        more = (row[I_A2] >> K.SEARCH_TAKE_SHIFT) & K.SEARCH_TAKE_MASK
        top = row[I_A2] & K.SEARCH_TOP_MASK
        if more > 0 and top > 0:
            # "put up to two <cards> from among them" (SEARCH_TAKE_SHIFT): asked again among the cards left, until
            # 1 + more are taken, none is left looked at, or the player passes
            t = (s[f + FR_CNT] - K.SEARCH_AGAIN if s[f + FR_CNT] >= K.SEARCH_AGAIN else 0) + (1 if k >= 0 else 0)
            s[f + FR_CNT] = K.SEARCH_AGAIN + t if k >= 0 and t <= more and t < top else K.SEARCH_TAKEN + t
            return
    s[f + FR_CNT] = 1 if k < 0 else 2


@internal
def foresee(s, T, f, p, count, holder, zone):
    """FORESEE (CR 1034.1): ``p`` looks at the top ``count`` cards of ``holder``'s main deck (its own; session 28: "look
    at the top card of your opponent's deck ...", the opponent's; or its magic stone deck, ``zone``, "put them back in
    any order" only) and puts them one at a time on the top (OPTION k) or the bottom (BOTTOM k) of that deck, the
    FORESEE decision (``place_foreseen``); FR_CNT is 1 once all are placed."""
    if s[f + FR_CNT] > 0:
        return NEXT
    n_off, l_off = zone_offsets(ZT, zone, holder)
    n = min(count, s[n_off], OPTION_SLOTS)
    if n <= 0:
        return NEXT
    for k in range(n):
        s[CAND + k] = s[l_off + s[n_off] - 1 - k]  # top first
    s[CAND_N] = n
    set_decision(s, Decision.FORESEE, p)
    return ASKED


@internal
def place_foreseen(game, s, k, bottom):
    """The FORESEE decision's answer: looked-at card ``k`` onto the top or to the bottom of its
    owner's main deck (onto the top of the deck it is in: the magic stone deck too, session 28); the next one is asked
    until none is left."""
    slot = s[CAND + k]
    if bottom:
        game.to_deck_bottom(s, slot)
    else:
        z = s[ZONE + slot * CARD_W]
        zone_take(s, ZT, slot)
        zone_put(s, ZT, slot, z)
    n = s[CAND_N] - 1
    for j in range(k, n):
        s[CAND + j] = s[CAND + j + 1]
    s[CAND_N] = n
    f = game.top_frame(s)
    if n > 0:
        set_decision(s, Decision.FORESEE, s[H_DECIDER])  # the same player (not the owner: an opponent's deck, session 28)
    elif s[f + FR_CNT] == K.SEARCH_PLACING or s[f + FR_CNT] == K.SEARCH_PLACING_TOP:
        s[f + FR_CNT] = K.SEARCH_PLACED  # a look's rest put on the bottom / top (rest_to_bottom): the SEARCH is done
    else:
        s[f + FR_CNT] = 1


@internal_inline  # one caller: inlined into it (engine.jit)
def own_atk(game, s, T, src):
    """SET_X's Per.SELF_ATK ("damage equal to its ATK"): the source's ATK in hundreds as it resolves; off
    the field its printed ATK (no last known information, CR 911.1: own_atk_printed_when_gone). Not in
    filters.aura_count: ATK is computed with the auras, which count with aura_count."""
    if src < 0:
        return 0
    if s[ZONE + src * CARD_W] == Zone.FIELD:
        return max(game.atk_of(s, T, src), 0) // 100
    return card_table(T)[s[CARD + src * CARD_W], K.C_ATK] // 100


@internal_inline  # one caller: inlined into it (engine.jit)
def add_shields(game, s, f, reg, kind, amount):
    """PREVENT / SHIELD_DESTROY on every card of register ``reg`` still a legal target (CR 903.3a):
    a shield table entry each (replacement.py)."""
    for i in range(s[f + E_REGN + reg]):
        slot = s[f + E_REG + reg * TARGET_MAX + i]
        if game.target_affected(s, Op.PREVENT, slot):
            game.add_shield(s, kind, slot, -1, amount, s[f + E_CTRL], s[f + E_CARD])


@internal
def damage_redirect(game, s, T, p):
    """The card damage to player ``p`` is dealt to instead: the first card of ``p``'s field (the earliest there) with a
    continuous ability "If damage would be dealt to you, it's dealt to this card instead." (Op.REDIRECT_DAMAGE) whose
    condition holds; -1 none. CR 910.2a: among several, the dealer's choice: the engine takes the first for them.
    (Only a J/resonator has one: card_text.)"""
    return game.first_continuous_op(s, T, p, Op.REDIRECT_DAMAGE)


@internal
def first_continuous_op(game, s, T, p, op):
    """The first card of ``p``'s (field, then ruler area: ``next_continuous``) with a continuous ability holding an
    instruction ``op`` whose condition holds now; -1 none."""
    abil = ability_table(T)
    code = code_table(T)
    k, card, r = game.next_continuous(s, T, p, -1, 0, -1)
    while k >= 0:
        for q in range(abil[r, K.A_CODE_START], abil[r, K.A_CODE_START] + abil[r, K.A_CODE_LEN]):
            if code[q, I_OP] == op and game.condition_holds(s, T, abil[r, K.A_COND], abil[r, K.A_COND_ARG], p, card):
                return card
        k, card, r = game.next_continuous(s, T, p, -1, k, r + 1)
    return -1


@internal
def life_gain_blocked(game, s, T, p):
    """Does a continuous ability "Players cannot gain life." (Op.NO_LIFE_GAIN) apply now: one of a card in a field
    or a ruler area (CR 902.1), its condition holding? Or (session 32) "<player> cannot gain life until end of turn" for
    player ``p`` (a Shield.NO_LIFE_GAIN entry, Op.NO_LIFE_GAIN_TURN)? Only in pools with one (FLAG_NO_LIFE_GAIN)."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_NO_LIFE_GAIN) == 0:
        return False
    for i in range(s[SHIELD_N]):
        e = game.shield_at(i)
        if s[e + SH_KIND] == Shield.NO_LIFE_GAIN and s[e + SH_PLAYER] == p:
            return True
    return game.first_continuous_op(s, T, 0, Op.NO_LIFE_GAIN) >= 0 or game.first_continuous_op(s, T, 1, Op.NO_LIFE_GAIN) >= 0


@internal
def exec_op(game, s, T, f, op, reg, a0, a1, a2):
    """Force of Will's own non-each-target opcodes."""
    ctrl = s[f + E_CTRL]
    who = ctrl if a1 == K.Who.CONTROLLER else 1 - ctrl
    if a1 == K.WHO_TURN_PLAYER and (op == Op.GAIN_LIFE or op == Op.LOSE_LIFE or op == Op.PLAYER_DISCARD or
                                    op == Op.PLAYER_BANISH):
        who = s[TURN_PLAYER]  # session 29: "that player" after "at the beginning of each player's turn" (CR 501)
    if a1 == K.WHO_TARGET_CONTROLLER and (op == Op.GAIN_LIFE or op == Op.LOSE_LIFE or op == Op.PLAYER_DISCARD or
                                          op == Op.DAMAGE_PLAYER):
        # (session 33: DAMAGE_PLAYER, "... and M damage to its controller")
        # session 29: "its controller" (a target's, last known: the SET_X of Per.TARGET_CONTROLLER before it, CR 911.1);
        # none when that target was no longer legal (X 0, CR 903.3a)
        who = s[f + E_X] - 1
        if who < 0:
            return NOT_DONE
    src = s[f + E_SLOT]
    if op == Op.CANCEL_UNLESS_PAY:
        return cancel_unless_pay(game, s, T, f, reg, a0)  # session 34 (s34b)
    if op == Op.CANCEL_ABILITY:
        return cancel_ability(game, s, T, f, reg)  # session 34 (s34b)
    if op == Op.REVEAL_FROM_HAND:
        return reveal_from_hand(game, s, T, f, reg, a0, a1)  # session 34 (s34b)
    if op == Op.TARGET_TRIGGER:
        aux = s[f + E_AUX]  # the trigger's card (CR 906.7); a card that left the field is a new one (CR 302.3)
        if aux >= 0 and s[ZONE + aux * CARD_W] == (Zone.REMOVED if a1 == 1 else Zone.FIELD):
            reg_add(game, s, f, reg, aux)
    elif op == Op.DAMAGE_PLAYER:
        game.deal_damage_to_player(s, T, src if src >= 0 and s[ZONE + src * CARD_W] == Zone.FIELD else -1, who,
                              game.amount_of(s, f, a0))
    elif op == Op.SET_X:
        # "... for each <cards> / card in your hand", "..., where X is <count>": the count read now (as it resolves),
        # kept as the frame's X for the "X" operands after it (amount_of); only in programs of cards without {X}.
        # a2 = times + plus * SET_X_PLUS (session 28): X = max(0, times x count + plus) (CR 104.2: a negative amount
        # is none)
        plus = (a2 + K.SET_X_PLUS // 2) // K.SET_X_PLUS
        times = a2 - plus * K.SET_X_PLUS
        if a0 == K.Per.TRIGGER_DAMAGE:
            v = max(s[f + E_AUX], 0) // 100  # the damage that triggered the ability (its aux)
        elif a0 == K.Per.TRIGGER_COST:
            # "where X is that chant's total cost" (session 28): the trigger's card (its aux), CR 203.5 / 203.5b
            aux = s[f + E_AUX]
            v = 0
            if aux >= 0 and s[CARD + aux * CARD_W] >= 0:
                v = game.total_cost(T, s[CARD + aux * CARD_W]) + x_on_chase(s, aux)
        elif a0 == K.Per.THIS_WAY:
            v = s[f + E_X]  # session 29: the count the op before kept (Op.REMOVE_GRAVE: the cards removed this way)
        elif a0 == K.Per.TARGET_CONTROLLER:
            # session 29: "its controller": the register's first card's controller + 1 while it is in the field, else 0
            t = s[f + E_REG + reg * TARGET_MAX] if s[f + E_REGN + reg] > 0 else -1
            v = s[CONTROLLER + t * CARD_W] + 1 if t >= 0 and s[ZONE + t * CARD_W] == Zone.FIELD else 0
        elif a0 == K.Per.FORCE_ROLL:
            # "[Force] N ... where X is the result of the roll" (session 29, CR 1023.1): N rolls of a six-sided die
            # (1023.1a: 1 to 6, each as likely), added together, from the game's random stream
            v = 0
            for _ in range(a1):
                v += rng_below(s, 6) + 1
        elif a0 == K.Per.TARGET_DEF or a0 == K.Per.TARGET_ATK:
            # "equal to its DEF / ATK" (session 27): the register's first card, now, if it is still in the field
            t = s[f + E_REG + reg * TARGET_MAX] if s[f + E_REGN + reg] > 0 else -1
            v = 0
            if t >= 0 and s[ZONE + t * CARD_W] == Zone.FIELD:
                v = game.def_of(s, T, t) if a0 == K.Per.TARGET_DEF else game.atk_of(s, T, t)
            v = max(v, 0) // 100
        else:
            v = own_atk(game, s, T, src) if a0 == K.Per.SELF_ATK else game.aura_count(s, T, a0, a1, ctrl, src)
        s[f + E_X] = max(times * v + plus, 0)
    elif op == Op.POWER_X:
        # session 28: "<targets> gain [+X00/+X00] until end of turn, where X is ..." (CR 1020.3): POWER times the X set
        # before, on every card of the register still a legal target (CR 903.3a); NOT_DONE when none was
        x = s[f + E_X]
        done = False
        for i in range(s[f + E_REGN + reg]):
            slot = s[f + E_REG + reg * TARGET_MAX + i]
            if game.target_affected(s, Op.POWER, slot):
                game.add_power(s, slot, a0 * x, a1)
                game.add_power_second(s, slot, a2 * x, a1)
                done = True
        if not done:
            return NOT_DONE
    elif op == Op.REMOVED_TO_HAND:
        # session 34 (s34a): targets chosen in a removed area (CR 903.2g, 311), the ones still there (CR 903.3a), into
        # their owners' hands
        for i in range(s[f + E_REGN + reg]):
            slot = s[f + E_REG + reg * TARGET_MAX + i]
            if s[ZONE + slot * CARD_W] == Zone.REMOVED:
                game.move_card(s, T, slot, Zone.HAND)
    elif op == Op.DISCARD_HAND:
        # session 34 (s34a): "<player> discards their hand" (CR 1019.1): each card (zones.discard_to_graveyard: a
        # replacement "... remove it from the game instead" reads it, CR 910.1), the last first; none: not done (CR 104.2)
        if s[HAND_N + who] == 0:
            return NOT_DONE
        while s[HAND_N + who] > 0:
            game.discard_to_graveyard(s, T, who, s[HAND_N + who] - 1)
    elif op == Op.SELECT_SHARED_NAME:
        select_shared_name(game, s, T, f, reg, a0)
    elif op == Op.SET_POWER:
        # session 34 (s34a): "<targets> become(s) a [A/D] until end of turn" (CR 909.1g) on every card of the register
        # still a legal target (CR 903.3a); NOT_DONE when none was
        done = False
        for i in range(s[f + E_REGN + reg]):
            slot = s[f + E_REG + reg * TARGET_MAX + i]
            if game.target_affected(s, Op.POWER, slot):
                set_power(game, s, T, slot, a0, a2)
                done = True
        if not done:
            return NOT_DONE
    elif op == Op.GAIN_LIFE:
        gained = game.amount_of(s, f, a0)
        if gained > 0 and game.life_gain_blocked(s, T, who):
            gained = 0  # "Players cannot gain life."
        s[LIFE + who] += gained
        if gained > 0:
            game.trigger_controlled(s, T, K.Trigger.YOU_GAIN_LIFE, who)  # "whenever you gain life"
    elif op == Op.LOSE_LIFE:
        s[LIFE + who] -= game.amount_of(s, f, a0)
    elif op == Op.REVEAL_TOP:
        # session 29, CR 1005.1: the top card of its controller's main deck, shown to every player, into register I_REG
        n_off, l_off = zone_offsets(ZT, Zone.MAIN_DECK, ctrl)
        if s[n_off] > 0:
            top = s[l_off + s[n_off] - 1]
            reveal_begin(s, REVEAL_N, ctrl)
            reveal_card(s, REVEAL_N, REVEAL_IDS, K.REVEAL_ROWS, ctrl, s[CARD + top * CARD_W])
            reg_add(game, s, f, reg, top)
    elif op == Op.IF_COST:
        # session 29: "If its total cost is odd / even, ..." (CR 203.5): the register's first card; none: skipped
        t = s[f + E_REG + reg * TARGET_MAX] if s[f + E_REGN + reg] > 0 else -1
        if t < 0 or (game.total_cost(T, s[CARD + t * CARD_W]) > s[f + E_X] if a0 == K.IF_COST_AT_MOST_X else
                     game.total_cost(T, s[CARD + t * CARD_W]) % 2 != a0):
            s[f + FR_PC] += a2
    elif op == Op.REMOVE_GRAVE:
        # session 29, CR 1004.1: every card of both graveyards filter a0 matches (side: its owner) into its owner's removed
        # area, from the top down; a2 > 0: X := how many of them filter a2 - 1 matched in the graveyard ("removed this way")
        n = 0
        for p in range(2):
            n_off, l_off = zone_offsets(ZT, Zone.GRAVEYARD, p)
            i = s[n_off] - 1
            while i >= 0:
                slot = s[l_off + i]
                if game.filter_base(s, T, a0, slot, ctrl, src):
                    if a2 > 0 and game.filter_base(s, T, a2 - 1, slot, ctrl, src):
                        n += 1
                    game.move_card(s, T, slot, Zone.REMOVED)
                i = min(i - 1, s[n_off] - 1)
        if a2 > 0:
            s[f + E_X] = n
    elif op == Op.PAY:
        # session 32: "[you may] pay <will> / N life. If you do, ..." (CR 1003.1, 907.2): from the produced will, as every will
        # cost (costs.can_pay / pay: attribute costs from their attribute, the free cost canonically); all of it or nothing
        # (no array: the kernels allocate nothing; costs.can_pay / pay over the attribute costs unpacked from a0)
        if s[LIFE + ctrl] < a2:
            return NOT_DONE
        wp = _WILL + ctrl * K.N_WILL
        mask = (1 << K.PAY_ATTR_BITS) - 1
        rest = s[wp + K.WILL_VOID]
        for a in range(K.N_ATTRIBUTES):
            need = (a0 >> (K.PAY_ATTR_BITS * a)) & mask
            if s[wp + a] < need:
                return NOT_DONE
            rest += s[wp + a] - need
        if rest + s[wp + K.WILL_MOON] < a1:
            return NOT_DONE
        for a in range(K.N_ATTRIBUTES):
            s[wp + a] -= (a0 >> (K.PAY_ATTR_BITS * a)) & mask
        moon = min(max(a1 - rest, 0), s[wp + K.WILL_MOON])  # the moon will pays what the rest cannot (costs.pay)
        s[wp + K.WILL_MOON] -= moon
        pool_pay_generic(s, wp, K.N_ATTRIBUTES, wp + K.WILL_VOID, max(a1, 0) - moon)
        s[LIFE + ctrl] -= a2
    elif op == Op.PLAYER_DISCARD:
        # session 29: "Its controller discards N cards [at random]" (CR 1019.1): the core's DISCARD by that player; a2 bit
        # DISCARD_THIS_WAY: "the total cost of the card discarded this way" (the frame's X, added as each is discarded,
        # kernels: the decision's DEC_ARG DISCARD_THIS_WAY; not at random)
        this_way = (a2 & K.DISCARD_THIS_WAY) != 0
        if this_way and s[f + FR_CNT] == 0:
            s[f + E_X] = 0
        if (a2 & 1) != 0 and not this_way and (a2 & K.DISCARD_TO_REG) == 0:
            # session 32: at random (CR 1019.1), as the core's DISCARD does (the same draws of the random stream), each card
            # by zones.discard_to_graveyard: a continuous "... from anywhere, remove it from the game instead" reads it
            # (CR 910.1) and "when this card is put into a graveyard from your hand" triggers (Trigger.PUT_INTO_GRAVEYARD_
            # FROM_HAND); the card compiler writes every discard at random so (cards: Op.PLAYER_DISCARD)
            n = count_operand(game, s, f, a0)
            k = 0
            for _ in range(n):
                h = s[HAND_N + who]
                if h == 0:
                    break
                game.discard_to_graveyard(s, T, who, rng_below(s, h))
                k += 1
            return NEXT if 0 < n <= k else NOT_DONE
        st = core_discard(game, s, f, a0, K.Who.CONTROLLER if who == ctrl else K.Who.OPPONENT, a2 & 1)
        if st == ASKED and (a2 & (K.DISCARD_THIS_WAY | K.DISCARD_TO_REG)) != 0:
            # the DISCARD decision's DEC_ARG (1: an effect's discard) with what kernels record of each card discarded
            s[DEC_ARG] = 1 | (a2 & (K.DISCARD_THIS_WAY | K.DISCARD_TO_REG)) | (reg << K.DISCARD_REG_SHIFT)
        return st
    elif op == Op.SEARCH:
        return game.search(s, T, f, ctrl, a0, a2)
    elif op == Op.FORESEE:
        # a2 1: the opponent's deck; 2: the magic stone deck (session 28)
        return game.foresee(s, T, f, ctrl, a0, 1 - ctrl if a2 == 1 else ctrl, Zone.STONE_DECK if a2 == 2 else Zone.MAIN_DECK)
    elif op == Op.REVEAL_HAND:
        game.reveal_hand(s, ctrl, who, a2)
    elif op == Op.PREVENT_FROM:
        add_shields(game, s, f, reg, Shield.PREVENT_FROM, a0)  # a0 (session 34): 0 all; -1 / -2 the next damage
    elif op == Op.LOCK_RECOVER:
        if src >= 0 and s[ZONE + src * CARD_W] == Zone.FIELD:  # "as long as this card is in the field": it is now
            add_shields(game, s, f, reg, Shield.NO_RECOVER, src)
    elif op == Op.LOSE_ABILITIES_WHILE:
        # session 33 (s33b): CR 909.8: not made when the source is no longer in the field; the keywords one-time effects
        # granted before it until end of turn / of battle are lost (CR 909.3b, as effects.add_restrictions)
        if src >= 0 and s[ZONE + src * CARD_W] == Zone.FIELD:
            for i in range(s[f + E_REGN + reg]):
                tg = s[f + E_REG + reg * TARGET_MAX + i]
                if game.target_affected(s, Op.PREVENT, tg):  # CR 903.3a
                    s[KW_EOT + tg * CARD_W] = 0
                    s[KW_EOB + tg * CARD_W] = 0
            add_shields(game, s, f, reg, Shield.NO_ABILITIES, src)
    elif op == Op.PREVENT or op == Op.SHIELD_DESTROY:
        # a2 = 1: "prevent the next damage" (all of it, once): the shield's amount -1 (replacement.prevent_damage)
        amount = -1 if a2 == 1 and op == Op.PREVENT else game.amount_of(s, f, a0)
        if a0 >= 0 or amount > 0:  # "prevent the next X00" with X = 0 prevents nothing
            add_shields(game, s, f, reg, Shield.PREVENT if op == Op.PREVENT else Shield.DESTROY, amount)
    elif op == Op.PREVENT_PLAYER:
        amount = -1 if a2 == 1 else game.amount_of(s, f, a0)
        if a0 >= 0 or amount > 0:
            game.add_shield(s, Shield.PREVENT, -1, who, amount, ctrl, s[f + E_CARD])
    elif op == Op.GRAVE_TO_HAND or op == Op.GRAVE_TO_FIELD:
        # targets chosen in a graveyard (CR 903.2g): the ones still there (CR 903.3a) to their owner's
        # hand, or into the field under this effect's controller's control (CR 307.7), rested when a2
        # (effect_to_field: CR 316.4 for a chant, CR 1406.3 for an addition added to a card, which may ask)
        if s[f + FR_CNT] <= K.ATTACH_PENDING:
            return game.ask_addition_host(s, T, f)
        s[f + FR_CNT] = 0  # ATTACH_DONE: the addition is in, the other targets go on
        for i in range(s[f + E_REGN + reg]):
            slot = s[f + E_REG + reg * TARGET_MAX + i]
            if s[ZONE + slot * CARD_W] != Zone.GRAVEYARD:
                continue
            if op == Op.GRAVE_TO_HAND:
                game.move_card(s, T, slot, Zone.HAND)
            elif game.effect_to_field(s, T, slot, s[OWNER + slot * CARD_W] if (a2 & 2) != 0 else ctrl, (a2 & 1) == 1) == 2:
                # (a2 bit 2, session 32: "under its owner's control", CR 105.3a)
                s[f + FR_CNT] = K.ATTACH_PENDING - slot
                return game.ask_addition_host(s, T, f)
    elif op == Op.NO_LIFE_GAIN_TURN:
        # session 32: "<player> cannot gain life until end of turn" (CR 505.5b: it ends with the turn)
        game.add_shield(s, Shield.NO_LIFE_GAIN, -1, who, 0, ctrl, s[f + E_CARD])
    elif op == Op.GRAVE_REMOVE:
        # session 32: targets chosen in a graveyard (CR 903.2g), the ones still there (CR 903.3a), removed from the game
        # (CR 1004.1: into their owner's removed area)
        for i in range(s[f + E_REGN + reg]):
            slot = s[f + E_REG + reg * TARGET_MAX + i]
            if s[ZONE + slot * CARD_W] == Zone.GRAVEYARD:
                game.move_card(s, T, slot, Zone.REMOVED)
    elif op == Op.REMOVED_TO_FIELD:
        # session 29 (CR 307.7, 105.3a): the register's cards still in a removed area into the field under their owners'
        # control (an addition that must be added to a card: its controller chooses which, as GRAVE_TO_FIELD)
        if s[f + FR_CNT] <= K.ATTACH_PENDING:
            return game.ask_addition_host(s, T, f)
        s[f + FR_CNT] = 0
        for i in range(s[f + E_REGN + reg]):
            slot = s[f + E_REG + reg * TARGET_MAX + i]
            if s[ZONE + slot * CARD_W] != Zone.REMOVED:
                continue
            if game.effect_to_field(s, T, slot, s[OWNER + slot * CARD_W], False) == 2:
                s[f + FR_CNT] = K.ATTACH_PENDING - slot
                return game.ask_addition_host(s, T, f)
    elif op == Op.WEATHER:
        s[WEATHER + ctrl] = a0  # CR 1028.1 / 1028.1b: the effect's controller's weather, the latest effect's
    elif op == Op.PRODUCE_WILL:
        if a0 == K.GEM_ANY:
            # session 32: an automatic ability's "Produce {W}, {R} ... or {B}" / "two wills in any combination of ...": the
            # attribute of each chosen as it resolves among a1's mask (bits from 8), a1 & 255 wills (CR 907.4)
            return produce_wills_chosen(s, f, ctrl, a1 & 255, a1 >> 8)
        n = game.amount_of(s, f, a1) if a1 < 0 else max(a1, 1)  # a1 < 0: X of it ("for each ...", session 28)
        if n <= 0:
            return NEXT  # CR 104.2: none produced
        if a2 > 0:  # "Spend this will only to play <cards>" (filter row a2 - 1): kept apart (state.RWILL)
            game.add_restricted_will(s, ctrl, a2 - 1, a0, n)
        else:
            s[WILL + ctrl * K.N_WILL + a0] += n  # CR 907.4: kept by the ability's controller
    elif op == Op.CALL_STONE:
        top = game.put_stone_deck_top(s, ctrl)
        if top >= 0:
            game.enter_field(s, T, top, ctrl)  # CR 1016
            if a2 == 1:
                s[RESTED + top * CARD_W] = 1  # "... into the field rested": it enters rested
    elif op == Op.MAKE_TOKEN:
        # CR 1303.1c: a2 tokens of card row a0 into the field under ``who``'s control, each in a free slot of
        # theirs (none left: the rest are not made, CR 104.2); it enters like a card (its "enters" triggers)
        for _ in range(game.amount_of(s, f, a2)):  # a2 < 0: X of them (session 28: "put X <tokens> ...")
            slot = game.free_slot(s, who)
            if slot < 0:
                break
            w = slot * CARD_W
            s[CARD + w] = a0
            s[OWNER + w] = who
            s[ATTACHED + w] = -1
            s[PSEUDO + w] = K.PSEUDO_TOKEN
            game.enter_field(s, T, slot, who)
    elif op == Op.MANA_COUNTER:
        # CR 1022.1: put (a0 > 0) or remove (a0 < 0, as many as there are) mana counters on the
        # J/ruler of player ``who`` (CR 1122); its ruler slot, either side up; a2 = 1: magic counters on this card
        # (a magic stone's, in the same word) while it is in the field
        # a2 < 0: named counters of kind -a2 on that J/ruler (CR 1022.1, state.NAMED)
        w = (max(src, 0) if a2 == 1 else who * K.PLAYER_SLOTS + K.RULER_SLOT) * CARD_W
        if (a2 != 1 or src >= 0) and s[CARD + w] >= 0 and (s[ZONE + w] == Zone.FIELD or (a2 != 1 and s[ZONE + w] == Zone.RULER_AREA)):
            if a2 < 0:
                named_add(s, w // CARD_W, -a2, a0)
            else:
                s[MANA + w] = max(s[MANA + w] + a0, 0)
    elif op == Op.MILL:
        n_off, l_off = zone_offsets(ZT, Zone.MAIN_DECK, who)
        n = game.amount_of(s, f, a0)
        if (a2 & K.MILL_THIS_WAY) != 0:
            s[f + E_X] = 0  # session 29: "the total cost of the cards removed this way" (CR 203.5), X as they move
        for _ in range(n):
            if s[n_off] == 0:
                break
            top = s[l_off + s[n_off] - 1]
            if (a2 & K.MILL_THIS_WAY) != 0:
                s[f + E_X] += game.total_cost(T, s[CARD + top * CARD_W])
            if (a2 & 1) == 1:
                game.move_card(s, T, top, Zone.REMOVED)  # "remove ... from the game" (CR 1004.1)
            else:
                game.to_graveyard(s, T, top)
    elif op == Op.INVERT:
        # CR 1030.1: this card, an Inverse card hope side up (C_J_SIDE >= 0: its despair side) still in the field,
        # turns despair side up: the same card, its counters, damage and effects kept (CR 1302.3c)
        if src >= 0 and s[ZONE + src * CARD_W] == Zone.FIELD:
            c = card_table(T)[s[CARD + src * CARD_W]]
            if c[K.C_J_SIDE] >= 0 and c[K.C_TYPE] != K.CardType.RULER and c[K.C_TYPE] != K.CardType.J_RULER:
                s[CARD + src * CARD_W] = c[K.C_J_SIDE]
                game.trigger_own(s, T, src, K.Trigger.INVERTS, src)  # CR 1030.2: "when this card inverts"
    elif op == Op.PLAYER_BANISH:
        return game.player_banish(s, T, f, reg, a0, who, a2)
    elif op == Op.PLAYER_CHOOSE:
        return game.player_choose(s, T, f, reg, a0, who, a2)
    elif op == Op.GAIN_GEM:
        if a0 == K.GEM_ANY:
            return gain_gems_chosen(game, s, T, f, ctrl, a2, a1 == 1)
        s[GEMS + ctrl * K.N_ATTRIBUTES + a0] += a2  # CR 1027.1: into its controller's item area (313.1)
        for _ in range(a2):
            game.trigger_controlled(s, T, K.Trigger.YOU_GAIN_GEM, ctrl)  # "whenever you gain a gem", once per gem
    elif op == Op.DELAYED:
        # session 27, CR 906.8: a delayed automatic ability "at the next end of turn" (row a0), about the first card of
        # register I_REG (a1 = 1; none made when that card is no longer in the field, CR 302.3) or about no card
        about = -1
        if a1 == 1 or a1 == 2:
            # a1 2 (session 29): the card the effect removed from the game, now in a removed area
            about = s[f + E_REG + reg * TARGET_MAX] if s[f + E_REGN + reg] > 0 else -1
            if about < 0 or s[ZONE + about * CARD_W] != (Zone.REMOVED if a1 == 2 else Zone.FIELD):
                return NEXT
        game.add_shield(s, Shield.DELAYED_END, about, src, a0, ctrl, s[CARD + src * CARD_W] if src >= 0 else -1)
    elif op == Op.CHANT_TO:
        # session 27, CR 703.3: where this chant goes once its text is performed, instead of its owner's graveyard
        # (priority.finish_frame reads the entry's E_AUX bits); a chant still on the chase only
        if s[f + E_KIND] == K.EntryKind.CARD and src >= 0 and s[ZONE + src * CARD_W] == Zone.CHASE:
            s[f + E_AUX] = (s[f + E_AUX] & ~K.CHANT_TO_MASK) | (a0 << K.CHANT_TO_SHIFT)
    elif op == Op.BANISH_GEM:
        # "banish N <attribute> gems" (CR 1011, 313.1): as many as the player has (CR 104.2), NOT_DONE when fewer; the
        # effect's controller's, or (session 29, a1) its opponent's: "your opponent banishes a gem"
        if a0 == K.GEM_ANY:
            return banish_gems_chosen(game, s, f, who, a2)
        k = min(a2, s[GEMS + who * K.N_ATTRIBUTES + a0])
        s[GEMS + who * K.N_ATTRIBUTES + a0] -= k
        return NEXT if k == a2 else NOT_DONE
    elif op == Op.REST_J_RULER:
        # session 29: "Rest a recovered J/ruler you control." (CR 201.2b, 1013): the ruler slot's card, recovered, under
        # its control, in its ruler area or the field; not done otherwise (then "If you do" reads NOT_DONE)
        if not game.ruler_recovered(s, ctrl):
            return NOT_DONE
        game.becomes_rested(s, T, game.j_ruler_slot(s, ctrl))
    elif op == Op.IF_IT:
        # "If it's a <card>, ..." (session 23): a card of register I_REG matches filter row a0 now (a1 = 1: none does);
        # otherwise the next a2 rows are skipped (the core's IF, read on the register)
        hit = False
        for i in range(s[f + E_REGN + reg]):
            t = s[f + E_REG + reg * TARGET_MAX + i]
            if t >= 0 and game.filter_match(s, T, a0, t, ctrl, src):
                hit = True
        if hit == (a1 == 1):
            s[f + FR_PC] += a2
    # AURA_* and COST_REDUCTION (continuous effects) are not applied yet (rules coverage)
    return STOPPED if s[H_DONE] != 0 else NEXT


@internal
def is_j_ruler(game, s, T, slot):
    """Session 29: is card ``slot`` a J/ruler (CR 201.2b): a ruler in its ruler area or a J-ruler in the field?"""
    z = s[ZONE + slot * CARD_W]
    t = game.card_type(s, T, slot)
    return (z == Zone.RULER_AREA and t == K.CardType.RULER) or (z == Zone.FIELD and t == K.CardType.J_RULER)


@internal
def ask_gem(s, f, p, allowed, done):
    """Session 29: ``p`` chooses the attribute of a gem (CR 1027.1a), OPTION k: Attribute k among the ``allowed`` bits;
    the CHOOSE_MODE decision with DEC_ARG GEM_ANY (priority.mode_mask / mode_chosen read it as an attribute)."""
    s[f + FR_CNT] = done << 3
    s[DEC_ARG] = K.GEM_ANY
    s[DEC_ARG + 1] = K.N_ATTRIBUTES
    s[DEC_ARG + 2] = allowed
    set_decision(s, Decision.CHOOSE_MODE, p)
    return ASKED


@internal
def gain_gems_chosen(game, s, T, f, ctrl, n, same):
    """GAIN_GEM of GEM_ANY (session 29): "Gain [N] gem[s] of any attribute" (CR 1027.1a): for each gem its controller
    chooses one of the five attributes (never none), then the gem token is made in its item area (CR 313.1) and
    "whenever you gain a gem" triggers (Trigger.YOU_GAIN_GEM); ``same`` ("of any one attribute"): one choice, all N of
    it. FR_CNT: the gems made << 3 | the answer + 1."""
    pend = s[f + FR_CNT] & 7
    done = s[f + FR_CNT] >> 3
    if pend > 0:
        k = n - done if same else 1
        s[GEMS + ctrl * K.N_ATTRIBUTES + pend - 1] += k
        for _ in range(k):
            game.trigger_controlled(s, T, K.Trigger.YOU_GAIN_GEM, ctrl)
        done += k
    if done < n:
        return ask_gem(s, f, ctrl, (1 << K.N_ATTRIBUTES) - 1, done)
    return NEXT


@internal
def produce_wills_chosen(s, f, ctrl, n, allowed):
    """PRODUCE_WILL of GEM_ANY (session 32): ``n`` wills, the attribute of each chosen by ``ctrl`` among the ``allowed``
    bits as the ability resolves (ask_gem's CHOOSE_MODE decision); each into its controller's pool (CR 907.4). FR_CNT: the
    wills made << 3 | the answer + 1."""
    pend = s[f + FR_CNT] & 7
    done = s[f + FR_CNT] >> 3
    if pend > 0:
        s[WILL + ctrl * K.N_WILL + pend - 1] += 1
        done += 1
    if done < n:
        return ask_gem(s, f, ctrl, allowed, done)
    s[f + FR_CNT] = 0
    return NEXT


@internal
def banish_gems_chosen(game, s, f, who, n):
    """BANISH_GEM of GEM_ANY (session 29): "[you may] banish N gems" / "your opponent banishes a gem" (CR 1011, 313.1):
    ``who`` banishes N of their gem tokens one at a time, choosing the attribute of each among those they have (asked
    only when they have gems of two or more attributes); fewer when they have fewer (CR 104.2: then NOT_DONE)."""
    pend = s[f + FR_CNT] & 7
    done = s[f + FR_CNT] >> 3
    if pend > 0:
        s[GEMS + who * K.N_ATTRIBUTES + pend - 1] -= 1
        done += 1
    while done < n:
        allowed = 0
        kinds = 0
        last = 0
        for a in range(K.N_ATTRIBUTES):
            if s[GEMS + who * K.N_ATTRIBUTES + a] > 0:
                allowed |= 1 << a
                kinds += 1
                last = a
        if kinds == 0:
            return NOT_DONE
        if kinds > 1:
            return ask_gem(s, f, who, allowed, done)
        s[GEMS + who * K.N_ATTRIBUTES + last] -= 1  # one attribute left: no choice
        done += 1
    return NEXT


@internal_inline  # one caller: inlined into it (engine.jit)
def banish_candidates(game, s, T, f, reg, frow, who):
    """The cards ``who`` controls in the field that filter ``frow`` matches (seen from the effect's controller) and
    register ``reg`` does not hold yet, listed for the OPTION actions (CAND); how many."""
    ctrl = s[f + E_CTRL]
    src = s[f + E_SLOT]
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, who)
    n = 0
    for i in range(s[n_off]):
        slot = s[l_off + i]
        if n >= K.OPTION_SLOTS or not game.filter_match(s, T, frow, slot, ctrl, src):
            continue
        if not held_by_register(s, f, reg, slot):
            s[CAND + n] = slot
            n += 1
    s[CAND_N] = n
    return n


@internal
def player_choose(game, s, T, f, reg, frow, who, a2):
    """Op.PLAYER_CHOOSE (session 32): "recover [up to N] <cards> you control" (CR 903.2g: chosen, not targeted). ``who``
    chooses the cards they control that filter ``frow`` matches, one at a time (the CHOOSE_TARGET decision, theirs; DONE
    offered for "up to", which moves past this op), into register ``reg`` until N are chosen or none is left; the op
    after it acts on them. NEXT when one was chosen at least, else NOT_DONE."""
    n = a2 & K.PLAYER_CHOOSE_COUNT
    if s[f + E_REGN + reg] < n and banish_candidates(game, s, T, f, reg, frow, who) > 0:
        s[DEC_ARG] = frow
        s[DEC_ARG + 1] = reg
        s[DEC_ARG + 2] = 1 if (a2 & K.PLAYER_CHOOSE_UP_TO) != 0 else 0
        set_decision(s, K.Decision.CHOOSE_TARGET, who)
        return ASKED
    return NEXT if s[f + E_REGN + reg] > 0 else NOT_DONE


@internal
def player_banish(game, s, T, f, reg, frow, who, n):
    """Op.PLAYER_BANISH (session 22): "<player> banishes N <cards>" (CR 1011). ``who`` chooses the cards they control that
    filter ``frow`` matches, one at a time (the CHOOSE_TARGET decision, theirs; no "up to": DONE is not offered), into
    register ``reg`` until N are chosen or none is left, then they are banished at once (CR 1011.1: into their owner's
    graveyard); the register is emptied. NEXT when N were banished, else NOT_DONE (CR 104.2: as many as they control)."""
    if s[f + E_REGN + reg] < n and banish_candidates(game, s, T, f, reg, frow, who) > 0:
        s[DEC_ARG] = frow
        s[DEC_ARG + 1] = reg
        s[DEC_ARG + 2] = 0
        set_decision(s, K.Decision.CHOOSE_TARGET, who)
        return ASKED
    done = 0
    game.open_move(s, T)  # the cards move at the same time (CR 906.7)
    for i in range(s[f + E_REGN + reg]):
        slot = s[f + E_REG + reg * TARGET_MAX + i]
        if s[ZONE + slot * CARD_W] == Zone.FIELD and s[CONTROLLER + slot * CARD_W] == who:  # CR 1011.2
            game.to_graveyard(s, T, slot)
            done += 1
    game.after_each_target(s, T)
    s[f + E_REGN + reg] = 0
    if s[H_DONE] != 0:
        return STOPPED
    return NEXT if done >= n else NOT_DONE
