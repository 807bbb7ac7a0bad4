"""Import real Force of Will card lists (JSON) as :class:`FowCard` models.

Two layouts are recognised (by their shape):

* ``"fow-sim"``: ``{"fow": {"clusters": [{"sets": [{"cards": [...]}]}]}}``, each card
  ``{id, name, type: [..], race: [..], cost: "{W}{1}", colour: ["W", ..], ATK, DEF,
  abilities: [str], divinity, ...}`` (a J-ruler is the card ``<ruler id>J``).
* ``"carddb"``: an object ``{id: {name, text, id, atk, def, type, cost: ["Water", "Void"], att,
  subtype, keywords, produce, isBasic, alternative_face, ...}}``; ``text`` marks keywords with
  ``[b]...[/b]`` and will symbols with ``[icon={U}]``. Most records of this file carry no type
  and no cost: they are skipped (``no_type``).

The printed characteristics are imported: type, name, cost, attributes, ATK/DEF, races, a
magic stone's basic flag, a ruler's J-ruler side, a rune's divinity, master and chant
types, [Grimoire], [Incarnation] and [Stealth] (a condition one of a few templates). Every ability
line is compiled by the card-text compiler (``card_text.py`` / ``card_text.lark``: keywords,
[Mana], [Divinity], [Judgment], [Awakening], [God's Art], automatic, activate, will and
continuous abilities, a chant's or rune's effect, a stone's will), then the pool compiler's own
checks run on every imported card (a line whose ability it refuses is made unsupported). A line
that does not compile is kept in the card's ``uncompiled`` (the card plays without it), one
compiled with an approximation in ``approximate``; ``text_records`` holds every record of a played
type, skipped ones included, for the coverage report (``ImportResult.report``). A chant or a rune
is nothing but its effect: one whose effect does not compile is skipped, as are [Trigger] chants
and the types this project does not play (sub-rulers, orders, extension rules). Everything skipped
is counted by reason in :attr:`ImportResult.skipped`. No card data is copied into this repository.

Importing this module does no numba work (the card schema only).
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tcg_env.cards.base import validation_problem
from tcg_env.cards.errors import CardDataError
from tcg_env.cards.importers import ImportResult as BaseImportResult
from tcg_env.cards.importers import Skipped
from tcg_env.cards.text import LineResult, TextRecord, Verdict
from tcg_env.games.force_of_will.card_text import APPROXIMATIONS, COMPILER
from tcg_env.games.force_of_will.cards import FowCard, parse_will_cost
from tcg_env.games.force_of_will import constants as K

__all__ = ["ImportResult", "import_force_of_will_json", "detect_layout", "raw_layout"]

_COLOURS = {"W": "light", "R": "fire", "U": "water", "G": "wind", "B": "darkness"}
_SYMBOL = {v: k for k, v in _COLOURS.items()}
_KEYWORDS = {
    "pierce": "pierce", "precision": "precision", "first strike": "first_strike", "explode": "explode",
    "flying": "flying", "swiftness": "swiftness", "imperishable": "imperishable", "quickcast": "quickcast",
    "barrier": "barrier", "drain": "drain", "eternal": "eternal", "bane": "bane", "bloodlust": "bloodlust",
}  # fmt: skip
_PAID = ("resonator", "chant", "addition", "regalia", "rune")
_REMINDER = re.compile(r"\([^)]*\)")


class ImportResult(BaseImportResult):
    """The imported cards (a list of FowCard) plus what was skipped and why."""

    def __init__(self, cards: list[FowCard], *, layout: str, effects_compiled: int, text_only: int, **common):
        super().__init__(cards, **common)
        self.layout = layout
        self.effects_compiled = effects_compiled  # chants and runes whose effect the card-text compiler compiled
        self.text_only = text_only  # imported cards with lines of ability text that are not compiled

    def summary(self) -> str:
        return (f"{self.file} ({self.layout}): {self.total} records, imported {len(self)}, {self.skipped_text()}"
                f", {self.effects_compiled} chants and runes with a compiled effect, {self.text_only} cards"
                " imported with lines not compiled")  # fmt: skip


# --------------------------------------------------------------------------------------------
# Layouts
# --------------------------------------------------------------------------------------------
def _fow_sim_records(data: Any) -> list[dict] | None:
    fow = data.get("fow") if isinstance(data, dict) else None
    if not isinstance(fow, dict) or not isinstance(fow.get("clusters"), list):
        return None
    out: list[dict] = []
    for cl in fow["clusters"]:
        for st in (cl.get("sets") or []) if isinstance(cl, dict) else []:
            if isinstance(st, dict) and isinstance(st.get("cards"), list):
                code = str(st.get("code") or "")
                out.extend({**c, "_set": code} if isinstance(c, dict) else c for c in st["cards"])
    return out


def detect_layout(data: Any) -> str:
    """``"fow-sim"`` or ``"carddb"`` (see the module doc); a CardDataError for anything else."""
    if _fow_sim_records(data) is not None:
        return "fow-sim"
    if isinstance(data, dict) and data:
        first = next(iter(data.values()))
        if isinstance(first, dict) and {"name", "id"} <= set(first) and ("text" in first or "atk" in first):
            return "carddb"
    keys = sorted(data)[:8] if isinstance(data, dict) else type(data).__name__
    raise CardDataError(f"unrecognised Force of Will card list layout (top level: {keys})")


def raw_layout(records: Any) -> str | None:
    """The layout of a raw Force of Will card list, None for anything else (``GameSpec.raw_layout``)."""
    try:
        return detect_layout(records)
    except CardDataError:
        return None


# --------------------------------------------------------------------------------------------
# Text
# --------------------------------------------------------------------------------------------
def _clean(text: str) -> str:
    text = re.sub(r"\[b\](.*?)\[/b\]", r"[\1]", text)
    text = re.sub(r"\[icon=(\{[^}]*\})\]", r"\1", text)
    return " ".join(text.replace("⇒", "=>").split())


_OPTION_HEAD = re.compile(r"(?:[;:]|\s[-\u2013]|choose one-)$", re.I)  # "... Choose one;" / "... gains the following abilities;": its options follow
_OPTION_LINE = re.compile(r"^[-\u2013]\s*")  # "- <option>" (a hyphen or an en dash)


def _join_options(lines: list[str]) -> list[str]:
    """A choice's options printed as lines of their own ("[Enter] >>> Choose one;" then "- A." and "- B.", CR
    903.2e) joined to the line that announces them ("[Enter] >>> Choose one; - A. - B."): the lines of "- "
    right after a line ending with ";", ":" or " -" are its options. Some lists print a card's options before that line:
    on a card with exactly one such line, one block of options before it (and none after) is its."""
    if not any(_OPTION_LINE.match(ln) or ln.endswith("-") for ln in lines):
        return lines

    def opt(ln: str) -> str:
        ln = "- " + _OPTION_LINE.sub("", ln)
        return ln if ln[-1:] in ".\")" else ln + "."

    heads = [i for i, ln in enumerate(lines) if _OPTION_HEAD.search(ln) and not _OPTION_LINE.match(ln)]
    if len(heads) == 1:
        h = heads[0]
        before = [i for i, ln in enumerate(lines[:h]) if _OPTION_LINE.match(ln)]
        if before and before == list(range(before[0], before[-1] + 1)) and \
                not any(_OPTION_LINE.match(ln) for ln in lines[h + 1:]):
            joined = lines[h] + " " + " ".join(opt(lines[i]) for i in before)
            return [joined if i == h else ln for i, ln in enumerate(lines) if i not in before]
    out: list[str] = []
    open_head = False  # the last line out announces options (and may have some joined already)
    dash_more = False  # "Choose one ... -" then "A;" and "or B." printed as lines without dashes: more to join
    for ln in lines:
        if _OPTION_LINE.match(ln) and open_head:
            out[-1] = out[-1] + " " + opt(ln)
            continue
        if dash_more and (out[-1].endswith("-") or out[-1].endswith(";") or ln.startswith("or ")):
            prev = out[-1][:-1] + ";" if ln.startswith("or ") and out[-1].endswith(".") else out[-1]
            out[-1] = prev + " " + ln  # "A." then "or B.": "A; or B." (the modes' separator)
            continue
        open_head = bool(_OPTION_HEAD.search(ln)) and not _OPTION_LINE.match(ln)
        dash_more = open_head and ln.endswith("-") and "choose " in ln.lower()
        out.append(ln)
    return out


def _entry_lines(entry: str) -> list[str]:
    """A fow-sim ability entry as lines: one, except a "[Force Resonance] <X>" entry that prints its gained text below the
    header in the same entry (its lines apart: each is an ability under the header's condition, importer._to_model; a
    line "- ..." stays with the line above it, a mode of its choice)."""
    if not entry.lstrip().startswith("[Force Resonance]") or "\n" not in entry.strip():
        return [entry]
    out: list[str] = []
    for ln in entry.strip().split("\n"):
        if out and ln.lstrip().startswith("-"):
            out[-1] += " " + ln
        elif ln.strip():
            out.append(ln)
    return out


def _symbols_cost(text: str) -> str | None:
    """``"{B}{B}{3}"`` from a line's leading will symbols (spaces and commas between them)."""
    syms = re.findall(r"\{([WRUGB]|\d{1,2})\}", text)
    return "".join("{" + s + "}" for s in syms) or None


