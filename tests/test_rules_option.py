"""The ``rules`` option (issue 28): a game's named rule sets (``GameSpec.rule_sets``; FF-TCG: "2016",
its own rules and the default, and "2014", the game ``fftcg_2014``) picked the same way in
``make_game`` / ``make_batch``, the PettingZoo, Gymnasium and vector envs, ``tcg --rules``, the matchup
API, the training configs, training.evaluate and the OpenSpiel bridge. A rules variant's hooks module path is still
taken where a spec is made (tests/fftcg/test_variant.py).

The spec-level tests run here; the ones that play run in one subprocess with NUMBA_DISABLE_JIT=1
(the variant's kernels take a minute or two to compile)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tcg_env
from tcg_env.registry import get_spec, list_games, resolve_rules, rules_game

ROOT = Path(__file__).resolve().parents[1]
ONE_LINE_ERROR = r"^fftcg has no rule set '2015'; its rule sets: 2016, 2014$"


# ---- the rule sets of a spec ---------------------------------------------------------------------
def test_fftcg_names_its_rule_sets_and_the_variant_names_the_same():
    assert get_spec("fftcg").rule_sets == {"2016": "fftcg", "2014": "fftcg_2014"}
    assert get_spec("fftcg_2014").rule_sets == get_spec("fftcg").rule_sets
    for game in list_games():  # every rule set names a registered game that names the same sets
        for target in get_spec(game).rule_sets.values():
            assert get_spec(target).rule_sets == get_spec(game).rule_sets


def test_rules_2014_is_the_variants_spec_and_2016_the_default():
    spec = get_spec("fftcg", "2014")
    assert spec is get_spec("fftcg_2014") and spec.name == "fftcg_2014" and spec.obs_size == 2877
    assert tcg_env._spec("fftcg", "2016") is get_spec("fftcg") is tcg_env._spec("fftcg", None)
    assert get_spec("fftcg_2014", "2016") is get_spec("fftcg")  # back from the variant
    assert resolve_rules("fftcg", "2014") == ("fftcg_2014", None)
    assert rules_game("fftcg", None) == "fftcg" and rules_game("fftcg", 2014) == "fftcg_2014"  # YAML's 2014


def test_an_unknown_rule_set_is_a_one_line_error_naming_the_game_and_its_rule_sets():
    for call in (lambda: tcg_env.make_game("fftcg", rules="2015"), lambda: tcg_env.make_batch("fftcg", 2, rules="2015"),
                 lambda: get_spec("fftcg", "2015"), lambda: rules_game("fftcg", "2015")):
        with pytest.raises(ValueError, match=ONE_LINE_ERROR):
            call()
    with pytest.raises(ValueError, match=r"^weiss_schwarz has no rule set '2014'; it has no named rule sets$"):
        tcg_env.make_game("weiss_schwarz", rules="2014")


def test_a_hooks_module_path_is_still_a_rules_variant_and_refused_where_games_are_named():
    assert resolve_rules("fftcg", "tcg_env.games.fftcg_2014.hooks") == ("fftcg", "tcg_env.games.fftcg_2014.hooks")
    with pytest.raises(ValueError, match="is not a rules variant's hooks module"):
        get_spec("fftcg", "tcg_env.registry")
    with pytest.raises(ValueError, match=r"^rules 'x\.hooks': a hooks module path is taken by make_game.*2016, 2014\)$"):
        rules_game("fftcg", "x.hooks")


# ---- tools that name a game: CLI arguments, matchup parameters, training configs ---------------------
def test_cli_rules_picks_the_game_and_an_unknown_one_is_a_usage_error(capsys):
    from tcg_env.cli import build_parser, main

    ap = build_parser()
    for argv in (["play"], ["matchup"], ["deck", "validate", "f.txt"], ["cards", "list"], ["cards", "show", "x"],
                 ["decks"], ["bench"], ["cards", "import", "f.json", "--out", "o.json"]):
        assert ap.parse_args([*argv, "--rules", "2014"]).rules == "2014", argv
    assert main(["decks", "--game", "fftcg", "--rules", "2014"]) == 0
    assert capsys.readouterr().out.split() == tcg_env.list_decks("fftcg_2014")
    # the 2014 card types list (the variant's card_attributes names Monster, Items and Formation)
    assert main(["cards", "list", "--rules", "2014", "--type", "monster"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert listed and all(" Monster " in line for line in listed)
    assert main(["matchup", "--game", "fftcg", "--rules", "2015", "--games", "2"]) == 2
    assert capsys.readouterr().err.strip() == "tcg matchup: error: fftcg has no rule set '2015'; its rule sets: 2016, 2014"
    assert "--rules" in ap._subparsers._group_actions[0].choices["matchup"].format_help()


def test_matchup_parameters_record_the_game_of_the_rule_set():
    from tcg_env.matchup import MatchupError, make_params

    params = make_params("fftcg", ["fire_party_aggro", "ice_junction_control"], games=2, rules="2014")
    assert params["game"] == "fftcg_2014"
    assert make_params("fftcg", ["fire_wind_aggro"], games=2, rules="2016") == make_params("fftcg", ["fire_wind_aggro"], games=2)
    with pytest.raises(MatchupError, match=ONE_LINE_ERROR):
        make_params("fftcg", games=2, rules="2015")


def test_training_configs_take_rules():
    from training.config import ConfigError, load_config
    from training.sb3_maskable import SB3Config
    from training.selfplay_ppo import PPOConfig

    cfg = load_config(PPOConfig, ROOT / "configs" / "ppo_fftcg_2014.yaml")
    assert (cfg.game, cfg.rules, cfg.run_name) == ("fftcg_2014", "2014", "ppo_fftcg_2014")
    assert load_config(PPOConfig, ROOT / "configs" / "ppo_fftcg.yaml", ["rules=2014"]).game == "fftcg_2014"
    assert load_config(PPOConfig, None, ["game=fftcg_2014", "rules=2016"]).game == "fftcg"
    assert load_config(SB3Config, ROOT / "configs" / "sb3_fftcg_smoke.yaml", ["rules=2014"]).game == "fftcg_2014"
    with pytest.raises(ConfigError, match=r"^config: rules: fftcg has no rule set '2015'; its rule sets: 2016, 2014$"):
        load_config(PPOConfig, None, ["rules=2015"])


# ---- playing under the rule set (one subprocess, no JIT) -----------------------------------------
PLAY = r"""
import json, sys
import gymnasium, numpy as np
import tcg_env
from tcg_env.cli import main
from tcg_env.envs import TCGAECEnv, TCGVectorEnv, fftcg_v8
out = {}
g = tcg_env.make_game("fftcg", rules="2014", seed=5)
out["game"] = [g.spec.name, g.spec.obs_size, list(g.observe(0).shape), g.to_dict()["game"]]
a, b = tcg_env.make_game("fftcg", rules="2016", seed=5), tcg_env.make_game("fftcg", seed=5)
out["2016_is_default"] = a.spec is b.spec and np.array_equal(a.state, b.state)
v = tcg_env.make_game("fftcg_2014", seed=5)
out["2014_is_the_variant"] = np.array_equal(g.state, v.state)
out["batch"] = [tcg_env.make_batch("fftcg", 2, rules="2014").spec.name]
e = fftcg_v8.env(rules="2014"); e.reset(seed=1)
out["aec"] = [e.spec.name, e.game.spec.name, e.observation_space("player_0")["observation"].shape[0],
              e.observe("player_0")["observation"].shape[0]]
