"""Weiss Schwarz observations: one flat float32 vector per player with named views.

Honest about hidden information (CR 3.1.3): both decks, both stocks, the opponent's hand and
face-down cards appear only as counts. Public zones (stage, clock, level, climax area) are shown
for both players; the choice candidates (waiting-room cards, public) are shown to everyone.
Every column is listed by :func:`obs_columns` and documented in ``docs/weiss_schwarz/observations.md``.
"""

import numpy as np
from numba import njit

from tcg_env.engine.tables import card_table
from tcg_env.engine.header import H_DECIDER, H_DECISION, H_TURN
from tcg_env.engine.jit import internal
from tcg_env.engine.obsbuf import clear_rows_after, copy_card_row, zero_range
from tcg_env.games.weiss_schwarz import constants as K
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
RESTRICTION_NAMES = ["cant_attack", "cant_frontal_attack", "cant_side_attack", "cant_be_chosen", "cant_move",
                     "cant_encore"]
N_RESTRICTIONS = len(RESTRICTION_NAMES)
N_KEYWORDS = len(K.KEYWORD_BITS)
STAGE_EXTRA = ["stand", "rest", "reverse", "cur_power_div10000", "cur_soul_div3", "cur_level_div3",
               "is_attacking", "is_defending", "markers_div4",
               *[f"kw_{name}" for name in K.KEYWORD_BITS],  # its keywords now (KW_* bits, in bit order)
               *RESTRICTION_NAMES]
STAGE_KW = STAGE_EXTRA.index("kw_alarm")  # offsets in the stage columns (after the card columns)
STAGE_RST = STAGE_EXTRA.index(RESTRICTION_NAMES[0])
STAGE_FEATURES = CARD_FEATURES + len(STAGE_EXTRA)

_PLAYER_COLUMNS = ["deck_div50", "hand_div20", "waiting_room_div50", "clock_div7", "level_div4", "stock_div20",
                   "memory_div10", "refresh_point", "climax_in_area", *[f"has_color_{c.name.lower()}" for c in K.Color]]
GLOBAL_COLUMNS = [
    "is_decider",
    "is_turn_player",
    "is_first_player",
    *[f"phase_{p.name.lower()}" for p in K.Phase],
    *[f"attack_step_{st.name.lower()}" for st in K.AttackStep],
    *[f"decision_{d.name.lower()}" for d in K.Decision],
    "turn_div50",
    *[f"my_{c}" for c in _PLAYER_COLUMNS],
    *[f"opp_{c}" for c in _PLAYER_COLUMNS],
    *[f"attack_type_{t.name.lower()}" for t in K.AttackType],
    *[f"attacker_position_{i}" for i in range(K.N_CENTER)],
    "shot_armed",
    "counter_used",
    "attacks_this_turn_div3",
    *[f"trigger_icon_now_{t.name.lower()}" for t in K.TriggerIcon],
    "my_pending_autos_div4",
    "opp_pending_autos_div4",
    "my_waiting_room_climax_div8",
    "opp_waiting_room_climax_div8",
    # CR 3.1.3 / 3.2.2 / 3.10.2 / 3.7.2: my climax cards in the zones nobody may look at (deck,
    # stock, face-down markers), together: the deck list minus what I see. The deck alone would tell
    # whether a card that left the deck unseen (a pool trigger's card into the stock) was a climax.
    "my_hidden_climax_div8",
]
GLOBAL_USED = len(GLOBAL_COLUMNS)
GLOBAL_SIZE = 112
assert GLOBAL_USED <= GLOBAL_SIZE

OBS_GLOBAL = 0
OBS_MY_STAGE = GLOBAL_SIZE
OBS_OPP_STAGE = OBS_MY_STAGE + K.N_POSITIONS * STAGE_FEATURES
OBS_HAND = OBS_OPP_STAGE + K.N_POSITIONS * STAGE_FEATURES
OBS_MY_CLOCK = OBS_HAND + K.HAND_SLOTS * CARD_FEATURES
OBS_OPP_CLOCK = OBS_MY_CLOCK + CLOCK_ROWS * CARD_FEATURES
OBS_MY_LEVEL = OBS_OPP_CLOCK + CLOCK_ROWS * CARD_FEATURES
OBS_OPP_LEVEL = OBS_MY_LEVEL + LEVEL_ROWS * CARD_FEATURES
OBS_CLIMAX = OBS_OPP_LEVEL + LEVEL_ROWS * CARD_FEATURES  # my climax area, then the opponent's
OBS_CANDIDATES = OBS_CLIMAX + 2 * CARD_FEATURES
OBS_SIZE = OBS_CANDIDATES + K.OPTION_SLOTS * CARD_FEATURES

