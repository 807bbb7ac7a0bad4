"""Errors raised while loading card files and deck lists.

Both carry where the problem is (``file``, ``card``, ``field``; decks also ``line``) as attributes and
name all of them in the message, e.g.::

    cards.toml: card 'FF1-007' (Cinder Lancer): field 'abilities[0].effect[1].amount': must be >= 0
"""

from __future__ import annotations

__all__ = ["CardDataError", "DeckError", "LocatedError"]


class LocatedError(ValueError):
    """A ValueError that knows the file, card and field it is about."""

    def __init__(
        self,
        reason: str,
        *,
        file: str | None = None,
        card: str | None = None,
        card_name: str | None = None,
        field: str | None = None,
        line: int | None = None,
    ) -> None:
        self.reason = reason
        self.file = file
        self.card = card
        self.card_name = card_name
        self.field = field
        self.line = line
        super().__init__(self._format())

    def _format(self) -> str:
        parts = [self.file or "<data>"]
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.card is not None:
            label = f"card {self.card!r}"
            if self.card_name:
                label += f" ({self.card_name})"
            parts.append(label)
        if self.field:
            parts.append(f"field {self.field!r}")
        parts.append(self.reason)
        return ": ".join(parts)

    def __reduce__(self):  # keep the keyword attributes through pickling
        return (
            _rebuild,
            (type(self), self.reason, self.file, self.card, self.card_name, self.field, self.line),
        )


def _rebuild(cls, reason, file, card, card_name, field, line):
    return cls(reason, file=file, card=card, card_name=card_name, field=field, line=line)


class CardDataError(LocatedError):
    """A card file is malformed or a card breaks a rule of its game's schema."""


class DeckError(LocatedError):
    """A deck list is malformed, names unknown cards or breaks deck construction rules."""
