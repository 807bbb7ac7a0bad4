"""Printed card text compiled into effect programs: what every game's card-text compiler shares.

A game's compiler (``tcg_env.games.<game>.card_text``) reads one printed ability line at a time:
the line is normalised (the game's markup and typography made plain), parsed by the game's grammar
of its templated card language (``card_text.lark`` beside it, a Lark grammar), and the parse tree
is turned into the game's ability records (the card schema's ``abilities`` entries, or fields of
the card such as keywords) by the game's :class:`TextTransformer`. Every line gets a verdict:

``exact``
    the compiled abilities do what the line says, under the game's rules;
``approximate``
    they do it with a named difference, one of the game's declared approximations
    (:attr:`CardTextCompiler.approximations`, each listed with what differs in the game's
    ``docs/<game>/card-text.md``);
``unsupported``
    the line does not parse, or parses into something the engine cannot run: the card is imported
    without it (it still plays with its stats and keywords), the line is kept in the card's
    ``uncompiled`` list, and its *sentence shape* (:func:`shape_of`) counts in the import report.

A transformer refuses a parse it cannot compile with :class:`Unsupported` (the reason names what is
missing) and marks an approximation with :meth:`TextTransformer.approximate`. The importer keeps,
for every record of a card type the game plays (skipped records included), a :class:`TextRecord`;
:func:`coverage_report` sums them into the JSON that ``tcg cards import --report`` writes.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, Iterable, Mapping

__all__ = [
    "Verdict",
    "Unsupported",
    "LineResult",
    "TextRecord",
    "TextTransformer",
    "CardTextCompiler",
    "CountWords",
    "shape_of",
    "coverage_report",
    "TOP_SHAPES",
    "approximations_of",
]

TOP_SHAPES = 30  # the report lists this many of the most common unsupported sentence shapes


class Verdict(str, Enum):
    EXACT = "exact"
    APPROXIMATE = "approximate"
    UNSUPPORTED = "unsupported"


class Unsupported(Exception):
    """Raised by a transformer (or the code around it) for a line it parses but cannot compile: the
    message says what the engine lacks (``"no opcode for 'swap places'"``)."""


@dataclass
class LineResult:
    """How one printed line compiled: ``abilities`` (the game's ability records; empty for reminder
    text or a line that sets a card field), the verdict, the approximation names (``approximate``)
    or the reason (``unsupported``), and ``fields``: card fields the line sets (keywords, Backup...)."""

    line: str
    verdict: Verdict
    abilities: list[Any] = field(default_factory=list)
    fields: dict[str, Any] = field(default_factory=dict)
    approximations: tuple[str, ...] = ()
    reason: str = ""

    @property
    def compiled(self) -> bool:
        return self.verdict is not Verdict.UNSUPPORTED

    @staticmethod
    def unsupported(line: str, reason: str) -> "LineResult":
        return LineResult(line, Verdict.UNSUPPORTED, reason=reason)


@dataclass
class TextRecord:
    """One record of a card list, of a card type the game plays: its number, its set, whether it was
    imported (``skip``: the reason it was not) and how each of its ability lines compiled."""

    number: str
    set: str
    lines: list[LineResult] = field(default_factory=list)
    skip: str | None = None
    name: str = ""
    # a record skipped only because it prints again a card the list imports (an alternate
    # printing, a duplicate number): it plays as that card, so its lines' verdicts are its own
    duplicate_of: str | None = None

    @property
    def verdict(self) -> Verdict:
        """The card's verdict: exact when every line is (a card with no ability text is exact),
        approximate when every line is exact or approximate; a skipped record is never compiled
        (unless it is a duplicate of an imported card: ``duplicate_of``)."""
        skipped = self.skip is not None and self.duplicate_of is None
        if skipped or any(r.verdict is Verdict.UNSUPPORTED for r in self.lines):
            return Verdict.UNSUPPORTED
        if any(r.verdict is Verdict.APPROXIMATE for r in self.lines):
            return Verdict.APPROXIMATE
        return Verdict.EXACT


class TextTransformer:
    """Mixin for a game's Lark ``Transformer`` (``class _T(TextTransformer, lark.Transformer)``):
    the card the line belongs to (``card``: the importer's context, e.g. the card's name and type) and
    the approximations the line's compilation makes."""

    def __init__(self, card: Mapping[str, Any]):
        super().__init__()
        self.card = card
        self.approximations: list[str] = []

    def approximate(self, name: str) -> None:
        if name not in self.approximations:
            self.approximations.append(name)

    def result(self, tree_value: Any) -> tuple[list[Any], dict[str, Any]]:
        """The transformed tree's value as ``(abilities, card fields)``; a game overrides this when
        its start rule's value is shaped otherwise. Default: a list of abilities, a dict of fields,
        or None (reminder text: nothing to compile)."""
        if tree_value is None:
            return [], {}
        if isinstance(tree_value, dict) and tree_value.get("__fields__"):
            return [], {k: v for k, v in tree_value.items() if k != "__fields__"}
        if isinstance(tree_value, list):
            return tree_value, {}
        return [tree_value], {}


