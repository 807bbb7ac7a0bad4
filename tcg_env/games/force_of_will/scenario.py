"""Build Force of Will rule scenarios: start from a real game, rearrange cards, get a consistent Game.

Used by the rule tests and handy for studying a position::

    sc = Scenario.main_phase(pool, turn_player=0)
    sc.put(0, "FOW1-079", "field")     # Ember Crystal, a magic stone in play, recovered
    sc.hand(0, ["FOW1-024"])           # Cinder Whelp, {R}
    game = sc.game()                   # the stone's will plays the Whelp

Cards are new (``NEW_CARDS``): a card put somewhere takes one of its owner's unused card slots, so
any card of the pool can be used and the decks keep their cards. Edits go through the zone lists
the kernels use (``state.ZONES``); ``game()`` runs the snapshot consistency check
(``adapter.check_consistency``), so a scenario can only describe a state the engine understands.

The row-level helpers (``free_slot``, ``move``) are shared with the rule tests, which build
positions on rows of their own small pools (tests/force_of_will/fow_tables.py).
"""

from __future__ import annotations

import numpy as np

from tcg_env.engine.header import H_DECIDER, H_DECISION, H_TURN
from tcg_env.engine.zones import ZONE_NONE
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from tcg_env.scenario import Scenario as _Scenario

# the zones whose list is the controller's (CR 307.8a, 308.5, 312: field, ruler area, chase), not the owner's
CONTROLLED = (K.Zone.FIELD, K.Zone.RULER_AREA, K.Zone.CHASE)


def free_slot(row: np.ndarray, player: int, card_id: int) -> int:
    """One of ``player``'s unused card slots (the highest), made card ``card_id`` owned and
    controlled by ``player``, in no zone and attached to nothing; a ValueError when none is left."""
    base = player * K.PLAYER_SLOTS
    for slot in range(base + K.PLAYER_SLOTS - 1, base - 1, -1):
        w = slot * S.CARD_W
        if row[S.CARD + w] < 0:
            row[S.CARD + w] = card_id
            row[S.OWNER + w] = player
            row[S.CONTROLLER + w] = player
            row[S.ZONE + w] = ZONE_NONE
            row[S.ATTACHED + w] = -1
            return slot
    raise ValueError(f"force_of_will scenario: player {player} has no unused card slot left ({K.PLAYER_SLOTS} in all)")


def move(row: np.ndarray, slot: int, zone, controller: int | None = None, top: bool = True) -> None:
    """``slot`` into zone ``zone`` (on top, or at the bottom) as the kernels keep the lists: into its
    controller's list for the field, ruler area and chase (``controller``, default the card's
    current one), else its owner's. Per-card words are left as they are."""
    z = int(zone)
    w = slot * S.CARD_W
    S.ZONES.take(row, slot)
    if controller is not None:
        row[S.CONTROLLER + w] = controller
    player = int(row[(S.CONTROLLER if z in CONTROLLED else S.OWNER) + w])
    S.ZONES.put(row, slot, z, player, bottom=not top)


