"""FF-TCG rules kernels: the effect interpreter (CR 11.11, 11.12).

An effect is a small program (``constants.Op``, rows of the code table) run over *frames* kept in
the state row, so an effect can stop on a choice (targets, "you may", a search) and resume when
the action arrives. Targets are chosen when a Summon is cast or an ability is put on the stack
(CR 11.3.3, 11.6.5, 11.8.9) and checked again on resolution (CR 11.11); damage to a player runs
as a frame too (CR 6.5, EX Burst CR 11.10).
"""

from tcg_env.engine.tables import ability_table, card_table, code_table, filter_table
from tcg_env.engine.jit import internal
from tcg_env.engine.header import H_DONE
from tcg_env.engine.rng import rng_below
from tcg_env.engine.zones import zone_pop_top, zone_shuffle, zone_take
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import (
    EK_SUMMON,
    FIELD_SLOTS,
    FL_AFTER_RESOLVE,
    FL_PAY,
    FL_PRIORITY,
    FRAME_MAX,
    MAX_BACKUPS,
    MAX_DECK,
    M_DAMAGE,
    M_EXEC,
    M_TARGET,
    OPTION_SLOTS,
    P_CAST,
    P_DAMAGE,
    P_RESOLVE,
    P_TRIGGER,
    STACK_MAX,
    TARGET_MAX,
)
from tcg_env.games.fftcg.state import (
    BREAK_L,
    BREAK_N,
    BUILD_ENTRY,
    CAND,
    CAND_N,
    CARD,
    CARD_W,
    DAMAGED_EMPTY,
    DECK_L,
    DECK_N,
    DEC_ARG,
    DMG,
    DULL,
    ENTRY_W,
    E_ABIL,
    E_AUX,
    E_CARD,
    E_CTRL,
    E_KIND,
    E_REG,
    E_REGN,
    E_SLOT,
    FIELD_L,
    FIELD_N,
    FLOW,
    FRAMES,
    FRAME_N,
    FRAME_W,
    FROZEN,
    FR_CNT,
    FR_LEFT,
    FR_MODE,
    FR_PC,
    FR_PLAYER,
    FR_PURPOSE,
    HAND_L,
    HAND_N,
    KW_EOT,
    KW_PERM,
    PMOD_EOT,
    PMOD_PERM,
    RST_EOT,
    RST_PERM,
    STACK,
    STACK_N,
    ZONE,
    ZT,
)
from tcg_env.games.fftcg.board import count_field_type, filter_match, refresh_derived
from tcg_env.engine.decisions import set_decision
from tcg_env.games.fftcg.decisions import defeats_end_game
from tcg_env.games.fftcg.zones import (
    discard_hand_index,
    draw_cards,
    enter_field,
    leave_field,
    put_in_zone,
)


# =============================================================================================
# Targets
# =============================================================================================
@internal
def reg_contains(s, base, reg, slot):
    n = s[base + E_REGN + reg]
    for i in range(n):
        if s[base + E_REG + reg * TARGET_MAX + i] == slot:
            return True
    return False


@internal
def count_candidates(s, T, frow, viewer, source, base, reg):
    n = 0
    for p in range(2):
        for i in range(s[FIELD_N + p]):
            slot = s[FIELD_L + p * FIELD_SLOTS + i]
            if filter_match(s, T, frow, slot, viewer, source) and not reg_contains(s, base, reg, slot):
                n += 1
    return n


@internal
def has_required_targets(s, T, arow, viewer, source):
    """CR 11.3.3 / 11.6.5 / 11.7.5: a Summon or ability that chooses needs a legal target."""
    abil = ability_table(T)
    code = code_table(T)
    c0 = abil[arow, K.A_CODE_START]
    for r in range(c0, c0 + abil[arow, K.A_CODE_LEN]):
        if code[r, K.I_OP] != K.Op.CHOOSE:
            break
        if code[r, K.I_A2] != 0:
            continue  # "up to": zero targets is legal
        if not any_field_match(s, T, code[r, K.I_A0], viewer, source):
            return False
    return True


@internal
def any_field_match(s, T, frow, viewer, source):
    """Does any card on either field match filter ``frow``? (stops at the first match: the masks
    only need to know that a target exists)"""
    for p in range(2):
        for i in range(s[FIELD_N + p]):
            if filter_match(s, T, frow, s[FIELD_L + p * FIELD_SLOTS + i], viewer, source):
                return True
    return False


# =============================================================================================
# Frames (the effect interpreter's call stack)
# =============================================================================================
@internal
def frame_base(s, i):
    return FRAMES + i * FRAME_W


