"""The template game's decks (R 1.1): the built-in deck folder and the deck construction rule as
parameters of the shared checker (:class:`tcg_env.cards.decks.DeckRules`): exactly 30 cards, any
number of copies of a card. Parsing, loading and writing deck lists is every game's
(:mod:`tcg_env.cards.decks`)."""

from __future__ import annotations

from pathlib import Path

from tcg_env.cards.decks import DeckFolder, DeckRules, DeckSize
from tcg_env.games.template.constants import DECK_SIZE

__all__ = ["DECKS", "load_checked_deck", "RULES", "list_decks", "load_deck", "validate_deck"]

# one size whatever the format the list names, no limit of copies (R 1.1); the template's rules
# document is cited as "R 1.1", not "CR 1.1"
RULES = DeckRules(sizes={None: DeckSize(DECK_SIZE, DECK_SIZE, "1.1")}, copies=None, doc="R")
DECKS = DeckFolder(Path(__file__).resolve().parent / "data" / "decks", RULES.check)

validate_deck = RULES.check
list_decks = DECKS.names
load_deck = DECKS.load
load_checked_deck = DECKS.load_checked  # the spec's load_deck (pool, source, variant)
