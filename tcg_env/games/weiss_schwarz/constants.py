"""Weiss Schwarz constants shared by the card compiler, the kernels and the facade (the contract).

Everything here is a plain int or an ``IntEnum``; numba folds both into the kernels at compile
time, so the kernels write ``K.Zone.DECK`` / ``K.Op.CHOOSE`` directly (no alias copies). The card
compiler (``tcg_env.games.weiss_schwarz.cards``) writes four int32 tables with the column layouts below
and the kernels read them, passed packed into one array ``T`` (``tcg_env.engine.tables``:
``card_table(T)``, ``ability_table(T)``, ``filter_table(T)``, ``code_table(T)``):

* ``cards[card_id, C_*]``      one row per card of the pool (card ids 0..n-1 in pool order);
* ``abilities[row, A_*]``      one row per ability; a card's abilities are the rows
                               ``C_ABIL_START .. C_ABIL_START + C_ABIL_COUNT - 1``;
* ``filters[row, F_*]``        card sets referenced by abilities and instructions;
* ``code[row, I_*]``           effect programs: ``A_CODE_LEN`` consecutive instruction rows.

Conventions for the compiler:

* unused integer columns are 0 unless the column says "-1 = none";
* interned ids (names, traits, titles) start at 1; 0 means "none / any";
* a table with no rows still has its full column count (``np.zeros((0, N), np.int32)``).

Rule numbers refer to ``weiss-schwarz-comprehensive.md`` ("CR").
Changes to this file after the first "WS contract:" commit are additive only (new columns are
added last to their ``TableLayout``, whose ``width`` is the ``*_NCOLS`` value; new enum members get
new numbers).
"""

from __future__ import annotations

from enum import IntEnum

from tcg_env.cards.columns import bound, copy, enum, interned, mask
from tcg_env.engine.blocks import ActionLayout, TableLayout
from tcg_env.engine.effects import CoreOp
from tcg_env.engine.effects import Who as CoreWho
from tcg_env.engine.hooks import Rules

# the tag the engine core's kernels are compiled for Weiss Schwarz with (tcg_env.engine.hooks); here,
# not in hooks.py, so that the game's own kernels can pass it to the core's (hooks.py imports them)
RULES = Rules("tcg_env.games.weiss_schwarz.hooks")

# --------------------------------------------------------------------------------------------
# Capacities
# --------------------------------------------------------------------------------------------
DECK_SIZE = 50  # CR 5.1.2.1: exactly fifty cards
MAX_DECK = 50  # card slots per player
N_SLOTS = 2 * MAX_DECK  # player p owns slots [p*MAX_DECK, (p+1)*MAX_DECK)
MAX_COPIES = 4  # CR 5.1.2.2: up to four cards of the same name
MAX_CLIMAX = 8  # CR 5.1.2.3: eight or fewer climax
OPENING_HAND = 5  # CR 5.2.1.4
HAND_LIMIT = 7  # CR 3.3.3.1
CLOCK_TO_LEVEL = 7  # CR 3.8.3 / 9.3.1
LEVEL_TO_LOSE = 4  # CR 1.2.2.1
N_POSITIONS = 5  # CR 3.6.1: stage positions 0..4 = (1) (2) (3) center, (4) (5) back
N_CENTER = 3
HAND_SLOTS = 16  # hand positions addressable by actions (see docs/weiss_schwarz/actions.md)
ABILITIES_PER_CARD = 2  # activated abilities addressable per stage character
OPTION_SLOTS = 16  # candidates of a SELECT decision (level up: 7 clock cards, ...)
# target registers per effect program (session 34: three, for lines that choose three sets of cards, e.g. "choose 1
# card in your level and 1 in your waiting room, exchange them, and choose 1 of your characters, ..."; each costs
# 1 + TARGET_MAX words of every frame, state.FR_REGN / FR_REG / FRAME_W)
N_REGS = 3
TARGET_MAX = 8  # cards per target register
PENDING_MAX = 16  # pending (standby) automatic abilities per player (CR 8.7.2)
FRAME_MAX = 4  # nested effect programs (an auto ability triggered while another resolves)
MAX_ABIL_PER_CARD = 8  # the compiler rejects cards with more abilities than this
# the attacking character's USES word, above the once-per-turn bits (3 x MAX_ABIL_PER_CARD): the trigger
# checks its attack's trigger step still performs after the one of CR 7.3.1.2 (Op.TRIGGER_CHECKS); no
# new state word, cleared at the end of the attack (and with USES at the end of the turn)
EXTRA_TRIG_SHIFT = 24
# the cards of a player's latest reveal kept in the state row and the observation (state.REVEALED,
# tcg_env.engine.reveals): "reveal the top card of your deck" shows it to both players
REVEAL_ROWS = 4
EXTRA_TRIG_MASK = 3
# a granted AUTO ability with "this ability activates up to 1 time per turn" (cards._Compiler.grant_index): the
# receiving card's USES word keeps its use in bit GRANT_USE_BIT0 + j, j its index among the pool's limited
# granted abilities (at most MAX_LIMITED_GRANTS: bits 26..30, above EXTRA_TRIG), packed into its ability row's
# A_ONCE_PER_TURN above the limit (ONCE_LIMIT_MASK; no new column)
GRANT_USE_BIT0 = 26
MAX_LIMITED_GRANTS = 5
GRANT_LIMIT_SHIFT = 4
ONCE_LIMIT_MASK = 15
# Safety net for CR 11.1 (infinite loops): a game that reaches this many decisions is a draw.
MAX_DECISIONS_PER_GAME = 20000

# Stage geometry (CR 3.6.3 - 3.6.5), position index 0..4 = the rules' (1)..(5).
POS_CENTER_LEFT = 0
POS_CENTER_MIDDLE = 1
POS_CENTER_RIGHT = 2
POS_BACK_LEFT = 3
POS_BACK_RIGHT = 4
# CR 3.6.5: my (1) faces the opponent's (3), (2) faces (2), (3) faces (1)
FACING = (2, 1, 0, -1, -1)
# CR 3.6.4: (1)-(4), (2)-(4), (2)-(5), (3)-(5); bit masks of related positions
BEHIND_MASK = (1 << 3, (1 << 3) | (1 << 4), 1 << 4, 0, 0)  # back positions behind a center one
IN_FRONT_MASK = (0, 0, 0, (1 << 0) | (1 << 1), (1 << 1) | (1 << 2))  # center positions in front of a back one


# --------------------------------------------------------------------------------------------
# Card characteristics (CR 2)
# --------------------------------------------------------------------------------------------
class CardType(IntEnum):  # CR 2.3.2
    CHARACTER = 0
    EVENT = 1
    CLIMAX = 2


TYPEMASK_CHARACTER = 1
TYPEMASK_EVENT = 2
TYPEMASK_CLIMAX = 4
TYPEMASK_ANY = 7
TYPEMASK_BITS = {"character": TYPEMASK_CHARACTER, "event": TYPEMASK_EVENT, "climax": TYPEMASK_CLIMAX,
                 "any": TYPEMASK_ANY}  # a filter's type names


class Color(IntEnum):  # CR 2.4
    YELLOW = 0
    GREEN = 1
    RED = 2
    BLUE = 3
    PURPLE = 4


N_COLORS = 5
COLOR_NAMES = [c.name.lower() for c in Color]
COLOR_BITS = {c.name.lower(): 1 << c for c in Color}  # a filter's colour mask


class Side(IntEnum):  # CR 2.18 side frame (bit mask)
    WEISS = 1
    SCHWARZ = 2
    BOTH = 3


class TriggerIcon(IntEnum):
    """CR 4.12.2. A card has up to two icons (C_TRIGGER0, C_TRIGGER1); a double soul is SOUL twice."""

    NONE = 0
    SOUL = 1  # 4.12.2.2 +1 soul to the attacker until end of turn (mandatory)
    RETURN = 2  # 4.12.2.3 may return an opponent's character to hand ("bounce" / wind)
    POOL = 3  # 4.12.2.4 may put the top card of the deck into stock (bag)
    COMEBACK = 4  # 4.12.2.5 may return a character from waiting room to hand (door)
    DRAW = 5  # 4.12.2.6 may draw a card (book)
    SHOT = 6  # 4.12.2.7 next canceled damage of the attacker this turn -> deal 1 damage
    TREASURE = 7  # 4.12.2.8 this card to hand, then may put top of deck into stock (bar)
    GATE = 8  # 4.12.2.9 may return a climax from waiting room to hand
    STANDBY = 9  # 4.12.2.10 may put a character of level <= level+1 from WR on stage, rested


N_TRIGGER_ICONS = 10
TRIGGER_ICON_NAMES = [t.name.lower() for t in TriggerIcon]

