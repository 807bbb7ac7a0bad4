"""What a player sees (R 2): a flat float32 vector of named blocks, declared once (``OBS``).

Card rows copy a card's static columns from the pool's ``obs_rows`` table (cards.py,
``CARD_STATIC``), then write its state now. The opponent's hand and both decks are counts only."""

from tcg_env.engine.blocks import ObsLayout, WordColumns
from tcg_env.engine.header import H_DECIDER, H_DECISION
from tcg_env.engine.jit import internal
from tcg_env.engine.obsbuf import columns_writer, copy_card_row, zone_rows_writer
from tcg_env.games.template.constants import (
    ACTIONS, CHASE_MAX, FIELD_SLOTS, HAND_SLOTS, N_COLOURS, START_LIFE, Colour, Zone,
)
from tcg_env.games.template.state import (
    ATTACKER, CARD, CARD_W, CHASE, CHASE_COUNT, CHASE_ENTRY_W, E_CARD, LIFE, MANA, PLAYING, RESTED, TURN_PLAYER, ZONES,
    ZT,
)

CARD_STATIC = ("present", "creature", "spell", "counter", "cost_red", "cost_blue", "cost_generic", "power", "bonus",
               "herald")  # from the pool (cards.py)
CARD_COLUMNS = (*CARD_STATIC, "power_now", "rested", "attacking")
N_STATIC = len(CARD_STATIC)

# the global columns, each with the state word it shows (blocks.WordColumns): the core writes them
# (write_globals); a column the kernel computes would be GLOBALS.written(name)
GLOBALS = WordColumns()
GLOBALS.is_player("my_turn", TURN_PLAYER)
GLOBALS.is_player("deciding", H_DECIDER)
GLOBALS.scaled("decision", H_DECISION)
GLOBALS.pair("life", LIFE, START_LIFE)
GLOBALS.players([(c.name.lower(), MANA + c, 1) for c in Colour], stride=N_COLOURS)
for z in (Zone.DECK, Zone.HAND, Zone.DISCARD):
    GLOBALS.pair(z.name.lower(), ZONES.lists[z][1])  # the zone's count word
write_globals = columns_writer(GLOBALS, "write_globals")

OBS = ObsLayout("template")
GLOBAL = OBS.add("global", GLOBALS.names, doc="the decision, life (/ 40), mana, zone counts")
HAND_ROWS = OBS.add("hand", CARD_COLUMNS, rows=HAND_SLOTS, cards=True, doc="my hand, in list order")
MY_FIELD = OBS.add("my_field", CARD_COLUMNS, rows=FIELD_SLOTS, cards=True, doc="my creatures")
OPP_FIELD = OBS.add("opp_field", CARD_COLUMNS, rows=FIELD_SLOTS, cards=True, doc="the opponent's creatures")
STACK_ROWS = OBS.add("stack", CARD_COLUMNS, rows=1 + CHASE_MAX, cards=True,
                     doc="the card being played, then the Negates on the chase, bottom first")
OBS_SIZE = OBS.size
G, W = GLOBAL.base, len(CARD_COLUMNS)
POWER_NOW, RESTED_COL, ATTACKING = N_STATIC, N_STATIC + 1, N_STATIC + 2
HAND_O, MY_FIELD_O, OPP_FIELD_O, STACK_O = HAND_ROWS.base, MY_FIELD.base, OPP_FIELD.base, STACK_ROWS.base


def entity_layout():
    """The card-row blocks and the actions that point at their rows (``ACTIONS``' ``points_at``)."""
    return OBS.entity_layout(ACTIONS)


@internal
def card_row(game, s, T, player, slot, obs, o):
    """A card's row: its static columns from the pool, then its state now."""
    copy_card_row(obs, o, T, s[CARD + slot * CARD_W], N_STATIC)
    obs[o + POWER_NOW] = game.power_of(s, T, slot)
    obs[o + RESTED_COL] = s[RESTED + slot * CARD_W]
    obs[o + ATTACKING] = 1.0 if s[ATTACKER] == slot else 0.0


zone_rows = zone_rows_writer(card_row, W, 0, "zone_rows")  # a list zone's rows (engine.obsbuf)


@internal
def observe_into(game, s, T, player, obs, over_previous):
    """``player``'s observation (written whole: ``over_previous`` is not needed at this size)."""
    obs[:OBS_SIZE] = 0.0
    me, opp = player, 1 - player
    write_globals(s, me, obs, G)
    zone_rows(game, s, T, ZT, Zone.HAND, me, me, obs, HAND_O, HAND_SLOTS, False, False)
    zone_rows(game, s, T, ZT, Zone.FIELD, me, me, obs, MY_FIELD_O, FIELD_SLOTS, False, False)
    zone_rows(game, s, T, ZT, Zone.FIELD, opp, me, obs, OPP_FIELD_O, FIELD_SLOTS, False, False)
    if s[PLAYING] >= 0:
        card_row(game, s, T, me, s[PLAYING], obs, STACK_O)
    for i in range(s[CHASE_COUNT]):
        card_row(game, s, T, me, s[CHASE + i * CHASE_ENTRY_W + E_CARD], obs, STACK_O + (1 + i) * W)


@internal
def observe_row(game, s, T, player, obs):
    observe_into(game, s, T, player, obs, False)
