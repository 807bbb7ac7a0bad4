"""Import real Weiss Schwarz card lists (JSON) as :class:`WSCard` models.

The layout is the English card database export: a list of
``{name, code, type, color, level, cost, power, soul, trigger: [..], attributes: [..],
ability: [str], side, expansion, ...}`` with ``"-"`` for the level/cost/power of climax and
events, and ability lines marked ``【AUTO】 【CONT】 【ACT】 【COUNTER】 【CXCOMBO】 《Trait》``.

The printed characteristics are imported as they are. Each ability line is compiled by the card-text
grammar (:mod:`tcg_env.games.weiss_schwarz.card_text`, docs/weiss_schwarz/card-text.md) with a
verdict: exact, approximate (a named difference, the card's ``approximate``) or unsupported (never
guessed at: the card's ``uncompiled`` and :attr:`ImportResult.unsupported`, card number -> lines
with the reason; the card is imported without it, ``complete_only=True`` drops it). Trigger-icon
reminder text (CR 2.12.3) compiles to nothing: the engine performs the icons. An ability that
names a card or a trait no card of the list has is unsupported (the pool compiler needs them), and so is one whose
ability the pool compiler refuses (its reason kept): the file an import writes always loads.
:attr:`ImportResult.text_records` has every record of a played type, skipped ones included: the
coverage report of ``tcg cards import --report``. Cards the engine cannot represent at all are skipped and counted by reason
in :attr:`ImportResult.skipped`:

* ``trigger_choice``: the CHOICE icon is not among the icons of CR 4.12.2;
* ``event_unsupported``: an event is only its effect, so one with any unsupported line is skipped;
* ``invalid_power``: a character's power that is not a multiple of 500 (a typo of the list);
* ``too_many_traits``, ``unknown_color``, ``unknown_type``, ``duplicate``, ``invalid``.

No card data is copied into this repository: the importer reads files the user supplies.
"""

from __future__ import annotations

import dataclasses
import re
import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tcg_env.cards.base import validation_problem
from tcg_env.cards.errors import CardDataError
from tcg_env.cards.importers import ImportResult as BaseImportResult
from tcg_env.cards.importers import Skipped, read_card_list
from tcg_env.cards.text import LineResult, TextRecord
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.cards.text import Unsupported
from tcg_env.games.weiss_schwarz.card_text import (APPROXIMATIONS, COMPILER, _reuse_registers, join_options,
                                                   mark_quoted_names, split_abilities)
from tcg_env.games.weiss_schwarz.cards import WSCard, name_group_key

__all__ = ["ImportResult", "import_ws_json", "raw_layout"]

# an entry the database fills with a dash (plain or full width, "－") holds no text: no ability, no trait
_NO_TEXT = ("", "-", "\uff0d")

_TRIGGERS = {"SOUL", "RETURN", "POOL", "COMEBACK", "DRAW", "SHOT", "TREASURE", "GATE", "STANDBY"}
_COLORS = {"YELLOW", "GREEN", "RED", "BLUE", "PURPLE"}
_TYPES = {"Character": "character", "Event": "event", "Climax": "climax"}
_SIDES = {"W": "weiss", "S": "schwarz"}


class ImportResult(BaseImportResult):
    """The imported cards (a list of WSCard) plus what was skipped or left out, and why."""

    def __init__(self, cards: list[WSCard], *, unsupported: dict[str, list[str]], parsed_lines: int, **common):
        super().__init__(cards, **common)
        self.unsupported = unsupported
        self.parsed_lines = parsed_lines

    def summary(self) -> str:
        n_unsup = sum(len(v) for v in self.unsupported.values())
        return (f"{self.file}: {self.total} records, imported {len(self)} ({len(self.complete)} complete), "
                f"{self.skipped_text()}, ability lines compiled {self.parsed_lines}, unsupported {n_unsup}")


def _int(v: Any) -> int:
    if isinstance(v, int):
        return v
    s = str(v).strip()
    return int(s) if s.isdigit() else 0


def _ctx(ctype: str, name: str, traits: list[str]) -> dict[str, Any]:
    return {"type": ctype, "name": name, "traits": traits}


