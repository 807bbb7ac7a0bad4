"""The card format of FF-TCG under the 2014 rules: FF-TCG's (``tcg_env.games.fftcg.cards``) with
the 2014 card types and keywords (docs/fftcg_2014/card-format.md).

A card file of FF-TCG 2016 loads here unchanged. What this format adds:

* types ``monster`` (2014 CR 7.11), ``weapon`` / ``armor`` / ``accessory`` (Items, 11.4; ``equips``:
  the characters that may equip it, 5.2.3.1.3.2) and ``formation`` (7.12; ``formation_condition``);
* card keywords ``party`` (the party icon, 15.2.8) and ``level_up`` (15.2.4), and the fields
  ``link`` (15.2.5), ``war_god`` (15.2.7), ``overdrive`` (15.2.9) and ``combination`` (15.2.17);
* ability keywords ``assist`` (15.2.6), ``awakening`` (15.2.10), ``blue_magic`` (15.2.11),
  ``remove`` (15.2.12), ``job_change`` (15.2.13), ``flash`` (15.2.14) and ``junction`` (15.2.15);
  the compiler writes the effect of those whose effect the rules give (Awakening, Remove, Job
  Change, Level UP, Link, and Assist's first step);
* the filter key ``equipped_by_source`` (the character the Item equips) and the conditions
  ``overdrive_paid``, ``junctioned``, ``equipped`` and ``monsters_at_least``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal, Union

import numpy as np
from pydantic import BeforeValidator, Field

from tcg_env.cards.base import StrictModel
from tcg_env.cards.pool import CardFeatures, card_file_functions
from tcg_env.games.fftcg import cards as C16
from tcg_env.games.fftcg_2014 import constants as K

TypeName = Literal["forward", "backup", "summon", "monster", "weapon", "armor", "accessory", "formation"]
FilterTypeName = Literal["forward", "backup", "character", "summon", "monster", "item", "weapon", "armor",
                         "accessory", "formation", "any"]
ConditionName = Literal[C16.ConditionName, "overdrive_paid", "junctioned", "equipped", "monsters_at_least"]
TriggerName = Literal[C16.TriggerName, "breaks_forward_self"]
# "level_up" is written by the compiler for the card keyword (2014 CR 15.2.4.2), never in a card file
AbilityKeyword = Literal["assist", "awakening", "blue_magic", "remove", "job_change", "flash", "junction", "level_up"]
_as_list = C16._as_list
ElementList = Annotated[list[C16.ElementName], BeforeValidator(_as_list), Field(min_length=1)]


class Filter(C16.FFFilter):
    type: Annotated[list[FilterTypeName], BeforeValidator(_as_list), Field(min_length=1)] | None = None
    equipped_by_source: bool = False  # the character the source Item equips (2014 CR 15.1.1.11)


_OP_MODELS = C16.effect_op_models(__name__, Filter)
EffectOp = Annotated[Union[_OP_MODELS], Field(discriminator="op")]  # noqa: UP007


class Condition(C16.FFCondition):
    kind: ConditionName
    value: int | str = 0


class Link(StrictModel):
    """2014 CR 15.2.5.2: "Link - element (cost)"."""

    elements: ElementList
    cost: int = Field(ge=0, le=20)


class Combination(StrictModel):
    """2014 CR 15.2.17.3: the names after the "-" and the reduction in the "()"."""

    names: Annotated[list[str], Field(min_length=1, max_length=2)]
    reduction: int = Field(ge=1, le=10)


class Ability(C16.FFAbility):
    trigger: TriggerName | None = None
    trigger_filter: Filter | None = None
    condition: Condition | None = None
    keyword: AbilityKeyword | None = None
    up_to_cost: int | None = Field(default=None, ge=0, le=20)  # Job Change (number)
    effect: list[EffectOp] = Field(default_factory=list, max_length=24)


class Card(C16.FFCard):
    type: TypeName
    keywords: Annotated[list[Literal[C16.KeywordName, "party", "level_up"]], BeforeValidator(_as_list)] = Field(
        default_factory=list)
    abilities: list[Ability] = Field(default_factory=list)
    equips: Annotated[list[Literal["forward", "backup", "monster", "character"]], BeforeValidator(_as_list)] | None = None
    formation_condition: Condition | None = None
    link: Link | None = None
    war_god: str | None = Field(default=None, min_length=1)  # the job in War God's ()
    overdrive: int = Field(default=0, ge=0, le=10)  # the Overdrive's CP (colourless, docs)
    combination: Combination | None = None


_ITEMS = ("weapon", "armor", "accessory")
_SELF_CONDITIONS = ("overdrive_paid", "junctioned", "equipped")  # about the ability's own character
_CHARACTERS = ("forward", "backup", "monster")


class _Compiler(C16._Compiler):
    K = K
    NCOLS = (K.C_NCOLS, K.A_NCOLS, K.F_NCOLS, K.I_NCOLS)

    def intern_card(self, card: Card) -> None:
        super().intern_card(card)
        if card.war_god:
            self._intern(self.job_ids, card.war_god)

    def __init__(self, cards: list):
        super().__init__(cards)
        self.abilities_of: dict[int, list] = {}

    def extra_table_fields(self) -> dict:
        return {**super().extra_table_fields(), "abilities_of": self.abilities_of}

    def compile_card(self, cid: int, card: Card) -> None:
        self._card_checks(card)
        card = card.model_copy(update={"abilities": list(card.abilities) + self._keyword_abilities(card),
                                       "keywords": [k for k in card.keywords if k != "level_up"]})
        super().compile_card(cid, card)
        self.abilities_of[cid] = card.abilities  # the card file's and the rules' (ability_source points at both)
        row = self.card_rows[-1]
        row[K.C_HAND_ABILITY] = -1
        first = row[K.C_ABIL_START]
        for k, ab in enumerate(card.abilities):
            a = self.ab_rows[first + k]
            a[K.A_YOUR_TURN_ONLY] = int(ab.keyword in ("awakening", "job_change"))
            a[K.A_JUNCTION] = int(ab.keyword == "junction")
            a[K.A_ASSIST] = int(ab.keyword == "assist")
            if ab.keyword in ("flash", "blue_magic"):  # used from the hand only (15.2.11.4, 15.2.14.5)
                row[K.C_HAND_ABILITY] = first + k
                acts = [r for r in (row[K.C_ACT0], row[K.C_ACT1]) if r != first + k] + [-1]
                row[K.C_ACT0], row[K.C_ACT1] = acts[0], acts[1]
            row[K.C_JUNCTION] |= int(ab.keyword == "junction")
        if card.formation_condition is not None:
            row[K.C_FORMATION_CONDITION], row[K.C_FORMATION_CONDITION_ARG] = self._condition(card.formation_condition, "formation_condition")
        if card.combination is not None:
            for j, name in enumerate(card.combination.names):
                row[K.C_COMBINATION_NAME0 + j] = self.interned(self.name_ids, name, f"combination.names[{j}]", "card name")
            row[K.C_COMBINATION_REDUCTION] = card.combination.reduction

    def _card_checks(self, card: Card) -> None:
        t = card.type
        if (card.equips is not None) != (t in _ITEMS):
            self.fail("equips", "Items (weapon, armor, accessory) and only they name who may equip them")
        if (card.formation_condition is not None) != (t == "formation"):
            self.fail("formation_condition", "Formations and only they have a formation condition (2014 CR 7.12.1.3)")
        for key in ("job", "overdrive", "combination"):
            if t not in _CHARACTERS and getattr(card, key):
                self.fail(key, f"only characters have a {key} (a {t} has none)")
        if card.ex_burst and t not in (*_CHARACTERS, "summon"):
            self.fail("ex_burst", "only Summons and characters have an EX Burst (2014 CR 11.11.1)")
        if card.formation_condition is not None and card.formation_condition.kind in _SELF_CONDITIONS:
            self.fail("formation_condition.kind", f"{card.formation_condition.kind} is about a character, "
                      "not a player: a Formation cannot have it")
        if card.war_god and t != "summon":
            self.fail("war_god", "War God is a Summon's (2014 CR 15.2.7.1)")
        if (card.link or "level_up" in card.keywords or "party" in card.keywords) and t != "forward":
            self.fail("keywords", "Link, Level UP and the party icon are Forwards' (2014 CR 15.2.4, 15.2.5, 15.2.8)")
        has_od = any(a.condition is not None and a.condition.kind == "overdrive_paid" for a in card.abilities)
        if bool(card.overdrive) != has_od:
            self.fail("overdrive", "an Overdrive cost goes with an auto ability of condition 'overdrive_paid'")
        allowed = {"assist": ("backup",), "awakening": _CHARACTERS, "blue_magic": ("monster",), "remove": _ITEMS,
                   "job_change": _CHARACTERS, "flash": ("forward", "backup"), "junction": ("forward",)}
        hand = 0
        for k, ab in enumerate(card.abilities):
            p = f"abilities[{k}]"
            kw = ab.keyword
            if kw == "level_up":
                self.fail(f"{p}.keyword", "level_up is a card keyword (keywords = [\"level_up\"])")
            if kw is not None and t not in allowed[kw]:
                self.fail(f"{p}.keyword", f"{kw} is not an ability of a {t} (2014 CR 15.2)")
            want = "auto" if kw == "assist" else "action" if kw else None
            if kw and ab.kind != want:
                self.fail(f"{p}.kind", f"{kw} is an {want} ability")
            if (kw == "job_change") != (ab.up_to_cost is not None):
                self.fail(f"{p}.up_to_cost", "Job Change and only it has up_to_cost (its number)")
            if kw in ("flash", "blue_magic") and ab.cost is not None and (ab.cost.dull or ab.cost.discard
                                                                         or ab.cost.break_self):
                self.fail(f"{p}.cost", f"{kw} costs CP only (the card itself is discarded, 2014 CR 15.2.14.3)")
            if kw in ("awakening", "remove", "job_change") and ab.effect:
                self.fail(f"{p}.effect", f"the rules give {kw}'s effect: leave it out")
            if kw not in ("awakening", "remove", "job_change", "junction") and not ab.effect:
                self.fail(f"{p}.effect", "an ability needs an effect")
            hand += kw in ("flash", "blue_magic")
            if kw == "assist" and ab.trigger != "enters_self":
                self.fail(f"{p}.trigger", "Assist triggers when the Backup enters the field (enters_self)")
        if hand > 1:
            self.fail("abilities", "at most one Flash / Blue Magic ability per card")

    def _keyword_abilities(self, card: Card) -> list[Ability]:
        """The abilities the rules write for Level UP and Link (2014 CR 15.2.4.2, 15.2.5.2)."""
        out = []
        if "level_up" in card.keywords:
            for trig in ("breaks_forward_self", "deals_damage_to_player_self"):
                out.append(Ability(kind="auto", trigger=trig, optional=True, keyword="level_up"))
        if card.link is not None:
            flt = Filter(side="own", type="forward", zone="hand", element=card.link.elements, cost_max=card.link.cost)
            put = {"op": "put_onto_field", "filter": flt, "count": 1}
            out.append(Ability(kind="auto", trigger="enters_self", effect=[put]))
        return out

    def compile_effect(self, card: Card, ab: Ability, p: str) -> None:
        kw = ab.keyword
        if kw in ("level_up", "awakening"):
            # Level UP: this Forward to the Break Zone, then a Forward of its name from the deck onto
            # the field dull (15.2.4.2); Awakening: a card of its name onto the field (15.2.10.2)
            level_up = kw == "level_up"
            flt = Filter(side="own", zone="deck", type="forward" if level_up else "character", name=card.name)
            frow = self.compile_filter(flt, f"{p}.keyword", zones=("deck",), characters=True)
            where = K.Destination.FIELD_DULL if level_up else K.Destination.FIELD
            self.code_rows += [[K.Op.SOURCE_TO_BREAK_ZONE, 0, 0, 0, 0]] * level_up + [[K.Op.SEARCH, 0, frow, where, 0]]
            return
        if kw == "assist":
            self.code_rows.append([K.Op.SOURCE_TO_BREAK_ZONE, 0, 0, 0, 0])  # 2014 CR 15.2.6.2
        elif kw == "remove":
            self.code_rows.append([K.Op.RETURN_SOURCE_TO_HAND, 0, 0, 0, 0])  # 2014 CR 15.2.12.2
            return
        elif kw == "job_change":  # 2014 CR 15.2.13.2: a Backup of cost (number) or less from your hand
            flt = Filter(side="own", type="backup", zone="hand", cost_max=ab.up_to_cost)
            frow = self.compile_filter(flt, f"{p}.up_to_cost", zones=("hand",), characters=True)
            self.code_rows.append([K.Op.PUT_ONTO_FIELD, 0, frow, 1, 0])
            return
        super().compile_effect(card, ab, p)

    def compile_filter(self, f: Filter, p: str, zones: tuple[str, ...], characters: bool) -> int:
        if characters and set(f.type or ()) & {"item", "formation", *_ITEMS}:
            self.fail(f"{p}.type", "only characters can be chosen or put onto the field here")
        if characters and f.type is None:  # as in FF-TCG, where every card on the field is a character
            f = f.model_copy(update={"type": ["character"]})
        return super().compile_filter(f, p, zones, characters)

    def _condition(self, c: Condition, p: str) -> tuple[int, int]:
        if c.kind == "job_on_field":
            return K.Condition.JOB_ON_FIELD, self.interned(self.job_ids, str(c.value), f"{p}.value", "job")
        if not isinstance(c.value, int) or c.value < 0:
            self.fail(f"{p}.value", "must be a count >= 0")
        return K.Condition[c.kind.upper()], c.value


# what the effect the rules write for a keyword does, in words (``CardTable.ability_summary``)
RULES_EFFECTS = {"remove": "back to its owner's hand", "awakening": "a card of its name from the deck onto the field",
                 "job_change": "a Backup from the hand onto the field", "junction": "becomes Junctioned",
                 "level_up": "to the Break Zone, then a Forward of its name from the deck onto the field dull"}


@dataclass(kw_only=True)
class CardTable(C16.FFCardTable):
    GAME = "fftcg_2014"
    TYPE_NAMES = tuple(t.name.lower() for t in K.CardType)
    abilities_of: dict = field(default_factory=dict)  # card id -> its abilities, the rules' (Level UP, Link) included

    def card_obs_features(self) -> np.ndarray:
        return card_obs_features(self.cards)

    def in_play_pool_flags(self, in_play: np.ndarray) -> None:
        return None  # the whole code table's row: the rules' abilities (Level UP, Link) are not the cards' A_CARD runs

    def kernel_flags(self) -> np.ndarray:
        # the derived values' field part is never kept under these rules: their filters and conditions read words
        # FF-TCG 2016's derived_deps does not know (the character an Item equips, Overdrive, Junction ...), so every
        # card reads "anything" (FL_DERIVED_DEPS -1, characteristics.refresh_derived computes it every time)
        return C16.ff_kernel_flags(self.cards, self.code)

    def ability_model(self, row: int):
        """The model of ability ``row``, the rules' abilities (Level UP, Link) included."""
        cid, k = self.ability_source[row]
        return self.abilities_of[cid][k]

    def ability_summary(self, row: int) -> str:
        """FF-TCG's, led by the ability's 2014 keyword (``Flash: choose 1 -> power 3000``); the effect
        the rules give a keyword in words (``Remove: back to the hand``)."""
        kw = self.ability_model(row).keyword
        text = super().ability_summary(row).split(": ", 1)[-1]
        return f"{kw.replace('_', ' ').title().replace('Up', 'UP')}: {RULES_EFFECTS.get(kw, text)}" if kw else \
            super().ability_summary(row)

    def describe_card(self, card_id: int) -> str:
        row = self.cards[card_id]
        elem = K.ELEMENT_NAMES[int(row[K.C_ELEMENT])].capitalize()
        out = f"{self.names[card_id]} [{self.numbers[card_id]}] {elem} {K.CardType(int(row[K.C_TYPE])).name.capitalize()}"
        out += f" {int(row[K.C_COST])} CP"
        return out + (f" {int(row[K.C_POWER])}" if row[K.C_TYPE] == K.CardType.FORWARD else "")


def card_obs_features(cards: np.ndarray) -> np.ndarray:
    """FF-TCG's static observation columns; the type one-hot names the 2016 types only (the 2014
    types are columns of the variant's own block, observation.py)."""
    f = CardFeatures(cards, K.CARD_OBS_FEATURES)
    f.one_hot(1, K.C_ELEMENT)
    f.scaled(12, K.C_COST, 10.0)
    f.scaled(13, K.C_POWER, 10000.0)
    f.bits(17, K.C_KEYWORDS, (K.KW_HASTE, K.KW_BRAVE, K.KW_FIRST_STRIKE))
    f.card_ids(25)
    out = f.array()
    for t in range(3):
        out[:, 9 + t] = cards[:, K.C_TYPE] == t
    return out


_Compiler.TABLE = CardTable


def default_pool_path():
    from pathlib import Path

    return Path(__file__).resolve().parent / "data" / "cards.toml"


def compile_pool(cards: list[Card]) -> CardTable:
    return _Compiler(list(cards)).run()


parse_cards, load_cards, load_pool = card_file_functions("FF-TCG 2014", Card, default_pool_path, compile_pool,
                                                         skip=C16._TAGS)
