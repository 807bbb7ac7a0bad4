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
from tcg_env.cards.text import TextRecord, coverage_report

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

    def __init__(self, cards: list, *, file: str, total: int, skipped: Skipped, errors: list[str],
                 text_records: list[TextRecord] | None = None, game: str = "",
                 approximations: dict[str, str] | None = None):  # fmt: skip
        super().__init__(cards)
        self.file = file
        # how the printed ability text of every record of a played card type compiled (skipped
        # records included): the report of ``tcg cards import --report``
        self.text_records = text_records
        self.game = game
        self.approximations = approximations or {}
        self.total = total
        self.skipped = skipped.counts
        self.skipped_numbers = skipped.numbers
        self.errors = errors

    @property
    def cards(self) -> list:
        return list(self)

    @property
    def complete(self) -> list:
        """The imported cards with every ability line compiled (exact or approximate)."""
        return [c for c in self if not getattr(c, "uncompiled", None)]

    def report(self) -> dict[str, Any]:
        """The card-text coverage report (:func:`tcg_env.cards.text.coverage_report`)."""
        if self.text_records is None:
            raise CardDataError(f"{self.game or 'this game'}: its importer compiles no ability text, so there is "
                                "no coverage report", file=self.file)  # fmt: skip
        return coverage_report(self.text_records, file=self.file, game=self.game, approximations=self.approximations)

    def coverage_text(self) -> str:
        """One line: cards exact / exact-or-approximate and lines by verdict (empty without records)."""
        if self.text_records is None:
            return ""
        r = self.report()
        return (f"ability text: {r['cards_exact']} of {r['cards']} cards exact ({r['share_exact']:.0%}), "
                f"{r['cards_approximate']} exact or approximate ({r['share_exact_or_approximate']:.0%}); "
                f"lines {r['lines_exact']} exact, {r['lines_approximate']} approximate, "
                f"{r['lines_unsupported']} unsupported of {r['lines']}")

    def skipped_text(self) -> str:
        """``skipped N (reason n, ...)``, reasons in alphabetical order."""
        parts = ", ".join(f"{k} {v}" for k, v in sorted(self.skipped.items()))
        return f"skipped {sum(self.skipped.values())}" + (f" ({parts})" if parts else "")
