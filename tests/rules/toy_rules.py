"""A toy card game's state declared for the shared rules layer (tcg_env.rules), and its hooks module.

Two players, ``N_SLOTS`` card slots, a field and a ruler area (list zones), a will pool. Its
modifiers take one duration of each shape the three games have: until the end of the turn, until
the end of the battle, while the card stays (PERMANENT), and until the end of the opponent's next
turn (turn-counted); power and keywords have a word per duration, restrictions keep "until the
end of the battle" in the end-of-turn word (an alias, as Force of Will does), power's
turn-counted expiry is the latest one set and the restrictions' the furthest (as Weiss Schwarz
does). A card forgets its damage (also at the end of the turn), its orientation (back to
``STAND``) and what it is attached to (back to -1) when it changes zones; field <-> ruler area
keeps it the same card (Force of Will CR 302.3).
"""

from enum import IntEnum

import numpy as np

from tcg_env.engine.header import H_TURN
from tcg_env.engine.hooks import Rules
from tcg_env.engine.jit import internal
from tcg_env.engine.layout import StateLayout
from tcg_env.engine.zones import ZoneTable
from tcg_env.rules.modifiers import ADD, OR, UNTIL_MAX, ModifierTable


class Zone(IntEnum):
    NONE = 0
    HAND = 1
    FIELD = 2
    RULER_AREA = 3
    GRAVEYARD = 4


class Mod(IntEnum):
    POWER = 0
    KEYWORDS = 1
    RESTRICTIONS = 2


class Duration(IntEnum):
    END_OF_TURN = 0
    END_OF_BATTLE = 1
    PERMANENT = 2
    NEXT_OPP_TURN_END = 3


# plain ints for the kernels (a core kernel called with a test module's enum member would be
# cached for a type other processes cannot import: tests/engine/toy_game.py)
HAND, FIELD, RULER_AREA, GRAVEYARD = (int(z) for z in (Zone.HAND, Zone.FIELD, Zone.RULER_AREA, Zone.GRAVEYARD))
POWER, KEYWORDS, RESTRICTIONS = (int(m) for m in Mod)
EOT, EOB, PERM, NEXT_OPP = (int(d) for d in Duration)
STAND, REST = 0, 1

N_SLOTS = 8
CAP = N_SLOTS
N_TYPES = 3  # the will pool's typed words, then a wild word

LAYOUT = StateLayout("toy_rules")
TURN_PLAYER = LAYOUT.add("turn_player")
MASTER = LAYOUT.add("master")  # the master of the ability resolving (whose "opponent's next turn")
WILL = LAYOUT.add("will", (2, N_TYPES + 1))
PENDING_MAX = 4  # pending automatic abilities per player (engine.triggers; tests/rules/test_choices.py)
PENDING_COUNT = LAYOUT.add("pending_count", 2)
PENDING = LAYOUT.add("pending", (2, PENDING_MAX, 3))
N = {z: LAYOUT.add(f"{z.name.lower()}_count", 2) for z in Zone if z != Zone.NONE}
L = {z: LAYOUT.add(z.name.lower(), (2, CAP)) for z in Zone if z != Zone.NONE}
_CARD_ATTRS = ["card_id", "owner", "controller", "zone", "orientation", "damage", "attached_to", "power_eot",
               "power_eob", "power_perm", "power_long", "power_until", "kw_eot", "kw_eob", "kw_perm", "rst_eot",
               "rst_perm", "rst_long", "rst_until", "cur_power", "cur_keywords"]
CARD_W = len(_CARD_ATTRS)
(CARD, OWNER, CONTROLLER, ZONE, ORIENT, DAMAGE, ATTACHED, P_EOT, P_EOB, P_PERM, P_LONG, P_UNTIL, KW_EOT, KW_EOB,
 KW_PERM, R_EOT, R_PERM, R_LONG, R_UNTIL, D_POWER, D_KW) = LAYOUT.add_records(N_SLOTS, _CARD_ATTRS)
STATE_SIZE = LAYOUT.size

ZONES = ZoneTable(LAYOUT, Zone, card=CARD, owner=OWNER, zone=ZONE)
for _z in (Zone.HAND, Zone.GRAVEYARD):
    ZONES.add(_z, N[_z], L[_z])
for _z in (Zone.FIELD, Zone.RULER_AREA):
    ZONES.add(_z, N[_z], L[_z], holder=CONTROLLER)
ZT = ZONES.compile()

C_POWER, C_KEYWORDS, C_COLOR = 0, 1, 2  # card-table columns

MODS = ModifierTable(LAYOUT, Mod, Duration, card=CARD)
MODS.kind(Mod.POWER, ADD, derived=D_POWER, base_column=C_POWER)
MODS.kind(Mod.KEYWORDS, OR, derived=D_KW, base_column=C_KEYWORDS)
MODS.kind(Mod.RESTRICTIONS, OR)
for _d, _f in ((Duration.END_OF_TURN, P_EOT), (Duration.END_OF_BATTLE, P_EOB), (Duration.PERMANENT, P_PERM)):
    MODS.cell(Mod.POWER, _d, _f)
MODS.cell(Mod.POWER, Duration.NEXT_OPP_TURN_END, P_LONG, until=P_UNTIL)  # the latest expiry set wins
for _d, _f in ((Duration.END_OF_TURN, KW_EOT), (Duration.END_OF_BATTLE, KW_EOB), (Duration.PERMANENT, KW_PERM)):
    MODS.cell(Mod.KEYWORDS, _d, _f)
MODS.alias(Mod.KEYWORDS, Duration.NEXT_OPP_TURN_END, Duration.END_OF_TURN)  # (a game without the word)
MODS.cell(Mod.RESTRICTIONS, Duration.END_OF_TURN, R_EOT)
MODS.alias(Mod.RESTRICTIONS, Duration.END_OF_BATTLE, Duration.END_OF_TURN)  # as Force of Will
MODS.cell(Mod.RESTRICTIONS, Duration.PERMANENT, R_PERM)
MODS.cell(Mod.RESTRICTIONS, Duration.NEXT_OPP_TURN_END, R_LONG, until=R_UNTIL, merge=UNTIL_MAX)
MODS.forget(DAMAGE, duration=Duration.END_OF_TURN)
MODS.forget(ORIENT, reset=STAND)
MODS.forget(ATTACHED, reset=-1)
MT = MODS.compile()

RULES = Rules(__name__)


@internal
def keeps_modifiers(old_zone, new_zone):
    """Force of Will CR 302.3: field <-> ruler area is the same card."""
    return (old_zone == FIELD and new_zone == RULER_AREA) or (old_zone == RULER_AREA and new_zone == FIELD)


@internal
def modifier_until(s, duration):
    """Weiss Schwarz's "your opponent's next turn": the next turn in the master's own turn, the
    one after in its opponent's (an ability resolving in the opponent's turn)."""
    return s[H_TURN] + (1 if s[MASTER] == s[TURN_PLAYER] else 2)


def new_state() -> np.ndarray:
    s = np.zeros(STATE_SIZE, np.int32)
    s[CARD:CARD + N_SLOTS * CARD_W:CARD_W] = -1
    s[ATTACHED:ATTACHED + N_SLOTS * CARD_W:CARD_W] = -1
    return s


def place(s: np.ndarray, slot: int, card_id: int, player: int, zone: Zone) -> None:
    s[CARD + slot * CARD_W] = card_id
    s[OWNER + slot * CARD_W] = player
    s[CONTROLLER + slot * CARD_W] = player
    ZONES.put(s, slot, zone, player)