# Keyword labels printed on a card (C_KEYWORDS bit mask, CR 10). Labels that are "not an ability
# per se" (Alarm, Brainstorm, Change, Memory, Experience, Accelerate, Resonate, Fusion) are also
# stored on the ability row (A_KEYWORD) so "when you use <keyword>" triggers can find them.
KW_ALARM = 1 << 0  # 10.1
KW_ENCORE = 1 << 1  # 10.2 (a printed Encore other than the rules' default Encore [3])
KW_ASSIST = 1 << 2  # 10.3
KW_BOND = 1 << 3  # 10.4
KW_BACKUP = 1 << 4  # 10.5 (see C_BACKUP_*)
KW_GREAT_PERFORMANCE = 1 << 5  # 10.6 (engine rule: attacks are frontal attacks on this card)
KW_BRAINSTORM = 1 << 6  # 10.7
KW_CHANGE = 1 << 7  # 10.8
KW_MEMORY = 1 << 8  # 10.9
KW_EXPERIENCE = 1 << 9  # 10.10
KW_SHIFT = 1 << 10  # 10.11 (see C_SHIFT_LEVEL)
KW_ACCELERATE = 1 << 11  # 10.12
KW_RESONATE = 1 << 12  # 10.13
KW_FUSION = 1 << 13  # 10.14
KW_SUNDER = 1 << 14  # 10.15
# "[REST] N of your (other) <spec> characters" packed into A_COST_REST_SELF (no new column: the
# built-in pools' tables, and so their fingerprints, stay as they were): N in bits 1..3, the filter
# row + 1 from bit 8 (0: none)
LEVEL_ABOVE_OPP = 2  # F_LEVEL_MAX_REL bit: "with level higher than your opponent's level"
LEVEL_MAX_X = 4  # F_LEVEL_MAX_REL bit: "level X or lower", X the count stored in the running program's frame
NAME_OR_TRAIT = 16  # F_LEVEL_MAX_REL bit: the card named (F_NAME, any type) or a character with the trait(s) ('"X" or <<T>>')
# F_LEVEL_MAX_REL bit: "characters with markers": a stage character with a marker underneath it (CR 3.5.3)
WITH_MARKERS = 32
# F_LEVEL_MAX_REL bit: "a character with [icon] in its trigger icon" whose icon the English database drops: a card
# with at least one trigger icon (CR 2.12; approximation trigger_icon_dropped_card)
WITH_ICON = 64
COLOR_OR_TRAIT = 8  # F_LEVEL_MAX_REL bit: the colour mask and the trait(s) are alternatives ("green or <<A>> or <<B>>")
# F_LEVEL_MAX_REL bit: "event or <<T>> character" (two types, F_TYPE_MASK): the other qualities are the character's; a
# card of another type of the mask matches on its type alone (session 28, s28-wsb)
QUALS_CHARACTERS = 128
# A_OPTIONAL >= DECLINED_PC0: "you may pay the cost. If you do not, ..." (session 28, s28-wsb): the program's row
# A_OPTIONAL - DECLINED_PC0 starts what is done when the cost is declined or cannot be paid (triggers.play_pending)
DECLINED_PC0 = 2
REST_OTHER_SHIFT = 1
REST_OTHER_MASK = 7
# with this bit the N characters are put into the waiting room instead of rested, whatever their
# orientation ("[put N <spec> character(s) from your stage into your waiting room]", cost stage_to_wr)
REST_OTHER_TO_WR = 1 << 4
# with REST_OTHER_TO_WR: into the clock instead ("[put N <spec> character(s) from your stage into your clock]")
REST_OTHER_TO_CLOCK = 1 << 5
REST_OTHER_FILTER_SHIFT = 8
# "[put 1 "X" from your climax area into your waiting room]" packed into A_COST_REVEAL_FILTER (no new
# column): COST_CLIMAX_FILTER0 - filter row (-1 stays "no reveal", a row >= 0 Resonate's reveal)
COST_CLIMAX_FILTER0 = -2
# a Resonate reveal (a row >= 0) with this bit: the revealed hand card is shown to both players (state.REVEALED;
# costs.pay_fixed_costs); the card-text compiler sets it for a named card only (the built-in pools never do)
REVEAL_SHOWN = 1 << 20
# an ability granted to a card ("... gets the following ability until end of turn. "[AUTO] ...""):
# its row comes after every card's (no card's range holds it), with A_ZONE = GRANT_ZONE0 + k for
# the granted ability k, whose bit 1 << (GRANT_BIT0 + k) an effect ORs into the card's end-of-turn
# keyword modifier (KWMOD) or a CONT ability into its derived keywords (D_KW); triggers.trigger_granted
GRANT_ZONE0 = 16
GRANT_BIT0 = 15  # KWMOD / KWMOD_LONG / D_KW bits GRANT_BIT0.. : granted abilities, above every KW_* bit (CR 10.1-10.15)
# each of the three words has its own granted abilities (session 27): the kind of a grant is the word that holds
# its bit (GRANT_UNTIL_TURN_END: KWMOD, an effect's "until end of turn"; GRANT_UNTIL_OPP_TURN_END: KWMOD_LONG, "until
# the end of your opponent's next turn"; GRANT_BY_CONT: D_KW, a CONT ability's, which refresh_derived keeps apart
# from the modifiers' bits), so a pool has MAX_GRANTS of each kind; the granted ability j of kind g has the row with
# A_ZONE = GRANT_ZONE0 + g * GRANT_KIND_STRIDE + j, and characteristics.granted_bits packs a card's three words so
# that bit A_ZONE - GRANT_ZONE0 of the packed int64 is whether the card has that ability
MAX_GRANTS = 16  # granted abilities per pool and kind (bits 15..30 of the int32 word)
GRANT_KIND_STRIDE = 16
GRANT_UNTIL_TURN_END = 0
GRANT_UNTIL_OPP_TURN_END = 1
GRANT_BY_CONT = 2
KW_PRINTED_MASK = (1 << GRANT_BIT0) - 1  # the keyword bits of a keyword word (below the granted abilities')
# "with "X" in its card name" (a part of a card name): the pool compiler gives each distinct set of
# name parts a group k (F_NAME = -(k + 1)) and sets bit NAME_GROUP_BIT0 + k of C_TITLE on every card
# whose name contains one of them; the title id keeps the low bits (TITLE_MASK). No new column:
# the built-in pools (no such filter) keep their tables and fingerprints.
NAME_GROUP_BIT0 = 16
MAX_NAME_GROUPS = 15
# "If this card is in the stage, this card's card name will also be regarded as "X"." (cards.WSCard
# also_named_on_stage): C_NAME keeps the name id in its low bits (NAME_MASK) and, above them, bit ALIAS_GROUP_BIT0 + k
# for each name group k that X is in; a name check of a card on the stage sees them (filters.filter_match /
# card_named, play.hand_filter_ok). X is no card name of the pool (a name the text refers to is then a name group).
NAME_MASK = 0x7FFF
ALIAS_GROUP_BIT0 = 15
TITLE_MASK = 0xFFFF
KEYWORD_BITS = {
    "alarm": KW_ALARM,
    "encore": KW_ENCORE,
    "assist": KW_ASSIST,
    "bond": KW_BOND,
    "backup": KW_BACKUP,
    "great_performance": KW_GREAT_PERFORMANCE,
    "brainstorm": KW_BRAINSTORM,
    "change": KW_CHANGE,
    "memory": KW_MEMORY,
    "experience": KW_EXPERIENCE,
    "shift": KW_SHIFT,
    "accelerate": KW_ACCELERATE,
    "resonate": KW_RESONATE,
    "fusion": KW_FUSION,
    "sunder": KW_SUNDER,
}


class Keyword(IntEnum):
    """Value of A_KEYWORD: the keyword an ability row is written with (0 = none)."""

    NONE = 0
    ALARM = 1
    ENCORE = 2
    ASSIST = 3
    BOND = 4
    BACKUP = 5
    GREAT_PERFORMANCE = 6
    BRAINSTORM = 7
    CHANGE = 8
    MEMORY = 9
    EXPERIENCE = 10
    SHIFT = 11
    ACCELERATE = 12
    RESONATE = 13
    FUSION = 14
    SUNDER = 15


# Granted-state bits (effects "cannot ..."), stored per character; used by RESTRICT / AURA_RESTRICT
RESTRICT_CANT_ATTACK = 1 << 0
RESTRICT_CANT_FRONTAL = 1 << 1
RESTRICT_CANT_SIDE = 1 << 2
RESTRICT_CANT_BE_CHOSEN = 1 << 3  # by the opponent's effects
RESTRICT_CANT_MOVE = 1 << 4
RESTRICT_NO_ENCORE = 1 << 5  # cannot use Encore
# not a restriction: a hand card's permission, "can be played from your hand without fulfilling color
# requirements" (an aura_restrict of a CONT ability with zone "hand" only: play.hand_no_color_req)
RESTRICT_NO_COLOR_REQ = 1 << 6
RESTRICT_CANT_REVERSE = 1 << 7  # "this card cannot become [REVERSE]" (battle.reverse_char)
# not a stage restriction: a hand card's, "this card cannot be played from your hand" (an aura_restrict of a
# CONT ability with zone "hand" only, under its condition: play.hand_cant_play, CR 8.6.2.1)
RESTRICT_CANT_PLAY = 1 << 8
# a stage character's restrictions on players ("[CONT] You cannot play events or "Backup" from your hand", "During
# this card's battle, your opponent cannot play "Backup" from their hand"): events (CR 6.5.1.2.2 / 7.4.1.2) or
# Backup (CR 10.5) played from the hand by the character's master (_YOU) or the other player (_OPP), always or
# while the character is in battle (_BATTLE: the attacking or the defending character, CR 7.2.1.5.1);
# play.play_locked
RESTRICT_NO_EVENTS_YOU = 1 << 9
RESTRICT_NO_BACKUP_YOU = 1 << 10
RESTRICT_BATTLE_NO_EVENTS_YOU = 1 << 11
RESTRICT_BATTLE_NO_BACKUP_YOU = 1 << 12
RESTRICT_BATTLE_NO_EVENTS_OPP = 1 << 13
RESTRICT_BATTLE_NO_BACKUP_OPP = 1 << 14
RESTRICT_NO_DAMAGE = 1 << 15  # "this card cannot deal damage to a player": its attack's damage (CR 7.5.1.2)
RESTRICT_CANT_STAND_PHASE = 1 << 16  # "this card cannot [STAND] during your stand phase" (a [CONT] ability's only:
#                                      turn.start_turn reads the derived D_RST, CR 6.2.1.2)
# "this card's soul does not decrease by side attacking": no -level soul on its side attacks (CR 7.2.1.4.2,
# battle.declare_attack)
RESTRICT_NO_SIDE_SOUL = 1 << 17
# "this card cannot be returned to hand / put into memory": a stage character an effect (effects.each_target), the
# return icon (CR 4.12.2.8, kernels.apply_decision) or its cost (costs) would move there stays on the stage
RESTRICT_CANT_TO_HAND = 1 << 18
RESTRICT_CANT_TO_MEMORY = 1 << 19
RESTRICT_PLAY_LOCKS = (RESTRICT_NO_EVENTS_YOU | RESTRICT_NO_BACKUP_YOU | RESTRICT_BATTLE_NO_EVENTS_YOU
                       | RESTRICT_BATTLE_NO_BACKUP_YOU | RESTRICT_BATTLE_NO_EVENTS_OPP | RESTRICT_BATTLE_NO_BACKUP_OPP)
# session 23 (s23-wsa): a stage character's rules for its master (a [CONT] ability's aura_restrict on itself; play.
# player_rule counts its master's characters with the bit, behind the pool's FLAG_PLAY_LOCK):
# "you get +1 to the limit on the number of cards in your hand" (CR 3.3.3.1 / 6.8.1.2: one each, turn.py)
RESTRICT_HAND_LIMIT_UP = 1 << 20
# "your climax (events) can be played from your hand without fulfilling color requirements" (CR 8.6.2.1.1)
RESTRICT_CX_ANY_COLOR_YOU = 1 << 21
RESTRICT_EVENT_ANY_COLOR_YOU = 1 << 22
# "during the attack phase, you cannot return characters from your waiting room to your hand by your card's effects"
# (effects: TO_HAND / BOND of an ability its master is the master of)
RESTRICT_NO_WR_TO_HAND_ATK_YOU = 1 << 23
# session 28 (s28-wsa): "this card cannot become [REVERSE] by [AUTO] effects of your opponent's characters" (effects.
# each_target's REVERSE: an [AUTO] ability of a character card whose master is the other player; not shown in the
# observation's cant_* columns yet)
RESTRICT_CANT_REVERSE_OPP_AUTO = 1 << 24
# session 28 (s28-wsa): "you cannot receive damage by [AUTO] effects of your opponent's characters" (its master, while
# it is on the stage) / "during this card's battle, ..." (while it is the attacking or the defending character, CR
# 7.2.1.5.1): effects.opp_auto_damage_locked, a player rule (play.player_rule's FLAG_PLAY_LOCK)
RESTRICT_NO_OPP_AUTO_DAMAGE_YOU = 1 << 25
RESTRICT_BATTLE_NO_OPP_AUTO_DAMAGE_YOU = 1 << 26
# "this card cannot direct attack" (session 29, s29-wsother; bit 29, the high end, apart from the session's other
# branches): battle.attack_legal refuses its direct attack (CR 7.2.1.4.1)
RESTRICT_CANT_DIRECT = 1 << 29
RESTRICT_PLAYER_RULES = (RESTRICT_PLAY_LOCKS | RESTRICT_HAND_LIMIT_UP | RESTRICT_CX_ANY_COLOR_YOU
                         | RESTRICT_EVENT_ANY_COLOR_YOU | RESTRICT_NO_WR_TO_HAND_ATK_YOU | RESTRICT_NO_OPP_AUTO_DAMAGE_YOU
                         | RESTRICT_BATTLE_NO_OPP_AUTO_DAMAGE_YOU)


