"""Import real Dragon Ball Super Card Game card lists (JSON) as :class:`DbscgCard` models.

The layout (``"kentan88"``, the dbscg-api's): a list of records ``{title, number, type (LEADER /
BATTLE / EXTRA), color ("Red", "Red/Green"), power, energy, energy_text (the total cost and a
colour ball image per specified cost), combo_energy, combo_power, character, special_trait
("Saiyan/Earthling"), era, skills_text (HTML: one skill a line, keywords as images), skills}`` and,
for a Leader, ``title_back``, ``power_back``, ``skills_back_text``: its back side becomes the card
``<number>-back`` (``side = "back"``) that the front names in ``back``.

Imported: the printed characteristics; the keywords printed at the head of a line ([Blocker],
[Critical], [Double Strike], [Triple Strike], [Dual Attack], [Barrier], [Deflect], [Indestructible],
[Revenge], [Ultimate], [Super Combo], [Dragon Ball], [Field], [Victory Strike]); [Awaken] "when your
life is at X or less"; [Evolve] of one colour naming a character of the file; and a few whole-line
templates ("When you play this card, draw N cards." ...). Each other line of a card's text goes into
its ``uncompiled`` list (``tcg cards show`` marks them). Alternate printings (``BT1-005_PR``) of a
card of the file, repeated numbers and records the schema refuses are skipped and counted by reason.
Importing this module does no numba work (the card schema only)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tcg_env.cards.base import validation_problem
from tcg_env.cards.errors import CardDataError
from tcg_env.cards.importers import ImportResult as BaseImportResult
from tcg_env.cards.importers import Skipped, read_card_list
from tcg_env.games.dbscg.cards import DbscgCard

__all__ = ["ImportResult", "import_dbscg_json", "raw_layout"]

_IMG = re.compile(r"<img[^>]*>")
_ALT = re.compile(r'alt="([^"]*)"')
_BALL = re.compile(r"/(red|blue|green|yellow|black)_ball\.png")
_REMINDER = re.compile(r"\([^()]*\)")
_NUMBERS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve "
                                       "thirteen fourteen fifteen sixteen".split())}  # fmt: skip
_KEYWORDS = {"Blocker": "blocker", "Critical": "critical", "Double Strike": "double_strike",
             "Triple Strike": "triple_strike", "Dual Attack": "dual_attack", "Barrier": "barrier",
             "Deflect": "deflect", "Indestructible": "indestructible", "Revenge": "revenge", "Ultimate": "ultimate",
             "Super Combo": "super_combo", "Dragon Ball": "dragon_ball", "Field": "field",
             "Victory Strike": "victory_strike"}  # fmt: skip
_TYPES = {"LEADER": "leader", "BATTLE": "battle", "EXTRA": "extra"}
_ALTERNATE = re.compile(r"^(.+?)_(PR|SPR|BD)\w*$")
_NAMED = re.compile(r"^:\s*[＜〈<]([^＞〉>]+)[＞〉>]\s*$")
# whole lines the engine plays: (heading skill, text) -> an ability (its effect's count from group 1)
_TEMPLATES = (
    ("Auto", re.compile(r"When you play this card, draw (\d) cards?\."), "on_play", "draw"),
    ("Auto", re.compile(r"When this card attacks, draw (\d) cards?\."), "on_attack", "draw"),
    ("Auto", re.compile(r"When this card is KO'd, draw (\d) cards?\."), "on_ko", "draw"),
    ("Counter Attack", re.compile(r"Negate the attack\."), None, "negate"),
)


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


def _skills(text: str, ctype: str, characters: set[str], rec: dict) -> None:
    """Read the skill lines of ``text`` into ``rec`` (keywords, abilities, hand_skill, text,
    uncompiled)."""
    lines, uncompiled = [], []
    for raw in re.split(r"<br\s*/?>", text or ""):
        names, balls, number, rest, whole = _line(raw)
        if not whole:
            continue
        lines.append(whole)
        first, done = (names[0] if names else ""), False
        if first in _KEYWORDS and _KEYWORDS[first] not in rec["keywords"]:
            rec["keywords"].append(_KEYWORDS[first])
            done = not _REMINDER.sub("", rest).strip()
        elif first == "Awaken" and ctype == "leader" and "side" not in rec:
            m = re.match(r"When your life is at (\d) or less\s*:\s*(.*)$", rest)
            if m:
                draw = re.fullmatch(r"You may draw (\d) cards? and flip this card over\.", m[2])
                effect = [{"op": "draw", "count": int(draw[1])}] if draw else []
                rec["abilities"].append({"kind": "awaken", "condition": {"kind": "life_at_most", "value": int(m[1])},
                                         "effect": effect})  # fmt: skip
                done = draw is not None or m[2] == "Flip this card over."
        elif first == "Evolve" and ctype == "battle" and len(set(balls)) == 1:
            m = _NAMED.match(_REMINDER.sub("", rest).strip())
            if m and m[1] in characters:
                rec["hand_skill"] = {"kind": "evolve", "energy": len(balls) + number, "colour": balls[0],
                                     "colour_count": len(balls), "character": m[1]}  # fmt: skip
                done = True
        for skill, pattern, trigger, op in _TEMPLATES:
            m = pattern.fullmatch(rest)
            if not done and m and names and names[0] == skill:
                effect = {"op": op} | ({"count": int(m[1])} if m.groups() else {})
                kind = "auto" if trigger else "counter_attack"
                rec["abilities"].append({"kind": kind, "trigger": trigger, "once_per_turn": "Once per turn" in names,
                                         "effect": [effect]})  # fmt: skip
                done = True
        if not done:
            uncompiled.append(whole)
    rec["text"] = "\n".join(dict.fromkeys(lines))
    rec["uncompiled"] = list(dict.fromkeys(uncompiled))


def _int(v: Any) -> int | None:
    return int(v) if isinstance(v, (int, str)) and str(v).strip().isdigit() else None


def _record(r: dict, ctype: str, characters: set[str], back: bool = False) -> tuple[dict | None, str]:
    """The card file record of raw record ``r`` (its back side with ``back``), or None and why."""
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
    _skills(r.get("skills_back_text" if back else "skills_text", ""), ctype, characters, rec)
    return rec, ""


def import_dbscg_json(path: str | Path) -> ImportResult:
    """Import one kentan88 dbscg-api JSON card list (see the module doc)."""
    path = Path(path)
    records = read_card_list(path)
    if raw_layout(records) is None:
        raise CardDataError("not a dbscg-api card list (a JSON list of records with title, number, type, "
                            "skills_text)", file=path.name)  # fmt: skip
    skip, cards, errors = Skipped(), [], []
    numbers = {r.get("number") for r in records}
    characters = {r["character"] for r in records if r.get("character")}
    seen: set[str] = set()
    traits: set[str] = set()
    for r in records:
        number, ctype = str(r.get("number")), _TYPES.get(str(r.get("type")).upper())
        alt = _ALTERNATE.match(number)
        if alt and alt[1] in numbers:
            skip("alternate_printing", number)
            continue
        if number in seen:
            skip("duplicate_number", number)
            continue
        if ctype is None:
            skip("unknown_type", number)
            continue
        sides = [False] + ([True] if ctype == "leader" and r.get("title_back") else [])
        out, why = [], ""
        for back in sides:
            rec, why = _record(r, ctype, characters, back)
            if rec is None:
                break
            out.append(rec)
        new_traits = traits.union(*(rec.get("traits", []) for rec in out))
        if len(out) != len(sides) or len(new_traits) > 31:
            skip(why or "too_many_special_traits", number)
            continue
        if len(out) == 2:
            out[0]["back"] = out[1]["number"]
        elif ctype == "leader":  # no back side: it cannot awaken
            out[0]["abilities"] = [a for a in out[0]["abilities"] if a["kind"] != "awaken"]
            out[0]["uncompiled"] += [ln for ln in out[0]["text"].splitlines() if ln.startswith("[Awaken]")]
        try:
            models = [DbscgCard.model_validate(rec).with_file(path.name) for rec in out]
        except ValidationError as exc:
            skip("invalid", number)
            field, reason = validation_problem(exc)
            errors.append(f"{number}: field {field!r}: {reason}")
            continue
        cards += models
        seen.add(number)
        traits = new_traits
    return ImportResult(cards, file=path.name, total=len(records), skipped=skip, errors=errors)
