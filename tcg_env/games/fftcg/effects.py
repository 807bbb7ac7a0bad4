"""FF-TCG rules kernels: the effect interpreter (CR 11.11, 11.12).

An effect is a small program (``constants.Op``, rows of the code table) run over *frames* kept in
the state row, so an effect can stop on a choice (targets, "you may", a search) and resume when
the action arrives. Targets are chosen when a Summon is cast or an ability is put on the stack
(CR 11.3.3, 11.6.5, 11.8.9) and checked again on resolution (CR 11.11); damage to a player runs
as a frame too (CR 6.5, EX Burst CR 11.10).
"""

from tcg_env.engine.chase import chase_full, chase_push, chase_remove_at
from tcg_env.engine.triggers import pending_add
from tcg_env.engine.effects import (
    ASKED,
    DONE,
    NEXT,
    NOT_DONE,
    STOPPED,
    missing_required_target,
    player_operand,
    push_frame as push_program_frame,  # noqa: F401 - the rules kernel game.push_program_frame
    recheck_targets,
    run_program,
)
from tcg_env.engine.tables import ability_table, card_table, code_table, filter_table, flag_table
from tcg_env.engine.jit import internal
from tcg_env.engine.rng import shuffle_run_with
from tcg_env.engine.reveals import reveal_begin, reveal_card
from tcg_env.engine.zones import zone_pop_top, zone_push_bottom, zone_remove_at, zone_shuffle, zone_take
from tcg_env.rules.modifiers import mod_apply
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.filters import field_type_mask, type_may_match
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
    OPTION_SLOTS,
    P_CAST,
    P_DAMAGE,
    P_EX,
    P_RESOLVE,
    P_TRIGGER,
    TARGET_MAX,
)
from tcg_env.games.fftcg.state import (
    STACK,
    STACK_N,
    DAMAGE_N,
    DERIVED_CLEAN,
    RST_EOT,
    RST_PERM,
    SHIELD,
    HIT_BY,
    PLAYER_SHIELD,
    BOOST,
    BREAK_L,
    BREAK_N,
    BUILD_ENTRY,
    CAND,
    CAND_N,
    CARD,
    CONTROLLER,
    OWNER,
    CARD_W,
    DAMAGED_EMPTY,
    DECK_L,
    DECK_N,
    REVEALED,
    REVEALED_N,
    DEC_ARG,
    DMG,
    D_POWER,
    D_RST,
    KW_EOT,
    KW_PERM,
    DULL,
    ENTRY_W,
    E_ABIL,
    E_AUX,
    E_CARD,
    E_CTRL,
    E_KIND,
    E_LKI,
    E_MODE,
    E_REG,
    E_REGN,
    E_SLOT,
    ATK_L,
    ATK_N,
    FIELD_L,
    FIELD_N,
    TURN_PLAYER,
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
    MARKS,
    MT,
    PAY_ABIL,
    PAY_COST,
    PAY_DISCARD_LEFT,
    PAY_ELEM,
    PAY_HAS_ELEM,
    PAY_KIND,
    PAY_NDISC,
    PAY_PAID,
    PAY_PLAYER,
    PAY_SAMENAME,
    PAY_SLOT,
    ZONE,
    ZT,
)
from tcg_env.engine.decisions import set_decision


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
def count_candidates(game, s, T, frow, viewer, source, base, reg):
    n = 0
    for p in range(2):
        for i in range(s[FIELD_N + p]):
            slot = s[FIELD_L + p * FIELD_SLOTS + i]
            if game.filter_match(s, T, frow, slot, viewer, source) and not game.reg_contains(s, base, reg, slot) \
                    and game.can_be_chosen(s, T, slot, viewer, s[base + E_ABIL]):
                n += 1
    return n


@internal
def can_be_chosen(game, s, T, slot, chooser, arow):
    """May ``chooser``'s Summon or ability ``arow`` choose the card in ``slot``? Not when the card's
    field ability says it "cannot be chosen by your opponent's Summons / abilities" and its controller
    is the chooser's opponent (C_HAS_FIELD bits 3 and 4, Op.UNCHOOSABLE)."""
    flags = card_table(T)[s[CARD + slot * CARD_W], K.C_HAS_FIELD]
    if s[CONTROLLER + slot * CARD_W] == chooser:
        return True
    # another card's "The [Job X] you control cannot be chosen ..." (Op.AURA_UNCHOOSABLE): only in a pool that
    # has one (the pool's flags, cards.ff_kernel_flags)
    ft = flag_table(T)
    aura = 0
    if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_AURA_UNCHOOSABLE) != 0:
        aura = game.aura_unchoosable_bits(s, T, slot)
    # an effect's "It gains 'This Forward cannot be chosen by your opponent's ...' until the end of the turn."
    rst = s[D_RST + slot * CARD_W] & (K.RESTRICT_UNCHOOSABLE_BY_OPP_SUMMONS | K.RESTRICT_UNCHOOSABLE_BY_OPP_ABILITIES)
    if rst != 0:
        aura |= (K.UNCHOOSABLE_BY_SUMMONS if (rst & K.RESTRICT_UNCHOOSABLE_BY_OPP_SUMMONS) != 0 else 0) | \
            (K.UNCHOOSABLE_BY_ABILITIES if (rst & K.RESTRICT_UNCHOOSABLE_BY_OPP_ABILITIES) != 0 else 0)
    if flags < K.UNCHOOSABLE_BY_SUMMONS and aura == 0:
        return True
    # the flags say the card has such an ability; which of them apply now: their conditions
    # ("If you control ..., <this> cannot be chosen ...", "Damage 3 -- ...", CR 11.9)
    if flags >= K.UNCHOOSABLE_BY_SUMMONS:
        aura |= game.field_op_bits(s, T, slot, K.Op.UNCHOOSABLE)
    flags = aura
    if ability_table(T)[arow, K.A_KIND] == K.AbilityKind.SUMMON:
        return (flags & K.UNCHOOSABLE_BY_SUMMONS) == 0
    return (flags & K.UNCHOOSABLE_BY_ABILITIES) == 0


@internal
def aura_unchoosable_bits(game, s, T, slot):
    """The UNCHOOSABLE_BY_* bits the field abilities of the cards of ``slot``'s controller give it ("The
    [Job X] you control cannot be chosen by your opponent's Summons.", Op.AURA_UNCHOOSABLE: a1 its filter, seen
    by that card's controller), of the abilities whose condition holds now (CR 11.9)."""
    cards = card_table(T)
    abil = ability_table(T)
    code = code_table(T)
    p = s[CONTROLLER + slot * CARD_W]
    out = 0
    for i in range(s[FIELD_N + p]):
        src = s[FIELD_L + p * FIELD_SLOTS + i]
        cid = s[CARD + src * CARD_W]
        if (cards[cid, K.C_HAS_FIELD] & K.HAS_AURA_UNCHOOSABLE) == 0:
            continue
        a, r = game.field_op_row(T, cid, K.Op.AURA_UNCHOOSABLE, cards[cid, K.C_ABIL_START], 0)
        while r >= 0:
            if game.filter_match(s, T, code[r, K.I_A1], slot, p, src) \
                    and game.condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], p, src):
                out |= code[r, K.I_A0]
            a, r = game.field_op_row(T, cid, K.Op.AURA_UNCHOOSABLE, a, r + 1)
    return out


@internal
def field_op_bits(game, s, T, slot, opcode):
    """The field abilities of the card in ``slot`` whose condition holds now (CR 11.9: a conditional
    field ability applies while its condition holds): the OR of the ``a0`` of their rows with op
    ``opcode``, with FIELD_OP_FOUND set when there is one (0: none applies)."""
    cards = card_table(T)
    abil = ability_table(T)
    code = code_table(T)
    cid = s[CARD + slot * CARD_W]
    ctrl = s[CONTROLLER + slot * CARD_W]
    out = 0
    a, r = game.field_op_row(T, cid, opcode, cards[cid, K.C_ABIL_START], 0)
    while r >= 0:
        if game.condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], ctrl, slot):
            out |= code[r, K.I_A0] | K.FIELD_OP_FOUND
        a, r = game.field_op_row(T, cid, opcode, a, r + 1)
    return out


@internal
def any_choosable(game, s, T, frow, viewer, source, arow):
    """Is there a card on either field (in the Break Zones, for a Break Zone filter) that ``arow``'s CHOOSE
    with filter ``frow`` may choose?"""
    ft = flag_table(T)
    if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_CHOOSE_BREAK) != 0 \
            and filter_table(T)[frow, K.F_ZONE] == K.FilterZone.STACK:
        # "Choose 1 Summon. Cancel its effect.": a Summon on the stack (CR 7.12); counted, the row unchanged
        return game.stack_target_at(s, T, frow, viewer, source, s[STACK_N] - 1) >= 0
    if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_CHOOSE_BREAK) != 0 \
            and filter_table(T)[frow, K.F_ZONE] == K.FilterZone.BREAK:
        # "Choose 1 Forward in your Break Zone.": a legal target there (CR 11.3.3, 11.6.5, 11.8.9); a field
        # ability's "cannot be chosen" applies on the field only (CR 11.9.1)
        for p in range(2):
            for i in range(s[BREAK_N + p]):
                if game.filter_match(s, T, frow, s[BREAK_L + p * MAX_DECK + i], viewer, source):
                    return True
        return False
    F = filter_table(T)
    cards = card_table(T)
    for p in range(2):
        # filters.scan_matching's pre-check: a field none of whose cards can match by the filter's side and type is
        # skipped, and so is a card of a type the filter does not name, before filter_match (called for every
        # CHOOSE of every Summon and ability in hand or on the field, on every legal mask)
        tm = field_type_mask(F, frow, viewer, p)
        if tm == 0:
            continue
        for i in range(s[FIELD_N + p]):
            slot = s[FIELD_L + p * FIELD_SLOTS + i]
            if type_may_match(tm, cards, s, slot) and game.filter_match(s, T, frow, slot, viewer, source) \
                    and game.can_be_chosen(s, T, slot, viewer, arow):
                return True
    return False


@internal
def has_required_targets(game, s, T, arow, viewer, source):
    """CR 11.3.3 / 11.6.5 / 11.7.5: a Summon or ability that chooses needs a legal target (a modal
    one: one of its actions can be selected)."""
    if game.is_modal(T, arow):
        r0 = ability_table(T)[arow, K.A_CODE_START]
        code = code_table(T)
        want, up_to = game.mode_rule(s, T, arow, viewer, source)
        need = 0 if up_to else want  # "up to": none selected is legal
        for k in range(code[r0, K.I_A0]):
            if game.mode_selectable(s, T, arow, k, viewer, source):
                need -= 1
        return need <= 0
    # the core's targets_available, with the cards that cannot be chosen left out
    abil = ability_table(T)
    code = code_table(T)
    c0 = abil[arow, K.A_CODE_START]
    for r in range(c0, c0 + abil[arow, K.A_CODE_LEN]):
        if code[r, K.I_OP] != K.Op.CHOOSE:
            break
        if code[r, K.I_A2] == 0 and not game.any_choosable(s, T, code[r, K.I_A0], viewer, source, arow):
            return False
    return True


# =============================================================================================
# Modal effects: "Select 1 of the M following actions." (Op.SELECT_MODE / Op.MODE)
# =============================================================================================
@internal
def is_modal(T, arow):
    abil = ability_table(T)
    return abil[arow, K.A_CODE_LEN] > 0 and code_table(T)[abil[arow, K.A_CODE_START], K.I_OP] == K.Op.SELECT_MODE


@internal
def mode_rule(game, s, T, arow, ctrl, src):
    """(how many actions, "up to") the modal program ``arow`` selects now: its SELECT_MODE row's, or
    its MODE_IF row's when that row's condition holds ("If ..., select up to 2 ... instead")."""
    code = code_table(T)
    r0 = ability_table(T)[arow, K.A_CODE_START]
    if code[r0 + 1, K.I_OP] == K.Op.MODE_IF and game.condition_holds(s, T, code[r0 + 1, K.I_A0],
                                                                      code[r0 + 1, K.I_A1], ctrl, src):
        return code[r0 + 1, K.I_A2] % 16, code[r0 + 1, K.I_A2] // 16 != 0
    return code[r0, K.I_A1], code[r0, K.I_A2] != 0


