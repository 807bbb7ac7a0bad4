"""Force of Will card schema (pydantic) and the compiler from card models to the kernels' int32 tables.

A card file is validated in two passes, as for the other games:

1. ``load_force_of_will_cards`` checks each record against the schema (types, ranges, unknown keys)
   and reports the first problem as a :class:`CardDataError` naming the file, card and field.
2. ``compile_force_of_will_pool`` checks what needs the whole card or the whole pool (a ruler's
   J-ruler side exists, a chant has its effect, targets are chosen before anything happens and
   every register is filled once before it is used, names and races in filters exist, ...) and
   writes the four tables whose column layouts live in ``tcg_env.games.force_of_will.constants``
   (the contract with the kernels).

One card row per printed side: a ruler and its J-ruler are two cards of the file, linked by the
ruler's ``j_ruler`` (``C_J_SIDE`` both ways, CR 705.3). Rule numbers: ``force-of-will-cr-8.01.txt``.
The format is documented in ``docs/force_of_will/card-format.md``.
"""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, Union

import numpy as np
from pydantic import AfterValidator, BeforeValidator, Field, TypeAdapter

from tcg_env.cards.base import CardBase, FilterBase, StrictModel
from tcg_env.cards.ops import if_done_op, if_done_problem, op_codes, op_model, reg_ops, targeting_ops
from tcg_env.cards.pool import CardFeatures, CardTable, PoolCompiler, bits, card_file_functions, inverse_ids
from tcg_env.engine.tables import pack_tables
from tcg_env.games.force_of_will import constants as K

__all__ = ["FowCard", "FowAbility", "FowFilter", "FowCost", "FowCondition", "FowAwakening", "FowIncarnation",
           "FowMastery", "FowBarrierFrom", "FowTrigger", "FowStealth", "FowCardTable", "EFFECT_OPS", "parse_will_cost", "parse_force_of_will_cards",
           "load_force_of_will_cards", "load_force_of_will_pool", "compile_force_of_will_pool", "default_pool_path"]

# --------------------------------------------------------------------------------------------
# Names used in card files
# --------------------------------------------------------------------------------------------
AttributeName = Literal["light", "fire", "water", "wind", "darkness"]
WillName = Literal["light", "fire", "water", "wind", "darkness", "void"]
# a will produced (CR 907.5; moon will, CR 907.6a: one will with the moon characteristic and no attribute)
ProducedWill = Literal["light", "fire", "water", "wind", "darkness", "void", "moon"]
TypeName = Literal["ruler", "j_ruler", "magic_stone", "resonator", "chant", "addition", "regalia", "rune"]
FilterTypeName = Literal[
    "ruler", "j_ruler", "magic_stone", "resonator", "chant", "addition", "regalia", "rune",
    "j_resonator", "j_ruler_or_ruler",
    # magic stone types (CR 201.4c): the cards with that type (constants.TYPEMASK_STONE_SHIFT)
    "light_magic_stone", "fire_magic_stone", "water_magic_stone", "wind_magic_stone", "darkness_magic_stone",
]  # fmt: skip
# keyword skills printed as bits (constants.KEYWORD_BITS); [Stealth] has its condition: ``stealth``
BitKeywordName = Literal[
    "pierce", "precision", "first_strike", "explode", "flying", "swiftness", "imperishable",
    "quickcast", "barrier", "drain", "eternal", "bane", "bloodlust",
]  # fmt: skip
# a card's printed keywords: those, and [Mythic] (constants.KW_MYTHIC: printed only, never granted; any entity's)
KeywordName = Literal[BitKeywordName, "mythic"]
RestrictionName = Literal["cant_attack", "cant_block", "cant_recover", "cant_be_blocked", "cant_be_attacked",
                          "cant_be_targeted", "cant_attack_player", "can_block_flying",
                          "can_block_rested", "no_abilities", "cant_gain_abilities",
                          "cant_attack_resonators"]
DurationName = Literal["end_of_turn", "permanent", "end_of_battle"]
WhoName = Literal["controller", "opponent"]
KindName = Literal["activate", "will", "automatic", "continuous"]
TriggerName = Literal[
    "enter", "attacks", "blocks", "deals_damage", "deals_battle_damage_to_player", "destroyed",
    "other_enters", "begin_draw_phase", "begin_main_phase", "end_of_turn", "opponent_plays_spell",
    "judgment", "opponent_attacks", "begin_battle", "begin_attack_step", "begin_block_step", "end_of_battle",
    "j_resonator_attacks", "put_into_graveyard", "dealt_damage", "you_gain_life", "damage_to_you",
    "deals_damage_to_opponent", "you_play", "is_blocked", "leaves_field", "other_to_graveyard", "inverts",
    "begin_game", "you_gain_gem", "j_ruler_recovered", "put_into_graveyard_from_hand", "enter_from_graveyard",
    "enter_from_main_deck", "discarded_by_ability", "removed_from_graveyard", "you_awaken", "targeted_by_spell",
    "targeted_by_spell_or_ability", "deals_damage_to_player", "put_into_graveyard_from_deck", "becomes_rested",
]  # fmt: skip
# the triggers that watch another card (A_TRIG_FILTER), with the filter a card file may leave out
_FILTERED_TRIGGERS = {"other_enters": ("resonator",), "j_resonator_attacks": ("j_resonator",),
                      "you_play": ("resonator", "chant", "addition", "regalia", "rune"),
                      "other_to_graveyard": ("resonator",),
                      # session 32: the ability's source (a ruler's in its ruler area too: zone anywhere)
                      "discarded_by_ability": ("resonator", "ruler", "j_ruler", "addition", "regalia")}
# session 32: the triggers of a card's own that work off the field (CR 902.2: the text says where), a chant's too
_OFF_FIELD_TRIGGERS = ("discarded_by_ability", "removed_from_graveyard", "put_into_graveyard_from_deck")
# the card the trigger watches is there (else in the field)
_TRIGGER_FILTER_ZONE = {"you_play": "chase", "discarded_by_ability": "anywhere"}
# the triggers about another card that may have a filter (none: any card or none): the attacker this card blocks,
# the blocker of this card, the J/resonator this card deals damage to (the event's aux: Op.TARGET_TRIGGER reads it)
# "judgment" with a filter: "whenever you do judgment of a ruler" on another card than the J-ruler (the aux: the J-ruler
# just put into the field, priority.resolve_judgment; CR 705.3a-i)
_OTHER_CARD_TRIGGERS = ("blocks", "is_blocked", "deals_damage", "judgment")
ConditionName = Literal[
    "life_at_most", "opponent_life_at_most", "stones_at_least", "j_ruler", "hand_empty",
    "played_card_this_turn", "torrent", "control_name", "graveyard_at_least", "runes_revealed_at_least", "rune_attributes",
    "control_at_least", "your_turn", "opponents_turn", "self_counters_at_least", "opp_control_at_least", "control_none",
    "hand_at_least", "opp_hand_at_most", "played_cards_at_least", "opp_played_cards_at_least", "played_cards_exactly", "ruler_named", "not_first_player", "weather_is",
    "control_names", "awakened", "weather_is_not", "ruler_not_named", "named_counters_at_least",
    "resonators_to_graveyard_at_least", "targets_match", "gems_at_least", "control_and_another", "ruler_matches",
    "ruler_matches_none", "force_command", "runes_revealed_fewer", "rune_attributes_not", "gem_attributes_at_least",
    "control_fewer_than_opp", "opp_hand_more",
    "control_fewer", "stones_fewer", "control_name_none", "opp_control_fewer",
    "count_at_least", "count_fewer", "life_more", "opponent_life_more",
]  # fmt: skip
WeatherName = Literal["rain", "thunderstorm", "clear"]  # constants.Weather (CR 1028)
AdditionName = Literal["field", "resonator", "j_ruler", "j_resonator"]

_RESTRICT_BITS = {
    "cant_attack": K.RESTRICT_CANT_ATTACK,
    "cant_block": K.RESTRICT_CANT_BLOCK,
    "cant_recover": K.RESTRICT_CANT_RECOVER,
    "cant_be_blocked": K.RESTRICT_CANT_BE_BLOCKED,
    "cant_be_attacked": K.RESTRICT_CANT_BE_ATTACKED,
    "cant_be_targeted": K.RESTRICT_CANT_BE_TARGETED,
    "cant_attack_player": K.RESTRICT_CANT_ATTACK_PLAYER,
    "can_block_flying": K.RESTRICT_CAN_BLOCK_FLYING,
    "can_block_rested": K.RESTRICT_CAN_BLOCK_RESTED,
    "no_abilities": K.RESTRICT_NO_ABILITIES,  # session 33: "loses all abilities" (CR 909.1d; one-time effects only)
    "cant_gain_abilities": K.RESTRICT_CANT_GAIN_ABILITIES,  # session 33: "... and cannot gain abilities" (with it)
    "cant_attack_resonators": K.RESTRICT_CANT_ATTACK_RESONATORS,  # session 34 (s34a): "cannot attack resonators"
}
_WILL_CODE = {a: i for i, a in enumerate(K.ATTRIBUTE_NAMES)} | {"void": K.WILL_VOID, "moon": K.WILL_MOON}
# will symbols of a printed cost (CR 203.3): {W} light, {R} fire, {U} water, {G} wind, {B} darkness
WILL_SYMBOLS = {"W": K.Attribute.LIGHT, "R": K.Attribute.FIRE, "U": K.Attribute.WATER,
                "G": K.Attribute.WIND, "B": K.Attribute.DARKNESS}  # fmt: skip
_DATA = Path(__file__).resolve().parent / "data"
_COST_RE = re.compile(r"^(?:\{(?:[WRUGB]|X|\d{1,2})\})+$")


def _as_list(v: Any) -> Any:
    return [v] if isinstance(v, str) else v


def parse_will_cost(text: str) -> tuple[list[int], int]:
    """``"{R}{R}{1}"`` -> (attribute cost per Attribute, free cost); ``{X}`` gives free cost -1
    (CR 203.5b), ``{0}`` or ``""`` nothing. Raises ValueError on anything else."""
    attr = [0] * K.N_ATTRIBUTES
    free = 0
    if text in ("", "{0}"):
        return attr, 0
    if not _COST_RE.match(text):
        raise ValueError("not a will cost like '{R}{R}{1}' (symbols W R U G B, a number, X)")
    x = False
    for sym in re.findall(r"\{([^}]*)\}", text):
        if sym in WILL_SYMBOLS:
            attr[WILL_SYMBOLS[sym]] += 1
        elif sym == "X":
            if x:
                raise ValueError("at most one {X} in a cost")
            x = True
        else:
            free += int(sym)
    if x:
        if free:
            raise ValueError("{X} and a number together in a cost")
        free = -1
    return attr, free


def _check_cost(v: Any) -> Any:
    if isinstance(v, str):
        parse_will_cost(v)  # raises ValueError, reported on the field
    return v


WillCost = Annotated[str, BeforeValidator(_check_cost), Field(max_length=40)]
Reg = Annotated[int, Field(ge=0, le=K.N_REGS - 1)]
Count = Annotated[int, Field(ge=1, le=K.TARGET_MAX)]
KeywordList = Annotated[list[BitKeywordName], BeforeValidator(_as_list), Field(min_length=1)]
RestrictionList = Annotated[list[RestrictionName], BeforeValidator(_as_list), Field(min_length=1)]
NonNeg = Annotated[int, Field(ge=0)]
Hundreds = Annotated[int, Field(ge=0, le=20000, multiple_of=100)]  # ATK, DEF, damage, life (CR 206, 1007)
SignedHundreds = Annotated[int, Field(ge=-20000, le=20000, multiple_of=100)]


# --------------------------------------------------------------------------------------------
# Schema
# --------------------------------------------------------------------------------------------
class FowFilter(FilterBase):
    """A set of cards, seen from the ability's controller: where (zone, side, state), what (type,
    attribute, race, name) and how big (total cost, ATK). Every key is optional (``side``,
    ``name``: the shared keys)."""

    zone: Literal["field", "chase", "graveyard", "hand", "main_deck", "ruler_area", "removed", "anywhere",
                  "stone_deck"] = "field"
    state: Literal["any", "recovered", "rested", "attacking", "blocking", "attacking_or_blocking", "damaged",
                   "entered_this_turn", "dealt_damage_this_turn", "power_not_printed"] = "any"
    exclude_self: bool = False
    added_to: bool = False  # only the card this addition is added to (CR 1406.1a)
    self_only: bool = False  # only the ability's own card ("this card gains ...", a continuous ability)
    type: Annotated[list[FilterTypeName], BeforeValidator(_as_list), Field(min_length=1)] | None = None
    attribute: Annotated[list[AttributeName], BeforeValidator(_as_list), Field(min_length=1)] | None = None
    # "non-darkness <cards>": cards with none of these attributes (void ones too); not with attribute (F_ATTR_MASK with
    # the bit ATTR_NOT)
    not_attribute: Annotated[list[AttributeName], BeforeValidator(_as_list), Field(min_length=1)] | None = None
    race: str | None = Field(default=None, min_length=1)
    # "Skeleton or Zombie" (session 22): a second race, either matching (packed in F_RACE from K.RACE_OR_SHIFT)
    race_or: str | None = Field(default=None, min_length=1)
    # "a card named "A" or "B"" (session 28): a second name, either matching (packed in F_NAME from K.NAME_BITS)
    name_or: str | None = Field(default=None, min_length=1)
    # "non-Golem <cards>" (session 24, CR 205): the cards without that race (F_RACE with K.RACE_NOT); not with race
    not_race: str | None = Field(default=None, min_length=1)
    # "<card> not named "<name>"" (session 33, CR 202): the cards with neither name that one (F_NAME with K.NAME_NOT); not
    # with name
    not_name: str | None = Field(default=None, min_length=1)
    cost_min: NonNeg | None = None  # total cost, CR 203.5
    cost_max: NonNeg | None = None
    # "with total cost X or less" (max) / "with total cost X" (eq) on a chant or rune whose cost has X (session 22, CR
    # 903.2f: X is chosen before the targets): the X chosen for it (F_COST_MAX / F_COST_MIN COST_BOUND_X)
    cost_x: Literal["max", "eq"] | None = None
    atk_min: NonNeg | None = None
    atk_max: NonNeg | None = None
    # "<cards> with [Flying]" / "without [Flying]" (session 27): one of these keywords now / none of them (F_ADDED_TO bits
    # from KW_FILTER_SHIFT, K.KW_FILTER_NOT)
    keyword: Annotated[list[BitKeywordName], BeforeValidator(_as_list), Field(min_length=1)] | None = None
    not_keyword: Annotated[list[BitKeywordName], BeforeValidator(_as_list), Field(min_length=1)] | None = None
    # "basic / special magic stone" (session 32, CR 402.4b): magic stones only (F_ADDED_TO K.STONE_BASIC / STONE_SPECIAL)
    stone: Literal["basic", "special"] | None = None
    # "<cards> with [Will of Hope]" (session 32, CR 1101.1b): one of these printed marks (F_ADDED_TO from MARK_FILTER_SHIFT)
    mark: Annotated[list[Literal[K.DECK_MARKS]], BeforeValidator(_as_list), Field(min_length=1)] | None = None
    # session 34 (s34b): abilities on the chase, not cards ("target activate / automatic ability [of a <type>] [your
    # opponent controls]", CR 903.2d: an ability on the chase is a pseudo-card): zone "chase", targets of CHOOSE only
    # (F_ZONE FilterZone.CHASE_ABILITY; F_STATE the kinds, ABILITY_KIND_*; type: the source card's types)
    ability: Literal["activate", "automatic", "any"] | None = None


# a named counter's name (CR 1022.1: "strength", "mystery"; session 21)
CounterName = Annotated[str, Field(min_length=1, max_length=30, pattern=r"^[a-z][a-z'-]*$")]


class FowCost(StrictModel):
    """The cost of an activate or will ability (CR 905.2, 907)."""

    will: WillCost = ""
    # {M} (CR 1003.6): moon will to pay, one a symbol (CR 907.6a); activate and will abilities only (A_COST_MOON)
    moon: int = Field(default=0, ge=0, le=5)
    rest: bool = False  # [Rest] this card (CR 1013.2)
    banish_self: bool = False  # "banish this card" (CR 1011)
    discard: int = Field(default=0, ge=0, le=3)
    life: int = Field(default=0, ge=0, le=4000, multiple_of=100)
    mana: int = Field(default=0, ge=0, le=10)  # mana counters to remove (CR 1122, 1022)
    mana_from: Literal["this_card", "j_ruler"] = "this_card"  # ... from this card or from your J/ruler
    # named counters to remove (CR 1022.1; session 21): that many of counter_name from this card or your J/ruler;
    # without counter_name (session 32): [+100/+100] counters from this card (CR 1022.2)
    counters: int = Field(default=0, ge=0, le=20)
    counter_name: CounterName | None = None
    counters_from: Literal["this_card", "j_ruler"] = "this_card"
    # session 29: "banish a [<attribute>] gem / N gems" (CR 1011, 313.1): that many of its controller's gem tokens, of that
    # attribute or (None) of any, chosen as it is paid (A_COST_GEMS; activate abilities only)
    gems: int = Field(default=0, ge=0, le=5)
    gem_attribute: AttributeName | None = None
    # "banish a <card>" (CR 1011) / "rest a recovered <card> you control" (CR 1013): the card the effect's
    # choose on register pay_reg chose as the ability is played is banished / rested then (CR 903.2j,
    # priority.pay_chosen_cost); packed into A_COST_BANISH_SELF (2 + reg: banish, 4 + reg: rest)
    pay_chosen: Literal["none", "banish", "rest", "remove"] = "none"  # remove: from your graveyard (session 24), 6 + reg
    pay_reg: int = Field(default=0, ge=0, le=1)
    # [Dive] (constants.COST_DIVE): the will paid and this card revealed from the hand, then removed from the game with
    # a cyberbrain counter; playable only from the hand (A_COST_BANISH_SELF COST_DIVE)
    dive: bool = False
    # [Inheritance] (CR 1126.2): the will paid and this card discarded from the hand (constants.COST_INHERITANCE)
    inheritance: bool = False
    # "remove this card in your hand from the game" (session 32, constants.COST_REMOVE_HAND): as inheritance, the card
    # removed from the game instead of discarded
    remove_from_hand: bool = False
    # "rest a recovered J/ruler you control" (CR 201.2b, 1013): its controller's ruler or J-ruler, recovered; A_COST_REST 2
    # (play.ruler_recovered); also an [Awakening] cost (FowAwakening.rest_j_ruler)
    rest_j_ruler: bool = False
    # "rest a recovered card named "<name>" you control" (session 24, CR 1013): its J/ruler when it has that name, else
    # the first recovered card of its field with it (play.mastery_slot); A_COST_REST -(name id)
    rest_named: str | None = None


class FowEnterCounters(StrictModel):
    """"This card enters the field with N counters" (session 24, CR 1022.6): how many, of which name (none: [+100/+100])."""

    count: int = Field(ge=1, le=(1 << K.ENTER_COUNT_BITS) - 1)
    counter_name: CounterName | None = None


class FowCondition(StrictModel):
    kind: ConditionName
    # a card name for control_name, will symbols for rune_attributes ("{W}{W}": two light runes,
    # CR 1137.2a), else a number (runes_revealed_at_least: [Rune] <number>, CR 1137.2b)
    value: int | str = 0
    # control_at_least: you control ``value`` (1..15) or more cards in the field this filter matches
    filter: FowFilter | None = None
    # control_and_another (session 24): "you control a <filter> and another <other>": two different cards
    other: FowFilter | None = None
    # ruler_named: the card names besides ``value`` ("your J/ruler is "A" or "B"": value A, names [B])
    names: list[str] = Field(default_factory=list, max_length=1)
    # named_counters_at_least: ``value`` or more counters of this name on this card or your J/ruler (CR 1022.1)
    counter_name: CounterName | None = None
    counters_from: Literal["this_card", "j_ruler"] = "this_card"
    # gems_at_least: ``value`` or more gems of this attribute in your item area (CR 1027.1; session 23)
    attribute: AttributeName | None = None
    # count_at_least / count_fewer (session 32): ``value`` or more (fewer than ``value``) of this count (an AURA_PER's)
    per: "FowPer | None" = None


# ---- effect ops (tagged by ``op``; the shared op model: tcg_env.cards.ops) ----------------------
_M = __name__
_Dur = (DurationName, "end_of_turn")
_Who = (WhoName, "controller")
_N = (int, Field(default=1, ge=1, le=10))
_OpChooseCore, OpSelectAll, OpTargetSelf = targeting_ops(_M, FowFilter, Reg, Count)
# session 29: ``if_awakened``: "... up to one second target <card> if this card was awakened" (CR 1109.2a, 903.2g: a chant's
# target chosen only when it is played awakened; CHOOSE a2 = CHOOSE_IF_AWAKENED, effects.choose_candidates)
OpChoose = op_model("choose", _M, filter=FowFilter, count=(Count, 1), up_to=(bool, False), reg=(Reg, 0),
                    if_awakened=(bool, False))
# the trigger's card (Op.TARGET_TRIGGER); ``removed`` (session 29): in a removed area (a delayed ability's card, a1 = 1)
OpTargetTrigger = op_model("target_trigger", _M, reg=(Reg, 0), removed=(bool, False))
# session 29: "put it into the field under its owner's control" of a card in a removed area (Op.REMOVED_TO_FIELD)
OpRemovedToField = op_model("removed_to_field", _M, reg=(Reg, 0))
OpPower = op_model("power", _M, atk=(SignedHundreds, 0), defense=(SignedHundreds, 0), duration=_Dur, reg=(Reg, 0))
# "<targets> gain [+X00/+X00] until end of turn, where X is ..." / "... gain [+200/0] for each <cards> until end of turn"
# (session 28, CR 1020.3): atk / defense times the X a SET_X before it set (Op.POWER_X)
OpPowerX = op_model("power_x", _M, atk=(SignedHundreds, 0), defense=(SignedHundreds, 0), duration=_Dur, reg=(Reg, 0))
# "X00" (CR 903.3c: X times 100) / "X": the X chosen when a {X} chant is played (CR 903.2f)
XHundreds = Literal["X00"]
XCount = Literal["X"]
_Dmg = Annotated[int, Field(gt=0, le=20000, multiple_of=100)]
_Life = Annotated[int, Field(gt=0, le=8000, multiple_of=100)]
# amount "atk" with by_reg: "target <card> deals damage equal to its ATK to target <card>": dealt by the first card of
# register by_reg, its ATK as it resolves; none when that card is no longer in the field (CR 903.3a; DAMAGE a2 = by_reg + 1)
# amount "dealt_this_turn": "X damage ..., where X is the damage it dealt this turn" (the target's, DAMAGE a1 = 1)
OpDamage = op_model("damage", _M, amount=Union[_Dmg, XHundreds, Literal["atk", "dealt_this_turn"]], reg=(Reg, 0),  # noqa: UP007
                    by_reg=(Union[Reg, None], None))  # noqa: UP007
OpDestroy, OpRest, OpRecover, OpReturnToHand, OpRemove, OpCancel, OpRemoveFromBattle = reg_ops(
    _M, Reg, "destroy", "rest", "recover", "return_to_hand", "remove", "cancel", "remove_from_battle")
# by "its_controller" (session 29): "Its controller banishes it." (CR 1011.2: whoever controls the card; BANISH a0 1),
# else the effect's controller banishes only the cards it controls
OpBanish = op_model("banish", _M, reg=(Reg, 0), by=(Literal["you", "its_controller"], "you"))
OpToDeckTop, OpToDeckBottom = reg_ops(_M, Reg, "to_deck_top", "to_deck_bottom")
# "your opponent / each player banishes N <cards>" (session 22, CR 1011.2): who chooses N cards they control matching the
# filter (no target) as it resolves and banishes them (Op.PLAYER_BANISH)
OpPlayerBanish = op_model("player_banish", _M, filter=FowFilter, count=(Annotated[int, Field(ge=1, le=K.TARGET_MAX)], 1),
                          who=(Literal["controller", "opponent", "turn_player"], "opponent"), reg=(Reg, 0))
# "recover [up to N] <cards> you control" (session 32, CR 903.2g: chosen as it resolves, no target): the controller chooses
# N of the cards they control matching the filter into the register, for the op after it (Op.PLAYER_CHOOSE)
# "remove target <card> in a graveyard from the game" (session 32, CR 1004.1): the register's cards still in a graveyard
# (Op.GRAVE_REMOVE)
OpGraveRemove = op_model("grave_remove", _M, reg=(Reg, 0))
# "<player> cannot gain life until end of turn" (session 32): Op.NO_LIFE_GAIN_TURN
OpNoLifeGainTurn = op_model("no_life_gain_turn", _M, who=_Who)
OpPlayerChoose = op_model("player_choose", _M, filter=FowFilter,
                          count=(Annotated[int, Field(ge=1, le=K.TARGET_MAX)], 1), up_to=(bool, False), reg=(Reg, 0))
# "gain control of <targets> [until end of turn]" (CR 105.3; session 21): Op.GAIN_CONTROL (REMOVE_FROM_BATTLE, a0 1 / 2)
OpGainControl = op_model("gain_control", _M, reg=(Reg, 0), duration=(Literal["permanent", "end_of_turn"], "permanent"))
OpGrantKeyword = op_model("grant_keyword", _M, keywords=KeywordList, duration=_Dur, reg=(Reg, 0))
OpRestrict = op_model("restrict", _M, restrictions=RestrictionList, duration=_Dur, reg=(Reg, 0))
# name: a named counter (CR 1022.1: "put N <name> counters on ...", session 21; COUNTER a1 = its counter_ids id), else the
# net [+100/+100] count; count "X" (session 28): the X a SET_X before it set ("put X [+100/+100] counters on it, where X
# is ...", COUNTER a2 = COUNTER_TIMES_X)
_NamedCount = Annotated[int, Field(ge=-20, le=20)]
OpCounter = op_model("counter", _M, count=Union[_NamedCount, XCount], reg=(Reg, 0),  # noqa: UP007
                     name=(Union[CounterName, None], None))  # noqa: UP007
