"""Force of Will observations: a flat float32 vector per player (blocks below).

Public and hidden zones (CR 302.2): the observer sees its own hand and standby area (CR 306.2,
310.2), its own rune area (CR 315.2), both fields, ruler areas, graveyards, the chase and the
revealed runes of both rune areas (public, CR 711.2); of the opponent's hand, main decks, magic
stone decks, extra decks, face-down standby cards and face-down runes only the counts (CR 302.2a).
So the vector never depends on what the observer cannot see (determinization keeps it).

Blocks: GLOBAL (GLOBAL_W values), then card rows of CARD_ROW_W columns: the card's static columns
from the tables' ``obs_rows`` (CARD_OBS_FEATURES), then the dynamic ones (DYN_*). Card blocks in
order: own hand (HAND_SLOTS), own field (FIELD_SLOTS), opponent's field (FIELD_SLOTS), the two
rulers (own first), the chase (CHASE_MAX, bottom first), own standby (STANDBY_SLOTS), each
graveyard's top GRAVE_ROWS (own first), the rune areas (RUNE_SLOTS rows each, own first, in list
order; a face-down rune of the opponent's is an empty row), then the candidates of the decider's
pending choice (OPTION_SLOTS rows, the decider's observation only: OPTION k / BOTTOM k is row k).

A card in a field is public, and so is everything it has now (CR 302.2): its row shows its ATK,
DEF, keywords (in the static keyword columns, KW_COL) and restrictions as the rules read them
(``characteristics.atk_of``, ``def_now``, ``keywords_now``, ``restrictions_now``: printed,
granted by one-time effects, and from the continuous abilities in the fields, ``aura_sums``), and
an addition's row names the field row of the card it is added to (DYN_ADDED_TO, CR 1002.1).
"""

from numba import njit

from tcg_env.engine.header import H_DECIDER, H_DECISION, H_TURN
from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.obsbuf import clear_rows_after_at, copy_card_row, zero_range
from tcg_env.engine.tables import card_table
from tcg_env.engine.zones import zone_find, zone_offsets
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import CARD_OBS_FEATURES, CHASE_MAX, FIELD_SLOTS, HAND_SLOTS, Zone
from tcg_env.games.force_of_will.state import (
    ASTRAL, ATTACHED, ATTACKED, ATTACKER, BLOCKER, CALLED, CAND, CAND_N, CARD, CARD_W, CHASE, CHASE_N, CONTROLLER,
    COUNTERS, DAMAGE, DEC_ARG, E_SLOT, E_X, ENTERED, ENTRY_W, GODS_ART_USED, JUDGED, KW_EOB, KW_EOT, KW_PERM, LIFE,
    MANA, PRIORITY_PLAYER, PT, RESTED, REVEALED, RST_EOT, RST_PERM, SH_AMOUNT, SH_KIND, SH_PLAYER, SH_SLOT, SHIELD_N,
    SHIELD_W, SHIELDS, STEP, TURN_PLAYER, TURNS_TAKEN, WILL, ZONE, ZT
)
from tcg_env.games.force_of_will.characteristics import AURA_ALL

GRAVE_ROWS = 8
_COUNTED = (Zone.MAIN_DECK, Zone.STONE_DECK, Zone.HAND, Zone.GRAVEYARD, Zone.STANDBY, Zone.REMOVED, Zone.EXTRA_DECK,
            Zone.RUNE_AREA)

