"""Final Fantasy TCG (2016 comprehensive rules) on the tcg_env engine.

Public entry points: ``tcg_env.make_game("fftcg", ...)`` and the spec :data:`SPEC`, the game's
only plug-in point (registered in ``tcg_env.registry``). Everything of the game lives in this
folder: card schema and compiler (``cards``), importer, decks, constants, state, kernels,
observation, adapter, scenario builder, policy kernels, data and the PettingZoo module (``env``).
Docs: ``docs/fftcg/`` (actions, observations, snapshot format, rules coverage, card format).
"""

from __future__ import annotations

from functools import lru_cache

from tcg_env.adapter import game_spec, lazy, lazy_attr
from tcg_env.games.fftcg import constants

DEFAULT_DECKS = ("fire_wind_aggro", "ice_water_control")
# FF-TCG's named rule sets (make_game("fftcg", rules="2014")): the 2016 comprehensive rules (this
# game, the default) and the 2014 Square Enix TCG System rules (the variant tcg_env.games.fftcg_2014)
RULE_SETS = {"2016": "fftcg", "2014": "fftcg_2014"}


load_pool = lru_cache(maxsize=1)(lazy(f"{__name__}.cards", "load_fftcg_pool"))


# by convention (tcg_env.adapter.game_spec): the default variant (the first), the sizes, the
# decisions, the first player's column, the observation's views; render is FF-TCG's own (the
# player to act's hand by default)
SPEC = game_spec(
    __name__,
    hooks=("obs_scale", "shaping_potential", "render"),
    name="fftcg",
    env_name="fftcg_v8",
    title="Final Fantasy TCG",
    variants=("constructed", "limited"),
    load_tables=load_pool,
    default_decks=lambda: DEFAULT_DECKS,
    list_decks=lazy(f"{__name__}.decks", "list_decks"),
    load_deck=lazy(f"{__name__}.decks", "load_checked_deck"),
    max_deck=constants.MAX_DECK,
    load_pool=lazy(f"{__name__}.cards", "load_fftcg_pool"),
    importer=lazy(f"{__name__}.importer", "import_fftcg_json"),
    card_text=lazy_attr(f"{__name__}.card_text", "COMPILER"),
    rule_sets=RULE_SETS,
)
