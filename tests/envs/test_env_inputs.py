"""What the envs accept and refuse: the actions training libraries hand over, the opponents, the
Gymnasium ids, the PettingZoo call order, the vector env's options (issue 16, item 7)."""

import subprocess
import sys

import numpy as np
import pytest

import tcg_env
from tcg_env import IllegalActionError
from tcg_env.envs import TCGSingleAgentEnv, TCGVectorEnv, fftcg_v8


def _legal(env) -> int:
    return int(np.flatnonzero(env.action_masks())[0])


# ---- Gymnasium: actions -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "wrap",
    [
        pytest.param(lambda a: np.array(a), id="0-d int64 array"),
        pytest.param(lambda a: np.array(a, np.int32), id="0-d int32 array"),
        pytest.param(lambda a: np.array([a]), id="1-element array (SB3 predict on a batch of one)"),
        pytest.param(lambda a: np.uint8(a), id="numpy uint8"),
        pytest.param(lambda a: float(a), id="whole float"),
    ],
)
def test_gym_step_accepts_every_integral_scalar_the_action_space_accepts(wrap):
    env, ref = TCGSingleAgentEnv(), TCGSingleAgentEnv()
    env.reset(seed=5)
    ref.reset(seed=5)
    for _ in range(20):
        a = _legal(env)
        got, want = env.step(wrap(a)), ref.step(a)
        np.testing.assert_array_equal(got[0], want[0])
        if got[2] or got[3]:
            break
    np.testing.assert_array_equal(env.game.state, ref.game.state)


def test_gym_step_accepts_torch_integer_scalars():
    torch = pytest.importorskip("torch")
    env = TCGSingleAgentEnv()
    env.reset(seed=2)
    for make in (lambda a: torch.tensor(a), lambda a: torch.tensor([a], dtype=torch.int32)):
        before = env.game.num_decisions
        env.step(make(_legal(env)))
        assert env.game.num_decisions > before


@pytest.mark.parametrize(
    "action, words",
    [
        (2.5, "2.5"),
        (float("nan"), "nan"),
        (True, "bool"),
        (np.array([1, 2]), "shape (2,)"),
        (np.array([[1]]), "shape (1, 1)"),
        (np.array(True), "dtype bool"),
        ("3", "'3'"),
        (None, "None"),
    ],
)
def test_gym_step_refuses_non_integers_by_name_and_changes_nothing(action, words):
    env = TCGSingleAgentEnv()
    env.reset(seed=4)
    before = env.game.state.copy()
    with pytest.raises(IllegalActionError, match="action must be a single integer") as info:
        env.step(action)
    assert words in str(info.value)
    np.testing.assert_array_equal(env.game.state, before)


def test_gym_step_out_of_range_raises_and_loses_in_lose_mode():
    env = TCGSingleAgentEnv()
    env.reset(seed=4)
    with pytest.raises(IllegalActionError, match="out of range"):
        env.step(np.array(10_000))
    lose = TCGSingleAgentEnv(illegal_action="lose")
    lose.reset(seed=4)
    _, reward, terminated, _, info = lose.step(np.array([2**40]))
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, 2**40)


def test_gym_step_before_reset_says_reset():
    import gymnasium

    env = TCGSingleAgentEnv()
    with pytest.raises(gymnasium.error.ResetNeeded, match="reset"):
        env.step(0)


def test_sb3_predict_then_step_loop():
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    env = TCGSingleAgentEnv(max_turns=30)
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0, verbose=0)
    obs, _ = env.reset(seed=0)
    for _ in range(30):
        action, _ = model.predict(obs, action_masks=env.action_masks())  # a 0-d numpy array
        assert isinstance(action, np.ndarray) and action.ndim == 0
        before = env.game.num_decisions if env.game is not None else None
        obs, _, terminated, truncated, _ = env.step(action)  # raised before issue 16
        if terminated or truncated:
            obs, _ = env.reset()
        else:
            assert env.game.num_decisions > before  # the action was applied


# ---- Gymnasium: opponents -----------------------------------------------------------------------
@pytest.mark.parametrize("game", ["fftcg", "force_of_will", "weiss_schwarz"])
def test_gym_opponent_heuristic_by_name_and_as_an_agent(game):
    from agents import make_agent

    for opponent in ("heuristic", make_agent("heuristic", game=game)):
        env = TCGSingleAgentEnv(game, opponent=opponent, learner_seat=1, max_turns=200)
        obs, info = env.reset(seed=3)
        rng = np.random.default_rng(0)
        for _ in range(400):
            legal = np.flatnonzero(env.action_masks())
            obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
            if terminated or truncated:
                break
        assert terminated or truncated