@internal
def push_program_frame(s, T, mode, purpose, kind, slot, arow, ctrl, aux):
    n = s[FRAME_N]
    base = FRAMES + n * FRAME_W
    for k in range(FRAME_W):
        s[base + k] = 0
    s[base + E_KIND] = kind
    s[base + E_SLOT] = slot
    s[base + E_ABIL] = arow
    s[base + E_CTRL] = ctrl
    s[base + E_CARD] = s[CARD + slot * CARD_W] if slot >= 0 else -1
    s[base + E_AUX] = aux
    s[base + FR_MODE] = mode
    s[base + FR_PURPOSE] = purpose
    s[base + FR_PC] = 0
    s[FRAME_N] = n + 1
    return base


@internal
def push_damage_frame(s, player, amount, source):
    n = s[FRAME_N]
    base = FRAMES + n * FRAME_W
    for k in range(FRAME_W):
        s[base + k] = 0
    s[base + E_SLOT] = source
    s[base + FR_MODE] = M_DAMAGE
    s[base + FR_PURPOSE] = P_DAMAGE
    s[base + FR_PLAYER] = player
    s[base + FR_LEFT] = amount
    s[FRAME_N] = n + 1


@internal
def copy_entry(s, src, dst):
    for k in range(ENTRY_W):
        s[dst + k] = s[src + k]


@internal
def push_stack_from(s, src):
    n = s[STACK_N]
    if n >= STACK_MAX:
        return False
    copy_entry(s, src, STACK + n * ENTRY_W)
    s[STACK_N] = n + 1
    return True


@internal
def deal_damage_to_player(s, player, amount, source):
    if amount > 0 and s[FRAME_N] < FRAME_MAX:
        push_damage_frame(s, player, amount, source)


@internal
def fill_candidates_distinct(s, T, frow, viewer, source, zone_n_off, zone_l_off):
    """Candidates for SELECT_CARD: one slot per distinct card id (copies are interchangeable)."""
    cards_seen = 0
    s[CAND_N] = 0
    for i in range(s[zone_n_off]):
        slot = s[zone_l_off + i]
        if not filter_match(s, T, frow, slot, viewer, source):
            continue
        cid = s[CARD + slot * CARD_W]
        dup = False
        for k in range(s[CAND_N]):
            if s[CARD + (s[CAND + k]) * CARD_W] == cid:
                dup = True
                break
        if dup:
            continue
        if s[CAND_N] < OPTION_SLOTS:
            s[CAND + s[CAND_N]] = slot
            s[CAND_N] += 1
        cards_seen += 1
    return s[CAND_N]


@internal
def can_enter_field(s, T, slot, player):
    cards = card_table(T)
    if s[FIELD_N + player] >= FIELD_SLOTS:
        return False
    if (
        cards[s[CARD + slot * CARD_W], K.C_TYPE] == K.CardType.BACKUP
        and count_field_type(s, T, player, K.CardType.BACKUP) >= MAX_BACKUPS
    ):
        return False
    return True


@internal
def keep_candidates_that_fit(s, T, player):
    """Onto the field: only candidates with room (CR 7.7.3 name/element limits are rule
    processes, applied after they enter)."""
    k = 0
    for i in range(s[CAND_N]):
        if can_enter_field(s, T, s[CAND + i], player):
            s[CAND + k] = s[CAND + i]
            k += 1
    s[CAND_N] = k
    return k


@internal
def put_onto_field_from_zone(s, T, slot, player):
    zone_take(s, ZT, slot)
    enter_field(s, T, slot, player)


