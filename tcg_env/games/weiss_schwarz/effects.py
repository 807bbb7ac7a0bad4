"""Weiss Schwarz effect VM: runs the top effect program of the frame stack (``run_top_frame``).

An ability's effect is a program of instructions (``constants.Op``, layout ``I_*``) run in order
on resolution; choices are made while resolving (CR 8.6.3), and a program that asks a player
stops at that instruction and resumes after the answer (target registers and candidate lists:
``reg_*``, ``fill_*_candidates``, ``ask_candidates``). It implements the one-time effects (CR 8.8)
on characters and players, and the keyword effects of CR 10 (Encore 10.2, Bond 10.4, Backup 10.5,
Brainstorm 10.7, Change 10.8, Shift 10.11, Fusion 10.14, Sunder 10.15). Continuous instructions
work through ``characteristics.refresh_derived`` (CR 8.9).

The frame stack: a played event's or ability's program starts on a new frame (``push_frame``, CR
8.6.2.4.2 / 8.6.2.4.4; ``frame_base``: where frame i is in the row) and the top frame runs.

Comments cite the comprehensive rules v2.03 as ``CR x.y``.
"""

from tcg_env.engine.effects import AGAIN, ASKED, DONE, NEXT, NOT_DONE, count_operand, player_operand, run_program
from tcg_env.engine.effects import reg_add, reg_count, reg_has, reg_slot
from tcg_env.engine.tables import ability_table, card_table, filter_table
from tcg_env.engine.header import H_ERROR, H_TURN
from tcg_env.engine.jit import internal
from tcg_env.engine.reveals import reveal_begin, reveal_card
from tcg_env.engine.zones import zone_offsets, zone_push, zone_remove, zone_shuffle
from tcg_env.rules.modifiers import mod_apply, mod_forget
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.state import (
    ATK_SLOT,
    CAND,
    CAND_N,
    LOOKED_N,
    CARD_W,
    USES,
    CLOCK_L,
    CLOCK_N,
    DECK_L,
    DECK_N,
    REVEALED,
    REVEALED_N,
    DEC_ARG,
    DEF_SLOT,
    D_LEVEL,
    D_RST,
    D_SOUL,
    FRAMES,
    FRAME_N,
    FRAME_W,
    FR_ABIL,
    FR_AUX,
    FR_CNT,
    FR_MASTER,
    FR_PC,
    FR_REG,
    FR_REGN,
    FR_SLOT,
    FR_STORE,
    HAND_L,
    HAND_N,
    MEMORY_L,
    MEMORY_N,
    MT,
    ORIENT,
    PHASE,
    POS,
    RES_L,
    RES_N,
    STOCK_L,
    WR_N,
    WR_L,
    STOCK_N,
    TURN_PLAYER,
    ZONE,
    ZT,
)
from tcg_env.engine.decisions import set_decision
from tcg_env.games.weiss_schwarz.zones import cid_of, owner_of, pool_may_trigger, stage_slot


@internal
def frame_base(s, i):
    return FRAMES + i * FRAME_W


@internal
def push_frame(s, T, slot, arow, master, aux):
    """Weiss Schwarz's own, not the core's ``engine.effects.push_frame``: its frames have no kind,
    last known card, mode or purpose words; a push past FRAME_MAX is an engine error here; and it
    sets only the words a program reads (the register slots past each count keep what an earlier
    frame left: the core's push clears them, which would change the rows of golden play)."""
    if s[FRAME_N] >= K.FRAME_MAX:
        s[H_ERROR] = K.EngineError.FRAME_OVERFLOW
        return
    f = frame_base(s, s[FRAME_N])
    s[FRAME_N] += 1
    s[f + FR_SLOT] = slot
    s[f + FR_ABIL] = arow
    s[f + FR_MASTER] = master
    s[f + FR_AUX] = aux
    s[f + FR_PC] = 0
    s[f + FR_CNT] = 0
    s[f + FR_STORE] = 0
    for r in range(K.N_REGS):
        s[f + FR_REGN + r] = 0


@internal
def start_declined(game, s, T, p, slot, arow, aux):
    """"You may pay the cost. If you do not, X" (session 28, s28-wsb): the cost declined or not payable (CR 8.4.2.2),
    the ability resolves from X, its program's row A_OPTIONAL - DECLINED_PC0 (cards: the effect, a SKIP past X, X).
    The ability is played (CR 8.1.1.2.2: its cost is paid or not as the text says), so it counts as a use."""
    game.count_auto_use(s, T, slot, arow)
    n = s[FRAME_N]
    game.push_frame(s, T, slot, arow, p, aux)
    if s[FRAME_N] > n:
        s[frame_base(s, n) + FR_PC] = ability_table(T)[arow, K.A_OPTIONAL] - K.DECLINED_PC0


@internal
def choose_zone_list(s, T, frow, master):
    """(list zone, player) scanned by a non-stage filter."""
    F = filter_table(T)
    z = F[frow, K.F_ZONE]
    q = 1 - master if F[frow, K.F_SIDE] == K.FilterSide.OPPONENT else master
    if z == K.FilterZone.HAND:
        return K.Zone.HAND, q
    if z == K.FilterZone.WAITING_ROOM:
        return K.Zone.WAITING_ROOM, q
    if z == K.FilterZone.DECK:
        return K.Zone.DECK, q
    if z == K.FilterZone.CLOCK:
        return K.Zone.CLOCK, q
    if z == K.FilterZone.STOCK:
        return K.Zone.STOCK, q
    if z == K.FilterZone.LEVEL:
        return K.Zone.LEVEL, q
    if z == K.FilterZone.MEMORY:
        return K.Zone.MEMORY, q
    return K.Zone.CLIMAX_AREA, q


@internal
def fill_choice_candidates(game, s, T, f, frow, master, source, r):
    """Candidates of a CHOOSE over a list zone: one representative slot per distinct card id
    (copies of a card in a public zone are interchangeable), at most OPTION_SLOTS."""
    z, q = game.choose_zone_list(s, T, frow, master)
    n_off, l_off = zone_offsets(ZT, z, q)
    n = 0
    for i in range(s[n_off]):
        sl = s[l_off + i]
        if reg_has(game, s, f, r, sl) or not game.filter_match(s, T, frow, sl, master, source):
            continue
        dup = False
        for j in range(n):
            if cid_of(s, s[CAND + j]) == cid_of(s, sl):
                dup = True
                break
        if dup:
            continue
        if n < K.OPTION_SLOTS:
            s[CAND + n] = sl
            n += 1
    s[CAND_N] = n
    return n


@internal
def fill_list_candidates(game, s, T, f, reg, z, q, frow, name_id, top_n, master, source, distinct):
    """Candidates (OPTION k) from list zone ``z`` of player ``q``: cards matching filter ``frow``
    (-1 = any) and name id ``name_id`` (0 = any), among the top ``top_n`` cards (-1 = all)."""
    n_off, l_off = zone_offsets(ZT, z, q)
    cnt = s[n_off]
    lo = 0 if top_n < 0 else max(0, cnt - top_n)
    n = 0
    for i in range(cnt - 1, lo - 1, -1):
        sl = s[l_off + i]
        if reg_has(game, s, f, reg, sl):
            continue
        if frow >= 0 and not game.filter_match(s, T, frow, sl, master, source):
            continue
        if name_id != 0 and (card_table(T)[cid_of(s, sl), K.C_NAME] & K.NAME_MASK) != name_id:
            continue
        dup = False
        if distinct:
            for j in range(n):
                if cid_of(s, s[CAND + j]) == cid_of(s, sl):
                    dup = True
                    break
        if not dup and n < K.OPTION_SLOTS:
            s[CAND + n] = sl
            n += 1
    s[CAND_N] = n
    return n


@internal
def ask_candidates(s, m, reg, upto):
    s[DEC_ARG] = -1  # no filter row: the candidates are in CAND
    s[DEC_ARG + 1] = reg
    s[DEC_ARG + 2] = upto
    set_decision(s, K.Decision.CHOOSE_TARGET, m)


@internal
def wr_to_hand_locked(game, s, T, m, sl):
    """"During the attack phase, you cannot return characters from your waiting room to your hand by your card's
    effects" (RESTRICT_NO_WR_TO_HAND_ATK_YOU of one of its master's characters, s23-wsa): an effect whose master is
    ``m`` returning m's waiting-room character ``sl`` during the attack phase (CR 6.7: its steps to the encore step)."""
    return (s[PHASE] == K.Phase.ATTACK and owner_of(s, sl) == m
            and card_table(T)[cid_of(s, sl), K.C_TYPE] == K.CardType.CHARACTER
            and game.player_rule(s, T, m, K.RESTRICT_NO_WR_TO_HAND_ATK_YOU) > 0)


