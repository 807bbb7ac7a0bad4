"""Import real Dragon Ball Super Card Game card lists (JSON) as :class:`DbscgCard` models.

The layout (``"kentan88"``, the dbscg-api's): a list of records ``{title, number, type (LEADER /
BATTLE / EXTRA), color ("Red", "Red/Green"), power, energy, energy_text (the total cost and a
colour ball image per specified cost), combo_energy, combo_power, character, special_trait
("Saiyan/Earthling"), era, skills_text (HTML: one skill a line, keywords as images), skills}`` and,
for a Leader, ``title_back``, ``power_back``, ``skills_back_text``: its back side becomes the card
``<number>-back`` (``side = "back"``) that the front names in ``back``.

Imported: the printed characteristics, and every skill line compiled by the card-text grammar
(``card_text.py``, docs/dbscg/card-text.md): keywords, [Auto] / [Activate] / [Counter] / [Permanent]
skills, [Awaken], one-colour [Evolve] naming a character of the file. Each line gets a verdict
(exact / approximate / unsupported); the models get ``text_compiled``, ``approximate`` and
``uncompiled`` (``tcg cards show`` marks each line), the result ``text_records`` for every record of
a played type, skipped ones included (``tcg cards import --report``). A keyword printed at the head
of an unsupported line is still the card's. Alternate printings (``BT1-005_PR``) of a card of the
file, repeated numbers and records the schema refuses are skipped and counted by reason.
Importing this module does no numba work (the card schema only)."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tcg_env.cards.base import validation_problem
from tcg_env.cards.text import LineResult, TextRecord, Verdict
from tcg_env.cards.errors import CardDataError
from tcg_env.cards.importers import ImportResult as BaseImportResult
from tcg_env.cards.importers import Skipped, read_card_list
from tcg_env.games.dbscg.card_text import APPROXIMATIONS, COMPILER, KEYWORD_NAMES
from tcg_env.games.dbscg import constants as K
from tcg_env.games.dbscg.cards import Ability, DbscgCard

__all__ = ["ImportResult", "import_dbscg_json", "raw_layout"]

_IMG = re.compile(r"<img[^>]*>")
_ALT = re.compile(r'alt="([^"]*)"')
_BALL = re.compile(r"/(red|blue|green|yellow|black)_ball\.png")
_NUMBERS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve "
                                       "thirteen fourteen fifteen sixteen".split())}  # fmt: skip
# skills a player activates on a card in play: the SKILL action names SKILLS_PER_CARD of them (play.field_skill)
_ACTIVATED = ("activate_main", "activate_battle", "awaken", "wish", "swap", "union_absorb")
_NO_SKILL = ("-", "\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u30fc")  # the list's "no skill" mark
_TYPES = {"LEADER": "leader", "BATTLE": "battle", "EXTRA": "extra"}
_ALTERNATE = re.compile(r"^(.+?)_(PR|SPR|BD)\w*$")


class ImportResult(BaseImportResult):
    """The imported cards (DbscgCard models) plus what was skipped and why, and how much of the
    text the engine plays: keywords mapped, abilities compiled, lines left uncompiled."""

    def __init__(self, cards: list[DbscgCard], **common):
        super().__init__(cards, **common)
        self.keywords = sum(len(c.keywords) for c in cards)
        self.abilities = sum(len(c.abilities) + (c.hand_skill is not None) for c in cards)
        self.uncompiled = sum(len(c.uncompiled) for c in cards)

    @property
    def unsupported(self) -> dict[str, list[str]]:
        """Card number -> its text lines the engine does not play (``tcg cards import`` counts them)."""
        return {c.number: c.uncompiled for c in self if c.uncompiled}

    def summary(self) -> str:
        return (f"{self.file} (kentan88): {self.total} records, imported {len(self)} cards (Leaders' back sides "
                f"included), {self.skipped_text()}; "
                f"{self.keywords} keywords mapped, {self.abilities} skills compiled, {self.uncompiled} text lines "
                "left uncompiled")  # fmt: skip


def raw_layout(records: Any) -> str | None:
    """"kentan88" for a raw dbscg-api card list, None for anything else (``GameSpec.raw_layout``)."""
    if not isinstance(records, list) or not records or not isinstance(records[0], dict):
        return None
    return "kentan88" if {"title", "number", "type", "skills_text"} <= set(records[0]) else None


def _line(raw: str) -> tuple[list[str], list[str], int, str, str]:
    """One skill line of ``skills_text``: the heading images' names, their colour balls and number
    icon, the text after them, and the whole line in plain words ("[Auto] When ...", a ball as
    "{red}", a number icon as "{2}")."""
    head, names, balls, number = raw.strip(), [], [], 0
    while m := re.match(r"\s*(<img[^>]*>)", head):
        img = m[1]
        alt = (_ALT.search(img) or [None, ""])[1]
        ball = _BALL.search(img)
        if ball:
            balls.append(ball[1])
        elif alt in _NUMBERS:
            number = _NUMBERS[alt]
        else:
            names.append(alt)
        head = head[m.end():]

    def word(m: re.Match) -> str:
        alt, ball = (_ALT.search(m[0]) or [None, ""])[1], _BALL.search(m[0])
        return f"{{{ball[1]}}}" if ball else f"{{{_NUMBERS[alt]}}}" if alt in _NUMBERS else f"[{alt}]" if alt else ""

    def plain(s: str) -> str:
        return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", _IMG.sub(word, s))).split())

    return names, balls, number, plain(head), plain(raw)


def _skills(text: str, ctype: str, names: "_Names", rec: dict) -> list[LineResult]:
    """Compile the skill lines of ``text`` into ``rec`` (keywords, abilities, hand_skill, text,
    uncompiled, approximate) with the card-text grammar (card_text.py); the lines' results, in order."""
    lines, results = [], []
    context = {"type": ctype, "side": rec.get("side", "front"), "free": rec.get("free_cost"),
               "field": ctype == "extra" and 'alt="Field"' in (text or "")}  # fmt: skip
    for raw in re.split(r"<br\s*/?>", text or ""):
        heads, _balls, _number, _rest, whole = _line(raw)
        if not whole or whole in _NO_SKILL:
            continue
        lines.append(whole)
        res = _checked(COMPILER.compile_line(whole, context), names, rec)
        if res.compiled:
            for kw in res.fields.get("keywords", []):
                if kw not in rec["keywords"]:
                    rec["keywords"].append(kw)
            if "hand_skill" in res.fields:
                rec["hand_skill"] = res.fields["hand_skill"]
            for t in res.fields.get("traits", []):
                if t not in rec.setdefault("traits", []):
                    rec["traits"].append(t)
            rec["abilities"] += res.abilities
        else:
            # the keyword printed at the head of a line the grammar does not compile is still the
            # card's ([Field] (reminder)[Permanent] ...): the engine plays the keyword, not the rest
            first = heads[0].lower() if heads else ""
            kw = KEYWORD_NAMES.get(first)
            if kw is not None and kw not in rec["keywords"]:
                rec["keywords"].append(kw)
        results.append(res)
    rec["text"] = "\n".join(dict.fromkeys(lines))
    rec["uncompiled"] = list(dict.fromkeys(r.line for r in results if not r.compiled))
    rec["approximate"] = {}
    for r in results:
        if r.approximations:
            rec["approximate"][r.line] = list(r.approximations)
    rec["text_compiled"] = True
    return results


