"""The Dragon Ball Super Card Game's enums, capacities and declared layouts (actions; the card,
ability and filter tables).

Rule numbers refer to ``dbscg-rules-1.073.txt`` (the official rule manual, ver. 1.073). Kernels
read the layouts' offsets as module ints (numba folds them)."""

from __future__ import annotations

from enum import IntEnum

from tcg_env.cards.columns import bound, copy, enum, interned, mask
from tcg_env.engine.blocks import ActionLayout, TableLayout
from tcg_env.engine.effects import CoreOp
from tcg_env.engine.hooks import Rules

RULES = Rules("tcg_env.games.dbscg.hooks")  # the game's tag: the core compiles its kernels for it


class Zone(IntEnum):
    """The areas (3-1); UNDER: a card placed under another (11-3), PLAYING: a card declared but not
    yet played, or an Extra Card / [Counter] activated and not yet resolved (6-3-1-2-1, 8-5-2)."""

    NONE = 0  # a token that does not exist (10-18-7), or a slot with no card
    DECK = 1
    HAND = 2
    DROP = 3
    LEADER = 4
    BATTLE = 5
    COMBO = 6
    ENERGY = 7
    LIFE = 8
    WARP = 9
    UNDER = 10
    PLAYING = 11


class CardType(IntEnum):  # 2-3-2
    LEADER = 0
    BATTLE = 1
    EXTRA = 2


class Colour(IntEnum):  # 2-4-1-1: an index (costs) and a bit (1 << colour) in colour masks
    RED = 0
    BLUE = 1
    GREEN = 2
    YELLOW = 3
    BLACK = 4


N_COLOURS = 5
COLOUR_BITS = {c.name.lower(): 1 << c for c in Colour}


class Keyword(IntEnum):
    """Keyword skills kept as bits of a card (10-x); printed, or granted by an effect."""

    BLOCKER = 0  # 10-4
    CRITICAL = 1  # 10-6
    DOUBLE_STRIKE = 2  # 10-7-1-1
    TRIPLE_STRIKE = 3  # 10-7-1-2
    DUAL_ATTACK = 4  # 10-8-1-1
    BARRIER = 5  # 10-16
    DEFLECT = 6  # 10-22
    INDESTRUCTIBLE = 7  # 10-12
    REVENGE = 8  # 10-9
    ULTIMATE = 9  # 10-14 (deck construction)
    SUPER_COMBO = 10  # 10-17 (deck construction)
    DRAGON_BALL = 11  # 10-31 (deck construction; [Wish] counts them)
    FIELD = 12  # 10-3: an Extra Card that stays in the Battle Area
    VICTORY_STRIKE = 13  # 10-20
    ENERGY_EXHAUST = 14  # its reminder text (not in rules 1.073): placed in an Energy Area in Rest Mode
    ATTACKS_ACTIVE = 15  # [Permanent] "this card can attack Battle Cards in Active Mode" (7-1 lets it)
    NO_BATTLE_ATTACK = 16  # [Permanent] "this card cannot attack Battle Cards"
    NO_BATTLE_KO = 17  # [Permanent] "this card cannot be KO-ed in battle" (7-4-1-4-2)
    NO_OPP_SKILL_KO = 18  # [Permanent] "this card can't be KO'd by your opponent's skills"
    ANY_COPIES = 19  # [Permanent] "you can include as many copies of this card in your deck as you like" (5-1-3-1)


KEYWORD_BITS = {k.name.lower(): 1 << k for k in Keyword}


class HandSkill(IntEnum):
    """A keyword skill activated from the hand to play the card another way (one per card)."""

    NONE = 0
    EVOLVE = 1  # 10-5: on top of a Battle Card of the named character
    XENO_EVOLVE = 2  # 10-5-5: the named Battle Card to the Warp, this one played
    UNION_POTARA = 3  # 10-13-4: on top of the two named Battle Cards
    UNION_FUSION = 4  # 10-13-3: the two named Battle Cards of equal power from the hand to the Drop
    OVER_REALM = 5  # 10-15: X or more cards in the Drop: the Drop to the Warp, played (to the Warp at the turn's end)
    DARK_OVER_REALM = 6  # 10-25: X or more black cards in the Drop


