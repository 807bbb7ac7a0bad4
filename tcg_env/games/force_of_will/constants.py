"""Force of Will constants shared by the card compiler, the kernels and the facade.

Everything here is a plain int (or an IntEnum member) so numba folds it into the kernels at
compile time. The card compiler (``tcg_env.games.force_of_will.cards``) writes four int32 tables
with the column layouts below (``TableLayout``: the card, ability and filter tables' columns by
name, declared once; the code table is the engine's format); the kernels read them. The action space
is declared as named blocks (``ACTIONS``, an ``ActionLayout``). Change a declaration here and both
sides follow.

Rule numbers refer to ``force-of-will-cr-8.01.txt`` ("CR").
"""

from __future__ import annotations

from enum import IntEnum

from tcg_env.cards.columns import bound, copy, enum, interned, mask
from tcg_env.engine.blocks import ActionLayout, TableLayout
from tcg_env.engine.effects import CoreOp
from tcg_env.engine.effects import Who as CoreWho
from tcg_env.engine.hooks import Rules

# the tag the engine core's kernels are compiled for Force of Will with (tcg_env.engine.hooks); here,
# not in hooks.py, so that the game's own kernels can pass it to the core's (hooks.py imports them)
RULES = Rules("tcg_env.games.force_of_will.hooks")

# --------------------------------------------------------------------------------------------
# Capacities. The action layout addresses HAND_SLOTS hand positions, FIELD_SLOTS field positions
# per side and STANDBY_SLOTS standby positions (docs/force_of_will/actions.md).
# --------------------------------------------------------------------------------------------
MAX_MAIN_DECK = 60  # CR 402.3a
MAX_STONE_DECK = 20  # CR 402.4a
MAX_EXTRA = 5  # extra deck and rune deck, each (CR 402.5a, 402.6a)
# card instances of one player: the ruler, the main deck, the magic stone deck, the rune and extra
# decks, then MAX_EXTRA slots kept free for pseudo-cards: the copies of runes played (CR 711.2,
# 1017.3; at most one a rune, a rune is played face down only once)
PLAYER_SLOTS = 1 + MAX_MAIN_DECK + MAX_STONE_DECK + 3 * MAX_EXTRA
N_SLOTS = 2 * PLAYER_SLOTS  # player p owns slots [p * PLAYER_SLOTS, (p + 1) * PLAYER_SLOTS)
RULER_SLOT = 0  # a player's ruler is the first of its slots
HAND_SLOTS = 16
FIELD_SLOTS = 24  # J-ruler, resonators, additions, regalia and magic stones of one controller
STANDBY_SLOTS = 4
ABILITIES_PER_CARD = 2  # activate abilities addressable per field card (and the J/ruler)
OPTION_SLOTS = 16
CHASE_MAX = 12
TARGET_MAX = 8  # per target register
N_REGS = 2  # target registers per effect program
PENDING_MAX = 12  # triggered automatic objects per player (CR 906.4)
FRAME_MAX = 4
SHIELD_MAX = 8  # active replacement / prevention effects of one-time effects (CR 910, 1018), both players

MIN_MAIN_DECK = 40  # CR 402.3a
MIN_STONE_DECK = 10  # CR 402.4a
MAX_COPIES = 4  # CR 402.3b, 402.7
OPENING_HAND = 5  # CR 403.5
STARTING_LIFE = 4000  # CR 403.3
MAX_HAND_SIZE = 7  # CR 306.3
STANDBY_COST = 2  # CR 706.1: [2] to put a card into the standby area
# Safety net for CR 1301.1c (loops): a game that reaches this many decisions ends in a draw.
MAX_DECISIONS_PER_GAME = 20000


# --------------------------------------------------------------------------------------------
# Attributes (CR 208) and will (CR 907)
# --------------------------------------------------------------------------------------------
class Attribute(IntEnum):
    """An attribute, as an index (wills, costs) and as a bit (``1 << Attribute``) in masks."""

    LIGHT = 0
    FIRE = 1
    WATER = 2
    WIND = 3
    DARKNESS = 4


N_ATTRIBUTES = 5
WILL_VOID = N_ATTRIBUTES  # will without an attribute (CR 907.5): index 5 of a player's will pool
# moon will (CR 907.6a: "Produce {M}" makes one will with the moon characteristic and no attribute; 907.6c: no
# attribute): index 6 of a player's will pool. It pays an {M} of a cost (CR 1003.6: any one moon will) and, as any
# will, free will (CR 1003.2); not an attribute cost (it has none). Costs with {M}: activate abilities (A_COST_MOON)
WILL_MOON = N_ATTRIBUTES + 1
N_WILL = N_ATTRIBUTES + 2
# will restricted in use ("Spend this will only to play <cards>", state.RWILL): per player, RW_MAX kinds of
# it at once (a filter row and a will index, with a count); an ability that would make a kind more is not
# played then (play.ability_usable: an engine limit, docs/force_of_will/card-text.md)
RW_MAX = 4
# the cards that left the field for a graveyard in the move in progress (state.LEFT: several cards destroyed at the
# same time by one instruction or one rule process, CR 906.7); more are not kept (an engine limit)
LEFT_MAX = 16
RW_FILTER = 0  # the filter row of the cards it pays for
RW_WILL = 1  # Attribute, WILL_VOID or WILL_MOON
RW_COUNT = 2  # how many
RW_W = 3
ATTRIBUTE_NAMES = [a.name.lower() for a in Attribute]  # "light" ... "darkness"
ATTRIBUTE_BITS = {a.name.lower(): 1 << a for a in Attribute}  # attribute masks
CARD_ATTRIBUTE_BITS = ATTRIBUTE_BITS | {"void": 0}  # a card's attributes: void has no bit (CR 208.4)


class CardType(IntEnum):
    """CR 201.2 (a ruler's J-ruler side is its own card row, ``C_J_SIDE``)."""

    RULER = 0
    J_RULER = 1
    MAGIC_STONE = 2
    RESONATOR = 3
    CHANT = 4
    ADDITION = 5
    REGALIA = 6
    RUNE = 7  # played from the rune area as a copy (CR 711); a chant/rune has C_TYPE_BITS TB_CHANT


N_CARD_TYPES = 8
TYPEMASK_J_RESONATOR = (1 << CardType.J_RULER) | (1 << CardType.RESONATOR)  # "J/resonator" (CR 201.2a)
TYPEMASK_J_RULER = (1 << CardType.RULER) | (1 << CardType.J_RULER)  # "J/ruler" (CR 201.2b)
# a filter's type names
# "<attribute> magic stone" names a magic stone type (CR 201.4c: the cards with that type, whatever their card
# type or attribute): bit TYPEMASK_STONE_SHIFT + the attribute (characteristics.type_mask_of)
TYPEMASK_STONE_SHIFT = N_CARD_TYPES
TYPEMASK_BITS = {t.name.lower(): 1 << t for t in CardType} | {"j_resonator": TYPEMASK_J_RESONATOR,
                                                              "j_ruler_or_ruler": TYPEMASK_J_RULER} \
    | {f"{a.name.lower()}_magic_stone": 1 << (TYPEMASK_STONE_SHIFT + a) for a in Attribute}


class AdditionTarget(IntEnum):
    """What an addition is added to (CR 1406.1a: "Addition: Field" / "Addition: Resonator" ...)."""

    FIELD = 0  # added to no card: its effects apply from the field
    RESONATOR = 1
    J_RULER = 2
    J_RESONATOR = 3


# keyword skills (CR 1100s) a card can have, as bits of C_KEYWORDS / derived keywords
KW_PIERCE = 1 << 0  # CR 1102
KW_PRECISION = 1 << 1  # CR 1103
KW_FIRST_STRIKE = 1 << 2  # CR 1104
KW_EXPLODE = 1 << 3  # CR 1105
KW_FLYING = 1 << 4  # CR 1106
KW_SWIFTNESS = 1 << 5  # CR 1107
KW_IMPERISHABLE = 1 << 6  # CR 1108
KW_QUICKCAST = 1 << 7  # CR 1111
KW_BARRIER = 1 << 8  # CR 1120
KW_DRAIN = 1 << 9  # CR 1135
KW_ETERNAL = 1 << 10  # CR 1139
KW_BANE = 1 << 11  # CR 1138
KW_BLOODLUST = 1 << 12  # CR 1123
KEYWORD_BITS = {
    "pierce": KW_PIERCE,
    "precision": KW_PRECISION,
    "first_strike": KW_FIRST_STRIKE,
    "explode": KW_EXPLODE,
    "flying": KW_FLYING,
    "swiftness": KW_SWIFTNESS,
    "imperishable": KW_IMPERISHABLE,
    "quickcast": KW_QUICKCAST,
    "barrier": KW_BARRIER,
    "drain": KW_DRAIN,
    "eternal": KW_ETERNAL,
    "bane": KW_BANE,
    "bloodlust": KW_BLOODLUST,
}
# [Mythic] (session 22; not in CR 8.01: the cards' reminder text, "When you control two or more entities with [Mythic]
# that share a name >>> Banish all but one of them."): a printed bit of C_KEYWORDS, any entity's, never granted; read by
# rule_processes.mythic_sweep only (pools with one: FLAG_MYTHIC). Not in KEYWORD_BITS, so not in the observation's
# keyword columns (the card_id column shows it; the observation layout is unchanged)
KW_MYTHIC = 1 << 13
CARD_KEYWORD_BITS = {**KEYWORD_BITS, "mythic": KW_MYTHIC}  # the card model's keywords, as C_KEYWORDS bits

# restriction bits (effects "cannot attack" / "cannot block" / "cannot be targeted by the opponent")
RESTRICT_CANT_ATTACK = 1
RESTRICT_CANT_BLOCK = 2
RESTRICT_CANT_RECOVER = 4  # "does not recover during your next recovery phase"
RESTRICT_CANT_BE_BLOCKED = 8  # "this card cannot be blocked" (CR 804.3: no J/resonator may block it)
RESTRICT_CANT_BE_ATTACKED = 16  # "this card cannot be attacked" (CR 803.3b: no J/resonator may attack it)
# "this card cannot be targeted by spells or abilities" (anyone's, its controller's too; [Barrier] is only the other
# players', CR 1120.2): no filter of a target matches it (filters.filter_match, CR 903.2g). Not in the observation's
# restriction columns (a new column would change its layout); the legal targets show it
RESTRICT_CANT_BE_TARGETED = 32
# "this card cannot attack your opponent" (CR 803.3b: the opponent is no attacked object for it; it attacks only where
# a J/resonator of the opponent's can be attacked, battle.can_attack_now). Not in the observation's restriction columns
RESTRICT_CANT_ATTACK_PLAYER = 64
# session 31: "this card can block J/resonators with [Flying]" (CR 1106.2: a permission, kept with the restriction
# bits so the restrict / aura_restrict machinery carries it; battle.can_block_now). A high bit: not in the observation's
# restriction columns
RESTRICT_CAN_BLOCK_FLYING = 1 << 14
# session 31: "this card can block while rested" (CR 804.3 asks a recovered blocker; 804.4 rests it: it stays rested)
RESTRICT_CAN_BLOCK_RESTED = 1 << 15
# session 33 (s33b): "<card> loses all abilities until end of turn / until end of game" (CR 909.1d: a continuous effect
# that removes abilities; kept with the restriction bits, the one-time effect's duration in the restriction words):
# characteristics.abilities_lost reads it (only in pools with such an instruction, FL_RESTRICT). A high bit: not in the
# observation's restriction columns (the keyword columns show the keywords lost)
RESTRICT_NO_ABILITIES = 1 << 24
# session 33 (s33b): "... loses all abilities and cannot gain abilities until end of turn": with RESTRICT_NO_ABILITIES, no
# keyword granted after the loss either (characteristics.base_keywords)
RESTRICT_CANT_GAIN_ABILITIES = 1 << 25
# session 34 (s34a): "<card> cannot attack resonators" (CR 803.3b: of the opponent's J/resonators only its J-ruler is
# an attacked object for it, and the player; battle.attackable, only in pools with it in FL_RESTRICT). A high bit: not in
# the observation's restriction columns (the legal actions show it)
RESTRICT_CANT_ATTACK_RESONATORS = 1 << 26
# session 34 (s34a): the card's ATK and DEF were set ("becomes a [A/D] until end of turn", Op.SET_POWER): the continuous
# abilities' ATK/DEF changes do not apply to it (CR 909.1g, 909.3b, read as older than the set: the engine's general
# simplification of CR 909.3, characteristics.power_set). Until end of turn (the restriction words' END_OF_TURN); a high
# bit, not in the observation's restriction columns (its ATK and DEF columns show the values)
RESTRICT_POWER_SET = 1 << 27

# --------------------------------------------------------------------------------------------
# Card table: cards[card_id, C_*] (int32). Card id 0..n-1 in the compiled pool order.
# --------------------------------------------------------------------------------------------
CARD_TABLE = TableLayout("card")
# a column with a source is filled from the card model by the compiler (tcg_env.cards.columns)
C_TYPE = CARD_TABLE.add("type", source=enum(CardType))
C_ATTR = CARD_TABLE.add("attr", source=mask(CARD_ATTRIBUTE_BITS, "attribute"))  # attribute mask (1 << Attribute), 0 = void (CR 208.4)
C_COST = CARD_TABLE.add("cost", N_ATTRIBUTES)  # C_COST + Attribute: the attribute cost, will of that attribute (CR 203.3)
C_COST_FREE = CARD_TABLE.add("cost_free")  # free cost (CR 203.4); -1: X (CR 203.5b)
C_ATK = CARD_TABLE.add("atk", source=copy())  # J/resonators (CR 206), else 0
C_DEF = CARD_TABLE.add("def", source=copy("defense"))  # J/resonators (CR 207), else 0
C_KEYWORDS = CARD_TABLE.add("keywords", source=mask(CARD_KEYWORD_BITS))  # KW_* bits printed on the card
C_NAME = CARD_TABLE.add("name", source=interned("name_ids", "card name"))  # interned name id (CR 202.2: four of a name), from 1
# C_NAME packs a second name: "This card has / gains "<name>" in addition to its other names." (CR 202; the card fields
# also_named and also_named_in_field): the printed name's id in the low NAME_BITS, the second name's id above it (0
# none), NAME2_IN_FIELD for a name gained by a continuous ability, only while the card is in the field or a ruler area
# (CR 902.1a). Packed, not a column of its own: the pools without a second name keep their tables (fingerprints). The
# name checks read both (filters.filter_core, spend_match, controls_named, Condition RULER_NAMED,
# zones.stones_sharing_name; decks.validate_deck counts a printed second name)
NAME_BITS = 15
NAME_MASK = (1 << NAME_BITS) - 1
NAME2_IN_FIELD = 1 << (2 * NAME_BITS)
C_RACE = CARD_TABLE.add("race", source=interned("race_ids", "race", "races.0"))  # interned race / trait id of its first race, 0 = none (CR 205)
C_RACE2 = CARD_TABLE.add("race2", source=interned("race_ids", "race", "races.1"))  # a second race / trait, 0 = none
C_J_SIDE = CARD_TABLE.add("j_side")  # rulers: card id of the J-ruler side ([Judgment], CR 705.3), -1 = none; J-rulers: their ruler's id
# (an Inverse card's hope side, CR 1302.3: its despair side's id; a despair side: -2 - its hope side's id)
C_WILL_A = CARD_TABLE.add("will_a")  # magic stones and will producers: the Attribute (or WILL_VOID) of the will produced, -1 none
C_WILL_B = CARD_TABLE.add("will_b")  # a second choice of will ("produce [R] or [G]"), -1 none
C_BASIC = CARD_TABLE.add("basic", source=copy())  # 1: basic magic stone (CR 402.4b: any number of copies) / basic J-ruler
# C_BASIC packs the deck-building marks and rules a card prints (session 22, CR 402.8: an effect that replaces the deck
# building rules applies as the deck is built; decks.validate_deck reads them, no kernel does): DECK_ANY_COPIES "You may
# have any number of copies of this card in your (main / magic stone) deck." (CR 402.3b, 402.4c, 402.7 waived); from
# DECK_MARK_SHIFT a bit per DECK_MARKS keyword the card has (CR 1101.1b: keywords without a skill, named by other cards);
# from DECK_FORBID_SHIFT "You cannot have cards with [<mark>] in your deck" (its main deck), DECK_FORBID_STONES: "... or
# magic stone deck" too
DECK_ANY_COPIES = 2
DECK_MARKS = ("will_of_hope", "will_of_despair", "tales", "villains")
DECK_MARK_SHIFT = 2
DECK_FORBID_SHIFT = DECK_MARK_SHIFT + len(DECK_MARKS)
DECK_FORBID_STONES = 1 << (DECK_FORBID_SHIFT + len(DECK_MARKS))
# [Force Command] <X> (session 24; not in CR 8.01, read by its reminder "Apply all [Force Resonance] <X> abilities of
# cards you control in all zones."): from FORCE_COMMAND_SHIFT a bit of C_BASIC per FORCE_COMMANDS tag the card has, read
# by Condition.FORCE_COMMAND (filters.controls_basic_bits)
FORCE_COMMANDS = ("chaos", "faith", "moon", "trickery", "genesis", "satan", "future", "nature", "flame", "infinity",
                  "olympians", "death", "rebirth")
