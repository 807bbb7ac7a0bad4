"""FF-TCG constants shared by the card compiler, the kernels and the facade.

Everything here is a plain int so numba folds it into the kernels at compile time. The card
compiler (``tcg_env.games.fftcg.cards``) writes four int32 tables with the column layouts below; the
kernels read them. Change a number here and both sides follow.

Rule numbers refer to ``fftcg-comprehensive-2016.md`` ("CR").
"""

from __future__ import annotations

from enum import IntEnum

from tcg_env.cards.columns import bound, copy, enum, interned, mask
from tcg_env.engine.blocks import ActionLayout, TableLayout
from tcg_env.engine.effects import MODE_ALL, MODE_RESOLVE, MODE_TARGETS, CoreOp
from tcg_env.engine.effects import Who as CoreWho
from tcg_env.engine.hooks import Rules

# the tag the engine core's kernels are compiled for FF-TCG with (tcg_env.engine.hooks); here, not in
# hooks.py, so that FF-TCG's own kernels can pass it to the core's (hooks.py imports them)
RULES = Rules("tcg_env.games.fftcg.hooks")

# --------------------------------------------------------------------------------------------
# Capacities. A game supports decks of up to MAX_DECK cards per player (CR 8.1.1.1: limited decks
# are "forty or more"); the action layout addresses HAND_SLOTS hand positions and FIELD_SLOTS field
# positions per side (see docs/fftcg/actions.md for what happens beyond them).
# --------------------------------------------------------------------------------------------
MAX_DECK = 60
N_SLOTS = 2 * MAX_DECK  # card instances: player p owns slots [p*MAX_DECK, (p+1)*MAX_DECK)
HAND_SLOTS = 16
FIELD_SLOTS = 16
MAX_BACKUPS = 5
ABILITIES_PER_CARD = 2  # action + special abilities addressable per field card
OPTION_SLOTS = 16
STACK_MAX = 16
TARGET_MAX = 16  # per target register
N_REGS = 2  # target registers per effect program
PENDING_TRIGGER_MAX = 16
FRAME_MAX = 6
CONSTRUCTED_DECK_SIZE = 50
LIMITED_MIN_DECK_SIZE = 40
MAX_COPIES = 3
HAND_LIMIT = 5
OPENING_HAND = 5
DAMAGE_TO_LOSE_CONSTRUCTED = 7
DAMAGE_TO_LOSE_LIMITED = 6
# Rules variants, the header's H_VARIANT (the game spec's ``variants`` in this order)
VARIANT_CONSTRUCTED = 0
VARIANT_LIMITED = 1  # limited decks (CR 8.1.1.1); 6 damage to lose (CR 3.1.1)
# Safety net for CR 13 (infinite loops): a game that reaches this many decisions ends in a draw.
MAX_DECISIONS_PER_GAME = 20000


# --------------------------------------------------------------------------------------------
# Elements (CR 5.2.1.1), card types (CR 5.2.3), keywords (CR 15.2)
# --------------------------------------------------------------------------------------------
class Element(IntEnum):
    FIRE = 0
    ICE = 1
    WIND = 2
    LIGHTNING = 3
    WATER = 4
    EARTH = 5
    LIGHT = 6
    DARK = 7


N_ELEMENTS = 8
ELEMENT_NAMES = [e.name.lower() for e in Element]
ELEMENT_BITS = {e.name.lower(): 1 << e for e in Element}  # a filter's element mask


class CardType(IntEnum):
    FORWARD = 0
    BACKUP = 1
    SUMMON = 2


# type masks used by filters (bit = 1 << CardType)
TYPEMASK_FORWARD = 1
TYPEMASK_BACKUP = 2
TYPEMASK_SUMMON = 4
TYPEMASK_CHARACTER = 3
TYPEMASK_ANY = 7
TYPEMASK_BITS = {"forward": TYPEMASK_FORWARD, "backup": TYPEMASK_BACKUP, "character": TYPEMASK_CHARACTER,
                 "summon": TYPEMASK_SUMMON, "any": TYPEMASK_ANY}  # a filter's type names

KW_HASTE = 1
KW_BRAVE = 2
KW_FIRST_STRIKE = 4
# "Back Attack" (not in the 2016 rules; the later cards' reminder: "Like Summons and abilities, this card can
# be played during either player's Attack Phase or Main Phase"): play.hand_card_playable. 64: clear of
# FF-TCG 2014's party icon (8)
KW_BACK_ATTACK = 64
KEYWORD_BITS = {"haste": KW_HASTE, "brave": KW_BRAVE, "first_strike": KW_FIRST_STRIKE, "back_attack": KW_BACK_ATTACK}

# restriction bits (effects "can't attack" / "can't block")
RESTRICT_CANT_ATTACK = 1
RESTRICT_CANT_BLOCK = 2
# "You can only use this ability once per turn": the card's first / second action or special ability
# (C_ACT0 / C_ACT1) was used this turn: a restriction until the end of the turn (CR 9.5.1.3.2) that
# a card forgets when it moves (CR 7.4), as the card's other restrictions
RESTRICT_USED_ACT0 = 4
RESTRICT_USED_ACT1 = 8
# "<it> cannot be blocked this turn" (read by battle.may_block_attacker: no Forward may block it, CR 10.1.3.1)
RESTRICT_UNBLOCKABLE = 16
# "<it> cannot be broken [this turn]": neither a Summon's or ability's break (Op.BREAK) nor the rule process of
# damage >= power (CR 12.4.5) breaks it; a power of 0 or less still puts it into the Break Zone (CR 12.4.4: not
# a break)
RESTRICT_UNBREAKABLE = 32
# "<it> cannot be broken by opposing Summons or abilities that don't deal damage": the break of an Op.BREAK
# whose controller is its controller's opponent does not happen; damage still breaks it (CR 12.4.5)
RESTRICT_UNBREAKABLE_BY_OPP_EFFECTS = 64
# "If it is put from the field into the Break Zone this turn, remove it from the game instead." (until the end of
# the turn): zones.leave_field moves it to the Removed zone instead (a replacement, CR 11.12.5: the replaced event,
# being put into the Break Zone or broken, does not happen and triggers nothing, CR 11.8.15)
RESTRICT_REMOVE_INSTEAD_OF_BREAK_ZONE = 128
# "<it> cannot be returned to its owner's hand by your opponent's Summons or abilities": an Op.RETURN_TO_HAND whose
# controller is its controller's opponent does not move it
RESTRICT_UNRETURNABLE_BY_OPP_EFFECTS = 256
# "During this turn, the next damage dealt to it is reduced by N / becomes 0 instead." (Op.DAMAGE_SHIELD): the card has a
# shield (its total in state.SHIELD) until the end of the turn or until the next damage dealt to it uses it up
# (effects.deal_forward_damage); forgotten when the card moves (CR 7.4). Not an observation column (the layout is unchanged)
RESTRICT_DAMAGE_SHIELD = 512
# Op.DAMAGE_SHIELD's a0 for "becomes 0" (any damage reduced to 0); a reduction is a0 = N. Shields on one card add up
# (reductions commute: CR 11.12.5.6.1's order does not change the result), capped at SHIELD_ZERO
SHIELD_ZERO = 1 << 20
# "Choose 1 Forward. If it deals damage to a Forward this turn, the damage increases by N instead.", "During this turn,
# if it is dealt damage, double the damage instead." (Op.DAMAGE_BOOST): the card has replacement effects (CR 11.12.5.2)
# until the end of the turn, their word in state.BOOST (BOOST_* fields below); forgotten when the card moves (CR 7.4),
# read by effects.damage_dealt. Not an observation column (the layout is unchanged)
RESTRICT_DAMAGE_BOOST = 1024
# "It gains 'This Forward cannot be chosen by your opponent's Summons [or abilities]' until the end of the turn." (session
# 18): an effect's, read by effects.can_be_chosen as the card's own field ability (Op.UNCHOOSABLE) is: a Summon /
# ability of the card's controller's opponent cannot choose it. Not an observation column (the layout is unchanged)
# "This effect will trigger only once per turn." (session 21, an auto-ability's A_ONCE): the card's once-per-turn
# auto-ability has triggered this turn (triggers.queue_once); a card has at most one such ability (cards.py). A
# restriction until the end of the turn, forgotten when the card moves (CR 7.4), as RESTRICT_USED_ACT0
RESTRICT_TRIGGERED_ONCE = 1 << 11
# "It loses First Strike until the end of the turn.", "Until the end of the turn, all the Forwards opponent controls lose
# Haste, First Strike and Brave." (session 21, Op.RESTRICT with these bits): the card has lost the keywords (KW_* bits
# << RESTRICT_LOST_KW_SHIFT). A loss changes the card's text (CR 11.12.4.6, 2) and applies in timestamp order with the
# effects that grant keywords (CR 11.12.4.13): the keywords granted before it are taken off the card's modifiers
# (effects.add_restrictions), its printed keywords and those of the field abilities are masked while it lasts
# (characteristics.refresh_derived), and a keyword an effect grants after it is kept (the card-text approximation
# lost_keywords_field_grants: a field ability whose card entered the field after the loss is masked too)
RESTRICT_LOST_KW_SHIFT = 12
RESTRICT_LOST_HASTE = KW_HASTE << RESTRICT_LOST_KW_SHIFT
RESTRICT_LOST_BRAVE = KW_BRAVE << RESTRICT_LOST_KW_SHIFT
RESTRICT_LOST_FIRST_STRIKE = KW_FIRST_STRIKE << RESTRICT_LOST_KW_SHIFT
LOST_KW_BITS = KW_HASTE | KW_BRAVE | KW_FIRST_STRIKE  # (the keywords a card can lose)
RESTRICT_LOST_KEYWORDS = LOST_KW_BITS << RESTRICT_LOST_KW_SHIFT
RESTRICT_UNCHOOSABLE_BY_OPP_SUMMONS = 1 << 16
RESTRICT_UNCHOOSABLE_BY_OPP_ABILITIES = 1 << 17
# "~ can attack once more this turn." (session 22, Op.RESTRICT with this bit until the end of the turn): one attack more
# than CR 10.1.2.1.2 lets it make this turn. battle.can_attack lets a Forward that has attacked this turn attack again
# while it has the bit; battle.declare_attackers_done takes the bit off as that attack is declared (a Forward given it
# before its first attack keeps it for the second). A restriction until the end of the turn, forgotten when the card
# moves (CR 7.4). Not an observation column (the layout is unchanged; the legal attacks show it)
RESTRICT_ATTACK_ONCE_MORE = 1 << 18
# session 23 (s23-ffb): "It cannot attack [or block] until the end of your opponent's turn.", "~ gains '~ cannot be chosen
# by your opponent's abilities.' until the end of your opponent's turn.": Op.RESTRICT with a1 = OPP_TURN_DURATION (not a
# Duration of the modifier table: no word of its own) keeps these restrictions (LONG_RST_BITS) in the card's RST_PERM
# word's spare bits, LONG_RST_SHIFT + 4 x P for "until the end of a turn of player P" (P: the effect's controller's
# opponent; LONG_RST_BITS compressed to 4 bits, long_rst_pack): forgotten when the card moves (CR 7.4), as every
# modifier; characteristics.refresh_derived gives them to D_RST (unpacked, the marks themselves never there) and
# turn.end_cleanup ends those of the turn player's turn (CR 9.5.1.3: applied in P's own turn, they end with it). Pool
# flag FLAG_LONG_RESTRICT (the clean-up's look at the fields)
OPP_TURN_DURATION = 2
LONG_RST_BITS = RESTRICT_CANT_ATTACK | RESTRICT_CANT_BLOCK | RESTRICT_UNCHOOSABLE_BY_OPP_SUMMONS | RESTRICT_UNCHOOSABLE_BY_OPP_ABILITIES
LONG_RST_SHIFT = 20
LONG_RST_FIRST = 1 << LONG_RST_SHIFT  # RST_PERM at or above it holds such marks
# Op.OPP_SELECT's a2: the ability's controller selects (session 22)
SELECT_BY_CONTROLLER = 1
# state.BOOST's fields: the increases of the damage dealt to the card and of the damage it deals to Forwards (in
# thousands, BOOST_BITS bits each), then how many times each is doubled (BOOST_DOUBLE_BITS bits each)
BOOST_BITS = 8
BOOST_DOUBLE_BITS = 4
BOOST_RECEIVED_SHIFT = 0
BOOST_DEALT_SHIFT = BOOST_BITS
BOOST_RECEIVED_DOUBLE_SHIFT = 2 * BOOST_BITS
BOOST_DEALT_DOUBLE_SHIFT = 2 * BOOST_BITS + BOOST_DOUBLE_BITS
# Op.DAMAGE_BOOST's a2 (Op.DAMAGE_SHIELD's is 0)
BOOST_MARK = 1
# Op.DAMAGE_BOOST's / Op.DAMAGE_INCREASE's a0 for "double the damage instead" (a0 = N: "the damage increases by N")
DAMAGE_DOUBLE = -1

