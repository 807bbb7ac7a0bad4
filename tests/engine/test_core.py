"""The shared engine core (tcg_env.engine.rows / batch / policy) on a toy game written against its
contract (toy_game.py, Nim with a hidden secret): what the core itself does, apart from any real
game's rules. The real games' use of it is covered by the conformance kit and the golden hashes."""

from __future__ import annotations

import sys
import types

import numpy as np
import pytest
from numba import njit
import toy_game as toy

from tcg_env.engine import batch, policy, rows
from tcg_env.engine.header import H_AUTO_SINGLE, H_DECIDER, H_DONE, H_RNG, H_VARIANT, H_WINNER
from tcg_env.engine.hooks import Rules

G = toy.RULES
T = np.zeros((1, 1), np.int32)  # the toy game has no card tables


def deck(n: int, secret: int = 7) -> np.ndarray:
    d = np.zeros(n, np.int32)
    d[:1] = secret
    return d


def new_row(seed: int = 1, tokens=(5, 5), auto_single: int = 0) -> np.ndarray:
    s = np.full(toy.STATE_SIZE, 99, np.int32)  # garbage: reset_row must clear it
    rows.reset_row(G, s, deck(tokens[0], 11), deck(tokens[1], 22), np.int64(seed), np.int64(3), np.int64(auto_single), T)
    return s


def test_reset_row_clears_heads_seeds_then_runs_the_games_setup():
    s = new_row(seed=4)
    assert s[H_DONE] == 0 and s[H_WINNER] == -1 and s[H_VARIANT] == 3 and s[H_AUTO_SINGLE] == 0
    assert s[toy.PILE] == 10 and list(s[toy.SECRET : toy.SECRET + 2]) == [11, 22]
    assert s[H_DECIDER] in (0, 1)
    assert np.array_equal(s, new_row(seed=4))  # the seed decides everything
    firsts = {int(new_row(seed=k)[H_DECIDER]) for k in range(20)}
    assert firsts == {0, 1}  # the game's setup draws from the RNG the core seeded
    assert {int(new_row(seed=k)[H_RNG]) for k in range(5)} != {int(new_row(seed=0)[H_RNG])}


def test_apply_row_refuses_illegal_actions_and_finished_games_leaving_the_row_untouched():
    s = new_row(tokens=(1, 0))  # one token: only "take one" is legal
    scratch = np.zeros(toy.NUM_ACTIONS, np.int8)
    before = s.copy()
    for a in (1, -1, toy.NUM_ACTIONS, 50):
        assert rows.apply_row(G, s, T, np.int64(a), scratch) == rows.ERR_ILLEGAL
        assert np.array_equal(s, before)
    mover = s[H_DECIDER]
    assert rows.apply_row(G, s, T, np.int64(0), scratch) == 0
    assert s[H_DONE] == 1 and s[H_WINNER] == mover
    done = s.copy()
    assert rows.apply_row(G, s, T, np.int64(0), scratch) == rows.ERR_DONE
    assert np.array_equal(s, done)


def test_auto_single_applies_every_decision_with_one_legal_action():
    # a pile of one: the only legal action is taken at reset, and the game is over at once
    s = new_row(tokens=(1, 0), auto_single=1)
    assert s[H_DONE] == 1
    # a pile of three: after "take two" the last token is forced, so step_and_mask_row ends the game
    s = new_row(tokens=(2, 1), auto_single=1)
    mask = np.zeros(toy.NUM_ACTIONS, np.int8)
    first = s[H_DECIDER]
    assert rows.step_and_mask_row(G, s, T, np.int64(1), mask) == 0
    assert s[H_DONE] == 1 and s[H_WINNER] == 1 - first and mask.sum() == 0


def _batch_arrays(n: int, tokens=(3, 3)):
    decks = np.zeros((n, 2, max(tokens)), np.int32)
    deck_lens = np.tile(np.array(tokens, np.int32), (n, 1))
    return dict(states=np.zeros((n, toy.STATE_SIZE), np.int32), decks=decks, deck_lens=deck_lens,
                seeds=np.arange(n, dtype=np.int64) + 100, obs=np.zeros((n, toy.OBS_SIZE), np.float32),
                masks=np.zeros((n, toy.NUM_ACTIONS), np.int8))


