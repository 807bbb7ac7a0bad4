"""FF-TCG under the Square Enix TCG System comprehensive rules of 2014/07/15 ("2014 CR",
``fftcg-sqex-system-2014.txt``): what this rules variant adds to FF-TCG 2016's constants.

Everything of FF-TCG 2016 is kept (``from tcg_env.games.fftcg.constants import *``): its card,
ability, filter and code columns keep their numbers, and this variant's columns come after them, so
the 2016 rules kernels, compiled for this variant's tag, read the same tables. The same holds for
the state row (``state.py``). The variant adds no decision kind: its new choices are the 2016
decisions with a word that says what they are about (``Ask``), so the observation's decision
columns stay FF-TCG's.
"""

from __future__ import annotations

from tcg_env.games.fftcg.constants import *  # noqa: F403  (FF-TCG 2016's constants, kept)

from copy import deepcopy
from enum import IntEnum

from tcg_env.cards.columns import copy as copy_of
from tcg_env.cards.columns import enum, interned, mask
from tcg_env.engine.hooks import Rules
from tcg_env.games.fftcg import constants as K16

RULES = Rules("tcg_env.games.fftcg_2014.hooks")


class CardType(IntEnum):
    """2014 CR 5.2.3.1, 6.6.6: the 2016 types keep their numbers."""

    FORWARD = 0
    BACKUP = 1
    SUMMON = 2
    MONSTER = 3  # 2014 CR 5.2.3.1.1.4, 7.11
    WEAPON = 4  # Items (2014 CR 5.2.3.1.3): one of each type per character
    ARMOR = 5
    ACCESSORY = 6
    FORMATION = 7  # 2014 CR 5.2.3.1.4, 7.12


ITEM_TYPES = (CardType.WEAPON, CardType.ARMOR, CardType.ACCESSORY)
TYPEMASK_MONSTER = 1 << CardType.MONSTER
TYPEMASK_ITEM = (1 << CardType.WEAPON) | (1 << CardType.ARMOR) | (1 << CardType.ACCESSORY)
TYPEMASK_FORMATION = 1 << CardType.FORMATION
TYPEMASK_CHARACTER = K16.TYPEMASK_FORWARD | K16.TYPEMASK_BACKUP | TYPEMASK_MONSTER  # 2014 CR 5.2.3.1.1
TYPEMASK_BITS = {**K16.TYPEMASK_BITS, "monster": TYPEMASK_MONSTER, "character": TYPEMASK_CHARACTER,
                 "item": TYPEMASK_ITEM, "weapon": 1 << CardType.WEAPON, "armor": 1 << CardType.ARMOR,
                 "accessory": 1 << CardType.ACCESSORY, "formation": TYPEMASK_FORMATION, "any": 255}
N_CARD_TYPES = 8

# keyword bits after FF-TCG's (haste 1, brave 2, first_strike 4 = Pre-emptive Strike, 2014 CR 15.2.3)
KW_PARTY = 8  # the party icon (2014 CR 15.2.8): printed only
KEYWORD_BITS = {**K16.KEYWORD_BITS, "party": KW_PARTY}


def extended(enum, name: str, **added: int) -> type[IntEnum]:
    """FF-TCG's ``enum`` (its members keep their numbers) with this variant's ``added`` members."""
    return IntEnum(name, {**{m.name: int(m) for m in enum}, **added}, module=__name__)


# formation conditions use them all (2014 CR 7.12.1.3); OVERDRIVE_PAID: this character was played
# with its Overdrive paid (15.2.9.3); JUNCTIONED: it is Junctioned (15.2.15.2); EQUIPPED: it
# equips an Item (15.1.1.11); MONSTERS_AT_LEAST: you control at least arg Monsters
Condition = extended(K16.Condition, "Condition", OVERDRIVE_PAID=8, JUNCTIONED=9, EQUIPPED=10, MONSTERS_AT_LEAST=11)
# "when <this> breaks a Forward your opponent controls" (Level UP, 2014 CR 15.2.4.2)
Trigger = extended(K16.Trigger, "Trigger", BREAKS_FORWARD_SELF=12)
# (numbers free in FF-TCG's Op and the core's CoreOp: 60 is the core's IF)
# SOURCE_TO_BREAK_ZONE: the source goes from the field to its owner's Break Zone; the program stops
# if it is not on the field any more (Level UP 15.2.4.3, Assist 15.2.6.5). RETURN_SOURCE_TO_HAND: the
# Item goes back to its owner's hand (Remove, 15.2.12.2)
Op = extended(K16.Op, "Op", SOURCE_TO_BREAK_ZONE=40, RETURN_SOURCE_TO_HAND=41)


