"""The Dragon Ball Super Card Game's cards: the schema of a card file (``data/cards.toml``, validated
by pydantic) and its compiler into the kernels' tables (constants.CARD_TABLE, ABILITY_TABLE,
FILTER_TABLE and the code rows). One card row per printed side: a Leader's back side is a card of
its own (``side = "back"``) that its front names in ``back``. Rule numbers: dbscg-rules-1.073.txt.
The format: docs/dbscg/cards.md."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Annotated, Any, Literal, Union

import numpy as np
from pydantic import Field

from tcg_env.cards.base import CardBase, FilterBase, StrictModel
from tcg_env.cards.ops import op_codes, op_model, reg_ops, targeting_ops
from tcg_env.cards.pool import CardFeatures, CardTable, PoolCompiler, bits, card_file_functions
from tcg_env.engine.tables import pack_tables
from tcg_env.games.dbscg import constants as K

__all__ = ["DbscgCard", "Ability", "DbscgFilter", "HandSkillModel", "DbscgCardTable", "CARD_STATIC", "EFFECT_OPS",
           "parse_dbscg_cards", "load_dbscg_cards", "load_dbscg_pool"]


def _names(enum: Any, skip: tuple = ()) -> Any:
    """``Literal["a", "b"...]``: the lower-case names of an enum's members, less ``skip``."""
    return Literal[tuple(m.name.lower() for m in enum if m not in skip)]


ColourName = _names(K.Colour)
KeywordName = _names(K.Keyword)
TypeName = _names(K.CardType)
DurationName = _names(K.Duration)
WhoName = Literal["controller", "opponent"]
ConditionName = _names(K.Condition, (K.Condition.NONE,))
NonNeg = Annotated[int, Field(ge=0, le=99)]
Reg = Annotated[int, Field(ge=0, le=K.N_REGS - 1)]
Count = Annotated[int, Field(ge=1, le=K.TARGET_MAX)]
N = Annotated[int, Field(ge=1, le=10)]
Power = Annotated[int, Field(ge=0, le=200000)]
_WHO = {"controller": 0, "opponent": 1}


class DbscgFilter(FilterBase):
    """Which cards, seen from the skill's controller (``side``): where (``zone``), what (types,
    colours, character, trait), how big (power, energy cost) and in which mode; ``name`` (of
    FilterBase) is a card name (card text's "{Name}"), ``character`` a character name (2-5)."""

    zone: _names(K.FZone) = "battle"
    types: list[TypeName] = Field(default_factory=list)
    colours: list[ColourName] = Field(default_factory=list)
    power_max: Power | None = None
    cost_max: NonNeg | None = None
    cost_min: NonNeg | None = None
    character: str | None = Field(default=None, min_length=1)
    trait: str | None = Field(default=None, min_length=1)
    traits_any: list[Annotated[str, Field(min_length=1)]] = Field(default_factory=list)  # "<<A>> or <<B>>": either
    mode: _names(K.Mode) = "any"
    not_self: bool = False
    ignore_barrier: bool = False  # "ignoring [Barrier]": the opponent's [Barrier] cards can be chosen (10-16)
    top: Annotated[int, Field(ge=0, le=K.DECK_SIZE)] = 0  # zone "deck": only its top X cards (11-6); 0: all
    attacking: bool = False  # only the attack card of the battle ("your attacking card", 7-1)
    keyword: KeywordName | None = None  # "with [Blocker]": cards that have the keyword now


CondValue = Annotated[int, Field(ge=0, le=200000)]  # a count, a life, a power or colour bits


class ConditionModel(StrictModel):
    """A condition and its argument; ``leader_character`` / ``leader_trait`` name theirs
    (``character`` / ``trait``: the pool compiler turns it into the id / bit)."""

    kind: ConditionName
    value: CondValue = 0
    character: str | None = Field(default=None, min_length=1)
    trait: str | None = Field(default=None, min_length=1)


