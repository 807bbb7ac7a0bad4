"""FF-TCG state row layout: every offset the kernels use, as module constants.

Per-player values are runs of 2 (index = player); per-card values are runs of N_SLOTS (index =
card slot; player p's deck occupies slots [p*MAX_DECK, p*MAX_DECK + deck size)).
"""

from tcg_env.engine.layout import StateLayout
from tcg_env.engine.reveals import declare_reveals
from tcg_env.engine.zones import Seen, ZoneLists
from tcg_env.rules.modifiers import ADD, OR, ModifierTable
from tcg_env.rules.triggers import TriggerColumns
from tcg_env.games.fftcg.constants import (
    A_COND,
    A_COND_ARG,
    A_KIND,
    A_TRIG_FILTER,
    A_TRIGGER,
    C_ABIL_COUNT,
    C_ABIL_START,
    C_KEYWORDS,
    C_POWER,
    FIELD_SLOTS,
    FRAME_MAX,
    MAX_DECK,
    REVEAL_ROWS,
    N_REGS,
    N_SLOTS,
    OPTION_SLOTS,
    PENDING_TRIGGER_MAX,
    STACK_MAX,
    TARGET_MAX,
    AbilityKind,
    Duration,
    Mod,
    Zone,
)

LAYOUT = StateLayout("fftcg")
_a = LAYOUT.add

# ---- flow -------------------------------------------------------------------------------------
PHASE = _a("phase")
STEP = _a("attack_step")
TURN_PLAYER = _a("turn_player")
FIRST_PLAYER = _a("first_player")
PRIORITY_PLAYER = _a("priority_player")
PASSES = _a("consecutive_passes")
# 1 while the pending PRIORITY decision was set by a priority point whose rule processes (CR 12.3)
# found nothing to do, with no auto-ability pending: a pass (handing priority on, or ending the step
# or phase) changes nothing they read, so the next priority point can skip them (kernels.apply_unchecked)
PRIORITY_CLEAN = _a("priority_rules_clean")
# 0, or 1 + the field abilities' dependencies (cards.derived_deps, never DEP_UNCACHED) when the derived values of
# the field cards (D_POWER, D_KW, D_RST, D_COUNTS; characteristics.refresh_derived) are those of the modifiers and
# fields now: a memo set by refresh_derived and cleared wherever a modifier or a field changes (zones.enter_field /
# leave_field, effects' modifier ops, the end of the turn: state.MODS' writers), so that a refresh with nothing
# changed since the last one returns at once (with field abilities on the field: while the counts their
# conditions read are the kept part's, FA_HEAD). A position edited by hand sets it to 0 (computed anew)
DERIVED_CLEAN = _a("derived_clean")
FLOW = _a("flow")  # Flow: what the engine does next when no decision and no effect frame is pending
MULLIGAN_STAGE = _a("mulligan_stage")  # 0 first player, 1 second player, 2 done
DEC_ARG = _a("decision_args", 4)  # parameters of the pending decision (see kernels)
TIMESTAMP = _a("timestamp")

# ---- players ----------------------------------------------------------------------------------
# the list zones (tcg_env.engine.zones): the core moves, shuffles, lists and re-deals cards through
# ZT; a card on the field is in its controller's list (CR 6.2.5). Who sees them (CR 7.6): the deck
# nobody (CR 7.9.2), the hand its owner (CR 7.11.2); the opponent knows the cards of both from the
# deck list, not which is where (one pile); the field, Damage Zone, Break Zone and Removed zone are
# public (CR 7.7.2, 7.8.3, 7.10.2, 7.13.2)
LISTS = ZoneLists(LAYOUT)
LISTS.counts("deck", "hand", "field", "break", "damage", "removed")  # the counts first, together
DECK_N, DECK_L = LISTS.declare(Zone.DECK, "deck", MAX_DECK, seen_by=Seen.NOBODY, pile="deck_and_hand")  # bottom .. top
HAND_N, HAND_L = LISTS.declare(Zone.HAND, "hand", MAX_DECK, seen_by=Seen.HOLDER, pile="deck_and_hand")
FIELD_N, FIELD_L = LISTS.declare(Zone.FIELD, "field", FIELD_SLOTS, holder="controller")
BREAK_N, BREAK_L = LISTS.declare(Zone.BREAK, "break_zone", MAX_DECK, count="break_count")
DAMAGE_N, DAMAGE_L = LISTS.declare(Zone.DAMAGE, "damage_zone", MAX_DECK, count="damage_count")
REMOVED_N, REMOVED_L = LISTS.declare(Zone.REMOVED, "removed", MAX_DECK)
DREW_FROM_EMPTY = _a("drew_from_empty", 2)  # CR 12.4.2
DAMAGED_EMPTY = _a("damaged_with_empty_deck", 2)  # CR 12.4.3

