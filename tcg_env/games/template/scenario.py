"""Positions for the template game's rule tests: the shared scenario builder (tcg_env.scenario)
with the game's zones, what a move resets, and its starting point."""

from __future__ import annotations

import numpy as np

from tcg_env.engine.header import H_DECIDER, H_DECISION
from tcg_env.games.template import state as S
from tcg_env.games.template.constants import MANA_MAX, N_COLOURS, Decision, Zone
from tcg_env.scenario import Scenario


class TemplateScenario(Scenario):
    GAME = "template"
    ZONES = S.ZONES
    DECK = Zone.DECK
    RESET_ON_MOVE = (S.RESTED, S.POWER_EOT)  # R 2.2: a card that moves is a new card
    NEW_CARDS = True  # any card of the pool, made from the bottom card of the owner's deck

    @classmethod
    def main_phase(cls, turn_player: int = 0, life=(40, 40), pool=None, seed: int = 0) -> "TemplateScenario":
        """``turn_player``'s main decision, every card in its owner's deck, full mana (R 4.2)."""
        sc = cls.from_new_game(pool=pool, seed=seed)
        sc.set(S.TURN_PLAYER, turn_player)
        for p in range(2):
            sc.set(S.LIFE + p, life[p])
            for c in range(N_COLOURS):
                sc.set(S.MANA + p * N_COLOURS + c, MANA_MAX)
        sc.set(H_DECISION, Decision.MAIN)
        sc.set(H_DECIDER, turn_player)
        return sc

    def finish(self, row: np.ndarray) -> None:
        """Nothing to derive: a creature's power is read with its modifiers (turn.power_of)."""

    def check(self, row: np.ndarray) -> None:
        from tcg_env.games.template.adapter import check_snapshot

        check_snapshot(row, self.pool)