FORCE_COMMAND_SHIFT = DECK_FORBID_SHIFT + len(DECK_MARKS) + 1
# session 24 (CR 402.8): from DECK_MAX_SHIFT (above the [Force Command] bits) "You may have up to N copies of this card in your [main / magic stone] deck."
# (N, at most DECK_MAX_MASK; 0: the rules' four); DECK_ONE_COPY: a ruler's "You may not have more than one copy of any card
# in your deck." (its main deck)
DECK_MAX_SHIFT = FORCE_COMMAND_SHIFT + len(FORCE_COMMANDS)
DECK_MAX_MASK = 31
DECK_ONE_COPY = 1 << (DECK_MAX_SHIFT + 5)
C_ABIL_START = CARD_TABLE.add("abil_start")  # first row of this card's abilities in the ability table
C_ABIL_COUNT = CARD_TABLE.add("abil_count")
C_SPELL_ABIL = CARD_TABLE.add("spell_abil")  # chants and runes: the ability row of what resolving it does (CR 703.3), -1
C_AWAKEN_ABIL = CARD_TABLE.add("awaken_abil")  # ability row of [Awakening] (its cost; its text, CR 1109), -1 none
C_INCARNATION = CARD_TABLE.add("incarnation")  # [Incarnation] attribute mask of the resonators to banish (CR 1110), 0 none
C_INCARNATION_N = CARD_TABLE.add("incarnation_n")  # how many resonators [Incarnation] banishes; runes: free will more (< 0: less) from a rune area
C_TRIGGER_ABIL = CARD_TABLE.add("trigger_abil")  # chants with [Trigger]: the ability row whose trigger condition reveals it, -1
C_STEALTH = CARD_TABLE.add("stealth")  # 1: [Stealth] (CR 1114)
# [Mobilize] <cost> (CR 1129.2): the will paid to attack or block with it (C_TYPE_BITS TB_MOBILIZE: it has one)
C_MOBILIZE = CARD_TABLE.add("mobilize", N_ATTRIBUTES)  # + Attribute: will of that attribute
C_MOBILIZE_FREE = CARD_TABLE.add("mobilize_free")  # will of any attribute
C_ADDITION = CARD_TABLE.add("addition", source=enum(AdditionTarget, none=0))  # additions: AdditionTarget
C_DIVINITY = CARD_TABLE.add("divinity", source=copy())  # J/rulers: [Divinity] (CR 1136); runes: their divinity (CR 209.2)
C_MANA = CARD_TABLE.add("mana", source=copy())  # [Mana] counters (CR 1122)
# "This card enters the field with N <name> / [+100/+100] counters [on it]." (session 24, CR 1022.6: added to the others as it
# enters, zones.enter_field / priority.resolve_judgment): N in the low ENTER_COUNT_BITS, the named kind above them (0:
# [+100/+100] counters)
C_ENTER_COUNTERS = CARD_TABLE.add("enter_counters")
ENTER_COUNT_BITS = 8
C_JUDGMENT_COST = CARD_TABLE.add("judgment_cost", N_ATTRIBUTES)  # rulers: C_JUDGMENT_COST + Attribute: [Judgment] attribute will
C_JUDGMENT_FREE = CARD_TABLE.add("judgment_free")  # rulers: [Judgment] free will
# session 34 (s34b): a magic stone (no [Judgment]: the columns are free) that "enters your field rested unless you pay N
# life" (N, with its C_PLAY_COND condition if any) or "As this card enters ..., you may reveal a <card> from your hand. If
# you don't, ... rested." (the hand filter row + 1): its controller chooses as it enters (zones.enter_field,
# priority.ask_enter_unless)
UNLESS_LIFE_COL = C_JUDGMENT_FREE
UNLESS_REVEAL_COL = C_JUDGMENT_COST
C_HAS_CONT = CARD_TABLE.add("has_cont")  # 1: the card has a CONTINUOUS ability (lets the kernels skip the others fast)
# "Play this card only if <condition>." (CR 903.2: it may be played only while the condition holds, checked as it is
# offered, play.card_playable): a Condition and its argument (NONE: no such line)
C_PLAY_COND = CARD_TABLE.add("play_cond")
C_PLAY_COND_ARG = CARD_TABLE.add("play_cond_arg")
C_STEALTH_ABIL = CARD_TABLE.add("stealth_abil")  # resonators with [Stealth]: the ability row (kind STEALTH) of its condition (CR 1114.2), -1
C_TYPE_BITS = CARD_TABLE.add("type_bits")  # TB_* bits: general types and second types (CR 201.2c, 201.3)
C_GRIMOIRE = CARD_TABLE.add("grimoire", source=copy())  # rulers: [Grimoire] N, the story chants its extra deck may hold (CR 1132.2, 402.5c)
C_GODS_ARTS = CARD_TABLE.add("gods_arts")  # bit i: the card has a [God's Art] of name id i (A_GODS_ART; the observation shows it used)
# "This card cannot be cancelled." (session 21, CR 1012): 1: a cancel leaves it on the chase (effects.cancel_slot)
C_UNCANCELABLE = CARD_TABLE.add("uncancelable", source=copy())
# C_UNCANCELABLE's bits: UNCANCELABLE (the model's uncancelable) and UNCHASEABLE, "Players cannot chase to this card."
# (session 27, FowCard.unchaseable): while its chase entry is the last one, a player with priority plays nothing but will
# abilities (CR 907.3: they use no chase) and passes (kernels.priority_mask)
UNCANCELABLE = 1
UNCHASEABLE = 2
C_NCOLS = CARD_TABLE.width

# The pool's flags table (tcg_env.engine.tables; cards.fow_kernel_flags), derived from the rule tables
# when the pool is packed; a clear bit lets the kernels skip a check (same play, less work).
FL_RESTRICT = 0  # the pool's row: the RESTRICT_* bits some RESTRICT / AURA_RESTRICT instruction of the pool gives
FL_MISC = 1  # the pool's row: FLAG_* bits
FLAG_COST_REDUCTION = 1  # some COST_REDUCTION instruction (characteristics.cost_reduction, own_reduction)
FLAG_SELECT_MODE = 2  # some SELECT_MODE instruction (priority.ask_mode, effects.playable_targets)
MODE_AT_RANDOM = 1  # SELECT_MODE a2: the mode chosen at random among those that may be chosen (priority.ask_mode)
FLAG_YOU_PLAY = 8  # some automatic ability with trigger YOU_PLAY (priority.finish_frame looks for them)
FLAG_REVEAL = 4  # some SEARCH that reveals (SEARCH_REVEAL_*): the observation's `revealed` block may be non-zero
FLAG_DAMAGE_MOD = 32  # some DAMAGE_MOD instruction (effects.modified_damage)
FLAG_LEAVES_FIELD = 64  # some automatic ability with trigger LEAVES_FIELD (zones.move_card fires it)
FLAG_IS_BLOCKED = 128  # some automatic ability with trigger IS_BLOCKED (battle.block_declared fires it)
FLAG_PREVENT_CONT = 16  # some PREVENT_DAMAGE instruction (effects.deal_damage_to_card reads the continuous prevention)
FLAG_MULTI_TARGET = 1024  # some CHOOSE of a fixed count of two or more, not "up to" (effects.all_targets_available)
FLAG_DIVE = 2048  # some [Dive] ability (A_COST_BANISH_SELF COST_DIVE) or TB_FROM_REMOVED card: the PRIORITY mask looks at
# the hand's [Dive] abilities and the removed area
FLAG_REMNANT = 512  # some card with [Remnant] (TB_REMNANT): the PRIORITY mask looks at the graveyard (CR 1115.2)
# some automatic ability with trigger OTHER_TO_GRAVEYARD (zones.move_card_core fires it; effects.each_target and
# rule_processes.sweep_field keep the cards moved at the same time, CR 906.7)
FLAG_ACTIVATE_LOCK = 1 << 12  # session 34 (s34a): some ACTIVATE_LOCK instruction (play.activate_locked)
FLAG_MUST_ATTACKER = 1 << 13  # session 34 (s34a): some MUST_BE_ATTACKER instruction (battle.attacker_required)
FLAG_OTHER_TO_GRAVE = 1 << 15
FLAG_BECOMES_RESTED = 1 << 21  # session 33: some automatic ability with trigger BECOMES_RESTED (triggers.becomes_rested)
FLAG_NO_LIFE_GAIN = 1 << 16  # some NO_LIFE_GAIN instruction (effects.life_gain_blocked)
FLAG_HAND_QUICKCAST = 1 << 17  # some AURA_KEYWORD giving [Quickcast] to cards in the hand (play.hand_quickcast)
FLAG_REDIRECT_DAMAGE = 1 << 18  # some REDIRECT_DAMAGE instruction (effects.deal_damage_to_player, damage_redirect)
FLAG_INVERSE = 1 << 19  # some INVERT instruction (zones.move_card_core turns a despair side hope side up, CR 1302.3e)
FLAG_ENTER_RESTED = 1 << 28  # session 32: some ENTER_RESTED instruction (zones.enter_field reads them)
FLAG_COST_INCREASE = 1 << 26  # session 33 (s33a): some COST_INCREASE instruction (characteristics.cost_increase)
COST_INC_YOU = 1  # COST_INCREASE a2: the ability's controller's plays
COST_INC_OPP = 2  # ... the other player's
FLAG_ATTACK_TAX = 1 << 27  # session 33 (s33a): some ATTACK_TAX instruction (battle.attack_tax)
FLAG_ATTR_ANY = 1 << 25  # session 33 (s33a): some ATTR_COST_ANY instruction (costs.attr_any_mask reads them)
FLAG_BARRED_BY = 1 << 29  # session 32: some BARRED_BY instruction (battle.can_block_now, attackable read them)
# session 34 (s34b): some CHOOSE of abilities on the chase (FilterZone.CHASE_ABILITY: effects.all_targets_available,
# choose_candidates, chase_entry_removed read them)
FLAG_ABILITY_TARGET = 1 << 22
ABILITY_KIND_ACTIVATE = 1  # a CHASE_ABILITY filter's F_STATE bits: an activate ability (CR 905)
ABILITY_KIND_AUTOMATIC = 2  # an automatic ability (CR 906; a keyword skill's too, [Explode] ..., a delayed one)
ABILITY_REF = N_SLOTS  # a register's (and CAND's) reference to chase entry k: ABILITY_REF + k (past every card slot)
BARRED_BLOCK = 1  # BARRED_BY a0: "cannot be blocked by <cards>"
BARRED_ATTACK = 2  # "cannot be attacked by <cards>"
FLAG_MYTHIC = 1 << 20  # some card with [Mythic] (KW_MYTHIC): the rule processes look for two sharing a name (mythic_sweep)
FLAG_ATTR_REDUCTION = 256  # some COST_REDUCTION of attribute will (a2's COST_RED_ATTR_* fields: play.hand_attr_reduction)
# COST_REDUCTION's a2: bit 0 "you may" (asked as the card is played, play.play_from_hand), then COST_RED_ATTR_BITS
# bits per attribute (Attribute order): the will of that attribute less ("you may pay {B} less", CR 903.2i-iv)
COST_RED_OPTIONAL = 1
COST_RED_ATTR_SHIFT = 1
COST_RED_ATTR_BITS = 3
COST_RED_ATTR_MASK = (1 << COST_RED_ATTR_BITS) - 1
# a rune's C_INCARNATION (a rune has no [Incarnation]): the attribute will paid more (or, with this bit, less) to play it
# from a rune area, COST_RED_ATTR_BITS bits per Attribute from bit 0 (cards.FowCard.rune_will, play.rune_attr_change)
RUNE_WILL_LESS = 1 << 20
# a declinable reduction waiting for the player's answer, kept as -(1 + the packed payment) in the frame's E_X
# (play.declinable_reduction): the free will paid if declined, if taken, then the attribute will less if taken
PAY_FREE_BITS = 5
PAY_FREE_MASK = (1 << PAY_FREE_BITS) - 1

TB_MASTER = 1  # a master rune (CR 201.3c): one in a rune deck (CR 402.6c)
TB_CHANT = 2  # a rune with the chant type too ("Chant/Rune", CR 201.2c-i, 402.6d)
TB_STORY = 4  # a story chant: it belongs to the extra deck ([Grimoire], CR 1132.2)
TB_ENTERS_RESTED = 8  # "This card enters the field rested." (zones.enter_field)
# the magic stone types (CR 201.4a: "Light Magic Stone" ... "Darkness Magic Stone"): bit TB_STONE_SHIFT + the
# attribute's index (ATTRIBUTE_NAMES); a magic stone named as a type has it (CR 201.4b), "Treat this card as a fire
# magic stone and ..." gives them (CR 904.2a: a base ability; the card field stone_types)
TB_STONE_SHIFT = 4
TB_STONE_TYPES = 31 << TB_STONE_SHIFT
# a token's card row (CR 1303): no deck holds it; an effect makes one (Op.MAKE_TOKEN) in a free slot of its
# controller's, and it ceases to exist once it has moved out of the field (CR 1303.3a, zones.move_card)
TB_TOKEN = 1 << (TB_STONE_SHIFT + 5)
# [Remnant] (CR 1115.2): "You may play this card from your graveyard. If you played this card from your graveyard by
# Remnant, if this card would move from the chase area to anywhere else, remove it from the game instead." (a chant:
# play.grave_card_playable; the card record's MARK word while it is on the chase, zones.move_card_core)
TB_REMNANT = 1 << (TB_STONE_SHIFT + 6)
# "You may play this card from your removed area." (CR 903.2: played as from the hand; play.dive_actions' removed-area
# rows, only in pools with FLAG_DIVE)
TB_FROM_REMOVED = 1 << (TB_STONE_SHIFT + 7)
# [Mobilize] <cost> (CR 1129.2): "You must pay (cost) to attack or block with this card" (C_MOBILIZE: the cost; the
# attacker and blocker masks need it payable from its controller's will, battle.mobilize_payable; paid as it attacks
# or blocks, CR 803.5 / 804.4)
TB_MOBILIZE = 1 << (TB_STONE_SHIFT + 8)
# [Barrier] <information> (CR 1120.3): from TB_BARRIER_SHIFT, the spells and abilities of another player's the card
# cannot be targeted by, by their card (the spell's, or the card whose ability it is): bits 0-4 attributes (1 <<
# Attribute), from BARRIER_TYPE_SHIFT card types (1 << CardType, 8 bits), from BARRIER_COST_SHIFT a total cost N or
# less as N + 1 (4 bits: N up to BARRIER_COST_MAX); 0: none (filters.filter_match; in C_TYPE_BITS, not a column of its
# own: the card table keeps its width). Bits 13-29 of C_TYPE_BITS.
TB_BARRIER_SHIFT = TB_STONE_SHIFT + 9
BARRIER_TYPE_SHIFT = 5
BARRIER_COST_SHIFT = 13
BARRIER_COST_MAX = 14
# "If you already control two or more magic stones that share a name with this card, this card enters the field
# rested." (a magic stone's; zones.enter_field counts the other magic stones of its controller's field sharing a name;
# bit 30, above [Barrier]'s information)
TB_ENTERS_RESTED_SHARED = 1 << 30
# [Dive] <will>: <effect> (GITS sets; no rule of CR 8.01, its reminder text: "Pay <will> and reveal this card from your
# hand to play this ability. Then remove this card from the game and put a cyberbrain counter on it. You may play
# this card from your removed area as long as there is a cyberbrain counter on it."): an activate ability row whose
# A_COST_BANISH_SELF is COST_DIVE (-1: none of the other values, 1 / 2 + reg / 4 + reg), played only from the hand
# (play.dive_usable; never from the field: play.ability_usable); the cyberbrain counter is the card record's MARK
# word while the card is in the removed area
COST_DIVE = -1
# [Inheritance] <will>: <effect> (CR 1126.2: "Pay the (cost), discard this card from your hand: (Effect)"; 1126.2a: only
# from the hand): COST_INHERITANCE, played as a [Dive] ability is, the card discarded instead of removed
COST_INHERITANCE = -2
# "[<will>,] remove this card in your hand from the game: <effect>" (session 32; CR 903.2j, 1010: a cost paid only in the
# hand makes the ability active there, CR 902.2): COST_REMOVE_HAND, played as [Inheritance] is, the card removed from
# the game (no cyberbrain counter: not playable from the removed area) instead of discarded
COST_REMOVE_HAND = -3
# the graveyard cards [Remnant] can play: the top REMNANT_ROWS of its owner's graveyard (the observation's `graveyards`
# rows, observation.GRAVE_ROWS), chosen in the PRIORITY decision by OPTION_BASE + k (k-th from the top)
REMNANT_ROWS = 8
# the card record's PSEUDO word: a rune's copy (CR 1017.3) or a token (CR 1303.3a), both cease to exist
PSEUDO_COPY = 1
PSEUDO_TOKEN = 2