# --------------------------------------------------------------------------------------------
# Card table: cards[card_id, C_*] (int32). Card id 0..n-1 in the compiled pool order.
# --------------------------------------------------------------------------------------------
CARD_TABLE = TableLayout("card")
# a column with a source is filled from the card model by the compiler (tcg_env.cards.columns)
C_ELEMENT = CARD_TABLE.add("element", source=enum(Element))
C_TYPE = CARD_TABLE.add("type", source=enum(CardType))
C_COST = CARD_TABLE.add("cost", source=copy())
C_POWER = CARD_TABLE.add("power", source=copy())  # forwards only, else 0
C_JOB = CARD_TABLE.add("job", source=interned("job_ids", "job"))  # interned job id, 0 = no job
C_NAME = CARD_TABLE.add("name", source=interned("name_ids", "card name"))  # interned name id (same-name rule CR 5.2.2.1, special abilities CR 11.7.1)
C_CATEGORY = CARD_TABLE.add("category", source=interned("category_ids", "category"))  # interned category id, 0 = none
C_GENERIC = CARD_TABLE.add("generic", source=copy())  # 1 = generic icon (any number of same-name copies on the field)
C_EX_BURST = CARD_TABLE.add("ex_burst", source=copy())  # 1 = EX Burst icon
C_KEYWORDS = CARD_TABLE.add("keywords", source=mask(KEYWORD_BITS))  # KW_* bitmask printed on the card
C_ABIL_START = CARD_TABLE.add("abil_start")  # first row of this card's abilities in the ability table
C_ABIL_COUNT = CARD_TABLE.add("abil_count")
C_SUMMON_ABIL = CARD_TABLE.add("summon_abil")  # ability row of a Summon's effect, -1 otherwise
# ability row applied as EX Burst (a Summon: its effect; a Character: its EX auto-ability), -1
C_EX_ABIL = CARD_TABLE.add("ex_abil")
C_ACT0 = CARD_TABLE.add("act0")  # ability rows of the card's first/second action-or-special ability, -1 if none
C_ACT1 = CARD_TABLE.add("act1")
# bit 0: the card has a field ability (lets the kernels skip the others fast); bit 1: one of them
# reduces the card's own cost in the hand (Op.SELF_COST_REDUCTION)
C_HAS_FIELD = CARD_TABLE.add("has_field")
HAS_SELF_COST_REDUCTION = 2
HAS_BLOCK_RESTRICTION = 4  # bit 2: a field ability says which Forwards cannot block it (Op.UNBLOCKABLE_BY)
UNCHOOSABLE_BY_SUMMONS = 8  # bit 3: cannot be chosen by the opponent's Summons (Op.UNCHOOSABLE)
UNCHOOSABLE_BY_ABILITIES = 16  # bit 4: ... by the opponent's abilities
UNDULLABLE_BY_OPPONENT = 32  # bit 5: cannot become dull by the opponent's Summons or abilities (Op.UNDULLABLE)
# bit 6: "<this> can produce CP of any Element" (Op.ANY_ELEMENT_CP): a Backup dulled for CP pays the element
# one CP of which a cost asks (costs.produces_element)
ANY_ELEMENT_CP = 64
# bit 7: a field ability says which other cards cannot be chosen by the opponent's Summons / abilities
# (Op.AURA_UNCHOOSABLE: "The [Job X] you control cannot be chosen by your opponent's Summons.")
HAS_AURA_UNCHOOSABLE = 128
# bits 8, 9: "You can only pay with <its Element> CP / with CP produced by [<its Element>] Backups to cast / play
# <this>" (Op.PAY_ONLY): only CP of the card's element (discards of cards of that element, Backups that produce it)
# / only CP of Backups (no discards) may pay its cost (costs.pay_restriction, play.hand_card_playable, the PAY_CP mask)
PAY_ONLY_ELEMENT = 256
PAY_ONLY_BACKUPS = 512
# bits 10..17: "If <this> is on the field, <this> can produce <Element> CP." (Op.ANY_ELEMENT_CP with elements): bit
# 10 + e says the Backup, dulled for CP, may also pay one CP of element e; with ANY_ELEMENT_CP set and none of these
# bits, every element (costs.produces_element, costs.count_resources). The card's own element is always produced.
EXTRA_ELEMENT_CP_SHIFT = 10
EXTRA_ELEMENT_CP_MASK = 0xFF << EXTRA_ELEMENT_CP_SHIFT
# bit 18: a field ability replaces the damage the card is dealt (Op.DAMAGE_MOD: "If <this> is dealt damage, reduce
# the damage by 1000 instead.", CR 11.12.5.2); effects.damage_dealt reads it where damage is dealt
HAS_DAMAGE_MOD = 1 << 18
# bit 19: "<this> does not activate during your Active Phase" (Op.NO_ACTIVATE; turn.start_turn)
NO_ACTIVATE_IN_ACTIVE_PHASE = 1 << 19
# bit 20: "<this> must attack once per turn if possible" (Op.MUST_ATTACK)
MUST_ATTACK_ONCE = 1 << 20
# bit 21: a field ability increases damage dealt to Forwards (Op.DAMAGE_INCREASE: "If a Fire Character you control deals
# damage to a Forward, the damage increases by 1000 instead."); effects.damage_increase looks at the cards with it
HAS_DAMAGE_INCREASE = 1 << 21
# bit 22: a field ability replaces the damage other Forwards are dealt (Op.DAMAGE_MOD_AURA: "If a Forward you control is
# dealt damage, reduce the damage by 1000 instead."); effects.damage_dealt looks at the cards with it
HAS_DAMAGE_MOD_AURA = 1 << 22
# bit 23: "<this> enters the field dull." (Op.ENTERS_DULL: zones.enter_field dulls it as it enters, a replacement of how
# it enters, CR 11.12.5)
ENTERS_DULL = 1 << 23
# bit 24: "You cannot play <this> from your hand due to Summons or abilities." (Op.PAY_ONLY's a0 bit, read from the
# hand: effects' Op.PUT_ONTO_FIELD of the hand does not offer it)
NO_PLAY_BY_EFFECTS = 1 << 24
# bits 25..28 (Op.LIGHT_DARK's a0, unconditional): "You can play 2 or more Light / Dark Characters onto the field." (while
# the card is on its controller's field, CR 12.4.7 and the deploy limit of CR 7.7.3 let that player control two or more
# of that Element, none of the other: play.light_dark_allowed); "<this> can be played onto the field even if you control
# other Light / Dark Characters." (the card itself may be played while those are all of that Element)
MANY_LIGHT = 1 << 25
MANY_DARK = 1 << 26
SELF_DESPITE_LIGHT = 1 << 27
SELF_DESPITE_DARK = 1 << 28
# bit 29: "Summons and abilities of your opponent must choose <this> if possible." (Op.MUST_BE_CHOSEN: the CHOOSE_TARGET
# mask of its controller's opponent; pool flag FLAG_MUST_BE_CHOSEN)
MUST_BE_CHOSEN = 1 << 29
# bit 30: a field ability reduces the cost of the hand cards it describes (Op.COST_REDUCTION: "The cost required to cast
# your Summons is reduced by 1."): characteristics.cost_and_any_element, asked for each hand card of each mask and
# observation, looks at these cards of the field only
HAS_COST_REDUCTION = 1 << 30
# the pool's flags (tcg_env.engine.tables: the flags table's last row, word FL_MISC; cards.ff_kernel_flags): a set
# bit says the pool may need the check
FL_MISC = 0
FLAG_AURA_UNCHOOSABLE = 1  # some card has Op.AURA_UNCHOOSABLE (effects.can_be_chosen scans the field for it)
FLAG_DEALT_DAMAGE_TRIGGER = 8  # some ability triggers "When <this> is dealt damage" (effects.deal_forward_damage)
FLAG_DAMAGE_MOD = 4  # some card has Op.DAMAGE_MOD (effects.damage_dealt looks at the damaged card's abilities)
FLAG_CHOSEN_TRIGGER = 2  # some ability triggers "When <this> is chosen by ..." (Trigger.CHOSEN_SELF / CHOSEN_BY_OPP_SELF)
# some CHOOSE row's filter is of the Break Zone ("Choose 1 Forward in your Break Zone.": effects.any_choosable looks
# there for a legal target, CR 11.3.3) or of the stack ("Choose 1 Summon. Cancel its effect.": FilterZone.STACK)
FLAG_CHOOSE_BREAK = 16
FLAG_PARTY_TRIGGER = 32  # some ability triggers "When a party you control attacks" (Trigger.PARTY_ATTACKS)
FLAG_MUST_ATTACK = 64  # some card "must attack once per turn if possible" (Op.MUST_ATTACK: the DECLARE_ATTACK mask)
# some effect gives "the next damage dealt to it ... this turn" (Op.DAMAGE_SHIELD: effects.deal_forward_damage reads and
# uses up the card's shield; set with FLAG_DAMAGE_MOD, which routes damage there)
FLAG_DAMAGE_SHIELD = 128
# some DAMAGE instruction's amount is its source's power (PER_SOURCE_POWER: "Deal it damage equal to <this>'s power"):
# zones.leave_field keeps the power the card had just before it left (CR 11.11.4) for the effects that read it
FLAG_SOURCE_POWER = 256
# some field ability increases the damage dealt to Forwards (Op.DAMAGE_INCREASE: effects.damage_increase where damage
# is dealt; set with FLAG_DAMAGE_MOD, which routes battle and effect damage there)
FLAG_DAMAGE_INCREASE = 512
# some field ability replaces the damage the Forwards of a description are dealt (Op.DAMAGE_MOD_AURA: effects.damage_dealt
# where damage is dealt; set with FLAG_DAMAGE_MOD, which routes battle and effect damage there)
FLAG_DAMAGE_MOD_AURA = 1024
# some effect gives a card replacements of the damage dealt to it / it deals this turn (Op.DAMAGE_BOOST: effects.damage_dealt
# reads state.BOOST; set with FLAG_DAMAGE_MOD, which routes battle and effect damage there)
FLAG_DAMAGE_BOOST = 2048
# some card doubles the damage it deals to your opponent (Op.PLAYER_DAMAGE_DOUBLE: effects.deal_damage_to_player reads the
# source's field abilities)
FLAG_PLAYER_DAMAGE_DOUBLE = 4096
# some ability triggers "When a <filter> is put from the field into the Break Zone" (Trigger.PUT_INTO_BREAK_OTHER) or "When
# a Forward your opponent controls is broken" (OPP_FORWARD_BROKEN): cards that leave the field at once (one effect, the
# rule processes) are looked at together (zones.scan_leaving_together)
FLAG_PUT_BREAK_OTHER = 8192
# some card "must be chosen if possible" by its opponent's Summons and abilities (Op.MUST_BE_CHOSEN: kernels' CHOOSE_TARGET
# mask)
FLAG_MUST_BE_CHOSEN = 16384
# some Forward "can attack twice in the same turn" (Op.ATTACK_TWICE: battle.declare_attackers_done)
FLAG_ATTACK_TWICE = 32768
# some card lets Forwards form a party with Forwards of any Element (Op.PARTY_ANY_ELEMENT: kernels.may_join_party)
FLAG_PARTY_ANY_ELEMENT = 65536
# some cost reduction says a cost "can be paid with CP of any Element" (COST_REDUCTION / SELF_COST_REDUCTION a2 = 1):
# costs.pay_element looks for one in force; without it a card's element CP is asked with no scan
FLAG_ANY_ELEMENT_PAY = 131072
# session 21 (s21-ffb): some ability triggers "When a Forward damaged by <this> is put from the field into the Break Zone
# on the same turn" (Trigger.DAMAGED_BY_PUT_BREAK) or marks a card for a delayed one (Op.MARK_DELAYED): damage dealt to a
# Forward marks it (effects.deal_forward_damage, state.HIT_BY), turn.start_turn clears the marks
FLAG_HIT_BY = 262144
# state.HIT_BY: up to HIT_MAX marks per card, HIT_BITS bits each: the marking card's slot + 1, plus HIT_DELAYED for a
# mark of Op.MARK_DELAYED (else: damage that card dealt); a fourth distinct mark in one turn is not kept
# some ability asks "if your opponent has discarded a card from their hand due to your Summons or abilities this turn"
# (Condition.OPP_DISCARDED): zones.discard_hand_index sets bit OPP_DISCARDED of state.PLAYER_SHIELD (its bit 0: the next
# damage shield) of the player whose resolving Summon or ability made the opponent discard; cleared as a turn begins
FLAG_OPP_DISCARDED = 524288
OPP_DISCARDED_BIT = 2
# session 22 (s22-ffb): more "this turn" bits of a player's state.PLAYER_SHIELD word (cleared as each turn begins,
# turn.start_turn; public, observation's *_forward_put_into_break_this_turn / *_formed_party_this_turn; read by
# Condition.TURN_BIT, whose argument is the bit): a Forward they controlled was put from the field into their Break Zone
# (zones.leave_field, broken or not, CR 15.1.1.3.2) / Forwards they controlled formed a party (attacked together, CR
# 15.1.1.9: battle.declare_attackers_done)
FORWARD_PUT_BREAK_BIT = 4
PARTY_FORMED_BIT = 8
# a Forward of Element e entered their field this turn (ENTERED_ELEMENT_BIT << e, zones.enter_field, played or put there
# by an effect: "If a Fire Forward has entered your field this turn"), a Forward they controlled attacked this turn
# (battle.declare_attackers_done: "If a Forward you controlled attacked this turn")
ENTERED_ELEMENT_BIT = 16
ENTERED_ANY_BITS = 0xFF0  # the eight Elements' bits: "If a Forward has entered your field this turn"
FORWARD_ATTACKED_BIT = 1 << 12
# they received a point of damage this turn (a card put into their Damage Zone, CR 6.5.2: effects.resolve_damage): "If
# you have received a point of damage this turn"
RECEIVED_DAMAGE_BIT = 1 << 13
# session 23 (s23-ffb): the player's resolving Summon or ability (the frame resolving now) has made their opponent
# discard: set by zones.discard_hand_index with OPP_DISCARDED_BIT, taken off as the frame ends (effects.finish_frame,
# Trigger.OPP_DISCARDS); in a pool without that trigger, never seen by a decision (FLAG_OPP_DISCARDS_TRIGGER), not observed
OPP_DISCARD_EVENT_BIT = 1 << 14
# state.CAST_N (session 22): the Summons the player has cast this turn (the word's low CAST_UNIT - 1 bits) plus
# CAST_UNIT times the cards they have cast this turn: the Summons and the Characters played from the hand paying their
# cost (play.finish_payment; later rules call both casting). Condition.CAST_AT_LEAST's argument: the count, plus
# CAST_ARG_CARDS to count the cards cast instead of the Summons
CAST_UNIT = 256
CAST_ARG_CARDS = 256
HIT_BITS = 8
HIT_MAX = 3
HIT_DELAYED = 128
# some auto-ability triggers only once per turn (A_ONCE: triggers.queue_once looks at what a scan queued)
FLAG_TRIGGER_ONCE = 1 << 20
# some ability triggers "When you receive damage" / "When your opponent is dealt damage" (Trigger.RECEIVES_DAMAGE /
# OPP_RECEIVES_DAMAGE: effects.deal_damage_to_player scans the fields; session 22)
FLAG_PLAYER_DAMAGED_TRIGGER = 1 << 21
# session 23 (s23-ffb): some effect restricts a card "until the end of your opponent's turn" (OPP_TURN_DURATION):
# turn.end_cleanup looks at the fields' RST_PERM marks
FLAG_LONG_RESTRICT = 1 << 22
# session 23 (s23-ffb): some ability triggers "When your opponent discards 1 or more cards due to your Summons or
# abilities" (Trigger.OPP_DISCARDS); without it, the DISCARD / HAND_SELECT answers take OPP_DISCARD_EVENT_BIT off at
# once (kernels.apply_unchecked: no decision of such a pool sees it)
FLAG_OPP_DISCARDS_TRIGGER = 1 << 23
# session 23 (s23-ffa): some ability reads the Elements of the CP paid to cast its card ("If the cost to cast ~ was paid
# with CP of 3 or more different Elements", "for each CP of a different Element you paid to cast ~": Condition.
# PAID_ELEMENTS, PER_PAID_ELEMENTS): the PAY_CP answers of a card's payment mark the Elements of the CP paid in spare
# bits of the card's state.BOOST word (PAID_SHIFT .., below the sign bit: BOOST's fields use its low 24 bits), one bit per
# CP Element and one for Light or Dark (a player controls at most one Light or Dark card, CR 12.4.7: one bit tells the
# count); costs.note_paid_element, cleared as a payment for the card begins and as the card enters the field otherwise
FLAG_PAID_ELEMENTS = 1 << 24
# session 24 (s24-ff): some ability triggers "When you draw a card" / "When your opponent draws a card outside of his/her
# Draw Phase" (Trigger.DRAW / OPP_DRAWS_OUTSIDE_DRAW_PHASE: effects.after_draw scans the fields)
FLAG_DRAW_TRIGGER = 1 << 25
PAID_SHIFT = 24
PAID_MASK = 0x7F << PAID_SHIFT
# a cost of two or more element CP symbols ("{Fire}{Ice}{1}", "{Fire}{Fire}"): each symbol asks one CP of its element.
# A_COST_ELEMENT (and Op.PAY's a1) = ELEM_MULTI + the count of each element's symbols, ELEM_BITS bits per element
# (Fire .. Earth: Light and Dark CP cannot be produced); during the payment PAY_HAS_ELEM = -(the counts still to
# pay, packed the same way) until every symbol is paid, then 1 (costs.begin_payment, costs.pay_multi_feasible)
# Op.SEARCH's a2: > 1 "search for up to a2 ..."; SEARCH_MUST "search for 1 ...": a card must be taken when one matches
# (CR 15.1.1.8.1); 0 one card, or none. Op.PUT_ONTO_FIELD's / Op.ADD_TO_HAND's a2 bits: PUT_MUST (as SEARCH_MUST),
# PUT_DULL ("... onto the field dull")
# Op.HAND_SELECT's a2 bits: HAND_SELECT_REMOVE the selected card is removed from the game (else discarded);
# HAND_SELECT_MAY "You may select N ...": the player may select none (the op then reports it not done: "If you do so")
HAND_SELECT_REMOVE = 1
HAND_SELECT_MAY = 2
SEARCH_MUST = 1
PUT_MUST = 1
PUT_DULL = 2
# Op.PAY with a2 = 1 ("You may pay ..." of a modal ability's action): the frame's FR_CNT while it is asked / after
# the answer (kernels: the OPTIONAL_EFFECT answer)
MAY_ASKED = -1
MAY_DECLINED = -2
MAY_ACCEPTED = -3
PUT_REMOVED = 4  # Op.ADD_TO_HAND's Break Zone forms (a1 = 0): removed from the game instead of to the hand
PUT_CANCEL = 8  # Op.ADD_TO_HAND's register form (a1 = 0): the Summons of the register on the stack cancelled (Op.CANCEL)
# Op.PUT_ONTO_FIELD's register form (a1 = 0): the register's cards in the Removed Zone, removed by the row before ("Remove
# it from the game. Then, play the removed Forward onto the field dull."; session 20)
PUT_FROM_REMOVED = 8
# PAY_HAS_ELEM of a Summon cast by Op.CAST_FREE (a payment of 0 CP, complete as it starts: above 0 as has_elem_start's
# 1): play.finish_payment gives the priority to the turn player (CR 11.1.5: the cast happened during a resolution)
PAY_FREE_CAST = 2
ELEM_MULTI = 1 << 20
ELEM_BITS = 3
ELEM_MAX = (1 << ELEM_BITS) - 1  # symbols of one element in one cost
N_CP_ELEMENTS = 6  # Fire .. Earth
# a card's flags, word FL_DERIVED_DEPS (cards.derived_deps): what the part of the derived values its field abilities
# give reads besides the cards on the fields (characteristics.refresh_derived keeps that part while those are the
# same): the damage counts, the hand counts, the turn player and phase, the Break Zones' cards; DEP_UNCACHED: anything
# else (never kept; the default table's -1 has it)
FL_DERIVED_DEPS = 1
DEP_DAMAGE = 1
DEP_HAND = 2
DEP_TURN = 4
DEP_BREAK = 8
DEP_UNCACHED = 1 << 30
# effects.field_op_bits: marks "a field ability whose condition holds has this op" beside the ops' a0 bits
FIELD_OP_FOUND = 1 << 24
C_NCOLS = CARD_TABLE.width

