"""Skills resolving (8-5, 8-6): effect frames on the core's interpreter, the game's opcodes, the
filters and choices of targets (8-5-3, [Barrier] 10-16), tokens (10-18), and the pending [Auto]
skills played at checkpoints (4-5-3-2 / 4-5-3-3, 8-6-4)."""

from tcg_env.engine.chase import after_resolution, chase_size
from tcg_env.engine.decisions import end_game, set_decision
from tcg_env.engine.effects import (
    ASKED, DONE, NEXT, STOPPED, Who, pop_frame, push_frame, reg_add, reg_count, reg_has, reg_slot, run_program, top_frame,
)
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import ability_table, card_table, filter_table
from tcg_env.engine.triggers import PE_ABIL, PE_SLOT, pending_entry, pending_remove
from tcg_env.engine.zones import zone_count, zone_offsets, zone_put, zone_shuffle
from tcg_env.games.dbscg.constants import (
    A_ONCE, A_OPTIONAL, C_ABIL_START, C_BACK, C_COLOURS, C_COST, C_KEYWORDS, C_NAME, C_TITLE, C_TRAITS, C_TYPE,
    CAND_N, F_ATTACKING, F_COLOURS, F_COST_MAX, F_COST_MIN, F_IGNORE_BARRIER, F_KEYWORD, F_MODE, F_NAME, F_NOT_SELF,
    F_POWER_MAX, F_SIDE, F_TITLE, F_TOP, F_TRAIT, F_TYPE_MASK, F_ZONE, FZONE_AREA, PLAYER_SLOTS, SIDE_OPPONENT,
    SIDE_OWN, TOKEN_FIRST, TOKEN_SLOTS, Decision, FZone, Keyword, Mod, Mode, Op, Zone,
)
from tcg_env.games.dbscg.state import (
    ATTACKER, CAND, CAND_COUNT, CARD, CARD_W, CHASE, CHASE_ENTRY_W, DEC_ARG, E_NEGATED, FRAME_AUX, FRAME_CONTROLLER,
    FRAME_COUNT, FRAME_PC, FRAME_PURPOSE, FRAME_SOURCE, GUARD, MT, NEGATED, OWNER, PLAY_NEGATED, PLAYING, RESTED,
    REVEALED, USED, WINDOW_EVENT, ZONE, ZT, Window,
)
from tcg_env.games.dbscg.kernels import field_slot
from tcg_env.rules.choices import zone_card
from tcg_env.rules.filters import passes_at_least, passes_at_most, passes_side
from tcg_env.rules.modifiers import mod_apply

# what a frame is for (FRAME_PURPOSE): what its end leads to
P_AUTO, P_SKILL, P_FLIP, P_COUNTER, P_SWAP, P_ABSORB = 0, 1, 2, 3, 4, 5
ARG_DISCARD, ARG_BASE, ARG_WARP = -1, -2, -3  # SELECT's DEC_ARG[0] when not a CHOOSE's filter row
ASK_FIRST = 1  # FRAME_AUX: a "you may" skill asks before it resolves
MODE_ALL = 2
TO_ZONE = (Zone.HAND, Zone.DROP, Zone.WARP, Zone.ENERGY, Zone.LIFE)  # Op.TO_HAND .. Op.TO_LIFE


# ---- frames -------------------------------------------------------------------------------------------
@internal
def run_top_frame(game, s, T):
    """Run the top skill; a "you may" asks first (OPTIONAL); at its end, what its purpose says."""
    f = top_frame(game, s)
    if s[f + FRAME_AUX] == ASK_FIRST:
        s[DEC_ARG] = f
        set_decision(s, Decision.OPTIONAL, s[f + FRAME_CONTROLLER])
        return
    status = run_program(game, s, T, f)
    if status == DONE:
        game.finish_frame(s, T, f)


@internal
def finish_frame(game, s, T, f):
    """A skill resolved: [Awaken] / [Wish] flip the card (10-2-3: the same card, its position and
    power effects kept); [Swap] / [Union-Absorb] do what they say with the chosen cards; a
    [Counter]'s end lets the next one resolve (4-7-3-5)."""
    purpose = s[f + FRAME_PURPOSE]
    src = s[f + FRAME_SOURCE]
    if purpose == P_SWAP or purpose == P_ABSORB:
        game.swap_or_absorb(s, T, f, purpose == P_SWAP, src)
    pop_frame(game, s)
    if purpose == P_FLIP and src >= 0 and card_table(T)[s[CARD + src * CARD_W], C_BACK] >= 0:
        s[CARD + src * CARD_W] = card_table(T)[s[CARD + src * CARD_W], C_BACK]
    elif purpose == P_COUNTER:
        game.window_result(s, T, after_resolution(game, s))