class Ask(IntEnum):
    """What an OPTIONAL_EFFECT decision (OPTION 0 = yes, PASS = no) or a CHOOSE_TARGET /
    DISCARD decision of this variant is about (state ``ASK``; 0: FF-TCG's own meaning)."""

    NONE = 0
    OVERDRIVE = 1  # pay the Overdrive cost too (2014 CR 15.2.9.2)
    COMBINATION = 2  # remove the next named card from your Break Zone (2014 CR 15.2.17.3)
    HAND_ABILITY = 3  # use the hand card's Flash / Blue Magic instead of playing it (15.2.11, 15.2.14)
    ASSIST = 4  # use the Assist of the Backup that entered (2014 CR 15.2.6.3)
    WAR_GOD = 5  # CHOOSE_TARGET: the character War God puts into the Break Zone (2014 CR 15.2.7.3)
    EQUIP = 6  # CHOOSE_TARGET: the character the Item will equip (2014 CR 11.4.7)
    JUNCTION = 7  # DISCARD: the Summon of your hand to remove from the game (2014 CR 15.2.15.2)


# ---- card table: FF-TCG's columns, then the variant's ----------------------------------------
CARD_TABLE = deepcopy(K16.CARD_TABLE)
CARD_TABLE.sources["type"] = enum(CardType)
CARD_TABLE.sources["keywords"] = mask(KEYWORD_BITS)
C_EQUIP_TYPES = CARD_TABLE.add("equip_types", source=mask(TYPEMASK_BITS, "equips"))  # Items: who may equip it
C_FORMATION_CONDITION = CARD_TABLE.add("formation_condition")  # Formations: Condition (2014 CR 7.12.1.3)
C_FORMATION_CONDITION_ARG = CARD_TABLE.add("formation_condition_arg")
C_OVERDRIVE_CP = CARD_TABLE.add("overdrive_cp", source=copy_of("overdrive"))  # CP of the Overdrive, 0 = none
C_WAR_GOD_JOB = CARD_TABLE.add("war_god_job", source=interned("job_ids", "job", "war_god"))  # job id, 0 = no War God
C_COMBINATION_NAME0 = CARD_TABLE.add("combination_name0")  # the names of Combination (name ids, 0 = none), 2014 CR 15.2.17
C_COMBINATION_NAME1 = CARD_TABLE.add("combination_name1")  # (C_COMBINATION_NAME0 + k: the k-th)
C_COMBINATION_REDUCTION = CARD_TABLE.add("combination_reduction")
C_HAND_ABILITY = CARD_TABLE.add("hand_ability")  # ability row of Flash / Blue Magic, -1 = none
C_JUNCTION = CARD_TABLE.add("junction")  # 1: an action ability of the card is Junction
C_NCOLS = CARD_TABLE.width

# ---- ability table ---------------------------------------------------------------------------
ABILITY_TABLE = deepcopy(K16.ABILITY_TABLE)
ABILITY_TABLE.sources["trigger"] = enum(Trigger, none=Trigger.NONE)
A_YOUR_TURN_ONLY = ABILITY_TABLE.add("your_turn_only")  # Awakening, Job Change (2014 CR 15.2.10.3, 15.2.13)
A_JUNCTION = ABILITY_TABLE.add("junction")  # Junction: removes a Summon of the hand as a cost (15.2.15.2)
A_ASSIST = ABILITY_TABLE.add("assist")  # Assist: asked on entering, not triggered otherwise (15.2.6.4)
A_NCOLS = ABILITY_TABLE.width

# ---- filter table ----------------------------------------------------------------------------
FILTER_TABLE = deepcopy(K16.FILTER_TABLE)
FILTER_TABLE.sources["type_mask"] = mask(TYPEMASK_BITS, "type")  # the 2014 types (monster, item, ...): 2014 CR 5.2.3.1.1
F_EQUIPPED_BY_SOURCE = FILTER_TABLE.add("equipped_by_source", source=copy_of())  # the character the source Item equips
F_NCOLS = FILTER_TABLE.width