# GLOBAL block
G_TURN = 0
G_TURN_PLAYER = 1
G_DECIDER = 2
G_PRIORITY = 3
G_DECISION = 4  # one-hot, N_DECISIONS
G_STEP = G_DECISION + K.N_DECISIONS  # one-hot, N_STEPS
G_LIFE = G_STEP + K.N_STEPS  # own, opponent's (/ 4000)
G_WILL = G_LIFE + 2  # own N_WILL, opponent's N_WILL
G_COUNTS = G_WILL + 2 * K.N_WILL  # own, opponent's: the _COUNTED zones
G_FLAGS = G_COUNTS + 2 * len(_COUNTED)  # own, opponent's: called, judged, astral, turns taken
G_CHASE = G_FLAGS + 8
G_BATTLE = G_CHASE + 1  # attacker, attacked is a player, blocker
G_PIERCE = G_BATTLE + 3  # PIERCE decision: damage assigned to the blocker so far / 1000 (CR 1102.2b)
G_DIVINITY = G_PIERCE + 1  # own, opponent's: remaining divinity / 10 (CR 711.2a; -0.1: no [Divinity])
G_X_MAX = G_DIVINITY + 2  # CHOOSE_X decision: the largest X the player may choose / 10 (CR 903.2f)
G_PREVENT = G_X_MAX + 1  # own, opponent's: damage to the player still to prevent (SHIELD_PREVENT_ALL: all)
GLOBAL_W = G_PREVENT + 2

# a prevention shield's amount in the observation (/ 1000): "prevent all" (CR 1018.1b) as 4000
SHIELD_PREVENT_ALL = 4.0

DYN_PRESENT = 0
DYN_MINE = 1
DYN_RESTED = 2
DYN_DAMAGE = 3
DYN_ATK = 4
DYN_DEF = 5
DYN_COUNTERS = 6
DYN_ATTACKER = 7
DYN_BLOCKER = 8
DYN_ATTACKED = 9
DYN_NEW = 10  # entered this turn
DYN_MANA = 11  # mana counters / 5 (CR 1122)
DYN_REVEALED = 12  # a revealed rune (CR 711.2)
DYN_X = 13  # a chase row: the X chosen for the entry / 10 (CR 903.2f)
DYN_PREVENT = 14  # damage to the card still to prevent / 1000 (SHIELD_PREVENT_ALL: all; CR 1018)
DYN_DESTROY_SHIELD = 15  # its next destruction is replaced this turn (CR 910: a shield of a one-time effect)
DYN_GODS_ART_USED = 16  # its [God's Art] names its controller has played this game (CR 1112.2a; public)
DYN_CANT_ATTACK = 17  # its restrictions now (RESTRICT_*, continuous abilities included): cannot attack,
DYN_CANT_BLOCK = 18  # cannot block,
DYN_CANT_RECOVER = 19  # does not recover in its controller's next recovery phase
DYN_ADDED_TO = 20  # an addition added to a card (CR 1002.1): (that card's field row + 1) / FIELD_SLOTS, 0: none
DYN_ADDED_TO_MINE = 21  # ... and that row is in my field (1) or the opponent's (0)
DYN_W = 22
CARD_ROW_W = CARD_OBS_FEATURES + DYN_W

# the static columns that show a card's keywords (cards.card_obs_features: bit b of KW_* is column
# KW_COL + b); a card row shows the keywords the card has now there, not only the printed ones
KW_COL = 17
N_KEYWORDS = len(K.KEYWORD_BITS)

B_HAND = GLOBAL_W
B_FIELD = B_HAND + HAND_SLOTS * CARD_ROW_W
B_OPP_FIELD = B_FIELD + FIELD_SLOTS * CARD_ROW_W
B_RULERS = B_OPP_FIELD + FIELD_SLOTS * CARD_ROW_W
B_CHASE = B_RULERS + 2 * CARD_ROW_W
B_STANDBY = B_CHASE + CHASE_MAX * CARD_ROW_W
B_GRAVE = B_STANDBY + K.STANDBY_SLOTS * CARD_ROW_W
B_RUNES = B_GRAVE + 2 * GRAVE_ROWS * CARD_ROW_W
B_CAND = B_RUNES + 2 * K.RUNE_SLOTS * CARD_ROW_W
OBS_SIZE = B_CAND + K.OPTION_SLOTS * CARD_ROW_W