def _count(n: int):
    def word(self, *_):
        return n

    word.__name__ = f"n{n}"
    word.__doc__ = f"the count word rule ``n{n}`` (\"{n}\", or the word the grammar spells it with): {n}"
    return word


class CountWords:
    """Transformer methods for the count words a grammar spells as rules ``n1`` .. ``n10`` (``n2:
    "two" | "2"``): each is its number. Mixed into a game's transformer beside :class:`TextTransformer`."""

    n1, n2, n3, n4, n5, n6, n7, n8, n9, n10 = (_count(n) for n in range(1, 11))


class CardTextCompiler:
    """A game's card-text compiler: its grammar file, its transformer class, its declared
    approximations (name -> what differs) and its normalisation.

    ``compile_line(line, card)`` never raises for a line of card text: a parse error or an
    :class:`Unsupported` is the ``unsupported`` verdict with the reason. Results are cached on the
    normalised line and the card context the transformer reads (:meth:`context_key`): real card
    lists repeat many lines, and the import of the largest list must stay within seconds.
    """

    def __init__(self, grammar: Path, transformer: type, *, approximations: Mapping[str, str],
                 start: str = "line", parser: str = "lalr", ability_model: str | None = None,
                 **lark_options: Any):  # fmt: skip
        # ability_model: "module:Class" of the card format's ability model, which check_ability validates against
        # (named, not imported: a game's card format is a Python-layer module its card-text module must not import,
        # engine.cache / tests/engine/test_cache.py)
        self.ability_model = ability_model
        self.grammar_path = Path(grammar)
        self.transformer = transformer
        self.approximations = dict(approximations)
        self.start = start
        self.parser_kind = parser
        self.lark_options = lark_options
        self._parser = None
        self._cache: dict[tuple, LineResult] = {}

    # --- the parts a game may override ---
    def normalise(self, line: str) -> str:
        """The line as the grammar reads it: spaces collapsed, typographic quotes made plain."""
        s = line.replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'").replace("\u2018", "'")
        return " ".join(s.split())

    def check_ability(self, ability: dict) -> None:
        """Raise pydantic's ValidationError when the card format refuses a compiled ability (a count
        beyond an op's bounds, say): the line is then unsupported with that reason, rather than a
        card file the import writes and cannot load. Default: the ``ability_model``'s validation, if
        the game names one."""
        if self.ability_model is not None:
            import importlib

            module, _, name = self.ability_model.partition(":")
            getattr(importlib.import_module(module), name).model_validate(ability)

    def context_key(self, card: Mapping[str, Any]) -> tuple:
        """The parts of the card context a line's compilation depends on (the cache key)."""
        return tuple(sorted((k, v) for k, v in card.items() if isinstance(v, (str, int, bool, type(None)))))

    # --- the machinery ---
    @property
    def parser(self):
        if self._parser is None:
            try:
                from lark import Lark
            except ImportError as exc:  # a core dependency: only a broken install lacks it
                raise ImportError("tcg_env's card-text compilers need the 'lark' package: pip install lark") from exc
            options = dict(self.lark_options)
            if self.parser_kind == "lalr" and "cache" not in options:
                cache = _parser_cache(self.grammar_path)
                if cache is not None:
                    options["cache"] = cache
            self._parser = Lark(self.grammar_path.read_text(encoding="utf-8"), start=self.start,
                                parser=self.parser_kind, **options)  # fmt: skip
        return self._parser

    def compile_line(self, line: str, card: Mapping[str, Any] | None = None) -> LineResult:
        card = card or {}
        text = self.normalise(line)
        key = (text, self.context_key(card))
        hit = self._cache.get(key)
        if hit is None:
            hit = self._compile(text, card)
            self._cache[key] = hit
        return LineResult(line, hit.verdict, abilities=_copy(hit.abilities), fields=_copy(hit.fields),
                          approximations=hit.approximations, reason=hit.reason)  # fmt: skip

    def _compile(self, text: str, card: Mapping[str, Any]) -> LineResult:
        from lark.exceptions import LarkError, VisitError

        parser = self.parser  # a broken grammar is the game's bug, raised here, never a line's verdict
        try:
            tree = parser.parse(text)
        except LarkError as exc:
            return LineResult.unsupported(text, f"no sentence of the grammar: {_parse_error(exc)}")
        t = self.transformer(card)
        try:
            value = t.transform(tree)
            abilities, fields = t.result(value)
        except VisitError as exc:
            if isinstance(exc.orig_exc, Unsupported):
                return LineResult.unsupported(text, str(exc.orig_exc))
            raise
        except Unsupported as exc:
            return LineResult.unsupported(text, str(exc))
        from pydantic import ValidationError

        for ab in abilities:
            try:
                self.check_ability(ab)
            except ValidationError as exc:
                err = exc.errors()[0]
                where = ".".join(str(x) for x in err["loc"])
                return LineResult.unsupported(text, f"the card format refuses the compiled ability ({where}: {err['msg']})")
        for name in t.approximations:
            if name not in self.approximations:
                raise KeyError(f"approximation {name!r} is not declared in the game's approximations")
        verdict = Verdict.APPROXIMATE if t.approximations else Verdict.EXACT
        return LineResult(text, verdict, abilities=abilities, fields=fields, approximations=tuple(t.approximations))