_STEALTH_TEMPLATES: list[tuple[re.Pattern, Any]] = [
    (re.compile(r"^when a j/resonator your opponent controls attacks\.?$"),
     lambda m: {"trigger": "opponent_attacks"}),
    (re.compile(r"^your life is (\d+) or less\.?$"),
     lambda m: {"condition": {"kind": "life_at_most", "value": int(m[1])}}),
    (re.compile(r"^you control (\w+) or more magic stones\.?$"),
     lambda m: {"condition": {"kind": "stones_at_least", "value": _COUNT.get(m[1], 0)}} if m[1] in _COUNT else None),
]  # fmt: skip
_COUNT = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


def _stealth_condition(text: str) -> dict | None:
    """A [Stealth] condition (CR 1114.2) that one of a few templates reads, else None."""
    line = text.strip().lower()
    for pat, make in _STEALTH_TEMPLATES:
        m = pat.match(line)
        if m:
            return make(m)
    return None


# --------------------------------------------------------------------------------------------
# Normalising one record of either layout
# --------------------------------------------------------------------------------------------
def _type_of(types: list[str]) -> tuple[str | None, str]:
    """(card type of this project or None, the reason word when None) from printed type words."""
    words = [t.strip() for t in types if isinstance(t, str)]
    low = [w.lower() for w in words]
    if any("rune" in w for w in low):
        return "rune", ""  # a (master) rune, a chant/rune (CR 201.2c-i, 201.3c)
    if any("magic stone" in w for w in low):
        return "magic_stone", ""
    for w in low:
        if w in ("ruler", "basic ruler"):
            return "ruler", ""
        if w in ("j-ruler", "basic j-ruler"):
            return "j_ruler", ""
        if w.startswith("resonator"):
            return "resonator", ""
        if w.startswith("addition"):
            return "addition", ""
        if w == "regalia":
            return "regalia", ""
        if w in ("chant", "spell:chant", "spell:chant-instant"):
            return "chant", ""
        if w == "spell:chant-standby":
            return None, "trigger_chant"
    return None, (low[0].replace(" ", "_") if low else "no_type")


def _addition_target(types: list[str], text: str) -> str:
    joined = " ".join(types).lower()
    if joined.strip() == "addition":
        # a new addition has no subtype (CR 1406.1: the old ones have): it needs no target by rule (CR 1406.2a), only
        # where its text says so ("As you play this card, target a J/resonator ... added to the chosen target");
        # "added J/resonator" elsewhere ("Whenever an addition is added to a J/resonator ... That added J/resonator")
        # names another addition's card
        m = re.search(r"as you play this card, target an? (?:[\w ]*?)(j/resonator|resonator)\b", text.lower())
        return "field" if m is None else ("j_resonator" if m[1] == "j/resonator" else "resonator")
    if "j/resonator" in joined or "added j/resonator" in text.lower():
        return "j_resonator"
    if "resonator" in joined or "added resonator" in text.lower():
        return "resonator"
    return "field"


def _int_stat(v: Any) -> int | None:
    if v is None or v == "":
        return 0
    if isinstance(v, bool) or not isinstance(v, int):
        return None
    return v


def _set_of(number: Any) -> str:
    """The set code of a card number ("CMF-092" -> "CMF")."""
    return str(number or "").split("-")[0].strip() or "?"


