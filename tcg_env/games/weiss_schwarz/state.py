"""Weiss Schwarz state row layout: every offset the kernels use, as module constants.

Per-player values are runs of 2 (index = player). Ordered zones are ``[count]`` + ``[capacity]``
runs (``tcg_env.engine.zones``), index ``count - 1`` = the top card. Player p's cards occupy card
slots ``[p*MAX_DECK, p*MAX_DECK + deck size)``; a slot's zone / orientation / modifiers are in the
per-card records.
"""

from tcg_env.engine.layout import StateLayout
from tcg_env.engine.reveals import declare_reveals
from tcg_env.engine.zones import Seen, ZoneLists
from tcg_env.rules.modifiers import ADD, OR, UNTIL_LATEST, UNTIL_MAX, ModifierTable
from tcg_env.rules.triggers import NO_CARD_IGNORES, TriggerColumns
from tcg_env.games.weiss_schwarz.constants import (
    A_COND,
    A_COND_ARG,
    A_KIND,
    A_TRIG_FILTER,
    A_TRIG_WHOSE,
    A_TRIGGER,
    A_ZONE,
    C_ABIL_COUNT,
    C_ABIL_START,
    C_KEYWORDS,
    C_LEVEL,
    C_POWER,
    C_SOUL,
    FRAME_MAX,
    MAX_DECK,
    N_POSITIONS,
    REVEAL_ROWS,
    N_REGS,
    N_SLOTS,
    OPTION_SLOTS,
    PENDING_MAX,
    TARGET_MAX,
    AbilityKind,
    Duration,
    Mod,
    Orientation,
    TriggerWhose,
    Zone,
)

LAYOUT = StateLayout("weiss_schwarz")
_a = LAYOUT.add

# ---- flow -------------------------------------------------------------------------------------
PHASE = _a("phase")  # constants.Phase
STEP = _a("attack_step")  # constants.AttackStep
FLOW = _a("flow")  # F_* (below): what the engine does next
TURN_PLAYER = _a("turn_player")
FIRST_PLAYER = _a("first_player")
MULLIGAN_STAGE = _a("mulligan_stage")  # 0 starting player, 1 the other, 2 done (CR 5.2.1.4)
MULL_DISCARDS = _a("mulligan_discards")  # cards discarded so far by the deciding player
ATTACKS_DONE = _a("attack_subphases")  # attack sub-phases this turn (CR 7.2.1.3.1)
CX_PLAYED = _a("climax_played")  # 1 once the climax phase play timing was used (CR 6.6.1.2.2)
DEC_ARG = _a("decision_args", 4)  # parameters of the pending decision (see kernels; [1]: constants.ChoiceFor)
REFRESH_POINT = _a("refresh_point", 2)  # CR 5.2.1.5 / 9.9
TIMESTAMP = _a("timestamp")
# CR 9.1.2.1: an action an interrupt-type rule action (a level up, CR 9.3.1) suspended, resumed once
# the interrupt is done (RS_* below; 0 none)
SUSPENDED = _a("suspended_action")

# ---- attack (CR 7) -------------------------------------------------------------------------------
ATK_SLOT = _a("attacker_slot")  # -1 none
ATK_POS = _a("attacker_pos")
ATK_TYPE = _a("attack_type")  # constants.AttackType
DEF_SLOT = _a("defender_slot")  # frontal: the defending character (CR 7.2.1.5.1), else -1
DEF_POS = _a("defender_pos")  # its stage position at declaration
TRIG_SLOT = _a("trigger_card")  # the card of the current trigger check, -1
TRIG_ICON_I = _a("trigger_icon_index")  # which of its two icons is being performed
# each player's latest trigger-check card, -1: revealed to both players (CR 7.3.1.2) and then put
# face down into the stock (CR 3.13.1.2), often with no decision between, so the observation (and
# the log) would otherwise never show a card both players saw
LAST_TRIG = _a("last_trigger_card", 2)
# ... and its card id: what both saw stays as seen when a deal of the hidden piles (a determinization, the
# conformance kit) gives the stock slot another card
LAST_TRIG_ID = _a("last_trigger_card_id", 2)
# each player's latest reveal by an effect (Op.REVEAL_TOP, TOP_LEVEL: "reveal the top card of your deck"),
# shown to both players, as card ids (tcg_env.engine.reveals)
REVEALED_N, REVEALED = declare_reveals(LAYOUT, REVEAL_ROWS)
SHOT_ARMED = _a("shot_armed")  # CR 4.12.2.7 the attacker's next canceled damage deals 1
COUNTER_USED = _a("counter_used")

