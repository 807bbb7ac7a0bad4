"""Build Weiss Schwarz rule scenarios: start from a real game, rearrange cards, get a Game.

Used by the rule tests and handy for studying a position::

    sc = Scenario.main_phase(pool, decks=(d0, d1), turn_player=0)
    sc.put(0, card_id, "stage", pos=0)
    sc.put(0, card_id, "clock")
    game = sc.game()          # runs the engine from the main phase to its first decision

Edits go through the same zone lists the kernels use; ``game()`` lets the engine run its check
timing (rule actions, derived power) and then the snapshot consistency check, so a scenario can
only describe a state the engine understands. Cards are taken from the player's deck (the deck's
order is otherwise kept); ``stack_deck`` puts chosen cards on top of the deck.
"""

from __future__ import annotations

import numpy as np

from tcg_env.engine.header import H_DECIDER, H_DECISION, H_TURN
from tcg_env.engine.zones import zone_list
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.adapter import check_consistency

ZONES = {"deck": K.Zone.DECK, "hand": K.Zone.HAND, "waiting_room": K.Zone.WAITING_ROOM, "clock": K.Zone.CLOCK,
         "level": K.Zone.LEVEL, "stock": K.Zone.STOCK, "memory": K.Zone.MEMORY, "climax_area": K.Zone.CLIMAX_AREA,
         "stage": K.Zone.STAGE}
FLOWS = {"main": (4, K.Phase.MAIN), "climax": (5, K.Phase.CLIMAX), "attack": (6, K.Phase.ATTACK),
         "encore": (14, K.Phase.ATTACK), "end": (15, K.Phase.END), "clock": (3, K.Phase.CLOCK)}


class Scenario:
    def __init__(self, game):
        self.pool = game.pool
        self.spec = game.spec
        self.row = game._row.copy()

    @classmethod
    def main_phase(cls, pool=None, decks=None, turn_player: int = 0, turn: int = 3, seed: int = 0):
        """A game at ``turn_player``'s main phase: every card back in its owner's deck (shuffled
        order kept), no stock, clock, level or stage."""
        import tcg_env

        g = tcg_env.make_game("weiss_schwarz", decks=decks, seed=seed, pool=pool)
        sc = cls(g)
        r = sc.row
        for slot in range(K.N_SLOTS):
            if r[S.CARD + slot * S.CARD_W] >= 0 and r[S.ZONE + slot * S.CARD_W] != K.Zone.DECK:
                sc._move(slot, K.Zone.DECK)
        r[S.MULLIGAN_STAGE] = 2
        r[S.FIRST_PLAYER] = turn_player if turn % 2 == 1 else 1 - turn_player
        r[S.TURN_PLAYER] = turn_player
        r[H_TURN] = turn
        sc.flow("main")
        return sc

    # ---- edits ----------------------------------------------------------------------------------
    def _remove(self, slot):
        r = self.row
        z = int(r[S.ZONE + slot * S.CARD_W])
        p = slot // K.MAX_DECK
        if z == K.Zone.STAGE:
            r[S.STAGE + p * K.N_POSITIONS + int(r[S.POS + slot * S.CARD_W])] = -1
        S.ZONES.take(r, slot)
        r[S.POS + slot * S.CARD_W] = -1
        r[S.ORIENT + slot * S.CARD_W] = 0

    def _move(self, slot, zone, pos=None, orient=K.Orientation.STAND):
        r = self.row
        p = slot // K.MAX_DECK
        self._remove(slot)
        if zone == K.Zone.STAGE:
            old = int(r[S.STAGE + p * K.N_POSITIONS + pos])
            if old >= 0:
                self._move(old, K.Zone.DECK)
            r[S.STAGE + p * K.N_POSITIONS + pos] = slot
            r[S.POS + slot * S.CARD_W] = pos
            r[S.ORIENT + slot * S.CARD_W] = int(orient)
        S.ZONES.put(r, slot, zone, p)

    def _deck_slot(self, player, card_id):
        r = self.row
        for slot in self.zone(player, "deck")[::-1]:
            if int(r[S.CARD + slot * S.CARD_W]) == card_id:
                return slot
        raise ValueError(f"player {player} has no card id {card_id} left in the deck")

    def zone(self, player, name) -> list[int]:
        return zone_list(self.row, S.ZONES, ZONES[name], player)

    def put(self, player, card_id, zone, pos=None, orient=K.Orientation.STAND) -> int:
        """Move a copy of ``card_id`` from ``player``'s deck to ``zone`` (top); returns its slot."""
        z = ZONES[zone]
        if z == K.Zone.STAGE and pos is None:
            raise ValueError("put(..., 'stage') needs pos=0..4")
        slot = self._deck_slot(player, card_id)
        self._move(slot, z, pos, orient)
        return slot

    def put_many(self, player, card_ids, zone) -> list[int]:
        return [self.put(player, c, zone) for c in card_ids]

    def stack_deck(self, player, card_ids_top_first) -> None:
        """Put these cards on top of ``player``'s deck, the first one on top."""
        for c in reversed(list(card_ids_top_first)):
            slot = self._deck_slot(player, c)
            self._move(slot, K.Zone.DECK)

    def empty_deck_to(self, player, zone, keep: int = 0) -> None:
        """Move all but ``keep`` cards of ``player``'s deck to ``zone``."""
        while len(self.zone(player, "deck")) > keep:
            self._move(self.zone(player, "deck")[0], ZONES[zone])

    def flow(self, name: str) -> None:
        """Where the engine resumes: "main", "climax", "attack", "encore", "end", "clock"."""
        fl, ph = FLOWS[name]
        r = self.row
        r[S.FLOW] = fl
        r[S.PHASE] = int(ph)
        r[S.STEP] = int(K.AttackStep.DECLARATION) if name == "attack" else 0
        r[H_DECISION] = 0
        r[H_DECIDER] = -1

    def game(self):
        """Run the engine to the first decision from here and return a checked Game."""
        from tcg_env.game import Game
        from tcg_env.engine.rows import ROW_ADVANCE, row_entry
        from tcg_env.games.weiss_schwarz.hooks import RULES

        row = self.row.copy()
        row_entry(RULES, ROW_ADVANCE, row, self.pool.kernel_tables, np.zeros(1, np.int32), np.zeros(1, np.int32), 0, 0, 0, 0,
                  np.zeros(1, np.int8), np.zeros(1, np.float32))
        check_consistency(row, self.pool)
        return Game(self.spec, self.pool, row, 0)