_NX = (Union[Annotated[int, Field(ge=1, le=10)], XCount], 1)  # noqa: UP007
OpDraw = op_model("draw", _M, count=_NX, who=_Who)
# who "target_controller" (session 29): "its controller", the controller of a target (constants.WHO_TARGET_CONTROLLER: the X
# of a SET_X of Per.TARGET_CONTROLLER before it; a discard so is Op.PLAYER_DISCARD)
# who "turn_player" (session 29): "that player" after "at the beginning of each player's turn" (WHO_TURN_PLAYER)
_WhoIts = Literal["controller", "opponent", "target_controller", "turn_player"]
# this_way (session 29): the frame's X is the total cost of the cards discarded (Op.PLAYER_DISCARD a2 bit DISCARD_THIS_WAY;
# a chosen discard, not at random)
# record (session 29): the cards discarded go into register reg ("If you discarded a <card> this way": an if_it on it;
# Op.PLAYER_DISCARD a2 bit DISCARD_TO_REG; a chosen discard)
OpDiscard = op_model("discard", _M, count=_NX, who=(_WhoIts, "opponent"), random=(bool, False), this_way=(bool, False),
                     record=(bool, False), reg=(Reg, 0))
# who "target_controller" (session 33): "... and M damage to its controller" (a SET_X of Per.TARGET_CONTROLLER before it)
OpDamagePlayer = op_model("damage_player", _M, amount=Union[_Life, XHundreds],  # noqa: UP007
                          who=(Literal["controller", "opponent", "target_controller"], "opponent"))
OpGainLife = op_model("gain_life", _M, amount=Union[_Life, XHundreds], who=(_WhoIts, "controller"))  # noqa: UP007
OpLoseLife = op_model("lose_life", _M, amount=Union[_Life, XHundreds], who=(_WhoIts, "opponent"))  # noqa: UP007
# "Remove all <cards> in <whose> graveyard / all graveyards from the game." (session 29, CR 1004.1: Op.REMOVE_GRAVE): filter
# (zone graveyard; side own / opponent / any, read on the owner); count: the cards removed this way a later set_x of
# per "this_way" counts ("for each resonator removed this way")
OpRemoveGrave = op_model("remove_grave", _M, filter=FowFilter, count=(Union[FowFilter, None], None))  # noqa: UP007
# "Reveal the top card of your deck. If its total cost is odd, <A>. Otherwise, <B>." (session 29, CR 1005.1, 203.5):
# Op.REVEAL_TOP (the card into the register), Op.IF_COST (odd: 1, even: 0)
OpRevealTop = op_model("reveal_top", _M, reg=(Reg, 0))
# at_most_x (session 29): "if its total cost is less than or equal to the number of <cards>": at most the X of a set_x
# right before it (IF_COST a0 IF_COST_AT_MOST_X)
OpIfCost = op_model("if_cost", _M, odd=(bool, True), reg=(Reg, 0), skip=(int, Field(default=1, ge=1, le=20)),
                    at_most_x=(bool, False))
# to: where the card found goes ("put it into your hand / the field / your graveyard", constants.SearchTo)
# top N: "look at / reveal the top N cards of your deck" (only those; no shuffle), the rest to the bottom in a
# random order, into the graveyard or left on top; must: "put a <card> from among them" without "you may";
# reveal: "reveal it" (the card found, "taken"; "taken_more": the same reveal as the search before it, "search
# for up to N ..., reveal them") or "reveal the top N cards" ("top", with top N), CR 1005.1; take (session 28): "put up
# to two <cards> / two cards from among them": up to that many taken from the top cards looked at (SEARCH_TAKE_SHIFT);
# rested (session 28): "... into the field rested" (SEARCH_RESTED); any_number (session 28): "for any number of
# <cards>" (SEARCH_ANY)
OpSearch = op_model("search", _M, filter=FowFilter, to=(Literal["hand", "field", "graveyard", "removed", "deck_top"], "hand"),
                    top=(int, Field(default=0, ge=0, le=K.SEARCH_TOP_MASK)),
                    rest=(Literal["bottom", "graveyard", "top", "bottom_any", "top_any"], "bottom"), must=(bool, False),
                    reveal=(Literal["none", "taken", "taken_more", "top"], "none"),
                    who=(Literal["controller", "opponent"], "controller"),
                    take=(int, Field(default=1, ge=1, le=1 + K.SEARCH_TAKE_MASK)), rested=(bool, False),
                    any_number=(bool, False))
# spend: "Spend this will only to play <cards>": the will pays only for playing a card this filter (read on the
# card's characteristics, zone chase) matches (state.RWILL; costs.restricted_credit)
# shared_with_ruler: "one will of any attribute shared with your J/ruler": a mode of a will ability's choice that may
# be chosen only while the controller's J/ruler has the will's attribute (CR 907; PRODUCE_WILL a2 = SHARED_WITH_RULER,
# effects.mode_open)
# count "X" (session 28): "Produce {G} for each <cards>", the X a SET_X before it set (PRODUCE_WILL a1 < 0)
OpProduceWill = op_model("produce_will", _M, will=ProducedWill, count=(Union[Annotated[int, Field(ge=1, le=5)],  # noqa: UP007
                                                                             XCount], 1),
                         spend=(FowFilter | None, None), shared_with_ruler=(bool, False),
                         # session 32: ``choose``: each of the ``count`` wills of one of these attributes, chosen as the
                         # (automatic) ability resolves (PRODUCE_WILL a0 GEM_ANY, a1 count | mask << 8; ``will`` the first)
                         choose=(list[AttributeName], Field(default_factory=list, max_length=5)))
OpCallStone = op_model("call_stone", _M, who=_Who, rested=(bool, False))  # rested: "... into the field rested"
# "put N [A/D] <attribute> <race> resonator token(s) into the field" (CR 1303): ``token`` the number of a token card of
# the pool (token = true), made ``count`` times under the control of ``who`` (CR 1303.1c; Op.MAKE_TOKEN)
# "the weather is <weather> until end of turn" (CR 1028, constants.Op.WEATHER)
OpWeather = op_model("weather", _M, weather=WeatherName)
# "Invert this card." (CR 1030.1): this card, an Inverse card hope side up in the field, turns despair side up
OpInvert = op_model("invert", _M)
# count "X" (session 28): the X a SET_X before it set ("put X <tokens> into the field, where X is ...")
OpMakeToken = op_model("make_token", _M, token=Annotated[str, Field(min_length=1)], count=(Union[  # noqa: UP007
    Annotated[int, Field(ge=1, le=10)], XCount], 1), who=_Who)
# top_only (session 28): "look at the top N cards of your deck and put them back in any order" (none to the bottom)
# who (session 28): "opponent": the top cards of the opponent's deck, placed by the effect's controller (FORESEE a2 1)
# stones (session 28): the magic stone deck's top cards ("... and put them back in any order" only: top_only)
OpForesee = op_model("foresee", _M, count=_N, top_only=(bool, False), who=_Who, stones=(bool, False))
# "Your opponent reveals their hand." (revealed: its holder shows it) / "Look at your opponent's hand." (session 28,
# CR 1005.1, 1019.1; Op.REVEAL_HAND)
OpRevealHand = op_model("reveal_hand", _M, who=(WhoName, "opponent"), revealed=(bool, False))
# "put the top N cards of your deck into your graveyard"; to "removed": "remove the top N cards of your deck
# from the game" (CR 1004.1)
# this_way (session 29): the frame's X is the total cost of the cards moved ("... multiplied by the total cost of the card
# removed this way": a set_x of per "this_way" after it; MILL a2 bit MILL_THIS_WAY)
OpMill = op_model("mill", _M, count=_NX, who=_Who, to=(Literal["graveyard", "removed"], "graveyard"),
                  this_way=(bool, False))
# on "self": magic counters on this card (a magic stone: its MANA word, card_text.magic_counter), while it is in the field
# name: named counters of that name on the J/ruler instead (CR 1022.1, session 21; MANA_COUNTER a2 = -its id)
OpManaCounter = op_model("mana_counter", _M, count=_NamedCount, who=_Who,
                         on=(Literal["j_ruler", "self"], "j_ruler"), name=(Union[CounterName, None], None))  # noqa: UP007
# replacement and prevention effects (CR 910, 1018): "prevent the next <amount> damage that would be
# dealt to <targets / who> this turn" ("all": CR 1018.1b); "this turn, the next time <targets> would
# be destroyed, instead <instead>"; continuous: "if <filter> would be destroyed, instead <instead>
# and put this card into its owner's graveyard", "if <filter> would be put into a graveyard from
# <filter zone>, remove it from the game instead"
# "next": the next damage, all of it, once ("prevent the next damage that would be dealt to ...", CR 1018.1b: a2 = 1)
_Prevent = Union[Annotated[int, Field(gt=0, le=20000, multiple_of=100)], Literal["all", "next"], XHundreds]  # noqa: UP007
InsteadList = Annotated[list[Literal["rest", "heal"]], BeforeValidator(_as_list)]
OpPrevent = op_model("prevent", _M, amount=(_Prevent, "all"), reg=(Reg, 0))
OpPreventFrom = op_model("prevent_from", _M, reg=(Reg, 0),
                         # session 34 (s34a): "the next damage that would be dealt by <targets> [this turn]" (a0 -1 / -2)
                         amount=(Literal["all", "next", "next_until_used"], "all"))  # "prevent all damage that would be dealt by <targets> this turn"
# "<targets> don't recover during the recovery phase as long as this card is in the field" (Op.LOCK_RECOVER)
OpLockRecover = op_model("lock_recover", _M, reg=(Reg, 0))
# session 33: "<targets> lose all abilities as long as this card is in the field" (Op.LOSE_ABILITIES_WHILE)
OpLoseAbilitiesWhile = op_model("lose_abilities_while", _M, reg=(Reg, 0))
# "<targets> become(s) a [A/D] until end of turn" (session 34, s34a; CR 909.1g): Op.SET_POWER, until end of turn only
# "<cards> that share a name with another <card>" (session 34, s34a; CR 202): Op.SELECT_SHARED_NAME fills the register
OpSelectSharedName = op_model("select_shared_name", _M, filter=FowFilter, reg=(Reg, 0))
OpSetPower = op_model("set_power", _M, atk=(Hundreds, 0), defense=(Hundreds, 0),
                      duration=(Literal["end_of_turn"], "end_of_turn"), reg=(Reg, 0))
# session 34 (s34a): "Players cannot play activate abilities of <cards> they control unless they control a <card>." (a
# continuous ability's, Op.ACTIVATE_LOCK; play.activate_locked)
OpActivateLock = op_model("activate_lock", _M, filter=FowFilter, unless=FowFilter)
# session 34 (s34a): "<player> discards their hand" (Op.DISCARD_HAND)
# session 34 (s34a): "put target <card> from your removed area into your hand" (Op.REMOVED_TO_HAND)
OpRemovedToHand = op_model("removed_to_hand", _M, reg=(Reg, 0))
# session 34 (s34a): "As you choose a card to attack, you must choose this card if able." (Op.MUST_BE_ATTACKER)
OpMustBeAttacker = op_model("must_be_attacker", _M)
# session 34 (s34a): "Your opponent must block this card if able." (Op.MUST_BE_BLOCKED)
OpMustBeBlocked = op_model("must_be_blocked", _M)
OpDiscardHand = op_model("discard_hand", _M, who=_Who)
OpNoLifeGain = op_model("no_life_gain", _M)  # "Players cannot gain life." (a continuous ability's, Op.NO_LIFE_GAIN)
# session 32: "If this card would be put into your graveyard from your deck, put it into the field instead." (CR 910.1; the
# card's own continuous ability, read in its main deck: zones.to_graveyard)
OpDeckGraveToField = op_model("deck_grave_to_field", _M)
# session 32: "<cards> enter the field rested." (a continuous ability's, Op.ENTER_RESTED; zones.enter_field)
OpEnterRested = op_model("enter_rested", _M, filter=FowFilter)
# session 32: "This card cannot be blocked / attacked by <cards>." (the card's own continuous ability, Op.BARRED_BY)
OpBarredBy = op_model("barred_by", _M, by=(list[Literal["blocked", "attacked"]], Field(min_length=1, max_length=2)),
                      filter=FowFilter)
# "If damage would be dealt to you, it's dealt to this card instead." (a continuous ability's, Op.REDIRECT_DAMAGE)
OpRedirectDamage = op_model("redirect_damage", _M)
OpPreventPlayer = op_model("prevent_player", _M, amount=(_Prevent, "all"), who=_Who)
OpShieldDestroy = op_model("shield_destroy", _M, instead=(InsteadList, ["rest", "heal"]), reg=(Reg, 0))
OpReplaceDestroy = op_model("replace_destroy", _M, instead=(InsteadList, ["heal"]), filter=(Union[FowFilter, None], None))  # noqa: UP007
# owner (session 24): "into your / your opponent's graveyard" (the card's owner, CR 310.1; a2 = GraveOwner)
OpGraveToRemoved = op_model("grave_to_removed", _M, filter=FowFilter, owner=(Literal["any", "you", "opponent"], "any"))
# continuous prevention (CR 1018): "prevent all damage that would be dealt to <filter>" (amount "all"), "if damage
# would be dealt to <filter>, prevent N of it" (amount N), "if <filter> would be dealt N or less damage, prevent it"
# (amount N, at_most): Op.PREVENT_DAMAGE; source: "... by <cards>": only the damage a card that filter matches deals
# (CR 1018.1b; a2 = its row + 1, 0: any source)
OpPreventDamage = op_model("prevent_damage", _M, amount=(Union[Annotated[int, Field(gt=0, le=20000, multiple_of=100)],  # noqa: UP007
                                                                Literal["all"]], "all"),
                           at_most=(bool, False), filter=FowFilter, source=(FowFilter | None, None))
# "if <source> would deal damage [to <filter>], it deals double that much / that much +N instead" (Op.DAMAGE_MOD)
OpDamageMod = op_model("damage_mod", _M, amount=(Union[Annotated[int, Field(gt=0, le=20000, multiple_of=100)],  # noqa: UP007
                                                        Literal["double"]], "double"),
                       source=FowFilter, filter=(Union[FowFilter, None], None))  # noqa: UP007
# "put <targets> from your graveyard into your hand / into the field [rested]": the register's cards still in
# a graveyard (the choose filter's zone "graveyard", CR 903.2g)
OpGraveToHand = op_model("grave_to_hand", _M, reg=(Reg, 0))
# session 32: ``owner``: "... into the field under its owner's control" / "into its owner's field" (GRAVE_TO_FIELD a2 bit 2)
OpGraveToField = op_model("grave_to_field", _M, rested=(bool, False), reg=(Reg, 0), owner=(bool, False))
OpIf = op_model("if", _M, condition=FowCondition, skip=(int, Field(default=1, ge=1, le=20)))
# "Gain a <attribute> gem" (session 23, CR 1027.1: Op.GAIN_GEM)
# session 29: attribute "any": "Gain a gem of any attribute" (CR 1027.1a: its controller chooses one of the five as it
# resolves, for each gem; GAIN_GEM a0 = GEM_ANY)
# ``same``: "Gain two gems of any one attribute" (one choice for them all: GAIN_GEM a1 = 1)
OpGainGem = op_model("gain_gem", _M, attribute=Union[AttributeName, Literal["any"]],  # noqa: UP007
                     count=(int, Field(default=1, ge=1, le=5)), same=(bool, False))
# "[you may] banish N <attribute> gems" (session 27, CR 1011: Op.BANISH_GEM; not done when fewer were banished)
# session 29: attribute "any": "banish a gem" (the banishing player chooses which of their gems, one at a time: BANISH_GEM
# a0 = GEM_ANY); who: "your opponent banishes a gem" (CR 1011.2: a player banishes what they control)
OpBanishGem = op_model("banish_gem", _M, attribute=Union[AttributeName, Literal["any"]],  # noqa: UP007
                       count=(int, Field(default=1, ge=1, le=5)), who=(WhoName, "controller"))
# "If it's a <card>, ..." (session 23, Op.IF_IT): the card of register reg matches the filter (negated: does not)
OpIfIt = op_model("if_it", _M, filter=FowFilter, negated=(bool, False), reg=(Reg, 0),
                  skip=(int, Field(default=1, ge=1, le=20)))
# "put this card into its owner's hand / shuffle this card into its owner's deck / ... as it resolves" (session 27, CR
# 703.3): where this chant goes instead of its owner's graveyard once its text is performed (Op.CHANT_TO)
OpChantTo = op_model("chant_to", _M, to=Literal["hand", "deck_shuffled", "deck_top", "deck_bottom", "removed"])
# "At the next end of turn => <effect>" (session 27, CR 906.8): a delayed automatic ability the effect makes, its program
# ``effect`` compiled into an ability row of its own (add_ability); ``it``: about the first card of register ``reg`` (its
# "it" / "that resonator": target_trigger), else about no card (Op.DELAYED)
OpDelayed = op_model("delayed", _M, effect=Annotated[list[Any], Field(min_length=1, max_length=12),
                                                     AfterValidator(lambda v: _delayed_valid(v))],
                     it=(bool, False), reg=(Reg, 0), removed=(bool, False))
# ``removed`` (session 29): "it" is the card the effect removed from the game, in a removed area (DELAYED a1 = 2)
OpIfDone = if_done_op(_M)  # "If you do, ..." (CoreOp.IF_DONE) after an op of _REPORTS_DONE
_SEARCH_REST = {"bottom": K.SEARCH_REST_BOTTOM, "graveyard": K.SEARCH_REST_GRAVEYARD, "top": 0,
                "bottom_any": K.SEARCH_REST_BOTTOM | K.SEARCH_REST_ANY, "top_any": K.SEARCH_REST_ANY}
_SEARCH_REVEAL = {"none": 0, "taken": K.SEARCH_REVEAL_TAKEN, "taken_more": K.SEARCH_REVEAL_TAKEN | K.SEARCH_REVEAL_MORE,
                  "top": K.SEARCH_REVEAL_TOP}


class FowPer(StrictModel):
    """"... for each <what>": the cards of the fields ``filter`` matches (seen from the ability's
    controller), or the cards in its controller's hand or graveyard."""

    # self_atk: the card's own ATK / 100; hand_other: the hand but the card itself (a card's own cost, Per.HAND_OTHER)
    count: Literal["field", "hand", "graveyard", "self_atk", "trigger_damage", "removed", "named", "attributes",
                   "hand_other", "resonators_to_graveyard", "resonators_to_graveyard_all", "opp_hand", "opp_graveyard",
                   "opp_removed", "gems", "target_def", "target_atk", "names", "life", "self_counters", "zone",
                   "max_cost", "field_and_ruler", "trigger_cost",
                   "distinct_names", "target_controller", "this_way", "force_roll", "gem_attributes", "standby"] = "field"
    filter: FowFilter | None = None
    # count "named": the counters of this name on this card or your J/ruler (CR 1022.1; session 21, Per.NAMED)
    counter_name: CounterName | None = None
    counters_from: Literal["this_card", "j_ruler"] = "this_card"
    # count "force_roll" (session 29): the dice rolled ("[Force] N", CR 1023.1)
    dice: int = Field(default=0, ge=0, le=5)


FowCondition.model_rebuild()  # its per (session 32)


# per: "gains [+100/+100] for each <cards>" (the AURA_PER row before it, constants.Op)
OpAuraPower = op_model("aura_power", _M, atk=(SignedHundreds, 0), defense=(SignedHundreds, 0), filter=FowFilter,
                       per=(Union[FowPer, None], None))  # noqa: UP007
OpAuraKeyword = op_model("aura_keyword", _M, keywords=KeywordList, filter=FowFilter)
OpAuraRestrict = op_model("aura_restrict", _M, restrictions=RestrictionList, filter=FowFilter)
# per: "... for each <cards>" (the AURA_PER row before it); a filter self_only in the hand: the card's own
# "you may pay {N} less to play this card" (characteristics.own_reduction)
# optional: "you may pay ..." (the player may decline it, CR 903.2i-iv: asked as the card is played, only the
# card's own, self_only; a2 bit COST_RED_OPTIONAL), else "you pay {N} less ..." (always applied); attributes: the
# attribute will less ("{B}{B}": darkness twice; a2's COST_RED_ATTR_* fields), only optional and the card's own
# amount < 0: "you pay {N} more to play this card" (CR 903.2i-ii: an increase; a card's own, not optional)
OpCostReduction = op_model("cost_reduction", _M, amount=(int, Field(default=1, ge=-10, le=10)), filter=FowFilter,
                           per=(Union[FowPer, None], None), optional=(bool, False),  # noqa: UP007
                           attributes=(list[Literal["light", "fire", "water", "wind", "darkness"]],
                                       Field(default_factory=list, max_length=6)))
# "... for each <cards>" in a one-time effect: the X of the ops after it (their "X" / "X00" operands) is
# ``times`` x the count (constants.Op.SET_X)
# reg: the register whose card's DEF / ATK a count target_def / target_atk reads (session 27)
# session 28: X = max(0, times x the count + plus) ("where X is five minus the number of cards in your hand": times -1,
# plus 5; CR 104.2: a negative amount is none); SET_X a2 = times + plus x SET_X_PLUS
# session 29: "Rest a recovered J/ruler you control." as an effect (Op.REST_J_RULER; not done when it is rested already)
OpRestJRuler = op_model("rest_j_ruler", _M)
# session 32: "[you may] pay {R}{R} / N life" as an effect (Op.PAY: not done when it cannot all be paid; "If you do, ...")
OpPay = op_model("pay", _M, will=(str, ""), life=(int, Field(default=0, ge=0, le=8000)))
OpSetX = op_model("set_x", _M, per=FowPer, times=(int, Field(default=1, ge=-100, le=100)), reg=(Reg, 0),
                  plus=(int, Field(default=0, ge=-100, le=100)))

# "Choose one - A; or B" (CR 903.2e): the effect's only op; each mode is an effect of its own (checked as one,
# _modes_valid), compiled into an ability row of its own that the SELECT_MODE row names (constants.Op.SELECT_MODE)
# ``conditions`` (session 24): mode k may be chosen only while conditions[k] holds ("Choose this option only if ...",
# CR 903.2e; None or missing: always); ``at_random``: "Choose one at random" (SELECT_MODE a2 = MODE_AT_RANDOM)
OpSelectMode = op_model("select_mode", _M, modes=Annotated[list[list[Any]], Field(min_length=2, max_length=K.OPTION_SLOTS),
                                                AfterValidator(lambda v: _modes_valid(v))],
                        conditions=(list[Union[FowCondition, None]], Field(default_factory=list,  # noqa: UP007
                                                                           max_length=K.OPTION_SLOTS)),
                        at_random=(bool, False))

# session 33 (s33a): "You may pay the attribute cost of <cards> with will of any attribute / with <attribute> will." (a
# continuous ability's, Op.ATTR_COST_ANY; the attributes whose will may pay it: ``will``; the cards played: ``filter``,
# zone chase, their characteristics only, as a "spend only" filter: costs.attr_any_mask)
OpAttrCostAny = op_model("attr_cost_any", _M, will=(list[Literal["light", "fire", "water", "wind", "darkness"]],
                                                    Field(min_length=1, max_length=5)), filter=FowFilter)
# session 33 (s33a): "Your opponent pays {N} more to play <chants>." / "Players pay {N} more ..." (a continuous ability's,
# Op.COST_INCREASE; CR 903.2i-iii: an increase of generic will; ``who``: whose plays, seen from its controller; the chants
# played: ``filter``, zone anywhere: a chant played from the hand, a graveyard, the standby area or the removed area)
OpCostIncrease = op_model("cost_increase", _M, amount=(int, Field(ge=1, le=10)),
                          who=(Literal["opponent", "players"], "opponent"), filter=FowFilter)
# session 33 (s33a): "J/resonators your opponent controls cannot attack unless your opponent pays {N}." (a continuous
# ability's, Op.ATTACK_TAX; battle.attack_tax)
OpAttackTax = op_model("attack_tax", _M, amount=(int, Field(ge=1, le=10)), filter=FowFilter)
# session 33 (s33a): "If an ability or effect your opponent controls would make you pay any amount of will, you pay {0}
# instead." (a continuous ability's, Op.OPP_PAYMENT_FREE; characteristics.opp_payment_free)
OpOppPaymentFree = op_model("opp_payment_free", _M)
# session 34 (s34b): "Cancel target spell unless its controller pays {N}." (Op.CANCEL_UNLESS_PAY, CR 1012.1, 1003): on the
# register's spell, its controller's choice as it resolves (effects.cancel_unless_pay)
OpCancelUnlessPay = op_model("cancel_unless_pay", _M, amount=(Union[Annotated[int, Field(ge=1, le=10)], XCount], 1),  # noqa: UP007
                             reg=(Reg, 0))
# session 34 (s34b): "Cancel target activate / automatic ability." (Op.CANCEL_ABILITY, CR 1012.1): the register's ability
# on the chase (a CHOOSE of a FowFilter.ability filter) leaves the chase
OpCancelAbility = op_model("cancel_ability", _M, reg=(Reg, 0))
# session 34 (s34b): "[You may] reveal any number of <cards> [with different names] from your hand." (Op.REVEAL_FROM_HAND,
# CR 1005.1): its controller reveals matching hand cards one at a time (none sharing a name with one revealed before:
# different_names), kept in the register; the frame's X counts them ("for each card revealed this way": Per.THIS_WAY)
OpRevealFromHand = op_model("reveal_from_hand", _M, filter=FowFilter, different_names=(bool, False), reg=(Reg, 0))
_OP_MODELS = (
    OpSelectMode, OpChoose, OpSelectAll, OpTargetSelf, OpPower, OpDamage, OpDestroy, OpRest, OpRecover,
    OpReturnToHand, OpRemove, OpCancel, OpBanish, OpRemoveFromBattle, OpGrantKeyword, OpRestrict,
    OpCounter, OpDraw, OpDiscard, OpDamagePlayer, OpGainLife, OpLoseLife, OpSearch, OpProduceWill, OpCallStone,
    OpForesee, OpMill, OpIf, OpIfDone, OpAuraPower, OpAuraKeyword, OpAuraRestrict, OpCostReduction, OpPrevent,
    OpPreventPlayer, OpShieldDestroy, OpReplaceDestroy, OpGraveToRemoved, OpManaCounter, OpToDeckTop, OpToDeckBottom,
    OpSetX, OpPowerX, OpGraveToHand, OpGraveToField, OpPreventDamage, OpTargetTrigger, OpDamageMod, OpPreventFrom, OpLockRecover, OpNoLifeGain, OpRedirectDamage,
    OpMakeToken, OpWeather, OpInvert, OpGainControl, OpPlayerBanish, OpIfIt, OpGainGem, OpChantTo, OpDelayed, OpBanishGem,
    OpRevealHand, OpRemoveGrave, OpRevealTop, OpIfCost, OpRestJRuler, OpRemovedToField, OpPay, OpPlayerChoose, OpGraveRemove, OpNoLifeGainTurn,
    OpDeckGraveToField, OpEnterRested, OpBarredBy, OpLoseAbilitiesWhile, OpAttrCostAny, OpCostIncrease, OpAttackTax,
    OpOppPaymentFree, OpSetPower, OpSelectSharedName, OpActivateLock, OpDiscardHand, OpRemovedToHand,
    OpMustBeAttacker, OpMustBeBlocked,
    OpCancelUnlessPay, OpCancelAbility, OpRevealFromHand,
)  # fmt: skip
EffectOp = Annotated[Union[_OP_MODELS], Field(discriminator="op")]  # noqa: UP007
Effect = Annotated[list[EffectOp], Field(min_length=1, max_length=24)]
#: op name in card files -> constants.Op
EFFECT_OPS: dict[str, K.Op] = op_codes(_OP_MODELS, K.Op)


