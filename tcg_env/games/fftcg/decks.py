"""FF-TCG decks: the built-in deck folder and the deck construction rules (CR 8.1.1) as
parameters of the shared checker (:class:`tcg_env.cards.decks.DeckRules`). Parsing, loading and
writing deck lists is every game's (:mod:`tcg_env.cards.decks`).
"""

from __future__ import annotations

from pathlib import Path

from tcg_env.cards.decks import DeckFolder, DeckRules, DeckSize
from tcg_env.games.fftcg import constants as K

__all__ = ["DECKS", "load_checked_deck", "RULES", "list_decks", "load_deck", "validate_deck"]

# CR 8.1.1.1: constructed = exactly 50 cards, limited = 40 or more; CR 8.1.1.2: at most 3 copies
# of a card number; and the engine's capacity of MAX_DECK cards
RULES = DeckRules(
    sizes={
        "constructed": DeckSize(K.CONSTRUCTED_DECK_SIZE, K.CONSTRUCTED_DECK_SIZE, "8.1.1.1"),
        "limited": DeckSize(K.LIMITED_MIN_DECK_SIZE, None, "8.1.1.1"),
    },
    copies=K.MAX_COPIES,
    copies_rule="8.1.1.2",
    capacity=K.MAX_DECK,
)
DECKS = DeckFolder(Path(__file__).resolve().parent / "data" / "decks", RULES.check)

validate_deck = RULES.check  # (table, deck, format=None): format defaults to the deck list's
list_decks = DECKS.names
load_deck = DECKS.load
load_checked_deck = DECKS.load_checked  # the spec's load_deck (pool, source, variant)
