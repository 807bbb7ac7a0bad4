"""Build FF-TCG 2014 positions: FF-TCG's scenario builder (``tcg_env.games.fftcg.scenario``) over
this variant's state row, with Items equipped by name (``equip``)."""

from __future__ import annotations

from tcg_env.games.fftcg.scenario import Scenario as _Scenario
from tcg_env.games.fftcg_2014 import state as S


class Scenario(_Scenario):
    GAME = "fftcg_2014"

    def move(self, slot: int, zone, player: int | None = None, top: bool = True) -> None:
        """FF-TCG's move; the card also forgets the 2014 words (records of width ``X_W``, 7.4)."""
        super().move(slot, zone, player, top=top)
        for off in (S.EQUIPS, S.JUNCTIONED, S.OVERDRIVEN):
            self.row[off + slot * S.X_W] = 0

    def finish(self, row) -> None:
        """FF-TCG's, with this variant's rules (the Items' and Formations' auras, 2014 CR 15.1.1.11)."""
        from tcg_env.games.fftcg.characteristics import refresh_derived
        from tcg_env.games.fftcg_2014 import constants as K

        row[S.PRIORITY_CLEAN] = 0
        row[S.DERIVED_CLEAN] = 0  # the edits may have changed what the derived values are computed from
        refresh_derived(K.RULES, row, self.pool.kernel_tables)

    def equip(self, item_slot: int, character_slot: int) -> "Scenario":
        """Item ``item_slot`` (on the field) equips ``character_slot`` (2014 CR 15.1.1.11)."""
        self.row[S.EQUIPS + item_slot * S.X_W] = character_slot + 1
        return self

    def check(self, row) -> None:
        """The snapshot checks of this variant (its adapter's, under its rules)."""
        from tcg_env.games.fftcg_2014.adapter import check_consistency

        check_consistency(row, self.pool)