class AbilityKind(IntEnum):  # 8-1-2, 10-10
    AUTO = 1
    ACTIVATE_MAIN = 2
    ACTIVATE_BATTLE = 3
    PERMANENT = 4
    COUNTER_PLAY = 5  # 10-10-3-1
    COUNTER_ATTACK = 6  # 10-10-3-2
    COUNTER_COUNTER = 7  # 10-10-3-3
    AWAKEN = 8  # 10-2: a Leader's [Activate] skill that flips it
    WISH = 9  # 10-28: flips the card; condition: X [Dragon Ball] cards in the Battle Area (to the Warp)
    SWAP = 10  # 10-24: [Activate: Main] of a Battle Card
    UNION_ABSORB = 11  # 10-13-5: [Activate: Main] of a Battle Card


class Trigger(IntEnum):
    """What triggers an [Auto] skill (8-1-5-1)."""

    NONE = 0
    ON_PLAY = 1  # "when you play this card" (6-3-1-2-1-4)
    ON_ATTACK = 2  # "when this card attacks" (7-1-1)
    ON_ATTACKED = 3  # "when this card is attacked" (7-1-1)
    ON_KO = 4  # "when this card is KO-ed" (10-1)
    ON_DEAL_DAMAGE = 5  # "when this card deals damage (to your opponent's life)" (7-4-1-4-1-2)
    ON_KO_BATTLE = 6  # "when this card KOs a card in battle" (7-4-1-4-2-1)
    ON_COMBO = 7  # "when you combo with this card" (7-2-1-2)
    START_MAIN = 8  # "at the beginning of your Main Phase" (6-3-1-1)
    END_TURN = 9  # "at the end of your turn" (6-4-1-1)
    END_BATTLE = 10  # "at the end of the battle" (7-4-1-8)
    ALLY_ATTACKS = 11  # "when one of your cards attacks" (7-1-1)
    ON_EVOLVE = 12  # "when a card evolves into this card": played with [Evolve] (10-5-7)
    ON_PLAY_FROM_HAND = 13  # "when you play this card from your hand"


class Condition(IntEnum):
    """A skill's condition (the ability's condition column, and the IF opcode)."""

    NONE = 0
    LIFE_AT_MOST = 1  # "when your life is at X or less" ([Awaken])
    MY_TURN = 2  # "during your turn"
    OPP_TURN = 3
    BATTLE_AT_LEAST = 4  # [Bond X]: X or more Battle Cards in your Battle Area (10-23)
    DROP_AT_LEAST = 5  # [Sparking X]: X or more cards in your Drop Area (10-29)
    POWER_AT_LEAST = 6  # "if this card's power is X or more"
    HAND_AT_MOST = 7
    ENERGY_AT_LEAST = 8
    OPP_LIFE_AT_MOST = 9
    ATTACKING_LEADER = 10  # "when this card attacks a Leader Card": the source attacks, the declared target a Leader (7-1)
    ATTACKING_BATTLE = 11  # ... a Battle Card
    LEADER_COLOUR = 12  # "if your Leader Card is red": the argument is colour bits (COLOUR_BITS)
    OPP_ENERGY_AT_LEAST = 13  # "if your opponent has X or more energy"
    HAND_AT_LEAST = 14  # "if you have X or more cards in your hand" (the "you may place ... If you do" of a discard)
    MORE_LIFE = 16  # "if you have more life than your opponent"
    LEADER_CHARACTER = 17  # "if your Leader Card is a <Name> card": the argument is the character's id (2-5-3)
    LEADER_TRAIT = 18  # "if your Leader Card is a <<Trait>> card": the argument is the trait's bit (2-6)
    MULTICOLOUR_ENERGY = 19  # "if a multicolored card is in your energy"
    LIFE_AT_LEAST = 15  # X or more Life cards (the "you may add ... from your life ... If you do" of LIFE_TO_HAND)


class Duration(IntEnum):  # how long a modifier lasts (8-2-2-2)
    END_OF_TURN = 0  # "for the duration of the turn" (6-4-1-2)
    END_OF_BATTLE = 1  # "during this battle" (7-4-1-9)
    STAYS = 2  # no duration: while the card stays in its area (8-8-1-4)


class Mod(IntEnum):  # what a modifier changes (rules.modifiers)
    POWER = 0
    KEYWORDS = 1