@internal_inline
def card_row(game, s, T, player, slot, obs, o):
    """One card's row at ``o``, every column: its static columns and its state; its ATK, DEF,
    keywords and restrictions without the continuous abilities (``extra_columns`` writes the
    keywords one-time effects granted, the restrictions and an addition's card;
    ``in_field_columns`` adds the continuous abilities). The state is read before the row is
    written (the compiler cannot tell the row from the state, and reloads what it reads after a
    store)."""
    w = slot * CARD_W
    cid = s[CARD + w]
    ctrl = s[CONTROLLER + w]
    rested = s[RESTED + w]
    dmg = s[DAMAGE + w]
    atk = game.base_atk(s, T, slot)
    df = game.base_def(s, T, slot)
    # keywords granted by one-time effects, restrictions, the card an addition is added to: most
    # rows have none, and write zeros (extra_columns writes the others): computing the columns for
    # every row cost ~10% of an observation in random play (2 cores shared, min of 3 x 60 passes)
    extra = (s[KW_EOT + w] | s[KW_EOB + w] | s[KW_PERM + w] | s[RST_EOT + w] | s[RST_PERM + w]) != 0 \
        or s[ATTACHED + w] >= 0
    cnt = s[COUNTERS + w]
    new = s[ENTERED + w] == s[H_TURN]
    attacker = s[ATTACKER]
    blocker = s[BLOCKER]
    attacked = s[ATTACKED]
    mana = s[MANA + w]
    revealed = s[REVEALED + w]
    arts = card_table(T)[cid, K.C_GODS_ARTS] & s[GODS_ART_USED + ctrl]
    copy_card_row(obs, o, T, cid, CARD_OBS_FEATURES)
    d = o + CARD_OBS_FEATURES
    obs[d + DYN_PRESENT] = 1.0
    obs[d + DYN_MINE] = 1.0 if ctrl == player else 0.0
    obs[d + DYN_RESTED] = rested
    obs[d + DYN_DAMAGE] = dmg / 1000.0
    obs[d + DYN_ATK] = atk / 1000.0
    obs[d + DYN_DEF] = df / 1000.0
    obs[d + DYN_COUNTERS] = cnt / 5.0
    obs[d + DYN_ATTACKER] = 1.0 if attacker == slot else 0.0
    obs[d + DYN_BLOCKER] = 1.0 if blocker == slot else 0.0
    obs[d + DYN_ATTACKED] = 1.0 if attacked == slot and attacker >= 0 else 0.0
    obs[d + DYN_NEW] = 1.0 if new else 0.0
    obs[d + DYN_MANA] = mana / 5.0
    obs[d + DYN_REVEALED] = revealed
    obs[d + DYN_X] = 0.0
    obs[d + DYN_PREVENT] = 0.0
    obs[d + DYN_DESTROY_SHIELD] = 0.0
    used = 0  # a card has at most ABILITIES_PER_CARD of them
    while arts != 0:
        arts &= arts - 1
        used += 1
    obs[d + DYN_GODS_ART_USED] = used
    obs[d + DYN_CANT_ATTACK] = 0.0
    obs[d + DYN_CANT_BLOCK] = 0.0
    obs[d + DYN_CANT_RECOVER] = 0.0
    obs[d + DYN_ADDED_TO] = 0.0
    obs[d + DYN_ADDED_TO_MINE] = 0.0
    if extra:
        game.extra_columns(s, T, player, slot, obs, o)


