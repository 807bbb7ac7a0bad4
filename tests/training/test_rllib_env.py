"""The RLlib env (tcg_env/rllib.py): spaces in ActionMaskingTorchRLModule's layout, masks equal to
the facade's legal actions, turn-based observations, rewards and truncation as the AEC env gives
them, illegal actions refused, seeds reproducible, the registration with Ray Tune, and one game of
every registered game. Skipped without Ray RLlib (extra ``rllib``)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

import tcg_env  # noqa: E402
import tcg_env.rllib as tr  # noqa: E402
from tcg_env.envs.aec import AGENTS as AEC_AGENTS  # noqa: E402


def _play(env, rng, max_steps=20_000):
    """A uniformly random game to its end through the env: (steps, rewards summed per agent,
    last terminateds, last truncateds, the seeds' actions)."""
    obs, _ = env.reset()
    totals = {a: 0.0 for a in tr.AGENTS}
    actions = []
    for steps in range(1, max_steps + 1):
        assert len(obs) == 1, "turn based: only the player to decide observes"
        (agent, o), = obs.items()
        assert agent == tr.AGENTS[env.game.current_player]
        a = int(rng.choice(np.flatnonzero(o["action_mask"])))
        actions.append(a)
        obs, rew, term, trunc, _ = env.step({agent: a})
        for k, v in rew.items():
            totals[k] += v
        if term["__all__"] or trunc["__all__"]:
            return steps, totals, term, trunc, actions, obs
    raise AssertionError("the game did not end")


def test_agents_and_spaces_follow_the_aec_env_and_the_masking_module():
    env = tr.TCGMultiAgentEnv("fftcg", seed=3)
    spec = tcg_env.get_spec("fftcg")
    assert env.possible_agents == list(AEC_AGENTS) == ["player_0", "player_1"]
    for a in env.possible_agents:
        sp = env.observation_spaces[a]
        assert set(sp.spaces) == {"action_mask", "observations"}
        assert sp["action_mask"].shape == (spec.num_actions,) and sp["action_mask"].dtype == np.float32
        assert sp["observations"].shape == (spec.obs_size,) and sp["observations"].dtype == np.float32
        assert env.action_spaces[a].n == spec.num_actions
    obs, _ = env.reset()
    (agent, o), = obs.items()
    assert env.observation_spaces[agent].contains(o)


def test_masks_are_the_facades_legal_actions_and_obs_its_scaled_observation():
    env = tr.TCGMultiAgentEnv("fftcg", seed=5)
    raw = tr.TCGMultiAgentEnv("fftcg", seed=5, scale_obs=False)
    scale = tr.obs_scale(env.spec)
    obs, _ = env.reset()
    obs_raw, _ = raw.reset()
    rng = np.random.default_rng(0)
    for _ in range(60):
        (agent, o), = obs.items()
        seat = tr.AGENTS.index(agent)
        g = env.game
        np.testing.assert_array_equal(np.flatnonzero(o["action_mask"]), g.legal_actions())
        np.testing.assert_array_equal(obs_raw[agent]["observations"], g.observe(seat))
        np.testing.assert_allclose(o["observations"], g.observe(seat) * scale)
        a = int(rng.choice(g.legal_actions()))
        obs, _, term, trunc, _ = env.step({agent: a})
        obs_raw, *_ = raw.step({agent: a})
        if term["__all__"] or trunc["__all__"]:
            break


def test_a_random_game_ends_with_opposite_rewards_for_both_agents():
    env = tr.TCGMultiAgentEnv("fftcg", seed=11, max_turns=1000)
    steps, totals, term, trunc, _, final = _play(env, np.random.default_rng(1))
    assert term == {"player_0": True, "player_1": True, "__all__": True}
    assert not trunc["__all__"]
    w = env.game.winner
    assert w in (0, 1), "random FF-TCG games end with a winner"
    assert totals[tr.AGENTS[w]] == 1.0 and totals[tr.AGENTS[1 - w]] == -1.0
    assert sum(totals.values()) == 0
    # both agents see the final state (with nothing legal), for the value of their last transition
    assert set(final) == set(tr.AGENTS) and all(not o["action_mask"].any() for o in final.values())
    with pytest.raises(RuntimeError, match="reset"):
        env.step({"player_0": 0})


def test_max_turns_truncates_with_zero_rewards_like_the_aec_env():
    env = tr.TCGMultiAgentEnv("fftcg", seed=2, max_turns=2)
    steps, totals, term, trunc, _, final = _play(env, np.random.default_rng(2))
    assert trunc["__all__"] and not term["__all__"]
    assert env.game.turn > 2 and not env.game.done
    assert totals == {"player_0": 0.0, "player_1": 0.0}
    assert set(final) == set(tr.AGENTS)


def test_an_illegal_action_raises_and_changes_nothing():
    env = tr.TCGMultiAgentEnv("fftcg", seed=4)
    obs, _ = env.reset()
    (agent, o), = obs.items()
    illegal = int(np.flatnonzero(o["action_mask"] == 0)[0])
    before = np.array(env.game.state)
    with pytest.raises(tcg_env.IllegalActionError, match="illegal action"):
        env.step({agent: illegal})
    np.testing.assert_array_equal(env.game.state, before)
    other = tr.AGENTS[1 - tr.AGENTS.index(agent)]
    with pytest.raises(ValueError, match=f"it is {agent}'s decision"):
        env.step({other: int(np.flatnonzero(o["action_mask"])[0])})
    np.testing.assert_array_equal(env.game.state, before)


def test_seeds_replay_the_same_games():
    a = _play(tr.TCGMultiAgentEnv("fftcg", seed=9), np.random.default_rng(5))
    b = _play(tr.TCGMultiAgentEnv("fftcg", seed=9), np.random.default_rng(5))
    assert a[4] == b[4] and a[1] == b[1]
    env = tr.TCGMultiAgentEnv("fftcg", seed=9)
    env.reset(seed=123)
    first = np.array(env.game.state)
    env.reset(seed=123)
    again = np.array(env.game.state)
    env.reset(seed=124)
    np.testing.assert_array_equal(first, again)
    assert not np.array_equal(first, env.game.state)


def test_bad_options_fail_at_construction_with_one_line():
    with pytest.raises(ValueError, match="unknown game"):
        tr.TCGMultiAgentEnv("chess")
    with pytest.raises(ValueError, match="max_turns"):
        tr.TCGMultiAgentEnv("fftcg", max_turns=0)
    with pytest.raises(ValueError, match="no_such_deck"):
        tr.TCGMultiAgentEnv("fftcg", decks=["no_such_deck", "no_such_deck"])
    with pytest.raises(ValueError, match="unknown tcg_env RLlib env option.*'speed'"):
        tr.make_env({"speed": 3}, game="fftcg")


def test_register_makes_every_game_a_tune_env_and_sub_envs_play_different_games():
    from ray.tune.registry import ENV_CREATOR, _global_registry

    names = tr.register_all()
    assert names == [f"tcg_env_{g}" for g in tcg_env.list_games()]
    creator = _global_registry.get(ENV_CREATOR, "tcg_env_fftcg")
    e1, e2 = creator({"seed": 7}), creator({"seed": 7})  # two sub-envs of one runner: one EnvContext
    assert e1.game_name == "fftcg"
    e1.reset(seed=7)
    e2.reset(seed=7)
    assert not np.array_equal(e1.game.state, e2.game.state), "sub-envs given one seed must still play different games"
    with pytest.raises(ValueError, match="unknown game"):
        tr.register("chess")


@pytest.mark.parametrize("game", tcg_env.list_games())
def test_one_random_game_of_every_registered_game(game):
    env = tr.TCGMultiAgentEnv(game, seed=1, max_turns=30)
    steps, totals, term, trunc, _, _ = _play(env, np.random.default_rng(3))
    assert term["__all__"] or trunc["__all__"]
    assert sum(totals.values()) == 0
    if term["__all__"] and env.game.winner in (0, 1):
        assert sorted(totals.values()) == [-1.0, 1.0]


def test_without_ray_the_import_names_the_extra():
    import subprocess
    import sys
    from pathlib import Path

    code = "import sys; sys.modules['ray'] = None; import tcg_env.rllib"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         cwd=Path(__file__).resolve().parents[2])
    assert out.returncode != 0
    assert 'ImportError: tcg_env.rllib needs Ray RLlib: pip install -e ".[rllib]"' in out.stderr


def test_rules_option_plays_the_named_rule_set():
    env = tr.TCGMultiAgentEnv("fftcg", rules="2014", seed=1)
    assert env.spec.name == "fftcg_2014" and env.game_name == "fftcg_2014"
    obs, _ = env.reset()
    assert next(iter(obs.values()))["observations"].shape == (tcg_env.get_spec("fftcg_2014").obs_size,)
    assert env.game.spec.name == "fftcg_2014"
    with pytest.raises(ValueError, match="no rule set '2015'"):
        tr.TCGMultiAgentEnv("fftcg", rules="2015")
