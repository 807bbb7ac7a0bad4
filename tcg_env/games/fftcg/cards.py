"""FF-TCG card schema (pydantic) and the compiler from card models to the kernels' int32 tables.

A card file is validated in two passes:

1. ``load_fftcg_cards`` checks each record against the schema (types, ranges, unknown keys) and
   reports the first problem as a :class:`CardDataError` naming the file, card and field path.
2. ``compile_fftcg_pool`` checks the rules that need the whole card or the whole pool (a Summon has
   exactly one summon ability, targets are chosen before effects run, jobs named in filters exist,
   ...) and writes the four tables whose column layouts live in
   ``tcg_env.games.fftcg.constants`` (the contract with the kernels).

The format is documented in ``docs/fftcg/card-format.md``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, Union

import numpy as np
from pydantic import BeforeValidator, Field

from tcg_env.engine.tables import pack_tables
from tcg_env.cards.base import CardBase, FilterBase, StrictModel
from tcg_env.cards.ops import if_done_op, if_done_problem, op_codes, op_model, reg_ops, targeting_ops
from tcg_env.cards.pool import CardFeatures, CardTable, PoolCompiler, bits, card_file_functions, inverse_ids
from tcg_env.games.fftcg import constants as K

__all__ = [
    "FFFilter",
    "FFCost",
    "FFCondition",
    "FFAbility",
    "FFCard",
    "FFCardTable",
    "EFFECT_OPS",
    "parse_fftcg_cards",
    "load_fftcg_cards",
    "compile_fftcg_pool",
    "load_fftcg_pool",
    "default_pool_path",
]

# --------------------------------------------------------------------------------------------
# Names used in card files
# --------------------------------------------------------------------------------------------
ElementName = Literal["fire", "ice", "wind", "lightning", "water", "earth", "light", "dark"]
TypeName = Literal["forward", "backup", "summon"]
FilterTypeName = Literal["forward", "backup", "character", "summon", "any"]
KeywordName = Literal["haste", "brave", "first_strike", "back_attack"]
RestrictionName = Literal["cant_attack", "cant_block", "unblockable", "unbreakable", "unbreakable_by_opp_effects",
                          "unreturnable_by_opp_effects",
                          "removed_instead_of_break_zone", "unchoosable_by_opp_summons",
                          "unchoosable_by_opp_abilities", "lose_haste", "lose_brave", "lose_first_strike", "attack_once_more"]
# "end_of_opp_turn" (session 23): "until the end of your opponent's turn", restrictions only (K.OPP_TURN_DURATION)
DurationName = Literal["end_of_turn", "permanent", "end_of_opp_turn"]
WhoName = Literal["controller", "opponent"]
KindName = Literal["field", "auto", "action", "special", "summon", "ex_burst"]
TriggerName = Literal[
    "enters_self",
    "enters_other",
    "attacks_self",
    "blocks_self",
    "broken_self",
    "deals_damage_to_player_self",
    "begin_main1",
    "begin_attack_phase",
    "begin_end_phase",
    "opp_forward_broken",
    "leaves_field_self",
    "put_into_break_self",
    "cast_summon",
    "is_blocked_self",
    "put_into_break_other",
    "attacks_other",
    "party_attacks_self",
    "opp_cast_summon",
    "opp_ex_burst",  # "When your opponent uses an EX Burst"
    "reflexive",  # "When you do so, ...": queued by the "reflex" op of the ability before it
    "chosen_self",  # "When <this> is chosen by a Summon or an ability"
    "chosen_by_opp_self",  # "When <this> is chosen by your opponent's Summons or abilities"
    "dealt_damage_self",  # "When <this> is dealt damage"
    "dealt_damage_by_opp_effects_self",  # "When <this> is dealt damage by your opponent's Summons or abilities"
    "party_attacks",  # "When a party you control attacks" / "When N or more <filter> you control form a party and attack"
    "party_deals_damage_to_player",  # "When a party you control deals damage to your opponent"
    "enters_self_cast",  # "When <this> enters the field due to your cast"
    "enters_self_by_effect",  # "When <this> enters the field due to your Summons or abilities"
    "cast_second",  # "During each turn, when you cast the second Summon you've cast"
    "damaged_by_put_break",  # "When a <filter> damaged by <this> is put from the field into the Break Zone on the same turn"
    "delayed_put_break",  # "When it is put from the field into the Break Zone this turn" (queued by a mark_delayed op)
    "receives_damage",  # "When you receive damage"
    "opp_receives_damage",  # "When your opponent is dealt damage"
    "opp_begin_end_phase",  # "At the end of each of your opponent's turns"
    # "During each turn, when you cast the N-th card you've cast" (session 22: Trigger.CAST_CARD_2..7)
    "cast_card_2", "cast_card_3", "cast_card_4", "cast_card_5", "cast_card_6", "cast_card_7",
    # "When your opponent discards 1 or more cards [from their hand] due to your Summons or abilities" (session 23)
    "opp_discards",
    # "When you draw a card" / "When your opponent draws a card outside of his/her Draw Phase" (session 24)
    "draw", "opp_draws_outside_draw_phase",
    # "When <this> is dealt damage by a Forward / a Character opponent controls" (session 24)
    "dealt_damage_by_opp_forward_self", "dealt_damage_by_opp_character_self",
]
ConditionName = Literal[
    "damage_at_least",
    "backups_at_least",
    "forwards_at_least",
    "opp_forwards_at_least",
    "hand_at_most",
    "opp_damage_at_least",
    "job_on_field",
    "controls_at_least",
    "your_turn",
    "controls_at_most",
    "opp_hand_at_most",
    "hand_at_least",
    "self_in_party",
    "your_main_phase",
    "opp_turn",
    "elements_at_least",
    "elements_exactly",
    "all_different_elements_at_least",
    "cast_at_least",
    "opp_hand_at_least",
    "self_damage_at_least",
    "opp_discarded",
    "self_power_at_least",
    # session 22: "if you have cast N or more cards this turn" (Condition.CAST_AT_LEAST + CAST_ARG_CARDS), "If your
    # opponent controls N or more Forwards more than you" (OPP_FORWARDS_MORE), "if a Forward you controlled has been
    # put from the field into the Break Zone this turn" / "If a Forward you controlled formed a party this turn"
    # (TURN_BIT with FORWARD_PUT_BREAK_BIT / PARTY_FORMED_BIT)
    "cast_cards_at_least",
    "opp_forwards_more",
    "forward_put_break_this_turn",
    "party_formed_this_turn",
    # "If a Forward you controlled attacked this turn", "If a Fire Forward / a Forward has entered your field this turn"
    # (TURN_BIT with FORWARD_ATTACKED_BIT / ENTERED_ELEMENT_BIT << the Element, or ENTERED_ANY_BITS)
    "forward_attacked_this_turn",
    "forward_entered_this_turn",
    "received_damage_this_turn",  # "If you have received a point of damage this turn" (RECEIVED_DAMAGE_BIT)
    # session 23: "If the cost to cast ~ was paid with CP of N or more / N or less / exactly N different Elements"
    # (Condition.PAID_ELEMENTS)
    "paid_elements_at_least",
    "paid_elements_at_most",
    "paid_elements_exactly",
    # "If the cost paid to play ~ included Fire CP" / "If the cost to play ~ was only paid with Earth CP" (element)
    "paid_element_included",
    "paid_only_element",
]

_RESTRICT_BITS = {"cant_attack": K.RESTRICT_CANT_ATTACK, "cant_block": K.RESTRICT_CANT_BLOCK,
                  "unblockable": K.RESTRICT_UNBLOCKABLE, "unbreakable": K.RESTRICT_UNBREAKABLE,
                  "unbreakable_by_opp_effects": K.RESTRICT_UNBREAKABLE_BY_OPP_EFFECTS,
                  "removed_instead_of_break_zone": K.RESTRICT_REMOVE_INSTEAD_OF_BREAK_ZONE,
                  "unreturnable_by_opp_effects": K.RESTRICT_UNRETURNABLE_BY_OPP_EFFECTS,
                  "unchoosable_by_opp_summons": K.RESTRICT_UNCHOOSABLE_BY_OPP_SUMMONS,
                  "unchoosable_by_opp_abilities": K.RESTRICT_UNCHOOSABLE_BY_OPP_ABILITIES,
                  "lose_haste": K.RESTRICT_LOST_HASTE, "lose_brave": K.RESTRICT_LOST_BRAVE,
                  "lose_first_strike": K.RESTRICT_LOST_FIRST_STRIKE,
                  "attack_once_more": K.RESTRICT_ATTACK_ONCE_MORE}


def _as_list(v: Any) -> Any:
    return [v] if isinstance(v, str) else v


Reg = Annotated[int, Field(ge=0, le=K.N_REGS - 1)]
Count = Annotated[int, Field(ge=1, le=K.TARGET_MAX)]
KeywordList = Annotated[list[KeywordName], BeforeValidator(_as_list), Field(min_length=1)]
RestrictionList = Annotated[list[RestrictionName], BeforeValidator(_as_list), Field(min_length=1)]
NonNeg = Annotated[int, Field(ge=0)]


# --------------------------------------------------------------------------------------------
# Schema
# --------------------------------------------------------------------------------------------
class FFFilter(FilterBase):
    """A set of cards relative to the ability's controller (``side``, ``name``: the shared keys).
    Every key is optional."""

    type: Annotated[list[FilterTypeName], BeforeValidator(_as_list), Field(min_length=1)] | None = None
    element: Annotated[list[ElementName], BeforeValidator(_as_list), Field(min_length=1)] | None = None
    cost_min: NonNeg | None = None
    cost_max: NonNeg | None = None
    power_min: NonNeg | None = None
    power_max: NonNeg | None = None
    job: str | None = Field(default=None, min_length=1)
    category: str | None = Field(default=None, min_length=1)
    state: Literal["any", "active", "dull", "damaged", "attacking", "blocking", "in_party"] = "any"
    exclude_self: bool = False
    zone: Literal["field", "deck", "break", "hand", "stack"] = "field"  # stack: a Summon on the stack (choose only)
    alt: "FFFilter | None" = None  # an alternative: a card matching it matches too ("[Job X] or [Card Name Y]")
    # "other than [Card Name X]": not a card of that name (F_NAME = -its id; with ``name``: not compiled); a name no card
    # of the pool has excludes nothing
    exclude_name: str | None = Field(default=None, min_length=1)


class FFCost(StrictModel):
    """Cost of an action or special ability (CR 11.6.2, 11.7.2)."""

    cp: int = Field(default=0, ge=0, le=10)
    element: ElementName | None = None
    # two or more element CP symbols ("{Fire}{Ice}{1}", "{Fire}{Fire}"): one CP of each symbol's element (element is
    # then unset); A_COST_ELEMENT = ELEM_MULTI + the counts (elements_code)
    elements: list[ElementName] = Field(default_factory=list)
    dull: bool = False
    discard: int = Field(default=0, ge=0, le=5)
    break_self: bool = False
    # "Dull N active DESC": N active Characters the player controls that match dull_filter (CR 11.6.2.4), chosen one
    # at a time in the PAY_DISCARD decision (never combined with another cost: a simplification of CR 11.6.10)
    dull_characters: int = Field(default=0, ge=0, le=5)
    dull_filter: FFFilter | None = None
    # "Put N DESC into the Break Zone": N Characters the player controls that match break_filter, chosen one at a time in
    # the PAY_DISCARD decision and put into the Break Zone (not broken, CR 15.1.1.3.2); with the dull icon only
    break_characters: int = Field(default=0, ge=0, le=5)
    break_filter: FFFilter | None = None


class FFCondition(StrictModel):
    kind: ConditionName
    value: int | str  # a job name for job_on_field, else a count
    filter: FFFilter | None = None  # controls_at_least: the cards counted (on both fields)
    element: ElementName | None = None  # forward_entered_this_turn: a Forward of this Element (None: any Forward)


# ---- effect ops (tagged by ``op``; the shared op model: tcg_env.cards.ops) ----------------------
_Dur = (DurationName, "end_of_turn")
_Amount = Annotated[int, Field(multiple_of=1000, ge=-50000, le=50000)]


# an amount's "for every N cards ..." (session 23): per "card" counted, then divided by N (rounded down; K.PER_EVERY_SPAN)
_Every = (int, Field(default=1, ge=1, le=30))


def effect_op_models(module: str, filter_model: type) -> tuple:
    """The op models of FF-TCG's card files, their filters ``filter_model`` (a rules variant's
    filter extends :class:`FFFilter`: fftcg_2014.cards), bound to their names in ``module`` (so
    that card models pickle)."""
    models = (
        *targeting_ops(module, filter_model, Reg, Count),
        # per "card" / "damage": "Deal it 1000 damage for each <filter> / point of damage you have received"
        # (the amount times the count on resolution)
        # base: "Deal it 4000 damage and 1000 more damage for each ...": base + amount x the count (one amount);
        # per "hand" / "opp_hand": each card in the controller's / the opponent's hand
        op_model("damage", module, amount=Annotated[int, Field(gt=0, multiple_of=1000)], reg=(Reg, 0),
                 # (session 23: per "paid_elements", each different Element of the CP paid to cast the source; per
                 # "elements" with a filter, each different Element among the cards it matches)
                 per=(Literal["card", "damage", "hand", "opp_hand", "source_power", "other_reg_power", "max_cost",
                              "paid_elements", "elements"] | None, None),
                 filter=(filter_model | None, None), every=_Every, base=(Annotated[int, Field(ge=0, multiple_of=1000)], 0),
                 # "Deal it X damage. If C, deal it Y damage instead.": the Y - X dealt after X (instead_of = X): one
                 # amount Y for the damaged card's replacements (Op.DAMAGE_MOD; effects.each_target)
                 instead_of=(Annotated[int, Field(ge=0, multiple_of=1000)], 0)),
        *reg_ops(module, Reg, "break", "dull", "activate", "freeze"),
        # "Your opponent selects 1 Forward they control." (on resolution, their choice; then "put it into the Break
        # Zone": put_into_break_zone, not a break)
        op_model("opp_select", module, filter=filter_model, count=(int, Field(default=1, ge=1, le=5)), reg=(Reg, 0),
                 by=(WhoName, "opponent")),  # by "controller": "Select 1 Character you control." (SELECT_BY_CONTROLLER)
        *reg_ops(module, Reg, "put_into_break_zone"),
        # "Choose 1 Summon. Cancel its effect.": the Summons chosen into register reg on the stack (a choose op with a
        # stack filter) are taken off it and put into the Break Zone without their effect (Op.CANCEL)
        *reg_ops(module, Reg, "cancel"),
        # "During this turn, the next damage dealt to it is reduced by N / becomes 0 instead." (a replacement effect the
        # next damage dealt to the card uses up, CR 11.12.5; Op.DAMAGE_SHIELD)
        # "you may dull 3 active [Category IV] Characters you control. When you do so, ...": all of them or none (reports
        # whether they were dulled; Op.DULL_ACTIVE)
        # "you may discard 1 Summon / 1 [Job Chaos]. When you do so, ...": all of them or none (Op.DISCARD_MATCHING)
        op_model("discard_matching", module, filter=filter_model, count=(int, Field(default=1, ge=1, le=5))),
        op_model("dull_active", module, filter=filter_model, count=(int, Field(default=1, ge=1, le=5))),
        op_model("damage_shield", module, amount=(Annotated[int, Field(ge=0, multiple_of=1000)], 0),
                 becomes_zero=(bool, False), reg=(Reg, 0)),
        # "If it deals damage to a Forward this turn, the damage increases by N / double the damage instead.", "During
        # this turn, if it is dealt damage, double the damage instead." (replacement effects until the end of the turn,
        # CR 11.12.5.2; Op.DAMAGE_BOOST): of "dealt" (the damage it deals to Forwards) or "received"; amount N, or double
        op_model("damage_boost", module, of=Literal["dealt", "received"],
                 amount=(Annotated[int, Field(ge=0, le=100000, multiple_of=1000)], 0), double=(bool, False),
                 reg=(Reg, 0)),
        # "Your opponent reveals their hand. Select 1 <filter> from their hand. Your opponent discards this card / removes
        # it from the game."
        # "When a Forward you control attacks, it gains ...": the card the trigger was about (attacks_other, enters_other)
        op_model("target_trigger", module, reg=(Reg, 0)),
        # "the first ..." / "the other" of one choice of two cards: the second card chosen into register reg (the
        # effect's second op, right after its one choose, of 2 cards into from_reg; effects.split_targets)
        op_model("split_reg", module, reg=(Reg, 1), from_reg=(Reg, 0)),
        # "When it is put from the field into the Break Zone this turn, ...": the cards of reg marked for the card's
        # delayed_put_break ability (state.HIT_BY)
        op_model("mark_delayed", module, reg=(Reg, 0)),
        # up_to: "You may select N ... If you do so, ...": none may be selected (reports whether one was)
        op_model("hand_select", module, filter=filter_model, count=(int, Field(default=1, ge=0, le=5)),
                 then=(Literal["discard", "remove"], "discard"), up_to=(bool, False)),
        op_model("power", module, amount=_Amount, duration=_Dur, reg=(Reg, 0)),
        op_model("power_per", module, amount=_Amount, duration=_Dur, reg=(Reg, 0),
                 per=(Literal["card", "damage", "hand", "opp_hand", "max_cost", "paid_elements", "elements"], "card"),
                 filter=(filter_model | None, None), every=_Every),
        op_model("grant_keyword", module, keywords=KeywordList, duration=_Dur, reg=(Reg, 0)),
        op_model("restrict", module, restrictions=RestrictionList, duration=_Dur, reg=(Reg, 0)),
        *reg_ops(module, Reg, "return_to_hand", "remove_from_game", "put_on_deck_top", "put_on_deck_bottom"),
        # the cards of your Break Zone the player selects on resolution (filter, count), or the cards chosen into
        # register reg by a choose op with a Break Zone filter (chosen when the Summon is cast or the ability put on
        # the stack, CR 11.3.3 / 11.8.9); up_to: the player may take fewer (none) than there are (the starter pool's
        # cards; "Add 1 ... to your hand" without "up to" takes one when one matches)
        op_model("add_to_hand", module, filter=(filter_model | None, None), count=(int, Field(default=1, ge=1, le=5)),
                 reg=(Reg | None, None), up_to=(bool, True)),
        op_model("draw", module, count=(int, Field(default=1, ge=1, le=10)), who=(WhoName, "controller")),
        # "Remove all the cards in your opponent's Break Zone from the game.": every card of the Break Zones the filter
        # (zone break) matches on resolution
        op_model("remove_break_zone", module, filter=filter_model),
        # "If <condition>, <effect>." inside an effect: the next ``then`` ops run only when it holds on resolution
        op_model("if", module, condition=FFCondition, then=(int, Field(ge=1, le=20))),
        # "If you do so, <effect>." right after an op of _REPORTS_DONE (the core's IF_DONE)
        if_done_op(module),
        # "When you do so, <effect>.": queue the next ability (trigger "reflexive") on the controller's pending list
        # (ability: the ability that many rows after this one, the same card's: a modal ability's actions each queue
        # their own, in the order of their actions)
        op_model("reflex", module, ability=(int, Field(default=1, ge=1, le=8))),
        # "you may pay {Fire}{1}.": cp CP, one of them of element (none: any). may: asked first on resolution (a modal
        # ability's action "You may pay ... When you do so, ...": the action is selected, then paying is optional,
        # CR 11.8.14); otherwise the ability's "optional" asks
        op_model("pay", module, cp=(int, Field(ge=1, le=10)), element=(ElementName | None, None),
                 elements=(list[ElementName], Field(default_factory=list)),  # several symbols: as FFCost's
                 may=(bool, False)),
        # "you may put <this> into the Break Zone / remove <this> from the game": from the field or the Break Zone
        op_model("source_leaves", module, to=Literal["break_zone", "removed"], source_in=Literal["field", "break_zone"]),
        op_model("mill", module, count=(int, Field(default=1, ge=1, le=20)), who=(WhoName, "controller")),
        op_model("discard", module, count=(int, Field(default=1, ge=1, le=10)), who=WhoName, random=(bool, False)),
        op_model("damage_player", module, amount=(int, Field(default=1, ge=1, le=7)), who=(WhoName, "opponent")),
        # "During this turn, the next damage dealt to you becomes 0 instead." (Op.PLAYER_DAMAGE_SHIELD)
        op_model("player_damage_shield", module, who=(WhoName, "controller")),
        # "If <this> deals damage to your opponent, double the damage instead." (Op.PLAYER_DAMAGE_DOUBLE, CR 11.12.5.2)
        op_model("player_damage_double", module),
        # count > 1: "search for up to N ... and add them to your hand" (the player stops at any count); up_to false:
        # a mandatory "search for 1 ..." takes a card when one matches (CR 15.1.1.8.1); up_to: the player may find none
        op_model("search", module, filter=filter_model,
                 destination=(Literal["hand", "field", "field_dull", "break_zone"], "hand"),
                 count=(int, Field(default=1, ge=1, le=5)), up_to=(bool, True)),
        # filter / reg / up_to as add_to_hand's ("Play 1 ... from your hand onto the field": up_to false); dull:
        # "... onto the field dull"
        op_model("put_onto_field", module, filter=(filter_model | None, None), count=(int, Field(default=1, ge=1, le=5)),
                 reg=(Reg | None, None), up_to=(bool, True), dull=(bool, False),
                 # removed: "Remove it from the game. Then, play the removed Forward onto the field [dull].": the cards
                 # of register reg (chosen on the field) that the remove_from_game right before it removed
                 removed=(bool, False)),
        # "[you may] cast 1 Summon [of cost N or less] from your hand without paying the cost" (session 23,
        # Op.CAST_FREE): the filter's Summons of the hand; up_to false: one must be cast when one can be (the last op
        # of an auto, action, special or Summon ability)
        op_model("cast_free", module, filter=filter_model, up_to=(bool, True)),
        # "Reveal the top card of your deck. If it is a <filter>, add it to your hand / play it onto the field
        # [dull]. [If it is not ..., put it into the Break Zone.]"
        op_model("reveal_top", module, filter=filter_model,
                 destination=(Literal["hand", "field", "field_dull"], "hand"), else_break=(bool, False)),
        # "Turn over one card at a time from the top of your deck until a <filter> is revealed. Add it to your
        # hand. Then, shuffle the other cards revealed and return them to the bottom of your deck."
        op_model("reveal_until", module, filter=filter_model),
        # "Look at / Reveal the top <count> cards of your deck. Add / Play [up to] <take> <filter> among them to your
        # hand / onto the field and return the other cards to the bottom of your deck in any order / put the rest
        # into the Break Zone."
        op_model("look_top", module, filter=filter_model, count=(int, Field(ge=1, le=K.OPTION_SLOTS)),
                 take=(int, Field(default=1, ge=1, le=K.OPTION_SLOTS)), up_to=(bool, False),
                 destination=(Literal["hand", "field", "field_dull", "bottom"], "hand"),
                 rest=(Literal["bottom", "break", "top"], "bottom"),
                 revealed=(bool, False)),  # "Reveal the top N": the cards are shown to both players
        # self_only: "~ gains ..." (the card itself, not its same-name copies: a card with the generic icon, CR 12.4.6),
        # the filter's matches that are the ability's own card (a2 = K.AURA_SELF_ONLY)
        op_model("aura_power", module, amount=_Amount, filter=filter_model, self_only=(bool, False)),
        op_model("aura_keyword", module, keywords=KeywordList, filter=filter_model, self_only=(bool, False)),
        # any_element: "The cost required to cast your Summons [is reduced by N and] can be paid with CP of any Element."
        # (no CP of the card's own Element is asked, CR 11.2.1.1; costs.pay_element); amount 0: only that
        op_model("cost_reduction", module, amount=Annotated[int, Field(ge=0, le=10)], filter=filter_model,
                 any_element=(bool, False)),
        op_model("aura_restrict", module, restrictions=RestrictionList, filter=filter_model, self_only=(bool, False)),
        # per "cast_cards": "for each card you have cast this turn" (K.PER_CAST_CARDS); floor: "(it cannot become 1 or
        # less)", the least cost it leaves (a2 // 2; 0: the rule's 1)
        op_model("self_cost_reduction", module, amount=Annotated[int, Field(ge=0, le=10)],
                 per=(Literal["card", "damage", "cast_cards", "max_cost"] | None, None), filter=(filter_model | None, None),
                 every=_Every, any_element=(bool, False), floor=(int, Field(default=0, ge=0, le=10))),
        op_model("unblockable_by", module, filter=filter_model),
        op_model("undullable", module),
        op_model("no_activate", module),  # "<this> does not activate during your Active Phase"
        op_model("must_attack", module),  # "<this> must attack once per turn if possible"
        # "If <this> is dealt damage [by ...], reduce the damage by N / the damage becomes N instead." (CR 11.12.5.2)
        op_model("damage_mod", module, mode=Literal["reduce", "becomes", "zero_if_less_than_power", "increase", "double"],
                 amount=(Annotated[int, Field(ge=0, multiple_of=1000)], 0),
                 by=(Literal["any", "effects", "opp_effects", "forward", "character", "summon", "abilities",
                             "opp_abilities", "backup"], "any")),
        # "If a DESC you control is dealt damage [by ...], reduce the damage by N / ... instead." (Op.DAMAGE_MOD_AURA)
        op_model("damage_mod_aura", module, mode=Literal["reduce", "becomes", "zero_if_less_than_power"],
                 amount=(Annotated[int, Field(ge=0, multiple_of=1000)], 0),
                 by=(Literal["any", "effects", "opp_effects", "forward", "character", "summon", "abilities",
                             "opp_abilities", "backup"], "any"), filter=filter_model),
        # "If a DESC you control / <this> deals [battle] damage to a Forward, the damage increases by N instead.", "If a
        # Forward is dealt damage [by your [Element] Summon], ..." (Op.DAMAGE_INCREASE, CR 11.12.5.2)
        # double: "double the damage instead" (no amount)
        op_model("damage_increase", module, amount=(Annotated[int, Field(ge=0, multiple_of=1000)], 0), double=(bool, False),
                 dealer=(Literal["self", "any", "filter"], "self"), filter=(filter_model | None, None),
                 by=(Literal["any", "battle", "your_summon", "summon_or_dealer", "summon_or_ability"], "any"),
                 element=(ElementName | None, None)),
        # "can produce CP of any Element" (no elements) / "can produce Wind CP" (the elements besides its own)
        op_model("any_element_cp", module, elements=(list[ElementName], [])),
        op_model("unchoosable", module, by=Annotated[list[Literal["summons", "abilities"]], Field(min_length=1)]),
        # effects: "You cannot play <this> from your hand due to Summons or abilities." (a restriction read from the hand)
        op_model("pay_only", module, element=(bool, False), backups=(bool, False), effects=(bool, False)),
        op_model("enters_dull", module),  # "<this> enters the field dull."
        op_model("must_be_chosen", module),  # "Summons and abilities of your opponent must choose <this> if possible."
        op_model("attack_twice", module),  # "<this> can attack twice in the same turn."
        # "<this> / The DESC you control (filter) can form a party with Forwards / [DESC] Forwards (partner) of any
        # Element." (exceptions to CR 15.1.1.9.2)
        op_model("party_any_element", module, filter=(filter_model | None, None), partner=(filter_model | None, None)),
        # "You can play 2 or more Dark Characters onto the field." (many), "<this> can be played onto the field even if
        # you control other Dark Characters." (self): exceptions to the Light / Dark rule (CR 7.7.3, 12.4.7)
        op_model("light_dark", module, element=Literal["light", "dark"], many=(bool, False), self_despite=(bool, False)),
        op_model("aura_unchoosable", module, by=Annotated[list[Literal["summons", "abilities"]], Field(min_length=1)],
                 filter=filter_model),
        # "Select 1 of the M following actions.": select_mode first, then "mode" before each action's ops
        op_model("select_mode", module, modes=(int, Field(ge=2, le=5)), count=(int, Field(default=1, ge=1, le=5)),
                 up_to=(bool, False)),
        # offset: where several actions may be selected together, an action that fills registers is given once for each
        # register offset it may start at (its registers after those of the selected actions before it, which differ
        # with the selection): the copy's registers start at offset (effects.mode_row_sel); 0 starts the action
        op_model("mode", module, offset=(int, Field(default=0, ge=0, le=K.N_REGS - 1))),
        op_model("mode_if", module, condition=FFCondition, count=(int, Field(ge=1, le=5)), up_to=(bool, False)),
        op_model("aura_power_per", module, amount=_Amount, per=(Literal["card", "damage"], "card"),
                 filter=(filter_model | None, None)),
    )  # fmt: skip
    vars(importlib.import_module(module)).update({m.__name__: m for m in models})
    return models


_OP_MODELS = effect_op_models(__name__, FFFilter)
EffectOp = Annotated[Union[_OP_MODELS], Field(discriminator="op")]  # noqa: UP007
#: op name in card files -> constants.Op
EFFECT_OPS: dict[str, K.Op] = op_codes(_OP_MODELS, K.Op)
_TAGS = frozenset(EFFECT_OPS)

_TARGETING = {"choose", "select_all", "target_self", "opp_select", "target_trigger", "split_reg"}
_ON_REGISTER = {
    "damage", "break", "dull", "activate", "freeze", "power", "power_per", "grant_keyword", "restrict",
    "return_to_hand", "remove_from_game", "put_on_deck_top", "put_on_deck_bottom", "put_into_break_zone",
    "damage_shield", "damage_boost", "mark_delayed",
}  # fmt: skip
# the ops whose instruction reports whether it was done (engine.effects NOT_DONE): what an "if_done" may follow.
# DISCARD: every card discarded; DAMAGE_PLAYER: the damage is received (not when a PLAYER_DAMAGE_SHIELD replaced it by
# 0; a defeat ends the game, CR 3.1); PAY: the CP paid (not when it cannot be paid);
# SOURCE_LEAVES: the source moved (not when it was no longer where the ability expects it)
_REPORTS_DONE = frozenset({"discard", "damage_player", "pay", "source_leaves", "dull_active", "discard_matching",
                           "hand_select"})
_FIELD_ONLY = {"aura_power", "aura_keyword", "cost_reduction", "aura_restrict", "aura_power_per",
               "self_cost_reduction", "unblockable_by", "unchoosable", "undullable", "no_activate", "must_attack", "any_element_cp", "enters_dull", "light_dark", "must_be_chosen",
               "attack_twice", "party_any_element", "aura_unchoosable", "pay_only", "damage_mod", "damage_increase", "damage_mod_aura", "player_damage_double"}


class FFAbility(StrictModel):
    kind: KindName
    trigger: TriggerName | None = None
    trigger_filter: FFFilter | None = None
    # party_attacks: how many Forwards of the party must match trigger_filter (a party is two or more, CR 15.1.1.9)
    trigger_count: int = Field(default=1, ge=1, le=5)
    condition: FFCondition | None = None
    optional: bool = False
    # action / special: "You can only use this ability once per turn"; auto: "This effect will trigger only once per
    # turn." (A_ONCE, RESTRICT_TRIGGERED_ONCE)
    once_per_turn: bool = False
    cost: FFCost | None = None
    effect: list[EffectOp] = Field(min_length=1, max_length=24)


class FFCard(CardBase):
    element: ElementName
    type: TypeName
    cost: int = Field(ge=1, le=20)
    power: int = Field(default=0, ge=0, le=50000)
    job: str | None = Field(default=None, min_length=1)
    category: str | None = Field(default=None, min_length=1)
    generic: bool = False
    ex_burst: bool = False
    keywords: Annotated[list[KeywordName], BeforeValidator(_as_list)] = Field(default_factory=list)
    abilities: list[FFAbility] = Field(default_factory=list)


# --------------------------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------------------------
def default_pool_path() -> Path:
    """The packaged starter pool ``tcg_env/games/fftcg/data/cards.toml``."""
    return Path(__file__).resolve().parent / "data" / "cards.toml"


parse_fftcg_cards, load_fftcg_cards, load_fftcg_pool = card_file_functions(
    "FF-TCG", FFCard, default_pool_path, lambda cards: compile_fftcg_pool(cards), skip=_TAGS)


# --------------------------------------------------------------------------------------------
# Compiled tables
# --------------------------------------------------------------------------------------------
# what a condition of a field ability reads besides the cards on the fields (derived_deps)
_COND_DEPS = {
    K.Condition.NONE: 0,
    K.Condition.DAMAGE_AT_LEAST: K.DEP_DAMAGE,
    K.Condition.OPP_DAMAGE_AT_LEAST: K.DEP_DAMAGE,
    K.Condition.BACKUPS_AT_LEAST: 0,
    K.Condition.FORWARDS_AT_LEAST: 0,
    K.Condition.OPP_FORWARDS_AT_LEAST: 0,
    K.Condition.JOB_ON_FIELD: 0,
    K.Condition.HAND_AT_MOST: K.DEP_HAND,
    K.Condition.OPP_HAND_AT_MOST: K.DEP_HAND,
    K.Condition.HAND_AT_LEAST: K.DEP_HAND,  # (session 13: the controller's hand count, as HAND_AT_MOST)
    K.Condition.OPP_HAND_AT_LEAST: K.DEP_HAND,
    K.Condition.YOUR_TURN: K.DEP_TURN,
    K.Condition.OPP_TURN: K.DEP_TURN,
    K.Condition.YOUR_MAIN_PHASE: K.DEP_TURN,
    K.Condition.OPP_FORWARDS_MORE: 0,  # (session 22: the Forwards on the fields)
}
# the ops of field abilities characteristics.refresh_derived applies (the others are read where they matter)
_DERIVED_OPS = (K.Op.COST_REDUCTION, K.Op.AURA_POWER_PER, K.Op.AURA_POWER, K.Op.AURA_KEYWORD, K.Op.AURA_RESTRICT)


def _filter_deps(filters: np.ndarray, frow: int) -> int:
    """What ``filters.filter_row_match`` reads for filter ``frow`` (and its alternatives) beyond the cards on the
    fields by place and their printed values: 0 when nothing (a field's cards match or not by place alone);
    DEP_BREAK for a filter of the Break Zone's cards (their printed values: what a Break Zone holds is all it reads,
    state.BREAK_IN); DEP_UNCACHED when a field card's values now (a power bound, the power on the field with the
    field abilities' own changes, CR 11.12.4) or a card's state (dull, damaged, attacking, blocking)."""
    deps = 0
    while frow >= 0:
        f = filters[frow]
        if f[K.F_STATE] != K.CardState.ANY:
            return K.DEP_UNCACHED
        if f[K.F_ZONE] == K.FilterZone.BREAK:
            deps |= K.DEP_BREAK  # a power bound reads the printed power there (filter_row_match)
        elif f[K.F_POWER_MIN] >= 0 or f[K.F_POWER_MAX] >= 0:
            return K.DEP_UNCACHED
        frow = (int(f[K.F_EXCLUDE_SELF]) >> K.FILTER_ALT_SHIFT) - 1
    return deps


def derived_deps(cards: np.ndarray, abilities: np.ndarray, filters: np.ndarray, code: np.ndarray) -> np.ndarray:
    """Per card id, what the part of the derived values its field abilities give (``characteristics.
    refresh_derived``: AURA_*, COST_REDUCTION, with their conditions) reads besides the cards on the fields, as
    DEP_* bits: the damage counts, the hand counts, the turn player and phase, the Break Zones' cards (DEP_DAMAGE,
    DEP_HAND, DEP_TURN, DEP_BREAK); DEP_UNCACHED when it reads anything else (a card's power or state now, a
    condition not listed here). refresh_derived keeps that part in the row while the fields hold the same cards and those counts are
    the same, so a condition or filter column added here must be listed (else DEP_UNCACHED)."""
    out = np.zeros(cards.shape[0], np.int32)
    for cid in range(cards.shape[0]):
        a0 = int(cards[cid, K.C_ABIL_START])
        for a in range(a0, a0 + int(cards[cid, K.C_ABIL_COUNT])):
            if abilities[a, K.A_KIND] != K.AbilityKind.FIELD:
                continue
            c0 = int(abilities[a, K.A_CODE_START])
            rows = [r for r in range(c0, c0 + int(abilities[a, K.A_CODE_LEN])) if code[r, K.I_OP] in _DERIVED_OPS]
            if not rows:
                continue  # its condition does not matter to the derived values
            cond = int(abilities[a, K.A_COND])
            if cond in (K.Condition.CONTROLS_AT_LEAST, K.Condition.CONTROLS_AT_MOST, K.Condition.ELEMENTS_AT_LEAST,
                        K.Condition.ELEMENTS_EXACTLY, K.Condition.ALL_DIFFERENT_ELEMENTS_AT_LEAST):
                out[cid] |= _filter_deps(filters, int(abilities[a, K.A_COND_ARG]) // K.COND_COUNT_SPAN)
            else:
                out[cid] |= _COND_DEPS.get(cond, K.DEP_UNCACHED)
            for r in rows:
                op = code[r, K.I_OP]
                if op == K.Op.AURA_POWER_PER:
                    if code[r, K.I_A2] != 0:
                        out[cid] |= K.DEP_DAMAGE
                    elif code[r, K.I_A1] < 0:  # not a filter's count (filters.per_count's other specs): not listed
                        out[cid] |= K.DEP_UNCACHED
                    else:
                        out[cid] |= _filter_deps(filters, int(code[r, K.I_A1]))
                elif op != K.Op.COST_REDUCTION:
                    out[cid] |= _filter_deps(filters, int(code[r, K.I_A1]))
    return out


def _light_dark_bits(op) -> int:
    """C_HAS_FIELD's bits of a ``light_dark`` op (Op.LIGHT_DARK's a0)."""
    dark = op.element == "dark"
    return ((K.MANY_DARK if dark else K.MANY_LIGHT) * op.many
            | (K.SELF_DESPITE_DARK if dark else K.SELF_DESPITE_LIGHT) * op.self_despite)


def ff_kernel_flags(cards: np.ndarray, code: np.ndarray, abilities: np.ndarray | None = None,
                    filters: np.ndarray | None = None) -> np.ndarray:
    """The ``flags`` table of a pool's ``T`` (tcg_env.engine.tables): a card's row word FL_DERIVED_DEPS, what its
    field abilities' part of the derived values reads (:func:`derived_deps`; without ``abilities`` and ``filters``:
    -1, never kept), its other words every bit set (the kernels skip nothing for a card); the pool's row (the last) word FL_MISC: FLAG_AURA_UNCHOOSABLE when some instruction
    is Op.AURA_UNCHOOSABLE (else effects.can_be_chosen skips its scan of the field); FLAG_CHOOSE_BREAK when some
    CHOOSE row's filter (of ``filters``) is of the Break Zone (else effects.any_choosable reads no filter zone)."""
    from tcg_env.engine.tables import FLAG_WORDS

    flags = np.full((cards.shape[0] + 1, FLAG_WORDS), -1, np.int32)
    flags[-1, K.FL_MISC] = ff_pool_flags(code, abilities, filters)
    if abilities is not None and filters is not None:
        flags[:-1, K.FL_DERIVED_DEPS] = derived_deps(cards, abilities, filters, code)
    return flags


