"""Read card files (TOML, YAML or JSON) into plain records.

Loading never executes code: TOML via ``tomllib``, YAML via ``yaml.safe_load``, JSON via ``json``.
Every format holds the same structure: a top-level ``cards`` list of tables (a JSON or YAML file may
also be just the list).
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tcg_env.cards.errors import CardDataError

__all__ = ["CardRecords", "load_card_records", "parse_card_records", "detect_format", "is_blank", "EMPTY_FILE"]

EMPTY_FILE = "the file is empty (no cards in it)"  # the reason given for a file with nothing but blanks and comments

_FORMATS = {".toml": "toml", ".yaml": "yaml", ".yml": "yaml", ".json": "json"}


@dataclass
class CardRecords:
    """The raw card records of one file (dicts, in file order) and the file's display name."""

    file: str
    records: list[dict[str, Any]]
    meta: dict[str, Any]

    def __iter__(self):
        return iter(self.records)

    def __len__(self) -> int:
        return len(self.records)


def detect_format(path: str | Path) -> str:
    suffix = Path(path).suffix.lower()
    try:
        return _FORMATS[suffix]
    except KeyError:
        raise CardDataError(
            f"unknown card file type {suffix!r} (use .toml, .yaml, .yml or .json)", file=Path(path).name
        ) from None


def is_blank(text: str, comments: bool = True) -> bool:
    """Nothing but whitespace and (``comments``) ``#`` comment lines: an empty file, whatever its
    format (TOML, YAML and the plain-text deck lists comment with ``#``; JSON has no comments)."""
    return all(not ln.strip() or (comments and ln.lstrip().startswith("#")) for ln in text.splitlines())


def parse_card_records(text: str, fmt: str, file: str = "<string>", key: str = "cards") -> CardRecords:
    """Parse the text of a card file in format ``fmt`` ('toml' | 'yaml' | 'json'). An empty file
    (nothing but blanks and comments) is an error that says so."""
    if fmt in _FORMATS.values() and is_blank(text, comments=fmt != "json"):
        raise CardDataError(EMPTY_FILE, file=file)
    try:
        if fmt == "toml":
            data: Any = tomllib.loads(text)
        elif fmt == "yaml":
            import yaml  # local: only needed for YAML files

            data = yaml.safe_load(text)  # safe_load: never constructs arbitrary objects
        elif fmt == "json":
            data = json.loads(text)
        else:
            raise CardDataError(f"unknown card file format {fmt!r}", file=file)
    except CardDataError:
        raise
    except Exception as exc:  # syntax errors of any of the three parsers
        raise CardDataError(f"cannot parse {fmt.upper()}: {exc}", file=file) from exc

    if data is None and fmt == "yaml":  # a YAML stream without a document ("---" alone)
        raise CardDataError(EMPTY_FILE, file=file)
    meta: dict[str, Any] = {}
    if isinstance(data, list):
        records = data
    elif isinstance(data, dict):
        if key not in data:
            raise CardDataError(f"no top-level {key!r} list", file=file, field=key)
        records = data[key]
        meta = {k: v for k, v in data.items() if k != key}
    else:
        raise CardDataError(f"top level must be a table with a {key!r} list", file=file)
    if not isinstance(records, list):
        raise CardDataError(f"{key!r} must be a list of tables", file=file, field=key)
    for i, rec in enumerate(records):
        if not isinstance(rec, dict):
            raise CardDataError("each card must be a table", file=file, card=f"#{i}", field=f"{key}[{i}]")
    return CardRecords(file=file, records=records, meta=meta)


def load_card_records(path: str | Path, key: str = "cards") -> CardRecords:
    """Read one card file; the format comes from the suffix."""
    path = Path(path)
    fmt = detect_format(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CardDataError(f"cannot read file: {exc}", file=path.name) from exc
    return parse_card_records(text, fmt, file=path.name, key=key)
