"""What a player reads of a will ability that produces a will of any attribute (CR 907: its modes differ in the
attribute alone, CR 903.2e): one short label, the restriction on spending it said once and in the card's words."""

from __future__ import annotations

import pytest

from test_fow_card_text import _imported_pool
from test_fow_card_text_s24b import _card


@pytest.fixture(scope="module")
def will_pool(tmp_path_factory):
    def stone(number, name, line):
        return {"id": number, "name": name, "type": ["Special Magic Stone", "Magic Stone"], "cost": None,
                "colour": ["V"], "abilities": ["{Rest}: Produce {1}.", line]}  # a stone's own will first (CR 907)

    cards = [stone("TXT-002", "Made-up Gear Crystal",
                   "{Rest}: Produce one will of any attribute. Spend this will only to play Gears."),
             stone("TXT-003", "Made-up Twin Crystal", "{Rest}: Produce two wills in any combination of attributes."),
             _card("TXT-004", "Made-up Cog", "Resonator", [], race=["Gears"])]  # the list's races name the Gears
    res, pool = _imported_pool(tmp_path_factory.mktemp("will_labels"), cards)
    return res, pool


def _summaries(pool, number):
    card = pool.index[number]
    return {pool.ability_summary(r) for r in pool.ability_rows(card)} - {"[Will] [Rest]: produce void will"}


def test_cr_907_one_will_of_any_attribute_reads_as_one_short_label(will_pool):
    res, pool = will_pool
    assert _summaries(pool, "TXT-002") == {"[Will] [Rest]: produce 1 will of any attribute (only to play Gears)"}, res


def test_cr_907_two_wills_of_any_attributes_read_as_one_short_label(will_pool):
    res, pool = will_pool
    assert _summaries(pool, "TXT-003") == {"[Will] [Rest]: produce 2 wills of any attribute"}, res