# ---- card slots -------------------------------------------------------------------------------
# One record of CARD_W ints per card slot: the attributes of one card are adjacent, so the kernels
# touch one or two cache lines per card (a vector env steps 1024 rows that are cold in cache: the
# column-per-attribute layout cost ~3 us per step in cache misses, measured). Element: ATTR + slot * CARD_W.
_CARD_ATTRS = [
    "card_id",  # -1 = unused slot
    "owner",
    "controller",
    "zone",  # constants.Zone
    "dull",
    "damage_taken",  # damage on a Forward (CR 5.2.6.1), removed in the End Phase
    "frozen",  # CR 15.2.4
    "control_since_turn",  # turn it came under its controller's control
    "attacked_turn",  # turn it last attacked (0 = never)
    "power_mod_eot",
    "power_mod_perm",
    "keywords_eot",
    "keywords_perm",
    "restrict_eot",
    "restrict_perm",
    # derived (recomputed from the above and the field abilities after every change)
    "power",
    "keywords",
    "restrictions",
]
CARD_W = len(_CARD_ATTRS)
(CARD, OWNER, CONTROLLER, ZONE, DULL, DMG, FROZEN, CTRL_TURN, ATTACKED, PMOD_EOT, PMOD_PERM, KW_EOT,
 KW_PERM, RST_EOT, RST_PERM, D_POWER, D_KW, D_RST) = LAYOUT.add_records(N_SLOTS, _CARD_ATTRS)
ZONES = LISTS.table(Zone, card=CARD, owner=OWNER, zone=ZONE)
ZT = ZONES.compile()
# the modifiers of effects (tcg_env.rules.modifiers): power, keywords and restrictions until the end
# of the turn (CR 9.5.1.3.2) or while the card stays on the field, each in a word of its own; the
# values now (D_POWER, D_KW, D_RST) are the printed ones with them (then the field abilities,
# characteristics.refresh_derived). A card that moves is a new card (CR 7.4): it forgets them, its
# damage, dull, frozen and attack marks and the values now; damage also ends with the turn
# (CR 9.5.1.3.1)
MODS = ModifierTable(LAYOUT, Mod, Duration, card=CARD)
MODS.kind(Mod.POWER, ADD, derived=D_POWER, base_column=C_POWER)
MODS.kind(Mod.KEYWORDS, OR, derived=D_KW, base_column=C_KEYWORDS)
MODS.kind(Mod.RESTRICTIONS, OR, derived=D_RST)
for _kind, _eot, _perm in ((Mod.POWER, PMOD_EOT, PMOD_PERM), (Mod.KEYWORDS, KW_EOT, KW_PERM),
                           (Mod.RESTRICTIONS, RST_EOT, RST_PERM)):
    MODS.cell(_kind, Duration.END_OF_TURN, _eot)
    MODS.cell(_kind, Duration.PERMANENT, _perm)
MODS.forget(DMG, duration=Duration.END_OF_TURN)
for _word in (DULL, FROZEN, ATTACKED, D_POWER, D_KW, D_RST):
    MODS.forget(_word)
MT = MODS.compile()
# a card's auto-abilities an event triggers (tcg_env.rules.triggers; CR 11.8): the ability table's
# columns. Only "when a ... enters your field" (ENTERS_OTHER) has a trigger filter, which the
# entering card must match (triggers.trigger_enters): its scan is the second declaration
_TRIGGER_COLUMNS = dict(card=CARD, abil_start=C_ABIL_START, abil_count=C_ABIL_COUNT, kind=A_KIND,
                        auto=AbilityKind.AUTO, trigger=A_TRIGGER, cond=A_COND, cond_arg=A_COND_ARG)
TT = TriggerColumns(LAYOUT, **_TRIGGER_COLUMNS).compile()
TT_ENTERS_OTHER = TriggerColumns(LAYOUT, trig_filter=A_TRIG_FILTER, **_TRIGGER_COLUMNS).compile()
# per player: [Forwards, Backups, active cost-reduction field abilities] on the field
D_COUNTS = _a("derived_counts", (2, 3))

