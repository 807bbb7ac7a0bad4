"""FF-TCG 2014 observations: FF-TCG's (``tcg_env.games.fftcg.observation``, its columns at the same
offsets) followed by this variant's blocks: what the pending question is about (``Ask``), and per
hand and field row the 2014 card types, the party icon, Flash / Blue Magic, and on the field what
an Item equips (the row of its character on the same field, + 1), Junction and Overdrive.
Everything here is public but the hand rows, which only their owner sees (2014 CR 7.7, 7.16.2).
Documented in docs/fftcg_2014/observations.md."""

from copy import deepcopy

from numba import njit

from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.obsbuf import zero_range
from tcg_env.engine.tables import card_table
from tcg_env.games.fftcg.observation import OBS as OBS_2016
from tcg_env.games.fftcg.observation import entity_layout as entity_layout_2016
from tcg_env.games.fftcg.observation import observe_into as base_observe_into
from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014.constants import FIELD_SLOTS, HAND_SLOTS, KW_PARTY, MAX_DECK
from tcg_env.games.fftcg_2014.state import (ASK, ASK_ARG, CARD, CARD_W, EQUIPS, FIELD_L, FIELD_N, HAND_L, HAND_N,
                                            OVERDRIVEN, X_W)

TYPE_COLUMNS = ["type_monster", "type_weapon", "type_armor", "type_accessory", "type_formation", "party_icon",
                "hand_ability"]
FIELD_COLUMNS = [*TYPE_COLUMNS, "equips_row_plus1_div16", "junctioned", "overdrive_paid"]
OBS = deepcopy(OBS_2016)
OBS.game = "fftcg_2014"
ASK_BLOCK = OBS.add("ask", [f"ask_{a.name.lower()}" for a in K.Ask] + ["ask_combination_name_index"],
                    doc="what the pending question is about (`Ask`; `none`: FF-TCG's own meaning)")
HAND_2014 = OBS.add("hand_2014", TYPE_COLUMNS, rows=HAND_SLOTS, doc="the 2014 columns of your hand rows")
OWN_2014 = OBS.add("own_field_2014", FIELD_COLUMNS, rows=FIELD_SLOTS, doc="the 2014 columns of your field rows")
OPP_2014 = OBS.add("opp_field_2014", FIELD_COLUMNS, rows=FIELD_SLOTS,
                   doc="the 2014 columns of your opponent's field rows")
OBS_SIZE = OBS.size
EXTRA = ASK_BLOCK.base
OBS_HAND_2014, OBS_OWN_2014, OBS_OPP_2014 = HAND_2014.base, OWN_2014.base, OPP_2014.base
N_TYPE_COLUMNS, N_FIELD_COLUMNS = len(TYPE_COLUMNS), len(FIELD_COLUMNS)
N_ASKS = len(K.Ask)
R_EQUIPS = N_TYPE_COLUMNS


def entity_layout():
    """FF-TCG's card-row blocks and pointers (at the same offsets) over this observation's size: the
    2014 blocks after them are context for the pointer-head network, as FF-TCG's other columns."""
    from dataclasses import replace

    return replace(entity_layout_2016(), obs_size=OBS_SIZE).check()


@internal
def card_columns(T, cid, out, o):
    cards = card_table(T)
    t = cards[cid, K.C_TYPE]
    if t >= K.CardType.MONSTER:
        out[o + t - K.CardType.MONSTER] = 1.0
    out[o + 5] = 1.0 if (cards[cid, K.C_KEYWORDS] & KW_PARTY) != 0 else 0.0
    out[o + 6] = 1.0 if cards[cid, K.C_HAND_ABILITY] >= 0 else 0.0


@njit(cache=True)
def observe_row(game, s, T, player, out):
    observe_into(game, s, T, player, out, False)


@internal
def observe_into(game, s, T, player, out, over_previous):
    base_observe_into(game, s, T, player, out, over_previous)
    zero_range(out, EXTRA, OBS_SIZE)
    out[EXTRA + s[ASK]] = 1.0
    out[EXTRA + N_ASKS] = s[ASK_ARG]
    for i in range(min(s[HAND_N + player], HAND_SLOTS)):
        card_columns(T, s[CARD + s[HAND_L + player * MAX_DECK + i] * CARD_W], out, OBS_HAND_2014 + i * N_TYPE_COLUMNS)
    for q in range(2):
        who = player if q == 0 else 1 - player
        base = OBS_OWN_2014 if q == 0 else OBS_OPP_2014
        n = s[FIELD_N + who]
        for i in range(n):
            slot = s[FIELD_L + who * FIELD_SLOTS + i]
            o = base + i * N_FIELD_COLUMNS
            card_columns(T, s[CARD + slot * CARD_W], out, o)
            held = s[EQUIPS + slot * X_W] - 1
            for j in range(n if held >= 0 else 0):
                if s[FIELD_L + who * FIELD_SLOTS + j] == held:
                    out[o + R_EQUIPS] = (j + 1) / 16.0
            out[o + R_EQUIPS + 1] = 1.0 if game.condition_holds(s, T, K.Condition.JUNCTIONED, 0, who, slot) else 0.0
            out[o + R_EQUIPS + 2] = 1.0 if s[OVERDRIVEN + slot * X_W] != 0 else 0.0
