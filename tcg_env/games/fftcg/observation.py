"""FF-TCG observations: one flat float32 vector per player with named views.

Honest about hidden information (DESIGN.md): the opponent's hand and both decks appear only as
counts; SELECT_CARD candidates (cards of your own deck you are searching) are written only for the
player who decides. Every column is listed by :func:`obs_columns` and documented in
``docs/fftcg/observations.md``.
"""

from numba import njit

from tcg_env.engine.tables import card_table
from tcg_env.engine.jit import internal
from tcg_env.engine.obsbuf import clear_block, clear_rows_after, copy_card_row, zero_range

from tcg_env.engine.header import H_DECIDER, H_DECISION, H_TURN, H_VARIANT
from tcg_env.engine.triggers import PE_SLOT, pending_entry
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import (
    EK_SUMMON,
    FIELD_SLOTS,
    HAND_SLOTS,
    KW_BRAVE,
    KW_FIRST_STRIKE,
    KW_HASTE,
    MAX_DECK,
    OPTION_SLOTS,
    RESTRICT_CANT_ATTACK,
    RESTRICT_CANT_BLOCK,
)
from tcg_env.games.fftcg.state import (
    CARD_W,
    ASSIGN_LEFT,
    ATK_L,
    ATK_N,
    BLOCK_DECLARED,
    BLOCKER,
    BREAK_N,
    CAND,
    CAND_N,
    CARD,
    CTRL_TURN,
    D_COUNTS,
    D_KW,
    D_POWER,
    D_RST,
    DAMAGE_N,
    DECK_N,
    DMG,
    DULL,
    E_CARD,
    E_CTRL,
    E_KIND,
    E_REGN,
    ENTRY_W,
    FIELD_L,
    FIELD_N,
    FIRST_PLAYER,
    FROZEN,
    HAND_L,
    HAND_N,
    OWNER,
    PASSES,
    PAY_COST,
    PAY_ELEM,
    PAY_HAS_ELEM,
    PAY_KIND,
    PAY_PAID,
    PHASE,
    PRIORITY_PLAYER,
    REMOVED_N,
    STACK,
    STACK_N,
    STEP,
    TURN_PLAYER,
    ZONE,
)

CARD_FEATURES = K.CARD_OBS_FEATURES  # per card row (hand, own field, opponent field): 26
STACK_ROWS = 4
ENTRY_FEATURES = 8
OPTION_FEATURES = 8
GLOBAL_SIZE = 64
OBS_GLOBAL = 0
OBS_HAND = GLOBAL_SIZE
OBS_OWN_FIELD = OBS_HAND + K.HAND_SLOTS * CARD_FEATURES
OBS_OPP_FIELD = OBS_OWN_FIELD + K.FIELD_SLOTS * CARD_FEATURES
OBS_STACK = OBS_OPP_FIELD + K.FIELD_SLOTS * CARD_FEATURES
OBS_OPTIONS = OBS_STACK + STACK_ROWS * ENTRY_FEATURES
OBS_SIZE = OBS_OPTIONS + K.OPTION_SLOTS * OPTION_FEATURES


GLOBAL_COLUMNS = [
    "is_decider",
    "is_turn_player",
    "is_first_player",
    *[f"phase_{p.name.lower()}" for p in K.Phase],
    *[f"attack_step_{st.name.lower()}" for st in K.AttackStep],
    *[f"decision_{d.name.lower()}" for d in K.Decision],
    "turn_div20",
    "my_damage_div7",
    "opp_damage_div7",
    "my_deck_div50",
    "opp_deck_div50",
    "my_hand_div10",
    "opp_hand_div10",
    "my_break_div50",
    "opp_break_div50",
    "my_removed_div10",
    "opp_removed_div10",
    "stack_size_div8",
    "cp_left_to_pay_div10",
    "cp_element_still_needed",
    "consecutive_passes",
    "my_backups_div5",
    "opp_backups_div5",
    "my_forwards_div8",
    "opp_forwards_div8",
    "party_damage_left_div10000",
    "limited_variant",
    "i_have_priority",
    "attackers_div5",
    "attack_blocked",
    "priority_player_is_me",
    *[f"cp_element_{e.name.lower()}" for e in K.Element],
]
assert len(GLOBAL_COLUMNS) == GLOBAL_SIZE, len(GLOBAL_COLUMNS)
CARD_COLUMNS = [
    "present",
    *[f"element_{e.name.lower()}" for e in K.Element],
    "type_forward",
    "type_backup",
    "type_summon",
    "cost_div10",
    "power_div10000",
    "damage_div10000",
    "dull",
    "frozen",
    "haste",
    "brave",
    "first_strike",
    "ready",
    "attacking",
    "blocking",
    "cant_attack",
    "cant_block",
    "card_id_plus1",
]
assert len(CARD_COLUMNS) == CARD_FEATURES
ENTRY_COLUMNS = ["present", "mine", "is_summon", "card_id_plus1", "element", "cost_div10", "targets0", "targets1"]
OPTION_COLUMNS = ["present", "card_id_plus1", "element", "type", "cost_div10", "power_div10000", "mine", "zone"]


