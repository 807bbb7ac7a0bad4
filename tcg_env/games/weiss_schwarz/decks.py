"""Weiss Schwarz decks (CR 5.1): the built-in deck folder, loading by name, path or card list, and
the deck construction rules: exactly 50 cards, at most 4 cards with the same card name, at most 8
climax. Parsing and writing deck lists is every game's (:mod:`tcg_env.cards.decks`).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from tcg_env.cards.decks import Deck, list_deck_files
from tcg_env.cards.decks import load_deck as load_deck_list
from tcg_env.cards.errors import DeckError
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.cards import WSCardTable

__all__ = ["ws_deck_dir", "list_ws_decks", "load_ws_deck", "validate_ws_deck"]


def ws_deck_dir() -> Path:
    """The built-in decks: ``tcg_env/games/weiss_schwarz/data/decks``."""
    return Path(__file__).resolve().parent / "data" / "decks"


def list_ws_decks() -> list[str]:
    """Names of the preconstructed Weiss Schwarz decks (file stems in ``games/weiss_schwarz/data/decks``)."""
    return list_deck_files(ws_deck_dir())


def load_ws_deck(table: WSCardTable, source: Any, *, validate: bool = True) -> Deck:
    """A deck from a built-in WS deck name, a file path (.toml or plain text ``4 SKY-012 Name``), a
    list of card numbers or ids, or a :class:`Deck`; checked against CR 5.1.2 unless ``validate=False``."""
    deck = load_deck_list(table, source, builtin_dir=ws_deck_dir())
    if validate:
        validate_ws_deck(table, deck)
    return deck


def validate_ws_deck(table: WSCardTable, deck: Deck) -> Deck:
    """Check deck construction (CR 5.1.2): exactly 50 cards, at most 4 cards with the same card
    name (whatever their numbers, 5.1.2.2.1), at most 8 climax (5.1.2.3)."""
    file = deck.source
    ids = np.asarray(deck.card_ids)
    if ids.size and (ids.min() < 0 or ids.max() >= table.n_cards):
        raise DeckError("card id out of range for this card pool", file=file, field="cards")
    n = len(ids)
    if n != K.DECK_SIZE:
        raise DeckError(f"{n} cards: a deck has exactly {K.DECK_SIZE} cards (CR 5.1.2.1)", file=file, field="cards")
    by_name: Counter = Counter(table.names[i] for i in ids.tolist())
    for name, c in by_name.items():
        if c > K.MAX_COPIES:
            numbers = [table.numbers[i] for i in dict.fromkeys(ids.tolist()) if table.names[i] == name]
            line = min((deck.lines[n_] for n_ in numbers if n_ in deck.lines), default=None)
            raise DeckError(
                f"{c} cards named {name!r}: at most {K.MAX_COPIES} cards with the same card name (CR 5.1.2.2)",
                file=file, line=line, card=numbers[0], field="count",
            )  # fmt: skip
    climax = int(np.sum(table.cards[ids, K.C_TYPE] == K.CardType.CLIMAX)) if n else 0
    if climax > K.MAX_CLIMAX:
        raise DeckError(f"{climax} climax: a deck has at most {K.MAX_CLIMAX} climax (CR 5.1.2.3)", file=file, field="cards")
    return deck
