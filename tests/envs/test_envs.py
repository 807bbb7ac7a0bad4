"""PettingZoo, Gymnasium and vector interfaces of FF-TCG (the checks every game passes, PettingZoo's
api_test / seed_test, Gymnasium's env checker, vector env vs single games, are in tests/conformance)."""

import numpy as np
import pytest

from tcg_env import IllegalActionError
from tcg_env.envs import IllegalActionLosesWrapper, TCGSingleAgentEnv, TCGVectorEnv, fftcg_v8, make_env


def _play_aec(env, seed, rng):
    env.reset(seed=seed)
    steps = 0
    for agent in env.agent_iter():
        obs, rew, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
        steps += 1
    return steps


def test_aec_rewards_mask_and_render():
    env = fftcg_v8.env(render_mode="ansi", max_turns=200)
    env.reset(seed=3)
    agent = env.agent_selection
    other = "player_1" if agent == "player_0" else "player_0"
    assert env.observe(other)["action_mask"].sum() == 0  # the agent not on move sees no legal action
    assert env.observe(agent)["action_mask"].sum() > 0
    assert "Final Fantasy TCG - turn" in env.render() and "P0: damage" in env.render()
    rewards = {"player_0": 0, "player_1": 0}
    rng = np.random.default_rng(0)
    while env.agents:
        a = env.agent_selection
        obs, r, term, trunc, info = env.last()
        rewards[a] += r
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
    w = env.game.winner
    if w in (0, 1):
        assert rewards[f"player_{w}"] == 1 and rewards[f"player_{1 - w}"] == -1


def test_truncation_at_max_turns():
    env = fftcg_v8.env(max_turns=2)
    env.reset(seed=4)
    rng = np.random.default_rng(1)
    while env.agents:
        obs, r, term, trunc, info = env.last()
        if term or trunc:
            assert trunc and r == 0
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
    assert env.game.turn == 3 and not env.game.done


def test_illegal_action_raises_by_default_and_loses_with_the_wrapper():
    env = fftcg_v8.env()
    env.reset(seed=5)
    before = env.game.state.copy()
    bad = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(bad)
    np.testing.assert_array_equal(env.game.state, before)
    wrapped = IllegalActionLosesWrapper(fftcg_v8.env())
    wrapped.reset(seed=5)
    offender = wrapped.agent_selection
    wrapped.step(bad)
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[offender] == -1
    assert make_env("fftcg").metadata["name"] == "fftcg_v8"


def test_an_older_env_version_is_refused_naming_the_current_one():
    """The observation changed in v1 (docs/envs.md, "Versions"), Force of Will's again in v2, every
    game's in the versions that show real cards' public state (fftcg_v2, force_of_will_v3,
    weiss_schwarz_v2, dbscg_v1, fftcg_2014_v1), Weiss Schwarz's again in v3 (each player's latest trigger-check card), Force of Will's again in v4 (its CHOOSE_MODE decision),
    FF-TCG's again in the versions that show the restrictions effects give a field card (fftcg_v3,
    fftcg_2014_v2) and in those that show each player's latest reveal (fftcg_v4, fftcg_2014_v3, force_of_will_v5), Weiss Schwarz's again in v4 (the cards a look at the top of the deck has looked at), FF-TCG's again in those that show the shields and counts effects give (fftcg_v5, fftcg_2014_v4), Force of Will's again in v6 (its cant_be_targeted column) and v7 (its restricted-will columns), FF-TCG's again in v6 (the player's damage shield; fftcg_2014_v5), Weiss Schwarz's again in v5 (the stage restrictions v4 did not show), FF-TCG's again in v7 (this turn's marks, lost keywords, once-per-turn triggers; fftcg_2014_v6), Force of Will's in v8 (named counters, moon will), FF-TCG's again in v8 (this turn's records: cards cast, Forwards broken, entered and attacking, parties, points received; fftcg_2014_v7) Force of Will's in v9 (resonators put into a graveyard this turn) and v10 (gems), Weiss Schwarz's in v6 (the player rules stage characters give): PettingZoo's convention renames the env, and the old names are refused rather than
    given an env of other observations."""
    import warnings

    import gymnasium

    import tcg_env

    for game, current in {"fftcg": 8, "force_of_will": 10, "weiss_schwarz": 6, "dbscg": 1, "fftcg_2014": 7}.items():
        new = f"{game}_v{current}"
        assert tcg_env.get_spec(game).env_name == new
        gym_id = tcg_env.GYM_IDS[game]
        assert gym_id.endswith(f"-v{current}")
        for version in range(current):
            old = f"{game}_v{version}"
            with pytest.raises(ImportError, match=rf"tcg_env.envs.{old} is not provided: the current version is tcg_env.envs.{new}"):
                exec(f"from tcg_env.envs import {old}")
            with warnings.catch_warnings(), pytest.raises(gymnasium.error.DeprecatedEnv, match="Please use"):
                warnings.simplefilter("ignore", DeprecationWarning)  # gymnasium's own "out of date" warning
                gymnasium.make(gym_id[: -len(str(current))] + str(version))