def _skip_record(skip: Skipped, reason: str, number: str, records: list[TextRecord], rec: Any,
                 qnames: list[str] = (), qtraits: frozenset[str] = frozenset()) -> None:
    """Count a skipped record; one of a played type keeps a text record (its lines compiled, so
    the report knows their verdicts)."""
    skip(reason, number)
    if not isinstance(rec, dict):
        return
    ctype = _TYPES.get(str(rec.get("type")))
    if ctype is None:
        return
    traits = [str(a).strip() for a in rec.get("attributes") or [] if str(a).strip() not in _NO_TEXT]
    ctx = _ctx(ctype, _name_of(rec), traits)
    lines = [_compile(t, ctx, qnames, qtraits) for x in rec.get("ability") or [] if str(x).strip() not in _NO_TEXT
             for t in split_abilities(str(x))]
    records.append(TextRecord(number, _set_of(number), lines, skip=reason, name=ctx["name"]))


def _name_of(rec: dict[str, Any]) -> str:
    """The record's card name, its curly quotes (“X”, as the lines' quoted names are read: card_text.normalise)
    plain ones."""
    return str(rec.get("name") or "").strip().replace("\u201c", '"').replace("\u201d", '"')


_QUOTED = re.compile(r'["\u201c]([^"\u201c\u201d]{1,40})["\u201d]')
_TRAIT_NEXT = re.compile(r'\s*(characters?\b|or\s+["\u201c])')


def _mark_quoted_traits(line: str, qtraits: frozenset[str]) -> str:
    """``line`` with every quoted trait of the list that is no card name of it (``qtraits``: '1 of your "Music"
    characters', as some sets print the trait marks) written as the trait it is (<<Music>>; session 32)."""
    if not qtraits or '"' not in line and "\u201c" not in line:
        return line
    def trait(m: re.Match) -> str:
        # only before "character(s)" or 'or "<another>"' ('"Avatar" or "Net" characters'): a climax may share a name
        # with a trait ('when "Idol" is placed on your climax area')
        if m.group(1) in qtraits and _TRAIT_NEXT.match(line, m.end()):
            return f"\u300a{m.group(1)}\u300b"
        return m.group(0)

    return _QUOTED.sub(trait, line)


def _compile(line: str, ctx: dict[str, Any], qnames: list[str], qtraits: frozenset[str] = frozenset()) -> LineResult:
    """One line compiled, the list's card names that hold quotes marked (card_text.mark_quoted_names) and its quoted
    traits read as traits (_mark_quoted_traits); the result keeps the printed line."""
    marked = _mark_quoted_traits(mark_quoted_names(line, qnames), qtraits)
    res = COMPILER.compile_line(marked, ctx)
    return res if marked == line else dataclasses.replace(res, line=line)


def _set_of(number: str) -> str:
    return number.split("-")[0] if "-" in number else number


