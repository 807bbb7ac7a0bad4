"""The OpenSpiel bridge (tcg_env/openspiel.py): every registered game loads as ``tcg_env_<game>``,
passes OpenSpiel's ``random_sim_test``, observes what the engine observes, clones, serializes,
determinizes for IS-MCTS, and OpenSpiel's MCTS / IS-MCTS bots play full games against the suite's
agents. Skipped without OpenSpiel (extra ``openspiel``)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import tcg_env  # noqa: E402
import tcg_env.openspiel as tos  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
GAMES = tcg_env.list_games()


def _load(game: str, **params):
    return pyspiel.load_game(f"tcg_env_{game}", params)


def _play_random(state, rng, n):
    """Up to ``n`` uniformly random decisions."""
    for _ in range(n):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(int(rng.choice(legal)))


def test_every_registered_game_is_an_openspiel_game():
    assert {f"tcg_env_{g}" for g in GAMES} <= set(tos.registered_games())
    for name in GAMES:
        assert f"tcg_env_{name}" in pyspiel.registered_names()
        game = _load(name)
        spec = tcg_env.get_spec(name)
        t = game.get_type()
        assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
        assert game.num_distinct_actions() == spec.num_actions
        assert game.num_players() == 2
        assert game.observation_tensor_shape() == [spec.obs_size]
        assert game.information_state_tensor_shape() == [spec.obs_size + spec.num_actions]
        assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
        assert game.max_game_length() == spec.max_decisions


def test_a_game_plugged_in_later_gets_its_openspiel_game_from_its_spec():
    from tcg_env.extra_games import registered

    with registered("template") as spec:
        assert tos.register("template") == "tcg_env_template"
        assert tos.register("template") == "tcg_env_template"  # again: nothing happens
        game = _load("template", seed=1)
        assert game.num_distinct_actions() == spec.num_actions
        assert game.observation_tensor_shape() == [spec.obs_size]
        pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    with pytest.raises(ValueError, match="unknown game 'nope'"):
        tos.register("nope")


@pytest.mark.parametrize("game", GAMES)
def test_random_sim_test_short(game):
    # CI's form: one game stopped after three turns (the full games are the slow test below).
    # random_sim_test is OpenSpiel's own check: it raises SpielError on any inconsistency it finds
    # (illegal or repeated action strings, returns, clones, observation sizes, chance outcomes)
    pyspiel.random_sim_test(_load(game, seed=5, max_turns=3), num_sims=1, serialize=False, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_random_sim_test_full_games(game):
    pyspiel.random_sim_test(_load(game, seed=11), num_sims=3, serialize=False, verbose=False)


def test_parameters_are_checked_with_one_line_errors():
    with pytest.raises(ValueError, match=r"^tcg_env_fftcg: parameter 'deck1': nope: .*$"):
        _load("fftcg", deck1="nope")
    with pytest.raises(ValueError, match=r"^tcg_env_fftcg: parameter 'variant': unknown fftcg rules variant 'x'"):
        _load("fftcg", variant="x")
    with pytest.raises(ValueError, match=r"^tcg_env_fftcg: parameter 'seed' must be an integer >= 0, got -1$"):
        _load("fftcg", seed=-1)
    with pytest.raises(ValueError, match=r"parameter 'max_turns' must be an integer >= 0"):
        _load("fftcg", max_turns=-3)
    # names and types are OpenSpiel's own checks (SpielError, one line naming the parameter)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'decks'"):
        _load("fftcg", decks="a")
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter seed"):
        pyspiel.load_game("tcg_env_fftcg(seed=abc)")
    # a good load with every parameter
    game = _load("fftcg", deck0="backup_ramp", deck1="twilight_knights", variant="limited", seed=3,
                 max_turns=2, auto_single=True)
    assert game.get_parameters()["deck0"] == "backup_ramp"


def test_the_kth_game_plays_seed_plus_k_and_decks_and_variant_apply():
    game = _load("fftcg", seed=40, deck0="backup_ramp", variant="limited")
    for k in range(2):
        state = game.new_initial_state()
        ref = tcg_env.make_game("fftcg", decks=("backup_ramp", "ice_water_control"), seed=40 + k, variant="limited")
        np.testing.assert_array_equal(np.array(state.tcg_game.state), np.array(ref.state))
    # a clone draws no seed: the next game is still seed + 2
    state.clone()
    nxt = game.new_initial_state()
    ref = tcg_env.make_game("fftcg", decks=("backup_ramp", "ice_water_control"), seed=42, variant="limited")
    np.testing.assert_array_equal(np.array(nxt.tcg_game.state), np.array(ref.state))


@pytest.mark.parametrize("game", GAMES)
def test_observations_are_the_engines_and_hide_the_opponents_hand(game):
    og = _load(game, seed=2)
    state = og.new_initial_state()
    _play_random(state, np.random.default_rng(0), 30)
    g = state.tcg_game
    for p in (0, 1):
        obs = np.array(state.observation_tensor(p), np.float32)
        np.testing.assert_array_equal(obs, g.observe(p))
        info = np.array(state.information_state_tensor(p), np.float32)
        np.testing.assert_array_equal(info[: g.spec.obs_size], obs)
        own = [pa.action for pa in state.full_history() if pa.player == p]
        np.testing.assert_array_equal(info[g.spec.obs_size:], np.bincount(own, minlength=g.spec.num_actions))
        assert state.observation_string(p) == g.render(p)
        assert state.information_state_string(p).endswith(f"player {p}'s actions: {' '.join(map(str, own))}")
    # the Python observer API gives the same tensor, without OpenSpiel's per-call initial state
    from open_spiel.python.observation import make_observation

    ob = make_observation(og)
    ob.set_from(state, 1)
    np.testing.assert_array_equal(ob.tensor, g.observe(1))
    # dealing the opponent's hidden cards anew leaves a player's observation and strings unchanged
    p = state.current_player()
    other = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    np.testing.assert_array_equal(np.array(other.observation_tensor(p)), np.array(state.observation_tensor(p)))
    assert other.information_state_string(p) == state.information_state_string(p)
    assert other.history() == state.history()


def test_resample_deals_the_hidden_cards_anew():
    state = _load("fftcg", seed=9).new_initial_state()
    _play_random(state, np.random.default_rng(1), 10)
    p = state.current_player()
    rows = {np.array(state.resample_from_infostate(p).tcg_game.state).tobytes() for _ in range(6)}
    assert len(rows) > 1  # the hidden zones (and the RNG) differ between determinizations
    assert np.array(state.tcg_game.state).tobytes() not in rows
    with pytest.raises(ValueError, match="player_id must be 0 or 1"):
        state.resample_from_infostate(2)


def test_clone_is_independent_and_replays_the_same():
    state = _load("fftcg", seed=4).new_initial_state()
    _play_random(state, np.random.default_rng(2), 20)
    before = str(state)
    clone = state.clone()
    assert str(clone) == before and clone.history() == state.history()
    _play_random(clone, np.random.default_rng(3), 15)
    assert str(state) == before  # the original did not move
    # the same actions give the same game (the engine's RNG is part of the state)
    again = state.clone()
    for a in clone.history()[len(state.history()):]:
        again.apply_action(a)
    assert str(again) == str(clone)


def test_illegal_action_raises_and_changes_nothing():
    state = _load("fftcg", seed=6).new_initial_state()
    legal = set(state.legal_actions())
    bad = next(a for a in range(state.get_game().num_distinct_actions()) if a not in legal)
    before, history = str(state), state.history()
    with pytest.raises(tcg_env.IllegalActionError, match=f"illegal action {bad}"):
        state.apply_action(bad)
    assert str(state) == before and state.history() == history


def test_max_turns_stops_the_game_with_zero_returns():
    state = _load("fftcg", seed=8, max_turns=2).new_initial_state()
    _play_random(state, np.random.default_rng(4), 10_000)
    assert state.is_terminal() and state.current_player() == pyspiel.PlayerId.TERMINAL
    g = state.tcg_game
    if not g.done:
        assert g.turn == 3 and state.returns() == [0.0, 0.0]
    assert state.legal_actions() == []
    with pytest.raises(tcg_env.IllegalActionError):
        state.apply_action(0)


def test_serialization_round_trip_continues_the_same_game():
    game = _load("weiss_schwarz", seed=12, max_turns=50)
    game.new_initial_state()  # the game's seed counter moves: the serialized game keeps it
    state = game.new_initial_state()
    _play_random(state, np.random.default_rng(5), 25)
    text = tos.serialize_game_and_state(game, state)
    game2, state2 = tos.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state) and state2.history() == state.history()
    for a in [int(x) for x in np.random.default_rng(6).integers(0, 1 << 30, 40)]:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert state2.legal_actions() == legal
        state.apply_action(legal[a % len(legal)])
        state2.apply_action(legal[a % len(legal)])
    assert str(state2) == str(state)
    # the next game of each is the same (seed + 2)
    assert str(game2.new_initial_state()) == str(game.new_initial_state())
    # the state alone: OpenSpiel's State.serialize / Game.deserialize_state
    assert str(game.deserialize_state(state.serialize())) == str(state)
    with pytest.raises(ValueError, match="not a tcg_env.openspiel serialized game and state"):
        tos.deserialize_game_and_state("something else")


def _play_bot_vs_agent(game_name, bot, agent, bot_seat, seed, max_turns=0):
    """One whole game: OpenSpiel ``bot`` in ``bot_seat``, a suite agent in the other; the returns."""
    game = _load(game_name, seed=seed, max_turns=max_turns)
    state = game.new_initial_state()
    n = 0
    while not state.is_terminal():
        g = state.tcg_game
        if state.current_player() == bot_seat:
            action = bot.step(state)
        else:
            action = agent.act(g.observe(g.current_player), g.action_mask(), game=g)
        assert action in state.legal_actions()
        state.apply_action(action)
        n += 1
    return state.returns(), n


def _bots(game_name, sims, seed):
    from open_spiel.python.algorithms import ismcts, mcts

    game = _load(game_name)
    evaluator = tos.PlayoutEvaluator(n_rollouts=1, agent="random", seed=seed)
    mcts_bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=sims, evaluator=evaluator,
                            random_state=np.random.RandomState(seed))
    ismcts_bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=sims,
                                  random_state=np.random.RandomState(seed), allow_inconsistent_action_sets=True)
    return mcts_bot, ismcts_bot


def _check_bots_play_full_games(game_name, sims):
    from agents import make_agent

    mcts_bot, ismcts_bot = _bots(game_name, sims, seed=0)
    for bot, agent, seat in ((mcts_bot, make_agent("random", game=game_name, seed=1), 0),
                             (ismcts_bot, make_agent("heuristic", game=game_name, seed=2), 1)):
        returns, n = _play_bot_vs_agent(game_name, bot, agent, seat, seed=21)
        assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0]) and n > 10


def test_mcts_and_ismcts_bots_play_full_games_against_the_suites_agents():
    _check_bots_play_full_games("fftcg", sims=4)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_mcts_and_ismcts_bots_play_every_game(game):
    _check_bots_play_full_games(game, sims=8)


def test_playout_evaluator_checks_its_options():
    with pytest.raises(ValueError, match="n_rollouts must be an integer >= 1"):
        tos.PlayoutEvaluator(n_rollouts=0)
    with pytest.raises(ValueError, match="agent must be 'random' or 'heuristic'"):
        tos.PlayoutEvaluator(agent="search")
    state = _load("fftcg", seed=1).new_initial_state()
    values = tos.PlayoutEvaluator(n_rollouts=4, agent="heuristic").evaluate(state)
    assert values.shape == (2,) and values.sum() == 0 and -1 <= values[0] <= 1


def test_docs_page_example_runs():
    page = ROOT / "docs" / "openspiel.md"
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(), re.S)
    assert blocks
    for code in blocks:
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=900)
        assert out.returncode == 0, f"docs/openspiel.md block failed:\n{code}\n{out.stderr[-3000:]}"


def test_benchmark_prints_both_rates_in_one_json_line(capsys):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bench_openspiel
    finally:
        sys.path.pop(0)
    assert bench_openspiel.main(["--game", "fftcg", "--seconds", "0.6"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    import json

    out = json.loads(last)
    assert out["decisions_per_s"] > 0 and out["gin_rummy_decisions_per_s"] > 0
    assert out["ratio"] == pytest.approx(out["decisions_per_s"] / out["gin_rummy_decisions_per_s"], rel=0.01)
    assert bench_openspiel.main(["--game", "nope"]) == 2