def ff_pool_flags(code: np.ndarray, abilities: np.ndarray | None, filters: np.ndarray | None) -> int:
    """The pool's FL_MISC word of :func:`ff_kernel_flags`: the FLAG_* bits the rows ``code`` and ``abilities`` need."""
    misc = K.FLAG_AURA_UNCHOOSABLE * int(bool((code[:, K.I_OP] == K.Op.AURA_UNCHOOSABLE).any()))
    if (code[:, K.I_OP] == K.Op.DAMAGE_MOD).any():
        misc |= K.FLAG_DAMAGE_MOD  # effects.damage_dealt where damage is dealt
    if (code[:, K.I_OP] == K.Op.DAMAGE_INCREASE).any():
        # effects.damage_increase where damage is dealt (FLAG_DAMAGE_MOD routes battle and effect damage there)
        misc |= K.FLAG_DAMAGE_MOD | K.FLAG_DAMAGE_INCREASE
    if (code[:, K.I_OP] == K.Op.DAMAGE_MOD_AURA).any():
        # effects.damage_dealt where damage is dealt (FLAG_DAMAGE_MOD routes battle and effect damage there)
        misc |= K.FLAG_DAMAGE_MOD | K.FLAG_DAMAGE_MOD_AURA
    if (code[:, K.I_OP] == K.Op.PLAYER_DAMAGE_DOUBLE).any():
        misc |= K.FLAG_PLAYER_DAMAGE_DOUBLE  # effects.deal_damage_to_player reads the source's
    shield_rows = code[:, K.I_OP] == K.Op.DAMAGE_SHIELD
    if (shield_rows & (code[:, K.I_A2] != K.BOOST_MARK)).any():
        # effects.deal_forward_damage where damage is dealt (FLAG_DAMAGE_MOD routes battle and effect damage there)
        misc |= K.FLAG_DAMAGE_MOD | K.FLAG_DAMAGE_SHIELD
    if (shield_rows & (code[:, K.I_A2] == K.BOOST_MARK)).any():
        # Op.DAMAGE_BOOST (DAMAGE_SHIELD's opcode, a2 BOOST_MARK): effects.damage_boost where damage is dealt
        misc |= K.FLAG_DAMAGE_MOD | K.FLAG_DAMAGE_BOOST
    if abilities is not None and abilities.shape[0] and np.isin(
            abilities[:, K.A_TRIGGER], (K.Trigger.CHOSEN_SELF, K.Trigger.CHOSEN_BY_OPP_SELF)).any():
        misc |= K.FLAG_CHOSEN_TRIGGER  # kernels.apply_decision's CHOOSE_TARGET fires them
    if abilities is not None and abilities.shape[0] and np.isin(
            abilities[:, K.A_TRIGGER], (K.Trigger.DEALT_DAMAGE_SELF, K.Trigger.DEALT_DAMAGE_BY_OPP_EFFECTS_SELF,
                                        K.Trigger.DEALT_DAMAGE_BY_OPP_FORWARD_SELF,
                                        K.Trigger.DEALT_DAMAGE_BY_OPP_CHARACTER_SELF)).any():
        misc |= K.FLAG_DEALT_DAMAGE_TRIGGER  # effects.deal_forward_damage fires them
    if ((code[:, K.I_OP] == K.Op.DAMAGE) & (code[:, K.I_A2] == K.PER_SOURCE_POWER)).any():
        misc |= K.FLAG_SOURCE_POWER  # zones.leave_field keeps the power it had (CR 11.11.4)
    if abilities is not None and abilities.shape[0] and np.isin(
            abilities[:, K.A_TRIGGER], (K.Trigger.RECEIVES_DAMAGE, K.Trigger.OPP_RECEIVES_DAMAGE)).any():
        misc |= K.FLAG_PLAYER_DAMAGED_TRIGGER  # effects.deal_damage_to_player fires them
    if (code[:, K.I_OP] == K.Op.MUST_ATTACK).any():
        misc |= K.FLAG_MUST_ATTACK  # the DECLARE_ATTACK mask looks for such a Forward
    if abilities is not None and abilities.shape[0] and np.isin(
            abilities[:, K.A_TRIGGER], (K.Trigger.PARTY_ATTACKS, K.Trigger.PARTY_DEALS_DAMAGE_TO_PLAYER)).any():
        misc |= K.FLAG_PARTY_TRIGGER  # battle.declare_attackers_done fires them
    if (code[:, K.I_OP] == K.Op.MUST_BE_CHOSEN).any():
        misc |= K.FLAG_MUST_BE_CHOSEN  # the CHOOSE_TARGET mask looks for such a card
    if (code[:, K.I_OP] == K.Op.ATTACK_TWICE).any():
        misc |= K.FLAG_ATTACK_TWICE  # battle.declare_attackers_done looks at the attacking Forwards
    if (code[:, K.I_OP] == K.Op.PARTY_ANY_ELEMENT).any():
        misc |= K.FLAG_PARTY_ANY_ELEMENT  # kernels.may_join_party looks at the attacking player's field
    if abilities is not None and abilities.shape[0] and np.isin(
            abilities[:, K.A_TRIGGER], (K.Trigger.PUT_INTO_BREAK_OTHER, K.Trigger.OPP_FORWARD_BROKEN,
                                        K.Trigger.DAMAGED_BY_PUT_BREAK, K.Trigger.DELAYED_PUT_BREAK)).any():
        misc |= K.FLAG_PUT_BREAK_OTHER  # cards leaving at once are looked at together
    if abilities is not None and abilities.shape[0] and (abilities[:, K.A_COND] == K.Condition.OPP_DISCARDED).any():
        misc |= K.FLAG_OPP_DISCARDED  # zones.discard_hand_index remembers a discard due to an effect
    if abilities is not None and abilities.shape[0] and np.isin(
            abilities[:, K.A_TRIGGER], (K.Trigger.DAMAGED_BY_PUT_BREAK, K.Trigger.DELAYED_PUT_BREAK)).any():
        misc |= K.FLAG_HIT_BY  # damage and Op.MARK_DELAYED mark cards (state.HIT_BY)
    if abilities is not None and abilities.shape[0] and (abilities[:, K.A_TRIGGER] == K.Trigger.OPP_DISCARDS).any():
        misc |= K.FLAG_OPP_DISCARDS_TRIGGER  # the discard answers keep the event bit for effects.finish_frame
    if abilities is not None and abilities.shape[0] and np.isin(
            abilities[:, K.A_TRIGGER], (K.Trigger.DRAW, K.Trigger.OPP_DRAWS_OUTSIDE_DRAW_PHASE)).any():
        misc |= K.FLAG_DRAW_TRIGGER  # effects.after_draw fires them
    if ((code[:, K.I_OP] == K.Op.RESTRICT) & (code[:, K.I_A1] == K.OPP_TURN_DURATION)).any():
        misc |= K.FLAG_LONG_RESTRICT  # turn.end_cleanup ends the restrictions "until the end of your opponent's turn"
    if abilities is not None and abilities.shape[0] and (
            (abilities[:, K.A_KIND] == K.AbilityKind.AUTO) & (abilities[:, K.A_ONCE] != 0)).any():
        misc |= K.FLAG_TRIGGER_ONCE  # triggers.queue_once looks at what a scan queued
    paid = (((code[:, K.I_OP] == K.Op.IF) | (code[:, K.I_OP] == K.Op.MODE_IF))
            & (code[:, K.I_A0] == K.Condition.PAID_ELEMENTS)).any()
    paid |= (np.isin(code[:, K.I_OP], (K.Op.DAMAGE, K.Op.POWER_PER))
             & (code[:, K.I_A2] == K.PER_PAID_ELEMENTS)).any()
    if paid or (abilities is not None and abilities.shape[0]
                and (abilities[:, K.A_COND] == K.Condition.PAID_ELEMENTS).any()):
        misc |= K.FLAG_PAID_ELEMENTS  # the PAY_CP answers mark the Elements paid (costs.note_paid_element)
    reductions = (code[:, K.I_OP] == K.Op.COST_REDUCTION) | (code[:, K.I_OP] == K.Op.SELF_COST_REDUCTION)
    if (reductions & (code[:, K.I_A2] != 0)).any():
        misc |= K.FLAG_ANY_ELEMENT_PAY  # costs.pay_element looks for one in force
    if filters is not None and len(filters):
        rows = code[code[:, K.I_OP] == K.Op.CHOOSE, K.I_A0]
        rows = rows[(rows >= 0) & (rows < len(filters))]
        if np.isin(filters[rows, K.F_ZONE], (K.FilterZone.BREAK, K.FilterZone.STACK)).any():
            misc |= K.FLAG_CHOOSE_BREAK
    return int(misc)


