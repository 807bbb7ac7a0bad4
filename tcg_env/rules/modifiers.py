"""Modifiers with durations, their end, and what a card forgets when it changes zones.

Every card game so far changes a card's numbers and abilities for a while: "+2000 power until the
end of the turn" (FF-TCG CR 9.5.1.3.2), "+200/+200 until the end of the battle" (Force of Will CR
807.3a), "+1000 power until the end of your opponent's next turn" (Weiss Schwarz CR 8.2.1.2), and
"while this card stays on the field" (a change that ends only when the card leaves). And each
says that a card moving to another zone is a new card that keeps none of them (FF-TCG CR 7.4,
Force of Will CR 302.3, Weiss Schwarz CR 3.1.4), with the exceptions each game lists (Force of
Will: field <-> ruler area; Weiss Schwarz: one stage position to another).

A game declares, once, against its state layout (a :class:`ModifierTable`):

- its modifier **kinds** (an ``IntEnum``: POWER, DEF, SOUL, KEYWORDS, RESTRICTIONS ...), each
  combined by adding (``ADD``: numbers) or by or-ing bits (``OR``: keyword and restriction bits),
  with optionally the record word holding the card's value now (``derived``) and the card-table
  column of its printed value (``base_column``);
- its **durations** (an ``IntEnum``: END_OF_TURN, END_OF_BATTLE, PERMANENT, NEXT_OPP_TURN_END
  ...) and, for each (kind, duration), the per-card record word that holds the modifier
  (``cell``): either a word of its own, a word shared with another duration of the same kind
  (``alias``: where a game keeps two durations in one word, e.g. Force of Will's restrictions
  "until the end of the battle" in the until-end-of-turn word), and for a duration counted in
  turns the word holding the turn at whose end it expires (``until``: the latest setting wins,
  ``UNTIL_LATEST``, or the furthest, ``UNTIL_MAX``);
- the other words a card **forgets** when it changes zones (damage, orientation, counters, uses
  ...: ``forget``, with the value it returns to), and which of them also end with a duration
  (damage at the end of the turn).

``compile()`` gives an int64 table ``MT`` the game keeps as a module constant (numba freezes it
into the compiled code, as the zone table's ``ZT``), and the kernels below take it as ``mt``:
apply a modifier (:func:`mod_apply`), the sum or the bits of a kind (:func:`mod_total`), the
card's values now without continuous abilities (:func:`mod_derive`), the end of a duration for one
card, a zone's cards or every slot (:func:`mod_end`, :func:`mod_end_in_zone`, :func:`mod_end_all`,
:func:`mod_end_turn_all`: with the turn-counted expiry in the same pass),
the end of turn-counted durations (:func:`mod_expire`, ...), and the zone change
(:func:`mod_zone_change`, :func:`mod_forget`).

What is the game's own is asked through its tag (hooks declared here, with defaults):

``keeps_modifiers(old_zone, new_zone) -> bool`` [False]
    A move that keeps the card the same card (Force of Will CR 302.3: field <-> ruler area).
``modifier_until(s, duration) -> turn`` [0]
    The turn at whose end a turn-counted duration applied now ends (Weiss Schwarz: "your
    opponent's next turn", counted from the master of the resolving ability).

Every kernel here is exact: with each game's declaration it writes what the game's own code
wrote, word for word (equivalence tests ran both on random rows until each game adopted the
layer; each game's golden play, unchanged by the adoption, holds it since). The kernels
are ``internal_inline``: inlined into the game's kernel, the declared table (a frozen module
constant) folds away, so a call with a constant kind and duration compiles to the game's own
load-add-store (LLVM IR compared, 2026-11-28).
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np

from tcg_env.engine.hooks import hook
from tcg_env.engine.jit import internal, internal_inline
from tcg_env.engine.zones import zone_offsets

ADD = 0  # a kind whose modifiers add up (power, soul, level, ATK, DEF)
OR = 1  # a kind whose modifiers are bits or-ed together (keywords, restrictions)

UNTIL_LATEST = 0  # a turn-counted cell's expiry turn: the last modifier applied sets it
UNTIL_MAX = 1  # ... the furthest expiry of the modifiers it holds

NO_DURATION = -1  # a forgotten word that no duration ends (only a zone change resets it)

# ---- the compiled table (ModifierTable.compile): a header, then three sections ------------------
MT_CARD_W = 0  # words per card record
MT_CARD = 1  # offset of the card-id word of record 0
MT_N_SLOTS = 2  # card slots (records)
MT_N_KINDS = 3
MT_N_DURATIONS = 4
MT_KINDS = 5  # offset in the table of the kind rows
MT_CELLS = 6  # ... of the cell rows, kind-major: cell (k, d) at MT_CELLS + (k * n_durations + d) * CELL_W
MT_N_WORDS = 7  # forgotten words
MT_WORDS = 8  # ... of the word rows
MT_HEADER = 9

KIND_W = 3
K_COMBINE = 0  # ADD or OR
K_DERIVED = 1  # record-0 offset of the word holding the value now (mod_derive), -1: none
K_BASE_COL = 2  # card-table column of the printed value, -1: none (the value starts at 0)

CELL_W = 4
C_FIELD = 0  # record-0 offset of the word holding the modifier
C_UNTIL = 1  # record-0 offset of its expiry turn, -1: not turn-counted
C_MERGE = 2  # UNTIL_LATEST / UNTIL_MAX
C_OWNS = 3  # 1: the word is this cell's own; 0: an alias of another duration's word (not summed twice)

WORD_W = 3
W_FIELD = 0  # record-0 offset of the word
W_RESET = 1  # the value it returns to at a zone change
W_DURATION = 2  # the duration at whose end it also returns to it, NO_DURATION: none


def _name(member) -> str:
    return getattr(member, "name", str(member))


class ModifierTable:
    """A game's modifiers, declared against its :class:`~tcg_env.engine.layout.StateLayout`.

    ``kinds`` / ``durations``: the game's enums (values 0 .. n - 1); ``card``: the offset of the
    card records' card-id word (``add_records``: its stride is the record width). Every word named
    in a declaration is a record word (an offset of record 0); ``compile()`` checks that every
    (kind, duration) has a cell and that no word is owned twice.
    """

    def __init__(self, layout, kinds: type[IntEnum], durations: type[IntEnum], *, card: int):
        by_offset = {f.offset: f for f in layout.fields.values()}
        self.layout = layout
        self.kinds = kinds
        self.durations = durations
        for enum in (kinds, durations):
            if sorted(int(v) for v in enum) != list(range(len(enum))):
                raise ValueError(f"{layout.game} modifiers: {enum.__name__} must number 0 .. {len(enum) - 1}")
        if card not in by_offset or by_offset[card].stride <= 1:
            raise ValueError(f"{layout.game} modifiers: offset {card} is not a card-record word")
        self.card = card
        self.card_w = by_offset[card].stride
        self.n_slots = by_offset[card].shape[0]
        self._by_offset = by_offset
        self._kinds: dict[int, tuple[int, int, int]] = {}
        self._cells: dict[tuple[int, int], tuple[int, int, int, int]] = {}
        self._words: list[tuple[int, int, int]] = []

    def _record_word(self, off: int, what: str) -> str:
        f = self._by_offset.get(off)
        if f is None or f.stride != self.card_w or abs(off - self.card) >= self.card_w:
            raise ValueError(f"{self.layout.game} modifiers: {what}: offset {off} is not a word of the card records")
        return f.name

    def kind(self, kind, combine: int, derived: int | None = None, base_column: int | None = None) -> None:
        """Kind ``kind`` combines by ``combine`` (``ADD`` / ``OR``); ``derived``: the record word
        :func:`mod_derive` writes (printed value ``base_column`` of the card table, then the
        modifiers), if the game keeps the value now in the row."""
        if combine not in (ADD, OR):
            raise ValueError(f"{self.layout.game} modifiers: {_name(kind)}: combine must be ADD or OR")
        if derived is not None:
            self._record_word(derived, f"{_name(kind)} derived")
        self._kinds[int(kind)] = (combine, -1 if derived is None else derived, -1 if base_column is None else base_column)

    def cell(self, kind, duration, field: int, until: int | None = None, merge: int = UNTIL_LATEST) -> None:
        """Modifiers of ``kind`` lasting ``duration`` live in record word ``field``; ``until``:
        the word of the turn at whose end they expire (a turn-counted duration)."""
        self._record_word(field, f"{_name(kind)} {_name(duration)}")
        if until is not None:
            self._record_word(until, f"{_name(kind)} {_name(duration)} until")
        self._set(kind, duration, (field, -1 if until is None else until, merge, 1))

    def alias(self, kind, duration, same_as) -> None:
        """Modifiers of ``kind`` lasting ``duration`` are kept in the word of duration ``same_as``
        (declared with ``cell``): they end when that duration ends."""
        cell = self._cells.get((int(kind), int(same_as)))
        if cell is None or cell[3] == 0:
            raise ValueError(f"{self.layout.game} modifiers: alias of {_name(kind)} {_name(duration)}: "
                             f"declare {_name(same_as)} first")
        self._set(kind, duration, (cell[0], cell[1], cell[2], 0))

    def forget(self, field: int, reset: int = 0, duration=None) -> None:
        """Record word ``field`` returns to ``reset`` when the card changes zones, and also when
        ``duration`` ends (damage at the end of the turn), if given."""
        self._record_word(field, "forgotten word")
        self._words.append((field, int(reset), NO_DURATION if duration is None else int(duration)))

    def _set(self, kind, duration, cell) -> None:
        key = (int(kind), int(duration))
        if key in self._cells:
            raise ValueError(f"{self.layout.game} modifiers: {_name(kind)} {_name(duration)} declared twice")
        self._cells[key] = cell

    def compile(self) -> np.ndarray:
        """The table the kernels read (keep it as a module-level constant: numba freezes it)."""
        game = self.layout.game
        nk, nd = len(self.kinds), len(self.durations)
        missing = [k.name for k in self.kinds if int(k) not in self._kinds]
        missing += [f"{k.name} {d.name}" for k in self.kinds for d in self.durations if (int(k), int(d)) not in self._cells]
        if missing:
            raise ValueError(f"{game} modifiers: not declared: {', '.join(missing)}")
        owned: dict[int, str] = {}
        for (k, d), (field, until, _, owns) in self._cells.items():
            for off in ((field, until) if owns else ()):
                if off >= 0 and off in owned:
                    raise ValueError(f"{game} modifiers: word {self._by_offset[off].name!r} owned by "
                                     f"{owned[off]} and {self.kinds(k).name} {self.durations(d).name}")
                if off >= 0:
                    owned[off] = f"{self.kinds(k).name} {self.durations(d).name}"
        for field, _, _ in self._words:
            if field in owned:
                raise ValueError(f"{game} modifiers: forgotten word {self._by_offset[field].name!r} is "
                                 f"{owned[field]}'s (modifier words are forgotten anyway)")
        kinds_at = MT_HEADER
        cells_at = kinds_at + nk * KIND_W
        words_at = cells_at + nk * nd * CELL_W
        mt = np.zeros(words_at + len(self._words) * WORD_W, np.int64)
        mt[MT_CARD_W], mt[MT_CARD], mt[MT_N_SLOTS] = self.card_w, self.card, self.n_slots
        mt[MT_N_KINDS], mt[MT_N_DURATIONS] = nk, nd
        mt[MT_KINDS], mt[MT_CELLS], mt[MT_N_WORDS], mt[MT_WORDS] = kinds_at, cells_at, len(self._words), words_at
        for k, row in self._kinds.items():
            mt[kinds_at + k * KIND_W : kinds_at + (k + 1) * KIND_W] = row
        for (k, d), row in self._cells.items():
            at = cells_at + (k * nd + d) * CELL_W
            mt[at : at + CELL_W] = row
        for i, row in enumerate(self._words):
            mt[words_at + i * WORD_W : words_at + (i + 1) * WORD_W] = row
        mt.setflags(write=False)
        return mt

    def fields(self) -> list[str]:
        """The names of every record word the table owns or resets (for docs and snapshot checks)."""
        offs = {c[0] for c in self._cells.values()} | {c[1] for c in self._cells.values() if c[1] >= 0}
        offs |= {w[0] for w in self._words}
        return [self._by_offset[o].name for o in sorted(offs)]


# ---- the game's own, through its tag ----------------------------------------------------------
@internal
def _never_keeps(old_zone, new_zone):
    return False


@internal
def _no_until(s, duration):
    return 0


keeps_modifiers = hook("keeps_modifiers", "old_zone, new_zone", default=_never_keeps)
modifier_until = hook("modifier_until", "s, duration", default=_no_until)


# ---- kernels ------------------------------------------------------------------------------------
@internal_inline
def mod_cell(mt, kind, duration):
    """The table offset of cell (``kind``, ``duration``)."""
    return mt[MT_CELLS] + (kind * mt[MT_N_DURATIONS] + duration) * CELL_W


@internal_inline
def mod_apply(game, s, mt, slot, kind, duration, value):
    """A modifier of ``kind`` (a signed change for ``ADD``, bits for ``OR``) on card ``slot``
    lasting ``duration``; a turn-counted duration records its expiry turn
    (``game.modifier_until``)."""
    c = mod_cell(mt, kind, duration)
    w = slot * mt[MT_CARD_W]
    at = mt[c + C_FIELD] + w
    if mt[mt[MT_KINDS] + kind * KIND_W + K_COMBINE] == ADD:
        s[at] += value
    else:
        s[at] |= value
    u = mt[c + C_UNTIL]
    if u >= 0:
        turn = modifier_until(game, s, duration)
        if mt[c + C_MERGE] == UNTIL_MAX:
            s[u + w] = max(s[u + w], turn)
        else:
            s[u + w] = turn


@internal_inline
def mod_total(s, mt, slot, kind):
    """The sum (``ADD``) or the bits (``OR``) of ``slot``'s modifiers of ``kind``, every duration."""
    w = slot * mt[MT_CARD_W]
    nd = mt[MT_N_DURATIONS]
    add = mt[mt[MT_KINDS] + kind * KIND_W + K_COMBINE] == ADD
    total = 0
    for d in range(nd):
        c = mt[MT_CELLS] + (kind * nd + d) * CELL_W
        if mt[c + C_OWNS] == 0:
            continue
        v = s[mt[c + C_FIELD] + w]
        if add:
            total += v
        else:
            total |= v
    return total


