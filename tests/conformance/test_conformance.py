"""The game-conformance kit: what every registered game must pass (docs/architecture.md, "Game
conformance tests"). Every test is parametrized over ``tcg_env.registry.list_games()`` and reaches
the game through its GameSpec only, so a new game gets them all by registering; the games tcg_env
ships unregistered (``tcg_env.extra_games.EXTRA_GAMES``: the template game) are plugged in while
their tests run.

Hooks used: the spec's sizes, decks and kernels (``row_entry`` through the facade, ``reset_batch`` /
``step_batch``, ``seed_agent_rng`` / ``determinize_batch``), ``to_dict`` / ``from_dict``,
``entity_obs``, ``max_decisions``, ``card_zones`` and ``env_name`` (the PettingZoo module).
Short by default (CI has 2 cores); the long random-play sweep is marked ``slow``.
"""

from __future__ import annotations

import copy
import json
import re

import numpy as np
import pytest
from conformance_helpers import (
    KIT_GAMES,
    check_cards,
    deck_sizes,
    determinized,
    env_module,
    hidden_piles_permuted,
    observations,
    play,
    record_random_games,
    random_action,
    same_observation,
)

import tcg_env
from tcg_env import Game, IllegalActionError, SnapshotError
from tcg_env.extra_games import registered
from tcg_env.registry import get_spec, list_games

GAMES = list_games()  # the registered games (the other games a snapshot may be of)
SHORT_GAMES = 6  # random games per game in the default run
LEGAL_SWEEP_EVERY = 3  # try every legal action at every 3rd state of those games
HIDDEN_SWEEP_GAMES = 3  # of those games, the ones whose every decision is determinized for both players
HIDDEN_SWEEP_DECISIONS = 150  # up to this many decisions of each (a few seconds per game on 2 cores)
HIDDEN_FULL_EVERY = 10  # the fuller determinization checks at every 10th state of those


@pytest.fixture(scope="module", params=KIT_GAMES)
def spec(request):
    with registered(request.param) as spec:
        yield spec


@pytest.fixture(scope="module")
def pool(spec):
    return spec.load_tables()


_RECORDED: dict = {}


@pytest.fixture(scope="module")
def random_games(spec, pool):
    key = spec.name
    if key not in _RECORDED:
        _RECORDED[key] = record_random_games(spec, pool, SHORT_GAMES, seed0=100)
    return _RECORDED[key]


# ---- random play ---------------------------------------------------------------------------------
def test_random_play_ends_with_a_winner_or_draw_within_the_decision_cap(spec, random_games):
    for decks, rows, masks, g in random_games:
        assert g.done, f"{decks}: no end after {g.num_decisions} decisions (cap {spec.max_decisions})"
        assert g.num_decisions <= spec.max_decisions
        assert g.winner in (0, 1, -1) and g.current_player == -1
        assert g.returns() in ((1.0, -1.0), (-1.0, 1.0), (0.0, 0.0))
        assert len(rows) > 10  # a real game, not an instant end
    assert any(g.winner in (0, 1) for *_, g in random_games), "random play never produced a winner"


def test_no_empty_mask_before_the_end_and_none_after(spec, random_games):
    for decks, rows, masks, g in random_games:
        for row, mask in zip(rows, masks):
            assert mask.shape == (spec.num_actions,) and mask.dtype == np.int8
            assert set(np.unique(mask).tolist()) <= {0, 1}
            if row[0]:  # H_DONE
                assert not mask.any(), "a finished game offers an action"
            else:
                assert mask.any(), f"{decks}: empty mask at decision {len(rows)} before the end"
        with pytest.raises(IllegalActionError, match="game is over"):
            g.step(0)


