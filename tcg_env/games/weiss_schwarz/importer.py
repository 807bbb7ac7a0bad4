"""Import real Weiss Schwarz card lists (JSON) as :class:`WSCard` models.

The layout is the English card database export: a list of
``{name, code, type, color, level, cost, power, soul, trigger: [..], attributes: [..],
ability: [str], side, expansion, ...}`` with ``"-"`` for the level/cost/power of climax and
events, and ability lines marked ``【AUTO】 【CONT】 【ACT】 【COUNTER】 【CXCOMBO】 《Trait》``.

The printed characteristics are imported as they are. Each ability line is matched against a fixed
set of templates (:data:`TEMPLATES`), one sentence shape each, that compile exactly into the
contract's opcodes; a line that matches no template is **not** guessed at: it is recorded in
:attr:`ImportResult.unsupported` (card number -> lines) and the card is imported without it
(``complete_only=True`` drops such cards instead). Trigger-icon reminder text (CR 2.12.3) is
recognised and ignored. Cards the engine cannot represent at all are skipped and counted by reason
in :attr:`ImportResult.skipped`:

* ``trigger_choice``: the CHOICE icon is not among the icons of CR 4.12.2;
* ``event_unsupported``: an event is only its effect, so one with any unsupported line is skipped;
* ``too_many_traits``, ``unknown_color``, ``unknown_type``, ``duplicate``, ``invalid``.

No card data is copied into this repository: the importer reads files the user supplies.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

from pydantic import ValidationError

from tcg_env.cards.base import validation_problem
from tcg_env.cards.errors import CardDataError
from tcg_env.cards.importers import ImportResult as BaseImportResult
from tcg_env.cards.importers import Skipped, read_card_list
from tcg_env.games.weiss_schwarz.cards import WSCard

__all__ = ["ImportResult", "import_ws_json", "parse_ability_line", "raw_layout", "TEMPLATES"]

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

    @property
    def complete(self) -> list[WSCard]:
        """The imported cards with every ability line compiled."""
        return [c for c in self if c.number not in self.unsupported]

    def summary(self) -> str:
        n_unsup = sum(len(v) for v in self.unsupported.values())
        return (f"{self.file}: {self.total} records, imported {len(self)} ({len(self.complete)} complete), "
                f"{self.skipped_text()}, ability lines compiled {self.parsed_lines}, unsupported {n_unsup}")


# --------------------------------------------------------------------------------------------
# Ability templates. The text is normalised first: 【X】 -> [X], 《T》 -> <<T>>, spaces collapsed.
# A builder gets the match and returns an ability dict (characters/climax) or, for an event line,
# ``("event", [ops])``; ``("backup", {...})`` sets the card's Backup; ``None`` = reminder text.
# --------------------------------------------------------------------------------------------
_T = r"(?:<<(?P<trait>[^>]+)>> )?"
_CHAR = {"type": "character"}


def _flt(m: re.Match, **kw: Any) -> dict[str, Any]:
    f = dict(_CHAR, **kw)
    if m.groupdict().get("trait"):
        f["trait"] = m.group("trait")
    return f


def _self_pump(trigger: str) -> Callable[[re.Match], dict]:
    return lambda m: {"kind": "auto", "trigger": trigger,
                      "effect": [{"op": "target_self"}, {"op": "power", "amount": int(m["p"])}]}  # fmt: skip


def _choose_pump(trigger: str) -> Callable[[re.Match], dict]:
    def build(m: re.Match) -> dict:
        f = _flt(m, relation="other") if m["other"] else _flt(m)
        return {"kind": "auto", "trigger": trigger,
                "effect": [{"op": "choose", "filter": f}, {"op": "power", "amount": int(m["p"])}]}  # fmt: skip

    return build


def _cont_all(m: re.Match) -> dict:
    f = _flt(m, relation="other") if m["other"] else _flt(m)
    eff = []
    if m["p"]:
        eff.append({"op": "aura_power", "amount": int(m["p"]), "filter": f})
    if m["s"]:
        eff.append({"op": "aura_soul", "amount": int(m["s"]), "filter": f})
    return {"kind": "cont", "effect": eff}


def _cont_self(m: re.Match) -> dict:
    ab: dict[str, Any] = {"kind": "cont",
                          "effect": [{"op": "aura_power", "amount": int(m["p"]), "filter": dict(_CHAR, relation="self")}]}  # fmt: skip
    if m["turn"]:
        ab["condition"] = {"kind": "opponents_turn" if "opponent" in m["turn"] else "your_turn"}
    return ab


def _per_other(m: re.Match) -> dict:
    counted = {"type": "character", "trait": m["trait"], "relation": "other"}
    return {"kind": "cont", "effect": [{"op": "aura_power_per", "amount": int(m["p"]),
                                        "filter": dict(_CHAR, relation="self"), "counted": counted}]}  # fmt: skip


def _if_others(m: re.Match) -> dict:
    return {"kind": "cont", "condition": {"kind": "trait_count_at_least", "trait": m["trait"], "value": int(m["n"])},
            "effect": [{"op": "aura_power", "amount": int(m["p"]), "filter": dict(_CHAR, relation="self")}]}  # fmt: skip


def _assist(m: re.Match) -> dict:
    return {"kind": "cont", "keyword": "assist",
            "effect": [{"op": "aura_power", "amount": int(m["p"]), "filter": _flt(m, relation="in_front")}]}  # fmt: skip


def _encore(m: re.Match) -> dict:
    cost: dict[str, Any] = {"discard": 1, "discard_filter": {"type": "character", "zone": "hand"}}
    if m["trait"]:
        cost["discard_filter"]["trait"] = m["trait"]
    return {"kind": "auto", "keyword": "encore", "trigger": "to_wr_from_stage_self", "optional": True,
            "cost": cost, "effect": [{"op": "encore_self"}]}  # fmt: skip


def _bond(m: re.Match) -> dict:
    cost = {"stock": int(m["stock"])} if m["stock"] else {"discard": 1}
    return {"kind": "auto", "keyword": "bond", "trigger": "played_self", "optional": True, "cost": cost,
            "effect": [{"op": "bond", "name": m["name"]}]}  # fmt: skip


def _brainstorm(m: re.Match) -> dict:
    return {"kind": "act", "keyword": "brainstorm", "cost": {"stock": int(m["stock"]), "rest_self": True},
            "effect": [{"op": "brainstorm", "count": int(m["n"])}, {"op": "draw", "count": "x", "up_to": True}]}  # fmt: skip


def _reverse_back(m: re.Match) -> dict:
    return {"kind": "auto", "trigger": "reversed_self", "optional": True,
            "condition": {"kind": "battle_opp_level_at_most", "value": int(m["lv"])},
            "effect": [{"op": "target_battle_opp"}, {"op": "reverse"}]}  # fmt: skip


def _another_trait_pump(m: re.Match) -> dict:
    trig = "attacks_self" if m["when"] == "attacks" else "played_self"
    return {"kind": "auto", "trigger": trig, "condition": {"kind": "trait_count_at_least", "trait": m["trait"], "value": 1},
            "effect": [{"op": "target_self"}, {"op": "power", "amount": int(m["p"])}]}  # fmt: skip


def _combo_pump(m: re.Match) -> dict:
    eff: list[dict] = [{"op": "target_self"}, {"op": "power", "amount": int(m["p"])}]
    if m["s"]:
        eff.append({"op": "soul", "amount": int(m["s"])})
    return {"kind": "auto", "trigger": "attacks_self", "combo": m["cx"], "effect": eff}


def _cx_choose(m: re.Match) -> dict:
    n = int(m["n"])
    return {"kind": "auto", "trigger": "climax_placed",
            "effect": [{"op": "choose", "filter": dict(_CHAR), "count": n, "up_to": True},
                       {"op": "power", "amount": int(m["p"])}, {"op": "soul", "amount": int(m["s"])}]}  # fmt: skip


_PAID_SEARCH = re.compile(r"^search your deck for up to 1 <<(?P<trait>[^>]+)>> character, reveal it to your opponent, "
                          r"put it into your hand, and shuffle your deck\.$")
_PAID_SALVAGE = re.compile(r"^choose 1 \"(?P<name>[^\"]+)\" in your waiting room, and return it to your hand\.$")


def _paid_on_play(m: re.Match) -> dict | None:
    """[(N) put 1 card from your hand into your waiting room] on play: search a trait / salvage a name."""
    cost: dict[str, Any] = {"discard": 1}
    if m["stock"]:
        cost["stock"] = int(m["stock"])
    ab: dict[str, Any] = {"kind": "auto", "trigger": "played_self", "optional": True, "cost": cost}
    s = _PAID_SEARCH.match(m["rest"])
    if s:
        return dict(ab, effect=[{"op": "search", "filter": {"type": "character", "zone": "deck", "trait": s["trait"]}}])
    s = _PAID_SALVAGE.match(m["rest"])
    if s:
        return dict(ab, effect=[{"op": "choose", "filter": {"zone": "waiting_room", "name": s["name"]}}, {"op": "to_hand"}])
    raise _NoMatch


class _NoMatch(Exception):
    """A template's head matched but its tail is not a supported sentence."""