def test_step_batch_rewards_the_winner_restarts_finished_rows_and_refuses_illegal_actions():
    n = 4
    a = _batch_arrays(n)
    ops = batch.BatchOps(G)
    ops.reset_batch(a["states"], a["decks"], a["deck_lens"], a["seeds"], 0, 0, T, a["obs"], a["masks"])
    assert (a["obs"][:, 0] == 6).all() and (a["obs"][:, 1] == 1).all()  # the decider's view
    rewards = np.zeros((n, 2), np.float32)
    terminated = np.zeros(n, np.int8)
    errors = np.zeros(n, np.int32)
    episodes = np.zeros(n, np.int64)
    ended = 0
    for _ in range(12):  # take two every time: 6 tokens, three steps a game
        deciders = a["states"][:, H_DECIDER].copy()
        ops.step_batch(a["states"], np.ones(n, np.int32), T, a["obs"], a["masks"], rewards, terminated, errors,
                       a["decks"], a["deck_lens"], a["seeds"], episodes, 0, 0, True)
        assert (errors == 0).all()
        for b in np.flatnonzero(terminated):
            assert rewards[b, deciders[b]] == 1.0 and rewards[b, 1 - deciders[b]] == -1.0
        assert (rewards[terminated == 0] == 0).all()
        ended += int(terminated.sum())
        assert (a["states"][:, H_DONE] == 0).all()  # auto_reset: a new game at once
    assert ended == 4 * n and (episodes == 4).all()
    expected = np.zeros(toy.STATE_SIZE, np.int32)
    rows.reset_row(G, expected, a["decks"][0, 0, :3], a["decks"][0, 1, :3], np.int64(batch.episode_seed(100, 4)),
                   np.int64(0), np.int64(0), T)
    assert np.array_equal(a["states"][0], expected)  # the restart seed is episode_seed(seed, episode)
    a["masks"][:] = 0
    a["masks"][:, 0] = 1
    before = a["states"].copy()
    ops.step_batch(a["states"], np.ones(n, np.int32), T, a["obs"], a["masks"], rewards, terminated, errors,
                   a["decks"], a["deck_lens"], a["seeds"], episodes, 0, 0, True)
    assert (errors == -1).all() and np.array_equal(a["states"], before)


