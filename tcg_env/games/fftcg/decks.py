"""FF-TCG decks: the built-in deck folder, loading by name, path or card list, and the deck
construction rules (CR 8.1.1). Parsing and writing deck lists is every game's
(:mod:`tcg_env.cards.decks`).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from tcg_env.cards.decks import FORMATS, Deck, list_deck_files
from tcg_env.cards.decks import load_deck as load_deck_list
from tcg_env.cards.errors import DeckError
from tcg_env.games.fftcg import constants as K

__all__ = ["deck_dir", "list_fftcg_decks", "load_deck", "validate_deck"]


def deck_dir() -> Path:
    """The built-in decks: ``tcg_env/games/fftcg/data/decks``."""
    return Path(__file__).resolve().parent / "data" / "decks"


def list_fftcg_decks() -> list[str]:
    """Names of the preconstructed FF-TCG decks (file stems in ``games/fftcg/data/decks``)."""
    return list_deck_files(deck_dir())


def load_deck(table: Any, source: Any, *, validate: bool = False, format: str | None = None) -> Deck:
    """A deck from a built-in deck name, a file path (.toml or plain text), a list of card numbers or
    ids, or a :class:`Deck`. Unknown card numbers and name mismatches raise here; deck construction
    (size, copies) is checked by :func:`validate_deck`, or here with ``validate=True``. ``format``
    overrides the format written in the list.
    """
    deck = load_deck_list(table, source, builtin_dir=deck_dir(), format=format)
    if validate:
        validate_deck(table, deck)
    return deck


def validate_deck(table: Any, deck: Deck, format: str | None = None) -> Deck:
    """Check deck construction (CR 8.1.1): constructed = exactly 50 cards, limited = 40 or more,
    at most 3 copies of a card number; and the engine's capacity of ``MAX_DECK`` cards.
    ``format`` defaults to the deck's own format ("constructed" unless the list says otherwise).
    """
    fmt = format or deck.format
    file = deck.source
    if fmt not in FORMATS:
        raise DeckError(f"format must be one of {FORMATS}, got {fmt!r}", file=file, field="format")
    n = len(deck.card_ids)
    ids = np.asarray(deck.card_ids)
    if ids.size and (ids.min() < 0 or ids.max() >= len(table.numbers)):
        raise DeckError("card id out of range for this card pool", file=file, field="cards")
    if n > K.MAX_DECK:
        raise DeckError(
            f"{n} cards: the engine holds at most {K.MAX_DECK} cards per deck (MAX_DECK)", file=file, field="cards"
        )
    if fmt == "constructed" and n != K.CONSTRUCTED_DECK_SIZE:
        raise DeckError(
            f"{n} cards: a constructed deck has exactly {K.CONSTRUCTED_DECK_SIZE} cards (CR 8.1.1.1)",
            file=file, field="cards",
        )  # fmt: skip
    if fmt == "limited" and n < K.LIMITED_MIN_DECK_SIZE:
        raise DeckError(
            f"{n} cards: a limited deck has {K.LIMITED_MIN_DECK_SIZE} or more cards (CR 8.1.1.1)",
            file=file, field="cards",
        )  # fmt: skip
    for cid, c in Counter(ids.tolist()).items():
        if c > K.MAX_COPIES:
            number = table.numbers[cid]
            raise DeckError(
                f"{c} copies of {table.names[cid]!r}: at most {K.MAX_COPIES} copies of a card number (CR 8.1.1.2)",
                file=file, line=deck.lines.get(number), card=number, field="count",
            )  # fmt: skip
    return deck