@dataclass(frozen=True)
class _Names:
    """What a list's card text may name: its characters (2-5), special traits (2-6), card names."""

    characters: set[str]
    traits: set[str]
    titles: set[str]


def _checked(res: LineResult, names: _Names, rec: dict) -> LineResult:
    """A compiled line the card list cannot carry is unsupported: a character, special trait or card
    name no card of the file has (the pool interns them), a skill the card schema refuses, a ninth
    skill; one naming a character some card has among several names is approximate."""
    if not res.compiled:
        return res
    named = [res.fields.get("hand_skill", {}).get("character")]
    for ab in res.abilities:
        for part in [op.get("filter") or {} for op in ab.get("effect", [])] + [
                op for op in ab.get("effect", []) if op.get("op") == "if"] + [
                ab.get(k) or {} for k in ("condition", "condition2")]:  # fmt: skip
            named.append(part.get("character"))
            if part.get("name") is not None and part["name"] not in names.titles:
                return LineResult.unsupported(res.line, f"names the card {part['name']!r}, which the list does not have")
            for t in [part.get("trait")] + list(part.get("traits_any", [])):
                if t is not None and t not in names.traits:
                    return LineResult.unsupported(res.line, f"names the special trait {t!r}, which no card of the "
                                                            "list has")  # fmt: skip
    for n in named:
        if n is not None and n not in names.characters:
            return LineResult.unsupported(res.line, f"names the character {n!r}, which no card of the list has")
    in_multi = {part.strip() for c in names.characters if "/" in c for part in c.split("/")}
    if any(n in in_multi for n in named if n is not None):  # "Caulifla/Kale" is one name to the engine (2-5)
        res = LineResult(res.line, Verdict.APPROXIMATE, abilities=res.abilities, fields=res.fields,
                         approximations=tuple(dict.fromkeys(res.approximations + ("multi_name_cards_unmatched",))))
    for ab in res.abilities:
        try:
            Ability.model_validate(ab)
        except ValidationError as exc:
            field, reason = validation_problem(exc)
            return LineResult.unsupported(res.line, f"the skill does not fit the card schema: {field}: {reason}")
    if len(rec["abilities"]) + len(res.abilities) > 8:
        return LineResult.unsupported(res.line, "a ninth skill (a card has at most 8)")
    activated = [a for a in rec["abilities"] + res.abilities if a["kind"] in _ACTIVATED]
    in_play = rec.get("type") != "extra"  # an Extra Card's skills are activated from the hand (hand_card_skill)
    if in_play and len(activated) > K.SKILLS_PER_CARD and any(a["kind"] in _ACTIVATED for a in res.abilities):
        return LineResult.unsupported(res.line, f"a card's skill activated from play beyond the {K.SKILLS_PER_CARD} "
                                                "an action names (constants.SKILLS_PER_CARD)")  # fmt: skip
    return res