# --------------------------------------------------------------------------------------------
# Card table: cards[card_id, C_*] (int32)
# --------------------------------------------------------------------------------------------
CARD_TABLE = TableLayout("card")
# a column with a source is filled from the card model by the compiler (tcg_env.cards.columns)
C_TYPE = CARD_TABLE.add("type", source=enum(CardType))
C_COLOR = CARD_TABLE.add("color", source=enum(Color))
C_LEVEL = CARD_TABLE.add("level", source=copy())  # CR 2.6 (0 for a climax)
C_COST = CARD_TABLE.add("cost", source=copy())  # CR 2.7 stock cost (0 for a climax)
C_POWER = CARD_TABLE.add("power", source=copy())  # CR 2.9 (characters only, else 0)
C_SOUL = CARD_TABLE.add("soul", source=copy())  # CR 2.10 number of soul icons (characters only, else 0)
C_TRIGGER0 = CARD_TABLE.add("trigger0", source=enum(TriggerIcon, "triggers.0", none=0))  # TriggerIcon (CR 2.11)
C_TRIGGER1 = CARD_TABLE.add("trigger1", source=enum(TriggerIcon, "triggers.1", none=0))  # TriggerIcon (second icon, NONE if one)
C_TRAIT0 = CARD_TABLE.add("trait0", source=interned("trait_ids", "trait", "traits.0"))  # interned trait id (CR 2.5), 0 = none
C_TRAIT1 = CARD_TABLE.add("trait1", source=interned("trait_ids", "trait", "traits.1"))
C_TRAIT2 = CARD_TABLE.add("trait2", source=interned("trait_ids", "trait", "traits.2"))
C_NAME = CARD_TABLE.add("name", source=interned("name_ids", "card name"))  # interned English card name id (>= 1): same-name rule, Bond, Change, Fusion, Sunder
C_TITLE = CARD_TABLE.add("title", source=interned("title_ids", "title"))  # interned title id (CR 2.13), 0 = none
C_SIDE = CARD_TABLE.add("side", source=enum(Side))  # Side bit mask (CR 2.18)
C_COUNTER = CARD_TABLE.add("counter", source=copy())  # 1 = counter icon (CR 2.8.2): playable in the opponent's counter step
C_CLOCK_ICON = CARD_TABLE.add("clock_icon", source=copy())  # 1 = clock icon (CR 2.8.3)
C_KEYWORDS = CARD_TABLE.add("keywords")  # KW_* bit mask
C_ABIL_START = CARD_TABLE.add("abil_start")  # first row of this card's abilities in the ability table
C_ABIL_COUNT = CARD_TABLE.add("abil_count")
C_EVENT_ABIL = CARD_TABLE.add("event_abil")  # ability row run when this event is played (kind EVENT), -1 otherwise
C_BACKUP_POWER = CARD_TABLE.add("backup_power")  # CR 10.5.2 Backup X (power), 0 = no Backup
C_BACKUP_LEVEL = CARD_TABLE.add("backup_level")  # CR 10.5.2 Level Y requirement of the Backup
C_BACKUP_COST = CARD_TABLE.add("backup_cost")  # stock paid for the Backup (the card itself goes to the waiting room)
# C_BACKUP_COST bit: the Backup's cost puts the card at the bottom of the deck ("[Reveal this card in your hand & Put it
# at the bottom of your deck]") instead of the waiting room; the stock is C_BACKUP_COST & BACKUP_STOCK_MASK
BACKUP_TO_DECK_BOTTOM = 16
# C_BACKUP_COST bit (session 34, s34d): "[(1) Put this card from your hand into your memory]": the card goes to the memory
# (play.to_memory, with its memory triggers), not the waiting room
BACKUP_TO_MEMORY = 32
BACKUP_STOCK_MASK = 15
C_SHIFT_LEVEL = CARD_TABLE.add("shift_level")  # CR 10.11.2 Shift, Level (Number); -1 = no Shift
C_CX_COMBO = CARD_TABLE.add("cx_combo")  # name id of the climax this card's combo ability names (CR 8.12), 0 = none
C_HAS_CONT = CARD_TABLE.add("has_cont")  # 1 if the card has a CONT ability (lets the kernels skip the others fast)
C_ENCORE_ABIL = CARD_TABLE.add("encore_abil")  # ability row of a printed Encore (kind AUTO, keyword ENCORE), -1 = none
# "<<A>> or <<B>> or <<C>>" (3+ traits; session 27): F_TRAIT holds two trait ids (the second packed in its high bits),
# so a filter naming more is a *trait group*: the pool compiler gives each distinct trait set k of its filters
# (F_TRAIT = -(k + 1)) and sets bit k of this column on every card that has one of the set's traits (cards.py
# mark_trait_groups). A card's traits are printed (CR 2.5; no effect grants one), so the bit is exact and the kernels
# test it in one shift (filters.filter_match, play.hand_filter_ok); no state word, no filter column per trait.
C_TRAIT_GROUPS = CARD_TABLE.add("trait_groups")
MAX_TRAIT_GROUPS = 31  # trait groups per pool (bits 0..30 of the int32 word)
C_NCOLS = CARD_TABLE.width

# The pool's flags table (tcg_env.engine.tables; cards.ws_kernel_flags), derived from the rule tables
# when the pool is packed: a row per card id, the last row the OR of them all and of the granted
# abilities. A clear bit lets the kernels skip a check for the card (or the pool): same play, less work.
FL_MISC = 0  # word: FLAG_* bits
FL_TRIG = 1  # words FL_TRIG, FL_TRIG + 1: bit t % 31 of word FL_TRIG + t // 31 = an AUTO ability with Trigger t
FLAG_HAND_CONT = 1  # a CONT ability that works from the hand (AbilityZone.HAND: play.hand_aura)
FLAG_PLAY_LOCK = 2  # (last row) an instruction restricting a player's events / Backup or another player rule
#                    (RESTRICT_PLAYER_RULES)
FLAG_GRANTED_CONT = 4  # (last row) a granted CONT ability (characteristics.apply_cont with the granted bits)
FLAG_GRANTED_ACT = 8  # (last row) a granted ACT ability (play.ability_usable_kind offers the granted rows)
FLAG_CONT_FILTERED = 16  # (card rows only) a continuous instruction of the card's CONT abilities whose target filter
#                          tests more of a stage character than its side and "this card" (cards.stage_trivial_filter):
#                          characteristics.apply_cont calls filter_match for this card's targets; clear in the pool's row
FL_CONT = 3  # word: bit (1 << AbilityZone z) = a CONT ability working from zone z with a continuous
#              instruction (Op.AURA_POWER .. AURA_POWER_LEVEL): what characteristics.apply_cont applies

# Per-card static observation columns (float32 [n, CARD_OBS_FEATURES]): card_obs_features (with
# an id column, for reference) and card_obs_rows (the observation's own column order, the kernel
# tables' obs_rows) in tcg_env.games.weiss_schwarz.cards.
CARD_OBS_FEATURES = 24


# --------------------------------------------------------------------------------------------
# Ability table: abilities[row, A_*] (CR 8.1)
# --------------------------------------------------------------------------------------------
class AbilityKind(IntEnum):
    CONT = 0  # CR 8.1.1.3 continuous: only AURA_* / RESTRICT-style instructions
    AUTO = 1  # CR 8.1.1.2 automatic: A_TRIGGER says when it enters a standby condition
    ACT = 2  # CR 8.1.1.1 activated: played in the master's main phase play timing
    EVENT = 3  # the effect of an event card (CR 6.5.1.2.2)
    COUNTER_ACT = 4  # an ACT usable in the opponent's counter step (counter icon, CR 7.4.1.2.1)


class Trigger(IntEnum):
    """Activation conditions of AUTO abilities (CR 8.1.1.2.1). "SELF" = this card."""

    NONE = 0
    PLAYED_SELF = 1  # "when this card is played and placed on the stage" (Bond, 10.4.2)
    PLACED_SELF = 2  # "when this card is placed on the stage" from any zone
    OTHER_PLACED = 3  # "when another of your characters is placed on stage"; A_TRIG_FILTER
    ATTACKS_SELF = 4  # CR 7.2.1.6 "when this card attacks"
    FRONTAL_ATTACKED_SELF = 5  # "when this card is frontal attacked" (becomes defending char)
    REVERSED_SELF = 6  # "when this card becomes reversed"
    BATTLE_OPP_REVERSED = 7  # "when this card's battle opponent becomes reversed"
    TO_WR_FROM_STAGE_SELF = 8  # "when this card is put into your waiting room from the stage"
    BEGIN_TURN = 9  # CR 6.2.1.1 "at the beginning of (your/opponent's) turn" (A_TRIG_WHOSE)
    BEGIN_DRAW = 10  # CR 6.3.1.1
    BEGIN_CLOCK = 11  # CR 6.4.1.1
    BEGIN_MAIN = 12  # CR 6.5.1.1 (Shift 10.11.2)
    BEGIN_CLIMAX = 13  # CR 6.6.1.1
    BEGIN_ATTACK = 14  # CR 7.2.1.1 "at the beginning of the attack phase"
    BEGIN_ENCORE = 15  # CR 7.7.1.1
    BEGIN_END = 16  # CR 6.8.1.1 "at the beginning of the end phase" / "at the end of turn"
    CLIMAX_PLACED = 17  # "when this card (a climax) is placed on your climax area"
    OWN_CLIMAX_PLACED = 18  # "when your climax is placed on your climax area"; A_TRIG_FILTER
    DAMAGE_CANCELED_SELF = 19  # "when the damage dealt by this card is canceled"
    DAMAGE_NOT_CANCELED_SELF = 20  # "when the damage dealt by this card is not canceled"
    END_OF_ATTACK_SELF = 21  # CR 7.5.1.4 / 7.6.1.5 "at the end of this card's attack" (Sunder)
    TRIGGER_CHECK_CLIMAX = 22  # "when your trigger check reveals a climax" (this card attacking)
    USE_KEYWORD = 23  # "when you use <keyword>" (A_TRIG_ARG = Keyword), e.g. Brainstorm 10.7.4
    LEVEL_UP = 24  # "when you level up"
    OPP_CHAR_REVERSED = 25  # "when an opponent's character becomes reversed"
    BEGIN_BATTLE = 26  # CR 7.6.1.1 "at the beginning of the battle step" (this card in battle)
    BEGIN_COUNTER = 27  # CR 7.4.1.1
    OWN_TRIGGER_CHECK_CLIMAX = 30  # "when your (character's) trigger check reveals a climax": every
    #                                character of the attacking player; A_TRIG_FILTER on the climax
    OTHER_FRONTAL_ATTACKED = 29  # "when your other (<<T>>) character is frontal attacked"; A_TRIG_FILTER on it
    OTHER_ATTACKS = 28  # "when your other (<<T>>) character attacks" (CR 7.2.1.6); A_TRIG_FILTER on the attacker
    BATTLE_DAMAGE_RECEIVED_CANCELED = 31  # "during this card's battle, when the damage you received is canceled"
    BATTLE_DAMAGE_RECEIVED_NOT_CANCELED = 32  # "... is not canceled" (battle.battle_damage_received)
    ACT_USED = 33  # "when you use an [ACT]": every stage character of the player who used one (ACT,
    #                [COUNTER] ACT or Backup, CR 8.2), after its cost (triggers.trigger_act_used)
    OPP_ACT_USED = 34  # "when your opponent uses an [ACT]": every stage character of the other player
    OTHER_REVERSED = 35  # "when your other (<<T>>) character becomes [REVERSE]" (battle.reverse_char);
    #                      A_TRIG_FILTER on the reversed character (relation in_battle: "... in battle")
    OTHER_BATTLE_OPP_REVERSED = 36  # "when your other character's battle opponent becomes [REVERSE]";
    #                                 A_TRIG_FILTER on that other character (turn.py)
    DIRECT_ATTACKS_SELF = 37  # "when this card direct attacks" (CR 7.2.1.6, the attack type declared)
    OPP_CLIMAX_PLACED = 38  # "when a climax is placed on your opponent's climax area": every stage character of
    #                         the other player when one plays a climax (CR 6.6.1.2.1); A_TRIG_FILTER on the climax
    FRONTAL_ATTACKS_SELF = 40  # "when this card frontal attacks" (CR 7.2.1.6, the attack type declared, 7.2.1.5.1)
    EVENT_PLAYED = 39  # "when you play an event": every stage character of the player who plays one (CR 6.5.1.2.2,
    #                    8.6.2: when it is put into the resolution zone; played after the event has resolved, CR 8.6.2.4.2
    #                    and the check timing of CR 9.1); A_TRIG_FILTER on the event (play.play_event)
    OTHER_TO_WR_FROM_STAGE = 41  # "when your other (<spec>) character is put into your waiting room from the stage":
    #                              every stage character of its master as it leaves (play.stage_to_wr); A_TRIG_FILTER
    #                              on the card that left, the triggering card (its last position stays its POS)
    HAND_TO_WR = 42  # "when your (<spec>) character is put into the waiting room from your hand": every stage
    #                  character of its owner when a hand card goes to the waiting room (play.hand_to_wr: discards,
    #                  the hand limit, Backup's cost); A_TRIG_FILTER on that card, in the waiting room (CR 8.7.4.1.1)
    OTHER_PLAYED = 43  # "when your other (<spec>) character is placed on the stage from your hand": OTHER_PLACED for a
    #                    character played from the hand only (play.place_on_stage); A_TRIG_FILTER on it
    OTHER_PLACED_FROM_WR = 44  # "... is placed on the stage from your waiting room" (an effect, Encore, Change's
    #                            choice in the waiting room); A_TRIG_FILTER on it
    ACCELERATE_USED = 45  # "when you use "Accelerate"" (CR 10.12.3: an Accelerate ability of the player's resolved, its
    #                       cost paid): every stage character of that player (triggers.trigger_accelerate_used)
    OPP_LEVEL_UP = 46  # "when your opponent levels up" (CR 9.3.2): every stage character of the other player
    FACING_ATTACKS = 47  # "when the character facing this card attacks" (CR 3.6.5 / 7.2.1.6; session 28): the other
    #                      player's center character facing the attacker, whatever the attack (battle.declare_attack)
    TRIGGER_CHECK_CARD = 48  # "when this card's trigger check reveals a <spec>" (CR 7.3; session 28): every card the
    #                          attacking character's trigger check reveals (turn.py); A_TRIG_FILTER on it
    OWN_TRIGGER_CHECK_CARD = 49  # "when your character's trigger check reveals a <spec>": every character of the
    #                              attacking player; A_TRIG_FILTER on the revealed card
    DAMAGE_RECEIVED_CANCELED = 50  # "when the damage you received is canceled" (session 28): every stage character of
    #                                the player who received a damage (CR 4.10), after each damage process
    #                                (battle.battle_damage_received; aux: the damage)
    DAMAGE_RECEIVED_NOT_CANCELED = 51  # "... is not canceled"
    OPP_BRAINSTORM_CLIMAX = 53  # "when your opponent uses "Brainstorm", if a climax is put into their waiting room by
    #                             that effect" (session 32; CR 10.7.3 / 10.7.4): every stage character of the other
    #                             player, after a Brainstorm flip that put 1 or more climaxes there (effects.py)
    PLACED_FROM_WR_SELF = 52  # "when this card is placed on the stage from your waiting room" (session 32; an effect,
    #                           Encore, CR 10.2): the card itself, after it is placed (play.place_on_stage)
    CHANGE_USED = 60  # "when you use "Change"" (session 31, s31-d2; CR 10.8, as Accelerate's CR 10.12.3): a Change
    #                   ability of the player's resolved (played: its cost paid): every stage character of that player
    #                   then (triggers.trigger_change_used)
    RESONATE_USED = 61  # "when you use "Resonate"" (session 31; CR 10.13, as CHANGE_USED): a Resonate ability of the
    #                     player's resolved: every stage character of that player (triggers.trigger_change_used)
    REFRESHED = 54  # "when you have refreshed your deck" (session 33, s33d; CR 9.2): every stage character of the player
    #                 whose deck was refreshed, when the refresh point of that refresh is applied (CR 9.9,
    #                 rule_processes.rule_actions; behind the pool's flags)
    OWN_DIRECT_ATTACKS = 59  # "when your character direct attacks" (session 31; CR 7.2.1.4.1 / 7.2.1.6): every stage
    #                          character of the attacking player, the attacker included (battle.declare_attack)
    OWN_TO_MEMORY = 57  # "when your (<spec>) card is put into your memory" (session 34, s34d; CR 3.12.1, 8.7.4): every
    #                     stage character of the owner of a card put into the memory (play.to_memory), and that card
    #                     itself when it left the stage (CR 8.7.4.1.2); A_TRIG_FILTER on the card, in the memory
    TO_MEMORY_FROM_STAGE_SELF = 58  # "when this card is put into your memory from the stage" (session 34, s34d):
    #                                 the card itself, in the memory (play.to_memory)
    # (no Trigger above 61: the flags table keeps a pool's triggers in the two words FL_TRIG, FL_TRIG + 1, 31 bits each;
    # 62 was this trigger's first value and its bit fell into FL_CONT)