def test_every_legal_action_applies_without_error(spec, pool, random_games):
    tried = 0
    for decks, rows, masks, g in random_games:
        for row, mask in list(zip(rows, masks))[::LEGAL_SWEEP_EVERY]:
            if row[0]:
                continue
            base = Game(spec, pool, row.copy(), g.variant_index)
            np.testing.assert_array_equal(base.action_mask(), mask)  # the mask is a function of the state
            for a in np.flatnonzero(mask):
                trial = base.clone()
                trial.step(int(a))  # raises RuntimeError on an engine error code
                assert trial.num_decisions == base.num_decisions + 1 or trial.done
                tried += 1
    assert tried > 50


def test_cards_are_conserved_every_card_in_exactly_one_zone(spec, pool, random_games):
    for decks, rows, masks, g in random_games:
        sizes = deck_sizes(spec, pool, decks)
        for row in rows:
            check_cards(spec, row, sizes)


@pytest.mark.slow
def test_random_play_long_sweep(spec, pool):
    """100 random games over the built-in matchups, every invariant at every state."""
    games = record_random_games(spec, pool, 100, seed0=10_000)
    for decks, rows, masks, g in games:
        assert g.done and g.num_decisions <= spec.max_decisions and g.winner in (0, 1, -1)
        sizes = deck_sizes(spec, pool, decks)
        for row, mask in zip(rows, masks):
            assert bool(mask.any()) != bool(row[0])
            check_cards(spec, row, sizes)


# ---- determinism ---------------------------------------------------------------------------------
def test_same_seeds_give_identical_trajectories_in_batches_of_1_and_64_and_single_games(spec, pool):
    B, steps, seed = 64, 100, 7
    picks = np.random.default_rng(3).random((steps, B))

    def choose(masks, t, rows):
        return np.array([np.flatnonzero(masks[i])[int(picks[t, r] * masks[i].sum())] for i, r in enumerate(rows)],
                        np.int64)

    big = tcg_env.make_batch(spec.name, B, seed=seed, auto_reset=False, pool=pool)
    # single games beside a quarter of the rows (the first, the last and every 4th): each row is
    # played by the same kernels, and a Python-side game per row was most of this test's time
    rows = sorted({*range(0, B, 4), B - 1})
    singles = {b: tcg_env.make_game(spec.name, seed=seed + b, pool=pool) for b in rows}
    played = 0
    for t in range(steps):
        for b, g in singles.items():
            np.testing.assert_array_equal(big.states[b], g.state)
            np.testing.assert_array_equal(big.masks[b], g.action_mask())
            np.testing.assert_array_equal(big.obs[b], g.observe(max(g.current_player, 0)))
        if big.states[:, 0].any():  # a finished row has no legal action: stop while all play
            break
        actions = choose(big.masks, t, range(B))
        big.step(actions)
        for b, g in singles.items():
            g.step(int(actions[b]))
        played += 1
    assert played >= 20
    for r in (0, 17, B - 1):  # batches of one, seeded like row r of the big batch
        one = tcg_env.make_batch(spec.name, 1, seed=seed + r, auto_reset=False, pool=pool)
        for t in range(played):
            one.step(choose(one.masks, t, [r]))
        np.testing.assert_array_equal(one.states[0], big.states[r])
        np.testing.assert_array_equal(one.obs[0], big.obs[r])
        np.testing.assert_array_equal(one.masks[0], big.masks[r])
    # the seed is not ignored
    a, b = (tcg_env.make_game(spec.name, seed=s, pool=pool) for s in (42, 43))
    assert not np.array_equal(a.state, b.state)