def _parser_cache(grammar: Path) -> str | None:
    """Where Lark keeps a grammar's LALR tables between processes (its ``cache`` option): building
    the larger grammars takes one to a few seconds, loading them a fraction. A file per grammar text
    in the user's cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``, ``tcg_env/``, made private),
    named by the text's hash: two checkouts or installs of different versions each keep their own
    tables instead of rebuilding over each other's on every import (Lark rebuilds a file whose
    stored hash differs); the oldest files of a grammar beyond ``_CACHE_KEEP`` are removed. A
    pickle is loaded from no folder other users may write (Lark's own ``cache=True`` uses the
    shared temporary folder). None (no cache) where that folder cannot be made."""
    import hashlib
    import os

    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "tcg_env"
    try:
        root.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not os.access(root, os.W_OK):
            return None
    except OSError:
        return None
    stem = f"lark_{grammar.parent.name}_{grammar.stem}"
    digest = hashlib.sha256(grammar.read_bytes()).hexdigest()[:16]
    path = root / f"{stem}_{digest}.cache"
    if not path.exists():
        try:  # a new grammar text: keep the newest few of the others (a tree's earlier versions)
            old = sorted(root.glob(f"{stem}*.cache"), key=lambda f: f.stat().st_mtime)
            for f in old[:max(0, len(old) - _CACHE_KEEP + 1)]:
                f.unlink(missing_ok=True)
        except OSError:
            pass
    return str(path)


_CACHE_KEEP = 4  # cached parser tables kept per grammar (one per grammar text)