def import_ws_json(path: str | Path, *, complete_only: bool = False) -> ImportResult:
    """Read a real card list; every ability line is compiled by the card-text grammar (module doc)."""
    path = Path(path)
    data = read_card_list(path)
    if not isinstance(data, list) or not data or not isinstance(data[0], dict) or not {"code", "type"} <= set(data[0]):
        raise CardDataError("expected a list of card objects with 'code' and 'type'", file=path.name)

    skip = Skipped()
    unsupported: dict[str, list[str]] = {}
    errors: list[str] = []
    models: list[dict[str, Any]] = []
    texts: list[TextRecord] = []
    by_number: dict[str, TextRecord] = {}
    seen: set[str] = set()
    # the list's card names holding a quote (""Heroic Spirit" Saber" in a line), the longest first
    qnames = sorted({_name_of(r) for r in data if isinstance(r, dict) and '"' in _name_of(r)},
                    key=len, reverse=True)  # fmt: skip
    grant_keys: list[tuple[int, str]] = []  # the distinct granted abilities so far, by kind (MAX_GRANTS bits each)
    name_groups: list[tuple[str, ...]] = []  # the distinct name-part sets so far (MAX_NAME_GROUPS bits)
    list_names = {_name_of(r) for r in data if isinstance(r, dict)}
    # the list's traits that are no card name of it: a quoted one in a line is that trait (_mark_quoted_traits)
    qtraits = frozenset(str(a).strip() for r in data if isinstance(r, dict) for a in r.get("attributes") or []
                        if str(a).strip() and str(a).strip() not in _NO_TEXT) - list_names

    for rec in data:
        number = str(rec.get("code") or "").strip() if isinstance(rec, dict) else ""
        if not number:
            skip("invalid", "?")
            continue
        if number in seen:
            skip("duplicate", number)
            # a reprint of an imported card plays as that card: its lines' verdicts are that card's
            # (TextRecord.duplicate_of, where the shared framework has it)
            first = by_number.get(number)
            if first is not None:
                dup = TextRecord(number, _set_of(number), list(first.lines), skip="duplicate", name=first.name)
                dup.duplicate_of = number
                texts.append(dup)
            else:  # the first printing was not imported either: this one is just skipped
                dup = next((t for t in texts if t.number == number), None)
                texts.append(TextRecord(number, _set_of(number), list(dup.lines) if dup else [], skip="duplicate",
                                        name=dup.name if dup else ""))  # fmt: skip
            continue
        ctype = _TYPES.get(str(rec.get("type")))
        if ctype is None:
            skip("unknown_type", number)
            continue
        icons = [str(t).upper() for t in rec.get("trigger") or []]
        color = str(rec.get("color") or "").upper()
        traits = list(dict.fromkeys(str(a).strip() for a in rec.get("attributes") or [] if str(a).strip() not in _NO_TEXT))
        reason = None
        if "CHOICE" in icons:
            reason = "trigger_choice"
        elif any(t not in _TRIGGERS for t in icons) or len(icons) > 2:
            reason = "unknown_trigger"
        elif color not in _COLORS:
            reason = "unknown_color"
        elif len(traits) > 3:
            reason = "too_many_traits"
        elif ctype == "character" and _int(rec.get("power")) % 500:
            reason = "invalid_power"  # a list's typo (4450): the card format's powers are multiples of 500
        if reason is not None:
            _skip_record(skip, reason, number, texts, rec, qnames, qtraits)
            continue
        name = _name_of(rec)
        ctx = _ctx(ctype, name, traits)
        lines = [" ".join(t.split()) for a in rec.get("ability") or [] if str(a).strip() not in _NO_TEXT
                 for t in split_abilities(str(a))]  # two abilities in one entry: two lines
        lines = join_options(lines)
        results = [_compile(line, ctx, qnames, qtraits) for line in lines]
        abilities: list[dict] = []
        sources: list[int] = []  # the line of each ability
        event_ops: list[dict] = []
        backup = None
        counter = False
        any_copies = False
        keywords: list[str] = []  # card keywords ("[CONT] Great Performance", CR 10.6)
        max_copies = None
        copies_with = None
        alias = None  # "this card's card name will also be regarded as "X"" on the stage
        gained: dict[int, list[str]] = {}  # the traits each line gives (approximation trait_gain_unread)
        for i, res in enumerate(results):
            if not res.compiled:
                continue
            if "gained_traits" in res.fields:
                gained[i] = res.fields["gained_traits"]
            if "trait_on_stage" in res.fields:
                # "if this card is in your stage, this card gets <<T>>" (approximation trait_on_stage_everywhere)
                t = res.fields["trait_on_stage"]
                if t not in traits and len(traits) >= 3:
                    results[i] = LineResult.unsupported(res.line, "a fourth trait (the card format has 3)")
                    continue
                if t not in traits:
                    traits = traits + [t]  # a new list: the compile context keeps the printed ones
            if "also_named_on_stage" in res.fields:
                if res.fields["also_named_on_stage"] in list_names or alias is not None:
                    # a card of the list has that name: its exact name checks (name ids) would not see it
                    results[i] = LineResult.unsupported(res.line, "a second card name that a card of the list has "
                                                        "(or a third name)")
                    continue
                alias = res.fields["also_named_on_stage"]
            backup = res.fields.get("backup", backup)
            any_copies = any_copies or bool(res.fields.get("any_copies"))
            keywords += [k for k in res.fields.get("keywords", ()) if k not in keywords]
            max_copies = res.fields.get("max_copies", max_copies)
            copies_with = res.fields.get("copies_with", copies_with)
            counter = counter or bool(res.fields.get("counter")) or "backup" in res.fields
            for ab in res.abilities:
                if ab["kind"] == "event":
                    # one event ability (CR 6.5.1.2.2): the lines' programs one after the other; each
                    # line's targets start at register 0: a later line's registers are moved past the
                    # earlier lines' ones (a register gathers every card put in it), while they fit
                    effect = ab["effect"]
                    if event_ops and _uses_registers(event_ops) and _uses_registers(effect):
                        used = _registers_used(event_ops)
                        if used + _registers_used(effect) > K.N_REGS:
                            # (session 29) the later line's registers past the engine's: card_text._reuse_registers
                            # gives each one an engine register whose cards are off the stage for good (as within one
                            # line), or the line is unsupported
                            both = json.loads(json.dumps(event_ops)) + _shift_registers(effect, used)
                            try:
                                _reuse_registers(both)
                            except Unsupported:
                                results[i] = LineResult.unsupported(res.line, "an event's targets on several lines")
                                break
                            event_ops = both
                            continue
                        effect = _shift_registers(effect, used)
                    event_ops = event_ops + effect
                else:
                    abilities.append(ab)
                    sources.append(i)
        # "when you use this card's Backup / Brainstorm" (USE_KEYWORD): the card must have that keyword,
        # and only one of them (the trigger does not say which keyword was used)
        used = {ab.get("trigger_keyword") for ab in abilities if ab.get("trigger") == "use_keyword"}
        # (a Backup whose cost puts the card at the bottom of the deck: its abilities do not trigger from there)
        have = {"backup"} if backup is not None and not backup.get("to_deck_bottom") else set()
        have |= {ab.get("keyword") for ab in abilities if ab.get("keyword") == "brainstorm"}
        # a brainstorm instruction outside Brainstorm (a counted mill) would also report a "use"
        milled = any(ab.get("keyword") != "brainstorm" and any(d.get("op") == "brainstorm" for d in _walk_dicts(ab))
                     for ab in abilities)  # fmt: skip
        if used and (not used <= have or len(have) > 1 or milled):
            keep = [(ab, i) for ab, i in zip(abilities, sources) if ab.get("trigger") != "use_keyword"]
            for ab, i in zip(abilities, sources):
                if ab.get("trigger") == "use_keyword":
                    results[i] = LineResult.unsupported(results[i].line, "'when you use this card's' keyword that this "
                                                        "card does not have (or one of two it has)")
            abilities, sources = [a for a, _ in keep], [i for _, i in keep]
        # the action space has ABILITIES_PER_CARD [ACT] abilities per card (and the card table
        # MAX_ABIL_PER_CARD abilities): the lines past them are not compiled
        n_act = n_all = 0
        keep = []
        for ab, i in zip(abilities, sources):
            is_act = ab["kind"] in ("act", "counter_act")
            if is_act and n_act >= K.ABILITIES_PER_CARD or n_all >= K.MAX_ABIL_PER_CARD:
                results[i] = LineResult.unsupported(results[i].line, "more abilities than the engine has room for "
                                                    "([ACT]: ABILITIES_PER_CARD, all: MAX_ABIL_PER_CARD)")
                continue
            n_act += is_act
            n_all += 1
            keep.append((ab, i))
        for ab, i in keep:
            # each kind of grant (the word its bit is in, cards.PoolCompiler.grant_index) has MAX_GRANTS bits
            keys = {(_grant_kind(d), json.dumps(d["ability"], sort_keys=True)) for d in _walk_dicts(ab)
                    if d.get("op") in ("grant_ability", "aura_grant_ability")}
            new = [k for k in keys if k not in grant_keys]
            n_limited = len({k for g, k in grant_keys + new if json.loads(k).get("once_per_turn")})
            groups = {name_group_key(d) for d in _walk_dicts(ab) if "name_contains" in d or "name_any" in d}
            new_groups = [g for g in groups if g not in name_groups]
            if any(sum(1 for g, _ in grant_keys + new if g == kind) > K.MAX_GRANTS for kind, _ in new):
                results[i] = LineResult.unsupported(results[i].line, "more distinct granted abilities than the "
                                                    "engine has bits for (MAX_GRANTS per list)")
            elif n_limited > K.MAX_LIMITED_GRANTS:
                results[i] = LineResult.unsupported(results[i].line, "more distinct granted abilities with a once-per-"
                                                    "turn limit than the engine has bits for (MAX_LIMITED_GRANTS per list)")
            elif len(name_groups) + len(new_groups) > K.MAX_NAME_GROUPS:
                results[i] = LineResult.unsupported(results[i].line, "more distinct parts of card names than the "
                                                    "engine has bits for (MAX_NAME_GROUPS per list)")
            else:
                grant_keys.extend(new)
                name_groups.extend(new_groups)
        keep = [(a, i) for a, i in keep if results[i].compiled]  # a line is compiled whole or not at all
        abilities, sources = [a for a, _ in keep], [i for _, i in keep]
        text_rec = TextRecord(number, _set_of(number), results, name=name)
        if ctype == "event":
            if any(not r.compiled for r in results) or not event_ops:
                text_rec.skip = "event_unsupported"
                if not event_ops and all(r.compiled for r in results):
                    text_rec.lines = [LineResult.unsupported(r.line, "an event without an effect") for r in results] or [
                        LineResult.unsupported(name, "an event without an effect")]
                texts.append(text_rec)
                skip("event_unsupported", number)
                continue
            # its effect, and the CONT abilities working from the hand ("this card cannot be played from
            # your hand" under a condition, CR 8.6.2.1)
            # (and the [AUTO] abilities working from the memory once it is there, CR 10.9.1: "Memory If this card is in
            # your memory, at the beginning of your main phase, ...")
            # (and, session 23, the [CONT] Memory abilities working from the memory)
            hand = [(a, i) for a, i in zip(abilities, sources) if a.get("kind") == "cont" and a.get("zone") in ("hand", "memory")
                    or a.get("kind") == "auto" and a.get("zone") == "memory"]
            abilities = [a for a, _ in hand] + [{"kind": "event", "effect": event_ops}]
            sources = [i for _, i in hand] + [-1]
        texts.append(text_rec)
        by_number[number] = text_rec
        models.append({
            "number": number,
            "name": name,
            "type": ctype,
            "color": color.lower(),
            "level": _int(rec.get("level")) if ctype != "climax" else 0,
            "cost": _int(rec.get("cost")) if ctype != "climax" else 0,
            "power": _int(rec.get("power")) if ctype == "character" else 0,
            "soul": _int(rec.get("soul")) if ctype == "character" else 0,
            "triggers": [t.lower() for t in icons],
            "traits": traits if ctype == "character" else [],
            "title": str(rec.get("expansion") or "").strip() or None,
            "side": _SIDES.get(str(rec.get("side") or "W").upper(), "weiss"),
            "counter": counter,
            "backup": backup,
            **({"any_copies": True} if any_copies else {}),
            **({"keywords": keywords} if keywords else {}),
            **({"max_copies": max_copies} if max_copies is not None else {}),
            **({"copies_with": copies_with} if copies_with is not None else {}),
            **({"also_named_on_stage": alias} if alias is not None else {}),
            "abilities": abilities,
            "text": "\n".join(lines),
            "_sources": sources,
            "_gained": gained,
        })
        seen.add(number)

    # abilities that name another card or a trait need it in the imported list (Bond, climax
    # combos, filters): the pool compiler refuses names and traits no card has
    # (with complete_only, against the cards kept: until no kept card names a dropped one)
    while True:
        # (an event skipped on a pass, one of its lines refused, is in no pool: its name is absent from the next pass)
        present = [r for r in models if not r.get("_skip") and not (
            complete_only and any(not lr.compiled for lr in by_number[r["number"]].lines))]
        names = {r["name"]: r["type"] for r in present}
        all_traits = {t for r in present for t in r["traits"]}
        read = _traits_read(present)
        changed = False
        for r in models:
            keep, src = [], []
            text_rec = by_number[r["number"]]
            # (session 33) a line that compiles to no ability and gives a trait ("[CONT] All of your other characters
            # get <<T>>", approximation trait_gain_unread): the same test as below, on the line itself
            for li, ts in r["_gained"].items():
                if li >= 0 and li not in r["_sources"] and set(ts) & read and text_rec.lines[li].compiled:
                    changed = True
                    text_rec.lines[li] = LineResult.unsupported(
                        text_rec.lines[li].line, f"gives a trait a filter of this list names ({', '.join(sorted(set(ts) & read))})")
            for ab, li in zip(r["abilities"], r["_sources"]):
                _group_absent_names(ab, names, name_groups)
                missing = _missing_ref(ab, names, all_traits)
                gives = set(r["_gained"].get(li, ())) if li >= 0 else {t for g in r["_gained"].values() for t in g}
                if missing is None and gives & read:
                    # the engine gives no trait (approximation trait_gain_unread): only where nothing reads it
                    missing = f"gives a trait a filter of this list names ({', '.join(sorted(gives & read))})"
                if missing is not None:
                    changed = True
                    for j, lr in enumerate(text_rec.lines):
                        if lr.compiled and (j == li or r["type"] == "event" and lr.abilities):
                            text_rec.lines[j] = LineResult.unsupported(lr.line, missing)
                    continue
                keep.append(ab)
                src.append(li)
            dropped = len(keep) < len(r["abilities"])
            r["abilities"], r["_sources"] = keep, src
            extra = sorted({t for ab in keep for t in _text_traits(ab, all_traits)})
            if extra:
                r["text_traits"] = extra
            else:
                r.pop("text_traits", None)
            if r["type"] == "event" and (not keep or dropped):  # an event is played whole or not at all
                r["_skip"] = "event_unsupported"
        if not changed:
            break

    # the pool compiler's checks past the card format (a restriction's zone, an [ACT] ability's cost, ...): a line
    # whose ability it refuses is unsupported with its reason, so that the file the import writes loads
    for _ in range(len(models)):
        problem = _pool_problem([r for r in models if not r.get("_skip") and not (
            complete_only and any(not lr.compiled for lr in by_number[r["number"]].lines))])
        if problem is None:
            break
        r, k, reason = problem
        text_rec = by_number[r["number"]]
        li = r["_sources"][k]
        for j, lr in enumerate(text_rec.lines):
            if lr.compiled and (j == li or li < 0 and lr.abilities):
                text_rec.lines[j] = LineResult.unsupported(lr.line, f"the pool compiler refuses it: {reason}")
        del r["abilities"][k]
        del r["_sources"][k]
        if r["type"] == "event":  # an event is played whole or not at all (its effect, or a restriction of its)
            r["_skip"] = "event_unsupported"
            # its name is in no pool now: a filter of another card naming it takes a name group (as above)
            names = {m["name"]: m["type"] for m in models if not m.get("_skip") and not (
                complete_only and any(not lr.compiled for lr in by_number[m["number"]].lines))}
            for m in models:
                for ab in m["abilities"]:
                    _group_absent_names(ab, names, name_groups)

    cards: list[WSCard] = []
    for r in models:
        text_rec = by_number[r["number"]]
        r.pop("_sources")
        r.pop("_gained")
        lines = text_rec.lines
        r["uncompiled"] = [lr.line for lr in lines if not lr.compiled]
        r["approximate"] = {lr.line: list(lr.approximations) for lr in lines if lr.approximations and lr.compiled}
        r["text_compiled"] = True
        if r["uncompiled"]:
            unsupported[r["number"]] = [lr.line + f"  [{lr.reason}]" for lr in lines if not lr.compiled]
        if r.pop("_skip", None):
            text_rec.skip = "event_unsupported"
            skip("event_unsupported", r["number"])
            continue
        if complete_only and r["uncompiled"]:
            skip("incomplete", r["number"])
            continue
        try:
            cards.append(WSCard.model_validate(r).with_file(path.name))
        except ValidationError as exc:
            skip("invalid", r["number"])
            text_rec.skip = "invalid"
            field, reason = validation_problem(exc, r)
            errors.append(f"{r['number']}: field {field!r}: {reason}")
    parsed = sum(1 for t in texts if t.skip is None for lr in t.lines if lr.compiled)
    return ImportResult(cards, file=path.name, total=len(data), skipped=skip, unsupported=unsupported,
                        parsed_lines=parsed, errors=errors, text_records=texts, game="weiss_schwarz",
                        approximations=APPROXIMATIONS)  # fmt: skip