# Per-card static observation features (float32 [n, CARD_OBS_FEATURES]), the kernel tables'
# obs_rows (engine.tables): written once per pool so an observation copies a card's row instead
# of computing its columns.
CARD_OBS_FEATURES = 26


# --------------------------------------------------------------------------------------------
# Ability table: abilities[row, A_*]
# --------------------------------------------------------------------------------------------
class AbilityKind(IntEnum):
    FIELD = 0  # CR 11.9 ongoing effect while on the field
    AUTO = 1  # CR 11.8 triggered
    ACTION = 2  # CR 11.6 "(cost): effect"
    SPECIAL = 3  # CR 11.7 action ability that also discards a same-name card
    SUMMON = 4  # a Summon's effect (CR 11.3)
    EX_BURST = 5  # a Character's EX Burst auto-ability (CR 11.10.3)


class Trigger(IntEnum):
    NONE = 0
    ENTERS_SELF = 1  # "When <this> enters the field"
    ENTERS_OTHER = 2  # "When a <filter> enters your field" (other than this card); A_TRIG_FILTER
    ATTACKS_SELF = 3  # "When <this> attacks"
    BLOCKS_SELF = 4  # "When <this> blocks"
    BROKEN_SELF = 5  # "When <this> is broken" (CR 15.1.1.3)
    DEALS_DAMAGE_TO_PLAYER_SELF = 6  # "When <this> deals damage to your opponent"
    BEGIN_MAIN1 = 7  # "At the beginning of Main Phase 1 during your turn"
    BEGIN_ATTACK_PHASE = 8  # "At the beginning of the Attack Phase during your turn"
    BEGIN_END_PHASE = 9  # "At the beginning of the End Phase during your turn"
    OPP_FORWARD_BROKEN = 10  # "When a Forward your opponent controls is broken"
    LEAVES_FIELD_SELF = 11  # "When <this> leaves the field" (to any zone)
    # "When <this> is put from the field into the Break Zone": broken, put there by a cost, an effect
    # or a rule process (CR 15.1.1.3.2: all of them, not only breaking)
    PUT_INTO_BREAK_SELF = 20  # (20: FF-TCG 2014 extends this enum from 12 on)
    # "When you cast a Summon": the controller of the card casts one (its costs paid and it is put on the
    # stack, CR 11.3.8), so the auto-ability goes on the stack above it and resolves first
    CAST_SUMMON = 21
    # "When a <filter> is put from the field into the Break Zone" (A_TRIG_FILTER; triggers.trigger_put_into_break_other)
    PUT_INTO_BREAK_OTHER = 23
    IS_BLOCKED_SELF = 22
    # "When <this> forms a party and attacks": it attacks together with another Forward (CR 10.1.2, 15.1.1.9:
    # a party), fired with ATTACKS_SELF (battle.declare_attackers_done)
    PARTY_ATTACKS_SELF = 25
    # "When your opponent casts a Summon": CAST_SUMMON's event seen from the other side (play.finish_payment)
    OPP_CAST_SUMMON = 26
    # "..., you may <X>. When you do so, <effect>.": no event fires it; the ability before it queues it on its
    # controller's pending list when X was done (Op.REFLEX, CR 11.8.2 / 11.8.17: an auto-ability generated by a
    # resolving ability, put on the stack at the next priority, CR 11.8.7, its targets chosen then, CR 11.8.9)
    REFLEXIVE = 27
    # "When <this> is chosen by a Summon or an ability" / "... by your opponent's Summons or abilities": fired as
    # the card is chosen as a target (the CHOOSE_TARGET answer, kernels.apply_decision: a Summon's targets are
    # chosen as it is cast, an ability's as it is put on the stack, CR 11.3.3 / 11.6.5 / 11.8.9); only in a pool
    # that has such an ability (FL_MISC bit FLAG_CHOSEN_TRIGGER)
    CHOSEN_SELF = 28
    CHOSEN_BY_OPP_SELF = 29
    # "When <this> is dealt damage" / "... by your opponent's Summons or abilities": fired where an amount of damage
    # above 0 (after the card's replacements, CR 11.12.5.4) is dealt to it (effects.deal_forward_damage); only in a
    # pool with such an ability (FL_MISC bit FLAG_DEALT_DAMAGE_TRIGGER)
    DEALT_DAMAGE_SELF = 30
    DEALT_DAMAGE_BY_OPP_EFFECTS_SELF = 31
    # "When a party you control attacks" / "When N or more <filter> you control form a party and attack": the
    # controller's Forwards attack as a party (two or more, CR 15.1.1.9), at least a count of them matching a filter
    # (A_TRIG_FILTER packs both: (filter row + 1) * COND_COUNT_SPAN + count, row -1: any); once per attack, for each card of the attacking player's field
    # (triggers.trigger_party_attacks, from battle.declare_attackers_done; only in a pool with such an ability: FL_MISC
    # bit FLAG_PARTY_TRIGGER)
    PARTY_ATTACKS = 32
    # "When your opponent uses an EX Burst": the other player's field, when they use an EX Burst (CR 11.10.2: the effect
    # applies at once; this auto-ability waits for the next priority, CR 11.8.7; kernels' EX_BURST answer)
    OPP_EX_BURST = 33
    # "When a party you control deals damage to your opponent": the unblocked attack (CR 10.1.4.1) of a party (two or
    # more of the attacking player's Forwards still on the field, CR 15.1.1.9.5) deals its point; once, for each card of
    # the attacking player's field (triggers.trigger_party_attacks, from battle; A_TRIG_FILTER packed as PARTY_ATTACKS';
    # only in a pool with such an ability: FL_MISC bit FLAG_PARTY_TRIGGER)
    PARTY_DEALS_DAMAGE_TO_PLAYER = 34
    # "When <this> enters the field due to your cast" (played from the hand, its cost paid: play.finish_payment) / "...
    # due to your Summons or abilities" (put onto the field by an effect: every other way a card enters, all of them the
    # effects of the controller of the field it enters): fired with ENTERS_SELF (zones.enter_field reads PAY_KIND)
    ENTERS_SELF_CAST = 35
    ENTERS_SELF_BY_EFFECT = 36
    ATTACKS_OTHER = 24  # "When a <filter> attacks" (A_TRIG_FILTER; triggers.trigger_attacks_other)  # "When <this> is blocked" (a Forward of the attacking party a block is declared against)
    # "During each turn, when you cast the second Summon you've cast": the controller of the card casts their second
    # Summon of the turn (state.CAST_N reaches 2 as it is cast, CR 11.3.8; play.finish_payment), in either player's
    # turn. The count is the trigger event's, not a condition (CR 11.8.13): it is not checked again on resolution
    CAST_SECOND = 37
    # session 21 (s21-ffb): "When a <filter> damaged by <this> is put from the field into the Break Zone on the same
    # turn" (A_TRIG_FILTER; the leaving card's state.HIT_BY names the cards whose damage marked it this turn:
    # triggers.trigger_marked, while <this> is on the field)
    DAMAGED_BY_PUT_BREAK = 38
    # "Choose 1 Forward. Deal it 5000 damage. When it is put from the field into the Break Zone this turn, draw 1 card.":
    # the delayed auto-ability (CR 11.8) of the card whose effect's Op.MARK_DELAYED marked the chosen card this turn
    # (state.HIT_BY); it triggers wherever that card is (a Summon in the Break Zone: triggers.trigger_marked)
    DELAYED_PUT_BREAK = 39
    # session 22 (s22-ffa): "When you receive damage" / "When your opponent is dealt damage": points of damage (more
    # than 0, after the replacements: CR 6.5, 11.12.5) are dealt to the card's controller / its controller's opponent
    # (effects.deal_damage_to_player, once for the damage, every card of that field; only in a pool with such an
    # ability: FL_MISC bit FLAG_PLAYER_DAMAGED_TRIGGER)
    RECEIVES_DAMAGE = 40
    OPP_RECEIVES_DAMAGE = 41
    # "At the end of each of your opponent's turns" / "At the beginning of the End Phase during each of your opponent's
    # turns": BEGIN_END_PHASE's event for the non-turn player's cards (turn.py, CR 9.5.1.1; session 22)
    OPP_BEGIN_END_PHASE = 42
    # session 22 (s22-ffb): "During each turn, when you cast the second / third / ... card you've cast" / "When you cast
    # the third card you've cast this turn": the controller casts their N-th card of the turn, a Summon or a Character
    # played from the hand paying its cost (state.CAST_N's cards count reaches N, play.finish_payment), in either
    # player's turn; CAST_CARD_2 + (N - 2) for N = 2..7. As CAST_SECOND, the count is the event's, not a condition
    CAST_CARD_2 = 43
    CAST_CARD_3 = 44
    CAST_CARD_4 = 45
    CAST_CARD_5 = 46
    CAST_CARD_6 = 47
    CAST_CARD_7 = 48
    # session 23 (s23-ffb): "When your opponent discards 1 or more cards [from their hand] due to your Summons or
    # abilities": a resolving Summon or ability of the card's controller (its frame: P_RESOLVE, or an EX Burst's P_EX)
    # made their opponent discard (zones.discard_hand_index marks OPP_DISCARD_EVENT_BIT); once for that Summon or
    # ability, as its frame ends (effects.finish_frame), every card of the controller's field
    OPP_DISCARDS = 49
    # session 24 (s24-ff): "When you draw a card": the card's controller draws a card (CR 9.2.1.1's Draw Phase draws, an
    # effect's "Draw N cards"), once for each card drawn; "When your opponent draws a card outside of his/her Draw
    # Phase": the other player draws one by an effect (CR 9.2.1.1's draws are the Draw Phase's), once for each card.
    # Fired by effects.after_draw (the core interpreter's DRAW, turn.start_turn) every card of that field; only in a pool
    # with such an ability (FL_MISC bit FLAG_DRAW_TRIGGER)
    DRAW = 50
    OPP_DRAWS_OUTSIDE_DRAW_PHASE = 51
    # session 24 (s24-ff): "When <this> is dealt damage by a Forward / a Character opponent controls": DEALT_DAMAGE_SELF's
    # event (effects.deal_forward_damage, pool flag FLAG_DEALT_DAMAGE_TRIGGER) when the card that deals it (CR 11.11.8:
    # a Forward in battle, the card whose ability it is, the Forward an ability names as the one that deals it) is a
    # Forward (a Forward or a Backup) its controller's opponent controls
    DEALT_DAMAGE_BY_OPP_FORWARD_SELF = 52
    DEALT_DAMAGE_BY_OPP_CHARACTER_SELF = 53