def test_learner_seat_reward_is_the_learners():
    """The PettingZoo-to-SB3 pitfall: the learner must get its own seat's reward."""
    for seat in (0, 1):
        env = TCGSingleAgentEnv(learner_seat=seat, max_turns=200)
        obs, info = env.reset(seed=seat + 10)
        rng = np.random.default_rng(seat)
        done = False
        total = 0.0
        while not done:
            legal = np.flatnonzero(env.action_masks())
            obs, r, term, trunc, info = env.step(int(legal[rng.integers(len(legal))]))
            total += r
            done = term or trunc
        w = env.game.winner
        if w in (0, 1):
            assert total == (1.0 if w == seat else -1.0)
            assert env.game.returns()[seat] == total


def test_vector_env_auto_resets_and_truncates():
    venv = TCGVectorEnv(num_envs=8, seed=1, max_turns=3)
    obs, masks, players = venv.reset()
    rng = np.random.default_rng(0)
    saw_trunc = False
    for _ in range(400):
        actions = np.array([np.flatnonzero(m)[rng.integers(m.sum())] for m in masks])
        obs, masks, rewards, term, trunc, players = venv.step(actions)
        saw_trunc |= bool(trunc.any())
        assert (masks.sum(1) > 0).all()
    assert saw_trunc


def test_dict_observations_fit_their_space():
    env = fftcg_v8.env(obs_encoding="dict")
    env.reset(seed=2)
    obs = env.observe(env.agent_selection)
    assert env.observation_space(env.agent_selection).contains(obs)


def test_maskable_ppo_smoke_run():
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    env = TCGSingleAgentEnv(max_turns=30)
    model = MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=64, n_epochs=1, seed=0, verbose=0)
    model.learn(total_timesteps=1024)
    obs, _ = env.reset(seed=0)
    a, _ = model.predict(obs, action_masks=env.action_masks())
    assert env.action_masks()[int(a)]


def test_vector_sample_actions_are_legal_uniform_and_reproducible():
    from tcg_env.envs import TCGVectorEnv

    a_env = TCGVectorEnv("fftcg", num_envs=16, seed=5)
    b_env = TCGVectorEnv("fftcg", num_envs=16, seed=5)
    counts = np.zeros(a_env.num_actions, np.int64)
    for _ in range(40):
        a = a_env.sample_actions()
        b = b_env.sample_actions()
        assert np.array_equal(a, b)  # same seed, same draws
        assert (a_env.masks[np.arange(16), a] == 1).all()  # every draw is legal
        counts[a] += 1
        a_env.step(a)
        b_env.step(b)
    assert (counts > 0).sum() > 5  # not stuck on one action index


def test_vector_step_rejects_an_illegal_row_and_applies_nothing():
    from tcg_env.envs import TCGVectorEnv
    from tcg_env.game import IllegalActionError

    env = TCGVectorEnv("fftcg", num_envs=8, seed=2)
    a = env.sample_actions()
    bad = a.copy()
    bad[5] = int(np.flatnonzero(env.masks[5] == 0)[0])
    before = env.batch.states.copy()
    with pytest.raises(IllegalActionError, match=r"rows \[5\]"):
        env.step(bad)
    assert np.array_equal(env.batch.states, before)
    env.step(a)  # the legal batch still steps


