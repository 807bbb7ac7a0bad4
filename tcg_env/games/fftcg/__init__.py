"""Final Fantasy TCG (2016 comprehensive rules) on the tcg_env engine.

Public entry points: ``tcg_env.make_game("fftcg", ...)`` and the spec :data:`SPEC`, the game's
only plug-in point (registered in ``tcg_env.registry``). Everything of the game lives in this
folder: card schema and compiler (``cards``), importer, decks, constants, state, kernels,
observation, adapter, scenario builder, policy kernels, data and the PettingZoo module (``env``).
Docs: ``docs/fftcg/`` (actions, observations, snapshot format, rules coverage, card format).
"""

from __future__ import annotations

from functools import lru_cache

from tcg_env.adapter import game_spec, lazy
from tcg_env.games.fftcg import constants
from tcg_env.games.fftcg.constants import NUM_ACTIONS
from tcg_env.games.fftcg.observation import OBS_SIZE, obs_columns
from tcg_env.games.fftcg.state import FIRST_PLAYER, STATE_SIZE

DEFAULT_DECKS = ("fire_wind_aggro", "ice_water_control")


load_pool = lru_cache(maxsize=1)(lazy(f"{__name__}.cards", "load_fftcg_pool"))


SPEC = game_spec(
    __name__,
    hooks=("obs_scale", "shaping_potential"),
    name="fftcg",
    env_name="fftcg_v1",
    title="Final Fantasy TCG",
    num_actions=NUM_ACTIONS,
    obs_size=OBS_SIZE,
    state_size=STATE_SIZE,
    variants=("constructed", "limited"),
    default_variant="constructed",
    load_tables=load_pool,
    default_decks=lambda: DEFAULT_DECKS,
    list_decks=lazy(f"{__name__}.decks", "list_decks"),
    load_deck=lazy(f"{__name__}.decks", "load_checked_deck"),
    obs_columns=obs_columns,
    max_decisions=constants.MAX_DECISIONS_PER_GAME,
    decisions=constants.Decision,
    max_deck=constants.MAX_DECK,
    first_player_col=FIRST_PLAYER,
    load_pool=lazy(f"{__name__}.cards", "load_fftcg_pool"),
    importer=lazy(f"{__name__}.importer", "import_fftcg_json"),
)