@functools.cache
def _effect_adapter() -> TypeAdapter:
    """The validator of an effect (a mode's, a delayed ability's), built once: built on every call it took 4.3 s of
    the fow-sim list's import (470 builds, session 29's profile in docs/performance-log.md)."""
    return TypeAdapter(Effect)


def _modes_valid(modes: list[list[Any]]) -> list[list[Any]]:
    effect = _effect_adapter()
    out = [effect.validate_python(m) for m in modes]
    if any(op.op == "select_mode" for m in out for op in m):
        raise ValueError("a mode is no choice of modes")
    return out


def _delayed_valid(effect: list[Any]) -> list[Any]:
    out = _effect_adapter().validate_python(effect)
    if any(op.op in ("select_mode", "delayed", "chant_to") for op in out):
        raise ValueError("a delayed ability's effect is no choice of modes, delayed ability or chant's destination")
    return out


_TAGS = frozenset(EFFECT_OPS)

_TARGETING = {"choose", "select_all", "target_self", "target_trigger", "reveal_top", "player_choose",
              "select_shared_name"}
# the ops that report NOT_DONE when they did not do what they say (engine.effects: the core's DISCARD, not every
# card discarded, CR 104.2; session 27: the each-target destroy, banish, return to the hand and removal from the game,
# not done to a card still in the field after it, effects.target_done; PLAYER_BANISH: fewer than N banished): the ops
# an "if_done" may follow
_REPORTS_DONE = frozenset({"discard_hand", "discard", "destroy", "banish", "return_to_hand", "remove", "player_banish", "banish_gem",
                           "rest_j_ruler", "pay"})
_ON_REGISTER = {
    "power", "power_x", "damage", "destroy", "rest", "recover", "return_to_hand", "remove", "cancel", "banish",
    "remove_from_battle", "to_deck_top", "to_deck_bottom", "gain_control",
    "grant_keyword", "restrict", "counter", "prevent", "shield_destroy", "grave_to_hand", "grave_to_field",
    "grave_remove", "prevent_from", "lock_recover", "lose_abilities_while", "if_it", "if_cost", "removed_to_field", "set_power", "removed_to_hand",
    "cancel_unless_pay", "cancel_ability",
}  # fmt: skip
_CONTINUOUS_ONLY = {"aura_power", "aura_keyword", "aura_restrict", "cost_reduction", "replace_destroy", "no_life_gain",
                    "activate_lock", "must_be_attacker", "must_be_blocked",
                    "redirect_damage",
                    "grave_to_removed", "prevent_damage", "damage_mod", "deck_grave_to_field",
                    "enter_rested", "barred_by", "attr_cost_any", "cost_increase", "attack_tax", "opp_payment_free"}  # fmt: skip
_INSTEAD_BITS = {"rest": K.INSTEAD_REST, "heal": K.INSTEAD_HEAL}


class FowAbility(StrictModel):
    """An ability (CR 900s): ``activate`` ("<cost>: <effect>", on the chase), ``will`` (an activate
    ability that produces will: no chase, CR 907.3), ``automatic`` ("<trigger> => <effect>",
    [Enter] is ``trigger = "enter"``, CR 1140) or ``continuous`` (auras, CR 904)."""

    kind: KindName
    trigger: TriggerName | None = None
    trigger_whose: Literal["any", "yours", "opponents"] = "any"
    trigger_filter: FowFilter | None = None
    condition: FowCondition | None = None
    optional: bool = False
    once: Literal["no", "turn", "game"] = "no"  # "game": [God's Art] only, with its name (CR 1112.2)
    # "[God's Art] <name>" (CR 1112.2): once per game per player, by this name (1112.2a)
    gods_art: str | None = Field(default=None, min_length=1, max_length=80)
    cost: FowCost | None = None
    effect: Effect


class FowAwakening(StrictModel):
    """[Awakening] (cost): (text), CR 1109: the extra cost, and what the awakened card does as it
    enters the field."""

    cost: WillCost = ""
    moon: int = Field(default=0, ge=0, le=5)  # {M} in the cost: moon will (CR 1003.6), the awakening row's A_COST_MOON
    # "[Awakening] Rest a recovered J/ruler you control" (CR 1013): the awakening row's A_COST_REST (play.payable)
    rest_j_ruler: bool = False
    rest_named: str | None = None  # "[Awakening] Rest a recovered card named "<name>" you control" (FowCost.rest_named)
    # "[Awakening] Remove N <name> counters from your J/ruler" (CR 1022.1; session 21): the awakening row's A_COST_NAMED
    counters: int = Field(default=0, ge=0, le=20)
    counter_name: CounterName | None = None
    # session 29: "[Awakening] Banish a [<attribute>] gem / N gems" (the awakening row's A_COST_GEMS, FowCost.gems)
    gems: int = Field(default=0, ge=0, le=5)
    gem_attribute: AttributeName | None = None
    # a resonator's: its text, performed as it enters the field; a chant's: none (CR 1109.2: a chant is played with
    # its own effect, whose "if this card was awakened" reads how it was played, Condition.AWAKENED)
    effect: Annotated[list[EffectOp], Field(max_length=24)]


class FowBarrierFrom(StrictModel):
    """[Barrier] <information> (CR 1120.3): the card cannot be targeted by spells or abilities of another player's
    whose card (the spell's, or the card whose ability it is) has one of ``attributes``, one of ``types`` or a total
    cost of ``cost_max`` or less (C_TYPE_BITS from TB_BARRIER_SHIFT, filters.filter_match)."""

    attributes: Annotated[list[AttributeName], BeforeValidator(_as_list)] = Field(default_factory=list)
    types: list[Literal["resonator", "chant", "rune"]] = Field(default_factory=list)
    cost_max: int | None = Field(default=None, ge=0, le=K.BARRIER_COST_MAX)


class FowIncarnation(StrictModel):
    """[Incarnation] [<attribute>]..., CR 1110: banish ``count`` resonators with any of
    ``attributes`` instead of paying the cost."""

    attributes: Annotated[list[AttributeName], BeforeValidator(_as_list), Field(min_length=1)]
    count: int = Field(default=1, ge=1, le=3)


class FowMastery(StrictModel):
    """[Mastery] "<name>" (session 24; not in CR 8.01, its reminder): "You may rest a recovered card named <name> you
    control rather than pay this card's cost" - an alternative cost played as [Incarnation]'s (CR 1110.2: the INCARNATE
    action; packed in C_INCARNATION as -name id, play.mastery_slot)."""

    name: str = Field(min_length=1)


class FowTrigger(StrictModel):
    """A chant's [Trigger] (CR 1113, 708): automatic-like "[Trigger] <condition> => <effect>"
    (``trigger`` set, CR 1113.2b / 1416.2a: when it is met the chant in the hand or the standby
    area is revealed and played) or activate-like "[Trigger] <cost>: <effect>" (no ``trigger``,
    CR 1113.2a / 1416.2b-c: played at any priority). ``cost``: the [Trigger]'s cost (will, life,
    discard; CR 708.4: from the hand the chant's cost is paid too); ``condition``: a play
    requirement (CR 1416.4). The effect is the chant's ``effect``."""

    trigger: TriggerName | None = None
    trigger_whose: Literal["any", "yours", "opponents"] = "any"
    condition: FowCondition | None = None
    cost: FowCost | None = None


class FowStealth(StrictModel):
    """[Stealth] <condition> (CR 1114.2): while the resonator is in your standby area you may play
    it without paying its cost when the condition is fulfilled, also on the turn it was put there
    (1114.3). Read like [Trigger] (CR 1416.1a): an event (``trigger``, "when ...": played as an
    automatic object, 1416.2a) or a state (``condition`` alone: played like an activate ability
    whenever its controller has priority, 1416.2b); an event may also have a ``condition``."""

    trigger: TriggerName | None = None
    trigger_whose: Literal["any", "yours", "opponents"] = "any"
    condition: FowCondition | None = None


_PAY_CHOSEN_CODE = {"banish": 2, "rest": 4, "remove": 6}  # A_COST_BANISH_SELF's code + register (priority.pay_chosen_cost)
ForceCommand = Literal[K.FORCE_COMMANDS]  # [Force Command] <X> tags (session 24), bits of C_BASIC from K.FORCE_COMMAND_SHIFT
DeckMark = Literal[K.DECK_MARKS]  # the deck-building marks (CR 1101.1b), bits of C_BASIC from K.DECK_MARK_SHIFT


class FowCard(CardBase):
    type: TypeName
    attribute: Annotated[list[WillName], BeforeValidator(_as_list)] = Field(default_factory=list)
    cost: WillCost | None = None  # CR 203; none for rulers, J-rulers and magic stones
    atk: Hundreds = 0  # CR 206: J/resonators
    defense: Hundreds = 0  # CR 207: J/resonators
    races: Annotated[list[Annotated[str, Field(min_length=1, max_length=40)]], BeforeValidator(_as_list),
                     Field(max_length=2)] = Field(default_factory=list)  # fmt: skip
    keywords: Annotated[list[KeywordName], BeforeValidator(_as_list)] = Field(default_factory=list)
    # rulers: the number of the J-ruler side and the [Judgment] cost (CR 705.3, 1125)
    j_ruler: str | None = Field(default=None, min_length=1)
    judgment: WillCost | None = None
    # an Inverse card's hope side (CR 1302.3): the number of its despair side ("Invert this card", CR 1030.1; C_J_SIDE)
    inverse: str | None = Field(default=None, min_length=1)
    # magic stones: the will its rest ability produces (CR 907), one or two choices; basic (CR 402.4b)
    will: Annotated[list[ProducedWill], BeforeValidator(_as_list), Field(max_length=2)] = Field(default_factory=list)
    basic: bool = False
    # deck building (session 22, CR 402.8; packed in C_BASIC, decks.validate_deck): "You may have any number of copies of
    # this card in your deck." (deck_any_copies); the marks it has (CR 1101.1b: [Will of Hope], [Will of Despair],
    # [Tales], [Villains]); "You cannot have cards with [<mark>] in your deck [or magic stone deck]." (deck_forbids, and
    # deck_forbids_stones for the magic stone deck too)
    deck_any_copies: bool = False
    marks: Annotated[list[DeckMark], BeforeValidator(_as_list)] = Field(default_factory=list)
    deck_forbids: Annotated[list[DeckMark], BeforeValidator(_as_list)] = Field(default_factory=list)
    deck_forbids_stones: bool = False
    # "[Force Command] <X>" (session 24; its reminder: "Apply all [Force Resonance] <X> abilities of cards you control in
    # all zones."): the tags, read by the condition force_command of other cards' [Force Resonance] <X> text (C_BASIC)
    force_command: Annotated[list[ForceCommand], BeforeValidator(_as_list)] = Field(default_factory=list)
    # session 24 (CR 402.8): "You may have up to N copies of this card in your deck." (deck_max_copies, 0: the rules'
    # four); a ruler's "You may not have more than one copy of any card in your deck." (deck_one_copy)
    deck_max_copies: int = Field(default=0, ge=0, le=K.DECK_MAX_MASK)
    # session 24 (CR 1022.6): "This card enters the field with N <name> / [+100/+100] counters [on it]." (C_ENTER_COUNTERS)
    enters_counters: FowEnterCounters | None = None
    deck_one_copy: bool = False
    addition: AdditionName | None = None  # additions: what it is added to (CR 1406.1a)
    mana: int = Field(default=0, ge=0, le=10)  # [Mana] counters (CR 1122)
    divinity: int = Field(default=0, ge=0, le=20)  # runes: CR 209; J/rulers: [Divinity] (CR 1136)
    master: bool = False  # runes: a master rune (CR 201.3c, 402.6c)
    chant_rune: bool = False  # runes: also a chant, "Chant/Rune" (CR 201.2c-i, 402.6d)
    # runes: free will paid more (> 0) or less (< 0) to play it from a rune area ("You pay {1} more / You may
    # pay {1} less to play this card from a rune area", CR 711.2, 903.2i); the card column C_INCARNATION_N
    rune_cost: int = Field(default=0, ge=-10, le=10)
    # runes: attribute will paid more ("You pay {W} more ...") or, rune_will_less, less ("You may pay {W} less ...") to
    # play it from a rune area (CR 903.2i-ii / 903.2i-iv; session 21); the card column C_INCARNATION (play.rune_attr_change)
    rune_will: WillCost | None = None
    rune_will_less: bool = False
    story: bool = False  # chants: a story chant, for the extra deck ([Grimoire], CR 1132.2)
    enters_rested: bool = False  # "This card enters the field rested." (C_TYPE_BITS TB_ENTERS_RESTED)
    # magic stones: "If you already control two or more magic stones that share a name with this card, this card enters
    # the field rested." (C_TYPE_BITS TB_ENTERS_RESTED_SHARED)
    enters_rested_shared: bool = False
    # magic stones: "If <condition>, this card enters your field / magic stone area rested." (session 22): packed in
    # C_PLAY_COND (a magic stone is not played, CR 702.1: the column is free), checked as it enters (zones.enter_field)
    enters_rested_if: FowCondition | None = None
    # magic stones, session 34 (s34b): "[If <condition>, ]this card enters your field rested unless you pay N life." (N
    # here) and "As this card enters ..., you may reveal a <card> from your hand. If you don't, this card enters ...
    # rested." (the hand cards it may reveal): its controller chooses as it enters (zones.enter_field marks it,
    # priority.ask_enter_unless asks; CR 910.1). Packed in UNLESS_LIFE_COL / UNLESS_REVEAL_COL (a magic stone
    # has no [Judgment]: its columns are free)
    enters_unless_life: int = Field(default=0, ge=0, le=10000)
    enters_unless_reveal: FowFilter | None = None
    # "This card has / gains "<name>" in addition to its other names." (CR 202): a second name (packed in C_NAME), which names
    # are compared with everywhere (filters, "if you control "<name>"", "your J/ruler is "<name>"") and which deck
    # construction counts (CR 402.3b: at most four cards with the same name, decks.validate_deck)
    also_named: str | None = Field(default=None, min_length=1)
    # "This card gains "<name>" in addition to its other names." on a J/resonator, addition, regalia or magic stone: an
    # ability, active in the field only (CR 902.1a): the second name there, not in the hand, deck or graveyard
    also_named_in_field: bool = False
    # chants: [Remnant] (CR 1115.2): it may be played from its owner's graveyard, then removed from the game instead of
    # leaving the chase for anywhere else (C_TYPE_BITS TB_REMNANT)
    remnant: bool = False
    # "You may play this card from your removed area." (CR 903.2; C_TYPE_BITS TB_FROM_REMOVED)
    from_removed: bool = False
    # "This card cannot be cancelled." (session 21, CR 1012): a spell no cancel takes off the chase (C_UNCANCELABLE)
    uncancelable: bool = False
    # "Players cannot chase to this card." (session 27): while it is the last on the chase, no player plays a card or an
    # ability but will abilities (C_UNCANCELABLE bit UNCHASEABLE; kernels.priority_mask)
    unchaseable: bool = False
    # a token (CR 1303): a resonator no deck holds, made by an effect (the op make_token names it); no cost
    # (CR 1303.1a: only the information its effect specifies), C_TYPE_BITS TB_TOKEN
    token: bool = False
    # magic stones: the magic stone types "Treat this card as a fire magic stone and ..." gives (CR 201.4, 904.2a;
    # C_TYPE_BITS from TB_STONE_SHIFT); a stone named "<Attribute> Magic Stone" has that type anyway (CR 201.4b)
    stone_types: Annotated[list[Literal["light", "fire", "water", "wind", "darkness"]], BeforeValidator(_as_list),
                           Field(max_length=5)] = Field(default_factory=list)  # fmt: skip
    grimoire: int = Field(default=0, ge=0, le=K.MAX_EXTRA)  # rulers: [Grimoire] N (CR 1132.2, 402.5c)
    stealth: FowStealth | None = None  # resonators: [Stealth] <condition> (CR 1114)
    # "Play this card only if <condition>." (C_PLAY_COND / C_PLAY_COND_ARG, play.card_playable): from the hand, or
    # the graveyard by [Remnant]; not on a card played from the standby area ([Trigger], [Stealth])
    play_condition: FowCondition | None = None
    mastery: FowMastery | None = None  # [Mastery] "<name>" (session 24): an alternative cost (C_INCARNATION < 0)
    # "[Judgment] <will>. Play this ability only if <condition>." (CR 705.2b): a ruler's, packed in C_PLAY_COND (a
    # ruler is not played from the hand; play.judgment_legal)
    judgment_condition: FowCondition | None = None
    # resonators: [Mobilize] <cost> (CR 1129.2): will paid to attack or block with it (C_MOBILIZE, TB_MOBILIZE)
    mobilize: WillCost | None = None
    effect: Effect | None = None  # chants and runes: what resolving it does (CR 703.3)
    # chants: "As an additional cost to play this card, banish a <card> / rest a recovered <card> you control" (CR
    # 903.2j): pay_chosen and pay_reg only, the card chosen by the effect's choose on pay_reg (its spell row's
    # A_COST_BANISH_SELF, priority.pay_chosen_cost)
    play_cost: FowCost | None = None
    trigger: FowTrigger | None = None  # chants: [Trigger] (CR 1113)
    awakening: FowAwakening | None = None  # resonators: [Awakening] (CR 1109)
    incarnation: FowIncarnation | None = None  # resonators: [Incarnation] (CR 1110)
    barrier_from: FowBarrierFrom | None = None  # entities: [Barrier] <information> (CR 1120.3)
    abilities: list[FowAbility] = Field(default_factory=list, max_length=8)


def stone_type_bits(card) -> int:
    """The magic stone types of ``card`` as C_TYPE_BITS bits (CR 201.4): those its text gives (``stone_types``)
    and, on a magic stone named "<Attribute> Magic Stone", that one (CR 201.4b)."""
    names = set(card.stone_types)
    if card.type == "magic_stone":
        for a in K.ATTRIBUTE_NAMES:
            if card.name.strip().lower() == f"{a} magic stone":
                names.add(a)
    return sum(1 << (K.TB_STONE_SHIFT + K.ATTRIBUTE_NAMES.index(a)) for a in names)


def fow_kernel_flags(cards: np.ndarray, code: np.ndarray, abilities: np.ndarray | None = None,
                     filters: np.ndarray | None = None) -> np.ndarray:
    """The ``flags`` table of a pool's ``T`` (constants.FL_*): the pool's row holds the RESTRICT_* bits
    its RESTRICT and AURA_RESTRICT instructions give (the only ways a card gets one: effects.
    add_restrictions, characteristics.aura_sums) and whether it has a COST_REDUCTION or a SELECT_MODE instruction
    or a SEARCH that reveals or a REVEAL_HAND (FLAG_REVEAL: the observation's `revealed` block);
    the cards' rows are unused (0)."""
    from tcg_env.engine.tables import FLAG_WORDS

    flags = np.zeros((cards.shape[0] + 1, FLAG_WORDS), np.int32)
    restricting = (code[:, K.I_OP] == K.Op.RESTRICT) | (code[:, K.I_OP] == K.Op.AURA_RESTRICT)
    flags[-1, K.FL_RESTRICT] = np.bitwise_or.reduce(code[restricting, K.I_A0]) if restricting.any() else 0
    if (code[:, K.I_OP] == K.Op.LOSE_ABILITIES_WHILE).any():
        flags[-1, K.FL_RESTRICT] |= K.RESTRICT_NO_ABILITIES  # session 33: characteristics.lost_abilities reads the shields
    if (code[:, K.I_OP] == K.Op.SET_POWER).any():
        flags[-1, K.FL_RESTRICT] |= K.RESTRICT_POWER_SET  # session 34 (s34a): characteristics.power_set reads it
    if (code[:, K.I_OP] == K.Op.COST_REDUCTION).any():
        flags[-1, K.FL_MISC] |= K.FLAG_COST_REDUCTION
        if (code[code[:, K.I_OP] == K.Op.COST_REDUCTION, K.I_A2] >> K.COST_RED_ATTR_SHIFT).any():
            flags[-1, K.FL_MISC] |= K.FLAG_ATTR_REDUCTION
    if (code[:, K.I_OP] == K.Op.SELECT_MODE).any():
        flags[-1, K.FL_MISC] |= K.FLAG_SELECT_MODE
    if abilities is None or ((abilities[:, K.A_KIND] == K.AbilityKind.AUTOMATIC)
                             & np.isin(abilities[:, K.A_TRIGGER], (K.Trigger.YOU_PLAY, K.Trigger.YOU_AWAKEN))).any():
        flags[-1, K.FL_MISC] |= K.FLAG_YOU_PLAY  # (without the abilities: set, the kernels skip nothing)
    for trig, bit in ((K.Trigger.LEAVES_FIELD, K.FLAG_LEAVES_FIELD), (K.Trigger.IS_BLOCKED, K.FLAG_IS_BLOCKED),
                      (K.Trigger.OTHER_TO_GRAVEYARD, K.FLAG_OTHER_TO_GRAVE),
                      (K.Trigger.BECOMES_RESTED, K.FLAG_BECOMES_RESTED)):
        if abilities is None or ((abilities[:, K.A_KIND] == K.AbilityKind.AUTOMATIC) & (abilities[:, K.A_TRIGGER] == trig)).any():
            flags[-1, K.FL_MISC] |= bit  # (without the abilities: set, the kernels skip nothing)
    if (code[:, K.I_OP] == K.Op.MUST_BE_ATTACKER).any():
        flags[-1, K.FL_MISC] |= K.FLAG_MUST_ATTACKER  # session 34 (s34a): battle.attacker_required reads them
    if (code[:, K.I_OP] == K.Op.ACTIVATE_LOCK).any():
        flags[-1, K.FL_MISC] |= K.FLAG_ACTIVATE_LOCK  # session 34 (s34a): play.activate_locked reads them
    if ((code[:, K.I_OP] == K.Op.NO_LIFE_GAIN) | (code[:, K.I_OP] == K.Op.NO_LIFE_GAIN_TURN)).any():
        flags[-1, K.FL_MISC] |= K.FLAG_NO_LIFE_GAIN
    if (code[:, K.I_OP] == K.Op.ENTER_RESTED).any():
        flags[-1, K.FL_MISC] |= K.FLAG_ENTER_RESTED  # session 32
    if (code[:, K.I_OP] == K.Op.BARRED_BY).any():
        flags[-1, K.FL_MISC] |= K.FLAG_BARRED_BY  # session 32
    if (code[:, K.I_OP] == K.Op.ATTACK_TAX).any():
        flags[-1, K.FL_MISC] |= K.FLAG_ATTACK_TAX  # session 33 (s33a)
    if (code[:, K.I_OP] == K.Op.CANCEL_ABILITY).any():
        flags[-1, K.FL_MISC] |= K.FLAG_ABILITY_TARGET  # session 34 (s34b): the only reader of CHASE_ABILITY targets
    if (code[:, K.I_OP] == K.Op.COST_INCREASE).any():
        flags[-1, K.FL_MISC] |= K.FLAG_COST_INCREASE | K.FLAG_COST_REDUCTION  # session 33 (s33a): cost_reduction reads it
    if (code[:, K.I_OP] == K.Op.ATTR_COST_ANY).any():
        flags[-1, K.FL_MISC] |= K.FLAG_ATTR_ANY  # session 33 (s33a)
    if ((code[:, K.I_OP] == K.Op.AURA_KEYWORD) & ((code[:, K.I_A0] & K.KW_QUICKCAST) != 0)).any():
        flags[-1, K.FL_MISC] |= K.FLAG_HAND_QUICKCAST  # play.hand_quickcast
    if (code[:, K.I_OP] == K.Op.REDIRECT_DAMAGE).any():
        flags[-1, K.FL_MISC] |= K.FLAG_REDIRECT_DAMAGE
    if (code[:, K.I_OP] == K.Op.INVERT).any():
        flags[-1, K.FL_MISC] |= K.FLAG_INVERSE
    if (cards[:, K.C_KEYWORDS] & K.KW_MYTHIC).any():
        flags[-1, K.FL_MISC] |= K.FLAG_MYTHIC  # rule_processes.mythic_sweep
    if (code[:, K.I_OP] == K.Op.DAMAGE_MOD).any():
        flags[-1, K.FL_MISC] |= K.FLAG_DAMAGE_MOD
    if (code[:, K.I_OP] == K.Op.PREVENT_DAMAGE).any():
        flags[-1, K.FL_MISC] |= K.FLAG_PREVENT_CONT
    choosing = code[:, K.I_OP] == K.Op.CHOOSE
    if ((code[choosing, K.I_A1] >= 2) & (code[choosing, K.I_A2] == 0)).any():
        flags[-1, K.FL_MISC] |= K.FLAG_MULTI_TARGET  # effects.all_targets_available counts their targets (CR 903.2g)
    if abilities is None or (abilities[:, K.A_COST_BANISH_SELF] < 0).any() \
            or (cards[:, K.C_TYPE_BITS] & K.TB_FROM_REMOVED).any():
        flags[-1, K.FL_MISC] |= K.FLAG_DIVE  # play.dive_actions, removed_actions (without the abilities: set)
    if (cards[:, K.C_TYPE_BITS] & K.TB_REMNANT).any():
        flags[-1, K.FL_MISC] |= K.FLAG_REMNANT  # play.grave_card_playable, only in pools with a [Remnant] card
    searching = code[:, K.I_OP] == K.Op.SEARCH
    if (code[searching, K.I_A2] & (K.SEARCH_REVEAL_TAKEN | K.SEARCH_REVEAL_TOP | K.SEARCH_OPPONENT)).any() or \
            (code[:, K.I_OP] == K.Op.REVEAL_HAND).any() or (code[:, K.I_OP] == K.Op.REVEAL_TOP).any():
        flags[-1, K.FL_MISC] |= K.FLAG_REVEAL
    return flags