def _grant_kind(op: dict) -> int:
    """The kind of a grant_ability / aura_grant_ability op (constants.GRANT_BY_CONT ...: the word its bit is in)."""
    if op["op"] == "aura_grant_ability":
        return K.GRANT_BY_CONT
    return K.GRANT_UNTIL_OPP_TURN_END if op.get("duration") == "next_opp_turn_end" else K.GRANT_UNTIL_TURN_END


def _pool_problem(models: list[dict]) -> tuple[dict, int, str] | None:
    """The first ability of ``models`` (the import's card records) the pool compiler refuses: (its record, its
    index, the reason); None when the pool compiles, or when what it refuses is no ability (left to the loader)."""
    import re

    from tcg_env.games.weiss_schwarz.cards import compile_ws_pool

    try:
        cards = [WSCard.model_validate({k: v for k, v in r.items() if not k.startswith("_")}) for r in models]
        compile_ws_pool(cards)
    except ValidationError:
        return None  # the card format's own refusals are counted as 'invalid' below
    except CardDataError as exc:
        m = re.match(r"abilities\[(\d+)\]", exc.field or "")
        r = next((r for r in models if r["number"] == exc.card), None)
        if m is None or r is None or int(m.group(1)) >= len(r["abilities"]):
            return None
        return r, int(m.group(1)), exc.reason
    return None