e = TCGAECEnv("fftcg", rules="2014"); e.reset(seed=1)
out["aec_class"] = [e.game.spec.name]
ge = gymnasium.make("tcg_env/FFTCG-v8", rules="2014", opponent="heuristic")
obs, info = ge.reset(seed=2)
out["gym"] = [ge.unwrapped.game.spec.name, obs.shape[0], ge.observation_space.shape[0]]
vec = TCGVectorEnv("fftcg", num_envs=2, rules="2014")
out["vector"] = [vec.spec.name, vec.reset()[0].shape[1]]
from training.evaluate import evaluate
r = evaluate(lambda o, m: np.array([np.flatnonzero(x)[0] for x in m]), "random", 2, seed=3, game="fftcg", rules="2014",
             max_turns=3)
out["evaluate"] = [r.games]
out["matchup_rc"] = main(["matchup", "--game", "fftcg", "--rules", "2014", "--games", "4", "-q",
                          "--decks", "fire_party_aggro", "ice_junction_control", "--out", sys.argv[1]])
out["matchup_game"] = json.loads(open(sys.argv[1] + "/matchups.json").read())["params"]["game"]
try:
    import pyspiel
    import tcg_env.openspiel  # noqa: F401  (registers the games)
except ImportError:  # the OpenSpiel extra is not installed
    out["openspiel"] = None
else:
    sg = pyspiel.load_game("tcg_env_fftcg", {"rules": "2014"})
    s = sg.new_initial_state()
    out["openspiel"] = [sg.tcg_spec.name, len(s.observation_tensor(s.current_player()))]
    try:
        pyspiel.load_game("tcg_env_fftcg", {"rules": "2015"})
    except ValueError as exc:
        out["openspiel"].append(str(exc))
print("RESULT " + json.dumps(out))
"""


def test_the_envs_the_cli_and_evaluation_play_the_2014_rules(tmp_path):
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", PLAY, str(tmp_path)], env=env, capture_output=True, text=True,
                          timeout=900, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.split("RESULT ", 1)[1])
    assert out["game"] == ["fftcg_2014", 2877, [2877], "fftcg_2014"]
    assert out["2016_is_default"] and out["2014_is_the_variant"]
    assert out["batch"] == ["fftcg_2014"]
    assert out["aec"] == ["fftcg_2014", "fftcg_2014", 2877, 2877] and out["aec_class"] == ["fftcg_2014"]
    assert out["gym"] == ["fftcg_2014", 2877, 2877]
    assert out["vector"] == ["fftcg_2014", 2877]
    assert out["evaluate"] == [2]
    assert out["matchup_rc"] == 0 and out["matchup_game"] == "fftcg_2014"
    if out["openspiel"] is not None:  # the OpenSpiel bridge's game parameter "rules"
        assert out["openspiel"] == ["fftcg_2014", 2877, "tcg_env_fftcg: parameter 'rules': fftcg has no rule set "
                                                         "'2015'; its rule sets: 2016, 2014"]