# ---- snapshots -----------------------------------------------------------------------------------
def test_snapshot_round_trip_mid_game_keeps_state_rng_and_continuation(spec, pool):
    g = tcg_env.make_game(spec.name, seed=5, pool=pool)
    play(g, 120, np.random.default_rng(2))
    assert not g.done
    d = json.loads(json.dumps(g.to_dict()))
    assert d["game"] == spec.name
    h = Game.from_dict(d, pool=pool)
    np.testing.assert_array_equal(h.state, g.state)  # the RNG words included
    np.testing.assert_array_equal(h.action_mask(), g.action_mask())
    assert json.loads(json.dumps(h.to_dict())) == d
    rng_g, rng_h = np.random.default_rng(9), np.random.default_rng(9)
    for _ in range(300):  # the same future: shuffles, draws and random effects included
        if g.done:
            break
        np.testing.assert_array_equal(g.legal_actions(), h.legal_actions())
        g.step(random_action(g, rng_g))
        h.step(random_action(h, rng_h))
    np.testing.assert_array_equal(h.state, g.state)


@pytest.fixture(scope="module")
def snapshot(spec, pool):
    g = tcg_env.make_game(spec.name, seed=5, pool=pool)
    play(g, 60, np.random.default_rng(1))
    return g, json.loads(json.dumps(g.to_dict()))


@pytest.mark.parametrize("value, words", [(1.5, "float64"), (3.0, "float64"), (True, "bool"), ("3", "str")])
def test_snapshot_refuses_a_non_integer_value_instead_of_converting_it(snapshot, value, words, assert_snapshot_refused):
    g, d = snapshot
    bad = copy.deepcopy(d)
    bad["fields"]["turn"] = value
    assert_snapshot_refused(g, bad, rf"field 'turn' must hold integers, got {words}")


def test_snapshot_refuses_an_int_past_int64_as_out_of_range(snapshot, assert_snapshot_refused):
    g, d = snapshot
    bad = copy.deepcopy(d)
    bad["fields"]["turn"] = 2**70
    assert_snapshot_refused(g, bad, "field 'turn' out of int32 range")


def test_snapshot_refuses_an_all_zero_rng_state(snapshot, assert_snapshot_refused):
    """xorshift128 maps the zero state to itself: the restored game would never shuffle again."""
    g, d = snapshot
    bad = copy.deepcopy(d)
    bad["fields"]["rng"] = [0, 0, 0, 0]
    assert_snapshot_refused(g, bad, "field 'rng' is all zero")


_OTHER_POOLS: dict = {}


def _other_games(spec):
    """``(name, spec, pool)`` of every registered game but ``spec``'s. Their pools only: the tests
    below hand *this* game's snapshot to the others, so that no other game's kernels compile on this
    game's test worker (they did, ~280 s of CI's 855 s: conftest.py sends a game's tests to one
    worker, and the other games' kernels were not always in the cache yet)."""
    for other in GAMES:
        if other != spec.name:
            if other not in _OTHER_POOLS:
                _OTHER_POOLS[other] = get_spec(other).load_tables()
            yield other, get_spec(other), _OTHER_POOLS[other]


def test_snapshot_of_another_game_or_none_says_which(snapshot):
    g, d = snapshot
    for other, their_spec, their_pool in _other_games(g.spec):
        theirs = np.zeros(their_spec.state_size, np.int32)
        with pytest.raises(SnapshotError, match=f"this is a snapshot of '{g.spec.name}', not of '{other}'"):
            their_spec.from_dict(theirs, their_pool, d)
        assert not theirs.any()  # refused before anything is written
    row = np.array(g.state)
    nameless = dict(d)
    del nameless["game"]  # once gave "format 2 is not 1"
    with pytest.raises(SnapshotError, match=f"this is a snapshot of None, not of '{g.spec.name}'"):
        g.spec.from_dict(row, g.pool, nameless)
    with pytest.raises(SnapshotError, match="field 'game': unknown game 'chess'"):
        Game.from_dict(dict(d, game="chess"))


