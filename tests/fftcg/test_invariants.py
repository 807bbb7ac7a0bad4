"""Random-play invariants over the built-in decks (short in CI; the long run is marked slow)."""

import itertools

import numpy as np
import pytest

import tcg_env
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tcg_env.games.fftcg.adapter import card_zones
from tcg_env.spec import SHARED

D = K.Decision


def check_state(g, n_cards):
    row = g.state
    pool = g.pool
    # card count conserved: every card is in exactly one zone (or on the stack / being played);
    # the conformance kit checks the same for every game, through GameSpec.card_zones
    zones = card_zones(row).zones
    listed = [slot for slots in zones.values() for slot in slots]
    assert len(listed) == len(set(listed)) == n_cards
    assert len(zones[(SHARED, "in_transit")]) <= 1  # only the Character being paid for
    lose_at = K.DAMAGE_TO_LOSE_LIMITED if g.variant_index == 1 else K.DAMAGE_TO_LOSE_CONSTRUCTED
    # 2016 only: under the 2014 rules damage resolution goes on past the 7th card and the loss comes at
    # the next rule-process check (2014 CR 6.5.3 / 12.4.1-12.4.3; 2016 CR 3.1 ends the game at once)
    loss_ends_the_game = g.spec.name == "fftcg"
    for p in range(2):
        assert int(row[S.DAMAGE_N + p]) <= lose_at or not loss_ends_the_game
        assert int(row[S.FIELD_N + p]) <= K.FIELD_SLOTS
        if not g.done and loss_ends_the_game:
            # CR 3.1: a defeat ends the game at once, so no decision is ever pending after one
            assert int(row[S.DAMAGE_N + p]) < lose_at, "a decision is pending after a defeat (CR 3.1.1)"
            assert int(row[S.DREW_FROM_EMPTY + p]) == 0 and int(row[S.DAMAGED_EMPTY + p]) == 0
    assert int(row[S.STACK_N]) < K.STACK_MAX
    assert int(row[S.FRAME_N]) < K.FRAME_MAX
    assert int(row[S.PT_N]) < K.PENDING_TRIGGER_MAX and int(row[S.PT_N + 1]) < K.PENDING_TRIGGER_MAX
    # only field cards carry damage and end-of-turn changes (the End Phase clean-up relies on it)
    for s in range(K.N_SLOTS):
        if int(row[S.ZONE + s * S.CARD_W]) != K.Zone.FIELD:
            for off in (S.DMG, S.PMOD_EOT, S.KW_EOT, S.RST_EOT):
                assert int(row[off + s * S.CARD_W]) == 0, f"slot {s} off the field carries attribute at {off}"
    if not g.done and g.decision == D.PRIORITY:
        # rule processes have run (CR 12.3): limits hold at every priority
        for p in range(2):
            field = [int(s) for s in row[S.FIELD_L + p * K.FIELD_SLOTS : S.FIELD_L + p * K.FIELD_SLOTS + int(row[S.FIELD_N + p])]]
            cids = [int(row[S.CARD + s * S.CARD_W]) for s in field]
            types = [int(pool.cards[c, K.C_TYPE]) for c in cids]
            assert types.count(K.CardType.BACKUP) <= K.MAX_BACKUPS
            ld = [c for c in cids if pool.cards[c, K.C_ELEMENT] in (K.Element.LIGHT, K.Element.DARK)]
            assert len(ld) <= 1
            names = [int(pool.cards[c, K.C_NAME]) for c in cids if not pool.cards[c, K.C_GENERIC]]
            assert len(names) == len(set(names))
            for s in field:
                if pool.cards[int(row[S.CARD + s * S.CARD_W]), K.C_TYPE] == K.CardType.FORWARD:
                    assert int(row[S.D_POWER + s * S.CARD_W]) > 0 and int(row[S.DMG + s * S.CARD_W]) < int(row[S.D_POWER + s * S.CARD_W])


def check_hidden(g):
    """Observations of p don't change when the opponent's hand and deck cards are swapped."""
    from tcg_env import Game

    for p in (0, 1):
        o = 1 - p
        d = g.to_dict()
        f = d["fields"]
        hidden = f["hand"][o][: f["hand_count"][o]] + f["deck"][o][: f["deck_count"][o]]
        if len(hidden) < 2:
            continue
        ids = [f["card_id"][s] for s in hidden]
        rotated = ids[1:] + ids[:1]
        for s, cid in zip(hidden, rotated):
            f["card_id"][s] = cid
        d.pop("cards")
        try:
            g2 = Game.from_dict(d, pool=g.pool)
        except tcg_env.SnapshotError:
            continue  # e.g. the swap made a pending decision illegal: not an observation question
        np.testing.assert_array_equal(g.observe(p), g2.observe(p))


def run_games(game, n_games, seed0, check_every=1, hidden_every=25):
    rng = np.random.default_rng(seed0)
    lengths = []
    matchups = list(itertools.product(tcg_env.list_decks(game), repeat=2))
    for i in range(n_games):
        decks = matchups[(seed0 + i) % len(matchups)]
        g = tcg_env.make_game(game, decks=decks, seed=seed0 + i)
        n_cards = 100
        steps = 0
        while not g.done:
            mask = g.action_mask()
            assert mask.sum() > 0, "empty mask before the end"
            if steps % check_every == 0:
                check_state(g, n_cards)
            if steps % hidden_every == 0:
                check_hidden(g)
            legal = np.flatnonzero(mask)
            g.step(int(legal[rng.integers(len(legal))]))
            steps += 1
            assert steps < 4000, "game did not end"
        assert g.winner in (0, 1, -1)
        assert int(g.state[S.LAYOUT.fields["error"].offset]) == 0
        lengths.append(steps)
    return lengths


