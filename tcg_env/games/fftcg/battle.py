"""FF-TCG rules kernels: the Attack Phase (CR 10).

Who may attack and block (CR 10.1.2, 10.1.3, Brave CR 15.2.1, Haste CR 15.2.2, parties CR
15.1.1.9), and the
damage step (CR 10.1.4: First Strike CR 15.2.3, party damage assignment CR 10.1.4.2.1, damage to
the player CR 6.5).
"""

from tcg_env.engine.tables import ability_table, card_table, code_table, flag_table
from tcg_env.engine.chase import give_priority
from tcg_env.engine.jit import internal
from tcg_env.engine.header import H_TURN
from tcg_env.engine.zones import zone_find
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import (
    DS_BOTH,
    DS_FIRST,
    DS_SECOND,
    FIELD_SLOTS,
    FL_DAMAGE_DEAL,
    FL_DAMAGE_DONE,
    FL_PRIORITY,
    KW_BRAVE,
    KW_FIRST_STRIKE,
    KW_HASTE,
    RESTRICT_CANT_ATTACK,
    RESTRICT_CANT_BLOCK,
)
from tcg_env.games.fftcg.state import (
    ASSIGNED,
    ASSIGN_DONE,
    ASSIGN_LEFT,
    ATK_L,
    ATK_N,
    ATTACKED,
    BLOCKER,
    BLOCK_DECLARED,
    CARD,
    CARD_W,
    CONTROLLER,
    CTRL_TURN,
    DMG,
    DSTAGE,
    DULL,
    D_KW,
    D_POWER,
    D_RST,
    FLOW,
    RST_EOT,
    PLAYER_SHIELD,
    STEP,
    TURN_PLAYER,
)
from tcg_env.engine.decisions import set_decision


@internal
def live_attackers(game, s):
    tp = s[TURN_PLAYER]
    n = 0
    for i in range(s[ATK_N]):
        if game.controls(s, tp, s[ATK_L + i]):
            n += 1
    return n


@internal
def can_attack(game, s, T, player, slot):
    """CR 10.1.2.1: active, Haste or under control since the turn began, hasn't attacked (or has attacked once this
    turn, -H_TURN, and "can attack twice in the same turn" applies to it now: Op.ATTACK_TWICE; or an effect said "~ can
    attack once more this turn": RESTRICT_ATTACK_ONCE_MORE)."""
    cards = card_table(T)
    if cards[s[CARD + slot * CARD_W], K.C_TYPE] != K.CardType.FORWARD or s[DULL + slot * CARD_W] != 0:
        return False
    if s[CTRL_TURN + slot * CARD_W] >= s[H_TURN] and (s[D_KW + slot * CARD_W] & KW_HASTE) == 0:
        return False
    once_more = (s[D_RST + slot * CARD_W] & K.RESTRICT_ATTACK_ONCE_MORE) != 0
    if s[ATTACKED + slot * CARD_W] == s[H_TURN] and not once_more:
        return False
    if s[ATTACKED + slot * CARD_W] == -s[H_TURN] and not once_more \
            and game.field_op_bits(s, T, slot, K.Op.ATTACK_TWICE) == 0:
        return False
    if (s[D_RST + slot * CARD_W] & RESTRICT_CANT_ATTACK) != 0:
        return False
    return zone_find(s, ATK_N, ATK_L, slot) < 0


@internal
def can_block(game, s, T, player, slot):
    """CR 10.1.3.1: an active Forward with no restriction, which may block at least one of the
    attackers (CR 15.1.1.9.6: a party is blocked by a Forward that can block one of its Forwards;
    "<attacker> cannot be blocked by a Forward of cost 4 or more", Op.UNBLOCKABLE_BY)."""
    cards = card_table(T)
    if cards[s[CARD + slot * CARD_W], K.C_TYPE] != K.CardType.FORWARD or s[DULL + slot * CARD_W] != 0:
        return False
    if (s[D_RST + slot * CARD_W] & RESTRICT_CANT_BLOCK) != 0:
        return False
    for i in range(s[ATK_N]):
        if game.may_block_attacker(s, T, slot, s[ATK_L + i]):
            return True
    return s[ATK_N] == 0