def test_gym_heuristic_opponent_is_seeded_by_reset():
    def play(seed):
        env = TCGSingleAgentEnv(opponent="heuristic", learner_seat=1)
        env.reset(seed=seed)
        for _ in range(30):
            _, _, terminated, truncated, _ = env.step(_legal(env))
            if terminated or truncated:
                break
        return env.game.state.copy()

    np.testing.assert_array_equal(play(11), play(11))


def test_gym_opponent_search_by_name():
    env = TCGSingleAgentEnv(opponent="search", learner_seat=1, max_turns=2)
    env.opponent.simulations = 4  # keep the test short: the point is that it plays
    env.reset(seed=1)
    assert env.game.current_player == 1 or env.game.done
    env.step(_legal(env))


def test_gym_opponent_refusals_name_the_problem():
    from agents import make_agent

    with pytest.raises(ValueError, match="opponent must be one of"):
        TCGSingleAgentEnv(opponent="strongest")
    with pytest.raises(ValueError, match="plays 'fftcg', this env plays 'weiss_schwarz'"):
        TCGSingleAgentEnv("weiss_schwarz", opponent=make_agent("heuristic"))


# ---- Gymnasium ids ------------------------------------------------------------------------------
def test_gym_make_works_right_after_import_tcg_env():
    code = (
        "import tcg_env, gymnasium, sys\n"
        "assert 'tcg_env.envs' not in sys.modules\n"
        "env = gymnasium.make('tcg_env/FFTCG-v8')\n"
        "env.reset(seed=0)\n"
        "gymnasium.make('tcg_env/WeissSchwarz-v6').reset(seed=0)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-2000:]


def test_import_tcg_env_registers_without_importing_the_envs_or_numba_kernels():
    code = (
        "import sys, tcg_env, gymnasium\n"
        "assert 'tcg_env/FFTCG-v8' in gymnasium.registry\n"
        "assert 'tcg_env/WeissSchwarz-v6' in gymnasium.registry\n"
        "assert not any(m.startswith('tcg_env.envs') or m.startswith('tcg_env.games') for m in sys.modules)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]


# ---- PettingZoo AEC: call order -----------------------------------------------------------------
def test_aec_step_and_observe_before_reset_say_reset():
    env = fftcg_v8.env()
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before step"):
        env.step(0)
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before observe"):
        env.observe("player_0")


def test_aec_step_after_every_agent_stepped_out_warns_and_changes_nothing(caplog):
    env = fftcg_v8.env(max_turns=3)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.agents == []
    before = env.game.state.copy()
    env.step(None)  # PettingZoo's OrderEnforcingWrapper: a logged warning, no error
    assert "after all agents are terminated or truncated" in caplog.text
    np.testing.assert_array_equal(env.game.state, before)


def test_aec_step_with_an_action_for_a_dead_agent_is_refused():
    env = fftcg_v8.env(max_turns=1)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    while not any(env.terminations.values()) and not any(env.truncations.values()):
        obs = env.observe(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    with pytest.raises(ValueError, match="only valid action is None"):
        env.step(0)


def test_aec_step_accepts_a_0d_array():
    env = fftcg_v8.env()
    env.reset(seed=0)
    before = env.game.num_decisions
    env.step(np.array(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])))
    assert env.game.num_decisions == before + 1


# ---- vector env ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"num_envs": 2.5}, "num_envs must be an integer, got 2.5"),
        ({"num_envs": 0}, "num_envs must be an integer >= 1, got 0"),
        ({"num_envs": True}, "num_envs must be an integer, got True"),
        ({"seed": -1}, r"seed must be an integer in 0\.\.2\*\*63-1.*, got -1"),
        ({"seed": 2**63 - 1}, r"seed must be an integer in 0\.\.2\*\*63-1 \(with 2 consecutive seeds"),
        ({"seed": 2**63}, r"seed must be an integer in 0\.\.2\*\*63-1"),
        ({"seed": 1.0}, r"seed must be an integer in 0\.\.2\*\*63-1, got 1.0"),
        ({"max_turns": 0}, "max_turns must be an integer >= 1"),
    ],
)
def test_vector_env_refuses_bad_options_by_name(kwargs, words):
    with pytest.raises(ValueError, match=words):
        TCGVectorEnv(**dict({"num_envs": 2}, **kwargs))


def test_vector_env_reset_refuses_a_negative_seed():
    venv = TCGVectorEnv(num_envs=2)
    with pytest.raises(ValueError, match="seed must be an integer in"):
        venv.reset(seed=-1)


