"""Import real FF-TCG card lists (JSON) as :class:`FFCard` models, abilities compiled from the text.

Two layouts are recognised (by their keys):

* ``"simulator"``: a list of ``{id, name, element, type, cost, power, job, category, text, ...}``
  with lower-case element/type names and markup such as ``[[br]]`` and ``[[ex]]EX BURST[[/]]``.
* ``"ffdecks"``: a list of ``{serial_number, name, element, elements, type, cost, power, job,
  category, abilities: [str], is_ex_burst, is_multi_playable, ...}``.

Both are written as the same display lines (``card_text.clean_simulator_text`` /
``clean_ffdecks_lines``: cost symbols ``{Fire}`` ``{Dull}`` ``{S}``, references ``[Job X]``), and each
line is compiled by the card-text compiler (``tcg_env.games.fftcg.card_text``, the grammar
``card_text.lark``): keyword lines set the card's keywords, "EX BURST" sets the EX Burst icon, every
other line becomes abilities, or stays text only (``uncompiled``) when the engine cannot run it; a
line compiled with a named approximation is listed in ``approximate``. The engine plays Forwards,
Backups and Summons (the 2016 rules' card types):

* a Character is imported with its stats and every line that compiles (the others are text only);
* a Summon is nothing but its effect: it is imported when its text compiles (skip ``summon_text``);
* ``monster``/``crystal``/other types are skipped (not played: the 2016 rules have no Monsters),
  as are ``multi_element``, unknown elements, Forwards without power and ``invalid`` records.

``text_records`` keeps every record of a played type (skipped ones included) with the verdict of
each line (the ``--report`` of ``tcg cards import``). No card data is copied into this repository:
the importer reads files the user supplies.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tcg_env.cards.base import validation_problem
from tcg_env.cards.errors import CardDataError
from tcg_env.cards.importers import ImportResult as BaseImportResult
from tcg_env.cards.importers import Skipped, read_card_list
from tcg_env.cards.text import LineResult, TextRecord, Verdict
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.card_text import (APPROXIMATIONS, clean_ffdecks_lines, clean_simulator_text,
                                           compile_card_lines, referenced_names)
from tcg_env.games.fftcg.cards import FFCard, compile_fftcg_pool

__all__ = ["ImportResult", "import_fftcg_json", "detect_layout", "raw_layout"]

_ELEMENTS = {"fire", "ice", "wind", "lightning", "water", "earth", "light", "dark"}
_PLAYED = ("forward", "backup", "summon")

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


def _none_if_empty(v: Any) -> str | None:
    if v is None:
        return None
    s = str(v).strip()
    return s or None


def import_fftcg_json(path: str | Path) -> ImportResult:
    """Read a real card list and return the cards the engine can play, abilities compiled from the
    printed text where the card-text compiler can (see the module's docs)."""
    path = Path(path)
    data = read_card_list(path)
    if not isinstance(data, list):
        raise CardDataError("expected a list of cards", file=path.name)
    try:
        layout = detect_layout(data)
    except CardDataError as exc:
        raise CardDataError(exc.reason, file=path.name) from None

    skip = Skipped()
    errors: list[str] = []
    seen: set[str] = set()
    pending: list[tuple[dict, list[LineResult], TextRecord]] = []
    records: list[TextRecord] = []

    for rec in data:
        if not isinstance(rec, dict):
            skip("invalid", "?")
            continue
        if layout == "simulator":
            number = str(rec.get("id") or rec.get("cardNumber") or "").strip()
            elements = [str(rec.get("element") or "").lower()]
            lines = clean_simulator_text(str(rec.get("text") or ""))
            generic = False  # not recorded in this layout
        else:
            number = str(rec.get("serial_number") or "").strip()
            elements = [str(e).lower() for e in (rec.get("elements") or [rec.get("element")]) if e]
            lines = clean_ffdecks_lines(rec.get("abilities") or [])
            generic = bool(rec.get("is_multi_playable"))
        ctype = str(rec.get("type") or "").lower()
        name = str(rec.get("name") or "").strip()

        if not number:
            skip("invalid", "?")
            continue
        if number in seen:
            skip("duplicate", number)
            continue
        if ctype not in _PLAYED:
            skip(ctype or "no_type", number)
            continue
        seen.add(number)
        cost = rec.get("cost")
        power = rec.get("power") or 0
        model = {
            "number": number,
            "name": name,
            "element": elements[0] if elements else "",
            "type": ctype,
            "cost": cost,
            "power": power if ctype == "forward" else 0,
            "job": _none_if_empty(rec.get("job")) if ctype != "summon" else None,
            "category": _none_if_empty(rec.get("category")),
            "generic": generic and ctype != "summon",
            "text": "\n".join(lines),
        }
        ctx = {k: model[k] for k in ("name", "type", "job", "element", "cost", "category", "generic")}
        if layout == "simulator":
            # the layout does not record the generic icon: a card that may have it (a Standard Unit, or
            # a card named after its job, as nearly all generic cards are) gets the verdicts of one
            job = model["job"] or ""
            ctx["maybe_generic"] = ctype != "summon" and (job == "Standard Unit" or name.split(" (")[0] == job)
        results = compile_card_lines(lines, ctx)
        record = TextRecord(number=number, set=_set_of(rec, number), lines=results, name=name)
        records.append(record)
        reason = None
        if len(elements) != 1:
            reason = "multi_element" if len(elements) > 1 else "no_element"
        elif elements[0] not in _ELEMENTS:
            reason = "unknown_element"
        elif ctype == "forward" and (not isinstance(power, int) or power <= 0 or power % 1000):
            reason = "no_power"
        elif not isinstance(cost, int) or cost < 1:
            reason = "no_cost"
        if reason is not None:
            skip(reason, number)
            record.skip = reason
            continue
        pending.append((model, results, record))

    # the jobs, names and categories the imported cards have: a filter naming another one would be
    # refused by the pool compiler (and matches no card of the list anyway)
    known = {"job": set(), "name": set(), "category": set()}
    for model, results, _ in pending:
        if model["type"] == "summon" and not all(r.compiled for r in results):
            continue  # not imported: no filter may name it
        for k in known:
            if model.get(k):
                known[k].add(model[k])

    cards: list[FFCard] = []
    ex_dropped = 0
    for model, results, record in pending:
        _assemble(model, results, known)
        if model["type"] == "summon" and not model["abilities"]:
            skip("summon_text", model["number"])
            record.skip = "summon_text"
            continue
        if model.pop("_ex_dropped", False):
            ex_dropped += 1
        try:
            card = FFCard.model_validate(model).with_file(path.name)
        except ValidationError as exc:
            skip("invalid", model["number"])
            record.skip = "invalid"
            field, why = validation_problem(exc, model)
            errors.append(f"{model['number']}: field {field!r}: {why}")
            continue
        cards.append(card)
    cards = _check_pool(cards, {r.number: r for _, _, r in pending}, skip)

    return ImportResult(cards, file=path.name, layout=layout, total=len(data), skipped=skip,
                        ex_burst_dropped=ex_dropped, errors=errors, text_records=records, game="fftcg",
                        approximations=APPROXIMATIONS)  # fmt: skip


def _set_of(rec: dict, number: str) -> str:
    s = rec.get("set")
    if isinstance(s, str) and s.strip():
        return s.strip()
    return number.split("-")[0] if "-" in number else "?"


def _refuse(results: list[LineResult], i: int, reason: str) -> None:
    r = results[i]
    results[i] = LineResult.unsupported(r.line, reason)


def _assemble(model: dict, results: list[LineResult], known: dict[str, set]) -> None:
    """Fill ``model``'s keywords, EX Burst icon and abilities from the lines' results; a compiled
    line the card cannot hold (a second summon effect, a third action ability, a keyword a Backup
    cannot have, a name no card of the list has) becomes unsupported with that reason."""
    ctype = model["type"]
    keywords: list[str] = []
    abilities: list[dict] = []
    ex_burst = False
    n_act = 0
    for i, r in enumerate(results):
        if not r.compiled:
            continue
        kws = r.fields.get("keywords", [])
        if any(k in ("brave", "first_strike") for k in kws) and ctype != "forward":
            _refuse(results, i, "Brave and First Strike are Forward keywords")
            continue
        if kws and ctype == "summon":
            _refuse(results, i, "a keyword line on a Summon")
            continue
        missing = [f"{k} {v!r}" for k, v in referenced_names(r.abilities) if v not in known[k]]
        if missing:
            _refuse(results, i, f"names {missing[0]}, which no imported card of the list has")
            continue
        kinds = [a["kind"] for a in r.abilities]
        own_cost = all(a["kind"] == "field" and all(op["op"] in ("self_cost_reduction", "pay_only") for op in a["effect"])
                       for a in r.abilities)  # a Summon's own cost reduction / payment restriction works from the hand
        # (and the delayed auto-ability its own effect marks a card for: "When it is put ... this turn, ...")
        if ctype == "summon" and r.abilities and not own_cost and (
                any(a["kind"] != "summon" and a.get("trigger") != "delayed_put_break" for a in r.abilities)
                or any(a["kind"] == "summon" for a in abilities)):  # fmt: skip
            _refuse(results, i, "a Summon's text is one effect (the engine's Summon has one ability)")
            continue
        if r.fields.get("ex_burst") and ex_burst:
            _refuse(results, i, "a second EX BURST ability")
            continue
        acts = sum(k in ("action", "special") for k in kinds)
        if n_act + acts > K.ABILITIES_PER_CARD:
            _refuse(results, i, f"more than {K.ABILITIES_PER_CARD} action or special abilities on a card "
                                "(the engine's action layout)")  # fmt: skip
            continue
        n_act += acts
        ex_burst = ex_burst or bool(r.fields.get("ex_burst"))
        keywords += [k for k in kws if k not in keywords]
        abilities += r.abilities
    if ctype == "summon" and len(results) > 1 and any(not r.compiled for r in results):
        abilities = []  # a Summon plays only when all its text does
    for i, r in enumerate(results):
        # "You can only cast <this> during your turn": the condition of the Summon's ability, checked
        # when it is cast (play.hand_card_playable)
        cond = r.fields.get("cast_condition") if r.compiled else None
        if cond is None:
            continue
        summon = [a for a in abilities if a["kind"] == "summon"]  # (not its cost reductions)
        if len(summon) != 1 or "condition" in summon[0]:
            _refuse(results, i, "a casting limit without one unconditional Summon effect")
            abilities = []
        else:
            summon[0]["condition"] = dict(cond)
    model["keywords"] = keywords
    model["abilities"] = abilities
    model["ex_burst"] = ex_burst
    model["_ex_dropped"] = any(r.line.startswith("EX BURST") and not r.compiled for r in results)
    model["text_compiled"] = True
    model["uncompiled"] = [r.line for r in results if not r.compiled]
    model["approximate"] = {r.line: list(r.approximations) for r in results
                            if r.verdict is Verdict.APPROXIMATE}  # fmt: skip


def _check_pool(cards: list[FFCard], records: dict[str, TextRecord], skip: Skipped) -> list[FFCard]:
    """The imported cards compile as one pool: a card whose compiled abilities the pool compiler
    refuses (a rule of the card schema the text broke) keeps its stats only, its lines unsupported
    with the compiler's reason (one card at a time; none is expected)."""
    for _ in range(len(cards) + 1):
        try:
            compile_fftcg_pool(cards)
            return cards
        except CardDataError as exc:
            k = next((i for i, c in enumerate(cards) if c.number == exc.card), None)
            if k is None:
                raise
            card = cards[k]
            rec = records[card.number]
            for i, r in enumerate(rec.lines):
                if r.compiled and r.abilities:
                    _refuse(rec.lines, i, f"the card's compiled abilities break a rule: {exc.reason}")
            if card.type == "summon":
                skip("summon_text", card.number)
                rec.skip = "summon_text"
                cards.pop(k)
                continue
            lines = [r.line for r in rec.lines if not r.compiled]
            cards[k] = card.model_copy(update={"abilities": [a for a in card.abilities if False], "ex_burst": False,
                                               "uncompiled": lines, "approximate": {
                                                   ln: v for ln, v in card.approximate.items() if ln not in lines}})
    return cards


def raw_layout(records: Any) -> str | None:
    """The layout of a raw FF-TCG card list ("simulator" or "ffdecks"), None for anything else
    (``GameSpec.raw_layout``: a card pool is not a raw list)."""
    try:
        return detect_layout(records)
    except CardDataError:
        return None