# ---- the compiled pool ------------------------------------------------------------------------
@dataclass(kw_only=True)
class FowCardTable(CardTable):
    """A compiled Force of Will card pool: the shared fields (:class:`tcg_env.cards.pool.CardTable`:
    int32 tables ``cards [n, C_NCOLS]``, ``abilities``, ``filters``, ``code``) and the interned race
    names. Its observation features: :func:`card_obs_features`."""

    GAME = "force_of_will"

    ABIL_START_COL, ABIL_COUNT_COL, ABIL_KIND_COL = K.C_ABIL_START, K.C_ABIL_COUNT, K.A_KIND
    STAT_COLS = (K.C_ATK, K.C_DEF)
    PACK = staticmethod(pack_tables)
    race_ids: dict[str, int]
    gods_art_ids: dict[str, int]  # [God's Art] name -> its id (A_GODS_ART, a bit of state.GODS_ART_USED), from 0
    counter_ids: dict[str, int] = field(default_factory=dict)  # named counter -> its kind in state.NAMED, from 1

    race_names = property(lambda self: inverse_ids(self.race_ids), doc="Race id -> race name ('' for id 0).")

    def card_obs_features(self) -> np.ndarray:
        return card_obs_features(self.cards)

    def kernel_flags(self) -> np.ndarray:
        return fow_kernel_flags(self.cards, self.code, self.abilities, self.filters)

    def cards_reachable(self, in_play: np.ndarray) -> np.ndarray:
        """The card ids a game of the cards ``in_play`` (its decks') can ever hold (sorted): those cards and, to a fixed
        point, the other sides of their cards (``C_J_SIDE`` both ways: a ruler's J-ruler side, CR 705.3; an Inverse
        card's despair side, CR 1302.3) and the tokens their programs make (Op.MAKE_TOKEN's a0, CR 1303). No other
        card row enters a game: a rune's copy is its rune's row (CR 1017.3), a gem is no card row (state.GEMS)."""
        owner = self.abilities[:, K.A_CARD]
        have = np.zeros(self.n_cards, bool)
        have[np.asarray(in_play, np.int64)] = True
        todo = np.nonzero(have)[0]
        while todo.size:
            more = []
            j = self.cards[todo, K.C_J_SIDE]
            more += j[j >= 0].tolist() + (-2 - j[j <= -2]).tolist()
            for start, length in self.abilities[np.isin(owner, todo)][:, [K.A_CODE_START, K.A_CODE_LEN]].tolist():
                run = self.code[start:start + length]
                more += run[run[:, K.I_OP] == K.Op.MAKE_TOKEN, K.I_A0].tolist()
            new = np.unique(np.asarray(more, np.int64))
            new = new[(new >= 0) & (new < self.n_cards)]
            todo = new[~have[new]]
            have[todo] = True
        return np.nonzero(have)[0].astype(np.int32)

    def other_sides(self, card_id: int) -> list[int]:
        """A ruler's J-ruler side (CR 705.3) and an Inverse card's despair side (CR 1302.3), or the front side of
        either (``C_J_SIDE`` both ways): they enter a game with their card."""
        j = int(self.cards[card_id, K.C_J_SIDE])
        return [j] if j >= 0 else [-2 - j] if j <= -2 else []

    def max_copies(self, card_id: int) -> int | None:
        """Any number of a basic magic stone (CR 402.4b) and of a card that says "You may have any number of copies of
        this card" (CR 402.8); its own N of "You may have up to N copies" (CR 402.8); else four (CR 402.3b, 402.4c)."""
        basic = int(self.cards[card_id, K.C_BASIC])
        own = (basic >> K.DECK_MAX_SHIFT) & K.DECK_MAX_MASK
        if basic & K.DECK_ANY_COPIES or (basic & 1 and int(self.cards[card_id, K.C_TYPE]) == K.CardType.MAGIC_STONE):
            return None
        return own if own > 0 else K.MAX_COPIES

    def in_play_pool_flags(self, in_play: np.ndarray) -> np.ndarray:
        """The pool's row of flags (:func:`fow_kernel_flags`) from the rules of the cards a game of ``in_play`` can hold
        (:meth:`cards_reachable`: the decks' cards, their other sides and the tokens they make), the abilities those
        cards own (A_CARD: every row of a card, its modes' and delayed abilities' too) and their programs (every code
        row lies in its ability's run). An imported list of 3,800 cards sets every bit somewhere; two decks of it, few
        (issue 30, session 29: the imported pool's games ran at 0.52 of the built-in pool's speed)."""
        ids = self.cards_reachable(in_play)
        owned = np.isin(self.abilities[:, K.A_CARD], ids)
        rows = np.zeros(self.code.shape[0], bool)
        for start, length in self.abilities[owned][:, [K.A_CODE_START, K.A_CODE_LEN]].tolist():
            rows[start:start + length] = True
        return fow_kernel_flags(self.cards[ids], self.code[rows], self.abilities[owned], self.filters)[-1]

    def is_deck_card(self, card_id: int) -> bool:
        """False for a J-ruler side (it is its ruler's back, CR 705) and a token (an effect makes it, CR 1303):
        neither is ever listed in a deck."""
        return int(self.cards[card_id, K.C_TYPE]) != K.CardType.J_RULER and not (
            int(self.cards[card_id, K.C_TYPE_BITS]) & K.TB_TOKEN)

    def ability_summary(self, row: int) -> str:
        """What ability ``row`` is, in a few words (``tcg cards show``, the play log): its kind (CR
        900s) with its trigger or cost, then its effect op by op, e.g. ``[Activate] {W}{1}, once
        per turn: choose resonator (own) -> power +100/+100``. Every row has one: a card's
        abilities, a chant's or rune's effect, an addition's target, [Awakening], [Trigger] and
        [Stealth] (the rows :meth:`ability_rows` lists)."""
        cid, k = self.ability_source[row]
        m = self.models[cid]
        kind = K.AbilityKind(int(self.abilities[row, K.A_KIND]))
        if k >= 0:  # one of the card's ``abilities``
            return ability_words(m.abilities[k])
        if kind == K.AbilityKind.SPELL:
            if m.effect is None:  # CR 1406.2a: an addition added to a card targets it as it is played
                return f"[Addition: {m.addition.replace('_', '-')}] as it is played: choose {m.addition.replace('_', '-')}"
            return f"{'[Rune]' if m.type == 'rune' else '[Chant]'} as it resolves: {effect_words(m.effect)}"
        if kind == K.AbilityKind.AWAKENING:
            aw = m.awakening
            cost = ", ".join([*([aw.cost] if aw.cost else []), *(["rest a recovered J/ruler you control"] if aw.rest_j_ruler
                                                                  else []),
                              *([f'rest a recovered card named "{aw.rest_named}" you control'] if aw.rest_named else [])])
            return f"[Awakening] {cost}: {effect_words(aw.effect) if aw.effect else 'this card is awakened'}"
        if kind == K.AbilityKind.TRIGGER:
            tr = m.trigger
            when = _when_words(tr.trigger, tr.trigger_whose, tr.condition)
            cost = cost_words(tr.cost)
            return (f"[Trigger] {when or 'at any priority'}" + (f", {cost}" if cost != "no cost" else "")
                    + f": play it ({effect_words(m.effect)})")  # fmt: skip
        if kind == K.AbilityKind.STEALTH:
            st = m.stealth
            return f"[Stealth] {_when_words(st.trigger, st.trigger_whose, st.condition)}: play it from the standby area for free"
        return kind.name.lower()  # pragma: no cover - every kind is above

    def field_words(self, card_id: int) -> list[str]:
        """[Mastery], [Force Command], the deck rules and the counters a card enters with (session 24: card fields,
        no ability row shows them)."""
        m = self.models[card_id]
        out = []
        if m.mastery is not None:
            out.append(f'[Mastery]: may rest a recovered "{m.mastery.name}" you control instead of paying its cost')
        if m.force_command:
            out.append("[Force Command] " + " ".join(f"<{t}>" for t in m.force_command))
        if m.enters_counters is not None:
            ec = m.enters_counters
            out.append(f"enters the field with {ec.count} {ec.counter_name or '[+100/+100]'} counter(s)")
        if m.deck_max_copies:
            out.append(f"deck: up to {m.deck_max_copies} copies")
        if m.deck_one_copy:
            out.append("deck: one copy of any card")
        return out

    def describe_card(self, card_id: int) -> str:
        """One line, e.g. ``Ember Drake [FOW1-010] fire Resonator {R}{1} 600/500``."""
        row = self.cards[card_id]
        m = self.models[card_id]
        attrs = "/".join(a for a in m.attribute if a != "void") or "void"
        out = f"{self.names[card_id]} [{self.numbers[card_id]}] {attrs} {m.type.replace('_', '-')}"
        if m.cost is not None:
            out += f" {m.cost or '{0}'}"
        if int(row[K.C_TYPE]) in (K.CardType.RESONATOR, K.CardType.J_RULER):
            out += f" {int(row[K.C_ATK])}/{int(row[K.C_DEF])}"
        return out


# ---- abilities in words (tcg cards show, action descriptions, the play log) ---------------------
_KIND_WORDS = {"activate": "[Activate]", "will": "[Will]", "automatic": "[Automatic]", "continuous": "[Continuous]"}
_WHOSE_WORDS = {"any": "", "yours": " (yours)", "opponents": " (the opponent's)"}


def filter_words(f: FowFilter) -> str:
    """A filter in a few words: ``resonator (own)``, ``J/resonator (opponent, cost <= 3)``."""
    kinds = "/".join(t.replace("j_resonator", "J/resonator").replace("_", "-") for t in f.type) if f.type else "card"
    bits_ = [f.side] if f.side != "any" else []
    bits_ += ["other"] if f.exclude_self else []
    bits_ += ["the card it is added to"] if f.added_to else []
    bits_ += ["this card"] if f.self_only else []
    bits_ += ["/".join(f.attribute)] if f.attribute else []
    bits_ += ["no attribute" if len(f.not_attribute) == 5 else "non-" + "/".join(f.not_attribute)] if f.not_attribute else []
    bits_ += [f.state] if f.state != "any" else []
    bits_ += [f"in the {f.zone.replace('_', ' ')}"] if f.zone != "field" else []
    bits_ += [f"race {f.race}" + (f" or {f.race_or}" if f.race_or else "")] if f.race else []
    bits_ += [f"non-{f.not_race}"] if f.not_race else []
    bits_ += [f"not named {f.not_name!r}"] if f.not_name else []
    bits_ += ["total cost X" + (" or less" if f.cost_x == "max" else "")] if f.cost_x else []
    bits_ += [f"named {f.name!r}" + (f" or {f.name_or!r}" if f.name_or else "")] if f.name else []
    bits_ += ["with " + "/".join(f"[{k}]" for k in f.keyword)] if f.keyword else []  # session 27
    bits_ += ["without " + "/".join(f"[{k}]" for k in f.not_keyword)] if f.not_keyword else []
    for key in ("cost", "atk"):
        lo, hi = getattr(f, key + "_min"), getattr(f, key + "_max")
        bits_ += [f"{key.upper() if key == 'atk' else key} >= {lo}"] if lo is not None else []
        bits_ += [f"{key.upper() if key == 'atk' else key} <= {hi}"] if hi is not None else []
    return kinds + (f" ({', '.join(bits_)})" if bits_ else "")


_PLAYED_TYPES = {"resonator", "chant", "addition", "regalia", "rune"}
_ATTRIBUTES = ("light", "fire", "water", "wind", "darkness")  # the order of "{W}{R}{U}{G}{B}" (CR 105.2)


def _spend_words(spend: FowFilter) -> str:
    """The cards a will may pay for, in words: the card being played (its filter reads the chase, CR 906.2) without
    the zone, and without the card types when it names all that are played (``card (race Gears)``)."""
    every = spend.type is not None and _PLAYED_TYPES <= set(spend.type)
    words = filter_words(spend.model_copy(update={"zone": "field", "type": None if every else spend.type}))
    races = f"{spend.race}" + (f" or {spend.race_or}" if spend.race_or else "")
    return races if words == f"card (race {races})" else words  # "only to play Gears"


def _plain_stone_will(ab: Any) -> bool:
    """Is ``ab`` a will ability "{Rest}: Produce <one will>." (a magic stone's 'will' field, CR 907)?"""
    cost = ab.cost
    return (ab.kind == "will" and cost is not None and cost.rest and not (cost.will or cost.banish_self or cost.discard or cost.life
                                                     or cost.mana) and ab.once == "no" and ab.condition is None
            and len(ab.effect) == 1 and ab.effect[0].op == "produce_will" and ab.effect[0].count == 1
            and ab.effect[0].spend is None)


def op_words(op: Any) -> str:
    """One effect op in a few words: its name and its main numbers (``power +100/+100``, ``draw 1``)."""
    name = op.op.replace("_", " ")
    if op.op in ("choose", "select_all"):
        n = getattr(op, "count", 1)
        return f"{name} {filter_words(op.filter)}" + (f" x{n}" if isinstance(n, int) and n > 1 else "")
    if op.op == "target_self":
        return "this card"
    if op.op == "attack_tax":  # session 33 (s33a)
        return f"{filter_words(op.filter)} attack only paying {{{op.amount}}}"
    if op.op == "cancel_unless_pay":  # session 34 (s34b)
        return f"cancel unless its controller pays {{{op.amount}}}"
    if op.op == "cancel_ability":  # session 34 (s34b)
        return "cancel the ability"
    if op.op == "reveal_from_hand":  # session 34 (s34b)
        return f"reveal any number of {filter_words(op.filter)} from the hand"
    if op.op == "cost_increase":  # session 33 (s33a)
        return f"{'players pay' if op.who == 'players' else 'the opponent pays'} {{{op.amount}}} more to play " \
            f"{filter_words(op.filter)}"
    if op.op == "attr_cost_any":  # session 33 (s33a)
        return f"the attribute cost of {_spend_words(op.filter)} paid with {' or '.join(op.will)} will too"
    if op.op == "produce_will":
        n = getattr(op, "count", 1)
        out = f"produce {op.will} will" + (f" x{n}" if isinstance(n, int) and n > 1 else "")
        out += " (if your J/ruler has that attribute)" if getattr(op, "shared_with_ruler", False) else ""
        spend = getattr(op, "spend", None)
        return out + (f" (only to play {_spend_words(spend)})" if spend is not None else "")
    if op.op == "set_x":  # "for each ..." / "where X is ..." (session 28: times and plus)
        per = op.per
        what = per.count if per.filter is None else f"{per.count} of {filter_words(per.filter)}"
        plus = getattr(op, "plus", 0)
        return f"X = {op.times} x {what}" + (f" {plus:+d}" if plus else "")
    if op.op == "power_x":  # session 28
        return f"power {op.atk:+d}/{op.defense:+d} times X"
    if op.op in ("power", "aura_power"):
        out = f"{name} {op.atk:+d}/{op.defense:+d}"
        out += f" to {filter_words(op.filter)}" if op.op == "aura_power" else ""
        per = getattr(op, "per", None)
        if per is not None:
            out += f" for each card in the {per.count}" if per.filter is None else f" for each {filter_words(per.filter)}"
        return out
    if op.op == "if":
        return f"if {condition_words(op.condition)} (else skip {op.skip})"
    if op.op == "if_it":
        return f"if it is{' not' if op.negated else ''} {filter_words(op.filter)} (else skip {op.skip})"
    if op.op == "if_done":
        return f"if you {'do' if op.done else 'do not'} ({op.rows} ops)"
    if op.op == "select_mode":  # CR 903.2e
        ops = [o for m in op.modes for o in m]
        if len(op.modes) > 1 and all(o.op == "produce_will" for o in ops) and len(
                {(repr(getattr(o, "spend", None)), getattr(o, "shared_with_ruler", False)) for o in ops}) == 1:
            # "Produce one will (two wills) of any attribute. Spend this will only to ...": the modes differ in the
            # attributes alone (session 32: each mode with its restriction made labels of five to fifteen lines)
            combos = [[o.will for o in m for _ in range(getattr(o, "count", 1))] for m in op.modes]
            n = len(combos[0])
            every = {tuple(c) for c in itertools.combinations_with_replacement(_ATTRIBUTES, n)}
            what = (f"{n} will{'s' if n > 1 else ''} of any attribute" if {tuple(sorted(c, key=_ATTRIBUTES.index))
                                                                             for c in combos} == every  # fmt: skip
                    else "one of: " + "/".join("+".join(c) for c in combos) + " will")
            head = f"produce {ops[0].will} will"
            return f"produce {what}" + op_words(ops[0].model_copy(update={"count": 1}))[len(head):]
        return "choose one: " + " | ".join(effect_words(m) for m in op.modes)
    if op.op == "delayed":  # session 27, CR 906.8
        return "at the next end of turn" + (" (about it)" if op.it else "") + ": " + effect_words(op.effect)
    if op.op == "chant_to":  # session 27, CR 703.3
        return f"this chant goes to {op.to.replace('_', ' ')} as it resolves"
    if op.op == "cost_reduction":  # CR 903.2i: "{W}{U} less" (attributes and a number of void will) / "{1} more"
        sym = {int(a): k for k, a in WILL_SYMBOLS.items()}
        will = "".join("{" + sym[int(K.Attribute[a.upper()])] + "}" for a in op.attributes)
        will += f"{{{abs(op.amount)}}}" if op.amount or not will else ""
        out = f"pay {will} {'more' if op.amount < 0 else 'less'}" + (" (may)" if op.optional else "")
        out += f" to play {filter_words(op.filter)}"
        per = getattr(op, "per", None)
        if per is not None:
            out += f" for each card in the {per.count}" if per.filter is None else f" for each {filter_words(per.filter)}"
        return out
    if op.op == "make_token":  # CR 1303
        return f"make {op.count} token {op.token}" + (" for the opponent" if op.who == "opponent" else "")
    # the player an op is about, where it names one: "damage player 200 (opponent)" against "(you)"
    who = getattr(op, "who", None)
    whom = "" if not isinstance(who, str) else " (you)" if who == "controller" else f" ({who.replace('_', ' ')})"
    for arg in ("amount", "count", "will", "keywords", "restrictions", "instead"):
        v = getattr(op, arg, None)
        if v is not None:
            out = f"{name} {','.join(v) if isinstance(v, list) else v}"
            flt = getattr(op, "filter", None)
            return out + (f" to {filter_words(flt)}" if isinstance(flt, FowFilter) else "") + whom
    flt = getattr(op, "filter", None)
    return name + (f" {filter_words(flt)}" if isinstance(flt, FowFilter) else "") + whom


def effect_words(effect: list | None) -> str:
    return " -> ".join(op_words(op) for op in effect or []) or "nothing"


def condition_words(c: FowCondition | None) -> str:
    if c is None:
        return ""
    if c.filter is not None:
        return f"{c.kind.replace('_', ' ')} {c.value} {filter_words(c.filter)}"
    return f"{c.kind.replace('_', ' ')} {c.value}"


def cost_words(c: FowCost | None, once: str = "no", gods_art: str | None = None) -> str:
    """The cost of an ability as printed: will, [Rest], life, discards, mana counters (CR 1003, 1122),
    then "[God's Art] <name>" (once per game per player by that name, CR 1112.2) or "once per turn" /
    "once per game"; "no cost" when there is none."""
    parts = [] if c is None else [
        *([c.will] if c.will else []), *(["[Rest]"] if c.rest else []),
        *(["rest a recovered J/ruler you control"] if c.rest_j_ruler else []),
        *(["banish this card"] if c.banish_self else []), *([f"pay {c.life} life"] if c.life else []),
        *([f"discard {c.discard}"] if c.discard else []),
        *([f"{c.pay_chosen} a chosen card of yours"] if c.pay_chosen != "none" else []),
        *([f'rest a recovered card named "{c.rest_named}" you control'] if c.rest_named else []),
        *(["[Dive]: from the hand, then removed with a cyberbrain counter"] if c.dive else []),
        *(["[Inheritance]: discard this card from the hand"] if c.inheritance else []),
        *(["remove this card in your hand from the game"] if c.remove_from_hand else []),
        *([f"remove {c.mana} mana counter{'s' if c.mana > 1 else ''} from "
           + ("this card" if c.mana_from == "this_card" else "your J/ruler")] if c.mana else []),
        *([f"remove {c.counters} {c.counter_name or '[+100/+100]'} counter{'s' if c.counters > 1 else ''} from "
           + ("this card" if c.counters_from == "this_card" else "your J/ruler")] if c.counters else []),
        *([f"banish {c.gems} {c.gem_attribute or 'any'} gem{'s' if c.gems > 1 else ''}"] if c.gems else []),
    ]  # fmt: skip
    parts += [f"[God's Art] {gods_art}"] if gods_art is not None else {"turn": ["once per turn"],
                                                                      "game": ["once per game"]}.get(once, [])
    return ", ".join(parts) or "no cost"


# the trigger conditions (TriggerName, CR 906) as the cards print them
_TRIGGER_WORDS = {
    "enter": "when it enters", "attacks": "when it attacks", "blocks": "when it blocks",
    "deals_damage": "when it deals damage", "deals_battle_damage_to_player": "when it deals battle damage to a player",
    "destroyed": "when it is destroyed", "other_enters": "when another card enters",
    "begin_draw_phase": "at the beginning of the draw phase", "begin_main_phase": "at the beginning of the main phase",
    "end_of_turn": "at the end of the turn", "opponent_plays_spell": "when the opponent plays a chant",
    "judgment": "when Judgment is done", "opponent_attacks": "when the opponent's J/resonator attacks",
    "begin_battle": "at the beginning of battle", "begin_attack_step": "at the beginning of the declare attack step",
    "begin_block_step": "at the beginning of the declare block step", "end_of_battle": "at the end of battle",
    "j_resonator_attacks": "when a J/resonator attacks",
    "put_into_graveyard": "when it is put into a graveyard from the field",
    "dealt_damage": "when it is dealt damage", "you_gain_life": "when you gain life",
    "damage_to_you": "when damage is dealt to you", "deals_damage_to_opponent": "when it deals damage to the opponent",
    "you_play": "when you play a card", "is_blocked": "when it is blocked", "leaves_field": "when it leaves the field",
    "other_to_graveyard": "when a card is put into a graveyard from the field",
    "inverts": "when it inverts", "you_gain_gem": "when you gain a gem",
    "j_ruler_recovered": "when a J/ruler you control is recovered",
    "put_into_graveyard_from_hand": "when it is put into a graveyard from the hand",
    "enter_from_graveyard": "when it enters the field from a graveyard",
    "enter_from_main_deck": "when it enters the field from the main deck",
    "discarded_by_ability": "when it is discarded by an ability",
    "removed_from_graveyard": "when it is removed from the game from a graveyard",
    "you_awaken": "when you awaken a card",
    "targeted_by_spell": "when it is targeted by a spell",
    "targeted_by_spell_or_ability": "when it is targeted by a spell or ability",
    "becomes_rested": "when it becomes rested",
    "deals_damage_to_player": "when it deals damage to a player",
    "put_into_graveyard_from_deck": "when it is put into a graveyard from the deck",
}  # fmt: skip


def _when_words(trigger: str | None, whose: str, condition: FowCondition | None) -> str:
    words = f"{_TRIGGER_WORDS.get(trigger, 'when ' + str(trigger).replace('_', ' '))}{_WHOSE_WORDS[whose]}" if trigger else ""
    cond = condition_words(condition)
    return ", ".join(w for w in (words, f"if {cond}" if cond else "") if w)


def ability_words(ab: FowAbility) -> str:
    """An ability of a card file in a few words: ``[Automatic] when enters, you may: draw 1``."""
    head = _KIND_WORDS[ab.kind]
    if ab.kind in ("activate", "will"):
        head += f" {cost_words(ab.cost, ab.once, ab.gods_art)}"
    else:
        when = _when_words(ab.trigger, ab.trigger_whose, ab.condition)
        head += f" {when}" if when else ""
        head += ", you may" if ab.optional else ""
    return f"{head}: {effect_words(ab.effect)}"


def card_obs_features(cards: np.ndarray) -> np.ndarray:
    """Static observation columns per card id: present, type one-hot (8), attribute bits (5),
    total cost / 10, printed ATK / 1000, DEF / 1000, keyword bits (13), [Stealth], id + 1."""
    f = CardFeatures(cards, K.CARD_OBS_FEATURES)  # feature 0: present
    f.one_hot(1, K.C_TYPE)
    f.bits(9, K.C_ATTR, K.ATTRIBUTE_BITS.values())
    total = cards[:, K.C_COST : K.C_COST + K.N_ATTRIBUTES].sum(axis=1) + np.maximum(cards[:, K.C_COST_FREE], 0)
    f.f[:, 14] = total / 10.0
    f.scaled(15, K.C_ATK, 1000.0)
    f.scaled(16, K.C_DEF, 1000.0)
    f.bits(17, K.C_KEYWORDS, K.KEYWORD_BITS.values())
    f.scaled(30, K.C_STEALTH)
    f.card_ids(31)
    return f.array()


# --------------------------------------------------------------------------------------------
# Compiler
# --------------------------------------------------------------------------------------------
_BATTLE_KEYWORDS = {"pierce", "precision", "first_strike", "explode", "flying", "swiftness", "drain",
                    "eternal", "bane", "bloodlust", "barrier"}  # fmt: skip