class Side(IntEnum):  # whose cards a filter takes
    ANY = 0
    OWN = 1
    OPPONENT = 2


SIDE_ANY, SIDE_OWN, SIDE_OPPONENT = int(Side.ANY), int(Side.OWN), int(Side.OPPONENT)


class FZone(IntEnum):
    """Where a filter looks (a CHOOSE's candidates; the default is the Battle Area, 8-5-4)."""

    BATTLE = 0  # Battle Cards in the Battle Area
    LEADER_OR_BATTLE = 1
    DROP = 2
    ENERGY = 3  # "Energy Card" (8-5-5)
    HAND = 4
    DECK = 5  # searched with its front faces seen (8-5-3-7)
    WARP = 6


FZONE_AREA = (Zone.BATTLE, Zone.BATTLE, Zone.DROP, Zone.ENERGY, Zone.HAND, Zone.DECK, Zone.WARP)


class Mode(IntEnum):  # a filter's mode word: the card's position (4-8)
    ANY = 0
    ACTIVE = 1
    REST = 2


class Op(IntEnum):
    """Effect opcodes: the core's by name (tcg_env.engine.effects.CoreOp), the game's in the gaps.
    Ops EACH_TARGET_FIRST..EACH_TARGET_LAST (10..24) act on every card of register I_REG."""

    CHOOSE = CoreOp.CHOOSE  # a0 = filter row, a1 = count, a2 = 1 "up to" (8-5-3)
    SELECT_ALL = CoreOp.SELECT_ALL  # a0 = filter row
    TARGET_SELF = CoreOp.TARGET_SELF
    POWER = CoreOp.POWER  # a0 = power change, a1 = Duration
    KO = 11  # 10-1
    REST = 12  # to Rest Mode (4-8-1-2)
    ACTIVE = 15  # to Active Mode (4-8-1-1)
    GRANT_KEYWORD = CoreOp.GRANT_KEYWORD  # a0 = Keyword bits, a1 = Duration
    TO_HAND = 16  # to its owner's hand
    TO_DROP = 17  # to its owner's Drop Area (not a KO, 10-1-2)
    TO_WARP = 18  # 11-4
    TO_ENERGY = 19  # to its owner's Energy Area in Active Mode (3-8-3)
    TO_LIFE = 20  # to its owner's Life Area
    PLAY = 21  # play it to its owner's Battle Area (a card from the hand, drop, deck)
    POWER_PER_ENERGY = 22  # a0 = power per energy card of the controller, a1 = Duration ("+1000 for each 1 energy")
    DRAW = CoreOp.DRAW  # a0 = count, a1 = Who
    DISCARD = CoreOp.DISCARD  # a0 = count, a1 = Who, a2 = 1 at random
    CHARGE = 32  # a0 = cards from the top of the deck to the Energy Area, a1 = Who, a2 = 1 in Rest Mode
    GAIN_LIFE = 33  # a0 = cards from the top of the deck to the Life Area
    DAMAGE = 34  # a0 = damage to a player's life (4-10), a1 = Who
    MILL = 35  # a0 = cards from the top of the deck to the Drop Area ([Burst] pays it so), a1 = Who
    NEGATE = 36  # the attack, or the card being played, or the [Counter] below (10-10-5), is negated
    TOKEN = 37  # a0 = token card id, a1 = count: created in the master's Battle Area (10-18)
    SWITCH_GUARD = 38  # the register's first card becomes the guard card (10-4-1: [Blocker]'s effect)
    SHUFFLE = 39  # the controller shuffles its deck (3-2-4; after looking at it, 11-6-3)
    LIFE_TO_HAND = 40  # a0 = the controller's Life cards to its hand (face down: the top ones, as 4-10-2)
    HAND_TO_WARP = 41  # a0 = count, a1 = Who: that player chooses hand cards and sends them to its Warp (11-4)
    WIN = 42  # "you win this game": the skill's controller wins (1-2-2)
    IF = CoreOp.IF  # a0 = Condition, a1 = its argument, a2 = rows to skip when it does not hold