class Condition(IntEnum):
    """Conditions of conditional auto-abilities (CR 11.8.13) and conditional field abilities; on an
    action or special ability, when it may be used ("You can only use this ability during your turn").

    Each compares a count about the ability's controller (or the opponent) with A_COND_ARG.
    """

    NONE = 0
    DAMAGE_AT_LEAST = 1  # controller has >= arg cards in the Damage Zone
    BACKUPS_AT_LEAST = 2  # controller controls >= arg Backups
    FORWARDS_AT_LEAST = 3  # controller controls >= arg Forwards
    OPP_FORWARDS_AT_LEAST = 4  # opponent controls >= arg Forwards
    HAND_AT_MOST = 5  # controller has <= arg cards in hand
    OPP_DAMAGE_AT_LEAST = 6  # opponent has >= arg damage
    JOB_ON_FIELD = 7  # controller controls another Character with job id arg
    # the cards on both fields that filter row (arg // COND_COUNT_SPAN) matches, seen by the
    # controller, number at least arg % COND_COUNT_SPAN ("If you control 2 or more [Job X] Forwards")
    CONTROLS_AT_LEAST = 20  # (20, 21: FF-TCG 2014 extends this enum with 8..11)
    YOUR_TURN = 21  # it is the controller's turn ("During your turn, ...", "only during your turn")
    # CONTROLS_AT_LEAST's count, at most ("If you control 1 or less Backups", "If you don't control any
    # Forwards": at most 0)
    CONTROLS_AT_MOST = 22
    OPP_HAND_AT_MOST = 23  # the opponent has <= arg cards in hand
    # it is the controller's turn and Main Phase 1 or 2 ("You can only use this ability during your Main Phase",
    # CR 9.3: the Main Phases)
    YOUR_MAIN_PHASE = 24
    # it is the opponent's turn (the controller is the non-turn player): "each player discards" has the turn player
    # discard first (CR 11.11.6), so the program asks YOUR_TURN / OPP_TURN for the order
    OPP_TURN = 25
    HAND_AT_LEAST = 26  # the controller has >= arg cards in hand ("If you have 4 or more cards in your hand")
    # the ability's card attacks in a party (two or more attacking Forwards, CR 15.1.1.9): "The Forwards forming a
    # party with <this> gain First Strike."
    SELF_IN_PARTY = 27
    # the different Elements among the cards filter row (arg // COND_COUNT_SPAN) matches (as CONTROLS_AT_LEAST counts
    # them) number at least / exactly arg % COND_COUNT_SPAN ("if there are 3 or more different Elements among Forwards
    # you control", "if you have 5 or more different Elements among cards in your Break Zone"); each card has one
    # Element (the importer skips Multi-Element cards)
    ELEMENTS_AT_LEAST = 28
    ELEMENTS_EXACTLY = 29
    # the cards filter row (arg // COND_COUNT_SPAN) matches number at least arg % COND_COUNT_SPAN and are all of
    # different Elements ("If you control 4 or more Backups and if the Backups you control are all of different
    # Elements")
    ALL_DIFFERENT_ELEMENTS_AT_LEAST = 30
    # the controller has cast >= arg Summons this turn (state.CAST_N: "if you have cast a Summon this turn", "if you
    # have cast 3 or more cards this turn"; CR 15.1.1.7.1: casting is placing a Summon card onto the stack by paying
    # its cost, so the cards cast are Summons; an EX Burst is not cast, CR 11.10)
    CAST_AT_LEAST = 31
    # session 21 (s21-ffb): the opponent has >= arg cards in hand ("if your opponent has 3 or more cards in their hand")
    OPP_HAND_AT_LEAST = 32
    # the ability's card has >= arg damage on it (CR 5.2.6.1: "if ~ has received 4000 damage or more"); false off the field
    SELF_DAMAGE_AT_LEAST = 33
    # the controller's opponent has discarded a card from their hand due to the controller's Summons or abilities this
    # turn (state.PLAYER_SHIELD's bit OPP_DISCARDED, set by zones.discard_hand_index; pool flag FLAG_OPP_DISCARDED)
    OPP_DISCARDED = 34
    # the ability's card has >= arg power now (on the field: "If ~ has 9000 power or more, deal it 7000 damage."); not a
    # field ability's condition (the power it reads is what the field abilities make)
    SELF_POWER_AT_LEAST = 35
    # session 22 (s22-ffb): the opponent controls at least arg more Forwards than the controller ("If your opponent
    # controls 2 or more Forwards more than you")
    OPP_FORWARDS_MORE = 36
    # a "this turn" bit (arg) of the controller's state.PLAYER_SHIELD word is set (FORWARD_PUT_BREAK_BIT: "if a Forward
    # you controlled has been put from the field into the Break Zone this turn", PARTY_FORMED_BIT: "If a Forward you
    # controlled formed a party this turn")
    TURN_BIT = 37
    # session 23 (s23-ffa): the CP paid to cast the ability's card (state.BOOST's PAID_* bits, costs.note_paid_element)
    # were of at least (arg < COND_COUNT_SPAN) / at most (+ PAID_ARG_AT_MOST) / exactly (+ PAID_ARG_EXACTLY) arg %
    # COND_COUNT_SPAN different Elements: "If the cost to cast ~ was paid with CP of 3 or more different Elements";
    # a card not cast (put onto the field by an effect, an EX Burst) paid none (pool flag FLAG_PAID_ELEMENTS); arg
    # PAID_ARG_INCLUDES / PAID_ARG_ONLY + an Element: the CP paid included that Element's / were only of that Element
    PAID_ELEMENTS = 38


