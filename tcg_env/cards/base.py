"""Pydantic base models shared by every game's card schema, and ValidationError translation."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, ValidationInfo, field_validator

from tcg_env.cards.errors import CardDataError

__all__ = [
    "StrictModel",
    "CardBase",
    "DeckEntry",
    "FilterBase",
    "DeckList",
    "format_loc",
    "validation_problem",
    "validation_to_card_error",
]


class StrictModel(BaseModel):
    """Base of all data models: unknown keys are errors, strings are stripped, and values are typed
    strictly (pydantic strict mode): ``"cost": true``, ``"cost": "3"``, ``"generic": 1`` or
    ``"ex_burst": "yes"`` are refused, never coerced into another value than the file says."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, validate_assignment=False, strict=True)


class CardBase(StrictModel):
    """Fields every card of every game has."""

    number: str = Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9][A-Za-z0-9_./\-]*$")
    name: str = Field(min_length=1, max_length=80)
    text: str = ""
    # lines of ``text`` that no field or ability of this record implements: an importer writes
    # them (the printed card does more than the engine plays); ``tcg cards show`` marks them
    uncompiled: list[str] = Field(default_factory=list)
    # lines of ``text`` an importer compiled with a named approximation (line -> the names; the
    # game's docs/<game>/card-text.md says what each changes); ``text_compiled``: the abilities
    # were compiled from ``text`` (every line not listed in ``uncompiled`` or ``approximate`` is
    # exact), which ``tcg cards show`` says line by line
    approximate: dict[str, list[str]] = Field(default_factory=dict)
    text_compiled: bool = False

    @field_validator("approximate")
    @classmethod
    def _approximate_lines_are_text(cls, v: dict[str, list[str]], info: ValidationInfo) -> dict[str, list[str]]:
        lines = {ln.strip() for ln in str(info.data.get("text", "")).splitlines()}
        for ln in v:
            if ln not in lines:
                raise ValueError(f"{ln[:50]!r} is not a line of the card's text")
        return v

    @field_validator("uncompiled")
    @classmethod
    def _uncompiled_lines_are_text(cls, v: list[str], info: ValidationInfo) -> list[str]:
        lines = {ln.strip() for ln in str(info.data.get("text", "")).splitlines()}
        for ln in v:
            if ln not in lines:
                raise ValueError(f"{ln[:50]!r} is not a line of the card's text")
        return v

    # the file the card came from (for error messages); not part of the data
    _file: str = PrivateAttr(default="<memory>")

    @property
    def source_file(self) -> str:
        return self._file

    def with_file(self, file: str):
        self._file = file
        return self


class FilterBase(StrictModel):
    """The keys every game's card filter has (the game's filter extends it with its zones, types,
    bounds...): whose cards, seen from the ability's controller, and one card name of the pool."""

    side: Literal["any", "own", "opponent"] = "any"
    name: str | None = Field(default=None, min_length=1)


class DeckEntry(StrictModel):
    number: str = Field(min_length=1)
    count: int = Field(default=1, ge=1)


class DeckList(StrictModel):
    """A deck list as written in a TOML deck file."""

    name: str = Field(min_length=1)
    description: str = ""
    format: Literal["constructed", "limited"] = "constructed"
    cards: list[DeckEntry] = Field(min_length=1)


# What pydantic puts into an error location besides the keys and list positions of the input: the
# label of the union member that failed (``int``, ``str``, ``constrained-int``, ``literal['X']``, a
# model's class name ``FowFilter``, ``function-after[...]``, ``tagged-union[...]``, ``nullable[...]``,
# ``list[...]``...) and, in a tagged union, the tag (``effect[1].damage.amount``). None of them is
# something the user wrote.
_LABEL = re.compile(r"^(?:[a-z]+(?:-[a-z]+)+|int|str|float|bool|bytes|none|list|dict|set|tuple|any|[A-Z]\w*)$|[\[\]()]")
_NO_DATA = object()


def format_loc(loc: tuple[Any, ...], skip: frozenset[str] = frozenset(), data: Any = _NO_DATA,
               missing: bool = False) -> str:  # fmt: skip
    """Turn a pydantic error location into the path the user wrote, ``abilities[0].effect[1].amount``.

    With ``data`` (the validated input), the location is walked through it: a segment is kept when it
    is a key (or a list position) of the input at that point, or the missing key itself (``missing``:
    the error says a required key is absent); anything else is a label pydantic adds (a union
    member, a tag, a validator) and dropped, so ``effect[0].count.constrained-int`` reads
    ``effect[0].count``. Without ``data``: the labels are recognised by their look (:data:`_LABEL`),
    and names in ``skip`` (the tags of tagged unions, e.g. ``'damage'``) are dropped after a list
    position (a field of the same name elsewhere, a card's ``power``, is kept).
    """
    if data is not _NO_DATA:
        return _join(_walk(loc, data, missing))
    out: list[Any] = []
    prev: Any = None
    for part in loc:
        if isinstance(part, int):
            out.append(part)
            prev = part
            continue
        part = str(part)
        tag = part in skip and isinstance(prev, int)
        prev = part
        if tag or _LABEL.search(part):
            continue
        out.append(part)
    return _join(out)