@internal
def mode_row(T, arow, k):
    """The program index of action ``k``'s MODE row (its rows follow it)."""
    abil = ability_table(T)
    code = code_table(T)
    c0 = abil[arow, K.A_CODE_START]
    for i in range(1, abil[arow, K.A_CODE_LEN]):
        if code[c0 + i, K.I_OP] == K.Op.MODE and code[c0 + i, K.I_A0] == k:
            return i
    return abil[arow, K.A_CODE_LEN]


@internal
def mode_row_sel(game, T, arow, bits, k):
    """The program index of the MODE row that runs action ``k`` when the actions ``bits`` are
    selected: where several actions may be selected, an action that fills registers is compiled once
    for each register offset it may start at (MODE a1 = offset, a2 = the registers it fills; the
    first, offset 0, is mode_row's), and runs at the offset after the registers of the selected
    actions before it."""
    code = code_table(T)
    c0 = ability_table(T)[arow, K.A_CODE_START]
    offset = 0
    for j in range(k):
        if bits & (1 << j):
            offset += code[c0 + game.mode_row(T, arow, j), K.I_A2]
    i = game.mode_row(T, arow, k)
    if offset == 0:
        return i
    clen = ability_table(T)[arow, K.A_CODE_LEN]
    for r in range(i + 1, clen):
        if code[c0 + r, K.I_OP] == K.Op.MODE:
            if code[c0 + r, K.I_A0] != k:
                break
            if code[c0 + r, K.I_A1] == offset:
                return r
    return i


@internal
def mode_after(T, r):
    """The action to go on from at the MODE row ``r`` (reached at the end of the action before it):
    its own action, or the next one when the row is another register offset's copy of the action
    that just ran (a1 > 0, mode_row_sel)."""
    code = code_table(T)
    return code[r, K.I_A0] + (1 if code[r, K.I_A1] > 0 else 0)


@internal
def mode_selectable(game, s, T, arow, k, viewer, source):
    """Can action ``k`` be selected: has each of its CHOOSE rows that must choose a card to choose?
    (CR 11.3.3 / 11.8.9 for the selected action's targets)"""
    abil = ability_table(T)
    code = code_table(T)
    c0 = abil[arow, K.A_CODE_START]
    clen = abil[arow, K.A_CODE_LEN]
    i = game.mode_row(T, arow, k) + 1
    while i < clen and code[c0 + i, K.I_OP] == K.Op.CHOOSE:
        if code[c0 + i, K.I_A2] == 0 and not game.any_choosable(s, T, code[c0 + i, K.I_A0], viewer, source, arow):
            return False
        i += 1
    return True


@internal
def select_mode(game, s, T, base):
    """Select the actions of a modal program when it is cast or put on the stack (before their
    targets are chosen): the controller is asked "this action?" (OPTIONAL_EFFECT) for each
    selectable action in printed order until as many as the program selects are selected; an action
    that must be taken to reach that count (not "up to") is taken without a question. FR_CNT is the
    action asked next, E_MODE the selected actions (bit k: action k). Returns True when the
    selection is over (the program goes on at the first selected action's rows; none: it ends),
    False when a question is asked."""
    arow = s[base + E_ABIL]
    ctrl = s[base + E_CTRL]
    src = s[base + E_SLOT]
    r0 = ability_table(T)[arow, K.A_CODE_START]
    code = code_table(T)
    n = code[r0, K.I_A0]
    want, up_to = game.mode_rule(s, T, arow, ctrl, src)
    k = s[base + FR_CNT]
    while k < n and game.mode_count(s[base + E_MODE]) < want:
        if game.mode_selectable(s, T, arow, k, ctrl, src):
            later = 0
            for j in range(k + 1, n):
                if game.mode_selectable(s, T, arow, j, ctrl, src):
                    later += 1
            if not up_to and game.mode_count(s[base + E_MODE]) + later < want:
                s[base + E_MODE] |= 1 << k  # needed to reach the count: no question
            else:
                s[base + FR_CNT] = k
                s[DEC_ARG] = arow
                set_decision(s, K.Decision.OPTIONAL_EFFECT, ctrl)
                return False
        k += 1
    s[base + FR_CNT] = 0
    s[base + FR_PC] = game.next_mode_start(T, arow, s[base + E_MODE], 0)
    return True


@internal
def mode_count(bits):
    n = 0
    while bits != 0:
        n += bits & 1
        bits >>= 1
    return n


@internal
def next_mode_start(game, T, arow, bits, k):
    """The first row of the first selected action from action ``k`` on (the program's end if none)."""
    clen = ability_table(T)[arow, K.A_CODE_LEN]
    n = code_table(T)[ability_table(T)[arow, K.A_CODE_START], K.I_A0]
    for j in range(k, n):
        if bits & (1 << j):
            return game.mode_row_sel(T, arow, bits, j) + 1
    return clen


@internal
def next_mode_after(game, T, arow, bits, pc):
    """The first row of the first selected action whose MODE row comes after program index ``pc``."""
    abil = ability_table(T)
    code = code_table(T)
    c0 = abil[arow, K.A_CODE_START]
    for i in range(pc + 1, abil[arow, K.A_CODE_LEN]):
        if code[c0 + i, K.I_OP] == K.Op.MODE:
            return game.next_mode_start(T, arow, bits, game.mode_after(T, c0 + i))
    return abil[arow, K.A_CODE_LEN]


@internal
def answer_mode(game, s, T, base, yes):
    """The answer to "this action?" (OPTIONAL_EFFECT while a modal program is selecting)."""
    if yes:
        s[base + E_MODE] |= 1 << s[base + FR_CNT]
    s[base + FR_CNT] += 1


@internal
def selecting_mode(game, s, T, base):
    """Is the frame at ``base`` a modal program still selecting its actions (cast or put on the
    stack, or an EX Burst's)?"""
    return s[base + FR_MODE] != K.M_EXEC and s[base + FR_PC] == 0 and game.is_modal(T, s[base + E_ABIL])


@internal
def recheck_mode_targets(game, s, T, base):
    """CR 11.11.2 for a modal program (the core's check reads the leading CHOOSE rows; the selected
    actions' follow their MODE rows): invalid targets are dropped, and the effect is cancelled only
    when every chosen target is gone (CR 11.11.2.1)."""
    abil = ability_table(T)
    code = code_table(T)
    arow = s[base + E_ABIL]
    bits = s[base + E_MODE]
    c0 = abil[arow, K.A_CODE_START]
    clen = abil[arow, K.A_CODE_LEN]
    chosen = False
    left = False
    for k in range(code[c0, K.I_A0]):
        if not bits & (1 << k):
            continue
        i = game.mode_row_sel(T, arow, bits, k) + 1
        while i < clen and code[c0 + i, K.I_OP] == K.Op.CHOOSE:
            reg = code[c0 + i, K.I_REG]
            n = s[base + E_REGN + reg]
            m = 0
            for j in range(n):
                t = s[base + E_REG + reg * TARGET_MAX + j]
                if game.filter_match(s, T, code[c0 + i, K.I_A0], t, s[base + E_CTRL], s[base + E_SLOT]):
                    s[base + E_REG + reg * TARGET_MAX + m] = t
                    m += 1
            s[base + E_REGN + reg] = m
            chosen = chosen or n > 0
            left = left or m > 0
            i += 1
    return left or not chosen


# =============================================================================================
# Frames (the effect interpreter's call stack): the core's (engine.effects.push_frame, imported as
# push_program_frame), and the damage process's frame, which is no program's (CR 10.2)
# =============================================================================================
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
def use_player_shield(s, player):
    """True when a "next damage dealt to you becomes 0" shield (Op.PLAYER_DAMAGE_SHIELD) of ``player`` takes the damage
    now dealt to them: the shield is used up (it applies once, CR 11.12.5) and the damage is not dealt (CR 11.12.5.4:
    the replaced event does not happen, so nothing that waits for it triggers)."""
    if (s[PLAYER_SHIELD + player] & 1) != 0:
        s[PLAYER_SHIELD + player] &= ~1  # (bit OPP_DISCARDED is another "this turn" word's)
        return True
    return False


@internal
def player_damage_doubles(game, s, T, source, player):
    """How many times the damage the card in ``source`` deals to ``player`` is doubled: its field abilities "If <this>
    deals damage to your opponent, double the damage instead." (Op.PLAYER_DAMAGE_DOUBLE, while their conditions hold),
    when ``player`` is its controller's opponent and the card is on the field."""
    if source < 0 or s[ZONE + source * CARD_W] != K.Zone.FIELD:
        return 0
    ctrl = s[CONTROLLER + source * CARD_W]
    if ctrl == player:
        return 0
    cards = card_table(T)
    abil = ability_table(T)
    cid = s[CARD + source * CARD_W]
    n = 0
    a, r = game.field_op_row(T, cid, K.Op.PLAYER_DAMAGE_DOUBLE, cards[cid, K.C_ABIL_START], 0)
    while r >= 0:
        if game.condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], ctrl, source):
            n += 1
        a, r = game.field_op_row(T, cid, K.Op.PLAYER_DAMAGE_DOUBLE, a, r + 1)
    return n


@internal
def deal_damage_to_player(game, s, T, player, amount, source):
    """Deal ``amount`` points of damage to ``player`` (CR 6.5) from the card in ``source``; False when a shield replaced
    it by 0 (nothing dealt). "If <this> deals damage to your opponent, double the damage instead." (Op.
    PLAYER_DAMAGE_DOUBLE) doubles it: the shield's 0 doubled is 0, so CR 11.12.5.6.1's order has nothing to choose."""
    if amount > 0 and game.use_player_shield(s, player):
        return False
    ft = flag_table(T)
    if amount > 0 and (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_PLAYER_DAMAGE_DOUBLE) != 0:
        for _ in range(min(game.player_damage_doubles(s, T, source, player), 3)):
            amount *= 2
    if amount > 0 and (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_PLAYER_DAMAGED_TRIGGER) != 0:
        # "When you receive damage" / "When your opponent is dealt damage" (they wait for the next priority, CR 11.8.7)
        game.trigger_field(s, T, player, K.Trigger.RECEIVES_DAMAGE, -1)
        game.trigger_field(s, T, 1 - player, K.Trigger.OPP_RECEIVES_DAMAGE, -1)
    if amount > 0 and s[FRAME_N] < FRAME_MAX:
        game.push_damage_frame(s, player, amount, source)
    return True


@internal
def fill_candidates_distinct(game, s, T, frow, viewer, source, zone_n_off, zone_l_off):
    """Candidates for SELECT_CARD: one slot per distinct card id (copies are interchangeable)."""
    s[CAND_N] = 0
    for i in range(s[zone_n_off]):
        slot = s[zone_l_off + i]
        if not game.filter_match(s, T, frow, slot, viewer, source):
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
    return s[CAND_N]


@internal
def can_enter_field(game, s, T, slot, player):
    cards = card_table(T)
    if s[FIELD_N + player] >= FIELD_SLOTS:
        return False
    if (
        cards[s[CARD + slot * CARD_W], K.C_TYPE] == K.CardType.BACKUP
        and game.count_field_type(s, T, player, K.CardType.BACKUP) >= MAX_BACKUPS
    ):
        return False
    return True


@internal
def drop_candidates_with(s, T, bits):
    """Drop the SELECT_CARD candidates whose card has one of C_HAS_FIELD's ``bits``."""
    cards = card_table(T)
    k = 0
    for i in range(s[CAND_N]):
        if (cards[s[CARD + s[CAND + i] * CARD_W], K.C_HAS_FIELD] & bits) == 0:
            s[CAND + k] = s[CAND + i]
            k += 1
    s[CAND_N] = k
    return k


@internal
def keep_candidates_that_fit(game, s, T, player):
    """Onto the field: only candidates with room (CR 7.7.3 name/element limits are rule
    processes, applied after they enter)."""
    k = 0
    for i in range(s[CAND_N]):
        if game.can_enter_field(s, T, s[CAND + i], player):
            s[CAND + k] = s[CAND + i]
            k += 1
    s[CAND_N] = k
    return k


