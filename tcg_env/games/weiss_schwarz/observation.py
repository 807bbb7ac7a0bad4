"""Weiss Schwarz observations: one flat float32 vector per player with named views.

Honest about hidden information (CR 3.1.3): both decks, both stocks, the opponent's hand and
face-down cards appear only as counts. Public zones (stage, clock, level, climax area) are shown
for both players; the choice candidates (waiting-room cards, public) are shown to everyone.
Every column is declared once (``OBS``; the globals with their state words: ``GLOBALS``) and
documented in ``docs/weiss_schwarz/observations.md``.
"""

import numpy as np
from numba import njit

from tcg_env.engine.blocks import EntityLayout, ObsLayout, WordColumns
from tcg_env.engine.tables import ability_table, card_table
from tcg_env.engine.header import H_DECIDER, H_DECISION, H_TURN
from tcg_env.engine.jit import internal
from tcg_env.engine.obsbuf import clear_rows_after, columns_writer, copy_card_row, zero_range
from tcg_env.engine.reveals import revealed_card, revealed_count
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.characteristics import granted_bits
from tcg_env.games.weiss_schwarz.state import (
    ATK_POS,
    ATK_SLOT,
    ATK_TYPE,
    ATTACKS_DONE,
    CAND,
    CAND_N,
    CARD,
    CARD_W,
    CLOCK_L,
    CLOCK_N,
    COUNTER_USED,
    CX_L,
    CX_N,
    CX_SLOT_N,
    CX_SLOTS,
    D_KW,
    D_LEVEL,
    D_POWER,
    D_RST,
    D_SOUL,
    DEC_ARG,
    LAST_TRIG,
    LAST_TRIG_ID,
    LOOKED_N,
    REVEALED,
    REVEALED_N,
    DECK_L,
    DECK_N,
    DEF_SLOT,
    FIRST_PLAYER,
    HAND_L,
    HAND_N,
    LEVEL_L,
    LEVEL_N,
    MARKER_N,
    MEMORY_N,
    ORIENT,
    PHASE,
    PT_N,
    REFRESH_POINT,
    SHOT_ARMED,
    STAGE,
    STEP,
    STOCK_N,
    TURN_PLAYER,
    WR_N,
    ZONE,
)

CLOCK_ROWS = 8  # bottom-most clock cards per player (the level-up choice is among the bottom 7)
LEVEL_ROWS = 3

CARD_COLUMNS = [
    "present",
    *[f"type_{t.name.lower()}" for t in K.CardType],
    *[f"color_{c.name.lower()}" for c in K.Color],
    "level_div3",
    "cost_div3",
    "power_div10000",
    "soul_div3",
    *[f"trigger_{t.name.lower()}" for t in K.TriggerIcon],
    "counter_icon",
]
CARD_FEATURES = len(CARD_COLUMNS)  # 24
# a stage card's restrictions (RESTRICT_* bits, in bit order): the columns cant_* of its stage row
# a stage character's restrictions now (constants.RESTRICT_*), column k <- bit RESTRICTION_BITS[k]
# (RESTRICT_NO_COLOR_REQ is a hand card's permission, not a stage restriction)
# (RESTRICT_CANT_PLAY is a hand card's); weiss_schwarz_v5 added the columns from cant_deal_damage_to_player on: a
# stage restriction no earlier version showed, as public as the others (CR 3.1.3)
RESTRICTIONS = {"cant_attack": K.RESTRICT_CANT_ATTACK, "cant_frontal_attack": K.RESTRICT_CANT_FRONTAL,
                "cant_side_attack": K.RESTRICT_CANT_SIDE, "cant_be_chosen": K.RESTRICT_CANT_BE_CHOSEN,
                "cant_move": K.RESTRICT_CANT_MOVE, "cant_encore": K.RESTRICT_NO_ENCORE,
                "cant_reverse": K.RESTRICT_CANT_REVERSE,
                "cant_deal_damage_to_player": K.RESTRICT_NO_DAMAGE,
                "cant_stand_in_stand_phase": K.RESTRICT_CANT_STAND_PHASE,
                "no_soul_loss_side_attacking": K.RESTRICT_NO_SIDE_SOUL,
                "cant_return_to_hand": K.RESTRICT_CANT_TO_HAND,
                "cant_go_to_memory": K.RESTRICT_CANT_TO_MEMORY,
                # the player locks it puts on its master (_you) or the other player (_opp): always, or while it
                # is in battle (RESTRICT_PLAY_LOCKS, play.play_locked)
                "locks_your_events": K.RESTRICT_NO_EVENTS_YOU,
                "locks_your_backup": K.RESTRICT_NO_BACKUP_YOU,
                "in_battle_locks_your_events": K.RESTRICT_BATTLE_NO_EVENTS_YOU,
                "in_battle_locks_your_backup": K.RESTRICT_BATTLE_NO_BACKUP_YOU,
                "in_battle_locks_opp_events": K.RESTRICT_BATTLE_NO_EVENTS_OPP,
                "in_battle_locks_opp_backup": K.RESTRICT_BATTLE_NO_BACKUP_OPP,
                # its rules for its master (session 23, RESTRICT_PLAYER_RULES, play.player_rule)
                "raises_your_hand_limit": K.RESTRICT_HAND_LIMIT_UP,
                "your_climax_any_color": K.RESTRICT_CX_ANY_COLOR_YOU,
                "your_events_any_color": K.RESTRICT_EVENT_ANY_COLOR_YOU,
                "locks_your_wr_to_hand_in_attack": K.RESTRICT_NO_WR_TO_HAND_ATK_YOU}