AURA_SELF_ONLY = 1  # an aura's a2: "~ gains ...", the card itself only (not a same-name copy of a generic card)
COND_COUNT_SPAN = 16  # CONTROLS_AT_LEAST packs (filter row, count) in A_COND_ARG: row * 16 + count
# an action ability's ACTION_DULL_COST_COL with this added: its "Put N DESC into the Break Zone" cost (the Characters
# chosen in the PAY_DISCARD decision are put into the Break Zone, not broken, CR 15.1.1.3.2) instead of "Dull N active
# DESC" (a multiple of COND_COUNT_SPAN: the count and the filter row read as before; play.cost_puts_into_break)
BREAK_COST_FLAG = 1 << 24


ABILITY_TABLE = TableLayout("ability")
A_KIND = ABILITY_TABLE.add("kind", source=enum(AbilityKind))
A_TRIGGER = ABILITY_TABLE.add("trigger", source=enum(Trigger, none=Trigger.NONE))
A_TRIG_FILTER = ABILITY_TABLE.add("trig_filter")  # filter row for ENTERS_OTHER, -1 otherwise (PARTY_ATTACKS: packed)
# the column's meaning for an action ability (it has no trigger): its "Dull N active DESC" cost (CR 11.6.2.4), N
# active Characters of the player matching a filter row, dulled as the ability's whole cost and paid in the
# PAY_DISCARD decision (PAY_DISCARD_LEFT counts them); packed (filter row + 1) * COND_COUNT_SPAN + N, -1 none
# (play.dull_cost_count / dull_cost_filter)
ACTION_DULL_COST_COL = A_TRIG_FILTER  # (not named A_*: the layout test pairs each A_* constant with one column)
A_COND = ABILITY_TABLE.add("cond")
A_COND_ARG = ABILITY_TABLE.add("cond_arg")
A_COST_CP = ABILITY_TABLE.add("cost_cp", source=copy("cost.cp"))  # CP to pay (CR 11.2)
A_COST_ELEMENT = ABILITY_TABLE.add("cost_element", source=enum(Element, "cost.element", none=-1))  # element one CP of which must be paid (-1: none required)
A_COST_DULL = ABILITY_TABLE.add("cost_dull", source=copy("cost.dull"))  # 1: the dull icon (CR 11.6.2.3)
A_COST_DISCARD = ABILITY_TABLE.add("cost_discard", source=copy("cost.discard"))  # number of cards to discard from hand (any cards); never combined with CP
A_COST_BREAK_SELF = ABILITY_TABLE.add("cost_break_self", source=copy("cost.break_self"))  # 1: put this card into the Break Zone as a cost
A_CODE_START = ABILITY_TABLE.add("code_start")  # first instruction row in the code table
A_CODE_LEN = ABILITY_TABLE.add("code_len")
# auto: 1 = "you may" (CR 11.8.14), asked on resolution; action / special: 1 = once per turn
A_OPTIONAL = ABILITY_TABLE.add("optional", source=copy())
A_CARD = ABILITY_TABLE.add("card")  # card id that owns the ability
# 1: "This effect will trigger only once per turn." on an auto-ability (session 21; triggers.queue_once: the card's
# RESTRICT_TRIGGERED_ONCE mark); on an action / special ability the same as its A_OPTIONAL ("once per turn")
A_ONCE = ABILITY_TABLE.add("once", source=copy("once_per_turn"))
A_NCOLS = ABILITY_TABLE.width


# --------------------------------------------------------------------------------------------
# Filter table: filters[row, F_*]. A filter describes a set of cards relative to a "viewer"
# (the controller of the ability). Zero/neutral values mean "no constraint".
# --------------------------------------------------------------------------------------------
class Side(IntEnum):
    ANY = 0
    OWN = 1  # controlled by the ability's controller (for deck/break/hand zones: owned)
    OPPONENT = 2


class CardState(IntEnum):
    ANY = 0
    ACTIVE = 1
    DULL = 2
    DAMAGED = 3  # a Forward that has received damage this turn ("choose 1 damaged Forward")
    ATTACKING = 4  # an attacking Forward (CR 10.1.2)
    BLOCKING = 5  # the blocking Forward (CR 10.1.3)
    # "a Forward forming a party": an attacking Forward while two or more Forwards attack together (CR 15.1.1.9.1; one
    # left on the field is no party, CR 15.1.1.9.5: a Forward leaving the field leaves the attack, zones.leave_field)
    IN_PARTY = 6


class FilterZone(IntEnum):
    FIELD = 0
    DECK = 1
    BREAK = 2
    HAND = 3
    # a Summon on the stack (CR 7.12): "Choose 1 Summon [of cost N or less]. Cancel its effect." (a CHOOSE row's filter:
    # the Summons of the stack's entries, as the options of the CHOOSE_TARGET decision, effects.fill_stack_targets)
    STACK = 4


FILTER_TABLE = TableLayout("filter")
F_TYPE_MASK = FILTER_TABLE.add("type_mask", source=mask(TYPEMASK_BITS, "type"))  # TYPEMASK_* (0 means TYPEMASK_ANY)
F_SIDE = FILTER_TABLE.add("side", source=enum(Side))
F_ELEMENT_MASK = FILTER_TABLE.add("element_mask", source=mask(ELEMENT_BITS, "element"))  # bit (1 << Element); 0 = any element
F_COST_MIN = FILTER_TABLE.add("cost_min", source=bound())  # -1 = none
F_COST_MAX = FILTER_TABLE.add("cost_max", source=bound())  # -1 = none
F_POWER_MIN = FILTER_TABLE.add("power_min", source=bound())  # -1 = none (current power on the field, printed power elsewhere)
F_POWER_MAX = FILTER_TABLE.add("power_max", source=bound())  # -1 = none
F_JOB = FILTER_TABLE.add("job", source=interned("job_ids", "job"))  # job id, 0 = any
F_NAME = FILTER_TABLE.add("name", source=interned("name_ids", "card name"))  # name id, 0 = any (name ids start at 1)
F_STATE = FILTER_TABLE.add("state", source=enum(CardState))  # CardState
# bit 0: not the ability's source card; bits 1..: 1 + the row of an alternative filter ("[Job X] or
# [Card Name Y]": a card matching it matches too), 0 = none (FILTER_ALT_SHIFT; packed here so that the
# table layout, and the built-in pool's fingerprint, stay as they were)
F_EXCLUDE_SELF = FILTER_TABLE.add("exclude_self", source=copy())
FILTER_ALT_SHIFT = 1
F_ZONE = FILTER_TABLE.add("zone", source=enum(FilterZone))  # FilterZone
F_CATEGORY = FILTER_TABLE.add("category", source=interned("category_ids", "category"))  # category id, 0 = any
F_NCOLS = FILTER_TABLE.width


