"""Weiss Schwarz card schema (pydantic) and the compiler into the kernels' int32 tables.

A card file is validated in two passes, like the FF-TCG pool (:mod:`tcg_env.games.fftcg.cards`):

1. ``load_ws_cards`` checks each record against the schema (types, ranges, unknown keys) and
   reports the first problem as a :class:`CardDataError` naming the file, card and field path.
2. ``compile_ws_pool`` checks the rules that need the whole card or the whole pool (keyword
   abilities have the shape CR 10 gives them, events have one event ability, names and traits in
   filters exist, target registers are filled before use, ...) and writes the four tables whose
   column layouts live in ``tcg_env.games.weiss_schwarz.constants`` (the contract with the kernels).

The format is documented in ``docs/weiss_schwarz/card-format.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field as dc_field
from pathlib import Path
from typing import Annotated, Any, Literal, Union

import numpy as np
from pydantic import BeforeValidator, Field

from tcg_env.engine.tables import pack_tables
from tcg_env.cards.base import CardBase, FilterBase, StrictModel
from tcg_env.cards.ops import Op, if_done_op, if_done_problem, op_codes, op_model, reg_ops, targeting_ops
from tcg_env.cards.pool import CardFeatures, CardTable, PoolCompiler, bits, card_file_functions, inverse_ids
from tcg_env.games.weiss_schwarz import constants as K

__all__ = [
    "WSFilter",
    "WSCost",
    "WSCondition",
    "WSAbility",
    "WSBackup",
    "WSCard",
    "WSCardTable",
    "EFFECT_OPS",
    "parse_ws_cards",
    "load_ws_cards",
    "compile_ws_pool",
    "load_ws_pool",
    "default_pool_path",
    "card_obs_features",
    "card_obs_rows",
]

# --------------------------------------------------------------------------------------------
# Names used in card files
# --------------------------------------------------------------------------------------------
TypeName = Literal["character", "event", "climax"]
ColorName = Literal["yellow", "green", "red", "blue", "purple"]
SideName = Literal["weiss", "schwarz", "both"]
TriggerIconName = Literal[
    "soul", "return", "pool", "comeback", "draw", "shot", "treasure", "gate", "standby"
]  # fmt: skip
FilterTypeName = Literal["character", "event", "climax", "any"]
KeywordName = Literal[
    "alarm", "encore", "assist", "bond", "backup", "great_performance", "brainstorm", "change",
    "memory", "experience", "shift", "accelerate", "resonate", "fusion", "sunder",
]  # fmt: skip
# keywords an ability row is written with (Backup is the card's `backup` table, CR 10.5;
# Great Performance is a card keyword the engine applies as a rule, CR 10.6)
AbilityKeywordName = Literal[
    "alarm", "encore", "assist", "bond", "brainstorm", "change", "memory", "experience", "shift",
    "accelerate", "resonate", "fusion", "sunder",
]  # fmt: skip
RestrictionName = Literal["cant_direct", "cant_stand_phase", "cant_attack", "cant_frontal", "cant_side", "cant_be_chosen", "cant_move", "no_encore",
                          "no_color_requirement", "cant_reverse", "cant_play", "no_events_you", "no_backup_you",
                          "battle_no_events_you", "battle_no_backup_you", "battle_no_events_opp",
                          "battle_no_backup_opp", "no_damage", "no_side_soul", "cant_to_hand", "cant_to_memory",
                          "hand_limit_up", "cx_any_color_you", "event_any_color_you", "no_wr_to_hand_atk_you",
                          "cant_reverse_opp_auto", "no_opp_auto_damage_you", "battle_no_opp_auto_damage_you"]
DurationName = Literal["end_of_turn", "next_opp_turn_end", "permanent"]
WhoName = Literal["master", "opponent"]
KindName = Literal["cont", "auto", "act", "event", "counter_act"]
ZoneName = Literal["default", "clock", "clock_top", "memory", "level", "hand", "waiting_room"]
WhoseName = Literal["any", "yours", "opponents"]
OrientationName = Literal["stand", "rest", "reverse"]
FilterZoneName = Literal[
    "stage", "hand", "waiting_room", "deck", "clock", "stock", "level", "memory", "climax_area", "markers"
]  # fmt: skip
RelationName = Literal[
    "any", "self", "other", "facing", "in_front", "behind", "battle_opponent", "attacking", "defending", "in_battle"
]  # fmt: skip
PositionName = Literal[
    "center", "back", "center_left", "center_middle", "center_right", "back_left", "back_right"
]  # fmt: skip
TriggerName = Literal[
    "played_self", "placed_self", "other_placed", "attacks_self", "frontal_attacked_self",
    "reversed_self", "battle_opp_reversed", "to_wr_from_stage_self", "begin_turn", "begin_draw",
    "begin_clock", "begin_main", "begin_climax", "begin_attack", "begin_encore", "begin_end",
    "climax_placed", "own_climax_placed", "damage_canceled_self", "damage_not_canceled_self",
    "end_of_attack_self", "trigger_check_climax", "use_keyword", "level_up", "opp_char_reversed",
    "begin_battle", "begin_counter", "other_attacks", "other_frontal_attacked", "own_trigger_check_climax",
    "battle_damage_received_canceled", "battle_damage_received_not_canceled", "act_used", "opp_act_used",
    "other_reversed", "other_battle_opp_reversed", "direct_attacks_self", "opp_climax_placed",
    "event_played", "frontal_attacks_self", "other_to_wr_from_stage", "hand_to_wr", "other_played",
    "other_placed_from_wr", "accelerate_used", "opp_level_up", "facing_attacks", "trigger_check_card",
    "own_trigger_check_card", "damage_received_canceled", "damage_received_not_canceled", "change_used", "resonate_used", "own_direct_attacks",
    "placed_from_wr_self", "opp_brainstorm_climax",
    "refreshed",  # session 33 (s33d)
    "own_to_memory", "to_memory_from_stage_self",  # session 34 (s34d)
]  # fmt: skip
ConditionName = Literal[
    "in_back_stage", "in_center_stage", "in_center_middle", "top_of_clock", "level_at_least",
    "climax_named", "climax_any", "memory_at_least", "level_sum_at_least", "hand_at_most",
    "stock_at_least", "your_turn", "opponents_turn", "named_on_stage", "trait_count_at_least",
    "self_reversed", "self_standing", "opp_level_at_least", "clock_at_most",
    "battle_opp_level_at_most", "other_chars_at_least", "wr_climax_at_least", "stock_at_most",
    "facing_level_at_least", "facing_cost_at_most", "battle_opp_level_above_opp", "no_other_rested_center",
    "markers_at_least", "all_chars_trait", "in_battle", "battle_opp_cost_at_most", "other_chars_at_most",
    "hand_at_least", "filter_count_at_least", "facing_level_is", "facing_level_above_self",
    "facing_level_below_self",
    "wr_climax_at_most", "named_in_clock", "self_rested", "memory_at_most", "memory_filter_at_least",
    "all_chars_filter", "opp_filter_at_least", "opp_filter_at_most", "played_this_turn", "own_filter_at_most",
    "named_in_level", "wr_filter_at_least", "hand_filter_at_least", "battle_opp_level_at_most_self",
    "your_climax_phase", "wr_colors_at_least", "stage_colors_at_least", "markers_at_most",
    "battle_opp_level_at_most_wr", "placed_this_turn", "named_pair_on_stage", "clock_at_least", "deck_at_most",
    "in_position", "self_level_at_least", "level_colors", "fewer_than_opp", "memory_names_at_least", "deck_at_least",
    "clock_top_alarm", "level_at_most", "all_of", "any_of",
    "your_main_phase", "no_facing", "facing_reversed",  # session 29 (s29-wsauto)
    "climax_filter_at_least",  # session 33 (s33d)
    "memory_marked",  # session 34 (s34d)
]  # fmt: skip

_RESTRICT_BITS = {
    "cant_attack": K.RESTRICT_CANT_ATTACK,
    "cant_frontal": K.RESTRICT_CANT_FRONTAL,
    "cant_side": K.RESTRICT_CANT_SIDE,
    "cant_be_chosen": K.RESTRICT_CANT_BE_CHOSEN,
    "cant_move": K.RESTRICT_CANT_MOVE,
    "no_encore": K.RESTRICT_NO_ENCORE,
    "no_color_requirement": K.RESTRICT_NO_COLOR_REQ,
    "cant_reverse": K.RESTRICT_CANT_REVERSE,
    "cant_play": K.RESTRICT_CANT_PLAY,
    "no_damage": K.RESTRICT_NO_DAMAGE,
    "cant_stand_phase": K.RESTRICT_CANT_STAND_PHASE,
    "no_side_soul": K.RESTRICT_NO_SIDE_SOUL,
    "cant_to_hand": K.RESTRICT_CANT_TO_HAND,
    "cant_to_memory": K.RESTRICT_CANT_TO_MEMORY,
    "no_events_you": K.RESTRICT_NO_EVENTS_YOU,
    "no_backup_you": K.RESTRICT_NO_BACKUP_YOU,
    "battle_no_events_you": K.RESTRICT_BATTLE_NO_EVENTS_YOU,
    "battle_no_backup_you": K.RESTRICT_BATTLE_NO_BACKUP_YOU,
    "battle_no_events_opp": K.RESTRICT_BATTLE_NO_EVENTS_OPP,
    "battle_no_backup_opp": K.RESTRICT_BATTLE_NO_BACKUP_OPP,
    "hand_limit_up": K.RESTRICT_HAND_LIMIT_UP,  # session 23 (s23-wsa): the master's rules (play.player_rule)
    "cx_any_color_you": K.RESTRICT_CX_ANY_COLOR_YOU,
    "event_any_color_you": K.RESTRICT_EVENT_ANY_COLOR_YOU,
    "no_wr_to_hand_atk_you": K.RESTRICT_NO_WR_TO_HAND_ATK_YOU,
    "cant_reverse_opp_auto": K.RESTRICT_CANT_REVERSE_OPP_AUTO,  # session 28 (s28-wsa): effects.each_target
    "no_opp_auto_damage_you": K.RESTRICT_NO_OPP_AUTO_DAMAGE_YOU,  # effects.opp_auto_damage_locked
    "battle_no_opp_auto_damage_you": K.RESTRICT_BATTLE_NO_OPP_AUTO_DAMAGE_YOU,
    "cant_direct": K.RESTRICT_CANT_DIRECT,  # session 29 (s29-wsother): battle.attack_legal
}
# conditions whose value is a count / level (the rest take a name, a trait or nothing)
_COND_MEMORY = ("memory_at_least", "memory_at_most", "memory_filter_at_least",  # Memory's conditions (CR 10.9.1)
                "memory_names_at_least")
_COND_COUNT = {
    "level_at_least", "memory_at_least", "level_sum_at_least", "hand_at_most", "stock_at_least",
    "opp_level_at_least", "clock_at_most", "battle_opp_level_at_most", "other_chars_at_least",
    "wr_climax_at_least", "trait_count_at_least", "stock_at_most", "facing_level_at_least", "facing_cost_at_most",
    "markers_at_least", "battle_opp_cost_at_most", "other_chars_at_most", "hand_at_least", "filter_count_at_least",
    "facing_level_is", "wr_climax_at_most", "memory_at_most", "memory_filter_at_least",
    "opp_filter_at_least", "opp_filter_at_most", "own_filter_at_most", "wr_filter_at_least", "hand_filter_at_least",
    "wr_colors_at_least", "stage_colors_at_least", "markers_at_most", "battle_opp_level_at_most_wr",
    "clock_at_least", "deck_at_most", "in_position", "self_level_at_least", "memory_names_at_least", "deck_at_least", "level_at_most",
    "climax_filter_at_least",
}  # fmt: skip
_COND_NAME = {"climax_named", "named_on_stage", "named_in_clock", "named_in_level"}
# the conditions counting the master's cards of one zone that match a filter: (filter row << 8) | the count
_COND_OWN_ZONE = {"wr_filter_at_least": "waiting_room", "hand_filter_at_least": "hand", "memory_filter_at_least": "memory",
                  "battle_opp_level_at_most_wr": "waiting_room", "climax_filter_at_least": "climax_area"}  # the last: the filter alone (value 0)
# the conditions that read only one player's zones or stage (not the source): `opponent` tests them for the master's
# opponent (Condition.OPPONENTS; a filter's side "opponent" in the card, "own" in its row: seen from the opponent)
_COND_OPPONENT = {
    "stock_at_least", "stock_at_most", "clock_at_least", "clock_at_most", "hand_at_least", "hand_at_most",
    "memory_at_least", "memory_at_most", "deck_at_most", "wr_climax_at_least", "wr_climax_at_most", "climax_any",
    "level_at_most",
    "wr_filter_at_least", "memory_filter_at_least", "all_chars_filter",
}  # fmt: skip


def _counted_zones(effect: list) -> set[str]:
    """The zones an aura_*_per instruction of ``effect`` counts cards in ("for each card named "X" in your level")."""
    return {o.counted.zone for o in effect if isinstance(getattr(o, "counted", None), WSFilter)}


def _as_list(v: Any) -> Any:
    return [v] if isinstance(v, (str, int)) and not isinstance(v, bool) else v


Reg = Annotated[int, Field(ge=0, le=K.N_REGS - 1)]
NonNeg = Annotated[int, Field(ge=0)]
# "x" = the number stored by the last counting instruction (brainstorm / count), compiled as -1
CountX = Union[Annotated[int, Field(ge=1, le=50)], Literal["x"]]  # noqa: UP007
Power = Annotated[int, Field(ge=-100000, le=100000, multiple_of=500)]
KeywordList = Annotated[list[KeywordName], BeforeValidator(_as_list), Field(min_length=1)]
RestrictionList = Annotated[list[RestrictionName], BeforeValidator(_as_list), Field(min_length=1)]


# --------------------------------------------------------------------------------------------
# Schema
# --------------------------------------------------------------------------------------------
class WSFilter(FilterBase):
    """A set of cards relative to the ability's master and source card (``side``, ``name``: the
    shared keys; ``side`` is ``own`` unless given). Every key is optional."""

    side: Literal["any", "own", "opponent"] = "own"
    type: Annotated[list[FilterTypeName], BeforeValidator(_as_list), Field(min_length=1)] | None = None
    zone: FilterZoneName = "stage"
    color: Annotated[list[ColorName], BeforeValidator(_as_list), Field(min_length=1)] | None = None
    level_min: NonNeg | None = None
    level_max: NonNeg | None = None
    level_max_rel: bool = False  # level <= the master's level + level_max (Standby, CR 4.12.2.10)
    level_above_opp: bool = False  # level > the level of the master's opponent
    level_max_x: bool = False  # level <= level_max + the count the program stored ("level X or lower")
    cost_max: NonNeg | None = None
    cost_min: NonNeg | None = None  # (session 33) "cost N or higher"
    power_min: NonNeg | None = None
    power_max: NonNeg | None = None
    trait: str | None = Field(default=None, min_length=1)
    # "<<A>> or <<B>>": a second trait the card may have instead (packed in the trait column's
    # high 16 bits, constants.F_TRAIT)
    trait_or: str | None = Field(default=None, min_length=1)
    # "<<A>> or <<B>> or <<C>>": the third and later traits the card may have instead (with trait and trait_or: the
    # filter's trait column then names a trait group, constants.C_TRAIT_GROUPS)
    trait_more: Annotated[list[Annotated[str, Field(min_length=1)]], BeforeValidator(_as_list),
                          Field(min_length=1)] | None = None
    # "green or <<A>> or <<B>>": a card of the colour or with the trait(s) (a bit of the level_max_rel column)
    color_or_trait: bool = False
    # '"X" or <<T>> character': the card named ``name`` / ``name_contains`` (any type) or a character with the trait(s)
    name_or_trait: bool = False
    # "event or <<T>> character" (two types): the qualities (trait, colour, level, cost, name) are the character's;
    # a card of the other type needs only its type (constants.QUALS_CHARACTERS)
    quals_characters: bool = False
    title: str | None = Field(default=None, min_length=1)
    # "with "X" (or "Y") in its card name": a card whose name contains one of these parts
    name_contains: Annotated[list[Annotated[str, Field(min_length=1)]], BeforeValidator(_as_list),
                             Field(min_length=1, max_length=4)] | None = None
    # '"X" or "Y"': a card with one of these whole names (a name group as name_contains' whose parts match only
    # whole names: mark_name_groups)
    name_any: Annotated[list[Annotated[str, Field(min_length=1)]], Field(min_length=1, max_length=5)] | None = None
    orientation: Annotated[list[OrientationName], BeforeValidator(_as_list), Field(min_length=1)] | None = None
    positions: Annotated[list[PositionName], BeforeValidator(_as_list), Field(min_length=1)] | None = None
    relation: RelationName = "any"
    trigger_icon: TriggerIconName | None = None
    # "characters with markers": a stage character with a marker underneath it (CR 3.5.3; constants.WITH_MARKERS)
    with_markers: bool = False
    # "a character with [icon] in its trigger icon" whose icon the database drops: a card with a trigger icon (CR 2.12;
    # constants.WITH_ICON)
    with_trigger_icon: bool = False


WHOLE_NAME = "\x00"  # a name group's member that matches a whole card name (name_any), not a part of one


def name_group_key(f: Any) -> tuple[str, ...]:
    """The name group of a filter's name_contains (parts of names) or name_any (whole names, marked WHOLE_NAME);
    ``f`` a WSFilter or its dict."""
    get = f.get if isinstance(f, dict) else (lambda k: getattr(f, k))
    if get("name_any") is not None:
        return tuple(sorted({WHOLE_NAME + x for x in get("name_any")}))
    return tuple(sorted(set(get("name_contains"))))


class WSCost(StrictModel):
    """Cost of an ACT ability or an AUTO ability's [cost] (CR 8.4)."""

    stock: int = Field(default=0, ge=0, le=10)  # CR 8.4.3 circled number
    rest_self: bool = False
    discard: int = Field(default=0, ge=0, le=5)
    discard_filter: WSFilter | None = None
    clock_top: int = Field(default=0, ge=0, le=3)  # Accelerate (CR 10.12)
    reveal: WSFilter | None = None  # Resonate (CR 10.13)
    # the revealed card is shown to both players (state.REVEALED, packed as REVEAL_SHOWN in A_COST_REVEAL_FILTER): a
    # reveal of a named card (any copy is the same card, so no choice is asked)
    reveal_shown: bool = False
    self_to_wr: bool = False
    self_to_memory: bool = False
    # "[Return this card to your hand]", "[Put this card into your clock / stock]": the Zone packed
    # into A_COST_SELF_TO_MEMORY (1: the memory, else that Zone's value; no new column)
    self_to: Literal["hand", "clock", "stock", "deck_bottom"] | None = None  # deck_bottom: SELF_TO_DECK_BOTTOM
    marker: WSFilter | None = None  # Fusion (CR 10.14.1.1)
    # "[put N markers underneath this card into your waiting room]" (CR 3.7): packed into A_COST_MARKER_FILTER as
    # -1 - N (no new column; not with Fusion's marker)
    markers_to_wr: int = Field(default=0, ge=0, le=4)
    hand_to_clock: int = Field(default=0, ge=0, le=3)
    # "[Put 1 <<T>> character from your hand into your clock]": the hand cards put into the clock match it
    # (without a discard: the column A_COST_DISCARD_FILTER, which then applies to them)
    hand_to_clock_filter: WSFilter | None = None
    # "[REST] N of your (other) <spec> characters" (CR 8.4): N standing stage characters matching
    # rest_other_filter (relation "other": not this card), which the player chooses one at a time (the
    # PAY_COST decision: costs.stage_cost_ok, pay_stage_char)
    rest_other: int = Field(default=0, ge=0, le=4)
    rest_other_filter: WSFilter | None = None
    # with rest_other: "[put N <spec> character(s) from your stage into your waiting room]": those N go to
    # the waiting room instead (any orientation; chosen by the player as well)
    stage_to_wr: bool = False
    # with stage_to_wr: "[put N <spec> character(s) from your stage into your clock]" (session 22): into the clock
    # instead (REST_OTHER_TO_CLOCK)
    stage_to_clock: bool = False
    # "[Put 1 "X" from your climax area into your waiting room]" (CR 8.4): the top card of your climax
    # area, matching this filter, goes to your waiting room (packed into A_COST_REVEAL_FILTER as -2 - row:
    # no new column; not with Resonate's reveal)
    climax_to_wr: WSFilter | None = None