# Per-card static observation features (float32 [n, CARD_OBS_FEATURES]), the kernel tables'
# obs_rows (engine.tables).
CARD_OBS_FEATURES = 32


# --------------------------------------------------------------------------------------------
# Abilities (CR 900s): abilities[row, A_*]
# --------------------------------------------------------------------------------------------
class AbilityKind(IntEnum):
    SPELL = 0  # what a chant or rune does when it resolves (CR 703.3, 711.3)
    ACTIVATE = 1  # "<cost>: <effect>" (CR 905), on the chase
    WILL = 2  # an activate ability that produces will (CR 907.1): resolves at once, no chase
    AUTOMATIC = 3  # "<trigger> => <effect>" (CR 906)
    CONTINUOUS = 4  # applies while active (CR 904)
    AWAKENING = 5  # [Awakening] (cost): (text), CR 1109
    TRIGGER = 6  # a chant's [Trigger] condition (CR 708, 1113.2b)
    STEALTH = 7  # a resonator's [Stealth] condition (CR 1114.2; played like [Trigger], CR 1416.1a)


class Trigger(IntEnum):
    """Trigger conditions of automatic abilities (CR 906)."""

    NONE = 0
    ENTER = 1  # "[Enter]" / "when this card enters the field" (CR 1140)
    ATTACKS = 2  # this card attacks
    BLOCKS = 3  # this card blocks
    DEALS_DAMAGE = 4  # this card deals damage
    DEALS_BATTLE_DAMAGE_TO_PLAYER = 5
    DESTROYED = 6  # this card is destroyed (CR 1010; zones.destroy)
    OTHER_ENTERS = 7  # another card (A_TRIG_FILTER) enters the field
    BEGIN_DRAW_PHASE = 8
    BEGIN_MAIN_PHASE = 9
    END_OF_TURN = 10  # "at the end of turn" (CR 505.3)
    OPPONENT_PLAYS_SPELL = 11  # the opponent plays a chant
    JUDGMENT = 12  # "doing Judgment" (CR 705.3a-i)
    OPPONENT_ATTACKS = 13  # a J/resonator of the opponent attacks ([Trigger] chants)
    # battle (CR 800s; old cards' "battle phase" is the battle, CR 1410.1a)
    BEGIN_BATTLE = 17  # "at the beginning of battle" (CR 802.1)
    BEGIN_ATTACK_STEP = 18  # "at the beginning of the declare attack step" (CR 803.1)
    BEGIN_BLOCK_STEP = 19  # "at the beginning of the declare block step" (CR 804.1)
    END_OF_BATTLE = 20  # "at the end of battle" (CR 807.1)
    J_RESONATOR_ATTACKS = 21  # "whenever a J/resonator <A_TRIG_FILTER> attacks" (CR 803.5)
    # "when this card is put into a graveyard from the field": any move from the field to a graveyard
    # (destroyed, banished CR 1011, a rule process CR 1200s; zones.move_card), not a J-ruler's return
    PUT_INTO_GRAVEYARD = 22
    DEALT_DAMAGE = 23  # "whenever this card is dealt damage" (effects.deal_damage_to_card, CR 1007.1)
    # players (triggers.trigger_controlled: the cards its controller controls): "whenever you gain life"
    # (an effect's GAIN_LIFE, [Drain]), "whenever damage is dealt to you" (CR 1007.2)
    YOU_GAIN_LIFE = 24
    DAMAGE_TO_YOU = 25
    DEALS_DAMAGE_TO_OPPONENT = 26  # "whenever this card deals damage to your opponent" (any damage, CR 1007.2)
    # "whenever you play a <card>" (CR 903.2: played once it is put onto the chase, priority.finish_frame): the
    # card on the chase matches A_TRIG_FILTER (zone chase); the cards its controller controls (trigger_controlled_on)
    YOU_PLAY = 27
    # "when this card leaves the field" (for a non-field zone): any move from the field but a J-ruler's return to its
    # ruler area (zones.move_card; CR 906.7b: the ability refers to the card as it was in the field)
    LEAVES_FIELD = 29
    IS_BLOCKED = 28  # "whenever this card is blocked": the attacker, when a blocker is declared (CR 804.4; battle.block_declared)
    # "whenever a <card> (A_TRIG_FILTER) is put into a graveyard from the field": any card's move from the field to a
    # graveyard (zones.move_card_core), read as the card was in the field (CR 906.7b); the cards that watch it are the
    # active ones, the moved card itself and the cards moved with it at the same time (triggers.other_to_graveyard)
    OTHER_TO_GRAVEYARD = 33
    INVERTS = 34  # "when this card inverts" (CR 1030.2): it turns despair side up (Op.INVERT; its despair side's ability)
    # "at the beginning of the game" (session 24, CR 502.1): at the beginning of the first turn's draw phase, before
    # BEGIN_DRAW_PHASE (turn.begin_turn); every active card's (a ruler's: card_text.t_begin_game)
    BEGIN_GAME = 35
    # "whenever you gain a gem" (session 27, CR 1027.1): its controller gains a gem token (Op.GAIN_GEM, once per gem)
    YOU_GAIN_GEM = 36
    # session 29: "whenever a J/ruler you control is recovered" (CR 201.2b, 1013): a ruler in its ruler area or a J-ruler in
    # the field goes from rested to recovered (the recovery phase, turn.recover_all, CR 503.5; Op.RECOVER); its
    # controller's cards' (triggers.trigger_controlled)
    J_RULER_RECOVERED = 140
    # session 31: "when this card is put into a / your graveyard from your hand" (discarded, as a cost or by an effect,
    # or put there otherwise; zones.move_card_core, CR 302.3): the card's own, played by its owner from the graveyard
    PUT_INTO_GRAVEYARD_FROM_HAND = 160
    # session 32: "when this card enters the field from a graveyard" / "... enters the field from your deck" / "when this
    # card is put into the field from your deck" (CR 307.7, 906.7c): the card's own, as it enters the field from that
    # zone (zones.enter_field, after ENTER: an [Enter] ability of the card triggers too)
    ENTER_FROM_GRAVEYARD = 170
    ENTER_FROM_MAIN_DECK = 171
    # session 32: "when this card is discarded by the effect or as a cost of an ability of a <card> you control" (CR 1019.1,
    # 903.2j): the card's own, as it is discarded into its owner's graveyard by the choice of a player (the DISCARD /
    # DISCARD_COST decisions, kernels.apply_decision) while the frame that asks for it is an ability's (resolving or being
    # played); A_TRIG_FILTER the ability's source card (the trigger's aux), zone anywhere (a ruler in its ruler area too)
    DISCARDED_BY_ABILITY = 172
    # session 32: "when this card in your graveyard is removed from the game" (CR 1004.1, 902.2): the card's own, as it moves
    # from its owner's graveyard to the removed area (zones.move_card_core), played by its owner
    REMOVED_FROM_GRAVEYARD = 173
    # session 32: "whenever you awaken a spell / a card" (CR 1109.2): its controller plays a card paying its [Awakening]
    # cost (PLAY_AWAKENED), fired with YOU_PLAY as the card is put onto the chase (priority.finish_frame; FLAG_YOU_PLAY)
    YOU_AWAKEN = 174
    # session 32: "when this card is targeted by a spell" / "... by a spell or ability" (CR 903.2g): the card's own, as a
    # spell (a card played, EntryKind.CARD) / a spell or an ability that chose it as a target (a CHOOSE row whose filter has
    # the TARGETED bit) is put onto the chase (priority.finish_frame, targets_triggered); aux the spell's / ability's source
    TARGETED_BY_SPELL = 175
    TARGETED_BY_SPELL_OR_ABILITY = 176
    # session 32: "whenever this card deals damage to a player" (CR 1007.2): any damage it deals to either player
    # (effects.deal_damage_to_player, as DEALS_DAMAGE_TO_OPPONENT)
    DEALS_DAMAGE_TO_PLAYER = 177
    # session 32: "when this card is put into your graveyard from your deck" (CR 309, 304): the card's own, as it moves from
    # its owner's main deck to its graveyard (zones.move_card_core: a mill, CR 1010-like moves), played by its owner
    PUT_INTO_GRAVEYARD_FROM_DECK = 178
    # session 33 (s33b): "when / whenever this card becomes rested" (CR 104.3: a recovered card rested; not a card that
    # enters the field rested, nor one already rested): triggers.becomes_rested, wherever a card in a field or a ruler
    # area is rested (an attack, a block, a rest cost or a will ability, an effect); only in pools with such an ability
    # (FLAG_BECOMES_RESTED)
    BECOMES_RESTED = 210


class KeywordAbility(IntEnum):
    """The automatic abilities of keyword skills: [Explode] (CR 1105.1), [Drain] (1135.1), [Bane]
    (1138.1). A keyword can be granted by an effect, so they are no rows of the ability table: a
    pending entry (PE_ABIL) and a chase entry (E_ABIL) name one by these negative ability rows
    (-1 stays "no ability"); the entry's aux word holds what it refers to."""

    EXPLODE = -2  # aux: the resonator it dealt battle damage to (CR 1105.2)
    DRAIN = -3  # aux: the damage it dealt ("that much life", CR 1135.2)
    BANE = -4  # aux: the J/resonator it dealt damage to (CR 1138.2)


class TriggerWhose(IntEnum):
    ANY = 0
    YOURS = 1  # only on its controller's turn
    OPPONENTS = 2


class Per(IntEnum):
    """What an AURA_PER counts ("gains [+100/+100] for each ...")."""

    FIELD = 0  # the cards in the fields its filter matches (its side seen from the ability's controller)
    HAND = 1  # the cards in its controller's hand
    GRAVEYARD = 2  # the cards in its controller's graveyard
    SELF_ATK = 3  # not a count: the source's ATK in hundreds ("damage equal to its ATK", SET_X only)
    # not a count: the damage of the trigger in hundreds ("whenever this card is dealt damage / damage is dealt to you
    # => ... that much damage": the pending entry's and frame's aux, effects.deal_damage_to_*), SET_X only
    TRIGGER_DAMAGE = 4
    GRAVEYARD_MATCHING = 5  # the cards of its controller's graveyard its filter (zone graveyard) matches
    REMOVED = 6  # the cards in its controller's removed area (CR 311; "for each card in your removed area")
    # "for each <name> counter on this card / your J/ruler" (CR 1022.1; session 21): the filter operand holds the kind
    # (from NCC_KIND_SHIFT) and NCC_FROM_RULER, A_COST_NAMED's packing without a count (filters.aura_count)
    NAMED = 7
    # "the number of different attributes among <cards>" (session 21, CR 208): the attributes (of five) the cards of the
    # fields its filter matches have between them; attributeless cards add none
    ATTRIBUTES = 8
    # the cards in its controller's hand but the source itself: a card's own cost "for each card in your hand", read
    # while the card is in the hand, counts the hand it leaves (CR 903.2d: it is on the chase as its total cost is
    # determined, 903.2i)
    HAND_OTHER = 9
    # session 22: the resonators put into a graveyard from its controller's field this turn (state.RESONATORS_TO_GRAVE);
    # _ALL: from both players' fields ("for each resonator put into a graveyard from the field this turn")
    RESONATORS_TO_GRAVEYARD = 10
    RESONATORS_TO_GRAVEYARD_ALL = 11
    # session 23: "for each card in your opponent's hand / graveyard / removed area" (HAND's, GRAVEYARD's, REMOVED's count
    # of the other player's zone)
    OPP_HAND = 12
    OPP_GRAVEYARD = 13
    OPP_REMOVED = 14
    # session 27: "for each gem you control" (CR 313.1, 1027.1: the gem tokens in its controller's item area, state.GEMS)
    GEMS = 15
    # session 27: not counts: the DEF / ATK in hundreds of the first card of the SET_X row's register I_REG as it is now
    # in the field (0 when it is not there), "you gain life equal to its DEF", SET_X only (read before the op that moves
    # it: card_text._hoist_stat, its last known value, CR 903.3a)
    TARGET_DEF = 16
    TARGET_ATK = 17
    # session 28: "the number of <cards> with different names you control" (the cards of the fields its filter matches
    # that share no name with another counted one, CR 202: a card of two names counts once), "your life" (in hundreds,
    # SET_X only: "where X is your life"), "[+100/+100] counters on this card" (its net count, CR 1022, 1203)
    NAMES = 18
    LIFE = 19
    SELF_COUNTERS = 20
    # session 28: the cards of both players' graveyards or removed areas (the filter's zone) its filter matches (their
    # side: their owner, CR 105.3a): "for each resonator in all graveyards / in your removed area / in your opponent's
    # graveyard"
    ZONE_MATCHING = 21
    # session 28: "the highest total cost among <cards>" (CR 203.5: the printed total cost of the cards of the fields its
    # filter matches; 0 when none)
    MAX_COST = 22
    # session 28: "for each <race> ruler or entity you control" (CR 201.2b, 307.6): FIELD's count plus the rulers in the
    # ruler areas its second filter matches; the filter operand is field row | ruler-area row << PER_ROW_BITS
    FIELD_AND_RULER = 23
    # session 28: not a count: the total cost of the trigger's card (the frame's E_AUX: "whenever you play a water chant
    # => ..., where X is that chant's total cost"), read where that card is as the ability resolves (CR 203.5b: with its
    # X while it is on the chase), SET_X only
    TRIGGER_COST = 24
    # session 28: "for each different name among <cards>" (CR 202): the distinct names (either name of a card) of the
    # cards of the fields its filter matches (NAMES counts cards sharing no name, this counts names)
    DISTINCT_NAMES = 25
    # session 29 (s29-fowref): not a count: the controller of the first card of the SET_X row's register I_REG, plus 1,
    # read where it is in the field (0 when it is not: CR 903.3a, an illegal target's effects are not applied), SET_X
    # only; hoisted before the op that moves the card (its last known controller, CR 911.1: card_text._hoist_stat).
    # "Destroy target resonator. Its controller loses 400 life.": the X of the player ops whose Who operand is
    # WHO_TARGET_CONTROLLER
    TARGET_CONTROLLER = 120
    # session 29 (s29-fowref): not a count: the frame's X as the op before set it (Op.REMOVE_GRAVE: the cards "removed this
    # way" its count filter matched), SET_X only: "for each resonator removed this way" (times it, as any count)
    THIS_WAY = 121
    # session 29 (s29-fowmisc): not a count: "[Force] N ... where X is the result of the roll" (CR 1023.1: N rolls of a six-sided
    # die, 1023.1a, added together), from the game's random stream as the SET_X resolves; the filter operand is N. SET_X
    # only
    FORCE_ROLL = 140
    # session 29: "for each different attribute among all gems you control" (CR 313.1, 1027.1a: a gem has one attribute):
    # the attributes of which its controller has one or more gem tokens (state.GEMS), 0 to 5
    GEM_ATTRIBUTES = 141
    # session 32 (s32b): "for each card in your chant-standby area" (CR 310): the cards of its controller's standby area
    STANDBY = 180