def test_vector_env_returns_its_own_buffers_which_the_next_step_overwrites():
    """obs, masks and rewards are the env's buffers (no copy per step, as in envpool / gymnasium's
    vector envs with shared memory): the next step() overwrites them, so keep a copy to keep a
    step's data. terminated, truncated and players are fresh arrays."""
    env = TCGVectorEnv("fftcg", num_envs=8, seed=3)
    obs0, masks0, players0 = env.reset()
    kept = obs0.copy()
    obs1, masks1, rewards1, term1, trunc1, players1 = env.step(env.sample_actions())
    assert obs1 is obs0 and masks1 is masks0
    assert not np.array_equal(obs1, kept)  # overwritten in place by the step
    # the buffers hold exactly what a fresh observation of each row's next player says
    for b in range(8):
        g = env.batch.game(b)
        p = max(g.current_player, 0)
        np.testing.assert_array_equal(obs1[b], g.observe(p))
        np.testing.assert_array_equal(masks1[b], g.action_mask())
    _, _, _, term2, trunc2, players2 = env.step(env.sample_actions())
    assert term2 is not term1 and trunc2 is not trunc1 and players2 is not players1


# ---- issue 25 item 12: render modes as Gymnasium and PettingZoo specify them -----------------------
import warnings  # noqa: E402


def test_gymnasium_env_checker_passes_every_render_mode_without_a_warning(capsys):
    """Gymnasium's checker warned on every game: "Human rendering should return `None`, got <class
    'str'>". Warnings are errors here: every render mode (the checker makes each one from the spec)."""
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # the flat observation's Box is unbounded (-inf..inf): a warning about the observation
        # space, not about rendering, and not this test's subject
        warnings.filterwarnings("ignore", message=r".*Box observation space (minimum|maximum) value is .*infinity")
        env = gymnasium.make("tcg_env/FFTCG-v8", illegal_action="lose")
        check_env(env.unwrapped)  # render modes None, then "ansi" and "human" made from env.spec
        for mode in ("ansi", "human"):
            check_env(gymnasium.make("tcg_env/FFTCG-v8", illegal_action="lose", render_mode=mode).unwrapped)
    ansi = TCGSingleAgentEnv(render_mode="ansi")
    with pytest.raises(gymnasium.error.ResetNeeded):
        ansi.render()
    ansi.reset(seed=1)
    text = ansi.render()
    assert isinstance(text, str) and "P0: " in text
    human = TCGSingleAgentEnv(render_mode="human")
    capsys.readouterr()
    human.reset(seed=1)
    assert capsys.readouterr().out == text + "\n"  # printed at reset (and at every step)
    assert human.render() is None and capsys.readouterr().out == text + "\n"
    with pytest.raises(ValueError, match="render_mode must be None, 'ansi' or 'human', got 'rgb_array'"):
        TCGSingleAgentEnv(render_mode="rgb_array")


def test_pettingzoo_render_test_and_api_test_without_a_warning(capsys):
    from pettingzoo.test import api_test, render_test

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # api_test's remarks on a {"observation", "action_mask"} dict observation (it exempts only
        # PettingZoo's own envs by name): about the observation space, not rendering
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        render_test(lambda render_mode: fftcg_v8.env(render_mode=render_mode))  # human: None, ansi: str
        for mode in ("ansi", "human"):
            api_test(fftcg_v8.env(render_mode=mode), num_cycles=50)
    human = fftcg_v8.env(render_mode="human")
    with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before render"):
        human.render()
    capsys.readouterr()
    human.reset(seed=2)
    printed = capsys.readouterr().out
    assert human.render() is None and capsys.readouterr().out == printed  # the board, at reset
    ansi = fftcg_v8.env(render_mode="ansi")
    ansi.reset(seed=2)
    assert ansi.render() + "\n" == printed


def test_render_without_a_render_mode_warns_and_renders_nothing():
    aec, gym_env = fftcg_v8.env(), TCGSingleAgentEnv()
    aec.reset(seed=0)
    gym_env.reset(seed=0)
    for env in (aec, gym_env):
        with pytest.warns(UserWarning, match="without specifying any render mode"):
            assert env.render() is None