def _int(v: Any) -> int | None:
    return int(v) if isinstance(v, (int, str)) and str(v).strip().isdigit() else None


def _record(r: dict, ctype: str, names: "_Names", lines: list[LineResult],
            back: bool = False) -> tuple[dict | None, str]:  # fmt: skip
    """The card file record of raw record ``r`` (its back side with ``back``), or None and why; the
    results of its skill lines are added to ``lines`` (a record skipped for its characteristics
    still has its lines compiled, so that the report knows their verdicts)."""
    colours = [c.strip().lower() for c in re.split(r"[/;]", str(r.get("color") or "")) if c.strip()]
    if not colours or any(c not in ("red", "blue", "green", "yellow", "black") for c in colours):
        return None, "unknown_colour"
    rec: dict[str, Any] = {"number": r["number"] + ("-back" if back else ""),
                           "name": r.get("title_back" if back else "title") or r["number"], "type": ctype,
                           "colours": colours, "keywords": [], "abilities": []}  # fmt: skip
    if ctype != "extra":
        power = _int(r.get("power_back" if back else "power"))
        if power is None:
            return None, "no_power"
        rec.update(power=power, character=r.get("character") or None, era=r.get("era") or None,
                   traits=[t.strip() for t in str(r.get("special_trait") or "").split("/") if t.strip()])
    if ctype != "leader":
        energy = _int(r.get("energy"))
        if energy is None:
            return None, "no_energy_cost"
        balls = _BALL.findall(r.get("energy_text") or "")
        rec.update(energy=energy, specified={c: balls.count(c) for c in dict.fromkeys(balls)})
    if ctype == "battle":
        rec.update(combo_power=_int(r.get("combo_power")) or 0, combo_cost=_int(r.get("combo_energy")))
        if rec["combo_cost"] is None:
            rec["combo_cost"] = -1
    if back:
        rec["side"] = "back"
    rec["free_cost"] = _free_cost(r)
    lines += _skills(r.get("skills_back_text" if back else "skills_text", ""), ctype, names, rec)
    del rec["free_cost"]  # the compile context only, not a card field
    return rec, ""


def _sides(r: dict, ctype: str) -> list[bool]:
    return [False] + ([True] if ctype == "leader" and r.get("title_back") else [])


def _free_cost(r: dict) -> int | None:
    """The part of a card's energy cost no colour is specified for (2-11-1), None if unknown."""
    energy = _int(r.get("energy"))
    return None if energy is None else energy - len(_BALL.findall(r.get("energy_text") or ""))


def _lines_only(r: dict, ctype: str, names: "_Names") -> list[LineResult]:
    """The results of a skipped record's skill lines (both sides of a Leader)."""
    out: list[LineResult] = []
    for back in _sides(r, ctype):
        rec = {"keywords": [], "abilities": [], "free_cost": _free_cost(r)} | ({"side": "back"} if back else {})
        out += _skills(r.get("skills_back_text" if back else "skills_text", ""), ctype, names, rec)
    return out


