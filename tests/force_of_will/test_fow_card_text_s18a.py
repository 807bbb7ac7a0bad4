"""Force of Will card text, session 18 (branch s18-fowa): keyword abilities of CR 8.01's section 1100 that real
cards print and the compiler did not read. Lines are made up in the game's template language. Rule numbers: CR 8.01
(``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line


def _card(number, name, ctype, abilities, cost="{R}", colour="R", **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": [colour], "abilities": abilities, **kw}


def _atk(g, slot):
    from fow_tables import current_values

    return current_values(g.state, g._T, slot)[0]


# ---- [Crest] (CR 1131) ------------------------------------------------------------------------------------------
_CRESTS = frozenset({"Magic Crest"})


@pytest.mark.parametrize("sym, attribute", [("{W}", "light"), ("{R}", "fire"), ("{U}", "water"), ("{G}", "wind"),
                                            ("{B}", "darkness")])
def test_cr_1131_2_crest_gives_the_text_while_you_control_a_magic_crest_of_the_attribute(sym, attribute):
    r = exact(f"[Crest] {sym} (This card gains the following text as long as you control a {attribute} Magic Crest.)"
              " - When this card enters the field => Draw a card.", races=_CRESTS)
    assert r.abilities == [{"kind": "automatic", "trigger": "enter", "effect": [{"op": "draw", "count": 1}],
                            "condition": {"kind": "control_at_least", "value": 1, "filter": {
                                "attribute": [attribute], "race": "Magic Crest", "side": "own"}}}]
    r = exact(f"[Crest] {sym} - This card gains [+200/+200].", races=_CRESTS)
    assert r.abilities[0]["kind"] == "continuous" and r.abilities[0]["condition"]["filter"]["race"] == "Magic Crest"


def test_cr_1131_crest_of_no_attribute_is_unsupported():
    assert line("[Crest] {2} - This card gains [+200/+200].", races=_CRESTS).verdict is Verdict.UNSUPPORTED


def test_cr_1131_2_crest_text_applies_only_with_a_magic_crest_of_that_attribute_in_your_field(tmp_path):
    """A resonator "[Crest] {R} - This card gains [+200/+200].": 500 ATK alone, with a water Magic Crest or with the
    opponent's fire one; 700 with its controller's fire Magic Crest."""
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Crest Knight", "Resonator", ["[Crest] {R} - This card gains [+200/+200]."],
                   ATK=500, DEF=500),
             _card("TXT-002", "Made-up Crest of Fire", "Addition", [], race=["Magic Crest"]),
             _card("TXT-003", "Made-up Crest of Water", "Addition", [], cost="{U}", colour="U", race=["Magic Crest"])]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[x.reason for x in r.lines] for r in res.text_records]
    for own, opp, atk in (([], [], 500), (["TXT-003"], [], 500), ([], ["TXT-002"], 500), (["TXT-002"], [], 700)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        (knight,) = sc.field(0, ["TXT-001"])
        sc.field(0, own)
        sc.field(1, opp)
        assert _atk(sc.game(), knight) == atk, (own, opp)