def _copy(v: Any) -> Any:
    # the cached result's dicts are handed to importers that may edit them
    if isinstance(v, dict):
        return {k: _copy(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_copy(x) for x in v]
    return v


def _parse_error(exc: Exception) -> str:
    col = getattr(exc, "column", None)
    tok = getattr(exc, "token", None) or getattr(exc, "char", None)
    if tok is not None and col is not None:
        return f"unexpected {str(tok)!r} at column {col}"
    return str(exc).splitlines()[0][:80]


# --------------------------------------------------------------------------------------------
# sentence shapes and the report
# --------------------------------------------------------------------------------------------
_QUOTED = re.compile(r'"[^"]*"')
_ANGLED = re.compile(r"<<[^>]*>>|《[^》]*》")
_NUMBER = re.compile(r"(?<![A-Za-z])\d+(?:,\d{3})*")


def shape_of(line: str, names: Iterable[str] = ()) -> str:
    """The sentence shape of a line: the card's own names -> ``NAME``, quoted text -> ``"..."``,
    ``<<trait>>`` -> ``<<T>>``, numbers -> ``N``; so that lines that differ only in those parts
    count together in the report's most common unsupported shapes. A line that is only a quote
    (FF-TCG's modal actions: ``"Choose 1 Forward. Break it."``) keeps its sentence's shape, in quotes:
    as ``"..."`` they all counted as one shape."""
    s = " ".join(line.split())
    for n in sorted((n for n in names if n), key=len, reverse=True):
        s = s.replace(n, "NAME")
    whole = _QUOTED.fullmatch(s)
    if whole and len(s) > 2:  # a line that is only a quote (a modal ability's action): its sentence's shape
        return '"' + shape_of(s[1:-1]) + '"'
    s = _QUOTED.sub('"..."', s)
    s = _ANGLED.sub("<<T>>", s)
    return _NUMBER.sub("N", s)


def _counts(records: list[TextRecord]) -> dict[str, int]:
    lines = [r for rec in records for r in rec.lines]
    verdicts = Counter(rec.verdict for rec in records)
    by_line = Counter(r.verdict for r in lines)
    return {
        "cards": len(records),
        "cards_imported": sum(rec.skip is None for rec in records),
        "cards_exact": verdicts[Verdict.EXACT],
        "cards_approximate": verdicts[Verdict.EXACT] + verdicts[Verdict.APPROXIMATE],
        "lines": len(lines),
        "lines_exact": by_line[Verdict.EXACT],
        "lines_approximate": by_line[Verdict.APPROXIMATE],
        "lines_unsupported": by_line[Verdict.UNSUPPORTED],
    }


def coverage_report(records: list[TextRecord], *, file: str = "", game: str = "",
                    approximations: Mapping[str, str] | None = None, top: int = TOP_SHAPES) -> dict[str, Any]:  # fmt: skip
    """The import report: the counts for the whole list, the same per set (``sets``), the share of
    cards exact and exact-or-approximate, the approximations used (name -> lines), and the ``top``
    most common unsupported sentence shapes (with a count and an example card each).

    ``cards_approximate`` counts the cards that are exact *or* approximate (every line compiled),
    as the targets are stated; a skipped record is counted in ``cards`` and never compiled."""
    out: dict[str, Any] = {"game": game, "file": file}
    out.update(_counts(records))
    n = max(out["cards"], 1)
    out["share_exact"] = round(out["cards_exact"] / n, 4)
    out["share_exact_or_approximate"] = round(out["cards_approximate"] / n, 4)
    skipped = Counter(rec.skip for rec in records if rec.skip is not None)
    out["cards_skipped"] = dict(sorted(skipped.items(), key=lambda x: (-x[1], x[0])))
    used = Counter(a for rec in records for r in rec.lines for a in r.approximations)
    out["approximations"] = {
        name: {"lines": used[name], "differs": (approximations or {}).get(name, "")}
        for name in sorted(used, key=lambda k: (-used[k], k))
    }
    sets: dict[str, list[TextRecord]] = {}
    for rec in records:
        sets.setdefault(rec.set or "?", []).append(rec)
    out["sets"] = {s: _counts(rs) for s, rs in sorted(sets.items())}
    shapes: Counter = Counter()
    example: dict[str, str] = {}
    for rec in records:
        for r in rec.lines:
            if r.verdict is Verdict.UNSUPPORTED:
                sh = shape_of(r.line, (rec.name,))
                shapes[sh] += 1
                example.setdefault(sh, rec.number)
    out["unsupported_shapes"] = [{"shape": sh, "lines": c, "example": example[sh]}
                                 for sh, c in shapes.most_common(top)]  # fmt: skip
    return out


def approximations_of(game: str) -> dict[str, str]:
    """The approximations (name -> what differs) of ``game``'s card-text compiler (the spec's
    ``card_text``); empty for a game without one."""
    import tcg_env

    spec = tcg_env.get_spec(game)
    return dict(spec.card_text().approximations) if spec.card_text is not None else {}
