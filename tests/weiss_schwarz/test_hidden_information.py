"""CR 3.1.3 / 3.2.2 / 3.10.2: what neither player may see does not reach an observation.

A card in a player's deck or stock is hidden from both players (the owner included); so
exchanging the identities of two such cards of one owner must leave both players' observations
exactly as they were. (The deck list is known: a column may count what is hidden only over all
of those zones together.)
"""

from __future__ import annotations

import numpy as np
import pytest
from ws_helpers import CX_DRAW, CX_POOL, GUARD, INSIGHT, SCOUT, SUPPORTER, find_action

import tcg_env
from tcg_env.engine.tables import unpack_tables
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.observation import OBS_SIZE, observe_row

HIDDEN_TO_ALL = (K.Zone.DECK, K.Zone.STOCK)


def _is_climax(pool, cid):
    return int(unpack_tables(pool.kernel_tables)[0][cid, K.C_TYPE]) == K.CardType.CLIMAX


def swap_identities(row, pool, a, b):
    """``row`` with the cards of slots ``a`` and ``b`` (one owner) exchanged; the climax-slot list
    re-derived from the card ids as the engine does (zones.list_climax_slots)."""
    r = row.copy()
    ca, cb = S.CARD + a * S.CARD_W, S.CARD + b * S.CARD_W
    r[ca], r[cb] = row[cb], row[ca]
    for p in range(2):
        cx = [sl for sl in range(p * K.MAX_DECK, (p + 1) * K.MAX_DECK)
              if int(r[S.CARD + sl * S.CARD_W]) >= 0 and _is_climax(pool, int(r[S.CARD + sl * S.CARD_W]))]
        r[S.CX_SLOTS + p * K.MAX_DECK : S.CX_SLOTS + (p + 1) * K.MAX_DECK] = -1
        r[S.CX_SLOTS + p * K.MAX_DECK : S.CX_SLOTS + p * K.MAX_DECK + len(cx)] = cx
        r[S.CX_SLOT_N + p] = len(cx)
    return r


def observations(row, pool):
    out = np.zeros((2, OBS_SIZE), np.float32)
    for p in range(2):
        observe_row(row, pool.kernel_tables, p, out[p])
    return out


def hidden_slots(row, p):
    """p's cards in a deck or stock, but for p's latest trigger-check card: revealed to both (CR
    7.3.1.2) before it went face down into the stock, it is known there (``trigger_checks``)."""
    known = {int(row[S.LAST_TRIG + q]) for q in range(2)}
    return [sl for sl in range(p * K.MAX_DECK, (p + 1) * K.MAX_DECK)
            if int(row[S.CARD + sl * S.CARD_W]) >= 0 and int(row[S.ZONE + sl * S.CARD_W]) in HIDDEN_TO_ALL
            and sl not in known]


def test_cr_3_10_2_a_pool_triggers_stock_card_is_not_told_by_the_observation(scenario, pool):
    """The issue's case: a pool trigger (CR 4.12.2.4) puts the top card of the deck into the stock
    unseen. Whether it was a climax must not show: exchanging it with a deck card (climax for
    non-climax) changes no observation of either player."""
    sc = scenario()
    sc.put(0, SCOUT, "stage", pos=0)
    # trigger check: a pool icon; the pooled card: a climax (another one: the deck holds one of each,
    # and a second CX_POOL stacked was the same card, the trigger card itself)
    sc.stack_deck(0, [CX_POOL, CX_DRAW, GUARD])
    sc.stack_deck(1, [GUARD, GUARD])
    g = sc.game()
    g.step(find_action(g, "End the main phase"))
    if g.decision == K.Decision.CLIMAX:
        g.step(find_action(g, "Play no climax"))
    g.step(find_action(g, "Direct attack with Scout"))
    assert g.decision == K.Decision.TRIGGER_OPTION
    g.step(find_action(g, "Use"))
    row = np.array(g.state, np.int32)
    stock = [int(x) for x in row[S.STOCK_L : S.STOCK_L + int(row[S.STOCK_N])]]
    # the trigger check's own card went there too, but revealed (CR 7.3.1.2): the pooled one is the other
    pooled = [sl for sl in stock if _is_climax(g.pool, int(row[S.CARD + sl * S.CARD_W])) and sl != int(row[S.LAST_TRIG])]
    assert pooled, "the pooled climax is in the stock"
    deck = [int(x) for x in row[S.DECK_L : S.DECK_L + int(row[S.DECK_N])]]
    plain = next(sl for sl in deck if not _is_climax(g.pool, int(row[S.CARD + sl * S.CARD_W])))
    before = observations(row, g.pool)
    after = observations(swap_identities(row, g.pool, pooled[0], plain), g.pool)
    for p in range(2):
        assert np.array_equal(before[p], after[p]), f"player {p} sees columns {np.flatnonzero(before[p] != after[p])}"


