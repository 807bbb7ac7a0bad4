"""Weiss Schwarz card text, session 28 (branch s28-wsb): conditions, conjunctions and costs. Descriptions of two
card types ("event or <<T>> character", "event or level 1 or lower character", CR 2.3 / 2.5.1: the qualities are the
character's, filter quals_characters). Made-up lines in the card language, imported, and what the engine does with
them."""

from __future__ import annotations

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit

_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


(PLAIN, FLARE, BRAVE, TALL, SPELL, BIG_SPELL, PICKER, LOW_PICKER) = range(8)
RECORDS = [
    _rec("T/S28B-001", "Plain"),  # <<Glass>>, level 0
    _rec("T/S28B-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S28B-003", "Brave", [], traits=("Brave",), level="2"),
    _rec("T/S28B-004", "Tall", [], traits=("Reed",), level="2"),
    _rec("T/S28B-005", "Spell", ["Draw 1 card."], type="Event", level="0"),
    _rec("T/S28B-006", "Big Spell", ["Draw 1 card."], type="Event", level="2"),
    _rec("T/S28B-007", "Picker", ["【ACT】 [【REST】 this card] Choose 1 event or 《Brave》 character in your waiting room, "
                                  "and return it to your hand."]),
    _rec("T/S28B-008", "Low Picker", ["【ACT】 [【REST】 this card] Choose 1 event or level 1 or lower character in "
                                      "your waiting room, and return it to your hand."]),
]  # fmt: skip
RECORDS += [_rec(f"T/S28B-F{i:02d}", f"Filler {i}", traits=("Reed",)) for i in range(12)]


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws28b", RECORDS)


def _scenario(pool, **kw):
    deck = kit.deck_of(len(RECORDS), FLARE, extra=(PLAIN,))
    return Scenario.main_phase(pool, decks=(deck, deck), **kw)


# ---------------------------------------------------------------------------- two card types
def test_cr_2_3_two_card_types_compile_to_one_filter_the_qualities_the_characters():
    r = _c("【AUTO】 When this card attacks, look at up to 4 cards from the top of your deck, choose up to 1 event or "
           "《Brave》 character from among them, reveal it to your opponent, put it into your hand, and put the rest into "
           "your waiting room.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == {"type": ["event", "character"], "trait": "Brave",
                                                     "quals_characters": True, "zone": "deck"}
    r = _c("【AUTO】 When this card attacks, choose up to 2 events or characters in your waiting room, and return them "
           "to your hand.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == {"type": ["event", "character"], "zone": "waiting_room"}
    r = _c("【AUTO】 When this card attacks, choose 1 climax or level 1 or lower character in your waiting room, and "
           "return it to your hand.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"]["type"] == ["climax", "character"]
    # two types of which none is a character with the qualities: refused
    assert _c("【AUTO】 When this card attacks, choose 1 event or 《Brave》 climax in your waiting room, and return it "
              "to your hand.").verdict == "unsupported"


@pytest.mark.parametrize("picker, ok", [(PICKER, {BRAVE, SPELL, BIG_SPELL}), (LOW_PICKER, {PLAIN, SPELL, BIG_SPELL})])
def test_cr_2_5_1_an_event_matches_on_its_type_the_character_on_its_qualities(pool, picker, ok):
    # "event or <<Brave>> character": any event (an event has no trait), a <<Brave>> character; "event or level 1 or
    # lower character": an event of any level, a character of level 1 or lower
    for card in (PLAIN, BRAVE, TALL, SPELL, BIG_SPELL):
        sc = _scenario(pool)
        sc.put(0, picker, "stage", pos=0)
        slot = sc.put(0, card, "waiting_room")
        g = sc.game()
        hand = kit.count(g, "HAND")
        kit.act(g, "Use")
        kit.answer_yes(g, True)
        assert (kit.zone_of(g, slot) == K.Zone.HAND) == (card in ok), card
        assert kit.count(g, "HAND") == hand + (card in ok)