@internal
def chosen_to_hand(game, s, f, reg, zone):
    """The register's cards still in ``zone`` go to their owner's hand; the register is emptied."""
    for i in range(reg_count(game, s, f, reg)):
        sl = reg_slot(game, s, f, reg, i)
        if s[ZONE + sl * CARD_W] == zone:
            game.put_in_zone(s, sl, K.Zone.HAND)
    s[f + FR_REGN + reg] = 0


@internal
def shift_candidates(s, T, p, src):
    """Hand cards of the same colour as clock card ``src`` (10.11.3.2)."""
    cards = card_table(T)
    col = cards[cid_of(s, src), K.C_COLOR]
    n = 0
    for i in range(min(s[HAND_N + p], K.HAND_SLOTS)):
        if cards[cid_of(s, s[HAND_L + p * K.MAX_DECK + i]), K.C_COLOR] == col:
            n += 1
    return n


@internal
def marker_candidates(s, T, m, src, nc, name):
    """The markers under stage card ``src``'s position (owner ``m``) appended to the ``nc`` candidates in CAND (one
    per card id, as fill_list_candidates' ``distinct``); the new count. ``name`` >= 0: the markers of that name (Sunder,
    CR 10.15.2); -1: the character markers (Change choosing "1 marker underneath this card", CHANGE_MARKER)."""
    pos = s[POS + src * CARD_W]
    for sl in range(K.N_SLOTS):
        if s[ZONE + sl * CARD_W] != K.Zone.MARKER or owner_of(s, sl) != m or s[POS + sl * CARD_W] != pos \
                or nc >= K.OPTION_SLOTS:
            continue
        if name >= 0:
            if (card_table(T)[cid_of(s, sl), K.C_NAME] & K.NAME_MASK) != name:
                continue
        elif card_table(T)[cid_of(s, sl), K.C_TYPE] != K.CardType.CHARACTER:
            continue
        dup = False
        for j in range(nc):
            if cid_of(s, s[CAND + j]) == cid_of(s, sl):
                dup = True
        if not dup:
            s[CAND + nc] = sl
            nc += 1
    s[CAND_N] = nc
    return nc


@internal
def shift_exchange(game, s, src, hand_slot):
    """10.11.2: the hand card takes the clock card's place in the clock; the clock card to hand."""
    p = owner_of(s, src)
    for i in range(s[CLOCK_N + p]):
        if s[CLOCK_L + p * K.MAX_DECK + i] == src:
            zone_remove(s, HAND_N + p, HAND_L + p * K.MAX_DECK, hand_slot)
            s[CLOCK_L + p * K.MAX_DECK + i] = hand_slot
            mod_forget(s, MT, hand_slot)  # CR 3.1.4: each is a new card
            s[ZONE + hand_slot * CARD_W] = K.Zone.CLOCK
            mod_forget(s, MT, src)
            s[ZONE + src * CARD_W] = K.Zone.HAND
            zone_push(s, HAND_N + p, HAND_L + p * K.MAX_DECK, src)
            return


@internal
def stage_candidates(game, s, T, f, frow, master, source, r):
    n = 0
    for q in range(2):
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, q, pos)
            if sl >= 0 and not reg_has(game, s, f, r, sl) and game.filter_match(s, T, frow, sl, master, source):
                if q != master and (s[D_RST + sl * CARD_W] & K.RESTRICT_CANT_BE_CHOSEN) != 0:
                    continue
                n += 1
    return n


# =============================================================================================
# The engine's effect interpreter (tcg_env.engine.effects): Weiss Schwarz's side of its contract
# =============================================================================================
@internal
def in_play_count(s, player):
    return K.N_POSITIONS


@internal
def in_play_slot(s, player, i):
    return stage_slot(s, player, i)


@internal
def chosen_so_far(s, f, reg):
    """The cards this CHOOSE has chosen (FR_CNT), not the register's count (the core's default): a
    Weiss Schwarz program may choose again into a register an earlier instruction filled."""
    return s[f + FR_CNT]


@internal
def choose_candidates(game, s, T, f, reg, frow):
    """Stage characters (addressed by position), or one card per distinct id of a list zone (in
    CAND), that the CHOOSE of filter ``frow`` can still take (CR 8.6.3)."""
    m = s[f + FR_MASTER]
    src = s[f + FR_SLOT]
    if filter_table(T)[frow, K.F_ZONE] == K.FilterZone.STAGE:
        s[CAND_N] = 0
        return game.stage_candidates(s, T, f, frow, m, src, reg)
    return game.fill_choice_candidates(s, T, f, frow, m, src, reg)


@internal
def target_affected(s, op, slot):
    """POWER..REVERSE act on stage characters only: a card that left the stage is not affected
    (CR 8.11.1); the moves act wherever the card is. [REST] / [STAND] do not affect a card already so
    (session 29: "choose 1 of your [STAND] characters, and [REST] it. If you do, ...": nothing changed is not
    done, CR 1.3.3)."""
    if op == K.Op.REST or op == K.Op.STAND:
        return s[ZONE + slot * CARD_W] == K.Zone.STAGE and s[ORIENT + slot * CARD_W] != (
            K.Orientation.REST if op == K.Op.REST else K.Orientation.STAND)
    return op > K.Op.REVERSE or s[ZONE + slot * CARD_W] == K.Zone.STAGE


@internal
def opponents_next_turn(s):
    """The number of "your opponent's next turn", "you" being the master of the ability resolving
    (the top frame): the next turn when it is the master's turn, the one after when it is the
    opponent's own (an ability resolving in the opponent's counter step, CR 7.4)."""
    master = s[frame_base(s, s[FRAME_N] - 1) + FR_MASTER] if s[FRAME_N] > 0 else s[TURN_PLAYER]
    return s[H_TURN] + (1 if master == s[TURN_PLAYER] else 2)


@internal
def modifier_until(game, s, duration):
    """The turn at whose end a modifier "until the end of your opponent's next turn" applied now
    ends (tcg_env.rules.modifiers' hook; CR 8.2.1.2)."""
    return game.opponents_next_turn(s)


@internal
def add_power(game, s, slot, amount, duration):
    mod_apply(game, s, MT, slot, K.Mod.POWER, duration, amount)


@internal
def grant_keywords(game, s, slot, bits, duration):
    mod_apply(game, s, MT, slot, K.Mod.KEYWORDS, duration, bits)


@internal
def add_restrictions(game, s, slot, bits, duration):
    mod_apply(game, s, MT, slot, K.Mod.RESTRICTIONS, duration, bits)


@internal
def opp_auto_effect(game, s, T, f, p):
    """Is frame ``f`` an [AUTO] ability (printed or granted) of a character card whose master is not player ``p``
    ("[AUTO] effects of your opponent's characters", session 28)?"""
    src = s[f + FR_SLOT]
    return s[f + FR_MASTER] != p and ability_table(T)[s[f + FR_ABIL], K.A_KIND] == K.AbilityKind.AUTO and src >= 0 \
        and card_table(T)[cid_of(s, src), K.C_TYPE] == K.CardType.CHARACTER


@internal
def opp_auto_damage_locked(game, s, T, f, p):
    """"You cannot receive damage by [AUTO] effects of your opponent's characters": frame ``f`` is such an effect and
    one of player ``p``'s stage characters puts the rule on its master (RESTRICT_NO_OPP_AUTO_DAMAGE_YOU), or, while it
    is the attacking or the defending character of a battle (CR 7.2.1.5.1), RESTRICT_BATTLE_NO_OPP_AUTO_DAMAGE_YOU.
    No damage process is performed (CR 1.3.3.1)."""
    if game.player_rule(s, T, p, K.RESTRICT_NO_OPP_AUTO_DAMAGE_YOU | K.RESTRICT_BATTLE_NO_OPP_AUTO_DAMAGE_YOU) == 0 \
            or not game.opp_auto_effect(s, T, f, p):
        return False
    if game.player_rule(s, T, p, K.RESTRICT_NO_OPP_AUTO_DAMAGE_YOU) > 0:
        return True
    if s[ATK_SLOT] < 0 or s[DEF_SLOT] < 0:
        return False
    for sl in (s[ATK_SLOT], s[DEF_SLOT]):
        if s[ZONE + sl * CARD_W] == K.Zone.STAGE and owner_of(s, sl) == p \
                and (s[D_RST + sl * CARD_W] & K.RESTRICT_BATTLE_NO_OPP_AUTO_DAMAGE_YOU) != 0:
            return True
    return False