def _register_fields(op: str) -> tuple[str, ...]:
    from tcg_env.games.weiss_schwarz.cards import _OP_MODELS

    for m in _OP_MODELS:
        if m.model_fields["op"].annotation.__args__[0] == op:
            return tuple(k for k in ("reg", "other") if k in m.model_fields)
    return ()


def _op_dicts(v: Any):
    """The op dicts of a program, also inside `may` / `if` blocks, not those of a granted ability."""
    if isinstance(v, dict):
        if "op" in v:
            yield v
        for k, x in v.items():
            if k != "ability":
                yield from _op_dicts(x)
    elif isinstance(v, list):
        for x in v:
            yield from _op_dicts(x)


def _registers_used(ops: list[dict]) -> int:
    """How many target registers a program uses (its highest register + 1)."""
    n = 0
    for d in _op_dicts(ops):
        for k in _register_fields(d["op"]):
            n = max(n, d.get(k, 1 if k == "other" else 0) + 1)
    return n


def _shift_registers(ops: list[dict], by: int) -> list[dict]:
    """A copy of a program whose target registers are ``by`` higher."""
    ops = json.loads(json.dumps(ops))
    for d in _op_dicts(ops):
        for k in _register_fields(d["op"]):
            d[k] = d.get(k, 1 if k == "other" else 0) + by
    return ops