@internal
def extra_columns(game, s, T, player, slot, obs, o):
    """The columns of the row at ``o`` of a card (``slot``) with keywords granted by one-time
    effects (CR 302.2: as public as printed ones), restrictions, or added to a card (an
    addition, CR 1002.1), without the continuous abilities (``in_field_columns`` adds them)."""
    w = slot * CARD_W
    if (s[KW_EOT + w] | s[KW_EOB + w] | s[KW_PERM + w]) != 0:
        keyword_columns(obs, o, game.base_keywords(s, T, slot))
    restriction_columns(obs, o, game.base_restrictions(s, slot))
    added = game.added_to_row(s, s[ATTACHED + w], player)
    d = o + CARD_OBS_FEATURES
    obs[d + DYN_ADDED_TO] = abs(added) / FIELD_SLOTS
    obs[d + DYN_ADDED_TO_MINE] = 1.0 if added > 0 else 0.0


@internal_inline
def keyword_columns(obs, o, kw):
    """The keyword columns of the row at ``o``: the KW_* bits ``kw``."""
    for b in range(N_KEYWORDS):
        obs[o + KW_COL + b] = (kw >> b) & 1


@internal_inline
def restriction_columns(obs, o, rst):
    """The restriction columns of the row at ``o``: the RESTRICT_* bits ``rst``."""
    d = o + CARD_OBS_FEATURES
    obs[d + DYN_CANT_ATTACK] = 1.0 if (rst & K.RESTRICT_CANT_ATTACK) != 0 else 0.0
    obs[d + DYN_CANT_BLOCK] = 1.0 if (rst & K.RESTRICT_CANT_BLOCK) != 0 else 0.0
    obs[d + DYN_CANT_RECOVER] = 1.0 if (rst & K.RESTRICT_CANT_RECOVER) != 0 else 0.0


@internal
def added_to_row(s, target, player):
    """The field row of ``target``, the card an addition is added to (CR 1002.1; -1: none), as
    ``player`` sees it: row + 1 in ``player``'s field, -(row + 1) in the opponent's, 0 for none.
    A card is added to a card in a field (a J-ruler is in its field, CR 705.3), listed by its
    controller (CR 307.8a)."""
    if target < 0:
        return 0
    ctrl = s[CONTROLLER + target * CARD_W]
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, ctrl)
    i = zone_find(s, n_off, l_off, target)
    if i < 0:
        return 0
    return i + 1 if ctrl == player else -(i + 1)


@internal_inline
def zone_rows(game, s, T, player, z, p, obs, base, rows, from_top, over_previous):
    """The block of list zone ``z`` of player ``p``: its first (``from_top``: last) ``rows`` cards,
    then zero rows (``engine.obsbuf``: every written row has 1 in its ``DYN_PRESENT`` column)."""
    n_off, l_off = zone_offsets(ZT, z, p)
    n = s[n_off]
    m = min(n, rows)
    clear_rows_after_at(obs, base, rows, CARD_ROW_W, m, over_previous, CARD_OBS_FEATURES + DYN_PRESENT)
    for i in range(m):
        k = n - 1 - i if from_top else i
        card_row(game, s, T, player, s[l_off + k], obs, base + i * CARD_ROW_W)


@internal
def shield_amount(s, k):
    """Shield ``k``'s damage still to prevent, as the observation shows it (/ 1000)."""
    a = s[SHIELDS + k * SHIELD_W + SH_AMOUNT]
    return SHIELD_PREVENT_ALL if a == 0 else a / 1000.0


@internal
def shield_columns(game, s, slot, obs, o):
    """The shields on card ``slot`` into the row at ``o`` (CR 910, 1018: each shield of a one-time
    effect on a card protects it until the end of the turn, used up, or the card leaves the field)."""
    for k in range(s[SHIELD_N]):
        e = SHIELDS + k * SHIELD_W
        if s[e + SH_SLOT] == slot:
            d = o + CARD_OBS_FEATURES
            if s[e + SH_KIND] == K.Shield.PREVENT:
                obs[d + DYN_PREVENT] = obs[d + DYN_PREVENT] + game.shield_amount(s, k)
            else:
                obs[d + DYN_DESTROY_SHIELD] = 1.0


