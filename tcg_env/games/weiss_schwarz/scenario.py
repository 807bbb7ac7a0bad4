"""Build Weiss Schwarz rule scenarios: start from a real game, rearrange cards, get a Game.

Used by the rule tests and handy for studying a position::

    sc = Scenario.main_phase(pool, decks=(d0, d1), turn_player=0)
    sc.put(0, card_id, "stage", pos=0)
    sc.put(0, card_id, "clock")
    game = sc.game()          # runs the engine from the main phase to its first decision

A scenario is a :class:`tcg_env.scenario.Scenario`: edits go through the zone lists the kernels
use (``state.ZONES``), plus the stage positions, which are no list (CR 3.5 / 3.6: a card slot per
position); ``game()`` lets the engine run its check timing (rule actions, derived power) and then
the snapshot consistency check, so a scenario can only describe a state the engine understands.
Cards are copies taken from the player's deck (``NEW_CARDS`` False: the decks' order is otherwise
kept); ``stack_deck`` puts chosen cards on top of the deck.
"""

from __future__ import annotations

import numpy as np

from tcg_env.engine.header import H_DECIDER, H_DECISION, H_TURN
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.scenario import Scenario as _Scenario

# where the engine resumes (``Scenario.flow``): the flow state and its phase
FLOWS = {"main": (S.F_MAIN, K.Phase.MAIN), "climax": (S.F_CLIMAX, K.Phase.CLIMAX),
         "attack": (S.F_ATTACK_DECL, K.Phase.ATTACK), "encore": (S.F_ENCORE, K.Phase.ATTACK),
         "end": (S.F_END, K.Phase.END), "clock": (S.F_CLOCK, K.Phase.CLOCK)}


class Scenario(_Scenario):
    GAME = "weiss_schwarz"
    ZONES = S.ZONES
    DECK = K.Zone.DECK
    NEW_CARDS = False

    # ---- starting points ------------------------------------------------------------------------
    @classmethod
    def main_phase(cls, pool=None, decks=None, turn_player: int = 0, turn: int = 3, seed: int = 0) -> "Scenario":
        """A game at ``turn_player``'s main phase of turn ``turn``: every card back in its owner's
        deck (shuffled order kept), no stock, clock, level or stage, the mulligans done (CR 5.2)."""
        sc = cls.from_new_game(pool, decks, seed)
        r = sc.row
        r[S.MULLIGAN_STAGE] = 2
        r[S.FIRST_PLAYER] = turn_player if turn % 2 == 1 else 1 - turn_player
        r[S.TURN_PLAYER] = turn_player
        r[H_TURN] = turn
        sc.flow("main")
        return sc

    # ---- editing --------------------------------------------------------------------------------
    def zone_id(self, zone) -> int:
        """A list zone as the base says, or the stage (``"stage"``)."""
        return int(K.Zone.STAGE) if zone == "stage" else super().zone_id(zone)

    def move(self, slot: int, zone, player: int | None = None, top: bool = True, pos: int | None = None,
             orient=K.Orientation.STAND) -> None:
        """``slot`` into its owner's ``zone`` (on top, or at the bottom), or onto stage position
        ``pos`` facing ``orient`` (a character already there goes back to the deck). Off the stage
        a card has no position and stands (CR 3.1.4)."""
        z, r, w = self.zone_id(zone), self.row, slot * S.CARD_W
        p = self.owner(slot)
        if r[S.ZONE + w] == K.Zone.STAGE:
            r[S.STAGE + p * K.N_POSITIONS + int(r[S.POS + w])] = -1
        if z == K.Zone.STAGE:
            if pos is None or not 0 <= pos < K.N_POSITIONS:
                raise ValueError(f"weiss_schwarz scenario: the stage needs pos=0..{K.N_POSITIONS - 1}, got {pos!r}")
            old = int(r[S.STAGE + p * K.N_POSITIONS + pos])
            if old >= 0 and old != slot:
                self.move(old, self.DECK)
        super().move(slot, z, p, top=top)
        on_stage = z == K.Zone.STAGE
        r[S.POS + w] = pos if on_stage else -1
        r[S.ORIENT + w] = int(orient) if on_stage else K.Orientation.STAND
        if on_stage:
            r[S.STAGE + p * K.N_POSITIONS + pos] = slot

    def put(self, player: int, card, zone, pos: int | None = None, orient=K.Orientation.STAND) -> int:
        """Move a copy of ``card`` (an id or a card number) from ``player``'s deck to ``zone`` (on
        top; the stage: position ``pos`` facing ``orient``); returns its slot."""
        slot = self.deck_slot(player, card)
        self.move(slot, zone, player, pos=pos, orient=orient)
        return slot

    def stack_deck(self, player: int, cards_top_first) -> None:
        """Put these cards on top of ``player``'s deck, the first one on top."""
        for c in reversed(list(cards_top_first)):
            self.move(self.deck_slot(player, c), self.DECK)

    def empty_deck_to(self, player: int, zone, keep: int = 0) -> None:
        """Move all but ``keep`` cards of ``player``'s deck (from the bottom) to ``zone``."""
        while len(self.zone(player, self.DECK)) > keep:
            self.move(self.zone(player, self.DECK)[0], zone)

    def flow(self, name: str) -> None:
        """Where the engine resumes: "main", "climax", "attack", "encore", "end", "clock"."""
        fl, ph = FLOWS[name]
        r = self.row
        r[S.FLOW] = fl
        r[S.PHASE] = int(ph)
        r[S.STEP] = int(K.AttackStep.DECLARATION) if name == "attack" else 0
        r[H_DECISION] = 0
        r[H_DECIDER] = -1

    # ---- the position ---------------------------------------------------------------------------
    def finish(self, row: np.ndarray) -> None:
        """The engine runs from the flow state to its first decision (its check timing: rule
        actions, derived values, CR 9.1.2.2 / 8.9)."""
        from tcg_env.engine.rows import ROW_ADVANCE, row_entry
        from tcg_env.games.weiss_schwarz.hooks import RULES

        row_entry(RULES, ROW_ADVANCE, row, self.pool.kernel_tables, np.zeros(1, np.int32), np.zeros(1, np.int32), 0, 0, 0,
                  0, np.zeros(1, np.int8), np.zeros(1, np.float32))

    def check(self, row: np.ndarray) -> None:
        from tcg_env.games.weiss_schwarz.adapter import check_consistency

        check_consistency(row, self.pool)
