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

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import numpy as np

from tcg_env.cards.decks import Deck, DeckFolder, DeckSize, check_copies, check_ids, check_size, deck_error
from tcg_env.games.force_of_will import constants as K

__all__ = ["DECKS", "load_checked_deck", "DeckParts", "list_decks", "load_deck", "split_deck", "validate_deck"]

_T = K.CardType


@dataclass
class DeckParts:
    """A deck list split by CR 402.1: card ids (int32) of each part, in list order."""

    ruler: int
    main: np.ndarray
    stones: np.ndarray
    runes: np.ndarray
    extra: np.ndarray


def _check_second_names(deck: Deck, table: Any, ids: np.ndarray, rule: str, part: str) -> None:
    """A card with a second name ("This card has "<name>" in addition to its other names.", packed in C_NAME, CR
    202.2) has both: at most four cards with that name, printed or second (check_copies counts the printed names); a
    name gained in the field (NAME2_IN_FIELD) is not counted."""
    def names(c: int) -> tuple[int, int]:
        v = int(table.cards[c, K.C_NAME])
        return v & K.NAME_MASK, 0 if v & K.NAME2_IN_FIELD else (v >> K.NAME_BITS) & K.NAME_MASK

    for n in sorted({names(int(c))[1] for c in ids.tolist()} - {0}):
        have = [int(c) for c in ids.tolist() if n in names(int(c))]
        if len(have) > K.MAX_COPIES:
            name = next(k for k, v in table.name_ids.items() if v == n)
            _fail(deck, table, f"{len(have)} cards named {name!r}{part} (a second name counts, CR 202.2): at most "
                  f"{K.MAX_COPIES} of a card name (CR {rule})", have[0])


def _fail(deck: Deck, table: Any, reason: str, cid: int | None = None, field: str = "cards") -> None:
    raise deck_error(table, deck, reason, cid, field)


def split_deck(table: Any, deck: Deck, extra: Iterable[int] = ()) -> DeckParts:
    """Split a deck list into ruler, main deck, magic stone deck, rune deck and extra deck by card
    type (CR 402.1; story chants to the extra deck, CR 1132.2), without checking sizes; ``extra``:
    more extra deck cards (card ids). Raises a DeckError for a J-ruler in the list or a number of
    rulers other than one (CR 402.2). ``kernels.deal_player`` deals a deck the same way."""
    ids = check_ids(table, deck)
    types = table.cards[ids, K.C_TYPE] if ids.size else np.zeros(0, np.int32)
    for cid in ids[types == _T.J_RULER].tolist()[:1]:
        _fail(deck, table, "a J-ruler is the back of its ruler: list the ruler, not its J-ruler side (CR 705.3)", cid)
    for cid in ids[(table.cards[ids, K.C_TYPE_BITS] & K.TB_TOKEN) != 0].tolist()[:1] if ids.size else ():
        _fail(deck, table, "a token is made by an effect, not listed in a deck (CR 1303.1)", cid)
    despair = (table.cards[ids, K.C_J_SIDE] <= -2) & (types != _T.RULER) & (types != _T.J_RULER) if ids.size else ()
    for cid in ids[despair].tolist()[:1] if ids.size else ():
        _fail(deck, table, "a despair side is the back of its Inverse card: list the hope side (CR 1302.3)", cid)
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
    for ids, lo, hi, part, rule in sizes:
        check_size(table, deck, len(ids), DeckSize(lo, hi, rule), part=part)
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
    for ids, part, rule in ((parts.extra, "extra deck", "402.5b"), (parts.runes, "rune deck", "402.6b")):
        check_copies(table, deck, ids, 1, rule, by="name", part=part)
    main_extra_runes = np.concatenate([parts.main, parts.extra, parts.runes])
    # "You may have any number of copies of this card in your deck." (CR 402.8: it replaces 402.3b / 402.4c / 402.7);
    # "You may have up to N copies of this card ..." (session 24: its own limit, _check_own_limits)
    own_max = lambda cid: (int(table.cards[cid, K.C_BASIC]) >> K.DECK_MAX_SHIFT) & K.DECK_MAX_MASK  # noqa: E731
    any_copies = lambda cid: bool(table.cards[cid, K.C_BASIC] & K.DECK_ANY_COPIES) or own_max(cid) > 0  # noqa: E731
    check_copies(table, deck, main_extra_runes, K.MAX_COPIES, "402.3b, 402.7", by="name", exempt=any_copies)
    check_copies(table, deck, parts.stones, K.MAX_COPIES, "402.4c", by="name", part="magic stone deck",
                 exempt=lambda cid: bool(table.cards[cid, K.C_BASIC] & 1) or any_copies(cid))  # fmt: skip
    _check_own_limits(deck, table, parts, main_extra_runes, own_max)
    _check_second_names(deck, table, main_extra_runes, "402.3b, 402.7", "")
    _check_second_names(deck, table, parts.stones, "402.4c", " in the magic stone deck")
    _check_forbidden_marks(deck, table, parts)
    return deck