@internal
def in_field_columns(game, s, T, slot, obs, o, cont):
    """The columns of the row at ``o`` that only a card in a field (``slot``) has beyond
    ``card_row``'s: ATK, DEF, keywords and restrictions with the continuous abilities (CR 909;
    ``cont``: ``characteristics.continuous_in_field``, 0 for none), and its shields. The
    continuous abilities are read as the rules read them, by ``characteristics.aura_sums``
    (``atk_of``, ``keywords_now``, ``restrictions_now``: the card's own values and theirs), all
    kinds in one reading."""
    if s[ZONE + slot * CARD_W] == Zone.FIELD:
        d = o + CARD_OBS_FEATURES
        if cont != 0:
            atk, df, kw, rst = game.aura_sums(s, T, slot, AURA_ALL, cont)
            obs[d + DYN_ATK] = (game.base_atk(s, T, slot) + atk) / 1000.0
            obs[d + DYN_DEF] = (game.base_def(s, T, slot) + df) / 1000.0
            # CR 302.2: a keyword or a restriction a continuous ability grants is public (the
            # card's own ones are in the row already: card_row, extra_columns)
            if kw != 0:
                keyword_columns(obs, o, game.base_keywords(s, T, slot) | kw)
            if rst != 0:
                restriction_columns(obs, o, game.base_restrictions(s, slot) | rst)
        if s[SHIELD_N] > 0:
            game.shield_columns(s, slot, obs, o)


@internal_inline  # one caller: inlined into it (engine.jit)
def in_field_rows(game, s, T, me, obs, cont):
    """``in_field_columns`` for every row that can show a card in a field: both fields, the rulers
    (a J-ruler), the chase (the source of an activate ability); and each player's shields."""
    for k in range(s[SHIELD_N]):
        e = SHIELDS + k * SHIELD_W
        if s[e + SH_SLOT] < 0 and s[e + SH_KIND] == K.Shield.PREVENT:
            g = G_PREVENT + (0 if s[e + SH_PLAYER] == me else 1)
            obs[g] = obs[g] + game.shield_amount(s, k)
    for q in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, me if q == 0 else 1 - me)
        base = B_FIELD if q == 0 else B_OPP_FIELD
        for i in range(min(s[n_off], FIELD_SLOTS)):
            game.in_field_columns(s, T, s[l_off + i], obs, base + i * CARD_ROW_W, cont)
    for k in range(2):
        slot = (me if k == 0 else 1 - me) * K.PLAYER_SLOTS + K.RULER_SLOT
        if s[CARD + slot * CARD_W] >= 0:
            game.in_field_columns(s, T, slot, obs, B_RULERS + k * CARD_ROW_W, cont)
    for i in range(s[CHASE_N]):
        src = s[CHASE + i * ENTRY_W + E_SLOT]
        if src >= 0:
            game.in_field_columns(s, T, src, obs, B_CHASE + i * CARD_ROW_W, cont)
    kind = s[H_DECISION]
    if s[H_DECIDER] == me and kind != K.Decision.SEARCH:  # a searched card is a card id, in no field
        for k in range(game.candidate_count(s, me)):
            game.in_field_columns(s, T, game.candidate_slot(s, me, k), obs, B_CAND + k * CARD_ROW_W, cont)


@internal
def candidate_count(s, me):
    """How many candidate rows ``me``'s observation shows: the candidates CAND of the decider's
    choice when ``me`` decides one whose options they are (card slots: targets, foreseen cards;
    card ids: SEARCH; pending automatic abilities: ORDER_AUTOMATIC), else 0."""
    kind = s[H_DECISION]
    if s[H_DECIDER] == me and (kind == K.Decision.CHOOSE_TARGET or kind == K.Decision.SEARCH
                               or kind == K.Decision.FORESEE or kind == K.Decision.ORDER_AUTOMATIC):
        return min(s[CAND_N], K.OPTION_SLOTS)
    return 0


