"""Force of Will state row layout: every offset the kernels use, as module constants.

Per-player values are runs of 2 (index = player); per-card values are records of CARD_W words
(``StateLayout.add_records``): player p's cards occupy slots [p * PLAYER_SLOTS, (p + 1) * PLAYER_SLOTS),
its ruler first (constants.RULER_SLOT). The zones of CR 300s are the core's list zones (ZT).
"""

from tcg_env.engine.layout import StateLayout
from tcg_env.engine.reveals import declare_reveals
from tcg_env.engine.zones import Seen, ZoneLists
from tcg_env.games.force_of_will.constants import (
    CHASE_MAX, FRAME_MAX, N_ATTRIBUTES, MAX_EXTRA, MAX_STONE_DECK, N_REGS, N_SLOTS, N_WILL, OPTION_SLOTS, PENDING_MAX,
    LEFT_MAX, PLAYER_SLOTS, REVEAL_ROWS, RW_MAX, RW_W, SHIELD_MAX, STANDBY_SLOTS, TARGET_MAX, Duration, Mod, Zone
)
from tcg_env.rules.modifiers import ADD, OR, ModifierTable

LAYOUT = StateLayout("force_of_will")
_a = LAYOUT.add

# ---- flow -------------------------------------------------------------------------------------
STEP = _a("step")  # constants.Step: the priority sequence in progress
FLOW = _a("flow")  # constants.Flow
TURN_PLAYER = _a("turn_player")
FIRST_PLAYER = _a("first_player")
PRIORITY_PLAYER = _a("priority_player")
PASSES = _a("consecutive_passes")
MULLIGAN_STAGE = _a("mulligan_stage")  # 0 first player, 1 second player, 2 done (CR 403.5)
DEC_ARG = _a("decision_args", 4)  # parameters of the pending decision (kernels)
CAND_N = _a("candidate_count")
CAND = _a("candidates", OPTION_SLOTS)  # card slots (targets) or pending indices (ORDER_AUTOMATIC)

# ---- battle (CR 800s) -------------------------------------------------------------------------
ATTACKER = _a("attacker")  # slot, -1 none
ATTACKED = _a("attacked")  # slot of the attacked J/resonator, ATTACKED_PLAYER, ATTACKED_NONE (constants)
BLOCKER = _a("blocker")  # slot, -1 none
BLOCKED = _a("attack_blocked")  # a blocker was declared in this battle (CR 804.5b)
FIRST_STRUCK = _a("attacker_dealt_first_strike")  # CR 806.2a
OPP_ACTED = _a("opponent_acted_in_battle")  # CR 803.6
NO_MORE_BATTLE = _a("battle_forfeited")  # CR 803.6: no battle again this turn

# ---- players ----------------------------------------------------------------------------------
LIFE = _a("life", 2)  # CR 105.4
WILL = _a("will", (2, N_WILL))  # produced will per Attribute, then void (CR 907.4)
# produced will restricted in use ("Spend this will only to play <cards>"): per player RW_MAX entries of
# constants.RW_* words, the first RWILL_N in use; not in WILL (costs.restricted_credit adds it where it pays)
RWILL_N = _a("restricted_will_count", 2)
RWILL = _a("restricted_will", (2, RW_MAX, RW_W))
# the move in progress (CR 906.7: cards moved at the same time): open while one instruction acts on its targets or a
# rule process sweeps the fields; the cards it put from the field into a graveyard so far, with their controllers then
# (triggers.other_to_graveyard). Used only in pools with FLAG_OTHER_TO_GRAVE
MOVE_OPEN = _a("simultaneous_move_open")
LEFT_N = _a("left_field_count")
LEFT = _a("left_field", (LEFT_MAX, 2))
CALLED = _a("called_stone", 2)  # called a magic stone this turn (CR 710.1)
JUDGED = _a("judgment_done", 2)  # played a judgment process this turn (CR 705.1)
ASTRAL = _a("astral", 2)  # the ruler lost [Judgment] (CR 1010.1a)
TURNS_TAKEN = _a("turns_taken", 2)  # turns begun by the player (CR 503.1: its first turn)
DREW_FROM_EMPTY = _a("drew_from_empty", 2)  # CR 1202.2
PLAYED_CARDS = _a("cards_played_this_turn", 2)  # [Torrent] (CR 1124)
# CR 1112.2 / 1112.2a: bit i: the player has played the [God's Art] of name id i (constants.A_GODS_ART)
# this game; played is enough (1112.2b: canceled, it still counts). Public.
GODS_ART_USED = _a("gods_art_used", 2)
WEATHER = _a("weather", 2)  # constants.Weather of each player (CR 1028), set "until end of turn" by Op.WEATHER
# session 22: the resonators put into a graveyard from each player's field this turn (a resonator the player controlled,
# zones.move_card_core; cleared as each turn begins, turn.begin_turn): "for each resonator put into a graveyard from your
# field this turn" (Per.RESONATORS_TO_GRAVEYARD), "if a resonator you control was put ..." (Condition). Public
RESONATORS_TO_GRAVE = _a("resonators_to_graveyard_this_turn", 2)
# session 23: the gem tokens in each player's item area (CR 313.1, 1027.1: "Gain a light gem"), one count per Attribute
# (a gem has one, 1027.1a); public (the item area is)
GEMS = _a("gems", (2, N_ATTRIBUTES))

