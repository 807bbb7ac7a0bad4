"""Positions for the Dragon Ball Super Card Game's rule tests and for users: the shared scenario
builder (tcg_env.scenario) with the game's areas, what a move resets, and its starting point::

    sc = DbscgScenario.main_phase(turn_player=0)
    sc.hand(0, ["DBS-010"])
    sc.energy(0, ["DBS-001", "DBS-001"])
    game = sc.game()
"""

from __future__ import annotations

import numpy as np

from tcg_env.engine.header import H_DECIDER, H_DECISION, H_TURN
from tcg_env.games.dbscg import state as S
from tcg_env.games.dbscg.constants import START_LIFE, Decision, Zone
from tcg_env.games.dbscg.state import Phase
from tcg_env.games.dbscg.turn import Step
from tcg_env.scenario import Scenario


class DbscgScenario(Scenario):
    GAME = "dbscg"
    ZONES = S.ZONES
    DECK = Zone.DECK
    RESET_ON_MOVE = (S.RESTED, S.POWER_EOT, S.POWER_EOB, S.POWER_STAY, S.KW_EOT, S.KW_STAY, S.USED, S.ATTACKS,
                     S.FLAGS)  # 3-1-4: a card that moves is a new card
    NEW_CARDS = True  # any card of the pool, made from the bottom card of the owner's deck
    KEEP_ZONES = (Zone.LEADER,)  # the Leaders stay (a deck holds 50 cards, 5-1-3)

    @classmethod
    def main_phase(cls, turn_player: int = 0, life: tuple[int, int] = (START_LIFE, START_LIFE), pool=None,
                   decks=None, seed: int = 0) -> "DbscgScenario":
        """``turn_player``'s Main Phase free timing on its second turn: each Leader in its area, the
        other cards back in the decks, then ``life`` Life cards each from the top of the deck."""
        sc = cls.from_new_game(pool=pool, decks=decks, seed=seed)
        for p in range(2):
            for _ in range(life[p]):
                sc.move(sc.zone(p, Zone.DECK)[-1], Zone.LIFE, p)
            sc.set(S.REDRAWN + p, 1)
        sc.set(S.TURN_PLAYER, turn_player)
        sc.set(S.FIRST_PLAYER, turn_player)
        sc.set(H_TURN, 3)
        sc.set(S.PHASE, Phase.MAIN)
        sc.set(S.STEP, Step.MAIN)
        sc.set(S.CHARGED, 1)
        sc.set(H_DECISION, Decision.MAIN)
        sc.set(H_DECIDER, turn_player)
        return sc

    def energy(self, player: int, cards, rested: bool = False) -> list[int]:
        """Cards into ``player``'s Energy Area (Active Mode unless ``rested``)."""
        slots = self.put_many(player, cards, Zone.ENERGY)
        for slot in slots:
            self.set(S.RESTED + slot * S.CARD_W, int(rested))
        return slots

    def battle(self, player: int, cards, rested: bool = False) -> list[int]:
        slots = self.put_many(player, cards, Zone.BATTLE)
        for slot in slots:
            self.set(S.RESTED + slot * S.CARD_W, int(rested))
        return slots

    def finish(self, row: np.ndarray) -> None:
        """Nothing to derive: power and keywords are read with their modifiers (turn.power_of)."""

    def check(self, row: np.ndarray) -> None:
        from tcg_env.games.dbscg.adapter import check_snapshot

        check_snapshot(row, self.pool)
