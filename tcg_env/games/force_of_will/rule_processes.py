"""Force of Will rules kernels: rule processes (CR 1200s), performed in their listed order
(CR 1201.1) at the start of every priority sequence (CR 602.1a) until none is left."""

from tcg_env.engine.decisions import end_game
from tcg_env.engine.header import H_DONE, WINNER_DRAW
from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import card_table, flag_table
from tcg_env.engine.zones import zone_offsets
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import CardType, Zone
from tcg_env.games.force_of_will.state import ATTACHED, CARD, CARD_W, DAMAGE, DREW_FROM_EMPTY, LIFE, ZONE, ZT
from tcg_env.games.force_of_will.characteristics import AURA_KW, AURA_POWER


@internal_inline  # one caller: inlined into it (engine.jit)
def losing_players(s):
    """CR 1202.1 (life 0 or less) and 1202.2 (drew from an empty main deck in the draw phase):
    bit p set when player p loses."""
    lost = 0
    for p in range(2):
        if s[LIFE + p] <= 0 or s[DREW_FROM_EMPTY + p] != 0:
            lost |= 1 << p
    return lost


@internal_inline  # one caller: inlined into it (engine.jit)
def check_losing(s):
    """CR 1202, 103.2 / 103.3: one loser, the other wins; both at once, a draw."""
    lost = losing_players(s)
    if lost == 3:
        end_game(s, WINNER_DRAW)
    elif lost == 1:
        end_game(s, 1)
    elif lost == 2:
        end_game(s, 0)
    return lost != 0


SWEEP_DAMAGE = 0  # CR 1204: J/resonators destroyed
SWEEP_ADDITIONS = 1  # CR 1406.4a / 1206.1: additions added to nothing put into the graveyard
DOOMED_KINDS = (1 << AURA_POWER) | (1 << AURA_KW)  # what SWEEP_DAMAGE reads of the continuous abilities


@internal_inline  # in the sweeps' loops over the fields
def doomed(game, s, T, slot, which, cont):
    """Is card ``slot`` in the field concerned by rule process ``which``? (``cont``:
    ``characteristics.continuous_in_field``.)
    SWEEP_DAMAGE, CR 1204.1 / 1204.2: a J/resonator with DEF whose damage reaches its DEF, or whose
    DEF is 0 or less (not [Eternal], CR 1010.3). SWEEP_ADDITIONS, CR 1406.4a / 1206.1: an addition
    that must be added to a card and is added to none, to one gone, or to itself."""
    if which == SWEEP_DAMAGE:
        if not game.is_j_resonator(s, T, slot):
            return False
        # its keywords and DEF in one reading of the continuous abilities (characteristics.keywords_now
        # and def_now read them once each)
        _, df, kw, _ = game.aura_sums(s, T, slot, DOOMED_KINDS, cont)
        if ((game.base_keywords(s, T, slot) | kw) & K.KW_ETERNAL) != 0:
            return False
        d = game.base_def(s, T, slot) + df
        return d <= 0 or s[DAMAGE + slot * CARD_W] >= d
    if game.card_type(s, T, slot) != CardType.ADDITION:
        return False
    if card_table(T)[s[CARD + slot * CARD_W], K.C_ADDITION] == K.AdditionTarget.FIELD:
        return False
    host = s[ATTACHED + slot * CARD_W]
    return host < 0 or host == slot or s[ZONE + host * CARD_W] != Zone.FIELD


@internal
def sweep_field(game, s, T, which):
    """Perform rule process ``which`` on every card in the field concerned (destroy, or put into
    the graveyard); returns whether any card moved."""
    done = False
    cont = game.continuous_in_field(s, T)
    game.open_move(s, T)  # the rule process moves them at the same time (CR 906.7)
    for p in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
        i = 0
        while i < s[n_off]:
            slot = s[l_off + i]
            moved = False
            if doomed(game, s, T, slot, which, cont):
                moved = game.destroy(s, T, slot) if which == SWEEP_DAMAGE else game.to_graveyard(s, T, slot)
            if moved:
                done = True  # the list moved up: the same index again
                cont = game.continuous_in_field(s, T)
            else:
                i += 1
    game.close_move(s, T)
    return done


