"""Where a card / ability / filter table column takes its value from: declared once, with the
column (``TableLayout.add(name, source=...)`` in the game's ``constants.py``), and filled by the
shared compiler (:meth:`tcg_env.cards.pool.PoolCompiler.new_row`), so a game's compiler writes only
its validation and the columns that need code.

A source names a field of the model being compiled (default: the column's name; ``field=`` for
another name, dotted for a nested model, ``"cost.cp"``, or a list's item, ``"traits.0"``: None past
the list's end or under a model left out) and how its value becomes an int32:

* :func:`copy`: the value itself (a bool as 0 / 1);
* :func:`enum`: the member of an enum named by the value (``"fire"`` -> ``Element.FIRE``), ``none``
  for None;
* :func:`mask`: the OR of the bits of a list of names (None: 0);
* :func:`bound`: a number, -1 for None (no bound);
* :func:`interned`: the id pass 1 gave a string (0 for None); a string no card of the pool has
  fails "unknown X 'Y' (no card in the pool has it)", naming the file, the card and the field.

This module imports nothing of the engine or of a game (``constants.py`` imports it).
"""

from __future__ import annotations

from typing import Any

__all__ = ["Source", "bound", "copy", "enum", "interned", "mask"]


class Source:
    """A column's value: ``convert(value, compiler, path)`` of the model's field ``field``."""

    def __init__(self, field: str | None = None):
        self.field = field  # None: the column's name

    def value(self, compiler: Any, model: Any, column: str, path: str, values: dict[str, Any]) -> int:
        """The column's value for ``model`` (``values`` stand for fields of the model, by name)."""
        name = self.field or column
        head, *rest = name.split(".")
        v = values[head] if head in values else getattr(model, head)
        for part in rest:
            if v is None:  # an optional model left out: its fields are None
                break
            if part.isdigit():  # the i-th item of a list, None past its end ("traits.2")
                v = v[int(part)] if int(part) < len(v) else None
            else:
                v = getattr(v, part)
        return self.convert(v, compiler, f"{path}.{name}" if path else name)

    def convert(self, v: Any, compiler: Any, path: str) -> int:
        return int(v)


class _Enum(Source):
    def __init__(self, enum: Any, field: str | None, none: int | None):
        super().__init__(field)
        self.enum, self.none = enum, none

    def convert(self, v: Any, compiler: Any, path: str) -> int:
        if v is None and self.none is not None:
            return int(self.none)
        return int(self.enum[v.upper()])


class _Mask(Source):
    def __init__(self, bits: dict[str, int], field: str | None):
        super().__init__(field)
        self.bits = bits

    def convert(self, v: Any, compiler: Any, path: str) -> int:
        out = 0
        for name in v or ():
            out |= self.bits[name]
        return out


class _Bound(Source):
    def convert(self, v: Any, compiler: Any, path: str) -> int:
        return -1 if v is None else int(v)


class _Interned(Source):
    def __init__(self, ids: str, what: str, field: str | None):
        super().__init__(field)
        self.ids, self.what = ids, what

    def convert(self, v: Any, compiler: Any, path: str) -> int:
        return compiler.interned(getattr(compiler, self.ids), v, path, self.what)


def copy(field: str | None = None) -> Source:
    """The field's value (an int or a bool)."""
    return Source(field)


def enum(members: Any, field: str | None = None, *, none: int | None = None) -> Source:
    """``members[value.upper()]`` (an IntEnum); ``none``: the value for None (else None is an error)."""
    return _Enum(members, field, none)


def mask(bits: dict[str, int], field: str | None = None) -> Source:
    """The OR of ``bits[name]`` over a list of names (None or empty: 0)."""
    return _Mask(bits, field)


def bound(field: str | None = None) -> Source:
    """A number, -1 for None (a filter's ``cost_min``: no bound)."""
    return _Bound(field)


def interned(ids: str, what: str, field: str | None = None) -> Source:
    """The id of the string in the compiler's table ``ids`` (``"name_ids"``, a game's ``"job_ids"``),
    0 for None; ``what`` names it in the error for a string no card of the pool has."""
    return _Interned(ids, what, field)