PER_ROW_BITS = 16  # Per.FIELD_AND_RULER: two filter rows in one operand


class SearchTo(IntEnum):
    """Where SEARCH puts the card found (its a1): "put it into your hand", "put it into the field"
    (it enters the field under its controller's control, CR 307.7, 1140.2), "into your graveyard"."""

    HAND = 0
    FIELD = 1
    GRAVEYARD = 2
    # "Look at your opponent's hand. Choose a <card>. They remove that card from the game." (session 28, CR 1004.1)
    REMOVED = 3
    # "Search your deck for a card. Then shuffle the rest of your deck and put that card on top of it." (session 28, CR
    # 1021.2a: the move is part of the shuffle): the card found onto the top of the deck searched, the others shuffled
    DECK_TOP = 4


# SEARCH's a2: 0 searches the whole main deck and shuffles it (CR 1014, 1021). "Look at / reveal the
# top N cards of your deck. [You may] put a <card> from among them into your hand. Put the rest on the
# bottom of your deck in a random order / into your graveyard.": a2 = N (the cards looked at, from the
# top; no shuffle) plus where the rest goes and whether one must be taken when one matches
SEARCH_TOP_MASK = 31  # a2 & mask: N, the top cards looked at (at most OPTION_SLOTS); 0: the whole deck
SEARCH_REST_BOTTOM = 32  # the cards looked at and not taken to the bottom of the deck, in a random order
SEARCH_REST_GRAVEYARD = 64  # ... into their owner's graveyard (neither bit: they stay on top, in order)
# with SEARCH_REST_BOTTOM: "put the rest on the bottom of your deck in any order": the player puts them there one at a
# time (the FORESEE decision, BOTTOM k only; effects.rest_to_bottom), the frame's FR_CNT SEARCH_PLACING meanwhile,
# then SEARCH_PLACED
SEARCH_REST_ANY = 2048
SEARCH_PLACING = -1
SEARCH_PLACED = -2
SEARCH_MUST = 128  # "put a <card> from among them" without "you may": no PASS while one matches
# revealed cards are shown to every player (CR 1005.1), kept in the state by engine.reveals (state.REVEAL_N /
# REVEAL_IDS) for both players' observations (the `revealed` block)
SEARCH_REVEAL_TAKEN = 256  # "search your deck for ..., reveal it and put it ...": the card found is revealed
SEARCH_REVEAL_TOP = 512  # "reveal the top N cards of your deck": the N cards looked at are revealed (top first)
# a search with more distinct matching card ids than the option slots lists them a page at a time (CR 1014.2:
# the player may find any matching card): OPTION_SLOTS - 1 ids, lowest first, then the candidate SEARCH_MORE
# ("the next cards", effects.found); FR_CNT = SEARCH_PAGE + the lowest card id the page lists
SEARCH_MORE = -2
SEARCH_PAGE = 3
# FORESEE's a1 (session 28): "Look at the top N cards of your deck and put them back in any order." - the FORESEE
# decision with the OPTION actions (onto the top) only, none to the bottom (effects.foresee_may_bottom)
FORESEE_TOP_ONLY = 1
SEARCH_REVEAL_MORE = 1024  # with SEARCH_REVEAL_TAKEN: the same reveal as the SEARCH before ("up to N ..., reveal them")
# "Look at target opponent's hand and choose a <card>. They discard that card." (CR 1019.1): the SEARCH (zone hand, to
# the graveyard, SEARCH_MUST) is over the opponent's hand, chosen by the effect's controller; the whole hand is shown
# as the search starts (a reveal: its holder knows it already, so only the looker learns anything; REVEAL_ROWS cards)
SEARCH_OPPONENT = 4096
# "Put up to two <cards> / two cards from among them into your hand" (session 28): a look at the top cards that takes up
# to 1 + (a2 >> SEARCH_TAKE_SHIFT & SEARCH_TAKE_MASK) cards, one SEARCH decision each, among the cards looked at still
# there (the top N - t after t taken); a PASS ends it. FR_CNT meanwhile: SEARCH_AGAIN + t (t taken, asked again), then
# SEARCH_TAKEN + t (done: the rest, N - t cards, goes where the bits say). Only with top > 0 (no pages then: N <=
# OPTION_SLOTS distinct ids, so FR_CNT >= SEARCH_PAGE is free)
SEARCH_TAKE_SHIFT = 13
SEARCH_TAKE_MASK = 3
SEARCH_AGAIN = 1 << 24
SEARCH_TAKEN = SEARCH_AGAIN + 64
# SEARCH_REST_ANY without SEARCH_REST_BOTTOM (session 28): "... and the rest on the top of your deck in any order": the
# player puts them back onto the top one at a time (the FORESEE decision, OPTION k only), FR_CNT SEARCH_PLACING_TOP
# meanwhile, then SEARCH_PLACED
SEARCH_PLACING_TOP = SEARCH_AGAIN - 1
# "... and put it into the field rested" (session 28): the card found enters the field rested (effects.effect_to_field)
SEARCH_RESTED = 1 << 15
# "search your deck for any number of <cards>" (session 28): after each card found the SEARCH decision is asked again
# (FR_CNT SEARCH_AGAIN), over the whole deck, until a PASS or no card matches; then the deck is shuffled
SEARCH_ANY = 1 << 16
# CR 1406.3: an addition with a subtype other than [Addition: Field] put into the field by an effect (SEARCH to the
# field, GRAVE_TO_FIELD) comes in added to a card it can legally be added to; with two or more such cards its
# controller chooses one (the CHOOSE_TARGET decision over them, effects.ask_addition_host): the frame's FR_CNT is
# ATTACH_PENDING - the addition's slot meanwhile, ATTACH_DONE once it is in (effects.addition_host_chosen)
ATTACH_DONE = -3
ATTACH_PENDING = -4
# the cards of a player's latest reveal kept in the state row and the observation (engine.reveals): a reveal of
# more cards keeps its first REVEAL_ROWS (the card compiler calls "reveal the top N" with N > REVEAL_ROWS
# approximate, look_not_revealed)
REVEAL_ROWS = 8

class Condition(IntEnum):
    """Conditions of abilities and of the IF instruction."""

    NONE = 0
    LIFE_AT_MOST = 1  # arg = life
    OPPONENT_LIFE_AT_MOST = 2
    STONES_AT_LEAST = 3  # arg = magic stones you control ([Seal]-like, CR 1128)
    J_RULER = 4  # your ruler is a J-ruler
    HAND_EMPTY = 5  # [Null] (CR 1134)
    PLAYED_CARD_THIS_TURN = 6  # [Torrent] (CR 1124): you played another card this turn
    CONTROL_NAME = 7  # arg = name id: you control a card with that name
    GRAVEYARD_AT_LEAST = 8  # arg = cards in your graveyard
    RUNES_REVEALED_AT_LEAST = 9  # [Rune] <number> (CR 1137.2b): arg = revealed runes in your rune area
    RUNE_ATTRIBUTES = 10  # [Rune] <will symbols> (CR 1137.2a): arg = RUNE_ATTR_BITS bits per Attribute, the runes needed
    CONTROL_AT_LEAST = 11  # arg = filter row << CONTROL_COUNT_BITS | count: you control count or more matching cards
    YOUR_TURN = 12  # "during your turn": its controller is the turn player (CR 501)
    OPPONENTS_TURN = 13  # "during your opponent's turn"
    # "as long as there is a [+100/+100] counter on it / there are N or more ... on this card": arg = N, the source's net
    # count of [+100/+100] counters (state.COUNTERS: +1 and -1 cancel, CR 1022, 1203), the source in the field
    SELF_COUNTERS_AT_LEAST = 14
    # "as long as your opponent controls a <filter>": CONTROL_AT_LEAST's packing, the opponent's field (the filter seen
    # from the ability's controller: side opponent); "as long as you don't control (another) <filter>": none of them
    OPP_CONTROL_AT_LEAST = 15
    CONTROL_NONE = 16
    HAND_AT_LEAST = 17  # arg = cards in its controller's hand
    OPP_HAND_AT_MOST = 18  # arg = cards in the opponent's hand
    PLAYED_CARDS_AT_LEAST = 19  # "if you played N or more cards this turn": arg = N (state.PLAYED_CARDS, CR 1124.2's count)
    # "if your J/ruler is "A" [or "B"]", "you control a J/ruler named "A"": the card of its controller's ruler slot,
    # either side up (CR 201.2b: a ruler or J-ruler; a player has one), is named A or B: arg = A | (B + 1) << RULER_NAME_BITS
    RULER_NAMED = 20
    # [Energize] (CR 1119.2): "if you are not the first player, you start the game with a will coin": its controller
    # is not the first player (state.FIRST_PLAYER)
    NOT_FIRST_PLAYER = 21
    # "the weather is <weather>" (CR 1028): arg = Weather; the weather of the ability's controller (CR 1028.2: the
    # player the effect refers to), state.WEATHER
    WEATHER_IS = 22
    # "if you control "A" and "B"": a card named A and a card named B (CONTROL_NAME's test each; two cards, or one with
    # both names, CR 202): arg = A | B << RULER_NAME_BITS
    CONTROL_NAMES = 23
    # "if this card was awakened" (CR 1109.2a: it was played paying its [Awakening] cost): the chant itself, on the chase
    # or resolving, was played PLAY_AWAKENED (its entry's E_AUX); arg 1: it was, arg 0: it was not (the "... instead"
    # sentence's other branch, card_text.body)
    AWAKENED = 24
    # the other branch of "If <condition>, ... instead." (card_text._instead): WEATHER_IS's and RULER_NAMED's
    # packing, holding when they do not
    WEATHER_IS_NOT = 25
    RULER_NOT_NAMED = 26
    # "there are N or more <name> counters on this card / your J/ruler" (CR 1022.1; session 21): arg packed as A_COST_NAMED
    # (N, the kind from NCC_KIND_SHIFT, NCC_FROM_RULER); this card in the field, or its controller's J/ruler
    NAMED_COUNTERS_AT_LEAST = 27
    # [Torrent] (CR 1124.2): "as you play this card, if you played one or more other cards this turn": the card itself,
    # on the chase or resolving, was played after another card of its controller this turn (its entry's E_AUX bit
    # PLAY_TORRENT, set as it was played: 1124.2a, played is enough); arg 0
    TORRENT = 28
    # "if a resonator you control[led] was put into a graveyard from the field this turn" (session 22): arg = N, the
    # resonators put into a graveyard from its controller's field this turn (state.RESONATORS_TO_GRAVE) at least N
    RESONATORS_TO_GRAVEYARD_AT_LEAST = 29
    # "you may pay <will> less to play this card if it targets a <card>" (session 22, CR 903.2g before 903.2i: the cost is
    # determined once the targets are chosen): arg = filter row (TARGETED). Read for the card in the hand, it holds while
    # a legal target of the card's first CHOOSE matches it too (play.matching_target_exists); once the targets are chosen,
    # the reduction is offered only if one of them matches, and where the cost can be paid only with it the targets
    # must match (effects.choose_candidates, priority.finish_frame; play.target_cost_filter)
    TARGETS_MATCH = 30
    # "as long as / if you control a <attribute> gem" (session 23, CR 1027.1): arg = Attribute | N << 3, its controller has
    # N or more gems of that attribute (state.GEMS)
    GEMS_AT_LEAST = 31
    # "if you control a <card> and another <card>" (session 24): arg = filter row A | filter row B << RULER_NAME_BITS;
    # two different cards of its controller's field, one matching A and the other B (filters.condition_holds)
    CONTROL_AND_ANOTHER = 32
    # "you control a <attribute / race / recovered / rested> J/ruler" (session 24, CR 201.2b: the card of its
    # controller's ruler slot, either side up, in its ruler area or the field): arg = filter row << 1 | 1 for "you don't
    # control ..." (the row's attribute, race and state words only, filters.ruler_matches)
    RULER_MATCHES = 33
    # "[Force Resonance] <X>" (session 24: "This card gains the following text in all zones as long as you control
    # [Force Command] <X>"): arg = the C_BASIC bit of tag X (FORCE_COMMAND_SHIFT); its controller controls a card with
    # [Force Command] <X>: in its field, or its ruler in its ruler area (filters.controls_basic_bits)
    FORCE_COMMAND = 34
    # session 28: the other branch of "If there are N or more [<attribute>] runes revealed from your rune area, <B>
    # instead." (card_text._not): RUNES_REVEALED_AT_LEAST / RUNE_ATTRIBUTES not holding, the same arg
    RUNES_REVEALED_FEWER = 35
    RUNE_ATTRIBUTES_NOT = 36
    # session 29: "there are N or more different attributes among all gems you control" (CR 313.1, 1027.1a): arg = N, the
    # attributes of which its controller has a gem token (Per.GEM_ATTRIBUTES)
    GEM_ATTRIBUTES_AT_LEAST = 140
    # session 31: "whenever you play your second card each turn": arg = N, exactly N cards played this turn (state.
    # PLAYED_CARDS, counted as the card is put onto the chase before YOU_PLAY triggers: priority.note_card_play)
    PLAYED_CARDS_EXACTLY = 160
    # session 32: "if you control less / fewer <cards> than your opponent" (an effect's or a trigger's condition): arg = filter
    # row (side any), the cards of its controller's field it matches fewer than those of the opponent's field
    CONTROL_FEWER_THAN_OPP = 170
    # session 32: "if your opponent has more cards in their hand than you" (CR 306): the hands' counts
    OPP_HAND_MORE = 171
    # session 32: the other branch of "If you control (N or more) <cards> / a card named "<name>", <B> instead."
    # (card_text._not): CONTROL_AT_LEAST's, STONES_AT_LEAST's and CONTROL_NAME's packing, holding when they do not
    CONTROL_FEWER = 190
    STONES_FEWER = 191
    CONTROL_NAME_NONE = 192
    OPP_CONTROL_FEWER = 193  # OPP_CONTROL_AT_LEAST's packing, holding when it does not
    # session 33 (s33a): "if your opponent played N or more cards this turn" (arg = N: state.PLAYED_CARDS of the other
    # player, the count of CR 1124.2, both players' reset as a turn begins, turn.begin_turn)
    OPP_PLAYED_CARDS_AT_LEAST = 200
    # session 32 (s32b): "as long as there are N or more cards in your removed area / you control N or more gems" (CR 904):
    # arg = N | Per << COUNT_PER_SHIFT | the count's filter operand << COUNT_ROW_SHIFT, filters.aura_count's count of the
    # Per (as an AURA_PER counts); COUNT_FEWER: "unless ..." (fewer than N)
    COUNT_AT_LEAST = 180
    COUNT_FEWER = 181
    # session 33 (s33c): the other branch of "If your / your opponent's life is N or less, <B> instead." (card_text._not,
    # CR 1203): LIFE_AT_MOST's / OPPONENT_LIFE_AT_MOST's packing (arg = life), holding when they do not (life more than N)
    LIFE_MORE = 220
    OPPONENT_LIFE_MORE = 221


RULER_NAME_BITS = 15  # RULER_NAMED packs two name ids
COUNT_PER_SHIFT = 8  # session 32: COUNT_AT_LEAST / COUNT_FEWER's packing (N below it, the Per, the filter operand above)
COUNT_ROW_SHIFT = 16