class WSCondition(StrictModel):
    kind: ConditionName
    value: NonNeg | None = None
    name: str | None = Field(default=None, min_length=1)
    # instead of name, for the conditions on a named card: a card with one of these whole names (a name group, as a
    # filter's name_any; a name no card of the pool has is one)
    name_any: Annotated[list[Annotated[str, Field(min_length=1)]], Field(min_length=1, max_length=5)] | None = None
    name2: str | None = Field(default=None, min_length=1)  # named_pair_on_stage: the second name
    trait: str | None = Field(default=None, min_length=1)
    trait_or: str | None = Field(default=None, min_length=1)  # "<<A>> or <<B>>" characters
    # filter_count_at_least: your stage characters it matches (relation "other": not the source)
    filter: WSFilter | None = None
    # and the source is the attacking or the defending character ("when this card becomes [REVERSE] in battle, if
    # ..."): Condition.IN_BATTLE_AND with this condition packed in its argument (compile_condition)
    in_battle: bool = False
    # the condition read on the master's opponent ("if your opponent's waiting room has N or more climax", "if all of
    # your opponent's characters are <<T>>"): Condition.OPPONENTS with this condition packed in its argument (a kind
    # of _COND_OPPONENT; its filter's side "opponent")
    opponent: bool = False
    # level_colors: a card of each of these colours in your level ("if your level has a yellow card and a red card")
    colors: Annotated[list[ColorName], Field(min_length=1, max_length=5)] | None = None
    # fewer_than_opp: the zone whose cards both players count ("if your hand has less cards than your opponent's hand")
    zone: Literal["hand", "stock", "clock", "memory", "waiting_room", "level"] | None = None
    # all_of / any_of (session 28): the conditions of "if A and B" / "if A or B" (none of them all_of / any_of)
    parts: Annotated[list[WSCondition], Field(min_length=2, max_length=7)] | None = None


class WSBackup(StrictModel):
    """CR 10.5.2 "Backup (X), Level (Y) [(cost) Put this card from your hand into your waiting room]"."""

    power: int = Field(ge=500, le=10000, multiple_of=500)
    level: int = Field(default=0, ge=0, le=3)
    cost: int = Field(default=0, ge=0, le=5)
    # "[(cost) Reveal this card in your hand & Put it at the bottom of your deck]": the card goes to the bottom of
    # the deck, not the waiting room (constants.BACKUP_TO_DECK_BOTTOM)
    to_deck_bottom: bool = False
    # (session 34) "[(cost) Put this card from your hand into your memory]": the card goes to the memory
    # (constants.BACKUP_TO_MEMORY)
    to_memory: bool = False


# ---- effect ops (tagged by ``op``; the shared op model: tcg_env.cards.ops) ----------------------
_Op = Op
_M = __name__
_Dur = (DurationName, "end_of_turn")
# the durations each op's kernel keeps (the others would end at the end of this turn)
_DURATIONS = {"power": ("end_of_turn", "next_opp_turn_end"), "power_x": ("end_of_turn", "next_opp_turn_end"), "restrict": ("end_of_turn", "next_opp_turn_end"),
              "soul": ("end_of_turn",), "level": ("end_of_turn", "next_opp_turn_end"), "grant_keyword": ("end_of_turn", "next_opp_turn_end"),
              "grant_ability": ("end_of_turn", "next_opp_turn_end")}
_Name = (str, Field(min_length=1))
OpChoose, OpSelectAll, OpTargetSelf = targeting_ops(_M, WSFilter, Reg, CountX)
OpTargetBattleOpp, OpTargetTriggering = reg_ops(_M, Reg, "target_battle_opp", "target_triggering")
OpPower = op_model("power", _M, amount=Power, duration=_Dur, reg=(Reg, 0))
# "+X power. X is equal to ...": amount per card counted by an earlier count op (Op.POWER_X)
OpPowerX = op_model("power_x", _M, amount=Power, duration=_Dur, reg=(Reg, 0),
                    per=(Literal["count", "soul", "level", "facing_level", "stage_colors"], "count"))  # soul / level: the card's own (a2 PER_*)
OpSoul = op_model("soul", _M, amount=Annotated[int, Field(ge=-10, le=10)], duration=_Dur, reg=(Reg, 0))
OpLevel = op_model("level", _M, amount=Annotated[int, Field(ge=-3, le=3)], duration=_Dur, reg=(Reg, 0))
OpGrantKeyword = op_model("grant_keyword", _M, keywords=KeywordList, duration=_Dur, reg=(Reg, 0))
OpRestrict = op_model("restrict", _M, restrictions=RestrictionList, duration=_Dur, reg=(Reg, 0))
OpStand, OpRest, OpReverse, OpToHand, OpToWaitingRoom, OpToStock, OpToMemory = reg_ops(
    _M, Reg, "stand", "rest", "reverse", "to_hand", "to_waiting_room", "to_stock", "to_memory")
# bottom: "at the bottom of your clock" (a0 = CLOCK_BOTTOM), else the top (CR 3.1.6)
OpToClock = op_model("to_clock", _M, reg=(Reg, 0), bottom=(bool, False))
OpToDeckTop, OpToDeckBottom = reg_ops(_M, Reg, "to_deck_top", "to_deck_bottom")
# any_position False: an empty position; True: any (the old one is replaced, CR 9.6)
# positions: the stage positions allowed ("any position of your back stage"; None: all of them)
_Positions = (Annotated[list[PositionName], BeforeValidator(_as_list), Field(min_length=1)] | None, None)
OpToStage = op_model("to_stage", _M, orientation=(OrientationName, "stand"), any_position=(bool, False), reg=(Reg, 0),
                     positions=_Positions, by_owner=(bool, False),  # by_owner: its owner puts it on their stage
                     separate=(bool, False))  # separate: "on separate positions" (any position, not one of the
#                                               register's cards already put there: TO_STAGE_SEPARATE)
OpMovePosition = op_model("move_position", _M, any_position=(bool, False), reg=(Reg, 0), positions=_Positions,
                          facing=(bool, False),  # only to a center position with a character facing it
                          opponent=(bool, False))  # an opponent's character, on their stage (MOVE_OPPONENT)
OpToMarker = op_model("to_marker", _M, face_up=(bool, False), reg=(Reg, 0))
# (session 34, s34c) "put this card face up / down underneath that card as a marker" (Op.SELF_TO_MARKER): this card
# under the first card of register ``reg`` (a stage character of the master's)
OpSelfToMarker = op_model("self_to_marker", _M, face_up=(bool, False), reg=(Reg, 0))
# "put the top card of your deck (face up) underneath this card as a marker" (Op.TO_MARKER, a1 = TO_MARKER_DECK_TOP)
OpDeckToMarker = op_model("deck_to_marker", _M, face_up=(bool, False))
# "put a marker from underneath this card into your stock / waiting room", "return 1 marker ... to your hand"
# (Op.MARKER_OUT: count markers under this card into zone ``to``)
OpMarkerOut = op_model("marker_out", _M, count=(Annotated[int, Field(ge=1, le=4)], 1),
                       to=(Literal["waiting_room", "stock", "hand"], "waiting_room"))
# "choose 1 card in your level and 1 card in your waiting room, and exchange them": the card of register ``reg`` and
# the card of register ``other`` change places (Op.EXCHANGE)
# stand: "exchange them as [STAND]" (two stage characters that swap positions stand; a1 = 1)
OpExchange = op_model("exchange", _M, reg=(Reg, 0), other=(Reg, 1), stand=(bool, False))
OpDraw = op_model("draw", _M, count=(CountX, 1), up_to=(bool, False), who=(WhoName, "master"))
OpDiscard = op_model("discard", _M, count=(CountX, 1), who=(WhoName, "master"))
# plus: added to the stored count of amount "x" ("X is equal to that card's level +1")
OpDamage = op_model("damage", _M, amount=(CountX, 1), who=(WhoName, "opponent"),
                    plus=(int, Field(default=0, ge=0, le=3)))


class _CountWho(_Op):
    count: CountX = 1
    who: WhoName = "master"


class OpHeal(_CountWho):
    op: Literal["heal"]
    to: Literal["waiting_room", "stock", "hand"] = "waiting_room"  # where the clock's top card goes
    bottom: bool = False  # the clock's bottom card (session 29: HEAL_BOTTOM)


class OpPool(_CountWho):
    op: Literal["pool"]


class OpMill(_CountWho):
    op: Literal["mill"]
    bottom: bool = False  # the bottom card(s) of the deck (MILL_BOTTOM)


class OpRegSoul(_Op):
    """(session 34, s34c) Store the soul of the first card of register ``reg`` ("X is equal to that character's soul",
    Op.REG_SOUL)."""

    op: Literal["reg_soul"]
    reg: Reg = 0


class OpMillCompare(_Op):
    """(session 34, s34c) Each player's top deck card into their waiting room; store 1 when the master's card's level is
    higher than the opponent's (Op.MILL_COMPARE; a climax is level 0), for an if_stored after it."""

    op: Literal["mill_compare"]


class OpMillLevel(_Op):
    """Mill ``count`` cards of the master's deck; store their total level."""

    op: Literal["mill_level"]
    count: Annotated[int, Field(ge=1, le=10)] = 1


class OpMillCount(_Op):
    """Mill ``count`` cards of the master's deck; store how many of them match ``filter``."""

    op: Literal["mill_count"]
    count: Annotated[int, Field(ge=1, le=10)] = 1
    filter: WSFilter
    who: WhoName = "master"  # whose deck (MILL_COUNT_OPPONENT)
    bottom: bool = False  # its bottom card(s) (MILL_COUNT_BOTTOM)
    icons: bool = False  # the trigger icons of the cards that match counted, not the cards (MILL_COUNT_ICONS, CR 2.12)
    brainstorm: bool = False  # Brainstorm's flip through the resolution zone (MILL_COUNT_BRAINSTORM, CR 10.7.3)
    add: bool = False  # the count added to the stored one (MILL_COUNT_ADD, session 32: "put up to N cards ...")


class OpWrToDeck(_Op):
    """Every card of a player's waiting room into that player's deck."""

    op: Literal["wr_to_deck"]
    who: WhoName = "master"
    keep_reg: bool = False  # "returns all cards except that card": the cards of register reg stay (WR_TO_DECK_KEEP_REG)
    reg: Reg = 0


class OpTopLevel(_Op):
    """Store the level of the master's top deck card."""

    op: Literal["top_level"]


class OpRegLevel(_Op):
    """Store the level of the first card of register ``reg`` + ``plus`` ("X is equal to the level of the character you
    chose -1", Op.REG_LEVEL)."""

    op: Literal["reg_level"]
    reg: Reg = 0
    plus: int = Field(default=0, ge=-10, le=10)


class OpTriggerDamage(_Op):
    """Store the damage of the event that triggered the ability (the damage dealt by this card, or received during its
    battle): "deal the same damage to your opponent" (Op.TRIGGER_DAMAGE, session 28)."""

    op: Literal["trigger_damage"]


class OpMemoryMark(_Op):
    """(Session 34, s34d) Mark this card, in its owner's memory, as put there by this ability (``set``), or clear the
    mark: the delayed ability of "... put this card into your memory. If you do, at the beginning of your next draw
    phase, ..." (Op.MEMORY_MARK, Condition.MEMORY_MARKED; CR 8.7.5)."""

    op: Literal["memory_mark"]
    set: bool = True


class OpMemoryKeep(_Op):
    """(Session 34, s34d) Every card of ``who``'s memory but those of register ``reg`` into the waiting room: "choose 4
    cards in your memory, and put all cards in your memory except those cards into your waiting room"
    (Op.MEMORY_KEEP)."""

    op: Literal["memory_keep"]
    who: WhoName = "master"
    reg: Reg = 0


class OpStockBottomToWr(_CountWho):
    """The bottom card(s) of a player's stock into that player's waiting room."""

    op: Literal["stock_bottom_to_wr"]


class OpStockTopToWr(_CountWho):
    """The top card(s) of a player's stock into that player's waiting room ("put the top card of your opponent's
    stock into their waiting room"; Op.STOCK_TOP_TO_WR)."""

    op: Literal["stock_top_to_wr"]


class OpStockTopToClock(_CountWho):
    """The top card(s) of a player's stock into that player's clock (the cost "[put the top card of your stock into
    your clock]", paid by the program of an [AUTO] ability's "you may pay the cost")."""

    op: Literal["stock_top_to_clock"]


class OpStockRenew(_Op):
    """"<player> puts all of their stock into their waiting room, and puts the same number of cards from the top
    of their deck into their stock" (Op.STOCK_RENEW)."""

    op: Literal["stock_renew"]
    who: WhoName = "master"
    via_deck: bool = False  # the stock into the deck, shuffled, first (session 29: STOCK_RENEW_DECK)


class OpMemoryTrim(_Op):
    """When the player's memory holds ``at_least`` or more cards, its earliest cards go to the waiting room until
    ``keep`` are left (Op.MEMORY_TRIM; the printed "choose N cards in your memory" is approximation memory_kept_last)."""

    op: Literal["memory_trim"]
    keep: int = Field(ge=0, le=50)
    at_least: int = Field(default=0, ge=0, le=50)
    who: WhoName = "master"


class OpClockTop(_CountWho):
    op: Literal["clock_top"]


# keep: the cards found stay in register ``reg`` (in the deck) for the next instructions ("search your deck for up to 1
# <spec>, put it in any position of your stage, and shuffle your deck"): no move to the hand, no shuffle
OpSearch = op_model("search", _M, filter=WSFilter, count=(CountX, 1), reveal=(bool, True), keep=(bool, False),
                    reg=(Reg, 0))
# rest: where the cards looked at and not taken go ("top": they stay on top in their order)
OpLookTop = op_model("look_top", _M, count=Union[Annotated[int, Field(ge=1, le=K.OPTION_SLOTS)], Literal["x"]],  # noqa: UP007
                     take=(int, Field(default=1, ge=0, le=K.OPTION_SLOTS)), filter=(WSFilter | None, None),
                     rest=(Literal["top", "waiting_room", "stock"], "top"),  # stock: LOOK_REST_STOCK (session 32)
                     to=(Literal["hand", "waiting_room", "deck_bottom", "deck_top"], "hand"),  # where the cards taken go
                     store_taken=(bool, False),  # store the number taken ("if you put 1 card into your hand")
                     # "look at up to N cards" (CR 3.2.3.1): the master looks one card at a time and may stop before each
                     up_to=(bool, False),
                     # "choose N cards from among them" (CR 8.6.3.1): as many as possible up to `take`, no stopping
                     must_take=(bool, False),
                     # "... from the top of your opponent's deck": the cards looked at are the opponent's (LOOK_OPP_DECK)
                     who=(WhoName, "master"),
                     # "reveal the top N cards ..., your opponent chooses 1 <spec> from among them" (session 29,
                     # LOOK_OPP_CHOOSES): the N cards revealed, the opponent chooses
                     opp_chooses=(bool, False),
                     # "reveal up to N cards" (with up_to): the cards looked at are revealed, their number stored
                     reveal=(bool, False))
