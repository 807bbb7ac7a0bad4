"""What a player sees (3-1-3): a flat float32 vector of named blocks, declared once (``OBS``).

Open areas are shown card by card; the hands, decks and Life Areas as counts only, except the
observer's own hand (3-3-2). A player does not see its own Life cards (3-9-2). Card rows copy a
card's static columns from the pool's ``obs_rows`` table (cards.py), then write its state now."""

import numpy as np

from tcg_env.engine.blocks import ObsLayout, WordColumns
from tcg_env.engine.header import H_DECIDER, H_DECISION, H_TURN
from tcg_env.engine.jit import internal
from tcg_env.engine.obsbuf import columns_writer, copy_card_row, zone_rows_writer
from tcg_env.engine.tables import card_table
from tcg_env.engine.triggers import PE_SLOT, pending_entry
from tcg_env.engine.zones import zone_offsets
from tcg_env.games.dbscg.constants import (
    ACTIONS, C_COLOURS, C_KEYWORDS, C_POWER, C_TYPE, CAND_N, CardType, CARD_STATIC, CHASE_MAX, FIELD_SLOTS, HAND_SLOTS, N_COLOURS, Colour, Decision, Keyword,
    Zone,
)
from tcg_env.games.dbscg.state import (
    ATTACKER, CAND, CAND_COUNT, CARD, CARD_W, OWNER, USED, CHASE, CHASE_COUNT, CHASE_ENTRY_W, E_CARD, FLAG_EVOLVED, FLAG_REDRAW, FLAGS, GUARD,
    PENDING_COUNT, PHASE, PLAYING, REALMS, RESTED, TURN_PLAYER, WINDOW_EVENT, ZONE, ZONES, ZT, Phase,
)

COMBO_ROWS = 4
DROP_ROWS = 4  # the Drop Areas' top cards (3-4-2: open areas)
# the keywords a card has now beyond blocker_now / critical_now / strike_now: printed (the static columns
# hold the printed ones of the first five), granted by an effect (8-8-1-4) or by its [Permanent] skills
# while their conditions hold ("this card cannot be KO-ed in battle"): public (3-1-3), and what the
# rules read (turn.keywords_of)
NOW_KEYWORDS = (Keyword.DUAL_ATTACK, Keyword.BARRIER, Keyword.DEFLECT, Keyword.INDESTRUCTIBLE, Keyword.REVENGE,
                Keyword.ATTACKS_ACTIVE, Keyword.NO_BATTLE_ATTACK, Keyword.NO_BATTLE_KO, Keyword.NO_OPP_SKILL_KO)
CARD_COLUMNS = (*CARD_STATIC, "power_now", "rested", "attacking", "guarding", "evolved", "blocker_now",
                "critical_now", "strike_now", "put_back", *[f"{k.name.lower()}_now" for k in NOW_KEYWORDS],
                "cost_now", "once_per_turn_used")
N_STATIC = len(CARD_STATIC)

GLOBALS = WordColumns()
GLOBALS.is_player("my_turn", TURN_PLAYER)
GLOBALS.is_player("deciding", H_DECIDER)
GLOBALS.onehot("decision", H_DECISION, Decision)
GLOBALS.onehot("phase", PHASE, Phase)
GLOBALS.scaled("turn_div20", H_TURN, 20)
for z, scale in ((Zone.DECK, 50), (Zone.HAND, 10), (Zone.DROP, 50), (Zone.LIFE, 8), (Zone.ENERGY, 10),
                 (Zone.BATTLE, 9), (Zone.COMBO, 5), (Zone.WARP, 50)):
    GLOBALS.pair(z.name.lower(), ZONES.lists[z][1], scale)
GLOBALS.pair("over_realms", REALMS)
GLOBALS.players([(f"active_{c.name.lower()}_energy", None, 1) for c in Colour]
                + [(f"{c.name.lower()}_energy", None, 1) for c in Colour])
GLOBALS.written("counter_timing_play", "counter_timing_attack", "counters_activated")
write_globals = columns_writer(GLOBALS, "write_globals")

OBS = ObsLayout("dbscg")
GLOBAL = OBS.add("global", GLOBALS.names, doc="turn, decision, phase, area counts, energy by colour (/ 10)")
HAND_ROWS = OBS.add("hand", CARD_COLUMNS, rows=HAND_SLOTS, cards=True, doc="my hand, in list order")
MY_FIELD = OBS.add("my_field", CARD_COLUMNS, rows=FIELD_SLOTS, cards=True, doc="my Leader, then my Battle Area")
OPP_FIELD = OBS.add("opp_field", CARD_COLUMNS, rows=FIELD_SLOTS, cards=True,
                    doc="the opponent's Leader, then its Battle Area")