_PAID_TYPES = ("resonator", "chant", "addition", "regalia", "rune")  # have a cost (CR 203)
_J_RESONATOR = ("resonator", "j_ruler")
# keywords any entity in the field may have (CR 307.6): [Eternal] ("cannot be destroyed", CR 1139.2,
# read by zones.destroy for any card) and [Barrier] (CR 1120.2, read by the target filters for any card)
_ENTITY_KEYWORDS = {"eternal", "barrier"}
_ENTITY_TYPES = ("addition", "regalia", "magic_stone")
_TYPE_WORDS = {"j_ruler": "J-ruler", "magic_stone": "magic stone"}  # type names in messages
# the events a card in a standby area triggers on (triggers.trigger_all / trigger_standby): [Stealth]
_STANDBY_TRIGGERS = ("begin_draw_phase", "begin_main_phase", "end_of_turn", "other_enters", "opponent_attacks")


class _Compiler(PoolCompiler):
    TABLE = FowCardTable

    def compile_ability_filter(self, f, p: str, targeted: bool) -> int:
        return _compile_ability_filter(self, f, p, targeted)  # session 34 (s34b)
    NCOLS = (K.C_NCOLS, K.A_NCOLS, K.F_NCOLS, K.I_NCOLS)

    def __init__(self, cards: list[FowCard]):
        super().__init__(cards)
        # race -> id (from 1), and J-ruler number -> the number of the ruler naming it
        self.race_ids, self.j_owner = {}, {}
        # an Inverse card's despair side number -> its hope side's (CR 1302.3)
        self.inverse_owner = {c.inverse: c.number for c in cards if c.inverse}
        # [God's Art] name -> id (from 0: its bit in a player's record, CR 1112.2a)
        self.gods_art_ids: dict[str, int] = {}
        # a named counter's name -> id (from 1: the kind in a card's state.NAMED slot, CR 1022.1b), in the order met
        self.counter_ids: dict[str, int] = {}

    def intern_card(self, card: FowCard) -> None:
        for r in card.races:
            self._intern(self.race_ids, r)
        if card.also_named:
            self._intern(self.name_ids, card.also_named)

    def extra_table_fields(self) -> dict:
        return {"race_ids": dict(self.race_ids), "gods_art_ids": dict(self.gods_art_ids),
                "counter_ids": dict(self.counter_ids)}

    def counter_id(self, name: str, p: str) -> int:
        """The id of a named counter's name (CR 1022.1b: counters of one name are one kind), new ones numbered in the
        order met from 1; at most NC_MAX_KINDS names a pool (the kind's bits of a state.NAMED slot)."""
        if name not in self.counter_ids:
            if len(self.counter_ids) >= K.NC_MAX_KINDS:
                self.fail(f"{p}.name", f"at most {K.NC_MAX_KINDS} counter names in a pool")
            self.counter_ids[name] = len(self.counter_ids) + 1
        return self.counter_ids[name]

    def gods_art_id(self, name: str, p: str) -> int:
        """The id of a [God's Art] name (CR 1112.2a: the name is what is played once), new ones
        numbered in the order met; at most MAX_GODS_ARTS names a pool."""
        if name not in self.gods_art_ids:
            if len(self.gods_art_ids) >= K.MAX_GODS_ARTS:
                self.fail(f"{p}.gods_art", f"at most {K.MAX_GODS_ARTS} different [God's Art] names in a pool "
                          "(one bit each in a player's record)")
            self.gods_art_ids[name] = len(self.gods_art_ids)
        return self.gods_art_ids[name]

    def run(self):
        # every J-ruler side belongs to exactly one ruler (CR 705.3); checked before compiling
        for card in self.models:
            if card.type == "ruler" and card.j_ruler is not None:
                self._card = card
                if card.j_ruler in self.j_owner:
                    other = self.j_owner[card.j_ruler]
                    self.fail("j_ruler", f"J-ruler {card.j_ruler!r} is already the side of ruler {other!r}")
                self.j_owner[card.j_ruler] = card.number
        self._card = None
        return super().run()

    # ---- cards ----
    def check_card(self, card: FowCard) -> None:
        t = card.type
        if card.token and (t != "resonator" or card.cost is not None):
            self.fail("token", "a token here is a resonator without a cost (CR 1303.1a-b)")
        if t in _PAID_TYPES and card.cost is None and not card.token:
            self.fail("cost", f"a {t} has a cost (CR 203), e.g. cost = \"{{R}}{{1}}\"")
        if t not in _PAID_TYPES and card.cost is not None:
            self.fail("cost", f"a {t} has no cost (omit it)")
        if t in _J_RESONATOR:
            if card.defense <= 0:
                self.fail("defense", f"a {t.replace('_', '-')} needs DEF > 0 (CR 207)")
        else:
            for fld in ("atk", "defense"):
                if getattr(card, fld):
                    self.fail(fld, f"only J/resonators have ATK and DEF (CR 206.1), not a {t}")
        if "void" in card.attribute and len(card.attribute) > 1:
            self.fail("attribute", "void means no attribute (CR 208.4): it is never combined with others")
        if len(set(card.attribute)) != len(card.attribute):
            self.fail("attribute", "duplicate attribute")
        if len(set(card.keywords)) != len(card.keywords):
            self.fail("keywords", "duplicate keyword")
        if card.races and t in ("magic_stone",):
            self.fail("races", "a magic stone has no race")
        for kw in card.keywords:
            if kw in _BATTLE_KEYWORDS and t not in _J_RESONATOR and not (kw in _ENTITY_KEYWORDS and t in _ENTITY_TYPES):
                self.fail("keywords", f"{kw} is a J/resonator keyword, not for a {t}")
            if kw == "mythic" and t not in ("resonator", "j_ruler", "addition", "regalia", "magic_stone"):
                self.fail("keywords", f"[Mythic] is an entity's keyword (the field's), not a {t}'s")
            if kw == "imperishable" and t not in _J_RESONATOR:
                self.fail("keywords", "imperishable is a J/resonator keyword (CR 1108)")
            if kw == "quickcast" and t not in _PAID_TYPES:
                self.fail("keywords", f"a {t} is not played from the hand: quickcast does not apply (CR 1111)")
        # type-bound fields
        only = {
            "j_ruler": ("ruler",), "judgment": ("ruler",), "will": ("magic_stone",), "basic": ("magic_stone",),
            "addition": ("addition",), "effect": ("chant", "rune"), "trigger": ("chant",),
            "awakening": ("resonator", "chant"), "incarnation": ("resonator",),
            "mastery": ("resonator", "chant", "addition", "regalia"), "stealth": ("resonator",),
            "mobilize": ("resonator",), "barrier_from": ("resonator", "j_ruler", "addition", "regalia"),
            "master": ("rune",), "chant_rune": ("rune",), "rune_cost": ("rune",), "rune_will": ("rune",),
            "rune_will_less": ("rune",),
            "enters_rested": ("resonator", "addition", "regalia", "magic_stone"), "story": ("chant",), "grimoire": ("ruler",),
            "remnant": ("chant",), "from_removed": ("resonator", "chant", "addition", "regalia"),
            "uncancelable": ("resonator", "chant", "addition", "regalia"),
            "unchaseable": ("chant", "rune"),
            "stone_types": ("magic_stone",), "enters_rested_shared": ("magic_stone",), "enters_rested_if": ("magic_stone",),
            "enters_unless_life": ("magic_stone",), "enters_unless_reveal": ("magic_stone",),
            "divinity": ("ruler", "j_ruler", "rune"),
            "mana": ("ruler", "j_ruler", "resonator", "addition", "regalia", "magic_stone"),
            "deck_one_copy": ("ruler",),
            "enters_counters": ("resonator", "j_ruler", "addition", "regalia"),
        }  # fmt: skip
        for fld, types in only.items():
            v = getattr(card, fld)
            if v not in (None, False, []) and t not in types:
                self.fail(fld, f"only a {' or '.join(_TYPE_WORDS.get(x, x) for x in types)} has {fld!r}")
        if card.awakening is not None and (not card.awakening.effect) != (t == "chant"):
            self.fail("awakening.effect", "a resonator's [Awakening] has a text, a chant's none (its effect reads "
                      "'this card was awakened', CR 1109.2)")
        if card.awakening is not None and card.trigger is not None:
            self.fail("awakening", "a chant with [Trigger] is played by its trigger: no [Awakening]")
        if t == "ruler":
            if (card.j_ruler is None) != (card.judgment is None):
                self.fail("judgment" if card.j_ruler else "j_ruler",
                          "a ruler with a J-ruler side needs both j_ruler and judgment (its [Judgment] cost, CR 1125)")
            if card.j_ruler is not None:
                if card.j_ruler not in self.index:
                    self.fail("j_ruler", f"unknown card number {card.j_ruler!r}")
                if self.models[self.index[card.j_ruler]].type != "j_ruler":
                    self.fail("j_ruler", f"{card.j_ruler!r} is not a j_ruler card")
                if parse_will_cost(card.judgment)[1] < 0:
                    self.fail("judgment", "a [Judgment] cost has no X")
        if t == "j_ruler" and card.number not in self.j_owner:
            self.fail("type", "a J-ruler is the back of a ruler: no ruler names it in 'j_ruler'")
        if t == "magic_stone":
            if not card.will and not any(a.kind == "will" and not _plain_stone_will(a) for a in card.abilities):
                # (a stone whose only will is a will ability of another shape, "{Rest}: Produce one will of any attribute
                # shared with your J/ruler.", has an empty 'will': no WILL_A / WILL_B action, C_WILL_A = -1)
                self.fail("will", "a magic stone produces will (CR 907): e.g. will = \"fire\", or a will ability")
            if len(set(card.will)) != len(card.will):
                self.fail("will", "duplicate will")
            if card.basic and len(card.will) != 1:
                self.fail("will", "a basic magic stone produces one kind of will")
        if t == "chant" and card.trigger is not None and card.cost is not None and parse_will_cost(card.cost)[1] < 0:
            self.fail("cost", "a chant with [Trigger] has no {X} here (X is chosen only as a card is played from the hand)")
        if t in ("chant", "rune") and card.effect is None:
            self.fail("effect", f"a {t} needs its effect: what resolving it does (CR 703.3)")
        if t == "addition" and card.addition is None:
            self.fail("addition", "an addition names what it is added to: field, resonator, j_ruler or j_resonator")
        if t == "rune" and card.divinity < 1:
            self.fail("divinity", "a rune has a divinity of 1 or more (CR 209.2)")
        if card.stealth is not None:
            if card.stealth.trigger is None and card.stealth.condition is None:
                self.fail("stealth", "[Stealth] has a condition (CR 1114.2): a trigger, a condition or both")
            if card.stealth.trigger is None and card.stealth.trigger_whose != "any":
                self.fail("stealth.trigger_whose", "trigger_whose needs a trigger")
            if card.stealth.trigger is not None and card.stealth.trigger not in _STANDBY_TRIGGERS:
                self.fail("stealth.trigger", f"a card in the standby area is told of {', '.join(_STANDBY_TRIGGERS)} "
                          f"(triggers.trigger_standby), not {card.stealth.trigger!r}")
        if t in ("chant", "rune") and any((a.kind != "continuous" and not (
                a.kind == "automatic" and a.trigger in _OFF_FIELD_TRIGGERS)) or (a.kind == "continuous" and any(
                op.op not in ("cost_reduction", "aura_keyword") or not op.filter.self_only or
                (op.op == "aura_keyword" and (t != "chant" or op.filter.zone != "hand")) for op in a.effect))
                for a in card.abilities):
            # (session 32: "when this card is discarded by ... an ability ..." works from the hand, CR 902.2: its
            # automatic ability triggers as it is discarded, kernels.discarded_by_ability)
            # its own "you may pay {N} less to play this card" works from the hand (own_reduction), so does a chant's
            # own [Quickcast] in the hand (play.hand_quickcast)
            self.fail("abilities", f"a {t} does what its effect says; it has no abilities here "
                      "(but its own cost reduction)")
        if (card.trigger is not None or (card.cost is not None and parse_will_cost(card.cost)[1] < 0)) and any(
                op.op == "cost_reduction" and op.optional for a in card.abilities for op in a.effect):
            # the player is asked about an optional reduction only when a card without X is played from the hand
            # (play.play_from_hand); a [Trigger] card (priority.trigger_card_free_cost) or an X cost takes it
            self.fail("abilities", "an optional cost reduction ('you may pay ... less') on a [Trigger] card or a "
                      "card whose cost has X (it would be taken without asking)")
        # CR 907: a stone's "{Rest}: Produce ..." is its 'will' field (the WILL_A / WILL_B actions); its other abilities
        # are any card's: automatic ones trigger in the field (triggers.trigger_all, zones.enter_field for a called
        # stone), activate ones and other will abilities (another cost, more choices, restricted will) are played from
        # the field (play.ability_usable)
        if t == "magic_stone" and any(_plain_stone_will(a) for a in card.abilities):
            self.fail("abilities", "a magic stone's \"{Rest}: Produce <will>\" is its 'will' field, not a will ability")
        n_act = sum(a.kind in ("activate", "will") for a in card.abilities)
        if n_act > K.ABILITIES_PER_CARD:
            self.fail("abilities", f"at most {K.ABILITIES_PER_CARD} activate/will abilities per card (ABILITIES_PER_CARD)")

    def compile_card(self, cid: int, card: FowCard) -> None:
        self.check_card(card)
        row = self.new_row(K.CARD_TABLE, card)  # the columns with a source (constants.CARD_TABLE)
        if card.cost is not None:
            attr, free = parse_will_cost(card.cost)
            row[K.C_COST : K.C_COST + K.N_ATTRIBUTES] = attr
            row[K.C_COST_FREE] = free
        row[K.C_J_SIDE] = -1
        if card.type == "ruler" and card.j_ruler is not None:
            row[K.C_J_SIDE] = self.index[card.j_ruler]
            attr, free = parse_will_cost(card.judgment)
            row[K.C_JUDGMENT_COST : K.C_JUDGMENT_COST + K.N_ATTRIBUTES] = attr
            row[K.C_JUDGMENT_FREE] = free
        elif card.type == "j_ruler":
            row[K.C_J_SIDE] = self.index[self.j_owner[card.number]]
        elif card.inverse is not None:
            if card.inverse not in self.index or card.type in ("ruler", "j_ruler"):
                self.fail("inverse", f"{card.inverse!r} is no card of the pool, or a ruler has it (CR 1302.3)")
            row[K.C_J_SIDE] = self.index[card.inverse]  # CR 1302.3: the despair side of this hope side
        elif card.number in self.inverse_owner:
            row[K.C_J_SIDE] = -2 - self.index[self.inverse_owner[card.number]]  # a despair side: its hope side's
        wills = [_WILL_CODE[w] for w in card.will] + [-1, -1]
        row[K.C_WILL_A], row[K.C_WILL_B] = wills[0], wills[1]
        row[K.C_STEALTH] = int(card.stealth is not None)
        row[K.C_TYPE_BITS] = (K.TB_MASTER * card.master) | (K.TB_CHANT * card.chant_rune) | (K.TB_STORY * card.story) \
            | (K.TB_ENTERS_RESTED * card.enters_rested) | (K.TB_TOKEN * card.token) | (K.TB_REMNANT * card.remnant) \
            | (K.TB_FROM_REMOVED * card.from_removed) | (K.TB_ENTERS_RESTED_SHARED * card.enters_rested_shared)
        row[K.C_TYPE_BITS] |= stone_type_bits(card)
        if card.also_named:
            n2 = self.interned(self.name_ids, card.also_named, "also_named", "card name")
            if max(n2, row[K.C_NAME]) > K.NAME_MASK:
                self.fail("also_named", f"a second name needs name ids below {K.NAME_MASK + 1} (constants.NAME_BITS)")
            row[K.C_NAME] |= (n2 << K.NAME_BITS) | (K.NAME2_IN_FIELD * card.also_named_in_field)
        if card.play_condition is not None:
            if card.trigger is not None or card.stealth is not None or card.type not in _PAID_TYPES:
                self.fail("play_condition", "a condition on playing a card from the hand (not [Trigger] nor [Stealth])")
            row[K.C_PLAY_COND], row[K.C_PLAY_COND_ARG] = self.compile_condition(card.play_condition, "play_condition")
        if card.enters_rested_if is not None:
            row[K.C_PLAY_COND], row[K.C_PLAY_COND_ARG] = self.compile_condition(card.enters_rested_if, "enters_rested_if")
        if card.enters_unless_life:  # session 34 (s34b): zones.enter_field
            row[K.UNLESS_LIFE_COL] = card.enters_unless_life
        if card.enters_unless_reveal is not None:
            if card.enters_unless_life:
                self.fail("enters_unless_reveal", "a life payment or a reveal, not both")
            row[K.UNLESS_REVEAL_COL] = 1 + self.compile_filter(card.enters_unless_reveal, "enters_unless_reveal",
                                                                   ("hand",))
        if card.judgment_condition is not None:
            if card.type != "ruler" or card.judgment is None:
                self.fail("judgment_condition", "a condition of a ruler's [Judgment] (CR 705.2b): with its judgment")
            row[K.C_PLAY_COND], row[K.C_PLAY_COND_ARG] = self.compile_condition(card.judgment_condition,
                                                                                "judgment_condition")
        if card.mobilize is not None:
            attr, free = parse_will_cost(card.mobilize)
            if free < 0:
                self.fail("mobilize", "a [Mobilize] cost without X (CR 1129.2)")
            row[K.C_MOBILIZE : K.C_MOBILIZE + K.N_ATTRIBUTES] = attr
            row[K.C_MOBILIZE_FREE] = free
            row[K.C_TYPE_BITS] |= K.TB_MOBILIZE
        # deck building (CR 402.8), packed above the basic bit: read by decks.validate_deck only
        row[K.C_BASIC] |= (K.DECK_ANY_COPIES if card.deck_any_copies else 0) \
            | sum(1 << (K.DECK_MARK_SHIFT + K.DECK_MARKS.index(m)) for m in set(card.marks)) \
            | sum(1 << (K.DECK_FORBID_SHIFT + K.DECK_MARKS.index(m)) for m in set(card.deck_forbids)) \
            | (K.DECK_FORBID_STONES if card.deck_forbids_stones else 0) \
            | sum(1 << (K.FORCE_COMMAND_SHIFT + K.FORCE_COMMANDS.index(t)) for t in set(card.force_command)) \
            | (card.deck_max_copies << K.DECK_MAX_SHIFT) | (K.DECK_ONE_COPY if card.deck_one_copy else 0)
        if card.enters_counters is not None:
            ec = card.enters_counters
            kind = 0 if ec.counter_name is None else self.counter_id(ec.counter_name, "enters_counters")
            row[K.C_ENTER_COUNTERS] = ec.count | (kind << K.ENTER_COUNT_BITS)
        if card.incarnation is not None:
            row[K.C_INCARNATION] = bits(card.incarnation.attributes, K.ATTRIBUTE_BITS)
            row[K.C_INCARNATION_N] = card.incarnation.count
        if card.mastery is not None:
            if card.incarnation is not None or card.trigger is not None:
                self.fail("mastery", "[Mastery] beside [Incarnation] (one alternative cost column) or [Trigger] (a chant "
                          "with [Trigger] is not played as a chant, CR 604.2a)")
            # packed: -(name id), the INCARNATE action's alternative cost (play.card_playable / play_card)
            row[K.C_INCARNATION] = -self.interned(self.name_ids, card.mastery.name, "mastery.name", "card name")
            row[K.C_INCARNATION_N] = 1
        if card.barrier_from is not None:
            b = card.barrier_from
            row[K.C_TYPE_BITS] |= (bits(b.attributes, K.ATTRIBUTE_BITS)
                                   | (sum(1 << int(getattr(K.CardType, t.upper())) for t in set(b.types)) << K.BARRIER_TYPE_SHIFT)
                                   | ((0 if b.cost_max is None else b.cost_max + 1) << K.BARRIER_COST_SHIFT)) \
                << K.TB_BARRIER_SHIFT
        if card.type == "rune":
            row[K.C_INCARNATION_N] = card.rune_cost  # packed: a rune has no [Incarnation] (a resonator's)
            attr, free = parse_will_cost(card.rune_will or "")
            printed = parse_will_cost(card.cost or "")[0]
            if free or max(attr) > K.COST_RED_ATTR_MASK or (card.rune_will_less and any(
                    n > printed[a] for a, n in enumerate(attr))) or (card.rune_will_less and not card.rune_will):
                self.fail("rune_will", "attribute will only, at most 7 of one, less only of the printed cost's (CR "
                          "903.2i-iv) and with rune_will")
            # packed as COST_RED_ATTR_* fields (from bit 0), RUNE_WILL_LESS: less (play.rune_attr_change)
            row[K.C_INCARNATION] = sum(n << (K.COST_RED_ATTR_BITS * a) for a, n in enumerate(attr)) | \
                (K.RUNE_WILL_LESS if card.rune_will_less else 0)

        # the card's ability rows, in this order: its abilities, then spell / awakening / trigger
        start = len(self.ab_rows)
        for k, ab in enumerate(card.abilities):
            self.compile_ability(cid, card, f"abilities[{k}]", k, ab)
        row[K.C_SPELL_ABIL] = row[K.C_AWAKEN_ABIL] = row[K.C_TRIGGER_ABIL] = row[K.C_STEALTH_ABIL] = -1
        if card.unchaseable:
            row[K.C_UNCANCELABLE] |= K.UNCHASEABLE  # "Players cannot chase to this card." (session 27)
        if card.effect is not None:
            # an additional cost's card is chosen, not targeted (its choose without the TARGETED bit: add_ability)
            row[K.C_SPELL_ABIL] = self.add_ability(cid, "effect", -1, K.AbilityKind.SPELL, card.effect,
                                                   cost=card.play_cost)
        if card.play_cost is not None:
            # the chant's spell row holds it: a chosen card (A_COST_BANISH_SELF) and / or named counters removed from
            # the J/ruler (A_COST_NAMED, session 21: play.payable, pay_card_cost)
            pc = card.play_cost
            keep = {"pay_chosen", "pay_reg", "counters", "counter_name", "counters_from", "gems", "gem_attribute"}
            if card.type not in ("chant", "rune") or card.effect is None or card.trigger is not None or \
                    (pc.pay_chosen == "none" and not pc.counters and not pc.gems) or \
                    (pc.counters and pc.counters_from != "j_ruler") or (pc.gems and card.awakening is not None and
                                                                         card.awakening.gems) or \
                    pc.model_dump(exclude=keep) != FowCost().model_dump(exclude=keep):
                self.fail("play_cost", "an additional cost is a chant's (not one with [Trigger]): pay_chosen and pay_reg, "
                          "or counters from the J/ruler, only")
            if pc.pay_chosen != "none":
                self.check_chosen_card(pc, card.effect, "play_cost", most=3)
                self.ab_rows[row[K.C_SPELL_ABIL]][K.A_COST_BANISH_SELF] = _PAY_CHOSEN_CODE[pc.pay_chosen] + pc.pay_reg
        if card.type == "addition" and card.addition != "field":
            # CR 1406.2a: an addition added to a card targets, as it is played, one card in the field
            # of the type its [Addition: X] names, whoever controls it (1406.2a sets no controller);
            # CR 1406.2b: it resolves added to that card (register 0) if it is still legal
            choose = OpChoose(op="choose", reg=0, count=1, filter=FowFilter(type=[card.addition]))
            row[K.C_SPELL_ABIL] = self.add_ability(cid, "addition", -1, K.AbilityKind.SPELL, [choose])
        if card.awakening is not None:
            cost = FowCost(will=card.awakening.cost, rest_j_ruler=card.awakening.rest_j_ruler,
                           rest_named=card.awakening.rest_named,
                           counters=card.awakening.counters, counter_name=card.awakening.counter_name,
                           counters_from="j_ruler", moon=card.awakening.moon, gems=card.awakening.gems,
                           gem_attribute=card.awakening.gem_attribute)
            if parse_will_cost(cost.will)[1] < 0:
                self.fail("awakening.cost", "an [Awakening] cost has no X")
            row[K.C_AWAKEN_ABIL] = self.add_ability(cid, "awakening", -1, K.AbilityKind.AWAKENING,
                                                    card.awakening.effect, cost=cost)  # fmt: skip
        if card.trigger is not None:
            tr = card.trigger
            if tr.trigger is None and tr.trigger_whose != "any":
                self.fail("trigger.trigger_whose", "an activate-like [Trigger] (no trigger) has no trigger_whose")
            if tr.cost is not None and parse_will_cost(tr.cost.will)[1] < 0:
                self.fail("trigger.cost.will", "a [Trigger] cost has no X")
            if tr.cost is not None and (tr.cost.rest or tr.cost.banish_self or tr.cost.rest_j_ruler or tr.cost.moon):
                self.fail("trigger.cost", "a chant's [Trigger] cost is will, life or discards")
            r = self.add_ability(cid, "trigger", -1, K.AbilityKind.TRIGGER, [], cost=tr.cost,
                                 trigger=tr.trigger, whose=tr.trigger_whose, condition=tr.condition)  # fmt: skip
            # CR 708.6: it resolves the text after its colon / "=>": the chant's effect program
            spell = self.ab_rows[row[K.C_SPELL_ABIL]]
            self.ab_rows[r][K.A_CODE_START], self.ab_rows[r][K.A_CODE_LEN] = spell[K.A_CODE_START], spell[K.A_CODE_LEN]
            row[K.C_TRIGGER_ABIL] = r
        if card.stealth is not None:
            row[K.C_STEALTH_ABIL] = self.add_ability(
                cid, "stealth", -1, K.AbilityKind.STEALTH, [], trigger=card.stealth.trigger,
                whose=card.stealth.trigger_whose, condition=card.stealth.condition)  # fmt: skip
        row[K.C_ABIL_START] = start
        row[K.C_ABIL_COUNT] = len(self.ab_rows) - start
        n_act = sum(1 for r in range(start, len(self.ab_rows))
                    if self.ab_rows[r][K.A_KIND] in (K.AbilityKind.ACTIVATE, K.AbilityKind.WILL))
        for r in range(start, len(self.ab_rows)):
            if self.ab_rows[r][K.A_ONCE] == K.Once.GAME:
                row[K.C_GODS_ARTS] |= 1 << self.ab_rows[r][K.A_GODS_ART]
            if self.ab_rows[r][K.A_ONCE] == K.Once.TURN and self.ab_rows[r][K.A_KIND] == K.AbilityKind.AUTOMATIC and \
                    K.USED_ABILITY_BITS - 1 - (r - start) < n_act:
                # session 32: "This ability triggers only once per turn." (CR 906.4): the USED_TURN bit USED_ABILITY_BITS - 1 -
                # (its row's place among the card's, priority.play_pending), above the activate abilities' bits
                self.fail("abilities", f"an automatic ability once per turn past the {K.USED_ABILITY_BITS} bits of the "
                          "turn's record (above the card's activate abilities' bits)")
        row[K.C_HAS_CONT] = int(any(a.kind == "continuous" for a in card.abilities))
        self.card_rows.append(row)

    # ---- abilities ----
    def compile_ability(self, cid: int, card: FowCard, p: str, k: int, ab: FowAbility) -> int:
        kind = ab.kind
        if kind == "automatic":
            if ab.trigger is None:
                self.fail(f"{p}.trigger", "an automatic ability needs a trigger (CR 906)")
        elif ab.trigger is not None or ab.trigger_whose != "any":
            self.fail(f"{p}.trigger", "only automatic abilities have a trigger")
        if ab.trigger_filter is not None and ab.trigger not in _FILTERED_TRIGGERS and ab.trigger not in _OTHER_CARD_TRIGGERS:
            self.fail(f"{p}.trigger_filter",
                      f"trigger_filter is only used with trigger "
                      f"{' or '.join(map(repr, list(_FILTERED_TRIGGERS) + list(_OTHER_CARD_TRIGGERS)))}")
        if any(op.op == "target_trigger" for op in ab.effect) and (kind != "automatic" or (
                ab.trigger not in _OTHER_CARD_TRIGGERS and ab.trigger != "other_enters") or ab.trigger_filter is None):
            self.fail(f"{p}.effect", "target_trigger (the trigger's other card) in an automatic ability with trigger "
                      f"{' or '.join(map(repr, _OTHER_CARD_TRIGGERS))} and a trigger_filter")
        if ab.trigger == "judgment" and card.type != "j_ruler" and ab.trigger_filter is None:
            self.fail(f"{p}.trigger", "only a J-ruler has a 'judgment' trigger without a trigger_filter (CR 705.3; on "
                      "another card: the J-ruler it watches, e.g. side own, type j_ruler)")
        if ab.optional and kind != "automatic":
            self.fail(f"{p}.optional", "only automatic abilities are optional ('you may')")
        if ab.once != "no" and kind != "activate" and not (kind in ("will", "automatic") and ab.once == "turn"):
            self.fail(f"{p}.once", "only activate abilities (and will and automatic abilities, once per turn) are limited "
                      "to once per turn / game")

        coin = kind == "will" and ab.gods_art == K.ENERGIZE_ART
        if coin and (ab.cost is not None or card.type not in ("ruler", "j_ruler")):
            # [Energize] (CR 1119.2): the will coin's only cost is banishing the coin (once per game: its name)
            self.fail(f"{p}.cost", "the [Energize] will coin's ability (a J/ruler's) has no cost but banishing the coin")
        if kind in ("activate", "will") and not coin:
            if ab.cost is None or not _cost_nonempty(ab.cost):
                self.fail(f"{p}.cost", f"a {kind} ability needs a cost (CR 905.2): will, rest, banish_self, discard, life, mana or counters")
            if ab.cost.rest and card.type in ("chant", "rune"):
                # a ruler rests in its ruler area, an addition in the field (CR 1013.2; play.activate; both
                # recover in the recovery phase, turn.recover_all); a chant or rune is never there
                self.fail(f"{p}.cost.rest", f"a {card.type} is not rested for an ability here")
            if parse_will_cost(ab.cost.will)[1] < 0:
                self.fail(f"{p}.cost.will", "an ability cost has no X")
            if ab.cost.moon and (ab.cost.dive or ab.cost.inheritance or ab.cost.remove_from_hand):
                self.fail(f"{p}.cost.moon", "{M} in a cost paid from the hand ([Dive], [Inheritance])")
        elif ab.cost is not None:
            self.fail(f"{p}.cost", "only activate and will abilities have a cost")
        if ab.cost is not None and ab.cost.mana_from != "this_card" and not ab.cost.mana:
            self.fail(f"{p}.cost.mana_from", "mana_from needs a mana cost")
        if kind == "will":
            # a choice of wills ("Produce one will of any attribute"): a select_mode of produce_will modes
            chosen = [op for m in ab.effect[0].modes for op in m] if ab.effect and ab.effect[0].op == "select_mode" \
                else ab.effect
            if ab.cost is not None and ab.cost.pay_chosen != "none":
                chosen = [op for op in chosen if op.op != "choose"]  # the card paid with (check_pay_chosen)
            if len(chosen) == 2 and chosen[0].op == "set_x" and chosen[1].op == "produce_will" and chosen[1].count == "X":
                chosen = chosen[1:]  # "Produce {R} for each <cards>" (session 28): the count, then X of the will
            if not chosen or not all(op.op == "produce_will" for op in chosen):
                self.fail(f"{p}.effect", "a will ability only produces will (CR 907.1): produce_will ops "
                          "(or a select_mode of them)")
            if ab.cost is not None and ab.cost.will and not (ab.cost.rest or ab.cost.rest_j_ruler or ab.cost.rest_named or
                                                             ab.cost.banish_self or ab.once == "turn" or ab.cost.counters or
                                                             ab.gods_art is not None or ab.cost.pay_chosen != "none"):
                self.fail(f"{p}.cost.will", "a will ability paid with will needs {Rest}, 'banish this card', named "
                          "counters or once per turn in its cost here (no endless loop of will for will)")
        elif kind != "automatic" and any(op.op == "produce_will" for op in ab.effect):
            # an automatic ability's will is produced as it resolves from the chase (CR 907.1: not a will ability)
            self.fail(f"{p}.effect", "produce_will belongs in a 'will' ability (it resolves without the chase, CR 907.3)")
        if ab.gods_art is not None:
            if kind not in ("activate", "will"):
                # a will ability is an activate ability that produces will (CR 907.1; session 23: a God's Art producing
                # will, once per game by its name like any; the will coin of [Energize], CR 1119.2, constants.ENERGIZE_ART)
                self.fail(f"{p}.gods_art", "[God's Art] is an activate ability (CR 1112.1)")
            if ab.once == "turn":
                self.fail(f"{p}.once", "a [God's Art] is played once per game (CR 1112.2), not once per turn")
        elif ab.once == "game":
            self.fail(f"{p}.once", "once per game is [God's Art] (CR 1112.2): give its name, "
                      "e.g. gods_art = \"Turning Sands\" (once = \"game\" may then be left out)")
        once = "game" if ab.gods_art is not None else ab.once
        r = self.add_ability(cid, p, k, K.AbilityKind[kind.upper()], ab.effect, cost=ab.cost,
                             trigger=ab.trigger, whose=ab.trigger_whose, trigger_filter=ab.trigger_filter,
                             condition=ab.condition, optional=ab.optional, once=once)  # fmt: skip
        if ab.gods_art is not None:
            self.ab_rows[r][K.A_GODS_ART] = self.gods_art_id(ab.gods_art, p)
        if ab.cost is not None and (ab.cost.dive or ab.cost.inheritance or ab.cost.remove_from_hand):
            c = ab.cost
            if kind != "activate" or card.type not in _PAID_TYPES or c.rest or c.rest_j_ruler or c.rest_named or c.banish_self \
                    or c.discard or c.life or c.mana or c.pay_chosen != "none" or ab.once != "no" or (c.dive + c.inheritance + c.remove_from_hand > 1) \
                    or (c.dive and card.type != "resonator"):
                self.fail(f"{p}.cost.dive", "[Dive] ([Inheritance]) is an activate ability of a resonator (a card played "
                          "from the hand) with a will cost only")
            if any(a.cost is not None and (a.cost.dive or a.cost.inheritance or a.cost.remove_from_hand)
                   for a in card.abilities[:k]):
                # play.dive_row finds a card's first such row only (SELECT_HAND_BASE + i: one per hand card)
                self.fail(f"{p}.cost", "one ability played from the hand ([Dive], [Inheritance], 'remove this card in "
                          "your hand from the game') per card")
            self.ab_rows[r][K.A_COST_BANISH_SELF] = K.COST_DIVE if c.dive else (
                K.COST_REMOVE_HAND if c.remove_from_hand else K.COST_INHERITANCE)
        if ab.cost is not None and ab.cost.pay_chosen != "none":
            self.check_pay_chosen(ab, p)
            self.ab_rows[r][K.A_COST_BANISH_SELF] = _PAY_CHOSEN_CODE[ab.cost.pay_chosen] + ab.cost.pay_reg
            if ab.effect and ab.effect[0].op == "select_mode":  # the modes' rows, copies of the ability's (add_modes)
                for m in range(len(ab.effect[0].modes)):
                    self.ab_rows[r + 1 + m][K.A_COST_BANISH_SELF] = self.ab_rows[r][K.A_COST_BANISH_SELF]
        return r

    def check_pay_chosen(self, ab: FowAbility, p: str) -> None:
        """A cost paid with a chosen card: an activate ability whose effect chooses exactly one card of its
        controller's field on register pay_reg, which no other op uses (the register is emptied once paid)."""
        c = ab.cost
        if ab.kind not in ("activate", "will"):
            self.fail(f"{p}.cost.pay_chosen", "only an activate or will ability pays with a chosen card (chosen as it is played)")
        if c.banish_self:
            self.fail(f"{p}.cost.pay_chosen", "banish_self and pay_chosen share a column: not both")
        if ab.kind == "will" and ab.effect and ab.effect[0].op == "select_mode":
            # a choice of wills paid with a chosen card (session 24): each mode chooses the card first
            for m, mode in enumerate(ab.effect[0].modes):
                self.check_chosen_card(c, mode, f"{p}.effect[0].modes[{m}]", 5)
            return
        self.check_chosen_card(c, ab.effect, f"{p}.cost", 5)  # "rest two recovered <cards>" (session 24; five: session 29)

    def check_chosen_card(self, c: FowCost, effect: list, p: str, most: int = 1) -> None:
        """The cards a cost is paid with: one choose of ``most`` cards at most (an activate ability's one; a chant's
        additional cost "rest two recovered <cards> you control" two) on register pay_reg, of its controller's
        field, which no other op uses (priority.pay_chosen_cost banishes / rests each and empties it)."""
        chooses = [op for op in effect if op.op == "choose" and op.reg == c.pay_reg]
        if len(chooses) != 1 or not 1 <= chooses[0].count <= most or chooses[0].up_to:
            self.fail(f"{p}.pay_reg", f"needs one choose of 1 to {most} cards (not 'up to') on that register")
        flt = chooses[0].filter
        if flt.zone != ("graveyard" if c.pay_chosen == "remove" else "field") or flt.side != "own":
            self.fail(f"{p}.pay_reg", "the card paid with is one of your field (side own); one removed, of your graveyard")
        if c.pay_chosen == "rest" and flt.state != "recovered":
            self.fail(f"{p}.pay_reg", "a card rested for a cost is a recovered one (state recovered)")
        if any(getattr(op, "reg", None) == c.pay_reg for op in effect
               if op.op != "choose" and not (op.op == "discard" and not op.record)):  # a discard's reg: its record only
            self.fail(f"{p}.pay_reg", "the register paid with is used by no other op")

    def add_ability(self, cid: int, p: str, k: int, kind: K.AbilityKind, effect: list, *, cost: FowCost | None = None,
                    trigger: str | None = None, whose: str = "any", trigger_filter: FowFilter | None = None,
                    condition: FowCondition | None = None, optional: bool = False, once: str = "no") -> int:  # fmt: skip
        """Append one ability row (and its program) and return its row."""
        trig_filter = -1
        if trigger in _OTHER_CARD_TRIGGERS and trigger_filter is not None:
            trig_filter = self.compile_filter(trigger_filter, f"{p}.trigger_filter", ("field",))
        elif trigger == "judgment":
            # a J-ruler's own "judgment" trigger: its own judgment only (CR 705.3a-i; priority.resolve_judgment fires
            # Trigger.JUDGMENT on every active card about the J-ruler that entered, the opponent's too)
            trig_filter = self.compile_filter(FowFilter(self_only=True), f"{p}.trigger_filter", ("field",))
        elif trigger in _FILTERED_TRIGGERS:  # default: one of yours ("another resonator you control ...")
            zone = _TRIGGER_FILTER_ZONE.get(trigger, "field")
            flt = trigger_filter or FowFilter(side="own", type=list(_FILTERED_TRIGGERS[trigger]), zone=zone)
            if flt.zone != zone:
                self.fail(f"{p}.trigger_filter.zone", f"the card of trigger {trigger!r} is in the {zone}")
            trig_filter = self.compile_filter(flt, f"{p}.trigger_filter", (zone,))
        cond, cond_arg = self.compile_condition(condition, f"{p}.condition")
        code_start = len(self.code_rows)
        # the card a cost is paid with ("banish a resonator: ...") is chosen, not targeted (CR 903.2g targets are
        # named "target"): its choose filter is no target's (op_args)
        self._pay_reg = cost.pay_reg if cost is not None and cost.pay_chosen != "none" else None
        self._delayed_seen = 0
        self.compile_effect(kind, effect, "effect" if p == "effect" else f"{p}.effect")
        self._delayed_seen = 0
        self._pay_reg = None
        cost = cost or FowCost()
        attr, free = parse_will_cost(cost.will)
        row = self.new_row(K.ABILITY_TABLE, None, p, kind=kind, trigger=trigger, whose=whose, cost=cost,
                           optional=optional)  # fmt: skip
        row[K.A_TRIG_FILTER] = trig_filter
        if cost.rest_j_ruler:
            if cost.rest:
                self.fail(f"{p}.cost.rest_j_ruler", "{Rest} this card and rest your J/ruler: not both")
            row[K.A_COST_REST] = 2  # the J/ruler rested (play.ruler_recovered), not this card
        if cost.rest_named is not None:
            if cost.rest or cost.rest_j_ruler:
                self.fail(f"{p}.cost.rest_named", "{Rest} this card or your J/ruler and rest a named card: not both")
            row[K.A_COST_REST] = -self.interned(self.name_ids, cost.rest_named, f"{p}.cost.rest_named", "card name")
        row[K.A_COND], row[K.A_COND_ARG] = cond, cond_arg
        if cost.gems or cost.gem_attribute is not None:
            if kind not in (K.AbilityKind.ACTIVATE, K.AbilityKind.AWAKENING, K.AbilityKind.SPELL) or not cost.gems:
                self.fail(f"{p}.cost.gems", "gems banished as the cost of an activate ability, an [Awakening] or a chant "
                          "(how many: 1 to 5)")
            row[K.A_COST_GEMS] = cost.gems | (0 if cost.gem_attribute is None else (
                int(K.Attribute[cost.gem_attribute.upper()]) + 1) << K.GEM_COST_ATTR_SHIFT)
        if cost.counter_name is not None and not cost.counters:
            self.fail(f"{p}.cost.counters", "counter_name names the counters to remove (counters: how many)")
        if cost.counters and cost.counter_name is None and cost.counters_from != "this_card":
            self.fail(f"{p}.cost.counters", "[+100/+100] counters (counters without counter_name) are removed from this card")
        if cost.counters:
            # session 32: no counter_name: [+100/+100] counters from this card (kind 0 of the packing: play.named_cost_ok)
            ckind = 0 if cost.counter_name is None else self.counter_id(cost.counter_name, f"{p}.cost")
            row[K.A_COST_NAMED] = cost.counters | (ckind << K.NCC_KIND_SHIFT) | (
                K.NCC_FROM_RULER if cost.counters_from == "j_ruler" else 0)
        row[K.A_COST : K.A_COST + K.N_ATTRIBUTES] = attr
        row[K.A_COST_FREE] = free
        row[K.A_ONCE] = {"no": K.Once.ANY, "turn": K.Once.TURN, "game": K.Once.GAME}[once]
        row[K.A_GODS_ART] = -1  # compile_ability: a [God's Art]'s name id
        row[K.A_CODE_START] = code_start
        row[K.A_CODE_LEN] = len(self.code_rows) - code_start
        row[K.A_CARD] = cid
        self.ab_rows.append(row)
        self.ability_source.append((cid, k))
        r = len(self.ab_rows) - 1
        if effect and effect[0].op == "select_mode":
            self.add_modes(cid, p, k, kind, row, effect[0].modes, effect[0].conditions)
        for j, op in enumerate(effect):
            if op.op == "delayed":  # session 27 (CR 906.8): its program in a row of its own (Op.DELAYED's a0)
                self.add_delayed(cid, p, k, row, op.effect, f"{p}.effect[{j}].effect" if p != "effect" else
                                 f"effect[{j}].effect")
        return r

    def add_delayed(self, cid: int, p: str, k: int, parent: list[int], effect: list, q: str) -> None:
        """A delayed automatic ability (CR 906.8, Op.DELAYED): a copy of the ability's row with the delayed effect's
        program, of kind SPELL and without a trigger (no scan of the card's abilities sees it), no cost and no "you may";
        played from the pending list as an automatic ability (priority.play_pending, its trigger's card the card it is
        about: target_trigger)."""
        code_start = len(self.code_rows)
        self.compile_effect(K.AbilityKind.AUTOMATIC, effect, q)
        row = list(parent)
        row[K.A_KIND] = int(K.AbilityKind.SPELL)
        row[K.A_TRIGGER] = int(K.Trigger.NONE)
        row[K.A_TRIG_FILTER] = -1
        row[K.A_OPTIONAL] = 0
        row[K.A_COND], row[K.A_COND_ARG] = int(K.Condition.NONE), 0
        # session 29: made by an activate ability too: no cost of its own (CR 906.8: it is not played for a cost)
        for col in (K.A_COST_FREE, K.A_COST_REST, K.A_COST_BANISH_SELF, K.A_COST_DISCARD, K.A_COST_LIFE, K.A_COST_MANA,
                    K.A_COST_NAMED, K.A_COST_MOON, K.A_COST_GEMS):
            row[col] = 0
        row[K.A_COST : K.A_COST + K.N_ATTRIBUTES] = [0] * K.N_ATTRIBUTES
        row[K.A_ONCE] = int(K.Once.ANY)
        row[K.A_CODE_START] = code_start
        row[K.A_CODE_LEN] = len(self.code_rows) - code_start
        self.ab_rows.append(row)
        self.ability_source.append((cid, k))

    def add_modes(self, cid: int, p: str, k: int, kind: K.AbilityKind, parent: list[int], modes: list,
                  conditions: list | None = None) -> None:
        """CR 903.2e: one ability row per mode after the ability's (its SELECT_MODE row names them): a copy of the
        ability's row (costs, "you may", its card) with the mode's program, of kind SPELL and without a
        trigger, so that no scan of the card's abilities (triggers, activate abilities, auras) sees it. Its
        condition is the mode's own (effects.mode_allowed; session 24), none where the text sets none."""
        conditions = list(conditions or [])
        # session 29: a mode's delayed abilities (CR 906.8, Op.DELAYED) in rows of their own after the modes' rows
        self._mode_delayed_base = len(self.ab_rows) + len(modes)
        self._delayed_seen = 0
        for m, mode in enumerate(modes):
            mcond = conditions[m] if m < len(conditions) else None
            code_start = len(self.code_rows)
            self.compile_effect(kind, mode, f"{p}.effect[0].modes[{m}]" if p != "effect" else f"effect[0].modes[{m}]")
            row = list(parent)
            row[K.A_KIND] = int(K.AbilityKind.SPELL)
            row[K.A_TRIGGER] = int(K.Trigger.NONE)
            row[K.A_TRIG_FILTER] = -1
            row[K.A_COND], row[K.A_COND_ARG] = self.compile_condition(
                mcond, f"{p}.effect[0].conditions[{m}]" if p != "effect" else f"effect[0].conditions[{m}]")
            row[K.A_CODE_START] = code_start
            row[K.A_CODE_LEN] = len(self.code_rows) - code_start
            self.ab_rows.append(row)
            self.ability_source.append((cid, k))
        self._delayed_seen = 0
        for m, mode in enumerate(modes):
            for j, op in enumerate(mode):
                if op.op == "delayed":
                    self.add_delayed(cid, p, k, parent, op.effect, f"{p}.effect[0].modes[{m}][{j}].effect"
                                     if p != "effect" else f"effect[0].modes[{m}][{j}].effect")

    def compile_condition(self, c: FowCondition | None, p: str) -> tuple[int, int]:
        if c is None:
            return int(K.Condition.NONE), 0
        v = c.value
        if c.kind in ("weather_is_not", "ruler_not_named"):
            # "... instead": the other branch (card_text._instead), packed as the condition it negates
            base = {"weather_is_not": "weather_is", "ruler_not_named": "ruler_named"}[c.kind]
            return int(K.Condition[c.kind.upper()]), self.compile_condition(c.model_copy(update={"kind": base}), p)[1]
        if c.kind in ("control_fewer", "stones_fewer", "control_name_none", "opp_control_fewer"):
            # session 32: "... instead"'s other branch (card_text._not), packed as the condition it negates
            base = {"control_fewer": "control_at_least", "stones_fewer": "stones_at_least",
                    "control_name_none": "control_name", "opp_control_fewer": "opp_control_at_least"}[c.kind]
            return int(K.Condition[c.kind.upper()]), self.compile_condition(c.model_copy(update={"kind": base}), p)[1]
        if c.kind in ("life_more", "opponent_life_more"):
            # session 33 (s33c): "... instead"'s other branch (card_text._not), packed as the condition it negates
            base = {"life_more": "life_at_most", "opponent_life_more": "opponent_life_at_most"}[c.kind]
            return int(K.Condition[c.kind.upper()]), self.compile_condition(c.model_copy(update={"kind": base}), p)[1]
        if (c.kind in ("count_at_least", "count_fewer")) != (c.per is not None):
            self.fail(f"{p}.per", "count_at_least / count_fewer take a count (per), and only they")
        if c.kind in ("count_at_least", "count_fewer"):
            # session 32: a count as an AURA_PER reads it (filters.aura_count), N or more / fewer than N
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v < 1 << K.COUNT_PER_SHIFT:
                self.fail(f"{p}.value", f"{c.kind} counts 1 to {(1 << K.COUNT_PER_SHIFT) - 1}")
            if c.per.count in ("self_atk", "trigger_damage", "target_def", "target_atk", "trigger_cost", "target_controller",
                               "this_way", "force_roll", "hand_other"):
                self.fail(f"{p}.per.count", f"{c.per.count} is no count a continuous condition reads")
            per, row, _ = self.per_args(c.per, f"{p}.per")
            return int(K.Condition[c.kind.upper()]), v | (per << K.COUNT_PER_SHIFT) | (row << K.COUNT_ROW_SHIFT)
        if c.kind == "control_name":
            if not isinstance(v, str):
                self.fail(f"{p}.value", "control_name takes a card name")
            return int(K.Condition.CONTROL_NAME), self.interned(self.name_ids, v, f"{p}.value", "card name")
        if c.kind == "control_names":
            names = [v, *c.names] if isinstance(v, str) and v else list(c.names)
            if len(names) != 2:
                self.fail(f"{p}.names", "control_names takes two card names (value, names)")
            ids = [self.interned(self.name_ids, n, f"{p}.names", "card name") for n in names]
            if max(ids) >= 1 << K.RULER_NAME_BITS:
                self.fail(f"{p}.names", "too many card names in the pool for control_names")
            return int(K.Condition.CONTROL_NAMES), ids[0] | (ids[1] << K.RULER_NAME_BITS)
        if c.kind == "ruler_named":
            names = [v, *c.names] if isinstance(v, str) and v else list(c.names)
            if not 1 <= len(names) <= 2:
                self.fail(f"{p}.names", "ruler_named takes one or two card names (value, names)")
            ids = [self.interned(self.name_ids, n, f"{p}.names", "card name") for n in names]
            if max(ids) >= 1 << K.RULER_NAME_BITS:
                self.fail(f"{p}.names", "too many card names in the pool for ruler_named")
            return int(K.Condition.RULER_NAMED), ids[0] | ((ids[-1] + 1) << K.RULER_NAME_BITS)
        if c.kind in ("opp_control_at_least", "control_none"):
            # CONTROL_AT_LEAST's packing; the opponent's cards are matched from its controller's side (side opponent)
            opp = c.kind == "opp_control_at_least"
            if c.filter is not None and (c.filter.side == "opponent") != opp:
                self.fail(f"{p}.filter.side", "opp_control_at_least reads the opponent's cards (side opponent), "
                          "control_none yours")
            flt = c.filter.model_copy(update={"side": "any"}) if opp and c.filter is not None else c.filter
            cond, arg = self.compile_condition(c.model_copy(update={"kind": "control_at_least", "filter": flt}), p)
            if opp:
                arg = (self.compile_filter(c.filter, f"{p}.filter", ("field",)) << K.CONTROL_COUNT_BITS) | c.value
            return int(K.Condition[c.kind.upper()]), arg
        if c.kind in ("ruler_matches", "ruler_matches_none"):
            # "you control a / you don't control a <attribute / race / recovered / rested> J/ruler" (session 24, CR
            # 201.2b): the ruler slot's card (filters.ruler_matches reads the attribute, race and state words only)
            f = c.filter
            if f is None or f.model_dump(exclude_defaults=True).keys() - {"attribute", "not_attribute", "race", "race_or",
                                                                          "state", "side"} or f.side == "opponent":
                self.fail(f"{p}.filter", f"{c.kind}: a filter of your J/ruler's attribute, race and state only")
            frow = self.compile_filter(f, f"{p}.filter", ("field",))
            return int(K.Condition.RULER_MATCHES), (frow << 1) | int(c.kind == "ruler_matches_none")
        if c.kind == "targets_match":
            # "you may pay ... less to play this card if it targets a <card>" (session 22): a chant's or an addition's own
            # cost reduction (its continuous ability's condition), a target's filter (CR 903.2g: [Barrier] kept out)
            card = self._card
            if c.filter is None or card is None or card.type not in ("chant", "addition") or card.trigger is not None or \
                    not p.startswith("abilities["):  # not a [Trigger] chant (played from the standby area without its cost)
                self.fail(p, "targets_match: the condition of a chant's or addition's own cost reduction, with a filter")
            return int(K.Condition.TARGETS_MATCH), self.compile_filter(c.filter, f"{p}.filter", ("field",), targeted=True)
        if any(flt is not None and (flt.keyword or flt.not_keyword) for flt in (c.filter, c.other)):
            # conditions read the cards without the continuous abilities (filters.condition_holds: filter_base)
            self.fail(f"{p}.filter", "a condition reads no keywords ('with [Flying]'): continuous abilities are not read")
        if (c.kind == "control_and_another") != (c.other is not None):
            self.fail(f"{p}.other", "control_and_another takes a second filter (other), and only it")
        if c.kind == "control_and_another":
            rows = []
            for key, flt in (("filter", c.filter), ("other", c.other)):
                if flt is None or flt.zone != "field" or flt.side == "opponent" or flt.atk_min is not None or \
                        flt.atk_max is not None:
                    self.fail(f"{p}.{key}", "control_and_another reads cards in your field, without ATK bounds")
                rows.append(self.compile_filter(flt, f"{p}.{key}", ("field",)))
            if max(rows) >= 1 << K.RULER_NAME_BITS:
                self.fail(p, "too many filter rows in the pool for control_and_another")
            return int(K.Condition.CONTROL_AND_ANOTHER), rows[0] | (rows[1] << K.RULER_NAME_BITS)
        if c.kind == "control_fewer_than_opp":
            # session 32: "you control fewer <cards> than your opponent": the filter's side any (each field counted)
            if c.filter is None or c.filter.zone != "field" or c.filter.side != "any" or c.filter.atk_min is not None \
                    or c.filter.atk_max is not None or v != 0:
                self.fail(f"{p}.filter", "control_fewer_than_opp: a filter of the field, side any, without ATK bounds")
            return int(K.Condition.CONTROL_FEWER_THAN_OPP), self.compile_filter(c.filter, f"{p}.filter", ("field",))
        if c.kind == "control_at_least":
            if c.filter is None or c.filter.zone != "field" or c.filter.side == "opponent":
                self.fail(f"{p}.filter", "control_at_least counts cards in your field: a filter of the field, not the opponent's side")
            if c.filter.atk_min is not None or c.filter.atk_max is not None:
                self.fail(f"{p}.filter", "control_at_least reads no ATK (continuous abilities are not read, filters.condition_holds)")
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v < 1 << K.CONTROL_COUNT_BITS:
                self.fail(f"{p}.value", f"control_at_least counts 1 to {(1 << K.CONTROL_COUNT_BITS) - 1} cards")
            frow = self.compile_filter(c.filter, f"{p}.filter", ("field",))
            return int(K.Condition.CONTROL_AT_LEAST), (frow << K.CONTROL_COUNT_BITS) | v
        if c.filter is not None:
            self.fail(f"{p}.filter", "only control_at_least takes a filter")
        if (c.kind == "named_counters_at_least") != (c.counter_name is not None):
            self.fail(f"{p}.counter_name", "named_counters_at_least names the counter, and only it")
        if c.kind == "named_counters_at_least":
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v < 1 << K.NCC_KIND_SHIFT:
                self.fail(f"{p}.value", f"named_counters_at_least counts 1 to {(1 << K.NCC_KIND_SHIFT) - 1} counters")
            return int(K.Condition.NAMED_COUNTERS_AT_LEAST), v | (self.counter_id(c.counter_name, p) << K.NCC_KIND_SHIFT) | (
                K.NCC_FROM_RULER if c.counters_from == "j_ruler" else 0)
        if (c.kind == "gems_at_least") != (c.attribute is not None):
            self.fail(f"{p}.attribute", "gems_at_least names the gems' attribute, and only it")
        if c.kind == "gems_at_least":
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 15:
                self.fail(f"{p}.value", "gems_at_least counts 1 to 15 gems")
            return int(K.Condition.GEMS_AT_LEAST), int(K.Attribute[c.attribute.upper()]) | (v << 3)
        if c.kind == "force_command":
            # "[Force Resonance] <X>" (session 24): its controller controls a card with [Force Command] <X>
            if v not in K.FORCE_COMMANDS:
                self.fail(f"{p}.value", f"force_command takes a [Force Command] tag: one of {', '.join(K.FORCE_COMMANDS)}")
            return int(K.Condition.FORCE_COMMAND), 1 << (K.FORCE_COMMAND_SHIFT + K.FORCE_COMMANDS.index(v))
        if c.kind == "weather_is":
            if not isinstance(v, str) or v.upper() not in K.Weather.__members__ or v == "none":
                self.fail(f"{p}.value", "weather_is takes a weather: rain, thunderstorm or clear (CR 1028)")
            return int(K.Condition.WEATHER_IS), int(K.Weather[v.upper()])
        if c.kind == "rune_attributes_not":
            # "... instead" (session 28): the other branch of a rune_attributes condition, the same arg
            return int(K.Condition.RUNE_ATTRIBUTES_NOT), self.compile_condition(
                c.model_copy(update={"kind": "rune_attributes"}), p)[1]
        if c.kind == "rune_attributes":
            # CR 1137.2a: a revealed rune of the matching attribute for each will symbol
            try:
                attr, free = parse_will_cost(v) if isinstance(v, str) else (None, None)
            except ValueError:
                attr = None
            if attr is None or free != 0 or not any(attr) or max(attr) >= 1 << K.RUNE_ATTR_BITS:
                self.fail(f"{p}.value", "rune_attributes takes will symbols of attributes, e.g. \"{W}{W}\" (CR 1137.2a)")
            return int(K.Condition.RUNE_ATTRIBUTES), sum(n << (K.RUNE_ATTR_BITS * a) for a, n in enumerate(attr))
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            self.fail(f"{p}.value", "must be a number >= 0")
        if c.kind == "awakened" and (v > 1 or not p.startswith("effect[")):
            # CR 1109.2a: the chant reads how it was played (filters.condition_holds); 1 it was awakened, 0 it was not
            self.fail(f"{p}.value" if v > 1 else p, "awakened is 1 (was awakened) or 0 (was not), in a chant's effect")
        if c.kind == "torrent" and (v != 0 or not p.startswith("effect[")):
            # CR 1124.2: the chant reads how it was played (its chase entry's PLAY_TORRENT, filters.condition_holds)
            self.fail(p, "torrent (value 0) is read in a chant's effect")
        if c.kind in ("life_at_most", "opponent_life_at_most") and v % 100:
            self.fail(f"{p}.value", "life is counted in hundreds (CR 1203)")
        return int(K.Condition[c.kind.upper()]), v

    def compile_effect(self, kind: K.AbilityKind, effect: list, p: str) -> None:
        """Check the program (:func:`_program_problem`), then append its instruction rows."""
        for j in range(len(effect)):
            problem = _program_problem(kind, effect, j)
            if problem is not None:
                self.fail(f"{p}[{j}].{problem[0]}", problem[1])
        for j, op in enumerate(effect):
            self._per_x = any(o.op == "set_x" for o in effect[:j])  # the "X" operands after a SET_X
            if op.op in ("aura_power", "cost_reduction") and op.per is not None:
                if op.per.count in ("self_atk", "trigger_damage", "target_def", "target_atk", "trigger_cost",
                                    "target_controller", "this_way", "force_roll"):
                    self.fail(f"{p}[{j}].per.count", f"{op.per.count} is an amount of a one-time effect (set_x), not a count")
                self.code_rows.append([int(K.Op.AURA_PER), 0, *self.per_args(op.per, f"{p}[{j}].per")])
            # (session 32: a discard at random too: effects.exec_op discards each card by zones.discard_to_graveyard)
            code = K.Op.PLAYER_DISCARD if op.op == "discard" and (op.who in ("target_controller", "turn_player") or
                                                                  op.this_way or op.record or op.random) \
                else EFFECT_OPS[op.op]
            self.code_rows.append([int(code), getattr(op, "reg", 0), *self.op_args(op, f"{p}[{j}]")])
        self._per_x = False

    def per_args(self, per: "FowPer", q: str) -> tuple[int, int, int]:
        if (per.count == "force_roll") != (per.dice > 0):
            self.fail(f"{q}.dice", "a roll ([Force] N, count 'force_roll') names its dice, 1 to 5, and only it")
        if per.count == "force_roll":
            return int(K.Per.FORCE_ROLL), per.dice, 0  # CR 1023.1: the dice rolled as the SET_X resolves
        if (per.count == "named") != (per.counter_name is not None):
            self.fail(f"{q}.counter_name", "a count of named counters (count 'named') names the counter, and only it")
        if per.count == "named":
            return int(K.Per.NAMED), (self.counter_id(per.counter_name, q) << K.NCC_KIND_SHIFT) | (
                K.NCC_FROM_RULER if per.counters_from == "j_ruler" else 0), 0
        if per.count == "graveyard" and per.filter is not None:
            # "for each <card> in your graveyard": the matching cards of its controller's graveyard
            return int(K.Per.GRAVEYARD_MATCHING), self.compile_filter(per.filter, f"{q}.filter", ("graveyard",)), 0
        if per.count == "field_and_ruler":
            # "for each <race> ruler or entity you control" (session 28, CR 201.2b): the entities of the field and the
            # rulers of the ruler areas (Per.FIELD_AND_RULER: two filter rows)
            if per.filter is None or per.filter.type or per.filter.zone != "field":
                self.fail(f"{q}.filter", "entities of the field (no type) and rulers of the ruler areas")
            field_row = self.compile_filter(per.filter, f"{q}.filter", ("field",))
            ruler = per.filter.model_copy(update={"zone": "ruler_area", "type": ["ruler"]})
            ruler_row = self.compile_filter(ruler, f"{q}.filter", ("ruler_area",))
            return int(K.Per.FIELD_AND_RULER), field_row | (ruler_row << K.PER_ROW_BITS), 0
        if per.count == "zone":
            # "for each <card> in your removed area / all graveyards" (session 28, Per.ZONE_MATCHING): the filter's zone
            if per.filter is None or per.filter.zone not in ("graveyard", "removed"):
                self.fail(f"{q}.filter.zone", "a count of a zone reads a graveyard or a removed area")
            return int(K.Per.ZONE_MATCHING), self.compile_filter(per.filter, f"{q}.filter", ("graveyard", "removed")), 0
        if per.count in ("attributes", "names", "max_cost", "distinct_names"):
            # "the number of different attributes among <cards>" (Per.ATTRIBUTES); "the number of <cards> with
            # different names" (session 28, Per.NAMES)
            if per.filter is None:
                self.fail(f"{q}.filter", f"a count of {per.count} needs a filter")
            return int(K.Per[per.count.upper()]), self.compile_filter(per.filter, f"{q}.filter", ("field",)), 0
        if per.count != "field":
            if per.filter is not None:
                self.fail(f"{q}.filter", "a count of the hand or graveyard takes no filter")
            return int(K.Per[per.count.upper()]), 0, 0
        if per.filter is None:
            self.fail(f"{q}.filter", "a count of the field needs a filter")
        if per.filter.atk_min is not None or per.filter.atk_max is not None or per.filter.keyword or per.filter.not_keyword:
            self.fail(f"{q}.filter", "a count reads no ATK or keywords (continuous abilities are not read)")
        return int(K.Per.FIELD), self.compile_filter(per.filter, f"{q}.filter", ("field",)), 0

    def x_operand(self, v: Any, q: str, per: int) -> int:
        """An amount or count: the number, or for "X00" / "X" (CR 903.3c, 903.2f) -``per`` (the
        kernels read a negative operand as ``per`` times the X of the chase entry)."""
        if not isinstance(v, str):
            return v
        card = self._card
        if getattr(self, "_per_x", False):
            return -per  # the X a SET_X before it set ("for each ...")
        if not (q.startswith("effect[") and card.cost is not None and parse_will_cost(card.cost)[1] < 0
                and card.trigger is None):
            self.fail(q, f"{v!r} needs a chant whose cost has {{X}}, in its effect (X is known only while it is on the chase, CR 203.5b)")
        return -per

    def op_args(self, op: Any, q: str) -> tuple[int, int, int]:
        name = op.op
        who = lambda: K.WHO_TARGET_CONTROLLER if op.who == "target_controller" else \
            K.WHO_TURN_PLAYER if op.who == "turn_player" else int(K.Who[op.who.upper()])  # noqa: E731
        if name == "choose":
            # "target ...": the one selection that targets (CR 1120.2: an opponent's [Barrier] card is not a legal target)
            targeted = getattr(self, "_pay_reg", None) != op.reg  # not the card a cost is paid with (add_ability)
            if op.if_awakened and (not op.up_to or self._card is None or self._card.type != "chant"
                                   or not q.startswith("effect[") or ".modes[" in q):
                self.fail(f"{q}.if_awakened", "a chant's own 'up to' target (its effect, not a mode's)")
            return (self.compile_filter(op.filter, f"{q}.filter", ("field", "chase", "graveyard", "removed"),
                                        targeted=targeted),
                    op.count, K.CHOOSE_IF_AWAKENED if op.if_awakened else int(op.up_to))
        if name == "select_mode":
            # the modes' ability rows follow the row of the ability being compiled (add_ability)
            return len(self.ab_rows) + 1, len(op.modes), K.MODE_AT_RANDOM if op.at_random else 0
        if name == "set_x":
            if self._card.cost is not None and parse_will_cost(self._card.cost)[1] < 0:
                self.fail(q, "set_x in a card whose cost has {X} (the X chosen as it is played, CR 903.2f)")
            if op.times == 0:
                self.fail(f"{q}.times", "must not be 0")
            a0, a1, _ = self.per_args(op.per, f"{q}.per")
            return a0, a1, op.times + op.plus * K.SET_X_PLUS
        if name == "select_all":
            # ruler_area: "your ruler" (a ruler in its ruler area is no entity of the field, CR 307.6)
            # (no target: an opponent's [Barrier] card is among "each / all ...", CR 1120.2)
            return self.compile_filter(op.filter, f"{q}.filter", ("field", "ruler_area")), 0, 0
        if name == "target_trigger":
            return 0, int(op.removed), 0
        if name == "pay":  # session 32 (Op.PAY)
            try:
                attr, free = parse_will_cost(op.will)
            except ValueError as e:
                self.fail(f"{q}.will", str(e))
            if free < 0 or max(attr) >= 1 << K.PAY_ATTR_BITS or free > 15 or op.life % 100 or not (any(attr) or free or op.life):
                self.fail(q, "pay: a will cost without X (each attribute at most 7, free at most 15) and / or life (a "
                          "multiple of 100, CR 105.4a)")
            return sum(n << (K.PAY_ATTR_BITS * a) for a, n in enumerate(attr)), free, op.life
        if name == "player_choose":
            # session 32: chosen, not targeted (CR 903.2g): the filter row without the TARGETED bit; your own cards only
            if op.filter.side != "own" or op.filter.zone != "field":
                self.fail(f"{q}.filter.side", "player_choose: the cards you control in the field (side own)")
            return self.compile_filter(op.filter, f"{q}.filter", ("field",)), int(K.Who.CONTROLLER), op.count | (
                K.PLAYER_CHOOSE_UP_TO if op.up_to else 0)
        if name == "prevent_from":
            return {"all": 0, "next": -1, "next_until_used": -2}[op.amount], 0, 0  # session 34 (s34a)
        if name == "select_shared_name":
            return self.compile_filter(op.filter, f"{q}.filter", ("field",)), 0, 0  # session 34 (s34a)
        if name == "cancel" or name in _TARGETING:
            return 0, 0, 0
        if name == "cancel_unless_pay":  # session 34 (s34b): {N}, or {X} of a SET_X before it (effects.cancel_unless_pay)
            return self.x_operand(op.amount, f"{q}.amount", 1), 0, 0
        if name == "cancel_ability":  # session 34 (s34b): the register only (effects.cancel_ability)
            return 0, 0, 0
        if name == "reveal_from_hand":  # session 34 (s34b): effects.reveal_from_hand
            if self._card is not None and self._card.cost is not None and parse_will_cost(self._card.cost)[1] < 0:
                self.fail(q, "reveal_from_hand counts in the frame's X: not on a card whose cost has {X} (CR 203.5b)")
            return self.compile_filter(op.filter, f"{q}.filter", ("hand",)), int(op.different_names), 0
        if name == "banish":
            return int(op.by == "its_controller"), 0, 0
        if name in ("power", "power_x"):
            if op.atk == 0 and op.defense == 0:
                self.fail(f"{q}.atk", "power changes ATK or DEF (both are 0)")
            if name == "power_x" and not getattr(self, "_per_x", False):
                self.x_operand("X", q, 1)  # a chant's or rune's chosen X (CR 903.2f), or it fails
            return op.atk, int(K.Duration[op.duration.upper()]), op.defense
        if name == "damage":
            if (op.amount == "atk") != (op.by_reg is not None) or op.by_reg == op.reg:
                self.fail(f"{q}.by_reg", "damage equal to the ATK of the card of another register: amount 'atk' with by_reg")
            if op.amount == "atk":
                return 0, 0, op.by_reg + 1
            if op.amount == "dealt_this_turn":
                return 0, K.DAMAGE_DEALT_THIS_TURN, 0
            return self.x_operand(op.amount, f"{q}.amount", 100), 0, 0
        if name in ("prevent", "prevent_player"):
            amount = 0 if op.amount in ("all", "next") else self.x_operand(op.amount, f"{q}.amount", 100)
            return amount, who() if name == "prevent_player" else 0, int(op.amount == "next")
        if name == "shield_destroy":
            if not op.instead:
                self.fail(f"{q}.instead", "say what happens instead: rest, heal or both")
            return bits(op.instead, _INSTEAD_BITS), 0, 0
        if name == "replace_destroy":
            if op.filter is None:
                card = self._card
                if card.type != "addition" or card.addition in (None, "field"):
                    self.fail(f"{q}.filter", "without a filter it replaces the destruction of the card this addition is added to: an addition added to a card")
                frow = -1
            else:
                if not (op.filter.exclude_self or op.filter.added_to):
                    self.fail(f"{q}.filter.exclude_self", "this card goes to the graveyard instead: it cannot protect itself (exclude_self = true)")
                frow = self.compile_filter(op.filter, f"{q}.filter", ("field",))
            return bits(op.instead, _INSTEAD_BITS) | K.INSTEAD_SOURCE_TO_GRAVEYARD, frow, 0
        if name == "grave_to_removed":
            owner = {"any": K.GraveOwner.ANY, "you": K.GraveOwner.YOU, "opponent": K.GraveOwner.OPPONENT}[op.owner]
            return 0, self.compile_filter(op.filter, f"{q}.filter", ("field", "chase", "anywhere")), int(owner)
        if name == "damage_mod":
            a0 = 0 if op.amount == "double" else op.amount
            a2 = -1 if op.filter is None else self.compile_filter(op.filter, f"{q}.filter", ("field",))
            return a0, self.compile_filter(op.source, f"{q}.source", ("field",)), a2
        if name == "prevent_damage":
            if op.amount == "all" and op.at_most:
                self.fail(f"{q}.at_most", "at_most needs an amount (all of a damage of that amount or less)")
            a0 = 0 if op.amount == "all" else (op.amount if op.at_most else -op.amount)
            a2 = 0 if op.source is None else self.compile_filter(op.source, f"{q}.source", ("field",)) + 1
            return a0, self.compile_filter(op.filter, f"{q}.filter", ("field",)), a2
        if name == "grant_keyword":
            return bits(op.keywords, K.KEYWORD_BITS), int(K.Duration[op.duration.upper()]), 0
        if name == "restrict":
            return bits(op.restrictions, _RESTRICT_BITS), int(K.Duration[op.duration.upper()]), 0
        if name == "set_power":
            return op.atk, int(K.Duration.END_OF_TURN), op.defense  # session 34 (s34a): effects.set_power
        if name == "gain_control":
            return K.GAIN_CONTROL_EOT if op.duration == "end_of_turn" else K.GAIN_CONTROL_PERMANENT, 0, 0
        if name == "counter":
            kind = 0 if op.name is None else self.counter_id(op.name, q)
            if op.count == "X":
                if not getattr(self, "_per_x", False):
                    self.fail(f"{q}.count", "X counters: the X of a set_x before it")
                return 1, kind, K.COUNTER_TIMES_X
            if op.count == 0:
                self.fail(f"{q}.count", "must not be 0")
            if op.name is None and abs(op.count) > 10:
                self.fail(f"{q}.count", "at most 10 [+100/+100] or [-100/-100] counters")
            return op.count, kind, 0
        if name == "draw":
            return self.x_operand(op.count, f"{q}.count", 1), who(), 0
        if name == "mill":
            return self.x_operand(op.count, f"{q}.count", 1), who(), int(op.to == "removed") | (
                K.MILL_THIS_WAY if op.this_way else 0)
        if name == "player_banish":
            # chosen, not targeted (CR 903.2g): the filter row without the TARGETED bit; the chooser's own cards only
            if op.filter.side != {"controller": "own", "opponent": "opponent", "turn_player": "any"}[op.who]:
                self.fail(f"{q}.filter.side", "the player who banishes chooses among the cards they control (CR 1011.2)")
            return self.compile_filter(op.filter, f"{q}.filter", ("field",)), who(), op.count
        if name == "discard":
            if (op.this_way or op.record) and op.random:
                self.fail(f"{q}.this_way", "the cards discarded this way: a chosen discard (not at random)")
            return self.x_operand(op.count, f"{q}.count", 1), who(), int(op.random) | (
                K.DISCARD_THIS_WAY if op.this_way else 0) | (K.DISCARD_TO_REG if op.record else 0)
        if name == "remove_grave":  # session 29
            if op.filter.zone != "graveyard" or (op.count is not None and op.count.zone != "graveyard"):
                self.fail(f"{q}.filter.zone", "the cards of a graveyard (zone graveyard)")
            count = 0 if op.count is None else self.compile_filter(op.count, f"{q}.count", ("graveyard",)) + 1
            return self.compile_filter(op.filter, f"{q}.filter", ("graveyard",)), 0, count
        if name in ("damage_player", "gain_life", "lose_life"):
            return self.x_operand(op.amount, f"{q}.amount", 100), who(), 0
        if name == "search":
            if op.who == "opponent" and (op.filter.zone != "hand" or op.to not in ("graveyard", "removed") or not op.must
                                         or op.top):
                # "look at target opponent's hand and choose a <card>; they discard that card / remove that card from
                # the game" (CR 1019.1, 1004.1)
                self.fail(f"{q}.who", "the opponent's hand is looked at to discard or remove a card (zone hand, to "
                          "graveyard or removed, must)")
            if op.to == "removed" and op.who != "opponent":
                self.fail(f"{q}.to", "'removed': a card chosen in the opponent's hand (who opponent)")
            if op.filter.side == "opponent" and op.who != "opponent":
                self.fail(f"{q}.filter.side", "you search your own main deck")
            if op.to == "field" and op.top > 0 and (op.filter.type or []) != ["resonator"] and op.filter.zone != "stone_deck":
                # a card looked at that stays where it is (an addition nothing can take, CR 1406.3) would be left among
                # the cards looked at: only a resonator (effects.effect_to_field puts any other card found or taken
                # from the hand into the field: CR 316.4 for a chant, 1406.3 for an addition added to a card)
                self.fail(f"{q}.to", "a look at the top cards into the field finds a resonator (filter type [\"resonator\"])")
            # zone hand: "you may put a <card> from your hand into your field" (only into the field)
            # zone removed: "put a <card> from your removed area into your hand" (a public zone, CR 311.2: 'must')
            # zone graveyard (session 27): "put a <card> from your graveyard into your hand / field" (public, CR 310.2)
            # zone stone_deck (session 27): "search your magic stone deck for a <card> and put it into the field"
            if op.to == "deck_top" and (op.top or op.must or op.filter.zone not in ("main_deck", "stone_deck")):
                # "search your deck for a card. Then shuffle the rest of your deck and put that card on top of it"
                self.fail(f"{q}.to", "'deck_top': a search of the whole main or magic stone deck (no top, no must)")
            zones = ("main_deck", "stone_deck") if op.to == "deck_top" else \
                ("main_deck", "hand", "graveyard", "stone_deck") if op.to == "field" or op.who == "opponent" else \
                ("main_deck", "removed", "graveyard") if op.to == "hand" else ("main_deck",)
            if op.filter.zone == "stone_deck" and (op.who == "opponent" or (op.must and op.top == 0) or op.top > 1 or
                                                    (op.top and (op.rest != "top" or op.to != "field"))):
                # a search of the magic stone deck may fail to find (CR 1014.2); its top card revealed (session 28):
                # into the field or left on top
                self.fail(f"{q}.filter.zone", "a search of the magic stone deck may fail to find (CR 1014.2): no 'must'; "
                          "or its top card (top 1, rest 'top') into the field")
            if op.filter.zone == "graveyard" and (op.who == "opponent" or op.top or op.reveal != "none"):
                self.fail(f"{q}.filter.zone", "a card put from your graveyard is chosen there (no reveal, no top cards)")
            if (op.top == 0 and op.must and op.filter.zone not in ("hand", "removed", "graveyard")) or \
                    (op.top > 0 and op.filter.zone not in ("main_deck", "stone_deck")):
                # a search of the deck may fail to find (CR 1014.2): 'must' for the top cards looked at or the hand
                self.fail(f"{q}.top", "'must' and 'top' look at the top cards of the main deck (top > 0), or 'must' the hand")
            look = (0 if op.top == 0 else op.top | _SEARCH_REST[op.rest]) | (K.SEARCH_MUST if op.must else 0)
            if op.reveal == "top" and op.top == 0:
                self.fail(f"{q}.reveal", "'top' reveals the top cards looked at (top > 0)")
            look |= _SEARCH_REVEAL[op.reveal] | (K.SEARCH_OPPONENT if op.who == "opponent" else 0)
            if op.take > 1:
                # "put up to two <cards> from among them" (session 28): one SEARCH decision per card, among the top cards
                # looked at (not an addition into the field: its host's choice would end the search, CR 1406.3)
                if op.top < op.take or op.reveal == "taken_more" or op.who == "opponent" or op.filter.zone != "main_deck" \
                        or (op.to == "field" and (op.filter.type or []) != ["resonator"]):
                    self.fail(f"{q}.take", "several cards taken from the top cards of the main deck looked at (top >= take)")
                look |= (op.take - 1) << K.SEARCH_TAKE_SHIFT
            if op.any_number:
                # "search your deck for any number of <cards>" (session 28): asked again after each card found
                if op.top or op.must or op.take > 1 or op.filter.zone not in ("main_deck", "stone_deck") or \
                        op.reveal == "taken_more" or (op.to == "field" and "addition" in (op.filter.type or ["addition"])):
                    self.fail(f"{q}.any_number", "any number of cards found in a whole deck (no top, must or take; not "
                              "an addition into the field)")
                look |= K.SEARCH_ANY
            if op.rested:
                # "... into the field rested" (session 28): the card found enters rested (not an addition: its host's
                # choice, CR 1406.3, enters it through effects.addition_host_chosen)
                named = self.index.get(op.filter.name) if op.filter.name and not op.filter.type else None
                types = [self.models[named].type] if named is not None else \
                    ["magic_stone"] if op.filter.zone == "stone_deck" else (op.filter.type or ["addition"])
                if op.to != "field" or "addition" in types:
                    self.fail(f"{q}.rested", "a card found put into the field rested: to field, a filter type without addition")
                look |= K.SEARCH_RESTED
            return self.compile_filter(op.filter, f"{q}.filter", zones), int(K.SearchTo[op.to.upper()]), look
        if name == "produce_will":
            if op.choose:  # session 32: the attribute of each chosen as it resolves (effects.produce_wills_chosen)
                if op.spend is not None or op.shared_with_ruler or op.count == "X" or op.will != op.choose[0]:
                    self.fail(f"{q}.choose", "chosen wills: no 'spend only', no J/ruler's attribute, no X; will the first")
                return K.GEM_ANY, op.count | (sum(1 << _WILL_CODE[a] for a in op.choose) << 8), 0
            if op.shared_with_ruler:
                if op.spend is not None or op.will in ("void", "moon"):
                    self.fail(f"{q}.shared_with_ruler", "a will of an attribute (no void will), without 'spend only'")
                return _WILL_CODE[op.will], op.count, K.SHARED_WITH_RULER
            count = self.x_operand(op.count, f"{q}.count", 1) if op.count == "X" else op.count
            if op.count == "X" and not getattr(self, "_per_x", False):
                self.fail(f"{q}.count", "X will: the X of a set_x before it")
            if op.spend is None:
                return _WILL_CODE[op.will], count, 0
            f = op.spend
            if f.zone != "chase" or f.side != "any" or f.state != "any" or f.exclude_self or f.added_to or \
                    f.self_only or f.atk_min is not None or f.atk_max is not None or f.not_name is not None:
                # (session 33: no not_name, which filters.spend_match does not read)
                self.fail(f"{q}.spend", "a card played: zone chase, any side and state, no ATK bound (characteristics)")
            return _WILL_CODE[op.will], count, self.compile_filter(f, f"{q}.spend", ("chase",)) + 1
        if name == "call_stone":
            return 0, who(), int(op.rested)
        if name == "weather":
            return int(K.Weather[op.weather.upper()]), 0, 0
        if name == "invert":
            card = self._card
            if card is None or card.inverse is None or card.inverse not in self.index or \
                    card.type not in ("resonator", "addition", "regalia", "magic_stone"):
                self.fail(f"{q}.op", "invert (CR 1030.1) on an Inverse card of the field with its despair side (inverse) "
                          "in the pool")
            return 0, 0, 0
        if name == "make_token":
            cid = self.index.get(op.token)
            if cid is None or not self.models[cid].token:
                self.fail(f"{q}.token", f"{op.token!r} is no token card of the pool (a card with token = true)")
            return cid, who(), self.x_operand(op.count, f"{q}.count", 1)
        if name in ("grave_to_hand", "grave_remove", "removed_to_hand"):
            return 0, 0, 0
        if name == "discard_hand":
            return 0, who(), 0  # session 34 (s34a): the player who discards their hand
        if name == "no_life_gain_turn":
            return 0, who(), 0  # session 32: the player who cannot gain life this turn
        if name == "grave_to_field":
            return 0, 0, int(op.rested) | (2 if op.owner else 0)
        if name == "mana_counter":
            if op.count == 0:
                self.fail(f"{q}.count", "must not be 0")
            if op.name is not None:
                if op.on != "j_ruler":
                    self.fail(f"{q}.on", "named counters on this card: the op counter with target_self")
                return op.count, who(), -self.counter_id(op.name, q)
            if abs(op.count) > 10:
                self.fail(f"{q}.count", "at most 10 mana counters")
            return op.count, who(), int(op.on == "self")
        if name == "foresee":
            if op.stones and (not op.top_only or op.who != "controller"):
                self.fail(f"{q}.stones", "the magic stone deck's top cards are put back (top_only), its controller's")
            return op.count, K.FORESEE_TOP_ONLY if op.top_only else 0, 2 if op.stones else int(op.who == "opponent")
        if name == "reveal_hand":
            return 0, who(), int(op.revealed)
        if name == "if_done":
            return int(not op.done), 0, op.rows
        if name == "if":
            cond, arg = self.compile_condition(op.condition, f"{q}.condition")
            if cond == K.Condition.NONE:  # pragma: no cover - ConditionName has no "none"
                self.fail(f"{q}.condition", "needs a condition")
            return cond, arg, op.skip
        if name in ("gain_gem", "banish_gem"):
            a0 = K.GEM_ANY if op.attribute == "any" else int(K.Attribute[op.attribute.upper()])
            if name == "gain_gem" and op.same and op.attribute != "any":
                self.fail(f"{q}.same", "one attribute chosen for the gems: attribute 'any' only")
            return a0, who() if name == "banish_gem" else int(op.same), op.count
        if name == "delayed":
            if self._card is None or ".effect[" in q.split("effect[", 1)[1]:
                self.fail(f"{q}.op", "a delayed ability in an effect (not in a delayed ability)")
            if ".modes[" in q and (self._card.type != "chant" or not q.startswith("effect[")):
                self.fail(f"{q}.op", "a delayed ability in a choice of modes: a chant's effect only")
            # the delayed abilities' rows follow the row of the ability being compiled, in order (add_ability); those
            # of its modes follow its modes' rows (session 29, add_modes)
            k = getattr(self, "_delayed_seen", 0)
            self._delayed_seen = k + 1
            if op.removed and not op.it:
                self.fail(f"{q}.removed", "about a removed card ('it')")
            a1 = 2 if op.removed else int(op.it)
            if ".modes[" in q:
                return self._mode_delayed_base + k, a1, 0
            return len(self.ab_rows) + 1 + k, a1, 0
        if name == "chant_to":
            if self._card is None or self._card.type != "chant" or not q.startswith("effect["):
                self.fail(f"{q}.op", "chant_to says where a chant goes as it resolves (CR 703.3): a chant's effect only")
            return int(K.ChantTo[op.to.upper()]), 0, 0
        if name == "if_cost":  # session 29
            if op.at_most_x and not getattr(self, "_per_x", False):
                self.fail(f"{q}.at_most_x", "a total cost at most X: the X of a set_x before it")
            return K.IF_COST_AT_MOST_X if op.at_most_x else int(op.odd), 0, op.skip
        if name == "if_it":
            return self.compile_filter(op.filter, f"{q}.filter", ("field", "graveyard", "hand", "ruler_area", "removed")), \
                int(op.negated), op.skip
        if name == "enter_rested":  # session 32: the cards entering the field that its filter matches
            return 0, self.compile_filter(op.filter, f"{q}.filter", ("field",)), 0
        if name == "attack_tax":  # session 33 (s33a): the J/resonators that pay {N} to attack
            return op.amount, self.compile_filter(op.filter, f"{q}.filter", ("field",)), 0
        if name == "activate_lock":  # session 34 (s34a): the cards locked, what their controller must control
            if op.filter.side != "own" or op.unless.side != "own":
                self.fail(f"{q}.filter", "the cards a player controls, unless that player controls a card (side own)")
            return (self.compile_filter(op.filter, f"{q}.filter", ("field",)),
                    self.compile_filter(op.unless, f"{q}.unless", ("field",)), 0)
        if name == "cost_increase":  # session 33 (s33a): the chants whose play costs more, whose plays
            f = op.filter
            if not f.type or (set(f.type) - {"chant", "addition", "regalia"} and f.type != ["ruler"]) or \
                    f.zone != "anywhere" or f.side != "any" or f.state != "any":
                self.fail(f"{q}.filter", "chants, additions or regalia (any side and state, zone anywhere): the paths that "
                          "pay their cost read it (a resonator's alternative costs, [Stealth] and runes do not)")
            who = K.COST_INC_OPP | (K.COST_INC_YOU if op.who == "players" else 0)
            return op.amount, self.compile_filter(f, f"{q}.filter", ("anywhere",)), who
        if name == "attr_cost_any":  # session 33 (s33a): the attributes' bits, the cards played (as a "spend only" filter)
            f = op.filter
            if f.zone != "chase" or f.side != "any" or f.state != "any" or f.atk_min is not None or f.atk_max is not None:
                self.fail(f"{q}.filter", "a card played: zone chase, any side and state, no ATK bound (characteristics)")
            if f.type != ["resonator"]:
                self.fail(f"{q}.filter.type", "resonators only (their cost is paid where play.payable / pay_card_cost / "
                          "x_chosen convert the will; a [Trigger] card's or a rune's path does not)")
            bits_ = sum(1 << K.ATTRIBUTE_NAMES.index(a) for a in set(op.will))
            return bits_, self.compile_filter(f, f"{q}.filter", ("chase",)), 0
        if name == "barred_by":  # session 32: the J/resonators that cannot block / attack the card
            bits_ = (K.BARRED_BLOCK if "blocked" in op.by else 0) | (K.BARRED_ATTACK if "attacked" in op.by else 0)
            return bits_, self.compile_filter(op.filter, f"{q}.filter", ("field",)), 0
        if name.startswith("aura_") and getattr(op, "filter", None) is not None and op.filter.state == "power_not_printed":
            # session 34 (s34a): CardState.POWER_NOT_PRINTED reads the continuous abilities (filters.filter_match)
            self.fail(f"{q}.filter.state", "a continuous ability's filter reads no ATK/DEF changes")
        if name == "aura_power":
            if op.atk == 0 and op.defense == 0:
                self.fail(f"{q}.atk", "aura_power changes ATK or DEF (both are 0)")
            return op.atk, self.compile_filter(op.filter, f"{q}.filter", ("field",)), op.defense
        if name in ("aura_keyword", "aura_restrict"):
            table = K.KEYWORD_BITS if name == "aura_keyword" else _RESTRICT_BITS
            names = op.keywords if name == "aura_keyword" else op.restrictions
            if name == "aura_restrict" and ("no_abilities" in names or "cant_gain_abilities" in names):
                # session 33: the loss of abilities is read from the one-time effects' restriction words only
                # (characteristics.abilities_lost: the continuous abilities' scan reads it, no recursion)
                self.fail(f"{q}.restrictions", "'lose all abilities' by a continuous ability")
            if name == "aura_keyword" and (op.filter.keyword or op.filter.not_keyword):
                # session 32: the keywords the continuous abilities give are read by an ATK/DEF change's or a
                # restriction's filter only (characteristics.aura_applies, aura_keywords_base: no recursion)
                self.fail(f"{q}.filter", "a continuous ability giving keywords reads no keywords ('with [Flying]')")
            # "<cards> in your hand gain [Quickcast]." (CR 1111.2): the one aura of cards in the hand
            # (play.hand_quickcast); [Quickcast] of cards in the field would do nothing
            if name == "aura_keyword" and ("quickcast" in names) != (op.filter.zone == "hand"):
                self.fail(f"{q}.filter", "[Quickcast] is given to cards in the hand only, and only [Quickcast] is")
            if name == "aura_keyword" and op.filter.zone == "hand" and (list(names) != ["quickcast"] or
                                                                        (op.filter.side != "own" and not op.filter.self_only)):
                self.fail(f"{q}.keywords", "only [Quickcast] is given to cards in your own hand")
            if name == "aura_keyword" and op.filter.zone == "hand" and op.filter.self_only and self._card.remnant:
                # play.hand_quickcast reads it in the hand only, not in the graveyard a [Remnant] chant is played from
                self.fail(f"{q}.filter", "a [Remnant] card's own [Quickcast]")
            zones = ("hand",) if name == "aura_keyword" and op.filter.zone == "hand" else ("field",)
            return bits(names, table), self.compile_filter(op.filter, f"{q}.filter", zones), 0
        if name == "cost_reduction":
            if op.optional and not op.filter.self_only:
                self.fail(f"{q}.optional", "only a card's own reduction is asked as it is played (self_only)")
            if op.amount == 0 and not op.attributes:
                self.fail(f"{q}.amount", "a cost reduction reduces something: amount or attributes")
            if op.amount < 0 and (op.optional or op.attributes or not op.filter.self_only):
                self.fail(f"{q}.amount", "an increase (amount < 0) is a card's own, not optional, of free will only")
            if op.per is not None and op.per.count == "hand_other" and not op.filter.self_only:
                self.fail(f"{q}.per.count", "hand_other counts the hand but the card itself: a card's own cost only")
            a2 = int(op.optional)
            if op.attributes:
                if not (op.optional and op.filter.self_only):
                    self.fail(f"{q}.attributes", "attribute will less only in a card's own optional reduction "
                              "('you may pay {B} less to play this card')")
                printed = parse_will_cost(self._card.cost or "")[0]
                for a in set(op.attributes):
                    n = op.attributes.count(a)
                    if n > K.COST_RED_ATTR_MASK or printed[K.ATTRIBUTE_NAMES.index(a)] < n:
                        self.fail(f"{q}.attributes", f"{n} {a} will less than the card's cost has (CR 903.2i-iv: "
                                  "a part of its cost decreased)")
                    a2 |= n << (K.COST_RED_ATTR_SHIFT + K.COST_RED_ATTR_BITS * K.ATTRIBUTE_NAMES.index(a))
            return op.amount, self.compile_filter(op.filter, f"{q}.filter", ("hand",)), a2
        return 0, 0, 0  # destroy, rest, recover, return_to_hand, remove, banish, remove_from_battle, to_deck_*: the register only

    def compile_filter(self, f: FowFilter, p: str, zones: tuple[str, ...], targeted: bool = False) -> int:
        self.check_filter(f, p, zones, ranges=("cost", "atk"))
        if f.ability is not None:
            return self.compile_ability_filter(f, p, targeted)
        if f.state != "any" and f.zone != "field":
            self.fail(f"{p}.state", "state only applies to cards in the field")
        if f.self_only and (f.exclude_self or f.added_to):
            self.fail(f"{p}.self_only", "self_only is this card alone: not with exclude_self or added_to")
        if f.added_to and (self._card.type != "addition" or self._card.addition in (None, "field")):
            self.fail(f"{p}.added_to", "added_to needs an addition added to a card (not 'field')")
        # the columns with a source (constants.FILTER_TABLE): bounds -1 = none, a race or name no
        # card of the pool has is a typo
        row = self.new_row(K.FILTER_TABLE, f, p)
        if f.not_attribute:
            if f.attribute:
                self.fail(f"{p}.not_attribute", "attribute or not_attribute, not both")
            row[K.F_ATTR_MASK] = bits(f.not_attribute, K.ATTRIBUTE_BITS) | K.ATTR_NOT
        if f.self_only:
            row[K.F_EXCLUDE_SELF] = K.SELF_ONLY  # the ability's own card alone
        if f.race_or is not None:
            if f.race is None:
                self.fail(f"{p}.race_or", "race_or is a second race: with race")
            row[K.F_RACE] |= self.interned(self.race_ids, f.race_or, f"{p}.race_or", "race") << K.RACE_OR_SHIFT
        if f.name_or is not None:
            if f.name is None:
                self.fail(f"{p}.name_or", "name_or is a second name: with name")
            row[K.F_NAME] |= self.interned(self.name_ids, f.name_or, f"{p}.name_or", "card name") << K.NAME_BITS
        if f.not_name is not None:
            if f.name is not None:
                self.fail(f"{p}.not_name", "name or not_name, not both")
            row[K.F_NAME] = self.interned(self.name_ids, f.not_name, f"{p}.not_name", "card name") | K.NAME_NOT
        if f.not_race is not None:
            if f.race is not None:
                self.fail(f"{p}.not_race", "race or not_race, not both")
            row[K.F_RACE] = self.interned(self.race_ids, f.not_race, f"{p}.not_race", "race") | K.RACE_NOT
        if f.cost_x is not None:
            # CR 903.2f / 203.5b: the X chosen for the chant or rune as it is played (filters.filter_core)
            if self._card.type not in ("chant", "rune") or "X" not in (self._card.cost or "").upper():
                self.fail(f"{p}.cost_x", "a total cost of X on a chant or rune whose cost has X")
            if f.cost_min is not None or f.cost_max is not None:
                self.fail(f"{p}.cost_x", "cost_x without cost_min / cost_max")
            if targeted:
                # the card is offered when its targets exist (play.play_card), before X is chosen (CR 903.2f): an X
                # leaving no target would be offered; the engine does not bound X by the targets
                self.fail(f"{p}.cost_x", "a target bounded by X (the engine offers X before it knows the targets)")
            row[K.F_COST_MAX] = K.COST_BOUND_X
            if f.cost_x == "eq":
                row[K.F_COST_MIN] = K.COST_BOUND_X
        if f.stone is not None:
            if not f.type or any(t != "magic_stone" and not t.endswith("_magic_stone") for t in f.type):
                self.fail(f"{p}.stone", "stone (basic / special) is of magic stones only (type magic_stone)")
            row[K.F_ADDED_TO] |= K.STONE_BASIC if f.stone == "basic" else K.STONE_SPECIAL
        if targeted:
            row[K.F_ADDED_TO] |= K.TARGETED  # targets: an opponent's [Barrier] card is kept out (CR 1120.2)
        if f.keyword or f.not_keyword:
            if f.keyword and f.not_keyword:
                self.fail(f"{p}.keyword", "keyword or not_keyword, not both")
            row[K.F_ADDED_TO] |= bits(f.keyword or f.not_keyword, K.KEYWORD_BITS) << K.KW_FILTER_SHIFT
            if f.not_keyword:
                row[K.F_ADDED_TO] |= K.KW_FILTER_NOT
        if f.mark:  # session 32: the printed marks (C_BASIC from DECK_MARK_SHIFT)
            row[K.F_ADDED_TO] |= sum(1 << K.DECK_MARKS.index(m) for m in set(f.mark)) << K.MARK_FILTER_SHIFT
        return self.add_filter(row)