def obs_columns() -> list[tuple[str, int, int]]:
    """(name, start, length) of every named view of the flat vector."""
    return [
        ("global", OBS_GLOBAL, GLOBAL_SIZE),
        ("hand", OBS_HAND, HAND_SLOTS * CARD_FEATURES),
        ("own_field", OBS_OWN_FIELD, FIELD_SLOTS * CARD_FEATURES),
        ("opp_field", OBS_OPP_FIELD, FIELD_SLOTS * CARD_FEATURES),
        ("stack", OBS_STACK, STACK_ROWS * ENTRY_FEATURES),
        ("options", OBS_OPTIONS, OPTION_SLOTS * OPTION_FEATURES),
    ]


@njit(cache=True)
def observe_row(game, s, T, player, out):
    """Write ``player``'s observation into ``out[:OBS_SIZE]`` (any previous content of ``out`` is
    overwritten)."""
    observe_into(game, s, T, player, out, False)


@internal
def observe_into(game, s, T, player, out, over_previous):
    """``observe_row``; with ``over_previous`` True, ``out`` must hold an observation written by
    this function (of any state or player) and only the rows that may be non-zero are cleared
    (``engine.obsbuf``: random play uses this from a row's second decision of a call on, when
    ``out`` holds what it wrote at the one before; the vector is the same, bit for bit, tested)."""
    cards = card_table(T)
    zero_range(out, OBS_GLOBAL, OBS_HAND)
    me = player
    op = 1 - player
    decider = s[H_DECIDER]
    dec = s[H_DECISION]
    g = OBS_GLOBAL
    out[g + 0] = 1.0 if decider == me else 0.0
    out[g + 1] = 1.0 if s[TURN_PLAYER] == me else 0.0
    out[g + 2] = 1.0 if s[FIRST_PLAYER] == me else 0.0
    out[g + 3 + s[PHASE]] = 1.0
    out[g + 10 + s[STEP]] = 1.0
    out[g + 15 + dec] = 1.0
    out[g + 31] = s[H_TURN] / 20.0
    out[g + 32] = s[DAMAGE_N + me] / 7.0
    out[g + 33] = s[DAMAGE_N + op] / 7.0
    out[g + 34] = s[DECK_N + me] / 50.0
    out[g + 35] = s[DECK_N + op] / 50.0
    out[g + 36] = s[HAND_N + me] / 10.0
    out[g + 37] = s[HAND_N + op] / 10.0
    out[g + 38] = s[BREAK_N + me] / 50.0
    out[g + 39] = s[BREAK_N + op] / 50.0
    out[g + 40] = s[REMOVED_N + me] / 10.0
    out[g + 41] = s[REMOVED_N + op] / 10.0
    out[g + 42] = s[STACK_N] / 8.0
    if s[PAY_KIND] != 0:
        out[g + 43] = (s[PAY_COST] - s[PAY_PAID]) / 10.0
        out[g + 44] = 1.0 if s[PAY_HAS_ELEM] == 0 else 0.0
        if s[PAY_ELEM] >= 0 and s[PAY_HAS_ELEM] == 0:
            out[g + 56 + s[PAY_ELEM]] = 1.0
    out[g + 45] = s[PASSES]
    out[g + 46] = s[D_COUNTS + me * 3 + 1] / 5.0
    out[g + 47] = s[D_COUNTS + op * 3 + 1] / 5.0
    out[g + 48] = s[D_COUNTS + me * 3] / 8.0
    out[g + 49] = s[D_COUNTS + op * 3] / 8.0
    out[g + 50] = s[ASSIGN_LEFT] / 10000.0
    out[g + 51] = 1.0 if s[H_VARIANT] == K.VARIANT_LIMITED else 0.0
    out[g + 52] = 1.0 if (dec == K.Decision.PRIORITY and decider == me) else 0.0
    out[g + 53] = s[ATK_N] / 5.0
    out[g + 54] = 1.0 if s[BLOCK_DECLARED] != 0 else 0.0
    out[g + 55] = 1.0 if s[PRIORITY_PLAYER] == me else 0.0
    # own hand (the opponent's hand is hidden: only its count above)
    nh = min(s[HAND_N + me], HAND_SLOTS)
    # card rows: a card's static columns (present, element, type, cost, printed power and
    # keywords, id + 1: the pool's obs_features row) are copied whole from the obs_rows table of T
    # in one fixed-size copy (engine.obsbuf.copy_card_row), then a field card's dynamic columns are
    # written over them; since the copy writes every column, only the rows past the written ones
    # need clearing. Writing the static columns one by one (a store, and mostly an int -> float
    # conversion and a division, per column) and zeroing the rows first cost ~70 more TSC cycles
    # per decision: an observation took 425-460 cycles in random play, 355-370 with the copy
    # (2026-11-25; an earlier copy through a numpy slice with a run-time stride was slower than
    # the stores: the copy's size must be a compile-time constant).
    costred = s[D_COUNTS + me * 3 + 2] != 0
    clear_rows_after(out, OBS_HAND, HAND_SLOTS, CARD_FEATURES, nh, over_previous)
    clear_rows_after(out, OBS_OWN_FIELD, FIELD_SLOTS, CARD_FEATURES, s[FIELD_N + me], over_previous)
    clear_rows_after(out, OBS_OPP_FIELD, FIELD_SLOTS, CARD_FEATURES, s[FIELD_N + op], over_previous)
    for i in range(nh):
        slot = s[HAND_L + me * MAX_DECK + i]
        o = OBS_HAND + i * CARD_FEATURES
        copy_card_row(out, o, T, s[CARD + slot * CARD_W], CARD_FEATURES)
        if costred:
            out[o + 12] = game.current_cost(s, T, me, slot) / 10.0
    for q in range(2):
        base = OBS_OWN_FIELD if q == 0 else OBS_OPP_FIELD
        who = me if q == 0 else op
        nf = s[FIELD_N + who]
        for i in range(nf):
            slot = s[FIELD_L + who * FIELD_SLOTS + i]
            o = base + i * CARD_FEATURES
            copy_card_row(out, o, T, s[CARD + slot * CARD_W], CARD_FEATURES)
            out[o + 13] = s[D_POWER + slot * CARD_W] / 10000.0
            out[o + 14] = s[DMG + slot * CARD_W] / 10000.0
            out[o + 15] = s[DULL + slot * CARD_W] != 0
            out[o + 16] = s[FROZEN + slot * CARD_W] != 0
            kw = s[D_KW + slot * CARD_W]
            out[o + 17] = (kw & KW_HASTE) != 0
            out[o + 18] = (kw & KW_BRAVE) != 0
            out[o + 19] = (kw & KW_FIRST_STRIKE) != 0
            out[o + 20] = s[CTRL_TURN + slot * CARD_W] < s[H_TURN] or (kw & KW_HASTE) != 0
            # CR 7.6: a card on the field is public, and so is what it cannot do now (the derived
            # restrictions the rules read: battle.can_attack / can_block)
            rst = s[D_RST + slot * CARD_W]
            out[o + 23] = (rst & RESTRICT_CANT_ATTACK) != 0
            out[o + 24] = (rst & RESTRICT_CANT_BLOCK) != 0
    # attackers and blocker (CR 10.1.2.4 / 10.1.3.2), outside the Attack Phase's battles none
    for q in range(2 if s[ATK_N] > 0 or s[BLOCKER] >= 0 else 0):
        base = OBS_OWN_FIELD if q == 0 else OBS_OPP_FIELD
        who = me if q == 0 else op
        for i in range(s[FIELD_N + who]):
            slot = s[FIELD_L + who * FIELD_SLOTS + i]
            for k in range(s[ATK_N]):
                if s[ATK_L + k] == slot:
                    out[base + i * CARD_FEATURES + 21] = 1.0
            if s[BLOCKER] == slot:
                out[base + i * CARD_FEATURES + 22] = 1.0
    # stack, top first (public zone, CR 7.12.2)
    n = s[STACK_N]
    clear_block(out, OBS_STACK, STACK_ROWS, ENTRY_FEATURES, min(n, STACK_ROWS), over_previous)
    for k in range(min(n, STACK_ROWS)):
        e = STACK + (n - 1 - k) * ENTRY_W
        o = OBS_STACK + k * ENTRY_FEATURES
        cid = s[e + E_CARD]
        out[o] = 1.0
        out[o + 1] = 1.0 if s[e + E_CTRL] == me else 0.0
        out[o + 2] = 1.0 if s[e + E_KIND] == EK_SUMMON else 0.0
        out[o + 3] = cid + 1.0
        if cid >= 0:
            out[o + 4] = cards[cid, K.C_ELEMENT]
            out[o + 5] = cards[cid, K.C_COST] / 10.0
        out[o + 6] = s[e + E_REGN]
        out[o + 7] = s[e + E_REGN + 1]
    # options of the pending choice, for its decider only
    has_options = dec == K.Decision.SELECT_CARD or dec == K.Decision.ORDER_TRIGGERS
    n_options = s[CAND_N] if decider == me and has_options else 0
    clear_block(out, OBS_OPTIONS, OPTION_SLOTS, OPTION_FEATURES, n_options, over_previous)
    for k in range(n_options):
        if dec == K.Decision.SELECT_CARD:
            slot = s[CAND + k]
        else:
            slot = s[pending_entry(game, s, me, s[CAND + k]) + PE_SLOT]
        cid = s[CARD + slot * CARD_W]
        o = OBS_OPTIONS + k * OPTION_FEATURES
        out[o] = 1.0
        out[o + 1] = cid + 1.0
        out[o + 2] = cards[cid, K.C_ELEMENT]
        out[o + 3] = cards[cid, K.C_TYPE]
        out[o + 4] = cards[cid, K.C_COST] / 10.0
        out[o + 5] = cards[cid, K.C_POWER] / 10000.0
        out[o + 6] = 1.0 if s[OWNER + slot * CARD_W] == me else 0.0
        out[o + 7] = s[ZONE + slot * CARD_W]