@internal
def drop_discard_event(s, T, player):
    """A discard answered (another may be asked next): ``player``'s OPP_DISCARD_EVENT_BIT is taken off again in a pool
    without Trigger.OPP_DISCARDS (FLAG_OPP_DISCARDS_TRIGGER), so that no decision of it sees the bit."""
    ft = flag_table(T)
    if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_OPP_DISCARDS_TRIGGER) == 0:
        s[PLAYER_SHIELD + player] &= ~K.OPP_DISCARD_EVENT_BIT


@internal
def keep_castable(game, s, T, player):
    """Op.CAST_FREE: only the Summon candidates ``player`` can cast now (CR 11.3.3: with their required targets; "You
    can only cast <this> ..." holds; room on the stack and for the targets' frame); their count."""
    cards = card_table(T)
    abil = ability_table(T)
    if chase_full(game, s) or s[FRAME_N] + 1 >= FRAME_MAX:
        s[CAND_N] = 0
        return 0
    k = 0
    for i in range(s[CAND_N]):
        slot = s[CAND + i]
        arow = cards[s[CARD + slot * CARD_W], K.C_SUMMON_ABIL]
        if arow < 0:
            continue
        if abil[arow, K.A_COND] != K.Condition.NONE and not game.condition_holds(
                s, T, abil[arow, K.A_COND], abil[arow, K.A_COND_ARG], player, slot):  # fmt: skip
            continue
        if game.has_required_targets(s, T, arow, player, slot):
            s[CAND + k] = slot
            k += 1
    s[CAND_N] = k
    return k


@internal
def put_onto_field_from_zone(game, s, T, slot, player):
    zone_take(s, ZT, slot)
    game.enter_field(s, T, slot, player)


# =============================================================================================
# The engine's effect interpreter (tcg_env.engine.effects): FF-TCG's side of its contract
# =============================================================================================
@internal
def in_play_count(s, player):
    return s[FIELD_N + player]


@internal
def in_play_slot(s, player, i):
    return s[FIELD_L + player * FIELD_SLOTS + i]


@internal
def choose_candidates(game, s, T, f, reg, frow):
    """Targets on either field (CR 11.3.3): the action layout addresses the fields directly; cards of the
    Break Zone (a Break Zone filter): listed as the options (CAND) of the CHOOSE_TARGET decision."""
    if filter_table(T)[frow, K.F_ZONE] == K.FilterZone.BREAK:
        return game.fill_break_targets(s, T, frow, s[f + E_CTRL], s[f + E_SLOT], f, reg)
    if filter_table(T)[frow, K.F_ZONE] == K.FilterZone.STACK:
        return game.fill_stack_targets(s, T, frow, s[f + E_CTRL], s[f + E_SLOT], f, reg)
    return game.count_candidates(s, T, frow, s[f + E_CTRL], s[f + E_SLOT], f, reg)


@internal
def fill_stack_targets(game, s, T, frow, viewer, source, base, reg):
    """The Summons on the stack (CR 7.12: each entry of a cast Summon, its card in Zone.STACK) filter ``frow``
    matches, other than the source and those register ``reg`` of the frame at ``base`` holds (``base`` -1: none), from
    the top of the stack down, as the candidates (CAND) of a CHOOSE_TARGET decision; their count."""
    s[CAND_N] = 0
    k = game.stack_target_at(s, T, frow, viewer, source, s[STACK_N] - 1)
    while k >= 0:
        slot = s[STACK + k * ENTRY_W + E_SLOT]
        if not game.reg_contains(s, base, reg, slot) and s[CAND_N] < OPTION_SLOTS:
            s[CAND + s[CAND_N]] = slot
            s[CAND_N] += 1
        k = game.stack_target_at(s, T, frow, viewer, source, k - 1)
    return s[CAND_N]


@internal
def stack_target_at(game, s, T, frow, viewer, source, top):
    """The highest stack entry at or below ``top`` that is a Summon on the stack (its card in Zone.STACK) filter
    ``frow`` matches, other than ``source``; -1 when none (fill_stack_targets, any_choosable: reads only)."""
    for k in range(top, -1, -1):
        e = STACK + k * ENTRY_W
        slot = s[e + E_SLOT]
        if s[e + E_KIND] == EK_SUMMON and slot != source and s[ZONE + slot * CARD_W] == K.Zone.STACK \
                and game.filter_match(s, T, frow, slot, viewer, source):
            return k
    return -1


@internal
def cancel_summon(game, s, slot):
    """Op.CANCEL on the Summon in ``slot``: when it is still on the stack, its entry is taken off the stack (the
    entries above it move down one place, keeping their order) and the card is put into the Break Zone without its
    effect (CR 11.11.10: where a Summon goes)."""
    if s[ZONE + slot * CARD_W] != K.Zone.STACK:
        return
    for k in range(s[STACK_N]):
        e = STACK + k * ENTRY_W
        if s[e + E_KIND] == EK_SUMMON and s[e + E_SLOT] == slot:
            chase_remove_at(game, s, k)
            break
    s[ZONE + slot * CARD_W] = K.Zone.NONE
    game.put_in_zone(s, slot, K.Zone.BREAK)


@internal
def fill_break_targets(game, s, T, frow, viewer, source, base, reg):
    """The cards of the Break Zones filter ``frow`` matches that register ``reg`` does not hold yet, one per
    card id (copies are interchangeable), as the candidates (CAND) of a CHOOSE_TARGET decision; their count."""
    s[CAND_N] = 0
    for p in range(2):
        for i in range(s[BREAK_N + p]):
            slot = s[BREAK_L + p * MAX_DECK + i]
            if not game.filter_match(s, T, frow, slot, viewer, source) or game.reg_contains(s, base, reg, slot):
                continue
            cid = s[CARD + slot * CARD_W]
            dup = False
            for k in range(s[CAND_N]):
                # a copy in the other player's Break Zone is another choice ("either player's Break Zone")
                if s[CARD + (s[CAND + k]) * CARD_W] == cid and s[OWNER + s[CAND + k] * CARD_W] == s[OWNER + slot * CARD_W]:
                    dup = True
                    break
            if not dup and s[CAND_N] < OPTION_SLOTS:
                s[CAND + s[CAND_N]] = slot
                s[CAND_N] += 1
    return s[CAND_N]


@internal
def target_affected(s, op, slot):
    """A target that left the field is not affected (CR 11.11.2)."""
    return s[ZONE + slot * CARD_W] == K.Zone.FIELD


# the modifier ops (CR 9.5.1.3.2: until the end of the turn, or while on the field): state.MODS
@internal
def add_power(game, s, slot, amount, duration):
    mod_apply(game, s, MT, slot, K.Mod.POWER, duration, amount)
    s[DERIVED_CLEAN] = 0  # a modifier changed (state.DERIVED_CLEAN)


@internal
def grant_keywords(game, s, slot, bits, duration):
    mod_apply(game, s, MT, slot, K.Mod.KEYWORDS, duration, bits)
    s[DERIVED_CLEAN] = 0  # a modifier changed (state.DERIVED_CLEAN)


@internal
def add_restrictions(game, s, slot, bits, duration):
    if duration == K.OPP_TURN_DURATION:
        # "until the end of your opponent's turn" (session 23): marks in RST_PERM's spare bits for the turn of the
        # resolving effect's controller's opponent (constants.OPP_TURN_DURATION; compiled for LONG_RST_BITS only)
        ctrl = s[FRAMES + (s[FRAME_N] - 1) * FRAME_W + E_CTRL] if s[FRAME_N] > 0 else s[TURN_PLAYER]
        s[RST_PERM + slot * CARD_W] |= game.long_rst_pack(bits) << (K.LONG_RST_SHIFT + 4 * (1 - ctrl))
        s[DERIVED_CLEAN] = 0
        return
    if (bits & K.RESTRICT_LOST_KEYWORDS) != 0:
        # "It loses First Strike ...": the keywords effects granted it before are lost (CR 11.12.4.13: in timestamp
        # order; one granted after the loss is kept, constants.RESTRICT_LOST_KW_SHIFT)
        lost = (bits >> K.RESTRICT_LOST_KW_SHIFT) & K.LOST_KW_BITS
        s[KW_EOT + slot * CARD_W] &= ~lost
        s[KW_PERM + slot * CARD_W] &= ~lost
    mod_apply(game, s, MT, slot, K.Mod.RESTRICTIONS, duration, bits)
    s[DERIVED_CLEAN] = 0  # a modifier changed (state.DERIVED_CLEAN)


@internal
def long_rst_pack(bits):
    """LONG_RST_BITS -> 4 bits (cant attack, cant block, unchoosable by the opponent's Summons, by their abilities)."""
    return (bits & 3) | (((bits >> 16) & 3) << 2)


@internal
def long_rst_unpack(m):
    """long_rst_pack's 4 bits -> the restriction bits."""
    return (m & 3) | (((m >> 2) & 3) << 16)


@internal
def each_target(game, s, T, f, op, t, a0, a1, a2):
    if op == K.Op.DAMAGE:
        if card_table(T)[s[CARD + t * CARD_W], K.C_TYPE] == K.CardType.FORWARD:
            # a2: "for each ..." (filters.per_count), counted on resolution; a1: a base amount dealt with it
            # ("Deal it 4000 damage and 1000 more damage for each ...": one amount of damage)
            dealer_slot = s[f + E_SLOT]
            if a2 == K.PER_SOURCE_POWER:
                amount = a1 + a0 * game.source_power(s, T, f)
            elif a2 == K.PER_OTHER_REG_POWER:
                # "The former deals damage equal to its power to the latter." / "Each Forward deals damage equal to its
                # power to the other.": the first card of the other register deals it (its power now); one that has
                # left the field deals none (CR 11.11.2: it is no longer affected by the effect)
                other = 1 - code_table(T)[ability_table(T)[s[f + E_ABIL], K.A_CODE_START] + s[f + FR_PC], K.I_REG]
                if s[f + E_REGN + other] == 0:
                    return
                dealer_slot = s[f + E_REG + other * TARGET_MAX]
                if s[ZONE + dealer_slot * CARD_W] != K.Zone.FIELD:
                    return
                amount = a1 + a0 * (max(s[D_POWER + dealer_slot * CARD_W], 0) // 1000)
                if amount <= 0:
                    return
            else:
                amount = a0 if a2 == 0 else a1 + a0 * game.per_count(s, T, a2, s[f + E_CTRL], s[f + E_SLOT])
            ft = flag_table(T)
            if (ft[ft.shape[0] - 1, K.FL_MISC] & (K.FLAG_DAMAGE_MOD | K.FLAG_DEALT_DAMAGE_TRIGGER | K.FLAG_HIT_BY)) != 0:
                # a1 without a2: "... If C, deal it Y damage instead.", the Y - X more of an amount X already dealt
                # the source's card type (as it last was, E_CARD): CR 11.11.8, an ability's damage is its card's
                src_type = card_table(T)[s[f + E_CARD], K.C_TYPE] if s[f + E_CARD] >= 0 else -1
                if a2 == K.PER_OTHER_REG_POWER:
                    src_type = K.CardType.FORWARD  # the Forward named deals it (on its controller's ability)
                game.deal_forward_damage(s, T, t, amount, s[f + E_CTRL], src_type, a1 if a2 == 0 else 0, dealer_slot)
            else:
                s[DMG + t * CARD_W] += amount
    elif op == K.Op.POWER_PER:
        game.add_power(s, t, a0 * game.per_count(s, T, a2, s[f + E_CTRL], s[f + E_SLOT]), a1)
    elif op == K.Op.BREAK:
        if (s[MARKS + t] & K.BreakMark.SCANNED) == 0:
            ft = flag_table(T)
            if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_PUT_BREAK_OTHER) != 0:
                game.scan_targets_leaving(s, T, f, op)
        if (s[MARKS + t] & K.BreakMark.SCANNED) != 0 or game.breakable_by(s, t, s[f + E_CTRL]):
            game.leave_field(s, T, t, K.Zone.BREAK, True)
    elif op == K.Op.DULL:
        # "cannot become dull by your opponent's Summons or abilities" (Op.UNDULLABLE)
        if (card_table(T)[s[CARD + t * CARD_W], K.C_HAS_FIELD] & K.UNDULLABLE_BY_OPPONENT) == 0 \
                or s[CONTROLLER + t * CARD_W] == s[f + E_CTRL] \
                or game.field_op_bits(s, T, t, K.Op.UNDULLABLE) == 0:  # its condition does not hold now
            s[DULL + t * CARD_W] = 1
    elif op == K.Op.ACTIVATE:
        s[DULL + t * CARD_W] = 0
    elif op == K.Op.FREEZE:
        s[FROZEN + t * CARD_W] = 1
    elif op == K.Op.RETURN_TO_HAND:
        # "cannot be returned to its owner's hand by your opponent's Summons or abilities"
        if (s[D_RST + t * CARD_W] & K.RESTRICT_UNRETURNABLE_BY_OPP_EFFECTS) == 0 \
                or s[CONTROLLER + t * CARD_W] == s[f + E_CTRL]:
            game.leave_field(s, T, t, K.Zone.HAND, False)
    elif op == K.Op.REMOVE_FROM_GAME:
        game.leave_field(s, T, t, K.Zone.REMOVED, False)
    elif op == K.Op.PUT_INTO_BREAK_ZONE:
        if (s[MARKS + t] & K.BreakMark.SCANNED) == 0:
            ft = flag_table(T)
            if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_PUT_BREAK_OTHER) != 0:
                game.scan_targets_leaving(s, T, f, op)
        game.leave_field(s, T, t, K.Zone.BREAK, False)  # not broken (CR 15.1.1.3.2)
    elif op == K.Op.DAMAGE_SHIELD:  # and Op.DAMAGE_BOOST (the same opcode, a2 BOOST_MARK)
        if a2 == K.BOOST_MARK:
            game.add_damage_boost(s, t, a0, a1)
        else:
            game.add_damage_shield(s, t, a0)
    elif op == K.Op.PUT_ON_DECK_TOP or op == K.Op.PUT_ON_DECK_BOTTOM:
        game.leave_field(s, T, t, K.Zone.DECK, False)  # on top of its owner's deck
        if op == K.Op.PUT_ON_DECK_BOTTOM and s[ZONE + t * CARD_W] == K.Zone.DECK:
            game.look_to_bottom(s, t, s[OWNER + t * CARD_W])