@internal
def may_block_attacker(game, s, T, blocker, attacker):
    """No field ability of ``attacker`` keeps ``blocker`` from blocking it (Op.UNBLOCKABLE_BY), and no
    effect says it "cannot be blocked this turn" (RESTRICT_UNBLOCKABLE)."""
    if (s[D_RST + attacker * CARD_W] & K.RESTRICT_UNBLOCKABLE) != 0:
        return False
    cards = card_table(T)
    cid = s[CARD + attacker * CARD_W]
    if (cards[cid, K.C_HAS_FIELD] & K.HAS_BLOCK_RESTRICTION) == 0:
        return True
    abil = ability_table(T)
    code = code_table(T)
    ctrl = s[CONTROLLER + attacker * CARD_W]
    a, r = game.field_op_row(T, cid, K.Op.UNBLOCKABLE_BY, cards[cid, K.C_ABIL_START], 0)
    while r >= 0:
        if game.filter_match(s, T, code[r, K.I_A0], blocker, ctrl, attacker) \
                and game.condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], ctrl, attacker):
            return False
        a, r = game.field_op_row(T, cid, K.Op.UNBLOCKABLE_BY, a, r + 1)
    return True


@internal
def declare_attackers_done(game, s, T):
    """CR 10.1.2.2-10.1.2.5: dull (unless Brave), mark, trigger, then priority."""
    tp = s[TURN_PLAYER]
    ft = flag_table(T)
    twice = (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_ATTACK_TWICE) != 0
    for i in range(s[ATK_N]):
        slot = s[ATK_L + i]
        if (s[D_KW + slot * CARD_W] & KW_BRAVE) == 0:
            s[DULL + slot * CARD_W] = 1
        cid = s[CARD + slot * CARD_W]
        w = slot * CARD_W
        if s[ATTACKED + w] == s[H_TURN] or (s[ATTACKED + w] == -s[H_TURN]
                                            and game.field_op_bits(s, T, slot, K.Op.ATTACK_TWICE) == 0):
            # it has attacked this turn as many times as CR 10.1.2.1.2 / Op.ATTACK_TWICE let it: this attack is the one
            # "~ can attack once more this turn" gave it (can_attack): used up (RESTRICT_ATTACK_ONCE_MORE)
            s[RST_EOT + w] &= ~K.RESTRICT_ATTACK_ONCE_MORE
            s[D_RST + w] &= ~K.RESTRICT_ATTACK_ONCE_MORE  # never a field ability's bit: the value now without it
            s[ATTACKED + w] = s[H_TURN]
        elif twice and s[ATTACKED + slot * CARD_W] != -s[H_TURN] \
                and game.field_op_row(T, cid, K.Op.ATTACK_TWICE, card_table(T)[cid, K.C_ABIL_START], 0)[1] >= 0:
            # a Forward with "<this> can attack twice in the same turn." (whether its condition holds now or not): its
            # first attack this turn is -H_TURN; can_attack, which refuses a Forward that has attacked this turn (CR
            # 10.1.2.1.2), lets it attack once more while the ability applies to it (one whose condition comes to
            # hold after the first attack counts that attack)
            s[ATTACKED + slot * CARD_W] = -s[H_TURN]
        else:
            s[ATTACKED + slot * CARD_W] = s[H_TURN]
        s[ASSIGNED + i] = 0
    for i in range(s[ATK_N]):
        game.trigger_card(s, T, s[ATK_L + i], tp, K.Trigger.ATTACKS_SELF, -1)
        if s[ATK_N] >= 2:  # "When <this> forms a party and attacks" (CR 15.1.1.9)
            game.trigger_card(s, T, s[ATK_L + i], tp, K.Trigger.PARTY_ATTACKS_SELF, -1)
        game.trigger_attacks_other(s, T, s[ATK_L + i])  # "When a <filter> attacks"
    if s[ATK_N] >= 1:
        s[PLAYER_SHIELD + tp] |= K.FORWARD_ATTACKED_BIT  # "If a Forward you controlled attacked this turn"
    if s[ATK_N] >= 2:
        s[PLAYER_SHIELD + tp] |= K.PARTY_FORMED_BIT  # "If a Forward you controlled formed a party this turn"
    if s[ATK_N] >= 2 and (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_PARTY_TRIGGER) != 0:
        # "When a party you control attacks" (once for the attack)
        game.trigger_party_attacks(s, T, tp, K.Trigger.PARTY_ATTACKS)
    s[BLOCKER] = -1
    s[BLOCK_DECLARED] = 0
    s[STEP] = K.AttackStep.DECLARATION
    give_priority(game, s, tp)
    s[FLOW] = FL_PRIORITY