def entity_layout():
    """The card-row blocks of the observation and the actions that point at their rows
    (:class:`tcg_env.spec.EntityLayout`; ``docs/fftcg/actions.md``): HAND i, FIELD i and ABILITY
    i,j name own hand / field row i, OPP_FIELD i the opponent's field row i, OPTION k option row k.
    PASS is free. The stack rows are context only (no action names them)."""
    from tcg_env.spec import EntityLayout, RowBlock, RowPointer

    hs, fs, os_ = range(HAND_SLOTS), range(FIELD_SLOTS), range(OPTION_SLOTS)
    return EntityLayout(
        obs_size=OBS_SIZE,
        num_actions=K.NUM_ACTIONS,
        blocks=(
            RowBlock("hand", OBS_HAND, HAND_SLOTS, CARD_FEATURES),
            RowBlock("own", OBS_OWN_FIELD, FIELD_SLOTS, CARD_FEATURES),
            RowBlock("opp", OBS_OPP_FIELD, FIELD_SLOTS, CARD_FEATURES),
            RowBlock("opt", OBS_OPTIONS, OPTION_SLOTS, OPTION_FEATURES),
        ),
        # in this order the queries are those of the network before the layout was generic
        # (policy.pt files of that time load unchanged): hand, field card, its 2 abilities, opponent, option
        pointers=(
            RowPointer("hand", K.HAND_BASE, "hand", tuple(hs)),
            RowPointer("field", K.OWN_FIELD_BASE, "own", tuple(fs)),
            RowPointer("ability", K.ABILITY_BASE, "own", tuple(fs), K.ABILITIES_PER_CARD),
            RowPointer("opp_field", K.OPP_FIELD_BASE, "opp", tuple(fs)),
            RowPointer("option", K.OPTION_BASE, "opt", tuple(os_)),
        ),
    ).check()