@internal
def each_target(game, s, T, f, op, sl, a0, a1, a2):
    b = sl * CARD_W
    z = s[ZONE + b]
    if op == K.Op.SOUL:
        mod_apply(game, s, MT, sl, K.Mod.SOUL, a1, a0)
    elif op == K.Op.LEVEL:
        mod_apply(game, s, MT, sl, K.Mod.LEVEL, a1, a0)
    elif op == K.Op.STAND:
        s[ORIENT + b] = K.Orientation.STAND
    elif op == K.Op.REST:
        s[ORIENT + b] = K.Orientation.REST
    elif op == K.Op.REVERSE:
        # "this card cannot become [REVERSE] by [AUTO] effects of your opponent's characters" (RESTRICT_CANT_REVERSE_
        # OPP_AUTO): the effect of an [AUTO] ability (printed or granted) of a character card of the other player is
        # not done on it (CR 1.3.3.1: what cannot be done is not done)
        if (s[D_RST + b] & K.RESTRICT_CANT_REVERSE_OPP_AUTO) == 0 or not game.opp_auto_effect(s, T, f, owner_of(s, sl)):
            game.reverse_char(s, T, sl)
    elif op == K.Op.TO_HAND:
        # a stage character that "cannot be returned to hand" (RESTRICT_CANT_TO_HAND) stays on the stage; a waiting
        # room character stays there under its master's rule (game.wr_to_hand_locked)
        if (z != K.Zone.STAGE or (s[D_RST + b] & K.RESTRICT_CANT_TO_HAND) == 0) \
                and not (z == K.Zone.WAITING_ROOM and game.wr_to_hand_locked(s, T, s[f + FR_MASTER], sl)):
            game.put_in_zone(s, sl, K.Zone.HAND)
    elif op == K.Op.TO_WAITING_ROOM:
        if z == K.Zone.STAGE:
            game.stage_to_wr(s, T, sl)
        elif z == K.Zone.HAND:
            game.hand_to_wr(s, T, sl)
        else:
            game.put_in_zone(s, sl, K.Zone.WAITING_ROOM)
    elif op == K.Op.TO_STOCK:
        game.put_in_zone(s, sl, K.Zone.STOCK)
    elif op == K.Op.TO_CLOCK:
        if a0 == K.CLOCK_BOTTOM:  # "at the bottom of your clock": the clock list's first card
            q = owner_of(s, sl)
            game.take_from_zone(s, sl)
            mod_forget(s, MT, sl)  # CR 3.1.4
            s[ZONE + b] = K.Zone.CLOCK
            n_c = s[CLOCK_N + q]
            for j in range(n_c, 0, -1):
                s[CLOCK_L + q * K.MAX_DECK + j] = s[CLOCK_L + q * K.MAX_DECK + j - 1]
            s[CLOCK_L + q * K.MAX_DECK] = sl
            s[CLOCK_N + q] = n_c + 1
        else:
            game.put_in_zone(s, sl, K.Zone.CLOCK)
    elif op == K.Op.TO_MEMORY:
        # a stage character that "cannot be put into memory" (RESTRICT_CANT_TO_MEMORY) stays on the stage
        if z != K.Zone.STAGE or (s[D_RST + b] & K.RESTRICT_CANT_TO_MEMORY) == 0:
            game.to_memory(s, T, sl)  # (session 34) with "when your card is put into your memory" (OWN_TO_MEMORY)
    elif op == K.Op.TO_DECK_TOP or op == K.Op.TO_DECK_BOTTOM:
        q = owner_of(s, sl)
        game.take_from_zone(s, sl)
        mod_forget(s, MT, sl)
        s[ZONE + b] = K.Zone.DECK
        if op == K.Op.TO_DECK_TOP:
            zone_push(s, DECK_N + q, DECK_L + q * K.MAX_DECK, sl)
        else:
            n_d = s[DECK_N + q]
            for j in range(n_d, 0, -1):
                s[DECK_L + q * K.MAX_DECK + j] = s[DECK_L + q * K.MAX_DECK + j - 1]
            s[DECK_L + q * K.MAX_DECK] = sl
            s[DECK_N + q] = n_d + 1


@internal
def hand_count(s, player):
    return s[HAND_N + player]


@internal
def discard_hand_index(game, s, player, i):
    """A discard at random (no Weiss Schwarz card text asks for one yet): to the waiting room."""
    game.put_in_zone(s, s[HAND_L + player * K.MAX_DECK + i], K.Zone.WAITING_ROOM)


@internal
def ask_discard(s, f, player):
    """The discarding player chooses hand cards one at a time."""
    s[DEC_ARG + 1] = K.ChoiceFor.EFFECT_DISCARD
    set_decision(s, K.Decision.CHOOSE_TARGET, player)


@internal
def interrupt_due(game, s):
    """CR 9.1.2.1 / 9.3.1: the instruction put cards into a clock (damage, a card or the top of a
    deck to the clock): the level up interrupts the program (kept on the frame stack at its next
    instruction), which ``advance`` resumes after it."""
    return game.level_up_due(s)