@internal_inline
def mod_derive(s, cards, mt, slot):
    """Each kind's value now, without continuous abilities, into its ``derived`` word: the
    printed value (``base_column`` of ``cards``, the card table; 0 without one) with the card's
    modifiers; a game then adds its continuous abilities (FF-TCG CR 11.12.4, Weiss Schwarz CR 8.9).
    It takes the card table its caller read once (``card_table(T)``): read from ``T`` here, LLVM
    decodes ``T``'s header again after every store into the row (both are int32 arrays that may
    overlap), which measured 180 instructions per decision in FF-TCG's refresh."""
    w = slot * mt[MT_CARD_W]
    cid = s[mt[MT_CARD] + w]
    for k in range(mt[MT_N_KINDS]):
        r = mt[MT_KINDS] + k * KIND_W
        if mt[r + K_DERIVED] < 0:
            continue
        col = mt[r + K_BASE_COL]
        base = cards[cid, col] if col >= 0 else 0
        if mt[r + K_COMBINE] == ADD:
            s[mt[r + K_DERIVED] + w] = base + mod_total(s, mt, slot, k)
        else:
            s[mt[r + K_DERIVED] + w] = base | mod_total(s, mt, slot, k)


@internal_inline
def mod_end(s, mt, slot, duration):
    """``duration`` ends for card ``slot``: its modifiers of that duration and the forgotten words
    that end with it return to their reset values (FF-TCG CR 9.5.1.3, Force of Will CR 505.5a-b /
    807.3a, Weiss Schwarz CR 6.8.1.4)."""
    w = slot * mt[MT_CARD_W]
    nd = mt[MT_N_DURATIONS]
    for k in range(mt[MT_N_KINDS]):
        c = mt[MT_CELLS] + (k * nd + duration) * CELL_W
        if mt[c + C_OWNS] == 0:
            continue
        s[mt[c + C_FIELD] + w] = 0
        if mt[c + C_UNTIL] >= 0:
            s[mt[c + C_UNTIL] + w] = 0
    for i in range(mt[MT_N_WORDS]):
        r = mt[MT_WORDS] + i * WORD_W
        if mt[r + W_DURATION] == duration:
            s[mt[r + W_FIELD] + w] = mt[r + W_RESET]