def test_random_play_invariants_short(rules):
    lengths = run_games(rules.game, 12, seed0=100, check_every=1, hidden_every=40)
    assert min(lengths) > 10


@pytest.mark.slow
def test_random_play_invariants_long(rules):
    run_games(rules.game, 400, seed0=10_000, check_every=3, hidden_every=60)


def test_batch_random_play_every_game_ends(rules):
    """The batch kernel plays 64 x 2000 random decisions: every finished game has a winner."""
    from tcg_env.engine.batch import seed_agent_rng

    bg = tcg_env.make_batch(rules.game, 64, seed=3)
    counters = np.zeros((64, 5), np.int64)
    bg.spec.kernels.random_play_batch(
        bg.states, bg._T, bg.decks, bg.deck_lens, bg.seeds, 0, 2000, bg.obs, bg.masks, seed_agent_rng(64, 1), counters
    )
    assert counters[:, 0].sum() == 64 * 2000
    assert counters[:, 1].sum() >= 64 * 2  # ~400 decisions per game
    assert counters[:, 1].sum() == counters[:, 2:].sum()
    assert (bg.states[:, S.LAYOUT.fields["error"].offset] == 0).all()


def test_cr_11_1_6_and_12_3_a_pass_that_hands_priority_on_needs_no_new_rule_processes(rules):
    """CR 11.1.6 / 12.3: when the priority point that offered PRIORITY ran the rule processes and
    found nothing (state field priority_rules_clean), a pass that hands priority to the other player
    is applied without running them again. At every such decision of random games, passing with the
    flag reaches exactly the state that passing without it (the full priority point) reaches."""
    from tcg_env.engine.rows import ROW_STEP, row_entry
    RULES = rules.module("hooks").RULES
    no_cards = np.zeros(1, np.int32)
    no_obs = np.zeros(1, np.float32)
    mask = np.zeros(K.NUM_ACTIONS, np.int8)
    checked = 0
    for seed in range(6):
        g = tcg_env.make_game(rules.game, seed=100 + seed)
        rng = np.random.default_rng(seed)
        T = g.pool.kernel_tables
        while not g.done:
            row = g.state
            if row[S.PRIORITY_CLEAN] == 1:
                assert g.decision == K.Decision.PRIORITY
                fast, full = row.copy(), row.copy()
                full[S.PRIORITY_CLEAN] = 0
                for trial in (fast, full):
                    row_entry(RULES, ROW_STEP, trial, T, no_cards, no_cards, 0, 0, 0, K.PASS, mask, no_obs)
                np.testing.assert_array_equal(fast, full)
                checked += 1
            legal = g.legal_actions()
            g.step(int(legal[rng.integers(len(legal))]))
    assert checked > 300


def test_observation_card_rows_carry_the_cards_static_features(rules):
    """Hand and field rows of the observation (docs/fftcg/observations.md) hold each card's static
    columns exactly as the pool's feature table has them (games.fftcg.cards.card_obs_features: present,
    element and type one-hots, cost / 10, printed power / 10000 and keywords for hand cards,
    id + 1), and empty rows are all zero; observe_row writes them from the cards table."""
    from tcg_env.games.fftcg import observation as O

    card_obs_features = rules.module("cards").card_obs_features
    g = tcg_env.make_game(rules.game, seed=31)
    feats = card_obs_features(g.pool.cards)
    assert np.array_equal(feats, g.pool.obs_features)
    rng = np.random.default_rng(4)
    # the pool's columns (the kernel writes the last two, ability0_used / ability1_used, after them)
    static_hand = [c for c in range(O.N_TABLE_COLUMNS) if c not in (12,)]  # 12: cost after reductions
    static_field = [0, *range(1, 12), 12, O.CARD_COLUMNS.index("card_id_plus1")]
    checked = 0
    while not g.done and checked < 400:
        row = g.state
        for p in (0, 1):
            obs = g.observe(p)
            hand = obs[O.OBS_HAND:O.OBS_OWN_FIELD].reshape(O.HAND_SLOTS, O.CARD_FEATURES)
            nh = min(int(row[S.HAND_N + p]), O.HAND_SLOTS)
            for i in range(nh):
                cid = int(row[S.CARD + int(row[S.HAND_L + p * K.MAX_DECK + i]) * S.CARD_W])
                np.testing.assert_array_equal(hand[i, static_hand], feats[cid, static_hand])
                assert not hand[i, O.N_TABLE_COLUMNS:].any()  # a hand card has used no ability
            assert not hand[nh:].any()
            for q, start in ((p, O.OBS_OWN_FIELD), (1 - p, O.OBS_OPP_FIELD)):
                rows = obs[start:start + O.FIELD_SLOTS * O.CARD_FEATURES].reshape(O.FIELD_SLOTS, O.CARD_FEATURES)
                nf = int(row[S.FIELD_N + q])
                for i in range(nf):
                    cid = int(row[S.CARD + int(row[S.FIELD_L + q * K.FIELD_SLOTS + i]) * S.CARD_W])
                    np.testing.assert_array_equal(rows[i, static_field], feats[cid, static_field])
                assert not rows[nf:].any()
            checked += 1
        legal = g.legal_actions()
        g.step(int(legal[rng.integers(len(legal))]))
    assert checked >= 400