def _compile_ability_filter(self, f: FowFilter, p: str, targeted: bool) -> int:
    """Session 34 (s34b): a filter of abilities on the chase (FowFilter.ability; CR 903.2d): F_ZONE CHASE_ABILITY, F_STATE
    the ability kinds (ABILITY_KIND_*), F_TYPE_MASK the source card's types, F_SIDE the entry's controller (filters.
    ability_filter_match); a target's (CHOOSE) only, nothing else of a card filter."""
    if f.zone != "chase" or not targeted:
        self.fail(f"{p}.ability", "abilities on the chase are targets of choose (zone chase)")
    extra = f.model_dump(exclude_defaults=True, exclude={"ability", "zone", "type", "side"})
    if extra:
        self.fail(f"{p}.ability", f"an ability filter reads its kind, its source's type and its side only (not {sorted(extra)})")
    row = self.new_row(K.FILTER_TABLE, FowFilter(zone="chase", type=f.type, side=f.side), p)
    row[K.F_ZONE] = K.FilterZone.CHASE_ABILITY
    row[K.F_STATE] = {"activate": K.ABILITY_KIND_ACTIVATE, "automatic": K.ABILITY_KIND_AUTOMATIC,
                      "any": K.ABILITY_KIND_ACTIVATE | K.ABILITY_KIND_AUTOMATIC}[f.ability]
    row[K.F_ADDED_TO] |= K.TARGETED
    return self.add_filter(row)