def _no_awaken(lines: list[LineResult]) -> list[LineResult]:
    """A Leader without a back side cannot awaken (10-2-3): its [Awaken] lines are not played."""
    return [LineResult.unsupported(r.line, "[Awaken] on a Leader Card of the list without a back side")
            if any(a.get("kind") == "awaken" for a in r.abilities) else r for r in lines]


def import_dbscg_json(path: str | Path) -> ImportResult:
    """Import one kentan88 dbscg-api JSON card list (see the module doc)."""
    path = Path(path)
    records = read_card_list(path)
    if raw_layout(records) is None:
        raise CardDataError("not a dbscg-api card list (a JSON list of records with title, number, type, "
                            "skills_text)", file=path.name)  # fmt: skip
    skip, cards, errors, text_records = Skipped(), [], [], []
    numbers = {r.get("number") for r in records}
    characters = {r["character"] for r in records if r.get("character")}
    # what the text may name: characters (2-5), special traits (2-6), card names ("{Name}")
    all_traits = {t.strip() for r in records for t in str(r.get("special_trait") or "").split("/") if t.strip()}
    names = _Names(characters, all_traits, {str(r[k]) for r in records for k in ("title", "title_back") if r.get(k)})
    seen: set[str] = set()
    traits: set[str] = set()
    for r in records:
        number, ctype = str(r.get("number")), _TYPES.get(str(r.get("type")).upper())
        name = str(r.get("title") or number)

        def skipped(why: str) -> None:
            skip(why, number)
            if ctype is not None:
                text_records.append(TextRecord(number, _set_of(number), _lines_only(r, ctype, names),
                                               skip=why, name=name))  # fmt: skip

        alt = _ALTERNATE.match(number)
        if alt and alt[1] in numbers:
            skipped("alternate_printing")
            continue
        if number in seen:
            skipped("duplicate_number")
            continue
        if ctype is None:
            skipped("unknown_type")
            continue
        sides = _sides(r, ctype)
        out, why, lines = [], "", []
        for back in sides:
            rec, why = _record(r, ctype, names, lines, back)
            if rec is None:
                break
            out.append(rec)
        new_traits = traits.union(*(rec.get("traits", []) for rec in out))
        if len(out) != len(sides) or len(new_traits) > 31:
            skipped(why or "too_many_special_traits")
            continue
        if len(out) == 2:
            out[0]["back"] = out[1]["number"]
        elif ctype == "leader":  # no back side: it cannot awaken
            lines = _no_awaken(lines)
            out[0]["abilities"] = [a for a in out[0]["abilities"] if a["kind"] != "awaken"]
            out[0]["uncompiled"] = list(dict.fromkeys(r_.line for r_ in lines if not r_.compiled))
        try:
            models = [DbscgCard.model_validate(rec).with_file(path.name) for rec in out]
        except ValidationError as exc:
            skipped("invalid")
            field, reason = validation_problem(exc)
            errors.append(f"{number}: field {field!r}: {reason}")
            continue
        cards += models
        seen.add(number)
        traits = new_traits
        text_records.append(TextRecord(number, _set_of(number), lines, name=name))
    _mark_duplicates(text_records, seen)
    return ImportResult(cards, file=path.name, total=len(records), skipped=skip, errors=errors,
                        text_records=text_records, game="dbscg", approximations=APPROXIMATIONS)  # fmt: skip


def _mark_duplicates(text_records: list[TextRecord], imported: set[str]) -> None:
    """A record skipped as another printing of an imported card (``BT1-005_PR``, a repeated number)
    plays as that card: its ``duplicate_of`` (where the shared TextRecord has the field) names it, so
    the report counts it with its own lines' verdicts."""
    if "duplicate_of" not in getattr(TextRecord, "__dataclass_fields__", {}):
        return
    for rec in text_records:
        if rec.skip == "alternate_printing":
            original = _ALTERNATE.match(rec.number)[1]
        elif rec.skip == "duplicate_number":
            original = rec.number
        else:
            continue
        if original in imported:
            rec.duplicate_of = original


def _set_of(number: str) -> str:
    """The set of a card number: ``BT1-005`` -> ``BT1``."""
    return number.split("-")[0]
