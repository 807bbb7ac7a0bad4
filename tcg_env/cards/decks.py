"""Deck lists of every game: plain text and TOML, loading and writing back. Deck construction
rules are each game's own (``validate_deck`` in ``tcg_env.games.<game>``, used by its
``GameSpec.load_deck``).

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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

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
