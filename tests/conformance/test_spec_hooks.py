"""The Python-level hooks of every registered game's spec (``tcg_env.spec``, "Python-level hooks
above the game layer"): what the CLI, agents, matchups, envs and training ask instead of a game's
modules. Parametrized over ``tcg_env.registry.list_games()`` and the kit's extra games (plugged in
while their tests run: conformance_helpers); nothing here compiles kernels.
"""

from __future__ import annotations

import importlib
import json

import numpy as np
import pytest

import tcg_env
from tcg_env.engine.header import HEADER_SIZE
from conformance_helpers import KIT_GAMES
from tcg_env.extra_games import registered
from tcg_env.registry import game_package, gym_ids


@pytest.fixture(scope="module", params=KIT_GAMES)
def spec(request):
    with registered(request.param) as spec:
        yield spec


def test_the_env_module_and_gym_id_come_from_the_registry(spec):
    import tcg_env.envs as envs

    module = importlib.import_module(f"tcg_env.envs.{spec.env_name}")
    assert module is importlib.import_module(f"{game_package(spec.name)}.env") is getattr(envs, spec.env_name)
    assert module.GAME == spec.name and envs.ENV_MODULES[spec.name] == f"tcg_env.envs.{spec.env_name}"
    assert tcg_env.GYM_IDS == gym_ids() and spec.name in tcg_env.GYM_IDS


def test_state_facts_are_inside_the_row(spec):
    assert HEADER_SIZE <= spec.first_player_col < spec.state_size
    assert spec.max_deck >= 1 and spec.decisions(0).value == 0


def test_card_attributes_give_a_value_per_card_and_the_choices(spec):
    pool = spec.load_tables()
    attrs = spec.card_attributes(pool)
    assert attrs and "type" in attrs
    for name, (values, choices) in attrs.items():
        assert len(values) == pool.n_cards, name
        if choices is not None:
            assert set(values) <= set(choices), name


def test_deck_summary_of_each_builtin_deck(spec):
    pool = spec.load_tables()
    for name in spec.list_decks():
        text = spec.deck_summary(pool, spec.load_deck(pool, name, spec.default_variant))
        assert text and ";" in text, (name, text)


def test_network_scale_and_shaping_columns_are_observation_columns(spec):
    scale = np.ones(spec.obs_size, np.float32) if spec.obs_scale is None else spec.obs_scale()
    assert scale.shape == (spec.obs_size,) and np.all(scale > 0)
    if spec.shaping_potential is not None:
        w = spec.shaping_potential()
        assert w and all(0 <= c < spec.obs_size for c in w)


def test_the_pool_file_loader_and_the_raw_layout_check(spec, tmp_path):
    pool = spec.load_tables()
    again = spec.load_pool([_default_pool_file(spec)])  # a list of files, as --cards may give
    assert again.numbers == pool.numbers
    assert spec.raw_layout is None or spec.raw_layout([{"number": "X-1", "name": "x"}]) is None
    pool_file = tmp_path / "pool.json"
    pool_file.write_text(json.dumps({"cards": [m.model_dump(mode="json", exclude_defaults=True) for m in pool.models]}))
    assert spec.load_pool(pool_file).numbers == pool.numbers


def _default_pool_file(spec):
    from pathlib import Path

    return Path(importlib.import_module(game_package(spec.name)).__file__).parent / "data" / "cards.toml"