@pytest.mark.parametrize("seed", [0, 1])
def test_cr_3_1_3_no_observation_depends_on_an_unseen_cards_identity(pool, deck, seed):
    """Random play; at every decision, exchange two hidden cards of each player (a climax and a
    non-climax where there are both, from different zones where possible): both players'
    observations stay the same."""
    rng = np.random.default_rng(seed)
    g = tcg_env.make_game("weiss_schwarz", decks=(deck, deck), seed=seed, pool=pool)
    checked = 0
    while not g.done and g.num_decisions < 400:
        row = np.array(g.state, np.int32)
        before = observations(row, g.pool)
        for p in range(2):
            hs = hidden_slots(row, p)
            cx = [sl for sl in hs if _is_climax(g.pool, int(row[S.CARD + sl * S.CARD_W]))]
            plain = [sl for sl in hs if sl not in cx]
            if not cx or not plain:
                continue
            a = cx[rng.integers(len(cx))]
            za = int(row[S.ZONE + a * S.CARD_W])
            other_zone = [sl for sl in plain if int(row[S.ZONE + sl * S.CARD_W]) != za]
            pick = other_zone or plain
            b = pick[rng.integers(len(pick))]
            after = observations(swap_identities(row, g.pool, a, b), g.pool)
            assert np.array_equal(before, after), (p, g.num_decisions, np.argwhere(before != after))
            checked += 1
        legal = g.legal_actions()
        g.step(int(legal[rng.integers(len(legal))]))
    assert checked > 50


def test_cr_3_10_2_a_choice_among_stock_cards_shows_blank_cards():
    """An effect that chooses a stock card (a card-format `choose` may name the stock): the
    decider's candidate rows say "present" and nothing else; exchanging the two stock cards
    changes no observation."""
    from ws_tables import basic_deck, basic_pool

    from tcg_env.games.weiss_schwarz.observation import CARD_FEATURES, OBS_CANDIDATES
    from tcg_env.games.weiss_schwarz.scenario import Scenario

    P = basic_pool()
    stock = P.filter(zone=K.FilterZone.STOCK, side=1)
    a = P.ability(K.AbilityKind.ACT, [(int(K.Op.CHOOSE), 0, stock, 1, 0), (int(K.Op.TO_WAITING_ROOM), 0)])
    tester = P.card("Tester", level=0, cost=0, power=1000, abilities=[a])
    d = basic_deck(P).copy()
    d[d == 9] = tester  # Insight
    sc = Scenario.main_phase(P, decks=(d, d), turn_player=0)
    sc.put(0, tester, "stage", pos=0)
    cx, plain = sc.put(0, CX_POOL, "stock"), sc.put(0, SCOUT, "stock")
    g = sc.game()
    g.step(find_action(g, "Use ability 0 of Tester"))
    assert g.decision == K.Decision.CHOOSE_TARGET
    rows = g.observe(0)[OBS_CANDIDATES : OBS_CANDIDATES + 2 * CARD_FEATURES].reshape(2, CARD_FEATURES)
    assert (rows[:, 0] == 1).all() and (rows[:, 1:] == 0).all()
    row = np.array(g.state, np.int32)
    assert np.array_equal(observations(row, P), observations(swap_identities(row, P, cx, plain), P))


# ---- a determinization keeps what a player sees ---------------------------------------------------
def _determinized(g, player, seed):
    from tcg_env.engine.batch import seed_agent_rng

    row = np.array(g.state, np.int32)
    g.spec.kernels.determinize_row(row, g.pool.kernel_tables, player, seed_agent_rng(1, seed)[0])
    return tcg_env.Game(g.spec, g.pool, row, g.variant_index)


def _first_state(found, seeds=range(12), max_decisions=400):
    """The first decision of random games (seeds ``seeds``) at which ``found(g)`` holds."""
    for seed in seeds:
        g = tcg_env.make_game("weiss_schwarz", seed=seed)
        rng = np.random.default_rng(seed)
        while not g.done and g.num_decisions < max_decisions:
            if found(g):
                return g
            legal = g.legal_actions()
            g.step(int(legal[rng.integers(len(legal))]))
    raise AssertionError("no such decision in the random games")