def _normalise(layout: str, rec: dict) -> dict:
    """The printed characteristics of one record in one shape (both layouts)."""
    if layout == "fow-sim":
        types = [str(t) for t in rec.get("type") or []]
        cost = rec.get("cost")
        colours = [str(c) for c in rec.get("colour") or []]
        attrs = [_COLOURS[c] for c in colours if c in _COLOURS]
        lines = _join_options([_clean(ln) for a in rec.get("abilities") or [] for ln in _entry_lines(str(a))
                               if ln.strip()])
        return {
            "number": str(rec.get("id") or "").strip(), "name": str(rec.get("name") or "").strip(),
            "set": str(rec.get("_set") or _set_of(rec.get("id"))), "types": types, "cost": cost if isinstance(cost, str) and cost else None,
            "attrs": attrs, "atk": rec.get("ATK"), "def": rec.get("DEF"),
            "races": [str(r) for r in rec.get("race") or [] if str(r).strip()],
            "lines": lines, "extra_keywords": [], "j_side": None, "produce": None,
            "basic": any(t == "Basic Magic Stone" for t in types), "instant": "Spell:Chant-Instant" in types,
            "divinity": rec.get("divinity"),
        }  # fmt: skip
    t = rec.get("type")
    types = [str(x) for x in (t if isinstance(t, list) else [t] if t else [])]
    cost_words = rec.get("cost") if isinstance(rec.get("cost"), list) else []
    cost = "".join("{" + _SYMBOL.get(str(w).lower(), "1") + "}" for w in cost_words if str(w).lower() in _SYMBOL)
    free = sum(1 for w in cost_words if str(w).lower() == "void")
    cost += "{%d}" % free if free else ""
    att = rec.get("att")
    att_list = [str(a).lower() for a in (att if isinstance(att, list) else [att] if att else [])]
    attrs = [a for a in att_list if a in _SYMBOL] or [str(w).lower() for w in cost_words if str(w).lower() in _SYMBOL]
    lines = _join_options([_clean(ln) for ln in str(rec.get("text") or "").split("\n") if ln.strip()])
    sub = str(rec.get("subtype") or "").strip()
    produce = rec.get("produce")
    return {
        "number": str(rec.get("id") or "").strip(), "name": str(rec.get("name") or "").strip(),
        "set": _set_of(rec.get("id")), "types": types, "cost": (cost or "{0}") if cost_words else None, "attrs": list(dict.fromkeys(attrs)),
        "atk": rec.get("atk"), "def": rec.get("def"), "races": [r.strip() for r in sub.split("/") if r.strip()],
        "lines": lines, "extra_keywords": [str(k).lower() for k in rec.get("keywords") or []],
        "j_side": rec.get("alternative_face"), "produce": [str(produce).lower()] if produce else None,
        "basic": bool(rec.get("isBasic")), "instant": False, "divinity": rec.get("divinity"),
    }  # fmt: skip


_DESPAIR = "-despair"  # the number of an Inverse card's despair side: its hope side's with this suffix (CR 1302.3)
_STONE_TYPE = re.compile(r"(Light|Fire|Water|Wind|Darkness) Magic Stone", re.I)  # a magic stone type (CR 201.4a)


def _card_context(n: dict, ctype: str) -> dict:
    """What a line's compilation reads of its card (card_text.FowTextCompiler.context_key) and the
    race names of the list (``races``: read as races where the text names them)."""
    ctx = {"type": ctype, "name": n["name"], "x": "{X}" in str(n["cost"] or ""), "races": n.get("_races", frozenset())}
    if ctype == "addition":
        ctx["addition"] = _addition_target(n["types"], "\n".join(n["lines"]))
    if ctype == "ruler":
        # session 33 (s33a): a ruler with a [Judgment] line ("this ability" of a line of its own is that [Judgment]'s)
        ctx["judgment_line"] = any(str(ln).strip().lower().startswith("[judgment]") for ln in n["lines"])
    return ctx


def _field_line(ln: str, ctype: str, rec: dict) -> bool | None:
    """The lines that set a card field by their bracketed word ([Incarnation], [Grimoire],
    [Stealth]): True when read (the field set), False when the word is there but its text is not
    understood, None for any other line."""
    m = re.match(r"^\[Incarnation\]\s*(.*)$", ln)
    if m and ctype == "resonator":
        parts = [p.strip() for p in _REMINDER.sub("", m[1]).split(",") if p.strip()]
        sets = [frozenset(re.findall(r"\{([WRUGB])\}", p)) for p in parts]
        if sets and all(s and s == sets[0] for s in sets) and len(sets) <= 3:
            rec["incarnation"] = {"attributes": [_COLOURS[c] for c in sorted(sets[0])], "count": len(sets)}
            return True
        return False
    m = re.match(r"^\[Grimoire\]\s*\((\d+)\)", ln)
    if m and ctype == "ruler":
        rec["grimoire"] = min(int(m[1]), 5)  # CR 1132.2 (at most five, CR 402.5a)
        return True
    m = re.match(r"^\[Stealth\]\s*(.*)$", ln)
    if m and ctype == "resonator":
        stealth = _stealth_condition(_REMINDER.sub("", m[1]).strip())
        if stealth is None:
            return False
        rec["stealth"] = stealth
        return True
    return None