class Weather(IntEnum):
    """A player's weather (CR 1028): none until an effect says "the weather is <weather>" (1028.1a)."""

    NONE = 0
    RAIN = 1
    THUNDERSTORM = 2
    CLEAR = 3


CONTROL_COUNT_BITS = 4  # CONTROL_AT_LEAST packs the count (1..15) in its low bits, the filter row above them
RUNE_ATTR_BITS = 4  # RUNE_ATTRIBUTES packs the count of each Attribute a in bits [4a, 4a + 4)


class ManaFrom(IntEnum):
    """Where a mana-counter cost (A_COST_MANA) removes its counters from (CR 1122, 1022)."""

    THIS_CARD = 0  # "remove a mana counter from this card"
    J_RULER = 1  # "remove a mana counter from your J/ruler"


# ability table columns
ABILITY_TABLE = TableLayout("ability")
A_KIND = ABILITY_TABLE.add("kind", source=copy())  # AbilityKind
A_TRIGGER = ABILITY_TABLE.add("trigger", source=enum(Trigger, none=Trigger.NONE))
A_TRIG_WHOSE = ABILITY_TABLE.add("trig_whose", source=enum(TriggerWhose, "whose"))  # TriggerWhose
A_TRIG_FILTER = ABILITY_TABLE.add("trig_filter")  # filter row (OTHER_ENTERS ...), -1 none
A_COND = ABILITY_TABLE.add("cond")  # Condition to play / to trigger
A_COND_ARG = ABILITY_TABLE.add("cond_arg")
A_COST = ABILITY_TABLE.add("cost", N_ATTRIBUTES)  # A_COST + Attribute: attribute will to pay
A_COST_FREE = ABILITY_TABLE.add("cost_free")  # free will to pay
A_COST_REST = ABILITY_TABLE.add("cost_rest", source=copy("cost.rest"))  # 1: rest this card (CR 1013.2); 2: rest your J/ruler (FowCost.rest_j_ruler)
A_COST_BANISH_SELF = ABILITY_TABLE.add("cost_banish_self", source=copy("cost.banish_self"))  # 1: banish this card (CR 1011); 2 + reg / 4 + reg: banish / rest the card chosen on reg (cards.FowCost.pay_chosen)
A_COST_DISCARD = ABILITY_TABLE.add("cost_discard", source=copy("cost.discard"))  # cards to discard from hand
A_COST_LIFE = ABILITY_TABLE.add("cost_life", source=copy("cost.life"))  # life to pay (multiple of 100)
A_ONCE = ABILITY_TABLE.add("once")  # Once
A_OPTIONAL = ABILITY_TABLE.add("optional", source=copy())  # 1: "you may" (asked on resolution)
A_CODE_START = ABILITY_TABLE.add("code_start")  # first instruction row in the code table
A_CODE_LEN = ABILITY_TABLE.add("code_len")
A_CARD = ABILITY_TABLE.add("card")  # card id that owns the ability
A_COST_MANA = ABILITY_TABLE.add("cost_mana", source=copy("cost.mana"))  # mana counters to remove (CR 1122; a cost of the card text, CR 905.2)
A_MANA_FROM = ABILITY_TABLE.add("mana_from", source=enum(ManaFrom, "cost.mana_from"))  # ManaFrom: from this card or from your J/ruler
# "remove N <name> counters from this card / your J/ruler" (CR 1022.1, a cost; session 21): N (bits 0..NCC_KIND_SHIFT-1),
# the kind (the pool's counter_ids, from NCC_KIND_SHIFT) and NCC_FROM_RULER when from the J/ruler; 0: none (play.named_cost_ok)
A_COST_NAMED = ABILITY_TABLE.add("cost_named")
NCC_KIND_SHIFT = 8
NCC_FROM_RULER = 1 << 16
A_GODS_ART = ABILITY_TABLE.add("gods_art")  # Once.GAME: the id of its [God's Art] name, the bit of state.GODS_ART_USED (CR 1112.2)
A_COST_MOON = ABILITY_TABLE.add("cost_moon", source=copy("cost.moon"))  # {M}: moon will to pay (CR 1003.6; activate abilities)
# session 29: "banish a [<attribute>] gem / N gems: <effect>" (CR 1011, 313.1; a cost of an activate ability): N | (Attribute
# + 1) << GEM_COST_ATTR_SHIFT (0 there: gems of any attributes, each chosen as the cost is paid: priority.finish_frame);
# 0: none
A_COST_GEMS = ABILITY_TABLE.add("cost_gems")
GEM_COST_ATTR_SHIFT = 3
A_NCOLS = ABILITY_TABLE.width

# [God's Art] names a pool may hold: one bit each in a player's int32 record (state.GODS_ART_USED)
MAX_GODS_ARTS = 31
# [Energize] <will> (CR 1119.2): the will coin token a player who is not the first player starts the game with, "Banish
# this: Produce <will>", is compiled as a will ability of its J/ruler (both sides) used once per game by this reserved
# name (a bit of state.GODS_ART_USED, as a [God's Art] name's: the coin is banished once; CR 1119.2a: its ability is
# active while it is in the item area, from the start of the game until it is banished)
ENERGIZE_ART = "[Energize] will coin"


class Once(IntEnum):
    """How often an activate ability may be played (A_ONCE)."""

    ANY = 0  # any number of times
    TURN = 1  # "once per turn": a record on the card (state.USED_TURN), cleared each turn
    # (session 32: an automatic ability's "This ability triggers only once per turn.", CR 906.4; USED_ABILITY_BITS)
    GAME = 2  # [God's Art] <name> (CR 1112.2): once per game per player, by the God's Art's name (A_GODS_ART)


# --------------------------------------------------------------------------------------------
# Filters: filters[row, F_*] (target and count conditions)
# --------------------------------------------------------------------------------------------
class FilterSide(IntEnum):
    ANY = 0
    OWN = 1  # the viewer's (controller of the ability)
    OPPONENT = 2


# state.USED_TURN, a card's record of this turn (cleared as each turn begins, turn.begin_turn, and as the card moves to
# a new zone, CR 302.3): bits 0..USED_ABILITY_BITS-1 the activate abilities played (Once.TURN); above them (session 21)
# the damage the card dealt this turn (CR 1007.1; "the damage it dealt this turn", to cards and players together,
# at most USED_DAMAGE_MASK) and whether it was dealt damage this turn (CardState.DEALT_DAMAGE_THIS_TURN)
USED_ABILITY_BITS = 12
# session 32: "This ability triggers only once per turn." (an automatic ability's A_ONCE Once.TURN, CR 906.4: it triggers
# at most once a turn): bit USED_ABILITY_BITS - 1 - k of the word, k the ability's place among its card's abilities (the
# card compiler keeps it above the card's activate abilities' bits), set as it is played (priority.play_pending)
USED_DAMAGE_SHIFT = USED_ABILITY_BITS
USED_DAMAGE_MASK = (1 << 18) - 1
USED_DEALT_DAMAGE = 1 << 30


# named counters (CR 1022.1, session 21): a card's state.NAMED word holds NC_SLOTS slots of NC_SLOT_BITS bits, each the
# kind (bits 0..NC_KIND_BITS-1: the pool's id of the counter's name, FowCardTable.counter_ids, from 1; 0: empty) and
# the count above it (at most NC_COUNT_MASK). A card holds counters of NC_SLOTS kinds at most: counters of another
# kind put on it are not put (a limit of the engine, docs/force_of_will/card-text.md)
NC_SLOTS = 2
NC_SLOT_BITS = 15
NC_KIND_BITS = 6
NC_KIND_MASK = (1 << NC_KIND_BITS) - 1
NC_COUNT_MASK = (1 << (NC_SLOT_BITS - NC_KIND_BITS)) - 1
NC_MAX_KINDS = NC_KIND_MASK  # kinds a pool may name


class CardState(IntEnum):
    ANY = 0
    RECOVERED = 1
    RESTED = 2
    ATTACKING = 3  # the attacking J/resonator (state.ATTACKER, CR 803)
    BLOCKING = 4  # the blocking J/resonator (state.BLOCKER, CR 804)
    ATTACKING_OR_BLOCKING = 5
    DAMAGED = 6  # "damaged <cards>": a J/resonator with damage on it (DAMAGE > 0, CR 1007.1 / 1007.6)
    # "<cards> that entered your field / the field under your control this turn": in the field since this turn
    # (state.ENTERED, set as it enters the field, zones.enter_field)
    ENTERED_THIS_TURN = 7
    # "<cards> that was dealt damage this turn" (session 21): a J/resonator dealt damage (CR 1007.1) since this turn
    # began and since it entered its zone (CR 302.3): the USED_DEALT_DAMAGE bit of its state.USED_TURN word, set as
    # damage is dealt to it and cleared each turn; damage an effect removed (CR 1007.6) still counts
    DEALT_DAMAGE_THIS_TURN = 8
    # session 34 (s34a): "<card> with ATK different from its printed ATK or DEF different from its printed DEF" (CR 909.7:
    # the printed values are the card's without continuous effects): a card in the field whose ATK or DEF now (continuous
    # abilities and counters included, filters.filter_match) is not its printed one. Not in continuous abilities' filters
    # (cards.py: the continuous abilities' scan would read itself)
    POWER_NOT_PRINTED = 230


class FilterZone(IntEnum):
    FIELD = 0  # entities (CR 307.6), the J-ruler included
    CHASE = 1  # spells on the chase (CR 312.3)
    GRAVEYARD = 2
    HAND = 3
    MAIN_DECK = 4  # searches
    RULER_AREA = 5
    REMOVED = 6  # "put a <card> from your removed area into your hand" (a SEARCH over the removed area, CR 311)
    # session 24: any zone ("if a card would be put into a graveyard from anywhere", GRAVE_TO_REMOVED only): past
    # filters._FILTER_ZONES, which passes_zone reads as any zone
    ANYWHERE = 7
    # session 27: the magic stone deck (CR 305), searched ("search your magic stone deck for a <card>", Op.SEARCH)
    STONE_DECK = 8
    # session 34 (s34b): abilities on the chase (CR 903.2d: a pseudo-card), targets of CHOOSE only: a register holds one
    # as ABILITY_REF + its chase entry's index (filters.ability_filter_match; effects.chase_entry_removed renumbers the
    # references as an entry under them leaves the chase). F_STATE: the kinds (ABILITY_KIND_*), F_TYPE_MASK: the source
    # card's types, F_SIDE: the entry's controller
    CHASE_ABILITY = 9


FILTER_TABLE = TableLayout("filter")
F_TYPE_MASK = FILTER_TABLE.add("type_mask", source=mask(TYPEMASK_BITS, "type"))  # bits (1 << CardType), 0 = any type
F_SIDE = FILTER_TABLE.add("side", source=enum(FilterSide))  # FilterSide
F_ATTR_MASK = FILTER_TABLE.add("attr_mask", source=mask(ATTRIBUTE_BITS, "attribute"))  # bits (1 << Attribute), 0 = any attribute
# F_ATTR_MASK with this bit: the cards with none of its attributes ("non-darkness <cards>", FowFilter.not_attribute;
# characteristics.attr_passes)
ATTR_NOT = 1 << 8
F_COST_MIN = FILTER_TABLE.add("cost_min", source=bound())  # total cost (CR 203.5), -1 = none
F_COST_MAX = FILTER_TABLE.add("cost_max", source=bound())
# "with total cost X [or less]" on a chant / rune whose cost has X (session 22, CR 903.2f, 203.5b): F_COST_MAX (and
# F_COST_MIN for "total cost X") COST_BOUND_X, read as the X chosen for the source card on the chase
# (filters.filter_core, characteristics.x_on_chase)
COST_BOUND_X = -2
F_ATK_MIN = FILTER_TABLE.add("atk_min", source=bound())  # current ATK in the field, printed elsewhere; -1 = none
F_ATK_MAX = FILTER_TABLE.add("atk_max", source=bound())
F_RACE = FILTER_TABLE.add("race", source=interned("race_ids", "race"))  # race / trait id, 0 = any
# "Skeleton or Zombie" (session 22, CR 205): a second race either of which matches, its id packed in F_RACE from
# RACE_OR_SHIFT (FowFilter.race_or; filters.race_passes)
RACE_OR_SHIFT = 16
RACE_ID_MASK = (1 << RACE_OR_SHIFT) - 1
# "non-<race> <cards>" (session 24, CR 205): F_RACE with this bit matches the cards with neither race slot that race
# (FowFilter.not_race; filters.race_passes); not with a second race
RACE_NOT = 1 << 30
# "<card> not named "<name>"" (session 33, s33c, CR 202): F_NAME with this bit matches the cards with neither name that
# name (FowFilter.not_name; filters.filter_core); not with name / name_or
NAME_NOT = 1 << 30
F_NAME = FILTER_TABLE.add("name", source=interned("name_ids", "card name"))  # name id, 0 = any
F_STATE = FILTER_TABLE.add("state", source=enum(CardState))  # CardState
F_EXCLUDE_SELF = FILTER_TABLE.add("exclude_self", source=copy())  # 1: not the ability's source; 2 (SELF_ONLY): only it
F_ZONE = FILTER_TABLE.add("zone", source=enum(FilterZone))  # FilterZone
# added by the card side: 1 = only the card the ability's source (an addition) is added to
# ("added resonator gains ...", CR 1406.1a); 0 = no such limit
F_ADDED_TO = FILTER_TABLE.add("added_to", source=copy())
# F_ADDED_TO holds bits: ADDED_TO_CARD (the column's source, FowFilter.added_to) and TARGETED, set by the card side:
# the cards the filter matches are targets ("target resonator": the op choose), so an opponent's [Barrier] card is
# kept out (CR 1120.2: it cannot be targeted by the opponent's spells and abilities; [Barrier] stops targeting only:
# "each / all ...", continuous abilities, conditions and the cards a trigger is about still match it). (A bit of this column, not a column of
# its own: a wider filter table changes every pool's fingerprint, the built-in pools' recorded snapshots included.)
ADDED_TO_CARD = 1
TARGETED = 2
# "<cards> with [Flying]" / "without [Flying]" (session 27, CR 1100s: the keywords the card has now, continuous abilities
# included, printed off the field): F_ADDED_TO's KW_* bits from KW_FILTER_SHIFT (any of them; FowFilter.keyword), with
# KW_FILTER_NOT none of them (FowFilter.not_keyword); filters.filter_core
KW_FILTER_SHIFT = 4
KW_FILTER_MASK = (1 << 16) - 1
KW_FILTER_NOT = 1 << 20
# session 32: "basic / special magic stone" (CR 402.4b: a basic magic stone, C_BASIC bit 0; a special one has it not):
# F_ADDED_TO bits of FowFilter.stone, read by filters.filter_core on magic stones
STONE_BASIC = 1 << 21
STONE_SPECIAL = 1 << 22
# session 32: "a card with [Will of Hope]" (CR 1101.1b: a mark, C_BASIC's bit from DECK_MARK_SHIFT): F_ADDED_TO's mark bits
# from MARK_FILTER_SHIFT (one per DECK_MARKS, the card has one of them; FowFilter.mark)
MARK_FILTER_SHIFT = 23
# the F_ADDED_TO bits filters.filter_core reads in one rare branch (a basic / special magic stone, a mark)
RARE_FILTER_BITS = STONE_BASIC | STONE_SPECIAL | (((1 << 4) - 1) << MARK_FILTER_SHIFT)
F_NCOLS = FILTER_TABLE.width
# F_EXCLUDE_SELF = SELF_ONLY: the filter matches the ability's own card alone ("this card cannot
# attack", a continuous ability of its own; FowFilter.self_only), written by cards.compile_filter
SELF_ONLY = 2


