"""A card pool file reaches every interface (issue 30: "imported decks play in every tool"):
``tcg_env.make_game`` / ``make_batch``, the vector, Gymnasium, PettingZoo and RLlib envs, the
OpenSpiel bridge and the trainers take the path of a card pool file (``pool=``; the trainers'
``cards:``, as ``tcg ... --cards``) and play the decks of its cards.

The first tests need no shared data: a copy of the built-in Weiss Schwarz card file is a card pool
file whose games are the built-in pool's, move for move. The last ones import a real card list
(``../shared/carddata``) and skip without it."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

import tcg_env
from tcg_env.cards.errors import CardDataError
from tcg_env.envs.vector import TCGVectorEnv

GAME = "weiss_schwarz"
ROOT = Path(__file__).resolve().parents[2]
CARDDATA = ROOT.parent / "shared" / "carddata"
REAL = CARDDATA / "weiss_schwarz" / "CCondeluci_WeissSchwarz-ENG-DB__5HY_W83.json"


@pytest.fixture(scope="module")
def pool_file(tmp_path_factory) -> Path:
    """The built-in card file, copied elsewhere: a hand-written card pool file."""
    dst = tmp_path_factory.mktemp("pool") / "my_cards.toml"
    shutil.copy(ROOT / "tcg_env" / "games" / GAME / "data" / "cards.toml", dst)
    return dst


def _decks():
    return list(tcg_env.get_spec(GAME).default_decks())


def _play(game, steps: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if game.done:
            break
        game.step(int(rng.choice(game.legal_actions())))
    return game.state.copy()


def test_make_game_plays_the_pool_file_as_the_built_in_pool_it_copies(pool_file):
    a = tcg_env.make_game(GAME, decks=_decks(), seed=5, pool=str(pool_file))
    b = tcg_env.make_game(GAME, decks=_decks(), seed=5)
    assert a.pool is not b.pool
    np.testing.assert_array_equal(_play(a, 300, 1), _play(b, 300, 1))
    # a path object works too, and one file is compiled once per process
    assert tcg_env.load_pool(GAME, pool_file) is tcg_env.load_pool(GAME, str(pool_file))


def test_a_missing_pool_file_is_one_line_naming_it(tmp_path):
    with pytest.raises(CardDataError, match=r"nope\.json.*no such card pool file") as e:
        tcg_env.make_game(GAME, pool=str(tmp_path / "nope.json"))
    assert "\n" not in str(e.value)


def test_vector_env_steps_the_decks_of_a_pool_file(pool_file):
    vec = TCGVectorEnv(GAME, num_envs=4, decks=_decks(), pool=str(pool_file), seed=3)
    ref = TCGVectorEnv(GAME, num_envs=4, decks=_decks(), seed=3)
    obs, masks, _ = vec.reset()
    obs2, masks2, _ = ref.reset()
    rng = np.random.default_rng(0)
    for _ in range(50):
        np.testing.assert_array_equal(obs, obs2)
        np.testing.assert_array_equal(masks, masks2)
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, masks, *_ = vec.step(acts)
        obs2, masks2, *_ = ref.step(acts)


def test_gymnasium_and_pettingzoo_envs_take_a_pool_file(pool_file):
    from tcg_env.envs.aec import TCGAECEnv
    from tcg_env.envs.gym_wrapper import TCGSingleAgentEnv

    env = TCGSingleAgentEnv(GAME, decks=_decks(), pool=str(pool_file))
    obs, info = env.reset(seed=1)
    assert obs.shape == env.observation_space.shape and env.action_masks().any()
    aec = TCGAECEnv(GAME, decks=_decks(), pool=str(pool_file))
    aec.reset(seed=1)
    assert aec.observe(aec.agent_selection)["action_mask"].any()


def test_rllib_env_config_takes_a_pool_file(pool_file):
    pytest.importorskip("ray.rllib")
    from tcg_env.rllib import make_env

    env = make_env({"game": GAME, "decks": _decks(), "pool": str(pool_file), "seed": 2})
    obs, _ = env.reset()
    assert any(o["action_mask"].any() for o in obs.values())


def test_openspiel_parameter_pool(pool_file, tmp_path):
    pyspiel = pytest.importorskip("pyspiel")
    from tcg_env import openspiel as tos

    tos.register(GAME)
    deck0, deck1 = _decks()
    game = pyspiel.load_game(tos.short_name(GAME), {"pool": str(pool_file), "deck0": deck0, "deck1": deck1})
    assert game.new_initial_state().legal_actions()
    with pytest.raises(Exception, match=r"parameter 'pool': .*missing\.json.*no such card pool file"):
        pyspiel.load_game(tos.short_name(GAME), {"pool": str(tmp_path / "missing.json")})


# ---- real cards: an imported list, decks of its cards ------------------------------------------
@pytest.fixture(scope="module")
def real(tmp_path_factory):
    if not REAL.is_file():
        pytest.skip(f"shared card data not available: {REAL}")
    from tcg_env.cards.deck_like import deck_like
    from tcg_env.cards.decks import Deck, deck_to_text
    from tcg_env.cards.files import import_card_file, write_pool

    d = tmp_path_factory.mktemp("real")
    pool_path = write_pool(GAME, list(import_card_file(GAME, REAL)), d / "real_ws.json", source=str(REAL))
    pool = tcg_env.load_pool(GAME, pool_path)
    spec, decks = tcg_env.get_spec(GAME), []
    for i in range(2):  # as `tcg deck like` writes them
        deck = spec.load_deck(pool, deck_like(GAME, pool, None, seed=i), None)
        f = d / f"deck{i}.txt"
        f.write_text(deck_to_text(pool, Deck(name=f"real {i}", card_ids=deck.card_ids, format=deck.format)))
        decks.append(str(f))
    return str(pool_path), decks


def test_trainer_config_cards_trains_and_evaluates_on_imported_decks(real, tmp_path):
    pytest.importorskip("torch")
    from training.selfplay_ppo import PPOConfig, Trainer

    pool_path, decks = real
    cfg = PPOConfig(game=GAME, decks=decks, cards=pool_path, num_envs=8, num_steps=8, total_env_steps=128,
                    eval_every=0, final_eval_games=4, eval_opponents=["random"], out_dir=str(tmp_path),
                    run_name="real", checkpoint_every=100, hidden=[32])
    tr = Trainer(cfg, log=False)
    assert tr.vec.batch.pool is tcg_env.load_pool(GAME, pool_path)
    tr.run(max_updates=2)
    assert tr.update == 2


def test_trainer_refuses_cards_without_decks_and_a_missing_pool_in_one_line(tmp_path):
    pytest.importorskip("torch")
    from training.config import ConfigError
    from training.checks import check_setup

    with pytest.raises(ConfigError, match=r"config: decks: must name two decks of .*when cards is set"):
        check_setup(GAME, None, None, str(tmp_path / "x.json"))
    with pytest.raises(ConfigError, match=r"config: cards: .*x\.json.*no such card pool file"):
        check_setup(GAME, _decks(), None, str(tmp_path / "x.json"))