def _same_view(a, b, p):
    flat_a, flat_b = a.observe(p), b.observe(p)
    dict_a, dict_b = a.observe(p, encoding="dict"), b.observe(p, encoding="dict")
    return np.array_equal(flat_a, flat_b) and all(np.array_equal(dict_a[k], dict_b[k]) for k in dict_a)


def test_cr_4_8_1_the_deck_cards_a_choice_looks_at_keep_their_place_in_a_determinization():
    """CR 4.8.1: a player told to look at the top cards of its deck knows them; while it chooses
    among them (CHOOSE_TARGET, the candidates in the deck), a deal of what it cannot see leaves
    those cards where they are (the candidate columns and the mask show them), and still deals the
    rest of its deck anew."""

    def looking_at_the_deck(g):
        r = g.state
        cands = r[S.CAND : S.CAND + int(r[S.CAND_N])]
        return (g.decision == K.Decision.CHOOSE_TARGET and int(r[S.DECK_N + g.current_player]) >= 4
                and any(int(r[S.ZONE + int(c) * S.CARD_W]) == K.Zone.DECK for c in cands))

    g = _first_state(looking_at_the_deck)
    me = g.current_player
    row = np.array(g.state)
    cands = [int(c) for c in row[S.CAND : S.CAND + int(row[S.CAND_N])]]
    deck = [int(x) for x in row[S.DECK_L + me * K.MAX_DECK : S.DECK_L + me * K.MAX_DECK + int(row[S.DECK_N + me])]]
    others = [sl for sl in deck if sl not in cands]
    dealt = set()
    for k in range(6):
        h = _determinized(g, me, 50 + k)
        hrow = np.array(h.state)
        assert [int(hrow[S.CARD + c * S.CARD_W]) for c in cands] == [int(row[S.CARD + c * S.CARD_W]) for c in cands]
        assert _same_view(h, g, me)
        np.testing.assert_array_equal(h.action_mask(), g.action_mask())
        dealt.add(tuple(int(hrow[S.CARD + sl * S.CARD_W]) for sl in others))
    assert len(dealt) > 1  # the rest of the deck is still dealt anew


def test_cr_4_12_2_2_the_soul_a_trigger_gave_stays_as_seen_in_a_determinization():
    """CR 4.12.2.2: a soul icon gives the attacker +1 soul; when the trigger card's second icon asks
    a choice (CR 7.3.1.2: all its icons are performed), the attacker's soul both players see is
    what it is after a deal of either player's hidden cards: a determinization recomputes no public
    characteristic (it once re-derived the stage's values, showing soul the game did not)."""
    from tcg_env.games.weiss_schwarz.state import F_TRIGGER_ICON

    def second_icon_after_soul(g):
        r = g.state
        tables = unpack_tables(g.pool.kernel_tables)[0]
        t = int(r[S.TRIG_SLOT])
        return (int(r[S.FLOW]) == F_TRIGGER_ICON and t >= 0 and int(r[S.TRIG_ICON_I]) == 2
                and int(tables[int(r[S.CARD + t * S.CARD_W]), K.C_TRIGGER0]) == K.TriggerIcon.SOUL)

    g = _first_state(second_icon_after_soul)
    for p in (0, 1):
        for k in range(3):
            h = _determinized(g, p, 70 + k)
            assert _same_view(h, g, p)
            if p == g.current_player:
                np.testing.assert_array_equal(h.action_mask(), g.action_mask())


def test_cr_4_12_2_8_the_revealed_trigger_card_put_into_the_hand_stays_public_in_a_determinization():
    """CR 7.3.1.2: the trigger card is revealed; a treasure icon (CR 4.12.2.8) returns it to its
    owner's hand before its second icon is performed, which reads that card again (TRIG_SLOT). Both
    players saw it: a deal of the other player's hidden cards leaves it in that hand slot, and
    deals the rest of the hand anew."""
    g = _first_state(lambda g: g.current_player >= 0 and int(g.state[S.HAND_N + g.current_player]) >= 4
                     and g.num_decisions >= 40)
    owner = g.current_player
    row = np.array(g.state, np.int32)
    hand = [int(x) for x in row[S.HAND_L + owner * K.MAX_DECK : S.HAND_L + owner * K.MAX_DECK + int(row[S.HAND_N + owner])]]
    revealed = hand[-1]
    row[S.TRIG_SLOT] = revealed  # the trigger card, put into the hand, its second icon to come
    g = tcg_env.Game(g.spec, g.pool, row, g.variant_index)
    dealt = set()
    for k in range(8):
        h = _determinized(g, 1 - owner, 90 + k)
        hrow = np.array(h.state)
        assert int(hrow[S.CARD + revealed * S.CARD_W]) == int(row[S.CARD + revealed * S.CARD_W])
        dealt.add(tuple(int(hrow[S.CARD + sl * S.CARD_W]) for sl in hand[:-1]))
    assert len(dealt) > 1  # the rest of the hand is dealt anew