def _to_model(n: dict, ctype: str) -> tuple[dict | None, str, list[LineResult]]:
    """(card record for FowCard or None, the skip reason when None, how each line compiled).

    Every ability line goes through the card-text compiler (card_text.py); a line it compiles sets
    card fields (keywords, [Mana], [Judgment], a chant's effect, a stone's will ...) or adds
    abilities; a line it does not is kept in ``uncompiled`` (the card plays without it). A chant or
    rune is nothing but its effect: without a compiled effect it is skipped."""
    lines = list(n["lines"])
    rec: dict[str, Any] = {"number": n["number"], "name": n["name"][:80], "type": ctype, "text": "\n".join(lines)}
    if ctype not in ("magic_stone",):
        rec["attribute"] = n["attrs"] or ["void"]
    if ctype == "addition":
        rec["addition"] = _addition_target(n["types"], rec["text"])
    ctx = _card_context(n, ctype)
    results: list[LineResult] = []
    keywords: list[str] = []
    abilities: list[dict] = []
    resonance = None  # the tag of a "[Force Resonance] <X>" line above: the text that follows is gained under it
    gated: list[tuple[int, list[dict]]] = []  # a chant's [Force Resonance] effect lines (their result, IF and ops)
    for ln in lines:
        field = _field_line(ln, ctype, rec)
        if field is not None:
            results.append(LineResult(ln, Verdict.EXACT) if field else
                           LineResult.unsupported(ln, "a condition or cost of this keyword that is not understood"))
            continue
        m = _FORCE_COMMAND.match(ln)
        if m:
            # "[Force Command] <X>" (session 24): the tag, read by [Force Resonance] <X> (Condition.FORCE_COMMAND)
            tag = m[1].strip().lower()
            if tag not in K.FORCE_COMMANDS or m[2].strip():
                results.append(LineResult.unsupported(ln, f"[Force Command] <{m[1]}>: an unknown tag or a text after it"))
            else:
                rec["force_command"] = [*rec.get("force_command", []), tag]
                results.append(LineResult(ln, Verdict.EXACT))
            continue
        m = _FORCE_RESONANCE.match(ln)
        text = ln
        if m:
            # "[Force Resonance] <X> (This card gains the following text in all zones as long as you control [Force
            # Command] <X>.)": the text after it on its line and the lines below (session 24)
            resonance = m[1].strip().lower()
            if resonance not in K.FORCE_COMMANDS:
                resonance = "?"
            text = m[2].strip()
            if not text:
                results.append(LineResult(ln, Verdict.EXACT) if resonance != "?" else
                               LineResult.unsupported(ln, f"[Force Resonance] <{m[1]}>: an unknown tag"))
                continue
        res = COMPILER.compile_line(text, ctx)
        if res.compiled and resonance is not None:
            res = _force_resonance(res, resonance, ctype)
            res.line = ln
            if "_resonance_effect" in res.fields:
                gated.append((len(results), res.fields["_resonance_effect"]))
                res.fields = {}
        elif text is not ln:
            res = LineResult(ln, res.verdict, res.abilities, res.fields, res.approximations, res.reason)
        if res.compiled:
            why = _apply(res, rec, keywords, abilities, len(results))
            if why:
                res = LineResult.unsupported(ln, why)
        results.append(res)
    _abilities_condition(rec, results, abilities)
    awake = rec.pop("_awakened_effect", None)
    if awake is not None:
        # a chant's "[Awakening] <cost>: <text>" (card_text.awakening_text): the text after the chant's own effect
        merged = _merge_effects(rec["effect"], awake) if "effect" in rec else None
        if merged is None:
            i = next(k for k, r in enumerate(results) if r.compiled and "_awakened_effect" in r.fields)
            results[i] = LineResult.unsupported(results[i].line, "an [Awakening] text with more than two selections "
                                                                  "with the chant's effect, or with no effect compiled")
            rec.pop("awakening", None)
        else:
            rec["effect"] = merged
    for i, ops in gated:
        # a chant's [Force Resonance] text (_force_resonance): after the chant's own effect, under its condition (its
        # registers after the effect's; it has no target, so the IF and its ops stay together)
        merged = _merge_effects(rec.get("effect", []), ops)
        if merged is None:
            results[i] = LineResult.unsupported(results[i].line, "a [Force Resonance] text past the two registers")
        else:
            rec["effect"] = merged
    torrent = rec.pop("_torrent_effect", None)
    if torrent is not None:
        # a chant's "[Torrent] <text>" (card_text.torrent_text; no selection of its own): after the chant's own effect
        rec["effect"] = [dict(op) for op in rec.get("effect", [])] + torrent
    if any(op.get("op") == "cost_reduction" for ab in abilities for op in ab.get("effect", [])):
        # [Remnant] (CR 1115.2), "you may play this card from your removed area" and [Dive] play the card from another
        # zone than the hand; its own cost reductions are compiled for the hand (filter zone hand): not both
        for i, r in enumerate(results):
            if r.compiled and (r.fields.get("remnant") or r.fields.get("from_removed") or any(
                    (ab.get("cost") or {}).get("dive") for ab in r.abilities)):
                results[i] = LineResult.unsupported(r.line, "playing from another zone than the hand on a card with its "
                                                            "own cost reduction")
                rec.pop("remnant", None)
                rec.pop("from_removed", None)
                abilities[:] = [ab for ab in abilities if not (ab.get("cost") or {}).get("dive")]
    keywords += [_KEYWORDS[k] for k in n["extra_keywords"] if k in _KEYWORDS and _keyword_allowed(_KEYWORDS[k], ctype)]
    rec["keywords"] = list(dict.fromkeys(keywords))
    if abilities:
        rec["abilities"] = abilities
    if n["instant"] and ctype == "chant" and "quickcast" not in rec["keywords"]:
        rec["keywords"].append("quickcast")  # "Chant-Instant": the old name of [Quickcast] chants
    if ctype in _PAID:
        if n["cost"] is None:
            return None, "no_cost", results
        if not re.fullmatch(r"(\{([WRUGB]|\d{1,2}|X)\})*", n["cost"]) or not _cost_ok(n["cost"]):
            return None, "unsupported_cost", results  # unknown symbols; X with a number (CR 203.5b: one X)
        rec["cost"] = n["cost"]
    if ctype in ("resonator", "j_ruler"):
        atk, dfn = _int_stat(n["atk"]), _int_stat(n["def"])
        if atk is None or dfn is None or atk % 100 or dfn % 100 or not 0 <= atk <= 20000 or not 0 < dfn <= 20000:
            return None, "no_atk_def", results
        rec["atk"], rec["defense"] = atk, dfn
    if ctype != "magic_stone" and n["races"]:
        rec["races"] = [r[:40] for r in n["races"][:2]]
    if ctype == "magic_stone":
        will = n["produce"] or rec.pop("will", None)
        will = [w for w in (will or []) if w in _SYMBOL or w in ("void", "moon")]  # {1}: a void will (CR 907); {M} moon (907.6a)
        if any(ab.get("kind") == "will" for ab in abilities) and (not will or len(will) > 2):
            will = []  # its will is a will ability's ("... of any attribute shared with your J/ruler": cards.py)
        elif not will or len(will) > 2:
            return None, "stone_will_not_understood", results
        rec["will"] = list(dict.fromkeys(will))
        rec["basic"] = bool(n["basic"]) and len(rec["will"]) == 1
        # CR 201.4: the magic stone types its type line prints ("Fire Magic Stone"; "Magic Stone of Flame" prints it)
        printed = [m.group(1).lower() for t in n["types"] if (m := _STONE_TYPE.fullmatch(str(t).strip()))]
        if printed:
            rec["stone_types"] = list(dict.fromkeys([*rec.get("stone_types", []), *printed]))
    if ctype == "rune":
        words = " ".join(n["types"]).lower()
        rec["master"] = "master" in words  # CR 201.3c
        rec["chant_rune"] = "chant" in words  # CR 201.2c-i
        div = n["divinity"]
        if isinstance(div, str) and div.strip().isdigit():
            div = int(div)
        if isinstance(div, bool) or not isinstance(div, int) or not 1 <= div <= 20:
            return None, "rune_divinity_not_understood", results
        rec["divinity"] = div
    if "effect" in rec:
        _additional_cost(rec)
    if ctype in ("chant", "rune") and "effect" not in rec:
        return None, f"{ctype}_effect_not_understood", results
    _finish(rec, results)
    return rec, "", results


