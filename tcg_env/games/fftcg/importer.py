"""Import real FF-TCG card lists (JSON) as :class:`FFCard` models.

Two layouts are recognised (by their keys):

* ``"simulator"``: a list of ``{id, name, element, type, cost, power, job, category, text, ...}``
  with lower-case element/type names and markup such as ``[[br]]`` and ``[[ex]]EX BURST[[/]]``.
* ``"ffdecks"``: a list of ``{serial_number, name, element, elements, type, cost, power, job,
  category, abilities: [str], is_ex_burst, is_multi_playable, ...}``.

Only the printed stats and the text are imported. Abilities are NOT compiled from the free text:
for the engine an imported Character is vanilla except for the keywords Haste, Brave and First
Strike when the text prints them on a line of their own. Cards the engine cannot represent are
skipped and counted by reason in :attr:`ImportResult.skipped`:

* ``monster``/``crystal``/other types, ``multi_element``, unknown elements, Forwards without power,
* ``summon``: a Summon is nothing but its effect, and effects are not compiled from text,
* ``invalid``: anything the schema rejects (reported in ``errors``).

EX Burst Characters are imported without the EX icon (their EX ability is text only); the number of
such cards is ``ex_burst_dropped``. No card data is copied into this repository: the importer reads
files the user supplies.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tcg_env.cards.base import validation_problem
from tcg_env.cards.errors import CardDataError
from tcg_env.cards.importers import ImportResult as BaseImportResult
from tcg_env.cards.importers import Skipped, read_card_list
from tcg_env.games.fftcg.cards import FFCard

__all__ = ["ImportResult", "import_fftcg_json", "detect_layout", "raw_layout"]

_ELEMENTS = {"fire", "ice", "wind", "lightning", "water", "earth", "light", "dark"}
_KEYWORDS = {"haste": "haste", "brave": "brave", "first strike": "first_strike"}
_KW_LINE = re.compile(r"^(?:\s*(?:haste|brave|first strike)\s*[,.]?)+\s*$", re.IGNORECASE)


class ImportResult(BaseImportResult):
    """The imported cards (a list of FFCard) plus what was skipped and why."""

    def __init__(self, cards: list[FFCard], *, layout: str, ex_burst_dropped: int, **common):
        super().__init__(cards, **common)
        self.layout = layout
        self.ex_burst_dropped = ex_burst_dropped

    def summary(self) -> str:
        return (f"{self.file} ({self.layout}): {self.total} records, imported {len(self)}, {self.skipped_text()}"
                f", EX Burst icon dropped on {self.ex_burst_dropped} Characters")


def detect_layout(records: list[Any]) -> str:
    if not isinstance(records, list) or not records or not isinstance(records[0], dict):
        raise CardDataError("expected a non-empty list of card objects")
    keys = set(records[0])
    if {"serial_number", "abilities"} <= keys:
        return "ffdecks"
    if {"name", "element", "type", "text"} <= keys and ({"id"} & keys or {"cardNumber"} & keys):
        return "simulator"
    raise CardDataError(f"unrecognised card list layout (keys: {sorted(keys)[:12]})")


_TAG = re.compile(r"\[\[/?[a-z]*\]\]")


def _clean_simulator_text(text: str) -> list[str]:
    text = text.replace("[[ex]]EX BURST[[/]]", "EX BURST")
    paras = [_TAG.sub("", p) for p in text.split("[[br]]")]
    return [" ".join(p.split()) for p in paras if p.strip()]


def _clean_ffdecks_lines(abilities: list[str]) -> list[str]:
    out = []
    for a in abilities or []:
        a = a.replace("{x}", "EX BURST").replace("*", "")
        a = " ".join(a.split())
        if a:
            out.append(a)
    return out


def _keywords(lines: list[str]) -> list[str]:
    kws: list[str] = []
    for line in lines:
        if _KW_LINE.match(line):
            low = line.lower()
            for word, kw in _KEYWORDS.items():
                if word in low and kw not in kws:
                    kws.append(kw)
    return kws


def _none_if_empty(v: Any) -> str | None:
    if v is None:
        return None
    s = str(v).strip()
    return s or None


def import_fftcg_json(path: str | Path) -> ImportResult:
    """Read a real card list and return the cards the engine can represent (vanilla + keywords)."""
    path = Path(path)
    data = read_card_list(path)
    if not isinstance(data, list):
        raise CardDataError("expected a list of cards", file=path.name)
    try:
        layout = detect_layout(data)
    except CardDataError as exc:
        raise CardDataError(exc.reason, file=path.name) from None

    cards: list[FFCard] = []
    skip = Skipped()
    errors: list[str] = []
    seen: set[str] = set()
    ex_dropped = 0

    for rec in data:
        if not isinstance(rec, dict):
            skip("invalid", "?")
            continue
        if layout == "simulator":
            number = str(rec.get("id") or rec.get("cardNumber") or "").strip()
            elements = [str(rec.get("element") or "").lower()]
            ctype = str(rec.get("type") or "").lower()
            lines = _clean_simulator_text(str(rec.get("text") or ""))
            ex_burst = "[[ex]]" in str(rec.get("text") or "")
            generic = False  # not recorded in this layout
        else:
            number = str(rec.get("serial_number") or "").strip()
            elements = [str(e).lower() for e in (rec.get("elements") or [rec.get("element")]) if e]
            ctype = str(rec.get("type") or "").lower()
            lines = _clean_ffdecks_lines(rec.get("abilities") or [])
            ex_burst = bool(rec.get("is_ex_burst"))
            generic = bool(rec.get("is_multi_playable"))

        if not number:
            skip("invalid", "?")
            continue
        if number in seen:
            skip("duplicate", number)
            continue
        if ctype not in ("forward", "backup", "summon"):
            skip(ctype or "no_type", number)
            continue
        if ctype == "summon":
            skip("summon", number)
            continue
        if len(elements) != 1:
            skip("multi_element" if len(elements) > 1 else "no_element", number)
            continue
        if elements[0] not in _ELEMENTS:
            skip("unknown_element", number)
            continue
        power = rec.get("power") or 0
        if ctype == "forward" and (not isinstance(power, int) or power <= 0 or power % 1000):
            skip("no_power", number)
            continue
        cost = rec.get("cost")
        if not isinstance(cost, int) or cost < 1:
            skip("no_cost", number)
            continue
        if ex_burst:
            ex_dropped += 1  # the EX ability is text only; the engine needs it compiled
        rec_model = {
            "number": number,
            "name": str(rec.get("name") or "").strip(),
            "element": elements[0],
            "type": ctype,
            "cost": cost,
            "power": power if ctype == "forward" else 0,
            "job": _none_if_empty(rec.get("job")),
            "category": _none_if_empty(rec.get("category")),
            "generic": generic,
            "ex_burst": False,
            "keywords": [k for k in _keywords(lines) if ctype == "forward" or k == "haste"],
            "text": "\n".join(lines),
            # abilities are not compiled from text: every line but a keyword line is text only
            "uncompiled": [ln for ln in lines if not _KW_LINE.match(ln)],
        }
        try:
            card = FFCard.model_validate(rec_model).with_file(path.name)
        except ValidationError as exc:
            skip("invalid", number)
            field, reason = validation_problem(exc, rec_model)
            errors.append(f"{number}: field {field!r}: {reason}")
            continue
        seen.add(number)
        cards.append(card)

    return ImportResult(cards, file=path.name, layout=layout, total=len(data), skipped=skip,
                        ex_burst_dropped=ex_dropped, errors=errors)  # fmt: skip


def raw_layout(records: Any) -> str | None:
    """The layout of a raw FF-TCG card list ("simulator" or "ffdecks"), None for anything else
    (``GameSpec.raw_layout``: a card pool is not a raw list)."""
    try:
        return detect_layout(records)
    except CardDataError:
        return None