@internal
def breakable_by(s, t, controller):
    """Can Op.BREAK of ``controller``'s Summon or ability break ``t``: not "cannot be broken" (RESTRICT_UNBREAKABLE),
    nor "... by opposing Summons or abilities that don't deal damage" (RESTRICT_UNBREAKABLE_BY_OPP_EFFECTS: an effect
    of its controller's opponent)?"""
    rst = s[D_RST + t * CARD_W]
    return (rst & K.RESTRICT_UNBREAKABLE) == 0 and ((rst & K.RESTRICT_UNBREAKABLE_BY_OPP_EFFECTS) == 0
                                                    or s[CONTROLLER + t * CARD_W] == controller)


@internal
def scan_targets_leaving(game, s, T, f, op):
    """Op.BREAK / PUT_INTO_BREAK_ZONE (``op``) of the frame at ``f`` on its targets, in a pool with "When a <filter> is
    put from the field into the Break Zone" (FLAG_PUT_BREAK_OTHER): the cards it puts there leave at once. Before the
    first of them moves, when two or more would, each is looked at with all of them still on the field
    (zones.scan_leaving_together marks them; each_target then moves them one by one, breaking those marked)."""
    abil = ability_table(T)
    code = code_table(T)
    reg = code[abil[s[f + E_ABIL], K.A_CODE_START] + s[f + FR_PC], K.I_REG]
    ctrl = s[f + E_CTRL]
    n = 0
    for i in range(s[f + E_REGN + reg]):
        t = s[f + E_REG + reg * TARGET_MAX + i]
        if s[ZONE + t * CARD_W] == K.Zone.FIELD and game.to_break_zone_instead(s, t) \
                and (op != K.Op.BREAK or game.breakable_by(s, t, ctrl)):
            n += 1
    if n < 2:
        return
    for i in range(s[f + E_REGN + reg]):
        t = s[f + E_REG + reg * TARGET_MAX + i]
        if op != K.Op.BREAK or (s[ZONE + t * CARD_W] == K.Zone.FIELD and game.breakable_by(s, t, ctrl)):
            game.scan_leaving_together(s, T, t, op == K.Op.BREAK)


@internal
def after_each_target(game, s, T):
    game.refresh_derived(s, T)


@internal
def hand_count(s, player):
    return s[HAND_N + player]


@internal
def ask_discard(s, f, player):
    s[DEC_ARG] = K.DiscardFor.EFFECT
    set_decision(s, K.Decision.DISCARD, player)


@internal
def reverse_run(s, base, lo, hi):
    """Reverse the words ``s[base + lo .. base + hi - 1]`` in place."""
    hi -= 1
    while lo < hi:
        t = s[base + lo]
        s[base + lo] = s[base + hi]
        s[base + hi] = t
        lo += 1
        hi -= 1