def _abilities_condition(rec: dict, results: list[LineResult], abilities: list[dict]) -> None:
    """"Play this card or its abilities only if <condition>." (session 24, card_text.play_or_abilities_only_if): the
    condition on each ability the card plays - activate and will abilities (CR 905, 907: checked as they are offered,
    play.ability_usable) and automatic ones (CR 906.5: played in the priority sequence; the engine checks an automatic
    ability's condition as it triggers, triggers.py: approximate, play_only_if_at_trigger). An ability with a condition
    of its own (a granted text's) makes the line unsupported (one condition an ability)."""
    cond = rec.pop("_abilities_condition", None)
    if cond is None:
        return
    i = next(k for k, r in enumerate(results) if r.compiled and "_abilities_condition" in r.fields)
    played = [ab for ab in abilities if ab.get("kind") in ("activate", "will", "automatic")]
    if any(ab.get("condition") is not None and ab["condition"] != cond for ab in played):
        results[i] = LineResult.unsupported(results[i].line, "'play this card or its abilities only if' on a card "
                                                             "with an ability that has a condition of its own")
        rec.pop("play_condition", None)
        return
    for ab in played:
        ab["condition"] = cond
    if any(ab["kind"] == "automatic" for ab in played):
        r = results[i]
        results[i] = LineResult(r.line, Verdict.APPROXIMATE, r.abilities, r.fields,
                                tuple(dict.fromkeys((*r.approximations, "play_only_if_at_trigger"))), r.reason)


def _rested_name(r: LineResult) -> str | None:
    """The card name a compiled line rests as a cost: [Mastery] "<name>", "rest a recovered card named "<name>" you
    control" in an ability's or an [Awakening] cost (session 24)."""
    if "mastery" in r.fields:
        return r.fields["mastery"]["name"]
    if isinstance(r.fields.get("awakening"), dict) and r.fields["awakening"].get("rest_named"):
        return r.fields["awakening"]["rest_named"]
    return next(((ab.get("cost") or {}).get("rest_named") for ab in r.abilities
                 if (ab.get("cost") or {}).get("rest_named")), None)


def _mastery_verdicts(pending: list[tuple[str, dict]], lines_of: dict[str, list[LineResult]]) -> None:
    """[Mastery] "<name>" and "rest a recovered card named "<name>" you control" (session 24): exact where every card of
    the list with that name is a J/ruler (a player controls one, so the card to rest is never a choice); else
    approximate, mastery_rests_first (play.mastery_slot rests its J/ruler, else the first recovered card of its field
    with that name, not the player's choice)."""
    kinds: dict[str, set[str]] = {}
    for _, rec in pending:
        for nm in (rec["name"], rec.get("also_named")):
            if nm:
                kinds.setdefault(nm, set()).add(rec["type"])
    for number, rec in pending:
        results = lines_of[number]
        changed = False
        for i, r in enumerate(results):
            name = _rested_name(r) if r.compiled else None
            if name is not None and not kinds.get(name, set()) <= {"ruler", "j_ruler"}:
                results[i] = LineResult(r.line, Verdict.APPROXIMATE, r.abilities, r.fields,
                                        tuple(dict.fromkeys((*r.approximations, "mastery_rests_first"))), r.reason)
                changed = True
        if changed:
            _finish(rec, results)


_FORCE_COMMAND = re.compile(r"^\[Force Command\]\s*<([^<>]+)>\s*(?:\((?:[^()]|\([^()]*\))*\))?\s*(.*)$", re.I)
_FORCE_RESONANCE = re.compile(r"^\[Force Resonance\]\s*<([^<>]+)>\s*(?:\((?:[^()]|\([^()]*\))*\))?\s*(.*)$", re.I)
_GATED_OPS_REFUSED = ("choose", "select_mode")


def _force_resonance(res: LineResult, tag: str, ctype: str) -> LineResult:
    """A line of "[Force Resonance] <X>" text (session 24; not in CR 8.01, read by its reminder: "This card gains the
    following text in all zones as long as you control [Force Command] <X>."): its abilities under the condition
    force_command X (Condition.FORCE_COMMAND: checked where each is read, as any ability's condition: a continuous
    ability's, a cost reduction's in the hand, a trigger's, an activate or will ability's as it is played); a chant's
    effect under an IF of it, after the chant's own effect (read as the chant resolves). A card field (a keyword, a
    play permission) or an ability with a condition of its own is unsupported, and so is a target or a choice of modes
    in a chant's gained text (chosen as it is played, CR 903.2e, 903.2g: not made without the text)."""
    if tag == "?":
        return LineResult.unsupported(res.line, "[Force Resonance] of an unknown tag")
    cond = {"kind": "force_command", "value": tag}
    fields = copy.deepcopy(res.fields)
    abilities = copy.deepcopy(res.abilities)
    out: dict[str, Any] = {}
    for k, v in fields.items():
        if k == "effect" and ctype in ("chant", "rune"):
            if any(op["op"] in _GATED_OPS_REFUSED for op in v) or "instead" in res.line.lower():
                return LineResult.unsupported(res.line, "a target, a choice of modes or 'instead' in a chant's "
                                                        "[Force Resonance] text")
            out["_resonance_effect"] = [{"op": "if", "condition": cond, "skip": len(v)}, *v]
            continue
        if k == "will" and ctype == "magic_stone":
            # a magic stone's "{Rest}: Produce <will>." gained: its will abilities (one per choice, as any card's), not
            # its unconditional will field
            abilities += [{"kind": "will", "cost": {"rest": True}, "effect": [{"op": "produce_will", "will": w}]}
                          for w in v]
            continue
        if k == "keywords" and v == ["quickcast"] and ctype in ("resonator", "chant", "addition", "regalia"):
            # "[Quickcast]" gained: "This card gains [Quickcast] in all zones as long as ..." (the card's own aura of the
            # hand, play.hand_quickcast; card_text.self_quickcast)
            abilities.append({"kind": "continuous", "effect": [
                {"op": "aura_keyword", "keywords": ["quickcast"], "filter": {"self_only": True, "zone": "hand"}}]})
            continue
        return LineResult.unsupported(res.line, f"a [Force Resonance] text that sets the card field {k}")
    for ab in abilities:
        if ab.get("condition") is not None or ab.get("kind") not in ("continuous", "automatic", "activate", "will"):
            return LineResult.unsupported(res.line, "a [Force Resonance] ability with a condition of its own")
        ab["condition"] = cond
    return LineResult(res.line, res.verdict, abilities, out, res.approximations, res.reason)


def _keyword_allowed(kw: str, ctype: str) -> bool:
    """Whether a card of type ``ctype`` may have keyword ``kw`` here (cards.py's checks): the battle
    keywords on J/resonators, [Eternal] and [Barrier] on any entity, [Quickcast] on what is played
    from the hand."""
    if kw == "quickcast":
        return ctype in _PAID
    return ctype in ("resonator", "j_ruler") or (kw in ("eternal", "barrier") and ctype in ("addition", "regalia", "magic_stone"))


