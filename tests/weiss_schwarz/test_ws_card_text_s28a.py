"""Weiss Schwarz card text, session 28 part A (branch s28-wsa): granted abilities. Made-up lines in the card
language, imported, and what the engine does with them."""

from __future__ import annotations

import json

from tcg_env.games.weiss_schwarz.card_text import split_abilities
from tcg_env.games.weiss_schwarz.importer import import_ws_json

import ws_card_text_kit as kit

_rec = kit.rec


def _import(tmp_path, records):
    p = tmp_path / "list.json"
    p.write_text(json.dumps(records))
    return import_ws_json(p)


def _verdicts(res) -> dict[str, str]:
    return {lr.line: lr.verdict.value for t in res.text_records for lr in t.lines}


# ---------------------------------------------------------------------------- two abilities in one entry
def test_two_abilities_in_one_entry_without_the_space_after_the_stop():
    """Some sets' entries lose the space between two abilities ("... power.【AUTO】 When ..."), also after a granted
    ability's closing quote; a kind mark inside the quote or after an unfinished sentence stays in its line."""
    assert split_abilities("【CONT】 This card gets +1000 power.【AUTO】 When this card attacks, draw 1 card.") == [
        "【CONT】 This card gets +1000 power.", "【AUTO】 When this card attacks, draw 1 card."]
    grant = '【CONT】 This card gets the following ability. "【AUTO】 When this card attacks, draw 1 card."'
    assert split_abilities(grant + "【ACT】 [(1)] Draw 1 card.") == [grant, "【ACT】 [(1)] Draw 1 card."]
    assert split_abilities(grant) == [grant]
    one = "【AUTO】 This ability activates up to 1 time per turn. When you use an 【ACT】, draw 1 card."
    assert split_abilities(one) == [one]


def test_two_abilities_in_one_entry_without_the_space_both_compile(tmp_path):
    res = _import(tmp_path, [_rec("T/S28A-900", "Twin", ["【CONT】 During your turn, this card gets +1000 power.【AUTO】 "
                                                        "When this card attacks, draw 1 card."])])
    assert not res.unsupported, res.unsupported
    (card,) = res.cards
    assert [a.kind for a in card.abilities] == ["cont", "auto"]