def _uses_registers(ops: list[dict]) -> bool:
    return any("reg" in d or d.get("op") in ("choose", "select_all", "target_self", "target_battle_opp",
                                               "target_triggering", "reveal_top") for d in _walk_dicts(ops))


# the filters' keys _group_absent_names rewrites (a description of the cards an instruction, a cost or a trigger
# looks at; not a condition's name, which is a name id)
_NAME_FILTER_KEYS = ("filter", "counted", "discard_filter", "hand_to_clock_filter", "trigger_filter", "reveal",
                     "marker", "climax_to_wr")
_COND_NAMES = ("climax_named", "named_on_stage", "named_in_clock", "named_in_level")  # cards._COND_NAME


def _group_absent_names(ab: dict, names: dict[str, str], name_groups: list[tuple[str, ...]]) -> None:
    """A filter naming a card no card of this list has (a climax of another set: 'choose 1 "X" in your waiting
    room') selects the cards of that whole name: a name group of one whole name (``name_any``, matched by the
    pool compiler against every card of the pool, none here), while the list has a name group bit left for it
    (``name_groups``: the distinct groups so far, extended here). So
    do the conditions on a named card (a climax in the climax area, a card in the level...: ``name_any``) and a
    combo naming a climax no card has (CR 8.12: its condition "X" is in your climax area)."""
    def grouped(name: str) -> bool:
        key = name_group_key({"name_any": [name]})
        if key not in name_groups:
            if len(name_groups) >= K.MAX_NAME_GROUPS:
                return False  # no bit left: _missing_ref refuses the ability
            name_groups.append(key)
        return True

    combo = ab.get("combo")
    if combo is not None and combo not in names and "condition" not in ab and grouped(combo):
        del ab["combo"]
        ab["condition"] = {"kind": "climax_named", "name_any": [combo]}
    for d in _walk_dicts(ab):
        if d.get("kind") in _COND_NAMES and isinstance(d.get("name"), str) and d["name"] not in names \
                and grouped(d["name"]):
            d["name_any"] = [d.pop("name")]
        for k in _NAME_FILTER_KEYS:
            f = d.get(k)
            if not isinstance(f, dict) or "name" not in f or f["name"] in names:
                continue
            if grouped(f["name"]):
                f["name_any"] = [f.pop("name")]