@internal
def party_point(game, s, T, tp):
    """The points of damage an unblocked attack deals (CR 10.1.4.1: one; a party attacks as one Forward, CR
    15.1.1.9.1), doubled once for each "If <this> deals damage to your opponent, double the damage instead." (Op.
    PLAYER_DAMAGE_DOUBLE) of an attacking Forward but the first's (deal_damage_to_player reads the first attacker's
    own, as the source of the damage)."""
    point = 1
    ft = flag_table(T)
    if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_PLAYER_DAMAGE_DOUBLE) != 0:
        for i in range(1, s[ATK_N]):
            slot = s[ATK_L + i]
            if game.controls(s, tp, slot):
                for _ in range(min(game.player_damage_doubles(s, T, slot, 1 - tp), 3)):
                    point *= 2
    return point


@internal
def damage_step(game, s, T):
    """CR 10.1.4: set up battle damage."""
    tp = s[TURN_PLAYER]
    s[STEP] = K.AttackStep.DAMAGE
    game.refresh_derived(s, T)
    n = game.live_attackers(s)
    if n == 0:
        s[FLOW] = FL_DAMAGE_DONE
        return
    if s[BLOCK_DECLARED] == 0:
        # CR 10.1.4.1: unblocked, one point of damage (a party attacks as one, CR 15.1.1.9.1)
        if game.use_player_shield(s, 1 - tp):
            # Op.PLAYER_DAMAGE_SHIELD replaced it by 0: not dealt (CR 11.12.5.4), no "deals damage to your opponent"
            s[FLOW] = FL_DAMAGE_DONE
            return
        for i in range(s[ATK_N]):
            slot = s[ATK_L + i]
            if game.controls(s, tp, slot):
                game.trigger_card(s, T, slot, tp, K.Trigger.DEALS_DAMAGE_TO_PLAYER_SELF, -1)
        ft = flag_table(T)
        if s[ATK_N] >= 2 and (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_PARTY_TRIGGER) != 0:
            # "When a party you control deals damage to your opponent" (once for the attack)
            game.trigger_party_attacks(s, T, tp, K.Trigger.PARTY_DEALS_DAMAGE_TO_PLAYER)
        s[FLOW] = FL_DAMAGE_DONE
        game.deal_damage_to_player(s, T, 1 - tp, game.party_point(s, T, tp), s[ATK_L])
        return
    blk = s[BLOCKER]
    if blk < 0 or not game.controls(s, 1 - tp, blk):
        s[FLOW] = FL_DAMAGE_DONE  # CR 10.1.3.3: a blocker removed takes and deals nothing
        return
    atk_fs = True
    for i in range(s[ATK_N]):
        slot = s[ATK_L + i]
        if game.controls(s, tp, slot) and (s[D_KW + slot * CARD_W] & KW_FIRST_STRIKE) == 0:
            atk_fs = False  # CR 15.2.3.4 / 15.1.1.9.7
    blk_fs = (s[D_KW + blk * CARD_W] & KW_FIRST_STRIKE) != 0
    s[DSTAGE] = DS_BOTH if atk_fs == blk_fs else DS_FIRST
    s[ASSIGN_DONE] = 0
    s[FLOW] = FL_DAMAGE_DEAL


