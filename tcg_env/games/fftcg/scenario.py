"""Build FF-TCG rule scenarios: start from a real game, rearrange cards, get a consistent Game.

Used by the rule tests and handy for users who want to study a position::

    g = tcg_env.make_game("fftcg", seed=1)
    sc = Scenario.main_phase(g.pool, turn_player=0)
    sc.hand(0, ["FF1-001", "FF1-002"])
    sc.field(0, ["FF1-010"], dull=False)
    game = sc.game()

Built on the shared base (:class:`tcg_env.scenario.Scenario`): cards are new (``NEW_CARDS``: the
bottom card of the owner's deck becomes the card asked for), every edit goes through the zone
lists the kernels use (``state.ZONES``), and ``game()`` runs the snapshot consistency check, so a
scenario can only describe a state the engine understands.
"""

from __future__ import annotations

import numpy as np

from tcg_env.engine.header import H_DECIDER, H_DECISION, H_NUM_DECISIONS, H_TURN
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tcg_env.scenario import Scenario as _Scenario


class Scenario(_Scenario):
    GAME = "fftcg"
    ZONES = S.ZONES
    DECK = K.Zone.DECK
    # a card that moves is a new card (CR 7.4): it is active, undamaged, not frozen, has not attacked
    # and has no effect's modifiers (the derived values are recomputed by ``finish``)
    RESET_ON_MOVE = (S.DULL, S.DMG, S.FROZEN, S.ATTACKED, S.PMOD_EOT, S.PMOD_PERM, S.KW_EOT, S.KW_PERM, S.RST_EOT,
                     S.RST_PERM)
    NEW_CARDS = True

    # ---- starting points ------------------------------------------------------------------------
    @classmethod
    def main_phase(cls, pool=None, turn_player: int = 0, turn: int = 3, seed: int = 0, decks=None, rules=None):
        """A game at ``turn_player``'s Main Phase 1 priority with empty hands, fields and damage;
        decks keep their shuffled cards. ``rules``: a rules variant's hooks module (``make_game``'s
        ``rules``), whose rules the position's game plays."""
        sc = cls.from_new_game(pool, decks, seed, rules=rules)
        r = sc.row
        r[S.FIRST_PLAYER] = turn_player if turn % 2 == 1 else 1 - turn_player
        r[S.TURN_PLAYER] = turn_player
        r[H_TURN] = turn
        r[S.PHASE] = K.Phase.MAIN1
        r[S.STEP] = K.AttackStep.NONE
        r[S.PRIORITY_PLAYER] = turn_player
        r[S.PASSES] = 0
        r[S.MULLIGAN_STAGE] = 2
        r[S.FLOW] = K.FL_PRIORITY
        r[H_DECISION] = K.Decision.PRIORITY
        r[H_DECIDER] = turn_player
        r[H_NUM_DECISIONS] = 10
        return sc

    # ---- editing --------------------------------------------------------------------------------
    def move(self, slot: int, zone, player: int | None = None, top: bool = True) -> None:
        """The base's move, under ``player``'s control (the field's list is its controller's;
        elsewhere a card is its owner's, CR 6.2.4)."""
        player = self.owner(slot) if player is None else player
        super().move(slot, zone, player, top=top)
        self.row[S.CONTROLLER + slot * S.CARD_W] = player
        self.row[S.DERIVED_CLEAN] = 0  # a field may have changed: the derived values' memo no longer holds
        if self.zone_id(zone) == K.Zone.BREAK:
            self.row[S.BREAK_IN + player] += 1  # as zones.put_in_zone counts it (the kept field part's input)

    def put(self, player: int, card, zone, top: bool = True, *, dull=False, damage=0, frozen=False,
            entered_this_turn=False) -> int:
        """Put a card (its number, or id) owned by ``player`` into ``zone``; on the field ``dull``,
        with ``damage``, ``frozen``, and ``entered_this_turn`` or before (CR 10.1.2.1: a Forward
        under its controller's control since the turn began can attack). Returns its slot."""
        slot = super().put(player, card, zone, top=top)
        self.row[S.DERIVED_CLEAN] = 0  # as move's
        if self.zone_id(zone) == K.Zone.FIELD:
            r, w = self.row, slot * S.CARD_W
            r[S.DULL + w] = int(dull)
            r[S.DMG + w] = int(damage)
            r[S.FROZEN + w] = int(frozen)
            r[S.CTRL_TURN + w] = int(r[H_TURN]) if entered_this_turn else max(int(r[H_TURN]) - 1, 0)
        return slot

    def field(self, player, numbers, **kw):
        return [self.put(player, n, K.Zone.FIELD, **kw) for n in numbers]

    def deck_top(self, player, numbers):
        """Cards put on top of the deck; the last one listed ends on top."""
        return [self.put(player, n, K.Zone.DECK) for n in numbers]

    def break_zone(self, player, numbers):
        return self.put_many(player, numbers, K.Zone.BREAK)

    def damage(self, player, count, number=None):
        """``count`` cards into ``player``'s Damage Zone (default: from the top of the deck)."""
        out = []
        for _ in range(count):
            if number is None:
                slot = self.zone(player, K.Zone.DECK)[-1]
                self.move(slot, K.Zone.DAMAGE, player)
                out.append(slot)
            else:
                out.append(self.put(player, number, K.Zone.DAMAGE))
        return out

    def empty_deck(self, player):
        """Move every deck card of ``player`` to the Removed zone (for deck-out tests)."""
        for slot in self.zone(player, K.Zone.DECK):
            self.move(slot, K.Zone.REMOVED, player)

    # ---- the position ---------------------------------------------------------------------------
    def finish(self, row: np.ndarray) -> None:
        """The derived values (power, keywords, restrictions, counts), and the rule processes at
        the next priority point: the edits may call for them (CR 12.3)."""
        from tcg_env.games.fftcg.characteristics import refresh_derived

        row[S.PRIORITY_CLEAN] = 0
        row[S.DERIVED_CLEAN] = 0  # the edits may have changed what the derived values are computed from
        refresh_derived(K.RULES, row, self.pool.kernel_tables)

    def check(self, row: np.ndarray) -> None:
        from tcg_env.games.fftcg.adapter import check_consistency

        check_consistency(row, self.pool)
