"""The template game's cards: the schema of a card file (``data/cards.toml``, validated by pydantic)
and its compiler into the kernels' tables (the columns declared in constants.py). Loading never
executes code; an error names the file, the card and the field (tcg_env.cards)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import numpy as np
from pydantic import Field

from tcg_env.cards.base import CardBase, StrictModel
from tcg_env.cards.pool import CardFeatures, CardTable, PoolCompiler, card_file_functions
from tcg_env.engine.tables import pack_tables
from tcg_env.games.template import constants as K

class CardFilter(StrictModel):
    """Which creatures a spell affects (R 7.1): whose, and a bound on their power now."""

    side: Literal["any", "own", "opponent"] = "any"
    max_power: int = Field(default=-1, ge=-1)  # -1: any


class TemplateCard(CardBase):
    kind: Literal["creature", "spell", "counter"]
    red: int = Field(default=0, ge=0, le=9)  # the cost (R 6.1): mana of each colour, then of any
    blue: int = Field(default=0, ge=0, le=9)
    generic: int = Field(default=0, ge=0, le=9)
    power: int = Field(default=0, ge=0, le=99)  # a creature's
    bonus: int = Field(default=0, ge=0, le=99)  # a spell's power bonus until end of turn (R 7.2)
    affects: CardFilter | None = None  # a spell's creatures (none: every creature)
    herald: bool = False  # R 11.1: "When this creature enters the field, you may draw a card."


class TemplateCardTable(CardTable):
    GAME = "template"
    ABIL_START_COL = K.C_ABIL_START
    ABIL_COUNT_COL = K.C_ABIL_COUNT
    ABIL_KIND_COL = K.A_KIND
    PACK = staticmethod(pack_tables)

    def card_obs_features(self) -> np.ndarray:
        """The observation's static card columns (observation.CARD_STATIC), per card id."""
        stats = [K.C_COST + i for i in range(K.N_COLOURS)] + [K.C_GENERIC, K.C_POWER, K.C_BONUS]
        at = 1 + len(K.CardKind)  # after present and the kind one-hot
        f = CardFeatures(self.cards, at + len(stats) + 1)
        f.one_hot(1, K.C_KIND)
        for i, col in enumerate(stats):
            f.scaled(at + i, col)
        f.f[:, -1] = [m.herald for m in self.models]  # herald: a field of the model, no table column
        return f.array()

    def ability_summary(self, row: int) -> str:
        return "when it enters the field, you may draw a card"


class TemplateCompiler(PoolCompiler):
    TABLE = TemplateCardTable
    NCOLS = (K.CARD_TABLE.width, K.ABILITY_TABLE.width, K.FILTER_TABLE.width, 5)

    def compile_card(self, cid: int, card: TemplateCard) -> None:
        row = self.new_row(K.CARD_TABLE, card)  # kind, generic, power, bonus (constants.CARD_TABLE)
        row[K.C_COST + K.Colour.RED], row[K.C_COST + K.Colour.BLUE] = card.red, card.blue
        row[K.C_FILTER] = -1
        if card.affects is not None:
            row[K.C_FILTER] = self.add_filter(self.new_row(K.FILTER_TABLE, card.affects, "affects"))
        row[K.C_ABIL_START] = len(self.ab_rows)
        if card.herald:
            if card.kind != "creature":
                self.fail("herald", "only a creature has the Herald ability (R 11.1)")
            ability = [0] * K.ABILITY_TABLE.width
            ability[K.A_KIND], ability[K.A_TRIGGER] = K.AbilityKind.AUTO, K.Trigger.ENTERS
            self.ability_source.append((cid, 0))
            self.ab_rows.append(ability)
        row[K.C_ABIL_COUNT] = len(self.ab_rows) - row[K.C_ABIL_START]
        self.card_rows.append(row)


def _default_path() -> Path:
    return Path(__file__).resolve().parent / "data" / "cards.toml"


parse_template_cards, load_template_cards, load_template_pool = card_file_functions(
    "template game", TemplateCard, _default_path, lambda cards: TemplateCompiler(cards).run())
