"""Declared layouts: a game's actions, its observation and its card tables as named blocks.

A game declares each layout once, in the module that owns it, and everything else reads it:

- :class:`ActionLayout`: the action space as named blocks (``PASS``, ``hand[i]``,
  ``ability[slot, j]``...). The kernels take their offsets from it (``HAND = ACTIONS.add(...)``,
  then ``HAND.base``), the Python side decodes an action once (:meth:`Blocks.decode`: which block,
  which index) for ``describe_action``, the neural agent's entity pointers come from the blocks
  that point at observation rows (:meth:`ActionLayout.pointers`), and the docs' action table is
  generated from it (:meth:`Blocks.markdown`), so it cannot drift.
- :class:`ObsLayout`: the flat observation as named blocks of rows of named columns. The offsets,
  ``obs_columns`` (the named views), the entity layout's card-row blocks and the column docs come
  from it; a kernel writes ``out[o + CARD.col("power")]`` through module constants it declares.
- :class:`TableLayout`: the columns of a card or ability table by name, as
  :class:`~tcg_env.engine.layout.StateLayout` names the runs of the state row.

Numbers that reach the kernels are module-level ints (numba folds them into the compiled code),
so a declared layout costs nothing at run time.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class Block:
    """``size`` consecutive indices from ``base``: one index per element of ``shape`` (row-major);
    ``shape`` () is a single index."""

    name: str
    base: int
    shape: tuple[int, ...]
    doc: str = ""
    columns: tuple[str, ...] = ()  # an observation block: the names of a row's columns (its last axis)
    points_at: str | None = None  # an action block: the observation row block its first index names

    @property
    def size(self) -> int:
        return int(np.prod(self.shape)) if self.shape else 1

    @property
    def end(self) -> int:
        return self.base + self.size

    def at(self, *index: int) -> int:
        """The flat index of element ``index`` (checked against the shape)."""
        if len(index) != len(self.shape) or any(not 0 <= i < n for i, n in zip(index, self.shape)):
            raise IndexError(f"block {self.name!r} of shape {self.shape} has no element {index}")
        return self.base + (int(np.ravel_multi_index(index, self.shape)) if self.shape else 0)

    def index_of(self, i: int) -> tuple[int, ...]:
        """The element of flat index ``i`` (which must lie in the block)."""
        if not self.base <= i < self.end:
            raise IndexError(f"{i} is not in block {self.name!r} ({self.base}..{self.end - 1})")
        return tuple(int(k) for k in np.unravel_index(i - self.base, self.shape)) if self.shape else ()

    def col(self, name: str) -> int:
        """The position of column ``name`` within one row of the block."""
        try:
            return self.columns.index(name)
        except ValueError:
            raise KeyError(f"block {self.name!r} has no column {name!r} (columns: {', '.join(self.columns)})") from None


class Blocks:
    """Named blocks allocated one after another from 0 (``add``); ``size`` is the total."""

    what = "index"

    def __init__(self, game: str):
        self.game = game
        self.blocks: dict[str, Block] = {}
        self.size = 0

    def _add(self, name: str, shape, doc: str, **extra) -> Block:
        if not name.isidentifier():
            raise ValueError(f"{self.game}: {self.what} block name must be an identifier, got {name!r}")
        if name in self.blocks:
            raise ValueError(f"{self.game}: {self.what} block {name!r} defined twice")
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        if any(n < 1 for n in shape):
            raise ValueError(f"{self.game}: {self.what} block {name!r} has an empty shape {shape}")
        block = Block(name, self.size, shape, doc, **extra)
        self.blocks[name] = block
        self.size = block.end
        return block

    def __getitem__(self, name: str) -> Block:
        try:
            return self.blocks[name]
        except KeyError:
            raise KeyError(f"{self.game} has no {self.what} block {name!r} (blocks: {', '.join(self.blocks)})") from None

    def __iter__(self):
        return iter(self.blocks.values())

    def decode(self, i: int) -> tuple[Block, tuple[int, ...]]:
        """(the block of flat index ``i``, the element within it)."""
        for block in self.blocks.values():
            if block.base <= i < block.end:
                return block, block.index_of(i)
        raise IndexError(f"{self.game}: {self.what} {i} is outside 0..{self.size - 1}")

    def markdown(self) -> str:
        """The blocks as a markdown table (the docs' tables are generated from it and checked)."""
        lines = [f"| {self.what}s | block | shape | what |", "|---|---|---|---|"]
        for b in self.blocks.values():
            span = str(b.base) if b.size == 1 else f"{b.base}..{b.end - 1}"
            shape = " x ".join(str(n) for n in b.shape) if b.shape else "1"
            lines.append(f"| {span} | `{b.name}` | {shape} | {b.doc} |")
        return "\n".join(lines)


class ActionLayout(Blocks):
    """A game's action space: ``add(name, shape, doc, points_at=)`` in action order.

    ``points_at``: the name of an observation row block (:class:`ObsLayout`) whose row ``i`` the
    action's first index names (hand card ``i``, ability ``j`` of the field card in row ``i``); the
    neural agent's pointer head reads the row (:meth:`pointers`)."""

    what = "action"

    def add(self, name: str, shape: int | tuple[int, ...] = (), doc: str = "", points_at: str | None = None) -> Block:
        if points_at is not None and not shape:
            raise ValueError(f"{self.game}: action block {name!r} points at rows of {points_at!r} but has no index")
        return self._add(name, shape, doc, points_at=points_at)

    def pointers(self) -> tuple["RowPointer", ...]:
        """The entity layout's pointers: one per block that points at observation rows (rows: the
        first index; ``per_row``: the product of the others)."""
        out = []
        for b in self.blocks.values():
            if b.points_at is not None:
                per_row = int(np.prod(b.shape[1:])) if len(b.shape) > 1 else 1
                out.append(RowPointer(b.name, b.base, b.points_at, tuple(range(b.shape[0])), per_row))
        return tuple(out)


class ObsLayout(Blocks):
    """A game's flat observation: ``add(name, columns, rows=1, doc)``, a block of ``rows`` rows of
    the named ``columns`` (a list of names, or an int for unnamed columns ``0..n-1``)."""

    what = "observation column"

    def __init__(self, game: str):
        super().__init__(game)
        self.card_blocks: list[str] = []

    def add(self, name: str, columns, rows: int = 1, doc: str = "", cards: bool = False) -> Block:
        """``cards``: the rows are card rows (one card each, all zero when empty): the entity
        layout's row blocks (:meth:`row_blocks`)."""
        names = tuple(str(c) for c in range(columns)) if isinstance(columns, int) else tuple(columns)
        if len(set(names)) != len(names):
            raise ValueError(f"{self.game}: observation block {name!r} names a column twice")
        block = self._add(name, (rows, len(names)), doc, columns=names)
        if cards:
            self.card_blocks.append(name)
        return block

    def views(self) -> list[tuple[str, int, int]]:
        """``obs_columns``: (name, start, length) of every block."""
        return [(b.name, b.base, b.size) for b in self.blocks.values()]

    def row_blocks(self) -> tuple["RowBlock", ...]:
        return tuple(RowBlock(n, self[n].base, self[n].shape[0], self[n].shape[1]) for n in self.card_blocks)

    def entity_layout(self, actions: ActionLayout) -> "EntityLayout":
        """The entity layout (card-row blocks, the actions' pointers at them), checked."""
        return EntityLayout(self.size, actions.size, self.row_blocks(), actions.pointers()).check()

    def columns_markdown(self) -> str:
        """The docs' "Columns by block" list: the blocks with the same columns together (a player's
        and the opponent's field), each column in order, one markdown bullet per group."""
        groups: dict[tuple[str, ...], list[str]] = {}
        for b in self.blocks.values():
            groups.setdefault(b.columns, []).append(b.name)
        lines = []
        for columns, names in groups.items():
            blocks = ", ".join(f"`{n}`" for n in names)
            lines.append(f"- {blocks} ({len(columns)} columns): " + ", ".join(f"`{c}`" for c in columns))
        return "\n".join(lines)

    def column_names(self) -> list[str]:
        """A name for every column of the flat vector: ``block[row].column`` (``block.column`` for
        a one-row block)."""
        out = []
        for b in self.blocks.values():
            rows, _ = b.shape
            for r in range(rows):
                prefix = b.name if rows == 1 else f"{b.name}[{r}]"
                out.extend(f"{prefix}.{c}" for c in b.columns)
        return out


class WordColumns:
    """The columns of an observation block (the globals), each named once with where its value
    comes from, in column order: a state word scaled (``scaled``), a word that names a player
    (``is_player``: 1 where it names the observer), a word's one-hot (``onehot``), a per-player word
    as the observer's and the opponent's columns (``pair``: the two side by side; ``players``: all
    the observer's, then all the opponent's), or a column the game's kernel writes itself
    (``written``). ``names`` is the block's column list (``ObsLayout.add``); the core writes every
    sourced column from ``sources`` (``engine.obsbuf.columns_writer``: straight-line code generated
    once, at import), so a column is declared once and never written by hand.

    A per-player ``word`` is player 0's word, and player ``p``'s is ``word + p * stride`` (a run per
    player: ``DAMAGE_N``, stride 1; or a record per player: stride its width); a pair of words
    ``(w0, w1)`` says the two. ``scale``: the column is ``s[word] / scale`` (a float64 division,
    stored as float32); 1 stores the word as it is."""

    SCALED, IS_PLAYER, ONEHOT = 0, 1, 2
    MINE, THEIRS = 0, 1

    def __init__(self):
        self.names: list[str] = []
        # (kind, column, word of player 0, stride, scale, side: MINE the observer's, THEIRS the other's)
        self.sources: list[tuple[int, int, int, int, float, int]] = []

    def _column(self, name: str) -> int:
        if name in self.names:
            raise ValueError(f"observation column {name!r} declared twice")
        self.names.append(name)
        return len(self.names) - 1

    @staticmethod
    def _words(word) -> tuple[int, int]:
        if isinstance(word, tuple):
            w0, w1 = word
            return int(w0), int(w1) - int(w0)
        return int(word), 0

    def written(self, *names: str) -> None:
        """Columns the game's kernel writes (0 unless it does)."""
        for name in names:
            self._column(name)

    def scaled(self, name: str, word: int, scale: float = 1) -> None:
        """``s[word] / scale``."""
        self.sources.append((self.SCALED, self._column(name), int(word), 0, float(scale), self.MINE))

    def is_player(self, name: str, word: int) -> None:
        """1 where ``s[word]`` is the observer (the decider, the turn player...), else 0."""
        self.sources.append((self.IS_PLAYER, self._column(name), int(word), 0, 1.0, self.MINE))

    def onehot(self, prefix: str, word: int, members) -> None:
        """A column ``<prefix>_<member>`` per member of an enum numbered 0..n-1: 1 in the column of
        ``s[word]``."""
        members = list(members)
        if [int(m) for m in members] != list(range(len(members))):
            raise ValueError(f"one-hot {prefix!r}: the members must be numbered 0..{len(members) - 1}")
        first = len(self.names)
        for m in members:
            self._column(f"{prefix}_{m.name.lower()}")
        self.sources.append((self.ONEHOT, first, int(word), 0, 1.0, self.MINE))

    def pair_onehot(self, prefix: str, word: int, members, stride: int = 1, mine: str = "my_",
                    theirs: str = "opp_") -> None:
        """``onehot`` of a per-player word: columns ``<mine><prefix>_<member>`` (the observer's word), then
        ``<theirs><prefix>_<member>`` (the opponent's)."""
        members = list(members)
        if [int(m) for m in members] != list(range(len(members))):
            raise ValueError(f"one-hot {prefix!r}: the members must be numbered 0..{len(members) - 1}")
        for side, who in ((self.MINE, mine), (self.THEIRS, theirs)):
            first = len(self.names)
            for m in members:
                self._column(f"{who}{prefix}_{m.name.lower()}")
            self.sources.append((self.ONEHOT, first, int(word), int(stride), 1.0, side))

    def pair(self, name: str, word, scale: float = 1, stride: int = 1, mine: str = "my_", theirs: str = "opp_") -> None:
        """Columns ``<mine><name>`` then ``<theirs><name>``: the observer's word and the opponent's."""
        self.players([(name, word, scale)], stride, mine, theirs)

    def players(self, columns, stride: int = 1, mine: str = "my_", theirs: str = "opp_") -> None:
        """``columns``, a list of (name, word, scale): the observer's columns ``<mine><name>`` in that
        order, then the opponent's ``<theirs><name>``; a column of word ``None`` is ``written``."""
        for side, prefix in ((self.MINE, mine), (self.THEIRS, theirs)):
            for name, word, scale in columns:
                if word is None:
                    self.written(f"{prefix}{name}")
                    continue
                w0, step = self._words(word) if isinstance(word, tuple) else (int(word), stride)
                self.sources.append((self.SCALED, self._column(f"{prefix}{name}"), w0, step, float(scale), side))


class TableLayout:
    """The columns of a card (or ability) table by name: ``add(name, n=1)`` returns the column (the
    first of ``n``), which the game stores in an UPPER_CASE constant; ``width`` is the row width.

    ``add(name, source=...)``: where the card compiler takes a one-column value from (a field of
    the card model and its conversion, :mod:`tcg_env.cards.columns`); ``sources`` keeps them by
    column name for the shared compiler (``PoolCompiler.new_row``). The kernels never see them."""

    def __init__(self, table: str):
        self.table = table
        self.columns: dict[str, tuple[int, int]] = {}
        self.sources: dict[str, object] = {}
        self.width = 0

    def add(self, name: str, n: int = 1, source: object = None) -> int:
        if name in self.columns:
            raise ValueError(f"{self.table} table column {name!r} defined twice")
        if n < 1:
            raise ValueError(f"{self.table} table column {name!r}: n must be at least 1, got {n}")
        if source is not None:
            if n != 1:
                raise ValueError(f"{self.table} table column {name!r}: a source fills one column, not {n}")
            self.sources[name] = source
        self.columns[name] = (self.width, n)
        self.width += n
        return self.width - n

    def names(self) -> list[str]:
        """A name for every column (``name[k]`` for the k-th of a run)."""
        return [name if n == 1 else f"{name}[{k}]" for name, (_, n) in self.columns.items() for k in range(n)]


@dataclass(frozen=True)
class RowBlock:
    """``rows`` card rows of ``features`` columns each, row i at flat observation columns
    ``start + i * features`` .. ``start + (i + 1) * features - 1``. A row whose columns are all 0 is
    empty (no card)."""

    name: str  # an identifier (the network's encoder for the block is ``enc_<name>``)
    start: int
    rows: int
    features: int


@dataclass(frozen=True)
class RowPointer:
    """Actions that name a row of a block: action ``base + r * per_row + j`` (``r`` < len(rows),
    ``j`` < per_row) is about row ``rows[r]`` of block ``block`` (its j-th use: e.g. "play hand card
    r to position j", "ability j of the character in position r")."""

    name: str
    base: int
    block: str
    rows: tuple[int, ...]
    per_row: int = 1

    def actions(self) -> list[tuple[int, int, int]]:
        """(action, block row, j) of every action of the pointer."""
        return [(self.base + r * self.per_row + j, row, j) for r, row in enumerate(self.rows) for j in range(self.per_row)]


@dataclass(frozen=True)
class EntityLayout:
    """A game's flat observation seen as card rows, and its actions as pointers at them.

    ``blocks``: the card-row blocks. ``pointers``: the action groups that point at rows; an action
    may be named by several pointers (Weiss Schwarz's OPTION k is candidate k in a target choice
    and clock card k in a level-up), and actions that no pointer names (PASS, a move between two
    positions, ...) are "free". :meth:`check` validates the description against the sizes."""

    obs_size: int
    num_actions: int
    blocks: tuple[RowBlock, ...]
    pointers: tuple[RowPointer, ...] = field(default=())

    def block(self, name: str) -> RowBlock:
        for b in self.blocks:
            if b.name == name:
                return b
        raise KeyError(f"no row block {name!r} (blocks: {', '.join(b.name for b in self.blocks)})")

    def free_actions(self) -> list[int]:
        named = {a for p in self.pointers for a, _, _ in p.actions()}
        return [a for a in range(self.num_actions) if a not in named]

    def check(self) -> "EntityLayout":
        names = [b.name for b in self.blocks]
        if len(set(names)) != len(names) or not all(n.isidentifier() for n in names):
            raise ValueError(f"row block names must be distinct identifiers, got {names}")
        for b in self.blocks:
            if b.rows < 1 or b.features < 1 or b.start < 0 or b.start + b.rows * b.features > self.obs_size:
                raise ValueError(f"row block {b.name!r} ({b.rows} x {b.features} at {b.start}) is outside the "
                                 f"{self.obs_size} observation columns")
        for p in self.pointers:
            b = self.block(p.block)
            if p.per_row < 1 or not p.rows or min(p.rows) < 0 or max(p.rows) >= b.rows:
                raise ValueError(f"pointer {p.name!r}: rows {p.rows} not within block {b.name!r}'s {b.rows} rows")
            acts = [a for a, _, _ in p.actions()]
            if p.base < 0 or max(acts) >= self.num_actions:
                raise ValueError(f"pointer {p.name!r}: actions {p.base}..{max(acts)} beyond the {self.num_actions} actions")
        return self