# --------------------------------------------------------------------------------------------
# Effect programs: code[row, I_*] (the engine's format, tcg_env.engine.effects). The CHOOSE rows
# come first: targets are chosen when the card or ability is played (CR 903.2g) and checked when
# it resolves (CR 903.3a).
# --------------------------------------------------------------------------------------------
class Op(IntEnum):
    # the opcodes every game shares are the core's (tcg_env.engine.effects.CoreOp); Force of
    # Will's own fill the gaps. Ops EACH_TARGET_FIRST..EACH_TARGET_LAST (10..24) act on every card
    # of register I_REG that is still a legal target
    # --- targeting: fill target register I_REG ---
    CHOOSE = CoreOp.CHOOSE  # a0 = filter row, a1 = count, a2 = 1 "up to"
    SELECT_ALL = CoreOp.SELECT_ALL  # a0 = filter row: every matching entity on resolution
    TARGET_SELF = CoreOp.TARGET_SELF  # the source card
    # --- on every card of register I_REG ---
    POWER = CoreOp.POWER  # a0 = ATK change, a1 = Duration, a2 = DEF change (CR 1020.3)
    DAMAGE = 11  # a0 = damage (CR 1007.1); a1 = DAMAGE_DEALT_THIS_TURN: the damage the card dealt this turn instead
    DESTROY = 12  # CR 1010
    GRANT_KEYWORD = CoreOp.GRANT_KEYWORD  # a0 = KW_* bits, a1 = Duration
    RESTRICT = CoreOp.RESTRICT  # a0 = RESTRICT_* bits, a1 = Duration
    REST = 15  # CR 1013
    RECOVER = 16
    RETURN_TO_HAND = 17  # to its owner's hand
    REMOVE = 18  # remove from the game (CR 1004)
    COUNTER = 19  # a0 = +1 / -1 [+100/+100] counters (CR 1022.2); a1 > 0: a0 named counters of kind a1 (< 0: removed)
    CANCEL = 20  # a spell or ability on the chase (CR 1012)
    BANISH = 21  # CR 1011 (only cards its controller controls; a0 = 1, session 29: by the card's own controller)
    REMOVE_FROM_BATTLE = 22  # CR 1029: no longer attacking, blocking or the attacked object
    # "gain control of <targets> [until end of turn]" (session 21; CR 105.3: the effect's controller controls them):
    # REMOVE_FROM_BATTLE with a0 = GAIN_CONTROL_PERMANENT or GAIN_CONTROL_EOT (a control change takes a card out of
    # battle, CR 803.5a, 804.4a; zones.change_control), the card file's op "gain_control"
    GAIN_CONTROL = 22
    TO_DECK_TOP = 23  # "put <target> on top of its owner's main deck" (CR 302.5, 302.3: a new card there)
    TO_DECK_BOTTOM = 24  # "put <target> on the bottom of its owner's main deck" (CR 403.5)
    # --- on players (a1 = Who) ---
    DRAW = CoreOp.DRAW  # a0 = count
    DISCARD = CoreOp.DISCARD  # a0 = count, a2 = 1 at random
    DAMAGE_PLAYER = 32  # a0 = damage (CR 1007.2)
    GAIN_LIFE = 33  # a0 = life
    LOSE_LIFE = 34  # a0 = life
    SEARCH = 35  # a0 = filter row (zone MAIN_DECK), a1 = SearchTo: one card to hand (field, graveyard), then shuffle (CR 1014, 1021)
    PRODUCE_WILL = 36  # a0 = Attribute or WILL_VOID, a1 = how many (will abilities, CR 907); a2: SHARED_WITH_RULER / 0 / spend row + 1
    CALL_STONE = 37  # put the top card of the magic stone deck into the field (CR 1016); a2 = 1: rested
    FORESEE = 38  # a0 = count (CR 1034); a1 = FORESEE_TOP_ONLY: "look at the top N cards ... and put them back in any order"; a2 = 1: the opponent's deck, 2: the magic stone deck
    MILL = 39  # a0 = count: top cards of the main deck to the graveyard
    SET_X = 41  # a0 = Per, a1 = filter row, a2 = times: the frame's X (E_X) := times x the count ("for each ...")
    # "Choose one - A; or B" (CR 903.2e): the program's only row; a0 = the first mode's ability row, a1 = how
    # many modes (consecutive rows, each with a program of its own); the mode is chosen as the card or ability
    # is played, before its targets (priority.ask_mode), and the frame then runs that mode's program; a2 =
    # MODE_AT_RANDOM: "Choose one at random" (no decision: one of the modes that may be chosen, session 24). A mode's
    # ability row holds its own condition (A_COND, effects.mode_allowed: "Choose this option only if ...")
    SELECT_MODE = 42
    MANA_COUNTER = 40  # a0 = mana counters to put (< 0: remove) on the J/ruler of player a1 (CR 1122, 1022.1); a2 < 0: named counters of kind -a2
    # --- replacement and prevention effects (CR 910, 1018; the shield table, state.SHIELDS) ---
    PREVENT = 50  # on every card of I_REG: prevent the next a0 damage dealt to it this turn (a0 = 0: all, CR 1018.1b)
    PREVENT_PLAYER = 51  # a1 = Who: prevent the next a0 damage dealt to that player this turn (a0 = 0: all)
    SHIELD_DESTROY = 52  # on every card of I_REG: this turn, the next time it would be destroyed, a0 (Instead bits) instead
    # --- control flow ---
    IF = CoreOp.IF  # a0 = Condition, a1 = arg, a2 = rows to skip when false
    # "If you do, ..." (a0 = 0) / "If you don't, ..." (a0 = 1): the next a2 rows, decided by the row before it
    # (DISCARD: every card discarded, CR 104.2)
    IF_DONE = CoreOp.IF_DONE
    # --- continuous effects (CONTINUOUS abilities and additions, recomputed after every change) ---
    AURA_POWER = 70  # a0 = ATK change, a1 = filter row it applies to, a2 = DEF change
    AURA_KEYWORD = 71  # a0 = KW_* bits, a1 = filter row
    AURA_RESTRICT = 72  # a0 = RESTRICT_* bits, a1 = filter row
    AURA_PER = 74  # a0 = Per (what is counted), a1 = filter row (Per.FIELD): the next AURA_POWER counts once per card
    COST_REDUCTION = 73  # a0 = free will less, a1 = filter row (zone HAND: the cards it reduces), a2 = 1: "you may" (own only: the player is asked, play.play_from_hand)
    # continuous replacement effects (CR 910), read where the replaced event happens (replacement.py)
    REPLACE_DESTROY = 53  # a0 = Instead bits (INSTEAD_SOURCE_TO_GRAVEYARD required), a1 = filter row (-1: the added card)
    # on the cards of register I_REG chosen in a graveyard (not each-target ops: target_affected reads
    # the field): "put target <card> from your graveyard into your hand / into the field" (a2 = 1: rested)
    GRAVE_TO_HAND = 55
    GRAVE_TO_FIELD = 56
    GRAVE_TO_REMOVED = 54  # a1 = filter row: a matching card that would be put into a graveyard from the filter's zone is removed instead
    # (session 24: a2 = GraveOwner, whose graveyard: "into your / your opponent's graveyard", read on the card's owner)
    # continuous prevention (CR 1018, 910): damage that would be dealt to a card its filter (a1) matches is prevented:
    # a0 = 0 all of it (1018.1b), a0 < 0 -a0 of it (1018.1a), a0 > 0 all of it when it is a0 or less
    # (replacement.continuous_prevention, read where the damage is dealt; pools with one: FLAG_PREVENT_CONT)
    PREVENT_DAMAGE = 57
    # "that resonator" after a trigger about another card ("whenever this card is blocked by a resonator", "deals
    # damage to a resonator"): the trigger's card (the frame's E_AUX, CR 906.7) into register I_REG while it is
    # still in the field (CR 302.3: once it left, it is a new card); a1 = 1 (session 29): while it is in a removed area
    # (a delayed ability about a card its effect removed from the game, DELAYED a1 = 2)
    TARGET_TRIGGER = 58
    # "if <source> would deal damage [to <cards>], it deals double that much / that much +N instead" (CR 910, a
    # replacement of the source's controller's, applied before any prevention, CR 910.2a): a0 = N (0: double), a1 = the
    # source's filter row, a2 = the filter row of the card dealt damage (-1: any card or player);
    # effects.modified_damage, only in pools with one (FLAG_DAMAGE_MOD)
    DAMAGE_MOD = 59
    # "prevent all damage that would be dealt by <targets> this turn" (CR 1018.1b): a shield table entry on every card
    # of register I_REG (Shield.PREVENT_FROM), read where damage is dealt (replacement.damage_from_prevented)
    PREVENT_FROM = 61  # (60 is the core's IF)
    # "put N [A/D] <attribute> <race> resonator token(s) [with <keywords>] into the field" (CR 1303): a0 = the token's
    # card row (TB_TOKEN), a1 = Who (its controller, CR 1303.1c), a2 = how many
    # "the weather is <weather> until end of turn" (CR 1028.1): a0 = Weather, the weather of the effect's controller
    # (CR 1028.2) until the end of the turn (turn.end_of_turn_cleanup, CR 505.5b: then no weather, 1028.1a); a later
    # one replaces an earlier one (CR 1028.1b)
    WEATHER = 63
    MAKE_TOKEN = 62
    # "<targets> don't recover during the recovery phase as long as this card is in the field" (CR 503.5): a shield
    # table entry on every card of register I_REG (Shield.NO_RECOVER, SH_AMOUNT the source's slot) while the source is
    # in the field; turn.recover_all reads it, it ends as either card leaves the field (replacement.shields_end_on)
    LOCK_RECOVER = 75
    # session 33 (s33b): "<targets> lose all abilities as long as this card is in the field" (CR 909.1d, 909.8): a shield
    # table entry on every card of register I_REG (Shield.NO_ABILITIES, SH_AMOUNT the source's slot), made only while the
    # source is in the field; characteristics.lost_abilities reads it, it ends as either card leaves the field
    # (replacement.shields_end_on). Its pools' FL_RESTRICT row holds RESTRICT_NO_ABILITIES (cards.fow_kernel_flags)
    LOSE_ABILITIES_WHILE = 210
    # session 34 (s34a): "<targets> become(s) a [A/D] until end of turn" (CR 909.1g: a continuous effect that sets the
    # values; a0 = ATK, a2 = DEF): effects.set_power on each card of register I_REG still in the field (CR 903.3a)
    SET_POWER = 230
    # session 34 (s34a): "<cards> that share a name with another <card>" (CR 202; a0 = filter row): every card in the
    # fields the filter matches that shares a name (either of its names, rule_processes.share_a_name) with another card
    # it matches, into register I_REG (effects.select_shared_name; TARGET_MAX at most, as SELECT_ALL)
    SELECT_SHARED_NAME = 231
    # session 34 (s34a): "Players cannot play activate abilities of <resonators> they control unless they control a <card>."
    # (a continuous ability, CR 904; a0 = filter row of the cards whose activate abilities are locked, a1 = filter row of
    # what their controller must control, both seen from that player): play.activate_locked, in pools with one
    # (FLAG_ACTIVATE_LOCK); will abilities are activate abilities too (CR 907.1)
    ACTIVATE_LOCK = 232
    # session 34 (s34a): "<player> discards their / his or her hand" (CR 1019.1; a1 = Who): every card of that player's hand
    # into its owner's graveyard (zones.discard_to_graveyard, each); NOT_DONE with an empty hand (CR 104.2)
    DISCARD_HAND = 233
    # session 34 (s34a): "put target <card> from your removed area into your hand" (CR 903.2g, 311: a target in a removed
    # area, effects.in_play_* scan them): the cards of register I_REG still in a removed area into their owners' hands
    REMOVED_TO_HAND = 234
    # session 34 (s34a): "As you choose a card to attack, you must choose this card if able." (a continuous ability of the
    # card itself, CR 904, 803.3a: the attacking J/resonator chosen): battle.attacker_required, in pools with one
    # (FLAG_MUST_ATTACKER)
    MUST_BE_ATTACKER = 235
    # session 34 (s34a): "Your opponent must block this card if able." (a continuous ability of the card itself, CR 904,
    # 804.3): while it is the attacking J/resonator and a J/resonator can block it, the defender may not forgo the block
    # (battle.must_be_blocked; read only for an attacker whose card has continuous abilities)
    MUST_BE_BLOCKED = 236
    # "Players cannot gain life." (a continuous ability; effects.life_gain_blocked, only in pools with one:
    # FLAG_NO_LIFE_GAIN): while its card is in the field, life gains are none
    NO_LIFE_GAIN = 76
    # "If damage would be dealt to you, it's dealt to this card instead." (a continuous ability of a J/resonator, CR
    # 910 / 1007: effects.damage_redirect, only in pools with one: FLAG_REDIRECT_DAMAGE)
    REDIRECT_DAMAGE = 77
    # "Invert this card." (CR 1030.1): the effect's source, an Inverse card hope side up in the field, turns despair
    # side up (C_J_SIDE: its despair side's card row); the same card, its counters and effects kept (CR 1302.3c).
    # Leaving for a zone other than the field, chase or removed area it turns hope side up again (CR 1302.3e,
    # zones.move_card_core, only in pools with it: FLAG_INVERSE)
    INVERT = 78
    # "<player> banishes N <cards>" (session 22, CR 1011: a player banishes only cards they control, 1011.2): a1 = Who, the
    # player who chooses (not targets: CR 903.2g names targets "target"; the filter row a0 has no TARGETED bit) N = a2
    # matching cards they control, one at a time (the CHOOSE_TARGET decision, theirs, as the effect resolves), into register
    # I_REG, then banishes them all at once; fewer when they control fewer (CR 104.2), and then not done (NOT_DONE)
    PLAYER_BANISH = 79
    # "<effect on it>. If it's a <card>, <effect>." (session 23): a0 = filter row (its zone where the card of register
    # I_REG is then, its characteristics as they are now, CR 1401), a1 = 1: negated ("... instead"'s other branch), a2 =
    # rows to skip when the card of the register does not match (an emptied register, the card gone: no match)
    IF_IT = 80
    # "Gain a <attribute> gem" (session 23, CR 1027.1): a gem token of Attribute a0 into its controller's item area (CR
    # 313.1: state.GEMS), a2 of them; each triggers "whenever you gain a gem" (session 27, Trigger.YOU_GAIN_GEM)
    GAIN_GEM = 81
    # "Put this card into its owner's hand / Shuffle this card into its owner's deck / Put this card on top of / on the
    # bottom of its owner's deck / Remove this card from the game [as it resolves]." in a chant's effect (session 27, CR
    # 703.3: where the resolving chant goes instead of its owner's graveyard): a0 = ChantTo, kept in the resolving
    # entry's E_AUX bits CHANT_TO_SHIFT; priority.finish_frame moves the chant there once its text is performed
    CHANT_TO = 82
    # "At the next end of turn => <effect on it>" / "At the end of turn, destroy that resonator" (session 27, CR 906.8: a
    # delayed automatic ability the effect makes): a0 = the delayed ability's row (a row of its own after the effect's,
    # cards._Compiler.add_ability), a1 = 1: about the first card of register I_REG ("it", still in the field: none
    # made when it is gone), 0: about no card; 2 (session 29): about that card in a removed area (the effect removed it
    # from the game; its entry ends as it leaves the removed area, zones.forget). A shield table entry Shield.DELAYED_END, which triggers once at the next
    # "at the end of turn" (CR 505.3, replacement.delayed_end_triggers) with that card as the trigger's card (E_AUX:
    # Op.TARGET_TRIGGER reads it); it ends as that card leaves the field (CR 302.3: a new card)
    DELAYED = 83
    # "[you may] banish N <attribute> gems" (session 27, CR 1011, 313.1): its controller's gem tokens of Attribute a0, a2 of
    # them (fewer when it has fewer, CR 104.2: then NOT_DONE, for "If you do")
    BANISH_GEM = 84
    # "Your opponent reveals their hand." / "Look at your opponent's hand." (session 28, CR 1005.1, 1019.1): every card of
    # the hand of a1 (Who) is shown (engine.reveals, the `revealed` block, REVEAL_ROWS cards): a2 = 1 a reveal by its
    # holder (shown to every player), 0 a look by the effect's controller (its record; the holder knows the cards)
    REVEAL_HAND = 85
    # session 28: "<targets> gain [+X00/+X00] until end of turn, where X is ..." / "gain [+200/+200] for each <cards> until
    # end of turn" (CR 1020.3): POWER times the frame's X (SET_X before it) on every card of register I_REG still a legal
    # target (the core's POWER takes no X: its operands are printed numbers); a0 = ATK change per X, a1 = Duration, a2 =
    # DEF change per X
    POWER_X = 86
    # session 29 (s29-fowref): "Its controller discards a card [at random]." after a target (CR 1019.1): the core's DISCARD
    # (a0 count, a2 1 at random) by the player WHO_TARGET_CONTROLLER names (the frame's X, a SET_X of
    # Per.TARGET_CONTROLLER before it); NOT_DONE and nothing discarded when there is none (X 0)
    PLAYER_DISCARD = 121
    # session 29 (s29-fowref): "Remove all <cards> in your / your opponent's / target player's graveyard / all graveyards from
    # the game." (CR 1004.1): every card of both graveyards filter row a0 (zone graveyard, its side read on the owner, CR
    # 105.3a) matches into its owner's removed area; a2 > 0: the frame's X is then the number of those cards filter row a2 -
    # 1 matched as they were in the graveyard ("... for each resonator removed this way": a SET_X of Per.THIS_WAY after it)
    REMOVE_GRAVE = 122
    # session 29 (s29-fowref): "Reveal the top card of your deck. If its total cost is odd, <A>. Otherwise, <B>." (CR 1005.1,
    # 203.5): REVEAL_TOP shows the top card of its controller's main deck to every player (engine.reveals) and puts it into
    # register I_REG (none when the deck is empty; the card stays there); IF_COST skips the next a2 rows unless the first
    # card of register I_REG has a total cost (printed, X 0 off the chase, CR 203.5b) of parity a0 (1 odd, 0 even); no
    # card: skipped
    REVEAL_TOP = 123
    IF_COST = 124
    # session 29: "Rest a recovered J/ruler you control. If you do, ..." (an effect; CR 201.2b, 1013): its controller's ruler
    # in its ruler area or J-ruler in the field (the ruler slot's card), when recovered and under its control, is rested;
    # NOT_DONE otherwise (play.ruler_recovered)
    REST_J_RULER = 140
    # session 29: "Remove <it> from the game. At the next end of turn => Put it into the field under its owner's control."
    # (CR 906.8, 307.7, 105.3a): the cards of register I_REG still in a removed area (the delayed ability's card, read by
    # TARGET_TRIGGER a1 = 1) enter the field under their owners' control (effects.effect_to_field; an addition asks which
    # card it is added to, as GRAVE_TO_FIELD)
    REMOVED_TO_FIELD = 141
    # session 32: "[You may] pay {R}{R} / 200 life. If you do, ..." in an automatic ability's (or a spell's) effect (CR 1003.1,
    # 907.2: the will paid from its controller's produced will, as every will cost here; CR 105.4a): a0 = the attribute
    # costs, PAY_ATTR_BITS bits per Attribute, a1 = the free cost, a2 = life; NOT_DONE, nothing paid, when its controller
    # cannot pay all of it (its produced will, its life)
    PAY = 170
    # session 32: "recover [up to N] <cards> you control" (no target, CR 903.2g): a1 = Who chooses a2 & PLAYER_CHOOSE_COUNT
    # (bit PLAYER_CHOOSE_UP_TO: up to that many) cards they control in the field that filter row a0 matches, one at a time
    # (the CHOOSE_TARGET decision, theirs, as the effect resolves; DONE offered for "up to"), into register I_REG, for
    # the each-target op after it (effects.player_choose); NOT_DONE when none was chosen
    PLAYER_CHOOSE = 190
    # session 32: "remove target <card> in a / your / your opponent's graveyard from the game" (CR 903.2g, 1004.1): the
    # cards of register I_REG still in a graveyard (CR 903.3a) into their owners' removed areas
    GRAVE_REMOVE = 191
    # session 32: "<player> cannot gain life until end of turn" (a1 = Who): a shield table entry Shield.NO_LIFE_GAIN for
    # that player (SH_PLAYER) this turn (replacement.shields_end_of_turn ends it; effects.life_gain_blocked reads it)
    NO_LIFE_GAIN_TURN = 192
    # session 32 (s32b): "If this card would be put into your graveyard from your deck, put it into the field instead." (CR
    # 910.1: a replacement; a continuous ability of the card itself, read where it is, in its owner's main deck:
    # zones.to_graveyard puts it into the field under its owner's control, zones.enter_field)
    DECK_GRAVE_TO_FIELD = 180
    # session 32 (s32b): "<cards> enter the field rested." (a continuous ability, CR 904; a1 = filter row): a card another
    # card's such ability in force matches (seen from that ability's controller) enters the field rested (zones.enter_field,
    # only in pools with one: FLAG_ENTER_RESTED)
    ENTER_RESTED = 181
    # session 32 (s32b): "This card cannot be blocked / attacked by <cards>." (a continuous ability of the card itself, CR
    # 904; a0 = BARRED_BLOCK | BARRED_ATTACK, a1 = filter row of the J/resonators that cannot): battle.can_block_now /
    # attackable, only in pools with one (FLAG_BARRED_BY)
    BARRED_BY = 182
    # session 33 (s33a): "You may pay the attribute cost of <cards> with will of any attribute / with <attribute> will."
    # (a continuous ability, CR 904, 203.3, 1003; a0 = the attributes whose will may pay it, one bit each in Attribute
    # order, a1 = filter row of the cards played, their characteristics: filters.spend_match): as such a card's cost
    # is checked or paid, will of those attributes the rest of its cost leaves is counted as the will its attribute
    # cost lacks (costs.attr_any_convert), only in pools with one (FLAG_ATTR_ANY)
    ATTR_COST_ANY = 200
    # session 33 (s33a): "Your opponent pays {N} more to play <chants> [during your turn]." / "Players pay {N} more ..." (a
    # continuous ability, CR 904, 903.2i-iii: an increase; a0 = N, a1 = filter row of the chants, a2 = whose plays it
    # increases: COST_INC_YOU | COST_INC_OPP, seen from the ability's controller): characteristics.cost_increase, in
    # characteristics.cost_reduction (a negative reduction) and a [Trigger] chant's cost from the standby area
    # (priority.trigger_payable / play_trigger_from), only in pools with one (FLAG_COST_INCREASE)
    COST_INCREASE = 201
    # session 33 (s33a): "J/resonators your opponent controls cannot attack unless your opponent pays {N}." (a continuous
    # ability, CR 904; a0 = N, a1 = filter row of the J/resonators, seen from its controller): a J/resonator it matches
    # attacks only if its controller can pay {N} more, paid as it attacks as a [Mobilize] cost is (CR 803.5, 1129.2;
    # battle.attack_tax), only in pools with one (FLAG_ATTACK_TAX)
    ATTACK_TAX = 202
    # session 33 (s33a): "If an ability or effect your opponent controls would make you pay any amount of will, you pay {0}
    # instead." (a continuous ability, CR 910: a replacement): the will an opponent's COST_INCREASE or ATTACK_TAX would
    # make its controller pay is {0} (characteristics.opp_payment_free); session 34 (s34b): CANCEL_UNLESS_PAY's too
    OPP_PAYMENT_FREE = 203
    # session 34 (s34b): "Cancel target spell unless its controller pays {N}." (CR 1012.1, 1003; a0 = N, the register of
    # the spell): the spell's controller chooses to pay {N} from its produced will (the OPTIONAL decision with DEC_ASK
    # ASK_UNLESS_PAY; its will producers may be rested meanwhile, CR 907.2, 1003.5) or not; not paid, the spell is
    # cancelled (effects.cancel_unless_pay). {0} for a player with an OPP_PAYMENT_FREE in force when the effect is an
    # opponent's (CR 910)
    CANCEL_UNLESS_PAY = 240
    # session 34 (s34b): "Cancel target activate / automatic ability [of a resonator] [your opponent controls]." (CR 1012.1:
    # an ability canceled is removed from the chase; the register holds ABILITY_REF + a chase entry's index, chosen by a
    # CHOOSE of a FilterZone.CHASE_ABILITY filter): effects.cancel_ability, only in pools with one (FLAG_ABILITY_TARGET)
    CANCEL_ABILITY = 241
    # session 34 (s34b): "[You may] reveal any number of <cards> [with different names] from your hand." (CR 1005.1; a0 =
    # the hand filter row, a1 = 1: none sharing a name with one revealed before, CR 202; I_REG: the register that keeps
    # them): its controller reveals them one at a time as it resolves (CHOOSE_TARGET with DEC_ASK ASK_REVEAL_HAND, PASS
    # ends; at most TARGET_MAX), shown to both players (engine.reveals); the frame's X is how many (a SET_X of
    # Per.THIS_WAY after it: "for each card revealed this way"); effects.reveal_from_hand
    REVEAL_FROM_HAND = 242