@internal
def exec_op(game, s, T, f, op, reg, a0, a1, a2):
    """FF-TCG's own opcodes (the shared ones are the engine's)."""
    ctrl = s[f + E_CTRL]
    src = s[f + E_SLOT]
    if op == K.Op.MODE_IF:
        return NEXT  # read when the actions are selected (mode_rule); never reached on resolution
    if op == K.Op.TARGET_TRIGGER:
        aux = s[f + E_AUX]
        if aux >= 0 and s[ZONE + aux * CARD_W] == K.Zone.FIELD:
            n = s[f + E_REGN + reg]
            s[f + E_REG + reg * TARGET_MAX + n] = aux
            s[f + E_REGN + reg] = n + 1
        return NEXT
    if op == K.Op.HAND_SELECT:
        opp = 1 - ctrl
        if s[f + FR_CNT] < 0:
            s[f + FR_CNT] = 0  # "You may select ...": the player selected none (kernels' SELECT_CARD answer PASS)
            return NOT_DONE
        if s[f + FR_CNT] == 0:
            # "Your opponent reveals their hand": every card of it to both players (the first REVEAL_ROWS)
            reveal_begin(s, REVEALED_N, opp)
            for i in range(s[HAND_N + opp]):
                record_reveal(s, opp, s[HAND_L + opp * MAX_DECK + i])
            s[f + FR_CNT] = 1
        if s[f + FR_CNT] - 1 < a1:
            if game.fill_candidates_distinct(s, T, a0, ctrl, src, HAND_N + opp, HAND_L + opp * MAX_DECK) > 0:
                s[DEC_ARG] = K.SelectFor.HAND_SELECT
                s[DEC_ARG + 1] = s[CAND_N]  # every option may be taken
                # no pass: "select N" (as many as there are); a2 bit HAND_SELECT_MAY: "You may select N ..." (none)
                s[DEC_ARG + 2] = 1 if (a2 & K.HAND_SELECT_MAY) != 0 else 0
                set_decision(s, K.Decision.SELECT_CARD, ctrl)
                return ASKED
        n = s[f + FR_CNT] - 1
        s[f + FR_CNT] = 0
        # "If you do so" after "You may select": done when a card was selected
        return NEXT if n > 0 or (a2 & K.HAND_SELECT_MAY) == 0 else NOT_DONE
    if op == K.Op.DISCARD_MATCHING:
        # "you may discard 1 Summon": all N or none (FR_CNT: how many are discarded so far)
        if s[f + FR_CNT] == 0:
            n = 0
            for i in range(s[HAND_N + ctrl]):
                if game.filter_match(s, T, a0, s[HAND_L + ctrl * MAX_DECK + i], ctrl, src):
                    n += 1
            if n < a1:
                return NOT_DONE
        if s[f + FR_CNT] < a1:
            if game.fill_candidates_distinct(s, T, a0, ctrl, src, HAND_N + ctrl, HAND_L + ctrl * MAX_DECK) > 0:
                s[DEC_ARG] = K.SelectFor.DISCARD_MATCHING
                s[DEC_ARG + 1] = s[CAND_N]  # every option may be taken
                s[DEC_ARG + 2] = 0  # no pass
                set_decision(s, K.Decision.SELECT_CARD, ctrl)
                return ASKED
        done = s[f + FR_CNT] >= a1
        s[f + FR_CNT] = 0
        return NEXT if done else NOT_DONE
    if op == K.Op.DULL_ACTIVE:
        # "you may dull N active <filter> you control": all N or none (FR_CNT: how many are dulled so far)
        if s[f + FR_CNT] == 0 and game.count_active_own(s, T, a0, ctrl, src) < a1:
            return NOT_DONE
        if s[f + FR_CNT] < a1:
            s[CAND_N] = 0
            for i in range(s[FIELD_N + ctrl]):
                slot = s[FIELD_L + ctrl * FIELD_SLOTS + i]
                if s[DULL + slot * CARD_W] == 0 and s[CAND_N] < OPTION_SLOTS and game.filter_match(s, T, a0, slot, ctrl, src):
                    s[CAND + s[CAND_N]] = slot
                    s[CAND_N] += 1
            if s[CAND_N] > 0:
                s[DEC_ARG] = K.SelectFor.DULL_ACTIVE
                s[DEC_ARG + 1] = s[CAND_N]  # every option may be taken
                s[DEC_ARG + 2] = 0  # no pass
                set_decision(s, K.Decision.SELECT_CARD, ctrl)
                return ASKED
        done = s[f + FR_CNT] >= a1
        s[f + FR_CNT] = 0
        return NEXT if done else NOT_DONE
    if op == K.Op.OPP_SELECT:
        # the opponent selects (CR 11.8.9: not a choice; "cannot be chosen" does not apply) one card at a time; a2 =
        # SELECT_BY_CONTROLLER: the ability's controller selects among their own ("Select 1 Character you control.")
        opp = ctrl if a2 == K.SELECT_BY_CONTROLLER else 1 - ctrl
        if s[f + E_REGN + reg] < a1:
            s[CAND_N] = 0
            for i in range(s[FIELD_N + opp]):
                slot = s[FIELD_L + opp * FIELD_SLOTS + i]
                if not game.filter_match(s, T, a0, slot, ctrl, src):
                    continue
                taken = False
                for j in range(s[f + E_REGN + reg]):
                    if s[f + E_REG + reg * TARGET_MAX + j] == slot:
                        taken = True
                if not taken and s[CAND_N] < OPTION_SLOTS:
                    s[CAND + s[CAND_N]] = slot
                    s[CAND_N] += 1
            if s[CAND_N] > 0:
                s[DEC_ARG] = K.SelectFor.OPP_SELECT
                s[DEC_ARG + 1] = s[CAND_N]  # every option may be taken
                s[DEC_ARG + 2] = 0  # no pass: "selects N" (as many as there are)
                set_decision(s, K.Decision.SELECT_CARD, opp)
                return ASKED
        return NEXT
    if op == K.Op.SELECT_MODE or op == K.Op.MODE:
        # on resolution: on to the next selected action's rows (from this MODE row's action on;
        # none left: the program ends); the run loop adds 1 to the program counter
        k = 0 if op == K.Op.SELECT_MODE else a0 + (1 if a1 > 0 else 0)  # a1 > 0: another offset's copy (mode_after)
        s[f + FR_PC] = game.next_mode_start(T, s[f + E_ABIL], s[f + E_MODE], k) - 1
        return NEXT
    if op == K.Op.MILL:
        who = player_operand(game, s, f, a1)
        for _ in range(a0):
            slot = zone_pop_top(s, DECK_N + who, DECK_L + who * MAX_DECK)
            if slot < 0:
                break
            s[ZONE + slot * CARD_W] = K.Zone.NONE
            game.put_in_zone(s, slot, K.Zone.BREAK)
        return NEXT
    if op == K.Op.REVEAL_TOP:
        n = s[DECK_N + ctrl]
        if n == 0:
            return NEXT
        top = s[DECK_L + ctrl * MAX_DECK + n - 1]
        reveal_begin(s, REVEALED_N, ctrl)
        record_reveal(s, ctrl, top)
        if game.filter_match(s, T, a0, top, ctrl, src):
            if a1 == K.Destination.HAND:
                zone_pop_top(s, DECK_N + ctrl, DECK_L + ctrl * MAX_DECK)
                s[ZONE + top * CARD_W] = K.Zone.NONE
                game.put_in_zone(s, top, K.Zone.HAND)
            elif game.can_enter_field(s, T, top, ctrl):
                game.put_onto_field_from_zone(s, T, top, ctrl)
                if a1 == K.Destination.FIELD_DULL and s[ZONE + top * CARD_W] == K.Zone.FIELD:
                    s[DULL + top * CARD_W] = 1
        elif a2 != 0:
            zone_pop_top(s, DECK_N + ctrl, DECK_L + ctrl * MAX_DECK)
            s[ZONE + top * CARD_W] = K.Zone.NONE
            game.put_in_zone(s, top, K.Zone.BREAK)
        return NEXT
    if op == K.Op.REVEAL_UNTIL:
        base = DECK_L + ctrl * MAX_DECK
        n = s[DECK_N + ctrl]
        i = n - 1  # from the top (the last index) down
        while i >= 0 and not game.filter_match(s, T, a0, s[base + i], ctrl, src):
            i -= 1
        if i < 0:
            reveal_begin(s, REVEALED_N, ctrl)  # every card revealed (the first REVEAL_ROWS from the top are kept)
            for j in range(n - 1, -1, -1):
                record_reveal(s, ctrl, s[base + j])
            zone_shuffle(s, ZT, K.Zone.DECK, ctrl, s)  # every card revealed: all of them shuffled back
            return NEXT
        # shown to both: the card found first, then the cards turned over above it from the top
        reveal_begin(s, REVEALED_N, ctrl)
        record_reveal(s, ctrl, s[base + i])
        for j in range(n - 1, i, -1):
            record_reveal(s, ctrl, s[base + j])
        found = zone_remove_at(s, DECK_N + ctrl, base, i)
        # the k cards revealed above it go to the bottom, shuffled; the ones below keep their order: the
        # deck (m cards now) rotated by k (three reversals), then its bottom k shuffled
        m = n - 1
        k = m - i
        if k > 0:
            game.reverse_run(s, base, 0, m)
            game.reverse_run(s, base, 0, k)
            game.reverse_run(s, base, k, m)
            shuffle_run_with(s, s, base, k)
        s[ZONE + found * CARD_W] = K.Zone.NONE
        game.put_in_zone(s, found, K.Zone.HAND)
        return NEXT
    if op == K.Op.PAY:
        # "you may pay <CP>.": the payment words as for a cost (an ability's: no pay-only restriction, what the
        # observation shows as CP left), one PAY_CP decision per card (CR 5.2.1.3); FLOW is not touched, the
        # frame asks again until it is paid. What cannot be paid is not paid: NOT_DONE
        if s[f + FR_CNT] == K.MAY_DECLINED:
            s[f + FR_CNT] = 0
            return NOT_DONE
        if s[f + FR_CNT] == 0 or s[f + FR_CNT] == K.MAY_ACCEPTED:
            if not game.can_pay(s, T, ctrl, a0, a1, -1, -1):
                s[f + FR_CNT] = 0
                return NOT_DONE
            if a2 != 0 and s[f + FR_CNT] == 0:
                # a2: "You may pay ..." of a modal ability's action, asked now (CR 11.8.14; kernels: the answer sets
                # FR_CNT to MAY_ACCEPTED / MAY_DECLINED)
                s[f + FR_CNT] = K.MAY_ASKED
                s[DEC_ARG] = s[f + E_ABIL]
                set_decision(s, K.Decision.OPTIONAL_EFFECT, ctrl)
                return ASKED
            s[PAY_KIND] = K.PK_ABILITY
            s[PAY_PLAYER] = ctrl
            s[PAY_SLOT] = src
            s[PAY_ABIL] = s[f + E_ABIL]
            s[PAY_COST] = a0
            s[PAY_ELEM] = a1
            s[PAY_PAID] = 0
            s[PAY_HAS_ELEM] = game.has_elem_start(a1, a0)  # (several element symbols: costs.has_elem_start)
            s[PAY_NDISC] = 0
            s[PAY_DISCARD_LEFT] = 0
            s[PAY_SAMENAME] = 0
            s[f + FR_CNT] = 1
        if game.payment_complete(s):
            s[PAY_KIND] = K.PK_NONE
            return NEXT
        set_decision(s, K.Decision.PAY_CP, ctrl)
        return ASKED
    if op == K.Op.SOURCE_LEAVES:
        # "you may put <this> into the Break Zone / remove <this> from the game": only from where the ability
        # expects it, under its controller (else it cannot be done: NOT_DONE)
        if s[ZONE + src * CARD_W] != a1 or (a1 == K.Zone.FIELD and s[CONTROLLER + src * CARD_W] != ctrl):
            return NOT_DONE
        if a1 == K.Zone.FIELD:
            game.leave_field(s, T, src, a0, False)  # put there, not broken (CR 15.1.1.3.2)
        else:
            zone_take(s, ZT, src)
            game.put_in_zone(s, src, a0)
        return NEXT
    if op == K.Op.REFLEX:
        # "When you do so, <effect>." (the row before it was done: IF_DONE): an auto-ability generated by the
        # resolving ability (CR 11.8.17.1), of the same source and controller (CR 11.8.17.4, 11.8.17.5), waits
        # on the pending list for the next priority (CR 11.8.7), when its targets are chosen (CR 11.8.9)
        pending_add(game, s, ctrl, src, s[f + E_ABIL] + a0, s[f + E_AUX])
        return NEXT
    if op == K.Op.LOOK_TOP:
        return game.look_top(s, T, f, a0, a1, a2)
    if op == K.Op.DAMAGE_PLAYER:
        if not game.deal_damage_to_player(s, T, player_operand(game, s, f, a1), a0, src):
            return NOT_DONE  # a shield replaced it by 0: not received ("If you do so" after it does nothing)
        s[f + FR_PC] += 1
        return STOPPED  # the damage frame runs next
    if op == K.Op.PLAYER_DAMAGE_SHIELD:
        s[PLAYER_SHIELD + player_operand(game, s, f, a1)] |= 1  # several shields: the first damage uses them all
        return NEXT
    if op == K.Op.SEARCH:
        # a2 > 1: "search for up to a2 ...": FR_CNT is 1 + the cards taken so far (the answer asks again)
        taken = s[f + FR_CNT] - 1 if s[f + FR_CNT] > 0 else 0
        if s[f + FR_CNT] == 0 or (a2 > 1 and taken < a2):
            n = game.fill_candidates_distinct(s, T, a0, ctrl, src, DECK_N + ctrl, DECK_L + ctrl * MAX_DECK)
            if n > 0 and (a1 == K.Destination.FIELD or a1 == K.Destination.FIELD_DULL):
                n = game.keep_candidates_that_fit(s, T, ctrl)
            if n > 0:
                s[f + FR_CNT] = taken + 1
                s[DEC_ARG] = K.SelectFor.SEARCH
                set_decision(s, K.Decision.SELECT_CARD, ctrl)
                return ASKED
        zone_shuffle(s, ZT, K.Zone.DECK, ctrl, s)  # CR 15.1.1.8
        s[f + FR_CNT] = 0
    elif op == K.Op.ADD_TO_HAND and a1 == 0 and a0 >= 0:
        # Op.REMOVE_BREAK_ZONE: every card of the Break Zones filter a0 matches now, removed from the game
        for p in range(2):
            for i in range(s[BREAK_N + p] - 1, -1, -1):
                slot = s[BREAK_L + p * MAX_DECK + i]
                if game.filter_match(s, T, a0, slot, ctrl, src):
                    zone_take(s, ZT, slot)
                    game.put_in_zone(s, slot, K.Zone.REMOVED)
    elif op == K.Op.CANCEL and a1 == 0 and a2 == K.PUT_CANCEL:
        # "Cancel its effect.": the Summons chosen into register ``reg`` on the stack (those still there)
        for i in range(s[f + E_REGN + reg]):
            game.cancel_summon(s, s[f + E_REG + reg * TARGET_MAX + i])
    elif (op == K.Op.ADD_TO_HAND or op == K.Op.PUT_ONTO_FIELD) and a1 == 0:
        # the cards chosen into register ``reg`` in the Break Zone when the Summon was cast / the ability put on the
        # stack: those still there move (CR 11.11.2; the entry's check has dropped the others)
        # PUT_FROM_REMOVED: the chosen cards of the field the row before removed from the game (the register holds
        # only cards on the field when the resolution starts, CR 11.11.2)
        from_zone = K.Zone.REMOVED if (a2 & K.PUT_FROM_REMOVED) != 0 else K.Zone.BREAK
        for i in range(s[f + E_REGN + reg]):
            slot = s[f + E_REG + reg * TARGET_MAX + i]
            if s[ZONE + slot * CARD_W] != from_zone:
                continue
            if op == K.Op.ADD_TO_HAND:
                zone_take(s, ZT, slot)
                game.put_in_zone(s, slot, K.Zone.REMOVED if (a2 & K.PUT_REMOVED) != 0 else K.Zone.HAND)
            elif game.can_enter_field(s, T, slot, ctrl):
                game.put_onto_field_from_zone(s, T, slot, ctrl)
                if (a2 & K.PUT_DULL) != 0 and s[ZONE + slot * CARD_W] == K.Zone.FIELD:
                    s[DULL + slot * CARD_W] = 1  # "... onto the field dull"
    elif op == K.Op.ADD_TO_HAND:
        if s[f + FR_CNT] < a1:
            if game.fill_candidates_distinct(s, T, a0, ctrl, src, BREAK_N + ctrl, BREAK_L + ctrl * MAX_DECK) > 0:
                s[DEC_ARG] = K.SelectFor.ADD_TO_HAND
                set_decision(s, K.Decision.SELECT_CARD, ctrl)
                return ASKED
    elif op == K.Op.MARK_DELAYED:
        # "When it is put from the field into the Break Zone this turn, ...": the chosen cards still on the field
        for i in range(s[f + E_REGN + reg]):
            t = s[f + E_REG + reg * TARGET_MAX + i]
            if s[ZONE + t * CARD_W] == K.Zone.FIELD:
                game.add_hit_mark(s, t, (src + 1) | K.HIT_DELAYED)
    elif op == K.Op.CAST_FREE:
        # "[you may] cast 1 Summon ... from your hand without paying the cost": the castable ones (kernels: the answer
        # casts it, play.cast_free); none: not done
        if game.fill_candidates_distinct(s, T, a0, ctrl, src, HAND_N + ctrl, HAND_L + ctrl * MAX_DECK) > 0 \
                and game.keep_castable(s, T, ctrl) > 0:
            s[DEC_ARG] = K.SelectFor.CAST_FREE
            s[DEC_ARG + 1] = s[CAND_N]  # every option may be taken
            s[DEC_ARG + 2] = 0 if (a2 & K.PUT_MUST) != 0 else 1  # none only after "you may"
            set_decision(s, K.Decision.SELECT_CARD, ctrl)
            return ASKED
        return NOT_DONE
    elif op == K.Op.PUT_ONTO_FIELD:
        if s[f + FR_CNT] < a1:
            fz = filter_table(T)[a0, K.F_ZONE]
            if fz == K.FilterZone.HAND:
                if game.fill_candidates_distinct(s, T, a0, ctrl, src, HAND_N + ctrl, HAND_L + ctrl * MAX_DECK) > 0:
                    game.drop_candidates_with(s, T, K.NO_PLAY_BY_EFFECTS)  # "You cannot play <this> ... due to ..."
            else:
                game.fill_candidates_distinct(s, T, a0, ctrl, src, BREAK_N + ctrl, BREAK_L + ctrl * MAX_DECK)
            if game.keep_candidates_that_fit(s, T, ctrl) > 0:
                s[DEC_ARG] = K.SelectFor.PUT_ONTO_FIELD
                set_decision(s, K.Decision.SELECT_CARD, ctrl)
                return ASKED
    return NEXT