@dataclass(kw_only=True)
class FFCardTable(CardTable):
    """A compiled FF-TCG card pool: the shared fields (:class:`tcg_env.cards.pool.CardTable`: int32
    tables ``cards [n, C_NCOLS]``, ``abilities [max(m,1), A_NCOLS]``, ``filters``, ``code``) and the
    interned job and category names. Its observation features: :func:`card_obs_features`."""

    TYPE_NAMES = tuple(t.name.lower() for t in K.CardType)  # by C_TYPE (a rules variant's table: its own)

    GAME = "fftcg"

    ABIL_START_COL, ABIL_COUNT_COL, ABIL_KIND_COL = K.C_ABIL_START, K.C_ABIL_COUNT, K.A_KIND
    PACK = staticmethod(pack_tables)
    job_ids: dict[str, int]
    category_ids: dict[str, int]

    job_names = property(lambda self: inverse_ids(self.job_ids), doc="Job id -> job name ('' for id 0).")

    def kernel_flags(self) -> np.ndarray:
        return ff_kernel_flags(self.cards, self.code, self.abilities, self.filters)

    def in_play_pool_flags(self, in_play: np.ndarray) -> np.ndarray:
        """The pool's row of flags from the abilities the cards ``in_play`` own (A_CARD, granted ones included) and
        their programs (every code row lies in its ability's run): no FF-TCG card enters a game from outside the
        decks (no tokens), so the other cards' rules never apply."""
        from tcg_env.engine.tables import FLAG_WORDS

        owned = np.isin(self.abilities[:, K.A_CARD], in_play)
        rows = np.zeros(self.code.shape[0], bool)
        for start, length in self.abilities[owned][:, [K.A_CODE_START, K.A_CODE_LEN]].tolist():
            rows[start:start + length] = True
        row = np.full(FLAG_WORDS, -1, np.int32)
        row[K.FL_MISC] = ff_pool_flags(self.code[rows], self.abilities[owned], self.filters)
        return row

    category_names = property(lambda self: inverse_ids(self.category_ids), doc="Category id -> name ('' for id 0).")

    def card_obs_features(self) -> np.ndarray:
        return card_obs_features(self.cards)

    def describe_card(self, card_id: int) -> str:
        """One line, e.g. ``Cinder Lancer [FF1-001] Fire Forward 3 CP 7000``."""
        row = self.cards[card_id]
        elem = K.ELEMENT_NAMES[int(row[K.C_ELEMENT])].capitalize()
        ctype = K.CardType(int(row[K.C_TYPE])).name.capitalize()
        out = f"{self.names[card_id]} [{self.numbers[card_id]}] {elem} {ctype} {int(row[K.C_COST])} CP"
        if row[K.C_TYPE] == K.CardType.FORWARD:
            out += f" {int(row[K.C_POWER])}"
        return out

    def ability_model(self, row: int):
        """The card file's model of ability ``row``."""
        cid, k = self.ability_source[row]
        return self.models[cid].abilities[k]

    def ability_summary(self, row: int) -> str:
        """A short machine-ish summary of ability ``row``: ``auto enters_self: choose -> damage 5000``
        (``describe_ability``: the card's name first)."""
        ab = self.ability_model(row)
        head = ab.kind + (f" {ab.trigger}" if ab.trigger else "")
        ops = []
        for op in ab.effect:
            arg = getattr(op, "amount", None)
            if arg is None:
                arg = getattr(op, "count", None)
            # "Choose up to 2 Forwards" / "search for up to 2 ...": the player may take fewer (up_to; look_top's is
            # of the cards it takes, not of those looked at)
            upto = " up to" if arg is not None and getattr(op, "up_to", False) and op.op != "look_top" else ""
            ops.append(op.op + (f"{upto} {arg}" if arg is not None else ""))
        return f"{head}: " + " -> ".join(ops)