RESTRICTION_NAMES = list(RESTRICTIONS)
RESTRICTION_BITS = np.array(list(RESTRICTIONS.values()), np.int64)
N_RESTRICTIONS = len(RESTRICTION_NAMES)
N_KEYWORDS = len(K.KEYWORD_BITS)
# a stage card's granted abilities (an effect's until the end of the turn, a CONT ability's: public,
# CR 3.1.3, and unlike a printed ability not known from the card's identity): how many it has that
# trigger on each trigger a granted ability may have (constants.GRANTED_TRIGGERS), and how many are
# an Encore (CR 10.2)
GRANTED_NAMES = [*[f"granted_{t.name.lower()}" for t in K.GRANTED_TRIGGERS], "granted_encore"]
# the column of a granted ability's trigger, from the first granted column (-1: none), by Trigger value
GRANTED_COL = np.full(max(t.value for t in K.Trigger) + 1, -1, np.int64)
for _i, _t in enumerate(K.GRANTED_TRIGGERS):
    GRANTED_COL[_t] = _i
GRANTED_ENCORE = len(K.GRANTED_TRIGGERS)
STAGE_EXTRA = ["stand", "rest", "reverse", "cur_power_div10000", "cur_soul_div3", "cur_level_div3",
               "is_attacking", "is_defending", "markers_div4",
               *[f"kw_{name}" for name in K.KEYWORD_BITS],  # its keywords now (KW_* bits, in bit order)
               *RESTRICTION_NAMES,
               *GRANTED_NAMES]
STAGE_FEATURES = CARD_FEATURES + len(STAGE_EXTRA)

# the global columns, each named once with its state word (blocks.WordColumns): the core writes
# the sourced ones (write_globals), observe_into the others
GLOBALS = WordColumns()
GLOBALS.is_player("is_decider", H_DECIDER)
GLOBALS.is_player("is_turn_player", TURN_PLAYER)
GLOBALS.is_player("is_first_player", FIRST_PLAYER)
GLOBALS.onehot("phase", PHASE, K.Phase)
GLOBALS.onehot("attack_step", STEP, K.AttackStep)
GLOBALS.onehot("decision", H_DECISION, K.Decision)
GLOBALS.scaled("turn_div50", H_TURN, 50)
_PLAYER_COLUMNS = [("deck_div50", DECK_N, 50), ("hand_div20", HAND_N, 20), ("waiting_room_div50", WR_N, 50),
                   ("clock_div7", CLOCK_N, 7), ("level_div4", LEVEL_N, 4), ("stock_div20", STOCK_N, 20),
                   ("memory_div10", MEMORY_N, 10), ("refresh_point", REFRESH_POINT, 1),
                   ("climax_in_area", None, None),  # observe_into: a card in the climax area
                   # observe_into: the colours of the level and clock cards, gathered as it copies their rows
                   *[(f"has_color_{c.name.lower()}", None, None) for c in K.Color]]