class CostModel(StrictModel):
    """A skill's cost (8-4-2): energy to rest, of which ``colour_count`` of ``colour``; hand cards to
    discard; resting this card; Life cards to the hand or to the Drop Area (face down: the engine
    takes the top ones, as for damage 4-10-2)."""

    energy: NonNeg = 0
    colour: ColourName | None = None
    colour_count: NonNeg = 0
    discard: Annotated[int, Field(ge=0, le=5)] = 0
    rest_self: bool = False
    life: Annotated[int, Field(ge=0, le=8)] = 0  # Life cards to the hand ("choose 1 card in your life and add it to your hand")
    life_drop: Annotated[int, Field(ge=0, le=8)] = 0  # Life cards to the Drop Area
    self_drop: bool = False  # "Place this card in its owner's Drop Area" (a Battle Card in play)


class HandSkillModel(StrictModel):
    """The keyword a card is played with from the hand another way (Evolve 10-5, Union 10-13, Over
    Realm 10-15, Dark Over Realm 10-25): its energy cost (``colour_count`` of it ``colour``), the
    named character(s), ``x`` (Over Realm: cards in the Drop; Evolve: the base's least energy cost)."""

    kind: _names(K.HandSkill, (K.HandSkill.NONE,))
    energy: NonNeg = 0
    colour: ColourName | None = None
    colour_count: NonNeg = 0
    character: str | None = Field(default=None, min_length=1)
    character2: str | None = Field(default=None, min_length=1)
    x: NonNeg = 0


# ---- effect ops (tagged by ``op``; the shared op model: tcg_env.cards.ops) ----------------------
_M = __name__
OpChoose, OpSelectAll, OpTargetSelf = targeting_ops(_M, DbscgFilter, Reg, Count)
OpPower = op_model("power", _M, amount=Annotated[int, Field(ge=-200000, le=200000)],
                   duration=(DurationName, "end_of_turn"), reg=(Reg, 0))
OpPowerPerEnergy = op_model("power_per_energy", _M, amount=Annotated[int, Field(ge=-200000, le=200000)],
                            duration=(DurationName, "end_of_turn"), reg=(Reg, 0))
OpGrantKeyword = op_model("grant_keyword", _M, keywords=Annotated[list[KeywordName], Field(min_length=1)],
                          duration=(DurationName, "end_of_turn"), reg=(Reg, 0))
OpKo, OpRest, OpActive, OpToHand, OpToDrop, OpToWarp, OpToEnergy, OpToLife, OpPlay, OpSwitchGuard = reg_ops(
    _M, Reg, "ko", "rest", "active", "to_hand", "to_drop", "to_warp", "to_energy", "to_life", "play", "switch_guard")
OpDraw = op_model("draw", _M, count=(N, 1), who=(WhoName, "controller"))
OpDiscard = op_model("discard", _M, count=(N, 1), who=(WhoName, "controller"), random=(bool, False))
OpCharge = op_model("charge", _M, count=(N, 1), who=(WhoName, "controller"), rest=(bool, False))
OpGainLife = op_model("gain_life", _M, count=(N, 1))
OpDamage = op_model("damage", _M, count=(N, 1), who=(WhoName, "opponent"))
OpMill = op_model("mill", _M, count=(N, 1), who=(WhoName, "controller"))
OpNegate = op_model("negate", _M)
OpToken = op_model("token", _M, card=str, count=(Annotated[int, Field(ge=1, le=K.TOKEN_SLOTS)], 1))
OpShuffle = op_model("shuffle", _M)
OpLifeToHand = op_model("life_to_hand", _M, count=(N, 1))
OpHandToWarp = op_model("hand_to_warp", _M, count=(N, 1), who=(WhoName, "controller"))
OpWin = op_model("win", _M)
OpIf = op_model("if", _M, condition=ConditionName, value=(CondValue, 0), skip=(Annotated[int, Field(ge=1, le=20)], 1),
                character=(str | None, None), trait=(str | None, None))

_OP_MODELS = (
    OpChoose, OpSelectAll, OpTargetSelf, OpPower, OpPowerPerEnergy, OpGrantKeyword, OpKo, OpRest, OpActive, OpToHand, OpToDrop,
    OpToWarp, OpToEnergy, OpToLife, OpPlay, OpSwitchGuard, OpDraw, OpDiscard, OpCharge, OpGainLife, OpDamage,
    OpMill, OpNegate, OpToken, OpShuffle, OpLifeToHand, OpHandToWarp, OpWin, OpIf,
)  # fmt: skip
EffectOp = Annotated[Union[_OP_MODELS], Field(discriminator="op")]  # noqa: UP007
EFFECT_OPS: dict[str, K.Op] = op_codes(_OP_MODELS, K.Op)  # op name in card files -> constants.Op
_TARGETING = {"choose", "select_all", "target_self"}
_ON_REGISTER = {"power", "power_per_energy", "grant_keyword", "ko", "rest", "active", "to_hand", "to_drop", "to_warp", "to_energy",
                "to_life", "play", "switch_guard"}  # fmt: skip