def test_random_play_counts_decisions_games_and_results():
    n = 6
    a = _batch_arrays(n)
    ops = batch.BatchOps(G)
    ops.reset_batch(a["states"], a["decks"], a["deck_lens"], a["seeds"], 0, 0, T, a["obs"], a["masks"])
    counters = np.zeros((n, 5), np.int64)
    ops.random_play_batch(a["states"], T, a["decks"], a["deck_lens"], a["seeds"], 0, 60, a["obs"], a["masks"],
                          batch.seed_agent_rng(n, 1), counters)
    assert (counters[:, 0] == 60).all()
    assert (counters[:, 1] >= 60 // 6).all()  # a game takes 3 to 6 decisions
    assert (counters[:, 1] == counters[:, 2] + counters[:, 3] + counters[:, 4]).all() and (counters[:, 4] == 0).all()


def test_the_heuristic_hook_drives_agent_heuristic_and_playouts():
    n = 200
    a = _batch_arrays(n, tokens=(4, 4))
    batch.BatchOps(G).reset_batch(a["states"], a["decks"], a["deck_lens"], a["seeds"], 0, 0, T, a["obs"], a["masks"])
    first = a["states"][:, H_DECIDER].copy()
    ops = policy.PolicyOps(G)
    out = np.zeros(n, np.int32)
    ops.agent_actions_batch(a["states"], T, a["masks"], batch.seed_agent_rng(n, 2), policy.AGENT_HEURISTIC, out)
    assert (out == 1).all()  # 8 tokens: take two, leave six
    lengths = np.zeros(n, np.int64)
    ops.playout_batch(a["states"], T, a["masks"], batch.seed_agent_rng(n, 3),
                      np.tile(np.array([policy.AGENT_HEURISTIC, policy.AGENT_RANDOM], np.int32), (n, 1)), 100, lengths)
    won = a["states"][:, H_WINNER]
    assert (won[first == 0] == 0).all()  # perfect play from a winning pile never loses
    assert (a["states"][:, H_DONE] == 1).all() and (a["masks"] == 0).all()
    with pytest.raises(ValueError, match="unknown in-kernel agent code 7"):
        ops.playout_batch(a["states"], T, a["masks"], batch.seed_agent_rng(n, 3), np.full((n, 2), 7, np.int32), 5,
                          lengths)


def test_determinize_row_resamples_only_the_hidden_and_reseeds_the_games_rng():
    s = new_row(seed=9)
    rng = batch.seed_agent_rng(1, 5)[0]
    seen = set()
    for _ in range(5):
        d = s.copy()
        policy.determinize_row(G, d, T, np.int64(0), rng)
        assert d[toy.SECRET] == s[toy.SECRET] and d[toy.PILE] == s[toy.PILE]  # player 0's own view
        assert not np.array_equal(d[H_RNG : H_RNG + 4], s[H_RNG : H_RNG + 4])
        seen.add(int(d[toy.SECRET + 1]))
    assert len(seen) > 1


def test_each_game_gets_its_own_compiled_core_with_its_own_rules():
    import tcg_env

    nothing = np.zeros(1, np.int32)
    no_obs = np.zeros(1, np.float32)
    s = new_row(tokens=(1, 0))
    mask = np.zeros(toy.NUM_ACTIONS, np.int8)
    assert rows.row_entry(G, rows.ROW_MASK, s, T, nothing, nothing, 0, 0, 0, 0, mask, no_obs) == 1  # toy rules
    g = tcg_env.make_game("fftcg", seed=1)  # the same core kernel with FF-TCG's rules
    game = g.spec.kernels.rules
    m = np.zeros(g.num_actions, np.int8)
    n = rows.row_entry(game, rows.ROW_MASK, g.state.copy(), g.pool.kernel_tables, nothing, nothing, 0, 0, 0, 0, m, no_obs)
    assert n == len(g.legal_actions()) and np.array_equal(np.flatnonzero(m), g.legal_actions())
    if hasattr(rows.row_entry, "signatures"):  # compiled (not NUMBA_DISABLE_JIT): one entry per game
        games = {sig[0] for sig in rows.row_entry.signatures}
        assert {G._numba_type_, game._numba_type_} <= games


def test_a_hooks_module_without_a_hook_the_core_calls_is_named_in_the_error():
    mod = types.ModuleType("toy_game_without_heuristic")
    for name in ("NUM_ACTIONS", "STATE_SIZE", "OBS_SIZE", "setup_row", "legal_mask_row", "apply_unchecked",
                 "observe_row", "observe_into", "resample_hidden", "advance_row"):
        setattr(mod, name, getattr(toy, name))
    sys.modules[mod.__name__] = mod
    try:
        incomplete = Rules(mod.__name__)
        s = new_row()
        mask = np.zeros(toy.NUM_ACTIONS, np.int8)
        n = rows.legal_mask_row(incomplete, s, T, mask)
        assert n == 2  # the hooks it has work
        with pytest.raises(Exception, match="toy_game_without_heuristic has no heuristic_action"):
            policy.choose_action_row(incomplete, s, T, mask, np.int64(n), np.int64(policy.AGENT_HEURISTIC),
                                     batch.seed_agent_rng(1, 0)[0])
    finally:
        del sys.modules[mod.__name__]


def test_a_rules_variant_replaces_hooks_without_touching_the_base_games_engine():
    """docs/architecture.md, "Rules variants": misère Nim (toy_game_misere.py) keeps toy_game's
    kernels except ``last_token_taken``, two calls deep under the base game's ``apply_unchecked``
    (reached through ``game.take_tokens`` / ``game.last_token_taken``), and the heuristic; each
    compiles its own engine from the same core."""
    import toy_game_misere as misere

    for rules, last_taker_wins in ((G, True), (misere.RULES, False)):
        s = np.zeros(toy.STATE_SIZE, np.int32)
        rows.reset_row(rules, s, deck(2), deck(1), np.int64(5), np.int64(0), np.int64(0), T)
        scratch = np.zeros(toy.NUM_ACTIONS, np.int8)
        mover = int(s[H_DECIDER])
        assert rows.apply_row(rules, s, T, np.int64(1), scratch) == 0  # take two of three
        assert rows.apply_row(rules, s, T, np.int64(0), scratch) == 0  # the other takes the last
        assert s[H_DONE] == 1 and (s[H_WINNER] == 1 - mover) == last_taker_wins
    n = 100
    a = _batch_arrays(n, tokens=(4, 4))
    batch.BatchOps(misere.RULES).reset_batch(a["states"], a["decks"], a["deck_lens"], a["seeds"], 0, 0, T, a["obs"],
                                             a["masks"])
    first = a["states"][:, H_DECIDER].copy()
    lengths = np.zeros(n, np.int64)
    policy.PolicyOps(misere.RULES).playout_batch(
        a["states"], T, a["masks"], batch.seed_agent_rng(n, 3),
        np.tile(np.array([policy.AGENT_HEURISTIC, policy.AGENT_RANDOM], np.int32), (n, 1)), 100, lengths)
    assert (a["states"][first == 0, H_WINNER] == 0).all()  # 8 tokens: the misère heuristic wins moving first


def test_is_cached_asks_for_the_games_own_compiled_core():
    """The core's kernels are compiled once per game, so the command line's first-run notice
    (engine.cache.is_cached) must look for the game's own entry, not any entry of the kernel."""
    from tcg_env.engine.cache import is_cached

    if not hasattr(rows.row_entry, "signatures"):
        pytest.skip("NUMBA_DISABLE_JIT: nothing is compiled")
    nothing = np.zeros(1, np.int32)
    rows.row_entry(G, rows.ROW_MASK, new_row(), T, nothing, nothing, 0, 0, 0, 0, np.zeros(toy.NUM_ACTIONS, np.int8),
                   np.zeros(1, np.float32))
    assert is_cached(rows.row_entry, game=G)
    assert not is_cached(rows.row_entry, game=Rules("toy_game_never_compiled"))


def test_a_hook_takes_only_identifiers_as_parameters():
    from tcg_env.engine.hooks import hook

    for bad in ("s, T; import os", "s, game", "s, 1x"):
        with pytest.raises(ValueError, match="parameters must be identifiers"):
            hook("damage_step", bad)
    assert hook("damage_step", " s , T ").__name__ == "damage_step"


def _rules_package(name, *modules):
    """A hooks module ``name`` whose rules are the functions of ``modules`` (``RULES_MODULES``)."""
    hooks = types.ModuleType(name)
    hooks.RULES_MODULES = modules
    sys.modules[name] = hooks
    return Rules(name)


def test_rules_methods_reach_the_games_rules_modules_and_refuse_a_name_defined_twice():
    """docs/architecture.md, "Rules variants": ``game.name(...)`` is the function ``name`` of the
    game's hooks module or of one of its ``RULES_MODULES``, given the tag where it takes it; the
    same name in two rules modules is an error naming both, never a silent pick."""

    def double(x):
        return 2 * x

    def double_plus_one(game, x):
        return game.double(x) + 1

    def twice(game, x):
        return game.double_plus_one(x) * 10

    def entry(game, x):
        return game.twice(x)

    first, second = types.ModuleType("toy_rules_first"), types.ModuleType("toy_rules_second")
    first.double = njit(double)
    second.double_plus_one, second.twice = njit(double_plus_one), njit(twice)
    entry = njit(entry)
    try:
        rules = _rules_package("toy_rules_hooks", first, second)
        assert entry(rules, 3) == 70
        second.double = njit(lambda x: 3 * x)
        clash = _rules_package("toy_rules_clash", first, second)
        with pytest.raises(Exception, match="'double' is defined in both toy_rules_first and toy_rules_second"):
            entry(clash, 3)
    finally:
        for name in ("toy_rules_hooks", "toy_rules_clash"):
            sys.modules.pop(name, None)