def test_cr_4_12_2_2_the_soul_a_trigger_gave_shows_while_the_cards_second_icon_asks():
    """CR 4.12.2.2: a soul icon gives the attacker +1 soul at once. When the trigger card's second
    icon then asks a decision, both players' observations already show that soul: they equal the
    observations of the same state with every value derived anew (the game once showed the soul
    of before the icon until the next check timing)."""
    from numba import njit

    from tcg_env.games.weiss_schwarz.characteristics import refresh_derived
    from tcg_env.games.weiss_schwarz.state import F_TRIGGER_ICON

    @njit
    def rederive(game, s, T):  # a rules kernel is called from a kernel, with the game's tag
        refresh_derived(game, s, T)

    def asks_after_soul(g):
        r = g.state
        tables = unpack_tables(g.pool.kernel_tables)[0]
        t = int(r[S.TRIG_SLOT])
        return (int(r[S.FLOW]) == F_TRIGGER_ICON and t >= 0 and int(r[S.TRIG_ICON_I]) == 2
                and int(tables[int(r[S.CARD + t * S.CARD_W]), K.C_TRIGGER0]) == K.TriggerIcon.SOUL)

    g = _first_state(asks_after_soul)
    row = np.array(g.state, np.int32)
    rederive(K.RULES, row, g.pool.kernel_tables)
    rederived = tcg_env.Game(g.spec, g.pool, row, g.variant_index)
    for p in (0, 1):
        assert _same_view(rederived, g, p)


def test_cr_7_3_1_2_the_trigger_check_card_both_saw_shows_in_both_observations_and_the_log(scenario, pool):
    """CR 7.3.1.2: the trigger check reveals the top card of the deck to both players, then puts it
    face down into the stock (CR 3.13.1.2), here with no decision between (a soul icon asks
    nothing). Both observations show it (``trigger_checks``: the attacker's own row for its
    player, the opponent's row for the other), the log names it, and a determinization of either
    player keeps it in its stock slot."""
    from tcg_env.games.weiss_schwarz import observation as O
    from tcg_env.games.weiss_schwarz.cards import card_obs_rows
    from tcg_env.view import changes

    sc = scenario()
    sc.put(0, SCOUT, "stage", pos=0)
    sc.stack_deck(0, [SUPPORTER, GUARD, INSIGHT])  # top first: SUPPORTER is the trigger check's card
    sc.stack_deck(1, [GUARD, GUARD])
    g = sc.game()
    g.step(find_action(g, "End the main phase"))
    if g.decision == K.Decision.CLIMAX:
        g.step(find_action(g, "Play no climax"))
    before = g.spec.public_view(g, 1)
    g.step(find_action(g, "Direct attack with Scout"))
    row = np.array(g.state, np.int32)
    checked = int(row[S.LAST_TRIG + 0])
    assert checked >= 0 and int(row[S.ZONE + checked * S.CARD_W]) == K.Zone.STOCK
    assert int(row[S.CARD + checked * S.CARD_W]) == SUPPORTER and int(row[S.LAST_TRIG + 1]) == -1
    card_row = card_obs_rows(np.asarray(g.pool.cards))[SUPPORTER]
    obs = observations(row, g.pool)
    rows = [o[O.OBS_TRIGGER_CHECKS : O.OBS_TRIGGER_CHECKS + 2 * O.CARD_FEATURES].reshape(2, -1) for o in obs]
    np.testing.assert_array_equal(rows[0][0], card_row)  # player 0: "my latest trigger check"
    np.testing.assert_array_equal(rows[1][1], card_row)  # player 1: "the opponent's"
    assert not rows[0][1].any() and not rows[1][0].any()
    told = [str(c) for c in changes(before, g.spec.public_view(g, 1), ("P0", "you"))]
    assert any(t.startswith(f"{g.pool.names[SUPPORTER]}: P0's deck -> ") for t in told), told
    for p in (0, 1):
        for k in range(4):
            h = _determinized(g, p, 110 + k)
            assert int(h.state[S.CARD + checked * S.CARD_W]) == SUPPORTER
            assert _same_view(h, g, p)