@internal
def candidate_slot(s, me, k):
    """The card slot of candidate ``k`` (not SEARCH: its candidates are card ids): an automatic
    ability to order (CR 906.5) shows its source card."""
    c = s[CAND + k]
    return s[PT + (me * K.PENDING_MAX + c) * 3] if s[H_DECISION] == K.Decision.ORDER_AUTOMATIC else c


@internal
def candidate_rows(game, s, T, me, obs, over_previous):
    """The candidates of the decider's pending choice, row k for OPTION k (and BOTTOM k), in the
    decider's observation only: what it looks at in a search (CR 1014.2) or a foresee (CR 1034.1)
    is hidden from its opponent (CR 302.2), and a choice's candidates matter only to the player
    making it. A searched card is a card id (its static columns only); an automatic ability to order
    (CR 906.5) shows its source card."""
    kind = s[H_DECISION]
    n = game.candidate_count(s, me)
    clear_rows_after_at(obs, B_CAND, K.OPTION_SLOTS, CARD_ROW_W, n, over_previous, CARD_OBS_FEATURES + DYN_PRESENT)
    for k in range(n):
        o = B_CAND + k * CARD_ROW_W
        if kind == K.Decision.SEARCH:
            zero_range(obs, o, o + CARD_ROW_W)
            copy_card_row(obs, o, T, s[CAND + k], CARD_OBS_FEATURES)
            obs[o + CARD_OBS_FEATURES + DYN_PRESENT] = 1.0
        else:
            card_row(game, s, T, me, game.candidate_slot(s, me, k), obs, o)


@njit(cache=True)
def observe_row(game, s, T, player, obs):
    """Write ``player``'s observation into ``obs[:OBS_SIZE]`` (whatever ``obs`` held before)."""
    game.observe_into(s, T, player, obs, False)