GLOBALS.players(_PLAYER_COLUMNS)
GLOBALS.onehot("attack_type", ATK_TYPE, K.AttackType)
GLOBALS.written(*[f"attacker_position_{i}" for i in range(K.N_CENTER)])
GLOBALS.scaled("shot_armed", SHOT_ARMED)
GLOBALS.scaled("counter_used", COUNTER_USED)
GLOBALS.scaled("attacks_this_turn_div3", ATTACKS_DONE, 3)
GLOBALS.written(*[f"trigger_icon_now_{t.name.lower()}" for t in K.TriggerIcon])
GLOBALS.pair("pending_autos_div4", PT_N, 4)
GLOBALS.written("my_waiting_room_climax_div8", "opp_waiting_room_climax_div8",
                # CR 3.1.3 / 3.2.2 / 3.10.2 / 3.7.2: my climax cards in the zones nobody may look at
                # (deck, stock, face-down markers), together: the deck list minus what I see. The
                # deck alone would tell whether a card that left the deck unseen (a pool trigger's
                # card into the stock) was a climax.
                "my_hidden_climax_div8")
GLOBAL_COLUMNS = GLOBALS.names
write_globals = columns_writer(GLOBALS, "write_globals")
GLOBAL_USED = len(GLOBAL_COLUMNS)
GLOBAL_SIZE = 112  # room for new global columns without moving the card rows
assert GLOBAL_USED <= GLOBAL_SIZE
STAGE_COLUMNS = [*CARD_COLUMNS, *STAGE_EXTRA]

# The flat observation, declared once (tcg_env.engine.blocks): the offsets below, the views
# (obs_columns), the entity layout's card-row blocks and the column lists of
# docs/weiss_schwarz/observations.md (tests/weiss_schwarz/test_layouts.py) come from it.
OBS = ObsLayout("weiss_schwarz")
GLOBAL = OBS.add("global", [*GLOBAL_COLUMNS, *[f"unused_{i}" for i in range(GLOBAL_USED, GLOBAL_SIZE)]],
                 doc=f"{GLOBAL_SIZE} ({GLOBAL_USED} used): the global columns")
MY_STAGE = OBS.add("my_stage", STAGE_COLUMNS, rows=K.N_POSITIONS, cards=True,
                   doc="positions 0..4: card columns + stage columns")
OPP_STAGE = OBS.add("opp_stage", STAGE_COLUMNS, rows=K.N_POSITIONS, cards=True,
                    doc="the opponent's stage (public)")
HAND = OBS.add("hand", CARD_COLUMNS, rows=K.HAND_SLOTS, cards=True, doc="own hand, card columns")
MY_CLOCK = OBS.add("my_clock", CARD_COLUMNS, rows=CLOCK_ROWS, cards=True,
                   doc="bottom-most 8 clock cards (bottom first)")
OPP_CLOCK = OBS.add("opp_clock", CARD_COLUMNS, rows=CLOCK_ROWS, doc="the opponent's, the same")
MY_LEVEL = OBS.add("my_level", CARD_COLUMNS, rows=LEVEL_ROWS, doc="level zone cards")
OPP_LEVEL = OBS.add("opp_level", CARD_COLUMNS, rows=LEVEL_ROWS, doc="the opponent's level zone cards")
CLIMAX = OBS.add("climax", CARD_COLUMNS, rows=2, doc="my climax area, the opponent's")
CANDIDATES = OBS.add("candidates", CARD_COLUMNS, rows=K.OPTION_SLOTS, cards=True,
                     doc="cards behind `option k` in a `CHOOSE_TARGET` (decider only)")
TRIGGER_CHECKS = OBS.add("trigger_checks", CARD_COLUMNS, rows=2,
                         doc="the card of my latest trigger check, the opponent's (CR 7.3.1.2: revealed to "
                             "both), while it is in the resolution zone or its stock")
REVEALED_BLOCK = OBS.add("revealed", CARD_COLUMNS, rows=2 * K.REVEAL_ROWS,
                         doc="the cards of my latest reveal by an effect, then the opponent's (\"reveal the top "
                             "card of your deck\": shown to both)")
