"""Trigger scans (tcg_env.rules.triggers): the two trigger-filter policies the games differ by, on a
toy declaration. The three games scan with the layer (FF-TCG, Force of Will and Weiss Schwarz each
declare their ``TriggerColumns``: ``state.TT``, ``triggers.TT``); their golden play and rule tests
hold what the equivalence tests that stood here checked before each game adopted it."""

from __future__ import annotations

import sys
import types

import numpy as np
import pytest
from numba import njit

from tcg_env.engine.hooks import Rules
from tcg_env.rules import triggers as TR
from tcg_env.rules.triggers import NO_CARD_IGNORES, NO_CARD_SKIPS, TriggerColumns


def _hooks(name: str, **kernels) -> Rules:
    """A hooks module ``name`` holding ``kernels`` (the game's rules the layer asks for)."""
    mod = types.ModuleType(name)
    mod.__dict__.update(kernels)
    sys.modules[name] = mod
    return Rules(name)


@pytest.fixture(autouse=True)
def _drop_hooks_modules():
    yield
    for name in [n for n in sys.modules if n.startswith("tcg_env_rules_toy_")]:
        sys.modules.pop(name, None)


def test_cr_fow_906_4_and_ws_8_7_2_a_trigger_filter_without_a_card_skips_or_is_ignored_as_declared():
    """An ability whose trigger filter names a card, for an event about no card: Force of Will
    does not trigger it, Weiss Schwarz does (the filter is not applied); about a card, the filter
    decides in both (here it matches nothing)."""
    from tcg_env.engine.layout import StateLayout
    from tcg_env.engine.tables import pack_tables

    layout = StateLayout("toy_triggers")
    turn_player = layout.add("turn_player")
    pending_n = layout.add("pending_count", 2)
    pending = layout.add("pending", (2, 4, 3))
    card, _ = layout.add_records(2, ["card_id", "owner"])

    @njit
    def no_match(s, T, frow, slot, viewer, source):
        return False

    @njit
    def always(s, T, cond, arg, controller, source):
        return True

    G = _hooks("tcg_env_rules_toy_triggers", filter_match=no_match, condition_holds=always,
               PENDING_COUNT=pending_n, PENDING=pending, PENDING_MAX=4, TURN_PLAYER=turn_player)
    # card 0: one automatic ability (kind 1), trigger 1, condition 0, filter row 0
    cards = np.array([[0, 1]], np.int32)
    abilities = np.array([[1, 1, 0, 0, 0]], np.int32)
    T = pack_tables(cards, abilities, np.zeros((1, 1), np.int32), np.zeros((1, 5), np.int32),
                    np.zeros((1, 1), np.float32))

    def queued(policy, aux, aux_is_card):
        tt = TriggerColumns(layout, card=card, abil_start=0, abil_count=1, kind=0, auto=1, trigger=1, cond=2,
                            cond_arg=3, trig_filter=4, no_card=policy).compile()

        @njit
        def run(s):
            return TR.trigger_abilities(G, s, T, tt, 0, 0, 1, aux, aux_is_card, 0)

        s = np.zeros(layout.size, np.int32)
        n = run(s)
        assert s[pending_n] == n
        return n

    assert queued(NO_CARD_SKIPS, -1, True) == 0
    assert queued(NO_CARD_IGNORES, -1, True) == 1
    assert queued(NO_CARD_IGNORES, 1, False) == 1  # the game says the event is not about a card
    assert queued(NO_CARD_SKIPS, 1, True) == 0 and queued(NO_CARD_IGNORES, 1, True) == 0  # the filter refuses
    with pytest.raises(ValueError, match="needs turn_player, yours and opponents"):
        TriggerColumns(layout, card=card, abil_start=0, abil_count=1, kind=0, auto=1, trigger=1, cond=2, cond_arg=3,
                       whose=5)
    with pytest.raises(ValueError, match="not a card-record word"):
        TriggerColumns(layout, card=turn_player, abil_start=0, abil_count=1, kind=0, auto=1, trigger=1, cond=2,
                       cond_arg=3)