class Ability(StrictModel):
    """A skill (8-1-2): its kind, its trigger ([Auto]), condition and cost, the keyword numbers that
    gate it ([Burst X] 10-30, [Sparking X] 10-29, [Bond X] 10-23), what a [Permanent] skill gives
    this card (``power``, ``keywords``), ``x`` ([Wish] 10-28, [Swap] 10-24) and its effect."""

    kind: _names(K.AbilityKind)
    trigger: _names(K.Trigger, (K.Trigger.NONE,)) | None = None
    condition: ConditionModel | None = None
    condition2: ConditionModel | None = None  # a second condition that must hold too ("During your turn, if ...")
    cost: CostModel = Field(default_factory=CostModel)
    burst: NonNeg = 0
    sparking: NonNeg = 0
    bond: NonNeg = 0
    once_per_turn: bool = False
    optional: bool = False
    power: Annotated[int, Field(ge=-200000, le=200000)] = 0
    keywords: list[KeywordName] = Field(default_factory=list)
    cost_reduction: Annotated[int, Field(ge=0, le=10)] = 0  # [Permanent]: the energy cost in the hand, less this
    x: NonNeg = 0
    effect: Annotated[list[EffectOp], Field(max_length=24)] = Field(default_factory=list)


class DbscgCard(CardBase):
    type: TypeName
    colours: Annotated[list[ColourName], Field(min_length=1, max_length=2)]  # 2-4
    energy: NonNeg = 0  # 2-11: the total cost
    specified: dict[ColourName, Annotated[int, Field(ge=1, le=11)]] = Field(default_factory=dict)  # 2-11-1-1
    power: Power = 0  # 2-8
    combo_power: Power = 0  # 2-9
    combo_cost: Annotated[int, Field(ge=-1, le=9)] = -1  # 2-10, -1: none
    character: str | None = Field(default=None, min_length=1)  # 2-5
    traits: list[Annotated[str, Field(min_length=1)]] = Field(default_factory=list)  # 2-6
    era: str | None = Field(default=None, min_length=1)  # 2-7
    keywords: list[KeywordName] = Field(default_factory=list)
    back: str | None = Field(default=None, min_length=1)  # a Leader's back side (2-3-2-1-2)
    side: Literal["front", "back"] = "front"
    token: bool = False  # 10-18: made by effects only, never in a deck
    hand_skill: HandSkillModel | None = None
    abilities: Annotated[list[Ability], Field(max_length=8)] = Field(default_factory=list)


# ---- the compiled pool --------------------------------------------------------------------------
#: the static observation columns per card (observation.py copies them per card): constants.CARD_STATIC
CARD_STATIC = K.CARD_STATIC
_OBS_KEYWORDS = CARD_STATIC[13:22]
_COUNTERS = ("counter_play", "counter_attack", "counter_counter")
_ACTIVATES = ("activate_main", "activate_battle", "awaken", "wish", "swap", "union_absorb")
_KIND_WORDS = {"activate_main": "[Activate: Main]", "activate_battle": "[Activate: Battle]",
               "counter_play": "[Counter: Play]", "counter_attack": "[Counter: Attack]",
               "counter_counter": "[Counter: Counter]", "union_absorb": "[Union-Absorb]"}  # fmt: skip
_TRIGGER_WORDS = {"on_play": "when played", "on_attack": "when it attacks", "on_attacked": "when it is attacked",
                  "on_ko": "when KO-ed", "on_deal_damage": "when it deals damage",
                  "on_ko_battle": "when it KOs in battle",
                  "on_combo": "when comboed with", "start_main": "at the start of your Main Phase",
                  "end_turn": "at the end of your turn", "end_battle": "at the end of the battle",
                  "ally_attacks": "when one of your cards attacks",
                  "on_evolve": "when a card evolves into it", "on_play_from_hand": "when played from the hand"}  # fmt: skip