# the triggers a granted ability may have (cards._Compiler.GRANTED_TRIGGERS): the card is on the stage
# when they fire (the granted bit is the card's end-of-turn keyword modifier, forgotten when it leaves
# the stage); the observation's stage rows count a character's granted abilities by these triggers
GRANTED_TRIGGERS = (
    Trigger.ATTACKS_SELF, Trigger.FRONTAL_ATTACKED_SELF, Trigger.REVERSED_SELF, Trigger.BATTLE_OPP_REVERSED,
    Trigger.TO_WR_FROM_STAGE_SELF, Trigger.DAMAGE_CANCELED_SELF, Trigger.DAMAGE_NOT_CANCELED_SELF,
    Trigger.END_OF_ATTACK_SELF, Trigger.TRIGGER_CHECK_CLIMAX, Trigger.BEGIN_TURN, Trigger.BEGIN_DRAW, Trigger.BEGIN_CLOCK,
    Trigger.BEGIN_MAIN, Trigger.BEGIN_CLIMAX, Trigger.BEGIN_ATTACK, Trigger.BEGIN_ENCORE, Trigger.BEGIN_END,
    Trigger.BEGIN_BATTLE, Trigger.BEGIN_COUNTER, Trigger.BATTLE_DAMAGE_RECEIVED_CANCELED,
    Trigger.BATTLE_DAMAGE_RECEIVED_NOT_CANCELED, Trigger.ACT_USED, Trigger.OPP_ACT_USED, Trigger.OTHER_REVERSED,
    Trigger.OTHER_BATTLE_OPP_REVERSED, Trigger.DIRECT_ATTACKS_SELF,
)  # fmt: skip
# session 28 (s28-wsa): the other triggers a granted ability may have. Each fires on every stage character of a player
# through triggers.trigger_card (which tests the granted rows, trigger_granted), while the receiving character is on
# the stage: "when your other character is frontal attacked", "when your character's trigger check reveals a climax",
# "when your climax is placed", ... The observation has no column of their own for them (a granted ability with one
# of them is not counted in the stage row's granted_* columns: observation.GRANTED_COL -1)
GRANTED_OTHER_TRIGGERS = (
    Trigger.OTHER_PLACED, Trigger.OWN_CLIMAX_PLACED, Trigger.LEVEL_UP, Trigger.OPP_CHAR_REVERSED, Trigger.OTHER_ATTACKS,
    Trigger.OTHER_FRONTAL_ATTACKED, Trigger.OWN_TRIGGER_CHECK_CLIMAX, Trigger.OPP_CLIMAX_PLACED, Trigger.EVENT_PLAYED,
    Trigger.FRONTAL_ATTACKS_SELF, Trigger.OTHER_TO_WR_FROM_STAGE, Trigger.HAND_TO_WR, Trigger.OTHER_PLAYED,
    Trigger.OTHER_PLACED_FROM_WR, Trigger.ACCELERATE_USED, Trigger.OPP_LEVEL_UP, Trigger.FACING_ATTACKS,
    Trigger.TRIGGER_CHECK_CARD, Trigger.OWN_TRIGGER_CHECK_CARD, Trigger.DAMAGE_RECEIVED_CANCELED,
    Trigger.DAMAGE_RECEIVED_NOT_CANCELED, Trigger.CHANGE_USED, Trigger.RESONATE_USED,
    Trigger.OWN_DIRECT_ATTACKS, Trigger.REFRESHED,
    Trigger.OWN_TO_MEMORY, Trigger.TO_MEMORY_FROM_STAGE_SELF,  # session 34 (s34d): play.to_memory tests granted rows too
)  # fmt: skip


class TriggerWhose(IntEnum):
    """A_TRIG_WHOSE: whose turn the trigger is limited to ("at the beginning of your turn")."""

    ANY = 0
    YOURS = 1
    OPPONENTS = 2


class AbilityZone(IntEnum):
    """A_ZONE: where the card must be for the ability to work (CR 2.12.2 and keywords)."""

    DEFAULT = 0  # characters: stage; climax: climax area; events: when played
    CLOCK = 1  # clock icon / Shift (10.11)
    CLOCK_TOP = 2  # Alarm (10.1): the top card of the clock
    MEMORY = 3  # Memory (10.9) abilities working from the memory
    LEVEL = 4  # Experience (10.10) abilities working from the level zone
    HAND = 5  # abilities usable from the hand (Backup is described by C_BACKUP_* instead)
    WAITING_ROOM = 6


# PLACED_TURN: the turn a card was put on its stage position from another zone, with this bit when it was not played
# from the hand (placed by an effect, Encore, Change: play.place_on_stage); Condition.PLAYED_THIS_TURN reads it
PLACED_NOT_PLAYED = 1 << 24