def _missing_ref(ab: dict, names: dict[str, str], traits: set[str]) -> str | None:
    """Why an ability cannot be kept in this list: it names a card (of a type) that no imported card has; None when
    everything it names is there (a trait no character has is kept: _text_traits)."""
    refs: list[tuple[str, str | None]] = []
    if ab.get("combo"):
        refs.append((ab["combo"], "climax"))
    for flt_holder in _walk_dicts(ab):
        if "name" in flt_holder and flt_holder.get("op") in ("bond",):
            refs.append((flt_holder["name"], "character"))
    for f in _filters_of(ab):
        if "name" in f:
            refs.append((f["name"], None))
    for name, typ in refs:
        if name not in names or (typ is not None and names[name] != typ):
            return f"names {name!r}, not in this list"
    for d in _walk_dicts(ab):  # "with "X" in its card name": some card of the list has one of the parts
        parts = d.get("name_contains")
        if parts and not any(x in n for x in parts for n in names):
            return f"names a part of a card name ({' or '.join(map(repr, parts))}) no card of this list has"
        # name_any ('"X" or "Y"', a name no card of the list has): a name group, the cards of the pool with those names
    # a trait no character of this list has (session 24): kept, the card's text_traits (cards.WSCard), which the
    # pool interns as a trait no card has; the printed text's filter then matches no card of this list (and the
    # cards of another list imported into the same pool that have it): _text_traits
    return None