_NEGATED = {"counter_play": "the card played", "counter_attack": "the attack", "counter_counter": "the counter"}


@dataclass(kw_only=True)
class DbscgCardTable(CardTable):
    """A compiled pool: the shared fields and the interned characters, eras and special traits."""

    GAME = "dbscg"
    ABIL_START_COL, ABIL_COUNT_COL, ABIL_KIND_COL = K.C_ABIL_START, K.C_ABIL_COUNT, K.A_KIND
    PACK = staticmethod(pack_tables)
    character_ids: dict[str, int]
    era_ids: dict[str, int]
    trait_bits: dict[str, int]  # special trait -> its bit in C_TRAITS / F_TRAIT

    def card_obs_features(self) -> np.ndarray:
        """The static observation columns of :data:`CARD_STATIC` per card id."""
        f = CardFeatures(self.cards, len(CARD_STATIC))
        f.one_hot(1, K.C_TYPE)
        f.bits(4, K.C_COLOURS, K.COLOUR_BITS.values())
        f.scaled(9, K.C_COST, 10.0)
        f.scaled(10, K.C_POWER, 10000.0)
        f.scaled(11, K.C_COMBO_POWER, 10000.0)
        f.f[:, 12] = np.maximum(self.cards[:, K.C_COMBO_COST], 0) / 5.0
        f.bits(13, K.C_KEYWORDS, [K.KEYWORD_BITS[k] for k in _OBS_KEYWORDS])
        f.f[:, 23] = self.cards[:, K.C_HAND_SKILL] != K.HandSkill.NONE
        for cid, m in enumerate(self.models):
            kinds = {a.kind for a in m.abilities}
            f.f[cid, 22] = bool(kinds & set(_COUNTERS))
            f.f[cid, 24] = "auto" in kinds
            f.f[cid, 25] = bool(kinds & set(_ACTIVATES))
        return f.array()

    def describe_card(self, card_id: int) -> str:
        """One line, e.g. ``Rook, Ember Cadet [DS1-003] red Battle 1 (1 red) 10000, combo 5000 / 0``."""
        m = self.models[card_id]
        out = f"{m.name} [{m.number}] {'/'.join(m.colours)} {m.type.capitalize()}" + (" (back)" * (m.side == "back"))
        if m.type != "leader":
            spec = ", ".join(f"{n} {c}" for c, n in m.specified.items())
            out += f" {m.energy}" + (f" ({spec})" if spec else "")
        out += f" {m.power}" if m.type != "extra" else ""
        return out + (f", combo {m.combo_power} / {m.combo_cost}" if m.combo_cost >= 0 else "")

    def ability_summary(self, row: int) -> str:
        """A skill in a few words: ``[Auto] when played: draw 1``, ``[Counter: Attack] negate the attack``."""
        cid, k = self.ability_source[row]
        ab = self.models[cid].abilities[k]
        head = _KIND_WORDS.get(ab.kind, f"[{ab.kind.capitalize()}]")
        head += "".join(f"[{n.capitalize()} {v}]" for n, v in (("burst", ab.burst), ("sparking", ab.sparking),
                                                                ("bond", ab.bond)) if v)  # fmt: skip
        words = [_TRIGGER_WORDS[ab.trigger]] if ab.trigger else []
        words += [_condition_words(c.kind, c.value) for c in (ab.condition, ab.condition2) if c]
        c = ab.cost
        words += [f"cost {c.energy}" + (f" ({c.colour_count} {c.colour})" if c.colour else "")] if c.energy else []
        words += [f"discard {c.discard}"] if c.discard else []
        words += ["rest this card"] if c.rest_self else []
        words += [f"life {c.life} to hand"] if c.life else []
        words += [f"life {c.life_drop} to drop"] if c.life_drop else []
        words += ["this card to the drop"] if c.self_drop else []
        words += ["once per turn"] if ab.once_per_turn else []
        words += ["you may"] if ab.optional else []
        done = [f"power {ab.power:+d}"] if ab.power else []
        done += ["gains " + ", ".join(ab.keywords)] if ab.keywords else []
        done += [f"X = {ab.x}"] if ab.x else []
        done += [f"costs {ab.cost_reduction} less in the hand"] if ab.cost_reduction else []
        done += [_op_words(op, ab.kind) for op in ab.effect]
        return " ".join([head, ", ".join(words)]).strip() + ": " + (" -> ".join(done) or "turn it over")


