"""Build FF-TCG rule scenarios: start from a real game, rearrange cards, get a consistent Game.

Used by the rule tests and handy for users who want to study a position::

    g = tcg_env.make_game("fftcg", seed=1)
    sc = Scenario.main_phase(g.pool, turn_player=0)
    sc.hand(0, ["FF1-001", "FF1-002"])
    sc.field(0, ["FF1-010"], dull=False)
    game = sc.game()

Every edit goes through the same zone lists the kernels use, and ``game()`` runs the snapshot
consistency check, so a scenario can only describe a state the engine understands.
"""

from __future__ import annotations


from tcg_env.engine.header import H_DECIDER, H_DECISION, H_NUM_DECISIONS, H_TURN
from tcg_env.engine.zones import zone_list
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S


class Scenario:
    def __init__(self, game):
        self.pool = game.pool
        self.spec = game.spec
        self.row = game._row.copy()
        self.variant = game.variant_index

    # ---- starting points ------------------------------------------------------------------------
    @classmethod
    def main_phase(cls, pool=None, turn_player: int = 0, turn: int = 3, seed: int = 0, decks=None, rules=None):
        """A game at ``turn_player``'s Main Phase 1 priority with empty hands, fields and damage;
        decks keep their shuffled cards. ``rules``: a rules variant's hooks module (``make_game``'s
        ``rules``), whose rules the position's game plays."""
        import tcg_env

        g = tcg_env.make_game("fftcg", seed=seed, pool=pool, decks=decks, rules=rules)
        sc = cls(g)
        r = sc.row
        # everything that is not in a deck goes back to its owner's deck
        for slot in range(K.N_SLOTS):
            if r[S.CARD + slot * S.CARD_W] >= 0 and r[S.ZONE + slot * S.CARD_W] != K.Zone.DECK:
                sc._move(slot, K.Zone.DECK, int(r[S.OWNER + slot * S.CARD_W]))
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
    def _move(self, slot, zone, player, top=True):
        r = self.row
        S.ZONES.take(r, slot)
        r[S.CONTROLLER + slot * S.CARD_W] = player  # whose list a field card is in (S.ZONES)
        S.ZONES.put(r, slot, zone, player, bottom=not top)
        for off in (S.DULL, S.DMG, S.FROZEN, S.ATTACKED, S.PMOD_EOT, S.PMOD_PERM, S.KW_EOT, S.KW_PERM, S.RST_EOT, S.RST_PERM):
            r[off + slot * S.CARD_W] = 0

    def _deck(self, player):
        """``player``'s deck, bottom to top (the zone table's list)."""
        return zone_list(self.row, S.ZONES, K.Zone.DECK, player)

    def _free_slot(self, owner):
        """A slot of ``owner`` taken from the bottom of its deck (the card id gets replaced)."""
        deck = self._deck(owner)
        if not deck:
            raise ValueError(f"player {owner} has no deck cards left to turn into scenario cards")
        return deck[0]

    def put(self, player: int, number: str, zone: K.Zone, *, dull=False, damage=0, frozen=False,
            entered_this_turn=False, top=True) -> int:
        """Put a card with ``number`` (owned by ``player``) into ``zone``; returns its slot."""
        cid = self.pool.card_id(number)
        slot = self._free_slot(player)
        self.row[S.CARD + slot * S.CARD_W] = cid
        self._move(slot, K.Zone(zone), player, top=top)
        r = self.row
        if zone == K.Zone.FIELD:
            r[S.DULL + slot * S.CARD_W] = int(dull)
            r[S.DMG + slot * S.CARD_W] = int(damage)
            r[S.FROZEN + slot * S.CARD_W] = int(frozen)
            r[S.CTRL_TURN + slot * S.CARD_W] = int(r[H_TURN]) if entered_this_turn else max(int(r[H_TURN]) - 1, 0)
        return slot

    def hand(self, player, numbers):
        return [self.put(player, n, K.Zone.HAND) for n in numbers]

    def field(self, player, numbers, **kw):
        return [self.put(player, n, K.Zone.FIELD, **kw) for n in numbers]

    def deck_top(self, player, numbers):
        """Cards put on top of the deck; the last one listed ends on top."""
        return [self.put(player, n, K.Zone.DECK, top=True) for n in numbers]

    def break_zone(self, player, numbers):
        return [self.put(player, n, K.Zone.BREAK) for n in numbers]

    def damage(self, player, count, number=None):
        """``count`` cards into ``player``'s Damage Zone (default: from the top of the deck)."""
        out = []
        for _ in range(count):
            if number is None:
                slot = self._deck(player)[-1]
                self._move(slot, K.Zone.DAMAGE, player)
                out.append(slot)
            else:
                out.append(self.put(player, number, K.Zone.DAMAGE))
        return out

    def empty_deck(self, player):
        """Move every deck card of ``player`` to the Removed zone (for deck-out tests)."""
        for slot in self._deck(player):
            self._move(slot, K.Zone.REMOVED, player)

    def set(self, offset: int, value: int):
        self.row[offset] = value

    def game(self):
        """A Game at this position (runs the snapshot consistency check and derived values)."""
        from tcg_env.game import Game
        from tcg_env.games.fftcg.adapter import check_consistency
        from tcg_env.games.fftcg.characteristics import refresh_derived
        from tcg_env.games.fftcg.constants import RULES

        row = self.row.copy()
        row[S.PRIORITY_CLEAN] = 0  # the edits may call for rule processes: the next priority point runs them
        refresh_derived(RULES, row, self.pool.kernel_tables)
        check_consistency(row, self.pool)
        return Game(self.spec, self.pool, row, self.variant)