@internal
def look_state(s, f):
    """Op.LOOK_TOP's progress in the frame's FR_CNT (0: not started): (cards looked at still on top of the deck,
    cards taken, phase: 0 taking, 1 putting the others away)."""
    c = s[f + FR_CNT] - 1
    return c % K.LOOK_SPAN, (c // K.LOOK_SPAN) % K.LOOK_SPAN, c // (K.LOOK_SPAN * K.LOOK_SPAN)


@internal
def set_look_state(s, f, w, taken, phase):
    s[f + FR_CNT] = 1 + w + K.LOOK_SPAN * taken + K.LOOK_SPAN * K.LOOK_SPAN * phase


@internal
def look_top(game, s, T, f, a0, a1, a2):
    """Op.LOOK_TOP: the top N cards of the controller's deck are looked at (the cards taken leave the deck, the
    others stay on top until they are put away, so the ``w`` cards looked at are always the deck's top ``w``); the
    player takes up to / exactly K cards matching filter ``a0`` one at a time (a card played onto the field must
    have room), then puts the others on the bottom one at a time in the order they choose, or into the Break
    Zone. Returns ASKED while a choice is pending (the answers: kernels), NEXT when done."""
    ctrl = s[f + E_CTRL]
    src = s[f + E_SLOT]
    n_top = a2 % K.LOOK_SPAN
    take = (a2 // K.LOOK_SPAN) % K.LOOK_SPAN
    up_to = (a2 // (K.LOOK_SPAN * K.LOOK_SPAN)) & 1
    dest = a1 % 4
    base = DECK_L + ctrl * MAX_DECK
    n = s[DECK_N + ctrl]
    if s[f + FR_CNT] == 0:
        w, taken, phase = min(n_top, n), 0, 0
        if a2 // (2 * K.LOOK_SPAN * K.LOOK_SPAN) != 0:  # "Reveal the top N cards": shown to both, top first
            reveal_begin(s, REVEALED_N, ctrl)
            for i in range(n - 1, n - 1 - w, -1):
                record_reveal(s, ctrl, s[base + i])
    else:
        w, taken, phase = game.look_state(s, f)
    if phase == 0 and taken < take and w > 0:
        # the options: the cards that may be taken first, then the other cards looked at (shown, not selectable)
        s[CAND_N] = 0
        for i in range(n - 1, n - 1 - w, -1):
            slot = s[base + i]
            if game.filter_match(s, T, a0, slot, ctrl, src) and (dest == K.Destination.HAND or dest == K.Destination.BOTTOM
                                                                 or game.can_enter_field(s, T, slot, ctrl)):
                s[CAND + s[CAND_N]] = slot
                s[CAND_N] += 1
        m = s[CAND_N]
        if m > 0:
            for i in range(n - 1, n - 1 - w, -1):
                slot = s[base + i]
                if not (game.filter_match(s, T, a0, slot, ctrl, src) and (
                        dest == K.Destination.HAND or dest == K.Destination.BOTTOM or game.can_enter_field(s, T, slot, ctrl))):
                    s[CAND + s[CAND_N]] = slot
                    s[CAND_N] += 1
            game.set_look_state(s, f, w, taken, 0)
            s[DEC_ARG] = K.SelectFor.LOOK_PICK
            s[DEC_ARG + 1] = m
            s[DEC_ARG + 2] = up_to
            set_decision(s, K.Decision.SELECT_CARD, ctrl)
            return ASKED
    # the others
    if a1 // 4 == K.LOOK_REST_TOP:
        return NEXT
    if a1 // 4 == K.LOOK_REST_BREAK:
        for _ in range(w):
            slot = zone_pop_top(s, DECK_N + ctrl, base)
            s[ZONE + slot * CARD_W] = K.Zone.NONE
            game.put_in_zone(s, slot, K.Zone.BREAK)
        return NEXT
    if w >= 2:
        s[CAND_N] = 0
        for i in range(n - 1, n - 1 - w, -1):
            s[CAND + s[CAND_N]] = s[base + i]
            s[CAND_N] += 1
        game.set_look_state(s, f, w, taken, 1)
        s[DEC_ARG] = K.SelectFor.LOOK_ORDER
        s[DEC_ARG + 1] = w
        s[DEC_ARG + 2] = 0
        set_decision(s, K.Decision.SELECT_CARD, ctrl)
        return ASKED
    if w == 1:
        game.look_to_bottom(s, s[base + n - 1], ctrl)
    return NEXT


@internal
def record_reveal(s, player, slot):
    """The card of ``slot`` is shown to both players by ``player``'s current reveal (state.REVEALED)."""
    reveal_card(s, REVEALED_N, REVEALED, K.REVEAL_ROWS, player, s[CARD + slot * CARD_W])


@internal
def look_to_bottom(s, slot, player):
    """A card of the deck moved to its bottom (Op.LOOK_TOP's "return the other cards to the bottom")."""
    zone_take(s, ZT, slot)
    zone_push_bottom(s, DECK_N + player, DECK_L + player * MAX_DECK, slot)
    s[ZONE + slot * CARD_W] = K.Zone.DECK


@internal
def look_answer(game, s, T, base, r, p, a, k):
    """The answer to Op.LOOK_TOP's SELECT_CARD: ``k`` the option (-1: PASS, no more cards taken)."""
    w, taken, phase = game.look_state(s, base)
    if k < 0:
        phase = 1
    else:
        slot = s[CAND + k]
        if phase == 0:
            dest = code_table(T)[r, K.I_A1] % 4
            if dest == K.Destination.HAND:
                zone_take(s, ZT, slot)
                game.put_in_zone(s, slot, K.Zone.HAND)
            elif dest == K.Destination.BOTTOM:
                game.look_to_bottom(s, slot, p)
            else:
                game.put_onto_field_from_zone(s, T, slot, p)
                if dest == K.Destination.FIELD_DULL and s[ZONE + slot * CARD_W] == K.Zone.FIELD:
                    s[DULL + slot * CARD_W] = 1
            taken += 1
        else:
            game.look_to_bottom(s, slot, p)
        w -= 1
    game.set_look_state(s, base, w, taken, phase)


@internal
def resolve_damage(game, s, T, base):
    """CR 6.5: resolve the damage of the damage frame at ``base``: one card per point from the top of
    the deck to the Damage Zone (CR 6.5.2), an EX Burst resolved before the next card (CR 6.5.2.1,
    6.5.3). Returns True when all of it is dealt, False when it asks for an EX Burst or the game
    ended. (A rules kernel of its own so that a variant replaces it: tests/fftcg/variant_example.py.)"""
    cards = card_table(T)
    player = s[base + FR_PLAYER]
    while s[base + FR_LEFT] > 0:
        s[base + FR_LEFT] -= 1
        slot = zone_pop_top(s, DECK_N + player, DECK_L + player * MAX_DECK)
        # a defeat ends the game at once (CR 3.1): no further card is revealed, no EX Burst
        # is offered (not even this card's), and the effect that dealt the damage stops
        if slot < 0:
            s[DAMAGED_EMPTY + player] = 1  # CR 3.1.3 / 12.4.3
            game.defeats_end_game(s)
            return False
        s[ZONE + slot * CARD_W] = K.Zone.NONE
        game.put_in_zone(s, slot, K.Zone.DAMAGE)
        if game.defeats_end_game(s):  # CR 3.1.1: the 7th card (6th in a limited game)
            return False
        cid = s[CARD + slot * CARD_W]
        if cards[cid, K.C_EX_BURST] != 0 and cards[cid, K.C_EX_ABIL] >= 0:
            s[DEC_ARG] = slot
            set_decision(s, K.Decision.EX_BURST, player)
            return False
    return True


@internal
def run_top_frame(game, s, T):
    """Run the top frame until it finishes (returns True), sets a decision or ends the game (CR 3.1:
    a defeat during damage or a draw; returns False)."""
    base = FRAMES + (s[FRAME_N] - 1) * FRAME_W
    if s[base + FR_MODE] == M_DAMAGE:
        # a point received (a card put into the Damage Zone, CR 6.5.2, by whichever rule set's resolve_damage): "If you
        # have received a point of damage this turn" (the player's "this turn" bits, state.PLAYER_SHIELD)
        player = s[base + FR_PLAYER]
        before = s[DAMAGE_N + player]
        done = game.resolve_damage(s, T, base)
        if s[DAMAGE_N + player] > before:
            s[PLAYER_SHIELD + player] |= K.RECEIVED_DAMAGE_BIT
        return done
    if s[base + FR_PC] < 0:
        # resolution prelude: "you may" question (CR 11.8.14)
        s[DEC_ARG] = s[base + E_ABIL]
        set_decision(s, K.Decision.OPTIONAL_EFFECT, s[base + E_CTRL])
        return False
    if game.selecting_mode(s, T, base) and not game.select_mode(s, T, base):
        return False
    while True:
        if run_program(game, s, T, base) != DONE:
            return False
        arow = s[base + E_ABIL]
        if s[base + FR_MODE] != K.M_TARGET or not game.is_modal(T, arow):
            return True
        # choosing targets stopped at the action's first effect row: the next selected action's
        nxt = game.next_mode_after(T, arow, s[base + E_MODE], s[base + FR_PC])
        if nxt >= ability_table(T)[arow, K.A_CODE_LEN]:
            return True
        s[base + FR_PC] = nxt
        s[base + FR_CNT] = 0


@internal
def validate_entry_targets(game, s, T, base):
    """CR 11.11.2: drop targets that became invalid; if every chosen target is gone, the whole effect is
    cancelled (returns False); while one is still valid, it applies to the valid ones (CR 11.11.2.1)."""
    arow = s[base + E_ABIL]
    if game.is_modal(T, arow):
        return game.recheck_mode_targets(s, T, base)
    c0 = ability_table(T)[arow, K.A_CODE_START]
    if ability_table(T)[arow, K.A_CODE_LEN] > 1 and code_table(T)[c0 + 1, K.I_OP] == K.Op.SPLIT_REG:
        return game.split_targets(s, T, base, c0)
    return recheck_targets(game, s, T, base)


@internal
def split_targets(game, s, T, base, c0):
    """Op.SPLIT_REG ("Choose 2 Forwards. Return the first Forward ..., dull and Freeze the other."): the program's one
    CHOOSE (row ``c0``) chose the first and the other card, in the order chosen; on resolution, before a target that
    became invalid is dropped (CR 11.11.2), the other moves to the SPLIT_REG row's register, so the first stays the
    first and the other the other; then each is checked by the CHOOSE's filter (CR 11.11.2.1: the effect is cancelled
    only when both are gone)."""
    code = code_table(T)
    src_reg = code[c0, K.I_REG]
    dst_reg = code[c0 + 1, K.I_REG]
    ctrl = s[base + E_CTRL]
    src = s[base + E_SLOT]
    n = s[base + E_REGN + src_reg]
    if n == 0:
        return True  # none chosen ("up to"): nothing to check
    if n >= 2:
        s[base + E_REG + dst_reg * TARGET_MAX] = s[base + E_REG + src_reg * TARGET_MAX + 1]
        s[base + E_REGN + dst_reg] = 1
        s[base + E_REGN + src_reg] = 1
    left = False
    for reg in (src_reg, dst_reg):
        if s[base + E_REGN + reg] == 1:
            if game.filter_match(s, T, code[c0, K.I_A0], s[base + E_REG + reg * TARGET_MAX], ctrl, src):
                left = True
            else:
                s[base + E_REGN + reg] = 0
    return left


@internal
def finish_frame(game, s, T):
    """Pop the top frame and do what its purpose asks."""
    n = s[FRAME_N] - 1
    base = FRAMES + n * FRAME_W
    purpose = s[base + FR_PURPOSE]
    s[FRAME_N] = n
    if (purpose == P_RESOLVE or purpose == P_EX) and (
            s[PLAYER_SHIELD + s[base + E_CTRL]] & K.OPP_DISCARD_EVENT_BIT) != 0:
        # "When your opponent discards 1 or more cards due to your Summons or abilities" (Trigger.OPP_DISCARDS): once
        # for the Summon or ability that made them discard, as it ends (zones.discard_hand_index marked it)
        ctrl = s[base + E_CTRL]
        s[PLAYER_SHIELD + ctrl] &= ~K.OPP_DISCARD_EVENT_BIT
        game.trigger_field(s, T, ctrl, K.Trigger.OPP_DISCARDS, -1)
    if purpose == P_CAST:
        # targets chosen: now the costs (CR 11.3.7, 11.6.10)
        game.copy_entry(s, base, BUILD_ENTRY)
        s[FLOW] = FL_PAY
    elif purpose == P_TRIGGER:
        # CR 11.8.4 (a modal auto-ability none of whose actions could be selected: the same)
        arow = s[base + E_ABIL]
        modal_none = (game.is_modal(T, arow) and s[base + E_MODE] == 0
                      and not game.mode_rule(s, T, arow, s[base + E_CTRL], s[base + E_SLOT])[1])
        if not modal_none and not missing_required_target(game, s, T, base):
            chase_push(game, s, base)
        s[FLOW] = FL_PRIORITY
    elif purpose == P_RESOLVE:
        if s[base + E_KIND] == EK_SUMMON:
            slot = s[base + E_SLOT]
            if s[ZONE + slot * CARD_W] == K.Zone.STACK:
                s[ZONE + slot * CARD_W] = K.Zone.NONE
                game.put_in_zone(s, slot, K.Zone.BREAK)  # CR 11.11.10
            s[BOOST + slot] &= ~K.PAID_MASK  # its cast is over (the Elements paid: costs.note_paid_element)
        if s[FLOW] != FL_PAY:  # (Op.CAST_FREE: a Summon cast as it resolved, its payment of 0 next)
            s[FLOW] = FL_AFTER_RESOLVE
    # P_EX and P_DAMAGE: the frame below (or FLOW) continues
    game.refresh_derived(s, T)


@internal
def source_power(game, s, T, f):
    """The power / 1000 of the source of the entry at ``f`` ("Deal it damage equal to <this>'s power"): on the field
    and not moved since the entry was made, its power now; once it has left the field, its power just before it left
    (CR 11.11.4, 6.4.2): as the entry kept it (E_LKI, when the source left after the entry was made), else as the card
    kept it when its leaving triggered the entry (E_AUX: the card itself; zones.keep_source_power); any other source
    off the field (an EX Burst's card in the Damage Zone) was not on the field: its printed power (CR 6.4.2)."""
    if s[f + E_LKI] > 0:
        return s[f + E_LKI] - 1
    if s[f + E_AUX] <= -2:  # kept while it waited to be put onto the stack (zones.keep_source_power)
        return -2 - s[f + E_AUX]
    src = s[f + E_SLOT]
    if src < 0:
        return 0
    w = src * CARD_W
    if s[ZONE + w] == K.Zone.FIELD or s[f + E_AUX] == src:
        return max(s[D_POWER + w], 0) // 1000
    return 0 if s[f + E_CARD] < 0 else card_table(T)[s[f + E_CARD], K.C_POWER] // 1000


@internal
def damage_dealt(game, s, T, slot, amount, dealer, src_type, shield, src):
    """The damage the Forward in ``slot`` is dealt when ``amount`` is dealt to it, after its "next damage" shields
    (``shield``: their total, Op.DAMAGE_SHIELD, or 0) and its own replacement effects (Op.DAMAGE_MOD, CR 11.12.5.2:
    "If <this> is dealt damage, reduce the damage by 1000 instead."), applied in printed order while their conditions
    hold (CR 11.9), then the doubles (DamageMod.DOUBLE, Op.DAMAGE_INCREASE's DAMAGE_DOUBLE, Op.DAMAGE_BOOST's) and last
    the increases (its own DamageMod.INCREASE, the field abilities' Op.DAMAGE_INCREASE: damage_increase, the cards'
    Op.DAMAGE_BOOST: damage_boost) while the damage is above 0. The shields first: reductions commute with the card's
    own reductions; with "becomes N" or "less than its power" the order matters and CR 11.12.5.6.1 lets the card's
    controller choose it, the engine takes the shields first (the card-text approximation damage_mod_order). The
    increases last: a damage the reductions bring to 0 is not dealt (CR 11.12.5.4), so it is not increased; the
    controller could choose to increase it first, or to double it after an increase (card_text's approximation
    damage_increase_order: the engine's order is the one that deals the least damage). ``dealer``: the player whose
    Summon or ability deals it, -1 for battle damage; ``src_type``: the card type of what deals it (a Forward in
    battle; a Summon, or the card whose ability it is: CR 11.11.8, the card that is the source does what its ability
    instructs); ``src``: its slot (-2: an attacking party, each of its Forwards dealing damage, CR 15.1.1.9.8)
    (deal_forward_damage)."""
    if shield > 0 and amount > 0:
        amount = max(0, amount - shield)
    cards = card_table(T)
    cid = s[CARD + slot * CARD_W]
    if amount <= 0:
        return amount
    inc = 0
    dbl = 0
    if (cards[cid, K.C_HAS_FIELD] & K.HAS_DAMAGE_MOD) != 0:
        abil = ability_table(T)
        code = code_table(T)
        ctrl = s[CONTROLLER + slot * CARD_W]
        a, r = game.field_op_row(T, cid, K.Op.DAMAGE_MOD, cards[cid, K.C_ABIL_START], 0)
        while r >= 0:
            if amount > 0 and game.damage_by_applies(code[r, K.I_A2], dealer, src_type, ctrl) \
                    and game.condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], ctrl, slot):
                mode = code[r, K.I_A0]
                if mode == K.DamageMod.INCREASE:
                    inc += code[r, K.I_A1]
                elif mode == K.DamageMod.DOUBLE:
                    dbl += 1
                else:
                    amount = game.damage_mod_apply(s, slot, amount, mode, code[r, K.I_A1])
            a, r = game.field_op_row(T, cid, K.Op.DAMAGE_MOD, a, r + 1)
    ft = flag_table(T)
    if amount > 0 and (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_DAMAGE_MOD_AURA) != 0:
        amount = game.damage_mod_auras(s, T, slot, amount, dealer, src_type)
    if amount <= 0:
        return amount
    if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_DAMAGE_INCREASE) != 0:
        more, times = game.damage_increase(s, T, dealer, src_type, src)
        inc += more
        dbl += times
    if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_DAMAGE_BOOST) != 0:
        more, times = game.damage_boost(s, slot, src)
        inc += more
        dbl += times
    for _ in range(min(dbl, 8)):  # 2 ** 8 times any damage is past every power
        amount *= 2
    return amount + inc


