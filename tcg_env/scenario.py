"""Rule scenarios for every game: start from a real game, rearrange its cards through the zone
table, get a consistent :class:`~tcg_env.game.Game`.

A game's ``scenario.py`` subclasses :class:`Scenario`, declares its zone table and the per-card
words a move resets, and adds its starting points (``main_phase``: whose turn, which phase) and
what a position needs before it is played (``finish``: derived values, running to the next
decision)::

    sc = Scenario.main_phase(pool, turn_player=0)   # the game's own starting point
    sc.hand(0, ["FF1-001", "FF1-002"])
    sc.put(1, "FF1-010", "field")
    game = sc.game()

Every edit goes through the lists the kernels use (``ZoneTable.take`` / ``put``), and ``game()``
runs the game's snapshot consistency check, so a scenario can only describe a state the engine
understands; a wrong zone, card or player is a ``ValueError`` naming it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

import numpy as np

from tcg_env.engine.zones import ZoneTable, zone_list


class Scenario(ABC):
    """A position being built from ``game``'s row (a copy: the game is not changed).

    Subclasses set ``GAME`` (the registry name), ``ZONES`` (the game's zone table), ``DECK`` (its
    deck's zone id), ``RESET_ON_MOVE`` (record offsets set to 0 when a card moves: tapped, damage,
    modifiers...) and ``NEW_CARDS`` (True: ``put`` turns the bottom card of the owner's deck into
    the card asked for, so any card of the pool can be used; False: it takes a copy that is in the
    deck), and implement ``finish`` and ``check``."""

    GAME: ClassVar[str]
    ZONES: ClassVar[ZoneTable]
    DECK: ClassVar[int]
    RESET_ON_MOVE: ClassVar[tuple[int, ...]] = ()
    NEW_CARDS: ClassVar[bool] = True
    KEEP_ZONES: ClassVar[tuple[int, ...]] = ()  # areas whose cards ``from_new_game`` leaves in place (a Leader)

    def __init__(self, game):
        self.pool = game.pool
        self.spec = game.spec
        self.row = game._row.copy()
        self.variant = game.variant_index

    @classmethod
    def from_new_game(cls, pool=None, decks=None, seed: int = 0, **make_options) -> "Scenario":
        """A new game of the decks (``seed``), every card back in its owner's deck (the shuffled
        order kept): the usual start of a game's ``main_phase``."""
        import tcg_env

        sc = cls(tcg_env.make_game(cls.GAME, seed=seed, pool=pool, decks=decks, **make_options))
        z = cls.ZONES
        for slot in range(z.n_slots):
            zone = sc.row[z.zone + slot * z.card_w]
            if sc.row[z.card + slot * z.card_w] >= 0 and zone != cls.DECK and zone not in cls.KEEP_ZONES:
                sc.move(slot, cls.DECK, sc.owner(slot))
        return sc

    # ---- reading ----------------------------------------------------------------------------------
    def zone_id(self, zone) -> int:
        """A zone by id, enum member or list name (``"hand"``); a ValueError names the choices."""
        names = {name: z for z, name in self.ZONES.names().items()}
        if isinstance(zone, str):
            if zone not in names:
                raise ValueError(f"{self.GAME} scenario: no zone {zone!r} (zones: {', '.join(names)})")
            return names[zone]
        return int(zone)

    def zone(self, player: int, zone) -> list[int]:
        """``player``'s list ``zone``: its card slots, bottom .. top."""
        return zone_list(self.row, self.ZONES, self.zone_id(zone), player)

    def owner(self, slot: int) -> int:
        return int(self.row[self.ZONES.owner + slot * self.ZONES.card_w])

    def card_id(self, card) -> int:
        """A card by id or by the pool's card number."""
        return int(card) if isinstance(card, (int, np.integer)) else int(self.pool.card_id(card))

    # ---- editing ----------------------------------------------------------------------------------
    def move(self, slot: int, zone, player: int | None = None, top: bool = True) -> None:
        """Move ``slot`` into ``player``'s list ``zone`` (default: its owner's), on top or at the
        bottom; the declared per-card words are reset (a card that changes zones is a new card)."""
        z, zt, row = self.zone_id(zone), self.ZONES, self.row
        player = self.owner(slot) if player is None else player
        zt.take(row, slot)
        if z in zt.lists:
            holder = zt.lists[z][4]
            row[holder + slot * zt.card_w] = player  # whose list holds it (the owner, a controller)
        zt.put(row, slot, z, player, bottom=not top)
        for off in self.RESET_ON_MOVE:
            row[off + slot * zt.card_w] = 0

    def deck_slot(self, player: int, card) -> int:
        """The slot a new ``card`` of ``player`` comes from: a copy in its deck (the topmost), or
        with ``NEW_CARDS`` the bottom card of the deck, which becomes ``card``."""
        cid, zt = self.card_id(card), self.ZONES
        deck = self.zone(player, self.DECK)
        if self.NEW_CARDS:
            if not deck:
                raise ValueError(f"{self.GAME} scenario: player {player} has no deck cards left to turn into {card!r}")
            slot = deck[0]
            self.row[zt.card + slot * zt.card_w] = cid
            return slot
        for slot in reversed(deck):
            if int(self.row[zt.card + slot * zt.card_w]) == cid:
                return slot
        raise ValueError(f"{self.GAME} scenario: player {player} has no {card!r} left in the deck")

    def put(self, player: int, card, zone, top: bool = True) -> int:
        """A ``card`` of ``player`` into its list ``zone`` (on top); returns its slot."""
        slot = self.deck_slot(player, card)
        self.move(slot, zone, player, top=top)
        return slot

    def put_many(self, player: int, cards, zone) -> list[int]:
        return [self.put(player, c, zone) for c in cards]

    def hand(self, player: int, cards) -> list[int]:
        return self.put_many(player, cards, "hand")

    def set(self, offset: int, value: int) -> None:
        self.row[offset] = value

    # ---- the position -----------------------------------------------------------------------------
    @abstractmethod
    def finish(self, row: np.ndarray) -> None:
        """What the game needs before the position is played (derived values, the next decision)."""

    @abstractmethod
    def check(self, row: np.ndarray) -> None:
        """The game's snapshot consistency check (a SnapshotError names what is wrong)."""

    def game(self):
        """A Game at this position: ``finish``, then ``check``."""
        from tcg_env.game import Game

        row = self.row.copy()
        self.finish(row)
        self.check(row)
        return Game(self.spec, self.pool, row, self.variant)