# --------------------------------------------------------------------------------------------
# Effect programs: code[row, I_*]. A program is A_CODE_LEN consecutive rows. All CHOOSE rows come
# first (targets are chosen when a Summon is cast / an ability is put on the stack, CR 11.3.3,
# 11.6.5, 11.8.9); the effect rows follow and run on resolution.
# --------------------------------------------------------------------------------------------
class Op(IntEnum):
    # the opcodes every game shares are the core's (tcg_env.engine.effects.CoreOp), run by its
    # interpreter; FF-TCG's own fill the gaps. Ops EACH_TARGET_FIRST..EACH_TARGET_LAST act on every
    # card of register I_REG that is still on the field (CR 11.11.2)
    # --- targeting: fill target register I_REG ---
    CHOOSE = CoreOp.CHOOSE  # a0 = filter row, a1 = count, a2 = 1 if "up to" count (may choose fewer, >= 0)
    SELECT_ALL = CoreOp.SELECT_ALL  # a0 = filter row: every matching card on the field at resolution
    TARGET_SELF = CoreOp.TARGET_SELF  # the source card
    # a0 = Condition, a1 = its argument (as A_COND_ARG), a2 = rows: "If <condition>, <effect>." inside an
    # effect; when the condition does not hold on resolution, the next a2 rows are skipped
    IF = CoreOp.IF
    # "If you do so, <effect>." (a0 = 0; a0 = 1: "If you don't"): the next a2 rows, decided by the row before it
    # (the core's DISCARD: every card discarded; DAMAGE_PLAYER: always received)
    IF_DONE = CoreOp.IF_DONE
    # "When you do so, <effect>.": queue ability row E_ABIL + a0 (an auto-ability with Trigger.REFLEXIVE) on the
    # controller's pending list, with the frame's source and trigger information (CR 11.8.17.5)
    REFLEX = 42
    # "you may pay <CP>. If / When you do so, ...": a0 CP, a1 the Element one CP of which must be paid (-1 none),
    # paid as a cost is (CR 5.2.1.3: discards 2 CP, Backups 1 CP; the PAY_CP decision); NOT_DONE when the player
    # cannot pay it (then nothing is paid)
    PAY = 43
    # "you may put <this> into the Break Zone / remove <this> from the game. If / When you do so, ...": the source
    # moves to zone a0 (Zone.BREAK, Zone.REMOVED) from zone a1 (Zone.FIELD: leaves the field, not broken, CR
    # 15.1.1.3.2; Zone.BREAK: a card whose ability triggered as it was put there); NOT_DONE when it is not there
    SOURCE_LEAVES = 44
    # --- effects on every card of register I_REG (Characters on the field) ---
    POWER = CoreOp.POWER  # a0 = signed power change, a1 = Duration
    DAMAGE = 11  # a0 = damage amount (CR 5.2.6.1)
    BREAK = 12  # CR 15.1.1.3
    GRANT_KEYWORD = CoreOp.GRANT_KEYWORD  # a0 = KW_* bits, a1 = Duration
    RESTRICT = CoreOp.RESTRICT  # a0 = RESTRICT_* bits, a1 = Duration
    DULL = 15  # CR 15.1.1.2
    ACTIVATE = 16  # CR 15.1.1.1
    FREEZE = 17  # CR 15.2.4
    RETURN_TO_HAND = 18  # to the owner's hand
    REMOVE_FROM_GAME = 19  # CR 15.1.1.5
    # a0 = signed power change per count, a1 = Duration, a2 = the "for each" (cards.compile_per, counted on
    # resolution by filters.per_count): "It loses 1000 power for each Water Backup you control"
    POWER_PER = 20
    # "Put it on top of / at the bottom of its owner's deck." (it leaves the field: zones.leave_field)
    PUT_ON_DECK_TOP = 21
    PUT_ON_DECK_BOTTOM = 22
    # --- effects on players (a1 = Who) ---
    DRAW = CoreOp.DRAW  # a0 = count
    DISCARD = CoreOp.DISCARD  # a0 = count, a1 = Who, a2 = 1: at random, else the discarding player chooses
    DAMAGE_PLAYER = 32  # a0 = points of damage (CR 6.5)
    SEARCH = 33  # a0 = filter row (zone DECK), a1 = Destination; then shuffle (CR 15.1.1.8)
    PUT_ONTO_FIELD = 34  # a0 = filter row (zone BREAK or HAND), a1 = count (chosen one by one)
    ADD_TO_HAND = 35  # a0 = filter row (zone BREAK), a1 = count: cards of your Break Zone to your hand, one by one
    # a1 = 0: the Break Zone forms (effects.exec_op): a0 = -1, the cards of register I_REG chosen in a Break Zone, to the
    # hand / removed from the game (a2 PUT_REMOVED); a0 = a filter row with a2 PUT_REMOVED: every card of the Break
    # Zones it matches removed from the game ("Remove all the cards in your opponent's Break Zone from the game.", the
    # card schema's op remove_break_zone: this opcode's other name)
    REMOVE_BREAK_ZONE = 35
    # "Choose 1 Summon. Cancel its effect.": this opcode's register form (a0 = -1, a1 = 0) with a2 PUT_CANCEL: each
    # Summon of register I_REG still on the stack is taken off it, its entry with it, and put into the Break Zone
    # without its effect (CR 11.11.10: where a Summon goes; effects.cancel_summon). The card schema's op cancel
    CANCEL = 35
    # a0 = count, a1 = Who: the top a0 cards of that player's deck into their Break Zone, one at a time
    # (fewer when the deck runs out: CR 2.3, and no defeat: CR 3.1.2 is about drawing)
    MILL = 36
    # "Reveal the top card of your deck. If it is a <filter a0>, add it to your hand / play it onto the field
    # [dull]." a1 = Destination; a2 = 1: "If it is not ..., put it into the Break Zone." (else it stays on top)
    REVEAL_TOP = 37
    # "Turn over one card at a time from the top of your deck until a <filter a0> is revealed. Add it to your
    # hand. Then, shuffle the other cards revealed and return them to the bottom of your deck." (none found:
    # every card was revealed, the deck is shuffled)
    REVEAL_UNTIL = 38
    # "Look at / Reveal the top N cards of your deck. Add / Play [up to] K <filter a0> among them to your hand / onto
    # the field and return the other cards to the bottom of your deck in any order / put the rest into the Break
    # Zone." a1 = Destination + 4 x LOOK_REST_BREAK; a2 = N + 64 x K + 4096 x up_to + 8192 x revealed. The player picks the cards one
    # at a time among the top N (SelectFor.LOOK_PICK: every card looked at is shown as an option, the matching ones
    # first and selectable), then puts the others on the bottom one at a time in the order they choose
    # (SelectFor.LOOK_ORDER); effects.look_top, kernels (the answers)
    LOOK_TOP = 39
    # --- field-ability effects (ongoing, CR 11.9); only in FIELD abilities ---
    AURA_POWER = 50  # a0 = signed power change, a1 = filter row (cards it applies to)
    AURA_KEYWORD = 51  # a0 = KW_* bits, a1 = filter row
    COST_REDUCTION = 52  # a0 = CP reduction, a1 = filter row (zone HAND: cards whose cost is reduced)
    AURA_RESTRICT = 53  # a0 = RESTRICT_* bits, a1 = filter row
    # (AURA_POWER, AURA_KEYWORD, AURA_RESTRICT: a2 = AURA_SELF_ONLY, the filter's matches that are the ability's card)
    # the source gains a0 power for each card filter row a1 matches on both fields (a2 = 0), or for
    # each point of damage its controller has received (a2 = 1): "For each ..., <this> gains +1000 power."
    AURA_POWER_PER = 54
    # a0 = CP: the card's own cost is reduced while it is in its owner's hand ("The cost required to
    # cast <this> is reduced by 1"), when the field ability's condition holds (C_HAS_FIELD bit 1)
    SELF_COST_REDUCTION = 55
    # a0 = filter row: the Forwards that cannot block the card itself ("<this> cannot be blocked by a
    # Forward of cost 4 or more"; C_HAS_FIELD bit 2); unconditional field abilities only
    UNBLOCKABLE_BY = 56
    # --- modal effects ("Select 1 of the M following actions.", the quoted actions after it) ---
    # SELECT_MODE (row 0, a0 = M) then one MODE row (a0 = k) before each action's rows. The action
    # is selected when the Summon is cast or the ability is put on the stack, before its targets are
    # chosen (effects.select_mode, asked as OPTIONAL_EFFECT questions "this action?" one action at a
    # time); it is kept in the entry's MODE_WORD (k + 1; 0: none). On resolution SELECT_MODE jumps
    # to the selected action and the next MODE row ends the program. (45/46: clear of FF-TCG 2014's
    # additions, 40 and 41)
    SELECT_MODE = 45
    MODE = 46
    # row 1 of a modal program, optional: "If <condition>, select up to K of the M following actions
    # instead." a0 = Condition, a1 = its argument, a2 = K + 16 * up_to: the count when the condition
    # holds as the actions are selected
    MODE_IF = 47
    # a0 = UNCHOOSABLE_BY_* bits: "<this> cannot be chosen by your opponent's Summons [or abilities]"
    # (C_HAS_FIELD bits 3 and 4, read where targets are chosen: effects.can_be_chosen); unconditional
    # field abilities only
    UNCHOOSABLE = 57
    # "<this> cannot become dull by your opponent's Summons or abilities" (C_HAS_FIELD bit 5, read by
    # effects.each_target's DULL); unconditional field abilities only
    UNDULLABLE = 58
    # "<this> does not activate during your Active Phase" (C_HAS_FIELD bit 19, read by turn.start_turn, its condition
    # with it: effects.field_op_bits)
    NO_ACTIVATE = 66
    # "<this> must attack once per turn if possible" (C_HAS_FIELD bit 20; kernels' DECLARE_ATTACK mask: no PASS while
    # it can attack, its condition with it; pool flag FLAG_MUST_ATTACK)
    MUST_ATTACK = 67
    # a0 = UNCHOOSABLE_BY_* bits, a1 = filter row: the cards it matches (seen by the ability's controller) "cannot
    # be chosen by your opponent's Summons [or abilities]" (C_HAS_FIELD bit 7; effects.can_be_chosen); 48: clear of
    # FF-TCG 2014's additions
    AURA_UNCHOOSABLE = 48
    # a0 = PAY_ONLY_ELEMENT | PAY_ONLY_BACKUPS: what may pay the card's own cost (C_HAS_FIELD bits 8, 9); an
    # unconditional field ability, read from the hand. a0 NO_PLAY_BY_EFFECTS (C_HAS_FIELD bit 24): "You cannot play
    # <this> from your hand due to Summons or abilities."
    PAY_ONLY = 49
    # "If <this> is on the field, <this> can produce CP of any Element." (C_HAS_FIELD bit 6, read where CP is
    # counted and paid: costs.produces_element); unconditional, no operands. With ``elements`` ("... can produce
    # Wind CP."): those elements besides the card's own (C_HAS_FIELD bits 10..17)
    ANY_ELEMENT_CP = 59
    # "If <this> is dealt damage [by ...], reduce the damage by N / the damage becomes N instead.", "If <this> is dealt
    # damage less than its power, the damage becomes 0 instead." (a replacement effect, CR 11.12.5.2): a0 = DamageMod,
    # a1 = N, a2 = DamageBy; C_HAS_FIELD bit 18, pool flag FLAG_DAMAGE_MOD; read by effects.damage_dealt
    DAMAGE_MOD = 61
    # "Your opponent selects N <filter> they control.": on resolution, the opponent of the controller selects (not
    # chooses, CR 11.8.9) up to a1 of their cards on the field matching filter a0 (as many as they have, up to a1),
    # into register I_REG (a SELECT_CARD decision of theirs, SelectFor.OPP_SELECT, no pass); a2 = SELECT_BY_CONTROLLER
    # (session 22): the ability's controller selects among their own cards ("Select 1 Character you control.")
    OPP_SELECT = 62
    # "Your opponent reveals their hand. Select N <filter> from their hand. Your opponent discards this card / removes it
    # from the game.": the opponent's hand shown to both players (state.REVEALED), the controller selects a1 of the
    # matching cards one at a time (SelectFor.HAND_SELECT, no pass while one is left), a2: 0 discarded, 1 removed
    HAND_SELECT = 63
    # "When a <filter> attacks / enters your field, it gains ...": the card the trigger was about (the entry's E_AUX)
    # into register I_REG, while it is on the field
    TARGET_TRIGGER = 65
    # "Put it into the Break Zone." (a Character of the field: not broken, CR 15.1.1.3.2)
    PUT_INTO_BREAK_ZONE = 23
    # a0 = N (or SHIELD_ZERO): "During this turn, the next damage dealt to it is reduced by N / becomes 0 instead." (a
    # replacement effect, CR 11.12.5, that the next damage dealt to the card uses up: RESTRICT_DAMAGE_SHIELD and
    # state.SHIELD, read by effects.deal_forward_damage; pool flag FLAG_DAMAGE_SHIELD)
    DAMAGE_SHIELD = 24
    # "you may dull N active <filter> you control. When / If you do so, ...": on resolution, when the controller has at
    # least a1 active Characters matching filter a0 on their field, they select a1 of them one at a time (a SELECT_CARD,
    # SelectFor.DULL_ACTIVE, no pass) and each is dulled (done); fewer: nothing is dulled (not done, engine NOT_DONE)
    DULL_ACTIVE = 68
    # "you may discard N <filter>. When / If you do so, ..." (a Summon, a [Job X]): on resolution, when the controller's hand
    # holds at least a1 cards matching filter a0 (zone hand), they select a1 of them one at a time (a SELECT_CARD,
    # SelectFor.DISCARD_MATCHING, no pass) and discard each (CR 15.1.1.4): done; fewer: nothing is discarded (NOT_DONE)
    DISCARD_MATCHING = 69
    # "If a DESC you control / <this> deals [battle] damage to a Forward, the damage increases by N instead.", "If a
    # Forward is dealt damage [by your Summon], ...": a replacement effect (CR 11.12.5.2) of a field ability on every
    # damage dealt to a Forward (effects.damage_increase); a0 = N, a1 = the dealer (a filter row of the Characters that
    # deal it, DEALER_SELF or DEALER_ANY), a2 = IncreaseBy + INCREASE_ELEMENT_SPAN * (1 + Element or 0); C_HAS_FIELD
    # bit HAS_DAMAGE_INCREASE, pool flag FLAG_DAMAGE_INCREASE
    DAMAGE_INCREASE = 70
    # "If a DESC you control is dealt damage [by ...], reduce the damage by N / the damage becomes N instead.", "If a DESC
    # you control is dealt damage less than its power, the damage becomes 0 instead.": Op.DAMAGE_MOD on the Forwards
    # filter a2 matches (a0 = DamageMod + DAMAGE_BY_SPAN * DamageBy, a1 = N); C_HAS_FIELD bit HAS_DAMAGE_MOD_AURA, pool
    # flag FLAG_DAMAGE_MOD_AURA; read by effects.damage_dealt
    DAMAGE_MOD_AURA = 71
    # "During this turn, the next damage dealt to you becomes 0 instead.": a replacement effect (CR 11.12.5) until the
    # end of the turn that the next damage dealt to player a1 (Who) uses up (state.PLAYER_SHIELD, read by
    # effects.use_player_shield where damage is dealt to a player; CR 11.12.5.4: the damage is not dealt)
    PLAYER_DAMAGE_SHIELD = 72
    # "Choose 1 Forward. If it deals damage to a Forward this turn, the damage increases by N instead.", "During this
    # turn, if it is dealt damage, double the damage instead.", "During this turn, the damage dealt to it is increased
    # by N instead.": replacement effects (CR 11.12.5.2) on the card in register I_REG until the end of the turn
    # (RESTRICT_DAMAGE_BOOST, state.BOOST, effects.add_damage_boost); a0 = N or DAMAGE_DOUBLE, a1 = BoostOf, a2 =
    # BOOST_MARK. The opcode of DAMAGE_SHIELD (an alias: the core's opcodes that act on every card of a register,
    # EACH_TARGET_FIRST..EACH_TARGET_LAST, are all taken), told apart by a2; pool flag FLAG_DAMAGE_BOOST; read by
    # effects.damage_dealt (card_text's approximation damage_increase_order)
    DAMAGE_BOOST = 24
    # "If <this> deals damage to your opponent, double the damage instead." (a replacement effect, CR 11.12.5.2, of a
    # field ability): the points of damage the card deals to its controller's opponent (an unblocked attack's point,
    # CR 10.1.4.1, an attacking party's when it is in it; its abilities' Op.DAMAGE_PLAYER, CR 11.11.8) are doubled
    # (effects.deal_damage_to_player; pool flag FLAG_PLAYER_DAMAGE_DOUBLE). No operands
    PLAYER_DAMAGE_DOUBLE = 73
    # "<this> enters the field dull." (C_HAS_FIELD bit ENTERS_DULL, read by zones.enter_field); unconditional, no
    # operands
    ENTERS_DULL = 74
    # a0 = C_HAS_FIELD bits MANY_LIGHT / MANY_DARK / SELF_DESPITE_LIGHT / SELF_DESPITE_DARK: the exceptions to the
    # Light / Dark rule (CR 7.7.3, 12.4.7) a card prints; read by play.light_dark_allowed. Unconditional
    LIGHT_DARK = 75
    # "Summons and abilities of your opponent must choose <this> if possible." (C_HAS_FIELD bit MUST_BE_CHOSEN, pool flag
    # FLAG_MUST_BE_CHOSEN; kernels' CHOOSE_TARGET mask). Unconditional, no operands
    MUST_BE_CHOSEN = 76
    # "<this> can attack twice in the same turn." (an exception to CR 10.1.2.1.2; pool flag FLAG_ATTACK_TWICE, read by
    # battle.declare_attackers_done: the first attack this turn of a Forward with it leaves ATTACKED at -H_TURN, which battle.can_attack does
    # not refuse). Its condition with it (effects.field_op_bits), no operands
    ATTACK_TWICE = 77
    # "<this> / The DESC you control can form a party with [DESC] Forwards of any Element." (exceptions to CR
    # 15.1.1.9.2; pool flag FLAG_PARTY_ANY_ELEMENT, read by kernels.may_join_party): a0 the filter of the Forwards it
    # lets (or PARTY_SELF: the card itself), a1 the filter of their partners (or PARTY_ANY: any Forward)
    PARTY_ANY_ELEMENT = 78
    # session 21 (s21-ffb): "Choose 2 Forwards. Return the first Forward to its owner's hand, dull and Freeze the other."
    # the program's second row, right after its one CHOOSE (of 2 cards, into register a0): as the effect resolves, the
    # second card chosen moves into register I_REG before the targets are checked (effects.split_targets, called by
    # validate_entry_targets); the row itself does nothing
    SPLIT_REG = 79
    # "When it is put from the field into the Break Zone this turn, ...": each card of register I_REG still on the field
    # is marked (state.HIT_BY, HIT_DELAYED) with the source, whose Trigger.DELAYED_PUT_BREAK ability triggers when the
    # card is put from the field into the Break Zone this turn (triggers.trigger_marked); pool flag FLAG_HIT_BY
    MARK_DELAYED = 80
    # session 23 (s23-ffb): "[you may] cast 1 Summon [of cost N or less] from your hand without paying the cost": on
    # resolution the controller selects 1 Summon of their hand filter a0 (zone hand) matches that can be cast now (its
    # "You can only cast" condition holds and it has its required targets, CR 11.3.3), SelectFor.CAST_FREE (a2
    # PUT_MUST: no pass while one is castable); the Summon is cast as by play.play_from_hand (CR 11.3.2: onto the
    # stack, its targets chosen, CR 11.3.3) with a cost of 0 (play.cast_free), the cast completed (CR 11.3.8: put on
    # the stack, its cast triggers) as the resolving effect ends (its last instruction: cards.py); then the turn player
    # gains priority (CR 11.1.5). NOT_DONE when none is castable
    CAST_FREE = 81