def _condition_words(kind: str, value: int) -> str:
    return "if " + kind.replace("_", " ") + (f" {value}" if value or "at" in kind else "")


def _filter_words(f: DbscgFilter) -> str:
    parts = [f.side if f.side != "any" else "", "/".join(f.colours), f.mode if f.mode != "any" else "",
             f"in {f.zone.replace('_', ' ')}" if f.zone != "battle" else "",
             f"character {f.character}" if f.character else "", f"trait {f.trait}" if f.trait else "",
             f"power <= {f.power_max}" if f.power_max is not None else "",
             f"cost <= {f.cost_max}" if f.cost_max is not None else "",
             f"cost >= {f.cost_min}" if f.cost_min is not None else "", "other" if f.not_self else ""]
    parts = [p for p in parts if p]
    return "/".join(f.types or ["card"]) + (f" ({', '.join(parts)})" if parts else "")


def _op_words(op: Any, kind: str) -> str:
    name = op.op.replace("_", " ")
    if op.op == "choose":
        return f"choose {'up to ' if op.up_to else ''}{op.count} {_filter_words(op.filter)}"
    if op.op in ("select_all", "target_self"):
        return f"every {_filter_words(op.filter)}" if op.op == "select_all" else "this card"
    if op.op in ("power", "power_per_energy"):
        return (f"power {op.amount:+d}" + (" per energy" if op.op == "power_per_energy" else "")
                + (" for the battle" if op.duration == "end_of_battle" else ""))
    if op.op == "grant_keyword":
        return "gains " + ", ".join(op.keywords)
    if op.op == "negate":
        return f"negate {_NEGATED.get(kind, 'it')}"
    if op.op == "token":
        return f"token {op.card} x{op.count}"
    if op.op == "if":
        return f"{_condition_words(op.condition, op.value)} (else skip {op.skip})"
    count = getattr(op, "count", None)
    who = " (opponent)" if getattr(op, "who", "controller") == "opponent" and op.op != "damage" else ""
    how = " at random" if getattr(op, "random", False) else " in Rest Mode" if getattr(op, "rest", False) else ""
    return name + (f" {count}" if count is not None else "") + who + how


# ---- compiler -----------------------------------------------------------------------------------
_NO_CONDITION = SimpleNamespace(kind=None, value=0)
_NO_HAND_SKILL = SimpleNamespace(energy=0, colour=None, colour_count=0, character=None, character2=None, x=0)
_STRIKE = {"triple_strike": 3, "double_strike": 2}
_NAMED = {"evolve": 1, "xeno_evolve": 1, "union_potara": 2, "union_fusion": 2}  # characters a hand skill names