MY_COMBO = OBS.add("my_combo", CARD_COLUMNS, rows=COMBO_ROWS, cards=True, doc="my Combo Area")
OPP_COMBO = OBS.add("opp_combo", CARD_COLUMNS, rows=COMBO_ROWS, cards=True, doc="the opponent's Combo Area")
MY_DROP = OBS.add("my_drop", CARD_COLUMNS, rows=DROP_ROWS, cards=True, doc="my Drop Area, the top card first")
OPP_DROP = OBS.add("opp_drop", CARD_COLUMNS, rows=DROP_ROWS, cards=True,
                   doc="the opponent's Drop Area, the top card first")
PLAYING_ROWS = OBS.add("playing", CARD_COLUMNS, rows=1 + CHASE_MAX, cards=True,
                       doc="the card being played, then the [Counter] cards activated, first first")
CAND_ROWS = OBS.add("candidates", CARD_COLUMNS, rows=CAND_N, cards=True,
                    doc="the decider's choices: SELECT's candidates, ORDER_AUTO's pending skills' cards")
OBS_SIZE = OBS.size
G, W = GLOBAL.base, len(CARD_COLUMNS)
HAND_O, MY_FIELD_O, OPP_FIELD_O, MY_COMBO_O, OPP_COMBO_O = (HAND_ROWS.base, MY_FIELD.base, OPP_FIELD.base,
                                                            MY_COMBO.base, OPP_COMBO.base)
PLAYING_O, CAND_O, MY_DROP_O, OPP_DROP_O = PLAYING_ROWS.base, CAND_ROWS.base, MY_DROP.base, OPP_DROP.base
POWER_NOW = N_STATIC
KW_NOW = CARD_COLUMNS.index("dual_attack_now")  # + i: NOW_KEYWORDS[i]
NOW_KEYWORD_BITS = np.array([int(k) for k in NOW_KEYWORDS], np.int64)  # (the kernels' copy)
STATIC_COST = CARD_STATIC.index("cost")
COST_NOW = CARD_COLUMNS.index("cost_now")
ONCE_USED = CARD_COLUMNS.index("once_per_turn_used")
G_ENERGY = GLOBALS.names.index("my_active_red_energy")
G_COUNTER = GLOBALS.names.index("counter_timing_play")
N_GLOBAL = len(GLOBALS.names)


def entity_layout():
    """The card-row blocks and the actions that point at their rows (``ACTIONS``' ``points_at``)."""
    return OBS.entity_layout(ACTIONS)


@internal
def card_row(game, s, T, player, slot, obs, o):
    """A card's row: its static columns from the pool, then its state now."""
    cid = s[CARD + slot * CARD_W]
    copy_card_row(obs, o, T, cid, N_STATIC)
    w = slot * CARD_W
    z = s[ZONE + w]
    if z == Zone.BATTLE or z == Zone.LEADER or z == Zone.COMBO:
        kw, power = game.keywords_of(s, T, slot), game.power_of(s, T, slot)
    else:  # out of play the printed values hold (2-12-2; effects end when a card moves, 8-8-1-4)
        kw, power = card_table(T)[cid, C_KEYWORDS], card_table(T)[cid, C_POWER]
    obs[o + POWER_NOW] = power / 10000.0
    obs[o + POWER_NOW + 1] = s[RESTED + w]
    obs[o + POWER_NOW + 2] = 1.0 if s[ATTACKER] == slot else 0.0
    obs[o + POWER_NOW + 3] = 1.0 if s[GUARD] == slot else 0.0
    obs[o + POWER_NOW + 4] = 1.0 if s[FLAGS + w] & FLAG_EVOLVED else 0.0
    obs[o + POWER_NOW + 5] = (kw >> Keyword.BLOCKER) & 1
    obs[o + POWER_NOW + 6] = (kw >> Keyword.CRITICAL) & 1
    obs[o + POWER_NOW + 7] = game.strike_of(s, T, slot, kw) / 3.0
    obs[o + POWER_NOW + 8] = 1.0 if s[FLAGS + w] & FLAG_REDRAW else 0.0  # 5-2-1-6: chosen to go back
    for i in range(NOW_KEYWORD_BITS.shape[0]):
        obs[o + KW_NOW + i] = (kw >> NOW_KEYWORD_BITS[i]) & 1
    # the energy cost to play it now: a Battle Card in its owner's hand less its own [Permanent]
    # "reduce the energy cost of this card in your hand by X" while it holds (play.hand_play_cost, 2-11);
    # elsewhere the printed cost (the static `cost`)
    if z == Zone.HAND and card_table(T)[cid, C_TYPE] == CardType.BATTLE:
        obs[o + COST_NOW] = game.hand_play_cost(s, T, s[OWNER + w], slot) / 10.0
    else:
        obs[o + COST_NOW] = obs[o + STATIC_COST]
    # its [Once per Turn] skills (10-11) used this turn (state.USED, a bit per skill): the use was public
    used = s[USED + w]
    n = 0
    while used != 0:
        used &= used - 1
        n += 1
    obs[o + ONCE_USED] = n


