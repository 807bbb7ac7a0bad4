"""The template game's state row: every offset the kernels use, as module constants, and the
declarations the core and the shared rules layer read (zones with who sees them, modifiers,
automatic abilities). Per-player values are runs of 2 (index = player); per-card values are
records of ``CARD_W`` words: player p's cards are slots [p * DECK_SIZE, (p + 1) * DECK_SIZE)."""

from tcg_env.engine.layout import StateLayout
from tcg_env.engine.zones import Seen, ZoneLists
from tcg_env.games.template.constants import (
    A_COND, A_COND_ARG, A_KIND, A_TRIGGER, C_ABIL_COUNT, C_ABIL_START, CHASE_MAX, DECK_SIZE, FIELD_SLOTS, N_COLOURS,
    N_SLOTS, PENDING_MAX, AbilityKind, Duration, Mod, Zone,
)
from tcg_env.rules.modifiers import ADD, ModifierTable
from tcg_env.rules.triggers import TriggerColumns

LAYOUT = StateLayout("template")  # the core's 16 header words come first
TURN_PLAYER = LAYOUT.add("turn_player")
FIRST_PLAYER = LAYOUT.add("first_player")
LIFE = LAYOUT.add("life", 2)  # R 1.1
MANA = LAYOUT.add("mana", (2, N_COLOURS))  # R 4.2: the pool, per player and Colour (rules.costs)
ATTACKER = LAYOUT.add("attacker")  # R 9.1: the attacking creature's slot, -1 none
PLAYING = LAYOUT.add("playing")  # R 6.1: the slot of the card being played, -1 none
DRAW_SOURCE = LAYOUT.add("draw_source")  # R 11.1: the Herald whose "you may draw" is asked, -1 none

# the counter window (engine.chase, "Response windows"): R 8
WINDOW = LAYOUT.add("window_open")
PRIORITY_PLAYER = LAYOUT.add("priority_player")
PASSES = LAYOUT.add("consecutive_passes")
CHASE_ENTRY_W = 3
E_CARD, E_PLAYER, E_NEGATED = 0, 1, 2  # a chase entry: the Negate's slot, its player, negated (R 8.2)
CHASE_COUNT = LAYOUT.add("chase_count")
CHASE = LAYOUT.add("chase", (CHASE_MAX, CHASE_ENTRY_W))
BUILD = LAYOUT.add("entry_being_built", CHASE_ENTRY_W)

# the pending automatic abilities (engine.triggers): R 11
PENDING_COUNT = LAYOUT.add("pending_count", 2)
PENDING = LAYOUT.add("pending", (2, PENDING_MAX, 3))

# the list zones (engine.zones), their counts first, together; bottom .. top. Who sees what (R 2):
# decks face down; a hand its owner's; the opponent knows a player's deck list, not which of its
# cards are in the hand or the deck: one pile. The rest is public.
LISTS = ZoneLists(LAYOUT)
LISTS.counts("deck", "hand", "field", "discard", "stack")
DECK_N, DECK_L = LISTS.declare(Zone.DECK, "deck", DECK_SIZE, seen_by=Seen.NOBODY, pile="library")
HAND_N, HAND_L = LISTS.declare(Zone.HAND, "hand", DECK_SIZE, seen_by=Seen.HOLDER, pile="library")
FIELD_N, FIELD_L = LISTS.declare(Zone.FIELD, "field", FIELD_SLOTS)
DISCARD_N, DISCARD_L = LISTS.declare(Zone.DISCARD, "discard", DECK_SIZE)
STACK_N, STACK_L = LISTS.declare(Zone.STACK, "stack", 1 + CHASE_MAX)

# the card records
CARD, OWNER, ZONE, RESTED, POWER_EOT = LAYOUT.add_records(N_SLOTS, ["card_id", "owner", "zone", "rested",
                                                                   "power_until_end_of_turn"])
CARD_W = 5
STATE_SIZE = LAYOUT.size

ZONES = LISTS.table(Zone, card=CARD, owner=OWNER, zone=ZONE)
ZT = ZONES.compile()

# modifiers (rules.modifiers): power "until end of turn" (R 7.2); a card that moves forgets them and
# its orientation (R 2.2: a card that changes zones is a new card)
MODS = ModifierTable(LAYOUT, Mod, Duration, card=CARD)
MODS.kind(Mod.POWER, ADD)
MODS.cell(Mod.POWER, Duration.END_OF_TURN, POWER_EOT)
MODS.forget(RESTED)
MT = MODS.compile()

# automatic abilities (rules.triggers): R 11
TT = TriggerColumns(LAYOUT, card=CARD, abil_start=C_ABIL_START, abil_count=C_ABIL_COUNT, kind=A_KIND,
                    auto=AbilityKind.AUTO, trigger=A_TRIGGER, cond=A_COND, cond_arg=A_COND_ARG).compile()