# Op.PAY a0 (session 32): each Attribute's cost in PAY_ATTR_BITS bits
PAY_ATTR_BITS = 3


# IF_COST a0 (session 29): the total cost odd (1), even (0), or at most the frame's X (a SET_X before it: "if its total cost
# is less than or equal to the number of <cards>")
IF_COST_AT_MOST_X = 2


# PLAYER_CHOOSE a2 (session 32): the count, and the bit of "up to"
PLAYER_CHOOSE_COUNT = 0xFF
PLAYER_CHOOSE_UP_TO = 0x100

# CHOOSE a2 (session 29): "up to" and only when the chant is played awakened ("... up to one second target <card> if this
# card was awakened", CR 1109.2a, 903.2g): effects.choose_candidates lists none otherwise
CHOOSE_IF_AWAKENED = 2

# GAIN_GEM / BANISH_GEM a0 (session 29): "a gem of any attribute" (CR 1027.1a) / "banish a gem": the player chooses the
# attribute of each gem as the op resolves, the CHOOSE_MODE decision asked with DEC_ARG = GEM_ANY, 5, the mask of the
# attributes that may be chosen (OPTION k: Attribute k; effects.gem_choice); FR_CNT counts the gems done (<< 3) and holds
# the answer (+ 1, bits 0-2)
GEM_ANY = -1

# SET_X a2 (session 28): times + plus * SET_X_PLUS, the X set max(0, times x count + plus) ("where X is five minus the
# number of cards in your hand": times -1, plus 5; "... minus 1": plus -1; CR 104.2: a negative amount is none);
# times in (-SET_X_PLUS / 2, SET_X_PLUS / 2)
SET_X_PLUS = 4096
# session 29 (s29-fowref): a Who operand (a1) of GAIN_LIFE, LOSE_LIFE and PLAYER_DISCARD: the player the frame's X names, X
# - 1 (a SET_X of Per.TARGET_CONTROLLER before it: "its controller", the controller of a target); none when X is 0
WHO_TARGET_CONTROLLER = 2
# session 29 (s29-fowref): PLAYER_DISCARD a2 bit: the frame's X is the total cost of the cards discarded this way (CR 203.5)
# (the DISCARD decision's DEC_ARG is then DISCARD_THIS_WAY: kernels add each discarded card's total cost); MILL a2 bit:
# the frame's X is the total cost of the cards moved
DISCARD_THIS_WAY = 2
# session 29: PLAYER_DISCARD a2 bit: the cards discarded go into register I_REG ("If you discarded a <card> this way":
# IF_IT on it, zone graveyard); the DISCARD decision's DEC_ARG has the bit DISCARD_TO_REG and the register from
# DISCARD_REG_SHIFT
DISCARD_TO_REG = 4
DISCARD_REG_SHIFT = 3
# session 29 (s29-fowref): a Who operand (a1) of GAIN_LIFE, LOSE_LIFE, PLAYER_DISCARD and PLAYER_BANISH: the turn player
# ("At the beginning of each player's turn / main phase => That player ...": the player whose turn it is, CR 501)
WHO_TURN_PLAYER = 3
MILL_THIS_WAY = 2
# COUNTER a2 (session 28): 1, "put X [+100/+100] / <name> counters on ...": a0 times the frame's X (SET_X before it)
COUNTER_TIMES_X = 1

# DAMAGE a1: "deals X damage to target <card>, where X is the damage it dealt this turn" (session 21, CR 1007.1): the
# amount is the damage that target dealt this turn (state.USED_TURN's USED_DAMAGE field), read as it resolves
DAMAGE_DEALT_THIS_TURN = 1

# Op.GAIN_CONTROL's a0 (REMOVE_FROM_BATTLE's 0: only out of battle)
GAIN_CONTROL_PERMANENT = 1
GAIN_CONTROL_EOT = 2

# PRODUCE_WILL a2 of a mode "one will of any attribute shared with your J/ruler": that mode may be chosen only while the
# controller's J/ruler has the attribute a0 (effects.mode_open); the will is produced as any (a2 <= 0: not restricted)
SHARED_WITH_RULER = -1


class Shield(IntEnum):
    """The kinds of the shield table's entries (state.SHIELDS: replacement effects of one-time effects)."""

    PREVENT = 1  # CR 1018: damage that would be dealt to the card / player is reduced
    DESTROY = 2  # CR 910: the next destruction of the card is replaced (SH_AMOUNT: INSTEAD_* bits)
    PREVENT_FROM = 3  # CR 1018.1b: all damage the card (SH_SLOT) would deal this turn is prevented
    # CR 503.5: the card (SH_SLOT) does not recover in the recovery phase as long as the card SH_AMOUNT (the source, in
    # the field) is in the field: not "this turn" (the end of turn keeps it; Op.LOCK_RECOVER)
    NO_RECOVER = 4
    # "gain control of <card> until end of turn" (CR 505.5b, session 21): SH_SLOT the card, SH_PLAYER the player who
    # controlled it; at the end of the turn (replacement.shields_end_of_turn) that player controls it again
    CONTROL = 5
    # a delayed automatic ability "at the next end of turn" (session 27, Op.DELAYED, CR 906.8): SH_SLOT the card it is
    # about (-1: none), SH_PLAYER the slot of its source (the chant), SH_AMOUNT its ability row, SH_CTRL its controller
    DELAYED_END = 6
    # session 32: "<player> cannot gain life until end of turn" (Op.NO_LIFE_GAIN_TURN): SH_PLAYER the player, this turn
    NO_LIFE_GAIN = 190
    # session 33 (s33b): the card (SH_SLOT) has lost all its abilities as long as the card SH_AMOUNT (the source) is in the
    # field (Op.LOSE_ABILITIES_WHILE; not "this turn": the end of turn keeps it)
    NO_ABILITIES = 210


# what a destruction is replaced by (SHIELD_DESTROY / REPLACE_DESTROY a0: bits, CR 910.1)
INSTEAD_REST = 1  # the card is rested
INSTEAD_HEAL = 2  # all damage is removed from it (CR 1007.6b)
INSTEAD_SOURCE_TO_GRAVEYARD = 4  # the replacement's source is put into its owner's graveyard


class Duration(IntEnum):
    END_OF_TURN = 0  # "until end of turn" (CR 505.5b)
    PERMANENT = 1  # while the card stays in the field
    END_OF_BATTLE = 2  # "until the end of battle" (CR 807.3a)


class Mod(IntEnum):
    """What a one-time effect changes on a card for a Duration (state.MODS, tcg_env.rules.modifiers)."""

    ATK = 0  # POWER's ATK part (CR 1020.3)
    DEF = 1  # POWER's DEF part
    KEYWORDS = 2  # KW_* bits granted
    RESTRICTIONS = 3  # RESTRICT_* bits


Who = CoreWho  # a player operand, relative to the effect's controller (the engine's)


class Zone(IntEnum):
    """CR 300s; NONE while a card moves."""

    NONE = 0
    MAIN_DECK = 1  # CR 304
    STONE_DECK = 2  # CR 305
    HAND = 3  # CR 306
    FIELD = 4  # CR 307
    RULER_AREA = 5  # CR 308
    GRAVEYARD = 6  # CR 309
    STANDBY = 7  # CR 310
    REMOVED = 8  # CR 311
    CHASE = 9  # CR 312
    EXTRA_DECK = 10  # CR 314
    RUNE_AREA = 11  # CR 315