def card_obs_features(cards: np.ndarray) -> np.ndarray:
    """Static observation columns per card id (see docs/fftcg/observations.md, card rows):
    present, element one-hot, type one-hot, cost/10, printed power/10000, keywords, id + 1."""
    f = CardFeatures(cards, K.CARD_OBS_FEATURES)  # feature 0: present
    f.one_hot(1, K.C_ELEMENT)
    f.one_hot(9, K.C_TYPE)
    f.scaled(12, K.C_COST, 10.0)
    f.scaled(13, K.C_POWER, 10000.0)
    f.bits(17, K.C_KEYWORDS, (K.KW_HASTE, K.KW_BRAVE, K.KW_FIRST_STRIKE))
    f.card_ids(25)  # the last column (observation.CARD_COLUMNS)
    return f.array()


# --------------------------------------------------------------------------------------------
# Compiler
# --------------------------------------------------------------------------------------------
class _Compiler(PoolCompiler):
    TABLE = FFCardTable
    # the table layouts and condition names (a rules variant's compiler extends them: fftcg_2014.cards)
    K = K
    NCOLS = (K.C_NCOLS, K.A_NCOLS, K.F_NCOLS, K.I_NCOLS)

    def __init__(self, cards: list[FFCard]):
        super().__init__(cards)
        self.job_ids: dict[str, int] = {}
        self.category_ids: dict[str, int] = {}

    def intern_card(self, card: FFCard) -> None:
        if card.job:
            self._intern(self.job_ids, card.job)
        if card.category:
            self._intern(self.category_ids, card.category)

    def extra_table_fields(self) -> dict:
        return {"job_ids": dict(self.job_ids), "category_ids": dict(self.category_ids)}

    # ---- cards ----
    def compile_card(self, cid: int, card: FFCard) -> None:
        is_summon = card.type == "summon"
        if card.type == "forward":
            if card.power <= 0:
                self.fail("power", "a Forward needs power > 0")
            if card.power % 1000:
                self.fail("power", "power must be a multiple of 1000")
        elif card.power != 0:
            self.fail("power", f"a {card.type.capitalize()} has no power (omit it or use 0)")
        if is_summon:
            if card.job:
                self.fail("job", "a Summon has no job")
            if card.generic:
                self.fail("generic", "the generic icon applies to Characters only")
            if card.keywords:
                self.fail("keywords", "a Summon has no keywords")
        for kw in ("brave", "first_strike"):
            if kw in card.keywords and card.type != "forward":
                self.fail("keywords", f"{kw} is a Forward keyword")
        if len(set(card.keywords)) != len(card.keywords):
            self.fail("keywords", "duplicate keyword")

        kinds = [a.kind for a in card.abilities]
        if is_summon:
            # its effect, and field abilities that reduce its own cost in the hand ("The cost required to cast
            # <this> is reduced by 1 for each ...": characteristics.current_cost reads them from the hand)
            # (and the delayed auto-ability its effect's mark_delayed marks a card for, trigger delayed_put_break)
            if kinds.count("summon") != 1 or any(
                    a.kind != "summon" and a.trigger != "delayed_put_break"
                    and (a.kind != "field" or any(op.op not in ("self_cost_reduction", "pay_only") for op in a.effect))
                    for a in card.abilities):  # fmt: skip
                self.fail("abilities", "a Summon has exactly one ability of kind 'summon' (and field abilities "
                                       "reducing its own cost)")
        else:
            for k, a in enumerate(card.abilities):
                if a.kind == "summon":
                    self.fail(f"abilities[{k}].kind", "only Summons have 'summon' abilities")
            if sum(k in ("action", "special") for k in kinds) > K.ABILITIES_PER_CARD:
                self.fail("abilities", f"at most {K.ABILITIES_PER_CARD} action/special abilities per card")
            if kinds.count("ex_burst") > 1:
                self.fail("abilities", "at most one ex_burst ability")
            if card.ex_burst and "ex_burst" not in kinds:
                self.fail("ex_burst", "a Character with the EX icon needs an ability of kind 'ex_burst'")
            if "ex_burst" in kinds and not card.ex_burst:
                k = kinds.index("ex_burst")
                self.fail(f"abilities[{k}].kind", "an ex_burst ability needs ex_burst = true on the card")
            once = [a for a in card.abilities if a.kind == "auto" and a.once_per_turn]
            if len(once) > 1 and (sorted(a.trigger for a in once) != ["attacks_self", "enters_self"] or any(
                    a.effect != once[0].effect or a.condition != once[0].condition for a in once)):
                # one mark per card (RESTRICT_TRIGGERED_ONCE): the triggers of one printed line ("When ~ enters the
                # field or attacks, ... This effect will trigger only once per turn.") share it, as the line's one ability
                self.fail("abilities", "at most one auto ability that triggers only once per turn")
            if "special" in kinds and card.generic:
                k = kinds.index("special")
                self.fail(f"abilities[{k}].kind", "special abilities need a same-name card; generic cards have none")

        start = len(self.ab_rows)
        acts: list[int] = []
        summon_row = ex_row = -1
        for k, ab in enumerate(card.abilities):
            row = self.compile_ability(cid, card, k, ab)
            if ab.kind in ("action", "special"):
                acts.append(row)
            elif ab.kind == "summon":
                summon_row = row
                if card.ex_burst:
                    ex_row = row
            elif ab.kind == "ex_burst":
                ex_row = row
        acts += [-1] * (2 - len(acts))

        row = self.new_row(self.K.CARD_TABLE, card)  # the columns with a source (constants.CARD_TABLE)
        row[K.C_ABIL_START] = start
        row[K.C_ABIL_COUNT] = len(card.abilities)
        row[K.C_SUMMON_ABIL] = summon_row
        row[K.C_EX_ABIL] = ex_row
        row[K.C_ACT0], row[K.C_ACT1] = acts[0], acts[1]
        row[K.C_HAS_FIELD] = int(any(ab.kind == "field" for ab in card.abilities))
        if any(op.op == "self_cost_reduction" for ab in card.abilities for op in ab.effect):
            row[K.C_HAS_FIELD] |= K.HAS_SELF_COST_REDUCTION
        if any(op.op == "unblockable_by" for ab in card.abilities for op in ab.effect):
            row[K.C_HAS_FIELD] |= K.HAS_BLOCK_RESTRICTION
        for ab in card.abilities:
            for op in ab.effect:
                if op.op == "undullable":
                    row[K.C_HAS_FIELD] |= K.UNDULLABLE_BY_OPPONENT
                if op.op == "no_activate":
                    row[K.C_HAS_FIELD] |= K.NO_ACTIVATE_IN_ACTIVE_PHASE
                if op.op == "must_attack":
                    row[K.C_HAS_FIELD] |= K.MUST_ATTACK_ONCE
                if op.op == "damage_mod":
                    row[K.C_HAS_FIELD] |= K.HAS_DAMAGE_MOD
                if op.op == "damage_increase":
                    row[K.C_HAS_FIELD] |= K.HAS_DAMAGE_INCREASE
                if op.op == "damage_mod_aura":
                    row[K.C_HAS_FIELD] |= K.HAS_DAMAGE_MOD_AURA
                if op.op == "any_element_cp":
                    row[K.C_HAS_FIELD] |= K.ANY_ELEMENT_CP
                    for e in op.elements:
                        row[K.C_HAS_FIELD] |= 1 << (K.EXTRA_ELEMENT_CP_SHIFT + int(K.Element[e.upper()]))
                if op.op == "aura_unchoosable":
                    row[K.C_HAS_FIELD] |= K.HAS_AURA_UNCHOOSABLE
                if op.op == "pay_only":
                    row[K.C_HAS_FIELD] |= (K.PAY_ONLY_ELEMENT * op.element | K.PAY_ONLY_BACKUPS * op.backups
                                           | K.NO_PLAY_BY_EFFECTS * op.effects)
                if op.op == "enters_dull":
                    row[K.C_HAS_FIELD] |= K.ENTERS_DULL
                if op.op == "must_be_chosen":
                    row[K.C_HAS_FIELD] |= K.MUST_BE_CHOSEN
                if op.op == "cost_reduction":
                    row[K.C_HAS_FIELD] |= K.HAS_COST_REDUCTION
                if op.op == "light_dark":
                    row[K.C_HAS_FIELD] |= _light_dark_bits(op)
                if op.op == "unchoosable":
                    row[K.C_HAS_FIELD] |= (K.UNCHOOSABLE_BY_SUMMONS * ("summons" in op.by)
                                           | K.UNCHOOSABLE_BY_ABILITIES * ("abilities" in op.by))
        self.card_rows.append(row)

    # ---- abilities ----
    def compile_ability(self, cid: int, card: FFCard, k: int, ab: FFAbility) -> int:
        p = f"abilities[{k}]"
        kind = ab.kind
        if kind == "auto":
            if ab.trigger is None:
                self.fail(f"{p}.trigger", "an auto ability needs a trigger")
        elif ab.trigger is not None:
            self.fail(f"{p}.trigger", "only auto abilities have a trigger")
        if ab.trigger == "reflexive":
            # after the ability whose reflex op queues it (the reflexive abilities of a modal ability's actions follow it
            # one after another)
            first = k
            while first > 0 and card.abilities[first - 1].trigger == "reflexive":
                first -= 1
            if first == 0 or not any(op.op == "reflex" and op.ability == k - first + 1
                                     for op in card.abilities[first - 1].effect):
                self.fail(f"{p}.trigger", "a 'reflexive' ability follows the ability whose 'reflex' op queues it")
        if ab.trigger_filter is not None and ab.trigger not in ("enters_other", "put_into_break_other", "attacks_other",
                                                                "party_attacks", "damaged_by_put_break"):
            self.fail(f"{p}.trigger_filter", "trigger_filter is only used with triggers 'enters_other', "
                                             "'put_into_break_other', 'attacks_other' and 'party_attacks'")
        if ab.trigger_count != 1 and ab.trigger != "party_attacks":
            self.fail(f"{p}.trigger_count", "trigger_count is only used with trigger 'party_attacks'")
        # a Summon's condition is when it may be cast ("You can only cast <this> during your turn")
        if ab.condition is not None and ab.condition.kind == "self_power_at_least" and kind == "field":
            self.fail(f"{p}.condition", "self_power_at_least is not a field ability's condition")
        if ab.condition is not None and kind not in ("auto", "field", "action", "special", "summon"):
            self.fail(f"{p}.condition", "only auto, field, action, special and summon abilities have conditions")
        if ab.optional and kind != "auto":
            self.fail(f"{p}.optional", "only auto abilities are optional ('you may')")
        if ab.once_per_turn and kind not in ("action", "special", "auto"):
            self.fail(f"{p}.once_per_turn", "only action and special abilities are used once per turn, and auto "
                                            "abilities triggered once per turn")
        if ab.once_per_turn and kind == "auto" and ab.trigger in ("reflexive", "leaves_field_self",
                                                                    "put_into_break_self", "broken_self"):
            self.fail(f"{p}.once_per_turn", "an auto ability that triggers once per turn is triggered on the field "
                                            "(not as the card leaves it, nor reflexive)")
        if ab.cost is not None and kind not in ("action", "special"):
            self.fail(f"{p}.cost", "only action and special abilities have a cost")
        if kind == "action" and (ab.cost is None or not _cost_nonempty(ab.cost)) and not ab.once_per_turn:
            # a free ability could be used forever (CR 13); "{0}: ... once per turn" is bounded
            self.fail(f"{p}.cost", "an action ability needs a cost (cp, dull, discard, break_self, Characters) "
                                   "or once_per_turn")
        if ab.trigger == "delayed_put_break" and (kind != "auto" or not any(
                op.op == "mark_delayed" for a in card.abilities for op in a.effect)):
            self.fail(f"{p}.trigger", "a 'delayed_put_break' ability goes with a 'mark_delayed' op of the card")
        if card.type == "summon" and kind not in ("summon", "field") and ab.trigger != "delayed_put_break":
            self.fail(f"{p}.kind", "a Summon has only its summon ability (and its own cost reductions)")
        if card.type != "summon" and card.ex_burst is False and kind == "ex_burst":
            self.fail(f"{p}.kind", "an ex_burst ability needs ex_burst = true on the card")
        cost = ab.cost or FFCost()
        if cost.discard and cost.cp:
            self.fail(f"{p}.cost", "a discard cost is never combined with a CP cost (simplification)")
        if cost.element is not None and cost.cp == 0:
            self.fail(f"{p}.cost.element", "an element requirement needs cp >= 1")
        if cost.element is not None and cost.element in ("light", "dark"):
            self.fail(f"{p}.cost.element", "Light and Dark CP cannot be produced; use a main element")
        multi = self.elements_code(cost.element, cost.elements, cost.cp, f"{p}.cost")
        if (cost.dull or cost.break_self) and card.type == "summon":
            self.fail(f"{p}.cost", "a Summon cannot dull or break itself")
        dull_filter = -1
        if (cost.dull_characters > 0) != (cost.dull_filter is not None):
            self.fail(f"{p}.cost.dull_filter", "dull_characters and dull_filter go together")
        if cost.dull_filter is not None:
            if cost.cp or cost.dull or cost.discard or cost.break_self or kind != "action":
                self.fail(f"{p}.cost", "a cost that dulls Characters is an action ability's whole cost (simplification)")
            flt = cost.dull_filter
            if flt.side != "own" or flt.zone != "field" or flt.state != "active":
                self.fail(f"{p}.cost.dull_filter", "the Characters dulled are active ones the player controls "
                                                   "(side 'own', zone 'field', state 'active': CR 11.6.2.4)")
            dull_filter = self.compile_filter(flt, f"{p}.cost.dull_filter", zones=("field",), characters=True)

        break_filter = -1
        if (cost.break_characters > 0) != (cost.break_filter is not None):
            self.fail(f"{p}.cost.break_filter", "break_characters and break_filter go together")
        if cost.break_filter is not None:
            if cost.cp or cost.discard or cost.break_self or cost.dull_characters or kind != "action":
                self.fail(f"{p}.cost", "a cost that puts Characters into the Break Zone goes with the dull icon only "
                                       "(simplification)")
            flt = cost.break_filter
            if flt.side != "own" or flt.zone != "field":
                self.fail(f"{p}.cost.break_filter", "the Characters put into the Break Zone are the player's own "
                                                    "(side 'own', zone 'field')")
            break_filter = self.compile_filter(flt, f"{p}.cost.break_filter", zones=("field",), characters=True)

        trig_filter = -1
        if ab.trigger == "enters_other":
            flt = ab.trigger_filter or FFFilter(side="own", type=["character"])
            trig_filter = self.compile_filter(flt, f"{p}.trigger_filter", zones=("field",), characters=True)
        elif ab.trigger in ("put_into_break_other", "attacks_other", "damaged_by_put_break") or (
                ab.trigger == "party_attacks" and ab.trigger_filter is not None):
            # the card as it last was on the field (triggers.trigger_put_into_break_other)
            flt = ab.trigger_filter or FFFilter(type=["character"])
            trig_filter = self.compile_filter(flt, f"{p}.trigger_filter", zones=("field",), characters=True)

        cond = cond_arg = 0
        if ab.condition is not None:
            cond, cond_arg = self.compile_condition(ab.condition, f"{p}.condition")

        code_start = len(self.code_rows)
        self.compile_effect(card, ab, p)

        # CR 13: activating characters with an ability whose only cost is dulling could loop forever
        # (a special ability's cost always includes discarding a same-name card, CR 11.7.1: never a loop)
        if kind == "action" and any(op.op == "activate" for op in ab.effect):
            if cost.cp == 0 and cost.discard == 0 and not cost.break_self and not cost.break_characters \
                    and not ab.once_per_turn:
                self.fail(f"{p}.cost", "an ability that activates Characters needs a cost beyond dull (loops)")

        row = self.new_row(self.K.ABILITY_TABLE, ab, p, cost=cost)
        if multi is not None:
            row[K.A_COST_ELEMENT] = multi
        if kind in ("action", "special"):
            row[K.A_OPTIONAL] = int(ab.once_per_turn)  # the column's meaning for these kinds
        row[K.A_TRIG_FILTER] = trig_filter
        if dull_filter >= 0:  # an action ability's A_TRIG_FILTER: its "Dull N active DESC" cost, packed
            row[K.ACTION_DULL_COST_COL] = (dull_filter + 1) * K.COND_COUNT_SPAN + cost.dull_characters
        if break_filter >= 0:  # "Put N DESC into the Break Zone", packed as the dull cost with BREAK_COST_FLAG
            row[K.ACTION_DULL_COST_COL] = K.BREAK_COST_FLAG + (break_filter + 1) * K.COND_COUNT_SPAN + cost.break_characters
        if ab.trigger in ("party_attacks", "party_deals_damage_to_player"):  # the filter row (-1: any) and how many of
            # the party must match it, packed
            row[K.A_TRIG_FILTER] = (trig_filter + 1) * K.COND_COUNT_SPAN + ab.trigger_count
        row[K.A_COND] = cond
        row[K.A_COND_ARG] = cond_arg
        row[K.A_CODE_START] = code_start
        row[K.A_CODE_LEN] = len(self.code_rows) - code_start
        row[K.A_CARD] = cid
        self.ab_rows.append(row)
        self.ability_source.append((cid, k))
        return len(self.ab_rows) - 1

    def elements_code(self, element, elements: list[str], cp: int, p: str) -> int | None:
        """A cost's element CP symbols (``elements``, two or more) as A_COST_ELEMENT / Op.PAY's a1: ELEM_MULTI + the
        count of each element's symbols (constants.ELEM_BITS bits each); None for one element or none."""
        if not elements:
            return None
        if element is not None or len(elements) < 2:
            self.fail(f"{p}.elements", "two or more element symbols, without 'element'")
        if len(elements) > cp:
            self.fail(f"{p}.elements", "more element symbols than CP")
        code = 0
        for e in elements:
            k = int(K.Element[e.upper()])
            if k >= K.N_CP_ELEMENTS:
                self.fail(f"{p}.elements", "Light and Dark CP cannot be produced; use a main element")
            if elements.count(e) > K.ELEM_MAX:
                self.fail(f"{p}.elements", f"at most {K.ELEM_MAX} symbols of one element")
            code += 1 << (K.ELEM_BITS * k)
        return K.ELEM_MULTI + code

    def compile_per(self, op, q: str) -> int:
        """An amount's "for each": 0 none, 1 each point of damage the controller has received, 2 + the
        filter row: each card it matches on both fields (or in both Break Zones: its zone), counted when
        the amount is used (filters.per_count)."""
        if op.per is None:
            if op.filter is not None:
                self.fail(f"{q}.filter", "a filter without per 'card'")
            return 0
        if (op.filter is None) != (op.per not in ("card", "max_cost", "elements")):
            self.fail(f"{q}.filter", "per 'card' / 'max_cost' / 'elements' counts the cards of a filter; per 'damage' / "
                                     "'hand' has none")
        if op.per == "paid_elements":
            return K.PER_PAID_ELEMENTS
        if op.per == "elements":
            return K.PER_ELEMENTS_OF + self.compile_filter(op.filter, f"{q}.filter", zones=("field", "break"),
                                                           characters=False)
        if op.per == "damage":
            return 1
        if op.per == "cast_cards":
            return K.PER_CAST_CARDS
        if op.per in ("hand", "opp_hand"):
            return K.PER_HAND if op.per == "hand" else K.PER_OPP_HAND
        if op.per == "source_power":
            return K.PER_SOURCE_POWER
        if op.per == "other_reg_power":
            return K.PER_OTHER_REG_POWER  # the first card of the other register's power (effects.each_target)
        every = getattr(op, "every", 1)
        if every != 1 and op.per != "card":
            self.fail(f"{q}.every", "'for every N' counts the cards of a filter (per 'card')")
        row = self.compile_filter(op.filter, f"{q}.filter", zones=("field", "break"), characters=False)
        if op.per == "max_cost":
            # "for each CP required to cast the highest cost <filter>" (session 23): the highest printed cost among
            # the cards it matches (filters.scan_matching)
            return K.PER_MAX_COST - row
        return 2 + row + K.PER_EVERY_SPAN * (every - 1)

    def compile_condition(self, c: FFCondition, p: str) -> tuple[int, int]:
        """A condition -> (Condition, argument) as A_COND / A_COND_ARG (and Op.IF's a0 / a1) hold it."""
        cond_arg = 0
        if c.element is not None and c.kind not in ("forward_entered_this_turn", "paid_element_included",
                                                    "paid_only_element"):
            self.fail(f"{p}.element", "only forward_entered_this_turn / paid_element_included / paid_only_element have "
                                      "an element")
        turn_bits = {"forward_put_break_this_turn": self.K.FORWARD_PUT_BREAK_BIT,
                     "party_formed_this_turn": self.K.PARTY_FORMED_BIT,
                     "forward_attacked_this_turn": self.K.FORWARD_ATTACKED_BIT,
                     "received_damage_this_turn": self.K.RECEIVED_DAMAGE_BIT,
                     "forward_entered_this_turn": self.K.ENTERED_ANY_BITS if c.element is None else
                     self.K.ENTERED_ELEMENT_BIT << int(self.K.Element[c.element.upper()])}
        if c.kind in turn_bits:
            return int(self.K.Condition.TURN_BIT), int(turn_bits[c.kind])
        if c.kind == "cast_cards_at_least":
            return int(self.K.Condition.CAST_AT_LEAST), int(c.value) + self.K.CAST_ARG_CARDS
        paid_modes = {"paid_elements_at_least": 0, "paid_elements_at_most": self.K.PAID_ARG_AT_MOST,
                      "paid_elements_exactly": self.K.PAID_ARG_EXACTLY}
        if c.kind in ("paid_element_included", "paid_only_element"):
            e = -1 if c.element is None else int(self.K.Element[c.element.upper()])
            if c.filter is not None or not 0 <= e < self.K.N_CP_ELEMENTS:
                self.fail(f"{p}.element", "an Element Fire .. Earth (Light and Dark share a mark), without a filter")
            base = self.K.PAID_ARG_INCLUDES if c.kind == "paid_element_included" else self.K.PAID_ARG_ONLY
            return int(self.K.Condition.PAID_ELEMENTS), base + e
        if c.kind in paid_modes:
            if c.filter is not None or not isinstance(c.value, int) or not 0 <= c.value <= K.N_ELEMENTS:
                self.fail(f"{p}.value", "a count of Elements 0..8, without a filter")
            return int(self.K.Condition.PAID_ELEMENTS), int(c.value) + paid_modes[c.kind]
        cond = self.K.Condition[c.kind.upper()]
        v = c.value
        counted = c.kind in ("controls_at_least", "controls_at_most", "elements_at_least", "elements_exactly",
                             "all_different_elements_at_least")
        if (c.filter is not None) != counted:
            self.fail(f"{p}.filter", f"{c.kind} needs a filter; other conditions have none"
                      if counted else "only controls_at_least / controls_at_most have a filter")
        if c.kind == "job_on_field":
            if not isinstance(v, str):
                self.fail(f"{p}.value", "job_on_field takes a job name")
            cond_arg = self.interned(self.job_ids, v, f"{p}.value", "job")
        elif counted:
            low = 0 if c.kind == "controls_at_most" else 1
            if not isinstance(v, int) or isinstance(v, bool) or not low <= v < K.COND_COUNT_SPAN:
                self.fail(f"{p}.value", f"must be a count {low}..{K.COND_COUNT_SPAN - 1}")
            frow = self.compile_filter(c.filter, f"{p}.filter", zones=("field", "break"),
                                       characters=c.filter.zone == "field")  # fmt: skip
            cond_arg = frow * K.COND_COUNT_SPAN + v
        else:
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                self.fail(f"{p}.value", "must be a count >= 0")
            cond_arg = v
        return int(cond), int(cond_arg)

    def _check_mode_registers(self, ab: FFAbility, p: str, several: bool, mode_regs: dict[int, int]) -> None:
        """The registers of a modal effect's actions (mode ops split the effect into copies of the actions; a
        copy with offset 0 starts an action). One action at a time: every copy starts at register 0. Several
        (the targets of all are kept): each copy fills the registers offset .. offset + n - 1 (the same n for
        every copy of an action), and an action that fills registers has a copy for every offset the selected
        actions before it may leave (the sums of the registers of at most count - 1 of them) within N_REGS."""
        copies: list[tuple[int, int, set[int]]] = []  # (index of the mode op, offset, registers filled)
        for j, op in enumerate(ab.effect):
            if op.op == "mode":
                copies.append((j, op.offset, set()))
            elif copies and op.op in _TARGETING:
                copies[-1][2].add(op.reg)
        actions: list[list[tuple[int, int, set[int]]]] = []
        for c in copies:
            if c[1] == 0:
                actions.append([c])
            elif actions:
                actions[-1].append(c)
        for acts in actions:
            for j, off, regs in acts:
                mode_regs[j] = len(regs)
                if not several and off > 0:
                    self.fail(f"{p}.effect[{j}].offset", "one action at a time: every action's registers start at 0")
                if several and regs != set(range(off, off + len(regs))):
                    self.fail(f"{p}.effect[{j}]", f"this copy of the action fills registers {off} .. {off}+n-1")
            if len({len(r) for _, _, r in acts}) != 1:
                self.fail(f"{p}.effect[{acts[0][0]}]", "the copies of an action fill as many registers")
        if not several:
            return
        count = max(ab.effect[0].count, ab.effect[1].count if ab.effect[1].op == "mode_if" else 0)
        sums = {(0, 0)}  # (registers, actions) the selected actions before the current one may fill
        for acts in actions:
            n = len(acts[0][2])
            need = {r for r, m in sums if m < count}
            have = {off for _, off, _ in acts}
            if n > 0 and (need - have or max(need) + n > K.N_REGS):
                self.fail(f"{p}.effect[{acts[0][0]}]", f"a copy of the action for each register offset it may start "
                                                       f"at ({sorted(need)}), within {K.N_REGS} registers")
            sums |= {(r + n, m + 1) for r, m in sums if m < count}

    def compile_effect(self, card: FFCard, ab: FFAbility, p: str) -> None:
        is_field = ab.kind == "field"
        filled: set[int] = set()
        break_regs: dict[int, FFFilter] = {}  # registers filled by a choose of Break Zone cards: their filters
        stack_regs: set[int] = set()  # registers filled by a choose of Summons on the stack
        seen_effect = False
        no_self = ab.kind in ("summon", "ex_burst")
        modal = bool(ab.effect) and ab.effect[0].op == "select_mode"
        n_modes = sum(op.op == "mode" and op.offset == 0 for op in ab.effect)
        first_mode = 2 if modal and len(ab.effect) > 1 and ab.effect[1].op == "mode_if" else 1
        if modal and (n_modes != ab.effect[0].modes or len(ab.effect) <= first_mode
                      or ab.effect[first_mode].op != "mode"):
            self.fail(f"{p}.effect", f"select_mode {ab.effect[0].modes}: needs as many 'mode' ops, the first "
                                     "right after it (or after its mode_if)")
        several = modal and (ab.effect[0].count > 1 or ab.effect[0].up_to or
                             (first_mode == 2 and (ab.effect[1].count > 1 or ab.effect[1].up_to)))
        mode_regs: dict[int, int] = {}  # index of a mode op -> how many registers its copy of the action fills
        if modal:
            self._check_mode_registers(ab, p, several, mode_regs)
        for j, op in enumerate(ab.effect):
            if getattr(op, "per", None) == "other_reg_power" and not any(
                    o.op in ("choose", "target_self") and o.reg == 1 - op.reg for o in ab.effect):
                self.fail(f"{p}.effect[{j}].per", "other_reg_power: the other register is filled (choose / target_self)")
        if any(getattr(op, "per", None) == "source_power" for op in ab.effect) and any(
                getattr(op, "reg", None) == K.N_REGS - 1 for op in ab.effect):
            # the last register's second last slot keeps the source's power as it last was (state.E_LKI)
            self.fail(f"{p}.effect", f"an amount of the source's power uses no register {K.N_REGS - 1}")
        for j, op in enumerate(ab.effect):
            q = f"{p}.effect[{j}]"
            name = op.op
            if name == "mode_if":
                if not modal or j != 1:
                    self.fail(f"{q}.op", "mode_if is the second op of a modal effect")
                if op.count > ab.effect[0].modes:
                    self.fail(f"{q}.count", "selects more actions than there are")
                a0, a1 = self.compile_condition(op.condition, f"{q}.condition")
                self.code_rows.append([int(EFFECT_OPS[name]), 0, a0, a1, op.count + 16 * int(op.up_to)])
                continue
            if name in ("select_mode", "mode"):
                if is_field:
                    self.fail(f"{q}.op", "field abilities have no modes")
                if (name == "select_mode") != (j == 0) or not modal:
                    self.fail(f"{q}.op", "select_mode is the first op of a modal effect, mode only follows it")
                if name == "mode":
                    # each action chooses its own targets first (CR 11.3.3); registers start empty. a0: the action,
                    # a1: the register offset of this copy, a2: the registers it fills (effects.mode_row_sel)
                    k = n_modes - sum(o.op == "mode" and o.offset == 0 for o in ab.effect[j:]) - (op.offset > 0)
                    self.code_rows.append([int(EFFECT_OPS[name]), 0, k, op.offset, mode_regs.get(j, 0)])
                    filled, seen_effect, break_regs, stack_regs = set(), False, {}, set()
                else:
                    if op.count > op.modes:
                        self.fail(f"{q}.count", "selects more actions than there are")
                    self.code_rows.append([int(EFFECT_OPS[name]), 0, op.modes, op.count, int(op.up_to)])
                continue
            if modal and name == "choose" and op.reg == K.N_REGS - 1 and op.count >= K.TARGET_MAX:
                # the last slot of the last register keeps the selected action (state.E_MODE)
                self.fail(f"{q}.count", f"a modal effect chooses at most {K.TARGET_MAX - 1} cards in register "
                                        f"{K.N_REGS - 1}")
            if is_field and name not in _FIELD_ONLY:
                self.fail(f"{q}.op", f"field abilities only use {', '.join(sorted(_FIELD_ONLY))}")
            if not is_field and name in _FIELD_ONLY:
                self.fail(f"{q}.op", f"{name} is only allowed in field abilities")
            if name == "choose" and seen_effect:
                self.fail(f"{q}.op", "choose must come before every other op (targets are chosen on cast)")
            if name != "choose":
                seen_effect = True
            if name in _TARGETING:
                if op.reg in filled:
                    self.fail(f"{q}.reg", f"register {op.reg} is already filled by an earlier op")
                filled.add(op.reg)
            if name in _ON_REGISTER and op.reg not in filled:
                self.fail(f"{q}.reg", f"register {op.reg} has no targets (choose/select_all/target_self first)")
            if name == "remove_from_game" and op.reg in break_regs:
                # "Remove it / them from the game." on cards chosen in a Break Zone: those still there on resolution
                # (CR 11.11.2), Op.ADD_TO_HAND's register form with PUT_REMOVED
                self.code_rows.append([int(K.Op.ADD_TO_HAND), op.reg, -1, 0, K.PUT_REMOVED])
                seen_effect = True
                continue
            if name == "cancel":
                if op.reg not in stack_regs:
                    self.fail(f"{q}.reg", "cancel takes the register of a choose op with a stack filter")
                self.code_rows.append([int(K.Op.CANCEL), op.reg, -1, 0, K.PUT_CANCEL])
                seen_effect = True
                continue
            if name in _ON_REGISTER and op.reg in stack_regs:
                self.fail(f"{q}.reg", f"register {op.reg} holds Summons chosen on the stack: only cancel acts on them")
            if name in _ON_REGISTER and op.reg in break_regs:
                self.fail(f"{q}.reg", f"register {op.reg} holds cards chosen in the Break Zone: only add_to_hand / "
                                      "put_onto_field / remove_from_game act on them")
            if name == "target_self" and (no_self or card.type == "summon"):
                self.fail(f"{q}.op", "target_self needs a source on the field (not in summon/ex_burst abilities)")

            a0 = a1 = a2 = 0
            reg = getattr(op, "reg", 0) or 0
            if getattr(op, "duration", None) == "end_of_opp_turn" and name != "restrict":
                self.fail(f"{q}.duration", "until the end of your opponent's turn: restrictions only")
            if name == "choose":
                # a card on the field, or in your Break Zone ("Choose 1 Forward in your Break Zone. Add it to your
                # hand.": chosen when cast / put on the stack like any target, CR 11.3.3, 11.8.9)
                in_break = op.filter.zone == "break"
                if in_break:
                    # any player's Break Zone: only remove_from_game acts on another player's cards there (below)
                    break_regs[op.reg] = op.filter
                in_stack = op.filter.zone == "stack"
                if in_stack:
                    # a Summon on the stack ("Choose 1 Summon. Cancel its effect."): only cancel acts on it
                    if op.filter.type != ["summon"]:
                        self.fail(f"{q}.filter.type", "a choose on the stack chooses Summons (type summon)")
                    stack_regs.add(op.reg)
                a0 = self.compile_filter(op.filter, f"{q}.filter", zones=("field", "break", "stack"),
                                         characters=not (in_break or in_stack))
                a1, a2 = op.count, int(op.up_to)
            elif name == "select_all":
                a0 = self.compile_filter(op.filter, f"{q}.filter", zones=("field",), characters=True)
            elif name == "hand_select":
                if op.filter.side != "opponent" or op.filter.zone != "hand":
                    self.fail(f"{q}.filter", "the cards of the opponent's hand (side opponent, zone hand)")
                a0 = self.compile_filter(op.filter, f"{q}.filter", zones=("hand",), characters=False)
                a1, a2 = op.count, K.HAND_SELECT_REMOVE * int(op.then == "remove") | K.HAND_SELECT_MAY * int(op.up_to)
            elif name == "split_reg":
                first = ab.effect[0]
                if modal or j != 1 or first.op != "choose" or first.reg != op.from_reg or first.count != 2 \
                        or op.reg == op.from_reg or first.filter.zone != "field":
                    self.fail(f"{q}.op", "split_reg is the second op, after one choose of 2 cards on the field into "
                                         "from_reg, into another register")
                a0 = op.from_reg
            elif name == "opp_select":
                if op.filter.side != ("own" if op.by == "controller" else "opponent"):
                    self.fail(f"{q}.filter.side", "a player selects among the cards they control")
                a0 = self.compile_filter(op.filter, f"{q}.filter", zones=("field",), characters=True)
                a1 = op.count
                a2 = K.SELECT_BY_CONTROLLER * int(op.by == "controller")
            elif name == "damage":
                a0, a1, a2 = op.amount, op.base, self.compile_per(op, q)
                if op.base and a2 == 0:
                    self.fail(f"{q}.base", "a base amount without a 'for each' (per)")
                if op.instead_of:
                    if a2 != 0:
                        self.fail(f"{q}.instead_of", "an amount dealt instead of another with a 'for each' (per)")
                    a1 = op.instead_of  # a1 without a2: the amount already dealt (effects.each_target)
            elif name == "discard_matching":
                if op.filter.side != "own" or op.filter.zone != "hand":
                    self.fail(f"{q}.filter", "the cards of the controller's hand (side own, zone hand)")
                a0 = self.compile_filter(op.filter, f"{q}.filter", zones=("hand",), characters=False)
                a1 = op.count
            elif name == "dull_active":
                if op.filter.side != "own" or op.filter.state != "active":
                    self.fail(f"{q}.filter", "the active Characters the controller controls (side own, state active)")
                a0 = self.compile_filter(op.filter, f"{q}.filter", zones=("field",), characters=True)
                a1 = op.count
            elif name == "damage_shield":
                if op.becomes_zero == (op.amount > 0):
                    self.fail(f"{q}.amount", "a shield reduces the damage by an amount > 0, or makes it 0 (becomes_zero)")
                a0 = K.SHIELD_ZERO if op.becomes_zero else op.amount
            elif name == "damage_boost":
                if op.double == (op.amount > 0):
                    self.fail(f"{q}.amount", "a damage boost increases the damage by an amount > 0, or doubles it")
                a0 = K.DAMAGE_DOUBLE if op.double else op.amount
                a1 = K.BoostOf[op.of.upper()]
                a2 = K.BOOST_MARK  # Op.DAMAGE_BOOST is DAMAGE_SHIELD's opcode (constants.Op)
            elif name == "power":
                if op.amount == 0:
                    self.fail(f"{q}.amount", "must not be 0")
                a0, a1 = op.amount, K.Duration[op.duration.upper()]
            elif name == "power_per":
                if op.amount == 0:
                    self.fail(f"{q}.amount", "must not be 0")
                a0, a1, a2 = op.amount, K.Duration[op.duration.upper()], self.compile_per(op, q)
            elif name == "grant_keyword":
                a0, a1 = bits(op.keywords, K.KEYWORD_BITS), K.Duration[op.duration.upper()]
            elif name == "restrict":
                a0 = bits(op.restrictions, _RESTRICT_BITS)
                if op.duration == "end_of_opp_turn":
                    if a0 & ~K.LONG_RST_BITS:
                        self.fail(f"{q}.duration", "until the end of your opponent's turn: cant_attack, cant_block, "
                                                   "unchoosable_by_opp_summons / abilities only")
                    a1 = K.OPP_TURN_DURATION
                else:
                    a1 = K.Duration[op.duration.upper()]
            elif name == "if":
                if is_field:
                    self.fail(f"{q}.op", "field abilities use the ability's condition")
                under = ab.effect[j + 1: j + 1 + op.then]
                if len(under) < op.then or any(o.op in ("choose", "select_mode", "mode", "if") for o in under):
                    self.fail(f"{q}.then", "an 'if' covers that many following ops (no choose, mode or if among them)")
                a0, a1 = self.compile_condition(op.condition, f"{q}.condition")
                a2 = op.then
            elif name == "if_done":
                problem = if_done_problem(ab.effect, j, _REPORTS_DONE)
                if problem is not None:
                    self.fail(f"{q}.{problem[0]}", problem[1])
                if any(o.op in ("choose", "select_mode", "mode", "if", "if_done") for o in ab.effect[j + 1: j + 1 + op.rows]):
                    self.fail(f"{q}.rows", "an 'if_done' covers no choose, mode, if or if_done")
                a0, a2 = int(not op.done), op.rows
            elif name == "pay":
                if op.element in ("light", "dark"):
                    self.fail(f"{q}.element", "Light and Dark CP cannot be produced; use a main element")
                a0, a1 = op.cp, -1 if op.element is None else int(K.Element[op.element.upper()])
                multi = self.elements_code(op.element, op.elements, op.cp, q)
                if multi is not None:
                    a1 = multi
                if op.may and (ab.optional or not modal):
                    self.fail(f"{q}.may", "a pay op asks 'you may' itself only in a modal ability's action (elsewhere: "
                                          "the ability is optional)")
                a2 = int(op.may)
            elif name == "source_leaves":
                if op.to == op.source_in or card.type == "summon" or no_self:
                    self.fail(f"{q}.to", "source_leaves moves a Character's own card to another zone (not in a Summon's "
                                         "or EX Burst's effect)")
                a0 = int(K.Zone.BREAK if op.to == "break_zone" else K.Zone.REMOVED)
                a1 = int(K.Zone.FIELD if op.source_in == "field" else K.Zone.BREAK)
            elif name == "reflex":
                k = next(i for i, a in enumerate(card.abilities) if a is ab)
                nxt = card.abilities[k + op.ability] if k + op.ability < len(card.abilities) else None
                if nxt is None or nxt.kind != "auto" or nxt.trigger != "reflexive" \
                        or any(a.trigger != "reflexive" for a in card.abilities[k + 1:k + op.ability]):
                    self.fail(f"{q}.op", "reflex queues a reflexive auto ability right after this one (ability: how "
                                         "many rows after it, past the others' reflexive abilities only)")
                a0 = op.ability  # that ability's row (a card's abilities are consecutive rows)
            elif name == "draw" or name == "mill":
                a0, a1 = op.count, K.Who[op.who.upper()]
            elif name == "discard":
                a0, a1, a2 = op.count, K.Who[op.who.upper()], int(op.random)
            elif name == "damage_player":
                a0, a1 = op.amount, K.Who[op.who.upper()]
            elif name == "player_damage_shield":
                a1 = K.Who[op.who.upper()]
            elif name == "search":
                if op.filter.side == "opponent":
                    self.fail(f"{q}.filter.side", "you search your own deck")
                a0 = self.compile_filter(op.filter, f"{q}.filter", zones=("deck",),
                                         characters=op.destination in ("field", "field_dull"))
                a1 = K.Destination[op.destination.upper()]
                if op.count > 1 and not op.up_to:
                    self.fail(f"{q}.count", "a search of more than one card is \"up to\" N (up_to true)")
                # a2: up to a2 > 1 cards, one SELECT_CARD each (effects SEARCH); SEARCH_MUST: a card must be taken
                # when one matches (the SELECT_CARD mask); 0: one card, or none
                a2 = op.count if op.count > 1 else K.SEARCH_MUST * int(not op.up_to)
            elif name == "put_onto_field" and op.removed:
                prev = ab.effect[j - 1] if j > 0 else None
                if op.reg is None or op.filter is not None or op.reg in break_regs or prev is None \
                        or prev.op != "remove_from_game" or prev.reg != op.reg:
                    self.fail(f"{q}.removed", "put_onto_field removed: right after remove_from_game of the same "
                                              "register of cards chosen on the field")
                a0, a1, a2 = -1, 0, K.PUT_FROM_REMOVED | K.PUT_DULL * int(op.dull)
            elif name in ("put_onto_field", "add_to_hand") and (op.reg is not None or op.filter is None):
                # the cards chosen into register reg in the Break Zone (a1 = 0 says so; a0 no filter): those still
                # there on resolution move (CR 11.11.2: a target that has left it is not affected)
                if op.reg is None or op.filter is not None or op.reg not in break_regs:
                    self.fail(f"{q}.reg", f"{name} takes a filter, or the register of a choose op with a Break Zone "
                                          "filter (not both)")
                f = break_regs[op.reg]
                if f.side != "own":
                    self.fail(f"{q}.reg", f"{name} takes a card chosen in your own Break Zone (side 'own')")
                if name == "put_onto_field" and (f.type is None or "summon" in f.type):
                    self.fail(f"{q}.reg", "put_onto_field needs the choose filter's Character type (forward/backup/"
                                          "character)")
                a0, a1, a2 = -1, 0, K.PUT_DULL * int(name == "put_onto_field" and op.dull)
            elif name == "reveal_top":
                if op.filter.side == "opponent":
                    self.fail(f"{q}.filter.side", "you reveal your own deck")
                a0 = self.compile_filter(op.filter, f"{q}.filter", zones=("deck",), characters=op.destination != "hand")
                a1, a2 = K.Destination[op.destination.upper()], int(op.else_break)
            elif name == "look_top":
                if op.filter.side == "opponent":
                    self.fail(f"{q}.filter.side", "you look at your own deck")
                if op.take > op.count:
                    self.fail(f"{q}.take", "more cards taken than looked at")
                a0 = self.compile_filter(op.filter, f"{q}.filter", zones=("deck",), characters=op.destination != "hand")
                a1 = K.Destination[op.destination.upper()] + 4 * {"bottom": 0, "break": K.LOOK_REST_BREAK,
                                                                  "top": K.LOOK_REST_TOP}[op.rest]
                a2 = op.count + K.LOOK_SPAN * op.take + K.LOOK_SPAN * K.LOOK_SPAN * (int(op.up_to) + 2 * int(op.revealed))
            elif name == "reveal_until":
                if op.filter.side == "opponent":
                    self.fail(f"{q}.filter.side", "you reveal your own deck")
                a0 = self.compile_filter(op.filter, f"{q}.filter", zones=("deck",), characters=False)
            elif name == "put_onto_field":
                if op.filter.side == "opponent":
                    self.fail(f"{q}.filter.side", "you put your own cards onto the field")
                if op.filter.type is None:
                    self.fail(f"{q}.filter.type", "put_onto_field needs a Character type (forward/backup/character)")
                a0 = self.compile_filter(op.filter, f"{q}.filter", zones=("break", "hand"), characters=True)
                a1, a2 = op.count, K.PUT_MUST * int(not op.up_to) | K.PUT_DULL * int(op.dull)
            elif name == "cast_free":
                if op.filter.side == "opponent" or op.filter.zone != "hand" or op.filter.type != ["summon"]:
                    self.fail(f"{q}.filter", "cast_free casts a Summon of your own hand (type summon, zone hand)")
                ex = ab.kind == "ex_burst" or (ab.kind == "summon" and card.ex_burst)
                if is_field or ex or j != len(ab.effect) - 1:
                    self.fail(f"{q}.op", "cast_free is the last op of an auto, action, special or summon ability")
                a0 = self.compile_filter(op.filter, f"{q}.filter", zones=("hand",), characters=False)
                a1, a2 = 1, K.PUT_MUST * int(not op.up_to)
            elif name == "remove_break_zone":
                if op.filter.zone != "break":
                    self.fail(f"{q}.filter.zone", "the cards of the Break Zones (zone 'break')")
                a0 = self.compile_filter(op.filter, f"{q}.filter", zones=("break",), characters=False)
                a1, a2 = 0, K.PUT_REMOVED
            elif name == "add_to_hand":
                if op.filter.side == "opponent":
                    self.fail(f"{q}.filter.side", "you add cards of your own Break Zone to your hand")
                a0 = self.compile_filter(op.filter, f"{q}.filter", zones=("break",), characters=False)
                a1, a2 = op.count, K.PUT_MUST * int(not op.up_to)
            elif name == "aura_power":
                if op.amount == 0:
                    self.fail(f"{q}.amount", "must not be 0")
                a0, a1 = op.amount, self.compile_filter(op.filter, f"{q}.filter", zones=("field",), characters=True)
                a2 = K.AURA_SELF_ONLY * int(op.self_only)
            elif name == "self_cost_reduction":
                if op.amount == 0 and not op.any_element:
                    self.fail(f"{q}.amount", "a reduction of 0 only with any_element")
                a0, a1, a2 = op.amount, self.compile_per(op, q), int(op.any_element) + 2 * op.floor
            elif name == "pay_only":
                if ab.condition is not None or not (op.element or op.backups or op.effects):
                    self.fail(f"{q}.op", "pay_only is an unconditional ability naming the element, Backups or effects")
                if op.effects and card.type not in ("forward", "backup"):
                    self.fail(f"{q}.effects", "only a Character is played from the hand")
                a0 = K.PAY_ONLY_ELEMENT * op.element | K.PAY_ONLY_BACKUPS * op.backups | K.NO_PLAY_BY_EFFECTS * op.effects
            elif name == "light_dark":
                if ab.condition is not None or card.type not in ("forward", "backup") or not (op.many or op.self_despite):
                    self.fail(f"{q}.op", "light_dark is an unconditional ability of a Character (many or self_despite)")
                a0 = _light_dark_bits(op)
            elif name == "must_be_chosen":
                if ab.condition is not None or card.type not in ("forward", "backup"):
                    self.fail(f"{q}.op", "must_be_chosen is an unconditional ability of a Character")
            elif name == "enters_dull":
                if ab.condition is not None or card.type not in ("forward", "backup"):
                    self.fail(f"{q}.op", "enters_dull is an unconditional ability of a Character")
            elif name == "any_element_cp":
                if ab.condition is not None or card.type != "backup":
                    self.fail(f"{q}.op", "any_element_cp is an unconditional ability of a Backup (the CP it produces)")
            elif name == "damage_mod":
                if card.type != "forward":
                    self.fail(f"{q}.op", "damage_mod is an ability of a Forward (the damage it is dealt)")
                a0, a1, a2 = K.DamageMod[op.mode.upper()], op.amount, K.DamageBy[op.by.upper()]
            elif name == "damage_mod_aura":
                if op.filter.side != "own" or op.filter.zone != "field" or not (
                        op.filter.type is None or set(op.filter.type) <= {"forward", "character"}):
                    self.fail(f"{q}.filter", "damage_mod_aura: the Forwards you control of a description")
                a0 = int(K.DamageMod[op.mode.upper()]) + K.DAMAGE_BY_SPAN * int(K.DamageBy[op.by.upper()])
                a1 = op.amount
                a2 = self.compile_filter(op.filter, f"{q}.filter", zones=("field",), characters=True)
            elif name == "damage_increase":
                if (op.dealer == "filter") != (op.filter is not None) or (op.element is not None and op.by not in ("your_summon", "summon_or_dealer")) \
                        or (op.by in ("summon_or_dealer", "summon_or_ability") and op.dealer != "filter"):
                    self.fail(f"{q}.op", "damage_increase: a filter with dealer 'filter' only; an element with by "
                                         "'your_summon' only")
                if op.dealer == "self" and card.type != "forward":
                    self.fail(f"{q}.op", "damage_increase of the damage <this> deals: an ability of a Forward")
                if op.double == (op.amount > 0):
                    self.fail(f"{q}.amount", "damage_increase: an amount > 0, or double")
                a0 = K.DAMAGE_DOUBLE if op.double else op.amount
                a1 = K.DEALER_SELF if op.dealer == "self" else K.DEALER_ANY if op.dealer == "any" else \
                    self.compile_filter(op.filter, f"{q}.filter", zones=("field",), characters=True)
                a2 = int(K.IncreaseBy[op.by.upper()]) + K.INCREASE_ELEMENT_SPAN * (
                    0 if op.element is None else 1 + int(K.Element[op.element.upper()]))
            elif name == "must_attack":
                if card.type != "forward":
                    self.fail(f"{q}.op", "must_attack is an ability of a Forward")
            elif name == "attack_twice":
                if card.type != "forward":
                    self.fail(f"{q}.op", "attack_twice is an ability of a Forward")
            elif name == "party_any_element":
                if op.filter is None and card.type != "forward":
                    self.fail(f"{q}.op", "party_any_element on <this>: an ability of a Forward")
                for fname, fl in (("filter", op.filter), ("partner", op.partner)):
                    if fl is not None and (fl.side != "own" or fl.zone != "field" or fl.type is None
                                           or set(fl.type) != {"forward"}):
                        self.fail(f"{q}.{fname}", "party_any_element: Forwards you control of a description")
                a0 = K.PARTY_SELF if op.filter is None else \
                    self.compile_filter(op.filter, f"{q}.filter", zones=("field",), characters=True)
                a1 = K.PARTY_ANY if op.partner is None else \
                    self.compile_filter(op.partner, f"{q}.partner", zones=("field",), characters=True)
            elif name == "undullable" or name == "no_activate":
                pass  # its condition (if any) is read where a card is dulled / activated: effects.field_op_bits
            elif name == "unchoosable":
                a0 = K.UNCHOOSABLE_BY_SUMMONS * ("summons" in op.by) | K.UNCHOOSABLE_BY_ABILITIES * ("abilities" in op.by)
            elif name == "aura_unchoosable":
                a0 = K.UNCHOOSABLE_BY_SUMMONS * ("summons" in op.by) | K.UNCHOOSABLE_BY_ABILITIES * ("abilities" in op.by)
                a1 = self.compile_filter(op.filter, f"{q}.filter", zones=("field",), characters=True)
            elif name == "unblockable_by":
                a0 = self.compile_filter(op.filter, f"{q}.filter", zones=("field",), characters=True)
            elif name == "aura_power_per":
                if op.amount == 0:
                    self.fail(f"{q}.amount", "must not be 0")
                if (op.filter is None) != (op.per == "damage"):
                    self.fail(f"{q}.filter", "per 'card' counts the cards of a filter; per 'damage' has none")
                a0, a2 = op.amount, int(op.per == "damage")
                a1 = -1 if op.filter is None else self.compile_filter(op.filter, f"{q}.filter", zones=("field", "break"),
                                                                      characters=op.filter.zone == "field")  # fmt: skip
            elif name == "aura_keyword":
                a0 = bits(op.keywords, K.KEYWORD_BITS)
                a1 = self.compile_filter(op.filter, f"{q}.filter", zones=("field",), characters=True)
                a2 = K.AURA_SELF_ONLY * int(op.self_only)
            elif name == "cost_reduction":
                if op.amount == 0 and not op.any_element:
                    self.fail(f"{q}.amount", "a reduction of 0 only with any_element")
                a0, a1 = op.amount, self.compile_filter(op.filter, f"{q}.filter", zones=("hand",), characters=False)
                a2 = int(op.any_element)
            elif name == "aura_restrict":
                a0 = bits(op.restrictions, _RESTRICT_BITS)
                if a0 & K.RESTRICT_LOST_KEYWORDS:
                    # (characteristics.refresh_derived reads a loss from the cards' own modifiers only)
                    self.fail(f"{q}.restrictions", "a field ability does not take keywords away (an effect's loss only)")
                a1 = self.compile_filter(op.filter, f"{q}.filter", zones=("field",), characters=True)
                a2 = K.AURA_SELF_ONLY * int(op.self_only)
            self.code_rows.append([int(EFFECT_OPS[name]), reg, a0, a1, a2])

    def compile_filter(self, f: FFFilter, p: str, zones: tuple[str, ...], characters: bool) -> int:
        self.check_filter(f, p, zones, ranges=("cost", "power"))
        if characters and "summon" in (f.type or ()):
            self.fail(f"{p}.type", "only Characters can be chosen or put onto the field here")
        if f.state != "any" and f.zone != "field":
            self.fail(f"{p}.state", "state only applies to cards on the field")
        alt = 0
        if f.alt is not None:
            if f.alt.zone != f.zone or f.alt.side != f.side:
                self.fail(f"{p}.alt", "an alternative filter has the zone and side of its filter")
            alt = 1 + self.compile_filter(f.alt, f"{p}.alt", zones, characters)
        row = self.new_row(self.K.FILTER_TABLE, f, p)
        row[K.F_EXCLUDE_SELF] |= alt << K.FILTER_ALT_SHIFT
        if f.exclude_name is not None:
            if f.name is not None:
                self.fail(f"{p}.exclude_name", "a name and a name other than it")
            if f.exclude_name in self.name_ids:
                row[K.F_NAME] = -self.name_ids[f.exclude_name]  # filters.passes_name
        return self.add_filter(row)


def _cost_nonempty(c: FFCost) -> bool:
    return bool(c.cp or c.dull or c.discard or c.break_self or c.dull_characters or c.break_characters)


def compile_fftcg_pool(cards: list[FFCard]) -> FFCardTable:
    """Check pool-level rules and compile card models into the kernels' int32 tables."""
    return _Compiler(list(cards)).run()
