"""The Dragon Ball Super Card Game's decks (5-1): the built-in deck folder and deck construction.

A deck list names the Leader too: exactly one Leader Card (its front side, 5-1-2) and 50 Battle and
Extra Cards (5-1-3), at most 4 copies of a card number (5-1-3-1; a card "you can include as many
copies of ... as you like" has the keyword ``any_copies``); [Dragon Ball] cards any copies
but at most 7 in all (10-31), [Super Combo] at most 4 in all (10-17), [Ultimate] at most 1 (10-14);
no token (10-18) and no back side (2-3-2-1-2). A checked deck's ``card_ids`` are reordered with the
Leader FIRST: the kernels' setup deals ``deck[0]`` as the Leader and ``deck[1:]`` as the deck."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from tcg_env.cards.decks import Deck, DeckFolder, DeckSize, check_copies, check_ids, check_size, deck_error
from tcg_env.games.dbscg import constants as K

__all__ = ["DECKS", "load_checked_deck", "list_decks", "load_deck", "split_deck", "validate_deck"]

_LIMITS = ((K.Keyword.DRAGON_BALL, K.DRAGON_BALL_MAX, "[Dragon Ball] cards", "10-31"),
           (K.Keyword.SUPER_COMBO, K.SUPER_COMBO_MAX, "[Super Combo] cards", "10-17"),
           (K.Keyword.ULTIMATE, K.ULTIMATE_MAX, "[Ultimate] cards", "10-14"))  # fmt: skip


def split_deck(table: Any, deck: Deck) -> tuple[int, np.ndarray]:
    """``(leader id, the other card ids)`` of a deck list; a DeckError unless it holds exactly one
    Leader Card (5-1-2), its front side, and no token (10-18)."""
    ids = check_ids(table, deck)
    for cid in ids.tolist():
        m = table.models[cid]
        if m.side == "back":
            raise deck_error(table, deck, "a back side is never in a deck: list its Leader's front "
                             "(rule 2-3-2-1-2)", cid)
        if m.token:
            raise deck_error(table, deck, "a token is made by effects, never put in a deck (rule 10-18-1)", cid)
    leaders = ids[table.cards[ids, K.C_TYPE] == K.CardType.LEADER] if ids.size else ids
    if len(leaders) != 1:
        what = "no Leader Card" if len(leaders) == 0 else f"{len(leaders)} Leader Cards"
        raise deck_error(table, deck, f"{what}: a deck list has exactly one Leader Card (rule 5-1-2)",
                         int(leaders[1]) if len(leaders) > 1 else None)  # fmt: skip
    return int(leaders[0]), ids[ids != leaders[0]]


def validate_deck(table: Any, deck: Deck, format: str | None = None) -> Deck:
    """Check the deck construction rules (5-1, 10-14, 10-17, 10-31) and put the Leader first in
    ``deck.card_ids``; returns the deck."""
    fmt = format or deck.format
    if fmt != "constructed":
        raise deck_error(table, deck, f"the game has one deck format, 'constructed' (got {fmt!r})", field="format")
    leader, cards = split_deck(table, deck)
    check_size(table, deck, len(cards), DeckSize(K.DECK_SIZE, K.DECK_SIZE, "5-1-3"), what="deck (besides the Leader)",
               doc="rule")  # fmt: skip
    keywords = table.cards[cards, K.C_KEYWORDS]
    check_copies(table, deck, cards, K.MAX_COPIES, "5-1-3-1", doc="rule",
                 exempt=lambda cid: bool(table.cards[cid, K.C_KEYWORDS] & (K.KEYWORD_BITS["dragon_ball"]
                                                                           | K.KEYWORD_BITS["any_copies"])))  # fmt: skip
    for kw, most, what, rule in _LIMITS:
        hit = cards[(keywords & (1 << kw)) != 0]
        if len(hit) > most:
            raise deck_error(table, deck, f"{len(hit)} {what}: a deck has at most {most} (rule {rule})", int(hit[most]))
    deck.card_ids = np.concatenate([[leader], cards]).astype(np.int32)
    return deck


DECKS = DeckFolder(Path(__file__).resolve().parent / "data" / "decks", validate_deck)
list_decks = DECKS.names
load_deck = DECKS.load
load_checked_deck = DECKS.load_checked  # the spec's load_deck (pool, source, variant)