class Condition(IntEnum):
    """A_COND (and Op.IF): a test about the ability's master / source, compared with A_COND_ARG.

    For CONT abilities the condition gates the whole effect (CR 8.3.3); for AUTO abilities it is
    checked when the ability triggers and again when it resolves.
    """

    NONE = 0
    IN_BACK_STAGE = 1  # Assist (10.3.2): source is in the back stage
    IN_CENTER_STAGE = 2
    IN_CENTER_MIDDLE = 3  # Great Performance (10.6.2) position
    TOP_OF_CLOCK = 4  # Alarm (10.1.1): source is the top card of its master's clock
    LEVEL_AT_LEAST = 5  # master's level (cards in level zone) >= arg
    CLIMAX_NAMED = 6  # master's climax area holds a climax with name id arg (climax combo)
    CLIMAX_ANY = 7  # master's climax area is not empty
    MEMORY_AT_LEAST = 8  # Memory (10.9): cards in master's memory >= arg
    LEVEL_SUM_AT_LEAST = 9  # Experience (10.10): total level of cards in master's level zone >= arg
    HAND_AT_MOST = 10
    STOCK_AT_LEAST = 11
    YOUR_TURN = 12
    OPPONENTS_TURN = 13
    NAMED_ON_STAGE = 14  # master has another character with name id arg on stage
    TRAIT_COUNT_AT_LEAST = 15  # master has >= (arg & 0xFF) other characters with trait id (arg >> 8) & 0x7FF
    #                            or (a second trait, "<<A>> or <<B>>") arg >> 19
    SELF_REVERSED = 16
    SELF_STANDING = 17
    OPP_LEVEL_AT_LEAST = 18
    CLOCK_AT_MOST = 19  # cards in master's clock <= arg
    BATTLE_OPP_LEVEL_AT_MOST = 20  # source's battle opponent level <= arg
    OTHER_CHARS_AT_LEAST = 21  # master has >= arg other characters on stage
    WR_CLIMAX_AT_LEAST = 22  # master's waiting room holds >= arg climax
    STOCK_AT_MOST = 23  # cards in master's stock <= arg
    FACING_LEVEL_AT_LEAST = 24  # the character facing the source (CR 3.6.5) has level >= arg
    FACING_COST_AT_MOST = 25  # the character facing the source has cost <= arg
    BATTLE_OPP_LEVEL_ABOVE_OPP = 26  # source's battle opponent's level > the opponent's (player) level
    NO_OTHER_RESTED_CENTER = 27  # master has no other [REST] character in the center stage
    MARKERS_AT_LEAST = 28  # >= arg markers under the source (CR 3.5.3)
    ALL_CHARS_TRAIT = 29  # every character of the master's stage has trait id arg
    IN_BATTLE = 30  # the source is the attacking or the defending character ("... in battle")
    BATTLE_OPP_COST_AT_MOST = 31  # source's battle opponent has cost <= arg
    OTHER_CHARS_AT_MOST = 32  # master has <= arg other characters on stage
    HAND_AT_LEAST = 33  # cards in master's hand >= arg
    FILTER_COUNT_AT_LEAST = 34  # master has >= (arg & 0xFF) stage characters matching filter row arg >> 8
    FACING_LEVEL_IS = 35  # the character facing the source has level == arg ("is level N")
    FACING_LEVEL_ABOVE_SELF = 36  # the character facing the source has a higher level than the source
    WR_CLIMAX_AT_MOST = 37  # master's waiting room holds <= arg climax
    NAMED_IN_CLOCK = 38  # master's clock holds a card with name id arg ("X" is in your clock)
    SELF_RESTED = 39  # the source is on the stage as [REST] ("if this card is [REST]")
    MEMORY_AT_MOST = 40  # cards in master's memory <= arg
    ALL_CHARS_FILTER = 42  # every character of the master's stage matches filter row arg ("if all of your
    #                        characters are <<A>> or <<B>> / have "X" in their card names")
    MEMORY_FILTER_AT_LEAST = 41  # master's memory holds >= (arg & 0xFF) cards matching filter row arg >> 8
    #                              ("X" is in your memory; N or more <<T>> characters in your memory)
    OPP_FILTER_AT_LEAST = 43  # the master's opponent has >= (arg & 0xFF) stage characters matching filter row
    #                           arg >> 8 ("if your opponent has a level 3 or higher character")
    OPP_FILTER_AT_MOST = 44  # ... <= (arg & 0xFF) ("if your opponent has 1 or less characters in their center stage")
    OWN_FILTER_AT_MOST = 46  # the master has <= (arg & 0xFF) stage characters matching filter row arg >> 8
    #                          ("if you do not have any other characters in your center stage")
    NAMED_IN_LEVEL = 47  # master's level zone holds a card with name id arg ("X" is in your level)
    WR_FILTER_AT_LEAST = 48  # master's waiting room holds >= (arg & 0xFF) cards matching filter row arg >> 8 (a
    #                          cost taking them, paid by the program: card_text._wr_cost_ops, CR 8.4.2.2)
    HAND_FILTER_AT_LEAST = 49  # master's hand holds >= (arg & 0xFF) cards matching filter row arg >> 8 (an option's
    #                            cost of hand cards, paid by the program: card_text._option_cost_ops, CR 8.4.2.2)
    BATTLE_OPP_LEVEL_AT_MOST_SELF = 50  # the source's battle opponent's level <= the source's ("if the level of this
    #                                     card's battle opponent is lower than or equal to the level of this card")
    YOUR_CLIMAX_PHASE = 51  # the master is the turn player and the turn is in its climax phase (CR 6.6): "during your
    #                         climax phase, when ..."
    WR_COLORS_AT_LEAST = 52  # the cards of the master's waiting room have >= arg colors ("if the total number of
    #                          colors of the cards in your waiting room is N or more", CR 2.4)
    STAGE_COLORS_AT_LEAST = 53  # the master's stage characters have >= arg colors ("if the number of colors of your
    #                             characters on stage is N or more")
    MARKERS_AT_MOST = 54  # <= arg markers under the source ("if there are no markers underneath this card")
    BATTLE_OPP_LEVEL_AT_MOST_WR = 55  # the source's battle opponent's level <= the number of the master's waiting-room
    #                                   cards matching filter row arg >> 8 ("if this card's battle opponent is level X
    #                                   or lower ... X is equal to the number of "X" in your waiting room")
    IN_BATTLE_AND = 56  # IN_BATTLE and the condition (arg >> 24) with the argument in arg's low 24 bits (signed):
    #                     "when this card becomes [REVERSE] in battle, if your memory has N or less cards, ..."
    FACING_LEVEL_BELOW_SELF = 57  # the character facing the source has a lower level than the source
    NAMED_PAIR_ON_STAGE = 58  # master has a character named id arg >> 15 and one named id arg & NAME_MASK on the stage,
    #                           other than the source ("if you have (another) "X" and (another) "Y""; session 24)
    PLAYED_THIS_TURN = 45  # the source was played from the hand this turn (its PLACED_TURN is this turn, without
    #                        PLACED_NOT_PLAYED): "during the turn that this card is placed on the stage from your hand";
    #                        arg 1: placed on the stage this turn any way (card text "placed_this_turn")
    OPPONENTS = 59  # the condition (arg >> 24) with its argument in arg's low 24 bits (signed) tested for the master's
    #                 opponent: their zones (CR 3.1.3: public, or a number of cards) and their stage, a filter seen from
    #                 them ("if your opponent's waiting room has N or more climax"; session 27)
    CLOCK_AT_LEAST = 60  # cards in master's clock >= arg ("if your clock has N or more cards")
    DECK_AT_MOST = 61  # cards in master's deck <= arg ("if the number of cards in your deck is N or less", CR 3.2)
    IN_POSITION = 62  # the source is on the stage at position arg (0..4, CR 3.6.3): "if this card is in the left
    #                   position of your center stage"
    SELF_LEVEL_AT_LEAST = 63  # the source is on the stage with level >= arg ("if this card is level N or higher")
    LEVEL_COLORS = 64  # the master's level zone holds a card of each colour of the mask arg (bit = Color): "if your
    #                    level has a yellow card and a red card" (CR 3.9, 10.10.1)
    FEWER_THAN_OPP = 65  # the master has fewer cards in zone arg (Zone: hand, stock, clock, memory, waiting room) than
    #                      the opponent has in theirs ("if your hand has less cards than your opponent's hand")
    MEMORY_NAMES_AT_LEAST = 66  # the master's memory holds cards of >= arg different card names ("if your memory has
    #                             N or more cards with different card names", CR 3.12 / 10.9.1)
    CLOCK_TOP_ALARM = 67  # the top card of the master's clock has Alarm (C_KEYWORDS KW_ALARM, CR 10.1): "if the top card
    #                       of your clock is a card with "Alarm""
    LEVEL_AT_MOST = 68  # the master's level (cards in the level zone, CR 3.9) <= arg ("if your level is N or lower")
    DECK_AT_LEAST = 69  # cards in master's deck >= arg ("if the number of cards in your deck is N or more"; session 27)
    ALL_OF = 70  # every one of (arg & 7) conditions holds: the IF rows of the code table from row arg >> 3 (their a0 the
    #              condition, a1 its argument; a2 0, so that a program running through them does nothing): "if A and
    #              B", "if A, and B, ..." (session 28, s28-wsb; filters.condition_holds)
    ANY_OF = 71  # one of them holds: "if A or B" (session 28)
    # --- session 29 (s29-wsauto; the range 100..119) ---
    YOUR_MAIN_PHASE = 100  # the master is the turn player and the turn is in its main phase (CR 6.5): "during your main
    #                        phase, when ..."
    NO_FACING = 101  # the source is on the stage and no character faces it (CR 3.6.5): "there is no character facing
    #                  this card"
    FACING_REVERSED = 102  # the character facing the source is [REVERSE] (CR 4.6.1.3): "the character facing this card
    #                        is [REVERSE]" (none facing it: not met)
    # --- session 33 (s33d; the range 110..119) ---
    CLIMAX_FILTER_AT_LEAST = 110  # the master's climax area (CR 3.11) holds >= (arg & 0xFF) cards matching filter row
    #                               arg >> 8: "if a blue climax is in your climax area"
    # --- session 34 (s34d; the range 116..120) ---
    MEMORY_MARKED = 116  # the source holds the mark of Op.MEMORY_MARK (put into the memory by its ability, and there
    #                      since): the delayed ability of "... put this card into your memory. If you do, at the
    #                      beginning of your next draw phase, ..." (CR 8.7.5)


ABILITY_TABLE = TableLayout("ability")
A_KIND = ABILITY_TABLE.add("kind", source=enum(AbilityKind))  # AbilityKind
A_CARD = ABILITY_TABLE.add("card")  # card id that owns the ability
A_KEYWORD = ABILITY_TABLE.add("keyword", source=enum(Keyword, none=Keyword.NONE))  # Keyword the ability is written with (0 = none)
A_ZONE = ABILITY_TABLE.add("zone", source=enum(AbilityZone))  # AbilityZone
A_TRIGGER = ABILITY_TABLE.add("trigger", source=enum(Trigger, none=Trigger.NONE))  # Trigger (AUTO only)
A_TRIG_WHOSE = ABILITY_TABLE.add("trig_whose", source=enum(TriggerWhose, "whose"))  # TriggerWhose
A_TRIG_FILTER = ABILITY_TABLE.add("trig_filter")  # filter row the triggering card must match (OTHER_PLACED, ...), -1 = none
A_TRIG_ARG = ABILITY_TABLE.add("trig_arg", source=enum(Keyword, "trigger_keyword", none=0))  # extra trigger argument (USE_KEYWORD: the Keyword)
A_COND = ABILITY_TABLE.add("cond")  # Condition
A_COND_ARG = ABILITY_TABLE.add("cond_arg")
A_OPTIONAL = ABILITY_TABLE.add("optional", source=copy())  # 1: "you may" / the cost may be declined (CR 8.7.3.1.1)
A_ONCE_PER_TURN = ABILITY_TABLE.add("once_per_turn", source=copy())  # 1: "once per turn" (the engine counts uses per card per turn)
A_COST_STOCK = ABILITY_TABLE.add("cost_stock", source=copy("cost.stock"))  # CR 8.4.3 number of stock cards to pay (circled number)
A_COST_REST_SELF = ABILITY_TABLE.add("cost_rest_self", source=copy("cost.rest_self"))  # bit 0: [rest this card]; REST_OTHER_*: "[REST] N of your (other) <spec> characters"
A_COST_DISCARD = ABILITY_TABLE.add("cost_discard", source=copy("cost.discard"))  # number of hand cards to put into the waiting room
A_COST_DISCARD_FILTER = ABILITY_TABLE.add("cost_discard_filter")  # filter row the discarded cards must match, -1 = any card
A_COST_CLOCK_TOP = ABILITY_TABLE.add("cost_clock_top", source=copy("cost.clock_top"))  # Accelerate (10.12): put the top card of your deck into your clock (count)
A_COST_REVEAL_FILTER = ABILITY_TABLE.add("cost_reveal_filter")  # Resonate (10.13): reveal a hand card matching this filter, -1 = none
A_COST_SELF_TO_WR = ABILITY_TABLE.add("cost_self_to_wr", source=copy("cost.self_to_wr"))  # 1: [put this card into your waiting room]
A_COST_SELF_TO_MEMORY = ABILITY_TABLE.add("cost_self_to_memory", source=copy("cost.self_to_memory"))  # 1: [put this card into your memory]; else the Zone (hand, clock, stock) this card goes to (cost self_to)
A_COST_MARKER_FILTER = ABILITY_TABLE.add("cost_marker_filter")  # Fusion (10.14.1.1): put a stage character matching this filter
#                            under this card as a marker, -1 = none
A_COST_HAND_TO_CLOCK = ABILITY_TABLE.add("cost_hand_to_clock", source=copy("cost.hand_to_clock"))  # number of hand cards to put into the clock
A_CODE_START = ABILITY_TABLE.add("code_start")  # first instruction row in the code table
A_CODE_LEN = ABILITY_TABLE.add("code_len")
A_NCOLS = ABILITY_TABLE.width


# --------------------------------------------------------------------------------------------
# Filter table: filters[row, F_*]. A filter describes a set of cards relative to the ability's
# master ("viewer") and source card. Zero / -1 values as noted mean "no constraint".
# --------------------------------------------------------------------------------------------
class FilterSide(IntEnum):
    ANY = 0
    OWN = 1  # the master's cards / zones
    OPPONENT = 2


class FilterZone(IntEnum):
    STAGE = 0
    HAND = 1
    WAITING_ROOM = 2
    DECK = 3
    CLOCK = 4
    STOCK = 5
    LEVEL = 6
    MEMORY = 7
    CLIMAX_AREA = 8
    MARKERS = 9  # markers under the source card


class Orientation(IntEnum):  # CR 4.6.1
    STAND = 0
    REST = 1
    REVERSE = 2


ORIENTATION_BITS = {o.name.lower(): 1 << o for o in Orientation}  # a filter's orientation mask
POSITION_BITS = {  # a filter's stage positions: a row of the stage or one position
    "center": 0b00111,
    "back": 0b11000,
    "center_left": 1 << POS_CENTER_LEFT,
    "center_middle": 1 << POS_CENTER_MIDDLE,
    "center_right": 1 << POS_CENTER_RIGHT,
    "back_left": 1 << POS_BACK_LEFT,
    "back_right": 1 << POS_BACK_RIGHT,
}


class Relation(IntEnum):
    """F_RELATION: where the card must be relative to the source character (CR 3.6.4 / 3.6.5)."""

    ANY = 0
    SELF = 1
    OTHER = 2  # not the source card
    FACING = 3  # the opponent's character facing the source
    IN_FRONT = 4  # own center characters in front of the source (Assist)
    BEHIND = 5  # own back characters behind the source
    BATTLE_OPPONENT = 6  # the source's battle opponent (CR 7.2.1.5.1)
    ATTACKING = 7  # the attacking character
    DEFENDING = 8  # the defending character
    IN_BATTLE = 9  # the attacking or the defending character of a battle (a frontal attack, CR 7.2.1.5.1)


