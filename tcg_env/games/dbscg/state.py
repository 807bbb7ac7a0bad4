"""The Dragon Ball Super Card Game's state row: every offset the kernels use, as module constants,
and the declarations the core and the shared rules layer read (the areas with who sees them, the
modifiers, the [Auto] skills, the counter timing). Per-player values are runs of 2 (index =
player); per-card values are records of ``CARD_W`` words: player p's cards are slots
[p * PLAYER_SLOTS, (p + 1) * PLAYER_SLOTS): its Leader, its deck, then its tokens."""

from enum import IntEnum

from tcg_env.engine.layout import StateLayout
from tcg_env.engine.zones import Seen, ZoneLists
from tcg_env.games.dbscg.constants import (
    A_COND, A_COND_ARG, A_KIND, A_TRIGGER, C_ABIL_COUNT, C_ABIL_START, CAND_N, CHASE_MAX,
    DECK_SIZE, FRAME_MAX, N_REGS, N_SLOTS, PENDING_MAX, TARGET_MAX, AbilityKind, Duration, Mod, Zone,
)
from tcg_env.rules.modifiers import ADD, OR, ModifierTable
from tcg_env.rules.triggers import TriggerColumns


class Phase(IntEnum):  # 6-1
    SETUP = 0  # 5-2: the redraws
    CHARGE = 1  # 6-2
    MAIN = 2  # 6-3
    OFFENCE = 3  # 7-2
    DEFENCE = 4  # 7-3
    DAMAGE = 5  # 7-4
    END = 6  # 6-4


class Window(IntEnum):
    """What opened the counter timing (4-7-2): which [Counter] skills are pending (10-10-3)."""

    PLAY = 1  # 4-7-2-1: a card declared played
    ATTACK = 2  # 4-7-2-2
    SKILL = 3  # 4-7-2-3: a skill activated, before it resolves


LAYOUT = StateLayout("dbscg")  # the core's 16 header words come first
TURN_PLAYER = LAYOUT.add("turn_player")
FIRST_PLAYER = LAYOUT.add("first_player")
PHASE = LAYOUT.add("phase")
STEP = LAYOUT.add("step")  # turn.Step: where the turn goes on once nothing is pending
REDRAWN = LAYOUT.add("redrawn", 2)  # 5-2-1-6: the player has had its one chance
REALMS = LAYOUT.add("over_realms", 2)  # 10-15-5: [Over Realm] / [Dark Over Realm] activated this turn
CHARGED = LAYOUT.add("charged")  # 6-2-5: the turn player placed its energy card this turn
# the battle (7): the attack card, the guard card, the original guard ([Blocker], 10-4-2), negated
ATTACKER = LAYOUT.add("attacker")
GUARD = LAYOUT.add("guard")
ATTACKED = LAYOUT.add("attacked")
NEGATED = LAYOUT.add("attack_negated")
BLOCKED = LAYOUT.add("blocked")  # 10-4: one [Blocker] switch a battle
GUARD_KO = LAYOUT.add("guard_ko")  # 10-9: the guard card was KO-ed in this battle
# a card being played or activated (6-3-1-2-1, 8-5-2): its slot, how (a HandSkill, 0 normal), the
# Battle Cards it goes on / sends away (Evolve, Union), negated (10-10-5)
PLAYING = LAYOUT.add("playing_card")
PLAY_HOW = LAYOUT.add("play_how")
PLAY_BASE = LAYOUT.add("play_base", 2)
PLAY_NEGATED = LAYOUT.add("play_negated")
PLAY_SKILL = LAYOUT.add("play_skill")  # the ability row of an activated skill (-1: a card played)

# the counter timing (engine.chase, "Response windows"): 4-7
WINDOW = LAYOUT.add("window_open")
WINDOW_EVENT = LAYOUT.add("window_event")  # a Window
PRIORITY_PLAYER = LAYOUT.add("priority_player")
PASSES = LAYOUT.add("consecutive_passes")
CHASE_ENTRY_W = 4
E_CARD, E_PLAYER, E_ABILITY, E_NEGATED = 0, 1, 2, 3  # a [Counter] activated: its card, master, skill, negated
CHASE_COUNT = LAYOUT.add("chase_count")
CHASE = LAYOUT.add("chase", (CHASE_MAX, CHASE_ENTRY_W))
BUILD = LAYOUT.add("entry_being_built", CHASE_ENTRY_W)

# the pending [Auto] skills (engine.triggers): 8-6, checkpoints 4-5
PENDING_COUNT = LAYOUT.add("pending_count", 2)
PENDING = LAYOUT.add("pending", (2, PENDING_MAX, 3))

# effect frames (engine.effects): a skill resolving; the decision's candidates
FRAME_SOURCE, FRAME_ABILITY, FRAME_CONTROLLER, FRAME_PC, FRAME_COUNT = 0, 1, 2, 3, 4
FRAME_KIND, FRAME_CARD, FRAME_AUX, FRAME_PURPOSE, FRAME_MODE, FRAME_STORE = 5, 6, 7, 8, 9, 10
FRAME_REG_COUNTS = 11
FRAME_REGS = FRAME_REG_COUNTS + N_REGS
FRAME_W = FRAME_REGS + N_REGS * TARGET_MAX
FRAME_N = LAYOUT.add("frame_count")
FRAMES = LAYOUT.add("frames", (FRAME_MAX, FRAME_W))
DEC_ARG = LAYOUT.add("decision_args", 3)  # SELECT: the frame, up to; OPTIONAL: the frame
CAND_COUNT = LAYOUT.add("candidate_count")
CAND = LAYOUT.add("candidates", CAND_N)