LOOKED = OBS.add("looked", CARD_COLUMNS, rows=K.OPTION_SLOTS,
                 doc="the cards at the top of my deck that my pending look has looked at (\"look at up to N cards "
                     "from the top of your deck\", CR 3.2.3), top first, the ones I may not choose too (mine only)")
OBS_SIZE = OBS.size

OBS_GLOBAL = GLOBAL.base
OBS_MY_STAGE = MY_STAGE.base
OBS_OPP_STAGE = OPP_STAGE.base
OBS_HAND = HAND.base
OBS_MY_CLOCK = MY_CLOCK.base
OBS_OPP_CLOCK = OPP_CLOCK.base
OBS_MY_LEVEL = MY_LEVEL.base
OBS_OPP_LEVEL = OPP_LEVEL.base
OBS_CLIMAX = CLIMAX.base  # my climax area, then the opponent's
OBS_CANDIDATES = CANDIDATES.base
OBS_TRIGGER_CHECKS = TRIGGER_CHECKS.base
OBS_REVEALED = REVEALED_BLOCK.base
OBS_LOOKED = LOOKED.base

# global columns observe_into writes (the global block starts at column 0)
G_ME = GLOBAL.col("my_deck_div50")  # + a _PLAYER_COLUMNS column
G_OPP = GLOBAL.col("opp_deck_div50")
G_ATTACKER_POS = GLOBAL.col("attacker_position_0")  # + center position
G_ICON = GLOBAL.col("trigger_icon_now_none")  # + TriggerIcon
G_WR_CLIMAX = GLOBAL.col("my_waiting_room_climax_div8")  # + side (mine, the opponent's)
G_HIDDEN_CLIMAX = GLOBAL.col("my_hidden_climax_div8")
# a player's columns, from G_ME / G_OPP
_PLAYER_NAMES = [name for name, _, _ in _PLAYER_COLUMNS]
P_CLIMAX = _PLAYER_NAMES.index("climax_in_area")
P_COLOR = _PLAYER_NAMES.index("has_color_yellow")  # + Color
# a stage row's own columns, from the row's first column
S_ORIENT = MY_STAGE.col("stand")  # + Orientation
S_POWER = MY_STAGE.col("cur_power_div10000")
S_SOUL = MY_STAGE.col("cur_soul_div3")
S_LEVEL = MY_STAGE.col("cur_level_div3")
S_ATTACKING = MY_STAGE.col("is_attacking")
S_DEFENDING = MY_STAGE.col("is_defending")
S_MARKERS = MY_STAGE.col("markers_div4")
S_KW = MY_STAGE.col("kw_alarm")  # + keyword bit
S_RST = MY_STAGE.col(RESTRICTION_NAMES[0])  # + restriction bit
S_GRANTED = MY_STAGE.col(GRANTED_NAMES[0])  # + GRANTED_COL[trigger], GRANTED_ENCORE


@internal
def granted_columns(T, granted, out, r):
    """Count the granted abilities of bits ``granted`` (characteristics.granted_bits: bit k is the ability row
    with A_ZONE = GRANT_ZONE0 + k after every card's, as triggers.trigger_granted finds them) into the stage row
    at ``r``, by trigger (and Encore)."""
    A = ability_table(T)
    a = A.shape[0] - 1
    while a >= 0 and A[a, K.A_ZONE] >= K.GRANT_ZONE0:
        if (granted >> (A[a, K.A_ZONE] - K.GRANT_ZONE0)) & 1 != 0:
            c = GRANTED_COL[A[a, K.A_TRIGGER]]
            if c >= 0:
                out[r + S_GRANTED + c] += 1.0
            if A[a, K.A_KEYWORD] == K.Keyword.ENCORE:
                out[r + S_GRANTED + GRANTED_ENCORE] += 1.0
        a -= 1


@njit(cache=True)
def observe_row(s, T, player, out):
    """Write ``player``'s observation of row ``s`` into ``out[:OBS_SIZE]`` (any previous content of
    ``out`` is overwritten)."""
    observe_into(s, T, player, out, False)