@internal
def run_top_frame(s, T):
    """Run the top frame until it finishes (returns True), sets a decision or ends the game (CR 3.1:
    a defeat during damage or a draw; returns False)."""
    cards = card_table(T)
    abil = ability_table(T)
    code = code_table(T)
    base = FRAMES + (s[FRAME_N] - 1) * FRAME_W
    mode = s[base + FR_MODE]
    if mode == M_DAMAGE:
        # CR 6.5.2 / 6.5.3: one card per point, EX Burst resolved before the next card
        player = s[base + FR_PLAYER]
        while s[base + FR_LEFT] > 0:
            s[base + FR_LEFT] -= 1
            slot = zone_pop_top(s, DECK_N + player, DECK_L + player * MAX_DECK)
            # a defeat ends the game at once (CR 3.1): no further card is revealed, no EX Burst
            # is offered (not even this card's), and the effect that dealt the damage stops
            if slot < 0:
                s[DAMAGED_EMPTY + player] = 1  # CR 3.1.3 / 12.4.3
                defeats_end_game(s)
                return False
            s[ZONE + slot * CARD_W] = K.Zone.NONE
            put_in_zone(s, slot, K.Zone.DAMAGE)
            if defeats_end_game(s):  # CR 3.1.1: the 7th card (6th in a limited game)
                return False
            cid = s[CARD + slot * CARD_W]
            if cards[cid, K.C_EX_BURST] != 0 and cards[cid, K.C_EX_ABIL] >= 0:
                s[DEC_ARG] = slot
                set_decision(s, K.Decision.EX_BURST, player)
                return False
        return True
    arow = s[base + E_ABIL]
    ctrl = s[base + E_CTRL]
    src = s[base + E_SLOT]
    c0 = abil[arow, K.A_CODE_START]
    clen = abil[arow, K.A_CODE_LEN]
    if s[base + FR_PC] < 0:
        # resolution prelude: "you may" question (CR 11.8.14)
        s[DEC_ARG] = arow
        set_decision(s, K.Decision.OPTIONAL_EFFECT, ctrl)
        return False
    while s[base + FR_PC] < clen:
        pc = s[base + FR_PC]
        r = c0 + pc
        op = code[r, K.I_OP]
        reg = code[r, K.I_REG]
        a0 = code[r, K.I_A0]
        a1 = code[r, K.I_A1]
        a2 = code[r, K.I_A2]
        if op == K.Op.CHOOSE:
            if mode == M_EXEC:
                s[base + FR_PC] = pc + 1
                continue
            chosen = s[base + E_REGN + reg]
            if chosen < a1 and count_candidates(s, T, a0, ctrl, src, base, reg) > 0:
                s[DEC_ARG] = a0
                s[DEC_ARG + 1] = reg
                s[DEC_ARG + 2] = a2
                set_decision(s, K.Decision.CHOOSE_TARGET, ctrl)
                return False
            s[base + FR_PC] = pc + 1
            continue
        if mode == M_TARGET:
            return True  # CHOOSE rows come first: targeting is complete
        regn = base + E_REGN + reg
        regl = base + E_REG + reg * TARGET_MAX
        if op == K.Op.SELECT_ALL:
            s[regn] = 0
            for p in range(2):
                for i in range(s[FIELD_N + p]):
                    slot = s[FIELD_L + p * FIELD_SLOTS + i]
                    if s[regn] < TARGET_MAX and filter_match(s, T, a0, slot, ctrl, src):
                        s[regl + s[regn]] = slot
                        s[regn] += 1
        elif op == K.Op.TARGET_SELF:
            s[regn] = 1
            s[regl] = src
        elif op >= K.Op.DAMAGE and op <= K.Op.REMOVE_FROM_GAME:
            for i in range(s[regn]):
                t = s[regl + i]
                if s[ZONE + t * CARD_W] != K.Zone.FIELD:
                    continue
                if op == K.Op.DAMAGE:
                    if cards[s[CARD + t * CARD_W], K.C_TYPE] == K.CardType.FORWARD:
                        s[DMG + t * CARD_W] += a0
                elif op == K.Op.BREAK:
                    leave_field(s, T, t, K.Zone.BREAK, True)
                elif op == K.Op.DULL:
                    s[DULL + t * CARD_W] = 1
                elif op == K.Op.ACTIVATE:
                    s[DULL + t * CARD_W] = 0
                elif op == K.Op.FREEZE:
                    s[FROZEN + t * CARD_W] = 1
                elif op == K.Op.POWER:
                    if a1 == K.Duration.END_OF_TURN:
                        s[PMOD_EOT + t * CARD_W] += a0
                    else:
                        s[PMOD_PERM + t * CARD_W] += a0
                elif op == K.Op.GRANT_KEYWORD:
                    if a1 == K.Duration.END_OF_TURN:
                        s[KW_EOT + t * CARD_W] |= a0
                    else:
                        s[KW_PERM + t * CARD_W] |= a0
                elif op == K.Op.RESTRICT:
                    if a1 == K.Duration.END_OF_TURN:
                        s[RST_EOT + t * CARD_W] |= a0
                    else:
                        s[RST_PERM + t * CARD_W] |= a0
                elif op == K.Op.RETURN_TO_HAND:
                    leave_field(s, T, t, K.Zone.HAND, False)
                elif op == K.Op.REMOVE_FROM_GAME:
                    leave_field(s, T, t, K.Zone.REMOVED, False)
            refresh_derived(s, T)
        elif op == K.Op.DRAW:
            who = ctrl if a1 == K.Who.CONTROLLER else 1 - ctrl
            draw_cards(s, who, a0)
            if s[H_DONE] != 0:
                return False  # CR 3.1.2: the draw lost the game; the rest of the effect stops
        elif op == K.Op.DISCARD:
            who = ctrl if a1 == K.Who.CONTROLLER else 1 - ctrl
            if a2 != 0:
                for _ in range(a0):
                    n = s[HAND_N + who]
                    if n == 0:
                        break
                    discard_hand_index(s, who, rng_below(s, n))
            elif s[base + FR_CNT] < a0 and s[HAND_N + who] > 0:
                s[DEC_ARG] = K.DiscardFor.EFFECT
                set_decision(s, K.Decision.DISCARD, who)
                return False
            s[base + FR_CNT] = 0
        elif op == K.Op.DAMAGE_PLAYER:
            who = ctrl if a1 == K.Who.CONTROLLER else 1 - ctrl
            s[base + FR_PC] = pc + 1
            deal_damage_to_player(s, who, a0, src)
            return False  # the damage frame runs next
        elif op == K.Op.SEARCH:
            if s[base + FR_CNT] == 0:
                n = fill_candidates_distinct(s, T, a0, ctrl, src, DECK_N + ctrl, DECK_L + ctrl * MAX_DECK)
                if n > 0 and a1 != K.Destination.HAND:
                    n = keep_candidates_that_fit(s, T, ctrl)
                if n > 0:
                    s[base + FR_CNT] = 1
                    s[DEC_ARG] = K.SelectFor.SEARCH
                    set_decision(s, K.Decision.SELECT_CARD, ctrl)
                    return False
            zone_shuffle(s, ZT, K.Zone.DECK, ctrl, s)  # CR 15.1.1.8
            s[base + FR_CNT] = 0
        elif op == K.Op.PUT_ONTO_FIELD:
            if s[base + FR_CNT] < a1:
                fz = filter_table(T)[a0, K.F_ZONE]
                if fz == K.FilterZone.HAND:
                    n = fill_candidates_distinct(s, T, a0, ctrl, src, HAND_N + ctrl, HAND_L + ctrl * MAX_DECK)
                else:
                    n = fill_candidates_distinct(s, T, a0, ctrl, src, BREAK_N + ctrl, BREAK_L + ctrl * MAX_DECK)
                k = keep_candidates_that_fit(s, T, ctrl)
                if k > 0:
                    s[DEC_ARG] = K.SelectFor.PUT_ONTO_FIELD
                    set_decision(s, K.Decision.SELECT_CARD, ctrl)
                    return False
            s[base + FR_CNT] = 0
        s[base + FR_PC] = pc + 1
    return True