def test_a_snapshot_restored_with_another_games_pool_says_whose_snapshot_it_is(snapshot):
    """Issue 25 item 7: ``Game.from_dict(their_snapshot, pool=my_pool)`` said "taken with a different
    card pool (fingerprint ...)" or "format 1 is not 2"; the game is named first, as docs/*/snapshot.md
    promise. The spec's own restore, handed another game's pool, names the pool's game."""
    g, d = snapshot
    row = np.array(g.state)
    me = g.spec.name
    for other, _, their_pool in _other_games(g.spec):
        with pytest.raises(SnapshotError) as info:
            Game.from_dict(d, pool=their_pool)
        assert str(info.value) == (f"{other} snapshot: this is a snapshot of {me!r}, not of {other!r} "
                                   f"(the card pool given is a {other} pool)")
        with pytest.raises(SnapshotError) as info:
            g.spec.from_dict(row, their_pool, d)
        assert str(info.value) == f"{me} snapshot: the card pool given is a {other} pool, not a {me} one"
    np.testing.assert_array_equal(row, g.state)


@pytest.mark.parametrize("edit, words", [
    (lambda d: d.pop("pool"), "missing key 'pool' (the card pool's fingerprint, which to_dict() records)"),
    (lambda d: d.update(pool="abc"), "key 'pool' must be a dict with the card pool's 'fingerprint', got 'abc'"),
    (lambda d: d["pool"].pop("fingerprint"), "key 'pool' must be a dict with the card pool's 'fingerprint'"),
    (lambda d: d["pool"].update(fingerprint="0" * 16), "key 'pool': taken with a different card pool (fingerprint '0000"),
    (lambda d: d.pop("format"), "missing key 'format'"),
    (lambda d: d.update(format=99), "key 'format' is 99, not"),
    (lambda d: d.pop("fields"), "missing key 'fields'"),
    (lambda d: d.update(fields=[]), "key 'fields' must be a dict"),
], ids=["no pool", "pool not a dict", "no fingerprint", "other fingerprint", "no format", "other format", "no fields",
        "fields not a dict"])  # fmt: skip
def test_a_snapshot_key_missing_or_wrong_is_named(snapshot, edit, words, assert_snapshot_refused):
    """A missing ``pool`` said "taken with a different card pool (fingerprint None, ...)"."""
    g, d = snapshot
    bad = copy.deepcopy(d)
    edit(bad)
    assert_snapshot_refused(g, bad, re.escape(f"{g.spec.name} snapshot: {words}"))


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow)])
def test_every_snapshot_of_random_play_passes_the_value_checks(spec, pool, seed):
    """The value checks refuse no real position: every state of a random game restores exactly
    (one game per game in CI, two in the slow run)."""
    g = tcg_env.make_game(spec.name, seed=seed, pool=pool)
    rng = np.random.default_rng(seed)
    while True:
        h = Game.from_dict(g.to_dict(), pool=pool)
        np.testing.assert_array_equal(h.state, g.state)
        if g.done:
            break
        g.step(random_action(g, rng))


def test_a_clone_is_independent_of_its_original(spec, pool):
    g = tcg_env.make_game(spec.name, seed=6, pool=pool)
    play(g, 30, np.random.default_rng(0))
    c = g.clone()
    before = g.state.copy()
    play(c, 30, np.random.default_rng(1))
    assert not np.array_equal(c.state, before)
    np.testing.assert_array_equal(g.state, before)