# ---- cost payment in progress (CR 11.2) --------------------------------------------------------
PAY_KIND = _a("pay_kind")  # PayKind
PAY_PLAYER = _a("pay_player")
PAY_SLOT = _a("pay_source")  # card being played / source of the ability
PAY_ABIL = _a("pay_ability")  # ability row (abilities) or -1
PAY_COST = _a("pay_cost")  # CP locked at declaration (CR 11.3.7, 11.4.6, 11.6.9)
PAY_ELEM = _a("pay_element")  # element one CP must have (-1: none)
PAY_PAID = _a("pay_paid")
PAY_HAS_ELEM = _a("pay_has_element")
PAY_NDISC = _a("pay_discards")  # cards discarded for CP so far (the one-excess rule)
PAY_DISCARD_LEFT = _a("pay_discard_cost_left")  # cards still to discard as a cost, or Characters to dull for a "Dull N active ..." cost (never both)
PAY_SAMENAME = _a("pay_same_name")  # 1: the special ability's same-name discard is still due

# ---- the stack (CR 7.12) and effect programs ---------------------------------------------------
E_KIND = 0  # EntryKind
E_SLOT = 1  # source card slot
E_ABIL = 2  # ability row
E_CTRL = 3  # controller
E_CARD = 4  # source card id (last known information, CR 11.11.4)
E_AUX = 5  # trigger information (e.g. the card that entered)
E_REGN = 6  # N_REGS counts
E_REG = E_REGN + N_REGS  # N_REGS * TARGET_MAX card slots
ENTRY_W = E_REG + N_REGS * TARGET_MAX
# the action a modal program selected (Op.SELECT_MODE: k + 1, 0 = none): the last card slot of the
# last register, which a modal program never fills (the card compiler caps that register's count
# at TARGET_MAX - 1 in modal programs)
E_MODE = ENTRY_W - 1
# an effect whose amount is its source's power (constants.PER_SOURCE_POWER): 1 + that power / 1000 just before the
# source left the field after the entry was made (CR 11.11.4; zones.leave_field writes it), 0 while it has not: the
# second last card slot of the last register, which such a program never fills (the card compiler refuses its use of
# that register)
E_LKI = ENTRY_W - 2
STACK_N = _a("stack_count")
BUILD_ENTRY = _a("entry_being_played", ENTRY_W)  # a Summon / ability between targets and costs
STACK = _a("stack", (STACK_MAX, ENTRY_W))

# pending auto-abilities (CR 11.8.7), per controller: (source slot, ability row, aux)
PT_N = _a("pending_trigger_count", 2)
PT = _a("pending_triggers", (2, PENDING_TRIGGER_MAX, 3))

# effect frames: an entry plus the interpreter's registers
FR_MODE = ENTRY_W  # FrameMode
FR_PC = ENTRY_W + 1  # index into the program
FR_CNT = ENTRY_W + 2  # loop counter of the current instruction
FR_PURPOSE = ENTRY_W + 3  # Purpose: what happens when the frame finishes
FR_PLAYER = ENTRY_W + 4  # damage process: the damaged player
FR_LEFT = ENTRY_W + 5  # damage process: points still to resolve
FRAME_W = ENTRY_W + 6
FRAME_N = _a("frame_count")
FRAMES = _a("frames", (FRAME_MAX, FRAME_W))

# ---- attack (CR 10) -----------------------------------------------------------------------------
ATK_N = _a("attacker_count")
ATK_L = _a("attackers", FIELD_SLOTS)
BLOCKER = _a("blocker")  # slot or -1
BLOCK_DECLARED = _a("block_declared")
DSTAGE = _a("damage_stage")  # DamageStage
ASSIGN_LEFT = _a("party_damage_left")  # blocker damage still to assign (CR 10.1.4.2.1)
ASSIGN_DONE = _a("party_damage_assigned")
ASSIGNED = _a("party_damage", FIELD_SLOTS)  # per attacker index

# ---- candidates of SELECT_CARD / ORDER_TRIGGERS --------------------------------------------------
CAND_N = _a("candidate_count")
CAND = _a("candidates", OPTION_SLOTS)  # card slots (SELECT_CARD) or trigger indices

# each player's latest reveal (Op.REVEAL_TOP, REVEAL_UNTIL, LOOK_TOP "reveal"): shown to both players, kept as
# card ids (tcg_env.engine.reveals; constants.REVEAL_ROWS)
REVEALED_N, REVEALED = declare_reveals(LAYOUT, REVEAL_ROWS)  # tcg_env.engine.reveals

