"""Card data: pydantic schemas, file loaders, deck lists and per-game compilers.

Loading never executes code (TOML via tomllib, YAML via ``yaml.safe_load``, JSON via json). Errors
are :class:`CardDataError` / :class:`DeckError` naming the file, the card and the field.
"""

from tcg_env.cards.base import CardBase, DeckEntry, DeckList, StrictModel
from tcg_env.cards.decks import (
    Deck,
    deck_to_text,
    deck_to_toml,
    list_fftcg_decks,
    load_deck,
    parse_deck_text,
    parse_deck_toml,
    validate_deck,
)
from tcg_env.cards.errors import CardDataError, DeckError
from tcg_env.cards.fftcg import (
    FFAbility,
    FFCard,
    FFCardTable,
    compile_fftcg_pool,
    load_fftcg_cards,
    load_fftcg_pool,
    parse_fftcg_cards,
)
from tcg_env.cards.loaders import CardRecords, load_card_records, parse_card_records

__all__ = [
    "CardBase",
    "CardDataError",
    "CardRecords",
    "Deck",
    "DeckEntry",
    "DeckError",
    "DeckList",
    "FFAbility",
    "FFCard",
    "FFCardTable",
    "StrictModel",
    "compile_fftcg_pool",
    "deck_to_text",
    "deck_to_toml",
    "list_fftcg_decks",
    "load_card_records",
    "load_deck",
    "load_fftcg_cards",
    "load_fftcg_pool",
    "parse_card_records",
    "parse_deck_text",
    "parse_deck_toml",
    "parse_fftcg_cards",
    "validate_deck",
]