# ---- CR 11.1.1.2: loops of moves (CR 6.5.1.2.4) in the main phase --------------------------------
# Exchanging stage positions costs nothing, so a player could move characters forever. A run of
# moves with no other action between them that comes back to an arrangement already seen in the
# run is a completed infinite loop: it changed nothing, and the player may not choose it again.
MOVE_RUN_OPEN = _a("move_run_open")  # 1 while the turn player's last main-phase actions were moves
MOVE_RUN_START = _a("move_run_start", N_POSITIONS)  # the turn player's stage slots when the run began
MOVE_RUN_SEEN = _a("move_run_seen", 4)  # arrangements seen in the run: bit (rank % 30) of word rank // 30

# ---- zones (per player) --------------------------------------------------------------------------
# the list zones (tcg_env.engine.zones): the core moves, shuffles, lists and re-deals cards through
# ZT. The stage (positions) and markers (under a position, CR 3.7) are no lists: the kernels keep them
# Who sees them: the deck and the stock nobody (CR 3.2, 3.10.2), the hand its owner (CR 3.3); the
# opponent knows the cards of the three between them from the deck list, not which is where (one
# pile). The rest is public (CR 3.4, 3.8.2, 3.9.2, 3.11.2, 3.12.2, 3.13): face-down cards in a
# level or memory are not modelled.
LISTS = ZoneLists(LAYOUT)
# the deck: bottom .. top
DECK_N, DECK_L = LISTS.declare(Zone.DECK, "deck", MAX_DECK, seen_by=Seen.NOBODY, pile="deck_hand_stock")
HAND_N, HAND_L = LISTS.declare(Zone.HAND, "hand", MAX_DECK, seen_by=Seen.HOLDER, pile="deck_hand_stock")
WR_N, WR_L = LISTS.declare(Zone.WAITING_ROOM, "waiting_room", MAX_DECK)
CLOCK_N, CLOCK_L = LISTS.declare(Zone.CLOCK, "clock", MAX_DECK)  # bottom .. top (CR 3.8.2)
LEVEL_N, LEVEL_L = LISTS.declare(Zone.LEVEL, "level", MAX_DECK)
STOCK_N, STOCK_L = LISTS.declare(Zone.STOCK, "stock", MAX_DECK, seen_by=Seen.NOBODY, pile="deck_hand_stock")
MEMORY_N, MEMORY_L = LISTS.declare(Zone.MEMORY, "memory", MAX_DECK)
RES_N, RES_L = LISTS.declare(Zone.RESOLUTION, "resolution", MAX_DECK)
CX_N, CX_L = LISTS.declare(Zone.CLIMAX_AREA, "climax_area", MAX_DECK)
STAGE = _a("stage", (2, N_POSITIONS))  # card slot on each position, -1 empty
MARKER_N = _a("marker_count", (2, N_POSITIONS))  # markers under each position (CR 3.7)

# ---- card slots ---------------------------------------------------------------------------------
_CARD_ATTRS = [
    "card_id",  # -1 = unused slot
    "owner",
    "zone",  # constants.Zone
    "orientation",  # constants.Orientation (stage only)
    "position",  # stage / marker position 0..4, -1 elsewhere
    "placed_turn",  # turn it was put on its current stage position from another zone
    "power_mod",  # until end of turn
    "soul_mod",
    "level_mod",
    "kw_mod",  # keyword bits granted until end of turn
    "restrict_mod",  # RESTRICT_* bits until end of turn
    "power_mod_long",  # until the end of the opponent's next turn (Duration.NEXT_OPP_TURN_END)
    "long_until_turn",  # turn number at whose end power_mod_long expires
    "restrict_mod_long",  # RESTRICT_* bits until the end of the opponent's next turn
    "restrict_until_turn",  # turn number at whose end restrict_mod_long expires
    "kw_mod_long",  # keyword bits (granted abilities: GRANT_BIT0..) until the end of the opponent's next turn
    "kw_until_turn",  # turn number at whose end kw_mod_long expires
    "level_mod_long",  # level until the end of the opponent's next turn (session 32)
    "level_until_turn",  # turn number at whose end level_mod_long expires
    "uses",  # activated ability uses this turn (bit per ability, once-per-turn)
    # derived (recomputed from the above and the CONT abilities after every change)
    "cur_power",
    "cur_soul",
    "cur_level",
    "cur_keywords",
    "cur_restrictions",
]
CARD_W = len(_CARD_ATTRS)
(CARD, OWNER, ZONE, ORIENT, POS, PLACED_TURN, PMOD, SMOD, LMOD, KWMOD, RSTMOD, PMOD_LONG, LONG_UNTIL, RSTMOD_LONG,
 RST_UNTIL, KWMOD_LONG, KW_UNTIL, LMOD_LONG, LEVEL_UNTIL, USES, D_POWER, D_SOUL, D_LEVEL, D_KW,
 D_RST) = LAYOUT.add_records(N_SLOTS, _CARD_ATTRS)

