"""Card data every game shares: pydantic base schemas, file loaders, deck lists, the card pool
compiler's skeleton, pool files and the importers' plumbing. Each game's card schema, compiler,
importer and deck rules live in its own folder (``tcg_env.games.<game>.cards``, ``.importer``,
``.decks``); this package never imports a game.

Loading never executes code (TOML via tomllib, YAML via ``yaml.safe_load``, JSON via json). Errors
are :class:`CardDataError` / :class:`DeckError` naming the file, the card and the field.
"""

from tcg_env.cards.base import CardBase, DeckEntry, DeckList, StrictModel
from tcg_env.cards.decks import (
    Deck,
    deck_to_text,
    deck_to_toml,
    list_deck_files,
    load_deck,
    parse_deck_text,
    parse_deck_toml,
)
from tcg_env.cards.errors import CardDataError, DeckError
from tcg_env.cards.loaders import CardRecords, load_card_records, parse_card_records

__all__ = [
    "CardBase",
    "CardDataError",
    "CardRecords",
    "Deck",
    "DeckEntry",
    "DeckError",
    "DeckList",
    "StrictModel",
    "deck_to_text",
    "deck_to_toml",
    "list_deck_files",
    "load_card_records",
    "load_deck",
    "parse_card_records",
    "parse_deck_text",
    "parse_deck_toml",
]