def _check_own_limits(deck: Deck, table: Any, parts: DeckParts, main_extra_runes: np.ndarray, own_max: Any) -> None:
    """Session 24 (CR 402.8): a card's "You may have up to N copies of this card in your [magic stone] deck." (at most N
    cards of its name, instead of four: counted as 402.7 / 402.4c count them); a ruler's "You may not have more than one
    copy of any card in your deck." (one of a name in its main deck, CR 304, whatever the cards' own rules allow)."""
    for ids, part in ((main_extra_runes, ""), (parts.stones, " in the magic stone deck")):
        names = [table.names[c] for c in ids.tolist()]
        for c in ids.tolist():
            n = own_max(c)
            if n and names.count(table.names[c]) > n:
                _fail(deck, table, f"{names.count(table.names[c])} cards named {table.names[c]!r}{part}: its own text "
                      f"allows up to {n} copies (CR 402.8)", c)
    if table.cards[parts.ruler, K.C_BASIC] & K.DECK_ONE_COPY:
        check_copies(table, deck, parts.main, 1, f"402.8: the ruler {table.names[parts.ruler]!r} allows one copy of any "
                     "card", by="name")


def _check_forbidden_marks(deck: Deck, table: Any, parts: DeckParts) -> None:
    """"You cannot have cards with [<mark>] in your deck [or magic stone deck]." (session 22; CR 402.8: a card's effect
    on deck building, here the ruler's; "your deck" is the main deck, CR 304; the marks CR 1101.1b): no card of the main
    deck (and the magic stone deck with DECK_FORBID_STONES) has a mark any card of the deck list forbids."""
    basic = table.cards[:, K.C_BASIC]
    everyone = np.concatenate([[parts.ruler], parts.main, parts.stones, parts.extra, parts.runes]).astype(np.int64)
    forbid = main_forbid = stones_forbid = 0
    for cid in everyone.tolist():
        f = (int(basic[cid]) >> K.DECK_FORBID_SHIFT) & ((1 << len(K.DECK_MARKS)) - 1)
        main_forbid |= f
        stones_forbid |= f if basic[cid] & K.DECK_FORBID_STONES else 0
        forbid |= f
    if not forbid:
        return
    for ids, mask, part in ((parts.main, main_forbid, "deck"), (parts.stones, stones_forbid, "magic stone deck")):
        for cid in ids.tolist():
            hit = (int(basic[cid]) >> K.DECK_MARK_SHIFT) & mask
            if hit:
                mark = K.DECK_MARKS[(hit & -hit).bit_length() - 1]
                _fail(deck, table, f"a card with [{mark.replace('_', ' ').title()}] in the {part}: a card of the deck list "
                      f"forbids it (CR 402.8)", cid)


DECKS = DeckFolder(Path(__file__).resolve().parent / "data" / "decks", validate_deck)
list_decks = DECKS.names
load_deck = DECKS.load
load_checked_deck = DECKS.load_checked  # the spec's load_deck (pool, source, variant)