OpBrainstorm = op_model("brainstorm", _M, count=Annotated[int, Field(ge=1, le=10)])
OpShuffleDeck = op_model("shuffle_deck", _M, who=(WhoName, "master"))
# in_full (session 28): all of it or nothing, reported (NOT_DONE: the stock had fewer, CR 8.4.2.2), a1 = 1
OpPayStock = op_model("pay_stock", _M, count=Annotated[int, Field(ge=1, le=10)], in_full=(bool, False))
OpTriggerIcon = op_model("trigger_icon", _M, icon=TriggerIconName)
# triggering: "return that character to its previous stage position as [REST]" after other_to_wr_from_stage (the
# card that left the stage, a0 = 1), not this card (Encore, CR 10.2.2)
OpEncoreSelf = op_model("encore_self", _M, triggering=(bool, False))
OpShift = op_model("shift", _M)
OpBond, OpFusion, OpSunder = (op_model(t, _M, name=_Name) for t in ("bond", "fusion", "sunder"))
OpBackup = op_model("backup", _M, amount=Annotated[int, Field(ge=500, le=10000, multiple_of=500)])
OpChange = op_model("change", _M, filter=WSFilter, orientation=(OrientationName, "stand"),
                    # where this card goes; "marker": face up underneath the card chosen, which may also be a character
                    # marker under this card (CHANGE_MARKER, s23-wsa)
                    to=(Literal["waiting_room", "clock", "hand", "stock", "memory", "marker"], "waiting_room"),
                    # by_cost: Change's cost moves this card (CR 10.8.1, its cost's columns: the op does the move
                    # first, CHANGE_BY_COST); up_to: "choose up to 1" (else a card must be chosen)
                    by_cost=(bool, False), up_to=(bool, False),
                    # defender: "put it on this card's stage position as the defending character" (session 29,
                    # CHANGE_DEFENDER): the card chosen becomes the defending character when this card was it
                    defender=(bool, False),
                    # keep: "put it in the stage position that this card was in, and that character gets ..." (session
                    # 32, CHANGE_KEEP): the card placed stays in register reg for the ops after
                    keep=(bool, False), reg=(Reg, 0))
# "your opponent chooses (may choose) N <spec> in <a waiting room>": the master's opponent chooses into register reg
OpOppChoose = op_model("opp_choose", _M, filter=WSFilter, count=(Annotated[int, Field(ge=1, le=4)], 1),
                       up_to=(bool, False), reg=(Reg, 0))
OpCount = op_model("count", _M, filter=WSFilter)
# "during that attack, perform a trigger check N times on the trigger step" (Op.TRIGGER_CHECKS)
OpTriggerChecks = op_model("trigger_checks", _M, count=Annotated[int, Field(ge=2, le=3)])
# (session 34, s34c) "[CONT] During this card's attack, perform a trigger check N times on the trigger step"
# (Op.AURA_TRIGGER_CHECKS: read by characteristics.cont_trigger_checks when the attacker's trigger step begins)
OpAuraTriggerChecks = op_model("aura_trigger_checks", _M, count=Annotated[int, Field(ge=2, le=3)],
                               filter=(Union[WSFilter, None], None))  # noqa: UP007 - "this card" (the card text's, not compiled)
OpAuraPower = op_model("aura_power", _M, amount=Power, filter=WSFilter)
OpAuraSoul = op_model("aura_soul", _M, amount=Annotated[int, Field(ge=-5, le=5)], filter=WSFilter)
OpAuraLevel = op_model("aura_level", _M, amount=Annotated[int, Field(ge=-3, le=3)], filter=WSFilter)
OpAuraKeyword = op_model("aura_keyword", _M, keywords=KeywordList, filter=WSFilter)
OpAuraRestrict = op_model("aura_restrict", _M, restrictions=RestrictionList, filter=WSFilter)
# counted "markers": the markers underneath this card (CR 3.5.3; a2 = -1)
# counted "facing_level": the level of the character facing this card (CR 3.6.5; a2 = PER_FACING_LEVEL);
# "stage_colors": the colours of your characters (PER_STAGE_COLORS); "with_assist": your characters with Assist
_PER_COUNTED = {"facing_level": K.PER_FACING_LEVEL, "stage_colors": K.PER_STAGE_COLORS, "with_assist": K.PER_WITH_ASSIST}
OpAuraPowerPer = op_model("aura_power_per", _M, amount=Power, filter=WSFilter,
                          counted=Union[WSFilter, Literal["markers", "facing_level", "stage_colors", "with_assist"]])  # noqa: UP007
# "+1 soul / +1 level for each ...": AURA_POWER_PER with the characteristic in its I_REG column (PER_SOUL, PER_LEVEL)
OpAuraSoulPer = op_model("aura_soul_per", _M, amount=Annotated[int, Field(ge=-10, le=10)], filter=WSFilter,
                         counted=Union[WSFilter, Literal["markers"]])  # noqa: UP007
OpAuraLevelPer = op_model("aura_level_per", _M, amount=Annotated[int, Field(ge=-10, le=10)], filter=WSFilter,
                          counted=Union[WSFilter, Literal["markers"]])  # noqa: UP007
# amount x each one's level (the level of the character facing this card: aura_power_per counted="facing_level")
OpAuraPowerLevel = op_model("aura_power_level", _M, amount=Power, filter=WSFilter)
# "reveal the top card of your deck. if that card is <filter>, ...": register + stored count 1 / 0
OpRevealTop = op_model("reveal_top", _M, filter=(WSFilter | None, None), reg=(Reg, 0),
                       filter_or=(WSFilter | None, None),  # "if that card is an event or a <<T>> character"
                       negate=(bool, False))  # "if that card is not ...": the card counts when it matches no filter
# "<register> gets the following ability until end of turn. "[AUTO] ..."": the granted ability (a
# WSAbility, checked when the pool compiles) becomes an ability row of the pool's (A_ZONE = GRANT_ZONE0 + kind *
# GRANT_KIND_STRIDE + j); the op runs GRANT_KEYWORD with its bit (constants.GRANT_BIT0), so the card checks it until
# the end of the turn
OpGrantAbility = op_model("grant_ability", _M, ability=dict[str, Any], duration=_Dur, reg=(Reg, 0))
# a CONT ability's "all of your <filter> characters get "[AUTO] ..."": AURA_KEYWORD with the bit
OpAuraGrantAbility = op_model("aura_grant_ability", _M, ability=dict[str, Any], filter=WSFilter)
# the instructions a granted CONT ability may hold (characteristics.apply_cont applies them)
_GRANTED_CONT_OPS = frozenset({"aura_power", "aura_soul", "aura_level", "aura_keyword", "aura_restrict", "aura_power_per",
                               "aura_soul_per", "aura_level_per", "aura_power_level",
                               "aura_trigger_checks"})  # session 34 (s34c): characteristics.cont_trigger_checks

_BASE_OPS = (
    OpChoose, OpSelectAll, OpTargetSelf, OpTargetBattleOpp, OpTargetTriggering, OpPower, OpSoul,
    OpLevel, OpGrantKeyword, OpRestrict, OpStand, OpRest, OpReverse, OpToHand, OpToWaitingRoom,
    OpToStock, OpToClock, OpToMemory, OpToDeckTop, OpToDeckBottom, OpToStage, OpMovePosition,
    OpToMarker, OpExchange, OpRegLevel, OpDraw, OpDiscard, OpDamage, OpHeal, OpPool, OpMill, OpClockTop, OpStockBottomToWr, OpStockTopToWr, OpStockTopToClock, OpStockRenew, OpMemoryTrim, OpMillLevel, OpTopLevel, OpMillCount, OpWrToDeck, OpSearch, OpLookTop,
    OpBrainstorm, OpShuffleDeck, OpPayStock, OpTriggerIcon, OpEncoreSelf, OpBond, OpBackup,
    OpChange, OpShift, OpFusion, OpSunder, OpCount, OpTriggerChecks, OpAuraPower, OpAuraSoul, OpAuraLevel,
    OpAuraKeyword, OpAuraRestrict, OpAuraPowerPer, OpPowerX, OpAuraPowerLevel, OpRevealTop, OpGrantAbility,
    OpAuraGrantAbility, OpAuraSoulPer, OpAuraLevelPer, OpOppChoose, OpDeckToMarker, OpMarkerOut, OpTriggerDamage,
    OpSelfToMarker, OpAuraTriggerChecks, OpMillCompare, OpRegSoul,
    OpMemoryMark, OpMemoryKeep,  # session 34 (s34d)
)  # fmt: skip
BaseOp = Annotated[Union[_BASE_OPS], Field(discriminator="op")]  # noqa: UP007


class OpMay(_Op):
    """``CHOOSE_OPTIONAL``: ask the master "do it?" and run ``then`` on yes ("you may ...")."""

    op: Literal["may"]
    who: WhoName = "master"  # "your opponent may ...": the opponent decides (CHOOSE_OPTIONAL a1 = 1)
    # ops, and an if_stored block ("you may put the top card of your deck into your waiting room. If
    # that card is X, ... it": the test and its block inside the "may")
    then: list["MayOp"] = Field(min_length=1, max_length=16)


class OpChooseOne(_Op):
    """"Choose 1 of the following effects, and perform it": the master picks one option, which runs. Compiled
    as CHOOSE_OPTIONAL ("this one?") + the option + SKIP past the rest, for every option but the last, which
    runs when every earlier one was declined."""

    op: Literal["choose_one"]
    options: list[list["OptionOp"]] = Field(min_length=2, max_length=4)
    # (session 34, s34c) "your opponent declares 0 or 1 or 2 or 3": the opponent picks (CHOOSE_OPTIONAL a1 = 1)
    who: WhoName = "master"


# an if / if_stored block may hold a "you may" ("if X, you may Y") or a choice of effects
BaseOrMay = Annotated[Union[_BASE_OPS + (OpMay, OpChooseOne)], Field(discriminator="op")]  # noqa: UP007


class OpIf(_Op):
    """``IF``: run ``then`` only when the condition holds (compiled as IF + the rows to skip)."""

    op: Literal["if"]
    condition: WSCondition
    # an if inside an if: the two tests of a cost paid by the program (the stock, the waiting room: CR 8.4.2.2)
    then: list["IfThenOp"] = Field(min_length=1, max_length=16)


class OpIfStored(_Op):
    """``IF_STORED``: run ``then`` only when the stored count is >= ``at_least`` (after
    ``reveal_top``: the revealed card matched)."""

    op: Literal["if_stored"]
    at_least: int = Field(default=1, ge=0)
    then: list[BaseOrMay] = Field(min_length=1, max_length=16)


# "If you do, <the next `rows` ops>" (the core's IF_DONE) right after an op of _REPORTS_DONE: "you may put this card
# into your stock. If you do, ..." (the "may" holds both)
OpIfDone = if_done_op(_M)
MayOp = Annotated[Union[_BASE_OPS + (OpIfStored, OpIfDone, OpChooseOne)], Field(discriminator="op")]  # noqa: UP007
# an option of a choice of effects: ops, a "you may", an if / if_stored block, "if you do" (no choice inside)
OptionOp = Annotated[Union[_BASE_OPS + (OpMay, OpIf, OpIfStored, OpIfDone)], Field(discriminator="op")]  # noqa: UP007
IfThenOp = Annotated[Union[_BASE_OPS + (OpMay, OpChooseOne, OpIf)], Field(discriminator="op")]  # noqa: UP007
OpChooseOne.model_rebuild()
OpMay.model_rebuild()
OpIf.model_rebuild()
OpIfStored.model_rebuild()
_OP_MODELS = _BASE_OPS + (OpIf, OpMay, OpIfStored, OpIfDone, OpChooseOne)
# the ops whose instruction reports whether it was done (engine.effects NOT_DONE): the moves and changes of a
# register's cards (none affected: not done), a draw or a clock card to the waiting room not in full (CR 1.3.3)
_REPORTS_DONE = frozenset({"to_hand", "to_waiting_room", "to_stock", "to_clock", "to_memory", "to_deck_top",
                           "to_deck_bottom", "draw", "heal", "discard", "stock_bottom_to_wr",
                           "stock_top_to_wr", "exchange", "wr_to_deck", "pay_stock",
                           "rest", "stand", "damage"})  # [REST] / [STAND]: a card so already is not affected (session 29); damage: not done when canceled (session 29: "if this damage is canceled"); discard / the stock's cards: fewer than its count is not done
EffectOp = Annotated[Union[_OP_MODELS], Field(discriminator="op")]  # noqa: UP007


#: op name in card files -> constants.Op
EFFECT_OPS: dict[str, K.Op] = op_codes(tuple(m for m in _BASE_OPS if m not in (OpGrantAbility, OpAuraGrantAbility,
                                                                                OpAuraSoulPer, OpAuraLevelPer,
                                                                                OpDeckToMarker)),
                                       K.Op)
EFFECT_OPS["deck_to_marker"] = K.Op.TO_MARKER  # a1 = TO_MARKER_DECK_TOP
EFFECT_OPS["aura_soul_per"] = K.Op.AURA_POWER_PER  # I_REG = PER_SOUL
EFFECT_OPS["aura_level_per"] = K.Op.AURA_POWER_PER  # I_REG = PER_LEVEL
EFFECT_OPS["grant_ability"] = K.Op.GRANT_KEYWORD  # a granted ability's bit among the keyword bits
EFFECT_OPS["aura_grant_ability"] = K.Op.AURA_KEYWORD
EFFECT_OPS["if"] = K.Op.IF
EFFECT_OPS["may"] = K.Op.CHOOSE_OPTIONAL
EFFECT_OPS["if_stored"] = K.Op.IF_STORED
EFFECT_OPS["if_done"] = K.Op.IF_DONE
EFFECT_OPS["choose_one"] = K.Op.CHOOSE_OPTIONAL
_TAGS = frozenset(EFFECT_OPS)
_TARGETING = {"choose", "select_all", "target_self", "target_battle_opp", "target_triggering", "reveal_top",
              "opp_choose"}
_ON_REGISTER = {
    "power", "power_x", "soul", "level", "grant_keyword", "grant_ability", "restrict", "stand", "rest", "reverse", "to_hand",
    "to_waiting_room", "to_stock", "to_clock", "to_memory", "to_deck_top", "to_deck_bottom",
    "to_stage", "move_position", "to_marker", "exchange",
}  # fmt: skip
_ON_REGISTER.add("self_to_marker")  # session 34 (s34c)
_CONT_ONLY = {"aura_power", "aura_soul", "aura_level", "aura_keyword", "aura_restrict", "aura_power_per",
              "aura_soul_per", "aura_level_per",
              "aura_power_level", "aura_grant_ability"}
_CONT_ONLY.add("aura_trigger_checks")  # session 34 (s34c): a CONT ability's, read at the trigger step
_COUNTING = {"brainstorm", "count", "mill_level", "top_level", "mill_count", "reg_level", "trigger_damage"}
_COUNTING.add("mill_compare")  # session 34 (s34c): stores whether the master's card was the higher
_COUNTING.add("reg_soul")  # session 34 (s34c): stores the chosen character's soul
# the triggers whose event is a damage (trigger_damage reads its amount, triggers.trigger_card's aux)
_DAMAGE_TRIGGERS = {"damage_canceled_self", "damage_not_canceled_self", "battle_damage_received_canceled",
                    "battle_damage_received_not_canceled", "damage_received_canceled", "damage_received_not_canceled"}
# keyword ops: only in an ability written with that keyword (CR 10)
# (brainstorm is also the plain "put the top N cards into your waiting room, count the climaxes")
# the ops only a keyword's ability runs; not "change": printed abilities without the keyword put a
# chosen character on this card's position the same way ("[Put this card into your waiting room]
# ... put it on the stage position that this card was on"), while a Change ability runs it (CR 10.8.1)
_KEYWORD_OPS = {"encore_self": "encore", "bond": "bond", "shift": "shift", "fusion": "fusion",
                "sunder": "sunder"}  # fmt: skip


class WSAbility(StrictModel):
    kind: KindName
    keyword: AbilityKeywordName | None = None
    zone: ZoneName = "default"
    trigger: TriggerName | None = None
    whose: WhoseName = "any"
    trigger_filter: WSFilter | None = None
    trigger_keyword: KeywordName | None = None
    condition: WSCondition | None = None
    combo: str | None = Field(default=None, min_length=1)  # CR 8.12: the climax this combo names
    optional: bool = False
    once_per_turn: bool = False
    # "this ability activates up to N times per turn" (an auto ability, N = 2 or 3): A_ONCE_PER_TURN = N
    # (triggers.play_pending counts the uses in the card's USES word)
    times_per_turn: int | None = Field(default=None, ge=2, le=3)
    cost: WSCost | None = None
    effect: list[EffectOp] = Field(default_factory=list, max_length=24)
    # "you may pay the cost. (If you do, <effect>.) If you do not, <if_not_paid>." (an auto ability with a cost, CR
    # 8.1.1.2.2: the cost paid or not as the text says on resolution): run when the cost is declined or cannot be
    # paid (CR 8.4.2.2); A_OPTIONAL = DECLINED_PC0 + the row it starts at (triggers.play_pending)
    if_not_paid: list[EffectOp] | None = Field(default=None, min_length=1, max_length=12)