@internal
def answer_optional(game, s, T, yes):
    if yes:
        s[s[DEC_ARG] + FRAME_AUX] = 0
    else:
        game.finish_frame(s, T, s[DEC_ARG])


@internal
def answer_select(game, s, T, p, i):
    """SELECT answered: candidate ``i`` (-1: PASS, no more) for the CHOOSE, the discard or the
    [Evolve]'s Battle Card asking."""
    kind = s[DEC_ARG]
    for k in range(s[CAND_COUNT]):  # a searched deck's cards are hidden again
        s[REVEALED + s[CAND + k] * CARD_W] = 0
    if kind == ARG_BASE:
        game.choose_base(s, T, p, i)
        return
    f = top_frame(game, s)
    if kind == ARG_DISCARD or kind == ARG_WARP:
        game.move_card(s, T, s[CAND + i], Zone.DROP if kind == ARG_DISCARD else Zone.WARP)
        s[f + FRAME_COUNT] += 1
    elif i < 0:
        s[f + FRAME_PC] += 1  # "up to": the CHOOSE ends here (8-5-3-2)
    else:
        reg_add(game, s, f, s[DEC_ARG + 1], s[CAND + i])


# ---- the core interpreter's hooks (engine.effects) -----------------------------------------------------
@internal
def filter_match(game, s, T, frow, slot, viewer, source):
    """A card matches a skill's filter (constants.FILTER_TABLE), seen from its master ``viewer``."""
    f = filter_table(T)[frow]
    c = card_table(T)[s[CARD + slot * CARD_W]]
    mode = f[F_MODE]
    rested = s[RESTED + slot * CARD_W]
    return (passes_side(f[F_SIDE], SIDE_OWN, SIDE_OPPONENT, s[OWNER + slot * CARD_W], viewer)
            and (f[F_TYPE_MASK] == 0 or (f[F_TYPE_MASK] >> c[C_TYPE]) & 1 != 0)
            and (f[F_COLOURS] == 0 or f[F_COLOURS] & c[C_COLOURS] != 0)
            and passes_at_most(f[F_POWER_MAX], game.power_of(s, T, slot))
            and passes_at_most(f[F_COST_MAX], c[C_COST]) and passes_at_least(f[F_COST_MIN], c[C_COST])
            and (f[F_NAME] == 0 or f[F_NAME] == c[C_NAME]) and (f[F_TITLE] == 0 or f[F_TITLE] == c[C_TITLE]) and (f[F_TRAIT] == 0 or f[F_TRAIT] & c[C_TRAITS] != 0)
            and (mode == Mode.ANY or (mode == Mode.REST) == (rested != 0))
            and (f[F_NOT_SELF] == 0 or slot != source) and (f[F_ATTACKING] == 0 or slot == s[ATTACKER])
            and (f[F_KEYWORD] == 0 or game.keywords_of(s, T, slot) & f[F_KEYWORD] != 0))


@internal
def in_play_count(game, s, player):
    """SELECT_ALL scans the Leader and the Battle Area."""
    return 1 + zone_count(s, ZT, Zone.BATTLE, player)


@internal
def in_play_slot(game, s, player, i):
    return field_slot(s, player, i)


@internal
def choose_candidates(game, s, T, f, reg, frow):
    """CHOOSE: the cards of the filter's area (the Battle Area by default, 8-5-4) that match and are
    not chosen yet, into the candidate list; a card with [Barrier] cannot be chosen by the
    opponent's skills (10-16) unless the skill says "ignoring [Barrier]"."""
    fl = filter_table(T)[frow]
    ctrl, src = s[f + FRAME_CONTROLLER], s[f + FRAME_SOURCE]
    area = FZONE_AREA[fl[F_ZONE]]
    k = 0
    for q in range(2):
        if (fl[F_SIDE] == SIDE_OWN and q != ctrl) or (fl[F_SIDE] == SIDE_OPPONENT and q == ctrl):
            continue
        for z in (Zone.LEADER, area):
            if z == Zone.LEADER and fl[F_ZONE] != FZone.LEADER_OR_BATTLE:
                continue
            n_off, l_off = zone_offsets(ZT, z, q)
            first = 0
            if z == Zone.DECK and fl[F_TOP] > 0:  # "look at up to X cards from the top" (11-6): the last X
                first = max(0, s[n_off] - fl[F_TOP])
            for i in range(first, s[n_off]):
                slot = s[l_off + i]
                if k >= CAND_N or reg_has(game, s, f, reg, slot) or not game.filter_match(s, T, frow, slot, ctrl, src):
                    continue
                if (q != ctrl and (z == Zone.BATTLE or z == Zone.LEADER) and fl[F_IGNORE_BARRIER] == 0
                        and game.has_keyword(s, T, slot, Keyword.BARRIER)):
                    continue
                s[CAND + k] = slot
                s[REVEALED + slot * CARD_W] = z == Zone.DECK  # seen by the searching player (8-5-3-7)
                k += 1
    s[CAND_COUNT] = k
    return k