FILTER_TABLE = TableLayout("filter")
F_TYPE_MASK = FILTER_TABLE.add("type_mask", source=mask(TYPEMASK_BITS, "type"))  # TYPEMASK_* (0 = any)
F_SIDE = FILTER_TABLE.add("side", source=enum(FilterSide))  # FilterSide
F_ZONE = FILTER_TABLE.add("zone", source=enum(FilterZone))  # FilterZone
F_COLOR_MASK = FILTER_TABLE.add("color_mask", source=mask(COLOR_BITS, "color"))  # bit (1 << Color), 0 = any
F_LEVEL_MIN = FILTER_TABLE.add("level_min", source=bound())  # -1 = none
F_LEVEL_MAX = FILTER_TABLE.add("level_max", source=bound())  # -1 = none
F_COST_MAX = FILTER_TABLE.add("cost_max", source=bound())  # -1 = none
F_POWER_MIN = FILTER_TABLE.add("power_min", source=bound())  # -1 = none (current power on stage, printed power elsewhere)
F_POWER_MAX = FILTER_TABLE.add("power_max", source=bound())  # -1 = none
F_TRAIT = FILTER_TABLE.add("trait", source=interned("trait_ids", "trait"))  # trait id, 0 = any; | trait_or id << 16 ("<<A>> or <<B>>"); < 0: trait group -(F_TRAIT) - 1 (C_TRAIT_GROUPS)
F_NAME = FILTER_TABLE.add("name", source=interned("name_ids", "card name"))  # name id, 0 = any
F_ORIENT_MASK = FILTER_TABLE.add("orient_mask", source=mask(ORIENTATION_BITS, "orientation"))  # bit (1 << Orientation), 0 = any
F_POS_MASK = FILTER_TABLE.add("pos_mask", source=mask(POSITION_BITS, "positions"))  # stage position bits (1 << position 0..4), 0 = any
F_RELATION = FILTER_TABLE.add("relation", source=enum(Relation))  # Relation
F_TRIGGER_ICON = FILTER_TABLE.add("trigger_icon", source=enum(TriggerIcon, none=0))  # TriggerIcon the card must have, 0 = any
F_TITLE = FILTER_TABLE.add("title", source=interned("title_ids", "title"))  # title id, 0 = any
F_LEVEL_MAX_REL = FILTER_TABLE.add("level_max_rel", source=copy())  # bit 0: level <= master's level + F_LEVEL_MAX (Standby-style); bit 1 (LEVEL_ABOVE_OPP): level > the master's opponent's level
# (session 33) "cost N or higher" (CR 2.5: the cost printed on the card): -1 = none
F_COST_MIN = FILTER_TABLE.add("cost_min", source=bound())
F_NCOLS = FILTER_TABLE.width


# --------------------------------------------------------------------------------------------
# Effect programs: code[row, I_*]. A program is A_CODE_LEN consecutive rows run in order on
# resolution (WS has no stack: choices are made while resolving, CR 8.6.3). Register r holds the
# card slots chosen by the last CHOOSE / SELECT into r. A "count" operand of -1 means "the number
# stored by the last counting instruction" (Brainstorm: number of climax revealed, ...).
# --------------------------------------------------------------------------------------------
class Op(IntEnum):
    # The opcodes every game shares are the core's (tcg_env.engine.effects.CoreOp), run by its
    # interpreter; Weiss Schwarz's own fill the gaps. The kernels test two blocks by range, so keep
    # them contiguous: POWER..TO_DECK_BOTTOM act on every card of the register (the core's
    # EACH_TARGET_FIRST..EACH_TARGET_LAST; POWER..REVERSE only on stage characters, CR 8.11.1), and
    # AURA_POWER..AURA_POWER_LEVEL are the continuous instructions (CONT abilities, CR 8.9).
    # --- choosing: fill register I_REG ---
    CHOOSE = CoreOp.CHOOSE  # a0 = filter row, a1 = count, a2 = 1 "up to" (may choose fewer, CR 8.6.3.1.1)
    SELECT_ALL = CoreOp.SELECT_ALL  # a0 = filter row: every matching card
    TARGET_SELF = CoreOp.TARGET_SELF  # the source card
    TARGET_BATTLE_OPP = 4  # the source's battle opponent (if any)
    TARGET_TRIGGERING = 5  # the card that caused the trigger (OTHER_PLACED, ...)
    # --- effects on every card of register I_REG ---
    POWER = CoreOp.POWER  # a0 = signed power change, a1 = Duration
    SOUL = 11  # a0 = signed soul change, a1 = Duration
    LEVEL = 12  # a0 = signed level change, a1 = Duration
    GRANT_KEYWORD = CoreOp.GRANT_KEYWORD  # a0 = KW_* bits, a1 = Duration
    RESTRICT = CoreOp.RESTRICT  # a0 = RESTRICT_* bits, a1 = Duration
    STAND = 15  # CR 4.6.1.1
    REST = 16  # CR 4.6.1.2
    REVERSE = 17  # CR 4.6.1.3
    TO_HAND = 18  # to the owner's hand
    TO_WAITING_ROOM = 19
    TO_STOCK = 20  # top of the owner's stock
    TO_CLOCK = 21  # top of the owner's clock (not damage, CR 4.10.2)
    TO_MEMORY = 22
    TO_DECK_TOP = 23
    TO_DECK_BOTTOM = 24
    TO_STAGE = 25  # a0 = Orientation; the master chooses an (empty or any, a1=1) stage position
    #                (a2: POSITION_BITS of the positions allowed, 0 = all: "of your back stage")
    MOVE_POSITION = 26  # the master moves the card to another (empty, a0=0 / any, a0=1) position (a2 as TO_STAGE)
    TO_MARKER = 27  # put under the source card as a marker (a0 = 1 face up)
    # --- effects on players (a1 = Who unless noted) ---
    DRAW = CoreOp.DRAW  # a0 = count, a2 = 1 "up to" (may stop, CR 3.2.3.1)
    DISCARD = CoreOp.DISCARD  # a0 = count; the discarding player chooses
    DAMAGE = 32  # a0 = amount (-1: the stored count, + a2): damage process CR 4.10 (cancelable)
    HEAL = 33  # a0 = count: top card(s) of the clock to the waiting room (a2: HEAL_TO_STOCK / HEAL_TO_HAND, HEAL_BOTTOM)
    POOL = 34  # a0 = count: top card(s) of the deck into the stock
    MILL = 35  # a0 = count: top card(s) of the deck to the waiting room (a2 = MILL_BOTTOM: its bottom card(s))
    CLOCK_TOP = 36  # a0 = count: top card(s) of the deck into the clock (not damage)
    SEARCH = 37  # a0 = filter row (zone DECK), a1 = count (-1: the stored count), a2 = 1 reveal; to hand; then shuffle
    #              (a2 | SEARCH_KEEP: the cards found stay in the register, in the deck; no move, no shuffle)
    LOOK_TOP = 38  # a0 = count looked at, a1 = cards that may be taken (filter: a2 row, -1 any)
    #                | LOOK_REST_WR << 8: the rest go to the waiting room, else they stay on top;
    #                | LOOK_TAKE_* << 10: the cards taken go to the hand / waiting room / deck bottom
    BRAINSTORM = 39  # CR 10.7.3: a0 = count flipped to resolution zone then all to waiting room;
    #                  stores the number of climax flipped (for count -1 operands / IF)
    SHUFFLE_DECK = 40  # a1 = Who
    PAY_STOCK = 41  # a0 = count (an effect's "pay (X)", CR 8.4.3); a1 = 1: all of it or nothing, NOT_DONE (CR 8.4.2.2)
    TRIGGER_ICON = 42  # a0 = TriggerIcon: perform that icon's action (CR 4.12.1) as the master
    REVEAL_TOP = 44  # reveal the master's top deck card: into register I_REG and the stored count 1 if
    #                  it matches filter a0 (-1 any) or filter a1 - 1 (a1 = 0: none), else stored count 0
    #                  ("if that card is ...", "... is an event or a <<T>> character")
    MILL_LEVEL = 46  # a0 = count: the top a0 cards of the master's deck into the waiting room; stores their
    #                  total level (a climax: 0) ("X is equal to the total level of the cards put ...")
    TOP_LEVEL = 47  # stores the level of the master's top deck card (a climax: 0; nothing moves):
    #                 "reveal the top card of your deck ... X is equal to the level of the revealed card"
    MILL_COUNT = 48  # a0 = count, a1 = filter row, a2 = MILL_COUNT_* bits (the opponent's deck, its bottom): the
    #                  top a0 cards of the master's deck into the waiting
    #                  room; stores how many of them match the filter ("X is equal to the number of <<T>>
    #                  characters among those cards")
    WR_TO_DECK = 49  # a1 = Who: every card of that player's waiting room into the deck ("return all cards
    #                  from your waiting room to your deck"; a shuffle_deck op follows)
    STOCK_BOTTOM_TO_WR = 45  # a0 = count, a1 = Who: the bottom card(s) of that player's stock into their
    #                          waiting room ("put the bottom card of your opponent's stock into their waiting room")
    EXCHANGE = 66  # I_REG and register a0, one card each: they exchange zones ("choose 1 card in your level and 1
    #                card in your waiting room, and exchange them"); nothing when either has no card. Two stage
    #                characters of one player swap positions (play.move_chars; a1 = 1: both [STAND] after, "exchange
    #                them as [STAND]"; session 24). A stage character and a card of its owner's waiting room (session
    #                27): the character goes to the waiting room, the card onto its position [STAND]
    STOCK_TOP_TO_WR = 29  # a0 = count, a1 = Who: the top card(s) of that player's stock into their waiting room
    #                       ("you may put the top card of your opponent's stock into their waiting room. If you do")
    STOCK_TOP_TO_CLOCK = 28  # a0 = count, a1 = Who: the top card(s) of that player's stock into their clock (not
    #                          damage, CR 4.10.2): the cost "[put the top card of your stock into your clock]" (CR 8.4)
    POWER_X = 43  # a0 = power per counted card: every card of register I_REG on the stage gets
    #               a0 x the count stored by an earlier COUNT ("+X power. X is equal to ..."), a1 = Duration
    # --- keyword effects (CR 10) ---
    ENCORE_SELF = 50  # 10.2.2: put this card back on its previous position, rested
    BOND = 51  # 10.4.2: a0 = name id: choose a card with that name in the WR, to hand
    BACKUP = 52  # 10.5.2: a0 = power: the defending character gets +a0 until end of turn
    CHANGE = 53  # 10.8.1: a0 = filter row (zone HAND/WAITING_ROOM): that character takes this
    #              card's position (a1 = Orientation) and this card goes to the waiting room
    #              (a2 = 0; else the Zone it goes to: clock, hand, stock, memory)
    SHIFT = 54  # 10.11.2: exchange this clock card with a same-colour hand card (optional)
    FUSION = 55  # 10.14.1.1: a0 = name id of Character B: search the deck, put B on this card's
    #              position with this card and its markers under B; shuffle
    SUNDER = 56  # 10.15.2: a0 = name id: that marker becomes the character on a chosen position
    TRIGGER_CHECKS = 57  # a0 = N: "during that attack, perform a trigger check N times on the trigger step":
    #                      the trigger step of the current attack performs N trigger checks (CR 7.3.1.2: one);
    #                      the checks left are kept in the attacker's USES word (EXTRA_TRIG_SHIFT)
    STOCK_RENEW = 58  # a1 = Who: that player puts all of their stock into their waiting room and puts the same
    #                   number of cards from the top of their deck into their stock (CR 3.10.2: its cards in
    #                   their order; the deck's moves as any, with its refresh, CR 9.2.1)
    MEMORY_TRIM = 59  # a0 = cards kept, a1 = Who, a2 = at least: when that player's memory holds a2 or more cards,
    #                   its cards put there first go to the waiting room until a0 are left ("all players perform the
    #                   following action. "If your memory has 5 or more cards, choose 4 cards in your memory, and put
    #                   all cards in your memory except those cards into your waiting room."", approximation
    #                   memory_kept_last: the printed text lets each player choose the cards kept)
    # --- control flow / counting ---
    IF = CoreOp.IF  # a0 = Condition, a1 = arg, a2 = rows to skip when false
    COUNT = 61  # a0 = filter row: store the number of matching cards (count -1 operands)
    CHOOSE_OPTIONAL = 62  # ask the master "do it?" (a2 = rows to skip on no)
    IF_STORED = 63  # skip a2 rows unless the stored count >= a0 (after REVEAL_TOP: "if that card is ...")
    IF_DONE = CoreOp.IF_DONE  # "If you do, ..." (a0 = 0; 1 "If you don't"), a2 rows: right after an op that reports
    #                           NOT_DONE (the moves of a register's cards, DRAW, HEAL; cards._REPORTS_DONE)
    SKIP = 65  # skip a2 rows: the end of an option of "choose 1 of the following effects" (cards: choose_one, the
    #            options after a CHOOSE_OPTIONAL each, the last one alone)
    # --- continuous effects (CONT abilities only, recomputed after every change) ---
    AURA_POWER = 70  # a0 = signed power, a1 = filter row of the characters it applies to
    AURA_SOUL = 71  # a0 = signed soul, a1 = filter row
    AURA_LEVEL = 72  # a0 = signed level, a1 = filter row
    AURA_KEYWORD = 73  # a0 = KW_* bits, a1 = filter row
    AURA_RESTRICT = 74  # a0 = RESTRICT_* bits, a1 = filter row
    AURA_POWER_PER = 75  # a0 = power per counted card, a1 = filter row it applies to,
    #                      a2 = filter row counted
    #                      (I_REG: PER_POWER, or PER_SOUL / PER_LEVEL: "+1 soul / level for each ...")
    AURA_POWER_LEVEL = 76  # a0 = power per level of each character it applies to (a1 = filter row):
    #                        "+X power. X is equal to that character's level x N" (Assist)
    # --- session 21 (imported pools only; after the auras, which the kernels test by range) ---
    OPP_CHOOSE = 77  # "your opponent chooses (may choose) N <spec> in <a list zone>": a0 = filter row (its side is
    #                  the master's view), a1 = count, a2 = 1 "may" / "up to": the master's opponent chooses them,
    #                  one at a time, into register I_REG (public zones only: the grammar's waiting rooms)
    # --- session 22 (s22-wsb; imported pools only) ---
    MARKER_OUT = 78  # "put a marker from underneath this card into your stock / waiting room", "return a marker ... to
    #                  your hand" (CR 3.7): up to a0 markers under the source (on the stage) into zone a1 (Zone);
    #                  the engine keeps no order of markers: the lowest slots go (approximation marker_order_unkept)
    # --- session 27 (s27-wsc; imported pools only) ---
    REG_LEVEL = 79  # store the level of the first card of register I_REG (on the stage: its level now, D_LEVEL; else
    #                 its printed level) + a2 ("X is equal to the level of the character you chose -1"); no card:
    #                 level 0 (+ a2: -1, "level X or lower" matches nothing)
    # --- session 28 (s28-wsa; imported pools only) ---
    TRIGGER_DAMAGE = 80  # store the damage of the event that triggered the ability (FR_AUX: the damage dealt by this
    #                      card, DAMAGE_(NOT_)CANCELED_SELF, or received, BATTLE_DAMAGE_RECEIVED_*): "deal the same
    #                      damage to your opponent"
    # --- session 34 (s34c; imported pools only) ---
    SELF_TO_MARKER = 81  # "put this card face up / down underneath that card as a marker" (CR 3.7.2): the source (on the
    #                      stage or in the waiting room) goes under the first card of register I_REG, a stage character
    #                      of the master's, as a marker (a0 = 1 face up; the engine keeps no face, as TO_MARKER); its own
    #                      markers go to the waiting room (CR 3.7.3.2). NOT_DONE when nothing moved
    AURA_TRIGGER_CHECKS = 82  # a0 = N, a CONT ability's only: "[CONT] During this card's attack, perform a trigger check N
    #                           times on the trigger step" (CR 7.3.1.2: one). Outside the aura block (apply_cont skips
    #                           it): characteristics.cont_trigger_checks reads it when the trigger step begins and sets
    #                           the attacker's checks left (USES >> EXTRA_TRIG_SHIFT) as Op.TRIGGER_CHECKS does
    MILL_COMPARE = 83  # "all players put the top card of their deck into their waiting room. If the level of the card put
    #                    into your waiting room by this effect is higher than your opponent's, ...": each player's top
    #                    card into their waiting room (the master's first; a refresh at once, CR 9.2.1); stores 1 when
    #                    both moved and the master's card's printed level (a climax: 0) is the higher, else 0 (IF_STORED)
    REG_SOUL = 84  # store the soul of the first card of register I_REG (on the stage: its soul now, D_SOUL; else its printed
    #                soul, C_SOUL; no card: 0): "choose 1 of your opponent's characters, and deal X damage to your
    #                opponent. X is equal to that character's soul" (stored right after the choice, before any move)
    # --- session 34 (s34d; the range 86..90) ---
    MEMORY_MARK = 86  # a0 = 1: mark the source, when it is in its owner's memory, as put there by this ability for a
    #                   delayed ability to come (state.MEMORY_MARK, CR 8.7.5); a0 = 0: clear the mark (the delayed
    #                   ability's activation condition is met once, CR 8.7.5.1)
    MEMORY_KEEP = 87  # a1 = Who: every card of that player's memory but those of register I_REG into the waiting room
    #                   ("choose 4 cards in your memory, and put all cards in your memory except those cards into your
    #                   waiting room"; CR 3.12)


