"""What a player sees (R 2): a flat float32 vector of named blocks, declared once (``OBS``).

Card rows copy a card's static columns from the pool's ``obs_rows`` table (cards.py,
``CARD_STATIC``), then write its state now. The opponent's hand and both decks are counts only."""

from tcg_env.engine.blocks import ObsLayout
from tcg_env.engine.header import H_DECIDER, H_DECISION
from tcg_env.engine.jit import internal
from tcg_env.engine.obsbuf import copy_card_row
from tcg_env.engine.zones import zone_count, zone_offsets
from tcg_env.games.template.constants import (
    ACTIONS, CHASE_MAX, FIELD_SLOTS, HAND_SLOTS, N_COLOURS, START_LIFE, Zone,
)
from tcg_env.games.template.state import (
    ATTACKER, CARD, CARD_W, CHASE, CHASE_COUNT, CHASE_ENTRY_W, E_CARD, LIFE, MANA, PLAYING, RESTED, TURN_PLAYER, ZT,
)

CARD_STATIC = ("present", "creature", "spell", "counter", "cost_red", "cost_blue", "cost_generic", "power", "bonus",
               "herald")  # from the pool (cards.py)
CARD_COLUMNS = (*CARD_STATIC, "power_now", "rested", "attacking")
N_STATIC = len(CARD_STATIC)

OBS = ObsLayout("template")
GLOBAL = OBS.add("global", ["my_turn", "deciding", "decision", "my_life", "opp_life", "my_red", "my_blue", "opp_red",
                            "opp_blue", "my_deck", "opp_deck", "my_hand", "opp_hand", "my_discard", "opp_discard"],
                 doc="the decision, life (/ 40), mana, zone counts")
HAND_ROWS = OBS.add("hand", CARD_COLUMNS, rows=HAND_SLOTS, cards=True, doc="my hand, in list order")
MY_FIELD = OBS.add("my_field", CARD_COLUMNS, rows=FIELD_SLOTS, cards=True, doc="my creatures")
OPP_FIELD = OBS.add("opp_field", CARD_COLUMNS, rows=FIELD_SLOTS, cards=True, doc="the opponent's creatures")
STACK_ROWS = OBS.add("stack", CARD_COLUMNS, rows=1 + CHASE_MAX, cards=True,
                     doc="the card being played, then the Negates on the chase, bottom first")
OBS_SIZE = OBS.size
G, W = GLOBAL.base, len(CARD_COLUMNS)
G_MY_TURN, G_DECIDING, G_DECISION, G_LIFE, G_MANA, G_DECK, G_HAND, G_DISCARD = 0, 1, 2, 3, 5, 9, 11, 13
POWER_NOW, RESTED_COL, ATTACKING = N_STATIC, N_STATIC + 1, N_STATIC + 2
HAND_O, MY_FIELD_O, OPP_FIELD_O, STACK_O = HAND_ROWS.base, MY_FIELD.base, OPP_FIELD.base, STACK_ROWS.base


def entity_layout():
    """The card-row blocks and the actions that point at their rows (``ACTIONS``' ``points_at``)."""
    return OBS.entity_layout(ACTIONS)


@internal
def write_card(game, s, T, slot, obs, o):
    copy_card_row(obs, o, T, s[CARD + slot * CARD_W], N_STATIC)
    obs[o + POWER_NOW] = game.power_of(s, T, slot)
    obs[o + RESTED_COL] = s[RESTED + slot * CARD_W]
    obs[o + ATTACKING] = 1.0 if s[ATTACKER] == slot else 0.0


@internal
def observe_into(game, s, T, player, obs, over_previous):
    """``player``'s observation (written whole: ``over_previous`` is not needed at this size)."""
    obs[:OBS_SIZE] = 0.0
    me, opp = player, 1 - player
    obs[G + G_MY_TURN] = 1.0 if s[TURN_PLAYER] == me else 0.0
    obs[G + G_DECIDING] = 1.0 if s[H_DECIDER] == me else 0.0
    obs[G + G_DECISION] = s[H_DECISION]
    for k in range(2):
        q = me if k == 0 else opp
        obs[G + G_LIFE + k] = s[LIFE + q] / START_LIFE
        for c in range(N_COLOURS):
            obs[G + G_MANA + k * N_COLOURS + c] = s[MANA + q * N_COLOURS + c]
        obs[G + G_DECK + k] = zone_count(s, ZT, Zone.DECK, q)
        obs[G + G_HAND + k] = zone_count(s, ZT, Zone.HAND, q)
        obs[G + G_DISCARD + k] = zone_count(s, ZT, Zone.DISCARD, q)
    n_off, l_off = zone_offsets(ZT, Zone.HAND, me)
    for i in range(min(s[n_off], HAND_SLOTS)):
        write_card(game, s, T, s[l_off + i], obs, HAND_O + i * W)
    for k in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, me if k == 0 else opp)
        for i in range(s[n_off]):
            write_card(game, s, T, s[l_off + i], obs, (MY_FIELD_O if k == 0 else OPP_FIELD_O) + i * W)
    if s[PLAYING] >= 0:
        write_card(game, s, T, s[PLAYING], obs, STACK_O)
    for i in range(s[CHASE_COUNT]):
        write_card(game, s, T, s[CHASE + i * CHASE_ENTRY_W + E_CARD], obs, STACK_O + (1 + i) * W)


@internal
def observe_row(game, s, T, player, obs):
    observe_into(game, s, T, player, obs, False)