@internal
def damage_by_applies(game, by, dealer, src_type, ctrl):
    """Does a replacement of the damage "by ..." (DamageBy ``by``) of a Forward controlled by ``ctrl`` apply to a damage
    dealt by ``dealer`` (the player whose Summon or ability deals it, -1 battle damage) from a card of type
    ``src_type`` (damage_dealt's)?"""
    if by == K.DamageBy.FORWARD:
        return src_type == K.CardType.FORWARD
    if by == K.DamageBy.CHARACTER:
        return src_type == K.CardType.FORWARD or src_type == K.CardType.BACKUP
    if by == K.DamageBy.SUMMON:
        return dealer >= 0 and src_type == K.CardType.SUMMON
    if by == K.DamageBy.ABILITIES:
        return dealer >= 0 and src_type != K.CardType.SUMMON
    if by == K.DamageBy.OPP_ABILITIES:
        return dealer >= 0 and dealer != ctrl and src_type != K.CardType.SUMMON
    if by == K.DamageBy.BACKUP:
        return dealer >= 0 and src_type == K.CardType.BACKUP
    return by == K.DamageBy.ANY or (dealer >= 0 and (by == K.DamageBy.EFFECTS or dealer != ctrl))


@internal
def damage_mod_apply(game, s, slot, amount, mode, n):
    """One replacement of the damage ``amount`` dealt to the Forward in ``slot`` (DamageMod ``mode``, ``n``)."""
    if mode == K.DamageMod.REDUCE:
        return max(0, amount - n)
    if mode == K.DamageMod.BECOMES:
        return n
    if mode == K.DamageMod.ZERO_IF_LESS_THAN_POWER and amount < s[D_POWER + slot * CARD_W]:
        return 0
    return amount


@internal
def damage_mod_auras(game, s, T, slot, amount, dealer, src_type):
    """The damage ``amount`` dealt to the Forward in ``slot`` after the field abilities of the cards on its controller's
    field that replace the damage the Forwards of a description they control are dealt (Op.DAMAGE_MOD_AURA: "If a
    Forward you control is dealt damage, reduce the damage by 1000 instead.", CR 11.12.5.2), while their conditions
    hold (damage_dealt)."""
    cards = card_table(T)
    abil = ability_table(T)
    code = code_table(T)
    p = s[CONTROLLER + slot * CARD_W]
    for i in range(s[FIELD_N + p]):
        c = s[FIELD_L + p * FIELD_SLOTS + i]
        cid = s[CARD + c * CARD_W]
        if (cards[cid, K.C_HAS_FIELD] & K.HAS_DAMAGE_MOD_AURA) == 0:
            continue
        a, r = game.field_op_row(T, cid, K.Op.DAMAGE_MOD_AURA, cards[cid, K.C_ABIL_START], 0)
        while r >= 0:
            a0 = code[r, K.I_A0]
            if amount > 0 and game.damage_by_applies(a0 // K.DAMAGE_BY_SPAN, dealer, src_type, p) \
                    and game.filter_match(s, T, code[r, K.I_A2], slot, p, c) \
                    and game.condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], p, c):
                amount = game.damage_mod_apply(s, slot, amount, a0 % K.DAMAGE_BY_SPAN, code[r, K.I_A1])
            a, r = game.field_op_row(T, cid, K.Op.DAMAGE_MOD_AURA, a, r + 1)
    return amount


@internal
def increase_dealer_matches(game, s, T, frow, dealer_slot, ctrl, card):
    """Does the card in ``dealer_slot`` deal damage for Op.DAMAGE_INCREASE's a1 ``frow`` of the card in ``card``
    (controlled by ``ctrl``): the card itself (DEALER_SELF), or a card on the field the filter matches ("a Fire
    Character you control": the filter's side is seen by ``ctrl``)?"""
    if frow == K.DEALER_SELF:
        return dealer_slot == card
    return s[ZONE + dealer_slot * CARD_W] == K.Zone.FIELD and game.filter_match(s, T, frow, dealer_slot, ctrl, card)


@internal
def damage_increase(game, s, T, dealer, src_type, src):
    """The increase the field abilities on both fields (Op.DAMAGE_INCREASE, CR 11.12.5.2, while their conditions hold)
    give a damage dealt to a Forward (``dealer``, ``src_type``, ``src``: damage_dealt's), and how many of them double it
    (a0 DAMAGE_DOUBLE: "double the damage instead"). An attacking party's damage (``src`` -2) is dealt by each of its
    Forwards (CR 15.1.1.9.8): an increase of the damage a matching Forward deals counts once per matching Forward of
    the party (a double too: each one's is a replacement effect of its own, CR 11.12.5.5 keeps only the same one from
    applying again)."""
    cards = card_table(T)
    abil = ability_table(T)
    code = code_table(T)
    total = 0
    times = 0
    for p in range(2):
        for i in range(s[FIELD_N + p]):
            c = s[FIELD_L + p * FIELD_SLOTS + i]
            cid = s[CARD + c * CARD_W]
            if (cards[cid, K.C_HAS_FIELD] & K.HAS_DAMAGE_INCREASE) == 0:
                continue
            a, r = game.field_op_row(T, cid, K.Op.DAMAGE_INCREASE, cards[cid, K.C_ABIL_START], 0)
            while r >= 0:
                by = code[r, K.I_A2] % K.INCREASE_ELEMENT_SPAN
                elem = code[r, K.I_A2] // K.INCREASE_ELEMENT_SPAN - 1
                frow = code[r, K.I_A1]
                if by == K.IncreaseBy.BATTLE:
                    ok = dealer == -1
                elif by == K.IncreaseBy.YOUR_SUMMON:
                    ok = dealer == p and src_type == K.CardType.SUMMON and src >= 0 and (
                        elem < 0 or cards[s[CARD + src * CARD_W], K.C_ELEMENT] == elem)
                else:
                    ok = True
                if ok and game.condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], p, c):
                    n = 0
                    if by >= K.IncreaseBy.SUMMON_OR_DEALER and dealer == p and src_type == K.CardType.SUMMON \
                            and src >= 0 and (elem < 0 or cards[s[CARD + src * CARD_W], K.C_ELEMENT] == elem):
                        n = 1  # "your [Element] Summon or ..."
                    elif by == K.IncreaseBy.SUMMON_OR_ABILITY and dealer < 0:
                        n = 0  # "... or an ability of a DESC you control": battle damage is no ability's
                    elif frow == K.DEALER_ANY:
                        n = 1
                    elif src == -2:
                        tp = s[TURN_PLAYER]
                        for k in range(s[ATK_N]):
                            m = s[ATK_L + k]
                            if game.controls(s, tp, m) and game.increase_dealer_matches(s, T, frow, m, p, c):
                                n += 1
                    elif src >= 0 and game.increase_dealer_matches(s, T, frow, src, p, c):
                        n = 1
                    if code[r, K.I_A0] == K.DAMAGE_DOUBLE:
                        times += n
                    else:
                        total += n * code[r, K.I_A0]
                a, r = game.field_op_row(T, cid, K.Op.DAMAGE_INCREASE, a, r + 1)
    return total, times


