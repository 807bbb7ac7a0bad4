"""Trigger scans (tcg_env.rules.triggers): one card's automatic abilities triggered by an event,
checked against each game's own scan of one card on its real card pool (the declaration each
game adopts), and the two trigger-filter policies the games differ by."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from tcg_env.engine.header import H_TURN
from tcg_env.engine.tables import unpack_tables
from tcg_env.registry import get_spec
from tcg_env.rules import triggers as TR
from tcg_env.rules.triggers import NO_CARD_IGNORES, NO_CARD_SKIPS, TriggerColumns
from test_game_adoption import _kernel


def _declaration(game):
    """(constants, state, the game's TriggerColumns compiled, RULES) as the game adopts them."""
    import importlib

    K = importlib.import_module(f"tcg_env.games.{game}.constants")
    S = importlib.import_module(f"tcg_env.games.{game}.state")
    common = dict(card=S.CARD, abil_start=K.C_ABIL_START, abil_count=K.C_ABIL_COUNT, kind=K.A_KIND,
                  trigger=K.A_TRIGGER, cond=K.A_COND, cond_arg=K.A_COND_ARG)
    if game == "fftcg":  # trigger_card reads no filter (only trigger_enters does, for ENTERS_OTHER)
        tt = TriggerColumns(S.LAYOUT, auto=K.AbilityKind.AUTO, **common)
    else:  # Weiss Schwarz CR 8.7.2: abilities of the stage (A_ZONE 0); a filter and no card: not applied
        tt = TriggerColumns(S.LAYOUT, auto=K.AbilityKind.AUTO, trig_filter=K.A_TRIG_FILTER, whose=K.A_TRIG_WHOSE,
                            yours=K.TriggerWhose.YOURS, opponents=K.TriggerWhose.OPPONENTS,
                            turn_player=S.TURN_PLAYER, zone=K.A_ZONE, no_card=NO_CARD_IGNORES, **common)
    return K, S, tt.compile(), K.RULES


@pytest.mark.parametrize("game", ["fftcg", "weiss_schwarz"])
def test_a_cards_triggered_abilities_are_queued_as_the_game_queues_them(game):
    """FF-TCG CR 11.8 / 11.8.13, Weiss Schwarz CR 8.7.2: the same
    abilities of the same card, in the same order, on the same pending list, for every trigger of
    the game and every card of its pool with automatic abilities, on random turns."""
    K, S, TT, RULES = _declaration(game)
    game_trigger = _kernel(game, "trigger_card")
    T = get_spec(game).load_tables().kernel_tables
    cards, abil = unpack_tables(T)[:2]
    with_auto = [cid for cid in range(cards.shape[0]) if any(
        abil[a, K.A_KIND] == K.AbilityKind.AUTO
        for a in range(cards[cid, K.C_ABIL_START], cards[cid, K.C_ABIL_START] + cards[cid, K.C_ABIL_COUNT]))]
    assert len(with_auto) >= 5
    ws = game == "weiss_schwarz"
    CONTROLLER = getattr(S, "CONTROLLER", S.OWNER)
    W, CARD = S.CARD_W, S.CARD
    WS_NOT_CARD = ((int(K.Trigger.TO_WR_FROM_STAGE_SELF), int(K.Trigger.USE_KEYWORD)) if ws else (-1, -1))

    @njit
    def run_game(s, slot, player, trig, aux):
        game_trigger(s, T, slot, player, trig, aux)

    @njit
    def run_layer(s, slot, player, trig, aux):
        aux_is_card = trig != WS_NOT_CARD[0] and trig != WS_NOT_CARD[1]
        TR.trigger_abilities(RULES, s, T, TT, slot, player, trig, aux, aux_is_card, 0)

    rng = np.random.default_rng(7)
    n_slots = K.N_SLOTS
    queued = 0
    for _ in range(60):
        s = np.zeros(S.STATE_SIZE, np.int32)
        for slot in range(n_slots):
            s[CARD + slot * W] = with_auto[rng.integers(len(with_auto))]
            s[S.OWNER + slot * W] = slot * 2 // n_slots
            s[CONTROLLER + slot * W] = rng.integers(2)
        s[S.TURN_PLAYER] = rng.integers(2)
        s[H_TURN] = rng.integers(1, 6)
        for trig in [int(t) for t in K.Trigger if int(t) != 0]:
            slot = int(rng.integers(n_slots))
            player = int(rng.integers(2))
            aux = int(rng.integers(-1, n_slots))
            a, b = s.copy(), s.copy()
            run_game(a, slot, player, trig, aux)
            run_layer(b, slot, player, trig, aux)
            np.testing.assert_array_equal(a, b)
            queued += int(a[S.PT_N] + a[S.PT_N + 1] > 0)
    assert queued >= 10  # abilities were queued, not only refused


def test_cr_fow_906_4_and_ws_8_7_2_a_trigger_filter_without_a_card_skips_or_is_ignored_as_declared():
    """An ability whose trigger filter names a card, for an event about no card: Force of Will
    does not trigger it, Weiss Schwarz does (the filter is not applied); about a card, the filter
    decides in both (here it matches nothing)."""
    from tcg_env.engine.layout import StateLayout
    from tcg_env.engine.tables import pack_tables
    from test_game_adoption import _hooks

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

    G = _hooks("tcg_env_rules_adoption_toy_triggers", filter_match=no_match, condition_holds=always,
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
