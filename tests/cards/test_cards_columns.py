"""Card-table columns declared with their source (tcg_env.cards.columns) and filled by the shared
compiler (PoolCompiler.new_row / check_filter), on a toy table and model."""

from __future__ import annotations

from enum import IntEnum
from typing import Literal

import pytest

from tcg_env.cards.base import CardBase, FilterBase, StrictModel
from tcg_env.cards.columns import bound, copy, enum, interned, mask
from tcg_env.cards.errors import CardDataError
from tcg_env.cards.pool import PoolCompiler
from tcg_env.engine.blocks import TableLayout


class Colour(IntEnum):
    RED = 1
    BLUE = 2


class Side(IntEnum):
    ANY = 0
    OWN = 1
    OPPONENT = 2


class ToyCost(StrictModel):
    mana: int = 0
    tap: bool = False


class ToyFilter(FilterBase):
    zone: Literal["field", "hand"] = "field"
    colour: list[Literal["red", "blue"]] | None = None
    power_min: int | None = None
    power_max: int | None = None
    tribe: str | None = None


class ToyCard(CardBase):
    colour: Literal["red", "blue"]
    power: int = 0
    tribe: str | None = None
    flying: bool = False
    colours: list[Literal["red", "blue"]] = []
    cost: ToyCost | None = None
    targets: ToyFilter | None = None


CARD = TableLayout("card")
C_COLOUR = CARD.add("colour", source=enum(Colour))
C_POWER = CARD.add("power", source=copy())
C_TRIBE = CARD.add("tribe", source=interned("tribe_ids", "tribe"))
C_NAME = CARD.add("name", source=interned("name_ids", "card name"))
C_FLYING = CARD.add("flying", source=copy())
C_MANA = CARD.add("mana", source=copy("cost.mana"))
C_TAP = CARD.add("tap", source=copy("cost.tap"))
C_SECOND = CARD.add("second_colour", source=enum(Colour, "colours.1", none=0))  # a list's item
C_TARGET_SIDE = CARD.add("target_side", source=enum(Side, "targets.side", none=-1))  # under an optional model
C_FILTER = CARD.add("filter")  # no source: written by the game's code

FILTER = TableLayout("filter")
F_SIDE = FILTER.add("side", source=enum(Side))
F_COLOUR = FILTER.add("colour_mask", source=mask({"red": 1, "blue": 2}, "colour"))
F_POWER_MIN = FILTER.add("power_min", source=bound())
F_POWER_MAX = FILTER.add("power_max", source=bound())
F_TRIBE = FILTER.add("tribe", source=interned("tribe_ids", "tribe"))
F_NAME = FILTER.add("name", source=interned("name_ids", "card name"))


class ToyCompiler(PoolCompiler):
    NCOLS = (CARD.width, 1, FILTER.width, 1)

    def __init__(self, cards):
        super().__init__(cards)
        self.tribe_ids: dict[str, int] = {}

    def intern_card(self, card):
        if card.tribe:
            self._intern(self.tribe_ids, card.tribe)

    def compile_card(self, cid, card):
        cost = card.cost or ToyCost()
        row = self.new_row(CARD, card, cost=cost)
        row[C_FILTER] = -1
        if card.targets is not None:
            self.check_filter(card.targets, "targets", ("field",), ranges=("power",))
            row[C_FILTER] = self.add_filter(self.new_row(FILTER, card.targets, "targets"))
        self.card_rows.append(row)


def _pool(*records):
    return ToyCompiler([ToyCard.model_validate(r).with_file("toy.toml") for r in records]).run()


def test_declared_columns_are_filled_from_the_model_and_the_rest_left_to_the_game():
    t = _pool({"number": "T-1", "name": "Ant", "colour": "blue", "power": 3, "tribe": "Bug", "flying": True,
               "cost": {"mana": 2, "tap": True}, "colours": ["red", "blue"]},
              {"number": "T-2", "name": "Bee", "colour": "red",
               "targets": {"side": "opponent", "colour": ["red", "blue"], "power_max": 4, "tribe": "Bug",
                           "name": "Ant"}})  # fmt: skip
    ant, bee = t.cards.tolist()
    # enum, copy, interned ids from 1, bool, a nested field, a list's item, under a model left out
    assert ant == [Colour.BLUE, 3, 1, 1, 1, 2, 1, Colour.BLUE, -1, -1]
    # None interned: 0; the default cost (values=); past the list's end; a nested model's field
    assert bee == [Colour.RED, 0, 0, 2, 0, 0, 0, 0, Side.OPPONENT, 0]
    assert t.filters[0].tolist() == [2, 3, -1, 4, 1, 1]  # enum, mask OR, bound None -1, interned


def test_an_unknown_interned_string_names_file_card_and_field():
    with pytest.raises(CardDataError) as err:
        _pool({"number": "T-1", "name": "Ant", "colour": "red", "targets": {"tribe": "Fish"}})
    e = err.value
    assert (e.file, e.card, e.field) == ("toy.toml", "T-1", "targets.tribe")
    assert "unknown tribe 'Fish' (no card in the pool has it)" in str(e)


def test_the_shared_filter_checks_name_the_field():
    with pytest.raises(CardDataError) as err:
        _pool({"number": "T-1", "name": "Ant", "colour": "red", "targets": {"power_min": 5, "power_max": 4}})
    assert (err.value.field, err.value.reason) == ("targets.power_min", "power_min > power_max")
    with pytest.raises(CardDataError) as err:
        _pool({"number": "T-1", "name": "Ant", "colour": "red", "targets": {"zone": "hand"}})
    assert err.value.field == "targets.zone" and "must be 'field' here (got 'hand')" in err.value.reason


def test_a_source_fills_one_column():
    layout = TableLayout("toy")
    with pytest.raises(ValueError, match="a source fills one column"):
        layout.add("cost", 3, source=copy())
    assert layout.sources == {} and layout.width == 0