# the list zones (engine.zones), bottom .. top. Who sees what (3-1-3): the deck and the Life Area
# face down, even to their owner (3-2-2, 3-9-2); the hand its owner's (3-3-2); the rest is open.
# A player's deck, life and hand are one pile to the opponent, deck and life one pile to the owner.
LISTS = ZoneLists(LAYOUT)
LISTS.counts("deck", "hand", "drop", "leader", "battle", "combo", "energy", "life", "warp")
# a deck card a search shows (8-5-3-7: the deck's front faces seen) keeps its place in a deal (revealed=)
DECK_N, DECK_L = LISTS.declare(Zone.DECK, "deck", DECK_SIZE, seen_by=Seen.NOBODY, pile="library", revealed="revealed")
HAND_N, HAND_L = LISTS.declare(Zone.HAND, "hand", DECK_SIZE, seen_by=Seen.HOLDER, pile="library")
DROP_N, DROP_L = LISTS.declare(Zone.DROP, "drop", DECK_SIZE)
LEADER_N, LEADER_L = LISTS.declare(Zone.LEADER, "leader", 1)
BATTLE_N, BATTLE_L = LISTS.declare(Zone.BATTLE, "battle", DECK_SIZE)
COMBO_N, COMBO_L = LISTS.declare(Zone.COMBO, "combo", DECK_SIZE)
ENERGY_N, ENERGY_L = LISTS.declare(Zone.ENERGY, "energy", DECK_SIZE)
LIFE_N, LIFE_L = LISTS.declare(Zone.LIFE, "life", DECK_SIZE, seen_by=Seen.NOBODY, pile="library")
WARP_N, WARP_L = LISTS.declare(Zone.WARP, "warp", DECK_SIZE + 1)
UNDER_N, UNDER_L = LISTS.declare(Zone.UNDER, "under", DECK_SIZE)
PLAYING_N, PLAYING_L = LISTS.declare(Zone.PLAYING, "playing", 1 + CHASE_MAX)

# the card records
CARD, OWNER, ZONE, RESTED, POWER_EOT, POWER_EOB, POWER_STAY, KW_EOT, KW_STAY, UNDER, USED, ATTACKS, FLAGS, REVEALED = (
    LAYOUT.add_records(N_SLOTS, ["card_id", "owner", "zone", "rested", "power_until_end_of_turn",
                                 "power_during_battle", "power_while_here", "keywords_until_end_of_turn",
                                 "keywords_while_here", "under_card", "skills_used", "attacks", "flags", "revealed"]))
CARD_W = 14
FLAG_REDRAW = 1  # 5-2-1-6: chosen to go back to the deck
FLAG_OVER_REALM = 2  # 10-15-4: played with [Over Realm] this turn (to the Warp at its end)
FLAG_EVOLVED = 4  # 10-5-7: played with [Evolve]
STATE_SIZE = LAYOUT.size

ZONES = LISTS.table(Zone, card=CARD, owner=OWNER, zone=ZONE)
ZT = ZONES.compile()

# modifiers (rules.modifiers): power for the turn, for the battle and while the card stays; keywords
# for the turn and while it stays (8-2-2-2). A card that moves is a new card and forgets them (3-1-4,
# 3-1-5, 8-8-1-4), except between the Battle and Combo Areas (hooks keeps_modifiers).
MODS = ModifierTable(LAYOUT, Mod, Duration, card=CARD)
MODS.kind(Mod.POWER, ADD)
MODS.kind(Mod.KEYWORDS, OR)
MODS.cell(Mod.POWER, Duration.END_OF_TURN, POWER_EOT)
MODS.cell(Mod.POWER, Duration.END_OF_BATTLE, POWER_EOB)
MODS.cell(Mod.POWER, Duration.STAYS, POWER_STAY)
MODS.cell(Mod.KEYWORDS, Duration.END_OF_TURN, KW_EOT)
MODS.alias(Mod.KEYWORDS, Duration.END_OF_BATTLE, Duration.END_OF_TURN)
MODS.cell(Mod.KEYWORDS, Duration.STAYS, KW_STAY)
MODS.forget(RESTED)
MODS.forget(ATTACKS)
MODS.forget(FLAGS)
MODS.forget(USED)
MODS.forget(REVEALED)
MT = MODS.compile()

# [Auto] skills (rules.triggers): 8-6
TT = TriggerColumns(LAYOUT, card=CARD, abil_start=C_ABIL_START, abil_count=C_ABIL_COUNT, kind=A_KIND,
                    auto=AbilityKind.AUTO, trigger=A_TRIGGER, cond=A_COND, cond_arg=A_COND_ARG).compile()