@internal
def target_affected(game, s, op, slot):
    """An effect acts on a chosen card only where it still is (8-6-7)."""
    z = s[ZONE + slot * CARD_W]
    return z != Zone.NONE and z != Zone.UNDER


@internal
def add_power(game, s, slot, amount, duration):
    mod_apply(game, s, MT, slot, Mod.POWER, duration, amount)


@internal
def grant_keywords(game, s, slot, bits, duration):
    mod_apply(game, s, MT, slot, Mod.KEYWORDS, duration, bits)


@internal
def add_restrictions(game, s, slot, bits, duration):
    return None


@internal
def each_target(game, s, T, f, op, slot, a0, a1, a2):
    """The game's opcodes on one chosen card: KO (10-1), Rest / Active (4-8), to an area."""
    by_opp = s[OWNER + slot * CARD_W] != s[f + FRAME_CONTROLLER]
    removable = not (by_opp and game.has_keyword(s, T, slot, Keyword.INDESTRUCTIBLE)
                     and s[ZONE + slot * CARD_W] == Zone.BATTLE)  # 10-12
    if op == Op.KO:
        if not (by_opp and game.has_keyword(s, T, slot, Keyword.NO_OPP_SKILL_KO)):
            game.ko(s, T, slot, by_opp)
    elif op == Op.REST:
        s[RESTED + slot * CARD_W] = 1
    elif op == Op.ACTIVE:
        s[RESTED + slot * CARD_W] = 0
    elif op == Op.PLAY:
        game.play_free(s, T, s[OWNER + slot * CARD_W], slot)
    elif op == Op.POWER_PER_ENERGY:  # counted when it resolves
        game.add_power(s, slot, a0 * zone_count(s, ZT, Zone.ENERGY, s[f + FRAME_CONTROLLER]), a1)
    elif removable:
        searched = s[ZONE + slot * CARD_W] == Zone.DECK
        game.move_card(s, T, slot, TO_ZONE[op - Op.TO_HAND])
        if searched:  # 11-6-3: a deck that was looked at is shuffled
            zone_shuffle(s, ZT, Zone.DECK, s[OWNER + slot * CARD_W], s)


@internal
def draw_cards(game, s, player, n):
    game.draw(s, player, n)


@internal
def hand_count(game, s, player):
    return zone_count(s, ZT, Zone.HAND, player)


@internal
def discard_hand_index(game, s, player, i):
    game.hand_to_drop(s, zone_card(s, ZT, Zone.HAND, player, i))


@internal
def ask_discard(game, s, f, player):
    """DISCARD chosen by the player: a SELECT among its hand cards."""
    ask_hand_card(s, player, ARG_DISCARD)


@internal
def ask_hand_card(s, player, kind):
    """A SELECT among ``player``'s hand cards, for a discard (ARG_DISCARD) or HAND_TO_WARP (ARG_WARP)."""
    n_off, l_off = zone_offsets(ZT, Zone.HAND, player)
    k = min(s[n_off], CAND_N)
    for i in range(k):
        s[CAND + i] = s[l_off + i]
    s[CAND_COUNT] = k
    s[DEC_ARG] = kind
    set_decision(s, Decision.SELECT, player)