class Decision(IntEnum):
    """The pending decision kinds (the header's H_DECISION)."""

    NONE = 0
    REDRAW = 1  # 5-2-1-6: hand card i goes back to the deck (each card once), PASS: done
    CHARGE = 2  # 6-2-5: hand card i to the Energy Area, or PASS
    MAIN = 3  # 6-3-1-2: free timing of the Main Phase
    COUNTER = 4  # 4-7-3: activate a pending [Counter] from the hand, or PASS
    BLOCKER = 5  # 10-4-1: switch the guard to a Battle Card with [Blocker], or PASS
    OFFENCE = 6  # 7-2-1-2: combo, [Activate: Battle], or PASS to the Defence Step
    DEFENCE = 7  # 7-3-1-2
    SELECT = 8  # an effect's choice among the candidates (8-5-3), PASS: no more ("up to")
    OPTIONAL = 9  # "you may": YES / PASS
    ORDER_AUTO = 10  # 4-5-3-2: which pending [Auto] skill first


# ---- capacities ---------------------------------------------------------------------------------
DECK_SIZE = 50  # 5-1-3
MAX_COPIES = 4  # 5-1-3-1
DRAGON_BALL_MAX = 7  # 10-31
SUPER_COMBO_MAX = 4  # 10-17
ULTIMATE_MAX = 1  # 10-14
START_HAND = 6  # 5-2-1-6
START_LIFE = 8  # 5-2-1-7
TOKEN_SLOTS = 4  # tokens of one player that exist at once (10-18)
PLAYER_SLOTS = 1 + DECK_SIZE + TOKEN_SLOTS  # the Leader, the deck, the tokens
N_SLOTS = 2 * PLAYER_SLOTS  # player p's cards are slots [p * PLAYER_SLOTS, (p + 1) * PLAYER_SLOTS)
LEADER_SLOT = 0  # a player's Leader is its first slot
TOKEN_FIRST = 1 + DECK_SIZE
HAND_SLOTS = 12  # hand cards an action can name
BATTLE_SLOTS = 9  # Battle Cards an action can name (3-6-5: any number; a player plays no more)
FIELD_SLOTS = 1 + BATTLE_SLOTS  # the Leader, then the Battle Area
SKILLS_PER_CARD = 2  # [Activate] skills an action can name per card
CAND_N = 16  # an effect's candidates (SELECT)
CHASE_MAX = 6  # [Counter] skills activated in one counter timing
PENDING_MAX = 8  # pending [Auto] skills per player
FRAME_MAX = 4
TARGET_MAX = 4
N_REGS = 2
MAX_DECISIONS_PER_GAME = 3000  # the engine ends a game as a draw here (11-1-2: a loop nobody stops)

# ---- actions: one flat space, declared once (docs/dbscg/actions.md has the table) -----------------
ACTIONS = ActionLayout("dbscg")
PASS = ACTIONS.add("pass_", doc="end the Main Phase, proceed (OFFENCE, DEFENCE), decline (COUNTER, BLOCKER, "
                                "OPTIONAL, CHARGE), done (REDRAW, SELECT)").base
YES = ACTIONS.add("yes", doc="yes (OPTIONAL)").base
HAND = ACTIONS.add("hand", HAND_SLOTS, "hand card i: play / activate (MAIN), combo (OFFENCE, DEFENCE), "
                   "[Counter] (COUNTER), charge (CHARGE), put back (REDRAW)", points_at="hand")
HAND_SKILL = ACTIONS.add("hand_skill", HAND_SLOTS, "play hand card i with its keyword (Evolve, Union, "
                         "Over Realm) (MAIN)", points_at="hand")
FIELD = ACTIONS.add("field", FIELD_SLOTS, "my field card i (0: Leader): combo (OFFENCE, DEFENCE), "
                    "[Blocker] (BLOCKER)", points_at="my_field")
ATTACK = ACTIONS.add("attack", (FIELD_SLOTS, FIELD_SLOTS), "attack with my field card i the opponent's "
                     "field card j (0: the Leader) (MAIN)", points_at="my_field")
SKILL = ACTIONS.add("skill", (FIELD_SLOTS, SKILLS_PER_CARD), "activate skill k of my field card i (MAIN, "
                    "OFFENCE, DEFENCE)", points_at="my_field")
SELECT = ACTIONS.add("select", CAND_N, "candidate i (SELECT), pending skill i (ORDER_AUTO)",
                     points_at="candidates")
