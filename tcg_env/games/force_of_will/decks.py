"""Force of Will decks (CR 402): the built-in deck folder, loading by name, path or card list, and
the deck construction rules. Parsing and writing deck lists is every game's
(:mod:`tcg_env.cards.decks`).

A deck list names every card a player brings, in one list; the card types split it (CR 402.1):
the one ruler (402.2), the magic stone deck (magic stones, 402.4), the rune deck (runes, 402.6:
a chant/rune too, simplified: it is never put into the main deck, which 402.3 would allow), the
extra deck (story chants, 402.5 with [Grimoire], 1132.2) and the main deck (everything else,
402.3). A J-ruler is never listed: it is the back of its ruler. :func:`validate_deck` also takes
an extra deck as a separate list of card ids and checks it the same way.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import numpy as np

from tcg_env.cards.decks import Deck, list_deck_files
from tcg_env.cards.decks import load_deck as load_deck_list
from tcg_env.cards.errors import DeckError
from tcg_env.games.force_of_will import constants as K

__all__ = ["DeckParts", "deck_dir", "list_force_of_will_decks", "load_deck", "split_deck", "validate_deck"]

_T = K.CardType


def deck_dir() -> Path:
    """The built-in decks: ``tcg_env/games/force_of_will/data/decks``."""
    return Path(__file__).resolve().parent / "data" / "decks"


def list_force_of_will_decks() -> list[str]:
    """Names of the preconstructed Force of Will decks (file stems in ``games/force_of_will/data/decks``)."""
    return list_deck_files(deck_dir())


@dataclass
class DeckParts:
    """A deck list split by CR 402.1: card ids (int32) of each part, in list order."""

    ruler: int
    main: np.ndarray
    stones: np.ndarray
    runes: np.ndarray
    extra: np.ndarray


def load_deck(table: Any, source: Any, *, validate: bool = True, format: str | None = None) -> Deck:
    """A deck from a built-in deck name, a file path (.toml or plain text ``4 FOW1-024 Cinder Whelp``),
    a list of card numbers or ids, or a :class:`Deck`; checked against CR 402 unless
    ``validate=False``. ``format``: only "constructed" exists."""
    deck = load_deck_list(table, source, builtin_dir=deck_dir(), format=format)
    if validate:
        validate_deck(table, deck)
    return deck


def _fail(deck: Deck, table: Any, reason: str, cid: int | None = None, field: str = "cards") -> None:
    number = table.numbers[cid] if cid is not None else None
    raise DeckError(reason, file=deck.source, line=deck.lines.get(number) if number else None,
                    card=number, card_name=table.names[cid] if cid is not None else None, field=field)  # fmt: skip


def split_deck(table: Any, deck: Deck, extra: Iterable[int] = ()) -> DeckParts:
    """Split a deck list into ruler, main deck, magic stone deck, rune deck and extra deck by card
    type (CR 402.1; story chants to the extra deck, CR 1132.2), without checking sizes; ``extra``:
    more extra deck cards (card ids). Raises a DeckError for a J-ruler in the list or a number of
    rulers other than one (CR 402.2). ``kernels.deal_player`` deals a deck the same way."""
    ids = np.asarray(deck.card_ids, dtype=np.int32)
    if ids.size and (ids.min() < 0 or ids.max() >= table.n_cards):
        _fail(deck, table, "card id out of range for this card pool")
    types = table.cards[ids, K.C_TYPE] if ids.size else np.zeros(0, np.int32)
    for cid in ids[types == _T.J_RULER].tolist()[:1]:
        _fail(deck, table, "a J-ruler is the back of its ruler: list the ruler, not its J-ruler side (CR 705.3)", cid)
    rulers = ids[types == _T.RULER]
    if len(rulers) != 1:
        what = "no ruler" if len(rulers) == 0 else f"{len(rulers)} rulers"
        _fail(deck, table, f"{what}: a deck has exactly one ruler card (CR 402.2)",
              int(rulers[1]) if len(rulers) > 1 else None)  # fmt: skip
    story = (table.cards[ids, K.C_TYPE_BITS] & K.TB_STORY) != 0 if ids.size else np.zeros(0, bool)
    main = ids[(types != _T.RULER) & (types != _T.MAGIC_STONE) & (types != _T.RUNE) & ~story]
    extra = np.concatenate([ids[story & (types != _T.RUNE)], np.asarray(list(extra), dtype=np.int32)]).astype(np.int32)
    return DeckParts(ruler=int(rulers[0]), main=main, stones=ids[types == _T.MAGIC_STONE],
                     runes=ids[types == _T.RUNE], extra=extra)  # fmt: skip


def validate_deck(table: Any, deck: Deck, format: str | None = None, *, extra: Iterable[int] = ()) -> Deck:
    """Check deck construction (CR 402): exactly one ruler (402.2); main deck 40 to 60 cards
    (402.3a); magic stone deck 10 to 20 (402.4a), any number of a basic magic stone (402.4b), four of
    another (402.4c); extra deck and rune deck 0 to 5 cards with one of a name (402.5, 402.6), an
    extra deck only with [Grimoire] (402.5c); at most four of a name across the main, extra and rune
    decks (402.3b, 402.7); [Grimoire] N allows up to N story chants in the extra deck (1132.2); one
    master rune (402.6c); a rune without the chant type shares an attribute with the ruler (402.6d).
    ``extra``: more extra deck card ids (besides the deck list's story chants)."""
    fmt = format or deck.format
    if fmt != "constructed":
        _fail(deck, table, f"Force of Will has one deck format, 'constructed' (got {fmt!r})", field="format")
    parts = split_deck(table, deck, extra)
    sizes = (
        (parts.main, K.MIN_MAIN_DECK, K.MAX_MAIN_DECK, "main deck", "402.3a"),
        (parts.stones, K.MIN_STONE_DECK, K.MAX_STONE_DECK, "magic stone deck", "402.4a"),
        (parts.extra, 0, K.MAX_EXTRA, "extra deck", "402.5a"),
        (parts.runes, 0, K.MAX_EXTRA, "rune deck", "402.6a"),
    )
    for ids, lo, hi, what, rule in sizes:
        if not lo <= len(ids) <= hi:
            _fail(deck, table, f"{len(ids)} cards in the {what}: it has {lo} to {hi} cards (CR {rule})")
    grimoire = int(table.cards[parts.ruler, K.C_GRIMOIRE])
    if len(parts.extra) and not grimoire:
        _fail(deck, table, "an extra deck needs a ruler with [Grimoire] (CR 402.5c)", int(parts.extra[0]))
    for cid in parts.extra.tolist():
        if int(table.cards[cid, K.C_TYPE]) != _T.CHANT or not table.cards[cid, K.C_TYPE_BITS] & K.TB_STORY:
            _fail(deck, table, "[Grimoire]'s extra deck holds story chants only (CR 1132.2)", cid)
    if len(parts.extra) > grimoire:
        _fail(deck, table, f"{len(parts.extra)} cards in the extra deck: the ruler's [Grimoire] {grimoire} allows "
              f"up to {grimoire} (CR 1132.2)", int(parts.extra[grimoire]))  # fmt: skip
    masters = [cid for cid in parts.runes.tolist() if table.cards[cid, K.C_TYPE_BITS] & K.TB_MASTER]
    if len(masters) > 1:
        _fail(deck, table, f"{len(masters)} master runes in the rune deck: one at most (CR 402.6c)", masters[1])
    ruler_attr = int(table.cards[parts.ruler, K.C_ATTR])
    for cid in parts.runes.tolist():
        if not table.cards[cid, K.C_TYPE_BITS] & K.TB_CHANT and not table.cards[cid, K.C_ATTR] & ruler_attr:
            _fail(deck, table, "a rune without the chant type must share an attribute with the ruler (CR 402.6d)", cid)
    for ids, what, rule in ((parts.extra, "extra deck", "402.5b"), (parts.runes, "rune deck", "402.6b")):
        for name, c in Counter(table.names[i] for i in ids.tolist()).items():
            if c > 1:
                cid = next(i for i in ids.tolist() if table.names[i] == name)
                _fail(deck, table, f"{c} cards named {name!r} in the {what}: one of a name (CR {rule})", cid, "count")
    for ids, basic_ok, rule in ((np.concatenate([parts.main, parts.extra, parts.runes]), False, "402.3b, 402.7"),
                                (parts.stones, True, "402.4c")):  # fmt: skip
        for name, c in Counter(table.names[i] for i in ids.tolist()).items():
            cid = next(i for i in ids.tolist() if table.names[i] == name)
            if c > K.MAX_COPIES and not (basic_ok and table.cards[cid, K.C_BASIC]):
                what = "non-basic magic stone" if basic_ok else "card"
                _fail(deck, table, f"{c} cards named {name!r}: at most {K.MAX_COPIES} of a {what} name (CR {rule})",
                      cid, "count")  # fmt: skip
    return deck