@internal
def exec_op(game, s, T, f, op, reg, a0, a1, a2):
    """The game's opcodes on players and the game (constants.Op)."""
    ctrl = s[f + FRAME_CONTROLLER]
    who = ctrl if a1 == Who.CONTROLLER else 1 - ctrl
    if op == Op.CHARGE:
        game.top_to(s, T, who, a0, Zone.ENERGY, a2)
    elif op == Op.GAIN_LIFE:
        game.top_to(s, T, ctrl, a0, Zone.LIFE, 0)
    elif op == Op.DAMAGE:
        game.take_damage(s, T, who, a0, False)
    elif op == Op.MILL:
        game.top_to(s, T, who, a0, Zone.DROP, 0)
    elif op == Op.NEGATE:
        game.negate(s, T)
    elif op == Op.TOKEN:
        for _ in range(a1):
            game.make_token(s, T, ctrl, a0)
    elif op == Op.SWITCH_GUARD and reg_count(game, s, f, reg) > 0 and s[ATTACKER] >= 0:
        s[GUARD] = reg_slot(game, s, f, reg, 0)
    elif op == Op.SHUFFLE:
        zone_shuffle(s, ZT, Zone.DECK, ctrl, s)
    elif op == Op.WIN:
        end_game(s, ctrl)
        return STOPPED
    elif op == Op.LIFE_TO_HAND:
        life_to_hand(game, s, T, ctrl, a0)
    elif op == Op.HAND_TO_WARP and s[f + FRAME_COUNT] < a0 and zone_count(s, ZT, Zone.HAND, who) > 0:
        ask_hand_card(s, who, ARG_WARP)  # one card an answer (answer_select counts it), as DISCARD
        return ASKED
    return NEXT


@internal
def life_to_hand(game, s, T, p, n):
    """LIFE_TO_HAND: ``n`` of ``p``'s Life cards to its hand; they are face down (3-9-2), so the
    engine takes the top ones, as a damage does (4-10-2)."""
    for _ in range(n):
        n_off, l_off = zone_offsets(ZT, Zone.LIFE, p)
        if s[n_off] == 0:
            return
        game.move_card(s, T, s[l_off + s[n_off] - 1], Zone.HAND)


@internal
def negate(game, s, T):
    """10-10-5: the [Counter] below this one (the top of the chase now) is negated; with none, the
    window's action: the attack (7-1-4) or the card being played, unless it has [Deflect] (10-22)."""
    n = chase_size(game, s)
    if n > 0:
        s[CHASE + (n - 1) * CHASE_ENTRY_W + E_NEGATED] = 1
    elif s[WINDOW_EVENT] == Window.ATTACK:
        s[NEGATED] = 1
    elif s[PLAYING] >= 0 and not (card_table(T)[s[CARD + s[PLAYING] * CARD_W], C_KEYWORDS] >> Keyword.DEFLECT) & 1:
        s[PLAY_NEGATED] = 1


@internal
def make_token(game, s, T, p, cid):
    """10-18: a token Battle Card in its master's Battle Area (no room: none is made)."""
    if not game.room_in_battle(s, p):
        return
    for k in range(TOKEN_SLOTS):
        slot = p * PLAYER_SLOTS + TOKEN_FIRST + k
        if s[CARD + slot * CARD_W] < 0:
            s[CARD + slot * CARD_W] = cid  # its OWNER word is p's since the setup
            zone_put(s, ZT, slot, Zone.BATTLE)
            s[RESTED + slot * CARD_W] = 0
            return


# ---- pending [Auto] skills (engine.triggers) ---------------------------------------------------------------
@internal
def play_pending(game, s, T, player, i):
    """4-5-3-2 / 8-6-4: ``player``'s pending skill ``i`` activates and resolves (a frame); one whose
    [Bond] / [Sparking] no longer hold is cancelled (8-6-4-1); [Once per Turn] (10-11-4)."""
    e = pending_entry(game, s, player, i)
    slot, a = s[e + PE_SLOT], s[e + PE_ABIL]
    pending_remove(game, s, player, i)
    abil = ability_table(T)
    k = a - card_table(T)[s[CARD + slot * CARD_W], C_ABIL_START] if s[CARD + slot * CARD_W] >= 0 else 0
    if abil[a, A_ONCE] != 0:
        if s[USED + slot * CARD_W] & (1 << k):
            return 0
        s[USED + slot * CARD_W] |= 1 << k
    if not game.skill_live(s, T, a, player, slot):
        return 0
    f = push_frame(game, s, T, MODE_ALL, P_AUTO, 0, slot, a, player, 0)
    if abil[a, A_OPTIONAL] != 0:
        s[f + FRAME_AUX] = ASK_FIRST
    return 0


@internal
def order_pending(game, s, T, player, n):
    """4-5-3-2: several pending: the player chooses which first (ORDER_AUTO)."""
    set_decision(s, Decision.ORDER_AUTO, player)
    return 0