_ZONE_CAP = PLAYER_SLOTS  # any list may hold all of a player's cards
# the list zones (tcg_env.engine.zones), their counts first, together. Who sees the cards (CR
# 302.2): the main deck and magic stone deck nobody (CR 304.2, 305.2); the hand, the standby area's
# face-down cards, the extra deck and the rune area their owner (CR 306.2, 310.2, 314.2, 315.2); the
# rest is public. Piles: the opponent knows the cards of its main deck, hand and standby area between
# them from the deck list, not which is where; a face-down magic stone is known to be one (CR
# 303.2b), so the stone deck is a pile of its own. A rune revealed in the rune area is public (CR
# 711.2; its divinity counts, 711.2a): the card record's REVEALED word (revealed=) leaves it out of
# the pile, so a deal keeps it in its place
LISTS = ZoneLists(LAYOUT)
LISTS.counts("main_deck", "stone_deck", "hand", "field", "ruler_area", "graveyard", "standby", "removed_area",
             "chase_cards", "extra_deck", "rune_area")
# the decks: bottom .. top (CR 304.2, 305.2)
MAIN_N, MAIN_L = LISTS.declare(Zone.MAIN_DECK, "main_deck", _ZONE_CAP, seen_by=Seen.NOBODY, pile="main")
STONE_N, STONE_L = LISTS.declare(Zone.STONE_DECK, "stone_deck", MAX_STONE_DECK, seen_by=Seen.NOBODY)
HAND_N, HAND_L = LISTS.declare(Zone.HAND, "hand", _ZONE_CAP, seen_by=Seen.HOLDER, pile="main")
FIELD_N, FIELD_L = LISTS.declare(Zone.FIELD, "field", _ZONE_CAP, holder="controller")  # by controller (CR 307.8a)
RULER_N, RULER_L = LISTS.declare(Zone.RULER_AREA, "ruler_area", 2, holder="controller")
GRAVE_N, GRAVE_L = LISTS.declare(Zone.GRAVEYARD, "graveyard", _ZONE_CAP)  # bottom .. top: new cards on top (CR 309.2)
STANDBY_N, STANDBY_L = LISTS.declare(Zone.STANDBY, "standby", STANDBY_SLOTS * 4, seen_by=Seen.HOLDER, pile="main")
REMOVED_N, REMOVED_L = LISTS.declare(Zone.REMOVED, "removed_area", _ZONE_CAP)
# the cards on the chase, by controller
CHASE_CARDS_N, CHASE_CARDS_L = LISTS.declare(Zone.CHASE, "chase_cards", CHASE_MAX, holder="controller")
EXTRA_N, EXTRA_L = LISTS.declare(Zone.EXTRA_DECK, "extra_deck", MAX_EXTRA, seen_by=Seen.HOLDER)
RUNE_N, RUNE_L = LISTS.declare(Zone.RUNE_AREA, "rune_area", MAX_EXTRA, seen_by=Seen.HOLDER, revealed="revealed")