HAND_BASE, HAND_SKILL_BASE, FIELD_BASE = HAND.base, HAND_SKILL.base, FIELD.base
ATTACK_BASE, SKILL_BASE, SELECT_BASE = ATTACK.base, SKILL.base, SELECT.base
NUM_ACTIONS = ACTIONS.size

# ---- card tables (cards.py fills them) -------------------------------------------------------------
CARD_TABLE = TableLayout("card")
C_TYPE = CARD_TABLE.add("type", source=enum(CardType))
C_COLOURS = CARD_TABLE.add("colours", source=mask(COLOUR_BITS, "colours"))  # 2-4
C_COST = CARD_TABLE.add("cost", source=copy("energy"))  # 2-11: the total cost
C_SPEC = CARD_TABLE.add("specified", N_COLOURS)  # 2-11-1-1: the specified cost per colour
C_POWER = CARD_TABLE.add("power", source=copy())  # 2-8
C_COMBO_POWER = CARD_TABLE.add("combo_power", source=copy())  # 2-9 (0: cannot combo, 3-7-3-1)
C_COMBO_COST = CARD_TABLE.add("combo_cost", source=copy())  # 2-10 (-1: none)
C_KEYWORDS = CARD_TABLE.add("keywords", source=mask(KEYWORD_BITS, "keywords"))
C_NAME = CARD_TABLE.add("character", source=interned("character_ids", "character"))  # 2-5 (0: none)
# the card name ("{Name}" in card text)
C_TITLE = CARD_TABLE.add("card_name", source=interned("name_ids", "card name", "name"))
C_TRAITS = CARD_TABLE.add("traits")  # 2-6: bits of the pool's special traits
C_ERA = CARD_TABLE.add("era", source=interned("era_ids", "era"))  # 2-7
C_BACK = CARD_TABLE.add("back")  # a Leader's back side (its own card id; 2-3-2-1-2), -1: none
C_STRIKE = CARD_TABLE.add("strike")  # 10-7: damage dealt by attacking ([Double Strike]: 2), 1 by default
C_HAND_SKILL = CARD_TABLE.add("hand_skill", source=enum(HandSkill, none=HandSkill.NONE, field="hand_skill.kind"))
C_HS_COST = CARD_TABLE.add("hand_skill_cost")  # its energy cost
C_HS_SPEC = CARD_TABLE.add("hand_skill_colour")  # its specified colour (-1: none) and count
C_HS_SPEC_N = CARD_TABLE.add("hand_skill_colour_count")
C_HS_NAME = CARD_TABLE.add("hand_skill_name")  # the named character (Evolve, Union)
C_HS_NAME2 = CARD_TABLE.add("hand_skill_name2")  # the second named character (Union)
C_HS_X = CARD_TABLE.add("hand_skill_x")  # Over Realm's X; Evolve's minimum energy cost of the base
C_TOKEN = CARD_TABLE.add("token", source=copy())  # 10-18: made by effects, never in a deck
C_ABIL_START = CARD_TABLE.add("ability_start")
C_ABIL_COUNT = CARD_TABLE.add("ability_count")

