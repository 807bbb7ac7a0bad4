"""The Dragon Ball Super Card Game (official rule manual ver. 1.073) on the tcg_env engine core.

Public entry points: ``tcg_env.make_game("dbscg", ...)`` and the spec :data:`SPEC`, the game's only
plug-in point (registered in ``tcg_env.registry``). Everything of the game lives in this folder
(docs/architecture.md, "One folder per game"). Docs: ``docs/dbscg/``.
"""

from __future__ import annotations

from functools import lru_cache

from tcg_env.adapter import game_spec, lazy, lazy_attr
from tcg_env.games.dbscg.constants import DECK_SIZE

DEFAULT_DECKS = ("red_rush", "blue_tide")

load_pool = lru_cache(maxsize=1)(lazy(f"{__name__}.cards", "load_dbscg_pool"))

SPEC = game_spec(
    __name__,
    hooks=("shaping_potential",),
    name="dbscg",
    env_name="dbscg_v1",  # v1: the keywords-now and cost_now card columns (docs/envs.md, "Versions")
    title="Dragon Ball Super Card Game",
    variants=("constructed",),
    load_tables=load_pool,
    default_decks=lambda: DEFAULT_DECKS,
    list_decks=lazy(f"{__name__}.decks", "list_decks"),
    load_deck=lazy(f"{__name__}.decks", "load_checked_deck"),
    max_deck=1 + DECK_SIZE,  # the Leader, then the deck (5-1)
    load_pool=lazy(f"{__name__}.cards", "load_dbscg_pool"),
    importer=lazy(f"{__name__}.importer", "import_dbscg_json"),
    card_text=lazy_attr(f"{__name__}.card_text", "COMPILER"),
)