def _program_problem(kind: K.AbilityKind, effect: list, j: int) -> tuple[str, str] | None:
    """Why op ``j`` of ``effect`` breaks what the kernels rely on, as (field, reason), or None:
    continuous abilities hold the aura ops and only they do (CR 904); targets are chosen before
    anything happens (CR 903.2g); a register is filled once, before the ops that act on it; a
    chant's effect has no source in the field; IF skips inside the program."""
    op, earlier = effect[j], effect[:j]
    name = op.op
    if name == "select_mode":
        # CR 903.2e: the mode is chosen as a chant / rune, an automatic or an activate ability is played (priority.ask_mode)
        if len(effect) != 1:
            return "op", "select_mode is the effect's only op"
        if kind not in (K.AbilityKind.SPELL, K.AbilityKind.AUTOMATIC, K.AbilityKind.WILL, K.AbilityKind.ACTIVATE):
            return "op", "select_mode in a chant's or rune's effect, an automatic, activate or will ability only"
        return None
    filled = [o.reg for o in earlier if o.op in _TARGETING or (o.op == "discard" and o.record)]
    if (kind == K.AbilityKind.CONTINUOUS) != (name in _CONTINUOUS_ONLY):
        if kind == K.AbilityKind.CONTINUOUS:
            return "op", f"continuous abilities only use {', '.join(sorted(_CONTINUOUS_ONLY))}"
        return "op", f"{name} is only allowed in continuous abilities"
    if name == "choose" and any(o.op != "choose" for o in earlier):
        return "op", "choose must come before every other op (targets are chosen when played, CR 903.2g)"
    if name in _TARGETING and op.reg in filled:
        return "reg", f"register {op.reg} is already filled by an earlier op"
    if getattr(op, "who", None) == "target_controller":
        # session 29: "its controller": the X of the last SET_X before it, of Per.TARGET_CONTROLLER, the op's amount no X
        xs = [o for o in earlier if o.op == "set_x"]
        if not xs or xs[-1].per.count != "target_controller" or "X" in str(getattr(op, "amount", getattr(op, "count", ""))):
            return "who", "target_controller names the player a set_x of target_controller before it set (amount no X)"
    if name == "set_x" and op.per.count == "this_way":
        # session 29: the count of the cards removed this way: right after the op that counted them (no other X between)
        k = max((i for i, o in enumerate(earlier) if o.op in ("remove_grave", "mill", "discard", "reveal_from_hand")),
                default=-1)  # (session 34, s34b: reveal_from_hand counts the cards it revealed)
        if k < 0 or (earlier[k].count is None if earlier[k].op == "remove_grave" else
                     False if earlier[k].op == "reveal_from_hand" else not earlier[k].this_way) or \
                any(o.op == "set_x" for o in earlier[k + 1:]):
            return "per", "this_way reads the X a remove_grave (count), mill or discard (this_way) right before it kept"
    if name == "set_x" and op.per.count in ("target_def", "target_atk", "target_controller") and op.reg not in filled:
        return "reg", f"register {op.reg} has no targets (choose/select_all/target_self first)"
    if name in _ON_REGISTER and op.reg not in filled:
        return "reg", f"register {op.reg} has no targets (choose/select_all/target_self first)"
    # session 34 (s34b): a register of abilities on the chase (a choose of FowFilter.ability: references, no card slots) is
    # read by cancel_ability alone, and cancel_ability reads nothing else
    ability_regs = {o.reg for o in earlier if o.op == "choose" and o.filter.ability is not None}
    if name == "choose" and op.filter.ability is not None and op.up_to:
        return "filter", "an ability target is one target (not 'up to')"
    if (name == "cancel_ability") != (getattr(op, "reg", None) in ability_regs) and (
            name in _ON_REGISTER or name == "set_x" or name == "cancel_ability"):
        return "reg", "cancel_ability acts on a register of abilities (a choose of an ability filter), and only it does"
    if name == "target_self" and kind in (K.AbilityKind.SPELL, K.AbilityKind.TRIGGER):
        return "op", "target_self needs a source on the field (not in a chant's effect)"
    if name == "removed_to_field" and not any(o.op == "target_trigger" and o.removed and o.reg == op.reg for o in earlier):
        return "reg", "removed_to_field puts the delayed ability's removed card (target_trigger removed) into the field"
    if name == "delayed" and op.it and op.reg not in filled:
        return "reg", f"register {op.reg} has no card for the delayed ability to be about"
    if name == "delayed" and kind not in (K.AbilityKind.SPELL, K.AbilityKind.ACTIVATE, K.AbilityKind.AUTOMATIC):
        # session 29: an activate or automatic ability's effect too (CR 906.8: any effect may make one)
        return "op", "a delayed ability in a chant's, an activate or an automatic ability's effect only"
    if name in ("if", "if_it", "if_cost") and j + op.skip >= len(effect):
        return "skip", f"skips past the end of the effect ({len(effect) - j - 1} ops follow)"
    if name == "if_done":
        return if_done_problem(effect, j, _REPORTS_DONE)
    return None


def _cost_nonempty(c: FowCost) -> bool:
    return bool(c.will or c.moon or c.rest or c.banish_self or c.discard or c.life or c.mana or c.pay_chosen != "none" or
                c.rest_j_ruler or c.counters or c.rest_named or c.gems or c.inheritance or c.remove_from_hand)  # 32


def compile_force_of_will_pool(cards: list[FowCard]) -> FowCardTable:
    """Check pool-level rules and compile card models into the kernels' int32 tables."""
    return _Compiler(list(cards)).run()


def default_pool_path() -> Path:
    """The packaged starter pool ``tcg_env/games/force_of_will/data/cards.toml``."""
    return _DATA / "cards.toml"


# the card file functions every game has (tcg_env.cards.pool.card_file_functions)
parse_force_of_will_cards, load_force_of_will_cards, load_force_of_will_pool = card_file_functions(
    "Force of Will", FowCard, default_pool_path, compile_force_of_will_pool, skip=_TAGS)