_G_PHASE = 3
_G_STEP = _G_PHASE + len(K.Phase)
_G_DEC = _G_STEP + len(K.AttackStep)
_G_TURN = _G_DEC + K.N_DECISIONS
_G_ME = _G_TURN + 1
_G_OPP = _G_ME + len(_PLAYER_COLUMNS)
_G_ATK = _G_OPP + len(_PLAYER_COLUMNS)
_G_ATKPOS = _G_ATK + len(K.AttackType)
_G_SHOT = _G_ATKPOS + K.N_CENTER
_G_ICON = _G_SHOT + 3
_G_PEND = _G_ICON + K.N_TRIGGER_ICONS
N_PLAYER_COLS = len(_PLAYER_COLUMNS)


def obs_columns() -> list[tuple[str, int, int]]:
    """(name, start, length) of each named view of the flat observation."""
    return [
        ("global", OBS_GLOBAL, GLOBAL_SIZE),
        ("my_stage", OBS_MY_STAGE, K.N_POSITIONS * STAGE_FEATURES),
        ("opp_stage", OBS_OPP_STAGE, K.N_POSITIONS * STAGE_FEATURES),
        ("hand", OBS_HAND, K.HAND_SLOTS * CARD_FEATURES),
        ("my_clock", OBS_MY_CLOCK, CLOCK_ROWS * CARD_FEATURES),
        ("opp_clock", OBS_OPP_CLOCK, CLOCK_ROWS * CARD_FEATURES),
        ("my_level", OBS_MY_LEVEL, LEVEL_ROWS * CARD_FEATURES),
        ("opp_level", OBS_OPP_LEVEL, LEVEL_ROWS * CARD_FEATURES),
        ("climax", OBS_CLIMAX, 2 * CARD_FEATURES),
        ("candidates", OBS_CANDIDATES, K.OPTION_SLOTS * CARD_FEATURES),
    ]


@internal
def _player_globals(s, q, out, o):
    out[o] = s[DECK_N + q] / 50.0
    out[o + 1] = s[HAND_N + q] / 20.0
    out[o + 2] = s[WR_N + q] / 50.0
    out[o + 3] = s[CLOCK_N + q] / 7.0
    out[o + 4] = s[LEVEL_N + q] / 4.0
    out[o + 5] = s[STOCK_N + q] / 20.0
    out[o + 6] = s[MEMORY_N + q] / 10.0
    out[o + 7] = s[REFRESH_POINT + q]
    out[o + 8] = 1.0 if s[CX_N + q] > 0 else 0.0
    # has_color_*: written by observe_into from the colours of the level and clock cards, which it
    # reads anyway to copy their rows


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
    n_candidates = min(s[CAND_N], K.OPTION_SLOTS) if (dk == K.Decision.CHOOSE_TARGET and s[H_DECIDER] == p) else 0
    clear_rows_after(out, OBS_CANDIDATES, K.OPTION_SLOTS, CARD_FEATURES, n_candidates, over_previous)
    tp = s[TURN_PLAYER]
    out[0] = 1.0 if s[H_DECIDER] == p else 0.0
    out[1] = 1.0 if tp == p else 0.0
    out[2] = 1.0 if s[FIRST_PLAYER] == p else 0.0
    out[_G_PHASE + s[PHASE]] = 1.0
    out[_G_STEP + s[STEP]] = 1.0
    out[_G_DEC + s[H_DECISION]] = 1.0
    out[_G_TURN] = s[H_TURN] / 50.0
    _player_globals(s, p, out, _G_ME)
    _player_globals(s, o, out, _G_OPP)
    out[_G_ATK + s[ATK_TYPE]] = 1.0
    if s[ATK_SLOT] >= 0 and 0 <= s[ATK_POS] < 3:
        out[_G_ATKPOS + s[ATK_POS]] = 1.0
    out[_G_SHOT] = s[SHOT_ARMED]
    out[_G_SHOT + 1] = s[COUNTER_USED]
    out[_G_SHOT + 2] = s[ATTACKS_DONE] / 3.0
    if dk == K.Decision.TRIGGER_OPTION or (dk == K.Decision.CHOOSE_TARGET and s[DEC_ARG + 1] == K.ChoiceFor.TRIGGER_ICON):
        out[_G_ICON + s[DEC_ARG]] = 1.0
    out[_G_PEND] = s[PT_N + p] / 4.0
    out[_G_PEND + 1] = s[PT_N + o] / 4.0
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
        out[_G_PEND + 2 + side] = n_wr / 8.0
        if side == 0:
            out[_G_PEND + 4] = n_hidden / 8.0
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
            e = r + CARD_FEATURES
            out[e + s[ORIENT + b]] = 1.0
            out[e + 3] = s[D_POWER + b] / 10000.0
            out[e + 4] = s[D_SOUL + b] / 3.0
            out[e + 5] = s[D_LEVEL + b] / 3.0
            out[e + 6] = 1.0 if sl == s[ATK_SLOT] else 0.0
            out[e + 7] = 1.0 if sl == s[DEF_SLOT] else 0.0
            out[e + 8] = s[MARKER_N + q * K.N_POSITIONS + pos] / 4.0
            # CR 3.1.3: the stage is public, and so is what a character has now: its keywords and
            # restrictions as the rules read them (the derived D_KW / D_RST: printed, granted until
            # the end of the turn, and from continuous abilities, characteristics.refresh_derived); the
            # row was zeroed above, so only the set bits are written
            kw = s[D_KW + b]
            rst = s[D_RST + b]
            if kw != 0:
                for k in range(N_KEYWORDS):
                    out[e + STAGE_KW + k] = (kw >> k) & 1
            if rst != 0:
                for k in range(N_RESTRICTIONS):
                    out[e + STAGE_RST + k] = (rst >> k) & 1
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
        g = (_G_ME if side == 0 else _G_OPP) + 9
        for c in range(K.N_COLORS):
            if (colors >> c) & 1:
                out[g + c] = 1.0
        if s[CX_N + q] > 0:
            copy_card_row(out, OBS_CLIMAX + side * CARD_FEATURES, T,
                          s[CARD + s[CX_L + q * K.MAX_DECK + s[CX_N + q] - 1] * CARD_W], CARD_FEATURES)
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