@internal
def validate_entry_targets(s, T, base):
    """CR 11.11.2: drop targets that became invalid; if every chosen target of a register is gone,
    the whole effect is cancelled (returns False)."""
    abil = ability_table(T)
    code = code_table(T)
    arow = s[base + E_ABIL]
    ctrl = s[base + E_CTRL]
    src = s[base + E_SLOT]
    c0 = abil[arow, K.A_CODE_START]
    for r in range(c0, c0 + abil[arow, K.A_CODE_LEN]):
        if code[r, K.I_OP] != K.Op.CHOOSE:
            break
        reg = code[r, K.I_REG]
        frow = code[r, K.I_A0]
        n = s[base + E_REGN + reg]
        if n == 0:
            continue
        k = 0
        for i in range(n):
            t = s[base + E_REG + reg * TARGET_MAX + i]
            if filter_match(s, T, frow, t, ctrl, src):
                s[base + E_REG + reg * TARGET_MAX + k] = t
                k += 1
        s[base + E_REGN + reg] = k
        if k == 0:
            return False
    return True


@internal
def entry_missing_required(s, T, base):
    """An auto-ability that chooses but found no target leaves the stack (CR 11.8.4)."""
    abil = ability_table(T)
    code = code_table(T)
    arow = s[base + E_ABIL]
    c0 = abil[arow, K.A_CODE_START]
    for r in range(c0, c0 + abil[arow, K.A_CODE_LEN]):
        if code[r, K.I_OP] != K.Op.CHOOSE:
            break
        if code[r, K.I_A2] == 0 and s[base + E_REGN + code[r, K.I_REG]] == 0:
            return True
    return False


@internal
def finish_frame(s, T):
    """Pop the top frame and do what its purpose asks."""
    cards = card_table(T)
    abil = ability_table(T)
    n = s[FRAME_N] - 1
    base = FRAMES + n * FRAME_W
    purpose = s[base + FR_PURPOSE]
    s[FRAME_N] = n
    if purpose == P_CAST:
        # targets chosen: now the costs (CR 11.3.7, 11.6.10)
        copy_entry(s, base, BUILD_ENTRY)
        s[FLOW] = FL_PAY
    elif purpose == P_TRIGGER:
        if not entry_missing_required(s, T, base):
            push_stack_from(s, base)
        s[FLOW] = FL_PRIORITY
    elif purpose == P_RESOLVE:
        if s[base + E_KIND] == EK_SUMMON:
            slot = s[base + E_SLOT]
            if s[ZONE + slot * CARD_W] == K.Zone.STACK:
                s[ZONE + slot * CARD_W] = K.Zone.NONE
                put_in_zone(s, slot, K.Zone.BREAK)  # CR 11.11.10
        s[FLOW] = FL_AFTER_RESOLVE
    # P_EX and P_DAMAGE: the frame below (or FLOW) continues
    refresh_derived(s, T)