@internal_inline
def mod_end_in_zone(s, mt, zt, zone, duration):
    """``mod_end`` for every card in list zone ``zone`` of both players (the field: where a game's
    modifiers live, since a card that leaves forgets them)."""
    for p in range(2):
        n_off, l_off = zone_offsets(zt, zone, p)
        for i in range(s[n_off]):
            mod_end(s, mt, s[l_off + i], duration)


@internal_inline
def mod_end_all(s, mt, duration):
    """``mod_end`` for every card slot (a game whose modified cards are in no list zone)."""
    for slot in range(mt[MT_N_SLOTS]):
        mod_end(s, mt, slot, duration)


@internal_inline
def mod_expire(s, mt, slot, turn):
    """The end of turn ``turn``: each turn-counted modifier of ``slot`` whose expiry turn is set and
    not after ``turn`` ends (Weiss Schwarz CR 8.2.1.2: "until the end of your opponent's next
    turn")."""
    w = slot * mt[MT_CARD_W]
    for c in range(mt[MT_CELLS], mt[MT_WORDS], CELL_W):
        u = mt[c + C_UNTIL]
        if u < 0 or mt[c + C_OWNS] == 0:
            continue
        if s[u + w] != 0 and s[u + w] <= turn:
            s[mt[c + C_FIELD] + w] = 0
            s[u + w] = 0


