"""Weiss Schwarz decks (CR 5.1): the built-in deck folder and the deck construction rules as
parameters of the shared checker (:class:`tcg_env.cards.decks.DeckRules`): exactly 50 cards, at
most 4 cards with the same card name, at most 8 climax. Parsing, loading and writing deck lists is
every game's (:mod:`tcg_env.cards.decks`).
"""

from __future__ import annotations

from pathlib import Path

from tcg_env.cards.decks import DeckFolder, DeckRules, DeckSize, TypeLimit
from tcg_env.games.weiss_schwarz import constants as K

__all__ = ["DECKS", "load_checked_deck", "RULES", "list_decks", "load_deck", "validate_deck"]

# one size whatever the format the list names (CR 5.1.2.1); copies by card name, whatever their
# numbers (5.1.2.2, 5.1.2.2.1); climax (5.1.2.3)
RULES = DeckRules(
    sizes={None: DeckSize(K.DECK_SIZE, K.DECK_SIZE, "5.1.2.1")},
    copies=K.MAX_COPIES,
    copies_rule="5.1.2.2",
    copies_by="name",
    limits=(TypeLimit(K.C_TYPE, K.CardType.CLIMAX, K.MAX_CLIMAX, "climax", "5.1.2.3"),),
)
DECKS = DeckFolder(Path(__file__).resolve().parent / "data" / "decks", RULES.check)

validate_deck = RULES.check
list_decks = DECKS.names
load_deck = DECKS.load
load_checked_deck = DECKS.load_checked  # the spec's load_deck (pool, source, variant)