zone_rows = zone_rows_writer(card_row, W, 0, "zone_rows")


@internal
def write_energy(s, T, me, obs):
    """Energy by colour (a multicoloured card counts in each), Active and all, mine then the opponent's."""
    cards = card_table(T)
    for side in range(2):
        q = me if side == 0 else 1 - me
        n_off, l_off = zone_offsets(ZT, Zone.ENERGY, q)
        for i in range(s[n_off]):
            e = s[l_off + i]
            m = cards[s[CARD + e * CARD_W], C_COLOURS]
            for c in range(N_COLOURS):
                if (m >> c) & 1:
                    o = G + G_ENERGY + side * 2 * N_COLOURS + c
                    obs[o + N_COLOURS] += 0.1
                    if s[RESTED + e * CARD_W] == 0:
                        obs[o] += 0.1


@internal
def observe_into(game, s, T, player, obs, over_previous):
    """``player``'s observation; with ``over_previous`` the buffer holds the row's previous one: the
    zone rows clear only the rows past their cards (engine.obsbuf), the rest is written anew."""
    if over_previous:
        obs[G:G + N_GLOBAL] = 0.0
        obs[PLAYING_O:OBS_SIZE] = 0.0  # the card being played, the [Counter]s and the candidates
    else:
        obs[:OBS_SIZE] = 0.0
    me, opp = player, 1 - player
    write_globals(s, me, obs, G)
    write_energy(s, T, me, obs)
    obs[G + G_COUNTER] = 1.0 if s[WINDOW_EVENT] == 1 and s[PLAYING] >= 0 else 0.0
    obs[G + G_COUNTER + 1] = 1.0 if s[WINDOW_EVENT] == 2 and s[ATTACKER] >= 0 else 0.0
    obs[G + G_COUNTER + 2] = s[CHASE_COUNT] / CHASE_MAX
    zone_rows(game, s, T, ZT, Zone.HAND, me, me, obs, HAND_O, HAND_SLOTS, False, over_previous)
    for side in range(2):
        q = me if side == 0 else opp
        base = MY_FIELD_O if side == 0 else OPP_FIELD_O
        zone_rows(game, s, T, ZT, Zone.LEADER, q, me, obs, base, 1, False, over_previous)
        zone_rows(game, s, T, ZT, Zone.BATTLE, q, me, obs, base + W, FIELD_SLOTS - 1, False, over_previous)
        combo = MY_COMBO_O if side == 0 else OPP_COMBO_O
        zone_rows(game, s, T, ZT, Zone.COMBO, q, me, obs, combo, COMBO_ROWS, False, over_previous)
        drop = MY_DROP_O if side == 0 else OPP_DROP_O
        zone_rows(game, s, T, ZT, Zone.DROP, q, me, obs, drop, DROP_ROWS, True, over_previous)
    o = PLAYING_O
    if s[PLAYING] >= 0:
        card_row(game, s, T, me, s[PLAYING], obs, o)
    for i in range(s[CHASE_COUNT]):
        card_row(game, s, T, me, s[CHASE + i * CHASE_ENTRY_W + E_CARD], obs, o + (1 + i) * W)
    if s[H_DECIDER] == me:  # the decider's choices: not shown to the other player (a hand's cards)
        if s[H_DECISION] == Decision.SELECT:
            for i in range(s[CAND_COUNT]):
                card_row(game, s, T, me, s[CAND + i], obs, CAND_O + i * W)
        elif s[H_DECISION] == Decision.ORDER_AUTO:
            for i in range(min(s[PENDING_COUNT + me], CAND_N)):
                card_row(game, s, T, me, s[pending_entry(game, s, me, i) + PE_SLOT], obs, CAND_O + i * W)


@internal
def observe_row(game, s, T, player, obs):
    observe_into(game, s, T, player, obs, False)