ABILITY_TABLE = TableLayout("ability")
A_KIND = ABILITY_TABLE.add("kind", source=enum(AbilityKind))
A_TRIGGER = ABILITY_TABLE.add("trigger", source=enum(Trigger, none=Trigger.NONE))
A_COND = ABILITY_TABLE.add("condition", source=enum(Condition, none=Condition.NONE, field="condition.kind"))
A_COND_ARG = ABILITY_TABLE.add("condition_arg", source=copy("condition.value"))
A_COND2 = ABILITY_TABLE.add("condition2", source=enum(Condition, none=Condition.NONE, field="condition2.kind"))
A_COND2_ARG = ABILITY_TABLE.add("condition2_arg", source=copy("condition2.value"))  # both conditions must hold
A_COST = ABILITY_TABLE.add("cost", source=copy("cost.energy"))  # 8-4-2-3: energy to rest
A_COST_COLOUR = ABILITY_TABLE.add("cost_colour")  # 8-4-2-4: its coloured part (-1: none) and count
A_COST_COLOUR_N = ABILITY_TABLE.add("cost_colour_count")
A_COST_DISCARD = ABILITY_TABLE.add("cost_discard", source=copy("cost.discard"))  # hand cards to the Drop
A_COST_REST_SELF = ABILITY_TABLE.add("cost_rest_self", source=copy("cost.rest_self"))  # rest this card
A_COST_LIFE = ABILITY_TABLE.add("cost_life", source=copy("cost.life"))  # Life cards to the hand
A_COST_LIFE_DROP = ABILITY_TABLE.add("cost_life_drop", source=copy("cost.life_drop"))  # Life cards to the Drop Area
A_COST_SELF_DROP = ABILITY_TABLE.add("cost_self_drop", source=copy("cost.self_drop"))  # this card to the Drop Area
A_BURST = ABILITY_TABLE.add("burst", source=copy())  # 10-30: top X cards of the deck to the Drop
A_SPARKING = ABILITY_TABLE.add("sparking", source=copy())  # 10-29: X or more cards in the Drop
A_BOND = ABILITY_TABLE.add("bond", source=copy())  # 10-23: X or more Battle Cards
A_ONCE = ABILITY_TABLE.add("once_per_turn", source=copy())  # 10-11
A_OPTIONAL = ABILITY_TABLE.add("optional", source=copy())  # "you may"
A_POWER = ABILITY_TABLE.add("power", source=copy())  # a [Permanent] skill's power to this card
# a [Permanent]'s "reduce the energy cost of this card in your hand by X" (play.hand_play_cost)
A_COST_REDUCE = ABILITY_TABLE.add("cost_reduction", source=copy())
A_KEYWORDS = ABILITY_TABLE.add("keywords", source=mask(KEYWORD_BITS, "keywords"))  # a [Permanent]'s keywords
A_X = ABILITY_TABLE.add("x", source=copy())  # [Wish]'s Dragon Balls, [Swap]'s energy cost
A_CODE_START = ABILITY_TABLE.add("code_start")
A_CODE_LEN = ABILITY_TABLE.add("code_len")

FILTER_TABLE = TableLayout("filter")
F_SIDE = FILTER_TABLE.add("side", source=enum(Side))
F_ZONE = FILTER_TABLE.add("zone", source=enum(FZone))
F_TYPE_MASK = FILTER_TABLE.add("types")  # bits of CardType (0: any)
F_COLOURS = FILTER_TABLE.add("colours", source=mask(COLOUR_BITS, "colours"))  # any of them (0: any)
F_POWER_MAX = FILTER_TABLE.add("power_max", source=bound())  # -1: any
F_COST_MAX = FILTER_TABLE.add("cost_max", source=bound())
F_COST_MIN = FILTER_TABLE.add("cost_min", source=bound())
F_NAME = FILTER_TABLE.add("character", source=interned("character_ids", "character"))  # 0: any
F_TITLE = FILTER_TABLE.add("card_name", source=interned("name_ids", "card name", "name"))  # "{Card Name}" (0: any)
F_TRAIT = FILTER_TABLE.add("trait")  # a special trait's bit (0: any)
F_MODE = FILTER_TABLE.add("mode", source=enum(Mode))
F_NOT_SELF = FILTER_TABLE.add("not_self", source=copy())
F_IGNORE_BARRIER = FILTER_TABLE.add("ignore_barrier", source=copy())  # "ignoring [Barrier]" (10-16)
F_ATTACKING = FILTER_TABLE.add("attacking", source=copy())  # "your attacking card": the attack card of the battle (7-1)
F_KEYWORD = FILTER_TABLE.add("keyword")  # "with [Blocker]": a Keyword bit the card has now (0: any)
F_TOP = FILTER_TABLE.add("top", source=copy())  # a deck filter: only its top X cards ("look at up to X cards", 11-6); 0: all

# the observation's static card columns, in order (cards.py's card_obs_features writes them per card
# id; observation.py copies them into each card row)
CARD_STATIC = ("present", "leader", "battle", "extra", "red", "blue", "green", "yellow", "black", "cost", "power",
               "combo_power", "combo_cost", "blocker", "critical", "double_strike", "triple_strike", "dual_attack",
               "barrier", "deflect", "indestructible", "revenge", "counter", "hand_skill", "auto", "activate")