def _event_search(m: re.Match) -> tuple[str, list[dict]]:
    what = m["what"]
    f: dict[str, Any] = {"zone": "deck", "type": "climax" if what.startswith("climax") else "character"}
    if m["trait"]:
        f["trait"] = m["trait"]
    return "event", [{"op": "search", "filter": f, "count": int(m["n"])}]


TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match], Any]]] = [
    (re.compile(r"^\((?:\[[A-Z]+\])+: When this card triggers.*\)$"), lambda m: None),  # CR 2.12.3 reminder
    (re.compile(r"^-$"), lambda m: None),
    (re.compile(r"^\[CONT\] All of your (?P<other>other )?" + _T + r"characters get "
                r"(?:\+(?P<p>\d+) power(?: and )?)?(?:\+(?P<s>\d) soul)?\.$"), _cont_all),  # fmt: skip
    (re.compile(r"^\[ACT\] \[COUNTER\] Backup (?P<p>\d+), Level (?P<lv>\d) \[(?:\((?P<c>\d)\) )?Put this card from "
                r"your hand into your waiting room\](?: \(.*\))?$"),
     lambda m: ("backup", {"power": int(m["p"]), "level": int(m["lv"]), "cost": int(m["c"] or 0)})),  # fmt: skip
    (re.compile(r"^\[AUTO\] When this card is placed on the stage from your hand, you may put the top card of your "
                r"clock into your waiting room\.$"),
     lambda m: {"kind": "auto", "trigger": "played_self", "optional": True, "effect": [{"op": "heal", "count": 1}]}),
    (re.compile(r"^\[CONT\] (?P<turn>During your (?:opponent's )?turn, )?[Tt]his card gets \+(?P<p>\d+) power\.$"), _cont_self),
    (re.compile(r"^\[CONT\] This card gets \+(?P<p>\d+) power for each of your other <<(?P<trait>[^>]+)>> characters\.$"),
     _per_other),
    (re.compile(r"^\[CONT\] If you have (?P<n>\d+) or more other <<(?P<trait>[^>]+)>> characters, this card gets "
                r"\+(?P<p>\d+) power\.$"), _if_others),  # fmt: skip
    (re.compile(r"^\[CONT\] Assist All of your " + _T + r"characters in front of this card get \+(?P<p>\d+) power\.$"), _assist),
    (re.compile(r"^\[AUTO\] Encore \[Put 1 " + _T + r"character from your hand into your waiting room\](?: \(.*\))?$"), _encore),
    (re.compile(r"^\[AUTO\] Bond/\"(?P<name>[^\"]+)\" \[(?:\((?P<stock>\d)\)|Put 1 card from your hand into your "
                r"waiting room)\](?: \(.*\))?$"), _bond),  # fmt: skip
    (re.compile(r"^\[ACT\] Brainstorm \[\((?P<stock>\d)\) \[REST\] this card\] Flip over (?P<n>\d+) cards from the top "
                r"of your deck, and put them into your waiting room\. For each climax revealed among those cards, draw "
                r"up to 1 card\.$"), _brainstorm),  # fmt: skip
    (re.compile(r"^\[AUTO\] When your climax is placed on your climax area, choose 1 of your (?P<other>other )?" + _T
                + r"characters, and that character gets \+(?P<p>\d+) power until end of turn\.$"),
     _choose_pump("own_climax_placed")),
    (re.compile(r"^\[AUTO\] When this card becomes \[REVERSE\], if this card's battle opponent is level (?P<lv>\d) or "
                r"lower, you may \[REVERSE\] that character\.$"), _reverse_back),  # fmt: skip
    (re.compile(r"^\[CONT\] Experience If the total level of cards in your level is (?P<n>\d+) or higher, this card "
                r"gets \+(?P<p>\d+) power\.$"),
     lambda m: {"kind": "cont", "keyword": "experience", "condition": {"kind": "level_sum_at_least", "value": int(m["n"])},
                "effect": [{"op": "aura_power", "amount": int(m["p"]), "filter": dict(_CHAR, relation="self")}]}),
    (re.compile(r"^\[CONT\] This card cannot side attack\.$"),
     lambda m: {"kind": "cont", "effect": [{"op": "aura_restrict", "restrictions": "cant_side",
                                            "filter": dict(_CHAR, relation="self")}]}),  # fmt: skip
    (re.compile(r"^\[AUTO\] When this card attacks, this card gets \+(?P<p>\d+) power until end of turn\.$"),
     _self_pump("attacks_self")),
    (re.compile(r"^\[AUTO\] When this card is placed on the stage from your hand, this card gets \+(?P<p>\d+) power "
                r"until end of turn\.$"), _self_pump("played_self")),  # fmt: skip
    (re.compile(r"^\[AUTO\] When this card attacks, choose 1 of your (?P<other>other )?" + _T
                + r"characters, and that character gets \+(?P<p>\d+) power until end of turn\.$"), _choose_pump("attacks_self")),
    (re.compile(r"^\[AUTO\] When this card is placed on the stage from your hand, choose 1 of your (?P<other>other )?" + _T
                + r"characters, and that character gets \+(?P<p>\d+) power until end of turn\.$"), _choose_pump("played_self")),
    (re.compile(r"^\[AUTO\] When this card (?P<when>attacks|is placed on the stage from your hand), if you have another "
                r"<<(?P<trait>[^>]+)>> character, this card gets \+(?P<p>\d+) power until end of turn\.$"),
     _another_trait_pump),  # fmt: skip
    (re.compile(r"^\[AUTO\] \[CXCOMBO\] When this card attacks, if \"(?P<cx>[^\"]+)\" is in your climax area, this "
                r"card gets \+(?P<p>\d+) power(?: and \+(?P<s>\d) soul)? until end of turn\.$"), _combo_pump),  # fmt: skip
    (re.compile(r"^\[AUTO\] ?When this card is placed on your climax area from your hand, perform the ?\[STANDBY\] ?effect\.$"),
     lambda m: {"kind": "auto", "trigger": "climax_placed", "effect": [{"op": "trigger_icon", "icon": "standby"}]}),
    (re.compile(r"^\[AUTO\] When this card is placed on your climax area from your hand, choose up to (?P<n>\d) of your "
                r"characters, and those characters get \+(?P<p>\d+) power and \+(?P<s>\d) soul until end of turn\.$"),
     _cx_choose),  # fmt: skip
    (re.compile(r"^\[CONT\] During your turn, this card gets \+(?P<p>\d+) power for each of your other "
                r"<<(?P<trait>[^>]+)>> characters\.$"),
     lambda m: dict(_per_other(m), condition={"kind": "your_turn"})),
    (re.compile(r"^\[CONT\] All of your other \"(?P<name>[^\"]+)\" get \+(?P<p>\d+) power\.$"),
     lambda m: {"kind": "cont", "effect": [{"op": "aura_power", "amount": int(m["p"]),
                                            "filter": dict(_CHAR, name=m["name"], relation="other")}]}),  # fmt: skip
    (re.compile(r"^\[AUTO\] \[(?:\((?P<stock>\d)\) )?Put 1 card from your hand into your waiting room\] When this card is "
                r"placed on the stage from your hand, you may pay the cost\. If you do, (?P<rest>.*)$"), _paid_on_play),
    # event lines (the whole card text of an event is one "event" ability)
    (re.compile(r"^Choose 1 of your characters, and that character gets \+(?P<p>\d+) power until end of turn\.$"),
     lambda m: ("event", [{"op": "choose", "filter": dict(_CHAR)}, {"op": "power", "amount": int(m["p"])}])),
    (re.compile(r"^Search your deck for up to (?P<n>\d) " + _T + r"(?P<what>characters?|climax), reveal (?:it|them) "
                r"to your opponent, put (?:it|them) into your hand, and shuffle your deck\.$"), _event_search),  # fmt: skip
]