# ---- hidden information --------------------------------------------------------------------------
def test_observations_hide_the_hidden_zones(spec, pool, random_games):
    """At every decision of a few random games (up to ``HIDDEN_SWEEP_DECISIONS`` each), dealing a player's hidden information anew (the
    opponent's hand and deck, the player's own deck order, the RNG: ``kernels.determinize_batch``),
    for the player on move and for the other player, leaves that player's flat and dict
    observations unchanged, and the decider's mask: a card a player sees although it lies in a
    hidden zone (a revealed card, the cards a choice looks at) keeps its place. At every
    ``HIDDEN_FULL_EVERY``-th decision, also: the cards are conserved, every zone keeps its slots, and
    the opponent, whose own hand changed, sees a difference in one of a few deals."""
    checked = seen_by_owner = 0
    for decks, rows, masks, game in random_games[:HIDDEN_SWEEP_GAMES]:
        sizes = deck_sizes(spec, pool, decks)
        for i, (row, mask) in enumerate(zip(rows[:HIDDEN_SWEEP_DECISIONS], masks)):
            g = tcg_env.Game(spec, pool, row, game.variant_index)
            if g.done:
                continue
            decider = g.current_player
            for p in (decider, 1 - decider):
                h = determinized(g, p, seed=10 * i + p)
                assert same_observation(observations(h, p), observations(g, p)), (
                    f"{decks}, decision {i}: a deal of what player {p} cannot see changes its observation "
                    f"(decider {decider})")
                if p == decider:
                    np.testing.assert_array_equal(h.action_mask(), mask, err_msg=f"{decks}, decision {i}")
                checked += 1
            if i % HIDDEN_FULL_EVERY == 0:
                seen_by_owner += _full_deal_checks(spec, g, sizes, seed=i)
    assert checked >= 100 and seen_by_owner >= 2


def _full_deal_checks(spec, g, sizes, seed) -> int:
    """A few deals for each player at ``g``: card conservation, the same slots in every zone, and a
    difference for the opponent whose hand (of 2 cards or more) was dealt anew. Returns how many
    players' hands were checked so."""
    zones = spec.card_zones(g.state).zones
    seen_by_owner = 0
    for p in (0, 1):
        o = 1 - p
        theirs = observations(g, o)
        differs = False
        for k in range(4):
            h = determinized(g, p, seed=1000 * seed + 10 * p + k)
            check_cards(spec, h.state, sizes)
            hz = spec.card_zones(h.state).zones
            assert hz.keys() == zones.keys()
            for key in zones:  # the same slots in every zone (only card identities move)
                assert sorted(hz[key]) == sorted(zones[key]), key
            differs |= not same_observation(observations(h, o), theirs)
        if len(zones[(o, "hand")]) >= 2:
            assert differs, f"dealing player {o}'s hand anew never changed its own observation"
            seen_by_owner += 1
    return seen_by_owner


def test_observations_hide_what_the_zone_table_declares_hidden(spec, pool):
    """The zone table's visibility declaration (``spec.zones``: ``seen_by`` / ``pile``) against the
    observation, apart from the game's ``resample_hidden``: permuting the card ids within each pile
    ``hidden_piles(viewer)`` lists leaves ``viewer``'s flat and dict observations and mask unchanged
    (a zone declared hidden that the observation shows, or a pile that mixes what the viewer tells
    apart, fails here). A card a zone declares revealed (``add(revealed=)``: Force of Will's runes
    revealed in the rune area) is public: ``pile_slots`` leaves it out of its pile."""
    assert spec.zones is not None, "the game declares no zone table (state.ZONES)"
    g = tcg_env.make_game(spec.name, seed=12, pool=pool)
    rng = np.random.default_rng(5)
    checked = 0
    for _ in range(6):
        play(g, 20, rng)
        if g.done:
            break
        for viewer in (0, 1):
            mine = observations(g, viewer)
            for _k in range(3):
                h = hidden_piles_permuted(g, viewer, rng)
                assert same_observation(observations(h, viewer), mine), (
                    f"player {viewer}'s observation changes when its hidden piles {spec.zones.hidden_piles(viewer)} "
                    f"are dealt anew")
                if g.current_player == viewer:
                    np.testing.assert_array_equal(h.action_mask(), g.action_mask())
                checked += 1
    assert checked >= 12