@internal
def damage_deal(game, s, T):
    """Deal battle damage for the current stage; may ask the blocker to split damage."""
    tp = s[TURN_PLAYER]
    blk = s[BLOCKER]
    game.refresh_derived(s, T)
    if blk < 0 or not game.controls(s, 1 - tp, blk) or game.live_attackers(s) == 0:
        s[FLOW] = FL_DAMAGE_DONE
        return
    atk_fs = True
    for i in range(s[ATK_N]):
        slot = s[ATK_L + i]
        if game.controls(s, tp, slot) and (s[D_KW + slot * CARD_W] & KW_FIRST_STRIKE) == 0:
            atk_fs = False
    blk_fs = (s[D_KW + blk * CARD_W] & KW_FIRST_STRIKE) != 0
    stage = s[DSTAGE]
    atk_deals = stage == DS_BOTH or (stage == DS_FIRST and atk_fs) or (stage == DS_SECOND and not atk_fs)
    blk_deals = stage == DS_BOTH or (stage == DS_FIRST and blk_fs) or (stage == DS_SECOND and not blk_fs)
    bpower = s[D_POWER + blk * CARD_W]
    if blk_deals and bpower > 0 and game.live_attackers(s) >= 2 and s[ASSIGN_DONE] == 0:
        # CR 10.1.4.2.1: the blocker's controller assigns its damage among the party
        if s[ASSIGN_LEFT] == 0:
            s[ASSIGN_LEFT] = bpower
            for i in range(FIELD_SLOTS):
                s[ASSIGNED + i] = 0
        set_decision(s, K.Decision.ASSIGN_PARTY_DAMAGE, 1 - tp)
        return
    # the damaged Forwards' own replacements (Op.DAMAGE_MOD, CR 11.12.5.2) and "When <this> is dealt damage": only in a
    # pool that has one (effects.deal_forward_damage)
    ft = flag_table(T)
    extra = (ft[ft.shape[0] - 1, K.FL_MISC] & (K.FLAG_DAMAGE_MOD | K.FLAG_DEALT_DAMAGE_TRIGGER | K.FLAG_HIT_BY)) != 0
    if atk_deals:
        total = 0
        for i in range(s[ATK_N]):
            slot = s[ATK_L + i]
            if game.controls(s, tp, slot) and s[D_POWER + slot * CARD_W] > 0:
                total += s[D_POWER + slot * CARD_W]
        if extra:
            # the attacker that deals it, or -2: a party, each of whose Forwards deals damage (CR 15.1.1.9.8)
            src = -2
            if game.live_attackers(s) == 1:
                for i in range(s[ATK_N]):
                    if game.controls(s, tp, s[ATK_L + i]):
                        src = s[ATK_L + i]
            game.deal_forward_damage(s, T, blk, total, -1, K.CardType.FORWARD, 0, src)
        else:
            s[DMG + blk * CARD_W] += total
    if blk_deals and bpower > 0:
        if game.live_attackers(s) >= 2:
            for i in range(s[ATK_N]):
                slot = s[ATK_L + i]
                if game.controls(s, tp, slot):
                    if extra:
                        game.deal_forward_damage(s, T, slot, s[ASSIGNED + i], -1, K.CardType.FORWARD, 0, blk)
                    else:
                        s[DMG + slot * CARD_W] += s[ASSIGNED + i]
        else:
            for i in range(s[ATK_N]):
                slot = s[ATK_L + i]
                if game.controls(s, tp, slot):
                    if extra:
                        game.deal_forward_damage(s, T, slot, bpower, -1, K.CardType.FORWARD, 0, blk)
                    else:
                        s[DMG + slot * CARD_W] += bpower
    s[ASSIGN_DONE] = 0
    s[ASSIGN_LEFT] = 0
    if stage == DS_FIRST:
        # CR 15.2.3.3: priority without actions between the two damage stages: rule processes
        if game.rule_processes(s, T):
            return
        s[DSTAGE] = DS_SECOND
        return
    s[FLOW] = FL_DAMAGE_DONE


@internal
def offer_declaration(s):
    """CR 10.1.2: the declaration step; the turn player declares attackers (or none)."""
    s[STEP] = K.AttackStep.DECLARATION
    s[ATK_N] = 0
    set_decision(s, K.Decision.DECLARE_ATTACK, s[TURN_PLAYER])


@internal
def offer_block(s):
    """CR 10.1.3: the block step; the non-turn player declares a blocker (or none)."""
    s[STEP] = K.AttackStep.BLOCK
    set_decision(s, K.Decision.DECLARE_BLOCK, 1 - s[TURN_PLAYER])
