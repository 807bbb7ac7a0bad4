"""Deck lists of every game: plain text and TOML, loading and writing back; deck construction
rules as parameters (:class:`DeckRules`: sizes by format, copies per card number or per name,
limits per card type, each with its rule number) and a game's folder of built-in decks
(:class:`DeckFolder`: ``list_decks`` / ``load_deck`` for ``tcg_env.games.<game>.decks`` and the
game's spec). A game declares its rules in its ``decks.py``; a rule the parameters do not express
(Force of Will's ruler and separate decks) is the game's own check, built from :func:`check_size`
and :func:`check_copies`.

Plain text, one entry a line (``#`` starts a comment; ``# name: ...``, ``# format: ...`` and
``# description: ...`` comment lines set the deck's metadata)::

    # name: Ember Rush
    3 FF1-002 Ember Knight
    2x FF1-001            # the name is optional; when given it must match the pool

TOML::

    name = "Ember Rush"
    description = "..."
    format = "constructed"      # or "limited"
    [[cards]]
    number = "FF1-002"
    count = 3

The functions take any compiled card table with ``index`` (number -> id), ``numbers`` and ``names``
(:class:`tcg_env.cards.pool.CardTable`).
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

import numpy as np
from pydantic import ValidationError

from tcg_env.cards.base import DeckList, validation_problem
from tcg_env.cards.errors import DeckError
from tcg_env.cards.loaders import is_blank

__all__ = [
    "Deck",
    "parse_deck_text",
    "parse_deck_toml",
    "load_deck",
    "deck_to_text",
    "deck_to_toml",
    "list_deck_files",
    "DeckSize",
    "TypeLimit",
    "DeckRules",
    "DeckFolder",
    "deck_error",
    "check_ids",
    "check_size",
    "check_copies",
    "FORMATS",
    "MAX_LINE_COUNT",
]

FORMATS = ("constructed", "limited")  # the ``format`` a deck list may name (DeckList); games check their own
MAX_LINE_COUNT = 60  # copies one deck line may ask for: more than any game's deck holds (catches typos)


@dataclass
class Deck:
    name: str
    card_ids: np.ndarray  # int32 [n], in list order (copies adjacent)
    format: str = "constructed"
    description: str = ""
    source: str = "<list>"  # file name (for errors)
    lines: dict[str, int] = field(default_factory=dict)  # card number -> first line it appears on

    def __len__(self) -> int:
        return int(len(self.card_ids))

    def counts(self, table: Any) -> dict[str, int]:
        """Card number -> copies, in first-appearance order."""
        c: dict[str, int] = {}
        for cid in self.card_ids.tolist():
            num = table.numbers[cid]
            c[num] = c.get(num, 0) + 1
        return c


def list_deck_files(deck_dir: Path) -> list[str]:
    """Names of the built-in decks in ``deck_dir`` (the stems of its ``.toml`` files, then ``.txt``)."""
    return sorted(p.stem for p in deck_dir.glob("*.toml")) + sorted(p.stem for p in deck_dir.glob("*.txt"))


# --------------------------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------------------------
_LINE = re.compile(r"^(?:(?P<count>\d+)\s*[xX]?\s+)?(?P<number>\S+)(?:\s+(?P<name>.*?))?\s*$")
_META = re.compile(r"^#\s*(name|format|description)\s*:\s*(.*?)\s*$", re.IGNORECASE)


def _norm(s: str) -> str:
    return " ".join(s.split()).casefold()


def _lookup(table: Any, number: str, file: str, line: int | None) -> int:
    try:
        return table.index[number]
    except KeyError:
        raise DeckError("unknown card number", file=file, line=line, card=number, field="number") from None


def _build(table: Any, entries: list[tuple[str, int, int | None]], *, name: str, fmt: str,
           description: str, file: str) -> Deck:  # fmt: skip
    ids: list[int] = []
    lines: dict[str, int] = {}
    for number, count, line in entries:
        cid = _lookup(table, number, file, line)
        if count < 1:
            raise DeckError("count must be >= 1", file=file, line=line, card=number, field="count")
        if count > MAX_LINE_COUNT:
            raise DeckError(f"count must be <= {MAX_LINE_COUNT}", file=file, line=line, card=number, field="count")
        ids.extend([cid] * count)
        if line is not None:
            lines.setdefault(number, line)
    if fmt not in FORMATS:
        raise DeckError(f"format must be one of {FORMATS}", file=file, field="format")
    return Deck(name=name, card_ids=np.asarray(ids, dtype=np.int32), format=fmt,
                description=description, source=file, lines=lines)  # fmt: skip


EMPTY_DECK = "the file is empty (no cards in it)"  # a deck file of nothing but blanks and comments


def parse_deck_text(table: Any, text: str, file: str = "<text>", name: str | None = None) -> Deck:
    """Parse a plain-text deck list."""
    if is_blank(text):
        raise DeckError(EMPTY_DECK, file=file)
    meta = {"name": name or Path(file).stem, "format": "constructed", "description": ""}
    entries: list[tuple[str, int, int | None]] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        m = _META.match(raw.strip())
        if m:
            meta[m.group(1).lower()] = m.group(2)
            continue
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = _LINE.match(line)
        if not m:  # pragma: no cover - the pattern accepts any non-empty line
            raise DeckError(f"cannot read line {line!r}", file=file, line=lineno)
        number = m.group("number")
        count = int(m.group("count")) if m.group("count") else 1
        cid = _lookup(table, number, file, lineno)
        given = m.group("name")
        if given and _norm(given) != _norm(table.names[cid]):
            raise DeckError(
                f"name {given!r} does not match the pool's {table.names[cid]!r} for this number",
                file=file, line=lineno, card=number, field="name",
            )  # fmt: skip
        entries.append((number, count, lineno))
    if not entries:
        raise DeckError("the deck list is empty", file=file, field="cards")
    return _build(table, entries, name=meta["name"], fmt=meta["format"].lower(),
                  description=meta["description"], file=file)  # fmt: skip


def parse_deck_toml(table: Any, text: str, file: str = "<toml>") -> Deck:
    """Parse a TOML deck list (``name``, ``description``, ``format``, ``[[cards]]``)."""
    if is_blank(text):
        raise DeckError(EMPTY_DECK, file=file)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DeckError(f"cannot parse TOML: {exc}", file=file) from exc
    try:
        deck = DeckList.model_validate(data)
    except ValidationError as exc:
        loc = exc.errors(include_url=False)[0]["loc"]
        card = None
        if len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int):
            cards = data.get("cards")
            if isinstance(cards, list) and loc[1] < len(cards) and isinstance(cards[loc[1]], dict):
                card = cards[loc[1]].get("number")
        field, reason = validation_problem(exc, data)
        raise DeckError(reason, file=file, card=card, field=field) from None
    text_lines = text.splitlines()

    def line_of(number: str) -> int | None:
        needle = f'"{number}"'
        for i, ln in enumerate(text_lines, start=1):
            if needle in ln or f"'{number}'" in ln:
                return i
        return None

    entries = [(e.number, e.count, line_of(e.number)) for e in deck.cards]
    return _build(table, entries, name=deck.name, fmt=deck.format, description=deck.description, file=file)


def _from_list(table: Any, items: Iterable[Any]) -> Deck:
    ids: list[int] = []
    n = len(table.numbers)
    for i, item in enumerate(items):
        if isinstance(item, (int, np.integer)) and not isinstance(item, bool):
            if not 0 <= int(item) < n:
                raise DeckError(f"card id {int(item)} out of range [0, {n})", file="<list>", field=f"[{i}]")
            ids.append(int(item))
        elif isinstance(item, str):
            ids.append(_lookup(table, item, "<list>", None))
        else:
            raise DeckError(f"expected a card number or id, got {item!r}", file="<list>", field=f"[{i}]")
    return Deck(name="custom", card_ids=np.asarray(ids, dtype=np.int32), source="<list>")


def load_deck(table: Any, source: Any, *, builtin_dir: Path, format: str | None = None) -> Deck:
    """A deck from a built-in deck name (a file stem in ``builtin_dir``, the game's deck folder), a
    file path (.toml or plain text), a list of card numbers or ids, or a :class:`Deck`. Unknown card
    numbers and name mismatches raise here; deck construction (size, copies) is the game's check.
    ``format`` overrides the format written in the list.
    """
    deck_dir = builtin_dir
    if isinstance(source, Deck):
        deck = source
    elif isinstance(source, (list, tuple, np.ndarray)):
        deck = _from_list(table, source)
    elif isinstance(source, (str, Path)):
        path = Path(source)
        if not path.is_file():
            builtin = [deck_dir / f"{source}.toml", deck_dir / f"{source}.txt"]
            found = [p for p in builtin if p.is_file()] if isinstance(source, str) and "/" not in source else []
            if not found:
                raise DeckError(
                    "no such deck file or built-in deck (built-in: "
                    + ", ".join(sorted({p.stem for p in deck_dir.glob("*.toml")} | {p.stem for p in deck_dir.glob("*.txt")}))
                    + ")",
                    file=str(source),
                )
            path = found[0]
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise DeckError(f"cannot read file: {exc}", file=path.name) from exc
        except UnicodeDecodeError as exc:  # a binary file (an image, an archive) given as a deck
            raise DeckError(f"not a text deck list (byte {exc.start} is not UTF-8 text)", file=str(path)) from None
        if path.suffix.lower() == ".toml":
            deck = parse_deck_toml(table, text, file=path.name)
        else:
            deck = parse_deck_text(table, text, file=path.name)
    else:
        raise DeckError(f"cannot make a deck from {type(source).__name__}", file="<list>")
    if format is not None:
        deck.format = format
    return deck


# --------------------------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------------------------
def deck_to_text(table: Any, deck: Deck) -> str:
    out = [f"# name: {deck.name}", f"# format: {deck.format}"]
    if deck.description:
        out.append(f"# description: {' '.join(deck.description.split())}")
    for number, count in deck.counts(table).items():
        out.append(f"{count} {number} {table.names[table.index[number]]}")
    return "\n".join(out) + "\n"


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def deck_to_toml(table: Any, deck: Deck) -> str:
    out = [f"name = {_q(deck.name)}", f"description = {_q(deck.description)}", f"format = {_q(deck.format)}", ""]
    for number, count in deck.counts(table).items():
        out += ["[[cards]]", f"number = {_q(number)}  # {table.names[table.index[number]]}", f"count = {count}", ""]
    return "\n".join(out)


# --------------------------------------------------------------------------------------------
# Deck construction rules
# --------------------------------------------------------------------------------------------
def deck_error(table: Any, deck: Deck, reason: str, cid: int | None = None, field: str = "cards",
               by: str = "number") -> DeckError:  # fmt: skip
    """A DeckError about ``deck`` naming its file and, for a card id ``cid``, the card's number and
    name and the first line of the list with that card number (``by="name"``: with that name)."""
    if cid is None:
        return DeckError(reason, file=deck.source, field=field)
    number, name = table.numbers[cid], table.names[cid]
    same = (lambda num: num == number) if by == "number" else (lambda num: table.names[table.index[num]] == name)
    lines = [ln for num, ln in deck.lines.items() if same(num)]
    return DeckError(reason, file=deck.source, line=min(lines, default=None), card=number, card_name=name,
                     field=field)  # fmt: skip


def check_ids(table: Any, deck: Deck) -> np.ndarray:
    """The deck's card ids (int32), after checking each is a card of ``table``."""
    ids = np.asarray(deck.card_ids, dtype=np.int32)
    if ids.size and (ids.min() < 0 or ids.max() >= len(table.numbers)):
        raise deck_error(table, deck, "card id out of range for this card pool")
    return ids


@dataclass(frozen=True)
class DeckSize:
    """``lo`` to ``hi`` cards (``hi`` None: no maximum; ``lo == hi``: exactly), by rule ``rule``."""

    lo: int
    hi: int | None
    rule: str

    def words(self) -> str:
        if self.lo == self.hi:
            return f"exactly {self.lo}"
        return f"{self.lo} or more" if self.hi is None else f"{self.lo} to {self.hi}"


def check_size(table: Any, deck: Deck, n: int, size: DeckSize, what: str = "deck", part: str = "",
               doc: str = "CR") -> None:  # fmt: skip
    """``n`` cards within ``size``: "49 cards: a constructed deck has exactly 50 cards (CR 8.1.1.1)";
    with ``part`` (a deck of several parts): "6 cards in the extra deck: it has 0 to 5 cards (...)".
    ``doc``: how the game's rules document is cited before a rule number."""
    if n < size.lo or (size.hi is not None and n > size.hi):
        where = f"{n} cards in the {part}: it" if part else f"{n} cards: a {what}"
        raise deck_error(table, deck, f"{where} has {size.words()} cards ({doc} {size.rule})")


def check_copies(table: Any, deck: Deck, ids: np.ndarray, most: int, rule: str, by: str = "number",
                 part: str = "", exempt: Callable[[int], bool] | None = None, doc: str = "CR") -> None:  # fmt: skip
    """At most ``most`` cards of ``ids`` with the same card number (``by="number"``) or card name
    (``by="name"``, whatever their numbers); ``exempt(cid)``: a card any number of copies of."""
    key = table.numbers if by == "number" else table.names
    in_part = f" in the {part}" if part else ""
    for k, c in Counter(key[i] for i in ids.tolist()).items():
        cid = next(i for i in ids.tolist() if key[i] == k)
        if c <= most or (exempt is not None and exempt(cid)):
            continue
        if by == "number":
            reason = f"{c} copies{in_part}: at most {most} copies of a card number"  # the error names the card
        else:
            reason = f"{c} cards named {k!r}{in_part}: " + ("one of a name" if most == 1 else f"at most {most} of a card name")
        raise deck_error(table, deck, f"{reason} ({doc} {rule})", cid, "count", by)


@dataclass(frozen=True)
class TypeLimit:
    """At most ``most`` cards whose table column ``column`` is ``value`` (Weiss Schwarz: 8 climax)."""

    column: int
    value: int
    most: int
    what: str
    rule: str


@dataclass(frozen=True)
class DeckRules:
    """A game's deck construction rules as parameters. ``sizes``: the deck size of each format a
    deck list may name (the key None: any format); ``copies`` of a card number or name
    (``copies_by``; None: any number of copies); ``limits`` per card type; ``capacity``: the most
    cards the engine's state holds per deck; ``doc``: how the rules document is cited before a rule
    number ("CR 5.1.2.1"). :meth:`check` raises a one-line :class:`DeckError` naming the file, the
    card and the rule."""

    sizes: Mapping[str | None, DeckSize]
    copies: int | None
    copies_rule: str = ""
    copies_by: str = "number"
    limits: tuple[TypeLimit, ...] = ()
    capacity: int | None = None
    doc: str = "CR"

    def check(self, table: Any, deck: Deck, format: str | None = None) -> Deck:
        """Check ``deck`` for ``format`` (default: the format the deck list names)."""
        fmt = format or deck.format
        size = self.sizes.get(fmt, self.sizes.get(None))
        if size is None:
            raise DeckError(f"format must be one of {tuple(self.sizes)}, got {fmt!r}", file=deck.source, field="format")
        ids = check_ids(table, deck)
        if self.capacity is not None and len(ids) > self.capacity:
            raise deck_error(table, deck, f"{len(ids)} cards: the engine holds at most {self.capacity} cards per deck")
        check_size(table, deck, len(ids), size, what=f"{fmt} deck" if fmt in self.sizes else "deck", doc=self.doc)
        if self.copies is not None:
            check_copies(table, deck, ids, self.copies, self.copies_rule, by=self.copies_by, doc=self.doc)
        for lim in self.limits:
            hit = ids[np.asarray(table.cards)[ids, lim.column] == lim.value] if ids.size else ids
            if len(hit) > lim.most:
                raise deck_error(table, deck, f"{len(hit)} {lim.what}: a deck has at most {lim.most} {lim.what} "
                                 f"({self.doc} {lim.rule})", int(hit[lim.most]))  # fmt: skip
        return deck


class DeckFolder:
    """A game's built-in decks (the ``.toml`` / ``.txt`` files of ``path``) and its deck check
    (``check(table, deck, format)``, e.g. :meth:`DeckRules.check`): ``names()`` lists them,
    ``load`` reads a deck by name, path or card list, ``load_checked`` is the spec's ``load_deck``."""

    def __init__(self, path: Path, check: Callable[..., Deck]) -> None:
        self.path = path
        self.check = check
        self._names: list[str] | None = None
        self._parsed: dict[tuple, Deck] = {}

    def names(self) -> list[str]:
        """The built-in decks' names (file stems), read once."""
        if self._names is None:
            self._names = list_deck_files(self.path)
        return list(self._names)

    def load(self, table: Any, source: Any, *, validate: bool = True, format: str | None = None) -> Deck:
        """A deck from a built-in deck name, a file path (.toml or plain text), a list of card numbers
        or ids, or a :class:`Deck`, checked unless ``validate=False``. Unknown card numbers and name
        mismatches always raise. ``format`` overrides the format written in the list."""
        deck = load_deck(table, source, builtin_dir=self.path, format=format)
        if validate:
            self.check(table, deck, format)
        return deck

    def load_checked(self, pool: Any, source: Any, variant: str | None = None) -> Deck:
        """``GameSpec.load_deck``: a checked deck for ``variant`` (None: the format the list names).
        A built-in deck is parsed once per pool (~2 ms, i.e. ~4 us per decision for a loop that
        starts a new game every ~400 decisions); callers get their own copy of the card ids."""
        key = (id(pool), source, variant) if isinstance(source, str) and source in self.names() else None
        if key is None or key not in self._parsed:
            deck = load_deck(pool, source, builtin_dir=self.path)
            self.check(pool, deck, variant)
            if key is None:
                return deck
            self._parsed[key] = deck
        deck = self._parsed[key]
        return replace(deck, card_ids=deck.card_ids.copy())