def _normalise(line: str) -> str:
    s = line.replace("【", "[").replace("】", "]").replace("《", "<<").replace("》", ">>")
    s = s.replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'")
    return " ".join(s.split())


def parse_ability_line(line: str) -> tuple[bool, Any]:
    """``(True, result)`` if a template matches the line (result as the template builds it, ``None``
    for reminder text), else ``(False, None)``."""
    s = _normalise(line)
    for pat, build in TEMPLATES:
        m = pat.match(s)
        if m:
            try:
                return True, build(m)
            except _NoMatch:
                return False, None
    return False, None


def _int(v: Any) -> int:
    if isinstance(v, int):
        return v
    s = str(v).strip()
    return int(s) if s.isdigit() else 0


def import_ws_json(path: str | Path, *, complete_only: bool = False) -> ImportResult:
    """Read a real card list; cards keep the ability lines the templates compile (see module doc)."""
    path = Path(path)
    data = read_card_list(path)
    if not isinstance(data, list) or not data or not isinstance(data[0], dict) or not {"code", "type"} <= set(data[0]):
        raise CardDataError("expected a list of card objects with 'code' and 'type'", file=path.name)

    skip = Skipped()
    unsupported: dict[str, list[str]] = {}
    errors: list[str] = []
    records: list[dict[str, Any]] = []
    seen: set[str] = set()
    parsed = 0

    for rec in data:
        number = str(rec.get("code") or "").strip() if isinstance(rec, dict) else ""
        if not number:
            skip("invalid", "?")
            continue
        if number in seen:
            skip("duplicate", number)
            continue
        ctype = _TYPES.get(str(rec.get("type")))
        if ctype is None:
            skip("unknown_type", number)
            continue
        icons = [str(t).upper() for t in rec.get("trigger") or []]
        if "CHOICE" in icons:
            skip("trigger_choice", number)
            continue
        if any(t not in _TRIGGERS for t in icons) or len(icons) > 2:
            skip("unknown_trigger", number)
            continue
        color = str(rec.get("color") or "").upper()
        if color not in _COLORS:
            skip("unknown_color", number)
            continue
        traits = [str(a).strip() for a in rec.get("attributes") or [] if str(a).strip() not in ("", "-")]
        if len(traits) > 3:
            skip("too_many_traits", number)
            continue
        lines = [str(a) for a in rec.get("ability") or []]
        abilities: list[dict] = []
        event_ops: list[dict] = []
        backup = None
        counter = False
        bad: list[str] = []
        for line in lines:
            text = _normalise(line)
            if ctype == "event" and text.startswith("[COUNTER] "):
                counter = True  # CR 2.8.2: the counter icon printed before an event's text
                line = text[len("[COUNTER] "):]
            ok, res = parse_ability_line(line)
            if not ok or (isinstance(res, tuple) and res[0] == "event") != (ctype == "event" and res is not None):
                bad.append(line)
                continue
            parsed += res is not None
            if res is None:
                continue
            if isinstance(res, tuple) and res[0] == "backup":
                backup, counter = res[1], True
            elif isinstance(res, tuple):
                event_ops.extend(res[1])
            else:
                abilities.append(res)
        if ctype == "event":
            if bad or not event_ops:
                skip("event_unsupported", number)
                continue
            abilities = [{"kind": "event", "effect": event_ops}]
        if bad:
            unsupported[number] = bad
        model = {
            "number": number,
            "name": str(rec.get("name") or "").strip(),
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
            "abilities": abilities,
            "text": "\n".join(" ".join(x.split()) for x in lines if x.strip() not in ("", "-")),
            "uncompiled": [" ".join(x.split()) for x in bad],  # tcg cards show marks them
        }
        seen.add(number)
        records.append(model)

    # abilities that name another card need it in the imported list (Bond, climax combos)
    names = {r["name"]: r["type"] for r in records}
    for r in records:
        keep = []
        for ab, line in zip(r["abilities"], _lines_of(r)):
            ref = _named_ref(ab)
            if ref is not None and (ref[0] not in names or ref[1] not in (None, names[ref[0]])):
                unsupported.setdefault(r["number"], []).append(line + f"  [names {ref[0]!r}, not in this list]")
                r["uncompiled"].append(line)
                parsed -= 1
                continue
            keep.append(ab)
        r["abilities"] = keep

    cards: list[WSCard] = []
    for r in records:
        if complete_only and r["number"] in unsupported:
            skip("incomplete", r["number"])
            continue
        try:
            cards.append(WSCard.model_validate(r).with_file(path.name))
        except ValidationError as exc:
            skip("invalid", r["number"])
            field, reason = validation_problem(exc, r)
            errors.append(f"{r['number']}: field {field!r}: {reason}")
    return ImportResult(cards, file=path.name, total=len(data), skipped=skip, unsupported=unsupported,
                        parsed_lines=parsed, errors=errors)  # fmt: skip


def _named_ref(ab: dict) -> tuple[str, str | None] | None:
    """The card name an ability refers to and the type that card must have (None = any)."""
    if ab.get("combo"):
        return ab["combo"], "climax"
    for op in ab.get("effect", []):
        if op.get("op") == "bond":
            return op["name"], "character"
        if "name" in op.get("filter", {}):
            return op["filter"]["name"], op["filter"].get("type")
    return None


def _lines_of(r: dict) -> list[str]:
    # the source line of each ability, for messages (abilities keep the order of their lines)
    out = []
    for line in r["text"].split("\n"):
        ok, res = parse_ability_line(line if r["type"] != "event" else _normalise(line).removeprefix("[COUNTER] "))
        if ok and isinstance(res, dict):
            out.append(line)
    out += [""] * (len(r["abilities"]) - len(out))
    return out


def raw_layout(records: Any) -> str | None:
    """"english-db" for a raw card list of the English card database, None for anything else
    (``GameSpec.raw_layout``: a card pool is not a raw list)."""
    if not isinstance(records, list) or not records or not isinstance(records[0], dict):
        return None
    return "english-db" if {"code", "ability", "trigger"} <= set(records[0]) else None
