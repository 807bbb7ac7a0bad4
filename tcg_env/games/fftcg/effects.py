"""FF-TCG rules kernels: the effect interpreter (CR 11.11, 11.12).

An effect is a small program (``constants.Op``, rows of the code table) run over *frames* kept in
the state row, so an effect can stop on a choice (targets, "you may", a search) and resume when
the action arrives. Targets are chosen when a Summon is cast or an ability is put on the stack
(CR 11.3.3, 11.6.5, 11.8.9) and checked again on resolution (CR 11.11); damage to a player runs
as a frame too (CR 6.5, EX Burst CR 11.10).
"""

from tcg_env.engine.chase import chase_push
from tcg_env.engine.effects import (
    ASKED,
    DONE,
    NEXT,
    STOPPED,
    missing_required_target,
    player_operand,
    push_frame as push_program_frame,  # noqa: F401 - the rules kernel game.push_program_frame
    recheck_targets,
    run_program,
    targets_available,
)
from tcg_env.engine.tables import card_table, filter_table
from tcg_env.engine.jit import internal
from tcg_env.engine.zones import zone_pop_top, zone_shuffle, zone_take
from tcg_env.rules.modifiers import mod_apply
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
    OPTION_SLOTS,
    P_CAST,
    P_DAMAGE,
    P_RESOLVE,
    P_TRIGGER,
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
    MT,
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
            if game.filter_match(s, T, frow, slot, viewer, source) and not game.reg_contains(s, base, reg, slot):
                n += 1
    return n


@internal
def has_required_targets(game, s, T, arow, viewer, source):
    """CR 11.3.3 / 11.6.5 / 11.7.5: a Summon or ability that chooses needs a legal target."""
    return targets_available(game, s, T, arow, viewer, source)


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
def deal_damage_to_player(game, s, player, amount, source):
    if amount > 0 and s[FRAME_N] < FRAME_MAX:
        game.push_damage_frame(s, player, amount, source)


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
    """Targets on either field (CR 11.3.3): the action layout addresses the fields directly."""
    return game.count_candidates(s, T, frow, s[f + E_CTRL], s[f + E_SLOT], f, reg)


@internal
def target_affected(s, op, slot):
    """A target that left the field is not affected (CR 11.11.2)."""
    return s[ZONE + slot * CARD_W] == K.Zone.FIELD


# the modifier ops (CR 9.5.1.3.2: until the end of the turn, or while on the field): state.MODS
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
def each_target(game, s, T, f, op, t, a0, a1, a2):
    if op == K.Op.DAMAGE:
        if card_table(T)[s[CARD + t * CARD_W], K.C_TYPE] == K.CardType.FORWARD:
            s[DMG + t * CARD_W] += a0
    elif op == K.Op.BREAK:
        game.leave_field(s, T, t, K.Zone.BREAK, True)
    elif op == K.Op.DULL:
        s[DULL + t * CARD_W] = 1
    elif op == K.Op.ACTIVATE:
        s[DULL + t * CARD_W] = 0
    elif op == K.Op.FREEZE:
        s[FROZEN + t * CARD_W] = 1
    elif op == K.Op.RETURN_TO_HAND:
        game.leave_field(s, T, t, K.Zone.HAND, False)
    elif op == K.Op.REMOVE_FROM_GAME:
        game.leave_field(s, T, t, K.Zone.REMOVED, False)


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
def exec_op(game, s, T, f, op, reg, a0, a1, a2):
    """FF-TCG's own opcodes (the shared ones are the engine's)."""
    ctrl = s[f + E_CTRL]
    src = s[f + E_SLOT]
    if op == K.Op.DAMAGE_PLAYER:
        s[f + FR_PC] += 1
        game.deal_damage_to_player(s, player_operand(game, s, f, a1), a0, src)
        return STOPPED  # the damage frame runs next
    if op == K.Op.SEARCH:
        if s[f + FR_CNT] == 0:
            n = game.fill_candidates_distinct(s, T, a0, ctrl, src, DECK_N + ctrl, DECK_L + ctrl * MAX_DECK)
            if n > 0 and a1 != K.Destination.HAND:
                n = game.keep_candidates_that_fit(s, T, ctrl)
            if n > 0:
                s[f + FR_CNT] = 1
                s[DEC_ARG] = K.SelectFor.SEARCH
                set_decision(s, K.Decision.SELECT_CARD, ctrl)
                return ASKED
        zone_shuffle(s, ZT, K.Zone.DECK, ctrl, s)  # CR 15.1.1.8
    elif op == K.Op.ADD_TO_HAND:
        if s[f + FR_CNT] < a1:
            if game.fill_candidates_distinct(s, T, a0, ctrl, src, BREAK_N + ctrl, BREAK_L + ctrl * MAX_DECK) > 0:
                s[DEC_ARG] = K.SelectFor.ADD_TO_HAND
                set_decision(s, K.Decision.SELECT_CARD, ctrl)
                return ASKED
    elif op == K.Op.PUT_ONTO_FIELD:
        if s[f + FR_CNT] < a1:
            fz = filter_table(T)[a0, K.F_ZONE]
            if fz == K.FilterZone.HAND:
                game.fill_candidates_distinct(s, T, a0, ctrl, src, HAND_N + ctrl, HAND_L + ctrl * MAX_DECK)
            else:
                game.fill_candidates_distinct(s, T, a0, ctrl, src, BREAK_N + ctrl, BREAK_L + ctrl * MAX_DECK)
            if game.keep_candidates_that_fit(s, T, ctrl) > 0:
                s[DEC_ARG] = K.SelectFor.PUT_ONTO_FIELD
                set_decision(s, K.Decision.SELECT_CARD, ctrl)
                return ASKED
    return NEXT


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
        return game.resolve_damage(s, T, base)
    if s[base + FR_PC] < 0:
        # resolution prelude: "you may" question (CR 11.8.14)
        s[DEC_ARG] = s[base + E_ABIL]
        set_decision(s, K.Decision.OPTIONAL_EFFECT, s[base + E_CTRL])
        return False
    return run_program(game, s, T, base) == DONE


@internal
def validate_entry_targets(game, s, T, base):
    """CR 11.11.2: drop targets that became invalid; if every chosen target of a register is gone,
    the whole effect is cancelled (returns False)."""
    return recheck_targets(game, s, T, base)


@internal
def finish_frame(game, s, T):
    """Pop the top frame and do what its purpose asks."""
    n = s[FRAME_N] - 1
    base = FRAMES + n * FRAME_W
    purpose = s[base + FR_PURPOSE]
    s[FRAME_N] = n
    if purpose == P_CAST:
        # targets chosen: now the costs (CR 11.3.7, 11.6.10)
        game.copy_entry(s, base, BUILD_ENTRY)
        s[FLOW] = FL_PAY
    elif purpose == P_TRIGGER:
        if not missing_required_target(game, s, T, base):  # CR 11.8.4
            chase_push(game, s, base)
        s[FLOW] = FL_PRIORITY
    elif purpose == P_RESOLVE:
        if s[base + E_KIND] == EK_SUMMON:
            slot = s[base + E_SLOT]
            if s[ZONE + slot * CARD_W] == K.Zone.STACK:
                s[ZONE + slot * CARD_W] = K.Zone.NONE
                game.put_in_zone(s, slot, K.Zone.BREAK)  # CR 11.11.10
        s[FLOW] = FL_AFTER_RESOLVE
    # P_EX and P_DAMAGE: the frame below (or FLOW) continues
    game.refresh_derived(s, T)