@internal
def exec_op(game, s, T, f, op, reg, a0, a1, a2):  # noqa: C901 - one case per opcode
    """Weiss Schwarz's own opcodes (the shared ones are the engine's)."""
    src = s[f + FR_SLOT]
    m = s[f + FR_MASTER]
    who = player_operand(game, s, f, a1)
    if op == K.Op.TARGET_BATTLE_OPP:
        if src == s[ATK_SLOT] and s[DEF_SLOT] >= 0:
            reg_add(game, s, f, reg, s[DEF_SLOT])
        elif src == s[DEF_SLOT] and src >= 0:
            reg_add(game, s, f, reg, s[ATK_SLOT])
    elif op == K.Op.TARGET_TRIGGERING:
        # the damage triggers' aux is a damage, no card (Op.TRIGGER_DAMAGE, session 28): nothing, as before
        t = ability_table(T)[s[f + FR_ABIL], K.A_TRIGGER]
        damage = (K.Trigger.DAMAGE_CANCELED_SELF <= t <= K.Trigger.DAMAGE_NOT_CANCELED_SELF
                  or K.Trigger.BATTLE_DAMAGE_RECEIVED_CANCELED <= t <= K.Trigger.BATTLE_DAMAGE_RECEIVED_NOT_CANCELED
                  or K.Trigger.DAMAGE_RECEIVED_CANCELED <= t <= K.Trigger.DAMAGE_RECEIVED_NOT_CANCELED)
        if s[f + FR_AUX] >= 0 and not damage:
            # (session 34, s34c) OTHER_TO_WR_FROM_STAGE's aux is the card and the position it left, packed (slot +
            # N_SLOTS x (pos + 1), play.stage_to_wr): the card ("return that character to your hand")
            reg_add(game, s, f, reg, s[f + FR_AUX] % K.N_SLOTS if t == K.Trigger.OTHER_TO_WR_FROM_STAGE else s[f + FR_AUX])
    elif op == K.Op.TO_MARKER and a1 == K.TO_MARKER_DECK_TOP:
        # "put the top card of your deck (face up) underneath this card as a marker" (CR 3.7.2): with this card on
        # the stage; the refresh of an emptied deck at once (CR 9.2.1)
        top = game.deck_top(s, m)
        if top < 0 or s[ZONE + src * CARD_W] != K.Zone.STAGE:
            return NOT_DONE
        game.take_from_zone(s, top)
        game.make_marker(s, top, m, s[POS + src * CARD_W])
        game.refresh_if_empty(s, m)
    elif op == K.Op.SELF_TO_MARKER:
        # (session 34, s34c) "choose 1 of your "X", and put this card face down underneath that card as a marker"
        # (CR 3.7.2): this card, on the stage (an ability of its reversal) or in the waiting room (of its move there,
        # an [ACT] ability whose cost put it there), becomes a marker under the character chosen, one of the master's
        # stage characters other than it; leaving the stage, its own markers go to the waiting room (CR 3.7.3.2,
        # take_from_zone). Nothing chosen, or this card elsewhere: nothing moves (NOT_DONE)
        if s[f + FR_REGN + reg] == 0:
            return NOT_DONE
        tgt = s[f + FR_REG + reg * K.TARGET_MAX]
        z = s[ZONE + src * CARD_W]
        if (tgt == src or s[ZONE + tgt * CARD_W] != K.Zone.STAGE or owner_of(s, tgt) != m or owner_of(s, src) != m
                or (z != K.Zone.STAGE and z != K.Zone.WAITING_ROOM)):
            return NOT_DONE
        game.take_from_zone(s, src)
        game.make_marker(s, src, m, s[POS + tgt * CARD_W])
    elif op == K.Op.TO_STAGE or op == K.Op.TO_MARKER:  # of the register's cards
        i = s[f + FR_CNT]
        if i < s[f + FR_REGN + reg]:
            sl = s[f + FR_REG + reg * K.TARGET_MAX + i]
            s[f + FR_CNT] = i + 1
            q = owner_of(s, sl)
            # only the master's own cards, from outside the stage; with TO_STAGE_BY_OWNER any card, which its
            # owner puts on their stage ("your opponent puts that character from their memory on any position")
            by_owner = op == K.Op.TO_STAGE and (a1 & K.TO_STAGE_BY_OWNER) != 0
            if (q != m and not by_owner) or s[ZONE + sl * CARD_W] == K.Zone.STAGE:
                return AGAIN
            if op == K.Op.TO_MARKER:
                if s[ZONE + src * CARD_W] == K.Zone.STAGE:
                    game.take_from_zone(s, sl)
                    game.make_marker(s, sl, m, s[POS + src * CARD_W])
                return AGAIN
            s[DEC_ARG] = a0
            s[DEC_ARG + 1] = K.ChoiceFor.TO_STAGE
            s[DEC_ARG + 2] = sl
            s[DEC_ARG + 3] = (0 if (a1 & 1) == 1 else 1) | (a2 << 4)  # the positions allowed (kernels.legal_mask_row)
            if (a1 & K.TO_STAGE_SEPARATE) != 0:  # "on separate positions": not one the register's cards hold
                s[DEC_ARG + 3] = 3 | (a2 << 4) | (reg << K.POSITION_REG_SHIFT)
            set_decision(s, K.Decision.CHOOSE_POSITION, q)  # the master, or the owner (TO_STAGE_BY_OWNER)
            return ASKED
    elif op == K.Op.FUSION:  # CR 10.14.1.1: up to one card named a0 from the deck onto this position
        if s[f + FR_CNT] == 0 and game.fill_list_candidates(s, T, f, reg, K.Zone.DECK, m, -1, a0, -1, m, src, True) > 0:
            game.ask_candidates(s, m, reg, 1)
            return ASKED
        if s[f + FR_REGN + reg] > 0 and s[ZONE + src * CARD_W] == K.Zone.STAGE:
            b = s[f + FR_REG + reg * K.TARGET_MAX + s[f + FR_REGN + reg] - 1]
            pos = s[POS + src * CARD_W]
            game.stage_char_to_marker(s, src)  # this card and its markers go under Character B
            game.place_on_stage(s, T, b, m, pos, K.Orientation.STAND, False)
        s[f + FR_REGN + reg] = 0
        zone_shuffle(s, ZT, K.Zone.DECK, m, s)  # "even in this case, the deck must be shuffled" (10.14.1.1.1)
    elif op == K.Op.SUNDER:  # CR 10.15.2: a marker named a0 becomes the character on a chosen position
        if s[f + FR_CNT] == 0 and s[ZONE + src * CARD_W] == K.Zone.STAGE:
            nc = game.marker_candidates(s, T, m, src, 0, a0)
            if nc > 0:  # 10.15.4: without such a marker nothing happens
                game.ask_candidates(s, m, reg, 0)
                return ASKED
        if s[f + FR_CNT] == 1 and s[f + FR_REGN + reg] > 0 and s[ZONE + src * CARD_W] == K.Zone.STAGE:
            s[f + FR_CNT] = 2
            s[DEC_ARG + 1] = K.ChoiceFor.SUNDER
            s[DEC_ARG + 2] = s[f + FR_REG + reg * K.TARGET_MAX + s[f + FR_REGN + reg] - 1]
            s[DEC_ARG + 3] = 0
            set_decision(s, K.Decision.CHOOSE_POSITION, m)
            return ASKED
        s[f + FR_REGN + reg] = 0
    elif op == K.Op.MOVE_POSITION:  # the master picks the new position of each register card
        i = s[f + FR_CNT]
        if i < s[f + FR_REGN + reg]:
            sl = s[f + FR_REG + reg * K.TARGET_MAX + i]
            s[f + FR_CNT] = i + 1
            # a character that "cannot move to another position" (RESTRICT_CANT_MOVE) stays where it is:
            # the restriction holds against effects as against the move of CR 6.5.1.2.4
            # MOVE_OPPONENT: an opponent's character, on its owner's stage ("another open position of their stage")
            if s[ZONE + sl * CARD_W] == K.Zone.STAGE and (owner_of(s, sl) == m) != ((a0 & K.MOVE_OPPONENT) != 0) \
                    and (s[D_RST + sl * CARD_W] & K.RESTRICT_CANT_MOVE) == 0:
                s[DEC_ARG + 1] = K.ChoiceFor.MOVE_POSITION
                s[DEC_ARG + 2] = sl
                s[DEC_ARG + 3] = (1 if (a0 & 1) == 0 else 2) | (a2 << 4)
                if (a0 & K.MOVE_FACING) != 0:  # "... of your center stage with a character facing this card"
                    s[DEC_ARG + 3] |= K.POSITION_NEEDS_FACING
                set_decision(s, K.Decision.CHOOSE_POSITION, m)
                return ASKED
            return AGAIN
    elif op == K.Op.SEARCH:  # up to a1 cards to hand, then shuffle (CR 3.2.4)
        if s[f + FR_CNT] < count_operand(game, s, f, a1) and game.fill_list_candidates(s, T, f, reg, K.Zone.DECK, m, a0, 0, -1, m, src, True) > 0:
            game.ask_candidates(s, m, reg, 1)
            return ASKED
        if (a2 & K.SEARCH_KEEP) == 0:
            game.chosen_to_hand(s, f, reg, K.Zone.DECK)
            zone_shuffle(s, ZT, K.Zone.DECK, m, s)
            game.refresh_if_empty(s, m)
    elif op == K.Op.LOOK_TOP:  # up to (a1 & 0xFF) of the top a0 cards (filter a2) to hand
        take = a1 & 0xFF
        nlook = count_operand(game, s, f, a0)  # -1: the stored count ("look at up to X cards")
        cnt = s[f + FR_CNT]
        d = m if ((a1 >> 15) & 1) != K.LOOK_OPP_DECK else 1 - m  # whose deck: the master's, or its opponent's
        if ((a1 >> 13) & 1) == K.LOOK_UP_TO:
            # "look at up to N cards" (CR 3.2.3 / 3.2.3.1): one card at a time, and before each the master may
            # stop (3.2.3.1.1: even before the first); a look moves no card, so it ends with the deck (3.2.3.3)
            seen = (cnt >> K.LOOK_SEEN_SHIFT) & K.LOOK_SEEN_MASK
            if ((a1 >> 16) & 1) == K.LOOK_REVEAL:
                # "reveal up to N cards": the cards looked at so far are revealed (both observations), their number
                # stored ("if you revealed 1 or more cards", IF_STORED)
                reveal_begin(s, REVEALED_N, d)
                n_d = s[DECK_N + d]
                for i in range(min(seen, n_d)):
                    reveal_card(s, REVEALED_N, REVEALED, K.REVEAL_ROWS, d, cid_of(s, s[DECK_L + d * K.MAX_DECK + n_d - 1 - i]))
                s[f + FR_STORE] = seen
            if (cnt & K.LOOK_STOPPED) == 0:
                if seen < min(nlook, s[DECK_N + d]):
                    # the cards looked at so far (top first) are the candidates: the master's observation shows them
                    n_d = s[DECK_N + d]
                    for i in range(min(seen, K.OPTION_SLOTS)):
                        s[CAND + i] = s[DECK_L + d * K.MAX_DECK + n_d - 1 - i]
                    s[CAND_N] = min(seen, K.OPTION_SLOTS)
                    s[DEC_ARG] = seen
                    s[DEC_ARG + 1] = K.ChoiceFor.LOOK_MORE
                    s[LOOKED_N] = seen if d == m else 0  # the observation's looked rows: the decider's own deck
                    set_decision(s, K.Decision.OPTIONAL_EFFECT, m)
                    return ASKED
                s[f + FR_CNT] = cnt | K.LOOK_STOPPED
            nlook = seen  # what follows is about the cards looked at
            cnt &= K.LOOK_CHOSEN_MASK
        oppc = ((a1 >> 17) & 1) == K.LOOK_OPP_CHOOSES
        if oppc and cnt == 0:
            # "reveal the top N cards of your deck, your opponent chooses ..." (session 29): all N shown to both players
            reveal_begin(s, REVEALED_N, d)
            n_d = s[DECK_N + d]
            for i in range(min(nlook, n_d)):
                reveal_card(s, REVEALED_N, REVEALED, K.REVEAL_ROWS, d, cid_of(s, s[DECK_L + d * K.MAX_DECK + n_d - 1 - i]))
        if cnt < take and game.fill_list_candidates(s, T, f, reg, K.Zone.DECK, d, a2, 0, nlook, m, src, False) > 0:
            # "choose N cards from among them" (LOOK_MUST_TAKE, CR 8.6.3.1): no PASS while one can be chosen; the
            # master's opponent chooses (LOOK_OPP_CHOOSES)
            game.ask_candidates(s, 1 - m if oppc else m, reg, 0 if ((a1 >> 14) & 1) == K.LOOK_MUST_TAKE else 1)
            s[LOOKED_N] = min(nlook, s[DECK_N + d]) if d == m and not oppc else 0  # the master saw them all (its deck)
            return ASKED
        s[LOOKED_N] = 0
        # "put the rest into your waiting room": the cards looked at (the top min(a0, deck)) less
        # those taken, which are among them
        rest = 0
        rest_to = ((a1 >> 8) & 3)  # LOOK_REST_WR / LOOK_REST_STOCK (session 32), 0: they stay on top
        if rest_to != 0 or ((a1 >> 12) & 1) == K.LOOK_STORE_TAKEN:
            taken = 0
            for i in range(reg_count(game, s, f, reg)):
                if s[ZONE + reg_slot(game, s, f, reg, i) * CARD_W] == K.Zone.DECK:
                    taken += 1
            if rest_to != 0:
                rest = min(nlook, s[DECK_N + d]) - taken
            if ((a1 >> 12) & 1) == K.LOOK_STORE_TAKEN:
                s[f + FR_STORE] = taken  # "if you put 1 card into your hand, ..." (IF_STORED)
        dest = (a1 >> 10) & 3  # where the cards taken go: LOOK_TAKE_* (hand, waiting room, deck bottom)
        ntop = 0  # cards taken put back on top (LOOK_TAKE_TOP): the rest are under them
        if dest == K.LOOK_TAKE_HAND:
            game.chosen_to_hand(s, f, reg, K.Zone.DECK)
        else:
            for i in range(reg_count(game, s, f, reg)):
                sl = reg_slot(game, s, f, reg, i)
                if s[ZONE + sl * CARD_W] != K.Zone.DECK:
                    continue
                if dest == K.LOOK_TAKE_WR:
                    game.put_in_zone(s, sl, K.Zone.WAITING_ROOM)
                elif dest == K.LOOK_TAKE_TOP:  # re-ordering: on top, in the order taken
                    game.take_from_zone(s, sl)
                    mod_forget(s, MT, sl)
                    s[ZONE + sl * CARD_W] = K.Zone.DECK
                    s[DECK_L + d * K.MAX_DECK + s[DECK_N + d]] = sl
                    s[DECK_N + d] += 1
                    ntop += 1
                else:  # the bottom of the deck (as TO_DECK_BOTTOM)
                    game.take_from_zone(s, sl)
                    mod_forget(s, MT, sl)
                    s[ZONE + sl * CARD_W] = K.Zone.DECK
                    n_d = s[DECK_N + d]
                    for j in range(n_d, 0, -1):
                        s[DECK_L + d * K.MAX_DECK + j] = s[DECK_L + d * K.MAX_DECK + j - 1]
                    s[DECK_L + d * K.MAX_DECK] = sl
                    s[DECK_N + d] = n_d + 1
            s[f + FR_REGN + reg] = 0
        rz = K.Zone.STOCK if rest_to == K.LOOK_REST_STOCK else K.Zone.WAITING_ROOM
        for _ in range(rest):
            if ntop == 0:
                game.move_top_of_deck(s, d, rz)
            elif s[DECK_N + d] > ntop:  # "put it on the top of your deck, and put the rest into your waiting room"
                game.put_in_zone(s, s[DECK_L + d * K.MAX_DECK + s[DECK_N + d] - 1 - ntop], rz)
        game.refresh_if_empty(s, d)
    elif op == K.Op.REVEAL_TOP:  # the top card stays where it is (it is only revealed)
        s[f + FR_STORE] = 0
        top = game.deck_top(s, m)
        reveal_begin(s, REVEALED_N, m)  # shown to both players (engine.reveals: their observations)
        if top >= 0:
            reveal_card(s, REVEALED_N, REVEALED, K.REVEAL_ROWS, m, cid_of(s, top))
        # a1 = a second filter row + 1 (0 none): "if that card is an event or a <<T>> character"; a2 = 1:
        # "if that card is not ...": the card counts when it matches neither
        if top >= 0 and (a0 < 0 or game.filter_match(s, T, a0, top, m, src)
                         or (a1 > 0 and game.filter_match(s, T, a1 - 1, top, m, src))) != (a2 != 0):
            reg_add(game, s, f, reg, top)
            s[f + FR_STORE] = 1
    elif op == K.Op.IF_STORED:
        if s[f + FR_STORE] < a0:
            s[f + FR_PC] += a2
    elif op == K.Op.SKIP:  # an option of "choose 1 of the following effects" done: past the other options
        s[f + FR_PC] += a2
    elif op == K.Op.POWER_X:  # a0 x the stored count, to every register card still on the stage
        # a2 PER_SOUL / PER_LEVEL: a0 x that card's own soul / level now ("X is equal to that character's soul x N")
        amount = a0 * s[f + FR_STORE]
        if amount != 0 or a2 != 0:
            for i in range(reg_count(game, s, f, reg)):
                sl = reg_slot(game, s, f, reg, i)
                if s[ZONE + sl * CARD_W] == K.Zone.STAGE:
                    if a2 == K.PER_SOUL:
                        amount = a0 * s[D_SOUL + sl * CARD_W]
                    elif a2 == K.PER_LEVEL:
                        amount = a0 * s[D_LEVEL + sl * CARD_W]
                    elif a2 == K.PER_FACING:  # "X is equal to N multiplied by the level of the character facing ..."
                        fs = game.facing_slot(s, owner_of(s, sl), s[POS + sl * CARD_W])
                        amount = a0 * s[D_LEVEL + fs * CARD_W] if fs >= 0 else 0
                    elif a2 == K.PER_COLORS:  # "... the total number of colors your characters on stage have"
                        seen = 0
                        for pos in range(K.N_POSITIONS):
                            sl2 = stage_slot(s, m, pos)
                            if sl2 >= 0:
                                seen |= 1 << card_table(T)[cid_of(s, sl2), K.C_COLOR]
                        amount = 0
                        for c in range(K.N_COLORS):
                            amount += a0 * ((seen >> c) & 1)
                    if amount != 0:
                        game.add_power(s, sl, amount, a1)
    elif op == K.Op.ENCORE_SELF:  # CR 10.2.2: back to its previous position, rested
        who_back = src
        pos = s[f + FR_AUX]
        if a0 != 0:  # "return that character to its previous stage position": the triggering card (other_to_wr_from_stage)
            who_back = s[f + FR_AUX] % K.N_SLOTS  # and the position it left, packed by play.stage_to_wr
            pos = s[f + FR_AUX] // K.N_SLOTS - 1
        if s[ZONE + who_back * CARD_W] == K.Zone.WAITING_ROOM and owner_of(s, who_back) == m \
                and 0 <= pos < K.N_POSITIONS and stage_slot(s, m, pos) < 0:
            game.place_on_stage(s, T, who_back, m, pos, K.Orientation.REST, False)
    elif op == K.Op.BOND:  # CR 10.4.2: a card named a0 from the waiting room to hand
        if s[f + FR_CNT] == 0 and game.fill_list_candidates(s, T, f, reg, K.Zone.WAITING_ROOM, m, -1, a0, -1, m, src, True) > 0:
            game.ask_candidates(s, m, reg, 0)
            return ASKED
        if s[f + FR_REGN + reg] > 0 and game.wr_to_hand_locked(s, T, m, s[f + FR_REG + reg * K.TARGET_MAX]):
            s[f + FR_REGN + reg] = 0  # the master's rule: it stays in the waiting room
        game.chosen_to_hand(s, f, reg, K.Zone.WAITING_ROOM)
    elif op == K.Op.SHIFT:  # CR 10.11.2: may exchange this clock card with a same-colour hand card
        if s[f + FR_CNT] == 0 and s[ZONE + src * CARD_W] == K.Zone.CLOCK and game.shift_candidates(s, T, m, src) > 0:
            s[DEC_ARG + 1] = K.ChoiceFor.SHIFT
            set_decision(s, K.Decision.CHOOSE_TARGET, m)
            return ASKED
    elif op == K.Op.CHANGE and (a2 & K.CHANGE_BY_COST) != 0:
        # CR 10.8.1 "[... put this card into <zone>] ... choose a card named "X" in your waiting room, and put it on
        # the stage position that this card was on": the cost's move first (the resolution's start: nothing
        # happens between), the position it left kept in FR_STORE; then the choice, this card included when it
        # matches now (CR 3.1.4: a new card in that zone)
        if s[ZONE + src * CARD_W] == K.Zone.STAGE:
            s[f + FR_STORE] = s[POS + src * CARD_W]
            z_to = a2 & (K.CHANGE_BY_COST - 1)  # (CHANGE_DEFENDER is above CHANGE_BY_COST)
            if z_to == 0:
                game.stage_to_wr(s, T, src)
            elif z_to == K.Zone.MEMORY:  # (session 34) its memory triggers (play.to_memory)
                game.to_memory(s, T, src)
            else:
                game.put_in_zone(s, src, z_to)
            s[f + FR_REGN + reg] = 0
            z, q = game.choose_zone_list(s, T, a0, m)
            if game.fill_list_candidates(s, T, f, reg, z, q, a0, 0, -1, m, src, True) > 0:
                game.ask_candidates(s, m, reg, 1 if (a2 & K.CHANGE_UP_TO) != 0 else 0)
                return ASKED
        elif s[f + FR_REGN + reg] > 0:
            chosen = s[f + FR_REG + reg * K.TARGET_MAX + s[f + FR_REGN + reg] - 1]
            pos = s[f + FR_STORE]
            if 0 <= pos < K.N_POSITIONS and stage_slot(s, m, pos) < 0 and s[ZONE + chosen * CARD_W] != K.Zone.STAGE:
                game.place_on_stage(s, T, chosen, m, pos, a1, False)
                if (a2 & K.CHANGE_DEFENDER) != 0 and s[DEF_SLOT] == src and src >= 0:
                    s[DEF_SLOT] = chosen  # "as the defending character" (the position, DEF_POS, is the same)
                if (a2 & K.CHANGE_KEEP) != 0:  # "..., and that character gets ...": the card placed, for the next ops
                    s[f + FR_REG + reg * K.TARGET_MAX] = chosen
                    s[f + FR_REGN + reg] = 1
                    return NEXT
        s[f + FR_REGN + reg] = 0
    elif op == K.Op.CHANGE:  # CR 10.8: a0 filter (hand / waiting room) takes this card's position
        if s[f + FR_CNT] == 0 and s[ZONE + src * CARD_W] == K.Zone.STAGE:
            z, q = game.choose_zone_list(s, T, a0, m)
            nc = game.fill_list_candidates(s, T, f, reg, z, q, a0, 0, -1, m, src, True)
            if (a2 & K.CHANGE_MARKER) != 0:  # "1 marker underneath this card or ...": its character markers too
                nc = game.marker_candidates(s, T, m, src, nc, -1)
            if nc > 0:
                game.ask_candidates(s, m, reg, 1)  # "you may"
                return ASKED
        if s[f + FR_REGN + reg] > 0 and s[ZONE + src * CARD_W] == K.Zone.STAGE:  # 10.8.3
            chosen = s[f + FR_REG + reg * K.TARGET_MAX + s[f + FR_REGN + reg] - 1]
            pos = s[POS + src * CARD_W]
            if (a2 & K.CHANGE_MARKER) != 0:
                # the card chosen takes the position; this card goes face up underneath it as a marker, the markers
                # of the position staying (approximation change_markers_kept, as Fusion's CR 10.14.1.1.2)
                zc = s[ZONE + chosen * CARD_W]
                if zc == K.Zone.WAITING_ROOM or (zc == K.Zone.MARKER and s[POS + chosen * CARD_W] == pos):
                    game.stage_char_to_marker(s, src)
                    game.place_on_stage(s, T, chosen, m, pos, a1, False)
            else:
                z_to = a2 & ~(K.CHANGE_DEFENDER | K.CHANGE_KEEP)
                if z_to == 0:
                    game.stage_to_wr(s, T, src)
                elif z_to == K.Zone.MEMORY:  # (session 34) its memory triggers (play.to_memory)
                    game.to_memory(s, T, src)
                else:  # "[Put this card into your clock / stock]", "[Return this card to your hand]"
                    game.put_in_zone(s, src, z_to)
                game.place_on_stage(s, T, chosen, m, pos, a1, False)
                if (a2 & K.CHANGE_DEFENDER) != 0 and s[DEF_SLOT] == src:
                    s[DEF_SLOT] = chosen  # "as the defending character" (same position: DEF_POS kept)
                if (a2 & K.CHANGE_KEEP) != 0:  # "..., and that character gets ...": the card placed, for the next ops
                    s[f + FR_REG + reg * K.TARGET_MAX] = chosen
                    s[f + FR_REGN + reg] = 1
                    return NEXT
        s[f + FR_REGN + reg] = 0
    elif op == K.Op.CHOOSE_OPTIONAL:  # ask "do it?"; no skips a2 rows
        if s[f + FR_CNT] == 0:
            s[DEC_ARG] = a2
            s[DEC_ARG + 1] = K.ChoiceFor.CHOOSE_OPTIONAL
            # a1 = 1: "your opponent may ...": the master's opponent decides (CR 8.6.3)
            set_decision(s, K.Decision.OPTIONAL_EFFECT, m if a1 == 0 else 1 - m)
            return ASKED
    elif op == K.Op.DAMAGE:
        if not game.opp_auto_damage_locked(s, T, f, who):
            # a2: added to a stored count; a canceled damage reports NOT_DONE (session 29: "If this damage is canceled,
            # X" is an IF_DONE "If you don't" right after it; nothing else asks, CR 4.10)
            if game.deal_damage(s, T, who, count_operand(game, s, f, a0) + a2) == 1:
                return NOT_DONE
    elif op == K.Op.HEAL:
        moved = 0
        hz = K.Zone.STOCK if (a2 & K.HEAL_TO_STOCK) != 0 else K.Zone.HAND if (a2 & K.HEAL_TO_HAND) != 0 \
            else K.Zone.WAITING_ROOM
        for _ in range(a0):
            nc = s[CLOCK_N + who]
            if nc > 0:
                # the top card (the list's last) or the bottom one (HEAL_BOTTOM, the list's first; CR 3.8.2)
                game.put_in_zone(s, s[CLOCK_L + who * K.MAX_DECK + (0 if (a2 & K.HEAL_BOTTOM) != 0 else nc - 1)], hz)
                moved += 1
        if moved < a0:  # CR 1.3.3: what cannot be done is not done ("If you do, ...": IF_DONE)
            return NOT_DONE
    elif op == K.Op.MILL_COMPARE:
        # (session 34, s34c) "all players put the top card of their deck into their waiting room. If the level of the card
        # put into your waiting room by this effect is higher than your opponent's, ...": each player's top card into
        # their waiting room (move_top_of_deck: a deck emptied is refreshed at once, CR 9.2.1); 1 is stored when both
        # moved and the master's card's level (printed; a climax: 0, "Climax are regarded as level 0") is the higher
        mine = game.move_top_of_deck(s, m, K.Zone.WAITING_ROOM)
        theirs = game.move_top_of_deck(s, 1 - m, K.Zone.WAITING_ROOM)
        s[f + FR_STORE] = 0
        if mine >= 0 and theirs >= 0 and card_table(T)[cid_of(s, mine), K.C_LEVEL] > card_table(T)[cid_of(s, theirs),
                                                                                                  K.C_LEVEL]:
            s[f + FR_STORE] = 1
    elif op == K.Op.MILL_LEVEL:  # mill a0, store the total level of the cards milled (a climax: level 0)
        total = 0
        for _ in range(a0):
            sl = game.move_top_of_deck(s, m, K.Zone.WAITING_ROOM)
            if sl >= 0:
                total += card_table(T)[cid_of(s, sl), K.C_LEVEL]
        s[f + FR_STORE] = total
    elif op == K.Op.MILL_COUNT:  # mill a0, store how many of them match filter a1
        cnt = 0
        q = m if (a2 & K.MILL_COUNT_OPPONENT) == 0 else 1 - m  # whose deck (a1 is the filter, not a Who)
        if (a2 & K.MILL_COUNT_BRAINSTORM) != 0:
            # Brainstorm (CR 10.7.3): the a0 cards to the resolution zone (above an event resolving there), then all of
            # them to the waiting room, counted there; "when you use Brainstorm" as the BRAINSTORM op (10.7.4)
            base = s[RES_N + q]
            for _ in range(a0):
                game.move_top_of_deck(s, q, K.Zone.RESOLUTION)
            ncx = 0
            while s[RES_N + q] > base:
                sl = s[RES_L + q * K.MAX_DECK + base]
                game.put_in_zone(s, sl, K.Zone.WAITING_ROOM)
                if card_table(T)[cid_of(s, sl), K.C_TYPE] == K.CardType.CLIMAX:
                    ncx += 1
                if game.filter_match(s, T, a1, sl, m, src):
                    cnt += 1
            s[f + FR_STORE] = cnt
            if src >= 0 and s[ZONE + src * CARD_W] == K.Zone.STAGE:
                game.trigger_card(s, T, src, m, K.Trigger.USE_KEYWORD, ncx)
            if ncx > 0 and pool_may_trigger(T, K.Trigger.OPP_BRAINSTORM_CLIMAX):
                # "when your opponent uses "Brainstorm", if a climax is put into their waiting room by that effect"
                # (session 32, CR 10.7.3): the other player's stage characters
                for q in range(K.N_POSITIONS):
                    if stage_slot(s, 1 - m, q) >= 0:
                        game.trigger_card(s, T, stage_slot(s, 1 - m, q), 1 - m, K.Trigger.OPP_BRAINSTORM_CLIMAX, -1)
            return NEXT
        for _ in range(a0):
            if (a2 & K.MILL_COUNT_BOTTOM) != 0:
                sl = game.mill_bottom(s, q)
            else:
                sl = game.move_top_of_deck(s, q, K.Zone.WAITING_ROOM)
            if sl >= 0 and game.filter_match(s, T, a1, sl, m, src):
                if (a2 & K.MILL_COUNT_ICONS) != 0:  # "the number of trigger icons among those cards" (CR 2.12)
                    if card_table(T)[cid_of(s, sl), K.C_TRIGGER0] != 0:
                        cnt += 1
                    if card_table(T)[cid_of(s, sl), K.C_TRIGGER1] != 0:
                        cnt += 1
                else:
                    cnt += 1
        s[f + FR_STORE] = cnt + (s[f + FR_STORE] if (a2 & K.MILL_COUNT_ADD) != 0 else 0)
    elif op == K.Op.WR_TO_DECK:  # the whole waiting room into the deck (the shuffle is the next op)
        n_wr = s[WR_N + who]
        if a2 == K.WR_TO_DECK_KEEP_REG:  # "... returns all cards except that card": the register's cards stay
            i = s[WR_N + who] - 1
            while i >= 0:
                sl = s[WR_L + who * K.MAX_DECK + i]
                if not reg_has(game, s, f, reg, sl):
                    game.put_in_zone(s, sl, K.Zone.DECK)
                i -= 1
        while a2 == 0 and s[WR_N + who] > 0:
            game.put_in_zone(s, s[WR_L + who * K.MAX_DECK + s[WR_N + who] - 1], K.Zone.DECK)
        if s[WR_N + who] == n_wr:  # no card returned: not done ("If you do", session 27; CR 1.3.3)
            return NOT_DONE
    elif op == K.Op.TOP_LEVEL:  # store the top card's level (0 with no card); the card is revealed
        n_d = s[DECK_N + m]
        s[f + FR_STORE] = card_table(T)[cid_of(s, s[DECK_L + m * K.MAX_DECK + n_d - 1]), K.C_LEVEL] if n_d > 0 else 0
        reveal_begin(s, REVEALED_N, m)
        if n_d > 0:
            reveal_card(s, REVEALED_N, REVEALED, K.REVEAL_ROWS, m, cid_of(s, s[DECK_L + m * K.MAX_DECK + n_d - 1]))
    elif op == K.Op.TRIGGER_CHECKS:
        # "during that attack, perform a trigger check N times on the trigger step": N - 1 checks after
        # the one of CR 7.3.1.2 (turn.py, F_TRIGGER_DONE); only while an attack is declared
        atk = s[ATK_SLOT]
        if atk >= 0 and a0 - 1 > (s[USES + atk * CARD_W] >> K.EXTRA_TRIG_SHIFT) & K.EXTRA_TRIG_MASK:
            s[USES + atk * CARD_W] &= ~(K.EXTRA_TRIG_MASK << K.EXTRA_TRIG_SHIFT)
            s[USES + atk * CARD_W] |= (a0 - 1) << K.EXTRA_TRIG_SHIFT
    elif op == K.Op.STOCK_BOTTOM_TO_WR or op == K.Op.STOCK_TOP_TO_WR:
        # the bottom of the stock (its list's first card) or its top (the last card) to the waiting room
        moved = 0
        for _ in range(a0):
            n_st = s[STOCK_N + who]
            if n_st > 0:
                at = 0 if op == K.Op.STOCK_BOTTOM_TO_WR else n_st - 1
                game.put_in_zone(s, s[STOCK_L + who * K.MAX_DECK + at], K.Zone.WAITING_ROOM)
                moved += 1
        if moved < a0:  # CR 1.3.3: an empty stock moves nothing ("If you do, ...": IF_DONE)
            return NOT_DONE
    elif op == K.Op.STOCK_TOP_TO_CLOCK:  # the top of the stock (its list's last card) into the clock (CR 4.10.2: no damage)
        for _ in range(a0):
            if s[STOCK_N + who] > 0:
                game.put_in_zone(s, s[STOCK_L + who * K.MAX_DECK + s[STOCK_N + who] - 1], K.Zone.CLOCK)
    elif op == K.Op.STOCK_RENEW:  # "puts all of their stock into their waiting room, and puts the same number ..."
        n = s[STOCK_N + who]
        if a2 == K.STOCK_RENEW_DECK:  # "returns all cards from their stock to their deck, shuffles their deck, and ..."
            for _ in range(n):
                sl = s[STOCK_L + who * K.MAX_DECK + s[STOCK_N + who] - 1]
                game.take_from_zone(s, sl)
                mod_forget(s, MT, sl)  # CR 3.1.4
                s[ZONE + sl * CARD_W] = K.Zone.DECK
                zone_push(s, DECK_N + who, DECK_L + who * K.MAX_DECK, sl)
            zone_shuffle(s, ZT, K.Zone.DECK, who, s)
        else:
            game.pay_stock(s, who, n)  # from the top, one card at a time (CR 8.4.3's move of stock cards)
        for _ in range(n):
            game.move_top_of_deck(s, who, K.Zone.STOCK)
    elif op == K.Op.POOL:  # a0 -1: the stored count ("put X cards from the top of your deck ...")
        for _ in range(count_operand(game, s, f, a0)):
            game.move_top_of_deck(s, who, K.Zone.STOCK)
    elif op == K.Op.MILL:
        for _ in range(count_operand(game, s, f, a0)):
            if a2 == K.MILL_BOTTOM:  # "put the bottom N cards of ... deck into ... waiting room"
                game.mill_bottom(s, who)
            else:
                game.move_top_of_deck(s, who, K.Zone.WAITING_ROOM)
    elif op == K.Op.CLOCK_TOP:
        for _ in range(count_operand(game, s, f, a0)):
            game.move_top_of_deck(s, who, K.Zone.CLOCK)
    elif op == K.Op.BRAINSTORM:  # CR 10.7.3: flip a0 to the resolution zone, then all to WR
        ncx = 0
        base = s[RES_N + m]  # an event resolving is in the resolution zone below the cards flipped (CR 6.5.1.2.2)
        for _ in range(a0):
            sl = game.move_top_of_deck(s, m, K.Zone.RESOLUTION)
            if sl >= 0 and card_table(T)[cid_of(s, sl), K.C_TYPE] == K.CardType.CLIMAX:
                ncx += 1
        while s[RES_N + m] > base:
            game.put_in_zone(s, s[RES_L + m * K.MAX_DECK + base], K.Zone.WAITING_ROOM)
        s[f + FR_STORE] = ncx
        if src >= 0 and s[ZONE + src * CARD_W] == K.Zone.STAGE:
            game.trigger_card(s, T, src, m, K.Trigger.USE_KEYWORD, ncx)  # 10.7.4 "when you use Brainstorm"
        if ncx > 0 and pool_may_trigger(T, K.Trigger.OPP_BRAINSTORM_CLIMAX):
            # "when your opponent uses "Brainstorm", if a climax is put into their waiting room by that effect"
            # (session 32, CR 10.7.3): the other player's stage characters
            for q in range(K.N_POSITIONS):
                if stage_slot(s, 1 - m, q) >= 0:
                    game.trigger_card(s, T, stage_slot(s, 1 - m, q), 1 - m, K.Trigger.OPP_BRAINSTORM_CLIMAX, -1)
    elif op == K.Op.SHUFFLE_DECK:
        zone_shuffle(s, ZT, K.Zone.DECK, who, s)
        game.refresh_if_empty(s, who)  # a card found by a SEARCH_KEEP and put on the stage may have emptied it (CR 9.2.1)
    elif op == K.Op.PAY_STOCK:
        if a1 != 0 and s[STOCK_N + m] < a0:
            return NOT_DONE  # in full or nothing (CR 8.4.2.2): "you may pay the cost. If you do, ..." (session 28)
        game.pay_stock(s, m, min(a0, s[STOCK_N + m]))
    elif op == K.Op.BACKUP:  # CR 10.5.2: the defending character gets +X power
        d = s[DEF_SLOT]
        if d >= 0 and s[ZONE + d * CARD_W] == K.Zone.STAGE:
            mod_apply(game, s, MT, d, K.Mod.POWER, K.Duration.END_OF_TURN, a0)
    elif op == K.Op.COUNT:
        cnt = 0
        if a1 > 0:  # a1 = a list zone of the master's ("X is equal to the number of "Name" in your waiting room")
            n_off, l_off = zone_offsets(ZT, a1, m)
            for i in range(s[n_off]):
                if game.filter_match(s, T, a0, s[l_off + i], m, src):
                    cnt += 1
        else:
            for q in range(2):
                for pos in range(K.N_POSITIONS):
                    sl = stage_slot(s, q, pos)
                    if sl >= 0 and game.filter_match(s, T, a0, sl, m, src):
                        cnt += 1
        s[f + FR_STORE] = cnt
    elif op == K.Op.MEMORY_TRIM:  # last in the chain (imported pools only): the memory's earliest cards to the WR
        if s[MEMORY_N + who] >= a2:
            while s[MEMORY_N + who] > a0:
                game.put_in_zone(s, s[MEMORY_L + who * K.MAX_DECK], K.Zone.WAITING_ROOM)
    elif op == K.Op.EXCHANGE:  # last (imported pools only)
        # "choose 1 card in your level and 1 card in your waiting room, and exchange them": each goes where the other
        # was; with either not chosen (none there) nothing is exchanged (as Change, CR 10.8.3, and Shift, 10.11.3)
        if reg_count(game, s, f, reg) == 0 or reg_count(game, s, f, a0) == 0:
            return NOT_DONE
        c1 = reg_slot(game, s, f, reg, 0)
        c2 = reg_slot(game, s, f, a0, 0)
        z1 = s[ZONE + c1 * CARD_W]
        z2 = s[ZONE + c2 * CARD_W]
        if z1 == K.Zone.STAGE and z2 == K.Zone.STAGE and c1 != c2 and owner_of(s, c1) == owner_of(s, c2) \
                and ((s[D_RST + c1 * CARD_W] | s[D_RST + c2 * CARD_W]) & K.RESTRICT_CANT_MOVE) == 0:
            # "choose this card and 1 of your other characters, and exchange them": two characters of one stage swap
            # positions (as the move of CR 6.5.1.2.4; a character that cannot move stays, and so does the other)
            game.move_chars(s, T, owner_of(s, c1), s[POS + c1 * CARD_W], s[POS + c2 * CARD_W])
            if a1 == 1:  # "exchange them as [STAND]"
                s[ORIENT + c1 * CARD_W] = K.Orientation.STAND
                s[ORIENT + c2 * CARD_W] = K.Orientation.STAND
            return NEXT
        if (z1 == K.Zone.STAGE and z2 == K.Zone.WAITING_ROOM or z1 == K.Zone.WAITING_ROOM and z2 == K.Zone.STAGE) \
                and owner_of(s, c1) == owner_of(s, c2):
            # "choose 1 of your opponent's characters, your opponent chooses 1 character in their waiting room, and
            # exchanges them" (session 27): the character goes to the waiting room (its leaving triggers, CR 10.2)
            # and the card takes its position, as Change's (CR 10.8.1), standing (a card put on the stage stands
            # unless told otherwise, as 10.15.3.1)
            on, off = (c1, c2) if z1 == K.Zone.STAGE else (c2, c1)
            q = owner_of(s, on)
            pos = s[POS + on * CARD_W]
            game.stage_to_wr(s, T, on)
            game.place_on_stage(s, T, off, q, pos, K.Orientation.STAND, False)
            return NEXT
        if z1 == z2 or z1 == K.Zone.STAGE or z2 == K.Zone.STAGE:
            return NOT_DONE
        game.put_in_zone(s, c1, z2)
        game.put_in_zone(s, c2, z1)
    elif op == K.Op.OPP_CHOOSE:  # the master's opponent chooses (CR 8.6.3: as many as possible unless "up to")
        if s[f + FR_CNT] < a1:  # each choice adds 1; a pass (up to) sets bit 20 (kernels.apply_decision)
            z, q = game.choose_zone_list(s, T, a0, m)
            if game.fill_list_candidates(s, T, f, reg, z, q, a0, 0, -1, m, src, True) > 0:
                game.ask_candidates(s, 1 - m, reg, a2)
                return ASKED
    elif op == K.Op.MARKER_OUT:  # last (imported pools only): markers under the source into zone a1 (CR 3.7)
        if s[ZONE + src * CARD_W] != K.Zone.STAGE:
            return NOT_DONE
        pos = s[POS + src * CARD_W]
        moved = 0
        for sl in range(K.N_SLOTS):
            if moved < a0 and s[ZONE + sl * CARD_W] == K.Zone.MARKER and owner_of(s, sl) == m \
                    and s[POS + sl * CARD_W] == pos:
                game.put_in_zone(s, sl, a1)  # take_from_zone counts it off its position's markers
                s[POS + sl * CARD_W] = -1
                moved += 1
        if moved < a0:
            return NOT_DONE
    elif op == K.Op.REG_LEVEL:  # last (imported pools only): "X is equal to the level of the character you chose -1"
        if reg_count(game, s, f, reg) == 0:
            s[f + FR_STORE] = a2  # no card: level 0
        else:
            c = reg_slot(game, s, f, reg, 0)
            lv = s[D_LEVEL + c * CARD_W] if s[ZONE + c * CARD_W] == K.Zone.STAGE else card_table(T)[cid_of(s, c), K.C_LEVEL]
            s[f + FR_STORE] = lv + a2
    elif op == K.Op.REG_SOUL:
        # (session 34, s34c) "X is equal to that character's soul": the chosen character's soul now (CR 2.10; its
        # printed soul off the stage), stored for a count operand ("deal X damage")
        s[f + FR_STORE] = 0
        if reg_count(game, s, f, reg) > 0:
            c = reg_slot(game, s, f, reg, 0)
            s[f + FR_STORE] = s[D_SOUL + c * CARD_W] if s[ZONE + c * CARD_W] == K.Zone.STAGE else card_table(T)[cid_of(s, c), K.C_SOUL]
    elif op == K.Op.TRIGGER_DAMAGE:  # "deal the same damage": the triggering damage's amount (triggers.trigger_card)
        s[f + FR_STORE] = max(s[f + FR_AUX], 0)
    elif op == K.Op.MEMORY_KEEP:  # (session 34) the memory's cards not chosen (register I_REG) to the waiting room
        i = s[MEMORY_N + who] - 1
        while i >= 0:  # from the top: a card taken off shifts only the cards above it, already seen
            sl = s[MEMORY_L + who * K.MAX_DECK + i]
            if not reg_has(game, s, f, reg, sl):
                game.put_in_zone(s, sl, K.Zone.WAITING_ROOM)
            i -= 1
    elif op == K.Op.MEMORY_MARK and src >= 0 and (a0 == 0 or s[ZONE + src * CARD_W] == K.Zone.MEMORY):
        # (session 34) CR 8.7.5: the delayed ability to come of a card put into the memory (set only when it is there)
        game.memory_mark_set(s, src, a0 != 0)
    # op >= K.Op.AURA_POWER: continuous instructions work through refresh_derived; the other opcodes
    # (UNSUPPORTED_OPS in tcg_env.games.weiss_schwarz.unsupported) do nothing yet
    return NEXT