# ---- card slots -------------------------------------------------------------------------------
_CARD_ATTRS = [
    "card_id",  # -1 = unused slot; a ruler's slot holds its J-ruler side's id while a J-ruler (CR 705.3)
    "owner",
    "controller",
    "zone",  # constants.Zone
    "rested",  # CR 303.1
    "damage",  # CR 1007.1, removed in the end phase (CR 505.5a)
    "atk_eot",  # ATK / DEF changes until end of turn (CR 505.5b), until end of battle (CR 807.3a),
    "def_eot",  # and while in the field (Duration.PERMANENT)
    "atk_eob",
    "def_eob",
    "atk_perm",
    "def_perm",
    "keywords_eot",
    "keywords_eob",
    "keywords_perm",
    "restrict_eot",
    "restrict_perm",
    "counters",  # net [+100/+100] counters (negative: [-100/-100]); CR 1203 cancels them pairwise
    "entered_turn",  # the turn it came under its controller's control in the field (CR 803.3a, 905.3)
    "standby_turn",  # the turn it was put into the standby area (CR 708.5)
    "attached_to",  # additions: the slot it is added to, -1 (CR 1002)
    "used_turn",  # bit j: activate ability j played this turn (Once.TURN; [God's Art]: GODS_ART_USED)
    "mark",  # chosen for the mulligan (CR 403.5)
    "mana",  # mana counters (CR 1122, 1022; removed with the others, CR 1022.3)
    "revealed",  # a rune revealed in its rune area (CR 711.2): public, it counts against divinity (711.2a)
    "pseudo",  # a pseudo-card (a rune's copy, CR 1017.1a / 1017.3): it ceases to exist when it leaves its zone
    # named counters (CR 1022.1: "put a <name> counter on ..."; session 21): constants.NC_SLOTS slots of NC_SLOT_BITS
    # bits, each a kind (the pool's counter_ids, 0: an empty slot) and how many; removed with the others (CR 1022.3)
    "named_counters",
]
CARD_W = len(_CARD_ATTRS)
(CARD, OWNER, CONTROLLER, ZONE, RESTED, DAMAGE, ATK_EOT, DEF_EOT, ATK_EOB, DEF_EOB, ATK_PERM, DEF_PERM,
 KW_EOT, KW_EOB, KW_PERM, RST_EOT, RST_PERM, COUNTERS, ENTERED, STANDBY_TURN, ATTACHED, USED_TURN, MARK,
 MANA, REVEALED, PSEUDO, NAMED) = LAYOUT.add_records(N_SLOTS, _CARD_ATTRS)

ZONES = LISTS.table(Zone, card=CARD, owner=OWNER, zone=ZONE)
ZT = ZONES.compile()
FIELD_CAP = _ZONE_CAP

# a card's modifiers (tcg_env.rules.modifiers): ATK, DEF and keywords until the end of the turn (CR
# 505.5b), of the battle (CR 807.3a) or while in the field; restrictions until the end of the turn or
# while in the field, "until the end of battle" ones kept in the end-of-turn word (they end with the
# turn). A card in a new zone is a new card (CR 302.3): it forgets them, its damage, orientation (CR
# 303.1b), counters and mana counters (CR 1022.3), the uses of its abilities, being revealed (a rune)
# and what it is added to; moving between the field and the ruler area keeps them (zones.move_card)
MODS = ModifierTable(LAYOUT, Mod, Duration, card=CARD)
MODS.kind(Mod.ATK, ADD)
MODS.kind(Mod.DEF, ADD)
MODS.kind(Mod.KEYWORDS, OR)
MODS.kind(Mod.RESTRICTIONS, OR)
for _kind, _eot, _eob, _perm in ((Mod.ATK, ATK_EOT, ATK_EOB, ATK_PERM), (Mod.DEF, DEF_EOT, DEF_EOB, DEF_PERM),
                                 (Mod.KEYWORDS, KW_EOT, KW_EOB, KW_PERM)):
    MODS.cell(_kind, Duration.END_OF_TURN, _eot)
    MODS.cell(_kind, Duration.END_OF_BATTLE, _eob)
    MODS.cell(_kind, Duration.PERMANENT, _perm)