# scratch marks used inside one kernel call (always all zero between calls)
MARKS = _a("scratch_marks", N_SLOTS)

# ---- the field abilities' part of the derived values, kept (characteristics.refresh_derived) ------
# What the field abilities on the field gave the cards (CR 11.9, 11.12.4) when it was last computed, with what
# it was computed from: the cards on the fields by place (slot + N_SLOTS * card id) and the counts their
# conditions read (the damage, the hands, the turn player and phase, the Break Zones' counts and entries;
# cards.derived_deps). A memo of the row's
# other words and the pool: refresh_derived adds it to the cards' own values while the fields hold the same cards
# and those counts are the same (characteristics.field_part_kept), else computes it anew. -1 in the first word:
# nothing kept. The words of a game in the head (in the last line of the words above, which hooks prefetches),
# then one record per place on the fields, the two players' i-th places side by side (player p's i-th at
# FA_POS + (2 * i + p) * FA_W: the few first places of both fields in one or two cache lines)
FA_FIELD_N, FA_DAMAGE_N, FA_HAND_N, FA_TURN, FA_PHASE, FA_COST_REDUCTIONS, FA_BREAK_N, FA_BREAK_IN = 0, 2, 4, 6, 7, 8, 10, 12
FA_HEAD = _a("field_part_inputs", 14)
FA_KEY, FA_POWER, FA_KEYWORDS, FA_RESTRICTIONS = 0, 1, 2, 3
FA_W = 4
FA_POS = _a("field_part", (FIELD_SLOTS, 2, FA_W))

# per player: the Summons they have cast this turn (CR 11.3.8: counted when the casting ends, play.finish_payment; set
# to 0 at the start of each turn, turn.start_turn): Condition.CAST_AT_LEAST ("if you have cast a Summon this turn");
# plus constants.CAST_UNIT times the cards they have cast this turn (session 22: the Summons and the Characters played
# from the hand paying their cost: "if you have cast 3 or more cards this turn", Trigger.CAST_CARD_2..7)
CAST_N = _a("summons_cast_this_turn", 2)

# per card slot: while its RESTRICT_DAMAGE_SHIELD bit is set (until the end of the turn, forgotten when the card moves),
# the total of its "next damage" shields (Op.DAMAGE_SHIELD: N, or SHIELD_ZERO); once the next damage dealt to it used
# them (the bit cleared), the total that damage used (0: none), which the rest of one amount dealt in two rows
# ("Deal it X damage. If C, deal it Y damage instead.") reads again (effects.deal_forward_damage)
SHIELD = _a("damage_shield", N_SLOTS)

# per player: the cards put into their Break Zone so far this game (zones.put_in_zone). With the Break Zone's count it
# names what the Break Zone holds since the field part was kept (FA_BREAK_IN, FA_BREAK_N): a card leaving lowers the
# count, a card entering raises this, so the pair is the same only while no card entered or left
BREAK_IN = _a("break_zone_entries", 2)

# per player: 1 while "During this turn, the next damage dealt to you becomes 0 instead." (Op.PLAYER_DAMAGE_SHIELD) waits
# for the next damage dealt to them (effects.use_player_shield clears it; turn.start_turn clears both: "this turn"); the
# other bits are "this turn" marks (constants.OPP_DISCARDED_BIT, FORWARD_PUT_BREAK_BIT, PARTY_FORMED_BIT)
PLAYER_SHIELD = _a("player_damage_shield", 2)

# per card slot: while its RESTRICT_DAMAGE_BOOST bit is set (until the end of the turn, forgotten when the card moves),
# its replacements of the damage dealt to it and of the damage it deals to Forwards (Op.DAMAGE_BOOST: "If it deals
# damage to a Forward this turn, the damage increases by N instead.", "... double the damage instead."): the BOOST_*
# fields of constants (effects.add_damage_boost, read by effects.damage_dealt)
BOOST = _a("damage_boost", N_SLOTS)

# per card slot (session 21): the cards whose damage marked it this turn, or whose effect marked it for a delayed
# "When it is put from the field into the Break Zone this turn" (constants.HIT_*; Trigger.DAMAGED_BY_PUT_BREAK /
# DELAYED_PUT_BREAK, triggers.trigger_marked); cleared when it leaves the field (a new card, CR 7.4) and as a turn
# begins (turn.start_turn, pool flag FLAG_HIT_BY)
HIT_BY = _a("damaged_by_this_turn", N_SLOTS)

STATE_SIZE = LAYOUT.size