# ---- illegal actions -----------------------------------------------------------------------------
def test_illegal_actions_raise_and_change_nothing(spec, pool):
    g = tcg_env.make_game(spec.name, seed=8, pool=pool)
    rng = np.random.default_rng(1)
    for _ in range(4):
        before, mask = g.state.copy(), g.action_mask()
        masked_out = np.flatnonzero(mask == 0)
        bad = [-1, spec.num_actions, 10**9, "3", 2.5, True, None]
        if masked_out.size:
            bad.append(int(masked_out[rng.integers(masked_out.size)]))
        for a in bad:
            with pytest.raises(IllegalActionError) as e:
                g.step(a)
            if isinstance(a, int) and not isinstance(a, bool):
                assert set(e.value.legal) == set(g.legal_actions().tolist())
            np.testing.assert_array_equal(g.state, before)
            np.testing.assert_array_equal(g.action_mask(), mask)
        play(g, 25, rng)
    bg = tcg_env.make_batch(spec.name, 4, seed=1, pool=pool)
    before = bg.states.copy()
    actions = np.array([int(np.flatnonzero(m)[0]) for m in bg.masks])
    for bad_action in ([int(np.flatnonzero(bg.masks[2] == 0)[0])] if (bg.masks[2] == 0).any() else []) + [-1, spec.num_actions]:
        wrong = actions.copy()
        wrong[2] = bad_action
        with pytest.raises(IllegalActionError, match=r"rows \[2\]"):
            bg.step(wrong)
        np.testing.assert_array_equal(bg.states, before)
    bg.step(actions)  # the legal batch still steps


# ---- environments --------------------------------------------------------------------------------
@pytest.mark.parametrize("encoding", ["flat", "dict"])
def test_pettingzoo_api_test(spec, pool, encoding):
    from pettingzoo.test import api_test

    env = env_module(spec).env(obs_encoding=encoding, pool=pool)
    assert env.metadata["name"] == spec.env_name
    api_test(env, num_cycles=300)


@pytest.mark.parametrize("encoding", ["flat", "dict"])
def test_pettingzoo_seed_test(spec, pool, encoding):
    from pettingzoo.test import seed_test

    mod = env_module(spec)
    seed_test(lambda: mod.env(obs_encoding=encoding, pool=pool), num_cycles=200)  # raises on a mismatch
    a, b, c = (mod.env(obs_encoding=encoding, pool=pool) for _ in range(3))
    a.reset(seed=7)
    b.reset(seed=7)
    c.reset(seed=8)
    assert a.agent_selection == b.agent_selection
    np.testing.assert_array_equal(a.game.state, b.game.state)
    assert not np.array_equal(a.game.state, c.game.state)  # the seed is not ignored


def test_gymnasium_env_passes_the_env_checker(spec, pool):
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    from tcg_env.envs import TCGSingleAgentEnv

    check_env(TCGSingleAgentEnv(game=spec.name, illegal_action="lose", pool=pool), skip_render_check=True)
    env = gymnasium.make(tcg_env.GYM_IDS[spec.name], opponent="random", learner_seat=1)
    obs, info = env.reset(seed=1)
    assert obs.shape == env.observation_space.shape == (spec.obs_size,)
    assert env.unwrapped.action_masks().any()


def test_vector_env_masks_match_single_games(spec, pool):
    from tcg_env.envs import TCGVectorEnv

    B = 4
    venv = TCGVectorEnv(spec.name, num_envs=B, seed=20, max_turns=1000)
    obs, masks, players = venv.reset()
    games = [tcg_env.make_game(spec.name, seed=20 + b, pool=pool) for b in range(B)]
    rng = np.random.default_rng(2)
    for _ in range(150):
        actions = np.zeros(B, np.int64)
        for b, g in enumerate(games):
            np.testing.assert_array_equal(masks[b], g.action_mask())
            np.testing.assert_array_equal(obs[b], g.observe(g.current_player))
            assert players[b] == g.current_player
            actions[b] = random_action(g, rng)
        obs, masks, rewards, term, trunc, players = venv.step(actions)
        ended = False
        for b, g in enumerate(games):
            g.step(int(actions[b]))
            assert bool(term[b]) == g.done
            if g.done:
                assert tuple(rewards[b]) == g.returns()
                ended = True
        if ended:
            break
