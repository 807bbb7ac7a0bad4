"""Ordered zone lists inside a state row, and the zone table that makes card moves generic.

A zone of one player is a count word plus a run of ``capacity`` words holding card-slot numbers;
index ``count - 1`` is the top (decks) or the newest card. Order is kept on removal so that hand
and field indices stay stable for agents (an action "hand slot 3" names the same card until a card
before it leaves).

The zone table
--------------
A game's ``state.py`` declares its list zones once in a :class:`ZoneTable`: the game's zone id
(its ``Zone`` enum value) -> the count and run fields of its :class:`~tcg_env.engine.layout.StateLayout`,
and where each card's record keeps its card id, owner and zone. :meth:`ZoneTable.compile` gives an
int64 array that the game keeps as a module-level constant (``ZT``); numba freezes a global array
into the compiled code, so ``zone_offsets(ZT, K.Zone.HAND, p)`` reads constants (folded where
the zone is known at compile time). With it the core moves cards for every game: ``zone_put``,
``zone_take``, ``zone_move``, ``zone_shuffle``, ``zone_count``, ``clear_zone_lists`` and ``deal_deck``
(a new game), ``deal_anew`` (determinization),
and :func:`zone_lists` (snapshots, ``card_zones``). What a game adds to a move (FF-TCG's field and
battle, Weiss Schwarz's stage positions and markers) stays in the game's wrapper around them.

Who sees a zone is declared with it (``seen_by``: :class:`Seen`; ``pile``: the zones whose cards a
player who cannot see them cannot tell apart; ``revealed``: the card-record field that makes one card
of a hidden zone public, such as Force of Will's runes revealed in their hidden rune area). From
that the core deals anew what a player cannot see (``deal_hidden``, the default of a game's
``resample_hidden``: a revealed card keeps its place), and the Python side knows which cards are
hidden from whom (:meth:`ZoneTable.hidden_piles`, :meth:`ZoneTable.pile_slots`: the conformance
kit's hidden-information test, scenarios, boards).

Conventions: zone id 0 is "no zone" (a card in limbo, between zones); player ``p``'s count is at
``count + p`` and its run at ``run + p * capacity``; a card is in the list of the player its record's
holder field names (the owner, or e.g. the controller for a field).
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np
from numba import njit

from tcg_env.engine.jit import internal
from tcg_env.engine.rng import rng_below, shuffle_run_with


@njit(cache=True)
def zone_push(s, count_off, run_off, slot):
    n = s[count_off]
    s[run_off + n] = slot
    s[count_off] = n + 1
    return n


@njit(cache=True)
def zone_push_bottom(s, count_off, run_off, slot):
    n = s[count_off]
    for i in range(n, 0, -1):
        s[run_off + i] = s[run_off + i - 1]
    s[run_off] = slot
    s[count_off] = n + 1


@njit(cache=True)
def zone_find(s, count_off, run_off, slot):
    """Index of ``slot`` in the zone, -1 if absent. A slot is in a zone at most once, so the
    search runs from the top down: the card looked for is most often the top or newest one (the
    top of a deck revealed or moved, the card just put into a zone): Weiss Schwarz's apply took
    ~1-5% fewer TSC cycles than with the search from the bottom (2026-11-25)."""
    n = s[count_off]
    i = n - 1
    while i >= 0:
        if s[run_off + i] == slot:
            return i
        i -= 1
    return -1


@njit(cache=True)
def zone_remove_at(s, count_off, run_off, index):
    n = s[count_off]
    slot = s[run_off + index]
    for i in range(index, n - 1):
        s[run_off + i] = s[run_off + i + 1]
    s[run_off + n - 1] = -1
    s[count_off] = n - 1
    return slot


@njit(cache=True)
def zone_remove(s, count_off, run_off, slot):
    i = zone_find(s, count_off, run_off, slot)
    if i >= 0:
        zone_remove_at(s, count_off, run_off, i)
    return i


@njit(cache=True)
def zone_pop_top(s, count_off, run_off):
    n = s[count_off]
    if n == 0:
        return -1
    slot = s[run_off + n - 1]
    s[run_off + n - 1] = -1
    s[count_off] = n - 1
    return slot


# =============================================================================================
# The zone table
# =============================================================================================
# The compiled table (ZoneTable.compile): a header, then one row of ZT_ROW_W words per zone id
ZT_CARD_W = 0  # words per card record
ZT_CARD = 1  # offset of the card-id field of record 0
ZT_OWNER = 2  # ... of the owner field
ZT_ZONE = 3  # ... of the zone field
ZT_PLAYERS = 4  # players (each list zone has one list per player)
ZT_HIDDEN = 5  # offset of the hidden piles (``deal_hidden``): the opponent's, then the viewer's own
ZT_ROWS = 6  # the first zone row: row of zone z at ZT_ROWS + z * ZT_ROW_W
ZT_ROW_W = 5
R_COUNT = 0  # offset of player 0's count; -1: not a list zone (no zone, a stage, a stack ...)
R_RUN = 1  # offset of player 0's run
R_CAP = 2  # capacity of one player's run
R_HOLDER = 3  # offset of the record field naming whose list holds the card (owner, controller)
R_REVEALED = 4  # offset of the record field that, non-zero, makes a card of this hidden zone public; -1 none
ZONE_NONE = 0  # the zone id of a card in no list (limbo), in every game


class Seen(IntEnum):
    """Who sees the cards of a list zone (``ZoneTable.add(seen_by=)``)."""

    ALL = 0  # public: both players see every card and the order (a field, a discard pile)
    HOLDER = 1  # its holder sees the cards, the other player only their number (a hand)
    NOBODY = 2  # face down: both see only the number; its holder knows the cards its piles hold
    # between them, not which is where (a deck, Weiss Schwarz's stock)


class ZoneTable:
    """A game's list zones, declared against its :class:`~tcg_env.engine.layout.StateLayout`.

    ``zones``: the game's zone enum (its largest value sizes the table; value 0 is "no zone").
    ``card``, ``owner``, ``zone``: the offsets of the per-card record fields (``add_records``)
    holding the card id, the owner and the zone; the record width is read from the layout.
    """

    def __init__(self, layout, zones, *, card: int, owner: int, zone: int, players: int = 2):
        by_offset = {f.offset: f for f in layout.fields.values()}
        self.layout = layout
        self.zones = zones
        self.players = players
        self.card, self.owner, self.zone = card, owner, zone
        self.card_w = by_offset[card].stride
        for off in (owner, zone):
            if by_offset[off].stride != self.card_w or abs(off - card) >= self.card_w:
                raise ValueError(f"{layout.game} zone table: field {by_offset[off].name!r} is not in the card records")
        if int(min(zones)) != ZONE_NONE:
            raise ValueError(f"{layout.game} zone table: {zones.__name__} must start at {ZONE_NONE} (no zone)")
        self.n_slots = by_offset[card].shape[0]
        self._by_offset = by_offset
        self.lists: dict[int, tuple[str, int, int, int, int]] = {}  # zone id -> (name, count, run, cap, holder)
        self.seen: dict[int, Seen] = {}  # zone id -> who sees its cards
        self.piles: dict[int, str] = {}  # zone id -> its pile (zones dealt anew together)
        self.revealed: dict[int, int] = {}  # zone id -> the record field making one of its cards public

    def add(self, zone_id, count: int, run: int, holder: int | None = None, seen_by: Seen = Seen.ALL,
            pile: str | None = None, revealed: int | None = None) -> None:
        """List zone ``zone_id``: its count field (shape ``(players,)``) and run field (shape
        ``(players, capacity)``) in the layout, named after the run field. ``holder``: the record
        field naming whose list holds a card (default: the owner). ``seen_by``: who sees its cards
        (:class:`Seen`, default public). ``pile``: a name shared by the hidden zones whose cards a
        player who cannot see them cannot tell apart (a hand and a deck: the opponent knows the
        cards they hold between them, from the deck list, not which is where); default the zone's
        own name. Piles are dealt anew as one (``deal_hidden``). ``revealed``: for a hidden zone, the
        card-record field whose non-zero value makes that card public (a card revealed there and
        staying there: Force of Will's runes, CR 711.2): the piles leave it out, so a deal keeps it
        in its place (``pile_slots``, ``deal_anew``)."""
        game = self.layout.game
        z = int(zone_id)
        if z == ZONE_NONE or z in self.lists:
            raise ValueError(f"{game} zone table: zone {zone_id!r} declared twice or is the 'no zone' id")
        c, r = self._by_offset.get(count), self._by_offset.get(run)
        if c is None or c.shape != (self.players,):
            raise ValueError(f"{game} zone table: {zone_id!r}: offset {count} is not a count field of shape ({self.players},)")
        if r is None or len(r.shape) != 2 or r.shape[0] != self.players:
            raise ValueError(f"{game} zone table: {zone_id!r}: offset {run} is not a run field of shape ({self.players}, capacity)")
        self.lists[z] = (r.name, count, run, r.shape[1], self.owner if holder is None else holder)
        self.seen[z] = Seen(seen_by)
        self.piles[z] = r.name if pile is None else pile
        if revealed is not None:
            f = self._by_offset.get(revealed)
            if f is None or f.stride != self.card_w or abs(revealed - self.card) >= self.card_w:
                raise ValueError(f"{game} zone table: {zone_id!r}: offset {revealed} is not a field of the card records")
            if self.seen[z] == Seen.ALL:
                raise ValueError(f"{game} zone table: {zone_id!r} is public: a card of it needs no revealed field")
            self.revealed[z] = revealed

    def hidden_piles(self, viewer: int) -> list[tuple[int, tuple[int, ...]]]:
        """What ``viewer`` cannot see, as ``(player, zone ids)`` piles in declaration order: the
        other player's zones that are not public, then ``viewer``'s own face-down ones, zones of one
        pile together (a pile's cards can be dealt anew among its zones, ``deal_hidden``). A zone's
        revealed cards (``add(revealed=)``) are public: ``pile_slots`` leaves them out."""
        out = []
        for player, hidden in ((1 - viewer, (Seen.HOLDER, Seen.NOBODY)), (viewer, (Seen.NOBODY,))):
            piles: dict[str, list[int]] = {}
            for z in self.lists:
                if self.seen[z] in hidden:
                    piles.setdefault(self.piles[z], []).append(z)
            out.extend((player, tuple(zs)) for zs in piles.values())
        return out

    def pile_slots(self, row: np.ndarray, player: int, zones) -> list[int]:
        """The card slots of ``player``'s lists ``zones`` (a pile of ``hidden_piles``), zone after
        zone, bottom to top, without the revealed ones (public): the cards a deal permutes
        (``pile_slot`` in the kernels)."""
        out = []
        for z in zones:
            f = self.revealed.get(int(z))
            out.extend(s for s in zone_list(row, self, z, player) if f is None or row[f + s * self.card_w] == 0)
        return out

    def _hidden_section(self) -> list[int]:
        """``hidden_piles`` for the kernels: for the opponent, then for the viewer's own zones,
        the number of piles, then per pile its number of zones and their ids."""
        out = []
        for who in (1, 0):  # (the piles are the same for either viewer)
            piles = [zs for p, zs in self.hidden_piles(0) if p == who]
            out.append(len(piles))
            for zs in piles:
                out.extend([len(zs), *zs])
        return out

    def compile(self) -> np.ndarray:
        """The table the kernels read (keep it as a module-level constant: numba freezes it)."""
        n = int(max(self.zones)) + 1
        hidden = self._hidden_section()
        zt = np.zeros(ZT_ROWS + n * ZT_ROW_W + len(hidden), np.int64)
        zt[ZT_CARD_W], zt[ZT_CARD], zt[ZT_OWNER], zt[ZT_ZONE] = self.card_w, self.card, self.owner, self.zone
        zt[ZT_PLAYERS] = self.players
        zt[ZT_HIDDEN] = ZT_ROWS + n * ZT_ROW_W
        zt[int(zt[ZT_HIDDEN]) :] = hidden
        for z in range(n):
            r = ZT_ROWS + z * ZT_ROW_W
            name, count, run, cap, holder = self.lists.get(z, ("", -1, -1, 0, self.owner))
            zt[r + R_COUNT], zt[r + R_RUN], zt[r + R_CAP], zt[r + R_HOLDER] = count, run, cap, holder
            zt[r + R_REVEALED] = self.revealed.get(z, -1)
        zt.setflags(write=False)
        return zt

    def check(self, row: np.ndarray, err) -> dict[int, str]:
        """Snapshot checks of the lists: counts within capacity, slots in range and listed once,
        each in the list its zone record names, of the player its holder field names, revealed
        (``add(revealed=)``) only in a zone that declares it; ``err(msg)`` raises. Returns
        ``{slot: list name}`` of every listed card."""
        seen: dict[int, str] = {}
        for z, (name, count, run, cap, holder) in self.lists.items():
            not_here = set(self.revealed.values()) - {self.revealed.get(z)}  # revealed fields of other zones
            for p in range(self.players):
                n = int(row[count + p])
                if not 0 <= n <= cap:
                    err(f"{name} count of player {p} is {n}, must be 0..{cap}")
                for slot in row[run + p * cap : run + p * cap + n]:
                    slot = int(slot)
                    if not 0 <= slot < self.n_slots:
                        err(f"{name} of player {p} lists slot {slot}, out of range")
                    if slot in seen:
                        err(f"slot {slot} is listed in both {seen[slot]} and {name}")
                    seen[slot] = name
                    zone = int(row[self.zone + slot * self.card_w])
                    if zone != z:
                        err(f"slot {slot} is listed in {name} of player {p} but its zone is {zone}")
                    who = int(row[holder + slot * self.card_w])
                    if who != p:
                        err(f"slot {slot} is in {name} of player {p} but belongs to player {who}")
                    for f in not_here:
                        if row[f + slot * self.card_w] != 0:
                            err(f"slot {slot} is revealed in {name}, a zone that has no revealed cards")
        return seen

    def take(self, row: np.ndarray, slot: int) -> None:
        """Python twin of the kernel ``zone_take`` for building positions (scenarios): ``slot``
        out of the list its zone record names (the rest keep their order); record "no zone"."""
        w = slot * self.card_w
        z = int(row[self.zone + w])
        if z in self.lists:
            _, count, run, cap, holder = self.lists[z]
            p = int(row[holder + w])
            rest = [x for x in zone_list(row, self, z, p) if x != slot]
            if len(rest) < int(row[count + p]):
                row[run + p * cap : run + p * cap + len(rest)] = rest
                row[run + p * cap + len(rest)] = -1
                row[count + p] = len(rest)
        row[self.zone + w] = ZONE_NONE

    def put(self, row: np.ndarray, slot: int, z, player: int, bottom: bool = False) -> None:
        """Python twin of ``zone_put`` into ``player``'s list (on top, or at the bottom): a
        ValueError names a full list. The card must be in no list."""
        z = int(z)
        if z in self.lists:
            name, count, run, cap, _ = self.lists[z]
            n = int(row[count + player])
            if n >= cap:
                raise ValueError(f"{name} of player {player} is full ({cap})")
            base = run + player * cap
            if bottom:
                row[base + 1 : base + n + 1] = row[base : base + n].copy()
            row[base + (0 if bottom else n)] = slot
            row[count + player] = n + 1
        row[self.zone + slot * self.card_w] = z

    def names(self) -> dict[int, str]:
        """Zone id -> the list's name (its run field's name), in declaration order."""
        return {z: v[0] for z, v in self.lists.items()}


def zone_list(row: np.ndarray, table: ZoneTable, z, p: int) -> list[int]:
    """Player ``p``'s list zone ``z``: its card slots, bottom .. top."""
    _, count, run, cap, _ = table.lists[int(z)]
    n = int(row[count + p])
    return [int(x) for x in row[run + p * cap : run + p * cap + n]]


def zone_lists(row: np.ndarray, table: ZoneTable, zones=None) -> dict[tuple[int, str], list[int]]:
    """``{(player, zone name): [card slots, bottom .. top]}`` of the table's list zones (or of
    ``zones``, zone ids), zone by zone in declaration order: snapshots, ``card_zones``, boards."""
    return {(p, table.lists[int(z)][0]): zone_list(row, table, z, p)
            for z in (table.lists if zones is None else zones) for p in range(table.players)}


class ZoneLists:
    """A game's list zones declared once each: ``declare`` allocates the zone's count and run words
    in the layout where it is called (the game's row keeps its order) and remembers the rest of its
    declaration for the zone table, which ``table`` makes once the card records exist (they come
    after the lists in every game's row)::

        LISTS = ZoneLists(LAYOUT)
        DECK_N, DECK_L = LISTS.declare(Zone.DECK, "deck", MAX_DECK, seen_by=Seen.NOBODY)
        ...                                           # the card records
        ZONES = LISTS.table(Zone, card=CARD, owner=OWNER, zone=ZONE)
    """

    def __init__(self, layout, players: int = 2):
        self.layout = layout
        self.players = players
        # (zone id, count offset, run offset, the rest of ZoneTable.add's arguments), as declared
        self._declared: list[tuple[int, int, int, dict]] = []

    def counts(self, *names: str) -> None:
        """Allocate the count words of zones declared next, adjacent, as ``"<name>_count"`` (a
        row that keeps its zones' counts together before their runs)."""
        for name in names:
            self.layout.add(f"{name}_count", self.players)

    def declare(self, zone_id, name: str, capacity: int, *, count: str | None = None, **add) -> tuple[int, int]:
        """List zone ``zone_id``: its count word ``count`` (default ``"<name>_count"``; allocated now
        unless ``counts`` did) and its run ``name`` of ``capacity`` cards per player, allocated now;
        returns their offsets. ``add``: the rest of :meth:`ZoneTable.add` (``holder``, ``seen_by``,
        ``pile`` ...); a card-record field (``holder``) may be given by its name, as the records are
        declared later."""
        count = f"{name}_count" if count is None else count
        field = self.layout.fields.get(count)
        count_off = field.offset if field is not None else self.layout.add(count, self.players)
        run_off = self.layout.add(name, (self.players, capacity))
        self._declared.append((int(zone_id), count_off, run_off, add))
        return count_off, run_off

    def table(self, zones, *, first=(), **records) -> ZoneTable:
        """The :class:`ZoneTable` of the declared zones (``records``: its ``card``, ``owner``,
        ``zone`` ...), in the order declared, but those of ``first`` first (the table's order is the
        order ``deal_hidden`` deals the zones of a pile in)."""
        table = ZoneTable(self.layout, zones, players=self.players, **records)
        first = [int(z) for z in first]
        ordered = sorted(self._declared, key=lambda d: first.index(d[0]) if d[0] in first else len(first))
        for z, count_off, run_off, add in ordered:
            # a record field given by name: its offset (``pile`` is a name of its own)
            add = {k: self.layout.fields[v].offset if isinstance(v, str) and k != "pile" else v
                   for k, v in add.items()}
            table.add(zones(z), count_off, run_off, **add)
        return table


@internal
def clear_zone_lists(s, zt):
    """Every list of every player empty, its run all -1 (no card): a new game's zones."""
    for r in range(ZT_ROWS, zt[ZT_HIDDEN], ZT_ROW_W):
        if zt[r + R_COUNT] >= 0:
            for p in range(zt[ZT_PLAYERS]):
                s[zt[r + R_COUNT] + p] = 0
                for i in range(zt[r + R_CAP]):
                    s[zt[r + R_RUN] + p * zt[r + R_CAP] + i] = -1


@internal
def deal_deck(s, zt, z, p, deck, first_slot):
    """A new game's deck: card ids ``deck`` into player ``p``'s card slots ``first_slot ..``, owned
    by ``p``, put in order into its list ``z`` (the first card at the bottom)."""
    w = zt[ZT_CARD_W]
    for i in range(deck.shape[0]):
        slot = first_slot + i
        s[zt[ZT_CARD] + slot * w] = deck[i]
        s[zt[ZT_OWNER] + slot * w] = p
        zone_put(s, zt, slot, z)


@internal
def zone_offsets(zt, z, p):
    """(count offset, run offset) of list zone ``z`` of player ``p``."""
    r = ZT_ROWS + z * ZT_ROW_W
    return zt[r + R_COUNT] + p, zt[r + R_RUN] + p * zt[r + R_CAP]


@internal
def zone_count(s, zt, z, p):
    return s[zt[ZT_ROWS + z * ZT_ROW_W + R_COUNT] + p]


@internal
def zone_put(s, zt, slot, z):
    """Put ``slot`` on top of its holder's list ``z`` and record ``z`` on the card; for a zone
    without a list (a stage, the stack ...) only the record. The card must be in no list (taken)."""
    w = slot * zt[ZT_CARD_W]
    r = ZT_ROWS + z * ZT_ROW_W
    if zt[r + R_COUNT] >= 0:
        p = s[zt[r + R_HOLDER] + w]
        zone_push(s, zt[r + R_COUNT] + p, zt[r + R_RUN] + p * zt[r + R_CAP], slot)
    s[zt[ZT_ZONE] + w] = z


@internal
def zone_take(s, zt, slot):
    """Remove ``slot`` from the list its zone record names (order of the rest kept) and record
    "no zone"; a card whose zone has no list only loses the record. Returns the zone it was in."""
    w = slot * zt[ZT_CARD_W]
    z = s[zt[ZT_ZONE] + w]
    r = ZT_ROWS + z * ZT_ROW_W
    if zt[r + R_COUNT] >= 0:
        p = s[zt[r + R_HOLDER] + w]
        zone_remove(s, zt[r + R_COUNT] + p, zt[r + R_RUN] + p * zt[r + R_CAP], slot)
    s[zt[ZT_ZONE] + w] = ZONE_NONE
    return z


@internal
def zone_move(s, zt, slot, z):
    """``zone_take`` then ``zone_put``: ``slot`` on top of list ``z``. Returns the zone it left."""
    old = zone_take(s, zt, slot)
    zone_put(s, zt, slot, z)
    return old


@internal
def zone_shuffle(s, zt, z, p, rng_row):
    """Shuffle player ``p``'s list ``z`` in place, drawing from ``rng_row``'s RNG (``s`` itself
    for the game's own shuffles)."""
    n_off, l_off = zone_offsets(zt, z, p)
    shuffle_run_with(rng_row, s, l_off, s[n_off])


@internal
def pile_slot(s, zt, p, zones, i):
    """The ``i``-th card slot of player ``p``'s lists ``zones`` (zone ids) taken one after the
    other, bottom to top, leaving out the revealed cards (public: ``ZoneTable.add(revealed=)``);
    -1 past the end."""
    for k in range(len(zones)):
        n_off, l_off = zone_offsets(zt, zones[k], p)
        n = s[n_off]
        f = zt[ZT_ROWS + zones[k] * ZT_ROW_W + R_REVEALED]
        if f < 0:
            if i < n:
                return s[l_off + i]
            i -= n
        else:
            for j in range(n):
                slot = s[l_off + j]
                if s[f + slot * zt[ZT_CARD_W]] == 0:
                    if i == 0:
                        return slot
                    i -= 1
    return -1


@internal
def pile_count(s, zt, p, zones):
    """How many cards ``pile_slot`` reaches: those of player ``p``'s lists ``zones`` that are
    not revealed."""
    total = 0
    for k in range(len(zones)):
        n_off, l_off = zone_offsets(zt, zones[k], p)
        f = zt[ZT_ROWS + zones[k] * ZT_ROW_W + R_REVEALED]
        if f < 0:
            total += s[n_off]
        else:
            for j in range(s[n_off]):
                if s[f + s[l_off + j] * zt[ZT_CARD_W]] == 0:
                    total += 1
    return total


@internal
def deal_anew(s, zt, p, zones, rng_row):
    """Deal player ``p``'s lists ``zones`` (a tuple of zone ids) anew from the same cards, with
    ``rng_row``'s RNG: the card ids are permuted (Fisher-Yates over the lists taken as one pile)
    among their slots, so every list, count and per-slot field stays, and only which card is
    where changes (determinization: what a player cannot see, re-dealt). A revealed card
    (``ZoneTable.add(revealed=)``) is public: it keeps its card id."""
    total = pile_count(s, zt, p, zones)
    w = zt[ZT_CARD_W]
    card = zt[ZT_CARD]
    for i in range(total - 1, 0, -1):
        j = rng_below(rng_row, i + 1)
        si = card + pile_slot(s, zt, p, zones, i) * w
        sj = card + pile_slot(s, zt, p, zones, j) * w
        t = s[si]
        s[si] = s[sj]
        s[sj] = t


@internal
def deal_hidden(s, zt, player, rng_row):
    """Deal anew, in place, what ``player`` cannot see by the zone table's declaration
    (``ZoneTable.hidden_piles``): each pile of the opponent's zones that are not public, then each
    pile of ``player``'s own face-down zones, with ``deal_anew`` (card ids permuted among the
    pile's slots: every list, count and per-card field stays; a revealed card keeps its place).
    The default ``resample_hidden``; a game adds what its zones cannot say (cards it knows
    otherwise, derived values to refresh)."""
    i = zt[ZT_HIDDEN]
    for who in range(2):
        p = 1 - player if who == 0 else player
        n_piles = zt[i]
        i += 1
        for _ in range(n_piles):
            n_zones = zt[i]
            deal_anew(s, zt, p, zt[i + 1 : i + 1 + n_zones], rng_row)
            i += 1 + n_zones