class DbscgCompiler(PoolCompiler):
    TABLE = DbscgCardTable
    NCOLS = (K.CARD_TABLE.width, K.ABILITY_TABLE.width, K.FILTER_TABLE.width, 5)

    def __init__(self, cards: list[DbscgCard]):
        super().__init__(cards)
        self.character_ids: dict[str, int] = {}
        self.era_ids: dict[str, int] = {}
        self.trait_bits: dict[str, int] = {}

    def intern_card(self, card: DbscgCard) -> None:
        if card.character is not None:
            self._intern(self.character_ids, card.character)
        if card.era is not None:
            self._intern(self.era_ids, card.era)
        for t in card.traits:
            if t not in self.trait_bits:
                if len(self.trait_bits) >= 31:
                    self.fail("traits", f"a pool has at most 31 special traits (one bit each in C_TRAITS): "
                              f"{t!r} is the 32nd")
                self.trait_bits[t] = 1 << len(self.trait_bits)

    def extra_table_fields(self) -> dict:
        return {"character_ids": dict(self.character_ids), "era_ids": dict(self.era_ids),
                "trait_bits": dict(self.trait_bits)}  # fmt: skip

    def check_card(self, card: DbscgCard) -> None:
        t = card.type
        if len(set(card.colours)) != len(card.colours):
            self.fail("colours", "duplicate colour")
        if len(set(card.keywords)) != len(card.keywords):
            self.fail("keywords", "duplicate keyword")
        if t == "leader" and card.power <= 0:
            self.fail("power", "a Leader Card has power (2-8-2)")
        if t == "extra" and card.power:
            self.fail("power", "only Leader Cards and Battle Cards have power (2-8-2)")
        if t == "leader" and (card.energy or card.specified):
            self.fail("energy" if card.energy else "specified",
                      "only Battle Cards and Extra Cards have an energy cost (2-11-2)")
        if t != "battle" and card.combo_power:
            self.fail("combo_power", "only Battle Cards have combo power (2-9-2)")
        if t != "battle" and card.combo_cost != -1:
            self.fail("combo_cost", "only Battle Cards have a combo cost (2-10-2)")
        for fld, rule in (("character", "2-5-4"), ("traits", "2-6-5"), ("era", "2-7-3")):
            if t == "extra" and getattr(card, fld):
                self.fail(fld, f"only Leader Cards and Battle Cards have a {fld.rstrip('s')} ({rule})")
        if "field" in card.keywords and t != "extra":
            self.fail("keywords", "[Field] is a skill of Extra Cards (10-3-1)")
        if card.token and (t != "battle" or card.side == "back"):
            self.fail("token", "a token is a Battle Card (10-18-1)")
        if card.side == "back" and (t != "leader" or card.back is not None):
            self.fail("side", "a back side is a Leader Card's (2-3-2-1-2) and has no back of its own")
        if card.back is not None:
            other = self.models[self.index[card.back]] if card.back in self.index else None
            if t != "leader" or other is None or other.type != "leader" or other.side != "back":
                self.fail("back", f"{card.back!r} is not a back-side Leader Card of the pool (side = \"back\"), "
                          "and only a Leader's front has a back (2-3-2-1-2)")
        hs = card.hand_skill
        if hs is not None:
            if t != "battle":
                self.fail("hand_skill.kind", "only Battle Cards are played with Evolve, Union or Over Realm")
            named = [hs.character, hs.character2]
            need = _NAMED.get(hs.kind, 0)
            if sum(n is not None for n in named) != need or (need == 1 and hs.character is None):
                self.fail("hand_skill.character", f"{hs.kind} names {need} character{'s' if need != 1 else ''} "
                          "(character" + (", character2)" if need == 2 else ")"))
            if hs.kind in ("over_realm", "dark_over_realm") and hs.x < 1:
                self.fail("hand_skill.x", f"{hs.kind} needs X: the cards in the Drop Area (10-15-1)")
            if (hs.colour is None) != (hs.colour_count == 0):
                self.fail("hand_skill.colour_count", "colour and colour_count go together")

    def compile_card(self, cid: int, card: DbscgCard) -> None:
        self.check_card(card)
        row = self.new_row(K.CARD_TABLE, card)  # the columns with a source (constants.CARD_TABLE)
        for colour, n in card.specified.items():
            row[K.C_SPEC + K.Colour[colour.upper()]] = n
        row[K.C_TRAITS] = sum(self.trait_bits[t] for t in set(card.traits))
        row[K.C_BACK] = self.index[card.back] if card.back is not None else -1
        row[K.C_STRIKE] = max([_STRIKE.get(k, 1) for k in card.keywords] + [1])
        hs = card.hand_skill or _NO_HAND_SKILL
        row[K.C_HS_COST] = hs.energy
        row[K.C_HS_SPEC] = K.Colour[hs.colour.upper()] if hs.colour else -1
        row[K.C_HS_SPEC_N] = hs.colour_count
        row[K.C_HS_NAME] = self.interned(self.character_ids, hs.character, "hand_skill.character", "character")
        row[K.C_HS_NAME2] = self.interned(self.character_ids, hs.character2, "hand_skill.character2", "character")
        row[K.C_HS_X] = hs.x
        row[K.C_ABIL_START] = len(self.ab_rows)
        for k, ab in enumerate(card.abilities):
            self.compile_ability(cid, card, k, ab)
        row[K.C_ABIL_COUNT] = len(self.ab_rows) - row[K.C_ABIL_START]
        self.card_rows.append(row)

    def check_ability(self, card: DbscgCard, ab: Ability, p: str) -> None:
        kind = ab.kind
        if (kind == "auto") != (ab.trigger is not None):
            self.fail(f"{p}.trigger", "an [Auto] skill has a trigger (8-1-5-1), and only it")
        if kind in ("awaken", "wish"):
            if card.type != "leader" or card.side != "front" or card.back is None:
                self.fail(f"{p}.kind", f"[{kind.capitalize()}] turns a Leader over: only a Leader's front with a "
                          "back (10-2, 10-28)")
        if kind.startswith("counter") and card.type == "leader":
            self.fail(f"{p}.kind", "[Counter] skills are Battle and Extra Cards' (10-10)")
        if kind in ("swap", "union_absorb") and card.type != "battle":
            self.fail(f"{p}.kind", f"{kind} is an [Activate: Main] skill of a Battle Card (10-24-1, 10-13-5)")
        if (kind in ("wish", "swap")) != (ab.x > 0):
            self.fail(f"{p}.x", "x is [Wish]'s Dragon Balls or [Swap]'s energy cost, and needed there (10-28, 10-24)")
        if kind != "permanent" and (ab.power or ab.keywords):
            self.fail(f"{p}.power" if ab.power else f"{p}.keywords",
                      "only a [Permanent] skill gives this card power or keywords")
        needs_effect = kind in ("auto", "activate_main", "activate_battle", "swap", "union_absorb", *_COUNTERS)
        if needs_effect and not ab.effect:
            self.fail(f"{p}.effect", f"a {kind} skill needs an effect")
        if kind == "permanent" and not (ab.power or ab.keywords or ab.effect or ab.cost_reduction):
            self.fail(f"{p}.effect", "a [Permanent] skill gives power, keywords, a cost reduction or has an effect")
        if ab.cost_reduction and (kind != "permanent" or card.type != "battle"):
            self.fail(f"{p}.cost_reduction", "a cost reduction is a Battle Card's [Permanent] skill (played from the hand)")
        if ab.optional and kind != "auto":
            self.fail(f"{p}.optional", "only [Auto] skills are optional ('you may')")
        if ab.condition2 is not None and ab.condition is None:
            self.fail(f"{p}.condition2", "a second condition needs a first (condition)")
        if ab.cost.self_drop and (card.type != "battle" or kind not in ("activate_main", "activate_battle")):
            self.fail(f"{p}.cost.self_drop", "\"place this card in the Drop Area\" is an [Activate] cost of a Battle Card")
        if (ab.cost.colour is None) != (ab.cost.colour_count == 0) or ab.cost.colour_count > ab.cost.energy:
            self.fail(f"{p}.cost.colour_count", "colour and colour_count go together, within the energy (8-4-2-4)")
        for j, op in enumerate(ab.effect):
            filled = {o.reg for o in ab.effect[:j] if o.op in _TARGETING}
            if op.op in _ON_REGISTER and op.reg not in filled:
                self.fail(f"{p}.effect[{j}].reg",
                          f"register {op.reg} has no cards (choose/select_all/target_self first)")
            if op.op == "if" and j + op.skip >= len(ab.effect):
                self.fail(f"{p}.effect[{j}].skip",
                          f"skips past the end of the effect ({len(ab.effect) - j - 1} ops follow)")

    def compile_ability(self, cid: int, card: DbscgCard, k: int, ab: Ability) -> None:
        p = f"abilities[{k}]"
        self.check_ability(card, ab, p)
        code_start = len(self.code_rows)
        for j, op in enumerate(ab.effect):
            args = self.op_args(op, f"{p}.effect[{j}]")
            self.code_rows.append([int(EFFECT_OPS[op.op]), getattr(op, "reg", 0), *args])
        row = self.new_row(K.ABILITY_TABLE, ab, p, condition=ab.condition or _NO_CONDITION,
                           condition2=ab.condition2 or _NO_CONDITION)  # fmt: skip
        for col, key in ((K.A_COND_ARG, "condition"), (K.A_COND2_ARG, "condition2")):
            c = getattr(ab, key)
            if c is not None:
                row[col] = self.condition_arg(c.kind, c.value, c.character, c.trait, f"{p}.{key}")
        row[K.A_COST_COLOUR] = K.Colour[ab.cost.colour.upper()] if ab.cost.colour else -1
        row[K.A_COST_COLOUR_N] = ab.cost.colour_count
        row[K.A_CODE_START] = code_start
        row[K.A_CODE_LEN] = len(self.code_rows) - code_start
        self.ab_rows.append(row)
        self.ability_source.append((cid, k))

    def op_args(self, op: Any, q: str) -> tuple[int, int, int]:
        name = op.op
        if name in ("choose", "select_all"):
            frow = self.compile_filter(op.filter, f"{q}.filter")
            return (frow, op.count, int(op.up_to)) if name == "choose" else (frow, 0, 0)
        if name in ("power", "power_per_energy"):
            if op.amount == 0:
                self.fail(f"{q}.amount", "must not be 0")
            return op.amount, int(K.Duration[op.duration.upper()]), 0
        if name == "grant_keyword":
            return bits(op.keywords, K.KEYWORD_BITS), int(K.Duration[op.duration.upper()]), 0
        if name == "life_to_hand":
            return op.count, 0, 0
        if name == "hand_to_warp":
            return op.count, _WHO[op.who], 0
        if name in ("draw", "discard", "charge", "damage", "mill"):
            return op.count, _WHO[op.who], int(getattr(op, "random", False) or getattr(op, "rest", False))
        if name == "gain_life":
            return op.count, 0, 0
        if name == "token":
            tid = self.index.get(op.card)
            if tid is None or not self.models[tid].token:
                self.fail(f"{q}.card", f"{op.card!r} is not a token card of the pool (token = true)")
            return tid, op.count, 0
        if name == "if":
            return (int(K.Condition[op.condition.upper()]),
                    self.condition_arg(op.condition, op.value, op.character, op.trait, q), op.skip)
        return 0, 0, 0  # the register's ops, target_self, negate

    def condition_arg(self, kind: str, value: int, character: str | None, trait: str | None, p: str) -> int:
        """A condition's argument: ``value``, or the id / bit of the character / trait it names."""
        if (kind == "leader_character") != (character is not None) or (kind == "leader_trait") != (trait is not None):
            self.fail(f"{p}.character" if kind == "leader_character" or character else f"{p}.trait",
                      "leader_character names a character and leader_trait a trait (and only they)")
        if kind == "leader_character":
            return self.interned(self.character_ids, character, f"{p}.character", "character")
        if kind == "leader_trait":
            if trait not in self.trait_bits:
                self.fail(f"{p}.trait", f"unknown special trait {trait!r} (no card in the pool has it)")
            return self.trait_bits[trait]
        return value

    def compile_filter(self, f: DbscgFilter, p: str) -> int:
        self.check_filter(f, p, tuple(z.name.lower() for z in K.FZone), ranges=("cost",))
        row = self.new_row(K.FILTER_TABLE, f, p)
        row[K.F_TYPE_MASK] = sum(1 << K.CardType[t.upper()] for t in set(f.types))
        if f.trait is not None and f.traits_any:
            self.fail(f"{p}.traits_any", "a filter has trait or traits_any, not both")
        for k, t in [("trait", f.trait)] + [(f"traits_any[{i}]", t) for i, t in enumerate(f.traits_any)]:
            if t is not None and t not in self.trait_bits:
                self.fail(f"{p}.{k}", f"unknown special trait {t!r} (no card in the pool has it)")
        row[K.F_KEYWORD] = K.KEYWORD_BITS[f.keyword] if f.keyword else 0
        # F_TRAIT: any of these bits (effects.filter_match)
        row[K.F_TRAIT] = self.trait_bits.get(f.trait, 0) | sum(self.trait_bits[t] for t in set(f.traits_any))
        return self.add_filter(row)


def compile_dbscg_pool(cards: list[DbscgCard]) -> DbscgCardTable:
    """Check the pool-level rules and compile the card models into the kernels' int32 tables."""
    return DbscgCompiler(list(cards)).run()


def _default_path() -> Path:
    return Path(__file__).resolve().parent / "data" / "cards.toml"


parse_dbscg_cards, load_dbscg_cards, load_dbscg_pool = card_file_functions(
    "Dragon Ball Super Card Game", DbscgCard, _default_path, compile_dbscg_pool, skip=frozenset(EFFECT_OPS))