# the modifiers of one-time effects (tcg_env.rules.modifiers): which word holds each (kind,
# duration), what the card is now without its continuous abilities (the D_* words, mod_derive), and
# what a card forgets when it changes zones (CR 3.1.4: a new card)
MODIFIERS = ModifierTable(LAYOUT, Mod, Duration, card=CARD)
MODIFIERS.kind(Mod.POWER, ADD, derived=D_POWER, base_column=C_POWER)
MODIFIERS.kind(Mod.KEYWORDS, OR, derived=D_KW, base_column=C_KEYWORDS)
MODIFIERS.kind(Mod.RESTRICTIONS, OR, derived=D_RST)
MODIFIERS.kind(Mod.SOUL, ADD, derived=D_SOUL, base_column=C_SOUL)
MODIFIERS.kind(Mod.LEVEL, ADD, derived=D_LEVEL, base_column=C_LEVEL)
MODIFIERS.cell(Mod.POWER, Duration.END_OF_TURN, PMOD)  # CR 6.8.1.4
# CR 8.2.1.2 "until the end of your opponent's next turn": the turn at whose end it ends
# (modifier_until); power's is the last one set, the restrictions' the furthest
MODIFIERS.cell(Mod.POWER, Duration.NEXT_OPP_TURN_END, PMOD_LONG, until=LONG_UNTIL, merge=UNTIL_LATEST)
MODIFIERS.cell(Mod.RESTRICTIONS, Duration.END_OF_TURN, RSTMOD)
MODIFIERS.cell(Mod.RESTRICTIONS, Duration.NEXT_OPP_TURN_END, RSTMOD_LONG, until=RST_UNTIL, merge=UNTIL_MAX)
MODIFIERS.cell(Mod.KEYWORDS, Duration.END_OF_TURN, KWMOD)
# keywords and granted abilities (GRANT_BIT0..) "until the end of your opponent's next turn": the
# furthest expiry of the bits the word holds, as the restrictions'
MODIFIERS.cell(Mod.KEYWORDS, Duration.NEXT_OPP_TURN_END, KWMOD_LONG, until=KW_UNTIL, merge=UNTIL_MAX)
MODIFIERS.cell(Mod.SOUL, Duration.END_OF_TURN, SMOD)
MODIFIERS.cell(Mod.LEVEL, Duration.END_OF_TURN, LMOD)
# "+1 level until the end of your opponent's next turn" (session 32, CR 8.2.1.2): its own word and expiry turn, as
# power's (the latest setting wins: the cards give it for one duration only)
MODIFIERS.cell(Mod.LEVEL, Duration.NEXT_OPP_TURN_END, LMOD_LONG, until=LEVEL_UNTIL, merge=UNTIL_LATEST)
# every other duration is kept in the end-of-turn word and ends with the turn: PERMANENT ("while the
# card stays", which a card that leaves forgets anyway) ends early, and the card compiler refuses
# "until the end of your opponent's next turn" for soul (rules-coverage, 8.2.1.2)
MODIFIERS.alias(Mod.POWER, Duration.PERMANENT, Duration.END_OF_TURN)
MODIFIERS.alias(Mod.RESTRICTIONS, Duration.PERMANENT, Duration.END_OF_TURN)
MODIFIERS.alias(Mod.KEYWORDS, Duration.PERMANENT, Duration.END_OF_TURN)
MODIFIERS.alias(Mod.SOUL, Duration.NEXT_OPP_TURN_END, Duration.END_OF_TURN)
for _kind in (Mod.SOUL, Mod.LEVEL):
    MODIFIERS.alias(_kind, Duration.PERMANENT, Duration.END_OF_TURN)
MODIFIERS.forget(USES, duration=Duration.END_OF_TURN)  # once per turn (and a new card's)
MODIFIERS.forget(ORIENT, reset=Orientation.STAND)
MODIFIERS.forget(POS, reset=-1)
MT = MODIFIERS.compile()

# (the hand is first in the table: deal_hidden deals the opponent's pile hand, deck, stock, in that
# order, as resample_hidden always has)
ZONES = LISTS.table(Zone, card=CARD, owner=OWNER, zone=ZONE, first=(Zone.HAND,))
ZT = ZONES.compile()

# ---- pending automatic abilities (CR 8.7.2): per master (source slot, ability row, aux) ----------
PT_N = _a("pending_count", 2)
PT = _a("pending", (2, PENDING_MAX, 3))

# the automatic abilities an event triggers on one card (tcg_env.rules.triggers, CR 8.7.2): the
# ability's zone (the stage's and the climax's: 0; the clock's, CR 10.11.2), whose turn, its
# trigger filter on the card the event was about (not applied when the event is about no card)
TT = TriggerColumns(LAYOUT, card=CARD, abil_start=C_ABIL_START, abil_count=C_ABIL_COUNT, kind=A_KIND,
                    auto=AbilityKind.AUTO, trigger=A_TRIGGER, cond=A_COND, cond_arg=A_COND_ARG,
                    trig_filter=A_TRIG_FILTER, whose=A_TRIG_WHOSE, yours=TriggerWhose.YOURS,
                    opponents=TriggerWhose.OPPONENTS, turn_player=TURN_PLAYER, zone=A_ZONE,
                    no_card=NO_CARD_IGNORES).compile()