def _walk(loc: tuple[Any, ...], data: Any, missing: bool) -> list[Any]:
    out: list[Any] = []
    cur, known = data, True
    for i, part in enumerate(loc):
        if known and isinstance(cur, dict) and not isinstance(part, int) and part in cur:
            out.append(part)
            cur = cur[part]
        elif known and isinstance(cur, list) and isinstance(part, int) and 0 <= part < len(cur):
            out.append(part)
            cur = cur[part]
        elif missing and i == len(loc) - 1 and known and isinstance(cur, dict) and not _LABEL.search(str(part)):
            out.append(part)  # the required key the input lacks
        elif not (isinstance(cur, dict) or isinstance(cur, list)):
            known = False  # a scalar: what follows are labels of the members it was tried against
    return out


def _join(parts: list[Any]) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + str(part)
    return out


_MESSAGES = {
    "extra_forbidden": "unknown key",
    "missing": "required key is missing",
    "int_type": "must be an integer",
    "int_parsing": "must be an integer",
    "int_from_float": "must be an integer",
    "float_type": "must be a number",
    "string_type": "must be a string",
    "bool_type": "must be true or false",
    "list_type": "must be a list",
    "dict_type": "must be a table",
    "model_type": "must be a table",
    "model_attributes_type": "must be a table",
}


def _message(err: dict[str, Any]) -> str:
    kind = err.get("type", "")
    if kind in _MESSAGES:
        return _MESSAGES[kind]
    msg = str(err.get("msg", "invalid value"))
    ctx = err.get("ctx") or {}
    if kind == "union_tag_invalid":
        return f"unknown value {ctx.get('tag')!r} (expected one of {ctx.get('expected_tags')})"
    if kind == "union_tag_not_found":
        return f"missing key {str(ctx.get('discriminator', '')).strip(chr(39))!r}"
    if kind == "greater_than_equal":
        return f"must be >= {ctx.get('ge')}"
    if kind == "greater_than":
        return f"must be > {ctx.get('gt')}"
    if kind == "less_than_equal":
        return f"must be <= {ctx.get('le')}"
    if kind == "less_than":
        return f"must be < {ctx.get('lt')}"
    if kind == "multiple_of":
        return f"must be a multiple of {ctx.get('multiple_of')}"
    if kind == "literal_error":
        return f"must be {ctx.get('expected')}"
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, ") :]
    if msg.startswith("Assertion failed, "):
        msg = msg[len("Assertion failed, ") :]
    return msg[:1].lower() + msg[1:]


def _either(reasons: list[str]) -> str:
    """The reasons of the members of a union, one after the other: "must be >= 1, or 'X'"."""
    out: list[str] = []
    for r in reasons:
        if r not in out:
            out.append(r)
    if len(out) > 1 and all(r.startswith("must be ") for r in out):
        return "must be " + ", or ".join(r[len("must be ") :] for r in out)
    return ", or ".join(out)


def validation_problem(exc: ValidationError, data: Any = _NO_DATA,
                       skip: frozenset[str] = frozenset()) -> tuple[str, str]:  # fmt: skip
    """``(field, reason)`` of the first problem of a pydantic ValidationError, in the user's terms:
    ``field`` the path the user wrote (:func:`format_loc`, walked through ``data``, the validated
    input, when given), ``reason`` what is wrong with the value there, with the value itself. The
    members of a union fail together at one field: their reasons are given as alternatives
    (``must be >= 1, or 'X' (got 0)``); problems at other fields are counted."""
    errors = exc.errors(include_url=False)

    def where(err: dict[str, Any]) -> str:
        loc = tuple(err["loc"])
        kind = err.get("type")
        if kind in ("union_tag_invalid", "union_tag_not_found"):
            loc += (str((err.get("ctx") or {}).get("discriminator", "")).strip("'"),)
        return format_loc(loc, skip, data, missing=kind in ("missing", "union_tag_not_found"))

    fields = [where(e) for e in errors]
    first = errors[0]
    same = [e for e, f in zip(errors, fields) if f == fields[0]]
    reason = _either([_message(e) for e in same])
    inp = first.get("input")
    if first.get("type") not in ("missing",) and isinstance(inp, (str, int, float, bool)):
        reason += f" (got {inp!r})"
    others = len({f for f in fields if f != fields[0]})
    if others:
        reason += f" (and {others} more error{'s' if others > 1 else ''})"
    return fields[0], reason


def validation_to_card_error(
    exc: ValidationError,
    *,
    file: str,
    card: str | None,
    card_name: str | None,
    skip: frozenset[str] = frozenset(),
    data: Any = _NO_DATA,
) -> CardDataError:
    """The first problem of a pydantic ValidationError as a CardDataError naming the file, the card
    and the field as the user wrote it (:func:`validation_problem`; ``data``: the card's record)."""
    field, reason = validation_problem(exc, data, skip)
    return CardDataError(reason, file=file, card=card, card_name=card_name, field=field)
