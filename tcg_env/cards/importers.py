"""What every game's importer of real card lists shares: reading the JSON file, counting what is
skipped and why, and the result type. The importers themselves are the games' own
(``tcg_env.games.<game>.importer``, reached through ``GameSpec.import_cards``).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from tcg_env.cards.errors import CardDataError

__all__ = ["ImportResult", "Skipped", "read_card_list"]


def read_card_list(path: Path) -> Any:
    """The records of a JSON card list: the top-level list, or the ``cards`` list of a table
    (anything else is returned as it is, for the game's importer to refuse with its own words)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise CardDataError(f"cannot read JSON: {exc}", file=path.name) from exc
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        data = data["cards"]
    return data


class Skipped:
    """The records an importer skipped: ``skip(reason, number)`` counts one; ``counts`` (reason ->
    how many) and ``numbers`` (reason -> the card numbers, in file order) go into the result."""

    def __init__(self) -> None:
        self.counts: Counter = Counter()
        self.numbers: dict[str, list[str]] = {}

    def __call__(self, reason: str, number: str) -> None:
        self.counts[reason] += 1
        self.numbers.setdefault(reason, []).append(number)


class ImportResult(list):
    """The imported cards (a list of the game's card models) plus what was skipped and why; games
    add their own counts (a subclass per game) and their own :meth:`summary` tail."""

    def __init__(self, cards: list, *, file: str, total: int, skipped: Skipped, errors: list[str]):
        super().__init__(cards)
        self.file = file
        self.total = total
        self.skipped = skipped.counts
        self.skipped_numbers = skipped.numbers
        self.errors = errors

    @property
    def cards(self) -> list:
        return list(self)

    def skipped_text(self) -> str:
        """``skipped N (reason n, ...)``, reasons in alphabetical order."""
        parts = ", ".join(f"{k} {v}" for k, v in sorted(self.skipped.items()))
        return f"skipped {sum(self.skipped.values())}" + (f" ({parts})" if parts else "")