def _apply(res: LineResult, rec: dict, keywords: list[str], abilities: list[dict], i: int) -> str:
    """Put a compiled line into the card record; the reason it cannot be (or "")."""
    fields = dict(res.fields)
    if "effect" in fields and "effect" in rec:
        # a chant's effect printed over several lines: one program, the targets first (CR 903.2g)
        merged = _merge_effects(rec["effect"], fields["effect"])
        if merged is None:
            return "a chant's effect over several lines naming more than two selections"
        rec["effect"] = merged
        del fields["effect"]
        res = LineResult(res.line, res.verdict, res.abilities, fields, res.approximations, res.reason)
    for k, v in fields.items():
        if k == "keywords":
            continue
        if k == "barrier_from" and k in rec:
            # two "[Barrier] <information>" lines: either information keeps the card from being targeted (CR 1120.3)
            old = rec[k]
            if "cost_max" in old and "cost_max" in v:
                return "a second [Barrier] (Total cost N or less) line"
            fields[k] = {**old, **v, **{key: list(dict.fromkeys(old.get(key, []) + v.get(key, [])))
                                        for key in ("attributes", "types") if key in old or key in v}}
            continue
        if k in ("marks", "deck_forbids") and k in rec:
            fields[k] = list(dict.fromkeys(rec[k] + v))  # two mark lines, two deck rules: both (CR 402.8)
            continue
        if k in rec and not (k == "deck_forbids_stones" and rec[k] == v):
            return f"a second {k} line"
    if len(abilities) + len(res.abilities) > 8:
        return "more than eight abilities on one card"
    keywords += res.fields.get("keywords", [])
    rec.update({k: v for k, v in fields.items() if k != "keywords"})
    for ab in res.abilities:
        abilities.append({**ab, "_line": i})  # which line it came from (_engine_check); taken off before validation
    return ""


def _engine_check(cards: list[FowCard], lines_of: dict[str, list[LineResult]],
                  line_of_ability: dict[str, list[int]]) -> list[FowCard]:  # fmt: skip
    """What the pool compiler (cards.py) refuses of a compiled line - more activate abilities than a
    card has action slots, a program the kernels cannot run - is taken off its card and its line
    made unsupported with the compiler's reason; returns the cards that cannot stay (a chant whose
    effect is refused)."""
    from tcg_env.cards.errors import CardDataError as _Err
    from tcg_env.games.force_of_will.cards import _Compiler

    comp = _Compiler(list(cards))
    for c in cards:
        comp._intern(comp.name_ids, c.name)
        comp.intern_card(c)
        if c.type == "ruler" and c.j_ruler is not None:
            comp.j_owner[c.j_ruler] = c.number
    comp.index = {c.number: i for i, c in enumerate(cards)}
    drop: list[FowCard] = []
    for cid, c in enumerate(cards):
        for _ in range(10):
            comp._card = c
            try:
                comp.compile_card(cid, c)
                break
            except _Err as exc:
                fld = str(exc.field or "")
                m = re.match(r"abilities\[(\d+)\]", fld)
                if m is None and fld == "abilities" and c.abilities:
                    m_k = max(k for k, a in enumerate(c.abilities) if a.kind in ("activate", "will") or k == 0)
                elif m is not None:
                    m_k = int(m[1])
                else:
                    drop.append(c)
                    break
                i = line_of_ability[c.number][m_k]
                res = lines_of[c.number][i]
                lines_of[c.number][i] = LineResult.unsupported(res.line, f"the engine refuses it: {exc.reason}")
                for k in sorted((k for k, j in enumerate(line_of_ability[c.number]) if j == i), reverse=True):
                    del c.abilities[k]
                    del line_of_ability[c.number][k]
                if res.line.strip() not in c.uncompiled:
                    c.uncompiled.append(res.line.strip())
                c.approximate.pop(res.line.strip(), None)
        else:
            drop.append(c)
    return drop


def _energize_sides(cards: list[FowCard], lines_of: dict[str, list[LineResult]]) -> None:
    """[Energize] (CR 1119.2): the will coin is no part of the ruler, so its will ability (card_text.energize) is
    copied to the ruler's J-ruler side (the same once-per-game name, constants.ENERGIZE_ART: one coin whichever side
    is up); where the J-ruler side has no room for it (constants.ABILITIES_PER_CARD) the [Energize] line is made
    unsupported and its abilities taken off the ruler."""
    by_number = {c.number: c for c in cards}
    for c in cards:
        coin = [a for a in c.abilities if a.gods_art == K.ENERGIZE_ART]
        j = by_number.get(c.j_ruler) if c.type == "ruler" and c.j_ruler is not None else None
        if not coin or j is None:
            continue
        if sum(a.kind in ("activate", "will") for a in j.abilities) + len(coin) <= K.ABILITIES_PER_CARD:
            j.abilities.extend(a.model_copy() for a in coin)
            continue
        c.abilities[:] = [a for a in c.abilities if a.gods_art != K.ENERGIZE_ART]
        for i, r in enumerate(lines_of[c.number]):
            if r.compiled and any(a.get("gods_art") == K.ENERGIZE_ART for a in r.abilities):
                lines_of[c.number][i] = LineResult.unsupported(
                    r.line, "[Energize] with no room for the will coin's ability on the J-ruler side")
                if r.line.strip() not in c.uncompiled:
                    c.uncompiled.append(r.line.strip())


def _names_in(obj: Any) -> set[str]:
    if isinstance(obj, dict):
        out = {obj["name"]} if isinstance(obj.get("name"), str) and "op" not in obj else set()
        return out.union(*(_names_in(v) for v in obj.values()))
    if isinstance(obj, list):
        return set().union(*(_names_in(v) for v in obj))
    return set()


def _drop_unknown_names(rec: dict, results: list[LineResult], names: set[str]) -> bool:
    """Make the lines whose filters name a card missing from ``names`` unsupported and take what
    they compiled out of ``rec``; False when the card cannot stay (a chant without its effect)."""
    for i, r in enumerate(results):
        if not r.compiled:
            continue
        missing = _names_in([r.abilities, r.fields]) - names
        if not missing:
            continue
        results[i] = LineResult.unsupported(r.line, f"names a card not in the imported pool: {sorted(missing)[0]!r}")
        for ab in r.abilities:
            if ab in rec.get("abilities", []):
                rec["abilities"].remove(ab)
        for k in r.fields:
            if k != "keywords":
                rec.pop(k, None)
        if rec["type"] in ("chant", "rune") and "effect" in r.fields:
            return False
    if not rec.get("abilities"):
        rec.pop("abilities", None)
    _finish(rec, results)
    return True