@internal
def count_active_own(game, s, T, frow, player, source):
    """How many active Characters on ``player``'s field filter ``frow`` matches (Op.DULL_ACTIVE)."""
    n = 0
    for i in range(s[FIELD_N + player]):
        slot = s[FIELD_L + player * FIELD_SLOTS + i]
        if s[DULL + slot * CARD_W] == 0 and game.filter_match(s, T, frow, slot, player, source):
            n += 1
    return n


@internal
def use_damage_shield(game, s, slot, before, total):
    """The total of the "next damage" shields (Op.DAMAGE_SHIELD) the damage ``total`` dealt to the Forward in ``slot``
    meets. A damage event (``before`` 0, ``total`` > 0) uses them up (the replacement effect "the next damage dealt
    to it ..." applies once, CR 11.12.5) and records what it used in SHIELD; the rest of one amount dealt in two rows
    (``before`` > 0: "Deal it X damage. If C, deal it Y damage instead.") is the same damage and reads the record."""
    w = slot * CARD_W
    if before > 0:
        return s[SHIELD + slot]
    if total <= 0:
        return 0
    used = 0
    if (s[RST_EOT + w] & K.RESTRICT_DAMAGE_SHIELD) != 0:
        used = s[SHIELD + slot]
        s[RST_EOT + w] &= ~K.RESTRICT_DAMAGE_SHIELD
        s[D_RST + w] &= ~K.RESTRICT_DAMAGE_SHIELD  # never a field ability's bit: the value now without it
    s[SHIELD + slot] = used
    return used


@internal
def add_damage_shield(game, s, slot, amount):
    """Op.DAMAGE_SHIELD on the card in ``slot``: "During this turn, the next damage dealt to it is reduced by
    ``amount`` / becomes 0 (SHIELD_ZERO) instead." Shields the card already has add up (all of them apply to the next
    damage; reductions commute, and "becomes 0" after any of them is 0)."""
    w = slot * CARD_W
    if (s[RST_EOT + w] & K.RESTRICT_DAMAGE_SHIELD) != 0:
        s[SHIELD + slot] = min(s[SHIELD + slot] + amount, K.SHIELD_ZERO)
    else:
        s[SHIELD + slot] = amount
        game.add_restrictions(s, slot, K.RESTRICT_DAMAGE_SHIELD, K.Duration.END_OF_TURN)


@internal
def add_damage_boost(game, s, slot, amount, of):
    """Op.DAMAGE_BOOST on the card in ``slot``: until the end of the turn, the damage dealt to it (``of``
    BoostOf.RECEIVED) or the damage it deals to Forwards (BoostOf.DEALT) increases by ``amount`` / is doubled
    (DAMAGE_DOUBLE). The card's earlier ones this turn still apply (each is a replacement effect, CR 11.12.5.2)."""
    w = slot * CARD_W
    # (none this turn: the word's other fields anew, its PAID_* bits kept: costs.note_paid_element)
    word = s[BOOST + slot] if (s[RST_EOT + w] & K.RESTRICT_DAMAGE_BOOST) != 0 else s[BOOST + slot] & K.PAID_MASK
    if amount == K.DAMAGE_DOUBLE:
        shift = K.BOOST_DEALT_DOUBLE_SHIFT if of == K.BoostOf.DEALT else K.BOOST_RECEIVED_DOUBLE_SHIFT
        cap = (1 << K.BOOST_DOUBLE_BITS) - 1
        step = 1
    else:
        shift = K.BOOST_DEALT_SHIFT if of == K.BoostOf.DEALT else K.BOOST_RECEIVED_SHIFT
        cap = (1 << K.BOOST_BITS) - 1
        step = amount // 1000
    n = min(((word >> shift) & cap) + step, cap)
    s[BOOST + slot] = (word & ~(cap << shift)) | (n << shift)
    if (s[RST_EOT + w] & K.RESTRICT_DAMAGE_BOOST) == 0:
        game.add_restrictions(s, slot, K.RESTRICT_DAMAGE_BOOST, K.Duration.END_OF_TURN)


@internal
def boost_of(s, slot, shift, bits):
    """One BOOST_* field of the card in ``slot`` (0 when it has no Op.DAMAGE_BOOST this turn)."""
    if (s[RST_EOT + slot * CARD_W] & K.RESTRICT_DAMAGE_BOOST) == 0:
        return 0
    return (s[BOOST + slot] >> shift) & ((1 << bits) - 1)


@internal
def damage_boost(game, s, slot, src):
    """The increase and the doubles (Op.DAMAGE_BOOST) of a damage dealt to the Forward in ``slot`` by ``src``
    (damage_dealt's): the damaged card's own ("if it is dealt damage") and the dealer's ("If it deals damage to a
    Forward"; an attacking party, ``src`` -2: each of its Forwards deals damage, CR 15.1.1.9.8, so each one's
    increase and double counts)."""
    inc = 1000 * game.boost_of(s, slot, K.BOOST_RECEIVED_SHIFT, K.BOOST_BITS)
    dbl = game.boost_of(s, slot, K.BOOST_RECEIVED_DOUBLE_SHIFT, K.BOOST_DOUBLE_BITS)
    if src >= 0:
        inc += 1000 * game.boost_of(s, src, K.BOOST_DEALT_SHIFT, K.BOOST_BITS)
        dbl += game.boost_of(s, src, K.BOOST_DEALT_DOUBLE_SHIFT, K.BOOST_DOUBLE_BITS)
    elif src == -2:
        tp = s[TURN_PLAYER]
        for k in range(s[ATK_N]):
            m = s[ATK_L + k]
            if game.controls(s, tp, m):
                inc += 1000 * game.boost_of(s, m, K.BOOST_DEALT_SHIFT, K.BOOST_BITS)
                dbl += game.boost_of(s, m, K.BOOST_DEALT_DOUBLE_SHIFT, K.BOOST_DOUBLE_BITS)
    return inc, dbl


@internal
def deal_forward_damage(game, s, T, slot, amount, dealer, src_type, before, src):
    """Deal ``amount`` damage to the Forward in ``slot`` (``dealer``: the player whose Summon or ability deals it, -1
    for battle damage) in a pool with damage replacements or "When <this> is dealt damage" (FLAG_DAMAGE_MOD,
    FLAG_DEALT_DAMAGE_TRIGGER). ``before`` > 0: this is the rest of one amount ``before`` + ``amount`` whose first
    ``before`` was dealt by the row before ("Deal it X damage. If C, deal it Y damage instead."): the replacements
    see the one amount (mod(Y) - mod(X) more) and the damage triggers once. Damage replaced down to 0 is not dealt
    (CR 11.12.5.4: the replaced event does not happen), so it triggers nothing."""
    ft = flag_table(T)
    shield = 0
    if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_DAMAGE_SHIELD) != 0:
        shield = game.use_damage_shield(s, slot, before, before + amount)
    dealt_before = game.damage_dealt(s, T, slot, before, dealer, src_type, shield, src) if before > 0 else 0
    dealt = game.damage_dealt(s, T, slot, before + amount, dealer, src_type, shield, src) - dealt_before
    s[DMG + slot * CARD_W] += dealt
    if dealt > 0 and (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_HIT_BY) != 0:
        game.mark_damaged_by(s, T, slot, src)
    if dealt > 0 and dealt_before == 0 and (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_DEALT_DAMAGE_TRIGGER) != 0:
        ctrl = s[CONTROLLER + slot * CARD_W]
        game.trigger_card(s, T, slot, ctrl, K.Trigger.DEALT_DAMAGE_SELF, -1)
        if dealer >= 0 and dealer != ctrl:
            game.trigger_card(s, T, slot, ctrl, K.Trigger.DEALT_DAMAGE_BY_OPP_EFFECTS_SELF, -1)
        if (src_type == K.CardType.FORWARD or src_type == K.CardType.BACKUP) and game.source_is_opponents(
                s, slot, dealer, src):
            # "When <this> is dealt damage by a Forward / a Character opponent controls"
            if src_type == K.CardType.FORWARD:
                game.trigger_card(s, T, slot, ctrl, K.Trigger.DEALT_DAMAGE_BY_OPP_FORWARD_SELF, -1)
            game.trigger_card(s, T, slot, ctrl, K.Trigger.DEALT_DAMAGE_BY_OPP_CHARACTER_SELF, -1)


@internal
def source_is_opponents(s, slot, dealer, src):
    """Is the card that deals a damage to the Forward in ``slot`` (deal_forward_damage's ``dealer``, ``src``) controlled
    by the Forward's controller's opponent? Battle damage (``dealer`` -1): always (the attacking Forwards and the
    blocker are the two players', CR 10.1.4.2); an ability's: its source card's controller while it is on the field (the
    Forward an ability names as the dealer: "The former deals damage equal to its power to the latter."), else the
    ability's controller (the controller of its source, CR 11.6)."""
    if dealer < 0:
        return True
    ctrl = s[CONTROLLER + slot * CARD_W]
    if src >= 0 and s[ZONE + src * CARD_W] == K.Zone.FIELD:
        return s[CONTROLLER + src * CARD_W] != ctrl
    return dealer != ctrl


@internal
def add_hit_mark(s, slot, mark):
    """Mark ``slot`` (state.HIT_BY) with ``mark`` (a card slot + 1, plus HIT_DELAYED) for the rest of the turn, once."""
    m = s[HIT_BY + slot]
    for k in range(K.HIT_MAX):
        cur = (m >> (K.HIT_BITS * k)) & ((1 << K.HIT_BITS) - 1)
        if cur == mark:
            return
        if cur == 0:
            s[HIT_BY + slot] = m | (mark << (K.HIT_BITS * k))
            return


@internal
def mark_damaged_by(game, s, T, slot, src):
    """Damage was dealt to ``slot`` by the card ``src`` (-2: each Forward of the attacking party, CR 15.1.1.9.8), in a
    pool with "When a Forward damaged by <this> is put from the field into the Break Zone on the same turn" (FLAG_HIT_BY):
    a dealer that has such an ability marks it (state.HIT_BY, triggers.trigger_marked)."""
    if src >= 0:
        if game.has_trigger(T, s[CARD + src * CARD_W], K.Trigger.DAMAGED_BY_PUT_BREAK):
            game.add_hit_mark(s, slot, src + 1)
    elif src == -2:
        for i in range(s[ATK_N]):
            a = s[ATK_L + i]
            if s[ZONE + a * CARD_W] == K.Zone.FIELD and game.has_trigger(T, s[CARD + a * CARD_W],
                                                                          K.Trigger.DAMAGED_BY_PUT_BREAK):
                game.add_hit_mark(s, slot, a + 1)


@internal
def has_trigger(T, cid, trig):
    """Has card ``cid`` an auto-ability with trigger ``trig``?"""
    cards = card_table(T)
    abil = ability_table(T)
    a0 = cards[cid, K.C_ABIL_START]
    for a in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
        if abil[a, K.A_KIND] == K.AbilityKind.AUTO and abil[a, K.A_TRIGGER] == trig:
            return True
    return False