@internal_inline
def mod_expire_all(s, mt, turn):
    """``mod_expire`` for every card slot."""
    for slot in range(mt[MT_N_SLOTS]):
        mod_expire(s, mt, slot, turn)


@internal_inline
def mod_end_turn_all(s, mt, duration, turn):
    """The end of turn ``turn`` for every card slot, in one pass: ``mod_end(duration)`` then
    ``mod_expire(turn)`` per slot (Weiss Schwarz CR 6.8.1.4 and 8.2.1.2). ``mod_end_all`` then
    ``mod_expire_all`` give the same rows but walk the slots twice, which measured 8-15% of Weiss
    Schwarz's decision (docs/performance-log.md)."""
    for slot in range(mt[MT_N_SLOTS]):
        mod_end(s, mt, slot, duration)
        mod_expire(s, mt, slot, turn)


@internal_inline
def mod_forget(s, mt, slot):
    """Card ``slot`` is a new card: every modifier, expiry turn and forgotten word returns to its
    reset value (FF-TCG CR 7.4, Force of Will CR 302.3, Weiss Schwarz CR 3.1.4)."""
    w = slot * mt[MT_CARD_W]
    for c in range(mt[MT_CELLS], mt[MT_WORDS], CELL_W):
        if mt[c + C_OWNS] == 0:
            continue
        s[mt[c + C_FIELD] + w] = 0
        if mt[c + C_UNTIL] >= 0:
            s[mt[c + C_UNTIL] + w] = 0
    for i in range(mt[MT_N_WORDS]):
        r = mt[MT_WORDS] + i * WORD_W
        s[mt[r + W_FIELD] + w] = mt[r + W_RESET]


@internal_inline
def mod_zone_change(game, s, mt, slot, old_zone, new_zone):
    """Card ``slot`` moved from ``old_zone`` to ``new_zone``: it forgets (``mod_forget``) unless
    the game says the move keeps it the same card (``game.keeps_modifiers``). Returns whether it
    forgot."""
    if keeps_modifiers(game, old_zone, new_zone):
        return False
    mod_forget(s, mt, slot)
    return True