PER_ZONE_ROW0 = -2  # AURA_POWER_PER a2 = PER_ZONE_ROW0 - filter row: count the master's level / memory cards the row
#                     matches ("for each card named "X" in your level"); -1: the markers under the source
PER_FACING_LEVEL = -(1 << 24)  # AURA_POWER_PER a2: the level of the character facing the source (CR 3.6.5; none: 0):
#                                 "+X power. X is equal to N multiplied by the level of the character facing this card"
#                                 (session 27; below every PER_ZONE_ROW0 - filter row)
PER_STAGE_COLORS = PER_FACING_LEVEL - 1  # AURA_POWER_PER a2: the number of colours of the master's stage characters
#                                         ("X is equal to the total number of colors your characters on stage have")
PER_WITH_ASSIST = PER_FACING_LEVEL - 2  # AURA_POWER_PER a2: the master's stage characters whose card has Assist (CR
#                                         10.3, C_KEYWORDS): "X is equal to 500 multiplied by the number of characters
#                                         you have with "Assist""
PER_POWER = 0  # AURA_POWER_PER's I_REG: the characteristic it changes (aura_power_per / aura_soul_per / aura_level_per)
PER_SOUL = 1
PER_LEVEL = 2
# Op.POWER_X a2 (session 27): a0 x the level of the character facing that card (CR 3.6.5; none: 0) / x the number of
# colours of the master's stage characters (CR 2.4), when the instruction is performed
PER_FACING = 3
PER_COLORS = 4
CHANGE_BY_COST = 1 << 8  # Op.CHANGE a2 bit: Change's cost moves this card (CR 10.8.1): the op moves it first (the
#                          cost's move, left out of pay_fixed_costs), then the card chosen takes the position it left
COST_SELF_BY_OP = 64  # A_COST_SELF_TO_WR / A_COST_SELF_TO_MEMORY bit: the cost's move of this card is the change op's
#                      (CHANGE_BY_COST: cost_payable checks it, pay_fixed_costs leaves it)
CHANGE_UP_TO = 1 << 9  # Op.CHANGE a2 bit with CHANGE_BY_COST: "choose up to 1" (else a card must be chosen, CR 8.6.3)
CHANGE_MARKER = 1 << 10  # Op.CHANGE a2 bit (s23-wsa): "you may choose 1 marker underneath this card or 1 "X" in your
#                          waiting room, and put it in the stage position that this card is on as [REST]. If you do, put
#                          this card face up underneath that character as a marker": a character marker of this card's
#                          position is a candidate too, and this card becomes a marker there (its markers stay)
CHANGE_DEFENDER = 1 << 11  # Op.CHANGE a2 bit (session 29, s29-wsauto): "put it on this card's stage position as the
#                           defending character": when this card was the defending character (DEF_SLOT), the card chosen
#                           becomes it (same position, DEF_POS kept: the battle goes on, CR 7.2.1.5.1 / 7.6.1.3)
CHANGE_KEEP = 1 << 12  # Op.CHANGE a2 bit (session 32): "put it in the stage position that this card was in, and that
#                       character gets ...": the card placed stays in register reg for the ops after (none: placed)
STOCK_RENEW_DECK = 1  # Op.STOCK_RENEW a2 (session 29, s29-wsauto): the stock's cards go into the deck, which is
#                        shuffled, before the same number is put into the stock ("your opponent returns all cards from
#                        their stock to their deck, shuffles their deck, and puts the same number of cards ...")
HEAL_TO_STOCK = 1  # Op.HEAL a2 bits: into the stock (else the waiting room)
HEAL_TO_HAND = 2  # Op.HEAL a2 bit (session 29, s29-wsauto): into the hand ("return the top card of your clock to your hand")
HEAL_BOTTOM = 4  # Op.HEAL a2 bit (session 29): the clock's bottom card(s) (CR 3.8.2: the card put there first)
WR_TO_DECK_KEEP_REG = 1  # Op.WR_TO_DECK a2: the cards of register I_REG stay ("returns all cards except that card")
MILL_BOTTOM = 1  # Op.MILL a2: from the bottom of the deck ("put the bottom N cards of your opponent's deck ...")
MILL_COUNT_OPPONENT = 1  # Op.MILL_COUNT a2 bit: the master's opponent's deck (a1 is the filter row)
MILL_COUNT_ICONS = 4  # Op.MILL_COUNT a2 bit: count the trigger icons of the cards that match, not the cards (CR 2.12)
MILL_COUNT_BOTTOM = 2  # Op.MILL_COUNT a2 bit: from the bottom of the deck
MILL_COUNT_ADD = 16  # Op.MILL_COUNT a2 bit (session 32): the count added to the stored one ("put up to N cards ...":
#                     one MILL_COUNT of 1 per card the master chooses to put, from a frame's stored 0)
# Op.MILL_COUNT a2 bit: Brainstorm's flip (CR 10.7.3): the cards go to the resolution zone one at a time, then all of them to
# the waiting room, counted there ("X is equal to the number of <<T>> characters among those cards"; session 24)
MILL_COUNT_BRAINSTORM = 8
LOOK_REST_WR = 1  # LOOK_TOP (a1 >> 8) & 3: the cards looked at and not taken go to the waiting room
LOOK_REST_STOCK = 2  # LOOK_TOP (a1 >> 8) & 3 (session 32): ... go to the stock (the top card first)
# LOOK_TOP (a1 >> 10) & 3: where the cards taken go ("put it into your hand", "... into your waiting
# room", "... at the bottom of your deck"; the others stay on top)
CLOCK_BOTTOM = 1  # Op.TO_CLOCK a0: the bottom of the owner's clock (the clock list's first card), else its top
SELF_TO_DECK_BOTTOM = 32  # A_COST_SELF_TO_MEMORY: "[put this card at the bottom of your deck]" (1 is the memory; no Zone)
MOVE_FACING = 2  # MOVE_POSITION a0 bit: only to a center position with a character facing it (CR 3.6.5)
MOVE_OPPONENT = 4  # MOVE_POSITION a0 bit: "move it to another open position of their stage": an opponent's character,
#                    to a position of its owner's stage the master picks (CHOOSE_POSITION on OPP_STAGE_BASE actions)
TO_MARKER_DECK_TOP = 1  # TO_MARKER a1: the top card of the master's deck (no register) goes under the source
POSITION_NEEDS_FACING = 8  # the CHOOSE_POSITION mode bit (DEC_ARG + 3) of MOVE_FACING
TO_STAGE_BY_OWNER = 2  # TO_STAGE a1 bit: the card's owner puts it on their own stage and chooses the position
# TO_STAGE a1 bit: "put them on separate positions of your stage" (session 24): any position but one a card of the
# register already holds (CHOOSE_POSITION mode 3; the register in DEC_ARG + 3's bits POSITION_REG_SHIFT..)
TO_STAGE_SEPARATE = 4
POSITION_REG_SHIFT = 12
LOOK_STORE_TAKEN = 1  # LOOK_TOP (a1 >> 12) & 1: store the number of cards taken ("if you put 1 card into your hand")
LOOK_UP_TO = 1  # LOOK_TOP (a1 >> 13) & 1: "look at up to N cards" (CR 3.2.3.1): the master looks at the cards one at a
#                time and may stop before each (the LOOK_MORE decision); then a0 is the number looked at
LOOK_MUST_TAKE = 1  # LOOK_TOP (a1 >> 14) & 1: "choose N cards from among them": as many as possible up to N (CR
#                    8.6.3.1), the player cannot stop choosing while a card matches
# the frame's FR_CNT word during an up-to LOOK_TOP: the low LOOK_CHOSEN_MASK bits count the cards taken (as for
# every choice; PASS sets bit 20 there), the number of cards looked at is kept above them, and LOOK_STOPPED says
# that the looking is over (the master stopped, or it looked at N cards or at the whole deck, CR 3.2.3.3)
LOOK_CHOSEN_MASK = (1 << 21) - 1
LOOK_SEEN_SHIFT = 21
LOOK_SEEN_MASK = 63
LOOK_STOPPED = 1 << 28
LOOK_TAKE_HAND = 0
LOOK_TAKE_WR = 1
LOOK_TAKE_BOTTOM = 2
SEARCH_KEEP = 2  # SEARCH a2 bit: "search ..., put it in any position of your stage, and shuffle your deck": the cards
#                 found stay in the register for the next instruction (the text's own "shuffle your deck" follows)
LOOK_OPP_DECK = 1  # LOOK_TOP (a1 >> 15) & 1: the cards looked at are the top of the master's opponent's deck (taken ones
#                   go to its top / bottom / its owner's waiting room, the rest to its owner's waiting room)
# LOOK_TOP (a1 >> 16) & 1 (with LOOK_UP_TO): "you may reveal up to N cards from the top of your deck": each card
# looked at is revealed (the master's reveal record, state.REVEALED: both observations show it; N <= REVEAL_ROWS),
# and the number revealed is stored ("if you revealed 1 or more cards", IF_STORED)
LOOK_REVEAL = 1
LOOK_OPP_CHOOSES = 1  # LOOK_TOP (a1 >> 17) & 1 (session 29, s29-wsauto): "reveal the top N cards of your deck, your
#                       opponent chooses 1 <spec> from among them, ...": the top N cards revealed (both players see
#                       them), the master's opponent chooses the cards taken (CR 8.6.3: as many as possible)
LOOK_TAKE_TOP = 3  # "put them on the top of your deck in any order": each card taken goes on top in
#                   the order taken (the last taken on top; those not taken stay under them, CR 3.2.2)