# ---- effect frames (the VM) ---------------------------------------------------------------------
FR_SLOT = 0  # source card slot
FR_ABIL = 1  # ability row
FR_MASTER = 2
FR_AUX = 3  # triggering card slot / extra
FR_PC = 4  # index of the next instruction in the program
FR_CNT = 5  # chosen so far by the current CHOOSE
FR_STORE = 6  # value stored by COUNT / BRAINSTORM
FR_REGN = 7  # N_REGS counts
FR_REG = FR_REGN + N_REGS  # N_REGS * TARGET_MAX card slots
FRAME_W = FR_REG + N_REGS * TARGET_MAX
FRAME_N = _a("frame_count")
FRAMES = _a("frames", (FRAME_MAX, FRAME_W))

# a cost being paid one hand card at a time (CR 8.4.2; decision PAY_COST)
PAY_SLOT = _a("pay_source")  # source card slot
PAY_ABIL = _a("pay_ability")  # ability row
PAY_AUX = _a("pay_aux")  # trigger information handed to the program
PAY_DISCARD_LEFT = _a("pay_discard_left")  # hand cards still to put into the waiting room
PAY_CLOCK_LEFT = _a("pay_hand_to_clock_left")  # hand cards still to put into the clock

# candidates of SELECT-like decisions (OPTION k): card slots or pending-ability indices
CAND_N = _a("candidate_count")
CAND = _a("candidates", OPTION_SLOTS)
# while a look at the top of a deck (Op.LOOK_TOP, CR 3.2.3) asks its player, the number of cards
# looked at: the top LOOKED_N cards of the decider's deck, which it has seen (its observation's
# `looked` rows; kept in place by a determinization for it) although some may not be choosable; 0 else
LOOKED_N = _a("looked_count")

# player p's card slots that hold climax cards (set at reset from the card ids, which never change
# slot during a game, and re-derived by determinization): the observation counts the climax cards
# in a deck or waiting room by checking these few slots' zones instead of reading every card of
# those zones (CR 5.1.2.3: at most 8 in a legal deck; room for a whole deck all the same)
CX_SLOT_N = _a("climax_slot_count", 2)
CX_SLOTS = _a("climax_slots", (2, MAX_DECK))

# (session 34, s34d) CR 8.7.5 timed activation: the cards of each player's memory that an ability of their own put
# there with "... at the beginning of your next draw phase, put it (a card of its name) from your memory ..." still to
# come (Op.MEMORY_MARK sets and clears, Condition.MEMORY_MARKED reads; zones.take_from_zone clears a card's as it
# leaves the memory, CR 3.1.4): bit (slot % MAX_DECK) % MARK_BITS of word (slot % MAX_DECK) // MARK_BITS
MARK_BITS = 30
MEMORY_MARK = _a("memory_mark", (2, (MAX_DECK + MARK_BITS - 1) // MARK_BITS))

STATE_SIZE = LAYOUT.size

# ---- values of FLOW and SUSPENDED -------------------------------------------------------------
# flow states: what ``advance`` does next when nothing else is pending
F_MULLIGAN = 1
F_TURN_START = 2  # CR 6.2 stand phase, 6.3 draw phase
F_CLOCK = 3  # CR 6.4
F_MAIN = 4  # CR 6.5
F_CLIMAX = 5  # CR 6.6
F_ATTACK_DECL = 6  # CR 7.2
F_TRIGGER = 7  # CR 7.3.1.2 reveal
F_TRIGGER_ICON = 8  # perform icon TRIG_ICON_I of the revealed card
F_TRIGGER_DONE = 9  # the trigger card to stock
F_COUNTER = 10  # CR 7.4
F_DAMAGE = 11  # CR 7.5
F_BATTLE = 12  # CR 7.6
F_END_ATTACK = 13  # CR 7.5.1.4 / 7.6.1.5
F_ENCORE = 14  # CR 7.7
F_END = 15  # CR 6.8
F_END_CLEANUP = 16

# SUSPENDED: a turn action a level up (CR 9.3.1, an interrupt-type rule action, 9.1.2.1) suspended:
# what is left of it when the level up is done. (An effect program needs no entry: it stays on the
# frame stack at its next instruction, and ``advance`` resumes it after the level up.)
RS_NONE = 0
RS_CLOCK_DRAWS = 1  # CR 6.4.1.2: the clocked card's two draws, then the main phase