@internal
def observe_into(s, T, player, out, over_previous):
    """``observe_row``; with ``over_previous`` True, ``out`` must hold an observation written by
    this function (of any state or player) and only the rows that may be non-zero are cleared
    (``engine.obsbuf``: random play uses this from a row's second decision of a call on; the
    vector is the same, bit for bit, tested)."""
    cards = card_table(T)
    p = player
    o = 1 - p
    dk = s[H_DECISION]
    # globals, both stages (fixed positions, not a prefix) and the climax rows: always zeroed;
    # the hand, clock, level and candidate blocks are prefixes of present rows (obsbuf)
    zero_range(out, 0, OBS_HAND)
    zero_range(out, OBS_CLIMAX, OBS_CANDIDATES)
    zero_range(out, OBS_TRIGGER_CHECKS, OBS_REVEALED + 2 * K.REVEAL_ROWS * CARD_FEATURES)
    # a card's CARD_COLUMNS are copied whole from the kernel tables' obs_rows
    # (tcg_env.games.weiss_schwarz.cards.card_obs_rows; engine.obsbuf.copy_card_row, one fixed-size
    # copy) instead of computed and stored column by column, so the rows about to be written need
    # no clearing: only the rows past them. An observation took ~1,050-1,120 TSC cycles in random
    # play with the columns computed one by one, ~550-600 with the copy (2026-11-25).
    clear_rows_after(out, OBS_HAND, K.HAND_SLOTS, CARD_FEATURES, min(s[HAND_N + p], K.HAND_SLOTS), over_previous)
    for side in range(2):
        q = p if side == 0 else o
        clear_rows_after(out, OBS_MY_CLOCK if side == 0 else OBS_OPP_CLOCK, CLOCK_ROWS, CARD_FEATURES,
                         min(s[CLOCK_N + q], CLOCK_ROWS), over_previous)
        clear_rows_after(out, OBS_MY_LEVEL if side == 0 else OBS_OPP_LEVEL, LEVEL_ROWS, CARD_FEATURES,
                         min(s[LEVEL_N + q], LEVEL_ROWS), over_previous)
    # (an up-to look's "one more?" shows the cards looked at so far: CR 3.2.3.1, ChoiceFor.LOOK_MORE)
    shows = dk == K.Decision.CHOOSE_TARGET or (dk == K.Decision.OPTIONAL_EFFECT and s[DEC_ARG + 1] == K.ChoiceFor.LOOK_MORE)
    n_candidates = min(s[CAND_N], K.OPTION_SLOTS) if (shows and s[H_DECIDER] == p) else 0
    clear_rows_after(out, OBS_CANDIDATES, K.OPTION_SLOTS, CARD_FEATURES, n_candidates, over_previous)
    # a look at the top of the deck (CR 3.2.3): the looking player saw every card looked at, also those
    # its choice may not take (its candidates are the choosable ones only)
    n_looked = min(s[LOOKED_N], s[DECK_N + p], K.OPTION_SLOTS) if s[H_DECIDER] == p else 0
    clear_rows_after(out, OBS_LOOKED, K.OPTION_SLOTS, CARD_FEATURES, n_looked, over_previous)
    write_globals(s, p, out, OBS_GLOBAL)
    out[G_ME + P_CLIMAX] = 1.0 if s[CX_N + p] > 0 else 0.0
    out[G_OPP + P_CLIMAX] = 1.0 if s[CX_N + o] > 0 else 0.0
    if s[ATK_SLOT] >= 0 and 0 <= s[ATK_POS] < 3:
        out[G_ATTACKER_POS + s[ATK_POS]] = 1.0
    if dk == K.Decision.TRIGGER_OPTION or (dk == K.Decision.CHOOSE_TARGET and s[DEC_ARG + 1] == K.ChoiceFor.TRIGGER_ICON):
        out[G_ICON + s[DEC_ARG]] = 1.0
    # climax cards in each waiting room (public) and the observer's own climax cards in its hidden
    # zones (deck, stock, markers: its deck list minus every zone it sees, CR 3.1.3): the zones of
    # the few climax slots (CX_SLOTS), not the card of every slot of those zones
    for side in range(2):
        q = p if side == 0 else o
        n_wr = 0
        n_hidden = 0
        for i in range(s[CX_SLOT_N + q]):
            z = s[ZONE + s[CX_SLOTS + q * K.MAX_DECK + i] * CARD_W]
            n_wr += np.int64(z == K.Zone.WAITING_ROOM)
            n_hidden += np.int64(z == K.Zone.DECK or z == K.Zone.STOCK or z == K.Zone.MARKER)
        out[G_WR_CLIMAX + side] = n_wr / 8.0
        if side == 0:
            out[G_HIDDEN_CLIMAX] = n_hidden / 8.0
    # stages (public)
    for side in range(2):
        q = p if side == 0 else o
        base = OBS_MY_STAGE if side == 0 else OBS_OPP_STAGE
        for pos in range(K.N_POSITIONS):
            sl = s[STAGE + q * K.N_POSITIONS + pos]
            if sl < 0:
                continue
            r = base + pos * STAGE_FEATURES
            b = sl * CARD_W
            copy_card_row(out, r, T, s[CARD + b], CARD_FEATURES)
            out[r + S_ORIENT + s[ORIENT + b]] = 1.0
            out[r + S_POWER] = s[D_POWER + b] / 10000.0
            out[r + S_SOUL] = s[D_SOUL + b] / 3.0
            out[r + S_LEVEL] = s[D_LEVEL + b] / 3.0
            out[r + S_ATTACKING] = 1.0 if sl == s[ATK_SLOT] else 0.0
            out[r + S_DEFENDING] = 1.0 if sl == s[DEF_SLOT] else 0.0
            out[r + S_MARKERS] = s[MARKER_N + q * K.N_POSITIONS + pos] / 4.0
            # CR 3.1.3: the stage is public, and so is what a character has now: its keywords and
            # restrictions as the rules read them (the derived D_KW / D_RST: printed, granted until
            # the end of the turn, and from continuous abilities, characteristics.refresh_derived); the
            # row was zeroed above, so only the set bits are written
            kw = s[D_KW + b]
            rst = s[D_RST + b]
            if kw != 0:
                for k in range(N_KEYWORDS):
                    out[r + S_KW + k] = (kw >> k) & 1
            if rst != 0:
                for k in range(N_RESTRICTIONS):
                    out[r + S_RST + k] = 1 if rst & RESTRICTION_BITS[k] else 0
            # its granted abilities (as triggers.trigger_card reads them: until the end of the turn,
            # KWMOD, or of the opponent's next turn, KWMOD_LONG, or by a CONT ability, D_KW: granted_bits)
            granted = granted_bits(s, sl)
            if granted != 0:
                granted_columns(T, granted, out, r)
    # own hand only (CR 3.3: hidden from the opponent)
    for i in range(min(s[HAND_N + p], K.HAND_SLOTS)):
        copy_card_row(out, OBS_HAND + i * CARD_FEATURES, T, s[CARD + s[HAND_L + p * K.MAX_DECK + i] * CARD_W],
                      CARD_FEATURES)
    for side in range(2):
        q = p if side == 0 else o
        # the colours in q's level and clock (CR 8.6.2.1.1; the globals' has_color_* columns) are
        # gathered from the cards whose rows are copied here, rather than by reading every card a
        # second time (~2% of random play)
        colors = 0
        cb = OBS_MY_CLOCK if side == 0 else OBS_OPP_CLOCK
        for i in range(s[CLOCK_N + q]):
            cid = s[CARD + s[CLOCK_L + q * K.MAX_DECK + i] * CARD_W]
            colors |= 1 << cards[cid, K.C_COLOR]
            if i < CLOCK_ROWS:
                copy_card_row(out, cb + i * CARD_FEATURES, T, cid, CARD_FEATURES)
        lb = OBS_MY_LEVEL if side == 0 else OBS_OPP_LEVEL
        for i in range(s[LEVEL_N + q]):
            cid = s[CARD + s[LEVEL_L + q * K.MAX_DECK + i] * CARD_W]
            colors |= 1 << cards[cid, K.C_COLOR]
            if i < LEVEL_ROWS:
                copy_card_row(out, lb + i * CARD_FEATURES, T, cid, CARD_FEATURES)
        g = (G_ME if side == 0 else G_OPP) + P_COLOR
        for c in range(K.N_COLORS):
            if (colors >> c) & 1:
                out[g + c] = 1.0
        if s[CX_N + q] > 0:
            copy_card_row(out, OBS_CLIMAX + side * CARD_FEATURES, T,
                          s[CARD + s[CX_L + q * K.MAX_DECK + s[CX_N + q] - 1] * CARD_W], CARD_FEATURES)
    # each player's latest trigger-check card: both saw it revealed (CR 7.3.1.2) before it went face
    # down into the stock (CR 3.13.1.2); shown while it stays there (its place is then public again)
    for side in range(2):
        q = p if side == 0 else o
        tc = s[LAST_TRIG + q]
        if tc >= 0 and (s[ZONE + tc * CARD_W] == K.Zone.STOCK or s[ZONE + tc * CARD_W] == K.Zone.RESOLUTION):
            copy_card_row(out, OBS_TRIGGER_CHECKS + side * CARD_FEATURES, T, s[LAST_TRIG_ID + q], CARD_FEATURES)
    # each player's latest reveal by an effect (engine.reveals: card ids), mine first: both saw the cards
    for side in range(2):
        q = p if side == 0 else o
        for k in range(revealed_count(s, REVEALED_N, q)):
            copy_card_row(out, OBS_REVEALED + (side * K.REVEAL_ROWS + k) * CARD_FEATURES, T,
                          revealed_card(s, REVEALED, K.REVEAL_ROWS, q, k), CARD_FEATURES)
    n_deck = s[DECK_N + p]
    for k in range(n_looked):  # top first
        copy_card_row(out, OBS_LOOKED + k * CARD_FEATURES, T, s[CARD + s[DECK_L + p * K.MAX_DECK + n_deck - 1 - k] * CARD_W],
                      CARD_FEATURES)
    # choice candidates, the decider's only (a hand choice stays private): cards it may look at
    # (public zones, its hand, the deck cards a search or look shows it). A stock card is a blank
    # (CR 3.10.2: nobody looks at a stock): its row says "present" only
    if n_candidates > 0:
        for k in range(n_candidates):
            r = OBS_CANDIDATES + k * CARD_FEATURES
            sl = s[CAND + k]
            if s[ZONE + sl * CARD_W] == K.Zone.STOCK:
                zero_range(out, r, r + CARD_FEATURES)
                out[r] = 1.0
            else:
                copy_card_row(out, r, T, s[CARD + sl * CARD_W], CARD_FEATURES)