class Duration(IntEnum):
    END_OF_TURN = 0  # "until end of turn" (CR 6.8.1.4)
    NEXT_OPP_TURN_END = 1  # "until the end of your opponent's next turn"
    PERMANENT = 2  # while the card stays in its zone (CR 3.1.4)


class Mod(IntEnum):
    """What a modifier changes (tcg_env.rules.modifiers; state.MODIFIERS declares their words)."""

    POWER = 0
    KEYWORDS = 1
    RESTRICTIONS = 2
    SOUL = 3
    LEVEL = 4


class Who(IntEnum):
    """A player operand, relative to the ability's master (the engine's ``Who``)."""

    MASTER = CoreWho.CONTROLLER
    OPPONENT = CoreWho.OPPONENT


# instruction columns of the code table: the engine's format (tcg_env.engine.effects)
from tcg_env.engine.effects import I_A0, I_A1, I_A2, I_NCOLS, I_OP, I_REG  # noqa: E402,F401


# --------------------------------------------------------------------------------------------
# Flow of the game, decisions and actions
# --------------------------------------------------------------------------------------------
class Phase(IntEnum):
    SETUP = 0  # CR 5.2 (mulligans)
    STAND = 1  # CR 6.2
    DRAW = 2  # CR 6.3
    CLOCK = 3  # CR 6.4
    MAIN = 4  # CR 6.5
    CLIMAX = 5  # CR 6.6
    ATTACK = 6  # CR 6.7 / 7
    END = 7  # CR 6.8


class AttackStep(IntEnum):  # CR 7
    NONE = 0
    DECLARATION = 1  # 7.2
    TRIGGER = 2  # 7.3
    COUNTER = 3  # 7.4
    DAMAGE = 4  # 7.5
    BATTLE = 5  # 7.6
    ENCORE = 6  # 7.7


class AttackType(IntEnum):  # CR 7.2.1.4
    NONE = 0
    DIRECT = 1
    FRONTAL = 2
    SIDE = 3


class EngineError(IntEnum):
    """``H_ERROR`` codes: an engine bug or an unsupported card feature; never a rules outcome."""

    NONE = 0
    UNKNOWN_FLOW = 100  # the flow word holds no known state
    UNSUPPORTED_OP = 101  # an effect opcode this engine version does not run (skipped)
    FRAME_OVERFLOW = 102  # more nested effect frames than FRAME_MAX


class Decision(IntEnum):
    """What the player on move is asked. docs/weiss_schwarz/actions.md gives each index's meaning."""

    NONE = 0  # game over
    MULLIGAN = 1  # CR 5.2.1.4: HAND = discard this card (one at a time), PASS = done, draw
    CLOCK = 2  # CR 6.4.1.2: HAND = put this card into the clock and draw 2, PASS = skip
    MAIN = 3  # CR 6.5.1.2: PLAY_BASE / ABILITY / MOVE actions, PASS = to the climax phase
    CLIMAX = 4  # CR 6.6.1.2: HAND = play this climax, PASS = none
    ATTACK = 5  # CR 7.2.1.3: ATTACK_BASE + pos*3 + type, PASS = end the attack phase
    COUNTER = 6  # CR 7.4.1.2: HAND = play this counter card / Backup, PASS = none
    ENCORE = 7  # CR 7.7.1.2: OWN_STAGE = choose this reversed character, to the waiting room
    ENCORE_PAY = 8  # CR 10.2.3: OPTION 0 = pay Encore [3] (or the printed encore), PASS = decline
    LEVEL_UP = 9  # CR 9.3.2: OPTION k = the k-th card from the bottom of the clock goes to level
    HAND_LIMIT = 10  # CR 6.8.1.2: HAND = discard this card
    TRIGGER_OPTION = 11  # CR 4.12.2: OPTION 0 = use the trigger's "may" action, PASS = don't
    CHOOSE_TARGET = 12  # effect choice: OWN_STAGE / OPP_STAGE / OPTION k (candidate), PASS = stop
    ORDER_AUTO = 13  # CR 8.5.1.2: OPTION k = play pending automatic ability k next
    OPTIONAL_EFFECT = 14  # CR 8.7.3.1.1: OPTION 0 = pay the cost / do it, PASS = decline
    CHOOSE_POSITION = 15  # OWN_STAGE = the stage position chosen (Standby, TO_STAGE, ...)
    PAY_COST = 16  # cost payment choice: HAND = this hand card (discard costs), OWN_STAGE = ...


class ChoiceFor(IntEnum):
    """What a CHOOSE_TARGET / OPTIONAL_EFFECT / CHOOSE_POSITION decision is for, kept in the
    second decision argument (``state.DEC_ARG + 1``) when it is not an effect program's target
    register (0 .. N_REGS-1, a CHOOSE instruction). Negative so that it never names a register."""

    TRIGGER_ICON = -1  # CR 4.12.2: a trigger icon's "may" choice (return, comeback, gate, standby)
    EFFECT_DISCARD = -2  # an effect's DISCARD: any hand card
    SHIFT = -3  # CR 10.11.2: a hand card of the clock card's colour, or decline
    CHOOSE_OPTIONAL = -5  # an effect program's CHOOSE_OPTIONAL ("do it?")
    MOVE_POSITION = -6  # an effect's MOVE_POSITION: the card's new position
    TO_STAGE = -7  # an effect's TO_STAGE: the position the card is put on
    SUNDER = -8  # CR 10.15.2: the position the chosen marker becomes the character on
    LOOK_MORE = -9  # CR 3.2.3.1: an up-to LOOK_TOP's "look at one more card?" (OPTION 0 yes, PASS stop; the
    #                 cards looked at so far are the candidates, which the looking player's observation shows)


N_DECISIONS = 17

# The flat action space, declared once (tcg_env.engine.blocks): the kernels read the module ints
# below (numba folds them), describe_action decodes with ACTIONS.decode, the entity layout's
# pointers are ACTIONS.pointers() (observation.entity_layout) and the table of
# docs/weiss_schwarz/actions.md is ACTIONS.markdown() (tests/weiss_schwarz/test_layouts.py).
N_MOVE_PAIRS = 10  # unordered pairs (i < j) of the 5 positions, in lexicographic order
ACTIONS = ActionLayout("weiss_schwarz")
PASS = ACTIONS.add("pass", doc="end / decline / stop choosing (the decisions table below)").base
HAND = ACTIONS.add("hand", HAND_SLOTS, "hand card `i` (hand order = order the cards were put into the hand)",
                   points_at="hand")
PLAY = ACTIONS.add("play", (HAND_SLOTS, N_POSITIONS),
                   "play character hand card `i` to stage position `pos` (main phase); events use `hand`",
                   points_at="hand")
OWN_STAGE = ACTIONS.add("own_stage", N_POSITIONS, "own stage position `pos`", points_at="my_stage")
OPP_STAGE = ACTIONS.add("opp_stage", N_POSITIONS, "opponent's stage position `pos`", points_at="opp_stage")
ABILITY = ACTIONS.add("ability", (N_POSITIONS, ABILITIES_PER_CARD),
                      "the `j`-th ACT ability of the own character on `pos`", points_at="my_stage")
MOVE = ACTIONS.add("move", N_MOVE_PAIRS, "exchange the `k`-th pair of positions (CR 6.5.1.2.4); pairs "
                   "`(0,1) (0,2) (0,3) (0,4) (1,2) (1,3) (1,4) (2,3) (2,4) (3,4)`")
# the opponent's character facing the attacker is a second pointer (observation.entity_layout)
ATTACK = ACTIONS.add("attack", (N_CENTER, 3), "attack with the center character on `pos` (0..2); `t` = 0 direct, "
                     "1 frontal, 2 side (AttackType - 1)", points_at="my_stage")
# a level-up's clock card is a second pointer (observation.entity_layout)
OPTION = ACTIONS.add("option", OPTION_SLOTS, "option `k` of the decision (candidates, yes, level-up card, ...)",
                     points_at="candidates")
HAND_BASE = HAND.base  # + hand index (0..HAND_SLOTS-1)
PLAY_BASE = PLAY.base  # + hand index * N_POSITIONS + position
OWN_STAGE_BASE = OWN_STAGE.base  # + position
OPP_STAGE_BASE = OPP_STAGE.base  # + position
ABILITY_BASE = ABILITY.base  # + position * ABILITIES_PER_CARD + j
MOVE_BASE = MOVE.base  # + pair index
ATTACK_BASE = ATTACK.base  # + center position * 3 + (AttackType - 1)
OPTION_BASE = OPTION.base  # + k
NUM_ACTIONS = ACTIONS.size

MOVE_PAIRS = tuple((i, j) for i in range(N_POSITIONS) for j in range(i + 1, N_POSITIONS))


class Zone(IntEnum):
    """Per-card zone (CR 3)."""

    NONE = 0  # unused slot
    DECK = 1
    HAND = 2
    WAITING_ROOM = 3
    STAGE = 4
    MARKER = 5
    CLOCK = 6
    LEVEL = 7
    STOCK = 8
    CLIMAX_AREA = 9
    MEMORY = 10
    RESOLUTION = 11