# instruction columns of the code table: the engine's format (tcg_env.engine.effects)
from tcg_env.engine.effects import I_A0, I_A1, I_A2, I_NCOLS, I_OP, I_REG  # noqa: E402,F401

# --------------------------------------------------------------------------------------------
# Flow of the game, decisions and actions: the engine's part (kernels, state, observation),
# below this line.
# --------------------------------------------------------------------------------------------


class Decision(IntEnum):
    """The pending decision kinds (the header's H_DECISION; docs/force_of_will/actions.md)."""

    NONE = 0
    MULLIGAN = 1  # CR 403.5: hand cards to change, one at a time, then DONE
    PRIORITY = 2  # CR 604: an action, or pass
    CHOOSE_TARGET = 3  # CR 903.2g: one target at a time (OPTION k of the candidates), DONE for "up to"
    ATTACKER = 4  # CR 803.3a: the attacking J/resonator (own field position), or forfeit (PASS)
    ATTACKED = 5  # CR 803.3b: the opponent (ATTACK_PLAYER) or a J/resonator (opponent's field position)
    BLOCK = 6  # CR 804.3: a blocker (own field position) or no block (PASS)
    ORDER_AUTOMATIC = 7  # CR 603.2 / 906.5: which pending automatic ability is played first (OPTION k)
    DISCARD = 8  # CR 505.5d (hand size) and discard effects: a hand card
    OPTIONAL = 9  # "you may": OPTION 0 yes, PASS no
    # CR 1102.2b: the [Pierce] attacker's controller assigns its damage to the blocker, 100 at a time
    # beyond the blocker's capacity (OPTION 0: 100 more, OPTION 1: all the rest), PASS: the rest is
    # piercing damage to the attacked object (DEC_ARG: assigned so far, the whole damage)
    PIERCE = 10
    # costs, X, hand triggers, search and foresee (CR 903.2, 708, 1014, 1034)
    CHOOSE_X = 11  # CR 903.2f / 203.5b: the value of X (OPTION k: X = k, 0 .. DEC_ARG[0])
    DISCARD_COST = 12  # CR 903.2j: a hand card discarded to pay the cost of what is being played
    REVEAL_TRIGGER = 13  # CR 708.2: reveal a triggered [Trigger] card from the hand and play it (OPTION 0) or not (PASS)
    SEARCH = 14  # CR 1014.2: the card found (OPTION k of the candidates) or none (PASS)
    FORESEE = 15  # CR 1034.1: a looked-at card onto the top (OPTION k) or to the bottom (BOTTOM k) of the deck
    CHOOSE_MODE = 16  # CR 903.2e: the mode of a "Choose one" text (OPTION k: mode k; DEC_ARG: first mode row, modes)


N_DECISIONS = 17
# session 34 (s34b): choices asked outside an effect frame's own "you may" reuse the OPTIONAL and CHOOSE_TARGET decisions
# (no new decision kind: the action space and the observation stay as they are); the pending decision's word
# DEC_ARG + DEC_ASK says which (ASK_*), 0 for every other decision. ASK_ENTER_PENDING: no decision yet, a magic stone
# marked MARK_ENTER_UNLESS entered the field and its controller must still choose (turn.advance asks before anything else
# happens: priority.ask_enter_unless; effects.interrupt_due stops a program after the instruction that put it there)
DEC_ASK = 3
ASK_ENTER_PENDING = 1
ASK_ENTER_LIFE = 2  # OPTIONAL: OPTION 0 pay the life (the stone stays recovered), PASS: it is rested (DEC_ARG: the stone)
ASK_ENTER_REVEAL = 3  # CHOOSE_TARGET over the matching hand cards (CAND): reveal it; PASS: reveal none, it is rested
MARK_ENTER_UNLESS = 2  # the card record's MARK word of such a stone in the field until its controller chose
# Op.CANCEL_UNLESS_PAY (session 34, s34b): OPTIONAL asked of the spell's controller; DEC_ARG: the spell, the will {N}
# to pay. OPTION 0: pay it (only while its produced will can), PASS: do not (the spell is cancelled), WILL_A / WILL_B i:
# rest field card i for its will and be asked again (CR 907.2, 1003.5: will abilities while paying)
ASK_UNLESS_PAY = 4
ASK_REVEAL_HAND = 5  # Op.REVEAL_FROM_HAND (session 34, s34b): CHOOSE_TARGET over the hand cards it may reveal next
REVEAL_HAND_DONE = 1 << 20  # its frame's FR_CNT once the player passed (no more to reveal)
UNLESS_PAID = 1  # the op's frame FR_CNT after the answer: paid
UNLESS_NOT_PAID = 2  # not paid


class Step(IntEnum):
    """Where a priority sequence stands in the turn (CR 500s, 800s): what its end leads to."""

    # the sequences, in turn order: the draw phase (CR 502.2, 502.4), the recovery phase (CR 503.3,
    # 503.7), the main phase (CR 504.2), the end phase (CR 505.2, 505.4; END_FINAL: 505.5e, a
    # sequence inside the final step, which then repeats); battle: CR 802.2, 803.2 (then the attack
    # is declared, 803.3), 803.7, 804.2 (then the block, 804.3), 804.6, 805.3, 806.3, 807.2 and
    # BATTLE_FINAL (807.3b, inside the final step of battle)
    SETUP, DRAW_BEGIN, DRAW_AFTER, RECOVERY_BEGIN, RECOVERY_END, MAIN, END_BEGIN, END_OF_TURN, END_FINAL = range(9)
    BATTLE_BEGIN, ATTACK_STEP, ATTACK_DECLARED, BLOCK_STEP, BLOCK_DECLARED = range(9, 14)
    FIRST_STRIKE, NORMAL_DAMAGE, BATTLE_END, BATTLE_FINAL = range(14, 18)


N_STEPS = 18


class Flow(IntEnum):
    """What the engine does next when no decision and no effect frame is pending."""

    PRIORITY = 0  # a priority sequence (CR 602.1)
    RESOLVE = 1  # CR 605.1b: resolve the last card or ability put into the chase area
    AFTER_RESOLVE = 2  # CR 605.1b: then the turn player gains priority
    STEP_END = 3  # CR 605.1b: the priority sequence ended; the game goes on from Step


class EntryKind(IntEnum):
    """What a chase entry (CR 312) is."""

    CARD = 0  # a card played: resonator, addition, regalia, chant (a spell, CR 312.3)
    ABILITY = 1  # an activate or automatic ability: a pseudo-card (CR 903.2d)
    JUDGMENT = 2  # a judgment process (CR 705.2d: neither a spell nor an ability)


class Purpose(IntEnum):
    """What happens when an effect frame finishes."""

    PLAY = 0  # targets chosen for a card or activate ability being played: onto the chase
    TRIGGER = 1  # targets chosen for an automatic ability: onto the chase
    RESOLVE = 2  # a chase entry resolved (CR 903.3)
    WILL = 3  # a will ability, resolved at once (CR 907.3)


# --------------------------------------------------------------------------------------------
# Actions: one flat space (docs/force_of_will/actions.md)
# --------------------------------------------------------------------------------------------
# The flat action space, declared once (tcg_env.engine.blocks): the kernels read the module ints
# below (numba folds them), describe_action decodes with ACTIONS.decode, the entity layout's
# pointers are ACTIONS.pointers() (observation.entity_layout) and the table of
# docs/force_of_will/actions.md is ACTIONS.markdown() (tests/force_of_will/test_fow_layouts.py). The
# blocks that point at observation rows are named as the entity layout's pointers were before the
# declaration (saved networks follow those names).
RUNE_SLOTS = MAX_EXTRA  # rune area positions addressable by actions (the whole rune deck, CR 402.6a)
ACTIONS = ActionLayout("force_of_will")
PASS = ACTIONS.add("pass", doc="pass priority (CR 712); the end of a choice (mulligan, \"up to\" targets); forfeit an "
                   "attack (CR 803.3) or a block (CR 804.3); \"no\" to a \"you may\"; [Pierce]: the rest of the damage "
                   "pierces (CR 1102.2b)").base
PLAY_HAND = ACTIONS.add("play", HAND_SLOTS, "play hand card `i` (resonator, addition, regalia, chant: CR 702, 703, 709)",
                        points_at="hand")
STANDBY = ACTIONS.add("standby_put", HAND_SLOTS, "put hand card `i` into the standby area for [2] (CR 706)",
                      points_at="hand")
WILL_A = ACTIONS.add("will_a", FIELD_SLOTS, "own field position `i` rests to produce its will (`C_WILL_A`, CR 907)",
                     points_at="my_field")
WILL_B = ACTIONS.add("will_b", FIELD_SLOTS, "the same, its second choice of will (`C_WILL_B`: dual stones)",
                     points_at="my_field")
ACTIVATE = ACTIONS.add("activate", (FIELD_SLOTS, ABILITIES_PER_CARD), "activate ability `j` (the `j`-th ACTIVATE or "
                       "WILL row of the card) of own field position `i` (CR 707)", points_at="my_field")
# the ruler's abilities point at the first row of the rulers block (the own ruler)
RULER_ACTIVATE = ACTIONS.add("ruler_activate", (1, ABILITIES_PER_CARD),
                             "activate ability `j` of the ruler in the ruler area (CR 902.1b)", points_at="rulers")
JUDGMENT = ACTIONS.add("judgment", doc="play the judgment process (CR 705)").base
CALL_STONE = ACTIONS.add("call_stone", doc="call a magic stone (CR 710)").base
BATTLE = ACTIONS.add("battle", doc="initiate battle (CR 704)").base
SELECT_HAND = ACTIONS.add("select", HAND_SLOTS, "hand card `i`: a card to change (mulligan), a card to discard; in "
                          "`PRIORITY` (new in session 16): play its [Dive] ability (reveal it, then remove it from the "
                          "game with a cyberbrain counter)",
                          points_at="hand")
OWN_FIELD = ACTIONS.add("own_field", FIELD_SLOTS, "own field position `i`: the attacker, the blocker",
                        points_at="my_field")
OPP_FIELD = ACTIONS.add("opp_field", FIELD_SLOTS, "the opponent's field position `i`: the attacked J/resonator",
                        points_at="opp_field")
ATTACK_PLAYER = ACTIONS.add("attack_player", doc="the opponent is the attacked object (CR 803.3b)").base
OPTION = ACTIONS.add("option", OPTION_SLOTS, "candidate `k` (`state.CAND`; row `k` of the decider's `candidates` "
                     "observation block): a target, a searched or foreseen card, an automatic ability to play first; "
                     "\"yes\" (k = 0); X = k; [Pierce]: 100 more damage to the blocker (k = 0), all of it (k = 1); "
                     "in `PRIORITY` (new in session 16): play the card `k`-th from the top of own graveyard (row `k` of "
                     "the `graveyards` block, k < `REMNANT_ROWS` = 8) by [Remnant] (CR 1115.2); `REMNANT_ROWS` + k: the "
                     "card `k`-th from the top of own removed area, by its cyberbrain counter ([Dive]; the removed area "
                     "has no rows in the observation)",
                     points_at="candidates")
PLAY_STANDBY = ACTIONS.add("standby_play", STANDBY_SLOTS, "play standby card `i` by its activate-like [Trigger] (CR "
                           "708, 1113.2a), or a resonator by its [Stealth] whose condition is a state (\"[Stealth] your "
                           "life is 2000 or less\": without paying its cost, CR 1114.2, 1416.2b)", points_at="standby")
AWAKEN_HAND = ACTIONS.add("awaken", HAND_SLOTS, "awaken and play hand card `i`: its cost plus the [Awakening] cost "
                          "(CR 1109)", points_at="hand")
INCARNATE_HAND = ACTIONS.add("incarnate", HAND_SLOTS, "play hand card `i` by [Incarnation]: resonators banished "
                             "instead of its cost (CR 1110); by [Mastery]: a recovered card of its name rested",
                             points_at="hand")
PLAY_RUNE = ACTIONS.add("rune", RUNE_SLOTS, "play rune `i` of the own rune area (`RUNE_SLOTS` = 5 positions, the "
                        "whole rune deck): reveal it, pay its cost, play its copy (CR 711.2; a pseudo-card that ceases "
                        "to exist when it leaves the chase, CR 1017.3). At main timing, or at any priority with "
                        "[Quickcast] (CR 709.3c); only a face-down rune with a divinity up to the remaining divinity "
                        "(CR 711.2a), the J/ruler having [Divinity] (CR 711.1, 1136)", points_at="runes")
BOTTOM = ACTIONS.add("bottom", OPTION_SLOTS, "candidate `k` to the bottom of the main deck (FORESEE, CR 1034.1; "
                     "`option` `k` puts it on top)", points_at="candidates")
PLAY_HAND_BASE = PLAY_HAND.base  # + i
STANDBY_BASE = STANDBY.base  # + i
WILL_A_BASE = WILL_A.base  # + i
WILL_B_BASE = WILL_B.base  # + i
ACTIVATE_BASE = ACTIVATE.base  # + i * ABILITIES_PER_CARD + j
RULER_ACTIVATE_BASE = RULER_ACTIVATE.base  # + j
SELECT_HAND_BASE = SELECT_HAND.base  # + i
OWN_FIELD_BASE = OWN_FIELD.base  # + i
OPP_FIELD_BASE = OPP_FIELD.base  # + i
OPTION_BASE = OPTION.base  # + k
PLAY_STANDBY_BASE = PLAY_STANDBY.base  # + i
AWAKEN_HAND_BASE = AWAKEN_HAND.base  # + i
INCARNATE_HAND_BASE = INCARNATE_HAND.base  # + i
PLAY_RUNE_BASE = PLAY_RUNE.base  # + i
BOTTOM_BASE = BOTTOM.base  # + k
NUM_ACTIONS = ACTIONS.size

# the attacked object (state ATTACKED): a J/resonator's slot, or
ATTACKED_PLAYER = -1  # the opponent player (CR 803.3b)
ATTACKED_NONE = -2  # none any more: it was removed from battle (CR 1029.1c)

# [Pierce]'s decision (Decision.PIERCE): the options
PIERCE_MORE = 0  # OPTION_BASE + 0: assign 100 more damage to the blocker
PIERCE_ALL = 1  # OPTION_BASE + 1: assign all the rest to the blocker

# how a hand card is played (play.hand_card_playable / play_from_hand); a chase entry's E_AUX
PLAY_NORMAL = 0
PLAY_AWAKENED = 1  # [Awakening]: its cost added, its text performed on resolution (CR 1109.2)
PLAY_INCARNATED = 2  # [Incarnation]: resonators banished instead of the cost (CR 1110.2)
PLAY_HOW_MASK = 7  # a card entry's E_AUX: how it was played (PLAY_*), then the bit PLAY_TORRENT
# a card entry's E_AUX bit: its controller had played another card this turn as it was played ([Torrent], CR 1124.2;
# Condition.TORRENT)
PLAY_TORRENT = 8
# a card entry's E_AUX bits from CHANT_TO_SHIFT (session 27, Op.CHANT_TO): where the chant goes as it finishes resolving
# (ChantTo; 0: its owner's graveyard, CR 703.3)
CHANT_TO_SHIFT = 4
CHANT_TO_MASK = 7 << CHANT_TO_SHIFT


class ChantTo(IntEnum):
    """Op.CHANT_TO's a0 (session 27): where a resolving chant goes instead of its owner's graveyard (CR 703.3)."""

    GRAVEYARD = 0
    HAND = 1  # "put this card into its owner's hand as it resolves"
    DECK_SHUFFLED = 2  # "shuffle this card into its owner's deck"
    DECK_TOP = 3  # "put this card on top of its owner's deck"
    DECK_BOTTOM = 4  # "put this card on the bottom of its owner's deck"
    REMOVED = 5  # "remove this card from the game"


class GraveOwner(IntEnum):
    """GRAVE_TO_REMOVED's a2 (session 24): whose graveyard the replaced move goes to, its owner's (CR 105.2, 310)."""

    ANY = 0  # "into a graveyard"
    YOU = 1  # "into your graveyard": a card the ability's controller owns
    OPPONENT = 2  # "into your opponent's graveyard"