# The vocabulary real cards' text needs (the card-text compiler, tcg_env.games.fftcg.card_text) that the
# built-in starter pool does not use: adding cards to the starter pool would change its recorded games
# (tests/engine/test_golden_play.py). tests/fftcg/test_fftcg_card_text.py runs each of them in the engine.
class DamageMod(IntEnum):
    """Op.DAMAGE_MOD's a0: how the damage the card is dealt is replaced."""

    REDUCE = 1  # "reduce the damage by N instead" (not below 0)
    BECOMES = 2  # "the damage becomes N instead"
    ZERO_IF_LESS_THAN_POWER = 3  # "If <this> is dealt damage less than its power, the damage becomes 0 instead."
    # "If <this> receives damage, the damage increases by N instead.": applied after the reductions, while the damage
    # is above 0 (effects.damage_dealt; card_text's approximation damage_increase_order)
    INCREASE = 4
    # "If <this> receives damage, double the damage instead.": applied after the reductions and before the increases,
    # while the damage is above 0 (effects.damage_dealt; card_text's approximation damage_increase_order)
    DOUBLE = 5


class BoostOf(IntEnum):
    """Op.DAMAGE_BOOST's a1: which damage the card's replacement changes."""

    RECEIVED = 0  # the damage dealt to it ("if it is dealt damage")
    DEALT = 1  # the damage it deals to a Forward ("If it deals damage to a Forward")


class IncreaseBy(IntEnum):
    """Op.DAMAGE_INCREASE's a2 % INCREASE_ELEMENT_SPAN: which damage it increases (a2 // INCREASE_ELEMENT_SPAN: 1 + the
    Element the Summon must be of, 0 any)."""

    ANY = 0  # battle damage and the damage of Summons and abilities
    BATTLE = 1  # "deals battle damage"
    YOUR_SUMMON = 2  # "is dealt damage by your Summon": a Summon of the ability's controller
    # "If your [Element] Summon or a DESC you control deals damage to a Forward": a Summon of the ability's controller (of
    # the Element), or a Character on the field the dealer filter matches (its battle damage or its abilities')
    SUMMON_OR_DEALER = 3
    # "If your Summon or an ability of a DESC you control deals damage to a Forward": a Summon of the ability's
    # controller, or an ability (not battle damage) of a Character on the field the dealer filter matches
    SUMMON_OR_ABILITY = 4


INCREASE_ELEMENT_SPAN = 8
# Op.DAMAGE_INCREASE's a1 besides a filter row of the Characters that deal the damage
DEALER_SELF = -1  # "If <this> deals damage to a Forward"
DEALER_ANY = -2  # "If a Forward is dealt damage"
PARTY_SELF = -1  # Op.PARTY_ANY_ELEMENT's a0: "<this> can form a party with ..."
PARTY_ANY = -1  # Op.PARTY_ANY_ELEMENT's a1: "... with Forwards of any Element" (any Forward)


class DamageBy(IntEnum):
    """Op.DAMAGE_MOD's a2: which damage it replaces."""

    ANY = 0  # "is dealt damage" / "receives damage": battle damage and the damage of Summons and abilities
    EFFECTS = 1  # "by a Summon or an ability", "by Summons or abilities"
    OPP_EFFECTS = 2  # "by your opponent's Summons or abilities"
    # "by a Forward": battle damage, or an ability of a Forward (CR 11.11.8: the card that is the source of the ability
    # does what it instructs); "by a Character": of a Forward or a Backup
    FORWARD = 3
    CHARACTER = 4
    SUMMON = 5  # "by a Summon"
    ABILITIES = 6  # "by an ability": of a Character (not a Summon)
    OPP_ABILITIES = 7  # "by your opponent's abilities"
    BACKUP = 8  # "by a Backup": an ability of a Backup


DAMAGE_BY_SPAN = 16  # Op.DAMAGE_MOD_AURA's a0 = DamageMod + DAMAGE_BY_SPAN * DamageBy


REAL_CARD_OPS = frozenset({Op.CAST_FREE, Op.SPLIT_REG, Op.MARK_DELAYED, Op.ATTACK_TWICE, Op.PARTY_ANY_ELEMENT, Op.ENTERS_DULL, Op.LIGHT_DARK, Op.MUST_BE_CHOSEN, Op.DISCARD_MATCHING, Op.DULL_ACTIVE, Op.DAMAGE_SHIELD, Op.PLAYER_DAMAGE_SHIELD, Op.PLAYER_DAMAGE_DOUBLE, Op.MUST_ATTACK, Op.NO_ACTIVATE, Op.TARGET_TRIGGER, Op.HAND_SELECT, Op.OPP_SELECT, Op.PUT_INTO_BREAK_ZONE, Op.DAMAGE_MOD, Op.DAMAGE_INCREASE, Op.DAMAGE_MOD_AURA, Op.IF_DONE, Op.REFLEX, Op.PAY, Op.SOURCE_LEAVES, Op.PAY_ONLY, Op.AURA_UNCHOOSABLE, Op.LOOK_TOP, Op.PUT_ON_DECK_TOP, Op.PUT_ON_DECK_BOTTOM, Op.ADD_TO_HAND, Op.AURA_POWER_PER, Op.SELF_COST_REDUCTION, Op.UNBLOCKABLE_BY,
                           Op.SELECT_MODE, Op.MODE, Op.UNCHOOSABLE, Op.MILL, Op.IF, Op.MODE_IF, Op.UNDULLABLE,
                           Op.POWER_PER, Op.REVEAL_TOP, Op.ANY_ELEMENT_CP, Op.REVEAL_UNTIL})
REAL_CARD_CONDITIONS = frozenset({Condition.CONTROLS_AT_LEAST, Condition.YOUR_TURN, Condition.CONTROLS_AT_MOST,
                                  Condition.YOUR_MAIN_PHASE, Condition.OPP_TURN,
                                  Condition.OPP_HAND_AT_MOST, Condition.HAND_AT_LEAST, Condition.SELF_IN_PARTY,
                                  Condition.ELEMENTS_AT_LEAST, Condition.ELEMENTS_EXACTLY,
                                  Condition.ALL_DIFFERENT_ELEMENTS_AT_LEAST, Condition.CAST_AT_LEAST,
                                  Condition.OPP_HAND_AT_LEAST, Condition.SELF_DAMAGE_AT_LEAST, Condition.OPP_DISCARDED,
                                  Condition.SELF_POWER_AT_LEAST, Condition.OPP_FORWARDS_MORE, Condition.TURN_BIT,
                                  Condition.PAID_ELEMENTS})
REAL_CARD_TRIGGERS = frozenset({Trigger.DEALT_DAMAGE_BY_OPP_FORWARD_SELF, Trigger.DEALT_DAMAGE_BY_OPP_CHARACTER_SELF, Trigger.DRAW, Trigger.OPP_DRAWS_OUTSIDE_DRAW_PHASE, Trigger.OPP_DISCARDS, Trigger.OPP_EX_BURST, Trigger.REFLEXIVE, Trigger.OPP_CAST_SUMMON, Trigger.PARTY_ATTACKS_SELF, Trigger.PUT_INTO_BREAK_SELF, Trigger.CAST_SUMMON, Trigger.IS_BLOCKED_SELF,
                                Trigger.PUT_INTO_BREAK_OTHER, Trigger.ATTACKS_OTHER, Trigger.CHOSEN_SELF,
                                Trigger.CHOSEN_BY_OPP_SELF, Trigger.DEALT_DAMAGE_SELF,
                                Trigger.DEALT_DAMAGE_BY_OPP_EFFECTS_SELF, Trigger.PARTY_ATTACKS,
                                Trigger.PARTY_DEALS_DAMAGE_TO_PLAYER, Trigger.ENTERS_SELF_CAST,
                                Trigger.ENTERS_SELF_BY_EFFECT, Trigger.CAST_SECOND, Trigger.DAMAGED_BY_PUT_BREAK,
                                Trigger.DELAYED_PUT_BREAK, Trigger.RECEIVES_DAMAGE, Trigger.OPP_RECEIVES_DAMAGE,
                                Trigger.OPP_BEGIN_END_PHASE, Trigger.CAST_CARD_2, Trigger.CAST_CARD_3,
                                Trigger.CAST_CARD_4, Trigger.CAST_CARD_5, Trigger.CAST_CARD_6, Trigger.CAST_CARD_7})
REAL_CARD_STATES = frozenset({CardState.DAMAGED, CardState.ATTACKING, CardState.BLOCKING, CardState.IN_PARTY})


# the "for each" of an amount (a2 of DAMAGE / POWER_PER, cards.compile_per; filters.per_count): 0 none, 1 each
# point of damage received, 2 + a filter row each card it matches; these two: each card in a hand
PER_HAND = -1  # the controller's ("for each card in your hand")
PER_OPP_HAND = -2  # the opponent's ("for each card in your opponent's hand")
# the source's power / 1000 ("Deal it damage equal to <this>'s power": 1000 damage x this); when it has left the
# field, its power just before it left (CR 11.11.4, 6.4.2: state.E_LKI, effects.source_power)
PER_SOURCE_POWER = -3
# the power / 1000 of the first card of the op's other register (registers 0 and 1: "Choose 1 Forward you control and 1
# Forward opponent controls. The former deals damage equal to its power to the latter.", effects.each_target); that card
# deals the damage. Session 20.
PER_OTHER_REG_POWER = -4
# session 22: the cards the controller has cast this turn (state.CAST_N // CAST_UNIT: "for each card you have cast this
# turn")
PER_CAST_CARDS = -5
# session 23 (s23-ffb): "for each CP required to cast the highest cost <filter>": PER_MAX_COST - the filter row, the
# highest printed cost (C_COST) among the cards the filter matches (filters.scan_matching's SCAN_MAX_COST; 0 when none)
PER_MAX_COST = -16
# "for every N <filter>" (session 23): 2 + the filter row + PER_EVERY_SPAN * (N - 1), the count divided by N (rounded down)
PER_EVERY_SPAN = 1 << 16
# session 23 (s23-ffa): the different Elements of the CP paid to cast the source ("for each CP of a different Element
# you paid to cast ~": Condition.PAID_ELEMENTS' count), and (PER_ELEMENTS_OF + a filter row) the different Elements
# among the cards the filter matches ("for each different Element among Characters you control": filters.scan_matching's
# SCAN_ELEMENTS)
PER_PAID_ELEMENTS = -6
PER_ELEMENTS_OF = 1 << 28  # (above every PER_EVERY_SPAN multiple)
PAID_ARG_AT_MOST = 16  # Condition.PAID_ELEMENTS' modes (COND_COUNT_SPAN apart)
PAID_ARG_EXACTLY = 32
# what filters.scan_matching measures of the cards a filter matches besides their number: nothing, the highest printed
# cost, the number of different Elements
SCAN_COUNT, SCAN_MAX_COST, SCAN_ELEMENTS = 0, 1, 2
# ... + the Element: the CP paid included CP of that Element ("If the cost paid to play ~ included Fire CP") / were all of
# that Element ("If the cost to play ~ was only paid with Earth CP": some CP paid, none of another Element)
PAID_ARG_INCLUDES = 48
PAID_ARG_ONLY = 64