@internal
def sweep_needed(game, s, T):
    """Would ``sweep_field`` move a card, for either rule process? One pass over the fields instead
    of the two sweeps' (and their ``continuous_in_field``): False only when no card in the field
    has a continuous ability (so ``cont`` 0 reads each card exactly) and none is concerned;
    True sends the priority point through the sweeps, which decide exactly. Most priority points
    find nothing (docs/performance-log.md, 2026-11-26)."""
    for p in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
        for i in range(s[n_off]):
            slot = s[l_off + i]
            if card_table(T)[s[CARD + slot * CARD_W], K.C_HAS_CONT] != 0:
                return True
            if doomed(game, s, T, slot, SWEEP_DAMAGE, 0) or doomed(game, s, T, slot, SWEEP_ADDITIONS, 0):
                return True
    return False


@internal_inline  # in mythic_sweep's loops
def share_a_name(T, a, b):
    """Do the cards ``a`` and ``b`` (card ids) share a name? Either of their names (C_NAME packs a second one; in the
    field a name gained by a continuous ability counts too, CR 902.1a)."""
    x, y = card_table(T)[a, K.C_NAME], card_table(T)[b, K.C_NAME]
    x1, x2 = x & K.NAME_MASK, (x >> K.NAME_BITS) & K.NAME_MASK
    y1, y2 = y & K.NAME_MASK, (y >> K.NAME_BITS) & K.NAME_MASK
    return x1 == y1 or x1 == y2 or (x2 != 0 and (x2 == y1 or x2 == y2))


@internal
def mythic_sweep(game, s, T):
    """[Mythic] (session 22; not in CR 8.01, the cards' reminder text: "When you control two or more entities with
    [Mythic] that share a name >>> Banish all but one of them."), performed as a rule process after CR 1206 (the
    named approximation MYTHIC_RULE_PROCESS, docs/force_of_will/card-text.md): every player who controls two or more
    entities with [Mythic] sharing a name banishes (CR 1011.1: into their owners' graveyards) all but the one that
    came under their control last (the latest in their field list) at the same time (CR 906.7), without the chase and
    without choosing which one stays. Returns whether any card moved. Only in pools with a [Mythic] card
    (FLAG_MYTHIC)."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_MYTHIC) == 0:
        return False
    done = False
    for p in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
        k = s[n_off] - 1
        while k > 0:  # from the latest: it is kept, the earlier ones sharing a name with it go
            keep = s[CARD + s[l_off + k] * CARD_W]
            if (card_table(T)[keep, K.C_KEYWORDS] & K.KW_MYTHIC) != 0:
                i = 0
                while i < k:
                    slot = s[l_off + i]
                    c = s[CARD + slot * CARD_W]
                    if (card_table(T)[c, K.C_KEYWORDS] & K.KW_MYTHIC) != 0 and share_a_name(T, keep, c):
                        if not done:
                            game.open_move(s, T)  # banished at the same time (CR 906.7)
                            done = True
                        if game.to_graveyard(s, T, slot):
                            k -= 1  # the list moved up: the same index again, the kept one a place earlier
                            continue
                    i += 1
            k -= 1
    if done:
        game.close_move(s, T)
    return done


@internal_inline  # one caller: inlined into it (engine.jit)
def round_life(s):
    """CR 1205.1: life up to the nearest multiple of 100."""
    for p in range(2):
        v = s[LIFE + p]
        r = v % 100
        if r != 0:
            s[LIFE + p] = v - r + 100


@internal
def rule_processes(game, s, T):
    """CR 1201.1: in order, repeated while any is performed; True when the game ended (the
    priority point stops)."""
    F = flag_table(T)
    # read once, not inside mythic_sweep: the pass runs at every priority point, and a call for a pool without [Mythic]
    # cost 0.6% of the built-in pool's instructions a decision (session 23, benchmarks/instructions.py)
    mythic = (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_MYTHIC) != 0
    for _ in range(64):  # each pass removes a card or ends the game: bounded
        round_life(s)  # CR 1205 (before the loss check: rounding up never makes life reach 0)
        if check_losing(s):  # CR 1202
            return True
        changed = False
        if game.sweep_needed(s, T):
            changed = game.sweep_field(s, T, SWEEP_DAMAGE)  # CR 1204 (counters: CR 1203, kept as one net count)
            if game.sweep_field(s, T, SWEEP_ADDITIONS):  # CR 1206 / 1406.4a
                changed = True
        if mythic and game.mythic_sweep(s, T):  # [Mythic] (MYTHIC_RULE_PROCESS; pools with one only)
            changed = True
        if not changed:
            break
    return s[H_DONE] != 0