def entity_layout():
    """The card-row blocks of the observation and the actions that point at their rows
    (:class:`tcg_env.spec.EntityLayout`; ``docs/weiss_schwarz/actions.md``).

    HAND i and PLAY i,pos name hand row i (PLAY: its use for position pos); OWN_STAGE pos and
    ABILITY pos,j my stage row pos; OPP_STAGE pos the opponent's stage row pos; ATTACK pos,t my
    center character pos and the opponent's character facing it (stage row 2 - pos, CR 3.6.5);
    OPTION k candidate row k (a target choice) and my clock row k (level up: the k-th card from the
    bottom, CR 9.3.2; clock rows are bottom first). PASS and the moves are free."""
    from tcg_env.spec import EntityLayout, RowBlock, RowPointer

    center = tuple(range(K.N_CENTER))
    return EntityLayout(
        obs_size=OBS_SIZE,
        num_actions=K.NUM_ACTIONS,
        blocks=(
            RowBlock("hand", OBS_HAND, K.HAND_SLOTS, CARD_FEATURES),
            RowBlock("my_stage", OBS_MY_STAGE, K.N_POSITIONS, STAGE_FEATURES),
            RowBlock("opp_stage", OBS_OPP_STAGE, K.N_POSITIONS, STAGE_FEATURES),
            RowBlock("candidates", OBS_CANDIDATES, K.OPTION_SLOTS, CARD_FEATURES),
            RowBlock("my_clock", OBS_MY_CLOCK, CLOCK_ROWS, CARD_FEATURES),
        ),
        pointers=(
            RowPointer("hand", K.HAND_BASE, "hand", tuple(range(K.HAND_SLOTS))),
            RowPointer("play", K.PLAY_BASE, "hand", tuple(range(K.HAND_SLOTS)), K.N_POSITIONS),
            RowPointer("own_stage", K.OWN_STAGE_BASE, "my_stage", tuple(range(K.N_POSITIONS))),
            RowPointer("opp_stage", K.OPP_STAGE_BASE, "opp_stage", tuple(range(K.N_POSITIONS))),
            RowPointer("ability", K.ABILITY_BASE, "my_stage", tuple(range(K.N_POSITIONS)), K.ABILITIES_PER_CARD),
            RowPointer("attacker", K.ATTACK_BASE, "my_stage", center, 3),
            RowPointer("defender", K.ATTACK_BASE, "opp_stage", tuple(K.N_CENTER - 1 - i for i in center), 3),
            RowPointer("option", K.OPTION_BASE, "candidates", tuple(range(K.OPTION_SLOTS))),
            RowPointer("level_up", K.OPTION_BASE, "my_clock", tuple(range(CLOCK_ROWS - 1))),
        ),
    ).check()