# the entity layout's card-row blocks in the order networks were built with before the layouts were
# declared: the numba forward of a saved entity network (agents.neural_kernels) adds an action's
# pointer logits block by block, so another order would round OPTION k's differently
ENTITY_BLOCKS = ("hand", "my_stage", "opp_stage", "candidates", "my_clock")


def entity_layout():
    """The card-row blocks of the observation (``OBS``'s ``cards=True`` blocks) and the actions that
    point at their rows (:class:`tcg_env.spec.EntityLayout`; ``docs/weiss_schwarz/actions.md``).

    The declared pointers (``K.ACTIONS.pointers()``: HAND i and PLAY i,pos name hand row i (PLAY: its
    use for position pos); OWN_STAGE pos and ABILITY pos,j my stage row pos; OPP_STAGE pos the
    opponent's stage row pos; ATTACK pos,t my center character pos; OPTION k candidate row k), and two
    more for actions that name a second row: ATTACK pos,t the opponent's character facing the
    attacker (stage row 2 - pos, CR 3.6.5), OPTION k my clock row k (level up: the k-th card from the
    bottom, CR 9.3.2; clock rows are bottom first). PASS and the moves are free. The pointers keep
    their order and names of before the declared layouts (the attack block's is ``attacker``), which
    saved networks' query layout follows."""
    from dataclasses import replace

    from tcg_env.engine.blocks import RowPointer

    center = tuple(range(K.N_CENTER))
    second = {
        "attack": RowPointer("defender", K.ATTACK_BASE, "opp_stage", tuple(K.N_CENTER - 1 - i for i in center), 3),
        "option": RowPointer("level_up", K.OPTION_BASE, "my_clock", tuple(range(CLOCK_ROWS - 1))),
    }
    pointers = []
    for p in K.ACTIONS.pointers():
        pointers.append(replace(p, name="attacker") if p.name == "attack" else p)
        if p.name in second:
            pointers.append(second[p.name])
    rows = {b.name: b for b in OBS.row_blocks()}
    assert sorted(rows) == sorted(ENTITY_BLOCKS)
    return EntityLayout(OBS_SIZE, K.NUM_ACTIONS, tuple(rows[n] for n in ENTITY_BLOCKS), tuple(pointers)).check()