@pytest.mark.parametrize("big", [2**40, 2**31, -(2**40), 2**64])
def test_vector_step_names_the_row_of_an_out_of_range_action_and_applies_nothing(big):
    venv = TCGVectorEnv(num_envs=3, seed=0)
    venv.reset()
    before = venv.batch.states.copy()
    actions = [int(np.flatnonzero(m)[0]) for m in venv.masks]
    actions[1] = big
    with pytest.raises(IllegalActionError, match=r"row 1|rows \[1\]|integer array") as info:
        venv.step(actions)
    if big != 2**64:
        assert f"row 1: action {big}" in str(info.value)
    with pytest.raises(IllegalActionError):
        venv.step(np.array(actions, dtype=object if big == 2**64 else np.int64))
    np.testing.assert_array_equal(venv.batch.states, before)


def test_vector_step_refuses_float_and_bool_action_arrays():
    venv = TCGVectorEnv(num_envs=2, seed=0)
    venv.reset()
    with pytest.raises(IllegalActionError, match="integer array"):
        venv.step(np.zeros(2, np.float32))
    with pytest.raises(IllegalActionError, match="integer array"):
        venv.step(np.zeros(2, bool))



def test_gym_opponent_can_be_replaced_after_construction():
    """training/sb3_maskable.py swaps in a policy snapshot: ``env.opponent = policy``."""
    calls = []

    class First:
        def act(self, obs, mask):
            calls.append(obs.shape)
            return int(np.flatnonzero(mask)[0])

    env = TCGSingleAgentEnv(learner_seat=1)
    env.opponent = First()
    assert isinstance(env.opponent, First)
    env.reset(seed=0)
    for _ in range(20):
        if calls:
            break
        env.step(_legal(env))
    assert calls and calls[0] == env.observation_space.shape


# ---- issue 25 item 8: one seed check, one message, at every entry point that takes a seed ----------
def _seed_entry_points():
    from tcg_env.replay import Recorder

    return {
        "make_game": lambda s: tcg_env.make_game("fftcg", seed=s),
        "make_batch": lambda s: tcg_env.make_batch("fftcg", 1, seed=s),
        "PettingZoo reset": lambda s: fftcg_v8.env().reset(seed=s),
        "Gymnasium reset": lambda s: TCGSingleAgentEnv().reset(seed=s),
        "Gymnasium make + reset": lambda s: __import__("gymnasium").make("tcg_env/FFTCG-v8").reset(seed=s),
        "vector env": lambda s: TCGVectorEnv(num_envs=1, seed=s),
        "vector env reset": lambda s: TCGVectorEnv(num_envs=1, seed=0).reset(seed=s),
        "replay recorder": lambda s: Recorder("fftcg", ["fire_wind_aggro", "ice_water_control"], s),
    }


@pytest.mark.parametrize("seed", [2**64, 2**63, -1, 1.5, True, "7", np.uint64(2**63)],
                         ids=["2**64", "2**63", "-1", "1.5", "True", "'7'", "uint64 2**63"])
def test_every_entry_point_refuses_a_bad_seed_with_the_one_message(seed):
    """docs/cli.md: every seed goes through one check, tcg_env.game.check_seed. The Gymnasium env
    took reset(seed=2**64) (Gymnasium seeds numpy's generator from any non-negative int)."""
    from tcg_env.game import check_seed

    with pytest.raises(ValueError) as want:
        check_seed(seed)
    for name, call in _seed_entry_points().items():
        with pytest.raises(ValueError) as got:
            call(seed)
        assert str(got.value) == str(want.value), name


@pytest.mark.parametrize("given, shown", [(str(2**64), str(2**64)), ("-1", "-1"), ("1.5", "'1.5'"), ("x", "'x'")])
def test_the_command_line_seed_gives_the_same_message(given, shown, capsys):
    from tcg_env.cli import main

    with pytest.raises(SystemExit) as info:
        main(["play", "--seed", given])
    assert info.value.code == 2
    assert f"argument --seed: seed must be an integer in 0..2**63-1, got {shown}" in capsys.readouterr().err


def test_the_largest_seed_is_taken_everywhere():
    from tcg_env.game import SEED_MAX

    for name, call in _seed_entry_points().items():
        if name != "make_batch":
            call(SEED_MAX)
    env = TCGSingleAgentEnv()
    a, _ = env.reset(seed=SEED_MAX)
    b, _ = env.reset(seed=np.int64(SEED_MAX))  # a numpy integer is the same seed (Gymnasium refused it)
    np.testing.assert_array_equal(a, b)