MODS.cell(Mod.RESTRICTIONS, Duration.END_OF_TURN, RST_EOT)
MODS.alias(Mod.RESTRICTIONS, Duration.END_OF_BATTLE, Duration.END_OF_TURN)
MODS.cell(Mod.RESTRICTIONS, Duration.PERMANENT, RST_PERM)
MODS.forget(DAMAGE, duration=Duration.END_OF_TURN)  # CR 505.5a: damage also ends with the turn
for _word in (RESTED, COUNTERS, USED_TURN, MANA, REVEALED, NAMED):
    MODS.forget(_word)
MODS.forget(ATTACHED, reset=-1)  # added to nothing
MT = MODS.compile()
HAND_CAP = _ZONE_CAP

# ---- the chase (CR 312) and effect frames ------------------------------------------------------
E_KIND = 0  # constants.EntryKind
E_SLOT = 1  # source card slot (the card itself for a spell)
E_ABIL = 2  # ability row (a spell: its C_SPELL_ABIL, -1 none)
E_CTRL = 3  # controller
E_CARD = 4  # source card id (last known information, CR 911)
E_AUX = 5  # trigger information
E_REGN = 6  # N_REGS counts
E_REG = E_REGN + N_REGS  # N_REGS * TARGET_MAX card slots
E_X = E_REG + N_REGS * TARGET_MAX  # the X chosen when it was played (CR 903.2f, 203.5b; the core's stored count)
ENTRY_W = E_X + 1
CHASE_N = _a("chase_count")
CHASE = _a("chase", (CHASE_MAX, ENTRY_W))

# pending automatic abilities (CR 906.4), per controller: (source slot, ability row, aux)
PT_N = _a("pending_count", 2)
PT = _a("pending", (2, PENDING_MAX, 3))

# a frame: an entry plus the interpreter's words
FR_MODE = ENTRY_W  # engine.effects MODE_*
FR_PC = ENTRY_W + 1  # next instruction; -1: a "you may" not yet answered
FR_CNT = ENTRY_W + 2  # steps of the current instruction
FR_PURPOSE = ENTRY_W + 3  # constants.Purpose
FR_DISCARD = ENTRY_W + 4  # cards still to discard to pay the cost (CR 903.2j, DISCARD_COST)
FRAME_W = ENTRY_W + 5
FRAME_N = _a("frame_count")
FRAMES = _a("frames", (FRAME_MAX, FRAME_W))

# active replacement and prevention effects made by one-time effects (CR 910, 1018): "prevent the
# next N damage that would be dealt to ... this turn", "the next time ... would be destroyed this
# turn, instead ...". Each lasts until the end of the turn (CR 505.5b) or until it is used up; one
# on a card ends when the card leaves the field (CR 302.3). In the order they were made.
SH_KIND = 0  # constants.Shield
SH_SLOT = 1  # the card it protects, -1: a player
SH_PLAYER = 2  # the player it protects (SH_SLOT -1)
SH_AMOUNT = 3  # PREVENT: damage still to prevent, 0 = all (CR 1018.1b); DESTROY: INSTEAD_* bits
SH_CTRL = 4  # the controller of the effect that made it
SH_SOURCE = 5  # the card id of its source (last known information, CR 911)
SHIELD_W = 6  # the fields above, in this order (replacement.add_shield writes them so)
SHIELD_N = _a("shield_count")
SHIELDS = _a("shields", (SHIELD_MAX, SHIELD_W))

# each player's latest reveal (CR 1005.1: SEARCH with SEARCH_REVEAL_*): shown to both players, kept as card ids
# (tcg_env.engine.reveals; constants.REVEAL_ROWS). Not the card record's REVEALED word (a revealed rune, CR 711.2)
REVEAL_N, REVEAL_IDS = declare_reveals(LAYOUT, REVEAL_ROWS)

STATE_SIZE = LAYOUT.size