def _text_traits(ab: dict, traits: set[str]) -> list[str]:
    """The traits ``ab``'s filters and conditions name that no character of the list has (``traits``)."""
    out: list[str] = []
    for f in _filters_of(ab):
        for t in [f.get("trait"), f.get("trait_or"), *f.get("trait_more", ())]:
            if t is not None and t not in traits and t not in out:
                out.append(t)
    return out


def _traits_read(models: list[dict]) -> set[str]:
    """The traits the abilities of ``models`` name in a filter or a condition (any dict's trait keys)."""
    out: set[str] = set()
    for m in models:
        for d in _walk_dicts(m["abilities"]):
            out.update(t for t in (d.get("trait"), d.get("trait_or"), *(d.get("trait_more") or ())) if isinstance(t, str))
    return out


def _walk_dicts(v: Any):
    if isinstance(v, dict):
        yield v
        for x in v.values():
            yield from _walk_dicts(x)
    elif isinstance(v, list):
        for x in v:
            yield from _walk_dicts(x)


def _filters_of(ab: dict) -> list[dict]:
    out = []
    for d in _walk_dicts(ab):
        for k in ("filter", "counted", "discard_filter", "hand_to_clock_filter", "trigger_filter", "reveal", "marker",
                  "climax_to_wr"):
            if isinstance(d.get(k), dict):
                out.append(d[k])
        if d is ab.get("condition") or d.get("kind") == "trait_count_at_least" or (d.get("op") == "if"):
            c = d.get("condition", d) if d.get("op") == "if" else d
            if isinstance(c, dict) and c.get("kind") in ("trait_count_at_least", "climax_named", "named_on_stage", "named_in_clock",
                                                           "named_in_level", "named_pair_on_stage"):
                f = {k: c[k] for k in ("trait", "trait_or", "name") if k in c}
                out.append(f)
                if "name2" in c:  # named_pair_on_stage's second name (name ids: both in the list)
                    out.append({"name": c["name2"]})
    return out


def raw_layout(records: Any) -> str | None:
    """"english-db" for a raw card list of the English card database, None for anything else
    (``GameSpec.raw_layout``: a card pool is not a raw list)."""
    if not isinstance(records, list) or not records or not isinstance(records[0], dict):
        return None
    return "english-db" if {"code", "ability", "trigger"} <= set(records[0]) else None
