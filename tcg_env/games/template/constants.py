"""The template game's enums, capacities and declared layouts (actions, card and ability tables).

The rules these names come from are docs/template/rules.md; a number in a comment (``R 6.2``) is
a rule of that page. Kernels read the layouts' offsets as module ints (numba folds them)."""

from enum import IntEnum

from tcg_env.cards.columns import copy, enum
from tcg_env.engine.blocks import ActionLayout, TableLayout
from tcg_env.engine.hooks import Rules

RULES = Rules("tcg_env.games.template.hooks")  # the game's tag: the core compiles its kernels for it


class Zone(IntEnum):
    NONE = 0
    DECK = 1
    HAND = 2
    FIELD = 3
    DISCARD = 4
    STACK = 5  # a card being played and the Negates answering it (R 6.1, R 8.1)


class CardKind(IntEnum):
    CREATURE = 0
    SPELL = 1
    COUNTER = 2


class Colour(IntEnum):  # the mana pool's types (R 4.2)
    RED = 0
    BLUE = 1


class Decision(IntEnum):
    """The pending decision kinds (the header's H_DECISION)."""

    NONE = 0
    MAIN = 1  # R 5: play a hand card, attack with a field creature, or PASS (end the turn)
    COUNTER = 2  # R 8.1: the counter window: a Negate from the hand, or PASS (decline)
    BLOCK = 3  # R 9.2: block with a ready field creature, or PASS
    OPTIONAL_DRAW = 4  # R 11.1: YES draws a card, PASS does not
    DISCARD = 5  # R 10.1: discard hand card i


class Mod(IntEnum):  # what a modifier changes (rules.modifiers)
    POWER = 0


class Duration(IntEnum):  # how long it lasts
    END_OF_TURN = 0  # R 7.2


class Trigger(IntEnum):  # what triggers an automatic ability (rules.triggers)
    ENTERS = 1  # R 11.1: "when this creature enters the field"


class AbilityKind(IntEnum):
    AUTO = 1


N_COLOURS = len(Colour)
DECK_SIZE = 30  # R 1.1
START_HAND = 4  # R 3.1
START_LIFE = 40  # R 1.1
MANA_MAX = 3  # R 4.2: per colour
HAND_LIMIT = 5  # R 10.2
HAND_SLOTS = 8  # hand cards an action can name (a larger hand plays its first 8)
FIELD_SLOTS = 3  # R 6.3: creatures a player may have on the field
CHASE_MAX = 4  # Negates on the chase at once
PENDING_MAX = 2  # pending automatic abilities per player
N_SLOTS = 2 * DECK_SIZE  # player p's cards in slots [p * DECK_SIZE, (p + 1) * DECK_SIZE)
MAX_DECISIONS_PER_GAME = 2000  # the engine ends a game as a draw here (never reached in practice)

# ---- actions: one flat space, declared once (docs/template/README.md has the table) -------------
ACTIONS = ActionLayout("template")
PASS = ACTIONS.add("pass_", doc="end the turn (MAIN), decline (COUNTER, BLOCK, OPTIONAL_DRAW)").base
YES = ACTIONS.add("yes", doc="yes: draw a card (OPTIONAL_DRAW)").base
HAND = ACTIONS.add("hand", HAND_SLOTS, "play (MAIN), Negate with (COUNTER) or discard (DISCARD) hand card i",
                   points_at="hand")
FIELD = ACTIONS.add("field", FIELD_SLOTS, "attack with (MAIN) or block with (BLOCK) field creature i",
                    points_at="my_field")
HAND_BASE, FIELD_BASE = HAND.base, FIELD.base
NUM_ACTIONS = ACTIONS.size

# ---- card tables (cards.py fills them) -------------------------------------------------------------
# a column with a source is filled from the card model by the compiler (tcg_env.cards.columns: a
# field copied, an enum member by name, ...); the others are written by cards.py
CARD_TABLE = TableLayout("card")
C_KIND = CARD_TABLE.add("kind", source=enum(CardKind))
C_COST = CARD_TABLE.add("cost", N_COLOURS)  # typed mana per Colour (R 6.1)
C_GENERIC = CARD_TABLE.add("generic", source=copy())  # mana of any colour
C_POWER = CARD_TABLE.add("power", source=copy())
C_BONUS = CARD_TABLE.add("bonus", source=copy())  # a spell's power bonus (R 7.1)
C_FILTER = CARD_TABLE.add("filter")  # a spell's filter row (-1: none)
C_ABIL_START = CARD_TABLE.add("ability_start")
C_ABIL_COUNT = CARD_TABLE.add("ability_count")

ABILITY_TABLE = TableLayout("ability")
A_KIND = ABILITY_TABLE.add("kind")  # AbilityKind
A_TRIGGER = ABILITY_TABLE.add("trigger")  # Trigger
A_COND = ABILITY_TABLE.add("condition")  # 0: none
A_COND_ARG = ABILITY_TABLE.add("condition_arg")



class Side(IntEnum):  # whose creatures a filter takes
    ANY = 0
    OWN = 1
    OPPONENT = 2


SIDE_ANY, SIDE_OWN, SIDE_OPPONENT = int(Side.ANY), int(Side.OWN), int(Side.OPPONENT)  # the kernels' ints
FILTER_TABLE = TableLayout("filter")
F_SIDE = FILTER_TABLE.add("side", source=enum(Side))
F_MAX_POWER = FILTER_TABLE.add("max_power", source=copy())  # -1: any