@internal
def observe_into(game, s, T, player, obs, over_previous):
    """``observe_row``; with ``over_previous`` True, ``obs`` must hold an observation this function
    wrote (of any state or player): each card row is written whole, so only the rows past the
    written ones that may be non-zero are cleared (``engine.obsbuf``; random play passes True from
    a row's second decision of a call on). Zeroing the whole vector (16.8 KiB) and reading every
    field card's ATK and DEF through ``characteristics.aura`` (a scan of both fields each) cost
    most of an observation (docs/performance-log.md, 2026-11-26)."""
    zero_range(obs, 0, GLOBAL_W)
    me = player
    op = 1 - player
    obs[G_TURN] = s[H_TURN] / 50.0
    obs[G_TURN_PLAYER] = 1.0 if s[TURN_PLAYER] == me else 0.0
    obs[G_DECIDER] = 1.0 if s[H_DECIDER] == me else 0.0
    obs[G_PRIORITY] = 1.0 if s[PRIORITY_PLAYER] == me else 0.0
    obs[G_DECISION + s[H_DECISION]] = 1.0
    obs[G_STEP + s[STEP]] = 1.0
    for k in range(2):
        p = me if k == 0 else op
        obs[G_LIFE + k] = s[LIFE + p] / 4000.0
        for a in range(K.N_WILL):
            obs[G_WILL + k * K.N_WILL + a] = s[WILL + p * K.N_WILL + a] / 10.0
        for j in range(len(_COUNTED)):
            n_off, _ = zone_offsets(ZT, _COUNTED[j], p)
            obs[G_COUNTS + k * len(_COUNTED) + j] = s[n_off] / 20.0
        obs[G_FLAGS + 4 * k] = s[CALLED + p]
        obs[G_FLAGS + 4 * k + 1] = s[JUDGED + p]
        obs[G_FLAGS + 4 * k + 2] = s[ASTRAL + p]
        obs[G_FLAGS + 4 * k + 3] = min(s[TURNS_TAKEN + p], 20) / 20.0
    obs[G_CHASE] = s[CHASE_N] / CHASE_MAX
    obs[G_BATTLE] = 1.0 if s[ATTACKER] >= 0 else 0.0
    obs[G_BATTLE + 1] = 1.0 if s[ATTACKER] >= 0 and s[ATTACKED] == K.ATTACKED_PLAYER else 0.0
    obs[G_BATTLE + 2] = 1.0 if s[BLOCKER] >= 0 else 0.0
    if s[H_DECISION] == K.Decision.PIERCE:
        obs[G_PIERCE] = s[DEC_ARG] / 1000.0
    obs[G_DIVINITY] = game.remaining_divinity(s, T, me) / 10.0
    obs[G_DIVINITY + 1] = game.remaining_divinity(s, T, op) / 10.0
    if s[H_DECISION] == K.Decision.CHOOSE_X:
        obs[G_X_MAX] = s[DEC_ARG] / 10.0
    ov = over_previous
    zone_rows(game, s, T, me, Zone.HAND, me, obs, B_HAND, HAND_SLOTS, False, ov)  # CR 306.2: the owner sees it
    zone_rows(game, s, T, me, Zone.FIELD, me, obs, B_FIELD, FIELD_SLOTS, False, ov)
    zone_rows(game, s, T, me, Zone.FIELD, op, obs, B_OPP_FIELD, FIELD_SLOTS, False, ov)
    for k in range(2):
        slot = (me if k == 0 else op) * K.PLAYER_SLOTS + K.RULER_SLOT
        o = B_RULERS + k * CARD_ROW_W
        if s[CARD + slot * CARD_W] >= 0:
            card_row(game, s, T, me, slot, obs, o)
        else:
            zero_range(obs, o, o + CARD_ROW_W)
    # the chase's rows need not be a prefix (an entry without a source card has a zero row): each
    # row is written or cleared
    for i in range(CHASE_MAX):
        o = B_CHASE + i * CARD_ROW_W
        src = s[CHASE + i * ENTRY_W + E_SLOT] if i < s[CHASE_N] else -1
        if src >= 0:
            card_row(game, s, T, me, src, obs, o)
            obs[o + CARD_OBS_FEATURES + DYN_X] = s[CHASE + i * ENTRY_W + E_X] / 10.0
        elif not ov or obs[o + CARD_OBS_FEATURES + DYN_PRESENT] != 0.0:
            zero_range(obs, o, o + CARD_ROW_W)
    zone_rows(game, s, T, me, Zone.STANDBY, me, obs, B_STANDBY, K.STANDBY_SLOTS, False, ov)  # CR 310.2
    zone_rows(game, s, T, me, Zone.GRAVEYARD, me, obs, B_GRAVE, GRAVE_ROWS, True, ov)
    zone_rows(game, s, T, me, Zone.GRAVEYARD, op, obs, B_GRAVE + GRAVE_ROWS * CARD_ROW_W, GRAVE_ROWS, True, ov)
    zone_rows(game, s, T, me, Zone.RUNE_AREA, me, obs, B_RUNES, K.RUNE_SLOTS, False, ov)  # CR 315.2: the owner sees it
    n_off, l_off = zone_offsets(ZT, Zone.RUNE_AREA, op)
    for i in range(K.RUNE_SLOTS):
        o = B_RUNES + (K.RUNE_SLOTS + i) * CARD_ROW_W
        slot = s[l_off + i] if i < s[n_off] else -1
        if slot >= 0 and s[REVEALED + slot * CARD_W] != 0:  # CR 711.2: revealed, public
            card_row(game, s, T, me, slot, obs, o)
        elif not ov or obs[o + CARD_OBS_FEATURES + DYN_PRESENT] != 0.0:
            zero_range(obs, o, o + CARD_ROW_W)
    game.candidate_rows(s, T, me, obs, ov)
    cont = game.continuous_in_field(s, T)
    if cont != 0 or s[SHIELD_N] > 0:
        in_field_rows(game, s, T, me, obs, cont)

