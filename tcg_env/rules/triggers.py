"""Trigger scans: a card's automatic abilities that an event triggers, queued for their controller.

When something happens (a card enters, a phase begins, a card attacks), each game looks at the
cards that may have abilities triggered by it and queues every automatic ability of theirs whose
trigger is that event, whose "on your / your opponent's turn" and condition hold, and whose
trigger filter the card the event was about matches (FF-TCG CR 11.8, Force of Will CR 906.4,
Weiss Schwarz CR 8.7.2), on the core's pending lists (:mod:`tcg_env.engine.triggers`). Which
cards are looked at, in which order, and what "the card the event was about" is stay the
game's (its scans over its zones); the test of one card's abilities is this module's
:func:`trigger_abilities`, over the columns a game declares once (:class:`TriggerColumns`):

- the card table's ability range (start, count) and the ability table's kind (with the game's
  value for an automatic ability) and trigger columns;
- optionally the "whose turn" column (with the game's values for "yours" and "your
  opponent's") and the turn player's row word; the trigger-filter column; an ability-zone column
  with the value the scan asks for (Weiss Schwarz's abilities that work from the clock);
- what a trigger filter does when the event is about no card (``aux`` < 0 or the game says it is
  not a card): ``NO_CARD_SKIPS`` (Force of Will: the ability does not trigger) or
  ``NO_CARD_IGNORES`` (Weiss Schwarz: the filter is not applied).

The ability's condition and the filter are the game's (``condition_holds`` and ``filter_match``,
the effect interpreter's hooks, :mod:`tcg_env.engine.effects`), both pure, so the order of the
tests does not change which abilities are queued; abilities are queued in ability-row order, as
every game does. ``compile()`` gives an int64 table the game keeps as a module constant; the
kernel is inlined (numba IR) into the game's scan, so the table folds away: Force of Will's
``trigger_own`` and this kernel with its declaration, every trigger on every card of a random
position of its pool, took 15.6-28.6 and 4.7-22.5 ns per card in one sitting (2026-11-28, a
shared machine: no slower).
"""

from __future__ import annotations

import numpy as np

from tcg_env.engine.effects import condition_holds, filter_match
from tcg_env.engine.jit import internal_inline
from tcg_env.engine.tables import ability_table, card_table
from tcg_env.engine.triggers import pending_add

NO_CARD_SKIPS = 0  # a trigger filter and no card: the ability does not trigger (Force of Will)
NO_CARD_IGNORES = 1  # ... the filter is not applied (Weiss Schwarz)
NONE = -1  # a column a game does not have

TT_CARD_W = 0
TT_CARD = 1  # record-0 offset of the card-id word
TT_ABIL_START = 2  # card-table columns
TT_ABIL_COUNT = 3
TT_KIND = 4  # ability-table columns ...
TT_AUTO = 5  # ... and the kind value of an automatic ability
TT_TRIGGER = 6
TT_COND = 7
TT_COND_ARG = 8
TT_FILTER = 9  # NONE: no trigger filters
TT_WHOSE = 10  # NONE: no "whose turn" column
TT_YOURS = 11
TT_OPPONENTS = 12
TT_TURN_PLAYER = 13  # row offset of the turn player
TT_ZONE = 14  # NONE: no ability-zone column
TT_NO_CARD = 15
TT_SIZE = 16


class TriggerColumns:
    """A game's automatic abilities, as its tables hold them (module docstring)."""

    def __init__(self, layout, *, card: int, abil_start: int, abil_count: int, kind: int, auto: int, trigger: int,
                 cond: int, cond_arg: int, trig_filter: int = NONE, whose: int = NONE, yours: int = NONE,
                 opponents: int = NONE, turn_player: int = NONE, zone: int = NONE,
                 no_card: int = NO_CARD_SKIPS):
        by_offset = {f.offset: f for f in layout.fields.values()}
        if card not in by_offset or by_offset[card].stride <= 1:
            raise ValueError(f"{layout.game} triggers: offset {card} is not a card-record word")
        if whose != NONE and (turn_player == NONE or yours == NONE or opponents == NONE):
            raise ValueError(f"{layout.game} triggers: a whose-turn column needs turn_player, yours and opponents")
        if no_card not in (NO_CARD_SKIPS, NO_CARD_IGNORES):
            raise ValueError(f"{layout.game} triggers: no_card must be NO_CARD_SKIPS or NO_CARD_IGNORES")
        self.values = (by_offset[card].stride, card, abil_start, abil_count, kind, int(auto), trigger, cond, cond_arg,
                       trig_filter, whose, int(yours), int(opponents), turn_player, zone, no_card)

    def compile(self) -> np.ndarray:
        tt = np.array(self.values, np.int64)
        assert tt.shape == (TT_SIZE,)
        tt.setflags(write=False)
        return tt


@internal_inline
def trigger_abilities(game, s, T, tt, slot, player, trig, aux, aux_is_card, zone):
    """Queue for ``player`` every automatic ability of card ``slot`` triggered by ``trig`` (the
    event was about ``aux``: a card when ``aux_is_card`` and ``aux`` >= 0) that works from
    ability zone ``zone`` (where the game has the column), on the right turn, whose condition
    holds for ``player`` and whose trigger filter ``aux`` matches. Returns how many were queued
    (an entry past the pending list's capacity is dropped by ``pending_add``)."""
    cid = s[tt[TT_CARD] + slot * tt[TT_CARD_W]]
    if cid < 0:
        return 0
    abil = ability_table(T)
    c = card_table(T)[cid]
    queued = 0
    for a in range(c[tt[TT_ABIL_START]], c[tt[TT_ABIL_START]] + c[tt[TT_ABIL_COUNT]]):
        if abil[a, tt[TT_KIND]] != tt[TT_AUTO] or abil[a, tt[TT_TRIGGER]] != trig:
            continue
        if tt[TT_ZONE] != NONE and abil[a, tt[TT_ZONE]] != zone:
            continue
        if tt[TT_WHOSE] != NONE:
            whose = abil[a, tt[TT_WHOSE]]
            if whose == tt[TT_YOURS] and s[tt[TT_TURN_PLAYER]] != player:
                continue
            if whose == tt[TT_OPPONENTS] and s[tt[TT_TURN_PLAYER]] == player:
                continue
        if tt[TT_FILTER] != NONE:
            fr = abil[a, tt[TT_FILTER]]
            if fr >= 0:
                if aux_is_card and aux >= 0:
                    if not filter_match(game, s, T, fr, aux, player, slot):
                        continue
                elif tt[TT_NO_CARD] == NO_CARD_SKIPS:
                    continue
        if not condition_holds(game, s, T, abil[a, tt[TT_COND]], abil[a, tt[TT_COND_ARG]], player, slot):
            continue
        pending_add(game, s, player, slot, a, aux)
        queued += 1
    return queued
