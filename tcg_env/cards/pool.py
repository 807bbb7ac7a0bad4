"""What every game's card pool shares: record validation, loading several files, the compiled
table's common fields and the compiler's skeleton (two passes, interning, de-duplicated filters).

A game's module (``tcg_env.games.<game>.cards``) keeps only what is its own:
the pydantic schema, the per-card compile step and the game's extra interned names.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, ClassVar, Iterable

import numpy as np
from pydantic import BaseModel, ValidationError

from tcg_env.cards.base import validation_to_card_error
from tcg_env.cards.errors import CardDataError
from tcg_env.cards.loaders import CardRecords


def parse_card_records(
    records: CardRecords | list[dict[str, Any]],
    model: type[BaseModel],
    file: str = "<data>",
    *,
    skip: frozenset[str] = frozenset(),
    clean_field: Callable[[str], str] | None = None,
) -> list:
    """Validate raw records against ``model``; the first bad record raises a CardDataError naming
    the file, the card (number, or ``#i`` without one) and the field. ``skip`` drops tagged-union
    labels from field paths; ``clean_field`` rewrites a field path further (game specific)."""
    if isinstance(records, CardRecords):
        file = records.file
        records = records.records
    cards = []
    for i, rec in enumerate(records):
        number = rec.get("number") if isinstance(rec, dict) else None
        name = rec.get("name") if isinstance(rec, dict) else None
        label = str(number) if number is not None else f"#{i}"
        try:
            card = model.model_validate(rec)
        except ValidationError as exc:
            err = validation_to_card_error(exc, file=file, card=label,
                                           card_name=name if isinstance(name, str) else None, skip=skip, data=rec)
            if clean_field is not None:
                err = CardDataError(err.reason, file=err.file, card=err.card, card_name=err.card_name,
                                    field=clean_field(err.field or ""))
            raise err from None
        cards.append(card.with_file(file))
    return cards


def card_file_functions(title: str, model: type[BaseModel], default_path: Callable[[], Path],
                        compile_pool: Callable[[list], Any], **parse_options: Any):  # fmt: skip
    """A game's three card-file functions, ``(parse_cards, load_cards, load_pool)``:

    * ``parse_cards(records, file="<data>")`` validates raw records (:func:`load_card_records`)
      against ``model`` (``parse_options``: ``skip`` / ``clean_field`` of :func:`parse_card_records`);
    * ``load_cards(path=None)`` reads and validates one card file (TOML, YAML or JSON; default
      ``default_path()``, the packaged starter pool);
    * ``load_pool(path=None)`` loads card file(s) (one, a list, or the default) and compiles them
      with ``compile_pool``.
    """
    from tcg_env.cards.loaders import load_card_records

    def parse_cards(records: CardRecords | list[dict[str, Any]], file: str = "<data>") -> list:
        return parse_card_records(records, model, file, **parse_options)

    def load_cards(path: str | Path | None = None) -> list:
        return parse_cards(load_card_records(path if path is not None else default_path()))

    def load_pool(path: str | Path | list[str | Path] | None = None):
        return load_pool_files(path, default_path(), load_cards, compile_pool)

    parse_cards.__doc__ = f"Validate raw records (from ``load_card_records``) against the {title} schema."
    load_cards.__doc__ = f"Read and validate one {title} card file (TOML, YAML or JSON)."
    load_pool.__doc__ = "Load card file(s) (default: the packaged starter pool) and compile them."
    return parse_cards, load_cards, load_pool


def load_pool_files(path, default: Path, load_cards: Callable[[Any], list], compile_pool: Callable[[list], Any]):
    """Load one card file, a list of them, or (``path=None``) ``default``, then compile them together."""
    if path is None:
        paths: list = [default]
    elif isinstance(path, (list, tuple)):
        paths = list(path)
    else:
        paths = [path]
    cards: list = []
    for p in paths:
        cards.extend(load_cards(p))
    return compile_pool(cards)


def at_least_one_row(rows: list[list[int]], ncols: int) -> np.ndarray:
    """int32 ``[max(1, len(rows)), ncols]``: numba never sees a 0-row array (kernels use the counts)."""
    arr = np.zeros((max(1, len(rows)), ncols), dtype=np.int32)
    if rows:
        arr[: len(rows)] = np.asarray(rows, dtype=np.int64)
    return np.ascontiguousarray(arr)


def inverse_ids(ids: dict[str, int]) -> list[str]:
    """Interned id -> string ('' for id 0, which means none)."""
    out = [""] * (max(ids.values(), default=0) + 1)
    for k, v in ids.items():
        out[v] = k
    return out


def bits(names: list[str] | None, table: dict[str, int]) -> int:
    """OR of the bit of each name (None: no names, 0)."""
    out = 0
    for n in names or ():
        out |= table[n]
    return out


class CardFeatures:
    """A pool's static observation columns (float32 ``[n_cards, width]``) written from its card
    table's columns, one call per feature: column 0 is 1 (a card is present), the rest 0 until
    written; :meth:`array` is the result. ``at`` is the first feature column written."""

    def __init__(self, cards: np.ndarray, width: int):
        self.cards = cards
        self.rows = np.arange(cards.shape[0])
        self.f = np.zeros((cards.shape[0], width), np.float32)
        self.f[:, 0] = 1.0

    def one_hot(self, at: int, col: int) -> None:
        """Features ``at + value`` of table column ``col`` set to 1 (an enum)."""
        self.f[self.rows, at + self.cards[:, col]] = 1.0

    def scaled(self, at: int, col: int, scale: float = 1.0) -> None:
        """Feature ``at``: table column ``col`` divided by ``scale``."""
        self.f[:, at] = self.cards[:, col] / scale

    def bits(self, at: int, col: int, bits: Iterable[int]) -> None:
        """Features ``at + i``: 1 where table column ``col`` (a bit mask) has the i-th of ``bits``."""
        for i, bit in enumerate(bits):
            self.f[:, at + i] = (self.cards[:, col] & bit) != 0

    def card_ids(self, at: int) -> None:
        """Feature ``at``: the card id + 1 (0 stays "no card")."""
        self.f[:, at] = self.rows + 1.0

    def array(self) -> np.ndarray:
        return np.ascontiguousarray(self.f)


@dataclass(kw_only=True)
class CardTable:
    """The fields every compiled pool has. Card ids are positions in ``numbers``; ``cards``,
    ``abilities``, ``filters`` and ``code`` are the int32 tables of the game's ``constants.py``."""

    cards: np.ndarray
    abilities: np.ndarray
    filters: np.ndarray
    code: np.ndarray
    n_abilities: int
    n_filters: int
    n_code: int
    numbers: list[str]
    names: list[str]
    texts: list[str]
    models: list
    index: dict[str, int]
    name_ids: dict[str, int]
    ability_source: list[tuple[int, int]] = field(default_factory=list)  # row -> (card id, index)

    # the registry name of the game the pool is of (set by subclasses): a snapshot or a game of
    # another game refuses the pool by name (tcg_env.adapter.pool_game)
    GAME = ""
    # the game's card-table columns of an ability run (set by subclasses)
    ABIL_START_COL = -1
    ABIL_COUNT_COL = -1
    # the game's ability-table column of an ability's kind (automatic, activate, continuous...; set by subclasses):
    # ``deck_like``'s as_like decks match a card by the kinds of its abilities
    ABIL_KIND_COL = -1
    # the game's card-table columns of the numbers a card fights with (Force of Will's ATK and DEF): ``deck_like``'s
    # as_like decks take, among the cards that match, the nearest in them (a game that declares none: the first)
    STAT_COLS: ClassVar[tuple[int, ...]] = ()
    # packs the tables into the kernels' ``T`` (the game sets ``tcg_env.engine.tables.pack_tables``:
    # the card layer sits below the engine and does not import it)
    PACK = None

    @property
    def n_cards(self) -> int:
        return len(self.numbers)

    @property
    def name_of_id(self) -> list[str]:
        """Name id -> card name ('' for id 0)."""
        return inverse_ids(self.name_ids)

    @property
    def kernel_tables(self) -> np.ndarray:
        """``T``, the argument every kernel takes: the tables ``cards``, ``abilities``, ``filters``
        and ``code`` packed into one int32 array by the game's :attr:`PACK` (the engine's
        ``pack_tables``), with the game's :meth:`card_obs_rows` as its ``obs_rows`` table (the
        observation copies a card's static columns from it) and its :meth:`kernel_flags` as its
        ``flags`` table. Computed once."""
        cached = self.__dict__.get("_kernel_tables")
        if cached is None:
            cached = self.PACK(self.cards, self.abilities, self.filters, self.code, self.card_obs_rows(),
                               self._flags())
            self.__dict__["_kernel_tables"] = cached
        return cached

    @property
    def obs_features(self) -> np.ndarray:
        """float32 ``[n_cards, features]`` static observation features per card id (the game's
        :meth:`card_obs_features`). Computed once."""
        feats = self.__dict__.get("_obs_features")
        if feats is None:
            feats = self.__dict__["_obs_features"] = self.card_obs_features()
        return feats

    def card_obs_features(self) -> np.ndarray:
        """The game's static observation features per card id (float32 ``[n_cards, features]``)."""
        raise NotImplementedError

    def card_obs_rows(self) -> np.ndarray:
        """The ``obs_rows`` table of :attr:`kernel_tables` (default: :attr:`obs_features`)."""
        return self.obs_features

    def kernel_flags(self) -> np.ndarray | None:
        """The ``flags`` table of :attr:`kernel_tables` (``tcg_env.engine.tables``): what the game's
        kernels may skip for this pool, derived from the four rule tables; None (the default):
        every bit set, the kernels skip nothing."""
        return None

    def in_play_pool_flags(self, in_play: np.ndarray) -> np.ndarray | None:
        """The pool's row of :meth:`kernel_flags` derived from the rules of the cards ``in_play``
        (sorted card ids: a game's decks') alone, for a game that knows which ability and code rows
        each card owns and that no card enters a game from outside its decks; None (the default):
        the whole pool's row stands. A game of 100 cards from an imported pool of 3,600 then skips
        the work only the other cards need (FF-TCG: about 8% of its speed; docs/performance-log.md)."""
        return None

    def kernel_tables_for(self, card_ids: Iterable[int] | np.ndarray) -> np.ndarray:
        """:attr:`kernel_tables` for games whose cards are ``card_ids`` (their decks'): the pool's row
        of flags from those cards' rules alone where the game can (:meth:`in_play_pool_flags`), else
        :attr:`kernel_tables` itself. The same tables, card rows of flags and card ids; cached per
        set of cards (the last 16 sets)."""
        ids = np.unique(np.asarray(card_ids, dtype=np.int64).ravel())
        ids = ids[(ids >= 0) & (ids < self.n_cards)].astype(np.int32)
        cache = self.__dict__.setdefault("_kernel_tables_for", {})
        key = ids.tobytes()
        tables = cache.get(key)
        if tables is None:
            row = self.in_play_pool_flags(ids)
            if row is None:
                return self.kernel_tables
            flags = self._flags().copy()
            flags[-1] = row
            if len(cache) >= 16:
                cache.pop(next(iter(cache)))
            tables = cache[key] = self.PACK(self.cards, self.abilities, self.filters, self.code,
                                            self.card_obs_rows(), flags)
        return tables

    def _flags(self) -> np.ndarray | None:
        """:meth:`kernel_flags`, computed once."""
        if "_kernel_flags" not in self.__dict__:  # (not "_flags": an instance key would hide this method)
            self.__dict__["_kernel_flags"] = self.kernel_flags()
        return self.__dict__["_kernel_flags"]

    def card_id(self, number: str) -> int:
        try:
            return self.index[number]
        except KeyError:
            raise KeyError(f"unknown card number {number!r}") from None

    def ability_rows(self, card_id: int) -> range:
        row = self.cards[card_id]
        start = int(row[self.ABIL_START_COL])
        return range(start, start + int(row[self.ABIL_COUNT_COL]))

    def other_sides(self, card_id: int) -> list[int]:
        """The card rows that enter a game with ``card_id`` as its other sides (a ruler's J-ruler side...); none unless
        the game says."""
        return []

    def max_copies(self, card_id: int) -> int | None:
        """How many copies of ``card_id`` a deck may hold under the game's deck rules, where a card's own text or kind
        changes the game's usual limit (Force of Will's basic magic stones: any number, CR 402.4b); None (the
        default): the game's deck rules alone say. ``deck_like`` gives a built-in card held more often than that only
        to a card that may be."""
        return None

    def ability_kinds(self, card_id: int) -> tuple[int, ...]:
        """The kinds (:attr:`ABIL_KIND_COL`) of the ability rows of ``card_id`` and of its :meth:`other_sides`, sorted:
        what a card does in a game, in the terms the kernels branch on (an activate ability is offered on every priority
        mask, an automatic one only when its trigger happens). Without a kind column: one 0 per row."""
        rows = [r for c in (card_id, *self.other_sides(card_id)) for r in self.ability_rows(c)]
        if self.ABIL_KIND_COL < 0:
            return (0,) * len(rows)
        return tuple(sorted(int(self.abilities[r, self.ABIL_KIND_COL]) for r in rows))

    def ability_summary(self, row: int) -> str:
        """Ability ``row`` in a few words, without its card's name (the game's own wording)."""
        raise NotImplementedError

    def field_words(self, card_id: int) -> list[str]:
        """The card's rules that no ability row holds (an alternative cost, a tag other cards read, a deck rule), a few
        words each, for ``tcg cards show``; none unless the game says."""
        return []

    def describe_ability(self, row: int) -> str:
        """``<card name>: <ability_summary(row)>``."""
        return f"{self.names[self.ability_source[row][0]]}: {self.ability_summary(row)}"


class PoolCompiler(ABC):
    """Skeleton of a game's compiler: pass 1 indexes card numbers and interns strings (so filters
    may name any card of the pool), pass 2 compiles each card (``compile_card``, game specific)."""

    TABLE: type[CardTable] = CardTable
    NCOLS: tuple[int, int, int, int] = (0, 0, 0, 0)  # cards, abilities, filters, code columns

    def __init__(self, cards: list):
        self.models = cards
        self.card_rows: list[list[int]] = []
        self.ab_rows: list[list[int]] = []
        self.filter_rows: list[list[int]] = []
        self.filter_index: dict[tuple[int, ...], int] = {}
        self.code_rows: list[list[int]] = []
        self.ability_source: list[tuple[int, int]] = []
        self.name_ids: dict[str, int] = {}
        self.index: dict[str, int] = {}
        self._card = None  # the card being compiled, for errors

    # ---- hooks ----
    def intern_card(self, card) -> None:
        """Pass 1: intern the game's extra strings of ``card`` (jobs, traits...)."""

    @abstractmethod
    def compile_card(self, cid: int, card) -> None:
        """Pass 2: append the card's row (and its abilities, filters, code) to the tables."""

    def extra_table_fields(self) -> dict:
        """The game's own fields of its table class."""
        return {}

    # ---- shared ----
    def fail(self, fld: str, reason: str) -> None:
        c = self._card
        raise CardDataError(
            reason,
            file=c.source_file if c is not None else "<data>",
            card=c.number if c is not None else None,
            card_name=c.name if c is not None else None,
            field=fld,
        )

    @staticmethod
    def _intern(table: dict[str, int], key: str) -> int:
        if key not in table:
            table[key] = len(table) + 1  # 0 means none
        return table[key]

    def interned(self, ids: dict[str, int], key: str | None, fld: str, what: str) -> int:
        """The id pass 1 gave the string ``key`` in ``ids`` (``name_ids``, a game's ``job_ids``...),
        0 for None; a string no card of the pool has fails: "unknown job 'X' (no card in the pool
        has it)"."""
        if key is None:
            return 0
        if key not in ids:
            self.fail(fld, f"unknown {what} {key!r} (no card in the pool has it)")
        return ids[key]

    def new_row(self, layout: Any, model: Any = None, path: str = "", **values: Any) -> list[int]:
        """A row of the table ``layout`` (a ``TableLayout``) with every column that declares a
        source (:mod:`tcg_env.cards.columns`) filled from ``model``, the other columns 0; ``values``
        stand for fields of the model by name (a defaulted cost, an argument); ``path`` prefixes the
        field in errors (``abilities[0].effect[1].filter``)."""
        row = [0] * layout.width
        for name, source in layout.sources.items():
            row[layout.columns[name][0]] = source.value(self, model, name, path, values)
        return row

    def check_filter(self, f: Any, p: str, zones: tuple[str, ...], ranges: tuple[str, ...] = ()) -> None:
        """The checks every game's filter has: its ``zone`` is one of ``zones`` here, and for each
        ``x`` of ``ranges`` its ``x_min`` is not above its ``x_max``."""
        if f.zone not in zones:
            self.fail(f"{p}.zone", f"must be {' or '.join(repr(z) for z in zones)} here (got {f.zone!r})")
        for key in ranges:
            lo, hi = getattr(f, f"{key}_min"), getattr(f, f"{key}_max")
            if lo is not None and hi is not None and lo > hi:
                self.fail(f"{p}.{key}_min", f"{key}_min > {key}_max")

    def add_filter(self, row: list[int]) -> int:
        """Index of ``row`` in the filter table, de-duplicated."""
        key = tuple(int(v) for v in row)
        if key not in self.filter_index:
            self.filter_index[key] = len(self.filter_rows)
            self.filter_rows.append(list(key))
        return self.filter_index[key]

    def run(self):
        if not self.models:
            raise CardDataError("the card pool is empty")
        for cid, card in enumerate(self.models):
            self._card = card
            if card.number in self.index:
                first = self.models[self.index[card.number]]
                self.fail("number", f"duplicate card number (also used by {first.name!r} in {first.source_file})")
            self.index[card.number] = cid
            self._intern(self.name_ids, card.name)
            self.intern_card(card)
        for cid, card in enumerate(self.models):
            self._card = card
            self.compile_card(cid, card)
        self._card = None
        c_cols, a_cols, f_cols, i_cols = self.NCOLS
        return self.TABLE(
            cards=np.ascontiguousarray(np.asarray(self.card_rows, dtype=np.int32).reshape(-1, c_cols)),
            abilities=at_least_one_row(self.ab_rows, a_cols),
            filters=at_least_one_row(self.filter_rows, f_cols),
            code=at_least_one_row(self.code_rows, i_cols),
            n_abilities=len(self.ab_rows),
            n_filters=len(self.filter_rows),
            n_code=len(self.code_rows),
            numbers=[c.number for c in self.models],
            names=[c.name for c in self.models],
            texts=[c.text for c in self.models],
            models=list(self.models),
            index=dict(self.index),
            name_ids=dict(self.name_ids),
            ability_source=self.ability_source,
            **self.extra_table_fields(),
        )
