"""Pydantic base models shared by every game's card schema, and ValidationError translation."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, ValidationInfo, field_validator

from tcg_env.cards.errors import CardDataError

__all__ = [
    "StrictModel",
    "CardBase",
    "DeckEntry",
    "DeckList",
    "format_loc",
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


class DeckEntry(StrictModel):
    number: str = Field(min_length=1)
    count: int = Field(default=1, ge=1)


class DeckList(StrictModel):
    """A deck list as written in a TOML deck file."""

    name: str = Field(min_length=1)
    description: str = ""
    format: Literal["constructed", "limited"] = "constructed"
    cards: list[DeckEntry] = Field(min_length=1)


def format_loc(loc: tuple[Any, ...], skip: frozenset[str] = frozenset()) -> str:
    """Turn a pydantic error location into ``abilities[0].effect[1].amount``.

    Names in ``skip`` (discriminator tags of tagged unions, e.g. ``'damage'``) are dropped, as are
    pydantic's internal union-member labels such as ``'function-before[...]'``.
    """
    out = ""
    prev: Any = None
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
            prev = part
            continue
        part = str(part)
        # a union tag follows a list index (effect[1].damage.amount); a field of the same name
        # elsewhere (a card's ``power``) is a field, and kept
        tag = part in skip and isinstance(prev, int)
        prev = part
        if tag or "[" in part or part.startswith("function-"):
            continue
        out += ("." if out else "") + part
    return out


_MESSAGES = {
    "extra_forbidden": "unknown key",
    "missing": "required key is missing",
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
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, ") :]
    if msg.startswith("Assertion failed, "):
        msg = msg[len("Assertion failed, ") :]
    return msg[:1].lower() + msg[1:]


def validation_to_card_error(
    exc: ValidationError,
    *,
    file: str,
    card: str | None,
    card_name: str | None,
    skip: frozenset[str] = frozenset(),
) -> CardDataError:
    """The first error of a pydantic ValidationError as a CardDataError (others are summarised)."""
    errors = exc.errors(include_url=False)
    first = errors[0]
    reason = _message(first)
    loc = tuple(first["loc"])
    if first.get("type") in ("union_tag_invalid", "union_tag_not_found"):
        loc += (str((first.get("ctx") or {}).get("discriminator", "")).strip("'"),)
    inp = first.get("input")
    if first.get("type") not in ("missing",) and isinstance(inp, (str, int, float, bool)):
        reason += f" (got {inp!r})"
    if len(errors) > 1:
        reason += f" (and {len(errors) - 1} more error{'s' if len(errors) > 2 else ''})"
    return CardDataError(
        reason, file=file, card=card, card_name=card_name, field=format_loc(loc, skip)
    )