LOOK_REST_BREAK = 1  # Op.LOOK_TOP's a1 // 4: the cards not taken go to the Break Zone (else to the deck's bottom)
LOOK_REST_TOP = 2  # ... stay on top of the deck, in their order
LOOK_SPAN = 64  # Op.LOOK_TOP's a2 = N + LOOK_SPAN * K + LOOK_SPAN ** 2 * (up_to + 2 * revealed)
# the cards of a player's latest reveal kept in the state row and the observation (state.REVEALED): a
# revealed card is shown to every player ("Reveal the top card / N cards / until ..."), and most reveals end
# with no decision in between, so without a record no observation would show what both players saw
REVEAL_ROWS = 8


class Duration(IntEnum):
    END_OF_TURN = 0  # "until the end of the turn" (CR 9.5.1.3.2)
    PERMANENT = 1  # while the card stays on the field


class Mod(IntEnum):
    """What an effect's modifier changes (state.MODS: the shared rules layer's modifiers)."""

    POWER = 0  # Op.POWER (signed change)
    KEYWORDS = 1  # Op.GRANT_KEYWORD (KW_* bits)
    RESTRICTIONS = 2  # Op.RESTRICT (RESTRICT_* bits)


Who = CoreWho  # a player operand, relative to the effect's controller (the engine's)


class Destination(IntEnum):
    HAND = 0
    FIELD = 1
    FIELD_DULL = 2  # onto the field dull (FF-TCG 2014's Level UP, 2014 CR 15.2.4.2)
    BOTTOM = 3  # Op.LOOK_TOP: to the bottom of the deck ("You may place the card at the bottom of your deck.")
    BREAK_ZONE = 4  # Op.SEARCH: "search for 1 ... and put it into the Break Zone"


# instruction columns of the code table: the engine's format (tcg_env.engine.effects)
from tcg_env.engine.effects import I_A0, I_A1, I_A2, I_NCOLS, I_OP, I_REG  # noqa: E402,F401


# --------------------------------------------------------------------------------------------
# Flow of the game, decisions and actions
# --------------------------------------------------------------------------------------------
class Phase(IntEnum):
    SETUP = 0
    ACTIVE = 1
    DRAW = 2
    MAIN1 = 3
    ATTACK = 4
    MAIN2 = 5
    END = 6


class AttackStep(IntEnum):
    NONE = 0
    PREPARATION = 1  # CR 10.1.1
    DECLARATION = 2  # CR 10.1.2
    BLOCK = 3  # CR 10.1.3
    DAMAGE = 4  # CR 10.1.4


class EngineError(IntEnum):
    """``H_ERROR`` codes: an engine bug stopped the game (ended as a draw); never a rules outcome."""

    NONE = 0
    RUNAWAY = 1  # advance ran 100000 steps without a decision
    UNKNOWN_FLOW = 2  # the flow word holds no known state


class BreakMark(IntEnum):
    """What a rule process (CR 12.4) marks a field card for, before the marked cards move at once."""

    NONE = 0
    TO_BREAK_ZONE = 1  # put into the Break Zone (not "broken": no "when broken" triggers)
    BROKEN = 2  # broken (CR 12.4.5: damage >= power)
    # (a bit beside the above) the card leaves the field with others at once and its "When a <filter> is put from the
    # field into the Break Zone" triggers were looked at while all of them were still on the field
    # (zones.scan_leaving_together); zones.leave_field clears it instead of looking again. Also set by an effect's
    # Op.BREAK / PUT_INTO_BREAK_ZONE on its targets (effects.each_target)
    SCANNED = 4


class DiscardFor(IntEnum):
    """``DEC_ARG`` of a DISCARD decision: why the player discards."""

    HAND_LIMIT = 0  # CR 9.5.1.2
    EFFECT = 1  # an effect's discard (its frame counts the cards)


class SelectFor(IntEnum):
    """``DEC_ARG`` of a SELECT_CARD decision: the instruction choosing the card."""

    SEARCH = 1  # Op.SEARCH: a card of the deck (CR 15.1.1.8)
    PUT_ONTO_FIELD = 2  # Op.PUT_ONTO_FIELD: a card of the hand or the Break Zone
    ADD_TO_HAND = 3  # Op.ADD_TO_HAND: a card of the Break Zone
    # Op.LOOK_TOP: a card among the top N of the deck to take (DEC_ARG[1]: how many of the options, the first ones,
    # may be taken; DEC_ARG[2]: 1 when the player may take none, "up to") / the next card to put on the bottom
    LOOK_PICK = 4
    LOOK_ORDER = 5
    HAND_SELECT = 7  # Op.HAND_SELECT: a card of the opponent's revealed hand (DEC_ARG[1]: every option; DEC_ARG[2]: pass)
    OPP_SELECT = 6  # Op.OPP_SELECT: the opponent's card of the field (DEC_ARG[1]: every option; DEC_ARG[2] = 0: no pass)
    DISCARD_MATCHING = 9  # Op.DISCARD_MATCHING: a card of the controller's hand to discard (DEC_ARG[1]: every option; no pass)
    DULL_ACTIVE = 8  # Op.DULL_ACTIVE: the controller's active Character to dull (DEC_ARG[1]: every option; no pass)
    CAST_FREE = 10  # Op.CAST_FREE: a Summon of the controller's hand to cast without paying its cost (session 23)


class Decision(IntEnum):
    """What the player on move is asked. The action layout gives each index its meaning."""

    NONE = 0  # game over
    CHOOSE_FIRST = 1  # CR 8.2.1.2: OPTION 0 = take the first turn, PASS = let the opponent start
    MULLIGAN = 2  # CR 8.2.1.4: OPTION 0 = mulligan, PASS = keep
    PRIORITY = 3  # CR 11.1: HAND = play/cast, ABILITY = use ability, PASS = forfeit priority
    PAY_CP = 4  # CR 11.2: HAND = discard for 2 CP, OWN_FIELD = dull a Backup for 1 CP
    PAY_DISCARD = 5  # discard cost of an action ability / same-name card of a special (CR 11.7.1); OWN_FIELD: a Character dulled for a "Dull N active ..." cost (CR 11.6.2.4)
    CHOOSE_TARGET = 6  # OWN_FIELD / OPP_FIELD = choose this card; PASS = stop ("up to" choices)
    DECLARE_ATTACK = 7  # CR 10.1.2: OWN_FIELD = attack with this Forward, PASS = end the Attack Phase
    ADD_TO_PARTY = 8  # CR 15.1.1.9: OWN_FIELD = add this Forward to the party, PASS = declaration done
    DECLARE_BLOCK = 9  # CR 10.1.3: OWN_FIELD = block with this Forward, PASS = no block
    ASSIGN_PARTY_DAMAGE = 10  # CR 10.1.4.2.1: OPP_FIELD = assign the next 1000 damage to this attacker
    EX_BURST = 11  # CR 11.10.2: OPTION 0 = use the EX Burst, PASS = decline
    OPTIONAL_EFFECT = 12  # CR 11.8.14: OPTION 0 = yes, PASS = no
    ORDER_TRIGGERS = 13  # CR 11.8.7: OPTION k = put pending auto-ability k onto the stack next
    DISCARD = 14  # effect discard or hand limit (CR 9.5.1.2): HAND = discard this card
    SELECT_CARD = 15  # search / put onto field: OPTION k = candidate k, PASS = none (when allowed)


N_DECISIONS = 16

# The flat action space, declared once (tcg_env.engine.blocks): the kernels read the module ints
# below (numba folds them), describe_action decodes with ACTIONS.decode, the entity layout's
# pointers are ACTIONS.pointers() (observation.entity_layout) and the table of docs/fftcg/actions.md
# is ACTIONS.markdown() (tests/fftcg/test_layouts.py).
ACTIONS = ActionLayout("fftcg")
PASS = ACTIONS.add("pass", doc="pass priority / keep / decline / stop / done (the decisions table below)").base
HAND = ACTIONS.add("hand", HAND_SLOTS, "the `i`-th card of your hand (hand order is stable: cards keep their "
                   "order as others leave)", points_at="hand")
OWN_FIELD = ACTIONS.add("own_field", FIELD_SLOTS, "the `i`-th card of your field (in the order the cards "
                        "entered)", points_at="own_field")
OPP_FIELD = ACTIONS.add("opp_field", FIELD_SLOTS, "the `i`-th card of your opponent's field",
                        points_at="opp_field")
ABILITY = ACTIONS.add("ability", (FIELD_SLOTS, ABILITIES_PER_CARD),
                      "action / special ability `j` of your field card `i`", points_at="own_field")
OPTION = ACTIONS.add("option", OPTION_SLOTS, "option `k` of the pending choice", points_at="options")
HAND_BASE = HAND.base  # + hand index
OWN_FIELD_BASE = OWN_FIELD.base  # + field index
OPP_FIELD_BASE = OPP_FIELD.base  # + the opponent's field index
ABILITY_BASE = ABILITY.base  # + field index * ABILITIES_PER_CARD + j
OPTION_BASE = OPTION.base  # + k
NUM_ACTIONS = ACTIONS.size


class Zone(IntEnum):
    NONE = 0  # empty slot
    DECK = 1
    HAND = 2
    FIELD = 3
    BREAK = 4
    DAMAGE = 5
    REMOVED = 6
    STACK = 7


# --------------------------------------------------------------------------------------------
# The rules kernels' own values in the state row (not printed on cards): where the game's flow
# resumes, payments, stack entries, effect frames, damage-step stages
# --------------------------------------------------------------------------------------------
# flow points (state FLOW)
FL_NONE = 0
FL_START = 1  # after the first-player choice: opening hands (CR 8.2.1.3)
FL_MULLIGAN = 2
FL_BEGIN_TURN = 3
FL_PRIORITY = 4
FL_STEP_END = 5
FL_RESOLVE = 6
FL_AFTER_RESOLVE = 7
FL_DECLARE = 8
FL_BLOCK = 9
FL_DAMAGE_STEP = 10
FL_DAMAGE_DEAL = 11
FL_DAMAGE_DONE = 12
FL_END_HAND_LIMIT = 13
FL_END_CLEANUP = 14
FL_PAY = 15

# payment kinds
PK_NONE = 0
PK_CHARACTER = 1
PK_SUMMON = 2
PK_ABILITY = 3

# stack entry kinds
EK_SUMMON = 1
EK_ABILITY = 2

# frame modes / purposes
M_TARGET = MODE_TARGETS  # run the CHOOSE rows only (casting, putting an auto-ability on the stack)
M_EXEC = MODE_RESOLVE  # skip CHOOSE rows (targets chosen already) and run the effect rows
M_BOTH = MODE_ALL  # choose and run at once (EX Burst, CR 11.10.2: players cannot respond)
M_DAMAGE = 3  # damage process to a player (CR 6.5)
P_CAST = 0
P_TRIGGER = 1
P_RESOLVE = 2
P_EX = 3
P_DAMAGE = 4

# damage-step stages
DS_BOTH = 0
DS_FIRST = 1  # only First Strike damage (CR 15.2.3.2)
DS_SECOND = 2