class WSCard(CardBase):
    type: TypeName
    color: ColorName
    level: int = Field(default=0, ge=0, le=3)
    cost: int = Field(default=0, ge=0, le=10)
    power: int = Field(default=0, ge=0, le=30000)
    soul: int = Field(default=0, ge=0, le=5)
    triggers: Annotated[list[TriggerIconName], BeforeValidator(_as_list), Field(max_length=2)] = Field(
        default_factory=list
    )
    traits: Annotated[list[Annotated[str, Field(min_length=1)]], BeforeValidator(_as_list), Field(max_length=3)] = (
        Field(default_factory=list)
    )
    title: str | None = Field(default=None, min_length=1)
    side: SideName = "weiss"
    counter: bool = False
    clock_icon: bool = False
    keywords: Annotated[list[Literal["great_performance"]], BeforeValidator(_as_list)] = Field(default_factory=list)
    backup: WSBackup | None = None
    # "If this card is in the stage, this card's card name will also be regarded as "X"." (constants.ALIAS_GROUP_BIT0)
    also_named_on_stage: str | None = Field(default=None, min_length=1)
    any_copies: bool = False  # CR 5.1.2.4: "you can put any number of cards with the same card name as this card into your deck"
    max_copies: int | None = Field(default=None, ge=1, le=50)  # CR 5.1.2.4: "you can put up to N cards with the same card name ..."
    # CR 5.1.2.4: "... as this card and cards named "X" ...": the names counted with this card's against max_copies
    copies_with: Annotated[list[Annotated[str, Field(min_length=1)]], Field(min_length=1, max_length=4)] | None = None
    abilities: list[WSAbility] = Field(default_factory=list)
    # the traits this card's abilities name that no card of its own list has (a trait of another set's characters,
    # session 24): the pool interns them after its cards' traits, so that a filter or a condition naming one matches
    # no card of a pool without such a character, and the pool's characters that have it where one does (a trait
    # named nowhere else stays an error: "unknown trait")
    text_traits: Annotated[list[Annotated[str, Field(min_length=1)]], BeforeValidator(_as_list)] = Field(
        default_factory=list)


# --------------------------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------------------------
def _data_dir() -> Path:
    return Path(__file__).resolve().parent / "data"


def default_pool_path() -> Path:
    """The packaged starter pool ``tcg_env/games/weiss_schwarz/data/cards.toml``."""
    return _data_dir() / "cards.toml"


parse_ws_cards, load_ws_cards, load_ws_pool = card_file_functions(
    "Weiss Schwarz", WSCard, default_pool_path, lambda cards: compile_ws_pool(cards), skip=_TAGS)


# --------------------------------------------------------------------------------------------
# Compiled tables
# --------------------------------------------------------------------------------------------
@dataclass(kw_only=True)
class WSCardTable(CardTable):
    """A compiled Weiss Schwarz card pool (the shared fields: :class:`tcg_env.cards.pool.CardTable`);
    tables int32 ``cards [n, C_NCOLS]``, ``abilities [max(m,1), A_NCOLS]``, ``filters``, ``code``."""

    GAME = "weiss_schwarz"

    trait_ids: dict[str, int]
    title_ids: dict[str, int]
    granted: list[Any] = dc_field(default_factory=list)  # granted ability k (WSAbility): rows with A_ZONE = GRANT_ZONE0 + k

    ABIL_START_COL = K.C_ABIL_START
    PACK = staticmethod(pack_tables)
    ABIL_COUNT_COL = K.C_ABIL_COUNT
    ABIL_KIND_COL = K.A_KIND

    def card_obs_features(self) -> np.ndarray:
        return card_obs_features(self.cards)

    def card_obs_rows(self) -> np.ndarray:
        return card_obs_rows(self.cards)

    def kernel_flags(self) -> np.ndarray:
        return ws_kernel_flags(self.cards, self.abilities, self.code, filters=self.filters)

    def in_play_pool_flags(self, in_play: np.ndarray) -> np.ndarray:
        """The pool's row of flags (:func:`ws_kernel_flags`) from the cards ``in_play`` (a game's decks': no Weiss
        Schwarz card enters a game from outside them) and the granted abilities their programs can grant
        (:func:`_granted_rows`). The 5HY_W83 decks drawn like the built-in ones then skip the trigger checks and the
        granted abilities only the other cards of the set need (session 31)."""
        return ws_kernel_flags(self.cards, self.abilities, self.code, in_play, self.filters)[-1]

    trait_names = property(lambda self: inverse_ids(self.trait_ids), doc="Trait id -> trait ('' for id 0).")
    title_names = property(lambda self: inverse_ids(self.title_ids), doc="Title id -> title ('' for id 0).")

    def describe_card(self, card_id: int) -> str:
        """One line, e.g. ``Lantern Courier [SKY-001] Yellow Character L0/C0 3000 soul 1``."""
        row = self.cards[card_id]
        color = K.COLOR_NAMES[int(row[K.C_COLOR])].capitalize()
        ctype = K.CardType(int(row[K.C_TYPE])).name.capitalize()
        out = f"{self.names[card_id]} [{self.numbers[card_id]}] {color} {ctype}"
        if row[K.C_TYPE] != K.CardType.CLIMAX:
            out += f" L{int(row[K.C_LEVEL])}/C{int(row[K.C_COST])}"
        if row[K.C_TYPE] == K.CardType.CHARACTER:
            out += f" {int(row[K.C_POWER])} soul {int(row[K.C_SOUL])}"
        icons = [K.TRIGGER_ICON_NAMES[int(row[c])] for c in (K.C_TRIGGER0, K.C_TRIGGER1) if row[c]]
        if icons:
            out += " [" + "+".join(icons) + "]"
        return out

    def ability_summary(self, row: int) -> str:
        """A short machine-ish summary of ability ``row``: ``auto attacks_self: target_self -> power 1000``
        (``describe_ability``: the card's name first)."""
        cid, k = self.ability_source[row]
        abilities = self.models[cid].abilities
        ab = abilities[k] if k < K.MAX_ABIL_PER_CARD else self.granted[k - K.MAX_ABIL_PER_CARD]
        head = ("granted " if k >= K.MAX_ABIL_PER_CARD else "") + ab.kind + (f" {ab.keyword}" if ab.keyword else "") + (f" {ab.trigger}" if ab.trigger else "")
        if ab.condition is not None:  # said, or a player reading the summary takes the ability for unconditional
            head += f" if {_describe_condition(ab.condition)}"
        return f"{head}: " + " -> ".join(_describe_ops(ab.effect))


def _describe_condition(cond: WSCondition) -> str:
    """``other_chars_at_most 1``, ``trait_count_at_least 1 <<Song>>``: the kind and its arguments."""
    args = [str(cond.value)] if cond.value is not None else []
    args += [f'"{cond.name}"'] if cond.name else []
    args += [f"<<{x}>>" for x in (cond.trait, cond.trait_or) if x]
    return " ".join([cond.kind, *args])


def _describe_ops(ops: list[Any]) -> list[str]:
    out = []
    for op in ops:
        if op.op == "if":
            out.append(f"if {_describe_condition(op.condition)}[" + " -> ".join(_describe_ops(op.then)) + "]")
            continue
        if op.op in ("may", "if_stored"):
            out.append(f"{op.op}[" + " -> ".join(_describe_ops(op.then)) + "]")
            continue
        if op.op == "choose_one":
            out.append("choose_one[" + " | ".join(" -> ".join(_describe_ops(o)) for o in op.options) + "]")
            continue
        arg = getattr(op, "amount", None)
        if arg is None:
            arg = getattr(op, "count", None)
        out.append(op.op + (f" {arg}" if arg is not None else ""))
    return out


def card_obs_features(cards: np.ndarray) -> np.ndarray:
    """Static observation columns per card id (``CARD_OBS_FEATURES`` = 24), documented in
    docs/weiss_schwarz/card-format.md: present, colour one-hot (5), type one-hot (3), level/3,
    cost/3, power/10000, soul/3, trigger icons (9, count of each), counter icon, id + 1."""
    f = CardFeatures(cards, K.CARD_OBS_FEATURES)  # feature 0: present
    f.one_hot(1, K.C_COLOR)
    f.one_hot(1 + K.N_COLORS, K.C_TYPE)
    _stats(f)
    rows = f.rows
    for col in (K.C_TRIGGER0, K.C_TRIGGER1):
        icon = cards[:, col]
        has = icon > 0
        f.f[rows[has], 12 + icon[has]] += 1.0  # icons 1..9 -> columns 13..21
    f.scaled(22, K.C_COUNTER)
    f.card_ids(23)
    return f.array()


def _stats(f: CardFeatures) -> None:
    """Features 9-12 of both tables: level / 3, cost / 3, power / 10000, soul / 3."""
    f.scaled(9, K.C_LEVEL, 3.0)
    f.scaled(10, K.C_COST, 3.0)
    f.scaled(11, K.C_POWER, 10000.0)
    f.scaled(12, K.C_SOUL, 3.0)


def _granted_rows(abilities: np.ndarray, code: np.ndarray, owned: np.ndarray) -> np.ndarray:
    """The granted abilities' rows (A_ZONE >= GRANT_ZONE0) that the programs of the ability rows ``owned`` can grant,
    to a fixed point (a granted ability may grant another): GRANT_KEYWORD with the bit GRANT_BIT0 + j (kind: its
    duration, as the compiler chose it) and AURA_KEYWORD with it (a CONT ability's grant, GRANT_BY_CONT) name the row
    A_ZONE = GRANT_ZONE0 + kind * GRANT_KIND_STRIDE + j. A granted row is shared by every card granting that ability
    (its A_CARD is the first), so a game's decks reach it by their programs, not by A_CARD."""
    zone = abilities[:, K.A_ZONE]
    out = np.zeros(abilities.shape[0], bool)
    todo = np.nonzero(owned)[0]
    while todo.size:
        zones = set()
        for r in todo.tolist():
            c0 = int(abilities[r, K.A_CODE_START])
            for op, a0, a1 in code[c0:c0 + int(abilities[r, K.A_CODE_LEN])][:, [K.I_OP, K.I_A0, K.I_A1]].tolist():
                if op == K.Op.GRANT_KEYWORD:
                    kind = K.GRANT_UNTIL_OPP_TURN_END if a1 == K.Duration.NEXT_OPP_TURN_END else K.GRANT_UNTIL_TURN_END
                elif op == K.Op.AURA_KEYWORD:
                    kind = K.GRANT_BY_CONT
                else:
                    continue
                bits = (a0 & 0xFFFFFFFF) >> K.GRANT_BIT0
                zones.update(K.GRANT_ZONE0 + kind * K.GRANT_KIND_STRIDE + j for j in range(K.MAX_GRANTS) if bits >> j & 1)
        new = np.isin(zone, list(zones)) & ~out & (zone >= K.GRANT_ZONE0)
        out |= new
        todo = np.nonzero(new)[0]
    return out


def stage_trivial_filter(f: np.ndarray) -> bool:
    """Whether filter row ``f`` (filters[row]) matches every stage character of its side (FilterSide) that its
    relation ANY or SELF allows, as ``filters.filter_match`` reads it: no type but characters' excluded, no colour,
    level, cost, power, trait, name, title, trigger icon, orientation or position, none of F_LEVEL_MAX_REL's bits.
    ``characteristics.apply_cont`` tests the side and "this card" itself, so it need not call ``filter_match`` for
    such a target filter (FLAG_CONT_FILTERED clear)."""
    tm = int(f[K.F_TYPE_MASK])
    return ((tm == 0 or tm & (1 << K.CardType.CHARACTER) != 0)
            and f[K.F_COLOR_MASK] == 0 and f[K.F_LEVEL_MIN] < 0 and f[K.F_LEVEL_MAX] < 0 and f[K.F_COST_MAX] < 0
            and f[K.F_COST_MIN] < 0 and f[K.F_POWER_MIN] < 0 and f[K.F_POWER_MAX] < 0 and f[K.F_TRAIT] == 0 and f[K.F_NAME] == 0
            and f[K.F_ORIENT_MASK] == 0 and f[K.F_POS_MASK] == 0
            and f[K.F_RELATION] in (K.Relation.ANY, K.Relation.SELF)
            and f[K.F_TRIGGER_ICON] == 0 and f[K.F_TITLE] == 0 and f[K.F_LEVEL_MAX_REL] == 0)  # fmt: skip