@internal
def mill_bottom(game, s, p):
    """The bottom card of ``p``'s deck (its list's first card) into the waiting room, then the refresh of an empty
    deck (CR 9.2.1); the card moved, or -1 with an empty deck."""
    if s[DECK_N + p] == 0:
        return -1
    sl = s[DECK_L + p * K.MAX_DECK]
    game.put_in_zone(s, sl, K.Zone.WAITING_ROOM)
    game.refresh_if_empty(s, p)
    return sl


@internal
def run_top_frame(game, s, T):
    """Run the top effect program until it ends (returns 0: the frame is popped), is interrupted
    by a level up (returns 0: the frame stays) or asks a player (returns 1)."""
    status = run_program(game, s, T, frame_base(s, s[FRAME_N] - 1))
    if status == ASKED:
        return 1
    if status == DONE:
        f = frame_base(s, s[FRAME_N] - 1)
        kind = ability_table(T)[s[f + FR_ABIL], K.A_KIND]
        s[FRAME_N] -= 1
        if kind == K.AbilityKind.ACT or kind == K.AbilityKind.COUNTER_ACT:
            # CR 8.1.1.1.2: "when you use an activated ability" is when it has resolved
            game.trigger_act_used(s, T, s[f + FR_MASTER])
        elif kind == K.AbilityKind.AUTO and ability_table(T)[s[f + FR_ABIL], K.A_KEYWORD] == K.Keyword.ACCELERATE:
            # CR 10.12.3: "when you use "Accelerate"": an Accelerate ability resolved (played: its cost paid, a
            # declined one is no frame, triggers.play_pending)
            game.trigger_accelerate_used(s, T, s[f + FR_MASTER])
        kw = ability_table(T)[s[f + FR_ABIL], K.A_KEYWORD]
        if kw == K.Keyword.CHANGE:
            # "when you use "Change"" (session 31): a Change ability resolved (a declined one is no frame)
            game.trigger_change_used(s, T, s[f + FR_MASTER], K.Trigger.CHANGE_USED)
        elif kw == K.Keyword.RESONATE:
            # "when you use "Resonate"" (session 31, CR 10.13): a Resonate ability resolved
            game.trigger_change_used(s, T, s[f + FR_MASTER], K.Trigger.RESONATE_USED)
    return 0