def _token_cards(obj: Any, tokens: dict[str, dict]) -> None:
    """Each ``make_token`` op of ``obj`` (a card record's abilities / effect, the modes inside) names its token by
    number (``token``): the card of the token it describes (``_token``, card_text.make_token), one per kind, added to
    ``tokens`` (CR 1303.1a: the token has what its effect specifies; 1303.1d: a "<name> token" has that name)."""
    if isinstance(obj, dict):
        spec = obj.pop("_token", None) if obj.get("op") == "make_token" else None
        if spec is not None:
            key = json.dumps(spec, sort_keys=True)
            codes = "".join({"light": "W", "fire": "R", "water": "U", "wind": "G", "darkness": "B"}[a] for a in spec["attribute"])
            number = f"TKN-{spec['atk'] // 100}-{spec['defense'] // 100}-{codes or 'V'}-{hashlib.sha1(key.encode()).hexdigest()[:6]}"
            tokens.setdefault(number, {"number": number, "name": spec["races"][0], "type": "resonator",
                                       "token": True, **spec})
            obj["token"] = number
        for v in obj.values():
            _token_cards(v, tokens)
    elif isinstance(obj, list):
        for v in obj:
            _token_cards(v, tokens)


def _merge_effects(a: list[dict], b: list[dict]) -> list[dict] | None:
    """Two effect programs run one after the other as one: ``b``'s registers after ``a``'s, every
    ``choose`` first (targets are chosen as the card is played, CR 903.2g); None past two registers."""
    used = {op.get("reg", 0) for op in a if op["op"] in ("choose", "select_all", "target_self", "select_shared_name")}
    shift = len(used)
    b = [dict(op, reg=op.get("reg", 0) + shift) if "reg" in op or op["op"] in _REG_OPS or _reads_reg(op) else dict(op)
         for op in b]
    if any(op.get("reg", 0) >= 2 for op in b):
        return None
    ops = [dict(op) for op in a] + b
    out = [op for op in ops if op["op"] == "choose"] + [op for op in ops if op["op"] != "choose"]
    for op in out:
        if op.get("reg") == 0:
            del op["reg"]
    return out


def _reads_reg(op: dict) -> bool:
    """Session 29: the ops that read a register only in some of their forms (a SET_X of a target's ATK / DEF /
    controller, a discard that records its cards)."""
    if op["op"] == "set_x":
        return op["per"].get("count") in ("target_def", "target_atk", "target_controller")
    return op["op"] == "discard" and bool(op.get("record"))


# the ops acting on a target register (cards.py _ON_REGISTER and the targeting ops)
_REG_OPS = {"choose", "select_all", "target_self", "power", "power_x", "damage", "destroy", "rest", "recover", "return_to_hand",
            "remove", "cancel", "banish", "remove_from_battle", "gain_control", "to_deck_top", "to_deck_bottom", "grant_keyword", "restrict", "counter", "prevent",
            "shield_destroy", "prevent_from", "target_trigger", "grave_to_hand", "grave_to_field",
            "reveal_top", "if_cost", "if_it",
            "set_power", "select_shared_name", "removed_to_hand",
            "cancel_unless_pay", "cancel_ability", "reveal_from_hand"}  # fmt: skip (session 29: reveal_top, if_cost, if_it; s34a, s34b)
# (grave_to_hand / grave_to_field added in session 15: before, a graveyard line after another selection kept register
# 0, the other line's: cards._ON_REGISTER lists them)


def _additional_cost(rec: dict) -> None:
    """"As an additional cost to play this card, banish a <card>" (card_text.additional_cost: a choose marked
    ``_pay_cost``) merged into the chant's effect: the choose moved after the targets' (CR 903.2g, then 903.2j)
    and its register the card field ``play_cost``'s ``pay_reg``; an effect that is nothing but that choose (its
    effect line not compiled) is no effect (the chant is then skipped)."""
    ops = rec["effect"]
    paid = [op for op in ops if op.get("_pay_cost")]
    if not paid:
        return
    if len(paid) == len(ops):
        del rec["effect"]
        return
    (ch,) = paid
    rest = [op for op in ops if op is not ch]
    n = sum(op["op"] == "choose" for op in rest)
    ch = {k: v for k, v in ch.items() if k != "_pay_cost"} | {"how": ch["_pay_cost"]}
    rec["play_cost"] = rec.get("play_cost", {}) | {"pay_chosen": ch.pop("how")} | (
        {"pay_reg": ch["reg"]} if ch.get("reg") else {})  # (named counters to remove kept: card_text.additional_cost)
    rec["effect"] = rest[:n] + [ch] + rest[n:]


def _finish(rec: dict, results: list[LineResult]) -> None:
    """The card's text verdicts on the model: unsupported lines, approximate lines, text_compiled."""
    rec["uncompiled"] = [r.line for r in results if not r.compiled]
    rec["approximate"] = {r.line: list(r.approximations) for r in results if r.approximations}
    rec["text_compiled"] = True


def _cost_ok(cost: str) -> bool:
    try:
        parse_will_cost(cost)
    except ValueError:
        return False
    return True


def _judgment_cost(lines: list[str]) -> str | None:
    """The [Judgment] cost (CR 1125.2) that pairs a ruler with its J-ruler side: the will printed first on the line,
    with a reminder in parentheses or other sentences after it (what those sentences say is the line's own verdict:
    an unsupported line is not played, the cost is paid in full)."""
    for ln in lines:
        m = re.match(r"^\[(?:Judgment|J-Activate)\]\s*:?\s*(?:Pay\s*)?((?:\{(?:[WRUGB]|\d{1,2})\}\s*)+)"
                     r"(?:\.?\s*\([^()]*\)\.?|\.\s+\S.*)?\s*\.?\s*$", ln)
        if m:
            return _symbols_cost(m[1])
    return None