def ws_kernel_flags(cards: np.ndarray, abilities: np.ndarray, code: np.ndarray,
                    in_play: np.ndarray | None = None, filters: np.ndarray | None = None) -> np.ndarray:  # fmt: skip
    """The ``flags`` table of a pool's ``T`` (constants.FL_*): per card id, whether it has a CONT
    ability that works from the hand, the zones its CONT abilities with continuous instructions work
    from, whether one of those instructions has a target filter that is not :func:`stage_trivial_filter`
    (FLAG_CONT_FILTERED; every one has, without ``filters``), and the Triggers of its AUTO abilities; the last
    row, the OR of every card's (of the cards
    ``in_play`` only, where given: a game's decks') and of the granted abilities' (rows after every
    card's, A_ZONE >= GRANT_ZONE0: all of them, or, with ``in_play``, those the programs of those cards' abilities
    can grant, :func:`_granted_rows`), FLAG_CONT_FILTERED cleared there (a card's fact, not the pool's: the
    as_like decks' comparison of pool rows, ``deck_like``, does not see it)."""
    from tcg_env.engine.tables import FLAG_WORDS

    assert max(K.Trigger) < 31 * (K.FL_CONT - K.FL_TRIG) and K.FL_CONT < FLAG_WORDS  # the trigger words end at FL_CONT
    n = cards.shape[0]
    flags = np.zeros((n + 1, FLAG_WORDS), np.int32)

    def row_flags(r: int, out: np.ndarray) -> None:
        kind, zone = abilities[r, K.A_KIND], abilities[r, K.A_ZONE]
        if kind == K.AbilityKind.CONT and zone == K.AbilityZone.HAND:
            out[K.FL_MISC] |= K.FLAG_HAND_CONT
        if kind == K.AbilityKind.CONT and zone < 31:
            c0 = int(abilities[r, K.A_CODE_START])
            ops = code[c0 : c0 + int(abilities[r, K.A_CODE_LEN]), K.I_OP]
            aura = (ops >= K.Op.AURA_POWER) & (ops <= K.Op.AURA_POWER_LEVEL)
            if aura.any():
                out[K.FL_CONT] |= 1 << int(zone)
                frows = code[c0 : c0 + int(abilities[r, K.A_CODE_LEN]), K.I_A1][aura]
                if filters is None or not all(stage_trivial_filter(filters[int(f)]) for f in frows):
                    out[K.FL_MISC] |= K.FLAG_CONT_FILTERED
        if kind == K.AbilityKind.AUTO:
            t = int(abilities[r, K.A_TRIGGER])
            out[K.FL_TRIG + t // 31] |= 1 << (t % 31)

    for cid in range(n):
        a0 = int(cards[cid, K.C_ABIL_START])
        for r in range(a0, a0 + int(cards[cid, K.C_ABIL_COUNT])):
            row_flags(r, flags[cid])
    cards_in = flags[:n] if in_play is None else flags[np.asarray(in_play, np.int64)]
    flags[n] = np.bitwise_or.reduce(cards_in, axis=0) if len(cards_in) else 0
    granted = abilities[:, K.A_ZONE] >= K.GRANT_ZONE0
    if in_play is not None:
        granted = _granted_rows(abilities, code, np.isin(abilities[:, K.A_CARD], in_play) & ~granted)
    for r in range(abilities.shape[0]):
        if granted[r]:
            row_flags(r, flags[n])
            if abilities[r, K.A_KIND] == K.AbilityKind.CONT:
                flags[n, K.FL_MISC] |= K.FLAG_GRANTED_CONT  # characteristics.refresh_derived
            if abilities[r, K.A_KIND] == K.AbilityKind.ACT:
                flags[n, K.FL_MISC] |= K.FLAG_GRANTED_ACT  # play.ability_usable_kind
    if in_play is not None:  # the programs of the abilities the cards in play own, and of every granted one
        owned = (np.isin(abilities[:, K.A_CARD], in_play) & (abilities[:, K.A_ZONE] < K.GRANT_ZONE0)) | granted
        rows = np.zeros(code.shape[0], bool)
        for start, length in abilities[owned][:, [K.A_CODE_START, K.A_CODE_LEN]].tolist():
            rows[start:start + length] = True
        code = code[rows]
    restricts = (code[:, K.I_OP] == K.Op.AURA_RESTRICT) | (code[:, K.I_OP] == K.Op.RESTRICT)
    if (restricts & ((code[:, K.I_A0] & K.RESTRICT_PLAYER_RULES) != 0)).any():
        flags[n, K.FL_MISC] |= K.FLAG_PLAY_LOCK  # play.play_locked, play.player_rule
    flags[n, K.FL_MISC] &= ~K.FLAG_CONT_FILTERED  # the card rows' (characteristics.apply_cont)
    return flags


def card_obs_rows(cards: np.ndarray) -> np.ndarray:
    """The 24 card columns of each card id's rows in the observation (hand, clock, level, climax,
    candidates, and the first 24 columns of a stage row; docs/weiss_schwarz/observations.md):
    present, type one-hot (3), colour one-hot (5), level/3, cost/3, power/10000, soul/3, the
    count of each trigger icon including NONE for the first icon (10), counter icon. The
    observation copies them from this table (the ``obs_rows`` of the kernel tables); unlike
    :func:`card_obs_features` there is no id column."""
    f = CardFeatures(cards, K.CARD_OBS_FEATURES)  # feature 0: present
    f.one_hot(1, K.C_TYPE)
    f.one_hot(4, K.C_COLOR)
    _stats(f)
    rows = f.rows
    np.add.at(f.f, (rows, 13 + cards[:, K.C_TRIGGER0]), 1.0)  # the first icon counts even as NONE
    second = cards[:, K.C_TRIGGER1] != 0
    np.add.at(f.f, (rows[second], 13 + cards[second, K.C_TRIGGER1]), 1.0)
    f.scaled(23, K.C_COUNTER)
    return f.array()


# --------------------------------------------------------------------------------------------
# Compiler
# --------------------------------------------------------------------------------------------
class _Compiler(PoolCompiler):
    TABLE = WSCardTable
    NCOLS = (K.C_NCOLS, K.A_NCOLS, K.F_NCOLS, K.I_NCOLS)

    def __init__(self, cards: list[WSCard]):
        super().__init__(cards)
        self.trait_ids: dict[str, int] = {}
        self.title_ids: dict[str, int] = {}
        self.climax_names: set[str] = set()
        # the granted abilities in the order their rows come (key, ability, granting card id, card, kind: constants.GRANT_BY_CONT ...)
        self.grants: list[tuple[str, WSAbility, int, WSCard, int]] = []
        self.limited_grants: list[str] = []  # the granted abilities with a once-per-turn limit (GRANT_USE_BIT0 + j)
        self.name_groups: dict[tuple[str, ...], int] = {}  # name parts -> group k (constants.NAME_GROUP_BIT0)
        self.trait_groups: dict[tuple[str, ...], int] = {}  # trait set -> group k (constants.C_TRAIT_GROUPS)
        self.text_traits: set[str] = set()  # WSCard.text_traits: traits a text names that may be no card's

    def intern_card(self, card: WSCard) -> None:
        for t in card.traits:
            self._intern(self.trait_ids, t)
        self.text_traits.update(card.text_traits)
        if card.title:
            self._intern(self.title_ids, card.title)
        if card.type == "climax":
            self.climax_names.add(card.name)

    def interned(self, ids: dict[str, int], key: str | None, fld: str, what: str) -> int:
        if ids is self.trait_ids and key is not None and key not in ids and key in self.text_traits:
            # a trait a text names (WSCard.text_traits) that no card of the pool has: an id after every card's
            # (pass 1 is done), held by no card, so a filter / condition of it matches none (CR 2.5)
            return self._intern(ids, key)
        return super().interned(ids, key, fld, what)

    def extra_table_fields(self) -> dict:
        return {"trait_ids": dict(self.trait_ids), "title_ids": dict(self.title_ids),
                "granted": [g[1] for g in self.grants]}

    # ---- cards ----
    def compile_card(self, cid: int, card: WSCard) -> None:
        t = card.type
        if t == "character":
            if card.power < 0 or card.power % 500:  # printed 0 exists (a trial deck's RKN/S115-TE12)
                self.fail("power", "a character's power is 0 or more, a multiple of 500 (CR 2.9)")
        else:
            for fld in ("power", "soul"):
                if getattr(card, fld):
                    self.fail(fld, f"only characters have {fld} (CR 2.9, 2.10); omit it on a {t}")
            if card.traits:
                self.fail("traits", "only characters have traits (CR 2.5.1)")
            if card.keywords:
                self.fail("keywords", "great_performance is a character keyword (CR 10.6)")
        if t == "climax":
            for fld in ("level", "cost"):
                if getattr(card, fld):
                    self.fail(fld, f"a climax has no {fld} (CR 2.6.1, 2.7.1)")
            if card.counter:
                self.fail("counter", "a climax cannot have the counter icon (it is played in the climax phase)")
        if len(set(card.traits)) != len(card.traits):
            self.fail("traits", "duplicate trait")
        if card.backup is not None:
            if t != "character":
                self.fail("backup", "Backup is a character's keyword ability (CR 10.5)")
            if not card.counter:
                self.fail("counter", "a card with Backup needs the counter icon (CR 10.5.1, 2.8.2)")
        if card.counter and t == "character" and card.backup is None and not any(
            a.kind == "counter_act" for a in card.abilities
        ):
            self.fail("counter", "a character with the counter icon needs a backup or a counter_act ability")

        kinds = [a.kind for a in card.abilities]
        if len(card.abilities) > K.MAX_ABIL_PER_CARD:
            self.fail("abilities", f"at most {K.MAX_ABIL_PER_CARD} abilities per card")
        if t == "event":
            # one ability of kind 'event' (its effect, CR 6.5.1.2.2); before it only CONT abilities working
            # from the hand ("this card cannot be played from your hand" under a condition, CR 8.6.2.1) or the memory
            # (Memory, CR 10.9.1) and AUTO abilities working from the memory
            if kinds.count("event") != 1 or kinds[-1] != "event" or any(
                    (a.kind != "cont" or a.zone not in ("hand", "memory")) and (a.kind != "auto" or a.zone != "memory")
                    for a in card.abilities[:-1]):  # fmt: skip
                self.fail("abilities", "an event has one ability of kind 'event' (CR 6.5.1.2.2), after CONT "
                          "abilities working from the hand and AUTO abilities working from the memory only")
        else:
            if "event" in kinds:
                self.fail(f"abilities[{kinds.index('event')}].kind", "only events have 'event' abilities")
        acts = [k for k, a in enumerate(card.abilities) if a.kind in ("act", "counter_act")]
        if len(acts) > K.ABILITIES_PER_CARD:
            self.fail("abilities", f"at most {K.ABILITIES_PER_CARD} act/counter_act abilities per card")
        if t == "climax" and acts:
            self.fail(f"abilities[{acts[0]}].kind", "a climax has no activated abilities")
        if "counter_act" in kinds and not card.counter:
            self.fail(f"abilities[{kinds.index('counter_act')}].kind", "a counter_act ability needs counter = true")

        start = len(self.ab_rows)
        event_row = encore_row = -1
        shift_level = -1
        combo = 0
        kw_bits = 0
        for kw in card.keywords:
            kw_bits |= K.KEYWORD_BITS[kw]
        if card.backup is not None:
            kw_bits |= K.KW_BACKUP
        for k, ab in enumerate(card.abilities):
            row = self.compile_ability(cid, card, k, ab)
            if ab.kind == "event":
                event_row = row
            if ab.keyword is not None:
                kw_bits |= K.KEYWORD_BITS[ab.keyword]
            if ab.keyword == "encore":
                if encore_row >= 0:
                    self.fail(f"abilities[{k}].keyword", "at most one printed Encore per card")
                encore_row = row
            if ab.keyword == "shift":
                shift_level = ab.condition.value if ab.condition is not None else 0
            if ab.combo is not None:
                cx = self.name_ids[ab.combo]
                if combo and combo != cx:
                    self.fail(f"abilities[{k}].combo", "all combo abilities of a card name the same climax")
                combo = cx

        row = self.new_row(K.CARD_TABLE, card)  # the columns with a source (constants.CARD_TABLE)
        if row[K.C_NAME] > K.NAME_MASK:
            self.fail("name", f"at most {K.NAME_MASK} card names per pool (C_NAME's low bits)")
        if card.copies_with is not None and (card.max_copies is None or card.name in card.copies_with):
            self.fail("copies_with", "needs max_copies (the count of the names together) and other names than the card's")
        if card.also_named_on_stage is not None and card.type != "character":
            self.fail("also_named_on_stage", "a character's")
        if card.also_named_on_stage is not None and card.also_named_on_stage in self.name_ids:
            self.fail("also_named_on_stage", "a name no card of the pool has, nor any text names exactly")
        row[K.C_KEYWORDS] = kw_bits
        row[K.C_ABIL_START] = start
        row[K.C_ABIL_COUNT] = len(card.abilities)
        row[K.C_EVENT_ABIL] = event_row
        if card.backup is not None:
            row[K.C_BACKUP_POWER] = card.backup.power
            row[K.C_BACKUP_LEVEL] = card.backup.level
            row[K.C_BACKUP_COST] = card.backup.cost | (K.BACKUP_TO_DECK_BOTTOM if card.backup.to_deck_bottom else 0) \
                | (K.BACKUP_TO_MEMORY if card.backup.to_memory and not card.backup.to_deck_bottom else 0)
        row[K.C_SHIFT_LEVEL] = shift_level
        row[K.C_CX_COMBO] = combo
        row[K.C_HAS_CONT] = int("cont" in kinds)
        row[K.C_ENCORE_ABIL] = encore_row
        self.card_rows.append(row)
        if cid == len(self.models) - 1:
            self.compile_grants()
            self.mark_name_groups()
            self.mark_trait_groups()

    def mark_name_groups(self) -> None:
        """Bit NAME_GROUP_BIT0 + k of C_TITLE on every card whose name contains a part of group k
        (after every filter, the granted abilities' included, is compiled)."""
        for parts, k in self.name_groups.items():
            for i, card in enumerate(self.models):
                if any(card.name == x[1:] if x[:1] == WHOLE_NAME else x in card.name for x in parts):
                    self.card_rows[i][K.C_TITLE] |= 1 << (K.NAME_GROUP_BIT0 + k)
                alias = card.also_named_on_stage
                if alias is not None and any(alias == x[1:] if x[:1] == WHOLE_NAME else x in alias for x in parts):
                    self.card_rows[i][K.C_NAME] |= 1 << (K.ALIAS_GROUP_BIT0 + k)

    def mark_trait_groups(self) -> None:
        """Bit k of C_TRAIT_GROUPS on every card that has a trait of group k (after every filter is compiled)."""
        for traits, k in self.trait_groups.items():
            for i, card in enumerate(self.models):
                if set(card.traits) & set(traits):
                    self.card_rows[i][K.C_TRAIT_GROUPS] |= 1 << k

    # ---- granted abilities ----
    # the triggers a granted ability may have: the card is on the stage when they fire (the
    # granted bit is the card's end-of-turn keyword modifier, forgotten when it leaves the stage)
    GRANTED_TRIGGERS = tuple(t.name.lower() for t in K.GRANTED_TRIGGERS)  # constants.GRANTED_TRIGGERS
    # and constants.GRANTED_OTHER_TRIGGERS (session 28: fired on every stage character, granted rows included)
    GRANTED_TRIGGERS_ALL = GRANTED_TRIGGERS + tuple(t.name.lower() for t in K.GRANTED_OTHER_TRIGGERS)

    def grant_index(self, card: WSCard, ability: dict[str, Any], q: str, kind: int = K.GRANT_UNTIL_TURN_END) -> int:
        """The index j of the granted ability ``ability`` among the pool's grants of its kind (constants.GRANT_BY_CONT
        ...: the keyword word that holds its bit 1 << (GRANT_BIT0 + j)); one row per distinct ability and kind."""
        try:
            ab = WSAbility.model_validate(ability)
        except ValueError as exc:
            self.fail(f"{q}.ability", f"not an ability: {str(exc).splitlines()[0]}")
        if ab.kind == "cont":
            # a granted CONT ability (characteristics.apply_cont with the granted bits): the receiving stage character's,
            # continuous instructions only (no grant of its own: the granted ones are applied in one pass)
            if ab.zone != "default" or ab.keyword is not None or any(
                    o.op not in _GRANTED_CONT_OPS for o in ab.effect):  # fmt: skip
                self.fail(f"{q}.ability", "a granted CONT ability works on the stage with continuous power, soul, "
                          "level, keyword or restriction instructions and no keyword")
        elif ab.kind == "act":
            # a granted ACT ability (play.ability_usable_kind: after the receiving card's printed ones); its use is not
            # counted on the card (play.start_ability counts the printed abilities' uses)
            if ab.once_per_turn or ab.condition is not None:
                self.fail(f"{q}.ability", "a granted ACT ability has no once-per-turn limit and no condition")
            # the actions address ABILITIES_PER_CARD ACT abilities per character: one with as many printed ones
            # could not use a granted one
            if any(c.type == "character" and sum(a.kind == "act" for a in c.abilities) >= K.ABILITIES_PER_CARD
                   for c in self.models):
                self.fail(f"{q}.ability", f"a granted ACT ability in a pool with a character of {K.ABILITIES_PER_CARD} "
                          "printed ACT abilities (the actions address no more)")
        elif ab.kind != "auto" or ab.trigger not in self.GRANTED_TRIGGERS_ALL:
            self.fail(f"{q}.ability", "a granted ability is an auto ability triggered while its card is on the "
                      f"stage ({', '.join(self.GRANTED_TRIGGERS_ALL)}), or a CONT ability")
        if ab.times_per_turn is not None or ab.keyword not in (None, "encore") or ab.combo is not None:
            self.fail(f"{q}.ability", "a granted ability has no limit of 2 or 3 uses, keyword (but Encore) or combo")
        key = ab.model_dump_json()
        same_kind = [g for g in self.grants if g[4] == kind]
        for j, g in enumerate(same_kind):
            if g[0] == key:
                return j
        if ab.once_per_turn and key not in self.limited_grants:  # its use: a bit of the receiving card's USES word (triggers.auto_use_index)
            if len(self.limited_grants) >= K.MAX_LIMITED_GRANTS:
                self.fail(f"{q}.ability", f"at most {K.MAX_LIMITED_GRANTS} distinct granted abilities with a "
                          "once-per-turn limit per pool")
            self.limited_grants.append(key)
        if len(same_kind) >= K.MAX_GRANTS:
            self.fail(f"{q}.ability", f"at most {K.MAX_GRANTS} distinct granted abilities of a kind per pool")
        self.grants.append((key, ab, self.index[card.number], card, kind))
        return len(same_kind)

    def compile_grants(self) -> None:
        """The granted abilities' rows, after every card's (a grant's own grants are appended as
        they are found)."""
        k = 0
        while k < len(self.grants):
            key, ab, cid, card, kind = self.grants[k]
            self._card = card  # errors name the card that grants it
            # the ability is the receiving character's ("this card" is that character), whoever grants it (an
            # event too): compiled for a character
            holder = card if card.type == "character" else card.model_copy(update={"type": "character"})
            r = self.compile_ability(cid, holder, K.MAX_ABIL_PER_CARD + k, ab)
            j = sum(1 for g in self.grants[:k] if g[4] == kind)  # its index among its kind's (grant_index)
            self.ab_rows[r][K.A_ZONE] = K.GRANT_ZONE0 + kind * K.GRANT_KIND_STRIDE + j
            if ab.once_per_turn:  # the bit of its use above the limit (triggers.auto_use_index)
                self.ab_rows[r][K.A_ONCE_PER_TURN] = 1 | (self.limited_grants.index(key) << K.GRANT_LIMIT_SHIFT)
            k += 1

    # ---- abilities ----
    def compile_ability(self, cid: int, card: WSCard, k: int, ab: WSAbility) -> int:
        p = f"abilities[{k}]"
        kind = ab.kind
        if kind == "auto":
            if ab.trigger is None:
                self.fail(f"{p}.trigger", "an auto ability needs a trigger (CR 8.1.1.2.1)")
        elif ab.trigger is not None:
            self.fail(f"{p}.trigger", "only auto abilities have a trigger")
        trig = ab.trigger
        if ab.trigger_filter is not None and trig not in ("other_placed", "own_climax_placed", "opp_char_reversed",
                                                          "other_attacks", "other_frontal_attacked",
                                                          "own_trigger_check_climax", "trigger_check_climax",
                                                          "battle_opp_reversed",
                                                          "other_reversed", "other_battle_opp_reversed",
                                                          "other_to_wr_from_stage", "hand_to_wr", "other_played",
                                                          "other_placed_from_wr", "trigger_check_card",
                                                          "own_trigger_check_card", "own_to_memory"):
            # battle_opp_reversed: turn.py passes the battle opponent as the triggering card
            self.fail(f"{p}.trigger_filter", "only used with other_placed, own_climax_placed, opp_char_reversed, "
                      "other_attacks, other_frontal_attacked, (own_)trigger_check_climax, battle_opp_reversed, other_reversed, "
                      "other_battle_opp_reversed, other_to_wr_from_stage, hand_to_wr, other_played, "
                      "other_placed_from_wr, (own_)trigger_check_card")
        # (session 34, s34c) other_to_wr_from_stage's pending entries hold the card that left and the position it left,
        # packed (play.stage_to_wr): effects.exec_op's TARGET_TRIGGERING takes the card out of the pack (it was refused)
        if (trig == "use_keyword") != (ab.trigger_keyword is not None):
            self.fail(f"{p}.trigger_keyword", "trigger_keyword is required by, and only used with, use_keyword")
        if ab.whose != "any" and kind not in ("cont", "auto"):
            # begin_* triggers: whose phase; other auto triggers: "during your opponent's turn, when ..." (the turn
            # player the trigger is limited to, rules.triggers)
            self.fail(f"{p}.whose", "whose is only used with auto abilities (\"at the beginning of your phase\", "
                      "\"during your opponent's turn, when ...\") and cont abilities (\"during your (opponent's) turn\")")
        if ab.optional and kind != "auto":
            self.fail(f"{p}.optional", "only auto abilities are optional (CR 8.7.3.1.1); use a 'may' op")
        cost = ab.cost or WSCost()
        has_cost = ab.cost is not None and _cost_nonempty(cost)
        if ab.cost is not None and kind not in ("act", "counter_act", "auto"):
            self.fail(f"{p}.cost", "only act and auto abilities have a cost (CR 8.4.1)")
        if kind in ("act", "counter_act") and not has_cost:
            self.fail(f"{p}.cost", "an act ability needs a non-empty cost (CR 8.1.1.1.1)")
        if kind == "auto" and has_cost and not ab.optional:
            self.fail(f"{p}.optional", "an auto ability with a cost is optional (the cost may be declined, 8.7.3.1.1)")
        if kind == "cont" and not ab.effect and ab.keyword is None:
            self.fail(f"{p}.effect", "a cont ability needs an effect")
        if kind != "cont" and not ab.effect and not (kind == "auto" and has_cost):
            # an [AUTO] ability may be its cost alone ("[put this card into your memory] ..., you may pay the cost. If
            # you do, at the beginning of your next draw phase, ...": the card text's delayed_from_memory)
            self.fail(f"{p}.effect", "needs at least one op")
        if (cost.self_to_wr or cost.self_to_memory) + (cost.self_to is not None) > 1:
            self.fail(f"{p}.cost", "this card moves to one zone (self_to_wr, self_to_memory or self_to)")
        if (cost.rest_self or cost.self_to_wr or cost.self_to_memory or cost.self_to) and card.type != "character":
            self.fail(f"{p}.cost", "only characters rest or move themselves as a cost")
        if card.type == "climax" and kind not in ("cont", "auto"):
            self.fail(f"{p}.kind", "a climax has cont and auto abilities only")
        if trig == "climax_placed" and card.type != "climax":
            self.fail(f"{p}.trigger", "climax_placed is a climax's own trigger; characters use own_climax_placed")
        if card.type == "climax" and kind == "auto" and trig not in ("climax_placed", "own_climax_placed", "begin_end"):
            self.fail(f"{p}.trigger", "a climax's auto abilities trigger on climax_placed (CR 2.12.2.2)")

        cond = ab.condition
        if ab.combo is not None:
            if ab.combo not in self.climax_names:
                self.fail(f"{p}.combo", f"unknown climax {ab.combo!r} (no climax in the pool has this name)")
            if cond is not None:
                self.fail(f"{p}.condition", "a combo ability's condition is the named climax; use an 'if' op for more")
            cond = WSCondition(kind="climax_named", name=ab.combo)
        cond = self.check_keyword(card, ab, p, cond)

        trig_filter = -1
        if ab.trigger_filter is not None:
            zones = ("climax_area",) if trig == "own_climax_placed" else ("stage",)
            trig_filter = self.compile_filter(ab.trigger_filter, f"{p}.trigger_filter", zones=zones)

        cond_kind, cond_arg = self.compile_condition(cond, f"{p}.condition")
        if ab.zone == "hand" and cond is not None and cond.opponent \
                and cond.kind not in ("wr_climax_at_least", "wr_climax_at_most"):
            # play.hand_condition_holds tests these of the opponent's zones
            self.fail(f"{p}.condition.opponent", "in the hand: of your opponent's zones, the climax in the waiting room only")
        if ab.zone == "hand" and cond is not None and cond.kind == "opp_filter_at_least":
            # play.hand_condition_holds reads only the level bound and the positions of the filter
            f = cond.filter
            if f.type not in (None, "character", ["character"]) \
                    or set(f.model_dump(exclude_defaults=True)) - {"type", "side", "level_min", "positions", "trait",
                                                                   "trait_or", "trait_more", "name", "name_contains",
                                                                   "name_any"}:
                self.fail(f"{p}.condition.filter", "in the hand: a filter of the opponent's characters by level, "
                          "positions, trait and name only")
        if ab.zone == "hand" and cond is not None and cond.kind in ("filter_count_at_least", "memory_filter_at_least",
                                                                    "own_filter_at_most", "wr_filter_at_least"):
            # play.hand_filter_ok reads only the type, colour, trait(s), name and name parts of the filter; the stage
            # counts (hand_condition_atom) the positions too (session 29)
            f = cond.filter
            allowed = {"type", "color", "trait", "trait_or", "trait_more", "name", "name_contains", "name_any", "zone"}
            if cond.kind in ("filter_count_at_least", "own_filter_at_most"):
                allowed = allowed | {"positions"}
            if f.side != "own" or set(f.model_dump(exclude_defaults=True)) - allowed:
                self.fail(f"{p}.condition.filter", "in the hand: a filter of your cards by type, colour, trait and "
                          "name only (and positions on the stage)")

        code_start = len(self.code_rows)
        self.compile_ops(card, ab, ab.effect, f"{p}.effect", set(), counted=False)
        declined_at = -1
        if ab.if_not_paid is not None:
            # the effect, SKIP past the rest, the rows run when the cost is not paid (play_pending starts there)
            if ab.kind != "auto" or not ab.optional or ab.cost is None:
                self.fail(f"{p}.if_not_paid", "an auto ability's with a cost that may be declined ('you may pay the cost')")
            at = len(self.code_rows)
            self.code_rows.append([int(K.Op.SKIP), 0, 0, 0, 0])
            declined_at = len(self.code_rows) - code_start
            self.compile_ops(card, ab, ab.if_not_paid, f"{p}.if_not_paid", set(), counted=False)
            self.code_rows[at][4] = len(self.code_rows) - at - 1

        discard_filter = reveal = marker = rest_other = -1
        if cost.rest_other:
            if cost.rest_other_filter is None or cost.rest_other_filter.side != "own":
                self.fail(f"{p}.cost.rest_other_filter", "rest_other needs a filter on your own characters")
            if cost.rest_self and cost.rest_other_filter.relation != "other":
                self.fail(f"{p}.cost.rest_other_filter", "with rest_self, the characters rested are 'other'")
            rest_other = self.compile_filter(cost.rest_other_filter, f"{p}.cost.rest_other_filter", zones=("stage",))
        elif cost.rest_other_filter is not None or cost.stage_to_wr:
            self.fail(f"{p}.cost.rest_other_filter", "needs rest_other >= 1")
        if cost.stage_to_clock and not cost.stage_to_wr:
            self.fail(f"{p}.cost.stage_to_clock", "needs stage_to_wr (the characters leave the stage)")
        if cost.discard_filter is not None:
            if cost.discard == 0:
                self.fail(f"{p}.cost.discard_filter", "needs discard >= 1")
            discard_filter = self.compile_filter(cost.discard_filter, f"{p}.cost.discard_filter", zones=("hand",))
        if cost.hand_to_clock_filter is not None:
            if cost.hand_to_clock == 0 or cost.discard:
                self.fail(f"{p}.cost.hand_to_clock_filter", "needs hand_to_clock >= 1 and no discard")
            discard_filter = self.compile_filter(cost.hand_to_clock_filter, f"{p}.cost.hand_to_clock_filter",
                                                 zones=("hand",))
        if cost.reveal is not None:
            reveal = self.compile_filter(cost.reveal, f"{p}.cost.reveal", zones=("hand",))
            if cost.reveal_shown:
                if cost.reveal.name is None and not (cost.reveal.name_any and len(cost.reveal.name_any) == 1):
                    self.fail(f"{p}.cost.reveal_shown", "a shown reveal is of a named card (no choice is asked)")
                reveal |= K.REVEAL_SHOWN
        elif cost.reveal_shown:
            self.fail(f"{p}.cost.reveal_shown", "reveal_shown needs a reveal")
        if cost.climax_to_wr is not None:
            if reveal != -1:
                self.fail(f"{p}.cost.climax_to_wr", "not with a reveal in the same cost (one column)")
            if cost.climax_to_wr.side != "own" or cost.climax_to_wr.zone != "climax_area":
                self.fail(f"{p}.cost.climax_to_wr", "a card of your own climax area")
            reveal = K.COST_CLIMAX_FILTER0 - self.compile_filter(cost.climax_to_wr, f"{p}.cost.climax_to_wr", zones=("climax_area",))
        if cost.marker is not None:
            if cost.marker.side != "own":
                self.fail(f"{p}.cost.marker.side", "a Fusion marker is one of your characters")
            marker = self.compile_filter(cost.marker, f"{p}.cost.marker", zones=("stage",))
        if cost.markers_to_wr:
            if marker != -1:
                self.fail(f"{p}.cost.markers_to_wr", "not with Fusion's marker in the same cost (one column)")
            marker = -1 - cost.markers_to_wr

        row = self.new_row(K.ABILITY_TABLE, ab, p, cost=cost)  # the columns with a source
        row[K.A_CARD] = cid
        row[K.A_TRIG_FILTER] = trig_filter
        row[K.A_COND] = cond_kind
        row[K.A_COND_ARG] = cond_arg
        row[K.A_COST_DISCARD_FILTER] = discard_filter
        row[K.A_COST_REVEAL_FILTER] = reveal
        row[K.A_COST_MARKER_FILTER] = marker
        if ab.times_per_turn is not None:
            if ab.kind != "auto" or ab.once_per_turn:
                self.fail(f"{p}.times_per_turn", "an auto ability's limit of 2 or 3 uses (not with once_per_turn)")
            row[K.A_ONCE_PER_TURN] = ab.times_per_turn
        if cost.self_to is not None:  # packed into A_COST_SELF_TO_MEMORY (costs.pay_fixed_costs)
            row[K.A_COST_SELF_TO_MEMORY] = (K.SELF_TO_DECK_BOTTOM if cost.self_to == "deck_bottom"
                                            else int(K.Zone[cost.self_to.upper()]))
        if any(op.op == "change" and op.by_cost for op in ab.effect):
            # the change op moves this card (CHANGE_BY_COST): the cost's columns keep the move for cost_payable
            row[K.A_COST_SELF_TO_WR if cost.self_to_wr else K.A_COST_SELF_TO_MEMORY] |= K.COST_SELF_BY_OP
        if cost.rest_other:  # packed into A_COST_REST_SELF (constants.REST_OTHER_*)
            row[K.A_COST_REST_SELF] |= (cost.rest_other << K.REST_OTHER_SHIFT) | ((rest_other + 1) << K.REST_OTHER_FILTER_SHIFT)
            if cost.stage_to_wr:
                row[K.A_COST_REST_SELF] |= K.REST_OTHER_TO_WR
            if cost.stage_to_clock:
                row[K.A_COST_REST_SELF] |= K.REST_OTHER_TO_CLOCK
        row[K.A_CODE_START] = code_start
        row[K.A_CODE_LEN] = len(self.code_rows) - code_start
        if declined_at >= 0:
            row[K.A_OPTIONAL] = K.DECLINED_PC0 + declined_at
        self.ab_rows.append(row)
        self.ability_source.append((cid, k))
        return len(self.ab_rows) - 1

    def check_keyword(self, card: WSCard, ab: WSAbility, p: str, cond: WSCondition | None) -> WSCondition | None:
        """The shapes CR 10 gives keyword abilities; returns the (possibly defaulted) condition."""
        kw = ab.keyword
        tags = _all_tags(ab.effect)
        for tag, need in _KEYWORD_OPS.items():
            if tag == "encore_self" and kw is None and ab.kind == "auto" and ab.trigger in (
                    "to_wr_from_stage_self", "other_to_wr_from_stage"):
                # the card that left the stage: this card after to_wr_from_stage_self, the triggering card after
                # other_to_wr_from_stage (whose position is the one it left, play.stage_to_wr)
                if tag in tags and _encore_triggering(ab.effect) != {ab.trigger == "other_to_wr_from_stage"}:
                    self.fail(f"{p}.effect", "encore_self returns this card after to_wr_from_stage_self and the "
                              "triggering card (triggering) after other_to_wr_from_stage")
                continue  # what Encore does, written without the keyword (CR 10.2.2's text): not an Encore ability
            if tag in tags and kw != need:
                self.fail(f"{p}.keyword", f"the {tag!r} op belongs to an ability written with keyword {need!r}")
        if kw is None:
            return cond
        char_only = {"encore", "assist", "bond", "fusion", "sunder", "shift"}
        if kw in char_only and card.type != "character":
            self.fail(f"{p}.keyword", f"{kw} is a character keyword")

        def need(ok: bool, fld: str, why: str) -> None:
            if not ok:
                self.fail(f"{p}.{fld}", why)

        if kw == "encore":  # CR 10.2.2
            need(True not in _encore_triggering(ab.effect), "effect", "Encore returns this card (CR 10.2.2)")
            need(ab.kind == "auto" and ab.trigger == "to_wr_from_stage_self", "trigger",
                 "Encore is an auto ability triggered by to_wr_from_stage_self (CR 10.2.2)")  # fmt: skip
            need("encore_self" in tags, "effect", "an Encore ability runs encore_self (CR 10.2.2)")
            # the cost in the cost columns, or a waiting-room cost the program pays (its first test)
            paid_by_program = bool(ab.effect) and ab.effect[0].op == "if" and ab.effect[0].condition.kind in (
                "wr_filter_at_least", "stock_at_least")
            need(ab.cost is not None and _cost_nonempty(ab.cost) or paid_by_program, "cost",
                 "Encore [cost] needs a cost (CR 10.2.2)")
        elif kw == "assist":  # CR 10.3.2
            need(ab.kind == "cont", "kind", "Assist is a cont ability (CR 10.3.1)")
            # its own condition is in_back_stage; another one (session 23: "Assist During your turn, if there is a
            # marker underneath this card, all of your characters in front of this card get ...") stays where every
            # aura is about the characters in front of this card, whom only a back-stage card has (IN_FRONT_MASK)
            in_front = all(getattr(getattr(op, "filter", None), "relation", None) == "in_front" for op in ab.effect)
            need(cond is None or cond.kind == "in_back_stage" or in_front, "condition",
                 "Assist's condition is in_back_stage (or another with auras on the characters in front of it only)")
            if cond is None or cond.kind == "in_back_stage":
                cond = WSCondition(kind="in_back_stage")
        elif kw == "bond":  # CR 10.4.2
            need(ab.kind == "auto" and ab.trigger == "played_self", "trigger",
                 "Bond is an auto ability triggered by played_self (CR 10.4.2)")  # fmt: skip
            # (session 34, s34c) a Bond of two names: choose a card of either name in the waiting room, to the hand
            need("bond" in tags or {"choose", "to_hand"} <= tags, "effect",
                 "a Bond ability runs the bond op, or chooses a card of its names and returns it (CR 10.4.2)")
        elif kw == "brainstorm":  # CR 10.7
            need("brainstorm" in tags, "effect", "a Brainstorm ability runs the brainstorm op (CR 10.7.1)")
        elif kw == "change":  # CR 10.8
            need("change" in tags, "effect", "a Change ability runs the change op (CR 10.8.1)")
        elif kw == "shift":  # CR 10.11.2
            need(ab.kind == "auto" and ab.trigger == "begin_main" and ab.whose == "yours", "trigger",
                 "Shift triggers at begin_main with whose = 'yours' (CR 10.11.2)")  # fmt: skip
            need(ab.zone == "clock", "zone", "Shift works from the clock (CR 10.11.2)")
            need(cond is not None and cond.kind == "level_at_least", "condition",
                 "Shift, Level (N) is condition level_at_least N (CR 10.11.2)")  # fmt: skip
            need(tags == {"shift"}, "effect", "a Shift ability's effect is just the shift op")
        elif kw == "accelerate":  # CR 10.12.1
            need(ab.cost is not None and ab.cost.clock_top >= 1, "cost", "Accelerate has clock_top >= 1 in its cost")
        elif kw == "resonate":  # CR 10.13.1
            need(ab.kind == "auto" and ab.cost is not None and ab.cost.reveal is not None, "cost",
                 "Resonate is an auto ability with a reveal cost (CR 10.13.1)")  # fmt: skip
        elif kw == "fusion":  # CR 10.14.1.1
            need(ab.kind == "act" and ab.cost is not None and ab.cost.marker is not None, "cost",
                 "Fusion is an act ability with a marker cost (CR 10.14.1.1)")  # fmt: skip
            need("fusion" in tags, "effect", "a Fusion ability runs the fusion op")
        elif kw == "sunder":  # CR 10.15.2
            need(ab.kind == "auto" and ab.trigger == "end_of_attack_self", "trigger",
                 "Sunder is an auto ability triggered by end_of_attack_self (CR 10.15.2)")  # fmt: skip
            need("sunder" in tags, "effect", "a Sunder ability runs the sunder op")
        elif kw == "alarm":  # CR 10.1.1
            need(ab.zone == "clock_top", "zone", "Alarm abilities work from the top of the clock (CR 10.1.1)")
        elif kw == "memory":  # CR 10.9.1 (a condition on the memory, or a count of its cards)
            need(ab.zone == "memory" or any(_mentions(cond, ab.effect, k) for k in _COND_MEMORY)
                 or "memory" in _counted_zones(ab.effect)
                 # (session 33) "X is equal to the number of cards in your memory": a count of the memory's cards
                 or any(o.op == "count" and getattr(getattr(o, "filter", None), "zone", None) == "memory"
                        for o in _walk(ab.effect)), "zone",
                 "Memory: zone 'memory' or a condition on the memory (CR 10.9.1)")  # fmt: skip
        elif kw == "experience":  # CR 10.10.1 (a condition on the level, or a count of its cards)
            need(ab.zone == "level" or any(_mentions(cond, ab.effect, k) for k in ("level_sum_at_least", "named_in_level",
                                                                                     "level_colors"))
                 or "level" in _counted_zones(ab.effect),
                 "zone", "Experience: zone 'level' or a condition on the level (CR 10.10.1)")  # fmt: skip
        return cond

    def compile_condition(self, cond: WSCondition | None, p: str) -> tuple[int, int]:
        if cond is None:
            return 0, 0
        kind = cond.kind
        if (kind in ("all_of", "any_of")) != (cond.parts is not None):
            self.fail(f"{p}.parts", "all_of / any_of need parts (and only they have them)")
        if kind in ("all_of", "any_of"):
            # "if A and B" / "if A or B": the parts' IF rows in the code table (a2 0: a program running through them
            # does nothing, so they may lie among its rows), ALL_OF / ANY_OF with (the first row << 3) | their number
            if set(cond.model_fields_set) - {"kind", "parts"}:
                self.fail(f"{p}.kind", f"{kind} has only parts")
            pairs = []
            for i, c in enumerate(cond.parts):
                # a part: one condition, or all_of / any_of (the other kind) of single conditions
                if c.kind == kind or c.kind in ("all_of", "any_of") and any(x.kind in ("all_of", "any_of")
                                                                            for x in c.parts or ()):
                    self.fail(f"{p}.parts[{i}].kind", "a part of all_of / any_of is one condition or the other kind "
                              "of single conditions")
                pairs.append(self.compile_condition(c, f"{p}.parts[{i}]"))
            r0 = len(self.code_rows)
            for ck, ca in pairs:
                self.code_rows.append([int(K.Op.IF), 0, ck, ca, 0])
            return int(K.Condition[kind.upper()]), (r0 << 3) | len(pairs)
        if kind in _COND_COUNT:
            if cond.value is None:
                self.fail(f"{p}.value", f"{kind} needs a value")
            arg = cond.value
        elif cond.value is not None:
            self.fail(f"{p}.value", f"{kind} takes no value")
        if kind == "trait_count_at_least":
            if cond.trait is None:
                self.fail(f"{p}.trait", "trait_count_at_least needs a trait")
            if cond.value > 0xFF:
                self.fail(f"{p}.value", "must be <= 255")
            tid = self.interned(self.trait_ids, cond.trait, f"{p}.trait", "trait")
            if cond.trait_or is not None:
                tid |= self.interned(self.trait_ids, cond.trait_or, f"{p}.trait_or", "trait") << 11
            arg = (tid << 8) | cond.value
        elif kind == "all_chars_trait":
            if cond.trait is None or cond.trait_or is not None:
                self.fail(f"{p}.trait", "all_chars_trait needs one trait")
            arg = self.interned(self.trait_ids, cond.trait, f"{p}.trait", "trait")
        elif cond.trait is not None or cond.trait_or is not None:
            self.fail(f"{p}.trait", f"{kind} takes no trait")
        # a filter of the player the condition reads: the master's ("own"), or the opponent's (`opponent`: its row
        # seen from the opponent, as Condition.OPPONENTS tests it)
        side, whose = ("opponent", "your opponent's") if cond.opponent else ("own", "your own")
        seen = cond.filter
        if cond.opponent and cond.filter is not None:
            if cond.filter.level_max_rel or cond.filter.level_above_opp:
                self.fail(f"{p}.filter", "a level relative to a player's level in a condition on your opponent")
            seen = cond.filter.model_copy(update={"side": "own"})
        if kind == "filter_count_at_least":
            if cond.filter is None or cond.filter.side != "own":
                self.fail(f"{p}.filter", "filter_count_at_least needs a filter on your own characters")
            if cond.value > 0xFF:
                self.fail(f"{p}.value", "must be <= 255")
            arg = (self.compile_filter(cond.filter, f"{p}.filter", zones=("stage",)) << 8) | cond.value
        elif kind == "all_chars_filter":
            if cond.filter is None or cond.filter.side != side:
                self.fail(f"{p}.filter", f"all_chars_filter needs a filter on {whose} characters")
            arg = self.compile_filter(seen, f"{p}.filter", zones=("stage",))
        elif kind == "own_filter_at_most":
            if cond.filter is None or cond.filter.side != "own":
                self.fail(f"{p}.filter", f"{kind} needs a filter on your own characters")
            if cond.value > 0xFF:
                self.fail(f"{p}.value", "must be <= 255")
            arg = (self.compile_filter(cond.filter, f"{p}.filter", zones=("stage",)) << 8) | cond.value
        elif kind in ("opp_filter_at_least", "opp_filter_at_most"):
            if cond.filter is None or cond.filter.side != "opponent":
                self.fail(f"{p}.filter", f"{kind} needs a filter on your opponent's characters")
            if cond.value > 0xFF:
                self.fail(f"{p}.value", "must be <= 255")
            arg = (self.compile_filter(cond.filter, f"{p}.filter", zones=("stage",)) << 8) | cond.value
        elif kind in _COND_OWN_ZONE:  # "N or more <spec> in your waiting room / hand / memory"
            zone = _COND_OWN_ZONE[kind]
            if cond.filter is None or cond.filter.side != side or cond.filter.zone != zone:
                self.fail(f"{p}.filter", f"{kind} needs a filter on {whose} {zone.replace('_', ' ')}")
            if cond.value > 0xFF:
                self.fail(f"{p}.value", "must be <= 255")
            arg = (self.compile_filter(seen, f"{p}.filter", zones=(zone,)) << 8) | cond.value
        elif cond.filter is not None:
            self.fail(f"{p}.filter", f"{kind} takes no filter")
        if kind in _COND_NAME and cond.name_any is not None:
            # a name group (as a filter's name_any): arg -(k + 1), the bit NAME_GROUP_BIT0 + k of C_TITLE
            if cond.name is not None:
                self.fail(f"{p}.name_any", "a condition has a name or names, not both")
            arg = self.name_group(name_group_key(cond), f"{p}.name_any")
        elif kind in _COND_NAME:
            if cond.name is None:
                self.fail(f"{p}.name", f"{kind} needs a name")
            if kind == "climax_named" and cond.name not in self.climax_names:
                self.fail(f"{p}.name", f"unknown climax {cond.name!r}")
            arg = self.interned(self.name_ids, cond.name, f"{p}.name", "card name")
        elif kind == "named_pair_on_stage":
            if cond.name is None or cond.name2 is None or cond.name == cond.name2:
                self.fail(f"{p}.name2", "named_pair_on_stage needs two different names")
            arg = ((self.interned(self.name_ids, cond.name, f"{p}.name", "card name") << 15)
                   | self.interned(self.name_ids, cond.name2, f"{p}.name2", "card name"))
        elif cond.name is not None or cond.name_any is not None:
            self.fail(f"{p}.name", f"{kind} takes no name")
        if cond.name2 is not None and kind != "named_pair_on_stage":
            self.fail(f"{p}.name2", f"{kind} takes no second name")
        if kind not in _COND_COUNT and kind not in _COND_NAME and kind not in ("all_chars_trait", "all_chars_filter",
                                                                               "named_pair_on_stage"):
            arg = 0
        if cond.in_battle:
            # "in battle" and this condition: IN_BATTLE_AND, the condition in bits 24.. of the argument and its
            # argument (a name group's negative one too) in the low 24 bits (filters.condition_holds)
            if kind == "in_battle" or not -(1 << 23) <= arg < (1 << 23):
                self.fail(f"{p}.in_battle", "'in battle' beside this condition")
            return int(K.Condition.IN_BATTLE_AND), (int(K.Condition[kind.upper()]) << 24) | (int(arg) & 0xFFFFFF)
        if kind == "in_position" and arg >= K.N_POSITIONS:
            self.fail(f"{p}.value", f"a stage position 0..{K.N_POSITIONS - 1} (CR 3.6.3)")
        if (kind == "level_colors") != (cond.colors is not None):
            self.fail(f"{p}.colors", "level_colors needs colors (and only it has them)")
        if kind == "level_colors":
            arg = sum(K.COLOR_BITS[c] for c in set(cond.colors))
        if (kind == "fewer_than_opp") != (cond.zone is not None):
            self.fail(f"{p}.zone", "fewer_than_opp needs a zone (and only it has one)")
        if kind == "fewer_than_opp":
            arg = int(K.Zone[cond.zone.upper()])
        if kind == "placed_this_turn":  # PLAYED_THIS_TURN with arg 1: any placement this turn
            return int(K.Condition.PLAYED_THIS_TURN), 1
        if cond.opponent:
            # the opponent's: OPPONENTS, the condition in bits 24.. of the argument and its argument in the low 24 bits
            # (filters.condition_holds tests it for the master's opponent)
            if kind not in _COND_OPPONENT or cond.in_battle or not -(1 << 23) <= arg < (1 << 23):
                self.fail(f"{p}.opponent", f"{kind} on your opponent")
            return int(K.Condition.OPPONENTS), (int(K.Condition[kind.upper()]) << 24) | (int(arg) & 0xFFFFFF)
        return int(K.Condition[kind.upper()]), int(arg)

    def compile_ops(self, card: WSCard, ab: WSAbility, ops: list[Any], p: str, filled: set[int], counted: bool) -> bool:
        """Append the instruction rows of ``ops``; returns whether a count was stored."""
        is_cont = ab.kind == "cont"
        filled = set(filled)  # registers filled inside an if/may block stay local to it
        if_done_at: list[tuple[int, int]] = []  # (the IF_DONE row, the index of the last op it governs)

        def close_if_done(last: int) -> None:  # the IF_DONE rows whose ops end at ``last``: their rows to skip
            for at, end in if_done_at:
                if end == last:
                    self.code_rows[at][4] = len(self.code_rows) - at - 1

        for j, op in enumerate(ops):
            close_if_done(j - 1)
            q = f"{p}[{j}]"
            name = op.op
            if name == "if_done":
                problem = if_done_problem(ops, j, _REPORTS_DONE)
                if problem is not None:
                    self.fail(f"{q}.{problem[0]}", problem[1])
                if ops[j - 1].op == "pay_stock" and not ops[j - 1].in_full:
                    self.fail(f"{q}.op", "if_done after pay_stock needs its in_full (a stock paid in part is no report)")
                if_done_at.append((len(self.code_rows), j + op.rows))
                self.code_rows.append([int(K.Op.IF_DONE), 0, int(not op.done), 0, 0])  # a2 patched
                continue
            if is_cont and name not in _CONT_ONLY:
                self.fail(f"{q}.op", f"cont abilities only use {', '.join(sorted(_CONT_ONLY))} (CR 8.1.1.3)")
            if not is_cont and name in _CONT_ONLY:
                self.fail(f"{q}.op", f"{name} is only allowed in cont abilities")
            if name in _TARGETING or name in ("search", "change") and op.keep:
                filled.add(op.reg)
            if name in _ON_REGISTER and op.reg not in filled:
                self.fail(f"{q}.reg", f"register {op.reg} has no targets (choose/select_all/target_* first)")
            if name == "wr_to_deck" and op.keep_reg and op.reg not in filled:
                self.fail(f"{q}.reg", f"register {op.reg} has no cards to keep (choose / opp_choose first)")
            if name == "change" and op.by_cost:
                # CR 10.8.1: the Change ability's cost moves this card to op.to (its columns keep it for
                # cost_payable; pay_fixed_costs leaves the move to this op)
                c = ab.cost
                moved = None if c is None else ("waiting_room" if c.self_to_wr else "memory" if c.self_to_memory
                                                else c.self_to)
                if ab.kind not in ("auto", "act") or moved != op.to or op not in ab.effect:
                    self.fail(f"{q}.by_cost", "a by_cost change is an [AUTO] / [ACT] ability's (first-level) op "
                              "whose cost moves this card to op.to")
            if name == "exchange" and (op.other not in filled or op.other == op.reg):
                self.fail(f"{q}.other", "exchange needs a second register with targets")
            if name in ("encore_self", "shift", "fusion", "sunder") and card.type == "event":
                self.fail(f"{q}.op", f"{name} needs a source card on the stage (not in an event)")
            if name == "target_self" and card.type == "event" and not all(
                    o.op in ("to_memory", "to_stock", "to_clock", "to_hand", "to_deck_top", "to_deck_bottom")
                    or o.op == "to_waiting_room" and ab.zone == "memory"  # from the memory (CR 10.9.1)
                    for o in ops[j + 1:] if getattr(o, "reg", None) == op.reg):  # fmt: skip
                # an event's source is the event card in the resolution zone (CR 6.5.1.2.2): it can
                # only be moved ("put this card into your memory"); it is no character to change
                self.fail(f"{q}.op", "an event's target_self can only be moved (to_memory, to_stock, ...)")
            if getattr(getattr(op, "filter", None), "level_max_x", False) and (not counted or is_cont):
                self.fail(f"{q}.filter.level_max_x", "'level X or lower' needs an earlier counting op in the program")
            if name == "power_x" and not counted and op.per == "count":
                self.fail(f"{q}.op", "power_x needs an earlier brainstorm or count op in the program")
            for fld in ("count", "amount"):
                if getattr(op, fld, None) == "x" and not counted:
                    self.fail(f"{q}.{fld}", "'x' needs an earlier brainstorm or count op in the program")
            if name == "choose_one":
                ends = []
                for k, opt in enumerate(op.options):
                    last = k == len(op.options) - 1
                    at = len(self.code_rows)
                    if not last:
                        self.code_rows.append([0] * K.I_NCOLS)  # CHOOSE_OPTIONAL, patched below
                    # registers filled in an option are the option's (another option may not use them)
                    counted = self.compile_ops(card, ab, opt, f"{q}.options[{k}]", set(filled), counted) or counted
                    if not last:
                        ends.append(len(self.code_rows))
                        self.code_rows.append([int(K.Op.SKIP), 0, 0, 0, 0])  # past the other options, patched
                        self.code_rows[at] = [int(K.Op.CHOOSE_OPTIONAL), 0, 0, int(op.who == "opponent"),
                                              len(self.code_rows) - at - 1]
                for e in ends:
                    self.code_rows[e][4] = len(self.code_rows) - e - 1
                continue
            if name in ("if", "may", "if_stored"):
                at = len(self.code_rows)
                self.code_rows.append([0] * K.I_NCOLS)  # patched below with the rows to skip
                counted = self.compile_ops(card, ab, op.then, f"{q}.then", filled, counted) or counted
                skip = len(self.code_rows) - at - 1
                if name == "if":
                    ck, ca = self.compile_condition(op.condition, f"{q}.condition")
                    self.code_rows[at] = [int(K.Op.IF), 0, ck, ca, skip]
                elif name == "if_stored":
                    self.code_rows[at] = [int(K.Op.IF_STORED), 0, op.at_least, 0, skip]
                else:
                    self.code_rows[at] = [int(K.Op.CHOOSE_OPTIONAL), 0, 0,
                                          int(getattr(op, "who", "master") == "opponent"), skip]
                continue
            reg = getattr(op, "reg", 0)
            if name in ("aura_soul_per", "aura_level_per"):  # the characteristic AURA_POWER_PER changes
                reg = K.PER_SOUL if name == "aura_soul_per" else K.PER_LEVEL
            for hand_only in ("no_color_requirement", "cant_play"):
                if hand_only in (getattr(op, "restrictions", None) or ()) \
                        and not (name == "aura_restrict" and ab.kind == "cont" and ab.zone == "hand"):
                    self.fail(f"{q}.restrictions", f"{hand_only} is an aura_restrict of a [CONT] ability "
                              "with zone 'hand' (the card played from the hand, CR 8.6.2.1)")
            a0, a1, a2 = self.op_args(op, q)
            if name == "trigger_damage" and (ab.kind != "auto" or ab.trigger not in _DAMAGE_TRIGGERS):
                self.fail(f"{q}.op", "trigger_damage is an AUTO ability's of a damage trigger ("
                          f"{', '.join(sorted(_DAMAGE_TRIGGERS))})")
            if name in _COUNTING or name == "look_top" and op.store_taken:  # (s34c) the number taken stored
                counted = True
            self.code_rows.append([int(EFFECT_OPS[name]), reg, a0, a1, a2])
        close_if_done(len(ops) - 1)
        return counted

    def op_args(self, op: Any, q: str) -> tuple[int, int, int]:  # noqa: C901 - one case per op
        name = op.op
        dur = K.Duration[op.duration.upper()] if hasattr(op, "duration") else 0
        who = K.Who[op.who.upper()] if hasattr(op, "who") else 0

        def x(v: int | str) -> int:
            return -1 if v == "x" else int(v)

        if hasattr(op, "duration") and op.duration not in _DURATIONS[name]:
            # the kernels keep "until the end of your opponent's next turn" for power and
            # restrictions only (effects.add_power / add_restrictions); refused, never shortened
            self.fail(f"{q}.duration", f"'{op.duration}' is not supported for {name} (supported: "
                      f"{', '.join(_DURATIONS[name])})")
        if name == "choose":
            if op.count != "x" and op.count > K.TARGET_MAX:
                self.fail(f"{q}.count", f"at most {K.TARGET_MAX} cards per target register (TARGET_MAX)")
            zones = tuple(z for z in K.FilterZone.__members__ if z != "DECK")
            return self.compile_filter(op.filter, f"{q}.filter", zones=tuple(z.lower() for z in zones)), x(op.count), int(op.up_to)
        if name == "reveal_top":
            if op.filter_or is not None and op.filter is None:
                self.fail(f"{q}.filter_or", "filter_or is a second filter beside filter")
            if op.negate and op.filter is None:
                self.fail(f"{q}.negate", "negate needs a filter (no card matches 'not any card')")
            f_or = 0 if op.filter_or is None else self.compile_filter(op.filter_or, f"{q}.filter_or", zones=("deck",)) + 1
            return (-1 if op.filter is None else self.compile_filter(op.filter, f"{q}.filter", zones=("deck",))), f_or, int(op.negate)
        if name == "select_all":
            return self.compile_filter(op.filter, f"{q}.filter", zones=("stage", "markers", "climax_area")), 0, 0
        if name in ("power", "soul", "level", "power_x"):
            if op.amount == 0:
                self.fail(f"{q}.amount", "must not be 0")
            per = getattr(op, "per", "count")
            per_a2 = {"soul": K.PER_SOUL, "level": K.PER_LEVEL, "facing_level": K.PER_FACING, "stage_colors": K.PER_COLORS}
            return op.amount, dur, per_a2.get(per, 0)
        if name == "grant_keyword":
            return bits(op.keywords, K.KEYWORD_BITS), dur, 0
        if name == "grant_ability":
            # its kind: the word GRANT_KEYWORD puts its bit into (KWMOD_LONG for the opponent's next turn, else KWMOD)
            kind = K.GRANT_UNTIL_OPP_TURN_END if dur == K.Duration.NEXT_OPP_TURN_END else K.GRANT_UNTIL_TURN_END
            return 1 << (K.GRANT_BIT0 + self.grant_index(self._card, op.ability, q, kind)), dur, 0
        if name == "aura_grant_ability":
            bit = 1 << (K.GRANT_BIT0 + self.grant_index(self._card, op.ability, q, K.GRANT_BY_CONT))
            return bit, self.compile_filter(op.filter, f"{q}.filter", zones=("stage",)), 0
        if name == "restrict":
            return bits(op.restrictions, _RESTRICT_BITS), dur, 0
        if name in ("to_stage", "move_position"):
            mask = 0 if op.positions is None else bits(op.positions, K.POSITION_BITS)
            if name == "move_position":
                if op.facing and (op.positions is None or set(op.positions) - {"center"}):
                    self.fail(f"{q}.facing", "a character faces a center position only (CR 3.6.5): positions [center]")
                if op.opponent and op.facing:
                    self.fail(f"{q}.opponent", "facing is about this card's own stage")
                return (int(op.any_position) | (K.MOVE_FACING if op.facing else 0)
                        | (K.MOVE_OPPONENT if op.opponent else 0)), 0, mask
            if op.separate and not op.any_position:
                self.fail(f"{q}.separate", "separate positions among any position of the stage")
            return K.Orientation[op.orientation.upper()], (int(op.any_position) | (K.TO_STAGE_BY_OWNER if op.by_owner else 0)
                                                           | (K.TO_STAGE_SEPARATE if op.separate else 0)), mask
        if name == "to_marker":
            return int(op.face_up), 0, 0
        if name == "deck_to_marker":
            return int(op.face_up), K.TO_MARKER_DECK_TOP, 0
        if name == "self_to_marker":
            return int(op.face_up), 0, 0
        if name == "aura_trigger_checks":
            return op.count, 0, 0
        if name == "marker_out":
            return op.count, int(K.Zone[op.to.upper()]), 0
        if name == "to_clock":
            return (K.CLOCK_BOTTOM if op.bottom else 0), 0, 0
        if name == "draw":
            return x(op.count), who, int(op.up_to)
        if name == "damage":
            if op.plus and op.amount != "x":
                self.fail(f"{q}.plus", "plus is added to the stored count (amount 'x')")
            return x(op.amount), who, op.plus
        if name == "heal":
            return x(op.count), who, (K.HEAL_TO_STOCK if op.to == "stock" else K.HEAL_TO_HAND if op.to == "hand"
                                      else 0) | (K.HEAL_BOTTOM if op.bottom else 0)
        if name == "mill_level":
            return op.count, 0, 0
        if name == "top_level" or name == "trigger_damage":
            return 0, 0, 0
        if name == "memory_mark":
            return int(op.set), 0, 0
        if name == "memory_keep":
            return 0, who, 0
        if name == "reg_level":
            return 0, 0, op.plus
        if name == "mill_count":
            return (op.count, self.compile_filter(op.filter, f"{q}.filter", zones=("waiting_room",)),
                    K.MILL_COUNT_OPPONENT * (op.who == "opponent") + K.MILL_COUNT_BOTTOM * op.bottom
                    + K.MILL_COUNT_ICONS * op.icons + K.MILL_COUNT_BRAINSTORM * op.brainstorm
                    + K.MILL_COUNT_ADD * op.add)
        if name == "wr_to_deck":
            return 0, who, K.WR_TO_DECK_KEEP_REG if op.keep_reg else 0
        if name == "stock_renew":
            return 0, who, K.STOCK_RENEW_DECK if op.via_deck else 0
        if name == "opp_choose":
            # a waiting room or (session 34) a memory: public zones (CR 3.4, 3.12.2.1)
            if op.filter.zone not in ("waiting_room", "memory"):
                self.fail(f"{q}.filter.zone", "the opponent chooses in a waiting room or a memory (a public zone)")
            return (self.compile_filter(op.filter, f"{q}.filter", zones=("waiting_room", "memory")), op.count,
                    int(op.up_to))
        if name == "memory_trim":
            return op.keep, who, op.at_least
        if name == "trigger_checks":
            return op.count, 0, 0
        if name == "mill":
            return x(op.count), who, K.MILL_BOTTOM * op.bottom
        if name in ("discard", "pool", "clock_top", "stock_bottom_to_wr", "stock_top_to_wr", "stock_top_to_clock"):
            return x(op.count), who, 0
        if name == "search":
            if op.filter.side == "opponent":
                self.fail(f"{q}.filter.side", "you search your own deck")
            if op.count != "x" and op.count > 4:
                self.fail(f"{q}.count", "at most 4")
            return (self.compile_filter(op.filter, f"{q}.filter", zones=("deck",)), x(op.count),
                    int(op.reveal) | (K.SEARCH_KEEP if op.keep else 0))
        if name == "look_top":
            if op.count == "x" and (op.take > 1 or op.to == "deck_top"):
                self.fail(f"{q}.count", "'x' (the stored count) takes at most 1 card, not re-ordering")
            if op.count != "x" and op.take > op.count:
                self.fail(f"{q}.take", "take must be <= count")
            flt = -1 if op.filter is None else self.compile_filter(op.filter, f"{q}.filter", zones=("deck",))
            if op.to == "deck_top" and op.take > K.TARGET_MAX:
                self.fail(f"{q}.take", f"re-ordering (to deck_top) takes at most {K.TARGET_MAX} cards")
            if op.reveal and (not op.up_to or op.count == "x" or op.count > K.REVEAL_ROWS or op.store_taken):
                self.fail(f"{q}.reveal", f"revealing up to N <= {K.REVEAL_ROWS} cards (up_to), nothing else stored")
            if op.opp_chooses and (op.up_to or op.reveal or not op.must_take or op.count == "x"
                                   or op.count > K.REVEAL_ROWS or op.who != "master"):
                self.fail(f"{q}.opp_chooses", f"the opponent chooses among N <= {K.REVEAL_ROWS} cards of the master's "
                          "deck, all revealed, as many as possible")
            to = {"hand": K.LOOK_TAKE_HAND, "waiting_room": K.LOOK_TAKE_WR, "deck_bottom": K.LOOK_TAKE_BOTTOM,
                  "deck_top": K.LOOK_TAKE_TOP}[op.to]
            if op.who == "opponent" and (op.to == "hand" and op.take > 0 or op.store_taken or op.count == "x"):
                self.fail(f"{q}.who", "the opponent's deck: its cards taken go to its top / bottom / waiting room")
            return x(op.count), ((K.LOOK_OPP_DECK << 15) if op.who == "opponent" else 0) | op.take | ((K.LOOK_REST_WR << 8) if op.rest == "waiting_room" else (K.LOOK_REST_STOCK << 8) if op.rest == "stock" else 0) | (to << 10) \
                | ((K.LOOK_STORE_TAKEN << 12) if op.store_taken else 0) | ((K.LOOK_UP_TO << 13) if op.up_to else 0) \
                | ((K.LOOK_MUST_TAKE << 14) if op.must_take else 0) | ((K.LOOK_REVEAL << 16) if op.reveal else 0) \
                | ((K.LOOK_OPP_CHOOSES << 17) if op.opp_chooses else 0), flt
        if name == "pay_stock":
            return op.count, int(op.in_full), 0
        if name == "brainstorm":
            return op.count, 0, 0
        if name == "shuffle_deck":
            return 0, who, 0
        if name == "encore_self":
            return int(op.triggering), 0, 0
        if name == "trigger_icon":
            return int(K.TriggerIcon[op.icon.upper()]), 0, 0
        if name in ("bond", "fusion", "sunder"):
            nid = self.interned(self.name_ids, op.name, f"{q}.name", "card name")
            if self.models[self.index_of_name(op.name)].type != "character":
                self.fail(f"{q}.name", f"{op.name!r} is not a character")
            return nid, 0, 0
        if name == "backup":
            return op.amount, 0, 0
        if name == "exchange":
            return op.other, int(op.stand), 0
        if name == "change":
            flt = self.compile_filter(op.filter, f"{q}.filter", zones=("hand", "waiting_room"))
            to = 0 if op.to == "waiting_room" else K.CHANGE_MARKER if op.to == "marker" else int(K.Zone[op.to.upper()])
            if op.to == "marker" and (op.by_cost or op.filter.zone != "waiting_room"):
                self.fail(f"{q}.to", "a change putting this card underneath as a marker chooses in the waiting room, "
                          "not by its cost")
            if op.by_cost:
                to |= K.CHANGE_BY_COST | (K.CHANGE_UP_TO if op.up_to else 0)
            elif op.up_to:
                self.fail(f"{q}.up_to", "up_to is a by_cost change's")
            if op.defender:
                if op.to == "marker":
                    self.fail(f"{q}.defender", "a change to a marker does not keep the battle")
                to |= K.CHANGE_DEFENDER
            if op.keep:
                if op.to == "marker":
                    self.fail(f"{q}.keep", "a change to a marker keeps no register")
                to |= K.CHANGE_KEEP
            return flt, K.Orientation[op.orientation.upper()], to
        if name == "count":
            # a1: the master's list zone counted (the filter's zone other than the stage), 0 both stages
            zone = op.filter.zone
            if zone is not None and zone not in ("stage", "waiting_room", "memory", "level", "clock", "hand", "stock"):
                self.fail(f"{q}.filter.zone", "count counts the stages or a list zone of the master's")
            if zone not in (None, "stage") and op.filter.side != "own":
                self.fail(f"{q}.filter.side", "a zone count is of the master's own cards")
            return (self.compile_filter(op.filter, f"{q}.filter", zones=tuple(z.lower() for z in K.FilterZone.__members__)),
                    0 if zone in (None, "stage") else int(K.Zone[zone.upper()]), 0)
        if name in ("aura_power", "aura_soul", "aura_level", "aura_power_level"):
            if op.amount == 0:
                self.fail(f"{q}.amount", "must not be 0")
            return op.amount, self.compile_filter(op.filter, f"{q}.filter", zones=("stage",)), 0
        if name == "aura_keyword":
            return bits(op.keywords, K.KEYWORD_BITS), self.compile_filter(op.filter, f"{q}.filter", zones=("stage",)), 0
        if name == "aura_restrict":
            flt = self.compile_filter(op.filter, f"{q}.filter", zones=("stage",))
            return bits(op.restrictions, _RESTRICT_BITS), flt, 0
        if name in ("aura_power_per", "aura_soul_per", "aura_level_per"):
            if op.amount == 0:
                self.fail(f"{q}.amount", "must not be 0")
            applies = self.compile_filter(op.filter, f"{q}.filter", zones=("stage",))
            if op.counted == "markers":  # "for each marker underneath this card"
                return op.amount, applies, -1
            if op.counted == "facing_level":  # "X is equal to N multiplied by the level of the character facing ..."
                if name != "aura_power_per" or op.filter.relation != "self":
                    self.fail(f"{q}.counted", "facing_level: this card's power only")
                return op.amount, applies, K.PER_FACING_LEVEL
            if isinstance(op.counted, str) and op.counted in _PER_COUNTED:  # one number for every character it gives
                if name != "aura_power_per":
                    self.fail(f"{q}.counted", f"{op.counted}: power only")
                return op.amount, applies, _PER_COUNTED[op.counted]
            counted = self.compile_filter(
                op.counted, f"{q}.counted", zones=tuple(z.lower() for z in K.FilterZone.__members__)
            )
            if op.counted.zone in ("level", "memory"):
                # "for each card named "X" in your level / memory": the master's cards there (a2 below -1,
                # characteristics.apply_cont; the stage count's path is unchanged)
                if op.counted.side != "own":
                    self.fail(f"{q}.counted.side", "a count in the level / memory is of your own cards")
                return op.amount, applies, K.PER_ZONE_ROW0 - counted
            return op.amount, applies, counted
        return 0, 0, 0  # ops without arguments: target_*, stand, rest, ..., encore_self, shift

    def index_of_name(self, name: str) -> int:
        return next(i for i, c in enumerate(self.models) if c.name == name)

    def name_group(self, key: tuple[str, ...], p: str) -> int:
        """-(k + 1) for the name group ``key`` (name_group_key), k its bit (NAME_GROUP_BIT0 + k of C_TITLE)."""
        if key not in self.name_groups:
            if len(self.name_groups) >= K.MAX_NAME_GROUPS:
                self.fail(p, f"at most {K.MAX_NAME_GROUPS} distinct name groups per pool")
            self.name_groups[key] = len(self.name_groups)
        return -(self.name_groups[key] + 1)

    def trait_group(self, traits: tuple[str, ...], p: str) -> int:
        """-(k + 1) for the trait group of ``traits`` (any of them), k its bit of C_TRAIT_GROUPS."""
        key = tuple(sorted(set(traits)))
        if key not in self.trait_groups:
            if len(self.trait_groups) >= K.MAX_TRAIT_GROUPS:
                self.fail(p, f"at most {K.MAX_TRAIT_GROUPS} distinct sets of 3 or more traits per pool")
            self.trait_groups[key] = len(self.trait_groups)
        return -(self.trait_groups[key] + 1)

    def compile_filter(self, f: WSFilter, p: str, zones: tuple[str, ...]) -> int:
        # with level_max_rel, level_max is an offset to the master's level: no bound to compare
        self.check_filter(f, p, zones, ranges=("power",) if f.level_max_rel else ("level", "power"))
        if f.level_max_rel and f.level_max is None:
            self.fail(f"{p}.level_max_rel", "needs level_max (the offset added to the master's level)")
        on_stage = f.zone == "stage"
        if f.orientation is not None and not on_stage:
            self.fail(f"{p}.orientation", "orientation only applies to characters on the stage (CR 4.6.1)")
        if f.positions is not None and f.zone not in ("stage", "markers"):
            self.fail(f"{p}.positions", "positions only apply to the stage")
        if f.relation != "any" and not on_stage:
            self.fail(f"{p}.relation", "relations to the source only apply to the stage (CR 3.6.4)")
        if f.relation in ("in_front", "behind", "self") and f.side == "opponent":
            self.fail(f"{p}.side", f"relation {f.relation!r} is about your own characters")
        if f.relation == "facing" and f.side == "own":
            self.fail(f"{p}.side", "the facing character is the opponent's (CR 3.6.5)")
        row = self.new_row(K.FILTER_TABLE, f, p)
        if f.name_contains is not None or f.name_any is not None:
            if f.name is not None or (f.name_contains is not None and f.name_any is not None):
                self.fail(f"{p}.name_contains", "a filter has a whole card name, whole names or parts of one, "
                          "only one of them")
            row[K.F_NAME] = self.name_group(name_group_key(f), f"{p}.name_contains")
        if f.level_above_opp:  # a bit of the level_max_rel column (no column of its own: constants)
            row[K.F_LEVEL_MAX_REL] |= K.LEVEL_ABOVE_OPP
        if f.with_markers:
            if not on_stage:
                self.fail(f"{p}.with_markers", "markers are underneath characters on the stage (CR 3.5.3)")
            row[K.F_LEVEL_MAX_REL] |= K.WITH_MARKERS
        if f.with_trigger_icon:
            if f.trigger_icon is not None:
                self.fail(f"{p}.with_trigger_icon", "a named trigger icon or any icon, not both")
            row[K.F_LEVEL_MAX_REL] |= K.WITH_ICON
        if f.level_max_x:
            if f.level_max is None or f.level_max_rel:
                self.fail(f"{p}.level_max_x", "needs level_max (the offset added to X), not with level_max_rel")
            row[K.F_LEVEL_MAX_REL] |= K.LEVEL_MAX_X
        if f.name_or_trait:
            # a type other than characters: the trait alternative (of characters only) would match nothing (CR 2.5.1);
            # characters: the card named or with the name part is a character too (filters.filter_match tests the
            # type first)
            if (f.name is None and f.name_contains is None and f.name_any is None) or f.trait is None \
                    or f.type not in (None, ["character"]) or f.color_or_trait:
                self.fail(f"{p}.name_or_trait", "needs a name and a trait (the alternatives), no type but characters")
            row[K.F_LEVEL_MAX_REL] |= K.NAME_OR_TRAIT
        if f.quals_characters:
            if f.type is None or "character" not in f.type or len(f.type) < 2 or f.name_or_trait:
                self.fail(f"{p}.quals_characters", "needs the character type and another one (the alternatives)")
            row[K.F_LEVEL_MAX_REL] |= K.QUALS_CHARACTERS
        if f.color_or_trait:
            if f.color is None or f.trait is None:
                self.fail(f"{p}.color_or_trait", "needs a color and a trait (the alternatives)")
            row[K.F_LEVEL_MAX_REL] |= K.COLOR_OR_TRAIT
        if f.trait_or is not None:
            if f.trait is None:
                self.fail(f"{p}.trait_or", "needs trait (the first of the two)")
            row[K.F_TRAIT] |= self.interned(self.trait_ids, f.trait_or, f"{p}.trait_or", "trait") << 16
        if f.trait_more is not None:
            # "<<A>> or <<B>> or <<C>>": F_TRAIT holds two trait ids; three or more are a trait group (a bit of
            # C_TRAIT_GROUPS, constants), F_TRAIT = -(k + 1)
            if f.trait_or is None:
                self.fail(f"{p}.trait_more", "needs trait and trait_or (the first two)")
            for i, t in enumerate(f.trait_more):
                self.interned(self.trait_ids, t, f"{p}.trait_more.{i}", "trait")  # a trait of the pool
            row[K.F_TRAIT] = self.trait_group((f.trait, f.trait_or, *f.trait_more), f"{p}.trait_more")
        return self.add_filter(row)


def _walk(ops: list[Any]):
    """Every op of a program, those inside "if" / "may" / "if_stored" and the options of "choose_one" too."""
    for op in ops:
        yield op
        if op.op in ("if", "may", "if_stored"):
            yield from _walk(op.then)
        if op.op == "choose_one":
            for o in op.options:
                yield from _walk(o)


def _encore_triggering(ops: list[Any]) -> set[bool]:
    """The `triggering` values of the encore_self ops of a program."""
    return {op.triggering for op in _walk(ops) if op.op == "encore_self"}


def _all_tags(ops: list[Any]) -> set[str]:
    return {op.op for op in _walk(ops)}


def _mentions(cond: WSCondition | None, ops: list[Any], kind: str) -> bool:
    def has(c: WSCondition | None) -> bool:  # a condition, or one of all_of's / any_of's parts
        return c is not None and (c.kind == kind or any(has(x) for x in c.parts or ()))
    return has(cond) or any(op.op == "if" and has(op.condition) for op in _walk(ops))


def _cost_nonempty(c: WSCost) -> bool:
    return bool(
        c.stock or c.rest_self or c.discard or c.clock_top or c.reveal is not None or c.self_to_wr
        or c.self_to_memory or c.self_to or c.marker is not None or c.hand_to_clock or c.rest_other
        or c.markers_to_wr
    )  # fmt: skip


def compile_ws_pool(cards: list[WSCard]) -> WSCardTable:
    """Check pool-level rules and compile card models into the kernels' int32 tables."""
    return _Compiler(list(cards)).run()