class Scenario(_Scenario):
    GAME = "force_of_will"
    ZONES = S.ZONES
    DECK = K.Zone.MAIN_DECK
    # a card that changes zones is a new object (CR 302.3): orientation, damage, modifiers, counters,
    # marks and the turn it entered go; a moved card is no longer revealed nor attached
    RESET_ON_MOVE = (S.RESTED, S.DAMAGE, S.ATK_EOT, S.DEF_EOT, S.ATK_EOB, S.DEF_EOB, S.ATK_PERM, S.DEF_PERM,
                     S.KW_EOT, S.KW_EOB, S.KW_PERM, S.RST_EOT, S.RST_PERM, S.COUNTERS, S.ENTERED, S.STANDBY_TURN,
                     S.USED_TURN, S.MARK, S.MANA, S.REVEALED, S.NAMED)
    NEW_CARDS = True

    # ---- starting points ------------------------------------------------------------------------
    @classmethod
    def main_phase(cls, pool=None, decks=None, turn_player: int = 0, turn: int = 3, seed: int = 0) -> "Scenario":
        """A game at ``turn_player``'s main timing of turn ``turn`` with priority (CR 504), reached
        by passing from a new game of ``decks`` (``seed``; no mulligan, no stone called, nothing
        played) with ``turn_player`` made the first player of the odd turns; then every hand card
        goes back on top of its owner's main deck. Rulers stay in their ruler areas, magic stones
        in the stone decks, runes and extra decks where the game put them; lives are full."""
        import tcg_env
        from tcg_env.game import Game

        if turn < 1:
            raise ValueError(f"force_of_will scenario: turn {turn} must be 1 or more")
        g = tcg_env.make_game(cls.GAME, seed=seed, pool=pool, decks=decks)
        row = g._row.copy()
        # CR 403.4: who goes first is decided before the mulligans (the new game's only asymmetry)
        first = turn_player if turn % 2 == 1 else 1 - turn_player
        row[S.FIRST_PLAYER] = first
        row[S.TURN_PLAYER] = first
        row[H_DECIDER] = first  # CR 403.5: the first player chooses its mulligan first
        g = Game(g.spec, g.pool, row, g.variant_index)
        for _ in range(40 * turn):
            if (int(g._row[S.STEP]) == K.Step.MAIN and int(g._row[H_DECISION]) == K.Decision.PRIORITY
                    and int(g._row[H_TURN]) == turn and int(g._row[H_DECIDER]) == turn_player):
                break
            g.step(K.PASS)
        else:
            raise AssertionError(f"force_of_will scenario: the main timing of turn {turn} was not reached")
        sc = cls(g)
        for p in range(2):
            for slot in sc.zone(p, K.Zone.HAND):
                sc.move(slot, K.Zone.MAIN_DECK, p)
        return sc

    # ---- editing --------------------------------------------------------------------------------
    def card_id(self, card) -> int:
        """A card by id or by the pool's card number; a ValueError names an unknown one."""
        try:
            cid = super().card_id(card)
        except KeyError:
            raise ValueError(f"force_of_will scenario: no card {card!r} in this pool") from None
        if not 0 <= cid < self.pool.n_cards:
            raise ValueError(f"force_of_will scenario: card id {cid} is outside this pool (0..{self.pool.n_cards - 1})")
        return cid

    def deck_slot(self, player: int, card) -> int:
        """A new ``card`` of ``player``: one of its unused card slots (``free_slot``)."""
        return free_slot(self.row, player, self.card_id(card))

    def put(self, player: int, card, zone, top: bool = True, *, rested: bool = False,
            entered_this_turn: bool = False) -> int:
        """A new ``card`` of ``player`` into its list ``zone`` (field, ruler area and chase: under its
        control); in the field ``rested`` or recovered, and ``entered_this_turn`` or the turn before
        (CR 803.3a: a J/resonator that entered this turn cannot attack). Returns its slot."""
        z = self.zone_id(zone)
        if z not in self.ZONES.lists:
            raise ValueError(f"force_of_will scenario: no list zone {zone!r} (zones: {', '.join(self.ZONES.names().values())})")
        slot = super().put(player, card, z, top=top)
        w = slot * S.CARD_W
        self.row[S.RESTED + w] = int(rested)
        if z == K.Zone.FIELD:
            turn = int(self.row[H_TURN])
            self.row[S.ENTERED + w] = turn if entered_this_turn else max(turn - 1, 0)
        return slot

    def field(self, player: int, cards, **kw) -> list[int]:
        return [self.put(player, c, K.Zone.FIELD, **kw) for c in cards]

    def will(self, player: int, attribute, n: int = 1) -> None:
        """``n`` will of ``attribute`` (``K.Attribute``) in ``player``'s pool (CR 907.4)."""
        self.row[S.WILL + player * K.N_WILL + int(attribute)] += n

    def life(self, player: int, value: int) -> None:
        self.row[S.LIFE + player] = value

    # ---- the position ---------------------------------------------------------------------------
    def finish(self, row: np.ndarray) -> None:
        """Nothing to derive: ATK, DEF and keywords are computed when read (``characteristics``),
        and the position keeps the pending decision it was built at."""

    def check(self, row: np.ndarray) -> None:
        from tcg_env.games.force_of_will.adapter import check_consistency

        check_consistency(row, self.pool)