# --------------------------------------------------------------------------------------------
# Import
# --------------------------------------------------------------------------------------------
def import_force_of_will_json(path: str | Path) -> ImportResult:
    """Read a real Force of Will card list and return the cards this project can represent."""
    import json

    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CardDataError(f"cannot read JSON: {exc}", file=path.name) from exc
    try:
        layout = detect_layout(data)
    except CardDataError as exc:
        raise CardDataError(exc.reason, file=path.name) from None
    records = _fow_sim_records(data) if layout == "fow-sim" else list(data.values())

    skip = Skipped()
    norm: dict[str, dict] = {}
    kinds: dict[str, str] = {}
    standby: dict[str, dict] = {}
    for rec in records:
        if not isinstance(rec, dict):
            skip("invalid", "?")
            continue
        n = _normalise(layout, rec)
        number = n["number"]
        if number.endswith("^") and any(r.lower() == "inverse" for r in n["races"]):
            # the despair side of an Inverse card (CR 1302.3: Inverse among its races), "<number>^" in fow-sim lists
            number = n["number"] = number[:-1] + _DESPAIR
            if n["cost"] == "0":
                n["cost"] = "{0}"  # its printed cost 0 (CR 1302.3d: only the side up's information is used)
        if not number or not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_./\-]*", number) or len(number) > 32 or not n["name"]:
            skip("invalid_number_or_name", number or "?")
            continue
        if number in norm or number in skip.numbers.get("duplicate", ()):
            skip("duplicate", number)
            continue
        if not n["types"]:
            skip("no_type", number)
            continue
        ctype, why = _type_of(n["types"])
        if ctype is None:
            skip(why, number)
            if why == "trigger_chant":
                standby[number] = n
            continue
        norm[number] = n
        kinds[number] = ctype

    races = frozenset(r for n in norm.values() for r in n["races"][:2])
    for n in list(norm.values()) + list(standby.values()):
        n["_races"] = races
    # rulers and their J-ruler sides: ``<id>J`` or the record's alternative face (CR 705.3)
    j_of: dict[str, str] = {}
    for number, ctype in kinds.items():
        if ctype != "ruler":
            continue
        side = norm[number]["j_side"] or number + "J"
        judgment = _judgment_cost(norm[number]["lines"])
        if side in kinds and kinds[side] == "j_ruler" and side not in j_of.values() and judgment:
            j_of[number] = side

    cards: list[FowCard] = []
    errors: list[str] = []
    compiled = text_only = 0
    imported: set[str] = set()
    pending: list[tuple[str, dict]] = []
    lines_of: dict[str, list[LineResult]] = {}
    why_of: dict[str, str] = {}
    line_of_ability: dict[str, list[int]] = {}

    def skipped(reason: str, number: str) -> None:
        skip(reason, number)
        why_of[number] = reason

    for number, ctype in kinds.items():
        rec, why, results = _to_model(norm[number], ctype)
        lines_of[number] = results
        if ctype == "j_ruler" and number not in j_of.values():
            named = any(kinds[r] == "ruler" and (norm[r]["j_side"] or r + "J") == number for r in (number[:-1], number)
                        if r in kinds)  # fmt: skip
            skipped("judgment_not_understood" if named else "j_ruler_without_ruler", number)
            continue
        if rec is None:
            skipped(why, number)
            continue
        pending.append((number, rec))
        compiled += int("effect" in rec)
        text_only += int(bool(rec.get("uncompiled")))
    # a filter naming a card (``name``) needs that card in the pool (cards.py): lines naming a card
    # this list does not import are not compiled
    names = {rec["name"] for _, rec in pending} | {rec["also_named"] for _, rec in pending if rec.get("also_named")}
    kept: list[tuple[str, dict]] = []
    for number, rec in pending:
        if _drop_unknown_names(rec, lines_of[number], names):
            kept.append((number, rec))
        else:
            skipped(f"{rec['type']}_effect_not_understood", number)
    pending = kept
    _mastery_verdicts(pending, lines_of)
    tokens: dict[str, dict] = {}
    for _, rec in pending:
        _token_cards([rec.get("abilities"), rec.get("effect"), rec.get("awakening"), rec.get("trigger")], tokens)
    ok = {number for number, _ in pending}
    for number, rec in pending:
        rec.pop("judgment", None)  # the pairing below sets it
        cond = rec.pop("judgment_condition", None)
        if rec["type"] == "ruler" and j_of.get(number) in ok:
            rec["j_ruler"] = j_of[number]
            rec["judgment"] = _judgment_cost(norm[number]["lines"])
            if cond is not None:
                rec["judgment_condition"] = cond
        if rec["type"] == "j_ruler" and not any(j == number and r in ok for r, j in j_of.items()):
            skipped("j_ruler_without_ruler", number)
            continue
        line_of_ability[number] = [ab.pop("_line") for ab in rec.get("abilities", [])]
        try:
            cards.append(FowCard.model_validate(rec).with_file(path.name))
            imported.add(number)
        except ValidationError as exc:
            skipped("invalid", number)
            field, reason = validation_problem(exc, rec)
            errors.append(f"{number}: field {field!r}: {reason}")
    for number, rec in tokens.items():  # the tokens' cards (CR 1303): no printed card, no deck holds them
        cards.append(FowCard.model_validate(rec).with_file(path.name))
    # a ruler whose J side failed validation keeps its front only; a J side whose ruler failed goes
    for c in cards:
        if c.type == "ruler" and c.j_ruler is not None and c.j_ruler not in imported:
            c.j_ruler = None
            c.judgment = None
            c.judgment_condition = None
    # an Inverse card (CR 1302.3): the record "<number>^" (<number>-despair) is the despair side of card <number> (its
    # hope side), both
    # imported: "Invert this card" (Op.INVERT) turns it despair side up
    by_number = {c.number: c for c in cards}
    for c in cards:
        back = by_number.get(c.number + _DESPAIR)
        if back is not None and c.type not in ("ruler", "j_ruler") and back.type == c.type:
            c.inverse = back.number
    sides = {c.j_ruler for c in cards if c.type == "ruler"}
    for c in [c for c in cards if c.type == "j_ruler" and c.number not in sides]:
        cards.remove(c)
        skipped("j_ruler_without_ruler", c.number)
    for c in _engine_check(cards, lines_of, line_of_ability):
        cards.remove(c)
        skipped(f"{c.type}_effect_not_understood", c.number)
    _energize_sides(cards, lines_of)
    # a ruler's [Judgment] line does what it says only with its J-ruler side imported (CR 705.3)
    for c in cards:
        if c.type == "ruler" and c.j_ruler is None:
            for i, r in enumerate(lines_of[c.number]):
                if r.compiled and "judgment" in r.fields:
                    lines_of[c.number][i] = LineResult.unsupported(r.line, "no J-ruler side imported for [Judgment]")
                    if r.line.strip() not in c.uncompiled:
                        c.uncompiled.append(r.line.strip())
    records_out = [TextRecord(number, norm[number]["set"], lines_of[number], why_of.get(number), norm[number]["name"])
                   for number in kinds]  # fmt: skip
    for number, n in standby.items():  # [Trigger] chants (CR 1113): the engine plays them; this importer does not yet
        _, _, results = _to_model(n, "chant")
        records_out.append(TextRecord(number, n["set"], results, "trigger_chant", n["name"]))
    return ImportResult(cards, file=path.name, layout=layout, total=len(records), skipped=skip, errors=errors,
                        effects_compiled=compiled, text_only=text_only, text_records=records_out,
                        game="force_of_will", approximations=APPROXIMATIONS)  # fmt: skip

