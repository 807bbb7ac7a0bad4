"""The template game's decks: the built-in deck folder and the deck construction rule (R 1.1).
Parsing deck lists is every game's (tcg_env.cards.decks)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tcg_env.cards.decks import Deck, list_deck_files
from tcg_env.cards.decks import load_deck as load_deck_list
from tcg_env.cards.errors import DeckError
from tcg_env.games.template.constants import DECK_SIZE

DECK_DIR = Path(__file__).resolve().parent / "data" / "decks"


def list_template_decks() -> list[str]:
    return list_deck_files(DECK_DIR)


def load_deck(table: Any, source: Any, variant: str | None = None) -> Deck:
    """A deck (a built-in name, a file, card numbers or ids) of exactly DECK_SIZE cards (R 1.1)."""
    deck = load_deck_list(table, source, builtin_dir=DECK_DIR)
    if len(deck.card_ids) != DECK_SIZE:
        raise DeckError(f"a deck holds exactly {DECK_SIZE} cards (R 1.1), this one {len(deck.card_ids)}",
                        file=str(deck.source))
    return deck
