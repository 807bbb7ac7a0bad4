"""Weiss Schwarz decks (CR 5.1): the built-in deck folder and the deck construction rules as
parameters of the shared checker (:class:`tcg_env.cards.decks.DeckRules`): exactly 50 cards, at
most 4 cards with the same card name, at most 8 climax. Parsing, loading and writing deck lists is
every game's (:mod:`tcg_env.cards.decks`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from tcg_env.cards.decks import Deck, DeckFolder, DeckRules, DeckSize, TypeLimit, check_copies, check_ids, deck_error
from tcg_env.games.weiss_schwarz import constants as K

__all__ = ["DECKS", "load_checked_deck", "RULES", "list_decks", "load_deck", "validate_deck"]

# one size whatever the format the list names (CR 5.1.2.1); copies by card name, whatever their
# numbers (5.1.2.2, 5.1.2.2.1); climax (5.1.2.3)
RULES = DeckRules(
    sizes={None: DeckSize(K.DECK_SIZE, K.DECK_SIZE, "5.1.2.1")},
    copies=None,  # validate_deck: 5.1.2.2 with the exception of 5.1.2.4
    copies_rule="5.1.2.2",
    copies_by="name",
    limits=(TypeLimit(K.C_TYPE, K.CardType.CLIMAX, K.MAX_CLIMAX, "climax", "5.1.2.3"),),
)


def _copies_allowed(table: Any, cid: int) -> int | None:
    """CR 5.1.2.4: the copies of card ``cid``'s name a deck may hold when the card's continuous ability about
    deck construction replaces the "up to four" rule (5.1.2.2): None (any number: "you can put any number of
    cards with the same card name as this card into your deck"), N ("you can put up to N cards ..."), or
    MAX_COPIES (no such ability)."""
    models = getattr(table, "models", None)
    card = models[cid] if models is not None and cid < len(models) else None
    if card is not None and getattr(card, "any_copies", False):
        return None
    most = getattr(card, "max_copies", None) if card is not None else None
    return K.MAX_COPIES if most is None else most


def validate_deck(table: Any, deck: Deck, format: str | None = None) -> Deck:
    """CR 5.1.2: 50 cards, at most 8 climax, at most 4 cards of a card name (5.1.2.2) unless one of them
    says how many may be put into the deck (5.1.2.4)."""
    RULES.check(table, deck, format)
    ids = check_ids(table, deck)
    check_copies(table, deck, ids, K.MAX_COPIES, RULES.copies_rule, by=RULES.copies_by,
                 exempt=lambda cid: _copies_allowed(table, cid) != K.MAX_COPIES)  # fmt: skip
    for most in sorted({m for m in (_copies_allowed(table, int(c)) for c in set(ids.tolist())) if m not in (None, K.MAX_COPIES)}):
        some = np.array([c for c in ids.tolist() if _copies_allowed(table, c) == most], np.int32)
        check_copies(table, deck, some, most, "5.1.2.4", by=RULES.copies_by)
    models = getattr(table, "models", None)
    names = list(table.names)
    for cid in sorted(set(ids.tolist())):
        card = models[cid] if models is not None and cid < len(models) else None
        together = getattr(card, "copies_with", None) if card is not None else None
        if not together:
            continue
        # CR 5.1.2.4: "up to N cards with the same card name as this card and cards named "X"": the names together
        group = {names[cid], *together}
        n = sum(1 for c in ids.tolist() if names[c] in group)
        most = _copies_allowed(table, cid)
        if most is not None and n > most:
            raise deck_error(table, deck, f"{n} cards named {' or '.join(map(repr, sorted(group)))}: at most {most} of "
                             "these names together (CR 5.1.2.4)", cid, "count", "name")
    return deck


DECKS = DeckFolder(Path(__file__).resolve().parent / "data" / "decks", validate_deck)
list_decks = DECKS.names
load_deck = DECKS.load
load_checked_deck = DECKS.load_checked  # the spec's load_deck (pool, source, variant)
